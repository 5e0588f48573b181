// The player's own inventory screen (vanilla's InventoryMenu, window 0): slot 0 the crafting result,
// 1–4 the 2×2 crafting grid, 5–8 armour (head, chest, legs, feet), 9–35 the main inventory, 36–44 the
// hotbar, 45 the offhand. There are no recipes yet: the result stays empty, and what lies in the grid
// goes back to the inventory when the screen closes (vanilla's clearContainer).
#pragma once

#include "mobserver/world/container_menu.hpp"

namespace mobsdk::server {

/// @brief Vanilla's InventoryMenu over a player's inventory (which must outlive it).
class InventoryMenu final : public ContainerMenu {
public:
    static constexpr std::int32_t result_slot = 0;    ///< RESULT_SLOT
    static constexpr std::int32_t craft_start = 1;    ///< CRAFT_SLOT_START
    static constexpr std::int32_t armor_start = 5;    ///< ARMOR_SLOT_START (head)
    static constexpr std::int32_t inv_start = 9;      ///< INV_SLOT_START
    static constexpr std::int32_t hotbar_start = 36;  ///< USE_ROW_SLOT_START
    static constexpr std::int32_t offhand = 45;       ///< SHIELD_SLOT
    static constexpr std::int32_t slot_total = 46;    ///< every slot

    /// @brief The menu over `inventory`.
    explicit InventoryMenu(PlayerInventory& inventory);

    TaggedStack quick_move_stack(MenuUser& user, std::int32_t slot) override;
    /// @brief The carried stack and the crafting grid go back to the inventory (vanilla's removed).
    void removed(MenuUser& user) override;
    bool can_take_item_for_pick_all(const TaggedStack& stack, const MenuSlot& slot) const override;
    /// @brief The menu slot showing inventory slot `inventory_slot` (0–40).
    static std::int32_t menu_slot_of(std::int32_t inventory_slot) noexcept;

private:
    SimpleItemContainer craft_{4};
    SimpleItemContainer result_{1};
};

}  // namespace mobsdk::server
