// The vanilla vocabulary: typed handles to every piece of vanilla content the SDK registers
// (blocks, block tags and properties, POI and entity types, memories, sensors, activities,
// schedules), registered in one call and handed to plugins as PluginContext::vanilla().
#pragma once

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/plugin/registries.hpp"
#include "mobsdk/stdlib/sensors.hpp"
#include "mobsdk/world/block.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/poi_type.hpp"
#include "mobsdk/world/unknown_block.hpp"
#include "mobsdk/world/vanilla_ids.hpp"

namespace mobsdk {

/// @brief Handles to the vanilla content in one set of Registries: plain data, copied freely.
///
/// ```
/// const VanillaContent& v = context.vanilla();
/// builder.add_activity(v.activities.idle, …);
/// if (level.blocks().has_tag(state, v.block_tags.beds) && level.blocks().get(state, v.properties.occupied) == true) …
/// ```
struct VanillaContent {
    VanillaBlocks blocks;                 ///< blocks, e.g. `blocks.oak_door`
    VanillaBlockTags block_tags;          ///< block tags, e.g. `block_tags.beds`
    VanillaBlockProperties properties;    ///< block properties, e.g. `properties.open`
    VanillaPoiTypes poi_types;            ///< POI types, e.g. `poi_types.home`
    VanillaEntityTypes entity_types;      ///< entity types (data only), e.g. `entity_types.villager`
    brain::StandardMemories memories;     ///< memory module types, e.g. `memories.home`
    stdlib::StandardSensors sensors;      ///< sensor types, e.g. `sensors.nearest_bed`
    brain::VanillaActivities activities;  ///< activities, e.g. `activities.idle`
    brain::VanillaSchedules schedules;    ///< schedules, e.g. `schedules.villager_default`
    VanillaItems items;                   ///< item ids (no registry), e.g. `items.bread`
    VanillaDamageTypes damage_types;      ///< damage type ids (no registry), e.g. `damage_types.fall`
    VanillaProfessionIds professions;     ///< villager profession ids (no registry), e.g. `professions.farmer`
    Handle<BlockInfo> unknown_block;      ///< `mobsdk:unknown`, see register_unknown_block (appended: layout)
};

/// @brief Registers all vanilla content into fresh registries, in this order: blocks, the
/// placeholder block `mobsdk:unknown`, POI types,
/// entity types (their data: AI comes from plugins), the standard memories, vanilla's activities
/// and schedules, the standard sensors; returns the handles. Throws RegistryError when an id is
/// taken already or a registry is frozen.
VanillaContent register_vanilla_content(Registries& registries);

}  // namespace mobsdk
