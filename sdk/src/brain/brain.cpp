#include "mobsdk/brain/brain.hpp"

#include <bit>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <cstring>
#include <new>

namespace mobsdk::brain {

// ---- BrainLayout ----

BrainLayout::BrainLayout(const BrainRegistries& registries, std::span<const MemoryHandle> memories,
                         std::span<const SensorType> sensors)
    : registries_(&registries), slot_of_(registries.memory_types.size(), -1) {
    auto add = [&](MemoryHandle h) {
        const auto& info = registries.memory_types[h];  // throws RegistryError for a foreign handle
        if (slot_of_[h.index()] >= 0) return;
        slot_of_[h.index()] = static_cast<std::int32_t>(memories_.size());
        memories_.push_back(h);
        // Values packed in slot order, each at its own alignment: an int memory takes 4 bytes of
        // a brain's block, not a slot-sized cell, so the values a tick writes share few lines.
        const MemoryValueOps& ops = *info.ops;
        const std::size_t offset = (value_block_size_ + ops.align - 1) / ops.align * ops.align;
        slots_.push_back(SlotInfo{&info, static_cast<std::uint32_t>(offset)});
        value_block_size_ = offset + ops.size;
        value_block_align_ = std::max(value_block_align_, ops.align);
    };
    for (MemoryHandle h : memories) add(h);
    for (SensorType s : sensors) {
        sensors_.push_back(s);
        for (MemoryHandle h : registries.sensor_types[s].required_memories) add(h);
    }
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        if (!slots_[i].info->watcher) continue;
        watched_.resize((slots_.size() + 63) / 64);
        watched_[i >> 6] |= std::uint64_t{1} << (i & 63);
    }
}

// ---- Brain: memories ----

namespace {

constexpr std::size_t round_up(std::size_t n, std::size_t align) noexcept { return (n + align - 1) / align * align; }

}  // namespace

Brain::Brain(std::shared_ptr<const BrainLayout> layout, RandomSource& random) {
    slot_table_ = layout->slot_table().data();
    slot_table_size_ = static_cast<std::uint32_t>(layout->slot_table().size());
    watched_bits_ = layout->watched_bits();
    slot_infos_ = layout->slot_infos().data();
    layout_ = std::move(layout);
    const std::size_t slots = layout_->memories().size();
    const std::size_t sensors = layout_->sensors().size();
    const std::size_t words = std::max<std::size_t>(1, (slots + 63) / 64);
    // One block: what the expiry pass and the sensor countdowns read first, then the values.
    const std::size_t present_at = 0;
    const std::size_t listed_at = present_at + words * 8;
    const std::size_t countdown_at = listed_at + words * 8;
    const std::size_t expiring_at = countdown_at + sensors * 8;
    const std::size_t pos_at = expiring_at + slots * sizeof(ExpiringEntry);
    block_align_ = layout_->value_block_align();
    const std::size_t values_at = round_up(pos_at + slots * 4, block_align_);
    const std::size_t total = values_at + layout_->value_block_size();
    void* const block = ::operator new(total, std::align_val_t(block_align_));
    auto* base = static_cast<unsigned char*>(block);
    std::memset(base, 0, values_at);
    present_bits_ = reinterpret_cast<std::uint64_t*>(base + present_at);
    listed_bits_ = reinterpret_cast<std::uint64_t*>(base + listed_at);
    sensor_countdown_ = reinterpret_cast<std::int64_t*>(base + countdown_at);
    expiring_ = reinterpret_cast<ExpiringEntry*>(base + expiring_at);
    expiring_pos_ = reinterpret_cast<std::uint32_t*>(base + pos_at);
    values_ = base + values_at;
    std::size_t constructed = 0;
    try {
        for (; constructed < slots; ++constructed)
            slot_infos_[constructed].info->ops->default_construct(value_at(constructed));
        const auto& sensor_types = layout_->registries().sensor_types;
        for (SensorType t : layout_->sensors()) {
            auto sensor = sensor_types[t].factory();
            // Vanilla draws the first delay uniformly within one scan period.
            sensor->set_time_to_tick(random.next_int(std::max(1, sensor->scan_rate())));
            sensor->move_countdown_to(&sensor_countdown_[sensors_.size()]);
            sensors_.push_back(std::move(sensor));
        }
    } catch (...) {
        for (std::size_t i = 0; i < constructed; ++i) slot_infos_[i].info->ops->destroy(value_at(i));
        ::operator delete(block, std::align_val_t(block_align_));
        throw;
    }
    active_.reserve(4);
}

