// Arrows (vanilla's AbstractArrow/Arrow) and their NBT. ArrowKind (kinds/arrow_kind.hpp) makes,
// shoots, ticks, saves and loads them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/nbt/tag.hpp"
#include "mobserver/world/entity.hpp"

namespace mobsdk::server {

class World;

/// @brief An arrow in flight or stuck in a block (vanilla's AbstractArrow/Arrow, without
/// enchantments, potions or piercing): the world moves it, hits what is on its way and removes it
/// after 1,200 ticks in the ground.
class ArrowEntity final : public EntityImpl<Entity> {
public:
    /// @brief Vanilla's AbstractArrow.Pickup: whether a player may pick it up (kept and saved;
    /// the server has no players). Skeletons' arrows are Disallowed.
    enum class Pickup : std::uint8_t { Disallowed, Allowed, CreativeOnly };
    std::optional<EntityRef> owner;  ///< who shot it (damage is attributed to it)
    double base_damage = 2.0;        ///< vanilla's baseDamage
    bool in_ground = false;          ///< stuck in a block
    /// @brief The block state it is stuck in (vanilla's lastState); it falls when that changes.
    std::optional<BlockState> in_block;
    std::int32_t life = 0;               ///< ticks in the ground (despawns at 1,200)
    std::int32_t shake = 0;              ///< vanilla's shakeTime
    bool crit = false;                   ///< vanilla's crit flag (extra random damage)
    bool left_owner = false;             ///< vanilla's leftOwner: may hit its shooter after leaving it
    Pickup pickup = Pickup::Disallowed;  ///< vanilla's pickup
    nbt::Compound extra_nbt;             ///< fields of its saved NBT this server does not use, written back
    /// @brief Vanilla removes an arrow 1,200 ticks after it stuck.
    static constexpr std::int32_t despawn_life = 1200;
};

/// @brief Writes an arrow as vanilla does (1.20.4): the entity fields, life, shake, inGround,
/// pickup, damage, crit, Owner, LeftOwner, and the fields it was loaded with and does not model
/// (inBlockState, PierceLevel, SoundEvent, potions…); the caller adds `id`.
nbt::Compound save_arrow_nbt(const ArrowEntity& arrow);

/// @brief Applies vanilla arrow NBT; returns warnings for the fields it skipped.
std::vector<std::string> load_arrow_nbt(World& world, ArrowEntity& arrow, const nbt::Compound& tag);

}  // namespace mobsdk::server
