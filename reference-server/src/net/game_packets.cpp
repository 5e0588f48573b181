// Serverbound packet decoding for login, configuration and play (protocol 765).
#include "mobserver/net/game_packets.hpp"

#include <cmath>
#include <span>

#include "mobsdk/nbt/io.hpp"
#include "mobserver/net/packet_codec.hpp"

namespace mobsdk::server {

namespace {

constexpr double kMaxHorizontal = 3.0E7;
constexpr double kMaxVertical = 2.0E7;

std::string id_text(std::int32_t id) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%02X", static_cast<unsigned>(id));
    return buf;
}

Result<ServerboundPacket, std::string> done(PacketReader& r, std::string_view name, ServerboundPacket packet) {
    if (!r.finish(name)) return unexpected(std::string(name) + ": " + r.error());
    return packet;
}

ClientInformation read_client_information(PacketReader& r) {
    ClientInformation info;
    info.locale = r.string(16);
    info.view_distance = static_cast<std::int8_t>(r.u8());
    r.varint();   // chat mode
    r.boolean();  // chat colours
    r.u8();       // skin parts
    r.varint();   // main hand
    r.boolean();  // text filtering
    r.boolean();  // server listing
    return info;
}

// Skips a plugin message: channel identifier and the rest (vanilla's 32767-byte limit).
void read_plugin_message(PacketReader& r) {
    r.string();
    if (r.remaining() > 32767)
        r.fail("plugin message payload of " + std::to_string(r.remaining()) + " bytes is above the limit of 32767");
    r.bytes(r.remaining());
}

// A Slot (1.20.4): present, item id, count byte, network NBT (TAG_End: none). The NBT's length is
// known only by parsing it, so the reader is replaced by one over the bytes after it.
NetworkSlot read_slot(PacketReader& r) {
    NetworkSlot s;
    if (!r.boolean() || !r.ok()) return s;
    s.id = r.varint();
    s.count = static_cast<std::int8_t>(r.u8());
    if (!r.ok()) return s;
    if (r.remaining() == 0) {
        r.u8();  // fails: the NBT is missing
        return s;
    }
    const std::string_view rest = r.bytes(r.remaining());
    const auto* data = reinterpret_cast<const std::uint8_t*>(rest.data());
    std::size_t used = 1;
    if (data[0] != 0) {
        // Vanilla's readNbt counts at most 2 MiB (NbtAccounter.create(2097152)) and a depth of 512.
        nbt::ReadOptions limits;
        limits.max_bytes = 2097152;
        auto tag = nbt::read_unnamed(std::span(data, rest.size()), limits);
        if (!tag && tag.error().message.find("trailing bytes") != std::string::npos) {
            used = tag.error().offset;
            tag = nbt::read_unnamed(std::span(data, used), limits);
        } else {
            used = rest.size();
        }
        PacketReader after(rest.substr(used));
        if (!tag) {
            after.fail("item NBT: " + tag.error().describe());
        } else if (auto* c = tag->get_if<nbt::Compound>()) {
            s.tag = std::move(*c);
        } else {
            after.fail("item NBT: not a compound tag");
        }
        r = std::move(after);
        return s;
    }
    r = PacketReader(rest.substr(used));
    return s;
}

ClickContainer read_click_container(PacketReader& r) {
    ClickContainer c;
    c.window_id = r.u8();
    c.state_id = r.varint();
    c.slot = r.i16();
    c.button = static_cast<std::int8_t>(r.u8());
    c.mode = r.varint();
    if (r.ok() && (c.mode < 0 || c.mode > 6)) r.fail("click mode " + std::to_string(c.mode) + " is not 0–6");
    const std::int32_t n = r.varint();
    // Vanilla's limitValue(Int2ObjectOpenHashMap::new, 128).
    if (r.ok() && (n < 0 || n > 128)) r.fail("changed slot count " + std::to_string(n) + " is not 0–128");
    for (std::int32_t i = 0; r.ok() && i < n; ++i) {
        const std::int32_t slot = r.i16();
        c.changed.emplace_back(slot, read_slot(r));
    }
    c.carried = read_slot(r);
    return c;
}

PlayerAction read_player_action(PacketReader& r) {
    PlayerAction a;
    a.status = r.varint();
    if (r.ok() && (a.status < 0 || a.status > 6)) r.fail("action " + std::to_string(a.status) + " is not 0–6");
    const std::int64_t v = r.i64();  // packed block position: x 26 bits, z 26 bits, y 12 bits
    a.pos = {static_cast<std::int32_t>(v >> 38), static_cast<std::int32_t>((v << 52) >> 52),
             static_cast<std::int32_t>((v << 26) >> 38)};
    a.face = r.u8();  // vanilla's Direction.from3DDataValue takes any byte
    a.sequence = r.varint();
    return a;
}

// Vanilla's readEnum of an InteractionHand: an id outside 0–1 fails the packet.
InteractionHand read_hand(PacketReader& r) {
    const std::int32_t hand = r.varint();
    if (r.ok() && (hand < 0 || hand > 1)) r.fail("hand " + std::to_string(hand) + " is not 0–1");
    return hand == 1 ? InteractionHand::OffHand : InteractionHand::MainHand;
}

// Play 0x13 Interact: entity id, action, InteractAt's point, the hand (not for attacks), sneaking.
InteractEntity read_interact(PacketReader& r) {
    InteractEntity p;
    p.entity_id = r.varint();
    const std::int32_t action = r.varint();
    if (r.ok() && (action < 0 || action > 2)) r.fail("action " + std::to_string(action) + " is not 0–2");
    p.action = static_cast<InteractEntity::Action>(action < 0 || action > 2 ? 0 : action);
    if (p.action == InteractEntity::Action::InteractAt) {
        p.x = r.f32();
        p.y = r.f32();
        p.z = r.f32();
    }
    if (p.action != InteractEntity::Action::Attack) p.hand = read_hand(r);
    p.sneaking = r.boolean();
    return p;
}

// Play 0x08 Client Command: the action (0 respawn, 1 statistics).
ClientCommand read_client_command(PacketReader& r) {
    ClientCommand c{r.varint()};
    if (r.ok() && (c.action < 0 || c.action > 1)) r.fail("action " + std::to_string(c.action) + " is not 0–1");
    return c;
}

// Play 0x33 Swing Arm: the hand.
SwingArm read_swing_arm(PacketReader& r) { return SwingArm{read_hand(r)}; }

SelectTrade read_select_trade(PacketReader& r) { return SelectTrade{r.varint()}; }

}  // namespace

