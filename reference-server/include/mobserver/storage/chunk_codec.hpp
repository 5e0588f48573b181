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
/// @brief The DataVersion of 1.20.3's 23w46a: chunks older than it have `minecraft:grass` where
/// 1.20.4 has `minecraft:short_grass`; the reader renames it, as vanilla's upgrade (DataFixerUpper) does.
inline constexpr std::int32_t grass_rename_data_version = 3692;
/// @brief Lowest section Y of the overworld (y −64).
inline constexpr std::int32_t min_section_y = min_y >> 4;

/// @brief Bits per entry vanilla uses on disk for a block palette of `palette_size` entries:
/// 0 for one entry (no `data`), else max(4, ceil(log2(size))).
std::int32_t block_bits_for_palette(std::size_t palette_size) noexcept;

/// @brief Packs `values` into longs vanilla's way since 1.16: `64 / bits` values per long, lowest
/// bits first, never spanning two longs (the unused high bits stay 0).
std::vector<std::int64_t> pack_bits(std::span<const std::uint32_t> values, std::int32_t bits);

/// @brief Bits per heightmap value: heights 0…384 above min_y.
inline constexpr std::int32_t heightmap_bits = 9;

/// @brief A heightmap as vanilla stores and sends it: 256 heights above min_y, 9 bits each (37 longs).
nbt::LongArray heightmap_tag(const LevelChunk& chunk, Heightmap map);

/// @brief Inverse of pack_bits for `count` values; `data.size()` must be ceil(count / (64 / bits)).
std::vector<std::uint32_t> unpack_bits(std::span<const std::int64_t> data, std::int32_t bits, std::size_t count);

/// @brief A block chunk as vanilla's ChunkSerializer writes it: DataVersion, xPos, yPos, zPos,
/// Status `minecraft:full`, LastUpdate (`game_time`), InhabitedTime, sections (Y, block_states,
/// biomes, SkyLight/BlockLight when not all zero), Heightmaps (MOTION_BLOCKING, WORLD_SURFACE),
/// isLightOn, block_entities, block_ticks, fluid_ticks, PostProcessing and structures.
///
/// The server owns DataVersion, xPos, yPos, zPos, Status, LastUpdate, isLightOn, the two heightmaps
/// it computes, and per section Y, block_states, SkyLight and BlockLight; everything else a loaded
/// chunk held (LevelChunk::kept(): block entities, ticks, structures, biomes, other heightmaps,
/// InhabitedTime, unknown keys, the light-only sections at Y −5 and 20) is written back as read,
/// and a placeholder block is written as the palette compound it was read from.
nbt::Compound write_chunk_nbt(const LevelChunk& chunk, std::int64_t game_time);

/// @brief Why a chunk must be left as it is on disk rather than read (and later rewritten), or ""
/// when it may be read: a DataVersion newer than anvil_data_version or older than
/// min_chunk_data_version, and for a block chunk (`block_chunk`) a Status other than
/// `minecraft:full` (a chunk vanilla has not finished generating). A missing or mistyped field is
/// not a refusal: the reader reports it as damage.
std::string chunk_refusal(const nbt::Compound& root, bool block_chunk);
/// @brief The DataVersion part of chunk_refusal(): why a chunk of any kind is of a version this
/// server must not rewrite, or "".
std::string version_refusal(const nbt::Compound& root);
/// @brief The Status part of chunk_refusal() for a block chunk: why vanilla has not finished it, or "".
std::string status_refusal(const nbt::Compound& root);

/// @brief Reads a block chunk, validating every field it uses; the error names the field (and
/// section). A chunk_refusal() is an error too. A block state the registry does not know (an
/// unknown block, or an unknown property value of a known one) becomes the placeholder
/// `mobsdk:unknown` (when the registry has it; else air or the property's default, with a warning)
/// and its palette compound is kept; one line in `warnings` names them with their block counts.
/// Chunks older than grass_rename_data_version are upgraded by that rename. Light is restored when
/// present; heightmaps are recomputed from the blocks; what the server does not own is kept (see
/// write_chunk_nbt).
Result<std::unique_ptr<LevelChunk>, std::string> read_chunk_nbt(const nbt::Compound& root, ChunkPos expected,
                                                                const BlockRegistry& blocks,
                                                                std::vector<std::string>* warnings = nullptr);

/// @brief What a POI chunk held that the POI storage does not, to be written back: its DataVersion
/// when older than 1.20.4's, unknown root and section keys, and the records of POI types the
/// registry does not know (a mod's, a newer version's), as read.
struct KeptPoiData {
    std::int32_t data_version = 0;                               ///< 0: written as 1.20.4's
    nbt::Compound root;                                          ///< root keys but DataVersion and Sections
    std::map<std::int32_t, nbt::Compound> sections;              ///< section keys but Valid and Records
    std::map<std::int32_t, std::vector<nbt::Compound>> records;  ///< records of unknown types, by section
    /// @brief Nothing kept: the chunk is written as if the server had made it.
    bool empty() const noexcept { return data_version == 0 && root.empty() && sections.empty() && records.empty(); }
};

/// @brief A POI chunk: DataVersion and Sections → {"<section y>": {Valid, Records [{pos, type,
/// free_tickets}]}}, with what `kept` holds written back (a kept record whose position now has a
/// record of a known type is left out).
nbt::Compound write_poi_nbt(const std::map<std::int32_t, PoiSection>& sections, const Registry<PoiTypeInfo>& poi_types,
                            const KeptPoiData* kept = nullptr);

/// @brief Reads a POI chunk of the column `expected`. Structural damage (a wrong type, a record
/// outside its section) is an error naming the section and record. With `kept`, what the storage
/// does not hold goes there (records of unknown POI types with one warning per chunk); without it,
/// such a record is dropped with a warning.
Result<std::map<std::int32_t, PoiSection>, std::string> read_poi_nbt(const nbt::Compound& root, ChunkPos expected,
                                                                     const Registry<PoiTypeInfo>& poi_types,
                                                                     std::vector<std::string>* warnings = nullptr,
                                                                     KeptPoiData* kept = nullptr);

/// @brief An entity chunk (1.17+): DataVersion (`data_version`, or 1.20.4's when 0: an entity chunk
/// read from an older version keeps its version, see KeptChunkData::data_version), Position [I; x,
/// z], Entities.
nbt::Compound write_entities_nbt(ChunkPos pos, const std::vector<nbt::Compound>& entities,
                                 std::int32_t data_version = 0);

/// @brief Reads an entity chunk of the column `expected`. An entity without a string `id` is
/// dropped with a warning (vanilla skips entities it cannot create); anything else wrong is an error.
/// `data_version`, when given, receives the chunk's DataVersion when older than 1.20.4's, else 0.
Result<std::vector<nbt::Compound>, std::string> read_entities_nbt(const nbt::Compound& root, ChunkPos expected,
                                                                  std::vector<std::string>* warnings = nullptr,
                                                                  std::int32_t* data_version = nullptr);

}  // namespace mobsdk::server
