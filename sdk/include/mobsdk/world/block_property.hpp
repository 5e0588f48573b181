// Block properties: their definitions (a name and values, as the text form and the Anvil palette
// spell them) and typed handles to them (vanilla's BlockStateProperties.OPEN is a BooleanProperty),
// so that tick code reads `blocks.get(state, props.open)` with no string in sight.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "mobsdk/world/direction.hpp"

namespace mobsdk {

/// @brief A block property: its name and its values, in vanilla's order.
struct BlockProperty {
    std::string name;                 ///< e.g. "half"
    std::vector<std::string> values;  ///< e.g. {"top", "bottom"}
    friend bool operator==(const BlockProperty&, const BlockProperty&) = default;
};

// ---- The values of vanilla's enum properties, in vanilla's order ----------------------------

/// @brief DoubleBlockHalf: the halves of a door (`half=upper|lower`).
enum class DoubleBlockHalf : std::uint8_t { Upper, Lower };
/// @brief Half: the halves of stairs and trapdoors (`half=top|bottom`).
enum class Half : std::uint8_t { Top, Bottom };
/// @brief BedPart: `part=head|foot`.
enum class BedPart : std::uint8_t { Head, Foot };
/// @brief DoorHingeSide: `hinge=left|right`.
enum class DoorHingeSide : std::uint8_t { Left, Right };
/// @brief SlabType: `type=top|bottom|double`.
enum class SlabType : std::uint8_t { Top, Bottom, Double };
/// @brief StairsShape: `shape=straight|inner_left|inner_right|outer_left|outer_right`.
enum class StairsShape : std::uint8_t { Straight, InnerLeft, InnerRight, OuterLeft, OuterRight };
/// @brief BellAttachType: `attachment=floor|ceiling|single_wall|double_wall`.
enum class BellAttachType : std::uint8_t { Floor, Ceiling, SingleWall, DoubleWall };
/// @brief AttachFace: `face=floor|wall|ceiling` (grindstones, buttons).
enum class AttachFace : std::uint8_t { Floor, Wall, Ceiling };
/// @brief WallSide: the arms of a wall, `north=none|low|tall`…
enum class WallSide : std::uint8_t { None, Low, Tall };
/// @brief NoteBlockInstrument (1.20's 23 instruments): `instrument=harp|…|custom_head`.
enum class NoteBlockInstrument : std::uint8_t {
    Harp,
    Basedrum,
    Snare,
    Hat,
    Bass,
    Flute,
    Bell,
    Guitar,
    Chime,
    Xylophone,
    IronXylophone,
    CowBell,
    Didgeridoo,
    Bit,
    Banjo,
    Pling,
    Zombie,
    Skeleton,
    Creeper,
    Dragon,
    WitherSkeleton,
    Piglin,
    CustomHead,
};

/// @brief The text of each value of an enum property, in the enum's order. Specialise it (with a
/// `names` array) to use a plugin's own enum in Property<E>.
template <typename E>
struct PropertyEnum;

/// @cond specialisations
template <>
struct PropertyEnum<DoubleBlockHalf> {
    static constexpr std::array<std::string_view, 2> names{"upper", "lower"};
};
template <>
struct PropertyEnum<Half> {
    static constexpr std::array<std::string_view, 2> names{"top", "bottom"};
};
template <>
struct PropertyEnum<BedPart> {
    static constexpr std::array<std::string_view, 2> names{"head", "foot"};
};
template <>
struct PropertyEnum<DoorHingeSide> {
    static constexpr std::array<std::string_view, 2> names{"left", "right"};
};
template <>
struct PropertyEnum<SlabType> {
    static constexpr std::array<std::string_view, 3> names{"top", "bottom", "double"};
};
template <>
struct PropertyEnum<StairsShape> {
    static constexpr std::array<std::string_view, 5> names{"straight", "inner_left", "inner_right", "outer_left",
                                                           "outer_right"};
};
template <>
struct PropertyEnum<BellAttachType> {
    static constexpr std::array<std::string_view, 4> names{"floor", "ceiling", "single_wall", "double_wall"};
};
template <>
struct PropertyEnum<AttachFace> {
    static constexpr std::array<std::string_view, 3> names{"floor", "wall", "ceiling"};
};
template <>
struct PropertyEnum<WallSide> {
    static constexpr std::array<std::string_view, 3> names{"none", "low", "tall"};
};
template <>
struct PropertyEnum<NoteBlockInstrument> {
    static constexpr std::array<std::string_view, 23> names{
        "harp",       "basedrum", "snare",           "hat",       "bass",           "flute",
        "bell",       "guitar",   "chime",           "xylophone", "iron_xylophone", "cow_bell",
        "didgeridoo", "bit",      "banjo",           "pling",     "zombie",         "skeleton",
        "creeper",    "dragon",   "wither_skeleton", "piglin",    "custom_head"};
};
/// @endcond

/// @brief How a property's values read: as bool, int, Direction, Axis, or an enum's index.
enum class PropertyKind : std::uint8_t { Bool, Int, Direction, Axis, Enum };

/// @brief What a Property<T> may read as: bool, int, Direction, Axis, or an enum with a PropertyEnum.
template <typename T>
concept BlockPropertyValue =
    std::same_as<T, bool> || std::same_as<T, int> || std::same_as<T, Direction> || std::same_as<T, Axis> || requires {
    PropertyEnum<T>::names;
};

/// @brief The kind of values a Property<T> reads.
template <BlockPropertyValue T>
constexpr PropertyKind property_kind() noexcept {
    if constexpr (std::same_as<T, bool>) return PropertyKind::Bool;
    else if constexpr (std::same_as<T, int>) return PropertyKind::Int;
    else if constexpr (std::same_as<T, Direction>) return PropertyKind::Direction;
    else if constexpr (std::same_as<T, Axis>) return PropertyKind::Axis;
    else return PropertyKind::Enum;
}

/// @brief A typed handle to a block property (a name with its exact values, as vanilla's
/// BooleanProperty `open` or IntegerProperty `age` 0–7), valid for one BlockRegistry. Reading it
/// from a state is an array lookup: see BlockRegistry::get and BlockRegistry::with.
template <BlockPropertyValue T>
class Property {
public:
    /// @brief The value type.
    using value_type = T;
    /// @brief An invalid handle: no block has it, get() gives nothing.
    constexpr Property() noexcept = default;
    /// @brief Index of the property among the registry's property definitions.
    constexpr std::uint32_t index() const noexcept { return index_; }
    /// @brief False for a default-constructed handle.
    constexpr bool valid() const noexcept { return index_ != invalid_index; }
    friend constexpr bool operator==(Property, Property) noexcept = default;
    /// @brief Rebuilds a handle from its index; only the block registry needs this.
    static constexpr Property from_index(std::uint32_t index) noexcept {
        Property p;
        p.index_ = index;
        return p;
    }

private:
    static constexpr std::uint32_t invalid_index = std::numeric_limits<std::uint32_t>::max();
    std::uint32_t index_ = invalid_index;
};

/// @brief The number a registry stores for a typed value (bool 1/0, the int, the enum's index).
template <BlockPropertyValue T>
constexpr std::int32_t property_number(T value) noexcept {
    return static_cast<std::int32_t>(value);
}
/// @brief The typed value of a stored number (the inverse of property_number).
template <BlockPropertyValue T>
constexpr T property_value(std::int32_t number) noexcept {
    if constexpr (std::same_as<T, bool>) return number != 0;
    else return static_cast<T>(number);
}

/// @brief A BooleanProperty: values "true", "false" (vanilla lists true first).
BlockProperty boolean_property(std::string name);
/// @brief An IntegerProperty: values min … max.
BlockProperty integer_property(std::string name, int min, int max);
/// @brief A DirectionProperty with the given directions, in that order.
BlockProperty direction_property(std::string name, std::initializer_list<Direction> values);
/// @brief vanilla's HORIZONTAL_FACING: `facing` = north, south, west, east.
BlockProperty horizontal_facing_property();
/// @brief vanilla's FACING: `facing` = north, east, south, west, up, down (declared in this order).
BlockProperty facing_property();
/// @brief An EnumProperty of Direction.Axis: x, y, z.
BlockProperty axis_property(std::string name);
/// @brief An EnumProperty with E's values (PropertyEnum<E>::names).
template <typename E>
requires requires { PropertyEnum<E>::names; }
BlockProperty enum_property(std::string name) {
    BlockProperty p{std::move(name), {}};
    for (const std::string_view v : PropertyEnum<E>::names) p.values.emplace_back(v);
    return p;
}

/// @brief Typed handles to vanilla's block properties (BlockStateProperties, under Mojang's names).
/// Every BlockRegistry defines all of them up front, so each handle is valid in any registry; a
/// block that lacks one simply has no value for it.
struct VanillaBlockProperties {
    Property<bool> open;                                  ///< `open`: doors, trapdoors, fence gates, barrels
    Property<bool> occupied;                              ///< `occupied`: beds
    Property<bool> lit;                                   ///< `lit`: furnaces, campfires
    Property<bool> powered;                               ///< `powered`
    Property<bool> waterlogged;                           ///< `waterlogged`
    Property<bool> has_book;                              ///< `has_book`: lecterns
    Property<bool> in_wall;                               ///< `in_wall`: fence gates
    Property<bool> snowy;                                 ///< `snowy`: grass blocks
    Property<bool> persistent;                            ///< `persistent`: leaves
    Property<bool> up;                                    ///< `up`: walls, fire
    Property<bool> north;                                 ///< `north` (fences, fire)
    Property<bool> east;                                  ///< `east` (fences, fire)
    Property<bool> south;                                 ///< `south` (fences, fire)
    Property<bool> west;                                  ///< `west` (fences, fire)
    Property<bool> has_bottle_0;                          ///< `has_bottle_0`: brewing stands
    Property<bool> has_bottle_1;                          ///< `has_bottle_1`
    Property<bool> has_bottle_2;                          ///< `has_bottle_2`
    Property<Direction> horizontal_facing;                ///< `facing` (north, south, west, east): HORIZONTAL_FACING
    Property<Direction> facing;                           ///< `facing` (all six): FACING, barrels
    Property<Axis> axis;                                  ///< `axis`: logs, hay
    Property<int> age_3;                                  ///< `age` 0–3: beetroots
    Property<int> age_7;                                  ///< `age` 0–7: wheat, carrots, potatoes
    Property<int> age_15;                                 ///< `age` 0–15: fire, cactus
    Property<int> level;                                  ///< `level` 0–15: water, lava
    Property<int> level_composter;                        ///< `level` 0–8: composters
    Property<int> level_cauldron;                         ///< `level` 1–3: water cauldrons
    Property<int> moisture;                               ///< `moisture` 0–7: farmland
    Property<int> distance;                               ///< `distance` 1–7: leaves
    Property<int> rotation_16;                            ///< `rotation` 0–15: standing signs
    Property<int> note;                                   ///< `note` 0–24: note blocks
    Property<DoubleBlockHalf> double_block_half;          ///< `half` (upper, lower): doors
    Property<Half> half;                                  ///< `half` (top, bottom): stairs, trapdoors
    Property<BedPart> bed_part;                           ///< `part`: beds
    Property<DoorHingeSide> door_hinge;                   ///< `hinge`: doors
    Property<SlabType> slab_type;                         ///< `type`: slabs
    Property<StairsShape> stairs_shape;                   ///< `shape`: stairs
    Property<BellAttachType> bell_attachment;             ///< `attachment`: bells
    Property<AttachFace> attach_face;                     ///< `face`: grindstones
    Property<WallSide> east_wall;                         ///< `east` of a wall
    Property<WallSide> north_wall;                        ///< `north` of a wall
    Property<WallSide> south_wall;                        ///< `south` of a wall
    Property<WallSide> west_wall;                         ///< `west` of a wall
    Property<NoteBlockInstrument> note_block_instrument;  ///< `instrument`: note blocks

