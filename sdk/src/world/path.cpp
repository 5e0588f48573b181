#include "mobsdk/world/path.hpp"

#include <utility>

namespace mobsdk {

Path Path::make(std::vector<BlockPos> nodes, BlockPos target, bool can_reach) {
    Path p;
    p.target = target;
    p.can_reach = can_reach;
    p.distance_to_target = nodes.empty() ? INT32_MAX : nodes.back().dist_manhattan(target);
    p.nodes = std::move(nodes);
    return p;
}

std::optional<BlockPos> Path::end_node() const noexcept {
    if (nodes.empty()) return std::nullopt;
    return nodes.back();
}

}  // namespace mobsdk
