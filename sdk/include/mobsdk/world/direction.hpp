// The six directions and three axes, in vanilla's order (Direction.values(), Direction.Axis):
// the values of `facing` and `axis` block properties.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string_view>

namespace mobsdk {

/// @brief Vanilla's Direction, in its order (down, up, north, south, west, east).
enum class Direction : std::uint8_t { Down, Up, North, South, West, East };
/// @brief Vanilla's Direction.Axis.
enum class Axis : std::uint8_t { X, Y, Z };

/// @brief Vanilla's lower-case name of a direction ("north").
std::string_view direction_name(Direction direction) noexcept;
/// @brief The direction named `name` ("north"…), if any.
std::optional<Direction> direction_from_name(std::string_view name) noexcept;
/// @brief The opposite direction (vanilla's getOpposite).
constexpr Direction opposite(Direction d) noexcept {
    constexpr Direction table[6] = {Direction::Up,    Direction::Down, Direction::South,
                                    Direction::North, Direction::East, Direction::West};
    return table[static_cast<std::uint8_t>(d)];
}
/// @brief Vanilla's lower-case name of an axis ("x").
std::string_view axis_name(Axis axis) noexcept;
/// @brief The axis named `name` ("x", "y", "z"), if any.
std::optional<Axis> axis_from_name(std::string_view name) noexcept;
/// @brief Prints vanilla's name.
inline std::ostream& operator<<(std::ostream& out, Direction d) { return out << direction_name(d); }
/// @brief Prints vanilla's name.
inline std::ostream& operator<<(std::ostream& out, Axis a) { return out << axis_name(a); }

}  // namespace mobsdk
