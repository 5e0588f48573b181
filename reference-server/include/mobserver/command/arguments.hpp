// The argument types of the vanilla commands: numbers, words, coordinates (absolute, `~`, `^`),
// block states, resource locations, entity types, SNBT compounds, NBT paths and times, with
// vanilla's parsing rules and messages.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "mobsdk/nbt/path.hpp"
#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/registries.hpp"
#include "mobserver/command/dispatcher.hpp"

namespace mobsdk::server {

/// @brief One coordinate: absolute, or `~` relative to the source.
struct WorldCoordinate {
    bool relative = false;  ///< `~`
    double value = 0;       ///< the number (offset when relative)
    /// @brief The coordinate for a source at `origin` on this axis.
    double resolve(double origin) const noexcept { return relative ? origin + value : value; }
};

/// @brief Three coordinates as typed: world (`1 ~2 -3.5`) or local (`^left ^up ^forwards`).
struct Coordinates {
    bool local = false;       ///< `^` coordinates (x = left, y = up, z = forwards)
    WorldCoordinate x, y, z;  ///< the three axes
    /// @brief The position for `source` (vanilla's getPosition; local ones turn with its rotation).
    Vec3 position(const CommandSource& source) const;
    /// @brief The block holding position(source) (vanilla's BlockPos.containing).
    BlockPos block_pos(const CommandSource& source) const { return position(source).block_pos(); }
};

/// @brief Two block coordinates, x and z (vanilla's ColumnPosArgument, `forceload`).
struct ColumnCoordinates {
    WorldCoordinate x, z;  ///< the two axes
    /// @brief The block column for `source` (floored).
    BlockPos column(const CommandSource& source) const;
};

/// @brief Brigadier's integer argument with bounds ("Integer must not be less than 1, found 0").
std::shared_ptr<const ArgumentType> integer_arg(std::int32_t min = INT32_MIN, std::int32_t max = INT32_MAX);
/// @brief Brigadier's float argument with bounds.
std::shared_ptr<const ArgumentType> float_arg(float min = -3.4028235e38f, float max = 3.4028235e38f);
/// @brief Brigadier's double argument with bounds.
std::shared_ptr<const ArgumentType> double_arg(double min = -1.7976931348623157e308,
                                               double max = 1.7976931348623157e308);
/// @brief Brigadier's bool argument.
std::shared_ptr<const ArgumentType> bool_arg();
/// @brief One unquoted word (std::string).
std::shared_ptr<const ArgumentType> word_arg();
/// @brief The rest of the line (std::string).
std::shared_ptr<const ArgumentType> greedy_string_arg();
/// @brief Vanilla's Vec3Argument (Coordinates): integer x and z are centred (+0.5) when `center`.
std::shared_ptr<const ArgumentType> vec3_arg(bool center = true);
/// @brief Vanilla's BlockPosArgument (Coordinates with integer absolute values).
std::shared_ptr<const ArgumentType> block_pos_arg();
/// @brief Vanilla's ColumnPosArgument (ColumnCoordinates).
std::shared_ptr<const ArgumentType> column_pos_arg();
/// @brief Vanilla's BlockStateArgument (BlockState) over a frozen registry that outlives the tree.
std::shared_ptr<const ArgumentType> block_state_arg(const BlockRegistry& blocks);
/// @brief Vanilla's ResourceLocationArgument (ResourceLocation; "Invalid ID").
std::shared_ptr<const ArgumentType> resource_location_arg();
/// @brief An entity type id (Handle<EntityTypeInfo>): unknown ids fail with vanilla's
/// "Can't find element 'x' of type 'minecraft:entity_type'".
std::shared_ptr<const ArgumentType> entity_type_arg(const Registry<EntityTypeInfo>& types);
/// @brief Vanilla's CompoundTagArgument (nbt::Compound), SNBT parsed by the SDK.
std::shared_ptr<const ArgumentType> compound_tag_arg();
/// @brief Vanilla's NbtPathArgument (nbt::NbtPath).
std::shared_ptr<const ArgumentType> nbt_path_arg();
/// @brief Vanilla's TimeArgument (std::int32_t ticks): `1d`, `3s`, `100t`, `100`; at least `min`.
std::shared_ptr<const ArgumentType> time_arg(std::int32_t min = 0);

/// @brief Vanilla's ResourceLocation.read: the longest run of id characters, validated ("Invalid ID").
Result<ResourceLocation, CommandError> read_resource_location(StringReader& reader);
/// @brief Parses a block state as BlockStateParser does (`minecraft:oak_door[open=true]`), with
/// its messages ("Unknown block type 'x'", "Block x does not have property 'y'", …).
Result<BlockState, CommandError> read_block_state(StringReader& reader, const BlockRegistry& blocks);
/// @brief Java's %f: six decimals (teleport messages).
std::string format_java_f(double v);

}  // namespace mobsdk::server
