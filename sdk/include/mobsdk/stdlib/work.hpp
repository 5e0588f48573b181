// The work behaviours of the standard library (seed 000's work package, vanilla 1.19.3–1.21):
// working at the job site (WorkAtPoi, the farmer's WorkAtComposter) and tending crops
// (HarvestFarmland, UseBonemeal).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/stdlib/villager.hpp"
#include "mobsdk/world/block.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::stdlib {

/// @brief The blocks the farming behaviours know (vanilla's Blocks.COMPOSTER, FARMLAND and the
/// four CropBlocks), found by id once per block registry and kept as handles. A block the registry
/// lacks stays an invalid handle and simply never matches.
struct FarmingBlocks {
    Handle<BlockInfo> composter, farmland, wheat, carrots, potatoes, beetroots;  ///< the handles
    /// @brief Looks the blocks up when `registry` is not the one they came from (cheap otherwise).
    void resolve(const BlockRegistry& registry);
    /// @brief True for one of the four CropBlocks.
    bool is_crop(Handle<BlockInfo> block) const noexcept {
        return block.valid() && (block == wheat || block == carrots || block == potatoes || block == beetroots);
    }
    /// @brief The crop's highest age (vanilla's getMaxAge): 3 for beetroots, 7 for the others.
    std::int32_t max_age(Handle<BlockInfo> crop) const noexcept { return crop == beetroots ? 3 : 7; }

private:
    const BlockRegistry* registry_ = nullptr;
};

/// @brief A crop's age property, or −1 when the state has none.
std::int32_t crop_age(const BlockRegistry& blocks, BlockState state);

/// @brief Vanilla's BoneMealItem.growCrop on a CropBlock: when the block at `pos` is a crop below
/// its maximum age, it grows by Mth.nextInt(2, 5) (a third of that, rounded down, for beetroots),
/// capped at the maximum, and one item of `bone_meal` is used up; true then. False (and nothing
/// used) for anything else.
bool grow_crop(Level& level, BlockPos pos, ItemStack& bone_meal, FarmingBlocks& blocks);

/// @brief Vanilla's WorkAtPoi: JOB_SITE present, LOOK_TARGET registered; runs 60 ticks. At most once
/// per 300 ticks (since its last check, not the last work) and then only on a coin flip
/// (nextInt(2) == 0, which alone does not count as a check) it checks that the job site is in this
/// dimension with its centre closer than 1.73 blocks; while it stays that close it runs. On start:
/// LAST_WORKED_AT_POI = now, LOOK_TARGET = the job site, then use_workstation(), then, for a mob
/// with a VillagerState, vanilla's restock: VillagerState::restock when should_restock says so (at
/// most twice a day, the second 2400 ticks after the first, and only when an offer was used).
/// Vanilla's work sound is not modelled.
class WorkAtPoi : public brain::Behavior {
public:
    /// @brief Vanilla's CHECK_COOLDOWN.
    static constexpr std::int64_t check_cooldown = 300;
    /// @brief Vanilla's DISTANCE from the job site's centre.
    static constexpr double distance = 1.73;
    /// @brief Reads JOB_SITE, writes LAST_WORKED_AT_POI and LOOK_TARGET.
    explicit WorkAtPoi(const brain::StandardMemories& m);
    std::string debug_string() const override { return "WorkAtPoi"; }
    /// @brief The game time of its last check (0 before the first).
    std::int64_t last_check() const noexcept { return last_check_; }

protected:
    bool check_extra_start_conditions(Level& level, Mob& mob) override;
    bool can_still_use(Level& level, Mob& mob, std::int64_t time) override;
    void start(Level& level, Mob& mob, std::int64_t time) override;
    /// @brief Vanilla's useWorkstation: what working does to the job site (nothing here).
    virtual void use_workstation(Level& level, Mob& mob) {
        (void)level;
        (void)mob;
    }

    brain::MemoryModuleType<GlobalPos> job_site_;  ///< JOB_SITE

private:
    brain::MemoryModuleType<std::int64_t> last_worked_;
    brain::MemoryModuleType<brain::PositionTracker> look_target_;
    std::int64_t last_check_ = 0;
};

/// @brief Vanilla's WorkAtComposter, the farmer's WorkAtPoi: when the job site is a composter,
/// first makes bread — with at most 36 bread in the inventory, min(3, wheat / 3) loaves from 3 wheat
/// each (what does not fit is dropped at the villager's feet + 0.5) — then composts: a full
/// composter (level 8) gives its bone meal first (dropped above it, level 0); then, walking the
/// inventory from the last slot, wheat seeds and beetroot seeds beyond the first 10 of each kind
/// are put in, at most 20 items in all, each raising the level with vanilla's chance (always from
/// 0, else nextDouble() < 0.3), until the level reaches 7. Needs the mob's VillagerState.
class WorkAtComposter final : public WorkAtPoi {
public:
    /// @brief Vanilla's bread cap: no bread is made above this many.
    static constexpr std::int32_t max_bread = 36;
    /// @brief Reads JOB_SITE, writes LAST_WORKED_AT_POI and LOOK_TARGET.
    explicit WorkAtComposter(const brain::StandardMemories& m) : WorkAtPoi(m) {}
    std::string debug_string() const override { return "WorkAtComposter"; }

protected:
    void use_workstation(Level& level, Mob& mob) override;

private:
    FarmingBlocks blocks_;
};

