// The block registry core (state ids, text form, errors) and the vanilla block table: default
// states, collision shapes, light, solidity and path types with vanilla's numbers.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "mobsdk/world/block.hpp"
#include "mobsdk/world/unknown_block.hpp"

using namespace mobsdk;

namespace {

// A block with two properties, for the registry core tests.
BlockDefinition lamp_definition() {
    BlockDefinition d;
    d.properties = {{"colour", {"red", "green", "blue"}}, {"lit", {"true", "false"}}};
    d.defaults = {{"colour", "green"}, {"lit", "false"}};
    d.make_state = [](const BlockStateView& v) {
        BlockStateInfo s;
        s.light_emission = v.is("lit", "true") ? 15 : 0;
        return s;
    };
    return d;
}

struct Vanilla {
    BlockRegistry reg;
    VanillaBlocks b = register_vanilla_blocks(reg);

    BlockState state(std::string_view text) const {
        auto s = reg.parse(text);
        if (!s) throw std::runtime_error("test state '" + std::string(text) + "': " + s.error());
        return *s;
    }
    const BlockStateInfo& info(std::string_view text) const { return reg.info(state(text)); }
    const BlockStateInfo& info(Handle<BlockInfo> block) const { return reg.info(reg.default_state(block)); }
    PathType path(std::string_view text) const { return info(text).path_type; }
};

constexpr float px(float v) { return v / 16; }

bool inside(const ShapeBox& b, float x, float y, float z) {
    return x > b.min_x && x < b.max_x && y > b.min_y && y < b.max_y && z > b.min_z && z < b.max_z;
}

// True when the shape covers exactly the volume of `boxes`, however either is cut into boxes: every
// cell of the grid their corners make is inside both or outside both.
bool same_volume(const BlockShape& shape, std::initializer_list<ShapeBox> boxes) {
    std::vector<float> axes[3];
    const auto add = [&](const ShapeBox& b) {
        axes[0].insert(axes[0].end(), {b.min_x, b.max_x});
        axes[1].insert(axes[1].end(), {b.min_y, b.max_y});
        axes[2].insert(axes[2].end(), {b.min_z, b.max_z});
    };
    for (const ShapeBox& b : shape) add(b);
    for (const ShapeBox& b : boxes) add(b);
    for (auto& a : axes) {
        std::sort(a.begin(), a.end());
        a.erase(std::unique(a.begin(), a.end()), a.end());
    }
    for (std::size_t i = 0; i + 1 < axes[0].size(); ++i)
        for (std::size_t j = 0; j + 1 < axes[1].size(); ++j)
            for (std::size_t k = 0; k + 1 < axes[2].size(); ++k) {
                const float x = (axes[0][i] + axes[0][i + 1]) / 2, y = (axes[1][j] + axes[1][j + 1]) / 2,
                            z = (axes[2][k] + axes[2][k + 1]) / 2;
                const bool in_shape =
                    std::any_of(shape.begin(), shape.end(), [&](auto& b) { return inside(b, x, y, z); });
                const bool in_boxes =
                    std::any_of(boxes.begin(), boxes.end(), [&](auto& b) { return inside(b, x, y, z); });
                if (in_shape != in_boxes) return false;
            }
    return true;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(block)

// ---------------------------------------------------------------------------------------------
// Registry core

BOOST_AUTO_TEST_CASE(air_is_state_zero) {
    BlockRegistry reg;
    BOOST_TEST(reg.state_count() == 1u);
    BOOST_TEST(reg.id_of(BlockState{0}).str() == "minecraft:air");
    const auto air = reg.blocks().require("air");
    BOOST_TEST(reg.default_state(air).id == 0u);
    BOOST_TEST(reg.info(BlockState{0}).replaceable);
    BOOST_TEST(reg.info(BlockState{0}).collision.is_empty());
    BOOST_TEST(reg.info(BlockState{0}).path_type == PathType::Open);
    BOOST_TEST(reg.to_string(BlockState{0}) == "minecraft:air");
    // An id out of range reads as air rather than out of bounds.
    BOOST_TEST(reg.info(BlockState{12345}).block == air);
}

BOOST_AUTO_TEST_CASE(register_assigns_consecutive_state_ids) {
    BlockRegistry reg;
    const auto stone = reg.register_block(ResourceLocation::of("stone"),
                                          {{}, {}, [](const BlockStateView&) { return BlockStateInfo{}; }, {}});
    const auto lamp = reg.register_block(ResourceLocation::of("example:lamp"), lamp_definition());
    BOOST_TEST(reg.state_count() == 1u + 1u + 6u);
    BOOST_TEST(reg.blocks()[stone].first_state == 1u);
    BOOST_TEST(reg.blocks()[stone].state_count == 1u);
    BOOST_TEST(reg.blocks()[lamp].first_state == 2u);
    BOOST_TEST(reg.blocks()[lamp].state_count == 6u);
    // Mixed radix, the last property fastest: colour=green (1), lit=false (1) → 1·2 + 1.
    BOOST_TEST(reg.default_state(lamp).id == 2u + 3u);
    BOOST_TEST(reg.to_string(BlockState{2}) == "example:lamp[colour=red,lit=true]");
    BOOST_TEST(reg.to_string(BlockState{3}) == "example:lamp[colour=red,lit=false]");
    BOOST_TEST(reg.to_string(BlockState{7}) == "example:lamp[colour=blue,lit=false]");
    for (std::uint32_t i = 2; i < 8; ++i) {
        BOOST_TEST(reg.block_of(BlockState{i}) == lamp);
        BOOST_TEST(reg.info(BlockState{i}).property_index == i - 2);
        BOOST_TEST(reg.is(BlockState{i}, lamp));
        BOOST_TEST(!reg.is(BlockState{i}, stone));
    }
    BOOST_TEST(reg.info(BlockState{2}).light_emission == 15);
    BOOST_TEST(reg.info(BlockState{3}).light_emission == 0);
}

BOOST_AUTO_TEST_CASE(duplicate_id_names_both_registrants) {
    BlockRegistry reg;
    reg.register_block(ResourceLocation::of("example:lamp"), lamp_definition(), "first_plugin");
    const std::size_t states = reg.state_count();
    try {
        reg.register_block(ResourceLocation::of("example:lamp"), lamp_definition(), "second_plugin");
        BOOST_FAIL("a duplicate id must throw");
    } catch (const RegistryError& e) {
        const std::string what = e.what();
        BOOST_TEST(what.find("example:lamp") != std::string::npos);
        BOOST_TEST(what.find("first_plugin") != std::string::npos);
        BOOST_TEST(what.find("second_plugin") != std::string::npos);
    }
    BOOST_TEST(reg.state_count() == states);  // nothing half-registered
    BOOST_TEST(reg.blocks().size() == 2u);
}

BOOST_AUTO_TEST_CASE(registering_after_freeze_throws) {
    BlockRegistry reg;
    reg.freeze();
    BOOST_CHECK_THROW(reg.register_block(ResourceLocation::of("example:lamp"), lamp_definition()), RegistryError);
    BOOST_TEST(reg.state_count() == 1u);
}

BOOST_AUTO_TEST_CASE(bad_definitions_throw_and_register_nothing) {
    BlockRegistry reg;
    const auto id = ResourceLocation::of("example:bad");
    auto check = [&](BlockDefinition d) {
        BOOST_CHECK_THROW(reg.register_block(id, std::move(d)), std::invalid_argument);
        BOOST_TEST(reg.state_count() == 1u);
        BOOST_TEST(reg.blocks().size() == 1u);
    };
    {
        BlockDefinition d = lamp_definition();
        d.make_state = nullptr;
        check(std::move(d));
    }
    {
        BlockDefinition d = lamp_definition();
        d.properties[0].values.clear();
        check(std::move(d));
    }
    {
        BlockDefinition d = lamp_definition();
        d.properties[1].name = "colour";
        check(std::move(d));
    }
    {
        BlockDefinition d = lamp_definition();
        d.properties[0].values = {"red", "red"};
        check(std::move(d));
    }
    {
        BlockDefinition d = lamp_definition();
        d.properties[0].name = "Colour";
        check(std::move(d));
    }
    {
        BlockDefinition d = lamp_definition();
        d.properties[0].values[0] = "dark=red";
        check(std::move(d));
    }
    {
        BlockDefinition d = lamp_definition();
        d.defaults = {{"size", "big"}};
        check(std::move(d));
    }
    {
        BlockDefinition d = lamp_definition();
        d.defaults = {{"colour", "purple"}};
        check(std::move(d));
    }
    {
        BlockDefinition d = lamp_definition();
        d.make_state = [](const BlockStateView&) -> BlockStateInfo { throw std::invalid_argument("factory"); };
        check(std::move(d));
    }
    {
        // 9 properties of 4 values: 262144 states, over the per-block limit.
        BlockDefinition d = lamp_definition();
        d.properties.clear();
        d.defaults.clear();
        for (char c = 'a'; c < 'a' + 9; ++c) d.properties.push_back({std::string(1, c), {"w", "x", "y", "z"}});
        check(std::move(d));
    }
    // The registry still works afterwards.
    BOOST_TEST(reg.register_block(id, lamp_definition()).valid());
}

BOOST_AUTO_TEST_CASE(with_value_properties) {
    BlockRegistry reg;
    const auto lamp = reg.register_block(ResourceLocation::of("example:lamp"), lamp_definition());
    const BlockState d = reg.default_state(lamp);
    BOOST_TEST(reg.value(d, "colour") == "green");
    BOOST_TEST(reg.value(d, "lit") == "false");
    BOOST_TEST(reg.value(d, "size").empty());
    const auto lit = reg.with(d, "lit", "true");
    BOOST_REQUIRE(lit.has_value());
    BOOST_TEST(reg.value(*lit, "lit") == "true");
    BOOST_TEST(reg.value(*lit, "colour") == "green");
    BOOST_TEST(reg.info(*lit).light_emission == 15);
    BOOST_TEST(reg.with(*lit, "lit", "false").value() == d);
    BOOST_TEST(!reg.with(d, "size", "big").has_value());
    BOOST_TEST(!reg.with(d, "lit", "maybe").has_value());
    const auto props = reg.properties(*lit);
    BOOST_REQUIRE(props.size() == 2u);
    BOOST_TEST(props[0].first == "colour");
    BOOST_TEST(props[0].second == "green");
    BOOST_TEST(props[1].first == "lit");
    BOOST_TEST(props[1].second == "true");
    BOOST_TEST(reg.properties(BlockState{0}).empty());
}

BOOST_AUTO_TEST_CASE(state_of_fills_in_defaults_and_names_errors) {
    BlockRegistry reg;
    const auto lamp = reg.register_block(ResourceLocation::of("example:lamp"), lamp_definition());
    const auto blue = reg.state_of(lamp, {{"colour", "blue"}});
    BOOST_REQUIRE(blue.has_value());
    BOOST_TEST(reg.to_string(*blue) == "example:lamp[colour=blue,lit=false]");
    BOOST_TEST(reg.state_of(lamp, {}).value() == reg.default_state(lamp));
    const auto unknown = reg.state_of(lamp, {{"size", "big"}});
    BOOST_REQUIRE(!unknown.has_value());
    BOOST_TEST(unknown.error().find("size") != std::string::npos);
    const auto bad = reg.state_of(lamp, {{"colour", "purple"}});
    BOOST_REQUIRE(!bad.has_value());
    BOOST_TEST(bad.error().find("purple") != std::string::npos);
    BOOST_TEST(bad.error().find("colour") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(parse_good_inputs) {
    BlockRegistry reg;
    const auto lamp = reg.register_block(ResourceLocation::of("example:lamp"), lamp_definition());
    const BlockState d = reg.default_state(lamp);
    BOOST_TEST(reg.parse("example:lamp").value() == d);
    BOOST_TEST(reg.parse("example:lamp[]").value() == d);
    BOOST_TEST(reg.parse("example:lamp[lit=true]").value() == reg.with(d, "lit", "true").value());
    // Any order; unnamed properties keep their defaults.
    BOOST_TEST(reg.to_string(reg.parse("example:lamp[lit=true,colour=red]").value()) ==
               "example:lamp[colour=red,lit=true]");
    // The namespace is optional for minecraft blocks.
    BOOST_TEST(reg.parse("air").value() == BlockState{0});
    BOOST_TEST(reg.parse("minecraft:air").value() == BlockState{0});
}

BOOST_AUTO_TEST_CASE(parse_bad_inputs_say_what_is_wrong) {
    BlockRegistry reg;
    reg.register_block(ResourceLocation::of("example:lamp"), lamp_definition());
    auto error_of = [&](std::string_view text) {
        const auto r = reg.parse(text);
        BOOST_TEST_INFO("input: " << text);
        BOOST_TEST(!r.has_value());
        return r.has_value() ? std::string() : r.error();
    };
    BOOST_TEST(error_of("example:torch").find("unknown block") != std::string::npos);
    BOOST_TEST(error_of("lamp").find("minecraft:lamp") != std::string::npos);  // no namespace means minecraft
    BOOST_TEST(error_of("example:lamp[size=big]").find("size") != std::string::npos);
    BOOST_TEST(error_of("example:lamp[colour=purple]").find("purple") != std::string::npos);
    BOOST_TEST(error_of("example:lamp[lit=true").find("']'") != std::string::npos);
    BOOST_TEST(error_of("example:lamp[lit=true,lit=false]").find("twice") != std::string::npos);
    BOOST_TEST(error_of("example:lamp[lit]").find("property=value") != std::string::npos);
    BOOST_TEST(error_of("example:lamp[=true]").find("property=value") != std::string::npos);
    BOOST_TEST(error_of("example:lamp[lit=]").find("property=value") != std::string::npos);
    BOOST_TEST(error_of("example:lamp[lit=true,]").find("property=value") != std::string::npos);
    BOOST_TEST(error_of("Example:Lamp").find("invalid block id") != std::string::npos);
    BOOST_TEST(!error_of("").empty());
    BOOST_TEST(!error_of("[lit=true]").empty());
}

// ---------------------------------------------------------------------------------------------
// The vanilla table

BOOST_AUTO_TEST_CASE(every_vanilla_state_round_trips_through_its_text) {
    Vanilla v;
    std::size_t checked = 0;
    for (std::uint32_t id = 0; id < v.reg.state_count(); ++id) {
        const BlockState s{id};
        const std::string text = v.reg.to_string(s);
        const auto back = v.reg.parse(text);
        BOOST_TEST_INFO("state " << id << ": " << text);
        BOOST_REQUIRE(back.has_value());
        BOOST_TEST(back->id == id);
        ++checked;
    }
    BOOST_TEST(checked == v.reg.state_count());
    // Every 1.20.4 block, and so every state with vanilla's id.
    BOOST_TEST(v.reg.blocks().size() == 1058u);
    BOOST_TEST(v.reg.state_count() == 26644u);
}

BOOST_AUTO_TEST_CASE(default_states_are_vanilla_text) {
    Vanilla v;
    auto text = [&](Handle<BlockInfo> b) { return v.reg.to_string(v.reg.default_state(b)); };
    BOOST_TEST(text(v.b.air) == "minecraft:air");
    BOOST_TEST(v.reg.default_state(v.b.air).id == 0u);
    BOOST_TEST(text(v.b.stone) == "minecraft:stone");
    BOOST_TEST(text(v.b.grass_block) == "minecraft:grass_block[snowy=false]");
    BOOST_TEST(text(v.b.oak_log) == "minecraft:oak_log[axis=y]");
    BOOST_TEST(text(v.b.stone_slab) == "minecraft:stone_slab[type=bottom,waterlogged=false]");
    BOOST_TEST(text(v.b.oak_stairs) ==
               "minecraft:oak_stairs[facing=north,half=bottom,shape=straight,waterlogged=false]");
    BOOST_TEST(text(v.b.oak_fence) ==
               "minecraft:oak_fence[east=false,north=false,south=false,waterlogged=false,west=false]");
    BOOST_TEST(text(v.b.oak_fence_gate) ==
               "minecraft:oak_fence_gate[facing=north,in_wall=false,open=false,powered=false]");
    BOOST_TEST(text(v.b.cobblestone_wall) ==
               "minecraft:cobblestone_wall[east=none,north=none,south=none,up=true,waterlogged=false,west=none]");
    BOOST_TEST(text(v.b.oak_door) == "minecraft:oak_door[facing=north,half=lower,hinge=left,open=false,powered=false]");
    BOOST_TEST(text(v.b.iron_door) ==
               "minecraft:iron_door[facing=north,half=lower,hinge=left,open=false,powered=false]");
    BOOST_TEST(text(v.b.oak_trapdoor) ==
               "minecraft:oak_trapdoor[facing=north,half=bottom,open=false,powered=false,waterlogged=false]");
    BOOST_TEST(text(v.b.beds[0]) == "minecraft:white_bed[facing=north,occupied=false,part=foot]");
    BOOST_TEST(text(v.b.bell) == "minecraft:bell[attachment=floor,facing=north,powered=false]");
    BOOST_TEST(text(v.b.farmland) == "minecraft:farmland[moisture=0]");
    BOOST_TEST(text(v.b.wheat) == "minecraft:wheat[age=0]");
    BOOST_TEST(text(v.b.hay_block) == "minecraft:hay_block[axis=y]");
    BOOST_TEST(text(v.b.water) == "minecraft:water[level=0]");
    BOOST_TEST(text(v.b.lava) == "minecraft:lava[level=0]");
    BOOST_TEST(text(v.b.oak_leaves) == "minecraft:oak_leaves[distance=7,persistent=false,waterlogged=false]");
    BOOST_TEST(text(v.b.fire) == "minecraft:fire[age=0,east=false,north=false,south=false,up=false,west=false]");
    BOOST_TEST(text(v.b.cactus) == "minecraft:cactus[age=0]");
    BOOST_TEST(text(v.b.short_grass) == "minecraft:short_grass");
    BOOST_TEST(text(v.b.oak_sign) == "minecraft:oak_sign[rotation=0,waterlogged=false]");
    BOOST_TEST(text(v.b.composter) == "minecraft:composter[level=0]");
    BOOST_TEST(text(v.b.lectern) == "minecraft:lectern[facing=north,has_book=false,powered=false]");
    BOOST_TEST(text(v.b.barrel) == "minecraft:barrel[facing=north,open=false]");
    BOOST_TEST(text(v.b.blast_furnace) == "minecraft:blast_furnace[facing=north,lit=false]");
    BOOST_TEST(text(v.b.smoker) == "minecraft:smoker[facing=north,lit=false]");
    BOOST_TEST(text(v.b.brewing_stand) ==
               "minecraft:brewing_stand[has_bottle_0=false,has_bottle_1=false,has_bottle_2=false]");
    BOOST_TEST(text(v.b.water_cauldron) == "minecraft:water_cauldron[level=1]");
    BOOST_TEST(text(v.b.grindstone) == "minecraft:grindstone[face=wall,facing=north]");
    BOOST_TEST(text(v.b.loom) == "minecraft:loom[facing=north]");
    BOOST_TEST(text(v.b.stonecutter) == "minecraft:stonecutter[facing=north]");
    for (auto h : {v.b.cartography_table, v.b.cauldron, v.b.fletching_table, v.b.smithing_table, v.b.torch,
                   v.b.glowstone, v.b.white_carpet, v.b.dirt_path, v.b.glass, v.b.sand, v.b.gravel})
        BOOST_TEST(v.reg.blocks()[h].properties.empty());
}

BOOST_AUTO_TEST_CASE(state_counts_match_vanilla) {
    Vanilla v;
    auto count = [&](Handle<BlockInfo> b) { return v.reg.blocks()[b].state_count; };
    BOOST_TEST(count(v.b.oak_stairs) == 80u);
    BOOST_TEST(count(v.b.oak_fence) == 32u);
    BOOST_TEST(count(v.b.cobblestone_wall) == 324u);
    BOOST_TEST(count(v.b.oak_door) == 64u);
    BOOST_TEST(count(v.b.oak_trapdoor) == 64u);
    BOOST_TEST(count(v.b.beds[15]) == 16u);
    BOOST_TEST(count(v.b.bell) == 32u);
    BOOST_TEST(count(v.b.fire) == 512u);
    BOOST_TEST(count(v.b.oak_leaves) == 28u);
    BOOST_TEST(count(v.b.oak_sign) == 32u);
    BOOST_TEST(count(v.b.barrel) == 12u);
    BOOST_TEST(count(v.b.grindstone) == 12u);
    BOOST_TEST(count(v.b.composter) == 9u);
    BOOST_TEST(count(v.b.water_cauldron) == 3u);
}

BOOST_AUTO_TEST_CASE(beds_in_colour_order) {
    Vanilla v;
    const char* colours[16] = {"white",      "orange", "magenta", "light_blue", "yellow", "lime",  "pink", "gray",
                               "light_gray", "cyan",   "purple",  "blue",       "brown",  "green", "red",  "black"};
    for (int i = 0; i < 16; ++i) {
        BOOST_TEST(v.reg.blocks().id_of(v.b.beds[i]).str() == "minecraft:" + std::string(colours[i]) + "_bed");
        BOOST_TEST(v.reg.blocks()[v.b.beds[i]].has_tag(ResourceLocation::of("beds")));
    }
}

BOOST_AUTO_TEST_CASE(tags) {
    Vanilla v;
    auto has = [&](Handle<BlockInfo> b, std::string_view t) {
        return v.reg.blocks()[b].has_tag(ResourceLocation::of(t));
    };
    BOOST_TEST(has(v.b.oak_door, "doors"));
    BOOST_TEST(has(v.b.oak_door, "wooden_doors"));
    BOOST_TEST(has(v.b.iron_door, "doors"));
    BOOST_TEST(!has(v.b.iron_door, "wooden_doors"));
    BOOST_TEST(has(v.b.oak_trapdoor, "trapdoors"));
    BOOST_TEST(has(v.b.oak_fence, "fences"));
    BOOST_TEST(has(v.b.oak_fence, "wooden_fences"));
    BOOST_TEST(has(v.b.cobblestone_wall, "walls"));
    BOOST_TEST(has(v.b.oak_fence_gate, "fence_gates"));
    BOOST_TEST(!has(v.b.oak_fence_gate, "fences"));
    BOOST_TEST(has(v.b.oak_leaves, "leaves"));
    BOOST_TEST(has(v.b.stone_slab, "slabs"));
    BOOST_TEST(has(v.b.oak_slab, "slabs"));
    BOOST_TEST(has(v.b.oak_stairs, "stairs"));
    BOOST_TEST(has(v.b.oak_log, "logs"));
    BOOST_TEST(has(v.b.dirt, "dirt"));
    BOOST_TEST(has(v.b.grass_block, "dirt"));
    BOOST_TEST(!has(v.b.dirt_path, "dirt"));
    BOOST_TEST(!has(v.b.farmland, "dirt"));
    BOOST_TEST(has(v.b.wheat, "crops"));
    BOOST_TEST(has(v.b.fire, "fire"));
    BOOST_TEST(!has(v.b.lava, "fire"));
}

BOOST_AUTO_TEST_CASE(slab_and_stair_shapes) {
    Vanilla v;
    const auto& bottom = v.info("stone_slab[type=bottom]").collision;
    BOOST_TEST(bottom.min_y() == 0.0f);
    BOOST_TEST(bottom.max_y() == 0.5f);
    const auto& top = v.info("stone_slab[type=top]").collision;
    BOOST_TEST(top.min_y() == 0.5f);
    BOOST_TEST(top.max_y() == 1.0f);
    BOOST_TEST(v.info("oak_slab[type=double]").collision.is_full_block());

    // Straight stairs facing north: the bottom slab plus the back half step on the north side.
    BOOST_TEST(same_volume(v.info("oak_stairs[facing=north,half=bottom,shape=straight]").collision,
                           {{0, 0, 0, 1, 0.5f, 1}, {0, 0.5f, 0, 1, 1, 0.5f}}));
    BOOST_TEST(same_volume(v.info("oak_stairs[facing=east,half=top,shape=straight]").collision,
                           {{0, 0.5f, 0, 1, 1, 1}, {0.5f, 0, 0, 1, 0.5f, 1}}));
    // Outer corner: only the north-west quarter step; inner corner: three quarters.
    BOOST_TEST(same_volume(v.info("oak_stairs[facing=north,shape=outer_left]").collision,
                           {{0, 0, 0, 1, 0.5f, 1}, {0, 0.5f, 0, 0.5f, 1, 0.5f}}));
    BOOST_TEST(same_volume(v.info("oak_stairs[facing=north,shape=inner_left]").collision,
                           {{0, 0, 0, 1, 0.5f, 1}, {0, 0.5f, 0, 1, 1, 0.5f}, {0, 0.5f, 0.5f, 0.5f, 1, 1}}));
    for (std::uint32_t i = 0; i < v.reg.blocks()[v.b.oak_stairs].state_count; ++i) {
        const auto& s = v.reg.info(BlockState{v.reg.blocks()[v.b.oak_stairs].first_state + i});
        BOOST_TEST(s.collision.max_y() == 1.0f);
        BOOST_TEST(s.collision.min_y() == 0.0f);
        BOOST_TEST(!s.collision.is_full_block());
    }
}

BOOST_AUTO_TEST_CASE(fence_wall_and_gate_shapes) {
    Vanilla v;
    const auto& post = v.info("oak_fence").collision;
    BOOST_TEST(same_volume(post, {{px(6), 0, px(6), px(10), 1.5f, px(10)}}));
    BOOST_TEST(post.max_y() == 1.5f);
    // Arms as wide as the post, reaching past it.
    BOOST_TEST(same_volume(v.info("oak_fence[north=true,east=true]").collision,
                           {{px(6), 0, 0, px(10), 1.5f, px(10)}, {px(6), 0, px(6), 1, 1.5f, px(10)}}));
    const auto& cross = v.info("oak_fence[north=true,east=true,south=true,west=true]").collision;
    BOOST_TEST(same_volume(cross, {{px(6), 0, 0, px(10), 1.5f, 1}, {0, 0, px(6), 1, 1.5f, px(10)}}));
    BOOST_TEST(cross.max_y() == 1.5f);

    BOOST_TEST(same_volume(v.info("cobblestone_wall").collision, {{px(4), 0, px(4), px(12), 1.5f, px(12)}}));
    BOOST_TEST(same_volume(v.info("cobblestone_wall[north=low,south=tall,up=false]").collision,
                           {{px(5), 0, 0, px(11), 1.5f, 1}}));

    BOOST_TEST(same_volume(v.info("oak_fence_gate[facing=north]").collision, {{0, 0, px(6), 1, 1.5f, px(10)}}));
    BOOST_TEST(same_volume(v.info("oak_fence_gate[facing=east]").collision, {{px(6), 0, 0, px(10), 1.5f, 1}}));
    BOOST_TEST(v.info("oak_fence_gate[open=true]").collision.is_empty());
}

BOOST_AUTO_TEST_CASE(door_and_trapdoor_shapes) {
    Vanilla v;
    const float t = px(3);
    // Closed: a 3/16 slab on the side opposite facing (facing north: the south edge).
    BOOST_TEST((v.info("oak_door[facing=north]").collision.boxes[0] == ShapeBox{0, 0, 1 - t, 1, 1, 1}));
    BOOST_TEST((v.info("oak_door[facing=south]").collision.boxes[0] == ShapeBox{0, 0, 0, 1, 1, t}));
    BOOST_TEST((v.info("oak_door[facing=east]").collision.boxes[0] == ShapeBox{0, 0, 0, t, 1, 1}));
    BOOST_TEST((v.info("oak_door[facing=west]").collision.boxes[0] == ShapeBox{1 - t, 0, 0, 1, 1, 1}));
    // Open: swung to the hinge side.
    BOOST_TEST((v.info("oak_door[facing=north,open=true]").collision.boxes[0] == ShapeBox{0, 0, 0, t, 1, 1}));
    BOOST_TEST(
        (v.info("oak_door[facing=north,open=true,hinge=right]").collision.boxes[0] == ShapeBox{1 - t, 0, 0, 1, 1, 1}));
    BOOST_TEST((v.info("iron_door[facing=east,open=true,hinge=right,half=upper]").collision.boxes[0] ==
                ShapeBox{0, 0, 1 - t, 1, 1, 1}));

    BOOST_TEST((v.info("oak_trapdoor").collision.boxes[0] == ShapeBox{0, 0, 0, 1, t, 1}));
    BOOST_TEST((v.info("oak_trapdoor[half=top]").collision.boxes[0] == ShapeBox{0, 1 - t, 0, 1, 1, 1}));
    BOOST_TEST((v.info("oak_trapdoor[open=true,facing=north]").collision.boxes[0] == ShapeBox{0, 0, 1 - t, 1, 1, 1}));
    BOOST_TEST(
        (v.info("oak_trapdoor[open=true,facing=east,half=top]").collision.boxes[0] == ShapeBox{0, 0, 0, t, 1, 1}));
}

BOOST_AUTO_TEST_CASE(other_shapes) {
    Vanilla v;
    BOOST_TEST(v.info("white_carpet").collision.max_y() == px(1));
    BOOST_TEST(v.info("farmland").collision.max_y() == px(15));
    BOOST_TEST(v.info("dirt_path").collision.max_y() == px(15));
    BOOST_TEST(v.info("stonecutter").collision.max_y() == px(9));
    BOOST_TEST(v.info("red_bed[part=head]").collision.max_y() == px(9));
    BOOST_TEST(v.info("red_bed").collision.min_y() == 0.0f);  // the legs
    BOOST_TEST(v.info("cactus").collision.max_y() == px(15));
    BOOST_TEST(v.info("lectern").collision.max_y() == px(14));  // the top plate is zero-height in vanilla
    BOOST_TEST(v.info("brewing_stand").collision.max_y() == px(14));
    BOOST_TEST(v.info("bell").collision.max_y() == 1.0f);
    BOOST_TEST(v.info("bell[attachment=ceiling]").collision.min_y() == px(4));
    BOOST_TEST(v.info("composter").collision.max_y() == 1.0f);
    BOOST_TEST(v.info("cauldron").collision.max_y() == 1.0f);
    BOOST_TEST(v.info("grindstone[face=floor]").collision.max_y() == 1.0f);
    for (auto text : {"torch", "wheat", "short_grass", "fire", "oak_sign", "water", "lava[level=3]", "air"})
        BOOST_TEST(v.info(text).collision.is_empty(), text);
    for (auto text : {"stone", "glass", "oak_leaves", "oak_log[axis=x]", "hay_block", "barrel", "glowstone"})
        BOOST_TEST(v.info(text).collision.is_full_block(), text);
}

// The shapes a BlockShape of four boxes could not hold: vanilla's, from the generated table.
BOOST_AUTO_TEST_CASE(shapes_of_more_than_four_boxes) {
    Vanilla v;
    // The cauldron: the full block less the inside above 4 px and the leg cut-outs below 3 px.
    const BlockShape& cauldron = v.info("cauldron").collision;
    BOOST_TEST(cauldron.count > 4);
    BOOST_TEST(same_volume(cauldron, {{0, px(3), 0, 1, px(4), 1},
                                      {0, px(4), 0, 1, 1, px(2)},
                                      {0, px(4), px(14), 1, 1, 1},
                                      {0, px(4), 0, px(2), 1, 1},
                                      {px(14), px(4), 0, 1, 1, 1},
                                      {0, 0, 0, px(4), px(3), px(2)},
                                      {0, 0, 0, px(2), px(3), px(4)},
                                      {px(12), 0, 0, 1, px(3), px(2)},
                                      {px(14), 0, 0, 1, px(3), px(4)},
                                      {0, 0, px(14), px(4), px(3), 1},
                                      {0, 0, px(12), px(2), px(3), 1},
                                      {px(12), 0, px(14), 1, px(3), 1},
                                      {px(14), 0, px(12), 1, px(3), 1}}));
    BOOST_TEST(v.info("water_cauldron[level=3]").collision == cauldron);
    // The composter: four walls and a 2 px floor.
    BOOST_TEST(same_volume(v.info("composter[level=5]").collision, {{0, 0, 0, 1, px(2), 1},
                                                                    {0, 0, 0, 1, 1, px(2)},
                                                                    {0, 0, px(14), 1, 1, 1},
                                                                    {0, 0, 0, px(2), 1, 1},
                                                                    {px(14), 0, 0, 1, 1, 1}}));
    BOOST_TEST(v.info("hopper").collision.count == 7);
    // Every box of every state has a volume and lies within the block and its neighbours (fences
    // and walls reach 1.5 up, a piston head's arm reaches into the piston below it).
    for (std::uint32_t i = 0; i < v.reg.state_count(); ++i)
        for (const ShapeBox& b : v.reg.info(BlockState{i}).collision)
            BOOST_TEST((b.min_x >= -1 && b.min_y >= -1 && b.min_z >= -1 && b.max_x <= 2 && b.max_y <= 2 &&
                        b.max_z <= 2 && b.min_x < b.max_x && b.min_y < b.max_y && b.min_z < b.max_z));
}

// Shapes defined by a plugin: of/add intern the boxes, so equal shapes are the same view.
BOOST_AUTO_TEST_CASE(custom_shapes_are_interned) {
    BlockShape a = BlockShape::of({0, 0, 0, 1, 0.5f, 1});
    a.add({0, 0.5f, 0, 0.5f, 1, 0.5f});
    BlockShape b = BlockShape::of({0, 0, 0, 1, 0.5f, 1}).add({0, 0.5f, 0, 0.5f, 1, 0.5f});
    BOOST_TEST(a.count == 2);
    BOOST_TEST(a.boxes == b.boxes);
    BOOST_TEST((a == b));
    BOOST_TEST((a.boxes[1] == ShapeBox{0, 0.5f, 0, 0.5f, 1, 0.5f}));
    BOOST_TEST(BlockShape::of({0, 0, 0, 1, 1, 1}).is_full_block());
    BOOST_TEST((BlockShape::of({0, 0, 0, 1, 1, 1}) == BlockShape::full()));
    BOOST_TEST(BlockShape::of_boxes({}).is_empty());
    std::vector<ShapeBox> many(20, ShapeBox{0, 0, 0, 1, px(1), 1});
    BOOST_TEST(BlockShape::of_boxes(many).count == 20);
}

BOOST_AUTO_TEST_CASE(solid_render_table) {
    Vanilla v;
    for (auto text : {"stone", "dirt", "grass_block", "oak_planks", "oak_log", "stone_slab[type=double]", "glowstone",
                      "hay_block", "cobblestone", "bedrock", "sand", "barrel", "smoker"})
        BOOST_TEST(v.info(text).solid_render, text);
    for (auto text : {"air",        "glass",        "oak_leaves",       "stone_slab",   "stone_slab[type=top]",
                      "oak_stairs", "oak_fence",    "cobblestone_wall", "farmland",     "dirt_path",
                      "white_bed",  "white_carpet", "oak_door",         "oak_trapdoor", "cactus",
                      "water",      "torch",        "cauldron",         "lectern",      "composter"})
        BOOST_TEST(!v.info(text).solid_render, text);
    BOOST_TEST(!v.info("glass").can_occlude);
    BOOST_TEST(!v.info("oak_leaves").can_occlude);
    BOOST_TEST(v.info("stone_slab").can_occlude);
}

BOOST_AUTO_TEST_CASE(legacy_solid_and_blocks_motion) {
    Vanilla v;
    // From the collision bounds: average size ≥ 35/48 or a full height.
    for (auto text :
         {"stone", "stone_slab", "oak_stairs", "oak_fence", "oak_door", "oak_trapdoor", "oak_trapdoor[open=true]",
          "white_bed", "farmland", "cactus", "lectern", "stonecutter", "glass", "oak_leaves", "brewing_stand"})
        BOOST_TEST(v.info(text).solid, text);
    for (auto text : {"air", "white_carpet", "torch", "water", "lava", "fire", "wheat", "short_grass"})
        BOOST_TEST(!v.info(text).solid, text);
    // forceSolidOn: signs, fence gates (open too), walls and bells.
    BOOST_TEST(v.info("oak_sign").solid);
    BOOST_TEST(v.info("oak_fence_gate[open=true]").solid);
    BOOST_TEST(v.info("bell[attachment=ceiling]").solid);
    BOOST_TEST(v.info("cobblestone_wall[up=false]").solid);
    // forceSolidOff: ladders and snow layers, whatever their shape.
    BOOST_TEST(!v.info("ladder").solid);
    BOOST_TEST(!v.info("snow[layers=8]").solid);
    BOOST_TEST(v.info("white_banner").solid);
    // blocksMotion is isSolid but for cobweb and bamboo_sapling (both forceSolidOn, without collision).
    BOOST_TEST(v.info("cobweb").solid);
    BOOST_TEST(!v.info("cobweb").blocks_motion);
    BOOST_TEST(!v.info("bamboo_sapling").blocks_motion);
    for (std::uint32_t i = 0; i < v.reg.state_count(); ++i) {
        const BlockState s{i};
        if (v.reg.block_of(s) == v.reg.block_of(v.state("cobweb")) ||
            v.reg.block_of(s) == v.reg.block_of(v.state("bamboo_sapling")))
            continue;
        BOOST_TEST(v.reg.info(s).blocks_motion == v.reg.info(s).solid);
    }
}

BOOST_AUTO_TEST_CASE(replaceable_and_fluids) {
    Vanilla v;
    for (auto text : {"air", "water", "lava", "short_grass", "fire"}) BOOST_TEST(v.info(text).replaceable, text);
    for (auto text : {"stone", "torch", "wheat", "white_carpet", "oak_sign"})
        BOOST_TEST(!v.info(text).replaceable, text);
    BOOST_TEST((v.info("water[level=7]").fluid == Fluid::Water));
    BOOST_TEST((v.info("lava").fluid == Fluid::Lava));
    BOOST_TEST((v.info("oak_slab[waterlogged=true]").fluid == Fluid::Water));
    BOOST_TEST((v.info("oak_fence[waterlogged=true]").fluid == Fluid::Water));
    BOOST_TEST((v.info("oak_slab").fluid == Fluid::None));
    BOOST_TEST((v.info("stone").fluid == Fluid::None));
}

BOOST_AUTO_TEST_CASE(light_emission_and_light_block) {
    Vanilla v;
    BOOST_TEST(v.info("torch").light_emission == 14);
    BOOST_TEST(v.info("glowstone").light_emission == 15);
    BOOST_TEST(v.info("lava").light_emission == 15);
    BOOST_TEST(v.info("fire[age=9]").light_emission == 15);
    BOOST_TEST(v.info("blast_furnace[lit=true]").light_emission == 13);
    BOOST_TEST(v.info("blast_furnace").light_emission == 0);
    BOOST_TEST(v.info("smoker[lit=true,facing=east]").light_emission == 13);
    BOOST_TEST(v.info("brewing_stand").light_emission == 1);
    BOOST_TEST(v.info("stone").light_emission == 0);
    BOOST_TEST(v.info("water").light_emission == 0);

    BOOST_TEST(v.info("stone").light_block == 15);
    BOOST_TEST(v.info("glowstone").light_block == 15);
    BOOST_TEST(v.info("oak_slab[type=double]").light_block == 15);
    BOOST_TEST(v.info("oak_slab").light_block == 0);
    BOOST_TEST(v.info("oak_slab[waterlogged=true]").light_block == 1);
    BOOST_TEST(v.info("glass").light_block == 0);
    BOOST_TEST(v.info("oak_leaves").light_block == 1);
    BOOST_TEST(v.info("water").light_block == 1);
    BOOST_TEST(v.info("lava").light_block == 1);
    BOOST_TEST(v.info("air").light_block == 0);
    BOOST_TEST(v.info("torch").light_block == 0);
    BOOST_TEST(v.info("oak_fence").light_block == 0);
    BOOST_TEST(v.info("farmland").light_block == 0);
    BOOST_TEST(v.info("oak_sign[waterlogged=true]").light_block == 1);
}

BOOST_AUTO_TEST_CASE(path_types) {
    Vanilla v;
    BOOST_TEST((v.path("air") == PathType::Open));
    BOOST_TEST((v.path("stone") == PathType::Blocked));
    BOOST_TEST((v.path("oak_door") == PathType::DoorWoodClosed));
    BOOST_TEST((v.path("oak_door[half=upper,facing=west]") == PathType::DoorWoodClosed));
    BOOST_TEST((v.path("oak_door[open=true]") == PathType::DoorOpen));
    BOOST_TEST((v.path("iron_door") == PathType::DoorIronClosed));
    BOOST_TEST((v.path("iron_door[open=true]") == PathType::DoorOpen));
    BOOST_TEST((v.path("oak_fence") == PathType::Fence));
    BOOST_TEST((v.path("oak_fence[waterlogged=true]") == PathType::Fence));
    BOOST_TEST((v.path("cobblestone_wall") == PathType::Fence));
    BOOST_TEST((v.path("oak_fence_gate") == PathType::Fence));
    BOOST_TEST((v.path("oak_fence_gate[open=true]") == PathType::Open));
    BOOST_TEST((v.path("stone_slab") == PathType::Blocked));
    BOOST_TEST((v.path("stone_slab[type=top,waterlogged=true]") == PathType::Blocked));
    BOOST_TEST((v.path("oak_stairs") == PathType::Blocked));
    BOOST_TEST((v.path("oak_trapdoor") == PathType::Trapdoor));
    BOOST_TEST((v.path("oak_trapdoor[open=true,waterlogged=true]") == PathType::Trapdoor));
    BOOST_TEST((v.path("water") == PathType::Water));
    BOOST_TEST((v.path("water[level=8]") == PathType::Water));
    BOOST_TEST((v.path("lava") == PathType::Lava));
    BOOST_TEST((v.path("fire") == PathType::DamageFire));
    BOOST_TEST((v.path("cactus") == PathType::DamageOther));
    BOOST_TEST((v.path("oak_leaves") == PathType::Leaves));
    BOOST_TEST((v.path("white_carpet") == PathType::Open));
    BOOST_TEST((v.path("torch") == PathType::Open));
    BOOST_TEST((v.path("wheat") == PathType::Open));
    BOOST_TEST((v.path("short_grass") == PathType::Open));
    BOOST_TEST((v.path("oak_sign") == PathType::Open));
    BOOST_TEST((v.path("oak_sign[waterlogged=true]") == PathType::Water));
    // isPathfindable(LAND) is false for these though their shapes are not full blocks.
    for (auto text : {"white_bed", "farmland", "dirt_path", "lectern", "bell", "brewing_stand", "cauldron",
                      "water_cauldron", "composter", "grindstone", "stonecutter", "glass", "barrel"})
        BOOST_TEST((v.path(text) == PathType::Blocked), text);
}

BOOST_AUTO_TEST_CASE(path_type_malus_and_names) {
    BOOST_TEST(default_malus(PathType::Water) == 8.0f);
    BOOST_TEST(default_malus(PathType::DoorWoodClosed) == -1.0f);
    BOOST_TEST(default_malus(PathType::DoorIronClosed) == -1.0f);
    BOOST_TEST(default_malus(PathType::DangerFire) == 8.0f);
    BOOST_TEST(default_malus(PathType::DamageFire) == 16.0f);
    BOOST_TEST(default_malus(PathType::Fence) == -1.0f);
    BOOST_TEST(default_malus(PathType::Breach) == 4.0f);
    BOOST_TEST(default_malus(PathType::Open) == 0.0f);
    BOOST_TEST(default_malus(PathType::Blocked) == -1.0f);
    BOOST_TEST(default_malus(PathType::Lava) == -1.0f);
    BOOST_TEST(default_malus(PathType::Leaves) == -1.0f);
    BOOST_TEST(default_malus(PathType::DangerOther) == 8.0f);
    BOOST_TEST(path_type_name(PathType::DoorWoodClosed) == "DOOR_WOOD_CLOSED");
    BOOST_TEST(path_type_name(PathType::Blocked) == "BLOCKED");
    BOOST_TEST(path_type_name(PathType::DangerTrapdoor) == "DANGER_TRAPDOOR");
    BOOST_TEST(path_type_name(PathType::WaterBorder) == "WATER_BORDER");
}

BOOST_AUTO_TEST_CASE(registering_vanilla_twice_is_a_duplicate) {
    BlockRegistry reg;
    register_vanilla_blocks(reg);
    BOOST_CHECK_THROW(register_vanilla_blocks(reg), RegistryError);
}

BOOST_AUTO_TEST_CASE(carrots_potatoes_and_beetroots_are_crops_like_wheat) {
    Vanilla v;
    for (const char* id : {"minecraft:carrots", "minecraft:potatoes"}) {
        BOOST_TEST_INFO(id);
        const auto block = v.reg.blocks().find(id);
        BOOST_TEST_REQUIRE(block.has_value());
        BOOST_TEST(v.reg.to_string(v.reg.default_state(*block)) == std::string(id) + "[age=0]");
        BOOST_TEST(v.reg.blocks()[*block].has_tag(ResourceLocation::of("crops")));
        BOOST_TEST(v.reg.blocks()[*block].state_count == 8u);  // age 0-7
        const BlockStateInfo& ripe = v.info(std::string(id) + "[age=7]");
        BOOST_TEST(ripe.collision.is_empty());
        BOOST_TEST(!ripe.solid);
        BOOST_TEST(!ripe.can_occlude);
        BOOST_TEST((ripe.path_type == v.info(v.b.wheat).path_type));
    }
    const auto beetroots = v.reg.blocks().find("minecraft:beetroots");
    BOOST_TEST_REQUIRE(beetroots.has_value());
    BOOST_TEST(v.reg.blocks()[*beetroots].state_count == 4u);  // age 0-3
    BOOST_TEST(v.reg.to_string(v.reg.default_state(*beetroots)) == "minecraft:beetroots[age=0]");
    BOOST_TEST(!v.reg.parse("minecraft:beetroots[age=4]").has_value());
    BOOST_TEST(v.info("beetroots[age=3]").collision.is_empty());
}

BOOST_AUTO_TEST_CASE(note_block_has_vanillas_properties_and_is_a_full_block) {
    Vanilla v;
    const auto note = v.reg.blocks().find("minecraft:note_block");
    BOOST_TEST_REQUIRE(note.has_value());
    BOOST_TEST(v.reg.to_string(v.reg.default_state(*note)) ==
               "minecraft:note_block[instrument=harp,note=0,powered=false]");
    // 23 instruments (1.20) × 25 notes × powered.
    BOOST_TEST(v.reg.blocks()[*note].state_count == 23u * 25u * 2u);
    const BlockState s = v.state("note_block[instrument=iron_xylophone,note=24,powered=true]");
    BOOST_TEST(v.reg.value(s, "instrument") == "iron_xylophone");
    BOOST_TEST(v.reg.value(s, "note") == "24");
    BOOST_TEST(!v.reg.parse("note_block[note=25]").has_value());
    BOOST_TEST(!v.reg.parse("note_block[instrument=kazoo]").has_value());
    const BlockStateInfo& i = v.reg.info(s);
    BOOST_TEST(i.collision.is_full_block());
    BOOST_TEST(i.solid_render);
    BOOST_TEST(i.solid);
    BOOST_TEST(i.light_block == 15);
}

namespace {

// Java's arithmetic for Mth.getSeed, written out another way: the int product reduced to 32 bits
// by hand, the long products taken modulo 2^64 by long multiplication in 32-bit halves.
std::int64_t java_get_seed(std::int32_t x, std::int32_t y, std::int32_t z) {
    std::int64_t xs = (std::int64_t{x} * 3129871) % (std::int64_t{1} << 32);
    if (xs < 0) xs += std::int64_t{1} << 32;
    if (xs >= std::int64_t{1} << 31) xs -= std::int64_t{1} << 32;
    const auto times = [](std::int64_t a, std::int64_t b) {
        const auto ua = static_cast<std::uint64_t>(a), ub = static_cast<std::uint64_t>(b);
        const std::uint64_t al = ua & 0xFFFFFFFFu, ah = ua >> 32, bl = ub & 0xFFFFFFFFu, bh = ub >> 32;
        const std::uint64_t cross = (ah * bl + al * bh) & 0xFFFFFFFFu;
        return static_cast<std::int64_t>(al * bl + (cross << 32));
    };
    const auto plus = [](std::int64_t a, std::int64_t b) {
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
    };
    std::int64_t l = xs ^ times(z, 116129781) ^ std::int64_t{y};
    l = plus(times(times(l, l), 42317861), times(l, 11));
    return l >> 16;
}

// Vanilla's OffsetType.XZ, one axis: the nibble as a float fraction of 15, centred, halved, clamped.
double java_offset(std::int64_t nibble, float max) {
    const float fraction = static_cast<float>(nibble) / 15.0f;
    return std::clamp((static_cast<double>(fraction) - 0.5) * 0.5, -static_cast<double>(max), static_cast<double>(max));
}

}  // namespace

// Mth.getSeed: hand-checked values (computed apart in Java's arithmetic), the int overflow of
// x × 3129871 included, and the independent formula over a spread of positions.
BOOST_AUTO_TEST_CASE(position_seed_is_vanillas_get_seed) {
    BOOST_TEST(position_seed(0, 0, 0) == 0);
    BOOST_TEST(position_seed(1, 0, 0) == 133076631897947);
    BOOST_TEST(position_seed(5, 0, 3) == 54572136532237);
    BOOST_TEST(position_seed(-7, 0, 12) == 137537511388545);
    BOOST_TEST(position_seed(30000000, 0, -29999999) == 21820057039147);  // 30000000 × 3129871 wraps
    static_assert(position_seed(0, 0, 0) == 0);
    for (std::int32_t x = -3000; x <= 3000; x += 37)
        for (std::int32_t z = -3000; z <= 3000; z += 41)
            BOOST_TEST_REQUIRE(position_seed(x, x % 7 * 13, z) == java_get_seed(x, x % 7 * 13, z));
    for (std::int32_t x : {INT32_MIN, -29999984, 29999984, INT32_MAX})
        BOOST_TEST(position_seed(x, -64, x / 3) == java_get_seed(x, -64, x / 3));
}

// Bamboo (0.25) and pointed dripstone (0.125) carry their maximum offset; the table's shape is the
// unshifted one (centred, 6.5…9.5 pixels for bamboo), moved per position as vanilla's getOffset.
BOOST_AUTO_TEST_CASE(bamboo_and_pointed_dripstone_have_a_random_xz_offset) {
    Vanilla v;
    BOOST_TEST(v.info("bamboo").max_horizontal_offset == 0.25f);
    BOOST_TEST(v.info("bamboo[age=1,leaves=large,stage=1]").max_horizontal_offset == 0.25f);
    BOOST_TEST(v.info("pointed_dripstone").max_horizontal_offset == 0.125f);
    // The flowers, bamboo_sapling and mangrove_propagule: their outline moves, they have no collision.
    for (auto text : {"poppy", "torchflower", "wither_rose", "bamboo_sapling", "mangrove_propagule"})
        BOOST_TEST(v.info(text).max_horizontal_offset == 0.25f, text);
    // Grass, fern, roots, small dripleaf and the double plants have an OffsetType that only moves
    // their model: vanilla's getShape ignores it.
    for (auto text : {"stone", "air", "short_grass", "fern", "crimson_roots", "small_dripleaf", "tall_grass",
                      "sunflower", "ladder", "dripstone_block"})
        BOOST_TEST(v.info(text).max_horizontal_offset == 0.0f, text);
    const BlockShape& bamboo = v.info("bamboo").collision;
    BOOST_TEST_REQUIRE(bamboo.count == 1);
    BOOST_TEST(bamboo.boxes[0].min_x == px(6.5f));
    BOOST_TEST(bamboo.boxes[0].max_z == px(9.5f));
    // At the origin the seed is 0 and both nibbles are 0: the offset is (−max, 0, −max), where
    // minecraft-data took its shapes.
    BOOST_TEST(v.info("bamboo").collision_offset({0, 70, 0}) == (Vec3{-0.25, 0.0, -0.25}));
    BOOST_TEST(v.info("pointed_dripstone").collision_offset({0, -3, 0}) == (Vec3{-0.125, 0.0, -0.125}));
    // (5, y, 3): nibbles 13 and 9, every y alike.
    const Vec3 at = v.info("bamboo").collision_offset({5, 64, 3});
    BOOST_TEST(at.x == (static_cast<double>(13.0f / 15.0f) - 0.5) * 0.5);
    BOOST_TEST(at.z == (static_cast<double>(9.0f / 15.0f) - 0.5) * 0.5);
    BOOST_TEST(at.y == 0.0);
    BOOST_TEST(v.info("bamboo").collision_offset({5, -60, 3}) == at);
    BOOST_TEST(v.info("pointed_dripstone").collision_offset({5, 64, 3}).x == 0.125);  // clamped
    BOOST_TEST(v.info("stone").collision_offset({5, 64, 3}) == Vec3{});
    for (std::int32_t x = -40; x <= 40; x += 3)
        for (std::int32_t z = -40; z <= 40; z += 7)
            for (float max : {0.25f, 0.125f}) {
                const std::int64_t seed = java_get_seed(x, 0, z);
                const Vec3 o = horizontal_offset({x, 17, z}, max);
                BOOST_TEST_REQUIRE(o.x == java_offset(seed & 15, max));
                BOOST_TEST_REQUIRE(o.z == java_offset((seed >> 8) & 15, max));
            }
}

// Outline (selection) shapes: vanilla's getShape with an empty context, by block class.
BOOST_AUTO_TEST_CASE(outline_shapes_are_vanillas) {
    Vanilla v;
    const auto one = [&](std::string_view text, ShapeBox want) {
        BOOST_TEST_CONTEXT(text) {
            const BlockShape& o = v.info(text).outline;
            BOOST_TEST_REQUIRE(o.count == 1);
            BOOST_TEST((o.boxes[0] == want));
        }
    };
    // A flower: 5,0,5-11,10,11, no collision, moved by its XZ offset (−0.25 on both axes at the origin).
    one("poppy", {px(5), 0, px(5), px(11), px(10), px(11)});
    BOOST_TEST(v.info("poppy").collision.is_empty());
    BOOST_TEST(v.info("poppy").collision_offset({0, 64, 0}) == (Vec3{-0.25, 0.0, -0.25}));
    for (std::int32_t x = -20; x <= 20; x += 3)
        for (std::int32_t z = -20; z <= 20; z += 5) {
            const Vec3 o = v.info("poppy").collision_offset({x, 64, z});
            BOOST_TEST_REQUIRE((o.x >= -0.25 && o.x <= 0.25 && o.z >= -0.25 && o.z <= 0.25 && o.y == 0.0));
        }
    // Crops by age.
    one("wheat[age=0]", {0, 0, 0, 1, px(2), 1});
    one("wheat[age=7]", {0, 0, 0, 1, 1, 1});
    one("carrots[age=0]", {0, 0, 0, 1, px(2), 1});
    one("beetroots[age=3]", {0, 0, 0, 1, px(8), 1});
    // Fences: the post only, 16 px where the collision is 24; an arm 16 px too.
    one("oak_fence", {px(6), 0, px(6), px(10), 1, px(10)});
    BOOST_TEST(v.info("oak_fence").collision.max_y() == 1.5f);
    BOOST_TEST(same_volume(v.info("oak_fence[north=true]").outline, {{px(6), 0, 0, px(10), 1, px(10)}}));
    // Walls: post 16 px, low arms 14, tall 16; collision 24.
    one("cobblestone_wall", {px(4), 0, px(4), px(12), 1, px(12)});
    BOOST_TEST(v.info("cobblestone_wall").collision.max_y() == 1.5f);
    one("cobblestone_wall[up=false,north=low]", {px(5), 0, 0, px(11), px(14), px(11)});
    BOOST_TEST(same_volume(v.info("cobblestone_wall[up=true,north=tall,south=low]").outline,
                           {{px(4), 0, px(4), px(12), 1, px(12)},
                            {px(5), 0, 0, px(11), 1, px(11)},
                            {px(5), 0, px(5), px(11), px(14), 1}}));
    BOOST_TEST(v.info("cobblestone_wall[up=false]").outline.is_empty());
    // Fence gates: an outline open or closed (13 px in a wall); collision 24 px when closed, none open.
    one("oak_fence_gate[facing=north]", {0, 0, px(6), 1, 1, px(10)});
    one("oak_fence_gate[facing=north,open=true]", {0, 0, px(6), 1, 1, px(10)});
    one("oak_fence_gate[facing=east,in_wall=true]", {px(6), 0, 0, px(10), px(13), 1});
    BOOST_TEST(v.info("oak_fence_gate[facing=north]").collision.max_y() == 1.5f);
    BOOST_TEST(v.info("oak_fence_gate[facing=north,open=true]").collision.is_empty());
    // Soul sand: a full outline over a 14 px collision; snow: 2 px per layer, collision one layer less.
    BOOST_TEST(v.info("soul_sand").outline.is_full_block());
    BOOST_TEST(v.info("soul_sand").collision.max_y() == px(14));
    one("snow[layers=1]", {0, 0, 0, 1, px(2), 1});
    BOOST_TEST(v.info("snow[layers=1]").collision.is_empty());
    BOOST_TEST(v.info("snow[layers=8]").outline.is_full_block());
    // Torches, buttons, rails.
    one("torch", {px(6), 0, px(6), px(10), px(10), px(10)});
    one("wall_torch[facing=north]", {px(5.5f), px(3), px(11), px(10.5f), px(13), 1});
    one("stone_button[face=floor,facing=north]", {px(5), 0, px(6), px(11), px(2), px(10)});
    one("stone_button[face=floor,facing=east]", {px(6), 0, px(5), px(10), px(2), px(11)});
    one("stone_button[face=floor,facing=north,powered=true]", {px(5), 0, px(6), px(11), px(1), px(10)});
    one("stone_button[face=wall,facing=north]", {px(5), px(6), px(14), px(11), px(10), 1});
    one("rail", {0, 0, 0, 1, px(2), 1});
    one("rail[shape=ascending_east]", {0, 0, 0, 1, px(8), 1});
    // A ladder's outline is its collision shape: the same view.
    BOOST_TEST((v.info("ladder[facing=north]").outline.boxes == v.info("ladder[facing=north]").collision.boxes));
    BOOST_TEST(v.info("ladder[facing=north]").outline.count == 1);
    // Bamboo: outline by leaves (5..11, 3..13 with large leaves), collision the 6.5..9.5 post.
    one("bamboo[age=1,leaves=none]", {px(5), 0, px(5), px(11), 1, px(11)});
    one("bamboo[age=1,leaves=large]", {px(3), 0, px(3), px(13), 1, px(13)});
    BOOST_TEST(v.info("bamboo[age=1,leaves=large]").collision.boxes[0].min_x == px(6.5f));
    // Cactus: 16 px outline over a 15 px collision.
    one("cactus", {px(1), 0, px(1), px(15), 1, px(15)});
    BOOST_TEST(v.info("cactus").collision.max_y() == px(15));
    // No outline: air, water, lava, light.
    for (auto text : {"air", "water", "lava", "light", "moving_piston"})
        BOOST_TEST(v.info(text).outline.is_empty(), text);
    // A lectern's sloped top reaches 18 px; the whole table stays within -1..2 block units.
    BOOST_TEST(v.info("lectern").outline.max_y() == px(18));
    for (std::uint32_t id = 0; id < v.reg.state_count(); ++id)
        for (const ShapeBox& b : v.reg.info(BlockState{id}).outline)
            BOOST_TEST_REQUIRE((b.min_x >= -1 && b.min_y >= -1 && b.min_z >= -1 && b.max_x <= 2 && b.max_y <= 2 &&
                                b.max_z <= 2 && b.min_x < b.max_x && b.min_y < b.max_y && b.min_z < b.max_z));
}

// A state the registry does not know reads as a solid block: its outline is the full cube. A plugin's
// block with no outline set gets its collision shape; an outline set (even empty) is kept.
BOOST_AUTO_TEST_CASE(outline_of_unknown_and_plugin_blocks) {
    BlockRegistry reg;
    register_vanilla_blocks(reg);
    const Handle<BlockInfo> unknown = register_unknown_block(reg);
    BOOST_TEST(reg.info(reg.default_state(unknown)).outline.is_full_block());
    const ShapeBox slab{0, 0, 0, 1, 0.5f, 1};
    const auto plugin_block = [&](std::string_view path, BlockShape outline) {
        BlockDefinition d;
        d.make_state = [outline, slab](const BlockStateView&) {
            BlockStateInfo s;
            s.collision = BlockShape::of(slab);
            if (!outline.is_unset()) s.outline = outline;
            return s;
        };
        const auto h = reg.register_block(ResourceLocation::parse(std::string("example:") + std::string(path)).value(),
                                          std::move(d), "example");
        return reg.info(reg.default_state(h));
    };
    const BlockStateInfo unset = plugin_block("half", BlockShape::unset());
    BOOST_TEST(!unset.outline.is_unset());
    BOOST_TEST((unset.outline == unset.collision));
    const BlockStateInfo ghost = plugin_block("ghost", BlockShape::empty());
    BOOST_TEST(ghost.outline.is_empty());
    BOOST_TEST(!ghost.outline.is_unset());
    BOOST_TEST(!BlockShape::view(&slab, 0).is_unset());  // an empty view is empty(), not unset()
    BOOST_TEST(plugin_block("boxed", BlockShape::full()).outline.is_full_block());
}

BOOST_AUTO_TEST_SUITE_END()
