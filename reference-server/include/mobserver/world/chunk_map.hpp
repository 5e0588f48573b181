// The loaded chunks of one level, and the block, heightmap and light queries the world answers
// from them. Light is kept correct across chunk borders after every change.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "mobserver/world/chunk.hpp"

namespace mobsdk::server {

/// @brief Told about every block change (the POI storage listens).
class BlockChangeListener {
public:
    virtual ~BlockChangeListener() = default;
    /// @brief `pos` changed from `old_state` to `new_state`.
    virtual void on_block_changed(BlockPos pos, BlockState old_state, BlockState new_state) = 0;
};

/// @brief Fills a new chunk (superflat, void, …). Deterministic: same chunk, same blocks.
class ChunkGenerator {
public:
    virtual ~ChunkGenerator() = default;
    /// @brief Fills `chunk` with blocks.
    virtual void generate(LevelChunk& chunk) const = 0;
};

/// @brief The loaded chunks by position.
class ChunkMap {
public:
    /// @brief An empty map over a (frozen) block registry.
    explicit ChunkMap(const BlockRegistry& blocks);
    ~ChunkMap();

    /// @brief The block registry.
    const BlockRegistry& blocks() const noexcept { return *blocks_; }
    /// @brief The loaded chunk at `pos`, or nullptr.
    LevelChunk* chunk(ChunkPos pos) noexcept {
        return const_cast<LevelChunk*>(static_cast<const ChunkMap&>(*this).chunk(pos));
    }
    /// @brief The loaded chunk at `pos`, or nullptr.
    const LevelChunk* chunk(ChunkPos pos) const noexcept {
        // Inline: every block read of physics, line-of-sight rays and the pathfinder comes here.
        const CacheEntry& e = cache_[cache_index(pos)];
        return e.pos == pos ? e.chunk : chunk_slow(pos);
    }
    /// @brief Adds a chunk (generated or loaded), recomputing its heightmaps and the light in it
    /// and at its borders; replaces a chunk already there.
    LevelChunk& add(std::unique_ptr<LevelChunk> chunk);
    /// @brief Generates the chunk at `pos` with `generator` and adds it, unless it is loaded.
    LevelChunk& get_or_generate(ChunkPos pos, const ChunkGenerator& generator);
    /// @brief Takes a chunk out (unloading); nullptr when it was not loaded.
    std::unique_ptr<LevelChunk> remove(ChunkPos pos);
    /// @brief Number of loaded chunks.
    std::size_t size() const noexcept { return chunks_.size(); }
    /// @brief Calls `f(LevelChunk&)` for every loaded chunk (unordered).
    void for_each(const std::function<void(LevelChunk&)>& f);

    /// @brief The state at a position: air outside the height range or in an unloaded chunk.
    BlockState block_state(BlockPos pos) const noexcept {
        if (pos.y < min_y || pos.y >= min_y + world_height) return {};
        const LevelChunk* c = chunk(ChunkPos::of(pos));
        return c ? c->section((pos.y - min_y) >> 4).get(pos.x & 15, (pos.y - min_y) & 15, pos.z & 15) : BlockState{};
    }
    /// @brief The facts of the state at a position.
    const BlockStateInfo& info(BlockPos pos) const noexcept { return blocks_->info(block_state(pos)); }
    /// @brief Sets a block (ignored outside the height range or in an unloaded chunk; returns
    /// false then): heightmaps, light and the listener are updated. Returns true when it changed.
    bool set_block(BlockPos pos, BlockState state);
    /// @brief Heightmap value of a column (min_y for an unloaded chunk).
    std::int32_t height(Heightmap map, std::int32_t x, std::int32_t z) const noexcept;
    /// @brief Vanilla's canSeeSky: the sky light at the position is 15, i.e. only blocks with
    /// light_block 0 (air, glass) lie above it and no slab-like face closes the way up.
    bool can_see_sky(BlockPos pos) const noexcept;
    /// @brief Raw light of a layer, 0–15 (sky: 15 above the world and in unloaded chunks; block: 0).
    std::int32_t brightness(LightLayer layer, BlockPos pos) const noexcept;
    /// @brief Registers the listener told about block changes (one; nullptr to clear).
    void set_listener(BlockChangeListener* listener) noexcept { listener_ = listener; }
    /// @brief Registers a second listener, told after the first (the players' view of the world;
    /// nullptr to clear).
    void set_watcher(BlockChangeListener* watcher) noexcept { watcher_ = watcher; }

private:
    struct Hash {
        std::size_t operator()(ChunkPos p) const noexcept {
            return static_cast<std::size_t>(p.as_long() * 0x9E3779B97F4A7C15ull);
        }
    };
    class LightEngine;  // src/world/light.hpp
    // Incremental light update after `pos` changed from `old_state` to `new_state`.
    void relight_around(BlockPos pos, BlockState old_state, BlockState new_state);
    void light_chunk(LevelChunk& chunk);  // full light of a new chunk and its borders

    // A direct-mapped cache of chunk lookups (misses included) by the low 5 bits of x and z: a
    // loaded area up to 32×32 chunks maps without conflicts, and a lookup is one comparison. An
    // entry stays right until add() or remove() changes its position, which both rewrite it.
    struct CacheEntry {
        ChunkPos pos;
        LevelChunk* chunk;
    };
    static constexpr std::size_t cache_bits = 5;
    static constexpr std::size_t cache_index(ChunkPos p) noexcept {
        constexpr std::uint32_t mask = (1u << cache_bits) - 1;
        return (static_cast<std::uint32_t>(p.x) & mask) | ((static_cast<std::uint32_t>(p.z) & mask) << cache_bits);
    }
    const LevelChunk* chunk_slow(ChunkPos pos) const noexcept;  // the map lookup, cached
    void reset_cache() noexcept;

    mutable std::array<CacheEntry, std::size_t{1} << (2 * cache_bits)> cache_;
    const BlockRegistry* blocks_;
    std::unique_ptr<LightEngine> light_;
    std::unordered_map<ChunkPos, std::unique_ptr<LevelChunk>, Hash> chunks_;
    BlockChangeListener* listener_ = nullptr;
    BlockChangeListener* watcher_ = nullptr;
};

/// @brief Vanilla's default superflat: bedrock, two dirt, grass_block (y −64 … −61), or any layer list.
class FlatGenerator final : public ChunkGenerator {
public:
    /// @brief One layer: a state repeated `count` times upwards.
    struct Layer {
        BlockState state;    ///< the block
        std::int32_t count;  ///< how many rows
    };
    /// @brief Layers from the bottom of the world up.
    explicit FlatGenerator(std::vector<Layer> layers) : layers_(std::move(layers)) {}
    /// @brief Vanilla's default layers (minecraft:bedrock, 2*minecraft:dirt, minecraft:grass_block).
    static FlatGenerator vanilla_default(const BlockRegistry& blocks);
    void generate(LevelChunk& chunk) const override;
    /// @brief The layers.
    const std::vector<Layer>& layers() const noexcept { return layers_; }

private:
    std::vector<Layer> layers_;
};

/// @brief Nothing but air.
class VoidGenerator final : public ChunkGenerator {
public:
    void generate(LevelChunk&) const override {}
};

}  // namespace mobsdk::server
