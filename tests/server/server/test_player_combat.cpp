// Survival on the server side: vanilla's death messages, the spawn-radius rule, a player's attack
// (cooldown, damage, knockback, the mob's hurt-by records), and the new play packets.
#include <boost/test/unit_test.hpp>

#include "../world/player_fixture.hpp"
#include "mobsdk/world/vanilla_ids.hpp"
#include "mobserver/net/game_packets.hpp"
#include "mobserver/net/packet_codec.hpp"
#include "mobserver/net/play_packets.hpp"
#include "mobserver/server/player_combat.hpp"
#include "mobserver/world/harness.hpp"
#include "mobserver/world/item_traits.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

using Fixture = mobsdk::server::testing::PlayerFixture;

BOOST_AUTO_TEST_SUITE(player_combat)

BOOST_FIXTURE_TEST_CASE(death_messages_are_vanillas, Fixture) {
    ServerMob& z = h.spawn("zombie", {2.5, -60.0, 0.5});
    BOOST_TEST(p.hurt(types.mob_attack, 30.0f, &z));
    BOOST_TEST(death_message(world, p) == "tester was slain by Zombie");
    p.reset_for_respawn();
    p.spawn_invulnerable_time = 0;
    ServerMob& s = h.spawn("skeleton", {4.5, -60.0, 0.5});
    BOOST_TEST(p.hurt(types.arrow, 30.0f, &s));
    BOOST_TEST(death_message(world, p) == "tester was shot by Skeleton");
    p.reset_for_respawn();
    p.spawn_invulnerable_time = 0;
    p.data().fall_distance = 24.0f;
    p.check_fall_damage(0.0, true);
    BOOST_TEST(death_message(world, p) == "tester fell from a high place");
    p.reset_for_respawn();
    p.spawn_invulnerable_time = 0;
    p.set_health(1.0f);
    p.data().fall_distance = 4.5f;
    p.check_fall_damage(0.0, true);
    BOOST_TEST(death_message(world, p) == "tester hit the ground too hard");
    // Damage without an attacker names the kill credit: the last mob that hurt it within 100 ticks.
    p.reset_for_respawn();
    p.spawn_invulnerable_time = 0;
    BOOST_TEST(p.hurt(types.mob_attack, 2.0f, &z));
    p.invulnerable_time = 0;
    BOOST_TEST(p.hurt(types.drown, 30.0f, nullptr));
    BOOST_TEST(death_message(world, p) == "tester drowned while trying to escape Zombie");
    p.reset_for_respawn();
    p.spawn_invulnerable_time = 0;
    BOOST_TEST(p.hurt(types.lava, 30.0f, nullptr));
    BOOST_TEST(death_message(world, p) == "tester tried to swim in lava");
    p.reset_for_respawn();
    world.kill(p.handle());
    BOOST_TEST(death_message(world, p) == "tester was killed");
}

BOOST_FIXTURE_TEST_CASE(respawns_land_within_the_spawn_radius_on_a_full_block, Fixture) {
    world.set_spawn({0, -60, 0}, 2);
    for (int i = 0; i < 20; ++i) {
        const Vec3 at = fudge_spawn_location(world, 10, false);
        BOOST_TEST(std::abs(at.x - 0.5) <= 10.0);
        BOOST_TEST(std::abs(at.z - 0.5) <= 10.0);
        BOOST_TEST(at.x - std::floor(at.x) == 0.5);
        BOOST_TEST(at.y == -60.0);  // on the superflat's grass
    }
    // Adventure (the server's default game mode) or radius 0: the spawn itself.
    const Vec3 exact = fudge_spawn_location(world, 10, true);
    BOOST_TEST(exact.x == 0.5);
    BOOST_TEST(exact.z == 0.5);
    BOOST_TEST(exact.y == -60.0);
    // Raised until the box fits.
    h.fill({0, -60, 0}, {0, -59, 0}, "minecraft:stone");
    BOOST_TEST(fudge_spawn_location(world, 0, false).y == -58.0);
}

