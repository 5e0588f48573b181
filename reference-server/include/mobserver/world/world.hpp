// The reference world: one dimension with chunks, entities and POIs, implementing the SDK's Level.
// World::tick() advances one game tick deterministically; the server's timer only schedules it.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "mobsdk/core/result.hpp"
#include "mobsdk/world/registries.hpp"
#include "mobserver/world/arrow.hpp"
#include "mobserver/world/chunk_io.hpp"
#include "mobserver/world/chunk_map.hpp"
#include "mobserver/world/entity.hpp"
#include "mobserver/world/entity_index.hpp"
#include "mobserver/world/entity_kind.hpp"
#include "mobserver/world/entity_nbt.hpp"
#include "mobserver/world/item_entity.hpp"
#include "mobserver/world/kinds/player_kind.hpp"
#include "mobserver/world/physics.hpp"
#include "mobserver/world/plugin_code_probe.hpp"
#include "mobserver/world/poi_storage.hpp"
#include "mobserver/world/server_mob.hpp"

namespace mobsdk::server {

class MobKind;
class ItemEntityKind;
class ArrowKind;

/// @brief Game rules the world reads.
struct GameRules {
    bool do_daylight_cycle = true;          ///< doDaylightCycle: day time advances
    bool do_mob_spawning = true;            ///< doMobSpawning: stored and saved; no effect (see docs/server.md)
    std::int32_t random_tick_speed = 3;     ///< randomTickSpeed
    std::int32_t max_entity_cramming = 24;  ///< maxEntityCramming: 0 or less turns cramming damage off
};

/// @brief How a world is set up.
struct WorldOptions {
    std::int64_t seed = 0;                                           ///< the world seed (and the level random's)
    MemoryExpiry memory_expiry = MemoryExpiry::Modern;               ///< memory-expiry=
    Difficulty difficulty = Difficulty::Normal;                      ///< difficulty
    ResourceLocation dimension = ResourceLocation::of("overworld");  ///< dimension id
    GameRules rules;                                                 ///< game rules
    /// @brief A stored mob whose type has no AI factory is not created but kept in storage,
    /// unchanged (the server sets it when a plugin is disabled or in safe mode).
    bool keep_ai_less_mobs_dormant = false;
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
    LivingEntity* resolve_living(const EntityRef& ref) override;
    Player* resolve_player(const EntityRef& ref) override;
    std::span<Player* const> players() override;
    void entities_of_type(Handle<EntityTypeInfo> type, const AABB& box, std::vector<EntityRef>& out) override;
    void entities_in_box(const AABB& box, std::vector<EntityRef>& out) override;
    std::optional<EntityRef> drop_item(const Vec3& pos, const ItemStack& item, const Vec3& motion) override;
    ItemStack pick_up_item(const EntityRef& item, std::int32_t max_count) override;
    Mob* summon_mob(Handle<EntityTypeInfo> type, const Vec3& pos, float y_rot) override;
    std::optional<EntityRef> shoot_arrow(Mob& shooter, const Vec3& from, const Vec3& direction, float velocity,
                                         float inaccuracy, double base_damage) override;
    bool no_collision(const AABB& box) const override;
    const BlockRegistry& blocks() const override { return registries_->blocks; }
    BlockState block_state(BlockPos pos) const override { return chunks_.block_state(pos); }
    std::int32_t min_build_height() const override { return min_y; }
    std::int32_t max_build_height() const override { return min_y + world_height; }
    std::int32_t height(Heightmap map, std::int32_t x, std::int32_t z) const override {
        return chunks_.height(map, x, z);
    }
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
    bool set_block(BlockPos pos, BlockState state) override;
    /// @brief Fills a box of blocks (inclusive corners); returns how many changed.
    std::int64_t fill(BlockPos a, BlockPos b, BlockState state);

    /// @brief Spawns a mob; a nil UUID gets a fresh one from the world random. The mob initializer
    /// (if set) runs before it returns. Throws std::invalid_argument for a UUID already in the
    /// world or a type that is not a mob.
    ServerMob& spawn_mob(Handle<EntityTypeInfo> type, const Vec3& pos, Uuid uuid = {});
    /// @brief Spawns an item entity (a nil UUID gets a fresh one; a taken one throws
    /// std::invalid_argument).
    ItemEntity& spawn_item(const Vec3& pos, const ItemStack& item, const Vec3& motion = {}, Uuid uuid = {});
    /// @brief Called for every new mob, spawned or loaded, before its NBT is applied: gives it
    /// its brain or AI by type (the plugin host sets this). Not per tick. If it throws, the mob
    /// stays without AI (ai_failed) and the world logs why.
    using MobInitializer = std::function<void(ServerMob&)>;
    /// @brief Sets the mob initializer.
    void set_mob_initializer(MobInitializer init) { mob_initializer_ = std::move(init); }

