// Vanilla's stored user lists in the server folder: ops.json (the operators and their permission
// levels) and whitelist.json (the players the whitelist lets in). Read strictly (an error names
// the file and the entry), written as vanilla writes them, atomically (a temporary file, synced,
// renamed over the old one).
#pragma once

#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/core/result.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk::server {

/// @brief One entry of ops.json: `{"uuid": "…", "name": "tester", "level": 4, "bypassesPlayerLimit": false}`.
struct OpEntry {
    Uuid uuid;                           ///< the player's UUID (offline mode: offline_player_uuid(name))
    std::string name;                    ///< its name
    std::int32_t level = 4;              ///< permission level, 0–4
    bool bypasses_player_limit = false;  ///< may join a full server
    friend bool operator==(const OpEntry&, const OpEntry&) = default;
};

/// @brief One entry of whitelist.json: `{"uuid": "…", "name": "tester"}`.
struct WhitelistEntry {
    Uuid uuid;         ///< the player's UUID
    std::string name;  ///< its name
    friend bool operator==(const WhitelistEntry&, const WhitelistEntry&) = default;
};

/// @brief ops.json's entries: empty when the file is missing. An error naming the file and what is
/// wrong (and the entry) when it is not a JSON array of entries with a valid player name (1–16 of
/// A–Z, a–z, 0–9, _), an optional UUID in Java's form (missing: the name's offline UUID), an
/// optional level 0–4 (missing: 0, as vanilla) and an optional boolean bypassesPlayerLimit, or is
/// over 16 MiB. Vanilla then logs a warning and runs with no operators; the server does the same.
Result<std::vector<OpEntry>, std::string> read_ops(const std::filesystem::path& file);

/// @brief whitelist.json's entries, read with read_ops' rules (uuid and name only).
Result<std::vector<WhitelistEntry>, std::string> read_whitelist(const std::filesystem::path& file);

/// @brief The lower-case names in whitelist.json (read_whitelist's rules): empty when the file is
/// missing, an error naming the file and the entry when it is damaged.
Result<std::set<std::string>, std::string> read_whitelist_names(const std::filesystem::path& file);

/// @brief Writes ops.json as vanilla does (Gson's pretty printing, keys in vanilla's order),
/// atomically; an error naming the file on failure (the old file is then unchanged).
Result<void, std::string> write_ops(const std::filesystem::path& file, const std::vector<OpEntry>& ops);

/// @brief Writes whitelist.json as write_ops writes ops.json.
Result<void, std::string> write_whitelist(const std::filesystem::path& file,
                                          const std::vector<WhitelistEntry>& entries);

/// @brief True when two player names are the same but for case (vanilla compares names so).
bool same_player_name(std::string_view a, std::string_view b) noexcept;

}  // namespace mobsdk::server
