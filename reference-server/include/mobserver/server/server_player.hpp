// A player in the game as the tick thread keeps it: identity, its entity in the world, what its
// client was last told (position, game mode), the chunks its client holds, vanilla's chunk-batch
// pacing, the teleport it waits for, the movement check's state and its keep-alive.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "mobsdk/world/types.hpp"
#include "mobserver/net/game_connection.hpp"
#include "mobserver/net/play_packets.hpp"
#include "mobserver/server/player_items.hpp"
#include "mobserver/world/chunk.hpp"

namespace mobsdk::server {

/// @brief One joined player (owned by PlayerList, tick thread only).
struct ServerPlayer {
    std::shared_ptr<GameConnection> connection;  ///< where its packets go
    std::string name;                            ///< its name (offline: as the client sent it)
    Uuid uuid;                                   ///< offline_player_uuid(name)
    EntityHandle entity;                         ///< its PlayerEntity in the world (position, rotation, game mode)
    std::int32_t entity_id = 0;                  ///< its entity id on the client: the entity's network_id
    GameMode game_mode = GameMode::Survival;     ///< the game mode its client was last told
    Vec3 pos;                                    ///< the last position accepted or sent (vanilla's lastGood)
    float yaw = 0, pitch = 0;                    ///< rotation in degrees

    // Vanilla's movement check (ServerGamePacketListenerImpl.handleMovePlayer).
    Vec3 first_good;                      ///< the position at the start of this tick
    std::int32_t received_moves = 0;      ///< move packets with a position received this tick
    bool client_is_floating = false;      ///< vanilla's clientIsFloating: its last move left it in the air, not falling
    std::int32_t above_ground_ticks = 0;  ///< ticks floating in a row (allow-flight=false kicks past 80)

    std::set<ChunkPos> simulated;  ///< chunks within simulation distance (each holds a simulation ticket)

    /// @brief The view distance its chunks are sent with: vanilla's ChunkMap.getPlayerViewDistance,
    /// the client's own (Client Information) clamped to 2–`view-distance`; the server's until the
    /// client says.
    std::int32_t view_distance = 10;
    ChunkPos center;             ///< the chunk the client was last told is its centre
    std::set<ChunkPos> in_view;  ///< chunks within view distance (each holds a player ticket)
    std::set<ChunkPos> sent;     ///< chunks the client has been sent and not told to forget

    // Vanilla's PlayerChunkSender.
    float desired_chunks_per_tick = 9.0f;  ///< what the client asked for in Chunk Batch Received
    float batch_quota = 0.0f;              ///< chunks the next batch may hold
    std::int32_t unacknowledged_batches = 0;
    std::int32_t max_unacknowledged_batches = 1;  ///< 10 once the client has answered a batch

    std::optional<std::int32_t> awaiting_teleport;  ///< moves are ignored until this id is confirmed
    std::int32_t next_teleport_id = 0;              ///< the id of the next Synchronize Player Position

    std::chrono::steady_clock::time_point keep_alive_sent{};  ///< when the last keep-alive went out
    std::int64_t keep_alive_id = 0;                           ///< its id
    bool keep_alive_pending = false;                          ///< not answered yet
    std::int32_t chat_spam = 0;  ///< vanilla's chatSpamTickCount: +20 a line, -1 a tick; over 200 kicks a non-op
    std::unique_ptr<PlayerMenus> menus;  ///< its inventory menu and open menu (player_items.cpp)

    // Survival (player_combat.cpp).
    float sent_health = -1.0f;               ///< the health its client was last sent (Set Health)
    std::int64_t hurt_seen = INT64_MIN;      ///< game time of the last hurt it was shown
    bool dead = false;                       ///< its death was announced; it waits to respawn
    std::optional<BlockPos> death_location;  ///< where it last died (Respawn's death location)
};

}  // namespace mobsdk::server