Brain::~Brain() {
    const std::size_t slots = layout_->memories().size();
    // Watchers forget this brain's values before they go.
    if (watched_bits_ != nullptr)
        for (std::size_t i = 0; i < slots; ++i)
            if (is_watched(i) && is_present(i)) {
                set_present(i, false);
                notify_watcher(i);
            }
    for (std::size_t i = 0; i < slots; ++i) slot_infos_[i].info->ops->destroy(value_at(i));
    sensors_.clear();  // their countdowns live in the block
    ::operator delete(static_cast<void*>(present_bits_), std::align_val_t(block_align_));  // the block's start
}

std::size_t Brain::slot_for_read(MemoryHandle h) const {
    const std::int32_t i = slot_index(h);
    if (i < 0) {
        const auto& reg = layout_->registries().memory_types;
        const std::string name = h.valid() && h.index() < reg.size() ? reg.id_of(h).str() : "<invalid handle>";
        throw BrainError("unregistered memory fetched: " + name +
                         " (add it to the brain's memory list, or to a sensor's requires_memories)");
    }
    return static_cast<std::size_t>(i);
}

void Brain::throw_type_mismatch(MemoryHandle h) const {
    throw BrainError("memory " + layout_->registries().memory_types.id_of(h).str() +
                     " read as a value of another type than it was registered with");
}

std::int32_t Brain::slot_for_write(MemoryHandle h, const MemoryValueOps* ops, const std::type_info& type) {
    const std::int32_t i = slot_index(h);
    if (i < 0) return -1;
    const MemoryValueOps* own = slot_infos_[i].info->ops;
    // Same ops table: same type (one comparison). A plugin's own copy of the table falls back to
    // comparing the types.
    if (own != ops && *own->type != type)
        throw BrainError("memory " + layout_->registries().memory_types.id_of(h).str() +
                         " written with a value of another type");
    return i;
}

void Brain::erase_memory(MemoryHandle memory) noexcept {
    const std::int32_t i = slot_index(memory);
    if (i < 0) return;
    const auto slot = static_cast<std::size_t>(i);
    set_present(slot, false);
    clear_ttl(slot);
    if (is_watched(slot)) notify_watcher(slot);
}

void Brain::notify_watcher(std::size_t slot) const {
    slot_infos_[slot].info->watcher->changed(*this, is_present(slot) ? value_at(slot) : nullptr);
}

std::int64_t Brain::time_until_expiry(MemoryHandle memory) const noexcept {
    const std::int32_t i = slot_index(memory);
    if (i < 0) return 0;
    const auto slot = static_cast<std::size_t>(i);
    const std::int64_t ttl = ttl_of(slot);
    return is_present(slot) && ttl != kNoExpiry ? ttl : 0;
}

void Brain::forget_outdated_memories(MemoryExpiry order) noexcept {
    // Only slots that were given a ttl are visited; entries whose value was erased or replaced by
    // one without expiry are dropped here (swap-remove: the order of slots does not matter).
    for (std::uint32_t k = 0; k < expiring_count_;) {
        const std::size_t i = expiring_[k].slot;
        std::int64_t& ttl = expiring_[k].ttl;
        bool drop = !is_present(i) || ttl == kNoExpiry;
        if (!drop) {
            if (order == MemoryExpiry::Modern) {
                // Since 22w12a: erase at ttl <= 0, then count down — one tick later than before.
                if (ttl <= 0) drop = true;
                else --ttl;
            } else if (--ttl <= 0) {
                drop = true;
            }
            if (drop) {
                set_present(i, false);
                ttl = kNoExpiry;
                if (is_watched(i)) notify_watcher(i);
            }
        }
        if (drop) {
            set_listed(i, false);
            expiring_[k] = expiring_[--expiring_count_];
            expiring_pos_[expiring_[k].slot] = k;  // the entry moved here (harmless when k was last)
        } else {
            ++k;
        }
    }
}

