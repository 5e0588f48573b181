// The tick engine: the node contract and every composite's rules, in both tick modes.
#include "mobsdk/bt/tree.hpp"

#include <string>
#include <utility>

namespace mobsdk::bt {

namespace {

constexpr bool ended(Status s) noexcept { return s == Status::Success || s == Status::Failure; }

// What user code may return from an update: Success, Failure or Running.
constexpr bool valid_result(Status s) noexcept { return static_cast<unsigned>(s) - 1u <= 2u; }

// A condition's status without a branch on its value: Success (1) when `value` differs from
// `negate`, else Failure (2). The composite above branches on it anyway; one guess less.
constexpr Status condition_status(bool value, bool negate) noexcept {
    static_assert(static_cast<int>(Status::Success) == 1 && static_cast<int>(Status::Failure) == 2);
    return static_cast<Status>(2 - static_cast<int>(value != negate));
}

}  // namespace

void BehaviorTree::take(BehaviorTree& other) noexcept {
    nodes_ = std::exchange(other.nodes_, {});
    parents_ = std::exchange(other.parents_, {});
    node_ticks_ = other.node_ticks_;
    resume_ = std::exchange(other.resume_, 0);
    mode_ = other.mode_;
    block_ = std::move(other.block_);
    owned_ = std::exchange(other.owned_, {});
    hooks_ = std::exchange(other.hooks_, {});
    names_ = std::exchange(other.names_, {});
    arena_ = std::move(other.arena_);
}

void BehaviorTree::release() noexcept {
    for (auto it = owned_.rbegin(); it != owned_.rend(); ++it) it->destroy(it->object);
    owned_.clear();
    nodes_ = {};
    parents_ = {};
    block_.reset();
    hooks_.clear();
    names_.clear();
    arena_ = detail::Arena();
    resume_ = 0;
}

const BehaviorTree::Node& BehaviorTree::at(NodeId node) const {
    if (node >= nodes_.size())
        throw BtError("behaviour tree: node " + std::to_string(node) + " does not exist (the tree has " +
                      std::to_string(nodes_.size()) + " nodes)");
    return nodes_[node];
}

void BehaviorTree::bad_status(const Node& n, Status status) const {
    const NodeId i = id_of(n);
    std::string what =
        "behaviour tree: the update of " + std::string(to_string(nodes_[i].kind)) + " node " + std::to_string(i);
    if (!name(i).empty()) what += " \"" + name(i) + "\"";
    throw BtError(what + " returned " + to_string(status) + ": an update returns Success, Failure or Running");
}

void BehaviorTree::empty_tick() {
    throw BtError("behaviour tree: tick() on an empty tree; build one with BehaviorTreeBuilder");
}

// ---- the node tick ----
//
// One small function per kind, entered from a switch by a tail call: the dispatch has no frame of
// its own (the kind functions stay out of line so that it keeps none). Composites tick leaf children
// in place, in their own loops, so a leaf costs no dispatch and no frame: only its user function,
// through one function pointer.

Status BehaviorTree::tick_node(NodeId i, TickContext& ctx) {
    ++node_ticks_;
    return dispatch(i, nodes_[i], ctx);
}

// The switch itself, also inlined into the composites' loops: each loop then has its own jump,
// predicted on its own.
[[gnu::always_inline]] inline Status BehaviorTree::dispatch(NodeId i, Node& n, TickContext& ctx) {
    switch (n.kind) {
        case NodeKind::Condition:
        case NodeKind::Action: return tick_leaf_node(i, n, ctx);
        case NodeKind::Sequence: return tick_sequence(i, n, ctx);
        case NodeKind::Selector: return tick_selector(i, n, ctx);
        case NodeKind::ActiveSelector: return tick_active_selector(i, n, ctx);
        case NodeKind::Parallel:
        case NodeKind::Monitor: return tick_parallel(i, n, ctx);
        case NodeKind::Repeat: return tick_repeat(i, n, ctx);
        case NodeKind::Inverter: return tick_inverter(i, n, ctx);
        case NodeKind::Decorator: return tick_decorator(i, n, ctx);
    }
    __builtin_unreachable();  // TreeDraft only makes the kinds above
}

[[gnu::always_inline]] inline Status BehaviorTree::tick_child(NodeId c, Node& child, TickContext& ctx) {
    if (is_leaf(child.kind)) {
        ++node_ticks_;
        return tick_leaf(child, ctx);
    }
    // A guarded sequence — sequence(condition, …), the commonest shape of all — that is not running
    // starts with its guard: evaluated here, it costs no dispatch and no frame, and a failing guard
    // (the usual case under an active selector) ends the sequence at once. Same updates, same order.
    if (child.kind == NodeKind::Sequence && child.status != Status::Running) {
        Node& guard = (&child)[1];
        if (guard.kind == NodeKind::Condition) {
            node_ticks_ += 2;
            const Status g = tick_leaf(guard, ctx);
            if (g == Status::Success) return tick_guarded_sequence(child, ctx);
            child.data.inner.cursor = c + 1;
            child.status = g;
            return g;
        }
    }
    ++node_ticks_;
    return dispatch(c, child, ctx);
}

// The rest of a guarded sequence's update once its guard succeeded (see tick_child).
[[gnu::noinline]] Status BehaviorTree::tick_guarded_sequence(Node& n, TickContext& ctx) {
    const NodeId next = (&n)[1].end;
    n.data.inner.cursor = next;
    const Status s = next == n.end ? Status::Success : sequence_from(n, ctx);
    n.status = s;
    return s;
}

// A leaf's tick: the seed's Tick() around a user update. Conditions have no hooks: never Running,
// they initialise and terminate in every tick.
[[gnu::always_inline]] inline Status BehaviorTree::tick_leaf(Node& n, TickContext& ctx) {
    Status s;
    if (n.kind == NodeKind::Condition) {
        s = condition_status(n.data.leaf.fn.condition(n.data.leaf.object, ctx), (n.flags & Node::kNegate) != 0);
    } else {
        if (n.flags & Node::kHooks) [[unlikely]]
            return tick_leaf_with_hooks(n, ctx);
        s = n.data.leaf.fn.action(n.data.leaf.object, ctx);
        if (!valid_result(s)) [[unlikely]]
            bad_status(n, s);
    }
    n.status = s;
    return s;
}

// A leaf ticked on its own (a root, a decorator's child, an event-driven resumption): out of line,
// so that the dispatch above needs no frame.
[[gnu::noinline]] Status BehaviorTree::tick_leaf_node(NodeId, Node& n, TickContext& ctx) { return tick_leaf(n, ctx); }

Status BehaviorTree::tick_leaf_with_hooks(Node& n, TickContext& ctx) {
    const detail::LeafHooks& hooks = *hooks_[id_of(n)];
    if (n.status != Status::Running && (n.flags & Node::kHasInit)) hooks.on_initialise(n.data.leaf.object, ctx);
    const Status s = n.data.leaf.fn.action(n.data.leaf.object, ctx);
    if (!valid_result(s)) [[unlikely]]
        bad_status(n, s);
    n.status = s;
    if (s != Status::Running && (n.flags & Node::kHasTerminate)) hooks.on_terminate(n.data.leaf.object, ctx, s);
    return s;
}

// Seed: tick children from the current one while they succeed.
[[gnu::always_inline]] inline Status BehaviorTree::sequence_from(Node& n, TickContext& ctx) {
    for (;;) {
        const NodeId ci = n.data.inner.cursor;
        Node& c = nodes_[ci];
        const Status s = tick_child(ci, c, ctx);
        if (s != Status::Success) return s;
        const NodeId next = c.end;
        n.data.inner.cursor = next;
        if (next == n.end) return Status::Success;
    }
}

[[gnu::noinline]] Status BehaviorTree::tick_sequence(NodeId i, Node& n, TickContext& ctx) {
    if (n.status != Status::Running) n.data.inner.cursor = i + 1;
    const Status s = sequence_from(n, ctx);
    n.status = s;
    return s;
}

// Seed: tick children from the current one while they fail.
[[gnu::always_inline]] inline Status BehaviorTree::selector_from(Node& n, TickContext& ctx) {
    for (;;) {
        const NodeId ci = n.data.inner.cursor;
        Node& c = nodes_[ci];
        const Status s = tick_child(ci, c, ctx);
        if (s != Status::Failure) return s;
        const NodeId next = c.end;
        n.data.inner.cursor = next;
        if (next == n.end) return Status::Failure;
    }
}

[[gnu::noinline]] Status BehaviorTree::tick_selector(NodeId i, Node& n, TickContext& ctx) {
    if (n.status != Status::Running) n.data.inner.cursor = i + 1;
    const Status s = selector_from(n, ctx);
    n.status = s;
    return s;
}

// Seed: a selector that starts from its first child every tick; when the child it settles on is
// not the one it chose last tick, the one chosen last tick is aborted.
[[gnu::noinline]] Status BehaviorTree::tick_active_selector(NodeId i, Node& n, TickContext& ctx) {
    const NodeId end = n.end;
    if (n.status != Status::Running) n.data.inner.cursor = end;  // none chosen yet
    const NodeId previous = n.data.inner.cursor;
    NodeId c = i + 1;
    Status s;
    for (;;) {
        s = tick_child(c, nodes_[c], ctx);
        if (s != Status::Failure) break;
        c = nodes_[c].end;
        if (c == end) break;
    }
    n.data.inner.cursor = c;
    // The seed aborts `previous` whatever its state; one that was just re-ticked and ended has had
    // its OnTerminate already, and must not get a second one.
    if (previous != end && previous != c && nodes_[previous].status == Status::Running) abort_node(previous, ctx);
    n.status = s;
    return s;
}

Status BehaviorTree::parallel_policies(const Node& n, std::uint32_t successes, std::uint32_t failures) const {
    const std::uint32_t children = n.data.inner.count;
    if ((n.flags & Node::kFailureAll) && failures == children) return Status::Failure;
    if ((n.flags & Node::kSuccessAll) && successes == children) return Status::Success;
    // Every child ended and neither policy holds (both RequireAll, mixed results): success can no
    // longer come. The seed would stay Running forever without ticking anything.
    if (successes + failures == children) return Status::Failure;
    return Status::Running;
}

// Seed: tick every child that has not ended (a Monitor's leading conditions every tick);
// RequireOne ends at the first child with that result — later children are not ticked this tick —
// RequireAll when every child has it. Ending aborts the children still running.
[[gnu::noinline]] Status BehaviorTree::tick_parallel(NodeId i, Node& n, TickContext& ctx) {
    const NodeId end = n.end;
    if (n.status != Status::Running) {
        // The seed leaves children in their last status, so a parallel run a second time would
        // skip children that ended (or were aborted) the first time: start them all afresh.
        for (NodeId c = i + 1; c != end; c = nodes_[c].end) nodes_[c].status = Status::Invalid;
    }
    // A Monitor's re-checked conditions are leaves: nodes i+1 .. i+limit.
    const NodeId monitored_end = i + 1 + (n.kind == NodeKind::Monitor ? static_cast<NodeId>(n.data.inner.limit) : 0);
    const bool success_all = (n.flags & Node::kSuccessAll) != 0;
    const bool failure_all = (n.flags & Node::kFailureAll) != 0;
    std::uint32_t successes = 0, failures = 0;
    Status s = Status::Running;
    for (NodeId c = i + 1; c != end; c = nodes_[c].end) {
        Status cs = nodes_[c].status;
        if (c < monitored_end || !ended(cs)) cs = tick_child(c, nodes_[c], ctx);
        if (cs == Status::Success) {
            ++successes;
            if (!success_all) {
                s = Status::Success;
                goto done;
            }
        } else if (cs == Status::Failure) {
            ++failures;
            if (!failure_all) {
                s = Status::Failure;
                goto done;
            }
        }
    }
    s = parallel_policies(n, successes, failures);
done:
    n.status = s;
    if (s != Status::Running) terminate_node(i, s, ctx);
    return s;
}

// What a Repeat does with its child's result: true with `result` set when it stops looping.
// Seed's loop, with Running returned while the child runs (the seed's code says Success there; its
// text and Game AI Pro's intent say "keep running").
[[gnu::always_inline]] inline bool BehaviorTree::repeat_after(Node& n, NodeId child, Status s, Status& result) {
    if (s == Status::Running || s == Status::Failure) {
        result = s;
        return true;
    }
    ++n.data.inner.count;
    if (n.data.inner.limit > 0 && n.data.inner.count >= static_cast<std::uint32_t>(n.data.inner.limit)) {
        result = Status::Success;
        return true;
    }
    nodes_[child].status = Status::Invalid;  // seed: Child->Reset()
    return false;
}

// Repeating forever starts the child at most once per tick, so a child that succeeds at once cannot
// spin the tick forever. `started`: the child was started already this tick.
[[gnu::always_inline]] inline Status BehaviorTree::repeat_from(NodeId i, Node& n, bool started, TickContext& ctx) {
    const NodeId c = i + 1;
    const bool forever = n.data.inner.limit <= 0;
    for (;;) {
        if (nodes_[c].status != Status::Running) {
            if (forever && started) return Status::Running;
            started = true;
        }
        Status result;
        if (repeat_after(n, c, tick_child(c, nodes_[c], ctx), result)) return result;
    }
}

[[gnu::noinline]] Status BehaviorTree::tick_repeat(NodeId i, Node& n, TickContext& ctx) {
    if (n.status != Status::Running) n.data.inner.count = 0;
    const Status s = repeat_from(i, n, false, ctx);
    n.status = s;
    return s;
}

[[gnu::noinline]] Status BehaviorTree::tick_inverter(NodeId i, Node& n, TickContext& ctx) {
    const Status c = tick_child(i + 1, nodes_[i + 1], ctx);
    const Status s = c == Status::Success ? Status::Failure : c == Status::Failure ? Status::Success : c;
    n.status = s;
    return s;
}

[[gnu::noinline]] Status BehaviorTree::tick_decorator(NodeId i, Node& n, TickContext& ctx) {
    if (n.status != Status::Running && (n.flags & Node::kHasInit)) hooks_[i]->on_initialise(n.data.leaf.object, ctx);
    Child child(*this, i + 1, ctx);
    const Status s = n.data.leaf.fn.decorator(n.data.leaf.object, ctx, child);
    if (!valid_result(s)) [[unlikely]]
        bad_status(n, s);
    n.status = s;
    if (s != Status::Running) terminate_node(i, s, ctx);
    return s;
}

// ---- event-driven mode ----

// The sequences, selectors, repeats and inverters on the running branch only pass their child's
// Running up; while the child keeps running, ticking them changes nothing and calls no user code.
// So a tick starts at the deepest running node below such a chain and climbs only when it ends.
Status BehaviorTree::tick_event(TickContext& ctx) {
    NodeId i = nodes_[0].status == Status::Running ? resume_ : 0;
    Node& n = nodes_[i];
    Status s;
    if (is_leaf(n.kind)) {
        // The usual resumption: a leaf that keeps running. It stays the resume point (descend()
        // of a running leaf is the leaf), and nothing above it changes.
        ++node_ticks_;
        s = tick_leaf(n, ctx);
        if (s == Status::Running) return nodes_[0].status;
    } else {
        s = tick_node(i, ctx);
    }
    while (s != Status::Running && i != 0) {
        const NodeId p = parents_[i];
        s = resume_parent(p, i, s, ctx);
        i = p;
    }
    resume_ = s == Status::Running ? descend(i) : 0;
    return nodes_[0].status;
}

// The rest of `parent`'s update once `child` ended with `child_status` (the parent is Running and
// is a sequence, selector, repeat or inverter: descend() never goes below anything else). It counts
// as the parent's node tick.
Status BehaviorTree::resume_parent(NodeId parent, NodeId child, Status child_status, TickContext& ctx) {
    ++node_ticks_;
    Node& n = nodes_[parent];
    Status s;
    switch (n.kind) {
        case NodeKind::Sequence:
            if (child_status != Status::Success) {
                s = child_status;
            } else {
                n.data.inner.cursor = nodes_[child].end;
                s = n.data.inner.cursor == n.end ? Status::Success : sequence_from(n, ctx);
            }
            break;
        case NodeKind::Selector:
            if (child_status != Status::Failure) {
                s = child_status;
            } else {
                n.data.inner.cursor = nodes_[child].end;
                s = n.data.inner.cursor == n.end ? Status::Failure : selector_from(n, ctx);
            }
            break;
        case NodeKind::Inverter:
            s = child_status == Status::Success   ? Status::Failure
                : child_status == Status::Failure ? Status::Success
                                                  : child_status;
            break;
        case NodeKind::Repeat:
            if (!repeat_after(n, child, child_status, s)) s = repeat_from(parent, n, false, ctx);
            break;
        default:
            throw BtError("behaviour tree: internal error, event-driven tick resumed a " +
                          std::string(to_string(n.kind)));
    }
    n.status = s;
    return s;
}

// A parallel's or decorator's OnTerminate: nothing below it may stay Running once it has ended
// (the seed's Parallel::OnTerminate aborts its running children). The other composites' children
// have always ended by the time they end.
void BehaviorTree::terminate_node(NodeId i, Status status, TickContext& ctx) {
    const Node& n = nodes_[i];
    switch (n.kind) {
        case NodeKind::Parallel:
        case NodeKind::Monitor:
            for (NodeId c = i + 1; c != n.end; c = nodes_[c].end)
                if (nodes_[c].status == Status::Running) abort_node(c, ctx);
            break;
        case NodeKind::Decorator:
            if (nodes_[i + 1].status == Status::Running) abort_node(i + 1, ctx);
            if (n.flags & Node::kHasTerminate) hooks_[i]->on_terminate(n.data.leaf.object, ctx, status);
            break;
        default: break;
    }
}

void BehaviorTree::abort(TickContext& ctx) {
    if (nodes_.empty()) return;
    abort_node(0, ctx);
    resume_ = 0;
}

// Seed's Abort(): OnTerminate(Aborted), status Aborted. Running descendants are aborted first, so
// every running leaf below sees its on_terminate before its parents do.
void BehaviorTree::abort_node(NodeId i, TickContext& ctx) {
    if (nodes_[i].status != Status::Running) return;
    const NodeKind kind = nodes_[i].kind;
    if (!is_leaf(kind)) {
        for (NodeId c = i + 1; c != nodes_[i].end; c = nodes_[c].end)
            if (nodes_[c].status == Status::Running) abort_node(c, ctx);
    }
    Node& n = nodes_[i];
    if ((kind == NodeKind::Action || kind == NodeKind::Decorator) && (n.flags & Node::kHasTerminate))
        hooks_[i]->on_terminate(n.data.leaf.object, ctx, Status::Aborted);
    n.status = Status::Aborted;
}

void BehaviorTree::reset() {
    if (is_running())
        throw BtError(
            "behaviour tree: reset() while the tree is running; abort(ctx) it first, or its running "
            "nodes never get on_terminate");
    for (Node& n : nodes_) n.status = Status::Invalid;
    resume_ = 0;
}

void Child::reset() {
    if (is_running())
        throw BtError(
            "behaviour tree: a decorator reset its running child; abort() it first, or it never gets "
            "on_terminate");
    tree_->nodes_[id_].status = Status::Invalid;
}

// The deepest running node below `from` reached through running sequences, selectors, repeats and
// inverters: where the next event-driven tick starts.
NodeId BehaviorTree::descend(NodeId from) const noexcept {
    NodeId i = from;
    for (;;) {
        const Node& n = nodes_[i];
        if (n.status != Status::Running) return i;
        NodeId c;
        switch (n.kind) {
            case NodeKind::Sequence:
            case NodeKind::Selector: c = n.data.inner.cursor; break;
            case NodeKind::Repeat:
            case NodeKind::Inverter: c = i + 1; break;
            default: return i;
        }
        if (nodes_[c].status != Status::Running) return i;
        i = c;
    }
}

void BehaviorTree::set_mode(TickMode mode) {
    mode_ = mode;
    resume_ = is_running() ? descend(0) : 0;
}

// ---- inspection ----

const std::string& BehaviorTree::name(NodeId node) const {
    static const std::string none;
    at(node);
    return names_.empty() ? none : names_[node];
}

std::vector<NodeId> BehaviorTree::children(NodeId node) const {
    const Node& n = at(node);
    std::vector<NodeId> out;
    if (is_leaf(n.kind)) return out;
    for (NodeId c = node + 1; c != n.end; c = nodes_[c].end) out.push_back(c);
    return out;
}

std::int32_t BehaviorTree::repeat_count(NodeId node) const {
    const Node& n = at(node);
    if (n.kind != NodeKind::Repeat)
        throw BtError("behaviour tree: repeat_count() of a " + std::string(to_string(n.kind)));
    return static_cast<std::int32_t>(n.data.inner.count);
}

std::string BehaviorTree::describe() const {
    std::string out;
    // Pre-order with an explicit stack of "close after node" markers.
    std::vector<NodeId> open;  // ends of the subtrees whose ')' is still due
    for (NodeId i = 0; i < nodes_.size(); ++i) {
        const Node& n = nodes_[i];
        if (i > 0 && out.back() != '(') out += ", ";
        if (n.kind == NodeKind::Condition && (n.flags & Node::kNegate)) out += '!';
        out += to_string(n.kind);
        if (n.kind == NodeKind::Repeat) out += '[' + std::to_string(n.data.inner.limit) + ']';
        if (n.kind == NodeKind::Parallel || n.kind == NodeKind::Monitor) {
            out += (n.flags & Node::kSuccessAll) ? "[all," : "[one,";
            out += (n.flags & Node::kFailureAll) ? "all]" : "one]";
        }
        if (!name(i).empty()) out += " \"" + name(i) + '"';
        if (!is_leaf(n.kind)) {
            out += '(';
            open.push_back(n.end);
        }
        while (!open.empty() && open.back() == i + 1) {
            out += ')';
            open.pop_back();
        }
    }
    return out;
}

}  // namespace mobsdk::bt
