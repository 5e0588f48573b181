// Chunk storage: 16×16 columns of 24 sections of 16×16×16 blocks (y −64 to 319), with the two
// heightmaps and sky and block light kept per section.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/block.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::server {

/// @brief Lowest block y.
inline constexpr std::int32_t min_y = -64;
/// @brief Number of block rows (y −64 … 319).
inline constexpr std::int32_t world_height = 384;
/// @brief Sections per chunk.
inline constexpr std::int32_t section_count = world_height / 16;

/// @brief A chunk column's coordinates (block coordinates shifted right by 4).
struct ChunkPos {
    std::int32_t x = 0;  ///< chunk x
    std::int32_t z = 0;  ///< chunk z
    friend constexpr bool operator==(ChunkPos, ChunkPos) = default;
    friend constexpr auto operator<=>(ChunkPos, ChunkPos) = default;
    /// @brief The chunk holding a block.
    static constexpr ChunkPos of(BlockPos p) noexcept { return {p.x >> 4, p.z >> 4}; }
    /// @brief Vanilla's ChunkPos.toLong packing (x low, z high).
    constexpr std::int64_t as_long() const noexcept {
        return (static_cast<std::int64_t>(x) & 0xFFFFFFFFll) | ((static_cast<std::int64_t>(z) & 0xFFFFFFFFll) << 32);
    }
    /// @brief Lowest block x of the chunk.
    constexpr std::int32_t min_block_x() const noexcept { return x * 16; }
    /// @brief Lowest block z of the chunk.
    constexpr std::int32_t min_block_z() const noexcept { return z * 16; }
};

/// @brief True for a block that makes a walkable neighbour dangerous to path through (vanilla's
/// WalkNodeEvaluator.checkNeighbourBlocks: cactus and berry bushes, fire, lava and magma, water,
/// wither roses and dripstone). Sections count these so that the pathfinder can skip its
/// 3×3×3 neighbourhood scan wherever there are none.
constexpr bool is_path_danger_source(const BlockStateInfo& info) noexcept {
    switch (info.path_type) {
        case PathType::DamageOther:
        case PathType::DamageFire:
        case PathType::Lava:
        case PathType::DamageCautious: return true;
        default: return info.fluid == Fluid::Water;
    }
}

/// @brief The saved palette entries behind a section's `mobsdk:unknown` placeholders: a block state
/// the registry does not know (a mod's, a newer version's, a known block with an unknown property
/// value) is read as the placeholder, and its palette compound is kept here to be written back.
struct KeptStates {
    std::vector<nbt::Compound> originals;  ///< distinct palette compounds, as read
    /// @brief (position index, index into `originals`) of each placeholder that stands for one,
    /// ascending by position (LevelChunkSection::index order).
    std::vector<std::pair<std::uint16_t, std::uint16_t>> at;
    /// @brief The original compound at a position index, or nullptr.
    const nbt::Compound* find(std::int32_t index) const noexcept;
};

