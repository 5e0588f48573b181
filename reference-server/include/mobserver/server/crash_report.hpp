// Crash reports as vanilla writes them: crash-reports/crash-<date>-server.txt and the log, from a
// fatal signal's handler (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT) or from the watchdog, with
// the thread's backtrace and the plugin whose code was running.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/world/registries.hpp"
#include "mobserver/plugin/plugin_host.hpp"
#include "mobserver/world/plugin_code_probe.hpp"

namespace mobsdk::server {

/// @brief What the last run's crash report said, found by the next start (see take_pending()).
struct PendingCrash {
    std::string report;  ///< the report's path, relative to the server folder
    std::string plugin;  ///< the plugin it names, or empty
};

/// @brief The process's crash reporting. One per process, because signal handlers are: the
/// server installs it once; everything a handler reads is prepared beforehand (symbol tables of
/// the executable and the plugins, the plugin of each entity type, file names), so that writing a
/// report needs no allocation, no lock and no call that is not async-signal-safe.
class CrashReporter {
public:
    /// @brief The process's reporter.
    static CrashReporter& instance();

    /// @brief Installs the fatal-signal handlers; reports go to `server_dir`/crash-reports and to
    /// stdout and `log_fd` (latest.log). `version_line` goes into each report.
    void install(const std::filesystem::path& server_dir, int log_fd, const std::string& version_line);
    /// @brief Gives the calling thread an alternate signal stack, so that a stack overflow on it
    /// is reported too. Call on every thread that runs world or plugin code.
    void prepare_thread();
    /// @brief Gives the calling thread back the alternate stack prepare_thread() replaced; call
    /// before a thread that called prepare_thread() ends.
    void release_thread();
    /// @brief Reads the symbols of the executable and of `plugins`' libraries and notes which
    /// plugin gives each entity type its AI. Call after every plugin load (and with none after
    /// an unload); the previous tables stay valid for a handler already running.
    void set_plugins(const std::vector<LoadedPluginInfo>& plugins, const Registry<EntityTypeInfo>* entity_types);
    /// @brief The probe the world writes (World::set_plugin_code_probe).
    PluginCodeProbe& probe() noexcept;

    /// @brief Writes a report for a tick stuck on thread `tick_tid` for `tick_ms` (the watchdog),
    /// with that thread's backtrace, then ends the process with exit code 1, saving nothing.
    [[noreturn]] void fail_stuck_tick(pid_t tick_tid, std::int64_t tick_ms, std::int64_t max_tick_ms, const char* why);

    /// @brief The report a crashed run left for the next start to mention, if any; forgotten
    /// once taken.
    static std::optional<PendingCrash> take_pending(const std::filesystem::path& server_dir);
    /// @brief A report's file name for a UTC time: `crash-2026-11-27_11.30.00-server.txt`.
    static std::string report_name(std::int64_t unix_seconds);

private:
    CrashReporter() = default;
};

}  // namespace mobsdk::server
