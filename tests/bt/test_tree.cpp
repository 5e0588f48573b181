// The node contract of seed 001 (initialise / update / terminate, abort, reset) on leaves and
// decorators: Action, Condition with negation, Repeat, Inverter, user decorators; and misuse.
#include <boost/test/unit_test.hpp>
#include <type_traits>

#include "mobsdk/bt/brain_behavior.hpp"
#include "mobsdk/bt/builder.hpp"
#include "mobsdk/bt/goal_adapter.hpp"
#include "mobsdk/bt/tree.hpp"
#include "script.hpp"

using namespace bt_test;

BOOST_AUTO_TEST_SUITE(tree)

BOOST_AUTO_TEST_CASE(action_callbacks_follow_the_node_contract) {
    Script sc;
    World w;
    BehaviorTree t = BehaviorTreeBuilder().action(sc.action("a")).end();
    BOOST_TEST(t.status() == Status::Invalid);
    sc.results["a"] = Status::Running;
    // Initialise only before the first update, one update per tick, no terminate while Running.
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "a.init a=Running");
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "a=Running");
    sc.results["a"] = Status::Success;
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    BOOST_TEST(sc.take() == "a=Success a.term(Success)");
    BOOST_TEST(t.is_terminated());
    // Not Running any more: the next tick initialises it again.
    sc.results["a"] = Status::Failure;
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    BOOST_TEST(sc.take() == "a.init a=Failure a.term(Failure)");
}

BOOST_AUTO_TEST_CASE(a_plain_callable_is_an_action_without_hooks) {
    World w;
    int calls = 0;
    BehaviorTree t = BehaviorTreeBuilder()
                         .action([&calls](TickContext&) { return ++calls < 3 ? Status::Running : Status::Success; })
                         .end();
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    BOOST_TEST(calls == 3);
}

BOOST_AUTO_TEST_CASE(leaves_see_the_context) {
    World w;
    w.level.game_time_ = 1234;
    TickContext ctx(w.level, w.mob);
    const Mob* seen = nullptr;
    std::int64_t time = 0;
    BehaviorTree t = BehaviorTreeBuilder()
                         .action([&](TickContext& c) {
                             seen = &c.mob;
                             time = c.time;
                             return Status::Success;
                         })
                         .end();
    t.tick(ctx);
    BOOST_TEST(seen == &w.mob);
    BOOST_TEST(time == 1234);
}

BOOST_AUTO_TEST_CASE(abort_terminates_a_running_node_once_with_aborted) {
    Script sc;
    World w;
    BehaviorTree t = BehaviorTreeBuilder().action(sc.action("a")).end();
    sc.results["a"] = Status::Running;
    t.tick(w.ctx);
    sc.take();
    t.abort(w.ctx);
    BOOST_TEST(sc.take() == "a.term(Aborted)");
    BOOST_TEST(t.status() == Status::Aborted);
    BOOST_TEST(!t.is_terminated());  // Aborted is not an end the tree reached by itself
    // Aborting what is not running does nothing.
    t.abort(w.ctx);
    BOOST_TEST(sc.take() == "");
    BOOST_TEST(t.status() == Status::Aborted);
    // An aborted node starts afresh.
    t.tick(w.ctx);
    BOOST_TEST(sc.take() == "a.init a=Running");
}

BOOST_AUTO_TEST_CASE(reset_returns_to_invalid_and_refuses_a_running_tree) {
    Script sc;
    World w;
    BehaviorTree t = BehaviorTreeBuilder().sequence().action(sc.action("a")).back().action(sc.action("b")).end();
    sc.results["b"] = Status::Running;
    t.tick(w.ctx);
    BOOST_CHECK_THROW(t.reset(), BtError);
    BOOST_TEST(t.status() == Status::Running);  // unchanged by the refused reset
    t.abort(w.ctx);
    t.reset();
    for (NodeId i = 0; i < t.size(); ++i) BOOST_TEST(t.status(i) == Status::Invalid);
}

BOOST_AUTO_TEST_CASE(condition_and_its_negation) {
    Script sc;
    World w;
    BehaviorTree plain = BehaviorTreeBuilder().condition(sc.condition("c")).end();
    BehaviorTree negated = BehaviorTreeBuilder().condition(sc.condition("c"), true).end();
    sc.truths["c"] = true;
    BOOST_TEST(plain.tick(w.ctx) == Status::Success);
    BOOST_TEST(negated.tick(w.ctx) == Status::Failure);
    sc.truths["c"] = false;
    BOOST_TEST(plain.tick(w.ctx) == Status::Failure);
    BOOST_TEST(negated.tick(w.ctx) == Status::Success);
    BOOST_TEST(sc.take() == "c?yes c?yes c?no c?no");
}

