// Vanilla's PathNavigation with its GroundPathNavigation and FlyingPathNavigation subclasses:
// searches through the thread's shared PathFinder, then feeds the path to the MoveControl node by
// node, with vanilla's waypoint radius, corner cutting, stuck checks, timeouts and recomputation.
#include "mobserver/world/navigation.hpp"

#include <algorithm>
#include <cmath>

#include "mobserver/world/server_mob.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

Vec3 bottom_center(BlockPos p) noexcept { return {p.x + 0.5, static_cast<double>(p.y), p.z + 0.5}; }

double length(const Vec3& v) noexcept { return std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z); }

// Vanilla's Vec3.normalize: vectors shorter than 1e-4 become zero.
Vec3 normalize(const Vec3& v) noexcept {
    const double d = length(v);
    return d < 1.0e-4 ? Vec3{} : Vec3{v.x / d, v.y / d, v.z / d};
}

double dot(const Vec3& a, const Vec3& b) noexcept { return a.x * b.x + a.y * b.y + a.z * b.z; }

// Vanilla's Block.isFaceFull(shape, UP): the shape's top covers the whole block face at y 1.
bool top_face_full(const BlockShape& s) noexcept {
    for (std::uint8_t i = 0; i < s.count; ++i) {
        const ShapeBox& b = s.boxes[i];
        if (b.max_y >= 1.0f && b.min_x <= 0.0f && b.min_z <= 0.0f && b.max_x >= 1.0f && b.max_z >= 1.0f) return true;
    }
    return false;
}

// Vanilla's PathNavigation: everything but the ground/flying specifics.
class BasePathNavigation : public ServerPathNavigation {
public:
    BasePathNavigation(ServerMob& mob, NodeEvaluatorFlags flags) : mob_(mob), flags_(flags) {}

    std::optional<Path> create_path(const Entity& target, std::int32_t reach) override {
        return create_path(target.block_position(), reach);
    }
    std::optional<Path> create_path(std::span<const BlockPos> targets, std::int32_t reach) override {
        return search(targets, reach);
    }
    using PathNavigation::create_path;

    bool move_to(std::optional<Path> path, double speed) override {
        if (!path) {
            path_.reset();
            return false;
        }
        if (!same_as(*path)) path_ = std::move(*path);
        if (is_done()) return false;
        trim_path();
        if (path_->node_count() == 0) return false;
        speed_modifier_ = speed;
        last_stuck_check_ = tick_;
        last_stuck_check_pos_ = temp_mob_pos();
        return true;
    }
    using PathNavigation::move_to;

    void stop() override { path_.reset(); }
    bool is_done() const override { return !path_ || path_->is_done(); }
    const Path* path() const override { return path_ ? &*path_ : nullptr; }
    void set_speed_modifier(double speed) override { speed_modifier_ = speed; }
    void set_can_open_doors(bool can) override { flags_.can_open_doors = can; }
    void set_can_float(bool can) override { flags_.can_float = can; }
    void set_can_pass_doors(bool can) override { flags_.can_pass_doors = can; }
    const NodeEvaluatorFlags& flags() const override { return flags_; }
    void set_max_visited_nodes_multiplier(float m) override { max_visited_nodes_multiplier_ = m; }
    std::optional<BlockPos> target_pos() const override { return target_pos_; }
    bool is_stuck() const override { return is_stuck_; }
    std::int32_t last_visited_nodes() const override { return last_visited_nodes_; }

    bool should_recompute_path(BlockPos pos) const override {
        if (has_delayed_recomputation_) return false;
        if (!path_ || path_->is_done() || path_->node_count() == 0) return false;
        const BlockPos end = path_->nodes.back();
        const Vec3& m = mob_.data().pos;
        const Vec3 middle{(end.x + m.x) / 2.0, (end.y + m.y) / 2.0, (end.z + m.z) / 2.0};
        const double r = static_cast<double>(path_->node_count() - path_->next_node_index);
        return Vec3::at_center(pos).dist_sqr(middle) < r * r;
    }

    void recompute_path() override {
        const std::int64_t now = mob_.world().game_time();
        if (now - time_last_recompute_ > 20) {
            if (target_pos_) {
                path_.reset();
                path_ = create_path(*target_pos_, reach_range_);
                time_last_recompute_ = now;
                has_delayed_recomputation_ = false;
            }
        } else {
            has_delayed_recomputation_ = true;
        }
    }

