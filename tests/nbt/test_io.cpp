// Tests of the binary NBT codec: exact bytes both ways, the nameless network form, Modified UTF-8
// in tags, limits, malformed input (each with its offset and message), duplicate keys and files.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <unistd.h>

#include "mobsdk/nbt/io.hpp"

using namespace mobsdk::nbt;
using Bytes = std::vector<std::uint8_t>;

namespace {

// Hand-assembles big-endian NBT bytes.
struct B {
    Bytes v;
    B& u8(int x) {
        v.push_back(static_cast<std::uint8_t>(x));
        return *this;
    }
    B& u16(int x) { return u8(x >> 8).u8(x & 0xFF); }
    B& i32(std::int32_t x) {
        const auto u = static_cast<std::uint32_t>(x);
        return u8(u >> 24).u8((u >> 16) & 0xFF).u8((u >> 8) & 0xFF).u8(u & 0xFF);
    }
    B& i64(std::int64_t x) {
        const auto u = static_cast<std::uint64_t>(x);
        return i32(static_cast<std::int32_t>(u >> 32)).i32(static_cast<std::int32_t>(u & 0xFFFFFFFF));
    }
    B& raw(std::string_view s) {
        v.insert(v.end(), s.begin(), s.end());
        return *this;
    }
    B& str(std::string_view s) { return u16(static_cast<int>(s.size())).raw(s); }
    B& named(TagType t, std::string_view name) { return u8(static_cast<int>(t)).str(name); }
};

const Bytes kHelloWorld =
    B{}.named(TagType::Compound, "hello world").named(TagType::String, "name").str("Bananrama").u8(0).v;

Bytes to_bytes(const Tag& root, std::string_view name = "") {
    Bytes out;
    auto r = write(root, name, out);
    BOOST_REQUIRE_MESSAGE(r, "write failed: " << (r ? "" : r.error().describe()));
    return out;
}

ReadError read_error(std::span<const std::uint8_t> data, const ReadOptions& opts = {}) {
    auto r = read(data, opts);
    BOOST_REQUIRE_MESSAGE(!r, "read unexpectedly succeeded");
    return r.error();
}

WriteError write_error(const Tag& root, std::string_view name = "") {
    Bytes out{1, 2, 3};
    auto r = write(root, name, out);
    BOOST_REQUIRE_MESSAGE(!r, "write unexpectedly succeeded");
    BOOST_CHECK(out == (Bytes{1, 2, 3}));  // a failed write leaves the buffer as it was
    return r.error();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// A compound holding every tag type, with nesting, edge values and non-ASCII strings.
Compound everything() {
    Compound inner{{"deep", List{Compound{{"x", std::int8_t{-1}}}, Compound{}}}};
    return Compound{
        {"byte", std::int8_t{-128}},
        {"short", std::int16_t{-32768}},
        {"int", std::int32_t{std::numeric_limits<std::int32_t>::min()}},
        {"long", std::int64_t{std::numeric_limits<std::int64_t>::max()}},
        {"float", -0.0f},
        {"nan", std::numeric_limits<double>::quiet_NaN()},
        {"double", 1e300},
        {"bytes", ByteArray{-1, 0, 127}},
        {"string", std::string("a\0\xC3\xA9\xF0\x9F\x98\x80", 8)},
        {"list", List{std::int16_t{1}, std::int16_t{2}}},
        {"empty_list", List()},
        {"typed_empty", List(TagType::LongArray)},
        {"lists", List{List{"a"}, List{1.5f}, List()}},
        {"compound", inner},
        {"ints", IntArray{std::numeric_limits<std::int32_t>::min(), 0, 7}},
        {"longs", LongArray{-2, std::numeric_limits<std::int64_t>::max()}},
        {"", "empty key"},
        {"\xE2\x82\xAC", std::int8_t{1}},
    };
}

// A compound nested `levels` deep: {a:{a:{...}}}.
Bytes nested_compounds(std::size_t levels) {
    B b;
    b.named(TagType::Compound, "");
    for (std::size_t i = 1; i < levels; ++i) b.named(TagType::Compound, "a");
    for (std::size_t i = 0; i < levels; ++i) b.u8(0);
    return b.v;
}

std::filesystem::path temp_dir(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() / ("mobsdk_test_io_" + name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(io)

// ---- exact bytes ----

BOOST_AUTO_TEST_CASE(hello_world_reads_from_exact_bytes) {
    auto r = read(kHelloWorld);
    BOOST_REQUIRE(r);
    BOOST_CHECK_EQUAL(r->name, "hello world");
    const Compound& c = r->tag.as_compound();
    BOOST_REQUIRE_EQUAL(c.size(), 1u);
    BOOST_CHECK_EQUAL(c.get<std::string>("name"), "Bananrama");
}

BOOST_AUTO_TEST_CASE(hello_world_writes_exact_bytes) {
    const Tag root = Compound{{"name", "Bananrama"}};
    BOOST_CHECK(to_bytes(root, "hello world") == kHelloWorld);
    // write appends
    Bytes out{0xAA};
    BOOST_REQUIRE(write(root, "hello world", out));
    BOOST_CHECK_EQUAL(out.size(), kHelloWorld.size() + 1);
    BOOST_CHECK_EQUAL(out[0], 0xAA);
    BOOST_CHECK(std::equal(kHelloWorld.begin(), kHelloWorld.end(), out.begin() + 1));
}

BOOST_AUTO_TEST_CASE(scalars_are_big_endian) {
    struct Case {
        Tag tag;
        Bytes payload;
    };
    const std::vector<Case> cases = {
        {std::int8_t{-2}, {0xFE}},
        {std::int16_t{0x1234}, {0x12, 0x34}},
        {std::int32_t{0x01020304}, {0x01, 0x02, 0x03, 0x04}},
        {std::int64_t{0x0102030405060708}, {1, 2, 3, 4, 5, 6, 7, 8}},
        {1.0f, {0x3F, 0x80, 0x00, 0x00}},
        {-2.0, {0xC0, 0x00, 0, 0, 0, 0, 0, 0}},
        {ByteArray{1, -1}, {0, 0, 0, 2, 0x01, 0xFF}},
        {ByteArray{}, {0, 0, 0, 0}},  // found by fuzz_nbt_read: memcpy from a null data()
        {IntArray{}, {0, 0, 0, 0}},
        {LongArray{}, {0, 0, 0, 0}},
        {IntArray{1, -2}, {0, 0, 0, 2, 0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xFE}},
        {LongArray{258}, {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 2}},
        {"hi", {0, 2, 'h', 'i'}},
        {List{std::int16_t{1}, std::int16_t{-1}}, {0x02, 0, 0, 0, 2, 0, 1, 0xFF, 0xFF}},
        {List(), {0x00, 0, 0, 0, 0}},
        {List(TagType::Compound), {0x0A, 0, 0, 0, 0}},
        {Compound{{"k", std::int8_t{5}}}, {0x01, 0, 1, 'k', 5, 0x00}},
        {Compound{}, {0x00}},
    };
    for (const Case& c : cases) {
        Bytes expected = B{}.named(c.tag.type(), "r").v;
        expected.insert(expected.end(), c.payload.begin(), c.payload.end());
        BOOST_CHECK_MESSAGE(to_bytes(c.tag, "r") == expected, "write " << tag_type_name(c.tag.type()));
        auto back = read(expected);
        BOOST_REQUIRE_MESSAGE(back,
                              "read " << tag_type_name(c.tag.type()) << ": " << (back ? "" : back.error().describe()));
        BOOST_CHECK_EQUAL(back->name, "r");
        BOOST_CHECK_MESSAGE(back->tag == c.tag, "value " << tag_type_name(c.tag.type()));
        // The nameless form is the same bytes without the name.
        Bytes unnamed{static_cast<std::uint8_t>(c.tag.type())};
        unnamed.insert(unnamed.end(), c.payload.begin(), c.payload.end());
        Bytes w;
        BOOST_REQUIRE(write_unnamed(c.tag, w));
        BOOST_CHECK(w == unnamed);
        auto u = read_unnamed(unnamed);
        BOOST_REQUIRE(u);
        BOOST_CHECK(*u == c.tag);
    }
}

BOOST_AUTO_TEST_CASE(every_tag_type_round_trips_byte_for_byte) {
    const Tag root = everything();
    const Bytes bytes = to_bytes(root, "root");
    auto back = read(bytes);
    BOOST_REQUIRE(back);
    BOOST_CHECK_EQUAL(back->name, "root");
    BOOST_CHECK(back->tag == root);
    BOOST_CHECK(to_bytes(back->tag, "root") == bytes);
    // Key order is kept.
    auto it = back->tag.as_compound().begin();
    BOOST_CHECK_EQUAL(it->name, "byte");
    BOOST_CHECK_EQUAL((++it)->name, "short");
    // The typed empty list keeps its element type.
    BOOST_CHECK(back->tag.as_compound().get<List>("typed_empty").element_type() == TagType::LongArray);
    // Floats keep their bits.
    BOOST_CHECK(std::signbit(back->tag.as_compound().get<float>("float")));
    BOOST_CHECK(std::isnan(back->tag.as_compound().get<double>("nan")));
}

BOOST_AUTO_TEST_CASE(unnamed_root_forms) {
    // TAG_End root: a single 00 byte both ways (what 1.20.2+ sends for "no tag").
    Bytes w;
    BOOST_REQUIRE(write_unnamed(Tag(), w));
    BOOST_CHECK(w == Bytes{0x00});
    auto r = read_unnamed(w);
    BOOST_REQUIRE(r);
    BOOST_CHECK(r->type() == TagType::End);
    // A compound root has no name bytes.
    const Tag c = Compound{{"a", std::int8_t{1}}};
    Bytes cw;
    BOOST_REQUIRE(write_unnamed(c, cw));
    BOOST_CHECK(cw == (Bytes{0x0A, 0x01, 0x00, 0x01, 'a', 0x01, 0x00}));
    BOOST_CHECK(*read_unnamed(cw) == c);
    // The named reader refuses an End root.
    auto e = read_error(Bytes{0x00});
    BOOST_CHECK_EQUAL(e.offset, 0u);
    BOOST_CHECK_EQUAL(e.message, "the root tag is TAG_End (an empty NBT document)");
    // And the named writer refuses it too.
    BOOST_CHECK_EQUAL(write_error(Tag()).message, "the root tag cannot be TAG_End");
    // Trailing bytes after a nameless End.
    auto t = read_unnamed(Bytes{0x00, 0x00});
    BOOST_REQUIRE(!t);
    BOOST_CHECK_EQUAL(t.error().offset, 1u);
    BOOST_CHECK_EQUAL(t.error().message, "1 trailing bytes after the root tag");
    BOOST_CHECK(!read_unnamed(Bytes{}));
}

// ---- Modified UTF-8 inside tags ----

BOOST_AUTO_TEST_CASE(strings_use_modified_utf8) {
    const Tag t = std::string("\0\xF0\x9F\x98\x80", 5);
    Bytes w;
    BOOST_REQUIRE(write_unnamed(t, w));
    BOOST_CHECK(w == (Bytes{0x08, 0x00, 0x08, 0xC0, 0x80, 0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}));
    BOOST_CHECK(*read_unnamed(w) == t);
    // Plain 4-byte UTF-8 on disk is accepted.
    auto lenient = read_unnamed(Bytes{0x08, 0x00, 0x04, 0xF0, 0x9F, 0x98, 0x80});
    BOOST_REQUIRE(lenient);
    BOOST_CHECK_EQUAL(lenient->as_string(), "\xF0\x9F\x98\x80");
    // A lone surrogate survives read -> write byte for byte.
    const Bytes lone{0x08, 0x00, 0x04, 'a', 0xED, 0xB2, 0x80};
    auto l = read_unnamed(lone);
    BOOST_REQUIRE(l);
    Bytes lw;
    BOOST_REQUIRE(write_unnamed(*l, lw));
    BOOST_CHECK(lw == lone);
}

BOOST_AUTO_TEST_CASE(bad_modified_utf8_is_reported_at_its_byte) {
    // Root name "ab\x80" at offset 3: the bad byte is at 5.
    const Bytes data = B{}.u8(10).u16(3).raw("ab\x80").u8(0).v;
    const ReadError e = read_error(data);
    BOOST_CHECK_EQUAL(e.offset, 5u);
    BOOST_CHECK_EQUAL(e.message, "bad Modified UTF-8 in the root name: byte 0x80 cannot start a character");
    BOOST_CHECK_EQUAL(e.describe(), "at byte 5: " + e.message);
    const Bytes in_value = B{}.named(TagType::String, "").u16(2).u8(0xC3).u8('x').v;
    const ReadError v = read_error(in_value);
    BOOST_CHECK_EQUAL(v.offset, 6u);
    BOOST_CHECK(contains(v.message, "in a TAG_String: expected a continuation byte"));
}

BOOST_AUTO_TEST_CASE(writer_rejects_invalid_utf8_naming_the_tag) {
    Compound b;
    b.put("list", List{"ok", "fine", std::string("bad\xFF")});
    const Tag root = Compound{{"a", Compound{{"b", List{"ok", "fine", std::string("bad\xFF")}}}}};
    const WriteError e = write_error(root);
    BOOST_CHECK_EQUAL(e.path, "a.b[2]");
    BOOST_CHECK_EQUAL(e.message, "invalid UTF-8: byte 0xFF cannot start a character at byte 3 of the string");
    BOOST_CHECK_EQUAL(e.describe(), "at a.b[2]: " + e.message);
    // Nested lists and a compound inside a list.
    const Tag nested = Compound{{"x", List{List{"a"}, List{Compound{{"y", std::string("\xC3")}}}}}};
    BOOST_CHECK_EQUAL(write_error(nested).path, "x[1][0].y");
    const Tag in_list = List{Compound{{"ok", "y"}}, Compound{{"k", std::string("\xFF")}}};
    BOOST_CHECK_EQUAL(write_error(in_list).path, "[1].k");
    // The root itself, and the root name.
    BOOST_CHECK_EQUAL(write_error(Tag(std::string("\x80"))).path, "");
    BOOST_CHECK(contains(write_error(Tag(std::int8_t{1}), "\xC0\x80").message, "invalid UTF-8"));
    // An invalid key.
    Compound badkey;
    badkey.put("\xFF", std::int8_t{1});
    BOOST_CHECK(contains(write_error(badkey).message, "invalid UTF-8"));
    Bytes w;
    BOOST_CHECK(!write_unnamed(nested, w));
    BOOST_CHECK(w.empty());
}

BOOST_AUTO_TEST_CASE(writer_rejects_strings_over_65535_bytes) {
    const std::string ok(65535, 'x');
    auto fine = to_bytes(Compound{{"s", ok}});
    BOOST_CHECK_EQUAL(read(fine)->tag.as_compound().get<std::string>("s").size(), 65535u);
    const WriteError ascii = write_error(Compound{{"s", std::string(65536, 'x')}});
    BOOST_CHECK_EQUAL(ascii.path, "s");
    BOOST_CHECK_EQUAL(ascii.message, "string of 65536 bytes in Modified UTF-8 exceeds NBT's limit of 65535");
    // 32768 NULs are 32768 UTF-8 bytes but 65536 Modified UTF-8 bytes.
    const WriteError nul = write_error(Compound{{"n", std::string(32768, '\0')}});
    BOOST_CHECK_EQUAL(nul.message, "string of 65536 bytes in Modified UTF-8 exceeds NBT's limit of 65535");
    BOOST_CHECK(write(Compound{{"n", std::string(32767, '\0')}}, "", *std::make_unique<Bytes>()));
    // Supplementary characters: 4 bytes of UTF-8 become 6.
    std::string emoji;
    for (int i = 0; i < 10923; ++i) emoji += "\xF0\x9F\x98\x80";  // 65538 bytes once encoded
    BOOST_CHECK(contains(write_error(Tag(emoji)).message, "65538 bytes"));
    // A long key.
    Compound longkey;
    longkey.put(std::string(70000, 'k'), std::int8_t{1});
    BOOST_CHECK(contains(write_error(longkey).message, "exceeds NBT's limit of 65535"));
}

BOOST_AUTO_TEST_CASE(writer_rejects_list_elements_of_another_type) {
    List l{std::int32_t{1}, std::int32_t{2}};
    l[1] = "not an int";  // possible through operator[]
    const WriteError e = write_error(Compound{{"l", l}});
    BOOST_CHECK_EQUAL(e.path, "l[1]");
    BOOST_CHECK_EQUAL(e.message, "element is TAG_String in a list of TAG_Int");
    List ends{std::int8_t{1}};
    ends[0] = Tag();
    BOOST_CHECK_EQUAL(write_error(ends).path, "[0]");
    Compound c;
    c.put("end", Tag());
    BOOST_CHECK_EQUAL(write_error(c).message, "TAG_End cannot be a compound entry");
    BOOST_CHECK_EQUAL(write_error(c).path, "end");
}

// ---- limits ----

BOOST_AUTO_TEST_CASE(depth_512_is_accepted_and_513_refused) {
    auto ok = read(nested_compounds(512));
    BOOST_REQUIRE_MESSAGE(ok, (ok ? "" : ok.error().describe()));
    BOOST_CHECK(to_bytes(ok->tag) == nested_compounds(512));
    const ReadError e = read_error(nested_compounds(513));
    BOOST_CHECK(contains(e.message, "nesting deeper than 512"));
    BOOST_CHECK_EQUAL(e.offset, 3u + 512u * 4u);  // the 513th compound's payload
    // Lists count the same way.
    B lists;
    lists.named(TagType::List, "");
    for (int i = 1; i < 513; ++i) lists.u8(9).i32(1);
    lists.u8(0).i32(0);
    BOOST_CHECK(contains(read_error(lists.v).message, "nesting deeper than 512"));
    // The writer refuses what the reader would.
    Tag deep = Compound{};
    for (int i = 0; i < 512; ++i) deep = Compound{{"a", deep}};
    BOOST_CHECK(contains(write_error(deep).message, "nesting deeper than 512"));
    // A smaller limit.
    ReadOptions opts;
    opts.max_depth = 3;
    BOOST_CHECK(read(nested_compounds(3), opts));
    BOOST_CHECK(contains(read_error(nested_compounds(4), opts).message, "nesting deeper than 3"));
}

BOOST_AUTO_TEST_CASE(byte_budget_is_enforced) {
    ReadOptions opts;
    opts.max_bytes = 1000;
    const Bytes big = to_bytes(Compound{{"b", ByteArray(2000, 1)}});
    const ReadError e = read_error(big, opts);
    BOOST_CHECK(contains(e.message, "exceeds the read budget of 1000 bytes (ReadOptions::max_bytes)"));
    // Many small tags count too.
    List many;
    for (int i = 0; i < 500; ++i) many.push_back(std::int8_t{1});
    BOOST_CHECK(contains(read_error(to_bytes(many), opts).message, "ReadOptions::max_bytes"));
    // A compressed input may not inflate past the budget either.
    auto gz = encode(Compound{{"b", ByteArray(5000, 0)}}, "", Compression::Gzip);
    BOOST_REQUIRE(gz);
    auto r = read_any(*gz, opts);
    BOOST_REQUIRE(!r);
    BOOST_CHECK(contains(r.error().message, "gzip data: decompressed data exceeds the limit of 1000 bytes"));
}

// ---- malformed input ----

BOOST_AUTO_TEST_CASE(empty_input) {
    const ReadError e = read_error(Bytes{});
    BOOST_CHECK_EQUAL(e.offset, 0u);
    BOOST_CHECK_EQUAL(e.message, "unexpected end of data: the root tag type needs 1 bytes, 0 left");
    BOOST_CHECK(!read_unnamed(Bytes{}));
    BOOST_CHECK(!read_any(Bytes{}));
}

BOOST_AUTO_TEST_CASE(every_prefix_of_a_valid_file_fails_cleanly) {
    const Bytes full = to_bytes(everything(), "root");
    for (std::size_t len = 0; len < full.size(); ++len) {
        std::span<const std::uint8_t> prefix(full.data(), len);
        auto r = read(prefix);
        BOOST_REQUIRE_MESSAGE(!r, "prefix of " << len << " bytes accepted");
        BOOST_CHECK_LE(r.error().offset, len);
        BOOST_CHECK(!r.error().message.empty());
    }
    BOOST_CHECK(read(full));
    // The same for the nameless form.
    Bytes unnamed;
    BOOST_REQUIRE(write_unnamed(everything(), unnamed));
    for (std::size_t len = 0; len < unnamed.size(); ++len) {
        auto r = read_unnamed(std::span<const std::uint8_t>(unnamed.data(), len));
        BOOST_REQUIRE_MESSAGE(!r, "nameless prefix of " << len << " bytes accepted");
        BOOST_CHECK_LE(r.error().offset, len);
    }
    // The same for every prefix of the gzip form.
    auto gz = encode(everything(), "root", Compression::Gzip);
    BOOST_REQUIRE(gz);
    for (std::size_t len = 0; len < gz->size(); ++len)
        BOOST_REQUIRE(!read_any(std::span<const std::uint8_t>(gz->data(), len)));
}

BOOST_AUTO_TEST_CASE(truncation_messages) {
    // Cut inside an int payload: offset is where the int starts.
    const Bytes cut = B{}.named(TagType::Int, "").u8(0).u8(0).v;
    const ReadError e = read_error(cut);
    BOOST_CHECK_EQUAL(e.offset, 3u);
    BOOST_CHECK_EQUAL(e.message, "unexpected end of data: a TAG_Int needs 4 bytes, 2 left");
    // Cut inside the root name.
    const ReadError n = read_error(B{}.u8(10).u16(5).raw("ab").v);
    BOOST_CHECK_EQUAL(n.offset, 3u);
    BOOST_CHECK_EQUAL(n.message, "unexpected end of data: the root name needs 5 bytes, 2 left");
    // A compound without its End.
    const ReadError c = read_error(B{}.named(TagType::Compound, "").v);
    BOOST_CHECK_EQUAL(c.offset, 3u);
    BOOST_CHECK(contains(c.message, "a compound entry's type needs 1 bytes, 0 left"));
}

BOOST_AUTO_TEST_CASE(unknown_tag_id) {
    const ReadError root = read_error(Bytes{13, 0, 0});
    BOOST_CHECK_EQUAL(root.offset, 0u);
    BOOST_CHECK_EQUAL(root.message, "unknown tag type 13 for the root tag type (expected 0-12)");
    const ReadError entry = read_error(B{}.named(TagType::Compound, "").u8(13).str("x").u8(0).v);
    BOOST_CHECK_EQUAL(entry.offset, 3u);
    BOOST_CHECK_EQUAL(entry.message, "unknown tag type 13 for a compound entry's type (expected 0-12)");
    const ReadError list = read_error(B{}.named(TagType::List, "").u8(200).i32(0).v);
    BOOST_CHECK_EQUAL(list.offset, 3u);
    BOOST_CHECK_EQUAL(list.message, "unknown tag type 200 for a list's element type (expected 0-12)");
}

BOOST_AUTO_TEST_CASE(negative_lengths) {
    const ReadError a = read_error(B{}.named(TagType::ByteArray, "").i32(-1).v);
    BOOST_CHECK_EQUAL(a.offset, 3u);
    BOOST_CHECK_EQUAL(a.message, "negative length -1 for TAG_Byte_Array");
    const ReadError l = read_error(B{}.named(TagType::List, "").u8(1).i32(std::numeric_limits<std::int32_t>::min()).v);
    BOOST_CHECK_EQUAL(l.offset, 4u);
    BOOST_CHECK_EQUAL(l.message, "negative length -2147483648 for TAG_List");
    BOOST_CHECK(contains(read_error(B{}.named(TagType::IntArray, "").i32(-5).v).message, "TAG_Int_Array"));
    BOOST_CHECK(contains(read_error(B{}.named(TagType::LongArray, "").i32(-5).v).message, "TAG_Long_Array"));
}

BOOST_AUTO_TEST_CASE(huge_lengths_fail_before_allocating) {
    struct Case {
        TagType type;
        int element;  // list element type, or -1
        std::string message;
    };
    const std::vector<Case> cases = {
        {TagType::ByteArray, -1, "length 2147483647 of TAG_Byte_Array needs at least 2147483647 bytes, 4 left"},
        {TagType::IntArray, -1, "length 2147483647 of TAG_Int_Array needs at least 8589934588 bytes, 4 left"},
        {TagType::LongArray, -1, "length 2147483647 of TAG_Long_Array needs at least 17179869176 bytes, 4 left"},
        {TagType::List, 10, "length 2147483647 of TAG_List needs at least 2147483647 bytes, 4 left"},
        {TagType::List, 9, "length 2147483647 of TAG_List needs at least 10737418235 bytes, 4 left"},
        {TagType::List, 1, "length 2147483647 of TAG_List needs at least 2147483647 bytes, 4 left"},
    };
    for (const Case& c : cases) {
        B b;
        b.named(c.type, "");
        if (c.element >= 0) b.u8(c.element);
        b.i32(0x7FFFFFFF).i32(0);
        const auto t0 = std::chrono::steady_clock::now();
        const ReadError e = read_error(b.v);
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
        BOOST_CHECK_EQUAL(e.message, c.message);
        BOOST_CHECK_EQUAL(e.offset, c.element >= 0 ? 4u : 3u);
        BOOST_CHECK_LT(ms, 500);  // allocating first would take far longer, or throw bad_alloc
    }
    // Huge string length: 65535 asked, 0 there.
    const ReadError s = read_error(B{}.named(TagType::String, "").u16(0xFFFF).v);
    BOOST_CHECK_EQUAL(s.message, "unexpected end of data: a TAG_String needs 65535 bytes, 0 left");
}

BOOST_AUTO_TEST_CASE(list_of_end_must_be_empty) {
    const Bytes empty = B{}.named(TagType::List, "").u8(0).i32(0).v;
    auto ok = read(empty);
    BOOST_REQUIRE(ok);
    BOOST_CHECK(ok->tag.as_list().empty());
    const ReadError e = read_error(B{}.named(TagType::List, "").u8(0).i32(3).v);
    BOOST_CHECK_EQUAL(e.offset, 4u);
    BOOST_CHECK_EQUAL(e.message, "a list of TAG_End cannot hold 3 elements");
    const ReadError huge = read_error(B{}.named(TagType::List, "").u8(0).i32(0x7FFFFFFF).v);
    BOOST_CHECK_EQUAL(huge.message, "a list of TAG_End cannot hold 2147483647 elements");
}

BOOST_AUTO_TEST_CASE(trailing_bytes_after_the_root) {
    Bytes data = kHelloWorld;
    data.push_back(0);
    data.push_back(0);
    const ReadError e = read_error(data);
    BOOST_CHECK_EQUAL(e.offset, kHelloWorld.size());
    BOOST_CHECK_EQUAL(e.message, "2 trailing bytes after the root tag");
}

// ---- duplicate keys ----

BOOST_AUTO_TEST_CASE(duplicate_keys_keep_the_first_position_and_the_last_value) {
    const Bytes data = B{}.named(TagType::Compound, "")
                           .named(TagType::Int, "a")
                           .i32(1)
                           .named(TagType::Int, "b")
                           .i32(2)
                           .named(TagType::String, "a")
                           .str("last")
                           .u8(0)
                           .v;
    auto r = read(data);
    BOOST_REQUIRE(r);
    const Compound& c = r->tag.as_compound();
    BOOST_REQUIRE_EQUAL(c.size(), 2u);
    BOOST_CHECK_EQUAL(c.begin()->name, "a");
    BOOST_CHECK_EQUAL(c.get<std::string>("a"), "last");
    BOOST_CHECK_EQUAL(c.get<std::int32_t>("b"), 2);
}

BOOST_AUTO_TEST_CASE(duplicates_in_a_large_compound) {
    // More than 32 entries switches the reader to a hash index; duplicates must still collapse.
    B b;
    b.named(TagType::Compound, "");
    for (int i = 0; i < 40; ++i) b.named(TagType::Int, "k" + std::to_string(i)).i32(i);
    b.named(TagType::Int, "k0").i32(100);   // duplicate of the first
    b.named(TagType::Int, "k35").i32(135);  // duplicate added after the index was built
    b.named(TagType::Int, "new").i32(7);
    b.named(TagType::Int, "new").i32(8);  // duplicate of an entry added after the index
    b.named(TagType::Byte, "k39").u8(1);  // another type replaces the value
    b.u8(0);
    auto r = read(b.v);
    BOOST_REQUIRE(r);
    const Compound& c = r->tag.as_compound();
    BOOST_CHECK_EQUAL(c.size(), 41u);
    BOOST_CHECK_EQUAL(c.get<std::int32_t>("k0"), 100);
    BOOST_CHECK_EQUAL(c.get<std::int32_t>("k35"), 135);
    BOOST_CHECK_EQUAL(c.get<std::int32_t>("new"), 8);
    BOOST_CHECK_EQUAL(c.get<std::int8_t>("k39"), 1);
    BOOST_CHECK_EQUAL(c.begin()->name, "k0");
    std::size_t pos = 0;
    for (const auto& e : c) {
        if (pos < 40) BOOST_CHECK_EQUAL(e.name, "k" + std::to_string(pos));
        ++pos;
    }
    // Written back, there are no duplicates left.
    auto again = read(to_bytes(r->tag));
    BOOST_REQUIRE(again);
    BOOST_CHECK(again->tag == r->tag);
}

BOOST_AUTO_TEST_CASE(a_compound_with_100k_keys_reads_quickly) {
    B b;
    b.named(TagType::Compound, "");
    for (int i = 0; i < 100000; ++i) b.named(TagType::Byte, "key" + std::to_string(i)).u8(i & 0x7F);
    b.named(TagType::Byte, "key5").u8(99);
    b.u8(0);
    const auto t0 = std::chrono::steady_clock::now();
    auto r = read(b.v);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    BOOST_REQUIRE(r);
    BOOST_CHECK_EQUAL(r->tag.as_compound().size(), 100000u);
    BOOST_CHECK_EQUAL(r->tag.as_compound().get<std::int8_t>("key5"), 99);
    BOOST_CHECK_LT(ms, 3000);  // quadratic would be ~5e9 comparisons
    BOOST_TEST_MESSAGE("100k keys read in " << ms << " ms");
}

// ---- compression and files ----

BOOST_AUTO_TEST_CASE(read_any_detects_each_compression) {
    const Tag root = everything();
    for (Compression c : {Compression::None, Compression::Gzip, Compression::Zlib}) {
        auto bytes = encode(root, "n", c);
        BOOST_REQUIRE(bytes);
        BOOST_CHECK(detect_compression(*bytes) == c);
        auto r = read_any(*bytes);
        BOOST_REQUIRE(r);
        BOOST_CHECK(r->compression == c);
        BOOST_CHECK_EQUAL(r->root.name, "n");
        BOOST_CHECK(r->root.tag == root);
    }
    // An error inside compressed data says so.
    auto gz = encode(Compound{{"x", std::int32_t{1}}}, "", Compression::Gzip);
    auto raw = decompress(*gz, Compression::Gzip, 1000);
    raw->push_back(0);
    const auto bad = compress(*raw, Compression::Gzip);
    auto r = read_any(bad);
    BOOST_REQUIRE(!r);
    BOOST_CHECK_EQUAL(r.error().offset, raw->size() - 1);
    BOOST_CHECK_EQUAL(r.error().message, "1 trailing bytes after the root tag (offset in the decompressed gzip data)");
    auto cut = read_any(std::span<const std::uint8_t>(gz->data(), gz->size() - 2));
    BOOST_REQUIRE(!cut);
    BOOST_CHECK(contains(cut.error().message, "gzip data: truncated gzip stream"));
}

BOOST_AUTO_TEST_CASE(uncompressed_string_root_that_looks_like_zlib) {
    // 08 1D ..: a TAG_String root whose name is 0x1Dxx bytes long has a valid zlib header.
    const Tag root = "value";
    const std::string name(0x1D00, 'n');
    auto bytes = encode(root, name, Compression::None);
    BOOST_REQUIRE(bytes);
    BOOST_REQUIRE(detect_compression(*bytes) == Compression::Zlib);
    auto r = read_any(*bytes);
    BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().describe()));
    BOOST_CHECK(r->compression == Compression::None);
    BOOST_CHECK_EQUAL(r->root.name, name);
    BOOST_CHECK(r->root.tag == root);
}

BOOST_AUTO_TEST_CASE(write_file_then_read_file) {
    const auto dir = temp_dir("files");
    const auto path = dir / "level.dat";
    const Tag root = everything();
    for (Compression c : {Compression::Gzip, Compression::Zlib, Compression::None}) {
        BOOST_REQUIRE(write_file(path, root, "Data", c));
        auto r = read_file(path);
        BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().describe()));
        BOOST_CHECK(r->compression == c);
        BOOST_CHECK_EQUAL(r->root.name, "Data");
        BOOST_CHECK(r->root.tag == root);
    }
    // Replacing an existing file leaves exactly one file behind: no temporaries.
    const Tag small = Compound{{"v", std::int32_t{2}}};
    BOOST_REQUIRE(write_file(path, small));
    BOOST_CHECK(read_file(path)->root.tag == small);
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        ++files;
        BOOST_CHECK_EQUAL(entry.path().filename(), "level.dat");
    }
    BOOST_CHECK_EQUAL(files, 1u);
    // A failed encode leaves the old file alone and creates nothing.
    BOOST_CHECK(!write_file(path, Tag(std::string("\xFF"))));
    BOOST_CHECK(read_file(path)->root.tag == small);
    BOOST_CHECK_EQUAL(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()),
                      1);
    std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(file_errors) {
    const auto dir = temp_dir("errors");
    auto missing = read_file(dir / "nope.dat");
    BOOST_REQUIRE(!missing);
    BOOST_CHECK_EQUAL(missing.error().offset, 0u);
    BOOST_CHECK(contains(missing.error().message, "cannot read"));
    BOOST_CHECK(contains(missing.error().message, "nope.dat"));
    // A file bigger than the budget is refused before it is read.
    { std::ofstream(dir / "big.dat", std::ios::binary) << std::string(5000, 'x'); }
    ReadOptions opts;
    opts.max_bytes = 4096;
    auto big = read_file(dir / "big.dat", opts);
    BOOST_REQUIRE(!big);
    BOOST_CHECK(contains(big.error().message, "exceeds the read budget of 4096 bytes"));
    // Writing into a folder that does not exist fails with the reason and leaves nothing.
    auto w = write_file(dir / "sub" / "x.dat", Compound{});
    BOOST_REQUIRE(!w);
    BOOST_CHECK(contains(w.error().message, "No such file or directory"));
    std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(encode_matches_write_plus_compress) {
    const Tag root = everything();
    const Bytes raw = to_bytes(root, "x");
    BOOST_CHECK(*encode(root, "x", Compression::None) == raw);
    auto gz = encode(root, "x", Compression::Gzip);
    BOOST_CHECK(*decompress(*gz, Compression::Gzip, 1u << 20) == raw);
    BOOST_CHECK(!encode(Tag(), "x", Compression::Gzip));
}

BOOST_AUTO_TEST_SUITE_END()
