// A player's health and damage as vanilla's Player.hurt computes them: difficulty scaling of mob
// damage, the invulnerability frames, creative and spectator immunity, the spawn invulnerability,
// and the per-tick steps (falls, drowning, lava, fire); the SDK's LivingEntity and Player views.
#include <boost/test/unit_test.hpp>

#include "mobsdk/world/vanilla_ids.hpp"
#include "mobserver/world/harness.hpp"
#include "mobserver/world/kinds/player_kind.hpp"
#include "player_fixture.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

using Fixture = mobsdk::server::testing::PlayerFixture;

BOOST_AUTO_TEST_SUITE(player_survival)

BOOST_FIXTURE_TEST_CASE(the_level_sees_players_as_living_entities, Fixture) {
    BOOST_TEST(world.players().size() == 1u);
    BOOST_TEST(world.players()[0] == static_cast<Player*>(&p));
    BOOST_TEST(world.resolve_player(p.ref()) == &p);
    BOOST_TEST(world.resolve_living(p.ref()) == static_cast<LivingEntity*>(&p));
    BOOST_TEST(world.resolve_mob(p.ref()) == nullptr);
    ServerMob& z = h.spawn("zombie", {3.5, -60.0, 0.5});
    BOOST_TEST(world.resolve_living(z.ref()) == static_cast<LivingEntity*>(&z));
    BOOST_TEST(world.resolve_player(z.ref()) == nullptr);
    BOOST_TEST(p.name() == "tester");
    BOOST_TEST(p.health() == 20.0f);
    BOOST_TEST(p.can_be_seen_by_anyone());
    p.set_game_mode(GameMode::Spectator);
    BOOST_TEST(!p.can_be_seen_by_anyone());  // spectators are never seen
    BOOST_TEST(p.is_invulnerable());
    BOOST_TEST(world.remove(p.handle()));
    BOOST_TEST(world.players().empty());  // gone from players() at once
}

