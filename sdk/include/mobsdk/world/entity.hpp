// The plugin's view of any entity in a level (vanilla's Entity): what sensors and behaviours read.
// The host's entity storage is a different header, mobserver/world/entity.hpp in reference-server/.
#pragma once

#include <string_view>

#include "mobsdk/core/registry.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/item_stack.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk {

/// @brief Any entity in a level.
class Entity {
public:
    virtual ~Entity() = default;
    /// @brief The entity's UUID (saved, stable across unloads).
    virtual Uuid uuid() const = 0;
    /// @brief The entity's slot in its level (valid while it is loaded).
    virtual EntityHandle handle() const = 0;
    /// @brief A reference memories can hold.
    EntityRef ref() const { return EntityRef{uuid(), handle()}; }
    /// @brief Its type.
    virtual Handle<EntityTypeInfo> type() const = 0;
    /// @brief Feet position.
    virtual Vec3 position() const = 0;
    /// @brief The block the feet are in.
    BlockPos block_position() const { return position().block_pos(); }
    /// @brief Its collision box.
    virtual AABB bounding_box() const = 0;
    /// @brief Eye height above the feet.
    virtual double eye_height() const = 0;
    /// @brief Eye position.
    Vec3 eye_position() const { return position() + Vec3{0, eye_height(), 0}; }
    /// @brief False once dead or removed.
    virtual bool is_alive() const = 0;
    /// @brief Velocity in blocks per tick.
    virtual Vec3 motion() const = 0;
    /// @brief Adds `delta` to its velocity (vanilla's Entity.push(x, y, z): the iron golem's
    /// knock-up, knockback); a player's client is told its new velocity.
    virtual void push(const Vec3& delta) = 0;
    /// @brief Body yaw in degrees (vanilla's yRot: 0 faces south, 90 west).
    virtual float y_rot() const = 0;
    /// @brief Pitch in degrees (vanilla's xRot: positive looks down).
    virtual float x_rot() const = 0;
    /// @brief True when standing on something.
    virtual bool on_ground() const = 0;
    /// @brief True when touching water.
    virtual bool in_water() const = 0;
    /// @brief True when it has the scoreboard tag (vanilla's Tags list).
    virtual bool has_tag(std::string_view tag) const = 0;
    /// @brief False for entities no mob may notice (spectators, markers, the dead): vanilla's
    /// canBeSeenByAnyone.
    virtual bool can_be_seen_by_anyone() const { return is_alive(); }
    /// @brief True when damage cannot hurt it (vanilla's isInvulnerable).
    virtual bool is_invulnerable() const = 0;
    /// @brief How visible it is to `looker`, 0–1 (sneaking, invisibility…; vanilla's
    /// getVisibilityPercent). Scales the detection range of TargetingConditions.
    virtual double visibility_percent(const Entity* looker) const {
        (void)looker;
        return 1.0;
    }
    /// @brief The item stack of an item entity (vanilla's ItemEntity.getItem), nullptr for any
    /// other entity. Valid until the entity changes or goes.
    virtual const ItemStack* item_stack() const { return nullptr; }
    /// @brief Squared distance between feet positions.
    double distance_to_sqr(const Entity& other) const { return position().dist_sqr(other.position()); }
};

}  // namespace mobsdk
