// The NBT of the three Anvil chunk kinds as Minecraft Java 1.20.4 (DataVersion 3700) writes them:
// block chunks (1.18+ sections with palettes, heightmaps, light), POI chunks and entity chunks,
// and the validating readers that turn a damaged or foreign file into an error naming the field.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/tag.hpp"
#include "mobserver/world/chunk.hpp"
#include "mobserver/world/poi_storage.hpp"

namespace mobsdk::server {

/// @brief The DataVersion written into every file: Minecraft Java 1.20.4.
inline constexpr std::int32_t anvil_data_version = 3700;
/// @brief The oldest DataVersion whose chunk layout the reader understands (21w43a, the 1.18
/// section layout without the `Level` wrapper).
inline constexpr std::int32_t min_chunk_data_version = 2844;
/// @brief Lowest section Y of the overworld (y −64).
inline constexpr std::int32_t min_section_y = min_y >> 4;

/// @brief Bits per entry vanilla uses on disk for a block palette of `palette_size` entries:
/// 0 for one entry (no `data`), else max(4, ceil(log2(size))).
std::int32_t block_bits_for_palette(std::size_t palette_size) noexcept;

/// @brief Packs `values` into longs vanilla's way since 1.16: `64 / bits` values per long, lowest
/// bits first, never spanning two longs (the unused high bits stay 0).
std::vector<std::int64_t> pack_bits(std::span<const std::uint32_t> values, std::int32_t bits);

/// @brief Inverse of pack_bits for `count` values; `data.size()` must be ceil(count / (64 / bits)).
std::vector<std::uint32_t> unpack_bits(std::span<const std::int64_t> data, std::int32_t bits, std::size_t count);

/// @brief A block chunk as vanilla's ChunkSerializer writes it: DataVersion, xPos, yPos, zPos,
/// Status `minecraft:full`, LastUpdate (`game_time`), InhabitedTime, sections (Y, block_states,
/// biomes, SkyLight/BlockLight when not all zero), Heightmaps (MOTION_BLOCKING, WORLD_SURFACE),
/// isLightOn, block_entities, block_ticks, fluid_ticks, PostProcessing and structures.
nbt::Compound write_chunk_nbt(const LevelChunk& chunk, std::int64_t game_time);

/// @brief Reads a block chunk, validating every field it uses; the error names the field (and
/// section). A block or property value the registry does not know becomes air (or the property's
/// default value) and a line in `warnings`, so a world from a newer version still loads. Light is
/// restored when present; heightmaps are recomputed from the blocks.
Result<std::unique_ptr<LevelChunk>, std::string> read_chunk_nbt(const nbt::Compound& root, ChunkPos expected,
                                                                const BlockRegistry& blocks,
                                                                std::vector<std::string>* warnings = nullptr);

/// @brief A POI chunk: DataVersion and Sections → {"<section y>": {Valid, Records [{pos, type,
/// free_tickets}]}}.
nbt::Compound write_poi_nbt(const std::map<std::int32_t, PoiSection>& sections, const Registry<PoiTypeInfo>& poi_types);

/// @brief Reads a POI chunk of the column `expected`. Structural damage (a wrong type, a record
/// outside its section) is an error naming the section and record; a record of a POI type the
/// registry does not know is dropped with a warning.
Result<std::map<std::int32_t, PoiSection>, std::string> read_poi_nbt(const nbt::Compound& root, ChunkPos expected,
                                                                     const Registry<PoiTypeInfo>& poi_types,
                                                                     std::vector<std::string>* warnings = nullptr);

/// @brief An entity chunk (1.17+): DataVersion, Position [I; x, z], Entities.
nbt::Compound write_entities_nbt(ChunkPos pos, const std::vector<nbt::Compound>& entities);

/// @brief Reads an entity chunk of the column `expected`. An entity without a string `id` is
/// dropped with a warning (vanilla skips entities it cannot create); anything else wrong is an error.
Result<std::vector<nbt::Compound>, std::string> read_entities_nbt(const nbt::Compound& root, ChunkPos expected,
                                                                  std::vector<std::string>* warnings = nullptr);

}  // namespace mobsdk::server
