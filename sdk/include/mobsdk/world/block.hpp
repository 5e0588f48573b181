// Blocks and block states as AI sees them: collision shape, light, and the pathfinding type.
// A registry of plain data: each block lists its properties, each state gets a global id and the
// facts a factory derived from its property values once, at registration.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mobsdk/core/registry.hpp"
#include "mobsdk/core/result.hpp"
#include "mobsdk/world/block_property.hpp"
#include "mobsdk/world/block_tag.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk {

/// @brief A block state: an index into the block registry's states (0 is minecraft:air; vanilla's
/// blocks have vanilla 1.20.4's global ids).
struct BlockState {
    std::uint32_t id = 0;  ///< global state id
    friend constexpr bool operator==(BlockState, BlockState) = default;
    /// @brief Prints `state N` (the registry's to_string gives the vanilla text).
    friend std::ostream& operator<<(std::ostream& out, BlockState s) { return out << "state " << s.id; }
};

/// @brief Vanilla's BlockPathTypes, in vanilla's order.
enum class PathType : std::uint8_t {
    Blocked,
    Open,
    Walkable,
    WalkableDoor,
    Trapdoor,
    PowderSnow,
    DangerPowderSnow,
    Fence,
    Lava,
    Water,
    WaterBorder,
    Rail,
    UnpassableRail,
    DangerFire,
    DamageFire,
    DangerOther,
    DamageOther,
    DoorOpen,
    DoorWoodClosed,
    DoorIronClosed,
    Breach,
    Leaves,
    StickyHoney,
    Cocoa,
    DamageCautious,
    DangerTrapdoor,
};
/// @brief Prints vanilla's name, e.g. `DOOR_WOOD_CLOSED`.
std::ostream& operator<<(std::ostream& out, PathType type);
/// @brief Number of path types.
inline constexpr std::size_t path_type_count = static_cast<std::size_t>(PathType::DangerTrapdoor) + 1;
/// @brief Vanilla's default malus of a path type (−1: never entered; 0: free; 8 for water…).
float default_malus(PathType type) noexcept;
/// @brief Vanilla's name of a path type, e.g. "DOOR_WOOD_CLOSED".
std::string_view path_type_name(PathType type) noexcept;

/// @brief One box of a shape, in block-local coordinates (0–1 across; fences reach 1.5 up).
struct ShapeBox {
    float min_x = 0, min_y = 0, min_z = 0;  ///< lowest corner
    float max_x = 1, max_y = 1, max_z = 1;  ///< highest corner
    friend constexpr bool operator==(const ShapeBox&, const ShapeBox&) = default;
};

/// @brief A block shape: a view of boxes (possibly overlapping) in stable storage shared by every
/// registry: vanilla's come from the generated block table (cauldrons have 13 boxes), others are
/// interned by of()/add()/of_boxes() once, at registration. Copying a shape copies the view.
struct BlockShape {
    const ShapeBox* boxes = nullptr;  ///< the boxes, `count` of them
    std::uint8_t count = 0;           ///< how many boxes

    /// @brief No collision at all (air, torches, wheat…): no boxes and a null `boxes`.
    static constexpr BlockShape empty() noexcept { return {}; }
    /// @brief Not given: BlockStateInfo::outline's default, which registration replaces by the state's
    /// collision shape. Empty as a shape (no boxes); is_unset() tells it from empty(): its `boxes` is
    /// not null (every other empty shape's is, view() makes sure).
    static constexpr BlockShape unset() noexcept { return {&unset_box, 0}; }
    /// @brief The full cube.
    static constexpr BlockShape full() noexcept { return {&full_box, 1}; }
    /// @brief A shape of one box (interned: for registration, not ticks).
    static BlockShape of(ShapeBox b) { return of_boxes(std::span<const ShapeBox>(&b, 1)); }
    /// @brief A shape of these boxes (interned: equal lists give the same view; at most 255 boxes).
    static BlockShape of_boxes(std::span<const ShapeBox> boxes);
    /// @brief A view of boxes in storage that outlives every registry (e.g. a constexpr table); with
    /// no boxes, empty().
    static constexpr BlockShape view(const ShapeBox* boxes, std::uint8_t count) noexcept {
        return {count != 0 ? boxes : nullptr, count};
    }
    /// @brief Makes this the shape with one more box (interned: for registration, not ticks).
    BlockShape& add(ShapeBox b);

