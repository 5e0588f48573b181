// Navigation and the move, look and jump controls, in a real World: the controls are ticked by
// hand where one step is checked, and whole trips run through World::tick().
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <ostream>

#include "mobserver/world/harness.hpp"
#include "mobserver/world/navigation.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace mobsdk {
inline std::ostream& boost_test_print_type(std::ostream& os, const BlockPos& p) {
    return os << '(' << p.x << ", " << p.y << ", " << p.z << ')';
}
inline std::ostream& boost_test_print_type(std::ostream& os, MoveControl::Operation o) {
    static const char* names[] = {"WAIT", "MOVE_TO", "STRAFE", "JUMPING"};
    return os << names[static_cast<int>(o)];
}
}  // namespace mobsdk

namespace {

constexpr std::int32_t G = WorldHarness::ground_y;

ServerMoveControl& move_control(ServerMob& mob) { return static_cast<ServerMoveControl&>(mob.move_control()); }
ServerLookControl& look_control(ServerMob& mob) { return static_cast<ServerLookControl&>(mob.look_control()); }
ServerJumpControl& jump_control(ServerMob& mob) { return static_cast<ServerJumpControl&>(mob.jump_control()); }

// Ticks the world until the mob's navigation is done; returns the ticks taken (or `limit`).
std::int32_t walk(WorldHarness& h, ServerMob& mob, std::int32_t limit) {
    for (std::int32_t t = 0; t < limit; ++t) {
        if (mob.navigation().is_done()) return t;
        h.tick();
    }
    return limit;
}

double horizontal_distance(const Vec3& a, const Vec3& b) { return std::hypot(a.x - b.x, a.z - b.z); }

}  // namespace

BOOST_AUTO_TEST_SUITE(navigation)

BOOST_AUTO_TEST_CASE(move_control_sets_speed_and_returns_to_wait) {
    WorldHarness h;
    ServerMob& mob = h.spawn("zombie", {0.5, G, 0.5});
    MoveControl& mc = mob.move_control();
    BOOST_TEST(mc.operation() == MoveControl::Operation::Wait);

    mc.set_wanted_position({5.5, G, 0.5}, 1.5);
    BOOST_TEST(mc.operation() == MoveControl::Operation::MoveTo);
    BOOST_TEST(mc.has_wanted());
    move_control(mob).tick();
    BOOST_TEST(mc.operation() == MoveControl::Operation::Wait);
    BOOST_TEST(mob.speed == static_cast<float>(1.5 * 0.23));
    BOOST_TEST(mob.zza == mob.speed);        // vanilla's Mob.setSpeed sets the forward input too
    BOOST_TEST(mob.data().y_rot == 270.0f);  // facing +x (east) is yaw −90, kept in [0, 360]
    BOOST_TEST(!mob.jump_control().wants_to_jump());

    // No new order: the mob stops pushing forward.
    move_control(mob).tick();
    BOOST_TEST(mob.zza == 0.0f);

    // At most 90° of turn per tick: a point straight behind takes two ticks.
    mob.data().y_rot = 0.0f;  // facing south (+z)
    mc.set_wanted_position({0.5, G, -5.5}, 1.0);
    move_control(mob).tick();
    BOOST_TEST(mob.data().y_rot == 270.0f);
    mc.set_wanted_position({0.5, G, -5.5}, 1.0);
    move_control(mob).tick();
    BOOST_TEST(mob.data().y_rot == 180.0f);

    // Already there: nothing moves.
    mc.set_wanted_position(mob.data().pos, 1.0);
    move_control(mob).tick();
    BOOST_TEST(mob.zza == 0.0f);
    BOOST_TEST(mc.operation() == MoveControl::Operation::Wait);
}

