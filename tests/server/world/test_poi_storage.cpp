// PoiStorage: POIs following their blocks, tickets, the range queries AcquirePoi uses, the
// per-section layout the poi region files save, and scanning a generated chunk.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <ostream>
#include <tuple>
#include <vector>

#include "mobsdk/world/random.hpp"
#include "mobserver/world/chunk.hpp"
#include "mobserver/world/poi_storage.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

struct Fixture {
    WorldRegistries reg;
    VanillaBlocks b;
    VanillaPoiTypes p;
    std::unique_ptr<PoiStorage> poi;
    std::map<BlockPos, BlockState> world;  // what a ChunkMap would report as the old state

    Fixture() {
        b = register_vanilla_blocks(reg.blocks);
        p = register_vanilla_poi_types(reg.poi_types);
        reg.freeze();
        poi = std::make_unique<PoiStorage>(reg.blocks, reg.poi_types);
    }
    BlockState state(Handle<BlockInfo> block, std::vector<std::pair<std::string, std::string>> values = {}) {
        return reg.blocks.state_of(block, values).value();
    }
    BlockState bed(std::size_t colour, const char* part) { return state(b.beds[colour], {{"part", part}}); }
    BlockState composter(int level) { return state(b.composter, {{"level", std::to_string(level)}}); }
    BlockState bell() { return reg.blocks.default_state(b.bell); }
    void set(BlockPos pos, BlockState s) {
        auto& old = world[pos];
        poi->on_block_changed(pos, old, s);
        old = s;
    }
    std::vector<PoiRecord> find(BlockPos center, std::int32_t radius, std::vector<Handle<PoiTypeInfo>> types = {},
                                PoiOccupancy occ = PoiOccupancy::Any, std::size_t limit = 1000) const {
        std::vector<PoiRecord> out;
        poi->find_closest(types, center, radius, occ, limit, out);
        return out;
    }
    static std::vector<BlockPos> positions(const std::vector<PoiRecord>& records) {
        std::vector<BlockPos> v;
        for (const auto& r : records) v.push_back(r.pos);
        return v;
    }
};

}  // namespace

namespace mobsdk {
// Lets Boost.Test print positions (found by argument-dependent lookup).
inline std::ostream& boost_test_print_type(std::ostream& os, const BlockPos& p) {
    return os << '(' << p.x << ',' << p.y << ',' << p.z << ')';
}
}  // namespace mobsdk

BOOST_AUTO_TEST_SUITE(poi_storage)

BOOST_FIXTURE_TEST_CASE(state_table_from_the_matchers, Fixture) {
    for (std::size_t c = 0; c < 16; ++c) {
        for (const char* facing : {"north", "south", "west", "east"})
            for (const char* occupied : {"false", "true"}) {
                const auto head = state(b.beds[c], {{"part", "head"}, {"facing", facing}, {"occupied", occupied}});
                const auto foot = state(b.beds[c], {{"part", "foot"}, {"facing", facing}, {"occupied", occupied}});
                BOOST_TEST((poi->poi_type_of(head) == p.home));
                BOOST_TEST(!poi->poi_type_of(foot));
            }
    }
    for (int level = 0; level <= 8; ++level) BOOST_TEST((poi->poi_type_of(composter(level)) == p.farmer));
    BOOST_TEST((poi->poi_type_of(bell()) == p.meeting));
    BOOST_TEST((poi->poi_type_of(reg.blocks.default_state(b.cauldron)) == p.leatherworker));
    BOOST_TEST((poi->poi_type_of(reg.blocks.default_state(b.water_cauldron)) == p.leatherworker));
    BOOST_TEST(!poi->poi_type_of(BlockState{0}));
    BOOST_TEST(!poi->poi_type_of(reg.blocks.default_state(b.stone)));
    BOOST_TEST(!poi->poi_type_of(BlockState{1u << 20}));  // out of range: no POI, no crash
}

BOOST_FIXTURE_TEST_CASE(bed_head_is_a_home_and_the_foot_is_not, Fixture) {
    const BlockPos head{3, 64, 4}, foot{3, 64, 5};
    set(head, bed(14, "head"));
    set(foot, bed(14, "foot"));
    BOOST_TEST(poi->size() == 1u);
    BOOST_TEST((poi->type_at(head) == p.home));
    BOOST_TEST(!poi->type_at(foot));
    BOOST_TEST(poi->free_tickets(head) == 1);
    const Handle<PoiTypeInfo> home[]{p.home};
    BOOST_TEST(poi->exists(head, home));
    BOOST_TEST(poi->exists(head, {}));
    const Handle<PoiTypeInfo> meeting[]{p.meeting};
    BOOST_TEST(!poi->exists(head, meeting));
    BOOST_TEST(!poi->exists(foot, {}));

    set(foot, BlockState{0});  // breaking the foot leaves the record alone
    BOOST_TEST(poi->size() == 1u);
    set(head, BlockState{0});
    BOOST_TEST(poi->size() == 0u);
    BOOST_TEST(!poi->type_at(head));
    BOOST_TEST(poi->free_tickets(head) == 0);
}

