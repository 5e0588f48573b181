// The chunk map: generation (flat, void), block changes with heightmaps and the listener, sky
// visibility, and sky and block light (full lighting of new chunks, incremental updates, borders).
#include <boost/test/unit_test.hpp>

#include <ctime>
#include <tuple>
#include <vector>

#include "mobsdk/world/random.hpp"
#include "mobserver/world/chunk_map.hpp"
#include "vanilla_states.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

using Blocks = test::VanillaStates;

// A map with the flat chunks x0…x1, z0…z1 generated.
struct World {
    Blocks b;
    ChunkMap map{b.reg};
    FlatGenerator flat = FlatGenerator::vanilla_default(b.reg);
    World(int x0, int x1, int z0, int z1) {
        for (int x = x0; x <= x1; ++x)
            for (int z = z0; z <= z1; ++z) map.get_or_generate({x, z}, flat);
    }
    int sky(int x, int y, int z) const { return map.brightness(LightLayer::Sky, {x, y, z}); }
    int block(int x, int y, int z) const { return map.brightness(LightLayer::Block, {x, y, z}); }
    void fill(BlockPos from, BlockPos to, BlockState s) {
        for (int x = from.x; x <= to.x; ++x)
            for (int y = from.y; y <= to.y; ++y)
                for (int z = from.z; z <= to.z; ++z) map.set_block({x, y, z}, s);
    }
};

struct Recorder final : BlockChangeListener {
    std::vector<std::tuple<BlockPos, BlockState, BlockState>> calls;
    void on_block_changed(BlockPos pos, BlockState old_state, BlockState new_state) override {
        calls.emplace_back(pos, old_state, new_state);
    }
};

constexpr int ground = -60;  // the first air row of the default superflat

}  // namespace

BOOST_AUTO_TEST_SUITE(chunk_map)

BOOST_AUTO_TEST_CASE(vanilla_flat_layers_and_surface) {
    World w(0, 0, 0, 0);
    for (int x : {0, 7, 15})
        for (int z : {0, 9, 15}) {
            BOOST_TEST(w.map.block_state({x, -64, z}).id == w.b.bedrock.id);
            BOOST_TEST(w.map.block_state({x, -63, z}).id == w.b.dirt.id);
            BOOST_TEST(w.map.block_state({x, -62, z}).id == w.b.dirt.id);
            BOOST_TEST(w.map.block_state({x, -61, z}).id == w.b.grass.id);
            BOOST_TEST(w.map.block_state({x, -60, z}).id == w.b.air.id);
            BOOST_TEST(w.map.height(Heightmap::WorldSurface, x, z) == -60);
            BOOST_TEST(w.map.height(Heightmap::MotionBlocking, x, z) == -60);
            BOOST_TEST(w.sky(x, -60, z) == 15);
            BOOST_TEST(w.sky(x, -61, z) == 0);
            BOOST_TEST(w.sky(x, -64, z) == 0);
            BOOST_TEST(w.block(x, -60, z) == 0);
        }
    const LevelChunk& c = *w.map.chunk({0, 0});
    BOOST_TEST(c.section(0).non_air_count() == 4 * 256);
    BOOST_TEST(!c.section(0).is_uniform());
    // Everything above the ground section is one value for blocks and for both light layers.
    for (int s = 1; s < section_count; ++s) {
        BOOST_TEST(c.section(s).is_uniform());
        BOOST_TEST(c.section(s).has_only_air());
        BOOST_TEST(c.section(s).light_data(LightLayer::Sky) == nullptr);
        BOOST_TEST(c.section(s).uniform_light(LightLayer::Sky) == 15);
        BOOST_TEST(c.section(s).light_data(LightLayer::Block) == nullptr);
    }
    BOOST_TEST(c.section(0).light_data(LightLayer::Block) == nullptr);
}

