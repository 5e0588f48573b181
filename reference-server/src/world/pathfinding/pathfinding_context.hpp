// The pathfinder's block access (vanilla's PathfindingContext and PathNavigationRegion): a reader
// straight through the ChunkMap for one-off queries, and the per-search cached reader.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "mobserver/world/chunk_map.hpp"

namespace mobsdk::server::pathfinding {

// Block access. Both readers answer info(x, y, z) and check_neighbours(x, y, z, type); the static
// path type rules are templates over them so that the free functions and the search share one
// definition.

// What a neighbouring block makes of a walkable node (checkNeighbourBlocks' tests, in its order:
// cactus or berry bush, burning, water, wither rose or dripstone); Open when nothing.
inline PathType neighbour_danger(const BlockStateInfo& s) noexcept {
    // The sections count exactly these blocks; anything else must not count as a danger here.
    if (!is_path_danger_source(s)) return PathType::Open;
    switch (s.path_type) {
        case PathType::DamageOther: return PathType::DangerOther;
        case PathType::DamageFire:
        case PathType::Lava: return PathType::DangerFire;
        default: break;
    }
    if (s.fluid == Fluid::Water) return PathType::WaterBorder;
    if (s.path_type == PathType::DamageCautious) return PathType::DamageCautious;
    return PathType::Open;
}

// Straight through the ChunkMap: the free functions and one-off queries.
class MapReader {
public:
    explicit MapReader(const ChunkMap& chunks) noexcept : chunks_(chunks), blocks_(chunks.blocks()) {}
    const BlockStateInfo& info(std::int32_t x, std::int32_t y, std::int32_t z) const noexcept {
        return blocks_.info(chunks_.block_state({x, y, z}));
    }
    PathType check_neighbours(std::int32_t x, std::int32_t y, std::int32_t z, PathType type) const noexcept;

private:
    const ChunkMap& chunks_;
    const BlockRegistry& blocks_;
};

// Vanilla's checkNeighbourBlocks: the 8 columns around, one block up and down, in vanilla's
// order (x outer, then y, then z); the first danger found wins.
inline PathType MapReader::check_neighbours(std::int32_t x, std::int32_t y, std::int32_t z,
                                            PathType type) const noexcept {
    for (std::int32_t dx = -1; dx <= 1; ++dx)
        for (std::int32_t dy = -1; dy <= 1; ++dy)
            for (std::int32_t dz = -1; dz <= 1; ++dz) {
                if (dx == 0 && dz == 0) continue;  // the column itself is the node's own business
                const PathType d = neighbour_danger(info(x + dx, y + dy, z + dz));
                if (d != PathType::Open) return d;
            }
    return type;
}

// A window of chunk pointers around the search's start (vanilla copies the chunks into a
// PathNavigationRegion for the same reason): a block read is two array lookups and no hashing.
class CachedReader {
public:
    void reset(const ChunkMap& chunks, std::int32_t center_x, std::int32_t center_z) {
        chunks_ = &chunks;
        blocks_ = &chunks.blocks();
        infos_ = &blocks_->info(BlockState{});  // the registry's states are one array, air first
        info_count_ = blocks_->state_count();
        if (facts_.size() < info_count_) facts_.resize(info_count_, Fact{0.0f, PathType::Blocked, false, 0});
        if (++fact_stamp_ == 0) {
            for (Fact& f : facts_) f.stamp = 0;
            fact_stamp_ = 1;
        }
        base_cx_ = (center_x >> 4) - window / 2;
        base_cz_ = (center_z >> 4) - window / 2;
        last_cx_ = INT32_MAX;
        last_chunk_ = nullptr;
        if (++stamp_ == 0) {
            stamps_.fill(0);
            for (LayerFlags& l : layers_) l.stamp = 0;
            stamp_ = 1;
        }
    }
    BlockState state(std::int32_t x, std::int32_t y, std::int32_t z) noexcept {
        if (y < min_y || y >= min_y + world_height) return {};
        const LevelChunk* c = chunk(x >> 4, z >> 4);
        if (!c) return {};
        const std::int32_t ly = y - min_y;
        return c->section(ly >> 4).get(x & 15, ly & 15, z & 15);
    }
    const BlockStateInfo& info(std::int32_t x, std::int32_t y, std::int32_t z) noexcept {
        return info_of(state(x, y, z));
    }
    // What a walker's cell evaluation needs of a block state, in 8 bytes (BlockStateInfo has 120).
    struct Fact {
        float top;            // the top of its collision shape (0 when empty)
        PathType path_type;   // its raw path type
        bool water;           // water fluid
        std::uint16_t stamp;  // the search that filled it
    };
    // The facts of a state (air's for an unknown id), filled on first use in each search.
    const Fact& fact(BlockState s) noexcept {
        Fact& f = facts_[s.id < info_count_ ? s.id : 0];
        if (f.stamp != fact_stamp_) [[unlikely]]
            fill_fact(f, s.id < info_count_ ? s.id : 0);
        return f;
    }
    // BlockRegistry::info without its size computation.
    const BlockStateInfo& info_of(BlockState s) const noexcept { return infos_[s.id < info_count_ ? s.id : 0]; }
    // The chunk at (cx, cz) and its window slot (−1 outside the window).
    const LevelChunk* chunk_and_slot(std::int32_t cx, std::int32_t cz, std::int32_t& slot) noexcept {
        const LevelChunk* c = chunk(cx, cz);
        slot = last_slot_;
        return c;
    }
    // The blocks at y − 1, y and y + 1 of a column, with one chunk and section lookup when they
    // share a section. `quiet` and `quiet_above` tell when the 3×3×3 blocks around (x, y, z) and
    // around (x, y + 1, z) are known to hold no danger source (they lie in a section, or in an
    // unloaded chunk, without any), so that check_neighbours need not be asked.
    void column(std::int32_t x, std::int32_t y, std::int32_t z, const BlockStateInfo*& below,
                const BlockStateInfo*& here, const BlockStateInfo*& above, bool& quiet, bool& quiet_above) noexcept {
        const std::int32_t ry = y - min_y;
        const std::int32_t lx = x & 15, lz = z & 15, ly = ry & 15;
        if (ry >= 1 && ry + 1 < world_height && ly != 0 && ly != 15) {
            const bool xz_inner = static_cast<std::uint32_t>(lx - 1) < 14u && static_cast<std::uint32_t>(lz - 1) < 14u;
            const LevelChunk* c = chunk(x >> 4, z >> 4);
            const std::int32_t slot = last_slot_;
            if (!c) {
                below = here = above = &info_of(BlockState{});
                quiet = xz_inner || clean_around(slot, x >> 4, z >> 4, ry >> 4);
                quiet_above = (xz_inner && ly != 14) || clean_around(slot, x >> 4, z >> 4, ry >> 4);
                return;
            }
            const LevelChunkSection& sec = c->section(ry >> 4);
            quiet = xz_inner && !sec.may_hold_danger();
            quiet_above = quiet && ly != 14;
            if (!quiet_above) [[unlikely]] {
                // On a section's rim: quiet all the same when no section around has a danger source.
                if (clean_around(slot, x >> 4, z >> 4, ry >> 4)) quiet = quiet_above = true;
            }
            if (sec.is_uniform()) {
                below = here = above = &info_of(sec.get(0, 0, 0));
                return;
            }
            below = &info_of(sec.get(lx, ly - 1, lz));
            here = &info_of(sec.get(lx, ly, lz));
            above = &info_of(sec.get(lx, ly + 1, lz));
            return;
        }
        quiet = quiet_above = false;
        below = &info(x, y - 1, z);
        here = &info(x, y, z);
        above = &info(x, y + 1, z);
    }

