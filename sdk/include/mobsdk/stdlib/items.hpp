// Mobs that carry items: vanilla's SimpleContainer and InventoryCarrier, BehaviorUtils.throwItem,
// the GoAndGiveItemsToTarget behaviour (the allay's delivery run) and AllayState, the allay's
// one-slot inventory and pickup rules.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::stdlib {

/// @brief Vanilla's SimpleContainer: a fixed number of slots; stacks of one item merge up to 64
/// (the SDK has no item registry, so every item counts as stacking to 64).
class SimpleContainer {
public:
    /// @brief The stack limit of every slot.
    static constexpr std::int32_t max_stack_size = 64;

    /// @brief `size` empty slots (allocated once, here).
    explicit SimpleContainer(std::size_t size) : items_(size) {}

    /// @brief The number of slots.
    std::size_t size() const noexcept { return items_.size(); }
    /// @brief Every slot, empty ones included.
    std::span<const ItemStack> items() const noexcept { return items_; }
    /// @brief The stack in a slot; the empty stack for a slot out of range (vanilla's getItem).
    const ItemStack& item(std::size_t slot) const noexcept;
    /// @brief Replaces a slot (a slot out of range is ignored).
    void set_item(std::size_t slot, ItemStack stack) noexcept;
    /// @brief True when every slot is empty.
    bool is_empty() const noexcept;
    /// @brief Vanilla's addItem: first tops up slots holding the same item, then fills empty
    /// slots; returns what did not fit (empty when everything did).
    ItemStack add_item(ItemStack stack);
    /// @brief Vanilla's canAddItem: some slot is empty or holds the same item below the limit.
    bool can_add_item(const ItemStack& stack) const noexcept;
    /// @brief Vanilla's removeItem(slot, count): splits up to `count` off the slot's stack and
    /// returns it (empty for a slot out of range, an empty slot or count ≤ 0).
    ItemStack remove_item(std::size_t slot, std::int32_t count);
    /// @brief How many of `item` the slots hold together.
    std::int32_t count_item(const ResourceLocation& item) const noexcept;
    /// @brief Empties every slot.
    void clear() noexcept;

    /// @brief Vanilla's createTag: the non-empty stacks as {id, Count} compounds, without slots.
    nbt::List to_nbt() const;
    /// @brief Vanilla's fromTag into an emptied container: each valid stack is added as add_item
    /// does. A bad entry is skipped and what does not fit is dropped, each with a warning that
    /// starts with `where`.
    void load_nbt(const nbt::List& list, std::vector<std::string>& warnings, std::string_view where);

private:
    std::vector<ItemStack> items_;
};

/// @brief Vanilla's InventoryCarrier: a mob whose attachment carries a SimpleContainer (the
/// allay; GoAndGiveItemsToTarget finds the inventory through it).
class InventoryCarrier {
public:
    virtual ~InventoryCarrier() = default;
    /// @brief The mob's inventory.
    virtual SimpleContainer& inventory() noexcept = 0;
};

/// @brief The inventory of a mob whose attachment is an InventoryCarrier, or nullptr.
SimpleContainer* inventory_of(Mob& mob);

/// @brief Vanilla's BehaviorUtils.throwItem default speed multiplier (villagers' gifts): 0.3 on each
/// axis.
inline constexpr Vec3 throw_item_default_speed{static_cast<double>(0.3f), static_cast<double>(0.3f),
                                               static_cast<double>(0.3f)};
/// @brief Vanilla's BehaviorUtils.throwItem default y offset below the eyes: 0.3.
inline constexpr float throw_item_default_y_offset = 0.3f;

/// @brief Vanilla's BehaviorUtils.throwItem(entity, stack, target, speed, y_offset): drops `stack`
/// at the thrower's x and z, `y_offset` below its eyes, moving along the direction from its feet to
/// `target` (normalised; zero when shorter than 1e-4) scaled per axis by `speed`, with the default
/// pickup delay of 10 ticks. Nothing for an empty stack.
std::optional<EntityRef> throw_item(Level& level, const Entity& thrower, const ItemStack& stack, const Vec3& target,
                                    const Vec3& speed = throw_item_default_speed,
                                    float y_offset = throw_item_default_y_offset);

namespace detail {

/// The part of GoAndGiveItemsToTarget that does not depend on the getter (items.cpp).
class GoAndGiveItemsToTargetBase : public brain::Behavior {
public:
    std::string debug_string() const override { return "GoAndGiveItemsToTarget"; }
    /// @brief Vanilla's CLOSE_ENOUGH_DISTANCE_TO_TARGET (blocks, from the eyes; also the walk
    /// target's close-enough distance).
    static constexpr std::int32_t close_enough_distance = 3;
    /// @brief Vanilla's ITEM_PICKUP_COOLDOWN_AFTER_THROWING (ticks).
    static constexpr std::int32_t item_pickup_cooldown_after_throwing = 60;

protected:
    GoAndGiveItemsToTargetBase(const brain::StandardMemories& m, float speed, std::int32_t timeout);
    /// The first half of vanilla's canThrowItemToTarget: the inventory is not empty.
    static bool has_items(Mob& mob);
    /// start(): walk and look at the target (close enough 3).
    void go_to(Mob& mob, const brain::PositionTracker& target) const;
    /// tick(): within 3 blocks of the eyes, throw one item of slot 0 and start the pickup cooldown.
    void give(Level& level, Mob& mob, const brain::PositionTracker& target) const;

private:
    brain::MemoryModuleType<brain::WalkTarget> walk_target_;
    brain::MemoryModuleType<brain::PositionTracker> look_target_;
    brain::MemoryModuleType<std::int32_t> item_pickup_cooldown_;
    float speed_;
};

}  // namespace detail

