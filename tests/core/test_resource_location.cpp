// ResourceLocation: vanilla's namespaced-id rules, parsing, errors and hashing.
#include <boost/test/unit_test.hpp>
#include <unordered_set>

#include "mobsdk/core/resource_location.hpp"

using mobsdk::InvalidResourceLocation;
using mobsdk::ResourceLocation;

BOOST_AUTO_TEST_SUITE(resource_location)

BOOST_AUTO_TEST_CASE(bare_path_means_minecraft) {
    auto id = ResourceLocation::parse("home");
    BOOST_REQUIRE(id);
    BOOST_TEST(id->ns() == "minecraft");
    BOOST_TEST(id->path() == "home");
    BOOST_TEST(id->str() == "minecraft:home");
}

BOOST_AUTO_TEST_CASE(explicit_namespace_and_nested_path) {
    auto id = ResourceLocation::of("example:sensors/nearest_creeper");
    BOOST_TEST(id.ns() == "example");
    BOOST_TEST(id.path() == "sensors/nearest_creeper");
    BOOST_TEST(id.str() == "example:sensors/nearest_creeper");
}

BOOST_AUTO_TEST_CASE(empty_namespace_means_minecraft_as_vanilla) {
    BOOST_TEST(ResourceLocation::of(":stone").str() == "minecraft:stone");
}

BOOST_AUTO_TEST_CASE(every_allowed_character) {
    BOOST_TEST(ResourceLocation::parse("a-z_0.9:a-z_0.9/x").has_value());
    BOOST_TEST(ResourceLocation::parse("my.mod-1_2:path/to/thing.json").has_value());
}

BOOST_AUTO_TEST_CASE(uppercase_is_rejected_with_position) {
    auto id = ResourceLocation::parse("minecraft:Home");
    BOOST_REQUIRE(!id);
    BOOST_TEST(id.error().position == 10u);
    BOOST_TEST(id.error().message.find("'H'") != std::string::npos);
    BOOST_TEST(id.error().message.find("path") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(slash_not_allowed_in_namespace) {
    auto id = ResourceLocation::parse("my/mod:thing");
    BOOST_REQUIRE(!id);
    BOOST_TEST(id.error().position == 2u);
    BOOST_TEST(id.error().message.find("namespace") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(second_colon_is_in_the_path_and_rejected) {
    auto id = ResourceLocation::parse("a:b:c");
    BOOST_REQUIRE(!id);
    BOOST_TEST(id.error().position == 3u);
}

BOOST_AUTO_TEST_CASE(empty_parts_are_rejected) {
    BOOST_TEST(!ResourceLocation::parse(""));
    BOOST_TEST(!ResourceLocation::parse("minecraft:"));
    auto e = ResourceLocation::parse("minecraft:");
    BOOST_TEST(e.error().message == "the path is empty");
    BOOST_TEST(!ResourceLocation::parse("a b"));
}

BOOST_AUTO_TEST_CASE(from_parts_validates_both) {
    BOOST_TEST(ResourceLocation::from_parts("example", "thing")->str() == "example:thing");
    auto e = ResourceLocation::from_parts("Example", "thing");
    BOOST_REQUIRE(!e);
    BOOST_TEST(e.error().position == 0u);
    BOOST_TEST(!ResourceLocation::from_parts("", "thing"));
}

BOOST_AUTO_TEST_CASE(of_throws_a_clear_message) {
    try {
        (void)ResourceLocation::of("minecraft:Home");
        BOOST_FAIL("expected InvalidResourceLocation");
    } catch (const InvalidResourceLocation& e) {
        BOOST_TEST(std::string(e.what()) ==
                   "invalid id \"minecraft:Home\" at position 10: character 'H' is not allowed "
                   "in a path (allowed: a-z 0-9 _ . - /)");
    }
}

BOOST_AUTO_TEST_CASE(equality_ordering_and_hash) {
    auto a = ResourceLocation::of("home");
    auto b = ResourceLocation::of("minecraft:home");
    auto c = ResourceLocation::of("minecraft:job_site");
    BOOST_TEST((a == b));
    BOOST_TEST((a != c));
    BOOST_TEST((a < c));
    std::unordered_set<ResourceLocation> set{a, b, c};
    BOOST_TEST(set.size() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()
