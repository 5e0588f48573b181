#include "mobsdk/brain/behavior.hpp"

#include "mobsdk/brain/brain.hpp"

namespace mobsdk::brain {

Behavior::Behavior(std::vector<MemoryRequirement> entry_condition, std::int32_t min_duration, std::int32_t max_duration)
    : min_duration_(min_duration), max_duration_(max_duration), entry_condition_(std::move(entry_condition)) {
    if (min_duration < 0 || max_duration < min_duration)
        throw BrainError("Behavior: duration must satisfy 0 <= min <= max (got " + std::to_string(min_duration) + ", " +
                         std::to_string(max_duration) + ")");
}

bool Behavior::try_start(Level& level, Mob& mob, std::int64_t time) {
    Brain* brain = mob.brain();
    if (!brain || (!brain->start_requirements_checked(*this) && !has_required_memories(*brain, entry_condition_)) ||
        !check_extra_start_conditions(level, mob))
        return false;
    status_ = BehaviorStatus::RUNNING;
    const std::int32_t duration = min_duration_ + level.random().next_int(max_duration_ + 1 - min_duration_);
    end_timestamp_ = time + duration;
    start(level, mob, time);
    return true;
}

void Behavior::tick_or_stop(Level& level, Mob& mob, std::int64_t time) {
    if (!timed_out(time) && can_still_use(level, mob, time)) tick(level, mob, time);
    else do_stop(level, mob, time);
}

void Behavior::do_stop(Level& level, Mob& mob, std::int64_t time) {
    status_ = BehaviorStatus::STOPPED;
    stop(level, mob, time);
}

std::string Behavior::debug_string() const { return "Behavior"; }

}  // namespace mobsdk::brain
