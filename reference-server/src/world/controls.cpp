// Vanilla's MoveControl, FlyingMoveControl, LookControl and JumpControl: each tick they turn what
// AI asked for (a point to walk to, a point to look at, a jump) into the mob's yaw, pitch, head
// yaw and the zza/xxa/yya/speed/jumping inputs that travel() consumes.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "mobsdk/world/ai_util.hpp"
#include "mobserver/world/navigation.hpp"
#include "mobserver/world/server_mob.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

constexpr float rad_to_deg = static_cast<float>(180.0 / std::numbers::pi);
constexpr float deg_to_rad = static_cast<float>(std::numbers::pi / 180.0);
constexpr double min_speed_sqr = 2.5000003E-7;  // vanilla's MoveControl.MIN_SPEED_SQR

float degrees_difference(float from, float to) noexcept { return wrap_degrees(to - from); }

// Vanilla's MoveControl.rotlerp: at most `max_delta` towards `to`, result kept in [0, 360].
float rotlerp(float from, float to, float max_delta) noexcept {
    float f = std::clamp(wrap_degrees(to - from), -max_delta, max_delta);
    float r = from + f;
    if (r < 0.0f) r += 360.0f;
    else if (r > 360.0f) r -= 360.0f;
    return r;
}

// Vanilla's LookControl.rotateTowards: no wrapping of the result.
float rotate_towards(float from, float to, float max_delta) noexcept {
    return from + std::clamp(degrees_difference(from, to), -max_delta, max_delta);
}

// Vanilla's Mob.setSpeed also sets the forward input.
void set_speed(ServerMob& mob, float speed) noexcept {
    mob.speed = speed;
    mob.zza = speed;
}

class GroundMoveControl : public ServerMoveControl {
public:
    explicit GroundMoveControl(ServerMob& mob) noexcept : mob_(mob) {}

    void set_wanted_position(const Vec3& pos, double speed) override {
        wanted_ = pos;
        speed_modifier_ = speed;
        if (operation_ != Operation::Jumping) operation_ = Operation::MoveTo;
    }
    void strafe(float forward, float right) override {
        operation_ = Operation::Strafe;
        strafe_forwards_ = forward;
        strafe_right_ = right;
        speed_modifier_ = 0.25;
    }
    Operation operation() const override { return operation_; }
    Vec3 wanted_position() const override { return wanted_; }
    double speed_modifier() const override { return speed_modifier_; }

    void tick() override {
        EntityData& d = mob_.data();
        switch (operation_) {
            case Operation::Strafe: tick_strafe(d); break;
            case Operation::MoveTo: tick_move_to(d); break;
            case Operation::Jumping:
                set_speed(mob_, static_cast<float>(speed_modifier_ * mob_.movement_speed()));
                if (d.on_ground) operation_ = Operation::Wait;
                break;
            case Operation::Wait: mob_.zza = 0.0f; break;
        }
    }

protected:
    void tick_strafe(EntityData& d) {
        const auto speed = static_cast<float>(mob_.movement_speed());
        const float s = static_cast<float>(speed_modifier_) * speed;
        float forward = strafe_forwards_, right = strafe_right_;
        float len = std::sqrt(forward * forward + right * right);
        if (len < 1.0f) len = 1.0f;
        len = s / len;
        forward *= len;
        right *= len;
        const float sin = std::sin(d.y_rot * deg_to_rad), cos = std::cos(d.y_rot * deg_to_rad);
        const float dx = forward * cos - right * sin;
        const float dz = right * cos + forward * sin;
        // A strafe that would step off walkable ground turns into a plain forward walk.
        if (!is_walkable(d, dx, dz)) {
            strafe_forwards_ = 1.0f;
            strafe_right_ = 0.0f;
        }
        set_speed(mob_, s);
        mob_.zza = strafe_forwards_;
        mob_.xxa = strafe_right_;
        operation_ = Operation::Wait;
    }

