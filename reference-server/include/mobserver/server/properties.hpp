// The reference server's server.properties: vanilla's keys, defaults and Java Properties format,
// plus our own keys; parsed with errors that name the key and line, and overridden by flags.
#pragma once

#include <cstdint>
#include <ctime>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mobsdk/core/result.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::server {

// `difficulty` is the SDK's mobsdk::Difficulty (written by name; the file also accepts its id
// 0–3) and `memory-expiry` the SDK's mobsdk::MemoryExpiry, both from mobsdk/world/level.hpp.

/// @brief The world preset in `level-type`: vanilla's presets and our void world. The reference
/// server generates only Flat and Void (see supported_by_reference_server).
enum class LevelType { Normal, Flat, LargeBiomes, Amplified, SingleBiomeSurface, Debug, Void };

/// @brief Every typed setting of server.properties, defaulting to vanilla's values (ours for our keys).
struct ServerProperties {
    std::string server_ip;                              ///< server-ip; empty binds every address
    std::int32_t server_port = 25565;                   ///< server-port, 1–65535
    bool enable_rcon = false;                           ///< enable-rcon
    std::int32_t rcon_port = 25575;                     ///< rcon.port, 1–65535
    std::string rcon_password;                          ///< rcon.password
    std::string level_name = "world";                   ///< level-name, the world folder; not empty
    std::string level_seed;                             ///< level-seed; empty picks a random seed
    LevelType level_type = LevelType::Flat;             ///< level-type; ours defaults to superflat
    std::string motd = "A Minecraft Server";            ///< motd
    std::int32_t max_players = 20;                      ///< max-players, 0 or more
    std::int32_t view_distance = 10;                    ///< view-distance, 2–32 chunks
    std::int32_t simulation_distance = 10;              ///< simulation-distance, 2–32 chunks
    Difficulty difficulty = Difficulty::Easy;           ///< difficulty
    MemoryExpiry memory_expiry = MemoryExpiry::Modern;  ///< memory-expiry (ours)
    std::string plugins_dir = "plugins";                ///< plugins-dir (ours); not empty
    std::int32_t spawn_chunk_radius = 2;                ///< spawn-chunk-radius (ours), 0–32
    bool debug = false;                                 ///< debug: log DEBUG lines too (vanilla's key)
    /// @brief max-tick-time: a tick running longer (ms) ends the server with a crash report, as
    /// vanilla's watchdog; -1 (or 0) turns the watchdog off.
    std::int32_t max_tick_time = 60000;
    /// @brief plugins-disabled (ours): plugin ids not to load, written comma-separated.
    std::vector<std::string> plugins_disabled;
    /// @brief network-max-connections (ours): connections open at once on the game port.
    std::int32_t network_max_connections = 64;
    /// @brief network-max-pending-per-address (ours): game-port connections one address may have
    /// open before they finish their handshake (status or login).
    std::int32_t network_max_pending_per_address = 8;
    /// @brief network-handshake-timeout-ms (ours): a game-port connection must finish its
    /// handshake, and a status exchange, within this many ms of being accepted.
    std::int32_t network_handshake_timeout_ms = 5000;
    /// @brief network-login-timeout-ms (ours): a login must complete within this many ms of the
    /// connection being accepted (vanilla's 30-second login timeout).
    std::int32_t network_login_timeout_ms = 30000;
    /// @brief rcon.max-connections (ours): RCON connections open at once.
    std::int32_t rcon_max_connections = 16;
    /// @brief rcon.max-pending-per-address (ours): RCON connections one address may have open
    /// before they log in.
    std::int32_t rcon_max_pending_per_address = 4;
    /// @brief rcon.login-timeout-ms (ours): an RCON connection must log in within this many ms.
    std::int32_t rcon_login_timeout_ms = 5000;
    /// @brief online-mode: vanilla's default is true, but this server cannot check accounts with
    /// Mojang's session servers, so new files get false; true refuses every login (with a WARN at start).
    bool online_mode = false;
    /// @brief network-compression-threshold: packets of this many bytes or more are compressed;
    /// negative turns compression off (vanilla's 256).
    std::int32_t network_compression_threshold = 256;
    /// @brief default-gamemode: the game mode new players get (survival, creative, adventure,
    /// spectator; written by name).
    std::string default_gamemode = "survival";
    /// @brief white-list: only players named in whitelist.json may join.
    bool white_list = false;
    /// @brief enforce-whitelist: `whitelist on`, `remove` and `reload` disconnect the players the
    /// whitelist does not name.
    bool enforce_whitelist = false;
    /// @brief op-permission-level: the permission level `op` gives, 1–4.
    std::int32_t op_permission_level = 4;
    /// @brief network-keep-alive-ms (ours, for tests): the keep-alive period (vanilla's 15000); a
    /// client that leaves one unanswered until the next is due is disconnected ("Timed out").
    std::int32_t network_keep_alive_ms = 15000;
    /// @brief network-max-queued-bytes (ours): bytes queued for a player's client and not yet
    /// written to its socket past which the client is disconnected as too slow (32 MiB; vanilla
    /// has no such limit).
    std::int32_t network_max_queued_bytes = 32 * 1024 * 1024;
    /// @brief allow-flight: false (vanilla's default) kicks a survival or adventure player that
    /// floats above the ground for more than 80 ticks ("Flying is not enabled on this server").
    bool allow_flight = false;
    /// @brief debug-web-port (ours): the port of the debug view (HTTP and WebSocket); 0, the
    /// default, turns it off.
    std::int32_t debug_web_port = 0;
    /// @brief debug-web-ip (ours): the address the debug view binds; loopback by default.
    std::string debug_web_ip = "127.0.0.1";
    /// @brief Keys this server does not know, kept verbatim and written back as vanilla does.
    std::map<std::string, std::string> other;

