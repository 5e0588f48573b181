// Vanilla's combat goals (seed 003): choosing an attack target (TargetGoal and its
// NearestAttackableTargetGoal and HurtByTargetGoal, for a mob's target selector) and chasing and
// hitting it (MeleeAttackGoal, for its goal selector).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/goal/goals.hpp"

namespace mobsdk::goal {

/// @brief Vanilla's canBeSeenAsEnemy: the target is alive, seen by anyone and not invulnerable,
/// and — a player — not creative or spectator (Player.canBeSeenAsEnemy's Abilities.invulnerable).
bool can_attack(const Entity& target) noexcept;
/// @brief Vanilla's LivingEntity.canAttack: can_attack(target), and no player in a peaceful world.
bool can_attack(const Level& level, const Entity& target) noexcept;
/// @brief True for a creative or spectator player (vanilla's EntitySelector.NO_CREATIVE_OR_SPECTATOR
/// fails for it); false for everything else.
bool is_creative_or_spectator(const Entity& entity) noexcept;

/// @brief Vanilla's getLastHurtByMob: the living entity (a mob or a player) that last hurt `mob`,
/// if that was at most 100 ticks ago and it is still alive, and when it happened (game time).
struct LastHurtBy {
    EntityRef attacker;          ///< who
    std::int64_t game_time = 0;  ///< when (vanilla's lastHurtByMobTimestamp, in game time)
};
/// @brief The mob's last attacker as vanilla's getLastHurtByMob sees it (Mob::last_hurt_by_mob,
/// at most 100 ticks old, alive), or nothing.
std::optional<LastHurtBy> last_hurt_by_mob(Level& level, Mob& mob);

/// @brief Vanilla's TargetGoal: the base of goals that choose the attack target (flag TARGET).
/// While running it keeps the target as long as it may be attacked, is within follow range and —
/// with `must_see` — has not been out of sight for more than reduced_tick_delay(unseen memory)
/// evaluations (60 ticks by default, 300 for HurtByTargetGoal). With `must_reach` candidates need
/// a path whose end lies within 1.5 blocks (horizontally) of them, checked every 5–7 evaluations.
class TargetGoal : public Goal {
public:
    /// @brief Vanilla's default unseenMemoryTicks.
    static constexpr std::int32_t default_unseen_memory_ticks = 60;

    /// @brief Keeps the target while the rules above hold (and sets it on the mob again).
    bool can_continue_to_use(Level& level, Mob& mob) override;
    /// @brief Resets the reach cache and the unseen count.
    void start(Level& level, Mob& mob) override;
    /// @brief Clears the mob's target.
    void stop(Level& level, Mob& mob) override;

    /// @brief How long the target may stay out of sight, in ticks (vanilla's setUnseenMemoryTicks).
    TargetGoal& set_unseen_memory_ticks(std::int32_t ticks) noexcept {
        unseen_memory_ticks_ = ticks;
        return *this;
    }
    /// @brief The unseen memory, in ticks.
    std::int32_t unseen_memory_ticks() const noexcept { return unseen_memory_ticks_; }
    /// @brief True when the target must be seen.
    bool must_see() const noexcept { return must_see_; }
    /// @brief True when the target must be reachable.
    bool must_reach() const noexcept { return must_reach_; }

protected:
    /// @brief A target goal.
    TargetGoal(bool must_see, bool must_reach);
    /// @brief Vanilla's getFollowDistance: generic.follow_range.
    static double follow_distance(const Mob& mob) { return mob.follow_range(); }
    /// @brief Vanilla's TargetGoal.canAttack: `conditions` accept it, it stands inside the mob's
    /// restriction, and with must_reach it is reachable.
    bool can_attack(Level& level, Mob& mob, const Entity* target, const TargetingConditions& conditions);