/// @brief One 16×16×16 section: block states (one uniform state until a second is set) and the
/// two light layers as nibbles.
class LevelChunkSection {
public:
    /// @brief A section filled with `fill`, dark. State id 0 is air; ids must fit 16 bits.
    explicit LevelChunkSection(BlockState fill = {}) noexcept
        : uniform_(fill), non_air_(fill.id != 0 ? 4096 : 0), danger_(fill.id != 0 ? unknown_count : 0) {}
    /// @brief The state at local coordinates (each 0–15).
    BlockState get(std::int32_t lx, std::int32_t ly, std::int32_t lz) const noexcept {
        return states_ ? BlockState{(*states_)[index(lx, ly, lz)]} : uniform_;
    }
    /// @brief Sets the state at local coordinates; returns the old one. Turns a uniform section
    /// into an array on the first different state, and back into one value when it is all air again.
    /// Without the registry the danger count becomes unknown until recount().
    BlockState set(std::int32_t lx, std::int32_t ly, std::int32_t lz, BlockState state);
    /// @brief As set(), keeping the danger count exact (LevelChunk::set_block uses this).
    BlockState set(std::int32_t lx, std::int32_t ly, std::int32_t lz, BlockState state, const BlockRegistry& blocks);
    /// @brief True while every block is air.
    bool has_only_air() const noexcept { return non_air_ == 0; }
    /// @brief Number of non-air blocks.
    std::int32_t non_air_count() const noexcept { return non_air_; }
    /// @brief Number of blocks for which is_path_danger_source holds, or −1 when unknown (a
    /// non-air fill or a set() without the registry since the last recount).
    std::int32_t danger_count() const noexcept { return danger_; }
    /// @brief False only when the section is known to hold no danger source.
    bool may_hold_danger() const noexcept { return danger_ != 0; }
    /// @brief True while every block has the same state (stored as one value).
    bool is_uniform() const noexcept { return !states_; }
    /// @brief Light of one layer at local coordinates, 0–15.
    std::uint8_t light(LightLayer layer, std::int32_t lx, std::int32_t ly, std::int32_t lz) const noexcept;
    /// @brief Sets the light of one layer.
    void set_light(LightLayer layer, std::int32_t lx, std::int32_t ly, std::int32_t lz, std::uint8_t level);
    /// @brief The nibble array of a layer (2048 bytes, vanilla's SkyLight/BlockLight order), or
    /// nullptr when the whole layer is one value (`uniform_light`).
    const std::array<std::uint8_t, 2048>* light_data(LightLayer layer) const noexcept;
    /// @brief The value of a layer stored as one value.
    std::uint8_t uniform_light(LightLayer layer) const noexcept;
    /// @brief Replaces a layer with a nibble array (loading).
    void set_light_data(LightLayer layer, const std::array<std::uint8_t, 2048>& data);
    /// @brief Fills a layer with one value.
    void fill_light(LightLayer layer, std::uint8_t level);
    /// @brief Index of local coordinates in vanilla's order (y, then z, then x).
    static constexpr std::int32_t index(std::int32_t lx, std::int32_t ly, std::int32_t lz) noexcept {
        return (ly << 8) | (lz << 4) | lx;
    }
    /// @brief Replaces every state at once (loading): `ids` in index() order, each < 65536. The
    /// danger count is unknown until recount(); placeholders' kept compounds are dropped.
    void assign_states(const std::array<std::uint16_t, 4096>& ids);
    /// @brief Sets the count of non-air blocks and of danger sources (the chunk recounts after bulk edits).
    void recount(const BlockRegistry& blocks);
    /// @brief Turns an array whose blocks are all one state back into one value; returns true if it did.
    bool compact_states() noexcept;
    /// @brief Turns a light layer whose nibbles are all one value back into one value.
    bool compact_light(LightLayer layer) noexcept;
    /// @brief The saved compounds behind placeholder blocks, or nullptr when the section has none.
    /// set() at such a position forgets its compound.
    const KeptStates* kept_states() const noexcept { return kept_.get(); }
    /// @brief Sets them (loading); an empty table is dropped.
    void set_kept_states(std::unique_ptr<KeptStates> kept) noexcept;

private:
    static constexpr std::int32_t unknown_count = -1;
    BlockState store(std::int32_t lx, std::int32_t ly, std::int32_t lz, BlockState state);
    void forget_kept(std::int32_t index) noexcept;

    BlockState uniform_;
    std::unique_ptr<std::array<std::uint16_t, 4096>> states_;
    std::int32_t non_air_ = 0;
    std::int32_t danger_ = 0;
    std::array<std::unique_ptr<std::array<std::uint8_t, 2048>>, 2> light_;
    std::array<std::uint8_t, 2> uniform_light_{0, 0};
    std::unique_ptr<KeptStates> kept_;
};

