// A behaviour tree as a Brain behaviour: started by the brain, ticked once per brain tick, reading
// and writing brain memories as its blackboard, aborted when the brain stops it or its activity
// ends; and a tree walking a real mob in a real world next to vanilla's MoveToTargetSink.
#include <boost/test/unit_test.hpp>

#include <memory>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/bt/brain_behavior.hpp"
#include "mobsdk/stdlib/movement.hpp"
#include "mobserver/world/harness.hpp"
#include "script.hpp"

using namespace bt_test;
using brain::BehaviorStatus;
using brain::MemoryRequirement;
using brain::MemoryStatus;

namespace {

// A real brain (standard memories plus one of the test's) on a fake mob, with a fake enemy.
struct BrainWorld {
    brain::BrainRegistries reg;
    brain::StandardMemories mem = brain::register_standard_memories(reg.memory_types);
    brain::VanillaActivities act = brain::register_vanilla_activities(reg.activities);
    brain::MemoryModuleType<int> hits = brain::register_memory<int>(reg.memory_types, "test:hits", "test");
    std::unique_ptr<brain::BrainProvider> provider;
    testing::FakeLevel level{7};
    testing::FakeMob mob{Uuid{1, 1}, 0};
    testing::FakeMob enemy{Uuid{2, 2}, 1};

