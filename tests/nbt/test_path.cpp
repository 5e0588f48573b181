// NBT paths as `data get` takes them, and NbtUtils.compareNbt matching.
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <limits>
#include <string>

#include "mobsdk/nbt/path.hpp"
#include "mobsdk/nbt/snbt.hpp"

using namespace mobsdk::nbt;
using Kind = NbtPath::Node::Kind;

namespace {

Tag sample() {
    auto r = parse_snbt(R"({
        Brain: {memories: {"minecraft:home": {value: {dimension: "minecraft:overworld", pos: [I; 12, 64, -30]}}}},
        Items: [{id: "x", Count: 1b, tag: {Damage: 3}}, {id: "y", Count: 2b}, {id: "x", Count: 5b}],
        list: [10, 20, 30],
        nested: [[1, 2], [3]],
        "a b": {c: 1},
        "q\"uote": 7,
        bytes: [B; 5b],
        longs: [L; 1L, 2L],
        empty: [],
        flag: 1b
    })");
    BOOST_REQUIRE_MESSAGE(r.has_value(), (r ? "" : r.error().describe()));
    return std::move(r).value();
}

NbtPath make_path(std::string_view text) {
    auto r = NbtPath::parse(text);
    BOOST_TEST_INFO("path: " << text);
    BOOST_REQUIRE_MESSAGE(r.has_value(), "path parse failed: " << (r ? "" : r.error().describe()));
    return std::move(r).value();
}

PathError parse_error(std::string_view text) {
    auto r = NbtPath::parse(text);
    BOOST_TEST_INFO("path: " << text);
    BOOST_REQUIRE(!r.has_value());
    return r.error();
}

Tag value(std::string_view p, const Tag& root) {
    auto r = make_path(p).get_value(root);
    BOOST_TEST_INFO("path: " << p);
    BOOST_REQUIRE_MESSAGE(r.has_value(), "get_value failed: " << (r ? "" : r.error().describe()));
    return std::move(r).value();
}

std::size_t count(std::string_view p, const Tag& root) { return make_path(p).select(root).size(); }

