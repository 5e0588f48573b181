#include "monsters_plugin.hpp"

namespace monsters {

using namespace mobsdk;

void MonstersPlugin::register_content(plugin::PluginContext& context) {
    const Registry<EntityTypeInfo>& types = context.world().entity_types;
    content_.zombie = types.require("minecraft:zombie");
    content_.skeleton = types.require("minecraft:skeleton");
    context.set_ai_factory(content_.zombie, make_zombie_ai(types));
    content_.slime = types.require("minecraft:slime");
    context.set_ai_factory(content_.skeleton, make_skeleton_ai(types));
    context.set_ai_factory(content_.slime, make_slime_ai(types));
}

}  // namespace monsters
