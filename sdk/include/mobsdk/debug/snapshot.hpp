// Snapshots of a mob's mind as JSON text: its Brain (activities, schedule, running behaviours as
// their tree, memories, sensors), its goal selectors and its behaviour trees. The debug view sends
// them to the browser; a plugin may log them or show them its own way. Reading only: a snapshot
// changes nothing, and nothing is recorded or allocated unless one is taken.
#pragma once

#include <string>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/memory_format.hpp"
#include "mobsdk/bt/tree.hpp"
#include "mobsdk/goal/goal.hpp"
#include "mobsdk/world/mob.hpp"

namespace mobsdk::debug {

/// @brief A brain as one JSON object:
///
///     {"activities": {"core": ["minecraft:core"], "active": ["minecraft:core", "minecraft:idle"],
///                     "default": "minecraft:idle"},
///      "schedule": {"id": "minecraft:villager_default", "day_time": 2000, "now": "minecraft:work"},
///      "running": [<behaviour>, …],
///      "memories": [{"id": "minecraft:home", "present": true, "value": "{dimension:…}",
///                    "ttl": null}, …],
///      "sensors": [{"id": "minecraft:nearest_bed", "scan_rate": 20, "next_scan": 7}, …]}
///
/// `running` holds the behaviours now running, in priority order, each as behavior_json shows it.
/// Every registered memory is listed in slot order, its value shown by the formatter its type was
/// registered with (a plugin's own `format_memory_value` included; see memory_format.hpp) with
/// `context`; `ttl` is the ticks it has left, or null when it never expires (or is absent).
/// `schedule` is null without one; its `id` is null for a schedule not in the registries, and
/// `day_time` and `now` (what the schedule says at that time) are left out without a level in
/// `context`. `default` is null when no default activity was set. A sensor's `next_scan` counts
/// the brain ticks until it next runs (1: on the next one).
std::string brain_json(const brain::Brain& brain, const brain::FormatContext& context = {});

/// @brief A behaviour as one JSON object: `{"name": "RunOne", "status": "running", "children": [...]}`.
///
/// `name` is the behaviour's debug_string(), or for a GateBehavior (RunOne, FirstApplicable…) its
/// type_name(). A gate and a Sequential list, as `children`, the children that run now (the child a
/// RunOne chose); a decorator (RunFor, Cooldown…) shows the behaviour it wraps; a
/// bt::BehaviorTreeBehavior adds `tree`, its tree as tree_json shows it.
std::string behavior_json(const brain::BehaviorControl& behavior);

/// @brief A goal selector as one JSON object:
///
///     {"disabled_flags": [], "goals": [{"priority": 1, "name": "PanicGoal", "flags": ["move"],
///                                       "running": true, "interruptable": true}, …]}
///
/// Goals are listed in the order added, each with its debug_string() as `name`; flags are `move`,
/// `look`, `jump`, `target`. A bt::BehaviorTreeGoal adds `tree`, as tree_json shows it.
std::string goal_selector_json(const goal::GoalSelector& selector);

/// @brief A behaviour tree as one JSON object: `{"mode": "rewalk", "root": <node>}`, each node
/// `{"id": 0, "kind": "sequence", "name": "", "status": "Running", "children": [<node>, …]}` with
/// the kind and status as bt::to_string spells them; `root` is null for an empty tree.
std::string tree_json(const bt::BehaviorTree& tree);

/// @brief A whole mob as one JSON object:
///
///     {"uuid": "…", "type": "minecraft:villager", "position": [x, y, z], "y_rot": 90.0,
///      "health": 20.0, "max_health": 20.0, "target": "…" | null,
///      "brain": <brain_json> | null, "goals": <goal_selector_json> | null,
///      "targets": <goal_selector_json of the target selector> | null}
///
/// `type` comes from `context.entity_types` (null without them); the brain's memories are shown
/// with `context`, whose origin should be the mob's position.
std::string mob_json(Mob& mob, const brain::FormatContext& context);

}  // namespace mobsdk::debug
