// The builders of property definitions, spelled as vanilla's BlockStateProperties spells them.
#include "mobsdk/world/block_property.hpp"

namespace mobsdk {

BlockProperty boolean_property(std::string name) { return {std::move(name), {"true", "false"}}; }

BlockProperty integer_property(std::string name, int min, int max) {
    BlockProperty p{std::move(name), {}};
    for (int i = min; i <= max; ++i) p.values.push_back(std::to_string(i));
    return p;
}

BlockProperty direction_property(std::string name, std::initializer_list<Direction> values) {
    BlockProperty p{std::move(name), {}};
    for (const Direction d : values) p.values.emplace_back(direction_name(d));
    return p;
}

// HORIZONTAL_FACING filters Direction.values() (down, up, north, south, west, east).
BlockProperty horizontal_facing_property() {
    return direction_property("facing", {Direction::North, Direction::South, Direction::West, Direction::East});
}

BlockProperty facing_property() {
    return direction_property("facing", {Direction::North, Direction::East, Direction::South, Direction::West,
                                         Direction::Up, Direction::Down});
}

BlockProperty axis_property(std::string name) { return {std::move(name), {"x", "y", "z"}}; }

}  // namespace mobsdk
