// Sleeping for brain-driven mobs (seed 000's rest package, vanilla 1.19.3–1.21): lying down in the
// HOME bed (SleepInBed), getting up when the rest activity ends (WakeUp), and the memories a
// villager keeps about it (LAST_SLEPT, LAST_WOKEN).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/one_shot.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::stdlib {

/// @brief Vanilla's Villager.startSleeping: Mob::start_sleeping(bed), then LAST_SLEPT = the game
/// time, WALK_TARGET and CANT_REACH_WALK_TARGET_SINCE erased (memories the brain does not register
/// are left alone).
void villager_start_sleeping(Level& level, Mob& mob, const brain::StandardMemories& m, BlockPos bed);

/// @brief Vanilla's Villager.stopSleeping: Mob::stop_sleeping(), then LAST_WOKEN = the game time.
void villager_stop_sleeping(Level& level, Mob& mob, const brain::StandardMemories& m);

/// @brief Vanilla's SleepInBed: HOME present, LAST_WOKEN registered; never times out. It starts
/// when HOME is in this dimension with its centre closer than 2 blocks, is a bed that is not
/// occupied, and the mob was not woken 1–99 ticks ago (vanilla's COOLDOWN_AFTER_BEING_WOKEN,
/// measured from LAST_WOKEN). On start, if more than 40 ticks passed since it last got the mob up,
/// it closes the doors the mob opened (doors.hpp's close_remembered_doors) and lies down
/// (villager_start_sleeping). It runs while HOME is present, the rest activity is active, the mob
/// is higher than the bed's y + 0.4 and within 1.14 blocks of the bed's centre; when it stops with
/// the mob asleep, it gets it up (villager_stop_sleeping) and waits 40 ticks before it may lie down
/// again. Vanilla's isPassenger test has no SDK counterpart (no vehicles). `m` must outlive it.
class SleepInBed final : public brain::Behavior {
public:
    /// @brief Vanilla's COOLDOWN_AFTER_BEING_WOKEN.
    static constexpr std::int64_t cooldown_after_being_woken = 100;
    /// @brief `rest` is the activity it sleeps during (vanilla's Activity.REST).
    SleepInBed(const brain::StandardMemories& m, brain::Activity rest);
    std::string debug_string() const override { return "SleepInBed"; }
    /// @brief Before this game time a start does not lie down (40 ticks after being got up).
    std::int64_t next_ok_start_time() const noexcept { return next_ok_start_time_; }

protected:
    bool check_extra_start_conditions(Level& level, Mob& mob) override;
    bool can_still_use(Level& level, Mob& mob, std::int64_t time) override;
    bool timed_out(std::int64_t) const override { return false; }
    void start(Level& level, Mob& mob, std::int64_t time) override;
    void stop(Level& level, Mob& mob, std::int64_t time) override;

private:
    const brain::StandardMemories* memories_;
    brain::Activity rest_;
    std::int64_t next_ok_start_time_ = 0;
};

/// @brief WakeUp.create(): a sleeping mob whose brain is not in the rest activity gets up
/// (villager_stop_sleeping, so LAST_WOKEN is set). `m` must outlive it.
std::unique_ptr<brain::OneShot> wake_up(const brain::StandardMemories& m, brain::Activity rest);

}  // namespace mobsdk::stdlib