    // clean_around (below) for the chunk in window slot `slot`.
    bool section_clean_around(std::int32_t slot, std::int32_t cx, std::int32_t cz, std::int32_t si) noexcept {
        return clean_around(slot, cx, cz, si);
    }

    // checkNeighbourBlocks. Usually answered by the sections' danger counts; where a section does
    // hold a danger source, its layers are classified once per search and only a layer with one
    // is read block by block.
    PathType check_neighbours(std::int32_t x, std::int32_t y, std::int32_t z, PathType type) noexcept {
        const std::int32_t lx = x & 15, lz = z & 15, ly = (y - min_y) & 15;
        if (lx == 0 || lx == 15 || lz == 0 || lz == 15 || ly == 0 || ly == 15 || y < min_y ||
            y >= min_y + world_height) {
            if (neighbourhood_without_danger(x, y, z)) return type;
            if (worth_layer_flags(x, y, z) && neighbourhood_clean(x, y, z)) return type;
            for (std::int32_t dx = -1; dx <= 1; ++dx)
                for (std::int32_t dy = -1; dy <= 1; ++dy)
                    for (std::int32_t dz = -1; dz <= 1; ++dz) {
                        if (dx == 0 && dz == 0) continue;
                        const PathType d = danger(state(x + dx, y + dy, z + dz));
                        if (d != PathType::Open) return d;
                    }
            return type;
        }
        const LevelChunk* c = chunk(x >> 4, z >> 4);
        if (!c) return type;  // unloaded: air
        const std::int32_t si = (y - min_y) >> 4;
        const LevelChunkSection& sec = c->section(si);
        if (!sec.may_hold_danger()) return type;  // the usual answer: nothing dangerous in the section
        if (sec.is_uniform()) {
            const PathType d = danger(sec.get(0, 0, 0));
            return d != PathType::Open ? d : type;
        }
        // Most layers hold nothing dangerous at all: each (section, layer) is looked at once per
        // search, and only a layer with a danger in it is scanned block by block.
        // A small search reads the 24 blocks directly; once a section has been asked often enough
        // to pay for it, its layers are classified whole.
        if (last_slot_ >= 0) {
            LayerPair& p = slot_layers_[static_cast<std::size_t>(last_slot_)][static_cast<std::size_t>(si)];
            if (p.direct_scans < direct_scan_limit) {
                ++p.direct_scans;
            } else if (!layers_dirty(sec, si, ly - 1, 3)) {
                return type;
            }
        } else if (!layers_dirty(sec, si, ly - 1, 3)) {
            return type;
        }
        for (std::int32_t dx = -1; dx <= 1; ++dx)
            for (std::int32_t dy = -1; dy <= 1; ++dy)
                for (std::int32_t dz = -1; dz <= 1; ++dz) {
                    if (dx == 0 && dz == 0) continue;
                    const PathType d = danger(sec.get(lx + dx, ly + dy, lz + dz));
                    if (d != PathType::Open) return d;
                }
        return type;
    }

private:
    static constexpr std::int32_t window = 32;  // chunks per side: 512 blocks, any follow range up to ~250

