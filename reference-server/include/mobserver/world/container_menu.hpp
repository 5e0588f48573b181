// Menus (vanilla's AbstractContainerMenu): numbered slots mapped onto containers, the stack the
// player carries on the cursor, a state id, vanilla's click modes (pickup, quick move, swap, clone,
// throw, drag, pickup all) and the synchronisation with the client's view (what it was last sent or
// said it has; a differing state id or view is answered with the changed slots or the whole menu).
// A menu is a subclass that adds its slots and its quick-move rule (InventoryMenu, window 0; a
// merchant menu in its own file).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <span>
#include <vector>

#include "mobserver/world/player_inventory.hpp"

namespace mobsdk::server {

/// @brief Vanilla's ClickType: the `mode` of Click Container.
enum class ClickType : std::int32_t {
    Pickup = 0,      ///< left (button 0) or right (button 1) click
    QuickMove = 1,   ///< shift-click
    Swap = 2,        ///< number key (button 0–8) or F (button 40): swap with that inventory slot
    Clone = 3,       ///< middle click: creative only
    Throw = 4,       ///< Q (button 0: one item) or Ctrl+Q (button 1: the stack)
    QuickCraft = 5,  ///< dragging: start, add slot, end (button's low two bits) and its type
    PickupAll = 6,   ///< double click
};

/// @brief The player a menu acts for: its inventory, whether it is in creative, where drops go.
class MenuUser {
public:
    virtual ~MenuUser() = default;
    /// @brief The player's inventory.
    virtual PlayerInventory& inventory() noexcept = 0;
    /// @brief Vanilla's abilities.instabuild (creative).
    virtual bool instabuild() const noexcept = 0;
    /// @brief Vanilla's Player.drop(stack, includeThrowerName): throws it in front of the player.
    virtual void drop(TaggedStack stack) = 0;
};

/// @brief Where a menu's changes go (vanilla's ContainerSynchronizer): the server sends packets.
class ContainerSynchronizer {
public:
    virtual ~ContainerSynchronizer() = default;
    /// @brief Set Container Content: every slot and the carried stack.
    virtual void send_initial_data(std::int32_t container_id, std::int32_t state_id, std::span<const TaggedStack> items,
                                   const TaggedStack& carried) = 0;
    /// @brief Set Container Slot of one slot.
    virtual void send_slot_change(std::int32_t container_id, std::int32_t state_id, std::int32_t slot,
                                  const TaggedStack& stack) = 0;
    /// @brief Set Container Slot of the carried stack (window -1, slot -1).
    virtual void send_carried_change(std::int32_t state_id, const TaggedStack& stack) = 0;
};

/// @brief Vanilla's Slot: one slot of a container, numbered in its menu.
class MenuSlot {
public:
    /// @brief Slot `index` of `container`.
    MenuSlot(Container& container, std::int32_t index) : container_(&container), index_(index) {}
    virtual ~MenuSlot() = default;
    /// @brief The container it maps onto.
    Container& container() const noexcept { return *container_; }
    /// @brief Its index in the container.
    std::int32_t container_index() const noexcept { return index_; }
    /// @brief The stack in it (changed in place by the menu; call set_changed after).
    TaggedStack& item() const noexcept { return container_->slot_item(index_); }
    /// @brief True when it holds something.
    bool has_item() const noexcept { return !item().empty(); }
    /// @brief Vanilla's setByPlayer/set: replaces the stack.
    void set(TaggedStack stack) const;
    /// @brief Tells the container a change was made in place (a merchant's payment slots update
    /// the result here).
    virtual void set_changed() const;
    /// @brief Vanilla's mayPlace: may `stack` be put here?
    virtual bool may_place(const TaggedStack&) const { return true; }
    /// @brief Vanilla's mayPickup: may the player take from here?
    virtual bool may_pickup(const MenuUser&) const { return true; }
    /// @brief Vanilla's getMaxStackSize(): the slot's limit.
    virtual std::int32_t max_stack_size() const noexcept { return container_->container_max_stack_size(); }
    /// @brief Vanilla's getMaxStackSize(stack): the slot's and the item's limit.
    std::int32_t max_stack_size(const TaggedStack& stack) const noexcept;
    /// @brief Vanilla's onTake: the player took `stack` out (result slots craft here).
    virtual void on_take(MenuUser&, const TaggedStack&) {}
    /// @brief Vanilla's allowModification: may_pickup and may_place of what it holds.
    bool allow_modification(const MenuUser& user) const { return may_pickup(user) && may_place(item()); }
    /// @brief Vanilla's safeInsert: puts up to `increment` of `stack` here; returns what is left.
    TaggedStack safe_insert(TaggedStack stack, std::int32_t increment);
    /// @brief Vanilla's Slot.remove (its container's removeItem): takes up to `count` out. A
    /// merchant's result slot takes its whole stack whatever the count (MerchantContainer).
    virtual TaggedStack remove(std::int32_t count) { return item().split(count); }
    /// @brief Vanilla's tryRemove: up to min(count, decrement) out of the slot, or nothing.
    std::optional<TaggedStack> try_remove(std::int32_t count, std::int32_t decrement, MenuUser& user);
    /// @brief Vanilla's safeTake: try_remove and on_take; empty when nothing came out.
    TaggedStack safe_take(std::int32_t count, std::int32_t decrement, MenuUser& user);

private:
    Container* container_;
    std::int32_t index_;
};

/// @brief Vanilla's AbstractContainerMenu; see the file comment.
class ContainerMenu {
public:
    /// @brief Slot number of a click outside the window (drops the carried stack).
    static constexpr std::int32_t outside = -999;