BOOST_AUTO_TEST_CASE(move_control_jumps_up_a_block_until_landing) {
    WorldHarness h;
    ServerMob& mob = h.spawn("zombie", {0.5, G, 0.5});
    h.tick(3);
    BOOST_REQUIRE(mob.data().on_ground);
    MoveControl& mc = mob.move_control();
    // A point one block up and close by: higher than the 0.6 step, so a jump.
    mc.set_wanted_position({1.0, G + 1, 0.5}, 1.0);
    move_control(mob).tick();
    BOOST_TEST(mc.operation() == MoveControl::Operation::Jumping);
    BOOST_TEST(mob.jump_control().wants_to_jump());
    jump_control(mob).tick();
    BOOST_TEST(mob.jumping);
    BOOST_TEST(!mob.jump_control().wants_to_jump());
    jump_control(mob).tick();
    BOOST_TEST(!mob.jumping);

    // While in the air a new wanted position does not end the jump; landing does.
    mob.data().on_ground = false;
    mc.set_wanted_position({3.5, G, 0.5}, 1.0);
    BOOST_TEST(mc.operation() == MoveControl::Operation::Jumping);
    move_control(mob).tick();
    BOOST_TEST(mc.operation() == MoveControl::Operation::Jumping);
    BOOST_TEST(mob.speed == 0.23f);
    mob.data().on_ground = true;
    move_control(mob).tick();
    BOOST_TEST(mc.operation() == MoveControl::Operation::Wait);

    // Far away horizontally, the same height difference is no reason to jump yet.
    mc.set_wanted_position({6.5, G + 1, 0.5}, 1.0);
    move_control(mob).tick();
    BOOST_TEST(mc.operation() == MoveControl::Operation::Wait);
}

BOOST_AUTO_TEST_CASE(move_control_strafes) {
    WorldHarness h;
    ServerMob& mob = h.spawn("skeleton", {0.5, G, 0.5});
    MoveControl& mc = mob.move_control();
    mc.strafe(-0.5f, 0.5f);
    BOOST_TEST(mc.operation() == MoveControl::Operation::Strafe);
    BOOST_TEST(mc.speed_modifier() == 0.25);
    move_control(mob).tick();
    BOOST_TEST(mc.operation() == MoveControl::Operation::Wait);
    BOOST_TEST(mob.speed == 0.25f * 0.25f);
    BOOST_TEST(mob.zza == -0.5f);
    BOOST_TEST(mob.xxa == 0.5f);

    // Strafing towards a place that is not walkable (a wall) turns into walking forwards. Vanilla
    // probes one speed-scaled step away, rotated so that at yaw 0 "forward" probes along x.
    h.fill({-3, G, -3}, {3, G + 2, 3}, "stone");
    h.fill({0, G, 0}, {0, G + 1, 0}, "air");
    mob.data().pos = {0.03, G, 0.5};
    mob.data().y_rot = 0.0f;
    mc.strafe(1.0f, 0.0f);
    move_control(mob).tick();
    BOOST_TEST(mob.zza == 1.0f);  // the probe lands in the mob's own (walkable) block
    mc.strafe(-1.0f, 0.0f);
    move_control(mob).tick();
    BOOST_TEST(mob.zza == 1.0f);
    BOOST_TEST(mob.xxa == 0.0f);
}

BOOST_AUTO_TEST_CASE(look_control_turns_at_most_its_speed_and_ends_on_the_eyes) {
    WorldHarness h;
    ServerMob& zombie = h.spawn("zombie", {0.5, G, 0.5});
    ServerMob& villager = h.spawn("villager", {10.5, G, 0.5});
    zombie.y_head_rot = 0.0f;
    zombie.y_body_rot = 0.0f;
    LookControl& lc = zombie.look_control();
    BOOST_TEST(!lc.is_looking_at_target());

    lc.set_look_at(villager, 10.0f, 40.0f);
    BOOST_TEST(lc.is_looking_at_target());
    BOOST_TEST(lc.wanted().y == villager.eye_position().y);  // a mob is looked in the eyes

    float previous = zombie.y_head_rot;
    for (int t = 0; t < 12; ++t) {
        lc.set_look_at(villager, 10.0f, 40.0f);  // behaviours renew the target every tick
        look_control(zombie).tick();
        BOOST_TEST(std::abs(zombie.y_head_rot - previous) <= 10.0f + 1e-4f);
        previous = zombie.y_head_rot;
    }
    BOOST_TEST(zombie.y_head_rot == -90.0f);  // east
    // Eyes 1.74 up looking at eyes 1.62 up, ten blocks away: slightly down.
    const double expected_pitch = -std::atan2(villager.eye_position().y - zombie.eye_position().y, 10.0) * 180.0 / M_PI;
    BOOST_TEST(zombie.data().x_rot == expected_pitch, boost::test_tools::tolerance(1e-3));

    // Pitch is limited by the max angle from level.
    lc.set_look_at(Vec3{0.5, G + 100.0, 1.5}, 10.0f, 40.0f);
    look_control(zombie).tick();
    BOOST_TEST(zombie.data().x_rot == -40.0f);

    // Without a target the head turns back to the body, 10° a tick.
    look_control(zombie).tick();  // the request lasts two ticks
    BOOST_TEST(!lc.is_looking_at_target());
    const float before = zombie.y_head_rot;
    look_control(zombie).tick();
    BOOST_TEST(zombie.y_head_rot - before == 10.0f);
    BOOST_TEST(zombie.data().x_rot == 0.0f);

    // Something that is not living is looked at in the middle of its box.
    ItemEntity& item = h.world().spawn_item({2.5, G, 0.5}, ItemStack{ResourceLocation::of("bread"), 1});
    lc.set_look_at(item, 10.0f, 40.0f);
    BOOST_TEST(lc.wanted().y == G + 0.125);
}

