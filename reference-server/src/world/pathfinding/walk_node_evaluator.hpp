// Vanilla's WalkNodeEvaluator: the neighbours of a walker's node (the 4 sides, then the 4
// diagonals), with jumps, falls, water, fences and doors, and a fast path for plainly walkable ground.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

#include "node_evaluator.hpp"

namespace mobsdk::server::pathfinding {

// Vanilla's WalkNodeEvaluator.
class WalkEvaluator : public EvaluatorBase {
public:
    WalkEvaluator(PathFinder::Workspace& ws, const PathfindingMob& mob) noexcept : EvaluatorBase(ws, mob) {
        jump_height_ = std::max(1.125, static_cast<double>(mob.step_height));
        half_width_ = static_cast<double>(mob.width) / 2.0;
        walkable_malus_ = mob.malus_of(PathType::Walkable);
        step_up_ = static_cast<std::int32_t>(std::floor(std::max(1.0f, mob.step_height)));
        thin_ = mob.width < 0.5f;
    }

    PathType mob_type(std::int32_t x, std::int32_t y, std::int32_t z) {
        Cell* c = &ws_.cells.get(x, y, z);
        return mob_type_of(c, x, y, z);
    }
    [[gnu::always_inline]] PathType mob_type_of(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z) {
        if (c->mob_type != unknown_type) [[likely]]
            return c->mob_type;
        if (entity_width_ == 1 && entity_height_ == 2) return compute_walk_1x2(c, x, y, z);
        return cached_mob_type(c, x, y, z, true, [this](std::int32_t bx, std::int32_t by, std::int32_t bz) {
            return walk_static_type(r_, bx, by, bz);
        });
    }

    // Cells are worked out a segment of a row at a time, with the row above: a search that needs
    // one position soon needs its neighbours, and the eight share their chunk, sections, bricks
    // and loop; the row above is what a jump or a wall test asks next.
    static constexpr std::int32_t segment = 8;
    static_assert(CellGrid::xz_edge % segment == 0 && 16 % segment == 0, "a segment lies in one brick and one chunk");

    // True when (x, y, z) can be worked out by evaluate_segment: the blocks y − 1 … y + 2 are in the
    // world and the rows y … y + 2 in the grid.
    bool segment_ok(std::int32_t x, std::int32_t y, std::int32_t z) const noexcept {
        return y > min_y && y + 2 < min_y + world_height && ws_.cells.holds(x, y, z) && ws_.cells.holds(x, y + 2, z);
    }

    // What compute_walk_1x2 gives each of the cells (x0 … x0 + 7, y, z) and (x0 … x0 + 7, y + 1, z),
    // `row` the first (segment_ok holds): static types, floors and mob types from the blocks
    // y − 1 … y + 2, one pass over the eight columns. Cells already worked out are left as they
    // are; the row y + 2 gets its static types. A cell of row y whose mob type and the one above
    // are both never entered (and do nothing without a node) is marked a wall on the spot: what
    // note_wall would find after its first jump test.
    [[gnu::noinline]] void evaluate_segment(Cell* row, std::int32_t x0, std::int32_t y, std::int32_t z);

    // The 1×2×1 footprint's type from the static types of its two blocks: depends on those and
    // the search's mob only, so it is worked out once per pair.
    PathType pair_type(PathType s0, PathType s1) {
        PathType& memo = ws_.pair_types[(static_cast<std::size_t>(s0) << 5) | static_cast<std::size_t>(s1)];
        if (memo == unknown_type) [[unlikely]] {
            const PathType first = evaluate_block_type(s0, mob_.flags, mob_on_rail_);
            const PathType second = evaluate_block_type(s1, mob_.flags, mob_on_rail_);
            memo = combine_types(first, bit(first) | bit(second), mob_, true, 1);
        }
        return memo;
    }

    // The usual 1×2×1 footprint in one pass over the column: both static types and the floor
    // come from the three blocks y − 1, y and y + 1.
    [[gnu::noinline]] PathType compute_walk_1x2(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z);

    Node* get_start();

    // What neighbors() knows about the node it expands.
    struct Expansion {
        Cell* cell;              // the node's cell (a grid cell)
        std::uint32_t in_brick;  // CellGrid::around's bits
        std::int32_t x, y, z;
        double floor;   // the node's floor level
        double limit;   // a neighbour at the same y is out of reach when its below_top exceeds this
        PathType type;  // the node's type
        bool fast;      // no partial collision here and a walkable malus ≥ 0: the fast path may be taken
    };

