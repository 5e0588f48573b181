// BehaviorTreeBehavior: a tree driven by the brain's start/tick/stop calls.
#include "mobsdk/bt/brain_behavior.hpp"

#include <utility>

#include "mobsdk/brain/brain.hpp"

namespace mobsdk::bt {

BehaviorTreeBehavior::BehaviorTreeBehavior(BehaviorTree tree, Options options)
    : tree_(std::move(tree)), options_(std::move(options)) {
    if (tree_.empty()) throw BtError("BehaviorTreeBehavior: the tree is empty; build it before handing it over");
}

BehaviorTreeBehavior::BehaviorTreeBehavior(BehaviorTree tree) : BehaviorTreeBehavior(std::move(tree), Options{}) {}

bool BehaviorTreeBehavior::try_start(Level&, Mob& mob, std::int64_t) {
    brain::Brain* b = mob.brain();
    // The brain checks the declared conditions itself when it can (see start_requirements).
    if (!options_.entry_condition.empty() && !(b && b->start_requirements_checked(*this))) {
        if (!b || !brain::has_required_memories(*b, options_.entry_condition)) return false;
    }
    if (options_.activity && !(b && b->is_active(*options_.activity))) return false;
    // A tree that ended last time starts from its root again: its root is not Running, so the
    // first tick initialises it.
    status_ = brain::BehaviorStatus::RUNNING;
    return true;
}

bool BehaviorTreeBehavior::must_stop(Mob& mob) const {
    brain::Brain* b = mob.brain();
    if (options_.activity && !(b && b->is_active(*options_.activity))) return true;
    if (options_.stop_when_entry_condition_fails && !(b && brain::has_required_memories(*b, options_.entry_condition)))
        return true;
    return false;
}

void BehaviorTreeBehavior::tick_or_stop(Level& level, Mob& mob, std::int64_t time) {
    if (must_stop(mob)) {
        do_stop(level, mob, time);
        return;
    }
    TickContext ctx(level, mob, time);
    const Status s = tree_.tick(ctx);
    if (s != Status::Running) {
        last_result_ = s;
        status_ = brain::BehaviorStatus::STOPPED;
    }
}

void BehaviorTreeBehavior::do_stop(Level& level, Mob& mob, std::int64_t time) {
    if (tree_.is_running()) {
        TickContext ctx(level, mob, time);
        tree_.abort(ctx);
    }
    status_ = brain::BehaviorStatus::STOPPED;
}

std::string BehaviorTreeBehavior::debug_string() const {
    return options_.name.empty() ? std::string("BehaviorTree") : options_.name;
}

}  // namespace mobsdk::bt
