// Serverbound packets of login, configuration and play: what a client sends decodes to typed
// values; ids of another state, non-finite or absurd positions and trailing bytes are refused;
// Disconnect and version refusals read as vanilla's.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>

#include "mobserver/net/game_connection.hpp"
#include "mobserver/net/game_packets.hpp"
#include "mobserver/net/packet_codec.hpp"
#include "mobserver/net/play_packets.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

BOOST_AUTO_TEST_SUITE(game_packets)

BOOST_AUTO_TEST_CASE(login_packets) {
    PacketWriter start(0x00);
    start.string("tester").uuid({1, 2});
    auto p = decode_serverbound(GameState::Login, start.body());
    BOOST_REQUIRE(p.has_value());
    BOOST_TEST(std::get<LoginStart>(*p).name == "tester");
    BOOST_TEST(std::get<LoginStart>(*p).uuid.lsb == 2u);
    BOOST_TEST(
        std::holds_alternative<LoginAcknowledged>(*decode_serverbound(GameState::Login, PacketWriter(3).body())));
    PacketWriter long_name(0x00);
    long_name.string("seventeen_letters").uuid({});
    BOOST_TEST(decode_serverbound(GameState::Login, long_name.body()).error() ==
               "Login Start: string of 17 characters is longer than the limit of 16");
    BOOST_TEST(decode_serverbound(GameState::Login, PacketWriter(0x01).body()).error() ==
               "packet id 0x01 is not a serverbound login packet");
}

BOOST_AUTO_TEST_CASE(configuration_packets) {
    PacketWriter info(0x00);
    info.string("en_us").u8(12).varint(0).boolean(true).u8(0x7f).varint(1).boolean(false).boolean(true);
    auto p = decode_serverbound(GameState::Configuration, info.body());
    BOOST_REQUIRE(p.has_value());
    BOOST_TEST(std::get<ClientInformation>(*p).view_distance == 12);
    BOOST_TEST(std::holds_alternative<FinishConfiguration>(
        *decode_serverbound(GameState::Configuration, PacketWriter(0x02).body())));
    PacketWriter brand(0x01);
    brand.string("minecraft:brand").string("vanilla");
    BOOST_TEST(std::holds_alternative<Ignored>(*decode_serverbound(GameState::Configuration, brand.body())));
    // A play packet id in configuration.
    BOOST_TEST(!decode_serverbound(GameState::Configuration, PacketWriter(0x15).body()).has_value());
}

BOOST_AUTO_TEST_CASE(play_packets) {
    PacketWriter move(0x18);
    move.f64(1.5).f64(-60).f64(2.5).f32(90).f32(10).boolean(true);
    auto p = decode_serverbound(GameState::Play, move.body());
    BOOST_REQUIRE(p.has_value());
    const auto& m = std::get<MovePlayer>(*p);
    BOOST_TEST((m.has_pos && m.has_rot && m.on_ground));
    BOOST_TEST(m.x == 1.5);
    BOOST_TEST(m.yaw == 90.0f);

    PacketWriter chat(0x05);
    chat.string("hello").i64(0).i64(0).boolean(false).varint(0).bytes(std::string(3, '\0'));
    BOOST_TEST(std::get<ChatMessage>(*decode_serverbound(GameState::Play, chat.body())).text == "hello");
    PacketWriter keep(0x15);
    keep.i64(-5);
    BOOST_TEST(std::get<KeepAliveResponse>(*decode_serverbound(GameState::Play, keep.body())).id == -5);
    PacketWriter batch(0x07);
    batch.f32(9.5f);
    BOOST_TEST(std::get<ChunkBatchReceived>(*decode_serverbound(GameState::Play, batch.body())).chunks_per_tick ==
               9.5f);
    PacketWriter confirm(0x00);
    confirm.varint(7);
    BOOST_TEST(std::get<ConfirmTeleport>(*decode_serverbound(GameState::Play, confirm.body())).id == 7);
    PacketWriter swing(0x33);
    swing.varint(0);
    BOOST_TEST(
        (std::get<SwingArm>(*decode_serverbound(GameState::Play, swing.body())).hand == InteractionHand::MainHand));
    // Packets read but not acted on yet (Pick Item).
    PacketWriter pick(0x1D);
    pick.varint(3);
    BOOST_TEST(std::holds_alternative<Ignored>(*decode_serverbound(GameState::Play, pick.body())));
}

