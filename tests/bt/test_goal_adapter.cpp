// A behaviour tree as a Goal: ticked once per game tick inside a real GoalSelector driven in the
// host's rhythm, pre-empted and stopped by flags like any goal (its running leaves aborted), ended
// and restarted by the selector, and reading and writing memories through the mob's brain or the
// goal's own blackboard.
#include <boost/test/unit_test.hpp>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/sensor.hpp"
#include "mobsdk/bt/goal_adapter.hpp"
#include "mobsdk/goal/goal.hpp"
#include "script.hpp"

using namespace bt_test;
using goal::Flag;
using goal::Flags;

namespace {

// A plain goal the test switches on and off, logging its start and stop into the script.
class Blocker final : public goal::Goal {
public:
    Blocker(Flags flags, Script& sc) : sc_(sc) { set_flags(flags); }
    bool can_use(Level&, Mob&) override { return usable; }
    void start(Level&, Mob&) override { sc_.log.push_back("blocker.start"); }
    void stop(Level&, Mob&) override { sc_.log.push_back("blocker.stop"); }
    bool usable = false;

private:
    Script& sc_;
};

// A brainless fake mob with a goal selector, stepped in the host's rhythm: a full evaluation on
// even game ticks, only the every-tick goals on odd ones (docs/goals.md, "The rhythm").
struct Rig {
    testing::FakeLevel level{42};
    testing::FakeMob mob{Uuid{1, 1}};
    goal::GoalSelector selector;
    Script sc;

    void step() {
        if (level.game_time_ % 2 == 0) selector.tick(level, mob);
        else selector.tick_running_goals(level, mob, false);
        ++level.game_time_;
    }
    void steps(int n) {
        for (int i = 0; i < n; ++i) step();
    }
    // sequence(condition "ready", action "walk"): the action's result is scripted.
    BehaviorTree walker() {
        return BehaviorTreeBuilder()
            .sequence()
            .condition(sc.condition("ready"))
            .back()
            .action(sc.action("walk"))
            .back()
            .end();
    }
    BehaviorTreeGoal& add_walker(std::int32_t priority, BehaviorTreeGoal::Options o) {
        return selector.add<BehaviorTreeGoal>(priority, walker(), std::move(o));
    }
};

BehaviorTreeGoal::Options moving() {
    BehaviorTreeGoal::Options o;
    o.flags = {Flag::Move};
    return o;
}

// Memories for the blackboard tests: an int, and a flag that expires.
struct Memories {
    brain::BrainRegistries reg;
    brain::MemoryModuleType<int> hits = brain::register_memory<int>(reg.memory_types, "test:hits", "test");
    brain::MemoryModuleType<bool> cooldown = brain::register_memory<bool>(reg.memory_types, "test:cooldown", "test");
    brain::MemoryModuleType<int> other = brain::register_memory<int>(reg.memory_types, "test:other", "test");
    std::shared_ptr<const brain::BrainLayout> layout;