BOOST_AUTO_TEST_CASE(repeat_runs_its_child_the_given_number_of_times_in_one_tick) {
    Script sc;
    World w;
    BehaviorTree t = BehaviorTreeBuilder().repeat(3).action(sc.action("a")).end();
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    // Seed: after each success the child is reset and ticked again, until the count is reached.
    BOOST_TEST(sc.take() ==
               "a.init a=Success a.term(Success) a.init a=Success a.term(Success) "
               "a.init a=Success a.term(Success)");
    BOOST_TEST(t.repeat_count(0) == 3);
    BOOST_TEST(t.node_ticks() == 4u);  // the repeat once, its child three times
    // A second run counts from zero again.
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    BOOST_TEST(t.repeat_count(0) == 3);
}

BOOST_AUTO_TEST_CASE(repeat_keeps_running_while_its_child_runs_and_fails_with_it) {
    Script sc;
    World w;
    BehaviorTree t = BehaviorTreeBuilder().repeat(2).action(sc.action("a")).end();
    sc.results["a"] = Status::Running;
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(t.repeat_count(0) == 0);
    sc.results["a"] = Status::Success;
    BOOST_TEST(t.tick(w.ctx) == Status::Success);  // 1 (it was running) + 1 (started again) = 2
    BOOST_TEST(sc.take() == "a.init a=Running a=Success a.term(Success) a.init a=Success a.term(Success)");
    BOOST_TEST(t.repeat_count(0) == 2);
    // A failure ends the repeat with Failure at once.
    sc.results["a"] = Status::Failure;
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    BOOST_TEST(sc.take() == "a.init a=Failure a.term(Failure)");
    BOOST_TEST(t.repeat_count(0) == 0);
}

BOOST_AUTO_TEST_CASE(repeat_forever_starts_its_child_at_most_once_per_tick) {
    for (std::int32_t limit : {0, -1}) {
        Script sc;
        World w;
        BehaviorTree t = BehaviorTreeBuilder().repeat(limit).action(sc.action("a")).end();
        for (int i = 1; i <= 5; ++i) {
            BOOST_TEST(t.tick(w.ctx) == Status::Running);
            BOOST_TEST(t.repeat_count(0) == i);
            BOOST_TEST(sc.take() == "a.init a=Success a.term(Success)");
        }
        // A child that ran over several ticks is started again in the tick it succeeds.
        sc.results["a"] = Status::Running;
        t.tick(w.ctx);
        sc.take();
        sc.results["a"] = Status::Success;
        t.tick(w.ctx);
        BOOST_TEST(sc.take() == "a=Success a.term(Success) a.init a=Success a.term(Success)");
        // It still fails with its child.
        sc.results["a"] = Status::Failure;
        BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    }
}

BOOST_AUTO_TEST_CASE(inverter_swaps_success_and_failure_and_passes_running) {
    Script sc;
    World w;
    BehaviorTree t = BehaviorTreeBuilder().inverter().action(sc.action("a")).end();
    sc.results["a"] = Status::Success;
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    sc.results["a"] = Status::Failure;
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    sc.results["a"] = Status::Running;
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(t.status(1) == Status::Running);
}

// A user decorator: fails when its child has run for more than `limit` ticks.
struct Timeout {
    Script* script;
    int limit;
    int ticks = 0;
    void on_initialise(TickContext&) {
        ticks = 0;
        script->log.push_back("timeout.init");
    }
    Status update(TickContext&, Child& child) {
        if (++ticks > limit) return Status::Failure;
        return child.tick();
    }
    void on_terminate(TickContext&, Status s) {
        script->log.push_back("timeout.term(" + std::string(to_string(s)) + ")");
    }
};

BOOST_AUTO_TEST_CASE(a_decorator_that_ends_while_its_child_runs_aborts_the_child_first) {
    Script sc;
    World w;
    BehaviorTree t = BehaviorTreeBuilder().decorator(Timeout{&sc, 2}).action(sc.action("a")).end();
    sc.results["a"] = Status::Running;
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(t.tick(w.ctx) == Status::Running);
    BOOST_TEST(sc.take() == "timeout.init a.init a=Running a=Running");
    BOOST_TEST(t.tick(w.ctx) == Status::Failure);
    BOOST_TEST(sc.take() == "a.term(Aborted) timeout.term(Failure)");
    BOOST_TEST(t.status(1) == Status::Aborted);
}

BOOST_AUTO_TEST_CASE(a_decorator_can_read_reset_and_abort_its_child) {
    Script sc;
    World w;
    int step = 0;
    BehaviorTree t = BehaviorTreeBuilder()
                         .decorator([&step](TickContext&, Child& child) {
                             switch (step++) {
                                 case 0: return child.tick();  // starts it (Running)
                                 case 1:
                                     BOOST_CHECK_THROW(child.reset(), BtError);  // running: abort first
                                     child.abort();
                                     BOOST_TEST(child.status() == Status::Aborted);
                                     child.reset();
                                     BOOST_TEST(child.status() == Status::Invalid);
                                     return Status::Running;
                                 default: return Status::Success;
                             }
                         })
                         .action(sc.action("a"))
                         .end();
    sc.results["a"] = Status::Running;
    t.tick(w.ctx);
    t.tick(w.ctx);
    BOOST_TEST(t.tick(w.ctx) == Status::Success);
    BOOST_TEST(sc.take() == "a.init a=Running a.term(Aborted)");
}

