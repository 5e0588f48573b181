#include "mobsdk/brain/brain.hpp"

#include <algorithm>
#include <cstring>
#include <new>

#include "mobsdk/nbt/snbt.hpp"

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
        infos_.push_back(&info);
    };
    for (MemoryHandle h : memories) add(h);
    for (SensorType s : sensors) {
        sensors_.push_back(s);
        for (MemoryHandle h : registries.sensor_types[s].required_memories) add(h);
    }
}

// ---- Brain: memories ----

Brain::Brain(std::shared_ptr<const BrainLayout> layout, RandomSource& random)
    : layout_(std::move(layout)),
      slot_table_(layout_->slot_table().data()),
      slot_table_size_(static_cast<std::uint32_t>(layout_->slot_table().size())),
      slots_(layout_->memories().size()) {
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        Slot& s = slots_[i];
        s.info = &layout_->info(i);
        const MemoryValueOps& ops = *s.info->ops;
        if (ops.size <= sizeof(s.inline_storage) && ops.align <= alignof(Slot)) {
            s.value = s.inline_storage;
        } else {
            s.value = ::operator new(ops.size, std::align_val_t(ops.align));
            s.heap = true;
        }
        ops.default_construct(s.value);
    }
    const auto& sensor_types = layout_->registries().sensor_types;
    for (SensorType t : layout_->sensors()) {
        auto sensor = sensor_types[t].factory();
        // Vanilla draws the first delay uniformly within one scan period.
        sensor->set_time_to_tick(random.next_int(std::max(1, sensor->scan_rate())));
        sensors_.push_back(std::move(sensor));
    }
    active_.reserve(4);
    expiring_.reserve(slots_.size());
    if (slots_.size() > 128) {
        present_heap_ = std::make_unique<std::uint64_t[]>((slots_.size() + 63) / 64);  // zeroed
        present_bits_ = present_heap_.get();
    }  // never grows past one entry per slot: no allocation later
}

Brain::~Brain() {
    for (Slot& s : slots_) {
        s.info->ops->destroy(s.value);
        if (s.heap) ::operator delete(s.value, std::align_val_t(s.info->ops->align));
    }
}

const Brain::Slot& Brain::slot_for_read(MemoryHandle h) const {
    const std::int32_t i = slot_index(h);
    if (i < 0) {
        const auto& reg = layout_->registries().memory_types;
        const std::string name = h.valid() && h.index() < reg.size() ? reg.id_of(h).str() : "<invalid handle>";
        throw BrainError("unregistered memory fetched: " + name +
                         " (add it to the brain's memory list, or to a sensor's requires_memories)");
    }
    return slots_[static_cast<std::size_t>(i)];
}

void Brain::throw_type_mismatch(MemoryHandle h) const {
    throw BrainError("memory " + layout_->registries().memory_types.id_of(h).str() +
                     " read as a value of another type than it was registered with");
}

Brain::Slot* Brain::slot_for_write(MemoryHandle h, const MemoryValueOps* ops, const std::type_info& type) {
    const std::int32_t i = slot_index(h);
    if (i < 0) return nullptr;
    Slot& s = slots_[static_cast<std::size_t>(i)];
    // Same ops table: same type (one comparison). A plugin's own copy of the table falls back to
    // comparing the types.
    if (s.info->ops != ops && *s.info->ops->type != type)
        throw BrainError("memory " + layout_->registries().memory_types.id_of(h).str() +
                         " written with a value of another type");
    return &s;
}

void Brain::erase_memory(MemoryHandle memory) noexcept {
    const std::int32_t i = slot_index(memory);
    if (i < 0) return;
    Slot& s = slots_[static_cast<std::size_t>(i)];
    set_present(static_cast<std::size_t>(i), false);
    s.ttl = kNoExpiry;
}

std::int64_t Brain::time_until_expiry(MemoryHandle memory) const noexcept {
    const std::int32_t i = slot_index(memory);
    if (i < 0) return 0;
    const Slot& s = slots_[static_cast<std::size_t>(i)];
    return is_present(static_cast<std::size_t>(i)) && s.ttl != kNoExpiry ? s.ttl : 0;
}

void Brain::forget_outdated_memories(MemoryExpiry order) noexcept {
    // Only slots that were given a ttl are visited; entries whose value was erased or replaced by
    // one without expiry are dropped here (swap-remove: the order of slots does not matter).
    for (std::size_t k = 0; k < expiring_.size();) {
        const std::size_t i = expiring_[k];
        Slot& s = slots_[i];
        bool drop = !is_present(i) || s.ttl == kNoExpiry;
        if (!drop) {
            if (order == MemoryExpiry::Modern) {
                // Since 22w12a: erase at ttl <= 0, then count down — one tick later than before.
                if (s.ttl <= 0) drop = true;
                else --s.ttl;
            } else if (--s.ttl <= 0) {
                drop = true;
            }
            if (drop) {
                set_present(i, false);
                s.ttl = kNoExpiry;
            }
        }
        if (drop) {
            s.listed = false;
            expiring_[k] = expiring_.back();
            expiring_.pop_back();
        } else {
            ++k;
        }
    }
}