Tag snbt(std::string_view text) {
    auto r = parse_snbt(text);
    BOOST_REQUIRE(r.has_value());
    return std::move(r).value();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(path)

// ---- parsing ----

BOOST_AUTO_TEST_CASE(parse_nodes) {
    const NbtPath p = make_path(R"(Brain.memories."minecraft:home".value.pos[0])");
    BOOST_TEST(p.text() == R"(Brain.memories."minecraft:home".value.pos[0])");
    BOOST_REQUIRE(p.nodes().size() == 6u);
    BOOST_TEST((p.nodes()[2].kind == Kind::Key));
    BOOST_TEST(p.nodes()[2].key == "minecraft:home");
    BOOST_TEST((p.nodes()[5].kind == Kind::Index));
    BOOST_TEST(p.nodes()[5].index == 0);
}

BOOST_AUTO_TEST_CASE(parse_every_node_kind) {
    const NbtPath p = make_path(R"({x:1}.a{b:1b}[{id:"x"}][][-2].'c d')");
    BOOST_REQUIRE(p.nodes().size() == 6u);
    BOOST_TEST((p.nodes()[0].kind == Kind::MatchRoot));
    BOOST_TEST(p.nodes()[0].pattern.get<std::int32_t>("x") == 1);
    BOOST_TEST((p.nodes()[1].kind == Kind::MatchObject));
    BOOST_TEST(p.nodes()[1].key == "a");
    BOOST_TEST(p.nodes()[1].pattern.get<std::int8_t>("b") == 1);
    BOOST_TEST((p.nodes()[2].kind == Kind::MatchElement));
    BOOST_TEST(p.nodes()[2].pattern.get<std::string>("id") == "x");
    BOOST_TEST((p.nodes()[3].kind == Kind::AllElements));
    BOOST_TEST((p.nodes()[4].kind == Kind::Index));
    BOOST_TEST(p.nodes()[4].index == -2);
    BOOST_TEST((p.nodes()[5].kind == Kind::Key));
    BOOST_TEST(p.nodes()[5].key == "c d");
}

BOOST_AUTO_TEST_CASE(unquoted_keys_take_most_characters) {
    const NbtPath p = make_path("minecraft:home.a-b+c/d#é");
    BOOST_REQUIRE(p.nodes().size() == 2u);
    BOOST_TEST(p.nodes()[0].key == "minecraft:home");
    BOOST_TEST(p.nodes()[1].key == "a-b+c/d#é");
}

BOOST_AUTO_TEST_CASE(quoted_keys_use_snbt_escapes) {
    BOOST_TEST(make_path(R"("q\"uote")").nodes()[0].key == "q\"uote");
    BOOST_TEST(make_path(R"('it\'s')").nodes()[0].key == "it's");
    BOOST_TEST(make_path(R"("\u00e9")").nodes()[0].key == "é");
    BOOST_TEST(make_path(R"("")").nodes()[0].key.empty());
}

BOOST_AUTO_TEST_CASE(index_on_the_root_and_chained_indices) {
    const NbtPath p = make_path("[0][1]");
    BOOST_REQUIRE(p.nodes().size() == 2u);
    BOOST_TEST(p.nodes()[1].index == 1);
    BOOST_TEST(make_path("a[0].b").nodes().size() == 3u);
    BOOST_TEST(make_path("a[].b").nodes().size() == 3u);
    BOOST_TEST(make_path("a[-2147483648]").nodes()[1].index == std::numeric_limits<std::int32_t>::min());
}

BOOST_AUTO_TEST_CASE(parse_errors_with_positions) {
    const PathError empty = parse_error("");
    BOOST_TEST(empty.message == "empty NBT path");
    BOOST_TEST(empty.position == 0u);

    const PathError dot = parse_error("a.");
    BOOST_TEST(dot.message == "trailing '.' at the end of the NBT path");
    BOOST_TEST(dot.position == 1u);

    const PathError double_dot = parse_error("a..b");
    BOOST_TEST(double_dot.message == "invalid NBT path element, found '.'");
    BOOST_TEST(double_dot.position == 2u);

    const PathError bracket = parse_error("a[0");
    BOOST_TEST(bracket.message == "unexpected end of path, expected ']'");
    BOOST_TEST(bracket.position == 3u);
    BOOST_TEST(parse_error("a[0}").message == "expected ']', found '}'");

    const PathError bad_int = parse_error("a[1.5]");
    BOOST_TEST(bad_int.message == "invalid integer '1.5'");
    BOOST_TEST(bad_int.position == 2u);
    BOOST_TEST(parse_error("a[x]").message == "expected an integer index, found 'x'");
    BOOST_TEST(parse_error("a[2147483648]").message == "invalid integer '2147483648'");
    BOOST_TEST(parse_error("a[").message == "unexpected end of path, expected an index, '{' or ']'");

    const PathError brace = parse_error("a.{x:1}");
    BOOST_TEST(brace.position == 2u);
    BOOST_TEST(brace.message.rfind("invalid NBT path element", 0) == 0u);
    BOOST_TEST(parse_error("a[0]{x:1}").message.rfind("invalid NBT path element", 0) == 0u);

    const PathError space = parse_error("a b");
    BOOST_TEST(space.position == 1u);
    BOOST_TEST(parse_error("a\"b\"").message == "expected '.', '[' or '{' after a path element, found '\"'");
    BOOST_TEST(parse_error("]").message == "invalid NBT path element, found ']'");
}

BOOST_AUTO_TEST_CASE(positions_count_characters) {
    // "é" is two bytes but one character.
    const PathError e = parse_error("é.]");
    BOOST_TEST(e.position == 2u);
    BOOST_TEST(e.describe() == "at position 2: invalid NBT path element, found ']'");
}

BOOST_AUTO_TEST_CASE(errors_inside_embedded_snbt) {
    const PathError e = parse_error("a{b:}");
    BOOST_TEST(e.message == "expected value, found '}'");
    BOOST_TEST(e.position == 4u);
    const PathError q = parse_error("a.\"open");
    BOOST_TEST(q.position == 2u);
    BOOST_TEST(q.message.find("unterminated string") != std::string::npos);
    BOOST_TEST(parse_error("a[{b:1}").message == "unexpected end of path, expected ']'");
    BOOST_TEST(parse_error("\"\xff\"").message == "invalid UTF-8 at byte 1");
}

// ---- selecting ----

BOOST_AUTO_TEST_CASE(issue_example_array_elements) {
    const Tag root = sample();
    BOOST_TEST((value(R"(Brain.memories."minecraft:home".value.pos[0])", root) == Tag(std::int32_t{12})));
    BOOST_TEST((value(R"(Brain.memories."minecraft:home".value.pos[-1])", root) == Tag(std::int32_t{-30})));
    BOOST_TEST((value(R"(Brain.memories."minecraft:home".value.pos[1])", root) == Tag(std::int32_t{64})));
    BOOST_TEST((value(R"(Brain.memories.minecraft:home.value.dimension)", root) == Tag("minecraft:overworld")));
    BOOST_TEST((value("bytes[0]", root) == Tag(std::int8_t{5})));
    BOOST_TEST((value("bytes[]", root) == Tag(std::int8_t{5})));  // a single element
    BOOST_TEST((value("longs[-2]", root) == Tag(std::int64_t{1})));
}

BOOST_AUTO_TEST_CASE(array_elements_are_not_tags) {
    const Tag root = sample();
    const NbtPath p = make_path(R"(Brain.memories."minecraft:home".value.pos[0])");
    BOOST_TEST(p.select(root).empty());
    auto one = p.get_one(root);
    BOOST_REQUIRE(!one.has_value());
    BOOST_TEST(one.error().message.find("use NbtPath::get_value") != std::string::npos);
    BOOST_TEST(one.error().message.find("TAG_Int_Array") != std::string::npos);
    auto many = make_path("longs[]").get_value(root);
    BOOST_REQUIRE(!many.has_value());
    BOOST_TEST(many.error().message == "This argument accepts a single NBT value");
    auto out = make_path("longs[2]").get_value(root);
    BOOST_REQUIRE(!out.has_value());
    BOOST_TEST(out.error().message == "Found no elements matching longs[2]");
}

BOOST_AUTO_TEST_CASE(keys_and_quoted_keys) {
    const Tag root = sample();
    BOOST_TEST((value("\"a b\".c", root) == Tag(std::int32_t{1})));
    BOOST_TEST((value("'a b'.c", root) == Tag(std::int32_t{1})));
    BOOST_TEST((value(R"('q"uote')", root) == Tag(std::int32_t{7})));
    BOOST_TEST((value("flag", root) == Tag(std::int8_t{1})));
    BOOST_TEST(count("flag.x", root) == 0u);  // a key on a non-compound selects nothing
    BOOST_TEST(count("missing", root) == 0u);
}

BOOST_AUTO_TEST_CASE(list_indices) {
    const Tag root = sample();
    BOOST_TEST((value("list[0]", root) == Tag(std::int32_t{10})));
    BOOST_TEST((value("list[-1]", root) == Tag(std::int32_t{30})));
    BOOST_TEST((value("list[-3]", root) == Tag(std::int32_t{10})));
    BOOST_TEST(count("list[3]", root) == 0u);
    BOOST_TEST(count("list[-4]", root) == 0u);
    BOOST_TEST(count("list[-2147483648]", root) == 0u);
    BOOST_TEST((value("nested[0][1]", root) == Tag(std::int32_t{2})));
    BOOST_TEST((value("Items[1].id", root) == Tag("y")));
    BOOST_TEST(count("empty[0]", root) == 0u);
    // An index on the root list.
    const Tag list = snbt("[{a:1},{a:2}]");
    BOOST_TEST((value("[1].a", list) == Tag(std::int32_t{2})));
}

BOOST_AUTO_TEST_CASE(all_elements) {
    const Tag root = sample();
    const auto ids = make_path("Items[].id").select(root);
    BOOST_REQUIRE(ids.size() == 3u);
    BOOST_TEST(ids[0]->as_string() == "x");
    BOOST_TEST(ids[1]->as_string() == "y");
    BOOST_TEST(count("nested[][]", root) == 3u);
    BOOST_TEST(count("empty[]", root) == 0u);
    BOOST_TEST(count("longs[]", root) == 0u);  // array elements are not tags
}

BOOST_AUTO_TEST_CASE(match_element) {
    const Tag root = sample();
    BOOST_TEST(count(R"(Items[{id:"x"}])", root) == 2u);
    BOOST_TEST((value(R"(Items[{id:"y"}].Count)", root) == Tag(std::int8_t{2})));
    BOOST_TEST((value(R"(Items[{tag:{}}].Count)", root) == Tag(std::int8_t{1})));
    BOOST_TEST(count(R"(Items[{id:"z"}])", root) == 0u);
    BOOST_TEST(count(R"(Items[{}])", root) == 3u);
    BOOST_TEST(count(R"(list[{}])", root) == 0u);  // elements must be compounds
}

BOOST_AUTO_TEST_CASE(match_object) {
    const Tag root = sample();
    BOOST_TEST((value("\"a b\"{c:1}.c", root) == Tag(std::int32_t{1})));
    BOOST_TEST(count("\"a b\"{c:2}", root) == 0u);
    BOOST_TEST(count("flag{}", root) == 0u);  // the child must be a compound
    const Tag t = snbt("{a:{b:1b,c:2}}");
    BOOST_TEST((value("a{b:1b}.c", t) == Tag(std::int32_t{2})));
    BOOST_TEST(count("a{b:1}", t) == 0u);  // types must agree: 1 is an int, the tag holds a byte
}

BOOST_AUTO_TEST_CASE(match_root) {
    const Tag t = snbt("{x:1,y:{z:2}}");
    BOOST_TEST((value("{x:1}.y.z", t) == Tag(std::int32_t{2})));
    BOOST_TEST(count("{x:2}.y", t) == 0u);
    BOOST_TEST(count("{}", t) == 1u);
    BOOST_TEST(count("{y:{}}", t) == 1u);
}

BOOST_AUTO_TEST_CASE(no_match_and_multiple_match_messages) {
    const Tag root = sample();
    auto none = make_path("Brain.nothing").get_one(root);
    BOOST_REQUIRE(!none.has_value());
    BOOST_TEST(none.error().message == "Found no elements matching Brain.nothing");
    auto v = make_path("Brain.nothing").get_value(root);
    BOOST_REQUIRE(!v.has_value());
    BOOST_TEST(v.error().message == "Found no elements matching Brain.nothing");

    auto many = make_path("Items[].id").get_one(root);
    BOOST_REQUIRE(!many.has_value());
    BOOST_TEST(many.error().message == "This argument accepts a single NBT value");
    BOOST_TEST(!make_path("Items[].id").get_value(root).has_value());

    auto one = make_path("Items[0].id").get_one(root);
    BOOST_REQUIRE(one.has_value());
    BOOST_TEST((**one == Tag("x")));
}

BOOST_AUTO_TEST_CASE(select_gives_mutable_tags) {
    Tag root = sample();
    for (Tag* t : make_path("Items[].Count").select(root)) *t = Tag(std::int8_t{9});
    BOOST_TEST((make_path("Items[2].Count").get_value(root).value() == Tag(std::int8_t{9})));
}

// ---- nbt_matches ----

BOOST_AUTO_TEST_CASE(matches_scalars_by_type_and_value) {
    BOOST_TEST(nbt_matches(Tag(std::int32_t{1}), Tag(std::int32_t{1})));
    BOOST_TEST(!nbt_matches(Tag(std::int32_t{1}), Tag(std::int8_t{1})));
    BOOST_TEST(!nbt_matches(Tag("a"), Tag("b")));
    BOOST_TEST(nbt_matches(Tag(IntArray{1, 2}), Tag(IntArray{1, 2})));
    BOOST_TEST(!nbt_matches(Tag(IntArray{1}), Tag(IntArray{1, 2})));  // arrays compare whole
    // Java's FloatTag.equals uses ==: NaN never matches, 0 matches -0.
    BOOST_TEST(
        !nbt_matches(Tag(std::numeric_limits<double>::quiet_NaN()), Tag(std::numeric_limits<double>::quiet_NaN())));
    BOOST_TEST(nbt_matches(Tag(0.0f), Tag(-0.0f)));
}

BOOST_AUTO_TEST_CASE(matches_compounds_partially) {
    const Tag tag = snbt("{a:1,b:{c:2,d:3}}");
    BOOST_TEST(nbt_matches(snbt("{}"), tag));
    BOOST_TEST(nbt_matches(snbt("{b:{c:2}}"), tag));
    BOOST_TEST(!nbt_matches(snbt("{b:{c:3}}"), tag));
    BOOST_TEST(!nbt_matches(snbt("{e:1}"), tag));
    BOOST_TEST(!nbt_matches(snbt("{}"), snbt("[]")));
}

BOOST_AUTO_TEST_CASE(matches_lists_as_subsets) {
    const Tag tag = snbt("[1,2,3]");
    BOOST_TEST(nbt_matches(snbt("[3,1]"), tag));
    BOOST_TEST(nbt_matches(snbt("[2,2]"), tag));
    BOOST_TEST(!nbt_matches(snbt("[4]"), tag));
    BOOST_TEST(!nbt_matches(snbt("[]"), tag));  // an empty pattern matches only an empty list
    BOOST_TEST(nbt_matches(snbt("[]"), snbt("[]")));
    BOOST_TEST(nbt_matches(Tag(List(TagType::String)), snbt("[]")));
    BOOST_TEST(!nbt_matches(snbt("[1b]"), tag));
    BOOST_TEST(nbt_matches(snbt("[{id:\"x\"}]"), snbt("[{id:\"y\"},{id:\"x\",n:1}]")));
}

BOOST_AUTO_TEST_SUITE_END()