    // Vanilla's getNeighbors: the 4 sides, then the 4 diagonals.
    std::int32_t neighbors(std::array<Node*, 32>& out, Node* node) {
        const std::int32_t x = node->x, y = node->y, z = node->z;
        std::uint32_t in_brick = 0;
        Cell* here_cell = ws_.cells.around(x, y, z, in_brick);
        if (!here_cell) [[unlikely]]
            return neighbors_far(out, node);
        const PathType here = mob_type_of(here_cell, x, y, z);
        // How high a neighbour may be stepped up to depends on the type above the node, which only
        // a neighbour that is not plainly walkable asks for: it is worked out on demand
        // (parent_max_y_step; vanilla reads it first thing, but it is pure, so later is the same).
        parent_step_ = lazy_step;
        lazy_parent_ = here_cell;
        lazy_parent_up_ = (in_brick & CellGrid::in_up) != 0;
        const double floor = floor_of(here_cell, x, y, z);
        // The fast path for walkable neighbours holds when the node has no partial collision and
        // the mob may walk at all.
        const bool fast = !has_partial_collision(here) && walkable_malus_ >= 0.0f;

        // floor − prev_floor > jump_height, with floor = y − 1 + below_top, as below_top > limit:
        // every term is a small whole number or a float, so both are exact and agree.
        const double limit = floor + jump_height_ - static_cast<double>(y - 1);
        fast_tag_ = fast ? fast_tag(ws_.cells.stamp()) : 0;
        here_cell->tag |= Cell::closed_bit;  // the node was just closed
        const Expansion at{here_cell, in_brick, x, y, z, floor, limit, here, fast};
        // One test for all eight neighbours (true for about three nodes in four) rather than one
        // per neighbour.
        if ((in_brick & CellGrid::in_xz) == CellGrid::in_xz) [[likely]]
            return expand<true>(out, node, at);
        return expand<false>(out, node, at);
    }

    // What the neighbour rules (isNeighborValid, isDiagonalValid) need to know of a neighbour,
    // as bits: the fast path takes them from the cell, so that a missing or closed neighbour's
    // node is never read. No node has none of them.
    struct Probe {
        Node* node;
        std::uint32_t facts;
        std::uint32_t step;  // the squared length of the step to it
    };
    static constexpr std::uint32_t f_open = 1, f_cost_ok = 2, f_not_above = 4, f_below = 8, f_not_door = 16,
                                   f_fence = 32;
    // The facts of a node (`none` gives none: it is closed and higher than any node).
    static std::uint32_t facts_of(const Node* n, std::int32_t root_y) noexcept {
        return (n->closed ? 0u : f_open) | (n->cost_malus >= 0.0f ? f_cost_ok : 0u) |
               (n->y <= root_y ? f_not_above : 0u) | (n->y < root_y ? f_below : 0u) |
               (n->type != PathType::WalkableDoor ? f_not_door : 0u) | (n->type == PathType::Fence ? f_fence : 0u);
    }

