// Vanilla's game modes (GameType): what a player may do and how it moves. The world keeps each
// player's game mode on its entity (kinds/player_kind.hpp); the network sends it by id.
#pragma once

#include <cstdint>

namespace mobsdk::server {

/// @brief Vanilla's game modes with their network ids.
enum class GameMode : std::uint8_t { Survival = 0, Creative = 1, Adventure = 2, Spectator = 3 };

}  // namespace mobsdk::server
