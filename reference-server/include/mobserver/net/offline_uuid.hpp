// Offline-mode identity: vanilla's player UUID for a name (UUIDUtil.createOfflinePlayerUUID) and
// its name rule.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "mobsdk/world/types.hpp"

namespace mobsdk::server {

/// @brief The MD5 digest of `data` (RFC 1321), for name-based UUIDs.
std::array<std::uint8_t, 16> md5(std::string_view data);

/// @brief Vanilla's offline UUID: the version-3 (MD5, name-based) UUID of "OfflinePlayer:<name>",
/// as Java's UUID.nameUUIDFromBytes makes it.
Uuid offline_player_uuid(std::string_view name);

/// @brief Vanilla's rule for a player name: 1 to 16 characters, each of [A-Za-z0-9_]
/// (StringUtil.isValidPlayerName with the server's check of the characters).
bool valid_player_name(std::string_view name) noexcept;

}  // namespace mobsdk::server