std::vector<MemorySnapshot> Brain::snapshot_memories(const FormatContext& context) const {
    std::vector<MemorySnapshot> out;
    const std::size_t slots = layout_->memories().size();
    out.reserve(slots);
    for (std::size_t i = 0; i < slots; ++i) {
        const bool present = is_present(i);
        MemorySnapshot snap{layout_->memories()[i], present, std::nullopt, {}};
        if (present) {
            if (ttl_of(i) != kNoExpiry) snap.ttl = ttl_of(i);
            snap.value = slot_infos_[i].info->format(value_at(i), context);
        }
        out.push_back(std::move(snap));
    }
    return out;
}

// ---- Brain: activities ----

detail::BrainState::ActivitySettings* detail::BrainState::settings_for(Activity a) noexcept {
    for (auto& s : activity_settings_)
        if (s.activity == a) return &s;
    return nullptr;
}

const detail::BrainState::ActivitySettings* detail::BrainState::settings_for(Activity a) const noexcept {
    return const_cast<BrainState*>(this)->settings_for(a);
}

void Brain::set_core_activities(std::initializer_list<Activity> activities) {
    core_activities_.assign(activities.begin(), activities.end());
}

void Brain::insert_behaviors(Activity activity,
                             std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> list) {
    const std::uint8_t bit = activity_bit(activity);
    for (auto& [priority, behavior] : list) {
        if (!behavior) throw BrainError("add_activity: a null behaviour");
        // Stable: after every entry of the same priority, so ties keep the order they were added.
        const auto at = static_cast<std::size_t>(
            std::upper_bound(meta_.begin(), meta_.end(), priority,
                             [](std::int32_t p, const BehaviorMeta& m) { return p < m.priority; }) -
            meta_.begin());
        HotBehavior h{behavior.get(), bit, 0, true, {}};
        for (const MemoryRequirement& r : behavior->start_requirements()) {
            if (h.condition_count == kHotConditions) {  // the rest are try_start's to check
                h.complete = false;
                break;
            }
            const std::int32_t slot = slot_index(r.memory);
            if (slot < 0) {
                h.conditions[h.condition_count++] = kNeverMet;  // vanilla: an unregistered memory fails
            } else if (r.status == MemoryStatus::REGISTERED) {
                // A registered memory stays registered: this one always holds.
            } else if (static_cast<std::size_t>(slot) <= kMaxCompiledSlot) {
                h.conditions[h.condition_count++] = static_cast<std::uint8_t>(
                    (static_cast<unsigned>(slot) << 1) | (r.status == MemoryStatus::VALUE_PRESENT ? 1u : 0u));
            } else {
                h.complete = false;
            }
        }
        hot_.reserve(hot_.size() + 1);
        meta_.reserve(meta_.size() + 1);
        owned_behaviors_.reserve(owned_behaviors_.size() + 1);
        statuses_.reserve((hot_.size() + 64) / 64 * 64);
        members_.reserve(65 * ((hot_.size() + 64) / 64));
        tick_words_.reserve(2 * ((hot_.size() + 64) / 64));  // no throw past this point
        hot_.insert(hot_.begin() + static_cast<std::ptrdiff_t>(at), h);
        meta_.insert(meta_.begin() + static_cast<std::ptrdiff_t>(at), BehaviorMeta{priority, activity});
        owned_behaviors_.insert(owned_behaviors_.begin() + static_cast<std::ptrdiff_t>(at), std::move(behavior));
        rebuild_behavior_sets();
    }
}

