// The world as behaviours and sensors see it: interfaces that plugins compile against and the
// reference server implements (the Bukkit API / CraftBukkit split). Queries on a hot path write
// into buffers the caller owns and reuses, so they allocate nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "mobsdk/core/registry.hpp"
#include "mobsdk/world/block.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/path.hpp"
#include "mobsdk/world/random.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk {

namespace brain {
class Brain;
}
namespace goal {
class GoalSelector;
}
namespace nbt {
class Compound;
}

struct PoiTypeInfo;
class Level;

/// @brief The two heightmaps AI reads (vanilla's Heightmap.Types).
enum class Heightmap : std::uint8_t {
    WorldSurface,    ///< highest non-air block
    MotionBlocking,  ///< highest block that blocks motion or holds a fluid
};

/// @brief Sky light or block light.
enum class LightLayer : std::uint8_t { Sky, Block };

/// @brief The world's difficulty.
enum class Difficulty : std::uint8_t { Peaceful, Easy, Normal, Hard };

/// @brief Where a ray first hits a block's collision shape.
struct BlockHit {
    BlockPos pos;  ///< the block hit
    Vec3 location; ///< the point on its shape
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

/// @brief One damage taken (what vanilla's HurtBySensor reads).
struct HurtRecord {
    ResourceLocation damage_type = ResourceLocation::of("generic");  ///< e.g. minecraft:mob_attack
    std::optional<EntityRef> attacker;                               ///< the entity that caused it, if any
    std::int64_t game_time = 0;                                      ///< when
};

class Mob;

/// @brief Type-specific state of a mob that its AI plugin defines and the host saves with it
/// (vanilla's fields of a Mob subclass, e.g. a villager's VillagerData and inventory). Made by the
/// type's MobAiFactory when the mob is created; read with Mob::attachment_as<T>().
class MobAttachment {
public:
    virtual ~MobAttachment() = default;
    /// @brief The top-level entity NBT keys this attachment reads and writes (e.g. "VillagerData",
    /// "Inventory"): the host hands them to load() and no longer keeps them verbatim.
    virtual std::span<const std::string_view> nbt_keys() const = 0;
    /// @brief Writes its keys into the mob's entity compound.
    virtual void save(nbt::Compound& entity) const = 0;
    /// @brief Reads its keys from the mob's entity compound (keys may be missing: keep defaults).
    /// Appends a warning for each field it skipped; must leave itself valid whatever the input.
    virtual void load(const nbt::Compound& entity, std::vector<std::string>& warnings) = 0;
    /// @brief Vanilla's Mob.wantsToPickUp for this kind of mob (the nearest_items sensor asks).
    virtual bool wants_to_pick_up(const ItemStack& stack) const {
        (void)stack;
        return false;
    }
    /// @brief The blocks that are this mob's secondary POIs (a farmer's farmland; vanilla's
    /// profession.secondaryPoi()), for the secondary_pois sensor.
    virtual std::span<const ResourceLocation> secondary_poi_blocks() const { return {}; }
    /// @brief Takes a stack the mob touched and wanted (vanilla's pickUpItem: InventoryCarrier
    /// for villagers and allays); returns what it did not take. The host calls it for types with
    /// EntityTypeInfo::can_pick_up_loot; the default takes nothing.
    virtual ItemStack pick_up(const ItemStack& stack) { return stack; }
    /// @brief A tag that names the attachment's class without RTTI (AttachmentOf sets it), so
    /// Mob::attachment_as is a compare on the hot path; nullptr for classes that do not use it.
    virtual const void* kind() const noexcept { return nullptr; }
    /// @brief Called once when the mob has died (health 0) and its death animation is over
    /// (vanilla's remove(KILLED), 20 ticks after death), just before it leaves the level: a
    /// slime splits here. The mob is no longer alive; it may summon mobs or drop items. Not
    /// called for a mob that is discarded without dying (`kill` of a plugin-less mob, unloads).
    virtual void on_death(Level& level, Mob& mob) { (void)level, (void)mob; }
};

/// @brief Base for an attachment class `Derived`: gives it a kind tag, so that
/// `mob.attachment_as<Derived>()` costs one virtual call and a compare instead of a dynamic_cast.
/// (The tag is per copy of the class: a plugin sees only attachments its own code made.)
template <class Derived>
class AttachmentOf : public MobAttachment {
public:
    /// @brief The class's tag.
    static const void* tag() noexcept {
        static const char unique = 0;
        return &unique;
    }
    const void* kind() const noexcept final { return tag(); }
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
    /// @brief Velocity in blocks per tick.
    virtual Vec3 motion() const = 0;
    /// @brief Body yaw in degrees (vanilla's yRot: 0 faces south, 90 west).
    virtual float y_rot() const = 0;
    /// @brief Pitch in degrees (vanilla's xRot: positive looks down).
    virtual float x_rot() const = 0;
    /// @brief True when standing on something.
    virtual bool on_ground() const = 0;
    /// @brief True when touching water.
    virtual bool in_water() const = 0;
    /// @brief True when it has the scoreboard tag (vanilla's Tags list).
    virtual bool has_tag(std::string_view tag) const = 0;
    /// @brief False for entities no mob may notice (spectators, markers, the dead): vanilla's
    /// canBeSeenByAnyone.
    virtual bool can_be_seen_by_anyone() const { return is_alive(); }
    /// @brief True when damage cannot hurt it (vanilla's isInvulnerable).
    virtual bool is_invulnerable() const = 0;
    /// @brief How visible it is to `looker`, 0–1 (sneaking, invisibility…; vanilla's
    /// getVisibilityPercent). Scales the detection range of TargetingConditions.
    virtual double visibility_percent(const Entity* looker) const {
        (void)looker;
        return 1.0;
    }
    /// @brief The item stack of an item entity (vanilla's ItemEntity.getItem), nullptr for any
    /// other entity. Valid until the entity changes or goes.
    virtual const ItemStack* item_stack() const { return nullptr; }
    /// @brief Squared distance between feet positions.
    double distance_to_sqr(const Entity& other) const { return position().dist_sqr(other.position()); }
};

/// @brief Path following, as vanilla's PathNavigation: a path is computed, then followed through
/// the MoveControl one node at a time.
class PathNavigation {
public:
    virtual ~PathNavigation() = default;
    /// @brief A path to `target` that ends within `reach` blocks of it (vanilla's createPath(pos,
    /// accuracy)); a partial path when the target cannot be reached; empty when no node can be
    /// reached at all or the search may not start (no ground under a walker…).
    virtual std::optional<Path> create_path(BlockPos target, std::int32_t reach) = 0;
    /// @brief A path to an entity's block.
    virtual std::optional<Path> create_path(const Entity& target, std::int32_t reach) = 0;
    /// @brief One search towards the nearest reachable of several targets (vanilla's
    /// createPath(Set<BlockPos>, int), AcquirePoi's "one path to the set"); the path's `target`
    /// says which one it reaches. Nothing for an empty set.
    virtual std::optional<Path> create_path(std::span<const BlockPos> targets, std::int32_t reach) = 0;
    /// @brief True when the last stuck check gave up on the path (vanilla's isStuck).
    virtual bool is_stuck() const = 0;
    /// @brief Follows `path` at `speed` (a speed modifier); false when it is empty or already done.
    virtual bool move_to(std::optional<Path> path, double speed) = 0;
    /// @brief Paths to a block and follows the path (vanilla's moveTo(x, y, z, speed): reach 1).
    bool move_to(BlockPos target, double speed) { return move_to(create_path(target, 1), speed); }
    /// @brief Paths to an entity and follows the path (reach 1).
    bool move_to(const Entity& target, double speed) { return move_to(create_path(target, 1), speed); }
    /// @brief Drops the current path.
    virtual void stop() = 0;
    /// @brief True with no path or a finished one.
    virtual bool is_done() const = 0;
    /// @brief True while following a path.
    bool is_in_progress() const { return !is_done(); }
    /// @brief The path being followed, or nullptr.
    virtual const Path* path() const = 0;
    /// @brief Changes the speed modifier of the current path.
    virtual void set_speed_modifier(double speed) = 0;
    /// @brief True when a walker could stand at `pos` (vanilla: the block below is solid-render).
    virtual bool is_stable_destination(BlockPos pos) const = 0;
    /// @brief Ground navigation only: trim paths where they enter sunlight (seed 004).
    virtual void set_avoid_sun(bool avoid) = 0;
    /// @brief Ground navigation only: may paths pass closed wooden doors (the mob opens them)?
    virtual void set_can_open_doors(bool can) = 0;
};

/// @brief Vanilla's MoveControl: where the mob wants to go this tick.
class MoveControl {
public:
    /// @brief What the control is doing (vanilla's Operation).
    enum class Operation : std::uint8_t { Wait, MoveTo, Strafe, Jumping };
    virtual ~MoveControl() = default;
    /// @brief Walk towards a point at a speed modifier (vanilla's setWantedPosition).
    virtual void set_wanted_position(const Vec3& pos, double speed) = 0;
    /// @brief Walk forwards/backwards and sideways relative to the facing (vanilla's strafe).
    virtual void strafe(float forward, float right) = 0;
    /// @brief The current operation.
    virtual Operation operation() const = 0;
    /// @brief True while moving to a wanted position (vanilla's hasWanted).
    bool has_wanted() const { return operation() == Operation::MoveTo; }
    /// @brief The wanted position.
    virtual Vec3 wanted_position() const = 0;
    /// @brief The speed modifier of the current operation.
    virtual double speed_modifier() const = 0;
};

/// @brief Vanilla's LookControl: turns the head towards a point, a little each tick.
class LookControl {
public:
    virtual ~LookControl() = default;
    /// @brief Look at a point, turning at most `max_y_rot_speed` degrees of yaw and
    /// `max_x_rot_angle` of pitch per tick.
    virtual void set_look_at(const Vec3& pos, float max_y_rot_speed, float max_x_rot_angle) = 0;
    /// @brief Look at a point at the mob's own head speeds (vanilla: 10 and 40 for most mobs).
    void set_look_at(const Vec3& pos) { set_look_at(pos, 10.0f, 40.0f); }
    /// @brief Look at an entity: its eyes when it is living, else its centre (seed 003).
    virtual void set_look_at(const Entity& target, float max_y_rot_speed, float max_x_rot_angle) = 0;
    /// @brief True while a look target is set.
    virtual bool is_looking_at_target() const = 0;
    /// @brief The point looked at.
    virtual Vec3 wanted() const = 0;
};

/// @brief The movement inputs a move control sets each tick (vanilla's Mob fields of the same
/// names): what the host's physics reads afterwards.
struct MoveInputs {
    float zza = 0;         ///< forward input
    float xxa = 0;         ///< sideways input (positive: left)
    float speed = 0;       ///< current speed (movement_speed × the modifier)
    float y_rot = 0;       ///< body yaw the movement is relative to, degrees
    float y_head_rot = 0;  ///< head yaw
    float y_body_rot = 0;  ///< body yaw as drawn
    /// @brief Vanilla's Mob.setSpeed: the speed, and the same value as forward input.
    void set_speed(float s) noexcept { speed = zza = s; }
};

/// @brief A move control written by a plugin for a mob that does not walk the standard way
/// (vanilla replaces moveControl for slimes, flying and swimming mobs). MobAiFactory::make_move_control
/// gives it to a mob; the host then calls tick where it would tick its own MoveControl (after the
/// goals and the brain, before the look and jump controls) and the mob's move_control() is this
/// one. Its MoveControl virtuals are what navigation and goals call.
class CustomMoveControl : public MoveControl {
public:
    /// @brief One control step: read the mob, set `inputs` (they hold the current values).
    virtual void tick(Level& level, Mob& mob, MoveInputs& inputs) = 0;
};

/// @brief Vanilla's JumpControl.
class JumpControl {
public:
    virtual ~JumpControl() = default;
    /// @brief Jump on the next movement update (when on the ground).
    virtual void jump() = 0;
    /// @brief True when a jump is pending.
    virtual bool wants_to_jump() const = 0;
};

/// @brief A mob: an entity with health, equipment, a brain and the controls AI drives.
class Mob : public Entity {
public:
    /// @brief Current health.
    virtual float health() const = 0;
    /// @brief Maximum health (the MaxHealth attribute).
    virtual float max_health() const = 0;
    /// @brief Sets health, clamped to 0–max_health; 0 kills (vanilla's setHealth).
    virtual void set_health(float health) = 0;
    /// @brief An attribute's base value: the type's default until set_attribute_base changes it.
    virtual double attribute_base(Attribute attribute) const = 0;
    /// @brief Sets an attribute's base value for this mob (vanilla's getAttribute(a).setBaseValue);
    /// lowering MaxHealth below the health lowers the health too.
    virtual void set_attribute_base(Attribute attribute, double value) = 0;
    /// @brief The factor its type's width, height and eye height are scaled by (vanilla's scaled
    /// EntityDimensions: a slime's 0.255 × size); 1 by default.
    virtual float dimension_scale() const = 0;
    /// @brief Rescales its box and eye height (vanilla's refreshDimensions); the feet stay put.
    /// `scale` must be positive and at most 64; other values are ignored.
    virtual void set_dimension_scale(float scale) = 0;
    /// @brief True for a baby (villagers, zombies…).
    virtual bool is_baby() const = 0;
    /// @brief What the mob holds or wears in a slot.
    virtual const ItemStack& equipment(EquipmentSlot slot) const = 0;
    /// @brief Puts an item in a slot (an empty stack clears it).
    virtual void set_equipment(EquipmentSlot slot, ItemStack item) = 0;
    /// @brief The mob's brain, or nullptr for a goal-driven mob.
    virtual brain::Brain* brain() = 0;
    /// @brief The goals it pursues (vanilla's goalSelector), or nullptr for a mob without goals.
    virtual goal::GoalSelector* goal_selector() = 0;
    /// @brief The goals that choose its target (vanilla's targetSelector), or nullptr.
    virtual goal::GoalSelector* target_selector() = 0;
    /// @brief Its attack target (vanilla's Mob.getTarget), if any and still resolvable by the caller.
    virtual std::optional<EntityRef> target() const = 0;
    /// @brief Sets or clears the attack target (vanilla's setTarget).
    virtual void set_target(std::optional<EntityRef> target) = 0;
    /// @brief Asks the host to rebuild the brain's behaviours once the current tick's AI step is
    /// over (MobAiFactory::refresh_brain; vanilla's refreshBrain). Safe to call from a behaviour.
    virtual void request_brain_refresh() = 0;
    /// @brief Its type-specific state, or nullptr when its type has none.
    virtual MobAttachment* attachment() = 0;
    /// @brief The attachment as `T`, or nullptr when it has none or another kind. Cheap for
    /// classes derived from AttachmentOf<T>; a dynamic_cast for others.
    template <class T>
    T* attachment_as() {
        MobAttachment* a = attachment();
        if constexpr (std::is_base_of_v<AttachmentOf<T>, T>) {
            return a != nullptr && a->kind() == AttachmentOf<T>::tag() ? static_cast<T*>(a) : nullptr;
        } else {
            return dynamic_cast<T*>(a);
        }
    }

