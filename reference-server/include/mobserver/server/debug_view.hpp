// What the debug view's pages receive, built on the tick thread from the world: every mob's place
// and facing, the POIs around the view, and the watched mobs in full (mobsdk/debug/snapshot.hpp)
// with their places to draw (path, walk and look targets, home, job site, meeting point).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/debug/history.hpp"
#include "mobsdk/plugin/vanilla_content.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk::server {

class World;

/// @brief The watched mobs' histories (mobsdk/debug/history.hpp), kept only while a page watches
/// them: observed after every server tick, so a behaviour that runs for one tick is in it.
class DebugHistories {
public:
    /// @brief Events kept per mob.
    static constexpr std::size_t capacity = 100;
    /// @brief Tick thread, after each server tick: observes each mob in `watched` (UUIDs as text)
    /// and forgets the histories of mobs no longer watched (or gone).
    void observe(World& world, const std::vector<std::string>& watched);
    /// @brief The history of a watched mob, or nullptr.
    const debug::MindHistory* find(const std::string& uuid) const;
    /// @brief Mobs with a history.
    std::size_t size() const noexcept { return histories_.size(); }

private:
    std::map<std::string, debug::MindHistory> histories_;
};

/// @brief What one message covers besides the mobs.
struct DebugViewRequest {
    std::vector<std::string> watched;           ///< UUIDs (text) of the mobs shown in full
    const DebugHistories* histories = nullptr;  ///< their histories, if kept
    bool frozen = false;                        ///< the tick manager's state, shown on the page
};

/// @brief The part of the map a page looks at: its POIs and ground (sent to that page alone).
struct DebugAreaRequest {
    BlockPos center;                  ///< the point the page chose (the spawn until it chooses)
    std::int32_t poi_radius = 64;     ///< list the POIs within this many blocks
    bool ground = true;               ///< also send the top block of each loaded column around it
    std::int32_t ground_radius = 48;  ///< blocks: a square of 2r+1 columns a side
};

/// @brief The tick's message to every page, as JSON text:
///
///     {"type": "tick", "game_time": 1200, "day_time": 2000, "frozen": false,
///      "mobs": [{"uuid": "…", "type": "minecraft:villager", "x": 1.5, "y": -60, "z": 2.5, "yaw": 90}, …],
///      "watched": [{"mob": <debug::mob_json>, "places": {"home": [x, y, z] | null, "job_site": …,
///                   "meeting_point": …, "walk_target": …, "look_target": …, "path": [[x, y, z], …],
///                   "path_next": 2}, "history": [{"time": 1190, "text": "started …"}, …]}, …]}
///
/// A watched UUID that names no mob is left out; `history` (newest first) is there when the
/// request's histories hold one for the mob.
std::string debug_view_message(World& world, const VanillaContent& vanilla, const DebugViewRequest& request);

/// @brief A page's area, as JSON text:
///
///     {"type": "area", "center": [x, y, z],
///      "pois": [{"type": "minecraft:home", "x": 3, "y": -60, "z": 4, "free": 0, "max": 1,
///                "owners": ["<uuid>", …]}, …],
///      "ground": {"x0": -48, "z0": -48, "size": 97, "palette": ["minecraft:grass_block", …],
///                 "cells": [0, 0, 1, -1, …]}}
///
/// A POI's `owners` are the mobs whose home, job site, potential job site or meeting point memory
/// names it (who holds its tickets). `ground` is left out unless asked for; `cells` holds, row by
/// row (z, then x), the palette index of each column's top block, -1 for a column not loaded.
std::string debug_area_message(World& world, const VanillaContent& vanilla, const DebugAreaRequest& request);

}  // namespace mobsdk::server
