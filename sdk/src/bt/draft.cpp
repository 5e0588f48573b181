// TreeDraft: nodes made and linked one by one, laid out in pre-order into a BehaviorTree; the
// arena that owns leaf objects; names of statuses and kinds.
#include <algorithm>
#include <cstdint>
#include <new>
#include <ostream>
#include <string>

#include "mobsdk/bt/tree.hpp"

namespace mobsdk::bt {

const char* to_string(Status status) noexcept {
    switch (status) {
        case Status::Invalid: return "Invalid";
        case Status::Success: return "Success";
        case Status::Failure: return "Failure";
        case Status::Running: return "Running";
        case Status::Aborted: return "Aborted";
    }
    return "?";
}

const char* to_string(NodeKind kind) noexcept {
    switch (kind) {
        case NodeKind::Action: return "action";
        case NodeKind::Condition: return "condition";
        case NodeKind::Decorator: return "decorator";
        case NodeKind::Repeat: return "repeat";
        case NodeKind::Inverter: return "inverter";
        case NodeKind::Sequence: return "sequence";
        case NodeKind::Selector: return "selector";
        case NodeKind::ActiveSelector: return "active_selector";
        case NodeKind::Parallel: return "parallel";
        case NodeKind::Monitor: return "monitor";
    }
    return "?";
}

std::ostream& operator<<(std::ostream& out, Status status) { return out << to_string(status); }
std::ostream& operator<<(std::ostream& out, NodeKind kind) { return out << to_string(kind); }

// ---- the arena ----

namespace detail {

void* Arena::allocate(std::size_t size, std::size_t align) {
    if (!blocks_.empty()) {
        Block& b = blocks_.back();
        const auto base = reinterpret_cast<std::uintptr_t>(b.data.get());
        const std::size_t start = ((base + b.used + align - 1) & ~(std::uintptr_t{align} - 1)) - base;
        if (start + size <= b.size) {
            b.used = start + size;
            return b.data.get() + start;
        }
    }
    // A new block: 1 KiB holds the leaves of a typical tree while it is drafted (they move next to
    // the nodes when it is built); a bigger object gets a block of its own.
    const std::size_t capacity = std::max<std::size_t>(1024, size + align);
    blocks_.push_back(Block{std::make_unique<std::byte[]>(capacity), capacity, 0});
    Block& b = blocks_.back();
    const auto base = reinterpret_cast<std::uintptr_t>(b.data.get());
    const std::size_t start = ((base + align - 1) & ~(std::uintptr_t{align} - 1)) - base;
    b.used = start + size;
    return b.data.get() + start;
}

}  // namespace detail

// ---- the draft ----

TreeDraft& TreeDraft::operator=(TreeDraft&& other) noexcept {
    if (this != &other) {
        destroy_objects();
        nodes_ = std::exchange(other.nodes_, {});
        arena_ = std::move(other.arena_);
    }
    return *this;
}

void TreeDraft::destroy_objects() noexcept {
    for (auto it = nodes_.rbegin(); it != nodes_.rend(); ++it)
        if (it->object && it->ops->destroy) it->ops->destroy(it->object);
    nodes_.clear();
}

NodeId TreeDraft::add_leaf(NodeKind kind, void* object, const detail::ObjectOps* ops, detail::LeafFn fn,
                           const detail::LeafHooks* hooks, std::uint8_t flags) {
    DraftNode n{kind, flags, 0, object, ops, fn, hooks, {}, std::nullopt, {}};
    nodes_.push_back(std::move(n));
    return static_cast<NodeId>(nodes_.size() - 1);
}

NodeId TreeDraft::add_inner(NodeKind kind, std::uint8_t flags, std::int32_t limit) {
    detail::LeafFn fn;
    fn.action = nullptr;
    DraftNode n{kind, flags, limit, nullptr, nullptr, fn, nullptr, {}, std::nullopt, {}};
    nodes_.push_back(std::move(n));
    return static_cast<NodeId>(nodes_.size() - 1);
}

namespace {
constexpr std::uint8_t policy_flags(Policy success, Policy failure) {
    return static_cast<std::uint8_t>((success == Policy::RequireAll ? 1u << 3 : 0u) |
                                     (failure == Policy::RequireAll ? 1u << 4 : 0u));
}
}  // namespace

NodeId TreeDraft::repeat(std::int32_t limit) { return add_inner(NodeKind::Repeat, 0, limit); }
NodeId TreeDraft::inverter() { return add_inner(NodeKind::Inverter, 0, 0); }
NodeId TreeDraft::sequence() { return add_inner(NodeKind::Sequence, 0, 0); }
NodeId TreeDraft::selector() { return add_inner(NodeKind::Selector, 0, 0); }
NodeId TreeDraft::active_selector() { return add_inner(NodeKind::ActiveSelector, 0, 0); }
NodeId TreeDraft::parallel(Policy success, Policy failure) {
    return add_inner(NodeKind::Parallel, policy_flags(success, failure), 0);
}
NodeId TreeDraft::monitor(Policy success, Policy failure) {
    return add_inner(NodeKind::Monitor, policy_flags(success, failure), 0);
}

const TreeDraft::DraftNode& TreeDraft::node(NodeId id) const {
    if (id >= nodes_.size())
        throw BtError("behaviour tree draft: node " + std::to_string(id) + " was not made by this draft (it has " +
                      std::to_string(nodes_.size()) + " nodes)");
    return nodes_[id];
}

std::string TreeDraft::label(NodeId id) const {
    const DraftNode& n = nodes_[id];
    std::string out = std::string(to_string(n.kind)) + " (node " + std::to_string(id);
    if (!n.name.empty()) out += " \"" + n.name + "\"";
    return out + ")";
}

NodeKind TreeDraft::kind(NodeId id) const { return node(id).kind; }

void TreeDraft::set_name(NodeId id, std::string name) {
    node(id);
    nodes_[id].name = std::move(name);
}

void TreeDraft::add_child(NodeId parent, NodeId child) {
    const DraftNode& p = node(parent);
    const DraftNode& c = node(child);
    if (parent == child) throw BtError("behaviour tree draft: " + label(parent) + " cannot be its own child");
    if (is_leaf(p.kind))
        throw BtError("behaviour tree draft: " + label(parent) + " is a leaf and cannot have children (" +
                      label(child) + " was added to it)");
    if (is_decorator(p.kind) && !p.children.empty())
        throw BtError("behaviour tree draft: " + label(parent) + " takes one child; " + label(child) +
                      " would be its second");
    if (c.parent) throw BtError("behaviour tree draft: " + label(child) + " is already a child of " + label(*c.parent));
    nodes_[parent].children.push_back(child);
    nodes_[child].parent = parent;
}

BehaviorTree TreeDraft::build(NodeId root, std::vector<NodeId>* placed) {
    if (nodes_.empty()) throw BtError("behaviour tree draft: build() with no nodes");
    node(root);
    if (nodes_[root].parent)
        throw BtError("behaviour tree draft: the root " + label(root) + " is a child of " +
                      label(*nodes_[root].parent) + "; build from the top node");

    // Pre-order layout: a node, then each child's subtree in order; `end` is known once the
    // subtree is laid out. An explicit stack: trees deeper than the call stack cannot break it.
    std::vector<BehaviorTree::Node> nodes;
    std::vector<NodeId> parents;
    std::vector<NodeId> draft_of;  // tree node -> draft node
    std::vector<NodeId> where(nodes_.size(), static_cast<NodeId>(-1));
    struct Frame {
        NodeId draft;
        std::size_t next_child;
    };
    std::vector<Frame> stack;
    auto place = [&](NodeId d) {
        const DraftNode& dn = nodes_[d];
        if (nodes.size() >= static_cast<std::size_t>(static_cast<NodeId>(-1)) - 1)
            throw BtError("behaviour tree draft: too many nodes");
        const NodeId id = static_cast<NodeId>(nodes.size());
        where[d] = id;
        BehaviorTree::Node n{};
        n.kind = dn.kind;
        n.status = Status::Invalid;
        n.flags = dn.flags;
        if (is_leaf(dn.kind) || dn.kind == NodeKind::Decorator) {
            n.data.leaf.object = dn.object;
            n.data.leaf.fn = dn.fn;
            if (dn.hooks && dn.hooks->on_initialise) n.flags |= detail::TreeNode::kHasInit;
            if (dn.hooks && dn.hooks->on_terminate) n.flags |= detail::TreeNode::kHasTerminate;
        } else {
            n.data.inner.cursor = 0;
            n.data.inner.count = static_cast<std::uint32_t>(dn.children.size());
            n.data.inner.limit = dn.limit;
            if (dn.kind == NodeKind::Monitor) {
                // The monitored conditions: the Condition children before the first other child.
                std::int32_t k = 0;
                while (static_cast<std::size_t>(k) < dn.children.size() &&
                       nodes_[dn.children[static_cast<std::size_t>(k)]].kind == NodeKind::Condition)
                    ++k;
                n.data.inner.limit = k;
            }
        }
        nodes.push_back(n);
        parents.push_back(stack.empty() ? id : where[stack.back().draft]);
        draft_of.push_back(d);
        stack.push_back({d, 0});
    };
    place(root);
    while (!stack.empty()) {
        Frame& f = stack.back();
        const DraftNode& dn = nodes_[f.draft];
        if (f.next_child < dn.children.size()) {
            place(dn.children[f.next_child++]);
            continue;
        }
        if (!is_leaf(dn.kind) && dn.children.empty())
            throw BtError("behaviour tree draft: " + label(f.draft) +
                          (is_decorator(dn.kind) ? " has no child: a decorator wraps exactly one node"
                                                 : " has no children: a composite needs at least one"));
        nodes[where[f.draft]].end = static_cast<NodeId>(nodes.size());
        stack.pop_back();
    }
    for (NodeId d = 0; d < nodes_.size(); ++d)
        if (where[d] == static_cast<NodeId>(-1))
            throw BtError("behaviour tree draft: " + label(d) + " was made but is not under the root " + label(root) +
                          "; add it with add_child or do not make it");

    // One block per tree, so that a tick touches a few neighbouring cache lines: the nodes, their
    // parents, then the leaf objects in node order.
    const std::size_t count = nodes.size();
    auto align_up = [](std::size_t v, std::size_t a) { return (v + a - 1) & ~(a - 1); };
    const std::size_t parents_at = count * sizeof(BehaviorTree::Node);
    std::size_t size = parents_at + count * sizeof(NodeId);
    std::vector<std::size_t> object_at(count, 0);
    std::size_t align = std::max<std::size_t>(alignof(BehaviorTree::Node), 16);
    for (std::size_t i = 0; i < count; ++i) {
        const DraftNode& dn = nodes_[draft_of[i]];
        if (!dn.object || !dn.ops->relocate) continue;
        size = align_up(size, dn.ops->align);
        object_at[i] = size;
        size += dn.ops->size;
        align = std::max(align, dn.ops->align);
    }
    BehaviorTree tree;
    tree.block_ = {static_cast<std::byte*>(::operator new[](size, std::align_val_t{align})),
                   detail::BlockDelete{align}};
    std::byte* const block = tree.block_.get();
    auto* const first_node = reinterpret_cast<BehaviorTree::Node*>(block);
    auto* const first_parent = reinterpret_cast<NodeId*>(block + parents_at);
    for (std::size_t i = 0; i < count; ++i) {
        ::new (first_node + i) BehaviorTree::Node(nodes[i]);
        ::new (first_parent + i) NodeId(parents[i]);
    }
    tree.nodes_ = {std::launder(first_node), static_cast<std::uint32_t>(count)};
    tree.parents_ = {std::launder(first_parent), static_cast<std::uint32_t>(count)};
    // The hooks and names are read rarely; a tree without any keeps no table for them (fewer
    // allocations between the blocks of many trees).
    bool any_hooks = false, any_names = false;
    for (const DraftNode& dn : nodes_) {
        any_hooks = any_hooks || (dn.hooks && (dn.hooks->on_initialise || dn.hooks->on_terminate));
        any_names = any_names || !dn.name.empty();
    }
    if (any_hooks) tree.hooks_.reserve(count);
    if (any_names) tree.names_.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        DraftNode& dn = nodes_[draft_of[i]];
        if (any_hooks) tree.hooks_.push_back(dn.hooks);
        if (any_names) tree.names_.push_back(std::move(dn.name));
        if (!dn.object) continue;
        if (dn.ops->relocate) {
            void* moved = block + object_at[i];
            dn.ops->relocate(moved, dn.object);
            dn.object = moved;
            tree.nodes_[i].data.leaf.object = moved;
        }
        if (dn.ops->destroy) tree.owned_.push_back({dn.object, dn.ops->destroy});
        dn.object = nullptr;  // the tree owns it now
    }
    tree.arena_ = std::move(arena_);
    if (placed) *placed = std::move(where);
    nodes_.clear();
    return tree;
}

}  // namespace mobsdk::bt