    /// @brief Runs the type's MobAiFactory::finalize_spawn on a freshly spawned mob (the summon
    /// command without NBT). An exception disables the mob's AI, logged, as for any AI failure.
    void finalize_spawn(ServerMob& mob);
    /// @brief Vanilla entity NBT of an entity, with its `id` (what `data get entity` shows and
    /// what the entities region files hold).
    nbt::Compound save_entity(const Entity& entity) const;
    /// @brief Creates an entity from vanilla NBT: `id` names a registered type that an entity kind
    /// serves, `Pos` is required, a `UUID` is kept (an error when already in the world); the rest
    /// is the kind's (EntityKind::create). Fields that are wrong are skipped with a warning
    /// appended to `warnings`; a missing or unknown id, a type no kind serves, a missing Pos or a
    /// duplicate UUID is an error and nothing is created.
    Result<Entity*, std::string> spawn_from_nbt(const nbt::Compound& tag, std::vector<std::string>& warnings);
    /// @brief Applies vanilla NBT to a live entity (`data merge`): the UUID is kept.
    std::vector<std::string> load_entity(Entity& entity, const nbt::Compound& tag);
    /// @brief Marks an entity removed; it is erased at the end of the tick. False for a stale handle.
    bool remove(EntityHandle handle);
    /// @brief Vanilla's kill, as its kind does it (EntityKind::kill): a mob dies (health 0,
    /// whatever its invulnerability; its death hook runs 20 ticks later, so a slime splits), any
    /// other entity is removed. False for a stale handle or an entity already gone.
    bool kill(EntityHandle handle);
    /// @brief The arrow a reference names, or nullptr (gone, or not an arrow).
    ArrowEntity* arrow_entity(const EntityRef& ref) noexcept;
    /// @brief Spawns an arrow at `pos` with `motion` and no owner (a nil UUID gets a fresh one; a
    /// taken one throws std::invalid_argument; no minecraft:arrow type throws std::logic_error).
    ArrowEntity& spawn_arrow(const Vec3& pos, const Vec3& motion, Uuid uuid = {});
    /// @brief The mob behind a handle, or nullptr.
    ServerMob* mob(EntityHandle handle) noexcept;
    /// @brief The mob in a slot of the entity table, or nullptr (not a mob).
    ServerMob* mob(const EntitySlot& slot) const noexcept;
    /// @brief The item entity a reference names, or nullptr (gone, or not an item).
    ItemEntity* item_entity(const EntityRef& ref) noexcept;
    /// @brief The entity with a UUID (alive or not yet erased), or nullptr.
    Entity* find(Uuid uuid) noexcept;
    /// @brief Must be called after code outside physics moved an entity (teleports).
    void teleport(EntityHandle handle, const Vec3& pos);
    /// @brief Scratch space for physics (reused: no allocation per move once warm).
    std::vector<AABB>& physics_scratch() noexcept { return physics_scratch_; }
    /// @brief What mobs climb here (the registry's climbable tag, ladders under open trapdoors).
    const ClimbRules& climb_rules() const noexcept { return climb_rules_; }
    /// @brief The item entity type (minecraft:item), if registered.
    std::optional<Handle<EntityTypeInfo>> item_type() const noexcept { return item_type_; }
    /// @brief The arrow entity type (minecraft:arrow), if registered.
    std::optional<Handle<EntityTypeInfo>> arrow_type() const noexcept { return arrow_type_; }
    /// @brief Scratch space for mobs' loot pickup (reused).
    std::vector<EntityRef>& loot_scratch() noexcept { return loot_scratch_; }
    /// @brief Called by physics after it moved an entity.
    void entity_moved(EntityData& data, const Vec3& old_pos) { entities_.moved(data, old_pos); }
    /// @brief Called after an entity's size changed (ServerMob::set_dimension_scale).
    void entity_resized(EntityData& data) { entities_.resized(data); }

