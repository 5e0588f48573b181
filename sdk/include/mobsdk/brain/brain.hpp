// The Brain: a mob's memories, sensors, activities and prioritised behaviours, ticked in vanilla's
// order (forget outdated memories → sensors → start behaviours → tick running ones).
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/detail/brain_state.hpp"
#include "mobsdk/brain/memory.hpp"
#include "mobsdk/brain/sensor.hpp"
#include "mobsdk/nbt/tag.hpp"

namespace mobsdk::brain {

/// @brief The four registries the brain engine reads. Built and frozen at start-up.
struct BrainRegistries {
    Registry<MemoryTypeInfo> memory_types{ResourceLocation::of("memory_module_type")};  ///< memories
    Registry<SensorTypeInfo> sensor_types{ResourceLocation::of("sensor_type")};         ///< sensors
    Registry<ActivityInfo> activities{ResourceLocation::of("activity")};                ///< activities
    Registry<Schedule> schedules{ResourceLocation::of("schedule")};                     ///< schedules
    /// @brief Freezes all four.
    void freeze() noexcept {
        memory_types.freeze();
        sensor_types.freeze();
        activities.freeze();
        schedules.freeze();
    }
};

/// @brief The memory slots and sensors a kind of brain has, shared by all brains made from one
/// provider (vanilla's Brain.Provider): memory type → slot is an array lookup, not a map.
class BrainLayout {
public:
    /// @brief The listed memories plus every memory the listed sensors require.
    BrainLayout(const BrainRegistries& registries, std::span<const MemoryHandle> memories,
                std::span<const SensorType> sensors);

    /// @brief The whole memory-type → slot table (-1: not registered), indexed by handle.
    const std::vector<std::int32_t>& slot_table() const noexcept { return slot_of_; }
    /// @brief Slot of a memory type, or -1 when this layout does not register it.
    std::int32_t slot_of(MemoryHandle h) const noexcept {
        return h.index() < slot_of_.size() ? slot_of_[h.index()] : -1;
    }
    /// @brief Registered memory types, in slot order.
    const std::vector<MemoryHandle>& memories() const noexcept { return memories_; }
    /// @brief Sensor types, in the order given.
    const std::vector<SensorType>& sensors() const noexcept { return sensors_; }
    /// @brief The registries it was built from.
    const BrainRegistries& registries() const noexcept { return *registries_; }
    /// @brief Value operations of each slot.
    const MemoryTypeInfo& info(std::size_t slot) const noexcept { return *slots_[slot].info; }

    /// @brief Where a slot's value lives in a brain's value block, and how to handle it.
    using SlotInfo = detail::MemorySlot;
    /// @brief Per slot, in slot order.
    const std::vector<SlotInfo>& slot_infos() const noexcept { return slots_; }
    /// @brief Bytes of a brain's value block: every slot's value, each at its alignment.
    std::size_t value_block_size() const noexcept { return value_block_size_; }
    /// @brief Alignment of the value block (at least a cache line).
    std::size_t value_block_align() const noexcept { return value_block_align_; }
    /// @brief One bit per slot whose memory type has a watcher, or nullptr when none has.
    const std::uint64_t* watched_bits() const noexcept { return watched_.empty() ? nullptr : watched_.data(); }

private:
    const BrainRegistries* registries_;
    std::vector<std::int32_t> slot_of_;
    std::vector<MemoryHandle> memories_;
    std::vector<SlotInfo> slots_;
    std::vector<std::uint64_t> watched_;
    std::vector<SensorType> sensors_;
    std::size_t value_block_size_ = 0;
    std::size_t value_block_align_ = 64;
};

/// @brief A memory as the `brain` command and debug tools show it.
struct MemorySnapshot {
    MemoryHandle memory;              ///< which
    bool present;                     ///< has a value
    std::optional<std::int64_t> ttl;  ///< ticks to live of an expiring value; empty: forever (or absent)
    std::string value;                ///< the value as MemoryTypeInfo::format shows it; empty when absent
    /// @brief `forever`, `1 tick`, `120 ticks` (format_time_to_live); meaningful when present.
    std::string time_to_live() const { return format_time_to_live(ttl); }
};

/// @brief A mob's brain. Made by a BrainProvider (or directly from a layout); mobs own one each.
///
/// Its fields are laid out for the tick loops in detail::BrainState (not API: read and write
/// memories, activities and behaviours through the members below).
class alignas(64) Brain : private detail::BrainState {
public:
    /// @brief A brain with the layout's memories registered and empty, and one sensor of each of its
    /// sensor types, each given a first delay drawn from `random`.
    Brain(std::shared_ptr<const BrainLayout> layout, RandomSource& random);
    ~Brain();
    Brain(const Brain&) = delete;
    Brain& operator=(const Brain&) = delete;

