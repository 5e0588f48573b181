// Game packet framing: uncompressed before Set Compression, vanilla's compressed form after it,
// and the checks on what a client sends (threshold, declared length, 8 MiB cap, a lying length).
#include <boost/test/unit_test.hpp>

#include <zlib.h>

#include <string>

#include "mobserver/net/packet_codec.hpp"
#include "mobserver/net/packet_compression.hpp"
#include "mobserver/net/status.hpp"

using namespace mobsdk::server;

namespace {
// A VarInt alone: the body of a packet whose id is `v` and that has no fields.
std::string varint(std::int32_t v) { return PacketWriter(v).take(); }
std::string deflate(const std::string& in) {
    uLongf n = compressBound(static_cast<uLong>(in.size()));
    std::string out(n, '\0');
    compress2(reinterpret_cast<Bytef*>(out.data()), &n, reinterpret_cast<const Bytef*>(in.data()),
              static_cast<uLong>(in.size()), 6);
    out.resize(n);
    return out;
}
// The content of the one frame in `wire` (after its length prefix).
std::string content(const std::string& wire) {
    FrameReader frames(kMaxGameFrameBytes);
    frames.feed(wire);
    auto f = frames.next();
    BOOST_REQUIRE(f.has_value() && f->has_value());
    BOOST_TEST(frames.buffered() == 0u);
    return **f;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(packet_compression)

BOOST_AUTO_TEST_CASE(without_compression_a_frame_is_length_and_body) {
    BOOST_TEST(frame_game_packet("\x01\x02", -1) == std::string("\x02\x01\x02", 3));
    BOOST_TEST(*unframe_game_packet("\x01\x02", -1) == "\x01\x02");
}

BOOST_AUTO_TEST_CASE(small_packets_go_with_data_length_zero_large_ones_deflated) {
    const std::string small = "\x24" + std::string(10, 'k');
    BOOST_TEST(content(frame_game_packet(small, 256)) == std::string(1, '\0') + small);
    const std::string large(1000, 'x');
    const std::string framed = content(frame_game_packet(large, 256));
    BOOST_TEST(framed.substr(0, 2) == varint(1000));
    BOOST_TEST(framed.size() < 100u);
    BOOST_TEST(*unframe_game_packet(framed, 256) == large);
    BOOST_TEST(*unframe_game_packet(std::string(1, '\0') + small, 256) == small);
}

BOOST_AUTO_TEST_CASE(what_vanilla_refuses_is_refused) {
    // Declared below the threshold.
    BOOST_TEST(unframe_game_packet(varint(100) + deflate(std::string(100, 'a')), 256).error() ==
               "Badly compressed packet - size of 100 is below server threshold of 256");
    // Above 8 MiB.
    BOOST_TEST(unframe_game_packet(varint(8 * 1024 * 1024 + 1) + deflate("a"), 256).error() ==
               "Badly compressed packet - size of 8388609 is larger than protocol maximum of 8388608");
    // Declared 300, inflates to 10; declared 300, inflates to more.
    BOOST_TEST(!unframe_game_packet(varint(300) + deflate(std::string(10, 'a')), 256).has_value());
    BOOST_TEST(!unframe_game_packet(varint(300) + deflate(std::string(400, 'a')), 256).has_value());
    // Not zlib at all.
    BOOST_TEST(!unframe_game_packet(varint(300) + std::string(20, 'z'), 256).has_value());
    // Uncompressed but at the threshold.
    BOOST_TEST(!unframe_game_packet(std::string(1, '\0') + std::string(256, 'a'), 256).has_value());
    // The exact length is accepted.
    BOOST_TEST(*unframe_game_packet(varint(300) + deflate(std::string(300, 'a')), 256) == std::string(300, 'a'));
}

BOOST_AUTO_TEST_SUITE_END()