std::vector<MemorySnapshot> Brain::snapshot_memories() const {
    std::vector<MemorySnapshot> out;
    out.reserve(slots_.size());
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        const bool present = is_present(i);
        MemorySnapshot snap{layout_->memories()[i], present, std::nullopt, {}};
        if (present && s.ttl != kNoExpiry) snap.ttl = s.ttl;
        if (present) {
            if (s.info->codec) {
                snap.value = nbt::to_snbt(s.info->codec->encode(s.value));
            } else {  // appends, not operator+: GCC 12 warns falsely (-Wrestrict) on the latter
                snap.value.append("<short-term ").append(s.info->ops->type->name()).append(">");
            }
        }
        out.push_back(std::move(snap));
    }
    return out;
}

// ---- Brain: activities ----

Brain::ActivitySettings* Brain::settings_for(Activity a) noexcept {
    for (auto& s : activity_settings_)
        if (s.activity == a) return &s;
    return nullptr;
}

const Brain::ActivitySettings* Brain::settings_for(Activity a) const noexcept {
    return const_cast<Brain*>(this)->settings_for(a);
}

void Brain::set_core_activities(std::initializer_list<Activity> activities) {
    core_activities_.assign(activities.begin(), activities.end());
}

void Brain::insert_behaviors(Activity activity,
                             std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> list) {
    for (auto& [priority, behavior] : list) {
        if (!behavior) throw BrainError("add_activity: a null behaviour");
        // Stable: after every entry of the same priority, so ties keep the order they were added.
        auto at = std::upper_bound(behaviors_.begin(), behaviors_.end(), priority,
                                   [](std::int32_t p, const BehaviorEntry& e) { return p < e.priority; });
        behaviors_.insert(at, BehaviorEntry{priority, activity, std::move(behavior)});
    }
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
        if (std::find(core_activities_.begin(), core_activities_.end(), a) == core_activities_.end())
            return a;
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

void Brain::tick(Level& level, Mob& mob) {
    forget_outdated_memories(level.memory_expiry());
    for (auto& sensor : sensors_) sensor->tick(level, mob);
    const std::int64_t time = level.game_time();
    // Start every stopped behaviour of an active activity, lowest priority number first.
    for (auto& e : behaviors_) {
        if (e.behavior->status() != BehaviorStatus::STOPPED) continue;
        if (!is_active(e.activity)) continue;
        e.behavior->try_start(level, mob, time);
    }
    // Tick every running behaviour, whether or not its activity is still active (vanilla).
    for (auto& e : behaviors_)
        if (e.behavior->status() == BehaviorStatus::RUNNING) e.behavior->tick_or_stop(level, mob, time);
}

void Brain::stop_all(Level& level, Mob& mob) {
    const std::int64_t time = level.game_time();
    for (auto& e : behaviors_)
        if (e.behavior->status() == BehaviorStatus::RUNNING) e.behavior->do_stop(level, mob, time);
}

std::vector<const BehaviorControl*> Brain::running_behaviors() const {
    std::vector<const BehaviorControl*> out;
    for (const auto& e : behaviors_)
        if (e.behavior->status() == BehaviorStatus::RUNNING) out.push_back(e.behavior.get());
    return out;
}

// ---- Brain: NBT ----

nbt::Compound Brain::save() const {
    nbt::Compound memories;
    const auto& reg = layout_->registries().memory_types;
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        if (!is_present(i) || !s.info->codec) continue;
        nbt::Compound entry;
        entry.put("value", s.info->codec->encode(s.value));
        if (s.ttl != kNoExpiry) entry.put("ttl", std::int64_t{s.ttl});
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
        Slot& s = slots_[static_cast<std::size_t>(i)];
        if (!s.info->codec) {
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
        const MemoryValueOps& ops = *s.info->ops;
        void* scratch = ops.size <= sizeof scratch_inline && ops.align <= alignof(std::max_align_t)
                            ? static_cast<void*>(scratch_inline)
                            : ::operator new(ops.size, std::align_val_t(ops.align));
        ops.default_construct(scratch);
        auto r = s.info->codec->decode(*value, scratch);
        if (r) {
            ops.copy_assign(s.value, scratch);
            const bool present = !ops.is_empty_collection(s.value);
            set_present(index_of(s), present);
            set_ttl(s, present ? ttl : kNoExpiry);
        } else {
            warnings.push_back("skipped memory " + key + ": " + r.error());
        }
        ops.destroy(scratch);
        if (scratch != scratch_inline) ::operator delete(scratch, std::align_val_t(ops.align));
    }
    return warnings;
}

}  // namespace mobsdk::brain