    Memories() {
        reg.freeze();
        const brain::MemoryHandle both[] = {hits, cooldown};
        layout = std::make_shared<const brain::BrainLayout>(reg, both, std::span<const brain::SensorType>{});
    }
};

// A sensor, only to make a layout the goal must refuse.
class NullSensor final : public brain::Sensor {
public:
    explicit NullSensor(brain::MemoryModuleType<int> m) : m_(m) {}
    std::vector<brain::MemoryHandle> requires_memories() const override { return {m_}; }

protected:
    void do_tick(Level&, Mob&) override {}

private:
    brain::MemoryModuleType<int> m_;
};

// --- the example of docs/behaviour-trees.md, "A tree as a Goal" (if it changes, the guide changes) ---

// The memories a stalker's tree keeps for itself.
struct StalkMemories {
    brain::MemoryModuleType<std::int32_t> steps;  // ticks stalked in this run
    brain::MemoryModuleType<bool> resting;        // set with an expiry: no stalking until it is gone
};

// The mob's target (a goal mob keeps it on the mob, not in memories) if it is alive and within 16 blocks.
Mob* target_near(TickContext& c) {
    const std::optional<EntityRef> ref = c.mob.target();
    Mob* target = ref ? c.level.resolve_mob(*ref) : nullptr;
    return target && target->position().dist_sqr(c.mob.position()) < 16.0 * 16.0 ? target : nullptr;
}

// Walks up to the target and stares at it for 40 ticks.
struct Approach {
    StalkMemories m;
    void on_initialise(TickContext& c) { c.set_memory(m.steps, 0); }
    Status update(TickContext& c) {
        Mob* target = target_near(c);  // not null: the monitor's condition held this tick
        c.mob.look_control().set_look_at(*target, 30.0f, 30.0f);
        c.mob.navigation().move_to(c.mob.navigation().create_path(*target, 0), 1.0);
        const std::int32_t n = *c.get_memory(m.steps) + 1;
        c.set_memory(m.steps, n);
        return n < 40 ? Status::Running : Status::Success;
    }
};

BehaviorTree stalk_tree(StalkMemories m) {
    auto near = [](TickContext& c) { return target_near(c) != nullptr; };
    auto rest = [m](TickContext& c) {
        c.set_memory_with_expiry(m.resting, true, 100);
        return Status::Success;
    };
    return BehaviorTreeBuilder()
        .monitor(Policy::RequireAll, Policy::RequireOne)  // aborts the approach when the target leaves
        .condition(near)
        .name("target near")
        .back()
        .sequence()
        .action(Approach{m})
        .name("approach")
        .back()
        .action(rest)
        .name("rest")
        .back()
        .end();
}

std::unique_ptr<BehaviorTreeGoal> stalk_goal(StalkMemories m, std::shared_ptr<const brain::BrainLayout> layout) {
    BehaviorTreeGoal::Options options;
    options.flags = {goal::Flag::Move, goal::Flag::Look};
    options.blackboard = std::move(layout);  // a brainless mob: the goal keeps these memories itself
    options.name = "Stalk";
    auto may_stalk = [m](TickContext& c) { return !c.has_memory_value(m.resting) && target_near(c) != nullptr; };
    return std::make_unique<BehaviorTreeGoal>(stalk_tree(m), may_stalk, std::move(options));
}

// --- end of the example ---

}  // namespace

BOOST_AUTO_TEST_SUITE(goal_adapter)

BOOST_AUTO_TEST_CASE(the_guides_stalker) {
    brain::BrainRegistries reg;
    const StalkMemories m{brain::register_memory<std::int32_t>(reg.memory_types, "example:stalk_steps", "example"),
                          brain::register_memory<bool>(reg.memory_types, "example:resting", "example")};
    reg.freeze();
    const brain::MemoryHandle kept[] = {m.steps, m.resting};
    auto layout = std::make_shared<const brain::BrainLayout>(reg, kept, std::span<const brain::SensorType>{});

    Rig r;
    testing::FakeMob prey{Uuid{2, 2}, 1};
    prey.position_ = {5, 0, 0};
    r.level.mobs = {&r.mob, &prey};
    r.mob.target_ = prey.ref();
    goal::Goal& added = r.selector.add_goal(3, stalk_goal(m, layout));
    auto& g = static_cast<BehaviorTreeGoal&>(added);
    BOOST_TEST(g.debug_string() == "Stalk");
    // Ticks 0–39: forty steps towards the prey, then the rest starts and the tree succeeds.
    r.steps(40);
    BOOST_TEST(g.last_result() == Status::Success);
    BOOST_TEST(*g.own_blackboard()->get_memory(m.steps) == 40);
    BOOST_TEST(g.own_blackboard()->has_memory_value(m.resting));
    BOOST_TEST((r.mob.nav.target() == BlockPos{5, 0, 0}));
    BOOST_TEST(r.mob.controls.looked_at.has_value());
    // The rest, set at tick 39 for 100 ticks, is erased by the expiry pass of tick 140: an
    // evaluation tick, where the goal starts again.
    r.steps(100);  // ticks 40–139
    BOOST_TEST(!r.selector.is_running(g));
    r.step();  // tick 140
    BOOST_TEST(r.selector.is_running(g));
    BOOST_TEST(*g.own_blackboard()->get_memory(m.steps) == 1);  // on_initialise, then one step
    // The prey runs off: the monitor fails in the next tick and aborts the approach; the goal stops
    // at the next evaluation and does not start again while the prey is far.
    prey.position_ = {30, 0, 0};
    r.step();  // tick 141
    BOOST_TEST(g.last_result() == Status::Failure);
    BOOST_TEST(g.tree().status(2) == Status::Aborted);
    r.step();  // tick 142
    BOOST_TEST(!r.selector.is_running(g));
    BOOST_TEST(r.selector.holder(Flag::Move) == nullptr);
}

