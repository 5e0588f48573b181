#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/brain.hpp"
#include "mobsdk/testing/fake_world.hpp"

using namespace mobsdk;
using namespace mobsdk::brain;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

namespace {

struct BehaviorWorld {
    BrainRegistries reg;
    MemoryModuleType<BlockPos> pos = register_memory<BlockPos>(reg.memory_types, "test:pos");
    MemoryModuleType<std::int32_t> count = register_memory<std::int32_t>(reg.memory_types, "test:count");
    MemoryModuleType<Unit> flag = register_memory<Unit>(reg.memory_types, "test:flag");
    MemoryModuleType<Unit> not_in_brain = register_memory<Unit>(reg.memory_types, "test:not_in_brain");
    VanillaActivities acts = register_vanilla_activities(reg.activities);
    FakeLevel level{42};
    FakeMob mob{Uuid{1, 2}};

    BehaviorWorld() {
        reg.freeze();
        const MemoryHandle memories[] = {pos, count, flag};
        BrainProvider provider(reg, memories, {});
        RandomSource brain_random(0);
        mob.brain_ = provider.make_brain(brain_random);
        level.mobs.push_back(&mob);
    }
    Brain& brain() { return *mob.brain_; }
};

/// Records every hook call, and can refuse to start or to continue.
class Recorder final : public Behavior {
public:
    Recorder(std::vector<std::string>& log, std::vector<MemoryRequirement> cond = {}, std::int32_t min = 60,
             std::int32_t max = 60)
        : Behavior(std::move(cond), min, max), log_(log) {}
    bool extra = true;
    bool still_use = true;
    std::string debug_string() const override { return "Recorder"; }

protected:
    bool check_extra_start_conditions(Level&, Mob&) override {
        log_.push_back("check_extra");
        return extra;
    }
    bool can_still_use(Level&, Mob&, std::int64_t time) override {
        log_.push_back("can_still_use@" + std::to_string(time));
        return still_use;
    }
    void start(Level&, Mob&, std::int64_t time) override { log_.push_back("start@" + std::to_string(time)); }
    void tick(Level&, Mob&, std::int64_t time) override { log_.push_back("tick@" + std::to_string(time)); }
    void stop(Level&, Mob&, std::int64_t time) override { log_.push_back("stop@" + std::to_string(time)); }

private:
    std::vector<std::string>& log_;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(behavior)

BOOST_FIXTURE_TEST_CASE(entry_condition_value_present, BehaviorWorld) {
    std::vector<std::string> log;
    Recorder b(log, {{pos, MemoryStatus::VALUE_PRESENT}});
    BOOST_TEST(!b.try_start(level, mob, 0));
    BOOST_TEST(log.empty());  // memories are checked before the extra conditions
    brain().set_memory(pos, BlockPos{1, 2, 3});
    BOOST_TEST(b.try_start(level, mob, 0));
    BOOST_TEST((b.status() == BehaviorStatus::RUNNING));
}

BOOST_FIXTURE_TEST_CASE(entry_condition_value_absent, BehaviorWorld) {
    std::vector<std::string> log;
    Recorder b(log, {{pos, MemoryStatus::VALUE_ABSENT}});
    brain().set_memory(pos, BlockPos{1, 2, 3});
    BOOST_TEST(!b.try_start(level, mob, 0));
    brain().erase_memory(pos);
    BOOST_TEST(b.try_start(level, mob, 0));
}

BOOST_FIXTURE_TEST_CASE(entry_condition_registered, BehaviorWorld) {
    std::vector<std::string> log;
    Recorder registered(log, {{count, MemoryStatus::REGISTERED}});
    BOOST_TEST(registered.try_start(level, mob, 0));  // with or without a value
    Recorder unregistered(log, {{not_in_brain, MemoryStatus::REGISTERED}});
    BOOST_TEST(!unregistered.try_start(level, mob, 0));
    // Vanilla's checkMemory is false for an unregistered memory whatever the status asked.
    Recorder absent_unregistered(log, {{not_in_brain, MemoryStatus::VALUE_ABSENT}});
    BOOST_TEST(!absent_unregistered.try_start(level, mob, 0));
}

BOOST_FIXTURE_TEST_CASE(all_conditions_must_hold, BehaviorWorld) {
    std::vector<std::string> log;
    Recorder b(log, {{pos, MemoryStatus::VALUE_PRESENT}, {flag, MemoryStatus::VALUE_ABSENT}});
    brain().set_memory(pos, BlockPos{});
    brain().set_memory(flag, Unit{});
    BOOST_TEST(!b.try_start(level, mob, 0));
    brain().erase_memory(flag);
    BOOST_TEST(b.try_start(level, mob, 0));
}

BOOST_FIXTURE_TEST_CASE(extra_start_condition_refuses, BehaviorWorld) {
    std::vector<std::string> log;
    Recorder b(log);
    b.extra = false;
    BOOST_TEST(!b.try_start(level, mob, 0));
    BOOST_TEST((b.status() == BehaviorStatus::STOPPED));
    BOOST_TEST(log == std::vector<std::string>{"check_extra"});
}

BOOST_FIXTURE_TEST_CASE(duration_drawn_from_level_random, BehaviorWorld) {
    // java.util.Random(42): nextInt(100) gives 30, 63, 48, … (checked against the JDK).
    std::vector<std::string> log;
    Recorder b(log, {}, 0, 99);
    BOOST_TEST(b.try_start(level, mob, 1000));
    BOOST_TEST(b.end_timestamp() == 1000 + 30);
    b.do_stop(level, mob, 1001);
    BOOST_TEST(b.try_start(level, mob, 2000));
    BOOST_TEST(b.end_timestamp() == 2000 + 63);
}

BOOST_FIXTURE_TEST_CASE(duration_between_min_and_max, BehaviorWorld) {
    std::vector<std::string> log;
    Recorder b(log, {}, 10, 109);  // min + nextInt(100): 10 + 30
    BOOST_TEST(b.try_start(level, mob, 0));
    BOOST_TEST(b.end_timestamp() == 40);
    // A fixed duration still draws (vanilla calls nextInt(1)), so the sequence stays aligned.
    Recorder fixed(log, {}, 5, 5);
    RandomSource copy(42);
    copy.next_int(100);
    copy.next_int(1);
    BOOST_TEST(fixed.try_start(level, mob, 0));
    BOOST_TEST(fixed.end_timestamp() == 5);
    BOOST_TEST(level.random().next_int() == copy.next_int());
}

BOOST_FIXTURE_TEST_CASE(timed_out_after_end_timestamp, BehaviorWorld) {
    std::vector<std::string> log;
    Recorder b(log, {}, 5, 5);
    BOOST_TEST(b.try_start(level, mob, 10));
    BOOST_TEST(b.end_timestamp() == 15);
    b.tick_or_stop(level, mob, 15);  // time == end: still running
    BOOST_TEST((b.status() == BehaviorStatus::RUNNING));
    b.tick_or_stop(level, mob, 16);  // end + 1: stopped
    BOOST_TEST((b.status() == BehaviorStatus::STOPPED));
    BOOST_TEST(log.back() == "stop@16");
}

BOOST_FIXTURE_TEST_CASE(can_still_use_false_stops, BehaviorWorld) {
    std::vector<std::string> log;
    Recorder b(log);
    BOOST_TEST(b.try_start(level, mob, 0));
    b.tick_or_stop(level, mob, 1);
    b.still_use = false;
    b.tick_or_stop(level, mob, 2);
    BOOST_TEST((b.status() == BehaviorStatus::STOPPED));
    const std::vector<std::string> expected{"check_extra", "start@0",         "can_still_use@1",
                                            "tick@1",      "can_still_use@2", "stop@2"};
    BOOST_TEST(log == expected, boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(default_can_still_use_stops_at_first_tick, BehaviorWorld) {
    struct Plain final : Behavior {
        int ticks = 0;
        std::string debug_string() const override { return "Plain"; }
        void tick(Level&, Mob&, std::int64_t) override { ++ticks; }
    } b;
    BOOST_TEST(b.try_start(level, mob, 0));
    b.tick_or_stop(level, mob, 0);
    BOOST_TEST((b.status() == BehaviorStatus::STOPPED));
    BOOST_TEST(b.ticks == 0);
}

BOOST_FIXTURE_TEST_CASE(hooks_in_order_through_the_brain, BehaviorWorld) {
    std::vector<std::string> log;
    auto owned = std::make_unique<Recorder>(log, std::vector<MemoryRequirement>{}, 2, 2);
    std::vector<std::unique_ptr<BehaviorControl>> list;
    list.push_back(std::move(owned));
    brain().add_activity(acts.core, 0, std::move(list));
    brain().set_core_activities({acts.core});
    brain().set_default_activity(acts.idle);
    brain().use_default_activity();            // core activities become active with the default one
    for (int i = 0; i < 4; ++i) level.tick();  // game time 0..3
    // Started and ticked at 0 (start, then tick in the same brain tick), end = 2, stopped at 3.
    const std::vector<std::string> expected{"check_extra",     "start@0",         "can_still_use@0",
                                            "tick@0",          "can_still_use@1", "tick@1",
                                            "can_still_use@2", "tick@2",          "stop@3"};
    BOOST_TEST(log == expected, boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(bad_duration_is_a_setup_error, BehaviorWorld) {
    std::vector<std::string> log;
    BOOST_CHECK_THROW(Recorder(log, {}, 5, 4), BrainError);
    BOOST_CHECK_THROW(Recorder(log, {}, -1, 4), BrainError);
}

BOOST_FIXTURE_TEST_CASE(do_nothing_runs_for_its_duration, BehaviorWorld) {
    DoNothing b(30, 60);  // 30 + nextInt(31); Random(42).nextInt(31) = 6 (JDK)
    BOOST_TEST(b.try_start(level, mob, 100));
    const std::int64_t end = b.end_timestamp();
    BOOST_TEST(end == 136);
    for (std::int64_t t = 100; t <= end; ++t) {
        b.tick_or_stop(level, mob, t);
        BOOST_TEST_REQUIRE((b.status() == BehaviorStatus::RUNNING));
    }
    b.tick_or_stop(level, mob, end + 1);
    BOOST_TEST((b.status() == BehaviorStatus::STOPPED));
    BOOST_TEST(b.debug_string() == "DoNothing");
}

BOOST_AUTO_TEST_CASE(status_field_reads_and_assigns_like_a_status) {
    // Subclasses write `status_ = …` and compare it; the field mirrors writes into a brain's table.
    class Direct final : public BehaviorControl {
    public:
        bool try_start(Level&, Mob&, std::int64_t) override {
            status_ = BehaviorStatus::RUNNING;
            return status_ == BehaviorStatus::RUNNING;
        }
        void tick_or_stop(Level&, Mob&, std::int64_t) override {}
        void do_stop(Level&, Mob&, std::int64_t) override { status_ = BehaviorStatus::STOPPED; }
        std::string debug_string() const override { return "Direct"; }
    };
    mobsdk::testing::FakeLevel level{1};
    mobsdk::testing::FakeMob mob{mobsdk::Uuid{1, 1}};
    Direct d;
    BOOST_TEST((d.status() == BehaviorStatus::STOPPED));
    BOOST_TEST(d.try_start(level, mob, 0));
    BOOST_TEST((d.status() == BehaviorStatus::RUNNING));
    d.do_stop(level, mob, 0);
    BOOST_TEST((d.status() == BehaviorStatus::STOPPED));
    BOOST_TEST(d.start_requirements().empty());
    DoNothing idle(1, 2);
    BOOST_TEST(idle.start_requirements().empty());
    // A Behavior's are its entry conditions: what try_start checks before anything else.
    const Behavior timed({{MemoryHandle::from_index(3), MemoryStatus::VALUE_ABSENT}});
    BOOST_TEST_REQUIRE(timed.start_requirements().size() == 1u);
    BOOST_TEST(timed.start_requirements().data() == timed.entry_condition().data());
}

BOOST_AUTO_TEST_SUITE_END()