BOOST_FIXTURE_TEST_CASE(a_players_attack_is_scaled_by_its_cooldown_and_remembered_by_the_mob, Fixture) {
    ServerMob& v = h.spawn("villager", {2.5, -60.0, 0.5});
    p.attack_strength_ticker = 0;  // just attacked: strength (0 + 0.5) / 5 = 0.1
    AttackResult r = player_attack(world, p, v);
    BOOST_TEST(r.landed);
    BOOST_TEST(!r.critical);
    BOOST_TEST(v.health() == 20.0f - (0.2f + 0.1f * 0.1f * 0.8f), boost::test_tools::tolerance(1e-5f));
    BOOST_TEST(p.attack_strength_ticker == 0);
    BOOST_TEST(v.last_hurt()->damage_type == types.player_attack);
    BOOST_TEST(v.last_hurt_by_mob()->attacker->uuid == p.uuid());
    BOOST_TEST(v.last_hurt_by_player()->attacker->uuid == p.uuid());
    BOOST_TEST(v.data().motion.x > 0.0);  // knocked away from the player (+x)
    // Charged (5 ticks: strength 1): a full fist, 1 damage, once the hurt cooldown allows it.
    for (int i = 0; i < 10; ++i) world.tick();
    p.attack_strength_ticker = 10;
    const float before = v.health();
    r = player_attack(world, p, v);
    BOOST_TEST(r.landed);
    BOOST_TEST(v.health() == before - 1.0f, boost::test_tools::tolerance(1e-5f));
    // The player is remembered for 100 ticks.
    for (int i = 0; i < 101; ++i) world.tick();
    BOOST_TEST(!v.last_hurt_by_player());
    BOOST_TEST(v.last_hurt_by_mob().has_value());
}

BOOST_AUTO_TEST_CASE(weapons_add_vanillas_attack_modifiers) {
    auto check = [](const char* item, float damage, float speed, bool sword) {
        const WeaponModifiers w = weapon_modifiers(ResourceLocation::of(item));
        BOOST_TEST(w.attack_damage == damage, item);
        BOOST_TEST(w.attack_speed == speed, item);
        BOOST_TEST(w.sword == sword, item);
    };
    // Swords 3 + tier, speed −2.4: a diamond sword hits for 1 + 6 = 7, every 12.5 ticks.
    check("wooden_sword", 3.0f, -2.4f, true);
    check("stone_sword", 4.0f, -2.4f, true);
    check("diamond_sword", 6.0f, -2.4f, true);
    check("netherite_sword", 7.0f, -2.4f, true);
    check("golden_sword", 3.0f, -2.4f, true);
    // Axes: stone 9, iron 9, netherite 10 in the tooltip (1 + modifier).
    check("stone_axe", 8.0f, -3.2f, false);
    check("iron_axe", 8.0f, -3.1f, false);
    check("netherite_axe", 9.0f, -3.0f, false);
    check("wooden_pickaxe", 1.0f, -2.8f, false);
    check("iron_shovel", 3.5f, -3.0f, false);
    check("diamond_hoe", 0.0f, 0.0f, false);
    check("stone_hoe", 0.0f, -2.0f, false);
    check("trident", 8.0f, -2.9f, false);
    check("stick", 0.0f, 0.0f, false);
    check("iron_ingot", 0.0f, 0.0f, false);
    check("wooden_door", 0.0f, 0.0f, false);
    BOOST_TEST(weapon_modifiers(ResourceLocation::parse("mymod:diamond_sword").value()).attack_damage == 0.0f);
}

BOOST_FIXTURE_TEST_CASE(a_sword_hits_harder_and_charges_slower, Fixture) {
    ServerMob& z = h.spawn("villager", {2.5, -60.0, 0.5});
    p.set_item_slot(EquipmentSlot::MainHand, ItemStack{ResourceLocation::of("diamond_sword"), 1});
    // Charged: 12 ticks of a 12.5-tick cooldown is (12 + 0.5) / 12.5 = 1: the full 7.
    p.attack_strength_ticker = 12;
    AttackResult r = player_attack(world, p, z);
    BOOST_TEST(r.landed);
    BOOST_TEST(z.health() == 20.0f - 7.0f, boost::test_tools::tolerance(1e-5f));
    // Five ticks later: (5 + 0.5) / 12.5 = 0.44 of the charge, 7 × (0.2 + 0.44² × 0.8).
    for (int i = 0; i < 20; ++i) world.tick();
    p.attack_strength_ticker = 5;
    const float before = z.health();
    r = player_attack(world, p, z);
    BOOST_TEST(r.landed);
    BOOST_TEST(z.health() == before - 7.0f * (0.2f + 0.44f * 0.44f * 0.8f), boost::test_tools::tolerance(1e-4f));
    // Taking another item in hand starts the cooldown again (Player.tick); the same item does not.
    for (int i = 0; i < 30; ++i) world.tick();
    BOOST_TEST(p.attack_strength_ticker > 20);
    p.set_item_slot(EquipmentSlot::MainHand, ItemStack{ResourceLocation::of("diamond_sword"), 1});
    world.tick();
    BOOST_TEST(p.attack_strength_ticker > 20);
    p.set_item_slot(EquipmentSlot::MainHand, ItemStack{ResourceLocation::of("iron_axe"), 1});
    world.tick();
    BOOST_TEST(p.attack_strength_ticker == 0);
}

