// The superflat generator (vanilla's default layers or any layer list). The void generator is
// header-only: it leaves the chunk empty.
#include <stdexcept>
#include <string>

#include "mobserver/world/chunk_map.hpp"

namespace mobsdk::server {

FlatGenerator FlatGenerator::vanilla_default(const BlockRegistry& blocks) {
    auto state = [&blocks](const char* id) {
        const auto block = blocks.blocks().find(std::string_view(id));
        if (!block)
            throw std::invalid_argument(std::string("FlatGenerator::vanilla_default needs ") + id +
                                        " in the block registry (call register_vanilla_blocks first)");
        return blocks.default_state(*block);
    };
    // Vanilla's default preset "minecraft:bedrock,2*minecraft:dirt,minecraft:grass_block".
    return FlatGenerator(
        {{state("minecraft:bedrock"), 1}, {state("minecraft:dirt"), 2}, {state("minecraft:grass_block"), 1}});
}

void FlatGenerator::generate(LevelChunk& chunk) const {
    // One state per row, from the bottom; rows above the last layer (or past the top) stay air.
    std::array<BlockState, world_height> rows{};
    std::int32_t y = 0;
    for (const Layer& layer : layers_)
        for (std::int32_t i = 0; i < layer.count && y < world_height; ++i) rows[y++] = layer.state;
    const std::int32_t filled = y;

    for (std::int32_t s = 0; s < section_count && s * 16 < filled; ++s) {
        bool same = true;
        for (std::int32_t r = 1; r < 16 && same; ++r) same = rows[s * 16 + r] == rows[s * 16];
        if (same) {
            chunk.section(s) = LevelChunkSection(rows[s * 16]);  // one value, no array
            continue;
        }
        // Start from the top row's state (usually air, the most common one) and set the rest.
        const BlockState base = rows[s * 16 + 15];
        LevelChunkSection section(base);
        for (std::int32_t r = 0; r < 16; ++r) {
            if (rows[s * 16 + r] == base) continue;
            for (std::int32_t lz = 0; lz < 16; ++lz)
                for (std::int32_t lx = 0; lx < 16; ++lx) section.set(lx, r, lz, rows[s * 16 + r]);
        }
        chunk.section(s) = std::move(section);
    }
    chunk.recount();
    chunk.recompute_heightmaps();
    chunk.unsaved = true;
}

}  // namespace mobsdk::server
