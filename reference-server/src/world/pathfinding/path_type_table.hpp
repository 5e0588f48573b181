// Path types (vanilla's PathType rules): the mob-independent static type of a block for walkers and
// flyers, the door and rail rules, and the mob's type from the blocks its box covers.
#pragma once

#include <array>
#include <cstdint>

#include "mobserver/world/chunk.hpp"
#include "mobserver/world/pathfinder.hpp"

namespace mobsdk::server::pathfinding {

// "Not computed yet" in the type caches. The caches hold PathType, not a char type, so that the
// compiler may assume their writes do not alias everything else (char writes may).
constexpr auto unknown_type = static_cast<PathType>(0xFF);

constexpr std::uint32_t bit(PathType t) noexcept { return 1u << static_cast<unsigned>(t); }

template <class R>
PathType check_neighbour_blocks(R& r, std::int32_t x, std::int32_t y, std::int32_t z, PathType type) noexcept {
    return r.check_neighbours(x, y, z, type);
}

// The ground rule from the raw types of a block and the one below it.
constexpr PathType walk_static_from_raw(PathType t, PathType below, std::int32_t y) noexcept {
    if (t == PathType::Open && y >= min_y + 1) {
        t = below != PathType::Walkable && below != PathType::Open && below != PathType::Water &&
                    below != PathType::Lava
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
inline constexpr WalkStaticTable walk_static_table;
static_assert(path_type_count <= 32, "walk_static_table indexes path types with 5 bits");

// walk_static_from_raw for a block with a block below it in the world (y > min_y).
inline PathType walk_static_above_bottom(PathType t, PathType below) noexcept {
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
            t = below != PathType::Walkable && below != PathType::Open && below != PathType::Water ? PathType::Walkable
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
inline PathType evaluate_block_type(PathType t, const NodeEvaluatorFlags& flags, bool mob_on_rail) noexcept {
    if (t == PathType::DoorWoodClosed && flags.can_open_doors && flags.can_pass_doors) t = PathType::WalkableDoor;
    if (t == PathType::DoorOpen && !flags.can_pass_doors) t = PathType::Blocked;
    if (t == PathType::Rail && !mob_on_rail) t = PathType::UnpassableRail;
    return t;
}

// The mob-dependent type from the set of block types its box covers (vanilla's
// getBlockPathType(level, x, y, z, mob)); EnumSet iteration order is the enum's order.
inline PathType combine_types(PathType first, std::uint32_t set, const PathfindingMob& mob, bool walk,
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

inline bool is_rail_at(PathType raw) noexcept { return raw == PathType::Rail; }

}  // namespace mobsdk::server::pathfinding
