// The value kinds standard memories hold, shaped as vanilla's: position trackers (look_target),
// walk targets, paths, damage sources and the nearest-visible-entities cache (visible_mobs).
// Entities are held as EntityRef and resolved through the Level on every use, never as pointers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <utility>
#include <vector>

#include "mobsdk/brain/memory_format.hpp"
#include "mobsdk/core/resource_location.hpp"
#include "mobsdk/world/level.hpp"
#include "mobsdk/world/path.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk::brain {

/// @brief Entities as list memories hold them (vanilla's List<LivingEntity>, e.g. `mobs`), closest
/// first.
using EntityList = std::vector<EntityRef>;
/// @brief A list of positions in dimensions (vanilla's List<GlobalPos>, e.g. `secondary_job_site`).
using GlobalPosList = std::vector<GlobalPos>;
/// @brief A list of UUIDs (vanilla's List<UUID>, e.g. `unreachable_tongue_targets`).
using UuidList = std::vector<Uuid>;

/// @brief A strict order on GlobalPos (dimension, then x, y, z), so that GlobalPosSet iterates
/// deterministically where vanilla's HashSet does not promise an order.
struct GlobalPosOrder {
    /// @brief True when `a` sorts before `b`.
    bool operator()(const GlobalPos& a, const GlobalPos& b) const noexcept {
        if (a.dimension != b.dimension) return a.dimension < b.dimension;
        return a.pos < b.pos;
    }
};

/// @brief A set of positions in dimensions (vanilla's Set<GlobalPos>, e.g. `doors_to_close`). It is
/// a collection, so setting an empty one erases the memory, as vanilla's Brain does.
using GlobalPosSet = std::set<GlobalPos, GlobalPosOrder>;

class NearestVisibleLivingEntities;

/// @brief What a look target or walk target points at (vanilla's PositionTracker, with its two
/// implementations BlockPosTracker and EntityTracker folded into one value).
///
/// An entity tracker holds an EntityRef, not the entity: every query resolves it through the
/// Level. When the entity is gone (removed, dead or unloaded) the position queries return the last
/// position this tracker saw it at — vanilla's EntityTracker keeps a strong reference to the
/// removed entity and so also reports where it was last — and `try_current_position` returns
/// nothing. The last-seen position is a cache: it is not part of the value (operator== ignores it).
class PositionTracker {
public:
    /// @brief Which of vanilla's two trackers this is.
    enum class Kind : std::uint8_t { Block, Entity };

    /// @brief A block tracker at the origin (memory slots need a default value).
    PositionTracker() = default;

    /// @brief Tracks a fixed block (vanilla's BlockPosTracker).
    static PositionTracker block(BlockPos pos) noexcept;
    /// @brief Tracks a fixed point: the block containing it (vanilla's BlockPosTracker(Vec3)).
    static PositionTracker block(const Vec3& pos) noexcept;
    /// @brief Tracks an entity, at its eyes when `track_eye_height` (vanilla's EntityTracker).
    static PositionTracker entity(const Entity& entity, bool track_eye_height);
    /// @brief Tracks an entity known only by reference; until it is first resolved its last known
    /// feet position is `last_known` (e.g. what a sensor saw) and its eye height `eye_height`.
    static PositionTracker entity(const EntityRef& ref, bool track_eye_height, const Vec3& last_known = {},
                                  double eye_height = 0) noexcept;

    /// @brief Block or entity.
    Kind kind() const noexcept { return kind_; }
    /// @brief True for an entity tracker.
    bool is_entity() const noexcept { return kind_ == Kind::Entity; }
    /// @brief The tracked block (a block tracker); for an entity tracker, the block of its last
    /// known position (no lookup: see current_block_position).
    BlockPos block_pos() const noexcept { return kind_ == Kind::Block ? block_ : last_seen_.block_pos(); }
    /// @brief The tracked entity (meaningful only for an entity tracker).
    const EntityRef& entity_ref() const noexcept { return entity_; }
    /// @brief Whether an entity tracker aims at the eyes rather than the feet.
    bool track_eye_height() const noexcept { return track_eye_height_; }