    /// @brief Field-by-field equality (used by the round-trip tests).
    bool operator==(const ServerProperties&) const = default;
};

/// @brief Why server.properties or a flag was refused: the key (or flag), the line and what is wrong.
struct PropertiesError {
    std::string key;       ///< the key or flag at fault; empty for a file-level problem
    std::size_t line = 0;  ///< 1-based line in the file; 0 when not from a line
    std::string message;   ///< what is wrong and what is allowed

    /// @brief One line for the log: `line 3: server-port: "x" is not a number`.
    std::string to_string() const;
};

/// @brief Largest server.properties accepted, in bytes.
inline constexpr std::size_t kMaxPropertiesFileBytes = 1024 * 1024;
/// @brief Longest physical line accepted, in bytes.
inline constexpr std::size_t kMaxPropertiesLineBytes = 64 * 1024;

/// @brief Parses Java Properties text (UTF-8) into typed settings; missing keys keep their defaults,
/// unknown keys go to `other`, and a bad value is an error naming the key and the line.
Result<ServerProperties, PropertiesError> parse_properties(std::string_view text);

/// @brief Writes vanilla's layout: the `#Minecraft server properties` comment, a date comment for
/// `now`, then every key sorted, escaped as Java's Properties.store does.
std::string write_properties(const ServerProperties& props, std::time_t now);

/// @brief write_properties with the current time.
std::string write_properties(const ServerProperties& props);

/// @brief Reads DIR/server.properties, first creating DIR and the file with defaults (written to a
/// temporary file then renamed) when it is missing.
Result<ServerProperties, PropertiesError> load_or_create(const std::filesystem::path& dir);

/// @brief Sets one key in DIR/server.properties as vanilla's commands do (`whitelist on` writes
/// `white-list`): its line is replaced (or the line appended), every other line, comment and the
/// order kept; written to a temporary file then renamed. Flags given on the command line are not
/// written. An error names the file.
Result<void, PropertiesError> update_property(const std::filesystem::path& dir, std::string_view key,
                                              std::string_view value);

/// @brief One command-line flag and its value, e.g. {"--port", "25566"}.
using PropertyOverride = std::pair<std::string, std::string>;

/// @brief Applies command-line flags over the file's values (--port, --rcon-port, --rcon-password,
/// --world, --plugins, --seed), each checked like the file value; an error names the flag.
Result<void, PropertiesError> apply_overrides(ServerProperties& props, const std::vector<PropertyOverride>& overrides);

/// @brief True for the level types the reference server can generate (Flat and Void).
bool supported_by_reference_server(LevelType type);

/// @brief The namespaced id written for a level type, e.g. `minecraft:flat`, `mobsdk:void`.
std::string_view level_type_id(LevelType type);

/// @brief The seed `level-seed` stands for, as vanilla reads it: empty means none (pick a random
/// one), a number is itself, any other text is Java's String.hashCode of the trimmed text.
std::optional<std::int64_t> parse_level_seed(std::string_view text);

}  // namespace mobsdk::server