BOOST_FIXTURE_TEST_CASE(every_job_site_block, Fixture) {
    const std::vector<std::pair<Handle<BlockInfo>, Handle<PoiTypeInfo>>> sites{
        {b.blast_furnace, p.armorer},    {b.smoker, p.butcher},         {b.cartography_table, p.cartographer},
        {b.brewing_stand, p.cleric},     {b.composter, p.farmer},       {b.barrel, p.fisherman},
        {b.fletching_table, p.fletcher}, {b.cauldron, p.leatherworker}, {b.lectern, p.librarian},
        {b.stonecutter, p.mason},        {b.loom, p.shepherd},          {b.smithing_table, p.toolsmith},
        {b.grindstone, p.weaponsmith}};
    std::int32_t x = 0;
    for (const auto& [block, type] : sites) {
        const BlockPos pos{x, 70, -20};
        set(pos, reg.blocks.default_state(block));
        BOOST_TEST((poi->type_at(pos) == type), reg.blocks.blocks().id_of(block).str());
        BOOST_TEST(poi->free_tickets(pos) == 1);
        BOOST_TEST(poi->take(pos));
        BOOST_TEST(!poi->take(pos));
        x += 2;
    }
    BOOST_TEST(poi->size() == 13u);
    const auto jobs = p.job_sites();
    BOOST_TEST(find({12, 70, -20}, 100, jobs).size() == 13u);
}

BOOST_FIXTURE_TEST_CASE(a_bell_has_32_tickets, Fixture) {
    const BlockPos pos{-5, 65, 9};
    set(pos, bell());
    BOOST_TEST(poi->free_tickets(pos) == 32);
    for (int i = 0; i < 32; ++i) BOOST_TEST(poi->take(pos));
    BOOST_TEST(!poi->take(pos));
    BOOST_TEST(poi->free_tickets(pos) == 0);
    for (int i = 0; i < 32; ++i) BOOST_TEST(poi->release(pos));
    BOOST_TEST(!poi->release(pos));  // never more free than max
    BOOST_TEST(poi->free_tickets(pos) == 32);
}

BOOST_FIXTURE_TEST_CASE(tickets_without_a_poi, Fixture) {
    const BlockPos pos{1, 64, 1};
    BOOST_TEST(!poi->take(pos));
    BOOST_TEST(!poi->release(pos));
    set(pos, reg.blocks.default_state(b.stone));
    BOOST_TEST(!poi->take(pos));
    BOOST_TEST(!poi->release(pos));
    // A bed that is taken and then broken: its ticket goes with it.
    set(pos, bed(0, "head"));
    BOOST_TEST(poi->take(pos));
    set(pos, BlockState{0});
    BOOST_TEST(!poi->release(pos));
    set(pos, bed(0, "head"));
    BOOST_TEST(poi->free_tickets(pos) == 1);
}

BOOST_FIXTURE_TEST_CASE(a_state_change_within_one_type_keeps_the_record, Fixture) {
    const BlockPos c{0, 64, 0};
    set(c, composter(0));
    BOOST_TEST(poi->take(c));
    for (int level = 1; level <= 8; ++level) set(c, composter(level));
    BOOST_TEST((poi->type_at(c) == p.farmer));
    BOOST_TEST(poi->free_tickets(c) == 0);

    const BlockPos head{4, 64, 0};
    set(head, bed(3, "head"));
    BOOST_TEST(poi->take(head));
    set(head, state(b.beds[3], {{"part", "head"}, {"occupied", "true"}}));  // someone sleeps
    BOOST_TEST(poi->free_tickets(head) == 0);

    // Filling a cauldron changes the block, not the POI type.
    const BlockPos cauldron{8, 64, 0};
    set(cauldron, reg.blocks.default_state(b.cauldron));
    BOOST_TEST(poi->take(cauldron));
    set(cauldron, reg.blocks.default_state(b.water_cauldron));
    BOOST_TEST(poi->free_tickets(cauldron) == 0);
    BOOST_TEST(poi->size() == 3u);
}

BOOST_FIXTURE_TEST_CASE(another_poi_block_replaces_the_record, Fixture) {
    const BlockPos pos{2, 64, 2};
    set(pos, composter(3));
    BOOST_TEST(poi->take(pos));
    set(pos, reg.blocks.default_state(b.lectern));
    BOOST_TEST((poi->type_at(pos) == p.librarian));
    BOOST_TEST(poi->free_tickets(pos) == 1);  // a new record: every ticket free
    BOOST_TEST(poi->size() == 1u);
    set(pos, bell());
    BOOST_TEST((poi->type_at(pos) == p.meeting));
    BOOST_TEST(poi->free_tickets(pos) == 32);
    BOOST_TEST(poi->size() == 1u);
    // A change from a non-POI state to a POI over a stale record of another type also replaces it.
    poi->on_block_changed(pos, BlockState{0}, composter(0));
    BOOST_TEST((poi->type_at(pos) == p.farmer));
    BOOST_TEST(poi->free_tickets(pos) == 1);
    BOOST_TEST(poi->size() == 1u);
}

BOOST_FIXTURE_TEST_CASE(changes_outside_the_height_range_are_ignored, Fixture) {
    set({0, min_y - 1, 0}, bell());
    set({0, min_y + world_height, 0}, bell());
    BOOST_TEST(poi->size() == 0u);
    set({0, min_y, 0}, bell());
    set({0, min_y + world_height - 1, 0}, bell());
    BOOST_TEST(poi->size() == 2u);
    BOOST_TEST(find({0, 128, 0}, 400).size() == 2u);
}

