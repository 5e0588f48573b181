// The skeleton's bow goal (seed 004): keep the target in sight, strafe around it inside the
// attack radius, draw the bow for 20 ticks and shoot through a RangedAttacker the mob's plugin
// implements (the arrow itself is the host's or the plugin's business).
#pragma once

#include <cstdint>
#include <string>

#include "mobsdk/goal/goal.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::goal {

/// @brief What shoots (vanilla's RangedAttackMob): the skeleton's plugin spawns the arrow.
class RangedAttacker {
public:
    virtual ~RangedAttacker() = default;
    /// @brief Shoots at `target` with `power` 0–1 (vanilla's performRangedAttack: the bow's
    /// draw power, BowItem.getPowerForTime).
    virtual void perform_ranged_attack(Level& level, Mob& mob, const Entity& target, float power) = 0;
};

/// @brief Vanilla's RangedBowAttackGoal (flags MOVE and LOOK, ticked every tick), exactly as seed
/// 004 shows it: while the mob has a target and holds a bow (minecraft:bow in either hand) it
/// counts ticks of sight (see_time: up while seen, down while not, reset to 0 when that changes);
/// within the attack radius and seen for 20 ticks it stops walking and strafes (±0.5 forwards,
/// ±0.5 sideways), flipping each direction with probability 0.3 every 20 ticks, walking forwards
/// beyond 0.75 of the attack radius squared and backwards inside 0.25 of it; otherwise it paths
/// to the target. It draws the bow when the attack time runs out and the target was seen within
/// the last 60 ticks, shoots after 20 ticks of drawing with the target in sight (then waits
/// attack_interval_min ticks), and lowers the bow after 60 ticks without sight.
///
/// Vanilla keeps the bow's use state on the mob; here the goal keeps it (is_using_item,
/// ticks_using_item). Vanilla turns the mob's body towards the target by at most 30° a tick
/// while strafing (Mob.lookAt); the world API has no body rotation, so the goal keeps that
/// facing itself and turns the strafe input into the mob's frame, which moves the mob as
/// vanilla's would (and it points the head at the target through the LookControl).
class RangedBowAttackGoal final : public Goal {
public:
    /// @brief Shoots through `attacker` (not owned: it must outlive the goal), paths at
    /// `speed_modifier`, waits `attack_interval_min` ticks between shots and strafes within
    /// `attack_radius` blocks (the skeleton: 1.0, 20 on hard and 40 otherwise, 15).
    RangedBowAttackGoal(RangedAttacker& attacker, double speed_modifier, std::int32_t attack_interval_min,
                        float attack_radius);

    /// @brief A target and a bow.
    bool can_use(Level& level, Mob& mob) override;
    /// @brief A bow, and a target or a path still being walked.
    bool can_continue_to_use(Level& level, Mob& mob) override;
    /// @brief The mob turns aggressive (draws as an archer on clients).
    void start(Level& level, Mob& mob) override;
    /// @brief Forgets the sight count and the attack time, lowers the bow; no longer aggressive.
    void stop(Level& level, Mob& mob) override;
    /// @brief Ticks every tick.
    bool requires_update_every_tick() const override { return true; }
    /// @brief See the class comment.
    void tick(Level& level, Mob& mob) override;
    /// @brief "RangedBowAttackGoal".
    std::string debug_string() const override { return "RangedBowAttackGoal"; }

    /// @brief Changes the pause between shots (vanilla's setMinAttackInterval).
    void set_min_attack_interval(std::int32_t ticks) noexcept { attack_interval_min_ = ticks; }
    /// @brief True when the mob holds minecraft:bow in either hand (vanilla's isHolding(BOW)).
    static bool is_holding_bow(const Mob& mob);
    /// @brief Vanilla's BowItem.getPowerForTime: t = ticks / 20, (t² + 2t) / 3, at most 1.
    static float power_for_time(std::int32_t ticks) noexcept;

    /// @brief Ticks of drawing before a shot.
    static constexpr std::int32_t draw_ticks = 20;
    /// @brief Ticks of strafing before the directions may flip.
    static constexpr std::int32_t strafe_flip_ticks = 20;
    /// @brief Probability of flipping each strafe direction.
    static constexpr float strafe_flip_chance = 0.3f;
    /// @brief Ticks out of sight after which the bow is lowered and not drawn again.
    static constexpr std::int32_t give_up_ticks = 60;

    /// @brief Ticks seen (positive) or unseen (negative).
    std::int32_t see_time() const noexcept { return see_time_; }
    /// @brief Ticks strafing since the last flip chance, −1 when not strafing.
    std::int32_t strafing_time() const noexcept { return strafing_time_; }
    /// @brief Sideways direction.
    bool strafing_clockwise() const noexcept { return strafing_clockwise_; }
    /// @brief Backing away.
    bool strafing_backwards() const noexcept { return strafing_backwards_; }
    /// @brief Ticks until the bow may be drawn again.
    std::int32_t attack_time() const noexcept { return attack_time_; }
    /// @brief True while the bow is drawn.
    bool is_using_item() const noexcept { return using_item_; }
    /// @brief Ticks the bow has been drawn.
    std::int32_t ticks_using_item() const noexcept { return using_item_ ? ticks_using_item_ : 0; }
    /// @brief The attack radius squared.
    float attack_radius_sqr() const noexcept { return attack_radius_sqr_; }

private:
    void strafe(Mob& mob, const Entity& target);
    RangedAttacker* attacker_;
    double speed_modifier_;
    std::int32_t attack_interval_min_;
    float attack_radius_sqr_;
    std::int32_t attack_time_ = -1;
    std::int32_t see_time_ = 0;
    bool strafing_clockwise_ = false;
    bool strafing_backwards_ = false;
    std::int32_t strafing_time_ = -1;
    bool using_item_ = false;
    std::int32_t ticks_using_item_ = 0;
    // The body yaw vanilla's Mob.lookAt would give the mob while it strafes.
    float facing_ = 0.0f;
    bool facing_valid_ = false;
};

}  // namespace mobsdk::goal