    void tick_move_to(EntityData& d) {
        operation_ = Operation::Wait;
        const double dx = wanted_.x - d.pos.x, dz = wanted_.z - d.pos.z, dy = wanted_.y - d.pos.y;
        if (dx * dx + dy * dy + dz * dz < min_speed_sqr) {
            mob_.zza = 0.0f;
            return;
        }
        const float yaw = static_cast<float>(std::atan2(dz, dx)) * rad_to_deg - 90.0f;
        d.y_rot = rotlerp(d.y_rot, yaw, 90.0f);
        set_speed(mob_, static_cast<float>(speed_modifier_ * mob_.movement_speed()));
        const BlockPos b = d.pos.block_pos();
        const BlockStateInfo& s = mob_.world().chunks().info(b);
        const BlockShape& shape = s.collision;
        // Doors and fences are judged by their raw path type (vanilla asks the DOORS and FENCES
        // tags; walls and closed fence gates share FENCE here).
        const bool door_or_fence = s.path_type == PathType::DoorOpen || s.path_type == PathType::DoorWoodClosed ||
                                   s.path_type == PathType::DoorIronClosed || s.path_type == PathType::Fence;
        const bool step_too_high = dy > d.info->step_height && dx * dx + dz * dz < std::max(1.0f, d.width());
        const bool inside_shape = !shape.is_empty() && d.pos.y < shape.max_y() + b.y && !door_or_fence;
        if (step_too_high || inside_shape) {
            mob_.jump_control().jump();
            operation_ = Operation::Jumping;
        }
    }

    bool is_walkable(const EntityData& d, float dx, float dz) const {
        const BlockPos p{static_cast<std::int32_t>(std::floor(d.pos.x + dx)), d.pos.block_pos().y,
                         static_cast<std::int32_t>(std::floor(d.pos.z + dz))};
        const ChunkMap& chunks = mob_.world().chunks();
        const PathType t = d.info->navigation == NavigationKind::Flying
                               ? fly_path_type_static(chunks, p, d.pos.block_pos())
                               : block_path_type_static(chunks, p);
        return t == PathType::Walkable;
    }

    ServerMob& mob_;
    Vec3 wanted_;
    double speed_modifier_ = 0.0;
    float strafe_forwards_ = 0.0f, strafe_right_ = 0.0f;
    Operation operation_ = Operation::Wait;
};

// Vanilla's FlyingMoveControl (the allay's: max turn 20, hovers in place).
class FlyingMoveControl final : public GroundMoveControl {
public:
    FlyingMoveControl(ServerMob& mob, float max_turn, bool hovers_in_place) noexcept
        : GroundMoveControl(mob), max_turn_(max_turn), hovers_in_place_(hovers_in_place) {}

    void tick() override {
        EntityData& d = mob_.data();
        if (operation_ == Operation::MoveTo) {
            operation_ = Operation::Wait;
            d.no_gravity = true;
            const double dx = wanted_.x - d.pos.x, dy = wanted_.y - d.pos.y, dz = wanted_.z - d.pos.z;
            if (dx * dx + dy * dy + dz * dz < min_speed_sqr) {
                mob_.yya = 0.0f;
                mob_.zza = 0.0f;
                return;
            }
            const float yaw = static_cast<float>(std::atan2(dz, dx)) * rad_to_deg - 90.0f;
            d.y_rot = rotlerp(d.y_rot, yaw, 90.0f);
            const double attribute = d.on_ground ? mob_.movement_speed() : d.info->flying_speed;
            const auto speed = static_cast<float>(speed_modifier_ * attribute);
            set_speed(mob_, speed);
            const double horizontal = std::sqrt(dx * dx + dz * dz);
            if (std::abs(dy) > 1.0e-5 || std::abs(horizontal) > 1.0e-5) {
                const float pitch = -static_cast<float>(std::atan2(dy, horizontal)) * rad_to_deg;
                d.x_rot = rotlerp(d.x_rot, pitch, max_turn_);
                mob_.yya = dy > 0.0 ? speed : -speed;
            }
        } else {
            // Strafe and jump requests are ignored, as vanilla's flying control does.
            if (!hovers_in_place_) d.no_gravity = false;
            mob_.yya = 0.0f;
            mob_.zza = 0.0f;
        }
    }

private:
    float max_turn_;
    bool hovers_in_place_;
};

