// Schedules: Schedule.getActivityAt on both sides of every keyframe, the builder's errors,
// schedule JSON and loading schedules from a datapack folder.
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/schedule.hpp"

namespace {

using namespace mobsdk::brain;
using mobsdk::Registry;
using mobsdk::ResourceLocation;
namespace fs = std::filesystem;

struct Fixture {
    Registry<ActivityInfo> activities{ResourceLocation::of("activity")};
    Registry<Schedule> schedules{ResourceLocation::of("schedule")};
    VanillaActivities a = register_vanilla_activities(activities);
    VanillaSchedules s = register_vanilla_schedules(schedules, a);

    std::string name(Activity act) const { return activities.id_of(act).str(); }
};

using Frames = std::vector<std::pair<std::int32_t, Activity>>;

Frames frames(const Schedule& s) {
    Frames out;
    for (const auto& k : s.keyframes) out.emplace_back(k.time, k.activity);
    return out;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A scratch datapack root, removed afterwards.
struct TempRoot {
    fs::path root = fs::temp_directory_path() / ("mobsdk-schedules-" + std::to_string(::getpid()));
    TempRoot() {
        fs::remove_all(root);
        fs::create_directories(root);
    }
    ~TempRoot() {
        std::error_code ec;
        fs::remove_all(root, ec);
    }
    void write(const std::string& rel, const std::string& text) const {
        const fs::path p = root / rel;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(schedule)

BOOST_FIXTURE_TEST_CASE(villager_default_both_sides_of_every_keyframe, Fixture) {
    const Schedule& v = schedules[s.villager_default];
    const std::pair<std::int64_t, Activity> cases[] = {
        {9, a.rest},     {10, a.idle},    {1999, a.idle},  {2000, a.work},  {8999, a.work},  {9000, a.meet},
        {10999, a.meet}, {11000, a.idle}, {11999, a.idle}, {12000, a.rest}, {23999, a.rest},
    };
    for (const auto& [t, expected] : cases) BOOST_TEST_CONTEXT("day time " << t) {
            BOOST_TEST(name(v.activity_at(t)) == name(expected));
        }
    // Before the first keyframe the day wraps to the last one: 0..9 is still the previous night's rest.
    for (std::int64_t t = 0; t <= 9; ++t) BOOST_TEST_CONTEXT("day time " << t) {
            BOOST_TEST(name(v.activity_at(t)) == "minecraft:rest");
        }
}

BOOST_FIXTURE_TEST_CASE(day_time_wraps_both_ways, Fixture) {
    const Schedule& v = schedules[s.villager_default];
    const std::pair<std::int64_t, Activity> cases[] = {
        {24000, a.rest},
        {24009, a.rest},
        {24010, a.idle},
        {24000 * 7 + 2000, a.work},
        {24000LL * 1000000 + 9000, a.meet},
        {-1, a.rest},
        {-24000, a.rest},
        {-23990, a.idle},  // -23990 ≡ 10
        {-22000, a.work},
        {-24000 * 3 + 11000, a.idle},
    };
    for (const auto& [t, expected] : cases) BOOST_TEST_CONTEXT("day time " << t) {
            BOOST_TEST(name(v.activity_at(t)) == name(expected));
        }
}

BOOST_FIXTURE_TEST_CASE(vanilla_schedules_keyframes, Fixture) {
    BOOST_TEST((frames(schedules[s.villager_default]) ==
                Frames{{10, a.idle}, {2000, a.work}, {9000, a.meet}, {11000, a.idle}, {12000, a.rest}}));
    BOOST_TEST((frames(schedules[s.villager_baby]) ==
                Frames{{10, a.idle}, {3000, a.play}, {6000, a.idle}, {10000, a.play}, {12000, a.rest}}));
    BOOST_TEST((frames(schedules[s.simple]) == Frames{{5000, a.work}, {11000, a.rest}}));
    BOOST_TEST((frames(schedules[s.empty]) == Frames{{0, a.idle}}));
    // simple: before 5000 the day wraps to rest.
    BOOST_TEST(name(schedules[s.simple].activity_at(4999)) == "minecraft:rest");
    BOOST_TEST(name(schedules[s.simple].activity_at(5000)) == "minecraft:work");
    BOOST_TEST(name(schedules[s.empty].activity_at(12345)) == "minecraft:idle");
    BOOST_TEST(name(schedules[s.villager_baby].activity_at(2999)) == "minecraft:idle");
    BOOST_TEST(name(schedules[s.villager_baby].activity_at(3000)) == "minecraft:play");
    BOOST_TEST(name(schedules[s.villager_baby].activity_at(5999)) == "minecraft:play");
    BOOST_TEST(name(schedules[s.villager_baby].activity_at(6000)) == "minecraft:idle");
    BOOST_TEST(name(schedules[s.villager_baby].activity_at(10000)) == "minecraft:play");
}

BOOST_FIXTURE_TEST_CASE(empty_schedule_has_no_activity, Fixture) {
    const Schedule none;
    BOOST_TEST(!none.activity_at(0).valid());
    BOOST_TEST(!none.activity_at(-5).valid());
}

BOOST_FIXTURE_TEST_CASE(schedule_builder_sorts_and_refuses_bad_times, Fixture) {
    const Schedule s2 = ScheduleBuilder().change_activity_at(12000, a.rest).change_activity_at(0, a.work).build();
    BOOST_TEST((frames(s2) == Frames{{0, a.work}, {12000, a.rest}}));
    BOOST_TEST((frames(ScheduleBuilder().change_activity_at(23999, a.rest).build()) == Frames{{23999, a.rest}}));

    auto message_has = [](const std::string& part) {
        return [part](const std::invalid_argument& e) { return contains(e.what(), part); };
    };
    BOOST_CHECK_EXCEPTION(ScheduleBuilder().change_activity_at(-1, a.idle).build(), std::invalid_argument,
                          message_has("-1"));
    BOOST_CHECK_EXCEPTION(ScheduleBuilder().change_activity_at(24000, a.idle).build(), std::invalid_argument,
                          message_has("24000"));
    BOOST_CHECK_EXCEPTION(ScheduleBuilder()
                              .change_activity_at(10, a.idle)
                              .change_activity_at(5, a.rest)
                              .change_activity_at(10, a.work)
                              .build(),
                          std::invalid_argument, message_has("10"));
    BOOST_TEST(ScheduleBuilder().build().keyframes.empty());  // allowed; activity_at is then invalid
}

BOOST_FIXTURE_TEST_CASE(parse_schedule_json_good, Fixture) {
    const auto r = parse_schedule_json(R"({"keyframes": [
        {"time": 12000, "activity": "minecraft:rest"},
        {"time": 10, "activity": "idle"},
        {"time": 2000, "activity": "work"}
    ]})",
                                       activities);
    BOOST_TEST_REQUIRE(r.has_value());
    BOOST_TEST((frames(*r) == Frames{{10, a.idle}, {2000, a.work}, {12000, a.rest}}));
    BOOST_TEST(name(r->activity_at(5)) == "minecraft:rest");

    // A plugin's activity by its namespaced id; unknown object members are ignored.
    const Activity dance = activities.register_entry("example:dance", ActivityInfo{}, "example");
    const auto d =
        parse_schedule_json(R"({"keyframes": [{"time": 0, "activity": "example:dance", "note": 1}]})", activities);
    BOOST_TEST_REQUIRE(d.has_value());
    BOOST_TEST((frames(*d) == Frames{{0, dance}}));
}

BOOST_FIXTURE_TEST_CASE(parse_schedule_json_errors_name_the_place, Fixture) {
    const std::pair<const char*, const char*> cases[] = {
        {"{\"keyframes\": [", "not valid JSON"},
        {"[]", "expected an object with a \"keyframes\" array"},
        {"{}", "expected an object with a \"keyframes\" array"},
        {R"({"keyframes": {}})", "expected an object with a \"keyframes\" array"},
        {R"({"keyframes": []})", "keyframes: at least one keyframe"},
        {R"({"keyframes": [1]})", "keyframes[0]: expected an object"},
        {R"({"keyframes": [{"activity": "idle"}]})", "keyframes[0].time: expected an integer"},
        {R"({"keyframes": [{"time": 0, "activity": "idle"}, {"time": 10.5, "activity": "idle"}]})",
         "keyframes[1].time: expected an integer"},
        {R"({"keyframes": [{"time": "10", "activity": "idle"}]})", "keyframes[0].time: expected an integer"},
        {R"({"keyframes": [{"time": 24000, "activity": "idle"}]})", "keyframes[0].time: 24000 is outside 0..23999"},
        {R"({"keyframes": [{"time": -1, "activity": "idle"}]})", "keyframes[0].time: -1 is outside 0..23999"},
        {R"({"keyframes": [{"time": 1}]})", "keyframes[0].activity: expected a string"},
        {R"({"keyframes": [{"time": 1, "activity": 3}]})", "keyframes[0].activity: expected a string"},
        {R"({"keyframes": [{"time": 10, "activity": "idle"}, {"time": 2000, "activity": "work"},
                           {"time": 9000, "activity": "minecraft:dance"}]})",
         "keyframes[2].activity: unknown activity minecraft:dance"},
        {R"({"keyframes": [{"time": 1, "activity": "dance"}]})", "keyframes[0].activity: unknown activity"},
        {R"({"keyframes": [{"time": 1, "activity": "Not An Id"}]})", "keyframes[0].activity: unknown activity"},
    };
    for (const auto& [json, message] : cases) {
        BOOST_TEST_CONTEXT(json) {
            const auto r = parse_schedule_json(json, activities);
            BOOST_TEST_REQUIRE(!r.has_value());
            BOOST_TEST(contains(r.error(), message), "error '" << r.error() << "' should contain '" << message << "'");
        }
    }
    // The brief's example, exactly.
    const auto dance = parse_schedule_json(R"({"keyframes": [{"time": 10, "activity": "idle"},
        {"time": 2000, "activity": "work"}, {"time": 9000, "activity": "minecraft:dance"}]})",
                                           activities);
    BOOST_TEST_REQUIRE(!dance.has_value());
    BOOST_TEST(dance.error() == "keyframes[2].activity: unknown activity minecraft:dance");
    // Integers too big for any time are refused, not wrapped into range.
    for (const char* big : {R"({"keyframes": [{"time": 4294967306, "activity": "idle"}]})",
                            R"({"keyframes": [{"time": 9223372036854775808, "activity": "idle"}]})",
                            R"({"keyframes": [{"time": 18446744073709551626, "activity": "idle"}]})"}) {
        BOOST_TEST_CONTEXT(big) { BOOST_TEST(!parse_schedule_json(big, activities).has_value()); }
    }
}

