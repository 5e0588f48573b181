// Every registry content goes into, world and brain side, as one object: what the host, the test
// harness and the benchmarks fill with register_vanilla_content and then plugins.
#pragma once

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/world/registries.hpp"

namespace mobsdk {

/// @brief The world and brain registries together.
struct Registries {
    WorldRegistries world;         ///< blocks (with their tags and properties), POI types, entity types
    brain::BrainRegistries brain;  ///< memory types, sensor types, activities, schedules
    /// @brief Freezes every registry.
    void freeze() noexcept {
        world.freeze();
        brain.freeze();
    }
};

}  // namespace mobsdk