    /// @brief The entity, resolved through the level; nullptr for a block tracker or a gone entity.
    Entity* resolve(Level& level) const;
    /// @brief Vanilla's currentPosition: a block's centre, or the entity's feet (or eyes); the last
    /// known position when the entity is gone.
    Vec3 current_position(Level& level) const;
    /// @brief As current_position, but nothing when the tracked entity is gone.
    std::optional<Vec3> try_current_position(Level& level) const;
    /// @brief Vanilla's currentBlockPosition: the block, or the block the entity's feet are in
    /// (its last known one when gone).
    BlockPos current_block_position(Level& level) const;
    /// @brief A block is always visible; an entity when it resolves and is alive. This is the
    /// SDK's rule without line of sight; see the overload for vanilla's full rule.
    bool is_visible_by(Level& level, const Mob& observer) const;
    /// @brief Vanilla's EntityTracker.isVisibleBy: a block is always visible; an entity must
    /// resolve, be alive, and be in the observer's `visible_mobs` memory (pass what the brain
    /// holds, or nullptr when that memory is absent, which makes every entity invisible).
    bool is_visible_by(Level& level, const Mob& observer, const NearestVisibleLivingEntities* visible_mobs) const;

    /// @brief Same kind and target (block position, or entity and eye flag); the cache is ignored.
    friend bool operator==(const PositionTracker& a, const PositionTracker& b) noexcept;

private:
    Kind kind_ = Kind::Block;
    bool track_eye_height_ = false;
    BlockPos block_;                      // the block (Block)
    EntityRef entity_;                    // the entity (Entity)
    mutable Vec3 last_seen_{};            // Entity: feet position when last resolved
    mutable double last_eye_height_ = 0;  // Entity: eye height when last resolved
};

/// @brief Where a mob wants to walk (vanilla's WalkTarget): a target, a speed modifier and how
/// close (Manhattan distance, in blocks) counts as arrived.
struct WalkTarget {
    PositionTracker target;              ///< where to
    float speed_modifier = 0.0f;         ///< multiplies the mob's movement speed
    std::int32_t close_enough_dist = 0;  ///< arrived within this Manhattan distance

    /// @brief A walk target at the origin (memory slots need a default value).
    WalkTarget() = default;
    /// @brief Walks to a tracker.
    WalkTarget(PositionTracker target, float speed_modifier, std::int32_t close_enough_dist) noexcept
        : target(std::move(target)), speed_modifier(speed_modifier), close_enough_dist(close_enough_dist) {}
    /// @brief Walks to a block (vanilla wraps it in a BlockPosTracker).
    WalkTarget(BlockPos pos, float speed_modifier, std::int32_t close_enough_dist) noexcept
        : WalkTarget(PositionTracker::block(pos), speed_modifier, close_enough_dist) {}
    /// @brief Walks to the block containing a point.
    WalkTarget(const Vec3& pos, float speed_modifier, std::int32_t close_enough_dist) noexcept
        : WalkTarget(PositionTracker::block(pos), speed_modifier, close_enough_dist) {}
    /// @brief Walks to an entity's feet (vanilla: an EntityTracker without eye height).
    WalkTarget(const Entity& entity, float speed_modifier, std::int32_t close_enough_dist)
        : WalkTarget(PositionTracker::entity(entity, false), speed_modifier, close_enough_dist) {}

    /// @brief Member-wise equality (vanilla compares WalkTargets by identity; values here).
    friend bool operator==(const WalkTarget&, const WalkTarget&) = default;
};

/// @brief Paths are a world type; memories hold them as they are.
using mobsdk::Path;

/// @brief Why a mob was hurt (vanilla's DamageSource, 1.19.4+ shape: a damage type id, the causing
/// entity, the direct entity and an optional source position).
struct DamageSource {
    ResourceLocation type = ResourceLocation::of("generic");  ///< e.g. minecraft:player_attack
    std::optional<EntityRef> attacker;                        ///< vanilla's getEntity(): who caused it
    std::optional<EntityRef> direct_entity;  ///< vanilla's getDirectEntity(): the arrow, or the attacker
    std::optional<Vec3> source_position;     ///< vanilla's sourcePositionRaw (explosions, beds…)

