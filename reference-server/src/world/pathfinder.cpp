// Vanilla's PathFinder (A* over a binary heap) and its WalkNodeEvaluator and FlyNodeEvaluator,
// following 1.20's rules node for node: every search gives vanilla's nodes, costs and order.
// Speed comes from not repeating work, never from skipping a rule: nodes live in a pool reused
// across searches; positions map to their node, path types and floor through a grid of bricks
// around the start (stamped per cell, so starting a search clears nothing), whose neighbours are
// a fixed offset away; a walker's cells are worked out eight at a time from one pass over their
// columns, and a two-high wall is recognised there; block reads go through a window of chunk
// pointers and a per-search table of the few facts a cell needs of each block state; the 24-block
// danger scan is skipped where the sections' danger-source counts (kept by LevelChunk::set_block)
// are zero; a walker's footprint type is worked out once per pair of block types; a neighbour
// already walkable, or a wall, is judged from its cell alone, without branches on the terrain;
// and answers that cannot change within a search (the type above a node) are worked out only
// when asked for.
#include "mobserver/world/pathfinder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace mobsdk::server {

namespace {

constexpr float float_max = std::numeric_limits<float>::max();
// "Not computed yet" in the type caches. The caches hold PathType, not a char type, so that the
// compiler may assume their writes do not alias everything else (char writes may).
constexpr auto unknown_type = static_cast<PathType>(0xFF);

constexpr std::uint32_t bit(PathType t) noexcept { return 1u << static_cast<unsigned>(t); }

// ---------------------------------------------------------------------------------------------
// Block access. Both readers answer info(x, y, z) and check_neighbours(x, y, z, type); the static
// path type rules are templates over them so that the free functions and the search share one
// definition.

// What a neighbouring block makes of a walkable node (checkNeighbourBlocks' tests, in its order:
// cactus or berry bush, burning, water, wither rose or dripstone); Open when nothing.
PathType neighbour_danger(const BlockStateInfo& s) noexcept {
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
        float top;           // the top of its collision shape (0 when empty)
        PathType path_type;  // its raw path type
        bool water;          // water fluid
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

    PathType danger(BlockState s) noexcept {
        return neighbour_danger(info_of(s));
    }

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
    [[gnu::noinline]] const LevelChunk* chunk_slow(std::int32_t cx, std::int32_t cz) noexcept {
        const auto ix = static_cast<std::uint32_t>(cx - base_cx_);
        const auto iz = static_cast<std::uint32_t>(cz - base_cz_);
        const LevelChunk* c;
        if (ix < static_cast<std::uint32_t>(window) && iz < static_cast<std::uint32_t>(window)) {
            const std::uint32_t i = iz * window + ix;
            if (stamps_[i] != stamp_) {
                stamps_[i] = stamp_;
                slots_[i] = chunks_->chunk(ChunkPos{cx, cz});
                slot_layers_[i].fill(LayerPair{});
            }
            c = slots_[i];
            last_slot_ = static_cast<std::int32_t>(i);
        } else {
            c = chunks_->chunk(ChunkPos{cx, cz});
            last_slot_ = -1;
        }
        last_cx_ = cx;
        last_cz_ = cz;
        last_chunk_ = c;
        return c;
    }

    [[gnu::noinline]] void fill_fact(Fact& f, std::uint32_t id) noexcept {
        const BlockStateInfo& i = infos_[id];
        f.top = i.collision.is_empty() ? 0.0f : i.collision.max_y();
        f.path_type = i.path_type;
        f.water = i.fluid == Fluid::Water;
        f.stamp = fact_stamp_;
    }

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

// ---------------------------------------------------------------------------------------------
// Static path types (mob-independent), vanilla's getBlockPathTypeStatic and its fly variant.

// Vanilla's checkNeighbourBlocks: the 8 columns around, one block up and down, in vanilla's
// order (x outer, then y, then z); the first danger found wins.
PathType MapReader::check_neighbours(std::int32_t x, std::int32_t y, std::int32_t z, PathType type) const noexcept {
    for (std::int32_t dx = -1; dx <= 1; ++dx)
        for (std::int32_t dy = -1; dy <= 1; ++dy)
            for (std::int32_t dz = -1; dz <= 1; ++dz) {
                if (dx == 0 && dz == 0) continue;  // the column itself is the node's own business
                const PathType d = neighbour_danger(info(x + dx, y + dy, z + dz));
                if (d != PathType::Open) return d;
            }
    return type;
}

template <class R>
PathType check_neighbour_blocks(R& r, std::int32_t x, std::int32_t y, std::int32_t z, PathType type) noexcept {
    return r.check_neighbours(x, y, z, type);
}

// The ground rule from the raw types of a block and the one below it.
constexpr PathType walk_static_from_raw(PathType t, PathType below, std::int32_t y) noexcept {
    if (t == PathType::Open && y >= min_y + 1) {
        t = below != PathType::Walkable && below != PathType::Open && below != PathType::Water && below != PathType::Lava
                ? PathType::Walkable
                : PathType::Open;
        switch (below) {
            case PathType::DamageFire: t = PathType::DamageFire; break;
            case PathType::DamageOther: t = PathType::DamageOther; break;
            case PathType::StickyHoney: t = PathType::StickyHoney; break;
            case PathType::PowderSnow: t = PathType::DangerPowderSnow; break;
            case PathType::DamageCautious: t = PathType::DamageCautious; break;
            default: break;
        }
    }
    return t;
}

// The same for every pair of raw types above the world's bottom row, as a table: a search meets
// the rule for each new position, and a lookup has no branch to mispredict.
struct WalkStaticTable {
    std::array<PathType, 32 * 32> type{};
    constexpr WalkStaticTable() noexcept {
        for (std::size_t here = 0; here < path_type_count; ++here)
            for (std::size_t below = 0; below < path_type_count; ++below)
                type[(here << 5) | below] =
                    walk_static_from_raw(static_cast<PathType>(here), static_cast<PathType>(below), min_y + 1);
    }
};
constexpr WalkStaticTable walk_static_table;
static_assert(path_type_count <= 32, "walk_static_table indexes path types with 5 bits");

// walk_static_from_raw for a block with a block below it in the world (y > min_y).
PathType walk_static_above_bottom(PathType t, PathType below) noexcept {
    return walk_static_table.type[(static_cast<std::size_t>(t) << 5) | static_cast<std::size_t>(below)];
}

template <class R>
PathType walk_static_type(R& r, std::int32_t x, std::int32_t y, std::int32_t z) noexcept {
    const PathType raw = r.info(x, y, z).path_type;
    const PathType below = raw == PathType::Open && y >= min_y + 1 ? r.info(x, y - 1, z).path_type : PathType::Blocked;
    const PathType t = walk_static_from_raw(raw, below, y);
    return t == PathType::Walkable ? check_neighbour_blocks(r, x, y, z, t) : t;
}

template <class R>
PathType fly_static_type(R& r, std::int32_t x, std::int32_t y, std::int32_t z, BlockPos mob_pos) noexcept {
    PathType t = r.info(x, y, z).path_type;
    if (t == PathType::Open && y >= min_y + 1) {
        const PathType below = r.info(x, y - 1, z).path_type;
        if (below == PathType::DamageFire || below == PathType::Lava) {
            t = PathType::DamageFire;
        } else if (below == PathType::DamageOther) {
            t = PathType::DamageOther;
        } else if (below == PathType::Cocoa) {
            t = PathType::Cocoa;
        } else if (below == PathType::Fence) {
            // Vanilla compares the fence's own position (its cursor already moved down) with the
            // mob's: a flyer inside a fence block may leave it upwards.
            if (BlockPos{x, y - 1, z} != mob_pos) t = PathType::Fence;
        } else {
            t = below != PathType::Walkable && below != PathType::Open && below != PathType::Water
                    ? PathType::Walkable
                    : PathType::Open;
        }
    }
    if (t == PathType::Walkable || t == PathType::Open) t = check_neighbour_blocks(r, x, y, z, t);
    return t;
}

template <class R>
double static_floor_level(R& r, std::int32_t x, std::int32_t y, std::int32_t z) noexcept {
    const BlockShape& s = r.info(x, y - 1, z).collision;
    return static_cast<double>(y - 1) + (s.is_empty() ? 0.0 : static_cast<double>(s.max_y()));
}

// Vanilla's evaluateBlockPathType: the door and rail rules applied to each block of the box.
PathType evaluate_block_type(PathType t, const NodeEvaluatorFlags& flags, bool mob_on_rail) noexcept {
    if (t == PathType::DoorWoodClosed && flags.can_open_doors && flags.can_pass_doors) t = PathType::WalkableDoor;
    if (t == PathType::DoorOpen && !flags.can_pass_doors) t = PathType::Blocked;
    if (t == PathType::Rail && !mob_on_rail) t = PathType::UnpassableRail;
    return t;
}

// The mob-dependent type from the set of block types its box covers (vanilla's
// getBlockPathType(level, x, y, z, mob)); EnumSet iteration order is the enum's order.
PathType combine_types(PathType first, std::uint32_t set, const PathfindingMob& mob, bool walk,
                       std::int32_t entity_width) noexcept {
    if (set & bit(PathType::Fence)) return PathType::Fence;
    if (walk && (set & bit(PathType::UnpassableRail))) return PathType::UnpassableRail;
    PathType best = PathType::Blocked;
    for (std::uint32_t rest = set; rest != 0; rest &= rest - 1) {
        const auto t = static_cast<PathType>(__builtin_ctz(rest));
        const float m = mob.malus_of(t);
        if (m < 0.0f) return t;
        if (m >= mob.malus_of(best)) best = t;
    }
    const bool open_ok = !walk || entity_width <= 1;
    return first == PathType::Open && mob.malus_of(best) == 0.0f && open_ok ? PathType::Open : best;
}

bool is_rail_at(PathType raw) noexcept { return raw == PathType::Rail; }

// ---------------------------------------------------------------------------------------------
// Search state.

struct Node {
    std::int32_t x = 0, y = 0, z = 0;
    std::int32_t heap_index = -1;
    float g = 0, h = 0, f = 0;
    float walked = 0;
    float cost_malus = 0;
    Node* came_from = nullptr;
    PathType type = PathType::Blocked;
    bool closed = false;
    bool in_open_set() const noexcept { return heap_index >= 0; }
};

// "No node here", where vanilla has null: closed and higher than any node, so that the neighbour
// rules refuse it without a branch of their own. Never written.
constexpr Node make_no_node() noexcept {
    Node n;
    n.y = std::numeric_limits<std::int32_t>::max();
    n.cost_malus = -1.0f;
    n.closed = true;
    return n;
}

float distance(const Node& a, std::int32_t x, std::int32_t y, std::int32_t z) noexcept {
    const auto dx = static_cast<float>(x - a.x), dy = static_cast<float>(y - a.y), dz = static_cast<float>(z - a.z);
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}
float distance(const Node& a, const Node& b) noexcept { return distance(a, b.x, b.y, b.z); }

// The distance between two neighbouring nodes: the squares of whole offsets sum exactly in float,
// so a table of square roots gives vanilla's value bit for bit without a square root per step.
struct StepLengths {
    std::array<float, 32> root{};
    StepLengths() noexcept {
        for (std::size_t k = 0; k < root.size(); ++k) root[k] = std::sqrt(static_cast<float>(k));
    }
};
const StepLengths step_lengths;

// The squared distance between two neighbouring nodes (dy stays small: a fall is limited to the
// mob's fall distance, and a far one only costs a square root).
std::uint32_t squared_step(const Node& a, const Node& b) noexcept {
    const std::int64_t dx = b.x - a.x, dy = b.y - a.y, dz = b.z - a.z;
    const std::int64_t k = dx * dx + dy * dy + dz * dz;
    return k < 32 ? static_cast<std::uint32_t>(k) : 32u;
}

// distance(a, b) for b a neighbour of a whose squared distance is `k` (squared_step).
float step_length(const Node& a, const Node& b, std::uint32_t k) noexcept {
    return k < step_lengths.root.size() ? step_lengths.root[k] : distance(a, b);
}

// Nodes in fixed blocks so that pointers stay valid while the pool grows; reused across searches.
class NodePool {
public:
    void clear() noexcept {
        used_ = 0;
        next_ = end_ = nullptr;
    }
    // A fresh node.
    Node* make(std::int32_t x, std::int32_t y, std::int32_t z) {
        if (next_ == end_) [[unlikely]]
            next_block();
        Node* n = next_++;
        ++used_;
        *n = Node{x, y, z};
        return n;
    }
    std::size_t size() const noexcept { return used_; }

private:
    static constexpr std::size_t block_size = 1024;
    [[gnu::noinline]] void next_block() {
        const std::size_t b = used_ / block_size;
        if (b == blocks_.size()) blocks_.push_back(std::make_unique<Node[]>(block_size));
        next_ = blocks_[b].get();
        end_ = next_ + block_size;
    }
    std::vector<std::unique_ptr<Node[]>> blocks_;
    std::size_t used_ = 0;
    Node* next_ = nullptr;  // the next free node of the current block
    Node* end_ = nullptr;
};

enum class FloorState : std::uint8_t { Unknown, OnBlockBelow, Floating };

// What a walker's neighbour evaluation of a position comes to, as far as it does not depend on
// the node it is seen from. WalkNode and Wall differ in the last bit only, so that one comparison
// of the cell's tag tells both from everything else (fast_tag; WalkEvaluator::probe).
enum class Quick : std::uint8_t {
    Unknown = 0,   // the mob type is not worked out yet
    Other = 1,     // the full rules
    Walk = 2,      // WALKABLE, standing on the block below, no node yet
    WalkNode = 6,  // the same with its node made, WALKABLE with at least the walkable malus (the
                   // fast path neither reads nor writes it; whatever makes it otherwise demotes
                   // the cell to Walk)
    Wall = 7,      // never a node and no side effects, from wherever it is seen (note_wall); the
                   // fast path gives none here, its below_top being +inf (the real floor is read again)
};

// Everything the search knows about one position: its node and its cached path types. A grid
// cell belongs to the search whose stamp it carries; any other is stale, and reads as blank.
struct Cell {
    Node* node = nullptr;        // none yet
    float below_top = 0.0f;      // top of the collision shape below (OnBlockBelow); +inf on a Quick::Wall
    PathType static_type = unknown_type;
    PathType mob_type = unknown_type;
    std::uint16_t tag = 0;       // Quick in bits 0–2, FloorState in bits 3–4, closed_bit, the grid's stamp in bits 8–15
    // Set once the node here is closed (its node's `closed`, mirrored for the fast path).
    static constexpr std::uint16_t closed_bit = 0x20;

    Quick quick() const noexcept { return static_cast<Quick>(tag & 7u); }
    void set_quick(Quick q) noexcept { tag = static_cast<std::uint16_t>((tag & ~7u) | static_cast<unsigned>(q)); }
    FloorState floor_state() const noexcept { return static_cast<FloorState>((tag >> 3) & 3u); }
    void set_floor_state(FloorState f) noexcept {
        tag = static_cast<std::uint16_t>((tag & ~0x18u) | (static_cast<unsigned>(f) << 3));
    }
    std::uint8_t stamp() const noexcept { return static_cast<std::uint8_t>(tag >> 8); }
    // A blank cell of the search with stamp `s`.
    static Cell blank(std::uint8_t s) noexcept {
        Cell c;
        c.tag = static_cast<std::uint16_t>(s << 8);
        return c;
    }
};

// The tag of a fast-path cell (Quick::WalkNode or Quick::Wall, standing on the block below) of
// the search with stamp `s`, with the bits fast_mask sets set: `(tag | fast_mask) == fast_tag(s)`
// tells such a cell from every other in one comparison.
constexpr std::uint16_t fast_mask = Cell::closed_bit | 1u;
constexpr std::uint16_t fast_tag(std::uint8_t s) noexcept {
    return static_cast<std::uint16_t>(s << 8 | Cell::closed_bit | static_cast<unsigned>(FloorState::OnBlockBelow) << 3 |
                                      static_cast<unsigned>(Quick::Wall));
}

// Brings the cell's Quick up to date after its mob type or its floor was worked out. Never to
// WalkNode: a node made before (by a fall gone too deep, say) need not be walkable; the slow
// path's accept_walkable settles it first.
void settle(Cell& c) noexcept {
    if (c.quick() == Quick::Wall || c.quick() == Quick::WalkNode) return;
    c.set_quick(c.mob_type == PathType::Walkable && c.floor_state() == FloorState::OnBlockBelow ? Quick::Walk
                : c.mob_type == unknown_type                                                  ? Quick::Unknown
                                                                                               : Quick::Other);
}
static_assert(sizeof(Cell) == 16, "four cells to a cache line");

// Positions the grid does not cover (searches taller or wider than it): open addressing with
// linear probing, each slot stamped with its search so that starting one costs nothing.
class OverflowTable {
public:
    void begin() {
        if (slots_.empty()) resize(8);
        if (++stamp_ == 0) {
            for (Slot& s : slots_) s.stamp = 0;
            stamp_ = 1;
        }
        count_ = 0;
    }
    Cell& get(std::int32_t x, std::int32_t y, std::int32_t z) {
        const auto key = static_cast<std::uint64_t>(BlockPos{x, y, z}.as_long());
        for (;;) {
            std::size_t i = slot_of(key);
            for (;;) {
                Slot& s = slots_[i];
                if (s.stamp != stamp_) {
                    if ((count_ + 1) * 2 > slots_.size()) break;  // grow, then probe again
                    s.key = key;
                    s.stamp = stamp_;
                    s.cell = Cell{};
                    ++count_;
                    return s.cell;
                }
                if (s.key == key) return s.cell;
                i = (i + 1) & mask_;
            }
            grow();
        }
    }

private:
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t stamp = 0;
        Cell cell;
    };
    std::size_t slot_of(std::uint64_t key) const noexcept {
        return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_);
    }
    void resize(unsigned bits) {
        slots_.assign(std::size_t{1} << bits, Slot{});
        mask_ = slots_.size() - 1;
        shift_ = 64 - bits;
    }
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        const std::uint32_t stamp = stamp_;
        resize(64 - shift_ + 1);
        stamp_ = 1;
        count_ = 0;
        for (const Slot& s : old) {
            if (s.stamp != stamp) continue;
            std::size_t i = slot_of(s.key);
            while (slots_[i].stamp == stamp_) i = (i + 1) & mask_;
            slots_[i] = s;
            slots_[i].stamp = stamp_;
            ++count_;
        }
    }

    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    unsigned shift_ = 64;
    std::uint32_t stamp_ = 0;
    std::size_t count_ = 0;
};

