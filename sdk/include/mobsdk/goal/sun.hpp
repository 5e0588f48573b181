// The undead's sun goals (seed 004): RestrictSunGoal keeps paths out of sunlight while it is
// day, FleeSunGoal walks a burning mob into shade.
#pragma once

#include <string>

#include "mobsdk/goal/goal.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::goal {

/// @brief Vanilla's RestrictSunGoal (no flags): while it is day and the mob wears nothing on its
/// head, its ground navigation trims every path where it first enters sky-lit blocks
/// (PathNavigation::set_avoid_sun; a flying navigation ignores it, where vanilla's
/// GoalUtils.hasGroundPathNavigation would refuse to start).
class RestrictSunGoal final : public Goal {
public:
    /// @brief Day and no helmet.
    bool can_use(Level& level, Mob& mob) override;
    /// @brief Turns sun avoidance on.
    void start(Level& level, Mob& mob) override;
    /// @brief Turns it off.
    void stop(Level& level, Mob& mob) override;
    /// @brief "RestrictSunGoal".
    std::string debug_string() const override { return "RestrictSunGoal"; }
};

/// @brief Vanilla's FleeSunGoal (flag MOVE): a mob without a target that burns in the day under
/// open sky with nothing on its head looks for a hide position (random_pos::hide_pos: 10 tries at
/// x, z offsets in [−10, 9] and y in [−3, 2]; the first that cannot see the sky and whose
/// walk-target value is negative) and walks there at `speed_modifier` until the path is done.
class FleeSunGoal final : public Goal {
public:
    /// @brief Flees at `speed_modifier`.
    explicit FleeSunGoal(double speed_modifier);
    /// @brief See the class comment.
    bool can_use(Level& level, Mob& mob) override;
    /// @brief Until the navigation is done.
    bool can_continue_to_use(Level& level, Mob& mob) override;
    /// @brief Walks to the hide position.
    void start(Level& level, Mob& mob) override;
    /// @brief "FleeSunGoal".
    std::string debug_string() const override { return "FleeSunGoal"; }

    /// @brief The hide position of the current or last flight (bottom centre of its block).
    Vec3 wanted() const noexcept { return wanted_; }

private:
    double speed_modifier_;
    Vec3 wanted_{};
};

}  // namespace mobsdk::goal
