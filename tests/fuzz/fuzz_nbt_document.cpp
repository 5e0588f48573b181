// libFuzzer target for nbt::Document, differential against the tree reader: on every input both
// must accept or both refuse (at the same byte, with the same message), and an accepted document
// must convert to the tree the tree reader built, for the file form, the network form and any
// compression, with a budget and a depth limit tight enough to be reached.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "mobsdk/nbt/document.hpp"
#include "mobsdk/nbt/io.hpp"

using namespace mobsdk::nbt;

namespace {

template <typename TreeResult, typename DocResult, typename SameContent>
void compare(const TreeResult& tree, const DocResult& doc, SameContent same) {
    if (tree.has_value() != doc.has_value()) __builtin_trap();
    if (!tree) {
        if (tree.error().offset != doc.error().offset || tree.error().message != doc.error().message) __builtin_trap();
        return;
    }
    if (!same(*tree, *doc)) __builtin_trap();
}

// Walks every view once, so that a node pointing outside its arrays shows up under ASan.
std::size_t touch(TagView v) {
    std::size_t n = 1;
    switch (v.type()) {
        case TagType::String: n += v.as_string().size(); break;
        case TagType::ByteArray:
            for (auto b : v.as<ByteArrayView>()) n += static_cast<std::uint8_t>(b) & 1;
            break;
        case TagType::IntArray:
            for (auto i : v.as<IntArrayView>()) n += static_cast<std::size_t>(i & 1);
            break;
        case TagType::LongArray:
            for (auto l : v.as<LongArrayView>()) n += static_cast<std::size_t>(l & 1);
            break;
        case TagType::List:
            for (TagView e : v.as_list()) n += touch(e);
            break;
        case TagType::Compound:
            for (const auto& e : v.as_compound()) {
                n += e.name.size() + touch(e.value);
                if (!v.as_compound().find(e.name)) __builtin_trap();  // every key can be found
            }
            break;
        default: break;
    }
    return n;
}

void run(std::span<const std::uint8_t> input, const ReadOptions& opts) {
    const auto named = Document::parse(input, opts);
    compare(read(input, opts), named, [](const NamedTag& t, const Document& d) {
        touch(d.root());
        const NamedTag back = d.to_named_tag();
        if (back.name != t.name || !(back.tag == t.tag)) return false;
        // Written bytes compare key order and the element types of empty lists too.
        std::vector<std::uint8_t> a, b;
        const bool wa = static_cast<bool>(write(t.tag, t.name, a));
        const bool wb = static_cast<bool>(write(back.tag, back.name, b));
        return wa == wb && a == b;
    });
    compare(read_unnamed(input, opts), Document::parse_unnamed(input, opts), [](const Tag& t, const Document& d) {
        touch(d.root());
        return d.root().to_tag() == t;
    });
    compare(read_any(input, opts), Document::parse_any(input, opts), [](const NbtFile& f, const Document& d) {
        return d.compression() == f.compression && d.root().to_tag() == f.root.tag;
    });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> input(data, size);
    ReadOptions opts;
    opts.max_bytes = 4u << 20;
    run(input, opts);
    // The first byte picks a budget and a depth small enough to run out inside the input.
    if (size > 0) {
        ReadOptions tight;
        tight.max_bytes = static_cast<std::size_t>(data[0]) * 41;
        tight.max_depth = data[0] % 9;
        run(input, tight);
    }
    return 0;
}
