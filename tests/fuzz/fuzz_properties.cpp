// libFuzzer target: server.properties. Any text either parses or returns an error naming a line;
// what parses writes back to text that parses to the same properties.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "mobserver/server/properties.hpp"

using namespace mobsdk::server;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = parse_properties(text);
    if (!parsed.has_value()) return 0;
    auto back = parse_properties(write_properties(*parsed, 0));
    if (!back.has_value() || !(*back == *parsed)) __builtin_trap();
    return 0;
}
