// Chunk, POI and entity NBT: vanilla's field names and long packing checked against hand-computed
// values, round trips of generated and randomly edited chunks, and every malformed-input error.
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "mobsdk/nbt/io.hpp"
#include "mobsdk/plugin/vanilla_content.hpp"
#include "mobsdk/world/poi_type.hpp"
#include "mobsdk/world/random.hpp"
#include "mobsdk/world/registries.hpp"
#include "mobserver/storage/chunk_codec.hpp"
#include "mobserver/world/chunk_map.hpp"
#include "server/world/vanilla_states.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

struct Fixture {
    test::VanillaStates s;
};

std::unique_ptr<LevelChunk> flat_chunk(const BlockRegistry& reg, ChunkPos pos) {
    auto chunk = std::make_unique<LevelChunk>(pos, reg);
    FlatGenerator::vanilla_default(reg).generate(*chunk);
    chunk->recount();
    chunk->recompute_heightmaps();
    return chunk;
}

void check_same_blocks(const LevelChunk& a, const LevelChunk& b) {
    for (std::int32_t y = min_y; y < min_y + world_height; ++y)
        for (std::int32_t z = 0; z < 16; ++z)
            for (std::int32_t x = 0; x < 16; ++x) {
                const BlockPos p{a.pos().min_block_x() + x, y, a.pos().min_block_z() + z};
                if (a.get_block(p) != b.get_block(p)) {
                    BOOST_TEST_FAIL("block differs at " << p.x << " " << p.y << " " << p.z << ": " << a.get_block(p)
                                                        << " vs " << b.get_block(p));
                }
            }
}

/// Writes, encodes to binary NBT and back, then reads: the path a real file takes.
std::unique_ptr<LevelChunk> through_file(const LevelChunk& chunk, const BlockRegistry& reg,
                                         std::vector<std::string>* warnings = nullptr) {
    const auto bytes = nbt::encode(nbt::Tag(write_chunk_nbt(chunk, 1234)), "", nbt::Compression::Zlib);
    BOOST_REQUIRE(bytes.has_value());
    auto back = nbt::read_any(*bytes);
    BOOST_REQUIRE(back.has_value());
    auto r = read_chunk_nbt(back->root.tag.as_compound(), chunk.pos(), reg, warnings);
    BOOST_REQUIRE_MESSAGE(r.has_value(), (r.has_value() ? std::string() : r.error()));
    return std::move(*r);
}

nbt::Compound& section_at(nbt::Compound& root, std::size_t i) {
    return root.get<nbt::List>("sections")[i].as_compound();
}

/// The error read_chunk_nbt gives for `root`, or "" when it reads.
std::string chunk_error(const nbt::Compound& root, const BlockRegistry& reg, ChunkPos pos = {2, -3}) {
    auto r = read_chunk_nbt(root, pos, reg);
    return r.has_value() ? std::string() : r.error();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// The vanilla blocks and the placeholder for unknown states, as the server registers them.
struct WithUnknown {
    BlockRegistry reg;
    VanillaBlocks v = register_vanilla_blocks(reg);
    Handle<BlockInfo> unknown = register_unknown_block(reg);
    WithUnknown() { reg.freeze(); }
    BlockState state(Handle<BlockInfo> b) const { return reg.default_state(b); }
};

/// Vanilla blocks and POI types, frozen.
struct PoiRegistries {
    WorldRegistries reg;
    VanillaPoiTypes types;
    PoiRegistries() {
        register_vanilla_blocks(reg.blocks);
        types = register_vanilla_poi_types(reg.poi_types);
        reg.freeze();
    }
};

std::vector<std::uint8_t> encoded(const nbt::Compound& c) {
    std::vector<std::uint8_t> out;
    BOOST_REQUIRE(nbt::write(nbt::Tag(c), "", out).has_value());
    return out;
}

/// How many entries of `palette` encode to the same bytes as `entry`.
int count_exact(const nbt::List& palette, const nbt::Compound& entry) {
    int n = 0;
    for (const auto& e : palette) n += encoded(e.as_compound()) == encoded(entry);
    return n;
}

}  // namespace

BOOST_FIXTURE_TEST_SUITE(chunk_codec, Fixture)

BOOST_AUTO_TEST_CASE(bits_per_entry_follow_vanilla) {
    BOOST_TEST(block_bits_for_palette(1) == 0);
    BOOST_TEST(block_bits_for_palette(2) == 4);
    BOOST_TEST(block_bits_for_palette(16) == 4);
    BOOST_TEST(block_bits_for_palette(17) == 5);
    BOOST_TEST(block_bits_for_palette(32) == 5);
    BOOST_TEST(block_bits_for_palette(33) == 6);
    BOOST_TEST(block_bits_for_palette(256) == 8);
    BOOST_TEST(block_bits_for_palette(257) == 9);
    BOOST_TEST(block_bits_for_palette(4096) == 12);
}

BOOST_AUTO_TEST_CASE(long_packing_matches_hand_computed_values) {
    std::vector<std::uint32_t> v4;
    for (std::uint32_t i = 0; i < 16; ++i) v4.push_back(i);
    BOOST_TEST(pack_bits(v4, 4) == (std::vector<std::int64_t>{static_cast<std::int64_t>(0xFEDCBA9876543210ull)}));

    // 5 bits: 12 values per long, the top 4 bits stay empty and value 13 starts the next long.
    std::vector<std::uint32_t> v5;
    for (std::uint32_t i = 1; i <= 13; ++i) v5.push_back(i);
    BOOST_TEST(pack_bits(v5, 5) == (std::vector<std::int64_t>{0x062d4941cc520c41ll, 0xd}));

    const std::vector<std::uint32_t> v8{255, 1, 0, 128, 7, 200, 9, 10, 11};
    BOOST_TEST(pack_bits(v8, 8) == (std::vector<std::int64_t>{0x0a09c807800001ffll, 0xb}));
    BOOST_TEST(unpack_bits(pack_bits(v8, 8), 8, v8.size()) == v8);
    BOOST_TEST(unpack_bits(pack_bits(v5, 5), 5, v5.size()) == v5);
}

