// Chunk Data and Update Light (play 0x25) for protocol 765: heightmaps, the 24 sections' block
// states (vanilla's 1.20.4 global ids) and biomes as paletted containers, and the sky and block
// light of the sections plus one below and one above the world.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mobserver/world/chunk.hpp"

namespace mobsdk::server {

class PacketWriter;

/// @brief Block states of vanilla 1.20.4: global ids below this are vanilla's.
inline constexpr std::uint32_t kVanillaBlockStateCount = 26644;
/// @brief Bits per entry of a block container sent with global ids (ceil(log2(26644))).
inline constexpr std::int32_t kDirectBlockBits = 15;
/// @brief Light sections sent per chunk: the world's sections plus one below and one above.
inline constexpr std::int32_t kLightSectionCount = section_count + 2;

/// @brief What a client is told about blocks it has no id for (a plugin's block): the state sent
/// in place of any global id at or above kVanillaBlockStateCount.
inline constexpr std::uint32_t kUnknownBlockNetworkId = 1;  // minecraft:stone

/// @brief The id a client is sent for `state`: its global id, or kUnknownBlockNetworkId for a state
/// vanilla does not have.
std::uint32_t network_block_id(BlockState state) noexcept;

/// @brief Builds chunk packets; keeps its scratch buffers between chunks (tick thread only).
class ChunkPacketEncoder {
public:
    /// @brief An encoder whose biome containers use `plains_id` (the Registry Data's id of
    /// minecraft:plains) where a chunk has no biomes of its own, and resolve stored biome names
    /// with registry_entry_id, registry size `biome_count`.
    ChunkPacketEncoder(std::int32_t plains_id, std::int32_t biome_count);

    /// @brief The packet body (id 0x25 first) for `chunk`, with a block entity for every block that
    /// has one in vanilla (a bed, chest, sign, bell…: a client draws those blocks through their
    /// block entity, and makes none for a block it only reads in a chunk): its type id, and the
    /// data the chunk kept for it when vanilla sends that type's data (block_entity_sends_data),
    /// else an empty compound.
    std::string encode(const LevelChunk& chunk);

    /// @brief One section's block states as a paletted container: single value (0 bits), indirect
    /// (4–8 bits) or direct (15 bits), values never spanning two longs.
    void write_block_states(PacketWriter& out, const LevelChunkSection& section);

private:
    void write_biomes(PacketWriter& out, const LevelChunk& chunk, std::int32_t section);
    void write_block_entities(PacketWriter& out, const LevelChunk& chunk);
    void index_block_entity_types(const BlockRegistry& blocks);

    /// @brief A block entity found while writing the sections: its position and type.
    struct FoundBlockEntity {
        BlockPos pos;
        std::int32_t type;
    };

    std::int32_t plains_id_;
    std::int32_t biome_count_;
    std::vector<std::int32_t> palette_index_;  // by network id; -1 when not in the palette
    std::vector<std::uint32_t> palette_;
    std::vector<std::uint32_t> values_;
    // Block entity type by network id (−1: none), built for the registry chunks are made with.
    const BlockRegistry* indexed_ = nullptr;
    std::vector<std::int8_t> block_entity_type_;
    std::vector<FoundBlockEntity> found_;  // this chunk's, in section order
    std::int32_t section_y_ = 0;           // the section write_block_states is writing (block y of its bottom)
    ChunkPos chunk_pos_;                   // the chunk encode is writing
};

/// @brief Vanilla's light mask for a chunk: bit i is light section i (0 below the world).
std::vector<std::uint64_t> light_mask(std::uint32_t bits);

}  // namespace mobsdk::server
