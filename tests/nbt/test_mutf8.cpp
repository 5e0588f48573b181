// Tests of Java's Modified UTF-8 conversion: U+0000, surrogate pairs, the documented leniencies
// (plain 4-byte UTF-8, overlong forms, lone surrogates kept as WTF-8) and rejected input.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "mobsdk/nbt/mutf8.hpp"

using namespace mobsdk::nbt;

namespace {

std::string bytes(std::initializer_list<int> b) {
    std::string s;
    for (int c : b) s.push_back(static_cast<char>(c));
    return s;
}

mobsdk::Result<std::string, Mutf8Error> decode(const std::string& in) {
    std::string out;
    auto r = decode_mutf8(reinterpret_cast<const std::uint8_t*>(in.data()), in.size(), out);
    if (!r) return mobsdk::unexpected(r.error());
    return out;
}

mobsdk::Result<std::string, Mutf8Error> encode(const std::string& in) {
    std::string out;
    auto r = encode_mutf8(in, out);
    if (!r) return mobsdk::unexpected(r.error());
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mutf8)

BOOST_AUTO_TEST_CASE(ascii_is_unchanged_both_ways) {
    BOOST_CHECK_EQUAL(*encode("hello world"), "hello world");
    BOOST_CHECK_EQUAL(*decode("hello world"), "hello world");
    BOOST_CHECK_EQUAL(*encode(""), "");
    BOOST_CHECK_EQUAL(*decode(""), "");
    const std::string s = "abcdefghijklmnopq";
    BOOST_CHECK(is_plain_ascii(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()));
    for (std::size_t pos = 0; pos < 17; ++pos) {  // the word-at-a-time scan sees every position
        std::string z = s;
        z[pos] = '\0';
        BOOST_CHECK(!is_plain_ascii(reinterpret_cast<const std::uint8_t*>(z.data()), z.size()));
        std::string h = s;
        h[pos] = static_cast<char>(0x80);
        BOOST_CHECK(!is_plain_ascii(reinterpret_cast<const std::uint8_t*>(h.data()), h.size()));
    }
}

BOOST_AUTO_TEST_CASE(nul_is_c0_80_both_ways) {
    BOOST_CHECK_EQUAL(*encode(std::string("a\0b", 3)), bytes({'a', 0xC0, 0x80, 'b'}));
    BOOST_CHECK_EQUAL(*decode(bytes({'a', 0xC0, 0x80, 'b'})), std::string("a\0b", 3));
    // Java's readUTF also accepts a raw zero byte.
    BOOST_CHECK_EQUAL(*decode(std::string("a\0b", 3)), std::string("a\0b", 3));
    BOOST_CHECK_EQUAL(mutf8_length(std::string("\0", 1)), 2u);
}

BOOST_AUTO_TEST_CASE(bmp_characters_are_unchanged) {
    const std::string s = "\xC3\xA9\xE2\x82\xAC\xEF\xBF\xBF";  // é € U+FFFF
    BOOST_CHECK_EQUAL(*encode(s), s);
    BOOST_CHECK_EQUAL(*decode(s), s);
    BOOST_CHECK_EQUAL(mutf8_length(s), 8u);
}

BOOST_AUTO_TEST_CASE(supplementary_characters_are_surrogate_pairs) {
    const std::string emoji = "\xF0\x9F\x98\x80";  // U+1F600
    const std::string pair = bytes({0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80});
    BOOST_CHECK_EQUAL(*encode(emoji), pair);
    BOOST_CHECK_EQUAL(*decode(pair), emoji);
    BOOST_CHECK_EQUAL(mutf8_length(emoji), 6u);
    const std::string max = "\xF4\x8F\xBF\xBF";  // U+10FFFF
    BOOST_CHECK_EQUAL(*encode(max), bytes({0xED, 0xAF, 0xBF, 0xED, 0xBF, 0xBF}));
    BOOST_CHECK_EQUAL(*decode(*encode(max)), max);
}

BOOST_AUTO_TEST_CASE(plain_4_byte_utf8_is_accepted_on_read_and_rewritten_as_a_pair) {
    const std::string emoji = "x\xF0\x9F\x98\x80y";
    BOOST_CHECK_EQUAL(*decode(emoji), emoji);
    BOOST_CHECK_EQUAL(*encode(*decode(emoji)), "x" + bytes({0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}) + "y");
    // A 4-byte form of a BMP character or beyond U+10FFFF is refused, naming the code point.
    auto low = decode(bytes({0xF0, 0x80, 0x80, 0x80}));
    BOOST_REQUIRE(!low);
    BOOST_CHECK_EQUAL(low.error().position, 0u);
    BOOST_CHECK_EQUAL(low.error().message, "4-byte sequence encodes U+0000, outside U+10000..U+10FFFF");
    auto high = decode(bytes({'a', 0xF4, 0x90, 0x80, 0x80}));
    BOOST_REQUIRE(!high);
    BOOST_CHECK_EQUAL(high.error().position, 1u);
    BOOST_CHECK_EQUAL(high.error().message, "4-byte sequence encodes U+110000, outside U+10000..U+10FFFF");
}

BOOST_AUTO_TEST_CASE(lone_surrogates_survive_read_then_write_byte_exactly) {
    for (const std::string& in : {bytes({0xED, 0xA0, 0x80}),                    // lone high
                                  bytes({'a', 0xED, 0xB0, 0x80, 'b'}),          // lone low
                                  bytes({0xED, 0xB0, 0x80, 0xED, 0xA0, 0x80}),  // low then high
                                  bytes({0xED, 0xA0, 0x80, 'x', 0xED, 0xB0, 0x80}),
                                  bytes({0xED, 0xA0, 0x80, 0xED, 0xA0, 0x80})}) {  // high high
        auto d = decode(in);
        BOOST_REQUIRE(d);
        BOOST_CHECK_EQUAL(*d, in);  // WTF-8 keeps the 3-byte form
        auto e = encode(*d);
        BOOST_REQUIRE(e);
        BOOST_CHECK_EQUAL(*e, in);
    }
    // A high surrogate at the very end, with a low one cut short after it.
    auto cut = decode(bytes({0xED, 0xA0, 0x80, 0xED, 0xB0}));
    BOOST_REQUIRE(!cut);
    BOOST_CHECK_EQUAL(cut.error().position, 3u);
}

BOOST_AUTO_TEST_CASE(overlong_forms_are_accepted_like_java) {
    BOOST_CHECK_EQUAL(*decode(bytes({0xC1, 0x81})), "A");
    BOOST_CHECK_EQUAL(*decode(bytes({0xE0, 0x81, 0x81})), "A");
    BOOST_CHECK_EQUAL(*decode(bytes({0xE0, 0x80, 0x80})), std::string("\0", 1));
    BOOST_CHECK_EQUAL(*decode(bytes({0xE0, 0x82, 0xA9})), "\xC2\xA9");  // overlong ©
    // ...but the writer never produces them: it takes standard UTF-8 only.
    BOOST_CHECK(!encode(bytes({0xC1, 0x81})));
    BOOST_CHECK(!encode(bytes({0xC0, 0x80})));
    BOOST_CHECK(!encode(bytes({0xE0, 0x81, 0x81})));
}

BOOST_AUTO_TEST_CASE(invalid_input_is_rejected_with_its_position) {
    struct Case {
        std::string in;
        std::size_t position;
        std::string message;
    };
    const std::vector<Case> cases = {
        {bytes({'a', 0x80}), 1, "byte 0x80 cannot start a character"},
        {bytes({'a', 'b', 0xBF}), 2, "byte 0xBF cannot start a character"},
        {bytes({0xF8, 0x80, 0x80, 0x80, 0x80}), 0, "byte 0xF8 cannot start a character"},
        {bytes({0xFF}), 0, "byte 0xFF cannot start a character"},
        {bytes({'x', 0xC3}), 1, "truncated 2-byte character at the end of the string"},
        {bytes({0xE2, 0x82}), 0, "truncated 3-byte character at the end of the string"},
        {bytes({'a', 'b', 0xF0, 0x9F, 0x98}), 2, "truncated 4-byte character at the end of the string"},
        {bytes({0xC3, 'A'}), 1, "expected a continuation byte (10xxxxxx), found 0x41"},
        {bytes({0xE2, 'A', 0x80}), 1, "expected a continuation byte (10xxxxxx), found 0x41"},
        {bytes({0xE2, 0x82, 0xC0}), 2, "expected a continuation byte (10xxxxxx), found 0xC0"},
        {bytes({0xF0, 0x9F, 0x98, 0x20}), 3, "expected a continuation byte (10xxxxxx), found 0x20"},
    };
    for (const Case& c : cases) {
        auto r = decode(c.in);
        BOOST_REQUIRE_MESSAGE(!r, "accepted: " << c.message);
        BOOST_CHECK_EQUAL(r.error().position, c.position);
        BOOST_CHECK_EQUAL(r.error().message, c.message);
    }
}

BOOST_AUTO_TEST_CASE(encoder_rejects_invalid_utf8_with_its_position) {
    struct Case {
        std::string in;
        std::size_t position;
    };
    const std::vector<Case> cases = {
        {bytes({'a', 0x80}), 1},               // stray continuation
        {bytes({'a', 'b', 0xC3}), 2},          // truncated 2-byte
        {bytes({0xC3, 'x'}), 0},               // bad continuation
        {bytes({0xE2, 0x82}), 0},              // truncated 3-byte
        {bytes({'q', 0xF0, 0x9F, 0x98}), 1},   // truncated 4-byte
        {bytes({0xF4, 0x90, 0x80, 0x80}), 0},  // beyond U+10FFFF
        {bytes({0xF0, 0x8F, 0xBF, 0xBF}), 0},  // overlong 4-byte
        {bytes({0xF5, 0x80, 0x80, 0x80}), 0},
        {bytes({0xFF}), 0},
    };
    for (const Case& c : cases) {
        auto r = encode(c.in);
        BOOST_REQUIRE(!r);
        BOOST_CHECK_EQUAL(r.error().position, c.position);
        BOOST_CHECK(r.error().message.rfind("invalid UTF-8", 0) == 0);
    }
}

BOOST_AUTO_TEST_CASE(decode_appends_to_the_output) {
    std::string out = "pre:";
    const std::string in = "\xC3\xA9";
    BOOST_REQUIRE(decode_mutf8(reinterpret_cast<const std::uint8_t*>(in.data()), in.size(), out));
    BOOST_CHECK_EQUAL(out, "pre:\xC3\xA9");
    std::string enc = "pre:";
    BOOST_REQUIRE(encode_mutf8(std::string("\0", 1), enc));
    BOOST_CHECK_EQUAL(enc, "pre:\xC0\x80");
}

BOOST_AUTO_TEST_CASE(every_code_point_round_trips) {
    // Encode each scalar value (and each surrogate, as WTF-8), decode it back, compare.
    for (std::uint32_t cp = 0; cp <= 0x10FFFF; cp += (cp < 0x11000 ? 1 : 97)) {
        std::string utf8;
        if (cp < 0x80) utf8 = std::string(1, static_cast<char>(cp));
        else if (cp < 0x800) utf8 = bytes({int(0xC0 | (cp >> 6)), int(0x80 | (cp & 0x3F))});
        else if (cp < 0x10000)
            utf8 = bytes({int(0xE0 | (cp >> 12)), int(0x80 | ((cp >> 6) & 0x3F)), int(0x80 | (cp & 0x3F))});
        else
            utf8 = bytes({int(0xF0 | (cp >> 18)), int(0x80 | ((cp >> 12) & 0x3F)), int(0x80 | ((cp >> 6) & 0x3F)),
                          int(0x80 | (cp & 0x3F))});
        auto e = encode(utf8);
        BOOST_REQUIRE_MESSAGE(e, "cannot encode U+" << std::hex << cp);
        BOOST_REQUIRE_EQUAL(e->size(), mutf8_length(utf8));
        auto d = decode(*e);
        BOOST_REQUIRE_MESSAGE(d && *d == utf8, "U+" << std::hex << cp << " does not round-trip");
    }
}

BOOST_AUTO_TEST_SUITE_END()