BOOST_AUTO_TEST_CASE(navigation_reaches_a_goal_through_world_ticks) {
    WorldHarness h;
    ServerMob& mob = h.spawn("zombie", {0.5, G, 0.5});
    h.tick(2);
    BOOST_REQUIRE(mob.data().on_ground);
    // moveTo(pos, speed) asks for reach 1, so the path ends one block short.
    BOOST_REQUIRE(mob.navigation().move_to(BlockPos{12, G, 0}, 1.0));
    BOOST_REQUIRE(mob.navigation().path());
    BOOST_TEST(mob.navigation().path()->can_reach);
    BOOST_TEST(mob.navigation().path()->node_count() == 12u);
    BOOST_TEST(mob.navigation().path()->nodes.back() == (BlockPos{11, G, 0}));
    BOOST_TEST(mob.server_navigation().last_visited_nodes() > 0);
    BOOST_TEST((mob.server_navigation().target_pos() == BlockPos{12, G, 0}));
    const std::int32_t ticks = walk(h, mob, 400);
    BOOST_TEST(ticks < 400);
    BOOST_TEST(mob.navigation().is_done());
    BOOST_TEST(horizontal_distance(mob.data().pos, {11.5, G, 0.5}) < 0.75);
    BOOST_TEST(mob.data().pos.y == G);
    BOOST_TEST(!mob.server_navigation().is_stuck());
}

BOOST_AUTO_TEST_CASE(navigation_walks_around_a_wall_and_up_a_step) {
    WorldHarness h;
    h.fill({5, G, -3}, {5, G + 2, 3}, "stone");
    h.fill({9, G, -10}, {14, G, 10}, "stone");  // a one-block step up to the goal
    ServerMob& mob = h.spawn("villager", {0.5, G, 0.5});
    h.tick(2);
    BOOST_REQUIRE(mob.navigation().move_to(mob.navigation().create_path(BlockPos{12, G + 1, 0}, 0), 1.0));
    BOOST_TEST(mob.navigation().path()->can_reach);
    const std::int32_t ticks = walk(h, mob, 600);
    BOOST_TEST(ticks < 600);
    BOOST_TEST(horizontal_distance(mob.data().pos, {12.5, G, 0.5}) < 0.75);
    BOOST_TEST(mob.data().pos.y == G + 1);
}

BOOST_AUTO_TEST_CASE(navigation_through_a_door_for_a_villager) {
    WorldHarness h;
    for (std::int32_t x = -3; x <= 3; ++x)
        for (std::int32_t z = -3; z <= 3; ++z)
            if (std::max(std::abs(x), std::abs(z)) == 3) h.fill({x, G, z}, {x, G + 2, z}, "stone");
    h.set_block({3, G, 0}, "oak_door[facing=east,half=lower,open=false]");
    h.set_block({3, G + 1, 0}, "oak_door[facing=east,half=upper,open=false]");
    ServerMob& villager = h.spawn("villager", {0.5, G, 0.5});
    ServerMob& zombie = h.spawn("zombie", {-0.5, G, -0.5});
    h.tick(2);
    BOOST_TEST(villager.server_navigation().flags().can_open_doors);
    BOOST_TEST(!zombie.server_navigation().flags().can_open_doors);
    auto p = villager.navigation().create_path(BlockPos{8, G, 0}, 0);
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    p = zombie.navigation().create_path(BlockPos{8, G, 0}, 0);
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
}

