#include <boost/test/unit_test.hpp>

#include <array>
#include <string>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/gate_behavior.hpp"
#include "mobsdk/testing/fake_world.hpp"

using namespace mobsdk;
using namespace mobsdk::brain;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

namespace {

struct GateWorld {
    BrainRegistries reg;
    MemoryModuleType<BlockPos> pos = register_memory<BlockPos>(reg.memory_types, "test:pos");
    MemoryModuleType<Unit> flag = register_memory<Unit>(reg.memory_types, "test:flag");
    FakeLevel level{1};
    FakeMob mob{Uuid{1, 2}};

    GateWorld() {
        reg.freeze();
        const MemoryHandle memories[] = {pos, flag};
        BrainProvider provider(reg, memories, {});
        RandomSource brain_random(0);
        mob.brain_ = provider.make_brain(brain_random);
    }
    Brain& brain() { return *mob.brain_; }
};

/// A child that starts when `startable`, runs `run_ticks` ticks and draws no random numbers.
class Probe final : public BehaviorControl {
public:
    explicit Probe(int id, bool startable = true, int run_ticks = 0)
        : id(id), startable(startable), run_ticks(run_ticks) {}
    bool try_start(Level&, Mob&, std::int64_t) override {
        ++tries;
        if (!startable) return false;
        status_ = BehaviorStatus::RUNNING;
        ++starts;
        remaining_ = run_ticks;
        return true;
    }
    void tick_or_stop(Level& level, Mob& mob, std::int64_t time) override {
        if (remaining_-- <= 0) do_stop(level, mob, time);
        else ++ticks;
    }
    void do_stop(Level&, Mob&, std::int64_t) override {
        status_ = BehaviorStatus::STOPPED;
        ++stops;
    }
    std::string debug_string() const override { return "Probe" + std::to_string(id); }

