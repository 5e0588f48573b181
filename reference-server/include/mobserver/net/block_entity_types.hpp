// Vanilla 1.20.4's block entity types as the protocol numbers them (the minecraft:block_entity_type
// registry, in the game's registration order) and the blocks each serves: what a client needs to
// make the block entity of a bed, chest, sign or bell it is sent in a chunk.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace mobsdk::server {

/// @brief Block entity types in 1.20.4 (ids 0 … 42).
inline constexpr std::int32_t kBlockEntityTypeCount = 43;

/// @brief The name of a block entity type by its id ("bed" for 24), empty outside 0 … 42.
std::string_view block_entity_type_name(std::int32_t id) noexcept;

/// @brief The block entity type of a vanilla block, by the block's path ("red_bed" → 24, "bell" →
/// 30, "oak_wall_sign" → 7), or none for a block without one.
std::optional<std::int32_t> block_entity_type_of(std::string_view block_path) noexcept;

/// @brief True when vanilla sends the block entity's saved data to clients (getUpdateTag is its
/// saveWithoutMetadata: signs, banners, heads, spawners, campfires, decorated pots, suspicious
/// blocks, beacons, conduits, end gateways, structure and jigsaw blocks, trial spawners); others
/// (chests, beds, furnaces, …) are sent with an empty compound, so a client never learns a chest's
/// contents from a chunk.
bool block_entity_sends_data(std::int32_t id) noexcept;

}  // namespace mobsdk::server
