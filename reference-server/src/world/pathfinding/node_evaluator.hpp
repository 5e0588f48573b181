// What the walk and fly evaluators share (vanilla's NodeEvaluator): the search's scratch memory
// (PathFinder::Workspace), the mob's footprint, node lookup and the path type caches.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "binary_heap.hpp"
#include "mobserver/world/pathfinder.hpp"
#include "node.hpp"
#include "node_grid.hpp"
#include "path_type_table.hpp"
#include "pathfinding_context.hpp"

namespace mobsdk::server {

/// @brief The scratch memory one PathFinder keeps across searches.
struct PathFinder::Workspace {
    pathfinding::CachedReader reader;
    pathfinding::CellGrid cells;
    pathfinding::NodePool nodes;
    pathfinding::BinaryHeap open_set;
    std::vector<pathfinding::Target> targets;
    std::array<pathfinding::Node*, 32> neighbors{};
    std::array<std::uint32_t, 32> steps{};  // squared step lengths to the neighbours, as neighbors() lists them
    // The walker's 1×2×1 footprint type for each pair of static types (feet << 5 | head), this search.
    static_assert(path_type_count <= 32, "pair_types indexes path types with 5 bits");
    std::array<PathType, 32 * 32> pair_types{};
    PathSearchStats stats;
    pathfinding::Node none = pathfinding::make_no_node();  // the search's "no node" (see make_no_node)
};

}  // namespace mobsdk::server

namespace mobsdk::server::pathfinding {

// What both evaluators share: the mob, the footprint, node lookup and the type caches.
class EvaluatorBase {
public:
    EvaluatorBase(PathFinder::Workspace& ws, const PathfindingMob& mob) noexcept : ws_(ws), mob_(mob), r_(ws.reader) {
        entity_width_ = static_cast<std::int32_t>(std::floor(mob.width + 1.0f));
        entity_height_ = static_cast<std::int32_t>(std::floor(mob.height + 1.0f));
        entity_depth_ = entity_width_;
        mob_pos_ = mob.position.block_pos();
        mob_on_rail_ = is_rail_at(r_.info(mob_pos_.x, mob_pos_.y, mob_pos_.z).path_type) ||
                       is_rail_at(r_.info(mob_pos_.x, mob_pos_.y - 1, mob_pos_.z).path_type);
    }

protected:
    float malus(PathType t) const noexcept { return mob_.malus_of(t); }

    // Vanilla's NodeEvaluator.getNode: the node at a position, created on first use.
    Node* get_node(std::int32_t x, std::int32_t y, std::int32_t z) { return node_of(&ws_.cells.get(x, y, z), x, y, z); }
    Node* node_of(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z) {
        if (!c->node) [[unlikely]] {
            c->node = ws_.nodes.make(x, y, z);  // the pool does not touch the cells
            if (c->quick() == Quick::Walk) c->set_quick(Quick::WalkNode);
        }
        return c->node;
    }

    // The footprint's combined type, through the per-position cache; `c` is the cell at (x, y, z)
    // and is refreshed when other cells had to be made.
    template <class Static>
    PathType cached_mob_type(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z, bool walk, Static static_type) {
        if (c->mob_type != unknown_type) [[likely]]
            return c->mob_type;
        return compute_mob_type(c, x, y, z, walk, static_type);
    }

    template <class Static>
    [[gnu::noinline]] PathType compute_mob_type(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z, bool walk,
                                                Static static_type) {
        PathType first;
        std::uint32_t set;
        if (entity_width_ == 1 && entity_height_ == 2) {
            // The common 1×2×1 footprint, unrolled.
            first = evaluate_block_type(static_of(*c, x, y, z, static_type), mob_.flags, mob_on_rail_);
            const PathType second = evaluate_block_type(static_of(ws_.cells.get(x, y + 1, z), x, y + 1, z, static_type),
                                                        mob_.flags, mob_on_rail_);
            set = bit(first) | bit(second);
        } else {
            first = PathType::Blocked;
            set = 0;
            for (std::int32_t i = 0; i < entity_width_; ++i)
                for (std::int32_t j = 0; j < entity_height_; ++j)
                    for (std::int32_t k = 0; k < entity_depth_; ++k) {
                        const std::int32_t bx = x + i, by = y + j, bz = z + k;
                        const PathType t = evaluate_block_type(
                            static_of(ws_.cells.get(bx, by, bz), bx, by, bz, static_type), mob_.flags, mob_on_rail_);
                        if (i == 0 && j == 0 && k == 0) first = t;
                        set |= bit(t);
                    }
        }
        const PathType result = combine_types(first, set, mob_, walk, entity_width_);
        c = ws_.cells.refresh(c, x, y, z);
        c->mob_type = result;
        settle(*c);
        return result;
    }

    template <class Static>
    static PathType static_of(Cell& c, std::int32_t x, std::int32_t y, std::int32_t z, Static& static_type) {
        if (c.static_type == unknown_type) c.static_type = static_type(x, y, z);  // reads blocks only
        return c.static_type;
    }

    PathFinder::Workspace& ws_;
    const PathfindingMob& mob_;
    CachedReader& r_;
    std::int32_t entity_width_ = 1, entity_height_ = 2, entity_depth_ = 1;
    BlockPos mob_pos_;
    bool mob_on_rail_ = false;
};

}  // namespace mobsdk::server::pathfinding