// Vanilla's PathNavigation sizes the search by the mob's box (getBbWidth, getBbHeight), which a
// slime's size or any dimension scale changes: a mob scaled to 1.8 wide needs a 2-wide opening.
BOOST_AUTO_TEST_CASE(path_search_uses_the_scaled_box) {
    WorldHarness h;
    for (std::int32_t x = -3; x <= 3; ++x)
        for (std::int32_t z = -3; z <= 3; ++z)
            if (std::max(std::abs(x), std::abs(z)) == 3 && !(x == 3 && z == 0))
                h.fill({x, G, z}, {x, G + 2, z}, "stone");
    ServerMob& small = h.spawn("zombie", {0.5, G, 0.5});
    ServerMob& big = h.spawn("zombie", {-0.5, G, -0.5});
    big.set_dimension_scale(3.0f);
    h.tick(2);
    auto p = small.navigation().create_path(BlockPos{8, G, 0}, 0);
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);  // through the one-block gap at (3, 0)
    p = big.navigation().create_path(BlockPos{8, G, 0}, 0);
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
    // Once the gap is two blocks wide (and the walls low enough to be no ceiling), the big one fits.
    h.fill({3, G, 1}, {3, G + 2, 1}, "air");
    p = big.navigation().create_path(BlockPos{8, G, 0}, 0);
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
}

BOOST_AUTO_TEST_CASE(avoid_sun_trims_the_path_where_the_sky_shows) {
    WorldHarness h;                                   // noon
    h.fill({-3, G + 3, -3}, {5, G + 3, 3}, "stone");  // a roof: shade from x −3 to 5
    ServerMob& skeleton = h.spawn("skeleton", {0.5, G, 0.5});
    h.tick(2);
    BOOST_REQUIRE(!h.world().can_see_sky({0, G, 0}));
    BOOST_REQUIRE(h.world().can_see_sky({6, G, 0}));

    PathNavigation& nav = skeleton.navigation();
    auto full = nav.create_path(BlockPos{10, G, 0}, 0);
    BOOST_REQUIRE(full);
    BOOST_TEST(full->node_count() == 11u);

    nav.set_avoid_sun(true);
    BOOST_TEST(nav.move_to(full, 1.0));
    BOOST_REQUIRE(nav.path());
    BOOST_TEST(nav.path()->node_count() == 6u);  // cut at (6, G, 0), the first node under the sky
    BOOST_TEST(nav.path()->nodes.back() == (BlockPos{5, G, 0}));

    // A mob already in the sun keeps its whole path.
    nav.stop();
    skeleton.data().pos = {8.5, G, 0.5};
    auto back = nav.create_path(BlockPos{0, G, 0}, 0);
    BOOST_REQUIRE(back);
    const std::size_t n = back->node_count();
    BOOST_TEST(nav.move_to(back, 1.0));
    BOOST_TEST(nav.path()->node_count() == n);

    // A path whose first node is in the sun is cut to nothing: no move.
    nav.stop();
    skeleton.data().pos = {0.5, G, 0.5};
    Path sunny = Path::make({{6, G, 0}, {7, G, 0}}, {7, G, 0}, true);
    BOOST_TEST(!nav.move_to(sunny, 1.0));
}

