// The command set against a harness world: vanilla's messages exactly, the world effects, and
// that a wrong command changes nothing.
#include <boost/test/unit_test.hpp>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/nbt/snbt.hpp"
#include "mobsdk/plugin/ai_factory.hpp"
#include "mobsdk/plugin/plugin.hpp"
#include "test_server_control.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
using namespace mobsdk::server::testing;
using Lines = std::vector<std::string>;

BOOST_AUTO_TEST_SUITE(commands)

BOOST_AUTO_TEST_CASE(server_commands) {
    CommandFixture f;
    BOOST_TEST(f.run("list") == (Lines{"There are 0 of a max of 20 players online: "}));
    BOOST_TEST(f.run("seed") == (Lines{"Seed: [-4172144997902289642]"}));
    BOOST_TEST(f.run("stop") == (Lines{"Stopping the server"}));
    BOOST_TEST(f.server.stop_requests == 1);
    BOOST_TEST(f.run("save-all flush") == (Lines{"Saving the game (this may take a moment!)", "Saved the game"}));
    BOOST_TEST(f.run("save-all") == (Lines{"Saving the game (this may take a moment!)", "Saved the game"}));
    BOOST_TEST(f.server.saves == (std::vector<bool>{true, false}));
    f.server.save_error = "disk full";
    BOOST_TEST(f.run("save-all") == (Lines{"Saving the game (this may take a moment!)",
                                           "Unable to save the game (is there enough disk space?)"}));
    BOOST_TEST(f.run("save-on") == (Lines{"Saving is already turned on"}));
    BOOST_TEST(f.run("save-off") == (Lines{"Automatic saving is now disabled"}));
    BOOST_TEST(!f.server.saving);
    BOOST_TEST(f.run("save-off") == (Lines{"Saving is already turned off"}));
    BOOST_TEST(f.run("save-on") == (Lines{"Automatic saving is now enabled"}));
    BOOST_TEST(f.run("plugins") == (Lines{"No plugins are loaded"}));
    f.server.plugin_list = {{"example", "Example Mobs", "1.2.0"}};
    BOOST_TEST(f.run("plugins") == (Lines{"Loaded plugins (1):", "  example 1.2.0 - Example Mobs"}));
}

BOOST_AUTO_TEST_CASE(help_lists_every_command) {
    CommandFixture f;
    const auto lines = f.run("help");
    auto has = [&](const std::string& l) { return std::find(lines.begin(), lines.end(), l) != lines.end(); };
    BOOST_TEST(has("/summon <entity> [<pos>]"));
    BOOST_TEST(has("/time (add|query|set)"));
    BOOST_TEST(has("/tp -> teleport"));
    BOOST_TEST(has("/kill [<targets>]"));
    BOOST_TEST(has("/brain <target>"));
    BOOST_TEST(has("/poi <pos> [<radius>]"));
    BOOST_TEST(has("/plugins"));
    BOOST_TEST(std::is_sorted(lines.begin(), lines.end()));
    BOOST_TEST(f.run("help time") == (Lines{"/time add <time>", "/time query (day|daytime|gametime)",
                                            "/time set (day|midnight|night|noon|<time>)"}));
    BOOST_TEST(f.run("help nosuch") == (Lines{"Unknown command or insufficient permissions"}));
}