// The cells around the search's start, in 16×2×16 bricks handed out as the search reaches them:
// neighbouring positions share cache lines, which a hash table would scatter, and the eight
// neighbours of most positions (all but those on a brick's rim, about a quarter) are in the same
// brick, a fixed offset away. Two high, with the start at the bottom of its brick: on level
// ground a position and the one above it share a brick too. Handing out a brick clears nothing:
// each cell carries the stamp of the search that last wrote it and is blanked on first use (a
// search touches a small part of its bricks, and clearing them whole cost more than the rest of
// a short search). A reference from get() is valid until the next get() (the overflow table may
// grow).
class CellGrid {
public:
    void begin(BlockPos center, float range) {
        if (++cell_stamp_ == 0) {
            // Every 255 searches the stamps come round again: forget them all.
            for (const auto& b : bricks_)
                for (Cell& c : b->cells) c.tag = 0;
            cell_stamp_ = 1;
        }
        const double reach = std::min(std::max(static_cast<double>(range), 0.0) + 16.0, 128.0);
        half_ = static_cast<std::int32_t>(std::ceil(reach / xz_edge));
        dim_ = static_cast<std::uint32_t>(2 * half_ + 1);
        dim_y_ = dim_ * static_cast<std::uint32_t>(xz_edge / y_edge);  // as far up and down as sideways
        // Bricks line up with chunks (a brick's cells are one chunk's columns), so that a row of
        // cells reads one chunk; at least `reach` on every side of the centre.
        base_x_ = ((center.x >> 4) - half_) * xz_edge;
        base_y_ = center.y - half_ * xz_edge;
        base_z_ = ((center.z >> 4) - half_) * xz_edge;
        const std::size_t n = static_cast<std::size_t>(dim_) * dim_ * dim_y_;
        if (directory_.size() < n) directory_.resize(n);
        if (++stamp_ == 0) {
            for (Entry& e : directory_) e.stamp = 0;
            stamp_ = 1;
        }
        used_ = 0;
        overflow_.begin();
    }
    // True when (x, y, z) has a grid cell (else get() gives an overflow cell).
    bool holds(std::int32_t x, std::int32_t y, std::int32_t z) const noexcept {
        return (static_cast<std::uint32_t>(x - base_x_) >> xz_bits) < dim_ &&
               (static_cast<std::uint32_t>(y - base_y_) >> y_bits) < dim_y_ &&
               (static_cast<std::uint32_t>(z - base_z_) >> xz_bits) < dim_;
    }
    // After other get() calls a cell pointer must be refreshed: grid cells never move, overflow ones may.
    Cell* refresh(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z) {
        const auto bx = static_cast<std::uint32_t>(x - base_x_) >> xz_bits,
                   by = static_cast<std::uint32_t>(y - base_y_) >> y_bits,
                   bz = static_cast<std::uint32_t>(z - base_z_) >> xz_bits;
        return bx < dim_ && by < dim_y_ && bz < dim_ ? c : &overflow_.get(x, y, z);
    }
    // A grid cell and which of its neighbours share its brick (`in_brick` bits: west, east,
    // north, south, up), which then lie a fixed offset away (step_x, step_z, step_y). Null for a
    // position outside the grid: overflow cells may move, so they get no offsets.
    static constexpr unsigned xz_bits = 4, y_bits = 1;  // 16 × 2 × 16 cells
    static constexpr std::int32_t xz_edge = 1 << xz_bits, y_edge = 1 << y_bits;
    static constexpr std::uint32_t xz_mask = xz_edge - 1, y_mask = y_edge - 1;
    static constexpr std::uint32_t in_west = 1, in_east = 2, in_north = 4, in_south = 8, in_up = 16;
    static constexpr std::uint32_t in_xz = in_west | in_east | in_north | in_south;
    static constexpr std::ptrdiff_t step_x = 1, step_z = xz_edge, step_y = xz_edge * xz_edge;
    [[gnu::always_inline]] Cell* around(std::int32_t x, std::int32_t y, std::int32_t z, std::uint32_t& in_brick) {
        const auto rx = static_cast<std::uint32_t>(x - base_x_), ry = static_cast<std::uint32_t>(y - base_y_),
                   rz = static_cast<std::uint32_t>(z - base_z_);
        const std::uint32_t bx = rx >> xz_bits, by = ry >> y_bits, bz = rz >> xz_bits;
        if (bx >= dim_ || by >= dim_y_ || bz >= dim_) [[unlikely]]
            return nullptr;
        Entry& e = directory_[(static_cast<std::size_t>(by) * dim_ + bz) * dim_ + bx];
        if (e.stamp != stamp_) [[unlikely]]
            claim(e);
        const std::uint32_t lx = rx & xz_mask, lz = rz & xz_mask, ly = ry & y_mask;
        in_brick = (lx != 0 ? in_west : 0u) | (lx != xz_mask ? in_east : 0u) | (lz != 0 ? in_north : 0u) |
                   (lz != xz_mask ? in_south : 0u) | (ly != y_mask ? in_up : 0u);
        return fresh(&e.cells[(ly << (2 * xz_bits)) | (lz << xz_bits) | lx]);
    }
    // The cells' stamp of this search.
    std::uint8_t stamp() const noexcept { return cell_stamp_; }
    // A grid cell reached by offset, blanked if a former search left it.
    [[gnu::always_inline]] Cell* fresh(Cell* c) noexcept {
        if (c->stamp() != cell_stamp_) [[unlikely]]
            *c = Cell::blank(cell_stamp_);
        return c;
    }
    // The cell above `c`, the cell at (x, y, z) just looked up: in the same brick it is an offset away.
    [[gnu::always_inline]] Cell& above(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z) {
        const auto rx = static_cast<std::uint32_t>(x - base_x_), ry = static_cast<std::uint32_t>(y - base_y_),
                   rz = static_cast<std::uint32_t>(z - base_z_);
        if ((ry & y_mask) != y_mask && (rx >> xz_bits) < dim_ && (ry >> y_bits) < dim_y_ &&
            (rz >> xz_bits) < dim_) [[likely]]
            return *fresh(c + step_y);
        return get(x, y + 1, z);
    }
    [[gnu::always_inline]] Cell& get(std::int32_t x, std::int32_t y, std::int32_t z) {
        const auto rx = static_cast<std::uint32_t>(x - base_x_), ry = static_cast<std::uint32_t>(y - base_y_),
                   rz = static_cast<std::uint32_t>(z - base_z_);
        const std::uint32_t bx = rx >> xz_bits, by = ry >> y_bits, bz = rz >> xz_bits;
        if (bx >= dim_ || by >= dim_y_ || bz >= dim_) [[unlikely]]
            return overflow_.get(x, y, z);
        Entry& e = directory_[(static_cast<std::size_t>(by) * dim_ + bz) * dim_ + bx];
        if (e.stamp != stamp_) [[unlikely]]
            claim(e);
        return *fresh(&e.cells[((ry & y_mask) << (2 * xz_bits)) | ((rz & xz_mask) << xz_bits) | (rx & xz_mask)]);
    }

private:
    struct Brick {
        std::array<Cell, xz_edge * xz_edge * y_edge> cells;  // flat: searches spread sideways more than up
    };
    struct Entry {
        std::uint32_t stamp = 0;
        Cell* cells = nullptr;
    };
    [[gnu::noinline]] void claim(Entry& e) {
        if (used_ == bricks_.size()) bricks_.push_back(std::make_unique<Brick>());  // cells stamped 0: stale
        Brick& b = *bricks_[used_++];
        e.stamp = stamp_;
        e.cells = b.cells.data();
    }

