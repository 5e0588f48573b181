// What the player commands (say, me, msg, kick, op, deop, whitelist) need from the server: the
// players online, their chat, the operators (ops.json) and the whitelist (whitelist.json). The
// server's PlayerList implements it; the command tests use a small fake.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mobserver/command/command_source.hpp"

namespace mobsdk::server {

/// @brief A player as the commands name it (vanilla's GameProfile): online or not.
struct PlayerProfile {
    std::string name;  ///< as the player spells it
    Uuid uuid;         ///< offline mode: offline_player_uuid(name)
};

/// @brief A player in the game, as `@p`, `@r` and `@a` choose among them.
struct OnlinePlayer {
    std::string name;  ///< its name
    Uuid uuid;         ///< its UUID
    Vec3 pos;          ///< where it stands
};

/// @brief The players, the operators and the whitelist. Every call happens on the tick strand.
class PlayerAdmin {
public:
    virtual ~PlayerAdmin() = default;

    /// @brief The players in the game, in joining order.
    virtual std::vector<OnlinePlayer> online_players() const = 0;
    /// @brief A chat line to every player, also logged (`say`, `me`).
    virtual void broadcast_message(std::string_view line) = 0;
    /// @brief A chat line to one player (`msg`); nothing when it is not online.
    virtual void send_message(const Uuid& player, std::string_view line, MessageStyle style) = 0;
    /// @brief Disconnects a player with `reason` (`kick`).
    virtual void kick(const Uuid& player, std::string_view reason) = 0;

    /// @brief True when ops.json names the player.
    virtual bool is_op(const Uuid& player) const = 0;
    /// @brief Makes the player an operator at op-permission-level, writes ops.json and tells its
    /// client; false when it already was one.
    virtual bool op(const PlayerProfile& player) = 0;
    /// @brief Takes the player off ops.json; false when it was not an operator.
    virtual bool deop(const PlayerProfile& player) = 0;

    /// @brief server.properties' `white-list`.
    virtual bool whitelist_enabled() const = 0;
    /// @brief Turns the whitelist on or off, written back to server.properties.
    virtual void set_whitelist_enabled(bool enabled) = 0;
    /// @brief The names on the whitelist, in the file's order.
    virtual std::vector<std::string> whitelist_names() const = 0;
    /// @brief True when the whitelist names the player.
    virtual bool is_whitelisted(const PlayerProfile& player) const = 0;
    /// @brief Adds the player and writes whitelist.json; false when it was already there.
    virtual bool whitelist_add(const PlayerProfile& player) = 0;
    /// @brief Removes the player and writes whitelist.json; false when it was not there.
    virtual bool whitelist_remove(const PlayerProfile& player) = 0;
    /// @brief Reads whitelist.json again (a damaged file: a WARN and an empty list, as at start).
    virtual void reload_whitelist() = 0;
    /// @brief With `enforce-whitelist=true` and the whitelist on, disconnects every player it does
    /// not name ("You are not white-listed on this server!"), as vanilla's kickUnlistedPlayers.
    virtual void kick_unlisted_players() = 0;
};

}  // namespace mobsdk::server
