// Tests of nbt::Document: typed views over every tag type, the tree's error messages for typed
// access, and above all agreement with the tree reader (nbt::read): the same inputs accepted and
// refused, at the same byte with the same message, and the same content.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "mobsdk/nbt/compression.hpp"
#include "mobsdk/nbt/document.hpp"
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
        return u8(static_cast<int>(u >> 24)).u8((u >> 16) & 0xFF).u8((u >> 8) & 0xFF).u8(u & 0xFF);
    }
    B& raw(std::string_view s) {
        v.insert(v.end(), s.begin(), s.end());
        return *this;
    }
    B& str(std::string_view s) { return u16(static_cast<int>(s.size())).raw(s); }
    B& named(TagType t, std::string_view name) { return u8(static_cast<int>(t)).str(name); }
};

Bytes to_bytes(const Tag& root, std::string_view name = "") {
    Bytes out;
    auto r = write(root, name, out);
    BOOST_REQUIRE_MESSAGE(r, "write failed: " << (r ? "" : r.error().describe()));
    return out;
}

Compound everything() {
    List empty_ints(TagType::Int);
    List doubles(TagType::Double);
    doubles.push_back(1.5);
    doubles.push_back(-0.0);
    List nested(TagType::List);
    nested.push_back(List{std::int16_t{1}, std::int16_t{2}});
    nested.push_back(List{});
    return Compound{
        {"byte", std::int8_t{-128}},
        {"short", std::int16_t{-32768}},
        {"int", std::int32_t{std::numeric_limits<std::int32_t>::min()}},
        {"long", std::int64_t{std::numeric_limits<std::int64_t>::max()}},
        {"float", 0.5f},
        {"double", -2.25},
        {"bytes", ByteArray{1, -1, 127}},
        {"string", "plain text"},
        {"list", List{Compound{{"x", std::int8_t{-1}}}, Compound{}}},
        {"compound", Compound{{"deep", Compound{{"deeper", "yes"}}}}},
        {"ints", IntArray{1, -2, 0x7FFFFFFF}},
        {"longs", LongArray{-1, 0x0123456789ABCDEF}},
        {"empty_ints", empty_ints},
        {"doubles", doubles},
        {"nested", nested},
        {"strings", List{"a", "", "longer than sixteen bytes"}},
        {"", "empty key"},
    };
}

// Both readers on the same bytes: accept and refuse alike, at the same byte with the same message,
// and when they accept, the same tree (compared as written bytes, so key order and the element
// types of empty lists count too).
void check_same(std::span<const std::uint8_t> data, const ReadOptions& opts, const std::string& what) {
    auto tree = read(data, opts);
    auto doc = Document::parse(data, opts);
    BOOST_REQUIRE_MESSAGE(tree.has_value() == doc.has_value(),
                          what << ": tree " << (tree ? "accepts" : "refuses: " + tree.error().describe())
                               << ", document " << (doc ? "accepts" : "refuses: " + doc.error().describe()));
    if (!tree) {
        BOOST_CHECK_MESSAGE(tree.error().offset == doc.error().offset && tree.error().message == doc.error().message,
                            what << ": tree says '" << tree.error().describe() << "', document says '"
                                 << doc.error().describe() << "'");
    } else {
        const NamedTag back = doc->to_named_tag();
        BOOST_CHECK_MESSAGE(back.name == tree->name && back.tag == tree->tag, what << ": trees differ");
        Bytes a, b;
        const bool wa = static_cast<bool>(write(tree->tag, tree->name, a));
        const bool wb = static_cast<bool>(write(back.tag, back.name, b));
        BOOST_CHECK_MESSAGE(wa == wb && a == b, what << ": written bytes differ");
    }

    auto utree = read_unnamed(data, opts);
    auto udoc = Document::parse_unnamed(data, opts);
    BOOST_REQUIRE_MESSAGE(utree.has_value() == udoc.has_value(), what << " (network form): accept/refuse differ");
    if (!utree) {
        BOOST_CHECK_MESSAGE(
            utree.error().offset == udoc.error().offset && utree.error().message == udoc.error().message,
            what << " (network form): tree says '" << utree.error().describe() << "', document says '"
                 << udoc.error().describe() << "'");
    } else {
        BOOST_CHECK_MESSAGE(udoc->root().to_tag() == *utree, what << " (network form): trees differ");
    }

    auto atree = read_any(data, opts);
    auto adoc = Document::parse_any(data, opts);
    BOOST_REQUIRE_MESSAGE(atree.has_value() == adoc.has_value(), what << " (any compression): accept/refuse differ");
    if (!atree) {
        BOOST_CHECK_MESSAGE(
            atree.error().offset == adoc.error().offset && atree.error().message == adoc.error().message,
            what << " (any compression): tree says '" << atree.error().describe() << "', document says '"
                 << adoc.error().describe() << "'");
    } else {
        BOOST_CHECK(adoc->compression() == atree->compression);
        BOOST_CHECK_MESSAGE(adoc->root().to_tag() == atree->root.tag, what << " (any compression): trees differ");
    }
}