    // True when neither section `si` of the chunk in window slot `slot` (chunk cx, cz) nor any of
    // its 26 neighbours (in the world, loaded) may hold a danger source: then no position in it
    // needs checkNeighbourBlocks. Worked out once per section and search.
    bool clean_around(std::int32_t slot, std::int32_t cx, std::int32_t cz, std::int32_t si) noexcept {
        if (slot < 0) return false;
        std::int8_t& known = slot_layers_[static_cast<std::size_t>(slot)][static_cast<std::size_t>(si)].clean_around;
        if (known < 0) {
            bool clean = true;
            for (std::int32_t ox = -1; ox <= 1 && clean; ++ox)
                for (std::int32_t oz = -1; oz <= 1 && clean; ++oz) {
                    const LevelChunk* c = chunk(cx + ox, cz + oz);
                    if (!c) continue;  // air
                    for (std::int32_t sy = std::max(si - 1, 0); sy <= std::min(si + 1, section_count - 1); ++sy)
                        if (c->section(sy).may_hold_danger()) clean = false;
                }
            known = clean ? 1 : 0;
        }
        return known != 0;
    }
    static constexpr std::size_t layer_slots = 512;

    // True when one of `count` layers from `first` of the section (index `si` of the chunk last
    // looked up) holds a block with a neighbour danger; each layer is scanned once per search.
    bool layers_dirty(const LevelChunkSection& sec, std::int32_t si, std::int32_t first, std::int32_t count) noexcept {
        std::uint16_t* known;
        std::uint16_t* dirty;
        if (last_slot_ >= 0) {
            LayerPair& p = slot_layers_[static_cast<std::size_t>(last_slot_)][static_cast<std::size_t>(si)];
            known = &p.known;
            dirty = &p.dirty;
        } else {
            LayerFlags* f = layer_flags(sec);
            if (!f) return true;  // table crowded: let the caller scan
            known = &f->known;
            dirty = &f->dirty;
        }
        const auto mask = static_cast<std::uint16_t>(((1u << count) - 1) << first);
        if ((*known & mask) != mask) {
            for (std::int32_t l = first; l < first + count; ++l) {
                if (*known & (1u << l)) continue;
                *known = static_cast<std::uint16_t>(*known | (1u << l));
                if (layer_has_danger(sec, l)) *dirty = static_cast<std::uint16_t>(*dirty | (1u << l));
            }
        }
        return (*dirty & mask) != 0;
    }