    BrainWorld() {
        reg.freeze();
        std::vector<brain::MemoryHandle> memories(mem.all.begin(), mem.all.end());
        memories.push_back(hits);
        provider = std::make_unique<brain::BrainProvider>(reg, memories, std::span<const brain::SensorType>{});
        mob.brain_ = provider->make_brain(level.random());
        enemy.position_ = {3, 0, 0};
        level.mobs = {&mob, &enemy};
    }
    brain::Brain& b() { return *mob.brain_; }
    /// Puts behaviours in the core activity and makes idle the default.
    void core(brain::PrioritizedBehaviors list) {
        b().add_activity(act.core, std::move(list));
        b().set_core_activities({act.core});
        b().set_default_activity(act.idle);
        b().use_default_activity();
    }
};

// Attack a remembered target three times, else wander: the blackboard is the brain.
BehaviorTree fighter(BrainWorld& w, Script& sc) {
    auto has_target = [&w](TickContext& c) { return c.has_memory_value(w.mem.attack_target); };
    auto attack = [&w, &sc](TickContext& c) {
        const EntityRef* target = c.get_memory(w.mem.attack_target);
        Mob* enemy = target ? c.level.resolve_mob(*target) : nullptr;
        if (!enemy) return Status::Failure;
        c.set_memory(w.mem.look_target, brain::PositionTracker::entity(*enemy, true));
        const int n = (c.get_memory(w.hits) ? *c.get_memory(w.hits) : 0) + 1;
        c.set_memory(w.hits, n);
        sc.log.push_back("hit" + std::to_string(n));
        if (n < 3) return Status::Running;
        c.erase_memory(w.mem.attack_target);
        return Status::Success;
    };
    auto wander = [&w, &sc](TickContext& c) {
        c.set_memory(w.mem.walk_target, brain::WalkTarget(BlockPos{10, 0, 10}, 0.6f, 1));
        sc.log.push_back("wander@" + std::to_string(c.time));
        return Status::Success;
    };
    return BehaviorTreeBuilder()
        .selector()
        .sequence()
        .condition(has_target)
        .back()
        .action(attack)
        .back()
        .back()
        .action(wander)
        .end();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(brain_behavior)

BOOST_AUTO_TEST_CASE(a_tree_in_a_brain_uses_memories_as_its_blackboard) {
    BrainWorld w;
    Script sc;
    auto owned = std::make_unique<BehaviorTreeBehavior>(fighter(w, sc));
    BehaviorTreeBehavior& behavior = *owned;
    w.core(brain::prioritized_behaviors(std::pair{0, std::move(owned)}));

    // No target: it wanders, and the tree's success stops the behaviour in the same brain tick.
    w.level.tick();
    BOOST_TEST(sc.take() == "wander@0");
    BOOST_TEST(w.b().has_memory_value(w.mem.walk_target));
    BOOST_TEST((behavior.status() == BehaviorStatus::STOPPED));
    BOOST_TEST(behavior.last_result() == Status::Success);
    BOOST_TEST(w.b().running_behaviors().empty());

    // A target appears in the brain: the tree, started again next tick, attacks it.
    w.b().set_memory(w.mem.attack_target, w.enemy.ref());
    w.level.tick();
    BOOST_TEST(sc.take() == "hit1");
    BOOST_TEST((behavior.status() == BehaviorStatus::RUNNING));
    BOOST_TEST(w.b().running_behaviors().size() == 1u);
    BOOST_TEST(w.b().has_memory_value(w.mem.look_target));
    w.level.tick();
    w.level.tick();
    BOOST_TEST(sc.take() == "hit2 hit3");
    BOOST_TEST(*w.b().get_memory(w.hits) == 3);
    BOOST_TEST(!w.b().has_memory_value(w.mem.attack_target));  // erased by the tree
    BOOST_TEST((behavior.status() == BehaviorStatus::STOPPED));
    // Then back to wandering, one start per brain tick.
    w.level.tick();
    BOOST_TEST(sc.take() == "wander@4");
}

BOOST_AUTO_TEST_CASE(entry_conditions_are_declared_and_checked) {
    BrainWorld w;
    Script sc;
    BehaviorTreeBehavior::Options o;
    o.entry_condition = {{w.mem.attack_target, MemoryStatus::VALUE_PRESENT}};
    auto owned = std::make_unique<BehaviorTreeBehavior>(fighter(w, sc), o);
    BehaviorTreeBehavior& behavior = *owned;
    BOOST_TEST(behavior.start_requirements().size() == 1u);
    w.core(brain::prioritized_behaviors(std::pair{0, std::move(owned)}));
    for (int i = 0; i < 3; ++i) w.level.tick();
    BOOST_TEST(sc.take() == "");  // never started: no target
    BOOST_TEST(behavior.tree().status() == Status::Invalid);
    w.b().set_memory(w.mem.attack_target, w.enemy.ref());
    w.level.tick();
    BOOST_TEST(sc.take() == "hit1");
    // try_start outside a brain tick checks the conditions itself.
    BehaviorTreeBehavior alone(fighter(w, sc), o);
    w.b().erase_memory(w.mem.attack_target);
    BOOST_TEST(!alone.try_start(w.level, w.mob, 0));
    w.b().set_memory(w.mem.attack_target, w.enemy.ref());
    BOOST_TEST(alone.try_start(w.level, w.mob, 0));
}

BOOST_AUTO_TEST_CASE(the_tree_is_aborted_when_its_activity_stops) {
    BrainWorld w;
    Script sc;
    sc.results["guard"] = Status::Running;
    BehaviorTreeBehavior::Options o;
    o.activity = w.act.fight;
    o.name = "Guard";
    auto owned = std::make_unique<BehaviorTreeBehavior>(BehaviorTreeBuilder().action(sc.action("guard")).end(), o);
    BehaviorTreeBehavior& behavior = *owned;
    BOOST_TEST(behavior.debug_string() == "Guard");
    w.core({});
    w.b().add_activity(w.act.fight, brain::prioritized_behaviors(std::pair{0, std::move(owned)}));
    w.b().set_active_activity_if_possible(w.act.fight);
    w.level.tick();
    w.level.tick();
    BOOST_TEST(sc.take() == "guard.init guard=Running guard=Running");
    // The activity changes: on the next brain tick the tree is aborted, not ticked.
    w.b().use_default_activity();
    w.level.tick();
    BOOST_TEST(sc.take() == "guard.term(Aborted)");
    BOOST_TEST(behavior.tree().status() == Status::Aborted);
    BOOST_TEST((behavior.status() == BehaviorStatus::STOPPED));
    w.level.tick();
    BOOST_TEST(sc.take() == "");  // idle: it does not start
    // Back to fight: a fresh run.
    w.b().set_active_activity_if_possible(w.act.fight);
    w.level.tick();
    BOOST_TEST(sc.take() == "guard.init guard=Running");
}

BOOST_AUTO_TEST_CASE(without_the_activity_option_it_runs_on_as_vanilla_behaviours_do) {
    BrainWorld w;
    Script sc;
    sc.results["guard"] = Status::Running;
    w.core({});
    w.b().add_activity(
        w.act.fight,
        brain::prioritized_behaviors(std::pair{
            0, std::make_unique<BehaviorTreeBehavior>(BehaviorTreeBuilder().action(sc.action("guard")).end())}));
    w.b().set_active_activity_if_possible(w.act.fight);
    w.level.tick();
    w.b().use_default_activity();
    w.level.tick();
    BOOST_TEST(sc.take() == "guard.init guard=Running guard=Running");
}

BOOST_AUTO_TEST_CASE(stop_all_aborts_the_tree) {
    BrainWorld w;
    Script sc;
    sc.results["guard"] = Status::Running;
    auto owned = std::make_unique<BehaviorTreeBehavior>(BehaviorTreeBuilder().action(sc.action("guard")).end());
    BehaviorTreeBehavior& behavior = *owned;
    BOOST_TEST(behavior.debug_string() == "BehaviorTree");
    w.core(brain::prioritized_behaviors(std::pair{0, std::move(owned)}));
    w.level.tick();
    w.b().stop_all(w.level, w.mob);
    BOOST_TEST(sc.take() == "guard.init guard=Running guard.term(Aborted)");
    BOOST_TEST((behavior.status() == BehaviorStatus::STOPPED));
    // Stopping a stopped behaviour aborts nothing more.
    behavior.do_stop(w.level, w.mob, 0);
    BOOST_TEST(sc.take() == "");
}

BOOST_AUTO_TEST_CASE(it_can_stop_when_its_entry_conditions_fail) {
    BrainWorld w;
    Script sc;
    sc.results["guard"] = Status::Running;
    BehaviorTreeBehavior::Options o;
    o.entry_condition = {{w.mem.attack_target, MemoryStatus::VALUE_PRESENT}};
    o.stop_when_entry_condition_fails = true;
    w.core(brain::prioritized_behaviors(std::pair{
        0, std::make_unique<BehaviorTreeBehavior>(BehaviorTreeBuilder().action(sc.action("guard")).end(), o)}));
    w.b().set_memory(w.mem.attack_target, w.enemy.ref());
    w.level.tick();
    w.b().erase_memory(w.mem.attack_target);
    w.level.tick();
    BOOST_TEST(sc.take() == "guard.init guard=Running guard.term(Aborted)");
}

BOOST_AUTO_TEST_CASE(an_empty_tree_is_refused) { BOOST_CHECK_THROW(BehaviorTreeBehavior(BehaviorTree{}), BtError); }

BOOST_AUTO_TEST_CASE(a_tree_walks_a_real_mob_through_the_brain) {
    brain::BrainRegistries reg;
    const brain::StandardMemories mem = brain::register_standard_memories(reg.memory_types);
    const brain::VanillaActivities act = brain::register_vanilla_activities(reg.activities);
    const auto arrived = brain::register_memory<std::int64_t>(reg.memory_types, "test:arrived", "test");
    reg.freeze();
    std::vector<brain::MemoryHandle> memories(mem.all.begin(), mem.all.end());
    memories.push_back(arrived);
    brain::BrainProvider provider(reg, memories, std::span<const brain::SensorType>{});
    server::WorldHarness h;  // after the registries: its mobs' brains point into them

    const BlockPos goal{8, server::WorldHarness::ground_y, 5};
    // Set a walk target, wait until within 2 blocks of it (failing if the walk target is dropped, so
    // the brain starts the tree again), then write down when.
    BehaviorTree tree = BehaviorTreeBuilder()
                            .sequence()
                            .action([&](TickContext& c) {
                                c.set_memory(mem.walk_target, brain::WalkTarget(goal, 1.0f, 1));
                                return Status::Success;
                            })
                            .back()
                            .action([&](TickContext& c) {
                                const Vec3 p = c.mob.position();
                                const double dx = p.x - (goal.x + 0.5), dz = p.z - (goal.z + 0.5);
                                if (dx * dx + dz * dz <= 4.0) return Status::Success;
                                return c.has_memory_value(mem.walk_target) ? Status::Running : Status::Failure;
                            })
                            .back()
                            .action([&](TickContext& c) {
                                c.set_memory(arrived, c.time);
                                return Status::Success;
                            })
                            .end();
    tree.set_mode(TickMode::EventDriven);
    auto owned = std::make_unique<BehaviorTreeBehavior>(std::move(tree));
    BehaviorTreeBehavior& behavior = *owned;

    server::ServerMob& m = h.spawn("villager", {0.5, server::WorldHarness::ground_y, 0.5});
    h.tick(2);  // settle on the ground before asking for paths
    m.set_brain(provider.make_brain(h.world().random()));
    brain::Brain& b = *m.brain();
    b.add_activity(act.core,
                   brain::prioritized_behaviors(std::pair{0, std::move(owned)},
                                                std::pair{1, std::make_unique<stdlib::MoveToTargetSink>(mem)}));
    b.set_core_activities({act.core});
    b.set_default_activity(act.idle);
    b.use_default_activity();

    for (int i = 0; i < 200 && !b.has_memory_value(arrived); ++i) h.tick();
    BOOST_REQUIRE(b.has_memory_value(arrived));
    BOOST_TEST(*b.get_memory(arrived) > 0);
    BOOST_TEST(behavior.last_result() == Status::Success);
    const Vec3 p = m.position();
    BOOST_TEST((p.x - 8.5) * (p.x - 8.5) + (p.z - 5.5) * (p.z - 5.5) <= 4.0);
}

BOOST_AUTO_TEST_SUITE_END()