    std::vector<Entry> directory_;
    std::vector<std::unique_ptr<Brick>> bricks_;
    std::size_t used_ = 0;
    std::uint32_t stamp_ = 0;       // the directory's
    std::uint8_t cell_stamp_ = 0;   // the cells' (never 0 during a search)
    std::int32_t half_ = 0;
    std::uint32_t dim_ = 0, dim_y_ = 0;
    std::int32_t base_x_ = 0, base_y_ = 0, base_z_ = 0;
    OverflowTable overflow_;
};

// Vanilla's BinaryHeap, with the same sift rules so that equal costs pop in vanilla's order. Each
// entry carries its node's cost, so sifting compares without visiting the nodes. The entry being
// placed travels in registers and is written once where it lands: reading back an entry just
// stored in parts (the cost, then the node) stalls the load on the store.
class BinaryHeap {
public:
    void clear() noexcept {
        for (const Entry& e : heap_) e.node->heap_index = -1;
        heap_.clear();
    }
    bool empty() const noexcept { return heap_.empty(); }
    void insert(Node* node) {
        heap_.emplace_back();
        up_heap(heap_.size() - 1, Entry{node->f, node});
    }
    Node* pop() noexcept {
        Node* top = heap_[0].node;
        const Entry last = heap_.back();
        heap_.pop_back();
        if (!heap_.empty()) down_heap(0, last);
        top->heap_index = -1;
        return top;
    }
    void change_cost(Node* node, float cost) noexcept {
        const float old = node->f;
        node->f = cost;
        const auto idx = static_cast<std::size_t>(node->heap_index);
        if (cost < old)
            up_heap(idx, Entry{cost, node});
        else
            down_heap(idx, Entry{cost, node});
    }

private:
    struct Entry {
        float f;
        Node* node;
    };
    // Places `e` at `idx` or above.
    void up_heap(std::size_t idx, const Entry e) noexcept {
        while (idx > 0) {
            const std::size_t parent = (idx - 1) >> 1;
            const Entry p = heap_[parent];
            if (!(e.f < p.f)) break;
            heap_[idx] = p;
            p.node->heap_index = static_cast<std::int32_t>(idx);
            idx = parent;
        }
        heap_[idx] = e;
        e.node->heap_index = static_cast<std::int32_t>(idx);
    }
    // Places `e` at `idx` or below.
    void down_heap(std::size_t idx, const Entry e) noexcept {
        const std::size_t size = heap_.size();
        Entry* const h = heap_.data();
        for (;;) {
            const std::size_t l = 1 + (idx << 1), r = l + 1;
            if (l >= size) break;
            const float lf = h[l].f;
            const float rf = r < size ? h[r].f : std::numeric_limits<float>::infinity();
            // Vanilla's choice (left only when strictly cheaper), written so that it compiles to a
            // conditional move: which child is cheaper is a coin toss the branch predictor loses.
            const bool left = lf < rf;
            const std::size_t child = l + static_cast<std::size_t>(!left);
            const float cf = std::min(rf, lf);  // lf when lf < rf, else rf
            if (!(cf < e.f)) break;
            const Entry c = h[child];
            h[idx] = c;
            c.node->heap_index = static_cast<std::int32_t>(idx);
            idx = child;
        }
        h[idx] = e;
        e.node->heap_index = static_cast<std::int32_t>(idx);
    }

    std::vector<Entry> heap_;
};

struct Target {
    std::int32_t x = 0, y = 0, z = 0;
    float best_h = float_max;
    Node* best = nullptr;
    bool reached = false;
};

}  // namespace

struct PathFinder::Workspace {
    CachedReader reader;
    CellGrid cells;
    NodePool nodes;
    BinaryHeap open_set;
    std::vector<Target> targets;
    std::array<Node*, 32> neighbors{};
    std::array<std::uint32_t, 32> steps{};  // squared step lengths to the neighbours, as neighbors() lists them
    // The walker's 1×2×1 footprint type for each pair of static types (feet << 5 | head), this search.
    static_assert(path_type_count <= 32, "pair_types indexes path types with 5 bits");
    std::array<PathType, 32 * 32> pair_types{};
    PathSearchStats stats;
    Node none = make_no_node();  // the search's "no node" (see make_no_node)
};

namespace {

// What both evaluators share: the mob, the footprint, node lookup and the type caches.
class EvaluatorBase {
public:
    EvaluatorBase(PathFinder::Workspace& ws, const PathfindingMob& mob) noexcept
        : ws_(ws), mob_(mob), r_(ws.reader) {
        entity_width_ = static_cast<std::int32_t>(std::floor(mob.width + 1.0f));
        entity_height_ = static_cast<std::int32_t>(std::floor(mob.height + 1.0f));
        entity_depth_ = entity_width_;
        mob_pos_ = mob.position.block_pos();
        mob_on_rail_ = is_rail_at(r_.info(mob_pos_.x, mob_pos_.y, mob_pos_.z).path_type) ||
                       is_rail_at(r_.info(mob_pos_.x, mob_pos_.y - 1, mob_pos_.z).path_type);
    }

protected:
    float malus(PathType t) const noexcept { return mob_.malus_of(t); }

    // Vanilla's NodeEvaluator.getNode: the node at a position, created on first use.
    Node* get_node(std::int32_t x, std::int32_t y, std::int32_t z) { return node_of(&ws_.cells.get(x, y, z), x, y, z); }
    Node* node_of(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z) {
        if (!c->node) [[unlikely]] {
            c->node = ws_.nodes.make(x, y, z);  // the pool does not touch the cells
            if (c->quick() == Quick::Walk) c->set_quick(Quick::WalkNode);
        }
        return c->node;
    }

    // The footprint's combined type, through the per-position cache; `c` is the cell at (x, y, z)
    // and is refreshed when other cells had to be made.
    template <class Static>
    PathType cached_mob_type(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z, bool walk, Static static_type) {
        if (c->mob_type != unknown_type) [[likely]]
            return c->mob_type;
        return compute_mob_type(c, x, y, z, walk, static_type);
    }

    template <class Static>
    [[gnu::noinline]] PathType compute_mob_type(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z, bool walk,
                                                Static static_type) {
        PathType first;
        std::uint32_t set;
        if (entity_width_ == 1 && entity_height_ == 2) {
            // The common 1×2×1 footprint, unrolled.
            first = evaluate_block_type(static_of(*c, x, y, z, static_type), mob_.flags, mob_on_rail_);
            const PathType second =
                evaluate_block_type(static_of(ws_.cells.get(x, y + 1, z), x, y + 1, z, static_type), mob_.flags, mob_on_rail_);
            set = bit(first) | bit(second);
        } else {
            first = PathType::Blocked;
            set = 0;
            for (std::int32_t i = 0; i < entity_width_; ++i)
                for (std::int32_t j = 0; j < entity_height_; ++j)
                    for (std::int32_t k = 0; k < entity_depth_; ++k) {
                        const std::int32_t bx = x + i, by = y + j, bz = z + k;
                        const PathType t =
                            evaluate_block_type(static_of(ws_.cells.get(bx, by, bz), bx, by, bz, static_type), mob_.flags, mob_on_rail_);
                        if (i == 0 && j == 0 && k == 0) first = t;
                        set |= bit(t);
                    }
        }
        const PathType result = combine_types(first, set, mob_, walk, entity_width_);
        c = ws_.cells.refresh(c, x, y, z);
        c->mob_type = result;
        settle(*c);
        return result;
    }