std::vector<ReadOptions> option_sets() {
    ReadOptions tight;
    tight.max_bytes = 600;  // small enough that the budget runs out inside most corpus files
    ReadOptions shallow;
    shallow.max_depth = 3;
    return {ReadOptions{}, tight, shallow};
}

std::vector<std::pair<std::string, Bytes>> corpus() {
    std::vector<std::pair<std::string, Bytes>> files;
    const auto dir = std::filesystem::path(MOBSDK_TEST_DATA_DIR).parent_path() / "fuzz" / "corpus" / "nbt";
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        std::ifstream in(entry.path(), std::ios::binary);
        files.emplace_back(entry.path().filename().string(),
                           Bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()));
    }
    // Hand-made files for what the corpus lacks.
    files.emplace_back("everything", to_bytes(everything(), "root name"));
    Compound big;
    for (int i = 0; i < 100; ++i) big.put("key" + std::to_string(i), std::int32_t{i});
    files.emplace_back("big_compound", to_bytes(big));
    files.emplace_back("duplicates_in_big_compound", [] {
        B b;
        b.named(TagType::Compound, "");
        for (int i = 0; i < 40; ++i) b.named(TagType::Int, "k" + std::to_string(i % 35)).i32(i);
        b.u8(0);
        return b.v;
    }());
    files.emplace_back("mutf8_strings", [] {
        B b;
        b.named(TagType::Compound, "");
        b.named(TagType::String, "nul").u16(3).u8('a').u8(0xC0).u8(0x80);
        b.named(TagType::String, "accent").u16(2).u8(0xC3).u8(0xA9);
        b.named(TagType::String, "pair").u16(6).u8(0xED).u8(0xA0).u8(0xBD).u8(0xED).u8(0xB8).u8(0x80);
        b.named(TagType::String, "utf8_4").u16(4).u8(0xF0).u8(0x9F).u8(0x98).u8(0x80);
        b.u8(static_cast<int>(TagType::String)).u16(2).u8(0xC0).u8(0x80).str("nul key");
        b.u8(0);
        return b.v;
    }());
    files.emplace_back("long_lists", [] {
        Compound c;
        List bytes(TagType::Byte), longs(TagType::Long), floats(TagType::Float);
        for (int i = 0; i < 50; ++i) {
            bytes.push_back(static_cast<std::int8_t>(i));
            longs.push_back(std::int64_t{i} << 40);
            floats.push_back(static_cast<float>(i) / 3);
        }
        c.put("bytes", bytes);
        c.put("longs", longs);
        c.put("floats", floats);
        return to_bytes(c);
    }());
    return files;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(document)

