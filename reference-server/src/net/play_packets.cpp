// Clientbound play packets (protocol 765).
#include "mobserver/net/play_packets.hpp"

#include <algorithm>

#include "mobserver/net/packet_codec.hpp"

namespace mobsdk::server {

std::optional<GameMode> parse_game_mode(std::string_view text) noexcept {
    if (text == "survival" || text == "0") return GameMode::Survival;
    if (text == "creative" || text == "1") return GameMode::Creative;
    if (text == "adventure" || text == "2") return GameMode::Adventure;
    if (text == "spectator" || text == "3") return GameMode::Spectator;
    return std::nullopt;
}

std::string_view game_mode_name(GameMode mode) noexcept {
    switch (mode) {
        case GameMode::Survival: return "survival";
        case GameMode::Creative: return "creative";
        case GameMode::Adventure: return "adventure";
        case GameMode::Spectator: return "spectator";
    }
    return "survival";
}

std::string encode_login_play(const LoginPlayInfo& info) {
    PacketWriter w(0x29);
    w.i32(info.entity_id).boolean(false);
    w.varint(1).string("minecraft:overworld");  // the dimensions: the overworld only
    w.varint(info.max_players).varint(info.view_distance).varint(info.simulation_distance);
    w.boolean(false);  // reduced debug info
    w.boolean(true);   // respawn screen
    w.boolean(false);  // limited crafting
    w.string("minecraft:overworld").string("minecraft:overworld");
    w.i64(info.hashed_seed).u8(static_cast<std::uint8_t>(info.game_mode)).u8(0xFF);  // previous mode: none
    w.boolean(false).boolean(info.flat);
    w.boolean(false);  // no death location
    w.varint(0);       // portal cooldown
    return w.take();
}

std::string encode_difficulty(Difficulty difficulty) {
    PacketWriter w(0x0B);
    w.u8(static_cast<std::uint8_t>(difficulty)).boolean(false);
    return w.take();
}

std::string encode_abilities(GameMode mode) {
    // Vanilla's GameType.updatePlayerAbilities: creative may fly and builds instantly and is
    // invulnerable; spectator flies, may fly and is invulnerable.
    std::uint8_t flags = 0;
    if (mode == GameMode::Creative) flags = 0x01 | 0x04 | 0x08;
    if (mode == GameMode::Spectator) flags = 0x01 | 0x02 | 0x04;
    PacketWriter w(0x36);
    w.u8(flags).f32(0.05f).f32(0.1f);
    return w.take();
}

std::string encode_sync_position(double x, double y, double z, float yaw, float pitch, std::int32_t id) {
    PacketWriter w(0x3E);
    w.f64(x).f64(y).f64(z).f32(yaw).f32(pitch).u8(0).varint(id);
    return w.take();
}

std::string encode_player_info_add(const std::vector<PlayerInfoEntry>& entries) {
    PacketWriter w(0x3C);
    w.u8(0x01 | 0x04 | 0x08);  // add_player, update_game_mode, update_listed
    w.varint(static_cast<std::int32_t>(entries.size()));
    for (const auto& e : entries) {
        w.uuid(e.uuid).string(e.name).varint(0);  // no profile properties (offline)
        w.varint(static_cast<std::int32_t>(e.game_mode));
        w.boolean(true);
    }
    return w.take();
}

std::string encode_player_info_game_mode(Uuid uuid, GameMode mode) {
    PacketWriter w(0x3C);
    w.u8(0x04).varint(1).uuid(uuid).varint(static_cast<std::int32_t>(mode));  // update_game_mode
    return w.take();
}

std::string encode_player_info_remove(const std::vector<Uuid>& uuids) {
    PacketWriter w(0x3B);
    w.varint(static_cast<std::int32_t>(uuids.size()));
    for (const Uuid u : uuids) w.uuid(u);
    return w.take();
}

std::string encode_spawn_position(BlockPos pos, float angle) {
    PacketWriter w(0x54);
    w.position(pos).f32(angle);
    return w.take();
}

std::string encode_update_time(std::int64_t game_time, std::int64_t day_time) {
    PacketWriter w(0x62);
    w.i64(game_time).i64(day_time);
    return w.take();
}

std::string encode_center_chunk(ChunkPos pos) {
    PacketWriter w(0x52);
    w.varint(pos.x).varint(pos.z);
    return w.take();
}

std::string encode_game_event(std::uint8_t event, float value) {
    PacketWriter w(0x20);
    w.u8(event).f32(value);
    return w.take();
}

std::string encode_chunk_batch_start() { return PacketWriter(0x0D).take(); }

std::string encode_chunk_batch_finished(std::int32_t size) {
    PacketWriter w(0x0C);
    w.varint(size);
    return w.take();
}

std::string encode_unload_chunk(ChunkPos pos) {
    PacketWriter w(0x1F);
    w.i32(pos.z).i32(pos.x);  // vanilla writes the ChunkPos as one long: z in the high half
    return w.take();
}

std::string encode_block_update(BlockPos pos, std::uint32_t state) {
    PacketWriter w(0x09);
    w.position(pos).varint(static_cast<std::int32_t>(state));
    return w.take();
}

std::string encode_section_blocks_update(std::int32_t cx, std::int32_t sy, std::int32_t cz,
                                         const std::vector<std::pair<std::uint16_t, std::uint32_t>>& changes) {
    PacketWriter w(0x47);
    const std::uint64_t section = ((static_cast<std::uint64_t>(cx) & 0x3FFFFF) << 42) |
                                  ((static_cast<std::uint64_t>(cz) & 0x3FFFFF) << 20) |
                                  (static_cast<std::uint64_t>(sy) & 0xFFFFF);
    w.i64(static_cast<std::int64_t>(section));
    w.varint(static_cast<std::int32_t>(changes.size()));
    for (const auto& [local, state] : changes)
        w.varlong(static_cast<std::int64_t>((static_cast<std::uint64_t>(state) << 12) | local));
    return w.take();
}

std::string encode_system_chat(std::string_view text, std::string_view color, bool italic) {
    nbt::Compound c;
    c.put("text", std::string(text));
    if (!color.empty()) c.put("color", std::string(color));
    if (italic) c.put("italic", std::int8_t{1});
    PacketWriter w(0x69);
    w.nbt(nbt::Tag(std::move(c))).boolean(false);
    return w.take();
}

std::string encode_keep_alive(std::int64_t id) {
    PacketWriter w(0x24);
    w.i64(id);
    return w.take();
}

std::string encode_set_health(float health, std::int32_t food, float saturation) {
    PacketWriter w(0x5B);
    w.f32(health).varint(food).f32(saturation);
    return w.take();
}

void write_slot(PacketWriter& w, const NetworkSlot& slot) {
    if (slot.count <= 0) {
        w.boolean(false);
        return;
    }
    w.boolean(true).varint(slot.id).u8(static_cast<std::uint8_t>(std::min(slot.count, 127)));
    if (slot.tag) w.nbt(nbt::Tag(*slot.tag));
    else w.u8(0);  // TAG_End: no NBT
}

std::string encode_container_content(std::int32_t window, std::int32_t state_id, std::span<const NetworkSlot> slots,
                                     const NetworkSlot& carried) {
    PacketWriter w(0x13);
    w.u8(static_cast<std::uint8_t>(window)).varint(state_id).varint(static_cast<std::int32_t>(slots.size()));
    for (const NetworkSlot& s : slots) write_slot(w, s);
    write_slot(w, carried);
    return w.take();
}

std::string encode_container_slot(std::int32_t window, std::int32_t state_id, std::int32_t slot,
                                  const NetworkSlot& item) {
    PacketWriter w(0x15);
    w.u8(static_cast<std::uint8_t>(static_cast<std::int8_t>(window))).varint(state_id);
    w.i16(static_cast<std::int16_t>(slot));
    write_slot(w, item);
    return w.take();
}

std::string encode_close_container(std::int32_t window) {
    PacketWriter w(0x12);
    w.u8(static_cast<std::uint8_t>(window));
    return w.take();
}

std::string encode_open_screen(std::int32_t window, std::int32_t menu_type, std::string_view title_key) {
    nbt::Compound title;
    title.put("translate", std::string(title_key));
    PacketWriter w(0x31);
    w.varint(window).varint(menu_type).nbt(nbt::Tag(std::move(title)));
    return w.take();
}

std::string encode_merchant_offers(std::int32_t window, std::span<const NetworkMerchantOffer> offers,
                                   std::int32_t level, std::int32_t xp, bool regular_villager, bool can_restock) {
    PacketWriter w(0x2B);
    w.varint(window).varint(static_cast<std::int32_t>(offers.size()));
    for (const NetworkMerchantOffer& o : offers) {
        write_slot(w, o.cost_a);
        write_slot(w, o.result);
        write_slot(w, o.cost_b);
        w.boolean(o.out_of_stock).i32(o.uses).i32(o.max_uses).i32(o.xp).i32(o.special_price);
        w.f32(o.price_multiplier).i32(o.demand);
    }
    w.varint(level).varint(xp).boolean(regular_villager).boolean(can_restock);
    return w.take();
}

std::string encode_set_carried_item(std::int32_t slot) {
    PacketWriter w(0x51);
    w.u8(static_cast<std::uint8_t>(slot));
    return w.take();
}

std::string encode_respawn(const RespawnInfo& info) {
    PacketWriter w(0x45);
    w.string("minecraft:overworld").string("minecraft:overworld");  // dimension type and name
    w.i64(info.hashed_seed).u8(static_cast<std::uint8_t>(info.game_mode));
    w.u8(info.previous_game_mode ? static_cast<std::uint8_t>(*info.previous_game_mode) : 0xFF);
    w.boolean(false).boolean(info.flat);  // debug, flat
    w.boolean(info.death_location.has_value());
    if (info.death_location) w.string("minecraft:overworld").position(*info.death_location);
    w.varint(0);  // portal cooldown
    w.u8(info.data_kept);
    return w.take();
}

std::string encode_combat_death(std::int32_t player_id, std::string_view message) {
    nbt::Compound c;
    c.put("text", std::string(message));
    PacketWriter w(0x3A);
    w.varint(player_id).nbt(nbt::Tag(std::move(c)));
    return w.take();
}

std::string encode_entity_animation(std::int32_t id, std::uint8_t animation) {
    PacketWriter w(0x03);
    w.varint(id).u8(animation);
    return w.take();
}

}  // namespace mobsdk::server