BOOST_AUTO_TEST_CASE(summon_kill_and_teleport) {
    CommandFixture f;
    auto& entities = f.harness.world().entities();
    BOOST_TEST(f.run("summon villager 3 -60 4") == (Lines{"Summoned new Villager"}));
    BOOST_REQUIRE(entities.size() == 1u);
    const EntityHandle vh = entities.order().back();
    auto data = [&](EntityHandle h) { return entities.slot(h)->data; };
    BOOST_TEST(data(vh)->pos == (Vec3{3.5, -60, 4.5}));  // integer x and z are centred
    BOOST_TEST(f.run("summon minecraft:iron_golem ~1 ~ ~ {CustomName:'{\"text\":\"Rex\"}',Tags:[\"guard\"]}") ==
               (Lines{"Summoned new Rex"}));
    const EntityHandle gh = entities.order().back();
    BOOST_TEST(data(gh)->pos == (Vec3{1.5, -60, 0.5}));
    BOOST_TEST(data(gh)->tags == (std::vector<std::string>{"guard"}));
    BOOST_TEST(f.run("summon iron_golem") == (Lines{"Summoned new Iron Golem"}));

    BOOST_TEST(f.run("tp @e[tag=guard] 10 -60 10.25") == (Lines{"Teleported Rex to 10.500000, -60.000000, 10.250000"}));
    BOOST_TEST(data(gh)->pos == (Vec3{10.5, -60, 10.25}));
    BOOST_TEST(f.run("teleport @e[type=iron_golem] 2 -59 2") ==
               (Lines{"Teleported 2 entities to 2.500000, -59.000000, 2.500000"}));
    BOOST_TEST(f.run("tp @e[type=villager] Rex") == (Lines{"Teleported Villager to Rex"}));
    BOOST_TEST(data(vh)->pos == (Vec3{2.5, -59, 2.5}));
    BOOST_TEST(f.run("tp 1 2 3") == (Lines{"An entity is required to run this command here"}));

    BOOST_TEST(f.run("kill @e[type=villager]") == (Lines{"Killed Villager"}));
    BOOST_TEST(f.run("kill @e[type=iron_golem]") == (Lines{"Killed 2 entities"}));
    // Killed mobs are gone for every command at once and leave after their death animation.
    BOOST_TEST(f.run("kill @e") == (Lines{"No entity was found"}));
    f.harness.tick(ServerMob::death_duration);
    BOOST_TEST(entities.size() == 0u);
    BOOST_TEST(f.run("kill @e") == (Lines{"No entity was found"}));
    BOOST_TEST(f.run("kill") == (Lines{"An entity is required to run this command here"}));
}

BOOST_AUTO_TEST_CASE(summon_errors_change_nothing) {
    CommandFixture f;
    auto& entities = f.harness.world().entities();
    BOOST_TEST(f.run("summon creeper") ==
               (Lines{"Can't find element 'minecraft:creeper' of type 'minecraft:entity_type'"}));
    BOOST_TEST(f.run("summon villager 1 2") ==
               (Lines{"Incomplete (expected 3 coordinates)", "... villager 1 2<--[HERE]"}));
    BOOST_TEST(f.run("summon villager 1 2 3 {Health:").size() == 2u);
    BOOST_TEST(f.run("summon villager 1 -60 1 {UUID:[I;1,2,3,4]}") == (Lines{"Summoned new Villager"}));
    BOOST_TEST(f.run("summon villager 1 -60 1 {UUID:[I;1,2,3,4]}") ==
               (Lines{"Unable to summon entity due to duplicate UUIDs"}));
    BOOST_TEST(f.run("summon villager 1 40000000 1") == (Lines{"Invalid position for summon"}));
    // Past the int range (found by fuzz.command: the conversion to a block was undefined).
    const std::string huge(33, '1');
    BOOST_TEST(f.run("summon villager ~" + huge + " ~ ~") == (Lines{"Invalid position for summon"}));
    BOOST_TEST(f.run("summon villager ^ ^ ^-" + huge) == (Lines{"Invalid position for summon"}));
    BOOST_TEST(f.run("summon item") == (Lines{"Unable to summon entity"}));
    BOOST_TEST(entities.size() == 1u);
}

BOOST_AUTO_TEST_CASE(data_get_and_merge) {
    CommandFixture f;
    auto& mob = f.harness.spawn("villager", {0.5, -60, 0.5});
    mob.data().tags = {"x"};
    const auto lines = f.run("data get entity @e[limit=1]");
    BOOST_REQUIRE(lines.size() == 1u);
    BOOST_TEST(lines[0].rfind("Villager has the following entity data: {", 0) == 0u);
    BOOST_TEST(lines[0].find("Tags: [\"x\"]") != std::string::npos);
    BOOST_TEST(lines[0].find("id: \"minecraft:villager\"") != std::string::npos);
    BOOST_TEST(f.run("data get entity @e[limit=1] Pos[0]") == (Lines{"Villager has the following entity data: 0.5d"}));
    BOOST_TEST(f.last.result == 0);
    BOOST_TEST(f.run("data get entity @e[limit=1] Tags") == (Lines{"Villager has the following entity data: [\"x\"]"}));
    BOOST_TEST(f.last.result == 1);
    BOOST_TEST(f.run("data get entity @e[limit=1] Nope") == (Lines{"Found no elements matching Nope"}));
    f.harness.spawn("zombie", {9.5, -60, 0.5});
    BOOST_TEST(f.run("data get entity @e Pos") ==
               (Lines{"Only one entity is allowed, but the provided selector allows more than one",
                      "data get entity @e Pos<--[HERE]"}));

    BOOST_TEST(f.run("data merge entity @e[limit=1] {Tags:[\"y\"],CustomName:'\"Sam\"'}") ==
               (Lines{"Modified entity data of Sam"}));
    BOOST_TEST(mob.data().tags == (std::vector<std::string>{"y"}));
    BOOST_TEST(f.run("data merge entity @e[limit=1] {Tags:[\"y\"]}") ==
               (Lines{"Nothing changed. The specified properties already have these values"}));
    BOOST_TEST(f.run("data merge entity @e[limit=1] Tags") == (Lines{"Expected '{'", "...[limit=1] Tags<--[HERE]"}));
}

