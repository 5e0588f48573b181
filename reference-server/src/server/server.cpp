#include "mobserver/server/server.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <cstdio>
#include <exception>
#include <map>
#include <random>

#include "mobsdk/plugin/abi.h"
#include "mobsdk/world/registries.hpp"
#include "mobserver/command/commands.hpp"
#include "mobserver/net/debug_web.hpp"
#include "mobserver/net/game_connection.hpp"
#include "mobserver/net/rcon.hpp"
#include "mobserver/net/status.hpp"
#include "mobserver/plugin/plugin_host.hpp"
#include "mobserver/server/crash_report.hpp"
#include "mobserver/server/debug_view.hpp"
#include "mobserver/server/player_list.hpp"
#include "mobserver/server/watchdog.hpp"
#include "mobserver/storage/world_folder.hpp"
#include "mobserver/storage/world_storage.hpp"
#include "mobserver/world/village.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::string_view kSdkVersion = MOBSDK_VERSION_STRING;
constexpr std::string_view kMinecraftVersion = "1.20.4";

// The console: answers go to the log as vanilla's server console prints them.
class ConsoleSource final : public CommandSource {
public:
    ConsoleSource(ServerLog& log, Vec3 pos) : log_(&log), pos_(pos) {}
    void send_success(std::string_view line) override { log_->info(line); }
    void send_failure(std::string_view line) override { log_->info(line); }
    Vec3 position() const override { return pos_; }
    std::string_view name() const override { return "Server"; }

private:
    ServerLog* log_;
    Vec3 pos_;
};

// RCON and the debug view's tick controls: answers are collected for the reply; the success lines
// of a command that changes something are also shown on the console as vanilla broadcasts command
// feedback to operators ("[Rcon: Summoned new Villager]", "[Debug view: Set the time to 2000]"),
// and to the operators online, grey italic.
class RemoteSource final : public CollectingSource {
public:
    RemoteSource(std::string_view name, ServerLog& log, Vec3 pos, PlayerList* players, bool shown_to_ops)
        : CollectingSource(std::string(name), pos), log_(&log), players_(players), shown_(shown_to_ops) {}
    void send_success(std::string_view line) override {
        CollectingSource::send_success(line);
        if (!shown_) return;
        if (players_) players_->broadcast_to_ops(name(), line);  // logs it too
        else log_->info("[" + std::string(name()) + ": " + std::string(line) + "]");
    }
    void send_message(std::string_view line, MessageStyle) override { CollectingSource::send_success(line); }

private:
    ServerLog* log_;
    PlayerList* players_;
    bool shown_;
};

// The debug view sends at most this often (10 messages a second), however fast the game ticks.
constexpr auto kDebugWebPeriod = std::chrono::milliseconds(100);

// The level of a line from the network listeners, which name it as text.
LogLevel net_log_level(std::string_view level) {
    if (level == "ERROR") return LogLevel::Error;
    if (level == "WARN") return LogLevel::Warn;
    if (level == "DEBUG") return LogLevel::Debug;
    return LogLevel::Info;
}

// Vanilla's createCommandSourceStack: the console stands at the lower corner of the spawn block.
Vec3 corner_of(BlockPos p) { return {static_cast<double>(p.x), static_cast<double>(p.y), static_cast<double>(p.z)}; }

}  // namespace

std::string server_version_line() {
    return "mobsdk reference server " + std::string(kSdkVersion) + " (Minecraft Java Edition " +
           std::string(kMinecraftVersion) + " formats)";
}

std::string launch_usage() {
    return "Usage: mobserver [--dir DIR] [--world NAME] [--port N] [--rcon-port N] [--rcon-password P]\n"
           "                 [--plugins DIR] [--seed N] [--no-console] [--safe-mode] [--recreate-level-dat]\n"
           "                 [--frozen] [--debug-web PORT]\n"
           "  --dir DIR            server folder: server.properties, logs/, the world (default: .)\n"
           "  --world NAME         level-name: the world folder inside DIR\n"
           "  --port N             server-port: server list ping\n"
           "  --rcon-port N        rcon.port (RCON also needs enable-rcon=true and a password)\n"
           "  --rcon-password P    rcon.password\n"
           "  --debug-web PORT     debug-web-port: serve the debug view on PORT (0: off)\n"
           "  --plugins DIR        plugins-dir\n"
           "  --seed N             level-seed for a new world\n"
           "  --no-console         do not read commands from standard input\n"
           "  --safe-mode          load no plugin (their mobs are kept in storage, unchanged)\n"
           "  --recreate-level-dat a world whose level.dat and level.dat_old are both missing gets a\n"
           "                       new level.dat from defaults; no chunk is touched\n"
           "  --frozen             start with the game frozen, as after `tick freeze`: nothing moves\n"
           "                       until `tick unfreeze` or `tick step` (reproducible runs)\n"
           "Flags override server.properties for this run; the file is not changed.\n";
}