    /// @brief The bed it sleeps in, if it sleeps (vanilla's getSleepingPos; saved as SleepingX/Y/Z).
    virtual std::optional<BlockPos> sleeping_pos() const = 0;
    /// @brief Lies down in the bed at `bed` (vanilla's startSleeping): the bed's `occupied` property
    /// is set, the mob is placed on it and stops moving.
    virtual void start_sleeping(BlockPos bed) = 0;
    /// @brief Gets up (vanilla's stopSleeping): frees the bed and stands beside it.
    virtual void stop_sleeping() = 0;
    /// @brief True while it sleeps.
    bool is_sleeping() const { return sleeping_pos().has_value(); }

    /// @brief Damages the mob (vanilla's hurt); false when nothing happened (invulnerable,
    /// dead, peaceful rules…). `attacker` is remembered as the last hurt-by entity.
    virtual bool hurt(const ResourceLocation& damage_type, float amount, const Entity* attacker) = 0;
    /// @brief The last damage it took (vanilla's getLastDamageSource and lastHurtByMob), or
    /// nothing when it was never hurt.
    virtual std::optional<HurtRecord> last_hurt() const = 0;
    /// @brief The last damage that had an attacker (vanilla's lastHurtByMob and its timestamp):
    /// later damage without one (fire, a fall) does not hide it. Nothing when never attacked.
    virtual std::optional<HurtRecord> last_hurt_by_mob() const = 0;
    /// @brief True while it burns (vanilla's isOnFire).
    virtual bool is_on_fire() const = 0;

