// Look targets (SetEntityLookTarget and its Ticker), InteractWith, MeleeAttack's cooldown,
// GoToWantedItem, AnimalPanic and UpdateActivityFromSchedule, in a real world.
#include <boost/test/unit_test.hpp>

#include "fixture.hpp"
#include "mobsdk/stdlib/interaction.hpp"
#include "mobsdk/stdlib/movement.hpp"

using namespace stdlib_test;

namespace {

void see(Brain& b, const StandardMemories& mem, std::initializer_list<EntityRef> refs) {
    b.set_memory(mem.visible_mobs, NearestVisibleLivingEntities(EntityList(refs), EntityList(refs)));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(interaction)

BOOST_FIXTURE_TEST_CASE(set_entity_look_target_looks_at_the_closest_in_range, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    ServerMob& near = still("pig", {4.5, feet, 0.5});
    ServerMob& far = still("zombie", {9.5, feet, 0.5});
    see(*v.brain(), mem, {near.ref(), far.ref()});
    auto look_zombie = set_entity_look_target(mem, 8.0f, h.entity_types().zombie);
    BOOST_TEST(!look_zombie->try_start(h.world(), v, 0));  // the zombie is 9 away
    auto look = set_entity_look_target(mem, 8.0f);
    BOOST_TEST_REQUIRE(look->try_start(h.world(), v, 0));
    const PositionTracker* t = v.brain()->get_memory(mem.look_target);
    BOOST_TEST_REQUIRE(t != nullptr);
    BOOST_TEST(t->entity_ref().uuid == near.uuid());
    BOOST_TEST(t->track_eye_height());
}

BOOST_FIXTURE_TEST_CASE(sometimes_waits_a_sampled_interval, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    ServerMob& pig = still("pig", {3.5, feet, 0.5});
    see(*v.brain(), mem, {pig.ref()});
    // The first success comes `sample − 1` triggers after the one that draws: with [30, 60],
    // between 30 and 60 calls in all.
    auto look = set_entity_look_target_sometimes(mem, 6.0f, UniformInt{30, 60});
    int calls = 0;
    while (!v.brain()->has_memory_value(mem.look_target) && calls < 100) {
        look->try_start(h.world(), v, 0);
        ++calls;
    }
    BOOST_TEST(calls >= 30);
    BOOST_TEST(calls <= 60);
    BOOST_CHECK_THROW(set_entity_look_target_sometimes(mem, 6.0f, UniformInt{1, 5}), std::invalid_argument);
}

BOOST_FIXTURE_TEST_CASE(interact_with_sets_target_look_and_walk, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    ServerMob& other = still("villager", {5.5, feet, 0.5});
    ServerMob& pig = still("pig", {2.5, feet, 0.5});
    see(*v.brain(), mem, {pig.ref(), other.ref()});
    auto interact = interact_with(mem, h.entity_types().villager, 8, mem.interaction_target, 0.5f, 2);
    BOOST_TEST_REQUIRE(interact->try_start(h.world(), v, 0));
    BOOST_TEST(v.brain()->get_memory(mem.interaction_target)->uuid == other.uuid());
    const WalkTarget* w = v.brain()->get_memory(mem.walk_target);
    BOOST_TEST_REQUIRE(w != nullptr);
    BOOST_TEST(w->close_enough_dist == 2);
    BOOST_TEST(!w->target.track_eye_height());
    BOOST_TEST(v.brain()->get_memory(mem.look_target)->track_eye_height());
    // Seen but out of range: it still triggers, and sets nothing.
    v.brain()->erase_memory(mem.walk_target);
    v.brain()->erase_memory(mem.interaction_target);
    h.world().teleport(other.handle(), {10.5, feet, 0.5});
    BOOST_TEST(interact->try_start(h.world(), v, 0));
    BOOST_TEST(!v.brain()->has_memory_value(mem.walk_target));
}

BOOST_FIXTURE_TEST_CASE(melee_attack_hurts_then_cools_down, Fixture) {
    ServerMob& z = mob_with("zombie", {0.5, feet, 0.5});
    ServerMob& v = still("villager", {1.5, feet, 0.5});
    see(*z.brain(), mem, {v.ref()});
    z.brain()->set_memory(mem.attack_target, v.ref());
    auto attack = melee_attack(mem, 20, 3.0f);
    const float before = v.health();
    BOOST_TEST_REQUIRE(attack->try_start(h.world(), z, 0));
    BOOST_TEST(v.health() == before - 3.0f);
    BOOST_TEST(z.brain()->time_until_expiry(mem.attack_cooling_down) == 20);
    BOOST_TEST(!attack->try_start(h.world(), z, 0));  // ATTACK_COOLING_DOWN present
    z.brain()->erase_memory(mem.attack_cooling_down);
    h.world().teleport(v.handle(), {3.5, feet, 0.5});  // boxes 2.4 apart: beyond √2.04 − 0.6
    BOOST_TEST(!attack->try_start(h.world(), z, 0));
    BOOST_TEST(is_within_melee_attack_range(z, z));
}

BOOST_FIXTURE_TEST_CASE(go_to_wanted_item_respects_cooldown_and_distance, Fixture) {
    ServerMob& a = mob_with("allay", {0.5, feet, 0.5});
    auto& item = h.world().spawn_item({6.5, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 1});
    a.brain()->set_memory(mem.nearest_visible_wanted_item, item.ref());
    auto go = go_to_wanted_item(mem, 1.75f, true, 32);
    a.brain()->set_memory(mem.item_pickup_cooldown_ticks, 5);
    BOOST_TEST(!go->try_start(h.world(), a, 0));
    a.brain()->erase_memory(mem.item_pickup_cooldown_ticks);
    a.brain()->set_memory(mem.walk_target, WalkTarget(BlockPos{0, -60, 9}, 1.0f, 0));
    BOOST_TEST_REQUIRE(go->try_start(h.world(), a, 0));  // overrides an existing walk target
    BOOST_TEST(a.brain()->get_memory(mem.walk_target)->target.entity_ref().uuid == item.uuid());
    auto polite = go_to_wanted_item(mem, 0.5f, false, 4);
    BOOST_TEST(!polite->try_start(h.world(), a, 0));  // WALK_TARGET present
    a.brain()->erase_memory(mem.walk_target);
    BOOST_TEST(!polite->try_start(h.world(), a, 0));  // 6 blocks: not closer than 4
}

BOOST_FIXTURE_TEST_CASE(animal_panic_runs_100_to_120_ticks_while_hurt, Fixture) {
    auto owned = std::make_unique<AnimalPanic>(mem, 2.5f);
    AnimalPanic* panic = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(0, std::move(owned));
    ServerMob& pig = mob_with("pig", {0.5, feet, 0.5}, std::move(core));
    h.tick(2);
    BOOST_TEST((panic->status() == BehaviorStatus::STOPPED));
    pig.brain()->set_memory(mem.hurt_by, DamageSource{});
    const std::int64_t t = h.world().game_time();
    h.tick();
    BOOST_TEST_REQUIRE((panic->status() == BehaviorStatus::RUNNING));
    BOOST_TEST(panic->end_timestamp() - t >= 100);
    BOOST_TEST(panic->end_timestamp() - t <= 120);
    BOOST_TEST(*pig.brain()->get_memory(mem.is_panicking));
    BOOST_TEST(pig.brain()->has_memory_value(mem.walk_target));  // navigation idle: a panic spot
    BOOST_TEST(pig.brain()->get_memory(mem.walk_target)->speed_modifier == 2.5f);
}

BOOST_FIXTURE_TEST_CASE(update_activity_from_schedule_follows_the_day, Fixture) {
    Schedule villager_default = ScheduleBuilder()
                                    .change_activity_at(10, acts.idle)
                                    .change_activity_at(2000, acts.work)
                                    .change_activity_at(9000, acts.meet)
                                    .change_activity_at(11000, acts.idle)
                                    .change_activity_at(12000, acts.rest)
                                    .build();
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    Brain& b = *v.brain();
    b.add_activity(acts.work, 0, {});
    b.add_activity(acts.rest, 0, {});
    b.set_schedule(&villager_default);
    auto update = update_activity_from_schedule();
    h.world().set_day_time(2500);
    h.world().set_game_time(1000);
    BOOST_TEST(update->try_start(h.world(), v, 1000));
    BOOST_TEST(b.is_active(acts.work));
    h.world().set_day_time(13000);
    h.world().set_game_time(1010);  // within 20 ticks: the brain keeps the activity
    update->try_start(h.world(), v, 1010);
    BOOST_TEST(b.is_active(acts.work));
    h.world().set_game_time(1021);
    update->try_start(h.world(), v, 1021);
    BOOST_TEST(b.is_active(acts.rest));
}

BOOST_AUTO_TEST_SUITE_END()