    template <class Static>
    static PathType static_of(Cell& c, std::int32_t x, std::int32_t y, std::int32_t z, Static& static_type) {
        if (c.static_type == unknown_type) c.static_type = static_type(x, y, z);  // reads blocks only
        return c.static_type;
    }

    PathFinder::Workspace& ws_;
    const PathfindingMob& mob_;
    CachedReader& r_;
    std::int32_t entity_width_ = 1, entity_height_ = 2, entity_depth_ = 1;
    BlockPos mob_pos_;
    bool mob_on_rail_ = false;
};

// Vanilla's WalkNodeEvaluator.
class WalkEvaluator : public EvaluatorBase {
public:
    WalkEvaluator(PathFinder::Workspace& ws, const PathfindingMob& mob) noexcept : EvaluatorBase(ws, mob) {
        jump_height_ = std::max(1.125, static_cast<double>(mob.step_height));
        half_width_ = static_cast<double>(mob.width) / 2.0;
        walkable_malus_ = mob.malus_of(PathType::Walkable);
        step_up_ = static_cast<std::int32_t>(std::floor(std::max(1.0f, mob.step_height)));
        thin_ = mob.width < 0.5f;
    }

    PathType mob_type(std::int32_t x, std::int32_t y, std::int32_t z) {
        Cell* c = &ws_.cells.get(x, y, z);
        return mob_type_of(c, x, y, z);
    }
    [[gnu::always_inline]] PathType mob_type_of(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z) {
        if (c->mob_type != unknown_type) [[likely]]
            return c->mob_type;
        if (entity_width_ == 1 && entity_height_ == 2) return compute_walk_1x2(c, x, y, z);
        return cached_mob_type(c, x, y, z, true, [this](std::int32_t bx, std::int32_t by, std::int32_t bz) {
            return walk_static_type(r_, bx, by, bz);
        });
    }

    // Cells are worked out a segment of a row at a time, with the row above: a search that needs
    // one position soon needs its neighbours, and the eight share their chunk, sections, bricks
    // and loop; the row above is what a jump or a wall test asks next.
    static constexpr std::int32_t segment = 8;
    static_assert(CellGrid::xz_edge % segment == 0 && 16 % segment == 0, "a segment lies in one brick and one chunk");

    // True when (x, y, z) can be worked out by evaluate_segment: the blocks y − 1 … y + 2 are in the
    // world and the rows y … y + 2 in the grid.
    bool segment_ok(std::int32_t x, std::int32_t y, std::int32_t z) const noexcept {
        return y > min_y && y + 2 < min_y + world_height && ws_.cells.holds(x, y, z) && ws_.cells.holds(x, y + 2, z);
    }

    // What compute_walk_1x2 gives each of the cells (x0 … x0 + 7, y, z) and (x0 … x0 + 7, y + 1, z),
    // `row` the first (segment_ok holds): static types, floors and mob types from the blocks
    // y − 1 … y + 2, one pass over the eight columns. Cells already worked out are left as they
    // are; the row y + 2 gets its static types. A cell of row y whose mob type and the one above
    // are both never entered (and do nothing without a node) is marked a wall on the spot: what
    // note_wall would find after its first jump test.
    [[gnu::noinline]] void evaluate_segment(Cell* row, std::int32_t x0, std::int32_t y, std::int32_t z) {
        Cell* const up = &ws_.cells.above(row, x0, y, z);  // rows are contiguous
        Cell* const up2 = &ws_.cells.above(up, x0, y + 1, z);
        std::int32_t slot;
        const LevelChunk* chunk = r_.chunk_and_slot(x0 >> 4, z >> 4, slot);
        const std::int32_t ry = y - min_y, lx0 = x0 & 15, lz = z & 15;
        const std::int32_t si = ry >> 4, ly = ry & 15;
        // The layers y − 1 … y + 1 of the segment (unloaded reads as air); y + 2 is read where needed.
        std::array<std::array<BlockState, segment>, 3> layer{};
        const LevelChunkSection* top_section = nullptr;
        // Which cells' 3×3×3 neighbourhoods need no checkNeighbourBlocks (rows y, y + 1, y + 2): all
        // when no section around holds a danger source, else those inside a section without one.
        const bool clean = r_.section_clean_around(slot, x0 >> 4, z >> 4, si);
        std::array<std::uint32_t, 3> quiet{};
        if (clean) quiet.fill(0xFFu);
        if (chunk) {
            for (std::int32_t l = 0; l < 3; ++l) {
                const std::int32_t by = ry - 1 + l;
                const LevelChunkSection& sec = chunk->section(by >> 4);
                for (std::int32_t i = 0; i < segment; ++i)
                    layer[static_cast<std::size_t>(l)][static_cast<std::size_t>(i)] = sec.get(lx0 + i, by & 15, lz);
            }
            top_section = &chunk->section((ry + 2) >> 4);
        }
        if (!clean && static_cast<std::uint32_t>(lz - 1) < 14u && (!chunk || !chunk->section(si).may_hold_danger())) {
            // Unloaded reads as air: there too only the rim columns may see a danger.
            const std::uint32_t inner = lx0 == 0 ? 0xFEu : 0x7Fu;
            for (std::int32_t r = 0; r < 3; ++r)
                if (ly != 0 && ly + r <= 14) quiet[static_cast<std::size_t>(r)] = inner;
        }
        const std::uint8_t stamp = ws_.cells.stamp();
        // Locals: the stores to cells below could otherwise alias the reader's fields.
        using Fact = CachedReader::Fact;
        const bool walls = step_up_ <= 1;  // note_wall's first condition
        for (std::int32_t i = 0; i < segment; ++i) {
            const auto k = static_cast<std::size_t>(i);
            Cell& c0 = row[i];
            Cell& c1 = up[i];
            const bool stale0 = c0.stamp() != stamp, stale1 = c1.stamp() != stamp;
            const bool need0 = stale0 || c0.mob_type == unknown_type;
            const bool need1 = stale1 || c1.mob_type == unknown_type;
            if (!need0) continue;  // worked out before (and maybe marked since)
            const Fact& b0 = r_.fact(layer[0][k]);
            const Fact& b1 = r_.fact(layer[1][k]);
            const Fact& b2 = r_.fact(layer[2][k]);
            // A static type: the cached one, or the ground rule and, when walkable and not quiet,
            // checkNeighbourBlocks.
            const auto static_type = [&](const Cell& c, bool stale, const Fact& here, const Fact& below, std::int32_t r) {
                if (!stale && c.static_type != unknown_type) return c.static_type;
                const PathType t = walk_static_above_bottom(here.path_type, below.path_type);
                return t == PathType::Walkable && !((quiet[static_cast<std::size_t>(r)] >> i) & 1u)
                           ? r_.check_neighbours(x0 + i, y + r, z, t)
                           : t;
            };
            const PathType s0 = static_type(c0, stale0, b1, b0, 0);
            const PathType s1 = static_type(c1, stale1, b2, b1, 1);
            // A cell's floor (the block below's top, or floating in water) and its mob type.
            const auto finish = [&](Cell& c, PathType st, PathType mob, const Fact& here, const Fact& below) {
                c.static_type = st;
                if (c.floor_state() == FloorState::Unknown) {
                    if (mob_.flags.can_float && here.water) {
                        c.set_floor_state(FloorState::Floating);
                    } else {
                        c.below_top = below.top;
                        c.set_floor_state(FloorState::OnBlockBelow);
                    }
                }
                c.mob_type = mob;
                settle(c);
            };
            if (stale1) c1 = Cell::blank(stamp);
            c1.static_type = s1;
            if (need0) {
                if (stale0) c0 = Cell::blank(stamp);
                finish(c0, s0, pair_type(s0, s1), b1, b0);
            }
            // The row above's mob type only where it decides a wall (elsewhere it is rarely asked).
            const PathType t0 = c0.mob_type;
            if (!walls || malus(t0) >= 0.0f || acts_without_node(t0) || c0.quick() == Quick::Wall) continue;
            if (need1) {
                Cell& c2 = up2[i];
                const bool stale2 = c2.stamp() != stamp;
                const BlockState top = top_section ? top_section->get(lx0 + i, (ry + 2) & 15, lz) : BlockState{};
                const PathType s2 = static_type(c2, stale2, r_.fact(top), b2, 2);
                if (stale2) c2 = Cell::blank(stamp);
                c2.static_type = s2;
                finish(c1, s1, pair_type(s1, s2), b2, b1);
            }
            const PathType t1 = c1.mob_type;
            if (malus(t1) < 0.0f && !acts_without_node(t1)) mark_wall(c0);
        }
    }

    // The 1×2×1 footprint's type from the static types of its two blocks: depends on those and
    // the search's mob only, so it is worked out once per pair.
    PathType pair_type(PathType s0, PathType s1) {
        PathType& memo = ws_.pair_types[(static_cast<std::size_t>(s0) << 5) | static_cast<std::size_t>(s1)];
        if (memo == unknown_type) [[unlikely]] {
            const PathType first = evaluate_block_type(s0, mob_.flags, mob_on_rail_);
            const PathType second = evaluate_block_type(s1, mob_.flags, mob_on_rail_);
            memo = combine_types(first, bit(first) | bit(second), mob_, true, 1);
        }
        return memo;
    }

