// One-shot triggers (vanilla's OneShot, BehaviorBuilder and TriggerGate): behaviours that act once
// when they start and stop on their first tick, declared with typed memory conditions.
//
// ```
// using namespace mobsdk::brain::behavior_builder;
// auto walk_to_look = create(absent(mem.walk_target), present(mem.look_target),  // BlockPos memories
//     [](Level&, Mob&, std::int64_t, auto& walk, auto& look) {
//         walk.set(look.get());  // look.get() is const BlockPos&; walk has no get()
//         return true;
//     });
// ```
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/gate_behavior.hpp"
#include "mobsdk/brain/memory.hpp"

namespace mobsdk::brain {

/// @brief A behaviour that runs `trigger` when asked to start and stops at its first tick_or_stop
/// (vanilla's OneShot, which is also vanilla's Trigger).
class OneShot : public BehaviorControl {
public:
    /// @brief Runs trigger(); RUNNING when it returned true.
    bool try_start(Level& level, Mob& mob, std::int64_t time) final {
        if (!trigger(level, mob, time)) return false;
        status_ = BehaviorStatus::RUNNING;
        return true;
    }
    /// @brief Always stops: a one-shot is done once it has started.
    void tick_or_stop(Level& level, Mob& mob, std::int64_t time) final { do_stop(level, mob, time); }
    void do_stop(Level&, Mob&, std::int64_t) final { status_ = BehaviorStatus::STOPPED; }
    std::string debug_string() const override { return name_; }

    /// @brief Checks its conditions and, if they hold, acts; true when it acted. Does not change
    /// status(), so composites (sequence, trigger_if, TriggerGate) can call it directly.
    virtual bool trigger(Level& level, Mob& mob, std::int64_t time) = 0;

    /// @brief Sets the name debug_string() returns (e.g. "GoToWantedItem").
    void set_debug_name(std::string name) { name_ = std::move(name); }

private:
    std::string name_ = "OneShot";
};

/// @brief Triggers with weights, as TriggerGate takes them.
using WeightedTriggers = std::vector<std::pair<std::unique_ptr<OneShot>, std::int32_t>>;

/// @brief Builds a WeightedTriggers from pairs of any one-shot types (see weighted_behaviors).
template <typename... Ts>
WeightedTriggers weighted_triggers(std::pair<std::unique_ptr<Ts>, std::int32_t>... entries) {
    static_assert((std::is_base_of_v<OneShot, Ts> && ...),
                  "weighted_triggers: every entry must hold a std::unique_ptr to a OneShot (a trigger)");
    WeightedTriggers out;
    out.reserve(sizeof...(Ts));
    (out.emplace_back(std::move(entries.first), entries.second), ...);
    return out;
}

/// @brief Declarative one-shots, as vanilla's BehaviorBuilder: memory conditions, then a body that
/// gets one typed accessor per condition.
namespace behavior_builder {

template <typename T, MemoryStatus S>
class MemoryAccessor;

/// @brief A memory condition of a trigger: the typed memory and the status it must have.
template <typename T, MemoryStatus S>
struct MemoryCondition {
    using value_type = T;                      ///< the memory's value type
    static constexpr MemoryStatus status = S;  ///< the status required
    MemoryModuleType<T> memory;                ///< which memory
    /// @brief True when the brain satisfies it (an unregistered memory never does, as vanilla).
    bool check(const Brain& brain) const noexcept { return brain.check_memory(memory, S); }
    /// @brief The accessor passed to the body.
    MemoryAccessor<T, S> accessor(Brain& brain) const noexcept { return MemoryAccessor<T, S>(brain, memory); }
};

/// @brief The memory must have a value; its accessor has get().
template <typename T>
constexpr MemoryCondition<T, MemoryStatus::VALUE_PRESENT> present(MemoryModuleType<T> memory) noexcept {
    return {memory};
}
/// @brief The memory must have no value; its accessor can only write.
template <typename T>
constexpr MemoryCondition<T, MemoryStatus::VALUE_ABSENT> absent(MemoryModuleType<T> memory) noexcept {
    return {memory};
}
/// @brief The memory must be registered; its accessor has try_get().
template <typename T>
constexpr MemoryCondition<T, MemoryStatus::REGISTERED> registered(MemoryModuleType<T> memory) noexcept {
    return {memory};
}

/// @brief Reads and writes one memory from a trigger's body (vanilla's MemoryAccessor). Only a
/// `present` accessor has get(), only a `registered` one has try_get(); an `absent` one only
/// writes. get() reads the brain's current value, so after set() it returns the new value (vanilla
/// returns the value seen when the conditions were checked).
template <typename T, MemoryStatus S>
class MemoryAccessor {
public:
    using value_type = T;  ///< the memory's value type

