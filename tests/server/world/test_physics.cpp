// Movement physics: gravity and landing, vanilla walking speed, step-up, jumping, fences, water,
// fall damage — each against vanilla's numbers.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "mobsdk/world/random.hpp"

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
    BOOST_TEST(a.position().x > 4.0);                                             // stepped onto and past the slab
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
    BOOST_TEST(m.health() == 20.0f);                                          // water breaks the fall
}

namespace {

// Every block box that intersects `area`, found the slow way: one ChunkMap::block_state per block
// of a range wider than collect_block_boxes walks, sorted (the order is not part of the contract).
std::vector<AABB> boxes_the_slow_way(const ChunkMap& chunks, const AABB& area) {
    std::vector<AABB> out;
    const auto lo = [](double v) { return static_cast<int>(std::floor(v)) - 2; };
    const auto hi = [](double v) { return static_cast<int>(std::floor(v)) + 2; };
    for (int x = lo(area.min.x); x <= hi(area.max.x); ++x)
        for (int z = lo(area.min.z); z <= hi(area.max.z); ++z)
            for (int y = lo(area.min.y); y <= hi(area.max.y); ++y) {
                const BlockShape& shape = chunks.blocks().info(chunks.block_state({x, y, z})).collision;
                for (std::uint8_t i = 0; i < shape.count; ++i) {
                    const ShapeBox& s = shape.boxes[i];
                    const AABB b{{x + s.min_x, y + s.min_y, z + s.min_z}, {x + s.max_x, y + s.max_y, z + s.max_z}};
                    if (b.intersects(area)) out.push_back(b);
                }
            }
    return out;
}

auto as_tuple(const AABB& b) { return std::tuple(b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z); }

void sort_boxes(std::vector<AABB>& boxes) {
    std::sort(boxes.begin(), boxes.end(), [](const AABB& a, const AABB& b) { return as_tuple(a) < as_tuple(b); });
}

}  // namespace

// collect_block_boxes walks one section per column when the area spans a single one, the general
// way otherwise: both must find what a block-by-block search finds, at chunk and section borders,
// next to unloaded chunks and with the fences and walls that reach into the block above.
BOOST_AUTO_TEST_CASE(collect_block_boxes_matches_a_block_by_block_search) {
    WorldHarness h;  // chunks -3…3 loaded: blocks -48…63
    mobsdk::RandomSource random(77);
    const char* palette[] = {"stone",
                             "oak_slab[type=bottom]",
                             "oak_slab[type=top]",
                             "oak_fence",
                             "cobblestone_wall",
                             "water",
                             "oak_stairs[facing=east,half=bottom]",
                             "glass"};
    for (int i = 0; i < 3000; ++i) {  // y -60…-37: across the border of sections 0 and 1 at -48
        const BlockPos p{-48 + random.next_int(40), -60 + random.next_int(24), -20 + random.next_int(40)};
        h.set_block(p, palette[random.next_int(8)]);
    }
    std::vector<AABB> got;
    int spanning_sections = 0, in_one_section = 0, partly_unloaded = 0;
    for (int i = 0; i < 2000; ++i) {
        const Vec3 c{-52 + 44 * random.next_double(), -61 + 25 * random.next_double(), -22 + 44 * random.next_double()};
        const Vec3 half{0.1 + 1.5 * random.next_double(), 0.1 + 1.5 * random.next_double(),
                        0.1 + 1.5 * random.next_double()};
        const AABB area{c - half, c + half};
        got.clear();
        collect_block_boxes(h.world().chunks(), area, got);
        std::vector<AABB> expected = boxes_the_slow_way(h.world().chunks(), area);
        sort_boxes(got);
        sort_boxes(expected);
        BOOST_TEST_REQUIRE(got.size() == expected.size());
        for (std::size_t k = 0; k < got.size(); ++k) BOOST_TEST_REQUIRE((as_tuple(got[k]) == as_tuple(expected[k])));
        const int y0 = static_cast<int>(std::floor(area.min.y - 1e-7)) - 1,
                  y1 = static_cast<int>(std::floor(area.max.y + 1e-7));
        ((y0 + 64) >> 4 == (y1 + 64) >> 4 ? in_one_section : spanning_sections) += 1;
        partly_unloaded += area.min.x < -48.0;
    }
    // Both paths and the unloaded edge were exercised.
    BOOST_TEST(in_one_section > 100);
    BOOST_TEST(spanning_sections > 100);
    BOOST_TEST(partly_unloaded > 20);
}

