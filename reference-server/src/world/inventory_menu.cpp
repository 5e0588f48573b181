// The player's inventory screen: vanilla's InventoryMenu slots and quick-move rule.
#include "mobserver/world/inventory_menu.hpp"

#include <array>

namespace mobsdk::server {

namespace {

// Vanilla's ResultSlot without recipes: nothing may be put in, and it is always empty.
class ResultSlot final : public MenuSlot {
public:
    using MenuSlot::MenuSlot;
    bool may_place(const TaggedStack&) const override { return false; }
};

// Vanilla's EnchantmentHelper.hasBindingCurse.
bool has_binding_curse(const TaggedStack& stack) {
    if (!stack.tag) return false;
    const auto* list = stack.tag->find<nbt::List>("Enchantments");
    if (!list) return false;
    for (std::size_t i = 0; i < list->size(); ++i)
        if (const auto* e = (*list)[i].get_if<nbt::Compound>())
            if (const auto* id = e->find<std::string>("id"); id && *id == "minecraft:binding_curse") return true;
    return false;
}

// InventoryMenu's armour slots: one item, only what is worn there (items the table does not know
// are allowed anywhere), not taken off with the curse of binding outside creative.
class ArmorSlot final : public MenuSlot {
public:
    ArmorSlot(Container& inventory, std::int32_t index, EquipmentSlot worn) : MenuSlot(inventory, index), worn_(worn) {}
    bool may_place(const TaggedStack& stack) const override {
        const auto slot = equipment_slot_for_item(stack.stack);
        return !slot || *slot == worn_;
    }
    std::int32_t max_stack_size() const noexcept override { return 1; }
    bool may_pickup(const MenuUser& user) const override { return user.instabuild() || !has_binding_curse(item()); }

private:
    EquipmentSlot worn_;
};

}  // namespace

InventoryMenu::InventoryMenu(PlayerInventory& inventory) : ContainerMenu(0) {
    add_slot(std::make_unique<ResultSlot>(result_, 0));
    for (std::int32_t i = 0; i < 4; ++i) add_slot(std::make_unique<MenuSlot>(craft_, i));
    constexpr std::array<EquipmentSlot, 4> worn = {EquipmentSlot::Head, EquipmentSlot::Chest, EquipmentSlot::Legs,
                                                   EquipmentSlot::Feet};
    for (std::int32_t k = 0; k < 4; ++k)
        add_slot(std::make_unique<ArmorSlot>(inventory, PlayerInventory::offhand_slot - 1 - k,
                                             worn[static_cast<std::size_t>(k)]));
    for (std::int32_t i = 9; i < PlayerInventory::main_size; ++i) add_slot(std::make_unique<MenuSlot>(inventory, i));
    for (std::int32_t i = 0; i < PlayerInventory::hotbar_size; ++i) add_slot(std::make_unique<MenuSlot>(inventory, i));
    add_slot(std::make_unique<MenuSlot>(inventory, PlayerInventory::offhand_slot));
}

std::int32_t InventoryMenu::menu_slot_of(std::int32_t inventory_slot) noexcept {
    if (inventory_slot < PlayerInventory::hotbar_size) return hotbar_start + inventory_slot;
    if (inventory_slot < PlayerInventory::main_size) return inventory_slot;
    if (inventory_slot < PlayerInventory::offhand_slot) return armor_start + 3 - (inventory_slot - 36);
    return offhand;
}

bool InventoryMenu::can_take_item_for_pick_all(const TaggedStack& stack, const MenuSlot& slot) const {
    return &slot.container() != &result_ && ContainerMenu::can_take_item_for_pick_all(stack, slot);
}

void InventoryMenu::removed(MenuUser& user) {
    ContainerMenu::removed(user);
    result_.slot_item(0) = {};
    // Vanilla's clearContainer: each grid stack back into the inventory (placeItemBackInInventory).
    for (std::int32_t i = 0; i < craft_.container_size(); ++i) {
        TaggedStack stack = std::move(craft_.slot_item(i));
        craft_.slot_item(i) = {};
        place_back_in_inventory(user, std::move(stack));
    }
}

TaggedStack InventoryMenu::quick_move_stack(MenuUser& user, std::int32_t index) {
    // Vanilla's InventoryMenu.quickMoveStack.
    MenuSlot& s = slot(index);
    if (!s.has_item()) return {};
    TaggedStack& moving = s.item();
    const TaggedStack before = moving;
    const auto worn = equipment_slot_for_item(before.stack).value_or(EquipmentSlot::MainHand);
    const bool armour = worn == EquipmentSlot::Head || worn == EquipmentSlot::Chest || worn == EquipmentSlot::Legs ||
                        worn == EquipmentSlot::Feet;
    // 8 - vanilla's armour index (feet 0 … head 3).
    const std::int32_t armour_slot = worn == EquipmentSlot::Head    ? 5
                                     : worn == EquipmentSlot::Chest ? 6
                                     : worn == EquipmentSlot::Legs  ? 7
                                                                    : 8;
    if (index == result_slot) {
        if (!move_item_stack_to(moving, inv_start, offhand, true)) return {};
    } else if (index >= craft_start && index < armor_start) {
        if (!move_item_stack_to(moving, inv_start, offhand, false)) return {};
    } else if (index >= armor_start && index < inv_start) {
        if (!move_item_stack_to(moving, inv_start, offhand, false)) return {};
    } else if (armour && !slot(armour_slot).has_item()) {
        if (!move_item_stack_to(moving, armour_slot, armour_slot + 1, false)) return {};
    } else if (worn == EquipmentSlot::OffHand && !slot(offhand).has_item()) {
        if (!move_item_stack_to(moving, offhand, offhand + 1, false)) return {};
    } else if (index >= inv_start && index < hotbar_start) {
        if (!move_item_stack_to(moving, hotbar_start, offhand, false)) return {};
    } else if (index >= hotbar_start && index < offhand) {
        if (!move_item_stack_to(moving, inv_start, hotbar_start, false)) return {};
    } else if (!move_item_stack_to(moving, inv_start, offhand, false)) {
        return {};
    }
    return finish_quick_move(user, s, moving, before);
}

}  // namespace mobsdk::server
