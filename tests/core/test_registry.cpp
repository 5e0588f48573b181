// Registry<T>: typed handles, lookup, registration order, duplicate and frozen errors.
#include <boost/test/unit_test.hpp>
#include <unordered_set>
#include <vector>

#include "mobsdk/core/registry.hpp"

using mobsdk::Handle;
using mobsdk::Registry;
using mobsdk::RegistryError;
using mobsdk::ResourceLocation;

namespace {

struct PoiTypeData {
    int max_tickets;
    int valid_range;
};

struct ActivityData {};

bool message_contains(const RegistryError& e, const std::string& text) {
    return std::string(e.what()).find(text) != std::string::npos;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(registry)

BOOST_AUTO_TEST_CASE(register_returns_handles_in_order) {
    Registry<PoiTypeData> pois(ResourceLocation::of("point_of_interest_type"));
    auto armorer = pois.register_entry("armorer", {1, 1});
    auto home = pois.register_entry("minecraft:home", {1, 1});
    auto meeting = pois.register_entry("meeting", {32, 6});
    BOOST_TEST(armorer.index() == 0u);
    BOOST_TEST(home.index() == 1u);
    BOOST_TEST(meeting.index() == 2u);
    BOOST_TEST(pois.size() == 3u);
    BOOST_TEST(pois[meeting].max_tickets == 32);
    BOOST_TEST(pois[meeting].valid_range == 6);
    BOOST_TEST(pois.id_of(home).str() == "minecraft:home");

    std::vector<std::string> order;
    for (const auto& e : pois) order.push_back(e.id.str());
    BOOST_TEST((order == std::vector<std::string>{"minecraft:armorer", "minecraft:home", "minecraft:meeting"}));
}

BOOST_AUTO_TEST_CASE(lookup_by_id_text_or_location) {
    Registry<ActivityData> activities(ResourceLocation::of("activity"));
    auto core = activities.register_entry("core", {});
    auto work = activities.register_entry("work", {});
    BOOST_TEST((activities.find("core") == core));
    BOOST_TEST((activities.find("minecraft:work") == work));
    BOOST_TEST((activities.find(ResourceLocation::of("work")) == work));
    BOOST_TEST(!activities.find("rest").has_value());
    BOOST_TEST(!activities.find("Not An Id").has_value());
    BOOST_TEST((activities.require("work") == work));
    BOOST_CHECK_THROW(activities.require("rest"), RegistryError);
}

BOOST_AUTO_TEST_CASE(duplicate_names_both_registrants) {
    Registry<ActivityData> activities(ResourceLocation::of("activity"));
    activities.register_entry("example:dance", {}, "plugin-a");
    try {
        activities.register_entry("example:dance", {}, "plugin-b");
        BOOST_FAIL("expected RegistryError");
    } catch (const RegistryError& e) {
        BOOST_TEST(std::string(e.what()) ==
                   "registry minecraft:activity: duplicate id example:dance, registered by "
                   "'plugin-a' and again by 'plugin-b'");
    }
    BOOST_TEST(activities.size() == 1u);
}

BOOST_AUTO_TEST_CASE(frozen_registry_refuses_registration) {
    Registry<ActivityData> activities(ResourceLocation::of("activity"));
    auto idle = activities.register_entry("idle", {});
    BOOST_TEST(!activities.frozen());
    activities.freeze();
    BOOST_TEST(activities.frozen());
    try {
        activities.register_entry("example:late", {}, "late-plugin");
        BOOST_FAIL("expected RegistryError");
    } catch (const RegistryError& e) {
        BOOST_TEST(message_contains(e, "frozen"));
        BOOST_TEST(message_contains(e, "late-plugin"));
        BOOST_TEST(message_contains(e, "example:late"));
    }
    BOOST_CHECK_THROW(activities.mutable_value(idle), RegistryError);
    BOOST_TEST((activities.find("idle") == idle));  // reads still work
}

BOOST_AUTO_TEST_CASE(mutable_until_frozen) {
    Registry<PoiTypeData> pois(ResourceLocation::of("point_of_interest_type"));
    auto h = pois.register_entry("home", {1, 1});
    pois.mutable_value(h).max_tickets = 2;
    BOOST_TEST(pois[h].max_tickets == 2);
}

BOOST_AUTO_TEST_CASE(invalid_id_throws_on_registration) {
    Registry<ActivityData> activities(ResourceLocation::of("activity"));
    BOOST_CHECK_THROW(activities.register_entry("Bad Id", {}), mobsdk::InvalidResourceLocation);
    BOOST_TEST(activities.size() == 0u);
}

BOOST_AUTO_TEST_CASE(handles_are_cheap_values) {
    static_assert(sizeof(Handle<PoiTypeData>) == sizeof(std::uint32_t));
    static_assert(std::is_trivially_copyable_v<Handle<PoiTypeData>>);
    Registry<PoiTypeData> pois(ResourceLocation::of("point_of_interest_type"));
    auto a = pois.register_entry("a", {0, 0});
    auto b = pois.register_entry("b", {0, 0});
    Handle<PoiTypeData> invalid;
    BOOST_TEST(!invalid.valid());
    BOOST_TEST(a.valid());
    BOOST_TEST((a != b));
    BOOST_TEST((a < b));
    std::unordered_set<Handle<PoiTypeData>> set{a, b, a};
    BOOST_TEST(set.size() == 2u);
    BOOST_CHECK_THROW(pois.entry(invalid), RegistryError);
    BOOST_CHECK_THROW(pois.entry(Handle<PoiTypeData>::from_index(7)), RegistryError);
}

BOOST_AUTO_TEST_CASE(references_stay_valid_while_registering) {
    Registry<PoiTypeData> pois(ResourceLocation::of("point_of_interest_type"));
    auto first = pois.register_entry("first", {5, 5});
    const PoiTypeData* p = &pois[first];
    for (int i = 0; i < 1000; ++i) pois.register_entry("n" + std::to_string(i), {i, i});
    BOOST_TEST(p == &pois[first]);
    BOOST_TEST(p->max_tickets == 5);
}

BOOST_AUTO_TEST_CASE(entry_records_registrant) {
    Registry<ActivityData> activities(ResourceLocation::of("activity"));
    auto h = activities.register_entry("example:dance", {}, "example-plugin");
    BOOST_TEST(activities.entry(h).registrant == "example-plugin");
    BOOST_TEST(activities.registry_id().str() == "minecraft:activity");
}

BOOST_AUTO_TEST_SUITE_END()
