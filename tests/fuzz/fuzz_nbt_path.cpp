// libFuzzer target: parses the input as an NBT path and, when it parses, runs every selection entry
// point against a fixed tree; checks that they agree with each other.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include "mobsdk/nbt/path.hpp"
#include "mobsdk/nbt/snbt.hpp"

using namespace mobsdk::nbt;

namespace {

const Tag& sample_tree() {
    static const Tag tree = [] {
        auto r = parse_snbt(R"({
            Brain: {memories: {"minecraft:home": {value: {dimension: "minecraft:overworld", pos: [I; 12, 64, -30]}}}},
            Items: [{id: "minecraft:stone", Count: 1b, tag: {Damage: 3}}, {id: "x", Count: 2b}],
            list: [10, 20, 30], nested: [[1, 2], [3], []], floats: [1.5f, -0.0f, NaNf],
            "a b": {c: 1, d: [L; 1L, 2L]}, bytes: [B; 5b], empty: {}, s: "text"
        })");
        if (!r.has_value()) __builtin_trap();
        return std::move(r).value();
    }();
    return tree;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto path = NbtPath::parse(text);
    if (!path.has_value()) {
        if (path.error().position > size || path.error().message.empty()) __builtin_trap();
        return 0;
    }
    if (path->text() != text || path->nodes().empty()) __builtin_trap();
    const Tag& tree = sample_tree();
    const auto found = path->select(tree);
    Tag copy = tree;
    if (path->select(copy).size() != found.size()) __builtin_trap();
    auto one = path->get_one(tree);
    if (one.has_value() != (found.size() == 1)) __builtin_trap();
    if (one.has_value() && *one != found.front()) __builtin_trap();
    auto value = path->get_value(tree);
    if (one.has_value() && !(value.has_value() && *value == **one)) __builtin_trap();
    // Reparsing the path's own text gives the same steps.
    auto again = NbtPath::parse(path->text());
    if (!again.has_value() || again->nodes().size() != path->nodes().size()) __builtin_trap();
    return 0;
}
