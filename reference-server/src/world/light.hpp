// The light engine behind ChunkMap: sky and block light spread by breadth-first search across the
// loaded chunks, a full pass for a new chunk and a decrease-then-increase pass after a block change.
#pragma once

#include <cstdint>
#include <vector>

#include "mobserver/world/chunk_map.hpp"

namespace mobsdk::server {

/// @brief Sky and block light of one ChunkMap (private to the reference server).
class ChunkMap::LightEngine {
public:
    /// @brief An engine over `map`'s chunks.
    explicit LightEngine(ChunkMap& map);
    /// @brief Lights a chunk just added: its own sky and block light, light coming in from loaded
    /// neighbours and light going out into them.
    void light_chunk(LevelChunk& chunk);
    /// @brief Updates light after `pos` changed from `old_state` to `new_state`.
    void relight(BlockPos pos, BlockState old_state, BlockState new_state);

private:
    // What light needs to know about a state, precomputed once per state.
    struct Props {
        std::uint8_t light_block = 0;  // raw light_block (0 lets sky light straight down)
        std::uint8_t emission = 0;     // block light it emits
        std::uint8_t occluded = 0;     // bit d: its shape covers its face towards direction d
        friend bool operator==(const Props&, const Props&) = default;
    };
    // A queued cell and the level it had when queued.
    struct Node {
        std::int32_t x, y, z;
        std::uint8_t level;
    };

    const Props& props(BlockState state);
    void build_props();
    LevelChunk* chunk_at(std::int32_t x, std::int32_t z) noexcept;
    static std::uint8_t get(const LevelChunk& c, LightLayer layer, std::int32_t x, std::int32_t y,
                            std::int32_t z) noexcept;
    static void put(LevelChunk& c, LightLayer layer, std::int32_t x, std::int32_t y, std::int32_t z,
                    std::uint8_t level);
    std::uint8_t top_sky(BlockState state);  // sky light entering a top-row cell from above the world
    void push_current(LightLayer layer, LevelChunk& c, std::int32_t x, std::int32_t y, std::int32_t z);
    void propagate_increase(LightLayer layer);
    void propagate_decrease(LightLayer layer);
    void update(LightLayer layer, BlockPos pos, BlockState new_state);
    void light_sky(LevelChunk& chunk);
    void light_block(LevelChunk& chunk);
    void seed_from_neighbours(LevelChunk& chunk, LightLayer layer, std::int32_t below_y);
    void compact_around(LevelChunk& chunk);

    ChunkMap* map_;
    std::vector<Props> props_;
    std::vector<Node> increase_;  // reused between updates: no allocation once warm
    std::vector<Node> decrease_;
};

}  // namespace mobsdk::server