BOOST_FIXTURE_TEST_CASE(mob_damage_scales_with_difficulty, Fixture) {
    ServerMob& z = h.spawn("zombie", {3.5, -60.0, 0.5});
    BOOST_TEST(scale_damage_for_difficulty(Difficulty::Peaceful, 3.0f) == 0.0f);
    BOOST_TEST(scale_damage_for_difficulty(Difficulty::Easy, 3.0f) == 2.5f);  // min(3/2 + 1, 3)
    BOOST_TEST(scale_damage_for_difficulty(Difficulty::Easy, 1.0f) == 1.0f);  // min(1.5, 1)
    BOOST_TEST(scale_damage_for_difficulty(Difficulty::Normal, 3.0f) == 3.0f);
    BOOST_TEST(scale_damage_for_difficulty(Difficulty::Hard, 3.0f) == 4.5f);
    world.options().difficulty = Difficulty::Hard;
    BOOST_TEST(p.hurt(types.mob_attack, 3.0f, &z));
    BOOST_TEST(p.health() == 15.5f);
    BOOST_TEST(p.last_hurt_by_mob()->attacker->uuid == z.uuid());
    BOOST_TEST(!p.last_hurt_by_player());
    // Knocked back 0.4 away from the zombie (on the ground: up by 0.4 too), marked for its client.
    BOOST_TEST(p.hurt_marked);
    BOOST_TEST(p.data().motion.x == -0.4, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(p.data().motion.y == 0.4, boost::test_tools::tolerance(1e-9));
    // Damage without a living attacker does not scale.
    p.invulnerable_time = 0;
    BOOST_TEST(p.hurt(types.fall, 3.0f, nullptr));
    BOOST_TEST(p.health() == 12.5f);
    world.options().difficulty = Difficulty::Peaceful;
    p.invulnerable_time = 0;
    BOOST_TEST(!p.hurt(types.mob_attack, 3.0f, &z));  // peaceful: nothing
    BOOST_TEST(p.health() == 12.5f);
}

BOOST_FIXTURE_TEST_CASE(invulnerability_frames_let_only_the_excess_of_a_stronger_hit_through, Fixture) {
    BOOST_TEST(p.hurt(types.generic, 4.0f, nullptr));
    BOOST_TEST(p.invulnerable_time == 20);
    BOOST_TEST(p.hurt_time == 10);
    BOOST_TEST(p.health() == 16.0f);
    BOOST_TEST(!p.hurt(types.generic, 4.0f, nullptr));  // not more than the last hit
    BOOST_TEST(p.hurt(types.generic, 6.0f, nullptr));   // 2 more
    BOOST_TEST(p.health() == 14.0f);
    BOOST_TEST(p.invulnerable_time == 20);  // not restarted
    for (int i = 0; i < 10; ++i) world.tick();
    BOOST_TEST(p.invulnerable_time == 10);
    BOOST_TEST(p.hurt(types.generic, 1.0f, nullptr));  // the second half is over: any hit lands whole
    BOOST_TEST(p.health() == 13.0f);
}

BOOST_FIXTURE_TEST_CASE(creative_spectator_dead_and_new_players_take_no_damage, Fixture) {
    p.set_game_mode(GameMode::Creative);
    BOOST_TEST(!p.hurt(types.mob_attack, 5.0f, nullptr));
    BOOST_TEST(!p.hurt(types.lava, 4.0f, nullptr));
    BOOST_TEST(p.health() == 20.0f);
    // `kill` (generic_kill) and the void bypass the ability.
    BOOST_TEST(world.kill(p.handle()));
    BOOST_TEST(p.health() == 0.0f);
    BOOST_TEST(p.is_dead_or_dying());
    BOOST_TEST(!p.is_alive());
    BOOST_TEST(!p.data().removed);                           // the entity stays until its client respawns
    BOOST_TEST(!p.hurt(types.generic_kill, 5.0f, nullptr));  // the dead take none
    BOOST_TEST(p.last_hurt()->damage_type == types.generic_kill);
    // For 60 ticks after joining only falls (and kill) hurt.
    PlayerEntity& q = world.player_kind().spawn(world, Uuid{8, 8}, "other", {5.5, -60.0, 0.5});
    BOOST_TEST(q.spawn_invulnerable_time == 60);
    BOOST_TEST(!q.hurt(types.generic, 2.0f, nullptr));
    BOOST_TEST(q.hurt(types.fall, 2.0f, nullptr));
    for (int i = 0; i < 60; ++i) world.tick();
    BOOST_TEST(q.spawn_invulnerable_time == 0);
    BOOST_TEST(q.hurt(types.generic, 2.0f, nullptr));
}

BOOST_FIXTURE_TEST_CASE(falls_hurt_ceil_of_the_distance_beyond_three_blocks, Fixture) {
    p.data().on_ground = false;
    for (int i = 0; i < 10; ++i) p.check_fall_damage(-0.5, false);  // 5 blocks down
    BOOST_TEST(p.data().fall_distance == 5.0f);
    p.check_fall_damage(-0.25, true);  // lands: the last step does not count
    BOOST_TEST(p.health() == 18.0f);   // ceil(5 − 3)
    BOOST_TEST(p.last_hurt()->damage_type == types.fall);
    BOOST_TEST(p.last_fall_distance == 5.0f);
    BOOST_TEST(p.data().fall_distance == 0.0f);
    p.invulnerable_time = 0;
    p.check_fall_damage(-3.0, false);
    p.check_fall_damage(0.0, true);  // 3 blocks: nothing
    BOOST_TEST(p.health() == 18.0f);
    // Creative players never take fall damage.
    p.set_game_mode(GameMode::Creative);
    p.check_fall_damage(-30.0, false);
    p.check_fall_damage(0.0, true);
    BOOST_TEST(p.health() == 18.0f);
    // Water ends a fall.
    p.set_game_mode(GameMode::Survival);
    h.set_block({0, -60, 0}, "minecraft:water");
    p.check_fall_damage(-30.0, false);
    p.check_fall_damage(0.0, true);
    BOOST_TEST(p.health() == 18.0f);
}

BOOST_FIXTURE_TEST_CASE(air_runs_out_under_water_and_drowning_hurts_two, Fixture) {
    h.fill({-1, -60, -1}, {1, -58, 1}, "minecraft:water");  // eyes at -58.38
    world.tick();
    BOOST_TEST(p.air_supply == 299);
    for (int i = 0; i < 318; ++i) world.tick();  // down to -19
    BOOST_TEST(p.air_supply == -19);
    BOOST_TEST(p.health() == 20.0f);
    world.tick();  // -20: back to 0 and 2 drowning damage
    BOOST_TEST(p.air_supply == 0);
    BOOST_TEST(p.health() == 18.0f);
    BOOST_TEST(p.last_hurt()->damage_type == types.drown);
    // Out of the water the air comes back 4 a tick.
    h.fill({-1, -60, -1}, {1, -58, 1}, "minecraft:air");
    world.tick();
    BOOST_TEST(p.air_supply == 4);
}

BOOST_FIXTURE_TEST_CASE(lava_burns_and_fire_keeps_burning_until_water_puts_it_out, Fixture) {
    h.set_block({0, -60, 0}, "minecraft:lava");
    world.tick();
    BOOST_TEST(p.health() == 16.0f);  // 4 lava damage
    BOOST_TEST(p.fire_ticks == 300);  // on fire for 15 s
    BOOST_TEST(p.last_hurt()->damage_type == types.lava);
    h.set_block({0, -60, 0}, "minecraft:air");
    // Burning: 1 on_fire damage whenever the fire ticks are a multiple of 20.
    p.invulnerable_time = 0;
    world.tick();  // 300: hurts, then 299
    BOOST_TEST(p.health() == 15.0f);
    BOOST_TEST(p.fire_ticks == 299);
    for (int i = 0; i < 20; ++i) world.tick();  // 280 (the 20th of these) hurts again
    BOOST_TEST(p.health() == 14.0f);
    BOOST_TEST(p.last_hurt()->damage_type == types.on_fire);
    // Water puts it out.
    h.set_block({0, -60, 0}, "minecraft:water");
    world.tick();
    BOOST_TEST(!p.is_on_fire());
    // A fire block: 1 in_fire damage (every 10 ticks through the frames), and on fire after 20 ticks in it.
    h.set_block({0, -60, 0}, "minecraft:fire");
    p.invulnerable_time = 0;
    world.tick();
    BOOST_TEST(p.health() == 13.0f);
    BOOST_TEST(p.last_hurt()->damage_type == types.in_fire);
}

BOOST_FIXTURE_TEST_CASE(arrows_hit_players_but_not_spectators, Fixture) {
    p.data().on_ground = false;
    const EntityHandle a = world.spawn_arrow({-2.5, -59.0, 0.5}, {1.5, 0.0, 0.0}).handle();  // freed once it hit
    for (int i = 0; i < 3 && world.entities().slot(a) != nullptr; ++i) world.tick();
    BOOST_TEST(world.entities().slot(a) == nullptr);  // it hit and is gone
    BOOST_TEST(p.health() < 20.0f);
    BOOST_TEST(p.last_hurt()->damage_type == types.arrow);
    const float health = p.health();
    p.set_game_mode(GameMode::Spectator);
    ArrowEntity& b = world.spawn_arrow({-2.5, -59.0, 0.5}, {1.5, 0.0, 0.0});
    for (int i = 0; i < 3; ++i) world.tick();
    BOOST_TEST(!b.data().removed);  // flew through
    BOOST_TEST(b.data().pos.x > 1.0);
    BOOST_TEST(p.health() == health);
}

BOOST_AUTO_TEST_SUITE_END()
