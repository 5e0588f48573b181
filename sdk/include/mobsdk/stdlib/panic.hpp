// The villager's panic, bell and hiding behaviours (seed 000's 五 and the panic and hide
// packages, vanilla 1.19.3–1.21): entering PANIC, summoning iron golems exactly as
// Villager.spawnGolemIfNeeded, calming down, the bell that sends villagers into HIDE, and hiding.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/one_shot.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/level.hpp"
#include "mobsdk/world/poi_type.hpp"

namespace mobsdk::stdlib {

/// @brief The block rules of summoning an iron golem, resolved once from a block registry: which
/// blocks are air or liquid, which it may not stand on (SpawnUtil.Strategy.LEGACY_IRON_GOLEM) and
/// which are dangerous to it (EntityType.isBlockDangerous). A test is one bit per block, never a
/// comparison of ids; a block registered after the table was made counts as none of them, except
/// where vanilla reads a tag (`#fire`, a lit `#campfires`), which any block may carry.
class GolemSpawnBlocks {
public:
    /// @brief Classifies every block `blocks` holds now (vanilla's ids; other namespaces are none).
    explicit GolemSpawnBlocks(const BlockRegistry& blocks);
    /// @brief BlockState.isAir: air, cave_air, void_air.
    bool is_air(BlockState state, const BlockRegistry& blocks) const noexcept { return has(state, blocks, air); }
    /// @brief BlockState.liquid(): water, lava, bubble_column.
    bool is_liquid(BlockState state, const BlockRegistry& blocks) const noexcept { return has(state, blocks, liquid); }
    /// @brief LEGACY_IRON_GOLEM's excluded blocks (glass, panes, leaves, ice, cactus…).
    bool never_stood_on(BlockState state, const BlockRegistry& blocks) const noexcept {
        return has(state, blocks, excluded);
    }
    /// @brief Powder snow: stood on although not legacy-solid.
    bool is_powder_snow(BlockState state, const BlockRegistry& blocks) const noexcept {
        return has(state, blocks, powder_snow);
    }
    /// @brief Dangerous to the golem: fire, lava, magma, wither roses, berry bushes, cactus, powder
    /// snow, and campfires while lit.
    bool is_dangerous(BlockState state, const BlockRegistry& blocks) const noexcept;

private:
    enum Flag : std::uint8_t { air = 1, liquid = 2, excluded = 4, powder_snow = 8, dangerous = 16 };
    bool has(BlockState state, const BlockRegistry& blocks, Flag flag) const noexcept {
        const std::uint32_t i = blocks.block_of(state).index();
        return i < flags_.size() && (flags_[i] & flag) != 0;
    }
    std::vector<std::uint8_t> flags_;  // per block, by its handle's index
};

/// @brief What summoning an iron golem needs: its type (the stdlib does not hard-code
/// registries), its size, for the spawn obstruction check (vanilla's 1.4 × 2.7), and the block
/// rules resolved from the registry the world uses.
struct GolemSummoning {
    /// @brief For `iron_golem`, with the block rules of `blocks` (call it once the vanilla blocks
    /// are registered, e.g. in a plugin's register_content).
    GolemSummoning(Handle<EntityTypeInfo> iron_golem, const BlockRegistry& blocks)
        : iron_golem(iron_golem), blocks(std::make_shared<const GolemSpawnBlocks>(blocks)) {}
    Handle<EntityTypeInfo> iron_golem;               ///< minecraft:iron_golem
    float width = 1.4f;                              ///< the golem's box width
    float height = 2.7f;                             ///< the golem's box height
    std::shared_ptr<const GolemSpawnBlocks> blocks;  ///< the block rules (shared by every copy)
};

/// @brief Vanilla's Villager.wantsToSpawnGolem: LAST_SLEPT present and less than 24,000 ticks
/// before `game_time`, and GOLEM_DETECTED_RECENTLY absent.
bool wants_to_spawn_golem(const brain::Brain& brain, const brain::StandardMemories& m, std::int64_t game_time);

/// @brief Vanilla's SpawnUtil.trySpawnMob(IRON_GOLEM, MOB_SUMMONED, level, origin, 10, 8, 6,
/// Strategy.LEGACY_IRON_GOLEM): 10 tries; each draws x and z offsets in [−8, 8] and searches the
/// column from 6 above down to 6 below `origin` for a block the golem may stand on (LEGACY_IRON_GOLEM:
/// not glass, panes, leaves, ice, cactus, cobweb, TNT, glowstone, beacon, sea lantern or conduit;
/// legacy-solid; air or liquid above). A spot found draws the golem's yaw (nextFloat × 360) and
/// must pass IronGolem.checkSpawnObstruction (a top face to stand on below; its block and the two
/// above without a full collision shape, fluid (above the feet), fire, cactus or berry bush; no
/// living entity in its box); the golem is then summoned there. nullptr when every try failed.
/// `scratch` is a reusable buffer.
Mob* try_spawn_iron_golem(Level& level, BlockPos origin, const GolemSummoning& golem, std::vector<EntityRef>& scratch);

/// @brief Vanilla's Villager.spawnGolemIfNeeded(level, time, count), seed 000: when `villager`
/// wants a golem, every entity of its type whose box meets its box grown by 10 is counted; if at
/// least `count` of them (at most 5 looked at) want one, try_spawn_iron_golem from its block;
/// on success every one of them (wanting or not) gets GOLEM_DETECTED_RECENTLY for 600 ticks
/// (GolemSensor.golemDetected). Returns the golem, or nullptr.
Mob* spawn_golem_if_needed(Level& level, Mob& villager, std::int64_t time, std::int32_t count,
                           const brain::StandardMemories& m, const GolemSummoning& golem,
                           std::vector<EntityRef>& scratch);

/// @brief Vanilla's VillagerPanicTrigger (core package, priority 0): no entry condition and
/// Behavior's default 60 ticks, so it starts every tick; when hurt (HURT_BY) or near a hostile
/// (NEAREST_HOSTILE) it erases PATH, WALK_TARGET, LOOK_TARGET, BREED_TARGET and
/// INTERACTION_TARGET unless PANIC is already active, and asks for PANIC. It keeps running while
/// hurt or threatened and, on ticks whose game time is divisible by 100, calls
/// spawn_golem_if_needed(…, 3). As in vanilla it times out after 60 ticks and starts again a tick
/// later, so the tick it stops on makes no golem attempt.
class VillagerPanicTrigger final : public brain::Behavior {
public:
    /// @brief `panic` is the PANIC activity.
    VillagerPanicTrigger(const brain::StandardMemories& m, brain::Activity panic, GolemSummoning golem);
    std::string debug_string() const override { return "VillagerPanicTrigger"; }

protected:
    bool can_still_use(Level& level, Mob& mob, std::int64_t time) override;
    void start(Level& level, Mob& mob, std::int64_t time) override;
    void tick(Level& level, Mob& mob, std::int64_t time) override;

private:
    bool is_hurt_or_threatened(const brain::Brain& brain) const;

