#include "villager_plugin.hpp"

namespace villager {

using namespace mobsdk;

void VillagerPlugin::register_content(plugin::PluginContext& context) {
    const VanillaContent& vanilla = context.vanilla();
    content_.professions = &context.keep(std::make_unique<stdlib::VillagerProfessions>(vanilla.poi_types));
    content_.villager = vanilla.entity_types.villager;
    content_.iron_golem = vanilla.entity_types.iron_golem;
    context.set_ai_factory(content_.villager, make_villager_ai(context, *content_.professions));
    context.set_ai_factory(content_.iron_golem, make_iron_golem_ai(context));
}

}  // namespace villager