    // Controls and navigation, as vanilla's.
    /// @brief The mob's path navigation.
    virtual PathNavigation& navigation() = 0;
    /// @brief The mob's move control.
    virtual MoveControl& move_control() = 0;
    /// @brief The mob's look control.
    virtual LookControl& look_control() = 0;
    /// @brief The mob's jump control.
    virtual JumpControl& jump_control() = 0;
    /// @brief Line of sight to `target`, cached for this tick (vanilla's Sensing).
    virtual bool has_line_of_sight(const Entity& target) = 0;

    /// @brief The malus for a path type: the type's override or vanilla's default.
    virtual float pathfinding_malus(PathType type) const = 0;
    /// @brief Overrides the malus of a path type for this mob.
    virtual void set_pathfinding_malus(PathType type, float malus) = 0;
    /// @brief How much the mob likes standing at `pos` (vanilla's getWalkTargetValue; seed 004).
    virtual float walk_target_value(BlockPos pos) const = 0;
    /// @brief generic.movement_speed (attribute_base(Attribute::MovementSpeed)).
    virtual double movement_speed() const = 0;
    /// @brief generic.follow_range (attribute_base(Attribute::FollowRange)).
    virtual double follow_range() const = 0;

    /// @brief True when restricted to a home area (vanilla's hasRestriction; leashes, golems).
    virtual bool has_restriction() const = 0;
    /// @brief The centre of the restriction.
    virtual BlockPos restrict_center() const = 0;
    /// @brief The radius of the restriction (−1 without one).
    virtual float restrict_radius() const = 0;
    /// @brief Restricts the mob to within `radius` of `center` (a negative radius clears it).
    virtual void restrict_to(BlockPos center, std::int32_t radius) = 0;
    /// @brief Its name tag (vanilla's CustomName, as plain text), or nothing.
    virtual std::optional<std::string> custom_name() const = 0;
    /// @brief Names it, or takes its name away (nullopt).
    virtual void set_custom_name(std::optional<std::string> name) = 0;
    /// @brief Vanilla's NoAI: no brain, goals, navigation or controls (physics still apply).
    virtual bool is_no_ai() const = 0;
    /// @brief Sets NoAI.
    virtual void set_no_ai(bool no_ai) = 0;
    /// @brief Sets Invulnerable (what is_invulnerable reads).
    virtual void set_invulnerable(bool invulnerable) = 0;
    /// @brief True when `pos` lies inside the restriction, or there is none (vanilla's
    /// isWithinRestriction: squared distance to the centre below radius²).
    bool is_within_restriction(BlockPos pos) const {
        if (!has_restriction()) return true;
        const double r = restrict_radius();
        return restrict_center().dist_sqr(pos) < r * r;
    }