    /// @brief Made by the builder for each condition.
    MemoryAccessor(Brain& brain, MemoryModuleType<T> memory) noexcept : brain_(&brain), memory_(memory) {}

    /// @brief Sets the value without expiry (Brain::set_memory).
    void set(const T& value) const { brain_->set_memory(memory_, value); }
    /// @brief Sets the value without expiry, moving it in.
    void set(T&& value) const { brain_->set_memory(memory_, std::move(value)); }
    /// @brief Refuses a value of another type at compile time.
    template <typename U>
    requires(!std::is_convertible_v<U&&, const T&>) void set(U&&) const {
        static_assert(std::is_convertible_v<U&&, const T&>,
                      "MemoryAccessor::set: the value's type is not the memory's value type "
                      "(MemoryModuleType<T> fixes T; convert the value or use another memory)");
    }
    /// @brief Sets a value that expires after `ttl` ticks (Brain::set_memory_with_expiry).
    void set_with_expiry(const T& value, std::int64_t ttl) const {
        brain_->set_memory_with_expiry(memory_, value, ttl);
    }
    /// @brief Sets an expiring value, moving it in.
    void set_with_expiry(T&& value, std::int64_t ttl) const {
        brain_->set_memory_with_expiry(memory_, std::move(value), ttl);
    }
    /// @brief Refuses a value of another type at compile time.
    template <typename U>
    requires(!std::is_convertible_v<U&&, const T&>) void set_with_expiry(U&&, std::int64_t) const {
        static_assert(std::is_convertible_v<U&&, const T&>,
                      "MemoryAccessor::set_with_expiry: the value's type is not the memory's value type "
                      "(MemoryModuleType<T> fixes T; convert the value or use another memory)");
    }
    /// @brief Erases the value.
    void erase() const noexcept { brain_->erase_memory(memory_); }

    /// @brief The value (present accessors only). Valid until the memory is next written.
    template <MemoryStatus S2 = S>
    const T& get() const {
        static_assert(S2 == MemoryStatus::VALUE_PRESENT,
                      "MemoryAccessor::get() needs a present(...) condition: an absent(...) memory has no "
                      "value, and a registered(...) one may not — use try_get() on a registered(...) accessor");
        return *brain_->get_memory(memory_);
    }
    /// @brief The value or nullptr (registered accessors only).
    template <MemoryStatus S2 = S>
    const T* try_get() const {
        static_assert(S2 == MemoryStatus::REGISTERED,
                      "MemoryAccessor::try_get() needs a registered(...) condition; on a present(...) "
                      "accessor use get(), and an absent(...) memory has no value to read");
        return brain_->get_memory(memory_);
    }
    /// @brief The memory this accessor writes.
    MemoryModuleType<T> memory() const noexcept { return memory_; }

private:
    Brain* brain_;
    MemoryModuleType<T> memory_;
};

namespace detail {
template <typename C>
struct IsCondition : std::false_type {};
template <typename T, MemoryStatus S>
struct IsCondition<MemoryCondition<T, S>> : std::true_type {};
}  // namespace detail

/// @brief What create() accepts before the body: present(m), absent(m) or registered(m).
template <typename C>
concept Condition = detail::IsCondition<std::remove_cvref_t<C>>::value;

/// @brief A one-shot made by create(): the conditions and body live in the object, so a trigger
/// allocates nothing and calls the body directly.
template <typename Body, typename... Conds>
class BuiltOneShot final : public OneShot {
public:
    /// @brief Holds the body and conditions.
    BuiltOneShot(Body body, std::tuple<Conds...> conds)
        : body_(std::move(body)),
          conds_(std::move(conds)),
          requirements_(std::apply(
              [](const Conds&... c) {
                  return std::array<MemoryRequirement, sizeof...(Conds)>{MemoryRequirement{c.memory, Conds::status}...};
              },
              conds_)) {}
    /// @brief The conditions: the body runs only when they all hold.
    std::span<const MemoryRequirement> start_requirements() const noexcept override { return requirements_; }

