// The fluent builder: a stack of open nodes over a TreeDraft.
#include "mobsdk/bt/builder.hpp"

#include <string>

namespace mobsdk::bt {

BehaviorTreeBuilder& BehaviorTreeBuilder::push(NodeId node) {
    if (stack_.empty()) {
        if (root_)
            throw BtError("behaviour tree builder: the tree already has a root (" +
                          std::string(to_string(draft_.kind(*root_))) + ") and every node is closed; a " +
                          to_string(draft_.kind(node)) +
                          " would be a second root. Put both under a composite, "
                          "or call one back() less");
        root_ = node;
    } else {
        const NodeId top = stack_.back();
        if (is_leaf(draft_.kind(top)))
            throw BtError("behaviour tree builder: a " + std::string(to_string(draft_.kind(node))) +
                          " was added while a " + to_string(draft_.kind(top)) +
                          " is open; as in the seed's builder, close a leaf with back() before the next node");
        draft_.add_child(top, node);
    }
    stack_.push_back(node);
    last_ = node;
    return *this;
}

BehaviorTreeBuilder& BehaviorTreeBuilder::name(std::string name) {
    if (!last_) throw BtError("behaviour tree builder: name() before any node was made");
    draft_.set_name(*last_, std::move(name));
    return *this;
}

BehaviorTreeBuilder& BehaviorTreeBuilder::back() {
    if (stack_.empty())
        throw BtError(root_ ? "behaviour tree builder: back() with every node already closed (one back() too many)"
                            : "behaviour tree builder: back() before any node was made");
    stack_.pop_back();
    return *this;
}

BehaviorTree BehaviorTreeBuilder::end() {
    if (!root_) throw BtError("behaviour tree builder: end() before any node was made");
    TreeDraft draft = std::move(draft_);
    const NodeId root = *root_;
    draft_ = TreeDraft();
    stack_.clear();
    root_.reset();
    last_.reset();
    return draft.build(root);
}

}  // namespace mobsdk::bt
