// Commands over players' entities: @a/@p/@r/@s and a player's name select them, `gamemode` with
// vanilla's feedback, `tp` of and to players, `give`.
#include <boost/test/unit_test.hpp>

#include "mobserver/command/selector.hpp"
#include "test_server_control.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
using namespace mobsdk::server::testing;
using Lines = std::vector<std::string>;

namespace {

struct PlayersFixture : CommandFixture {
    PlayerEntity* a;  // "tester" at x=2.5
    PlayerEntity* b;  // "Other" at x=-9.5
    ServerMob* villager;
    PlayersFixture() {
        World& w = harness.world();
        villager = &harness.spawn("villager", {5.5, -60.0, 0.5});
        a = &w.player_kind().spawn(w, Uuid{1, 1}, "tester", {2.5, -60.0, 0.5});
        b = &w.player_kind().spawn(w, Uuid{2, 2}, "Other", {-9.5, -60.0, 0.5});
    }
    std::vector<EntityHandle> find(const char* text) {
        StringReader r(text);
        auto s = parse_selector(r, harness.registries().entity_types);
        BOOST_REQUIRE(s.has_value());
        return s->find(harness.world(), source);
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(player_selectors)

BOOST_AUTO_TEST_CASE(selectors_find_players) {
    PlayersFixture f;
    const EntityHandle a = f.a->handle(), b = f.b->handle();
    BOOST_TEST(f.find("@a") == (std::vector<EntityHandle>{a, b}));  // players only, in joining order
    BOOST_TEST(f.find("@p") == (std::vector<EntityHandle>{a}));     // nearest to the source at x=0.5
    BOOST_TEST(f.find("@p[x=-20]") == (std::vector<EntityHandle>{b}));
    BOOST_TEST(f.find("@a[distance=..5]") == (std::vector<EntityHandle>{a}));
    BOOST_TEST(f.find("@e[type=minecraft:player]") == (std::vector<EntityHandle>{a, b}));
    BOOST_TEST(f.find("@e").size() == 3u);
    BOOST_TEST(f.find("tester") == (std::vector<EntityHandle>{a}));
    BOOST_TEST(f.find("other") == (std::vector<EntityHandle>{b}));  // names without case, as vanilla
    BOOST_TEST(f.find("@a[name=Other]") == (std::vector<EntityHandle>{b}));
    BOOST_TEST(f.find("@s").empty());  // the console is no entity
    f.source.set_entity(b);
    BOOST_TEST(f.find("@s") == (std::vector<EntityHandle>{b}));
    // @r: one of them, through the level's seeded random; the same seed picks the same one.
    const auto r = f.find("@r");
    BOOST_REQUIRE(r.size() == 1u);
    PlayersFixture g;
    BOOST_TEST((g.find("@r").front() == (r.front() == a ? g.a->handle() : g.b->handle())));
    BOOST_TEST(f.find("@r[limit=2]").size() == 2u);
    BOOST_TEST(f.run("kill @a") == (Lines{"Killed 2 entities"}));  // no player health yet: they stay
    BOOST_TEST(!f.a->data().removed);
}

BOOST_AUTO_TEST_CASE(gamemode_sets_and_says_it_as_vanilla) {
    PlayersFixture f;
    BOOST_TEST(f.run("gamemode creative tester") == (Lines{"Set tester's game mode to Creative Mode"}));
    BOOST_TEST((f.a->game_mode() == GameMode::Creative));
    BOOST_TEST((f.a->previous_game_mode == GameMode::Survival));
    BOOST_TEST(f.run("gamemode creative tester").empty());  // unchanged: not counted, nothing said
    BOOST_TEST(f.last.result == 0);
    BOOST_TEST(f.run("gamemode spectator @a") ==
               (Lines{"Set tester's game mode to Spectator Mode", "Set Other's game mode to Spectator Mode"}));
    BOOST_TEST(f.last.result == 2);
    BOOST_TEST(f.run("gamemode survival") == (Lines{"A player is required to run this command here"}));
    f.source.set_entity(f.b->handle());
    BOOST_TEST(f.run("gamemode survival") == (Lines{"Set own game mode to Survival Mode"}));
    BOOST_TEST(f.run("gamemode adventure @s") == (Lines{"Set own game mode to Adventure Mode"}));
    BOOST_TEST((f.b->game_mode() == GameMode::Adventure));
    BOOST_TEST(f.run("gamemode creative @e") ==
               (Lines{"Only players may be affected by this command, but the provided selector includes entities"}));
    BOOST_TEST(f.run("gamemode creative nobody") == (Lines{"No player was found"}));
    f.run("gamemode flying tester");  // not a game mode: a syntax error
    BOOST_TEST(!f.last.success);
}

BOOST_AUTO_TEST_CASE(tp_moves_players_and_to_players) {
    PlayersFixture f;
    // Whole coordinates are block centres, as vanilla's.
    BOOST_TEST(f.run("tp tester 0 -59 0") == (Lines{"Teleported tester to 0.500000, -59.000000, 0.500000"}));
    BOOST_TEST(f.a->data().pos.y == -59.0);
    // Players may go where no chunk is loaded yet (their chunks follow them); other entities may not.
    BOOST_TEST(f.run("tp tester 10000 70 10000") ==
               (Lines{"Teleported tester to 10000.500000, 70.000000, 10000.500000"}));
    BOOST_TEST(f.run("tp @e[type=villager,limit=1] 10000 70 10000") == (Lines{"That position is not loaded"}));
    BOOST_TEST(f.run("tp @e[type=villager,limit=1] Other") == (Lines{"Teleported Villager to Other"}));
    BOOST_TEST(f.villager->data().pos.x == -9.5);
    BOOST_TEST(f.run("tp Other @e[type=villager,limit=1]") == (Lines{"Teleported Other to Villager"}));
    BOOST_TEST(f.run("tp @a 1 -60 1") == (Lines{"Teleported 2 entities to 1.500000, -60.000000, 1.500000"}));
    BOOST_TEST(f.b->data().pos.x == 1.5);
}

BOOST_AUTO_TEST_CASE(give_fills_inventories_and_drops_the_rest) {
    PlayersFixture f;
    BOOST_TEST(f.run("give tester diamond_sword") == (Lines{"Gave 1 [Diamond Sword] to tester"}));
    BOOST_TEST(f.a->count_item(ResourceLocation::of("diamond_sword")) == 1);
    BOOST_TEST(f.last.result == 1);
    BOOST_TEST(f.run("give @a minecraft:emerald 70") == (Lines{"Gave 70 [Emerald] to 2 players"}));
    BOOST_TEST(f.a->count_item(ResourceLocation::of("emerald")) == 70);
    BOOST_TEST(f.b->count_item(ResourceLocation::of("emerald")) == 70);
    BOOST_TEST(f.last.result == 2);
    // At most 100 stacks; unknown items and non-players are refused.
    BOOST_TEST(f.run("give tester diamond_sword 101") == (Lines{"Can't give more than 100 of [Diamond Sword]"}));
    BOOST_TEST(f.run("give tester ender_pearl 1601") == (Lines{"Can't give more than 1600 of [Ender Pearl]"}));
    BOOST_TEST(f.run("give tester minecraft:no_such_item") == (Lines{"Unknown item 'minecraft:no_such_item'"}));
    BOOST_TEST(f.run("give @e stone") ==
               (Lines{"Only players may be affected by this command, but the provided selector includes entities"}));
    f.run("give tester stone 0");  // the count is at least 1: a syntax error
    BOOST_TEST(!f.last.success);
    // What does not fit (36 slots, 3 taken: the sword, 64 + 6 emeralds) lies at the player's feet,
    // ready to be picked up.
    BOOST_TEST(f.run("give tester stone 2240") == (Lines{"Gave 2240 [Stone] to tester"}));
    BOOST_TEST(f.a->count_item(ResourceLocation::of("stone")) == 33 * 64);
    World& w = f.harness.world();
    std::int32_t dropped = 0;
    for (const EntityHandle h : w.entities().order())
        if (const EntitySlot* s = w.entities().slot(h); s && !s->data->removed)
            if (const ItemStack* stack = s->entity->item_stack()) {
                dropped += stack->count;
                BOOST_TEST(w.item_entity(EntityRef{s->data->uuid, h})->pickup_delay == 0);
            }
    BOOST_TEST(dropped == 2240 - 33 * 64);
}

BOOST_AUTO_TEST_SUITE_END()