    // Entity kinds: the open table World::tick, save_entity, spawn_from_nbt, load_entity and kill
    // dispatch through. Mobs, item entities and arrows are registered by the constructor.
    /// @brief Adds a kind of entity: from now on the types it serves (EntityKind::serves, asked
    /// for every registered type) are created, ticked, saved and loaded by it. Returns it. Throws
    /// std::logic_error when another kind already serves one of those types (naming both).
    EntityKind& add_entity_kind(std::unique_ptr<EntityKind> kind);
    /// @brief The kind that serves a type, or nullptr (no kind: such entities cannot be made).
    EntityKind* kind_of(Handle<EntityTypeInfo> type) const noexcept {
        return type.valid() && type.index() < kind_by_type_.size() ? kind_by_type_[type.index()] : nullptr;
    }
    /// @brief The kind of minecraft:player (it serves nothing when the type is not registered).
    PlayerEntityKind& player_kind() noexcept { return *players_; }
    /// @brief The player in a slot of the entity table, or nullptr (not a player).
    PlayerEntity* player(const EntitySlot* slot) const noexcept { return players_->get(slot); }
    /// @brief The kinds, in the order they were added.
    const std::vector<std::unique_ptr<EntityKind>>& entity_kinds() const noexcept { return kinds_; }
    /// @brief The UUID for a new entity: `requested`, or a fresh one from the world random when
    /// it is nil (vanilla's createInsecureUUID). Throws std::invalid_argument when `requested` is
    /// already in the world.
    Uuid claim_uuid(Uuid requested);
    /// @brief Adds an entity a kind made (its UUID from claim_uuid, its data().type and info set)
    /// to the entity table under that kind: it ticks from the next tick on. Returns it.
    template <class E>
    E& add_entity(std::unique_ptr<E> entity, EntityKind& kind) {
        E& ref = *entity;
        ref.data().network_id = allocate_network_id();
        entities_.insert(std::move(entity), &kind);
        return ref;
    }
    /// @brief The next entity id for clients (vanilla's Entity.ENTITY_COUNTER): entities get theirs
    /// in add_entity, players theirs from here too, so no two share one. Never reused.
    std::int32_t allocate_network_id() noexcept { return next_network_id_++; }
    /// @brief An item entity picked up by a mob this tick (vanilla's take() broadcast): network ids.
    struct Pickup {
        std::int32_t item = 0;       ///< the item entity's network id
        std::int32_t collector = 0;  ///< the mob's network id
        std::int32_t count = 0;      ///< how many it took
    };
    /// @brief Called by a mob that picked up (part of) an item entity.
    void note_pickup(const Pickup& pickup) { pickups_.push_back(pickup); }
    /// @brief The pickups since the start of the last tick (the entity tracker sends them).
    const std::vector<Pickup>& pickups() const noexcept { return pickups_; }
    /// @brief Takes an entity out of the table at once, its handle going stale (for a kind's
    /// create() that refuses what it just made). Not for entities that may be ticking: use remove().
    void erase_entity_now(EntityHandle handle);
    /// @brief Runs plugin code for `mob` (its AI, initializer or hooks), noted by the plugin code
    /// probe: an exception disables the mob's AI (logged once) and goes no further.
    template <class Code>
    void run_plugin_code(ServerMob& mob, Code&& code) {
        PluginCodeProbe::Saved saved{};
        if (probe_) saved = probe_->enter(&mob, static_cast<std::int32_t>(mob.type().index()));
        try {
            code();
        } catch (const std::exception& e) {
            fail_ai(mob, e.what());
        } catch (...) {
            fail_ai(mob, "an exception that is not a std::exception");
        }
        if (probe_) probe_->leave(saved);
    }

