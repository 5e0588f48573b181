// The default world's village: deterministic from the seed, with the POIs villagers need.
#include <boost/test/unit_test.hpp>

#include <set>

#include "mobserver/world/harness.hpp"
#include "mobserver/world/village.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

// Every non-air block in a box, as text (to compare two villages).
std::vector<std::string> snapshot(World& w, BlockPos a, BlockPos b) {
    std::vector<std::string> out;
    for (int x = a.x; x <= b.x; ++x)
        for (int y = a.y; y <= b.y; ++y)
            for (int z = a.z; z <= b.z; ++z) out.push_back(w.blocks().to_string(w.block_state({x, y, z})));
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(village)

BOOST_AUTO_TEST_CASE(has_beds_doors_job_sites_bell_and_farm_as_pois) {
    WorldHarness h;
    const VillagePlan plan = build_village(h.world(), {0, 0, 0}, 42, 4);
    BOOST_TEST(plan.beds.size() == 4u);
    BOOST_TEST(plan.doors.size() == 4u);
    BOOST_TEST(plan.job_sites.size() == 5u);  // one per house and the farm's composter
    BOOST_TEST(plan.farmland.size() == 30u);
    PoiManager& pois = h.world().poi_manager();
    const std::vector<Handle<PoiTypeInfo>> home{h.poi_types().home};
    for (BlockPos bed : plan.beds) BOOST_TEST(pois.exists(bed, home), "bed at " << bed.x << "," << bed.z);
    const auto jobs = h.poi_types().job_sites();
    for (BlockPos j : plan.job_sites) BOOST_TEST(pois.exists(j, jobs));
    BOOST_TEST((pois.type_at(plan.bell) == h.poi_types().meeting));
    BOOST_TEST(pois.free_tickets(plan.bell) == 32);
    for (BlockPos d : plan.doors) {
        const std::string door = h.world().blocks().to_string(h.world().block_state(d));
        BOOST_TEST(door.find("minecraft:oak_door[") == 0u);
        BOOST_TEST(door.find("half=lower") != std::string::npos);
    }
    // Stands on the flat world's surface.
    BOOST_TEST(plan.bell.y == WorldHarness::ground_y);
}

BOOST_AUTO_TEST_CASE(same_seed_same_village_other_seed_differs) {
    WorldHarness a, b, c;
    build_village(a.world(), {0, 0, 0}, 7, 6);
    build_village(b.world(), {0, 0, 0}, 7, 6);
    build_village(c.world(), {0, 0, 0}, 8, 6);
    const BlockPos lo{-16, -61, -16}, hi{16, -56, 18};
    const auto sa = snapshot(a.world(), lo, hi);
    BOOST_TEST((sa == snapshot(b.world(), lo, hi)));
    BOOST_TEST((sa != snapshot(c.world(), lo, hi)));
}

BOOST_AUTO_TEST_CASE(refuses_a_bad_house_count) {
    WorldHarness h;
    BOOST_CHECK_THROW(build_village(h.world(), {0, 0, 0}, 1, 0), std::invalid_argument);
    BOOST_CHECK_THROW(build_village(h.world(), {0, 0, 0}, 1, 9), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
