// Entity packets (protocol 765): spawn, moves, rotation, velocity, events, equipment and metadata.
#include "mobserver/net/entity_packets.hpp"

#include <algorithm>
#include <cmath>

#include "mobsdk/nbt/tag.hpp"

namespace mobsdk::server {

namespace {

// Vanilla's ClientboundSetEntityMotionPacket: ±3.9 blocks per tick, in 1/8000.
std::int16_t velocity_component(double v) noexcept {
    return static_cast<std::int16_t>(std::clamp(v, -3.9, 3.9) * 8000.0);
}

void write_velocity(PacketWriter& w, const Vec3& motion) {
    w.i16(velocity_component(motion.x)).i16(velocity_component(motion.y)).i16(velocity_component(motion.z));
}

}  // namespace

std::int8_t protocol_angle(float degrees) noexcept {
    return static_cast<std::int8_t>(static_cast<std::int32_t>(std::floor(degrees * 256.0f / 360.0f)));
}

std::int64_t encode_position_delta_base(double coordinate) noexcept {
    return static_cast<std::int64_t>(std::llround(coordinate * 4096.0));
}

void write_network_item(PacketWriter& w, const NetworkItem& item) {
    if (item.count <= 0) {
        w.boolean(false);
        return;
    }
    w.boolean(true).varint(item.id).u8(static_cast<std::uint8_t>(std::min(item.count, 127))).u8(0);  // no NBT: TAG_End
}

std::string encode_spawn_entity(std::int32_t id, Uuid uuid, std::int32_t type, const Vec3& pos, float x_rot,
                                float y_rot, float y_head_rot, std::int32_t data, const Vec3& motion) {
    PacketWriter w(0x01);
    w.varint(id).uuid(uuid).varint(type).f64(pos.x).f64(pos.y).f64(pos.z);
    w.u8(static_cast<std::uint8_t>(protocol_angle(x_rot)))
        .u8(static_cast<std::uint8_t>(protocol_angle(y_rot)))
        .u8(static_cast<std::uint8_t>(protocol_angle(y_head_rot)));
    w.varint(data);
    write_velocity(w, motion);
    return w.take();
}

std::string encode_remove_entities(std::span<const std::int32_t> ids) {
    PacketWriter w(0x40);
    w.varint(static_cast<std::int32_t>(ids.size()));
    for (const std::int32_t id : ids) w.varint(id);
    return w.take();
}

std::string encode_move_entity_pos(std::int32_t id, std::int16_t dx, std::int16_t dy, std::int16_t dz, bool on_ground) {
    PacketWriter w(0x2C);
    w.varint(id).i16(dx).i16(dy).i16(dz).boolean(on_ground);
    return w.take();
}

std::string encode_move_entity_pos_rot(std::int32_t id, std::int16_t dx, std::int16_t dy, std::int16_t dz,
                                       std::int8_t y_rot, std::int8_t x_rot, bool on_ground) {
    PacketWriter w(0x2D);
    w.varint(id).i16(dx).i16(dy).i16(dz);
    w.u8(static_cast<std::uint8_t>(y_rot)).u8(static_cast<std::uint8_t>(x_rot)).boolean(on_ground);
    return w.take();
}

std::string encode_move_entity_rot(std::int32_t id, std::int8_t y_rot, std::int8_t x_rot, bool on_ground) {
    PacketWriter w(0x2E);
    w.varint(id).u8(static_cast<std::uint8_t>(y_rot)).u8(static_cast<std::uint8_t>(x_rot)).boolean(on_ground);
    return w.take();
}

std::string encode_teleport_entity(std::int32_t id, const Vec3& pos, std::int8_t y_rot, std::int8_t x_rot,
                                   bool on_ground) {
    PacketWriter w(0x6D);
    w.varint(id).f64(pos.x).f64(pos.y).f64(pos.z);
    w.u8(static_cast<std::uint8_t>(y_rot)).u8(static_cast<std::uint8_t>(x_rot)).boolean(on_ground);
    return w.take();
}

std::string encode_rotate_head(std::int32_t id, std::int8_t y_head_rot) {
    PacketWriter w(0x46);
    w.varint(id).u8(static_cast<std::uint8_t>(y_head_rot));
    return w.take();
}

std::string encode_entity_velocity(std::int32_t id, const Vec3& motion) {
    PacketWriter w(0x58);
    w.varint(id);
    write_velocity(w, motion);
    return w.take();
}

std::string encode_entity_event(std::int32_t id, std::int8_t event) {
    PacketWriter w(0x1D);
    w.i32(id).u8(static_cast<std::uint8_t>(event));
    return w.take();
}

std::string encode_damage_event(std::int32_t id, std::int32_t damage_type, std::int32_t cause_id,
                                std::int32_t direct_id) {
    PacketWriter w(0x19);
    w.varint(id).varint(damage_type).varint(cause_id + 1).varint(direct_id + 1).boolean(false);
    return w.take();
}

std::string encode_take_item_entity(std::int32_t item_id, std::int32_t collector_id, std::int32_t count) {
    PacketWriter w(0x6C);
    w.varint(item_id).varint(collector_id).varint(count);
    return w.take();
}

std::string encode_set_equipment(std::int32_t id, std::span<const std::pair<std::int8_t, NetworkItem>> slots) {
    PacketWriter w(0x59);
    w.varint(id);
    for (std::size_t i = 0; i < slots.size(); ++i) {
        const bool more = i + 1 < slots.size();  // the top bit says another entry follows
        w.u8(static_cast<std::uint8_t>(slots[i].first | (more ? 0x80 : 0)));
        write_network_item(w, slots[i].second);
    }
    return w.take();
}

EntityMetadataWriter& EntityMetadataWriter::byte(std::uint8_t index, std::uint8_t v) {
    ++entries_;
    w_.u8(index).varint(0).u8(v);
    return *this;
}

EntityMetadataWriter& EntityMetadataWriter::varint(std::uint8_t index, std::int32_t v) {
    ++entries_;
    w_.u8(index).varint(1).varint(v);
    return *this;
}

EntityMetadataWriter& EntityMetadataWriter::f32(std::uint8_t index, float v) {
    ++entries_;
    w_.u8(index).varint(3).f32(v);
    return *this;
}

EntityMetadataWriter& EntityMetadataWriter::boolean(std::uint8_t index, bool v) {
    ++entries_;
    w_.u8(index).varint(8).boolean(v);
    return *this;
}

EntityMetadataWriter& EntityMetadataWriter::item(std::uint8_t index, const NetworkItem& v) {
    ++entries_;
    w_.u8(index).varint(7);
    write_network_item(w_, v);
    return *this;
}

EntityMetadataWriter& EntityMetadataWriter::optional_text(std::uint8_t index, const std::optional<std::string>& text) {
    ++entries_;
    w_.u8(index).varint(6).boolean(text.has_value());
    if (text) w_.nbt(nbt::Tag(*text));
    return *this;
}

EntityMetadataWriter& EntityMetadataWriter::optional_block_pos(std::uint8_t index, const std::optional<BlockPos>& pos) {
    ++entries_;
    w_.u8(index).varint(11).boolean(pos.has_value());
    if (pos) w_.position(*pos);
    return *this;
}

EntityMetadataWriter& EntityMetadataWriter::villager_data(std::uint8_t index, std::int32_t type,
                                                          std::int32_t profession, std::int32_t level) {
    ++entries_;
    w_.u8(index).varint(18).varint(type).varint(profession).varint(level);
    return *this;
}

EntityMetadataWriter& EntityMetadataWriter::pose(std::uint8_t index, NetworkPose pose) {
    ++entries_;
    w_.u8(index).varint(20).varint(static_cast<std::int32_t>(pose));
    return *this;
}

std::string EntityMetadataWriter::take() {
    w_.u8(0xFF);
    return w_.take();
}

}  // namespace mobsdk::server
