// StringReader: Brigadier's reading rules and vanilla's messages, and CommandError's console form.
#include <boost/test/unit_test.hpp>

#include "mobserver/command/string_reader.hpp"

using namespace mobsdk::server;

BOOST_AUTO_TEST_SUITE(string_reader)

BOOST_AUTO_TEST_CASE(reads_numbers_and_stops_at_the_first_other_character) {
    StringReader r("123 -4.5 7");
    BOOST_TEST(*r.read_int() == 123);
    r.skip();
    BOOST_TEST(*r.read_double() == -4.5);
    r.skip();
    BOOST_TEST(*r.read_long() == 7);
    BOOST_TEST(!r.can_read());
    StringReader f("1. .5");
    BOOST_TEST(*f.read_float() == 1.0f);
    f.skip();
    BOOST_TEST(*f.read_double() == 0.5);
}

BOOST_AUTO_TEST_CASE(number_errors_use_vanillas_messages_and_positions) {
    StringReader r("abc");
    auto e = r.read_int();
    BOOST_REQUIRE(!e);
    BOOST_TEST(e.error().message == "Expected integer");
    BOOST_TEST(e.error().cursor == 0u);
    StringReader bad("x 1.5");
    bad.set_cursor(2);
    auto i = bad.read_int();
    BOOST_REQUIRE(!i);
    BOOST_TEST(i.error().message == "Invalid integer '1.5'");
    BOOST_TEST(i.error().cursor == 2u);  // reset to the number's start
    BOOST_TEST(bad.cursor() == 2u);
    StringReader big("99999999999");
    BOOST_TEST(big.read_int().error().message == "Invalid integer '99999999999'");
    StringReader dash("-");
    BOOST_TEST(dash.read_double().error().message == "Invalid double '-'");
    StringReader dots("1.2.3");
    BOOST_TEST(dots.read_float().error().message == "Invalid float '1.2.3'");
    StringReader none("");
    BOOST_TEST(none.read_long().error().message == "Expected long");
    BOOST_TEST(StringReader("").read_double().error().message == "Expected double");
}

BOOST_AUTO_TEST_CASE(booleans) {
    StringReader r("true false yes");
    BOOST_TEST(*r.read_boolean() == true);
    r.skip();
    BOOST_TEST(*r.read_boolean() == false);
    r.skip();
    auto e = r.read_boolean();
    BOOST_TEST(e.error().message == "Invalid boolean, expected 'true' or 'false' but found 'yes'");
    BOOST_TEST(e.error().cursor == 11u);
    BOOST_TEST(StringReader("").read_boolean().error().message == "Expected boolean");
}

BOOST_AUTO_TEST_CASE(strings_quoted_and_unquoted) {
    StringReader r(R"(abc_1.+-x "a \"b\" \\" 'it''s' !)");
    BOOST_TEST(r.read_unquoted_string() == "abc_1.+-x");
    r.skip();
    BOOST_TEST(*r.read_string() == R"(a "b" \)");
    r.skip();
    BOOST_TEST(*r.read_string() == "it");
    BOOST_TEST(*r.read_quoted_string() == "s");
    r.skip();
    BOOST_TEST(r.read_quoted_string().error().message == "Expected quote to start a string");
    StringReader esc(R"("a\n")");
    auto e = esc.read_string();
    BOOST_TEST(e.error().message == "Invalid escape sequence '\\n' in quoted string");
    BOOST_TEST(e.error().cursor == 3u);
    BOOST_TEST(StringReader("\"abc").read_string().error().message == "Unclosed quoted string");
    StringReader ex("a");
    BOOST_TEST(ex.expect('b').error().message == "Expected 'b'");
    BOOST_TEST(ex.expect('a').has_value());
}

BOOST_AUTO_TEST_CASE(error_context_is_vanillas_console_form) {
    const auto e = CommandError::at("Incorrect argument for command", "gamerule foo", 9);
    BOOST_TEST(e.describe() == "Incorrect argument for command\ngamerule foo<--[HERE]");
    const auto far = CommandError::at("Expected integer", "summon minecraft:zombie 1 2 x", 28);
    BOOST_TEST(far.context() == "...ombie 1 2 x<--[HERE]");
    BOOST_TEST(far.one_line() == "Expected integer at position 28: ...ombie 1 2 <--[HERE]");
    BOOST_TEST(CommandError::plain("No entity was found").describe() == "No entity was found");
    BOOST_TEST(CommandError::at("m", "kill", 4).context() == "kill<--[HERE]");
}

BOOST_AUTO_TEST_SUITE_END()