BOOST_AUTO_TEST_CASE(the_tree_ticks_once_per_game_tick_inside_a_selector) {
    Rig r;
    r.sc.results["walk"] = Status::Running;
    BehaviorTreeGoal& g = r.add_walker(1, moving());
    BOOST_TEST((g.flags() == Flags{Flag::Move}));
    BOOST_TEST(g.requires_update_every_tick());
    // The selector starts it at the first evaluation and ticks it in the same tick; then once per
    // game tick, on evaluation ticks and in between alike. The sequence resumes at its running
    // child, so the condition is not asked again.
    r.step();
    BOOST_TEST(r.sc.take() == "ready?yes walk.init walk=Running");
    BOOST_TEST(r.selector.is_running(g));
    BOOST_TEST(r.selector.holder(Flag::Move) == &g);
    r.steps(5);
    BOOST_TEST(r.sc.take() == "walk=Running walk=Running walk=Running walk=Running walk=Running");
    BOOST_TEST(g.tree().is_running());
    BOOST_TEST(g.last_result() == Status::Invalid);
}

BOOST_AUTO_TEST_CASE(a_higher_priority_goal_pre_empts_it_and_its_running_leaf_is_aborted) {
    Rig r;
    r.sc.results["walk"] = Status::Running;
    BehaviorTreeGoal& g = r.add_walker(1, moving());
    Blocker& b = r.selector.add<Blocker>(0, Flags{Flag::Move}, r.sc);
    r.steps(4);
    BOOST_TEST(r.sc.take() == "ready?yes walk.init walk=Running walk=Running walk=Running walk=Running");
    // A better goal needing MOVE becomes usable: at the next evaluation the selector stops the tree
    // goal before the better one starts, and the tree's running nodes end Aborted, leaf first.
    b.usable = true;
    r.step();
    BOOST_TEST(r.sc.take() == "walk.term(Aborted) blocker.start");
    BOOST_TEST(!r.selector.is_running(g));
    BOOST_TEST(r.selector.holder(Flag::Move) == &b);
    BOOST_TEST(g.tree().status() == Status::Aborted);
    BOOST_TEST(g.tree().status(2) == Status::Aborted);
    // While pre-empted it is neither asked nor ticked.
    r.steps(3);
    BOOST_TEST(r.sc.take() == "");
    // The better goal stops: the tree goal starts a fresh run, and its leaf initialises again.
    b.usable = false;
    r.step();
    BOOST_TEST(r.sc.take() == "blocker.stop ready?yes walk.init walk=Running");
    BOOST_TEST(r.selector.holder(Flag::Move) == &g);
}