    /// @brief The first box, for range-for.
    constexpr const ShapeBox* begin() const noexcept { return boxes; }
    /// @brief Past the last box.
    constexpr const ShapeBox* end() const noexcept { return boxes + count; }
    /// @brief True with no boxes.
    constexpr bool is_empty() const noexcept { return count == 0; }
    /// @brief True for unset() (no boxes, `boxes` not null): compared by value, so that a plugin built
    /// apart from the server gives the same answer.
    constexpr bool is_unset() const noexcept { return count == 0 && boxes != nullptr; }
    /// @brief True for exactly the unit cube.
    constexpr bool is_full_block() const noexcept { return count == 1 && boxes[0] == full_box; }
    /// @brief The highest top of any box (0 when empty): the floor height a mob stands on.
    constexpr float max_y() const noexcept {
        float m = 0;
        for (std::uint8_t i = 0; i < count; ++i) m = boxes[i].max_y > m ? boxes[i].max_y : m;
        return m;
    }
    /// @brief The lowest bottom of any box (1 when empty).
    constexpr float min_y() const noexcept {
        float m = 1;
        for (std::uint8_t i = 0; i < count; ++i) m = boxes[i].min_y < m ? boxes[i].min_y : m;
        return m;
    }
    /// @brief The same boxes in the same order.
    friend constexpr bool operator==(const BlockShape& a, const BlockShape& b) noexcept {
        if (a.count != b.count) return false;
        if (a.boxes == b.boxes) return true;
        for (std::uint8_t i = 0; i < a.count; ++i)
            if (!(a.boxes[i] == b.boxes[i])) return false;
        return true;
    }

private:
    static constexpr ShapeBox full_box{0, 0, 0, 1, 1, 1};
    static constexpr ShapeBox unset_box{0, 0, 0, 0, 0, 0};
};

/// @brief Which fluid fills a block (source or flowing; the level is not modelled).
enum class Fluid : std::uint8_t { None, Water, Lava };

/// @brief Vanilla's Mth.getSeed(x, y, z): the per-position seed of a block's random offset (the
/// game's own arithmetic: `x * 3129871` wraps in 32 bits before it is widened, the rest wraps in 64).
constexpr std::int64_t position_seed(std::int32_t x, std::int32_t y, std::int32_t z) noexcept {
    const auto wide = [](std::int64_t v) { return static_cast<std::uint64_t>(v); };
    const auto xs = static_cast<std::int32_t>(static_cast<std::uint32_t>(x) * 3129871u);
    std::uint64_t l = wide(xs) ^ wide(z) * 116129781u ^ wide(y);
    l = l * l * 42317861u + l * 11u;
    return static_cast<std::int64_t>(l) >> 16;
}

/// @brief The random horizontal offset of a block at `pos` whose block has OffsetType.XZ and
/// getMaxHorizontalOffset() `max` (vanilla's BlockBehaviour offset function): x and z each one of
/// 16 steps of 1/30 across ±0.25, clamped to ±max; y is 0. Seeded by position_seed(x, 0, z), so every
/// block of a column has the same offset.
constexpr Vec3 horizontal_offset(BlockPos pos, float max) noexcept {
    const std::int64_t seed = position_seed(pos.x, 0, pos.z);
    const auto axis = [max](std::int64_t bits) {
        // The 4-bit fraction is a float division, widened before the rest, as in the game.
        const double v = (static_cast<double>(static_cast<float>(bits & 15) / 15.0f) - 0.5) * 0.5;
        const double m = max;
        return v < -m ? -m : v > m ? m : v;
    };
    return {axis(seed), 0.0, axis(seed >> 8)};
}

struct BlockInfo;

/// @brief What AI needs to know about one block state.
struct BlockStateInfo {
    Handle<BlockInfo> block;  ///< the block this is a state of
    /// @brief Vanilla's getMaxHorizontalOffset for a block with a random XZ offset that moves its
    /// shapes (the flowers, mangrove_propagule and bamboo_sapling 0.25: their outline; bamboo 0.25 and
    /// pointed_dripstone 0.125: outline and collision), else 0. The shapes in `collision` and `outline`
    /// are then unshifted, and collision_offset(pos) is where they lie at a position. Blocks whose
    /// OffsetType only moves their model (grass, fern, roots, small dripleaf, the double plants) have 0:
    /// vanilla's getShape ignores it.
    float max_horizontal_offset = 0.0f;
    BlockShape collision;  ///< collision shape (what mobs and rays hit), before the random offset
    /// @brief Outline (selection) shape: vanilla's getShape(level, pos) with an empty context, what a
    /// player's crosshair selects and reach ray casts hit, before the random offset. Often the collision
    /// shape; not for blocks without collision (flowers, torches, crops, signs…) nor for fences and walls
    /// (16 px where the collision is 24), soul sand, snow layers, cactus… Left unset() by a factory,
    /// register_block makes it the state's collision shape.
    BlockShape outline = BlockShape::unset();
    bool can_occlude = false;  ///< an opaque block (glass and leaves are not)
    /// @brief Vanilla's isSolidRender: opaque with a full occlusion shape. A random walk target
    /// must stand on such a block (seed 003): slabs, glass and fences are not.
    bool solid_render = false;
    bool solid = false;                   ///< vanilla's legacy isSolid (LandRandomPos climbs out of these)
    bool blocks_motion = false;           ///< counts for the MOTION_BLOCKING heightmap (with fluids)
    bool replaceable = false;             ///< air, water, lava, short plants: placing into it replaces it
    std::uint8_t light_emission = 0;      ///< block light it emits, 0–15
    std::uint8_t light_block = 0;         ///< how much sky/block light it absorbs, 0–15 (15: opaque)
    PathType path_type = PathType::Open;  ///< the raw type (vanilla's getBlockPathTypeRaw)
    Fluid fluid = Fluid::None;            ///< the fluid in it
    std::uint32_t property_index = 0;     ///< position among its block's states (mixed-radix values)