    // Shorthands for the common calls.
    /// @brief Turn the head towards a point (LookControl::set_look_at).
    void look_at(const Vec3& target, float max_yaw_change, float max_pitch_change) {
        look_control().set_look_at(target, max_yaw_change, max_pitch_change);
    }
    /// @brief Path to `target` (arriving within `close_enough`) and follow it at `speed`; false
    /// when there is no path.
    bool move_to(BlockPos target, double speed, std::int32_t close_enough) {
        return navigation().move_to(navigation().create_path(target, close_enough), speed);
    }
    /// @brief Stop following the current path.
    void stop_navigation() { navigation().stop(); }
    /// @brief True when the mob has no path or has finished it.
    bool navigation_done() { return navigation().is_done(); }
    /// @brief Jump on the next movement update.
    void jump() { jump_control().jump(); }
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
    /// @brief How many sections (Chebyshev, 0–6) the section holding `pos` is from a section with
    /// a village POI (PoiTypeInfo::village: beds, bells, job sites), as vanilla's
    /// sectionsToVillage; 7 when none is within 6.
    virtual std::int32_t sections_to_village(BlockPos pos) const = 0;
    /// @brief Vanilla's isCloseToVillage: within `sections` (≤ 6) sections of a village section.
    bool is_close_to_village(BlockPos pos, std::int32_t sections) const {
        return sections <= 6 && sections_to_village(pos) <= sections;
    }
    /// @brief Vanilla's ServerLevel.isVillage: within one section of a village section.
    bool is_village(BlockPos pos) const { return is_close_to_village(pos, 1); }
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