Result<ServerLaunch, std::string> parse_launch_arguments(int argc, const char* const* argv) {
    ServerLaunch launch;
    static constexpr std::string_view valued[] = {"--world",   "--port", "--rcon-port", "--rcon-password",
                                                  "--plugins", "--seed", "--debug-web"};
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        std::string value;
        bool inline_value = false;
        if (const auto eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string_view::npos) {
            value = std::string(a.substr(eq + 1));
            a = a.substr(0, eq);
            inline_value = true;
        }
        if (a == "--help" || a == "-h") return unexpected("help:" + launch_usage());
        if (a == "--version") return unexpected("version:" + server_version_line());
        if (a == "--no-console" || a == "--safe-mode" || a == "--recreate-level-dat" || a == "--frozen") {
            if (inline_value) return unexpected("option " + std::string(a) + " takes no value");
            if (a == "--no-console") launch.console = false;
            else if (a == "--safe-mode") launch.safe_mode = true;
            else if (a == "--frozen") launch.frozen = true;
            else launch.recreate_level_dat = true;
            continue;
        }
        const bool takes_value = a == "--dir" || std::find(std::begin(valued), std::end(valued), a) != std::end(valued);
        if (!takes_value) return unexpected("unknown option '" + std::string(a) + "' (see --help)");
        if (!inline_value) {
            if (i + 1 >= argc) return unexpected("option " + std::string(a) + " needs a value");
            value = argv[++i];
        }
        if (a == "--dir") {
            if (value.empty()) return unexpected(std::string("option --dir needs a folder"));
            launch.dir = value;
        } else {
            launch.overrides.emplace_back(std::string(a), value);
        }
    }
    return launch;
}

MinecraftServer::MinecraftServer(ServerLaunch launch)
    : launch_(std::move(launch)), strand_(boost::asio::make_strand(io_)), timer_(strand_) {}

MinecraftServer::~MinecraftServer() {
    console_stop_ = true;
    if (console_thread_.joinable()) console_thread_.join();
    watchdog_.reset();
    // Entities (and their brains) go before the storage and registries they refer to, and
    // the registries and plugin code last.
    world_.reset();
    storage_.reset();
    plugins_.reset();
}

fs::path MinecraftServer::plugins_dir() const {
    const fs::path dir = properties_.plugins_dir;
    return dir.is_absolute() ? dir : launch_.dir / dir;
}

std::vector<PluginSummary> MinecraftServer::plugins() const {
    std::vector<PluginSummary> out;
    if (!plugins_) return out;
    for (const auto& p : plugins_->plugins()) out.push_back(PluginSummary{p.id, p.name, p.version});
    return out;
}

