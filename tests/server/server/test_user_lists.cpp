// ops.json and whitelist.json as vanilla writes them: read strictly (errors name the file and the
// entry), written in vanilla's layout and atomically, read back unchanged.
#include <boost/test/unit_test.hpp>

#include <string>

#include "mobserver/net/offline_uuid.hpp"
#include "mobserver/server/user_lists.hpp"
#include "server/temp_dir.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
using namespace mobsdk::server::test;

namespace {

std::string ops_error(const TempDir& dir, const std::string& text) {
    write_text(dir / "ops.json", text);
    auto r = read_ops(dir / "ops.json");
    return r ? std::string() : r.error();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(user_lists)

BOOST_AUTO_TEST_CASE(ops_json_as_vanilla_writes_it) {
    TempDir dir("ops-read");
    BOOST_TEST(read_ops(dir / "ops.json")->empty());  // no file: no operators
    write_text(dir / "ops.json", R"([
  {
    "uuid": "b50ad385-829d-3141-a216-7e7d7539ba7f",
    "name": "Notch",
    "level": 4,
    "bypassesPlayerLimit": true
  },
  {"name": "tester", "level": 2}, {"name": "plain"}
])");
    const auto ops = read_ops(dir / "ops.json");
    BOOST_REQUIRE(ops.has_value());
    BOOST_REQUIRE(ops->size() == 3u);
    BOOST_TEST((*ops)[0].uuid.str() == "b50ad385-829d-3141-a216-7e7d7539ba7f");
    BOOST_TEST((*ops)[0].level == 4);
    BOOST_TEST((*ops)[0].bypasses_player_limit);
    BOOST_TEST((*ops)[1].uuid == offline_player_uuid("tester"));  // no uuid: the offline one
    BOOST_TEST((*ops)[1].level == 2);
    BOOST_TEST(!(*ops)[1].bypasses_player_limit);
    BOOST_TEST((*ops)[2].level == 0);  // vanilla's default for a missing level
}

BOOST_AUTO_TEST_CASE(a_bad_ops_json_is_an_error_naming_the_file_and_entry) {
    TempDir dir("ops-bad");
    BOOST_TEST(ops_error(dir, "[{") == "ops.json: not valid JSON");
    BOOST_TEST(ops_error(dir, "{}") ==
               "ops.json: expected a JSON array of {\"uuid\", \"name\", \"level\", \"bypassesPlayerLimit\"} entries");
    BOOST_TEST(ops_error(dir, R"([{"name": "a"}, 3])") == "ops.json: entry 1 has no string \"name\"");
    BOOST_TEST(ops_error(dir, R"([{"name": "a b"}])") == "ops.json: entry 0: 'a b' is not a player name");
    BOOST_TEST(ops_error(dir, R"([{"name": "ab", "uuid": "nope"}])") ==
               "ops.json: entry 0 (ab): \"uuid\" is not a UUID");
    BOOST_TEST(ops_error(dir, R"([{"name": "ab", "level": 5}])") ==
               "ops.json: entry 0 (ab): \"level\" is not a permission level 0-4");
    BOOST_TEST(ops_error(dir, R"([{"name": "ab", "level": "4"}])") ==
               "ops.json: entry 0 (ab): \"level\" is not a permission level 0-4");
    BOOST_TEST(ops_error(dir, R"([{"name": "ab", "bypassesPlayerLimit": 1}])") ==
               "ops.json: entry 0 (ab): \"bypassesPlayerLimit\" is not true or false");
}

BOOST_AUTO_TEST_CASE(ops_and_whitelist_round_trip_in_vanillas_layout) {
    TempDir dir("ops-write");
    const std::vector<OpEntry> ops{{offline_player_uuid("tester"), "tester", 4, false},
                                   {offline_player_uuid("Admin"), "Admin", 3, true}};
    BOOST_REQUIRE(write_ops(dir / "ops.json", ops).has_value());
    BOOST_TEST(read_text(dir / "ops.json") == "[\n  {\n    \"uuid\": \"" + ops[0].uuid.str() +
                                                  "\",\n    \"name\": \"tester\",\n    \"level\": 4,\n"
                                                  "    \"bypassesPlayerLimit\": false\n  },\n  {\n    \"uuid\": \"" +
                                                  ops[1].uuid.str() +
                                                  "\",\n    \"name\": \"Admin\",\n    \"level\": 3,\n"
                                                  "    \"bypassesPlayerLimit\": true\n  }\n]\n");
    BOOST_TEST(*read_ops(dir / "ops.json") == ops);
    BOOST_TEST(!std::filesystem::exists(dir / "ops.json.tmp"));  // renamed into place
    BOOST_REQUIRE(write_ops(dir / "ops.json", {}).has_value());
    BOOST_TEST(read_text(dir / "ops.json") == "[]\n");

    const std::vector<WhitelistEntry> list{{offline_player_uuid("Friend"), "Friend"}};
    BOOST_REQUIRE(write_whitelist(dir / "whitelist.json", list).has_value());
    BOOST_TEST(*read_whitelist(dir / "whitelist.json") == list);
    BOOST_TEST((*read_whitelist_names(dir / "whitelist.json") == std::set<std::string>{"friend"}));
}

BOOST_AUTO_TEST_CASE(a_failed_write_leaves_the_old_file) {
    TempDir dir("ops-fail");
    write_text(dir / "ops.json", "[]\n");
    // The temporary file cannot be made: a folder is in its way.
    std::filesystem::create_directories(dir / "ops.json.tmp" / "x");
    const auto r = write_ops(dir / "ops.json", {{offline_player_uuid("a"), "a", 4, false}});
    BOOST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().find("ops.json.tmp") != std::string::npos);
    BOOST_TEST(read_text(dir / "ops.json") == "[]\n");
}

BOOST_AUTO_TEST_CASE(player_names_compare_without_case) {
    BOOST_TEST(same_player_name("Tester", "tESTER"));
    BOOST_TEST(!same_player_name("tester", "tester2"));
}

BOOST_AUTO_TEST_SUITE_END()