    // Vanilla's PathNavigation.tick; the two navigations differ only in the hooks below.
    void tick() override {
        ++tick_;
        if (has_delayed_recomputation_) recompute_path();
        if (is_done()) return;
        if (can_update_path()) follow_the_path();
        else if (path_ && !path_->is_done()) advance_without_update();
        if (is_done()) return;
        mob_.move_control().set_wanted_position(wanted_position(next_entity_pos()), speed_modifier_);
    }

protected:
    virtual bool can_update_path() const = 0;
    virtual Vec3 temp_mob_pos() const = 0;
    virtual bool can_move_directly(const Vec3&, const Vec3&) const { return false; }
    // While the path cannot be followed (a walker in the air): the node may still be passed.
    virtual void advance_without_update() {}
    // Where the MoveControl is sent for the next node.
    virtual Vec3 wanted_position(const Vec3& next) const { return next; }

    // Vanilla's PathNavigation.createPath(targets, regionOffset, offsetUpward, accuracy): the
    // search itself, shared by both navigations after their own target adjustments.
    std::optional<Path> search(BlockPos target, std::int32_t reach) {
        return search(std::span<const BlockPos>(&target, 1), reach);
    }

    // Vanilla's PathNavigation.createPath(Set, regionOffset, offsetUpward, accuracy, range).
    std::optional<Path> search(std::span<const BlockPos> targets, std::int32_t reach) {
        if (targets.empty()) return std::nullopt;
        if (mob_.data().pos.y < min_y) return std::nullopt;
        if (!can_update_path()) return std::nullopt;
        if (path_ && !path_->is_done() && target_pos_ &&
            std::find(targets.begin(), targets.end(), *target_pos_) != targets.end())
            return path_;
        const double follow_range = mob_.follow_range();
        PathSearch s;
        s.max_range = static_cast<float>(follow_range);
        s.reach = reach;
        s.max_visited_nodes = static_cast<std::int32_t>(std::floor(follow_range * 16.0));
        s.depth_multiplier = max_visited_nodes_multiplier_;
        PathFinder& finder = PathFinder::for_this_thread();
        std::optional<Path> path = finder.find_path(mob_.world().chunks(), pathfinding_mob(), targets, s);
        last_visited_nodes_ = finder.last_stats().visited_nodes;
        if (path) {
            target_pos_ = path->target;
            reach_range_ = reach;
            reset_stuck_timeout();
        }
        return path;
    }

    PathfindingMob pathfinding_mob() const {
        const EntityData& d = mob_.data();
        PathfindingMob m;
        m.position = d.pos;
        m.width = d.width();  // the box as scaled (a slime's size), as vanilla's getBbWidth
        m.height = d.height();
        m.step_height = d.info->step_height;
        m.max_fall_distance = d.info->max_fall_distance;
        m.on_ground = d.on_ground;
        m.in_water = d.in_water;
        m.kind = d.info->navigation;
        m.flags = flags_;
        for (std::size_t i = 0; i < path_type_count; ++i) m.malus[i] = mob_.pathfinding_malus(static_cast<PathType>(i));
        return m;
    }

    // Vanilla's Path.getNextEntityPos: the node's corner plus half the mob's width in blocks.
    Vec3 next_entity_pos() const {
        const BlockPos n = path_->next_node_pos();
        const double offset = static_cast<std::int32_t>(mob_.data().width() + 1.0f) * 0.5;
        return {n.x + offset, static_cast<double>(n.y), n.z + offset};
    }