    std::optional<EntityRef> target_mob_;                             ///< vanilla's targetMob
    std::int32_t unseen_memory_ticks_ = default_unseen_memory_ticks;  ///< vanilla's unseenMemoryTicks

private:
    bool can_reach(Level& level, Mob& mob, const Entity& target);
    bool must_see_;
    bool must_reach_;
    std::int32_t reach_cache_ = 0;  // 0 unknown, 1 reachable, 2 not
    std::int32_t reach_cache_time_ = 0;
    std::int32_t unseen_ticks_ = 0;
};

/// @brief Vanilla's NearestAttackableTargetGoal: with probability 1 in
/// reduced_tick_delay(random_interval) per evaluation (1 in 5 for the default 10; every time for
/// 0) it looks for the nearest entity of `types` in the mob's box grown by follow range
/// horizontally and 4 blocks vertically that TargetingConditions.forCombat().range(follow range)
/// (and the selector) accept, nearest to the mob's eyes, and makes it the target. The player form
/// (`players` tag, vanilla's NearestAttackableTargetGoal<Player>) searches Level::players() instead
/// of a box: the range test alone bounds it (a sphere of follow range, scaled by the player's
/// visibility), and creative, spectator and — in peaceful — all players fail the conditions.
class NearestAttackableTargetGoal final : public TargetGoal {
public:
    /// @brief Vanilla's DEFAULT_RANDOM_INTERVAL.
    static constexpr std::int32_t default_random_interval = 10;
    /// @brief Targets the nearest entity of `types`; `selector` (may be null) is an extra test.
    NearestAttackableTargetGoal(TypeList types, bool must_see, bool must_reach = false,
                                std::int32_t random_interval = default_random_interval,
                                TargetingConditions::Selector selector = nullptr);
    /// @brief Targets the nearest player (vanilla's NearestAttackableTargetGoal<Player>).
    NearestAttackableTargetGoal(PlayerTargets, bool must_see, bool must_reach = false,
                                std::int32_t random_interval = default_random_interval,
                                TargetingConditions::Selector selector = nullptr);

    /// @brief The interval draw, then the search.
    bool can_use(Level& level, Mob& mob) override;
    /// @brief Sets the mob's target to what it found.
    void start(Level& level, Mob& mob) override;
    /// @brief "NearestAttackableTargetGoal", or "NearestAttackableTargetGoal(Player)".
    std::string debug_string() const override {
        return targets_players_ ? "NearestAttackableTargetGoal(Player)" : "NearestAttackableTargetGoal";
    }
    /// @brief True for the player form.
    bool targets_players() const noexcept { return targets_players_; }

    /// @brief Replaces the found target (vanilla's setTarget).
    void set_target(std::optional<EntityRef> target) noexcept { target_ = target; }
    /// @brief The evaluations between searches on average (reduced_tick_delay of the interval).
    std::int32_t random_interval() const noexcept { return random_interval_; }
    /// @brief The box searched: the mob's box grown by `distance` horizontally, 4 vertically.
    static AABB search_area(const Mob& mob, double distance) {
        return mob.bounding_box().inflate(distance, 4.0, distance);
    }

private:
    TypeList types_;
    bool targets_players_ = false;
    std::int32_t random_interval_;
    TargetingConditions::Selector selector_;
    std::optional<EntityRef> target_;
    std::vector<EntityRef> scratch_;
};

/// @brief Vanilla's HurtByTargetGoal: when the mob was hurt by a living entity (a mob or a player;
/// a new hurt, at most 100 ticks ago) that is not of an ignored type and may be attacked (forCombat, line of
/// sight and invisibility ignored), that entity becomes the target, kept while seen within the
/// last 300 ticks. With set_alert_others, mobs of the same type (and of any types listed there)
/// within follow range horizontally and 10 blocks vertically that have no target take it too.
class HurtByTargetGoal final : public TargetGoal {
public:
    /// @brief Ignores attackers of `ignore_damage_from` types.
    explicit HurtByTargetGoal(TypeList ignore_damage_from = {});

    /// @brief A new hurt by an attackable mob.
    bool can_use(Level& level, Mob& mob) override;
    /// @brief Targets the attacker and alerts others.
    void start(Level& level, Mob& mob) override;
    /// @brief "HurtByTargetGoal".
    std::string debug_string() const override { return "HurtByTargetGoal"; }