    // The usual 1×2×1 footprint in one pass over the column: both static types and the floor
    // come from the three blocks y − 1, y and y + 1.
    [[gnu::noinline]] PathType compute_walk_1x2(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z) {
        if (segment_ok(x, y, z)) [[likely]] {
            evaluate_segment(c - (x & (segment - 1)), x & ~(segment - 1), y, z);
            return c->mob_type;
        }
        const BlockStateInfo *below, *here, *above;
        bool quiet, quiet_above;
        r_.column(x, y, z, below, here, above, quiet, quiet_above);
        PathType s0;
        if (c->static_type != unknown_type) {
            s0 = c->static_type;
        } else {
            s0 = y > min_y ? walk_static_above_bottom(here->path_type, below->path_type)
                           : walk_static_from_raw(here->path_type, below->path_type, y);
            if (s0 == PathType::Walkable && !quiet) s0 = r_.check_neighbours(x, y, z, s0);
            c->static_type = s0;
        }
        if (c->floor_state() == FloorState::Unknown) {
            if (mob_.flags.can_float && here->fluid == Fluid::Water) {
                c->set_floor_state(FloorState::Floating);
            } else {
                c->below_top = below->collision.is_empty() ? 0.0f : below->collision.max_y();
                c->set_floor_state(FloorState::OnBlockBelow);
            }
        }
        Cell& c1 = ws_.cells.above(c, x, y, z);
        PathType s1;
        if (c1.static_type != unknown_type) {
            s1 = c1.static_type;
        } else {
            s1 = y + 1 > min_y ? walk_static_above_bottom(above->path_type, here->path_type)
                               : walk_static_from_raw(above->path_type, here->path_type, y + 1);
            if (s1 == PathType::Walkable && !quiet_above) s1 = r_.check_neighbours(x, y + 1, z, s1);
            c1.static_type = s1;
        }
        PathType& memo = ws_.pair_types[(static_cast<std::size_t>(s0) << 5) | static_cast<std::size_t>(s1)];
        if (memo == unknown_type) [[unlikely]] {
            // Depends on the two static types and the search's mob only: worked out once per pair.
            const PathType first = evaluate_block_type(s0, mob_.flags, mob_on_rail_);
            const PathType second = evaluate_block_type(s1, mob_.flags, mob_on_rail_);
            memo = combine_types(first, bit(first) | bit(second), mob_, true, 1);
        }
        const PathType result = memo;
        c = ws_.cells.refresh(c, x, y, z);
        c->mob_type = result;
        settle(*c);
        return result;
    }

    Node* get_start() {
        const Vec3& p = mob_.position;
        const std::int32_t bx = mob_pos_.x, bz = mob_pos_.z;
        std::int32_t i = mob_pos_.y;
        if (mob_.flags.can_float && mob_.in_water) {
            // Up through the water to the last water block: the mob swims at the surface.
            while (r_.info(bx, i, bz).fluid == Fluid::Water) ++i;
            --i;
        } else if (mob_.on_ground) {
            i = static_cast<std::int32_t>(std::floor(p.y + 0.5));
        } else {
            // Falling or flying: down to the first block that is neither air nor passable.
            BlockPos b = mob_pos_;
            while (b.y > min_y) {
                const BlockStateInfo& s = r_.info(b.x, b.y, b.z);
                const bool passable = s.path_type == PathType::Open || s.path_type == PathType::Water ||
                                      s.path_type == PathType::DoorOpen;
                if (!passable) break;
                --b.y;
            }
            i = b.y + 1;
        }
        if (!can_start_at(bx, i, bz)) {
            const AABB box = mob_.bounding_box();
            const double xs[2] = {box.min.x, box.max.x}, zs[2] = {box.min.z, box.max.z};
            // Vanilla's order: (minX, minZ), (minX, maxZ), (maxX, minZ), (maxX, maxZ).
            for (double cx : xs)
                for (double cz : zs) {
                    const auto x = static_cast<std::int32_t>(std::floor(cx));
                    const auto z = static_cast<std::int32_t>(std::floor(cz));
                    if (can_start_at(x, i, z)) return start_node(x, i, z);
                }
        }
        return start_node(bx, i, bz);
    }

    // What neighbors() knows about the node it expands.
    struct Expansion {
        Cell* cell;              // the node's cell (a grid cell)
        std::uint32_t in_brick;  // CellGrid::around's bits
        std::int32_t x, y, z;
        double floor;            // the node's floor level
        double limit;            // a neighbour at the same y is out of reach when its below_top exceeds this
        PathType type;           // the node's type
        bool fast;               // no partial collision here and a walkable malus ≥ 0: the fast path may be taken
    };

    // Vanilla's getNeighbors: the 4 sides, then the 4 diagonals.
    std::int32_t neighbors(std::array<Node*, 32>& out, Node* node) {
        const std::int32_t x = node->x, y = node->y, z = node->z;
        std::uint32_t in_brick = 0;
        Cell* here_cell = ws_.cells.around(x, y, z, in_brick);
        if (!here_cell) [[unlikely]]
            return neighbors_far(out, node);
        const PathType here = mob_type_of(here_cell, x, y, z);
        // How high a neighbour may be stepped up to depends on the type above the node, which only
        // a neighbour that is not plainly walkable asks for: it is worked out on demand
        // (parent_max_y_step; vanilla reads it first thing, but it is pure, so later is the same).
        parent_step_ = lazy_step;
        lazy_parent_ = here_cell;
        lazy_parent_up_ = (in_brick & CellGrid::in_up) != 0;
        const double floor = floor_of(here_cell, x, y, z);
        // The fast path for walkable neighbours holds when the node has no partial collision and
        // the mob may walk at all.
        const bool fast = !has_partial_collision(here) && walkable_malus_ >= 0.0f;

        // floor − prev_floor > jump_height, with floor = y − 1 + below_top, as below_top > limit:
        // every term is a small whole number or a float, so both are exact and agree.
        const double limit = floor + jump_height_ - static_cast<double>(y - 1);
        fast_tag_ = fast ? fast_tag(ws_.cells.stamp()) : 0;
        here_cell->tag |= Cell::closed_bit;  // the node was just closed
        const Expansion at{here_cell, in_brick, x, y, z, floor, limit, here, fast};
        // One test for all eight neighbours (true for about three nodes in four) rather than one
        // per neighbour.
        if ((in_brick & CellGrid::in_xz) == CellGrid::in_xz) [[likely]]
            return expand<true>(out, node, at);
        return expand<false>(out, node, at);
    }

    // What the neighbour rules (isNeighborValid, isDiagonalValid) need to know of a neighbour,
    // as bits: the fast path takes them from the cell, so that a missing or closed neighbour's
    // node is never read. No node has none of them.
    struct Probe {
        Node* node;
        std::uint32_t facts;
        std::uint32_t step;  // the squared length of the step to it
    };
    static constexpr std::uint32_t f_open = 1, f_cost_ok = 2, f_not_above = 4, f_below = 8, f_not_door = 16,
                                   f_fence = 32;
    // The facts of a node (`none` gives none: it is closed and higher than any node).
    static std::uint32_t facts_of(const Node* n, std::int32_t root_y) noexcept {
        return (n->closed ? 0u : f_open) | (n->cost_malus >= 0.0f ? f_cost_ok : 0u) |
               (n->y <= root_y ? f_not_above : 0u) | (n->y < root_y ? f_below : 0u) |
               (n->type != PathType::WalkableDoor ? f_not_door : 0u) | (n->type == PathType::Fence ? f_fence : 0u);
    }

    // The eight neighbours in vanilla's order, the sides before the diagonals that need them.
    // Which are kept is worked out without branches: whether a neighbour is open or closed,
    // passable or not follows the terrain, and a branch on it would be mispredicted over and over.
    template <bool Interior>
    [[gnu::always_inline]] std::int32_t expand(std::array<Node*, 32>& out, const Node* node, const Expansion& at) {
        const Probe south = probe<Interior>(at, 0, 1, 0, 1);
        const Probe west = probe<Interior>(at, -1, 0, -1, 0);
        const Probe east = probe<Interior>(at, 1, 0, 1, 0);
        const Probe north = probe<Interior>(at, 0, -1, 0, -1);
        // Vanilla passes NORTH or SOUTH as the step of every diagonal.
        const Probe nw = probe<Interior>(at, -1, -1, 0, -1);
        const Probe ne = probe<Interior>(at, 1, -1, 0, -1);
        const Probe sw = probe<Interior>(at, -1, 1, 0, 1);
        const Probe se = probe<Interior>(at, 1, 1, 0, 1);
        // isNeighborValid: open, and entered (or the node itself is not).
        const std::uint32_t any_cost = node->cost_malus < 0.0f ? f_cost_ok : 0u;
        const auto side_valid = [any_cost](const Probe& p) {
            return (p.facts & f_open) & (((p.facts | any_cost) & f_cost_ok) >> 1);
        };
        // isDiagonalValid: the diagonal open, entered and no door; both sides no higher than the
        // node, no doors, and each lower, entered, or both fences a thin mob squeezes between.
        const auto diagonal = [this](const Probe& x_side, const Probe& z_side, const Probe& d) {
            constexpr std::uint32_t d_need = f_open | f_cost_ok | f_not_door, s_need = f_not_above | f_not_door;
            const std::uint32_t between = thin_ ? x_side.facts & z_side.facts & f_fence : 0u;
            return static_cast<std::uint32_t>((d.facts & d_need) == d_need) &
                   static_cast<std::uint32_t>((x_side.facts & z_side.facts & s_need) == s_need) &
                   static_cast<std::uint32_t>(((z_side.facts & (f_below | f_cost_ok)) | between) != 0) &
                   static_cast<std::uint32_t>(((x_side.facts & (f_below | f_cost_ok)) | between) != 0);
        };
        std::int32_t n = 0;
        const auto put = [&](const Probe& p, std::uint32_t valid) {
            out[static_cast<std::size_t>(n)] = p.node;
            ws_.steps[static_cast<std::size_t>(n)] = p.step;
            n += static_cast<std::int32_t>(valid);
        };
        put(south, side_valid(south));
        put(west, side_valid(west));
        put(east, side_valid(east));
        put(north, side_valid(north));
        put(nw, diagonal(west, north, nw));
        put(ne, diagonal(east, north, ne));
        put(sw, diagonal(west, south, sw));
        put(se, diagonal(east, south, se));
        return n;
    }

    // A node closed without being expanded (out of range): its cell's mirror of `closed`.
    void note_closed(const Node* node) {
        if (ws_.cells.holds(node->x, node->y, node->z)) ws_.cells.get(node->x, node->y, node->z).tag |= Cell::closed_bit;
    }

    // A max_y_step still to be worked out by parent_max_y_step.
    static constexpr std::int32_t lazy_step = -1;
    // neighbors()'s max_y_step for the node it expands, whose cell is lazy_parent_.
    [[gnu::noinline]] std::int32_t parent_max_y_step(std::int32_t x, std::int32_t y, std::int32_t z, PathType here) {
        Cell* above_cell = lazy_parent_up_ ? ws_.cells.fresh(lazy_parent_ + CellGrid::step_y) : &ws_.cells.get(x, y + 1, z);
        const PathType above = mob_type_of(above_cell, x, y + 1, z);
        return malus(above) >= 0.0f && here != PathType::StickyHoney
                   ? static_cast<std::int32_t>(std::floor(std::max(1.0f, mob_.step_height)))
                   : 0;
    }

