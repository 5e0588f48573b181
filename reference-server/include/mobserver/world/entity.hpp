// The state every entity of the host shares (vanilla's Entity fields: EntityData) and the SDK's
// Entity virtuals over it (EntityImpl). Each kind of entity builds on it: ServerMob (server_mob.hpp),
// ItemEntity (item_entity.hpp), ArrowEntity (arrow.hpp). The world owns them; everything else holds
// handles.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/world/level.hpp"

namespace mobsdk::server {

/// @brief What every entity has (vanilla's Entity fields the AI and physics use).
struct EntityData {
    Uuid uuid;                             ///< saved identity
    EntityHandle handle;                   ///< slot in the world's entity table
    Handle<EntityTypeInfo> type;           ///< its type
    const EntityTypeInfo* info = nullptr;  ///< the type's data (owned by the registry)
    Vec3 pos;                              ///< feet position
    Vec3 motion;                           ///< velocity, blocks per tick
    float y_rot = 0, x_rot = 0;            ///< yaw and pitch, degrees
    bool on_ground = false;                ///< standing on something
    bool in_water = false;                 ///< touching water
    bool horizontal_collision = false;     ///< bumped into a wall this tick
    bool removed = false;                  ///< dead or discarded: skipped, then erased
    bool no_ai = false;                    ///< vanilla's NoAI: no brain, goals or controls
    bool no_gravity = false;               ///< vanilla's NoGravity
    bool invulnerable = false;             ///< vanilla's Invulnerable
    /// @brief Stands in a column that is not loaded and cannot take it (refused or unreadable on
    /// disk): kept in memory without ticking, saved in the list of the column it came from.
    bool stranded = false;
    float fall_distance = 0;                 ///< blocks fallen since last on the ground
    std::vector<std::string> tags;           ///< scoreboard tags
    std::optional<std::string> custom_name;  ///< CustomName (plain text)
    std::int32_t age = 0;                    ///< ticks since it was added
    /// @brief The chunk column whose saved entity list holds this entity (ChunkPos::as_long), or
    /// `not_stored`: the world rewrites that column's list whenever it saves the entity elsewhere,
    /// in the same atomic batch, so the entity is never on disk twice or nowhere.
    std::int64_t stored_chunk = not_stored;
    /// @brief stored_chunk of an entity that is in no saved list.
    static constexpr std::int64_t not_stored = INT64_MIN;
    /// @brief Its entity id on clients (vanilla's Entity.id): given by World::add_entity from the
    /// world's counter (World::allocate_network_id), never reused.
    std::int32_t network_id = 0;

    /// @brief The factor the type's width, height and eye height are scaled by (a slime's size);
    /// change it only through ServerMob::set_dimension_scale, which tells the index.
    float scale = 1.0f;

    /// @brief Box width: the type's, scaled.
    float width() const noexcept { return info->width * scale; }
    /// @brief Box height: the type's, scaled.
    float height() const noexcept { return info->height * scale; }
    /// @brief Eye height: the type's, scaled.
    float eye_height() const noexcept { return info->eye_height * scale; }
    /// @brief The box at the current position, from width() and height().
    AABB bounding_box() const noexcept {
        const double hw = width() / 2.0;
        return {{pos.x - hw, pos.y, pos.z - hw}, {pos.x + hw, pos.y + height(), pos.z + hw}};
    }
};

/// @brief Implements the SDK's Entity virtuals over an EntityData, for Entity and Mob alike.
template <class Interface>
class EntityImpl : public Interface {
public:
    /// @brief The shared state.
    EntityData& data() noexcept { return data_; }
    /// @brief The shared state.
    const EntityData& data() const noexcept { return data_; }

    Uuid uuid() const override { return data_.uuid; }
    EntityHandle handle() const override { return data_.handle; }
    Handle<EntityTypeInfo> type() const override { return data_.type; }
    Vec3 position() const override { return data_.pos; }
    AABB bounding_box() const override { return data_.bounding_box(); }
    double eye_height() const override { return data_.eye_height(); }
    bool is_alive() const override { return !data_.removed; }
    Vec3 motion() const override { return data_.motion; }
    void push(const Vec3& delta) override { data_.motion = data_.motion + delta; }
    float y_rot() const override { return data_.y_rot; }
    float x_rot() const override { return data_.x_rot; }
    bool on_ground() const override { return data_.on_ground; }
    bool in_water() const override { return data_.in_water; }
    bool has_tag(std::string_view tag) const override {
        for (const auto& t : data_.tags)
            if (t == tag) return true;
        return false;
    }
    bool is_invulnerable() const override { return data_.invulnerable; }

protected:
    EntityData data_;
};

}  // namespace mobsdk::server
