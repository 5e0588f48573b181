// Players as entities of the world (minecraft:player): added by their kind, never ticked, saved in
// chunks or unloaded with them; and the entity-ticking level: a chunk only players see from beyond
// simulation distance keeps its entities still, one within it (or forced, or a spawn chunk) ticks.
#include <boost/test/unit_test.hpp>

#include "mobserver/world/harness.hpp"
#include "mobserver/world/kinds/player_kind.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
namespace nbt = mobsdk::nbt;

namespace {

const Uuid tester_uuid{0xdd823a0cb94a369full, 0xacddddd287e3180eull};

}  // namespace

BOOST_AUTO_TEST_SUITE(player_entity)

BOOST_AUTO_TEST_CASE(a_player_is_an_entity_that_only_its_client_moves) {
    WorldHarness h;
    World& world = h.world();
    PlayerEntity& p = world.player_kind().spawn(world, tester_uuid, "tester", {0.5, -55.0, 0.5});
    BOOST_TEST(world.player(world.entities().slot(p.handle())) == &p);
    BOOST_TEST(world.registries().entity_types.id_of(p.type()).str() == "minecraft:player");
    BOOST_TEST(p.data().width() == 0.6f);
    BOOST_TEST(p.data().height() == 1.8f);
    BOOST_TEST(p.eye_height() == 1.62f, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(p.data().network_id > 0);
    for (int i = 0; i < 5; ++i) world.tick();
    BOOST_TEST(p.data().pos.y == -55.0);  // no gravity from the world: the client moves it
    BOOST_TEST(world.kill(p.handle()));   // kill leaves a player as it is (no player health yet)
    BOOST_TEST(!p.data().removed);
    // Every entity gets its own network id.
    ServerMob& z = h.spawn("zombie", {3.5, -60.0, 0.5});
    BOOST_TEST(z.data().network_id > p.data().network_id);
    // Players come from logins, never from NBT.
    std::vector<std::string> warnings;
    auto made = world.spawn_from_nbt(
        nbt::Compound{{"id", "minecraft:player"}, {"Pos", nbt::List({nbt::Tag(1.0), nbt::Tag(2.0), nbt::Tag(3.0)})}},
        warnings);
    BOOST_TEST(!made.has_value());
    BOOST_CHECK_THROW(world.player_kind().spawn(world, tester_uuid, "again", {}), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(player_nbt_round_trips_keeping_what_the_server_does_not_model) {
    WorldHarness h;
    World& world = h.world();
    PlayerEntity& p = world.player_kind().spawn(world, tester_uuid, "tester", {0.5, -60.0, 0.5});
    const nbt::Compound saved{
        {"Pos", nbt::List({nbt::Tag(10.5), nbt::Tag(-58.0), nbt::Tag(-3.25)})},
        {"Rotation", nbt::List({nbt::Tag(90.0f), nbt::Tag(-10.0f)})},
        {"playerGameType", std::int32_t{1}},
        {"previousPlayerGameType", std::int32_t{0}},
        {"Dimension", "minecraft:overworld"},
        {"Health", 13.5f},
        {"foodLevel", std::int32_t{17}},
        {"XpLevel", std::int32_t{30}},
        {"SpawnX", std::int32_t{7}},
        {"Inventory", nbt::List({nbt::Tag(nbt::Compound{
                          {"Slot", std::int8_t{0}}, {"id", "minecraft:bread"}, {"Count", std::int8_t{3}}})})}};
    BOOST_TEST(load_player_nbt(world, p, saved).empty());
    BOOST_TEST(p.data().pos.x == 10.5);
    BOOST_TEST(p.data().pos.z == -3.25);
    BOOST_TEST(p.data().y_rot == 90.0f);
    BOOST_TEST((p.game_mode() == GameMode::Creative));
    BOOST_TEST((p.previous_game_mode == GameMode::Survival));
    const nbt::Compound out = save_player_nbt(p);
    BOOST_TEST(out.get<std::int32_t>("playerGameType") == 1);
    BOOST_TEST(out.get<std::int32_t>("previousPlayerGameType") == 0);
    BOOST_TEST(out.get<std::string>("Dimension") == "minecraft:overworld");
    BOOST_TEST(out.get<float>("Health") == 13.5f);
    BOOST_TEST(out.get<std::int32_t>("foodLevel") == 17);
    BOOST_TEST(out.get<std::int32_t>("XpLevel") == 30);
    BOOST_TEST(out.get<std::int32_t>("SpawnX") == 7);
    BOOST_TEST(out.get<nbt::List>("Inventory").size() == 1u);
    BOOST_TEST(out.get<nbt::IntArray>("UUID") == uuid_to_ints(tester_uuid));
    BOOST_TEST(out.get<nbt::List>("Pos").get<double>(1) == -58.0);
    BOOST_TEST(out.get<nbt::Compound>("abilities").get<std::int8_t>("mayfly") == 1);
    // A new player gets vanilla's defaults for what is not modelled.
    PlayerEntity& q = world.player_kind().spawn(world, Uuid{1, 2}, "other", {0.5, -60.0, 0.5});
    const nbt::Compound fresh = save_player_nbt(q);
    BOOST_TEST(fresh.get<float>("Health") == 20.0f);
    BOOST_TEST(fresh.get<std::int32_t>("foodLevel") == 20);
    BOOST_TEST(fresh.get<nbt::List>("Inventory").empty());
    BOOST_TEST(fresh.get<std::int32_t>("previousPlayerGameType") == -1);
    // set_game_mode remembers the previous one, as vanilla's.
    BOOST_TEST(q.set_game_mode(GameMode::Spectator));
    BOOST_TEST(!q.set_game_mode(GameMode::Spectator));
    BOOST_TEST((q.previous_game_mode == GameMode::Survival));
}

BOOST_AUTO_TEST_CASE(entities_beyond_simulation_distance_do_not_tick) {
    WorldHarness h;
    World& world = h.world();
    world.set_spawn({0, -60, 0}, 0);                            // no spawn chunks: only the tickets below count
    ServerMob& near = h.spawn("zombie", {8.5, -50.0, 8.5});     // chunk (0, 0), in the air
    ServerMob& far = h.spawn("zombie", {40.5, -50.0, 8.5});     // chunk (2, 0)
    ServerMob& alone = h.spawn("zombie", {-24.5, -50.0, 8.5});  // chunk (-2, 0): no ticket at all
    // A player at chunk (0, 0) sees both chunks and simulates only its own.
    for (const ChunkPos c : {ChunkPos{0, 0}, ChunkPos{2, 0}}) world.add_player_ticket(c);
    world.add_simulation_ticket({0, 0});
    BOOST_TEST(world.is_entity_ticking({0, 0}));
    BOOST_TEST(!world.is_entity_ticking({2, 0}));
    BOOST_TEST(world.is_entity_ticking({-2, 0}));    // no ticket: ticks until it unloads, as before players
    BOOST_TEST(!world.is_entity_ticking({40, 40}));  // not loaded
    const std::int32_t far_age = far.data().age;
    for (int i = 0; i < 5; ++i) world.tick();
    BOOST_TEST(near.data().pos.y < -50.0);  // falls
    BOOST_TEST(alone.data().pos.y < -50.0);
    BOOST_TEST(far.data().pos.y == -50.0);  // loaded, sent, but not entity-ticking: still
    BOOST_TEST(far.data().age == far_age);
    // A forceload ticket (vanilla's level 31) makes it tick again, as does a simulation ticket.
    // (A mob moves by its motion, then falls faster: its first tick in the air does not move it.)
    world.set_forced({2, 0}, true);
    for (int i = 0; i < 3; ++i) world.tick();
    BOOST_TEST(far.data().pos.y < -50.0);
    world.set_forced({2, 0}, false);
    const double y = far.data().pos.y;
    for (int i = 0; i < 3; ++i) world.tick();
    BOOST_TEST(far.data().pos.y == y);
    world.add_simulation_ticket({2, 0});
    for (int i = 0; i < 3; ++i) world.tick();
    BOOST_TEST(far.data().pos.y < y);
    // Without the player's tickets the chunk is like any other again.
    world.remove_simulation_ticket({2, 0});
    world.remove_player_ticket({2, 0});
    BOOST_TEST(world.is_entity_ticking({2, 0}));
}

BOOST_AUTO_TEST_SUITE_END()