BOOST_AUTO_TEST_CASE(flat_chunk_has_vanilla_fields) {
    auto chunk = flat_chunk(s.reg, {2, -3});
    const nbt::Compound root = write_chunk_nbt(*chunk, 777);
    BOOST_TEST(root.get<std::int32_t>("DataVersion") == 3700);
    BOOST_TEST(root.get<std::int32_t>("xPos") == 2);
    BOOST_TEST(root.get<std::int32_t>("yPos") == -4);
    BOOST_TEST(root.get<std::int32_t>("zPos") == -3);
    BOOST_TEST(root.get<std::string>("Status") == "minecraft:full");
    BOOST_TEST(root.get<std::int64_t>("LastUpdate") == 777);
    BOOST_TEST(root.get<std::int64_t>("InhabitedTime") == 0);
    BOOST_TEST(root.get<std::int8_t>("isLightOn") == 1);
    BOOST_TEST(root.get<nbt::List>("block_entities").empty());
    BOOST_TEST(root.get<nbt::List>("PostProcessing").size() == 24u);

    const auto& sections = root.get<nbt::List>("sections");
    BOOST_TEST(sections.size() == 24u);
    for (std::size_t i = 0; i < sections.size(); ++i)
        BOOST_TEST(sections[i].as_compound().get<std::int8_t>("Y") ==
                   static_cast<std::int8_t>(-4 + static_cast<int>(i)));

    // Section Y=-4: bedrock, dirt, dirt, grass, then air: 4 states in order of first appearance.
    const auto& bottom = sections[0].as_compound().get<nbt::Compound>("block_states");
    const auto& palette = bottom.get<nbt::List>("palette");
    BOOST_TEST(palette.size() == 4u);
    BOOST_TEST(palette[0].as_compound().get<std::string>("Name") == "minecraft:bedrock");
    BOOST_TEST(palette[1].as_compound().get<std::string>("Name") == "minecraft:dirt");
    BOOST_TEST(palette[2].as_compound().get<std::string>("Name") == "minecraft:grass_block");
    BOOST_TEST(palette[2].as_compound().get<nbt::Compound>("Properties").get<std::string>("snowy") == "false");
    BOOST_TEST(palette[3].as_compound().get<std::string>("Name") == "minecraft:air");
    BOOST_TEST(!palette[3].as_compound().contains("Properties"));
    const auto& data = bottom.get<nbt::LongArray>("data");
    BOOST_TEST(data.size() == 256u);               // 4 bits, 16 per long
    BOOST_TEST(data[0] == 0);                      // y=0: bedrock (0)
    BOOST_TEST(data[16] == 0x1111111111111111ll);  // y=1: dirt (1)
    BOOST_TEST(data[48] == 0x2222222222222222ll);  // y=3: grass (2)
    BOOST_TEST(data[64] == 0x3333333333333333ll);  // y=4: air (3)

    // An all-air section: one palette entry and no data.
    const auto& air = sections[5].as_compound().get<nbt::Compound>("block_states");
    BOOST_TEST(air.get<nbt::List>("palette").size() == 1u);
    BOOST_TEST(!air.contains("data"));
    BOOST_TEST(sections[5].as_compound().get<nbt::Compound>("biomes").get<nbt::List>("palette")[0].as_string() ==
               "minecraft:plains");

    // Heightmaps: 9 bits, 7 per long, 37 longs, value = height - min_y = -60 + 64 = 4.
    for (const char* name : {"MOTION_BLOCKING", "WORLD_SURFACE"}) {
        const auto& hm = root.get<nbt::Compound>("Heightmaps").get<nbt::LongArray>(name);
        BOOST_TEST(hm.size() == 37u);
        BOOST_TEST(hm[0] == 0x0100804020100804ll);
        BOOST_TEST(hm[36] == 0x20100804ll);  // the last long holds 256 - 36 * 7 = 4 values
    }
}

BOOST_AUTO_TEST_CASE(flat_chunk_round_trips) {
    auto chunk = flat_chunk(s.reg, {2, -3});
    auto back = through_file(*chunk, s.reg);
    check_same_blocks(*chunk, *back);
    BOOST_TEST((back->pos() == ChunkPos{2, -3}));
    BOOST_TEST(back->height(Heightmap::WorldSurface, 3, 5) == -60);
    BOOST_TEST(back->section(5).is_uniform());
    BOOST_TEST(back->section(0).non_air_count() == 4 * 256);
    BOOST_TEST(!back->unsaved);
}

BOOST_AUTO_TEST_CASE(random_edits_round_trip_with_many_states) {
    RandomSource random(42);
    auto chunk = flat_chunk(s.reg, {-1, 7});
    const auto states = static_cast<std::int32_t>(s.reg.state_count());
    BOOST_REQUIRE(states > 300);
    // Section 1 (y -48…-33): 20 distinct states -> 5 bits. Section 2: 200 -> 8 bits. Section 3: 300 -> 9 bits.
    auto scatter = [&](std::int32_t section, std::int32_t distinct) {
        for (std::int32_t i = 0; i < distinct; ++i) {
            const BlockPos p{-16 + (i & 15), min_y + section * 16 + ((i >> 4) & 15), 112 + ((i >> 8) & 15)};
            chunk->set_block(p, BlockState{static_cast<std::uint32_t>(1 + i)});
        }
        for (int k = 0; k < 300; ++k) {
            // z >= 114 stays clear of the positions above, so every one of the states survives.
            const BlockPos p{-16 + random.next_int(16), min_y + section * 16 + random.next_int(16),
                             114 + random.next_int(14)};
            chunk->set_block(p, BlockState{static_cast<std::uint32_t>(1 + random.next_int(distinct))});
        }
    };
    scatter(1, 20);
    scatter(2, 200);
    scatter(3, 300);
    const nbt::Compound root = write_chunk_nbt(*chunk, 0);
    const auto bits_of = [&](std::size_t i) {
        const auto& bs = root.get<nbt::List>("sections")[i].as_compound().get<nbt::Compound>("block_states");
        const std::size_t n = bs.get<nbt::List>("palette").size();
        return std::make_pair(n, bs.get<nbt::LongArray>("data").size());
    };
    BOOST_TEST(bits_of(1).first == 21u);    // 20 states + air
    BOOST_TEST(bits_of(1).second == 342u);  // 5 bits: 12 per long, ceil(4096 / 12)
    BOOST_TEST(bits_of(2).first == 201u);
    BOOST_TEST(bits_of(2).second == 512u);  // 8 bits: 8 per long
    BOOST_TEST(bits_of(3).first == 301u);
    BOOST_TEST(bits_of(3).second == 586u);  // 9 bits: 7 per long, ceil(4096 / 7)
    auto back = through_file(*chunk, s.reg);
    check_same_blocks(*chunk, *back);
    for (std::int32_t i = 0; i < section_count; ++i)
        BOOST_TEST(back->section(i).non_air_count() == chunk->section(i).non_air_count());
}

