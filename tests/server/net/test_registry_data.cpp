// The configuration content: the Registry Data a 1.20.4 client needs (every damage type, plains,
// the overworld dimension type with vanilla's fields) and the tags with vanilla's block ids.
#include <boost/test/unit_test.hpp>

#include <string>

#include "mobsdk/nbt/io.hpp"
#include "mobserver/net/packet_codec.hpp"
#include "mobserver/net/registry_data.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {
const nbt::List& entries(std::string_view registry) {
    return registry_codec().find<nbt::Compound>(registry)->get<nbt::List>("value");
}
const nbt::Compound* entry(std::string_view registry, std::string_view name) {
    for (const auto& e : entries(registry))
        if (e.as<nbt::Compound>().get<std::string>("name") == name) return &e.as<nbt::Compound>();
    return nullptr;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(registry_data)

BOOST_AUTO_TEST_CASE(the_codec_holds_vanillas_registries) {
    BOOST_TEST(registry_codec().size() == 6u);
    BOOST_TEST(entries("minecraft:damage_type").size() == 44u);
    BOOST_TEST(entries("minecraft:worldgen/biome").size() == 64u);
    BOOST_TEST(entries("minecraft:chat_type").size() == 7u);
    BOOST_TEST(entries("minecraft:trim_pattern").size() == 16u);
    BOOST_TEST(entries("minecraft:trim_material").size() == 10u);
    BOOST_TEST(entry("minecraft:damage_type", "minecraft:generic_kill") != nullptr);
    BOOST_TEST(entry("minecraft:worldgen/biome", "minecraft:plains") != nullptr);
    BOOST_TEST(registry_entry_id("minecraft:worldgen/biome", "minecraft:plains").has_value());
    BOOST_TEST(!registry_entry_id("minecraft:worldgen/biome", "minecraft:nowhere").has_value());
    const nbt::Compound* overworld = entry("minecraft:dimension_type", "minecraft:overworld");
    BOOST_REQUIRE(overworld);
    const auto& element = overworld->get<nbt::Compound>("element");
    BOOST_TEST(element.get<std::int32_t>("min_y") == -64);
    BOOST_TEST(element.get<std::int32_t>("height") == 384);
    BOOST_TEST(element.get<std::string>("infiniburn") == "#minecraft:infiniburn_overworld");
}

BOOST_AUTO_TEST_CASE(the_packet_is_nameless_network_nbt) {
    const std::string body = encode_registry_data();
    BOOST_TEST(body[0] == 0x05);
    BOOST_TEST(body[1] == 0x0A);  // a compound, then its payload (no root name)
    const auto* raw = reinterpret_cast<const std::uint8_t*>(body.data()) + 1;
    auto back = nbt::read_unnamed({raw, body.size() - 1});
    BOOST_REQUIRE(back.has_value());
    BOOST_TEST((back->as<nbt::Compound>() == registry_codec()));
}

BOOST_AUTO_TEST_CASE(tags_carry_vanillas_block_ids) {
    BlockRegistry blocks;
    register_vanilla_blocks(blocks);
    blocks.freeze();
    const std::string body = encode_update_tags(blocks);
    PacketReader r(body);
    BOOST_TEST(r.varint() == 0x09);
    BOOST_TEST(r.varint() == 2);
    BOOST_TEST(r.string() == "minecraft:block");
    const std::int32_t n = r.varint();
    BOOST_TEST(n > 100);
    bool found_logs = false;
    bool nested_resolved = false;
    for (std::int32_t i = 0; i < n && r.ok(); ++i) {
        const std::string name = r.string();
        const std::int32_t count = r.varint();
        std::vector<std::int32_t> ids;
        for (std::int32_t k = 0; k < count; ++k) ids.push_back(r.varint());
        if (name == "minecraft:oak_logs") {
            // oak_log is block 46 in 1.20.4 (minecraft-data blocks.json); its tag has the 4 oak log blocks.
            found_logs = std::find(ids.begin(), ids.end(), 46) != ids.end() && ids.size() == 4;
        }
        // The network form is flat: #minecraft:logs names the blocks of the tags it includes.
        if (name == "minecraft:logs") nested_resolved = std::find(ids.begin(), ids.end(), 46) != ids.end();
    }
    BOOST_TEST(found_logs);
    BOOST_TEST(nested_resolved);
    BOOST_TEST(r.string() == "minecraft:fluid");
}

BOOST_AUTO_TEST_SUITE_END()
