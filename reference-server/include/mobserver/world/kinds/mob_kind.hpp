// The kind of every mob type (any type with is_mob, with an AI factory or none): vanilla's
// LivingEntity.tick and Mob.aiStep order, death, pushing, and the mob NBT.
#pragma once

#include <vector>

#include "mobserver/world/entity_kind.hpp"
#include "mobserver/world/server_mob.hpp"

namespace mobsdk::server {

/// @brief Mobs: serves every type with `is_mob`. A tick runs the base tick (fire, sun), the AI step
/// (plugin code: an exception disables the mob's AI), movement, loot pickup and pushing; a dead
/// mob lingers for its death animation and its attachment's on_death runs as it leaves.
class MobKind final : public EntityKindFor<ServerMob> {
public:
    std::string_view name() const noexcept override { return "mob"; }
    bool serves(Handle<EntityTypeInfo> type, const EntityTypeInfo& info) const override;
    /// @brief World::spawn_mob, then load_mob_nbt. Unless the world keeps AI-less mobs dormant
    /// (WorldOptions::keep_ai_less_mobs_dormant) and the type has no AI factory: an error.
    Result<Entity*, std::string> create(World& world, Handle<EntityTypeInfo> type, const Vec3& pos, Uuid uuid,
                                        const nbt::Compound& tag, std::vector<std::string>& warnings) override;
    nbt::Compound save(const World& world, const Entity& entity) const override;
    std::vector<std::string> load(World& world, Entity& entity, const nbt::Compound& tag) override;
    void tick(World& world, Entity& entity) override;
    /// @brief Vanilla's genericKill: health 0 whatever its invulnerability (it dies, and lingers).
    void kill(World& world, Entity& entity) override;
    /// @brief Vanilla's tickDeath: counts the death animation; the attachment's on_death runs
    /// when it ends (a slime splits).
    void tick_removed(World& world, Entity& entity) override;
    /// @brief True while the mob is dying.
    bool lingers(const Entity& entity) const override;

private:
    void push_entities(World& world, ServerMob& mob);
    std::vector<const EntitySlot*> push_scratch_;  // reused: no allocation per tick once warm
    ResourceLocation beds_tag_ = ResourceLocation::of("beds");
};

}  // namespace mobsdk::server
