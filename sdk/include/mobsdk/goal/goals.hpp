// Vanilla's everyday goals (seed 003): floating, random strolls, looking at mobs or around,
// and fleeing from a kind of mob. Combat, sun and bow goals live in combat.hpp, sun.hpp and
// ranged.hpp. Every goal keeps its own state: give each mob its own instances.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mobsdk/goal/goal.hpp"
#include "mobsdk/world/ai_util.hpp"

namespace mobsdk::goal {

/// @brief The entity types a goal looks for (vanilla passes a class, which also takes its
/// subclasses; here the types are listed). Built once with the goal, read every evaluation.
using TypeList = std::vector<Handle<EntityTypeInfo>>;

/// @brief The tag type of the player forms of LookAtPlayerGoal and NearestAttackableTargetGoal
/// (vanilla's LookAtPlayerGoal(mob, Player.class, …) and NearestAttackableTargetGoal<Player>): they
/// search Level::players() instead of entities of some types.
struct PlayerTargets {
    /// @brief Only `players` is made from it (so that `{}` stays an empty TypeList).
    struct Key {};
    /// @brief The tag.
    explicit constexpr PlayerTargets(Key) noexcept {}
};
/// @brief The tag value: `goals.add<LookAtPlayerGoal>(8, goal::players, 8.0f)`,
/// `targets.add<NearestAttackableTargetGoal>(2, goal::players, true)`.
inline constexpr PlayerTargets players{PlayerTargets::Key{}};

/// @brief Vanilla's Entity.getFluidHeight: how deep the entity's box reaches into `fluid`, in
/// blocks (0 when it touches none). Fluid levels are not modelled: a fluid block is a source,
/// 8/9 high, or a full block under the same fluid.
double fluid_height(const Level& level, const Entity& entity, Fluid fluid);

/// @brief Vanilla's Entity.getFluidJumpThreshold: 0.4, or 0 for a mob whose eyes are below 0.4.
double fluid_jump_threshold(const Entity& entity) noexcept;

/// @brief Vanilla's FloatGoal (flag JUMP): while in water deeper than the fluid jump threshold
/// or in lava, jumps with probability 0.8 each tick. Vanilla's constructor also lets paths cross
/// water (setCanFloat); here that is the type's EntityTypeInfo::can_float.
class FloatGoal final : public Goal {
public:
    /// @brief A float goal.
    FloatGoal();
    /// @brief In water above the jump threshold, or in lava.
    bool can_use(Level& level, Mob& mob) override;
    /// @brief Floating is checked every tick.
    bool requires_update_every_tick() const override { return true; }
    /// @brief Jumps with probability 0.8.
    void tick(Level& level, Mob& mob) override;
    /// @brief "FloatGoal".
    std::string debug_string() const override { return "FloatGoal"; }

    /// @brief Vanilla's jump probability per tick.
    static constexpr float jump_chance = 0.8f;
};

/// @brief Vanilla's RandomStrollGoal (flag MOVE): on average once per `interval` ticks (a 1 in
/// reduced_tick_delay(interval) draw per evaluation, 1 in 60 for the default 120) it picks a
/// position with DefaultRandomPos.getPos(mob, 10, 7) and walks there; it runs until the
/// navigation is done, and stops the navigation when it stops. No valid position: no stroll.
///
/// Vanilla also refuses while the mob's noActionTime ≥ 100 (a despawnable mob more than 32 blocks
/// from every player, about to be despawned); this server does not despawn mobs and keeps mobs in
/// forceloaded chunks alive without players, so that check is left out (it would freeze them).
class RandomStrollGoal : public Goal {
public:
    /// @brief Vanilla's DEFAULT_INTERVAL.
    static constexpr std::int32_t default_interval = 120;
    /// @brief Strolls at `speed_modifier`, on average every `interval` ticks.
    explicit RandomStrollGoal(double speed_modifier, std::int32_t interval = default_interval);

    /// @brief The interval draw, then a position.
    bool can_use(Level& level, Mob& mob) override;
    /// @brief Until the navigation is done.
    bool can_continue_to_use(Level& level, Mob& mob) override;
    /// @brief Walks to the position found.
    void start(Level& level, Mob& mob) override;
    /// @brief Stops the navigation.
    void stop(Level& level, Mob& mob) override;
    /// @brief "RandomStrollGoal".
    std::string debug_string() const override { return "RandomStrollGoal"; }