BOOST_AUTO_TEST_CASE(light_round_trips) {
    auto chunk = flat_chunk(s.reg, {0, 0});
    std::array<std::uint8_t, 2048> data{};
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 7);
    chunk->section(4).set_light_data(LightLayer::Block, data);
    chunk->section(10).fill_light(LightLayer::Sky, 15);
    chunk->section(2).fill_light(LightLayer::Sky, 0);
    const nbt::Compound root = write_chunk_nbt(*chunk, 0);
    const auto& secs = root.get<nbt::List>("sections");
    BOOST_TEST(secs[4].as_compound().get<nbt::ByteArray>("BlockLight").size() == 2048u);
    BOOST_TEST(secs[10].as_compound().get<nbt::ByteArray>("SkyLight")[100] == static_cast<std::int8_t>(0xFF));
    BOOST_TEST(!secs[2].as_compound().contains("SkyLight"));
    BOOST_TEST(!secs[2].as_compound().contains("BlockLight"));
    auto back = through_file(*chunk, s.reg);
    BOOST_REQUIRE(back->section(4).light_data(LightLayer::Block) != nullptr);
    BOOST_TEST(*back->section(4).light_data(LightLayer::Block) == data);
    BOOST_TEST(back->section(10).light(LightLayer::Sky, 3, 4, 5) == 15);
    BOOST_TEST(back->section(2).light(LightLayer::Sky, 3, 4, 5) == 0);
}

BOOST_AUTO_TEST_CASE(unknown_blocks_become_air_with_a_warning) {
    auto chunk = flat_chunk(s.reg, {2, -3});
    nbt::Compound root = write_chunk_nbt(*chunk, 0);
    auto& palette = section_at(root, 0).get<nbt::Compound>("block_states").get<nbt::List>("palette");
    palette[1].as_compound().put("Name", "minecraft:future_block");
    palette[2].as_compound().get<nbt::Compound>("Properties").put("snowy", "maybe");
    std::vector<std::string> warnings;
    auto r = read_chunk_nbt(root, {2, -3}, s.reg, &warnings);
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST((*r)->get_block({32, -63, -48}) == s.air);    // was dirt
    BOOST_TEST((*r)->get_block({32, -61, -48}) == s.grass);  // bad value: default kept
    BOOST_REQUIRE(warnings.size() == 2u);
    BOOST_TEST(contains(warnings[0], "sections[Y=-4].block_states.palette[1]: unknown block 'minecraft:future_block'"));
    BOOST_TEST(contains(warnings[1], "snowy=maybe"));
}

BOOST_AUTO_TEST_CASE(unknown_states_are_kept_and_written_back_exactly) {
    WithUnknown u;
    auto chunk = flat_chunk(u.reg, {2, -3});
    nbt::Compound root = write_chunk_nbt(*chunk, 0);
    auto& palette = section_at(root, 0).get<nbt::Compound>("block_states").get<nbt::List>("palette");
    const nbt::Compound mod{{"Name", "example:mod_block"},
                            {"Properties", nbt::Compound{{"power", "3"}}},
                            {"example_extra", std::int8_t{1}}};
    palette[1] = nbt::Tag(mod);                                                       // was dirt: y -63, -62
    palette[2].as_compound().get<nbt::Compound>("Properties").put("snowy", "maybe");  // grass_block: y -61
    const nbt::Compound odd_grass = palette[2].as_compound();
    std::vector<std::string> warnings;
    auto r = read_chunk_nbt(root, {2, -3}, u.reg, &warnings);
    BOOST_REQUIRE(r.has_value());
    LevelChunk& c = **r;
    const BlockState placeholder = u.state(u.unknown);
    BOOST_TEST(c.get_block({32, -63, -48}) == placeholder);
    BOOST_TEST(c.get_block({47, -61, -33}) == placeholder);
    BOOST_TEST(c.get_block({32, -64, -48}) == u.state(u.v.bedrock));
    // The placeholder is a wall: nothing walks, falls or sees through it.
    const BlockStateInfo& info = u.reg.info(placeholder);
    BOOST_TEST((info.path_type == PathType::Blocked));
    BOOST_TEST(info.light_block == 15);
    BOOST_TEST(info.collision.count == 1);
    BOOST_TEST(info.can_occlude);
    BOOST_TEST(info.solid_render);
    // One line for the chunk, naming each unknown state with its count.
    BOOST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(contains(warnings[0], "768 blocks of states this server does not know are kept"));
    BOOST_TEST(contains(warnings[0], "example:mod_block x512"));
    BOOST_TEST(contains(warnings[0], "minecraft:grass_block[snowy=maybe] x256"));

    // Another block of the section changes and one placeholder is replaced: every other keeps its
    // compound, written back byte for byte.
    const BlockState stone = u.state(u.v.stone);
    c.set_block({33, -64, -47}, stone);
    c.set_block({32, -63, -48}, stone);
    const nbt::Compound out = write_chunk_nbt(c, 1);
    const auto& out_palette =
        out.get<nbt::List>("sections")[0].as_compound().get<nbt::Compound>("block_states").get<nbt::List>("palette");
    BOOST_TEST(count_exact(out_palette, mod) == 1);
    BOOST_TEST(count_exact(out_palette, odd_grass) == 1);
    BOOST_TEST(count_exact(out_palette, nbt::Compound{{"Name", std::string(unknown_block_id)}}) == 0);
    warnings.clear();
    auto back = read_chunk_nbt(out, {2, -3}, u.reg, &warnings);
    BOOST_REQUIRE(back.has_value());
    BOOST_TEST((*back)->get_block({32, -63, -48}) == stone);
    BOOST_TEST((*back)->get_block({33, -64, -47}) == stone);
    BOOST_TEST((*back)->get_block({33, -63, -48}) == placeholder);
    const KeptStates* kept = (*back)->section(0).kept_states();
    BOOST_REQUIRE(kept != nullptr);
    const nbt::Compound* at = kept->find(LevelChunkSection::index(1, 1, 0));
    BOOST_REQUIRE(at != nullptr);
    BOOST_TEST((encoded(*at) == encoded(mod)));
    BOOST_TEST(kept->find(LevelChunkSection::index(0, 1, 0)) == nullptr);
    BOOST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(contains(warnings[0], "example:mod_block x511"));
    // A section left all air by set() forgets them; a section the server made has none.
    BOOST_TEST(flat_chunk(u.reg, {0, 0})->section(0).kept_states() == nullptr);
}

