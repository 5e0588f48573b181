// Chunk sections (uniform and array storage, non-air and danger-source counts, light nibbles in
// vanilla's order) and chunk columns (the two heightmaps kept current by set_block).
#include <boost/test/unit_test.hpp>

#include "mobsdk/world/random.hpp"
#include "mobserver/world/chunk.hpp"
#include "vanilla_states.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

using Blocks = test::VanillaStates;

}  // namespace

BOOST_AUTO_TEST_SUITE(chunk)

BOOST_AUTO_TEST_CASE(chunk_pos_of_negative_blocks) {
    BOOST_TEST((ChunkPos::of({-1, 70, -17}) == ChunkPos{-1, -2}));
    BOOST_TEST((ChunkPos::of({15, 0, 16}) == ChunkPos{0, 1}));
    const ChunkPos a{3, -2}, b{-3, 5};
    BOOST_TEST(a.as_long() == (static_cast<std::int64_t>(0xFFFFFFFEull) << 32 | 3));
    BOOST_TEST(b.min_block_x() == -48);
    BOOST_TEST(b.min_block_z() == 80);
}

BOOST_AUTO_TEST_CASE(section_uniform_until_a_second_state) {
    Blocks b;
    LevelChunkSection s;
    BOOST_TEST(s.is_uniform());
    BOOST_TEST(s.has_only_air());
    BOOST_TEST(s.non_air_count() == 0);
    // Setting the state it already holds keeps the single value.
    BOOST_TEST(s.set(1, 2, 3, BlockState{}).id == 0u);
    BOOST_TEST(s.is_uniform());

    BOOST_TEST(s.set(1, 2, 3, b.stone).id == 0u);
    BOOST_TEST(!s.is_uniform());
    BOOST_TEST(s.non_air_count() == 1);
    BOOST_TEST(!s.has_only_air());
    BOOST_TEST(s.get(1, 2, 3).id == b.stone.id);
    BOOST_TEST(s.get(3, 2, 1).id == 0u);
    BOOST_TEST(s.set(1, 2, 3, b.dirt).id == b.stone.id);  // replacing non-air keeps the count
    BOOST_TEST(s.non_air_count() == 1);
    BOOST_TEST(s.set(0, 0, 0, b.glass).id == 0u);
    BOOST_TEST(s.non_air_count() == 2);
    s.set(1, 2, 3, BlockState{});
    BOOST_TEST(s.non_air_count() == 1);
    s.set(0, 0, 0, BlockState{});
    // All air again: back to one value.
    BOOST_TEST(s.is_uniform());
    BOOST_TEST(s.has_only_air());
}

BOOST_AUTO_TEST_CASE(section_filled_with_a_block) {
    Blocks b;
    LevelChunkSection s(b.stone);
    BOOST_TEST(s.is_uniform());
    BOOST_TEST(s.non_air_count() == 4096);
    BOOST_TEST(s.get(15, 15, 15).id == b.stone.id);
    s.set(15, 15, 15, BlockState{});
    BOOST_TEST(s.non_air_count() == 4095);
    BOOST_TEST(!s.compact_states());
    s.set(15, 15, 15, b.stone);
    BOOST_TEST(!s.is_uniform());
    BOOST_TEST(s.compact_states());
    BOOST_TEST(s.is_uniform());
    BOOST_TEST(s.get(4, 5, 6).id == b.stone.id);
    s.recount(b.reg);
    BOOST_TEST(s.non_air_count() == 4096);
}

BOOST_AUTO_TEST_CASE(section_rejects_ids_beyond_16_bits) {
    LevelChunkSection s;
    BOOST_CHECK_THROW(s.set(0, 0, 0, BlockState{0x10000}), std::logic_error);
}

