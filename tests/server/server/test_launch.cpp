// mobserver's command line: every flag, values inline or apart, and the errors a user sees.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "mobserver/server/server.hpp"

using namespace mobsdk::server;

namespace {

mobsdk::Result<ServerLaunch, std::string> parse(std::vector<const char*> args) {
    args.insert(args.begin(), "mobserver");
    return parse_launch_arguments(static_cast<int>(args.size()), args.data());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(launch)

BOOST_AUTO_TEST_CASE(defaults) {
    const auto l = parse({});
    BOOST_REQUIRE(l.has_value());
    BOOST_TEST(l->dir == ".");
    BOOST_TEST(l->console);
    BOOST_TEST(!l->safe_mode);
    BOOST_TEST(!l->recreate_level_dat);
    BOOST_TEST(!l->frozen);
    BOOST_TEST(l->overrides.empty());
}

BOOST_AUTO_TEST_CASE(switches_and_valued_flags) {
    const auto l = parse({"--dir", "srv", "--safe-mode", "--frozen", "--recreate-level-dat", "--no-console",
                          "--port=25570", "--world", "/data/w", "--debug-web", "8080"});
    BOOST_REQUIRE(l.has_value());
    BOOST_TEST(l->dir == "srv");
    BOOST_TEST(l->safe_mode);
    BOOST_TEST(l->frozen);
    BOOST_TEST(l->recreate_level_dat);
    BOOST_TEST(!l->console);
    BOOST_REQUIRE(l->overrides.size() == 3u);
    BOOST_TEST(l->overrides[0].first == "--port");
    BOOST_TEST(l->overrides[0].second == "25570");
    BOOST_TEST(l->overrides[1].first == "--world");
    BOOST_TEST(l->overrides[1].second == "/data/w");
    BOOST_TEST(l->overrides[2].first == "--debug-web");
    BOOST_TEST(l->overrides[2].second == "8080");
}

BOOST_AUTO_TEST_CASE(errors_name_the_flag) {
    BOOST_TEST(parse({"--frobnicate"}).error() == "unknown option '--frobnicate' (see --help)");
    BOOST_TEST(parse({"--port"}).error() == "option --port needs a value");
    BOOST_TEST(parse({"--safe-mode=yes"}).error() == "option --safe-mode takes no value");
    BOOST_TEST(parse({"--dir="}).error() == "option --dir needs a folder");
    const auto help = parse({"--help"});
    BOOST_REQUIRE(!help.has_value());
    BOOST_TEST(help.error().find("--safe-mode") != std::string::npos);
    BOOST_TEST(help.error().find("--frozen") != std::string::npos);
    BOOST_TEST(help.error().find("--recreate-level-dat") != std::string::npos);
    BOOST_TEST(help.error().find("--debug-web PORT") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