std::string MinecraftServer::open_world() {
    // Registries: vanilla content, then every plugin that passes the checks; then frozen.
    // The private copies of the plugins live in the server folder (see PluginHost).
    plugins_ = std::make_unique<PluginHost>([this](LogLevel level, const std::string& line) { log_.log(level, line); },
                                            register_vanilla_content, launch_.dir / "plugin-copies");
    if (launch_.safe_mode) {
        log_.warn(
            "Safe mode (--safe-mode): no plugin is loaded; mobs that get their AI from plugins are kept in "
            "storage unchanged");
        if (std::string err = plugins_->load({}); !err.empty()) return err;
    } else if (std::string err = plugins_->load(plugins_dir(), properties_.plugins_disabled); !err.empty()) {
        return err;
    }
    const WorldRegistries* registries = &plugins_->world_registries();
    CrashReporter::instance().set_plugins(plugins_->plugins(), &registries->entity_types);

    const bool world_flag = std::any_of(launch_.overrides.begin(), launch_.overrides.end(),
                                        [](const auto& o) { return o.first == "--world"; });
    auto level_dir = resolve_level_dir(launch_.dir, properties_.level_name, world_flag ? "--world" : "level-name");
    if (!level_dir) return level_dir.error();
    level_dir_ = *level_dir;
    log_.info("Preparing level \"" + properties_.level_name + "\"");
    // Before anything reads or writes the world: its folders must be usable, and chunk files
    // without a level.dat are a damaged world, never a new one.
    auto folder = check_world_folder(launch_.dir, level_dir_);
    if (!folder) return folder.error();
    log_.info("World folder: " + folder->level_dir.string());
    auto loaded = read_level_dat(level_dir_);
    if (!loaded) return loaded.error();
    const bool fresh = !loaded->has_value();
    const bool recreate = fresh && folder->has_chunk_files();
    if (recreate && !launch_.recreate_level_dat) return missing_level_dat_error(*folder);
    if (launch_.recreate_level_dat && !recreate)
        log_.warn(
            std::string("--recreate-level-dat ignored: ") +
            (fresh ? "the world folder holds no chunk files, so a new world is created" : "the world has a level.dat"));
    launch_.recreate_level_dat = false;  // once: a reload opens the world it wrote
    if (fresh) {
        level_.level_name = fs::path(properties_.level_name).filename().string();
        if (auto seed = parse_level_seed(properties_.level_seed)) {
            level_.seed = *seed;
        } else {
            std::random_device rd;
            level_.seed = static_cast<std::int64_t>((static_cast<std::uint64_t>(rd()) << 32) ^ rd());
        }
        level_.level_type = properties_.level_type;
        if (level_.level_type == LevelType::Void) level_.flat_layers.clear();
        level_.day_time = 0;
        level_.spawn = {0, -60, 0};
    } else {
        for (const auto& w : (*loaded)->warnings) log_.warn(w);
        if ((*loaded)->from_backup) log_.warn("Using the backup " + (*loaded)->file.string());
        level_ = std::move((*loaded)->data);
    }
    if (!supported_by_reference_server(level_.level_type))
        return "level-type " + std::string(level_type_id(level_.level_type)) +
               " cannot be generated by the reference server (use minecraft:flat or mobsdk:void)";
    // Vanilla's dedicated server applies server.properties' difficulty at every start.
    level_.difficulty = properties_.difficulty;

    std::unique_ptr<ChunkGenerator> generator;
    if (level_.level_type == LevelType::Void || level_.flat_layers.empty()) {
        generator = std::make_unique<VoidGenerator>();
    } else {
        std::vector<FlatGenerator::Layer> layers;
        for (const auto& l : level_.flat_layers) {
            auto state = registries->blocks.parse(l.block);
            if (!state) return "level.dat: flat layer '" + l.block + "': " + state.error();
            layers.push_back(FlatGenerator::Layer{*state, l.height});
        }
        generator = std::make_unique<FlatGenerator>(std::move(layers));
    }
    WorldOptions options;
    options.seed = level_.seed;
    options.memory_expiry = properties_.memory_expiry;
    options.difficulty = level_.difficulty;
    options.rules = level_.rules;
    // With a plugin left out, a mob it would give AI to is kept in storage as it is, not run bare.
    options.keep_ai_less_mobs_dormant = launch_.safe_mode || !properties_.plugins_disabled.empty();
    world_ = std::make_unique<World>(*registries, std::move(generator), options);
    world_->set_plugin_code_probe(&CrashReporter::instance().probe());
    world_->set_mob_initializer(ai_initializer());
    world_->set_game_time(level_.game_time);
    world_->set_day_time(level_.day_time);
    world_->set_warning_sink([this](const std::string& w) { log_.warn(w); });
    world_->set_error_sink([this](const std::string& e) { log_.error(e); });

    storage_ = std::make_unique<WorldStorage>(level_dir_, registries->poi_types);
    for (const auto& w : storage_->startup_warnings()) log_.warn(w);
    world_->attach_storage(*storage_);
    auto forced = read_forced_chunks(level_dir_);
    if (!forced) return forced.error();
    for (const ChunkPos p : *forced) world_->set_forced(p, true);
    world_->set_spawn(level_.spawn, properties_.spawn_chunk_radius);

    if (players_) {
        players_->set_playerdata_dir(level_dir_ / "playerdata");
        players_->attach(world_.get());
    }
    log_.info("Preparing start region for dimension " + world_->dimension().str());
    world_->update_chunks();
    if (fresh && !recreate && !level_.flat_layers.empty()) {
        // The embedded default world: a village at the spawn, with its villagers.
        const VillagePlan plan = build_village(*world_, level_.spawn, level_.seed, 4);
        const auto villager = registries->entity_types.find("minecraft:villager");
        for (std::size_t i = 0; villager && i < plan.beds.size(); ++i)
            world_->spawn_mob(*villager, {plan.bell.x + 0.5 + static_cast<double>(i), static_cast<double>(plan.bell.y),
                                          plan.bell.z + 2.5});
        log_.info("Built a village of " + std::to_string(plan.beds.size()) + " beds and " +
                  std::to_string(plan.job_sites.size()) + " job sites around the spawn");
    }
    if (recreate) {
        // Only level.dat: the chunks stay exactly as they are on disk.
        if (std::string err = save_level_data(); !err.empty()) return "cannot write level.dat: " + err;
        log_.warn("Recreated level.dat in " + folder->level_dir.string() +
                  " from defaults (--recreate-level-dat): seed " + std::to_string(level_.seed) + ", spawn " +
                  std::to_string(level_.spawn.x) + ", " + std::to_string(level_.spawn.y) + ", " +
                  std::to_string(level_.spawn.z) + ", time 0 and default game rules; the " + folder->describe() +
                  " were kept unchanged and no village was built");
    } else if (fresh) {
        if (std::string err = save_all(true); !err.empty()) return err;
    }
    return {};
}

