// The world-side registries a server (or a test) sets up before the world starts: blocks, POI
// types and entity types.
#pragma once

#include "mobsdk/world/block.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/poi_type.hpp"

namespace mobsdk {

/// @brief The world-side registries.
struct WorldRegistries {
    BlockRegistry blocks;                                                             ///< blocks and states
    Registry<PoiTypeInfo> poi_types{ResourceLocation::of("point_of_interest_type")};  ///< POI types
    Registry<EntityTypeInfo> entity_types{ResourceLocation::of("entity_type")};       ///< entity types
    /// @brief Freezes all three.
    void freeze() noexcept {
        blocks.freeze();
        poi_types.freeze();
        entity_types.freeze();
    }
};

}  // namespace mobsdk
