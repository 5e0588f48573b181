// Point-of-interest types: which block states make a POI, how many mobs may claim one, and how
// close a mob must come to use it (vanilla's PoiType).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/core/registry.hpp"
#include "mobsdk/world/block.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk {

/// @brief Block states by block id and the property values they must have (none: every state).
struct BlockStateMatcher {
    ResourceLocation block;                                       ///< e.g. minecraft:red_bed
    std::vector<std::pair<std::string, std::string>> properties;  ///< e.g. {{"part", "head"}}
    friend bool operator==(const BlockStateMatcher&, const BlockStateMatcher&) = default;
};

/// @brief A POI type as registered.
struct PoiTypeInfo {
    std::vector<BlockStateMatcher> states;  ///< the block states that are this POI
    std::int32_t max_tickets = 0;           ///< how many mobs may claim one (0: not claimable)
    std::int32_t valid_range = 1;           ///< how close counts as "at" it (vanilla's validRange)
    /// @brief Part of a village (vanilla's PoiTypeTags.VILLAGE: home, meeting and the job sites):
    /// sections holding one make PoiManager::sections_to_village 0.
    bool village = false;
};

/// @brief The 20 vanilla POI types, registered by register_vanilla_poi_types.
struct VanillaPoiTypes {
    Handle<PoiTypeInfo> armorer, butcher, cartographer, cleric, farmer, fisherman, fletcher, leatherworker, librarian,
        mason, shepherd, toolsmith, weaponsmith;  ///< the 13 job sites
    Handle<PoiTypeInfo> home, meeting, beehive, bee_nest, nether_portal, lodestone, lightning_rod;
    /// @brief The 13 job-site types, in vanilla's order.
    std::vector<Handle<PoiTypeInfo>> job_sites() const {
        return {armorer,       butcher,   cartographer, cleric,   farmer,    fisherman,  fletcher,
                leatherworker, librarian, mason,        shepherd, toolsmith, weaponsmith};
    }
};

/// @brief Registers vanilla's POI types with vanilla's numbers: the job sites and home take 1
/// ticket within range 1, the meeting point (bell) 32 within 6; beehive, bee nest, nether portal,
/// lodestone and lightning rod 0 within 1. Home is the head half of each of the 16 beds.
VanillaPoiTypes register_vanilla_poi_types(Registry<PoiTypeInfo>& registry);

/// @brief The handles of the vanilla POI types in a registry that has them (a plugin's view of
/// the host's registry). Throws RegistryError naming the first one missing.
VanillaPoiTypes find_vanilla_poi_types(const Registry<PoiTypeInfo>& registry);

}  // namespace mobsdk
