// whitelist.json as vanilla writes it: the names it lets in, and a clear error naming the file and
// the entry for anything else (vanilla then runs with an empty list, and so does the server).
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <string>

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

BOOST_AUTO_TEST_SUITE_END()