BOOST_AUTO_TEST_CASE(a_section_of_one_unknown_state_round_trips) {
    WithUnknown u;
    auto chunk = flat_chunk(u.reg, {2, -3});
    nbt::Compound root = write_chunk_nbt(*chunk, 0);
    const nbt::Compound future{{"Name", "minecraft:future_stone"}};
    section_at(root, 6).put("block_states", nbt::Compound{{"palette", nbt::List{nbt::Tag(future)}}});
    auto r = read_chunk_nbt(root, {2, -3}, u.reg);
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST((*r)->section(6).is_uniform());
    const nbt::Compound out = write_chunk_nbt(**r, 0);
    const auto& bs = out.get<nbt::List>("sections")[6].as_compound().get<nbt::Compound>("block_states");
    BOOST_TEST(bs.get<nbt::List>("palette").size() == 1u);
    BOOST_TEST((encoded(bs.get<nbt::List>("palette")[0].as_compound()) == encoded(future)));
    BOOST_TEST(!bs.contains("data"));
}

BOOST_AUTO_TEST_CASE(what_the_server_does_not_own_survives_a_change_and_a_save) {
    using C = nbt::Compound;
    WithUnknown u;
    auto chunk = flat_chunk(u.reg, {2, -3});
    nbt::Compound root = write_chunk_nbt(*chunk, 0);
    const C chest{{"id", "minecraft:chest"}, {"x", 33}, {"y", -60}, {"z", -47}, {"Items", nbt::List()}};
    const C sign{{"id", "minecraft:oak_sign"}, {"x", 34}, {"y", -60}, {"z", -47}, {"is_waxed", std::int8_t{1}}};
    const C bell{{"id", "minecraft:bell"}, {"keepPacked", std::int8_t{0}}};  // no position: never dropped
    root.put("block_entities", nbt::List{nbt::Tag(chest), nbt::Tag(sign), nbt::Tag(bell)});
    const nbt::List ticks{nbt::Tag(C{{"i", "minecraft:sand"}, {"x", 35}, {"y", -59}, {"z", -47}, {"t", 3}, {"p", 0}})};
    const nbt::List fluid{nbt::Tag(C{{"i", "minecraft:water"}, {"x", 36}, {"y", -59}, {"z", -47}, {"t", 5}, {"p", 0}})};
    const C structures{{"References", C{{"minecraft:village_plains", nbt::LongArray{7}}}}, {"starts", C{}}};
    const C biomes{{"palette", nbt::List{nbt::Tag("minecraft:desert"), nbt::Tag("minecraft:river")}},
                   {"data", nbt::LongArray{1}}};
    const C below{{"Y", std::int8_t{-5}}, {"SkyLight", nbt::ByteArray(2048, 3)}};
    const C above{{"Y", std::int8_t{20}}, {"SkyLight", nbt::ByteArray(2048, -1)}};
    root.put("block_ticks", ticks);
    root.put("fluid_ticks", fluid);
    root.put("structures", structures);
    root.put("InhabitedTime", std::int64_t{777});
    root.put("ForgeCaps", C{{"mod:thing", 4}});
    root.get<C>("Heightmaps").put("OCEAN_FLOOR", nbt::LongArray(37, 5));
    section_at(root, 3).put("biomes", biomes);
    section_at(root, 3).put("mod_section_data", 9);
    root.get<nbt::List>("sections").push_back(nbt::Tag(below));
    root.get<nbt::List>("sections").push_back(nbt::Tag(above));

    auto r = read_chunk_nbt(root, {2, -3}, u.reg);
    BOOST_REQUIRE(r.has_value());
    LevelChunk& c = **r;
    // Unchanged, the heightmaps the server does not compute are written back as read.
    BOOST_TEST(
        (write_chunk_nbt(c, 5).get<C>("Heightmaps").get<nbt::LongArray>("OCEAN_FLOOR") == nbt::LongArray(37, 5)));
    c.set_block({40, -58, -40}, u.state(u.v.stone));  // a change elsewhere
    c.set_block({33, -60, -47}, u.state(u.v.stone));  // the chest's place: another block, so it goes
    const C out = write_chunk_nbt(c, 5);
    BOOST_TEST(out.get<nbt::List>("block_entities").size() == 2u);
    BOOST_TEST((out.get<nbt::List>("block_entities")[0].as_compound() == sign));
    BOOST_TEST((out.get<nbt::List>("block_entities")[1].as_compound() == bell));
    BOOST_TEST((out.get<nbt::List>("block_ticks") == ticks));
    BOOST_TEST((out.get<nbt::List>("fluid_ticks") == fluid));
    BOOST_TEST((out.get<C>("structures") == structures));
    BOOST_TEST(out.get<std::int64_t>("InhabitedTime") == 777);
    BOOST_TEST((out.get<C>("ForgeCaps") == C{{"mod:thing", 4}}));
    // Changed, they would be stale: left out, as vanilla recomputes a missing heightmap on load.
    BOOST_TEST(!out.get<C>("Heightmaps").contains("OCEAN_FLOOR"));
    BOOST_TEST(out.get<C>("Heightmaps").contains("MOTION_BLOCKING"));
    BOOST_TEST(out.get<std::int64_t>("LastUpdate") == 5);
    const auto& secs = out.get<nbt::List>("sections");
    BOOST_REQUIRE(secs.size() == static_cast<std::size_t>(section_count + 2));
    BOOST_TEST((secs[0].as_compound() == below));
    BOOST_TEST((secs[secs.size() - 1].as_compound() == above));
    const C& s3 = secs[4].as_compound();
    BOOST_TEST(s3.get<std::int8_t>("Y") == -1);
    BOOST_TEST((s3.get<C>("biomes") == biomes));
    BOOST_TEST(s3.get<std::int32_t>("mod_section_data") == 9);
    // Sections without kept biomes get the server's own, as a chunk it made.
    BOOST_TEST(secs[5].as_compound().get<C>("biomes").get<nbt::List>("palette")[0].as<std::string>() ==
               "minecraft:plains");
    // Read again and written again, it stays the same (nothing is lost on the second save either).
    auto again = read_chunk_nbt(out, {2, -3}, u.reg);
    BOOST_REQUIRE(again.has_value());
    BOOST_TEST((write_chunk_nbt(**again, 5) == out));
}

