// Each composite's rules from seed 001: Sequence, Selector, Parallel (every policy pair), Monitor
// and ActiveSelector — statuses, the order children run in, and which children get aborted.
#include <boost/test/unit_test.hpp>

#include "script.hpp"

using namespace bt_test;

namespace {

// composite(a, b, c) of scripted actions.
template <typename Open>
BehaviorTree three(Script& sc, Open open) {
    BehaviorTreeBuilder b;
    open(b);
    return b.action(sc.action("a")).back().action(sc.action("b")).back().action(sc.action("c")).end();
}

BehaviorTree parallel3(Script& sc, Policy success, Policy failure) {
    return three(sc, [&](BehaviorTreeBuilder& b) { b.parallel(success, failure); });
}

}  // namespace

BOOST_AUTO_TEST_SUITE(composites)

// ---- Sequence ----

BOOST_AUTO_TEST_CASE(sequence_runs_children_in_order_until_all_succeed) {
    Script sc;
    World w;
    BehaviorTree t = three(sc, [](BehaviorTreeBuilder& b) { b.sequence(); });
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    BOOST_TEST(sc.take() ==
               "a.init a=Success a.term(Success) b.init b=Success b.term(Success) "
               "c.init c=Success c.term(Success)");
}

BOOST_AUTO_TEST_CASE(sequence_fails_at_the_first_failure) {
    Script sc;
    World w;
    BehaviorTree t = three(sc, [](BehaviorTreeBuilder& b) { b.sequence(); });
    sc.results["b"] = Status::Failure;
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    BOOST_TEST(sc.take() == "a.init a=Success a.term(Success) b.init b=Failure b.term(Failure)");
    BOOST_TEST(t.status(3) == Status::Invalid);  // c never ran
}

BOOST_AUTO_TEST_CASE(sequence_resumes_at_its_running_child) {
    Script sc;
    World w;
    BehaviorTree t = three(sc, [](BehaviorTreeBuilder& b) { b.sequence(); });
    sc.results["b"] = Status::Running;
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "a.init a=Success a.term(Success) b.init b=Running");
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "b=Running");  // a is not run again
    sc.results["b"] = Status::Success;
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    BOOST_TEST(sc.take() == "b=Success b.term(Success) c.init c=Success c.term(Success)");
    // Ended: the next tick starts over from the first child.
    sc.results["a"] = Status::Failure;
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    BOOST_TEST(sc.take() == "a.init a=Failure a.term(Failure)");
}

// ---- Selector ----

BOOST_AUTO_TEST_CASE(selector_succeeds_at_the_first_child_that_does_not_fail) {
    Script sc;
    World w;
    BehaviorTree t = three(sc, [](BehaviorTreeBuilder& b) { b.selector(); });
    sc.results["a"] = Status::Failure;
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    BOOST_TEST(sc.take() == "a.init a=Failure a.term(Failure) b.init b=Success b.term(Success)");
    BOOST_TEST(t.status(3) == Status::Invalid);
}

BOOST_AUTO_TEST_CASE(selector_fails_when_every_child_fails) {
    Script sc;
    World w;
    BehaviorTree t = three(sc, [](BehaviorTreeBuilder& b) { b.selector(); });
    sc.results = {{"a", Status::Failure}, {"b", Status::Failure}, {"c", Status::Failure}};
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    BOOST_TEST(sc.take() ==
               "a.init a=Failure a.term(Failure) b.init b=Failure b.term(Failure) "
               "c.init c=Failure c.term(Failure)");
}

BOOST_AUTO_TEST_CASE(selector_resumes_at_its_running_child_without_rechecking_earlier_ones) {
    Script sc;
    World w;
    BehaviorTree t = three(sc, [](BehaviorTreeBuilder& b) { b.selector(); });
    sc.results = {{"a", Status::Failure}, {"b", Status::Running}};
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    sc.take();
    sc.results["a"] = Status::Success;  // would win now, but a plain selector does not look back
    sc.results["b"] = Status::Failure;
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    BOOST_TEST(sc.take() == "b=Failure b.term(Failure) c.init c=Success c.term(Success)");
}

