// SleepInBed and WakeUp in a real world: lying down within 2 blocks of the HOME bed (LAST_SLEPT set,
// the bed occupied), vanilla's 100-tick wait after being woken and 40-tick wait after being got up,
// getting up when the rest activity ends (LAST_WOKEN set).
#include <boost/test/unit_test.hpp>

#include "fixture.hpp"
#include "mobsdk/stdlib/sleep.hpp"

using namespace stdlib_test;

namespace {

struct Sleep : Fixture {
    const BlockPos head{2, -60, 0};
    SleepInBed* sleep = nullptr;
    ServerMob* v = nullptr;

    Sleep() {
        h.set_block(head.offset(0, 0, -1), "red_bed[part=foot,facing=south]");
        h.set_block(head, "red_bed[part=head,facing=south]");
    }
    // A villager 1.1 blocks from the bed's centre, WakeUp in core and SleepInBed in rest.
    void make(Vec3 pos = {1.5, feet, 0.5}) {
        PrioritizedBehaviors core;
        core.emplace_back(0, wake_up(mem, acts.rest));
        v = &mob_with("villager", pos, std::move(core));
        auto owned = std::make_unique<SleepInBed>(mem, acts.rest);
        sleep = owned.get();
        PrioritizedBehaviors rest;
        rest.emplace_back(3, std::move(owned));
        v->brain()->add_activity(acts.rest, std::move(rest));
        v->brain()->set_memory(mem.home, GlobalPos{ResourceLocation::of("overworld"), head});
        h.tick(2);  // settle on the ground while idle
    }
    Brain& b() { return *v->brain(); }
    void rest() { b().set_active_activity_if_possible(acts.rest); }
    bool occupied() { return h.world().blocks().value(h.world().block_state(head), "occupied") == "true"; }
};

}  // namespace

// The suite's namespace would clash with POSIX ::sleep at global scope.
namespace sleep_tests {

BOOST_AUTO_TEST_SUITE(sleep)

BOOST_FIXTURE_TEST_CASE(sleep_in_bed_lies_down_sets_last_slept_and_occupies_the_bed, Sleep) {
    make();
    b().set_memory(mem.walk_target, WalkTarget(head, 0.5f, 1));
    b().set_memory(mem.cant_reach_walk_target_since, std::int64_t{3});
    rest();
    const std::int64_t now = h.world().game_time();
    h.tick();
    BOOST_TEST_REQUIRE((sleep->status() == BehaviorStatus::RUNNING));
    BOOST_TEST(v->is_sleeping());
    BOOST_TEST((*v->sleeping_pos() == head));
    BOOST_TEST(occupied());
    BOOST_TEST_REQUIRE(b().has_memory_value(mem.last_slept));
    BOOST_TEST(*b().get_memory(mem.last_slept) == now);
    BOOST_TEST(!b().has_memory_value(mem.walk_target));
    BOOST_TEST(!b().has_memory_value(mem.cant_reach_walk_target_since));
    // It never times out: still asleep much later.
    h.tick(1000);
    BOOST_TEST(v->is_sleeping());
    BOOST_TEST((sleep->status() == BehaviorStatus::RUNNING));
}

BOOST_FIXTURE_TEST_CASE(wake_up_gets_up_when_the_rest_activity_ends_and_sets_last_woken, Sleep) {
    make();
    rest();
    h.tick(5);
    BOOST_TEST_REQUIRE(v->is_sleeping());
    b().use_default_activity();  // idle
    const std::int64_t now = h.world().game_time();
    h.tick();
    BOOST_TEST(!v->is_sleeping());
    BOOST_TEST(!occupied());
    BOOST_TEST_REQUIRE(b().has_memory_value(mem.last_woken));
    BOOST_TEST(*b().get_memory(mem.last_woken) == now);
    BOOST_TEST((sleep->status() == BehaviorStatus::STOPPED));
    // Woken mobs stand beside the bed, not in it.
    BOOST_TEST(!(v->block_position() == head));
}

BOOST_FIXTURE_TEST_CASE(sleep_in_bed_waits_100_ticks_after_being_woken, Sleep) {
    make();
    const std::int64_t now = h.world().game_time();
    b().set_memory(mem.last_woken, now - 1);  // 1 tick ago: blocked
    rest();
    h.tick();
    BOOST_TEST(!v->is_sleeping());
    b().set_memory(mem.last_woken, h.world().game_time() - 99);
    h.tick();
    BOOST_TEST(!v->is_sleeping());
    b().set_memory(mem.last_woken, h.world().game_time() - 100);  // 100: allowed
    h.tick();
    BOOST_TEST(v->is_sleeping());
    // Woken "now" (0 ticks ago) does not block either: vanilla tests 0 < i < 100.
    v->stop_sleeping();
    h.tick();  // SleepInBed sees it off the bed and stops; it did not get it up, so no 40-tick wait
    BOOST_TEST((sleep->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(sleep->next_ok_start_time() == 0);
    b().set_memory(mem.last_woken, h.world().game_time());
    h.tick();
    BOOST_TEST(v->is_sleeping());
}

BOOST_FIXTURE_TEST_CASE(sleep_in_bed_refuses_far_beds_occupied_beds_and_non_beds, Sleep) {
    make({-0.5, feet, 0.5});  // 3.04 blocks from the bed's centre
    rest();
    h.tick(3);
    BOOST_TEST(!v->is_sleeping());
    h.world().teleport(v->handle(), {1.5, feet, 0.5});
    h.set_block(head, "red_bed[part=head,facing=south,occupied=true]");
    h.tick(3);
    BOOST_TEST(!v->is_sleeping());
    h.set_block(head, "composter");
    h.tick(3);
    BOOST_TEST(!v->is_sleeping());
    h.set_block(head, "red_bed[part=head,facing=south]");
    h.tick();
    BOOST_TEST(v->is_sleeping());
}

BOOST_FIXTURE_TEST_CASE(sleep_in_bed_gets_up_when_home_is_forgotten_and_waits_40_ticks, Sleep) {
    make();
    rest();
    h.tick(3);
    BOOST_TEST_REQUIRE(v->is_sleeping());
    b().erase_memory(mem.home);
    const std::int64_t now = h.world().game_time();
    h.tick();
    BOOST_TEST(!v->is_sleeping());
    BOOST_TEST((sleep->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(sleep->next_ok_start_time() == now + 40);
    BOOST_TEST(*b().get_memory(mem.last_woken) == now);
    BOOST_TEST(!occupied());
}

BOOST_FIXTURE_TEST_CASE(wake_up_does_nothing_while_resting_or_awake, Sleep) {
    make();
    h.tick(3);
    BOOST_TEST(!b().has_memory_value(mem.last_woken));  // awake and idle: nothing to do
    rest();
    h.tick(3);
    BOOST_TEST(v->is_sleeping());
    BOOST_TEST(!b().has_memory_value(mem.last_woken));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace sleep_tests
