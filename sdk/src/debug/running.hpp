// How the debug module walks a running behaviour: through decorators to what they wrap, a gate's
// running children, a Sequential's current step. Shared by the snapshots and the history.
#pragma once

#include <string>

#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/composites.hpp"
#include "mobsdk/brain/gate_behavior.hpp"

namespace mobsdk::debug::detail {

/// @brief True while the behaviour runs.
inline bool running(const brain::BehaviorControl& b) noexcept { return b.status() == brain::BehaviorStatus::RUNNING; }

/// @brief The behaviour a decorator (RunFor, Cooldown…) wraps, through every layer; `b` itself
/// when it is no decorator. A decorator's status is its wrapped behaviour's.
inline const brain::BehaviorControl& unwrapped(const brain::BehaviorControl& b) noexcept {
    const brain::BehaviorControl* p = &b;
    while (const auto* d = dynamic_cast<const brain::BehaviorDecorator*>(p)) p = &d->inner();
    return *p;
}

/// @brief Its name in a snapshot: a gate's type_name() (RunOne…), else its debug_string().
inline std::string behavior_name(const brain::BehaviorControl& b) {
    if (const auto* gate = dynamic_cast<const brain::GateBehavior*>(&b)) return std::string(gate->type_name());
    return b.debug_string();
}

/// @brief Calls `f` with each child of `b` (unwrapped) that runs now: a gate's running children,
/// a running Sequential's current step.
template <class F>
void for_each_running_child(const brain::BehaviorControl& b, F&& f) {
    if (const auto* gate = dynamic_cast<const brain::GateBehavior*>(&b)) {
        for (std::size_t i = 0; i < gate->child_count(); ++i)
            if (running(gate->child(i))) f(unwrapped(gate->child(i)));
    } else if (const auto* seq = dynamic_cast<const brain::Sequential*>(&b)) {
        if (running(*seq) && seq->current() < seq->child_count()) f(unwrapped(seq->child(seq->current())));
    }
}

}  // namespace mobsdk::debug::detail
