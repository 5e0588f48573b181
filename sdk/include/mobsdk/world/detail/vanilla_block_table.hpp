// The generated table of every Minecraft Java 1.20.4 block and block state (1,058 blocks, 26,644
// states), in vanilla's order, so that registering it in that order gives vanilla's global state
// ids. Plain data for register_vanilla_blocks and the tests: not API. Written by
// tools/blocks/generate.mjs into src/world/generated/vanilla_block_table.cpp.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "mobsdk/world/block.hpp"

namespace mobsdk::detail {

/// @brief A property definition: its name and its values (VanillaBlockTable::values[first_value …]),
/// in vanilla's order (a boolean lists true first).
struct VanillaPropertyRow {
    std::string_view name;          ///< e.g. "facing"
    std::uint16_t first_value = 0;  ///< index of its first value in VanillaBlockTable::values
    std::uint8_t value_count = 0;   ///< how many values
};

/// @brief A shape (collision or outline): boxes VanillaBlockTable::boxes[first_box …], in block units.
struct VanillaShapeRow {
    std::uint16_t first_box = 0;  ///< index of its first box
    std::uint8_t box_count = 0;   ///< how many boxes (0: no collision; some shapes need more than four)
};

/// @brief What VanillaBlockRow::flags says.
enum VanillaBlockFlag : std::uint8_t {
    vanilla_block_transparent = 1,         ///< minecraft-data's "transparent": vanilla's !canOcclude()
    vanilla_block_replaceable = 2,         ///< Properties.replaceable() (the #replaceable tag in 1.20)
    vanilla_block_force_solid_on = 4,      ///< Properties.forceSolidOn(): legacy isSolid whatever the shape
    vanilla_block_force_solid_off = 8,     ///< Properties.forceSolidOff(): never legacy isSolid
    vanilla_block_not_blocks_motion = 16,  ///< blocksMotion is false though isSolid (cobweb, bamboo_sapling)
};

/// @brief What VanillaBlockTable::state_flags says of a state.
enum VanillaStateFlag : std::uint8_t {
    vanilla_state_solid_render = 1,  ///< isSolidRender: opaque with a full occlusion shape
    vanilla_state_water = 2,         ///< its fluid is water (water, kelp, seagrass…, or waterlogged=true)
    vanilla_state_lava = 4,          ///< its fluid is lava
};

/// @brief How vanilla's WalkNodeEvaluator.getBlockPathTypeRaw classifies a block before its generic
/// rules (a lava fluid gives LAVA; else not isPathfindable(LAND) gives BLOCKED, a water fluid WATER,
/// anything else OPEN). The rules apply in this order; see tools/blocks/README.md.
enum class VanillaPathRule : std::uint8_t {
    Default,         ///< the generic rules only
    Trapdoor,        ///< TRAPDOOR: #trapdoors, lily_pad, big_dripleaf
    PowderSnow,      ///< POWDER_SNOW
    DamageOther,     ///< DAMAGE_OTHER: cactus, sweet_berry_bush
    StickyHoney,     ///< STICKY_HONEY: honey_block
    Cocoa,           ///< COCOA
    DamageCautious,  ///< DAMAGE_CAUTIOUS: wither_rose, pointed_dripstone
    Burning,         ///< DAMAGE_FIRE (after the lava check): #fire, magma_block, lava_cauldron
    Campfire,        ///< DAMAGE_FIRE when lit=true, else the generic rules
    WoodDoor,        ///< DOOR_OPEN when open=true, else DOOR_WOOD_CLOSED (every door that opens by hand)
    IronDoor,        ///< DOOR_OPEN when open=true, else DOOR_IRON_CLOSED
    Rail,            ///< RAIL: rail, powered_rail, detector_rail, activator_rail
    Leaves,          ///< LEAVES: the LeavesBlocks
    Fence,           ///< FENCE: #fences, #walls
    FenceGate,       ///< FENCE when open=false, else the generic rules
};

/// @brief Vanilla's isPathfindable(LAND) for a block's states (BlockBehaviour's default and the block
/// classes that override it).
enum class VanillaLandRule : std::uint8_t {
    ByShape,     ///< the default: the collision shape is not the full block
    Never,       ///< slabs, stairs, fences, walls, beds, cauldrons, chests, anvils… (the overrides returning false)
    WhenOpen,    ///< doors, trapdoors, fence gates: open=true
    SnowLayers,  ///< snow: layers < 5
    NotLava,     ///< LiquidBlock: true for water, false for lava
};

/// @brief A block tag: its id path and members VanillaBlockTable::tag_members[first_member …]
/// (block ids = indices into VanillaBlockTable::blocks; nested tags already resolved).
struct VanillaTagRow {
    std::string_view name;           ///< e.g. "beds" for minecraft:beds, "mineable/axe"
    std::uint16_t first_member = 0;  ///< index of its first member in VanillaBlockTable::tag_members
    std::uint16_t member_count = 0;  ///< how many blocks
};

/// @brief VanillaBlockRow::first_outline of a block whose outline is its collision shape.
inline constexpr std::uint32_t vanilla_outline_is_collision = 0xFFFFFFFFu;

/// @brief A block: its id path, properties and states.
struct VanillaBlockRow {
    std::string_view name;             ///< the id's path: `stone` for minecraft:stone
    std::uint16_t first_property = 0;  ///< index of its first property in VanillaBlockTable::block_properties
    std::uint8_t property_count = 0;   ///< how many properties (the last varies fastest among its states)
    std::uint32_t first_state = 0;     ///< global id of its first state (vanilla's minStateId)
    std::uint32_t state_count = 1;     ///< how many states (the product of its properties' value counts)
    std::uint32_t default_state = 0;   ///< global id of its default state
    std::uint8_t flags = 0;            ///< VanillaBlockFlag bits
    VanillaPathRule path_rule = VanillaPathRule::Default;  ///< how the node evaluator classifies it
    VanillaLandRule land = VanillaLandRule::ByShape;       ///< isPathfindable(LAND)
    /// @brief getMaxHorizontalOffset of a block with OffsetType.XZ whose shapes (outline, and collision
    /// for bamboo and pointed_dripstone) the offset moves: the flowers, mangrove_propagule,
    /// bamboo_sapling, bamboo, pointed_dripstone; else 0. Its shapes in the table are unshifted.
    float max_horizontal_offset = 0.0f;
    /// @brief Where its states' outline shapes start in VanillaBlockTable::outline_shape, or
    /// vanilla_outline_is_collision when every state's outline is its collision shape.
    std::uint32_t first_outline = vanilla_outline_is_collision;
};

/// @brief The whole table. Per-state arrays are indexed by global state id.
struct VanillaBlockTable {
    std::span<const VanillaBlockRow> blocks;          ///< in vanilla's order (block id = index)
    std::span<const VanillaPropertyRow> properties;   ///< property definitions, each (name, values) once
    std::span<const std::uint16_t> block_properties;  ///< indices into `properties`, per block in its order
    std::span<const std::string_view> values;         ///< property values
    std::span<const ShapeBox> boxes;                  ///< the boxes of all shapes
    std::span<const VanillaShapeRow> shapes;          ///< collision and outline shapes, each once
    std::span<const std::uint16_t> state_shape;       ///< per state: index into `shapes` (collision)
    std::span<const std::uint16_t> outline_shape;     ///< per state of a block with first_outline: outline
    std::span<const std::uint8_t> state_light;        ///< per state: light emission << 4 | light block
    std::span<const std::uint8_t> state_flags;        ///< per state: VanillaStateFlag bits
    std::span<const VanillaTagRow> tags;              ///< vanilla 1.20.4's block tags, by name
    std::span<const std::uint16_t> tag_members;       ///< block ids, per tag
    std::string_view source;                          ///< what it was generated from

    /// @brief The light a state emits, 0–15.
    std::uint8_t light_emission(std::uint32_t state) const noexcept {
        return static_cast<std::uint8_t>(state_light[state] >> 4);
    }
    /// @brief How much light a state absorbs (vanilla's getLightBlock), 0–15.
    std::uint8_t light_block(std::uint32_t state) const noexcept {
        return static_cast<std::uint8_t>(state_light[state] & 15);
    }
    /// @brief The collision shape of a state.
    const VanillaShapeRow& shape(std::uint32_t state) const noexcept { return shapes[state_shape[state]]; }
    /// @brief The outline (selection) shape of a state of `block` (vanilla's getShape, empty context).
    const VanillaShapeRow& outline(const VanillaBlockRow& block, std::uint32_t state) const noexcept {
        if (block.first_outline == vanilla_outline_is_collision) return shape(state);
        return shapes[outline_shape[block.first_outline + (state - block.first_state)]];
    }
};

/// @brief The table generated from minecraft-data (see tools/blocks/README.md).
const VanillaBlockTable& vanilla_block_table() noexcept;

}  // namespace mobsdk::detail