// ---- Parallel ----

BOOST_AUTO_TEST_CASE(parallel_ticks_every_child_each_tick_and_skips_those_that_ended) {
    Script sc;
    World w;
    BehaviorTree t = parallel3(sc, Policy::RequireAll, Policy::RequireOne);
    sc.results = {{"a", Status::Success}, {"b", Status::Running}, {"c", Status::Running}};
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "a.init a=Success a.term(Success) b.init b=Running c.init c=Running");
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "b=Running c=Running");  // a ended: not ticked again
}

BOOST_AUTO_TEST_CASE(parallel_require_one_success_ends_at_the_first_success_and_aborts_the_rest) {
    Script sc;
    World w;
    BehaviorTree t = parallel3(sc, Policy::RequireOne, Policy::RequireAll);
    sc.results = {{"a", Status::Running}, {"b", Status::Running}, {"c", Status::Running}};
    t.tick(w.ctx);
    sc.take();
    sc.results["b"] = Status::Success;
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    // c is not ticked after b succeeded; the running a and c are aborted when the parallel ends.
    BOOST_TEST(sc.take() == "a=Running b=Success b.term(Success) a.term(Aborted) c.term(Aborted)");
    BOOST_TEST(t.status(1) == Status::Aborted);
    BOOST_TEST(t.status(2) == Status::Success);
    BOOST_TEST(t.status(3) == Status::Aborted);
}

BOOST_AUTO_TEST_CASE(parallel_require_one_failure_ends_at_the_first_failure) {
    Script sc;
    World w;
    BehaviorTree t = parallel3(sc, Policy::RequireAll, Policy::RequireOne);
    sc.results = {{"a", Status::Running}, {"b", Status::Failure}, {"c", Status::Running}};
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    // c had not started: it is not running, so nothing to abort.
    BOOST_TEST(sc.take() == "a.init a=Running b.init b=Failure b.term(Failure) a.term(Aborted)");
    BOOST_TEST(t.status(3) == Status::Invalid);
}

BOOST_AUTO_TEST_CASE(parallel_require_all_success_waits_for_every_child) {
    Script sc;
    World w;
    BehaviorTree t = parallel3(sc, Policy::RequireAll, Policy::RequireOne);
    sc.results = {{"a", Status::Success}, {"b", Status::Running}, {"c", Status::Success}};
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    sc.results["b"] = Status::Success;
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
}

BOOST_AUTO_TEST_CASE(parallel_require_all_failure_waits_for_every_child) {
    Script sc;
    World w;
    BehaviorTree t = parallel3(sc, Policy::RequireOne, Policy::RequireAll);
    sc.results = {{"a", Status::Failure}, {"b", Status::Running}, {"c", Status::Failure}};
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    sc.results["b"] = Status::Failure;
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    // RequireOne success: one success among failures is enough.
    sc.results = {{"a", Status::Failure}, {"b", Status::Running}, {"c", Status::Failure}};
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    sc.results["b"] = Status::Success;
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
}

BOOST_AUTO_TEST_CASE(parallel_one_one_ends_with_whichever_comes_first_in_child_order) {
    Script sc;
    World w;
    BehaviorTree t = parallel3(sc, Policy::RequireOne, Policy::RequireOne);
    sc.results = {{"a", Status::Running}, {"b", Status::Failure}, {"c", Status::Success}};
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    sc.results = {{"a", Status::Running}, {"b", Status::Success}, {"c", Status::Failure}};
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
}

BOOST_AUTO_TEST_CASE(parallel_all_all) {
    Script sc;
    World w;
    BehaviorTree t = parallel3(sc, Policy::RequireAll, Policy::RequireAll);
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    sc.results = {{"a", Status::Failure}, {"b", Status::Failure}, {"c", Status::Failure}};
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    // Mixed results with nothing left running: success can no longer come (the seed would stay
    // Running without ticking anything).
    sc.results = {{"a", Status::Failure}, {"b", Status::Running}, {"c", Status::Success}};
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    sc.results["b"] = Status::Success;
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
}