    /// @brief Drops an item entity at `pos` with `motion` (villagers and the allay throw items);
    /// it can be picked up after vanilla's default delay of 10 ticks. Empty for an empty stack.
    virtual std::optional<EntityRef> drop_item(const Vec3& pos, const ItemStack& item, const Vec3& motion) = 0;
    /// @brief Takes up to `max_count` items from an item entity (removing it once empty) and
    /// returns what was taken; nothing when it is gone, not an item, or still in its pickup delay.
    /// Where the items go (a hand, an inventory memory) is the caller's business.
    virtual ItemStack pick_up_item(const EntityRef& item, std::int32_t max_count) = 0;

    /// @brief Creates a mob of `type` at `pos` facing `y_rot` (vanilla's create + addFreshEntity):
    /// its AI is set up as for a summoned mob. nullptr when `type` is not a mob type or `pos` is
    /// outside the loaded world. Obstruction is the caller's rule (see no_collision).
    virtual Mob* summon_mob(Handle<EntityTypeInfo> type, const Vec3& pos, float y_rot) = 0;
    /// @brief Shoots an arrow (vanilla's AbstractArrow: created at `from`, then shoot(direction,
    /// velocity, inaccuracy) and addFreshEntity): the spread draws triangle(0, 0.0172275 ×
    /// inaccuracy) per axis from the level random; it flies with gravity 0.05 and drag 0.99 (0.6
    /// in water), hits the first living entity or block on its way, and deals ceil(speed ×
    /// base_damage) as minecraft:arrow damage attributed to `shooter`. Empty when it cannot be
    /// created (`from` outside the loaded world, or no minecraft:arrow type).
    virtual std::optional<EntityRef> shoot_arrow(Mob& shooter, const Vec3& from, const Vec3& direction, float velocity,
                                                 float inaccuracy, double base_damage) = 0;
    /// @brief True when no block collision shape intersects `box` (vanilla's noCollision for
    /// blocks; unloaded chunks count as solid).
    virtual bool no_collision(const AABB& box) const = 0;

