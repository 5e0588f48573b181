#include "mobsdk/stdlib/items.hpp"

#include <algorithm>
#include <cmath>

#include "mobsdk/world/item_nbt.hpp"

namespace mobsdk::stdlib {

using brain::PositionTracker;
using brain::WalkTarget;

namespace {

const ItemStack empty_stack{};

}  // namespace

// ---- SimpleContainer ----

const ItemStack& SimpleContainer::item(std::size_t slot) const noexcept {
    return slot < items_.size() ? items_[slot] : empty_stack;
}

void SimpleContainer::set_item(std::size_t slot, ItemStack stack) noexcept {
    if (slot < items_.size()) items_[slot] = std::move(stack);
}

bool SimpleContainer::is_empty() const noexcept {
    return std::all_of(items_.begin(), items_.end(), [](const ItemStack& s) { return s.empty(); });
}

ItemStack SimpleContainer::add_item(ItemStack stack) {
    if (stack.empty()) return {};
    // Vanilla's moveItemToOccupiedSlotsWithSameType tops up to the limit …
    for (ItemStack& s : items_) {
        if (s.empty() || !(s.item == stack.item) || s.count >= max_stack_size) continue;
        const std::int32_t moved = std::min(stack.count, max_stack_size - s.count);
        s.count += moved;
        stack.count -= moved;
        if (stack.count <= 0) return {};
    }
    // … but moveItemToEmptySlots puts the whole rest into the first empty slot, limit or not.
    for (ItemStack& s : items_) {
        if (!s.empty()) continue;
        s = std::move(stack);
        return {};
    }
    return stack;
}

bool SimpleContainer::can_add_item(const ItemStack& stack) const noexcept {
    return std::any_of(items_.begin(), items_.end(), [&](const ItemStack& s) {
        return s.empty() || (s.item == stack.item && s.count < max_stack_size);
    });
}

ItemStack SimpleContainer::remove_item(std::size_t slot, std::int32_t count) {
    if (slot >= items_.size() || items_[slot].empty() || count <= 0) return {};
    ItemStack& s = items_[slot];
    ItemStack taken{s.item, std::min(count, s.count)};
    s.count -= taken.count;
    if (s.count <= 0) s = ItemStack{};
    return taken;
}

std::int32_t SimpleContainer::count_item(const ResourceLocation& item) const noexcept {
    std::int32_t n = 0;
    for (const ItemStack& s : items_)
        if (!s.empty() && s.item == item) n += s.count;
    return n;
}

void SimpleContainer::clear() noexcept {
    for (ItemStack& s : items_) s = ItemStack{};
}

nbt::List SimpleContainer::to_nbt() const {
    nbt::List list(nbt::TagType::Compound);
    for (const ItemStack& s : items_)
        if (!s.empty()) list.push_back(nbt::Tag(item_stack_to_nbt(s)));
    return list;
}

void SimpleContainer::load_nbt(const nbt::List& list, std::vector<std::string>& warnings, std::string_view where) {
    clear();
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string at = std::string(where) + "[" + std::to_string(i) + "]";
        const auto stack = item_stack_from_nbt(list[i], warnings, at);
        if (!stack || stack->empty()) continue;
        const ItemStack left = add_item(*stack);
        if (!left.empty())
            warnings.push_back(at + ": " + std::to_string(left.count) + " " + left.item.str() + " do not fit in " +
                               std::to_string(size()) + " slot(s); dropped");
    }
}

SimpleContainer* inventory_of(Mob& mob) {
    auto* carrier = dynamic_cast<InventoryCarrier*>(mob.attachment());
    return carrier ? &carrier->inventory() : nullptr;
}

// ---- throwing ----

std::optional<EntityRef> throw_item(Level& level, const Entity& thrower, const ItemStack& stack, const Vec3& target,
                                    const Vec3& speed, float y_offset) {
    if (stack.empty()) return std::nullopt;
    const Vec3 from = thrower.position();
    // Vanilla's Vec3.normalize: a direction shorter than 1e-4 becomes zero.
    Vec3 d = target - from;
    const double length = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    d = length < 1.0e-4 ? Vec3{} : Vec3{d.x / length, d.y / length, d.z / length};
    const Vec3 motion{d.x * speed.x, d.y * speed.y, d.z * speed.z};
    const Vec3 at{from.x, thrower.eye_position().y - static_cast<double>(y_offset), from.z};
    return level.drop_item(at, stack, motion);
}