BOOST_AUTO_TEST_CASE(newer_and_pre_1_18_data_versions_are_refused) {
    auto chunk = flat_chunk(s.reg, {2, -3});
    nbt::Compound root = write_chunk_nbt(*chunk, 0);
    root.put("DataVersion", std::int32_t{3839});
    BOOST_TEST(contains(chunk_error(root, s.reg), "DataVersion 3839 is newer than 1.20.4's (3700)"));
    BOOST_TEST(contains(chunk_refusal(root, true), "DataVersion 3839 is newer"));
    BOOST_TEST(contains(chunk_refusal(nbt::Compound{{"DataVersion", 3955}}, false), "DataVersion 3955 is newer"));
    root.put("DataVersion", std::int32_t{2730});
    BOOST_TEST(contains(chunk_error(root, s.reg), "DataVersion 2730 is older than the 1.18 chunk layout"));
    root.put("DataVersion", anvil_data_version);
    BOOST_TEST(chunk_refusal(root, true).empty());
    root.put("Status", "minecraft:features");
    BOOST_TEST(contains(chunk_refusal(root, true), "Status is 'minecraft:features'"));
    BOOST_TEST(chunk_refusal(root, false).empty());
    BOOST_TEST(chunk_refusal(nbt::Compound{}, true).empty());  // damage, not a refusal: the reader says what
}

BOOST_AUTO_TEST_CASE(grass_is_renamed_short_grass_below_data_version_3692) {
    WithUnknown u;
    auto chunk = flat_chunk(u.reg, {2, -3});
    nbt::Compound root = write_chunk_nbt(*chunk, 0);
    section_at(root, 0).get<nbt::Compound>("block_states").get<nbt::List>("palette")[2] =
        nbt::Tag(nbt::Compound{{"Name", "minecraft:grass"}});
    root.put("DataVersion", std::int32_t{3337});  // 1.19.4
    std::vector<std::string> warnings;
    auto r = read_chunk_nbt(root, {2, -3}, u.reg, &warnings);
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST((*r)->get_block({32, -61, -48}) == u.state(u.v.short_grass));
    BOOST_TEST(warnings.empty());
    // From 3692 on, minecraft:grass is no block of 1.20.4: kept as read.
    root.put("DataVersion", grass_rename_data_version);
    r = read_chunk_nbt(root, {2, -3}, u.reg, &warnings);
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST((*r)->get_block({32, -61, -48}) == u.state(u.unknown));
    BOOST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(contains(warnings[0], "minecraft:grass x256"));
}

BOOST_AUTO_TEST_CASE(older_chunks_are_written_back_with_their_data_version) {
    // What the server keeps as read (block entities, entities' tags, POI records) still needs
    // vanilla's upgrade from the version it was written by; vanilla applies it only to a chunk that
    // says it is that old. So a chunk keeps its DataVersion, changed or not.
    WithUnknown u;
    auto chunk = flat_chunk(u.reg, {2, -3});
    nbt::Compound root = write_chunk_nbt(*chunk, 0);
    const nbt::Compound sign{{"id", "minecraft:sign"},          {"x", 34},         {"y", -60}, {"z", -47},
                             {"Text1", "{\"text\":\"hello\"}"}, {"Color", "black"}};
    root.put("block_entities", nbt::List{nbt::Tag(sign)});
    for (const std::int32_t version : {2975, 3337, 3465, 3698}) {  // 1.18.2, 1.19.4, 1.20.1, 1.20.3
        root.put("DataVersion", version);
        auto r = read_chunk_nbt(root, {2, -3}, u.reg);
        BOOST_REQUIRE(r.has_value());
        BOOST_TEST(write_chunk_nbt(**r, 0).get<std::int32_t>("DataVersion") == version);
        (*r)->set_block({40, -58, -40}, u.state(u.v.stone));
        const nbt::Compound out = write_chunk_nbt(**r, 0);
        BOOST_TEST(out.get<std::int32_t>("DataVersion") == version);
        BOOST_TEST((out.get<nbt::List>("block_entities")[0].as_compound() == sign));  // the pre-1.20 sign, as read
    }
    root.put("DataVersion", anvil_data_version);
    auto r = read_chunk_nbt(root, {2, -3}, u.reg);
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST(write_chunk_nbt(**r, 0).get<std::int32_t>("DataVersion") == anvil_data_version);
    BOOST_TEST(write_chunk_nbt(*chunk, 0).get<std::int32_t>("DataVersion") == anvil_data_version);  // one it made
}