/// @brief Vanilla's HarvestFarmland (farmers only): LOOK_TARGET absent, WALK_TARGET absent,
/// SECONDARY_JOB_SITE present; runs at most 60 ticks (Behavior's default) and while fewer than 200
/// working ticks passed. It starts when, among the 27 blocks around the mob's position (floored
/// x + i, y + j, z + k for i, j, k in −1..1, in that order), one is a mature crop or air above
/// farmland: a random one becomes the target, walked to at 0.5 (close enough 1) if more than 40
/// ticks passed since it last stopped. Each tick within 1 block of the target's centre it harvests
/// a mature crop (the block's drops, as vanilla's loot tables, then air), plants on air above
/// farmland from the first inventory slot holding wheat seeds, a potato, a carrot or beetroot
/// seeds, and moves on to another random listed target (20 ticks later) once the block is a growing
/// crop. Vanilla's mobGriefing rule is taken as true (the SDK has no game rules).
class HarvestFarmland final : public brain::Behavior {
public:
    /// @brief Vanilla's HARVEST_DURATION: working ticks before it stops.
    static constexpr std::int32_t harvest_duration = 200;
    /// @brief Vanilla's SPEED_MODIFIER.
    static constexpr float speed_modifier = 0.5f;
    /// @brief Reads SECONDARY_JOB_SITE, writes LOOK_TARGET and WALK_TARGET.
    explicit HarvestFarmland(const brain::StandardMemories& m);
    std::string debug_string() const override { return "HarvestFarmland"; }
    /// @brief The block it works on.
    std::optional<BlockPos> target() const noexcept { return above_farmland_pos_; }

protected:
    bool check_extra_start_conditions(Level& level, Mob& mob) override;
    bool can_still_use(Level& level, Mob& mob, std::int64_t time) override;
    void start(Level& level, Mob& mob, std::int64_t time) override;
    void tick(Level& level, Mob& mob, std::int64_t time) override;
    void stop(Level& level, Mob& mob, std::int64_t time) override;

private:
    bool valid_pos(Level& level, BlockPos pos);
    std::optional<BlockPos> random_valid_farmland(Level& level);
    void set_targets(Mob& mob, BlockPos pos);

    brain::MemoryModuleType<brain::PositionTracker> look_target_;
    brain::MemoryModuleType<brain::WalkTarget> walk_target_;
    FarmingBlocks blocks_;
    std::optional<BlockPos> above_farmland_pos_;
    std::int64_t next_ok_start_time_ = 0;
    std::int32_t time_worked_so_far_ = 0;
    std::vector<BlockPos> valid_farmland_;  // reused
};

/// @brief Vanilla's UseBonemeal: LOOK_TARGET and WALK_TARGET absent; runs 60 ticks at most and
/// while it has a target and fewer than 80 working ticks passed. It may start on ticks divisible
/// by 10, once 160 ticks passed since its last session, with bone meal in the inventory and a
/// growing crop among the 27 blocks around the mob's block (picked by reservoir sampling:
/// nextInt(count) == 0). Holding bone meal, it walks to the crop (0.5, close enough 1); within 1
/// block of its centre, from the target's time on, it uses one bone meal of the first inventory
/// slot holding some (grow_crop), then picks the next crop and waits 40 ticks. Vanilla counts the
/// villager's own tickCount; the SDK's Mob has none, so the game time stands in for it.
class UseBonemeal final : public brain::Behavior {
public:
    /// @brief Vanilla's BONEMEALING_DURATION: working ticks before it stops.
    static constexpr std::int32_t bonemealing_duration = 80;
    /// @brief Writes LOOK_TARGET and WALK_TARGET.
    explicit UseBonemeal(const brain::StandardMemories& m);
    std::string debug_string() const override { return "UseBonemeal"; }
    /// @brief The crop it works on.
    std::optional<BlockPos> crop_pos() const noexcept { return crop_pos_; }

protected:
    bool check_extra_start_conditions(Level& level, Mob& mob) override;
    bool can_still_use(Level& level, Mob& mob, std::int64_t time) override;
    void start(Level& level, Mob& mob, std::int64_t time) override;
    void tick(Level& level, Mob& mob, std::int64_t time) override;
    void stop(Level& level, Mob& mob, std::int64_t time) override;

private:
    std::optional<BlockPos> pick_next_target(Level& level, const Mob& mob);
    void set_current_crop_as_target(Mob& mob);

    brain::MemoryModuleType<brain::PositionTracker> look_target_;
    brain::MemoryModuleType<brain::WalkTarget> walk_target_;
    FarmingBlocks blocks_;
    std::int64_t next_work_cycle_time_ = 0;
    std::int64_t last_bonemealing_session_ = 0;
    std::int32_t time_worked_so_far_ = 0;
    std::optional<BlockPos> crop_pos_;
};

}  // namespace mobsdk::stdlib