BOOST_AUTO_TEST_CASE(create_path_moves_the_target_to_the_surface_and_refuses_when_it_cannot) {
    WorldHarness h;
    ServerMob& mob = h.spawn("zombie", {0.5, G, 0.5});
    h.tick(2);
    PathNavigation& nav = mob.navigation();
    // A target in the air comes down to the ground; one in the ground comes up.
    auto p = nav.create_path(BlockPos{6, G + 5, 0}, 0);
    BOOST_REQUIRE(p);
    BOOST_TEST(p->target == (BlockPos{6, G, 0}));
    p = nav.create_path(BlockPos{6, G - 2, 0}, 0);
    BOOST_REQUIRE(p);
    BOOST_TEST(p->target == (BlockPos{6, G, 0}));
    // A chunk that is not loaded: no path.
    BOOST_TEST(!nav.create_path(BlockPos{1000, G, 0}, 0).has_value());
    // Same target while a path is followed: the same path comes back.
    BOOST_REQUIRE(nav.move_to(BlockPos{6, G, 0}, 1.0));
    auto again = nav.create_path(BlockPos{6, G, 0}, 0);
    BOOST_REQUIRE(again);
    BOOST_TEST(again->nodes == nav.path()->nodes);
    // An empty path is refused and clears the current one.
    BOOST_TEST(!nav.move_to(std::optional<Path>{}, 1.0));
    BOOST_TEST(nav.is_done());
    BOOST_TEST(nav.path() == nullptr);

    // A walker in mid-air does not plan.
    mob.data().on_ground = false;
    mob.data().pos = {0.5, G + 10, 0.5};
    BOOST_TEST(!nav.create_path(BlockPos{6, G, 0}, 0).has_value());
}

BOOST_AUTO_TEST_CASE(stable_destinations) {
    WorldHarness h;
    h.set_block({2, G - 1, 0}, "air");
    h.set_block({3, G, 0}, "stone_slab[type=bottom]");
    ServerMob& mob = h.spawn("zombie", {0.5, G, 0.5});
    ServerMob& allay = h.spawn("allay", {0.5, G + 2, 0.5});
    BOOST_TEST(mob.navigation().is_stable_destination({0, G, 0}));       // on grass
    BOOST_TEST(!mob.navigation().is_stable_destination({2, G, 0}));      // over a hole
    BOOST_TEST(!mob.navigation().is_stable_destination({3, G + 1, 0}));  // on a slab: not solid-render
    // A flyer asks about the block itself: can it stand on it?
    BOOST_TEST(allay.navigation().is_stable_destination({0, G - 1, 0}));
    BOOST_TEST(!allay.navigation().is_stable_destination({0, G, 0}));
}

BOOST_AUTO_TEST_CASE(stuck_detection_stops_a_mob_that_does_not_move) {
    WorldHarness h;
    ServerMob& mob = h.spawn("zombie", {0.5, G, 0.5});
    h.tick(2);
    BOOST_REQUIRE(mob.navigation().move_to(BlockPos{20, G, 0}, 1.0));
    // Navigation and the move control run, but the mob is never moved (no travel()).
    for (int t = 0; t < 100; ++t) {
        mob.server_navigation().tick();
        move_control(mob).tick();
    }
    BOOST_TEST(mob.navigation().is_in_progress());
    mob.server_navigation().tick();  // 101 ticks since the last check: it moved less than 0.23² × 25
    BOOST_TEST(mob.server_navigation().is_stuck());
    BOOST_TEST(mob.navigation().is_done());
}

BOOST_AUTO_TEST_CASE(recomputation_after_a_block_change) {
    WorldHarness h;
    ServerMob& mob = h.spawn("zombie", {0.5, G, 0.5});
    h.tick(2);
    ServerPathNavigation& nav = mob.server_navigation();
    BOOST_REQUIRE(nav.move_to(BlockPos{12, G, 0}, 1.0));
    BOOST_TEST(nav.should_recompute_path({6, G, 0}));
    BOOST_TEST(!nav.should_recompute_path({6, G, 30}));

    // A wall appears across the way; the recomputed path goes round it.
    h.fill({6, G, -2}, {6, G + 2, 2}, "stone");
    h.world().set_game_time(100);
    nav.recompute_path();
    BOOST_REQUIRE(nav.path());
    BOOST_TEST_REQUIRE(!nav.path()->nodes.empty());
    for (const BlockPos& b : nav.path()->nodes) BOOST_TEST(!(b.x == 6 && std::abs(b.z) <= 2));
    // A second request within 20 ticks waits for a later tick.
    h.fill({6, G, -2}, {6, G + 2, 2}, "air");
    nav.recompute_path();
    BOOST_TEST(!nav.should_recompute_path({6, G, 0}));  // one is already pending
    h.world().set_game_time(125);
    nav.tick();
    BOOST_TEST(nav.should_recompute_path({6, G, 0}));
}

