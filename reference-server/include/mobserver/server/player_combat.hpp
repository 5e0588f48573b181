// Survival on the server side (player_combat.cpp): vanilla's death messages, the spawn-radius
// rule, and a player's attack. PlayerList's survival members (health and damage feedback, death,
// respawn, Interact, Swing Arm) are defined in the same file.
#pragma once

#include <cstdint>
#include <string>

#include "mobserver/world/kinds/player_kind.hpp"

namespace mobsdk::server {

class World;

/// @brief Vanilla's death message for a player that just died (CombatTracker.getDeathMessage in
/// English): a fatal fall of more than 5 blocks "fell from a high place"; otherwise the killing
/// damage type's death.attack.* text, naming the attacker ("was slain by Zombie", "was shot by
/// Skeleton") or, for damage without one, the kill credit (the last player, else mob, that hurt it
/// within 100 ticks: "drowned while trying to escape Zombie").
std::string death_message(const World& world, const PlayerEntity& player);

/// @brief Vanilla's ServerPlayer.fudgeSpawnLocation: a random column (the world random) of the
/// square of `radius` around the world spawn, tried in a coprime stride, whose top is a full-faced
/// block without fluid above (PlayerRespawnLogic.getOverworldRespawnPos) and where a player's box
/// fits; `adventure` (the server's default game mode) or radius 0: the spawn itself, raised until
/// the box fits. Returns the feet position (block centre).
Vec3 fudge_spawn_location(World& world, std::int32_t radius, bool adventure);

/// @brief What a player's attack did.
struct AttackResult {
    bool landed = false;            ///< the target took damage
    bool critical = false;          ///< a critical hit (vanilla's Animate 4)
    bool sprint_knockback = false;  ///< a sprinting charged hit: one more knockback, the sprint ends
    std::int32_t swept = 0;         ///< other entities the sword's sweep hurt
};

/// @brief Vanilla's Player.attack without enchantments: the main hand's weapon adds to the attack
/// damage (base 1) and attack speed (base 4; item_traits.hpp's weapon_modifiers); the attack
/// strength (attack_strength_ticker + 0.5 over the 20 / speed ticks of the cooldown, clamped to 1)
/// scales the damage by 0.2 + 0.8·strength² and resets. A charged (> 0.9) hit while sprinting
/// knocks back one more (0.5 along the player's facing), slows the player to 0.6 and ends the
/// sprint; a charged hit while falling, off the ground, out of water and not sprinting is critical
/// (× 1.5); a charged sword hit on the ground that is neither, after walking less than 0.1 this
/// tick, sweeps: every other living entity in the target's box grown by (1, 0.25, 1) within 3
/// blocks of the player is knocked back 0.4 and takes 1. The target takes minecraft:player_attack
/// damage with the player as attacker and, when it landed on a mob, vanilla's 0.4 knockback away
/// from the player (none for iron golems: knockback resistance 1).
AttackResult player_attack(World& world, PlayerEntity& player, Entity& target);

}  // namespace mobsdk::server