// Vanilla's LookControl with a Mob's default head limits.
class DefaultLookControl final : public ServerLookControl {
public:
    static constexpr float max_head_y_rot = 75.0f;  // vanilla's Mob.getMaxHeadYRot

    explicit DefaultLookControl(ServerMob& mob) noexcept : mob_(mob) {}

    void set_look_at(const Vec3& pos, float max_y_rot_speed, float max_x_rot_angle) override {
        wanted_ = pos;
        y_max_rot_speed_ = max_y_rot_speed;
        x_max_rot_angle_ = max_x_rot_angle;
        look_at_cooldown_ = 2;
    }
    using LookControl::set_look_at;

    // A living target is looked in the eyes, anything else at the middle of its box (seed 003).
    void set_look_at(const Entity& target, float max_y_rot_speed, float max_x_rot_angle) override {
        const Vec3 p = target.position();
        double y;
        if (dynamic_cast<const Mob*>(&target)) {
            y = p.y + target.eye_height();
        } else {
            const AABB box = target.bounding_box();
            y = (box.min.y + box.max.y) / 2.0;
        }
        set_look_at(Vec3{p.x, y, p.z}, max_y_rot_speed, max_x_rot_angle);
    }
    bool is_looking_at_target() const override { return look_at_cooldown_ > 0; }
    Vec3 wanted() const override { return wanted_; }

    void tick() override {
        EntityData& d = mob_.data();
        d.x_rot = 0.0f;  // vanilla's resetXRotOnTick: the pitch is recomputed from level each tick
        if (look_at_cooldown_ > 0) {
            --look_at_cooldown_;
            const double dx = wanted_.x - d.pos.x, dz = wanted_.z - d.pos.z;
            if (std::abs(dz) > 1.0e-5 || std::abs(dx) > 1.0e-5) {
                const float yaw = static_cast<float>(std::atan2(dz, dx)) * rad_to_deg - 90.0f;
                mob_.y_head_rot = rotate_towards(mob_.y_head_rot, yaw, y_max_rot_speed_);
            }
            const double dy = wanted_.y - (d.pos.y + d.eye_height());
            const double horizontal = std::sqrt(dx * dx + dz * dz);
            if (std::abs(dy) > 1.0e-5 || std::abs(horizontal) > 1.0e-5) {
                const float pitch = -static_cast<float>(std::atan2(dy, horizontal)) * rad_to_deg;
                d.x_rot = rotate_towards(d.x_rot, pitch, x_max_rot_angle_);
            }
        } else {
            mob_.y_head_rot = rotate_towards(mob_.y_head_rot, mob_.y_body_rot, 10.0f);
        }
        // While walking a path the head may not turn more than 75° away from the body.
        if (!mob_.navigation().is_done()) {
            const float diff =
                std::clamp(degrees_difference(mob_.y_head_rot, mob_.y_body_rot), -max_head_y_rot, max_head_y_rot);
            mob_.y_head_rot = mob_.y_body_rot - diff;
        }
    }

private:
    ServerMob& mob_;
    Vec3 wanted_;
    float y_max_rot_speed_ = 10.0f, x_max_rot_angle_ = 40.0f;
    std::int32_t look_at_cooldown_ = 0;
};

class DefaultJumpControl final : public ServerJumpControl {
public:
    explicit DefaultJumpControl(ServerMob& mob) noexcept : mob_(mob) {}
    void jump() override { jump_ = true; }
    bool wants_to_jump() const override { return jump_; }
    void tick() override {
        mob_.jumping = jump_;
        jump_ = false;
    }

private:
    ServerMob& mob_;
    bool jump_ = false;
};

}  // namespace

std::unique_ptr<ServerMoveControl> make_move_control(ServerMob& mob) {
    if (mob.info().navigation == NavigationKind::Flying) return std::make_unique<FlyingMoveControl>(mob, 20.0f, true);
    return std::make_unique<GroundMoveControl>(mob);
}

std::unique_ptr<ServerLookControl> make_look_control(ServerMob& mob) {
    return std::make_unique<DefaultLookControl>(mob);
}

std::unique_ptr<ServerJumpControl> make_jump_control(ServerMob& mob) {
    return std::make_unique<DefaultJumpControl>(mob);
}

}  // namespace mobsdk::server
