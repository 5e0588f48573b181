// The reference world: one dimension with chunks, entities and POIs, implementing the SDK's Level.
// World::tick() advances one game tick deterministically; the server's timer only schedules it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "mobsdk/world/registries.hpp"
#include "mobserver/world/chunk_map.hpp"
#include "mobserver/world/entity.hpp"
#include "mobserver/world/entity_index.hpp"
#include "mobserver/world/poi_storage.hpp"

namespace mobsdk::server {

/// @brief Game rules the world reads.
struct GameRules {
    bool do_daylight_cycle = true;     ///< doDaylightCycle: day time advances
    bool do_mob_spawning = true;       ///< doMobSpawning (natural spawning is not implemented yet)
    std::int32_t random_tick_speed = 3;  ///< randomTickSpeed
};

/// @brief How a world is set up.
struct WorldOptions {
    std::int64_t seed = 0;                                   ///< the world seed (and the level random's)
    MemoryExpiry memory_expiry = MemoryExpiry::Modern;       ///< memory-expiry=
    Difficulty difficulty = Difficulty::Normal;              ///< difficulty
    ResourceLocation dimension = ResourceLocation::of("overworld");  ///< dimension id
    GameRules rules;                                         ///< game rules
};

/// @brief One dimension of the reference world.
class World final : public Level {
public:
    /// @brief A world over frozen registries, filling new chunks with `generator`.
    World(const WorldRegistries& registries, std::unique_ptr<ChunkGenerator> generator, WorldOptions options);
    ~World() override;
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    // Level
    std::int64_t game_time() const override { return game_time_; }
    std::int64_t day_time() const override { return day_time_; }
    RandomSource& random() override { return random_; }
    const ResourceLocation& dimension() const override { return options_.dimension; }
    MemoryExpiry memory_expiry() const override { return options_.memory_expiry; }
    Entity* resolve(const EntityRef& ref) override;
    Mob* resolve_mob(const EntityRef& ref) override;
    void entities_of_type(Handle<EntityTypeInfo> type, const AABB& box, std::vector<EntityRef>& out) override;
    void entities_in_box(const AABB& box, std::vector<EntityRef>& out) override;
    std::optional<EntityRef> drop_item(const Vec3& pos, const ItemStack& item, const Vec3& motion) override;
    ItemStack pick_up_item(const EntityRef& item, std::int32_t max_count) override;
    const BlockRegistry& blocks() const override { return registries_->blocks; }
    BlockState block_state(BlockPos pos) const override { return chunks_.block_state(pos); }
    std::int32_t min_build_height() const override { return min_y; }
    std::int32_t max_build_height() const override { return min_y + world_height; }
    std::int32_t height(Heightmap map, std::int32_t x, std::int32_t z) const override { return chunks_.height(map, x, z); }
    bool can_see_sky(BlockPos pos) const override { return chunks_.can_see_sky(pos); }
    std::int32_t brightness(LightLayer layer, BlockPos pos) const override { return chunks_.brightness(layer, pos); }
    std::int32_t sky_darken() const override { return sky_darken_; }
    float ambient_light() const override { return 0.0f; }
    Difficulty difficulty() const override { return options_.difficulty; }
    std::optional<BlockHit> clip(const Vec3& from, const Vec3& to) const override;
    PathType path_type(BlockPos pos) const override;
    PoiManager& poi_manager() override { return pois_; }

    // Host API
    /// @brief The registries.
    const WorldRegistries& registries() const noexcept { return *registries_; }
    /// @brief The options it was made with (rules and difficulty may change).
    WorldOptions& options() noexcept { return options_; }
    /// @brief The chunks.
    ChunkMap& chunks() noexcept { return chunks_; }
    /// @brief The chunks.
    const ChunkMap& chunks() const noexcept { return chunks_; }
    /// @brief The POI storage.
    PoiStorage& pois() noexcept { return pois_; }
    /// @brief The entity table.
    const EntityIndex& entities() const noexcept { return entities_; }
    /// @brief The chunk generator.
    const ChunkGenerator& generator() const noexcept { return *generator_; }

    /// @brief Generates (or keeps) every chunk within `radius` chunks of the one holding `center`.
    void ensure_chunks(BlockPos center, std::int32_t radius);
    /// @brief Sets a block (false outside the world, in an unloaded chunk, or when unchanged).
    /// When its collision shape changes, mobs whose path runs near it recompute their paths
    /// (vanilla's sendBlockUpdated).
    bool set_block(BlockPos pos, BlockState state);
    /// @brief Fills a box of blocks (inclusive corners); returns how many changed.
    std::int64_t fill(BlockPos a, BlockPos b, BlockState state);

    /// @brief Spawns a mob; a nil UUID gets a fresh one from the world random. Throws
    /// std::invalid_argument for a UUID already in the world or a type that is not a mob.
    ServerMob& spawn_mob(Handle<EntityTypeInfo> type, const Vec3& pos, Uuid uuid = {});
    /// @brief Spawns an item entity.
    ItemEntity& spawn_item(const Vec3& pos, const ItemStack& item, const Vec3& motion = {});
    /// @brief Marks an entity removed; it is erased at the end of the tick. False for a stale handle.
    bool remove(EntityHandle handle);
    /// @brief The mob behind a handle, or nullptr.
    ServerMob* mob(EntityHandle handle) noexcept;
    /// @brief The entity with a UUID (alive or not yet erased), or nullptr.
    Entity* find(Uuid uuid) noexcept;
    /// @brief Must be called after code outside physics moved an entity (teleports).
    void teleport(EntityHandle handle, const Vec3& pos);
    /// @brief Scratch space for physics (reused: no allocation per move once warm).
    std::vector<AABB>& physics_scratch() noexcept { return physics_scratch_; }
    /// @brief Called by physics after it moved an entity.
    void entity_moved(EntityData& data, const Vec3& old_pos) { entities_.moved(data, old_pos); }

    /// @brief Sets the game time.
    void set_game_time(std::int64_t t) noexcept { game_time_ = t; }
    /// @brief Sets the day time (sky darkening follows at once).
    void set_day_time(std::int64_t t) noexcept;

    /// @brief One game tick: every entity in insertion order (a mob's brain or AI, its navigation
    /// and controls, then its movement; items fall and age), removed entities erased, then the
    /// clocks advance (day time only with doDaylightCycle).
    void tick();

private:
    void update_sky_darken() noexcept;
    void tick_item(ItemEntity& item);
    Uuid fresh_uuid();

    const WorldRegistries* registries_;
    std::unique_ptr<ChunkGenerator> generator_;
    WorldOptions options_;
    RandomSource random_;
    ChunkMap chunks_;
    PoiStorage pois_;
    EntityIndex entities_;
    std::int64_t game_time_ = 0;
    std::int64_t day_time_ = 0;
    std::int32_t sky_darken_ = 0;
    std::vector<const EntitySlot*> query_scratch_;
    std::vector<AABB> physics_scratch_;
};

/// @brief Vanilla's sky darkening at a day time, 0 (noon) to 11 (midnight), clear weather.
std::int32_t sky_darken_at(std::int64_t day_time) noexcept;

}  // namespace mobsdk::server