BOOST_AUTO_TEST_CASE(a_goal_that_is_not_interruptable_keeps_its_flags_against_better_goals) {
    Rig r;
    r.sc.results["walk"] = Status::Running;
    BehaviorTreeGoal::Options o = moving();
    o.interruptable = false;
    BehaviorTreeGoal& g = r.add_walker(5, o);
    Blocker& better = r.selector.add<Blocker>(0, Flags{Flag::Move}, r.sc);
    BOOST_TEST(!g.is_interruptable());
    r.step();
    better.usable = true;
    r.steps(4);
    BOOST_TEST(r.sc.take() == "ready?yes walk.init walk=Running walk=Running walk=Running walk=Running walk=Running");
    BOOST_TEST(r.selector.holder(Flag::Move) == &g);
}

BOOST_AUTO_TEST_CASE(it_ends_with_the_tree_and_restarts_at_the_next_evaluation) {
    Rig r;
    r.sc.results["walk"] = Status::Running;
    BehaviorTreeGoal& g = r.add_walker(1, moving());
    r.step();  // tick 0: evaluation
    r.sc.results["walk"] = Status::Success;
    r.step();  // tick 1: in between; the tree succeeds
    BOOST_TEST(r.sc.take() == "ready?yes walk.init walk=Running walk=Success walk.term(Success)");
    BOOST_TEST(g.last_result() == Status::Success);
    BOOST_TEST(g.tree().status() == Status::Success);
    // Tick 2: the evaluation stops it (it may not continue) and, usable, starts it again from the
    // root and ticks it — it succeeds at once this time.
    r.step();
    BOOST_TEST(r.sc.take() == "ready?yes walk.init walk=Success walk.term(Success)");
    BOOST_TEST(r.selector.is_running(g));
    // Tick 3: in between. The ended tree holds its flag and waits; it is not run again until the
    // selector has had its say.
    r.step();
    BOOST_TEST(r.sc.take() == "");
    BOOST_TEST(r.selector.holder(Flag::Move) == &g);
    // A failure ends it the same way.
    r.sc.truths["ready"] = false;
    r.step();  // tick 4
    BOOST_TEST(r.sc.take() == "ready?no");
    BOOST_TEST(g.last_result() == Status::Failure);
    BOOST_TEST(!g.can_continue_to_use(r.level, r.mob));
    r.step();
    BOOST_TEST(r.sc.take() == "");
}

BOOST_AUTO_TEST_CASE(the_guard_gates_the_start_and_optionally_stops_the_run) {
    for (const bool stop_when_guard_fails : {false, true}) {
        Rig r;
        r.sc.results["walk"] = Status::Running;
        bool allowed = false;
        BehaviorTreeGoal::Options o = moving();
        o.stop_when_guard_fails = stop_when_guard_fails;
        BehaviorTreeGoal& g = r.selector.add<BehaviorTreeGoal>(
            1, r.walker(), [&allowed](TickContext&) { return allowed; }, o);
        r.steps(4);
        BOOST_TEST(r.sc.take() == "");  // never usable: the tree is not touched
        BOOST_TEST(g.tree().status() == Status::Invalid);
        BOOST_TEST(r.selector.holder(Flag::Move) == nullptr);
        allowed = true;
        r.step();
        BOOST_TEST(r.sc.take() == "ready?yes walk.init walk=Running");
        allowed = false;
        r.steps(2);
        if (stop_when_guard_fails) {
            // Tick 5 runs in between; tick 6 evaluates the guard again and aborts the tree.
            BOOST_TEST(r.sc.take() == "walk=Running walk.term(Aborted)");
            BOOST_TEST(!r.selector.is_running(g));
            BOOST_TEST(r.selector.holder(Flag::Move) == nullptr);
        } else {
            BOOST_TEST(r.sc.take() == "walk=Running walk=Running");  // only the start is gated
            BOOST_TEST(r.selector.is_running(g));
        }
    }
}