BOOST_AUTO_TEST_CASE(light_nibbles_in_vanilla_order) {
    LevelChunkSection s;
    BOOST_TEST(s.light_data(LightLayer::Sky) == nullptr);
    BOOST_TEST(s.uniform_light(LightLayer::Sky) == 0);
    s.fill_light(LightLayer::Sky, 15);
    BOOST_TEST(s.light(LightLayer::Sky, 7, 8, 9) == 15);
    BOOST_TEST(s.light_data(LightLayer::Sky) == nullptr);
    s.set_light(LightLayer::Sky, 7, 8, 9, 15);  // same value: stays one value
    BOOST_TEST(s.light_data(LightLayer::Sky) == nullptr);

    // index = y<<8 | z<<4 | x; the even index is the low nibble of byte index/2.
    s.set_light(LightLayer::Block, 1, 2, 3, 7);  // index 561: high nibble of byte 280
    s.set_light(LightLayer::Block, 0, 2, 3, 4);  // index 560: low nibble of byte 280
    const auto* data = s.light_data(LightLayer::Block);
    BOOST_REQUIRE(data != nullptr);
    BOOST_TEST((*data)[280] == 0x74);
    BOOST_TEST(LevelChunkSection::index(1, 2, 3) == 561);
    BOOST_TEST(s.light(LightLayer::Block, 1, 2, 3) == 7);
    BOOST_TEST(s.light(LightLayer::Block, 0, 2, 3) == 4);
    BOOST_TEST(s.light(LightLayer::Block, 2, 2, 3) == 0);
    BOOST_TEST(s.light(LightLayer::Sky, 1, 2, 3) == 15);  // the layers are separate

    // Loading an array and compacting it back to one value.
    std::array<std::uint8_t, 2048> full{};
    full.fill(0x99);
    s.set_light_data(LightLayer::Block, full);
    BOOST_TEST(s.light_data(LightLayer::Block) == nullptr);
    BOOST_TEST(s.uniform_light(LightLayer::Block) == 9);
    full[5] = 0x39;
    s.set_light_data(LightLayer::Block, full);
    BOOST_REQUIRE(s.light_data(LightLayer::Block) != nullptr);
    BOOST_TEST(s.light(LightLayer::Block, 10, 0, 0) == 9);
    BOOST_TEST(s.light(LightLayer::Block, 11, 0, 0) == 3);
    s.fill_light(LightLayer::Block, 2);
    BOOST_TEST(s.light_data(LightLayer::Block) == nullptr);
    BOOST_TEST(s.light(LightLayer::Block, 11, 0, 0) == 2);
}

BOOST_AUTO_TEST_CASE(empty_chunk_heights_are_min_y) {
    Blocks b;
    LevelChunk c({0, 0}, b.reg);
    BOOST_TEST(c.height(Heightmap::WorldSurface, 0, 0) == min_y);
    BOOST_TEST(c.height(Heightmap::MotionBlocking, 15, 15) == min_y);
    BOOST_TEST(c.get_block({3, 100, 3}).id == 0u);
    BOOST_TEST(c.get_block({3, 400, 3}).id == 0u);
}

BOOST_AUTO_TEST_CASE(heightmaps_follow_placing_and_removing) {
    Blocks b;
    LevelChunk c({2, -1}, b.reg);
    const std::int32_t x = 37, z = -5, lx = x & 15, lz = z & 15;
    auto ws = [&] { return c.height(Heightmap::WorldSurface, lx, lz); };
    auto mb = [&] { return c.height(Heightmap::MotionBlocking, lx, lz); };

    c.set_block({x, 10, z}, b.stone);
    BOOST_TEST(ws() == 11);
    BOOST_TEST(mb() == 11);
    BOOST_TEST(c.height(Heightmap::WorldSurface, (lx + 1) & 15, lz) == min_y);  // other columns untouched

    // A block in the middle changes nothing; one on top raises both.
    c.set_block({x, -20, z}, b.stone);
    BOOST_TEST(ws() == 11);
    c.set_block({x, 30, z}, b.stone);
    BOOST_TEST(ws() == 31);
    BOOST_TEST(mb() == 31);

    // Glass blocks motion: both count it. Water holds a fluid: both. A torch: WORLD_SURFACE only.
    c.set_block({x, 40, z}, b.glass);
    BOOST_TEST(ws() == 41);
    BOOST_TEST(mb() == 41);
    c.set_block({x, 50, z}, b.water);
    BOOST_TEST(ws() == 51);
    BOOST_TEST(mb() == 51);
    c.set_block({x, 60, z}, b.torch);
    BOOST_TEST(ws() == 61);
    BOOST_TEST(mb() == 51);

    // Removing from the top falls to the next counted block.
    c.set_block({x, 60, z}, BlockState{});
    BOOST_TEST(ws() == 51);
    c.set_block({x, 50, z}, BlockState{});
    BOOST_TEST(ws() == 41);
    BOOST_TEST(mb() == 41);
    c.set_block({x, 40, z}, BlockState{});
    BOOST_TEST(ws() == 31);
    c.set_block({x, -20, z}, BlockState{});  // middle: no change
    BOOST_TEST(ws() == 31);
    c.set_block({x, 30, z}, BlockState{});
    BOOST_TEST(ws() == 11);
    BOOST_TEST(mb() == 11);

    // A torch above stone: removing the stone keeps WORLD_SURFACE on the torch, MOTION_BLOCKING drops.
    c.set_block({x, 11, z}, b.torch);
    BOOST_TEST(ws() == 12);
    BOOST_TEST(mb() == 11);
    c.set_block({x, 10, z}, BlockState{});
    BOOST_TEST(ws() == 12);
    BOOST_TEST(mb() == min_y);
    c.set_block({x, 11, z}, BlockState{});
    BOOST_TEST(ws() == min_y);

    // The lowest and highest rows.
    c.set_block({x, min_y, z}, b.stone);
    BOOST_TEST(ws() == min_y + 1);
    c.set_block({x, 319, z}, b.leaves);
    BOOST_TEST(ws() == 320);
    BOOST_TEST(mb() == 320);  // leaves block motion
}