void Brain::rebuild_behavior_sets() {
    const std::size_t count = hot_.size();
    words_ = static_cast<std::uint32_t>((count + 63) / 64);
    // The table moved: point every behaviour's status mirror at its entry again (which also
    // copies the status there).
    statuses_.assign(std::size_t{words_} * 64, BehaviorStatus::STOPPED);
    for (std::size_t i = 0; i < count; ++i) hot_[i].behavior->mirror_status_into(&statuses_[i]);
    std::uint32_t bits = 0;
    for (const HotBehavior& h : hot_)
        if (h.activity_bit != kSlowActivity) bits = std::max<std::uint32_t>(bits, h.activity_bit + 1u);
    member_bits_ = bits;
    members_.assign(std::size_t{words_} * (bits + 1), 0);
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t set = hot_[i].activity_bit == kSlowActivity ? bits : hot_[i].activity_bit;
        members_[set * words_ + i / 64] |= std::uint64_t{1} << (i % 64);
    }
    tick_words_.assign(std::size_t{words_} * 2, 0);
}

void detail::BrainState::active_members(std::uint64_t mask, std::uint64_t* out) const noexcept {
    const std::uint64_t* slow = members_.data() + std::size_t{member_bits_} * words_;
    for (std::uint32_t w = 0; w < words_; ++w) out[w] = slow[w];
    for (; mask != 0; mask &= mask - 1) {
        const auto bit = static_cast<std::uint32_t>(std::countr_zero(mask));
        if (bit >= member_bits_) break;
        const std::uint64_t* set = members_.data() + std::size_t{bit} * words_;
        for (std::uint32_t w = 0; w < words_; ++w) out[w] |= set[w];
    }
}

void detail::BrainState::running_members(std::uint64_t* out) const noexcept {
    static_assert(sizeof(BehaviorStatus) == 1, "one status a byte");
    const BehaviorStatus* status = statuses_.data();
    for (std::uint32_t w = 0; w < words_; ++w, status += 64) {
#if defined(__SSE2__)
        // Sixteen statuses a compare: the table is padded to whole words.
        const __m128i running = _mm_set1_epi8(static_cast<char>(BehaviorStatus::RUNNING));
        std::uint64_t bits = 0;
        for (int k = 0; k < 4; ++k) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(status + 16 * k));
            bits |=
                static_cast<std::uint64_t>(static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, running))))
                << (16 * k);
        }
        out[w] = bits;
#else
        std::uint64_t bits = 0;
        for (int k = 0; k < 64; ++k) bits |= static_cast<std::uint64_t>(status[k] == BehaviorStatus::RUNNING) << k;
        out[w] = bits;
#endif
    }
}

std::uint8_t detail::BrainState::activity_bit(Activity activity) const noexcept {
    for (std::size_t k = 0; k < activity_settings_.size() && k < 64; ++k)
        if (activity_settings_[k].activity == activity) return static_cast<std::uint8_t>(k);
    return kSlowActivity;
}

void detail::BrainState::refresh_active_mask() noexcept {
    std::uint64_t mask = 0;
    for (Activity a : active_)
        if (const std::uint8_t bit = activity_bit(a); bit != kSlowActivity) mask |= std::uint64_t{1} << bit;
    active_mask_ = mask;
}

void Brain::add_activity(Activity activity, std::int32_t priority_start,
                         std::vector<std::unique_ptr<BehaviorControl>> behaviors) {
    std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> list;
    std::int32_t p = priority_start;
    for (auto& b : behaviors) list.emplace_back(p++, std::move(b));
    add_activity_and_remove_memories_when_stopped(activity, std::move(list), {}, {});
}

void Brain::add_activity(Activity activity,
                         std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> behaviors) {
    add_activity_and_remove_memories_when_stopped(activity, std::move(behaviors), {}, {});
}

void Brain::add_activity_with_conditions(
    Activity activity, std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> behaviors,
    std::vector<MemoryRequirement> requirements) {
    add_activity_and_remove_memories_when_stopped(activity, std::move(behaviors), std::move(requirements), {});
}

