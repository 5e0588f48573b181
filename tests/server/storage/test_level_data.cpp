// level.dat and data/chunks.dat: vanilla's field names and types, round trips through the real
// files, the level.dat_old fallback, and errors that name the field.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "mobsdk/nbt/io.hpp"
#include "mobserver/storage/level_data.hpp"
#include "server/temp_dir.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
using namespace mobsdk::server::test;
namespace fs = std::filesystem;

namespace {

LevelData sample() {
    LevelData d;
    d.level_name = "arena";
    d.seed = -1234567890123ll;
    d.game_time = 98765;
    d.day_time = 30000;
    d.spawn = {10, -60, -7};
    d.spawn_angle = 45.5f;
    d.difficulty = mobsdk::Difficulty::Hard;
    d.difficulty_locked = true;
    d.rules.do_daylight_cycle = false;
    d.rules.do_mob_spawning = false;
    d.rules.random_tick_speed = 7;
    d.rules.max_entity_cramming = 8;
    d.other_rules["keepInventory"] = "true";
    d.other_rules["doFireTick"] = "true";
    d.rules.spawn_radius = 5;
    d.flat_layers = {{"minecraft:bedrock", 1}, {"minecraft:stone", 10}};
    d.allow_commands = true;
    d.other.put("CustomBossEvents", nbt::Compound{{"x", std::int32_t{1}}});
    d.other.put("raining", true);
    return d;
}

void check_same(const LevelData& a, const LevelData& b) {
    BOOST_TEST(a.level_name == b.level_name);
    BOOST_TEST(a.seed == b.seed);
    BOOST_TEST(a.game_time == b.game_time);
    BOOST_TEST(a.day_time == b.day_time);
    BOOST_TEST((a.spawn == b.spawn));
    BOOST_TEST(a.spawn_angle == b.spawn_angle);
    BOOST_TEST((a.difficulty == b.difficulty));
    BOOST_TEST(a.difficulty_locked == b.difficulty_locked);
    BOOST_TEST(a.rules.do_daylight_cycle == b.rules.do_daylight_cycle);
    BOOST_TEST(a.rules.do_mob_spawning == b.rules.do_mob_spawning);
    BOOST_TEST(a.rules.random_tick_speed == b.rules.random_tick_speed);
    BOOST_TEST(a.rules.max_entity_cramming == b.rules.max_entity_cramming);
    BOOST_TEST(a.rules.spawn_radius == b.rules.spawn_radius);
    BOOST_TEST((a.other_rules == b.other_rules));
    BOOST_TEST((a.level_type == b.level_type));
    BOOST_TEST((a.flat_layers == b.flat_layers));
    BOOST_TEST(a.allow_commands == b.allow_commands);
    BOOST_TEST(a.hardcore == b.hardcore);
    BOOST_TEST(a.game_type == b.game_type);
}

std::string from_nbt_error(const nbt::Compound& root) {
    auto r = level_data_from_nbt(root);
    return r.has_value() ? std::string() : r.error();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(level_data)

BOOST_AUTO_TEST_CASE(fields_have_vanilla_names_and_types) {
    const nbt::Compound root = level_data_to_nbt(sample(), 1700000000123ll);
    const auto& d = root.get<nbt::Compound>("Data");
    BOOST_TEST(d.get<std::int32_t>("DataVersion") == 3700);
    BOOST_TEST(d.get<std::int32_t>("version") == 19133);
    BOOST_TEST(d.get<std::string>("LevelName") == "arena");
    BOOST_TEST(d.get<std::int64_t>("Time") == 98765);
    BOOST_TEST(d.get<std::int64_t>("DayTime") == 30000);
    BOOST_TEST(d.get<std::int32_t>("SpawnX") == 10);
    BOOST_TEST(d.get<std::int32_t>("SpawnY") == -60);
    BOOST_TEST(d.get<std::int32_t>("SpawnZ") == -7);
    BOOST_TEST(d.get<float>("SpawnAngle") == 45.5f);
    BOOST_TEST(d.get<std::int8_t>("Difficulty") == 3);
    BOOST_TEST(d.get<std::int8_t>("DifficultyLocked") == 1);
    BOOST_TEST(d.get<std::int32_t>("GameType") == 0);
    BOOST_TEST(d.get<std::int8_t>("hardcore") == 0);
    BOOST_TEST(d.get<std::int8_t>("allowCommands") == 1);
    BOOST_TEST(d.get<std::int8_t>("initialized") == 1);
    BOOST_TEST(d.get<std::int64_t>("LastPlayed") == 1700000000123ll);
    const auto& rules = d.get<nbt::Compound>("GameRules");
    BOOST_TEST(rules.get<std::string>("doDaylightCycle") == "false");
    BOOST_TEST(rules.get<std::string>("doMobSpawning") == "false");
    BOOST_TEST(rules.get<std::string>("randomTickSpeed") == "7");
    BOOST_TEST(rules.get<std::string>("maxEntityCramming") == "8");
    BOOST_TEST(rules.get<std::string>("keepInventory") == "true");
    const auto& version = d.get<nbt::Compound>("Version");
    BOOST_TEST(version.get<std::int32_t>("Id") == 3700);
    BOOST_TEST(version.get<std::string>("Name") == "1.20.4");
    BOOST_TEST(version.get<std::int8_t>("Snapshot") == 0);
    BOOST_TEST(version.get<std::string>("Series") == "main");
    BOOST_TEST(d.get<nbt::List>("ServerBrands")[0].as_string() == "mobsdk");
    const auto& wgs = d.get<nbt::Compound>("WorldGenSettings");
    BOOST_TEST(wgs.get<std::int64_t>("seed") == -1234567890123ll);
    BOOST_TEST(wgs.get<std::int8_t>("generate_features") == 0);
    BOOST_TEST(wgs.get<std::int8_t>("bonus_chest") == 0);
    const auto& ow = wgs.get<nbt::Compound>("dimensions").get<nbt::Compound>("minecraft:overworld");
    BOOST_TEST(ow.get<std::string>("type") == "minecraft:overworld");
    const auto& gen = ow.get<nbt::Compound>("generator");
    BOOST_TEST(gen.get<std::string>("type") == "minecraft:flat");
    const auto& layers = gen.get<nbt::Compound>("settings").get<nbt::List>("layers");
    BOOST_TEST(layers.size() == 2u);
    BOOST_TEST(layers[1].as_compound().get<std::string>("block") == "minecraft:stone");
    BOOST_TEST(layers[1].as_compound().get<std::int32_t>("height") == 10);
    BOOST_TEST(gen.get<nbt::Compound>("settings").get<std::string>("biome") == "minecraft:plains");
    // Kept unknown entries and vanilla's always-present defaults.
    BOOST_TEST(d.get<std::int8_t>("raining") == 1);
    BOOST_TEST(d.get<nbt::Compound>("CustomBossEvents").get<std::int32_t>("x") == 1);
    BOOST_TEST(d.get<nbt::Compound>("DataPacks").get<nbt::List>("Enabled")[0].as_string() == "vanilla");
    BOOST_TEST(d.get<std::int32_t>("WanderingTraderSpawnDelay") == 24000);
}

BOOST_AUTO_TEST_CASE(round_trip_through_the_file) {
    TempDir dir("level-roundtrip");
    const LevelData d = sample();
    BOOST_REQUIRE(write_level_dat(dir.path, d).has_value());
    const auto bytes = read_bytes(dir.path / "level.dat");
    BOOST_REQUIRE(bytes.size() > 2);
    BOOST_TEST(bytes[0] == 0x1F);  // gzip, as vanilla
    BOOST_TEST(bytes[1] == 0x8B);
    BOOST_TEST(!fs::exists(dir.path / "level.dat_new"));
    BOOST_TEST(!fs::exists(dir.path / "level.dat_old"));  // nothing to keep on the first write

    auto r = read_level_dat(dir.path);
    BOOST_REQUIRE(r.has_value());
    BOOST_REQUIRE(r->has_value());
    BOOST_TEST(!(*r)->from_backup);
    BOOST_TEST(((*r)->file == dir.path / "level.dat"));
    check_same(d, (*r)->data);
    BOOST_TEST((*r)->data.other.get<std::int8_t>("raining") == 1);
    BOOST_TEST((*r)->data.other.contains("CustomBossEvents"));
    BOOST_TEST((*r)->data.last_played > 0);

    // Written back, the file keeps what it read (including the defaults it added).
    LevelData again = (*r)->data;
    const nbt::Compound a = level_data_to_nbt(again, 5);
    const nbt::Compound b = level_data_to_nbt(sample(), 5);
    BOOST_TEST((a == b));
}

BOOST_AUTO_TEST_CASE(void_and_vanilla_generators) {
    LevelData v;
    v.level_type = LevelType::Void;
    const nbt::Compound root = level_data_to_nbt(v, 0);
    const auto& gen = root.get<nbt::Compound>("Data")
                          .get<nbt::Compound>("WorldGenSettings")
                          .get<nbt::Compound>("dimensions")
                          .get<nbt::Compound>("minecraft:overworld")
                          .get<nbt::Compound>("generator");
    BOOST_TEST(gen.get<std::string>("type") == "minecraft:flat");
    BOOST_TEST(gen.get<nbt::Compound>("settings").get<nbt::List>("layers").empty());
    BOOST_TEST(gen.get<nbt::Compound>("settings").get<std::string>("biome") == "minecraft:the_void");
    BOOST_TEST((level_data_from_nbt(root)->level_type == LevelType::Void));

    LevelData n;
    n.level_type = LevelType::Amplified;
    BOOST_TEST((level_data_from_nbt(level_data_to_nbt(n, 0))->level_type == LevelType::Amplified));
    n.level_type = LevelType::Normal;
    BOOST_TEST((level_data_from_nbt(level_data_to_nbt(n, 0))->level_type == LevelType::Normal));

    // The nether and the end of a vanilla world are kept as they were.
    nbt::Compound vanilla = level_data_to_nbt(n, 0);
    vanilla.get<nbt::Compound>("Data")
        .get<nbt::Compound>("WorldGenSettings")
        .get<nbt::Compound>("dimensions")
        .put("minecraft:the_end", nbt::Compound{{"type", "minecraft:the_end"}});
    auto read = level_data_from_nbt(vanilla);
    BOOST_REQUIRE(read.has_value());
    BOOST_TEST(read->other_dimensions.contains("minecraft:the_end"));
    BOOST_TEST(level_data_to_nbt(*read, 0)
                   .get<nbt::Compound>("Data")
                   .get<nbt::Compound>("WorldGenSettings")
                   .get<nbt::Compound>("dimensions")
                   .contains("minecraft:the_end"));
}

BOOST_AUTO_TEST_CASE(missing_fields_take_defaults) {
    auto r = level_data_from_nbt(nbt::Compound{{"Data", nbt::Compound{}}});
    BOOST_REQUIRE(r.has_value());
    const LevelData defaults;
    check_same(*r, defaults);
    // Before 1.16 the seed was Data.RandomSeed.
    auto old = level_data_from_nbt(nbt::Compound{{"Data", nbt::Compound{{"RandomSeed", std::int64_t{99}}}}});
    BOOST_REQUIRE(old.has_value());
    BOOST_TEST(old->seed == 99);
}

BOOST_AUTO_TEST_CASE(wrong_types_are_errors_naming_the_field) {
    using C = nbt::Compound;
    auto with = [](auto edit) {
        C root = level_data_to_nbt(sample(), 0);
        edit(root.get<C>("Data"));
        return from_nbt_error(root);
    };
    BOOST_TEST(contains(from_nbt_error(C{}), "missing Data"));
    BOOST_TEST(contains(from_nbt_error(C{{"Data", std::int32_t{1}}}), "Data is TAG_Int, expected TAG_Compound"));
    BOOST_TEST(contains(with([](C& d) { d.put("Time", "noon"); }), "Data.Time is TAG_String, expected TAG_Long"));
    BOOST_TEST(contains(with([](C& d) { d.put("SpawnX", 1.5); }), "Data.SpawnX is TAG_Double, expected TAG_Int"));
    BOOST_TEST(contains(with([](C& d) { d.put("Difficulty", std::int32_t{1}); }),
                        "Data.Difficulty is TAG_Int, expected TAG_Byte"));
    BOOST_TEST(
        contains(with([](C& d) { d.put("Difficulty", std::int8_t{7}); }), "Data.Difficulty is 7, expected 0..3"));
    BOOST_TEST(contains(with([](C& d) { d.get<C>("GameRules").put("doDaylightCycle", std::int8_t{1}); }),
                        "Data.GameRules.doDaylightCycle is TAG_Byte, expected TAG_String"));
    BOOST_TEST(contains(with([](C& d) { d.get<C>("GameRules").put("doMobSpawning", "yes"); }),
                        "GameRules.doMobSpawning is 'yes', expected true or false"));
    BOOST_TEST(contains(with([](C& d) { d.get<C>("GameRules").put("randomTickSpeed", "fast"); }),
                        "GameRules.randomTickSpeed is 'fast', expected a whole number"));
    BOOST_TEST(
        contains(with([](C& d) { d.put("WorldGenSettings", std::int32_t{0}); }), "Data.WorldGenSettings is TAG_Int"));
    BOOST_TEST(contains(with([](C& d) { d.get<C>("WorldGenSettings").put("seed", "abc"); }),
                        "Data.WorldGenSettings.seed is TAG_String, expected TAG_Long"));
    BOOST_TEST(contains(with([](C& d) {
                            d.get<C>("WorldGenSettings")
                                .get<C>("dimensions")
                                .get<C>("minecraft:overworld")
                                .get<C>("generator")
                                .put("type", "minecraft:checkerboard");
                        }),
                        "generator.type is 'minecraft:checkerboard'"));
    BOOST_TEST(contains(with([](C& d) {
                            d.get<C>("WorldGenSettings")
                                .get<C>("dimensions")
                                .get<C>("minecraft:overworld")
                                .get<C>("generator")
                                .get<C>("settings")
                                .get<nbt::List>("layers")[0]
                                .as_compound()
                                .put("height", std::int32_t{-1});
                        }),
                        "settings.layers[0].height is -1"));
    BOOST_TEST(contains(with([](C& d) { d.put("ServerBrands", std::int32_t{0}); }), "Data.ServerBrands is TAG_Int"));
}

namespace {

// level.dat at game time 200 and its backup, level.dat_old, at 100.
void write_two_versions(const fs::path& dir) {
    LevelData first = sample();
    first.game_time = 100;
    LevelData second = sample();
    second.game_time = 200;
    BOOST_REQUIRE(write_level_dat(dir, first).has_value());
    BOOST_REQUIRE(write_level_dat(dir, second).has_value());
}

}  // namespace

BOOST_AUTO_TEST_CASE(falls_back_to_level_dat_old) {
    TempDir dir("level-fallback");
    write_two_versions(dir.path);
    BOOST_TEST(fs::exists(dir.path / "level.dat_old"));
    BOOST_TEST(read_level_dat(dir.path).value()->data.game_time == 200);

    // A torn level.dat: the previous version comes back, and the warning says why.
    write_text(dir.path / "level.dat", "\x1f\x8b garbage");
    auto r = read_level_dat(dir.path);
    BOOST_REQUIRE(r.has_value());
    BOOST_REQUIRE(r->has_value());
    BOOST_TEST((*r)->from_backup);
    BOOST_TEST(((*r)->file == dir.path / "level.dat_old"));
    BOOST_TEST((*r)->data.game_time == 100);
    BOOST_REQUIRE((*r)->warnings.size() == 1u);
    BOOST_TEST(contains((*r)->warnings[0], "level.dat: bad NBT"));

    // level.dat missing altogether.
    fs::remove(dir.path / "level.dat");
    BOOST_TEST(read_level_dat(dir.path).value()->from_backup);

    // Both bad: an error naming both files.
    write_text(dir.path / "level.dat", "nonsense");
    write_text(dir.path / "level.dat_old", "nonsense");
    auto both = read_level_dat(dir.path);
    BOOST_REQUIRE(!both.has_value());
    BOOST_TEST(contains(both.error(), "level.dat: "));
    BOOST_TEST(contains(both.error(), "level.dat_old: "));

    // A root that is NBT but not level.dat.
    BOOST_REQUIRE(nbt::write_file(dir.path / "level.dat", nbt::Tag(nbt::Compound{{"x", std::int8_t{1}}})).has_value());
    fs::remove(dir.path / "level.dat_old");
    auto wrong = read_level_dat(dir.path);
    BOOST_REQUIRE(!wrong.has_value());
    BOOST_TEST(contains(wrong.error(), "level.dat: missing Data"));
    BOOST_TEST(contains(wrong.error(), "level.dat_old: missing"));

    // A new world: neither file.
    fs::remove(dir.path / "level.dat");
    auto none = read_level_dat(dir.path);
    BOOST_REQUIRE(none.has_value());
    BOOST_TEST(!none->has_value());
}

BOOST_AUTO_TEST_CASE(a_failed_write_keeps_level_dat_and_its_backup_and_leaves_no_temporary_file) {
    TempDir dir("level-failed-write");
    write_two_versions(dir.path);
    const auto main_bytes = read_bytes(dir.path / "level.dat");
    const auto old_bytes = read_bytes(dir.path / "level.dat_old");
    // The backup's temporary name is taken by a folder: the step after level.dat_new fails, as a
    // full disk can make it fail.
    fs::create_directories(dir.path / "level.dat_old_new" / "x");
    LevelData third = sample();
    third.game_time = 300;
    auto r = write_level_dat(dir.path, third);
    BOOST_REQUIRE(!r.has_value());
    BOOST_TEST(contains(r.error(), "level.dat_old"), r.error());
    BOOST_TEST(!fs::exists(dir.path / "level.dat_new"));  // its space is given back
    BOOST_TEST((read_bytes(dir.path / "level.dat") == main_bytes));
    BOOST_TEST((read_bytes(dir.path / "level.dat_old") == old_bytes));
    BOOST_TEST(read_level_dat(dir.path).value()->data.game_time == 200);
}

BOOST_AUTO_TEST_CASE(forced_chunks_file) {
    TempDir dir("level-forced");
    BOOST_TEST(read_forced_chunks(dir.path).value().empty());
    const std::vector<ChunkPos> chunks{{1, 2}, {-3, -4}, {0, -1}};
    BOOST_REQUIRE(write_forced_chunks(dir.path, chunks).has_value());
    auto file = nbt::read_file(dir.path / "data" / "chunks.dat");
    BOOST_REQUIRE(file.has_value());
    BOOST_TEST((file->compression == nbt::Compression::Gzip));
    const auto& root = file->root.tag.as_compound();
    BOOST_TEST(root.get<std::int32_t>("DataVersion") == 3700);
    const auto& forced = root.get<nbt::Compound>("data").get<nbt::LongArray>("Forced");
    BOOST_TEST(forced == (nbt::LongArray{0x0000000200000001ll, static_cast<std::int64_t>(0xFFFFFFFCFFFFFFFDull),
                                         static_cast<std::int64_t>(0xFFFFFFFF00000000ull)}));
    auto back = read_forced_chunks(dir.path);
    BOOST_REQUIRE(back.has_value());
    BOOST_TEST((*back == chunks));

    BOOST_REQUIRE(nbt::write_file(dir.path / "data" / "chunks.dat",
                                  nbt::Tag(nbt::Compound{{"data", nbt::Compound{{"Forced", std::int32_t{3}}}}}))
                      .has_value());
    auto bad = read_forced_chunks(dir.path);
    BOOST_REQUIRE(!bad.has_value());
    BOOST_TEST(contains(bad.error(), "data.Forced is TAG_Int, expected TAG_Long_Array"));
}

BOOST_AUTO_TEST_SUITE_END()