    /// @brief Skips the interval draw at the next evaluation (vanilla's trigger).
    void trigger() noexcept { force_trigger_ = true; }
    /// @brief Changes the interval (vanilla's setInterval).
    void set_interval(std::int32_t interval);
    /// @brief The interval.
    std::int32_t interval() const noexcept { return interval_; }
    /// @brief The position of the current or last stroll.
    BlockPos wanted() const noexcept { return wanted_; }

protected:
    /// @brief Where to stroll (vanilla's getPosition): DefaultRandomPos.getPos(mob, 10, 7).
    virtual std::optional<BlockPos> position(Level& level, Mob& mob);

    double speed_modifier_;  ///< speed while strolling

private:
    std::int32_t interval_;
    bool force_trigger_ = false;
    BlockPos wanted_;
};

/// @brief Vanilla's WaterAvoidingRandomStrollGoal: a RandomStrollGoal whose positions come from
/// LandRandomPos (away from water, moved up onto the surface): LandRandomPos.getPos(mob, 15, 7)
/// while in water (DefaultRandomPos when that fails), else LandRandomPos.getPos(mob, 10, 7)
/// unless a draw below `probability` (0.001) picks DefaultRandomPos.getPos(mob, 10, 7).
class WaterAvoidingRandomStrollGoal final : public RandomStrollGoal {
public:
    /// @brief Vanilla's PROBABILITY.
    static constexpr float default_probability = 0.001f;
    /// @brief Strolls at `speed_modifier`; `probability` is the chance of a plain stroll.
    explicit WaterAvoidingRandomStrollGoal(double speed_modifier, float probability = default_probability)
        : RandomStrollGoal(speed_modifier), probability_(probability) {}
    /// @brief "WaterAvoidingRandomStrollGoal".
    std::string debug_string() const override { return "WaterAvoidingRandomStrollGoal"; }

protected:
    /// @brief See the class comment.
    std::optional<BlockPos> position(Level& level, Mob& mob) override;

private:
    float probability_;
};

/// @brief Vanilla's LookAtPlayerGoal (flag LOOK), for any entity types: with probability
/// `probability` (0.02) per evaluation it picks the nearest entity of `types` within
/// `look_distance` (a box of ±look_distance horizontally and ±3 vertically, then
/// TargetingConditions.forNonCombat().range(look_distance), nearest to the mob's eyes) and looks
/// at its eyes for 40–79 ticks (halved: it ticks every other tick), until it dies or goes out of
/// range.
///
/// The player form (`goal::players`, vanilla's `Player.class`) searches every player of the level
/// instead (vanilla's getNearestPlayer: no ±3 box, the range alone bounds it, scaled by the
/// player's visibility: 0.8 while sneaking); spectators are never looked at, creative players are.
class LookAtPlayerGoal final : public Goal {
public:
    /// @brief Vanilla's DEFAULT_PROBABILITY.
    static constexpr float default_probability = 0.02f;
    /// @brief Looks at entities of `types` within `look_distance`; with `only_horizontal` the
    /// head stays level (looks at the target's x, z at the mob's own eye height).
    LookAtPlayerGoal(TypeList types, float look_distance, float probability = default_probability,
                     bool only_horizontal = false);
    /// @brief The player form: looks at players within `look_distance`.
    LookAtPlayerGoal(PlayerTargets, float look_distance, float probability = default_probability,
                     bool only_horizontal = false);

    /// @brief The probability draw, then the nearest entity.
    bool can_use(Level& level, Mob& mob) override;
    /// @brief While the entity lives, is in range and the look time lasts.
    bool can_continue_to_use(Level& level, Mob& mob) override;
    /// @brief Draws the look time.
    void start(Level& level, Mob& mob) override;
    /// @brief Forgets the entity.
    void stop(Level& level, Mob& mob) override;
    /// @brief Looks at it.
    void tick(Level& level, Mob& mob) override;
    /// @brief "LookAtPlayerGoal", or "LookAtPlayerGoal(Player)" for the player form.
    std::string debug_string() const override { return players_ ? "LookAtPlayerGoal(Player)" : "LookAtPlayerGoal"; }
    /// @brief True for the player form.
    bool looks_at_players() const noexcept { return players_; }