BOOST_AUTO_TEST_CASE(single_target_error_points_at_the_start) {
    CommandFixture f;
    f.harness.spawn("villager", {0.5, -60, 0.5});
    BOOST_TEST(f.run("data get entity @e") ==
               (Lines{"Only one entity is allowed, but the provided selector allows more than one",
                      "data get entity @e<--[HERE]"}));
}

BOOST_AUTO_TEST_CASE(setblock_and_fill) {
    CommandFixture f;
    World& w = f.harness.world();
    const auto& blocks = w.registries().blocks;
    BOOST_TEST(f.run("setblock 1 -60 2 stone") == (Lines{"Changed the block at 1, -60, 2"}));
    BOOST_TEST(blocks.id_of(w.block_state({1, -60, 2})).str() == "minecraft:stone");
    BOOST_TEST(f.run("setblock 1 -60 2 stone") == (Lines{"Could not set the block"}));
    BOOST_TEST(f.run("setblock 1 -60 2 dirt keep") == (Lines{"Could not set the block"}));
    BOOST_TEST(f.run("setblock ~ ~ ~ minecraft:oak_door[open=true,half=upper]") ==
               (Lines{"Changed the block at 0, -60, 0"}));
    BOOST_TEST(blocks.value(w.block_state({0, -60, 0}), "open") == "true");
    BOOST_TEST(f.run("setblock 0 -60 0 nope") ==
               (Lines{"Unknown block type 'minecraft:nope'", "...k 0 -60 0 nope<--[HERE]"}));
    BOOST_TEST(f.run("setblock 0 -60 0 stone[open=true]") ==
               (Lines{"Block minecraft:stone does not have property 'open'", "...0 0 stone[open=true]<--[HERE]"}));
    BOOST_TEST(
        f.run("setblock 0 -60 0 oak_door[open=maybe]") ==
        (Lines{"Block minecraft:oak_door does not accept 'maybe' for open property", "...door[open=maybe]<--[HERE]"}));
    BOOST_TEST(f.run("setblock 0 -60 0 oak_door[open=true") ==
               (Lines{"Expected closing ] for block state properties", "...[open=true<--[HERE]"}));
    BOOST_TEST(f.run("setblock 0 400 0 stone") == (Lines{"That position is out of this world!"}));
    BOOST_TEST(f.run("setblock 1000 -60 0 stone") == (Lines{"That position is not loaded"}));

    BOOST_TEST(f.run("fill 0 -59 0 2 -57 2 glass") == (Lines{"Successfully filled 27 block(s)"}));
    BOOST_TEST(f.run("fill 0 -59 0 2 -57 2 glass") == (Lines{"No blocks were filled"}));
    BOOST_TEST(f.run("fill 0 -59 0 2 -57 2 stone hollow") == (Lines{"Successfully filled 27 block(s)"}));
    BOOST_TEST(blocks.id_of(w.block_state({1, -58, 1})).str() == "minecraft:air");
    BOOST_TEST(f.run("fill 0 -59 0 2 -57 2 dirt outline") == (Lines{"Successfully filled 26 block(s)"}));
    BOOST_TEST(f.run("fill 0 -59 0 2 -57 2 glass keep") == (Lines{"Successfully filled 1 block(s)"}));
    BOOST_TEST(f.run("fill 0 -60 0 40 -40 40 stone") ==
               (Lines{"Too many blocks in the specified area (maximum 32768, specified 35301)"}));
    BOOST_TEST(blocks.id_of(w.block_state({30, -50, 30})).str() == "minecraft:air");
    BOOST_TEST(f.run("fill 0 -60 0 100 -60 0 stone") == (Lines{"That position is not loaded"}));
    BOOST_TEST(blocks.id_of(w.block_state({5, -60, 0})).str() == "minecraft:air");
}

