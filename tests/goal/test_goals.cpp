// Tests for the everyday goals (mobsdk/goal/goals.hpp): FloatGoal, RandomStrollGoal and
// WaterAvoidingRandomStrollGoal (the 120-tick chance, seed 003's slab platform), LookAtPlayerGoal,
// RandomLookAroundGoal and AvoidEntityGoal, with vanilla's numbers. Random draws are checked
// against a copy of the level's RandomSource taken before the call.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <optional>

#include "mobsdk/goal/goals.hpp"
#include "mobsdk/testing/fake_world.hpp"
#include "mobserver/world/harness.hpp"

namespace {

using namespace mobsdk;
using namespace mobsdk::goal;
using mobsdk::server::PlayerEntity;
using mobsdk::server::ServerMob;
using mobsdk::server::World;
using mobsdk::server::WorldHarness;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

constexpr double ground = WorldHarness::ground_y;

// Midnight: the host sets undead on fire by day, and a burning zombie or skeleton would die in
// the longer tests.
WorldHarness::Options night() {
    WorldHarness::Options o;
    o.day_time = 18000;
    return o;
}

// A stroll whose position the test decides, counting how often it is asked.
class ProbeStroll final : public RandomStrollGoal {
public:
    using RandomStrollGoal::RandomStrollGoal;
    int asked = 0;
    std::optional<BlockPos> answer = BlockPos{5, 0, 5};

protected:
    std::optional<BlockPos> position(Level&, Mob&) override {
        ++asked;
        return answer;
    }
};

// A mob that stands still whatever happens (a target, a threat, a thing to look at).
ServerMob& still(WorldHarness& h, std::string_view type, Vec3 pos) {
    ServerMob& m = h.spawn(type, pos);
    m.data().no_ai = true;
    return m;
}

// Ticks a world with one strolling mob and counts the ticks its stroll runs.
int ticks_strolling(WorldHarness& h, ServerMob& mob, const Goal& stroll, int ticks) {
    int running = 0;
    for (int i = 0; i < ticks; ++i) {
        h.tick();
        if (mob.goal_selector()->is_running(stroll)) ++running;
    }
    return running;
}

// Seed 003's mob-farm platform: 21×21 blocks of `floor` around (0, y, 0), ringed by dirt just
// beyond the strolling radius, in a void world (nothing else within 7 blocks vertically).
WorldHarness::Options void_world() {
    WorldHarness::Options o;
    o.flat = false;
    o.chunk_radius = 2;
    o.day_time = 18000;  // a zombie would burn to death in an hour of daylight
    return o;
}
void build_platform(WorldHarness& h, std::int32_t y, std::string_view floor) {
    h.fill({-13, y, -13}, {13, y, 13}, "dirt");
    h.fill({-10, y, -10}, {10, y, 10}, floor);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(goals)

// ---- RandomStrollGoal ----

BOOST_AUTO_TEST_CASE(random_stroll_draws_one_in_reduced_tick_delay_of_its_interval) {
    FakeLevel level(42);
    FakeMob mob(Uuid{0, 1}, 1);
    ProbeStroll stroll(1.0);
    BOOST_CHECK_EQUAL(stroll.interval(), 120);
    BOOST_CHECK(stroll.flags() == Flags{Flag::Move});
    // Evaluated every other tick, a 1 in 60 draw is on average once per 120 ticks.
    int started = 0;
    for (int i = 0; i < 6000; ++i) {
        RandomSource copy = level.random();
        const bool expected = copy.next_int(60) == 0;
        const int before = stroll.asked;
        BOOST_REQUIRE_EQUAL(stroll.can_use(level, mob), expected);
        BOOST_REQUIRE_EQUAL(stroll.asked - before, expected ? 1 : 0);
        started += expected;
    }
    BOOST_CHECK_GT(started, 60);
    BOOST_CHECK_LT(started, 140);
    // Another interval: 1 in reduced_tick_delay(240) = 120.
    stroll.set_interval(240);
    for (int i = 0; i < 200; ++i) {
        RandomSource copy = level.random();
        BOOST_REQUIRE_EQUAL(stroll.can_use(level, mob), copy.next_int(120) == 0);
    }
}

BOOST_AUTO_TEST_CASE(random_stroll_trigger_skips_the_draw_until_a_position_is_found) {
    FakeLevel level;
    FakeMob mob(Uuid{0, 1}, 1);
    ProbeStroll stroll(1.0);
    stroll.answer.reset();
    stroll.trigger();
    RandomSource copy = level.random();
    BOOST_CHECK(!stroll.can_use(level, mob));
    BOOST_CHECK_EQUAL(stroll.asked, 1);
    BOOST_CHECK_EQUAL(level.random().next_int(), copy.next_int());  // nothing drawn
    // Still triggered: the next evaluation asks for a position again, without a draw.
    stroll.answer = BlockPos{3, 0, 4};
    copy = level.random();
    BOOST_CHECK(stroll.can_use(level, mob));
    BOOST_CHECK_EQUAL(level.random().next_int(), copy.next_int());
    BOOST_CHECK(stroll.wanted() == (BlockPos{3, 0, 4}));
}

BOOST_AUTO_TEST_CASE(random_stroll_walks_until_the_navigation_is_done) {
    FakeLevel level;
    FakeMob mob(Uuid{0, 1}, 1);
    ProbeStroll stroll(0.8);
    stroll.trigger();
    BOOST_REQUIRE(stroll.can_use(level, mob));
    stroll.start(level, mob);
    BOOST_CHECK(mob.nav.target() == (BlockPos{5, 0, 5}));
    BOOST_CHECK_EQUAL(mob.nav.speed(), 0.8);
    BOOST_CHECK_EQUAL(mob.nav.last_reach, 1);  // vanilla's moveTo(x, y, z, speed)
    BOOST_CHECK(stroll.can_continue_to_use(level, mob));
    stroll.stop(level, mob);
    BOOST_CHECK(mob.nav.is_done());
    BOOST_CHECK(!stroll.can_continue_to_use(level, mob));
}

BOOST_AUTO_TEST_CASE(random_stroll_rejects_an_interval_below_one) {
    BOOST_CHECK_THROW(RandomStrollGoal(1.0, 0), GoalError);
    RandomStrollGoal stroll(1.0);
    BOOST_CHECK_THROW(stroll.set_interval(-5), GoalError);
    BOOST_CHECK_EQUAL(stroll.interval(), 120);
    BOOST_CHECK_NO_THROW(stroll.set_interval(1));
}

BOOST_AUTO_TEST_CASE(a_zombie_on_a_platform_of_top_slabs_never_strolls) {
    // Seed 003: every candidate above a top slab (not solid-render) is unstable, and the dirt
    // ring lies beyond ±10; 72,000 ticks (an hour of game time) without a single stroll, for
    // both stroll goals.
    WorldHarness h(void_world());
    build_platform(h, 64, "stone_slab[type=top]");
    ServerMob& zombie = h.spawn("zombie", {0.5, 65.0, 0.5});
    zombie.enable_goals();
    Goal& land = zombie.goal_selector()->add<WaterAvoidingRandomStrollGoal>(7, 1.0);
    Goal& plain = zombie.goal_selector()->add<RandomStrollGoal>(7, 1.0);
    int running = 0;
    for (int i = 0; i < 72'000; ++i) {
        h.tick();
        running += zombie.goal_selector()->is_running(land) + zombie.goal_selector()->is_running(plain);
    }
    BOOST_CHECK_EQUAL(running, 0);
    BOOST_CHECK_EQUAL(zombie.position().x, 0.5);
    BOOST_CHECK_EQUAL(zombie.position().z, 0.5);
}

BOOST_AUTO_TEST_CASE(the_same_platform_of_full_blocks_is_strolled_on) {
    WorldHarness h(void_world());
    build_platform(h, 64, "stone");
    ServerMob& zombie = h.spawn("zombie", {0.5, 65.0, 0.5});
    zombie.enable_goals();
    Goal& land = zombie.goal_selector()->add<WaterAvoidingRandomStrollGoal>(7, 1.0);
    BOOST_CHECK_GT(ticks_strolling(h, zombie, land, 2'000), 0);
    BOOST_CHECK(zombie.position().x != 0.5 || zombie.position().z != 0.5);
}

BOOST_AUTO_TEST_CASE(water_avoiding_stroll_leaves_the_water_for_land) {
    WorldHarness h(night());
    h.fill({-3, -61, -3}, {3, -61, 3}, "water");  // a shallow pool in the grass
    ServerMob& zombie = h.spawn("zombie", {0.5, -61.0, 0.5});
    zombie.enable_goals();
    h.tick();  // physics notices the water
    BOOST_REQUIRE(zombie.in_water());
    WaterAvoidingRandomStrollGoal stroll(1.0);
    BOOST_CHECK_EQUAL(stroll.debug_string(), "WaterAvoidingRandomStrollGoal");
    int found = 0;
    for (int i = 0; i < 50; ++i) {
        stroll.trigger();
        if (!stroll.can_use(h.world(), zombie)) continue;
        ++found;
        const BlockPos w = stroll.wanted();
        BOOST_CHECK_MESSAGE(h.world().block_info(w).fluid == Fluid::None, "stroll into water at " << w);
        BOOST_CHECK_LE(std::abs(w.x), 15);
        BOOST_CHECK_LE(std::abs(w.z), 15);
    }
    BOOST_CHECK_GT(found, 25);
}

// ---- FloatGoal ----

BOOST_AUTO_TEST_CASE(float_goal_floats_above_the_jump_threshold) {
    WorldHarness h(night());
    h.fill({-2, -63, -2}, {2, -61, 2}, "water");  // 3 deep, bedrock below
    h.fill({8, -61, 0}, {8, -61, 0}, "water");    // 1 deep
    ServerMob& deep = h.spawn("zombie", {0.5, -63.0, 0.5});
    ServerMob& shallow = h.spawn("zombie", {8.5, -61.0, 0.5});
    ServerMob& dry = h.spawn("zombie", {20.5, ground, 0.5});
    for (ServerMob* m : {&deep, &shallow, &dry}) m->data().no_gravity = true;
    h.tick();
    // Heights as vanilla measures them: from the box floor (0.001 in) to the water surface.
    BOOST_CHECK_CLOSE(fluid_height(h.world(), deep, Fluid::Water), 2.0 - 0.001, 1e-3);
    BOOST_CHECK_CLOSE(fluid_height(h.world(), shallow, Fluid::Water), 8.0 / 9.0 - 0.001, 1e-3);
    BOOST_CHECK_EQUAL(fluid_height(h.world(), dry, Fluid::Water), 0.0);
    BOOST_CHECK_EQUAL(fluid_height(h.world(), deep, Fluid::Lava), 0.0);
    BOOST_CHECK_EQUAL(fluid_jump_threshold(deep), 0.4);
    FloatGoal goal;
    BOOST_CHECK(goal.flags() == Flags{Flag::Jump});
    BOOST_CHECK(goal.requires_update_every_tick());
    BOOST_CHECK(goal.can_use(h.world(), deep));
    BOOST_CHECK(goal.can_use(h.world(), shallow));
    BOOST_CHECK(!goal.can_use(h.world(), dry));
    h.fill({20, -60, 0}, {20, -60, 0}, "lava");
    BOOST_CHECK(goal.can_use(h.world(), dry));
}

BOOST_AUTO_TEST_CASE(float_goal_jumps_with_probability_0_8) {
    FakeLevel level(7);
    FakeMob mob(Uuid{0, 1}, 1);
    FloatGoal goal;
    int expected = 0;
    for (int i = 0; i < 1000; ++i) {
        RandomSource copy = level.random();
        expected += copy.next_float() < 0.8f;
        goal.tick(level, mob);
        BOOST_REQUIRE_EQUAL(mob.controls.jumps, expected);
    }
    BOOST_CHECK_GT(expected, 750);
    BOOST_CHECK_LT(expected, 850);
}

// ---- LookAtPlayerGoal ----

BOOST_AUTO_TEST_CASE(look_at_goal_picks_the_nearest_entity_with_probability_0_02) {
    WorldHarness h(night());
    ServerMob& skeleton = still(h, "skeleton", {0.5, ground, 0.5});
    ServerMob& near = still(h, "zombie", {3.5, ground, 0.5});
    still(h, "zombie", {5.5, ground, 0.5});
    still(h, "villager", {2.5, ground, 0.5});  // not a type it looks for
    LookAtPlayerGoal goal({h.entity_types().zombie}, 8.0f);
    BOOST_CHECK(goal.flags() == Flags{Flag::Look});
    Level& level = h.world();
    int used = 0;
    for (int i = 0; i < 2000; ++i) {
        RandomSource copy = level.random();
        const bool expected = copy.next_float() < 0.02f;
        BOOST_REQUIRE_EQUAL(goal.can_use(level, skeleton), expected);
        if (expected) {
            ++used;
            BOOST_REQUIRE(goal.look_at() == near.ref());
        }
    }
    BOOST_CHECK_GT(used, 20);
    // 40–79 ticks of looking, halved: the goal ticks every other tick.
    RandomSource copy = level.random();
    goal.start(level, skeleton);
    BOOST_CHECK_EQUAL(goal.look_time(), (40 + copy.next_int(40) + 1) / 2);
    const int time = goal.look_time();
    goal.tick(level, skeleton);
    BOOST_CHECK_EQUAL(goal.look_time(), time - 1);
    BOOST_CHECK(skeleton.look_control().wanted() == near.eye_position());
    BOOST_CHECK(goal.can_continue_to_use(level, skeleton));
    // Out of range (beyond 8 blocks) or dead: it stops.
    h.world().teleport(near.handle(), {9.0, ground, 0.5});
    BOOST_CHECK(!goal.can_continue_to_use(level, skeleton));
    h.world().teleport(near.handle(), {3.5, ground, 0.5});
    BOOST_CHECK(goal.can_continue_to_use(level, skeleton));
    near.set_health(0);
    BOOST_CHECK(!goal.can_continue_to_use(level, skeleton));
    goal.stop(level, skeleton);
    BOOST_CHECK(!goal.look_at().has_value());
}

BOOST_AUTO_TEST_CASE(look_at_goal_searches_three_blocks_up_and_down_and_runs_out_of_time) {
    WorldHarness h(night());
    ServerMob& skeleton = still(h, "skeleton", {0.5, ground, 0.5});
    ServerMob& above = still(h, "zombie", {2.5, ground + 5, 0.5});  // box ±3 around the skeleton's: missed
    LookAtPlayerGoal goal({h.entity_types().zombie}, 8.0f, 1.0f);
    BOOST_CHECK(!goal.can_use(h.world(), skeleton));
    h.world().teleport(above.handle(), {2.5, ground + 4, 0.5});
    BOOST_CHECK(goal.can_use(h.world(), skeleton));
    goal.start(h.world(), skeleton);
    int ticks = 0;
    while (goal.can_continue_to_use(h.world(), skeleton)) {
        goal.tick(h.world(), skeleton);
        ++ticks;
    }
    BOOST_CHECK_GE(ticks, 20);
    BOOST_CHECK_LE(ticks, 40);
    // Looking only horizontally keeps the skeleton's own eye height.
    LookAtPlayerGoal level_look({h.entity_types().zombie}, 8.0f, 1.0f, true);
    BOOST_REQUIRE(level_look.can_use(h.world(), skeleton));
    level_look.start(h.world(), skeleton);
    level_look.tick(h.world(), skeleton);
    BOOST_CHECK_EQUAL(skeleton.look_control().wanted().y, skeleton.eye_position().y);
    BOOST_CHECK_THROW(LookAtPlayerGoal({}, 8.0f), GoalError);
}

BOOST_AUTO_TEST_CASE(look_at_goal_player_form_searches_every_player_by_range) {
    // Vanilla's LookAtPlayerGoal(mob, Player.class, 8): getNearestPlayer over the level's players,
    // no ±3 box; spectators are never looked at, creative players are.
    WorldHarness h(night());
    World& world = h.world();
    ServerMob& zombie = still(h, "zombie", {0.5, ground, 0.5});
    LookAtPlayerGoal goal(players, 8.0f, 1.0f);
    BOOST_CHECK(goal.looks_at_players());
    BOOST_CHECK_EQUAL(goal.debug_string(), "LookAtPlayerGoal(Player)");
    BOOST_CHECK(goal.flags() == Flags{Flag::Look});
    BOOST_CHECK(!goal.can_use(world, zombie));  // no players
    still(h, "skeleton", {2.5, ground, 0.5});   // mobs are not players
    BOOST_CHECK(!goal.can_use(world, zombie));
    // Five blocks up and three away: outside the mob form's box, 5.83 blocks from the feet.
    PlayerEntity& up = world.player_kind().spawn(world, Uuid{1, 1}, "up", {0.5, ground + 5, 3.5});
    BOOST_REQUIRE(goal.can_use(world, zombie));
    BOOST_CHECK(goal.look_at() == up.ref());
    goal.start(world, zombie);
    goal.tick(world, zombie);
    BOOST_CHECK(zombie.look_control().wanted() == up.eye_position());
    // The nearer of two wins; a spectator is never picked, a creative player is.
    PlayerEntity& near = world.player_kind().spawn(world, Uuid{1, 2}, "near", {2.5, ground, 0.5});
    BOOST_REQUIRE(goal.can_use(world, zombie));
    BOOST_CHECK(goal.look_at() == near.ref());
    near.game_type = GameMode::Spectator;
    BOOST_REQUIRE(goal.can_use(world, zombie));
    BOOST_CHECK(goal.look_at() == up.ref());
    up.game_type = GameMode::Creative;
    BOOST_REQUIRE(goal.can_use(world, zombie));
    BOOST_CHECK(goal.look_at() == up.ref());
    // A sneaking player is seen within 0.8 of the range: at 7 blocks, not within 6.4.
    world.teleport(up.handle(), {0.5, ground, 7.5});
    BOOST_REQUIRE(goal.can_use(world, zombie));
    up.shift_key_down = true;
    BOOST_CHECK(!goal.can_use(world, zombie));
    up.shift_key_down = false;
    // Beyond 8 blocks: nobody.
    world.teleport(up.handle(), {0.5, ground, 8.6});
    BOOST_CHECK(!goal.can_use(world, zombie));
    // The 0.02 draw comes first, as in the mob form.
    world.teleport(up.handle(), {0.5, ground, 3.5});
    LookAtPlayerGoal drawn(players, 8.0f);
    for (int i = 0; i < 200; ++i) {
        RandomSource copy = world.random();
        BOOST_REQUIRE_EQUAL(drawn.can_use(world, zombie), copy.next_float() < 0.02f);
    }
}

// ---- RandomLookAroundGoal ----

BOOST_AUTO_TEST_CASE(random_look_around_looks_one_way_for_20_to_39_ticks) {
    FakeLevel level(3);
    FakeMob mob(Uuid{0, 1}, 1);
    mob.position_ = {10.0, 64.0, -4.0};
    RandomLookAroundGoal goal;
    BOOST_CHECK(goal.flags() == (Flags{Flag::Move, Flag::Look}));
    BOOST_CHECK(goal.requires_update_every_tick());
    for (int i = 0; i < 500; ++i) {
        RandomSource copy = level.random();
        BOOST_REQUIRE_EQUAL(goal.can_use(level, mob), copy.next_float() < 0.02f);
    }
    RandomSource copy = level.random();
    const double angle = 6.283185307179586 * copy.next_double();
    const int look_time = 20 + copy.next_int(20);
    goal.start(level, mob);
    BOOST_CHECK_EQUAL(goal.look_time(), look_time);
    int ticks = 0;
    while (goal.can_continue_to_use(level, mob)) {
        goal.tick(level, mob);
        ++ticks;
    }
    // It runs while the count is ≥ 0: one tick more than the count drawn.
    BOOST_CHECK_EQUAL(ticks, look_time + 1);
    const Vec3 seen = mob.controls.wanted();
    BOOST_CHECK_CLOSE(seen.x, 10.0 + std::cos(angle), 1e-9);
    BOOST_CHECK_CLOSE(seen.y, 64.0 + 1.62, 1e-9);
    BOOST_CHECK_CLOSE(seen.z, -4.0 + std::sin(angle), 1e-9);
}

// ---- AvoidEntityGoal ----

BOOST_AUTO_TEST_CASE(avoid_entity_flees_away_and_sprints_within_seven_blocks) {
    WorldHarness h(night());
    ServerMob& skeleton = h.spawn("skeleton", {0.5, ground, 0.5});
    ServerMob& wolf = still(h, "wolf", {3.5, ground, 0.5});
    skeleton.enable_goals();
    // The skeleton's own: AvoidEntityGoal(this, Wolf.class, 6.0F, 1.0D, 1.2D).
    auto& avoid = skeleton.goal_selector()->add<AvoidEntityGoal>(3, TypeList{h.entity_types().wolf}, 6.0f, 1.0, 1.2);
    BOOST_CHECK(avoid.flags() == Flags{Flag::Move});
    // It needs a path, and a walker finds none until it stands on the ground (its second tick).
    for (int i = 0; i < 10 && !skeleton.goal_selector()->is_running(avoid); ++i) h.tick();
    BOOST_REQUIRE(skeleton.goal_selector()->is_running(avoid));
    BOOST_CHECK(avoid.to_avoid() == wolf.ref());
    // DefaultRandomPos.getPosAway(mob, 16, 7, …): within 16 blocks, away from the wolf, and no
    // closer to it than the skeleton was.
    const BlockPos flee = avoid.flee_pos();
    BOOST_CHECK_LE(std::abs(flee.x), 17);
    BOOST_CHECK_LE(std::abs(flee.z), 17);
    BOOST_CHECK_LT(flee.x, 1);
    BOOST_CHECK_GE(random_pos::bottom_center(flee).dist_sqr(wolf.position()), 9.0);
    bool sprinted = false, walked = false;
    for (int i = 0; i < 200 && skeleton.goal_selector()->is_running(avoid); ++i) {
        const double d = std::sqrt(skeleton.distance_to_sqr(wolf));
        h.tick();
        const double speed = skeleton.move_control().speed_modifier();
        if (d < 6.5) {
            BOOST_CHECK_EQUAL(speed, 1.2);
            sprinted = true;
        } else if (d > 7.5 && skeleton.navigation().is_in_progress()) {
            BOOST_CHECK_EQUAL(speed, 1.0);
            walked = true;
        }
    }
    BOOST_CHECK(sprinted);
    BOOST_CHECK(walked);
    BOOST_CHECK_GT(std::sqrt(skeleton.distance_to_sqr(wolf)), 7.0);
}

BOOST_AUTO_TEST_CASE(avoid_entity_ignores_what_is_out_of_range_or_cannot_be_attacked) {
    WorldHarness h(night());
    ServerMob& skeleton = h.spawn("skeleton", {0.5, ground, 0.5});
    h.tick(2);                                               // on the ground: it can path
    ServerMob& wolf = still(h, "wolf", {7.0, ground, 0.5});  // 6.5 blocks: beyond max_dist 6
    AvoidEntityGoal avoid(TypeList{h.entity_types().wolf}, 6.0f, 1.0, 1.2);
    BOOST_CHECK(!avoid.can_use(h.world(), skeleton));
    BOOST_CHECK(!avoid.to_avoid().has_value());
    h.world().teleport(wolf.handle(), {4.5, ground, 0.5});
    wolf.data().invulnerable = true;  // forCombat: not an enemy
    BOOST_CHECK(!avoid.can_use(h.world(), skeleton));
    wolf.data().invulnerable = false;
    AvoidEntityGoal picky(TypeList{h.entity_types().wolf}, 6.0f, 1.0, 1.2,
                          [](const Mob*, const Entity& e) { return e.has_tag("scary"); });
    BOOST_CHECK(!picky.can_use(h.world(), skeleton));
    wolf.data().tags.push_back("scary");
    int found = 0;
    for (int i = 0; i < 10; ++i) found += picky.can_use(h.world(), skeleton);
    BOOST_CHECK_GT(found, 0);
    BOOST_CHECK_THROW(AvoidEntityGoal({}, 6.0f, 1.0, 1.2), GoalError);
}

BOOST_AUTO_TEST_SUITE_END()
