// The world as behaviours and sensors see it: interfaces that plugins compile against and the
// reference server implements (the Bukkit API / CraftBukkit split). Queries on a hot path write
// into buffers the caller owns and reuses, so they allocate nothing. This header has Level (one
// dimension) and its query vocabulary, and includes the rest of the world API: Entity (entity.hpp),
// LivingEntity (living_entity.hpp), Mob (mob.hpp), Player (player.hpp), PathNavigation
// (path_navigation.hpp), the controls (controls.hpp), PoiManager (poi_manager.hpp), ItemStack
// (item_stack.hpp).
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
#include "mobsdk/world/controls.hpp"
#include "mobsdk/world/entity.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/item_stack.hpp"
#include "mobsdk/world/living_entity.hpp"
#include "mobsdk/world/mob.hpp"
#include "mobsdk/world/path.hpp"
#include "mobsdk/world/path_navigation.hpp"
#include "mobsdk/world/player.hpp"
#include "mobsdk/world/poi_manager.hpp"
#include "mobsdk/world/random.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk {

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
    BlockPos pos;   ///< the block hit
    Vec3 location;  ///< the point on its shape
};

/// @brief Which order memories expire in: vanilla since 22w12a (`modern`, the default) erases a
/// memory whose ttl is ≤ 0 and then decrements; before it (`legacy`) decremented first and erased
/// at 0, one tick sooner. Chosen per world with `memory-expiry=`.
enum class MemoryExpiry : std::uint8_t { Modern, Legacy };

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
    /// @brief The living entity (a mob or a player) a reference names, or nullptr (also when the
    /// entity is neither). What attacks resolve their target with: vanilla targets any LivingEntity.
    virtual LivingEntity* resolve_living(const EntityRef& ref) = 0;
    /// @brief The player a reference names, or nullptr (also when the entity is not a player). A
    /// dead player waiting to respawn still resolves: check is_alive().
    virtual Player* resolve_player(const EntityRef& ref) = 0;
    /// @brief Every player in the level, spectators and the dead included (vanilla's
    /// level.players()); no allocation per call. Valid until a player joins or leaves.
    virtual std::span<Player* const> players() = 0;
    /// @brief Appends to `out` the living entities of `type` whose boxes intersect `box`.
    virtual void entities_of_type(Handle<EntityTypeInfo> type, const AABB& box, std::vector<EntityRef>& out) = 0;
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
