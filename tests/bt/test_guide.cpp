// The example of docs/behaviour-trees.md ("A tree in a brain"), compiled and run: if this test
// changes, the guide changes with it.
#include <boost/test/unit_test.hpp>

#include <array>
#include <memory>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/bt/brain_behavior.hpp"
#include "mobsdk/bt/builder.hpp"
#include "mobsdk/testing/fake_world.hpp"

namespace guide {

using namespace mobsdk;
using namespace mobsdk::bt;

// --- from the guide ---

// Swings at ATTACK_TARGET three times, then forgets it.
struct Attack {
    brain::MemoryModuleType<EntityRef> target;
    brain::MemoryModuleType<std::int32_t> swings;

    void on_initialise(TickContext& c) { c.set_memory(swings, 0); }
    Status update(TickContext& c) {
        Mob* enemy = c.level.resolve_mob(*c.get_memory(target));
        c.mob.look_control().set_look_at(*enemy, 30.0f, 30.0f);
        const std::int32_t n = *c.get_memory(swings) + 1;
        c.set_memory(swings, n);
        return n < 3 ? Status::Running : Status::Success;
    }
    void on_terminate(TickContext& c, Status s) {
        if (s == Status::Success) c.erase_memory(target);
    }
};

// Attacks what the brain remembers as ATTACK_TARGET while it is alive; otherwise walks between two
// posts by writing WALK_TARGET (a MoveToTargetSink in the same brain does the walking).
BehaviorTree guard_tree(const brain::StandardMemories& mem, brain::MemoryModuleType<std::int32_t> swings) {
    auto target_alive = [target = mem.attack_target](TickContext& c) {
        const EntityRef* t = c.get_memory(target);
        return t && c.level.resolve_mob(*t) != nullptr;
    };
    auto patrol = [walk = mem.walk_target, posts = std::array{BlockPos{0, 64, 0}, BlockPos{12, 64, 0}},
                   next = 0](TickContext& c) mutable {
        if (!c.has_memory_value(walk)) {  // arrived (the sink erased it): on to the other post
            c.set_memory(walk, brain::WalkTarget(posts[next], 0.6f, 1));
            next = 1 - next;
        }
        return Status::Running;  // patrols until something more important comes up
    };
    return BehaviorTreeBuilder()
        .active_selector()
        .monitor(Policy::RequireAll, Policy::RequireOne)
        .condition(target_alive)
        .name("target alive")
        .back()
        .action(Attack{mem.attack_target, swings})
        .name("attack")
        .back()
        .back()
        .action(patrol)
        .name("patrol")
        .end();
}

// --- end of the guide's code ---

}  // namespace guide

using namespace mobsdk;
using namespace mobsdk::bt;

BOOST_AUTO_TEST_SUITE(guide)

BOOST_AUTO_TEST_CASE(the_guard_patrols_attacks_and_patrols_again) {
    brain::BrainRegistries reg;
    const brain::StandardMemories mem = brain::register_standard_memories(reg.memory_types);
    const brain::VanillaActivities act = brain::register_vanilla_activities(reg.activities);
    const auto swings = brain::register_memory<std::int32_t>(reg.memory_types, "example:swings", "example");
    reg.freeze();
    std::vector<brain::MemoryHandle> memories(mem.all.begin(), mem.all.end());
    memories.push_back(swings);
    brain::BrainProvider provider(reg, memories, std::span<const brain::SensorType>{});

    testing::FakeLevel level(1);
    testing::FakeMob guard(Uuid{1, 1}, 0), zombie(Uuid{2, 2}, 1);
    zombie.position_ = {4, 64, 0};
    level.mobs = {&guard, &zombie};
    guard.brain_ = provider.make_brain(level.random());
    brain::Brain& b = *guard.brain_;

    // --- from the guide ---
    BehaviorTreeBehavior::Options options;
    options.activity = act.idle;  // aborted as soon as idle is not active
    options.name = "Guard";
    auto tree = std::make_unique<BehaviorTreeBehavior>(guide::guard_tree(mem, swings), options);
    BehaviorTreeBehavior& guard_behavior = *tree;
    b.add_activity(act.idle, brain::prioritized_behaviors(std::pair{0, std::move(tree)}));
    b.set_default_activity(act.idle);
    b.use_default_activity();
    // --- end of the guide's code ---

    level.tick();
    BOOST_TEST(b.get_memory(mem.walk_target)->target.block_pos() == (BlockPos{0, 64, 0}));
    BOOST_TEST(guard_behavior.tree().status(4) == Status::Running);  // patrol
    b.erase_memory(mem.walk_target);                                 // as the sink does on arrival
    level.tick();
    BOOST_TEST(b.get_memory(mem.walk_target)->target.block_pos() == (BlockPos{12, 64, 0}));

    // A zombie is remembered as the attack target: patrol is aborted, three swings, then it is forgotten.
    b.set_memory(mem.attack_target, zombie.ref());
    level.tick();
    BOOST_TEST(guard_behavior.tree().status(4) == Status::Aborted);
    BOOST_TEST(*b.get_memory(swings) == 1);
    BOOST_TEST(guard.controls.looked_at.has_value());
    level.tick();
    level.tick();
    BOOST_TEST(*b.get_memory(swings) == 3);
    BOOST_TEST(!b.has_memory_value(mem.attack_target));
    BOOST_TEST(guard_behavior.last_result() == Status::Success);
    // Next tick the tree starts again from its root, and patrols.
    level.tick();
    BOOST_TEST(guard_behavior.tree().status(4) == Status::Running);

    // A target that dies mid-attack: the monitor's condition fails, the attack is aborted.
    b.set_memory(mem.attack_target, zombie.ref());
    level.tick();
    BOOST_TEST(guard_behavior.tree().status(3) == Status::Running);
    zombie.alive_ = false;
    level.tick();
    BOOST_TEST(guard_behavior.tree().status(3) == Status::Aborted);
    BOOST_TEST(guard_behavior.tree().status(4) == Status::Running);  // patrolling again, same tick
    BOOST_TEST(guard_behavior.tree().describe() ==
               "active_selector(monitor[all,one](condition \"target alive\", action \"attack\"), action \"patrol\")");
}

BOOST_AUTO_TEST_SUITE_END()