    // Vanilla's trimPath: a node inside a cauldron is lifted on top of it.
    virtual void trim_path() {
        if (!path_) return;
        const ChunkMap& chunks = mob_.world().chunks();
        const BlockRegistry& blocks = chunks.blocks();
        const BlockTag cauldrons = blocks.vanilla_tags().cauldrons;
        auto& nodes = path_->nodes;
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            const BlockPos node = nodes[i];
            const BlockState state = chunks.block_state(node);
            if (!blocks.has_tag(state, cauldrons)) continue;
            nodes[i] = {node.x, node.y + 1, node.z};
            if (i + 1 < nodes.size() && node.y >= nodes[i + 1].y)
                nodes[i + 1] = {nodes[i + 1].x, node.y + 1, nodes[i + 1].z};
        }
    }

    void follow_the_path() {
        const Vec3 pos = temp_mob_pos();
        const Vec3& m = mob_.data().pos;
        const float width = mob_.data().width();
        max_distance_to_waypoint_ = width > 0.75f ? width / 2.0f : 0.75f - width / 2.0f;
        const BlockPos next = path_->next_node_pos();
        const double dx = std::abs(m.x - (next.x + 0.5));
        const double dy = std::abs(m.y - next.y);
        const double dz = std::abs(m.z - (next.z + 0.5));
        const bool arrived = dx < max_distance_to_waypoint_ && dz < max_distance_to_waypoint_ && dy < 1.0;
        // The node type is only worth computing when the geometry would allow cutting the corner.
        if (arrived || (should_target_next_node_in_direction(pos) && can_cut_corner(next))) path_->advance();
        do_stuck_detection(pos);
    }

    void do_stuck_detection(const Vec3& pos) {
        if (tick_ - last_stuck_check_ > 100) {
            const float speed = mob_.speed;
            const float s = speed >= 1.0f ? speed : speed * speed;
            const float threshold = s * 100.0f * 0.25f;
            if (pos.dist_sqr(last_stuck_check_pos_) < static_cast<double>(threshold * threshold)) {
                is_stuck_ = true;
                stop();
            } else {
                is_stuck_ = false;
            }
            last_stuck_check_ = tick_;
            last_stuck_check_pos_ = pos;
        }
        if (path_ && !path_->is_done()) {
            const BlockPos next = path_->next_node_pos();
            const std::int64_t now = mob_.world().game_time();
            if (next == timeout_cached_node_) {
                // Vanilla never resets the timer on a new node: it adds up over the whole path.
                timeout_timer_ += now - last_timeout_check_;
            } else {
                timeout_cached_node_ = next;
                const double d = std::sqrt(pos.dist_sqr(bottom_center(next)));
                timeout_limit_ = mob_.speed > 0.0f ? d / mob_.speed * 20.0 : 0.0;
            }
            if (timeout_limit_ > 0.0 && static_cast<double>(timeout_timer_) > timeout_limit_ * 3.0) {
                reset_stuck_timeout();
                stop();
            }
            last_timeout_check_ = now;
        }
    }

    ServerMob& mob_;
    NodeEvaluatorFlags flags_;
    std::optional<Path> path_;
    double speed_modifier_ = 0.0;
    std::int32_t tick_ = 0;
    bool has_delayed_recomputation_ = false;

private:
    bool same_as(const Path& other) const noexcept { return path_ && path_->nodes == other.nodes; }

    void reset_stuck_timeout() noexcept {
        timeout_cached_node_ = BlockPos{};
        timeout_timer_ = 0;
        timeout_limit_ = 0.0;
        is_stuck_ = false;
    }

    bool can_cut_corner(BlockPos node) const {
        const PathType t = PathFinder::mob_path_type(mob_.world().chunks(), pathfinding_mob(), node);
        return t != PathType::DangerFire && t != PathType::DangerOther && t != PathType::WalkableDoor;
    }

    bool should_target_next_node_in_direction(const Vec3& pos) const {
        if (path_->next_node_index + 1 >= path_->node_count()) return false;
        const Vec3 next = bottom_center(path_->next_node_pos());
        if (!(pos.dist_sqr(next) < 4.0)) return false;
        if (can_move_directly(pos, next_entity_pos())) return true;
        const Vec3 after = bottom_center(path_->nodes[path_->next_node_index + 1]);
        const Vec3 to_next = next - pos;
        const Vec3 to_after = after - pos;
        const double d_next = dot(to_next, to_next);
        const double d_after = dot(to_after, to_after);
        if (!(d_after < d_next) && !(d_next < 0.5)) return false;
        return dot(normalize(to_after), normalize(to_next)) < 0.0;
    }

    std::int32_t last_stuck_check_ = 0;
    Vec3 last_stuck_check_pos_;
    BlockPos timeout_cached_node_{};
    std::int64_t timeout_timer_ = 0;
    std::int64_t last_timeout_check_ = 0;
    double timeout_limit_ = 0.0;
    float max_distance_to_waypoint_ = 0.5f;
    std::int64_t time_last_recompute_ = 0;
    std::optional<BlockPos> target_pos_;
    std::int32_t reach_range_ = 0;
    float max_visited_nodes_multiplier_ = 1.0f;
    bool is_stuck_ = false;
    std::int32_t last_visited_nodes_ = 0;
};

// Vanilla's GroundPathNavigation.
class GroundPathNavigation final : public BasePathNavigation {
public:
    explicit GroundPathNavigation(ServerMob& mob) : BasePathNavigation(mob, NodeEvaluatorFlags{}) {}

    // Vanilla moves the target onto the surface first: down through air to the ground, or up out
    // of solid blocks.
    std::optional<Path> create_path(BlockPos target, std::int32_t reach) override {
        const ChunkMap& chunks = mob_.world().chunks();
        if (!chunks.chunk(ChunkPos::of(target))) return std::nullopt;
        const std::int32_t max_y = min_y + world_height;
        auto air = [&](BlockPos p) { return chunks.block_state(p).id == 0; };
        auto solid = [&](BlockPos p) { return chunks.info(p).solid; };
        if (air(target)) {
            BlockPos p{target.x, target.y - 1, target.z};
            while (p.y > min_y && air(p)) --p.y;
            if (p.y > min_y) return search({p.x, p.y + 1, p.z}, reach);
            while (p.y < max_y && air(p)) ++p.y;
            target = p;
        }
        if (!solid(target)) return search(target, reach);
        BlockPos p{target.x, target.y + 1, target.z};
        while (p.y < max_y && solid(p)) ++p.y;
        return search(p, reach);
    }
    using BasePathNavigation::create_path;

