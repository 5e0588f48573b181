// The Brain's data as its tick loops lay it out: one cache-line-aligned block of what a tick reads
// first, the per-brain value block, and the compiled behaviour table. Not API: a plugin calls Brain.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/memory.hpp"
#include "mobsdk/brain/sensor.hpp"

namespace mobsdk::brain {

class BrainLayout;

namespace detail {

/// @brief Where a memory slot's value lives in a brain's value block, and how to handle it.
struct MemorySlot {
    const MemoryTypeInfo* info;  ///< the memory type's registry entry
    std::uint32_t offset;        ///< byte offset of the value in the block
};

/// @brief True for an empty collection: setting one erases the memory (vanilla).
template <typename T>
bool is_empty_collection(const T& v) noexcept {
    if constexpr (Collection<T>) return v.empty();
    else return false;
}

/// @brief The Brain's fields and the helpers that only read and write them. Brain derives from it
/// privately; its layout is compiled into every plugin through Brain's inline accessors (sizeof,
/// the offsets those read), which is why it changes only with the SDK's minor version.
///
/// Aligned to a cache line: the fields a tick reads come first and share one or two lines.
class alignas(64) BrainState {
protected:
    static constexpr std::int64_t kNoExpiry = INT64_MIN;
    // Start requirements a brain checks itself per behaviour; any further ones are left to
    // try_start (checking a subset of necessary conditions skips less, never wrongly).
    static constexpr std::size_t kHotConditions = 5;

    // A behaviour as the tick loops see it: its activity as a bit of active_mask_, and its start
    // requirements compiled to slot numbers. The loops skip a behaviour that is running, inactive
    // or whose requirements fail without touching the behaviour object. 16 bytes, in priority
    // order, four entries a cache line; its status is in statuses_, at the same index.
    struct HotBehavior {
        BehaviorControl* behavior;  // owned by owned_behaviors_
        std::uint8_t activity_bit;  // bit in active_mask_, or kSlowActivity
        std::uint8_t condition_count;
        bool complete;                            // the conditions are all of its start requirements
        std::uint8_t conditions[kHotConditions];  // slot << 1 | wants-present; kNeverMet
    };
    static_assert(sizeof(HotBehavior) == 16 || sizeof(void*) != 8, "four behaviours a cache line");
    static constexpr std::uint8_t kSlowActivity = 0xFF;    // >= 64 activities: ask is_active()
    static constexpr std::uint8_t kNeverMet = 0xFF;        // a requirement on an unregistered memory
    static constexpr std::size_t kMaxCompiledSlot = 0x7E;  // later slots are left to try_start

    // What only set-up and the slow paths need, parallel to hot_.
    struct BehaviorMeta {
        std::int32_t priority;
        Activity activity;
    };

    // An expiring memory: the expiry pass reads these entries and nothing per slot. A slot is
    // listed at most once; its entry's ttl is kNoExpiry once it stops expiring (pruned lazily).
    struct ExpiringEntry {
        std::int64_t ttl;
        std::uint32_t slot;
        std::uint32_t unused;
    };

    struct ActivitySettings {
        Activity activity;  // an entry exists once the activity was added (vanilla's requirement map)
        std::vector<MemoryRequirement> requirements;
        std::vector<MemoryHandle> erase_when_stopped;
    };

    BrainState() = default;
    BrainState(const BrainState&) = delete;
    BrainState& operator=(const BrainState&) = delete;
    ~BrainState() = default;

    // ---- memory slots ----

    /// Slot of a memory, or -1: the layout's table, read without going through the layout object.
    std::int32_t slot_index(MemoryHandle h) const noexcept {
        return h.index() < slot_table_size_ ? slot_table_[h.index()] : -1;
    }
    void* value_at(std::size_t slot) const noexcept { return values_ + slot_infos_[slot].offset; }
    bool is_present(std::size_t i) const noexcept { return (present_bits_[i >> 6] >> (i & 63)) & 1u; }
    void set_present(std::size_t i, bool v) noexcept {
        const std::uint64_t bit = std::uint64_t{1} << (i & 63);
        present_bits_[i >> 6] = v ? (present_bits_[i >> 6] | bit) : (present_bits_[i >> 6] & ~bit);
    }
    bool is_listed(std::size_t i) const noexcept { return (listed_bits_[i >> 6] >> (i & 63)) & 1u; }
    void set_listed(std::size_t i, bool v) noexcept {
        const std::uint64_t bit = std::uint64_t{1} << (i & 63);
        listed_bits_[i >> 6] = v ? (listed_bits_[i >> 6] | bit) : (listed_bits_[i >> 6] & ~bit);
    }
    bool is_watched(std::size_t i) const noexcept {
        return watched_bits_ != nullptr && ((watched_bits_[i >> 6] >> (i & 63)) & 1u);
    }

