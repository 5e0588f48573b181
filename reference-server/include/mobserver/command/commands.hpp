// The server's command set: vanilla's commands with vanilla's syntax, messages and permission
// levels (help, list, stop, save-*, seed, summon, kill, teleport/tp, gamemode, data, setblock, fill, time,
// gamerule, difficulty, forceload, tick; say, me, msg/tell/w, kick, op, deop, whitelist) and ours
// (plugins, brain, poi). See docs/server.md.
#pragma once

#include <cstdint>

#include <string>
#include <string_view>

#include "mobsdk/nbt/tag.hpp"
#include "mobserver/command/dispatcher.hpp"

namespace mobsdk::server {

/// @brief Vanilla's commandModificationBlockLimit default: the most blocks one `fill` may change.
inline constexpr std::int64_t fill_block_limit = 32768;
/// @brief Vanilla's limit of chunks one `forceload add|remove` may name.
inline constexpr std::int64_t forceload_chunk_limit = 256;

class PlayerAdmin;

/// @brief Registers every command on `dispatcher`, each at its permission level (the player
/// commands only when `server.player_admin()` is not null). `server` (and its world and
/// registries) must outlive the dispatcher.
void register_vanilla_commands(CommandDispatcher& dispatcher, ServerControl& server);

/// @brief Registers the player commands: say, me, msg (tell, w), kick, op, deop, whitelist (see
/// player_commands.cpp). `players` and `server` must outlive the dispatcher; `@r` rolls the
/// random of `server`'s world, as the entity selectors do.
void register_player_commands(CommandDispatcher& dispatcher, PlayerAdmin& players, ServerControl& server);

/// @brief The permission level vanilla requires for a command ("stop" 4, "op" 3, "time" 2, "list"
/// 0…); 2 for a name it does not know.
std::int32_t command_permission_level(std::string_view command);

/// @brief False for a command line whose answer vanilla does not show to operators (its
/// sendSuccess with allowLogging false: `help`, `list`, `seed`, `time query`, `gamerule <rule>`,
/// `difficulty`, `data get`, `forceload query`, `tick query`, `whitelist list`, and our `plugins`,
/// `brain` and `poi`); true for the commands that change something.
bool feedback_shown_to_ops(std::string_view line);

/// @brief Sets every top-level command of `dispatcher` to command_permission_level (call after
/// registering; `reload` is registered by the program and set again there).
void apply_permission_levels(CommandDispatcher& dispatcher);

/// @brief Vanilla's chat form of NBT (NbtUtils.toPrettyComponent as plain text): keys sorted,
/// `{a: 1b, b: [I; 1, 2]}`. `data get` prints this.
std::string pretty_nbt(const nbt::Tag& tag);

}  // namespace mobsdk::server
