// The path type queries outside a search: the static types and floor World::path_type and the
// tests ask for, and the type a mob's box gives a position, read straight through the ChunkMap.
#include "path_type_table.hpp"

#include <cmath>

#include "pathfinding_context.hpp"

namespace mobsdk::server {

using namespace pathfinding;

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

}  // namespace mobsdk::server