    /// @brief How far the collision and outline shapes are moved at `pos` (vanilla's getOffset; zero
    /// for almost every block): the world-space box of `b` is `pos + (b + offset)`.
    constexpr Vec3 collision_offset(BlockPos pos) const noexcept {
        return max_horizontal_offset > 0.0f ? horizontal_offset(pos, max_horizontal_offset) : Vec3{};
    }
};

/// @brief A block as registered.
struct BlockInfo {
    std::vector<BlockProperty> properties;  ///< its properties (none for stone)
    std::uint32_t first_state = 0;          ///< global id of its first state
    std::uint32_t state_count = 1;          ///< how many states (product of the value counts)
    std::uint32_t default_state = 0;        ///< global id of its default state
    std::vector<ResourceLocation> tags;     ///< block tags it is in, e.g. minecraft:beds (as registered)
    /// @brief True when it carries the tag (a linear search: for commands; tick code uses
    /// BlockRegistry::has_tag with a BlockTag).
    bool has_tag(const ResourceLocation& tag) const noexcept {
        for (const auto& t : tags)
            if (t == tag) return true;
        return false;
    }
};

/// @brief A state under construction: the property values a factory derives its facts from.
class BlockStateView {
public:
    /// @brief The state at `index` among its block's states, with these property values.
    BlockStateView(const std::vector<BlockProperty>& properties, const std::vector<std::uint8_t>& values,
                   std::uint32_t index = 0) noexcept
        : properties_(properties), values_(values), index_(index) {}
    /// @brief The value of a property; empty when the block has no such property.
    std::string_view get(std::string_view property) const noexcept;
    /// @brief True when `property` has `value`.
    bool is(std::string_view property, std::string_view value) const noexcept { return get(property) == value; }
    /// @brief The state's position among its block's states (its global id less the block's first).
    std::uint32_t index() const noexcept { return index_; }

private:
    const std::vector<BlockProperty>& properties_;
    const std::vector<std::uint8_t>& values_;
    std::uint32_t index_ = 0;
};

/// @brief How to register a block: its properties, its default values and a factory deriving
/// each state's facts (the factory runs once per state at registration, never in a tick).
struct BlockDefinition {
    std::vector<BlockProperty> properties;  ///< properties and their values
    /// @brief The default state's values by property name; a property not named takes its first value.
    std::vector<std::pair<std::string, std::string>> defaults;
    std::function<BlockStateInfo(const BlockStateView&)> make_state;  ///< facts of one state
    std::vector<ResourceLocation> tags;                               ///< block tags
};

/// @brief The block registry: blocks by id and their states by global id (0 is minecraft:air).
/// State ids are assigned in registration order: register_vanilla_blocks registers vanilla's blocks
/// in vanilla's order, so theirs are vanilla 1.20.4's global (network) ids, and a plugin's follow.
/// They are never saved (the Anvil palette stores names and properties).
///
/// It also keeps the block tags and the property definitions its blocks use, so that tick code
/// reads a state through typed handles (`has_tag(state, tags.beds)`, `get(state, props.open)`)
/// with array lookups only. Vanilla's tags and property definitions are there from the start
/// (vanilla_tags(), vanilla_properties()), like air.
class BlockRegistry {
public:
    BlockRegistry();