BOOST_AUTO_TEST_CASE(parallel_starts_every_child_afresh_when_it_runs_again) {
    Script sc;
    World w;
    BehaviorTree t = parallel3(sc, Policy::RequireOne, Policy::RequireOne);
    sc.results = {{"a", Status::Running}, {"b", Status::Success}, {"c", Status::Running}};
    t.tick(w.ctx);  // b succeeds, a is aborted, c never started
    sc.take();
    sc.results = {{"a", Status::Running}, {"b", Status::Running}, {"c", Status::Running}};
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "a.init a=Running b.init b=Running c.init c=Running");
}

BOOST_AUTO_TEST_CASE(aborting_a_parallel_aborts_its_running_children) {
    Script sc;
    World w;
    BehaviorTree t = parallel3(sc, Policy::RequireAll, Policy::RequireOne);
    sc.results = {{"a", Status::Running}, {"b", Status::Success}, {"c", Status::Running}};
    t.tick(w.ctx);
    sc.take();
    t.abort(w.ctx);
    BOOST_TEST(sc.take() == "a.term(Aborted) c.term(Aborted)");
    BOOST_TEST(t.status(0) == Status::Aborted);
    BOOST_TEST(t.status(2) == Status::Success);
}

// ---- Monitor ----

namespace {

// The seed's monitor: attack while the enemy is not dead — Monitor(RequireAll, RequireOne) with a
// negated condition first, then the action.
BehaviorTree attack_monitor(Script& sc) {
    return BehaviorTreeBuilder()
        .monitor(Policy::RequireAll, Policy::RequireOne)
        .condition(sc.condition("dead"), true)
        .back()
        .action(sc.action("attack"))
        .end();
}

}  // namespace

BOOST_AUTO_TEST_CASE(monitor_rechecks_its_conditions_every_tick) {
    Script sc;
    World w;
    BehaviorTree t = attack_monitor(sc);
    sc.truths["dead"] = false;
    sc.results["attack"] = Status::Running;
    for (int i = 0; i < 3; ++i) BOOST_TEST(t.tick(w.ctx) == Status::Running);
    // A parallel would tick the condition once (it succeeded); the monitor asks again every tick.
    BOOST_TEST(sc.take() == "dead?no attack.init attack=Running dead?no attack=Running dead?no attack=Running");
}

BOOST_AUTO_TEST_CASE(monitor_fails_and_aborts_its_action_when_a_condition_fails) {
    Script sc;
    World w;
    BehaviorTree t = attack_monitor(sc);
    sc.truths["dead"] = false;
    sc.results["attack"] = Status::Running;
    t.tick(w.ctx);
    sc.take();
    sc.truths["dead"] = true;
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    BOOST_TEST(sc.take() == "dead?yes attack.term(Aborted)");  // the action is not ticked again
}

BOOST_AUTO_TEST_CASE(monitor_succeeds_when_its_action_succeeds_while_the_condition_holds) {
    Script sc;
    World w;
    BehaviorTree t = attack_monitor(sc);
    sc.truths["dead"] = false;
    sc.results["attack"] = Status::Running;
    t.tick(w.ctx);
    sc.results["attack"] = Status::Success;
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
}

BOOST_AUTO_TEST_CASE(only_the_leading_conditions_of_a_monitor_are_rechecked) {
    Script sc;
    World w;
    BehaviorTree t = BehaviorTreeBuilder()
                         .monitor(Policy::RequireAll, Policy::RequireOne)
                         .condition(sc.condition("p"))
                         .back()
                         .condition(sc.condition("q"))
                         .back()
                         .action(sc.action("act"))
                         .back()
                         .condition(sc.condition("late"))
                         .end();
    sc.results["act"] = Status::Running;
    t.tick(w.ctx);
    BOOST_TEST(sc.take() == "p?yes q?yes act.init act=Running late?yes");
    t.tick(w.ctx);
    BOOST_TEST(sc.take() == "p?yes q?yes act=Running");  // `late` ended and is a plain parallel child
}

