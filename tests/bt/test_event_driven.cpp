// The event-driven tick mode: the same statuses and user callbacks as re-walking from the root,
// tick for tick, on a tree with every kind of node under random results; fewer node updates.
#include <boost/test/unit_test.hpp>

#include "mobsdk/world/random.hpp"
#include "script.hpp"

using namespace bt_test;

namespace {

// Every kind of node, with chains of sequences, repeats and inverters the event-driven mode can
// skip, and active selectors, monitors, parallels and a decorator it cannot.
BehaviorTree every_kind(Script& sc) {
    return BehaviorTreeBuilder()
        .selector()
        .sequence()
        .condition(sc.condition("c1"))
        .back()
        .repeat(3)
        .sequence()
        .action(sc.action("a1"))
        .back()
        .inverter()
        .action(sc.action("a2"))
        .back()
        .back()
        .back()
        .back()
        .active_selector()
        .sequence()
        .condition(sc.condition("c2"))
        .back()
        .action(sc.action("a3"))
        .back()
        .back()
        .monitor(Policy::RequireAll, Policy::RequireOne)
        .condition(sc.condition("c3"), true)
        .back()
        .action(sc.action("a4"))
        .back()
        .parallel(Policy::RequireOne, Policy::RequireAll)
        .action(sc.action("a5"))
        .back()
        .action(sc.action("a6"))
        .back()
        .back()
        .back()
        .action(sc.action("a7"))
        .back()
        .back()
        .back()
        .decorator([](TickContext&, Child& child) { return child.tick(); })
        .sequence()
        .action(sc.action("a8"))
        .back()
        .repeat(0)
        .action(sc.action("a9"))
        .back()
        .back()
        .back()
        .back()
        .action(sc.action("a10"))
        .end();
}

// Results drawn from one seeded source, written into both scripts alike.
void randomise(RandomSource& random, Script& x, Script& y) {
    for (int i = 1; i <= 10; ++i) {
        const std::int32_t r = random.next_int(20);
        const Status s = r < 13 ? Status::Running : r < 17 ? Status::Success : Status::Failure;
        x.results["a" + std::to_string(i)] = y.results["a" + std::to_string(i)] = s;
    }
    for (int i = 1; i <= 3; ++i) {
        const bool v = random.next_int(10) < 7;
        x.truths["c" + std::to_string(i)] = y.truths["c" + std::to_string(i)] = v;
    }
}

BehaviorTree nested_sequences(Script& sc, int depth) {
    BehaviorTreeBuilder b;
    for (int i = 0; i < depth; ++i) b.sequence();
    return b.action(sc.action("leaf")).end();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(event_driven)

BOOST_AUTO_TEST_CASE(same_statuses_and_callbacks_as_rewalking_under_random_results) {
    for (std::int64_t seed : {1, 2, 3, 20240601}) {
        Script rs, es;
        BehaviorTree rewalk = every_kind(rs);
        BehaviorTree event = every_kind(es);
        event.set_mode(TickMode::EventDriven);
        BOOST_REQUIRE(event.mode() == TickMode::EventDriven);
        World w;
        RandomSource random(seed);
        int mismatches = 0;
        for (int tick = 0; tick < 3000 && mismatches < 5; ++tick) {
            randomise(random, rs, es);
            const Status a = rewalk.tick(w.ctx);
            const Status b = event.tick(w.ctx);
            const std::string la = rs.take(), lb = es.take();
            bool same = a == b && la == lb;
            for (NodeId i = 0; i < rewalk.size(); ++i) same = same && rewalk.status(i) == event.status(i);
            if (!same) {
                ++mismatches;
                BOOST_ERROR("seed " << seed << " tick " << tick << ": rewalk " << a << " [" << la << "], event " << b
                                    << " [" << lb << "]");
            }
        }
        BOOST_TEST(mismatches == 0);
        BOOST_TEST(event.node_ticks() < rewalk.node_ticks());
        BOOST_TEST_MESSAGE("seed " << seed << ": node updates rewalk " << rewalk.node_ticks() << ", event "
                                   << event.node_ticks());
    }
}

BOOST_AUTO_TEST_CASE(a_running_leaf_under_sequences_is_ticked_alone) {
    Script sc;
    World w;
    BehaviorTree t = nested_sequences(sc, 10);
    t.set_mode(TickMode::EventDriven);
    sc.results["leaf"] = Status::Running;
    t.tick(w.ctx);
    BOOST_TEST(t.node_ticks() == 11u);  // the first tick walks down
    BOOST_TEST(t.resume_point() == 10u);
    for (int i = 0; i < 5; ++i) t.tick(w.ctx);
    BOOST_TEST(t.node_ticks() == 16u);  // then one update per tick: the leaf's
    BOOST_TEST(sc.take() == "leaf.init leaf=Running leaf=Running leaf=Running leaf=Running leaf=Running leaf=Running");
    // When it ends, every sequence above it ends too, each with one resumed update.
    sc.results["leaf"] = Status::Success;
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    BOOST_TEST(t.node_ticks() == 27u);
    BOOST_TEST(t.resume_point() == 0u);
    for (NodeId i = 0; i < t.size(); ++i) BOOST_TEST(t.status(i) == Status::Success);
}

BOOST_AUTO_TEST_CASE(it_resumes_below_nothing_that_must_be_rewalked) {
    Script sc;
    World w;
    // An active selector must re-check its higher children every tick: ticks start at it.
    BehaviorTree t = BehaviorTreeBuilder()
                         .sequence()
                         .active_selector()
                         .condition(sc.condition("c"), true)
                         .back()
                         .sequence()
                         .action(sc.action("a"))
                         .end();
    t.set_mode(TickMode::EventDriven);
    sc.results["a"] = Status::Running;
    t.tick(w.ctx);
    BOOST_TEST(t.resume_point() == 1u);
    sc.take();
    sc.truths["c"] = false;  // negated: the higher child succeeds, the running branch is aborted
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    BOOST_TEST(sc.take() == "c?no a.term(Aborted)");
}

BOOST_AUTO_TEST_CASE(modes_can_be_switched_while_running) {
    Script rs, es;
    World w;
    BehaviorTree rewalk = nested_sequences(rs, 3);
    BehaviorTree mixed = nested_sequences(es, 3);
    rs.results["leaf"] = es.results["leaf"] = Status::Running;
    for (int i = 0; i < 6; ++i) {
        if (i == 2) mixed.set_mode(TickMode::EventDriven);
        if (i == 4) mixed.set_mode(TickMode::Rewalk);
        if (i == 5) rs.results["leaf"] = es.results["leaf"] = Status::Success;
        BOOST_TEST(rewalk.tick(w.ctx) == mixed.tick(w.ctx));
        BOOST_TEST(rs.take() == es.take());
    }
    BOOST_TEST(mixed.status() == Status::Success);
}

BOOST_AUTO_TEST_CASE(abort_and_restart_in_event_driven_mode) {
    Script sc;
    World w;
    BehaviorTree t = nested_sequences(sc, 4);
    t.set_mode(TickMode::EventDriven);
    sc.results["leaf"] = Status::Running;
    t.tick(w.ctx);
    t.tick(w.ctx);
    BOOST_TEST(t.resume_point() == 4u);
    t.abort(w.ctx);
    BOOST_TEST(t.resume_point() == 0u);
    BOOST_TEST(sc.take() == "leaf.init leaf=Running leaf=Running leaf.term(Aborted)");
    for (NodeId i = 0; i < t.size(); ++i) BOOST_TEST(t.status(i) == Status::Aborted);
    t.tick(w.ctx);
    BOOST_TEST(sc.take() == "leaf.init leaf=Running");
    BOOST_TEST(t.resume_point() == 4u);
}

BOOST_AUTO_TEST_SUITE_END()
