// The entity tracker over a world stepped by hand, with fake connections that keep every packet:
// what a player's client is sent as entities come into view, move, change and go.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/stdlib/villager.hpp"
#include "mobserver/net/packet_codec.hpp"
#include "mobserver/net/vanilla_network_ids.hpp"
#include "mobserver/server/entity_tracker.hpp"
#include "mobserver/server/server_player.hpp"
#include "mobserver/world/harness.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

struct CapturingConnection final : GameConnection {
    std::vector<std::string> bodies;
    std::string player_name = "tester";
    std::string peer = "127.0.0.1";
    void accept_login(std::vector<std::string>) override {}
    void send(std::string body) override { bodies.push_back(std::move(body)); }
    void disconnect(std::string) override {}
    const std::string& name() const override { return player_name; }
    Uuid uuid() const override { return {}; }
    const std::string& address() const override { return peer; }
};

std::int32_t packet_id(const std::string& body) {
    PacketReader r(body);
    return r.varint();
}

struct Fixture {
    explicit Fixture(WorldHarness::Options options = {}) : harness(std::move(options)) {
        tracker = std::make_unique<EntityTracker>(
            harness.world(), 10, [this](std::string_view, std::string line) { log.push_back(std::move(line)); });
        connection = std::make_shared<CapturingConnection>();
        player.connection = connection;
        player.entity_id = harness.world().allocate_network_id();
        player.pos = {0.5, -60.0, 0.5};
        for (std::int32_t x = -3; x <= 3; ++x)
            for (std::int32_t z = -3; z <= 3; ++z) player.sent.insert({x, z});
        tracker->add_player(player);
    }
    // Packets of type `id` sent since the last call (they are then forgotten).
    std::vector<std::string> take(std::int32_t id) {
        std::vector<std::string> out;
        for (const std::string& b : connection->bodies)
            if (packet_id(b) == id) out.push_back(b);
        connection->bodies.clear();
        return out;
    }
    // Every packet sent since the last call, as ids.
    std::vector<std::int32_t> ids() const {
        std::vector<std::int32_t> out;
        for (const std::string& b : connection->bodies) out.push_back(packet_id(b));
        return out;
    }
    bool sent(std::int32_t id) const {
        const auto all = ids();
        return std::find(all.begin(), all.end(), id) != all.end();
    }

    WorldHarness harness;
    std::vector<std::string> log;
    std::unique_ptr<EntityTracker> tracker;
    std::shared_ptr<CapturingConnection> connection;
    ServerPlayer player;
};

struct Spawn {
    std::int32_t id, type;
    double x, y, z;
};

Spawn read_spawn(const std::string& body) {
    PacketReader r(body);
    r.varint();
    Spawn s{};
    s.id = r.varint();
    r.uuid();
    s.type = r.varint();
    s.x = r.f64();
    s.y = r.f64();
    s.z = r.f64();
    return s;
}

// The entries of a Set Entity Metadata: (index, serializer, the value's bytes up to the next entry)
// for the fixed-size serializers the tests read (VarInt values are read as VarInts).
struct MetaEntry {
    int index, serializer;
    std::vector<std::int32_t> ints;  // VarInt fields, or the slot's present/id/count
};

std::vector<MetaEntry> read_metadata(const std::string& body, std::int32_t& entity) {
    PacketReader r(body);
    r.varint();
    entity = r.varint();
    std::vector<MetaEntry> out;
    while (r.ok()) {
        const int index = r.u8();
        if (index == 0xFF) break;
        MetaEntry e{index, r.varint(), {}};
        switch (e.serializer) {
            case 0: e.ints.push_back(r.u8()); break;
            case 1: e.ints.push_back(r.varint()); break;
            case 3: r.f32(); break;
            case 6:
            case 11:
                if (r.boolean()) {
                    if (e.serializer == 11) r.i64();
                    else return out;  // text: not read by these tests
                }
                break;
            case 7:
                e.ints.push_back(r.boolean());
                if (e.ints[0]) {
                    e.ints.push_back(r.varint());
                    e.ints.push_back(r.u8());
                    r.u8();  // no NBT
                }
                break;
            case 8: e.ints.push_back(r.boolean()); break;
            case 18:
                for (int i = 0; i < 3; ++i) e.ints.push_back(r.varint());
                break;
            case 20: e.ints.push_back(r.varint()); break;
            default: BOOST_FAIL("unexpected serializer " << e.serializer); return out;
        }
        out.push_back(e);
    }
    return out;
}