// ---- ActiveSelector ----

namespace {

// The seed's example, reduced: attack when an enemy is seen, else patrol.
BehaviorTree guard(Script& sc) {
    return BehaviorTreeBuilder()
        .active_selector()
        .sequence()
        .condition(sc.condition("see"))
        .back()
        .action(sc.action("attack"))
        .back()
        .back()
        .action(sc.action("patrol"))
        .end();
}

}  // namespace

BOOST_AUTO_TEST_CASE(active_selector_aborts_a_lower_running_child_when_a_higher_one_becomes_usable) {
    Script sc;
    World w;
    BehaviorTree t = guard(sc);
    sc.truths["see"] = false;
    sc.results = {{"attack", Status::Running}, {"patrol", Status::Running}};
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "see?no patrol.init patrol=Running");
    // Every tick it looks at the higher-priority branch first; patrol goes on without re-initialising.
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "see?no patrol=Running");
    // An enemy: the attack starts, then the patrol that was running is aborted.
    sc.truths["see"] = true;
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "see?yes attack.init attack=Running patrol.term(Aborted)");
    BOOST_TEST(t.status(4) == Status::Aborted);
    // The attack branch is running: the sequence resumes at attack without checking `see` again.
    sc.truths["see"] = false;
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "attack=Running");
}

BOOST_AUTO_TEST_CASE(active_selector_aborts_the_lower_child_when_a_higher_one_succeeds_at_once) {
    Script sc;
    World w;
    BehaviorTree t = guard(sc);
    sc.truths["see"] = false;
    sc.results = {{"attack", Status::Success}, {"patrol", Status::Running}};
    t.tick(w.ctx);
    sc.take();
    sc.truths["see"] = true;
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    BOOST_TEST(sc.take() == "see?yes attack.init attack=Success attack.term(Success) patrol.term(Aborted)");
}

BOOST_AUTO_TEST_CASE(active_selector_does_not_abort_a_child_that_ended_by_itself) {
    Script sc;
    World w;
    BehaviorTree t = guard(sc);
    sc.truths["see"] = false;
    sc.results = {{"patrol", Status::Running}};
    t.tick(w.ctx);
    sc.take();
    sc.results["patrol"] = Status::Failure;
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    // One on_terminate for patrol, with Failure (the seed would abort it as well).
    BOOST_TEST(sc.take() == "see?no patrol=Failure patrol.term(Failure)");
}

BOOST_AUTO_TEST_CASE(active_selector_keeps_a_running_higher_child_and_never_starts_the_lower) {
    Script sc;
    World w;
    BehaviorTree t =
        BehaviorTreeBuilder().active_selector().action(sc.action("high")).back().action(sc.action("low")).end();
    sc.results = {{"high", Status::Running}, {"low", Status::Running}};
    t.tick(w.ctx);
    t.tick(w.ctx);
    BOOST_TEST(sc.take() == "high.init high=Running high=Running");
    // The higher one fails: the lower one starts in the same tick.
    sc.results["high"] = Status::Failure;
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "high=Failure high.term(Failure) low.init low=Running");
}

BOOST_AUTO_TEST_CASE(aborting_an_active_selector_aborts_its_running_branch_leaf_first) {
    Script sc;
    World w;
    BehaviorTree t = guard(sc);
    sc.results = {{"attack", Status::Running}};
    t.tick(w.ctx);
    sc.take();
    t.abort(w.ctx);
    BOOST_TEST(sc.take() == "attack.term(Aborted)");
    for (NodeId i : {0u, 1u, 3u}) BOOST_TEST(t.status(i) == Status::Aborted);
    BOOST_TEST(t.status(2) == Status::Success);  // the condition had ended
    BOOST_TEST(t.status(4) == Status::Invalid);  // patrol never ran
}

BOOST_AUTO_TEST_SUITE_END()
