#include "mobsdk/brain/one_shot.hpp"

namespace mobsdk::brain {

namespace {

class Sequence final : public OneShot {
public:
    Sequence(std::unique_ptr<OneShot> first, std::unique_ptr<OneShot> second)
        : first_(std::move(first)), second_(std::move(second)) {
        if (!first_ || !second_) throw BrainError("sequence: both triggers must be non-null");
        set_debug_name("Sequence");
    }
    bool trigger(Level& level, Mob& mob, std::int64_t time) override {
        return first_->trigger(level, mob, time) && second_->trigger(level, mob, time);
    }
    // Nothing happens unless the first fires.
    std::span<const MemoryRequirement> start_requirements() const noexcept override {
        return first_->start_requirements();
    }

private:
    std::unique_ptr<OneShot> first_;
    std::unique_ptr<OneShot> second_;
};

class TriggerGateOneShot final : public OneShot {
public:
    TriggerGateOneShot(WeightedTriggers triggers, GateBehavior::OrderPolicy order, GateBehavior::RunningPolicy running)
        : order_(order), running_(running) {
        for (auto& [t, weight] : triggers) {
            if (!t) throw BrainError("TriggerGate: a trigger is null");
            triggers_.add(std::move(t), weight);
        }
        set_debug_name("TriggerGate");
    }
    bool trigger(Level& level, Mob& mob, std::int64_t time) override {
        if (order_ == GateBehavior::OrderPolicy::SHUFFLED) triggers_.shuffle(level.random());
        for (auto& e : triggers_)
            if (e.data->trigger(level, mob, time) && running_ == GateBehavior::RunningPolicy::RUN_ONE) break;
        return true;  // vanilla's TriggerGate returns true whatever its triggers did
    }

private:
    ShufflingList<std::unique_ptr<OneShot>> triggers_;
    GateBehavior::OrderPolicy order_;
    GateBehavior::RunningPolicy running_;
};

}  // namespace

namespace behavior_builder {

std::unique_ptr<OneShot> sequence(std::unique_ptr<OneShot> first, std::unique_ptr<OneShot> second) {
    return std::make_unique<Sequence>(std::move(first), std::move(second));
}

}  // namespace behavior_builder

std::unique_ptr<OneShot> TriggerGate::trigger_one_shuffled(WeightedTriggers triggers) {
    return trigger_gate(std::move(triggers), GateBehavior::OrderPolicy::SHUFFLED, GateBehavior::RunningPolicy::RUN_ONE);
}

std::unique_ptr<OneShot> TriggerGate::trigger_gate(WeightedTriggers triggers, GateBehavior::OrderPolicy order,
                                                   GateBehavior::RunningPolicy running) {
    return std::make_unique<TriggerGateOneShot>(std::move(triggers), order, running);
}

}  // namespace mobsdk::brain