    /// @brief Registers a block and all its states; throws RegistryError on a duplicate id (naming
    /// both registrants) or after freeze, and std::invalid_argument for a property without values,
    /// a property or value named twice, or a bad default. Nothing is registered when it throws.
    /// The block's tags and property definitions are added to the registry's when new.
    Handle<BlockInfo> register_block(const ResourceLocation& id, BlockDefinition definition,
                                     std::string_view registrant = "mobsdk");
    /// @brief Adds tags to a block already registered (air, which every registry registers itself, is
    /// in vanilla's #replaceable); throws RegistryError after freeze.
    void add_tags(Handle<BlockInfo> block, const std::vector<ResourceLocation>& tags,
                  std::string_view registrant = "mobsdk");
    /// @brief No more registrations.
    void freeze() noexcept {
        blocks_.freeze();
        tags_.freeze();
    }

    /// @brief The blocks by id.
    const Registry<BlockInfo>& blocks() const noexcept { return blocks_; }
    /// @brief Number of states.
    std::size_t state_count() const noexcept { return states_.size(); }
    /// @brief The facts of a state; an id out of range gives air's.
    const BlockStateInfo& info(BlockState state) const noexcept {
        return state.id < states_.size() ? states_[state.id] : states_[0];
    }
    /// @brief The block of a state.
    Handle<BlockInfo> block_of(BlockState state) const noexcept { return info(state).block; }
    /// @brief The id of a state's block.
    const ResourceLocation& id_of(BlockState state) const { return blocks_.id_of(block_of(state)); }
    /// @brief True when the state belongs to the block.
    bool is(BlockState state, Handle<BlockInfo> block) const noexcept { return block_of(state) == block; }
    /// @brief A block's default state.
    BlockState default_state(Handle<BlockInfo> block) const { return {blocks_.entry(block).value.default_state}; }

    // ---- Tags ----

    /// @brief The block tags by id (vanilla's first, then those blocks brought in).
    const Registry<BlockTagInfo>& tags() const noexcept { return tags_; }
    /// @brief Handles to vanilla's block tags (valid in every registry).
    const VanillaBlockTags& vanilla_tags() const noexcept { return vanilla_tags_; }
    /// @brief True when the state's block carries the tag: one bit test.
    bool has_tag(BlockState state, BlockTag tag) const noexcept {
        const std::vector<std::uint64_t>& bits = layouts_[info(state).block.index()].tag_bits;
        const std::size_t word = tag.index() / 64;
        return word < bits.size() && ((bits[word] >> (tag.index() % 64)) & 1u) != 0;
    }
    /// @brief True when the state's block carries the tag named `tag` (for commands and
    /// configuration: tick code keeps a BlockTag).
    bool has_tag(BlockState state, const ResourceLocation& tag) const { return blocks_[block_of(state)].has_tag(tag); }

    // ---- Typed properties ----

    /// @brief Handles to vanilla's property definitions (valid in every registry).
    const VanillaBlockProperties& vanilla_properties() const noexcept { return vanilla_properties_; }
    /// @brief The value of a property of a state; empty when the state's block has no such property.
    template <BlockPropertyValue T>
    std::optional<T> get(BlockState state, Property<T> property) const noexcept {
        if (const std::int32_t* n = number_of(state, property.index())) return property_value<T>(*n);
        return std::nullopt;
    }
    /// @brief The value of a property of a state, or `fallback` when its block has no such property.
    template <BlockPropertyValue T>
    T get_or(BlockState state, Property<T> property, T fallback) const noexcept {
        const std::int32_t* n = number_of(state, property.index());
        return n ? property_value<T>(*n) : fallback;
    }
    /// @brief True when the state's block has the property.
    template <BlockPropertyValue T>
    bool has(BlockState state, Property<T> property) const noexcept {
        return number_of(state, property.index()) != nullptr;
    }
    /// @brief The state with one property changed; empty when the block has no such property.
    template <BlockPropertyValue T>
    std::optional<BlockState> with(BlockState state, Property<T> property, T value) const noexcept {
        return with_number(state, property.index(), property_number(value));
    }
    /// @brief The handle of a property definition (name and exact values) when some block uses it
    /// (or it is vanilla's) and its values read as T; invalid otherwise. For set-up, not ticks.
    template <BlockPropertyValue T>
    Property<T> find_property(const BlockProperty& definition) const {
        const std::uint32_t index = find_definition(definition);
        if (index == no_definition || definitions_[index].kind != property_kind<T>()) return {};
        return Property<T>::from_index(index);
    }
    /// @brief Number of property definitions (vanilla's and those blocks brought in).
    std::size_t property_definition_count() const noexcept { return definitions_.size(); }
    /// @brief A property definition by index (Property<T>::index()).
    const BlockProperty& property_definition(std::uint32_t index) const { return definitions_.at(index).property; }

    // ---- Properties by name (commands, parsing, the Anvil palette) ----