std::string MinecraftServer::start() {
    log_.info("Starting " + server_version_line());
    log_.info("Loading properties");
    auto props = load_or_create(launch_.dir);
    if (!props) return "Failed to load properties from file: server.properties: " + props.error().to_string();
    properties_ = std::move(*props);
    if (auto r = apply_overrides(properties_, launch_.overrides); !r) return r.error().to_string();
    log_.set_debug(properties_.debug);
    report_last_crash();

    // StatusServer logs "Starting Minecraft server on <ip>:<port>" and, on failure, vanilla's
    // "**** FAILED TO BIND TO PORT!" lines.
    auto net_log = [this](std::string_view level, std::string message) {
        log_.log(net_log_level(level), message, "Network");
    };
    StatusServerOptions so;
    so.bind_address = properties_.server_ip;
    so.port = static_cast<std::uint16_t>(properties_.server_port);
    so.max_connections = static_cast<std::size_t>(properties_.network_max_connections);
    so.max_pending_per_address = static_cast<std::size_t>(properties_.network_max_pending_per_address);
    so.handshake_timeout = std::chrono::milliseconds(properties_.network_handshake_timeout_ms);
    so.login_timeout = std::chrono::milliseconds(properties_.network_login_timeout_ms);
    const StatusInfo info = [&] {
        StatusInfo i;
        i.max_players = properties_.max_players;
        i.online = 0;
        i.motd = properties_.motd;
        return i;
    }();
    players_ = std::make_shared<PlayerList>(
        strand_, player_settings(),
        [this](std::string_view level, std::string line) { log_.log(net_log_level(level), line); });
    if (properties_.online_mode)
        log_.warn(
            "online-mode=true in server.properties: mobserver cannot check accounts with Mojang's session "
            "servers, so every login is refused. Set online-mode=false to let players join (offline mode: "
            "anyone may join under any name).");
    players_->set_command_runner([this](const std::string& line, CommandSource& source) { run_command(line, source); });
    players_->set_white_list_saver([this](bool on) {
        properties_.white_list = on;
        if (auto r = update_property(launch_.dir, "white-list", on ? "true" : "false"); !r)
            log_.warn("Could not save server.properties: " + r.error().to_string());
    });
    so.game_service = players_;
    auto game = std::make_shared<GameOptions>();
    game->compression_threshold = properties_.network_compression_threshold;
    game->online_mode = properties_.online_mode;
    game->max_queued_bytes = static_cast<std::size_t>(properties_.network_max_queued_bytes);
    game->keep_alive_interval = std::chrono::milliseconds(properties_.network_keep_alive_ms);
    so.game_options = std::move(game);
    status_ = std::make_unique<StatusServer>(
        io_, so,
        [info, players = players_] {
            StatusInfo i = info;
            i.online = players->online();
            return i;
        },
        net_log);
    if (auto err = status_->start()) return "could not bind the server port: " + *err;
    return open_world();
}

