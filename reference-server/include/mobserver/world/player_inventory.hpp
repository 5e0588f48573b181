// A player's inventory (vanilla's Inventory): 36 main slots (0–8 the hotbar), 4 armour slots and the
// offhand, the selected hotbar slot, vanilla's add/count/remove rules and its playerdata form
// (`Inventory` list with Slot bytes 0–35, 100–103, -106, and `SelectedItemSlot`). Also vanilla's
// Container (what menu slots map onto) and the full item stack with its `tag` that players carry.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/item_stack.hpp"

namespace mobsdk::server {

/// @brief An item stack with vanilla's `tag` compound (enchantments, names, damage…), as a player's
/// inventory holds it. The item may be one the item table does not know (a modded id): it is kept
/// with its id, count and tag verbatim.
struct TaggedStack {
    ItemStack stack;                   ///< item and count (count ≤ 0 or air: empty)
    std::optional<nbt::Compound> tag;  ///< vanilla's `tag`; none and {} differ, as in vanilla

    /// @brief True for no item.
    bool empty() const noexcept { return stack.empty(); }
    /// @brief The count (0 when empty).
    std::int32_t count() const noexcept { return empty() ? 0 : stack.count; }
    /// @brief Vanilla's getMaxStackSize (the item table's; 64 for unknown items).
    std::int32_t max_stack_size() const noexcept;
    /// @brief Vanilla's isDamaged: a `Damage` above 0 in the tag.
    bool damaged() const noexcept;
    /// @brief Vanilla's isStackable: stacks above 1 and not damaged.
    bool stackable() const noexcept { return max_stack_size() > 1 && !damaged(); }
    /// @brief Vanilla's split: takes up to `n` off this stack and returns them.
    TaggedStack split(std::int32_t n);
    /// @brief This stack with another count.
    TaggedStack with_count(std::int32_t n) const {
        TaggedStack s = *this;
        s.stack.count = n;
        return s;
    }
    /// @brief Vanilla's ItemStack.matches: both empty, or the same item, count and tag.
    friend bool operator==(const TaggedStack& a, const TaggedStack& b) noexcept;
};

/// @brief Vanilla's ItemStack.isSameItemSameTags (counts do not matter; empty stacks are of item air).
bool same_item_same_tags(const TaggedStack& a, const TaggedStack& b) noexcept;

/// @brief Where an item is worn (vanilla's Mob.getEquipmentSlotForItem): Head, Chest, Legs or Feet
/// for armour, OffHand for a shield, MainHand for everything else; nothing when the item table does
/// not know the item (then any armour slot accepts it).
std::optional<EquipmentSlot> equipment_slot_for_item(const ItemStack& stack) noexcept;

/// @brief Vanilla's Container: slots a menu maps onto.
class Container {
public:
    virtual ~Container() = default;
    /// @brief The number of slots.
    virtual std::int32_t container_size() const noexcept = 0;
    /// @brief A slot's stack, changed in place by menus (0 ≤ slot < container_size()).
    virtual TaggedStack& slot_item(std::int32_t slot) noexcept = 0;
    /// @brief Vanilla's getMaxStackSize: the limit of every slot (64).
    virtual std::int32_t container_max_stack_size() const noexcept { return 64; }
    /// @brief Vanilla's removeItem(slot, count): splits up to `count` off a slot.
    TaggedStack remove_item(std::int32_t slot, std::int32_t count);
};

/// @brief A container of a fixed number of slots (vanilla's SimpleContainer; the crafting grid).
class SimpleItemContainer final : public Container {
public:
    /// @brief `size` empty slots.
    explicit SimpleItemContainer(std::int32_t size) : items_(static_cast<std::size_t>(size)) {}
    std::int32_t container_size() const noexcept override { return static_cast<std::int32_t>(items_.size()); }
    TaggedStack& slot_item(std::int32_t slot) noexcept override { return items_[static_cast<std::size_t>(slot)]; }

private:
    std::vector<TaggedStack> items_;
};

/// @brief A player's inventory (vanilla's Inventory). Slots: 0–35 main (0–8 the hotbar), 36–39
/// armour (feet, legs, chest, head: vanilla's armour index + 36), 40 the offhand.
class PlayerInventory final : public Container {
public:
    static constexpr std::int32_t main_size = 36;     ///< vanilla's INVENTORY_SIZE
    static constexpr std::int32_t hotbar_size = 9;    ///< vanilla's getSelectionSize
    static constexpr std::int32_t armor_start = 36;   ///< the feet slot
    static constexpr std::int32_t offhand_slot = 40;  ///< vanilla's SLOT_OFFHAND
    static constexpr std::int32_t size = 41;          ///< every slot

