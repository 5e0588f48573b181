// The fluent tree builder of seed 001: each call makes a node, adds it under the node on top of a
// stack and pushes it; back() pops; end() closes everything and returns the tree.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/bt/tree.hpp"

namespace mobsdk::bt {

/// @brief Builds a tree in pre-order, as the seed's BehaviorTreeBuilder:
///
///     BehaviorTree tree = BehaviorTreeBuilder()
///         .active_selector()
///             .sequence()
///                 .condition(sees_enemy).back()
///                 .action(attack).back()
///             .back()
///             .action(patrol)
///         .end();
///
/// Every call, leaves included, pushes the node it makes; back() pops one; end() pops the rest.
/// The seed's names map one to one: Sequence() → sequence(), Selector() → selector(),
/// ActiveSelector() → active_selector(), Parallel(s, f) → parallel(s, f), Monitor(s, f) →
/// monitor(s, f), Repeat(n) → repeat(n), Condition(mode, negate) → condition(callable, negate),
/// Action(mode) → action(callable), Back() → back(), End() → end(). The tree owns every node:
/// there is no Release(). Node n of the tree is the builder's n-th node call (pre-order).
class BehaviorTreeBuilder {
public:
    BehaviorTreeBuilder() = default;

    /// @brief An action leaf (see TreeDraft::action).
    template <typename F>
    BehaviorTreeBuilder& action(F&& f) {
        return push(draft_.action(std::forward<F>(f)));
    }
    /// @brief A condition leaf, negated when `negate` (see TreeDraft::condition).
    template <typename F>
    BehaviorTreeBuilder& condition(F&& f, bool negate = false) {
        return push(draft_.condition(std::forward<F>(f), negate));
    }
    /// @brief A decorator of user code (see TreeDraft::decorator); its child comes next.
    template <typename F>
    BehaviorTreeBuilder& decorator(F&& f) {
        return push(draft_.decorator(std::forward<F>(f)));
    }
    /// @brief A Repeat (`limit` <= 0: forever); its child comes next.
    BehaviorTreeBuilder& repeat(std::int32_t limit) { return push(draft_.repeat(limit)); }
    /// @brief An Inverter; its child comes next.
    BehaviorTreeBuilder& inverter() { return push(draft_.inverter()); }
    /// @brief A Sequence; its children come next.
    BehaviorTreeBuilder& sequence() { return push(draft_.sequence()); }
    /// @brief A Selector; its children come next.
    BehaviorTreeBuilder& selector() { return push(draft_.selector()); }
    /// @brief An ActiveSelector; its children come next, highest priority first.
    BehaviorTreeBuilder& active_selector() { return push(draft_.active_selector()); }
    /// @brief A Parallel with its success and failure policies; its children come next.
    BehaviorTreeBuilder& parallel(Policy success, Policy failure) { return push(draft_.parallel(success, failure)); }
    /// @brief A Monitor: its conditions first, then its actions.
    BehaviorTreeBuilder& monitor(Policy success, Policy failure) { return push(draft_.monitor(success, failure)); }

    /// @brief Names the node made last (for describe() and debug output).
    BehaviorTreeBuilder& name(std::string name);
    /// @brief Closes the node on top of the stack. Throws BtError when nothing is open.
    BehaviorTreeBuilder& back();
    /// @brief Closes every open node and returns the tree; the builder starts afresh. Throws
    /// BtError when no node was made or the tree is malformed (see TreeDraft::build).
    BehaviorTree end();

private:
    BehaviorTreeBuilder& push(NodeId node);

    TreeDraft draft_;
    std::vector<NodeId> stack_;
    std::optional<NodeId> root_;
    std::optional<NodeId> last_;
};

}  // namespace mobsdk::bt