    // The per-search layer flags of a section (keyed by its address), or nullptr when the table is crowded.
    struct LayerFlags;
    LayerFlags* layer_flags(const LevelChunkSection& sec) noexcept {
        const auto key = reinterpret_cast<std::uintptr_t>(&sec);
        std::size_t i = static_cast<std::size_t>((key >> 4) * 0x9E3779B97F4A7C15ull >> 55) & (layer_slots - 1);
        for (std::size_t probes = 0; probes < 16; ++probes, i = (i + 1) & (layer_slots - 1)) {
            LayerFlags& f = layers_[i];
            if (f.stamp != stamp_) {
                f = LayerFlags{key, stamp_, 0, 0};
                return &f;
            }
            if (f.section == key) return &f;
        }
        return nullptr;
    }

    // Counts a block-by-block neighbour check against the section holding (x, y, z); true once
    // enough have been made there that classifying whole layers is cheaper.
    bool worth_layer_flags(std::int32_t x, std::int32_t y, std::int32_t z) noexcept {
        if (y < min_y || y >= min_y + world_height) return false;
        chunk(x >> 4, z >> 4);
        if (last_slot_ < 0) return true;
        LayerPair& p = slot_layers_[static_cast<std::size_t>(last_slot_)][static_cast<std::size_t>((y - min_y) >> 4)];
        if (p.direct_scans >= direct_scan_limit) return true;
        ++p.direct_scans;
        return false;
    }

    // True when no section the 3×3×3 block around a position touches holds a danger source
    // (sections below or above the world and unloaded chunks read as air).
    bool neighbourhood_without_danger(std::int32_t x, std::int32_t y, std::int32_t z) noexcept {
        const std::int32_t sy0 = (std::max(y - 1, min_y) - min_y) >> 4;
        const std::int32_t sy1 = (std::min(y + 1, min_y + world_height - 1) - min_y) >> 4;
        for (std::int32_t cx = (x - 1) >> 4; cx <= (x + 1) >> 4; ++cx)
            for (std::int32_t cz = (z - 1) >> 4; cz <= (z + 1) >> 4; ++cz) {
                const LevelChunk* c = chunk(cx, cz);
                if (!c) continue;
                for (std::int32_t sy = sy0; sy <= sy1; ++sy)
                    if (c->section(sy).may_hold_danger()) return false;
            }
        return true;
    }

