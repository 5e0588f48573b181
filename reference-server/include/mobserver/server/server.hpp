// The reference server program: server.properties, the world and its Anvil storage, the 20 TPS
// tick loop on one Asio strand, the console, RCON and the server list ping, and a clean shutdown.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "mobsdk/world/registries.hpp"
#include "mobserver/command/command_source.hpp"
#include "mobserver/command/dispatcher.hpp"
#include "mobserver/server/log.hpp"
#include "mobserver/server/properties.hpp"
#include "mobserver/server/tick_manager.hpp"
#include "mobserver/storage/level_data.hpp"

namespace mobsdk::server {

class World;
class WorldStorage;
class RconServer;
class StatusServer;
class DebugWebServer;
class DebugHistories;
class PluginHost;
class ServerWatchdog;
class PlayerList;
struct PlayerListSettings;

/// @brief What the command line asked for.
struct ServerLaunch {
    std::filesystem::path dir = ".";          ///< --dir: holds server.properties, logs and worlds
    std::vector<PropertyOverride> overrides;  ///< --port, --world, … in the order given
    bool console = true;                      ///< read commands from stdin
    bool safe_mode = false;                   ///< --safe-mode: load no plugin at all
    bool recreate_level_dat = false;          ///< --recreate-level-dat: a missing level.dat is made from defaults
    bool frozen = false;                      ///< --frozen: the game starts frozen, as after `tick freeze`
};

/// @brief Parses mobserver's arguments. An unknown flag or a flag without its value is an error
/// naming it. `--help` and `--version` come back as an error string starting with "help:" /
/// "version:" that the caller prints.
Result<ServerLaunch, std::string> parse_launch_arguments(int argc, const char* const* argv);

/// @brief The usage text of `mobserver --help`.
std::string launch_usage();

/// @brief The version line: the SDK version and the Minecraft version whose formats it writes.
std::string server_version_line();

/// @brief One running server.
class MinecraftServer final : public ServerControl {
public:
    /// @brief A server for `launch`; nothing happens until run().
    explicit MinecraftServer(ServerLaunch launch);
    ~MinecraftServer() override;
    MinecraftServer(const MinecraftServer&) = delete;
    MinecraftServer& operator=(const MinecraftServer&) = delete;

    /// @brief Starts, runs until `stop`, SIGINT or SIGTERM, saves and returns the exit code: 0
    /// after a clean stop, 1 when start-up failed (the reason is logged).
    int run();

    // ServerControl (called on the world strand)
    void request_stop() override;
    std::string save_all(bool flush) override;
    bool saving_enabled() const override { return saving_enabled_; }
    void set_saving_enabled(bool enabled) override { saving_enabled_ = enabled; }
    std::int64_t seed() const override { return level_.seed; }
    TickManager& tick_manager() override { return ticks_; }
    std::vector<PluginSummary> plugins() const override;
    int max_players() const override { return properties_.max_players; }
    std::vector<std::string> player_names() const override;
    World& world() override { return *world_; }
    PlayerAdmin* player_admin() override;

    /// @brief Ticks between automatic saves (vanilla's autosave period).
    static constexpr std::int64_t autosave_period = 6000;

    /// @brief Asks for a `reload` at the start of the next tick: save, unload the world and the
    /// plugins, load the plugins' current builds, reopen the world from storage.
    void request_reload() noexcept { reload_requested_ = true; }
    /// @brief The folder plugins are loaded from: plugins-dir, relative to the server folder.
    std::filesystem::path plugins_dir() const;

private:
    std::string start();       // everything before "Done"; an error message on failure
    std::string open_world();  // registries and plugins, then the world from storage
    void reload();             // between ticks, on the strand
    void register_commands();  // a fresh dispatcher over the current registries
    void start_console();
    void schedule_tick();
    void run_tick();  // run_tick_body under the watchdog
    void run_tick_body();
    void shutdown();  // on the strand: stop listening, save, stop the io_context
    void run_command(const std::string& line, CommandSource& source);
    // Any thread: runs a command from RCON or the debug view on the strand; `reply` gets its output.
    void run_remote_command(std::string_view source_name, std::string command, std::function<void(std::string)> reply);
    void start_debug_web();     // after "Done", when debug-web-port is set
    void publish_debug_view();  // on the strand, after a tick, while a page is open
    std::string save_level_data();
    PlayerListSettings player_settings();  // from server.properties and whitelist.json (a bad one is logged)
    void report_last_crash();              // the note a crashed run left (see CrashReporter)

    ServerLaunch launch_;
    ServerLog log_;
    ServerProperties properties_;
    LevelData level_;
    std::filesystem::path level_dir_;
    // Destroyed in this order (see the destructor): world, storage, then the plugins, whose
    // registries the world and storage point into and whose code the world's brains run.
    std::unique_ptr<PluginHost> plugins_;
    std::unique_ptr<WorldStorage> storage_;
    std::unique_ptr<World> world_;
    // Rebuilt on reload: argument types hold references into the registries.
    std::unique_ptr<CommandDispatcher> dispatcher_;
    TickManager ticks_;
    bool saving_enabled_ = true;
    bool stopping_ = false;
    bool reload_requested_ = false;
    bool stopped_ = false;
    int exit_code_ = 0;

    boost::asio::io_context io_;
    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    boost::asio::steady_timer timer_;
    std::unique_ptr<ServerWatchdog> watchdog_;
    std::unique_ptr<RconServer> rcon_;
    std::unique_ptr<StatusServer> status_;
    std::shared_ptr<PlayerList> players_;  // shared with the connections, which post to it
    std::unique_ptr<DebugWebServer> debug_web_;
    std::chrono::steady_clock::time_point debug_web_last_{};  // the last message's time
    std::int64_t debug_web_messages_ = 0;
    std::unique_ptr<DebugHistories> debug_histories_;  // the watched mobs' histories, while the view is on
    std::thread console_thread_;
    std::atomic<bool> console_stop_{false};

    TickPacer pacer_;
    std::int64_t server_ticks_ = 0;
};

}  // namespace mobsdk::server