    bool is_stable_destination(BlockPos pos) const override {
        return mob_.world().chunks().info({pos.x, pos.y - 1, pos.z}).solid_render;
    }
    void set_avoid_sun(bool avoid) override { avoid_sun_ = avoid; }

protected:
    bool can_update_path() const override { return mob_.data().on_ground || mob_.data().in_water; }

    void advance_without_update() override {
        // Falling past a node straight below counts as reaching it.
        const Vec3 pos = temp_mob_pos();
        const Vec3 next = next_entity_pos();
        if (pos.y > next.y && !mob_.data().on_ground && std::floor(pos.x) == std::floor(next.x) &&
            std::floor(pos.z) == std::floor(next.z))
            path_->advance();
    }
    Vec3 wanted_position(const Vec3& next) const override { return {next.x, ground_y(next), next.z}; }

    Vec3 temp_mob_pos() const override {
        const Vec3& p = mob_.data().pos;
        return {p.x, static_cast<double>(surface_y()), p.z};
    }

    void trim_path() override {
        BasePathNavigation::trim_path();
        if (!avoid_sun_ || !path_) return;
        const ChunkMap& chunks = mob_.world().chunks();
        const Vec3& p = mob_.data().pos;
        if (chunks.can_see_sky(Vec3{p.x, p.y + 0.5, p.z}.block_pos())) return;
        for (std::size_t i = 0; i < path_->node_count(); ++i) {
            if (chunks.can_see_sky(path_->nodes[i])) {
                path_->truncate_nodes(i);
                return;
            }
        }
    }

private:
    // Vanilla's getSurfaceY: a floater in water measures from the water's surface.
    std::int32_t surface_y() const {
        const Vec3& p = mob_.data().pos;
        if (mob_.data().in_water && flags_.can_float) {
            const ChunkMap& chunks = mob_.world().chunks();
            const BlockPos b = p.block_pos();
            std::int32_t y = b.y;
            for (std::int32_t n = 0; chunks.info({b.x, y, b.z}).fluid == Fluid::Water; ++y)
                if (++n > 16) return b.y;
            return y;
        }
        return static_cast<std::int32_t>(std::floor(p.y + 0.5));
    }

    // Vanilla's getGroundY: the floor under a node, unless it hangs over air.
    double ground_y(const Vec3& v) const {
        const ChunkMap& chunks = mob_.world().chunks();
        const BlockPos b = v.block_pos();
        if (chunks.block_state({b.x, b.y - 1, b.z}).id == 0) return v.y;
        return floor_level(chunks, b);
    }

    bool avoid_sun_ = false;
};

// Vanilla's FlyingPathNavigation.
class FlyingPathNavigation final : public BasePathNavigation {
public:
    explicit FlyingPathNavigation(ServerMob& mob) : BasePathNavigation(mob, flying_flags()) {}

    std::optional<Path> create_path(BlockPos target, std::int32_t reach) override { return search(target, reach); }
    using BasePathNavigation::create_path;

    bool is_stable_destination(BlockPos pos) const override {
        return top_face_full(mob_.world().chunks().info(pos).collision);
    }
    void set_avoid_sun(bool) override {}

protected:
    // No passengers in the reference world: a flyer can always update its path.
    bool can_update_path() const override { return true; }
    Vec3 temp_mob_pos() const override { return mob_.data().pos; }

    // Vanilla's isClearForMovementBetween: a clear line to the middle of the box at the target.
    bool can_move_directly(const Vec3& from, const Vec3& to) const override {
        const Vec3 end{to.x, to.y + mob_.data().height() * 0.5, to.z};
        return !mob_.world().clip(from, end).has_value();
    }

private:
    // The allay's: open doors are passable, closed ones never opened, and it floats in water.
    static NodeEvaluatorFlags flying_flags() noexcept {
        NodeEvaluatorFlags f;
        f.can_pass_doors = true;
        f.can_open_doors = false;
        f.can_float = true;
        return f;
    }
};

}  // namespace

std::unique_ptr<ServerPathNavigation> make_navigation(ServerMob& mob) {
    if (mob.info().navigation == NavigationKind::Flying) return std::make_unique<FlyingPathNavigation>(mob);
    return std::make_unique<GroundPathNavigation>(mob);
}

}  // namespace mobsdk::server
