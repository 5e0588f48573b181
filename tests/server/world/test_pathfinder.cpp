// The PathFinder and its node evaluators, run directly against a ChunkMap of vanilla blocks over
// the default superflat (mobs stand at y −60).
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <ostream>

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
    for (const BlockPos& b : p->nodes) BOOST_TEST(b.y == G);
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
    BOOST_TEST(block_path_type_static(*map, {1, G, 11}) == PathType::DangerFire);  // diagonally
    BOOST_TEST(block_path_type_static(*map, {2, G, 10}) == PathType::Walkable);    // two away is safe
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
        for (const BlockPos& b : before->nodes) BOOST_TEST(b.z == 0);  // straight along z = 0

        set(c.fire, "fire");
        const BlockPos beside{c.fire.x, c.to.y, 0};
        BOOST_TEST(PathFinder::mob_path_type(*map, walker(c.from), beside) == PathType::DangerFire);
        const auto around = find(walker(c.from), c.to);
        BOOST_REQUIRE(around);
        BOOST_TEST(around->can_reach);
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
    for (const BlockPos& b : p->nodes) BOOST_TEST(!(b.x >= 3 && b.x <= 7 && b.z >= -3 && b.z <= 3 && b.y <= G + 6));
}

BOOST_AUTO_TEST_SUITE_END()
