// Chunk Data and Update Light: a chunk with known blocks decodes back to the same global ids
// (single-value, indirect 4-bit and direct 15-bit containers), biomes are plains, heightmaps have
// 37 longs and the light masks cover the 24 sections plus one below and one above; every block
// with a block entity (beds, signs, chests) is listed with its type, and only the data vanilla
// sends to clients.
#include <boost/test/unit_test.hpp>

#include <bit>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "../world/vanilla_states.hpp"
#include "mobsdk/nbt/io.hpp"
#include "mobserver/net/block_entity_types.hpp"
#include "mobserver/net/chunk_packet.hpp"
#include "mobserver/net/packet_codec.hpp"
#include "mobserver/net/registry_data.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
using namespace mobsdk::server::test;

namespace {

// Reads one paletted container of `entries` values; returns the values as global ids.
std::vector<std::uint32_t> read_container(PacketReader& r, std::size_t entries, std::int32_t& bits_out) {
    const std::int32_t bits = r.u8();
    bits_out = bits;
    std::vector<std::uint32_t> palette;
    if (bits == 0) {
        const auto v = static_cast<std::uint32_t>(r.varint());
        BOOST_TEST(r.varint() == 0);
        return std::vector<std::uint32_t>(entries, v);
    }
    if (bits <= 8) {
        const std::int32_t n = r.varint();
        for (std::int32_t i = 0; i < n; ++i) palette.push_back(static_cast<std::uint32_t>(r.varint()));
    }
    const std::int32_t longs = r.varint();
    const std::size_t per_long = static_cast<std::size_t>(64 / bits);
    BOOST_TEST(static_cast<std::size_t>(longs) == (entries + per_long - 1) / per_long);
    std::vector<std::uint32_t> out;
    for (std::int32_t i = 0; i < longs; ++i) {
        const auto l = static_cast<std::uint64_t>(r.i64());
        for (std::size_t k = 0; k < per_long && out.size() < entries; ++k) {
            const auto v = static_cast<std::uint32_t>((l >> (k * static_cast<std::size_t>(bits))) & ((1u << bits) - 1));
            out.push_back(palette.empty() ? v : palette.at(v));
        }
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(chunk_packet)

BOOST_AUTO_TEST_CASE(a_chunk_round_trips_through_the_wire_format) {
    VanillaStates s;
    LevelChunk chunk({3, -2}, s.reg);
    for (std::int32_t x = 0; x < 16; ++x)
        for (std::int32_t z = 0; z < 16; ++z) {
            chunk.set_block({48 + x, -64, -32 + z}, s.bedrock);  // section 0: uniform bedrock row + air
            chunk.set_block({48 + x, -63, -32 + z}, s.dirt);
        }
    chunk.set_block({50, 0, -30}, s.stone);  // section 4: stone and air
    // Section 5: 300 distinct states force the direct (15-bit) form.
    for (std::uint32_t i = 0; i < 300; ++i)
        chunk.set_block({48 + static_cast<std::int32_t>(i % 16), 16 + static_cast<std::int32_t>(i / 256),
                         -32 + static_cast<std::int32_t>((i / 16) % 16)},
                        BlockState{1 + i});
    chunk.recompute_heightmaps();
    const std::int32_t plains = *registry_entry_id("minecraft:worldgen/biome", "minecraft:plains");
    ChunkPacketEncoder encoder(plains, 64);
    const std::string body = encoder.encode(chunk);

    PacketReader r(body);
    BOOST_TEST(r.varint() == 0x25);
    BOOST_TEST(r.i32() == 3);
    BOOST_TEST(r.i32() == -2);
    // Heightmaps: nameless compound; find its end by parsing the rest as NBT is not possible, so
    // read it with the NBT reader over a known length: re-encode and compare instead.
    const std::size_t before = body.size() - r.remaining();
    BOOST_TEST(static_cast<std::uint8_t>(body[before]) == 0x0A);
    // Skip the heightmaps: 1 type byte, two named long arrays of 37 longs, the end tag.
    const std::size_t hm_size = 1 + 2 * (1 + 2 + 15 + 4 + 37 * 8) - 2 + 1;  // MOTION_BLOCKING 15, WORLD_SURFACE 13
    auto hm = nbt::read_unnamed({reinterpret_cast<const std::uint8_t*>(body.data()) + before, hm_size});
    BOOST_REQUIRE(hm.has_value());
    BOOST_TEST(hm->as<nbt::Compound>().get<nbt::LongArray>("MOTION_BLOCKING").size() == 37u);
    BOOST_TEST(hm->as<nbt::Compound>().get<nbt::LongArray>("WORLD_SURFACE").size() == 37u);
    r.bytes(hm_size);

    const std::int32_t size = r.varint();
    BOOST_TEST(size > 0);
    for (std::int32_t i = 0; i < section_count; ++i) {
        const std::int16_t count = r.i16();
        BOOST_TEST(count == chunk.section(i).non_air_count());
        std::int32_t bits = 0;
        const auto states = read_container(r, 4096, bits);
        for (std::int32_t y = 0; y < 16; ++y)
            for (std::int32_t z = 0; z < 16; ++z)
                for (std::int32_t x = 0; x < 16; ++x)
                    BOOST_TEST_REQUIRE(states[static_cast<std::size_t>((y * 16 + z) * 16 + x)] ==
                                       chunk.section(i).get(x, y, z).id);
        if (i == 0) BOOST_TEST(bits == 4);   // bedrock, dirt, air
        if (i == 2) BOOST_TEST(bits == 0);   // all air
        if (i == 5) BOOST_TEST(bits == 15);  // 301 states: direct
        std::int32_t biome_bits = 0;
        const auto biomes = read_container(r, 64, biome_bits);
        BOOST_TEST(biome_bits == 0);
        BOOST_TEST(biomes[0] == static_cast<std::uint32_t>(plains));
    }
    // Block entities: the states 1 … 300 of section 5 include suspicious sand and gravel.
    std::vector<std::pair<BlockPos, std::int32_t>> expected;
    for (std::int32_t y = 16; y < 32; ++y)
        for (std::int32_t z = -32; z < -16; ++z)
            for (std::int32_t x = 48; x < 64; ++x) {
                const ResourceLocation& id = s.reg.id_of(chunk.get_block({x, y, z}));
                if (auto type = block_entity_type_of(id.path())) expected.push_back({{x, y, z}, *type});
            }
    BOOST_TEST_REQUIRE(!expected.empty());
    BOOST_TEST_REQUIRE(r.varint() == static_cast<std::int32_t>(expected.size()));
    for (const auto& [pos, type] : expected) {
        const std::uint8_t xz = r.u8();
        BOOST_TEST(xz == static_cast<std::uint8_t>(((pos.x & 15) << 4) | (pos.z & 15)));
        BOOST_TEST(r.i16() == pos.y);
        BOOST_TEST(r.varint() == type);
        BOOST_TEST(block_entity_type_name(type) == "brushable_block");
        BOOST_TEST(static_cast<std::uint8_t>(r.u8()) == 0x0A);  // an empty compound
        BOOST_TEST(static_cast<std::uint8_t>(r.u8()) == 0x00);
    }
    // Light masks: 26 bits between the set and the empty masks, for both layers.
    auto bits_of = [&](std::uint64_t& out) {
        BOOST_TEST(r.varint() == 1);
        out = static_cast<std::uint64_t>(r.i64());
    };
    std::uint64_t sky = 0, block = 0, empty_sky = 0, empty_block = 0;
    bits_of(sky);
    bits_of(block);
    bits_of(empty_sky);
    bits_of(empty_block);
    BOOST_TEST((sky | empty_sky) == (1ULL << 26) - 1);
    BOOST_TEST((sky & empty_sky) == 0u);
    BOOST_TEST((block | empty_block) == (1ULL << 26) - 1);
    BOOST_TEST((sky >> 25) == 1u);  // above the world: full sky light
    BOOST_TEST((sky & 1u) == 0u);   // below the world: dark
    const std::int32_t sky_arrays = r.varint();
    BOOST_TEST(sky_arrays == std::popcount(sky));
    for (std::int32_t i = 0; i < sky_arrays; ++i) {
        BOOST_TEST(r.varint() == 2048);
        r.bytes(2048);
    }
    const std::int32_t block_arrays = r.varint();
    for (std::int32_t i = 0; i < block_arrays; ++i) {
        BOOST_TEST(r.varint() == 2048);
        r.bytes(2048);
    }
    BOOST_TEST(r.finish("Chunk Data"));
}

BOOST_AUTO_TEST_CASE(states_vanilla_does_not_have_are_sent_as_stone) {
    BOOST_TEST(network_block_id(BlockState{26643}) == 26643u);
    BOOST_TEST(network_block_id(BlockState{26644}) == kUnknownBlockNetworkId);
}

BOOST_AUTO_TEST_CASE(block_entity_types_are_vanilla_1_20_4s) {
    BOOST_TEST(block_entity_type_name(0) == "furnace");
    BOOST_TEST(*block_entity_type_of("red_bed") == 24);
    BOOST_TEST(*block_entity_type_of("bell") == 30);
    BOOST_TEST(*block_entity_type_of("oak_wall_sign") == 7);
    BOOST_TEST(*block_entity_type_of("bamboo_hanging_sign") == 8);
    BOOST_TEST(*block_entity_type_of("spawner") == 9);
    BOOST_TEST(*block_entity_type_of("piglin_wall_head") == 15);
    BOOST_TEST(*block_entity_type_of("soul_campfire") == 32);
    BOOST_TEST(*block_entity_type_of("trial_spawner") == 42);
    BOOST_TEST(!block_entity_type_of("piston_head"));
    BOOST_TEST(!block_entity_type_of("piston"));
    BOOST_TEST(!block_entity_type_of("stone"));
    // Every block of the table: how many have one, by family.
    VanillaStates s;
    std::map<std::string, int> blocks_by_type;
    for (std::size_t b = 0; b < s.reg.blocks().size(); ++b) {
        const auto h = Handle<BlockInfo>::from_index(static_cast<std::uint32_t>(b));
        if (auto type = block_entity_type_of(s.reg.blocks().id_of(h).path()))
            ++blocks_by_type[std::string(block_entity_type_name(*type))];
    }
    BOOST_TEST(blocks_by_type["bed"] == 16);
    BOOST_TEST(blocks_by_type["banner"] == 32);
    BOOST_TEST(blocks_by_type["sign"] == 22);  // 11 woods × standing and wall
    BOOST_TEST(blocks_by_type["hanging_sign"] == 22);
    BOOST_TEST(blocks_by_type["skull"] == 14);
    BOOST_TEST(blocks_by_type["shulker_box"] == 17);
    BOOST_TEST(blocks_by_type["command_block"] == 3);
    BOOST_TEST(blocks_by_type.size() == static_cast<std::size_t>(kBlockEntityTypeCount));  // every type has a block
}

BOOST_AUTO_TEST_CASE(a_bed_a_sign_and_a_chest_are_sent_with_what_vanilla_sends) {
    VanillaStates s;
    LevelChunk chunk({0, 0}, s.reg);
    const auto block = [&](const char* id) { return s.reg.default_state(*s.reg.blocks().find(id)); };
    chunk.set_block({1, 0, 1}, block("minecraft:red_bed"));  // foot
    chunk.set_block({1, 0, 0}, *s.reg.with(block("minecraft:red_bed"), "part", "head"));
    chunk.set_block({5, 0, 5}, block("minecraft:oak_sign"));
    chunk.set_block({7, 0, 7}, block("minecraft:chest"));
    chunk.recompute_heightmaps();
    auto kept = std::make_unique<KeptChunkData>();
    nbt::Compound sign;
    sign.put("id", std::string("minecraft:sign"));
    sign.put("x", 5);
    sign.put("y", 0);
    sign.put("z", 5);
    sign.put("is_waxed", std::int8_t{1});
    nbt::Compound chest;
    chest.put("id", std::string("minecraft:chest"));
    chest.put("x", 7);
    chest.put("y", 0);
    chest.put("z", 7);
    chest.put("Items", nbt::List(nbt::TagType::Compound));
    kept->block_entities = {sign, chest};
    kept->block_entity_pos = {{5, 0, 5}, {7, 0, 7}};
    chunk.set_kept(std::move(kept));

    ChunkPacketEncoder encoder(0, 64);
    const std::string body = encoder.encode(chunk);
    PacketReader r(body);
    BOOST_TEST(r.varint() == 0x25);
    r.i32();
    r.i32();
    const std::size_t hm_size = 1 + 2 * (1 + 2 + 15 + 4 + 37 * 8) - 2 + 1;
    r.bytes(hm_size);
    r.bytes(static_cast<std::size_t>(r.varint()));  // the sections
    BOOST_TEST_REQUIRE(r.varint() == 4);
    struct Seen {
        std::int32_t x, y, z, type;
        nbt::Compound data;
    };
    std::vector<Seen> seen;
    for (int i = 0; i < 4; ++i) {
        const std::uint8_t xz = r.u8();
        const std::int16_t y = r.i16();
        const std::int32_t type = r.varint();
        // The nameless compound: the shortest prefix that reads as one.
        const std::size_t at = body.size() - r.remaining();
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(body.data()) + at;
        std::size_t size = 2;
        while (size <= r.remaining() && !nbt::read_unnamed({bytes, size})) ++size;
        BOOST_TEST_REQUIRE(size <= r.remaining());
        seen.push_back({xz >> 4, y, xz & 15, type, nbt::read_unnamed({bytes, size})->as<nbt::Compound>()});
        r.bytes(size);
    }
    // In section order (y, z, x): the bed's head (z 0), its foot (z 1), the sign, the chest.
    BOOST_TEST(seen[0].type == 24);
    BOOST_TEST(seen[0].z == 0);
    BOOST_TEST(seen[1].type == 24);
    BOOST_TEST(seen[1].z == 1);
    BOOST_TEST(seen[0].data.empty());
    BOOST_TEST(seen[2].type == 7);
    BOOST_TEST(seen[2].x == 5);
    BOOST_TEST(seen[2].data.size() == 1u);  // its data, without id and position
    BOOST_TEST(seen[2].data.find<std::int8_t>("is_waxed") != nullptr);
    BOOST_TEST(seen[3].type == 1);
    BOOST_TEST(seen[3].data.empty());  // a chest's items are never sent in a chunk
}

BOOST_AUTO_TEST_SUITE_END()