    // ---- memories ----

    /// @brief True when this brain registers the memory type.
    bool is_registered(MemoryHandle memory) const noexcept { return slot_index(memory) >= 0; }
    /// @brief Vanilla's checkMemory: false for an unregistered memory whatever the status.
    bool check_memory(MemoryHandle memory, MemoryStatus status) const noexcept {
        const std::int32_t i = slot_index(memory);  // inline: every behaviour checks several per tick
        if (i < 0) return false;
        const bool present = is_present(static_cast<std::size_t>(i));
        return status == MemoryStatus::REGISTERED || (status == MemoryStatus::VALUE_PRESENT) == present;
    }
    /// @brief True when the memory is registered and has a value.
    bool has_memory_value(MemoryHandle memory) const noexcept {
        return check_memory(memory, MemoryStatus::VALUE_PRESENT);
    }
    /// @brief The value, or nullptr when absent. Reading a memory the brain does not register is a
    /// bug: it throws BrainError, as vanilla's "Unregistered memory fetched".
    template <typename T>
    const T* get_memory(MemoryModuleType<T> type) const {
        const std::size_t i = slot_for_read(type);
        // The handle's type is checked on reads too (a handle re-typed by hand is a bug); the ops
        // table pointer compares first, so the common case costs one comparison.
        const MemoryValueOps* ops = slot_infos_[i].info->ops;
        if (ops != detail::value_ops<T>() && *ops->type != typeid(T)) throw_type_mismatch(type);
        return is_present(i) ? static_cast<const T*>(value_at(i)) : nullptr;
    }
    /// @brief The value, or nullptr when absent or when this brain does not register the memory
    /// (reading another mob's brain, whose layout may differ). A handle of another value type
    /// still throws BrainError, as get_memory.
    template <typename T>
    const T* find_memory(MemoryModuleType<T> type) const {
        const std::int32_t i = slot_index(type);  // inline, one lookup: scans over other mobs call it
        if (i < 0) return nullptr;
        const auto slot = static_cast<std::size_t>(i);
        const MemoryValueOps* ops = slot_infos_[slot].info->ops;
        if (ops != detail::value_ops<T>() && *ops->type != typeid(T)) throw_type_mismatch(type);
        return is_present(slot) ? static_cast<const T*>(value_at(slot)) : nullptr;
    }
    /// @brief The watcher this brain tells about its writes of `memory` (MemoryTypeInfo::watcher),
    /// or nullptr when it has none or the brain does not register the memory.
    const MemoryWatcher* watcher_of(MemoryHandle memory) const noexcept {
        const std::int32_t i = slot_index(memory);
        return i >= 0 && is_watched(static_cast<std::size_t>(i)) ? slot_infos_[i].info->watcher.get() : nullptr;
    }
    /// @brief True when the memory holds a value equal to `value`.
    template <typename T>
    bool is_memory_value(MemoryModuleType<T> type, const std::type_identity_t<T>& value) const {
        const T* v = get_memory(type);
        return v && *v == value;
    }
    /// @brief Sets a memory without expiry. Ignored for an unregistered memory; an empty
    /// collection erases it (both vanilla).
    template <typename T, typename U>
    requires std::assignable_from<T&, U&&>
    void set_memory(MemoryModuleType<T> type, U&& value) { set_internal(type, std::forward<U>(value), kNoExpiry); }
    /// @brief Catches a value of the wrong type with a message instead of a wall of overloads.
    template <typename T, typename U>
    requires(!std::assignable_from<T&, U&&> &&
             !detail::IsOptional<std::remove_cvref_t<U>>::value) void set_memory(MemoryModuleType<T>, U&&) {
        static_assert(std::assignable_from<T&, U&&>,
                      "set_memory: the value's type does not match the memory: a MemoryModuleType<T> "
                      "holds values of type T");
    }
    /// @brief An empty optional erases the memory, as vanilla's setMemory(Optional).
    template <typename T>
    void set_memory(MemoryModuleType<T> type, const std::optional<T>& value) {
        if (value) set_internal(type, *value, kNoExpiry);
        else erase_memory(type);
    }
    template <typename T>
    void set_memory(MemoryModuleType<T> type, std::optional<T>&& value) {
        if (value) set_internal(type, std::move(*value), kNoExpiry);
        else erase_memory(type);
    }
    template <typename T>
    void set_memory(MemoryModuleType<T> type, std::optional<T>& value) {
        set_memory(type, static_cast<const std::optional<T>&>(value));
    }
    /// @brief Sets a memory that expires: it is erased on the (ttl+1)th brain tick after this
    /// (modern order) or the ttl-th (legacy order).
    template <typename T, typename U>
    requires std::assignable_from<T&, U&&>
    void set_memory_with_expiry(MemoryModuleType<T> type, U&& value, std::int64_t ttl) {
        set_internal(type, std::forward<U>(value), ttl);
    }
    /// @brief Edits a memory's value in place — no allocation once its storage has grown — then
    /// marks it present without expiry (or erased, for an empty collection). An absent memory
    /// starts from an empty value (a collection is cleared, keeping its storage). Ignored for an
    /// unregistered memory.
    template <typename T, typename F>
    void modify_memory(MemoryModuleType<T> type, F&& edit) {
        const std::int32_t i = slot_for_write(type.handle(), detail::value_ops<T>(), typeid(T));
        if (i < 0) return;
        const auto slot = static_cast<std::size_t>(i);
        T& v = *static_cast<T*>(value_at(slot));
        if (!is_present(slot)) {  // an erased or expired value must not come back
            if constexpr (detail::Collection<T>) v.clear();
            else v = T();
        }
        edit(v);
        clear_ttl(slot);
        set_present(slot, !detail::is_empty_collection(v));
        if (is_watched(slot)) notify_watcher(slot);
    }
    /// @brief Erases the value (the memory stays registered).
    void erase_memory(MemoryHandle memory) noexcept;
    /// @brief Ticks left before an expiring memory is erased; 0 when it has no value or does not
    /// expire (vanilla's getTimeUntilExpiry).
    std::int64_t time_until_expiry(MemoryHandle memory) const noexcept;
    /// @brief One expiry pass (the first step of tick()).
    void forget_outdated_memories(MemoryExpiry order) noexcept;
    /// @brief Every registered memory, in slot order, each present value shown by its type's
    /// formatter with `context` (the `brain` command passes the level and the mob's position).
    /// Changes nothing: no visibility test runs and no tracker refreshes its cache.
    std::vector<MemorySnapshot> snapshot_memories(const FormatContext& context = {}) const;

