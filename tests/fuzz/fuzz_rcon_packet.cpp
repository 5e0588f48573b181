// libFuzzer target: the RCON packet reader over arbitrary bytes. The first input byte sets the
// chunk size the rest is fed in (1-256 bytes), so fragmentation is fuzzed too. Every packet read
// must hold valid UTF-8, re-encode to bytes that read back equal, and split into answers that
// rebuild the body.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "mobserver/net/rcon.hpp"

using namespace mobsdk::server;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t chunk = static_cast<std::size_t>(data[0]) + 1;
    const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
    RconReader reader;
    for (std::size_t at = 0; at < input.size(); at += chunk) {
        reader.feed(input.substr(at, chunk));
        for (;;) {
            auto packet = reader.next();
            if (!packet.has_value()) {
                if (!reader.failed()) __builtin_trap();
                return 0;
            }
            if (!packet->has_value()) break;
            const RconPacket& p = **packet;
            if (repair_utf8(p.body) != p.body) __builtin_trap();
            // U+FFFD takes 3 bytes where the bad byte took 1, so the re-encoded packet may be
            // longer than a request may be: read it back with room to spare.
            RconReader again(static_cast<std::int32_t>(p.body.size()) + kRconMinPacketLength);
            again.feed(encode_rcon_packet(p));
            auto back = again.next();
            if (!back.has_value() || !back->has_value() || !(**back == p)) __builtin_trap();
            std::string rebuilt;
            for (const RconPacket& part : split_rcon_response(p.request_id, p.body)) {
                if (part.body.size() > kRconResponseChunkBytes) __builtin_trap();
                rebuilt += part.body;
            }
            if (rebuilt != p.body) __builtin_trap();
        }
    }
    return 0;
}