BOOST_AUTO_TEST_CASE(a_guard_that_stays_false_after_the_tree_ended_frees_the_flag) {
    Rig r;
    int runs_left = 1;
    BehaviorTreeGoal::Options o = moving();
    BehaviorTreeGoal& g = r.selector.add<BehaviorTreeGoal>(
        1, r.walker(), [&runs_left](TickContext&) { return runs_left > 0; }, o);
    r.step();  // runs and succeeds at once
    BOOST_TEST(r.sc.take() == "ready?yes walk.init walk=Success walk.term(Success)");
    runs_left = 0;
    r.steps(2);
    BOOST_TEST(r.sc.take() == "");
    BOOST_TEST(!r.selector.is_running(g));
    BOOST_TEST(r.selector.holder(Flag::Move) == nullptr);
}

BOOST_AUTO_TEST_CASE(a_disabled_flag_stops_it_and_keeps_it_from_starting) {
    Rig r;
    r.sc.results["walk"] = Status::Running;
    BehaviorTreeGoal::Options o;
    o.flags = {Flag::Move, Flag::Look};
    BehaviorTreeGoal& g = r.add_walker(1, o);
    r.steps(2);
    BOOST_TEST(r.sc.take() == "ready?yes walk.init walk=Running walk=Running");
    // Vanilla disables flags for a ridden mob; any flag of the goal's stops it.
    r.selector.disable_control_flag(Flag::Look);
    r.step();
    BOOST_TEST(r.sc.take() == "walk.term(Aborted)");
    BOOST_TEST(!r.selector.is_running(g));
    r.steps(4);
    BOOST_TEST(r.sc.take() == "");
    r.selector.enable_control_flag(Flag::Look);
    r.step();  // tick 7: in between, nothing starts
    r.step();  // tick 8: evaluation
    BOOST_TEST(r.sc.take() == "ready?yes walk.init walk=Running");
    BOOST_TEST(r.selector.holder(Flag::Look) == &g);
}

BOOST_AUTO_TEST_CASE(removing_the_goal_or_stopping_all_aborts_the_tree) {
    Rig r;
    r.sc.results["walk"] = Status::Running;
    BehaviorTreeGoal& g = r.add_walker(1, moving());
    r.step();
    r.selector.stop_all(r.level, r.mob);
    BOOST_TEST(r.sc.take() == "ready?yes walk.init walk=Running walk.term(Aborted)");
    // Stopping a goal whose tree does not run aborts nothing more.
    g.stop(r.level, r.mob);
    BOOST_TEST(r.sc.take() == "");
    r.step();  // tick 1: in between; nothing runs
    r.step();  // tick 2: starts again
    BOOST_TEST(r.sc.take() == "ready?yes walk.init walk=Running");
    r.selector.remove_goal(r.level, r.mob, g);
    BOOST_TEST(r.sc.take() == "walk.term(Aborted)");
}

BOOST_AUTO_TEST_CASE(a_mob_with_a_brain_gives_the_tree_its_memories) {
    Memories m;
    Rig r;
    brain::BrainProvider provider(m.reg, std::vector<brain::MemoryHandle>{m.hits}, {});
    r.mob.brain_ = provider.make_brain(r.level.random());
    // A counter in the brain: the tree adds one per tick while the brain says "hits" is below 3,
    // and a brain behaviour (here: the test) can read and reset it.
    auto below_three = [hits = m.hits](TickContext& c) {
        const int* n = c.get_memory(hits);
        return !n || *n < 3;
    };
    auto hit = [hits = m.hits](TickContext& c) {
        const int* n = c.get_memory(hits);
        c.set_memory(hits, (n ? *n : 0) + 1);
        return Status::Running;
    };
    BehaviorTreeGoal::Options o = moving();
    o.blackboard = m.layout;  // ignored: the mob has a brain
    BehaviorTreeGoal& g = r.selector.add<BehaviorTreeGoal>(1,
                                                           BehaviorTreeBuilder()
                                                               .monitor(Policy::RequireAll, Policy::RequireOne)
                                                               .condition(below_three)
                                                               .back()
                                                               .action(hit)
                                                               .back()
                                                               .end(),
                                                           o);
    r.steps(3);
    BOOST_TEST(*r.mob.brain_->get_memory(m.hits) == 3);
    BOOST_TEST(!g.own_blackboard()->has_memory_value(m.hits));
    r.step();  // the monitor's condition fails: the tree ends
    BOOST_TEST(g.last_result() == Status::Failure);
    BOOST_TEST(*r.mob.brain_->get_memory(m.hits) == 3);
    r.mob.brain_->set_memory(m.hits, 0);  // written elsewhere: the next run sees it
    r.step();
    BOOST_TEST(g.tree().is_running());
    BOOST_TEST(*r.mob.brain_->get_memory(m.hits) == 1);
}

