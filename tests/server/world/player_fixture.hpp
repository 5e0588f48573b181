// A world with one survival player, "tester", standing at (0.5, -60, 0.5) past its spawn
// invulnerability: the fixture of the player survival and combat tests.
#pragma once

#include "mobsdk/world/vanilla_ids.hpp"
#include "mobserver/world/harness.hpp"
#include "mobserver/world/kinds/player_kind.hpp"

namespace mobsdk::server::testing {

/// @brief The harness, its world, the player and the damage type ids.
struct PlayerFixture {
    WorldHarness h;
    World& world = h.world();
    PlayerEntity& p = world.player_kind().spawn(world, Uuid{7, 7}, "tester", {0.5, -60.0, 0.5});
    const VanillaDamageTypes& types = vanilla_damage_types();
    PlayerFixture() {
        p.spawn_invulnerable_time = 0;
        p.data().on_ground = true;
    }
};

}  // namespace mobsdk::server::testing