    int id;
    bool startable;
    int run_ticks;
    int tries = 0, starts = 0, ticks = 0, stops = 0;

private:
    int remaining_ = 0;
};

/// Makes probes, keeps pointers to them and hands over ownership as a weighted list.
struct Probes {
    std::vector<Probe*> p;
    WeightedBehaviors list;
    Probe& add(int weight, bool startable = true, int run_ticks = 0) {
        auto probe = std::make_unique<Probe>(static_cast<int>(p.size()), startable, run_ticks);
        p.push_back(probe.get());
        list.emplace_back(std::move(probe), weight);
        return *p.back();
    }
};

using OP = GateBehavior::OrderPolicy;
using RP = GateBehavior::RunningPolicy;

/// The id of the child a RUN_ONE gate started, or -1.
int started_child(const GateBehavior& gate) {
    for (std::size_t i = 0; i < gate.child_count(); ++i)
        if (gate.child(i).status() == BehaviorStatus::RUNNING) return static_cast<const Probe&>(gate.child(i)).id;
    return -1;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(gate_behavior)

BOOST_FIXTURE_TEST_CASE(ordered_run_one_starts_first_startable, GateWorld) {
    Probes ps;
    ps.add(1, false);
    ps.add(1, true);
    ps.add(1, true);
    GateBehavior gate({}, {}, OP::ORDERED, RP::RUN_ONE, std::move(ps.list));
    BOOST_TEST(gate.try_start(level, mob, 0));
    BOOST_TEST((gate.status() == BehaviorStatus::RUNNING));
    BOOST_TEST(ps.p[0]->tries == 1);
    BOOST_TEST(ps.p[1]->starts == 1);
    BOOST_TEST(ps.p[2]->tries == 0);  // RUN_ONE stops at the first that starts
    BOOST_TEST(gate.debug_string() == "GateBehavior: [Probe1]");
}

BOOST_FIXTURE_TEST_CASE(try_all_starts_every_startable_child, GateWorld) {
    Probes ps;
    ps.add(1, true, 1);
    ps.add(1, false);
    ps.add(1, true, 3);
    GateBehavior gate({}, {}, OP::ORDERED, RP::TRY_ALL, std::move(ps.list));
    BOOST_TEST(gate.try_start(level, mob, 0));
    BOOST_TEST(ps.p[0]->starts == 1);
    BOOST_TEST(ps.p[1]->tries == 1);
    BOOST_TEST(ps.p[2]->starts == 1);
    BOOST_TEST(gate.debug_string() == "GateBehavior: [Probe0, Probe2]");
}

BOOST_FIXTURE_TEST_CASE(stops_when_every_started_child_stopped, GateWorld) {
    Probes ps;
    ps.add(1, true, 1);  // ticks once, stops at the second tick_or_stop
    ps.add(1, true, 3);
    GateBehavior gate({}, {}, OP::ORDERED, RP::TRY_ALL, std::move(ps.list));
    BOOST_TEST(gate.try_start(level, mob, 0));
    gate.tick_or_stop(level, mob, 0);
    gate.tick_or_stop(level, mob, 1);
    BOOST_TEST((ps.p[0]->status() == BehaviorStatus::STOPPED));
    BOOST_TEST((gate.status() == BehaviorStatus::RUNNING));
    gate.tick_or_stop(level, mob, 2);
    BOOST_TEST((gate.status() == BehaviorStatus::RUNNING));
    gate.tick_or_stop(level, mob, 3);
    BOOST_TEST((gate.status() == BehaviorStatus::STOPPED));
    BOOST_TEST(ps.p[0]->stops == 1);  // not stopped twice
    BOOST_TEST(ps.p[1]->stops == 1);
    BOOST_TEST(ps.p[1]->ticks == 3);
}

BOOST_FIXTURE_TEST_CASE(starts_even_when_no_child_does, GateWorld) {
    Probes ps;
    ps.add(1, false);
    GateBehavior gate({}, {}, OP::ORDERED, RP::RUN_ONE, std::move(ps.list));
    BOOST_TEST(gate.try_start(level, mob, 0));  // vanilla returns true
    BOOST_TEST((gate.status() == BehaviorStatus::RUNNING));
    gate.tick_or_stop(level, mob, 0);
    BOOST_TEST((gate.status() == BehaviorStatus::STOPPED));
}

BOOST_FIXTURE_TEST_CASE(running_children_are_not_restarted, GateWorld) {
    Probes ps;
    ps.add(1, true, 10);
    ps.add(1, true, 10);
    GateBehavior gate({}, {}, OP::ORDERED, RP::TRY_ALL, std::move(ps.list));
    BOOST_TEST(gate.try_start(level, mob, 0));
    gate.do_stop(level, mob, 0);
    BOOST_TEST(ps.p[0]->stops == 1);
    BOOST_TEST(ps.p[1]->stops == 1);
    // Started again: only stopped children are tried.
    ps.p[1]->startable = false;
    BOOST_TEST(gate.try_start(level, mob, 1));
    BOOST_TEST(ps.p[0]->starts == 2);
    BOOST_TEST(ps.p[1]->tries == 2);
}

BOOST_FIXTURE_TEST_CASE(exit_memories_erased_on_stop, GateWorld) {
    Probes ps;
    ps.add(1, true, 0);
    GateBehavior gate({}, {pos, flag}, OP::ORDERED, RP::RUN_ONE, std::move(ps.list));
    brain().set_memory(pos, BlockPos{1, 2, 3});
    brain().set_memory(flag, Unit{});
    BOOST_TEST(gate.try_start(level, mob, 0));
    BOOST_TEST(brain().has_memory_value(pos));  // not erased on start
    gate.tick_or_stop(level, mob, 0);           // the child stops, so the gate stops
    BOOST_TEST((gate.status() == BehaviorStatus::STOPPED));
    BOOST_TEST(!brain().has_memory_value(pos));
    BOOST_TEST(!brain().has_memory_value(flag));
}

BOOST_FIXTURE_TEST_CASE(do_stop_stops_running_children_and_erases, GateWorld) {
    Probes ps;
    ps.add(1, true, 100);
    GateBehavior gate({}, {flag}, OP::ORDERED, RP::RUN_ONE, std::move(ps.list));
    brain().set_memory(flag, Unit{});
    BOOST_TEST(gate.try_start(level, mob, 0));
    gate.do_stop(level, mob, 5);
    BOOST_TEST((ps.p[0]->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(!brain().has_memory_value(flag));
}

BOOST_FIXTURE_TEST_CASE(entry_conditions, GateWorld) {
    Probes ps;
    ps.add(1);
    GateBehavior gate({{pos, MemoryStatus::VALUE_PRESENT}, {flag, MemoryStatus::VALUE_ABSENT}}, {}, OP::ORDERED,
                      RP::RUN_ONE, std::move(ps.list));
    BOOST_TEST(!gate.try_start(level, mob, 0));
    BOOST_TEST(ps.p[0]->tries == 0);
    brain().set_memory(pos, BlockPos{});
    BOOST_TEST(gate.try_start(level, mob, 0));
    gate.do_stop(level, mob, 0);
    brain().set_memory(flag, Unit{});
    BOOST_TEST(!gate.try_start(level, mob, 1));
}

BOOST_FIXTURE_TEST_CASE(run_one_entry_conditions, GateWorld) {
    Probes ps;
    ps.add(1);
    RunOne gate({{pos, MemoryStatus::VALUE_PRESENT}}, std::move(ps.list));
    BOOST_TEST(!gate.try_start(level, mob, 0));
    brain().set_memory(pos, BlockPos{});
    BOOST_TEST(gate.try_start(level, mob, 0));
    BOOST_TEST(gate.debug_string() == "RunOne: [Probe0]");
}

BOOST_FIXTURE_TEST_CASE(run_one_weights_statistically, GateWorld) {
    Probes ps;
    ps.add(2);
    ps.add(2);
    ps.add(1);
    RunOne gate(std::move(ps.list));
    std::array<int, 3> counts{};
    std::vector<int> first_ten;
    for (int i = 0; i < 10000; ++i) {
        BOOST_TEST_REQUIRE(gate.try_start(level, mob, i));
        const int c = started_child(gate);
        BOOST_TEST_REQUIRE(c >= 0);
        ++counts[static_cast<std::size_t>(c)];
        if (i < 10) first_ten.push_back(c);
        gate.tick_or_stop(level, mob, i);
        BOOST_TEST_REQUIRE((gate.status() == BehaviorStatus::STOPPED));
    }
    BOOST_TEST(std::abs(counts[0] - 4000) <= 200);
    BOOST_TEST(std::abs(counts[1] - 4000) <= 200);
    BOOST_TEST(std::abs(counts[2] - 2000) <= 200);
    // Regression values, cross-checked with a Java re-implementation of vanilla's
    // ShufflingList.shuffle driven by java.util.Random(1): first ten 0,0,1,1,1,0,0,0,1,1 and
    // counts [4037, 3988, 1975].
    const std::vector<int> expected{0, 0, 1, 1, 1, 0, 0, 0, 1, 1};
    BOOST_TEST(first_ten == expected, boost::test_tools::per_element());
    BOOST_TEST(counts[0] == 4037);
    BOOST_TEST(counts[1] == 3988);
    BOOST_TEST(counts[2] == 1975);
}

// The gate reads its children's statuses from its own table, which their status mirrors keep
// current and which a shuffle re-points: after any number of shuffles the gate ticks exactly the
// child that runs and stops when it stops. Children held in the gate (up to 8) and beyond.
BOOST_FIXTURE_TEST_CASE(shuffled_gates_follow_their_running_child, GateWorld) {
    for (const int children : {5, 12}) {
        Probes ps;
        for (int i = 0; i < children; ++i) ps.add(1 + i % 3, true, 2);
        RunOne gate(std::move(ps.list));
        for (int round = 0; round < 200; ++round) {
            BOOST_TEST_REQUIRE(gate.try_start(level, mob, round));
            const int c = started_child(gate);
            BOOST_TEST_REQUIRE(c >= 0);
            gate.tick_or_stop(level, mob, round);
            gate.tick_or_stop(level, mob, round);
            BOOST_TEST_REQUIRE((gate.status() == BehaviorStatus::RUNNING));
            gate.tick_or_stop(level, mob, round);  // the child stops, and so does the gate
            BOOST_TEST_REQUIRE((gate.status() == BehaviorStatus::STOPPED));
            BOOST_TEST_REQUIRE((ps.p[static_cast<std::size_t>(c)]->status() == BehaviorStatus::STOPPED));
        }
        int starts = 0, distinct = 0;
        for (const Probe* p : ps.p) {
            BOOST_TEST(p->ticks == 2 * p->starts);
            BOOST_TEST(p->stops == p->starts);
            starts += p->starts;
            distinct += p->starts > 0 ? 1 : 0;
        }
        BOOST_TEST(starts == 200);
        BOOST_TEST(distinct == children);  // the shuffle reached every child
        // do_stop stops a running child wherever the shuffle put it.
        BOOST_TEST_REQUIRE(gate.try_start(level, mob, 1000));
        const int c = started_child(gate);
        gate.do_stop(level, mob, 1000);
        BOOST_TEST((ps.p[static_cast<std::size_t>(c)]->status() == BehaviorStatus::STOPPED));
        BOOST_TEST(started_child(gate) == -1);
    }
}

BOOST_FIXTURE_TEST_CASE(shuffle_matches_java_with_float_exponent, GateWorld) {
    // Weights 1, 3, 7 (1.0f/3 and 1.0f/7 are float exponents in vanilla): orders after each of five
    // shuffles with java.util.Random(7), from the Java re-implementation: 210 120 120 021 120.
    ShufflingList<int> list;
    list.add(0, 1);
    list.add(1, 3);
    list.add(2, 7);
    RandomSource random(7);
    std::string orders;
    for (int i = 0; i < 5; ++i) {
        list.shuffle(random);
        for (const auto& e : list) orders += static_cast<char>('0' + e.data);
        orders += ' ';
    }
    BOOST_TEST(orders == "210 120 120 021 120 ");
}

BOOST_FIXTURE_TEST_CASE(shuffle_uses_level_random, GateWorld) {
    auto run = [&](std::int64_t seed) {
        FakeLevel lvl(seed);
        Probes ps;
        for (int i = 0; i < 4; ++i) ps.add(1);
        RunOne gate(std::move(ps.list));
        std::vector<int> seq;
        for (int i = 0; i < 20; ++i) {
            gate.try_start(lvl, mob, i);
            seq.push_back(started_child(gate));
            gate.tick_or_stop(lvl, mob, i);
        }
        return seq;
    };
    BOOST_TEST(run(5) == run(5));
    BOOST_TEST(run(5) != run(6));
    // One next_float per child per start, and nothing else.
    FakeLevel lvl(9);
    Probes ps;
    for (int i = 0; i < 4; ++i) ps.add(1);
    RunOne gate(std::move(ps.list));
    gate.try_start(lvl, mob, 0);
    RandomSource copy(9);
    for (int i = 0; i < 4; ++i) copy.next_float();
    BOOST_TEST(lvl.random().next_int() == copy.next_int());
}

BOOST_FIXTURE_TEST_CASE(ordered_keeps_construction_order, GateWorld) {
    Probes ps;
    ps.add(1);
    ps.add(5);
    GateBehavior gate({}, {}, OP::ORDERED, RP::RUN_ONE, std::move(ps.list));
    RandomSource before = level.random();
    for (int i = 0; i < 10; ++i) {
        gate.try_start(level, mob, i);
        BOOST_TEST(started_child(gate) == 0);
        gate.tick_or_stop(level, mob, i);
    }
    BOOST_TEST(level.random().next_int() == before.next_int());  // ORDERED draws nothing
}

BOOST_FIXTURE_TEST_CASE(setup_errors, GateWorld) {
    WeightedBehaviors with_null;
    with_null.emplace_back(nullptr, 1);
    BOOST_CHECK_THROW(RunOne{std::move(with_null)}, BrainError);
    BOOST_CHECK_THROW(RunOne{weighted_behaviors(std::pair{std::make_unique<DoNothing>(1, 2), -1})}, BrainError);
}

BOOST_FIXTURE_TEST_CASE(weighted_behaviors_helper, GateWorld) {
    RunOne gate(weighted_behaviors(std::pair{std::make_unique<DoNothing>(30, 60), 1},
                                   std::pair{std::make_unique<Probe>(7), 2}));
    BOOST_TEST(gate.child_count() == 2u);
    BOOST_TEST(gate.child_weight(0) == 1);
    BOOST_TEST(gate.child_weight(1) == 2);
}

BOOST_AUTO_TEST_SUITE_END()
