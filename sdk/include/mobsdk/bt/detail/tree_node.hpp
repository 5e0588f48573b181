// A built tree's node as the tick loop reads it (24 bytes, pre-order, children as index ranges), the
// draft's node before build() lays it out, and how a tree owns its block and leaf objects.
// Not API: BehaviorTree and TreeDraft are.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/bt/detail/leaf.hpp"
#include "mobsdk/bt/node.hpp"

namespace mobsdk::bt::detail {

/// @brief What a tick reads of a node, nothing more. Children of node i are i+1, then each
/// child's `end`, up to the node's own `end` (one past its subtree).
struct TreeNode {
    static constexpr std::uint8_t kNegate = 1u << 0;        ///< condition: negated
    static constexpr std::uint8_t kHasInit = 1u << 1;       ///< leaf/decorator: on_initialise
    static constexpr std::uint8_t kHasTerminate = 1u << 2;  ///< leaf/decorator: on_terminate
    static constexpr std::uint8_t kSuccessAll = 1u << 3;    ///< parallel: success needs all
    static constexpr std::uint8_t kFailureAll = 1u << 4;    ///< parallel: failure needs all
    static constexpr std::uint8_t kHooks = kHasInit | kHasTerminate;

    NodeKind kind;
    Status status;
    std::uint8_t flags;
    std::uint8_t unused;
    NodeId end;
    struct Leaf {  // Action, Condition, Decorator
        void* object;
        LeafFn fn;
    };
    struct Inner {            // composites, Repeat, Inverter
        NodeId cursor;        // Sequence/Selector: running child; ActiveSelector: last chosen (end: none)
        std::uint32_t count;  // Parallel/Monitor: children; Repeat: successes this run
        std::int32_t limit;   // Repeat: count (<= 0: forever); Monitor: leading conditions
        std::uint32_t unused;
    };
    union Data {
        Leaf leaf;
        Inner inner;
    } data;
};
static_assert(sizeof(TreeNode) == 24, "keep nodes compact: a tick walks them");

/// @brief Frees a tree's block (nodes, parents and relocated leaf objects) at its alignment.
struct BlockDelete {
    std::size_t align;
    BlockDelete() noexcept : align(16) {}
    explicit BlockDelete(std::size_t a) noexcept : align(a) {}
    void operator()(std::byte* p) const noexcept { ::operator delete[](p, std::align_val_t{align}); }
};

/// @brief A leaf object a tree destroys with itself.
struct OwnedObject {
    void* object;
    void (*destroy)(void*) noexcept;
};

/// @brief A node made by TreeDraft, before build() lays the nodes out.
struct DraftNode {
    NodeKind kind;
    std::uint8_t flags;
    std::int32_t limit;
    void* object;
    const ObjectOps* ops;
    LeafFn fn;
    const LeafHooks* hooks;
    std::vector<NodeId> children;
    std::optional<NodeId> parent;
    std::string name;
};

}  // namespace mobsdk::bt::detail