BOOST_AUTO_TEST_CASE(time_gamerule_difficulty) {
    CommandFixture f;
    World& w = f.harness.world();
    BOOST_TEST(f.run("time set night") == (Lines{"Set the time to 13000"}));
    BOOST_TEST(w.day_time() == 13000);
    BOOST_TEST(f.run("time set 1d") == (Lines{"Set the time to 24000"}));
    BOOST_TEST(f.run("time add 30s") == (Lines{"Set the time to 600"}));
    BOOST_TEST(w.day_time() == 24600);
    BOOST_TEST(f.run("time query daytime") == (Lines{"The time is 600"}));
    BOOST_TEST(f.run("time query day") == (Lines{"The time is 1"}));
    w.set_game_time(1234);
    BOOST_TEST(f.run("time query gametime") == (Lines{"The time is 1234"}));
    BOOST_TEST(f.run("time set -5") == (Lines{"The tick count must not be less than 0, found -5"}));
    BOOST_TEST(w.day_time() == 24600);

    BOOST_TEST(f.run("gamerule doDaylightCycle") == (Lines{"Gamerule doDaylightCycle is currently set to: false"}));
    BOOST_TEST(f.run("gamerule doDaylightCycle true") == (Lines{"Gamerule doDaylightCycle is now set to: true"}));
    BOOST_TEST(w.options().rules.do_daylight_cycle);
    BOOST_TEST(f.run("gamerule randomTickSpeed 7") == (Lines{"Gamerule randomTickSpeed is now set to: 7"}));
    BOOST_TEST(w.options().rules.random_tick_speed == 7);
    BOOST_TEST(f.run("gamerule maxEntityCramming") == (Lines{"Gamerule maxEntityCramming is currently set to: 24"}));
    BOOST_TEST(f.run("gamerule maxEntityCramming 0") == (Lines{"Gamerule maxEntityCramming is now set to: 0"}));
    BOOST_TEST(w.options().rules.max_entity_cramming == 0);
    BOOST_TEST(f.run("gamerule doMobSpawning maybe") ==
               (Lines{"Invalid boolean, expected 'true' or 'false' but found 'maybe'", "...bSpawning maybe<--[HERE]"}));
    BOOST_TEST(f.run("gamerule noSuchRule 1") ==
               (Lines{"Incorrect argument for command", "gamerule noSuchRule 1<--[HERE]"}));

    BOOST_TEST(f.run("difficulty") == (Lines{"The difficulty is Normal"}));
    BOOST_TEST(f.run("difficulty hard") == (Lines{"The difficulty has been set to Hard"}));
    BOOST_TEST(f.run("difficulty hard") == (Lines{"The difficulty did not change; it is already set to Hard"}));
    BOOST_TEST((w.options().difficulty == mobsdk::Difficulty::Hard));
}