// ---- GoAndGiveItemsToTarget ----

namespace detail {

GoAndGiveItemsToTargetBase::GoAndGiveItemsToTargetBase(const brain::StandardMemories& m, float speed,
                                                       std::int32_t timeout)
    : Behavior({{m.look_target, brain::MemoryStatus::REGISTERED},
                {m.walk_target, brain::MemoryStatus::REGISTERED},
                {m.item_pickup_cooldown_ticks, brain::MemoryStatus::REGISTERED}},
               timeout, timeout),
      walk_target_(m.walk_target),
      look_target_(m.look_target),
      item_pickup_cooldown_(m.item_pickup_cooldown_ticks),
      speed_(speed) {}

bool GoAndGiveItemsToTargetBase::has_items(Mob& mob) {
    const SimpleContainer* inventory = inventory_of(mob);
    return inventory != nullptr && !inventory->is_empty();
}

void GoAndGiveItemsToTargetBase::go_to(Mob& mob, const PositionTracker& target) const {
    // Vanilla's BehaviorUtils.setWalkAndLookTargetMemories.
    brain::Brain& b = *mob.brain();
    b.set_memory(look_target_, target);
    b.set_memory(walk_target_, WalkTarget(target, speed_, close_enough_distance));
}

void GoAndGiveItemsToTargetBase::give(Level& level, Mob& mob, const PositionTracker& target) const {
    const Vec3 at = target.current_position(level);
    // distanceTo, not its square: sqrt(x) < 3 and x < 9 differ just below 9.
    if (!(std::sqrt(at.dist_sqr(mob.eye_position())) < close_enough_distance)) return;
    SimpleContainer* inventory = inventory_of(mob);
    if (inventory == nullptr) return;
    const ItemStack one = inventory->remove_item(0, 1);
    if (one.empty()) return;
    // GoAndGiveItemsToTarget.throwItem: (0.2F, 0.3F, 0.2F) widened from float, 0.2F below the eyes,
    // aimed one block above the target.
    const Vec3 speed{static_cast<double>(0.2f), static_cast<double>(0.3f), static_cast<double>(0.2f)};
    throw_item(level, mob, one, at + Vec3{0.0, 1.0, 0.0}, speed, 0.2f);
    mob.brain()->set_memory(item_pickup_cooldown_, item_pickup_cooldown_after_throwing);
}

}  // namespace detail

// ---- AllayState ----

std::span<const std::string_view> AllayState::nbt_keys() const {
    static constexpr std::string_view keys[] = {"Inventory"};
    return keys;
}

void AllayState::save(nbt::Compound& entity) const { entity.put("Inventory", nbt::Tag(inventory_.to_nbt())); }

void AllayState::load(const nbt::Compound& entity, std::vector<std::string>& warnings) {
    const nbt::Tag* t = entity.find("Inventory");
    if (t == nullptr) return;
    if (const auto* list = t->get_if<nbt::List>()) inventory_.load_nbt(*list, warnings, "Inventory");
    else warnings.push_back("Inventory: expected a list");
}

bool AllayState::wants_to_pick_up(const ItemStack& stack) const {
    const ItemStack& hand = mob_->equipment(EquipmentSlot::MainHand);
    return !hand.empty() && !stack.empty() && inventory_.can_add_item(stack) && hand.item == stack.item;
}

bool AllayState::can_pick_up_loot() const {
    const brain::Brain* b = mob_->brain();
    const bool cooling_down = b != nullptr && b->has_memory_value(item_pickup_cooldown_);
    return !cooling_down && !mob_->equipment(EquipmentSlot::MainHand).empty();
}

ItemStack AllayState::pick_up(const ItemStack& stack) {
    if (!can_pick_up_loot() || !wants_to_pick_up(stack)) return stack;
    return inventory_.add_item(stack);
}

}  // namespace mobsdk::stdlib