    // The 3×3×3 block around a position that straddles section borders: clean when every
    // (section, layer) it touches is.
    bool neighbourhood_clean(std::int32_t x, std::int32_t y, std::int32_t z) noexcept {
        if (y - 1 < min_y || y + 1 >= min_y + world_height) return false;
        for (std::int32_t cx = (x - 1) >> 4; cx <= (x + 1) >> 4; ++cx)
            for (std::int32_t cz = (z - 1) >> 4; cz <= (z + 1) >> 4; ++cz) {
                const LevelChunk* c = chunk(cx, cz);
                if (!c) continue;  // air
                for (std::int32_t by = y - 1; by <= y + 1; ++by) {
                    const std::int32_t ry = by - min_y;
                    const LevelChunkSection& sec = c->section(ry >> 4);
                    if (sec.is_uniform()) {
                        if (danger(sec.get(0, 0, 0)) != PathType::Open) return false;
                        continue;
                    }
                    if (layers_dirty(sec, ry >> 4, ry & 15, 1)) return false;
                }
            }
        return true;
    }

    bool layer_has_danger(const LevelChunkSection& sec, std::int32_t ly) noexcept {
        for (std::int32_t lz = 0; lz < 16; ++lz)
            for (std::int32_t lx = 0; lx < 16; ++lx)
                if (danger(sec.get(lx, ly, lz)) != PathType::Open) return true;
        return false;
    }

    PathType danger(BlockState s) noexcept { return neighbour_danger(info_of(s)); }

    // The chunk at (cx, cz); also remembers its window slot (−1 outside the window) in last_slot_.
    [[gnu::always_inline]] const LevelChunk* chunk(std::int32_t cx, std::int32_t cz) noexcept {
        // A window slot already filled this search. Tried before remembering the last chunk: a
        // search straddling a chunk border alternates between chunks, and "same as last time?"
        // would then be a branch the predictor keeps losing.
        const auto ix = static_cast<std::uint32_t>(cx - base_cx_);
        const auto iz = static_cast<std::uint32_t>(cz - base_cz_);
        if (ix < static_cast<std::uint32_t>(window) && iz < static_cast<std::uint32_t>(window)) [[likely]] {
            const std::uint32_t i = iz * window + ix;
            if (stamps_[i] == stamp_) [[likely]] {
                last_slot_ = static_cast<std::int32_t>(i);
                return slots_[i];
            }
        } else if (cx == last_cx_ && cz == last_cz_) {
            last_slot_ = -1;
            return last_chunk_;
        }
        return chunk_slow(cx, cz);
    }
    [[gnu::noinline]] const LevelChunk* chunk_slow(std::int32_t cx, std::int32_t cz) noexcept;

    [[gnu::noinline]] void fill_fact(Fact& f, std::uint32_t id) noexcept;

    const ChunkMap* chunks_ = nullptr;
    const BlockRegistry* blocks_ = nullptr;
    const BlockStateInfo* infos_ = nullptr;
    std::size_t info_count_ = 0;
    std::vector<Fact> facts_;       // by state id
    std::uint16_t fact_stamp_ = 0;  // this search's
    std::int32_t base_cx_ = 0, base_cz_ = 0;
    std::int32_t last_cx_ = INT32_MAX, last_cz_ = INT32_MAX;
    const LevelChunk* last_chunk_ = nullptr;
    std::int32_t last_slot_ = -1;
    std::uint32_t stamp_ = 0;
    std::array<std::uint32_t, window * window> stamps_{};
    std::array<const LevelChunk*, window * window> slots_{};
    struct LayerFlags {
        std::uintptr_t section = 0;
        std::uint32_t stamp = 0;
        std::uint16_t known = 0, dirty = 0;
    };
    std::array<LayerFlags, layer_slots> layers_{};
    // The same flags for the sections of the chunks in the window, reset when a slot is claimed.
    struct LayerPair {
        std::uint16_t known = 0, dirty = 0;
        std::uint16_t direct_scans = 0;  // neighbour checks answered block by block so far
        std::int8_t clean_around = -1;   // clean_around's answer, −1 until asked
    };
    static constexpr std::uint16_t direct_scan_limit = 24;
    std::vector<std::array<LayerPair, section_count>> slot_layers_ =
        std::vector<std::array<LayerPair, section_count>>(window * window);
};

}  // namespace mobsdk::server::pathfinding
