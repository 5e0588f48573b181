// Protocol field types: VarInt/VarLong bytes as the protocol documents them, strings with their
// limits, UUIDs, block positions, and the reader's sticky failures.
#include <boost/test/unit_test.hpp>

#include <string>

#include "mobserver/net/packet_codec.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {
std::string bytes(std::initializer_list<int> b) {
    std::string s;
    for (int c : b) s += static_cast<char>(c);
    return s;
}
// A writer's fields without the leading packet id 0.
std::string fields(const PacketWriter& w) { return w.body().substr(1); }
}  // namespace

BOOST_AUTO_TEST_SUITE(packet_codec)

BOOST_AUTO_TEST_CASE(varints_match_the_protocol_examples) {
    // The protocol's table: 0, 1, 127, 128, 255, 25565, 2097151, 2147483647, -1, -2147483648.
    const std::pair<std::int32_t, std::string> cases[] = {
        {0, bytes({0x00})},
        {1, bytes({0x01})},
        {127, bytes({0x7f})},
        {128, bytes({0x80, 0x01})},
        {255, bytes({0xff, 0x01})},
        {25565, bytes({0xdd, 0xc7, 0x01})},
        {2097151, bytes({0xff, 0xff, 0x7f})},
        {2147483647, bytes({0xff, 0xff, 0xff, 0xff, 0x07})},
        {-1, bytes({0xff, 0xff, 0xff, 0xff, 0x0f})},
        {-2147483647 - 1, bytes({0x80, 0x80, 0x80, 0x80, 0x08})},
    };
    for (const auto& [value, wire] : cases) {
        PacketWriter w(0);
        w.varint(value);
        BOOST_TEST(fields(w) == wire);
        PacketReader r(wire);
        BOOST_TEST(r.varint() == value);
        BOOST_TEST(r.finish("varint"));
    }
    PacketWriter w(0);
    w.varlong(-1);
    BOOST_TEST(fields(w) == bytes({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}));
    const std::string f = fields(w);
    PacketReader r(f);
    BOOST_TEST(r.varlong() == -1);
}

BOOST_AUTO_TEST_CASE(a_varint_longer_than_five_bytes_fails) {
    const std::string wire = bytes({0xff, 0xff, 0xff, 0xff, 0xff, 0x01});
    PacketReader r(wire);
    r.varint();
    BOOST_TEST(!r.ok());
    BOOST_TEST(r.error() == "VarInt too big (more than 5 bytes)");
    BOOST_TEST(r.i64() == 0);  // sticky: later reads give defaults
}

BOOST_AUTO_TEST_CASE(strings_are_limited_in_characters_and_checked_as_utf8) {
    PacketWriter w(0);
    w.string("héllo");
    BOOST_TEST(fields(w) == bytes({6}) + "héllo");
    {
        const std::string f = fields(w);
        PacketReader r(f);
        BOOST_TEST(r.string(5) == "héllo");  // 5 characters, 6 bytes
    }
    {
        PacketWriter long_name(0);
        long_name.string("seventeen_letters");
        const std::string f = fields(long_name);
        PacketReader r(f);
        r.string(16);
        BOOST_TEST(r.error() == "string of 17 characters is longer than the limit of 16");
    }
    {
        const std::string f = bytes({2, 0xc3, 0x28});
        PacketReader r(f);
        r.string();
        BOOST_TEST(r.error() == "string is not valid UTF-8");
    }
    {
        const std::string f = bytes({100, 'a'});
        PacketReader r(f);
        r.string(16);
        BOOST_TEST(r.error() == "string of 100 bytes is longer than the limit of 48 (16 characters)");
    }
}

BOOST_AUTO_TEST_CASE(positions_uuids_and_numbers_are_big_endian) {
    // Vanilla's packed position: x 26 bits, z 26 bits, y 12 bits.
    BOOST_TEST(pack_block_pos({18357644, 831, -20882616}) == 0x4607632C15B4833FLL);
    BOOST_TEST(pack_block_pos({-1, -1, -1}) == -1);
    PacketWriter w(0);
    w.uuid({0x0123456789abcdefULL, 0xfedcba9876543210ULL}).i16(-2).f32(1.0f).f64(-2.0);
    const std::string f = fields(w);
    BOOST_TEST(f.substr(0, 16) ==
               bytes({0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10}));
    PacketReader r(f);
    const Uuid u = r.uuid();
    BOOST_TEST(u.msb == 0x0123456789abcdefULL);
    BOOST_TEST(r.i16() == -2);
    BOOST_TEST(r.f32() == 1.0f);
    BOOST_TEST(r.f64() == -2.0);
    BOOST_TEST(r.finish("all"));
}

BOOST_AUTO_TEST_CASE(short_and_long_packets_fail_with_their_name) {
    const std::string two = bytes({0, 1});
    PacketReader r(two);
    r.i32();
    BOOST_TEST(r.error() == "packet ends 2 bytes early at byte 0");
    PacketReader extra(two);
    extra.u8();
    BOOST_TEST(!extra.finish("Test"));
    BOOST_TEST(extra.error() == "packet Test was larger than expected: 1 bytes extra");
}

BOOST_AUTO_TEST_SUITE_END()