BOOST_AUTO_TEST_CASE(flying_navigation_takes_the_allay_over_a_wall) {
    WorldHarness h;
    h.fill({5, G, -20}, {5, G + 3, 20}, "stone");
    ServerMob& allay = h.spawn("allay", {0.5, G + 1, 0.5});
    BOOST_TEST(allay.server_navigation().flags().can_float);
    BOOST_TEST(!allay.server_navigation().flags().can_open_doors);
    BOOST_REQUIRE(allay.navigation().move_to(allay.navigation().create_path(BlockPos{10, G + 1, 0}, 0), 1.0));
    const Path* p = allay.navigation().path();
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    bool over = false;
    for (const BlockPos& b : p->nodes) over = over || (b.x == 5 && b.y >= G + 4);
    BOOST_TEST(over);
    const std::int32_t ticks = walk(h, allay, 800);
    BOOST_TEST(ticks < 800);
    BOOST_TEST(allay.data().pos.x > 9.0);
    BOOST_TEST(std::abs(allay.data().pos.x - 10.5) < 1.0);
    BOOST_TEST(std::abs(allay.data().pos.z - 0.5) < 1.0);
}

// Ladders in vanilla's node evaluator are OPEN blocks (a thin plate) over the floor: a path never
// plans a climb of more than the one block a jump takes, but a mob whose path steps up out of a
// ladder block climbs it (its move control jumps inside the ladder's shape, then the ladder holds
// it to 0.2 a tick while it pushes against the wall), and a path that ends in a ladder at the foot
// of a higher wall leaves the mob standing there.
BOOST_AUTO_TEST_CASE(a_villager_climbs_a_ladder_onto_a_ledge_but_plans_no_longer_climb) {
    for (const std::int32_t high : {1, 2}) {
        BOOST_TEST_CONTEXT("a wall " << high << " high") {
            WorldHarness h;
            h.fill({5, G, -3}, {10, G + high - 1, 3}, "stone");
            h.fill({4, G, 0}, {4, G + high - 1, 0}, "ladder[facing=west]");
            ServerMob& villager = h.spawn("villager", {0.5, G, 0.5});
            h.tick(2);
            auto path = villager.navigation().create_path(BlockPos{7, G + high, 0}, 0);
            BOOST_TEST_REQUIRE(path.has_value());
            BOOST_TEST(path->can_reach == (high == 1));
            const auto through_ladder =
                std::find(path->nodes.begin(), path->nodes.end(), BlockPos{4, G, 0}) != path->nodes.end();
            BOOST_TEST(through_ladder);
            BOOST_TEST(path->nodes.back() == (high == 1 ? BlockPos{7, G + 1, 0} : BlockPos{4, G, 0}));
            BOOST_REQUIRE(villager.navigation().move_to(std::move(path), 1.0));
            int climbing_ticks = 0;
            double prev_y = villager.position().y;
            for (int t = 0; t < 200 && !villager.navigation().is_done(); ++t) {
                h.tick();
                const double rise = villager.position().y - prev_y;
                prev_y = villager.position().y;
                if (villager.on_climbable() && std::abs(rise - (0.2 - 0.08) * 0.98) < 1e-9) ++climbing_ticks;
            }
            h.tick(20);
            if (high == 1) {
                BOOST_TEST(climbing_ticks >= 3);  // up the ladder at 0.1176 a tick, not a jump's arc
                BOOST_TEST(villager.position().y == G + 1.0);
                BOOST_TEST(horizontal_distance(villager.position(), {7.5, G, 0.5}) < 0.75);
            } else {
                BOOST_TEST(climbing_ticks == 0);
                BOOST_TEST(villager.position().y == G + 0.0);
                BOOST_TEST(villager.on_climbable());  // at the foot of the ladder
            }
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
