// PluginContext: registration on a plugin's behalf, recording it as the registrant.
#include "mobsdk/plugin/plugin.hpp"

namespace mobsdk::plugin {

PluginContext::PluginContext(Registries& registries, const VanillaContent& vanilla, std::string plugin_id)
    : registries_(&registries), vanilla_(&vanilla), plugin_id_(std::move(plugin_id)) {}

PluginContext::~PluginContext() { release_kept(); }

void PluginContext::release_kept() noexcept {
    // Last kept, first destroyed: later objects may refer to earlier ones.
    while (!kept_.empty()) kept_.pop_back();
}

void PluginContext::throw_taken(std::string_view kind, const std::string& id, const std::string& other) const {
    throw PluginError(std::string(kind) + " " + id + " is registered by both '" + other + "' and '" + plugin_id_ + "'");
}

Handle<EntityTypeInfo> PluginContext::register_entity_type(std::string_view id, EntityTypeInfo info) {
    check_free(world().entity_types, "entity type", id);
    info.ai_factory = nullptr;
    info.ai_registrant.clear();
    return world().entity_types.register_entry(id, std::move(info), plugin_id_);
}

Handle<EntityTypeInfo> PluginContext::register_entity_type(std::string_view id, EntityTypeInfo info,
                                                           std::unique_ptr<MobAiFactory> factory) {
    const Handle<EntityTypeInfo> type = register_entity_type(id, std::move(info));
    if (factory) set_ai_factory(type, std::move(factory));
    return type;
}

void PluginContext::set_ai_factory(Handle<EntityTypeInfo> type, std::unique_ptr<MobAiFactory> factory) {
    if (!factory) throw PluginError("set_ai_factory: no factory given for " + world().entity_types.id_of(type).str());
    EntityTypeInfo& info = world().entity_types.mutable_value(type);
    if (info.ai_factory)
        throw PluginError("the brain of entity type " + world().entity_types.id_of(type).str() +
                          " is registered by both '" + info.ai_registrant + "' and '" + plugin_id_ + "'");
    info.ai_factory = &keep(std::move(factory));
    info.ai_registrant = plugin_id_;
}

Handle<BlockInfo> PluginContext::register_block(std::string_view id, BlockDefinition definition) {
    return world().blocks.register_block(ResourceLocation::of(id), std::move(definition), plugin_id_);
}

Handle<PoiTypeInfo> PluginContext::register_poi_type(std::string_view id, PoiTypeInfo info) {
    check_free(world().poi_types, "POI type", id);
    return world().poi_types.register_entry(id, std::move(info), plugin_id_);
}

brain::Activity PluginContext::register_activity(std::string_view id) {
    check_free(brain().activities, "activity", id);
    return brain().activities.register_entry(id, brain::ActivityInfo{}, plugin_id_);
}

brain::ScheduleHandle PluginContext::register_schedule(std::string_view id, brain::Schedule schedule) {
    check_free(brain().schedules, "schedule", id);
    return brain().schedules.register_entry(id, std::move(schedule), plugin_id_);
}

}  // namespace mobsdk::plugin
