// CommandDispatcher: Brigadier's parse rules, vanilla's error messages and positions, usage text.
#include <boost/test/unit_test.hpp>

#include "mobserver/command/arguments.hpp"
#include "mobserver/command/dispatcher.hpp"

using namespace mobsdk::server;
using mobsdk::unexpected;

namespace {

struct Tree {
    CommandDispatcher d;
    CollectingSource src;
    std::vector<std::string> calls;
    Tree() {
        auto& kill = d.root().literal("kill");
        kill.executes([this](CommandContext&) -> CommandResultValue {
            calls.push_back("kill");
            return 1;
        });
        kill.argument("n", integer_arg(1, 10)).executes([this](CommandContext& c) -> CommandResultValue {
            calls.push_back("kill " + std::to_string(c.get<std::int32_t>("n")));
            return c.get<std::int32_t>("n");
        });
        auto& time = d.root().literal("time");
        time.literal("set").argument("t", integer_arg()).executes([this](CommandContext&) -> CommandResultValue {
            calls.push_back("set");
            return 1;
        });
        time.literal("add").argument("t", integer_arg()).executes([this](CommandContext&) -> CommandResultValue {
            calls.push_back("add");
            return 1;
        });
        time.literal("query").literal("day").executes([this](CommandContext&) -> CommandResultValue {
            calls.push_back("q");
            return 1;
        });
        auto& summon = d.root().literal("summon").argument("entity", word_arg());
        summon.executes([this](CommandContext&) -> CommandResultValue {
            calls.push_back("summon");
            return 1;
        });
        auto& pos = summon.argument("pos", vec3_arg());
        pos.executes([this](CommandContext&) -> CommandResultValue {
            calls.push_back("summon pos");
            return 1;
        });
        pos.argument("nbt", compound_tag_arg()).executes([this](CommandContext&) -> CommandResultValue {
            calls.push_back("summon nbt");
            return 1;
        });
        d.root().literal("k").redirect(kill);
        d.root().literal("fail").executes([](CommandContext&) -> CommandResultValue {
            return unexpected(CommandError::plain("No entity was found"));
        });
    }
    std::vector<std::string> run(std::string_view line) {
        src.clear();
        d.execute(line, src);
        return src.lines;
    }
};

using Lines = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_SUITE(dispatcher)

BOOST_AUTO_TEST_CASE(executes_the_deepest_node_with_its_arguments) {
    Tree t;
    BOOST_TEST(t.d.execute("kill 3", t.src).result == 3);
    BOOST_TEST(t.d.execute("/kill", t.src).success);  // the console's leading slash is dropped
    BOOST_TEST(t.d.execute("summon zombie ~ ~1 ~ {a:1b}", t.src).success);
    BOOST_TEST(t.d.execute("k 2", t.src).result == 2);  // redirect
    BOOST_TEST(t.calls == (Lines{"kill 3", "kill", "summon nbt", "kill 2"}));
}

BOOST_AUTO_TEST_CASE(unknown_and_incomplete_commands) {
    Tree t;
    BOOST_TEST(t.run("foo bar") == (Lines{"Unknown or incomplete command, see below for error", "foo bar<--[HERE]"}));
    BOOST_TEST(t.run("time") == (Lines{"Unknown or incomplete command, see below for error", "time<--[HERE]"}));
    BOOST_TEST(t.run("time query") ==
               (Lines{"Unknown or incomplete command, see below for error", "time query<--[HERE]"}));
    BOOST_TEST(t.run("time foo") == (Lines{"Incorrect argument for command", "time foo<--[HERE]"}));
    BOOST_TEST(t.run("kill ") == (Lines{"Incorrect argument for command", "kill <--[HERE]"}));
    BOOST_TEST(t.calls.empty());
}

BOOST_AUTO_TEST_CASE(argument_errors_point_at_the_argument) {
    Tree t;
    BOOST_TEST(t.run("kill 11") == (Lines{"Integer must not be more than 10, found 11", "kill 11<--[HERE]"}));
    BOOST_TEST(t.run("kill 0") == (Lines{"Integer must not be less than 1, found 0", "kill 0<--[HERE]"}));
    BOOST_TEST(t.run("kill x") == (Lines{"Expected integer", "kill x<--[HERE]"}));
    BOOST_TEST(t.run("kill 1x") ==
               (Lines{"Expected whitespace to end one argument, but found trailing data", "kill 1x<--[HERE]"}));
    BOOST_TEST(t.run("summon zombie 1 2") ==
               (Lines{"Incomplete (expected 3 coordinates)", "...on zombie 1 2<--[HERE]"}));
    BOOST_TEST(t.run("summon zombie ^1 2 3") ==
               (Lines{"Cannot mix world & local coordinates (everything must either use ^ or not)",
                      "...on zombie ^1 2 3<--[HERE]"}));
    BOOST_TEST(t.run("kill 1 2") == (Lines{"Incorrect argument for command", "kill 1 2<--[HERE]"}));
    BOOST_TEST(t.run("fail") == (Lines{"No entity was found"}));
    BOOST_TEST(t.calls.empty());
}

BOOST_AUTO_TEST_CASE(smart_usage_is_brigadiers) {
    Tree t;
    Lines usage;
    for (const auto& [node, text] : t.d.smart_usage(t.d.root(), t.src)) usage.push_back(text);
    BOOST_TEST(usage == (Lines{"fail", "k -> kill", "kill [<n>]", "summon <entity> [<pos>]", "time (add|query|set)"}));
}

BOOST_AUTO_TEST_CASE(coordinates_follow_vanilla_rules) {
    CollectingSource src("Server", {10.0, 64.0, -3.0});
    auto parse = [&](std::shared_ptr<const ArgumentType> type, const char* text) {
        StringReader r(text);
        auto v = type->parse(r);
        BOOST_REQUIRE(v.has_value());
        return std::any_cast<Coordinates>(*v);
    };
    // Vec3: integer x and z are centred, y is not; decimals and ~ are kept.
    BOOST_TEST(parse(vec3_arg(), "1 2 3").position(src) == (mobsdk::Vec3{1.5, 2.0, 3.5}));
    BOOST_TEST(parse(vec3_arg(), "1.0 2 -3.25").position(src) == (mobsdk::Vec3{1.0, 2.0, -3.25}));
    BOOST_TEST(parse(vec3_arg(), "~ ~1 ~-0.5").position(src) == (mobsdk::Vec3{10.0, 65.0, -3.5}));
    BOOST_TEST(parse(block_pos_arg(), "~0.7 ~ -1").block_pos(src) == (mobsdk::BlockPos{10, 64, -1}));
    // ^left ^up ^forwards, facing south (yaw 0): forwards is +z, left is +x.
    const auto local = parse(vec3_arg(), "^1 ^2 ^3").position(src);
    BOOST_TEST(local.x == 11.0, boost::test_tools::tolerance(1e-5));
    BOOST_TEST(local.y == 66.0, boost::test_tools::tolerance(1e-5));
    BOOST_TEST(local.z == 0.0, boost::test_tools::tolerance(1e-5));
    StringReader r("1 ~ ^");
    BOOST_TEST(vec3_arg()->parse(r).error().message ==
               "Cannot mix world & local coordinates (everything must either use ^ or not)");
}

BOOST_AUTO_TEST_CASE(time_argument_units) {
    auto ticks = [](const char* text) {
        StringReader r(text);
        auto v = time_arg(0)->parse(r);
        return v ? std::any_cast<std::int32_t>(*v) : -1;
    };
    BOOST_TEST(ticks("100") == 100);
    BOOST_TEST(ticks("100t") == 100);
    BOOST_TEST(ticks("3s") == 60);
    BOOST_TEST(ticks("1d") == 24000);
    BOOST_TEST(ticks("0.5d") == 12000);
    StringReader bad("3x");
    BOOST_TEST(time_arg(0)->parse(bad).error().message == "Invalid unit");
    StringReader low("0");
    BOOST_TEST(time_arg(1)->parse(low).error().message == "The tick count must not be less than 1, found 0");
}

BOOST_AUTO_TEST_SUITE_END()