    // ---- sensors ----

    /// @brief The sensors, in the layout's order.
    const std::vector<std::unique_ptr<Sensor>>& sensors() const noexcept { return sensors_; }

    // ---- activities ----

    /// @brief Activities that are always active (vanilla's setCoreActivities).
    void set_core_activities(std::initializer_list<Activity> activities);
    /// @brief The activity used when a requested one's requirements fail.
    void set_default_activity(Activity activity) noexcept { default_activity_ = activity; }
    /// @brief Adds behaviours to an activity with priorities start, start+1, … (vanilla's
    /// addActivity(activity, priorityStart, list)).
    void add_activity(Activity activity, std::int32_t priority_start,
                      std::vector<std::unique_ptr<BehaviorControl>> behaviors);
    /// @brief Adds behaviours with explicit priorities and no requirements.
    void add_activity(Activity activity,
                      std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> behaviors);
    /// @brief Adds behaviours and the memory requirements the activity needs to become active.
    void add_activity_with_conditions(Activity activity,
                                      std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> behaviors,
                                      std::vector<MemoryRequirement> requirements);
    /// @brief As add_activity_with_conditions, plus memories erased when the activity stops.
    void add_activity_and_remove_memories_when_stopped(
        Activity activity, std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> behaviors,
        std::vector<MemoryRequirement> requirements, std::vector<MemoryHandle> erase_when_stopped);