    /// @brief The block registry.
    virtual const BlockRegistry& blocks() const = 0;
    /// @brief The block state at a position (air outside the world or in an unloaded chunk).
    virtual BlockState block_state(BlockPos pos) const = 0;
    /// @brief Sets a block (vanilla's setBlock with the default flags: POIs, light, heightmaps
    /// and paths follow); false outside the world, in an unloaded chunk, or when unchanged.
    /// Behaviours use it for doors, farmland, crops.
    virtual bool set_block(BlockPos pos, BlockState state) = 0;
    /// @brief The facts of the block state at a position.
    const BlockStateInfo& block_info(BlockPos pos) const { return blocks().info(block_state(pos)); }
    /// @brief Lowest block y (−64 in the overworld).
    virtual std::int32_t min_build_height() const = 0;
    /// @brief One above the highest block y (320 in the overworld).
    virtual std::int32_t max_build_height() const = 0;
    /// @brief The heightmap at a column: one above the highest block the map counts.
    virtual std::int32_t height(Heightmap map, std::int32_t x, std::int32_t z) const = 0;
    /// @brief True when nothing above blocks the sky (vanilla's canSeeSky: at or above the
    /// WORLD_SURFACE height, or only light-transparent blocks above).
    virtual bool can_see_sky(BlockPos pos) const = 0;
    /// @brief Raw light of one layer, 0–15 (sky light ignores the time of day).
    virtual std::int32_t brightness(LightLayer layer, BlockPos pos) const = 0;
    /// @brief How far the time of day dims sky light, 0 (noon) to 11 (midnight) (vanilla's skyDarken).
    virtual std::int32_t sky_darken() const = 0;
    /// @brief True during the day (vanilla's isDay: skyDarken < 4).
    bool is_day() const { return sky_darken() < 4; }
    /// @brief Light level 0–15 at a position: the larger of sky light (after the time of day) and
    /// block light (vanilla's getMaxLocalRawBrightness).
    std::int32_t max_local_raw_brightness(BlockPos pos) const {
        const std::int32_t sky = brightness(LightLayer::Sky, pos) - sky_darken();
        const std::int32_t block = brightness(LightLayer::Block, pos);
        return sky > block ? sky : block;
    }
    /// @brief The dimension's ambient light, 0–1 (0 in the overworld).
    virtual float ambient_light() const = 0;
    /// @brief The world's difficulty.
    virtual Difficulty difficulty() const = 0;
    /// @brief The first block collision shape a ray from `from` to `to` hits (vanilla's clip with
    /// the COLLIDER shape and no fluids); empty when it reaches `to`, and for ends that are not
    /// finite or beyond ±1e9 on an axis.
    virtual std::optional<BlockHit> clip(const Vec3& from, const Vec3& to) const = 0;
    /// @brief The ground path type at `pos` (vanilla's WalkNodeEvaluator.getBlockPathTypeStatic):
    /// what the block and the one below make of it, with danger from neighbouring fire or cactus.
    virtual PathType path_type(BlockPos pos) const = 0;

    /// @brief The level's POIs.
    virtual PoiManager& poi_manager() = 0;
};

}  // namespace mobsdk