void Brain::add_activity_and_remove_memories_when_stopped(
    Activity activity, std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> behaviors,
    std::vector<MemoryRequirement> requirements, std::vector<MemoryHandle> erase_when_stopped) {
    ActivitySettings* s = settings_for(activity);
    if (!s) {
        activity_settings_.push_back(ActivitySettings{activity, {}, {}});
        s = &activity_settings_.back();
    }
    // Vanilla puts the requirement set (empty or not) on every add: it replaces the previous one.
    s->requirements = std::move(requirements);
    if (!erase_when_stopped.empty()) s->erase_when_stopped = std::move(erase_when_stopped);
    refresh_active_mask();  // the activity may be active already and only now have an entry
    insert_behaviors(activity, std::move(behaviors));
}

bool Brain::activity_requirements_are_met(Activity activity) const noexcept {
    const ActivitySettings* s = settings_for(activity);
    if (!s) return false;  // never added: vanilla has no requirement entry, so not met
    for (const auto& r : s->requirements)
        if (!check_memory(r.memory, r.status)) return false;
    return true;
}

std::optional<Activity> Brain::active_non_core_activity() const noexcept {
    for (Activity a : active_)
        if (std::find(core_activities_.begin(), core_activities_.end(), a) == core_activities_.end()) return a;
    return std::nullopt;
}

void Brain::set_active_activity(Activity activity) {
    if (is_active(activity)) return;
    // Memories of the activities that stop are erased (vanilla's eraseMemoriesForOtherActivitesThan).
    for (Activity a : active_) {
        if (a == activity) continue;
        if (const ActivitySettings* s = settings_for(a))
            for (MemoryHandle m : s->erase_when_stopped) erase_memory(m);
    }
    active_.clear();
    active_.insert(active_.end(), core_activities_.begin(), core_activities_.end());
    active_.push_back(activity);
    refresh_active_mask();
}

void Brain::set_active_activity_if_possible(Activity activity) {
    if (activity_requirements_are_met(activity)) set_active_activity(activity);
    else use_default_activity();
}

bool Brain::set_active_activity_to_first_valid(std::initializer_list<Activity> activities) {
    for (Activity a : activities) {
        if (activity_requirements_are_met(a)) {
            set_active_activity(a);
            return true;
        }
    }
    return false;
}

void Brain::use_default_activity() {
    if (default_activity_.valid()) set_active_activity(default_activity_);
}

void Brain::update_activity_from_schedule(std::int64_t day_time, std::int64_t game_time) {
    if (game_time - last_schedule_update_ > 20) {
        last_schedule_update_ = game_time;
        if (!schedule_) return;
        const Activity a = schedule_->activity_at(day_time % 24000);
        if (a.valid() && !is_active(a)) set_active_activity_if_possible(a);
    }
}

// ---- Brain: ticking ----

namespace {

inline void prefetch(const void* p) noexcept {
#if defined(__GNUC__)
    __builtin_prefetch(p);
#else
    (void)p;
#endif
}

}  // namespace

void Brain::prefetch_for_tick() const noexcept {
    for (std::size_t off = 0; off < hot_.size() * sizeof(HotBehavior); off += 64)
        prefetch(reinterpret_cast<const char*>(hot_.data()) + off);
    for (std::size_t off = 0; off < statuses_.size(); off += 64) prefetch(statuses_.data() + off);
    for (auto* p = reinterpret_cast<const char*>(present_bits_);
         p < reinterpret_cast<const char*>(expiring_ + expiring_count_); p += 64)
        prefetch(p);
}

