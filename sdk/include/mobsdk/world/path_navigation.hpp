// How a mob gets somewhere (vanilla's PathNavigation): paths are asked for, then followed through
// the mob's MoveControl. The host's search is reference-server's mobserver/world/pathfinder.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "mobsdk/world/entity.hpp"
#include "mobsdk/world/path.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk {

/// @brief Path following, as vanilla's PathNavigation: a path is computed, then followed through
/// the MoveControl one node at a time.
class PathNavigation {
public:
    virtual ~PathNavigation() = default;
    /// @brief A path to `target` that ends within `reach` blocks of it (vanilla's createPath(pos,
    /// accuracy)); a partial path when the target cannot be reached; empty when no node can be
    /// reached at all or the search may not start (no ground under a walker…).
    virtual std::optional<Path> create_path(BlockPos target, std::int32_t reach) = 0;
    /// @brief A path to an entity's block.
    virtual std::optional<Path> create_path(const Entity& target, std::int32_t reach) = 0;
    /// @brief One search towards the nearest reachable of several targets (vanilla's
    /// createPath(Set<BlockPos>, int), AcquirePoi's "one path to the set"); the path's `target`
    /// says which one it reaches. Nothing for an empty set.
    virtual std::optional<Path> create_path(std::span<const BlockPos> targets, std::int32_t reach) = 0;
    /// @brief True when the last stuck check gave up on the path (vanilla's isStuck).
    virtual bool is_stuck() const = 0;
    /// @brief Follows `path` at `speed` (a speed modifier); false when it is empty or already done.
    virtual bool move_to(std::optional<Path> path, double speed) = 0;
    /// @brief Paths to a block and follows the path (vanilla's moveTo(x, y, z, speed): reach 1).
    bool move_to(BlockPos target, double speed) { return move_to(create_path(target, 1), speed); }
    /// @brief Paths to an entity and follows the path (reach 1).
    bool move_to(const Entity& target, double speed) { return move_to(create_path(target, 1), speed); }
    /// @brief Drops the current path.
    virtual void stop() = 0;
    /// @brief True with no path or a finished one.
    virtual bool is_done() const = 0;
    /// @brief True while following a path.
    bool is_in_progress() const { return !is_done(); }
    /// @brief The path being followed, or nullptr.
    virtual const Path* path() const = 0;
    /// @brief Changes the speed modifier of the current path.
    virtual void set_speed_modifier(double speed) = 0;
    /// @brief True when a walker could stand at `pos` (vanilla: the block below is solid-render).
    virtual bool is_stable_destination(BlockPos pos) const = 0;
    /// @brief Ground navigation only: trim paths where they enter sunlight (seed 004).
    virtual void set_avoid_sun(bool avoid) = 0;
    /// @brief Ground navigation only: may paths pass closed wooden doors (the mob opens them)?
    virtual void set_can_open_doors(bool can) = 0;
};

}  // namespace mobsdk
