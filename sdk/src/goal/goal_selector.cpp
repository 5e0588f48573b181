// Vanilla's GoalSelector: flag locks, pre-emption by priority, disabled flags.
#include <algorithm>
#include <string>

#include "mobsdk/goal/goal.hpp"

namespace mobsdk::goal {

namespace {

constexpr Flag all_flags[Flags::count] = {Flag::Move, Flag::Look, Flag::Jump, Flag::Target};

// Marks the selector busy for the length of a tick, also when a goal throws out of it.
class TickingScope {
public:
    explicit TickingScope(bool& flag) noexcept : flag_(flag), was_(flag) { flag_ = true; }
    ~TickingScope() { flag_ = was_; }
    TickingScope(const TickingScope&) = delete;
    TickingScope& operator=(const TickingScope&) = delete;

private:
    bool& flag_;
    bool was_;
};

}  // namespace

void GoalSelector::check_not_ticking(const char* what) const {
    if (ticking_)
        throw GoalError(std::string("GoalSelector::") + what +
                        " called while the selector ticks (from a goal's can_use, start, tick or stop): change goals "
                        "between ticks instead");
}

Goal& GoalSelector::add_goal(std::int32_t priority, std::unique_ptr<Goal> goal) {
    check_not_ticking("add_goal");
    if (!goal) throw GoalError("GoalSelector::add_goal: the goal is null");
    Goal& g = *goal;
    goals_.push_back(WrappedGoal{priority, std::move(goal), false});
    return g;
}

void GoalSelector::remove_goal(Level& level, Mob& mob, const Goal& goal) {
    check_not_ticking("remove_goal");
    const auto it =
        std::find_if(goals_.begin(), goals_.end(), [&](const WrappedGoal& w) { return w.goal.get() == &goal; });
    if (it == goals_.end()) return;
    const auto index = static_cast<std::int32_t>(it - goals_.begin());
    if (it->running) {
        it->running = false;
        it->goal->stop(level, mob);
    }
    for (std::int32_t& holder : locked_) {
        if (holder == index) holder = -1;
        else if (holder > index) --holder;
    }
    goals_.erase(it);
}

void GoalSelector::clear(Level& level, Mob& mob) {
    check_not_ticking("clear");
    stop_all(level, mob);
    goals_.clear();
}

void GoalSelector::stop_all(Level& level, Mob& mob) {
    for (WrappedGoal& w : goals_)
        if (w.running) {
            w.running = false;
            w.goal->stop(level, mob);
        }
    std::fill(std::begin(locked_), std::end(locked_), -1);
}

void GoalSelector::tick(Level& level, Mob& mob) {
    const TickingScope busy(ticking_);
    // 1. Stop running goals that hold a disabled flag or may not continue.
    for (WrappedGoal& w : goals_)
        if (w.running && (w.goal->flags().intersects(disabled_) || !w.goal->can_continue_to_use(level, mob))) {
            w.running = false;
            w.goal->stop(level, mob);
        }
    // 2. Free the flags of goals that no longer run.
    for (std::int32_t& holder : locked_)
        if (holder >= 0 && !goals_[static_cast<std::size_t>(holder)].running) holder = -1;
    // 3. Start usable goals, in the order added, whose flags are free or replaceable.
    for (std::size_t i = 0; i < goals_.size(); ++i) {
        WrappedGoal& w = goals_[i];
        if (w.running) continue;
        const Flags flags = w.goal->flags();
        if (flags.intersects(disabled_)) continue;
        bool replaceable = true;
        for (Flag f : all_flags) {
            if (!flags.has(f)) continue;
            const std::int32_t holder = locked_[static_cast<int>(f)];
            if (holder >= 0 && !goals_[static_cast<std::size_t>(holder)].can_be_replaced_by(w)) {
                replaceable = false;
                break;
            }
        }
        if (!replaceable || !w.goal->can_use(level, mob)) continue;
        for (Flag f : all_flags) {
            if (!flags.has(f)) continue;
            std::int32_t& holder = locked_[static_cast<int>(f)];
            if (holder >= 0) {
                WrappedGoal& old = goals_[static_cast<std::size_t>(holder)];
                if (old.running) {
                    old.running = false;
                    old.goal->stop(level, mob);
                }
            }
            holder = static_cast<std::int32_t>(i);
        }
        w.running = true;
        w.goal->start(level, mob);
    }
    // 4. Tick everything that runs.
    tick_running_goals(level, mob, true);
}

void GoalSelector::tick_running_goals(Level& level, Mob& mob, bool tick_all) {
    const TickingScope busy(ticking_);
    for (WrappedGoal& w : goals_)
        if (w.running && (tick_all || w.goal->requires_update_every_tick())) w.goal->tick(level, mob);
}

const Goal* GoalSelector::holder(Flag flag) const noexcept {
    const std::int32_t h = locked_[static_cast<int>(flag)];
    return h >= 0 ? goals_[static_cast<std::size_t>(h)].goal.get() : nullptr;
}

bool GoalSelector::is_running(const Goal& goal) const noexcept {
    for (const WrappedGoal& w : goals_)
        if (w.goal.get() == &goal) return w.running;
    return false;
}

}  // namespace mobsdk::goal
