// The generated 1.20.4 block table (tools/blocks/generate.mjs, from minecraft-data and
// tools/blocks/tags-1.20.4.json): its global ids against facts of the game, its consistency, and the
// registry register_vanilla_blocks fills from it: every block and state with vanilla's id, the
// table's shapes, light, fluids and tags, and the path types the blocks' rules give.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/world/block.hpp"
#include "mobsdk/world/detail/vanilla_block_table.hpp"

using namespace mobsdk;
using detail::VanillaBlockRow;
using detail::VanillaBlockTable;
using detail::VanillaPathRule;

namespace {

const VanillaBlockTable& table() { return detail::vanilla_block_table(); }

const VanillaBlockRow* row_of(std::string_view name) {
    for (const VanillaBlockRow& row : table().blocks)
        if (row.name == name) return &row;
    return nullptr;
}

std::vector<BlockProperty> properties_of(const VanillaBlockRow& row) {
    std::vector<BlockProperty> out;
    for (std::uint8_t p = 0; p < row.property_count; ++p) {
        const detail::VanillaPropertyRow& def = table().properties[table().block_properties[row.first_property + p]];
        BlockProperty property{std::string(def.name), {}};
        for (std::uint8_t v = 0; v < def.value_count; ++v)
            property.values.emplace_back(table().values[def.first_value + v]);
        out.push_back(std::move(property));
    }
    return out;
}

std::vector<ShapeBox> boxes_of(std::uint32_t state) {
    const detail::VanillaShapeRow& shape = table().shape(state);
    return {table().boxes.begin() + shape.first_box, table().boxes.begin() + shape.first_box + shape.box_count};
}

std::string describe(const std::vector<ShapeBox>& boxes) {
    std::string out;
    for (const ShapeBox& b : boxes) {
        const float corners[6] = {b.min_x, b.min_y, b.min_z, b.max_x, b.max_y, b.max_z};
        out += "[";
        for (int i = 0; i < 6; ++i) {
            std::string v = std::to_string(corners[i] * 16);  // in pixels
            v.erase(v.find_last_not_of('0') + 1);
            if (v.back() == '.') v.pop_back();
            out += (i ? " " : "") + v;
        }
        out += "]";
    }
    return out.empty() ? "empty" : out + " (px)";
}

// The raw path type a block's rule gives a state, when the rule decides it (the generic rules use
// isPathfindable(LAND): tests/world/test_block.cpp checks those).
std::optional<PathType> rule_path_type(VanillaPathRule rule, std::uint8_t flags, const BlockRegistry& r, BlockState s) {
    using R = VanillaPathRule;
    const VanillaBlockProperties& p = r.vanilla_properties();
    switch (rule) {
        case R::Trapdoor: return PathType::Trapdoor;
        case R::PowderSnow: return PathType::PowderSnow;
        case R::DamageOther: return PathType::DamageOther;
        case R::StickyHoney: return PathType::StickyHoney;
        case R::Cocoa: return PathType::Cocoa;
        case R::DamageCautious: return PathType::DamageCautious;
        default: break;
    }
    if (flags & detail::vanilla_state_lava) return PathType::Lava;
    const bool open = r.get_or(s, p.open, false);
    switch (rule) {
        case R::Burning: return PathType::DamageFire;
        case R::Campfire: return r.get_or(s, p.lit, false) ? std::optional(PathType::DamageFire) : std::nullopt;
        case R::WoodDoor: return open ? PathType::DoorOpen : PathType::DoorWoodClosed;
        case R::IronDoor: return open ? PathType::DoorOpen : PathType::DoorIronClosed;
        case R::Rail: return PathType::Rail;
        case R::Leaves: return PathType::Leaves;
        case R::Fence: return PathType::Fence;
        case R::FenceGate: return open ? std::nullopt : std::optional(PathType::Fence);
        default: return std::nullopt;
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(vanilla_block_table)

BOOST_AUTO_TEST_CASE(global_ids_are_those_of_1_20_4) {
    const VanillaBlockTable& t = table();
    BOOST_TEST(t.blocks.size() == 1058u);
    BOOST_TEST(t.state_shape.size() == 26644u);
    BOOST_TEST(t.state_light.size() == 26644u);
    BOOST_TEST(t.state_flags.size() == 26644u);
    // Facts of the 1.20.4 game (protocol 765), see /work/shared/research/protocol-765.md.
    struct Known {
        std::string_view name;
        std::uint32_t first, last, default_state;
    };
    for (const Known& k :
         {Known{"air", 0, 0, 0}, Known{"stone", 1, 1, 1}, Known{"grass_block", 8, 9, 9}, Known{"dirt", 10, 10, 10},
          Known{"water", 80, 95, 80}, Known{"oak_log", 130, 132, 131}, Known{"short_grass", 2005, 2005, 2005}}) {
        BOOST_TEST_CONTEXT(k.name) {
            const VanillaBlockRow* row = row_of(k.name);
            BOOST_TEST_REQUIRE(row != nullptr);
            BOOST_TEST(row->first_state == k.first);
            BOOST_TEST(row->first_state + row->state_count - 1 == k.last);
            BOOST_TEST(row->default_state == k.default_state);
        }
    }
    // grass_block: snowy=true is 8, snowy=false (the default) 9: a boolean lists true first.
    const auto grass = properties_of(*row_of("grass_block"));
    BOOST_TEST_REQUIRE(grass.size() == 1u);
    BOOST_TEST((grass[0] == boolean_property("snowy")));
    BOOST_TEST((properties_of(*row_of("oak_log"))[0] == axis_property("axis")));
}

BOOST_AUTO_TEST_CASE(table_is_consistent) {
    const VanillaBlockTable& t = table();
    std::uint32_t next = 0;
    std::set<std::string_view> names;
    for (const VanillaBlockRow& row : t.blocks) {
        BOOST_TEST_CONTEXT(row.name) {
            BOOST_TEST(names.insert(row.name).second);
            BOOST_TEST(row.first_state == next);
            std::uint32_t product = 1;
            for (const BlockProperty& p : properties_of(row)) product *= static_cast<std::uint32_t>(p.values.size());
            BOOST_TEST(row.state_count == product);
            BOOST_TEST(row.default_state >= row.first_state);
            BOOST_TEST(row.default_state < row.first_state + row.state_count);
            next = row.first_state + row.state_count;
        }
    }
    BOOST_TEST(next == 26644u);
    for (const std::uint16_t s : t.state_shape) BOOST_TEST_REQUIRE(s < t.shapes.size());
    for (const detail::VanillaShapeRow& s : t.shapes) BOOST_TEST_REQUIRE(s.first_box + s.box_count <= t.boxes.size());
    // Outlines: the blocks with a rule own consecutive runs of outline_shape, one entry per state.
    std::size_t outlined = 0;
    for (const VanillaBlockRow& row : t.blocks)
        if (row.first_outline != detail::vanilla_outline_is_collision) {
            BOOST_TEST_REQUIRE(row.first_outline == outlined);
            outlined += row.state_count;
        }
    BOOST_TEST(outlined == t.outline_shape.size());
    for (const std::uint16_t s : t.outline_shape) BOOST_TEST_REQUIRE(s < t.shapes.size());
    // A few shapes and lights vanilla's code gives.
    BOOST_TEST(describe(boxes_of(row_of("stone")->default_state)) == "[0 0 0 16 16 16] (px)");
    BOOST_TEST(describe(boxes_of(row_of("farmland")->default_state)) == "[0 0 0 16 15 16] (px)");
    BOOST_TEST(t.light_emission(row_of("lava")->default_state) == 15);
    BOOST_TEST(t.light_block(row_of("stone")->default_state) == 15);
    BOOST_TEST(t.light_block(row_of("water")->default_state) == 1);
    BOOST_TEST(t.light_block(row_of("oak_leaves")->default_state) == 1);
    BOOST_TEST(t.light_block(row_of("glass")->default_state) == 0);
    // Per state: a lit furnace emits 13, a double slab is opaque, a waterlogged slab holds water.
    const VanillaBlockRow& furnace = *row_of("furnace");  // facing (4) × lit: lit=true at even indices
    BOOST_TEST(t.light_emission(furnace.first_state) == 13);
    BOOST_TEST(t.light_emission(furnace.first_state + 1) == 0);
    const VanillaBlockRow& slab = *row_of("oak_slab");  // type (top, bottom, double) × waterlogged
    BOOST_TEST(t.light_block(slab.first_state + 4) == 15);
    BOOST_TEST((t.state_flags[slab.first_state + 4] & detail::vanilla_state_solid_render) != 0);
    BOOST_TEST(t.light_block(slab.first_state + 2) == 1);
    BOOST_TEST((t.state_flags[slab.first_state + 2] & detail::vanilla_state_water) != 0);
    BOOST_TEST(t.light_block(slab.first_state + 3) == 0);
}

// register_vanilla_blocks registers the table: every block in order, so every state has vanilla's id.
BOOST_AUTO_TEST_CASE(registered_ids_are_vanillas) {
    BlockRegistry registry;
    const VanillaBlocks v = register_vanilla_blocks(registry);
    BOOST_TEST(registry.state_count() == 26644u);
    BOOST_TEST(registry.blocks().size() == 1058u);
    const auto state = [&](std::string_view text) { return registry.parse(text).value().id; };
    BOOST_TEST(state("air") == 0u);
    BOOST_TEST(state("stone") == 1u);
    BOOST_TEST(state("grass_block[snowy=true]") == 8u);
    BOOST_TEST(state("grass_block") == 9u);
    BOOST_TEST(state("dirt") == 10u);
    BOOST_TEST(state("water") == 80u);
    BOOST_TEST(state("water[level=15]") == 95u);
    BOOST_TEST(state("oak_log") == 131u);
    BOOST_TEST(state("short_grass") == 2005u);
    BOOST_TEST(state("jungle_trapdoor") == 6168u);
    BOOST_TEST(state("red_nether_brick_wall[east=none,north=none,south=none,up=true,waterlogged=true,west=none]") ==
               17076u);
    BOOST_TEST(registry.default_state(v.stone).id == 1u);
    BOOST_TEST(registry.default_state(v.oak_log).id == 131u);
    BOOST_TEST(registry.default_state(v.short_grass).id == 2005u);
    // A plugin's block comes after vanilla's.
    BlockDefinition custom;
    custom.make_state = [](const BlockStateView&) { return BlockStateInfo{}; };
    const auto h = registry.register_block(ResourceLocation::parse("example:thing").value(), std::move(custom), "x");
    BOOST_TEST(registry.blocks()[h].first_state == 26644u);
}

// Every state as registered is the table's: properties, default state, shape (the table's own boxes),
// light, occlusion, fluid, tags, and the path type wherever the block's rule decides it.
BOOST_AUTO_TEST_CASE(registered_table_is_the_generated_one) {
    BlockRegistry registry;
    register_vanilla_blocks(registry);
    const VanillaBlockTable& t = table();
    std::size_t states = 0, decided = 0;
    for (std::size_t b = 0; b < t.blocks.size(); ++b) {
        const VanillaBlockRow& row = t.blocks[b];
        BOOST_TEST_CONTEXT(row.name) {
            const auto handle = registry.blocks().find("minecraft:" + std::string(row.name));
            BOOST_TEST_REQUIRE(handle.has_value());
            BOOST_TEST(handle->index() == b);
            const BlockInfo& info = registry.blocks()[*handle];
            BOOST_TEST_REQUIRE((info.properties == properties_of(row)));
            BOOST_TEST(info.first_state == row.first_state);
            BOOST_TEST(info.state_count == row.state_count);
            BOOST_TEST(info.default_state == row.default_state);
            for (std::uint32_t id = row.first_state; id < row.first_state + row.state_count; ++id, ++states) {
                const BlockStateInfo& s = registry.info(BlockState{id});
                BOOST_TEST_REQUIRE((s.block == *handle));
                if (b != 0) {  // air is the registry's own, with no boxes at all
                    const detail::VanillaShapeRow& shape = t.shape(id);
                    // A view of the table's boxes (an empty one has no pointer: BlockShape::view).
                    const auto at = [&](const detail::VanillaShapeRow& r) {
                        return r.box_count != 0 ? t.boxes.data() + r.first_box : nullptr;
                    };
                    BOOST_TEST((s.collision.boxes == at(shape)));
                    BOOST_TEST(s.collision.count == shape.box_count);
                    const detail::VanillaShapeRow& outline = t.outline(row, id);
                    BOOST_TEST((s.outline.boxes == at(outline)));
                    BOOST_TEST(s.outline.count == outline.box_count);
                }
                BOOST_TEST(s.light_emission == t.light_emission(id));
                BOOST_TEST(s.light_block == t.light_block(id));
                BOOST_TEST(s.can_occlude == ((row.flags & detail::vanilla_block_transparent) == 0));
                BOOST_TEST(s.solid_render == ((t.state_flags[id] & detail::vanilla_state_solid_render) != 0));
                BOOST_TEST(s.replaceable == (b == 0 || (row.flags & detail::vanilla_block_replaceable) != 0));
                const Fluid fluid = (t.state_flags[id] & detail::vanilla_state_water)  ? Fluid::Water
                                    : (t.state_flags[id] & detail::vanilla_state_lava) ? Fluid::Lava
                                                                                       : Fluid::None;
                BOOST_TEST((s.fluid == fluid));
                BOOST_TEST(s.max_horizontal_offset == row.max_horizontal_offset);
                if (const auto path = rule_path_type(row.path_rule, t.state_flags[id], registry, BlockState{id})) {
                    BOOST_TEST(s.path_type == *path);
                    ++decided;
                }
            }
        }
    }
    BOOST_TEST(states == 26644u);
    BOOST_TEST_MESSAGE("compared " << states << " states, " << decided << " path types decided by a block rule");
}

// The tags as registered are the table's, and the typed handles name them.
BOOST_AUTO_TEST_CASE(registered_tags_are_the_generated_ones) {
    BlockRegistry registry;
    register_vanilla_blocks(registry);
    const VanillaBlockTable& t = table();
    BOOST_TEST(t.tags.size() >= 100u);
    for (const detail::VanillaTagRow& tag : t.tags) {
        BOOST_TEST_CONTEXT(tag.name) {
            const auto handle = registry.tags().find("minecraft:" + std::string(tag.name));
            BOOST_TEST_REQUIRE(handle.has_value());
            std::set<std::uint16_t> members(t.tag_members.begin() + tag.first_member,
                                            t.tag_members.begin() + tag.first_member + tag.member_count);
            BOOST_TEST(members.size() == tag.member_count);
            for (std::size_t b = 0; b < t.blocks.size(); ++b) {
                const BlockState s{t.blocks[b].default_state};
                BOOST_TEST(registry.has_tag(s, *handle) == (members.count(static_cast<std::uint16_t>(b)) == 1));
            }
        }
    }
    const VanillaBlockTags& tags = registry.vanilla_tags();
    const auto has = [&](std::string_view text, BlockTag tag) {
        return registry.has_tag(registry.parse(text).value(), tag);
    };
    BOOST_TEST(has("ladder", tags.climbable));
    BOOST_TEST(has("cave_vines_plant", tags.climbable));
    BOOST_TEST(!has("oak_planks", tags.climbable));
    BOOST_TEST(has("cherry_door", tags.wooden_doors));
    BOOST_TEST(has("bamboo_door", tags.wooden_doors));
    BOOST_TEST(!has("iron_door", tags.wooden_doors));
    BOOST_TEST(!has("copper_door", tags.doors));  // update_1_21's, not the base pack's
    BOOST_TEST(has("crimson_stem", tags.logs));
    BOOST_TEST(!has("crimson_stem", tags.logs_that_burn));
    BOOST_TEST(has("stripped_cherry_wood", tags.logs_that_burn));
    BOOST_TEST(has("powered_rail", tags.rails));
    BOOST_TEST(has("detector_rail", tags.prevent_mob_spawning_inside));
    BOOST_TEST(has("lava_cauldron", tags.cauldrons));
    BOOST_TEST(has("nether_brick_fence", tags.fences));
    BOOST_TEST(!has("nether_brick_fence", tags.wooden_fences));
    BOOST_TEST(has("mud", tags.dirt));
    BOOST_TEST(has("short_grass", tags.replaceable));
    BOOST_TEST(has("light", tags.replaceable));
    BOOST_TEST(!has("tuff_wall", tags.walls));
    BOOST_TEST(has("blackstone_wall", tags.walls));
    BOOST_TEST(has("cherry_wall_hanging_sign", tags.all_signs));
    BOOST_TEST(has("soul_campfire", tags.campfires));
    BOOST_TEST(has("pitcher_crop", tags.crops));
}

// Facts of the base pack's tag files (tools/blocks/README.md names the copies they were read from):
// every file is a tag a plugin finds by name, and a few lists as the game has them.
BOOST_AUTO_TEST_CASE(tags_are_the_base_packs_files) {
    BlockRegistry registry;
    register_vanilla_blocks(registry);
    const VanillaBlockTable& t = table();
    BOOST_TEST(t.tags.size() == 172u);
    BOOST_TEST(registry.tags().size() == 172u);  // the handles' tags are all in the pack
    const auto tag = [&](std::string_view path) { return registry.tags().require("minecraft:" + std::string(path)); };
    const auto members = [&](std::string_view path) {
        std::set<std::string> names;
        const BlockTag handle = tag(path);
        for (std::size_t b = 0; b < t.blocks.size(); ++b)
            if (registry.has_tag(BlockState{t.blocks[b].default_state}, handle))
                names.insert(std::string(t.blocks[b].name));
        return names;
    };
    const auto has = [&](std::string_view block, std::string_view path) {
        return registry.has_tag(registry.parse(block).value(), tag(path));
    };
    // mineable/pickaxe: 329 entries, 6 of them tags (stone buttons, walls, shulker boxes, anvils,
    // cauldrons, rails); none of update_1_21's tuff or copper blocks.
    BOOST_TEST(members("mineable/pickaxe").size() == 375u);
    BOOST_TEST(has("deepslate_brick_wall", "mineable/pickaxe"));
    BOOST_TEST(has("packed_mud", "mineable/pickaxe"));
    BOOST_TEST(!has("polished_tuff", "mineable/pickaxe"));
    BOOST_TEST(!has("copper_grate", "mineable/pickaxe"));
    BOOST_TEST(members("mineable/axe").size() == 297u);
    BOOST_TEST(members("mineable/shovel").size() == 36u);  // 20 blocks and the 16 concrete powders
    BOOST_TEST(members("mineable/hoe").size() == 27u);
    BOOST_TEST(members("needs_stone_tool").size() == 43u);
    BOOST_TEST(has("ancient_debris", "needs_diamond_tool"));
    const std::set<std::string> climbable{"ladder",
                                          "vine",
                                          "scaffolding",
                                          "weeping_vines",
                                          "weeping_vines_plant",
                                          "twisting_vines",
                                          "twisting_vines_plant",
                                          "cave_vines",
                                          "cave_vines_plant"};
    BOOST_TEST((members("climbable") == climbable));
    std::set<std::string> resetting = climbable;
    resetting.insert({"sweet_berry_bush", "cobweb"});
    BOOST_TEST((members("fall_damage_resetting") == resetting));
    const std::set<std::string> leaves = members("leaves");
    BOOST_TEST(leaves.size() == 10u);
    BOOST_TEST(leaves.count("cherry_leaves") == 1u);
    BOOST_TEST(leaves.count("mangrove_leaves") == 1u);
    BOOST_TEST(leaves.count("flowering_azalea_leaves") == 1u);
    BOOST_TEST(members("flowers").size() == 26u);
    for (const char* flower : {"chorus_flower", "spore_blossom", "cherry_leaves", "pink_petals", "torchflower"})
        BOOST_TEST(has(flower, "flowers"), flower);
    BOOST_TEST(has("grass_block", "goats_spawnable_on"));  // through #animals_spawnable_on
    BOOST_TEST(members("sand").size() == 3u);              // the file lists suspicious_sand twice
    BOOST_TEST(members("dampens_vibrations").size() == 32u);
    BOOST_TEST((members("enchantment_power_transmitter") == members("replaceable")));
    BOOST_TEST(has("bedrock", "infiniburn_end"));
    BOOST_TEST(!has("bedrock", "infiniburn_overworld"));
    // 1.20.5's tags are not 1.20.4's.
    for (const char* later : {"mob_interactable_doors", "armadillo_spawnable_on", "incorrect_for_wooden_tool"})
        BOOST_TEST(!registry.tags().find("minecraft:" + std::string(later)).has_value(), later);
}

BOOST_AUTO_TEST_SUITE_END()