BOOST_AUTO_TEST_CASE(forceload) {
    CommandFixture f;
    World& w = f.harness.world();
    BOOST_TEST(f.run("forceload query") == (Lines{"No force loaded chunks were found in minecraft:overworld"}));
    BOOST_TEST(f.run("forceload add 20 -5") ==
               (Lines{"Marked chunk [1, -1] in minecraft:overworld to be force loaded"}));
    BOOST_TEST(f.run("forceload add 20 -5") == (Lines{"No chunks were marked for force loading"}));
    BOOST_TEST(f.run("forceload add 0 0 31 15") ==
               (Lines{"Marked 2 chunks in minecraft:overworld from [0, 0] to [1, 0] to be force loaded"}));
    BOOST_TEST(w.forced_chunks().size() == 3u);
    BOOST_TEST(f.run("forceload query") ==
               (Lines{"3 force loaded chunks were found in minecraft:overworld at: [0, 0], [1, -1], [1, 0]"}));
    BOOST_TEST(f.run("forceload query 17 3") ==
               (Lines{"Chunk at [1, 0] in minecraft:overworld is marked for force loading"}));
    BOOST_TEST(f.run("forceload query 100 3") ==
               (Lines{"Chunk at [6, 0] in minecraft:overworld is not marked for force loading"}));
    BOOST_TEST(f.run("forceload add 0 0 256 0") ==
               (Lines{"Marked 15 chunks in minecraft:overworld from [0, 0] to [16, 0] to be force loaded"}));
    BOOST_TEST(f.run("forceload add 0 0 300 300") ==
               (Lines{"Too many chunks in the specified area (maximum 256, specified 361)"}));
    BOOST_TEST(f.run("forceload remove 0 0") ==
               (Lines{"Unmarked chunk [0, 0] in minecraft:overworld for force loading"}));
    BOOST_TEST(f.run("forceload remove 0 0") == (Lines{"No chunks were removed from force loading"}));
    BOOST_TEST(f.run("forceload remove 0 0 255 0") ==
               (Lines{"Unmarked 15 chunks in minecraft:overworld from [0, 0] to [15, 0] for force loading"}));
    BOOST_TEST(f.run("forceload remove all") == (Lines{"Unmarked all force loaded chunks in minecraft:overworld"}));
    BOOST_TEST(w.forced_chunks().empty());
    BOOST_TEST(f.run("forceload add 1") == (Lines{"Incomplete (expected 2 coordinates)", "...eload add 1<--[HERE]"}));
}

BOOST_AUTO_TEST_CASE(tick_command) {
    CommandFixture f;
    TickManager& tm = f.server.ticks;
    for (int i = 0; i < 100; ++i) tm.end_tick(std::chrono::milliseconds(i < 50 ? 2 : 4));
    BOOST_TEST(f.run("tick query") ==
               (Lines{"The game is running normally",
                      "Target tick rate: 20.0 per second.\nAverage time per tick: 3.0ms (Target: 50.0ms)",
                      "Percentiles: P50: 4.0ms P95: 4.0ms P99: 4.0ms, sample: 100"}));
    BOOST_TEST(f.run("tick rate 40") == (Lines{"Set the target tick rate to 40.0 per second"}));
    BOOST_TEST(tm.nanoseconds_per_tick() == 25'000'000);
    BOOST_TEST(f.run("tick rate 0.5") ==
               (Lines{"Float must not be less than 1.0, found 0.5", "tick rate 0.5<--[HERE]"}));
    BOOST_TEST(f.run("tick step") == (Lines{"Unable to step the game - the game must be frozen first"}));
    BOOST_TEST(f.run("tick freeze") == (Lines{"The game is frozen"}));
    BOOST_TEST(f.run("tick step 2s") == (Lines{"Stepping 40 tick(s)"}));
    BOOST_TEST(tm.frozen_ticks_to_run() == 40);
    BOOST_TEST(f.run("tick step stop") == (Lines{"Interrupted the current tick step"}));
    BOOST_TEST(f.run("tick step stop") == (Lines{"No tick step in progress"}));
    BOOST_TEST(f.run("tick unfreeze") == (Lines{"The game is running normally"}));
    BOOST_TEST(f.run("tick sprint 1d") == (Lines{"The game is sprinting"}));
    BOOST_TEST(tm.remaining_sprint_ticks() == 24000);
    BOOST_TEST(f.run("tick sprint 100") == (Lines{"Interrupted the current tick sprint", "The game is sprinting"}));
    BOOST_TEST(f.run("tick query")[0] == "The game is sprinting");
    BOOST_TEST(f.run("tick sprint stop") == (Lines{"Interrupted the current tick sprint"}));
    BOOST_TEST(tm.take_sprint_report().has_value());
    BOOST_TEST(f.run("tick sprint stop") == (Lines{"No tick sprint in progress"}));
    BOOST_TEST(f.run("tick sprint 0") == (Lines{"The tick count must not be less than 1, found 0"}));
}

