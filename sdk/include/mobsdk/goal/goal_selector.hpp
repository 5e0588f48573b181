// Vanilla's GoalSelector: runs a mob's goals by priority, each holding the controls (flags) it
// drives. The goals themselves are in goal.hpp, the vanilla ones in goals.hpp.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "mobsdk/goal/goal.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::goal {

/// @brief A goal as its selector holds it: the goal, its priority, whether it runs (vanilla's
/// WrappedGoal).
struct WrappedGoal {
    std::int32_t priority = 0;   ///< lower runs first
    std::unique_ptr<Goal> goal;  ///< the goal
    bool running = false;        ///< between start and stop
    /// @brief Vanilla's canBeReplacedBy: this goal is interruptable and `other` has a strictly
    /// higher priority (smaller number).
    bool can_be_replaced_by(const WrappedGoal& other) const {
        return goal->is_interruptable() && other.priority < priority;
    }
};

/// @brief Vanilla's GoalSelector. tick() runs every other tick (the host's rhythm, see
/// docs/goals.md): it stops goals that may not continue or hold a disabled flag, then walks the
/// goals in the order they were added and starts each usable one whose flags are free or held by
/// goals it may replace (stopping those), then ticks the running goals. tick_running_goals(false)
/// runs on the ticks between: only goals that require an update every tick.
///
/// Of two usable goals of equal priority that need the same flag, the one added first starts and
/// the other waits until it stops (neither pre-empts the other). Seed 003 says vanilla's choice
/// depends on hash codes; the versions we follow keep their goals in a LinkedHashSet, which walks
/// in insertion order too, so the order here is vanilla's and never depends on the run.
///
/// Adding or removing goals from inside the selector's own tick (from a goal's can_use, start,
/// tick or stop) throws GoalError: vanilla fails the same way (a ConcurrentModificationException).
class GoalSelector {
public:
    GoalSelector() = default;
    GoalSelector(const GoalSelector&) = delete;
    GoalSelector& operator=(const GoalSelector&) = delete;

    /// @brief Adds a goal at `priority` (lower first); returns it.
    Goal& add_goal(std::int32_t priority, std::unique_ptr<Goal> goal);
    /// @brief Constructs and adds a goal; returns it.
    template <class G, class... Args>
    G& add(std::int32_t priority, Args&&... args) {
        return static_cast<G&>(add_goal(priority, std::make_unique<G>(std::forward<Args>(args)...)));
    }
    /// @brief Stops (if running) and removes `goal` (vanilla's removeGoal).
    void remove_goal(Level& level, Mob& mob, const Goal& goal);
    /// @brief Stops and removes every goal.
    void clear(Level& level, Mob& mob);

    /// @brief The full evaluation (vanilla's tick): see the class comment.
    void tick(Level& level, Mob& mob);
    /// @brief Ticks the running goals: all of them, or only those that require an update every
    /// tick when `tick_all` is false.
    void tick_running_goals(Level& level, Mob& mob, bool tick_all);

    /// @brief Disables a flag: goals holding it stop at the next tick and none needing it starts.
    void disable_control_flag(Flag flag) noexcept { disabled_.set(flag, true); }
    /// @brief Enables a flag again.
    void enable_control_flag(Flag flag) noexcept { disabled_.set(flag, false); }
    /// @brief Enables or disables a flag (vanilla's setControlFlag).
    void set_control_flag(Flag flag, bool enabled) noexcept { disabled_.set(flag, !enabled); }
    /// @brief The disabled flags.
    Flags disabled_flags() const noexcept { return disabled_; }

    /// @brief Every goal in the order added.
    const std::vector<WrappedGoal>& goals() const noexcept { return goals_; }
    /// @brief The goal holding `flag`, or nullptr.
    const Goal* holder(Flag flag) const noexcept;
    /// @brief True when `goal` runs.
    bool is_running(const Goal& goal) const noexcept;
    /// @brief Stops every running goal (the mob lost its AI or is unloaded).
    void stop_all(Level& level, Mob& mob);

private:
    void check_not_ticking(const char* what) const;
    std::vector<WrappedGoal> goals_;
    // Per flag: index in goals_ of the goal holding it, or -1.
    std::int32_t locked_[Flags::count] = {-1, -1, -1, -1};
    Flags disabled_;
    bool ticking_ = false;  // inside tick() or tick_running_goals(): goals_ must not change
};

}  // namespace mobsdk::goal
