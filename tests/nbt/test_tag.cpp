// Tests of the NBT value type: construction, typed access and its error messages, list type rules
// and vanilla's equality (bitwise floats, order-insensitive compounds, untyped empty lists).
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "mobsdk/nbt/tag.hpp"

using namespace mobsdk::nbt;

namespace {

// Runs `f`, requires a TypeError and returns its message.
template <typename F>
std::string type_error_of(F&& f) {
    try {
        f();
    } catch (const TypeError& e) {
        return e.what();
    }
    BOOST_FAIL("no TypeError thrown");
    return {};
}

float float_from_bits(std::uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(tag)

BOOST_AUTO_TEST_CASE(constructors_pick_the_tag_type_and_index_equals_id) {
    BOOST_CHECK(Tag().type() == TagType::End);
    BOOST_CHECK(Tag(true).type() == TagType::Byte);
    BOOST_CHECK_EQUAL(Tag(true).as_byte(), 1);
    BOOST_CHECK_EQUAL(Tag(false).as_byte(), 0);
    BOOST_CHECK(Tag(std::int8_t{1}).type() == TagType::Byte);
    BOOST_CHECK(Tag(std::int16_t{1}).type() == TagType::Short);
    BOOST_CHECK(Tag(std::int32_t{1}).type() == TagType::Int);
    BOOST_CHECK(Tag(std::int64_t{1}).type() == TagType::Long);
    BOOST_CHECK(Tag(1.0f).type() == TagType::Float);
    BOOST_CHECK(Tag(1.0).type() == TagType::Double);
    BOOST_CHECK(Tag(ByteArray{1, 2}).type() == TagType::ByteArray);
    BOOST_CHECK(Tag("x").type() == TagType::String);
    BOOST_CHECK(Tag(std::string_view("x")).type() == TagType::String);
    BOOST_CHECK(Tag(std::string("x")).type() == TagType::String);
    BOOST_CHECK(Tag(List()).type() == TagType::List);
    BOOST_CHECK(Tag(Compound()).type() == TagType::Compound);
    BOOST_CHECK(Tag(IntArray{1}).type() == TagType::IntArray);
    BOOST_CHECK(Tag(LongArray{1}).type() == TagType::LongArray);
    for (int id = 0; id <= 12; ++id) BOOST_CHECK(is_valid_tag_type(static_cast<std::uint8_t>(id)));
    BOOST_CHECK(!is_valid_tag_type(13));
    BOOST_CHECK(!is_valid_tag_type(255));
}

BOOST_AUTO_TEST_CASE(tag_type_names_are_vanillas) {
    BOOST_CHECK_EQUAL(tag_type_name(TagType::End), "TAG_End");
    BOOST_CHECK_EQUAL(tag_type_name(TagType::Byte), "TAG_Byte");
    BOOST_CHECK_EQUAL(tag_type_name(TagType::Short), "TAG_Short");
    BOOST_CHECK_EQUAL(tag_type_name(TagType::Int), "TAG_Int");
    BOOST_CHECK_EQUAL(tag_type_name(TagType::Long), "TAG_Long");
    BOOST_CHECK_EQUAL(tag_type_name(TagType::Float), "TAG_Float");
    BOOST_CHECK_EQUAL(tag_type_name(TagType::Double), "TAG_Double");
    BOOST_CHECK_EQUAL(tag_type_name(TagType::ByteArray), "TAG_Byte_Array");
    BOOST_CHECK_EQUAL(tag_type_name(TagType::String), "TAG_String");
    BOOST_CHECK_EQUAL(tag_type_name(TagType::List), "TAG_List");
    BOOST_CHECK_EQUAL(tag_type_name(TagType::Compound), "TAG_Compound");
    BOOST_CHECK_EQUAL(tag_type_name(TagType::IntArray), "TAG_Int_Array");
    BOOST_CHECK_EQUAL(tag_type_name(TagType::LongArray), "TAG_Long_Array");
    BOOST_CHECK(tag_type_of<std::int32_t>() == TagType::Int);
    BOOST_CHECK(tag_type_of<const Compound>() == TagType::Compound);
}

BOOST_AUTO_TEST_CASE(as_throws_naming_both_types) {
    const Tag t("hello");
    BOOST_CHECK_EQUAL(t.as_string(), "hello");
    BOOST_CHECK_EQUAL(type_error_of([&] { (void)t.as_int(); }), "expected TAG_Int, found TAG_String");
    BOOST_CHECK_EQUAL(type_error_of([&] { (void)Tag().as_compound(); }), "expected TAG_Compound, found TAG_End");
    BOOST_CHECK(t.get_if<std::int32_t>() == nullptr);
    BOOST_REQUIRE(t.get_if<std::string>() != nullptr);
    BOOST_CHECK(t.is<std::string>());
    BOOST_CHECK(!t.is<List>());
    Tag m(std::int32_t{5});
    m.as<std::int32_t>() = 7;
    BOOST_CHECK_EQUAL(m.as_int(), 7);
}

BOOST_AUTO_TEST_CASE(numeric_converts_like_vanilla_get_as) {
    BOOST_CHECK_EQUAL(Tag(std::int8_t{-3}).numeric<int>(), -3);
    BOOST_CHECK_EQUAL(Tag(std::int64_t{1} << 40).numeric<double>(), std::ldexp(1.0, 40));
    BOOST_CHECK_EQUAL(Tag(2.75).numeric<int>(), 2);
    BOOST_CHECK_EQUAL(Tag(1.5f).numeric<double>(), 1.5);
    BOOST_CHECK_EQUAL(type_error_of([] { (void)Tag("1").numeric<int>(); }), "expected TAG_Double, found TAG_String");
}

BOOST_AUTO_TEST_CASE(compound_get_errors_name_the_key_and_both_types) {
    const Compound c{{"Health", 20.0f}, {"id", "minecraft:zombie"}};
    BOOST_CHECK_EQUAL(c.get<float>("Health"), 20.0f);
    BOOST_CHECK_EQUAL(type_error_of([&] { (void)c.get<std::int32_t>("Age"); }), "missing key 'Age' (expected TAG_Int)");
    BOOST_CHECK_EQUAL(type_error_of([&] { (void)c.get<std::int32_t>("id"); }),
                      "key 'id' is TAG_String, expected TAG_Int");
    Compound m = c;
    m.get<float>("Health") = 5.0f;
    BOOST_CHECK_EQUAL(m.get<float>("Health"), 5.0f);
    BOOST_CHECK_THROW(m.get<double>("Health"), TypeError);
}

BOOST_AUTO_TEST_CASE(get_or_and_find) {
    const Compound c{{"a", std::int32_t{3}}, {"s", "x"}};
    BOOST_CHECK_EQUAL(c.get_or<std::int32_t>("a", 9), 3);
    BOOST_CHECK_EQUAL(c.get_or<std::int32_t>("missing", 9), 9);
    BOOST_CHECK_EQUAL(c.get_or<std::int32_t>("s", 9), 9);  // wrong type: fallback, no throw
    BOOST_CHECK_EQUAL(c.get_or<std::string>("s", "d"), "x");
    BOOST_REQUIRE(c.find<std::int32_t>("a") != nullptr);
    BOOST_CHECK_EQUAL(*c.find<std::int32_t>("a"), 3);
    BOOST_CHECK(c.find<std::int64_t>("a") == nullptr);
    BOOST_CHECK(c.find<std::int32_t>("zz") == nullptr);
    BOOST_CHECK(c.find("a") != nullptr);
    BOOST_CHECK(c.find("A") == nullptr);  // keys are case-sensitive
    BOOST_CHECK(c.contains("s"));
    BOOST_CHECK(!c.contains(""));
    BOOST_CHECK(c.find(std::string_view()) == nullptr);  // null data(), size 0
    Compound e{{"", std::int8_t{1}}, {"x", std::int8_t{2}}};
    BOOST_CHECK(e.find(std::string_view()) != nullptr);
    BOOST_CHECK(e.erase(std::string_view()));
}

BOOST_AUTO_TEST_CASE(compound_keeps_insertion_order_and_put_replaces_in_place) {
    Compound c;
    c.put("b", std::int32_t{1});
    c.put("a", std::int32_t{2});
    c.put("c", std::int32_t{3});
    Tag& t = c.put("b", "replaced");
    BOOST_CHECK_EQUAL(t.as_string(), "replaced");
    BOOST_REQUIRE_EQUAL(c.size(), 3u);
    std::string order;
    for (const auto& e : c) order += e.name;
    BOOST_CHECK_EQUAL(order, "bac");
    BOOST_CHECK(c.erase("a"));
    BOOST_CHECK(!c.erase("a"));
    BOOST_CHECK_EQUAL(c.size(), 2u);
    // A key with an embedded NUL is distinct from its prefix.
    c.put(std::string_view("k\0x", 3), std::int8_t{1});
    BOOST_CHECK(!c.contains("k"));
    BOOST_CHECK(c.contains(std::string_view("k\0x", 3)));
    c.clear();
    BOOST_CHECK(c.empty());
    // An initializer list with a repeated key keeps the first position and the last value.
    const Compound d{{"x", std::int32_t{1}}, {"y", std::int32_t{2}}, {"x", std::int32_t{3}}};
    BOOST_REQUIRE_EQUAL(d.size(), 2u);
    BOOST_CHECK_EQUAL(d.begin()->name, "x");
    BOOST_CHECK_EQUAL(d.get<std::int32_t>("x"), 3);
}

BOOST_AUTO_TEST_CASE(list_push_back_type_rules) {
    List l;
    BOOST_CHECK(l.element_type() == TagType::End);
    l.push_back(std::int32_t{1});
    BOOST_CHECK(l.element_type() == TagType::Int);
    l.push_back(std::int32_t{2});
    BOOST_CHECK_EQUAL(type_error_of([&] { l.push_back("x"); }), "cannot add TAG_String to a list of TAG_Int");
    BOOST_CHECK_EQUAL(type_error_of([&] { l.push_back(Tag()); }), "a TAG_End cannot be an element of a list");
    BOOST_CHECK_EQUAL(l.size(), 2u);

    // An empty list that was given a type keeps it (vanilla ListTag.add refuses another type).
    List ints(TagType::Int);
    BOOST_CHECK(ints.empty());
    BOOST_CHECK_EQUAL(type_error_of([&] { ints.push_back(std::int64_t{1}); }),
                      "cannot add TAG_Long to a list of TAG_Int");
    BOOST_CHECK(ints.element_type() == TagType::Int);
    ints.push_back(std::int32_t{5});
    BOOST_CHECK_EQUAL(ints.size(), 1u);

    // clear() resets the type to End, so the list accepts any type again.
    l.clear();
    BOOST_CHECK(l.element_type() == TagType::End);
    l.push_back("now strings");
    BOOST_CHECK(l.element_type() == TagType::String);

    BOOST_CHECK_THROW((List{std::int32_t{1}, "mixed"}), TypeError);
    const List ok{std::int16_t{1}, std::int16_t{2}};
    BOOST_CHECK(ok.element_type() == TagType::Short);
}

BOOST_AUTO_TEST_CASE(list_access_errors_name_the_index) {
    const List l{std::int32_t{10}, std::int32_t{20}};
    BOOST_CHECK_EQUAL(l.get<std::int32_t>(1), 20);
    BOOST_CHECK_EQUAL(l.at(0).as_int(), 10);
    BOOST_CHECK_EQUAL(type_error_of([&] { (void)l.at(2); }), "index 2 is out of range for a list of 2 elements");
    BOOST_CHECK_EQUAL(type_error_of([&] { (void)l.get<std::int32_t>(5); }),
                      "index 5 is out of range for a list of 2 elements");
    BOOST_CHECK_EQUAL(type_error_of([&] { (void)l.get<std::string>(0); }), "element 0 is TAG_Int, expected TAG_String");
}

BOOST_AUTO_TEST_CASE(floats_compare_bit_for_bit) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    BOOST_CHECK(Tag(nan) == Tag(nan));
    BOOST_CHECK(Tag(float_from_bits(0x7FC00001)) != Tag(float_from_bits(0x7FC00000)));  // other payload
    BOOST_CHECK(Tag(0.0f) != Tag(-0.0f));
    BOOST_CHECK(Tag(0.0) != Tag(-0.0));
    BOOST_CHECK(Tag(std::numeric_limits<double>::quiet_NaN()) == Tag(std::numeric_limits<double>::quiet_NaN()));
    BOOST_CHECK(Tag(1.0f) == Tag(1.0f));
    // Same numeric value, different tag types: not equal.
    BOOST_CHECK(Tag(1.0f) != Tag(1.0));
    BOOST_CHECK(Tag(std::int32_t{1}) != Tag(std::int64_t{1}));
    BOOST_CHECK(Tag(std::int8_t{1}) != Tag(std::int16_t{1}));
    BOOST_CHECK(Tag() == Tag());
    // Bitwise comparison reaches nested floats too.
    const List a{nan, 1.0f};
    const List b{nan, 1.0f};
    BOOST_CHECK(Tag(a) == Tag(b));
    const Compound ca{{"z", -0.0}};
    const Compound cb{{"z", 0.0}};
    BOOST_CHECK(Tag(ca) != Tag(cb));
}

BOOST_AUTO_TEST_CASE(compounds_compare_regardless_of_order) {
    const Compound a{{"x", std::int32_t{1}}, {"y", "s"}, {"z", List{1.0}}};
    const Compound b{{"z", List{1.0}}, {"x", std::int32_t{1}}, {"y", "s"}};
    BOOST_CHECK(a == b);
    BOOST_CHECK(Tag(a) == Tag(b));
    const Compound c{{"x", std::int32_t{1}}, {"y", "t"}, {"z", List{1.0}}};
    BOOST_CHECK(a != c);
    const Compound d{{"x", std::int32_t{1}}, {"y", "s"}};
    BOOST_CHECK(a != d);
    BOOST_CHECK(d != a);
    const Compound e{{"x", std::int32_t{1}}, {"y", "s"}, {"w", List{1.0}}};  // same size, other key
    BOOST_CHECK(a != e);
}

BOOST_AUTO_TEST_CASE(lists_compare_in_order_and_empty_lists_ignore_type) {
    BOOST_CHECK(List(TagType::Int) == List(TagType::String));
    BOOST_CHECK(List() == List(TagType::Compound));
    BOOST_CHECK(Tag(List(TagType::Int)) == Tag(List(TagType::LongArray)));
    const List a{std::int32_t{1}, std::int32_t{2}};
    const List b{std::int32_t{2}, std::int32_t{1}};
    BOOST_CHECK(a != b);
    BOOST_CHECK(a == (List{std::int32_t{1}, std::int32_t{2}}));
    BOOST_CHECK(a != (List{std::int64_t{1}, std::int64_t{2}}));
    BOOST_CHECK(a != (List{std::int32_t{1}}));
    BOOST_CHECK(Tag(a) != Tag(IntArray{1, 2}));  // a list of ints is not an int array
}

BOOST_AUTO_TEST_CASE(arrays_compare_by_content) {
    BOOST_CHECK(Tag(ByteArray{1, 2, 3}) == Tag(ByteArray{1, 2, 3}));
    BOOST_CHECK(Tag(ByteArray{1, 2, 3}) != Tag(ByteArray{1, 2}));
    BOOST_CHECK(Tag(LongArray{}) == Tag(LongArray{}));
    BOOST_CHECK(Tag(LongArray{}) != Tag(IntArray{}));
}

BOOST_AUTO_TEST_SUITE_END()