void MinecraftServer::start_console() {
    if (!launch_.console) return;
    console_thread_ = std::thread([this] {
        std::string pending;
        char buf[4096];
        while (!console_stop_) {
            pollfd p{STDIN_FILENO, POLLIN, 0};
            const int r = ::poll(&p, 1, 100);
            if (r < 0) break;
            if (r == 0) continue;
            const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
            if (n <= 0) break;  // end of input: the server keeps running, as vanilla's does
            pending.append(buf, static_cast<std::size_t>(n));
            if (pending.size() > 1024 * 1024) pending.clear();  // a line that never ends
            std::size_t nl;
            while ((nl = pending.find('\n')) != std::string::npos) {
                std::string line = pending.substr(0, nl);
                pending.erase(0, nl + 1);
                if (!line.empty() && line.back() == '\r') line.pop_back();
                if (ServerWatchdog::is_stop_command(line)) watchdog_->stop_requested("stop on the console");
                boost::asio::post(strand_, [this, line = std::move(line)] {
                    if (stopped_) return;
                    ConsoleSource source(log_, world_ ? corner_of(world_->spawn_pos()) : Vec3{});
                    run_command(line, source);
                });
            }
        }
    });
}

void MinecraftServer::register_commands() {
    dispatcher_ = std::make_unique<CommandDispatcher>();
    register_vanilla_commands(*dispatcher_, *this);
    // `reload` lives here, not with the other commands: it needs the program, not ServerControl.
    dispatcher_->root().literal("reload").executes([this](CommandContext& c) -> CommandResultValue {
        c.source().send_success("Reloading!");
        request_reload();  // at the start of the next tick: this command runs inside one
        return 1;
    });
    apply_permission_levels(*dispatcher_);
}

void MinecraftServer::run_command(const std::string& line, CommandSource& source) {
    std::string_view text = line;
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    if (!text.empty() && text.front() == '/') text.remove_prefix(1);
    if (text.empty()) return;
    if (!world_ || !dispatcher_) {
        // Only between a failed reload and the shutdown it triggers.
        source.send_failure("The server is stopping");
        return;
    }
    try {
        dispatcher_->execute(text, source);
    } catch (const std::exception& e) {
        // Vanilla: "An unexpected error occurred trying to execute that command".
        source.send_failure("An unexpected error occurred trying to execute that command");
        log_.error("Command '" + std::string(text) + "' failed: " + e.what());
    }
}

void MinecraftServer::report_last_crash() {
    const auto last = CrashReporter::take_pending(launch_.dir);
    if (!last) return;
    if (last->plugin.empty()) {
        log_.warn("The last run crashed: see " + last->report);
        return;
    }
    const auto& disabled = properties_.plugins_disabled;
    if (launch_.safe_mode || std::find(disabled.begin(), disabled.end(), last->plugin) != disabled.end()) {
        log_.warn("The last run crashed in plugin " + last->plugin + " (see " + last->report +
                  "), which is not loaded now");
        return;
    }
    std::string line = "plugins-disabled=";
    for (const auto& id : disabled) line += id + ",";
    line += last->plugin;
    log_.warn("The last run crashed in plugin " + last->plugin + " (see " + last->report +
              "). To start without it, add this line to server.properties: " + line);
}

