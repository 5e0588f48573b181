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
    std::vector<std::string> watched;       ///< UUIDs (text) of the mobs shown in full
    std::optional<BlockPos> poi_center;     ///< list the POIs within poi_radius of it; none without it
    std::int32_t poi_radius = 64;           ///< blocks
    std::optional<BlockPos> ground_center;  ///< send the top block of each loaded column around it
    std::int32_t ground_radius = 48;        ///< blocks: a square of 2r+1 columns a side
    bool frozen = false;                    ///< the tick manager's state, shown on the page
};

/// @brief One message as JSON text:
///
///     {"type": "tick", "game_time": 1200, "day_time": 2000, "frozen": false,
///      "mobs": [{"uuid": "…", "type": "minecraft:villager", "x": 1.5, "y": -60, "z": 2.5, "yaw": 90}, …],
///      "pois": [{"type": "minecraft:home", "x": 3, "y": -60, "z": 4, "free": 0, "max": 1}, …],
///      "ground": {"x0": -48, "z0": -48, "size": 97, "palette": ["minecraft:grass_block", …],
///                 "cells": [0, 0, 1, -1, …]},
///      "watched": [{"mob": <debug::mob_json>, "places": {"home": [x, y, z] | null, "job_site": …,
///                   "meeting_point": …, "walk_target": …, "look_target": …, "path": [[x, y, z], …],
///                   "path_next": 2}}, …]}
///
/// `pois` is left out without a poi_center, `ground` without a ground_center; `cells` holds, row
/// by row (z, then x), the palette index of each column's top block, -1 for a column not loaded.
/// A watched UUID that names no mob is left out.
std::string debug_view_message(World& world, const VanillaContent& vanilla, const DebugViewRequest& request);

}  // namespace mobsdk::server
