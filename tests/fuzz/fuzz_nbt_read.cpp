// libFuzzer target for the binary NBT reader: any input must be refused cleanly or read into a tree
// that writes back, reads again to an equal tree, and writes back to the same bytes.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "mobsdk/nbt/io.hpp"

using namespace mobsdk::nbt;

namespace {

constexpr std::size_t kMaxBytes = 4u << 20;

// Re-encoding may grow strings (a raw 00 byte becomes C0 80, 4-byte UTF-8 a 6-byte surrogate pair),
// so a tree that was read can be unwritable; that, and only that, is an acceptable write failure.
bool acceptable_write_failure(const WriteError& e) {
    return e.message.find("exceeds NBT's limit of 65535") != std::string::npos;
}

ReadOptions reread_options() {
    ReadOptions o;
    o.max_bytes = 3 * kMaxBytes;  // string growth can cost a little more budget the second time
    return o;
}

void check_named(const NbtFile& file) {
    std::vector<std::uint8_t> raw;
    if (auto w = write(file.root.tag, file.root.name, raw); !w) {
        if (!acceptable_write_failure(w.error())) __builtin_trap();
        return;
    }
    auto again = read(raw, reread_options());
    if (!again || again->name != file.root.name || !(again->tag == file.root.tag)) __builtin_trap();
    std::vector<std::uint8_t> raw2;
    if (!write(again->tag, again->name, raw2) || raw2 != raw) __builtin_trap();

    // The same tree in the compression it came in must be detected and read back as such.
    auto packed = encode(file.root.tag, file.root.name, file.compression);
    if (!packed) __builtin_trap();
    auto any = read_any(*packed, reread_options());
    if (!any || any->compression != file.compression || !(any->root.tag == file.root.tag)) __builtin_trap();
}

void check_unnamed(const Tag& tag) {
    std::vector<std::uint8_t> raw;
    if (auto w = write_unnamed(tag, raw); !w) {
        if (!acceptable_write_failure(w.error())) __builtin_trap();
        return;
    }
    auto again = read_unnamed(raw, reread_options());
    if (!again || !(*again == tag)) __builtin_trap();
    std::vector<std::uint8_t> raw2;
    if (!write_unnamed(*again, raw2) || raw2 != raw) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> input(data, size);
    ReadOptions opts;
    opts.max_bytes = kMaxBytes;

    if (auto file = read_any(input, opts)) check_named(*file);
    else if (file.error().message.empty() || file.error().offset > kMaxBytes) __builtin_trap();

    if (auto tag = read_unnamed(input, opts)) check_unnamed(*tag);
    else if (tag.error().message.empty() || tag.error().offset > size) __builtin_trap();
    return 0;
}
