// What the debug view's pages receive, built on the tick thread from the world: every mob's place
// and facing, the POIs around the view, and the watched mobs in full (mobsdk/debug/snapshot.hpp)
// with their places to draw (path, walk and look targets, home, job site, meeting point).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/plugin/vanilla_content.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk::server {

class World;

/// @brief What one message covers besides the mobs.
struct DebugViewRequest {
    std::vector<std::string> watched;  ///< UUIDs (text) of the mobs shown in full
    std::optional<BlockPos> poi_center;  ///< list the POIs within poi_radius of it; none without it
    std::int32_t poi_radius = 64;        ///< blocks
    bool frozen = false;                 ///< the tick manager's state, shown on the page
};

/// @brief One message as JSON text:
///
///     {"type": "tick", "game_time": 1200, "day_time": 2000, "frozen": false,
///      "mobs": [{"uuid": "…", "type": "minecraft:villager", "x": 1.5, "y": -60, "z": 2.5, "yaw": 90}, …],
///      "pois": [{"type": "minecraft:home", "x": 3, "y": -60, "z": 4, "free": 0, "max": 1}, …],
///      "watched": [{"mob": <debug::mob_json>, "places": {"home": [x, y, z] | null, "job_site": …,
///                   "meeting_point": …, "walk_target": …, "look_target": …, "path": [[x, y, z], …],
///                   "path_next": 2}}, …]}
///
/// `pois` is left out without a poi_center. A watched UUID that names no mob is left out.
std::string debug_view_message(World& world, const VanillaContent& vanilla, const DebugViewRequest& request);

}  // namespace mobsdk::server
