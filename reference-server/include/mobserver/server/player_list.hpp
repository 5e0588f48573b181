// The players in the game: logins checked on the tick thread (white-list, max-players, a second
// login of the same player), the join sequence, each player's entity in the world (placed from its
// playerdata, moved by its client within vanilla's movement check, saved back at leave and
// save-all), the chunks each client holds (sent nearest first in vanilla's batches, unloaded as
// they leave the view) and the chunks it simulates, block changes, chat, keep-alive, and leaving.
// The connections' strands post everything here; nothing here waits on a socket.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include "mobsdk/core/result.hpp"
#include "mobserver/command/player_admin.hpp"
#include "mobserver/net/chunk_packet.hpp"
#include "mobserver/net/game_connection.hpp"
#include "mobserver/server/entity_tracker.hpp"
#include "mobserver/server/server_player.hpp"
#include "mobserver/server/user_lists.hpp"
#include "mobserver/world/chunk_map.hpp"

namespace mobsdk::server {

class World;
struct EntityData;
class PlayerEntity;

/// @brief The settings players are served with (server.properties).
struct PlayerListSettings {
    std::int32_t max_players = 20;                    ///< `max-players`
    std::int32_t view_distance = 10;                  ///< `view-distance`: chunks sent around a player
    std::int32_t simulation_distance = 10;            ///< `simulation-distance`: chunks whose entities tick
    GameMode default_game_mode = GameMode::Survival;  ///< `default-gamemode`
    bool white_list = false;                          ///< `white-list`: only names in `whitelist` join
    bool enforce_whitelist = false;                   ///< `enforce-whitelist`: turning it on kicks the others
    std::vector<WhitelistEntry> whitelist;            ///< whitelist.json (names match case-insensitively)
    std::vector<OpEntry> ops;                         ///< ops.json
    std::int32_t op_permission_level = 4;             ///< `op-permission-level`: the level `op` gives
    /// @brief Where `op`/`deop` and `whitelist add|remove|reload` write and read (empty: nothing is
    /// written or read, as in tests).
    std::filesystem::path ops_file, whitelist_file;
    /// @brief Keep-alive period (vanilla 15 s); a client that has not answered the last one when
    /// the next is due is disconnected ("Timed out"), so it has between one and two periods.
    std::chrono::milliseconds keep_alive_interval{15000};
    /// @brief `allow-flight`: false kicks a survival or adventure player floating for more than 80
    /// ticks ("Flying is not enabled on this server"), as vanilla.
    bool allow_flight = false;
    std::string brand = "mobsdk";  ///< the server brand shown in the client's F3 screen
    /// @brief The world's playerdata folder (world/playerdata); empty: players are not saved.
    std::filesystem::path playerdata_dir;
};

/// @brief What PlayerList writes to the server log: level "INFO"/"WARN" and the line.
using PlayerLogFunction = std::function<void(std::string_view level, std::string line)>;

/// @brief Runs a player's command line through the server's dispatcher (tick strand).
using PlayerCommandRunner = std::function<void(const std::string& line, CommandSource& source)>;

/// @brief Every player in the game; see the file comment. GameService calls may come from any
/// strand; everything else runs on the tick strand. As PlayerAdmin it keeps the operators and the
/// whitelist (player_admin.cpp).
class PlayerList final : public GameService,
                         public BlockChangeListener,
                         public PlayerAdmin,
                         public std::enable_shared_from_this<PlayerList> {
public:
    /// @brief The tick strand's type.
    using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

    /// @brief Players served on `tick_strand`, logging through `log`.
    PlayerList(Strand tick_strand, PlayerListSettings settings, PlayerLogFunction log);
    ~PlayerList() override;

    /// @brief Tick strand: serves players in `world` (nullptr: disconnects every player with
    /// `reason` and forgets the world, as before a reload).
    void attach(World* world, std::string_view reason = "Server closed");

    /// @brief Tick strand, once per server tick (also while the game is frozen): what commands did
    /// to players' entities (a teleport, a game mode) goes to their clients, then block changes,
    /// chunks, keep-alive, the time, then the entities (EntityTracker).
    void tick();

    /// @brief Tick strand: writes every player's playerdata (save-all, autosave). Returns the
    /// errors, one line per player that could not be saved (each is also logged).
    std::vector<std::string> save_all();
    /// @brief Sets where playerdata is read and written (before attach; the server's level folder
    /// is known only once the world is opened).
    void set_playerdata_dir(std::filesystem::path dir) { settings_.playerdata_dir = std::move(dir); }

    /// @brief The joined players' names in joining order (`list`).
    std::vector<std::string> names() const;
    /// @brief Joined players.
    std::size_t size() const noexcept { return players_.size(); }
    /// @brief Joined players, readable from any thread (the status answer).
    std::int32_t online() const noexcept { return online_.load(); }
    /// @brief The joined players (tests).
    const std::vector<std::unique_ptr<ServerPlayer>>& players() const noexcept { return players_; }

    /// @brief Where players' `/commands` go (the server's dispatcher); without one they get
    /// vanilla's unknown-command answer.
    void set_command_runner(PlayerCommandRunner runner) { run_command_ = std::move(runner); }
    /// @brief Called when `whitelist on|off` changes `white-list` (the server writes it back to
    /// server.properties).
    void set_white_list_saver(std::function<void(bool)> saver) { save_white_list_ = std::move(saver); }
    /// @brief A player's permission level: its ops.json level, else 0.
    std::int32_t permission_level(const Uuid& player) const noexcept;
    /// @brief Vanilla's broadcastToAdmins: "[source: line]" in grey italic to every operator online
    /// but `except`, and to the log.
    void broadcast_to_ops(std::string_view source, std::string_view line, const Uuid* except = nullptr);

    // PlayerAdmin (tick strand)
    std::vector<OnlinePlayer> online_players() const override;
    void broadcast_message(std::string_view line) override;
    void send_message(const Uuid& player, std::string_view line, MessageStyle style) override;
    void kick(const Uuid& player, std::string_view reason) override;
    bool is_op(const Uuid& player) const override;
    bool op(const PlayerProfile& player) override;
    bool deop(const PlayerProfile& player) override;
    bool whitelist_enabled() const override { return settings_.white_list; }
    void set_whitelist_enabled(bool enabled) override;
    std::vector<std::string> whitelist_names() const override;
    bool is_whitelisted(const PlayerProfile& player) const override;
    bool whitelist_add(const PlayerProfile& player) override;
    bool whitelist_remove(const PlayerProfile& player) override;
    void reload_whitelist() override;
    void kick_unlisted_players() override;

    // GameService (any strand)
    void login(std::shared_ptr<GameConnection> connection) override;
    void configured(std::shared_ptr<GameConnection> connection) override;
    void packet(std::shared_ptr<GameConnection> connection, ServerboundPacket packet) override;
    void closed(std::shared_ptr<GameConnection> connection, std::string reason) override;

    // BlockChangeListener (tick strand)
    void on_block_changed(BlockPos pos, BlockState old_state, BlockState new_state) override;

private:
    void on_login(const std::shared_ptr<GameConnection>& connection);
    void on_join(const std::shared_ptr<GameConnection>& connection);
    void on_packet(ServerPlayer& player, ServerboundPacket& packet);
    void on_closed(const std::shared_ptr<GameConnection>& connection, const std::string& reason);
    void on_command(ServerPlayer& player, const std::string& command);         // player_admin.cpp
    bool on_item_packet(ServerPlayer& player, ServerboundPacket& packet);      // player_items.cpp: false if not one
    void join_items(ServerPlayer& player);                                     // player_items.cpp
    void tick_items(ServerPlayer& player);                                     // player_items.cpp
    void leave_items(ServerPlayer& player);                                    // player_items.cpp
    bool on_merchant_packet(ServerPlayer& player, ServerboundPacket& packet);  // player_merchant.cpp
    void open_requested_merchant(ServerPlayer& player, PlayerEntity& entity);  // player_merchant.cpp
    void tick_merchant(ServerPlayer& player, PlayerEntity& entity);            // player_merchant.cpp
    bool detect_spam(ServerPlayer& player);                                    // vanilla's chat rate limit
    void send_permission_level(ServerPlayer& player);                          // Entity Event 24–28
    ServerPlayer* find(const Uuid& player) noexcept;
    void save_ops();
    void save_whitelist();
    void remove(ServerPlayer& player, const std::string& reason);
    ServerPlayer* find(const GameConnection* connection) noexcept;
    void broadcast(const std::string& body);
    void teleport(ServerPlayer& player);
    void place(ServerPlayer& player);
    bool save(const ServerPlayer& player);
    void sync_from_entity(ServerPlayer& player);
    bool sync_teleport(ServerPlayer& player, const PlayerEntity& entity);  // a command moved the player
    bool check_move(ServerPlayer& player, const Vec3& to);
    void on_move(ServerPlayer& player, const MovePlayer& move);                 // player_movement.cpp
    bool floating(const ServerPlayer& player, const EntityData& entity) const;  // vanilla's clientIsFloating
    void tick_floating(ServerPlayer& player);                                   // the allow-flight kick
    void set_client_view_distance(ServerPlayer& player, std::int32_t requested);
    void update_view(ServerPlayer& player, bool force);
    void send_chunks(ServerPlayer& player);
    void keep_alive(ServerPlayer& player, std::chrono::steady_clock::time_point now);
    void flush_block_changes();
    static bool in_view(ChunkPos center, ChunkPos pos, std::int32_t view_distance) noexcept;
    // Survival (player_combat.cpp): health, damage and death shown to the player each tick; the
    // packets Client Command (respawn), Interact and Swing Arm (true when `packet` was one).
    void survival_tick(ServerPlayer& player);
    bool on_survival_packet(ServerPlayer& player, ServerboundPacket& packet);
    void on_interact(ServerPlayer& player, const InteractEntity& packet);
    /// Interact (not InteractAt) on an entity: the mob's mob_interact (interact_with_entity).
    void on_interact_entity(ServerPlayer& player, Entity& target, InteractionHand hand);
    void respawn(ServerPlayer& player);

    Strand strand_;
    PlayerListSettings settings_;
    PlayerLogFunction log_;
    World* world_ = nullptr;
    std::unique_ptr<ChunkPacketEncoder> encoder_;
    std::unique_ptr<EntityTracker> tracker_;  // the world's entities on the players' clients
    std::vector<std::unique_ptr<ServerPlayer>> players_;
    std::map<const GameConnection*, std::shared_ptr<GameConnection>> logging_in_;   // accepted, not yet in play
    std::map<std::pair<ChunkPos, std::int32_t>, std::set<std::uint16_t>> changed_;  // by (chunk, section y)
    std::atomic<std::int32_t> online_{0};
    PlayerCommandRunner run_command_;
    std::function<void(bool)> save_white_list_;
    std::int64_t ticks_ = 0;
};

}  // namespace mobsdk::server
