// Vanilla's playerdata: world/playerdata/<uuid>.dat, one gzip NBT file per player who has played
// (PlayerDataStorage), replaced crash-safely with <uuid>.dat_old keeping the previous save.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk::server {

/// @brief What read_player_data found.
struct PlayerDataLoad {
    /// @brief The player's saved compound (without DataVersion), or none: a new player, or no
    /// readable file (then `warning` says why).
    std::optional<nbt::Compound> tag;
    /// @brief One line for the log when a file could not be used: which one, why, where it was
    /// kept, and whether <uuid>.dat_old was used instead. Empty when all was well.
    std::string warning;
};

/// @brief Reads DIR/<uuid>.dat. A file that cannot be read (not NBT, not a compound, over 16 MiB)
/// is never deleted nor written over: it is renamed to <uuid>.dat.corrupt-<n> (the first free n
/// from 1) and <uuid>.dat_old is tried instead, as vanilla 1.20.5+ falls back to it; a damaged
/// <uuid>.dat_old is kept the same way. A missing file is a new player (no tag, no warning).
PlayerDataLoad read_player_data(const std::filesystem::path& dir, Uuid uuid);

/// @brief Writes `tag` with DataVersion 3700 as DIR/<uuid>.dat (gzip), crash-safely: the previous
/// file becomes <uuid>.dat_old (replace_file_keeping_old). Creates DIR. An error says why.
Result<void, std::string> write_player_data(const std::filesystem::path& dir, Uuid uuid, const nbt::Compound& tag);

}  // namespace mobsdk::server