std::string_view invalid_move_values(const MovePlayer& m) noexcept {
    if (m.has_pos && (!std::isfinite(m.x) || !std::isfinite(m.y) || !std::isfinite(m.z)))
        return "a coordinate is not a finite number";
    if (m.has_rot && (!std::isfinite(m.yaw) || !std::isfinite(m.pitch))) return "an angle is not a finite number";
    if (m.has_pos && (std::abs(m.x) > kMaxHorizontal || std::abs(m.z) > kMaxHorizontal || std::abs(m.y) > kMaxVertical))
        return "a coordinate is beyond ±3.0E7 (x, z) or ±2.0E7 (y)";
    return {};
}

std::string_view game_state_name(GameState state) noexcept {
    switch (state) {
        case GameState::Login: return "login";
        case GameState::Configuration: return "configuration";
        case GameState::Play: return "play";
    }
    return "?";
}

Result<ServerboundPacket, std::string> decode_serverbound(GameState state, std::string_view body) {
    PacketReader r(body);
    const std::int32_t id = r.varint();
    if (!r.ok()) return unexpected("packet id: " + r.error());
    switch (state) {
        case GameState::Login:
            switch (id) {
                case 0x00: {
                    LoginStart p;
                    p.name = r.string(16);
                    p.uuid = r.uuid();
                    return done(r, "Login Start", std::move(p));
                }
                case 0x03: return done(r, "Login Acknowledged", LoginAcknowledged{});
                default: break;  // encryption and login plugin answers: never asked for
            }
            break;
        case GameState::Configuration:
            switch (id) {
                case 0x00: {
                    auto info = read_client_information(r);
                    return done(r, "Client Information", std::move(info));
                }
                case 0x01: read_plugin_message(r); return done(r, "Plugin Message", Ignored{id});
                case 0x02: return done(r, "Finish Configuration", FinishConfiguration{});
                case 0x03: {
                    KeepAliveResponse k{r.i64()};
                    return done(r, "Keep Alive", k);
                }
                case 0x04: r.i32(); return done(r, "Pong", Ignored{id});
                case 0x05:
                    r.uuid();
                    r.varint();
                    return done(r, "Resource Pack Response", Ignored{id});
                default: break;
            }
            break;
        case GameState::Play:
            switch (id) {
                case 0x00: {
                    ConfirmTeleport t{r.varint()};
                    return done(r, "Confirm Teleportation", t);
                }
                case 0x04: {
                    ChatCommand c{r.string(256)};  // vanilla reads at most 256 characters
                    r.i64();                       // timestamp
                    r.i64();                       // salt
                    const std::int32_t n = r.varint();
                    if (n < 0 || n > 8) r.fail("argument signature count " + std::to_string(n) + " is not 0–8");
                    for (std::int32_t i = 0; r.ok() && i < n; ++i) {
                        r.string(16);
                        r.bytes(256);
                    }
                    r.varint();  // message count
                    r.bytes(3);  // acknowledged (20-bit fixed bit set)
                    return done(r, "Chat Command", std::move(c));
                }
                case 0x05: {
                    ChatMessage m{r.string(256)};
                    r.i64();  // timestamp
                    r.i64();  // salt
                    if (r.boolean()) r.bytes(256);
                    r.varint();  // message count
                    r.bytes(3);
                    return done(r, "Chat Message", std::move(m));
                }
                case 0x07: {
                    ChunkBatchReceived b{r.f32()};
                    return done(r, "Chunk Batch Received", b);
                }
                case 0x08: {
                    auto c = read_client_command(r);
                    return done(r, "Client Command", c);
                }
                case 0x13: {
                    auto i = read_interact(r);
                    if (!std::isfinite(i.x) || !std::isfinite(i.y) || !std::isfinite(i.z))
                        return unexpected(std::string("Interact: the point is not finite"));
                    return done(r, "Interact", i);
                }
                case 0x33: {
                    auto s = read_swing_arm(r);
                    return done(r, "Swing Arm", s);
                }
                case 0x09: {
                    auto info = read_client_information(r);
                    return done(r, "Client Information", std::move(info));
                }
                case 0x10: read_plugin_message(r); return done(r, "Plugin Message", Ignored{id});
                case 0x15: {
                    KeepAliveResponse k{r.i64()};
                    return done(r, "Keep Alive", k);
                }
                case 0x17:
                case 0x18:
                case 0x19:
                case 0x1A: {
                    MovePlayer m;
                    m.has_pos = id == 0x17 || id == 0x18;
                    m.has_rot = id == 0x18 || id == 0x19;
                    if (m.has_pos) {
                        m.x = r.f64();
                        m.y = r.f64();
                        m.z = r.f64();
                    }
                    if (m.has_rot) {
                        m.yaw = r.f32();
                        m.pitch = r.f32();
                    }
                    m.on_ground = r.boolean();
                    return done(r, "Move Player", m);  // its values are checked by invalid_move_values
                }
                case 0x0D: {
                    auto c = read_click_container(r);
                    return done(r, "Click Container", std::move(c));
                }
                case 0x0E: {
                    CloseContainer c{r.u8()};
                    return done(r, "Close Container", c);
                }
                case 0x21: {
                    auto a = read_player_action(r);
                    return done(r, "Player Action", a);
                }
                case 0x20: {
                    PlayerAbilities a{(r.u8() & 0x02) != 0};
                    return done(r, "Player Abilities", a);
                }
                case 0x22: {
                    PlayerCommand pc;
                    pc.entity_id = r.varint();
                    const std::int32_t action = r.varint();
                    if (r.ok() && (action < 0 || action > 8))
                        r.fail("action " + std::to_string(action) + " is not 0–8");
                    pc.action = static_cast<PlayerCommand::Action>(action);
                    pc.data = r.varint();
                    return done(r, "Player Command", pc);
                }
                case 0x2A: {
                    auto t = read_select_trade(r);
                    return done(r, "Select Trade", t);
                }
                case 0x2C: {
                    SetHeldItem h{r.i16()};
                    return done(r, "Set Held Item", h);
                }
                case 0x2F: {
                    SetCreativeSlot c;
                    c.slot = r.i16();
                    c.item = read_slot(r);
                    return done(r, "Set Creative Mode Slot", std::move(c));
                }
                default:
                    // Vanilla's other play packets (0x01–0x36): read but not acted on yet.
                    if (id >= 0x01 && id <= 0x36) {
                        r.bytes(r.remaining());
                        return ServerboundPacket(Ignored{id});
                    }
                    break;
            }
            break;
    }
    return unexpected("packet id " + id_text(id) + " is not a serverbound " + std::string(game_state_name(state)) +
                      " packet");
}

}  // namespace mobsdk::server