BOOST_FIXTURE_TEST_CASE(closest_first_with_the_tie_rule, Fixture) {
    const BlockPos center{0, 64, 0};
    set({10, 64, 0}, bell());
    set({0, 64, 2}, bell());
    set({0, 70, 0}, bell());
    // Four at distance² 9 around the centre, in four different chunks/columns.
    set({-3, 64, 0}, bell());  // chunk (-1, 0)
    set({3, 64, 0}, bell());   // chunk (0, 0)
    set({0, 64, -3}, bell());  // chunk (0, -1)
    set({0, 64, 3}, bell());   // chunk (0, 0)
    const auto got = positions(find(center, 20));
    // Distance 2, then the ties: chunk z first, then chunk x, then x inside the section.
    const std::vector<BlockPos> expected{{0, 64, 2}, {0, 64, -3}, {-3, 64, 0}, {0, 64, 3},
                                         {3, 64, 0}, {0, 70, 0},  {10, 64, 0}};
    BOOST_TEST(got == expected, boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(ties_inside_one_section_and_across_sections, Fixture) {
    const BlockPos center{8, 8, 8};
    set({8, 8, 11}, bell());  // (x 8, y 8, z 11)
    set({8, 11, 8}, bell());  // same section, y 11
    set({5, 8, 8}, bell());   // same section, x 5
    set({8, 5, 8}, bell());   // same section, y 5
    set({8, 8, 5}, bell());   // same section, z 5
    set({11, 8, 8}, bell());  // same section, x 11
    const auto got = positions(find(center, 3));
    const std::vector<BlockPos> expected{{5, 8, 8}, {8, 5, 8}, {8, 8, 5}, {8, 8, 11}, {8, 11, 8}, {11, 8, 8}};
    BOOST_TEST(got == expected, boost::test_tools::per_element());
    // Section y breaks a tie before x: both at distance² 128, the one in the lower section first.
    set({0, 16, 8}, bell());  // section y 1, x 0
    set({8, 0, 0}, bell());   // section y 0, x 8
    const auto wider = positions(find(center, 12));
    BOOST_TEST(wider.size() == 8u);
    const std::vector<BlockPos> tail{{8, 0, 0}, {0, 16, 8}};
    BOOST_TEST(std::vector<BlockPos>(wider.end() - 2, wider.end()) == tail, boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(radius_boundary_is_inclusive, Fixture) {
    const BlockPos center{0, 64, 0};
    const std::vector<BlockPos> inside{{5, 64, 0}, {-5, 64, 0}, {3, 64, 4}, {-4, 64, -3}, {0, 69, 0}, {0, 59, 0}};
    const std::vector<BlockPos> outside{{6, 64, 0}, {5, 64, 1}, {4, 64, 4}, {0, 70, 0}, {0, 58, 0}, {3, 68, 3}};
    for (const auto pos : inside) set(pos, bell());
    for (const auto pos : outside) set(pos, bell());
    auto got = positions(find(center, 5));
    std::sort(got.begin(), got.end());
    auto want = inside;
    std::sort(want.begin(), want.end());
    BOOST_TEST(got == want, boost::test_tools::per_element());
    BOOST_TEST(find(center, 0).empty());
    BOOST_TEST(find(center, -1).empty());
    set(center, bell());
    BOOST_TEST(find(center, 0).size() == 1u);  // radius 0 is the block itself
}

BOOST_FIXTURE_TEST_CASE(occupancy_filters, Fixture) {
    const BlockPos bell_pos{0, 64, 0}, bed_pos{2, 64, 0};
    set(bell_pos, bell());
    set(bed_pos, bed(5, "head"));
    auto count = [&](PoiOccupancy o) { return find({0, 64, 0}, 10, {}, o).size(); };
    BOOST_TEST(count(PoiOccupancy::HasSpace) == 2u);
    BOOST_TEST(count(PoiOccupancy::IsOccupied) == 0u);
    BOOST_TEST(count(PoiOccupancy::Any) == 2u);
    BOOST_TEST(poi->take(bell_pos));  // 31 of 32 free: both has space and is occupied
    BOOST_TEST(poi->take(bed_pos));   // 0 of 1: occupied, no space
    BOOST_TEST(count(PoiOccupancy::HasSpace) == 1u);
    BOOST_TEST(count(PoiOccupancy::IsOccupied) == 2u);
    BOOST_TEST(positions(find({0, 64, 0}, 10, {}, PoiOccupancy::HasSpace)) == (std::vector<BlockPos>{bell_pos}),
               boost::test_tools::per_element());
    const auto rec = find({0, 64, 0}, 10, {}, PoiOccupancy::IsOccupied);
    BOOST_TEST(rec[0].free_tickets == 31);
    BOOST_TEST(rec[1].free_tickets == 0);
    BOOST_TEST((rec[1].type == p.home));
}

BOOST_FIXTURE_TEST_CASE(type_filters, Fixture) {
    set({1, 64, 0}, bed(0, "head"));
    set({2, 64, 0}, composter(0));
    set({3, 64, 0}, reg.blocks.default_state(b.lectern));
    set({4, 64, 0}, bell());
    BOOST_TEST(positions(find({0, 64, 0}, 10, {p.home})) == (std::vector<BlockPos>{{1, 64, 0}}),
               boost::test_tools::per_element());
    BOOST_TEST(
        positions(find({0, 64, 0}, 10, {p.librarian, p.farmer})) == (std::vector<BlockPos>{{2, 64, 0}, {3, 64, 0}}),
        boost::test_tools::per_element());
    BOOST_TEST(find({0, 64, 0}, 10, p.job_sites()).size() == 2u);
    BOOST_TEST(find({0, 64, 0}, 10, {p.armorer}).empty());
    BOOST_TEST(find({0, 64, 0}, 10).size() == 4u);  // empty set: any type
}

BOOST_FIXTURE_TEST_CASE(limit_keeps_the_closest_and_appends, Fixture) {
    for (std::int32_t i = 10; i >= 1; --i) set({i * 3, 64, 0}, bell());
    std::vector<PoiRecord> out{PoiRecord{{99, 99, 99}, p.home, 7}};  // the caller's earlier content
    poi->find_closest({}, {0, 64, 0}, 100, PoiOccupancy::Any, 3, out);
    BOOST_TEST(out.size() == 4u);
    BOOST_TEST((out[0].pos == BlockPos{99, 99, 99}));
    BOOST_TEST((out[1].pos == BlockPos{3, 64, 0}));
    BOOST_TEST((out[2].pos == BlockPos{6, 64, 0}));
    BOOST_TEST((out[3].pos == BlockPos{9, 64, 0}));
    poi->find_closest({}, {0, 64, 0}, 100, PoiOccupancy::Any, 0, out);
    BOOST_TEST(out.size() == 4u);
    // Farthest first from the other end: the limit still picks by distance, not by visiting order.
    out.clear();
    poi->find_closest({}, {31, 64, 0}, 100, PoiOccupancy::Any, 2, out);
    BOOST_TEST(positions(out) == (std::vector<BlockPos>{{30, 64, 0}, {27, 64, 0}}), boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(a_query_with_enough_capacity_does_not_grow_the_buffer, Fixture) {
    for (std::int32_t i = 0; i < 50; ++i) set({i % 7 * 5 - 15, 60 + i % 3, i / 7 * 5 - 15}, bell());
    std::vector<PoiRecord> out;
    out.reserve(5);
    const auto* data = out.data();
    poi->find_closest({}, {0, 61, 0}, 48, PoiOccupancy::HasSpace, 5, out);
    BOOST_TEST(out.size() == 5u);
    BOOST_TEST(out.data() == data);  // at most `limit` elements ever held
}

BOOST_FIXTURE_TEST_CASE(negative_coordinates_and_section_borders, Fixture) {
    const std::vector<BlockPos> spots{{-1, -1, -1}, {0, 0, 0},    {-16, -16, -16}, {-17, -17, -17},
                                      {15, 15, 15}, {16, 16, 16}, {-1, min_y, -1}, {-30000000, 100, -30000000}};
    for (const auto pos : spots) set(pos, bell());
    BOOST_TEST(poi->size() == spots.size());
    for (const auto pos : spots) BOOST_TEST((poi->type_at(pos) == p.meeting));
    BOOST_TEST(!poi->type_at({-1, -1, 0}));
    BOOST_TEST(!poi->type_at({-1, 0, -1}));
    BOOST_TEST(!poi->type_at({-2, -1, -1}));

    // Centre on a section corner: both sides of every border are found, sorted by distance.
    const auto got = positions(find({-1, -1, -1}, 1));
    BOOST_TEST(got == (std::vector<BlockPos>{{-1, -1, -1}}), boost::test_tools::per_element());
    const auto near = positions(find({0, 0, 0}, 2));
    BOOST_TEST(near == (std::vector<BlockPos>{{0, 0, 0}, {-1, -1, -1}}), boost::test_tools::per_element());
    // Distances² from (-1,-1,-1): 3·15² = 675 to (-16,-16,-16); 3·16² = 768 to (15,15,15) and
    // (-17,-17,-17); 3·17² = 867 to (16,16,16).
    BOOST_TEST(find({-1, -1, -1}, 25).size() == 2u);
    const auto deep = positions(find({-1, -1, -1}, 26));
    BOOST_TEST(deep == (std::vector<BlockPos>{{-1, -1, -1}, {0, 0, 0}, {-16, -16, -16}}),
               boost::test_tools::per_element());
    BOOST_TEST(find({-1, -1, -1}, 27).size() == 3u);
    // The tie at 768: chunk z −2 before chunk z 0.
    const auto deeper = positions(find({-1, -1, -1}, 28));
    BOOST_TEST(
        deeper == (std::vector<BlockPos>{{-1, -1, -1}, {0, 0, 0}, {-16, -16, -16}, {-17, -17, -17}, {15, 15, 15}}),
        boost::test_tools::per_element());
    BOOST_TEST(find({-1, -1, -1}, 29).size() == 5u);
    BOOST_TEST(find({-1, -1, -1}, 30).size() == 6u);
    BOOST_TEST(positions(find({-30000000, 100, -30000010}, 10)) == (std::vector<BlockPos>{{-30000000, 100, -30000000}}),
               boost::test_tools::per_element());
    BOOST_TEST(positions(find({-30000000, 100, -30000011}, 10)).empty());
}

BOOST_FIXTURE_TEST_CASE(same_answer_whichever_way_the_sections_are_walked, Fixture) {
    // Few loaded sections: the query walks the loaded ones. Many: it walks its box. Same answer.
    std::vector<BlockPos> spots;
    for (std::int32_t i = 0; i < 40; ++i) spots.push_back({(i * 37) % 61 - 30, 50 + (i * 11) % 29, (i * 53) % 67 - 33});
    spots.push_back({4, 64, -4});
    spots.push_back({-4, 64, 4});  // a tie with the one above, in another chunk
    for (const auto pos : spots) set(pos, bell());
    const BlockPos center{0, 64, 0};
    const auto few = find(center, 40, {}, PoiOccupancy::Any, 17);
    for (std::int32_t cx = 100; cx < 140; ++cx)
        for (std::int32_t cz = 100; cz < 140; ++cz) {
            std::map<std::int32_t, PoiSection> empty;
            for (std::int32_t sy = -4; sy < 20; ++sy) empty[sy] = PoiSection{};
            BOOST_REQUIRE(poi->set_sections(cx, cz, std::move(empty)) == 0u);
        }
    const auto many = find(center, 40, {}, PoiOccupancy::Any, 17);
    BOOST_TEST(positions(few) == positions(many), boost::test_tools::per_element());
    BOOST_TEST(few.size() == 17u);
    // And both agree with a brute-force sort.
    std::vector<BlockPos> brute;
    for (const auto pos : spots)
        if (pos.dist_sqr(center) <= 1600) brute.push_back(pos);
    std::sort(brute.begin(), brute.end(), [&](BlockPos a, BlockPos b) {
        if (a.dist_sqr(center) != b.dist_sqr(center)) return a.dist_sqr(center) < b.dist_sqr(center);
        return std::tuple(a.z >> 4, a.x >> 4, a.y >> 4, a.x, a.y, a.z) <
               std::tuple(b.z >> 4, b.x >> 4, b.y >> 4, b.x, b.y, b.z);
    });
    brute.resize(17);
    BOOST_TEST(positions(many) == brute, boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(sections_round_trip, Fixture) {
    set({1, 64, 1}, bed(2, "head"));
    set({2, 64, 1}, bell());
    set({3, -50, 15}, composter(4));
    set({4, 200, 4}, reg.blocks.default_state(b.lectern));
    set({20, 64, 1}, bell());  // chunk (1, 0)
    BOOST_TEST(poi->take({2, 64, 1}));
    BOOST_TEST(poi->take({2, 64, 1}));
    BOOST_TEST(poi->take({1, 64, 1}));
    set({4, 200, 4}, BlockState{0});  // leaves an empty section behind, as vanilla saves it

    const auto saved = poi->sections_of(0, 0);
    BOOST_TEST(saved.size() == 3u);
    BOOST_TEST(saved.count(4) == 1u);
    BOOST_TEST(saved.count(-4) == 1u);
    BOOST_TEST(saved.at(12).records.empty());
    BOOST_TEST(saved.at(12).valid);
    BOOST_TEST(saved.at(4).records.size() == 2u);
    BOOST_TEST(saved.at(4).records.at({2, 64, 1}).free_tickets == 30);
    BOOST_TEST((saved.at(-4).records.at({3, -50, 15}).type == p.farmer));

    poi->drop_chunk(0, 0);
    BOOST_TEST(poi->size() == 1u);  // chunk (1, 0) stays
    BOOST_TEST(!poi->type_at({1, 64, 1}));
    BOOST_TEST(poi->sections_of(0, 0).empty());
    BOOST_TEST(poi->sections_of(1, 0).size() == 1u);
    BOOST_TEST(!poi->take({2, 64, 1}));
    BOOST_TEST(find({0, 64, 0}, 30).size() == 1u);

    BOOST_TEST(poi->set_sections(0, 0, saved) == 0u);
    BOOST_TEST(poi->size() == 4u);
    BOOST_TEST((poi->sections_of(0, 0) == saved));
    BOOST_TEST(poi->free_tickets({2, 64, 1}) == 30);
    BOOST_TEST(poi->free_tickets({1, 64, 1}) == 0);
    BOOST_TEST((poi->type_at({3, -50, 15}) == p.farmer));
    BOOST_TEST(find({0, 64, 0}, 30).size() == 3u);  // the composter is 114 blocks down
    BOOST_TEST(find({0, 64, 0}, 120).size() == 4u);

    // Loading over a loaded column replaces it.
    BOOST_TEST(poi->set_sections(0, 0, {}) == 0u);
    BOOST_TEST(poi->size() == 1u);
    poi->drop_chunk(7, 7);  // nothing there: nothing happens
    BOOST_TEST(poi->size() == 1u);
}

BOOST_FIXTURE_TEST_CASE(set_sections_drops_bad_records, Fixture) {
    std::map<std::int32_t, PoiSection> in;
    auto put = [&](std::int32_t sy, PoiEntry e) { in[sy].records[e.pos] = e; };
    put(4, {{1, 64, 1}, p.meeting, 40});                            // too many free tickets: clamped to 32
    put(4, {{2, 64, 1}, p.home, -3});                               // negative: clamped to 0
    put(4, {{40, 64, 1}, p.home, 1});                               // outside the column
    put(4, {{3, 64, 3}, Handle<PoiTypeInfo>{}, 1});                 // no type
    put(4, {{3, 64, 4}, Handle<PoiTypeInfo>::from_index(999), 1});  // not in the registry
    put(5, {{5, 70, 5}, p.farmer, 1});                              // filed under the wrong section: re-filed by pos
    put(4, {{5, 70, 5}, p.home, 1});    // the same position again (section 4's record comes first)
    put(30, {{6, 400, 6}, p.home, 1});  // above the world
    in[-4].valid = false;               // an empty, invalid section keeps its flag
    BOOST_TEST(poi->set_sections(0, 0, in) == 5u);
    BOOST_TEST(poi->size() == 3u);
    BOOST_TEST(poi->free_tickets({1, 64, 1}) == 32);
    BOOST_TEST(poi->free_tickets({2, 64, 1}) == 0);
    BOOST_TEST((poi->type_at({5, 70, 5}) == p.home));
    const auto out = poi->sections_of(0, 0);
    BOOST_TEST(out.count(30) == 0u);
    BOOST_TEST(!out.at(-4).valid);
    BOOST_TEST(out.at(4).records.size() == 3u);
    BOOST_TEST(out.at(5).records.empty());
}

BOOST_FIXTURE_TEST_CASE(scan_a_generated_chunk, Fixture) {
    LevelChunk chunk({-2, 3}, reg.blocks);
    const BlockState stone = reg.blocks.default_state(b.stone);
    for (std::int32_t i = 0; i < 4; ++i) chunk.section(i) = LevelChunkSection(stone);  // y −64 … −1
    chunk.set_block({-30, 64, 50}, bed(1, "head"));
    chunk.set_block({-30, 64, 51}, bed(1, "foot"));
    chunk.set_block({-25, 70, 60}, bell());
    chunk.set_block({-17, -10, 63}, composter(8));
    chunk.set_block({-17, 319, 63}, reg.blocks.default_state(b.lectern));
    // A section full of one POI state is uniform: all 4096 count.
    chunk.section(10) = LevelChunkSection(composter(2));
    BOOST_REQUIRE(chunk.section(10).is_uniform());
    BOOST_REQUIRE(chunk.section(0).is_uniform());

    poi->scan_chunk(chunk);
    BOOST_TEST(poi->size() == 4u + 4096u);
    BOOST_TEST((poi->type_at({-30, 64, 50}) == p.home));
    BOOST_TEST(!poi->type_at({-30, 64, 51}));
    BOOST_TEST((poi->type_at({-25, 70, 60}) == p.meeting));
    BOOST_TEST(poi->free_tickets({-25, 70, 60}) == 32);
    BOOST_TEST((poi->type_at({-17, -10, 63}) == p.farmer));
    BOOST_TEST((poi->type_at({-17, 319, 63}) == p.librarian));
    BOOST_TEST((poi->type_at({-32, 96, 48}) == p.farmer));
    BOOST_TEST((poi->type_at({-17, 111, 63}) == p.farmer));
    BOOST_TEST(poi->sections_of(-2, 3).size() == 4u);  // section y −1, 4 (bed and bell), 6 and 19

    // Scanning again keeps the records (and their tickets).
    BOOST_TEST(poi->take({-25, 70, 60}));
    poi->scan_chunk(chunk);
    BOOST_TEST(poi->size() == 4u + 4096u);
    BOOST_TEST(poi->free_tickets({-25, 70, 60}) == 31);
    const Handle<PoiTypeInfo> home[]{p.home};
    std::vector<PoiRecord> out;
    poi->find_closest(home, {-25, 70, 60}, 48, PoiOccupancy::HasSpace, 5, out);
    BOOST_TEST(positions(out) == (std::vector<BlockPos>{{-30, 64, 50}}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(claimless_types_and_set_up_errors) {
    BlockRegistry blocks;
    BlockDefinition altar;
    altar.properties = {{"lit", {"false", "true"}}};
    altar.make_state = [](const BlockStateView&) { return BlockStateInfo{}; };
    const auto altar_block = blocks.register_block(ResourceLocation::of("example:altar"), altar);
    blocks.freeze();
    const BlockState unlit = blocks.state_of(altar_block, {{"lit", "false"}}).value();
    const BlockState lit = blocks.state_of(altar_block, {{"lit", "true"}}).value();

    {  // a type with no tickets (vanilla's beehive, lodestone…) and one for a block we lack
        Registry<PoiTypeInfo> types{ResourceLocation::of("point_of_interest_type")};
        const auto shrine = types.register_entry(
            "example:shrine", PoiTypeInfo{{{ResourceLocation::of("example:altar"), {{"lit", "true"}}}}, 0, 1});
        types.register_entry("example:ghost", PoiTypeInfo{{{ResourceLocation::of("example:missing"), {}}}, 1, 1});
        PoiStorage poi(blocks, types);
        BOOST_TEST((poi.poi_type_of(lit) == shrine));
        BOOST_TEST(!poi.poi_type_of(unlit));
        poi.on_block_changed({0, 0, 0}, unlit, lit);
        BOOST_TEST(poi.size() == 1u);
        BOOST_TEST(poi.free_tickets({0, 0, 0}) == 0);
        BOOST_TEST(!poi.take({0, 0, 0}));
        BOOST_TEST(!poi.release({0, 0, 0}));
        std::vector<PoiRecord> out;
        poi.find_closest({}, {0, 0, 0}, 4, PoiOccupancy::HasSpace, 10, out);
        poi.find_closest({}, {0, 0, 0}, 4, PoiOccupancy::IsOccupied, 10, out);
        BOOST_TEST(out.empty());
        poi.find_closest({}, {0, 0, 0}, 4, PoiOccupancy::Any, 10, out);
        BOOST_TEST(out.size() == 1u);
        poi.on_block_changed({0, 0, 0}, lit, unlit);
        BOOST_TEST(poi.size() == 0u);
    }
    {  // two types claiming one state
        Registry<PoiTypeInfo> types{ResourceLocation::of("point_of_interest_type")};
        types.register_entry("example:a", PoiTypeInfo{{{ResourceLocation::of("example:altar"), {}}}, 1, 1});
        types.register_entry("example:b",
                             PoiTypeInfo{{{ResourceLocation::of("example:altar"), {{"lit", "true"}}}}, 1, 1});
        BOOST_CHECK_THROW(PoiStorage(blocks, types), RegistryError);
    }
    {  // a property the block does not have, and a value the property does not have
        Registry<PoiTypeInfo> types{ResourceLocation::of("point_of_interest_type")};
        types.register_entry("example:a",
                             PoiTypeInfo{{{ResourceLocation::of("example:altar"), {{"colour", "red"}}}}, 1, 1});
        BOOST_CHECK_THROW(PoiStorage(blocks, types), RegistryError);
        Registry<PoiTypeInfo> types2{ResourceLocation::of("point_of_interest_type")};
        types2.register_entry("example:a",
                              PoiTypeInfo{{{ResourceLocation::of("example:altar"), {{"lit", "maybe"}}}}, 1, 1});
        BOOST_CHECK_THROW(PoiStorage(blocks, types2), RegistryError);
    }
}

// ---- sections_to_village (vanilla's PoiManager.DistanceTracker) ----

BOOST_FIXTURE_TEST_CASE(sections_to_village_is_0_in_the_section_of_a_claimed_bed, Fixture) {
    const BlockPos head{1, -60, 1};
    BOOST_TEST(poi->sections_to_village(head) == 7);  // nothing anywhere
    set(head, bed(14, "head"));
    set({1, -60, 2}, bed(14, "foot"));
    // Vanilla's isVillageCenter asks for IS_OCCUPIED: an unclaimed bed makes no village.
    BOOST_TEST(poi->sections_to_village(head) == 7);
    BOOST_TEST(!poi->is_village(head));
    BOOST_TEST_REQUIRE(poi->take(head));
    BOOST_TEST(poi->sections_to_village(head) == 0);
    BOOST_TEST(poi->sections_to_village({15, -49, 15}) == 0);  // anywhere in section (0, -4, 0)
    BOOST_TEST(poi->is_village({15, -49, 15}));
    BOOST_TEST(poi->is_close_to_village(head, 0));
    BOOST_TEST(poi->release(head));
    BOOST_TEST(poi->sections_to_village(head) == 7);
}

BOOST_FIXTURE_TEST_CASE(sections_to_village_is_the_chebyshev_distance_in_sections_up_to_6, Fixture) {
    const BlockPos head{1, -60, 1};  // section (0, -4, 0)
    set(head, bed(3, "head"));
    BOOST_TEST_REQUIRE(poi->take(head));
    BOOST_TEST(poi->sections_to_village({16, -60, 1}) == 1);    // section (1, -4, 0)
    BOOST_TEST(poi->sections_to_village({-1, -60, -1}) == 1);   // (-1, -4, -1)
    BOOST_TEST(poi->sections_to_village({40, -60, -20}) == 2);  // (2, -4, -2)
    BOOST_TEST(poi->sections_to_village({50, -20, 20}) == 3);   // (3, -2, 1): the largest axis counts
    BOOST_TEST(poi->sections_to_village({1, 20, 1}) == 5);      // (0, 1, 0): straight up
    BOOST_TEST(poi->sections_to_village({-96, -60, 1}) == 6);   // (-6, -4, 0)
    BOOST_TEST(poi->sections_to_village({111, -60, 1}) == 6);   // (6, -4, 0)
    BOOST_TEST(poi->sections_to_village({112, -60, 1}) == 7);   // (7, -4, 0): beyond 6 is 7
    BOOST_TEST(poi->sections_to_village({-1000, -60, 1}) == 7);
    // isVillage is "within one section"; isCloseToVillage(pos, n) refuses n above 6.
    BOOST_TEST(poi->is_village({31, -60, 31}));
    BOOST_TEST(!poi->is_village({32, -60, 1}));
    BOOST_TEST(poi->is_close_to_village({111, -60, 1}, 6));
    BOOST_TEST(!poi->is_close_to_village({111, -60, 1}, 5));
    BOOST_TEST(!poi->is_close_to_village({1, -60, 1}, 7));
    // A second centre nearer to a position wins.
    const BlockPos bell_pos{100, -60, 1};  // section (6, -4, 0)
    set(bell_pos, bell());
    BOOST_TEST_REQUIRE(poi->take(bell_pos));
    BOOST_TEST(poi->sections_to_village({112, -60, 1}) == 1);
    BOOST_TEST(poi->sections_to_village({48, -60, 1}) == 3);  // (3, -4, 0): 3 from both
}

BOOST_FIXTURE_TEST_CASE(sections_to_village_follows_a_broken_bed, Fixture) {
    const BlockPos head{1, -60, 1};
    set(head, bed(0, "head"));
    BOOST_TEST_REQUIRE(poi->take(head));
    BOOST_TEST(poi->sections_to_village({20, -60, 1}) == 1);
    set(head, reg.blocks.default_state(b.air));  // broken: the record and its ticket go
    BOOST_TEST(poi->sections_to_village(head) == 7);
    BOOST_TEST(poi->sections_to_village({20, -60, 1}) == 7);
    set(head, bed(0, "head"));  // placed again: a fresh, unclaimed record
    BOOST_TEST(poi->sections_to_village(head) == 7);
    // A job site claimed in the same section counts as well; unloading the chunk drops it.
    set({2, -60, 2}, composter(0));
    BOOST_TEST_REQUIRE(poi->take({2, -60, 2}));
    BOOST_TEST(poi->sections_to_village(head) == 0);
    poi->drop_chunk(0, 0);
    BOOST_TEST(poi->sections_to_village(head) == 7);
}

BOOST_FIXTURE_TEST_CASE(sections_to_village_ignores_poi_types_outside_the_village_tag, Fixture) {
    Registry<PoiTypeInfo> types{ResourceLocation::of("point_of_interest_type")};
    const auto shrine =
        types.register_entry("example:shrine", PoiTypeInfo{{{ResourceLocation::of("stone"), {}}}, 1, 1, false});
    const auto hut =
        types.register_entry("example:hut", PoiTypeInfo{{{ResourceLocation::of("oak_log"), {}}}, 1, 1, true});
    PoiStorage storage(reg.blocks, types);
    storage.on_block_changed({0, 0, 0}, BlockState{}, reg.blocks.default_state(b.stone));
    BOOST_TEST_REQUIRE((storage.type_at({0, 0, 0}) == shrine));
    BOOST_TEST_REQUIRE(storage.take({0, 0, 0}));
    BOOST_TEST(storage.sections_to_village({0, 0, 0}) == 7);  // claimed, but not a village POI
    storage.on_block_changed({40, 0, 0}, BlockState{}, reg.blocks.default_state(b.oak_log));
    BOOST_TEST_REQUIRE((storage.type_at({40, 0, 0}) == hut));
    BOOST_TEST_REQUIRE(storage.take({40, 0, 0}));
    BOOST_TEST(storage.sections_to_village({0, 0, 0}) == 2);  // the village type two sections away
    // Loaded sections count like placed ones (set_sections keeps the taken ticket).
    auto saved = storage.sections_of(2, 0);
    storage.drop_chunk(2, 0);
    BOOST_TEST(storage.sections_to_village({0, 0, 0}) == 7);
    storage.set_sections(2, 0, saved);
    BOOST_TEST(storage.sections_to_village({0, 0, 0}) == 2);
}

BOOST_FIXTURE_TEST_CASE(sections_to_village_same_answer_with_many_village_sections, Fixture) {
    // Few village sections are searched one by one, many (2,170 or more) shell by shell: both
    // give the same distances.
    const BlockPos head{1, -60, 1};
    set(head, bed(5, "head"));
    BOOST_TEST_REQUIRE(poi->take(head));
    set({2, -60, 2}, composter(0));  // unclaimed: not a centre, but a village section
    const std::vector<std::pair<BlockPos, std::int32_t>> probes{
        {{1, -60, 1}, 0}, {{20, -60, 1}, 1},  {{40, -60, -20}, 2}, {{50, -20, 20}, 3},
        {{1, 20, 1}, 5},  {{-96, -60, 1}, 6}, {{112, -60, 1}, 7},  {{2000, -60, 1}, 7}};
    for (const auto& [p, d] : probes) BOOST_TEST(poi->sections_to_village(p) == d);
    // 2,200 more village sections far away (claimed composters 200+ sections east).
    for (std::int32_t i = 0; i < 2200; ++i) {
        const BlockPos far{(200 + i) * 16, -60, 0};
        set(far, composter(0));
        BOOST_TEST_REQUIRE(poi->take(far));
    }
    for (const auto& [p, d] : probes) BOOST_TEST(poi->sections_to_village(p) == d);
    BOOST_TEST(poi->sections_to_village({(200 + 7) * 16 + 3, -30, 100}) == 6);  // (207, −2, 6) from (207, −4, 0)
}

// A random sequence of placements, breaks, claims, releases and chunk unloads/reloads on a small
// cluster across a chunk border, checked after every step against a plain model: the point
// queries (exists, type_at, free_tickets) go through the storage's position index and
// sections_to_village through its distance cache, so both must follow every change.
BOOST_FIXTURE_TEST_CASE(point_queries_and_village_distance_follow_random_edits, Fixture) {
    struct Model {
        Handle<PoiTypeInfo> type;
        std::int32_t free;
    };
    std::map<BlockPos, Model> model;
    const std::vector<std::pair<BlockState, Handle<PoiTypeInfo>>> kinds = {
        {bed(4, "head"), p.home},
        {composter(0), p.farmer},
        {bell(), p.meeting},
        {reg.blocks.default_state(b.air), Handle<PoiTypeInfo>{}}};
    std::vector<BlockPos> cluster;
    for (std::int32_t x = 10; x < 22; ++x)  // chunks 0 and 1
        for (std::int32_t z = 0; z < 6; ++z)
            for (const std::int32_t y : {-60, -40}) cluster.push_back({x, y, z});
    const auto model_distance = [&](BlockPos pos) {
        std::int32_t best = 7;
        for (const auto& [at, m] : model)
            if (reg.poi_types[m.type].village && m.free < reg.poi_types[m.type].max_tickets)
                best = std::min(
                    {best, std::max({std::abs((at.x >> 4) - (pos.x >> 4)), std::abs((at.y >> 4) - (pos.y >> 4)),
                                     std::abs((at.z >> 4) - (pos.z >> 4))})});
        return best;
    };
    RandomSource random(2024);
    std::map<std::int32_t, PoiSection> unloaded;  // chunk 1's sections while it is unloaded
    bool chunk1_loaded = true;
    for (int step = 0; step < 1500; ++step) {
        const BlockPos pos =
            cluster[static_cast<std::size_t>(random.next_int(static_cast<std::int32_t>(cluster.size())))];
        const bool in_chunk1 = (pos.x >> 4) == 1;
        const int op = random.next_int(10);
        if (op == 0) {  // chunk 1 goes or comes back, with its records and tickets
            if (chunk1_loaded) {
                unloaded = poi->sections_of(1, 0);
                poi->drop_chunk(1, 0);
            } else {
                BOOST_REQUIRE(poi->set_sections(1, 0, unloaded) == 0u);
            }
            chunk1_loaded = !chunk1_loaded;
        } else if (in_chunk1 && !chunk1_loaded) {
            continue;  // no block changes in an unloaded chunk
        } else if (op <= 4) {
            const auto& [state, type] =
                kinds[static_cast<std::size_t>(random.next_int(static_cast<std::int32_t>(kinds.size())))];
            const auto old = model.find(pos);
            set(pos, state);
            if (!type.valid()) {
                if (old != model.end()) model.erase(old);
            } else if (old == model.end() || !(old->second.type == type)) {
                model[pos] = Model{type, reg.poi_types[type].max_tickets};
            }
        } else if (op <= 7) {
            const auto m = model.find(pos);
            const bool can = m != model.end() && m->second.free > 0;
            BOOST_REQUIRE(poi->take(pos) == can);
            if (can) --m->second.free;
        } else {
            const auto m = model.find(pos);
            const bool can = m != model.end() && m->second.free < reg.poi_types[m->second.type].max_tickets;
            BOOST_REQUIRE(poi->release(pos) == can);
            if (can) ++m->second.free;
        }
        for (const BlockPos& q : cluster) {
            const bool hidden = (q.x >> 4) == 1 && !chunk1_loaded;
            const auto m = model.find(q);
            const bool present = m != model.end() && !hidden;
            BOOST_REQUIRE(poi->exists(q, {}) == present);
            BOOST_REQUIRE(poi->type_at(q).has_value() == present);
            if (present) {
                BOOST_REQUIRE((*poi->type_at(q) == m->second.type));
                BOOST_REQUIRE(poi->free_tickets(q) == m->second.free);
            }
        }
        if (chunk1_loaded)
            for (const BlockPos q :
                 {BlockPos{0, -60, 0}, BlockPos{40, -60, 3}, BlockPos{16, -20, 70}, BlockPos{15, -40, 5}})
                BOOST_REQUIRE(poi->sections_to_village(q) == model_distance(q));
    }
}

BOOST_AUTO_TEST_SUITE_END()