void Brain::tick(Level& level, Mob& mob) {
    HotBehavior* const hot = hot_.data();
    // Adding behaviours from inside a tick is not supported: the table and its bitsets stay put.
    // Ask for the lines this tick reads all at once, rather than one miss after another: the
    // behaviour table and the block's bits, countdowns and expiry list.
    prefetch_for_tick();

    forget_outdated_memories(level.memory_expiry());
    // Sensor::tick, with the countdowns read from this brain's block: a sensor is touched only
    // when it runs.
    const std::size_t sensor_count = sensors_.size();
    for (std::size_t i = 0; i < sensor_count; ++i) {
        if (--sensor_countdown_[i] <= 0) {
            Sensor& sensor = *sensors_[i];
            sensor_countdown_[i] = sensor.scan_rate_;
            sensor.do_tick(level, mob);
        }
    }
    const std::int64_t time = level.game_time();
    // The compiled requirements are checked against this brain; if the mob answers with another
    // brain (a test rig), every try_start is called and checks its own.
    const bool own_brain = mob.brain() == this;
    struct ClearPrecheck {
        const BehaviorControl*& p;
        ~ClearPrecheck() { p = nullptr; }
    } clear_precheck{prechecked_};
    // Two bitsets over the table instead of three walks over every entry: the behaviours of the
    // active activities (the only ones that may start) and the running ones (the only ones to
    // tick). The first loop below visits only the former, the second only the latter.
    const std::size_t words = words_;
    std::uint64_t* const candidates = tick_words_.data();
    std::uint64_t* const running = candidates + words;
    std::uint64_t mask = active_mask_;
    active_members(mask, candidates);
    running_members(running);
    // The behaviour objects the two loops may call lie all over the heap: ask for them all now, so
    // the misses overlap instead of coming one after another (checking their requirements first
    // would cost more than the lines fetched in vain).
    for (std::size_t w = 0; w < words; ++w)
        for (std::uint64_t bits = candidates[w] | running[w]; bits != 0; bits &= bits - 1)
            prefetch(hot[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))].behavior);
    // Start every stopped behaviour of an active activity, lowest priority number first. A
    // behaviour whose requirements fail would return false from try_start and do nothing else.
    const BehaviorStatus* const status = statuses_.data();
    for (std::size_t w = 0; w < words; ++w) {
        for (std::uint64_t bits = candidates[w] & ~running[w]; bits != 0; bits &= bits - 1) {
            const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
            const HotBehavior& h = hot[i];
            if (status[i] != BehaviorStatus::STOPPED) continue;
            if (!hot_activity_active(h, i)) continue;
            BehaviorControl* const behavior = h.behavior;
            if (own_brain) {
                if (!hot_conditions_hold(h)) continue;
                prechecked_ = h.complete ? behavior : nullptr;
            }
            behavior->try_start(level, mob, time);
            prechecked_ = nullptr;
            if (active_mask_ != mask) {
                // It changed the activities (UpdateActivityFromSchedule does): the entries after
                // this one follow the new set, as vanilla's loop, which asks entry by entry.
                mask = active_mask_;
                active_members(mask, candidates);
                const unsigned done = static_cast<unsigned>(i % 64) + 1;
                bits = done == 64 ? 0 : (candidates[w] & ~running[w]) & (~std::uint64_t{0} << done);
                bits |= std::uint64_t{1} << (i % 64);  // cleared by the loop's step
            }
        }
    }
    // Tick every running behaviour, whether or not its activity is still active (vanilla). Those
    // started above are running now too.
    running_members(running);
    for (std::size_t w = 0; w < words; ++w)
        for (std::uint64_t bits = running[w]; bits != 0; bits &= bits - 1) {
            const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
            if (status[i] == BehaviorStatus::RUNNING) hot[i].behavior->tick_or_stop(level, mob, time);
        }
}

void Brain::stop_all(Level& level, Mob& mob) {
    const std::int64_t time = level.game_time();
    for (std::size_t i = 0; i < hot_.size(); ++i)
        if (statuses_[i] == BehaviorStatus::RUNNING) hot_[i].behavior->do_stop(level, mob, time);
}

void Brain::remove_all_behaviors(Level& level, Mob& mob) {
    stop_all(level, mob);
    owned_behaviors_.clear();  // before statuses_: a behaviour's status mirror points into it
    hot_.clear();
    statuses_.clear();
    members_.clear();
    tick_words_.clear();
    words_ = 0;
    member_bits_ = 0;
    meta_.clear();
    core_activities_.clear();
    active_.clear();
    activity_settings_.clear();
    active_mask_ = 0;
    default_activity_ = Activity{};
    schedule_ = nullptr;
    last_schedule_update_ = -9999;
}

