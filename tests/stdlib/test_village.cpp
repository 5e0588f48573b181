// The village-bound behaviours in a real world: VillageBoundRandomStroll inside and outside a
// village, GoToClosestVillage, SetClosestHomeAsWalkTarget's 20-tick scans and bed cache,
// InsideBrownianWalk under a roof, JumpOnBed for babies, SocializeAtBell's 1-in-100 meetings.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>

#include "fixture.hpp"
#include "mobsdk/stdlib/movement.hpp"
#include "mobsdk/stdlib/village.hpp"

using namespace stdlib_test;

namespace {

constexpr double feet = WorldHarness::ground_y;

struct Village : Fixture {
    // A claimed bed at (1, -60, 1): section (0, -4, 0) is a village centre.
    BlockPos bed{1, -60, 1};
    void claimed_bed(BlockPos head) {
        h.set_block(head, "red_bed[part=head,facing=north]");
        h.set_block(head.offset(0, 0, 1), "red_bed[part=foot,facing=north]");
        BOOST_TEST_REQUIRE(h.world().poi_manager().take(head));
    }
    void bed_at(BlockPos head) {
        h.set_block(head, "red_bed[part=head,facing=north]");
        h.set_block(head.offset(0, 0, 1), "red_bed[part=foot,facing=north]");
    }
    std::int32_t distance(BlockPos p) { return h.world().poi_manager().sections_to_village(p); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(village)

BOOST_FIXTURE_TEST_CASE(find_section_closest_to_village_looks_two_sections_around, Village) {
    claimed_bed(bed);
    const PoiManager& poi = h.world().poi_manager();
    // From section (3, -4, 0), three away: the closest in the 5×5×5 cube are (1, −5…−3, −1…1) at
    // 1; the first visited (x fastest, then y, then z) of those is (1, −5, −1).
    const SectionPos found = find_section_closest_to_village(poi, SectionPos{3, -4, 0}, 2);
    BOOST_TEST(found.x == 1);
    BOOST_TEST(found.y == -5);
    BOOST_TEST(found.z == -1);
    // Nothing closer than itself: itself.
    const SectionPos centre = find_section_closest_to_village(poi, SectionPos{0, -4, 0}, 2);
    BOOST_TEST((centre == SectionPos{0, -4, 0}));
    // No village in reach (7 everywhere): itself.
    const SectionPos lost = find_section_closest_to_village(poi, SectionPos{40, -4, 0}, 2);
    BOOST_TEST((lost == SectionPos{40, -4, 0}));
    BOOST_TEST((SectionPos::of({-1, -60, 17}) == SectionPos{-1, -4, 1}));
    BOOST_TEST((SectionPos{1, -4, 0}.center() == BlockPos{24, -56, 8}));
}

BOOST_FIXTURE_TEST_CASE(village_bound_random_stroll_heads_back_towards_the_village, Village) {
    claimed_bed(bed);
    ServerMob& v = mob_with("villager", {56.5, feet, 0.5});  // section 3: not in the village
    h.tick(2);
    auto stroll = village_bound_random_stroll(mem, 0.5f);
    Brain& b = *v.brain();
    const std::int32_t here = distance(v.block_position());
    BOOST_TEST_REQUIRE(here == 3);
    // Towards the bottom centre of section (1, -5, -1), within π/2: never farther from the village.
    const Vec3 to = Vec3{24.5, -72.0, -8.5} - v.position();
    int set = 0;
    for (int i = 0; i < 30; ++i) {
        b.erase_memory(mem.walk_target);
        BOOST_TEST_REQUIRE(stroll->trigger(h.world(), v, h.world().game_time()));
        const WalkTarget* w = b.get_memory(mem.walk_target);
        if (w == nullptr) continue;  // no position this time: the memory is erased, still triggered
        ++set;
        const BlockPos t = w->target.block_pos();
        BOOST_TEST(distance(t) <= here);
        const double along = (t.x + 0.5 - v.position().x) * to.x + (t.z + 0.5 - v.position().z) * to.z;
        BOOST_TEST(along >= -1.0 * std::sqrt(to.x * to.x + to.z * to.z));  // within the half-plane (±1 block)
        BOOST_TEST(w->speed_modifier == 0.5f);
        BOOST_TEST(w->close_enough_dist == 0);
    }
    // DefaultRandomPos keeps a candidate only at a standable height (on flat ground 1 of the 15
    // y offsets of ±7), so many triggers find nothing and erase the walk target.
    BOOST_TEST(set > 0);
    BOOST_TEST(set < 30);
    // A walk target already set: not triggered.
    b.set_memory(mem.walk_target, WalkTarget(BlockPos{0, -60, 0}, 0.5f, 0));
    BOOST_TEST(!stroll->trigger(h.world(), v, h.world().game_time()));
}

BOOST_FIXTURE_TEST_CASE(village_bound_random_stroll_stays_in_the_village, Village) {
    claimed_bed(bed);
    PrioritizedBehaviors core;
    core.emplace_back(0, std::make_unique<MoveToTargetSink>(mem));
    core.emplace_back(1, village_bound_random_stroll(mem, 0.5f));
    ServerMob& v = mob_with("villager", {4.5, feet, 4.5}, std::move(core));
    h.tick(2);
    BOOST_TEST_REQUIRE(h.world().poi_manager().is_village(v.block_position()));
    std::int32_t farthest = 0;
    double travelled = 0;
    Vec3 last = v.position();
    for (int i = 0; i < 3000; ++i) {
        h.tick();
        farthest = std::max(farthest, distance(v.block_position()));
        travelled += std::sqrt(v.position().dist_sqr(last));
        last = v.position();
    }
    // Strolls of at most 10 blocks from inside the village (≤ 1 section from a centre) end at
    // most one section further out, and from there the walk heads back.
    BOOST_TEST(farthest <= 2);
    BOOST_TEST(travelled > 50.0);  // it did walk about
}

BOOST_FIXTURE_TEST_CASE(go_to_closest_village_only_outside_a_village, Village) {
    claimed_bed(bed);
    auto go = go_to_closest_village(mem, 0.5f, 4);
    ServerMob& inside = mob_with("villager", {4.5, feet, 4.5});
    ServerMob& outside = mob_with("villager", {40.5, feet, 0.5});  // section 2
    h.tick(2);
    BOOST_TEST(!go->trigger(h.world(), inside, h.world().game_time()));
    BOOST_TEST(!inside.brain()->has_memory_value(mem.walk_target));
    const std::int32_t here = distance(outside.block_position());
    BOOST_TEST_REQUIRE(here == 2);
    int closer = 0;
    for (int i = 0; i < 20; ++i) {
        outside.brain()->erase_memory(mem.walk_target);
        BOOST_TEST_REQUIRE(go->trigger(h.world(), outside, h.world().game_time()));
        const WalkTarget* w = outside.brain()->get_memory(mem.walk_target);
        BOOST_TEST_REQUIRE(w != nullptr);
        BOOST_TEST(distance(w->target.block_pos()) <= here);
        BOOST_TEST(w->close_enough_dist == 4);
        if (distance(w->target.block_pos()) < here) ++closer;
    }
    BOOST_TEST(closer > 10);  // candidates scored by −sectionsToVillage: usually a closer section
    // No village anywhere: triggered, but nothing better than here is found.
    h.set_block(bed, "air");
    outside.brain()->erase_memory(mem.walk_target);
    BOOST_TEST(go->trigger(h.world(), outside, h.world().game_time()));
}

BOOST_FIXTURE_TEST_CASE(set_closest_home_as_walk_target_every_20_ticks_at_most, Village) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    bed_at({10, -60, 0});
    h.tick(2);
    SetClosestHomeAsWalkTarget s(mem, h.poi_types().home, 0.5f);
    Brain& b = *v.brain();
    // A first call at game time ≥ 20 (the last scan time starts at 0).
    const std::int64_t t0 = h.world().game_time() + 20;
    h.tick(20);
    BOOST_TEST_REQUIRE(s.trigger(h.world(), v, t0));
    const WalkTarget* w = b.get_memory(mem.walk_target);
    BOOST_TEST_REQUIRE(w != nullptr);
    BOOST_TEST((w->target.block_pos() == BlockPos{10, -60, 0}));
    BOOST_TEST(w->close_enough_dist == 1);
    BOOST_TEST(s.last_update() >= t0);
    BOOST_TEST(s.last_update() <= t0 + 19);
    BOOST_TEST(s.batch_cache().size() == 1u);
    BOOST_TEST(s.batch_cache().front().second == s.last_update() + 40);
    // Walk target present, then HOME present: the entry conditions fail.
    BOOST_TEST(!s.trigger(h.world(), v, t0));
    b.erase_memory(mem.walk_target);
    b.set_memory(mem.home, GlobalPos{h.world().dimension(), {10, -60, 0}});
    BOOST_TEST(!s.trigger(h.world(), v, t0));
    b.erase_memory(mem.home);
    // Until 20 ticks past the last scan time nothing happens.
    while (h.world().game_time() - s.last_update() < 20) {
        BOOST_TEST_REQUIRE(!s.trigger(h.world(), v, h.world().game_time()));
        h.tick();
    }
    // The bed is still cached: the scan runs (triggered) but tries no bed and sets no walk target.
    BOOST_TEST(s.trigger(h.world(), v, h.world().game_time()));
    BOOST_TEST(!b.has_memory_value(mem.walk_target));
}

BOOST_FIXTURE_TEST_CASE(set_closest_home_tries_four_beds_and_forgets_failures, Village) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    // Six beds, each walled in with glass: none can be reached.
    for (int i = 0; i < 6; ++i) {
        const BlockPos head{-20 + 8 * i, -60, 12};
        h.fill(head.offset(-1, 0, -1), head.offset(1, 1, 2), "glass");
        bed_at(head);
    }
    h.tick(21);
    SetClosestHomeAsWalkTarget s(mem, h.poi_types().home, 0.5f);
    BOOST_TEST_REQUIRE(s.trigger(h.world(), v, h.world().game_time()));
    BOOST_TEST(!v.brain()->has_memory_value(mem.walk_target));
    // At most four tried and cached (vanilla's `++tried >= 5`); with five counted nothing is dropped.
    BOOST_TEST(s.batch_cache().size() == 4u);
    // Next scan: the two not tried yet are tried; fewer than five counted, so entries older than
    // the new scan time go.
    while (h.world().game_time() - s.last_update() < 20) h.tick();
    BOOST_TEST(s.trigger(h.world(), v, h.world().game_time()));
    BOOST_TEST(s.batch_cache().size() <= 6u);
    BOOST_TEST_REQUIRE(s.batch_cache().size() >= 2u);  // at least the two just tried
    for (const auto& [pos, until] : s.batch_cache()) BOOST_TEST(until >= s.last_update());
    // A bed within distSqr 4 of the mob: no scan at all.
    bed_at({2, -60, 0});
    while (h.world().game_time() - s.last_update() < 20) h.tick();
    const std::int64_t before = s.last_update();
    BOOST_TEST(!s.trigger(h.world(), v, h.world().game_time()));
    BOOST_TEST(s.last_update() == before);
}

BOOST_FIXTURE_TEST_CASE(inside_brownian_walk_needs_a_roof, Village) {
    auto walk = inside_brownian_walk(mem, 0.5f);
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    h.tick(2);
    BOOST_TEST(!walk->trigger(h.world(), v, h.world().game_time()));  // open sky
    h.fill({-3, -57, -3}, {3, -57, 3}, "stone");
    for (int i = 0; i < 10; ++i) {
        v.brain()->erase_memory(mem.walk_target);
        BOOST_TEST_REQUIRE(walk->trigger(h.world(), v, h.world().game_time()));
        const WalkTarget* w = v.brain()->get_memory(mem.walk_target);
        BOOST_TEST_REQUIRE(w != nullptr);
        const BlockPos t = w->target.block_pos();
        // One of the 27 blocks around it, under the roof, with a full top face: the grass layer.
        BOOST_TEST(std::abs(t.x) <= 1);
        BOOST_TEST(std::abs(t.z) <= 1);
        BOOST_TEST(t.y == -61);
        BOOST_TEST(w->close_enough_dist == 0);
    }
}

BOOST_FIXTURE_TEST_CASE(jump_on_bed_is_for_babies, Village) {
    auto owned = std::make_unique<JumpOnBed>(mem, 0.5f);
    JumpOnBed* jump = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(0, std::make_unique<MoveToTargetSink>(mem));
    core.emplace_back(1, std::move(owned));
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5}, std::move(core));
    bed_at({4, -60, 0});
    h.tick(2);
    v.brain()->set_memory(mem.nearest_bed, BlockPos{4, -60, 0});
    h.tick(5);
    BOOST_TEST((jump->status() == BehaviorStatus::STOPPED));  // an adult never starts it
    v.set_baby(true);
    h.tick();
    BOOST_TEST_REQUIRE((jump->status() == BehaviorStatus::RUNNING));
    const std::int32_t jumps = jump->remaining_jumps();
    BOOST_TEST(jumps >= 3);
    BOOST_TEST(jumps <= 6);
    std::vector<std::int64_t> jumped_at;
    std::int32_t last = jumps;
    for (int i = 0; i < 400 && jump->status() == BehaviorStatus::RUNNING; ++i) {
        h.tick();
        if (jump->status() == BehaviorStatus::RUNNING && jump->remaining_jumps() < last) {
            last = jump->remaining_jumps();
            jumped_at.push_back(h.world().game_time());
        }
    }
    BOOST_TEST((jump->status() == BehaviorStatus::STOPPED));
    // Every jump but the last seen while running (the last one stops it on the next check).
    BOOST_TEST(jumped_at.size() + 1 >= static_cast<std::size_t>(jumps));
    for (std::size_t i = 1; i < jumped_at.size(); ++i) BOOST_TEST(jumped_at[i] - jumped_at[i - 1] >= 6);
}