    // Vanilla's findAcceptedNode for the neighbour (dx, dz), reaching its cell by offset when the node
    // is inside its brick (Interior), else through the grid.
    template <bool Interior>
    [[gnu::always_inline]] Probe probe(const Expansion& at, std::int32_t dx, std::int32_t dz, std::int32_t step_x,
                                       std::int32_t step_z) {
        // By offset the cell may be stale: the fast path's test sees that (the stamp is part of
        // the tag), and only the slow path needs it blanked.
        Cell* c = Interior ? at.cell + dx * CellGrid::step_x + dz * CellGrid::step_z
                           : &ws_.cells.get(at.x + dx, at.y, at.z + dz);
        const auto flat_step = static_cast<std::uint32_t>(dx * dx + dz * dz);
        if ((c->tag | fast_mask) == fast_tag_) [[likely]] {
            // A Quick::WalkNode cell: its node is walkable, entered, at the node's height and
            // needs no write (see Quick); a wall's floor is out of reach. So the answer is the
            // cell's node or none, and its facts come from the cell.
            const bool ok = !(static_cast<double>(c->below_top) > at.limit);
            const std::uint32_t open = ((c->tag & Cell::closed_bit) ^ Cell::closed_bit) >> 5;
            const std::uint32_t facts = (std::uint32_t{0} - static_cast<std::uint32_t>(ok)) &
                                        (open | f_cost_ok | f_not_above | f_not_door);
            return {c->node, facts, flat_step};
        }
        if constexpr (Interior) c = ws_.cells.fresh(c);
        Node* n = find_accepted_node_slow(c, at.x + dx, at.y, at.z + dz, lazy_step, at.floor, at.limit, step_x, step_z,
                                          at.type, at.fast, at.x, at.y, at.z);
        const std::uint32_t facts = facts_of(n, at.y);
        const std::int64_t dy = facts != 0 ? static_cast<std::int64_t>(n->y) - at.y : 0;
        return {n, facts, dy * dy < 30 ? flat_step + static_cast<std::uint32_t>(dy * dy) : 32u};
    }

    // The same for a node outside the grid (overflow cells may move as others are made, so each is
    // looked up when needed and max_y_step is worked out first, as vanilla does).
    [[gnu::noinline]] std::int32_t neighbors_far(std::array<Node*, 32>& out, Node* node) {
        std::int32_t n = 0;
        std::int32_t max_y_step = 0;
        const std::int32_t x = node->x, y = node->y, z = node->z;
        const PathType above = mob_type(x, y + 1, z);
        const PathType here = mob_type(x, y, z);
        if (malus(above) >= 0.0f && here != PathType::StickyHoney)
            max_y_step = static_cast<std::int32_t>(std::floor(std::max(1.0f, mob_.step_height)));
        const double floor = floor_level(x, y, z);
        const double limit = floor + jump_height_ - static_cast<double>(y - 1);
        const bool fast = !has_partial_collision(here) && walkable_malus_ >= 0.0f;
        fast_tag_ = 0;  // here every neighbour takes the slow path (which applies the same rules)
        auto accept = [&](std::int32_t dx, std::int32_t dz, std::int32_t step_x, std::int32_t step_z) {
            return find_accepted_node_slow(&ws_.cells.get(x + dx, y, z + dz), x + dx, y, z + dz, max_y_step, floor, limit,
                                           step_x, step_z, here, fast, x, y, z);
        };
        Node* south = accept(0, 1, 0, 1);
        if (neighbor_valid(south, node)) out[n++] = south;
        Node* west = accept(-1, 0, -1, 0);
        if (neighbor_valid(west, node)) out[n++] = west;
        Node* east = accept(1, 0, 1, 0);
        if (neighbor_valid(east, node)) out[n++] = east;
        Node* north = accept(0, -1, 0, -1);
        if (neighbor_valid(north, node)) out[n++] = north;
        Node* nw = accept(-1, -1, 0, -1);
        if (diagonal_valid(node, west, north, nw)) out[n++] = nw;
        Node* ne = accept(1, -1, 0, -1);
        if (diagonal_valid(node, east, north, ne)) out[n++] = ne;
        Node* sw = accept(-1, 1, 0, 1);
        if (diagonal_valid(node, west, south, sw)) out[n++] = sw;
        Node* se = accept(1, 1, 0, 1);
        if (diagonal_valid(node, east, south, se)) out[n++] = se;
        for (std::int32_t l = 0; l < n; ++l) ws_.steps[static_cast<std::size_t>(l)] = squared_step(*node, *out[static_cast<std::size_t>(l)]);
        return n;
    }

private:
    bool can_start_at(std::int32_t x, std::int32_t y, std::int32_t z) {
        const PathType t = mob_type(x, y, z);
        return t != PathType::Open && malus(t) >= 0.0f;
    }

    Node* start_node(std::int32_t x, std::int32_t y, std::int32_t z) {
        const PathType t = mob_type(x, y, z);
        Node* node = get_node(x, y, z);
        node->type = t;
        node->cost_malus = malus(t);
        return node;
    }

    double floor_level(std::int32_t x, std::int32_t y, std::int32_t z) { return floor_of(&ws_.cells.get(x, y, z), x, y, z); }
    // Vanilla's getFloorLevel, cached in the cell (it reads no other cell, so `c` stays valid).
    double floor_of(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z) {
        if (c->floor_state() == FloorState::Unknown || c->quick() == Quick::Wall) [[unlikely]]
            return floor_from_blocks(c, x, y, z);
        return c->floor_state() == FloorState::Floating ? y + 0.5
                                                        : static_cast<double>(y - 1) + static_cast<double>(c->below_top);
    }
    [[gnu::noinline]] double floor_from_blocks(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z) {
        if (mob_.flags.can_float && r_.info(x, y, z).fluid == Fluid::Water) {
            if (c->quick() != Quick::Wall) c->set_floor_state(FloorState::Floating);
            return y + 0.5;
        }
        const BlockShape& below = r_.info(x, y - 1, z).collision;
        const float top = below.is_empty() ? 0.0f : below.max_y();
        if (c->quick() != Quick::Wall) {
            c->below_top = top;
            c->set_floor_state(FloorState::OnBlockBelow);
            settle(*c);
        }
        return static_cast<double>(y - 1) + static_cast<double>(top);
    }

    // Vanilla's isNeighborValid and isDiagonalValid (for neighbors_far), with `none` for null (it is closed, and
    // higher than the root), in bitwise operations so that they compile without branches.
    static bool neighbor_valid(const Node* neighbor, const Node* node) noexcept {
        return (!neighbor->closed) & ((neighbor->cost_malus >= 0.0f) | (node->cost_malus < 0.0f));
    }

    [[gnu::always_inline]] bool diagonal_valid(const Node* root, const Node* x_side, const Node* z_side,
                                               const Node* diagonal) const noexcept {
        const std::int32_t ry = root->y;
        // Thin mobs squeeze between two fence posts.
        const bool between_fences = (z_side->type == PathType::Fence) & (x_side->type == PathType::Fence) & thin_;
        return (!diagonal->closed) & (z_side->y <= ry) & (x_side->y <= ry) & (x_side->type != PathType::WalkableDoor) &
               (z_side->type != PathType::WalkableDoor) & (diagonal->type != PathType::WalkableDoor) &
               (diagonal->cost_malus >= 0.0f) & ((z_side->y < ry) | (z_side->cost_malus >= 0.0f) | between_fences) &
               ((x_side->y < ry) | (x_side->cost_malus >= 0.0f) | between_fences);
    }

    // A type after which find_accepted_node_full still does something when it found no node:
    // sinks through water, falls through air, or marks a fence or door closed.
    static bool acts_without_node(PathType t) noexcept {
        return t == PathType::Water || t == PathType::Open || has_partial_collision(t);
    }

    // Called when a jump from `type` at (x, y, z) up to y + 1 gave no node. With at most one step
    // up, find_accepted_node_full then returns null and changes nothing for every caller when both
    // levels are never entered and neither acts without a node (floors only make it return null
    // sooner): the cell is marked so that the next look skips it.
    void note_wall(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z, PathType type) {
        if (step_up_ > 1 || malus(type) >= 0.0f || acts_without_node(type)) return;
        const PathType above = ws_.cells.get(x, y + 1, z).mob_type;
        if (above == unknown_type || malus(above) >= 0.0f || acts_without_node(above)) return;
        mark_wall(*ws_.cells.refresh(c, x, y, z));
    }
    static void mark_wall(Cell& w) noexcept {
        w.set_quick(Quick::Wall);
        w.set_floor_state(FloorState::OnBlockBelow);  // for fast_tag; floor_of reads a wall's floor again
        w.below_top = std::numeric_limits<float>::infinity();
    }

    static bool has_partial_collision(PathType t) noexcept {
        return t == PathType::Fence || t == PathType::DoorWoodClosed || t == PathType::DoorIronClosed;
    }

    Node* node_update_cost_to_max(std::int32_t x, std::int32_t y, std::int32_t z, PathType type, float malus_value) {
        Node* node = get_node(x, y, z);
        node->type = type;
        node->cost_malus = std::max(node->cost_malus, malus_value);
        return node;
    }

    Node* blocked_node(std::int32_t x, std::int32_t y, std::int32_t z) {
        Cell* c = &ws_.cells.get(x, y, z);
        Node* node = node_of(c, x, y, z);
        node->type = PathType::Blocked;
        node->cost_malus = -1.0f;
        // Its node is no longer what the fast path takes for granted (a walkable position a fall
        // went too deep into).
        if (c->quick() == Quick::WalkNode) c->set_quick(Quick::Walk);
        return node;
    }

    // Vanilla's BlockCollisions for a box: any block collision box overlapping it with volume.
    bool has_collisions(const AABB& box) {
        constexpr double eps = 1.0e-7;
        const auto x0 = static_cast<std::int32_t>(std::floor(box.min.x - eps));
        const auto x1 = static_cast<std::int32_t>(std::floor(box.max.x + eps));
        const auto y0 = static_cast<std::int32_t>(std::floor(box.min.y - eps)) - 1;  // fences reach up 0.5
        const auto y1 = static_cast<std::int32_t>(std::floor(box.max.y + eps));
        const auto z0 = static_cast<std::int32_t>(std::floor(box.min.z - eps));
        const auto z1 = static_cast<std::int32_t>(std::floor(box.max.z + eps));
        for (std::int32_t bx = x0; bx <= x1; ++bx)
            for (std::int32_t bz = z0; bz <= z1; ++bz)
                for (std::int32_t by = y0; by <= y1; ++by) {
                    const BlockShape& s = r_.info(bx, by, bz).collision;
                    for (std::uint8_t i = 0; i < s.count; ++i) {
                        const ShapeBox& b = s.boxes[i];
                        if (box.min.x < bx + b.max_x && box.max.x > bx + b.min_x && box.min.y < by + b.max_y &&
                            box.max.y > by + b.min_y && box.min.z < bz + b.max_z && box.max.z > bz + b.min_z)
                            return true;
                    }
                }
        return false;
    }

    // Steps the mob's box towards the node in box-sized moves (used when leaving a fence or a
    // closed door, whose collision covers only part of the block).
    bool can_reach_without_collision(const Node& node) {
        AABB box = mob_.bounding_box();
        const double xs = box.max.x - box.min.x, ys = box.max.y - box.min.y, zs = box.max.z - box.min.z;
        Vec3 d{node.x - mob_.position.x + xs / 2.0, node.y - mob_.position.y + ys / 2.0,
               node.z - mob_.position.z + zs / 2.0};
        const double size = (xs + ys + zs) / 3.0;
        const auto steps = static_cast<std::int32_t>(std::ceil(std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z) / size));
        if (steps <= 0) return true;
        d = d * static_cast<double>(1.0f / static_cast<float>(steps));
        for (std::int32_t j = 1; j <= steps; ++j) {
            box = {box.min + d, box.max + d};
            if (has_collisions(box)) return false;
        }
        return true;
    }