    /// @brief The value of a property of a state; empty when the block has no such property.
    std::string_view value(BlockState state, std::string_view property) const;
    /// @brief The state with one property changed; empty when the property or value does not exist.
    std::optional<BlockState> with(BlockState state, std::string_view property, std::string_view value) const;
    /// @brief A state's properties as (name, value) pairs, in the block's order (the Anvil palette).
    std::vector<std::pair<std::string, std::string>> properties(BlockState state) const;
    /// @brief The state of a block with the given property values (others default); an error names
    /// the unknown property or value.
    Result<BlockState, std::string> state_of(Handle<BlockInfo> block,
                                             const std::vector<std::pair<std::string, std::string>>& values) const;
    /// @brief Parses vanilla's block state syntax, `oak_door[half=upper,open=true]` (namespace
    /// optional); the error says what is wrong and where.
    Result<BlockState, std::string> parse(std::string_view text) const;
    /// @brief Vanilla's text form, `minecraft:oak_door[facing=north,half=upper,…]`.
    std::string to_string(BlockState state) const;

private:
    // A property definition and the number each of its values reads as (see property_number).
    struct Definition {
        BlockProperty property;
        PropertyKind kind = PropertyKind::Enum;
        std::vector<std::int32_t> numbers;
    };
    // Where a block's properties sit in its states' mixed-radix index, by definition, and its tags.
    struct Layout {
        std::uint32_t first_state = 0;
        std::vector<std::int8_t> slot_of;       // by definition index; -1: not this block's
        std::vector<std::uint32_t> definition;  // by slot
        std::vector<std::uint32_t> stride;      // by slot
        std::vector<std::uint32_t> count;       // by slot
        std::vector<std::uint64_t> tag_bits;    // by tag index
    };
    static constexpr std::uint32_t no_definition = static_cast<std::uint32_t>(-1);

    const std::int32_t* number_of(BlockState state, std::uint32_t definition) const noexcept {
        const BlockStateInfo& s = info(state);
        const Layout& l = layouts_[s.block.index()];
        if (definition >= l.slot_of.size() || l.slot_of[definition] < 0) return nullptr;
        const auto slot = static_cast<std::size_t>(l.slot_of[definition]);
        return &definitions_[definition].numbers[s.property_index / l.stride[slot] % l.count[slot]];
    }
    std::optional<BlockState> with_number(BlockState state, std::uint32_t definition,
                                          std::int32_t number) const noexcept;
    std::uint32_t find_definition(const BlockProperty& property) const noexcept;
    std::uint32_t add_definition(BlockProperty property);

    Registry<BlockInfo> blocks_{ResourceLocation::of("block")};
    Registry<BlockTagInfo> tags_{ResourceLocation::of("block_tag")};
    std::vector<BlockStateInfo> states_;
    std::vector<Definition> definitions_;
    std::vector<Layout> layouts_;  // by block index
    VanillaBlockTags vanilla_tags_;
    VanillaBlockProperties vanilla_properties_;
};

/// @brief Handles to the vanilla blocks AI and the reference world use (register_vanilla_blocks
/// registers every vanilla block; look others up by id at set-up).
struct VanillaBlocks {
    Handle<BlockInfo> air, stone, dirt, grass_block, sand, gravel, cobblestone, bedrock, oak_planks, oak_log, glass,
        stone_slab, oak_slab, oak_stairs, oak_fence, oak_fence_gate, cobblestone_wall, oak_door, iron_door,
        oak_trapdoor, bell, farmland, wheat, hay_block, water, lava, torch, glowstone, white_carpet, dirt_path,
        oak_leaves, fire, cactus, short_grass, oak_sign;
    std::array<Handle<BlockInfo>, 16> beds;  ///< white_bed … black_bed, in vanilla's colour order
    Handle<BlockInfo> composter, lectern, barrel, blast_furnace, brewing_stand, cartography_table, cauldron,
        water_cauldron, fletching_table, grindstone, loom, smithing_table, smoker,
        stonecutter;                                             ///< the job-site blocks
    Handle<BlockInfo> carrots, potatoes, beetroots, note_block;  ///< the other crops; the note block (allays)
};

/// @brief Registers every block of Minecraft Java 1.20.4 (1,058 blocks, 26,644 states) in vanilla's
/// order from the generated table, so that each state's id is vanilla's global id, with vanilla's
/// properties, default states, collision shapes, light, path types and block tags (see
/// tools/blocks/README.md). Air is already state 0 of every BlockRegistry; call it first.
VanillaBlocks register_vanilla_blocks(BlockRegistry& registry);

}  // namespace mobsdk
