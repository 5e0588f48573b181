// Activities: vanilla's activity ids (and that the vanilla schedules are registered beside them).
#include <boost/test/unit_test.hpp>
#include <string>
#include <utility>

#include "mobsdk/brain/activity.hpp"

namespace {

using namespace mobsdk::brain;
using mobsdk::Registry;
using mobsdk::ResourceLocation;

struct Fixture {
    Registry<ActivityInfo> activities{ResourceLocation::of("activity")};
    Registry<Schedule> schedules{ResourceLocation::of("schedule")};
    VanillaActivities a = register_vanilla_activities(activities);
    VanillaSchedules s = register_vanilla_schedules(schedules, a);

    std::string name(Activity act) const { return activities.id_of(act).str(); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(activity)

BOOST_FIXTURE_TEST_CASE(vanilla_activity_ids, Fixture) {
    const std::pair<Activity, const char*> expected[] = {
        {a.core, "core"},
        {a.idle, "idle"},
        {a.work, "work"},
        {a.play, "play"},
        {a.rest, "rest"},
        {a.meet, "meet"},
        {a.panic, "panic"},
        {a.raid, "raid"},
        {a.pre_raid, "pre_raid"},
        {a.hide, "hide"},
        {a.fight, "fight"},
        {a.celebrate, "celebrate"},
        {a.admire_item, "admire_item"},
        {a.avoid, "avoid"},
        {a.ride, "ride"},
        {a.play_dead, "play_dead"},
        {a.long_jump, "long_jump"},
        {a.ram, "ram"},
        {a.tongue, "tongue"},
        {a.swim, "swim"},
        {a.lay_spawn, "lay_spawn"},
        {a.sniff, "sniff"},
        {a.investigate, "investigate"},
        {a.roar, "roar"},
        {a.emerge, "emerge"},
        {a.dig, "dig"},
    };
    BOOST_TEST(activities.size() == std::size(expected));
    for (const auto& [act, id] : expected) {
        BOOST_TEST(name(act) == std::string("minecraft:") + id);
        BOOST_TEST((activities.find(id) == act));
    }
    for (const char* id : {"villager_default", "villager_baby", "simple", "empty"})
        BOOST_TEST(schedules.find(std::string("minecraft:") + id).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
