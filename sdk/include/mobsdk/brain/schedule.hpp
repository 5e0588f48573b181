// Schedules (vanilla's Schedule and ScheduleBuilder): which activity a mob should be in at a time of
// day, as keyframes built in code or loaded from data/<namespace>/schedules/*.json.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/core/registry.hpp"
#include "mobsdk/core/result.hpp"

namespace mobsdk::brain {

/// @brief A schedule: keyframes (day time → activity), step-wise between them.
struct Schedule {
    /// @brief One change of activity.
    struct Keyframe {
        std::int32_t time;  ///< day time 0..23999 at which it starts
        Activity activity;  ///< the activity from then on
    };
    std::vector<Keyframe> keyframes;  ///< sorted by time (the builder and loader sort them)

    /// @brief The activity at a day time (taken mod 24000): the last keyframe at or before it, or —
    /// before the first keyframe — the last keyframe's (the day wraps). Invalid for no keyframes.
    Activity activity_at(std::int64_t day_time) const noexcept;
};
/// @brief A handle to a registered schedule.
using ScheduleHandle = Handle<Schedule>;

/// @brief Builds a schedule in code, as vanilla's ScheduleBuilder: `.change_activity_at(10, idle)`.
class ScheduleBuilder {
public:
    /// @brief From `time` on (0..23999), the activity is `activity`.
    ScheduleBuilder& change_activity_at(std::int32_t time, Activity activity);
    /// @brief The schedule, keyframes sorted by time; throws std::invalid_argument on a time
    /// outside 0..23999 or two keyframes at one time.
    Schedule build() const;

private:
    std::vector<Schedule::Keyframe> keyframes_;
};

/// @brief The vanilla schedules, registered by register_vanilla_schedules.
struct VanillaSchedules {
    ScheduleHandle empty, simple, villager_baby, villager_default;
};

/// @brief Registers vanilla's four schedules: `empty` (idle all day), `simple` (5000 work, 11000
/// rest), `villager_baby` (10 idle, 3000 play, 6000 idle, 10000 play, 12000 rest) and
/// `villager_default` (10 idle, 2000 work, 9000 meet, 11000 idle, 12000 rest).
VanillaSchedules register_vanilla_schedules(Registry<Schedule>& schedules, const VanillaActivities& a);

/// @brief Why a schedule file was refused: the file and what is wrong in it.
struct ScheduleLoadError {
    std::string file;     ///< the file
    std::string message;  ///< e.g. "keyframes[2].activity: unknown activity minecraft:dance"
};

/// @brief Reads one schedule from JSON: `{"keyframes": [{"time": 10, "activity": "idle"}, …]}`.
Result<Schedule, std::string> parse_schedule_json(std::string_view json, const Registry<ActivityInfo>& activities);

/// @brief Loads every `<root>/data/<namespace>/schedules/<path>.json` into `schedules` as
/// `<namespace>:<path>`. A file naming an id that is already registered replaces that schedule's
/// keyframes (so a server owner can change `minecraft:villager_default` without recompiling); a
/// new id is registered. Bad files are skipped and reported; the rest still load.
std::vector<ScheduleLoadError> load_schedules(const std::filesystem::path& root, Registry<Schedule>& schedules,
                                              const Registry<ActivityInfo>& activities);

}  // namespace mobsdk::brain
