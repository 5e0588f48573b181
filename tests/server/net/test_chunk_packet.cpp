// Chunk Data and Update Light: a chunk with known blocks decodes back to the same global ids
// (single-value, indirect 4-bit and direct 15-bit containers), biomes are plains, heightmaps have
// 37 longs and the light masks cover the 24 sections plus one below and one above.
#include <boost/test/unit_test.hpp>

#include <bit>

#include "../world/vanilla_states.hpp"
#include "mobsdk/nbt/io.hpp"
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
    BOOST_TEST(r.varint() == 0);  // no block entities
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

BOOST_AUTO_TEST_SUITE_END()
