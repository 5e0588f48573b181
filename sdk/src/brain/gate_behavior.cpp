#include "mobsdk/brain/gate_behavior.hpp"

#include "mobsdk/brain/brain.hpp"

namespace mobsdk::brain {

GateBehavior::GateBehavior(std::vector<MemoryRequirement> entry_condition,
                           std::vector<MemoryHandle> exit_erased_memories, OrderPolicy order_policy,
                           RunningPolicy running_policy, WeightedBehaviors behaviors)
    : entry_condition_(std::move(entry_condition)),
      exit_erased_memories_(std::move(exit_erased_memories)),
      order_policy_(order_policy),
      running_policy_(running_policy) {
    for (auto& [behavior, weight] : behaviors) {
        if (!behavior) throw BrainError(std::string(type_name()) + ": a child behaviour is null");
        behaviors_.add(std::move(behavior), weight);
    }
    child_count_ = behaviors_.size();
    if (child_count_ > kInlineChildren) {
        more_status_.resize(child_count_);
        more_child_.resize(child_count_);
        child_status_ = more_status_.data();
        child_ = more_child_.data();
    } else {
        child_status_ = inline_status_.data();
        child_ = inline_child_.data();
    }
    mirror_children();
}

void GateBehavior::mirror_children() noexcept {
    auto& entries = behaviors_.entries();
    for (std::size_t k = 0; k < child_count_; ++k) {
        child_[k] = entries[k].data.get();
        child_[k]->mirror_status_into(&child_status_[k]);
    }
}

bool GateBehavior::try_start(Level& level, Mob& mob, std::int64_t time) {
    Brain* brain = mob.brain();
    if (!brain || (!brain->start_requirements_checked(*this) && !has_required_memories(*brain, entry_condition_)))
        return false;
    status_ = BehaviorStatus::RUNNING;
    if (order_policy_ == OrderPolicy::SHUFFLED) {
        behaviors_.shuffle(level.random());
        mirror_children();
    }
    for (std::size_t k = 0; k < child_count_; ++k) {
        if (child_status_[k] != BehaviorStatus::STOPPED) continue;
        if (child_[k]->try_start(level, mob, time) && running_policy_ == RunningPolicy::RUN_ONE) break;
    }
    return true;  // vanilla: started even when no child did
}

void GateBehavior::tick_or_stop(Level& level, Mob& mob, std::int64_t time) {
    const std::size_t n = child_count_;
    for (std::size_t k = 0; k < n; ++k)
        if (child_status_[k] == BehaviorStatus::RUNNING) child_[k]->tick_or_stop(level, mob, time);
    bool any_running = false;
    for (std::size_t k = 0; k < n; ++k) any_running = any_running || child_status_[k] == BehaviorStatus::RUNNING;
    if (!any_running) do_stop(level, mob, time);
}

void GateBehavior::do_stop(Level& level, Mob& mob, std::int64_t time) {
    status_ = BehaviorStatus::STOPPED;
    for (std::size_t k = 0; k < child_count_; ++k)
        if (child_status_[k] == BehaviorStatus::RUNNING) child_[k]->do_stop(level, mob, time);
    if (Brain* brain = mob.brain())
        for (MemoryHandle m : exit_erased_memories_) brain->erase_memory(m);
}

std::string GateBehavior::debug_string() const {
    std::string out = type_name();
    out += ": [";
    bool first = true;
    for (const auto& e : behaviors_) {
        if (e.data->status() != BehaviorStatus::RUNNING) continue;
        if (!first) out += ", ";
        out += e.data->debug_string();
        first = false;
    }
    out += ']';
    return out;
}

RunOne::RunOne(WeightedBehaviors behaviors) : RunOne({}, std::move(behaviors)) {}

RunOne::RunOne(std::vector<MemoryRequirement> entry_condition, WeightedBehaviors behaviors)
    : GateBehavior(std::move(entry_condition), {}, OrderPolicy::SHUFFLED, RunningPolicy::RUN_ONE,
                   std::move(behaviors)) {}

}  // namespace mobsdk::brain