BOOST_AUTO_TEST_CASE(hello_world) {
    const Bytes bytes =
        B{}.named(TagType::Compound, "hello world").named(TagType::String, "name").str("Bananrama").u8(0).v;
    auto doc = Document::parse(bytes);
    BOOST_REQUIRE(doc);
    BOOST_CHECK_EQUAL(doc->root_name(), "hello world");
    BOOST_CHECK(doc->root().type() == TagType::Compound);
    BOOST_CHECK_EQUAL(doc->root().as_compound().get<std::string_view>("name"), "Bananrama");
    BOOST_CHECK_EQUAL(doc->tag_count(), 2u);
}

BOOST_AUTO_TEST_CASE(every_tag_type_through_views) {
    const Bytes bytes = to_bytes(everything(), "root name");
    auto doc = Document::parse(bytes);
    BOOST_REQUIRE(doc);
    const CompoundView c = doc->root().as_compound();
    BOOST_CHECK_EQUAL(c.size(), 17u);
    BOOST_CHECK_EQUAL(c.get<std::int8_t>("byte"), -128);
    BOOST_CHECK_EQUAL(c.get<std::int16_t>("short"), -32768);
    BOOST_CHECK_EQUAL(c.get<int>("int"), std::numeric_limits<std::int32_t>::min());
    BOOST_CHECK_EQUAL(c.get<std::int64_t>("long"), std::numeric_limits<std::int64_t>::max());
    BOOST_CHECK_EQUAL(c.get<float>("float"), 0.5f);
    BOOST_CHECK_EQUAL(c.get<double>("double"), -2.25);
    BOOST_CHECK_EQUAL(c.get<std::string_view>("string"), "plain text");
    BOOST_CHECK_EQUAL(c.get<std::string_view>(""), "empty key");

    const ByteArrayView bytes_view = c.get<ByteArrayView>("bytes");
    BOOST_CHECK_EQUAL(bytes_view.size(), 3u);
    BOOST_CHECK_EQUAL(bytes_view[1], -1);
    const IntArrayView ints = c.get<IntArrayView>("ints");
    BOOST_CHECK_EQUAL(ints.size(), 3u);
    BOOST_CHECK_EQUAL(ints[1], -2);
    BOOST_CHECK_EQUAL(ints[2], 0x7FFFFFFF);
    const LongArrayView longs = c.get<LongArrayView>("longs");
    BOOST_CHECK_EQUAL(longs[1], 0x0123456789ABCDEF);
    BOOST_CHECK_EQUAL(reinterpret_cast<std::uintptr_t>(longs.data()) % alignof(std::int64_t), 0u);

    const ListView list = c.get<ListView>("list");
    BOOST_CHECK(list.element_type() == TagType::Compound);
    BOOST_CHECK_EQUAL(list.size(), 2u);
    BOOST_CHECK_EQUAL(list[0].as_compound().get<std::int8_t>("x"), -1);
    BOOST_CHECK(list.get<CompoundView>(1).empty());
    BOOST_CHECK(c.get<ListView>("empty_ints").element_type() == TagType::Int);  // kept when empty
    BOOST_CHECK(c.get<ListView>("empty_ints").empty());
    const ListView doubles = c.get<ListView>("doubles");
    BOOST_CHECK_EQUAL(doubles.get<double>(0), 1.5);
    BOOST_CHECK(std::signbit(doubles[1].as_double()));
    const ListView nested = c.get<ListView>("nested");
    BOOST_CHECK_EQUAL(nested[0].as_list().get<std::int16_t>(1), 2);
    BOOST_CHECK(nested[1].as_list().element_type() == TagType::End);
    BOOST_CHECK_EQUAL(c.get<CompoundView>("compound").get<CompoundView>("deep").get<std::string_view>("deeper"), "yes");

    std::vector<std::string_view> strings;
    for (TagView v : c.get<ListView>("strings")) strings.push_back(v.as_string());
    BOOST_REQUIRE_EQUAL(strings.size(), 3u);
    BOOST_CHECK_EQUAL(strings[2], "longer than sixteen bytes");

    std::vector<std::string_view> keys;
    for (const auto& e : c) keys.push_back(e.name);
    BOOST_CHECK_EQUAL(keys.front(), "byte");  // file order
    BOOST_CHECK_EQUAL(keys.back(), "");

    BOOST_CHECK_EQUAL(c.find("int").numeric<double>(), -2147483648.0);
    BOOST_CHECK_EQUAL(c.find("float").numeric<int>(), 0);
    BOOST_CHECK_EQUAL(doc->root_name(), "root name");
    BOOST_CHECK(doc->root().to_tag() == Tag(everything()));
    BOOST_CHECK(to_bytes(doc->to_named_tag().tag, doc->to_named_tag().name) == bytes);
}