    // The eight neighbours in vanilla's order, the sides before the diagonals that need them.
    // Which are kept is worked out without branches: whether a neighbour is open or closed,
    // passable or not follows the terrain, and a branch on it would be mispredicted over and over.
    template <bool Interior>
    [[gnu::always_inline]] std::int32_t expand(std::array<Node*, 32>& out, const Node* node, const Expansion& at) {
        const Probe south = probe<Interior>(at, 0, 1, 0, 1);
        const Probe west = probe<Interior>(at, -1, 0, -1, 0);
        const Probe east = probe<Interior>(at, 1, 0, 1, 0);
        const Probe north = probe<Interior>(at, 0, -1, 0, -1);
        // Vanilla passes NORTH or SOUTH as the step of every diagonal.
        const Probe nw = probe<Interior>(at, -1, -1, 0, -1);
        const Probe ne = probe<Interior>(at, 1, -1, 0, -1);
        const Probe sw = probe<Interior>(at, -1, 1, 0, 1);
        const Probe se = probe<Interior>(at, 1, 1, 0, 1);
        // isNeighborValid: open, and entered (or the node itself is not).
        const std::uint32_t any_cost = node->cost_malus < 0.0f ? f_cost_ok : 0u;
        const auto side_valid = [any_cost](const Probe& p) {
            return (p.facts & f_open) & (((p.facts | any_cost) & f_cost_ok) >> 1);
        };
        // isDiagonalValid: the diagonal open, entered and no door; both sides no higher than the
        // node, no doors, and each lower, entered, or both fences a thin mob squeezes between.
        const auto diagonal = [this](const Probe& x_side, const Probe& z_side, const Probe& d) {
            constexpr std::uint32_t d_need = f_open | f_cost_ok | f_not_door, s_need = f_not_above | f_not_door;
            const std::uint32_t between = thin_ ? x_side.facts & z_side.facts & f_fence : 0u;
            return static_cast<std::uint32_t>((d.facts & d_need) == d_need) &
                   static_cast<std::uint32_t>((x_side.facts & z_side.facts & s_need) == s_need) &
                   static_cast<std::uint32_t>(((z_side.facts & (f_below | f_cost_ok)) | between) != 0) &
                   static_cast<std::uint32_t>(((x_side.facts & (f_below | f_cost_ok)) | between) != 0);
        };
        std::int32_t n = 0;
        const auto put = [&](const Probe& p, std::uint32_t valid) {
            out[static_cast<std::size_t>(n)] = p.node;
            ws_.steps[static_cast<std::size_t>(n)] = p.step;
            n += static_cast<std::int32_t>(valid);
        };
        put(south, side_valid(south));
        put(west, side_valid(west));
        put(east, side_valid(east));
        put(north, side_valid(north));
        put(nw, diagonal(west, north, nw));
        put(ne, diagonal(east, north, ne));
        put(sw, diagonal(west, south, sw));
        put(se, diagonal(east, south, se));
        return n;
    }

    // A node closed without being expanded (out of range): its cell's mirror of `closed`.
    void note_closed(const Node* node) {
        if (ws_.cells.holds(node->x, node->y, node->z))
            ws_.cells.get(node->x, node->y, node->z).tag |= Cell::closed_bit;
    }

    // A max_y_step still to be worked out by parent_max_y_step.
    static constexpr std::int32_t lazy_step = -1;
    // neighbors()'s max_y_step for the node it expands, whose cell is lazy_parent_.
    [[gnu::noinline]] std::int32_t parent_max_y_step(std::int32_t x, std::int32_t y, std::int32_t z, PathType here);

    // Vanilla's findAcceptedNode for the neighbour (dx, dz), reaching its cell by offset when the node
    // is inside its brick (Interior), else through the grid.
    template <bool Interior>
    [[gnu::always_inline]] Probe probe(const Expansion& at, std::int32_t dx, std::int32_t dz, std::int32_t step_x,
                                       std::int32_t step_z) {
        // By offset the cell may be stale: the fast path's test sees that (the stamp is part of
        // the tag), and only the slow path needs it blanked.
        Cell* c = Interior ? at.cell + dx * CellGrid::step_x + dz * CellGrid::step_z
                           : &ws_.cells.get(at.x + dx, at.y, at.z + dz);
        const auto flat_step = static_cast<std::uint32_t>(dx * dx + dz * dz);
        if ((c->tag | fast_mask) == fast_tag_) [[likely]] {
            // A Quick::WalkNode cell: its node is walkable, entered, at the node's height and
            // needs no write (see Quick); a wall's floor is out of reach. So the answer is the
            // cell's node or none, and its facts come from the cell.
            const bool ok = !(static_cast<double>(c->below_top) > at.limit);
            const std::uint32_t open = ((c->tag & Cell::closed_bit) ^ Cell::closed_bit) >> 5;
            const std::uint32_t facts =
                (std::uint32_t{0} - static_cast<std::uint32_t>(ok)) & (open | f_cost_ok | f_not_above | f_not_door);
            return {c->node, facts, flat_step};
        }
        if constexpr (Interior) c = ws_.cells.fresh(c);
        Node* n = find_accepted_node_slow(c, at.x + dx, at.y, at.z + dz, lazy_step, at.floor, at.limit, step_x, step_z,
                                          at.type, at.fast, at.x, at.y, at.z);
        const std::uint32_t facts = facts_of(n, at.y);
        const std::int64_t dy = facts != 0 ? static_cast<std::int64_t>(n->y) - at.y : 0;
        return {n, facts, dy * dy < 30 ? flat_step + static_cast<std::uint32_t>(dy * dy) : 32u};
    }