    /// @brief A menu with window id `container_id` (0: the player's inventory).
    explicit ContainerMenu(std::int32_t container_id) : container_id_(container_id) {}
    virtual ~ContainerMenu() = default;
    ContainerMenu(const ContainerMenu&) = delete;
    ContainerMenu& operator=(const ContainerMenu&) = delete;

    /// @brief Its window id.
    std::int32_t container_id() const noexcept { return container_id_; }
    /// @brief The number of slots.
    std::int32_t slot_count() const noexcept { return static_cast<std::int32_t>(slots_.size()); }
    /// @brief A slot by its menu number (0 ≤ i < slot_count()).
    MenuSlot& slot(std::int32_t i) const noexcept { return *slots_[static_cast<std::size_t>(i)]; }
    /// @brief Vanilla's isValidSlotIndex: -1, -999 or a slot.
    bool valid_slot_index(std::int32_t i) const noexcept {
        return i == -1 || i == outside || (i >= 0 && i < slot_count());
    }
    /// @brief The stack on the cursor.
    const TaggedStack& carried() const noexcept { return carried_; }
    /// @brief Replaces the stack on the cursor.
    void set_carried(TaggedStack stack) { carried_ = stack.empty() ? TaggedStack{} : std::move(stack); }
    /// @brief The state id (15 bits), raised by every packet sent.
    std::int32_t state_id() const noexcept { return state_id_; }
    /// @brief Vanilla's incrementStateId: raises and returns it.
    std::int32_t increment_state_id() noexcept { return state_id_ = (state_id_ + 1) & 32767; }

    /// @brief Vanilla's clicked: one click of `mode` on slot `slot` (a valid index) with `button`.
    void clicked(std::int32_t slot, std::int32_t button, ClickType mode, MenuUser& user);
    /// @brief Vanilla's quickMoveStack (shift-click): moves a slot's stack elsewhere; returns a
    /// copy of what was moved from, or empty when nothing moved.
    virtual TaggedStack quick_move_stack(MenuUser& user, std::int32_t slot) = 0;
    /// @brief Vanilla's removed: the menu closes; the carried stack goes back to the player.
    virtual void removed(MenuUser& user);
    /// @brief Vanilla's canTakeItemForPickAll.
    virtual bool can_take_item_for_pick_all(const TaggedStack&, const MenuSlot&) const { return true; }
    /// @brief Vanilla's canDragTo.
    virtual bool can_drag_to(const MenuSlot&) const { return true; }

    /// @brief Where changes are sent (none: nothing is sent); sends the whole menu at once.
    void set_synchronizer(ContainerSynchronizer* synchronizer);
    /// @brief Vanilla's broadcastChanges: a Set Container Slot for each slot (and the carried
    /// stack) that differs from the client's view.
    void broadcast_changes();
    /// @brief Vanilla's broadcastFullState: the whole menu (Set Container Content).
    void broadcast_full_state();
    /// @brief Vanilla's sendAllDataToRemote.
    void send_all_data_to_remote();
    /// @brief What the client says a slot holds after its click (out of range: ignored).
    void set_remote_slot(std::int32_t slot, TaggedStack stack);
    /// @brief What the client says it carries after its click.
    void set_remote_carried(TaggedStack stack) { remote_carried_ = std::move(stack); }

protected:
    /// @brief Adds a slot; returns it. Slots are numbered in the order they are added.
    MenuSlot& add_slot(std::unique_ptr<MenuSlot> slot);
    /// @brief Vanilla's moveItemStackTo: moves `stack` into slots [start, end) (backwards when
    /// `reverse`), topping up matching stacks first; true when anything moved.
    bool move_item_stack_to(TaggedStack& stack, std::int32_t start, std::int32_t end, bool reverse);
    /// @brief The end of vanilla's quickMoveStack once `moving` (slot `s`'s stack, a copy of which
    /// was `before`) was moved: the slot emptied or marked changed; empty when nothing moved, else
    /// on_take and `before`.
    static TaggedStack finish_quick_move(MenuUser& user, MenuSlot& s, TaggedStack& moving, const TaggedStack& before);
    /// @brief Vanilla's Inventory.placeItemBackInInventory: into the inventory, the rest dropped.
    static void place_back_in_inventory(MenuUser& user, TaggedStack stack);

private:
    void do_click(std::int32_t slot, std::int32_t button, ClickType mode, MenuUser& user);
    void reset_quick_craft();

    std::int32_t container_id_;
    std::vector<std::unique_ptr<MenuSlot>> slots_;
    std::vector<TaggedStack> remote_slots_;
    TaggedStack carried_, remote_carried_;
    std::int32_t state_id_ = 0;
    std::int32_t quickcraft_type_ = -1;
    std::int32_t quickcraft_status_ = 0;
    std::vector<std::int32_t> quickcraft_slots_;  // vanilla's Set<Slot>, in the order added
    ContainerSynchronizer* synchronizer_ = nullptr;
};

/// @brief Vanilla's canItemQuickReplace: may `stack` be dropped onto `slot` in a drag or pick-all?
bool can_item_quick_replace(const MenuSlot* slot, const TaggedStack& stack, bool stack_size_matters);

}  // namespace mobsdk::server