BOOST_AUTO_TEST_CASE(set_block_outside_the_height_range_does_nothing) {
    Blocks b;
    LevelChunk c({0, 0}, b.reg);
    c.unsaved = false;
    BOOST_TEST(c.set_block({1, 320, 1}, b.stone).id == 0u);
    BOOST_TEST(c.set_block({1, -65, 1}, b.stone).id == 0u);
    BOOST_TEST(!c.unsaved);
    BOOST_TEST(c.height(Heightmap::WorldSurface, 1, 1) == min_y);
    BOOST_TEST(c.set_block({1, 5, 1}, b.stone).id == 0u);
    BOOST_TEST(c.unsaved);
    BOOST_TEST(c.set_block({1, 5, 1}, b.dirt).id == b.stone.id);
}

BOOST_AUTO_TEST_CASE(recomputed_heightmaps_match_incremental_ones) {
    Blocks b;
    LevelChunk c({0, 0}, b.reg);
    RandomSource random(42);
    const BlockState palette[] = {BlockState{}, b.stone, b.glass, b.water, b.torch, b.leaves};
    for (int i = 0; i < 3000; ++i) {
        const BlockPos p{random.next_int(16), min_y + random.next_int(world_height), random.next_int(16)};
        c.set_block(p, palette[random.next_int(6)]);
    }
    std::array<std::int32_t, 512> before{};
    for (int i = 0; i < 256; ++i) {
        before[i] = c.height(Heightmap::WorldSurface, i & 15, i >> 4);
        before[256 + i] = c.height(Heightmap::MotionBlocking, i & 15, i >> 4);
    }
    c.recompute_heightmaps();
    for (int i = 0; i < 256; ++i) {
        BOOST_TEST(c.height(Heightmap::WorldSurface, i & 15, i >> 4) == before[i]);
        BOOST_TEST(c.height(Heightmap::MotionBlocking, i & 15, i >> 4) == before[256 + i]);
    }
}

BOOST_AUTO_TEST_CASE(recompute_after_writing_sections_directly) {
    Blocks b;
    LevelChunk c({0, 0}, b.reg);
    c.section(3) = LevelChunkSection(b.stone);  // y −16 … −1
    c.section(3).set(4, 15, 4, BlockState{});
    c.recount();
    c.recompute_heightmaps();
    BOOST_TEST(c.section(3).non_air_count() == 4095);
    BOOST_TEST(c.height(Heightmap::WorldSurface, 0, 0) == 0);
    BOOST_TEST(c.height(Heightmap::MotionBlocking, 4, 4) == -1);
    BOOST_TEST(c.get_block({4, -1, 4}).id == 0u);
    BOOST_TEST(c.get_block({4, -2, 4}).id == b.stone.id);
}

