// libFuzzer target: the chunk, POI and entity readers on arbitrary NBT. The input is parsed with the
// SDK's reader (any compression); a compound root goes through all three readers, which must
// return a value or an error, never crash. A block chunk that reads must write back and read
// again to the same blocks.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "mobsdk/nbt/io.hpp"
#include "mobsdk/world/poi_type.hpp"
#include "mobsdk/world/registries.hpp"
#include "mobserver/storage/chunk_codec.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

struct Registries {
    WorldRegistries reg;
    Registries() {
        register_vanilla_blocks(reg.blocks);
        register_vanilla_poi_types(reg.poi_types);
        reg.freeze();
    }
};

/// The position a fuzzed chunk claims, so that inputs get past the position check.
ChunkPos claimed(const nbt::Compound& root) {
    ChunkPos p;
    if (const auto* x = root.find<std::int32_t>("xPos")) p.x = *x;
    if (const auto* z = root.find<std::int32_t>("zPos")) p.z = *z;
    if (const auto* pos = root.find<nbt::IntArray>("Position"); pos && pos->size() == 2) p = {(*pos)[0], (*pos)[1]};
    return p;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const Registries r;
    nbt::ReadOptions opts;
    opts.max_bytes = 4u * 1024 * 1024;
    auto file = nbt::read_any(std::span<const std::uint8_t>(data, size), opts);
    if (!file.has_value() || !file->root.tag.is<nbt::Compound>()) return 0;
    const nbt::Compound& root = file->root.tag.as_compound();
    const ChunkPos pos = claimed(root);

    std::vector<std::string> warnings;
    auto chunk = read_chunk_nbt(root, pos, r.reg.blocks, &warnings);
    if (chunk.has_value()) {
        auto again = read_chunk_nbt(write_chunk_nbt(**chunk, 0), pos, r.reg.blocks);
        if (!again.has_value()) __builtin_trap();
        for (std::int32_t i = 0; i < section_count; ++i)
            for (std::int32_t b = 0; b < 4096; ++b)
                if ((*chunk)->section(i).get(b & 15, b >> 8, (b >> 4) & 15) !=
                    (*again)->section(i).get(b & 15, b >> 8, (b >> 4) & 15))
                    __builtin_trap();
    }
    (void)read_poi_nbt(root, pos, r.reg.poi_types, &warnings);
    (void)read_entities_nbt(root, pos, &warnings);
    return 0;
}
