// A behaviour tree: the nodes of one tree in one contiguous array (pre-order, children as index
// ranges) in the same block as its leaf objects, ticked with a switch over the node kind; leaves
// call user code through one function pointer. TreeDraft makes nodes one by one and links them, as
// the seed's Create()/AddChild() do.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "mobsdk/bt/context.hpp"
#include "mobsdk/bt/detail/leaf.hpp"
#include "mobsdk/bt/detail/tree_node.hpp"
#include "mobsdk/bt/node.hpp"

namespace mobsdk::bt {

/// @brief How tick() finds the nodes to update.
enum class TickMode : std::uint8_t {
    /// Every tick walks from the root down the running branch (seed 001).
    Rewalk,
    /// Each tick resumes at the deepest running node below a chain of sequences, selectors,
    /// repeats and inverters, and walks up only when that node ends (the seed's follow-up article).
    /// Statuses and user callbacks are the same as Rewalk's; fewer composite updates run.
    EventDriven,
};

class TreeDraft;

/// @brief A behaviour tree. It owns its nodes and their user objects (no Release()); it is ticked
/// with a TickContext and keeps each node's status between ticks. Move-only: one tree per mob.
///
/// The node contract (seed 001): a node's tick calls on_initialise() when its status is not
/// Running, then update(), then on_terminate(status) when the new status is not Running.
/// abort() calls on_terminate(Aborted) on the running nodes (children before parents) and leaves
/// them Aborted.
class BehaviorTree {
public:
    /// @brief An empty tree (no root): tick() throws. Build one with BehaviorTreeBuilder or TreeDraft.
    BehaviorTree() = default;
    /// @brief Takes the other tree's nodes and leaves; the other is left empty.
    BehaviorTree(BehaviorTree&& other) noexcept { take(other); }
    /// @brief Destroys this tree's leaves, then takes the other's.
    BehaviorTree& operator=(BehaviorTree&& other) noexcept {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    BehaviorTree(const BehaviorTree&) = delete;
    BehaviorTree& operator=(const BehaviorTree&) = delete;
    ~BehaviorTree() { release(); }

    /// @brief One tick of the whole tree; returns the root's status. Throws BtError on an empty tree
    /// or when user code returns Invalid or Aborted from an update.
    Status tick(TickContext& ctx) {
        // Inline, so that a host ticking many trees enters the root's update directly.
        if (nodes_.empty()) [[unlikely]]
            empty_tick();
        return mode_ == TickMode::Rewalk ? tick_node(0, ctx) : tick_event(ctx);
    }
    /// @brief One tick with the mob's brain and the level's game time.
    Status tick(Level& level, Mob& mob) {
        TickContext ctx(level, mob);
        return tick(ctx);
    }
    /// @brief Aborts every running node (children first): each gets on_terminate(Aborted) and is
    /// left Aborted. Nothing happens when the tree is not running.
    void abort(TickContext& ctx);
    /// @brief Puts every node back to Invalid (seed's Reset()). Throws BtError while the tree is
    /// running: abort() it first, or its running nodes would never see on_terminate.
    void reset();

    /// @brief The root's status.
    Status status() const noexcept { return nodes_.empty() ? Status::Invalid : nodes_[0].status; }
    /// @brief True while the root is Running.
    bool is_running() const noexcept { return status() == Status::Running; }
    /// @brief True when the root ended by itself (Success or Failure).
    bool is_terminated() const noexcept { return status() == Status::Success || status() == Status::Failure; }

    /// @brief True for a tree with no nodes.
    bool empty() const noexcept { return nodes_.empty(); }
    /// @brief Number of nodes.
    std::size_t size() const noexcept { return nodes_.size(); }
    /// @brief A node's kind.
    NodeKind kind(NodeId node) const { return at(node).kind; }
    /// @brief A node's status.
    Status status(NodeId node) const { return at(node).status; }
    /// @brief A node's parent (the root's is itself).
    NodeId parent(NodeId node) const {
        at(node);
        return parents_[node];
    }
    /// @brief A node's children, in order.
    std::vector<NodeId> children(NodeId node) const;
    /// @brief A node's name ("" when it was not given one).
    const std::string& name(NodeId node) const;
    /// @brief Times a Repeat's child has succeeded in its current run.
    std::int32_t repeat_count(NodeId node) const;
    /// @brief The tree in one line, pre-order: `sequence(condition "see", !condition, action "attack")`.
    std::string describe() const;

    /// @brief Rewalk (default) or EventDriven. May be changed at any time.
    void set_mode(TickMode mode);
    /// @brief The tick mode.
    TickMode mode() const noexcept { return mode_; }
    /// @brief In EventDriven mode, the node the next tick starts from (0: the root).
    NodeId resume_point() const noexcept { return resume_; }
    /// @brief Node updates run so far (one per node tick, the unit of `mobbench bt`): leaves,
    /// decorators and composites alike; a composite resumed in EventDriven mode counts once.
    std::uint64_t node_ticks() const noexcept { return node_ticks_; }

private:
    friend class TreeDraft;
    friend class Child;

    using Node = detail::TreeNode;  // 24 bytes: what a tick reads of a node

    const Node& at(NodeId node) const;
    // One node's tick (the seed's Tick()): a switch over the kind, then that kind's function.
    Status tick_node(NodeId i, TickContext& ctx);
    // tick() of an empty tree: throws.
    [[noreturn]] static void empty_tick();
    // A child's tick from a composite's loop: leaves are ticked in place, and so is the guard of a
    // guarded sequence (a sequence starting with a condition) that is not running.
    Status tick_child(NodeId c, Node& child, TickContext& ctx);
    Status dispatch(NodeId i, Node& n, TickContext& ctx);
    Status tick_guarded_sequence(Node& n, TickContext& ctx);
    // A leaf's whole tick (node contract); the rare leaf with hooks takes the out-of-line path.
    Status tick_leaf(Node& n, TickContext& ctx);
    Status tick_leaf_with_hooks(Node& n, TickContext& ctx);
    Status tick_leaf_node(NodeId i, Node& n, TickContext& ctx);
    Status tick_sequence(NodeId i, Node& n, TickContext& ctx);
    Status tick_selector(NodeId i, Node& n, TickContext& ctx);
    Status tick_active_selector(NodeId i, Node& n, TickContext& ctx);
    Status tick_parallel(NodeId i, Node& n, TickContext& ctx);
    Status tick_repeat(NodeId i, Node& n, TickContext& ctx);
    Status tick_inverter(NodeId i, Node& n, TickContext& ctx);
    Status tick_decorator(NodeId i, Node& n, TickContext& ctx);
    // The loops the kinds share with the event-driven resumption: from the cursor onwards.
    Status sequence_from(Node& n, TickContext& ctx);
    Status selector_from(Node& n, TickContext& ctx);
    Status repeat_from(NodeId i, Node& n, bool started, TickContext& ctx);
    bool repeat_after(Node& n, NodeId child, Status s, Status& result);
    Status parallel_policies(const Node& n, std::uint32_t successes, std::uint32_t failures) const;
    // Event-driven: the rest of a running parent's update after its child ended.
    Status resume_parent(NodeId parent, NodeId child, Status child_status, TickContext& ctx);
    Status tick_event(TickContext& ctx);
    void terminate_node(NodeId i, Status status, TickContext& ctx);
    void abort_node(NodeId i, TickContext& ctx);
    NodeId descend(NodeId from) const noexcept;
    [[noreturn]] void bad_status(const Node& n, Status status) const;
    NodeId id_of(const Node& n) const noexcept { return static_cast<NodeId>(&n - nodes_.items); }

    void take(BehaviorTree& other) noexcept;
    void release() noexcept;

    // What a tick reads first; the nodes, their parents and the leaf objects share one block.
    detail::Span<Node> nodes_;
    detail::Span<NodeId> parents_;
    std::uint64_t node_ticks_ = 0;
    NodeId resume_ = 0;
    TickMode mode_ = TickMode::Rewalk;
    std::unique_ptr<std::byte[], detail::BlockDelete> block_;
    std::vector<detail::OwnedObject> owned_;       // leaf objects to destroy with the tree
    std::vector<const detail::LeafHooks*> hooks_;  // per node; read only when a hook flag is set
    std::vector<std::string> names_;
    detail::Arena arena_;  // leaves whose move may throw stay here
};

/// @brief A decorator's view of its one child during its update: tick it, read it, reset or
/// abort it.
class Child {
public:
    /// @brief Ticks the child (node contract) and returns its new status.
    Status tick() { return tree_->tick_node(id_, *ctx_); }
    /// @brief The child's status.
    Status status() const noexcept { return tree_->nodes_[id_].status; }
    /// @brief True while the child is Running.
    bool is_running() const noexcept { return status() == Status::Running; }
    /// @brief Puts the child back to Invalid so its next tick initialises it again. Throws BtError
    /// while it is running: abort() it first.
    void reset();
    /// @brief Aborts the child if it is running.
    void abort() { tree_->abort_node(id_, *ctx_); }
    /// @brief The child's node.
    NodeId id() const noexcept { return id_; }

private:
    friend class BehaviorTree;
    Child(BehaviorTree& tree, NodeId id, TickContext& ctx) noexcept : tree_(&tree), id_(id), ctx_(&ctx) {}
    BehaviorTree* tree_;
    NodeId id_;
    TickContext* ctx_;
};

/// @brief Nodes made one at a time and linked with add_child (the seed's Create() and AddChild()),
/// then laid out into a BehaviorTree by build(). BehaviorTreeBuilder is the fluent way to do the
/// same. Leaf objects are moved into storage the tree will own.
class TreeDraft {
public:
    TreeDraft() = default;
    TreeDraft(TreeDraft&&) noexcept = default;
    /// @brief Destroys this draft's leaves, then takes the other's.
    TreeDraft& operator=(TreeDraft&& other) noexcept;
    TreeDraft(const TreeDraft&) = delete;
    TreeDraft& operator=(const TreeDraft&) = delete;
    /// @brief Destroys the leaves of nodes not built into a tree.
    ~TreeDraft() { destroy_objects(); }