BOOST_AUTO_TEST_CASE(danger_sources_are_what_checkNeighbourBlocks_looks_for) {
    Blocks b;
    b.reg.freeze();
    for (const BlockState s : {b.fire, b.lava, b.cactus, b.water}) BOOST_TEST(is_path_danger_source(b.reg.info(s)));
    const auto waterlogged = b.reg.parse("oak_slab[type=bottom,waterlogged=true]");
    BOOST_REQUIRE(waterlogged.has_value());
    BOOST_TEST(is_path_danger_source(b.reg.info(*waterlogged)));  // water is the fluid, not the block
    for (const BlockState s : {BlockState{}, b.stone, b.glass, b.torch, b.leaves})
        BOOST_TEST(!is_path_danger_source(b.reg.info(s)));
}

BOOST_AUTO_TEST_CASE(danger_counts_follow_set_block) {
    Blocks b;
    LevelChunk c({0, 0}, b.reg);
    const LevelChunkSection& s = c.section(4);  // y 0 … 15
    BOOST_TEST(s.danger_count() == 0);
    BOOST_TEST(!s.may_hold_danger());
    c.set_block({1, 0, 1}, b.fire);
    BOOST_TEST(s.danger_count() == 1);
    BOOST_TEST(s.may_hold_danger());
    c.set_block({2, 0, 1}, b.water);
    BOOST_TEST(s.danger_count() == 2);
    c.set_block({1, 0, 1}, b.lava);  // one danger for another
    BOOST_TEST(s.danger_count() == 2);
    c.set_block({1, 0, 1}, b.stone);
    BOOST_TEST(s.danger_count() == 1);
    c.set_block({1, 1, 1}, b.glass);
    BOOST_TEST(s.danger_count() == 1);
    c.set_block({2, 0, 1}, BlockState{});
    BOOST_TEST(s.danger_count() == 0);
    BOOST_TEST(!s.may_hold_danger());
    BOOST_TEST(c.section(5).danger_count() == 0);  // its neighbours were never touched
    // Back to all air: the array goes, the count stays right.
    c.set_block({1, 0, 1}, b.cactus);
    c.set_block({1, 0, 1}, BlockState{});
    c.set_block({1, 1, 1}, BlockState{});
    BOOST_TEST(s.is_uniform());
    BOOST_TEST(s.danger_count() == 0);
}

BOOST_AUTO_TEST_CASE(danger_count_unknown_until_recounted) {
    Blocks b;
    LevelChunk c({0, 0}, b.reg);
    // Written without the registry the section cannot tell: it says "maybe" until a recount.
    c.section(4).set(3, 3, 3, b.cactus);
    BOOST_TEST(c.section(4).danger_count() == -1);
    BOOST_TEST(c.section(4).may_hold_danger());
    c.set_block({4, 3, 3}, b.fire);  // set_block cannot repair an unknown count either
    BOOST_TEST(c.section(4).danger_count() == -1);
    c.recount();
    BOOST_TEST(c.section(4).danger_count() == 2);
    c.section(4).set(3, 3, 3, BlockState{});
    c.section(4).set(4, 3, 3, BlockState{});
    BOOST_TEST(c.section(4).danger_count() == 0);  // all air again: nothing to fear

    LevelChunkSection water(b.water), stone(b.stone);
    BOOST_TEST(water.danger_count() == -1);
    BOOST_TEST(stone.danger_count() == -1);
    water.recount(b.reg);
    stone.recount(b.reg);
    BOOST_TEST(water.danger_count() == 4096);
    BOOST_TEST(stone.danger_count() == 0);
    BOOST_TEST(LevelChunkSection().danger_count() == 0);

    // Compacting an array into one value keeps the count.
    LevelChunkSection lava;
    for (std::int32_t i = 0; i < 4096; ++i) lava.set(i & 15, i >> 8, (i >> 4) & 15, b.lava, b.reg);
    BOOST_TEST(lava.danger_count() == 4096);
    BOOST_TEST(lava.compact_states());
    BOOST_TEST(lava.danger_count() == 4096);
}

BOOST_AUTO_TEST_SUITE_END()
