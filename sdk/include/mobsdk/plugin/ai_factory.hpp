// The AI an entity type carries: the interface a plugin implements to give each new mob of its
// type a brain, goals and its type-specific state. EntityTypeInfo (world) only forward-declares
// it, so world never sees brain or goal.
#pragma once

#include <memory>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/goal/goal.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk {

/// @brief Makes the AI of each new mob of an entity type: vanilla's makeBrain (Brain.Provider),
/// registerGoals and the fields of the Mob subclass. Implemented by a plugin, owned by its
/// PluginContext, pointed to by EntityTypeInfo::ai_factory. A type may use a brain, goals or
/// both (vanilla's piglins have both). Every method may throw: the mob then stays without AI and
/// the host logs why.
class MobAiFactory {
public:
    virtual ~MobAiFactory() = default;
    /// @brief The type-specific state of `mob` (saved with it), or nullptr. Called first, before
    /// make_brain and add_goals, and before the mob reads its NBT.
    virtual std::unique_ptr<MobAttachment> make_attachment(Level& level, Mob& mob) const {
        (void)level, (void)mob;
        return nullptr;
    }
    /// @brief A brain for `mob`, which was just created in `level` and has not read its NBT yet
    /// (its saved memories are loaded into the brain afterwards); nullptr for a goal-only type.
    virtual std::unique_ptr<brain::Brain> make_brain(Level& level, Mob& mob) const {
        (void)level, (void)mob;
        return nullptr;
    }
    /// @brief Rebuilds the behaviours of `brain` after the mob asked for it
    /// (Mob::request_brain_refresh: vanilla's refreshBrain, e.g. a villager's new profession).
    /// The host calls it between ticks. The default does nothing; a type whose behaviours depend
    /// on the mob's state calls brain.remove_all_behaviors and adds them again.
    virtual void refresh_brain(Level& level, Mob& mob, brain::Brain& brain) const {
        (void)level, (void)mob, (void)brain;
    }
    /// @brief Vanilla's finalizeSpawn: what a freshly spawned mob of the type gets that a loaded or
    /// split-off one does not (a slime's random size, a skeleton's bow). The host calls it after
    /// the mob was created for `summon` without NBT (as vanilla); not for mobs loaded from disk,
    /// nor for Level::summon_mob.
    virtual void finalize_spawn(Level& level, Mob& mob) const { (void)level, (void)mob; }
    /// @brief A move control of the type's own (vanilla's SlimeMoveControl and the like), or
    /// nullptr for the host's standard one. Called after make_attachment, before add_goals.
    virtual std::unique_ptr<CustomMoveControl> make_move_control(Level& level, Mob& mob) const {
        (void)level, (void)mob;
        return nullptr;
    }
    /// @brief Adds the mob's goals and target goals (vanilla's registerGoals); nothing for a
    /// brain-only type.
    virtual void add_goals(Level& level, Mob& mob, goal::GoalSelector& goals, goal::GoalSelector& targets) const {
        (void)level, (void)mob, (void)goals, (void)targets;
    }
};

}  // namespace mobsdk
