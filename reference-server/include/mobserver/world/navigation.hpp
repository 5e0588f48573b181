// Navigation and controls for the reference world's mobs: vanilla's GroundPathNavigation and
// FlyingPathNavigation following paths from the A* PathFinder, and the Move, Look and Jump
// controls that turn them into inputs for the physics.
#pragma once

#include <memory>
#include <optional>

#include "mobsdk/world/level.hpp"
#include "mobserver/world/pathfinder.hpp"

namespace mobsdk::server {

class ServerMob;

/// @brief The host's navigation: the SDK interface plus the per-tick update.
class ServerPathNavigation : public PathNavigation {
public:
    /// @brief Follows the path one step (vanilla's PathNavigation.tick): advances past reached
    /// nodes, recomputes when stuck or when the target moved, feeds the MoveControl.
    virtual void tick() = 0;
    /// @brief Nodes visited by the last search (benchmarks and tests).
    virtual std::int32_t last_visited_nodes() const = 0;

    /// @brief Swim at the surface instead of walking the bottom (vanilla's setCanFloat: FloatGoal
    /// and the villager set it; off by default for walkers, on for the allay).
    virtual void set_can_float(bool can) = 0;
    /// @brief May paths pass open doors (vanilla's setCanPassDoors; on by default)?
    virtual void set_can_pass_doors(bool can) = 0;
    /// @brief The evaluator flags paths are computed with.
    virtual const NodeEvaluatorFlags& flags() const = 0;
    /// @brief Scales the visit budget of later searches (vanilla's setMaxVisitedNodesMultiplier).
    virtual void set_max_visited_nodes_multiplier(float multiplier) = 0;
    /// @brief Where the current path was asked to go (vanilla's getTargetPos), if a search succeeded.
    virtual std::optional<BlockPos> target_pos() const = 0;
    // is_stuck(): the SDK's PathNavigation declares it (vanilla's isStuck).
    /// @brief True when a block change at `pos` lies close enough to the rest of the path to
    /// make it stale (vanilla's shouldRecomputePath; the world asks on collision-shape changes).
    virtual bool should_recompute_path(BlockPos pos) const = 0;
    /// @brief Recomputes the path to the same target, at most once per 20 ticks; a request
    /// inside that window is remembered and done by a later tick (vanilla's recomputePath).
    virtual void recompute_path() = 0;
};

/// @brief The host's move control: the SDK interface plus the per-tick update that writes the
/// mob's zza/xxa/speed/yaw and may ask the JumpControl to jump.
class ServerMoveControl : public MoveControl {
public:
    /// @brief One update (vanilla's MoveControl.tick).
    virtual void tick() = 0;
};

/// @brief The host's look control.
class ServerLookControl : public LookControl {
public:
    /// @brief One update: turns the head towards the wanted point (vanilla's LookControl.tick).
    virtual void tick() = 0;
};

/// @brief The host's jump control.
class ServerJumpControl : public JumpControl {
public:
    /// @brief Copies the request into the mob's `jumping` flag and clears it.
    virtual void tick() = 0;
};

/// @brief The navigation for a mob's type: ground or flying.
std::unique_ptr<ServerPathNavigation> make_navigation(ServerMob& mob);
/// @brief The move control for a mob's type (walking or flying).
std::unique_ptr<ServerMoveControl> make_move_control(ServerMob& mob);
/// @brief The look control.
std::unique_ptr<ServerLookControl> make_look_control(ServerMob& mob);
/// @brief The jump control.
std::unique_ptr<ServerJumpControl> make_jump_control(ServerMob& mob);

}  // namespace mobsdk::server
