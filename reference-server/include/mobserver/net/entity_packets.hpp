// Clientbound play packets of protocol 765 that show entities (vanilla's ClientboundAddEntityPacket,
// ClientboundMoveEntityPacket and the rest ServerEntity sends), as packet bodies (id first), and a
// writer of Set Entity Metadata. Ids and layouts from minecraft-data's pc/1.20.3/protocol.json.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mobsdk/world/types.hpp"
#include "mobserver/net/packet_codec.hpp"

namespace mobsdk::server {

/// @brief An angle as the protocol sends it: vanilla's Mth.floor(degrees × 256 / 360), 256 steps a turn.
std::int8_t protocol_angle(float degrees) noexcept;
/// @brief Vanilla's VecDeltaCodec.encode: a coordinate in 1/4096 blocks, rounded.
std::int64_t encode_position_delta_base(double coordinate) noexcept;

/// @brief An item stack as the client knows it (1.20.4 Slot): item registry id and count; count 0 is empty.
struct NetworkItem {
    std::int32_t id = 0;     ///< registry id (minecraft:item)
    std::int32_t count = 0;  ///< 0: empty
    friend bool operator==(const NetworkItem&, const NetworkItem&) = default;
};

/// @brief Play 0x01 Spawn Entity: `type` is the entity type's registry id, `data` its extra int
/// (an arrow's owner id + 1… 0 for most), `motion` in blocks per tick.
std::string encode_spawn_entity(std::int32_t id, Uuid uuid, std::int32_t type, const Vec3& pos, float x_rot,
                                float y_rot, float y_head_rot, std::int32_t data, const Vec3& motion);
/// @brief Play 0x40 Remove Entities.
std::string encode_remove_entities(std::span<const std::int32_t> ids);
/// @brief Play 0x2C Update Entity Position: deltas in 1/4096 blocks.
std::string encode_move_entity_pos(std::int32_t id, std::int16_t dx, std::int16_t dy, std::int16_t dz, bool on_ground);
/// @brief Play 0x2D Update Entity Position and Rotation.
std::string encode_move_entity_pos_rot(std::int32_t id, std::int16_t dx, std::int16_t dy, std::int16_t dz,
                                       std::int8_t y_rot, std::int8_t x_rot, bool on_ground);
/// @brief Play 0x2E Update Entity Rotation.
std::string encode_move_entity_rot(std::int32_t id, std::int8_t y_rot, std::int8_t x_rot, bool on_ground);
/// @brief Play 0x6D Teleport Entity (absolute).
std::string encode_teleport_entity(std::int32_t id, const Vec3& pos, std::int8_t y_rot, std::int8_t x_rot,
                                   bool on_ground);
/// @brief Play 0x46 Set Head Rotation.
std::string encode_rotate_head(std::int32_t id, std::int8_t y_head_rot);
/// @brief Play 0x58 Set Entity Velocity: blocks per tick, clamped to ±3.9 and sent in 1/8000 as vanilla.
std::string encode_entity_velocity(std::int32_t id, const Vec3& motion);
/// @brief Play 0x1D Entity Event (3: death; 24–28 tell a player its permission level 0–4).
std::string encode_entity_event(std::int32_t id, std::int8_t event);
/// @brief Play 0x19 Damage Event: the damage type's registry id, the causing and direct entities' ids
/// (-1: none; sent as id + 1 as vanilla does).
std::string encode_damage_event(std::int32_t id, std::int32_t damage_type, std::int32_t cause_id,
                                std::int32_t direct_id);
/// @brief Play 0x6C Pickup Item (vanilla's ClientboundTakeItemEntityPacket).
std::string encode_take_item_entity(std::int32_t item_id, std::int32_t collector_id, std::int32_t count);
/// @brief Play 0x59 Set Equipment: (vanilla slot id, item) pairs; slots 0 main hand, 1 off hand,
/// 2 feet, 3 legs, 4 chest, 5 head.
std::string encode_set_equipment(std::int32_t id, std::span<const std::pair<std::int8_t, NetworkItem>> slots);

/// @brief Vanilla's Pose ids.
enum class NetworkPose : std::int32_t {
    Standing = 0,
    FallFlying = 1,
    Sleeping = 2,
    Swimming = 3,
    Crouching = 5,
    Dying = 7
};

/// @brief Builds a Set Entity Metadata (play 0x56) body: entries of (index, serializer id, value)
/// as vanilla's SynchedEntityData, then the 0xFF end.
class EntityMetadataWriter {
public:
    /// @brief Metadata of entity `id`.
    explicit EntityMetadataWriter(std::int32_t id) : w_(0x56) { w_.varint(id); }
    EntityMetadataWriter& byte(std::uint8_t index, std::uint8_t v);        ///< serializer 0
    EntityMetadataWriter& varint(std::uint8_t index, std::int32_t v);      ///< serializer 1
    EntityMetadataWriter& f32(std::uint8_t index, float v);                ///< serializer 3
    EntityMetadataWriter& boolean(std::uint8_t index, bool v);             ///< serializer 8
    EntityMetadataWriter& item(std::uint8_t index, const NetworkItem& v);  ///< serializer 7
    /// @brief Serializer 6: an optional text component (a plain string).
    EntityMetadataWriter& optional_text(std::uint8_t index, const std::optional<std::string>& text);
    /// @brief Serializer 11: an optional block position.
    EntityMetadataWriter& optional_block_pos(std::uint8_t index, const std::optional<BlockPos>& pos);
    /// @brief Serializer 18: villager type, profession and level.
    EntityMetadataWriter& villager_data(std::uint8_t index, std::int32_t type, std::int32_t profession,
                                        std::int32_t level);
    EntityMetadataWriter& pose(std::uint8_t index, NetworkPose pose);  ///< serializer 20
    /// @brief True when no entry was written.
    bool empty() const noexcept { return entries_ == 0; }
    /// @brief The finished body.
    std::string take();

private:
    PacketWriter w_;
    std::size_t entries_ = 0;
};

/// @brief Writes a Slot (1.20.4): present flag, item id, count, no NBT.
void write_network_item(PacketWriter& w, const NetworkItem& item);

}  // namespace mobsdk::server