    /// @brief An action: a callable `Status(TickContext&)` or a class with `Status update(TickContext&)`
    /// and optional `on_initialise(TickContext&)` / `on_terminate(TickContext&, Status)`.
    template <typename F>
    NodeId action(F&& f) {
        using T = std::remove_cvref_t<F>;
        static_assert(ActionObject<T> || ActionCallable<T>,
                      "an action needs `Status operator()(TickContext&)` or a member "
                      "`Status update(TickContext&)` (return Success, Failure or Running)");
        nodes_.reserve(nodes_.size() + 1);  // so that the object is owned once it exists
        T* object = arena_.make<T>(std::forward<F>(f));
        detail::LeafFn fn;
        fn.action = &detail::Thunks<T>::action;
        return add_leaf(NodeKind::Action, object, &detail::Storage<T>::ops, fn, &detail::Thunks<T>::hooks, 0);
    }
    /// @brief A condition: a callable `bool(TickContext&)`; Success when it returns true (false
    /// when `negate`), Failure otherwise.
    template <typename F>
    NodeId condition(F&& f, bool negate = false) {
        using T = std::remove_cvref_t<F>;
        static_assert(ConditionCallable<T>,
                      "a condition needs `bool operator()(TickContext&)` (return bool, not Status: "
                      "use an action for something that can be Running)");
        nodes_.reserve(nodes_.size() + 1);  // so that the object is owned once it exists
        T* object = arena_.make<T>(std::forward<F>(f));
        detail::LeafFn fn;
        fn.condition = &detail::Thunks<T>::condition;
        return add_leaf(NodeKind::Condition, object, &detail::Storage<T>::ops, fn, nullptr, negate ? 1 : 0);
    }
    /// @brief A decorator: a callable `Status(TickContext&, Child&)` or a class with
    /// `Status update(TickContext&, Child&)` and optional hooks; it ticks its child when it wants.
    template <typename F>
    NodeId decorator(F&& f) {
        using T = std::remove_cvref_t<F>;
        static_assert(DecoratorObject<T> || DecoratorCallable<T>,
                      "a decorator needs `Status operator()(TickContext&, Child&)` or a member "
                      "`Status update(TickContext&, Child&)`");
        nodes_.reserve(nodes_.size() + 1);  // so that the object is owned once it exists
        T* object = arena_.make<T>(std::forward<F>(f));
        detail::LeafFn fn;
        fn.decorator = &detail::Thunks<T>::decorator;
        return add_leaf(NodeKind::Decorator, object, &detail::Storage<T>::ops, fn, &detail::Thunks<T>::hooks, 0);
    }
    /// @brief Runs its child again after each success until it succeeded `limit` times (then
    /// Success); a failure ends it with Failure. `limit` <= 0 repeats forever.
    NodeId repeat(std::int32_t limit);
    /// @brief Swaps its child's Success and Failure.
    NodeId inverter();
    /// @brief Children in order until one does not succeed.
    NodeId sequence();
    /// @brief Children in order until one does not fail.
    NodeId selector();
    /// @brief A selector that re-checks children from the first every tick and aborts a lower
    /// running child when a higher one does not fail.
    NodeId active_selector();
    /// @brief Ticks every unfinished child each tick; ends by the policies.
    NodeId parallel(Policy success, Policy failure);
    /// @brief A parallel whose leading Condition children are re-checked every tick.
    NodeId monitor(Policy success, Policy failure);