    // The same for a node outside the grid (overflow cells may move as others are made, so each is
    // looked up when needed and max_y_step is worked out first, as vanilla does).
    [[gnu::noinline]] std::int32_t neighbors_far(std::array<Node*, 32>& out, Node* node);

private:
    bool can_start_at(std::int32_t x, std::int32_t y, std::int32_t z) {
        const PathType t = mob_type(x, y, z);
        return t != PathType::Open && malus(t) >= 0.0f;
    }

    Node* start_node(std::int32_t x, std::int32_t y, std::int32_t z) {
        const PathType t = mob_type(x, y, z);
        Node* node = get_node(x, y, z);
        node->type = t;
        node->cost_malus = malus(t);
        return node;
    }

    double floor_level(std::int32_t x, std::int32_t y, std::int32_t z) {
        return floor_of(&ws_.cells.get(x, y, z), x, y, z);
    }
    // Vanilla's getFloorLevel, cached in the cell (it reads no other cell, so `c` stays valid).
    double floor_of(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z) {
        if (c->floor_state() == FloorState::Unknown || c->quick() == Quick::Wall) [[unlikely]]
            return floor_from_blocks(c, x, y, z);
        return c->floor_state() == FloorState::Floating
                   ? y + 0.5
                   : static_cast<double>(y - 1) + static_cast<double>(c->below_top);
    }
    [[gnu::noinline]] double floor_from_blocks(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z);

    // Vanilla's isNeighborValid and isDiagonalValid (for neighbors_far), with `none` for null (it is closed, and
    // higher than the root), in bitwise operations so that they compile without branches.
    static bool neighbor_valid(const Node* neighbor, const Node* node) noexcept {
        return (!neighbor->closed) & ((neighbor->cost_malus >= 0.0f) | (node->cost_malus < 0.0f));
    }

    [[gnu::always_inline]] bool diagonal_valid(const Node* root, const Node* x_side, const Node* z_side,
                                               const Node* diagonal) const noexcept {
        const std::int32_t ry = root->y;
        // Thin mobs squeeze between two fence posts.
        const bool between_fences = (z_side->type == PathType::Fence) & (x_side->type == PathType::Fence) & thin_;
        return (!diagonal->closed) & (z_side->y <= ry) & (x_side->y <= ry) & (x_side->type != PathType::WalkableDoor) &
               (z_side->type != PathType::WalkableDoor) & (diagonal->type != PathType::WalkableDoor) &
               (diagonal->cost_malus >= 0.0f) & ((z_side->y < ry) | (z_side->cost_malus >= 0.0f) | between_fences) &
               ((x_side->y < ry) | (x_side->cost_malus >= 0.0f) | between_fences);
    }

    // A type after which find_accepted_node_full still does something when it found no node:
    // sinks through water, falls through air, or marks a fence or door closed.
    static bool acts_without_node(PathType t) noexcept {
        return t == PathType::Water || t == PathType::Open || has_partial_collision(t);
    }

    // Called when a jump from `type` at (x, y, z) up to y + 1 gave no node. With at most one step
    // up, find_accepted_node_full then returns null and changes nothing for every caller when both
    // levels are never entered and neither acts without a node (floors only make it return null
    // sooner): the cell is marked so that the next look skips it.
    void note_wall(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z, PathType type) {
        if (step_up_ > 1 || malus(type) >= 0.0f || acts_without_node(type)) return;
        const PathType above = ws_.cells.get(x, y + 1, z).mob_type;
        if (above == unknown_type || malus(above) >= 0.0f || acts_without_node(above)) return;
        mark_wall(*ws_.cells.refresh(c, x, y, z));
    }
    static void mark_wall(Cell& w) noexcept {
        w.set_quick(Quick::Wall);
        w.set_floor_state(FloorState::OnBlockBelow);  // for fast_tag; floor_of reads a wall's floor again
        w.below_top = std::numeric_limits<float>::infinity();
    }

    static bool has_partial_collision(PathType t) noexcept {
        return t == PathType::Fence || t == PathType::DoorWoodClosed || t == PathType::DoorIronClosed;
    }