    /// @brief The entity looked at, while running.
    std::optional<EntityRef> look_at() const noexcept { return look_at_; }
    /// @brief Evaluations of looking left.
    std::int32_t look_time() const noexcept { return look_time_; }

private:
    TypeList types_;
    bool players_ = false;
    float look_distance_;
    float probability_;
    bool only_horizontal_;
    std::optional<EntityRef> look_at_;
    std::int32_t look_time_ = 0;
    std::vector<EntityRef> scratch_;
};

/// @brief Vanilla's RandomLookAroundGoal (flags MOVE and LOOK): with probability 0.02 per
/// evaluation it picks a random horizontal direction and looks that way for 20–39 ticks.
class RandomLookAroundGoal final : public Goal {
public:
    /// @brief A look-around goal.
    RandomLookAroundGoal();
    /// @brief The 0.02 draw.
    bool can_use(Level& level, Mob& mob) override;
    /// @brief While the look time lasts.
    bool can_continue_to_use(Level& level, Mob& mob) override;
    /// @brief Draws the direction and the look time.
    void start(Level& level, Mob& mob) override;
    /// @brief Ticks every tick.
    bool requires_update_every_tick() const override { return true; }
    /// @brief Looks one block away in the chosen direction, at eye height.
    void tick(Level& level, Mob& mob) override;
    /// @brief "RandomLookAroundGoal".
    std::string debug_string() const override { return "RandomLookAroundGoal"; }

    /// @brief Vanilla's chance per evaluation.
    static constexpr float chance = 0.02f;
    /// @brief Ticks of looking left.
    std::int32_t look_time() const noexcept { return look_time_; }

private:
    double rel_x_ = 0, rel_z_ = 0;
    std::int32_t look_time_ = 0;
};

/// @brief Vanilla's AvoidEntityGoal (flag MOVE): when an entity of `types` within `max_dist`
/// (a box of ±max_dist horizontally, ±3 vertically, then TargetingConditions.forCombat()
/// .range(max_dist) and the selector, nearest to the mob's feet) is near, it flees to
/// DefaultRandomPos.getPosAway(mob, 16, 7, its position), if that is no closer to it than the mob
/// is and a path there exists; it walks at `walk_speed`, sprinting at `sprint_speed` while the
/// entity is within 7 blocks, until the path is done.
class AvoidEntityGoal final : public Goal {
public:
    /// @brief Flees from entities of `types` within `max_dist`; `selector` (may be null) is an
    /// extra test on each candidate.
    AvoidEntityGoal(TypeList types, float max_dist, double walk_speed, double sprint_speed,
                    TargetingConditions::Selector selector = nullptr);

    /// @brief An entity to avoid, a flee position and a path to it.
    bool can_use(Level& level, Mob& mob) override;
    /// @brief Until the path is done.
    bool can_continue_to_use(Level& level, Mob& mob) override;
    /// @brief Follows the path at walking speed.
    void start(Level& level, Mob& mob) override;
    /// @brief Forgets the entity.
    void stop(Level& level, Mob& mob) override;
    /// @brief Walks or sprints by distance.
    void tick(Level& level, Mob& mob) override;
    /// @brief "AvoidEntityGoal".
    std::string debug_string() const override { return "AvoidEntityGoal"; }

    /// @brief Within this many blocks the mob sprints (vanilla compares squared: 49).
    static constexpr double sprint_distance = 7.0;
    /// @brief The entity fled from, while running.
    std::optional<EntityRef> to_avoid() const noexcept { return to_avoid_; }
    /// @brief The flee position of the current or last flight.
    BlockPos flee_pos() const noexcept { return flee_pos_; }

private:
    TypeList types_;
    float max_dist_;
    double walk_speed_;
    double sprint_speed_;
    TargetingConditions::Selector selector_;
    std::optional<EntityRef> to_avoid_;
    std::optional<Path> path_;
    BlockPos flee_pos_;
    std::vector<EntityRef> scratch_;
};

/// @brief Vanilla's Level.getNearestEntity: of `candidates`, the one `conditions` accept for
/// `observer` that is nearest to `from` (ties keep the first); nullptr for none.
Entity* nearest_entity(Level& level, std::span<const EntityRef> candidates, const TargetingConditions& conditions,
                       Mob& observer, const Vec3& from);

}  // namespace mobsdk::goal
