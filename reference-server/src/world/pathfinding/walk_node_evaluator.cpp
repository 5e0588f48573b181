// The walk evaluator's out-of-line parts: the start node, a segment of cells worked out at once,
// and the full neighbour rules the fast path falls back to.
#include "walk_node_evaluator.hpp"

namespace mobsdk::server::pathfinding {

void WalkEvaluator::evaluate_segment(Cell* row, std::int32_t x0, std::int32_t y, std::int32_t z) {
    Cell* const up = &ws_.cells.above(row, x0, y, z);  // rows are contiguous
    Cell* const up2 = &ws_.cells.above(up, x0, y + 1, z);
    std::int32_t slot;
    const LevelChunk* chunk = r_.chunk_and_slot(x0 >> 4, z >> 4, slot);
    const std::int32_t ry = y - min_y, lx0 = x0 & 15, lz = z & 15;
    const std::int32_t si = ry >> 4, ly = ry & 15;
    // The layers y − 1 … y + 1 of the segment (unloaded reads as air); y + 2 is read where needed.
    std::array<std::array<BlockState, segment>, 3> layer{};
    const LevelChunkSection* top_section = nullptr;
    // Which cells' 3×3×3 neighbourhoods need no checkNeighbourBlocks (rows y, y + 1, y + 2): all
    // when no section around holds a danger source, else those inside a section without one.
    const bool clean = r_.section_clean_around(slot, x0 >> 4, z >> 4, si);
    std::array<std::uint32_t, 3> quiet{};
    if (clean) quiet.fill(0xFFu);
    if (chunk) {
        for (std::int32_t l = 0; l < 3; ++l) {
            const std::int32_t by = ry - 1 + l;
            const LevelChunkSection& sec = chunk->section(by >> 4);
            for (std::int32_t i = 0; i < segment; ++i)
                layer[static_cast<std::size_t>(l)][static_cast<std::size_t>(i)] = sec.get(lx0 + i, by & 15, lz);
        }
        top_section = &chunk->section((ry + 2) >> 4);
    }
    if (!clean && static_cast<std::uint32_t>(lz - 1) < 14u && (!chunk || !chunk->section(si).may_hold_danger())) {
        // Unloaded reads as air: there too only the rim columns may see a danger.
        const std::uint32_t inner = lx0 == 0 ? 0xFEu : 0x7Fu;
        for (std::int32_t r = 0; r < 3; ++r)
            if (ly != 0 && ly + r <= 14) quiet[static_cast<std::size_t>(r)] = inner;
    }
    const std::uint8_t stamp = ws_.cells.stamp();
    // Locals: the stores to cells below could otherwise alias the reader's fields.
    using Fact = CachedReader::Fact;
    const bool walls = step_up_ <= 1;  // note_wall's first condition
    for (std::int32_t i = 0; i < segment; ++i) {
        const auto k = static_cast<std::size_t>(i);
        Cell& c0 = row[i];
        Cell& c1 = up[i];
        const bool stale0 = c0.stamp() != stamp, stale1 = c1.stamp() != stamp;
        const bool need0 = stale0 || c0.mob_type == unknown_type;
        const bool need1 = stale1 || c1.mob_type == unknown_type;
        if (!need0) continue;  // worked out before (and maybe marked since)
        const Fact& b0 = r_.fact(layer[0][k]);
        const Fact& b1 = r_.fact(layer[1][k]);
        const Fact& b2 = r_.fact(layer[2][k]);
        // A static type: the cached one, or the ground rule and, when walkable and not quiet,
        // checkNeighbourBlocks.
        const auto static_type = [&](const Cell& c, bool stale, const Fact& here, const Fact& below, std::int32_t r) {
            if (!stale && c.static_type != unknown_type) return c.static_type;
            const PathType t = walk_static_above_bottom(here.path_type, below.path_type);
            return t == PathType::Walkable && !((quiet[static_cast<std::size_t>(r)] >> i) & 1u)
                       ? r_.check_neighbours(x0 + i, y + r, z, t)
                       : t;
        };
        const PathType s0 = static_type(c0, stale0, b1, b0, 0);
        const PathType s1 = static_type(c1, stale1, b2, b1, 1);
        // A cell's floor (the block below's top, or floating in water) and its mob type.
        const auto finish = [&](Cell& c, PathType st, PathType mob, const Fact& here, const Fact& below) {
            c.static_type = st;
            if (c.floor_state() == FloorState::Unknown) {
                if (mob_.flags.can_float && here.water) {
                    c.set_floor_state(FloorState::Floating);
                } else {
                    c.below_top = below.top;
                    c.set_floor_state(FloorState::OnBlockBelow);
                }
            }
            c.mob_type = mob;
            settle(c);
        };
        if (stale1) c1 = Cell::blank(stamp);
        c1.static_type = s1;
        if (need0) {
            if (stale0) c0 = Cell::blank(stamp);
            finish(c0, s0, pair_type(s0, s1), b1, b0);
        }
        // The row above's mob type only where it decides a wall (elsewhere it is rarely asked).
        const PathType t0 = c0.mob_type;
        if (!walls || malus(t0) >= 0.0f || acts_without_node(t0) || c0.quick() == Quick::Wall) continue;
        if (need1) {
            Cell& c2 = up2[i];
            const bool stale2 = c2.stamp() != stamp;
            const BlockState top = top_section ? top_section->get(lx0 + i, (ry + 2) & 15, lz) : BlockState{};
            const PathType s2 = static_type(c2, stale2, r_.fact(top), b2, 2);
            if (stale2) c2 = Cell::blank(stamp);
            c2.static_type = s2;
            finish(c1, s1, pair_type(s1, s2), b2, b1);
        }
        const PathType t1 = c1.mob_type;
        if (malus(t1) < 0.0f && !acts_without_node(t1)) mark_wall(c0);
    }
}

PathType WalkEvaluator::compute_walk_1x2(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z) {
    if (segment_ok(x, y, z)) [[likely]] {
        evaluate_segment(c - (x & (segment - 1)), x & ~(segment - 1), y, z);
        return c->mob_type;
    }
    const BlockStateInfo *below, *here, *above;
    bool quiet, quiet_above;
    r_.column(x, y, z, below, here, above, quiet, quiet_above);
    PathType s0;
    if (c->static_type != unknown_type) {
        s0 = c->static_type;
    } else {
        s0 = y > min_y ? walk_static_above_bottom(here->path_type, below->path_type)
                       : walk_static_from_raw(here->path_type, below->path_type, y);
        if (s0 == PathType::Walkable && !quiet) s0 = r_.check_neighbours(x, y, z, s0);
        c->static_type = s0;
    }
    if (c->floor_state() == FloorState::Unknown) {
        if (mob_.flags.can_float && here->fluid == Fluid::Water) {
            c->set_floor_state(FloorState::Floating);
        } else {
            c->below_top = below->collision.is_empty() ? 0.0f : below->collision.max_y();
            c->set_floor_state(FloorState::OnBlockBelow);
        }
    }
    Cell& c1 = ws_.cells.above(c, x, y, z);
    PathType s1;
    if (c1.static_type != unknown_type) {
        s1 = c1.static_type;
    } else {
        s1 = y + 1 > min_y ? walk_static_above_bottom(above->path_type, here->path_type)
                           : walk_static_from_raw(above->path_type, here->path_type, y + 1);
        if (s1 == PathType::Walkable && !quiet_above) s1 = r_.check_neighbours(x, y + 1, z, s1);
        c1.static_type = s1;
    }
    PathType& memo = ws_.pair_types[(static_cast<std::size_t>(s0) << 5) | static_cast<std::size_t>(s1)];
    if (memo == unknown_type) [[unlikely]] {
        // Depends on the two static types and the search's mob only: worked out once per pair.
        const PathType first = evaluate_block_type(s0, mob_.flags, mob_on_rail_);
        const PathType second = evaluate_block_type(s1, mob_.flags, mob_on_rail_);
        memo = combine_types(first, bit(first) | bit(second), mob_, true, 1);
    }
    const PathType result = memo;
    c = ws_.cells.refresh(c, x, y, z);
    c->mob_type = result;
    settle(*c);
    return result;
}

Node* WalkEvaluator::get_start() {
    const Vec3& p = mob_.position;
    const std::int32_t bx = mob_pos_.x, bz = mob_pos_.z;
    std::int32_t i = mob_pos_.y;
    if (mob_.flags.can_float && mob_.in_water) {
        // Up through the water to the last water block: the mob swims at the surface.
        while (r_.info(bx, i, bz).fluid == Fluid::Water) ++i;
        --i;
    } else if (mob_.on_ground) {
        i = static_cast<std::int32_t>(std::floor(p.y + 0.5));
    } else {
        // Falling or flying: down to the first block that is neither air nor passable.
        BlockPos b = mob_pos_;
        while (b.y > min_y) {
            const BlockStateInfo& s = r_.info(b.x, b.y, b.z);
            const bool passable =
                s.path_type == PathType::Open || s.path_type == PathType::Water || s.path_type == PathType::DoorOpen;
            if (!passable) break;
            --b.y;
        }
        i = b.y + 1;
    }
    if (!can_start_at(bx, i, bz)) {
        const AABB box = mob_.bounding_box();
        const double xs[2] = {box.min.x, box.max.x}, zs[2] = {box.min.z, box.max.z};
        // Vanilla's order: (minX, minZ), (minX, maxZ), (maxX, minZ), (maxX, maxZ).
        for (double cx : xs)
            for (double cz : zs) {
                const auto x = static_cast<std::int32_t>(std::floor(cx));
                const auto z = static_cast<std::int32_t>(std::floor(cz));
                if (can_start_at(x, i, z)) return start_node(x, i, z);
            }
    }
    return start_node(bx, i, bz);
}

std::int32_t WalkEvaluator::parent_max_y_step(std::int32_t x, std::int32_t y, std::int32_t z, PathType here) {
    Cell* above_cell = lazy_parent_up_ ? ws_.cells.fresh(lazy_parent_ + CellGrid::step_y) : &ws_.cells.get(x, y + 1, z);
    const PathType above = mob_type_of(above_cell, x, y + 1, z);
    return malus(above) >= 0.0f && here != PathType::StickyHoney
               ? static_cast<std::int32_t>(std::floor(std::max(1.0f, mob_.step_height)))
               : 0;
}

std::int32_t WalkEvaluator::neighbors_far(std::array<Node*, 32>& out, Node* node) {
    std::int32_t n = 0;
    std::int32_t max_y_step = 0;
    const std::int32_t x = node->x, y = node->y, z = node->z;
    const PathType above = mob_type(x, y + 1, z);
    const PathType here = mob_type(x, y, z);
    if (malus(above) >= 0.0f && here != PathType::StickyHoney)
        max_y_step = static_cast<std::int32_t>(std::floor(std::max(1.0f, mob_.step_height)));
    const double floor = floor_level(x, y, z);
    const double limit = floor + jump_height_ - static_cast<double>(y - 1);
    const bool fast = !has_partial_collision(here) && walkable_malus_ >= 0.0f;
    fast_tag_ = 0;  // here every neighbour takes the slow path (which applies the same rules)
    auto accept = [&](std::int32_t dx, std::int32_t dz, std::int32_t step_x, std::int32_t step_z) {
        return find_accepted_node_slow(&ws_.cells.get(x + dx, y, z + dz), x + dx, y, z + dz, max_y_step, floor, limit,
                                       step_x, step_z, here, fast, x, y, z);
    };
    Node* south = accept(0, 1, 0, 1);
    if (neighbor_valid(south, node)) out[n++] = south;
    Node* west = accept(-1, 0, -1, 0);
    if (neighbor_valid(west, node)) out[n++] = west;
    Node* east = accept(1, 0, 1, 0);
    if (neighbor_valid(east, node)) out[n++] = east;
    Node* north = accept(0, -1, 0, -1);
    if (neighbor_valid(north, node)) out[n++] = north;
    Node* nw = accept(-1, -1, 0, -1);
    if (diagonal_valid(node, west, north, nw)) out[n++] = nw;
    Node* ne = accept(1, -1, 0, -1);
    if (diagonal_valid(node, east, north, ne)) out[n++] = ne;
    Node* sw = accept(-1, 1, 0, 1);
    if (diagonal_valid(node, west, south, sw)) out[n++] = sw;
    Node* se = accept(1, 1, 0, 1);
    if (diagonal_valid(node, east, south, se)) out[n++] = se;
    for (std::int32_t l = 0; l < n; ++l)
        ws_.steps[static_cast<std::size_t>(l)] = squared_step(*node, *out[static_cast<std::size_t>(l)]);
    return n;
}

double WalkEvaluator::floor_from_blocks(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z) {
    if (mob_.flags.can_float && r_.info(x, y, z).fluid == Fluid::Water) {
        if (c->quick() != Quick::Wall) c->set_floor_state(FloorState::Floating);
        return y + 0.5;
    }
    const BlockShape& below = r_.info(x, y - 1, z).collision;
    const float top = below.is_empty() ? 0.0f : below.max_y();
    if (c->quick() != Quick::Wall) {
        c->below_top = top;
        c->set_floor_state(FloorState::OnBlockBelow);
        settle(*c);
    }
    return static_cast<double>(y - 1) + static_cast<double>(top);
}

Node* WalkEvaluator::find_accepted_node_slow(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z,
                                             std::int32_t max_y_step, double prev_floor, double limit,
                                             std::int32_t step_x, std::int32_t step_z, PathType node_type, bool fast,
                                             std::int32_t px, std::int32_t py, std::int32_t pz) {
    if (c->quick() == Quick::Wall) return &ws_.none;
    if (c->quick() == Quick::Unknown) {
        // The type first, as the full rules do: a position seen for the first time can then
        // take the fast path too (for the usual footprint the same pass sets its floor).
        mob_type_of(c, x, y, z);
    }
    if (fast && c->quick() >= Quick::Walk) return accept_walkable(c, x, y, z, limit);
    Node* n = find_accepted_node_full(c, x, y, z, max_y_step, prev_floor, step_x, step_z, node_type, px, py, pz);
    return n ? n : &ws_.none;
}

}  // namespace mobsdk::server::pathfinding