// Regression (were vague messages in parse_schedule_json): both errors say where the problem is.
// A duplicate time names the keyframe, and an unsigned time above INT64_MAX is reported as written
// (it once wrapped to -1 on its way through a signed read).
BOOST_FIXTURE_TEST_CASE(parse_schedule_json_duplicate_and_huge_times_name_the_place, Fixture) {
    const auto dup = parse_schedule_json(
        R"({"keyframes": [{"time": 10, "activity": "idle"}, {"time": 10, "activity": "work"}]})", activities);
    BOOST_TEST_REQUIRE(!dup.has_value());
    BOOST_TEST(contains(dup.error(), "10"));
    BOOST_TEST(contains(dup.error(), "keyframes[1].time"), "got '" << dup.error() << "'");

    const auto huge =
        parse_schedule_json(R"({"keyframes": [{"time": 18446744073709551615, "activity": "idle"}]})", activities);
    BOOST_TEST_REQUIRE(!huge.has_value());
    BOOST_TEST(contains(huge.error(), "18446744073709551615"), "got '" << huge.error() << "'");
}

BOOST_FIXTURE_TEST_CASE(load_schedules_from_a_datapack, Fixture) {
    TempRoot dp;
    // Replaces vanilla's villager_default: work from dawn, rest at dusk.
    dp.write("data/minecraft/schedules/villager_default.json",
             R"({"keyframes": [{"time": 0, "activity": "work"}, {"time": 12000, "activity": "rest"}]})");
    dp.write("data/example/schedules/night_shift.json",
             R"({"keyframes": [{"time": 0, "activity": "rest"}, {"time": 12000, "activity": "minecraft:work"}]})");
    dp.write("data/example/schedules/shifts/early.json", R"({"keyframes": [{"time": 1000, "activity": "work"}]})");
    dp.write("data/example/schedules/broken.json",
             R"({"keyframes": [{"time": 10, "activity": "idle"}, {"time": 2000, "activity": "work"},
                               {"time": 9000, "activity": "minecraft:dance"}]})");
    dp.write("data/example/schedules/Bad Name.json", R"({"keyframes": [{"time": 0, "activity": "idle"}]})");
    dp.write("data/example/schedules/readme.txt", "not a schedule");
    dp.write("data/example/loot_tables/x.json", "{}");  // another kind of file: not read

    const ScheduleHandle vd = s.villager_default;
    const std::size_t before = schedules.size();
    const auto errors = load_schedules(dp.root, schedules, activities);

    BOOST_TEST_REQUIRE(errors.size() == 2u);
    bool broken = false, bad_name = false;
    for (const auto& e : errors) {
        if (contains(e.file, "broken.json")) {
            broken = true;
            BOOST_TEST(e.message == "keyframes[2].activity: unknown activity minecraft:dance");
        }
        if (contains(e.file, "Bad Name.json")) bad_name = true;
    }
    BOOST_TEST(broken);
    BOOST_TEST(bad_name);

    // Replaced in place: the handle (and pointers brains hold) stay the same.
    BOOST_TEST((schedules.find("minecraft:villager_default") == vd));
    BOOST_TEST((frames(schedules[vd]) == Frames{{0, a.work}, {12000, a.rest}}));
    BOOST_TEST(name(schedules[vd].activity_at(9000)) == "minecraft:work");

    const auto night = schedules.find("example:night_shift");
    BOOST_TEST_REQUIRE(night.has_value());
    BOOST_TEST((frames(schedules[*night]) == Frames{{0, a.rest}, {12000, a.work}}));
    BOOST_TEST(schedules.entry(*night).registrant == "datapack");
    BOOST_TEST(schedules.find("example:shifts/early").has_value());
    BOOST_TEST(!schedules.find("example:broken").has_value());
    BOOST_TEST(schedules.size() == before + 2);
    // Other vanilla schedules are untouched.
    BOOST_TEST((frames(schedules[s.simple]) == Frames{{5000, a.work}, {11000, a.rest}}));
}

BOOST_FIXTURE_TEST_CASE(load_schedules_without_data_folder_or_after_freeze, Fixture) {
    TempRoot dp;
    BOOST_TEST(load_schedules(dp.root / "missing", schedules, activities).empty());
    BOOST_TEST(load_schedules(dp.root, schedules, activities).empty());

    dp.write("data/minecraft/schedules/simple.json", R"({"keyframes": [{"time": 0, "activity": "work"}]})");
    dp.write("data/example/schedules/late.json", R"({"keyframes": [{"time": 0, "activity": "work"}]})");
    schedules.freeze();
    std::vector<ScheduleLoadError> errors;
    BOOST_CHECK_NO_THROW(errors = load_schedules(dp.root, schedules, activities));  // reported, not thrown
    BOOST_TEST(errors.size() == 2u);
    BOOST_TEST((frames(schedules[s.simple]) == Frames{{5000, a.work}, {11000, a.rest}}));
}

BOOST_AUTO_TEST_SUITE_END()
