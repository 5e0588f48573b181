// The search's open set (vanilla's BinaryHeap).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "node.hpp"

namespace mobsdk::server::pathfinding {

// Vanilla's BinaryHeap, with the same sift rules so that equal costs pop in vanilla's order. Each
// entry carries its node's cost, so sifting compares without visiting the nodes. The entry being
// placed travels in registers and is written once where it lands: reading back an entry just
// stored in parts (the cost, then the node) stalls the load on the store.
class BinaryHeap {
public:
    void clear() noexcept {
        for (const Entry& e : heap_) e.node->heap_index = -1;
        heap_.clear();
    }
    bool empty() const noexcept { return heap_.empty(); }
    void insert(Node* node) {
        heap_.emplace_back();
        up_heap(heap_.size() - 1, Entry{node->f, node});
    }
    Node* pop() noexcept {
        Node* top = heap_[0].node;
        const Entry last = heap_.back();
        heap_.pop_back();
        if (!heap_.empty()) down_heap(0, last);
        top->heap_index = -1;
        return top;
    }
    void change_cost(Node* node, float cost) noexcept {
        const float old = node->f;
        node->f = cost;
        const auto idx = static_cast<std::size_t>(node->heap_index);
        if (cost < old) up_heap(idx, Entry{cost, node});
        else down_heap(idx, Entry{cost, node});
    }

private:
    struct Entry {
        float f;
        Node* node;
    };
    // Places `e` at `idx` or above.
    void up_heap(std::size_t idx, const Entry e) noexcept {
        while (idx > 0) {
            const std::size_t parent = (idx - 1) >> 1;
            const Entry p = heap_[parent];
            if (!(e.f < p.f)) break;
            heap_[idx] = p;
            p.node->heap_index = static_cast<std::int32_t>(idx);
            idx = parent;
        }
        heap_[idx] = e;
        e.node->heap_index = static_cast<std::int32_t>(idx);
    }
    // Places `e` at `idx` or below.
    void down_heap(std::size_t idx, const Entry e) noexcept {
        const std::size_t size = heap_.size();
        Entry* const h = heap_.data();
        for (;;) {
            const std::size_t l = 1 + (idx << 1), r = l + 1;
            if (l >= size) break;
            const float lf = h[l].f;
            const float rf = r < size ? h[r].f : std::numeric_limits<float>::infinity();
            // Vanilla's choice (left only when strictly cheaper), written so that it compiles to a
            // conditional move: which child is cheaper is a coin toss the branch predictor loses.
            const bool left = lf < rf;
            const std::size_t child = l + static_cast<std::size_t>(!left);
            const float cf = std::min(rf, lf);  // lf when lf < rf, else rf
            if (!(cf < e.f)) break;
            const Entry c = h[child];
            h[idx] = c;
            c.node->heap_index = static_cast<std::int32_t>(idx);
            idx = child;
        }
        h[idx] = e;
        e.node->heap_index = static_cast<std::int32_t>(idx);
    }

    std::vector<Entry> heap_;
};

}  // namespace mobsdk::server::pathfinding
