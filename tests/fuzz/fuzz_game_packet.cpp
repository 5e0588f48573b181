// libFuzzer target: the player connection's readers after the handshake. The first byte picks the
// state (login, configuration, play) and whether compression is on (threshold 256); the rest is
// split into frames (2 MiB limit), each unframed (vanilla's compression checks) and decoded as a
// serverbound packet of that state, and the rest is also decoded directly as one packet body.
// Errors are fine; crashes, hangs and sanitizer reports are not.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "mobserver/net/game_packets.hpp"
#include "mobserver/net/packet_codec.hpp"
#include "mobserver/net/packet_compression.hpp"
#include "mobserver/net/status.hpp"

using namespace mobsdk::server;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const auto state = static_cast<GameState>(data[0] % 3);
    const std::int32_t threshold = (data[0] & 0x80) ? 256 : -1;
    const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);

    (void)decode_serverbound(state, input);

    FrameReader frames(kMaxGameFrameBytes);
    frames.feed(input);
    for (;;) {
        auto frame = frames.next();
        if (!frame || !frame->has_value()) break;
        auto body = unframe_game_packet(**frame, threshold);
        if (!body) continue;
        if (body->size() > kMaxUncompressedPacketBytes) __builtin_trap();
        (void)decode_serverbound(state, *body);
        // What the server frames must come back unchanged.
        const std::string again = frame_game_packet(*body, threshold);
        FrameReader check(kMaxGameFrameBytes + 8);
        check.feed(again);
        auto back = check.next();
        if (!back || !back->has_value()) __builtin_trap();
        auto unframed = unframe_game_packet(**back, threshold);
        if (!unframed || *unframed != *body) __builtin_trap();
    }
    PacketReader reader(input);
    (void)reader.varint();
    (void)reader.string(16);
    (void)reader.finish("fuzz");
    return 0;
}
