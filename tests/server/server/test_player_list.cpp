// whitelist.json as vanilla writes it: the names it lets in, and a clear error naming the file and
// the entry for anything else (vanilla then runs with an empty list, and so does the server).
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <string>

#include "mobserver/net/offline_uuid.hpp"
#include "mobserver/server/player_list.hpp"
#include "server/temp_dir.hpp"

using namespace mobsdk::server;
using namespace mobsdk::server::test;

namespace {

std::string error_for(const TempDir& dir, const std::string& text) {
    std::ofstream(dir / "whitelist.json", std::ios::binary) << text;
    auto r = read_whitelist_names(dir / "whitelist.json");
    return r ? std::string() : r.error();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(player_list)

BOOST_AUTO_TEST_CASE(whitelist_json_names_are_read_lower_case) {
    TempDir dir("whitelist-ok");
    BOOST_TEST(read_whitelist_names(dir / "whitelist.json")->empty());  // no file: no names
    std::ofstream(dir / "whitelist.json", std::ios::binary)
        << R"([{"uuid": "b50ad385-829d-3141-a216-7e7d7539ba7f", "name": "Notch"}, {"name": "tester_2"}])";
    const auto names = read_whitelist_names(dir / "whitelist.json");
    BOOST_REQUIRE(names.has_value());
    BOOST_TEST((*names == std::set<std::string>{"notch", "tester_2"}));
}

BOOST_AUTO_TEST_CASE(a_bad_whitelist_json_is_an_error_naming_what_is_wrong) {
    TempDir dir("whitelist-bad");
    BOOST_TEST(error_for(dir, "[{\"name\": \"Notch\"") == "whitelist.json: not valid JSON");
    BOOST_TEST(error_for(dir, "{\"name\": \"Notch\"}") ==
               "whitelist.json: expected a JSON array of {\"uuid\", \"name\"} entries");
    BOOST_TEST(error_for(dir, R"([{"name": "a"}, {"uuid": "x"}])") == "whitelist.json: entry 1 has no string \"name\"");
    BOOST_TEST(error_for(dir, R"([{"name": 7}])") == "whitelist.json: entry 0 has no string \"name\"");
    BOOST_TEST(error_for(dir, R"([{"name": "has space"}])") ==
               "whitelist.json: entry 0: 'has space' is not a player name");
    BOOST_TEST(error_for(dir, R"([{"name": "seventeen_chars_x"}])") ==
               "whitelist.json: entry 0: 'seventeen_chars_x' is not a player name");
    BOOST_TEST(error_for(dir, "[]").empty());
}

// The operators and the whitelist as PlayerList keeps them: op/deop and whitelist add/remove write
// the files, levels come from ops.json, `whitelist on|off` goes to the saver.
BOOST_AUTO_TEST_CASE(ops_and_whitelist_are_kept_and_written) {
    TempDir dir("player-list-admin");
    boost::asio::io_context io;
    PlayerListSettings settings;
    settings.ops_file = dir / "ops.json";
    settings.whitelist_file = dir / "whitelist.json";
    settings.op_permission_level = 3;
    std::vector<std::string> log;
    auto list = std::make_shared<PlayerList>(
        boost::asio::make_strand(io), settings,
        [&](std::string_view level, std::string line) { log.push_back(std::string(level) + " " + line); });
    const PlayerProfile tester{"tester", offline_player_uuid("tester")};
    BOOST_TEST(list->permission_level(tester.uuid) == 0);
    BOOST_TEST(list->op(tester));
    BOOST_TEST(!list->op(tester));
    BOOST_TEST(list->is_op(tester.uuid));
    BOOST_TEST(list->permission_level(tester.uuid) == 3);  // op-permission-level
    BOOST_TEST(read_ops(dir / "ops.json")->size() == 1u);
    BOOST_TEST(list->deop(tester));
    BOOST_TEST(!list->deop(tester));
    BOOST_TEST(read_ops(dir / "ops.json")->empty());

    std::vector<bool> saved;
    list->set_white_list_saver([&](bool on) { saved.push_back(on); });
    list->set_whitelist_enabled(true);
    BOOST_TEST(list->whitelist_enabled());
    BOOST_TEST(saved == std::vector<bool>{true});
    BOOST_TEST(list->whitelist_add({"Friend", offline_player_uuid("Friend")}));
    BOOST_TEST(!list->whitelist_add({"friend", offline_player_uuid("friend")}));  // the same name
    BOOST_TEST(list->whitelist_names() == std::vector<std::string>{"Friend"});
    BOOST_TEST((*read_whitelist_names(dir / "whitelist.json") == std::set<std::string>{"friend"}));
    std::ofstream(dir / "whitelist.json", std::ios::binary | std::ios::trunc) << R"([{"name": "a"}, {"name": "b"}])";
    list->reload_whitelist();
    BOOST_TEST(list->whitelist_names() == (std::vector<std::string>{"a", "b"}));
    BOOST_TEST(list->whitelist_remove({"A", offline_player_uuid("A")}));
    BOOST_TEST(list->whitelist_names() == std::vector<std::string>{"b"});
    std::ofstream(dir / "whitelist.json", std::ios::binary | std::ios::trunc) << "[";
    list->reload_whitelist();
    BOOST_TEST(list->whitelist_names().empty());
    BOOST_TEST(log.back() == "WARN Failed to load the white-list, so it is empty: whitelist.json: not valid JSON");

    list->broadcast_to_ops("Rcon", "Set the time to 1000");
    BOOST_TEST(log.back() == "INFO [Rcon: Set the time to 1000]");
}

BOOST_AUTO_TEST_SUITE_END()
