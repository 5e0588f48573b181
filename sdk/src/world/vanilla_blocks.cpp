// Every vanilla 1.20.4 block, registered from the generated table (tools/blocks/generate.mjs) in
// vanilla's order, so that the registry's state ids are the ids a 1.20.4 client uses; the facts of
// each state are the table's, and the ones it does not hold are derived here as vanilla does.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mobsdk/world/block.hpp"
#include "mobsdk/world/detail/vanilla_block_table.hpp"

namespace mobsdk {

namespace {

using detail::VanillaBlockRow;
using detail::VanillaBlockTable;
using detail::VanillaLandRule;
using detail::VanillaPathRule;

// Vanilla's legacy isSolid from the collision shape's bounds (BlockStateBase.calculateSolid).
bool legacy_solid(const BlockShape& shape) {
    if (shape.is_empty()) return false;
    double min_x = 1, min_y = 1, min_z = 1, max_x = 0, max_y = 0, max_z = 0;
    for (const ShapeBox& b : shape) {
        min_x = std::min<double>(min_x, b.min_x);
        min_y = std::min<double>(min_y, b.min_y);
        min_z = std::min<double>(min_z, b.min_z);
        max_x = std::max<double>(max_x, b.max_x);
        max_y = std::max<double>(max_y, b.max_y);
        max_z = std::max<double>(max_z, b.max_z);
    }
    const double size = ((max_x - min_x) + (max_y - min_y) + (max_z - min_z)) / 3.0;
    // 35/48: what a door or a closed trapdoor measures, so that both count as solid.
    if (size >= 0.7291666666666666) return true;
    return max_y - min_y >= 1.0;
}

// isPathfindable(LAND) of a state.
bool land_pathfindable(const VanillaBlockRow& row, const BlockShape& collision, const BlockStateView& v) {
    switch (row.land) {
        case VanillaLandRule::Never: return false;
        case VanillaLandRule::WhenOpen: return v.is("open", "true");
        case VanillaLandRule::SnowLayers: {
            const std::string_view layers = v.get("layers");
            return layers.size() == 1 && layers[0] < '5';
        }
        case VanillaLandRule::NotLava: return row.name != "lava";
        case VanillaLandRule::ByShape: break;
    }
    return !collision.is_full_block();
}

// WalkNodeEvaluator.getBlockPathTypeRaw (1.20.4) for a state, in its order.
PathType path_type(const VanillaBlockRow& row, const BlockStateInfo& s, const BlockStateView& v) {
    switch (row.path_rule) {
        case VanillaPathRule::Trapdoor: return PathType::Trapdoor;
        case VanillaPathRule::PowderSnow: return PathType::PowderSnow;
        case VanillaPathRule::DamageOther: return PathType::DamageOther;
        case VanillaPathRule::StickyHoney: return PathType::StickyHoney;
        case VanillaPathRule::Cocoa: return PathType::Cocoa;
        case VanillaPathRule::DamageCautious: return PathType::DamageCautious;
        default: break;
    }
    if (s.fluid == Fluid::Lava) return PathType::Lava;
    const bool open = v.is("open", "true");
    switch (row.path_rule) {
        case VanillaPathRule::Burning: return PathType::DamageFire;
        case VanillaPathRule::Campfire:
            if (v.is("lit", "true")) return PathType::DamageFire;
            break;
        case VanillaPathRule::WoodDoor: return open ? PathType::DoorOpen : PathType::DoorWoodClosed;
        case VanillaPathRule::IronDoor: return open ? PathType::DoorOpen : PathType::DoorIronClosed;
        case VanillaPathRule::Rail: return PathType::Rail;
        case VanillaPathRule::Leaves: return PathType::Leaves;
        case VanillaPathRule::Fence: return PathType::Fence;
        case VanillaPathRule::FenceGate:
            if (!open) return PathType::Fence;
            break;
        default: break;
    }
    if (!land_pathfindable(row, s.collision, v)) return PathType::Blocked;
    return s.fluid == Fluid::Water ? PathType::Water : PathType::Open;
}

// The facts of one state: the table's, and what vanilla derives from them.
BlockStateInfo vanilla_state(const VanillaBlockTable& t, const VanillaBlockRow& row, const BlockStateView& v) {
    const std::uint32_t id = row.first_state + v.index();
    BlockStateInfo s;
    const detail::VanillaShapeRow& shape = t.shape(id);
    s.collision = BlockShape::view(t.boxes.data() + shape.first_box, shape.box_count);
    const detail::VanillaShapeRow& outline = t.outline(row, id);
    s.outline = BlockShape::view(t.boxes.data() + outline.first_box, outline.box_count);
    s.max_horizontal_offset = row.max_horizontal_offset;
    s.can_occlude = (row.flags & detail::vanilla_block_transparent) == 0;
    s.solid_render = (t.state_flags[id] & detail::vanilla_state_solid_render) != 0;
    if (t.state_flags[id] & detail::vanilla_state_lava) s.fluid = Fluid::Lava;
    else if (t.state_flags[id] & detail::vanilla_state_water) s.fluid = Fluid::Water;
    if (row.flags & detail::vanilla_block_force_solid_on) s.solid = true;
    else if (row.flags & detail::vanilla_block_force_solid_off) s.solid = false;
    else s.solid = legacy_solid(s.collision);
    // 1.20's blocksMotion: isSolid, except cobweb and bamboo_sapling.
    s.blocks_motion = s.solid && (row.flags & detail::vanilla_block_not_blocks_motion) == 0;
    s.replaceable = (row.flags & detail::vanilla_block_replaceable) != 0;
    s.light_emission = t.light_emission(id);
    s.light_block = t.light_block(id);
    s.path_type = path_type(row, s, v);
    return s;
}

}  // namespace

VanillaBlocks register_vanilla_blocks(BlockRegistry& r) {
    const VanillaBlockTable& t = detail::vanilla_block_table();

    // Each property definition once, and each block's tags from the tags' member lists.
    std::vector<BlockProperty> definitions;
    definitions.reserve(t.properties.size());
    for (const detail::VanillaPropertyRow& p : t.properties) {
        BlockProperty property{std::string(p.name), {}};
        property.values.reserve(p.value_count);
        for (std::uint8_t i = 0; i < p.value_count; ++i) property.values.emplace_back(t.values[p.first_value + i]);
        definitions.push_back(std::move(property));
    }
    std::vector<std::vector<ResourceLocation>> tags(t.blocks.size());
    for (const detail::VanillaTagRow& tag : t.tags) {
        const ResourceLocation id = ResourceLocation::of(tag.name);
        for (std::uint16_t i = 0; i < tag.member_count; ++i) tags[t.tag_members[tag.first_member + i]].push_back(id);
    }

    // Block 0 is air, which every registry already has as state 0: only its tags are added.
    r.add_tags(r.blocks().require("minecraft:air"), tags[0]);
    for (std::size_t b = 1; b < t.blocks.size(); ++b) {
        const VanillaBlockRow& row = t.blocks[b];
        BlockDefinition d;
        d.properties.reserve(row.property_count);
        for (std::uint8_t p = 0; p < row.property_count; ++p)
            d.properties.push_back(definitions[t.block_properties[row.first_property + p]]);
        // The default state's values, decoded from its index (the last property varies fastest).
        std::uint32_t index = row.default_state - row.first_state;
        for (std::size_t p = d.properties.size(); p-- > 0;) {
            const BlockProperty& property = d.properties[p];
            const auto n = static_cast<std::uint32_t>(property.values.size());
            d.defaults.emplace_back(property.name, property.values[index % n]);
            index /= n;
        }
        d.make_state = [&t, &row](const BlockStateView& v) { return vanilla_state(t, row, v); };
        d.tags = std::move(tags[b]);
        r.register_block(ResourceLocation::of(row.name), std::move(d));
    }

    // The handles: each member of VanillaBlocks is named after its block.
    VanillaBlocks v;
    const auto block = [&r](std::string_view id) {
        return r.blocks().require(std::string("minecraft:") + std::string(id));
    };
    v.air = block("air");
    v.stone = block("stone");
    v.dirt = block("dirt");
    v.grass_block = block("grass_block");
    v.sand = block("sand");
    v.gravel = block("gravel");
    v.cobblestone = block("cobblestone");
    v.bedrock = block("bedrock");
    v.oak_planks = block("oak_planks");
    v.oak_log = block("oak_log");
    v.glass = block("glass");
    v.stone_slab = block("stone_slab");
    v.oak_slab = block("oak_slab");
    v.oak_stairs = block("oak_stairs");
    v.oak_fence = block("oak_fence");
    v.oak_fence_gate = block("oak_fence_gate");
    v.cobblestone_wall = block("cobblestone_wall");
    v.oak_door = block("oak_door");
    v.iron_door = block("iron_door");
    v.oak_trapdoor = block("oak_trapdoor");
    v.bell = block("bell");
    v.farmland = block("farmland");
    v.wheat = block("wheat");
    v.hay_block = block("hay_block");
    v.water = block("water");
    v.lava = block("lava");
    v.torch = block("torch");
    v.glowstone = block("glowstone");
    v.white_carpet = block("white_carpet");
    v.dirt_path = block("dirt_path");
    v.oak_leaves = block("oak_leaves");
    v.fire = block("fire");
    v.cactus = block("cactus");
    v.short_grass = block("short_grass");
    v.oak_sign = block("oak_sign");
    v.composter = block("composter");
    v.lectern = block("lectern");
    v.barrel = block("barrel");
    v.blast_furnace = block("blast_furnace");
    v.brewing_stand = block("brewing_stand");
    v.cartography_table = block("cartography_table");
    v.cauldron = block("cauldron");
    v.water_cauldron = block("water_cauldron");
    v.fletching_table = block("fletching_table");
    v.grindstone = block("grindstone");
    v.loom = block("loom");
    v.smithing_table = block("smithing_table");
    v.smoker = block("smoker");
    v.stonecutter = block("stonecutter");
    v.carrots = block("carrots");
    v.potatoes = block("potatoes");
    v.beetroots = block("beetroots");
    v.note_block = block("note_block");
    static constexpr const char* colours[16] = {"white", "orange", "magenta",    "light_blue", "yellow", "lime",
                                                "pink",  "gray",   "light_gray", "cyan",       "purple", "blue",
                                                "brown", "green",  "red",        "black"};
    for (std::size_t i = 0; i < 16; ++i) v.beds[i] = block(std::string(colours[i]) + "_bed");
    return v;
}

}  // namespace mobsdk