BOOST_AUTO_TEST_CASE(malformed_chunks_are_errors_naming_the_field) {
    const auto chunk = flat_chunk(s.reg, {2, -3});
    const nbt::Compound good = write_chunk_nbt(*chunk, 0);
    BOOST_TEST(chunk_error(good, s.reg).empty());
    auto with = [&](auto edit) {
        nbt::Compound c = good;
        edit(c);
        return chunk_error(c, s.reg);
    };
    using C = nbt::Compound;
    BOOST_TEST(contains(with([](C& c) { c.erase("DataVersion"); }), "missing DataVersion"));
    BOOST_TEST(contains(with([](C& c) { c.put("DataVersion", "x"); }), "DataVersion is TAG_String, expected TAG_Int"));
    BOOST_TEST(contains(with([](C& c) { c.put("DataVersion", std::int32_t{1343}); }), "older than the 1.18"));
    BOOST_TEST(
        contains(chunk_error(good, s.reg, {2, -4}), "xPos/zPos (2, -3) is not the chunk it is stored for (2, -4)"));
    BOOST_TEST(contains(with([](C& c) { c.erase("xPos"); }), "missing xPos"));
    BOOST_TEST(contains(with([](C& c) { c.put("yPos", std::int32_t{0}); }), "yPos is 0"));
    BOOST_TEST(contains(with([](C& c) { c.put("Status", "minecraft:features"); }), "Status is 'minecraft:features'"));
    BOOST_TEST(contains(with([](C& c) { c.erase("Status"); }), "missing Status"));
    BOOST_TEST(
        contains(with([](C& c) { c.put("sections", std::int32_t{1}); }), "sections is TAG_Int, expected TAG_List"));
    BOOST_TEST(contains(with([](C& c) { c.put("sections", nbt::List{nbt::Tag(std::int32_t{1})}); }),
                        "sections holds TAG_Int"));
    BOOST_TEST(contains(with([](C& c) { section_at(c, 3).erase("Y"); }), "missing sections[3].Y"));
    BOOST_TEST(contains(with([](C& c) { section_at(c, 3).put("Y", "a"); }), "sections[3].Y is TAG_String"));
    BOOST_TEST(contains(with([](C& c) { section_at(c, 3).put("Y", std::int8_t{21}); }),
                        "sections[3].Y is 21, outside -5..20"));
    BOOST_TEST(contains(with([](C& c) { section_at(c, 3).put("Y", std::int8_t{-4}); }), "Y=-4 appears twice"));
    BOOST_TEST(contains(with([](C& c) { section_at(c, 0).put("block_states", std::int32_t{0}); }),
                        "sections[Y=-4].block_states is TAG_Int, expected TAG_Compound"));
    BOOST_TEST(contains(with([](C& c) { section_at(c, 0).get<C>("block_states").erase("palette"); }),
                        "missing sections[Y=-4].block_states.palette"));
    BOOST_TEST(contains(with([](C& c) { section_at(c, 0).get<C>("block_states").put("palette", nbt::List()); }),
                        "sections[Y=-4].block_states.palette is empty"));
    BOOST_TEST(contains(with([](C& c) {
                            nbt::List big(nbt::TagType::Compound);
                            for (int i = 0; i < 4097; ++i) big.push_back(C{{"Name", "minecraft:stone"}});
                            section_at(c, 0).get<C>("block_states").put("palette", std::move(big));
                        }),
                        "palette has 4097 entries"));
    BOOST_TEST(
        contains(with([](C& c) {
                     section_at(c, 0).get<C>("block_states").put("palette", nbt::List{nbt::Tag("minecraft:stone")});
                 }),
                 "palette holds TAG_String"));
    BOOST_TEST(
        contains(with([](C& c) {
                     section_at(c, 0).get<C>("block_states").get<nbt::List>("palette")[1].as_compound().erase("Name");
                 }),
                 "missing sections[Y=-4].block_states.palette[1].Name"));
    BOOST_TEST(contains(with([](C& c) {
                            section_at(c, 0)
                                .get<C>("block_states")
                                .get<nbt::List>("palette")[2]
                                .as_compound()
                                .get<C>("Properties")
                                .put("snowy", std::int8_t{1});
                        }),
                        "palette[2].Properties.snowy is TAG_Byte, expected TAG_String"));
    BOOST_TEST(contains(with([](C& c) { section_at(c, 0).get<C>("block_states").erase("data"); }),
                        "missing sections[Y=-4].block_states.data"));
    BOOST_TEST(contains(with([](C& c) { section_at(c, 0).get<C>("block_states").put("data", nbt::LongArray(255)); }),
                        "sections[Y=-4].block_states.data has 255 longs, expected 256 for 4 bits per entry"));
    BOOST_TEST(contains(with([](C& c) {
                            auto& d = section_at(c, 0).get<C>("block_states").get<nbt::LongArray>("data");
                            d[100] = 0x7;  // palette index 7 of 4 entries at block 1600
                        }),
                        "sections[Y=-4].block_states.data: block 1600 has palette index 7, the palette has 4 entries"));
    BOOST_TEST(contains(with([](C& c) { section_at(c, 2).put("SkyLight", nbt::ByteArray(100)); }),
                        "sections[Y=-2].SkyLight has 100 bytes, expected 2048"));
    BOOST_TEST(contains(with([](C& c) { section_at(c, 2).put("BlockLight", nbt::IntArray(512)); }),
                        "sections[Y=-2].BlockLight is TAG_Int_Array, expected TAG_Byte_Array"));
    BOOST_TEST(contains(with([](C& c) { section_at(c, 2).put("biomes", std::int8_t{0}); }),
                        "sections[Y=-2].biomes is TAG_Byte"));
    // A single-entry palette ignores stray data, and vanilla's light sections at Y -5 and 20 are fine.
    BOOST_TEST(with([](C& c) { section_at(c, 5).get<C>("block_states").put("data", nbt::LongArray(3)); }).empty());
    BOOST_TEST(
        with([](C& c) {
            c.get<nbt::List>("sections").push_back(C{{"Y", std::int8_t{-5}}, {"SkyLight", nbt::ByteArray(2048)}});
        }).empty());
}