    /// @brief True when the attacker hit directly (vanilla's isDirect: causing == direct entity).
    bool is_direct() const noexcept { return attacker == direct_entity; }
    /// @brief Member-wise equality (entities compared by UUID).
    friend bool operator==(const DamageSource&, const DamageSource&) = default;
};

/// @brief The `visible_mobs` memory (vanilla's NearestVisibleLivingEntities, 1.19+): the nearby
/// living entities, closest first, and whether the observer sees each of them.
///
/// As in vanilla, the sensor that fills it (NearestLivingEntitySensor, through assign_lazy) does not
/// test visibility (line of sight and targetability) up front: an entity is tested the first time a
/// query needs its answer — after the query's own predicate, so `find_closest(is_hostile)` casts no
/// ray at a pig — and the answer is kept until the next scan replaces the value (vanilla's
/// computeIfAbsent). A value built from explicit lists (the constructor, from(), assign()) knows
/// every answer from the start. Queries are `const` and may run the test: they are not thread-safe,
/// like the rest of a brain.
///
/// Not a collection on purpose: an empty one is still a value (vanilla sets it every scan and
/// reads `NearestVisibleLivingEntities.empty()` when absent), so it must not erase the memory.
class NearestVisibleLivingEntities {
public:
    /// @brief The visibility rule of a lazily tested value: does `observer` see `target`? Called
    /// at most once per nearby entity and scan; `context` is what assign_lazy was given (the
    /// standard sensor passes its attack-target memory's index).
    using VisibilityTest = bool (*)(Level& level, Mob& observer, const Entity& target, std::uint64_t context);

    /// @brief Nothing nearby (vanilla's empty()).
    NearestVisibleLivingEntities() = default;
    /// @brief From the nearby list and the visible subset; `visible` must keep `nearby`'s order
    /// (std::invalid_argument naming the first entity that is not in `nearby` in that order).
    NearestVisibleLivingEntities(EntityList nearby, EntityList visible);
    /// @brief From the nearby list and a visibility test run now, once per entity.
    template <typename IsVisible>
    static NearestVisibleLivingEntities from(EntityList nearby, IsVisible&& is_visible) {
        EntityList visible;
        visible.reserve(nearby.size());
        for (const EntityRef& e : nearby)
            if (is_visible(e)) visible.push_back(e);
        return NearestVisibleLivingEntities(std::move(nearby), std::move(visible));
    }

    /// @brief Replaces both lists (`visible` keeping `nearby`'s order, as the constructor checks),
    /// reusing their storage.
    void assign(std::span<const EntityRef> nearby, std::span<const EntityRef> visible);
    /// @brief Replaces the nearby list, reusing its storage, and forgets every answer: from now on
    /// `test(level, observer, target, context)` decides, lazily. `observer` is resolved through
    /// `level` when a test runs (an observer gone by then sees nothing), so the value holds no
    /// pointer to a mob; `level` must outlive it (the world outlives its mobs' memories).
    void assign_lazy(std::span<const EntityRef> nearby, Level& level, const EntityRef& observer, VisibilityTest test,
                     std::uint64_t context);

    /// @brief All nearby entities, closest first, visible or not.
    const EntityList& nearby() const noexcept { return nearby_; }
    /// @brief Whether the observer sees `nearby()[index]` (tests it if not yet tested).
    bool is_visible(std::size_t index) const {
        const std::uint8_t a = answers_[index];
        return a == untested ? test_at(index) : a == seen;
    }
    /// @brief How many nearby entities have been tested so far (all of them for a value built
    /// from explicit lists): what the laziness saved is nearby().size() minus this.
    std::size_t tested_count() const noexcept;
    /// @brief Whether the observer sees `nearby()[index]` if that is known already; nothing when it
    /// is still untested. Never runs the test (debug output uses it: showing a value must not
    /// change it).
    std::optional<bool> known_visibility(std::size_t index) const noexcept {
        const std::uint8_t a = answers_[index];
        if (a == untested) return std::nullopt;
        return a == seen;
    }
    /// @brief The visible ones, closest first. Tests every entity not yet tested.
    const EntityList& visible() const;
    /// @brief True when nothing nearby is visible. Tests entities until one is visible.
    bool none_visible() const {
        for (std::size_t i = 0; i < nearby_.size(); ++i)
            if (is_visible(i)) return false;
        return true;
    }