    brain::MemoryModuleType<brain::DamageSource> hurt_by_;
    brain::MemoryModuleType<EntityRef> nearest_hostile_;
    brain::MemoryModuleType<Path> path_;
    brain::MemoryModuleType<brain::WalkTarget> walk_target_;
    brain::MemoryModuleType<brain::PositionTracker> look_target_;
    brain::MemoryModuleType<EntityRef> breed_target_, interaction_target_;
    brain::MemoryModuleType<std::int64_t> last_slept_;
    brain::MemoryModuleType<bool> golem_detected_recently_;
    brain::Activity panic_;
    GolemSummoning golem_;
    std::vector<EntityRef> scratch_;
};

/// @brief VillagerCalmDown.create() (panic package, priority 0): HURT_BY, HURT_BY_ENTITY and
/// NEAREST_HOSTILE registered. When HURT_BY and NEAREST_HOSTILE are absent and the HURT_BY_ENTITY
/// (if any, and still there) is farther than 6 blocks (distSqr > 36), erases HURT_BY and
/// HURT_BY_ENTITY and lets the schedule choose the activity again. Always triggers.
std::unique_ptr<brain::OneShot> villager_calm_down(const brain::StandardMemories& m);

/// @brief SetHiddenState.create(seconds, close_enough) (hide package: (15, 3)): with HIDING_PLACE
/// and HEARD_BELL_TIME present, counts the ticks the mob's block is within `close_enough`
/// (distSqr < close_enough²) of the hiding place; once that count passes seconds × 20, or 300
/// ticks after the bell was heard, erases both memories, lets the schedule choose the activity
/// again and resets the count. Always triggers.
std::unique_ptr<brain::OneShot> set_hidden_state(const brain::StandardMemories& m, std::int32_t seconds,
                                                 std::int32_t close_enough);

/// @brief LocateHidingPlace.create(radius, speed, close_enough) (hide package: (32, speed × 1.25,
/// 2)): with WALK_TARGET absent, picks a bed (home POI, any occupancy): the closest within
/// close_enough + 1 if its centre is within close_enough, else a random one within `radius`
/// (PoiManager.getRandom's shuffle), else the mob's own HOME. Then erases PATH, LOOK_TARGET,
/// BREED_TARGET and INTERACTION_TARGET, sets HIDING_PLACE and, unless already within
/// close_enough of it, WALK_TARGET (close enough `close_enough`). Always triggers.
std::unique_ptr<brain::OneShot> locate_hiding_place(const brain::StandardMemories& m, Handle<PoiTypeInfo> home,
                                                    std::int32_t radius, float speed, std::int32_t close_enough);

/// @brief ReactToBell.create() (core package): with HEARD_BELL_TIME present asks for the HIDE
/// activity (vanilla only when no raid is at the mob; there are no raids). Always triggers.
std::unique_ptr<brain::OneShot> react_to_bell(const brain::StandardMemories& m, brain::Activity hide);

/// @brief Vanilla's BellBlock.attemptToRing → BellBlockEntity: every living entity whose box
/// meets the bell's block grown by 48, alive and with its feet closer than 32 blocks to the bell's
/// centre, whose brain registers HEARD_BELL_TIME, gets it set to the game time. False (and nothing
/// heard) when `bell` is not a minecraft:bell. `scratch`, when given, is a reusable buffer.
bool ring_bell(Level& level, BlockPos bell, const brain::StandardMemories& m,
               std::vector<EntityRef>* scratch = nullptr);

/// @brief RingBell.create() (pre-raid package): with MEETING_POINT present, on a nextFloat() above
/// 0.95 (so 5 % of triggers) and within distSqr 9 of the meeting point rings it (ring_bell).
/// Triggers whenever the draw passes, rung or not.
std::unique_ptr<brain::OneShot> ring_bell(const brain::StandardMemories& m);

}  // namespace mobsdk::stdlib