    Node* node_update_cost_to_max(std::int32_t x, std::int32_t y, std::int32_t z, PathType type, float malus_value) {
        Node* node = get_node(x, y, z);
        node->type = type;
        node->cost_malus = std::max(node->cost_malus, malus_value);
        return node;
    }

    Node* blocked_node(std::int32_t x, std::int32_t y, std::int32_t z) {
        Cell* c = &ws_.cells.get(x, y, z);
        Node* node = node_of(c, x, y, z);
        node->type = PathType::Blocked;
        node->cost_malus = -1.0f;
        // Its node is no longer what the fast path takes for granted (a walkable position a fall
        // went too deep into).
        if (c->quick() == Quick::WalkNode) c->set_quick(Quick::Walk);
        return node;
    }

    // Vanilla's BlockCollisions for a box: any block collision box overlapping it with volume.
    bool has_collisions(const AABB& box) {
        constexpr double eps = 1.0e-7;
        const auto x0 = static_cast<std::int32_t>(std::floor(box.min.x - eps));
        const auto x1 = static_cast<std::int32_t>(std::floor(box.max.x + eps));
        const auto y0 = static_cast<std::int32_t>(std::floor(box.min.y - eps)) - 1;  // fences reach up 0.5
        const auto y1 = static_cast<std::int32_t>(std::floor(box.max.y + eps));
        const auto z0 = static_cast<std::int32_t>(std::floor(box.min.z - eps));
        const auto z1 = static_cast<std::int32_t>(std::floor(box.max.z + eps));
        for (std::int32_t bx = x0; bx <= x1; ++bx)
            for (std::int32_t bz = z0; bz <= z1; ++bz)
                for (std::int32_t by = y0; by <= y1; ++by) {
                    const BlockStateInfo& info = r_.info(bx, by, bz);
                    const BlockShape& s = info.collision;
                    if (s.count == 0) continue;
                    const Vec3 o = info.collision_offset({bx, by, bz});  // bamboo, pointed dripstone
                    for (std::uint8_t i = 0; i < s.count; ++i) {
                        const ShapeBox& b = s.boxes[i];
                        if (box.min.x < (b.max_x + o.x) + bx && box.max.x > (b.min_x + o.x) + bx &&
                            box.min.y < by + b.max_y && box.max.y > by + b.min_y && box.min.z < (b.max_z + o.z) + bz &&
                            box.max.z > (b.min_z + o.z) + bz)
                            return true;
                    }
                }
        return false;
    }

    // Steps the mob's box towards the node in box-sized moves (used when leaving a fence or a
    // closed door, whose collision covers only part of the block).
    bool can_reach_without_collision(const Node& node) {
        AABB box = mob_.bounding_box();
        const double xs = box.max.x - box.min.x, ys = box.max.y - box.min.y, zs = box.max.z - box.min.z;
        Vec3 d{node.x - mob_.position.x + xs / 2.0, node.y - mob_.position.y + ys / 2.0,
               node.z - mob_.position.z + zs / 2.0};
        const double size = (xs + ys + zs) / 3.0;
        const auto steps = static_cast<std::int32_t>(std::ceil(std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z) / size));
        if (steps <= 0) return true;
        d = d * static_cast<double>(1.0f / static_cast<float>(steps));
        for (std::int32_t j = 1; j <= steps; ++j) {
            box = {box.min + d, box.max + d};
            if (has_collisions(box)) return false;
        }
        return true;
    }

    // The full rules for a WALKABLE position standing on the block below (Quick::Walk or
    // WalkNode) entered from a node without partial collision; the node it makes or updates is
    // settled (Quick::WalkNode) afterwards.
    Node* accept_walkable(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z, double limit) {
        if (static_cast<double>(c->below_top) > limit) return &ws_.none;  // floor − prev_floor > jump height
        Node* node = node_of(c, x, y, z);
        node->type = PathType::Walkable;
        node->cost_malus = std::max(node->cost_malus, walkable_malus_);
        c->set_quick(Quick::WalkNode);
        return node;
    }

    [[gnu::noinline]] Node* find_accepted_node_slow(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z,
                                                    std::int32_t max_y_step, double prev_floor, double limit,
                                                    std::int32_t step_x, std::int32_t step_z, PathType node_type,
                                                    bool fast, std::int32_t px, std::int32_t py, std::int32_t pz);