BOOST_AUTO_TEST_CASE(bad_play_packets_are_refused) {
    // Move Player values are read as sent and judged by invalid_move_values (the player list then
    // disconnects with vanilla's "Invalid move player packet received").
    auto move = [](double x, double y, double z, float yaw = 0) {
        PacketWriter w(0x18);
        w.f64(x).f64(y).f64(z).f32(yaw).f32(0).boolean(true);
        return std::get<MovePlayer>(*decode_serverbound(GameState::Play, w.body()));
    };
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    BOOST_TEST(invalid_move_values(move(0, -60, 0)).empty());
    BOOST_TEST(invalid_move_values(move(3.0e7, 2.0e7, -3.0e7)).empty());
    BOOST_TEST(invalid_move_values(move(nan, 0, 0)) == "a coordinate is not a finite number");
    BOOST_TEST(invalid_move_values(move(0, inf, 0)) == "a coordinate is not a finite number");
    BOOST_TEST(invalid_move_values(move(0, 0, 0, std::numeric_limits<float>::infinity())) ==
               "an angle is not a finite number");
    BOOST_TEST(invalid_move_values(move(3.1e7, 0, 0)) == "a coordinate is beyond ±3.0E7 (x, z) or ±2.0E7 (y)");
    BOOST_TEST(invalid_move_values(move(0, -2.1e7, 0)) == "a coordinate is beyond ±3.0E7 (x, z) or ±2.0E7 (y)");
    BOOST_TEST(invalid_move_values(move(0, 0, -3.1e7)) == "a coordinate is beyond ±3.0E7 (x, z) or ±2.0E7 (y)");
    PacketWriter extra(0x15);
    extra.i64(1).u8(0);
    BOOST_TEST(decode_serverbound(GameState::Play, extra.body()).error() ==
               "Keep Alive: packet Keep Alive was larger than expected: 1 bytes extra");
    BOOST_TEST(decode_serverbound(GameState::Play, PacketWriter(0x7f).body()).error() ==
               "packet id 0x7F is not a serverbound play packet");
    PacketWriter long_chat(0x05);
    long_chat.string(std::string(257, 'a'));
    BOOST_TEST(!decode_serverbound(GameState::Play, long_chat.body()).has_value());
    // A command is at most 256 characters, as vanilla's ServerboundChatCommandPacket reads it.
    auto command = [](std::size_t n) {
        PacketWriter w(0x04);
        w.string(std::string(n, 'a')).i64(0).i64(0).varint(0).varint(0).bytes(std::string(3, '\0'));
        return decode_serverbound(GameState::Play, w.body());
    };
    BOOST_TEST(std::get<ChatCommand>(*command(256)).command.size() == 256u);
    BOOST_TEST(!command(257).has_value());
    BOOST_TEST(!decode_serverbound(GameState::Play, "").has_value());
}