    /// @brief Calls `f(handle, definition)` for every member, in declaration order (the block
    /// registry defines them in this order; tests walk them).
    template <typename Self, typename F>
    requires std::same_as<std::remove_const_t<Self>, VanillaBlockProperties>
    static void visit(Self& self, F&& f) {
        f(self.open, boolean_property("open"));
        f(self.occupied, boolean_property("occupied"));
        f(self.lit, boolean_property("lit"));
        f(self.powered, boolean_property("powered"));
        f(self.waterlogged, boolean_property("waterlogged"));
        f(self.has_book, boolean_property("has_book"));
        f(self.in_wall, boolean_property("in_wall"));
        f(self.snowy, boolean_property("snowy"));
        f(self.persistent, boolean_property("persistent"));
        f(self.up, boolean_property("up"));
        f(self.north, boolean_property("north"));
        f(self.east, boolean_property("east"));
        f(self.south, boolean_property("south"));
        f(self.west, boolean_property("west"));
        f(self.has_bottle_0, boolean_property("has_bottle_0"));
        f(self.has_bottle_1, boolean_property("has_bottle_1"));
        f(self.has_bottle_2, boolean_property("has_bottle_2"));
        f(self.horizontal_facing, horizontal_facing_property());
        f(self.facing, facing_property());
        f(self.axis, axis_property("axis"));
        f(self.age_3, integer_property("age", 0, 3));
        f(self.age_7, integer_property("age", 0, 7));
        f(self.age_15, integer_property("age", 0, 15));
        f(self.level, integer_property("level", 0, 15));
        f(self.level_composter, integer_property("level", 0, 8));
        f(self.level_cauldron, integer_property("level", 1, 3));
        f(self.moisture, integer_property("moisture", 0, 7));
        f(self.distance, integer_property("distance", 1, 7));
        f(self.rotation_16, integer_property("rotation", 0, 15));
        f(self.note, integer_property("note", 0, 24));
        f(self.double_block_half, enum_property<DoubleBlockHalf>("half"));
        f(self.half, enum_property<Half>("half"));
        f(self.bed_part, enum_property<BedPart>("part"));
        f(self.door_hinge, enum_property<DoorHingeSide>("hinge"));
        f(self.slab_type, enum_property<SlabType>("type"));
        f(self.stairs_shape, enum_property<StairsShape>("shape"));
        f(self.bell_attachment, enum_property<BellAttachType>("attachment"));
        f(self.attach_face, enum_property<AttachFace>("face"));
        f(self.east_wall, enum_property<WallSide>("east"));
        f(self.north_wall, enum_property<WallSide>("north"));
        f(self.south_wall, enum_property<WallSide>("south"));
        f(self.west_wall, enum_property<WallSide>("west"));
        f(self.note_block_instrument, enum_property<NoteBlockInstrument>("instrument"));
    }
};

}  // namespace mobsdk
