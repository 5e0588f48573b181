// The watchdog thread: polls the tick's start time a few times a second, as vanilla's does.
#include "mobserver/server/watchdog.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "mobserver/server/crash_report.hpp"

namespace mobsdk::server {

ServerWatchdog::ServerWatchdog(std::int64_t max_tick_ms, Log log)
    : max_tick_ms_(max_tick_ms), log_(std::move(log)), thread_([this] { run(); }) {}

ServerWatchdog::~ServerWatchdog() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

std::int64_t ServerWatchdog::now_ms() noexcept {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void ServerWatchdog::tick_started() noexcept {
    tick_tid_.store(::gettid(), std::memory_order_relaxed);
    tick_start_ms_.store(std::max<std::int64_t>(1, now_ms()), std::memory_order_release);
}

void ServerWatchdog::tick_finished() noexcept { tick_start_ms_.store(0, std::memory_order_release); }

void ServerWatchdog::stop_requested(const char* how) noexcept {
    stop_how_.store(how, std::memory_order_relaxed);
    stop_requests_.fetch_add(1, std::memory_order_acq_rel);
    wake_.notify_all();
}

bool ServerWatchdog::is_stop_command(std::string_view line) noexcept {
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!line.empty() && blank(line.front())) line.remove_prefix(1);
    while (!line.empty() && blank(line.back())) line.remove_suffix(1);
    if (!line.empty() && line.front() == '/') line.remove_prefix(1);
    return line == "stop";
}

void ServerWatchdog::run() {
    // A stop asked for while a tick has run this long is reported as waiting on that tick.
    constexpr std::int64_t stuck_ms = 1000;
    int stops_seen = 0;
    bool warned = false;
    std::unique_lock lock(mutex_);
    while (!quit_) {
        wake_.wait_for(lock, std::chrono::milliseconds(100));
        if (quit_) break;
        const std::int64_t start = tick_start_ms_.load(std::memory_order_acquire);
        const int stops = stop_requests_.load(std::memory_order_acquire);
        if (start == 0) {
            warned = false;
            stops_seen = stops;
            continue;
        }
        const std::int64_t took = now_ms() - start;
        if (max_tick_ms_ > 0 && took > max_tick_ms_) {
            lock.unlock();
            char took_text[32];  // vanilla's %.2f
            std::snprintf(took_text, sizeof took_text, "%.2f", static_cast<double>(took) / 1000.0);
            log_(LogLevel::Error,
                 std::string("A single server tick took ") + took_text + " seconds (should be max 0.05)");
            log_(LogLevel::Error, "Considering it to be crashed, server will forcibly shutdown.");
            CrashReporter::instance().fail_stuck_tick(
                tick_tid_.load(), took, max_tick_ms_,
                stops > 0 ? "a stop was asked for and the tick never ended" : "considering it to be crashed");
        }
        if (stops > stops_seen && took >= stuck_ms) {
            const char* how = stop_how_.load(std::memory_order_relaxed);
            if (max_tick_ms_ <= 0 && warned) {
                // The watchdog is off and the admin asked again: end it now.
                lock.unlock();
                log_(LogLevel::Error, std::string("Stop asked for again (") + how +
                                          ") while the tick is stuck: ending the server without saving");
                CrashReporter::instance().fail_stuck_tick(tick_tid_.load(), took, max_tick_ms_,
                                                          "stopped by a second stop request while the tick was stuck");
            }
            if (!warned) {
                lock.unlock();
                if (max_tick_ms_ > 0) {
                    log_(LogLevel::Warn, std::string("Stop asked for (") + how +
                                             ") while a tick has been running for " + std::to_string(took / 1000) +
                                             " s: the server stops when it ends, or the watchdog ends the server at "
                                             "max-tick-time (" +
                                             std::to_string(max_tick_ms_) + " ms)");
                } else {
                    log_(LogLevel::Warn, std::string("Stop asked for (") + how +
                                             ") while a tick has been running for " + std::to_string(took / 1000) +
                                             " s and the watchdog is off (max-tick-time=-1): ask "
                                             "again (stop, SIGINT "
                                             "or SIGTERM) to end the server without saving");
                }
                lock.lock();
                warned = true;
            }
            stops_seen = stops;
        }
    }
}

}  // namespace mobsdk::server
