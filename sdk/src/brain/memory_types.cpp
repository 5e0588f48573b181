#include "mobsdk/brain/memory_types.hpp"

#include <string>

#include "mobsdk/brain/codecs.hpp"

namespace mobsdk::brain {

namespace {

// Registers into one registry under `minecraft:` and records each handle in registration order.
struct Registrar {
    Registry<MemoryTypeInfo>& registry;
    StandardMemories& m;

    template <typename T>
    void short_term(MemoryModuleType<T>& field, std::string_view path) {
        field = register_memory<T>(registry, "minecraft:" + std::string(path), "minecraft");
        m.all.push_back(field);
    }
    template <typename Codec, typename T>
    void long_term(MemoryModuleType<T>& field, std::string_view path) {
        std::shared_ptr<MemoryWatcher> watcher;
        if (path == "job_site") watcher = std::make_shared<GlobalPosHolders>();
        field = register_memory_with_codec<T, Codec>(registry, "minecraft:" + std::string(path), "minecraft",
                                                     std::move(watcher));
        m.all.push_back(field);
    }
};

// Finds what a Registrar registered (a plugin's view of the host's registry).
struct Finder {
    const Registry<MemoryTypeInfo>& registry;
    StandardMemories& m;

    template <typename T>
    void short_term(MemoryModuleType<T>& field, std::string_view path) {
        field = MemoryModuleType<T>(registry.require("minecraft:" + std::string(path)));
        m.all.push_back(field);
    }
    template <typename Codec, typename T>
    void long_term(MemoryModuleType<T>& field, std::string_view path) {
        short_term(field, path);
    }
};

template <typename R>
void standard_memories(R& reg, StandardMemories& m);

}  // namespace

void GlobalPosHolders::changed(const Brain& brain, const void* value) {
    if (value == nullptr) {
        const auto it = held_.find(&brain);
        if (it == held_.end()) return;
        release(it->second);
        held_.erase(it);
        return;
    }
    const BlockPos pos = static_cast<const GlobalPos*>(value)->pos;
    const auto [it, inserted] = held_.try_emplace(&brain, pos);
    if (!inserted) {
        if (it->second == pos) return;
        acquire(pos);  // first: it may throw, and then nothing has changed
        release(it->second);
        it->second = pos;
        return;
    }
    try {
        acquire(pos);
    } catch (...) {
        held_.erase(it);
        throw;
    }
}

void GlobalPosHolders::acquire(BlockPos pos) {
    if (const std::size_t i = find(pos); i != npos) {
        ++counts_[i].count;
        return;
    }
    if ((used_ + 1) * 2 > counts_.size()) {
        std::vector<Count> old(std::max<std::size_t>(64, counts_.size() * 2), Count{BlockPos{}, 0});
        old.swap(counts_);
        for (const Count& c : old) {
            if (c.count == 0) continue;
            std::size_t j = home(c.pos);
            while (counts_[j].count != 0) j = (j + 1) & (counts_.size() - 1);
            counts_[j] = c;
        }
    }
    std::size_t i = home(pos);
    while (counts_[i].count != 0) i = (i + 1) & (counts_.size() - 1);
    counts_[i] = Count{pos, 1};
    ++used_;
}

void GlobalPosHolders::release(BlockPos pos) noexcept {
    std::size_t i = find(pos);
    if (i == npos || --counts_[i].count > 0) return;
    // Backward-shift deletion: pull later members of the probe run into the hole, so that a
    // lookup never stops early at it.
    const std::size_t mask = counts_.size() - 1;
    for (std::size_t j = (i + 1) & mask; counts_[j].count != 0; j = (j + 1) & mask) {
        const std::size_t k = home(counts_[j].pos);
        // The member at j may move to i unless its home lies cyclically in (i, j].
        const bool stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
        if (stays) continue;
        counts_[i] = counts_[j];
        i = j;
    }
    counts_[i].count = 0;
    --used_;
}

const GlobalPosHolders* global_pos_holders(const Registry<MemoryTypeInfo>& registry,
                                           MemoryModuleType<GlobalPos> memory) {
    if (!memory.handle().valid() || memory.handle().index() >= registry.size()) return nullptr;
    return dynamic_cast<const GlobalPosHolders*>(registry[memory].watcher.get());
}

StandardMemories register_standard_memories(Registry<MemoryTypeInfo>& registry) {
    StandardMemories m;
    Registrar reg{registry, m};
    standard_memories(reg, m);
    return m;
}

StandardMemories find_standard_memories(const Registry<MemoryTypeInfo>& registry) {
    StandardMemories m;
    Finder reg{registry, m};
    standard_memories(reg, m);
    return m;
}

namespace {

template <typename R>
void standard_memories(R& reg, StandardMemories& m) {
    // The order of vanilla's MemoryModuleType.java (1.21); checked against decompiled 1.19.x
    // and 1.21 sources. Long-term exactly where vanilla passes a codec to register().
    reg.short_term(m.dummy, "dummy");
    reg.template long_term<GlobalPosCodec>(m.home, "home");
    reg.template long_term<GlobalPosCodec>(m.job_site, "job_site");
    reg.template long_term<GlobalPosCodec>(m.potential_job_site, "potential_job_site");
    reg.template long_term<GlobalPosCodec>(m.meeting_point, "meeting_point");
    reg.short_term(m.secondary_job_site, "secondary_job_site");
    reg.short_term(m.mobs, "mobs");
    reg.short_term(m.visible_mobs, "visible_mobs");
    reg.short_term(m.visible_villager_babies, "visible_villager_babies");
    reg.short_term(m.nearest_players, "nearest_players");
    reg.short_term(m.nearest_visible_player, "nearest_visible_player");
    reg.short_term(m.nearest_visible_targetable_player, "nearest_visible_targetable_player");
    reg.short_term(m.nearest_visible_targetable_players, "nearest_visible_targetable_players");
    reg.short_term(m.walk_target, "walk_target");
    reg.short_term(m.look_target, "look_target");
    reg.short_term(m.attack_target, "attack_target");
    reg.short_term(m.attack_cooling_down, "attack_cooling_down");
    reg.short_term(m.interaction_target, "interaction_target");
    reg.short_term(m.breed_target, "breed_target");
    reg.short_term(m.ride_target, "ride_target");
    reg.short_term(m.path, "path");
    reg.short_term(m.interactable_doors, "interactable_doors");
    reg.short_term(m.doors_to_close, "doors_to_close");
    reg.short_term(m.nearest_bed, "nearest_bed");
    reg.short_term(m.hurt_by, "hurt_by");
    reg.short_term(m.hurt_by_entity, "hurt_by_entity");
    reg.short_term(m.avoid_target, "avoid_target");
    reg.short_term(m.nearest_hostile, "nearest_hostile");
    reg.short_term(m.nearest_attackable, "nearest_attackable");
    reg.short_term(m.hiding_place, "hiding_place");
    reg.short_term(m.heard_bell_time, "heard_bell_time");
    reg.short_term(m.cant_reach_walk_target_since, "cant_reach_walk_target_since");
    reg.template long_term<BoolCodec>(m.golem_detected_recently, "golem_detected_recently");
    reg.template long_term<BoolCodec>(m.danger_detected_recently, "danger_detected_recently");
    reg.template long_term<LongCodec>(m.last_slept, "last_slept");
    reg.template long_term<LongCodec>(m.last_woken, "last_woken");
    reg.template long_term<LongCodec>(m.last_worked_at_poi, "last_worked_at_poi");
    reg.short_term(m.nearest_visible_adult, "nearest_visible_adult");
    reg.short_term(m.nearest_visible_wanted_item, "nearest_visible_wanted_item");
    reg.short_term(m.nearest_visible_nemesis, "nearest_visible_nemesis");
    reg.template long_term<IntCodec>(m.play_dead_ticks, "play_dead_ticks");
    reg.short_term(m.tempting_player, "tempting_player");
    reg.template long_term<IntCodec>(m.temptation_cooldown_ticks, "temptation_cooldown_ticks");
    reg.template long_term<IntCodec>(m.gaze_cooldown_ticks, "gaze_cooldown_ticks");
    reg.template long_term<BoolCodec>(m.is_tempted, "is_tempted");
    reg.template long_term<IntCodec>(m.long_jump_cooling_down, "long_jump_cooling_down");
    reg.short_term(m.long_jump_mid_jump, "long_jump_mid_jump");
    reg.template long_term<BoolCodec>(m.has_hunting_cooldown, "has_hunting_cooldown");
    reg.template long_term<IntCodec>(m.ram_cooldown_ticks, "ram_cooldown_ticks");
    reg.short_term(m.ram_target, "ram_target");
    reg.template long_term<UnitCodec>(m.is_in_water, "is_in_water");
    reg.template long_term<UnitCodec>(m.is_pregnant, "is_pregnant");
    reg.template long_term<BoolCodec>(m.is_panicking, "is_panicking");
    reg.short_term(m.unreachable_tongue_targets, "unreachable_tongue_targets");
    reg.template long_term<UuidCodec>(m.angry_at, "angry_at");
    reg.template long_term<BoolCodec>(m.universal_anger, "universal_anger");
    reg.template long_term<BoolCodec>(m.admiring_item, "admiring_item");
    reg.short_term(m.time_trying_to_reach_admire_item, "time_trying_to_reach_admire_item");
    reg.short_term(m.disable_walk_to_admire_item, "disable_walk_to_admire_item");
    reg.template long_term<BoolCodec>(m.admiring_disabled, "admiring_disabled");
    reg.template long_term<BoolCodec>(m.hunted_recently, "hunted_recently");
    reg.short_term(m.celebrate_location, "celebrate_location");
    reg.short_term(m.dancing, "dancing");
    reg.short_term(m.nearest_visible_huntable_hoglin, "nearest_visible_huntable_hoglin");
    reg.short_term(m.nearest_visible_baby_hoglin, "nearest_visible_baby_hoglin");
    reg.short_term(m.nearest_targetable_player_not_wearing_gold, "nearest_targetable_player_not_wearing_gold");
    reg.short_term(m.nearby_adult_piglins, "nearby_adult_piglins");
    reg.short_term(m.nearest_visible_adult_piglins, "nearest_visible_adult_piglins");
    reg.short_term(m.nearest_visible_adult_hoglins, "nearest_visible_adult_hoglins");
    reg.short_term(m.nearest_visible_adult_piglin, "nearest_visible_adult_piglin");
    reg.short_term(m.nearest_visible_zombified, "nearest_visible_zombified");
    reg.short_term(m.visible_adult_piglin_count, "visible_adult_piglin_count");
    reg.short_term(m.visible_adult_hoglin_count, "visible_adult_hoglin_count");
    reg.short_term(m.nearest_player_holding_wanted_item, "nearest_player_holding_wanted_item");
    reg.short_term(m.ate_recently, "ate_recently");
    reg.short_term(m.nearest_repellent, "nearest_repellent");
    reg.short_term(m.pacified, "pacified");
    reg.short_term(m.roar_target, "roar_target");
    reg.short_term(m.disturbance_location, "disturbance_location");
    reg.template long_term<UnitCodec>(m.recent_projectile, "recent_projectile");
    reg.template long_term<UnitCodec>(m.is_sniffing, "is_sniffing");
    reg.template long_term<UnitCodec>(m.is_emerging, "is_emerging");
    reg.template long_term<UnitCodec>(m.roar_sound_delay, "roar_sound_delay");
    reg.template long_term<UnitCodec>(m.dig_cooldown, "dig_cooldown");
    reg.template long_term<UnitCodec>(m.roar_sound_cooldown, "roar_sound_cooldown");
    reg.template long_term<UnitCodec>(m.sniff_cooldown, "sniff_cooldown");
    reg.template long_term<UnitCodec>(m.touch_cooldown, "touch_cooldown");
    reg.template long_term<UnitCodec>(m.vibration_cooldown, "vibration_cooldown");
    reg.template long_term<UnitCodec>(m.sonic_boom_cooldown, "sonic_boom_cooldown");
    reg.template long_term<UnitCodec>(m.sonic_boom_sound_cooldown, "sonic_boom_sound_cooldown");
    reg.template long_term<UnitCodec>(m.sonic_boom_sound_delay, "sonic_boom_sound_delay");
    reg.template long_term<UuidCodec>(m.liked_player, "liked_player");
    reg.template long_term<GlobalPosCodec>(m.liked_noteblock, "liked_noteblock");
    reg.template long_term<IntCodec>(m.liked_noteblock_cooldown_ticks, "liked_noteblock_cooldown_ticks");
    reg.template long_term<IntCodec>(m.item_pickup_cooldown_ticks, "item_pickup_cooldown_ticks");
    reg.template long_term<GlobalPosListCodec>(m.sniffer_explored_positions, "sniffer_explored_positions");
    reg.short_term(m.sniffer_sniffing_target, "sniffer_sniffing_target");
    reg.short_term(m.sniffer_digging, "sniffer_digging");
    reg.short_term(m.sniffer_happy, "sniffer_happy");
    reg.template long_term<UnitCodec>(m.breeze_jump_cooldown, "breeze_jump_cooldown");
    reg.template long_term<UnitCodec>(m.breeze_shoot, "breeze_shoot");
    reg.template long_term<UnitCodec>(m.breeze_shoot_charging, "breeze_shoot_charging");
    reg.template long_term<UnitCodec>(m.breeze_shoot_recover, "breeze_shoot_recover");
    reg.template long_term<UnitCodec>(m.breeze_shoot_cooldown, "breeze_shoot_cooldown");
    reg.template long_term<UnitCodec>(m.breeze_jump_inhaling, "breeze_jump_inhaling");
    reg.template long_term<BlockPosCodec>(m.breeze_jump_target, "breeze_jump_target");
    reg.template long_term<UnitCodec>(m.breeze_leaving_water, "breeze_leaving_water");
}

}  // namespace

}  // namespace mobsdk::brain