    // The full rules for a WALKABLE position standing on the block below (Quick::Walk or
    // WalkNode) entered from a node without partial collision; the node it makes or updates is
    // settled (Quick::WalkNode) afterwards.
    Node* accept_walkable(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z, double limit) {
        if (static_cast<double>(c->below_top) > limit) return &ws_.none;  // floor − prev_floor > jump height
        Node* node = node_of(c, x, y, z);
        node->type = PathType::Walkable;
        node->cost_malus = std::max(node->cost_malus, walkable_malus_);
        c->set_quick(Quick::WalkNode);
        return node;
    }

    [[gnu::noinline]] Node* find_accepted_node_slow(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z,
                                                    std::int32_t max_y_step, double prev_floor, double limit,
                                                    std::int32_t step_x, std::int32_t step_z, PathType node_type,
                                                    bool fast, std::int32_t px, std::int32_t py, std::int32_t pz) {
        if (c->quick() == Quick::Wall) return &ws_.none;
        if (c->quick() == Quick::Unknown) {
            // The type first, as the full rules do: a position seen for the first time can then
            // take the fast path too (for the usual footprint the same pass sets its floor).
            mob_type_of(c, x, y, z);
        }
        if (fast && c->quick() >= Quick::Walk) return accept_walkable(c, x, y, z, limit);
        Node* n = find_accepted_node_full(c, x, y, z, max_y_step, prev_floor, step_x, step_z, node_type, px, py, pz);
        return n ? n : &ws_.none;
    }

    // `c` is the cell at (x, y, z), just looked up; (px, py, pz) is the node being expanded, whose
    // max_y_step is worked out here when the caller passed lazy_step.
    Node* find_accepted_node_full(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z, std::int32_t max_y_step,
                                  double prev_floor, std::int32_t step_x, std::int32_t step_z, PathType node_type,
                                  std::int32_t px, std::int32_t py, std::int32_t pz) {
        Node* node = nullptr;
        // The type first: for the usual footprint it reads the column once and sets the floor too.
        PathType type = mob_type_of(c, x, y, z);
        const double floor = floor_of(c, x, y, z);
        if (floor - prev_floor > jump_height_) return nullptr;
        float f = malus(type);
        if (f >= 0.0f) {
            node = node_of(c, x, y, z);
            node->type = type;
            node->cost_malus = std::max(node->cost_malus, f);
        }
        if (has_partial_collision(node_type) && node && node->cost_malus >= 0.0f && !can_reach_without_collision(*node))
            node = nullptr;
        if (type == PathType::Walkable) return node;

        if (max_y_step == lazy_step && (!node || node->cost_malus < 0.0f)) {
            if (parent_step_ == lazy_step) parent_step_ = parent_max_y_step(px, py, pz, node_type);
            max_y_step = parent_step_;
        }
        if ((!node || node->cost_malus < 0.0f) && max_y_step > 0 &&
            (type != PathType::Fence || mob_.flags.can_walk_over_fences) && type != PathType::UnpassableRail &&
            type != PathType::Trapdoor && type != PathType::PowderSnow) {
            node = find_accepted_node_full(&ws_.cells.get(x, y + 1, z), x, y + 1, z, max_y_step - 1, prev_floor, step_x,
                                           step_z, node_type, px, py, pz);
            if (!node) note_wall(c, x, y, z, type);
            if (node && (node->type == PathType::Open || node->type == PathType::Walkable) && mob_.width < 1.0f) {
                // The jump needs headroom above the block the mob jumps from.
                const double gx = (x - step_x) + 0.5, gz = (z - step_z) + 0.5;
                const AABB box{{gx - half_width_, floor_level(x - step_x, y + 1, z - step_z) + 0.001, gz - half_width_},
                               {gx + half_width_, mob_.height + floor_level(node->x, node->y, node->z) - 0.002,
                                gz + half_width_}};
                if (has_collisions(box)) node = nullptr;
            }
        }

        if (type == PathType::Water && !mob_.flags.can_float) {
            // A sinker walks the bottom: the node goes down to the last water block.
            if (mob_type(x, y - 1, z) != PathType::Water) return node;
            while (y > min_y) {
                --y;
                type = mob_type(x, y, z);
                if (type != PathType::Water) return node;
                node = node_update_cost_to_max(x, y, z, type, malus(type));
            }
        }

        if (type == PathType::Open) {
            std::int32_t fallen = 0;
            const std::int32_t start_y = y;
            while (type == PathType::Open) {
                --y;
                if (y < min_y) return blocked_node(x, start_y, z);
                if (fallen++ >= mob_.max_fall_distance) return blocked_node(x, y, z);
                type = mob_type(x, y, z);
                f = malus(type);
                if (type != PathType::Open && f >= 0.0f) {
                    node = node_update_cost_to_max(x, y, z, type, f);
                    break;
                }
                if (f < 0.0f) return blocked_node(x, y, z);
            }
        }

        if (has_partial_collision(type) && !node) {
            node = get_node(x, y, z);
            node->closed = true;
            node->type = type;
            node->cost_malus = default_malus(type);
        }
        return node;
    }

    double jump_height_ = 1.125;
    double half_width_ = 0.3;
    float walkable_malus_ = 0.0f;
    std::int32_t step_up_ = 1;     // max_y_step when the type above allows a jump
    bool thin_ = false;            // narrower than half a block: fits between fence posts
    std::uint16_t fast_tag_ = 0;   // fast_tag() while the node expanded may take the fast path, else 0
    std::int32_t parent_step_ = lazy_step;  // max_y_step of the node neighbors() expands, once known
    Cell* lazy_parent_ = nullptr;  // the cell of the node neighbors() expands (a grid cell)
    bool lazy_parent_up_ = false;  // the cell above it is lazy_parent_ + step_y
};

// Vanilla's FlyNodeEvaluator: 26 neighbours in 3D, no ground needed.
class FlyEvaluator : public EvaluatorBase {
public:
    using EvaluatorBase::EvaluatorBase;

    PathType mob_type(std::int32_t x, std::int32_t y, std::int32_t z) {
        Cell* c = &ws_.cells.get(x, y, z);
        return mob_type_of(c, x, y, z);
    }
    PathType mob_type_of(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z) {
        return cached_mob_type(c, x, y, z, false, [this](std::int32_t bx, std::int32_t by, std::int32_t bz) {
            return fly_static_type(r_, bx, by, bz, mob_pos_);
        });
    }

    Node* get_start() {
        const Vec3& p = mob_.position;
        std::int32_t i;
        if (mob_.flags.can_float && mob_.in_water) {
            i = mob_pos_.y;
            while (r_.info(mob_pos_.x, i, mob_pos_.z).fluid == Fluid::Water) ++i;
        } else {
            i = static_cast<std::int32_t>(std::floor(p.y + 0.5));
        }
        if (!can_start_at(mob_pos_.x, i, mob_pos_.z)) {
            // Vanilla tries the box corners for big flyers and ten random blocks of a box grown
            // to 1.5 for small ones; the corners of that grown box keep this deterministic.
            AABB box = mob_.bounding_box();
            const double xs = box.max.x - box.min.x, ys = box.max.y - box.min.y, zs = box.max.z - box.min.z;
            std::int32_t y_lo = mob_pos_.y, y_hi = mob_pos_.y;
            if ((xs + ys + zs) / 3.0 < 1.0) {
                box = box.inflate(std::max(0.0, (1.5 - xs) / 2.0), std::max(0.0, (1.5 - ys) / 2.0),
                                  std::max(0.0, (1.5 - zs) / 2.0));
                y_lo = static_cast<std::int32_t>(std::floor(box.min.y));
                y_hi = static_cast<std::int32_t>(std::floor(box.max.y));
            }
            const double cxs[2] = {box.min.x, box.max.x}, czs[2] = {box.min.z, box.max.z};
            for (std::int32_t cy = y_lo; cy <= y_hi; ++cy)
                for (double cx : cxs)
                    for (double cz : czs) {
                        const auto x = static_cast<std::int32_t>(std::floor(cx));
                        const auto z = static_cast<std::int32_t>(std::floor(cz));
                        if (can_start_at(x, cy, z)) return start_node(x, cy, z);
                    }
        }
        return start_node(mob_pos_.x, i, mob_pos_.z);
    }

    std::int32_t neighbors(std::array<Node*, 32>& out, Node* node) {
        std::int32_t n = 0;
        const std::int32_t x = node->x, y = node->y, z = node->z;
        auto open = [](const Node* m) { return m && !m->closed; };
        auto ok = [](const Node* m) { return m && m->cost_malus >= 0.0f; };
        auto add = [&](Node* m) { out[n++] = m; };

        Node* s = find_accepted_node(x, y, z + 1);
        if (open(s)) add(s);
        Node* w = find_accepted_node(x - 1, y, z);
        if (open(w)) add(w);
        Node* e = find_accepted_node(x + 1, y, z);
        if (open(e)) add(e);
        Node* nn = find_accepted_node(x, y, z - 1);
        if (open(nn)) add(nn);
        Node* up = find_accepted_node(x, y + 1, z);
        if (open(up)) add(up);
        Node* down = find_accepted_node(x, y - 1, z);
        if (open(down)) add(down);

        Node* up_s = find_accepted_node(x, y + 1, z + 1);
        if (open(up_s) && ok(s) && ok(up)) add(up_s);
        Node* up_w = find_accepted_node(x - 1, y + 1, z);
        if (open(up_w) && ok(w) && ok(up)) add(up_w);
        Node* up_e = find_accepted_node(x + 1, y + 1, z);
        if (open(up_e) && ok(e) && ok(up)) add(up_e);
        Node* up_n = find_accepted_node(x, y + 1, z - 1);
        if (open(up_n) && ok(nn) && ok(up)) add(up_n);
        Node* down_s = find_accepted_node(x, y - 1, z + 1);
        if (open(down_s) && ok(s) && ok(down)) add(down_s);
        Node* down_w = find_accepted_node(x - 1, y - 1, z);
        if (open(down_w) && ok(w) && ok(down)) add(down_w);
        Node* down_e = find_accepted_node(x + 1, y - 1, z);
        if (open(down_e) && ok(e) && ok(down)) add(down_e);
        Node* down_n = find_accepted_node(x, y - 1, z - 1);
        if (open(down_n) && ok(nn) && ok(down)) add(down_n);

        Node* ne = find_accepted_node(x + 1, y, z - 1);
        if (open(ne) && ok(nn) && ok(e)) add(ne);
        Node* se = find_accepted_node(x + 1, y, z + 1);
        if (open(se) && ok(s) && ok(e)) add(se);
        Node* nw = find_accepted_node(x - 1, y, z - 1);
        if (open(nw) && ok(nn) && ok(w)) add(nw);
        Node* sw = find_accepted_node(x - 1, y, z + 1);
        if (open(sw) && ok(s) && ok(w)) add(sw);

        Node* up_ne = find_accepted_node(x + 1, y + 1, z - 1);
        if (open(up_ne) && ok(ne) && ok(nn) && ok(e) && ok(up) && ok(up_n) && ok(up_e)) add(up_ne);
        Node* up_se = find_accepted_node(x + 1, y + 1, z + 1);
        if (open(up_se) && ok(se) && ok(s) && ok(e) && ok(up) && ok(up_s) && ok(up_e)) add(up_se);
        Node* up_nw = find_accepted_node(x - 1, y + 1, z - 1);
        if (open(up_nw) && ok(nw) && ok(nn) && ok(w) && ok(up) && ok(up_n) && ok(up_w)) add(up_nw);
        Node* up_sw = find_accepted_node(x - 1, y + 1, z + 1);
        if (open(up_sw) && ok(sw) && ok(s) && ok(w) && ok(up) && ok(up_s) && ok(up_w)) add(up_sw);
        Node* down_ne = find_accepted_node(x + 1, y - 1, z - 1);
        if (open(down_ne) && ok(ne) && ok(nn) && ok(e) && ok(down) && ok(down_n) && ok(down_e)) add(down_ne);
        Node* down_se = find_accepted_node(x + 1, y - 1, z + 1);
        if (open(down_se) && ok(se) && ok(s) && ok(e) && ok(down) && ok(down_s) && ok(down_e)) add(down_se);
        Node* down_nw = find_accepted_node(x - 1, y - 1, z - 1);
        if (open(down_nw) && ok(nw) && ok(nn) && ok(w) && ok(down) && ok(down_n) && ok(down_w)) add(down_nw);
        Node* down_sw = find_accepted_node(x - 1, y - 1, z + 1);
        if (open(down_sw) && ok(sw) && ok(s) && ok(w) && ok(down) && ok(down_s) && ok(down_w)) add(down_sw);
        for (std::int32_t l = 0; l < n; ++l)
            ws_.steps[static_cast<std::size_t>(l)] = squared_step(*node, *out[static_cast<std::size_t>(l)]);
        return n;
    }

