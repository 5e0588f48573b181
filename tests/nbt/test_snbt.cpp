// SNBT reading and printing against vanilla's TagParser / StringTagVisitor rules.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include "mobsdk/nbt/snbt.hpp"

using namespace mobsdk::nbt;

namespace {

Tag parse_ok(std::string_view text) {
    auto r = parse_snbt(text);
    BOOST_TEST_INFO("input: " << text);
    BOOST_REQUIRE_MESSAGE(r.has_value(), "parse failed: " << (r ? "" : r.error().describe()));
    return std::move(r).value();
}

SnbtError parse_err(std::string_view text, const SnbtReadOptions& opts = {}) {
    auto r = parse_snbt(text, opts);
    BOOST_TEST_INFO("input: " << text);
    BOOST_REQUIRE_MESSAGE(!r.has_value(), "parse unexpectedly succeeded: " << (r ? to_snbt(*r) : ""));
    return r.error();
}

bool contains(const std::string& haystack, std::string_view needle) {
    return haystack.find(needle) != std::string::npos;
}

template <typename F>
bool same_bits(F a, F b) {
    return std::memcmp(&a, &b, sizeof(F)) == 0;
}

void check_round_trip(const Tag& t) {
    for (int indent : {0, 2, 4}) {
        const std::string text = to_snbt(t, SnbtFormat{indent});
        auto back = parse_snbt(text);
        BOOST_TEST_INFO("indent " << indent << ": " << text);
        BOOST_REQUIRE_MESSAGE(back.has_value(), "re-parse failed: " << (back ? "" : back.error().describe()));
        BOOST_TEST((*back == t));
        BOOST_TEST(to_snbt(*back, SnbtFormat{indent}) == text);
    }
}

Tag nested_lists(std::size_t depth) {
    std::string s(depth, '[');
    s.append(depth, ']');
    return parse_ok(s);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(snbt)

// ---- numbers and words ----

BOOST_AUTO_TEST_CASE(bare_integer_is_int) {
    BOOST_TEST(parse_ok("1").as_int() == 1);
    BOOST_TEST(parse_ok("-0").as_int() == 0);
    BOOST_TEST(parse_ok("+5").as_int() == 5);
    BOOST_TEST(parse_ok("2147483647").as_int() == 2147483647);
    BOOST_TEST(parse_ok("-2147483648").as_int() == std::numeric_limits<std::int32_t>::min());
}

BOOST_AUTO_TEST_CASE(integer_suffixes_in_both_cases) {
    BOOST_TEST(parse_ok("1b").as_byte() == 1);
    BOOST_TEST(parse_ok("1B").as_byte() == 1);
    BOOST_TEST(parse_ok("-128b").as_byte() == -128);
    BOOST_TEST(parse_ok("2s").as_short() == 2);
    BOOST_TEST(parse_ok("2S").as_short() == 2);
    BOOST_TEST(parse_ok("3l").as_long() == 3);
    BOOST_TEST(parse_ok("3L").as_long() == 3);
    BOOST_TEST(parse_ok("-9223372036854775808L").as_long() == std::numeric_limits<std::int64_t>::min());
    BOOST_TEST(parse_ok("+7b").as_byte() == 7);
}

BOOST_AUTO_TEST_CASE(floating_suffixes_in_both_cases) {
    BOOST_TEST(parse_ok("1.5f").as_float() == 1.5f);
    BOOST_TEST(parse_ok("1.5F").as_float() == 1.5f);
    BOOST_TEST(parse_ok("2d").as_double() == 2.0);
    BOOST_TEST(parse_ok("2D").as_double() == 2.0);
    BOOST_TEST(parse_ok("1f").as_float() == 1.0f);
    BOOST_TEST(parse_ok(".5d").as_double() == 0.5);
    BOOST_TEST(parse_ok("1.e2f").as_float() == 100.0f);
    BOOST_TEST(parse_ok("1e3d").as_double() == 1000.0);
    BOOST_TEST(parse_ok("1E+20D").as_double() == 1e20);
    BOOST_TEST(parse_ok("+2.5e-3d").as_double() == 2.5e-3);
    BOOST_TEST(parse_ok("0.1f").as_float() == 0.1f);  // rounded once, straight to float
}

BOOST_AUTO_TEST_CASE(bare_decimal_needs_a_dot) {
    BOOST_TEST(parse_ok("1.").as_double() == 1.0);
    BOOST_TEST(parse_ok(".5").as_double() == 0.5);
    BOOST_TEST(parse_ok("-1.25").as_double() == -1.25);
    BOOST_TEST(parse_ok("1.5e3").as_double() == 1500.0);
    BOOST_TEST(parse_ok("1e3").as_string() == "1e3");  // no dot, no suffix: vanilla's regex says string
    BOOST_TEST(parse_ok(".").as_string() == ".");
    BOOST_TEST(parse_ok(".e3").as_string() == ".e3");
}

BOOST_AUTO_TEST_CASE(leading_zeros_make_a_string) {
    BOOST_TEST(parse_ok("007").as_string() == "007");
    BOOST_TEST(parse_ok("01b").as_string() == "01b");
    BOOST_TEST(parse_ok("007d").as_double() == 7.0);  // the decimal pattern allows them
}

BOOST_AUTO_TEST_CASE(out_of_range_integers_are_strings) {
    BOOST_TEST(parse_ok("128b").as_string() == "128b");
    BOOST_TEST(parse_ok("-129b").as_string() == "-129b");
    BOOST_TEST(parse_ok("32768s").as_string() == "32768s");
    BOOST_TEST(parse_ok("2147483648").as_string() == "2147483648");
    BOOST_TEST(parse_ok("99999999999").as_string() == "99999999999");
    BOOST_TEST(parse_ok("9223372036854775808L").as_string() == "9223372036854775808L");
}

BOOST_AUTO_TEST_CASE(floating_overflow_and_underflow) {
    BOOST_TEST(parse_ok("1e400d").as_double() == std::numeric_limits<double>::infinity());
    BOOST_TEST(parse_ok("-1e400d").as_double() == -std::numeric_limits<double>::infinity());
    BOOST_TEST(parse_ok("1e39f").as_float() == std::numeric_limits<float>::infinity());
    BOOST_TEST(same_bits(parse_ok("1e-400d").as_double(), 0.0));
    BOOST_TEST(same_bits(parse_ok("-1e-50f").as_float(), -0.0f));
    BOOST_TEST(parse_ok("1e-45f").as_float() == std::numeric_limits<float>::denorm_min());
    BOOST_TEST(parse_ok("123456789e-99999999999999999999d").as_double() == 0.0);
}

BOOST_AUTO_TEST_CASE(nan_and_infinity_extension) {
    BOOST_TEST(std::isnan(parse_ok("NaNd").as_double()));
    BOOST_TEST(std::isnan(parse_ok("NaNF").as_float()));
    BOOST_TEST(parse_ok("Infinityd").as_double() == std::numeric_limits<double>::infinity());
    BOOST_TEST(parse_ok("+InfinityD").as_double() == std::numeric_limits<double>::infinity());
    BOOST_TEST(parse_ok("-Infinityf").as_float() == -std::numeric_limits<float>::infinity());
    BOOST_TEST(parse_ok("NaN").as_string() == "NaN");
    BOOST_TEST(parse_ok("Infinity").as_string() == "Infinity");
    BOOST_TEST(parse_ok("nand").as_string() == "nand");
}

BOOST_AUTO_TEST_CASE(true_and_false_are_bytes) {
    BOOST_TEST((parse_ok("true") == Tag(std::int8_t{1})));
    BOOST_TEST((parse_ok("false") == Tag(std::int8_t{0})));
    // Vanilla's TagParser uses "true".equalsIgnoreCase(word).
    BOOST_TEST((parse_ok("True") == Tag(std::int8_t{1})));
    BOOST_TEST((parse_ok("FALSE") == Tag(std::int8_t{0})));
    BOOST_TEST((parse_ok("[B;TRUE,fAlSe]").as<ByteArray>() == ByteArray{1, 0}));
    BOOST_TEST(parse_ok("truex").as_string() == "truex");
}

BOOST_AUTO_TEST_CASE(other_words_are_strings) {
    BOOST_TEST(parse_ok("minecraft.stone").as_string() == "minecraft.stone");
    BOOST_TEST(parse_ok("1.2.3").as_string() == "1.2.3");
    BOOST_TEST(parse_ok("-").as_string() == "-");
    BOOST_TEST(parse_ok("  abc  ").as_string() == "abc");
}

// ---- strings ----

BOOST_AUTO_TEST_CASE(quoted_strings_with_both_quotes) {
    BOOST_TEST(parse_ok(R"("hello world")").as_string() == "hello world");
    BOOST_TEST(parse_ok(R"('say "hi"')").as_string() == R"(say "hi")");
    BOOST_TEST(parse_ok(R"("it's")").as_string() == "it's");
    BOOST_TEST(parse_ok(R"("")").as_string().empty());
    BOOST_TEST(parse_ok("\"line\nbreak\"").as_string() == "line\nbreak");  // raw newlines are kept
    BOOST_TEST(parse_ok(R"("123")").as_string() == "123");
}

BOOST_AUTO_TEST_CASE(vanilla_escapes) {
    BOOST_TEST(parse_ok(R"("a\\b")").as_string() == "a\\b");
    BOOST_TEST(parse_ok(R"("a\"b")").as_string() == "a\"b");
    BOOST_TEST(parse_ok(R"('a\'b')").as_string() == "a'b");
    BOOST_TEST(parse_ok(R"("a\'b")").as_string() == "a'b");
}

BOOST_AUTO_TEST_CASE(extension_escapes) {
    BOOST_TEST(parse_ok(R"("\n\t\r\b\f\s")").as_string() == "\n\t\r\b\f ");
    BOOST_TEST(parse_ok(R"("\u00e9")").as_string() == "é");
    BOOST_TEST(parse_ok(R"("\u65E5\u672c")").as_string() == "日本");
    BOOST_TEST(parse_ok(R"("\ud83d\ude00")").as_string() == "😀");
    BOOST_TEST(parse_ok(R"("\U0001F600")").as_string() == "😀");
    BOOST_TEST(parse_ok(R"("\x41\xe9")").as_string() == "Aé");
    BOOST_TEST(parse_ok(R"("\u0000")").as_string() == std::string(1, '\0'));
}

BOOST_AUTO_TEST_CASE(bad_escapes_are_errors) {
    BOOST_TEST(contains(parse_err(R"("a\qb")").message, "invalid escape sequence '\\q'"));
    BOOST_TEST(parse_err(R"("a\qb")").column == 3);
    BOOST_TEST(contains(parse_err(R"("\ud83d")").message, "surrogate"));
    BOOST_TEST(contains(parse_err(R"("\ude00")").message, "lone low surrogate"));
    BOOST_TEST(contains(parse_err(R"("\ud83dx")").message, "surrogate"));
    BOOST_TEST(contains(parse_err(R"("\u12")").message, "4 hex digits"));
    BOOST_TEST(contains(parse_err(R"("\U00110000")").message, "not a Unicode scalar value"));
    BOOST_TEST(contains(parse_err(R"("\U0000D800")").message, "not a Unicode scalar value"));
    BOOST_TEST(contains(parse_err(R"("\xZZ")").message, "2 hex digits"));
}

BOOST_AUTO_TEST_CASE(unterminated_string) {
    const SnbtError e = parse_err(R"({a:"abc)");
    BOOST_TEST(contains(e.message, "unterminated string"));
    BOOST_TEST(e.column == 4);
    BOOST_TEST(contains(parse_err("\"abc\\").message, "unterminated string"));
}

BOOST_AUTO_TEST_CASE(unicode_round_trip) {
    const Compound c{{"é", "é"}, {"日本", "日本語"}, {"emoji", "😀 smile"}};
    const Tag t(c);
    const std::string text = to_snbt(t);
    BOOST_TEST(text == R"({"é":"é","日本":"日本語",emoji:"😀 smile"})");
    BOOST_TEST((parse_ok(text) == t));
}

BOOST_AUTO_TEST_CASE(invalid_utf8_is_an_error) {
    const SnbtError e = parse_err("{a:\"x\xff\"}");
    BOOST_TEST(e.offset == 5u);
    BOOST_TEST(contains(e.message, "invalid UTF-8 at byte 5"));
    BOOST_TEST(contains(parse_err("\"\xed\xa0\x80\"").message, "invalid UTF-8"));  // an encoded surrogate
    BOOST_TEST(contains(parse_err("\"\xc0\x80\"").message, "invalid UTF-8"));      // overlong
}

// ---- compounds ----

BOOST_AUTO_TEST_CASE(compound_basics) {
    const Tag t = parse_ok(" { a : 1b , \"b c\" : 'x' , 'd':[] } ");
    const Compound& c = t.as_compound();
    BOOST_TEST(c.size() == 3u);
    BOOST_TEST(c.get<std::int8_t>("a") == 1);
    BOOST_TEST(c.get<std::string>("b c") == "x");
    BOOST_TEST(c.get<List>("d").empty());
    BOOST_TEST(parse_ok("{}").as_compound().empty());
    BOOST_TEST(parse_ok("{1.5:x}").as_compound().contains("1.5"));
}

BOOST_AUTO_TEST_CASE(compound_trailing_comma_is_accepted) {
    BOOST_TEST(parse_ok("{a:1,}").as_compound().size() == 1u);
    BOOST_TEST(contains(parse_err("{,}").message, "expected key, found ','"));
    BOOST_TEST(contains(parse_err("{a:1,,}").message, "expected key"));
}

BOOST_AUTO_TEST_CASE(duplicate_keys_last_wins) {
    const Tag t = parse_ok("{a:1,b:2,a:3}");
    BOOST_TEST(t.as_compound().size() == 2u);
    BOOST_TEST(t.as_compound().get<std::int32_t>("a") == 3);
    BOOST_TEST(to_snbt(t) == "{a:3,b:2}");  // in place, as Compound::put
}

BOOST_AUTO_TEST_CASE(empty_keys) {
    BOOST_TEST(parse_ok(R"({"":1})").as_compound().get<std::int32_t>("") == 1);
    BOOST_TEST(contains(parse_err("{:1}").message, "expected key, found ':'"));
}

BOOST_AUTO_TEST_CASE(compound_errors) {
    const SnbtError colon = parse_err("{a}");
    BOOST_TEST(colon.message == "expected ':' after key 'a', found '}'");
    BOOST_TEST(colon.column == 3);
    BOOST_TEST(parse_err("{").message == "unexpected end of input, expected '}'");
    BOOST_TEST(parse_err("{a:1").message == "unexpected end of input, expected ',' or '}'");
    BOOST_TEST(parse_err("{a:1 b:2}").message == "expected ',' or '}', found 'b'");
    BOOST_TEST(parse_err("{a:}").message == "expected value, found '}'");
    BOOST_TEST(parse_err("{a:").message == "unexpected end of input, expected value");
}

BOOST_AUTO_TEST_CASE(many_keys_parse_in_linear_time) {
    std::string text = "{";
    constexpr int n = 100000;
    for (int i = 0; i < n; ++i) text += "k" + std::to_string(i) + ":" + std::to_string(i) + ",";
    text += "k5:-1}";              // a late duplicate must still replace
    const Tag t = parse_ok(text);  // O(n²) here would take minutes, not milliseconds
    BOOST_TEST(t.as_compound().size() == static_cast<std::size_t>(n));
    BOOST_TEST(t.as_compound().get<std::int32_t>("k5") == -1);
    BOOST_TEST(t.as_compound().get<std::int32_t>("k99999") == 99999);
}

BOOST_AUTO_TEST_CASE(parse_snbt_compound_requires_a_compound) {
    auto ok = parse_snbt_compound(" {id:\"minecraft:pig\"} ");
    BOOST_REQUIRE(ok.has_value());
    BOOST_TEST(ok->get<std::string>("id") == "minecraft:pig");
    auto bad = parse_snbt_compound("[1]");
    BOOST_REQUIRE(!bad.has_value());
    BOOST_TEST(bad.error().message == "expected '{', found '['");
    auto trailing = parse_snbt_compound("{} x");
    BOOST_REQUIRE(!trailing.has_value());
    BOOST_TEST(contains(trailing.error().message, "trailing data"));
}

// ---- lists ----

BOOST_AUTO_TEST_CASE(lists) {
    const Tag t = parse_ok("[1, 2, 3,]");
    BOOST_TEST(t.as_list().size() == 3u);
    BOOST_TEST((t.as_list().element_type() == TagType::Int));
    const Tag empty = parse_ok("[ ]");
    BOOST_TEST(empty.as_list().empty());
    BOOST_TEST((empty.as_list().element_type() == TagType::End));
    BOOST_TEST((parse_ok("[[],[1b]]").as_list().element_type() == TagType::List));
    BOOST_TEST((parse_ok("[\"a\",'b',c]").as_list().element_type() == TagType::String));
}

BOOST_AUTO_TEST_CASE(list_must_be_homogeneous) {
    const SnbtError e = parse_err("[\"a\", 1]");
    BOOST_TEST(e.message == "cannot insert TAG_Int into a list of TAG_String");
    BOOST_TEST(e.column == 7);
    BOOST_TEST(parse_err("[1b,1s]").message == "cannot insert TAG_Short into a list of TAG_Byte");
    BOOST_TEST(parse_err("[[],{}]").message == "cannot insert TAG_Compound into a list of TAG_List");
}

BOOST_AUTO_TEST_CASE(list_errors) {
    BOOST_TEST(parse_err("[1 2]").message == "expected ',' or ']', found '2'");
    BOOST_TEST(parse_err("[").message == "unexpected end of input, expected value or ']'");
    BOOST_TEST(parse_err("[1,").message == "unexpected end of input, expected value");
    BOOST_TEST(parse_err("[,]").message == "expected value, found ','");
}

// ---- arrays ----

BOOST_AUTO_TEST_CASE(arrays) {
    BOOST_TEST((parse_ok("[B;1b,-2B,true]").as<ByteArray>() == ByteArray{1, -2, 1}));
    BOOST_TEST((parse_ok("[I;1,-2,3]").as<IntArray>() == IntArray{1, -2, 3}));
    BOOST_TEST((parse_ok("[L;1L,-2l]").as<LongArray>() == LongArray{1, -2}));
    BOOST_TEST((parse_ok("[I; 1 , 2 ,]").as<IntArray>() == IntArray{1, 2}));  // whitespace after ';'
    BOOST_TEST(parse_ok("[I;]").as<IntArray>().empty());
    BOOST_TEST(parse_ok("[B; ]").as<ByteArray>().empty());
    BOOST_TEST(parse_ok("[L;]").as<LongArray>().empty());
}

BOOST_AUTO_TEST_CASE(array_element_types) {
    BOOST_TEST(parse_err("[L;1]").message == "cannot insert TAG_Int into TAG_Long_Array");
    BOOST_TEST(parse_err("[B;1]").message == "cannot insert TAG_Int into TAG_Byte_Array");
    BOOST_TEST(parse_err("[I;1b]").message == "cannot insert TAG_Byte into TAG_Int_Array");
    BOOST_TEST(parse_err("[I;1,2L]").column == 6);
    BOOST_TEST(parse_err("[I;[1]]").message == "cannot insert TAG_List into TAG_Int_Array");
    BOOST_TEST(parse_err("[I;128b]").message == "cannot insert TAG_String into TAG_Int_Array");
}

BOOST_AUTO_TEST_CASE(array_header_rules) {
    BOOST_TEST(contains(parse_err("[X;1]").message, "invalid array type 'X'"));
    BOOST_TEST(contains(parse_err("[i;1]").message, "invalid array type 'i'"));  // uppercase only
    BOOST_TEST(parse_err("[I ;1]").message == "expected ',' or ']', found ';'");
    BOOST_TEST(parse_ok("[I]").as_list()[0].as_string() == "I");
    BOOST_TEST(parse_ok("[\"I\"]").as_list()[0].as_string() == "I");
    BOOST_TEST(parse_err("[I;").message == "unexpected end of input, expected value");
    BOOST_TEST(parse_err("[I;1").message == "unexpected end of input, expected ',' or ']'");
}

// ---- top level, depth, limits, positions ----

BOOST_AUTO_TEST_CASE(trailing_data_is_an_error) {
    const SnbtError e = parse_err("{a:1} {b:2}");
    BOOST_TEST(e.message == "trailing data after the value, found '{'");
    BOOST_TEST(e.line == 1u);
    BOOST_TEST(e.column == 7u);
    BOOST_TEST(e.offset == 6u);
    BOOST_TEST(parse_err("1 2").column == 3u);
    BOOST_TEST((parse_ok("{a:1}\n\t ").type() == TagType::Compound));
}

BOOST_AUTO_TEST_CASE(empty_input) {
    BOOST_TEST(parse_err("").message == "unexpected end of input, expected value");
    BOOST_TEST(parse_err("   ").message == "unexpected end of input, expected value");
    BOOST_TEST(parse_err("#").message == "expected value, found '#'");
}

BOOST_AUTO_TEST_CASE(java_whitespace) {
    const Tag t = parse_ok(
        "\t{\x0b"
        "a\f:\r\n1\x1c,\x1f"
        "b:2 }\x1d");
    BOOST_TEST(t.as_compound().size() == 2u);
}

BOOST_AUTO_TEST_CASE(depth_limit) {
    BOOST_TEST((nested_lists(512).type() == TagType::List));
    const SnbtError e = parse_err(std::string(513, '[') + std::string(513, ']'));
    BOOST_TEST(e.message == "nesting deeper than 512");
    BOOST_TEST(e.column == 513u);

    std::string compounds;
    for (int i = 0; i < 512; ++i) compounds += "{a:";
    compounds += "1";
    compounds.append(512, '}');
    BOOST_TEST((parse_ok(compounds).type() == TagType::Compound));
    BOOST_TEST(parse_err("{a:" + compounds + "}").message == "nesting deeper than 512");
    // Arrays count as a level too.
    std::string arrays(511, '[');
    arrays += "[I;1]";
    arrays.append(511, ']');
    BOOST_TEST((parse_ok(arrays).type() == TagType::List));
    BOOST_TEST(parse_err("[" + arrays + "]").message == "nesting deeper than 512");
    // A deep array inside an array is refused before it recurses.
    BOOST_TEST(parse_err(std::string(100000, '[') + "I;").message == "nesting deeper than 512");
    BOOST_TEST(parse_err(std::string(100000, '[').insert(0, "[I;")).message == "nesting deeper than 512");
    // And a lower limit is honoured.
    BOOST_TEST(parse_err("[[[1]]]", SnbtReadOptions{2, 1024}).message == "nesting deeper than 2");
}

BOOST_AUTO_TEST_CASE(length_limit) {
    const SnbtError e = parse_err("[1,2,3]", SnbtReadOptions{512, 4});
    BOOST_TEST(contains(e.message, "7 bytes, more than the limit of 4"));
}

BOOST_AUTO_TEST_CASE(error_line_and_column) {
    const std::string text = "{\n  name: \"é\",\n  \"日本\": 1b,\n  bad value\n}";
    const SnbtError e = parse_err(text);
    BOOST_TEST(e.line == 4u);
    BOOST_TEST(e.column == 7u);
    BOOST_TEST(e.offset == text.find("value"));
    BOOST_TEST(e.message == "expected ':' after key 'bad', found 'v'");
    BOOST_TEST(e.describe() == "line 4, column 7: expected ':' after key 'bad', found 'v'");
    // Columns count characters, not bytes.
    const SnbtError u = parse_err("{\"日本\":1 x}");
    BOOST_TEST(u.column == 9u);
    BOOST_TEST(u.offset == 12u);
    BOOST_TEST(u.message == "expected ',' or '}', found 'x'");
}

BOOST_AUTO_TEST_CASE(control_characters_in_messages) {
    BOOST_TEST(parse_err("{a\x01}").message == "expected ':' after key 'a', found U+0001");
}

// ---- printing ----

BOOST_AUTO_TEST_CASE(vanilla_compact_text) {
    const Tag t(Compound{
        {"Brain", Compound{{"memories", Compound{{"minecraft:home",
                                                  Compound{{"value", Compound{{"dimension", "minecraft:overworld"},
                                                                              {"pos", IntArray{12, 64, -30}}}}}}}}}}});
    const std::string text = to_snbt(t);
    BOOST_TEST(text ==
               R"({Brain:{memories:{"minecraft:home":{value:{dimension:"minecraft:overworld",pos:[I;12,64,-30]}}}}})");
    BOOST_TEST((parse_ok(text) == t));
}

BOOST_AUTO_TEST_CASE(scalar_printing) {
    BOOST_TEST(to_snbt(Tag(std::int8_t{-1})) == "-1b");
    BOOST_TEST(to_snbt(Tag(std::int16_t{300})) == "300s");
    BOOST_TEST(to_snbt(Tag(std::int32_t{7})) == "7");
    BOOST_TEST(to_snbt(Tag(std::int64_t{-5})) == "-5L");
    BOOST_TEST(to_snbt(Tag(1.5f)) == "1.5f");
    BOOST_TEST(to_snbt(Tag(1.5)) == "1.5d");
    // Java's layout, as vanilla's `data get` prints: plain in [1e-3, 1e7), scientific outside.
    BOOST_TEST(to_snbt(Tag(1.0)) == "1.0d");
    BOOST_TEST(to_snbt(Tag(20.0f)) == "20.0f");
    BOOST_TEST(to_snbt(Tag(0.1f)) == "0.1f");
    BOOST_TEST(to_snbt(Tag(123456.5)) == "123456.5d");
    BOOST_TEST(to_snbt(Tag(1234567.0)) == "1234567.0d");
    BOOST_TEST(to_snbt(Tag(12345678.0)) == "1.2345678E7d");
    BOOST_TEST(to_snbt(Tag(1e20)) == "1.0E20d");
    BOOST_TEST(to_snbt(Tag(0.001)) == "0.001d");
    BOOST_TEST(to_snbt(Tag(0.00012)) == "1.2E-4d");
    BOOST_TEST(to_snbt(Tag(-2.5e-10f)) == "-2.5E-10f");
    BOOST_TEST(to_snbt(Tag(0.0)) == "0.0d");
    BOOST_TEST(to_snbt(Tag(-0.0)) == "-0.0d");
    BOOST_TEST(to_snbt(Tag(std::numeric_limits<double>::max())) == "1.7976931348623157E308d");
    BOOST_TEST(to_snbt(Tag(std::numeric_limits<float>::denorm_min())) == "1.0E-45f");
    BOOST_TEST(to_snbt(Tag(std::numeric_limits<double>::quiet_NaN())) == "NaNd");
    BOOST_TEST(to_snbt(Tag(-std::numeric_limits<float>::infinity())) == "-Infinityf");
    BOOST_TEST(to_snbt(Tag(ByteArray{1, -2})) == "[B;1B,-2B]");
    BOOST_TEST(to_snbt(Tag(LongArray{1, 2})) == "[L;1L,2L]");
    BOOST_TEST(to_snbt(Tag(IntArray{})) == "[I;]");
    BOOST_TEST(to_snbt(Tag(List{})) == "[]");
    BOOST_TEST(to_snbt(Tag(List{"a", "b"})) == R"(["a","b"])");
    BOOST_TEST(to_snbt(Tag(Compound{})) == "{}");
    std::string out = "x=";
    append_snbt(out, Tag(std::int32_t{3}));
    BOOST_TEST(out == "x=3");
}

BOOST_AUTO_TEST_CASE(quoting_strings_as_vanilla) {
    BOOST_TEST(quote_snbt_string("abc") == R"("abc")");
    BOOST_TEST(quote_snbt_string(R"(say "hi")") == R"('say "hi"')");
    BOOST_TEST(quote_snbt_string("it's") == R"("it's")");
    BOOST_TEST(quote_snbt_string(R"(a"b'c)") == R"('a"b\'c')");  // the first quote met decides
    BOOST_TEST(quote_snbt_string(R"(a'b"c)") == R"("a'b\"c")");
    BOOST_TEST(quote_snbt_string(R"(back\slash)") == R"("back\\slash")");
    BOOST_TEST(quote_snbt_string("") == R"("")");
}

BOOST_AUTO_TEST_CASE(bare_keys) {
    BOOST_TEST(is_bare_snbt_key("Health"));
    BOOST_TEST(is_bare_snbt_key("a.b-c_d+1"));
    BOOST_TEST(!is_bare_snbt_key(""));
    BOOST_TEST(!is_bare_snbt_key("minecraft:home"));
    BOOST_TEST(!is_bare_snbt_key("a b"));
    BOOST_TEST(!is_bare_snbt_key("é"));
    BOOST_TEST(to_snbt(Tag(Compound{{"a b", 1}, {"", 2}, {"x", 3}})) == R"({"a b":1,"":2,x:3})");
}

BOOST_AUTO_TEST_CASE(keys_keep_insertion_order) {
    BOOST_TEST(to_snbt(Tag(Compound{{"z", 1}, {"a", 2}, {"m", 3}})) == "{z:1,a:2,m:3}");
    BOOST_TEST(to_snbt(parse_ok("{z:1,a:2,m:3}")) == "{z:1,a:2,m:3}");
}

BOOST_AUTO_TEST_CASE(indented_form) {
    const Tag t(Compound{{"a", std::int8_t{1}},
                         {"b", IntArray{1, 2}},
                         {"c", List{"x", "y"}},
                         {"d", List{std::int32_t{1}, std::int32_t{2}}},
                         {"e", Compound{}},
                         {"f", List{}},
                         {"g", Compound{{"h", 1.5}}}});
    const std::string text = to_snbt(t, SnbtFormat{2});
    BOOST_TEST(text ==
               "{\n"
               "  a: 1b,\n"
               "  b: [I; 1, 2],\n"
               "  c: [\n"
               "    \"x\",\n"
               "    \"y\"\n"
               "  ],\n"
               "  d: [1, 2],\n"
               "  e: {},\n"
               "  f: [],\n"
               "  g: {\n"
               "    h: 1.5d\n"
               "  }\n"
               "}");
    BOOST_TEST((parse_ok(text) == t));
    BOOST_TEST(to_snbt(Tag(Compound{{"a", 1}}), SnbtFormat{4}) == "{\n    a: 1\n}");
}

BOOST_AUTO_TEST_CASE(indented_short_number_lists_stay_on_one_line) {
    List nine;
    for (std::int32_t i = 0; i < 9; ++i) nine.push_back(Tag(i));
    const List eight{std::int32_t{0}, std::int32_t{1}, std::int32_t{2}, std::int32_t{3},
                     std::int32_t{4}, std::int32_t{5}, std::int32_t{6}, std::int32_t{7}};
    BOOST_TEST(to_snbt(Tag(eight), SnbtFormat{2}) == "[0, 1, 2, 3, 4, 5, 6, 7]");
    BOOST_TEST(to_snbt(Tag(nine), SnbtFormat{2}).find('\n') != std::string::npos);
    check_round_trip(Tag(nine));
}

BOOST_AUTO_TEST_CASE(round_trip_of_every_tag_type) {
    List floats{std::numeric_limits<float>::min(),
                std::numeric_limits<float>::max(),
                std::numeric_limits<float>::lowest(),
                std::numeric_limits<float>::denorm_min(),
                std::numeric_limits<float>::quiet_NaN(),
                std::numeric_limits<float>::infinity(),
                -std::numeric_limits<float>::infinity(),
                -0.0f,
                0.1f,
                3.4028235e38f};
    List doubles{std::numeric_limits<double>::min(),
                 std::numeric_limits<double>::max(),
                 std::numeric_limits<double>::denorm_min(),
                 std::numeric_limits<double>::quiet_NaN(),
                 std::numeric_limits<double>::infinity(),
                 -std::numeric_limits<double>::infinity(),
                 -0.0,
                 0.1,
                 1e20,
                 1e-7,
                 123456789012345678.0,
                 1.0};
    List nested_empty{List{}, List{}};
    List compounds{Compound{{"id", "minecraft:pig"}}, Compound{}};
    const Tag t(Compound{
        {"byte", std::int8_t{-128}},
        {"byte_max", std::int8_t{127}},
        {"short", std::int16_t{-32768}},
        {"int", std::numeric_limits<std::int32_t>::min()},
        {"long_min", std::numeric_limits<std::int64_t>::min()},
        {"long_max", std::numeric_limits<std::int64_t>::max()},
        {"floats", floats},
        {"doubles", doubles},
        {"string", "with \"both\" 'quotes' and \\ and\nnewline"},
        {"string2", "it's"},
        {"unicode", "é 日本 😀"},
        {"numberlike", "123"},
        {"truelike", "true"},
        {"bytes", ByteArray{-128, 0, 127}},
        {"ints", IntArray{std::numeric_limits<std::int32_t>::min(), 0, 5}},
        {"longs", LongArray{std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()}},
        {"empty_bytes", ByteArray{}},
        {"empty_ints", IntArray{}},
        {"empty_longs", LongArray{}},
        {"empty_list", List{}},
        {"typed_empty_list", List(TagType::String)},
        {"nested_empty", nested_empty},
        {"compounds", compounds},
        {"empty_compound", Compound{}},
        {"minecraft:home", Compound{{"a b", std::int8_t{1}}, {"", std::int8_t{2}}}},
        {"'quoted'", "k"},
    });
    check_round_trip(t);
    // -0.0 must come back negative, bit for bit.
    const Tag back = parse_ok(to_snbt(t));
    const List& d = back.as_compound().get<List>("doubles");
    BOOST_TEST(std::signbit(d[6].as_double()));
    BOOST_TEST(std::isnan(d[3].as_double()));
}

BOOST_AUTO_TEST_CASE(empty_list_type_is_lost) {
    // SNBT cannot say what an empty list holds; equality ignores it, as vanilla's does.
    const Tag typed(List(TagType::Compound));
    const Tag back = parse_ok(to_snbt(typed));
    BOOST_TEST((back.as_list().element_type() == TagType::End));
    BOOST_TEST((back == typed));
}

BOOST_AUTO_TEST_CASE(deep_tree_round_trip) {
    const Tag t = nested_lists(512);
    check_round_trip(t);
}

BOOST_AUTO_TEST_SUITE_END()