std::optional<MetaEntry> meta_entry(const std::vector<std::string>& bodies, std::int32_t entity, int index) {
    for (const std::string& b : bodies) {
        if (packet_id(b) != 0x56) continue;
        std::int32_t id = 0;
        for (const MetaEntry& e : read_metadata(b, id))
            if (id == entity && e.index == index) return e;
    }
    return std::nullopt;
}

std::vector<std::int32_t> removed_ids(const std::vector<std::string>& bodies) {
    std::vector<std::int32_t> out;
    for (const std::string& b : bodies) {
        PacketReader r(b);
        r.varint();
        const std::int32_t n = r.varint();
        for (std::int32_t i = 0; i < n; ++i) out.push_back(r.varint());
    }
    return out;
}

constexpr std::int32_t kSpawn = 0x01, kMetadata = 0x56, kMovePos = 0x2C, kMovePosRot = 0x2D, kTeleport = 0x6D,
                       kRemove = 0x40, kEvent = 0x1D;

}  // namespace

BOOST_AUTO_TEST_SUITE(entity_tracker)

BOOST_AUTO_TEST_CASE(a_villager_in_range_is_spawned_with_its_type_and_villager_data) {
    Fixture f;
    ServerMob& villager = f.harness.spawn("villager", {3.5, -60.0, 2.5});
    auto state = std::make_unique<stdlib::VillagerState>();
    state->data.profession = ResourceLocation::of("farmer");
    state->data.type = ResourceLocation::of("desert");
    state->data.level = 2;
    villager.set_attachment(std::move(state));
    f.tracker->tick();
    const std::vector<std::string> bodies = f.connection->bodies;
    const auto spawns = f.take(kSpawn);
    BOOST_REQUIRE_EQUAL(spawns.size(), 1u);
    const Spawn s = read_spawn(spawns[0]);
    BOOST_TEST(s.id == villager.data().network_id);
    BOOST_TEST(s.type == 109);  // minecraft:villager in 1.20.4
    BOOST_TEST(s.x == 3.5);
    BOOST_TEST(s.z == 2.5);
    const auto data = meta_entry(bodies, s.id, 18);
    BOOST_REQUIRE(data.has_value());
    BOOST_TEST(data->serializer == 18);
    BOOST_TEST((data->ints == std::vector<std::int32_t>{0, 5, 2}));  // desert, farmer, level 2
    BOOST_TEST(f.tracker->is_shown(f.player, s.id));

    // A new profession is sent once, as a metadata update.
    villager.attachment_as<stdlib::VillagerState>()->data.profession = ResourceLocation::of("librarian");
    for (int i = 0; i < 3; ++i) f.tracker->tick();
    const auto updates = f.take(kMetadata);
    const auto changed = meta_entry(updates, s.id, 18);
    BOOST_REQUIRE(changed.has_value());
    BOOST_TEST((changed->ints == std::vector<std::int32_t>{0, 9, 2}));
    for (int i = 0; i < 6; ++i) f.tracker->tick();
    BOOST_TEST(!meta_entry(f.take(kMetadata), s.id, 18).has_value());  // no resend

    // The head shake (index 17): the counter when it starts, nothing while it counts down, 0 at
    // the end.
    auto* v = villager.attachment_as<stdlib::VillagerState>();
    v->unhappy_counter = 40;
    for (int i = 0; i < 3; ++i) f.tracker->tick();
    const auto shake = meta_entry(f.take(kMetadata), s.id, 17);
    BOOST_REQUIRE(shake.has_value());
    BOOST_TEST(shake->ints[0] == 40);
    v->unhappy_counter = 20;
    for (int i = 0; i < 3; ++i) f.tracker->tick();
    BOOST_TEST(!meta_entry(f.take(kMetadata), s.id, 17).has_value());
    v->unhappy_counter = 0;
    for (int i = 0; i < 3; ++i) f.tracker->tick();
    const auto still = meta_entry(f.take(kMetadata), s.id, 17);
    BOOST_REQUIRE(still.has_value());
    BOOST_TEST(still->ints[0] == 0);
}

