// The plugin's view of a living entity (vanilla's LivingEntity): what mobs and players share —
// health, damage and who dealt it, fire, equipment.
#pragma once

#include <cstdint>
#include <optional>

#include "mobsdk/core/resource_location.hpp"
#include "mobsdk/world/entity.hpp"
#include "mobsdk/world/item_stack.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk {

/// @brief One damage taken (what vanilla's HurtBySensor reads).
struct HurtRecord {
    ResourceLocation damage_type = ResourceLocation::of("generic");  ///< e.g. minecraft:mob_attack
    std::optional<EntityRef> attacker;                               ///< the entity that caused it, if any
    std::int64_t game_time = 0;                                      ///< when
};

/// @brief An entity with health that takes damage: a Mob or a Player (vanilla's LivingEntity).
class LivingEntity : public Entity {
public:
    /// @brief Ticks a player's hit is remembered by last_hurt_by_player (vanilla's
    /// lastHurtByPlayerTime).
    static constexpr std::int64_t last_hurt_by_player_ticks = 100;

    /// @brief Current health.
    virtual float health() const = 0;
    /// @brief Maximum health (the MaxHealth attribute).
    virtual float max_health() const = 0;
    /// @brief Sets health, clamped to 0–max_health; 0 kills (vanilla's setHealth).
    virtual void set_health(float health) = 0;
    /// @brief True once its health reached 0 (vanilla's isDeadOrDying).
    bool is_dead_or_dying() const { return health() <= 0; }

    /// @brief Damages it (vanilla's hurt); false when nothing happened (invulnerable, dead,
    /// peaceful rules…). `attacker` is remembered as the last hurt-by entity, and a hit outside the
    /// hurt cooldown knocks it 0.4 away from the attacker (none for a knockback resistance of 1).
    virtual bool hurt(const ResourceLocation& damage_type, float amount, const Entity* attacker) = 0;
    /// @brief The last damage it took (vanilla's getLastDamageSource and lastHurtByMob), or
    /// nothing when it was never hurt.
    virtual std::optional<HurtRecord> last_hurt() const = 0;
    /// @brief The last damage that had an attacker (vanilla's lastHurtByMob and its timestamp):
    /// later damage without one (fire, a fall) does not hide it. Nothing when never attacked.
    virtual std::optional<HurtRecord> last_hurt_by_mob() const = 0;
    /// @brief The last damage a player dealt, for last_hurt_by_player_ticks after it (vanilla's
    /// lastHurtByPlayer and lastHurtByPlayerTime); nothing otherwise.
    virtual std::optional<HurtRecord> last_hurt_by_player() const = 0;
    /// @brief True while it burns (vanilla's isOnFire).
    virtual bool is_on_fire() const = 0;
    /// @brief What it holds or wears in a slot.
    virtual const ItemStack& equipment(EquipmentSlot slot) const = 0;
};

}  // namespace mobsdk
