// The fly evaluator's start node.
#include "fly_node_evaluator.hpp"

namespace mobsdk::server::pathfinding {

Node* FlyEvaluator::get_start() {
    const Vec3& p = mob_.position;
    std::int32_t i;
    if (mob_.flags.can_float && mob_.in_water) {
        i = mob_pos_.y;
        while (r_.info(mob_pos_.x, i, mob_pos_.z).fluid == Fluid::Water) ++i;
    } else {
        i = static_cast<std::int32_t>(std::floor(p.y + 0.5));
    }
    if (!can_start_at(mob_pos_.x, i, mob_pos_.z)) {
        // Vanilla tries the box corners for big flyers and ten random blocks of a box grown
        // to 1.5 for small ones; the corners of that grown box keep this deterministic.
        AABB box = mob_.bounding_box();
        const double xs = box.max.x - box.min.x, ys = box.max.y - box.min.y, zs = box.max.z - box.min.z;
        std::int32_t y_lo = mob_pos_.y, y_hi = mob_pos_.y;
        if ((xs + ys + zs) / 3.0 < 1.0) {
            box = box.inflate(std::max(0.0, (1.5 - xs) / 2.0), std::max(0.0, (1.5 - ys) / 2.0),
                              std::max(0.0, (1.5 - zs) / 2.0));
            y_lo = static_cast<std::int32_t>(std::floor(box.min.y));
            y_hi = static_cast<std::int32_t>(std::floor(box.max.y));
        }
        const double cxs[2] = {box.min.x, box.max.x}, czs[2] = {box.min.z, box.max.z};
        for (std::int32_t cy = y_lo; cy <= y_hi; ++cy)
            for (double cx : cxs)
                for (double cz : czs) {
                    const auto x = static_cast<std::int32_t>(std::floor(cx));
                    const auto z = static_cast<std::int32_t>(std::floor(cz));
                    if (can_start_at(x, cy, z)) return start_node(x, cy, z);
                }
    }
    return start_node(mob_pos_.x, i, mob_pos_.z);
}

}  // namespace mobsdk::server::pathfinding