    /// @brief Alert mobs of the mob's own type and of `also_alert` (vanilla alerts every subclass
    /// of the mob's class except those it lists; here types are named, not inherited).
    HurtByTargetGoal& set_alert_others(TypeList also_alert = {});
    /// @brief True when it alerts others.
    bool alerts_others() const noexcept { return alert_same_type_; }
    /// @brief Vanilla's ALERT_RANGE_Y.
    static constexpr double alert_range_y = 10.0;
    /// @brief Ticks vanilla remembers the last attacker.
    static constexpr std::int64_t memory_ticks = 100;

protected:
    /// @brief Sets another mob's target (vanilla's alertOther).
    virtual void alert_other(Mob& other, const EntityRef& attacker);

private:
    void alert_others(Level& level, Mob& mob, const EntityRef& attacker);
    TypeList ignore_damage_from_;
    TypeList alert_types_;
    bool alert_same_type_ = false;
    std::optional<std::int64_t> timestamp_;
    std::vector<EntityRef> scratch_;
};

/// @brief Vanilla's MeleeAttackGoal (flags MOVE and LOOK, ticked every tick): with a living
/// target (a mob or a player) it paths to it (can_use checks at most once per 20 ticks and needs a path, or the
/// target within reach), re-paths when the countdown ends (4–10 ticks, +5 beyond 16 blocks, +10
/// beyond 32, +15 when no path was found) and the target moved a block or more (or with
/// probability 0.05), and hits it when within getAttackReachSqr (the mob's width × 2, squared,
/// plus the target's width) and the 20-tick cooldown is over. The hit is do_hurt_target:
/// minecraft:mob_attack damage of `attack_damage` (vanilla's generic.attack_damage; a player's
/// hurt scales it by difficulty). A creative or spectator player target stops it, and the mob
/// forgets that target.
class MeleeAttackGoal : public Goal {
public:
    /// @brief Chases at `speed_modifier`; with `following_target_even_if_not_seen` it re-paths
    /// without line of sight and runs on when the path ends.
    MeleeAttackGoal(double speed_modifier, bool following_target_even_if_not_seen, float attack_damage);

    /// @brief Once per 20 ticks: a live target with a path or within reach.
    bool can_use(Level& level, Mob& mob) override;
    /// @brief A live target; without following_target_even_if_not_seen until the path ends,
    /// with it while the target stays inside the mob's restriction and is no creative or
    /// spectator player.
    bool can_continue_to_use(Level& level, Mob& mob) override;
    /// @brief Follows the path found by can_use.
    void start(Level& level, Mob& mob) override;
    /// @brief Stops the navigation; forgets a creative or spectator player target.
    void stop(Level& level, Mob& mob) override;
    /// @brief Ticks every tick.
    bool requires_update_every_tick() const override { return true; }
    /// @brief Looks at the target, re-paths and attacks.
    void tick(Level& level, Mob& mob) override;
    /// @brief "MeleeAttackGoal".
    std::string debug_string() const override { return "MeleeAttackGoal"; }

    /// @brief Vanilla's attackInterval.
    static constexpr std::int32_t attack_interval = 20;
    /// @brief Vanilla's COOLDOWN_BETWEEN_CAN_USE_CHECKS.
    static constexpr std::int64_t can_use_check_cooldown = 20;
    /// @brief Vanilla's getAttackReachSqr (1.19.3): (width × 2)² + the target's width.
    static double attack_reach_sqr(const Entity& attacker, const Entity& target);

    /// @brief Ticks until the next path recalculation.
    std::int32_t ticks_until_next_path_recalculation() const noexcept { return ticks_until_next_path_recalculation_; }
    /// @brief Ticks until the next attack (vanilla's getTicksUntilNextAttack).
    std::int32_t ticks_until_next_attack() const noexcept { return ticks_until_next_attack_; }
    /// @brief True when the cooldown is over (vanilla's isTimeToAttack).
    bool is_time_to_attack() const noexcept { return ticks_until_next_attack_ <= 0; }

protected:
    /// @brief Attacks when within reach and the cooldown is over (vanilla's checkAndPerformAttack).
    virtual void check_and_perform_attack(Level& level, Mob& mob, LivingEntity& target, double distance_sqr);
    /// @brief Starts the cooldown again (vanilla's resetAttackCooldown).
    void reset_attack_cooldown() { ticks_until_next_attack_ = adjusted_tick_delay(attack_interval); }
    /// @brief The hit itself (vanilla's doHurtTarget): damage of type minecraft:mob_attack.
    virtual void do_hurt_target(Level& level, Mob& mob, LivingEntity& target);

    double speed_modifier_;  ///< chasing speed
    float attack_damage_;    ///< damage per hit

private:
    bool following_target_even_if_not_seen_;
    std::optional<Path> path_;
    Vec3 pathed_target_{};
    std::int32_t ticks_until_next_path_recalculation_ = 0;
    std::int32_t ticks_until_next_attack_ = 0;
    std::int64_t last_can_use_check_ = 0;
};

}  // namespace mobsdk::goal
