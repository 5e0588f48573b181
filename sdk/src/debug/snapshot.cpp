// Snapshots of a mob's mind as JSON (mobsdk/debug/snapshot.hpp), built with nlohmann::json in key
// order and written as compact text; strings that are not valid UTF-8 are repaired, not refused.
#include "mobsdk/debug/snapshot.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <string>

#include "mobsdk/brain/composites.hpp"
#include "mobsdk/brain/gate_behavior.hpp"
#include "mobsdk/bt/brain_behavior.hpp"
#include "mobsdk/bt/goal_adapter.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "running.hpp"

namespace mobsdk::debug {

namespace {

using Json = nlohmann::ordered_json;

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

const char* flag_name(goal::Flag f) noexcept {
    switch (f) {
        case goal::Flag::Move: return "move";
        case goal::Flag::Look: return "look";
        case goal::Flag::Jump: return "jump";
        case goal::Flag::Target: return "target";
    }
    return "?";
}

Json flags_json(goal::Flags flags) {
    Json out = Json::array();
    for (int i = 0; i < goal::Flags::count; ++i) {
        const auto f = static_cast<goal::Flag>(i);
        if (flags.has(f)) out.push_back(flag_name(f));
    }
    return out;
}

Json node_json(const bt::BehaviorTree& tree, bt::NodeId id) {
    Json node{{"id", id},
              {"kind", bt::to_string(tree.kind(id))},
              {"name", tree.name(id)},
              {"status", bt::to_string(tree.status(id))}};
    Json children = Json::array();
    for (bt::NodeId c : tree.children(id)) children.push_back(node_json(tree, c));
    node["children"] = std::move(children);
    return node;
}

Json tree_value(const bt::BehaviorTree& tree) {
    return Json{{"mode", tree.mode() == bt::TickMode::EventDriven ? "event_driven" : "rewalk"},
                {"root", tree.empty() ? Json(nullptr) : node_json(tree, 0)}};
}

Json behavior_value(const brain::BehaviorControl& behavior) {
    const brain::BehaviorControl& b = detail::unwrapped(behavior);
    Json out{{"name", detail::behavior_name(b)}, {"status", detail::running(b) ? "running" : "stopped"}};
    const bool composite = dynamic_cast<const brain::GateBehavior*>(&b) || dynamic_cast<const brain::Sequential*>(&b);
    if (composite) {
        Json children = Json::array();
        detail::for_each_running_child(b,
                                       [&](const brain::BehaviorControl& c) { children.push_back(behavior_value(c)); });
        out["children"] = std::move(children);
    } else if (const auto* tb = dynamic_cast<const bt::BehaviorTreeBehavior*>(&b)) {
        out["tree"] = tree_value(tb->tree());
    }
    return out;
}

Json optional_ttl(const std::optional<std::int64_t>& ttl) { return ttl ? Json(*ttl) : Json(nullptr); }

Json brain_value(const brain::Brain& b, const brain::FormatContext& context) {
    const brain::BrainRegistries& regs = b.layout().registries();
    auto activity_list = [&](const std::vector<brain::Activity>& list) {
        Json out = Json::array();
        for (brain::Activity a : list) out.push_back(regs.activities.id_of(a).str());
        return out;
    };
    const brain::Activity fallback = b.default_activity();
    Json activities{{"core", activity_list(b.core_activities())},
                    {"active", activity_list(b.active_activities())},
                    {"default", fallback.valid() && fallback.index() < regs.activities.size()
                                    ? Json(regs.activities.id_of(fallback).str())
                                    : Json(nullptr)}};

    Json schedule = nullptr;
    if (const brain::Schedule* s = b.schedule()) {
        schedule = Json{{"id", nullptr}};
        for (const auto& e : regs.schedules)
            if (&e.value == s) schedule["id"] = e.id.str();
        if (context.level) {
            const std::int64_t day_time = context.level->day_time();
            const brain::Activity now = s->activity_at(day_time % 24000);
            schedule["day_time"] = day_time;
            schedule["now"] = now.valid() ? Json(regs.activities.id_of(now).str()) : Json(nullptr);
        }
    }

    Json running_list = Json::array();
    for (const brain::BehaviorControl* r : b.running_behaviors()) running_list.push_back(behavior_value(*r));

    Json memories = Json::array();
    for (const brain::MemorySnapshot& m : b.snapshot_memories(context)) {
        memories.push_back(Json{{"id", regs.memory_types.id_of(m.memory).str()},
                                {"present", m.present},
                                {"value", m.value},
                                {"ttl", m.present ? optional_ttl(m.ttl) : Json(nullptr)}});
    }

    Json sensors = Json::array();
    const auto& types = b.layout().sensors();
    for (std::size_t i = 0; i < b.sensors().size() && i < types.size(); ++i) {
        const brain::Sensor& s = *b.sensors()[i];
        sensors.push_back(Json{{"id", regs.sensor_types.id_of(types[i]).str()},
                               {"scan_rate", s.scan_rate()},
                               // A countdown at 0 (a first delay may be) runs on the next tick, as 1 does.
                               {"next_scan", std::max<std::int64_t>(s.time_to_tick(), 1)}});
    }
    return Json{{"activities", std::move(activities)},
                {"schedule", std::move(schedule)},
                {"running", std::move(running_list)},
                {"memories", std::move(memories)},
                {"sensors", std::move(sensors)}};
}

Json goal_selector_value(const goal::GoalSelector& selector) {
    Json goals = Json::array();
    for (const goal::WrappedGoal& w : selector.goals()) {
        Json g{{"priority", w.priority},
               {"name", w.goal->debug_string()},
               {"flags", flags_json(w.goal->flags())},
               {"running", w.running},
               {"interruptable", w.goal->is_interruptable()}};
        if (const auto* tg = dynamic_cast<const bt::BehaviorTreeGoal*>(w.goal.get()))
            g["tree"] = tree_value(tg->tree());
        goals.push_back(std::move(g));
    }
    return Json{{"disabled_flags", flags_json(selector.disabled_flags())}, {"goals", std::move(goals)}};
}

}  // namespace

std::string brain_json(const brain::Brain& brain, const brain::FormatContext& context) {
    return dump(brain_value(brain, context));
}

std::string behavior_json(const brain::BehaviorControl& behavior) { return dump(behavior_value(behavior)); }

std::string goal_selector_json(const goal::GoalSelector& selector) { return dump(goal_selector_value(selector)); }

std::string tree_json(const bt::BehaviorTree& tree) { return dump(tree_value(tree)); }

std::string mob_json(Mob& mob, const brain::FormatContext& context) {
    const Vec3 p = mob.position();
    Json type = nullptr;
    if (context.entity_types && mob.type().valid() && mob.type().index() < context.entity_types->size())
        type = context.entity_types->id_of(mob.type()).str();
    const std::optional<EntityRef> target = mob.target();
    const brain::Brain* b = mob.brain();
    const goal::GoalSelector* goals = mob.goal_selector();
    const goal::GoalSelector* targets = mob.target_selector();
    const Json j{{"uuid", mob.uuid().str()},
                 {"type", std::move(type)},
                 {"position", Json::array({p.x, p.y, p.z})},
                 {"y_rot", mob.y_rot()},
                 {"health", mob.health()},
                 {"max_health", mob.max_health()},
                 {"target", target ? Json(target->uuid.str()) : Json(nullptr)},
                 {"brain", b ? brain_value(*b, context) : Json(nullptr)},
                 {"goals", goals ? goal_selector_value(*goals) : Json(nullptr)},
                 {"targets", targets ? goal_selector_value(*targets) : Json(nullptr)}};
    return dump(j);
}

}  // namespace mobsdk::debug
