// Cooldown countdown, look targets, InteractWith, the schedule trigger and MeleeAttack.
#include "mobsdk/stdlib/interaction.hpp"

#include <cmath>
#include <stdexcept>

#include "internal.hpp"
#include "mobsdk/brain/brain.hpp"
#include "mobsdk/world/vanilla_ids.hpp"

namespace mobsdk::stdlib {

using internal::named;

using brain::MemoryStatus;
using brain::OneShot;
using brain::PositionTracker;
using brain::StandardMemories;
using brain::WalkTarget;
using namespace brain::behavior_builder;

// ---- CountDownCooldownTicks ----

CountDownCooldownTicks::CountDownCooldownTicks(brain::MemoryModuleType<std::int32_t> memory)
    : Behavior({{memory, MemoryStatus::VALUE_PRESENT}}), memory_(memory) {}

bool CountDownCooldownTicks::can_still_use(Level&, Mob& mob, std::int64_t) {
    const std::int32_t* v = mob.brain()->get_memory(memory_);
    return v != nullptr && *v > 0;
}

void CountDownCooldownTicks::tick(Level&, Mob& mob, std::int64_t) {
    mob.brain()->set_memory(memory_, *mob.brain()->get_memory(memory_) - 1);
}

void CountDownCooldownTicks::stop(Level&, Mob& mob, std::int64_t) { mob.brain()->erase_memory(memory_); }

// ---- look targets ----

namespace {

// The closest visible entity within `max_distance` (and of `type` when valid).
Entity* closest_visible(Level& level, const Mob& mob, const brain::NearestVisibleLivingEntities& visible,
                        float max_distance, Handle<EntityTypeInfo> type) {
    const double sq = static_cast<double>(max_distance * max_distance);  // a float product, as vanilla
    return visible.find_closest(
        level, [&](const Entity& e) { return (!type.valid() || e.type() == type) && e.distance_to_sqr(mob) <= sq; });
}

}  // namespace

std::unique_ptr<OneShot> set_entity_look_target(const StandardMemories& m, float max_distance,
                                                Handle<EntityTypeInfo> type) {
    return named(create(absent(m.look_target), present(m.visible_mobs),
                        [max_distance, type](Level& level, Mob& mob, std::int64_t, auto& look, auto& visible) {
                            Entity* e = closest_visible(level, mob, visible.get(), max_distance, type);
                            if (e == nullptr) return false;
                            look.set(PositionTracker::entity(*e, true));
                            return true;
                        }),
                 "SetEntityLookTarget");
}

std::unique_ptr<OneShot> set_entity_look_target_sometimes(const StandardMemories& m, float max_distance,
                                                          UniformInt interval, Handle<EntityTypeInfo> type) {
    if (interval.min <= 1 || interval.max < interval.min)
        throw std::invalid_argument(
            "set_entity_look_target_sometimes: the interval's minimum must be above 1 "
            "and not above its maximum");
    std::int32_t ticks_until_next_start = 0;  // vanilla's Ticker, one per behaviour
    return named(create(absent(m.look_target), present(m.visible_mobs),
                        [=](Level& level, Mob& mob, std::int64_t, auto& look, auto& visible) mutable {
                            Entity* e = closest_visible(level, mob, visible.get(), max_distance, type);
                            if (e == nullptr) return false;
                            if (ticks_until_next_start == 0) {
                                ticks_until_next_start = interval.sample(level.random()) - 1;
                                return false;
                            }
                            if (--ticks_until_next_start != 0) return false;
                            look.set(PositionTracker::entity(*e, true));
                            return true;
                        }),
                 "SetEntityLookTargetSometimes");
}

// ---- InteractWith ----

std::unique_ptr<OneShot> interact_with(const StandardMemories& m, Handle<EntityTypeInfo> type,
                                       std::int32_t max_distance, brain::MemoryModuleType<EntityRef> memory,
                                       float speed, std::int32_t close_enough) {
    const double sq = static_cast<double>(max_distance) * max_distance;
    return named(create(registered(memory), registered(m.look_target), absent(m.walk_target), present(m.visible_mobs),
                        [=](Level& level, Mob& mob, std::int64_t, auto& target, auto& look, auto& walk, auto& visible) {
                            const auto& v = visible.get();
                            const auto is_type = [&](const Entity& e) { return e.type() == type; };
                            if (v.find_closest(level, is_type) == nullptr) return false;
                            Entity* e = v.find_closest(
                                level, [&](const Entity& c) { return c.distance_to_sqr(mob) <= sq && is_type(c); });
                            if (e != nullptr) {
                                target.set(e->ref());
                                look.set(PositionTracker::entity(*e, true));
                                walk.set(WalkTarget(PositionTracker::entity(*e, false), speed, close_enough));
                            }
                            return true;
                        }),
                 "InteractWith");
}

// ---- UpdateActivityFromSchedule ----

std::unique_ptr<OneShot> update_activity_from_schedule() {
    return named(create([](Level& level, Mob& mob, std::int64_t) {
                     mob.brain()->update_activity_from_schedule(level.day_time(), level.game_time());
                     return true;
                 }),
                 "UpdateActivityFromSchedule");
}

// ---- MeleeAttack ----

bool is_within_melee_attack_range(const Entity& attacker, const Entity& target) noexcept {
    // Vanilla's DEFAULT_ATTACK_REACH: √2.04 − 0.6, grown horizontally only.
    const double reach = std::sqrt(2.04) - 0.6;
    return attacker.bounding_box().inflate(reach, 0.0, reach).intersects(target.bounding_box());
}

std::unique_ptr<OneShot> melee_attack(const StandardMemories& m, std::int32_t cooldown, float damage) {
    const ResourceLocation& mob_attack = vanilla_damage_types().mob_attack;
    return named(
        create(registered(m.look_target), present(m.attack_target), absent(m.attack_cooling_down),
               present(m.visible_mobs),
               [=](Level& level, Mob& mob, std::int64_t, auto& look, auto& attack, auto& cooling, auto& visible) {
                   LivingEntity* target = level.resolve_living(attack.get());
                   if (target == nullptr || !is_within_melee_attack_range(mob, *target) ||
                       !visible.get().contains(attack.get()))
                       return false;
                   look.set(PositionTracker::entity(*target, true));
                   target->hurt(mob_attack, damage, &mob);
                   cooling.set_with_expiry(true, cooldown);
                   return true;
               }),
        "MeleeAttack");
}

}  // namespace mobsdk::stdlib