BOOST_AUTO_TEST_CASE(poi_round_trip_and_errors) {
    PoiRegistries r;
    const WorldRegistries& reg = r.reg;
    const VanillaPoiTypes& types = r.types;
    std::map<std::int32_t, PoiSection> sections;
    sections[4].records[{35, 70, -20}] = PoiEntry{{35, 70, -20}, types.home, 0};
    sections[4].records[{33, 65, -30}] = PoiEntry{{33, 65, -30}, types.meeting, 31};
    sections[-2].valid = false;
    const nbt::Compound root = write_poi_nbt(sections, reg.poi_types);
    BOOST_TEST(root.get<std::int32_t>("DataVersion") == 3700);
    const auto& s4 = root.get<nbt::Compound>("Sections").get<nbt::Compound>("4");
    BOOST_TEST(s4.get<std::int8_t>("Valid") == 1);
    const auto& rec = s4.get<nbt::List>("Records")[0].as_compound();
    BOOST_TEST(rec.get<nbt::IntArray>("pos") == (nbt::IntArray{33, 65, -30}));
    BOOST_TEST(rec.get<std::string>("type") == "minecraft:meeting");
    BOOST_TEST(rec.get<std::int32_t>("free_tickets") == 31);

    const ChunkPos pos{2, -2};
    auto back = read_poi_nbt(root, pos, reg.poi_types);
    BOOST_REQUIRE(back.has_value());
    BOOST_TEST((*back == sections));

    auto with = [&](auto edit, std::vector<std::string>* warnings = nullptr) {
        nbt::Compound c = root;
        edit(c);
        auto r = read_poi_nbt(c, pos, reg.poi_types, warnings);
        return r.has_value() ? std::string() : r.error();
    };
    using C = nbt::Compound;
    auto rec0 = [](C& c) -> C& { return c.get<C>("Sections").get<C>("4").get<nbt::List>("Records")[0].as_compound(); };
    BOOST_TEST(contains(with([](C& c) { c.erase("DataVersion"); }), "missing DataVersion"));
    BOOST_TEST(contains(with([](C& c) { c.erase("Sections"); }), "missing Sections"));
    BOOST_TEST(
        contains(with([](C& c) { c.get<C>("Sections").put("x1", C{}); }), "Sections key 'x1' is not a section y"));
    BOOST_TEST(
        contains(with([](C& c) { c.get<C>("Sections").put("20", C{}); }), "Sections.20: section y outside -4..19"));
    BOOST_TEST(contains(with([](C& c) { c.get<C>("Sections").put("3", std::int32_t{1}); }), "Sections.3 is TAG_Int"));
    BOOST_TEST(contains(with([](C& c) { c.get<C>("Sections").get<C>("4").put("Valid", "yes"); }),
                        "Sections.4.Valid is TAG_String"));
    BOOST_TEST(contains(with([&](C& c) {
                            rec0(c).put("pos", nbt::IntArray{1, 2});
                        }),
                        "Sections.4.Records[0].pos has 2 ints, expected 3"));
    BOOST_TEST(contains(with([&](C& c) {
                            rec0(c).put("pos", nbt::IntArray{33, 90, -30});
                        }),
                        "Sections.4.Records[0].pos (33, 90, -30) lies outside section (2, 4, -2)"));
    BOOST_TEST(contains(with([&](C& c) { rec0(c).erase("type"); }), "missing Sections.4.Records[0].type"));
    BOOST_TEST(contains(with([&](C& c) { rec0(c).put("free_tickets", "1"); }),
                        "Sections.4.Records[0].free_tickets is TAG_String"));
    BOOST_TEST(contains(with([&](C& c) {
                            rec0(c).put("pos", nbt::IntArray{35, 70, -20});
                        }),
                        "a second record at (35, 70, -20)"));
    std::vector<std::string> warnings;
    BOOST_TEST(with([&](C& c) { rec0(c).put("type", "minecraft:armorer_v2"); }, &warnings).empty());
    BOOST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(contains(warnings[0], "Sections.4.Records[0]: unknown POI type 'minecraft:armorer_v2', record dropped"));
}

BOOST_AUTO_TEST_CASE(poi_records_keep_unknown_keys) {
    const PoiRegistries r;
    const std::map<std::int32_t, PoiSection> one{
        {4, PoiSection{true, {{{35, 70, -20}, {{35, 70, -20}, r.types.home}}}}}};
    nbt::Compound root = write_poi_nbt(one, r.reg.poi_types);
    auto& rec = root.get<nbt::Compound>("Sections").get<nbt::Compound>("4").get<nbt::List>("Records")[0].as_compound();
    rec.put("examplemod:owner", nbt::IntArray{1, 2, 3, 4});
    auto back = read_poi_nbt(root, {2, -2}, r.reg.poi_types);
    BOOST_REQUIRE(back.has_value());
    const PoiEntry& e = (*back)[4].records.at({35, 70, -20});
    BOOST_TEST((e.extra == nbt::Compound{{"examplemod:owner", nbt::IntArray{1, 2, 3, 4}}}));
    BOOST_TEST((write_poi_nbt(*back, r.reg.poi_types) == root));
}

