// The standard movement and looking behaviours (seed 000 and vanilla 1.19.3–1.21): the two sinks
// that turn WALK_TARGET and LOOK_TARGET into navigation and head turns, and the triggers that
// choose those targets (strolls, following, fleeing, going home).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/one_shot.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::stdlib {

/// @brief Vanilla's MoveToTargetSink: follows WALK_TARGET (entry: CANT_REACH_WALK_TARGET_SINCE
/// registered, PATH absent, WALK_TARGET present; 150–250 ticks by default).
///
/// To start it needs the target not yet reached (Manhattan distance from the mob's block >
/// close-enough) and a path: a path to the target, or else one to a random position towards it
/// (DefaultRandomPos.getPosTowards 10, 7, π/2). A path that cannot reach sets
/// CANT_REACH_WALK_TARGET_SINCE (if absent) to the game time; a reaching one or arrival erases it.
/// While running it re-paths when the target moved more than 2 blocks (distSqr > 4) since the last
/// path. It stops when the navigation is done, the target is reached or gone, or time runs out;
/// WALK_TARGET and PATH are erased then. Stopping short because the navigation gave up on the path
/// (vanilla's isStuck) sets a cooldown of nextInt(40) start attempts.
class MoveToTargetSink final : public brain::Behavior {
public:
    /// @brief Vanilla's MoveToTargetSink() is (150, 250).
    explicit MoveToTargetSink(const brain::StandardMemories& m, std::int32_t min_duration = 150,
                              std::int32_t max_duration = 250);
    std::string debug_string() const override { return "MoveToTargetSink"; }
    /// @brief Start attempts left before it tries again after getting stuck.
    std::int32_t remaining_cooldown() const noexcept { return remaining_cooldown_; }
    /// @brief The walk target's block when the current path was computed.
    std::optional<BlockPos> last_target_pos() const noexcept { return last_target_pos_; }

protected:
    bool check_extra_start_conditions(Level& level, Mob& mob) override;
    bool can_still_use(Level& level, Mob& mob, std::int64_t time) override;
    void start(Level& level, Mob& mob, std::int64_t time) override;
    void tick(Level& level, Mob& mob, std::int64_t time) override;
    void stop(Level& level, Mob& mob, std::int64_t time) override;

private:
    bool reached_target(Level& level, const Mob& mob, const brain::WalkTarget& target) const;
    bool try_compute_path(Level& level, Mob& mob, const brain::WalkTarget& target, std::int64_t time);

    brain::MemoryModuleType<brain::WalkTarget> walk_target_;
    brain::MemoryModuleType<Path> path_memory_;
    brain::MemoryModuleType<std::int64_t> cant_reach_;
    std::int32_t remaining_cooldown_ = 0;
    std::optional<Path> path_;
    std::optional<BlockPos> last_target_pos_;
    float speed_modifier_ = 0.0f;
};

/// @brief Vanilla's LookAtTargetSink(min, max): while LOOK_TARGET is present and visible (a block
/// always; an entity while alive and in VISIBLE_MOBS), turns the head towards it each tick at the
/// mob's head speeds; erases LOOK_TARGET when it stops. Vanilla's mobs use (45, 90).
class LookAtTargetSink final : public brain::Behavior {
public:
    /// @brief Duration bounds in ticks.
    LookAtTargetSink(const brain::StandardMemories& m, std::int32_t min_duration, std::int32_t max_duration);
    std::string debug_string() const override { return "LookAtTargetSink"; }

protected:
    bool can_still_use(Level& level, Mob& mob, std::int64_t time) override;
    void tick(Level& level, Mob& mob, std::int64_t time) override;
    void stop(Level& level, Mob& mob, std::int64_t time) override;

private:
    brain::MemoryModuleType<brain::PositionTracker> look_target_;
    brain::MemoryModuleType<brain::NearestVisibleLivingEntities> visible_;
};

/// @brief Vanilla's Swim(chance): while in water, jumps on a tick with probability `chance` (the
/// villager and allay use 0.8). Runs 60 ticks at a time, as Behavior's default.
class Swim final : public brain::Behavior {
public:
    /// @brief `chance` of jumping per tick.
    explicit Swim(float chance) : Behavior({}, 60, 60), chance_(chance) {}
    std::string debug_string() const override { return "Swim"; }

protected:
    bool check_extra_start_conditions(Level& level, Mob& mob) override;
    bool can_still_use(Level& level, Mob& mob, std::int64_t) override {
        return check_extra_start_conditions(level, mob);
    }
    void tick(Level& level, Mob& mob, std::int64_t time) override;

private:
    float chance_;
};

/// @brief Vanilla's AnimalPanic(speed) (1.19.3): needs HURT_BY; runs 100–120 ticks, sets
/// IS_PANICKING and erases WALK_TARGET when it starts, and whenever the navigation is done sets
/// WALK_TARGET to LandRandomPos.getPos(5, 4) at `speed`; erases IS_PANICKING when it stops.
class AnimalPanic final : public brain::Behavior {
public:
    /// @brief The allay uses 2.5.
    AnimalPanic(const brain::StandardMemories& m, float speed);
    std::string debug_string() const override { return "AnimalPanic"; }

protected:
    bool can_still_use(Level&, Mob&, std::int64_t) override { return true; }
    void start(Level& level, Mob& mob, std::int64_t time) override;
    void tick(Level& level, Mob& mob, std::int64_t time) override;
    void stop(Level& level, Mob& mob, std::int64_t time) override;

private:
    brain::MemoryModuleType<bool> is_panicking_;
    brain::MemoryModuleType<brain::WalkTarget> walk_target_;
    float speed_;
};

