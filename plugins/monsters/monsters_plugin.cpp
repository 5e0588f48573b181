#include "monsters_plugin.hpp"

namespace monsters {

using namespace mobsdk;

void MonstersPlugin::register_content(plugin::PluginContext& context) {
    const VanillaContent& vanilla = context.vanilla();
    const Registry<EntityTypeInfo>& types = context.world().entity_types;
    content_.zombie = vanilla.entity_types.zombie;
    content_.skeleton = vanilla.entity_types.skeleton;
    context.set_ai_factory(content_.zombie, make_zombie_ai(vanilla, types));
    content_.slime = vanilla.entity_types.slime;
    context.set_ai_factory(content_.skeleton, make_skeleton_ai(vanilla, types));
    context.set_ai_factory(content_.slime, make_slime_ai(vanilla));
}

}  // namespace monsters
