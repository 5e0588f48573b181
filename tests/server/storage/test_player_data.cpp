// playerdata/<uuid>.dat: written as vanilla's gzip NBT with DataVersion, the previous file kept as
// <uuid>.dat_old, every tag read back; a damaged file is kept aside (never deleted), named in the
// warning, and <uuid>.dat_old used instead when it can be.
#include <boost/test/unit_test.hpp>

#include <filesystem>

#include "mobsdk/nbt/io.hpp"
#include "mobserver/storage/player_data.hpp"
#include "server/temp_dir.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
using namespace mobsdk::server::test;
namespace fs = std::filesystem;

namespace {

const Uuid tester{0xdd823a0cb94a369full, 0xacddddd287e3180eull};

nbt::Compound at(double x) {
    return nbt::Compound{{"Pos", nbt::List({nbt::Tag(x), nbt::Tag(-60.0), nbt::Tag(0.5)})},
                         {"playerGameType", std::int32_t{3}},
                         {"SomeModTag", nbt::Compound{{"kept", std::int8_t{1}}}}};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(player_data)

BOOST_AUTO_TEST_CASE(playerdata_round_trips_every_tag_and_keeps_the_previous_file) {
    TempDir dir("playerdata-ok");
    const fs::path pd = dir / "playerdata";
    BOOST_TEST(!read_player_data(pd, tester).tag.has_value());  // a new player
    BOOST_TEST(read_player_data(pd, tester).warning.empty());
    BOOST_REQUIRE(write_player_data(pd, tester, at(1.5)).has_value());
    BOOST_REQUIRE(write_player_data(pd, tester, at(2.5)).has_value());
    const std::string name = tester.str() + ".dat";
    BOOST_TEST(fs::exists(pd / name));
    BOOST_TEST(fs::exists(pd / (name + "_old")));
    BOOST_TEST(!fs::exists(pd / (name + "_new")));
    // Vanilla's layout: a gzip file whose root holds DataVersion 3700 beside the player's tags.
    auto file = nbt::read_file(pd / name);
    BOOST_REQUIRE(file.has_value());
    BOOST_TEST((file->compression == nbt::Compression::Gzip));
    BOOST_TEST(file->root.tag.as_compound().get<std::int32_t>("DataVersion") == 3700);
    const PlayerDataLoad load = read_player_data(pd, tester);
    BOOST_REQUIRE(load.tag.has_value());
    BOOST_TEST(load.warning.empty());
    BOOST_TEST(load.tag->get<nbt::List>("Pos").get<double>(0) == 2.5);
    BOOST_TEST(load.tag->get<std::int32_t>("playerGameType") == 3);
    BOOST_TEST(load.tag->get<nbt::Compound>("SomeModTag").get<std::int8_t>("kept") == 1);
    BOOST_TEST(!load.tag->contains("DataVersion"));
    auto old = nbt::read_file(pd / (name + "_old"));
    BOOST_REQUIRE(old.has_value());
    BOOST_TEST(old->root.tag.as_compound().get<nbt::List>("Pos").get<double>(0) == 1.5);
}

BOOST_AUTO_TEST_CASE(a_damaged_playerdata_file_is_kept_aside_and_named) {
    TempDir dir("playerdata-bad");
    const fs::path pd = dir / "playerdata";
    const std::string name = tester.str() + ".dat";
    BOOST_REQUIRE(write_player_data(pd, tester, at(1.5)).has_value());
    BOOST_REQUIRE(write_player_data(pd, tester, at(2.5)).has_value());
    write_text(pd / name, "not nbt at all");
    // The damaged file is renamed, never deleted; the previous save is used.
    PlayerDataLoad load = read_player_data(pd, tester);
    BOOST_REQUIRE(load.tag.has_value());
    BOOST_TEST(load.tag->get<nbt::List>("Pos").get<double>(0) == 1.5);
    BOOST_TEST(load.warning.find("playerdata/" + name + " cannot be read") == 0u);
    BOOST_TEST(load.warning.find("kept as " + name + ".corrupt-1") != std::string::npos);
    BOOST_TEST(load.warning.find("using playerdata/" + name + "_old") != std::string::npos);
    BOOST_TEST(read_text(pd / (name + ".corrupt-1")) == "not nbt at all");
    BOOST_TEST(!fs::exists(pd / name));
    // Both damaged: both kept, the player starts at the spawn.
    write_text(pd / name, "again");
    write_text(pd / (name + "_old"), "and again");
    load = read_player_data(pd, tester);
    BOOST_TEST(!load.tag.has_value());
    BOOST_TEST(load.warning.find("kept as " + name + ".corrupt-2") != std::string::npos);
    BOOST_TEST(load.warning.find("kept as " + name + "_old.corrupt-1") != std::string::npos);
    BOOST_TEST(load.warning.find("the player starts at the spawn") != std::string::npos);
    BOOST_TEST(read_text(pd / (name + ".corrupt-2")) == "again");
    // The next save writes a fresh file beside the kept ones.
    BOOST_REQUIRE(write_player_data(pd, tester, at(3.5)).has_value());
    BOOST_TEST(read_player_data(pd, tester).tag->get<nbt::List>("Pos").get<double>(0) == 3.5);
    BOOST_TEST(fs::exists(pd / (name + ".corrupt-1")));
}

BOOST_AUTO_TEST_SUITE_END()
