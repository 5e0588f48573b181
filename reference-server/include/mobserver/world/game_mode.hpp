// Vanilla's game modes (GameType): what a player may do and how it moves. The SDK's GameMode
// (mobsdk/world/player.hpp) is the one enum; the world keeps each player's game mode on its entity
// (kinds/player_kind.hpp), the network sends it by id.
#pragma once

#include "mobsdk/world/player.hpp"

namespace mobsdk::server {

/// @brief Vanilla's game modes with their network ids (the SDK's enum).
using mobsdk::GameMode;

}  // namespace mobsdk::server