    std::int32_t container_size() const noexcept override { return size; }
    TaggedStack& slot_item(std::int32_t slot) noexcept override { return items_[static_cast<std::size_t>(slot)]; }
    /// @brief A slot's stack (0 ≤ slot < size).
    const TaggedStack& item(std::int32_t slot) const noexcept { return items_[static_cast<std::size_t>(slot)]; }
    /// @brief Replaces a slot (out of range: ignored).
    void set_item(std::int32_t slot, TaggedStack stack);

    /// @brief The selected hotbar slot (0–8, vanilla's `selected`).
    std::int32_t selected() const noexcept { return selected_; }
    /// @brief Selects a hotbar slot; false (nothing changes) outside 0–8.
    bool select(std::int32_t slot) noexcept;
    /// @brief The stack in the selected hotbar slot (vanilla's getSelected).
    const TaggedStack& selected_item() const noexcept { return item(selected_); }
    /// @brief The inventory slot that holds what is worn or held in `slot` (main hand: the selected slot).
    std::int32_t slot_of(EquipmentSlot slot) const noexcept;
    /// @brief What the player holds or wears in `slot`, as AI sees it.
    const ItemStack& equipment(EquipmentSlot slot) const noexcept { return item(slot_of(slot)).stack; }

    /// @brief Vanilla's Inventory.add(stack): tops up matching stacks (the selected slot, the offhand,
    /// then main 0–35), then fills the first empty main slot; a damaged stack only goes to an empty
    /// slot, whole. With `instabuild` (creative) a stack that does not fit at all is used up.
    /// Changes `stack` to what is left; returns true when some of it was taken.
    bool add(TaggedStack& stack, bool instabuild = false);
    /// @brief Vanilla's Inventory.countItem: how many of `item` all slots hold.
    std::int32_t count_item(const ResourceLocation& item) const noexcept;
    /// @brief Removes up to `count` of `item` (vanilla's clearOrCountMatchingItems over the
    /// slots in order); returns how many were removed.
    std::int32_t remove_items(const ResourceLocation& item, std::int32_t count);
    /// @brief A number that changes whenever a slot or the selection changes (the tracker's cue).
    std::uint32_t changes() const noexcept { return changes_; }
    /// @brief Notes a change made through slot_item() (menus call it).
    void set_changed() noexcept { ++changes_; }

    /// @brief Vanilla's Inventory.save: the non-empty slots as {Slot: byte, id, Count, tag}.
    nbt::List save() const;
    /// @brief Vanilla's Inventory.load into an emptied inventory; bad entries are skipped with a warning.
    void load(const nbt::List& list, std::vector<std::string>& warnings);

private:
    std::int32_t add_resource(std::int32_t slot, TaggedStack& stack);
    std::int32_t slot_with_remaining_space(const TaggedStack& stack) const noexcept;
    std::int32_t free_slot() const noexcept;

    std::array<TaggedStack, size> items_{};
    std::int32_t selected_ = 0;
    std::uint32_t changes_ = 0;
};

/// @brief A stack in vanilla's item NBT: {id, Count: byte, tag?}; {} for an empty stack.
nbt::Compound tagged_stack_to_nbt(const TaggedStack& stack);
/// @brief A stack from {id, Count, tag?} (nothing, with a warning naming `where`, when it has no valid id).
std::optional<TaggedStack> tagged_stack_from_nbt(const nbt::Tag& tag, std::vector<std::string>& warnings,
                                                 const std::string& where);

}  // namespace mobsdk::server