int MinecraftServer::run() {
    const auto started = Clock::now();
    if (std::string err = log_.open(launch_.dir); !err.empty()) {
        log_.error(err);
        return 1;
    }
    CrashReporter::instance().install(launch_.dir, log_.file_descriptor(), server_version_line());
    try {
        if (std::string err = start(); !err.empty()) {
            log_.error(err);
            return 1;
        }
    } catch (const std::exception& e) {
        log_.error(std::string("Encountered an unexpected exception: ") + e.what());
        return 1;
    }
    register_commands();
    // Before the first tick: a world started frozen has not moved when the first command arrives.
    if (launch_.frozen) {
        ticks_.set_frozen(true);
        log_.info("The game is frozen (--frozen): `tick unfreeze` or `tick step` runs it");
    }
    // The watchdog (max-tick-time) also answers a stop asked for while a tick is stuck.
    watchdog_ = std::make_unique<ServerWatchdog>(
        properties_.max_tick_time, [this](LogLevel level, const std::string& line) { log_.log(level, line); });

    const double took = std::chrono::duration<double>(Clock::now() - started).count();
    char done[96];
    std::snprintf(done, sizeof done, "Done (%.3fs)! For help, type \"help\"", took);
    log_.info(done);

    if (properties_.enable_rcon) {
        // RconServer logs "Starting remote control listener" itself.
        if (properties_.rcon_password.empty()) {
            log_.info("No rcon password set in server.properties, rcon disabled!");
        } else {
            RconServerOptions ro;
            ro.bind_address = properties_.server_ip;
            ro.port = static_cast<std::uint16_t>(properties_.rcon_port);
            ro.password = properties_.rcon_password;
            ro.max_connections = static_cast<std::size_t>(properties_.rcon_max_connections);
            ro.max_pending_per_address = static_cast<std::size_t>(properties_.rcon_max_pending_per_address);
            ro.login_timeout = std::chrono::milliseconds(properties_.rcon_login_timeout_ms);
            rcon_ = std::make_unique<RconServer>(
                io_, ro,
                [this](std::string command, std::function<void(std::string)> reply) {
                    if (ServerWatchdog::is_stop_command(command)) watchdog_->stop_requested("stop over RCON");
                    run_remote_command("Rcon", std::move(command), std::move(reply));
                },
                [this](std::string_view level, std::string message) {
                    log_.log(net_log_level(level), message, "RCON Listener");
                });
            if (rcon_->start()) rcon_.reset();  // RconServer logged why (vanilla's "Unable to initialise RCON")
        }
    }
    start_debug_web();

    boost::asio::signal_set signals(io_, SIGINT, SIGTERM);
    std::function<void(const boost::system::error_code&, int)> on_signal = [&](const boost::system::error_code& ec,
                                                                               int sig) {
        if (ec) return;
        // Runs on whichever thread is not stuck in a tick: the watchdog hears of it at once.
        watchdog_->stop_requested(sig == SIGINT ? "SIGINT" : "SIGTERM");
        boost::asio::post(strand_, [this] { request_stop(); });
        signals.async_wait(on_signal);
    };
    signals.async_wait(on_signal);
    start_console();
    pacer_.start(Clock::now());
    boost::asio::post(strand_, [this] { run_tick(); });

    // The strand serialises the world; a second thread serves the network meanwhile.
    std::thread network([this] {
        CrashReporter::instance().prepare_thread();
        io_.run();
        CrashReporter::instance().release_thread();
    });
    io_.run();
    network.join();
    signals.cancel();
    console_stop_ = true;
    if (console_thread_.joinable()) console_thread_.join();
    CrashReporter::instance().release_thread();
    return exit_code_;
}

void MinecraftServer::schedule_tick() {
    if (ticks_.interval().count() == 0) {
        // Sprinting: no wait, but let the network and the console in between ticks.
        boost::asio::post(strand_, [this] { run_tick(); });
        return;
    }
    timer_.expires_at(pacer_.next_tick_time());
    timer_.async_wait([this](const boost::system::error_code& ec) {
        if (!ec) run_tick();
    });
}

void MinecraftServer::run_tick() {
    watchdog_->tick_started();
    run_tick_body();
    watchdog_->tick_finished();
}

void MinecraftServer::run_tick_body() {
    if (stopping_) {
        shutdown();
        return;
    }
    if (reload_requested_) {
        reload_requested_ = false;
        reload();
        if (stopping_) {
            shutdown();
            return;
        }
    }
    const auto interval = ticks_.begin_tick();
    if (auto warning = pacer_.begin_tick(Clock::now(), interval)) log_.warn(*warning);
    const auto begin = Clock::now();
    if (ticks_.should_tick()) {
        try {
            world_->tick();
        } catch (const std::exception& e) {
            log_.error(std::string("Exception ticking world: ") + e.what());
        }
    }
    // Players are served while the game is frozen too: chunks, block changes, keep-alive.
    players_->tick();
    ++server_ticks_;
    if (saving_enabled_ && server_ticks_ % autosave_period == 0) {
        save_all(false);  // a failure is logged by save_all
    }
    ticks_.end_tick(Clock::now() - begin);
    if (auto report = ticks_.take_sprint_report()) log_.info(*report);
    // With no page open this is one relaxed load: the tick does nothing more.
    if (debug_web_ && debug_web_->page_count() > 0) publish_debug_view();
    schedule_tick();
}

