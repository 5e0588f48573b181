// Vanilla's PathFinder (A* over a binary heap) and its WalkNodeEvaluator and FlyNodeEvaluator,
// following 1.20's rules node for node: every search gives vanilla's nodes, costs and order.
// Speed comes from not repeating work, never from skipping a rule: nodes live in a pool reused
// across searches; positions map to their node, path types and floor through a grid of small
// bricks around the start, whose neighbours are a fixed offset away; block reads go through a
// window of chunk pointers; the 24-block danger scan is skipped where the sections' danger-source
// counts (kept by LevelChunk::set_block) are zero; a walker's footprint type is worked out once
// per pair of block types; and answers that cannot change within a search (the type above a
// node, a two-high wall) are worked out only when asked for, or remembered.
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
        return blocks_->info(state(x, y, z));
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
            if (!c) {
                below = here = above = &blocks_->info(BlockState{});
                quiet = xz_inner;
                quiet_above = xz_inner && ly != 14;
                return;
            }
            const LevelChunkSection& sec = c->section(ry >> 4);
            quiet = xz_inner && !sec.may_hold_danger();
            quiet_above = quiet && ly != 14;
            if (sec.is_uniform()) {
                below = here = above = &blocks_->info(sec.get(0, 0, 0));
                return;
            }
            below = &blocks_->info(sec.get(lx, ly - 1, lz));
            here = &blocks_->info(sec.get(lx, ly, lz));
            above = &blocks_->info(sec.get(lx, ly + 1, lz));
            return;
        }
        quiet = quiet_above = false;
        below = &info(x, y - 1, z);
        here = &info(x, y, z);
        above = &info(x, y + 1, z);
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
        return neighbour_danger(blocks_->info(s));
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

    const ChunkMap* chunks_ = nullptr;
    const BlockRegistry* blocks_ = nullptr;
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

float step_distance(const Node& a, const Node& b) noexcept {
    const std::int32_t dx = b.x - a.x, dy = b.y - a.y, dz = b.z - a.z;
    const auto k = static_cast<std::uint32_t>(dx * dx + dy * dy + dz * dz);
    return k < step_lengths.root.size() ? step_lengths.root[k] : distance(a, b);
}

// Nodes in fixed blocks so that pointers stay valid while the pool grows; reused across searches.
class NodePool {
public:
    void clear() noexcept { used_ = 0; }
    // A fresh node.
    [[gnu::noinline]] Node* make(std::int32_t x, std::int32_t y, std::int32_t z) {
        if (used_ == blocks_.size() * block_size) blocks_.push_back(std::make_unique<Node[]>(block_size));
        Node& n = blocks_[used_ / block_size][used_ % block_size];
        ++used_;
        n = Node{x, y, z};
        return &n;
    }
    std::size_t size() const noexcept { return used_; }

private:
    static constexpr std::size_t block_size = 1024;
    std::vector<std::unique_ptr<Node[]>> blocks_;
    std::size_t used_ = 0;
};

enum class FloorState : std::uint8_t { Unknown, OnBlockBelow, Floating };

// Everything the search knows about one position: its node and its cached path types.
struct Cell {
    Node* node = nullptr;        // none yet
    float below_top = 0.0f;      // top of the collision shape below (OnBlockBelow)
    PathType static_type = unknown_type;
    PathType mob_type = unknown_type;
    FloorState floor_state = FloorState::Unknown;
    // Set once a walker's neighbour evaluation here is known to give no node and change nothing,
    // whatever the node it is seen from (a wall two blocks high; see WalkEvaluator::note_wall).
    bool wall = false;
};
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