    // `c` is the cell at (x, y, z), just looked up; (px, py, pz) is the node being expanded, whose
    // max_y_step is worked out here when the caller passed lazy_step.
    Node* find_accepted_node_full(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z, std::int32_t max_y_step,
                                  double prev_floor, std::int32_t step_x, std::int32_t step_z, PathType node_type,
                                  std::int32_t px, std::int32_t py, std::int32_t pz) {
        Node* node = nullptr;
        // The type first: for the usual footprint it reads the column once and sets the floor too.
        PathType type = mob_type_of(c, x, y, z);
        const double floor = floor_of(c, x, y, z);
        if (floor - prev_floor > jump_height_) return nullptr;
        float f = malus(type);
        if (f >= 0.0f) {
            node = node_of(c, x, y, z);
            node->type = type;
            node->cost_malus = std::max(node->cost_malus, f);
        }
        if (has_partial_collision(node_type) && node && node->cost_malus >= 0.0f && !can_reach_without_collision(*node))
            node = nullptr;
        if (type == PathType::Walkable) return node;

        if (max_y_step == lazy_step && (!node || node->cost_malus < 0.0f)) {
            if (parent_step_ == lazy_step) parent_step_ = parent_max_y_step(px, py, pz, node_type);
            max_y_step = parent_step_;
        }
        if ((!node || node->cost_malus < 0.0f) && max_y_step > 0 &&
            (type != PathType::Fence || mob_.flags.can_walk_over_fences) && type != PathType::UnpassableRail &&
            type != PathType::Trapdoor && type != PathType::PowderSnow) {
            node = find_accepted_node_full(&ws_.cells.get(x, y + 1, z), x, y + 1, z, max_y_step - 1, prev_floor, step_x,
                                           step_z, node_type, px, py, pz);
            if (!node) note_wall(c, x, y, z, type);
            if (node && (node->type == PathType::Open || node->type == PathType::Walkable) && mob_.width < 1.0f) {
                // The jump needs headroom above the block the mob jumps from.
                const double gx = (x - step_x) + 0.5, gz = (z - step_z) + 0.5;
                const AABB box{
                    {gx - half_width_, floor_level(x - step_x, y + 1, z - step_z) + 0.001, gz - half_width_},
                    {gx + half_width_, mob_.height + floor_level(node->x, node->y, node->z) - 0.002, gz + half_width_}};
                if (has_collisions(box)) node = nullptr;
            }
        }

        if (type == PathType::Water && !mob_.flags.can_float) {
            // A sinker walks the bottom: the node goes down to the last water block.
            if (mob_type(x, y - 1, z) != PathType::Water) return node;
            while (y > min_y) {
                --y;
                type = mob_type(x, y, z);
                if (type != PathType::Water) return node;
                node = node_update_cost_to_max(x, y, z, type, malus(type));
            }
        }

        if (type == PathType::Open) {
            std::int32_t fallen = 0;
            const std::int32_t start_y = y;
            while (type == PathType::Open) {
                --y;
                if (y < min_y) return blocked_node(x, start_y, z);
                if (fallen++ >= mob_.max_fall_distance) return blocked_node(x, y, z);
                type = mob_type(x, y, z);
                f = malus(type);
                if (type != PathType::Open && f >= 0.0f) {
                    node = node_update_cost_to_max(x, y, z, type, f);
                    break;
                }
                if (f < 0.0f) return blocked_node(x, y, z);
            }
        }

        if (has_partial_collision(type) && !node) {
            node = get_node(x, y, z);
            node->closed = true;
            node->type = type;
            node->cost_malus = default_malus(type);
        }
        return node;
    }

    double jump_height_ = 1.125;
    double half_width_ = 0.3;
    float walkable_malus_ = 0.0f;
    std::int32_t step_up_ = 1;              // max_y_step when the type above allows a jump
    bool thin_ = false;                     // narrower than half a block: fits between fence posts
    std::uint16_t fast_tag_ = 0;            // fast_tag() while the node expanded may take the fast path, else 0
    std::int32_t parent_step_ = lazy_step;  // max_y_step of the node neighbors() expands, once known
    Cell* lazy_parent_ = nullptr;           // the cell of the node neighbors() expands (a grid cell)
    bool lazy_parent_up_ = false;           // the cell above it is lazy_parent_ + step_y
};

}  // namespace mobsdk::server::pathfinding