BOOST_FIXTURE_TEST_CASE(jump_on_bed_gives_up_after_100_ticks_away_from_the_bed, Village) {
    auto owned = std::make_unique<JumpOnBed>(mem, 0.5f);
    JumpOnBed* jump = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(0, std::move(owned));
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5}, std::move(core));
    v.set_baby(true);
    bed_at({6, -60, 0});
    h.tick(2);
    v.brain()->set_memory(mem.nearest_bed, BlockPos{6, -60, 0});
    h.tick();  // starts and sets the walk target; nothing walks it there
    BOOST_TEST_REQUIRE((jump->status() == BehaviorStatus::RUNNING));
    BOOST_TEST(v.brain()->has_memory_value(mem.walk_target));
    BOOST_TEST(jump->remaining_time_to_reach_bed() == 99);
    h.tick(99);
    BOOST_TEST((jump->status() == BehaviorStatus::RUNNING));
    h.tick();
    BOOST_TEST((jump->status() == BehaviorStatus::STOPPED));
    // The bed gone: it stops too.
    v.brain()->erase_memory(mem.walk_target);
    h.tick();
    BOOST_TEST_REQUIRE((jump->status() == BehaviorStatus::RUNNING));
    h.set_block({6, -60, 0}, "air");
    h.tick();
    BOOST_TEST((jump->status() == BehaviorStatus::STOPPED));
}

