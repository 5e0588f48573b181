// VanillaContent: every handle register_vanilla_content returns is valid and names vanilla's id,
// and a plugin gets the host's copy from PluginContext::vanilla().
#include <boost/test/unit_test.hpp>

#include <string>

#include "mobsdk/plugin/plugin.hpp"
#include "mobsdk/plugin/vanilla_content.hpp"
#include "mobserver/world/harness.hpp"

using namespace mobsdk;

namespace {

template <typename T>
void check_vanilla(const Registry<T>& registry, Handle<T> handle) {
    BOOST_TEST_REQUIRE(handle.valid());
    BOOST_TEST(registry.id_of(handle).ns() == "minecraft");
}

// A plugin that only keeps what its context gives it.
class Peek final : public plugin::Plugin {
public:
    void register_content(plugin::PluginContext& context) override { seen = &context.vanilla(); }
    const VanillaContent* seen = nullptr;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(vanilla_content)

BOOST_AUTO_TEST_CASE(every_handle_is_valid_and_vanilla) {
    Registries r;
    const VanillaContent v = register_vanilla_content(r);
    const BlockRegistry& blocks = r.world.blocks;
    for (const Handle<BlockInfo> b : {v.blocks.air, v.blocks.stone, v.blocks.oak_door, v.blocks.iron_door,
                                      v.blocks.bell, v.blocks.composter, v.blocks.wheat, v.blocks.carrots,
                                      v.blocks.potatoes, v.blocks.beetroots, v.blocks.note_block, v.blocks.stonecutter})
        check_vanilla(blocks.blocks(), b);
    for (const Handle<BlockInfo> b : v.blocks.beds) check_vanilla(blocks.blocks(), b);
    BOOST_TEST(blocks.blocks().id_of(v.blocks.carrots).str() == "minecraft:carrots");
    BOOST_TEST(blocks.blocks().id_of(v.blocks.note_block).str() == "minecraft:note_block");
    VanillaBlockTags::visit(v.block_tags, [&](BlockTag t, std::string_view path) {
        BOOST_TEST(blocks.tags().id_of(t).str() == "minecraft:" + std::string(path));
    });
    VanillaBlockProperties::visit(v.properties, [&](auto p, const BlockProperty& def) {
        BOOST_TEST((blocks.property_definition(p.index()) == def));
    });
    for (const auto p : v.poi_types.job_sites()) check_vanilla(r.world.poi_types, p);
    for (const auto p : {v.poi_types.home, v.poi_types.meeting, v.poi_types.lightning_rod})
        check_vanilla(r.world.poi_types, p);
    for (const auto t : {v.entity_types.item, v.entity_types.zombie, v.entity_types.skeleton, v.entity_types.villager,
                         v.entity_types.iron_golem, v.entity_types.allay, v.entity_types.pig, v.entity_types.wolf,
                         v.entity_types.slime, v.entity_types.arrow})
        check_vanilla(r.world.entity_types, t);
    BOOST_TEST(r.world.entity_types.id_of(v.entity_types.iron_golem).str() == "minecraft:iron_golem");
    check_vanilla(r.brain.memory_types, v.memories.home.handle());
    check_vanilla(r.brain.memory_types, v.memories.doors_to_close.handle());
    BOOST_TEST(r.brain.memory_types.id_of(v.memories.job_site.handle()).str() == "minecraft:job_site");
    for (const auto s :
         {v.sensors.nearest_living_entities, v.sensors.nearest_players, v.sensors.hurt_by, v.sensors.villager_hostiles,
          v.sensors.golem_detected, v.sensors.nearest_bed, v.sensors.secondary_pois, v.sensors.nearest_items})
        check_vanilla(r.brain.sensor_types, s);
    BOOST_TEST(r.brain.sensor_types.id_of(v.sensors.nearest_bed).str() == "minecraft:nearest_bed");
    for (const auto a : {v.activities.core, v.activities.idle, v.activities.work, v.activities.rest, v.activities.meet,
                         v.activities.panic, v.activities.hide, v.activities.dig})
        check_vanilla(r.brain.activities, a);
    BOOST_TEST(r.brain.activities.id_of(v.activities.idle).str() == "minecraft:idle");
    for (const auto s :
         {v.schedules.empty, v.schedules.simple, v.schedules.villager_baby, v.schedules.villager_default})
        check_vanilla(r.brain.schedules, s);
    BOOST_TEST(r.brain.schedules.id_of(v.schedules.villager_default).str() == "minecraft:villager_default");
}

BOOST_AUTO_TEST_CASE(registering_twice_is_refused) {
    Registries r;
    register_vanilla_content(r);
    BOOST_CHECK_THROW(register_vanilla_content(r), RegistryError);
    Registries frozen;
    frozen.freeze();
    BOOST_CHECK_THROW(register_vanilla_content(frozen), RegistryError);
}

BOOST_AUTO_TEST_CASE(a_plugin_sees_the_hosts_vanilla_content) {
    Peek peek;
    server::WorldHarness::Options o;
    o.plugins = {{"peek", &peek}};
    server::WorldHarness h(o);
    BOOST_TEST(peek.seen == &h.vanilla());
    BOOST_TEST(h.vanilla().entity_types.villager == h.registries().entity_types.require("minecraft:villager"));
    BOOST_TEST(h.vanilla().activities.work == h.brain_registries().activities.require("minecraft:work"));

    Registries r;
    const VanillaContent v = register_vanilla_content(r);
    plugin::PluginContext context(r, v, "peek");
    BOOST_TEST(&context.vanilla() == &v);
    BOOST_TEST(&context.world() == &r.world);
    BOOST_TEST(&context.brain() == &r.brain);
}

BOOST_AUTO_TEST_SUITE_END()
