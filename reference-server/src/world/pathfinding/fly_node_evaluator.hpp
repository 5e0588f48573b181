// Vanilla's FlyNodeEvaluator: 26 neighbours in 3D, no ground needed (allays, bees, parrots).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "node_evaluator.hpp"

namespace mobsdk::server::pathfinding {

// Vanilla's FlyNodeEvaluator: 26 neighbours in 3D, no ground needed.
class FlyEvaluator : public EvaluatorBase {
public:
    using EvaluatorBase::EvaluatorBase;

    PathType mob_type(std::int32_t x, std::int32_t y, std::int32_t z) {
        Cell* c = &ws_.cells.get(x, y, z);
        return mob_type_of(c, x, y, z);
    }
    PathType mob_type_of(Cell*& c, std::int32_t x, std::int32_t y, std::int32_t z) {
        return cached_mob_type(c, x, y, z, false, [this](std::int32_t bx, std::int32_t by, std::int32_t bz) {
            return fly_static_type(r_, bx, by, bz, mob_pos_);
        });
    }

    Node* get_start();

    std::int32_t neighbors(std::array<Node*, 32>& out, Node* node) {
        std::int32_t n = 0;
        const std::int32_t x = node->x, y = node->y, z = node->z;
        auto open = [](const Node* m) { return m && !m->closed; };
        auto ok = [](const Node* m) { return m && m->cost_malus >= 0.0f; };
        auto add = [&](Node* m) { out[n++] = m; };

        Node* s = find_accepted_node(x, y, z + 1);
        if (open(s)) add(s);
        Node* w = find_accepted_node(x - 1, y, z);
        if (open(w)) add(w);
        Node* e = find_accepted_node(x + 1, y, z);
        if (open(e)) add(e);
        Node* nn = find_accepted_node(x, y, z - 1);
        if (open(nn)) add(nn);
        Node* up = find_accepted_node(x, y + 1, z);
        if (open(up)) add(up);
        Node* down = find_accepted_node(x, y - 1, z);
        if (open(down)) add(down);

        Node* up_s = find_accepted_node(x, y + 1, z + 1);
        if (open(up_s) && ok(s) && ok(up)) add(up_s);
        Node* up_w = find_accepted_node(x - 1, y + 1, z);
        if (open(up_w) && ok(w) && ok(up)) add(up_w);
        Node* up_e = find_accepted_node(x + 1, y + 1, z);
        if (open(up_e) && ok(e) && ok(up)) add(up_e);
        Node* up_n = find_accepted_node(x, y + 1, z - 1);
        if (open(up_n) && ok(nn) && ok(up)) add(up_n);
        Node* down_s = find_accepted_node(x, y - 1, z + 1);
        if (open(down_s) && ok(s) && ok(down)) add(down_s);
        Node* down_w = find_accepted_node(x - 1, y - 1, z);
        if (open(down_w) && ok(w) && ok(down)) add(down_w);
        Node* down_e = find_accepted_node(x + 1, y - 1, z);
        if (open(down_e) && ok(e) && ok(down)) add(down_e);
        Node* down_n = find_accepted_node(x, y - 1, z - 1);
        if (open(down_n) && ok(nn) && ok(down)) add(down_n);

        Node* ne = find_accepted_node(x + 1, y, z - 1);
        if (open(ne) && ok(nn) && ok(e)) add(ne);
        Node* se = find_accepted_node(x + 1, y, z + 1);
        if (open(se) && ok(s) && ok(e)) add(se);
        Node* nw = find_accepted_node(x - 1, y, z - 1);
        if (open(nw) && ok(nn) && ok(w)) add(nw);
        Node* sw = find_accepted_node(x - 1, y, z + 1);
        if (open(sw) && ok(s) && ok(w)) add(sw);

        Node* up_ne = find_accepted_node(x + 1, y + 1, z - 1);
        if (open(up_ne) && ok(ne) && ok(nn) && ok(e) && ok(up) && ok(up_n) && ok(up_e)) add(up_ne);
        Node* up_se = find_accepted_node(x + 1, y + 1, z + 1);
        if (open(up_se) && ok(se) && ok(s) && ok(e) && ok(up) && ok(up_s) && ok(up_e)) add(up_se);
        Node* up_nw = find_accepted_node(x - 1, y + 1, z - 1);
        if (open(up_nw) && ok(nw) && ok(nn) && ok(w) && ok(up) && ok(up_n) && ok(up_w)) add(up_nw);
        Node* up_sw = find_accepted_node(x - 1, y + 1, z + 1);
        if (open(up_sw) && ok(sw) && ok(s) && ok(w) && ok(up) && ok(up_s) && ok(up_w)) add(up_sw);
        Node* down_ne = find_accepted_node(x + 1, y - 1, z - 1);
        if (open(down_ne) && ok(ne) && ok(nn) && ok(e) && ok(down) && ok(down_n) && ok(down_e)) add(down_ne);
        Node* down_se = find_accepted_node(x + 1, y - 1, z + 1);
        if (open(down_se) && ok(se) && ok(s) && ok(e) && ok(down) && ok(down_s) && ok(down_e)) add(down_se);
        Node* down_nw = find_accepted_node(x - 1, y - 1, z - 1);
        if (open(down_nw) && ok(nw) && ok(nn) && ok(w) && ok(down) && ok(down_n) && ok(down_w)) add(down_nw);
        Node* down_sw = find_accepted_node(x - 1, y - 1, z + 1);
        if (open(down_sw) && ok(sw) && ok(s) && ok(w) && ok(down) && ok(down_s) && ok(down_w)) add(down_sw);
        for (std::int32_t l = 0; l < n; ++l)
            ws_.steps[static_cast<std::size_t>(l)] = squared_step(*node, *out[static_cast<std::size_t>(l)]);
        return n;
    }

    void note_closed(const Node*) noexcept {}  // no cell mirrors `closed` for a flyer

private:
    bool can_start_at(std::int32_t x, std::int32_t y, std::int32_t z) { return malus(mob_type(x, y, z)) >= 0.0f; }

    Node* start_node(std::int32_t x, std::int32_t y, std::int32_t z) {
        const PathType t = mob_type(x, y, z);
        Node* node = get_node(x, y, z);
        node->type = t;
        node->cost_malus = malus(t);
        return node;
    }

    Node* find_accepted_node(std::int32_t x, std::int32_t y, std::int32_t z) {
        Cell* c = &ws_.cells.get(x, y, z);
        const PathType type = mob_type_of(c, x, y, z);
        const float f = malus(type);
        if (f < 0.0f) return nullptr;
        Node* node = node_of(c, x, y, z);
        node->type = type;
        node->cost_malus = std::max(node->cost_malus, f);
        // Vanilla adds one each time a walkable node is looked at: flyers drift off the ground.
        if (type == PathType::Walkable) node->cost_malus += 1.0f;
        return node;
    }
};

}  // namespace mobsdk::server::pathfinding