BOOST_AUTO_TEST_CASE(node_ticks_count_every_update) {
    Script sc;
    World w;
    BehaviorTree t = BehaviorTreeBuilder()
                         .sequence()
                         .condition(sc.condition("c"))
                         .back()
                         .action(sc.action("a"))
                         .back()
                         .action(sc.action("b"))
                         .end();
    t.tick(w.ctx);
    BOOST_TEST(t.node_ticks() == 4u);
    sc.truths["c"] = false;
    t.tick(w.ctx);
    BOOST_TEST(t.node_ticks() == 6u);  // the sequence and its condition
}

BOOST_AUTO_TEST_CASE(an_update_returning_invalid_or_aborted_breaks_the_contract) {
    World w;
    for (Status bad : {Status::Invalid, Status::Aborted}) {
        BehaviorTree t = BehaviorTreeBuilder().action([bad](TickContext&) { return bad; }).name("broken").end();
        try {
            t.tick(w.ctx);
            BOOST_FAIL("expected BtError");
        } catch (const BtError& e) {
            BOOST_TEST(std::string(e.what()).find("\"broken\" returned") != std::string::npos);
        }
        BehaviorTree d = BehaviorTreeBuilder()
                             .decorator([bad](TickContext&, Child&) { return bad; })
                             .action([](TickContext&) { return Status::Success; })
                             .end();
        BOOST_CHECK_THROW(d.tick(w.ctx), BtError);
    }
}

BOOST_AUTO_TEST_CASE(an_empty_tree_cannot_tick) {
    World w;
    BehaviorTree t;
    BOOST_TEST(t.empty());
    BOOST_TEST(t.status() == Status::Invalid);
    BOOST_CHECK_THROW(t.tick(w.ctx), BtError);
    t.abort(w.ctx);  // nothing to abort
    BOOST_CHECK_THROW(t.kind(0), BtError);
}

BOOST_AUTO_TEST_CASE(memory_helpers_need_a_brain) {
    World w;  // the fake mob has no brain
    brain::BrainRegistries reg;
    const auto home = brain::register_memory<int>(reg.memory_types, "test:home");
    BOOST_TEST(w.ctx.brain == nullptr);
    BOOST_CHECK_THROW(w.ctx.get_memory(home), BtError);
    BOOST_CHECK_THROW(w.ctx.set_memory(home, 3), BtError);
}

BOOST_AUTO_TEST_CASE(a_tree_can_be_moved_and_destroys_its_leaves) {
    auto counter = std::make_shared<int>(0);
    World w;
    {
        BehaviorTree moved;
        {
            BehaviorTree t = BehaviorTreeBuilder()
                                 .action([counter](TickContext&) {
                                     ++*counter;
                                     return Status::Success;
                                 })
                                 .end();
            BOOST_TEST(counter.use_count() == 2);
            moved = std::move(t);
        }
        BOOST_TEST(counter.use_count() == 2);  // the leaf lives in the tree it moved to
        moved.tick(w.ctx);
        BOOST_TEST(*counter == 1);
    }
    BOOST_TEST(counter.use_count() == 1);
}

// Counts live copies; its move may throw, so a tree keeps it where it was made instead of moving it
// next to the nodes.
struct Tracked {
    std::shared_ptr<int> live;
    explicit Tracked(std::shared_ptr<int> l) : live(std::move(l)) { ++*live; }
    Tracked(const Tracked& o) : live(o.live) { ++*live; }
    Tracked(Tracked&& o) noexcept(false) : live(o.live) { ++*live; }
    ~Tracked() { --*live; }
    Status operator()(TickContext&) { return Status::Success; }
};

BOOST_AUTO_TEST_CASE(every_leaf_is_destroyed_once_built_or_not) {
    World w;
    auto live = std::make_shared<int>(0);
    {
        TreeDraft d;
        d.action(Tracked(live));
        d.action(Tracked(live));
        BOOST_TEST(*live == 2);
    }  // never built
    BOOST_TEST(*live == 0);
    {
        BehaviorTree t = BehaviorTreeBuilder().sequence().action(Tracked(live)).back().action(Tracked(live)).end();
        BOOST_TEST(*live == 2);
        BOOST_TEST(t.tick(w.ctx) == Status::Success);
        BehaviorTree other = std::move(t);
        BOOST_TEST(*live == 2);
        BOOST_TEST(t.empty());
        BOOST_TEST(other.tick(w.ctx) == Status::Success);
        other = BehaviorTree();
        BOOST_TEST(*live == 0);
    }
    {
        // A draft whose build fails keeps its leaves and destroys them.
        TreeDraft d;
        const NodeId s = d.sequence();
        d.action(Tracked(live));
        BOOST_CHECK_THROW(d.build(s), BtError);
        BOOST_TEST(*live == 1);
    }
    BOOST_TEST(*live == 0);
}

BOOST_AUTO_TEST_SUITE_END()
