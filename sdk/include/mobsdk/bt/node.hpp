// The behaviour-tree vocabulary of seed 001 — statuses, parallel policies, node kinds — and what a
// leaf or decorator must look like. How the engine stores and calls them is in bt/detail/leaf.hpp.
#pragma once

#include <concepts>
#include <cstdint>
#include <iosfwd>

#include "mobsdk/bt/context.hpp"

namespace mobsdk::bt {

/// @brief A node's state (seed 001's EStatus): Invalid before its first tick and after reset(),
/// Running while it works, Success or Failure when it ended by itself, Aborted when it was stopped.
enum class Status : std::uint8_t { Invalid, Success, Failure, Running, Aborted };

/// @brief How many children must succeed, or fail, for a Parallel or Monitor to end with that
/// status (seed 001's EPolicy).
enum class Policy : std::uint8_t { RequireOne, RequireAll };

/// @brief What a node is. Leaves (Action, Condition) run user code; Decorator, Repeat and Inverter
/// have one child; the rest are composites with one or more children.
enum class NodeKind : std::uint8_t {
    Action,          ///< user code returning Success, Failure or Running
    Condition,       ///< user predicate: Success when true (false when negated), else Failure
    Decorator,       ///< user code wrapped around one child it may tick
    Repeat,          ///< runs its child again after each success, up to a count
    Inverter,        ///< swaps its child's Success and Failure
    Sequence,        ///< children in order until one does not succeed
    Selector,        ///< children in order until one does not fail
    ActiveSelector,  ///< a selector that re-checks higher-priority children every tick
    Parallel,        ///< every child each tick; ends by its success and failure policies
    Monitor,         ///< a parallel whose leading conditions are re-checked every tick
};

/// @brief A node's index in its tree: nodes are laid out in pre-order, so the root is 0 and a
/// builder's n-th call makes node n.
using NodeId = std::uint32_t;

/// @brief "Invalid", "Success", …
const char* to_string(Status status) noexcept;
/// @brief "action", "sequence", "active_selector", …
const char* to_string(NodeKind kind) noexcept;
/// @brief Prints to_string(status) (test diagnostics).
std::ostream& operator<<(std::ostream& out, Status status);
/// @brief Prints to_string(kind).
std::ostream& operator<<(std::ostream& out, NodeKind kind);

/// @brief True for Action and Condition.
constexpr bool is_leaf(NodeKind kind) noexcept { return kind == NodeKind::Action || kind == NodeKind::Condition; }
/// @brief True for Decorator, Repeat and Inverter.
constexpr bool is_decorator(NodeKind kind) noexcept {
    return kind == NodeKind::Decorator || kind == NodeKind::Repeat || kind == NodeKind::Inverter;
}

class Child;

/// @brief An action written as a class: `Status update(TickContext&)`, and optionally
/// `void on_initialise(TickContext&)` and `void on_terminate(TickContext&, Status)`.
template <typename F>
concept ActionObject = requires(F& f, TickContext& ctx) {
    { f.update(ctx) } -> std::same_as<Status>;
};
/// @brief An action written as a callable: `Status (TickContext&)`.
template <typename F>
concept ActionCallable = requires(F& f, TickContext& ctx) {
    { f(ctx) } -> std::same_as<Status>;
};
/// @brief A condition: a callable `bool (TickContext&)`.
template <typename F>
concept ConditionCallable = requires(F& f, TickContext& ctx) {
    { f(ctx) } -> std::same_as<bool>;
};
/// @brief A decorator written as a class: `Status update(TickContext&, Child&)`, optional hooks as
/// for an action.
template <typename F>
concept DecoratorObject = requires(F& f, TickContext& ctx, Child& child) {
    { f.update(ctx, child) } -> std::same_as<Status>;
};
/// @brief A decorator written as a callable: `Status (TickContext&, Child&)`.
template <typename F>
concept DecoratorCallable = requires(F& f, TickContext& ctx, Child& child) {
    { f(ctx, child) } -> std::same_as<Status>;
};

}  // namespace mobsdk::bt