/// @brief RandomStroll.stroll(speed): with WALK_TARGET absent, WALK_TARGET = LandRandomPos.getPos
/// (10, 7) at `speed`, close enough 0 (erased when there is none; it still counts as triggered).
/// With `may_stroll_in_water` false it does not trigger while in water.
std::unique_ptr<brain::OneShot> random_stroll(const brain::StandardMemories& m, float speed,
                                              bool may_stroll_in_water = true);
/// @brief RandomStroll.stroll(speed, horizontal, vertical): LandRandomPos.getPos(h, v).
std::unique_ptr<brain::OneShot> random_stroll(const brain::StandardMemories& m, float speed, std::int32_t horizontal,
                                              std::int32_t vertical);
/// @brief RandomStroll.fly(speed): AirAndWaterRandomPos.getPos(10, 7, y offset −2) within π/2 of
/// the mob's facing.
std::unique_ptr<brain::OneShot> random_fly(const brain::StandardMemories& m, float speed);
/// @brief Vanilla's AirAndWaterRandomPos.getPos: candidates within `max_radians` of (dir_x, dir_z),
/// moved up out of solid blocks, rejected outside the build height, the restriction, or with a
/// malus; the best of 10 by walk-target value.
std::optional<BlockPos> air_and_water_pos(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                          std::int32_t y_offset, double dir_x, double dir_z, double max_radians);

/// @brief SetWalkTargetFromLookTarget.create(speed, close_enough): with WALK_TARGET absent and
/// LOOK_TARGET present, walks to the look target.
std::unique_ptr<brain::OneShot> set_walk_target_from_look_target(const brain::StandardMemories& m, float speed,
                                                                 std::int32_t close_enough);

/// @brief GoToWantedItem.create(speed, override_walk_target, max_distance): with
/// ITEM_PICKUP_COOLDOWN_TICKS absent and NEAREST_VISIBLE_WANTED_ITEM closer than `max_distance`,
/// looks at the item and walks to it (close enough 0). Without `override_walk_target` it only
/// triggers while WALK_TARGET is absent.
std::unique_ptr<brain::OneShot> go_to_wanted_item(const brain::StandardMemories& m, float speed,
                                                  bool override_walk_target, std::int32_t max_distance);

/// @brief StayCloseToTarget.create(getter, close_enough, too_far, speed): with WALK_TARGET absent,
/// when `getter(level, mob)` gives a position not closer than `too_far`, sets LOOK_TARGET and
/// WALK_TARGET to it. `getter` returns std::optional<PositionTracker>.
template <typename Getter>
std::unique_ptr<brain::OneShot> stay_close_to_target(const brain::StandardMemories& m, Getter getter,
                                                     std::int32_t close_enough, std::int32_t too_far, float speed) {
    using namespace brain::behavior_builder;
    auto b = create(registered(m.look_target), absent(m.walk_target),
                    [getter = std::move(getter), close_enough, too_far, speed](Level& level, Mob& mob, std::int64_t,
                                                                               auto& look, auto& walk) mutable {
                        const std::optional<brain::PositionTracker> target = getter(level, mob);
                        if (!target) return false;
                        const double far = static_cast<double>(too_far);
                        if (mob.position().dist_sqr(target->current_position(level)) < far * far) return false;
                        look.set(*target);
                        walk.set(brain::WalkTarget(*target, speed, close_enough));
                        return true;
                    });
    b->set_debug_name("StayCloseToTarget");
    return b;
}

/// @brief SetWalkTargetFromBlockMemory.create(memory, speed, close_enough, too_far,
/// too_long_unreachable): walks back to a remembered block. Gives up — releases the POI ticket,
/// erases the memory and sets CANT_REACH_WALK_TARGET_SINCE to now — when the block is in another
/// dimension or unreachable for more than `too_long_unreachable` ticks; farther than `too_far`
/// (Manhattan) walks to DefaultRandomPos.getPosTowards(15, 7, π/2) positions within `too_far`
/// (giving up after 1000 tries); farther than `close_enough` walks to the block itself.
std::unique_ptr<brain::OneShot> set_walk_target_from_block_memory(const brain::StandardMemories& m,
                                                                  brain::MemoryModuleType<GlobalPos> memory,
                                                                  float speed, std::int32_t close_enough,
                                                                  std::int32_t too_far,
                                                                  std::int32_t too_long_unreachable);

/// @brief SetWalkTargetAwayFrom.pos(memory, speed, desired_distance, has_target): flees a block
/// closer than `desired_distance` to LandRandomPos.getPosAway(16, 7) (10 tries). With a walk target
/// already set it only triggers when `has_target`, and not when that target (at the same speed)
/// already leads away.
std::unique_ptr<brain::OneShot> set_walk_target_away_from_pos(const brain::StandardMemories& m,
                                                              brain::MemoryModuleType<BlockPos> memory, float speed,
                                                              std::int32_t desired_distance, bool has_target);
/// @brief SetWalkTargetAwayFrom.entity(memory, speed, desired_distance, has_target): as above, away
/// from an entity's position.
std::unique_ptr<brain::OneShot> set_walk_target_away_from_entity(const brain::StandardMemories& m,
                                                                 brain::MemoryModuleType<EntityRef> memory, float speed,
                                                                 std::int32_t desired_distance, bool has_target);

}  // namespace mobsdk::stdlib