std::vector<const BehaviorControl*> Brain::running_behaviors() const {
    std::vector<const BehaviorControl*> out;
    for (std::size_t i = 0; i < hot_.size(); ++i)
        if (statuses_[i] == BehaviorStatus::RUNNING) out.push_back(hot_[i].behavior);
    return out;
}

// ---- Brain: NBT ----

nbt::Compound Brain::save() const {
    nbt::Compound memories;
    const auto& reg = layout_->registries().memory_types;
    const std::size_t slots = layout_->memories().size();
    for (std::size_t i = 0; i < slots; ++i) {
        const MemoryTypeInfo& info = *slot_infos_[i].info;
        if (!is_present(i) || !info.codec) continue;
        nbt::Compound entry;
        entry.put("value", info.codec->encode(value_at(i)));
        if (const std::int64_t ttl = ttl_of(i); ttl != kNoExpiry) entry.put("ttl", ttl);
        memories.put(reg.id_of(layout_->memories()[i]).str(), std::move(entry));
    }
    return nbt::Compound{{"memories", std::move(memories)}};
}

std::vector<std::string> Brain::load(const nbt::Compound& brain_tag) {
    std::vector<std::string> warnings;
    const nbt::Tag* mem_tag = brain_tag.find("memories");
    if (!mem_tag) return warnings;
    const auto* memories = mem_tag->get_if<nbt::Compound>();
    if (!memories) {
        warnings.push_back("Brain.memories is " + std::string(nbt::tag_type_name(mem_tag->type())) +
                           ", expected TAG_Compound; no memories loaded");
        return warnings;
    }
    const auto& reg = layout_->registries().memory_types;
    for (const auto& [key, tag] : *memories) {
        auto handle = reg.find(key);
        if (!handle) {
            warnings.push_back("skipped unknown memory " + key);
            continue;
        }
        const std::int32_t i = slot_index(*handle);
        if (i < 0) {
            warnings.push_back("skipped memory " + key + ": this mob's brain does not register it");
            continue;
        }
        const auto slot = static_cast<std::size_t>(i);
        const MemoryTypeInfo& info = *slot_infos_[slot].info;
        if (!info.codec) {
            warnings.push_back("skipped memory " + key + ": it is short-term and is never saved");
            continue;
        }
        const auto* entry = tag.get_if<nbt::Compound>();
        const nbt::Tag* value = entry ? entry->find("value") : nullptr;
        if (!value) {
            warnings.push_back("skipped memory " + key + ": expected a compound with a 'value'");
            continue;
        }
        std::int64_t ttl = kNoExpiry;
        if (const nbt::Tag* t = entry->find("ttl")) {
            if (const auto* l = t->get_if<std::int64_t>()) {
                ttl = *l;
            } else {
                warnings.push_back("skipped memory " + key + ": 'ttl' is " +
                                   std::string(nbt::tag_type_name(t->type())) + ", expected TAG_Long");
                continue;
            }
        }
        // Decode into a scratch value first, so a malformed memory leaves the slot as it was.
        alignas(std::max_align_t) unsigned char scratch_inline[64];
        const MemoryValueOps& ops = *info.ops;
        void* scratch = ops.size <= sizeof scratch_inline && ops.align <= alignof(std::max_align_t)
                            ? static_cast<void*>(scratch_inline)
                            : ::operator new(ops.size, std::align_val_t(ops.align));
        ops.default_construct(scratch);
        auto r = info.codec->decode(*value, scratch);
        if (r) {
            ops.copy_assign(value_at(slot), scratch);
            const bool present = !ops.is_empty_collection(value_at(slot));
            set_present(slot, present);
            set_ttl(slot, present ? ttl : kNoExpiry);
            if (is_watched(slot)) notify_watcher(slot);
        } else {
            warnings.push_back("skipped memory " + key + ": " + r.error());
        }
        ops.destroy(scratch);
        if (scratch != scratch_inline) ::operator delete(scratch, std::align_val_t(ops.align));
    }
    return warnings;
}

}  // namespace mobsdk::brain