    /// @brief Checks every condition, then calls the body with one accessor per condition.
    bool trigger(Level& level, Mob& mob, std::int64_t time) override {
        Brain* brain = mob.brain();
        if (!brain) return false;
        return std::apply(
            [&](const Conds&... c) -> bool {
                if (!(c.check(*brain) && ...)) return false;
                return invoke(level, mob, time, c.accessor(*brain)...);
            },
            conds_);
    }

private:
    template <typename... Accessors>
    bool invoke(Level& level, Mob& mob, std::int64_t time, Accessors... accessors) {
        // The accessors are lvalues here, so the body may take them as `auto&`.
        return static_cast<bool>(body_(level, mob, time, accessors...));
    }
    Body body_;
    std::tuple<Conds...> conds_;
    std::array<MemoryRequirement, sizeof...(Conds)> requirements_;  // the same conditions, untyped
};

namespace detail {

template <typename Body, typename Tuple, std::size_t... I>
auto build(Tuple&& args, std::index_sequence<I...>) {
    using BodyT = std::remove_cvref_t<Body>;
    static_assert((Condition<std::tuple_element_t<I, std::remove_cvref_t<Tuple>>> && ...),
                  "behavior_builder::create(conditions..., body): every argument before the body must be "
                  "present(memory), absent(memory) or registered(memory)");
    using Result = BuiltOneShot<BodyT, std::remove_cvref_t<std::tuple_element_t<I, std::remove_cvref_t<Tuple>>>...>;
    static_assert(std::is_invocable_r_v<bool, BodyT&, Level&, Mob&, std::int64_t,
                                        decltype(std::get<I>(args).accessor(std::declval<Brain&>()))&...>,
                  "behavior_builder::create: the body must be callable as (Level&, Mob&, std::int64_t time, "
                  "accessor...) with one accessor per condition, in order, and return bool");
    return std::make_unique<Result>(std::get<sizeof...(I)>(std::forward<Tuple>(args)),
                                    std::make_tuple(std::get<I>(std::forward<Tuple>(args))...));
}

}  // namespace detail

/// @brief A one-shot from memory conditions and a body: `create(absent(a), present(b), body)`.
/// The body is called as body(level, mob, time, accessor_a, accessor_b) only when every condition
/// holds; the one-shot starts when it returns true. With no conditions it is vanilla's `point`.
template <typename... Args>
auto create(Args&&... args) {
    static_assert(sizeof...(Args) >= 1, "behavior_builder::create needs a body (the last argument)");
    return detail::build<std::tuple_element_t<sizeof...(Args) - 1, std::tuple<Args...>>>(
        std::forward_as_tuple(std::forward<Args>(args)...), std::make_index_sequence<sizeof...(Args) - 1>{});
}

/// @brief A one-shot that runs `first` and, only if it succeeded, `second`; true when both did
/// (vanilla's BehaviorBuilder.sequence).
std::unique_ptr<OneShot> sequence(std::unique_ptr<OneShot> first, std::unique_ptr<OneShot> second);

/// @brief A one-shot that succeeds when `predicate(mob)` or `predicate(level, mob)` is true
/// (vanilla's triggerIf(Predicate) and triggerIf(BiPredicate)).
template <typename Pred>
std::unique_ptr<OneShot> trigger_if(Pred predicate) {
    if constexpr (std::is_invocable_r_v<bool, Pred&, Level&, Mob&>) {
        return create([p = std::move(predicate)](Level& level, Mob& mob, std::int64_t) mutable {
            return static_cast<bool>(p(level, mob));
        });
    } else {
        static_assert(std::is_invocable_r_v<bool, Pred&, Mob&>,
                      "trigger_if: the predicate must be callable as (Mob&) or (Level&, Mob&) and return bool");
        return create(
            [p = std::move(predicate)](Level&, Mob& mob, std::int64_t) mutable { return static_cast<bool>(p(mob)); });
    }
}

/// @brief `then` triggered only when the predicate holds (vanilla's triggerIf(Predicate, OneShot),
/// which is sequence(triggerIf(predicate), then)).
template <typename Pred>
std::unique_ptr<OneShot> trigger_if(Pred predicate, std::unique_ptr<OneShot> then) {
    return sequence(trigger_if(std::move(predicate)), std::move(then));
}

}  // namespace behavior_builder

/// @brief Gates over triggers (vanilla's TriggerGate): a one-shot that orders weighted triggers
/// and fires them by a running policy.
class TriggerGate {
public:
    /// @brief Shuffled by weight, the first trigger that succeeds wins (vanilla's triggerOneShuffled).
    static std::unique_ptr<OneShot> trigger_one_shuffled(WeightedTriggers triggers);
    /// @brief Orders the triggers (SHUFFLED: weighted shuffle from the level's random source each
    /// time) and fires them: RUN_ONE stops after the first that succeeds, TRY_ALL fires every one.
    /// As vanilla, the one-shot itself always succeeds, even when no trigger did.
    static std::unique_ptr<OneShot> trigger_gate(WeightedTriggers triggers, GateBehavior::OrderPolicy order,
                                                 GateBehavior::RunningPolicy running);
};

}  // namespace mobsdk::brain
