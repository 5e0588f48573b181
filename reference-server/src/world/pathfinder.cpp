// Vanilla's PathFinder (A* over a binary heap) and its WalkNodeEvaluator and FlyNodeEvaluator,
// following 1.20's rules node for node: every search gives vanilla's nodes, costs and order.
// Speed comes from not repeating work, never from skipping a rule: nodes live in a pool reused
// across searches; positions map to their node, path types and floor through a grid of bricks
// around the start (stamped per cell, so starting a search clears nothing), whose neighbours are
// a fixed offset away; a walker's cells are worked out eight at a time from one pass over their
// columns, and a two-high wall is recognised there; block reads go through a window of chunk
// pointers and a per-search table of the few facts a cell needs of each block state; the 24-block
// danger scan is skipped where the sections' danger-source counts (kept by LevelChunk::set_block)
// are zero; a walker's footprint type is worked out once per pair of block types; a neighbour
// already walkable, or a wall, is judged from its cell alone, without branches on the terrain;
// and answers that cannot change within a search (the type above a node) are worked out only
// when asked for.
#include "mobserver/world/pathfinder.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "pathfinding/fly_node_evaluator.hpp"
#include "pathfinding/walk_node_evaluator.hpp"

namespace mobsdk::server {

// The layers below the search (reference-server/src/world/pathfinding/): the block cache
// (pathfinding_context), the path type rules (path_type_table), nodes (node), the position grid
// (node_grid), the open set (binary_heap) and the two evaluators (walk_ and fly_node_evaluator).
using namespace pathfinding;

namespace {

std::optional<Path> reconstruct(const Node* end, const Target& t, bool reached) {
    std::size_t count = 0;
    for (const Node* n = end; n; n = n->came_from) ++count;
    std::vector<BlockPos> nodes(count);
    for (const Node* n = end; n; n = n->came_from) nodes[--count] = {n->x, n->y, n->z};
    return Path::make(std::move(nodes), {t.x, t.y, t.z}, reached);
}

template <class Evaluator>
std::optional<Path> run_search(PathFinder::Workspace& ws, Evaluator& ev, std::span<const BlockPos> targets,
                               const PathSearch& search) {
    Node* start = ev.get_start();
    if (!start) return std::nullopt;

    ws.targets.clear();
    for (BlockPos t : targets) ws.targets.push_back(Target{t.x, t.y, t.z});

    // Vanilla's getBestH: the distance to the closest target, remembering each target's best node.
    auto best_h = [targets_here = std::span<Target>(ws.targets)](Node* node) {
        float h = float_max;
        for (Target& t : targets_here) {
            const float d = distance(*node, t.x, t.y, t.z);
            if (d < t.best_h) {
                t.best_h = d;
                t.best = node;
            }
            h = std::min(d, h);
        }
        return h;
    };

    start->g = 0.0f;
    start->h = best_h(start);
    start->f = start->h;
    ws.open_set.clear();
    ws.open_set.insert(start);

    const auto budget =
        static_cast<std::int32_t>(static_cast<float>(search.max_visited_nodes) * search.depth_multiplier);
    const auto reach = static_cast<float>(search.reach);
    // Locals, not the caller's struct: the node writes below could otherwise alias it.
    const float max_range = search.max_range;
    const std::span<Target> all_targets(ws.targets);
    std::int32_t iterations = 0;
    std::int32_t visited = 0;
    bool any_reached = false;
    while (!ws.open_set.empty()) {
        if (++iterations >= budget) {
            ws.stats.budget_exhausted = true;
            break;
        }
        Node* node = ws.open_set.pop();
        node->closed = true;
        ++visited;

        for (Target& t : all_targets) {
            const auto manhattan =
                static_cast<float>(std::abs(t.x - node->x) + std::abs(t.y - node->y) + std::abs(t.z - node->z));
            if (manhattan <= reach) {
                t.reached = true;
                any_reached = true;
            }
        }
        if (any_reached) break;

        if (distance(*node, *start) >= max_range) {
            ev.note_closed(node);
        } else {
            const std::int32_t k = ev.neighbors(ws.neighbors, node);
            const float walked = node->walked, node_g = node->g;
            for (std::int32_t l = 0; l < k; ++l) {
                Node* next = ws.neighbors[l];
                const float step = step_length(*node, *next, ws.steps[static_cast<std::size_t>(l)]);
                const float next_walked = walked + step;
                next->walked = next_walked;
                const float g = node_g + step + next->cost_malus;
                if (next_walked < max_range && (!next->in_open_set() || g < next->g)) {
                    next->came_from = node;
                    next->g = g;
                    next->h = best_h(next) * 1.5f;
                    if (next->in_open_set()) {
                        ws.open_set.change_cost(next, next->g + next->h);
                    } else {
                        next->f = next->g + next->h;
                        ws.open_set.insert(next);
                    }
                }
            }
        }
    }
    ws.open_set.clear();
    ws.stats.visited_nodes = visited;
    ws.stats.created_nodes = static_cast<std::int32_t>(ws.nodes.size());

    // The reached target with the shortest path; else the one whose path ends closest (Manhattan),
    // then the shortest. Ties keep the first target, as vanilla's Stream.min.
    std::optional<Path> best;
    for (const Target& t : ws.targets) {
        if (any_reached && !t.reached) continue;
        if (!t.best) continue;
        std::optional<Path> p = reconstruct(t.best, t, any_reached);
        if (!best) {
            best = std::move(p);
            continue;
        }
        const bool better =
            any_reached ? p->node_count() < best->node_count()
                        : (p->distance_to_target < best->distance_to_target ||
                           (p->distance_to_target == best->distance_to_target && p->node_count() < best->node_count()));
        if (better) best = std::move(p);
    }
    return best;
}

}  // namespace

PathfindingMob PathfindingMob::of(const EntityTypeInfo& type, Vec3 pos) {
    PathfindingMob m;
    m.position = pos;
    m.width = type.width;
    m.height = type.height;
    m.step_height = type.step_height;
    m.max_fall_distance = type.max_fall_distance;
    m.kind = type.navigation;
    m.flags.can_open_doors = type.can_open_doors;
    for (std::size_t i = 0; i < path_type_count; ++i) m.malus[i] = default_malus(static_cast<PathType>(i));
    for (const auto& [t, v] : type.pathfinding_malus) m.malus[static_cast<std::size_t>(t)] = v;
    return m;
}

PathFinder::PathFinder() : ws_(std::make_unique<Workspace>()) {}
PathFinder::~PathFinder() = default;
PathFinder::PathFinder(PathFinder&&) noexcept = default;
PathFinder& PathFinder::operator=(PathFinder&&) noexcept = default;

const PathSearchStats& PathFinder::last_stats() const noexcept { return ws_->stats; }

std::optional<Path> PathFinder::find_path(const ChunkMap& chunks, const PathfindingMob& mob,
                                          std::span<const BlockPos> targets, const PathSearch& search) {
    Workspace& ws = *ws_;
    ws.stats = {};
    if (targets.empty()) return std::nullopt;
    const BlockPos at = mob.position.block_pos();
    ws.reader.reset(chunks, at.x, at.z);
    ws.cells.begin(at, search.max_range);
    ws.nodes.clear();
    ws.pair_types.fill(unknown_type);
    if (mob.kind == NavigationKind::Flying) {
        FlyEvaluator ev(ws, mob);
        return run_search(ws, ev, targets, search);
    }
    WalkEvaluator ev(ws, mob);
    return run_search(ws, ev, targets, search);
}

PathFinder& PathFinder::for_this_thread() {
    thread_local PathFinder finder;
    return finder;
}

}  // namespace mobsdk::server
