// The POI behaviours of the standard library (seed 000, vanilla 1.19.3–1.21): claiming beds, bells
// and job sites (AcquirePoi), checking them (ValidateNearbyPoi), the job-site hand-over between
// villagers (YieldJobSite, GoToPotentialJobSite, AssignProfessionFromJobSite, PoiCompetitorScan,
// ResetProfession) and the strolls around remembered POIs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/one_shot.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/core/registry.hpp"
#include "mobsdk/stdlib/villager.hpp"
#include "mobsdk/world/level.hpp"
#include "mobsdk/world/poi_type.hpp"

namespace mobsdk::stdlib {

/// @brief Which POI types a behaviour accepts (vanilla's Predicate<Holder<PoiType>>): a fixed set
/// (`poi.is(PoiTypes.HOME)`), or the job site of the villager's current profession — vanilla's
/// `profession.heldJobSite()` / `profession.acquirableJobSite()`, read from the mob's
/// VillagerState each time, so a villager whose profession changes needs no new brain for it.
/// Copy one per behaviour: it caches the last profession it looked up. The professions table must
/// outlive it (the plugin that registered the villager keeps it).
class PoiFilter {
public:
    /// @brief Exactly these types (none accepted when empty).
    static PoiFilter of(std::vector<Handle<PoiTypeInfo>> types);
    /// @brief Vanilla's heldJobSite: the job site of the mob's profession; nothing for
    /// minecraft:none, minecraft:nitwit and mobs without a VillagerState.
    static PoiFilter held_job_site(const VillagerProfessions& professions);
    /// @brief Vanilla's acquirableJobSite: every job site for minecraft:none, the profession's own
    /// otherwise; nothing for minecraft:nitwit and mobs without a VillagerState.
    static PoiFilter acquirable_job_site(const VillagerProfessions& professions);

    /// @brief The types accepted for `mob` now. Empty means none (never "any", unlike the
    /// PoiManager queries' empty span). Valid until the next call.
    std::span<const Handle<PoiTypeInfo>> types(Mob& mob) const;
    /// @brief True when `type` is accepted for `mob` now.
    bool test(Mob& mob, Handle<PoiTypeInfo> type) const;

private:
    enum class Kind : std::uint8_t { Types, HeldJobSite, AcquirableJobSite };
    PoiFilter(Kind kind, std::vector<Handle<PoiTypeInfo>> types, const VillagerProfessions* professions)
        : kind_(kind), types_(std::move(types)), professions_(professions) {}
    const VillagerProfession* profession_of(Mob& mob) const;

    Kind kind_;
    std::vector<Handle<PoiTypeInfo>> types_;
    const VillagerProfessions* professions_ = nullptr;
    // The last profession looked up, so the per-tick validators compare one id instead of
    // searching the table.
    mutable std::optional<ResourceLocation> cached_id_;
    mutable const VillagerProfession* cached_ = nullptr;
};

/// @brief Vanilla's AcquirePoi.JitteredLinearRetry: when a scan found no path to a POI, the POI is
/// skipped until `next_attempt`; each further failure adds 40–79 ticks to the delay (at most 400);
/// a marker whose last attempt is 400 or more ticks old is dropped (the POI is fresh again).
struct PoiRetryMarker {
    BlockPos pos;                       ///< the POI it is for
    std::int64_t previous_attempt = 0;  ///< vanilla's previousAttemptTimestamp
    std::int64_t next_attempt = 0;      ///< vanilla's nextScheduledAttemptTimestamp
    std::int32_t current_delay = 0;     ///< vanilla's currentDelay
    /// @brief Records an attempt at `time`: delay += nextInt(40) + 40, capped at 400.
    void mark_attempt(RandomSource& random, std::int64_t time) noexcept;
    /// @brief Vanilla's isStillValid: fewer than 400 ticks since the last attempt.
    bool still_valid(std::int64_t time) const noexcept { return time - previous_attempt < 400; }
    /// @brief Vanilla's shouldRetry: the scheduled time has come.
    bool should_retry(std::int64_t time) const noexcept { return time >= next_attempt; }
};

/// @brief Vanilla's AcquirePoi.create(predicate, main, potential, onlyIfAdult, eventId): claims the
/// nearest reachable free POI. Entry: `potential` absent (and `main` absent when they differ).
///
/// The first trigger only draws the first scan time, game time + nextInt(20); each scan then sets
/// the next one to time + 20 + nextInt(20). A scan drops retry markers that are no longer valid,
/// lists the POIs of the accepted types with a free ticket within 48 blocks of the mob's block
/// (squared block distance ≤ 48²), skips those whose marker is not due (a due marker is marked
/// again), keeps the 5 closest and asks the navigation for one path to that set, reaching within
/// the largest valid range among them (at least 1). A reaching path claims the POI it ends at: a
/// ticket is taken, `potential` is set to it and every marker is cleared. Otherwise each of the 5
/// without a marker gets one. With `only_if_adult` a baby never triggers. A scan counts as
/// triggered whether or not it claimed anything.
///
/// Villagers use (home, HOME, HOME, false), (meeting, MEETING_POINT, MEETING_POINT, true) and
/// (acquirable_job_site, JOB_SITE, POTENTIAL_JOB_SITE, true). Vanilla's entity event 14 (happy
/// particles) has no client to go to and is not sent.
class AcquirePoi final : public brain::OneShot {
public:
    /// @brief Vanilla's scan radius (SCAN_RANGE).
    static constexpr std::int32_t scan_range = 48;
    /// @brief How many of the closest POIs one path is asked for.
    static constexpr std::size_t batch_size = 5;

