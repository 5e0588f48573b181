#include "mobserver/world/physics.hpp"

#include <algorithm>
#include <cmath>

namespace mobsdk::server {

namespace {

constexpr double epsilon = 1.0e-7;  // vanilla's collision epsilon

// How far `box` may move along one axis by `d` before touching `other` (vanilla's
// Shapes.collide per axis: only boxes overlapping on the two other axes can stop it).
double clip_axis(const AABB& box, const AABB& other, int axis, double d) noexcept {
    auto lo = [](const AABB& b, int a) { return a == 0 ? b.min.x : a == 1 ? b.min.y : b.min.z; };
    auto hi = [](const AABB& b, int a) { return a == 0 ? b.max.x : a == 1 ? b.max.y : b.max.z; };
    for (int a = 0; a < 3; ++a) {
        if (a == axis) continue;
        if (hi(other, a) <= lo(box, a) + epsilon || lo(other, a) >= hi(box, a) - epsilon) return d;
    }
    if (d > 0 && lo(other, axis) >= hi(box, axis) - epsilon) {
        const double gap = lo(other, axis) - hi(box, axis);
        if (gap < d) return std::max(0.0, gap);
    } else if (d < 0 && hi(other, axis) <= lo(box, axis) + epsilon) {
        const double gap = hi(other, axis) - lo(box, axis);
        if (gap > d) return std::min(0.0, gap);
    }
    return d;
}

AABB offset(const AABB& b, int axis, double d) noexcept {
    AABB r = b;
    if (axis == 0) {
        r.min.x += d;
        r.max.x += d;
    } else if (axis == 1) {
        r.min.y += d;
        r.max.y += d;
    } else {
        r.min.z += d;
        r.max.z += d;
    }
    return r;
}

AABB expand_towards(const AABB& b, const Vec3& d) noexcept {
    AABB r = b;
    (d.x < 0 ? r.min.x : r.max.x) += d.x;
    (d.y < 0 ? r.min.y : r.max.y) += d.y;
    (d.z < 0 ? r.min.z : r.max.z) += d.z;
    return r;
}

double horizontal_sqr(const Vec3& v) noexcept { return v.x * v.x + v.z * v.z; }

// The blocks of one column, with the chunk looked up once: what ChunkMap::block_state answers
// for (x, y, z), air outside the height range or in an unloaded chunk.
class Column {
public:
    Column(const ChunkMap& chunks, int x, int z) noexcept
        : chunk_(chunks.chunk(ChunkPos{x >> 4, z >> 4})), lx_(x & 15), lz_(z & 15) {}
    BlockState at(int y) const noexcept {
        if (chunk_ == nullptr || y < min_y || y >= min_y + world_height) return {};
        return chunk_->section((y - min_y) >> 4).get(lx_, (y - min_y) & 15, lz_);
    }
    // The section holding y, or nullptr where at() answers air.
    const LevelChunkSection* section(int y) const noexcept {
        if (chunk_ == nullptr || y < min_y || y >= min_y + world_height) return nullptr;
        return &chunk_->section((y - min_y) >> 4);
    }

private:
    const LevelChunk* chunk_;
    int lx_, lz_;
};

}  // namespace

void collect_outline_boxes(const ChunkMap& chunks, BlockPos pos, std::vector<AABB>& out) {
    const BlockStateInfo& info = chunks.info(pos);
    const Vec3 o = info.collision_offset(pos);  // flowers, bamboo, pointed dripstone…
    for (const ShapeBox& s : info.outline)
        out.push_back({{(s.min_x + o.x) + pos.x, pos.y + s.min_y, (s.min_z + o.z) + pos.z},
                       {(s.max_x + o.x) + pos.x, pos.y + s.max_y, (s.max_z + o.z) + pos.z}});
}

void collect_block_boxes(const ChunkMap& chunks, const AABB& area, std::vector<AABB>& out) {
    // One block of margin below: fences and walls reach 1.5 up into the cell above them.
    const int x0 = static_cast<int>(std::floor(area.min.x - epsilon));
    const int y0 = static_cast<int>(std::floor(area.min.y - epsilon)) - 1;
    const int z0 = static_cast<int>(std::floor(area.min.z - epsilon));
    const int x1 = static_cast<int>(std::floor(area.max.x + epsilon));
    const int y1 = static_cast<int>(std::floor(area.max.y + epsilon));
    const int z1 = static_cast<int>(std::floor(area.max.z + epsilon));
    const BlockRegistry& blocks = chunks.blocks();
    // A mob's box almost always spans one section vertically: then each column's section is
    // looked up once, not once per block.
    const bool one_section = y0 >= min_y && y1 < min_y + world_height && ((y0 - min_y) >> 4) == ((y1 - min_y) >> 4);
    const auto add = [&](const BlockStateInfo& info, int x, int y, int z) {
        const BlockShape& shape = info.collision;
        if (shape.count == 0) return;  // air, mostly
        if (info.max_horizontal_offset > 0.0f) [[unlikely]] {
            // Bamboo and pointed dripstone: the shape moved by the block's random offset first,
            // then to the block (vanilla's shape.move(offset).move(pos)).
            const Vec3 o = info.collision_offset({x, y, z});
            for (const ShapeBox& s : shape) {
                const AABB b{{(s.min_x + o.x) + x, y + s.min_y, (s.min_z + o.z) + z},
                             {(s.max_x + o.x) + x, y + s.max_y, (s.max_z + o.z) + z}};
                if (b.intersects(area)) out.push_back(b);
            }
            return;
        }
        for (std::uint8_t i = 0; i < shape.count; ++i) {
            const ShapeBox& s = shape.boxes[i];
            // The vertical half of AABB::intersects first, with the same arithmetic: the layer of
            // margin below only matters for fences and walls.
            const double lo = y + s.min_y, hi = y + s.max_y;
            if (!(lo < area.max.y && hi > area.min.y)) continue;
            AABB b{{x + s.min_x, lo, z + s.min_z}, {x + s.max_x, hi, z + s.max_z}};
            if (b.intersects(area)) out.push_back(b);
        }
    };
    for (int x = x0; x <= x1; ++x)
        for (int z = z0; z <= z1; ++z) {
            const Column column(chunks, x, z);
            if (one_section) {
                const LevelChunkSection* section = column.section(y0);
                if (section == nullptr) continue;  // an unloaded chunk: air
                for (int y = y0; y <= y1; ++y)
                    add(blocks.info(section->get(x & 15, (y - min_y) & 15, z & 15)), x, y, z);
                continue;
            }
            for (int y = y0; y <= y1; ++y) add(blocks.info(column.at(y)), x, y, z);
        }
}

Vec3 collide_boxes(const AABB& box, Vec3 d, const std::vector<AABB>& boxes) noexcept {
    AABB b = box;
    auto along = [&](int axis, double v) {
        if (v == 0) return 0.0;
        for (const AABB& o : boxes) {
            v = clip_axis(b, o, axis, v);
            if (std::abs(v) < epsilon) return 0.0;
        }
        b = offset(b, axis, v);
        return v;
    };
    Vec3 r;
    r.y = along(1, d.y);
    if (std::abs(d.x) < std::abs(d.z)) {
        r.z = along(2, d.z);
        r.x = along(0, d.x);
    } else {
        r.x = along(0, d.x);
        r.z = along(2, d.z);
    }
    return r;
}

bool no_block_collision(const ChunkMap& chunks, const AABB& box, std::vector<AABB>& scratch) {
    scratch.clear();
    collect_block_boxes(chunks, box, scratch);
    for (const AABB& b : scratch)
        if (b.intersects(box)) return false;
    return true;
}

MoveResult move_entity(const ChunkMap& chunks, EntityData& data, Vec3 delta, float step_height,
                       std::vector<AABB>& scratch) {
    MoveResult r;
    const AABB box = data.bounding_box();
    scratch.clear();
    collect_block_boxes(chunks, expand_towards(box, delta), scratch);
    Vec3 moved = collide_boxes(box, delta, scratch);

    const bool x_stopped = std::abs(moved.x - delta.x) > epsilon;
    const bool z_stopped = std::abs(moved.z - delta.z) > epsilon;
    const bool y_stopped = std::abs(moved.y - delta.y) > epsilon;
    const bool landing = y_stopped && delta.y < 0;
    // Step-up (vanilla): blocked sideways while on the ground (or landing now) — try again lifted
    // by the step height, then settle down; keep it when it gets further.
    if (step_height > 0 && (data.on_ground || landing) && (x_stopped || z_stopped)) {
        scratch.clear();
        collect_block_boxes(chunks, expand_towards(box, {delta.x, step_height, delta.z}), scratch);
        Vec3 stepped = collide_boxes(box, {delta.x, step_height, delta.z}, scratch);
        const AABB lifted{box.min + stepped, box.max + stepped};
        scratch.clear();
        collect_block_boxes(chunks, expand_towards(lifted, {0, -stepped.y + delta.y, 0}), scratch);
        const Vec3 down = collide_boxes(lifted, {0, -stepped.y + delta.y, 0}, scratch);
        stepped = stepped + down;
        if (horizontal_sqr(stepped) > horizontal_sqr(moved) + epsilon) moved = stepped;
    }

    r.moved = moved;
    r.horizontal_collision = std::abs(moved.x - delta.x) > epsilon || std::abs(moved.z - delta.z) > epsilon;
    r.vertical_collision = std::abs(moved.y - delta.y) > epsilon;
    r.on_ground = r.vertical_collision && delta.y < 0;
    data.pos = data.pos + moved;
    data.on_ground = r.on_ground;
    data.horizontal_collision = r.horizontal_collision;
    if (std::abs(moved.x - delta.x) > epsilon) data.motion.x = 0;
    if (std::abs(moved.z - delta.z) > epsilon) data.motion.z = 0;
    if (r.vertical_collision) data.motion.y = 0;
    return r;
}

bool touches_fluid(const ChunkMap& chunks, const AABB& box, Fluid fluid) noexcept {
    const AABB b = box.inflate(-0.001);
    const int x0 = static_cast<int>(std::floor(b.min.x)), x1 = static_cast<int>(std::floor(b.max.x));
    const int y0 = static_cast<int>(std::floor(b.min.y)), y1 = static_cast<int>(std::floor(b.max.y));
    const int z0 = static_cast<int>(std::floor(b.min.z)), z1 = static_cast<int>(std::floor(b.max.z));
    const BlockRegistry& blocks = chunks.blocks();
    // Any block will do, so column by column: one chunk lookup per column. Every water state is
    // a path danger source (is_path_danger_source), so a section known to hold none has no water;
    // a mob's box usually lies in one section, which then answers for all of it.
    if (fluid == Fluid::Water && ((y0 - min_y) >> 4) == ((y1 - min_y) >> 4)) {
        bool dry = true;
        for (int cx = x0 >> 4; dry && cx <= x1 >> 4; ++cx)
            for (int cz = z0 >> 4; dry && cz <= z1 >> 4; ++cz) {
                const LevelChunkSection* section = Column(chunks, cx * 16, cz * 16).section(y0);
                dry = section == nullptr || !section->may_hold_danger();
            }
        if (dry) return false;
    }
    for (int x = x0; x <= x1; ++x)
        for (int z = z0; z <= z1; ++z) {
            const Column column(chunks, x, z);
            for (int y = y0; y <= y1; ++y) {
                if (fluid == Fluid::Water) {
                    const LevelChunkSection* s = column.section(y);
                    if (s != nullptr && !s->may_hold_danger()) continue;
                }
                if (blocks.info(column.at(y)).fluid == fluid) return true;
            }
        }
    return false;
}

ClimbRules::ClimbRules(const BlockRegistry& blocks)
    : climbable(blocks.vanilla_tags().climbable),
      trapdoors(blocks.vanilla_tags().trapdoors),
      ladder(blocks.blocks().find("minecraft:ladder").value_or(Handle<BlockInfo>{})),
      open(blocks.vanilla_properties().open),
      facing(blocks.vanilla_properties().horizontal_facing) {}

bool on_climbable(const ChunkMap& chunks, const ClimbRules& rules, BlockPos feet) noexcept {
    const BlockState state = chunks.block_state(feet);
    if (state.id == 0) return false;  // air, where a mob's feet almost always are
    const BlockRegistry& blocks = chunks.blocks();
    if (blocks.has_tag(state, rules.climbable)) return true;
    if (!blocks.has_tag(state, rules.trapdoors) || !blocks.get_or(state, rules.open, false)) return false;
    const BlockState below = chunks.block_state(feet.offset(0, -1, 0));
    return rules.ladder.valid() && blocks.is(below, rules.ladder) &&
           blocks.get(below, rules.facing) == blocks.get(state, rules.facing);
}

Vec3 relative_input(const Vec3& input, float amount, float y_rot) noexcept {
    const double len = input.x * input.x + input.y * input.y + input.z * input.z;
    if (len < 1.0e-7) return {};
    Vec3 v = input;
    if (len > 1.0) v = v * (1.0 / std::sqrt(len));
    v = v * amount;
    const double rad = y_rot * (3.14159265358979323846 / 180.0);
    const double s = std::sin(rad), c = std::cos(rad);
    return {v.x * c - v.z * s, v.y, v.z * c + v.x * s};
}

void knock_back_from(RandomSource& random, EntityData& target, const Vec3& attacker, double strength) {
    // LivingEntity.hurt's direction (a random nudge when they stand in one place) and knockback.
    double dx = attacker.x - target.pos.x, dz = attacker.z - target.pos.z;
    while (dx * dx + dz * dz < 1.0e-4) {
        dx = (random.next_double() - random.next_double()) * 0.01;
        dz = (random.next_double() - random.next_double()) * 0.01;
    }
    knock_back(target, strength, dx, dz);
}

void knock_back(EntityData& target, double strength, double x, double z) {
    if (!(strength > 0)) return;
    const double len = std::sqrt(x * x + z * z);
    if (!(len > 1.0e-4)) return;  // Vec3.normalize of a zero vector is zero: no push
    const Vec3 push{x / len * strength, 0, z / len * strength};
    const Vec3 m = target.motion;
    target.motion = {m.x / 2.0 - push.x, target.on_ground ? std::min(0.4, m.y / 2.0 + strength) : m.y,
                     m.z / 2.0 - push.z};
}

}  // namespace mobsdk::server
