// The standard memory module types: one typed handle per memory vanilla 1.19.3–1.21 registers,
// under vanilla's ids, long-term (with a codec) exactly where vanilla gives the type a codec.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "mobsdk/brain/memory.hpp"
#include "mobsdk/brain/values.hpp"

namespace mobsdk::brain {

/// @brief Handles to vanilla's memory module types, in the order MemoryModuleType.java registers
/// them (as of 1.21). Fields are named after the ids; where vanilla's Java constant differs, the
/// constant is noted. Entities are EntityRef; "short-term" means never saved.
///
/// Covers 1.19.3–1.21: memories added later than 1.19.3 are registered too and noted with the
/// version that added them (a world of an older version simply never writes them).
struct StandardMemories {
    /// @brief `minecraft:dummy`: Unit, short-term (DUMMY, a MemoryModuleType<Void> in vanilla)
    MemoryModuleType<Unit> dummy;
    /// @brief `minecraft:home`: GlobalPos, long-term
    MemoryModuleType<GlobalPos> home;
    /// @brief `minecraft:job_site`: GlobalPos, long-term
    MemoryModuleType<GlobalPos> job_site;
    /// @brief `minecraft:potential_job_site`: GlobalPos, long-term
    MemoryModuleType<GlobalPos> potential_job_site;
    /// @brief `minecraft:meeting_point`: GlobalPos, long-term
    MemoryModuleType<GlobalPos> meeting_point;
    /// @brief `minecraft:secondary_job_site`: GlobalPosList, short-term
    MemoryModuleType<GlobalPosList> secondary_job_site;
    /// @brief `minecraft:mobs`: EntityList, short-term (NEAREST_LIVING_ENTITIES)
    MemoryModuleType<EntityList> mobs;
    /// @brief `minecraft:visible_mobs`: NearestVisibleLivingEntities, short-term
    /// (NEAREST_VISIBLE_LIVING_ENTITIES)
    MemoryModuleType<NearestVisibleLivingEntities> visible_mobs;
    /// @brief `minecraft:visible_villager_babies`: EntityList, short-term
    MemoryModuleType<EntityList> visible_villager_babies;
    /// @brief `minecraft:nearest_players`: EntityList, short-term
    MemoryModuleType<EntityList> nearest_players;
    /// @brief `minecraft:nearest_visible_player`: EntityRef, short-term
    MemoryModuleType<EntityRef> nearest_visible_player;
    /// @brief `minecraft:nearest_visible_targetable_player`: EntityRef, short-term
    /// (NEAREST_VISIBLE_ATTACKABLE_PLAYER)
    MemoryModuleType<EntityRef> nearest_visible_targetable_player;
    /// @brief `minecraft:nearest_visible_targetable_players`: EntityList, short-term
    /// (NEAREST_VISIBLE_ATTACKABLE_PLAYERS; not in 1.19.x, in 1.21: the version that added it is
    /// unsure)
    MemoryModuleType<EntityList> nearest_visible_targetable_players;
    /// @brief `minecraft:walk_target`: WalkTarget, short-term
    MemoryModuleType<WalkTarget> walk_target;
    /// @brief `minecraft:look_target`: PositionTracker, short-term
    MemoryModuleType<PositionTracker> look_target;
    /// @brief `minecraft:attack_target`: EntityRef, short-term
    MemoryModuleType<EntityRef> attack_target;
    /// @brief `minecraft:attack_cooling_down`: bool, short-term
    MemoryModuleType<bool> attack_cooling_down;
    /// @brief `minecraft:interaction_target`: EntityRef, short-term
    MemoryModuleType<EntityRef> interaction_target;
    /// @brief `minecraft:breed_target`: EntityRef, short-term
    MemoryModuleType<EntityRef> breed_target;
    /// @brief `minecraft:ride_target`: EntityRef, short-term
    MemoryModuleType<EntityRef> ride_target;
    /// @brief `minecraft:path`: Path, short-term
    MemoryModuleType<Path> path;
    /// @brief `minecraft:interactable_doors`: GlobalPosList, short-term
    MemoryModuleType<GlobalPosList> interactable_doors;
    /// @brief `minecraft:doors_to_close`: GlobalPosSet, short-term
    MemoryModuleType<GlobalPosSet> doors_to_close;
    /// @brief `minecraft:nearest_bed`: BlockPos, short-term
    MemoryModuleType<BlockPos> nearest_bed;
    /// @brief `minecraft:hurt_by`: DamageSource, short-term
    MemoryModuleType<DamageSource> hurt_by;
    /// @brief `minecraft:hurt_by_entity`: EntityRef, short-term
    MemoryModuleType<EntityRef> hurt_by_entity;
    /// @brief `minecraft:avoid_target`: EntityRef, short-term
    MemoryModuleType<EntityRef> avoid_target;
    /// @brief `minecraft:nearest_hostile`: EntityRef, short-term
    MemoryModuleType<EntityRef> nearest_hostile;
    /// @brief `minecraft:nearest_attackable`: EntityRef, short-term
    MemoryModuleType<EntityRef> nearest_attackable;
    /// @brief `minecraft:hiding_place`: GlobalPos, short-term
    MemoryModuleType<GlobalPos> hiding_place;
    /// @brief `minecraft:heard_bell_time`: int64_t, short-term
    MemoryModuleType<std::int64_t> heard_bell_time;
    /// @brief `minecraft:cant_reach_walk_target_since`: int64_t, short-term
    MemoryModuleType<std::int64_t> cant_reach_walk_target_since;
    /// @brief `minecraft:golem_detected_recently`: bool, long-term
    MemoryModuleType<bool> golem_detected_recently;
    /// @brief `minecraft:danger_detected_recently`: bool, long-term (1.20.5+, the armadillo)
    MemoryModuleType<bool> danger_detected_recently;
    /// @brief `minecraft:last_slept`: int64_t, long-term
    MemoryModuleType<std::int64_t> last_slept;
    /// @brief `minecraft:last_woken`: int64_t, long-term
    MemoryModuleType<std::int64_t> last_woken;
    /// @brief `minecraft:last_worked_at_poi`: int64_t, long-term
    MemoryModuleType<std::int64_t> last_worked_at_poi;
    /// @brief `minecraft:nearest_visible_adult`: EntityRef, short-term
    MemoryModuleType<EntityRef> nearest_visible_adult;
    /// @brief `minecraft:nearest_visible_wanted_item`: EntityRef, short-term
    MemoryModuleType<EntityRef> nearest_visible_wanted_item;
    /// @brief `minecraft:nearest_visible_nemesis`: EntityRef, short-term
    MemoryModuleType<EntityRef> nearest_visible_nemesis;
    /// @brief `minecraft:play_dead_ticks`: int32_t, long-term
    MemoryModuleType<std::int32_t> play_dead_ticks;
    /// @brief `minecraft:tempting_player`: EntityRef, short-term
    MemoryModuleType<EntityRef> tempting_player;
    /// @brief `minecraft:temptation_cooldown_ticks`: int32_t, long-term
    MemoryModuleType<std::int32_t> temptation_cooldown_ticks;
    /// @brief `minecraft:gaze_cooldown_ticks`: int32_t, long-term (1.19.3+)
    MemoryModuleType<std::int32_t> gaze_cooldown_ticks;
    /// @brief `minecraft:is_tempted`: bool, long-term
    MemoryModuleType<bool> is_tempted;
    /// @brief `minecraft:long_jump_cooling_down`: int32_t, long-term (LONG_JUMP_COOLDOWN_TICKS)
    MemoryModuleType<std::int32_t> long_jump_cooling_down;
    /// @brief `minecraft:long_jump_mid_jump`: bool, short-term
    MemoryModuleType<bool> long_jump_mid_jump;
    /// @brief `minecraft:has_hunting_cooldown`: bool, long-term
    MemoryModuleType<bool> has_hunting_cooldown;
    /// @brief `minecraft:ram_cooldown_ticks`: int32_t, long-term
    MemoryModuleType<std::int32_t> ram_cooldown_ticks;
    /// @brief `minecraft:ram_target`: Vec3, short-term
    MemoryModuleType<Vec3> ram_target;
    /// @brief `minecraft:is_in_water`: Unit, long-term
    MemoryModuleType<Unit> is_in_water;
    /// @brief `minecraft:is_pregnant`: Unit, long-term
    MemoryModuleType<Unit> is_pregnant;
    /// @brief `minecraft:is_panicking`: bool, long-term
    MemoryModuleType<bool> is_panicking;
    /// @brief `minecraft:unreachable_tongue_targets`: UuidList, short-term
    MemoryModuleType<UuidList> unreachable_tongue_targets;
    /// @brief `minecraft:angry_at`: Uuid, long-term
    MemoryModuleType<Uuid> angry_at;
    /// @brief `minecraft:universal_anger`: bool, long-term
    MemoryModuleType<bool> universal_anger;
    /// @brief `minecraft:admiring_item`: bool, long-term
    MemoryModuleType<bool> admiring_item;
    /// @brief `minecraft:time_trying_to_reach_admire_item`: int32_t, short-term
    MemoryModuleType<std::int32_t> time_trying_to_reach_admire_item;
    /// @brief `minecraft:disable_walk_to_admire_item`: bool, short-term
    MemoryModuleType<bool> disable_walk_to_admire_item;
    /// @brief `minecraft:admiring_disabled`: bool, long-term
    MemoryModuleType<bool> admiring_disabled;
    /// @brief `minecraft:hunted_recently`: bool, long-term
    MemoryModuleType<bool> hunted_recently;
    /// @brief `minecraft:celebrate_location`: BlockPos, short-term
    MemoryModuleType<BlockPos> celebrate_location;
    /// @brief `minecraft:dancing`: bool, short-term
    MemoryModuleType<bool> dancing;
    /// @brief `minecraft:nearest_visible_huntable_hoglin`: EntityRef, short-term
    MemoryModuleType<EntityRef> nearest_visible_huntable_hoglin;
    /// @brief `minecraft:nearest_visible_baby_hoglin`: EntityRef, short-term
    MemoryModuleType<EntityRef> nearest_visible_baby_hoglin;
    /// @brief `minecraft:nearest_targetable_player_not_wearing_gold`: EntityRef, short-term
    MemoryModuleType<EntityRef> nearest_targetable_player_not_wearing_gold;
    /// @brief `minecraft:nearby_adult_piglins`: EntityList, short-term
    MemoryModuleType<EntityList> nearby_adult_piglins;
    /// @brief `minecraft:nearest_visible_adult_piglins`: EntityList, short-term
    MemoryModuleType<EntityList> nearest_visible_adult_piglins;
    /// @brief `minecraft:nearest_visible_adult_hoglins`: EntityList, short-term
    MemoryModuleType<EntityList> nearest_visible_adult_hoglins;
    /// @brief `minecraft:nearest_visible_adult_piglin`: EntityRef, short-term
    MemoryModuleType<EntityRef> nearest_visible_adult_piglin;
    /// @brief `minecraft:nearest_visible_zombified`: EntityRef, short-term
    MemoryModuleType<EntityRef> nearest_visible_zombified;
    /// @brief `minecraft:visible_adult_piglin_count`: int32_t, short-term
    MemoryModuleType<std::int32_t> visible_adult_piglin_count;
    /// @brief `minecraft:visible_adult_hoglin_count`: int32_t, short-term
    MemoryModuleType<std::int32_t> visible_adult_hoglin_count;
    /// @brief `minecraft:nearest_player_holding_wanted_item`: EntityRef, short-term
    MemoryModuleType<EntityRef> nearest_player_holding_wanted_item;
    /// @brief `minecraft:ate_recently`: bool, short-term
    MemoryModuleType<bool> ate_recently;
    /// @brief `minecraft:nearest_repellent`: BlockPos, short-term
    MemoryModuleType<BlockPos> nearest_repellent;
    /// @brief `minecraft:pacified`: bool, short-term
    MemoryModuleType<bool> pacified;
    /// @brief `minecraft:roar_target`: EntityRef, short-term
    MemoryModuleType<EntityRef> roar_target;
    /// @brief `minecraft:disturbance_location`: BlockPos, short-term
    MemoryModuleType<BlockPos> disturbance_location;
    /// @brief `minecraft:recent_projectile`: Unit, long-term
    MemoryModuleType<Unit> recent_projectile;
    /// @brief `minecraft:is_sniffing`: Unit, long-term
    MemoryModuleType<Unit> is_sniffing;
    /// @brief `minecraft:is_emerging`: Unit, long-term
    MemoryModuleType<Unit> is_emerging;
    /// @brief `minecraft:roar_sound_delay`: Unit, long-term
    MemoryModuleType<Unit> roar_sound_delay;
    /// @brief `minecraft:dig_cooldown`: Unit, long-term
    MemoryModuleType<Unit> dig_cooldown;
    /// @brief `minecraft:roar_sound_cooldown`: Unit, long-term
    MemoryModuleType<Unit> roar_sound_cooldown;
    /// @brief `minecraft:sniff_cooldown`: Unit, long-term
    MemoryModuleType<Unit> sniff_cooldown;
    /// @brief `minecraft:touch_cooldown`: Unit, long-term
    MemoryModuleType<Unit> touch_cooldown;
    /// @brief `minecraft:vibration_cooldown`: Unit, long-term
    MemoryModuleType<Unit> vibration_cooldown;
    /// @brief `minecraft:sonic_boom_cooldown`: Unit, long-term
    MemoryModuleType<Unit> sonic_boom_cooldown;
    /// @brief `minecraft:sonic_boom_sound_cooldown`: Unit, long-term
    MemoryModuleType<Unit> sonic_boom_sound_cooldown;
    /// @brief `minecraft:sonic_boom_sound_delay`: Unit, long-term
    MemoryModuleType<Unit> sonic_boom_sound_delay;
    /// @brief `minecraft:liked_player`: Uuid, long-term
    MemoryModuleType<Uuid> liked_player;
    /// @brief `minecraft:liked_noteblock`: GlobalPos, long-term (LIKED_NOTEBLOCK_POSITION)
    MemoryModuleType<GlobalPos> liked_noteblock;
    /// @brief `minecraft:liked_noteblock_cooldown_ticks`: int32_t, long-term
    MemoryModuleType<std::int32_t> liked_noteblock_cooldown_ticks;
    /// @brief `minecraft:item_pickup_cooldown_ticks`: int32_t, long-term
    MemoryModuleType<std::int32_t> item_pickup_cooldown_ticks;
    /// @brief `minecraft:sniffer_explored_positions`: GlobalPosList, long-term (1.19.4+, the
    /// sniffer)
    MemoryModuleType<GlobalPosList> sniffer_explored_positions;
    /// @brief `minecraft:sniffer_sniffing_target`: BlockPos, short-term (1.19.4+)
    MemoryModuleType<BlockPos> sniffer_sniffing_target;
    /// @brief `minecraft:sniffer_digging`: bool, short-term (1.19.4+)
    MemoryModuleType<bool> sniffer_digging;
    /// @brief `minecraft:sniffer_happy`: bool, short-term (1.19.4+)
    MemoryModuleType<bool> sniffer_happy;
    /// @brief `minecraft:breeze_jump_cooldown`: Unit, long-term (1.20.3+, the breeze; behind an
    /// experiment until 1.21)
    MemoryModuleType<Unit> breeze_jump_cooldown;
    /// @brief `minecraft:breeze_shoot`: Unit, long-term (1.20.3+)
    MemoryModuleType<Unit> breeze_shoot;
    /// @brief `minecraft:breeze_shoot_charging`: Unit, long-term (1.20.3+)
    MemoryModuleType<Unit> breeze_shoot_charging;
    /// @brief `minecraft:breeze_shoot_recover`: Unit, long-term (BREEZE_SHOOT_RECOVERING; 1.20.3+)
    MemoryModuleType<Unit> breeze_shoot_recover;
    /// @brief `minecraft:breeze_shoot_cooldown`: Unit, long-term (1.20.3+)
    MemoryModuleType<Unit> breeze_shoot_cooldown;
    /// @brief `minecraft:breeze_jump_inhaling`: Unit, long-term (1.20.3+)
    MemoryModuleType<Unit> breeze_jump_inhaling;
    /// @brief `minecraft:breeze_jump_target`: BlockPos, long-term (1.20.3+)
    MemoryModuleType<BlockPos> breeze_jump_target;
    /// @brief `minecraft:breeze_leaving_water`: Unit, long-term (1.20.3+)
    MemoryModuleType<Unit> breeze_leaving_water;

