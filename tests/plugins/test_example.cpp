// The example plugin linked as a static library (example_content) and registered without dlopen,
// in a real world: how a plugin author tests their mobs.
#include <boost/test/unit_test.hpp>

#include <memory>

#include "example/example_plugin.hpp"
#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/nbt/snbt.hpp"
#include "mobserver/plugin/plugin_host.hpp"
#include "mobserver/world/harness.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

// The plugin registered into a WorldHarness's registries (with the vanilla content, as the
// server's), and brains given to new mobs as the server gives them.
struct ExampleWorld {
    example::ExamplePlugin plugin;
    std::unique_ptr<WorldHarness> harness;

    ExampleWorld() {
        WorldHarness::Options options;
        options.plugins = {{"example", &plugin}};
        harness = std::make_unique<WorldHarness>(options);
    }
    ~ExampleWorld() { harness.reset(); }  // mobs and their brains before the plugin's objects

    const brain::BrainRegistries& brain() const { return harness->brain_registries(); }
    const example::ExampleContent& content() const { return plugin.content(); }
    World& world() { return harness->world(); }
};

constexpr double ground = WorldHarness::ground_y;
// Enough ticks for a scan to have happened, whatever the first random delay (0 to one period).
constexpr std::int32_t scan_period = example::ExamplePlugin::sensor_scan_rate + 1;

}  // namespace

BOOST_AUTO_TEST_SUITE(example)

BOOST_AUTO_TEST_CASE(registers_its_memories_sensor_and_mob_as_example) {
    ExampleWorld w;
    const auto& types = w.harness->registries().entity_types;
    BOOST_TEST(types.id_of(w.content().watcher).str() == "example:watcher");
    BOOST_TEST(types.entry(w.content().watcher).registrant == "example");
    BOOST_TEST(types[w.content().watcher].ai_factory != nullptr);
    BOOST_TEST(w.brain().memory_types[w.content().sightings.handle()].long_term());
    BOOST_TEST(!w.brain().memory_types[w.content().nearest_villager.handle()].long_term());
    BOOST_TEST(w.brain().sensor_types.id_of(w.content().villager_sensor).str() == "example:nearest_villager");
    BOOST_TEST(w.brain().sensor_types.entry(w.content().villager_sensor).registrant == "example");
}

BOOST_AUTO_TEST_CASE(watcher_senses_the_nearest_villager_and_walks_to_it) {
    ExampleWorld w;
    ServerMob& watcher = w.harness->spawn("example:watcher", {0.5, ground, 0.5});
    ServerMob& near = w.harness->spawn("villager", {8.5, ground, 0.5});
    w.harness->spawn("villager", {-12.5, ground, 0.5});  // farther: not the nearest
    BOOST_REQUIRE(watcher.brain());
    w.harness->tick(scan_period);
    brain::Brain& b = *watcher.brain();
    BOOST_REQUIRE(b.get_memory(w.content().nearest_villager));
    BOOST_TEST(b.get_memory(w.content().nearest_villager)->uuid == near.uuid());
    const example::Sightings* s = b.get_memory(w.content().sightings);
    BOOST_REQUIRE(s);
    BOOST_TEST(s->count == 1);
    BOOST_TEST(s->last_seen > 0);
    BOOST_TEST(s->last_seen <= w.world().game_time());
    // It walks: within 100 ticks it stands within 2–3 blocks of the villager.
    w.harness->tick(100);
    BOOST_TEST(watcher.position().dist_sqr(near.position()) < 3.0 * 3.0);
    // Seeing the same villager again is not a new sighting.
    BOOST_TEST(b.get_memory(w.content().sightings)->count == 1);
}

BOOST_AUTO_TEST_CASE(losing_sight_forgets_the_villager_but_not_the_sightings) {
    ExampleWorld w;
    ServerMob& watcher = w.harness->spawn("example:watcher", {0.5, ground, 0.5});
    ServerMob& villager = w.harness->spawn("villager", {4.5, ground, 0.5});
    w.harness->tick(scan_period);
    BOOST_REQUIRE(watcher.brain()->has_memory_value(w.content().nearest_villager));
    w.world().remove(villager.handle());
    w.harness->tick(scan_period);
    BOOST_TEST(!watcher.brain()->has_memory_value(w.content().nearest_villager));
    BOOST_TEST(watcher.brain()->get_memory(w.content().sightings)->count == 1);
    // A villager that comes into view later is a second sighting.
    w.harness->spawn("villager", {3.5, ground, 3.5});
    w.harness->tick(scan_period);
    BOOST_TEST(watcher.brain()->get_memory(w.content().sightings)->count == 2);
}

BOOST_AUTO_TEST_CASE(sightings_are_saved_and_restored_the_villager_is_not) {
    ExampleWorld w;
    ServerMob& watcher = w.harness->spawn("example:watcher", {0.5, ground, 0.5});
    w.harness->spawn("villager", {4.5, ground, 0.5});
    w.harness->tick(scan_period);
    const example::Sightings before = *watcher.brain()->get_memory(w.content().sightings);
    nbt::Compound saved = w.world().save_entity(watcher);
    const auto* memories = saved.get<nbt::Compound>("Brain").find<nbt::Compound>("memories");
    BOOST_REQUIRE(memories);
    BOOST_TEST(!memories->contains("example:nearest_villager"));
    const auto* sightings = memories->find<nbt::Compound>("example:sightings");
    BOOST_REQUIRE(sightings);
    BOOST_TEST(nbt::to_snbt(sightings->get<nbt::Compound>("value")) ==
               "{count:1,last_seen:" + std::to_string(before.last_seen) + "L}");
    // As a chunk unload and reload would: the same mob back from its NBT.
    w.world().remove(watcher.handle());
    w.harness->tick();
    std::vector<std::string> warnings;
    auto back = w.world().spawn_from_nbt(saved, warnings);
    BOOST_REQUIRE(back);
    BOOST_TEST(warnings.empty());
    auto* mob = w.world().mob((*back)->handle());
    BOOST_REQUIRE(mob);
    BOOST_TEST((*mob->brain()->get_memory(w.content().sightings) == before));
    BOOST_TEST(!mob->brain()->has_memory_value(w.content().nearest_villager));
}

BOOST_AUTO_TEST_CASE(codec_rejects_malformed_sightings) {
    using example::SightingsCodec;
    BOOST_TEST(SightingsCodec::decode(nbt::Tag(std::int32_t{3})).error() == "sightings: expected a compound");
    BOOST_TEST(SightingsCodec::decode(nbt::Compound{{"last_seen", std::int64_t{5}}}).error() ==
               "sightings: count must be an int >= 0");
    BOOST_TEST(
        SightingsCodec::decode(nbt::Compound{{"count", std::int32_t{-1}}, {"last_seen", std::int64_t{5}}}).error() ==
        "sightings: count must be an int >= 0");
    BOOST_TEST(SightingsCodec::decode(nbt::Compound{{"count", std::int32_t{1}}}).error() ==
               "sightings: last_seen must be a long");
    const auto ok = SightingsCodec::decode(SightingsCodec::encode(example::Sightings{4, 99}));
    BOOST_REQUIRE(ok);
    BOOST_TEST((*ok == example::Sightings{4, 99}));
}

BOOST_AUTO_TEST_SUITE_END()
