// Items on the ground (vanilla's ItemEntity) and their NBT. ItemEntityKind (kinds/item_entity_kind.hpp)
// makes, ticks, saves and loads them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/nbt/tag.hpp"
#include "mobserver/world/entity.hpp"

namespace mobsdk::server {

class World;

/// @brief An item on the ground (vanilla's ItemEntity): an item stack, a pickup delay, an age.
class ItemEntity final : public EntityImpl<Entity> {
public:
    ItemStack item;  ///< what it holds
    const ItemStack* item_stack() const override { return &item; }
    nbt::Compound extra_nbt;           ///< fields of its saved NBT this server does not use, written back
    std::int32_t pickup_delay = 10;    ///< ticks until it can be picked up (vanilla: 10 when thrown)
    std::optional<nbt::Compound> tag;  ///< the stack's `tag` (Item.tag), kept for players' items
    std::int32_t tick_count = 0;       ///< vanilla's tickCount: ticks since it was added or loaded
    /// @brief Vanilla despawns items after 6000 ticks.
    static constexpr std::int32_t lifetime = 6000;
};

/// @brief Writes an item entity as vanilla does (1.20.4): the entity fields, Health, Age,
/// PickupDelay and Item {id, Count, tag}. The caller adds `id`.
nbt::Compound save_item_entity_nbt(const ItemEntity& item);

/// @brief Applies vanilla item-entity NBT; returns warnings for the fields it skipped.
std::vector<std::string> load_item_entity_nbt(World& world, ItemEntity& item, const nbt::Compound& tag);

}  // namespace mobsdk::server
