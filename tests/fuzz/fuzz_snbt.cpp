// libFuzzer target: any input that parses as SNBT must print back, compact and indented, to text
// that parses to an equal tree and prints identically again.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "mobsdk/nbt/snbt.hpp"

using namespace mobsdk::nbt;

namespace {

void check_round_trip(const Tag& tag, int indent) {
    const std::string text = to_snbt(tag, SnbtFormat{indent});
    auto back = parse_snbt(text);
    if (!back.has_value() || !(*back == tag)) __builtin_trap();
    if (to_snbt(*back, SnbtFormat{indent}) != text) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = parse_snbt(text);
    auto compound = parse_snbt_compound(text);
    // The compound entry point accepts exactly the compounds the general one accepts.
    if (compound.has_value() != (parsed.has_value() && parsed->type() == TagType::Compound)) __builtin_trap();
    if (!parsed.has_value()) {
        const SnbtError& e = parsed.error();
        if (e.offset > size || e.line == 0 || e.column == 0 || e.message.empty()) __builtin_trap();
        return 0;
    }
    check_round_trip(*parsed, 0);
    check_round_trip(*parsed, 2);
    return 0;
}