void MinecraftServer::run_remote_command(std::string_view source_name, std::string command,
                                         std::function<void(std::string)> reply) {
    boost::asio::post(strand_, [this, source_name, command = std::move(command), reply = std::move(reply)] {
        if (stopped_) {
            reply("");
            return;
        }
        RemoteSource source(source_name, log_, world_ ? corner_of(world_->spawn_pos()) : Vec3{}, players_.get(),
                            feedback_shown_to_ops(command));
        run_command(command, source);
        reply(source.text());
    });
}

void MinecraftServer::start_debug_web() {
    if (properties_.debug_web_port == 0) return;
    DebugWebOptions wo;
    wo.bind_address = properties_.debug_web_ip;
    wo.port = static_cast<std::uint16_t>(properties_.debug_web_port);
    // The tick controls unlock with the RCON password, when RCON has one.
    if (properties_.enable_rcon) wo.password = properties_.rcon_password;
    debug_web_ = std::make_unique<DebugWebServer>(
        io_, wo,
        [this](std::string command, std::function<void(std::string)> reply) {
            run_remote_command("Debug view", std::move(command), std::move(reply));
        },
        [this](std::string_view level, std::string message) { log_.log(net_log_level(level), message, "Debug view"); });
    if (debug_web_->start()) debug_web_.reset();  // it logged why
    else debug_histories_ = std::make_unique<DebugHistories>();
}

void MinecraftServer::publish_debug_view() {
    if (!world_) return;
    // Every tick: the watched mobs' histories, so that nothing that lasts a tick is missed.
    std::vector<std::string> watched = debug_web_->watched();
    debug_histories_->observe(*world_, watched);
    const auto now = Clock::now();
    if (now - debug_web_last_ < kDebugWebPeriod) return;
    debug_web_last_ = now;
    DebugViewRequest request;
    request.watched = std::move(watched);
    request.histories = debug_histories_.get();
    request.frozen = ticks_.frozen();
    // POIs and the ground change rarely: sent to each page around the point it chose (the spawn,
    // where the village is built, until it chooses) once a second and every 5 seconds, and at once
    // to a page that just opened or moved.
    const bool pois_due = debug_web_messages_ % 10 == 0, ground_due = debug_web_messages_ % 50 == 0;
    ++debug_web_messages_;
    try {
        debug_web_->publish(
            std::make_shared<const std::string>(debug_view_message(*world_, plugins_->vanilla(), request)));
        std::map<std::pair<BlockPos, bool>, std::shared_ptr<const std::string>> areas;  // one per centre
        for (const DebugWebServer::PageArea& page : debug_web_->take_areas()) {
            if (!page.changed && !pois_due) continue;
            DebugAreaRequest area;
            area.center = world_->spawn_pos();
            if (page.center) {
                const auto [x, z] = *page.center;
                const bool loaded = world_->is_loaded(ChunkPos::of(BlockPos{x, 0, z}));
                area.center = BlockPos{x, loaded ? world_->height(Heightmap::WorldSurface, x, z) : area.center.y, z};
            }
            area.ground = page.changed || ground_due;
            auto& message = areas[{area.center, area.ground}];
            if (!message)
                message = std::make_shared<const std::string>(debug_area_message(*world_, plugins_->vanilla(), area));
            debug_web_->send_to(page.page, message);
        }
    } catch (const std::exception& e) {
        log_.error(std::string("Debug view snapshot failed: ") + e.what());
    }
}

void MinecraftServer::request_stop() { stopping_ = true; }

PlayerAdmin* MinecraftServer::player_admin() { return players_.get(); }

std::vector<std::string> MinecraftServer::player_names() const {
    return players_ ? players_->names() : std::vector<std::string>{};
}

PlayerListSettings MinecraftServer::player_settings() {
    PlayerListSettings s;
    s.max_players = properties_.max_players;
    s.view_distance = properties_.view_distance;
    s.simulation_distance = properties_.simulation_distance;
    s.default_game_mode = parse_game_mode(properties_.default_gamemode).value_or(GameMode::Survival);
    s.white_list = properties_.white_list;
    s.enforce_whitelist = properties_.enforce_whitelist;
    s.op_permission_level = properties_.op_permission_level;
    s.whitelist_file = launch_.dir / "whitelist.json";
    s.ops_file = launch_.dir / "ops.json";
    if (auto entries = read_whitelist(s.whitelist_file)) {
        s.whitelist = std::move(*entries);
    } else {
        // As vanilla: "Failed to load white-list", and an empty one.
        log_.warn("Failed to load the white-list, so it is empty: " + entries.error());
    }
    if (auto ops = read_ops(s.ops_file)) {
        s.ops = std::move(*ops);
    } else {
        log_.warn("Failed to load the operators list, so there are none: " + ops.error());
    }
    s.keep_alive_interval = std::chrono::milliseconds(properties_.network_keep_alive_ms);
    s.allow_flight = properties_.allow_flight;
    return s;
}