// touches_fluid answers at once for a box whose sections hold no danger sources (water is one),
// however many chunks it spans; water in any of them, or in the section above, is still found.
BOOST_AUTO_TEST_CASE(touches_fluid_at_chunk_and_section_borders) {
    WorldHarness h;
    const ChunkMap& chunks = h.world().chunks();
    const AABB across_chunks{{15.2, -60.0, 15.2}, {16.8, -58.0, 16.8}};  // four chunks, section 0
    BOOST_TEST(!touches_fluid(chunks, across_chunks, Fluid::Water));
    h.set_block({16, -59, 16}, "water");  // in the fourth chunk
    BOOST_TEST(touches_fluid(chunks, across_chunks, Fluid::Water));
    h.set_block({16, -59, 16}, "air");
    h.set_block({17, -59, 17}, "water");  // the same chunk and section, outside the box
    BOOST_TEST(!touches_fluid(chunks, across_chunks, Fluid::Water));
    const AABB across_sections{{4.2, -49.5, 4.2}, {4.8, -47.5, 4.8}};  // sections 0 and 1
    BOOST_TEST(!touches_fluid(chunks, across_sections, Fluid::Water));
    h.set_block({4, -48, 4}, "water");
    BOOST_TEST(touches_fluid(chunks, across_sections, Fluid::Water));
    BOOST_TEST(!touches_fluid(chunks, across_sections, Fluid::Lava));
    h.set_block({4, -49, 4}, "lava");
    BOOST_TEST(touches_fluid(chunks, across_sections, Fluid::Lava));
    const AABB unloaded{{-80.5, -60.0, 0.2}, {-79.5, -58.0, 0.8}};
    BOOST_TEST(!touches_fluid(chunks, unloaded, Fluid::Water));
    const AABB below_the_world{{0.2, -80.0, 0.2}, {0.8, -78.0, 0.8}};
    BOOST_TEST(!touches_fluid(chunks, below_the_world, Fluid::Water));
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

// Vanilla's climbing (LivingEntity.handleOnClimbable and the 0.2 after the move): pushing against
// the wall in a ladder column sets the vertical motion to 0.2 after each move, and gravity and drag
// then leave (0.2 − 0.08) × 0.98 = 0.1176 a tick (vanilla's 2.35 blocks a second) until the mob's
// feet leave the ladder at its top, where it walks onto the wall.
BOOST_AUTO_TEST_CASE(climbs_a_ladder_while_pushing_into_the_wall) {
    WorldHarness h;
    h.fill({3, -60, -1}, {12, -57, 1}, "stone");              // a wall 4 high, its top at -56
    h.fill({2, -60, 0}, {2, -57, 0}, "ladder[facing=west]");  // on its west face: x 2.8125…3
    ServerMob& m = h.spawn("zombie", {2.5, feet, 0.5});
    settle(m);
    BOOST_TEST_REQUIRE(m.on_climbable());
    walk(m, 0.23f, 1);
    BOOST_TEST(m.data().horizontal_collision);
    BOOST_TEST(m.position().x == 2.8125 - 0.3, boost::test_tools::tolerance(1e-7));  // half of 0.6f wide
    BOOST_TEST(m.motion().y == (0.2 - 0.08) * 0.98, boost::test_tools::tolerance(1e-12));
    double y = m.position().y;
    for (int i = 0; i < 20; ++i) {  // up the ladder, one steady step a tick
        walk(m, 0.23f, 1);
        BOOST_TEST(m.position().y - y == (0.2 - 0.08) * 0.98, boost::test_tools::tolerance(1e-9));
        y = m.position().y;
    }
    BOOST_TEST(!m.on_ground());
    BOOST_TEST(m.data().fall_distance == 0.0f);
    walk(m, 0.23f, 40);
    BOOST_TEST(m.on_ground());
    BOOST_TEST(m.position().y == -56.0);  // on top of the wall
    BOOST_TEST(m.position().x > 3.0);
    BOOST_TEST(m.health() == 20.0f);

    // Without the ladder the same push against the wall goes nowhere.
    ServerMob& n = h.spawn("zombie", {2.5, feet, -0.5});
    settle(n);
    BOOST_TEST_REQUIRE(!n.on_climbable());
    walk(n, 0.23f, 60);
    BOOST_TEST(n.position().y == feet);
    BOOST_TEST(n.position().x == 3.0 - 0.3, boost::test_tools::tolerance(1e-7));
}

// Jumping in a ladder cell climbs too (vanilla's `jumping` half of the rule): the jump's 0.42
// moves the mob once, then the ladder holds it to 0.2 before gravity.
BOOST_AUTO_TEST_CASE(jumping_on_a_ladder_climbs_without_a_wall) {
    WorldHarness h;
    h.fill({0, -60, 1}, {0, -55, 1}, "stone");
    h.fill({0, -60, 0}, {0, -55, 0}, "ladder[facing=north]");  // x 0…1, z 0.8125…1
    ServerMob& m = h.spawn("zombie", {0.5, feet, 0.4});
    settle(m);
    m.jumping = true;
    m.travel();
    BOOST_TEST(m.position().y == feet + 0.42, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(m.motion().y == (0.2 - 0.08) * 0.98, boost::test_tools::tolerance(1e-12));
    for (int i = 0; i < 10; ++i) m.travel();  // still jumping: 0.1176 a tick
    BOOST_TEST(m.position().y == feet + 0.42 + 10 * (0.2 - 0.08) * 0.98, boost::test_tools::tolerance(1e-9));
    m.jumping = false;
    for (int i = 0; i < 200 && !m.on_ground(); ++i) m.travel();  // lets go: slides down
    BOOST_TEST(m.on_ground());
    BOOST_TEST(m.position().y == feet);
}

// Down a ladder shaft the fall is held to 0.15 a tick (vanilla's 3 blocks a second) and the fall
// distance is reset every tick on the ladder: a 20-block descent costs no health, where the same
// drop beside it costs a zombie most of its 20.
BOOST_AUTO_TEST_CASE(slides_down_a_ladder_shaft_at_0_15_a_tick_and_takes_no_fall_damage) {
    WorldHarness h;
    h.fill({1, -60, 0}, {1, -40, 2}, "stone");
    h.fill({0, -60, 0}, {0, -41, 0}, "ladder[facing=west]");
    ServerMob& m = h.spawn("zombie", {0.5, feet + 20, 0.5});
    ServerMob& free_fall = h.spawn("zombie", {0.5, feet + 20, 2.5});
    double y = m.position().y, fastest = 0.0;
    int ticks = 0;
    for (; ticks < 400 && !m.on_ground(); ++ticks) {
        m.travel();
        fastest = std::min(fastest, m.position().y - y);
        y = m.position().y;
        BOOST_TEST_REQUIRE(m.data().fall_distance <= 0.15f + 1e-6f);
    }
    BOOST_TEST(fastest == -static_cast<double>(0.15f));
    BOOST_TEST(ticks > 20 / 0.15);
    BOOST_TEST(m.position().y == feet);
    BOOST_TEST(m.health() == 20.0f);
    BOOST_TEST(m.data().fall_distance == 0.0f);
    for (int i = 0; i < 100 && !free_fall.on_ground(); ++i) free_fall.travel();
    BOOST_TEST(free_fall.health() < 5.0f);
}

// What vanilla's onClimbable counts: the #climbable blocks at the feet, and an open trapdoor whose
// block below is a ladder facing the same way; not a closed one, nor one turned the other way or
// over something else.
BOOST_AUTO_TEST_CASE(vines_and_an_open_trapdoor_above_a_ladder_are_climbable) {
    WorldHarness h;
    const ChunkMap& chunks = h.world().chunks();
    const ClimbRules& rules = h.world().climb_rules();
    const auto climbable_at = [&](BlockPos below, const char* below_state, BlockPos at, const char* state) {
        h.set_block(below, below_state);
        h.set_block(at, state);
        return on_climbable(chunks, rules, at);
    };
    const BlockPos at{4, -59, 4}, below{4, -60, 4};
    BOOST_TEST(!climbable_at(below, "air", at, "air"));
    BOOST_TEST(climbable_at(below, "air", at, "ladder"));
    BOOST_TEST(climbable_at(below, "air", at, "vine[east=true]"));
    BOOST_TEST(climbable_at(below, "air", at, "weeping_vines"));
    BOOST_TEST(climbable_at(below, "air", at, "twisting_vines_plant"));
    BOOST_TEST(climbable_at(below, "air", at, "cave_vines"));
    BOOST_TEST(climbable_at(below, "air", at, "scaffolding"));
    BOOST_TEST(!climbable_at(below, "air", at, "oak_fence"));
    BOOST_TEST(climbable_at(below, "ladder[facing=south]", at, "oak_trapdoor[facing=south,open=true]"));
    BOOST_TEST(climbable_at(below, "ladder[facing=east]", at, "iron_trapdoor[facing=east,open=true,half=top]"));
    BOOST_TEST(!climbable_at(below, "ladder[facing=south]", at, "oak_trapdoor[facing=south,open=false]"));
    BOOST_TEST(!climbable_at(below, "ladder[facing=south]", at, "oak_trapdoor[facing=north,open=true]"));
    BOOST_TEST(!climbable_at(below, "vine[south=true]", at, "oak_trapdoor[facing=south,open=true]"));
    BOOST_TEST(!climbable_at(below, "stone", at, "oak_trapdoor[facing=south,open=true]"));
    // A mob's own answer reads the block at its feet (blockPosition).
    h.set_block(at, "vine[east=true]");
    ServerMob& m = h.spawn("zombie", {4.5, -58.999, 4.5});
    BOOST_TEST(m.on_climbable());
    m.data().pos.y = -58.0;
    BOOST_TEST(!m.on_climbable());
}

// Bamboo and pointed dripstone: the table holds the unshifted shape and the world moves it by the
// block's random offset (vanilla's OffsetType.XZ, from Mth.getSeed(x, 0, z)), so a stalk's box
// differs from column to column and a mob walking into it stops at the moved face.
BOOST_AUTO_TEST_CASE(bamboo_collides_where_its_random_offset_puts_it) {
    WorldHarness h;
    // seed(5, 0, 3) = 54572136532237: low nibbles 13 (x) and 9 (z); seed(0, 0, 0) = 0.
    const double dx = (static_cast<double>(13.0f / 15.0f) - 0.5) * 0.5;  // 0.18333…
    const double dz = (static_cast<double>(9.0f / 15.0f) - 0.5) * 0.5;   // 0.05
    struct Case {
        BlockPos pos;
        double dx, dz;
    };
    for (const Case& c : {Case{{5, -60, 3}, dx, dz}, Case{{0, -60, 0}, -0.25, -0.25}, Case{{5, -59, 3}, dx, dz}}) {
        h.set_block(c.pos, "bamboo");
        std::vector<AABB> boxes;
        collect_block_boxes(
            h.world().chunks(),
            AABB{{c.pos.x + 0.0, c.pos.y + 0.0, c.pos.z + 0.0}, {c.pos.x + 1.0, c.pos.y + 1.0, c.pos.z + 1.0}}, boxes);
        BOOST_TEST_REQUIRE(boxes.size() == 1u);
        // Bamboo's collision box is 6.5…9.5 pixels across, the full height.
        BOOST_TEST(boxes[0].min.x == c.pos.x + 0.40625 + c.dx, boost::test_tools::tolerance(1e-12));
        BOOST_TEST(boxes[0].max.x == c.pos.x + 0.59375 + c.dx, boost::test_tools::tolerance(1e-12));
        BOOST_TEST(boxes[0].min.z == c.pos.z + 0.40625 + c.dz, boost::test_tools::tolerance(1e-12));
        BOOST_TEST(boxes[0].max.z == c.pos.z + 0.59375 + c.dz, boost::test_tools::tolerance(1e-12));
        BOOST_TEST(boxes[0].min.y == c.pos.y + 0.0);
        BOOST_TEST(boxes[0].max.y == c.pos.y + 1.0);
    }
    // Pointed dripstone moves at most 0.125: the same column clamps its x.
    h.set_block({5, -58, 3}, "pointed_dripstone");
    std::vector<AABB> boxes;
    collect_block_boxes(h.world().chunks(), AABB{{5.0, -57.9, 3.0}, {6.0, -57.1, 4.0}}, boxes);
    BOOST_TEST_REQUIRE(!boxes.empty());
    for (const AABB& b : boxes) {
        BOOST_TEST((b.min.x + b.max.x) / 2 == 5.5 + 0.125, boost::test_tools::tolerance(1e-12));
        BOOST_TEST((b.min.z + b.max.z) / 2 == 3.5 + dz, boost::test_tools::tolerance(1e-12));
    }

    // A zombie walking east along z = 3.5 stops at the stalk's moved face, not at the table's.
    ServerMob& m = h.spawn("zombie", {1.5, feet, 3.5});
    settle(m);
    walk(m, 0.23f, 60);
    BOOST_TEST(m.data().horizontal_collision);
    BOOST_TEST(m.position().x == 5 + 0.40625 + dx - 0.3, boost::test_tools::tolerance(1e-7));
    // And a line of sight through the stalk is blocked where the moved box is, not where the
    // unshifted one would be: x 5.59 passes the table's box (5.41…5.59) and meets the moved one.
    const double x = 5 + 0.59375 + dx / 2;
    BOOST_TEST(h.world().clip({x, -59.5, 0.5}, {x, -59.5, 6.5}).has_value());
    BOOST_TEST(!h.world().clip({5.45, -59.5, 0.5}, {5.45, -59.5, 6.5}).has_value());
}

// The outline at a position: the state's outline moved by its random offset (a flower at (0, y, 0)
// lies at −0.25 on both axes), a fence's 16 px post, nothing for air; collision queries never see it.
BOOST_AUTO_TEST_CASE(outline_boxes_at_a_position) {
    WorldHarness h;
    const auto outline = [&](BlockPos pos) {
        std::vector<AABB> boxes;
        collect_outline_boxes(h.world().chunks(), pos, boxes);
        return boxes;
    };
    h.set_block({0, -59, 0}, "poppy");
    const auto poppy = outline({0, -59, 0});
    BOOST_TEST_REQUIRE(poppy.size() == 1u);
    BOOST_TEST(poppy[0].min.x == 5.0 / 16 - 0.25);
    BOOST_TEST(poppy[0].max.z == 11.0 / 16 - 0.25);
    BOOST_TEST(poppy[0].min.y == -59.0);
    BOOST_TEST(poppy[0].max.y == -59.0 + 10.0 / 16);
    std::vector<AABB> collision;
    collect_block_boxes(h.world().chunks(), AABB{{0.0, -59.0, 0.0}, {1.0, -58.0, 1.0}}, collision);
    BOOST_TEST(std::none_of(collision.begin(), collision.end(), [](const AABB& b) { return b.min.y >= -59.0; }));
    h.set_block({3, -59, 3}, "oak_fence");
    const auto fence = outline({3, -59, 3});
    BOOST_TEST_REQUIRE(fence.size() == 1u);
    BOOST_TEST(fence[0].max.y == -58.0);  // 16 px, where the collision is 24
    BOOST_TEST(fence[0].min.x == 3.0 + 6.0 / 16);
    BOOST_TEST(outline({3, -50, 3}).empty());  // air
}

BOOST_AUTO_TEST_SUITE_END()