    /// @brief Makes `child` the next child of `parent`. Throws BtError for a leaf parent, a second
    /// child of a decorator, a child that already has a parent, or a node linked to itself.
    void add_child(NodeId parent, NodeId child);
    /// @brief Names a node (shown by describe() and the brain's debug output).
    void set_name(NodeId node, std::string name);
    /// @brief A node's kind.
    NodeKind kind(NodeId node) const;
    /// @brief Nodes made so far.
    std::size_t size() const noexcept { return nodes_.size(); }

    /// @brief Lays the nodes under `root` out into a tree, which takes them; the draft is empty
    /// afterwards. `placed`, when given, receives each draft node's id in the tree. Throws
    /// BtError when a composite has no child, a decorator has none, a node made here is not under
    /// the root, or the root has a parent.
    BehaviorTree build(NodeId root, std::vector<NodeId>* placed = nullptr);

private:
    using DraftNode = detail::DraftNode;
    NodeId add_leaf(NodeKind kind, void* object, const detail::ObjectOps* ops, detail::LeafFn fn,
                    const detail::LeafHooks* hooks, std::uint8_t flags);
    void destroy_objects() noexcept;
    NodeId add_inner(NodeKind kind, std::uint8_t flags, std::int32_t limit);
    const DraftNode& node(NodeId id) const;
    std::string label(NodeId id) const;

    std::vector<DraftNode> nodes_;
    detail::Arena arena_;
};

}  // namespace mobsdk::bt
