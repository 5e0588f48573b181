#include "mobserver/server/mob_interaction.hpp"

#include <algorithm>

#include "mobserver/world/kinds/player_kind.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

constexpr double max_interaction_distance_sqr = 6.0 * 6.0;  // Mth.square(6.0)

double axis_gap(double min, double max, double v) noexcept { return std::max({min - v, 0.0, v - max}); }

}  // namespace

double box_distance_sqr(const AABB& box, const Vec3& point) noexcept {
    const double dx = axis_gap(box.min.x, box.max.x, point.x);
    const double dy = axis_gap(box.min.y, box.max.y, point.y);
    const double dz = axis_gap(box.min.z, box.max.z, point.z);
    return dx * dx + dy * dy + dz * dz;
}

bool within_interaction_reach(const PlayerEntity& player, const Entity& target) noexcept {
    return box_distance_sqr(target.bounding_box(), player.eye_position()) < max_interaction_distance_sqr;
}

InteractionResult interact_with_entity(World& world, PlayerEntity& player, Entity& target, InteractionHand hand) {
    if (!player.is_alive() || !within_interaction_reach(player, target)) return InteractionResult::Pass;
    if (player.is_spectator()) return InteractionResult::Pass;  // vanilla: setCamera(target)
    ServerMob* mob = world.mob(target.handle());
    if (mob == nullptr || !mob->is_alive()) return InteractionResult::Pass;  // Mob.interact: !isAlive → PASS
    MobAttachment* attachment = mob->attachment();
    if (attachment == nullptr) return InteractionResult::Pass;
    return attachment->mob_interact(world, *mob, player, hand);
}

}  // namespace mobsdk::server
