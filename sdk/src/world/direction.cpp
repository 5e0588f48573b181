#include "mobsdk/world/direction.hpp"

namespace mobsdk {

namespace {

constexpr std::string_view direction_names[6] = {"down", "up", "north", "south", "west", "east"};
constexpr std::string_view axis_names[3] = {"x", "y", "z"};

}  // namespace

std::string_view direction_name(Direction direction) noexcept {
    return direction_names[static_cast<std::uint8_t>(direction)];
}

std::optional<Direction> direction_from_name(std::string_view name) noexcept {
    for (std::uint8_t i = 0; i < 6; ++i)
        if (direction_names[i] == name) return static_cast<Direction>(i);
    return std::nullopt;
}

std::string_view axis_name(Axis axis) noexcept { return axis_names[static_cast<std::uint8_t>(axis)]; }

std::optional<Axis> axis_from_name(std::string_view name) noexcept {
    for (std::uint8_t i = 0; i < 3; ++i)
        if (axis_names[i] == name) return static_cast<Axis>(i);
    return std::nullopt;
}

}  // namespace mobsdk