BOOST_AUTO_TEST_CASE(flat_layers_fill_whole_sections_and_stop_at_the_top) {
    Blocks b;
    ChunkMap map(b.reg);
    const FlatGenerator gen({{b.stone, 20}, {b.grass, 1}});
    BOOST_TEST(gen.layers().size() == 2u);
    const LevelChunk& c = map.get_or_generate({-3, 4}, gen);
    BOOST_TEST(c.section(0).is_uniform());
    BOOST_TEST(c.section(0).non_air_count() == 4096);
    BOOST_TEST(c.section(1).non_air_count() == 5 * 256);
    BOOST_TEST(map.block_state({-48, -45, 64}).id == b.stone.id);
    BOOST_TEST(map.block_state({-48, -44, 64}).id == b.grass.id);
    BOOST_TEST(map.block_state({-48, -43, 64}).id == b.air.id);
    BOOST_TEST(map.height(Heightmap::WorldSurface, -40, 70) == -43);

    // Layers taller than the world are cut at the top.
    const FlatGenerator solid({{b.stone, 1000}});
    const LevelChunk& s = map.get_or_generate({0, 0}, solid);
    BOOST_TEST(s.section(section_count - 1).is_uniform());
    BOOST_TEST(map.height(Heightmap::MotionBlocking, 5, 5) == 320);
    BOOST_TEST(map.brightness(LightLayer::Sky, {5, 319, 5}) == 0);
    BOOST_TEST(map.brightness(LightLayer::Sky, {5, 320, 5}) == 15);
}