// The cells around the search's start, in 8×4×8 bricks handed out as the search reaches them:
// neighbouring positions share cache lines, which a hash table would scatter. A reference from
// get() is valid until the next get() (the overflow table may grow).
class CellGrid {
public:
    void begin(BlockPos center, float range) {
        const double reach = std::min(std::max(static_cast<double>(range), 0.0) + 16.0, 128.0);
        half_ = static_cast<std::int32_t>(std::ceil(reach / xz_edge));
        dim_ = static_cast<std::uint32_t>(2 * half_ + 1);
        dim_y_ = dim_ * static_cast<std::uint32_t>(xz_edge / y_edge);  // as far up and down as sideways
        base_x_ = center.x - half_ * xz_edge;
        base_y_ = center.y - half_ * xz_edge;
        base_z_ = center.z - half_ * xz_edge;
        const std::size_t n = static_cast<std::size_t>(dim_) * dim_ * dim_y_;
        if (directory_.size() < n) directory_.resize(n);
        if (++stamp_ == 0) {
            for (Entry& e : directory_) e.stamp = 0;
            stamp_ = 1;
        }
        used_ = 0;
        overflow_.begin();
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
    static constexpr unsigned xz_bits = 3, y_bits = 2;  // 8 × 4 × 8 cells
    static constexpr std::int32_t xz_edge = 1 << xz_bits, y_edge = 1 << y_bits;
    static constexpr std::uint32_t xz_mask = xz_edge - 1, y_mask = y_edge - 1;
    static constexpr std::uint32_t in_west = 1, in_east = 2, in_north = 4, in_south = 8, in_up = 16;
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
        return &e.cells[(ly << (2 * xz_bits)) | (lz << xz_bits) | lx];
    }
    // The cell above `c`, the cell at (x, y, z) just looked up: in the same brick it is an offset away.
    [[gnu::always_inline]] Cell& above(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z) {
        const auto rx = static_cast<std::uint32_t>(x - base_x_), ry = static_cast<std::uint32_t>(y - base_y_),
                   rz = static_cast<std::uint32_t>(z - base_z_);
        if ((ry & y_mask) != y_mask && (rx >> xz_bits) < dim_ && (ry >> y_bits) < dim_y_ &&
            (rz >> xz_bits) < dim_) [[likely]]
            return c[step_y];
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
        return e.cells[((ry & y_mask) << (2 * xz_bits)) | ((rz & xz_mask) << xz_bits) | (rx & xz_mask)];
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
        if (used_ == bricks_.size()) bricks_.push_back(std::make_unique<Brick>());
        Brick& b = *bricks_[used_++];
        static const Brick blank{};  // one block copy instead of a store per cell
        b = blank;
        e.stamp = stamp_;
        e.cells = b.cells.data();
    }

    std::vector<Entry> directory_;
    std::vector<std::unique_ptr<Brick>> bricks_;
    std::size_t used_ = 0;
    std::uint32_t stamp_ = 0;
    std::int32_t half_ = 0;
    std::uint32_t dim_ = 0, dim_y_ = 0;
    std::int32_t base_x_ = 0, base_y_ = 0, base_z_ = 0;
    OverflowTable overflow_;
};

// Vanilla's BinaryHeap, with the same sift rules so that equal costs pop in vanilla's order. Each
// entry carries its node's cost, so sifting compares without visiting the nodes.
class BinaryHeap {
public:
    void clear() noexcept {
        for (const Entry& e : heap_) e.node->heap_index = -1;
        heap_.clear();
    }
    bool empty() const noexcept { return heap_.empty(); }
    void insert(Node* node) {
        heap_.push_back({node->f, node});
        up_heap(heap_.size() - 1);
    }
    Node* pop() noexcept {
        Node* top = heap_[0].node;
        heap_[0] = heap_.back();
        heap_.pop_back();
        if (!heap_.empty()) down_heap(0);
        top->heap_index = -1;
        return top;
    }
    void change_cost(Node* node, float cost) noexcept {
        const float old = node->f;
        node->f = cost;
        const auto idx = static_cast<std::size_t>(node->heap_index);
        heap_[idx].f = cost;
        if (cost < old)
            up_heap(idx);
        else
            down_heap(idx);
    }

private:
    struct Entry {
        float f;
        Node* node;
    };
    void up_heap(std::size_t idx) noexcept {
        const Entry e = heap_[idx];
        while (idx > 0) {
            const std::size_t parent = (idx - 1) >> 1;
            const Entry& p = heap_[parent];
            if (!(e.f < p.f)) break;
            heap_[idx] = p;
            p.node->heap_index = static_cast<std::int32_t>(idx);
            idx = parent;
        }
        heap_[idx] = e;
        e.node->heap_index = static_cast<std::int32_t>(idx);
    }
    void down_heap(std::size_t idx) noexcept {
        const Entry e = heap_[idx];
        const std::size_t size = heap_.size();
        for (;;) {
            const std::size_t l = 1 + (idx << 1), r = l + 1;
            if (l >= size) break;
            const float lf = heap_[l].f;
            const float rf = r < size ? heap_[r].f : std::numeric_limits<float>::infinity();
            // Vanilla's choice (left only when strictly cheaper), written so that it compiles to a
            // conditional move: which child is cheaper is a coin toss the branch predictor loses.
            const bool left = lf < rf;
            const std::size_t child = l + static_cast<std::size_t>(!left);
            const float cf = std::min(rf, lf);  // lf when lf < rf, else rf
            if (!(cf < e.f)) break;
            heap_[idx] = heap_[child];
            heap_[idx].node->heap_index = static_cast<std::int32_t>(idx);
            idx = child;
        }
        heap_[idx] = e;
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
    // The walker's 1×2×1 footprint type for each pair of static types (feet << 5 | head), this search.
    static_assert(path_type_count <= 32, "pair_types indexes path types with 5 bits");
    std::array<PathType, 32 * 32> pair_types{};
    PathSearchStats stats;
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
        if (!c->node) [[unlikely]]
            c->node = ws_.nodes.make(x, y, z);  // the pool does not touch the cells
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
    }

