// A mob's recent mind as a history: activity changes, behaviour starts and stops and goal starts
// and stops, each with the game time, kept in a bounded ring. Observed once per tick while someone
// watches the mob (the debug view); nothing is recorded for a mob nobody observes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "mobsdk/world/mob.hpp"

namespace mobsdk::debug {

/// @brief One change in a mob's mind.
struct MindEvent {
    std::int64_t game_time = 0;  ///< the level's game time when it was seen
    std::string text;  ///< e.g. "activity minecraft:panic started", "started RunOne", "goal stopped PanicGoal"
};

/// @brief The changes in one mob's mind, newest first, at most `capacity` of them.
///
/// observe() compares what the mob runs now with what it ran at the previous observe and records,
/// in this order: activities stopped, activities started, behaviours stopped, behaviours started
/// (the behaviours running at any depth: a RunOne and the child it chose, a Sequential's current
/// step, named as mobsdk/debug/snapshot.hpp names them), then the goals of its goal selector and of
/// its target selector ("goal started …", "target goal started …"). The first observe records one
/// "watching: activities …" line. Called every tick, it misses nothing that lasts a tick.
class MindHistory {
public:
    /// @brief An empty history keeping at most `capacity` events (at least 1).
    explicit MindHistory(std::size_t capacity = 64);

    /// @brief Records what changed in `mob`'s mind since the previous call, at `game_time`.
    void observe(Mob& mob, std::int64_t game_time);

    /// @brief The events, newest first.
    const std::deque<MindEvent>& events() const noexcept { return events_; }
    /// @brief The events as a JSON array, newest first: `[{"time": 1200, "text": "…"}, …]`.
    std::string json() const;

private:
    void add(std::int64_t game_time, std::string text);
    using Label = std::string (*)(const std::string& name, bool started);
    void compare(std::int64_t game_time, std::vector<std::string>& before, std::vector<std::string>& now, Label label);

    std::size_t capacity_;
    std::deque<MindEvent> events_;
    bool observed_ = false;
    std::vector<std::string> activities_, behaviors_, goals_, targets_;  // sorted, as last observed
    std::vector<std::string> now_, diff_;                                // scratch
};

}  // namespace mobsdk::debug