    /// @brief Every handle above, in registration order (for a brain that registers them all).
    std::vector<MemoryHandle> all;
};

/// @brief A MemoryWatcher for a GlobalPos memory: how many brains hold a position at each block
/// (in any dimension). register_standard_memories gives `minecraft:job_site` one, so that
/// PoiCompetitorScan learns in one lookup that no other villager remembers its job site.
class GlobalPosHolders final : public MemoryWatcher {
public:
    void changed(const Brain& brain, const void* value) override;
    /// @brief How many brains hold a position at `pos` (in any dimension).
    std::uint32_t holding(BlockPos pos) const noexcept {
        const std::size_t i = find(pos);
        return i == npos ? 0 : counts_[i].count;
    }

private:
    // Counts by position in an open-addressing table (linear probing, at most half full,
    // backward-shift deletion): a query is one probe into a flat array, which matters when every
    // employed villager asks once a tick.
    struct Count {
        BlockPos pos;
        std::uint32_t count;  // 0: an empty slot
    };
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    std::size_t home(BlockPos p) const noexcept {
        const std::uint64_t h = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(p.x)) * 0x9E3779B97F4A7C15ull) ^
                                (static_cast<std::uint64_t>(static_cast<std::uint32_t>(p.z)) * 0xC2B2AE3D27D4EB4Full) ^
                                (static_cast<std::uint64_t>(static_cast<std::uint32_t>(p.y)) * 0x165667B19E3779F9ull);
        return static_cast<std::size_t>(h >> 32) & (counts_.size() - 1);
    }
    std::size_t find(BlockPos pos) const noexcept {
        if (counts_.empty()) return npos;
        for (std::size_t i = home(pos);; i = (i + 1) & (counts_.size() - 1)) {
            if (counts_[i].count == 0) return npos;
            if (counts_[i].pos == pos) return i;
        }
    }
    void acquire(BlockPos pos);
    void release(BlockPos pos) noexcept;

    std::unordered_map<const Brain*, BlockPos> held_;  // brain -> its position (only updates read it)
    std::vector<Count> counts_;                        // power-of-two size; empty until the first
    std::size_t used_ = 0;
};

/// @brief The watcher of a GlobalPos memory when it is a GlobalPosHolders, else nullptr.
const GlobalPosHolders* global_pos_holders(const Registry<MemoryTypeInfo>& registry,
                                           MemoryModuleType<GlobalPos> memory);

/// @brief Registers every standard memory under its vanilla id (registrant "minecraft") and returns
/// the handles; `minecraft:job_site` gets a GlobalPosHolders. Throws RegistryError when an id is
/// taken already or the registry is frozen.
StandardMemories register_standard_memories(Registry<MemoryTypeInfo>& registry);

/// @brief The handles of the standard memory types in a registry that has them (a plugin's view
/// of the host's registry). Throws RegistryError naming the first one missing.
StandardMemories find_standard_memories(const Registry<MemoryTypeInfo>& registry);

}  // namespace mobsdk::brain