BOOST_FIXTURE_TEST_CASE(a_sprinting_hit_knocks_back_further_and_ends_the_sprint, Fixture) {
    ServerMob& a = h.spawn("villager", {0.5, -60.0, 2.5});
    ServerMob& b = h.spawn("villager", {8.5, -60.0, 2.5});
    a.data().on_ground = b.data().on_ground = true;
    p.data().y_rot = 0.0f;  // facing south, +z
    p.attack_strength_ticker = 10;
    AttackResult plain = player_attack(world, p, a);
    BOOST_TEST(plain.landed);
    BOOST_TEST(!plain.sprint_knockback);
    const double plain_z = a.data().motion.z;
    world.teleport(p.handle(), {8.5, -60.0, 0.5});
    p.sprinting = true;
    p.attack_strength_ticker = 10;
    const AttackResult sprint = player_attack(world, p, b);
    BOOST_TEST(sprint.landed);
    BOOST_TEST(sprint.sprint_knockback);
    BOOST_TEST(!sprint.critical);
    BOOST_TEST(!p.sprinting);
    // The hurt knockback (0.4 away) and then 0.5 along the facing, on half the motion.
    BOOST_TEST(plain_z == 0.4, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(b.data().motion.z == 0.2 + 0.5, boost::test_tools::tolerance(1e-6));
    // A sprinting charged hit while falling is not critical; without the sprint it is.
    for (int i = 0; i < 30; ++i) world.tick();
    p.data().on_ground = false;
    p.data().fall_distance = 1.0f;
    p.sprinting = true;
    p.attack_strength_ticker = 10;
    BOOST_TEST(!player_attack(world, p, b).critical);
    for (int i = 0; i < 30; ++i) world.tick();
    p.data().on_ground = false;
    p.data().fall_distance = 1.0f;
    p.attack_strength_ticker = 10;
    BOOST_TEST(player_attack(world, p, b).critical);
}

BOOST_FIXTURE_TEST_CASE(a_charged_sword_hit_on_the_ground_sweeps, Fixture) {
    ServerMob& target = h.spawn("villager", {0.5, -60.0, 2.5});
    ServerMob& beside = h.spawn("villager", {1.5, -60.0, 2.5});
    ServerMob& far = h.spawn("villager", {0.5, -60.0, 5.0});  // outside the target's box grown by 1
    p.set_item_slot(EquipmentSlot::MainHand, ItemStack{ResourceLocation::of("iron_sword"), 1});
    world.tick();
    p.attack_strength_ticker = 20;
    const AttackResult r = player_attack(world, p, target);
    BOOST_TEST(r.landed);
    BOOST_TEST(r.swept == 1);
    BOOST_TEST(target.health() == 20.0f - 6.0f, boost::test_tools::tolerance(1e-5f));
    BOOST_TEST(beside.health() == 19.0f, boost::test_tools::tolerance(1e-5f));
    BOOST_TEST(far.health() == 20.0f);
    BOOST_TEST(beside.last_hurt_by_player()->attacker->uuid == p.uuid());
    // An axe does not sweep, nor does an uncharged sword.
    for (int i = 0; i < 30; ++i) world.tick();
    p.set_item_slot(EquipmentSlot::MainHand, ItemStack{ResourceLocation::of("iron_axe"), 1});
    world.tick();
    p.attack_strength_ticker = 30;
    BOOST_TEST(player_attack(world, p, target).swept == 0);
    for (int i = 0; i < 30; ++i) world.tick();
    p.set_item_slot(EquipmentSlot::MainHand, ItemStack{ResourceLocation::of("iron_sword"), 1});
    world.tick();
    p.attack_strength_ticker = 3;
    BOOST_TEST(player_attack(world, p, target).swept == 0);
}

BOOST_AUTO_TEST_CASE(interact_client_command_and_swing_arm_decode) {
    auto decode = [](std::initializer_list<int> bytes) {
        std::string body;
        for (int b : bytes) body.push_back(static_cast<char>(b));
        return decode_serverbound(GameState::Play, body);
    };
    auto attack = decode({0x13, 42, 1, 0});
    BOOST_REQUIRE(attack.has_value());
    const auto& a = std::get<InteractEntity>(*attack);
    BOOST_TEST(a.entity_id == 42);
    BOOST_TEST((a.action == InteractEntity::Action::Attack));
    BOOST_TEST(!a.sneaking);
    auto use = decode({0x13, 7, 0, 1, 1});
    BOOST_REQUIRE(use.has_value());
    BOOST_TEST((std::get<InteractEntity>(*use).hand == InteractionHand::OffHand));
    BOOST_TEST(std::get<InteractEntity>(*use).sneaking);
    BOOST_TEST(!decode({0x13, 7, 3, 0}).has_value());     // no action 3
    BOOST_TEST(!decode({0x13, 7, 0, 2, 0}).has_value());  // no hand 2
    auto sneak = decode({0x22, 5, 0, 0});
    BOOST_REQUIRE(sneak.has_value());
    BOOST_TEST(std::get<PlayerCommand>(*sneak).entity_id == 5);
    BOOST_TEST((std::get<PlayerCommand>(*sneak).action == PlayerCommand::Action::PressShiftKey));
    auto sprint = decode({0x22, 5, 3, 0});
    BOOST_REQUIRE(sprint.has_value());
    BOOST_TEST((std::get<PlayerCommand>(*sprint).action == PlayerCommand::Action::StartSprinting));
    BOOST_TEST(!decode({0x22, 5, 9, 0}).has_value());  // no action 9
    BOOST_TEST(!decode({0x22, 5, 0}).has_value());     // the jump boost is missing
    auto flying = decode({0x20, 0x02});
    BOOST_REQUIRE(flying.has_value());
    BOOST_TEST(std::get<PlayerAbilities>(*flying).flying);
    BOOST_TEST(!std::get<PlayerAbilities>(*decode({0x20, 0x00})).flying);
    auto respawn = decode({0x08, 0});
    BOOST_REQUIRE(respawn.has_value());
    BOOST_TEST(std::get<ClientCommand>(*respawn).action == 0);
    BOOST_TEST(!decode({0x08, 2}).has_value());
    auto swing = decode({0x33, 1});
    BOOST_REQUIRE(swing.has_value());
    BOOST_TEST((std::get<SwingArm>(*swing).hand == InteractionHand::OffHand));
}

BOOST_AUTO_TEST_CASE(respawn_and_combat_death_layouts) {
    RespawnInfo info;
    info.hashed_seed = 1;
    info.game_mode = GameMode::Survival;
    const std::string body = encode_respawn(info);
    // id, two 19-character identifiers with their lengths, the seed, modes, debug, flat, no death
    // location, portal cooldown, data kept.
    BOOST_TEST(body.size() == 1u + 2u * 20u + 8u + 2u + 2u + 1u + 1u + 1u);
    BOOST_TEST(static_cast<unsigned char>(body[0]) == 0x45u);
    BOOST_TEST(static_cast<unsigned char>(body[1 + 40 + 8 + 1]) == 0xFFu);  // no previous game mode
    const std::string death = encode_combat_death(5, "tester died");
    BOOST_TEST(static_cast<unsigned char>(death[0]) == 0x3Au);
    BOOST_TEST(static_cast<unsigned char>(death[1]) == 5u);
    BOOST_TEST(static_cast<unsigned char>(death[2]) == 0x0Au);  // an NBT compound
}

BOOST_AUTO_TEST_SUITE_END()
