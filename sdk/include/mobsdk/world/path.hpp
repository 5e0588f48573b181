// A computed path as a plain value (vanilla's Path): what the pathfinder returns, navigation
// follows, and the minecraft:path memory holds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <vector>

#include "mobsdk/world/types.hpp"

namespace mobsdk {

/// @brief A computed path (vanilla's Path): nodes from start to end, the node being walked to,
/// the target it was asked for and whether it reaches it.
struct Path {
    std::vector<BlockPos> nodes;      ///< the nodes, start first
    std::size_t next_node_index = 0;  ///< the node the mob walks to next
    BlockPos target;                  ///< where the path was asked to go
    bool can_reach = false;           ///< vanilla's `reached`: the last node is within reach of the target
    /// @brief Manhattan distance from the last node to the target (vanilla's distToTarget, a float
    /// there but always whole); INT32_MAX for a path without nodes.
    std::int32_t distance_to_target = INT32_MAX;

    /// @brief A path through `nodes` to `target`, with the distance computed as vanilla's
    /// constructor.
    static Path make(std::vector<BlockPos> nodes, BlockPos target, bool can_reach);
    /// @brief Number of nodes.
    std::size_t node_count() const noexcept { return nodes.size(); }
    /// @brief True when every node has been passed (vanilla's isDone).
    bool is_done() const noexcept { return next_node_index >= nodes.size(); }
    /// @brief The last node, if any (vanilla's getEndNode).
    std::optional<BlockPos> end_node() const noexcept;
    /// @brief The node the mob walks to next; the path must not be done.
    BlockPos next_node_pos() const noexcept { return nodes[next_node_index]; }
    /// @brief Moves on to the next node (vanilla's advance).
    void advance() noexcept { ++next_node_index; }
    /// @brief Keeps only the first `length` nodes (vanilla's truncateNodes; avoid-sun trimming).
    void truncate_nodes(std::size_t length) noexcept {
        if (length < nodes.size()) nodes.resize(length);
        if (next_node_index > nodes.size()) next_node_index = nodes.size();
    }
    /// @brief Member-wise equality.
    friend bool operator==(const Path&, const Path&) = default;
    /// @brief Prints the nodes, the target and whether it reaches it (test failures, logs).
    friend std::ostream& operator<<(std::ostream& out, const Path& p) {
        out << "Path{" << p.nodes.size() << " nodes";
        for (const BlockPos& n : p.nodes) out << ' ' << n.x << ',' << n.y << ',' << n.z;
        return out << " -> " << p.target << (p.can_reach ? " reached" : " partial") << '}';
    }
};

}  // namespace mobsdk
