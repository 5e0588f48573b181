// Snapshots of a mob's mind as JSON (mobsdk/debug/snapshot.hpp): a brain (activities, schedule, a
// RunOne with the child it chose, memories through their formatters — a plugin's own type included
// — and sensors), a goal selector, a behaviour tree, a whole mob; each read back as JSON.
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/composites.hpp"
#include "mobsdk/brain/gate_behavior.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/bt/brain_behavior.hpp"
#include "mobsdk/bt/builder.hpp"
#include "mobsdk/bt/goal_adapter.hpp"
#include "mobsdk/debug/snapshot.hpp"
#include "mobsdk/testing/fake_world.hpp"
#include "mobsdk/world/entity_type.hpp"

using namespace mobsdk;
using namespace mobsdk::brain;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;
using Json = nlohmann::json;

// A plugin's value type with its own formatter, in the plugin's namespace.
namespace plugin {
struct Grudge {
    Uuid against;
    std::int32_t level = 0;
    friend bool operator==(const Grudge&, const Grudge&) = default;
};
std::string format_memory_value(const Grudge& g, const FormatContext&) {
    return "grudge " + std::to_string(g.level) + " against \"" + g.against.str() + "\"";
}
}  // namespace plugin

namespace {

constexpr Uuid kA{0x0000000100000002ull, 0x0000000300000004ull};

// A behaviour that runs while the test lets it start, named as the test says.
class Named final : public Behavior {
public:
    Named(std::string name, bool startable) : Behavior({}, 1000, 1000), name_(std::move(name)), ok_(startable) {}
    std::string debug_string() const override { return name_; }

protected:
    bool check_extra_start_conditions(Level&, Mob&) override { return ok_; }
    bool can_still_use(Level&, Mob&, std::int64_t) override { return true; }

private:
    std::string name_;
    bool ok_;
};

// Writes a grudge every 5 ticks (the plugin's sensor).
class GrudgeSensor final : public Sensor {
public:
    explicit GrudgeSensor(MemoryModuleType<plugin::Grudge> memory) : Sensor(5), memory_(memory) {}
    std::vector<MemoryHandle> requires_memories() const override { return {memory_}; }

protected:
    void do_tick(Level&, Mob& mob) override { mob.brain()->set_memory(memory_, plugin::Grudge{kA, 2}); }

private:
    MemoryModuleType<plugin::Grudge> memory_;
};

// A goal the test makes usable or not.
class Scripted final : public goal::Goal {
public:
    Scripted(std::string name, goal::Flags flags, bool usable) : name_(std::move(name)), usable_(usable) {
        set_flags(flags);
    }
    bool can_use(Level&, Mob&) override { return usable_; }
    bool is_interruptable() const override { return name_ != "stubborn"; }
    std::string debug_string() const override { return name_; }

private:
    std::string name_;
    bool usable_;
};

bt::BehaviorTree patrol_tree() {
    return bt::BehaviorTreeBuilder()
        .sequence()
        .condition([](bt::TickContext&) { return true; })
        .name("see")
        .back()
        .action([](bt::TickContext&) { return bt::Status::Running; })
        .name("walk")
        .end();
}

struct Fixture {
    BrainRegistries reg;
    StandardMemories m = register_standard_memories(reg.memory_types);
    VanillaActivities a = register_vanilla_activities(reg.activities);
    VanillaSchedules s = register_vanilla_schedules(reg.schedules, a);
    MemoryModuleType<plugin::Grudge> grudge = register_memory<plugin::Grudge>(reg.memory_types, "example:grudge");
    SensorType grudge_sensor = register_sensor<GrudgeSensor>(reg.sensor_types, "example:grudges", "example", grudge);
    Registry<EntityTypeInfo> entity_types{ResourceLocation::of("entity_type")};
    Handle<EntityTypeInfo> villager = entity_types.register_entry("minecraft:villager", EntityTypeInfo{}, "test");
    FakeLevel level{1};
    FakeMob mob{Uuid{9, 9}, 0};