    /// @brief Claims into `potential`; `main` is only an entry condition (absent) when it differs.
    /// `poi_types` gives each type's valid range; it must outlive the behaviour.
    AcquirePoi(const Registry<PoiTypeInfo>& poi_types, PoiFilter filter, brain::MemoryModuleType<GlobalPos> main,
               brain::MemoryModuleType<GlobalPos> potential, bool only_if_adult);
    /// @brief The one-memory form (main = potential): the POI is claimed outright.
    AcquirePoi(const Registry<PoiTypeInfo>& poi_types, PoiFilter filter, brain::MemoryModuleType<GlobalPos> memory,
               bool only_if_adult)
        : AcquirePoi(poi_types, std::move(filter), memory, memory, only_if_adult) {}

    bool trigger(Level& level, Mob& mob, std::int64_t time) override;
    std::span<const brain::MemoryRequirement> start_requirements() const noexcept override {
        return {requirements_.data(), requirement_count_};
    }

    /// @brief The game time of the next scan; 0 before the first trigger drew it.
    std::int64_t next_scan_time() const noexcept { return next_scan_time_; }
    /// @brief The retry marker of a POI, or nullptr when it has none.
    const PoiRetryMarker* retry_marker(BlockPos pos) const noexcept;
    /// @brief Every retry marker (vanilla's batchCache), in no particular order.
    std::span<const PoiRetryMarker> retry_markers() const noexcept { return retries_; }

private:
    const Registry<PoiTypeInfo>* poi_types_;
    PoiFilter filter_;
    brain::MemoryModuleType<GlobalPos> main_;
    brain::MemoryModuleType<GlobalPos> potential_;
    bool only_if_adult_;
    std::array<brain::MemoryRequirement, 2> requirements_;
    std::size_t requirement_count_;
    std::int64_t next_scan_time_ = 0;
    std::vector<PoiRetryMarker> retries_;
    std::vector<PoiRecord> found_;   // scratch, reused every scan
    std::vector<PoiRecord> batch_;   // scratch
    std::vector<BlockPos> targets_;  // scratch
};

/// @brief ValidateNearbyPoi.create(predicate, memory): with `memory` present and the POI in this
/// dimension with its centre closer than 16 blocks to the mob (vanilla's closerToCenterThan 16),
/// erases the memory when no POI of an accepted type is there any more, or when it is a bed that is
/// occupied while this mob is not sleeping (vanilla 1.19.3's bedIsOccupied; the ticket is released
/// too). Farther away it does not trigger, so a POI broken out of range stays remembered.
std::unique_ptr<brain::OneShot> validate_nearby_poi(const brain::StandardMemories& m, PoiFilter filter,
                                                    brain::MemoryModuleType<GlobalPos> memory);

/// @brief YieldJobSite.create(speed) with MC-258295 fixed (23w03a): entry POTENTIAL_JOB_SITE
/// present, JOB_SITE absent, MOBS present, WALK_TARGET and LOOK_TARGET registered. Only an adult
/// unemployed villager yields: to the first other living villager in MOBS that has no potential
/// job site and whose profession holds this POI type, either without a job site and with a path
/// that reaches it (within the type's valid range), or already holding this very job site. The
/// yielder forgets WALK_TARGET, LOOK_TARGET and POTENTIAL_JOB_SITE; a taker without a job site gets
/// POTENTIAL_JOB_SITE and walks to it (speed, close enough 1). The ticket stays taken. A POI that
/// is gone counts as triggered without yielding. `poi_types` and `professions` must outlive it.
std::unique_ptr<brain::OneShot> yield_job_site(const brain::StandardMemories& m, const Registry<PoiTypeInfo>& poi_types,
                                               const VillagerProfessions& professions, float speed);

/// @brief Vanilla's GoToPotentialJobSite(speed): with POTENTIAL_JOB_SITE present and the active
/// non-core activity idle, work or play (or none), walks to it (WALK_TARGET and LOOK_TARGET
/// refreshed every tick, close enough 1) for up to 1200 ticks, while the memory is present. When it
/// stops with the memory still there (timed out), it releases the POI's ticket and erases it.
class GoToPotentialJobSite final : public brain::Behavior {
public:
    /// @brief Vanilla's TICKS_UNTIL_TIMEOUT.
    static constexpr std::int32_t ticks_until_timeout = 1200;
    /// @brief `activities` gives idle, work and play.
    GoToPotentialJobSite(const brain::StandardMemories& m, const brain::VanillaActivities& activities, float speed);
    std::string debug_string() const override { return "GoToPotentialJobSite"; }

protected:
    bool check_extra_start_conditions(Level& level, Mob& mob) override;
    bool can_still_use(Level& level, Mob& mob, std::int64_t time) override;
    void tick(Level& level, Mob& mob, std::int64_t time) override;
    void stop(Level& level, Mob& mob, std::int64_t time) override;

private:
    brain::MemoryModuleType<GlobalPos> potential_;
    brain::MemoryModuleType<brain::WalkTarget> walk_target_;
    brain::MemoryModuleType<brain::PositionTracker> look_target_;
    brain::Activity idle_, work_, play_;
    float speed_;
};

/// @brief AssignProfessionFromJobSite.create(): POTENTIAL_JOB_SITE present, JOB_SITE registered.
/// Once the mob is within 2 blocks of the POI's centre (closerToCenterThan 2.0) the potential job
/// site becomes JOB_SITE; an unemployed villager then takes the profession whose job site is the
/// POI's type and asks for a brain refresh (vanilla's refreshBrain: Mob::request_brain_refresh).
/// An employed villager keeps its profession, as vanilla. Vanilla's assignProfessionWhenSpawned
/// (structure-spawned villagers) is not modelled. `professions` must outlive it.
std::unique_ptr<brain::OneShot> assign_profession_from_job_site(const brain::StandardMemories& m,
                                                                const VillagerProfessions& professions);

/// @brief PoiCompetitorScan.create(): JOB_SITE and MOBS present. Every other living villager in MOBS
/// that remembers the same job site and whose profession holds the POI type competes; vanilla's
/// selectWinner folds them starting from this mob: the current winner keeps the site only with
/// strictly more xp, the loser forgets JOB_SITE (the ticket stays with the winner). `professions`
/// must outlive it.
///
/// With `job_site_holders` (the JOB_SITE watcher, see brain::global_pos_holders) a scan first asks
/// it whether any other brain remembers a job site at this block, and reads no other mob when none
/// does: the outcome is the same, the work is one lookup instead of one per mob around. Every brain
/// that can hold the memory must then come from the watcher's registry; it must outlive the
/// behaviour (the registry keeps it).
std::unique_ptr<brain::OneShot> poi_competitor_scan(const brain::StandardMemories& m,
                                                    const VillagerProfessions& professions,
                                                    const brain::GlobalPosHolders* job_site_holders = nullptr);

/// @brief ResetProfession.create(): with JOB_SITE absent, a villager with a profession other than
/// none and nitwit, 0 xp and level ≤ 1 becomes unemployed and asks for a brain refresh.
std::unique_ptr<brain::OneShot> reset_profession(const brain::StandardMemories& m);

/// @brief StrollAroundPoi.create(memory, speed, max_distance): WALK_TARGET registered, `memory`
/// present and its centre closer than `max_distance`. At most every 180 ticks (the triggers in
/// between succeed without acting) WALK_TARGET = LandRandomPos.getPos(8, 6) at `speed`, close
/// enough 1 (erased when none is found). Villagers: (JOB_SITE, 0.4, 4) and (MEETING_POINT, 0.4, 40).
std::unique_ptr<brain::OneShot> stroll_around_poi(const brain::StandardMemories& m,
                                                  brain::MemoryModuleType<GlobalPos> memory, float speed,
                                                  std::int32_t max_distance);

/// @brief StrollToPoi.create(memory, speed, close_enough, max_distance): as StrollAroundPoi, but
/// at most every 80 ticks it walks to the POI itself. Villagers: (JOB_SITE, 0.4, 1, 10).
std::unique_ptr<brain::OneShot> stroll_to_poi(const brain::StandardMemories& m,
                                              brain::MemoryModuleType<GlobalPos> memory, float speed,
                                              std::int32_t close_enough, std::int32_t max_distance);

/// @brief StrollToPoiList.create(list, speed, close_enough, max_distance, must_be_close_to):
/// WALK_TARGET registered, `list` and `must_be_close_to` present. Picks a random entry of the list;
/// when it is in this dimension and `must_be_close_to`'s centre is closer than `max_distance`,
/// walks to that entry at most every 100 ticks. Villagers: (SECONDARY_JOB_SITE, speed, 1, 6,
/// JOB_SITE).
std::unique_ptr<brain::OneShot> stroll_to_poi_list(const brain::StandardMemories& m,
                                                   brain::MemoryModuleType<brain::GlobalPosList> list, float speed,
                                                   std::int32_t close_enough, std::int32_t max_distance,
                                                   brain::MemoryModuleType<GlobalPos> must_be_close_to);

}  // namespace mobsdk::stdlib
