// What the world knows about vanilla's items beyond their ids: the maximum stack size and the armour
// slot an item is worn in (vanilla's Item.getMaxStackSize and Mob.getEquipmentSlotForItem), from a
// table generated from minecraft-data (tools/protocol/generate-entity-ids.mjs). Items the table does
// not know (other namespaces, newer versions) stack to 64 and have no known slot.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "mobsdk/core/resource_location.hpp"
#include "mobsdk/world/item_stack.hpp"

namespace mobsdk::server {

/// @brief One row of the generated table: a vanilla item without `minecraft:`, its stack limit, its slot.
struct VanillaItemTraits {
    std::string_view name;                         ///< e.g. "diamond_helmet"
    std::int32_t max_stack = 64;                   ///< 1, 16 or 64
    EquipmentSlot slot = EquipmentSlot::MainHand;  ///< where it is worn; MainHand for everything not worn
};

namespace generated {
/// @brief Every vanilla 1.20.4 item, sorted by name.
std::span<const VanillaItemTraits> item_traits() noexcept;
}  // namespace generated

/// @brief The traits of a vanilla item (`minecraft:` namespace only), or nothing for an item the
/// table does not know. A look-up by name: callers resolve once per action, not per tick.
const VanillaItemTraits* vanilla_item_traits(const ResourceLocation& item) noexcept;

/// @brief Vanilla's Item.getMaxStackSize; 64 for items the table does not know.
std::int32_t item_max_stack_size(const ResourceLocation& item) noexcept;

/// @brief What an item held in the main hand adds to its wielder's attack attributes (vanilla
/// 1.20.4's default attribute modifiers of the MAINHAND slot, operation ADD_VALUE).
struct WeaponModifiers {
    float attack_damage = 0;  ///< added to generic.attack_damage (a player's base is 1)
    float attack_speed = 0;   ///< added to generic.attack_speed (a player's base is 4)
    bool sword = false;       ///< a SwordItem (sweeping; the attack cooldown is the same)
};

/// @brief The modifiers of vanilla's swords, axes, pickaxes, shovels, hoes and the trident, from
/// their tier (Tiers: wood and gold bonus 0, stone 1, iron 2, diamond 3, netherite 4) and their
/// class's numbers (SwordItem 3 / −2.4, PickaxeItem 1 / −2.8, ShovelItem 1.5 / −3, the axes' and
/// hoes' per-tier numbers of Items, the trident 8 / −2.9). Every other item adds nothing.
WeaponModifiers weapon_modifiers(const ResourceLocation& item) noexcept;

}  // namespace mobsdk::server
