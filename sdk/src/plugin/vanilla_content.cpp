#include "mobsdk/plugin/vanilla_content.hpp"

namespace mobsdk {

VanillaContent register_vanilla_content(Registries& r) {
    // The order fixes every handle and state id: keep it.
    VanillaContent v;
    v.blocks = register_vanilla_blocks(r.world.blocks);
    v.unknown_block = register_unknown_block(r.world.blocks);
    v.block_tags = r.world.blocks.vanilla_tags();
    v.properties = r.world.blocks.vanilla_properties();
    v.poi_types = register_vanilla_poi_types(r.world.poi_types);
    v.entity_types = register_vanilla_entity_types(r.world.entity_types);
    v.memories = brain::register_standard_memories(r.brain.memory_types);
    v.activities = brain::register_vanilla_activities(r.brain.activities);
    v.schedules = brain::register_vanilla_schedules(r.brain.schedules, v.activities);
    // The standard sensors under their vanilla ids, for every plugin to use; what a sensor needs
    // to know of a mob's kind (wanted items, secondary POIs) it asks the mob's attachment.
    stdlib::StandardSensorOptions options;
    options.entity_types = &r.world.entity_types;
    options.home_poi = v.poi_types.home;
    v.sensors = stdlib::register_standard_sensors(r.brain.sensor_types, v.memories, options);
    return v;
}

}  // namespace mobsdk