BOOST_AUTO_TEST_CASE(moving_sends_relative_moves_and_ten_blocks_a_teleport) {
    Fixture f;
    ServerMob& villager = f.harness.spawn("villager", {0.5, -60.0, 0.5});
    f.tracker->tick();
    BOOST_REQUIRE_EQUAL(f.take(kSpawn).size(), 1u);
    f.harness.world().teleport(villager.handle(), {1.5, -60.0, 0.5});
    for (int i = 0; i < 3; ++i) f.tracker->tick();  // one update interval
    std::vector<std::string> moves = f.connection->bodies;
    moves.erase(
        std::remove_if(moves.begin(), moves.end(),
                       [](const std::string& b) { return packet_id(b) != kMovePos && packet_id(b) != kMovePosRot; }),
        moves.end());
    f.take(kMovePos);
    BOOST_REQUIRE_EQUAL(moves.size(), 1u);
    PacketReader r(moves[0]);
    r.varint();
    BOOST_TEST(r.varint() == villager.data().network_id);
    BOOST_TEST(r.i16() == 4096);  // one block in 1/4096
    BOOST_TEST(r.i16() == 0);
    BOOST_TEST(r.i16() == 0);

    f.harness.world().teleport(villager.handle(), {11.5, -60.0, 0.5});
    for (int i = 0; i < 3; ++i) f.tracker->tick();
    BOOST_TEST(f.sent(kTeleport));
    BOOST_TEST(!f.sent(kMovePos));
    const auto teleports = f.take(kTeleport);
    BOOST_REQUIRE_EQUAL(teleports.size(), 1u);
    PacketReader t(teleports[0]);
    t.varint();
    t.varint();
    BOOST_TEST(t.f64() == 11.5);
}

BOOST_AUTO_TEST_CASE(leaving_range_unload_kill_and_removal_send_remove_entities) {
    Fixture f;
    ServerMob& zombie = f.harness.spawn("zombie", {2.5, -60.0, 2.5});
    ItemEntity& item = f.harness.world().spawn_item({-2.5, -60.0, -2.5}, ItemStack{ResourceLocation::of("bread"), 1});
    ServerMob& villager = f.harness.spawn("villager", {20.5, -60.0, 20.5});  // chunk (1, 1)
    f.tracker->tick();
    BOOST_REQUIRE_EQUAL(f.take(kSpawn).size(), 3u);

    // The client drops chunk (1, 1): the villager goes.
    f.player.sent.erase({1, 1});
    f.tracker->tick();
    BOOST_TEST((removed_ids(f.take(kRemove)) == std::vector<std::int32_t>{villager.data().network_id}));

    // A removed item goes.
    f.harness.world().remove(item.handle());
    f.tracker->tick();
    BOOST_TEST((removed_ids(f.take(kRemove)) == std::vector<std::int32_t>{item.data().network_id}));

    // A killed zombie dies (event 3, pose dying) and goes after its death animation.
    const std::int32_t zombie_id = zombie.data().network_id;
    f.harness.world().kill(zombie.handle());
    f.tracker->tick();
    const std::vector<std::string> death = f.connection->bodies;
    BOOST_REQUIRE_EQUAL(f.take(kEvent).size(), 1u);
    const auto pose = meta_entry(death, zombie_id, 6);
    BOOST_REQUIRE(pose.has_value());
    BOOST_TEST(pose->ints[0] == 7);  // DYING
    bool removed = false;
    for (int i = 0; i < 25 && !removed; ++i) {
        f.harness.tick();
        f.tracker->tick();
        removed = !removed_ids(f.take(kRemove)).empty();
    }
    BOOST_TEST(removed);

    // Leaving range: the player goes far away.
    ServerMob& near = f.harness.spawn("villager", {0.5, -60.0, 0.5});
    f.tracker->tick();
    BOOST_REQUIRE_EQUAL(f.take(kSpawn).size(), 1u);
    f.player.pos = {400.5, -60.0, 0.5};
    f.tracker->tick();
    BOOST_TEST((removed_ids(f.take(kRemove)) == std::vector<std::int32_t>{near.data().network_id}));
}

BOOST_AUTO_TEST_CASE(a_slimes_size_and_an_items_stack_are_in_their_metadata) {
    Fixture f;
    ServerMob& slime = f.harness.spawn("slime", {1.5, -60.0, 1.5});
    slime.set_dimension_scale(0.255f * 3);
    ItemEntity& item = f.harness.world().spawn_item({-1.5, -60.0, 1.5}, ItemStack{ResourceLocation::of("bread"), 5});
    f.tracker->tick();
    const auto meta = f.take(kMetadata);
    const auto size = meta_entry(meta, slime.data().network_id, 16);
    BOOST_REQUIRE(size.has_value());
    BOOST_TEST(size->serializer == 1);
    BOOST_TEST(size->ints[0] == 3);
    const auto stack = meta_entry(meta, item.data().network_id, 8);
    BOOST_REQUIRE(stack.has_value());
    BOOST_TEST(stack->serializer == 7);
    BOOST_TEST((stack->ints == std::vector<std::int32_t>{1, *vanilla_item_id("minecraft:bread"), 5}));
}

