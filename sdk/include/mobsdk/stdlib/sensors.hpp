// The standard sensors (vanilla's SensorType entries): what a brain sees of the world each scan,
// written into the standard memories under vanilla's ids and scan rates.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/sensor.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/world/block.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/level.hpp"
#include "mobsdk/world/poi_type.hpp"

namespace mobsdk::stdlib {

/// @brief The last damage a mob took, as vanilla's getLastDamageSource: empty when it was more than
/// 40 ticks ago. Optional: without it hurt_by reads Mob::last_hurt.
using LastDamageSourceFn = std::optional<brain::DamageSource> (*)(Level& level, Mob& mob);
/// @brief The blocks that are secondary POIs for this mob (vanilla's profession.secondaryPoi()).
/// Optional: without it secondary_pois asks the mob's MobAttachment.
using SecondaryPoiBlocksFn = std::span<const Handle<BlockInfo>> (*)(Mob& mob);
/// @brief Whether the mob wants the item entity (vanilla's Mob.wantsToPickUp). Optional: without
/// it nearest_items asks the mob's MobAttachment (no attachment: wants nothing).
using WantsToPickUpFn = bool (*)(Level& level, Mob& mob, const Entity& item);

/// @brief Vanilla's Sensor.isEntityTargetable: non-combat, range 16, line of sight; invisibility is
/// not tested when the target is the mob's ATTACK_TARGET.
bool is_entity_targetable(Level& level, Mob& mob, const Entity& target,
                          const brain::MemoryModuleType<EntityRef>& attack_target);

/// @brief `minecraft:nearest_living_entities` (NearestLivingEntitySensor, every 20 ticks): the living
/// entities (mobs and players) in the mob's box grown by 16 on every axis, closest first, to MOBS and VISIBLE_MOBS.
/// VISIBLE_MOBS tests is_entity_targetable lazily, the first time a query asks about an entity
/// (vanilla's computeIfAbsent), not during the scan.
class NearestLivingEntitySensor final : public brain::Sensor {
public:
    /// @brief Writes `mobs` and `visible_mobs`; reads `attack_target` for the visibility test.
    explicit NearestLivingEntitySensor(const brain::StandardMemories& m);
    std::vector<brain::MemoryHandle> requires_memories() const override;

protected:
    void do_tick(Level& level, Mob& mob) override;

private:
    brain::MemoryModuleType<brain::EntityList> mobs_;
    brain::MemoryModuleType<brain::NearestVisibleLivingEntities> visible_;
    brain::MemoryModuleType<EntityRef> attack_target_;
    std::vector<EntityRef> scratch_;
    std::vector<std::pair<double, EntityRef>> sorted_;
    std::vector<std::pair<double, EntityRef>> sort_scratch_;
};

/// @brief Vanilla's Sensor.isEntityAttackable: combat, range 16, line of sight; invisibility is
/// not tested when the target is the mob's ATTACK_TARGET. Creative and spectator players, and every
/// player in a peaceful world, fail it.
bool is_entity_attackable(Level& level, Mob& mob, const Entity& target,
                          const brain::MemoryModuleType<EntityRef>& attack_target);

/// @brief `minecraft:nearest_players` (vanilla 1.20.4's PlayerSensor, every 20 ticks): the players
/// of Level::players() that are not spectators and closer than 16 blocks (squared distance below
/// 256), closest first (ties keep the level's order), to NEAREST_PLAYERS; the first of them that
/// is_entity_targetable to NEAREST_VISIBLE_PLAYER; the first of those that is_entity_attackable to
/// NEAREST_VISIBLE_TARGETABLE_PLAYER (vanilla's NEAREST_VISIBLE_ATTACKABLE_PLAYER), and all of
/// those to NEAREST_VISIBLE_TARGETABLE_PLAYERS (added by a later version; filled the same way).
/// Empty lists and missing players erase their memories, as vanilla. Allocates nothing once its
/// buffers have grown.
class PlayerSensor final : public brain::Sensor {
public:
    /// @brief Vanilla's range: closerThan(player, 16).
    static constexpr double range = 16.0;
    /// @brief The four player memories; reads `attack_target` for the invisibility rule.
    explicit PlayerSensor(const brain::StandardMemories& m);
    std::vector<brain::MemoryHandle> requires_memories() const override;

protected:
    void do_tick(Level& level, Mob& mob) override;

private:
    brain::MemoryModuleType<brain::EntityList> players_, targetable_players_;
    brain::MemoryModuleType<EntityRef> visible_player_, targetable_player_;
    brain::MemoryModuleType<EntityRef> attack_target_;
    std::vector<std::pair<double, EntityRef>> sorted_;
    std::vector<std::pair<double, EntityRef>> sort_scratch_;
};

/// @brief `minecraft:hurt_by` (HurtBySensor, every 20 ticks): HURT_BY from the last damage source
/// (erased once it is older than 40 ticks), HURT_BY_ENTITY from its attacker; HURT_BY_ENTITY is
/// erased once that entity is dead or gone.
class HurtBySensor final : public brain::Sensor {
public:
    /// @brief `source` looks up the mob's last damage; nullptr reads Mob::last_hurt (40 ticks).
    HurtBySensor(const brain::StandardMemories& m, LastDamageSourceFn source);
    std::vector<brain::MemoryHandle> requires_memories() const override;

protected:
    void do_tick(Level& level, Mob& mob) override;

private:
    brain::MemoryModuleType<brain::DamageSource> hurt_by_;
    brain::MemoryModuleType<EntityRef> hurt_by_entity_;
    LastDamageSourceFn source_;
};

/// @brief An entity type and the distance within which a villager fears it.
struct HostileDistance {
    Handle<EntityTypeInfo> type;  ///< the hostile type
    float distance;               ///< blocks
};

/// @brief Vanilla's VillagerHostilesSensor table (ACCEPTABLE_DISTANCE_FROM_HOSTILES), by id.
inline constexpr std::pair<const char*, float> villager_hostile_distances[] = {
    {"minecraft:drowned", 8.0f},     {"minecraft:evoker", 12.0f},         {"minecraft:husk", 8.0f},
    {"minecraft:illusioner", 12.0f}, {"minecraft:pillager", 15.0f},       {"minecraft:ravager", 12.0f},
    {"minecraft:vex", 8.0f},         {"minecraft:vindicator", 10.0f},     {"minecraft:zoglin", 10.0f},
    {"minecraft:zombie", 8.0f},      {"minecraft:zombie_villager", 8.0f},
};

/// @brief The table above resolved against an entity-type registry (ids it lacks are skipped).
std::vector<HostileDistance> resolve_villager_hostiles(const Registry<EntityTypeInfo>& entity_types);

/// @brief `minecraft:villager_hostiles` (VillagerHostilesSensor, every 20 ticks): NEAREST_HOSTILE is
/// the closest entity in VISIBLE_MOBS whose type is in the table and that is within its type's
/// distance (squared distance ≤ d²); erased when there is none.
class VillagerHostilesSensor final : public brain::Sensor {
public:
    /// @brief `hostiles` from resolve_villager_hostiles (or a plugin's own table).
    VillagerHostilesSensor(const brain::StandardMemories& m, std::vector<HostileDistance> hostiles);
    std::vector<brain::MemoryHandle> requires_memories() const override;

protected:
    void do_tick(Level& level, Mob& mob) override;

private:
    brain::MemoryModuleType<EntityRef> nearest_hostile_;
    brain::MemoryModuleType<brain::NearestVisibleLivingEntities> visible_;
    std::vector<HostileDistance> hostiles_;
};

/// @brief GOLEM_DETECTED_RECENTLY's time to live (vanilla 1.19.3's GolemSensor and
/// Villager.spawnGolemIfNeeded).
inline constexpr std::int64_t golem_detected_ttl = 600;

/// @brief Vanilla's GolemSensor.golemDetected: GOLEM_DETECTED_RECENTLY = true for 600 ticks.
void golem_detected(brain::Brain& brain, const brain::StandardMemories& m);

/// @brief `minecraft:golem_detected` (GolemSensor, every 200 ticks): when MOBS holds an iron golem
/// (so within the 16-block box of nearest_living_entities), golem_detected().
class GolemSensor final : public brain::Sensor {
public:
    /// @brief `iron_golem` is the type that counts.
    GolemSensor(const brain::StandardMemories& m, Handle<EntityTypeInfo> iron_golem);
    std::vector<brain::MemoryHandle> requires_memories() const override;

protected:
    void do_tick(Level& level, Mob& mob) override;

private:
    brain::MemoryModuleType<brain::EntityList> mobs_;
    brain::MemoryModuleType<bool> detected_;
    Handle<EntityTypeInfo> iron_golem_;
};

/// @brief `minecraft:nearest_bed` (NearestBedSensor, every 20 ticks; babies only): among the home
/// POIs within 48 blocks (any occupancy) that are not cached, up to four are tried (vanilla's
/// `++triedCount >= 5` check) and cached until a random 0–19 ticks from now plus 40; NEAREST_BED
/// is the target of the first path that reaches one. When none is reached and fewer than five were
/// tried, expired cache entries are dropped.
class NearestBedSensor final : public brain::Sensor {
public:
    /// @brief `home` is the bed POI type.
    NearestBedSensor(const brain::StandardMemories& m, Handle<PoiTypeInfo> home);
    std::vector<brain::MemoryHandle> requires_memories() const override;
    /// @brief The batch cache: positions and the game time their entry expires (tests).
    const std::vector<std::pair<BlockPos, std::int64_t>>& batch_cache() const noexcept { return cache_; }

protected:
    void do_tick(Level& level, Mob& mob) override;

private:
    brain::MemoryModuleType<BlockPos> nearest_bed_;
    Handle<PoiTypeInfo> home_;
    std::vector<std::pair<BlockPos, std::int64_t>> cache_;
    std::vector<PoiRecord> found_;
};

/// @brief `minecraft:secondary_pois` (SecondaryPoiSensor, every 40 ticks): every block within 4
/// horizontally and 2 vertically of the mob that is one of its secondary POI blocks, to
/// SECONDARY_JOB_SITE (erased when there is none).
class SecondaryPoiSensor final : public brain::Sensor {
public:
    /// @brief `blocks(mob)` gives the mob's secondary POI blocks (a farmer's farmland…).
    SecondaryPoiSensor(const brain::StandardMemories& m, SecondaryPoiBlocksFn blocks);
    std::vector<brain::MemoryHandle> requires_memories() const override;

protected:
    void do_tick(Level& level, Mob& mob) override;

private:
    brain::MemoryModuleType<brain::GlobalPosList> secondary_;
    SecondaryPoiBlocksFn blocks_;
    brain::GlobalPosList scratch_;
    std::vector<Handle<BlockInfo>> resolved_;
};

/// @brief `minecraft:nearest_items` (NearestItemSensor, every 20 ticks): the closest item entity
/// in the mob's box grown by 32, 16, 32 that the mob wants, is closer than 32 and is in line of
/// sight, to NEAREST_VISIBLE_WANTED_ITEM (erased when there is none).
class NearestItemSensor final : public brain::Sensor {
public:
    /// @brief `item` is the item entity type; `wants` may be nullptr (the attachment decides).
    NearestItemSensor(const brain::StandardMemories& m, Handle<EntityTypeInfo> item, WantsToPickUpFn wants);
    std::vector<brain::MemoryHandle> requires_memories() const override;

protected:
    void do_tick(Level& level, Mob& mob) override;

private:
    brain::MemoryModuleType<EntityRef> wanted_;
    Handle<EntityTypeInfo> item_;
    WantsToPickUpFn wants_;
    std::vector<EntityRef> scratch_;
    std::vector<std::pair<double, EntityRef>> sorted_;
    std::vector<std::pair<double, EntityRef>> sort_scratch_;
};

/// @brief What the standard sensors need that is not in StandardMemories.
struct StandardSensorOptions {
    /// @brief Entity types: `minecraft:iron_golem`, `minecraft:item` and the villager hostiles are
    /// looked up here (a type it lacks is never matched).
    const Registry<EntityTypeInfo>* entity_types = nullptr;
    /// @brief The bed POI type (`minecraft:home`) for nearest_bed.
    Handle<PoiTypeInfo> home_poi;
    /// @brief A last-damage lookup for hurt_by (nullptr: Mob::last_hurt within 40 ticks).
    LastDamageSourceFn last_damage_source = nullptr;
    /// @brief The secondary POI blocks of a mob (nullptr: its attachment's).
    SecondaryPoiBlocksFn secondary_poi_blocks = nullptr;
    /// @brief Which items a mob wants (nullptr: its attachment decides).
    WantsToPickUpFn wants_to_pick_up = nullptr;
};

/// @brief Handles to the standard sensor types.
struct StandardSensors {
    brain::SensorType nearest_living_entities;  ///< `minecraft:nearest_living_entities`
    brain::SensorType nearest_players;          ///< `minecraft:nearest_players`
    brain::SensorType hurt_by;                  ///< `minecraft:hurt_by`
    brain::SensorType villager_hostiles;        ///< `minecraft:villager_hostiles`
    brain::SensorType golem_detected;           ///< `minecraft:golem_detected`
    brain::SensorType nearest_bed;              ///< `minecraft:nearest_bed`
    brain::SensorType secondary_pois;           ///< `minecraft:secondary_pois`
    brain::SensorType nearest_items;            ///< `minecraft:nearest_items`
};

/// @brief Registers the standard sensors under vanilla's ids (registrant "minecraft"). Throws
/// RegistryError when an id is taken or the registry is frozen.
StandardSensors register_standard_sensors(Registry<brain::SensorTypeInfo>& registry,
                                          const brain::StandardMemories& memories,
                                          const StandardSensorOptions& options = {});

}  // namespace mobsdk::stdlib