    PathType mob_type(std::int32_t x, std::int32_t y, std::int32_t z) {
        Cell* c = &ws_.cells.get(x, y, z);
        return mob_type_of(c, x, y, z);
    }
    PathType mob_type_of(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z) {
        if (c->mob_type != unknown_type) [[likely]]
            return c->mob_type;
        if (entity_width_ == 1 && entity_height_ == 2) return compute_walk_1x2(c, x, y, z);
        return cached_mob_type(c, x, y, z, true, [this](std::int32_t bx, std::int32_t by, std::int32_t bz) {
            return walk_static_type(r_, bx, by, bz);
        });
    }

    // The usual 1×2×1 footprint in one pass over the column: both static types and the floor
    // come from the three blocks y − 1, y and y + 1.
    [[gnu::noinline]] PathType compute_walk_1x2(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z) {
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
        if (c->floor_state == FloorState::Unknown) {
            if (mob_.flags.can_float && here->fluid == Fluid::Water) {
                c->floor_state = FloorState::Floating;
            } else {
                c->below_top = below->collision.is_empty() ? 0.0f : below->collision.max_y();
                c->floor_state = FloorState::OnBlockBelow;
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

    // Vanilla's getNeighbors: the 4 sides, then the 4 diagonals.
    std::int32_t neighbors(std::array<Node*, 32>& out, Node* node) {
        std::int32_t n = 0;
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

        const Expansion at{here_cell, in_brick, x, y, z, floor, here, fast};
        Node* south = accept_near(at, 0, 1, 0, 1);
        if (neighbor_valid(south, node)) out[n++] = south;
        Node* west = accept_near(at, -1, 0, -1, 0);
        if (neighbor_valid(west, node)) out[n++] = west;
        Node* east = accept_near(at, 1, 0, 1, 0);
        if (neighbor_valid(east, node)) out[n++] = east;
        Node* north = accept_near(at, 0, -1, 0, -1);
        if (neighbor_valid(north, node)) out[n++] = north;

        // Vanilla passes NORTH or SOUTH as the step of every diagonal.
        Node* nw = accept_near(at, -1, -1, 0, -1);
        if (diagonal_valid(node, west, north, nw)) out[n++] = nw;
        Node* ne = accept_near(at, 1, -1, 0, -1);
        if (diagonal_valid(node, east, north, ne)) out[n++] = ne;
        Node* sw = accept_near(at, -1, 1, 0, 1);
        if (diagonal_valid(node, west, south, sw)) out[n++] = sw;
        Node* se = accept_near(at, 1, 1, 0, 1);
        if (diagonal_valid(node, east, south, se)) out[n++] = se;
        return n;
    }

    // A max_y_step still to be worked out by parent_max_y_step.
    static constexpr std::int32_t lazy_step = -1;
    // neighbors()'s max_y_step for the node it expands, whose cell is lazy_parent_.
    [[gnu::noinline]] std::int32_t parent_max_y_step(std::int32_t x, std::int32_t y, std::int32_t z, PathType here) {
        Cell* above_cell = lazy_parent_up_ ? lazy_parent_ + CellGrid::step_y : &ws_.cells.get(x, y + 1, z);
        const PathType above = mob_type_of(above_cell, x, y + 1, z);
        return malus(above) >= 0.0f && here != PathType::StickyHoney
                   ? static_cast<std::int32_t>(std::floor(std::max(1.0f, mob_.step_height)))
                   : 0;
    }

    // What neighbors() knows about the node it expands.
    struct Expansion {
        Cell* cell;              // the node's cell (a grid cell)
        std::uint32_t in_brick;  // CellGrid::around's bits
        std::int32_t x, y, z;
        double floor;            // the node's floor level
        PathType type;           // the node's type
        bool fast;               // find_accepted_node's fast path may be taken
    };
    // find_accepted_node for the neighbour (dx, dz), reaching its cell by offset when the brick holds it.
    [[gnu::always_inline]] Node* accept_near(const Expansion& at, std::int32_t dx, std::int32_t dz, std::int32_t step_x,
                                             std::int32_t step_z) {
        const std::uint32_t need = (dx < 0 ? CellGrid::in_west : dx > 0 ? CellGrid::in_east : 0u) |
                                   (dz < 0 ? CellGrid::in_north : dz > 0 ? CellGrid::in_south : 0u);
        Cell* c = (at.in_brick & need) == need ? at.cell + dx * CellGrid::step_x + dz * CellGrid::step_z
                                               : &ws_.cells.get(at.x + dx, at.y, at.z + dz);
        return find_accepted_node(c, at.x + dx, at.y, at.z + dz, lazy_step, at.floor, step_x, step_z, at.type, at.fast,
                                  at.x, at.y, at.z);
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
        const bool fast = !has_partial_collision(here) && walkable_malus_ >= 0.0f;
        auto accept = [&](std::int32_t dx, std::int32_t dz, std::int32_t step_x, std::int32_t step_z) {
            return find_accepted_node(&ws_.cells.get(x + dx, y, z + dz), x + dx, y, z + dz, max_y_step, floor, step_x,
                                      step_z, here, fast, x, y, z);
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
        if (c->floor_state == FloorState::Unknown) {
            if (mob_.flags.can_float && r_.info(x, y, z).fluid == Fluid::Water) {
                c->floor_state = FloorState::Floating;
            } else {
                const BlockShape& below = r_.info(x, y - 1, z).collision;
                c->below_top = below.is_empty() ? 0.0f : below.max_y();
                c->floor_state = FloorState::OnBlockBelow;
            }
        }
        return c->floor_state == FloorState::Floating ? y + 0.5 : static_cast<double>(y - 1) + static_cast<double>(c->below_top);
    }

    static bool neighbor_valid(const Node* neighbor, const Node* node) noexcept {
        return neighbor && !neighbor->closed && (neighbor->cost_malus >= 0.0f || node->cost_malus < 0.0f);
    }

    bool diagonal_valid(const Node* root, const Node* x_side, const Node* z_side, const Node* diagonal) const noexcept {
        if (!diagonal || !z_side || !x_side) return false;
        if (diagonal->closed) return false;
        if (z_side->y > root->y || x_side->y > root->y) return false;
        if (x_side->type == PathType::WalkableDoor || z_side->type == PathType::WalkableDoor ||
            diagonal->type == PathType::WalkableDoor)
            return false;
        // Thin mobs squeeze between two fence posts.
        const bool between_fences =
            z_side->type == PathType::Fence && x_side->type == PathType::Fence && mob_.width < 0.5f;
        return diagonal->cost_malus >= 0.0f &&
               (z_side->y < root->y || z_side->cost_malus >= 0.0f || between_fences) &&
               (x_side->y < root->y || x_side->cost_malus >= 0.0f || between_fences);
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
        ws_.cells.refresh(c, x, y, z)->wall = true;
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
        Node* node = get_node(x, y, z);
        node->type = PathType::Blocked;
        node->cost_malus = -1.0f;
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

    // The common case first: a walkable position already evaluated, entered from a node without
    // partial collision. Same result as the full rules below, without their branches.
    // `c` is the cell at (x, y, z), just looked up; `fast` is !has_partial_collision(node_type)
    // and a walkable malus of at least 0 (with a negative one the full rules give null anyway).
    [[gnu::always_inline]] Node* find_accepted_node(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z,
                                                    std::int32_t max_y_step, double prev_floor, std::int32_t step_x,
                                                    std::int32_t step_z, PathType node_type, bool fast,
                                                    std::int32_t px, std::int32_t py, std::int32_t pz) {
        if (fast && c->mob_type == PathType::Walkable && c->floor_state == FloorState::OnBlockBelow) {
            const double floor = static_cast<double>(y - 1) + static_cast<double>(c->below_top);
            if (floor - prev_floor > jump_height_) return nullptr;
            Node* node = node_of(c, x, y, z);
            node->type = PathType::Walkable;
            node->cost_malus = std::max(node->cost_malus, walkable_malus_);
            return node;
        }
        if (c->wall) return nullptr;
        return find_accepted_node_full(c, x, y, z, max_y_step, prev_floor, step_x, step_z, node_type, px, py, pz);
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
        return n;
    }

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

        if (!(distance(*node, *start) >= max_range)) {
            const std::int32_t k = ev.neighbors(ws.neighbors, node);
            const float walked = node->walked, node_g = node->g;
            for (std::int32_t l = 0; l < k; ++l) {
                Node* next = ws.neighbors[l];
                const float step = step_distance(*node, *next);
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
