// The PathFinder and its node evaluators, run directly against a ChunkMap of vanilla blocks over
// the default superflat (mobs stand at y −60).
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string_view>
#include <vector>

#include "mobserver/world/pathfinder.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace mobsdk {
// Printers for failure messages (found by argument-dependent lookup).
inline std::ostream& boost_test_print_type(std::ostream& os, PathType t) { return os << path_type_name(t); }
inline std::ostream& boost_test_print_type(std::ostream& os, const BlockPos& p) {
    return os << '(' << p.x << ", " << p.y << ", " << p.z << ')';
}
inline std::ostream& boost_test_print_type(std::ostream& os, const Path& p) {
    os << "path to ";
    boost_test_print_type(os, p.target);
    os << (p.can_reach ? " reached:" : " partial:");
    for (const BlockPos& b : p.nodes) boost_test_print_type(os << ' ', b);
    return os;
}
}  // namespace mobsdk

namespace {

constexpr std::int32_t G = -60;  // where mobs stand on the superflat

struct Fixture {
    BlockRegistry blocks;
    VanillaBlocks vanilla;
    std::unique_ptr<ChunkMap> map;
    PathFinder finder;

    Fixture() {
        vanilla = register_vanilla_blocks(blocks);
        blocks.freeze();
        map = std::make_unique<ChunkMap>(blocks);
        const FlatGenerator gen = FlatGenerator::vanilla_default(blocks);
        for (std::int32_t cx = -4; cx <= 4; ++cx)
            for (std::int32_t cz = -4; cz <= 4; ++cz) map->get_or_generate({cx, cz}, gen);
    }
    BlockState state(std::string_view text) const {
        auto s = blocks.parse(text);
        BOOST_REQUIRE_MESSAGE(s.has_value(), std::string(text));
        return *s;
    }
    void set(BlockPos p, std::string_view text) { map->set_block(p, state(text)); }
    void fill(BlockPos a, BlockPos b, std::string_view text) {
        const BlockState s = state(text);
        for (std::int32_t x = std::min(a.x, b.x); x <= std::max(a.x, b.x); ++x)
            for (std::int32_t y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y)
                for (std::int32_t z = std::min(a.z, b.z); z <= std::max(a.z, b.z); ++z) map->set_block({x, y, z}, s);
    }
    // A door in a wall, both halves.
    void door(BlockPos lower, std::string_view block, bool open) {
        const std::string o = open ? "true" : "false";
        set(lower, std::string(block) + "[facing=east,half=lower,open=" + o + "]");
        set({lower.x, lower.y + 1, lower.z}, std::string(block) + "[facing=east,half=upper,open=" + o + "]");
    }
    static PathfindingMob walker(Vec3 pos) {
        PathfindingMob m = PathfindingMob::of(EntityTypeInfo{}, pos);
        return m;
    }
    // Range 32 by default: vanilla's zombie has 35, the villager 48. (Small ranges fail early:
    // vanilla overwrites a node's walked distance each time it is looked at, so it grows fast.)
    std::optional<Path> find(const PathfindingMob& mob, BlockPos target, std::int32_t reach = 0, float range = 32.0f,
                             std::int32_t max_nodes = -1) {
        PathSearch s;
        s.max_range = range;
        s.reach = reach;
        s.max_visited_nodes = max_nodes < 0 ? static_cast<std::int32_t>(range * 16.0f) : max_nodes;
        return finder.find_path(*map, mob, target, s);
    }
};

bool contains(const Path& p, BlockPos b) { return std::find(p.nodes.begin(), p.nodes.end(), b) != p.nodes.end(); }

// Consecutive nodes are neighbours: one step sideways or diagonally, and at most one block up.
void check_connected(const Path& p) {
    for (std::size_t i = 1; i < p.nodes.size(); ++i) {
        const BlockPos a = p.nodes[i - 1], b = p.nodes[i];
        BOOST_TEST(std::abs(a.x - b.x) <= 1);
        BOOST_TEST(std::abs(a.z - b.z) <= 1);
        BOOST_TEST(b.y - a.y <= 1);
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pathfinder)

BOOST_FIXTURE_TEST_CASE(straight_path_on_flat_ground, Fixture) {
    auto p = find(walker({0.5, G, 0.5}), {10, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST(p->node_count() == 11u);
    for (std::int32_t i = 0; i <= 10; ++i) BOOST_TEST((p->nodes[static_cast<std::size_t>(i)] == BlockPos{i, G, 0}));
    BOOST_TEST(p->distance_to_target == 0);
    BOOST_TEST(p->target == (BlockPos{10, G, 0}));
    BOOST_TEST(p->next_node_index == 0u);
    // A straight walk needs few nodes: A* with vanilla's 1.5× heuristic barely strays.
    BOOST_TEST(finder.last_stats().visited_nodes <= 20);
    BOOST_TEST(!finder.last_stats().budget_exhausted);
}

BOOST_FIXTURE_TEST_CASE(no_targets_no_path, Fixture) {
    PathSearch s;
    BOOST_TEST(!finder.find_path(*map, walker({0.5, G, 0.5}), std::span<const BlockPos>{}, s).has_value());
}

BOOST_FIXTURE_TEST_CASE(closest_of_several_targets, Fixture) {
    const BlockPos targets[] = {{12, G, 0}, {-5, G, 0}, {0, G, 9}};
    PathSearch s;
    s.reach = 0;
    auto p = finder.find_path(*map, walker({0.5, G, 0.5}), targets, s);
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST(p->target == (BlockPos{-5, G, 0}));
    BOOST_TEST(p->nodes.back() == (BlockPos{-5, G, 0}));
}

BOOST_FIXTURE_TEST_CASE(path_around_a_wall, Fixture) {
    fill({5, G, -4}, {5, G + 2, 4}, "stone");  // three high: no jumping over
    auto p = find(walker({0.5, G, 0.5}), {10, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST(p->nodes.back() == (BlockPos{10, G, 0}));
    for (const BlockPos& b : p->nodes) {
        BOOST_TEST(b.y == G);
        BOOST_TEST(!(b.x == 5 && std::abs(b.z) <= 4));
    }
    BOOST_TEST(p->node_count() > 11u);
    check_connected(*p);
}

BOOST_FIXTURE_TEST_CASE(doors, Fixture) {
    // A closed room with one door in its east wall; the target is outside.
    for (std::int32_t x = -3; x <= 3; ++x)
        for (std::int32_t z = -3; z <= 3; ++z)
            if (std::max(std::abs(x), std::abs(z)) == 3) fill({x, G, z}, {x, G + 2, z}, "stone");
    const BlockPos door_pos{3, G, 0};
    const BlockPos target{8, G, 0};
    PathfindingMob plain = walker({0.5, G, 0.5});
    PathfindingMob opener = plain;
    opener.flags.can_open_doors = true;

    door(door_pos, "oak_door", true);
    BOOST_TEST(block_path_type_static(*map, door_pos) == PathType::DoorOpen);
    auto p = find(plain, target);
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST(contains(*p, door_pos));

    door(door_pos, "oak_door", false);
    BOOST_TEST(block_path_type_static(*map, door_pos) == PathType::DoorWoodClosed);
    BOOST_TEST(PathFinder::mob_path_type(*map, plain, door_pos) == PathType::DoorWoodClosed);
    BOOST_TEST(PathFinder::mob_path_type(*map, opener, door_pos) == PathType::WalkableDoor);
    p = find(plain, target);
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
    BOOST_TEST(!contains(*p, door_pos));
    p = find(opener, target);
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST(contains(*p, door_pos));

    // Nobody opens an iron door by pathing.
    door(door_pos, "iron_door", false);
    BOOST_TEST(PathFinder::mob_path_type(*map, opener, door_pos) == PathType::DoorIronClosed);
    p = find(opener, target);
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);

    // Open doors are closed to a navigation that may not pass doors.
    door(door_pos, "oak_door", true);
    PathfindingMob no_doors = plain;
    no_doors.flags.can_pass_doors = false;
    BOOST_TEST(PathFinder::mob_path_type(*map, no_doors, door_pos) == PathType::Blocked);
    p = find(no_doors, target);
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
}

BOOST_FIXTURE_TEST_CASE(fences_are_walked_around_never_over, Fixture) {
    fill({5, G, -2}, {5, G, 2}, "oak_fence");
    BOOST_TEST(block_path_type_static(*map, {5, G, 0}) == PathType::Fence);
    BOOST_TEST(floor_level(*map, {5, G + 1, 0}) == G + 1.5);  // 1.5 high: no step or jump reaches it
    auto p = find(walker({0.5, G, 0.5}), {10, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST_REQUIRE(!p->nodes.empty());
    for (const BlockPos& b : p->nodes) {
        BOOST_TEST(b.y == G);
        BOOST_TEST(!(b.x == 5 && std::abs(b.z) <= 2));
    }

    // Fenced in: the target cannot be reached.
    for (std::int32_t x = -3; x <= 3; ++x)
        for (std::int32_t z = -3; z <= 3; ++z)
            if (std::max(std::abs(x), std::abs(z)) == 3) set({x, G, z}, "oak_fence");
    p = find(walker({0.5, G, 0.5}), {10, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
    BOOST_TEST_REQUIRE(!p->nodes.empty());
    for (const BlockPos& b : p->nodes) BOOST_TEST(std::max(std::abs(b.x), std::abs(b.z)) < 3);
}

BOOST_FIXTURE_TEST_CASE(step_up_one_block_by_jumping, Fixture) {
    fill({3, G, -20}, {12, G, 20}, "stone");  // a one-block step across the way
    auto p = find(walker({0.5, G, 0.5}), {8, G + 1, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST(contains(*p, {2, G, 0}));
    BOOST_TEST(contains(*p, {3, G + 1, 0}));
    check_connected(*p);

    // Two blocks is too high.
    fill({3, G + 1, -20}, {12, G + 1, 20}, "stone");
    p = find(walker({0.5, G, 0.5}), {8, G + 2, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
    BOOST_TEST_REQUIRE(!p->nodes.empty());
    for (const BlockPos& b : p->nodes) BOOST_TEST(b.y == G);
}

BOOST_FIXTURE_TEST_CASE(no_jump_without_headroom, Fixture) {
    // The step is there but a ceiling two blocks above the mob's block leaves no room to jump.
    fill({3, G, -20}, {12, G, 20}, "stone");
    fill({-2, G + 2, -20}, {2, G + 2, 20}, "stone");
    auto p = find(walker({0.5, G, 0.5}), {8, G + 1, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
}

BOOST_FIXTURE_TEST_CASE(drops_of_three_allowed_four_refused, Fixture) {
    fill({-2, G, -2}, {2, G + 2, 2}, "stone");  // a pillar three blocks high
    auto p = find(walker({0.5, G + 3, 0.5}), {8, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST(p->nodes.front() == (BlockPos{0, G + 3, 0}));
    BOOST_TEST(p->nodes.back() == (BlockPos{8, G, 0}));
    check_connected(*p);

    fill({-2, G + 3, -2}, {2, G + 3, 2}, "stone");  // four high: every way down is too far
    p = find(walker({0.5, G + 4, 0.5}), {8, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
    BOOST_TEST_REQUIRE(!p->nodes.empty());
    for (const BlockPos& b : p->nodes) BOOST_TEST(b.y == G + 4);

    // A mob that may fall further (vanilla raises max fall distance for some) gets down.
    PathfindingMob brave = walker({0.5, G + 4, 0.5});
    brave.max_fall_distance = 4;
    p = find(brave, {8, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
}

BOOST_FIXTURE_TEST_CASE(floor_heights_of_slabs_carpets_farmland, Fixture) {
    set({0, G, 5}, "stone_slab[type=bottom]");
    set({1, G, 5}, "white_carpet");
    set({2, G - 1, 5}, "farmland");
    BOOST_TEST(floor_level(*map, {0, G + 1, 5}) == G + 0.5);
    BOOST_TEST(floor_level(*map, {1, G + 1, 5}) == G + 0.0625);
    BOOST_TEST(floor_level(*map, {1, G, 5}) == G);
    BOOST_TEST(floor_level(*map, {2, G, 5}) == G - 1 + 0.9375);
    BOOST_TEST(floor_level(*map, {3, G, 5}) == G);
    BOOST_TEST(floor_level(*map, {3, G + 1, 5}) == G);  // over air: the air block's bottom

    // A slab is stood on from the block above it; a carpet is walked through.
    BOOST_TEST(block_path_type_static(*map, {0, G, 5}) == PathType::Blocked);
    BOOST_TEST(block_path_type_static(*map, {0, G + 1, 5}) == PathType::Walkable);
    BOOST_TEST(block_path_type_static(*map, {1, G, 5}) == PathType::Walkable);

    fill({3, G, -20}, {3, G, 20}, "stone_slab[type=bottom]");
    auto p = find(walker({0.5, G, 0.5}), {6, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    bool on_slab = false;
    for (const BlockPos& b : p->nodes) on_slab = on_slab || (b.x == 3 && b.y == G + 1);
    BOOST_TEST(on_slab);

    fill({3, G, -20}, {3, G, 20}, "white_carpet");
    p = find(walker({0.5, G, 0.5}), {6, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST_REQUIRE(!p->nodes.empty());
    for (const BlockPos& b : p->nodes) BOOST_TEST(b.y == G);
}

// The blocks of the whole 1.20.4 table classify as vanilla's node evaluator does.
BOOST_FIXTURE_TEST_CASE(path_types_of_the_whole_block_table, Fixture) {
    const auto type_of = [&](std::string_view text) {
        set({0, G, 30}, text);
        return block_path_type_static(*map, {0, G, 30});
    };
    BOOST_TEST(type_of("sweet_berry_bush") == PathType::DamageOther);
    BOOST_TEST(type_of("powder_snow") == PathType::PowderSnow);
    BOOST_TEST(type_of("honey_block") == PathType::StickyHoney);
    BOOST_TEST(type_of("magma_block") == PathType::DamageFire);
    BOOST_TEST(type_of("campfire[lit=true]") == PathType::DamageFire);
    BOOST_TEST(type_of("campfire[lit=false]") == PathType::Blocked);  // not pathfindable
    BOOST_TEST(type_of("lava_cauldron") == PathType::DamageFire);
    BOOST_TEST(type_of("wither_rose") == PathType::DamageCautious);
    BOOST_TEST(type_of("spruce_door") == PathType::DoorWoodClosed);
    BOOST_TEST(type_of("copper_door") == PathType::DoorWoodClosed);  // opens by hand
    BOOST_TEST(type_of("bamboo_trapdoor") == PathType::Trapdoor);
    BOOST_TEST(type_of("lily_pad") == PathType::Trapdoor);
    BOOST_TEST(type_of("powered_rail") == PathType::Rail);
    BOOST_TEST(type_of("cherry_leaves") == PathType::Leaves);
    BOOST_TEST(type_of("blackstone_wall") == PathType::Fence);
    BOOST_TEST(type_of("warped_fence_gate") == PathType::Fence);
    BOOST_TEST(type_of("warped_fence_gate[open=true]") == PathType::Walkable);
    BOOST_TEST(type_of("chest") == PathType::Blocked);
    BOOST_TEST(type_of("anvil") == PathType::Blocked);
    BOOST_TEST(type_of("glass_pane") == PathType::Blocked);
    BOOST_TEST(type_of("mud") == PathType::Blocked);
    BOOST_TEST(type_of("deepslate") == PathType::Blocked);
    BOOST_TEST(type_of("snow[layers=4]") == PathType::Walkable);
    BOOST_TEST(type_of("snow[layers=5]") == PathType::Blocked);
    BOOST_TEST(type_of("ladder") == PathType::Walkable);
    BOOST_TEST(type_of("poppy") == PathType::Walkable);
    // Standing on top of a chest, next to a berry bush or a magma block.
    set({0, G, 30}, "chest");
    BOOST_TEST(block_path_type_static(*map, {0, G + 1, 30}) == PathType::Walkable);
    set({0, G, 30}, "sweet_berry_bush");
    BOOST_TEST(block_path_type_static(*map, {1, G, 30}) == PathType::DangerOther);
    set({0, G, 30}, "magma_block");
    BOOST_TEST(block_path_type_static(*map, {0, G + 1, 30}) == PathType::DamageFire);
    BOOST_TEST(block_path_type_static(*map, {1, G, 30}) == PathType::DangerFire);
}

// A walker (vanilla's default maluses, as a villager's) goes around berry bushes, powder snow,
// cactus and a lava pool when a way around exists.
BOOST_FIXTURE_TEST_CASE(hazards_of_the_whole_block_table_are_walked_around, Fixture) {
    struct Hazard {
        std::string_view block;
        std::int32_t y0, y1;  // the band's height
    };
    for (const Hazard& h : {Hazard{"sweet_berry_bush", G, G}, Hazard{"powder_snow", G, G + 1}, Hazard{"cactus", G, G},
                            Hazard{"lava", G - 1, G - 1}}) {
        BOOST_TEST_CONTEXT(h.block) {
            fill({4, h.y0, -3}, {6, h.y1, 3}, h.block);
            auto p = find(walker({0.5, G, 0.5}), {10, G, 0});
            BOOST_REQUIRE(p);
            BOOST_TEST(p->can_reach);
            BOOST_TEST_REQUIRE(!p->nodes.empty());
            for (const BlockPos& b : p->nodes) {
                BOOST_TEST(b.y == G);
                BOOST_TEST(!(b.x >= 4 && b.x <= 6 && std::abs(b.z) <= 3));
            }
            check_connected(*p);
            fill({4, h.y0, -3}, {6, h.y1, 3}, h.y0 < G ? "grass_block" : "air");
        }
    }
}

BOOST_FIXTURE_TEST_CASE(water_is_avoided_when_a_dry_way_exists, Fixture) {
    fill({3, G - 1, -1}, {7, G - 1, 1}, "water");  // a pool in the way
    BOOST_TEST(block_path_type_static(*map, {1, G, 0}) == PathType::Walkable);
    BOOST_TEST(block_path_type_static(*map, {2, G, 0}) == PathType::WaterBorder);
    BOOST_TEST(block_path_type_static(*map, {5, G, 0}) == PathType::Open);
    const PathfindingMob mob = walker({0.5, G, 0.5});
    BOOST_TEST(PathFinder::mob_path_type(*map, mob, {5, G - 1, 0}) == PathType::Water);
    auto p = find(mob, {10, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST_REQUIRE(!p->nodes.empty());
    for (const BlockPos& b : p->nodes) {
        BOOST_TEST(b.y == G);
        BOOST_TEST(!(b.x >= 3 && b.x <= 7 && std::abs(b.z) <= 1));
    }
}

BOOST_FIXTURE_TEST_CASE(water_is_crossed_when_it_must_be, Fixture) {
    // An island in a moat three wide.
    for (std::int32_t x = -6; x <= 6; ++x)
        for (std::int32_t z = -6; z <= 6; ++z) {
            const std::int32_t r = std::max(std::abs(x), std::abs(z));
            if (r >= 3 && r <= 5) set({x, G - 1, z}, "water");
        }
    PathfindingMob mob = walker({0.5, G, 0.5});
    auto p = find(mob, {9, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    bool wet = false;
    for (const BlockPos& b : p->nodes) wet = wet || b.y == G - 1;
    BOOST_TEST(wet);

    mob.malus[static_cast<std::size_t>(PathType::Water)] = -1.0f;  // a mob that never swims
    p = find(mob, {9, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
}

BOOST_FIXTURE_TEST_CASE(danger_next_to_fire_and_cactus, Fixture) {
    set({0, G, 10}, "fire");
    set({10, G, 10}, "cactus");
    set({20, G - 1, 10}, "lava");
    BOOST_TEST(block_path_type_static(*map, {0, G, 10}) == PathType::DamageFire);
    BOOST_TEST(block_path_type_static(*map, {1, G, 10}) == PathType::DangerFire);
    BOOST_TEST(block_path_type_static(*map, {1, G, 11}) == PathType::DangerFire);      // diagonally
    BOOST_TEST(block_path_type_static(*map, {2, G, 10}) == PathType::Walkable);        // two away is safe
    BOOST_TEST(block_path_type_static(*map, {0, G + 1, 10}) == PathType::DamageFire);  // air over fire
    BOOST_TEST(block_path_type_static(*map, {11, G, 9}) == PathType::DangerOther);
    BOOST_TEST(block_path_type_static(*map, {10, G + 1, 10}) == PathType::DamageOther);  // on the cactus
    BOOST_TEST(block_path_type_static(*map, {20, G, 10}) == PathType::Open);             // over lava
    BOOST_TEST(block_path_type_static(*map, {21, G, 10}) == PathType::DangerFire);
    BOOST_TEST(block_path_type_static(*map, {3, G, 10}) == PathType::Walkable);
}

// The search skips the danger scan wherever the sections around a position hold no danger
// source; the counts behind that follow set_block, so fire placed beside a path is seen by the
// next search and forgotten once it is gone. Inside a section, across a chunk border and across a
// section border (walking on a platform at the top of one section, fire in the section below).
BOOST_FIXTURE_TEST_CASE(danger_seen_after_placing_and_removing_fire, Fixture) {
    constexpr std::int32_t top = -48;  // first row of section 1: the platform below is section 0's last
    fill({-2, top - 1, -3}, {12, top - 1, 3}, "stone");
    struct Case {
        Vec3 from;
        BlockPos to, fire;
        std::string_view after;  // what replaces the fire
    };
    const Case cases[] = {
        {{0.5, G, 0.5}, {10, G, 0}, {5, G, 1}, "air"},
        {{10.5, G, 0.5}, {22, G, 0}, {16, G, 1}, "air"},  // x 16 starts chunk 1
        {{0.5, top, 0.5}, {10, top, 0}, {5, top - 1, 1}, "stone"},
    };
    for (const Case& c : cases) {
        const auto before = find(walker(c.from), c.to);
        BOOST_REQUIRE(before);
        BOOST_TEST(before->can_reach);
        BOOST_TEST_REQUIRE(!before->nodes.empty());
        for (const BlockPos& b : before->nodes) BOOST_TEST(b.z == 0);  // straight along z = 0

        set(c.fire, "fire");
        const BlockPos beside{c.fire.x, c.to.y, 0};
        BOOST_TEST(PathFinder::mob_path_type(*map, walker(c.from), beside) == PathType::DangerFire);
        const auto around = find(walker(c.from), c.to);
        BOOST_REQUIRE(around);
        BOOST_TEST(around->can_reach);
        BOOST_TEST_REQUIRE(!around->nodes.empty());
        for (const BlockPos& b : around->nodes)  // DANGER_FIRE costs 8 a node: the way round is cheaper
            BOOST_TEST(!(std::abs(b.x - c.fire.x) <= 1 && std::abs(b.z - c.fire.z) <= 1));
        check_connected(*around);

        set(c.fire, c.after);
        const auto again = find(walker(c.from), c.to);
        BOOST_REQUIRE(again);
        BOOST_TEST(again->nodes == before->nodes);
    }
}

// A section written without the registry does not know its danger count; the search then reads
// the blocks, so the fire is still seen.
BOOST_FIXTURE_TEST_CASE(danger_in_a_section_written_directly, Fixture) {
    LevelChunk* chunk = map->chunk(ChunkPos{0, 0});
    BOOST_REQUIRE(chunk);
    chunk->section(0).set(5, G - min_y, 1, state("fire"));  // (5, G, 1)
    BOOST_TEST(chunk->section(0).danger_count() == -1);
    const auto p = find(walker({0.5, G, 0.5}), {10, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST_REQUIRE(!p->nodes.empty());
    for (const BlockPos& b : p->nodes) BOOST_TEST(!(std::abs(b.x - 5) <= 1 && std::abs(b.z - 1) <= 1));
    chunk->recount();
    BOOST_TEST(chunk->section(0).danger_count() == 1);
    const auto q = find(walker({0.5, G, 0.5}), {10, G, 0});
    BOOST_REQUIRE(q);
    BOOST_TEST(q->nodes == p->nodes);
}

BOOST_FIXTURE_TEST_CASE(unreachable_target_gives_closest_partial_path, Fixture) {
    // The target stands in a stone ring three high.
    const BlockPos target{10, G, 0};
    for (std::int32_t x = 9; x <= 11; ++x)
        for (std::int32_t z = -1; z <= 1; ++z)
            if (!(x == 10 && z == 0)) fill({x, G, z}, {x, G + 2, z}, "stone");
    auto p = find(walker({0.5, G, 0.5}), target);
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
    BOOST_TEST(p->target == target);
    const BlockPos end = p->nodes.back();
    BOOST_TEST(end.dist_sqr(target) == 4.0);  // a node two blocks off is as close as one can get
    BOOST_TEST(p->distance_to_target == 2);
    BOOST_TEST(p->nodes.front() == (BlockPos{0, G, 0}));
    check_connected(*p);
}

BOOST_FIXTURE_TEST_CASE(reach_distance_is_honoured, Fixture) {
    auto p = find(walker({0.5, G, 0.5}), {10, G, 0}, 3);
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST(p->nodes.back() == (BlockPos{7, G, 0}));
    BOOST_TEST(p->distance_to_target == 3);

    // Reach counts Manhattan blocks: a target three up a cliff is reached from its foot.
    fill({9, G, -20}, {12, G + 2, 20}, "stone");
    p = find(walker({0.5, G, 0.5}), {10, G + 3, 0}, 5);
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST(p->nodes.back().dist_manhattan({10, G + 3, 0}) <= 5);
    BOOST_TEST(p->nodes.back().y == G);
    p = find(walker({0.5, G, 0.5}), {10, G + 3, 0}, 4);
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
}

BOOST_FIXTURE_TEST_CASE(max_range_and_max_visited_nodes, Fixture) {
    // Out of range: the search stops expanding 16 blocks out and returns the closest node.
    auto p = find(walker({0.5, G, 0.5}), {40, G, 0}, 0, 16.0f, 10000);
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
    BOOST_TEST_REQUIRE(!p->nodes.empty());
    for (const BlockPos& b : p->nodes) BOOST_TEST(b.x <= 17);

    // A hopeless search (the target is buried in the dirt under the mob) spends exactly its
    // budget: vanilla stops when its counter reaches the budget, so budget − 1 nodes are expanded.
    const BlockPos buried{0, G - 3, 0};
    p = find(walker({0.5, G, 0.5}), buried, 0, 48.0f, 768);
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
    BOOST_TEST(finder.last_stats().visited_nodes == 767);
    BOOST_TEST(finder.last_stats().budget_exhausted);
    BOOST_TEST(finder.last_stats().created_nodes > 767);

    p = find(walker({0.5, G, 0.5}), buried, 0, 48.0f, 100);
    BOOST_TEST(finder.last_stats().visited_nodes == 99);
    // The multiplier scales the budget.
    PathSearch s;
    s.max_range = 48.0f;
    s.reach = 0;
    s.max_visited_nodes = 100;
    s.depth_multiplier = 2.0f;
    finder.find_path(*map, walker({0.5, G, 0.5}), buried, s);
    BOOST_TEST(finder.last_stats().visited_nodes == 199);
}

BOOST_FIXTURE_TEST_CASE(searches_reuse_memory_and_repeat_exactly, Fixture) {
    fill({5, G, -4}, {5, G + 2, 4}, "stone");
    const auto a = find(walker({0.5, G, 0.5}), {10, G, 3});
    const auto stats = finder.last_stats();
    for (int i = 0; i < 5; ++i) find(walker({-7.5, G, 2.5}), {12, G, -9});
    const auto b = find(walker({0.5, G, 0.5}), {10, G, 3});
    BOOST_REQUIRE(a);
    BOOST_REQUIRE(b);
    BOOST_TEST(*a == *b);
    BOOST_TEST(finder.last_stats().visited_nodes == stats.visited_nodes);
}

BOOST_FIXTURE_TEST_CASE(wide_mobs_need_room, Fixture) {
    // A one-wide gap in a wall: a 0.6 mob fits, a 1.4 wide one (an iron golem) does not.
    fill({5, G, -10}, {5, G + 2, 10}, "stone");
    set({5, G, 0}, "air");
    set({5, G + 1, 0}, "air");
    set({5, G + 2, 0}, "air");
    auto p = find(walker({0.5, G, 0.5}), {10, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    PathfindingMob golem = walker({0.5, G, 0.5});
    golem.width = 1.4f;
    golem.height = 2.7f;
    golem.step_height = 1.0f;
    p = find(golem, {10, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);

    // A one-high tunnel stops a 1.8-high mob.
    set({5, G + 1, 0}, "stone");
    p = find(walker({0.5, G, 0.5}), {10, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
}

BOOST_FIXTURE_TEST_CASE(flying_path_over_a_wall, Fixture) {
    fill({5, G, -30}, {5, G + 2, 30}, "stone");  // too long to walk around within range
    PathfindingMob allay = walker({0.5, G, 0.5});
    allay.kind = NavigationKind::Flying;
    allay.width = 0.35f;
    allay.height = 0.6f;
    allay.flags.can_float = true;
    auto p = find(allay, {10, G, 0}, 0, 48.0f);  // the allay's follow range
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST(p->nodes.back() == (BlockPos{10, G, 0}));
    bool over = false;
    for (const BlockPos& b : p->nodes) {
        if (b.x == 5) {
            BOOST_TEST(b.y >= G + 3);
            over = true;
        }
        // Consecutive flying nodes are any of the 26 neighbours.
    }
    BOOST_TEST(over);
    for (std::size_t i = 1; i < p->nodes.size(); ++i) {
        const BlockPos a = p->nodes[i - 1], b = p->nodes[i];
        BOOST_TEST(std::max({std::abs(a.x - b.x), std::abs(a.y - b.y), std::abs(a.z - b.z)}) == 1);
    }
    BOOST_TEST(fly_path_type_static(*map, {5, G + 1, 0}, {0, G, 0}) == PathType::Blocked);
    BOOST_TEST(fly_path_type_static(*map, {0, G + 5, 0}, {0, G, 0}) == PathType::Open);

    // The walker cannot.
    p = find(walker({0.5, G, 0.5}), {10, G, 0});
    BOOST_REQUIRE(p);
    BOOST_TEST(!p->can_reach);
}

BOOST_FIXTURE_TEST_CASE(flying_path_stays_out_of_solid_blocks, Fixture) {
    fill({3, G, -3}, {7, G + 6, 3}, "stone");  // a block of stone between start and target
    PathfindingMob allay = walker({0.5, G + 3, 0.5});
    allay.kind = NavigationKind::Flying;
    allay.width = 0.35f;
    allay.height = 0.6f;
    auto p = find(allay, {10, G + 3, 0}, 0, 48.0f);
    BOOST_REQUIRE(p);
    BOOST_TEST(p->can_reach);
    BOOST_TEST_REQUIRE(!p->nodes.empty());
    for (const BlockPos& b : p->nodes) BOOST_TEST(!(b.x >= 3 && b.x <= 7 && b.z >= -3 && b.z <= 3 && b.y <= G + 6));
}

// ---------------------------------------------------------------------------------------------
// Golden searches: seeded terrains of mixed blocks (pillars, slabs, fences, walls, water, lava,
// fire, cactus, doors, trapdoors, carpets, farmland, pits) and a walker, a door-opening walker, a
// wide mob, a swimmer and a flyer. The figures were recorded from the straightforward search
// before any speed work: an optimisation that changes a path, the order of a search or the number
// of nodes it makes shows up here.

namespace {

// A small deterministic generator, independent of RandomSource so that the terrain never changes.
struct GoldenLcg {
    std::uint64_t s;
    std::uint32_t next(std::uint32_t bound) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>((s >> 33) % bound);
    }
};

void build_golden_terrain(Fixture& f, std::uint64_t seed) {
    static constexpr std::string_view kinds[] = {"stone",
                                                 "oak_slab[type=bottom]",
                                                 "oak_slab[type=top]",
                                                 "oak_fence",
                                                 "cobblestone_wall",
                                                 "water",
                                                 "lava",
                                                 "fire",
                                                 "cactus",
                                                 "oak_door",
                                                 "oak_door",
                                                 "iron_door",
                                                 "farmland",
                                                 "white_carpet",
                                                 "oak_trapdoor[half=bottom,open=false]",
                                                 "oak_stairs[facing=north]",
                                                 "glass",
                                                 "oak_leaves",
                                                 "wheat",
                                                 "torch",
                                                 "dirt_path",
                                                 "oak_trapdoor[half=top,open=true]"};
    constexpr std::uint32_t kind_count = std::size(kinds);
    GoldenLcg rng{seed};
    const std::uint32_t density = 5 + rng.next(30);  // percent of the ground
    for (std::int32_t x = -40; x <= 40; ++x)
        for (std::int32_t z = -40; z <= 40; ++z) {
            if (std::abs(x) <= 1 && std::abs(z) <= 1) continue;
            if (rng.next(100) >= density) continue;
            const std::uint32_t k = rng.next(100) < 50 ? 0 : rng.next(kind_count);
            const std::int32_t height = 1 + static_cast<std::int32_t>(rng.next(4));
            if (rng.next(10) == 0) {
                // A pit, sometimes with something at its bottom.
                const std::int32_t depth = 1 + static_cast<std::int32_t>(rng.next(4));
                for (std::int32_t y = G - depth; y < G; ++y) f.set({x, y, z}, "air");
                if (rng.next(3) == 0) f.set({x, G - depth - 1, z}, kinds[rng.next(kind_count)]);
                continue;
            }
            if (k == 9 || k == 10 || k == 11) {
                f.door({x, G, z}, k == 11 ? "iron_door" : "oak_door", k == 9);
                continue;
            }
            for (std::int32_t y = G; y < G + height; ++y) f.set({x, y, z}, kinds[k]);
        }
}

std::uint64_t path_hash(const std::optional<Path>& p) {
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a over the nodes, the target and the outcome
    const auto mix = [&h](std::int64_t v) {
        for (int i = 0; i < 8; ++i) {
            h ^= static_cast<std::uint64_t>(v >> (8 * i)) & 0xFF;
            h *= 1099511628211ull;
        }
    };
    if (!p) return 0;
    for (const BlockPos& b : p->nodes) {
        mix(b.x);
        mix(b.y);
        mix(b.z);
    }
    mix(p->can_reach);
    mix(p->target.x);
    mix(p->distance_to_target);
    return h;
}

struct Golden {
    std::int32_t visited, created;
    bool exhausted;
    std::size_t nodes;
    std::uint64_t hash;
};

// Runs the golden searches on the terrain of `seed` and checks them against `expected`.
void check_golden(Fixture& f, std::uint64_t seed, std::span<const Golden> expected) {
    build_golden_terrain(f, seed);
    GoldenLcg rng{seed};
    std::size_t i = 0;
    for (std::int32_t q = 0; q < 12; ++q) {
        PathfindingMob mob = Fixture::walker({0.5, G, 0.5});
        switch (q % 6) {
            case 1: mob.flags.can_open_doors = true; break;
            case 2:
                mob.width = 1.4f;
                mob.height = 1.4f;
                break;
            case 3:
                mob.flags.can_float = true;
                mob.malus[static_cast<std::size_t>(PathType::Water)] = 0.0f;
                break;
            case 4:
                mob.kind = NavigationKind::Flying;
                mob.width = 0.35f;
                mob.height = 0.6f;
                mob.malus[static_cast<std::size_t>(PathType::DangerFire)] = -1.0f;
                mob.on_ground = false;
                mob.position.y = G + 1.2;
                break;
            case 5:
                mob.step_height = 1.0f;
                mob.malus[static_cast<std::size_t>(PathType::Water)] = -1.0f;
                mob.width = 0.9f;
                mob.height = 0.9f;
                break;
            default: break;
        }
        std::vector<BlockPos> targets{{static_cast<std::int32_t>(rng.next(70)) - 35,
                                       G + static_cast<std::int32_t>(rng.next(3)) - 1,
                                       static_cast<std::int32_t>(rng.next(70)) - 35}};
        if (q % 4 == 3)
            targets.push_back(
                {static_cast<std::int32_t>(rng.next(70)) - 35, G, static_cast<std::int32_t>(rng.next(70)) - 35});
        PathSearch s;
        s.max_range = 16.0f + static_cast<float>(rng.next(40));
        s.max_visited_nodes = static_cast<std::int32_t>(s.max_range * 16.0f);
        s.reach = static_cast<std::int32_t>(rng.next(3));
        const auto p = f.finder.find_path(*f.map, mob, targets, s);
        const PathSearchStats& st = f.finder.last_stats();
        BOOST_TEST_CONTEXT("seed " << seed << " search " << q) {
            BOOST_REQUIRE(i < expected.size());
            const Golden& e = expected[i++];
            BOOST_TEST(st.visited_nodes == e.visited);
            BOOST_TEST(st.created_nodes == e.created);
            BOOST_TEST(st.budget_exhausted == e.exhausted);
            BOOST_TEST((p ? p->node_count() : 0) == e.nodes);
            BOOST_TEST(path_hash(p) == e.hash);
        }
    }
}

}  // namespace

BOOST_FIXTURE_TEST_CASE(golden_searches_seed_1, Fixture) {
    static constexpr Golden expected[] = {
        {703, 1278, true, 14, 0xd77e663dde2ef120ull},  {31, 113, false, 30, 0x22b3086ab5f45225ull},
        {238, 468, false, 14, 0xe2085f3f053abec0ull},  {258, 483, false, 14, 0xe63218c719ebea6dull},
        {527, 1309, true, 26, 0xf328dc903915a399ull},  {35, 122, false, 27, 0x5638c31004950f92ull},
        {16, 53, false, 12, 0x350534b32641b61dull},    {487, 882, false, 33, 0x6b91a1c72e69ad7cull},
        {710, 1306, false, 31, 0xae54b0d79260de64ull}, {133, 278, false, 15, 0xdcfe08c3917b3015ull},
        {23, 233, false, 19, 0x21bfbd53380b66d5ull},   {14, 59, false, 13, 0x2c793e97df39f2f4ull},
    };
    check_golden(*this, 7919, expected);
}

BOOST_FIXTURE_TEST_CASE(golden_searches_seed_2, Fixture) {
    static constexpr Golden expected[] = {
        {47, 125, false, 29, 0x21c73f3e439f0b40ull},  {463, 774, true, 23, 0x7c94917e04124001ull},
        {16, 21, false, 2, 0xce98dd5d2531356eull},    {38, 120, false, 32, 0xc97ac0d3b33510f9ull},
        {751, 1690, true, 32, 0x795cb6e014209cdeull}, {655, 1105, true, 34, 0x2ad6376eaec71f66ull},
        {38, 119, false, 29, 0x0e146d7bac11d436ull},  {21, 73, false, 21, 0xd8c20aaa46bc2da9ull},
        {16, 21, false, 3, 0x454a1fee25f40ad9ull},    {54, 122, false, 27, 0xc7518f1f14eb3df6ull},
        {319, 845, true, 16, 0x88b8efdad4797156ull},  {66, 142, false, 21, 0x293c3130e6160d93ull},
    };
    check_golden(*this, 2 * 7919, expected);
}

BOOST_FIXTURE_TEST_CASE(golden_searches_seed_3, Fixture) {
    static constexpr Golden expected[] = {
        {413, 772, false, 19, 0xbe2d517f89e80f39ull}, {623, 1067, true, 23, 0x6914e31b0dbdab9full},
        {333, 734, false, 24, 0x98a167f6cb8be50dull}, {38, 129, false, 21, 0xd9e3aa0e6e3a2bb5ull},
        {335, 928, true, 15, 0x537e1f225f6f3228ull},  {783, 1279, true, 33, 0x0dc90ba6c0dbc981ull},
        {254, 469, false, 15, 0xa73c469c652add82ull}, {41, 87, false, 12, 0xc8dbf76b72d5413cull},
        {135, 288, false, 17, 0x7af65debe2dbe36full}, {879, 1521, true, 44, 0xb6a0e44404445f97ull},
        {511, 1206, true, 25, 0x59b4def0824b3e93ull}, {320, 583, false, 20, 0x67500682983996a1ull},
    };
    check_golden(*this, 3 * 7919, expected);
}

BOOST_FIXTURE_TEST_CASE(golden_cliff_foot_blocked_by_a_deep_fall_then_walked, Fixture) {
    // A platform four high with stairs down its far side: walking off its edge is a fall deeper
    // than three, which vanilla answers with a BLOCKED node on the ground at the cliff's foot;
    // the search then comes down the stairs and walks along that foot, where looking at those
    // positions again makes their nodes walkable. Pinned from the plain search.
    fill({0, G, -2}, {3, G + 3, 2}, "stone");
    for (std::int32_t step = 1; step <= 3; ++step) fill({-step, G, -2}, {-step, G + 3 - step, 2}, "stone");
    const auto p = find(walker({1.5, G + 4, 0.5}), {6, G, 0}, 0, 32.0f);
    BOOST_REQUIRE(p);
    const PathSearchStats& st = finder.last_stats();
    BOOST_TEST(p->can_reach == true);
    BOOST_TEST(st.visited_nodes == 39);
    BOOST_TEST(st.created_nodes == 119);
    BOOST_TEST(p->node_count() == 12u);
    BOOST_TEST(path_hash(p) == 0x98d3a1286b84a2d7ull);
}

BOOST_AUTO_TEST_SUITE_END()
