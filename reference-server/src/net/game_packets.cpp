// Serverbound packet decoding for login, configuration and play (protocol 765).
#include "mobserver/net/game_packets.hpp"

#include <cmath>

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

}  // namespace

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
                    if (!r.finish("Move Player")) return unexpected("Move Player: " + r.error());
                    if (!std::isfinite(m.x) || !std::isfinite(m.y) || !std::isfinite(m.z) || !std::isfinite(m.yaw) ||
                        !std::isfinite(m.pitch))
                        return unexpected(std::string("Move Player: Invalid move player packet received"));
                    if (std::abs(m.x) > kMaxHorizontal || std::abs(m.z) > kMaxHorizontal ||
                        std::abs(m.y) > kMaxVertical)
                        return unexpected(std::string("Move Player: Illegal position"));
                    return ServerboundPacket(m);
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