BOOST_AUTO_TEST_CASE(a_brainless_mob_uses_the_goals_own_blackboard) {
    Memories m;
    Rig r;
    // Hit three times, then rest: a cooldown of 3 ticks in the blackboard keeps the guard false.
    auto rested = [cd = m.cooldown](TickContext& c) { return !c.has_memory_value(cd); };
    auto hit = [hits = m.hits, cd = m.cooldown, &r](TickContext& c) {
        const int n = (c.get_memory(hits) ? *c.get_memory(hits) : 0) + 1;
        c.set_memory(hits, n);
        r.sc.log.push_back("hit" + std::to_string(n) + "@" + std::to_string(c.time));
        if (n % 3 != 0) return Status::Running;
        c.set_memory_with_expiry(cd, true, 3);
        return Status::Success;
    };
    BehaviorTreeGoal::Options o = moving();
    o.blackboard = m.layout;
    BehaviorTreeGoal& g = r.selector.add<BehaviorTreeGoal>(1, BehaviorTreeBuilder().action(hit).end(), rested, o);
    BOOST_TEST(r.mob.brain() == nullptr);
    r.steps(3);
    BOOST_TEST(r.sc.take() == "hit1@0 hit2@1 hit3@2");
    BOOST_TEST(*g.own_blackboard()->get_memory(m.hits) == 3);
    BOOST_TEST(g.own_blackboard()->has_memory_value(m.cooldown));
    // Set at tick 2 with a ttl of 3, the cooldown is erased by the expiry pass of tick 6 (the
    // modern order, as a brain ticked every tick would do): the evaluation at tick 4 still sees
    // it, the one at tick 6 does not and starts a new run.
    r.steps(3);  // ticks 3, 4, 5
    BOOST_TEST(r.sc.take() == "");
    BOOST_TEST(!r.selector.is_running(g));
    r.step();  // tick 6
    BOOST_TEST(r.sc.take() == "hit4@6");
    BOOST_TEST(!g.own_blackboard()->has_memory_value(m.cooldown));
}

