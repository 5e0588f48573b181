// The vanilla POI types: ids, block states, tickets and ranges.
#include <boost/test/unit_test.hpp>

#include "mobsdk/world/registries.hpp"

using namespace mobsdk;

BOOST_AUTO_TEST_SUITE(poi_types)

BOOST_AUTO_TEST_CASE(twenty_vanilla_types_in_order) {
    WorldRegistries reg;
    register_vanilla_poi_types(reg.poi_types);
    std::vector<std::string> ids;
    for (const auto& e : reg.poi_types) ids.push_back(e.id.str());
    const std::vector<std::string> expected{
        "minecraft:armorer",     "minecraft:butcher",       "minecraft:cartographer", "minecraft:cleric",
        "minecraft:farmer",      "minecraft:fisherman",     "minecraft:fletcher",     "minecraft:leatherworker",
        "minecraft:librarian",   "minecraft:mason",         "minecraft:shepherd",     "minecraft:toolsmith",
        "minecraft:weaponsmith", "minecraft:home",          "minecraft:meeting",      "minecraft:beehive",
        "minecraft:bee_nest",    "minecraft:nether_portal", "minecraft:lodestone",    "minecraft:lightning_rod"};
    BOOST_TEST(ids == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(tickets_and_ranges) {
    WorldRegistries reg;
    auto v = register_vanilla_poi_types(reg.poi_types);
    for (auto job : v.job_sites()) {
        BOOST_TEST(reg.poi_types[job].max_tickets == 1);
        BOOST_TEST(reg.poi_types[job].valid_range == 1);
    }
    BOOST_TEST(v.job_sites().size() == 13u);
    BOOST_TEST(reg.poi_types[v.home].max_tickets == 1);
    BOOST_TEST(reg.poi_types[v.home].valid_range == 1);
    BOOST_TEST(reg.poi_types[v.meeting].max_tickets == 32);
    BOOST_TEST(reg.poi_types[v.meeting].valid_range == 6);
    for (auto h : {v.beehive, v.bee_nest, v.nether_portal, v.lodestone, v.lightning_rod}) {
        BOOST_TEST(reg.poi_types[h].max_tickets == 0);
        BOOST_TEST(reg.poi_types[h].valid_range == 1);
    }
}

BOOST_AUTO_TEST_CASE(block_states) {
    WorldRegistries reg;
    auto v = register_vanilla_poi_types(reg.poi_types);
    const auto& home = reg.poi_types[v.home].states;
    BOOST_TEST(home.size() == 16u);
    for (const auto& s : home) {
        BOOST_TEST(s.block.path().ends_with("_bed"));
        BOOST_TEST((s.properties == std::vector<std::pair<std::string, std::string>>{{"part", "head"}}));
    }
    BOOST_TEST(reg.poi_types[v.farmer].states.front().block.str() == "minecraft:composter");
    BOOST_TEST(reg.poi_types[v.leatherworker].states.size() == 4u);
    BOOST_TEST(reg.poi_types[v.meeting].states.front().block.str() == "minecraft:bell");
}

BOOST_AUTO_TEST_CASE(plugins_add_their_own_and_duplicates_fail) {
    WorldRegistries reg;
    register_vanilla_poi_types(reg.poi_types);
    PoiTypeInfo shrine{{{ResourceLocation::of("example:shrine"), {}}}, 3, 2};
    auto h = reg.poi_types.register_entry("example:shrine", shrine, "example");
    BOOST_TEST(reg.poi_types[h].max_tickets == 3);
    BOOST_CHECK_THROW(reg.poi_types.register_entry("minecraft:home", PoiTypeInfo{}, "example"), RegistryError);
    reg.freeze();
    BOOST_CHECK_THROW(reg.poi_types.register_entry("example:late", PoiTypeInfo{}, "example"), RegistryError);
}

BOOST_AUTO_TEST_SUITE_END()