BOOST_AUTO_TEST_CASE(poi_and_brain) {
    CommandFixture f;
    f.harness.set_block({3, -60, 3}, "bell");
    f.harness.set_block({5, -60, 3}, "red_bed[part=head]");
    BOOST_TEST(f.run("poi 0 -60 0 10") == (Lines{"There are 2 POIs within 10 blocks of 0, -60, 0:",
                                                 "  minecraft:meeting at 3, -60, 3: 32 of 32 tickets free",
                                                 "  minecraft:home at 5, -60, 3: 1 of 1 tickets free"}));
    BOOST_TEST(f.run("poi 100 -60 100") == (Lines{"There are no POIs within 16 blocks of 100, -60, 100"}));
    BOOST_TEST(f.run("poi ^" + std::string(33, '1') + " ^ ^") ==
               (Lines{"That position is outside the allowed boundaries."}));
    BOOST_TEST(f.run("poi 0 -60 0 300") ==
               (Lines{"Integer must not be more than 256, found 300", "...i 0 -60 0 300<--[HERE]"}));
    f.harness.spawn("zombie", {0.5, -60, 0.5});
    BOOST_TEST(f.run("brain @e[type=zombie,limit=1]") == (Lines{"Zombie has no brain"}));
}

namespace {

// Gives villagers a brain holding every standard memory and nothing else (the villager plugin is
// not linked into these tests), so the test writes the memories it shows.
struct MemoryBrains final : mobsdk::plugin::Plugin {
    struct Factory final : MobAiFactory {
        std::shared_ptr<brain::BrainProvider> provider;
        std::unique_ptr<brain::Brain> make_brain(Level& level, Mob&) const override {
            return provider->make_brain(level.random());
        }
    };
    void register_content(mobsdk::plugin::PluginContext& c) override {
        auto factory = std::make_unique<Factory>();
        const auto m = brain::find_standard_memories(c.brain().memory_types);
        factory->provider =
            std::make_shared<brain::BrainProvider>(c.brain(), m.all, std::span<const brain::SensorType>{});
        c.set_ai_factory(c.world().entity_types.require("minecraft:villager"), std::move(factory));
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(brain_shows_values_and_time_to_live) {
    MemoryBrains plugin;
    WorldHarness::Options options;
    options.plugins = {{"memory_brains", &plugin}};
    CommandFixture f(std::move(options));
    World& world = f.harness.world();
    auto& entities = world.entities();
    BOOST_TEST(f.run("summon villager 3 -60 4") == (Lines{"Summoned new Villager"}));
    ServerMob* villager = world.mob(entities.order().back());
    BOOST_TEST(f.run("summon iron_golem 3 -60 8") == (Lines{"Summoned new Iron Golem"}));
    ServerMob* golem = world.mob(entities.order().back());
    BOOST_REQUIRE(villager && golem && villager->brain());
    brain::Brain& b = *villager->brain();
    const auto m = brain::find_standard_memories(b.layout().registries().memory_types);
    b.set_memory(m.home, GlobalPos{ResourceLocation::of("overworld"), {5, -60, 3}});
    b.set_memory_with_expiry(m.walk_target, brain::WalkTarget(BlockPos{3, -60, 1}, 0.5f, 1), 40);
    b.set_memory(m.nearest_hostile, golem->ref());
    b.set_memory(m.mobs, brain::EntityList{golem->ref()});

    const auto lines = f.run("brain @e[type=villager,limit=1]");
    BOOST_TEST_REQUIRE(lines.size() > 4u);
    BOOST_TEST(lines[0] == "Brain of Villager (" + villager->uuid().str() + ")");
    auto has = [&](const std::string& l) { return std::find(lines.begin(), lines.end(), l) != lines.end(); };
    const std::string golem_text =
        "minecraft:iron_golem " + golem->uuid().str() + " at (3.50, -60.00, 8.50), 4.00 away";
    BOOST_TEST(has(R"(  minecraft:home: {dimension:"minecraft:overworld",pos:[I;5,-60,3]} (ttl forever))"));
    BOOST_TEST(
        has("  minecraft:walk_target: to (3, -60, 1), 3.04 away, speed 0.5, close enough within 1 (ttl 40 ticks)"));
    BOOST_TEST(has("  minecraft:nearest_hostile: " + golem_text + " (ttl forever)"));
    BOOST_TEST(has("  minecraft:mobs: 1 entry: " + golem_text + " (ttl forever)"));
    BOOST_TEST(has("  minecraft:job_site: (empty)"));
    for (const std::string& l : lines) BOOST_TEST_CONTEXT(l) {
            BOOST_TEST(l.find("short-term") == std::string::npos);
        }
}

BOOST_AUTO_TEST_SUITE_END()