    /// Sets a present slot's ttl and, for an expiring one, lists it for the expiry pass.
    void set_ttl(std::size_t slot, std::int64_t ttl) noexcept {
        if (is_listed(slot)) {
            expiring_[expiring_pos_[slot]].ttl = ttl;
        } else if (ttl != kNoExpiry) {
            set_listed(slot, true);
            expiring_pos_[slot] = expiring_count_;
            expiring_[expiring_count_++] = ExpiringEntry{ttl, static_cast<std::uint32_t>(slot), 0};
        }
    }
    void clear_ttl(std::size_t slot) noexcept {
        if (is_listed(slot)) expiring_[expiring_pos_[slot]].ttl = kNoExpiry;
    }
    std::int64_t ttl_of(std::size_t slot) const noexcept {
        return is_listed(slot) ? expiring_[expiring_pos_[slot]].ttl : kNoExpiry;
    }

    // ---- activities and the behaviour table ----

    bool activity_is_active(Activity activity) const noexcept {
        for (Activity a : active_)  // the core activities and at most one more: a short scan
            if (a == activity) return true;
        return false;
    }
    bool hot_conditions_hold(const HotBehavior& h) const noexcept {
        for (std::uint32_t k = 0; k < h.condition_count; ++k) {
            const std::uint8_t c = h.conditions[k];
            if (c == kNeverMet || is_present(c >> 1) != static_cast<bool>(c & 1u)) return false;
        }
        return true;
    }
    bool hot_activity_active(const HotBehavior& h, std::size_t i) const noexcept {
        return h.activity_bit != kSlowActivity ? ((active_mask_ >> h.activity_bit) & 1u) != 0
                                               : activity_is_active(meta_[i].activity);
    }
    // Writes to `out` (words_ words) the behaviours of the activities in `mask`, and those of
    // activities without a bit (checked one by one).
    void active_members(std::uint64_t mask, std::uint64_t* out) const noexcept;
    // Writes to `out` (words_ words) the behaviours whose status is RUNNING.
    void running_members(std::uint64_t* out) const noexcept;
    void refresh_active_mask() noexcept;
    std::uint8_t activity_bit(Activity activity) const noexcept;
    ActivitySettings* settings_for(Activity a) noexcept;
    const ActivitySettings* settings_for(Activity a) const noexcept;

    // ---- what a tick reads, first: one or two cache lines ----
    const std::int32_t* slot_table_ = nullptr;
    std::uint32_t slot_table_size_ = 0;
    std::uint32_t expiring_count_ = 0;
    // Which slots hold a value, one bit each, apart from the values: condition checks read one word.
    std::uint64_t* present_bits_ = nullptr;
    std::uint64_t active_mask_ = 0;                // bit i: activity_settings_[i] is active
    const std::uint64_t* watched_bits_ = nullptr;  // the layout's, or nullptr: no slot has a watcher
    const BehaviorControl* prechecked_ = nullptr;  // see Brain::start_requirements_checked
    std::vector<HotBehavior> hot_;
    // The behaviours' statuses, parallel to hot_ and padded with STOPPED to whole words of 64
    // (the StatusField mirrors write here): a tick turns them into a bitset of the running ones
    // 16 at a time. Before owned_behaviors_: a behaviour's mirror outlives it.
    std::vector<BehaviorStatus> statuses_;
    // Bitsets over hot_ indices, words_ words each: the behaviours of activity bit b at
    // b * words_, then those of activities without a bit (kSlowActivity).
    std::vector<std::uint64_t> members_;
    std::vector<std::uint64_t> tick_words_;  // a tick's two bitsets: candidates, running
    std::uint32_t words_ = 0;
    std::uint32_t member_bits_ = 0;           // activity bits members_ has sets for
    const MemorySlot* slot_infos_ = nullptr;  // the layout's, shared by every brain
    // The per-brain block, one allocation that present_bits_ starts: present and listed bits,
    // sensor countdowns, the expiry list and each listed slot's place in it, then every memory
    // value at the layout's offsets.
    std::uint64_t* listed_bits_ = nullptr;
    std::int64_t* sensor_countdown_ = nullptr;
    ExpiringEntry* expiring_ = nullptr;
    std::uint32_t* expiring_pos_ = nullptr;
    unsigned char* values_ = nullptr;
    std::int64_t last_schedule_update_ = -9999;  // read on every tick of the idle, work… packages
    std::size_t block_align_ = 64;

    // ---- the rest ----
    std::shared_ptr<const BrainLayout> layout_;
    std::vector<std::unique_ptr<Sensor>> sensors_;
    std::vector<BehaviorMeta> meta_;                                 // parallel to hot_
    std::vector<std::unique_ptr<BehaviorControl>> owned_behaviors_;  // parallel to hot_
    std::vector<Activity> core_activities_;
    std::vector<Activity> active_;
    Activity default_activity_;
    std::vector<ActivitySettings> activity_settings_;
    const Schedule* schedule_ = nullptr;
};

}  // namespace detail

}  // namespace mobsdk::brain
