// BehaviorTreeGoal: a tree driven by a GoalSelector's can_use / start / tick / stop calls, with the
// mob's brain or the goal's own blackboard as its memory.
#include "mobsdk/bt/goal_adapter.hpp"

#include <algorithm>
#include <utility>

#include "mobsdk/world/random.hpp"

namespace mobsdk::bt {

BehaviorTreeGoal::BehaviorTreeGoal(BehaviorTree tree, Options options)
    : tree_(std::move(tree)), options_(std::move(options)) {
    if (tree_.empty()) throw BtError("BehaviorTreeGoal: the tree is empty; build it before handing it over");
    set_flags(options_.flags);
    if (options_.blackboard) {
        if (!options_.blackboard->sensors().empty())
            throw BtError(
                "BehaviorTreeGoal: the blackboard layout has sensors, but nothing ticks a goal's "
                "blackboard; make the layout from memories only, or give the mob a brain with those "
                "sensors (its brain is then the tree's blackboard)");
        // Without sensors the brain draws nothing from its random source.
        RandomSource unused;
        own_blackboard_ = std::make_unique<brain::Brain>(options_.blackboard, unused);
    }
}

BehaviorTreeGoal::~BehaviorTreeGoal() = default;

TickContext BehaviorTreeGoal::context(Level& level, Mob& mob) {
    if (brain::Brain* b = mob.brain()) return TickContext(level, mob, b, level.game_time());
    brain::Brain* own = own_blackboard_.get();
    const std::int64_t now = level.game_time();
    if (own) {
        // A brain runs one expiry pass per tick before anything reads it; the own blackboard runs
        // the passes of the ticks since it was last used (the goal is not asked anything on some
        // ticks, and none while its flags are taken) before this one reads it. Past the longest ttl
        // left, further passes change nothing.
        // First use, or the clock went back: this tick's pass only.
        if (next_expiry_pass_ == kNever || next_expiry_pass_ > now + 1) next_expiry_pass_ = now;
        std::int64_t passes = now + 1 - next_expiry_pass_;  // 0 when this tick's pass ran already
        if (passes > 1) {
            std::int64_t longest = 0;
            for (brain::MemoryHandle m : own->layout().memories())
                longest = std::max(longest, own->time_until_expiry(m));
            passes = std::min(passes, longest + 1);
        }
        const MemoryExpiry order = level.memory_expiry();
        for (std::int64_t k = 0; k < passes; ++k) own->forget_outdated_memories(order);
        next_expiry_pass_ = now + 1;
    }
    return TickContext(level, mob, own, now);
}

bool BehaviorTreeGoal::guard_holds(Level& level, Mob& mob) {
    if (!guard_) return true;
    TickContext ctx = context(level, mob);
    return guard_->check(ctx);
}

bool BehaviorTreeGoal::can_use(Level& level, Mob& mob) { return guard_holds(level, mob); }

bool BehaviorTreeGoal::can_continue_to_use(Level& level, Mob& mob) {
    if (tree_.is_terminated()) return false;
    return !options_.stop_when_guard_fails || guard_holds(level, mob);
}

void BehaviorTreeGoal::start(Level&, Mob&) {
    // Each run begins from a fresh tree: the root is not Running, so the first tick initialises
    // the nodes it reaches. Leaf objects keep their own state between runs.
    if (tree_.is_running())
        throw BtError(
            "BehaviorTreeGoal: started while its tree still runs (the selector must stop a goal "
            "before starting it again)");
    tree_.reset();
}

void BehaviorTreeGoal::tick(Level& level, Mob& mob) {
    // A tree that ended waits, untouched, for the selector's next evaluation to stop the goal:
    // ticking it again would start a new run the selector did not choose.
    if (tree_.is_terminated()) return;
    TickContext ctx = context(level, mob);
    const Status s = tree_.tick(ctx);
    if (s != Status::Running) last_result_ = s;
}

void BehaviorTreeGoal::stop(Level& level, Mob& mob) {
    if (!tree_.is_running()) return;
    TickContext ctx = context(level, mob);
    tree_.abort(ctx);
}

std::string BehaviorTreeGoal::debug_string() const {
    return options_.name.empty() ? std::string("BehaviorTree") : options_.name;
}

}  // namespace mobsdk::bt
