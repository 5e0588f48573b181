// Vanilla's ServerWatchdog: a thread that ends the server with a crash report when one tick runs
// longer than max-tick-time, and that answers a stop asked for during a stuck tick.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "mobserver/server/log.hpp"

namespace mobsdk::server {

/// @brief Watches the tick. tick_started()/tick_finished() come from the tick thread (any thread
/// running the world strand); stop_requested() from any thread, including a signal's handler
/// thread. A tick longer than `max_tick_ms` (> 0) ends the process through
/// CrashReporter::fail_stuck_tick; with the watchdog off (<= 0) a second stop request during a
/// stuck tick does.
class ServerWatchdog {
public:
    /// @brief Where the watchdog's lines go (a thread-safe logger).
    using Log = std::function<void(LogLevel, const std::string&)>;

    /// @brief A watchdog for `max_tick_ms` (vanilla's max-tick-time; <= 0 is off); starts its
    /// thread.
    ServerWatchdog(std::int64_t max_tick_ms, Log log);
    ~ServerWatchdog();
    ServerWatchdog(const ServerWatchdog&) = delete;
    ServerWatchdog& operator=(const ServerWatchdog&) = delete;

    /// @brief A tick begins on the calling thread.
    void tick_started() noexcept;
    /// @brief The tick has ended.
    void tick_finished() noexcept;
    /// @brief `stop`, SIGINT or SIGTERM arrived (`how` names it in the log).
    void stop_requested(const char* how) noexcept;

    /// @brief True when `line` is the `stop` command (blanks and a leading '/' allowed).
    static bool is_stop_command(std::string_view line) noexcept;

private:
    void run();
    static std::int64_t now_ms() noexcept;

    const std::int64_t max_tick_ms_;
    const Log log_;
    std::atomic<std::int64_t> tick_start_ms_{0};  // 0: no tick running
    std::atomic<pid_t> tick_tid_{0};
    std::atomic<int> stop_requests_{0};
    std::atomic<const char*> stop_how_{""};
    std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    std::thread thread_;
};

}  // namespace mobsdk::server