    void note_closed(const Node*) noexcept {}  // no cell mirrors `closed` for a flyer

private:
    bool can_start_at(std::int32_t x, std::int32_t y, std::int32_t z) { return malus(mob_type(x, y, z)) >= 0.0f; }

    Node* start_node(std::int32_t x, std::int32_t y, std::int32_t z) {
        const PathType t = mob_type(x, y, z);
        Node* node = get_node(x, y, z);
        node->type = t;
        node->cost_malus = malus(t);
        return node;
    }

    Node* find_accepted_node(std::int32_t x, std::int32_t y, std::int32_t z) {
        Cell* c = &ws_.cells.get(x, y, z);
        const PathType type = mob_type_of(c, x, y, z);
        const float f = malus(type);
        if (f < 0.0f) return nullptr;
        Node* node = node_of(c, x, y, z);
        node->type = type;
        node->cost_malus = std::max(node->cost_malus, f);
        // Vanilla adds one each time a walkable node is looked at: flyers drift off the ground.
        if (type == PathType::Walkable) node->cost_malus += 1.0f;
        return node;
    }
};

std::optional<Path> reconstruct(const Node* end, const Target& t, bool reached) {
    std::size_t count = 0;
    for (const Node* n = end; n; n = n->came_from) ++count;
    std::vector<BlockPos> nodes(count);
    for (const Node* n = end; n; n = n->came_from) nodes[--count] = {n->x, n->y, n->z};
    return Path::make(std::move(nodes), {t.x, t.y, t.z}, reached);
}

template <class Evaluator>
std::optional<Path> run_search(PathFinder::Workspace& ws, Evaluator& ev, std::span<const BlockPos> targets,
                               const PathSearch& search) {
    Node* start = ev.get_start();
    if (!start) return std::nullopt;

    ws.targets.clear();
    for (BlockPos t : targets) ws.targets.push_back(Target{t.x, t.y, t.z});

    // Vanilla's getBestH: the distance to the closest target, remembering each target's best node.
    auto best_h = [targets_here = std::span<Target>(ws.targets)](Node* node) {
        float h = float_max;
        for (Target& t : targets_here) {
            const float d = distance(*node, t.x, t.y, t.z);
            if (d < t.best_h) {
                t.best_h = d;
                t.best = node;
            }
            h = std::min(d, h);
        }
        return h;
    };

    start->g = 0.0f;
    start->h = best_h(start);
    start->f = start->h;
    ws.open_set.clear();
    ws.open_set.insert(start);

    const auto budget = static_cast<std::int32_t>(static_cast<float>(search.max_visited_nodes) * search.depth_multiplier);
    const auto reach = static_cast<float>(search.reach);
    // Locals, not the caller's struct: the node writes below could otherwise alias it.
    const float max_range = search.max_range;
    const std::span<Target> all_targets(ws.targets);
    std::int32_t iterations = 0;
    std::int32_t visited = 0;
    bool any_reached = false;
    while (!ws.open_set.empty()) {
        if (++iterations >= budget) {
            ws.stats.budget_exhausted = true;
            break;
        }
        Node* node = ws.open_set.pop();
        node->closed = true;
        ++visited;

        for (Target& t : all_targets) {
            const auto manhattan = static_cast<float>(std::abs(t.x - node->x) + std::abs(t.y - node->y) + std::abs(t.z - node->z));
            if (manhattan <= reach) {
                t.reached = true;
                any_reached = true;
            }
        }
        if (any_reached) break;

        if (distance(*node, *start) >= max_range) {
            ev.note_closed(node);
        } else {
            const std::int32_t k = ev.neighbors(ws.neighbors, node);
            const float walked = node->walked, node_g = node->g;
            for (std::int32_t l = 0; l < k; ++l) {
                Node* next = ws.neighbors[l];
                const float step = step_length(*node, *next, ws.steps[static_cast<std::size_t>(l)]);
                const float next_walked = walked + step;
                next->walked = next_walked;
                const float g = node_g + step + next->cost_malus;
                if (next_walked < max_range && (!next->in_open_set() || g < next->g)) {
                    next->came_from = node;
                    next->g = g;
                    next->h = best_h(next) * 1.5f;
                    if (next->in_open_set()) {
                        ws.open_set.change_cost(next, next->g + next->h);
                    } else {
                        next->f = next->g + next->h;
                        ws.open_set.insert(next);
                    }
                }
            }
        }
    }
    ws.open_set.clear();
    ws.stats.visited_nodes = visited;
    ws.stats.created_nodes = static_cast<std::int32_t>(ws.nodes.size());

    // The reached target with the shortest path; else the one whose path ends closest (Manhattan),
    // then the shortest. Ties keep the first target, as vanilla's Stream.min.
    std::optional<Path> best;
    for (const Target& t : ws.targets) {
        if (any_reached && !t.reached) continue;
        if (!t.best) continue;
        std::optional<Path> p = reconstruct(t.best, t, any_reached);
        if (!best) {
            best = std::move(p);
            continue;
        }
        const bool better = any_reached ? p->node_count() < best->node_count()
                                        : (p->distance_to_target < best->distance_to_target ||
                                           (p->distance_to_target == best->distance_to_target &&
                                            p->node_count() < best->node_count()));
        if (better) best = std::move(p);
    }
    return best;
}

}  // namespace

PathType block_path_type_static(const ChunkMap& chunks, BlockPos pos) {
    MapReader r(chunks);
    return walk_static_type(r, pos.x, pos.y, pos.z);
}

PathType fly_path_type_static(const ChunkMap& chunks, BlockPos pos, BlockPos mob_pos) {
    MapReader r(chunks);
    return fly_static_type(r, pos.x, pos.y, pos.z, mob_pos);
}

double floor_level(const ChunkMap& chunks, BlockPos pos) {
    MapReader r(chunks);
    return static_floor_level(r, pos.x, pos.y, pos.z);
}

PathfindingMob PathfindingMob::of(const EntityTypeInfo& type, Vec3 pos) {
    PathfindingMob m;
    m.position = pos;
    m.width = type.width;
    m.height = type.height;
    m.step_height = type.step_height;
    m.max_fall_distance = type.max_fall_distance;
    m.kind = type.navigation;
    m.flags.can_open_doors = type.can_open_doors;
    for (std::size_t i = 0; i < path_type_count; ++i) m.malus[i] = default_malus(static_cast<PathType>(i));
    for (const auto& [t, v] : type.pathfinding_malus) m.malus[static_cast<std::size_t>(t)] = v;
    return m;
}

PathFinder::PathFinder() : ws_(std::make_unique<Workspace>()) {}
PathFinder::~PathFinder() = default;
PathFinder::PathFinder(PathFinder&&) noexcept = default;
PathFinder& PathFinder::operator=(PathFinder&&) noexcept = default;

const PathSearchStats& PathFinder::last_stats() const noexcept { return ws_->stats; }

std::optional<Path> PathFinder::find_path(const ChunkMap& chunks, const PathfindingMob& mob,
                                          std::span<const BlockPos> targets, const PathSearch& search) {
    Workspace& ws = *ws_;
    ws.stats = {};
    if (targets.empty()) return std::nullopt;
    const BlockPos at = mob.position.block_pos();
    ws.reader.reset(chunks, at.x, at.z);
    ws.cells.begin(at, search.max_range);
    ws.nodes.clear();
    ws.pair_types.fill(unknown_type);
    if (mob.kind == NavigationKind::Flying) {
        FlyEvaluator ev(ws, mob);
        return run_search(ws, ev, targets, search);
    }
    WalkEvaluator ev(ws, mob);
    return run_search(ws, ev, targets, search);
}

PathType PathFinder::mob_path_type(const ChunkMap& chunks, const PathfindingMob& mob, BlockPos pos) {
    MapReader r(chunks);
    const bool walk = mob.kind == NavigationKind::Ground;
    const auto width = static_cast<std::int32_t>(std::floor(mob.width + 1.0f));
    const auto height = static_cast<std::int32_t>(std::floor(mob.height + 1.0f));
    const BlockPos mob_pos = mob.position.block_pos();
    const bool on_rail = is_rail_at(r.info(mob_pos.x, mob_pos.y, mob_pos.z).path_type) ||
                         is_rail_at(r.info(mob_pos.x, mob_pos.y - 1, mob_pos.z).path_type);
    PathType first = PathType::Blocked;
    std::uint32_t set = 0;
    for (std::int32_t i = 0; i < width; ++i)
        for (std::int32_t j = 0; j < height; ++j)
            for (std::int32_t k = 0; k < width; ++k) {
                const BlockPos b{pos.x + i, pos.y + j, pos.z + k};
                PathType t = walk ? walk_static_type(r, b.x, b.y, b.z) : fly_static_type(r, b.x, b.y, b.z, mob_pos);
                t = evaluate_block_type(t, mob.flags, on_rail);
                if (i == 0 && j == 0 && k == 0) first = t;
                set |= bit(t);
            }
    return combine_types(first, set, mob, walk, width);
}

PathFinder& PathFinder::for_this_thread() {
    thread_local PathFinder finder;
    return finder;
}

}  // namespace mobsdk::server
