// A mob's recent mind as a history (mobsdk/debug/history.hpp): what runs now, as sorted names,
// compared with what ran at the previous observe.
#include "mobsdk/debug/history.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>
#include <utility>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/goal/goal_selector.hpp"
#include "running.hpp"

namespace mobsdk::debug {

namespace {

void running_names(const brain::BehaviorControl& b, std::vector<std::string>& out) {
    out.push_back(detail::behavior_name(b));
    detail::for_each_running_child(b, [&](const brain::BehaviorControl& c) { running_names(c, out); });
}

void goal_names(const goal::GoalSelector* selector, std::vector<std::string>& out) {
    if (!selector) return;
    for (const goal::WrappedGoal& w : selector->goals())
        if (w.running) out.push_back(w.goal->debug_string());
}

std::string activity_label(const std::string& name, bool started) {
    return "activity " + name + (started ? " started" : " stopped");
}
std::string behavior_label(const std::string& name, bool started) { return (started ? "started " : "stopped ") + name; }
std::string goal_label(const std::string& name, bool started) {
    return (started ? "goal started " : "goal stopped ") + name;
}
std::string target_label(const std::string& name, bool started) {
    return (started ? "target goal started " : "target goal stopped ") + name;
}

}  // namespace

MindHistory::MindHistory(std::size_t capacity) : capacity_(std::max<std::size_t>(capacity, 1)) {}

void MindHistory::add(std::int64_t game_time, std::string text) {
    events_.push_front(MindEvent{game_time, std::move(text)});
    if (events_.size() > capacity_) events_.pop_back();
}

// Records the names in `before` and not in `now` as stopped, then those in `now` and not in
// `before` as started (a name running twice counts twice), and keeps `now` (sorted) in `before`.
void MindHistory::compare(std::int64_t game_time, std::vector<std::string>& before, std::vector<std::string>& now,
                          Label label) {
    std::sort(now.begin(), now.end());
    if (observed_) {
        diff_.clear();
        std::set_difference(before.begin(), before.end(), now.begin(), now.end(), std::back_inserter(diff_));
        for (const std::string& name : diff_) add(game_time, label(name, false));
        diff_.clear();
        std::set_difference(now.begin(), now.end(), before.begin(), before.end(), std::back_inserter(diff_));
        for (const std::string& name : diff_) add(game_time, label(name, true));
    }
    before.swap(now);
    now.clear();
}

void MindHistory::observe(Mob& mob, std::int64_t game_time) {
    const brain::Brain* b = mob.brain();
    now_.clear();
    if (b) {
        const brain::BrainRegistries& regs = b->layout().registries();
        for (brain::Activity a : b->active_activities()) now_.push_back(regs.activities.id_of(a).str());
    }
    if (!observed_) {
        std::string line = "watching: activities ";
        for (std::size_t i = 0; i < now_.size(); ++i) line += (i ? ", " : "") + now_[i];
        if (now_.empty()) line += "none";
        add(game_time, std::move(line));
    }
    compare(game_time, activities_, now_, activity_label);
    if (b)
        for (const brain::BehaviorControl* r : b->running_behaviors()) running_names(detail::unwrapped(*r), now_);
    compare(game_time, behaviors_, now_, behavior_label);
    goal_names(mob.goal_selector(), now_);
    compare(game_time, goals_, now_, goal_label);
    goal_names(mob.target_selector(), now_);
    compare(game_time, targets_, now_, target_label);
    observed_ = true;
}

std::string MindHistory::json() const {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const MindEvent& e : events_) out.push_back({{"time", e.game_time}, {"text", e.text}});
    return out.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace mobsdk::debug