BOOST_AUTO_TEST_CASE(typed_access_errors_match_the_tree) {
    const Bytes bytes = to_bytes(everything());
    auto doc = Document::parse(bytes);
    BOOST_REQUIRE(doc);
    const CompoundView c = doc->root().as_compound();
    auto message = [](auto&& f) {
        try {
            f();
        } catch (const TypeError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    BOOST_CHECK_EQUAL(message([&] { (void)c.get<float>("Health"); }), "missing key 'Health' (expected TAG_Float)");
    BOOST_CHECK_EQUAL(message([&] { (void)c.get<float>("int"); }), "key 'int' is TAG_Int, expected TAG_Float");
    BOOST_CHECK_EQUAL(message([&] { (void)c.find("string").as_int(); }), "expected TAG_Int, found TAG_String");
    BOOST_CHECK_EQUAL(message([&] { (void)c.get<ListView>("list").at(2); }),
                      "index 2 is out of range for a list of 2 elements");
    BOOST_CHECK_EQUAL(message([&] { (void)c.get<ListView>("list").get<int>(0); }),
                      "element 0 is TAG_Compound, expected TAG_Int");
    BOOST_CHECK_EQUAL(message([&] { (void)c.find("string").numeric<int>(); }), "expected TAG_Double, found TAG_String");
    BOOST_CHECK_EQUAL(message([&] { (void)TagView().as_compound(); }), "expected TAG_Compound, found TAG_End");

    BOOST_CHECK(!c.find("missing"));
    BOOST_CHECK(!c.contains("missing"));
    BOOST_CHECK(c.contains("int"));
    BOOST_CHECK(!c.find<float>("int").has_value());
    BOOST_CHECK_EQUAL(*c.find<int>("int"), std::numeric_limits<std::int32_t>::min());
    BOOST_CHECK_EQUAL(c.get_or<int>("missing", 7), 7);
    BOOST_CHECK_EQUAL(c.get_or<float>("int", 2.5f), 2.5f);
    BOOST_CHECK(c.find("int").is<std::int32_t>());
    BOOST_CHECK(!c.find("int").try_as<std::int64_t>().has_value());
}

BOOST_AUTO_TEST_CASE(strings_are_decoded_from_modified_utf8) {
    const Bytes bytes = B{}.named(TagType::Compound, "")
                            .named(TagType::String, "nul")
                            .u16(3)
                            .u8('a')
                            .u8(0xC0)
                            .u8(0x80)
                            .named(TagType::String, "accent")
                            .u16(2)
                            .u8(0xC3)
                            .u8(0xA9)
                            .named(TagType::String, "pair")
                            .u16(6)
                            .u8(0xED)
                            .u8(0xA0)
                            .u8(0xBD)
                            .u8(0xED)
                            .u8(0xB8)
                            .u8(0x80)
                            .named(TagType::String, "utf8_4")
                            .u16(4)
                            .u8(0xF0)
                            .u8(0x9F)
                            .u8(0x98)
                            .u8(0x80)
                            .u8(static_cast<int>(TagType::Byte))
                            .u16(2)
                            .u8(0xC0)
                            .u8(0x80)
                            .u8(1)
                            .u8(0)
                            .v;
    auto doc = Document::parse(bytes);
    BOOST_REQUIRE(doc);
    const CompoundView c = doc->root().as_compound();
    BOOST_CHECK_EQUAL(c.get<std::string_view>("nul"), std::string_view("a\0", 2));
    BOOST_CHECK_EQUAL(c.get<std::string_view>("accent"), "\xC3\xA9");
    BOOST_CHECK_EQUAL(c.get<std::string_view>("pair"), "\xF0\x9F\x98\x80");    // U+1F600 as UTF-8
    BOOST_CHECK_EQUAL(c.get<std::string_view>("utf8_4"), "\xF0\x9F\x98\x80");  // accepted as is
    BOOST_CHECK_EQUAL(c.get<std::int8_t>(std::string_view("\0", 1)), 1);       // a decoded key
    // Text that needed no decoding is a view into the input; decoded text lives in the document.
    const auto accent = c.get<std::string_view>("accent");
    BOOST_CHECK(reinterpret_cast<const std::uint8_t*>(accent.data()) >= bytes.data() &&
                reinterpret_cast<const std::uint8_t*>(accent.data()) < bytes.data() + bytes.size());
}

BOOST_AUTO_TEST_CASE(errors_match_the_tree_reader) {
    // A few by hand, with the tree's texts, then the same through check_same.
    const Bytes truncated = B{}.named(TagType::Compound, "").named(TagType::Int, "x").u8(0).u8(1).v;
    auto r = Document::parse(truncated);
    BOOST_REQUIRE(!r);
    BOOST_CHECK_EQUAL(r.error().describe(), "at byte 7: unexpected end of data: a TAG_Int needs 4 bytes, 2 left");

    const Bytes bad_type = B{}.u8(13).str("").v;
    BOOST_CHECK_EQUAL(Document::parse(bad_type).error().describe(),
                      "at byte 0: unknown tag type 13 for the root tag type (expected 0-12)");
    const Bytes negative = B{}.named(TagType::IntArray, "").i32(-5).v;
    BOOST_CHECK_EQUAL(Document::parse(negative).error().describe(), "at byte 3: negative length -5 for TAG_Int_Array");
    const Bytes huge = B{}.named(TagType::List, "").u8(static_cast<int>(TagType::Long)).i32(1000000).v;
    BOOST_CHECK_EQUAL(Document::parse(huge).error().describe(),
                      "at byte 4: length 1000000 of TAG_List needs at least 8000000 bytes, 0 left");
    const Bytes list_of_end = B{}.named(TagType::List, "").u8(0).i32(3).v;
    BOOST_CHECK_EQUAL(Document::parse(list_of_end).error().describe(),
                      "at byte 4: a list of TAG_End cannot hold 3 elements");
    const Bytes trailing = B{}.named(TagType::Byte, "").u8(1).u8(9).u8(9).v;
    BOOST_CHECK_EQUAL(Document::parse(trailing).error().describe(), "at byte 4: 2 trailing bytes after the root tag");
    BOOST_CHECK_EQUAL(Document::parse(Bytes{}).error().describe(),
                      "at byte 0: unexpected end of data: the root tag type needs 1 bytes, 0 left");
    BOOST_CHECK_EQUAL(Document::parse(B{}.u8(0).v).error().describe(),
                      "at byte 0: the root tag is TAG_End (an empty NBT document)");
    const Bytes bad_key = B{}.named(TagType::Compound, "").u8(1).u16(1).u8(0xF8).u8(1).u8(0).v;
    BOOST_CHECK_EQUAL(Document::parse(bad_key).error().describe(),
                      "at byte 6: bad Modified UTF-8 in a compound key: byte 0xF8 cannot start a character");
    for (const Bytes* b : {&truncated, &bad_type, &negative, &huge, &list_of_end, &trailing, &bad_key})
        check_same(*b, ReadOptions{}, "hand-made error");
}

BOOST_AUTO_TEST_CASE(depth_limit_as_the_tree) {
    auto nested = [](int levels) {
        B b;
        b.named(TagType::List, "");
        for (int i = 1; i < levels; ++i) b.u8(static_cast<int>(TagType::List)).i32(1);
        b.u8(0).i32(0);
        return b.v;
    };
    BOOST_CHECK(Document::parse(nested(512)));
    auto deep = Document::parse(nested(513));
    BOOST_REQUIRE(!deep);
    BOOST_CHECK(deep.error().message == "nesting deeper than 512 levels (ReadOptions::max_depth)");
    check_same(nested(513), ReadOptions{}, "513 lists");
    ReadOptions wide;
    wide.max_depth = 5000;  // no recursion in the parser: deep files cost no stack
    BOOST_CHECK(Document::parse(nested(4000), wide));
}

BOOST_AUTO_TEST_CASE(budget_as_the_tree) {
    Compound c;
    List longs(TagType::Long);
    for (int i = 0; i < 100; ++i) longs.push_back(std::int64_t{i});
    c.put("longs", longs);
    c.put("text", std::string(300, 'x'));
    c.put("ints", IntArray(200, 7));
    const Bytes bytes = to_bytes(c);
    // Every budget from "nothing fits" to "everything fits" fails (or not) at the same byte.
    for (std::size_t budget = 0; budget < 14000; budget += 37) {
        ReadOptions o;
        o.max_bytes = budget;
        check_same(bytes, o, "budget " + std::to_string(budget));
    }
    ReadOptions o;
    o.max_bytes = 1000;
    auto r = Document::parse(bytes, o);
    BOOST_REQUIRE(!r);
    BOOST_CHECK(r.error().message == "the NBT exceeds the read budget of 1000 bytes (ReadOptions::max_bytes)");
}

BOOST_AUTO_TEST_CASE(duplicate_keys_as_the_tree) {
    const Bytes small = B{}.named(TagType::Compound, "")
                            .named(TagType::Int, "a")
                            .i32(1)
                            .named(TagType::Int, "b")
                            .i32(2)
                            .named(TagType::String, "a")
                            .str("last")
                            .u8(0)
                            .v;
    auto doc = Document::parse(small);
    BOOST_REQUIRE(doc);
    const CompoundView c = doc->root().as_compound();
    BOOST_REQUIRE_EQUAL(c.size(), 2u);
    BOOST_CHECK_EQUAL((*c.begin()).name, "a");  // first position, last value
    BOOST_CHECK_EQUAL(c.get<std::string_view>("a"), "last");
    BOOST_CHECK_EQUAL(doc->tag_count(), 3u);
    check_same(small, ReadOptions{}, "small duplicates");

    B big;
    big.named(TagType::Compound, "");
    for (int i = 0; i < 300; ++i) big.named(TagType::Int, "k" + std::to_string(i % 200)).i32(i);
    big.u8(0);
    auto d2 = Document::parse(big.v);
    BOOST_REQUIRE(d2);
    BOOST_CHECK_EQUAL(d2->root().as_compound().size(), 200u);
    BOOST_CHECK_EQUAL(d2->root().as_compound().get<int>("k5"), 205);
    check_same(big.v, ReadOptions{}, "big duplicates");
}

BOOST_AUTO_TEST_CASE(corpus_and_mutations_agree_with_the_tree) {
    std::uint64_t state = 0x5eed5eedull;
    auto next = [&] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    std::size_t inputs = 0;
    for (const auto& [name, bytes] : corpus()) {
        for (const ReadOptions& o : option_sets()) {
            check_same(bytes, o, name);
            ++inputs;
            // Every prefix: truncation at each byte.
            for (std::size_t n = 0; n < bytes.size() && n < 400; ++n) {
                check_same(std::span(bytes.data(), n), o, name + " cut at " + std::to_string(n));
                ++inputs;
            }
        }
        // Seeded mutations: flipped bytes, set to interesting values, inserted or removed.
        for (int m = 0; m < 300 && !bytes.empty(); ++m) {
            Bytes mutated = bytes;
            const int edits = 1 + static_cast<int>(next() % 3);
            for (int e = 0; e < edits && !mutated.empty(); ++e) {
                const std::size_t at = next() % mutated.size();
                static constexpr std::uint8_t kInteresting[] = {0, 1, 9, 10, 12, 13, 0x7F, 0x80, 0xC0, 0xED, 0xFF};
                switch (next() % 4) {
                    case 0: mutated[at] ^= static_cast<std::uint8_t>(1u << (next() % 8)); break;
                    case 1: mutated[at] = kInteresting[next() % std::size(kInteresting)]; break;
                    case 2:
                        mutated.insert(mutated.begin() + static_cast<std::ptrdiff_t>(at),
                                       static_cast<std::uint8_t>(next()));
                        break;
                    default: mutated.erase(mutated.begin() + static_cast<std::ptrdiff_t>(at)); break;
                }
            }
            for (const ReadOptions& o : option_sets()) {
                check_same(mutated, o, name + " mutation " + std::to_string(m));
                ++inputs;
            }
        }
    }
    BOOST_TEST_MESSAGE("document: " << inputs << " inputs compared with the tree reader");
    BOOST_CHECK_GT(inputs, 5000u);
}

BOOST_AUTO_TEST_CASE(network_form) {
    auto end = Document::parse_unnamed(Bytes{0});
    BOOST_REQUIRE(end);
    BOOST_CHECK(end->root());
    BOOST_CHECK(end->root().type() == TagType::End);
    BOOST_CHECK(end->root().to_tag() == Tag());
    const Bytes compound = B{}.u8(10).named(TagType::Short, "s").u16(7).u8(0).v;
    auto doc = Document::parse_unnamed(compound);
    BOOST_REQUIRE(doc);
    BOOST_CHECK_EQUAL(doc->root_name(), "");
    BOOST_CHECK_EQUAL(doc->root().as_compound().get<std::int16_t>("s"), 7);
}

BOOST_AUTO_TEST_CASE(compressed_input) {
    const Bytes raw = to_bytes(everything());
    for (Compression c : {Compression::Gzip, Compression::Zlib, Compression::None}) {
        const Bytes packed = c == Compression::None ? raw : compress(raw, c);
        auto doc = Document::parse_any(packed);
        BOOST_REQUIRE(doc);
        BOOST_CHECK(doc->compression() == c);
        BOOST_CHECK(doc->root().to_tag() == Tag(everything()));
    }
    Bytes broken = compress(raw, Compression::Gzip);
    broken.resize(broken.size() / 2);
    check_same(broken, ReadOptions{}, "truncated gzip");
}

BOOST_AUTO_TEST_CASE(lifetime_move_and_reuse) {
    Bytes first = to_bytes(Compound{{"name", "first"}, {"ints", IntArray{1, 2, 3}}});
    const Bytes second = to_bytes(Compound{{"name", "second"}});

    // Owning the bytes: views stay valid after the caller's vector is gone and after a move.
    Document kept;
    {
        auto doc = Document::parse(Bytes(first));
        BOOST_REQUIRE(doc);
        kept = std::move(*doc);
    }
    const TagView ints = kept.root().as_compound().find("ints");
    Document moved = std::move(kept);
    BOOST_CHECK_EQUAL(ints.as<IntArrayView>()[2], 3);
    BOOST_CHECK_EQUAL(moved.root().as_compound().get<std::string_view>("name"), "first");

    // load() reuses the document; a failed load leaves it empty.
    Document doc;
    BOOST_CHECK(!doc.root());
    BOOST_REQUIRE(doc.load(first));
    BOOST_REQUIRE(doc.load(second));
    BOOST_CHECK_EQUAL(doc.root().as_compound().get<std::string_view>("name"), "second");
    BOOST_CHECK(!doc.load(Bytes{1, 2}));
    BOOST_CHECK(!doc.root());
    BOOST_CHECK_EQUAL(doc.tag_count(), 0u);
    BOOST_CHECK(!Document::parse(Bytes{10}));  // and a fresh one reports the error
}

BOOST_AUTO_TEST_SUITE_END()
