// MoveToTargetSink and LookAtTargetSink tick by tick in a real world (seed 000's rules: Manhattan
// arrival, re-path beyond distSqr 4, CANT_REACH_WALK_TARGET_SINCE, 150–250 and 45–90 ticks), and
// the triggers that set walk targets.
#include <boost/test/unit_test.hpp>

#include "fixture.hpp"
#include "mobsdk/stdlib/interaction.hpp"
#include "mobsdk/stdlib/movement.hpp"

using namespace stdlib_test;

namespace {

struct Sink : Fixture {
    MoveToTargetSink* sink = nullptr;
    ServerMob* v = nullptr;
    Sink() {
        auto owned = std::make_unique<MoveToTargetSink>(mem);
        sink = owned.get();
        PrioritizedBehaviors core;
        core.emplace_back(0, std::move(owned));
        v = &mob_with("villager", {0.5, feet, 0.5}, std::move(core));
        h.tick(2);  // settle on the ground before asking for paths
    }
    Brain& b() { return *v->brain(); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(movement)

BOOST_FIXTURE_TEST_CASE(move_to_target_sink_walks_until_within_close_enough, Sink) {
    b().set_memory(mem.walk_target, WalkTarget(BlockPos{8, -60, 0}, 1.0f, 2));
    const std::int64_t t = h.world().game_time();
    h.tick();
    BOOST_TEST_REQUIRE((sink->status() == BehaviorStatus::RUNNING));
    BOOST_TEST(b().has_memory_value(mem.path));
    BOOST_TEST(!b().has_memory_value(mem.cant_reach_walk_target_since));
    BOOST_TEST(sink->end_timestamp() - t >= 150);  // duration drawn in [150, 250]
    BOOST_TEST(sink->end_timestamp() - t <= 250);
    int ticks = 0;
    while (b().has_memory_value(mem.walk_target) && ticks < 200) {
        h.tick();
        ++ticks;
    }
    BOOST_TEST(ticks < 200);
    // Arrived by Manhattan distance ≤ 2, then WALK_TARGET and PATH are erased.
    BOOST_TEST(v->block_position().dist_manhattan(BlockPos{8, -60, 0}) <= 2);
    BOOST_TEST(!b().has_memory_value(mem.path));
    BOOST_TEST((sink->status() == BehaviorStatus::STOPPED));
}

BOOST_FIXTURE_TEST_CASE(a_reached_target_is_erased_without_starting, Sink) {
    b().set_memory(mem.cant_reach_walk_target_since, std::int64_t{5});
    b().set_memory(mem.walk_target, WalkTarget(BlockPos{1, -60, 1}, 1.0f, 2));
    h.tick();
    BOOST_TEST((sink->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(!b().has_memory_value(mem.walk_target));
    BOOST_TEST(!b().has_memory_value(mem.cant_reach_walk_target_since));
}

BOOST_FIXTURE_TEST_CASE(cant_reach_walk_target_since_is_the_first_failing_tick, Sink) {
    // A target inside a closed glass box: a partial path, so the sink runs but CANT_REACH is set.
    h.fill({9, -60, -1}, {11, -58, 1}, "glass");
    h.set_block({10, -60, 0}, "air");
    h.set_block({10, -59, 0}, "air");
    b().set_memory(mem.walk_target, WalkTarget(BlockPos{10, -60, 0}, 1.0f, 0));
    const std::int64_t first = h.world().game_time();
    h.tick();
    BOOST_TEST_REQUIRE((sink->status() == BehaviorStatus::RUNNING));
    const std::int64_t* since = b().get_memory(mem.cant_reach_walk_target_since);
    BOOST_TEST_REQUIRE(since != nullptr);
    BOOST_TEST(*since == first);
    // Later failures keep the first time: it only clears on arrival or a reaching path.
    for (int i = 0; i < 60 && b().has_memory_value(mem.walk_target); ++i) h.tick();
    b().set_memory(mem.walk_target, WalkTarget(BlockPos{10, -60, 0}, 1.0f, 0));
    for (int i = 0; i < 45; ++i) h.tick();
    BOOST_TEST_REQUIRE(b().has_memory_value(mem.cant_reach_walk_target_since));
    BOOST_TEST(*b().get_memory(mem.cant_reach_walk_target_since) == first);
    // Open the box: the next path reaches and the memory is erased.
    h.set_block({9, -60, 0}, "air");
    h.set_block({9, -59, 0}, "air");
    b().erase_memory(mem.path);
    for (int i = 0; i < 300 && b().has_memory_value(mem.cant_reach_walk_target_since); ++i) {
        if (!b().has_memory_value(mem.walk_target))
            b().set_memory(mem.walk_target, WalkTarget(BlockPos{10, -60, 0}, 1.0f, 0));
        h.tick();
    }
    BOOST_TEST(!b().has_memory_value(mem.cant_reach_walk_target_since));
}

BOOST_FIXTURE_TEST_CASE(re_paths_only_when_the_target_moved_more_than_two_blocks, Sink) {
    ServerMob& target = still("pig", {12.5, feet, 0.5});
    h.tick(2);
    b().set_memory(mem.walk_target, WalkTarget(PositionTracker::entity(target, false), 1.0f, 1));
    h.tick();
    BOOST_TEST_REQUIRE((sink->status() == BehaviorStatus::RUNNING));
    BOOST_TEST((*sink->last_target_pos() == BlockPos{12, -60, 0}));
    // distSqr 4 (two blocks): no new path.
    h.world().teleport(target.handle(), {12.5, feet, 2.5});
    h.tick();
    BOOST_TEST((*sink->last_target_pos() == BlockPos{12, -60, 0}));
    // distSqr 5: a new path to the new block.
    h.world().teleport(target.handle(), {13.5, feet, 2.5});
    h.tick();
    BOOST_TEST((*sink->last_target_pos() == BlockPos{13, -60, 2}));
    BOOST_TEST(b().get_memory(mem.path)->target.x == 13);
}

BOOST_FIXTURE_TEST_CASE(look_at_target_sink_looks_for_45_to_90_ticks, Fixture) {
    auto owned = std::make_unique<LookAtTargetSink>(mem, 45, 90);
    LookAtTargetSink* sink = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(0, std::move(owned));
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5}, std::move(core));
    Brain& b = *v.brain();
    b.set_memory(mem.look_target, PositionTracker::block(BlockPos{5, -59, 5}));
    const std::int64_t t = h.world().game_time();
    h.tick();
    BOOST_TEST_REQUIRE((sink->status() == BehaviorStatus::RUNNING));
    const std::int64_t duration = sink->end_timestamp() - t;
    BOOST_TEST(duration >= 45);
    BOOST_TEST(duration <= 90);
    h.tick();
    BOOST_TEST(v.look_control().wanted() == (Vec3{5.5, -58.5, 5.5}));
    // Runs while time > end is false, then stops and erases LOOK_TARGET.
    while (h.world().game_time() <= sink->end_timestamp()) {
        BOOST_TEST_REQUIRE(b.has_memory_value(mem.look_target));
        h.tick();
    }
    h.tick();
    BOOST_TEST(!b.has_memory_value(mem.look_target));
    BOOST_TEST((sink->status() == BehaviorStatus::STOPPED));
}

BOOST_FIXTURE_TEST_CASE(look_at_target_sink_drops_entities_it_cannot_see, Fixture) {
    PrioritizedBehaviors core;
    core.emplace_back(0, std::make_unique<LookAtTargetSink>(mem, 45, 90));
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5}, std::move(core));
    ServerMob& pig = still("pig", {3.5, feet, 0.5});
    Brain& b = *v.brain();
    b.set_memory(mem.visible_mobs, NearestVisibleLivingEntities({pig.ref()}, {pig.ref()}));
    b.set_memory(mem.look_target, PositionTracker::entity(pig, true));
    h.tick(2);
    BOOST_TEST(b.has_memory_value(mem.look_target));
    b.set_memory(mem.visible_mobs, NearestVisibleLivingEntities({pig.ref()}, {}));  // no longer visible
    h.tick();
    BOOST_TEST(!b.has_memory_value(mem.look_target));
}

BOOST_FIXTURE_TEST_CASE(set_walk_target_from_look_target_copies_the_tracker, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    auto trigger = set_walk_target_from_look_target(mem, 0.7f, 2);
    BOOST_TEST(!trigger->try_start(h.world(), v, 0));  // no LOOK_TARGET
    v.brain()->set_memory(mem.look_target, PositionTracker::block(BlockPos{4, -60, 4}));
    BOOST_TEST(trigger->try_start(h.world(), v, 0));
    BOOST_TEST((*v.brain()->get_memory(mem.walk_target) == WalkTarget(BlockPos{4, -60, 4}, 0.7f, 2)));
    BOOST_TEST(!trigger->try_start(h.world(), v, 0));  // WALK_TARGET present now
}

BOOST_FIXTURE_TEST_CASE(random_stroll_picks_a_land_position_within_10_and_7, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    h.tick(2);
    auto stroll = random_stroll(mem, 0.6f);
    for (int i = 0; i < 20; ++i) {
        v.brain()->erase_memory(mem.walk_target);
        BOOST_TEST_REQUIRE(stroll->try_start(h.world(), v, 0));
        const WalkTarget* w = v.brain()->get_memory(mem.walk_target);
        BOOST_TEST_REQUIRE(w != nullptr);
        const BlockPos p = w->target.block_pos();
        BOOST_TEST(std::abs(p.x) <= 10);
        BOOST_TEST(std::abs(p.z) <= 10);
        BOOST_TEST(p.y == -60);  // the flat world's floor
        BOOST_TEST(w->speed_modifier == 0.6f);
        BOOST_TEST(w->close_enough_dist == 0);
    }
}

BOOST_FIXTURE_TEST_CASE(walk_away_from_an_entity_only_when_too_close, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    ServerMob& zombie = still("zombie", {3.5, feet, 0.5});
    h.tick(2);
    v.brain()->set_memory(mem.nearest_hostile, zombie.ref());
    auto flee = set_walk_target_away_from_entity(mem, mem.nearest_hostile, 0.75f, 6, false);
    BOOST_TEST_REQUIRE(flee->try_start(h.world(), v, 0));
    const WalkTarget* w = v.brain()->get_memory(mem.walk_target);
    BOOST_TEST_REQUIRE(w != nullptr);
    BOOST_TEST(w->target.block_pos().x < 3);        // away from the zombie's side
    BOOST_TEST(!flee->try_start(h.world(), v, 0));  // has a walk target and has_target is false
    v.brain()->erase_memory(mem.walk_target);
    h.world().teleport(zombie.handle(), {7.5, feet, 0.5});
    BOOST_TEST(!flee->try_start(h.world(), v, 0));  // 7 blocks: not within 6
}

BOOST_FIXTURE_TEST_CASE(count_down_cooldown_ticks_counts_to_zero_then_erases, Fixture) {
    PrioritizedBehaviors core;
    core.emplace_back(0, std::make_unique<CountDownCooldownTicks>(mem.item_pickup_cooldown_ticks));
    ServerMob& v = mob_with("allay", {0.5, feet, 0.5}, std::move(core));
    v.brain()->set_memory(mem.item_pickup_cooldown_ticks, 3);
    h.tick();  // starts and counts 3 → 2
    BOOST_TEST(*v.brain()->get_memory(mem.item_pickup_cooldown_ticks) == 2);
    h.tick(2);
    BOOST_TEST(*v.brain()->get_memory(mem.item_pickup_cooldown_ticks) == 0);
    h.tick();
    BOOST_TEST(!v.brain()->has_memory_value(mem.item_pickup_cooldown_ticks));
}

BOOST_AUTO_TEST_SUITE_END()