BOOST_AUTO_TEST_CASE(vanilla_default_needs_the_vanilla_blocks) {
    BlockRegistry empty;
    BOOST_CHECK_THROW(FlatGenerator::vanilla_default(empty), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(void_generator_leaves_air) {
    Blocks b;
    ChunkMap map(b.reg);
    const LevelChunk& c = map.get_or_generate({1, 1}, VoidGenerator{});
    for (int s = 0; s < section_count; ++s) BOOST_TEST(c.section(s).has_only_air());
    BOOST_TEST(map.height(Heightmap::WorldSurface, 20, 20) == min_y);
    BOOST_TEST(map.block_state({20, -64, 20}).id == 0u);
    BOOST_TEST(map.brightness(LightLayer::Sky, {20, -64, 20}) == 15);
    BOOST_TEST(map.can_see_sky({20, -64, 20}));
}

BOOST_AUTO_TEST_CASE(get_or_generate_add_and_remove) {
    World w(0, 0, 0, 0);
    LevelChunk* first = w.map.chunk({0, 0});
    BOOST_TEST(&w.map.get_or_generate({0, 0}, VoidGenerator{}) == first);  // loaded: not regenerated
    BOOST_TEST(w.map.size() == 1u);
    BOOST_TEST(w.map.block_state({3, -61, 3}).id == w.b.grass.id);

    auto removed = w.map.remove({0, 0});
    BOOST_TEST(removed.get() == first);
    BOOST_TEST(w.map.remove({0, 0}) == nullptr);
    BOOST_TEST(w.map.size() == 0u);
    BOOST_TEST(w.map.chunk({0, 0}) == nullptr);
    BOOST_TEST(w.map.block_state({3, -61, 3}).id == 0u);  // the lookup cache forgot it

    // Adding it back (as loading would) recomputes heightmaps and light.
    removed->set_block({3, 0, 3}, w.b.stone);
    LevelChunk& back = w.map.add(std::move(removed));
    BOOST_TEST(&back == first);
    BOOST_TEST(w.map.height(Heightmap::WorldSurface, 3, 3) == 1);
    BOOST_TEST(w.sky(3, -1, 3) == 14);

    // Adding a chunk where one is loaded replaces it.
    w.map.add(std::make_unique<LevelChunk>(ChunkPos{0, 0}, w.b.reg));
    BOOST_TEST(w.map.size() == 1u);
    BOOST_TEST(w.map.block_state({3, -61, 3}).id == 0u);
    BOOST_TEST(w.sky(3, -64, 3) == 15);
}

// The lookup cache is direct-mapped by the low 5 bits of x and z: chunks 32 apart share an entry,
// and every answer must still be the map's, whatever was looked up, added or removed before.
BOOST_AUTO_TEST_CASE(lookups_of_chunks_sharing_a_cache_entry) {
    World w(0, 0, 0, 0);
    ChunkMap& map = w.map;
    // An empty map answers nullptr everywhere, including the positions empty entries are made of.
    ChunkMap empty(w.b.reg);
    for (int x = -2; x <= 33; ++x)
        for (int z = -2; z <= 33; ++z) BOOST_REQUIRE(empty.chunk({x, z}) == nullptr);

    const std::vector<ChunkPos> same_entry = {{32, 0}, {0, 32}, {-32, -32}, {32, 32}};
    for (const ChunkPos p : same_entry) BOOST_TEST(map.chunk(p) == nullptr);  // misses cached
    LevelChunk* origin = map.chunk({0, 0});
    BOOST_REQUIRE(origin != nullptr);
    std::vector<LevelChunk*> added;
    for (const ChunkPos p : same_entry) added.push_back(&map.get_or_generate(p, w.flat));
    for (int round = 0; round < 2; ++round) {  // alternating lookups evict each other
        BOOST_TEST(map.chunk({0, 0}) == origin);
        for (std::size_t i = 0; i < same_entry.size(); ++i) {
            BOOST_TEST(map.chunk(same_entry[i]) == added[i]);
            BOOST_TEST(map.block_state({same_entry[i].x * 16 + 3, -61, same_entry[i].z * 16 + 3}).id == w.b.grass.id);
        }
    }
    // Removing one that is not the cached one, then the cached one.
    BOOST_TEST(map.chunk({32, 0}) == added[0]);
    BOOST_TEST(map.remove({0, 32}) != nullptr);
    BOOST_TEST(map.chunk({32, 0}) == added[0]);
    BOOST_TEST(map.chunk({0, 32}) == nullptr);
    BOOST_TEST(map.remove({32, 0}) != nullptr);
    BOOST_TEST(map.chunk({32, 0}) == nullptr);
    BOOST_TEST(map.chunk({0, 0}) == origin);
    BOOST_TEST(map.chunk({-32, -32}) == added[2]);
    BOOST_TEST(map.block_state({32 * 16 + 3, -61, 3}).id == 0u);
}

BOOST_AUTO_TEST_CASE(queries_outside_loaded_chunks_and_the_height_range) {
    World w(0, 0, 0, 0);
    for (const BlockPos p : {BlockPos{100, ground, 100}, BlockPos{-1, ground, 0}, BlockPos{3, 320, 3},
                             BlockPos{3, -65, 3}, BlockPos{3, 1000, 3}}) {
        BOOST_TEST(w.map.block_state(p).id == 0u);
        BOOST_TEST(w.map.brightness(LightLayer::Sky, p) == 15);
        BOOST_TEST(w.map.brightness(LightLayer::Block, p) == 0);
        BOOST_TEST(w.map.can_see_sky(p));
        BOOST_TEST(w.map.info(p).light_block == 0);
    }
    BOOST_TEST(w.map.height(Heightmap::WorldSurface, 100, 100) == min_y);
    BOOST_TEST(w.map.height(Heightmap::WorldSurface, -1, 0) == min_y);
}

BOOST_AUTO_TEST_CASE(set_block_results) {
    World w(0, 0, 0, 0);
    BOOST_TEST(!w.map.set_block({3, 320, 3}, w.b.stone));
    BOOST_TEST(!w.map.set_block({3, -65, 3}, w.b.stone));
    BOOST_TEST(!w.map.set_block({16, 0, 3}, w.b.stone));  // chunk (1, 0) is not loaded
    BOOST_TEST(w.map.block_state({16, 0, 3}).id == 0u);
    BOOST_TEST(w.map.set_block({3, 319, 3}, w.b.stone));
    BOOST_TEST(w.map.set_block({3, -64, 3}, w.b.stone));
    BOOST_TEST(!w.map.set_block({3, -64, 3}, w.b.stone));  // unchanged
    BOOST_TEST(w.map.chunk({0, 0})->unsaved);
    BOOST_TEST(w.map.height(Heightmap::WorldSurface, 3, 3) == 320);
    BOOST_TEST(w.sky(3, 318, 3) == 14);
}

BOOST_AUTO_TEST_CASE(listener_hears_old_and_new_states) {
    World w(0, 0, 0, 0);
    Recorder rec;
    w.map.set_listener(&rec);
    const BlockPos p{5, ground, 6};
    w.map.set_block(p, w.b.stone);
    w.map.set_block(p, w.b.stone);            // unchanged: not told
    w.map.set_block({5, 400, 6}, w.b.stone);  // refused: not told
    w.map.set_block({50, 0, 6}, w.b.stone);   // unloaded: not told
    w.map.set_block(p, w.b.air);
    BOOST_REQUIRE(rec.calls.size() == 2u);
    BOOST_TEST((std::get<0>(rec.calls[0]) == p));
    BOOST_TEST((std::get<1>(rec.calls[0]) == w.b.air));
    BOOST_TEST((std::get<2>(rec.calls[0]) == w.b.stone));
    BOOST_TEST((std::get<1>(rec.calls[1]) == w.b.stone));
    BOOST_TEST((std::get<2>(rec.calls[1]) == w.b.air));
    w.map.set_listener(nullptr);
    w.map.set_block(p, w.b.glass);
    BOOST_TEST(rec.calls.size() == 2u);
}

BOOST_AUTO_TEST_CASE(can_see_sky_under_stone_glass_leaves_water_and_slabs) {
    World w(0, 0, 0, 0);
    const BlockPos below{8, ground, 8}, roof{8, -50, 8};
    BOOST_TEST(w.map.can_see_sky(below));
    w.map.set_block(roof, w.b.stone);
    BOOST_TEST(!w.map.can_see_sky(below));
    BOOST_TEST(!w.map.can_see_sky(roof));
    BOOST_TEST(w.map.can_see_sky({8, -49, 8}));
    BOOST_TEST(w.map.can_see_sky({9, ground, 8}));
    BOOST_TEST(w.sky(8, ground, 8) == 14);

    w.map.set_block(roof, w.b.glass);  // glass absorbs nothing
    BOOST_TEST(w.map.can_see_sky(below));
    BOOST_TEST(w.map.can_see_sky(roof));
    BOOST_TEST(w.sky(8, ground, 8) == 15);

    w.map.set_block(roof, w.b.leaves);  // leaves take one level
    BOOST_TEST(!w.map.can_see_sky(below));
    BOOST_TEST(w.sky(8, -50, 8) == 14);
    BOOST_TEST(w.sky(8, -51, 8) == 14);

    w.map.set_block(roof, w.b.water);
    BOOST_TEST(!w.map.can_see_sky(below));
    BOOST_TEST(w.sky(8, -50, 8) == 14);

    // A bottom slab lets light in from above but not through its full bottom face.
    w.map.set_block(roof, w.b.slab);
    BOOST_TEST(w.map.can_see_sky(roof));
    BOOST_TEST(!w.map.can_see_sky(below));
    BOOST_TEST(w.sky(8, -51, 8) == 14);
    // A top slab closes its top face: even its own cell is lit from the sides only.
    w.map.set_block(roof, w.b.top_slab);
    BOOST_TEST(!w.map.can_see_sky(roof));
    BOOST_TEST(w.sky(8, -50, 8) == 14);

    w.map.set_block(roof, w.b.air);  // roof gone: the sky again
    BOOST_TEST(w.map.can_see_sky(below));
    BOOST_TEST(w.map.can_see_sky(roof));
    BOOST_TEST(w.sky(8, ground, 8) == 15);
}

BOOST_AUTO_TEST_CASE(the_top_row_of_the_world) {
    World w(0, 0, 0, 0);
    w.map.set_block({4, 319, 4}, w.b.leaves);  // lit from above the world, less one
    BOOST_TEST(w.sky(4, 319, 4) == 14);
    BOOST_TEST(w.sky(4, 318, 4) == 14);
    BOOST_TEST(!w.map.can_see_sky({4, ground, 4}));
    w.map.set_block({4, 319, 4}, w.b.stone);
    BOOST_TEST(w.sky(4, 319, 4) == 0);
    BOOST_TEST(w.sky(4, 318, 4) == 14);
    w.map.set_block({4, 319, 4}, w.b.air);
    BOOST_TEST(w.sky(4, 319, 4) == 15);
    BOOST_TEST(w.map.can_see_sky({4, ground, 4}));
    // Nothing is left stored per block once the light is one value again.
    for (int s = 1; s < section_count; ++s)
        BOOST_TEST(w.map.chunk({0, 0})->section(s).light_data(LightLayer::Sky) == nullptr);
}

BOOST_AUTO_TEST_CASE(sky_light_under_a_roof_and_in_a_closed_box) {
    World w(-1, 2, -1, 1);
    BOOST_TEST(w.sky(-5, ground, 3) == 15);
    // A 7×7 stone roof three rows above the ground: 14 under its edge, one less per step inward.
    w.fill({0, -57, 0}, {6, -57, 6}, w.b.stone);
    for (int y = ground; y <= -58; ++y) {
        BOOST_TEST(w.sky(-1, y, 3) == 15);
        BOOST_TEST(w.sky(0, y, 3) == 14);
        BOOST_TEST(w.sky(1, y, 3) == 13);
        BOOST_TEST(w.sky(2, y, 3) == 12);
        BOOST_TEST(w.sky(3, y, 3) == 11);
        BOOST_TEST(w.sky(0, y, 0) == 14);
        BOOST_TEST(w.sky(1, y, 1) == 13);
        BOOST_TEST(w.sky(6, y, 3) == 14);
        BOOST_TEST(!w.map.can_see_sky({3, y, 3}));
    }
    BOOST_TEST(w.sky(3, -57, 3) == 0);  // inside the stone
    BOOST_TEST(w.sky(3, -56, 3) == 15);

    // A closed hollow box: dark inside.
    w.fill({20, ground, 20}, {24, -56, 24}, w.b.stone);
    w.fill({21, -59, 21}, {23, -57, 23}, w.b.air);
    for (int x = 21; x <= 23; ++x)
        for (int y = -59; y <= -57; ++y)
            for (int z = 21; z <= 23; ++z) {
                BOOST_TEST(w.sky(x, y, z) == 0);
                BOOST_TEST(w.block(x, y, z) == 0);
            }
    // One wall block opened: light comes in sideways and falls off inside.
    w.map.set_block({24, -58, 22}, w.b.air);
    BOOST_TEST(w.sky(24, -58, 22) == 14);
    BOOST_TEST(w.sky(23, -58, 22) == 13);
    BOOST_TEST(w.sky(21, -58, 22) == 11);
    BOOST_TEST(w.sky(21, -59, 21) == 9);
    w.map.set_block({24, -58, 22}, w.b.stone);
    BOOST_TEST(w.sky(23, -58, 22) == 0);
    BOOST_TEST(w.sky(21, -59, 21) == 0);

    // Taking the roof away again restores full sky light below it.
    w.fill({0, -57, 0}, {6, -57, 6}, w.b.air);
    for (int x = -1; x <= 7; ++x)
        for (int z = -1; z <= 7; ++z) BOOST_TEST(w.sky(x, ground, z) == 15);
}

BOOST_AUTO_TEST_CASE(block_light_around_a_torch) {
    World w(-1, 1, -1, 1);
    const BlockPos t{8, ground, 8};
    w.map.set_block(t, w.b.torch);
    BOOST_TEST(w.block(8, ground, 8) == 14);
    BOOST_TEST(w.block(9, ground, 8) == 13);
    BOOST_TEST(w.block(8, ground + 1, 8) == 13);
    BOOST_TEST(w.block(8, ground, 7) == 13);
    for (int dx = -14; dx <= 14; ++dx)
        for (int dz = -14; dz <= 14; ++dz)
            for (int dy : {0, 3, 13}) {
                const int d = std::abs(dx) + std::abs(dz) + dy;
                BOOST_TEST(w.block(8 + dx, ground + dy, 8 + dz) == std::max(0, 14 - d));
            }
    BOOST_TEST(w.block(8, -61, 8) == 0);    // the grass block under it is opaque
    BOOST_TEST(w.sky(8, ground, 8) == 15);  // a torch does not shade the sky

    // A second torch; breaking the first leaves the light of the second.
    w.map.set_block({12, ground, 8}, w.b.torch);
    BOOST_TEST(w.block(10, ground, 8) == 12);
    w.map.set_block(t, w.b.air);
    BOOST_TEST(w.block(10, ground, 8) == 12);
    BOOST_TEST(w.block(8, ground, 8) == 10);
    BOOST_TEST(w.block(4, ground, 8) == 6);
    w.map.set_block({12, ground, 8}, w.b.air);
    for (int dx = -15; dx <= 15; ++dx)
        for (int dz = -15; dz <= 15; ++dz) BOOST_TEST(w.block(10 + dx, ground, 8 + dz) == 0);
}

BOOST_AUTO_TEST_CASE(glowstone_and_walls_shape_block_light) {
    World w(0, 0, 0, 0);
    w.map.set_block({8, -55, 8}, w.b.glowstone);
    BOOST_TEST(w.block(8, -55, 8) == 15);
    BOOST_TEST(w.block(9, -55, 8) == 14);
    BOOST_TEST(w.block(8, -54, 8) == 14);
    BOOST_TEST(w.block(8, -53, 10) == 11);
    // A stone wall beside it: light goes around, not through.
    w.fill({10, ground, 0}, {10, -40, 15}, w.b.stone);
    BOOST_TEST(w.block(10, -55, 8) == 0);
    BOOST_TEST(w.block(11, -55, 8) == 0);  // nothing goes round within the chunk (the wall spans it)
    w.map.set_block({8, -55, 8}, w.b.air);
    BOOST_TEST(w.block(9, -55, 8) == 0);
}

BOOST_AUTO_TEST_CASE(light_crosses_chunk_borders) {
    World w(-1, 2, -1, 1);
    w.map.set_block({15, ground, 8}, w.b.torch);
    BOOST_TEST(w.block(16, ground, 8) == 13);
    BOOST_TEST(w.block(20, ground, 8) == 9);
    BOOST_TEST(w.block(15, ground, 16) == 6);
    BOOST_TEST(w.block(16, ground, 16) == 5);

    // A roof spanning two chunks.
    w.fill({12, -57, 0}, {19, -57, 15}, w.b.stone);
    BOOST_TEST(w.sky(15, -58, 7) == 11);
    BOOST_TEST(w.sky(16, -58, 7) == 11);
    BOOST_TEST(w.sky(17, -58, 7) == 12);
    BOOST_TEST(w.sky(19, -58, 7) == 14);
    BOOST_TEST(w.sky(15, -58, 0) == 14);  // z −1 is the open chunk (0, −1)
    w.fill({12, -57, 0}, {19, -57, 15}, w.b.air);
    BOOST_TEST(w.sky(16, -58, 7) == 15);
}

BOOST_AUTO_TEST_CASE(a_chunk_loaded_later_exchanges_light_with_its_neighbour) {
    World w(0, 0, 0, 0);
    w.map.set_block({15, ground, 8}, w.b.torch);
    BOOST_TEST(w.block(16, ground, 8) == 0);  // unloaded: no light
    // A roof reaching the border: while (1, 0) is unloaded, the light comes from the west only.
    w.fill({12, -57, 0}, {15, -57, 14}, w.b.stone);
    BOOST_TEST(w.sky(15, -58, 7) == 11);

    w.map.get_or_generate({1, 0}, w.flat);
    BOOST_TEST(w.block(16, ground, 8) == 13);
    BOOST_TEST(w.block(20, ground, 8) == 9);
    BOOST_TEST(w.sky(15, -58, 7) == 14);
    BOOST_TEST(w.sky(14, -58, 7) == 13);
    BOOST_TEST(w.sky(12, -58, 7) == 14);

    // The other way round: a torch in the new chunk lights the old one.
    w.map.get_or_generate({1, 1}, w.flat);
    w.map.set_block({18, ground, 17}, w.b.torch);
    w.map.get_or_generate({0, 1}, w.flat);
    BOOST_TEST(w.block(15, ground, 17) == 11);
}

BOOST_AUTO_TEST_CASE(incremental_light_matches_a_fresh_lighting) {
    // Random edits across a chunk corner, then the same blocks lit from scratch: every light value
    // must agree (the decrease-then-increase pass leaves no stale light behind).
    Blocks b;
    ChunkMap map(b.reg);
    const FlatGenerator flat = FlatGenerator::vanilla_default(b.reg);
    for (int x = 0; x <= 1; ++x)
        for (int z = 0; z <= 1; ++z) map.get_or_generate({x, z}, flat);
    const BlockState palette[] = {b.air,    b.air,   b.air,   b.stone,     b.stone, b.glass,
                                  b.leaves, b.water, b.torch, b.glowstone, b.slab,  b.top_slab};
    RandomSource random(20240601);
    std::vector<std::pair<BlockPos, BlockState>> edits;
    for (int round = 0; round < 4; ++round) {
        for (int i = 0; i < 250; ++i) {
            const BlockPos p{8 + random.next_int(16), ground + random.next_int(12), 8 + random.next_int(16)};
            const BlockState s = palette[random.next_int(12)];
            map.set_block(p, s);
            edits.emplace_back(p, s);
        }
        ChunkMap fresh(b.reg);
        for (int x = 0; x <= 1; ++x)
            for (int z = 0; z <= 1; ++z) {
                auto c = std::make_unique<LevelChunk>(ChunkPos{x, z}, b.reg);
                flat.generate(*c);
                for (const auto& [p, s] : edits)
                    if (ChunkPos::of(p) == ChunkPos{x, z}) c->set_block(p, s);
                fresh.add(std::move(c));
            }
        int mismatches = 0;
        for (int x = 0; x < 32; ++x)
            for (int z = 0; z < 32; ++z) {
                for (int y = -64; y < -40; ++y)
                    for (const LightLayer layer : {LightLayer::Sky, LightLayer::Block})
                        if (map.brightness(layer, {x, y, z}) != fresh.brightness(layer, {x, y, z})) ++mismatches;
                BOOST_TEST(map.height(Heightmap::WorldSurface, x, z) == fresh.height(Heightmap::WorldSurface, x, z));
                BOOST_TEST(map.height(Heightmap::MotionBlocking, x, z) ==
                           fresh.height(Heightmap::MotionBlocking, x, z));
            }
        BOOST_TEST(mismatches == 0, "round " << round);
    }
}

BOOST_AUTO_TEST_CASE(time_to_generate_and_light_flat_chunks) {
    Blocks b;
    const FlatGenerator flat = FlatGenerator::vanilla_default(b.reg);
    // Processor time, not wall time: the figure stays meaningful on a busy machine.
    auto cpu_ms = [] { return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC; };
    const int runs = 5;
    double total_ms = 0;
    for (int run = 0; run < runs; ++run) {
        ChunkMap map(b.reg);
        const double start = cpu_ms();
        for (int x = -5; x <= 5; ++x)
            for (int z = -5; z <= 5; ++z) map.get_or_generate({x, z}, flat);
        total_ms += cpu_ms() - start;
        BOOST_TEST(map.size() == 121u);
        BOOST_TEST(map.brightness(LightLayer::Sky, {80, ground, 80}) == 15);
    }
    BOOST_TEST_MESSAGE("generating and lighting 11x11 flat chunks: " << total_ms / runs << " ms per world (mean of "
                                                                     << runs << ")");

    // Incremental light: a 7×7 roof placed and taken away, block by block.
    ChunkMap map(b.reg);
    for (int x = -1; x <= 1; ++x)
        for (int z = -1; z <= 1; ++z) map.get_or_generate({x, z}, flat);
    const double start = cpu_ms();
    for (int repeat = 0; repeat < 10; ++repeat)
        for (const BlockState s : {b.reg.default_state(b.v.stone), BlockState{}})
            for (int x = 5; x <= 11; ++x)
                for (int z = 13; z <= 19; ++z) map.set_block({x, -50, z}, s);
    const double us = 1000.0 * (cpu_ms() - start);
    BOOST_TEST(map.brightness(LightLayer::Sky, {8, ground, 16}) == 15);
    BOOST_TEST_MESSAGE("set_block with relighting (roof 10 above flat ground): " << us / 980 << " us per block");
}

BOOST_AUTO_TEST_SUITE_END()