BOOST_AUTO_TEST_CASE(poi_chunks_keep_what_the_registry_does_not_know) {
    using C = nbt::Compound;
    const PoiRegistries r;
    const C shrine{{"pos", nbt::IntArray{36, 71, -21}}, {"type", "examplemod:shrine"}, {"free_tickets", 1}};
    const C other{{"pos", nbt::IntArray{37, 72, -22}}, {"type", "examplemod:shrine"}, {"free_tickets", 0}};
    const C home{{"pos", nbt::IntArray{35, 70, -20}}, {"type", "minecraft:home"}, {"free_tickets", 1}};
    const C root{{"DataVersion", 3337},
                 {"Sections", C{{"4", C{{"Valid", std::int8_t{1}},
                                        {"Records", nbt::List{nbt::Tag(home), nbt::Tag(shrine), nbt::Tag(other)}},
                                        {"examplemod:flag", 3}}}}},
                 {"examplemod:version", 2}};
    std::vector<std::string> warnings;
    KeptPoiData kept;
    auto back = read_poi_nbt(root, {2, -2}, r.reg.poi_types, &warnings, &kept);
    BOOST_REQUIRE(back.has_value());
    BOOST_TEST((*back)[4].records.size() == 1u);  // the storage holds the one it knows
    BOOST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(warnings[0] ==
               "2 records of POI types this server does not know are kept as they are: examplemod:shrine x2");
    BOOST_TEST(kept.data_version == 3337);

    C out = write_poi_nbt(*back, r.reg.poi_types, &kept);
    BOOST_TEST(out.get<std::int32_t>("DataVersion") == 3337);
    BOOST_TEST(out.get<std::int32_t>("examplemod:version") == 2);
    const C& s4 = out.get<C>("Sections").get<C>("4");
    BOOST_TEST(s4.get<std::int32_t>("examplemod:flag") == 3);
    const auto& records = s4.get<nbt::List>("Records");
    BOOST_REQUIRE(records.size() == 3u);
    BOOST_TEST((records[0].as_compound() == home));
    BOOST_TEST((records[1].as_compound() == shrine));
    BOOST_TEST((records[2].as_compound() == other));

    // A POI of a known type in the place of an unknown one (its block was replaced) wins.
    (*back)[4].records[{36, 71, -21}] = PoiEntry{{36, 71, -21}, r.types.meeting, 32};
    out = write_poi_nbt(*back, r.reg.poi_types, &kept);
    const auto& now = out.get<C>("Sections").get<C>("4").get<nbt::List>("Records");
    BOOST_REQUIRE(now.size() == 3u);
    std::size_t shrines = 0;
    for (const auto& t : now) shrines += t.as_compound().get<std::string>("type") == "examplemod:shrine";
    BOOST_TEST(shrines == 1u);
    // Without a place to keep them, such records are dropped with a warning each (the old way).
    warnings.clear();
    BOOST_REQUIRE(read_poi_nbt(root, {2, -2}, r.reg.poi_types, &warnings).has_value());
    BOOST_TEST(warnings.size() == 2u);
}

BOOST_AUTO_TEST_CASE(entity_chunks_keep_an_older_data_version) {
    const std::vector<nbt::Compound> entities{nbt::Compound{{"id", "minecraft:villager"}}};
    nbt::Compound root = write_entities_nbt({1, 1}, entities, 3337);
    BOOST_TEST(root.get<std::int32_t>("DataVersion") == 3337);
    std::int32_t version = -1;
    BOOST_REQUIRE(read_entities_nbt(root, {1, 1}, nullptr, &version).has_value());
    BOOST_TEST(version == 3337);
    root.put("DataVersion", anvil_data_version);
    BOOST_REQUIRE(read_entities_nbt(root, {1, 1}, nullptr, &version).has_value());
    BOOST_TEST(version == 0);
}

BOOST_AUTO_TEST_CASE(entities_round_trip_and_errors) {
    const std::vector<nbt::Compound> entities{
        nbt::Compound{{"id", "minecraft:villager"}, {"Health", 20.0f}},
        nbt::Compound{{"id", "minecraft:zombie"}, {"Tags", nbt::List{nbt::Tag("a")}}}};
    const nbt::Compound root = write_entities_nbt({-5, 9}, entities);
    BOOST_TEST(root.get<std::int32_t>("DataVersion") == 3700);
    BOOST_TEST(root.get<nbt::IntArray>("Position") == (nbt::IntArray{-5, 9}));
    auto back = read_entities_nbt(root, {-5, 9});
    BOOST_REQUIRE(back.has_value());
    BOOST_TEST((*back == entities));
    BOOST_TEST(read_entities_nbt(write_entities_nbt({0, 0}, {}), {0, 0})->empty());

    auto with = [&](auto edit, ChunkPos pos = {-5, 9}, std::vector<std::string>* warnings = nullptr) {
        nbt::Compound c = root;
        edit(c);
        auto r = read_entities_nbt(c, pos, warnings);
        return r.has_value() ? std::string() : r.error();
    };
    using C = nbt::Compound;
    BOOST_TEST(contains(with([](C&) {}, {-5, 8}), "Position (-5, 9) is not the chunk it is stored for (-5, 8)"));
    BOOST_TEST(contains(with([](C& c) { c.put("Position", nbt::IntArray{1}); }), "Position has 1 ints, expected 2"));
    BOOST_TEST(contains(with([](C& c) { c.erase("Position"); }), "missing Position"));
    BOOST_TEST(contains(with([](C& c) { c.erase("DataVersion"); }), "missing DataVersion"));
    BOOST_TEST(contains(with([](C& c) { c.put("Entities", C{}); }), "Entities is TAG_Compound, expected TAG_List"));
    BOOST_TEST(contains(with([](C& c) { c.put("Entities", nbt::List{nbt::Tag(std::int32_t{1})}); }),
                        "Entities holds TAG_Int"));
    std::vector<std::string> warnings;
    BOOST_TEST(
        with([](C& c) { c.get<nbt::List>("Entities")[1].as_compound().erase("id"); }, {-5, 9}, &warnings).empty());
    BOOST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(contains(warnings[0], "Entities[1] has no string id"));
}

BOOST_AUTO_TEST_SUITE_END()
