#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/composites.hpp"
#include "mobsdk/brain/one_shot.hpp"
#include "mobsdk/testing/fake_world.hpp"

using namespace mobsdk;
using namespace mobsdk::brain;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

namespace {

struct CompositeWorld {
    BrainRegistries reg;
    MemoryModuleType<Unit> flag = register_memory<Unit>(reg.memory_types, "test:flag");
    FakeLevel level{11};
    FakeMob mob{Uuid{1, 2}};

    CompositeWorld() {
        reg.freeze();
        const MemoryHandle memories[] = {flag};
        BrainProvider provider(reg, memories, {});
        RandomSource brain_random(0);
        mob.brain_ = provider.make_brain(brain_random);
    }
};

/// A child that starts when `startable`, runs `run_ticks` ticks (forever when negative), and logs.
class Step final : public BehaviorControl {
public:
    Step(std::vector<std::string>& log, std::string name, bool startable = true, int run_ticks = 0)
        : log_(log), name_(std::move(name)), startable(startable), run_ticks(run_ticks) {}
    bool try_start(Level&, Mob&, std::int64_t time) override {
        if (!startable) return false;
        status_ = BehaviorStatus::RUNNING;
        remaining_ = run_ticks;
        log_.push_back(name_ + " start@" + std::to_string(time));
        return true;
    }
    void tick_or_stop(Level& level, Mob& mob, std::int64_t time) override {
        if (run_ticks >= 0 && remaining_-- <= 0) do_stop(level, mob, time);
    }
    void do_stop(Level&, Mob&, std::int64_t time) override {
        status_ = BehaviorStatus::STOPPED;
        log_.push_back(name_ + " stop@" + std::to_string(time));
    }
    std::string debug_string() const override { return name_; }

private:
    std::vector<std::string>& log_;
    std::string name_;

public:
    bool startable;
    int run_ticks;

private:
    int remaining_ = 0;
};

using Log = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_SUITE(composites)

BOOST_FIXTURE_TEST_CASE(run_for_limits_duration, CompositeWorld) {
    Log log;
    auto b = run_for(std::make_unique<Step>(log, "a", true, -1), 3, 3);
    BOOST_TEST(b->try_start(level, mob, 10));
    BOOST_TEST(b->end_timestamp() == 13);
    for (std::int64_t t = 10; t <= 13; ++t) b->tick_or_stop(level, mob, t);
    BOOST_TEST((b->status() == BehaviorStatus::RUNNING));  // still running at end
    b->tick_or_stop(level, mob, 14);
    BOOST_TEST((b->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(log == (Log{"a start@10", "a stop@14"}), boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(run_for_draws_from_level_random, CompositeWorld) {
    Log log;
    auto b = run_for(std::make_unique<Step>(log, "a", true, -1), 5, 20);
    RandomSource copy(11);
    BOOST_TEST(b->try_start(level, mob, 0));
    BOOST_TEST(b->end_timestamp() == copy.next_int_between_inclusive(5, 20));
    BOOST_TEST(b->end_timestamp() >= 5);
    BOOST_TEST(b->end_timestamp() <= 20);
}

BOOST_FIXTURE_TEST_CASE(run_for_lets_inner_stop_earlier, CompositeWorld) {
    Log log;
    auto b = run_for(std::make_unique<Step>(log, "a", true, 0), 100, 100);
    BOOST_TEST(b->try_start(level, mob, 0));
    b->tick_or_stop(level, mob, 0);
    BOOST_TEST((b->status() == BehaviorStatus::STOPPED));
    BOOST_CHECK_THROW(run_for(std::make_unique<DoNothing>(1, 1), 5, 4), BrainError);
}

BOOST_FIXTURE_TEST_CASE(cooldown_blocks_restart, CompositeWorld) {
    Log log;
    auto b = cooldown(std::make_unique<Step>(log, "a", true, 0), 5);
    BOOST_TEST(b->try_start(level, mob, 0));
    b->tick_or_stop(level, mob, 0);  // stops at 0
    BOOST_TEST(b->ready_at() == 5);
    BOOST_TEST(!b->try_start(level, mob, 1));
    BOOST_TEST(!b->try_start(level, mob, 4));
    BOOST_TEST(b->try_start(level, mob, 5));
    b->do_stop(level, mob, 7);  // stopped from outside: measured from then
    BOOST_TEST(!b->try_start(level, mob, 11));
    BOOST_TEST(b->try_start(level, mob, 12));
    BOOST_CHECK_THROW(cooldown(std::make_unique<DoNothing>(1, 1), -1), BrainError);
}

BOOST_FIXTURE_TEST_CASE(cooldown_over_a_one_shot, CompositeWorld) {
    int fired = 0;
    auto b = cooldown(behavior_builder::create([&](Level&, Mob&, std::int64_t) { return ++fired, true; }), 3);
    for (std::int64_t t = 0; t < 10; ++t) {
        if (b->status() == BehaviorStatus::STOPPED) b->try_start(level, mob, t);
        if (b->status() == BehaviorStatus::RUNNING) b->tick_or_stop(level, mob, t);
    }
    BOOST_TEST(fired == 4);  // at 0, 3, 6, 9
}

BOOST_FIXTURE_TEST_CASE(callbacks_fire_on_start_and_stop, CompositeWorld) {
    Log log;
    auto b = on_stop(on_start(std::make_unique<Step>(log, "a", true, 1),
                              [&](Level&, Mob&, std::int64_t t) { log.push_back("on_start@" + std::to_string(t)); }),
                     [&](Level&, Mob&, std::int64_t t) { log.push_back("on_stop@" + std::to_string(t)); });
    BOOST_TEST(b->try_start(level, mob, 0));
    b->tick_or_stop(level, mob, 0);
    b->tick_or_stop(level, mob, 1);
    BOOST_TEST((b->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(b->try_start(level, mob, 2));
    b->do_stop(level, mob, 3);
    b->do_stop(level, mob, 4);  // forwarded, but it was not running: no callback
    const Log expected{"a start@0",  "on_start@0", "a stop@1",  "on_stop@1", "a start@2",
                       "on_start@2", "a stop@3",   "on_stop@3", "a stop@4"};
    BOOST_TEST(log == expected, boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(callbacks_not_called_when_start_fails, CompositeWorld) {
    Log log;
    int starts = 0;
    auto b = on_start(std::make_unique<Step>(log, "a", false), [&](Level&, Mob&, std::int64_t) { ++starts; });
    BOOST_TEST(!b->try_start(level, mob, 0));
    BOOST_TEST(starts == 0);
}

BOOST_FIXTURE_TEST_CASE(first_applicable_runs_first_that_starts, CompositeWorld) {
    Log log;
    FirstApplicable b(behavior_list(std::make_unique<Step>(log, "a", false), std::make_unique<Step>(log, "b", true, 1),
                                    std::make_unique<Step>(log, "c", true)));
    BOOST_TEST(b.try_start(level, mob, 0));
    BOOST_TEST(b.debug_string() == "FirstApplicable: [b]");
    b.tick_or_stop(level, mob, 0);
    b.tick_or_stop(level, mob, 1);
    BOOST_TEST((b.status() == BehaviorStatus::STOPPED));
    BOOST_TEST(log == (Log{"b start@0", "b stop@1"}), boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(one_random_runs_one, CompositeWorld) {
    Log log;
    OneRandom b(behavior_list(std::make_unique<Step>(log, "a"), std::make_unique<Step>(log, "b"),
                              std::make_unique<Step>(log, "c")));
    int seen_a = 0, seen_b = 0, seen_c = 0;
    for (int i = 0; i < 300; ++i) {
        log.clear();
        BOOST_TEST_REQUIRE(b.try_start(level, mob, i));
        BOOST_TEST_REQUIRE(log.size() == 1u);
        seen_a += log[0][0] == 'a';
        seen_b += log[0][0] == 'b';
        seen_c += log[0][0] == 'c';
        b.tick_or_stop(level, mob, i);
    }
    BOOST_TEST(seen_a > 50);
    BOOST_TEST(seen_b > 50);
    BOOST_TEST(seen_c > 50);
}

BOOST_FIXTURE_TEST_CASE(all_applicable_starts_all, CompositeWorld) {
    Log log;
    AllApplicable b(behavior_list(std::make_unique<Step>(log, "a", true, 0), std::make_unique<Step>(log, "b", false),
                                  std::make_unique<Step>(log, "c", true, 1)));
    BOOST_TEST(b.try_start(level, mob, 0));
    BOOST_TEST(b.debug_string() == "AllApplicable: [a, c]");
    b.tick_or_stop(level, mob, 0);
    BOOST_TEST((b.status() == BehaviorStatus::RUNNING));
    b.tick_or_stop(level, mob, 1);
    BOOST_TEST((b.status() == BehaviorStatus::STOPPED));
}

BOOST_FIXTURE_TEST_CASE(sequential_runs_in_order, CompositeWorld) {
    Log log;
    Sequential b(behavior_list(std::make_unique<Step>(log, "a", true, 1), std::make_unique<Step>(log, "b", true, 0),
                               std::make_unique<Step>(log, "c", true, 0)));
    BOOST_TEST(b.try_start(level, mob, 0));
    BOOST_TEST(b.debug_string() == "Sequential: [a]");
    for (std::int64_t t = 0; t < 10 && b.status() == BehaviorStatus::RUNNING; ++t) b.tick_or_stop(level, mob, t);
    BOOST_TEST((b.status() == BehaviorStatus::STOPPED));
    const Log expected{"a start@0", "a stop@1", "b start@1", "b stop@2", "c start@2", "c stop@3"};
    BOOST_TEST(log == expected, boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(sequential_stops_when_next_cannot_start, CompositeWorld) {
    Log log;
    Sequential b(behavior_list(std::make_unique<Step>(log, "a", true, 0), std::make_unique<Step>(log, "b", false),
                               std::make_unique<Step>(log, "c", true, 0)));
    BOOST_TEST(b.try_start(level, mob, 0));
    b.tick_or_stop(level, mob, 0);
    BOOST_TEST((b.status() == BehaviorStatus::STOPPED));
    BOOST_TEST(log == (Log{"a start@0", "a stop@0"}), boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(sequential_does_not_start_without_first, CompositeWorld) {
    Log log;
    Sequential b(behavior_list(std::make_unique<Step>(log, "a", false), std::make_unique<Step>(log, "b")));
    BOOST_TEST(!b.try_start(level, mob, 0));
    BOOST_TEST((b.status() == BehaviorStatus::STOPPED));
    BOOST_CHECK_THROW(Sequential{BehaviorList{}}, BrainError);
}

BOOST_FIXTURE_TEST_CASE(sequential_do_stop_stops_current, CompositeWorld) {
    Log log;
    Sequential b(behavior_list(std::make_unique<Step>(log, "a", true, 0), std::make_unique<Step>(log, "b", true, -1)));
    BOOST_TEST(b.try_start(level, mob, 0));
    b.tick_or_stop(level, mob, 0);  // a stops, b starts
    BOOST_TEST(b.current() == 1u);
    b.do_stop(level, mob, 5);
    BOOST_TEST((b.status() == BehaviorStatus::STOPPED));
    BOOST_TEST(log.back() == "b stop@5");
}

BOOST_FIXTURE_TEST_CASE(composites_nest_in_a_brain, CompositeWorld) {
    auto acts_reg = std::make_unique<BrainRegistries>();
    auto acts = register_vanilla_activities(acts_reg->activities);
    Log log;
    std::vector<std::unique_ptr<BehaviorControl>> list;
    list.push_back(cooldown(run_for(std::make_unique<Step>(log, "a", true, -1), 2, 2), 3));
    mob.brain_->add_activity(acts.core, 0, std::move(list));
    mob.brain_->set_core_activities({acts.core});
    mob.brain_->set_default_activity(acts.idle);
    mob.brain_->use_default_activity();
    level.mobs.push_back(&mob);
    for (int i = 0; i < 10; ++i) level.tick();
    // Runs 0..2, stopped at 3, ready at 6; runs 6..8, stopped at 9.
    const Log expected{"a start@0", "a stop@3", "a start@6", "a stop@9"};
    BOOST_TEST(log == expected, boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(decorators_and_sequential_declare_the_wrapped_start_requirements, CompositeWorld) {
    // A decorator starts only when what it wraps starts: the brain may skip both on the same terms.
    auto make_timed = [&] {
        return std::make_unique<DoNothing>(1, 1);  // no conditions
    };
    auto gated = std::make_unique<RunOne>(std::vector<MemoryRequirement>{{flag, MemoryStatus::VALUE_PRESENT}},
                                          weighted_behaviors(std::pair{make_timed(), 1}));
    BOOST_TEST_REQUIRE(gated->start_requirements().size() == 1u);
    auto wrapped = cooldown(run_for(std::move(gated), 2, 4), 10);
    BOOST_TEST_REQUIRE(wrapped->start_requirements().size() == 1u);
    BOOST_TEST((wrapped->start_requirements()[0].memory == flag.handle()));
    BOOST_TEST((wrapped->start_requirements()[0].status == MemoryStatus::VALUE_PRESENT));
    Log log;
    auto seq = std::make_unique<Sequential>(
        behavior_list(std::make_unique<RunOne>(std::vector<MemoryRequirement>{{flag, MemoryStatus::VALUE_ABSENT}},
                                               weighted_behaviors(std::pair{make_timed(), 1})),
                      std::make_unique<Step>(log, "b")));
    BOOST_TEST_REQUIRE(seq->start_requirements().size() == 1u);
    BOOST_TEST((seq->start_requirements()[0].status == MemoryStatus::VALUE_ABSENT));
    BOOST_TEST(std::make_unique<Step>(log, "c")->start_requirements().empty());  // declares none
    // A decorator's status is still the wrapped behaviour's.
    auto cd = cooldown(std::make_unique<Step>(log, "d", true, -1), 5);
    BOOST_TEST(cd->try_start(level, mob, 0));
    BOOST_TEST((cd->status() == BehaviorStatus::RUNNING));
    cd->do_stop(level, mob, 1);
    BOOST_TEST((cd->status() == BehaviorStatus::STOPPED));
}

BOOST_AUTO_TEST_SUITE_END()