BOOST_AUTO_TEST_CASE(aggression_and_entity_events_reach_the_client) {
    Fixture f;
    ServerMob& golem = f.harness.spawn("iron_golem", {1.5, -60.0, 1.5});
    f.tracker->tick();
    f.take(kMetadata);
    // Mob flags (index 15): aggressive is 0x04 (a zombie's raised arms, a skeleton's drawn bow).
    golem.set_aggressive(true);
    for (int i = 0; i < 3; ++i) {  // a golem's update interval
        f.harness.tick();
        f.tracker->tick();
    }
    const auto flags = meta_entry(f.take(kMetadata), golem.data().network_id, 15);
    BOOST_REQUIRE(flags.has_value());
    BOOST_TEST(flags->ints[0] == 0x04);
    // An entity event goes out once, in the tick it was broadcast.
    golem.broadcast_entity_event(4);
    f.tracker->tick();
    auto events = f.take(kEvent);
    BOOST_REQUIRE_EQUAL(events.size(), 1u);
    PacketReader r(events[0]);
    r.varint();
    BOOST_TEST(r.i32() == golem.data().network_id);
    BOOST_TEST(r.u8() == 4);
    f.harness.tick();
    f.tracker->tick();
    BOOST_TEST(f.take(kEvent).empty());
    // A swing is an Entity Animation (0: the main arm), sent with the tick's events.
    golem.swing(InteractionHand::MainHand);
    f.tracker->tick();
    auto swings = f.take(0x03);
    BOOST_REQUIRE_EQUAL(swings.size(), 1u);
    PacketReader a(swings[0]);
    a.varint();
    BOOST_TEST(a.varint() == golem.data().network_id);
    BOOST_TEST(a.u8() == 0);
    // Events of a tick long past are not sent late.
    golem.broadcast_entity_event(11);
    for (int i = 0; i < 3; ++i) f.harness.tick();
    BOOST_TEST(golem.entity_events().empty());
}

BOOST_AUTO_TEST_CASE(a_crouching_player_is_shown_crouching) {
    Fixture f;
    World& w = f.harness.world();
    PlayerEntity& other = w.player_kind().spawn(w, Uuid{9, 9}, "other", {2.5, -60.0, 0.5});
    f.tracker->tick();
    f.take(kMetadata);
    other.shift_key_down = true;
    other.sprinting = true;
    for (int i = 0; i < 2; ++i) {
        f.harness.tick();
        f.tracker->tick();
    }
    const auto sent = f.take(kMetadata);
    const auto flags = meta_entry(sent, other.data().network_id, 0);
    const auto pose = meta_entry(sent, other.data().network_id, 6);
    BOOST_REQUIRE(flags.has_value());
    BOOST_REQUIRE(pose.has_value());
    BOOST_TEST(flags->ints[0] == (0x02 | 0x08));
    BOOST_TEST(pose->ints[0] == 5);
    // Flying (creative) players do not crouch.
    other.set_game_mode(GameMode::Creative);
    other.flying = true;
    for (int i = 0; i < 2; ++i) {
        f.harness.tick();
        f.tracker->tick();
    }
    const auto after = f.take(kMetadata);
    BOOST_REQUIRE(meta_entry(after, other.data().network_id, 6).has_value());
    BOOST_TEST(meta_entry(after, other.data().network_id, 6)->ints[0] == 0);
    BOOST_TEST(meta_entry(after, other.data().network_id, 0)->ints[0] == 0x08);
}

BOOST_AUTO_TEST_CASE(an_entity_outside_the_players_sent_chunks_is_not_spawned) {
    Fixture f;
    f.player.sent.erase({2, 0});
    ServerMob& villager = f.harness.spawn("villager", {40.5, -60.0, 8.5});  // chunk (2, 0), in range
    f.tracker->tick();
    BOOST_TEST(f.take(kSpawn).empty());
    f.player.sent.insert({2, 0});
    f.tracker->tick();
    const auto spawns = f.take(kSpawn);
    BOOST_REQUIRE_EQUAL(spawns.size(), 1u);
    BOOST_TEST(read_spawn(spawns[0]).id == villager.data().network_id);
}

BOOST_AUTO_TEST_CASE(the_players_own_view_distance_caps_the_range) {
    // Vanilla's TrackedEntity.updatePlayer: within min(the type's range, the player's view
    // distance) chunks; a villager 40 blocks away is beyond a view distance of 2.
    Fixture f;
    f.player.view_distance = 2;
    f.harness.spawn("villager", {40.5, -60.0, 8.5});
    ServerMob& near = f.harness.spawn("villager", {20.5, -60.0, 8.5});
    f.tracker->tick();
    const auto spawns = f.take(kSpawn);
    BOOST_REQUIRE_EQUAL(spawns.size(), 1u);
    BOOST_TEST(read_spawn(spawns[0]).id == near.data().network_id);
}

