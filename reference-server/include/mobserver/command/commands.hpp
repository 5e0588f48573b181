// The server's command set: vanilla's commands with vanilla's syntax and messages (help, list,
// stop, save-*, seed, summon, kill, teleport/tp, gamemode, data, setblock, fill, time, gamerule,
// difficulty, forceload, tick) and ours (plugins, brain, poi). See docs/server.md.
#pragma once

#include <cstdint>

#include <string>

#include "mobsdk/nbt/tag.hpp"
#include "mobserver/command/dispatcher.hpp"

namespace mobsdk::server {

/// @brief Vanilla's commandModificationBlockLimit default: the most blocks one `fill` may change.
inline constexpr std::int64_t fill_block_limit = 32768;
/// @brief Vanilla's limit of chunks one `forceload add|remove` may name.
inline constexpr std::int64_t forceload_chunk_limit = 256;

/// @brief Registers every command on `dispatcher`. `server` (and its world and registries) must
/// outlive the dispatcher.
void register_vanilla_commands(CommandDispatcher& dispatcher, ServerControl& server);

/// @brief Vanilla's chat form of NBT (NbtUtils.toPrettyComponent as plain text): keys sorted,
/// `{a: 1b, b: [I; 1, 2]}`. `data get` prints this.
std::string pretty_nbt(const nbt::Tag& tag);

}  // namespace mobsdk::server