BOOST_AUTO_TEST_CASE(inventory_packets) {
    // Click Container with a changed slot that carries NBT, then the carried stack after it.
    const NetworkSlot named{800, 3, nbt::Compound{{"display", nbt::Compound{{"Name", "\"Loaf\""}}}}};
    PacketWriter click(0x0D);
    click.u8(0).varint(5).i16(36).u8(1).varint(0).varint(2).i16(36);
    write_slot(click, named);
    click.i16(37);
    write_slot(click, {});
    write_slot(click, NetworkSlot{800, 2, {}});
    auto p = decode_serverbound(GameState::Play, click.body());
    BOOST_REQUIRE(p.has_value());
    const auto& c = std::get<ClickContainer>(*p);
    BOOST_TEST(c.state_id == 5);
    BOOST_TEST(c.slot == 36);
    BOOST_TEST(c.button == 1);
    BOOST_TEST(c.mode == 0);
    BOOST_REQUIRE(c.changed.size() == 2u);
    BOOST_TEST(c.changed[0].second.id == 800);
    BOOST_TEST(c.changed[0].second.count == 3);
    BOOST_TEST((c.changed[0].second.tag == named.tag));
    BOOST_TEST(c.changed[1].second.count == 0);
    BOOST_TEST(c.carried.count == 2);
    BOOST_TEST(!c.carried.tag.has_value());
    // Vanilla's limits: at most 128 changed slots, click modes 0–6, a compound or no NBT.
    PacketWriter many(0x0D);
    many.u8(0).varint(0).i16(0).u8(0).varint(0).varint(129);
    BOOST_TEST(!decode_serverbound(GameState::Play, many.body()).has_value());
    PacketWriter mode(0x0D);
    mode.u8(0).varint(0).i16(0).u8(0).varint(7).varint(0).boolean(false);
    BOOST_TEST(!decode_serverbound(GameState::Play, mode.body()).has_value());
    PacketWriter not_compound(0x2F);
    not_compound.i16(36).boolean(true).varint(1).u8(1).nbt(nbt::Tag(std::int32_t{5}));
    BOOST_TEST(!decode_serverbound(GameState::Play, not_compound.body()).has_value());
    PacketWriter cut(0x2F);
    cut.i16(36).boolean(true).varint(1).u8(1);
    BOOST_TEST(!decode_serverbound(GameState::Play, cut.body()).has_value());
    // Set Creative Mode Slot, Set Held Item, Close Container, Player Action.
    PacketWriter creative(0x2F);
    creative.i16(-1);
    write_slot(creative, named);
    const auto cs = std::get<SetCreativeSlot>(*decode_serverbound(GameState::Play, creative.body()));
    BOOST_TEST(cs.slot == -1);
    BOOST_TEST(cs.item.count == 3);
    PacketWriter held(0x2C);
    held.i16(12);
    BOOST_TEST(std::get<SetHeldItem>(*decode_serverbound(GameState::Play, held.body())).slot == 12);
    PacketWriter close(0x0E);
    close.u8(0);
    BOOST_TEST(std::holds_alternative<CloseContainer>(*decode_serverbound(GameState::Play, close.body())));
    PacketWriter drop(0x21);
    drop.varint(4).position({0, 0, 0}).u8(0).varint(0);
    BOOST_TEST(std::get<PlayerAction>(*decode_serverbound(GameState::Play, drop.body())).status == 4);
    PacketWriter dig(0x21);
    dig.varint(0).position({-5, 70, 12}).u8(1).varint(3);
    const auto a = std::get<PlayerAction>(*decode_serverbound(GameState::Play, dig.body()));
    BOOST_TEST((a.pos == BlockPos{-5, 70, 12}));
    BOOST_TEST(a.sequence == 3);
    // What the server sends: Set Container Slot carries the tag too.
    const std::string slot = encode_container_slot(0, 3, 36, named);
    PacketReader r(slot);
    BOOST_TEST(r.varint() == 0x15);
    BOOST_TEST(r.u8() == 0);
    BOOST_TEST(r.varint() == 3);
    BOOST_TEST(r.i16() == 36);
    BOOST_TEST(r.boolean());
    BOOST_TEST(r.varint() == 800);
    BOOST_TEST(r.u8() == 3);
    BOOST_TEST(r.u8() == 10);  // TAG_Compound
}

BOOST_AUTO_TEST_CASE(refusals_read_as_vanillas) {
    BOOST_TEST(version_refusal(764) == "Outdated client! Please use 1.20.4");
    BOOST_TEST(version_refusal(766) == "Outdated server! I'm still on 1.20.4");
    const std::string login = encode_game_disconnect(GameState::Login, "Bye \"you\"");
    PacketReader r(login);
    BOOST_TEST(r.varint() == 0x00);
    BOOST_TEST(r.string() == "{\"text\":\"Bye \\\"you\\\"\"}");
    const std::string play = encode_game_disconnect(GameState::Play, "Timed out");
    BOOST_TEST(play[0] == 0x1B);
    BOOST_TEST(play[1] == 0x0A);  // network NBT compound {text: "Timed out"}
    BOOST_TEST(encode_game_disconnect(GameState::Configuration, "x")[0] == 0x01);
}

BOOST_AUTO_TEST_SUITE_END()
