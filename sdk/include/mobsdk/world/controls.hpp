// A mob's controls (vanilla's MoveControl, LookControl and JumpControl), which goals, behaviours and
// navigation drive each tick, and the CustomMoveControl a plugin writes for a mob that moves its own way.
#pragma once

#include <cstdint>

#include "mobsdk/world/types.hpp"

namespace mobsdk {

class Entity;
class Level;
class Mob;

/// @brief Vanilla's MoveControl: where the mob wants to go this tick.
class MoveControl {
public:
    /// @brief What the control is doing (vanilla's Operation).
    enum class Operation : std::uint8_t { Wait, MoveTo, Strafe, Jumping };
    virtual ~MoveControl() = default;
    /// @brief Walk towards a point at a speed modifier (vanilla's setWantedPosition).
    virtual void set_wanted_position(const Vec3& pos, double speed) = 0;
    /// @brief Walk forwards/backwards and sideways relative to the facing (vanilla's strafe).
    virtual void strafe(float forward, float right) = 0;
    /// @brief The current operation.
    virtual Operation operation() const = 0;
    /// @brief True while moving to a wanted position (vanilla's hasWanted).
    bool has_wanted() const { return operation() == Operation::MoveTo; }
    /// @brief The wanted position.
    virtual Vec3 wanted_position() const = 0;
    /// @brief The speed modifier of the current operation.
    virtual double speed_modifier() const = 0;
};

/// @brief Vanilla's LookControl: turns the head towards a point, a little each tick.
class LookControl {
public:
    virtual ~LookControl() = default;
    /// @brief Look at a point, turning at most `max_y_rot_speed` degrees of yaw and
    /// `max_x_rot_angle` of pitch per tick.
    virtual void set_look_at(const Vec3& pos, float max_y_rot_speed, float max_x_rot_angle) = 0;
    /// @brief Look at a point at the mob's own head speeds (vanilla: 10 and 40 for most mobs).
    void set_look_at(const Vec3& pos) { set_look_at(pos, 10.0f, 40.0f); }
    /// @brief Look at an entity: its eyes when it is living, else its centre (seed 003).
    virtual void set_look_at(const Entity& target, float max_y_rot_speed, float max_x_rot_angle) = 0;
    /// @brief True while a look target is set.
    virtual bool is_looking_at_target() const = 0;
    /// @brief The point looked at.
    virtual Vec3 wanted() const = 0;
};

/// @brief The movement inputs a move control sets each tick (vanilla's Mob fields of the same
/// names): what the host's physics reads afterwards.
struct MoveInputs {
    float zza = 0;         ///< forward input
    float xxa = 0;         ///< sideways input (positive: left)
    float speed = 0;       ///< current speed (movement_speed × the modifier)
    float y_rot = 0;       ///< body yaw the movement is relative to, degrees
    float y_head_rot = 0;  ///< head yaw
    float y_body_rot = 0;  ///< body yaw as drawn
    /// @brief Vanilla's Mob.setSpeed: the speed, and the same value as forward input.
    void set_speed(float s) noexcept { speed = zza = s; }
};

/// @brief A move control written by a plugin for a mob that does not walk the standard way
/// (vanilla replaces moveControl for slimes, flying and swimming mobs). MobAiFactory::make_move_control
/// gives it to a mob; the host then calls tick where it would tick its own MoveControl (after the
/// goals and the brain, before the look and jump controls) and the mob's move_control() is this
/// one. Its MoveControl virtuals are what navigation and goals call.
class CustomMoveControl : public MoveControl {
public:
    /// @brief One control step: read the mob, set `inputs` (they hold the current values).
    virtual void tick(Level& level, Mob& mob, MoveInputs& inputs) = 0;
};

/// @brief Vanilla's JumpControl.
class JumpControl {
public:
    virtual ~JumpControl() = default;
    /// @brief Jump on the next movement update (when on the ground).
    virtual void jump() = 0;
    /// @brief True when a jump is pending.
    virtual bool wants_to_jump() const = 0;
};

}  // namespace mobsdk
