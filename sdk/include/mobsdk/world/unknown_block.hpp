// The placeholder block `mobsdk:unknown`: what a world reader puts where a saved block state is not
// in the registry, so that the world around it still makes sense (a wall) and the saved state is
// written back unchanged by whoever kept it.
#pragma once

#include <string_view>

#include "mobsdk/world/block.hpp"

namespace mobsdk {

/// @brief The id of the placeholder block a world reader puts where a saved block state is not in
/// the registry (a mod's block, a newer version's, an unknown property value).
inline constexpr std::string_view unknown_block_id = "mobsdk:unknown";

/// @brief Registers the placeholder block `mobsdk:unknown`: one state, treated as a solid wall
/// that nothing walks through or sees through (full-cube collision, can_occlude, solid_render,
/// solid, blocks_motion, light_block 15, PathType::Blocked). The server keeps the saved block it
/// stands for and writes that back; plugins see only the placeholder.
Handle<BlockInfo> register_unknown_block(BlockRegistry& blocks);

}  // namespace mobsdk
