// The AI an entity type carries: the interface a plugin implements to give each new mob of its
// type a brain. EntityTypeInfo (world) only forward-declares it, so world never sees brain.
#pragma once

#include <memory>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk {

/// @brief Makes the brain of each new mob of an entity type (vanilla's makeBrain plus
/// Brain.Provider). Implemented by a plugin, owned by its PluginContext, pointed to by
/// EntityTypeInfo::brain_factory.
class MobBrainFactory {
public:
    virtual ~MobBrainFactory() = default;
    /// @brief A brain for `mob`, which was just created in `level` and has not read its NBT yet
    /// (its saved memories are loaded into the brain afterwards). May throw: the mob then stays
    /// without AI and the host logs why.
    virtual std::unique_ptr<brain::Brain> make_brain(Level& level, Mob& mob) const = 0;
};

}  // namespace mobsdk
