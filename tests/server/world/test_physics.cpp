// Movement physics: gravity and landing, vanilla walking speed, step-up, jumping, fences, water,
// fall damage — each against vanilla's numbers.
#include <boost/test/unit_test.hpp>

#include <cmath>

#include "mobserver/world/harness.hpp"
#include "mobserver/world/physics.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

constexpr double feet = WorldHarness::ground_y;

// Drives the physics alone (no AI): holds the forward input at `speed`, as MoveControl does.
void walk(ServerMob& m, float speed, int ticks, float y_rot = -90.0f) {
    for (int i = 0; i < ticks; ++i) {
        m.data().y_rot = y_rot;  // −90: facing +x (east)
        m.speed = speed;
        m.zza = speed;
        m.travel();
    }
}

// A mob spawned exactly on the ground is on_ground after two moves: the first has no motion, the
// second falls by one tick of gravity and lands (as vanilla).
void settle(ServerMob& m) {
    m.travel();
    m.travel();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(physics)

BOOST_AUTO_TEST_CASE(collide_boxes_clips_each_axis) {
    const AABB box{{0, 0, 0}, {1, 1, 1}};
    const std::vector<AABB> wall{AABB{{2, 0, 0}, {3, 1, 1}}};
    BOOST_TEST(collide_boxes(box, {5, 0, 0}, wall).x == 1.0);
    BOOST_TEST(collide_boxes(box, {-5, 0, 0}, wall).x == -5.0);
    BOOST_TEST(collide_boxes(box, {5, 0, 0.5}, wall).z == 0.5);  // z first (smaller), then x stops
    const std::vector<AABB> floor{AABB{{-5, -1, -5}, {5, 0, 5}}};
    BOOST_TEST(collide_boxes(box, {0, -3, 0}, floor).y == 0.0);
}

BOOST_AUTO_TEST_CASE(falls_with_vanilla_gravity_and_lands) {
    WorldHarness h;
    ServerMob& m = h.spawn("zombie", {0.5, feet + 10, 0.5});
    m.travel();
    // First tick: motion 0 moves nothing, then motion.y = (0 − 0.08) × 0.98.
    BOOST_TEST(m.motion().y == -0.0784, boost::test_tools::tolerance(1e-9));
    for (int i = 0; i < 60 && !m.on_ground(); ++i) m.travel();
    BOOST_TEST(m.on_ground());
    BOOST_TEST(m.position().y == feet);
    // Standing still, vanilla keeps one tick of gravity in the motion: (0 − 0.08) × 0.98.
    BOOST_TEST(m.motion().y == -0.0784, boost::test_tools::tolerance(1e-9));
    // A 10-block fall costs ceil(10 − 3) = 7 health.
    BOOST_TEST(m.health() == 13.0f);
    BOOST_TEST(m.data().fall_distance == 0.0f);
}

BOOST_AUTO_TEST_CASE(walks_at_vanilla_ground_speed) {
    WorldHarness h;
    ServerMob& m = h.spawn("zombie", {0.5, feet, 0.5});
    settle(m);
    BOOST_TEST_REQUIRE(m.on_ground());
    walk(m, 0.23f, 60);
    // Steady state: per tick the mob moves (1 + 0.546 / 0.454) × 0.23² × 0.98 blocks.
    const double x0 = m.position().x;
    walk(m, 0.23f, 20);
    const double per_tick = (m.position().x - x0) / 20.0;
    const double accel = 0.23 * 0.98 * 0.23;
    const double expected = accel / (1.0 - 0.6 * 0.91);
    BOOST_TEST(per_tick == expected, boost::test_tools::tolerance(1e-3));
    BOOST_TEST(m.position().z == 0.5, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(m.position().y == feet);
}

BOOST_AUTO_TEST_CASE(steps_up_slabs_but_not_full_blocks) {
    WorldHarness h;
    h.set_block({3, -60, 0}, "stone_slab[type=bottom]");
    h.set_block({3, -60, 2}, "stone");
    ServerMob& a = h.spawn("zombie", {0.5, feet, 0.5});
    ServerMob& b = h.spawn("zombie", {0.5, feet, 2.5});
    settle(a);
    settle(b);
    walk(a, 0.23f, 40);
    walk(b, 0.23f, 40);
    BOOST_TEST(a.position().x > 4.0);  // stepped onto and past the slab
    BOOST_TEST(b.position().x == 3.0 - 0.3, boost::test_tools::tolerance(1e-6));  // stopped at the wall
    BOOST_TEST(b.data().horizontal_collision);
    BOOST_TEST(b.position().y == feet);
}

BOOST_AUTO_TEST_CASE(jumps_to_vanilla_height_but_not_over_fences) {
    WorldHarness h;
    ServerMob& m = h.spawn("zombie", {0.5, feet, 0.5});
    settle(m);
    m.jumping = true;
    m.travel();
    m.jumping = false;
    BOOST_TEST(m.motion().y == (0.42 - 0.08) * 0.98, boost::test_tools::tolerance(1e-9));
    double peak = m.position().y;
    for (int i = 0; i < 30; ++i) {
        m.travel();
        peak = std::max(peak, m.position().y);
    }
    // Vanilla's jump peaks at about 1.2522 blocks.
    BOOST_TEST(peak - feet == 1.2522, boost::test_tools::tolerance(1e-3));
    BOOST_TEST(m.on_ground());

    // A 1.5-high fence cannot be jumped; a block can.
    h.set_block({3, -60, 0}, "oak_fence");
    for (int i = 0; i < 60; ++i) {
        m.jumping = m.on_ground();
        walk(m, 0.23f, 1);
    }
    BOOST_TEST(m.position().x < 3.375 - 0.3 + 1e-6);  // held at the post
    h.set_block({3, -60, 0}, "stone");
    for (int i = 0; i < 60; ++i) {
        m.jumping = m.on_ground();
        walk(m, 0.23f, 1);
    }
    BOOST_TEST(m.position().x > 3.0);
}

BOOST_AUTO_TEST_CASE(sinks_slowly_in_water_and_takes_no_fall_damage) {
    WorldHarness h;
    h.fill({-3, -63, -3}, {3, -61, 3}, "water");  // a pool 3 deep below the surface
    ServerMob& m = h.spawn("zombie", {0.5, feet + 6, 0.5});
    for (int i = 0; i < 200; ++i) m.travel();
    BOOST_TEST(m.in_water());
    BOOST_TEST(m.position().y == -63.0, boost::test_tools::tolerance(1e-6));  // on the pool floor
    BOOST_TEST(m.health() == 20.0f);  // water breaks the fall
}

BOOST_AUTO_TEST_CASE(flying_mobs_ignore_gravity) {
    WorldHarness h;
    ServerMob& allay = h.spawn("allay", {0.5, feet + 5, 0.5});
    for (int i = 0; i < 40; ++i) allay.travel();
    BOOST_TEST(allay.position().y == feet + 5);
    allay.speed = 0.1f;
    allay.yya = 0.1f;
    for (int i = 0; i < 10; ++i) allay.travel();
    BOOST_TEST(allay.position().y > feet + 5);
}

BOOST_AUTO_TEST_SUITE_END()
