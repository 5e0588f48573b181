// Entities on players' clients (vanilla's ChunkMap.TrackedEntity and ServerEntity): which players
// see each entity (its type's tracking range, capped by the view distance, and only in a chunk the
// player's client has), and what keeps their copies in step: Spawn Entity with the entity's
// metadata and equipment when it comes into view, relative moves and rotations at its type's update
// interval (a teleport when it moved 8 blocks or more, and every 400 updates), head rotation,
// velocity, metadata and equipment when they change, hurt and death, item pickups, and Remove
// Entities when it leaves the view, dies or is removed. Tick strand only; each update is encoded
// once and the same bytes go to every player that sees the entity, one send_packed per player and
// tick.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/world/types.hpp"

namespace mobsdk::server {

class World;
struct ServerPlayer;

/// @brief How vanilla tracks an entity type (EntityType.clientTrackingRange, updateInterval, trackDeltas).
struct TrackingRules {
    std::int32_t range_chunks = 5;     ///< clientTrackingRange: seen within this many chunks (× 16 blocks)
    std::int32_t update_interval = 3;  ///< updateInterval: ticks between position updates
    bool track_deltas = true;          ///< trackDeltas: velocity is sent as it changes
};

/// @brief Vanilla 1.20.4's rules for an entity type (`villager` or `minecraft:villager`): villager,
/// wandering trader, iron golem, slime, pig and wolf 10 chunks, zombie, skeleton and vex 8, allay 8
/// every 2 ticks, item 6 every 20, arrow 4 every 20, player 32 every 2 without deltas;
/// EntityType.Builder's defaults (5 chunks, every 3 ticks) for any other type.
TrackingRules vanilla_tracking_rules(std::string_view type) noexcept;

/// @brief Keeps every player's client in step with the entities it can see; see the file comment.
class EntityTracker {
public:
    /// @brief What it writes to the server log: level ("INFO") and the line.
    using LogFunction = std::function<void(std::string_view level, std::string line)>;

    /// @brief Tracks the entities of `world` for players with a view distance of `view_distance`
    /// chunks. Logs one INFO line for each registered type that has no client model.
    EntityTracker(World& world, std::int32_t view_distance, LogFunction log);
    ~EntityTracker();
    EntityTracker(const EntityTracker&) = delete;
    EntityTracker& operator=(const EntityTracker&) = delete;

    /// @brief A player joined: from the next tick on it is sent what it can see. It must stay at
    /// the same address until remove_player.
    void add_player(ServerPlayer& player);
    /// @brief A player left: it is forgotten (nothing is sent to it).
    void remove_player(const ServerPlayer& player);
    /// @brief Once per server tick, after the world's tick and after the players' chunks were sent.
    void tick();

    /// @brief Entities currently shown to at least one player (tests).
    std::size_t shown_count() const noexcept;
    /// @brief True when `player` is shown the entity with network id `network_id` (tests).
    bool is_shown(const ServerPlayer& player, std::int32_t network_id) const noexcept;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace mobsdk::server
