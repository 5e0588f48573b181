// A player's inventory: vanilla's Inventory rules (add, countItem, clearOrCountMatchingItems) and
// its playerdata form.
#include "mobserver/world/player_inventory.hpp"

#include <algorithm>

#include "mobsdk/world/item_nbt.hpp"
#include "mobserver/world/item_traits.hpp"

namespace mobsdk::server {

std::int32_t TaggedStack::max_stack_size() const noexcept { return item_max_stack_size(stack.item); }

bool TaggedStack::damaged() const noexcept {
    if (!tag) return false;
    const auto* d = tag->find<std::int32_t>("Damage");
    return d && *d > 0;
}

TaggedStack TaggedStack::split(std::int32_t n) {
    const std::int32_t taken = std::clamp(n, 0, count());
    TaggedStack out = with_count(taken);
    stack.count -= taken;
    if (out.empty()) out = {};
    if (empty()) *this = {};
    return out;
}

bool operator==(const TaggedStack& a, const TaggedStack& b) noexcept {
    if (a.empty() || b.empty()) return a.empty() && b.empty();
    return a.stack.count == b.stack.count && same_item_same_tags(a, b);
}

bool same_item_same_tags(const TaggedStack& a, const TaggedStack& b) noexcept {
    if (a.empty() || b.empty()) return a.empty() && b.empty();
    return a.stack.item == b.stack.item && a.tag == b.tag;
}

std::optional<EquipmentSlot> equipment_slot_for_item(const ItemStack& stack) noexcept {
    const VanillaItemTraits* t = vanilla_item_traits(stack.item);
    if (!t) return std::nullopt;
    if (stack.item.path() == "shield") return EquipmentSlot::OffHand;
    return t->slot;
}

TaggedStack Container::remove_item(std::int32_t slot, std::int32_t count) {
    if (slot < 0 || slot >= container_size() || count <= 0) return {};
    return slot_item(slot).split(count);
}

void PlayerInventory::set_item(std::int32_t slot, TaggedStack stack) {
    if (slot < 0 || slot >= size) return;
    if (stack.empty()) stack = {};
    items_[static_cast<std::size_t>(slot)] = std::move(stack);
    ++changes_;
}

bool PlayerInventory::select(std::int32_t slot) noexcept {
    if (slot < 0 || slot >= hotbar_size) return false;
    if (slot != selected_) ++changes_;
    selected_ = slot;
    return true;
}

std::int32_t PlayerInventory::slot_of(EquipmentSlot slot) const noexcept {
    switch (slot) {
        case EquipmentSlot::MainHand: return selected_;
        case EquipmentSlot::OffHand: return offhand_slot;
        case EquipmentSlot::Feet: return armor_start;
        case EquipmentSlot::Legs: return armor_start + 1;
        case EquipmentSlot::Chest: return armor_start + 2;
        case EquipmentSlot::Head: return armor_start + 3;
    }
    return selected_;
}

std::int32_t PlayerInventory::free_slot() const noexcept {
    for (std::int32_t i = 0; i < main_size; ++i)
        if (item(i).empty()) return i;
    return -1;
}

std::int32_t PlayerInventory::slot_with_remaining_space(const TaggedStack& stack) const noexcept {
    // Vanilla's hasRemainingSpaceForItem: a stackable stack of the same item and tag below its limit.
    auto room = [&](std::int32_t slot) {
        const TaggedStack& d = item(slot);
        return !d.empty() && same_item_same_tags(d, stack) && d.stackable() && d.count() < d.max_stack_size() &&
               d.count() < container_max_stack_size();
    };
    if (room(selected_)) return selected_;
    if (room(offhand_slot)) return offhand_slot;
    for (std::int32_t i = 0; i < main_size; ++i)
        if (room(i)) return i;
    return -1;
}

std::int32_t PlayerInventory::add_resource(std::int32_t slot, TaggedStack& stack) {
    // Vanilla's addResource(slot, stack): returns the count left over.
    std::int32_t left = stack.count();
    TaggedStack& cur = slot_item(slot);
    if (cur.empty()) cur = stack.with_count(0);
    std::int32_t moved = std::min(left, stack.max_stack_size() - cur.stack.count);
    moved = std::min(moved, container_max_stack_size() - cur.stack.count);
    if (moved <= 0) {
        if (cur.stack.count <= 0) cur = {};
        return left;
    }
    cur.stack.count += moved;
    ++changes_;
    return left - moved;
}

bool PlayerInventory::add(TaggedStack& stack, bool instabuild) {
    if (stack.empty()) return false;
    if (stack.damaged()) {
        const std::int32_t slot = free_slot();
        if (slot >= 0) {
            set_item(slot, std::move(stack));
            stack = {};
            return true;
        }
        if (instabuild) {
            stack = {};
            return true;
        }
        return false;
    }
    const std::int32_t before = stack.count();
    std::int32_t last;
    do {
        last = stack.count();
        std::int32_t slot = slot_with_remaining_space(stack);
        if (slot < 0) slot = free_slot();
        stack.stack.count = slot < 0 ? last : add_resource(slot, stack);
    } while (stack.count() > 0 && stack.count() < last);
    if (stack.count() == before && instabuild) {
        stack = {};
        return true;
    }
    const bool took = stack.count() < before;
    if (stack.empty()) stack = {};
    return took;
}

std::int32_t PlayerInventory::count_item(const ResourceLocation& id) const noexcept {
    std::int32_t n = 0;
    for (const TaggedStack& s : items_)
        if (!s.empty() && s.stack.item == id) n += s.stack.count;
    return n;
}

std::int32_t PlayerInventory::remove_items(const ResourceLocation& id, std::int32_t count) {
    std::int32_t removed = 0;
    for (TaggedStack& s : items_) {
        if (removed >= count) break;
        if (s.empty() || !(s.stack.item == id)) continue;
        removed += s.split(count - removed).count();
    }
    if (removed > 0) ++changes_;
    return removed;
}

namespace {

// Vanilla's Slot bytes: 0–35 main, 100–103 armour, -106 the offhand.
std::optional<std::int32_t> slot_from_byte(std::int32_t b) noexcept {
    if (b >= 0 && b < PlayerInventory::main_size) return b;
    if (b >= 100 && b < 104) return PlayerInventory::armor_start + (b - 100);
    if (b == -106) return PlayerInventory::offhand_slot;
    return std::nullopt;
}

std::int8_t slot_to_byte(std::int32_t slot) noexcept {
    if (slot < PlayerInventory::main_size) return static_cast<std::int8_t>(slot);
    if (slot < PlayerInventory::offhand_slot)
        return static_cast<std::int8_t>(100 + slot - PlayerInventory::armor_start);
    return -106;
}

}  // namespace

nbt::List PlayerInventory::save() const {
    nbt::List list(nbt::TagType::Compound);
    for (std::int32_t i = 0; i < size; ++i) {
        if (item(i).empty()) continue;
        nbt::Compound c = tagged_stack_to_nbt(item(i));
        c.put("Slot", nbt::Tag(slot_to_byte(i)));
        list.push_back(nbt::Tag(std::move(c)));
    }
    return list;
}

void PlayerInventory::load(const nbt::List& list, std::vector<std::string>& warnings) {
    items_ = {};
    ++changes_;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = "Inventory[" + std::to_string(i) + "]";
        const auto* c = list[i].get_if<nbt::Compound>();
        const auto* b = c ? c->find<std::int8_t>("Slot") : nullptr;
        const auto slot = b ? slot_from_byte(*b) : std::nullopt;
        if (!slot) {
            warnings.push_back(where + ": missing or invalid Slot; the stack is dropped");
            continue;
        }
        if (auto stack = tagged_stack_from_nbt(list[i], warnings, where); stack && !stack->empty())
            items_[static_cast<std::size_t>(*slot)] = std::move(*stack);
    }
}

nbt::Compound tagged_stack_to_nbt(const TaggedStack& stack) {
    nbt::Compound c = item_stack_to_nbt(stack.stack);
    if (!stack.empty() && stack.tag) c.put("tag", nbt::Tag(*stack.tag));
    return c;
}

std::optional<TaggedStack> tagged_stack_from_nbt(const nbt::Tag& tag, std::vector<std::string>& warnings,
                                                 const std::string& where) {
    auto stack = item_stack_from_nbt(tag, warnings, where);
    if (!stack) return std::nullopt;
    TaggedStack out{*stack, std::nullopt};
    if (const auto* c = tag.get_if<nbt::Compound>())
        if (const auto* t = c->find<nbt::Compound>("tag")) out.tag = *t;
    if (out.empty()) return TaggedStack{};
    return out;
}

}  // namespace mobsdk::server
