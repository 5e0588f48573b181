// A player's right-click on an entity (vanilla's ServerGamePacketListenerImpl.handleInteract for
// INTERACT, then Player.interactOn and Mob.interact): the SDK's MobAttachment::mob_interact.
#pragma once

#include "mobsdk/world/interaction.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk {
class Entity;
}

namespace mobsdk::server {

class PlayerEntity;
class World;

/// @brief Vanilla's interaction reach (ServerGamePacketListenerImpl.MAX_INTERACTION_DISTANCE, 1.20.4):
/// the target's box closer than 6 blocks (squared 36) to the player's eyes — the attack's check too.
bool within_interaction_reach(const PlayerEntity& player, const Entity& target) noexcept;

/// @brief Vanilla's box-to-point squared distance (AABB.distanceToSqr(Vec3)): 0 inside.
double box_distance_sqr(const AABB& box, const Vec3& point) noexcept;

/// @brief An Interact packet of type 0 (INTERACT) with `hand` on `target`: out of reach, a dead
/// target or player, or a spectator (vanilla opens the target's camera: not done) → Pass; a living
/// mob with an attachment → its mob_interact (Mob.mobInteract; leads and spawn eggs, which vanilla
/// tries first, are not modelled); anything else → Pass. Type 2 (INTERACT_AT) is vanilla's
/// Entity.interactAt, which is Pass for every mob (only armour stands answer it): do not call this
/// for it, or a click that the client sends as INTERACT_AT then INTERACT would act twice.
InteractionResult interact_with_entity(World& world, PlayerEntity& player, Entity& target, InteractionHand hand);

}  // namespace mobsdk::server