BOOST_FIXTURE_TEST_CASE(socialize_at_bell_meets_a_villager_1_time_in_100, Village) {
    auto socialize = socialize_at_bell(mem, h.entity_types().villager);
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    ServerMob& friend_ = still("villager", {3.5, feet, 0.5});   // distSqr 9 ≤ 32
    ServerMob& stranger = still("villager", {0.5, feet, 6.5});  // distSqr 36: too far to meet
    ServerMob& pig = still("pig", {1.5, feet, 1.5});
    h.tick();
    Brain& b = *v.brain();
    b.set_memory(mem.meeting_point, GlobalPos{h.world().dimension(), {2, -60, 0}});
    b.set_memory(mem.visible_mobs, NearestVisibleLivingEntities({pig.ref(), friend_.ref(), stranger.ref()},
                                                                {pig.ref(), friend_.ref(), stranger.ref()}));
    int triggered = 0;
    for (int i = 0; i < 3000; ++i) {
        b.erase_memory(mem.interaction_target);
        b.erase_memory(mem.walk_target);
        b.erase_memory(mem.look_target);
        if (!socialize->trigger(h.world(), v, h.world().game_time())) {
            BOOST_TEST_REQUIRE(!b.has_memory_value(mem.interaction_target));
            continue;
        }
        ++triggered;
        BOOST_TEST_REQUIRE(b.has_memory_value(mem.interaction_target));
        BOOST_TEST((*b.get_memory(mem.interaction_target) == friend_.ref()));
        const WalkTarget* w = b.get_memory(mem.walk_target);
        BOOST_TEST_REQUIRE(w != nullptr);
        BOOST_TEST(w->speed_modifier == 0.3f);
        BOOST_TEST(w->close_enough_dist == 1);
        BOOST_TEST(b.get_memory(mem.look_target)->track_eye_height());
    }
    BOOST_TEST(triggered > 10);  // about 30
    BOOST_TEST(triggered < 60);
    // Only the stranger in sight: it still triggers, but meets nobody.
    b.erase_memory(mem.interaction_target);
    b.set_memory(mem.visible_mobs, NearestVisibleLivingEntities({stranger.ref()}, {stranger.ref()}));
    int empty_triggers = 0;
    for (int i = 0; i < 1000; ++i)
        if (socialize->trigger(h.world(), v, h.world().game_time())) ++empty_triggers;
    BOOST_TEST(empty_triggers > 0);
    BOOST_TEST(!b.has_memory_value(mem.interaction_target));
    // More than 4 blocks from the meeting point's centre: never.
    b.set_memory(mem.visible_mobs, NearestVisibleLivingEntities({friend_.ref()}, {friend_.ref()}));
    b.set_memory(mem.meeting_point, GlobalPos{h.world().dimension(), {4, -60, 0}});
    for (int i = 0; i < 1000; ++i) BOOST_TEST_REQUIRE(!socialize->trigger(h.world(), v, h.world().game_time()));
}

BOOST_AUTO_TEST_SUITE_END()