    // Chunk lifecycle. Without storage attached, chunks stay loaded once generated (tests).
    /// @brief Attaches chunk storage and turns on ticket-driven loading: from then on a chunk is
    /// loaded while a ticket covers it (spawn chunks, forced chunks) and saved and unloaded once
    /// it has had none for `unload_delay` ticks.
    void attach_storage(ChunkIo& io);
    /// @brief Ticks a chunk stays loaded without a ticket before it is saved and unloaded.
    static constexpr std::int64_t unload_delay = 20;
    /// @brief Ticks before a column that storage could not read (an I/O error) is tried again.
    static constexpr std::int64_t load_retry_delay = 100;
    /// @brief The world spawn (level.dat's SpawnX/Y/Z; the console's position for `~`).
    BlockPos spawn_pos() const noexcept { return spawn_pos_; }
    /// @brief Moves the spawn; the spawn-chunk ticket covers `radius` chunks around its chunk
    /// (spawn-chunk-radius; 0 for none).
    void set_spawn(BlockPos pos, std::int32_t radius);
    /// @brief The spawn-chunk radius.
    std::int32_t spawn_chunk_radius() const noexcept { return spawn_radius_; }
    /// @brief Adds a player ticket on `pos` (counted: one per player that sees the chunk). A chunk
    /// with a ticket stays loaded; the player code loads it (ensure_chunks) when it needs it.
    void add_player_ticket(ChunkPos pos) {
        if (++player_tickets_[pos] == 1) frozen_dirty_ = true;
    }
    /// @brief Removes one player ticket from `pos`.
    void remove_player_ticket(ChunkPos pos);
    /// @brief Adds a player's simulation ticket on `pos` (counted: one per player within
    /// `simulation-distance`): the chunk is loaded by update_chunks and its entities tick. A chunk
    /// that only has player tickets (in view, beyond simulation distance) is loaded and sent but
    /// its entities do not tick, as vanilla's chunks below the entity-ticking level.
    void add_simulation_ticket(ChunkPos pos);
    /// @brief Removes one simulation ticket from `pos`.
    void remove_simulation_ticket(ChunkPos pos);
    /// @brief True when the entities in a loaded chunk tick: it has a forceload, spawn or
    /// simulation ticket, or no player ticket (a chunk without tickets ticks until it unloads, as
    /// every chunk did before players). False for a chunk only players see from beyond
    /// simulation distance, and for a chunk that is not loaded.
    bool is_entity_ticking(ChunkPos pos) const noexcept;
    /// @brief Adds or removes a forceload ticket; true when that changed something.
    bool set_forced(ChunkPos pos, bool forced);
    /// @brief Chunks with a forceload ticket (vanilla's data/chunks.dat).
    const std::set<ChunkPos>& forced_chunks() const noexcept { return forced_; }
    /// @brief True when the chunk is loaded (its blocks can be read, its entities tick).
    bool is_loaded(ChunkPos pos) const noexcept { return chunks_.chunk(pos) != nullptr; }
    /// @brief True when a ticket covers the chunk.
    bool has_ticket(ChunkPos pos) const noexcept;
    /// @brief Loads ticketed chunks, unloads chunks without a ticket for unload_delay ticks and
    /// moves entities that walked into unloaded chunks to storage. tick() calls it at its end.
    void update_chunks();
    /// @brief Saves every loaded chunk's changed blocks, POIs and entities in one atomic batch.
    /// Returns an error message, or an empty string (also when no storage is attached).
    std::string save_all();
    /// @brief Receives warnings (chunks that failed to load, entities that could not be restored).
    void set_warning_sink(std::function<void(const std::string&)> sink) { warn_ = std::move(sink); }
    /// @brief Receives errors (a chunk refused for its DataVersion); without one they go to the warning sink.
    void set_error_sink(std::function<void(const std::string&)> sink) { error_ = std::move(sink); }
    /// @brief Where the world notes which mob's plugin code runs (for crash reports); nullptr for none.
    void set_plugin_code_probe(PluginCodeProbe* probe) noexcept { probe_ = probe; }
    /// @brief Stored entities of a loaded column that this world cannot create (see dormant_).
    std::size_t dormant_count() const noexcept;
    /// @brief Chunks saved and unloaded since the world was made (for tests and the log).
    std::int64_t chunks_unloaded() const noexcept { return chunks_unloaded_; }

    /// @brief Sets the game time.
    void set_game_time(std::int64_t t) noexcept { game_time_ = t; }
    /// @brief Sets the day time (sky darkening follows at once).
    void set_day_time(std::int64_t t) noexcept;

