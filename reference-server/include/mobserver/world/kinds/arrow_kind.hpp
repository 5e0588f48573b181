// The kind of minecraft:arrow: vanilla's AbstractArrow.tick (flight, drag, gravity, hits on blocks
// and mobs, despawn after 1,200 ticks in the ground) and Projectile.shoot.
#pragma once

#include <optional>
#include <vector>

#include "mobserver/world/arrow.hpp"
#include "mobserver/world/entity_kind.hpp"

namespace mobsdk::server {

class ServerMob;

/// @brief Arrows: serves minecraft:arrow (the handle the world resolved).
class ArrowKind final : public SingleTypeEntityKind<ArrowEntity> {
public:
    /// @brief Serves minecraft:arrow, if registered; without it no arrow can be made.
    using SingleTypeEntityKind::SingleTypeEntityKind;
    std::string_view name() const noexcept override { return "arrow"; }
    Result<Entity*, std::string> create(World& world, Handle<EntityTypeInfo> type, const Vec3& pos, Uuid uuid,
                                        const nbt::Compound& tag, std::vector<std::string>& warnings) override;
    nbt::Compound save(const World& world, const Entity& entity) const override;
    std::vector<std::string> load(World& world, Entity& entity, const nbt::Compound& tag) override;
    void tick(World& world, Entity& entity) override;

    /// @brief Adds an arrow with no owner facing its motion (World::spawn_arrow): a nil UUID gets
    /// a fresh one, a taken one throws std::invalid_argument, no minecraft:arrow type
    /// std::logic_error.
    ArrowEntity& spawn(World& world, const Vec3& pos, const Vec3& motion, Uuid uuid);
    /// @brief Vanilla's Projectile.shoot for a mob's arrow (World::shoot_arrow).
    std::optional<EntityRef> shoot(World& world, Mob& shooter, const Vec3& from, const Vec3& direction, float velocity,
                                   float inaccuracy, double base_damage);

private:
    void hit_block(World& world, ArrowEntity& arrow, const BlockHit& hit);
    void hit_mob(World& world, ArrowEntity& arrow, LivingEntity& target);
    std::vector<const EntitySlot*> scratch_;  // reused: no allocation per tick once warm
};

}  // namespace mobsdk::server