    Fixture() {
        const std::vector<MemoryHandle> memories{m.home, m.job_site, m.walk_target};
        const std::vector<SensorType> sensors{grudge_sensor};
        BrainProvider provider(reg, memories, sensors);
        mob.brain_ = provider.make_brain(level.random());
        mob.type_ = villager;
        mob.position_ = {0.5, 64, 0.5};
        level.mobs = {&mob};
    }
    Brain& brain() { return *mob.brain_; }
    FormatContext context() { return FormatContext{&level, &entity_types, mob.position()}; }
};

const Json* find_by(const Json& list, const char* key, const std::string& value) {
    for (const Json& e : list)
        if (e.at(key) == value) return &e;
    return nullptr;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(snapshot)

BOOST_FIXTURE_TEST_CASE(a_brain_shows_activities_schedule_and_running_tree, Fixture) {
    Brain& b = brain();
    b.set_core_activities({a.core});
    b.set_default_activity(a.idle);
    b.set_schedule(&reg.schedules[s.villager_default]);
    b.add_activity(a.core, 0,
                   behavior_list(std::make_unique<RunOne>(
                       weighted_behaviors(std::pair{std::make_unique<Named>("refused", false), 1},
                                          std::pair{std::make_unique<Named>("chosen", true), 1}))));
    b.add_activity(a.idle, 0, behavior_list(std::make_unique<bt::BehaviorTreeBehavior>(patrol_tree())));
    b.use_default_activity();
    level.day_time_ = 2500;
    level.tick();

    const Json j = Json::parse(debug::brain_json(b, context()));
    BOOST_TEST(j["activities"]["core"] == Json::array({"minecraft:core"}));
    BOOST_TEST(j["activities"]["active"] == Json::array({"minecraft:core", "minecraft:idle"}));
    BOOST_TEST(j["activities"]["default"] == "minecraft:idle");
    BOOST_TEST(j["schedule"]["id"] == "minecraft:villager_default");
    BOOST_TEST(j["schedule"]["day_time"] == 2501);
    BOOST_TEST(j["schedule"]["now"] == "minecraft:work");

    const Json& running = j["running"];
    BOOST_TEST_REQUIRE(running.size() == 2u);
    BOOST_TEST(running[0]["name"] == "RunOne");
    BOOST_TEST(running[0]["status"] == "running");
    BOOST_TEST_REQUIRE(running[0]["children"].size() == 1u);  // only the child it chose
    BOOST_TEST(running[0]["children"][0]["name"] == "chosen");
    BOOST_TEST(running[1]["name"] == "BehaviorTree");
    const Json& root = running[1]["tree"]["root"];
    BOOST_TEST(root["kind"] == "sequence");
    BOOST_TEST(root["status"] == "Running");
    BOOST_TEST(root["children"][1]["name"] == "walk");
    BOOST_TEST(root["children"][1]["status"] == "Running");
}

BOOST_FIXTURE_TEST_CASE(a_brain_shows_every_memory_through_its_formatter_and_each_sensor, Fixture) {
    Brain& b = brain();
    b.set_memory(m.home, GlobalPos{ResourceLocation::of("minecraft:overworld"), BlockPos{1, 64, 2}});
    b.set_memory_with_expiry(m.walk_target, WalkTarget{BlockPos{3, 64, 4}, 0.5f, 1}, 120);

    Json j = Json::parse(debug::brain_json(b, context()));
    const Json& memories = j["memories"];
    BOOST_TEST(memories.size() == 4u);  // the three listed and the sensor's
    const Json* home = find_by(memories, "id", "minecraft:home");
    BOOST_TEST_REQUIRE(home);
    BOOST_TEST((*home)["present"] == true);
    BOOST_TEST((*home)["value"] == R"({dimension:"minecraft:overworld",pos:[I;1,64,2]})");  // its codec's SNBT
    BOOST_TEST((*home)["ttl"].is_null());                                                   // forever
    const Json* walk = find_by(memories, "id", "minecraft:walk_target");
    BOOST_TEST_REQUIRE(walk);
    BOOST_TEST((*walk)["ttl"] == 120);
    const Json* job = find_by(memories, "id", "minecraft:job_site");
    BOOST_TEST_REQUIRE(job);
    BOOST_TEST((*job)["present"] == false);
    BOOST_TEST((*job)["value"] == "");

    // The plugin's sensor and its memory, shown by the plugin's own formatter (quotes escaped).
    BOOST_TEST_REQUIRE(j["sensors"].size() == 1u);
    const std::int64_t next = j["sensors"][0]["next_scan"];
    BOOST_TEST(j["sensors"][0]["id"] == "example:grudges");
    BOOST_TEST(j["sensors"][0]["scan_rate"] == 5);
    for (std::int64_t i = 0; i < next; ++i) level.tick();
    j = Json::parse(debug::brain_json(b, context()));
    BOOST_TEST(j["sensors"][0]["next_scan"] == 5);
    const Json* g = find_by(j["memories"], "id", "example:grudge");
    BOOST_TEST_REQUIRE(g);
    BOOST_TEST((*g)["value"] == "grudge 2 against \"" + kA.str() + "\"");
    BOOST_TEST(j["schedule"].is_null());
    BOOST_TEST(j["activities"]["default"].is_null());
    BOOST_TEST(j["running"].empty());
}

BOOST_FIXTURE_TEST_CASE(a_goal_selector_shows_each_goal_with_priority_flags_and_whether_it_runs, Fixture) {
    goal::GoalSelector selector;
    selector.add<Scripted>(1, "panic", goal::Flags{goal::Flag::Move}, true);
    selector.add<Scripted>(2, "stubborn", goal::Flags{goal::Flag::Move, goal::Flag::Look}, true);
    selector.add<Scripted>(7, "look", goal::Flags{goal::Flag::Look}, false);
    bt::BehaviorTreeGoal::Options options;
    options.flags = goal::Flags{goal::Flag::Jump};
    options.name = "patrol";
    selector.add<bt::BehaviorTreeGoal>(8, patrol_tree(), options);
    selector.disable_control_flag(goal::Flag::Target);
    selector.tick(level, mob);

    const Json j = Json::parse(debug::goal_selector_json(selector));
    BOOST_TEST(j["disabled_flags"] == Json::array({"target"}));
    const Json& goals = j["goals"];
    BOOST_TEST_REQUIRE(goals.size() == 4u);
    BOOST_TEST(goals[0] == Json::parse(R"({"priority":1,"name":"panic","flags":["move"],"running":true,)"
                                       R"("interruptable":true})"));
    BOOST_TEST(goals[1]["running"] == false);  // its move flag is held by panic
    BOOST_TEST(goals[1]["flags"] == Json::array({"move", "look"}));
    BOOST_TEST(goals[1]["interruptable"] == false);
    BOOST_TEST(goals[2]["running"] == false);  // not usable
    BOOST_TEST(goals[3]["running"] == true);
    BOOST_TEST(goals[3]["tree"]["root"]["children"][0]["name"] == "see");
}

BOOST_AUTO_TEST_CASE(a_tree_shows_each_node_with_its_status) {
    bt::BehaviorTree empty;
    BOOST_TEST(Json::parse(debug::tree_json(empty)) == Json::parse(R"({"mode":"rewalk","root":null})"));

    bt::BehaviorTree t = patrol_tree();
    Json j = Json::parse(debug::tree_json(t));
    BOOST_TEST(j["root"]["status"] == "Invalid");
    FakeLevel level;
    FakeMob mob{Uuid{1, 1}};
    bt::TickContext ctx(level, mob, nullptr, 0);
    t.tick(ctx);
    j = Json::parse(debug::tree_json(t));
    BOOST_TEST(j == Json::parse(R"({"mode":"rewalk","root":{"id":0,"kind":"sequence","name":"","status":"Running",
        "children":[{"id":1,"kind":"condition","name":"see","status":"Success","children":[]},
                    {"id":2,"kind":"action","name":"walk","status":"Running","children":[]}]}})"));
}

BOOST_FIXTURE_TEST_CASE(a_mob_shows_its_type_place_health_and_mind, Fixture) {
    mob.target_ = EntityRef{kA, {}};
    const Json j = Json::parse(debug::mob_json(mob, context()));
    BOOST_TEST(j["uuid"] == mob.uuid().str());
    BOOST_TEST(j["type"] == "minecraft:villager");
    BOOST_TEST(j["position"] == Json::array({0.5, 64.0, 0.5}));
    BOOST_TEST(j["health"] == 20.0);
    BOOST_TEST(j["target"] == kA.str());
    BOOST_TEST(j["brain"]["memories"].size() == 4u);
    BOOST_TEST(j["goals"].is_null());
    BOOST_TEST(j["targets"].is_null());
    // Without entity types the type is unknown, not invented.
    BOOST_TEST(Json::parse(debug::mob_json(mob, FormatContext{}))["type"].is_null());
}

BOOST_AUTO_TEST_SUITE_END()
