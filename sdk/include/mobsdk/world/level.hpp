// The world as behaviours and sensors see it: interfaces that plugins compile against and the
// reference server implements (the Bukkit API / CraftBukkit split). Queries on a hot path write
// into buffers the caller owns and reuses, so they allocate nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "mobsdk/core/registry.hpp"
#include "mobsdk/world/random.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk {

namespace brain {
class Brain;
}

struct EntityTypeInfo;
struct PoiTypeInfo;

/// @brief A block state: an index into the block registry's global palette (0 is air).
struct BlockState {
    std::uint32_t id = 0;  ///< global palette index
    friend constexpr bool operator==(BlockState, BlockState) = default;
};

/// @brief Which order memories expire in: vanilla since 22w12a (`modern`, the default) erases a
/// memory whose ttl is ≤ 0 and then decrements; before it (`legacy`) decremented first and erased
/// at 0, one tick sooner. Chosen per world with `memory-expiry=`.
enum class MemoryExpiry : std::uint8_t { Modern, Legacy };

/// @brief Equipment slots, as vanilla's EquipmentSlot.
enum class EquipmentSlot : std::uint8_t { MainHand, OffHand, Feet, Legs, Chest, Head };

/// @brief An item stack as AI sees it: the item id and a count (0 means empty).
struct ItemStack {
    ResourceLocation item = ResourceLocation::of("air");  ///< e.g. minecraft:bread
    std::int32_t count = 0;                                ///< 0 for an empty stack
    /// @brief True for no item.
    bool empty() const noexcept { return count <= 0 || item.path() == "air"; }
};

/// @brief Any entity in a level.
class Entity {
public:
    virtual ~Entity() = default;
    /// @brief The entity's UUID (saved, stable across unloads).
    virtual Uuid uuid() const = 0;
    /// @brief The entity's slot in its level (valid while it is loaded).
    virtual EntityHandle handle() const = 0;
    /// @brief A reference memories can hold.
    EntityRef ref() const { return EntityRef{uuid(), handle()}; }
    /// @brief Its type.
    virtual Handle<EntityTypeInfo> type() const = 0;
    /// @brief Feet position.
    virtual Vec3 position() const = 0;
    /// @brief The block the feet are in.
    BlockPos block_position() const { return position().block_pos(); }
    /// @brief Its collision box.
    virtual AABB bounding_box() const = 0;
    /// @brief Eye height above the feet.
    virtual double eye_height() const = 0;
    /// @brief Eye position.
    Vec3 eye_position() const { return position() + Vec3{0, eye_height(), 0}; }
    /// @brief False once dead or removed.
    virtual bool is_alive() const = 0;
};

/// @brief A mob: an entity with health, equipment, a brain and the controls AI drives.
class Mob : public Entity {
public:
    /// @brief Current health.
    virtual float health() const = 0;
    /// @brief Maximum health.
    virtual float max_health() const = 0;
    /// @brief True for a baby (villagers, zombies…).
    virtual bool is_baby() const = 0;
    /// @brief What the mob holds or wears in a slot.
    virtual const ItemStack& equipment(EquipmentSlot slot) const = 0;
    /// @brief The mob's brain, or nullptr for a goal-driven mob.
    virtual brain::Brain* brain() = 0;

    // Controls, as vanilla's LookControl / MoveControl / JumpControl and PathNavigation.
    /// @brief Turn the head towards a point this tick.
    virtual void look_at(const Vec3& target, float max_yaw_change, float max_pitch_change) = 0;
    /// @brief Find a path to `target` and follow it at `speed` (a speed modifier); false when no path.
    virtual bool move_to(BlockPos target, double speed, std::int32_t close_enough) = 0;
    /// @brief Stop following the current path.
    virtual void stop_navigation() = 0;
    /// @brief True when the mob has no path or has finished it.
    virtual bool navigation_done() const = 0;
    /// @brief Jump this tick.
    virtual void jump() = 0;
};

/// @brief Which POIs a query accepts, as vanilla's PoiManager.Occupancy.
enum class PoiOccupancy : std::uint8_t { HasSpace, IsOccupied, Any };

/// @brief A POI as a query returns it.
struct PoiRecord {
    BlockPos pos;                  ///< the block
    Handle<PoiTypeInfo> type;      ///< its type
    std::int32_t free_tickets = 0; ///< tickets still free
};

/// @brief The level's POIs (beds, job sites, bells…) with their tickets.
class PoiManager {
public:
    virtual ~PoiManager() = default;
    /// @brief Appends to `out` the POIs within `radius` of `center` whose type is in `types` (all
    /// types when empty) and whose occupancy matches, closest first; at most `limit`.
    virtual void find_closest(std::span<const Handle<PoiTypeInfo>> types, BlockPos center,
                              std::int32_t radius, PoiOccupancy occupancy, std::size_t limit,
                              std::vector<PoiRecord>& out) const = 0;
    /// @brief Takes a ticket of the POI at `pos`; false when there is none free.
    virtual bool take(BlockPos pos) = 0;
    /// @brief Gives back a ticket; false when there is no POI or no ticket is taken.
    virtual bool release(BlockPos pos) = 0;
    /// @brief True when a POI of one of `types` (any type when empty) is at `pos`.
    virtual bool exists(BlockPos pos, std::span<const Handle<PoiTypeInfo>> types) const = 0;
    /// @brief The POI type at `pos`, if any.
    virtual std::optional<Handle<PoiTypeInfo>> type_at(BlockPos pos) const = 0;
    /// @brief Free tickets at `pos` (0 when there is no POI).
    virtual std::int32_t free_tickets(BlockPos pos) const = 0;
};

/// @brief One dimension of the world, as behaviours see it.
class Level {
public:
    virtual ~Level() = default;
    /// @brief Ticks since the world was created (vanilla's getGameTime).
    virtual std::int64_t game_time() const = 0;
    /// @brief The time of day, advancing with doDaylightCycle (vanilla's getDayTime).
    virtual std::int64_t day_time() const = 0;
    /// @brief The level's seeded random source: every AI random draw goes through it.
    virtual RandomSource& random() = 0;
    /// @brief The dimension id, e.g. minecraft:overworld.
    virtual const ResourceLocation& dimension() const = 0;
    /// @brief The memory expiry order this world uses.
    virtual MemoryExpiry memory_expiry() const = 0;

    /// @brief The entity a reference names, or nullptr when it is gone, unloaded or elsewhere.
    virtual Entity* resolve(const EntityRef& ref) = 0;
    /// @brief The mob a reference names, or nullptr (also when the entity is not a mob).
    virtual Mob* resolve_mob(const EntityRef& ref) = 0;
    /// @brief Appends to `out` the living entities of `type` whose boxes intersect `box`.
    virtual void entities_of_type(Handle<EntityTypeInfo> type, const AABB& box,
                                  std::vector<EntityRef>& out) = 0;
    /// @brief Appends to `out` every living entity whose box intersects `box`.
    virtual void entities_in_box(const AABB& box, std::vector<EntityRef>& out) = 0;

    /// @brief The block state at a position (air outside the world).
    virtual BlockState block_state(BlockPos pos) const = 0;
    /// @brief True when nothing above blocks the sky.
    virtual bool can_see_sky(BlockPos pos) const = 0;
    /// @brief Light level 0–15 at a position: the larger of sky light (after the time of day) and
    /// block light (vanilla's getMaxLocalRawBrightness).
    virtual std::int32_t max_local_raw_brightness(BlockPos pos) const = 0;

    /// @brief The level's POIs.
    virtual PoiManager& poi_manager() = 0;
};

}  // namespace mobsdk
