// A mob's mind as a history (mobsdk/debug/history.hpp): observed every tick it catches a behaviour
// that runs for one tick, activity changes in order, the chosen child of a RunOne, newest first,
// and never more than its capacity.
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/composites.hpp"
#include "mobsdk/brain/gate_behavior.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/debug/history.hpp"
#include "mobsdk/testing/fake_world.hpp"

using namespace mobsdk;
using namespace mobsdk::brain;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

namespace {

// Runs while `*allowed` is true; starts when it is.
class Gated final : public Behavior {
public:
    Gated(std::string name, const bool* allowed)
        : Behavior({}, 1000, 1000), name_(std::move(name)), allowed_(allowed) {}
    std::string debug_string() const override { return name_; }

protected:
    bool check_extra_start_conditions(Level&, Mob&) override { return *allowed_; }
    bool can_still_use(Level&, Mob&, std::int64_t) override { return *allowed_; }

private:
    std::string name_;
    const bool* allowed_;
};

struct Fixture {
    BrainRegistries reg;
    StandardMemories m = register_standard_memories(reg.memory_types);
    VanillaActivities a = register_vanilla_activities(reg.activities);
    FakeLevel level{1};
    FakeMob mob{Uuid{9, 9}, 0};
    bool flee = false, chosen = true, run = true;

    Fixture() {
        BrainProvider provider(reg, {}, {});
        mob.brain_ = provider.make_brain(level.random());
        level.mobs = {&mob};
        Brain& b = *mob.brain_;
        b.set_core_activities({a.core});
        b.set_default_activity(a.idle);
        b.add_activity(a.core, 0, behavior_list(std::make_unique<Gated>("Flee", &flee)));
        b.add_activity(a.idle, 0,
                       behavior_list(std::make_unique<RunOne>(
                           weighted_behaviors(std::pair{std::make_unique<Gated>("Stroll", &chosen), 1}))));
        b.add_activity(a.panic, 0, behavior_list(std::make_unique<Gated>("Run", &run)));
        b.use_default_activity();
    }
    // One game tick, then one observation, as the server does while the mob is watched.
    void step(debug::MindHistory& h) {
        level.tick();
        h.observe(mob, level.game_time());
    }
    static std::vector<std::string> texts(const debug::MindHistory& h) {
        std::vector<std::string> out;
        for (const debug::MindEvent& e : h.events()) out.push_back(e.text);
        return out;
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(history)

BOOST_FIXTURE_TEST_CASE(observed_every_tick_it_catches_a_one_tick_behaviour_newest_first, Fixture) {
    debug::MindHistory h;
    step(h);
    const auto first = texts(h);
    BOOST_TEST_REQUIRE(first.size() == 1u);
    BOOST_TEST(first[0] == "watching: activities minecraft:core, minecraft:idle");
    flee = true;
    step(h);  // Flee starts…
    flee = false;
    step(h);  // …and stops a tick later
    const auto t = texts(h);
    const std::vector<std::string> expected{"stopped Flee", "started Flee",
                                            "watching: activities minecraft:core, minecraft:idle"};
    BOOST_TEST(t == expected, boost::test_tools::per_element());
    // The game time of each event is the tick it was seen in.
    BOOST_TEST(h.events()[0].game_time == h.events()[1].game_time + 1);
}

BOOST_FIXTURE_TEST_CASE(activity_changes_are_recorded_as_stopped_then_started, Fixture) {
    debug::MindHistory h;
    step(h);
    step(h);
    mob.brain_->set_active_activity_if_possible(a.panic);
    chosen = false;  // as vanilla's, the idle behaviours run on until they stop themselves: make them
    step(h);
    const auto t = texts(h);
    BOOST_TEST_REQUIRE(t.size() >= 4u);
    // Newest first: within the tick, activity lines come before behaviour lines in time.
    const auto at = [&](const std::string& s) { return std::find(t.begin(), t.end(), s) - t.begin(); };
    BOOST_TEST(at("activity minecraft:idle stopped") < static_cast<long>(t.size()));
    BOOST_TEST(at("activity minecraft:panic started") < at("activity minecraft:idle stopped"));
    BOOST_TEST(at("started Run") < at("activity minecraft:panic started"));
    BOOST_TEST(at("stopped Stroll") < static_cast<long>(t.size()));
    BOOST_TEST(at("stopped RunOne") < static_cast<long>(t.size()));

    const nlohmann::json j = nlohmann::json::parse(h.json());
    BOOST_TEST_REQUIRE(j.is_array());
    BOOST_TEST(j.size() == t.size());
    BOOST_TEST(j[0]["text"] == t[0]);
    BOOST_TEST(j[0]["time"] == level.game_time());
}

BOOST_FIXTURE_TEST_CASE(the_ring_keeps_only_its_capacity, Fixture) {
    debug::MindHistory h(3);
    for (int i = 0; i < 20; ++i) {
        flee = i % 2 == 0;
        step(h);
    }
    BOOST_TEST(h.events().size() == 3u);
    BOOST_TEST(h.events()[0].game_time == level.game_time());
}

BOOST_AUTO_TEST_SUITE_END()
