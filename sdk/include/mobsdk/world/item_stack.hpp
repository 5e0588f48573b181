// Items as AI sees them (vanilla's ItemStack and EquipmentSlot): what a mob holds, wears, drops,
// picks up or wants.
#pragma once

#include <cstdint>

#include "mobsdk/core/resource_location.hpp"

namespace mobsdk {

/// @brief Equipment slots, as vanilla's EquipmentSlot.
enum class EquipmentSlot : std::uint8_t { MainHand, OffHand, Feet, Legs, Chest, Head };

/// @brief An item stack as AI sees it: the item id and a count (0 means empty).
struct ItemStack {
    ResourceLocation item = ResourceLocation::of("air");  ///< e.g. minecraft:bread
    std::int32_t count = 0;                               ///< 0 for an empty stack
    /// @brief True for no item.
    bool empty() const noexcept { return count <= 0 || item.path() == "air"; }
};

}  // namespace mobsdk
