// Activities (vanilla's Activity: a name that groups behaviours). Schedules (which activity a mob
// should be in at a time of day) are in schedule.hpp, which this header includes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/core/registry.hpp"
#include "mobsdk/core/result.hpp"

namespace mobsdk::brain {

/// @brief An activity as registered: vanilla's Activity is only a name, so there is no data.
struct ActivityInfo {};
/// @brief A handle to a registered activity.
using Activity = Handle<ActivityInfo>;

/// @brief The vanilla activities, registered by register_vanilla_activities.
struct VanillaActivities {
    Activity core, idle, work, play, rest, meet, panic, raid, pre_raid, hide, fight, celebrate, admire_item, avoid,
        ride, play_dead, long_jump, ram, tongue, swim, lay_spawn, sniff, investigate, roar, emerge, dig;
};

/// @brief Registers vanilla's activities under their vanilla ids (minecraft:core, …).
VanillaActivities register_vanilla_activities(Registry<ActivityInfo>& activities);

}  // namespace mobsdk::brain

// Schedules say which activity a mob is in when; every includer of activities sees them too.
#include "mobsdk/brain/schedule.hpp"