    /// @brief True when the entity is nearby and visible (vanilla's contains(LivingEntity)).
    bool contains(const EntityRef& entity) const;
    /// @brief True when a visible entity satisfies `pred(const EntityRef&)` (vanilla's
    /// contains(Predicate)).
    template <typename Pred>
    bool contains_matching(Pred&& pred) const {
        for (std::size_t i = 0; i < nearby_.size(); ++i)
            if (pred(nearby_[i]) && is_visible(i)) return true;
        return false;
    }
    /// @brief The closest visible entity satisfying `pred(const EntityRef&)` (vanilla's
    /// findClosest: the predicate first, then visibility).
    template <typename Pred>
    std::optional<EntityRef> find_closest(Pred&& pred) const {
        for (std::size_t i = 0; i < nearby_.size(); ++i)
            if (pred(nearby_[i]) && is_visible(i)) return nearby_[i];
        return std::nullopt;
    }
    /// @brief The closest visible entity that resolves in `level` and satisfies `pred(Entity&)`;
    /// entities gone since the scan are skipped.
    template <typename Pred>
    Entity* find_closest(Level& level, Pred&& pred) const {
        for (std::size_t i = 0; i < nearby_.size(); ++i)
            if (Entity* e = level.resolve(nearby_[i]); e && pred(*e) && is_visible(i)) return e;
        return nullptr;
    }
    /// @brief Appends to `out` every visible entity satisfying `pred(const EntityRef&)`, closest
    /// first (vanilla's findAll); `out` is the caller's reusable buffer.
    template <typename Pred>
    void find_all(Pred&& pred, EntityList& out) const {
        for (std::size_t i = 0; i < nearby_.size(); ++i)
            if (pred(nearby_[i]) && is_visible(i)) out.push_back(nearby_[i]);
    }

    /// @brief Equal when the nearby lists, the answers known so far and the lazy test's binding
    /// (level, observer, test, context) are: two values built from explicit lists compare their
    /// lists; a lazily tested value can become unequal to its copy as queries test entities.
    friend bool operator==(const NearestVisibleLivingEntities& a, const NearestVisibleLivingEntities& b) noexcept;

private:
    static constexpr std::uint8_t untested = 0, seen = 1, unseen = 2;
    bool test_at(std::size_t index) const;

    EntityList nearby_;
    mutable std::vector<std::uint8_t> answers_;  // by index into nearby_
    mutable EntityList visible_;                 // visible()'s answer, once complete
    mutable bool visible_complete_ = true;
    Level* level_ = nullptr;  // the lazy test's binding: null for explicit lists
    EntityRef observer_{};
    VisibilityTest test_ = nullptr;
    std::uint64_t context_ = 0;
};

/// @brief `block (1, 64, 2)`, or `entity ` and the entity as format_entity shows it, then `, eyes`
/// when it tracks the eyes. A gone entity shows the block it was last seen in.
std::string format_memory_value(const PositionTracker& tracker, const FormatContext& context);
/// @brief `to (1, 64, 2), speed 0.6, close enough within 1, 4.20 away` (the distance when the
/// context has the mob's position); an entity target as format_entity shows it.
std::string format_memory_value(const WalkTarget& target, const FormatContext& context);
/// @brief `minecraft:player_attack by <attacker>, direct <entity>, from (x, y, z)`, each part only
/// when the source has it.
std::string format_memory_value(const DamageSource& source, const FormatContext& context);
/// @brief `3 nearby, 1 visible, 1 untested: <entity> [visible]; <entity> [not visible]; <entity>
/// [untested]`: the first FormatContext::max_items entities. Runs no visibility test.
std::string format_memory_value(const NearestVisibleLivingEntities& entities, const FormatContext& context);

}  // namespace mobsdk::brain