    /// @brief One game tick: every entity in insertion order, ticked by its kind (a mob's brain or
    /// AI, its navigation and controls, then its movement; items fall and age; arrows fly), removed
    /// entities erased unless their kind keeps them lingering, then the clocks advance (day time
    /// only with doDaylightCycle). An exception from a mob's AI disables that mob's AI (logged
    /// once); every other entity keeps ticking.
    void tick();

private:
    struct PosHash {
        std::size_t operator()(ChunkPos p) const noexcept {
            return static_cast<std::size_t>(p.as_long() * 0x9E3779B97F4A7C15ull);
        }
    };
    void update_sky_darken() noexcept;
    bool ticks_entities_by_tickets(ChunkPos pos) const noexcept;  // is_entity_ticking without the loaded check
    void warn(const std::string& message);
    void fail_ai(ServerMob& mob, const char* what);
    PluginCodeProbe* probe_ = nullptr;
    // Loads a column from storage (or generates it). A column storage cannot read stays unloaded
    // and is tried again after load_retry_delay ticks.
    void load_chunk(ChunkPos pos);
    // Live entities standing in a column that is not loaded (they walked or were moved there).
    std::vector<EntityHandle> entities_outside_loaded_chunks(bool stranded_too) const;
    // Saves the entity lists of `columns` (and blocks/POIs of those in `full`), closing the set
    // over entities that last were stored elsewhere; on success erases the entities of `drop`.
    std::string save_columns(std::set<ChunkPos> columns, const std::set<ChunkPos>& full, const std::set<ChunkPos>& drop,
                             std::vector<EntityHandle> evicted);
    Uuid fresh_uuid();

    const WorldRegistries* registries_;
    std::unique_ptr<ChunkGenerator> generator_;
    WorldOptions options_;
    RandomSource random_;
    ChunkMap chunks_;
    ClimbRules climb_rules_;
    PoiStorage pois_;
    std::optional<Handle<EntityTypeInfo>> item_type_;
    std::optional<Handle<EntityTypeInfo>> arrow_type_;
    EntityIndex entities_;
    std::vector<std::unique_ptr<EntityKind>> kinds_;
    std::vector<EntityKind*> kind_by_type_;  // by EntityTypeInfo handle index; null: no kind
    MobKind* mobs_ = nullptr;                // the built-in kinds, for the Level API's typed calls
    ItemEntityKind* items_ = nullptr;
    ArrowKind* arrows_ = nullptr;
    PlayerEntityKind* players_ = nullptr;
    std::int64_t game_time_ = 0;
    std::int64_t day_time_ = 0;
    std::int32_t next_network_id_ = 1;
    std::vector<Pickup> pickups_;
    std::int32_t sky_darken_ = 0;
    std::vector<const EntitySlot*> query_scratch_;
    mutable std::vector<AABB> physics_scratch_;  // const queries (no_collision) reuse it too
    std::vector<EntityRef> loot_scratch_;
    MobInitializer mob_initializer_;
    ChunkIo* io_ = nullptr;
    BlockPos spawn_pos_{0, -60, 0};
    std::int32_t spawn_radius_ = 2;
    std::set<ChunkPos> forced_;
    std::unordered_map<ChunkPos, std::int64_t, PosHash> unticketed_since_;
    // Stored entities of loaded columns that could not be created (a type whose plugin is not
    // loaded, a bad field): kept verbatim and written back with their column.
    std::unordered_map<ChunkPos, std::vector<nbt::Compound>, PosHash> dormant_;
    std::map<ChunkPos, std::int32_t> player_tickets_;
    std::map<ChunkPos, std::int32_t> simulation_tickets_;
    // Chunks with player tickets whose entities do not tick (see is_entity_ticking), rebuilt by
    // tick() when a ticket changed; empty without players, so a world without players ticks as before.
    std::unordered_set<ChunkPos, PosHash> frozen_;
    bool frozen_dirty_ = false;
    std::function<void(const std::string&)> warn_;
    std::function<void(const std::string&)> error_;
    std::int64_t chunks_unloaded_ = 0;
    // Columns storage could not read: the game time of the next try, and the last error logged.
    struct LoadFailure {
        std::int64_t retry_at = 0;
        std::string error;
    };
    std::unordered_map<ChunkPos, LoadFailure, PosHash> load_failures_;
    // After a failed save of unloading chunks or wandering entities, the next try waits until then.
    std::int64_t unload_retry_at_ = 0;
};

/// @brief Vanilla's sky darkening at a day time, 0 (noon) to 11 (midnight), clear weather.
std::int32_t sky_darken_at(std::int64_t day_time) noexcept;

}  // namespace mobsdk::server