/// @brief Vanilla's GoAndGiveItemsToTarget(getter, speed, timeout) (1.19.3+; the allay's priority 1
/// with AllayAi.getItemDepositPosition, 2.25, 20): entry LOOK_TARGET, WALK_TARGET and
/// ITEM_PICKUP_COOLDOWN_TICKS registered; runs while the mob's inventory is not empty and `getter`
/// gives a target, for `timeout` ticks at most. When it starts it sets WALK_TARGET (speed, close
/// enough 3) and LOOK_TARGET to the target — only then, so a one-shot of higher priority may
/// overwrite them on later ticks. Each tick, when the target's position is less than 3 blocks from
/// the mob's eyes, it takes one item from slot 0, throws it at the target's position + (0, 1, 0)
/// (throw_item with speed (0.2, 0.3, 0.2) and y offset 0.2) and sets ITEM_PICKUP_COOLDOWN_TICKS to
/// 60.
///
/// `Getter` is called as `getter(level, mob)` and returns std::optional<PositionTracker>; it may
/// have side effects (the allay's forgets a note block that is gone), and is called as often as
/// vanilla calls it. The mob's attachment must be an InventoryCarrier (otherwise it never starts).
template <typename Getter>
class GoAndGiveItemsToTarget final : public detail::GoAndGiveItemsToTargetBase {
public:
    /// @brief Vanilla's constructor (timeout = the fixed duration).
    GoAndGiveItemsToTarget(const brain::StandardMemories& m, Getter getter, float speed, std::int32_t timeout)
        : GoAndGiveItemsToTargetBase(m, speed, timeout), getter_(std::move(getter)) {}

protected:
    bool check_extra_start_conditions(Level& level, Mob& mob) override { return can_throw_now(level, mob); }
    bool can_still_use(Level& level, Mob& mob, std::int64_t) override { return can_throw_now(level, mob); }
    void start(Level& level, Mob& mob, std::int64_t) override {
        if (const auto target = getter_(level, mob)) go_to(mob, *target);
    }
    void tick(Level& level, Mob& mob, std::int64_t) override {
        if (const auto target = getter_(level, mob)) give(level, mob, *target);
    }

private:
    bool can_throw_now(Level& level, Mob& mob) {
        // Vanilla asks the inventory first: the getter (and its side effects) only runs for a
        // mob that has something to give.
        return has_items(mob) && getter_(level, mob).has_value();
    }

    Getter getter_;
};

/// @brief Deduces the getter type: `make_go_and_give_items_to_target(m, getter, 2.25f, 20)`.
template <typename Getter>
std::unique_ptr<GoAndGiveItemsToTarget<Getter>> make_go_and_give_items_to_target(const brain::StandardMemories& m,
                                                                                 Getter getter, float speed,
                                                                                 std::int32_t timeout) {
    return std::make_unique<GoAndGiveItemsToTarget<Getter>>(m, std::move(getter), speed, timeout);
}

/// @brief The allay's own state, saved with it as vanilla's "Inventory" list: its one-slot
/// inventory (what it collected). The item it looks for is what it holds in its main hand (saved
/// by the host with the equipment). Made by the allay's MobAiFactory; read it in a behaviour with
/// `mob.attachment_as<AllayState>()`. Not final: a plugin may derive from it (the allay plugin adds
/// mob_interact); the kind tag stays AllayState's.
class AllayState : public AttachmentOf<AllayState>, public InventoryCarrier {
public:
    /// @brief Vanilla's allay inventory size.
    static constexpr std::size_t inventory_size = 1;

    /// @brief The state of `mob` (which owns it, so the pointer stays valid); its brain's
    /// `item_pickup_cooldown` memory pauses pickup (vanilla's isOnPickupCooldown).
    AllayState(Mob& mob, brain::MemoryModuleType<std::int32_t> item_pickup_cooldown) noexcept
        : mob_(&mob), item_pickup_cooldown_(item_pickup_cooldown) {}

    /// @brief The one-slot inventory (vanilla's SimpleContainer(1)).
    SimpleContainer& inventory() noexcept override { return inventory_; }
    /// @brief The inventory, read-only.
    const SimpleContainer& inventory() const noexcept { return inventory_; }

    std::span<const std::string_view> nbt_keys() const override;
    void save(nbt::Compound& entity) const override;
    void load(const nbt::Compound& entity, std::vector<std::string>& warnings) override;
    /// @brief Vanilla's Allay.wantsToPickUp: it holds something in its main hand, the stack is the
    /// same item, and the inventory has room for it (mobGriefing taken as on; the SDK's stacks have
    /// no NBT, so the potion comparison has nothing to compare).
    bool wants_to_pick_up(const ItemStack& stack) const override;
    /// @brief Vanilla's Allay.canPickUpLoot: not on pickup cooldown, and holding an item.
    bool can_pick_up_loot() const;
    /// @brief Vanilla's InventoryCarrier.pickUpItem, behind can_pick_up_loot (the host asks
    /// wants_to_pick_up only): into the inventory; returns what was not taken.
    ItemStack pick_up(const ItemStack& stack) override;

private:
    Mob* mob_;
    brain::MemoryModuleType<std::int32_t> item_pickup_cooldown_;
    SimpleContainer inventory_{inventory_size};
};

}  // namespace mobsdk::stdlib