BOOST_AUTO_TEST_CASE(the_own_blackboard_expires_memories_as_a_brain_ticked_every_tick_would) {
    Memories m;
    for (const MemoryExpiry order : {MemoryExpiry::Modern, MemoryExpiry::Legacy}) {
        for (const std::int64_t ttl : {1, 2, 5}) {
            // The goal is asked (can_use) only at some game times: here every 1, 3 and 9 ticks.
            for (const std::int64_t gap : {1, 3, 9}) {
                Rig r;
                r.level.expiry_ = order;
                bool seen = false;
                auto look = [&seen, cd = m.cooldown](TickContext& c) {
                    seen = c.has_memory_value(cd);
                    return false;
                };
                auto set = [cd = m.cooldown, ttl](TickContext& c) {
                    c.set_memory_with_expiry(cd, true, ttl);
                    return Status::Success;
                };
                BehaviorTreeGoal::Options o;
                o.blackboard = m.layout;
                BehaviorTreeGoal g(BehaviorTreeBuilder().action(set).end(), look, o);
                brain::Brain reference(m.layout, r.level.random());
                // Time 0: both run their pass, then the tree sets the memory.
                g.start(r.level, r.mob);
                g.tick(r.level, r.mob);
                reference.forget_outdated_memories(order);
                reference.set_memory_with_expiry(m.cooldown, true, ttl);
                for (std::int64_t t = 1; t <= 12; ++t) {
                    reference.forget_outdated_memories(order);
                    if (t % gap != 0) continue;
                    r.level.game_time_ = t;
                    (void)g.can_use(r.level, r.mob);
                    BOOST_TEST(seen == reference.has_memory_value(m.cooldown),
                               "order " << int(order) << " ttl " << ttl << " gap " << gap << " t " << t);
                }
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(what_a_goal_only_tree_may_read_and_write) {
    Memories m;
    Rig r;
    bool wrote = false;
    auto write_other = [&wrote, other = m.other](TickContext& c) {
        c.set_memory(other, 1);  // not in the layout: ignored, as a brain ignores it
        wrote = true;
        return Status::Success;
    };
    auto read_other = [other = m.other](TickContext& c) { return c.get_memory(other) != nullptr; };
    BehaviorTreeGoal::Options o;
    o.blackboard = m.layout;
    BehaviorTreeGoal writer(BehaviorTreeBuilder().action(write_other).end(), o);
    writer.start(r.level, r.mob);
    writer.tick(r.level, r.mob);
    BOOST_TEST(wrote);
    BOOST_TEST(!writer.own_blackboard()->is_registered(m.other));
    // Reading a memory the layout does not register is a bug in the tree, as in a brain.
    BehaviorTreeGoal reader(BehaviorTreeBuilder().condition(read_other).end(), o);
    reader.start(r.level, r.mob);
    BOOST_CHECK_THROW(reader.tick(r.level, r.mob), brain::BrainError);
    // Without a layout there is no blackboard at all: any memory use throws BtError, also from
    // inside the selector's tick.
    BehaviorTreeGoal::Options none = moving();
    BehaviorTreeGoal& blind =
        r.selector.add<BehaviorTreeGoal>(1, BehaviorTreeBuilder().condition(read_other).end(), none);
    BOOST_TEST(blind.own_blackboard() == nullptr);
    BOOST_CHECK_THROW(r.selector.tick(r.level, r.mob), BtError);
}

BOOST_AUTO_TEST_CASE(set_up_errors) {
    Memories m;
    Rig r;
    BOOST_CHECK_THROW((BehaviorTreeGoal{BehaviorTree{}, moving()}), BtError);
    // A blackboard layout with sensors: nothing would tick them.
    brain::BrainRegistries reg;
    const auto mem = brain::register_memory<int>(reg.memory_types, "test:seen", "test");
    const auto sensor = brain::register_sensor<NullSensor>(reg.sensor_types, "test:null", "test", mem);
    reg.freeze();
    const brain::SensorType sensors[] = {sensor};
    BehaviorTreeGoal::Options o = moving();
    o.blackboard = std::make_shared<const brain::BrainLayout>(reg, std::span<const brain::MemoryHandle>{}, sensors);
    BOOST_CHECK_THROW((BehaviorTreeGoal{r.walker(), o}), BtError);
    // Starting a goal whose tree still runs (a selector never does) is refused.
    r.sc.results["walk"] = Status::Running;
    BehaviorTreeGoal g(r.walker(), moving());
    g.start(r.level, r.mob);
    g.tick(r.level, r.mob);
    BOOST_CHECK_THROW(g.start(r.level, r.mob), BtError);
    BOOST_TEST(g.tree().is_running());
    BOOST_TEST(g.debug_string() == "BehaviorTree");
    BehaviorTreeGoal::Options named = moving();
    named.name = "Patrol";
    BOOST_TEST(BehaviorTreeGoal(r.walker(), named).debug_string() == "Patrol");
}

BOOST_AUTO_TEST_SUITE_END()
