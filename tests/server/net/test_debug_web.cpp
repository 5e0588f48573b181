// The debug view's files (mobserver/net/debug_web.hpp): what a request target finds, and that only
// the embedded page is ever served; and the constant-time password check it shares with RCON.
#include <boost/test/unit_test.hpp>

#include <string>

#include "mobserver/net/debug_web.hpp"
#include "mobserver/net/rcon.hpp"

using namespace mobsdk::server;

BOOST_AUTO_TEST_SUITE(debug_web)

BOOST_AUTO_TEST_CASE(the_page_is_embedded) {
    const DebugWebFile* index = find_debug_web_file("/");
    BOOST_REQUIRE(index);
    BOOST_TEST(index->path == "/index.html");
    BOOST_TEST(index->content_type == "text/html; charset=utf-8");
    BOOST_TEST(index->body.find("<canvas id=\"map\"") != std::string_view::npos);
    const DebugWebFile* script = find_debug_web_file("/app.js?v=2");
    BOOST_REQUIRE(script);
    BOOST_TEST(script->content_type == "text/javascript; charset=utf-8");
    BOOST_TEST(find_debug_web_file("/style.css") != nullptr);
    BOOST_TEST(debug_web_files().size() == 3u);
}

BOOST_AUTO_TEST_CASE(nothing_else_is_found) {
    for (const char* target : {"", "index.html", "/INDEX.HTML", "/../index.html", "/./index.html", "/index.html/",
                               "/%2e%2e/server.properties", "//index.html", "/web/app.js", "/server.properties"})
        BOOST_TEST(find_debug_web_file(target) == nullptr, target);
}

BOOST_AUTO_TEST_CASE(passwords_compare_whole) {
    BOOST_TEST(same_password("hunter2", "hunter2"));
    BOOST_TEST(!same_password("hunter", "hunter2"));
    BOOST_TEST(!same_password("hunter22", "hunter2"));
    BOOST_TEST(!same_password("Hunter2", "hunter2"));
    BOOST_TEST(!same_password("", "hunter2"));
}

BOOST_AUTO_TEST_SUITE_END()
