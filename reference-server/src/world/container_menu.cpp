// Menus: vanilla's AbstractContainerMenu.doClick and its slot rules, and the client synchronisation.
#include "mobserver/world/container_menu.hpp"

#include <algorithm>
#include <climits>

namespace mobsdk::server {

// ---- MenuSlot (vanilla's Slot) ----

void MenuSlot::set(TaggedStack stack) const {
    item() = stack.empty() ? TaggedStack{} : std::move(stack);
    set_changed();
}

void MenuSlot::set_changed() const {
    if (auto* inv = dynamic_cast<PlayerInventory*>(container_)) inv->set_changed();
}

std::int32_t MenuSlot::max_stack_size(const TaggedStack& stack) const noexcept {
    return std::min(max_stack_size(), stack.max_stack_size());
}

TaggedStack MenuSlot::safe_insert(TaggedStack stack, std::int32_t increment) {
    if (stack.empty() || !may_place(stack)) return stack;
    TaggedStack& cur = item();
    const std::int32_t n = std::min(std::min(increment, stack.count()), max_stack_size(stack) - cur.count());
    if (cur.empty()) {
        set(stack.split(n));
    } else if (same_item_same_tags(cur, stack)) {
        stack.split(n);
        cur.stack.count += n;
        set_changed();
    }
    return stack;
}

std::optional<TaggedStack> MenuSlot::try_remove(std::int32_t count, std::int32_t decrement, MenuUser& user) {
    if (!may_pickup(user)) return std::nullopt;
    if (!allow_modification(user) && decrement < item().count()) return std::nullopt;
    TaggedStack taken = remove(std::min(count, decrement));
    set_changed();
    if (taken.empty()) return std::nullopt;
    return taken;
}

TaggedStack MenuSlot::safe_take(std::int32_t count, std::int32_t decrement, MenuUser& user) {
    auto taken = try_remove(count, decrement, user);
    if (!taken) return {};
    on_take(user, *taken);
    return *taken;
}

bool can_item_quick_replace(const MenuSlot* slot, const TaggedStack& stack, bool stack_size_matters) {
    const bool free = !slot || !slot->has_item();
    if (!free && same_item_same_tags(stack, slot->item()))
        return slot->item().count() + (stack_size_matters ? 0 : stack.count()) <= stack.max_stack_size();
    return free;
}

// ---- ContainerMenu ----

MenuSlot& ContainerMenu::add_slot(std::unique_ptr<MenuSlot> slot) {
    slots_.push_back(std::move(slot));
    remote_slots_.emplace_back();
    return *slots_.back();
}

void ContainerMenu::reset_quick_craft() {
    quickcraft_status_ = 0;
    quickcraft_slots_.clear();
}

void ContainerMenu::clicked(std::int32_t slot, std::int32_t button, ClickType mode, MenuUser& user) {
    do_click(slot, button, mode, user);
}

void ContainerMenu::do_click(std::int32_t slot_id, std::int32_t button, ClickType mode, MenuUser& user) {
    PlayerInventory& inventory = user.inventory();
    if (mode == ClickType::QuickCraft) {
        const std::int32_t previous = quickcraft_status_;
        quickcraft_status_ = button & 3;  // getQuickcraftHeader
        if ((previous != 1 || quickcraft_status_ != 2) && previous != quickcraft_status_) {
            reset_quick_craft();
        } else if (carried_.empty()) {
            reset_quick_craft();
        } else if (quickcraft_status_ == 0) {
            quickcraft_type_ = (button >> 2) & 3;  // getQuickcraftType
            // isValidQuickcraftType: even split and one each always, a full stack each in creative.
            if (quickcraft_type_ == 0 || quickcraft_type_ == 1 || (quickcraft_type_ == 2 && user.instabuild())) {
                quickcraft_status_ = 1;
                quickcraft_slots_.clear();
            } else {
                reset_quick_craft();
            }
        } else if (quickcraft_status_ == 1) {
            if (slot_id < 0 || slot_id >= slot_count()) return;  // vanilla would fail on slots.get
            const MenuSlot& s = slot(slot_id);
            const bool known =
                std::find(quickcraft_slots_.begin(), quickcraft_slots_.end(), slot_id) != quickcraft_slots_.end();
            if (!known && can_item_quick_replace(&s, carried_, true) && s.may_place(carried_) &&
                (quickcraft_type_ == 2 || carried_.count() > static_cast<std::int32_t>(quickcraft_slots_.size())) &&
                can_drag_to(s))
                quickcraft_slots_.push_back(slot_id);
        } else if (quickcraft_status_ == 2) {
            if (!quickcraft_slots_.empty()) {
                if (quickcraft_slots_.size() == 1) {
                    const std::int32_t only = quickcraft_slots_.front();
                    reset_quick_craft();
                    do_click(only, quickcraft_type_, ClickType::Pickup, user);
                    return;
                }
                TaggedStack source = carried_;
                if (source.empty()) {
                    reset_quick_craft();
                    return;
                }
                std::int32_t left = carried_.count();
                const auto n = static_cast<std::int32_t>(quickcraft_slots_.size());
                for (const std::int32_t i : quickcraft_slots_) {
                    MenuSlot& s = slot(i);
                    if (can_item_quick_replace(&s, carried_, true) && s.may_place(carried_) &&
                        (quickcraft_type_ == 2 || carried_.count() >= n) && can_drag_to(s)) {
                        const std::int32_t had = s.has_item() ? s.item().count() : 0;
                        const std::int32_t limit = std::min(source.max_stack_size(), s.max_stack_size(source));
                        // getQuickCraftPlaceCount: an even share, one, or a full stack.
                        const std::int32_t share = quickcraft_type_ == 0   ? source.count() / n
                                                   : quickcraft_type_ == 1 ? 1
                                                                           : source.max_stack_size();
                        const std::int32_t now = std::min(share + had, limit);
                        left -= now - had;
                        s.set(source.with_count(now));
                    }
                }
                source.stack.count = left;
                set_carried(std::move(source));
            }
            reset_quick_craft();
        } else {
            reset_quick_craft();
        }
    } else if (quickcraft_status_ != 0) {
        reset_quick_craft();
    } else if ((mode == ClickType::Pickup || mode == ClickType::QuickMove) && (button == 0 || button == 1)) {
        const bool primary = button == 0;
        if (slot_id == outside) {
            if (!carried_.empty()) {
                if (primary) {
                    user.drop(std::move(carried_));
                    carried_ = {};
                } else {
                    user.drop(carried_.split(1));
                }
            }
        } else if (mode == ClickType::QuickMove) {
            if (slot_id < 0) return;
            MenuSlot& s = slot(slot_id);
            if (!s.may_pickup(user)) return;
            TaggedStack moved = quick_move_stack(user, slot_id);
            while (!moved.empty() && s.has_item() && s.item().stack.item == moved.stack.item)
                moved = quick_move_stack(user, slot_id);
        } else {
            if (slot_id < 0) return;
            MenuSlot& s = slot(slot_id);
            if (!s.has_item()) {
                if (!carried_.empty()) {
                    const std::int32_t n = primary ? carried_.count() : 1;
                    set_carried(s.safe_insert(std::move(carried_), n));
                }
            } else if (s.may_pickup(user)) {
                TaggedStack& here = s.item();
                if (carried_.empty()) {
                    const std::int32_t n = primary ? here.count() : (here.count() + 1) / 2;
                    if (auto taken = s.try_remove(n, INT_MAX, user)) {
                        set_carried(*taken);
                        s.on_take(user, *taken);
                    }
                } else if (s.may_place(carried_)) {
                    if (same_item_same_tags(here, carried_)) {
                        const std::int32_t n = primary ? carried_.count() : 1;
                        set_carried(s.safe_insert(std::move(carried_), n));
                    } else if (carried_.count() <= s.max_stack_size(carried_)) {
                        TaggedStack old = here;
                        s.set(std::move(carried_));
                        set_carried(std::move(old));
                    }
                } else if (same_item_same_tags(here, carried_)) {
                    if (auto taken = s.try_remove(here.count(), carried_.max_stack_size() - carried_.count(), user)) {
                        carried_.stack.count += taken->count();
                        s.on_take(user, *taken);
                    }
                }
            }
            s.set_changed();
        }
    } else if (mode == ClickType::Swap && slot_id >= 0 &&
               ((button >= 0 && button < PlayerInventory::hotbar_size) || button == PlayerInventory::offhand_slot)) {
        MenuSlot& s = slot(slot_id);
        TaggedStack& from_inv = inventory.slot_item(button);
        const TaggedStack here = s.item();
        if (!from_inv.empty() || !here.empty()) {
            if (from_inv.empty()) {
                if (s.may_pickup(user)) {
                    inventory.set_item(button, here);
                    s.set({});
                    s.on_take(user, here);
                }
            } else if (here.empty()) {
                if (s.may_place(from_inv)) {
                    const std::int32_t limit = s.max_stack_size(from_inv);
                    if (from_inv.count() > limit) {
                        s.set(from_inv.split(limit));
                        inventory.set_changed();
                    } else {
                        TaggedStack moved = std::move(from_inv);
                        inventory.set_item(button, {});
                        s.set(std::move(moved));
                    }
                }
            } else if (s.may_pickup(user) && s.may_place(from_inv)) {
                const std::int32_t limit = s.max_stack_size(from_inv);
                if (from_inv.count() > limit) {
                    s.set(from_inv.split(limit));
                    inventory.set_changed();
                    s.on_take(user, here);
                    TaggedStack back = here;
                    if (!inventory.add(back)) user.drop(std::move(back));
                } else {
                    TaggedStack moved = std::move(from_inv);
                    inventory.set_item(button, here);
                    s.set(std::move(moved));
                    s.on_take(user, here);
                }
            }
        }
    } else if (mode == ClickType::Clone && user.instabuild() && carried_.empty() && slot_id >= 0) {
        const MenuSlot& s = slot(slot_id);
        if (s.has_item()) set_carried(s.item().with_count(s.item().max_stack_size()));
    } else if (mode == ClickType::Throw && carried_.empty() && slot_id >= 0) {
        MenuSlot& s = slot(slot_id);
        const std::int32_t n = button == 0 ? 1 : s.item().count();
        user.drop(s.safe_take(n, INT_MAX, user));
    } else if (mode == ClickType::PickupAll && slot_id >= 0) {
        const MenuSlot& here = slot(slot_id);
        if (!carried_.empty() && (!here.has_item() || !here.may_pickup(user))) {
            const std::int32_t start = button == 0 ? 0 : slot_count() - 1;
            const std::int32_t step = button == 0 ? 1 : -1;
            for (int pass = 0; pass < 2; ++pass) {
                for (std::int32_t k = start; k >= 0 && k < slot_count() && carried_.count() < carried_.max_stack_size();
                     k += step) {
                    MenuSlot& s = slot(k);
                    if (s.has_item() && can_item_quick_replace(&s, carried_, true) && s.may_pickup(user) &&
                        can_take_item_for_pick_all(carried_, s)) {
                        const TaggedStack& there = s.item();
                        if (pass != 0 || there.count() != there.max_stack_size()) {
                            const TaggedStack taken =
                                s.safe_take(there.count(), carried_.max_stack_size() - carried_.count(), user);
                            carried_.stack.count += taken.count();
                        }
                    }
                }
            }
        }
    }
}

bool ContainerMenu::move_item_stack_to(TaggedStack& stack, std::int32_t start, std::int32_t end, bool reverse) {
    bool moved = false;
    std::int32_t i = reverse ? end - 1 : start;
    if (stack.stackable()) {
        while (!stack.empty() && (reverse ? i >= start : i < end)) {
            MenuSlot& s = slot(i);
            TaggedStack& there = s.item();
            if (!there.empty() && same_item_same_tags(stack, there)) {
                const std::int32_t total = there.count() + stack.count();
                if (total <= stack.max_stack_size()) {
                    stack = {};
                    there.stack.count = total;
                    s.set_changed();
                    moved = true;
                } else if (there.count() < stack.max_stack_size()) {
                    stack.stack.count -= stack.max_stack_size() - there.count();
                    there.stack.count = stack.max_stack_size();
                    s.set_changed();
                    moved = true;
                }
            }
            i += reverse ? -1 : 1;
        }
    }
    if (!stack.empty()) {
        i = reverse ? end - 1 : start;
        while (reverse ? i >= start : i < end) {
            MenuSlot& s = slot(i);
            if (!s.has_item() && s.may_place(stack)) {
                s.set(stack.split(std::min(stack.count(), s.max_stack_size())));
                moved = true;
                break;
            }
            i += reverse ? -1 : 1;
        }
    }
    return moved;
}

void ContainerMenu::removed(MenuUser& user) {
    // Vanilla's AbstractContainerMenu.removed (placeItemBackInInventory): the carried stack goes
    // back into the inventory; what does not fit is dropped.
    if (carried_.empty()) return;
    TaggedStack stack = std::move(carried_);
    carried_ = {};
    user.inventory().add(stack);
    if (!stack.empty()) user.drop(std::move(stack));
}

void ContainerMenu::set_synchronizer(ContainerSynchronizer* synchronizer) {
    synchronizer_ = synchronizer;
    if (synchronizer_) send_all_data_to_remote();
}

void ContainerMenu::send_all_data_to_remote() {
    for (std::int32_t i = 0; i < slot_count(); ++i) remote_slots_[static_cast<std::size_t>(i)] = slot(i).item();
    remote_carried_ = carried_;
    if (!synchronizer_) return;
    std::vector<TaggedStack> items(remote_slots_);
    synchronizer_->send_initial_data(container_id_, increment_state_id(), items, carried_);
}

void ContainerMenu::broadcast_full_state() { send_all_data_to_remote(); }

void ContainerMenu::broadcast_changes() {
    for (std::int32_t i = 0; i < slot_count(); ++i) {
        const TaggedStack& now = slot(i).item();
        TaggedStack& remote = remote_slots_[static_cast<std::size_t>(i)];
        if (remote == now) continue;
        remote = now;
        if (synchronizer_) synchronizer_->send_slot_change(container_id_, increment_state_id(), i, now);
    }
    if (!(remote_carried_ == carried_)) {
        remote_carried_ = carried_;
        if (synchronizer_) synchronizer_->send_carried_change(increment_state_id(), carried_);
    }
}

void ContainerMenu::set_remote_slot(std::int32_t slot, TaggedStack stack) {
    if (slot >= 0 && slot < slot_count()) remote_slots_[static_cast<std::size_t>(slot)] = std::move(stack);
}

TaggedStack ContainerMenu::finish_quick_move(MenuUser& user, MenuSlot& s, TaggedStack& moving,
                                             const TaggedStack& before) {
    if (moving.empty()) s.set({});
    else s.set_changed();
    if (moving.count() == before.count()) return {};
    s.on_take(user, moving);
    return before;
}

void ContainerMenu::place_back_in_inventory(MenuUser& user, TaggedStack stack) {
    if (stack.empty()) return;
    user.inventory().add(stack);
    if (!stack.empty()) user.drop(std::move(stack));
}

}  // namespace mobsdk::server