void MinecraftServer::reload() {
    // Everything goes to storage first; if that fails nothing is unloaded (vanilla's "Reload
    // failed; keeping old data").
    if (std::string err = save_all(true); !err.empty()) {
        log_.error("Reload failed; keeping old data: " + err);
        return;
    }
    if (players_) players_->attach(nullptr, "Server reloading");  // players leave (and are saved) first
    const std::size_t before = world_->entities().size();
    // Brains and behaviours (plugin code) go with the world, then the storage that points into
    // the registries, then the plugins and their registries, and last their libraries.
    world_.reset();
    storage_.reset();
    CrashReporter::instance().set_plugins({}, nullptr);  // their code is about to be unmapped
    plugins_.reset();
    std::string err;
    try {
        err = open_world();
    } catch (const std::exception& e) {
        err = e.what();
    }
    if (!err.empty()) {
        // No world to run: stop without saving over what was just saved.
        log_.error("Reload failed, the server stops: " + err);
        world_.reset();
        exit_code_ = 1;
        stopping_ = true;
        return;
    }
    std::string ids;
    for (const auto& p : plugins_->plugins()) ids += (ids.empty() ? "" : ", ") + p.id + " " + p.version;
    register_commands();
    const auto n = plugins_->plugins().size();
    const auto refused = plugins_->refusals().size();
    log_.info("Reloaded " + std::to_string(n) + " plugin" + (n == 1 ? "" : "s") +
              (ids.empty() ? "" : " (" + ids + ")") + ", " + std::to_string(refused) + " refused; " +
              std::to_string(world_->entities().size()) + " of " + std::to_string(before) + " entities back, " +
              std::to_string(world_->dormant_count()) + " kept in storage");
}

std::string MinecraftServer::save_level_data() {
    level_.game_time = world_->game_time();
    level_.day_time = world_->day_time();
    level_.rules = world_->options().rules;
    level_.difficulty = world_->options().difficulty;
    level_.spawn = world_->spawn_pos();
    if (auto r = write_level_dat(level_dir_, level_); !r) return r.error();
    const std::vector<ChunkPos> forced(world_->forced_chunks().begin(), world_->forced_chunks().end());
    if (auto r = write_forced_chunks(level_dir_, forced); !r) return r.error();
    return {};
}

std::string MinecraftServer::save_all(bool flush) {
    // Vanilla's PlayerList.saveAll comes first; a player that cannot be saved is logged (ERROR)
    // and does not stop the world from being saved.
    if (players_) players_->save_all();
    std::string err = world_->save_all();
    if (err.empty()) err = save_level_data();
    // Logged here for every caller (save-all, autosave, shutdown): the command shows only
    // vanilla's short failure message.
    if (!err.empty()) log_.error("Saving the world failed: " + err);
    else if (flush) storage_->flush();
    return err;
}

void MinecraftServer::shutdown() {
    if (stopped_) return;
    stopped_ = true;
    log_.info("Stopping server");
    if (players_) players_->attach(nullptr, "Server closed");
    if (rcon_) rcon_->stop();
    if (status_) status_->stop();
    if (debug_web_) debug_web_->stop();
    timer_.cancel();
    log_.info("Saving worlds");
    if (world_) {  // none after a failed reload, which saved everything before it failed
        log_.info("Saving chunks for level 'ServerLevel[" + properties_.level_name + "]'/" + world_->dimension().str());
        if (std::string err = save_all(true); !err.empty()) {
            exit_code_ = 1;  // save_all logged why
        } else {
            log_.info("ThreadedAnvilChunkStorage (" + properties_.level_name + "): All chunks are saved");
            log_.info("ThreadedAnvilChunkStorage: All dimensions are saved");
        }
    }
    log_.flush();
    console_stop_ = true;
    io_.stop();
}

}  // namespace mobsdk::server