    /// @brief Makes `activity` the active non-core activity if its requirements are met, otherwise
    /// the default activity.
    void set_active_activity_if_possible(Activity activity);
    /// @brief Makes the first activity whose requirements are met active; nothing changes when
    /// none is. Returns whether one was.
    bool set_active_activity_to_first_valid(std::initializer_list<Activity> activities);
    /// @brief Makes the default activity active.
    void use_default_activity();
    /// @brief True when the activity is active (core activities always are).
    bool is_active(Activity activity) const noexcept { return activity_is_active(activity); }
    /// @brief The active activity that is not core, if any.
    std::optional<Activity> active_non_core_activity() const noexcept;
    /// @brief The active activities: the core ones and at most one other.
    const std::vector<Activity>& active_activities() const noexcept { return active_; }
    /// @brief True when the activity was added and its requirements hold now.
    bool activity_requirements_are_met(Activity activity) const noexcept;

    /// @brief The activities that are always active, as set_core_activities set them.
    const std::vector<Activity>& core_activities() const noexcept { return core_activities_; }
    /// @brief The activity used when a requested one's requirements fail (invalid until set).
    Activity default_activity() const noexcept { return default_activity_; }

    /// @brief The schedule update_activity_from_schedule follows.
    void set_schedule(const Schedule* schedule) noexcept { schedule_ = schedule; }
    /// @brief The schedule it follows, or nullptr when it has none.
    const Schedule* schedule() const noexcept { return schedule_; }
    /// @brief Vanilla's rule: at most once per 20 game ticks (more than 20 since the last read),
    /// switch to the scheduled activity (or the default one if its requirements fail).
    void update_activity_from_schedule(std::int64_t day_time, std::int64_t game_time);

    // ---- ticking ----

    /// @brief One brain tick in vanilla's order; the expiry order comes from the level.
    void tick(Level& level, Mob& mob);
    /// @brief Asks the memory system for what tick() reads first (the behaviour table, the bits,
    /// countdowns and expiry list): a host ticking many mobs calls it for the next brain while it
    /// ticks this one, so that the misses overlap. Only a hint; it changes nothing.
    void prefetch_for_tick() const noexcept;
    /// @brief Stops every running behaviour (vanilla's stopAll).
    void stop_all(Level& level, Mob& mob);
    /// @brief Stops and drops every behaviour, activity setting, the core and default activities
    /// and the schedule; memories and sensors stay (vanilla's refreshBrain: stopAll then
    /// copyWithoutBehaviors). Not during this brain's tick.
    void remove_all_behaviors(Level& level, Mob& mob);
    /// @brief The behaviours now running, in priority order.
    std::vector<const BehaviorControl*> running_behaviors() const;
    /// @brief True while this brain's tick is calling `behavior`'s try_start() after checking every
    /// one of its start requirements itself: try_start() need not check them again.
    bool start_requirements_checked(const BehaviorControl& behavior) const noexcept { return prechecked_ == &behavior; }