BOOST_AUTO_TEST_CASE(a_plugin_type_without_a_client_model_is_never_sent) {
    WorldHarness::Options options;
    options.register_more = [](WorldRegistries& r) {
        r.entity_types.register_entry("test:blob", EntityTypeInfo{});
        EntityTypeInfo shown;
        shown.client_model = ResourceLocation::of("allay");
        r.entity_types.register_entry("test:shown", shown);
    };
    Fixture f(options);
    BOOST_TEST((std::count(f.log.begin(), f.log.end(),
                           "entity type test:blob has no client model: not shown to players") == 1));
    const auto blob = f.harness.registries().entity_types.require("test:blob");
    const auto shown = f.harness.registries().entity_types.require("test:shown");
    f.harness.world().spawn_mob(blob, {0.5, -60.0, 0.5});
    ServerMob& allay = f.harness.world().spawn_mob(shown, {1.5, -60.0, 0.5});
    for (int i = 0; i < 5; ++i) f.tracker->tick();
    const auto spawns = f.take(kSpawn);
    BOOST_REQUIRE_EQUAL(spawns.size(), 1u);
    BOOST_TEST(read_spawn(spawns[0]).id == allay.data().network_id);
    BOOST_TEST(read_spawn(spawns[0]).type == 0);  // minecraft:allay
}

BOOST_AUTO_TEST_CASE(a_villager_picking_up_an_item_sends_take_item_entity_before_the_item_goes) {
    Fixture f;
    ServerMob& villager = f.harness.spawn("villager", {0.5, -60.0, 0.5});
    villager.set_attachment(std::make_unique<stdlib::VillagerState>());
    ItemEntity& bread = f.harness.world().spawn_item({0.5, -60.0, 0.5}, ItemStack{ResourceLocation::of("bread"), 2});
    bread.pickup_delay = 0;
    const std::int32_t item_id = bread.data().network_id;
    f.tracker->tick();
    BOOST_REQUIRE_EQUAL(f.take(kSpawn).size(), 2u);
    f.harness.tick();
    f.tracker->tick();
    const std::vector<std::string> bodies = f.connection->bodies;
    const auto takes = f.take(0x6C);
    BOOST_REQUIRE_EQUAL(takes.size(), 1u);
    PacketReader r(takes[0]);
    r.varint();
    BOOST_TEST(r.varint() == item_id);
    BOOST_TEST(r.varint() == villager.data().network_id);
    BOOST_TEST(r.varint() == 2);
    // Then the item goes, in the same tick's buffer.
    const auto take_at = std::find_if(bodies.begin(), bodies.end(), [](const auto& b) { return packet_id(b) == 0x6C; });
    const auto remove_at =
        std::find_if(bodies.begin(), bodies.end(), [](const auto& b) { return packet_id(b) == kRemove; });
    BOOST_REQUIRE(remove_at != bodies.end());
    BOOST_TEST((take_at < remove_at));
    BOOST_TEST((removed_ids({*remove_at}) == std::vector<std::int32_t>{item_id}));
    // The world not ticking (frozen), its last pickups are not sent again.
    f.tracker->tick();
    BOOST_TEST(f.take(0x6C).empty());
}

BOOST_AUTO_TEST_CASE(the_generated_tables_hold_vanillas_ids) {
    BOOST_TEST(vanilla_entity_type_id("minecraft:villager").value_or(-1) == 109);
    BOOST_TEST(vanilla_entity_type_id("zombie").value_or(-1) == 120);
    BOOST_TEST(vanilla_entity_type_id("minecraft:player").value_or(-1) == 124);
    BOOST_TEST(!vanilla_entity_type_id("example:watcher").has_value());
    BOOST_TEST(vanilla_item_id("minecraft:bow").value_or(-1) == 797);
    BOOST_TEST(vanilla_villager_profession_id("minecraft:weaponsmith").value_or(-1) == 14);
    BOOST_TEST(vanilla_villager_type_id("taiga").value_or(-1) == 6);
    BOOST_TEST(vanilla_tracking_rules("minecraft:item").update_interval == 20);
    BOOST_TEST(vanilla_tracking_rules("villager").range_chunks == 10);
}

BOOST_AUTO_TEST_SUITE_END()