/// @brief What a loaded chunk held that the server does not model, written back on every save
/// (see write_chunk_nbt for which keys the server owns). A chunk the server generated has none.
struct KeptChunkData {
    /// @brief Root keys the server does not own, as read: block_ticks, fluid_ticks, structures,
    /// PostProcessing, InhabitedTime, the heightmaps it does not compute, and any unknown key.
    nbt::Compound root;
    /// @brief Section keys the server does not own (biomes, unknown keys) by section Y; sections
    /// outside the world's height (vanilla's light-only sections at Y −5 and 20) whole.
    std::map<std::int32_t, nbt::Compound> sections;
    /// @brief The block entities, as read, in their order.
    std::vector<nbt::Compound> block_entities;
    /// @brief Their x, y, z (the same order); a block entity without valid coordinates has
    /// y = INT32_MIN and is never dropped.
    std::vector<BlockPos> block_entity_pos;
    /// @brief The DataVersion the chunk was read with when older than 1.20.4's, else 0. Such a chunk
    /// is written back with it: what was kept as read still needs vanilla's upgrade from that
    /// version, and vanilla applies it only to a chunk that says it is that old.
    std::int32_t data_version = 0;
    /// @brief Whether `root` holds heightmaps the server does not compute (OCEAN_FLOOR, …): the first
    /// block change drops them, and vanilla recomputes missing heightmaps when it loads the chunk.
    bool other_heightmaps = false;
};

/// @brief A chunk column: 24 sections, two heightmaps kept current by set_block.
class LevelChunk {
public:
    /// @brief An all-air chunk.
    LevelChunk(ChunkPos pos, const BlockRegistry& blocks);
    /// @brief Its position.
    ChunkPos pos() const noexcept { return pos_; }
    /// @brief The state at a world position inside this chunk (air outside the height range).
    BlockState get_block(BlockPos p) const noexcept {
        if (p.y < min_y || p.y >= min_y + world_height) return {};
        return sections_[(p.y - min_y) >> 4].get(p.x & 15, (p.y - min_y) & 15, p.z & 15);
    }
    /// @brief Sets a state, updating both heightmaps; returns the old state. Light is the
    /// ChunkMap's job. A kept block entity at `p` is dropped when the block changes to another block.
    BlockState set_block(BlockPos p, BlockState state);
    /// @brief One above the highest block counted by `map` in the column (min_y when none).
    std::int32_t height(Heightmap map, std::int32_t lx, std::int32_t lz) const noexcept {
        return heightmaps_[static_cast<int>(map)][(lz << 4) | lx];
    }
    /// @brief Recomputes both heightmaps from the blocks (after generation or loading).
    void recompute_heightmaps();
    /// @brief Recounts the non-air blocks and danger sources of every section (after writing
    /// sections directly).
    void recount();
    /// @brief The block registry the chunk was made with.
    const BlockRegistry& blocks() const noexcept { return *blocks_; }
    /// @brief True when `map` counts `info` (WORLD_SURFACE: any non-air block; MOTION_BLOCKING:
    /// blocks motion or holds a fluid).
    static bool counts(Heightmap map, BlockState state, const BlockStateInfo& info) noexcept {
        return map == Heightmap::WorldSurface ? state.id != 0 : (info.blocks_motion || info.fluid != Fluid::None);
    }
    /// @brief A section by index (0 is y −64 … −49).
    LevelChunkSection& section(std::int32_t i) noexcept { return sections_[i]; }
    /// @brief A section by index.
    const LevelChunkSection& section(std::int32_t i) const noexcept { return sections_[i]; }
    /// @brief What the stored chunk held that the server does not model, or nullptr.
    const KeptChunkData* kept() const noexcept { return kept_.get(); }
    /// @brief Sets it (loading).
    void set_kept(std::unique_ptr<KeptChunkData> kept) noexcept { kept_ = std::move(kept); }
    /// @brief Set when anything changed since the last save.
    bool unsaved = true;

private:
    std::int32_t scan_height(Heightmap map, std::int32_t lx, std::int32_t lz, std::int32_t below) const noexcept;

    ChunkPos pos_;
    const BlockRegistry* blocks_;
    std::array<LevelChunkSection, section_count> sections_;
    std::array<std::array<std::int16_t, 256>, 2> heightmaps_{};
    std::unique_ptr<KeptChunkData> kept_;
};

}  // namespace mobsdk::server
