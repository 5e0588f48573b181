#include "mobsdk/brain/composites.hpp"

namespace mobsdk::brain {

namespace {

WeightedBehaviors with_unit_weights(BehaviorList children) {
    WeightedBehaviors out;
    out.reserve(children.size());
    for (auto& c : children) out.emplace_back(std::move(c), 1);
    return out;
}

}  // namespace

BehaviorDecorator::BehaviorDecorator(std::unique_ptr<BehaviorControl> inner) : inner_(std::move(inner)) {
    if (!inner_) throw BrainError("a behaviour decorator needs a non-null behaviour to wrap");
    report_status_of(*inner_);  // a decorator's status is the wrapped behaviour's
}

// ---- RunFor ----

RunFor::RunFor(std::unique_ptr<BehaviorControl> inner, std::int32_t min, std::int32_t max)
    : BehaviorDecorator(std::move(inner)), min_(min), max_(max) {
    if (min < 0 || max < min)
        throw BrainError("run_for: duration must satisfy 0 <= min <= max (got " + std::to_string(min) + ", " +
                         std::to_string(max) + ")");
}

bool RunFor::try_start(Level& level, Mob& mob, std::int64_t time) {
    if (!inner().try_start(level, mob, time)) return false;
    end_ = time + (max_ > min_ ? level.random().next_int_between_inclusive(min_, max_) : min_);
    return true;
}

void RunFor::tick_or_stop(Level& level, Mob& mob, std::int64_t time) {
    if (time > end_) inner().do_stop(level, mob, time);
    else inner().tick_or_stop(level, mob, time);
}

// ---- Cooldown ----

Cooldown::Cooldown(std::unique_ptr<BehaviorControl> inner, std::int32_t ticks)
    : BehaviorDecorator(std::move(inner)), ticks_(ticks) {
    if (ticks < 0) throw BrainError("cooldown: ticks must not be negative (got " + std::to_string(ticks) + ")");
}

bool Cooldown::try_start(Level& level, Mob& mob, std::int64_t time) {
    return time >= ready_at_ && inner().try_start(level, mob, time);
}

void Cooldown::tick_or_stop(Level& level, Mob& mob, std::int64_t time) {
    inner().tick_or_stop(level, mob, time);
    if (inner().status() == BehaviorStatus::STOPPED) ready_at_ = time + ticks_;
}

void Cooldown::do_stop(Level& level, Mob& mob, std::int64_t time) {
    inner().do_stop(level, mob, time);
    ready_at_ = time + ticks_;
}

// ---- WithCallbacks ----

WithCallbacks::WithCallbacks(std::unique_ptr<BehaviorControl> inner, BehaviorCallback on_start,
                             BehaviorCallback on_stop)
    : BehaviorDecorator(std::move(inner)), on_start_(std::move(on_start)), on_stop_(std::move(on_stop)) {}

bool WithCallbacks::try_start(Level& level, Mob& mob, std::int64_t time) {
    if (!inner().try_start(level, mob, time)) return false;
    if (on_start_) on_start_(level, mob, time);
    return true;
}

void WithCallbacks::tick_or_stop(Level& level, Mob& mob, std::int64_t time) {
    const bool was_running = inner().status() == BehaviorStatus::RUNNING;
    inner().tick_or_stop(level, mob, time);
    if (was_running && inner().status() == BehaviorStatus::STOPPED && on_stop_) on_stop_(level, mob, time);
}

void WithCallbacks::do_stop(Level& level, Mob& mob, std::int64_t time) {
    const bool was_running = inner().status() == BehaviorStatus::RUNNING;
    inner().do_stop(level, mob, time);
    if (was_running && on_stop_) on_stop_(level, mob, time);
}

std::unique_ptr<RunFor> run_for(std::unique_ptr<BehaviorControl> behavior, std::int32_t min, std::int32_t max) {
    return std::make_unique<RunFor>(std::move(behavior), min, max);
}

std::unique_ptr<Cooldown> cooldown(std::unique_ptr<BehaviorControl> behavior, std::int32_t ticks) {
    return std::make_unique<Cooldown>(std::move(behavior), ticks);
}

std::unique_ptr<WithCallbacks> on_start(std::unique_ptr<BehaviorControl> behavior, BehaviorCallback callback) {
    return std::make_unique<WithCallbacks>(std::move(behavior), std::move(callback), nullptr);
}

std::unique_ptr<WithCallbacks> on_stop(std::unique_ptr<BehaviorControl> behavior, BehaviorCallback callback) {
    return std::make_unique<WithCallbacks>(std::move(behavior), nullptr, std::move(callback));
}

// ---- gate composites ----

FirstApplicable::FirstApplicable(BehaviorList children)
    : GateBehavior({}, {}, OrderPolicy::ORDERED, RunningPolicy::RUN_ONE, with_unit_weights(std::move(children))) {}

OneRandom::OneRandom(BehaviorList children) : OneRandom(with_unit_weights(std::move(children))) {}

OneRandom::OneRandom(WeightedBehaviors children)
    : GateBehavior({}, {}, OrderPolicy::SHUFFLED, RunningPolicy::RUN_ONE, std::move(children)) {}

AllApplicable::AllApplicable(BehaviorList children)
    : GateBehavior({}, {}, OrderPolicy::ORDERED, RunningPolicy::TRY_ALL, with_unit_weights(std::move(children))) {}

// ---- Sequential ----

Sequential::Sequential(BehaviorList children) : children_(std::move(children)) {
    if (children_.empty()) throw BrainError("Sequential needs at least one child");
    for (const auto& c : children_)
        if (!c) throw BrainError("Sequential: a child behaviour is null");
}

bool Sequential::try_start(Level& level, Mob& mob, std::int64_t time) {
    if (!children_.front()->try_start(level, mob, time)) return false;
    current_ = 0;
    status_ = BehaviorStatus::RUNNING;
    return true;
}

void Sequential::tick_or_stop(Level& level, Mob& mob, std::int64_t time) {
    BehaviorControl& running = *children_[current_];
    if (running.status() == BehaviorStatus::RUNNING) running.tick_or_stop(level, mob, time);
    if (running.status() == BehaviorStatus::RUNNING) return;
    if (current_ + 1 < children_.size() && children_[current_ + 1]->try_start(level, mob, time)) {
        ++current_;
        return;
    }
    status_ = BehaviorStatus::STOPPED;  // the last child stopped, or the next would not start
}

void Sequential::do_stop(Level& level, Mob& mob, std::int64_t time) {
    status_ = BehaviorStatus::STOPPED;
    BehaviorControl& running = *children_[current_];
    if (running.status() == BehaviorStatus::RUNNING) running.do_stop(level, mob, time);
}

std::string Sequential::debug_string() const {
    std::string out = "Sequential: [";
    if (status_ == BehaviorStatus::RUNNING) out += children_[current_]->debug_string();
    out += ']';
    return out;
}

}  // namespace mobsdk::brain
