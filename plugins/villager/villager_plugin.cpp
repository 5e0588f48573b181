#include "villager_plugin.hpp"

namespace villager {

using namespace mobsdk;

void VillagerPlugin::register_content(plugin::PluginContext& context) {
    const Registry<PoiTypeInfo>& pois = context.world().poi_types;
    const VanillaPoiTypes vanilla = find_vanilla_poi_types(pois);
    content_.professions = &context.keep(std::make_unique<stdlib::VillagerProfessions>(vanilla));
    content_.villager = context.world().entity_types.require("minecraft:villager");
    content_.iron_golem = context.world().entity_types.require("minecraft:iron_golem");
    context.set_ai_factory(content_.villager, make_villager_ai(context, *content_.professions));
    context.set_ai_factory(content_.iron_golem, make_iron_golem_ai(context));
}

}  // namespace villager
