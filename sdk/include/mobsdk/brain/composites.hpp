// Decorators and composites in the style SmartBrainLib users know (runFor, cooldownFor, callbacks,
// FirstApplicable, OneRandom, AllApplicable, Sequential), as thin layers over GateBehavior.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/gate_behavior.hpp"

namespace mobsdk::brain {

/// @brief Behaviours in order, as the unweighted composites take them.
using BehaviorList = std::vector<std::unique_ptr<BehaviorControl>>;

/// @brief Builds a BehaviorList from unique_ptrs of any behaviour types (a braced list cannot hold
/// move-only values): `behavior_list(std::make_unique<A>(), std::make_unique<B>())`.
template <typename... Bs>
BehaviorList behavior_list(std::unique_ptr<Bs>... behaviors) {
    static_assert((std::is_base_of_v<BehaviorControl, Bs> && ...),
                  "behavior_list: every argument must be a std::unique_ptr to a BehaviorControl");
    BehaviorList out;
    out.reserve(sizeof...(Bs));
    (out.push_back(std::move(behaviors)), ...);
    return out;
}

/// @brief Forwards everything to a wrapped behaviour; decorators override what they change. Its
/// status is the wrapped behaviour's.
class BehaviorDecorator : public BehaviorControl {
public:
    /// @brief Wraps `inner` (must not be null).
    explicit BehaviorDecorator(std::unique_ptr<BehaviorControl> inner);
    bool try_start(Level& level, Mob& mob, std::int64_t time) override { return inner_->try_start(level, mob, time); }
    void tick_or_stop(Level& level, Mob& mob, std::int64_t time) override { inner_->tick_or_stop(level, mob, time); }
    void do_stop(Level& level, Mob& mob, std::int64_t time) override { inner_->do_stop(level, mob, time); }
    std::string debug_string() const override { return inner_->debug_string(); }
    /// @brief The wrapped behaviour's: every decorator here starts only when it does, and does
    /// nothing when it does not. A decorator that acts on a failed start must override this.
    std::span<const MemoryRequirement> start_requirements() const noexcept override {
        return inner_->start_requirements();
    }
    /// @brief The wrapped behaviour.
    BehaviorControl& inner() noexcept { return *inner_; }
    /// @brief The wrapped behaviour.
    const BehaviorControl& inner() const noexcept { return *inner_; }

private:
    std::unique_ptr<BehaviorControl> inner_;
};

/// @brief Stops the wrapped behaviour once it has run for a duration drawn in [min, max] when it
/// starts (SmartBrainLib's runFor). Like Behavior's timeout, it still ticks at start + duration and
/// is stopped at the tick after.
class RunFor final : public BehaviorDecorator {
public:
    /// @brief `min` ≤ `max` ticks; a duration is drawn from the level's random source only when
    /// min < max.
    RunFor(std::unique_ptr<BehaviorControl> inner, std::int32_t min, std::int32_t max);
    bool try_start(Level& level, Mob& mob, std::int64_t time) override;
    void tick_or_stop(Level& level, Mob& mob, std::int64_t time) override;
    /// @brief The time after which it is stopped.
    std::int64_t end_timestamp() const noexcept { return end_; }

private:
    std::int32_t min_;
    std::int32_t max_;
    std::int64_t end_ = 0;
};

/// @brief The wrapped behaviour cannot start again until `ticks` after it stopped
/// (SmartBrainLib's cooldownFor).
class Cooldown final : public BehaviorDecorator {
public:
    /// @brief `ticks` ≥ 0.
    Cooldown(std::unique_ptr<BehaviorControl> inner, std::int32_t ticks);
    bool try_start(Level& level, Mob& mob, std::int64_t time) override;
    void tick_or_stop(Level& level, Mob& mob, std::int64_t time) override;
    void do_stop(Level& level, Mob& mob, std::int64_t time) override;
    /// @brief The first time it may start again.
    std::int64_t ready_at() const noexcept { return ready_at_; }

private:
    std::int32_t ticks_;
    std::int64_t ready_at_ = INT64_MIN;
};

/// @brief A callback of on_start / on_stop.
using BehaviorCallback = std::function<void(Level&, Mob&, std::int64_t)>;

/// @brief Calls callbacks when the wrapped behaviour starts and when it stops (however it stops).
class WithCallbacks final : public BehaviorDecorator {
public:
    /// @brief Either callback may be empty.
    WithCallbacks(std::unique_ptr<BehaviorControl> inner, BehaviorCallback on_start, BehaviorCallback on_stop);
    bool try_start(Level& level, Mob& mob, std::int64_t time) override;
    void tick_or_stop(Level& level, Mob& mob, std::int64_t time) override;
    void do_stop(Level& level, Mob& mob, std::int64_t time) override;

private:
    BehaviorCallback on_start_;
    BehaviorCallback on_stop_;
};

/// @brief Limits how long `behavior` runs to a duration drawn in [min, max].
std::unique_ptr<RunFor> run_for(std::unique_ptr<BehaviorControl> behavior, std::int32_t min, std::int32_t max);
/// @brief `behavior` cannot start again until `ticks` after it stopped.
std::unique_ptr<Cooldown> cooldown(std::unique_ptr<BehaviorControl> behavior, std::int32_t ticks);
/// @brief Calls `callback` each time `behavior` starts.
std::unique_ptr<WithCallbacks> on_start(std::unique_ptr<BehaviorControl> behavior, BehaviorCallback callback);
/// @brief Calls `callback` each time `behavior` stops.
std::unique_ptr<WithCallbacks> on_stop(std::unique_ptr<BehaviorControl> behavior, BehaviorCallback callback);

/// @brief Runs the first child, in order, that starts (a GateBehavior, ORDERED + RUN_ONE).
class FirstApplicable final : public GateBehavior {
public:
    /// @brief Children in the order they are tried.
    explicit FirstApplicable(BehaviorList children);
    const char* type_name() const noexcept override { return "FirstApplicable"; }
};

/// @brief Runs one child chosen by weighted shuffle (a GateBehavior, SHUFFLED + RUN_ONE: RunOne
/// without vanilla's name).
class OneRandom final : public GateBehavior {
public:
    /// @brief Every child weight 1.
    explicit OneRandom(BehaviorList children);
    /// @brief Weighted children.
    explicit OneRandom(WeightedBehaviors children);
    const char* type_name() const noexcept override { return "OneRandom"; }
};

/// @brief Starts every child that can start (a GateBehavior, ORDERED + TRY_ALL).
class AllApplicable final : public GateBehavior {
public:
    /// @brief Children in the order they are tried.
    explicit AllApplicable(BehaviorList children);
    const char* type_name() const noexcept override { return "AllApplicable"; }
};

/// @brief Runs its children one after another: starts the first; when the running one stops,
/// starts the next (it is first ticked on the following tick). It stops after the last child
/// stops, or when the next child fails to start; it does not start when the first child does not.
class Sequential final : public BehaviorControl {
public:
    /// @brief Children in the order they run (at least one).
    explicit Sequential(BehaviorList children);
    bool try_start(Level& level, Mob& mob, std::int64_t time) override;
    void tick_or_stop(Level& level, Mob& mob, std::int64_t time) override;
    void do_stop(Level& level, Mob& mob, std::int64_t time) override;
    /// @brief `Sequential: [running child]`.
    std::string debug_string() const override;
    /// @brief The first child's: it starts when that child starts.
    std::span<const MemoryRequirement> start_requirements() const noexcept override {
        return children_.front()->start_requirements();
    }
    /// @brief Index of the child now running (meaningful while RUNNING).
    std::size_t current() const noexcept { return current_; }
    /// @brief Number of children.
    std::size_t child_count() const noexcept { return children_.size(); }
    /// @brief The i-th child, in the order they run.
    const BehaviorControl& child(std::size_t i) const { return *children_.at(i); }

private:
    BehaviorList children_;
    std::size_t current_ = 0;
};

}  // namespace mobsdk::brain
