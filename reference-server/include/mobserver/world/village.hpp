// A small plains-style village for the default world: houses with beds and doors, job-site
// blocks, a bell on a path crossing and a farm, laid out deterministically from the seed.
#pragma once

#include <cstdint>
#include <vector>

#include "mobserver/world/world.hpp"

namespace mobsdk::server {

/// @brief What build_village placed, so that the server can spawn villagers and tests can check.
struct VillagePlan {
    BlockPos bell;                    ///< the meeting point
    std::vector<BlockPos> beds;       ///< head half of each bed (home POIs)
    std::vector<BlockPos> doors;      ///< lower half of each door
    std::vector<BlockPos> job_sites;  ///< each job-site block
    std::vector<BlockPos> farmland;   ///< planted farmland
};

/// @brief Builds a village around `center` (x and z; the village stands on the surface of a flat
/// world) from `seed`: the same seed gives the same village. Generates the chunks it needs.
/// `houses` is 1–8. Every block goes through World::set_block, so POIs appear with their blocks.
VillagePlan build_village(World& world, BlockPos center, std::int64_t seed, std::int32_t houses = 4);

}  // namespace mobsdk::server
