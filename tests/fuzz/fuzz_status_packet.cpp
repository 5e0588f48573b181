// libFuzzer target: the game port's decoders. The input, fed in chunks whose size the first byte
// sets, drives a StatusProtocol connection (handshake, status, ping, legacy ping); the rest is also
// decoded directly as a handshake (which must re-encode and decode equal) and as a legacy ping.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "mobserver/net/status.hpp"

using namespace mobsdk::server;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t chunk = static_cast<std::size_t>(data[0]) + 1;
    const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);

    StatusProtocol connection([] { return StatusInfo{}; });
    bool closed = false;
    for (std::size_t at = 0; at < input.size(); at += chunk) {
        auto step = connection.feed(input.substr(at, chunk));
        if (closed && !step.output.empty()) __builtin_trap();  // nothing after the close
        closed = closed || step.close;
        if (step.error && !step.close) __builtin_trap();
    }
    (void)connection.legacy_timeout();

    auto handshake = decode_handshake(input);
    if (handshake.has_value()) {
        FrameReader frames;
        frames.feed(encode_handshake(*handshake));
        auto frame = frames.next();
        if (!frame.has_value() || !frame->has_value()) __builtin_trap();
        auto again = decode_handshake(**frame);
        if (!again.has_value() || !(*again == *handshake)) __builtin_trap();
    }
    (void)parse_legacy_ping(input);
    auto v = read_varint(input);
    if (v.has_value() && v->has_value()) {
        std::string out;
        write_varint(out, (*v)->value);
        if (out.size() > (*v)->size) __builtin_trap();
    }
    return 0;
}