    // ---- NBT ----

    /// @brief Writes `{memories: {…}}` in vanilla's layout: only registered, present, long-term
    /// memories; `value` and, for expiring ones, `ttl` (a long).
    nbt::Compound save() const;
    /// @brief Reads vanilla's layout. Unknown or malformed memories, and memories this brain does
    /// not register, are skipped; each skip is described in the returned warnings.
    std::vector<std::string> load(const nbt::Compound& brain_tag);

    /// @brief The layout this brain was made from.
    const BrainLayout& layout() const noexcept { return *layout_; }

private:
    std::size_t slot_for_read(MemoryHandle h) const;
    [[noreturn]] void throw_type_mismatch(MemoryHandle h) const;
    std::int32_t slot_for_write(MemoryHandle h, const MemoryValueOps* ops, const std::type_info& type);

    template <typename T, typename U>
    void set_internal(MemoryModuleType<T> type, U&& value, std::int64_t ttl) {
        const std::int32_t i = slot_for_write(type.handle(), detail::value_ops<T>(), typeid(T));
        if (i < 0) return;  // vanilla ignores memories the brain does not register
        const auto slot = static_cast<std::size_t>(i);
        T& stored = *static_cast<T*>(value_at(slot));
        stored = std::forward<U>(value);
        if (detail::is_empty_collection(stored)) {
            set_present(slot, false);
        } else {
            set_present(slot, true);
            set_ttl(slot, ttl);
        }
        if (is_watched(slot)) notify_watcher(slot);
    }
    // Tells the slot's MemoryWatcher what the slot holds now (after every write).
    void notify_watcher(std::size_t slot) const;

    void insert_behaviors(Activity activity,
                          std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> list);
    void set_active_activity(Activity activity);
    // Rebuilds statuses_, members_ and the tick's scratch words after the table changed.
    void rebuild_behavior_sets();
};

inline bool has_required_memories(const Brain& brain, const std::vector<MemoryRequirement>& requirements) {
    for (const auto& r : requirements)
        if (!brain.check_memory(r.memory, r.status)) return false;
    return true;
}

/// @brief Behaviours with their priorities, as add_activity takes them.
using PrioritizedBehaviors = std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>>;

/// @brief Builds a PrioritizedBehaviors list (a braced list cannot hold move-only values):
/// `prioritized_behaviors(std::pair{0, std::make_unique<A>()}, std::pair{1, std::make_unique<B>()})`.
template <typename... Bs>
PrioritizedBehaviors prioritized_behaviors(std::pair<int, std::unique_ptr<Bs>>... entries) {
    static_assert((std::derived_from<Bs, BehaviorControl> && ...),
                  "prioritized_behaviors: every entry must be {priority, std::unique_ptr to a BehaviorControl}");
    PrioritizedBehaviors out;
    out.reserve(sizeof...(Bs));
    (out.emplace_back(entries.first, std::move(entries.second)), ...);
    return out;
}

/// @brief Makes brains of one layout (vanilla's Brain.Provider).
class BrainProvider {
public:
    BrainProvider(const BrainRegistries& registries, std::span<const MemoryHandle> memories,
                  std::span<const SensorType> sensors)
        : layout_(std::make_shared<const BrainLayout>(registries, memories, sensors)) {}
    /// @brief A new brain: memories registered and empty, sensors made.
    std::unique_ptr<Brain> make_brain(RandomSource& random) const { return std::make_unique<Brain>(layout_, random); }
    /// @brief The shared layout.
    const std::shared_ptr<const BrainLayout>& layout() const noexcept { return layout_; }

private:
    std::shared_ptr<const BrainLayout> layout_;
};

}  // namespace mobsdk::brain
