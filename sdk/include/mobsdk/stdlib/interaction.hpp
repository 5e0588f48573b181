// The standard behaviours for cooldowns, looking at and approaching other entities, the schedule
// and melee attacks (vanilla 1.19.3–1.21, seed 000).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/one_shot.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::stdlib {

/// @brief Vanilla's CountDownCooldownTicks(memory): while the memory is present, decrements it each
/// tick (it never times out); erases it when it stops, i.e. on the tick it is found at 0.
class CountDownCooldownTicks final : public brain::Behavior {
public:
    /// @brief The cooldown memory, e.g. ITEM_PICKUP_COOLDOWN_TICKS.
    explicit CountDownCooldownTicks(brain::MemoryModuleType<std::int32_t> memory);
    std::string debug_string() const override { return "CountDownCooldownTicks"; }

protected:
    bool timed_out(std::int64_t) const override { return false; }
    bool can_still_use(Level& level, Mob& mob, std::int64_t time) override;
    void tick(Level& level, Mob& mob, std::int64_t time) override;
    void stop(Level& level, Mob& mob, std::int64_t time) override;

private:
    brain::MemoryModuleType<std::int32_t> memory_;
};

/// @brief Vanilla's UniformInt: a whole number drawn uniformly in [min, max].
struct UniformInt {
    std::int32_t min;  ///< inclusive
    std::int32_t max;  ///< inclusive
    /// @brief Vanilla's sample: nextInt(max − min + 1) + min.
    std::int32_t sample(RandomSource& random) const noexcept { return random.next_int_between_inclusive(min, max); }
};

/// @brief SetEntityLookTarget.create(max_distance): with LOOK_TARGET absent, looks at (the eyes of)
/// the closest visible entity within `max_distance`. With a valid `type`, only entities of it.
std::unique_ptr<brain::OneShot> set_entity_look_target(const brain::StandardMemories& m, float max_distance,
                                                       Handle<EntityTypeInfo> type = {});

/// @brief SetEntityLookTargetSometimes.create(max_distance, interval): as set_entity_look_target,
/// but only every `interval` triggers: the first time an entity is in range it draws
/// interval.sample() − 1 and fails, then succeeds when that count reaches zero. `interval.min`
/// must be above 1 (std::invalid_argument otherwise, as vanilla's Ticker).
std::unique_ptr<brain::OneShot> set_entity_look_target_sometimes(const brain::StandardMemories& m, float max_distance,
                                                                 UniformInt interval, Handle<EntityTypeInfo> type = {});

/// @brief InteractWith.of(type, max_distance, memory, speed, close_enough): with WALK_TARGET absent
/// and a visible entity of `type`, sets `memory` to the closest one within `max_distance`, looks at
/// its eyes and walks to it. Triggers whenever one of `type` is visible, even out of range.
std::unique_ptr<brain::OneShot> interact_with(const brain::StandardMemories& m, Handle<EntityTypeInfo> type,
                                              std::int32_t max_distance, brain::MemoryModuleType<EntityRef> memory,
                                              float speed, std::int32_t close_enough);

/// @brief UpdateActivityFromSchedule.create(): every trigger asks the brain to follow its schedule
/// (which the brain itself limits to once per 20 ticks).
std::unique_ptr<brain::OneShot> update_activity_from_schedule();

/// @brief MeleeAttack.create(cooldown): with ATTACK_TARGET present, ATTACK_COOLING_DOWN absent and
/// the target in VISIBLE_MOBS and within melee reach (vanilla 1.20.2+: the mob's box grown
/// horizontally by √2.04 − 0.6 intersects the target's), looks at it, hurts it for `damage`
/// (minecraft:mob_attack) and sets ATTACK_COOLING_DOWN for `cooldown` ticks.
std::unique_ptr<brain::OneShot> melee_attack(const brain::StandardMemories& m, std::int32_t cooldown, float damage);

/// @brief Vanilla's Mob.isWithinMeleeAttackRange (1.20.2+).
bool is_within_melee_attack_range(const Entity& attacker, const Entity& target) noexcept;

}  // namespace mobsdk::stdlib
