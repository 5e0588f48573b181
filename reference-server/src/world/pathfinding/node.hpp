// The search's nodes (vanilla's Node and Target): a position with its costs and where it came from,
// the lengths of steps between neighbours, and the pool the nodes live in across searches.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "mobsdk/world/block.hpp"

namespace mobsdk::server::pathfinding {

constexpr float float_max = std::numeric_limits<float>::max();

struct Node {
    std::int32_t x = 0, y = 0, z = 0;
    std::int32_t heap_index = -1;
    float g = 0, h = 0, f = 0;
    float walked = 0;
    float cost_malus = 0;
    Node* came_from = nullptr;
    PathType type = PathType::Blocked;
    bool closed = false;
    bool in_open_set() const noexcept { return heap_index >= 0; }
};

// "No node here", where vanilla has null: closed and higher than any node, so that the neighbour
// rules refuse it without a branch of their own. Never written.
constexpr Node make_no_node() noexcept {
    Node n;
    n.y = std::numeric_limits<std::int32_t>::max();
    n.cost_malus = -1.0f;
    n.closed = true;
    return n;
}

inline float distance(const Node& a, std::int32_t x, std::int32_t y, std::int32_t z) noexcept {
    const auto dx = static_cast<float>(x - a.x), dy = static_cast<float>(y - a.y), dz = static_cast<float>(z - a.z);
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}
inline float distance(const Node& a, const Node& b) noexcept { return distance(a, b.x, b.y, b.z); }

// The distance between two neighbouring nodes: the squares of whole offsets sum exactly in float,
// so a table of square roots gives vanilla's value bit for bit without a square root per step.
struct StepLengths {
    std::array<float, 32> root{};
    StepLengths() noexcept {
        for (std::size_t k = 0; k < root.size(); ++k) root[k] = std::sqrt(static_cast<float>(k));
    }
};
extern const StepLengths step_lengths;

// The squared distance between two neighbouring nodes (dy stays small: a fall is limited to the
// mob's fall distance, and a far one only costs a square root).
inline std::uint32_t squared_step(const Node& a, const Node& b) noexcept {
    const std::int64_t dx = b.x - a.x, dy = b.y - a.y, dz = b.z - a.z;
    const std::int64_t k = dx * dx + dy * dy + dz * dz;
    return k < 32 ? static_cast<std::uint32_t>(k) : 32u;
}

// distance(a, b) for b a neighbour of a whose squared distance is `k` (squared_step).
inline float step_length(const Node& a, const Node& b, std::uint32_t k) noexcept {
    return k < step_lengths.root.size() ? step_lengths.root[k] : distance(a, b);
}

// Nodes in fixed blocks so that pointers stay valid while the pool grows; reused across searches.
class NodePool {
public:
    void clear() noexcept {
        used_ = 0;
        next_ = end_ = nullptr;
    }
    // A fresh node.
    Node* make(std::int32_t x, std::int32_t y, std::int32_t z) {
        if (next_ == end_) [[unlikely]]
            next_block();
        Node* n = next_++;
        ++used_;
        *n = Node{x, y, z};
        return n;
    }
    std::size_t size() const noexcept { return used_; }

private:
    static constexpr std::size_t block_size = 1024;
    [[gnu::noinline]] void next_block();
    std::vector<std::unique_ptr<Node[]>> blocks_;
    std::size_t used_ = 0;
    Node* next_ = nullptr;  // the next free node of the current block
    Node* end_ = nullptr;
};

// A target of the search (vanilla's Target): the closest node to it so far, and whether it was reached.
struct Target {
    std::int32_t x = 0, y = 0, z = 0;
    float best_h = float_max;
    Node* best = nullptr;
    bool reached = false;
};

}  // namespace mobsdk::server::pathfinding
