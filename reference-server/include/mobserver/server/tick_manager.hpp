// Vanilla's ServerTickRateManager as a pure class: tick rate, freeze, step and sprint, and the
// tick-time statistics `tick query` prints. It never reads a clock: the server loop tells it how
// long each tick took, so tests drive it with made-up durations.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace mobsdk::server {

/// @brief The server's tick clock rules (vanilla's ServerTickRateManager + TickRateManager).
///
/// The loop, once per server tick:
/// @code
///   auto wait = tm.begin_tick();          // sprint bookkeeping, then freeze/step bookkeeping
///   if (tm.runs_normally()) world.tick(); // frozen: the world does not tick (entities stand still)
///   tm.end_tick(took);                    // how long the tick's work took
///   if (auto r = tm.take_sprint_report()) log(*r);
///   sleep until last_start + wait;        // 0 while sprinting: no waiting
/// @endcode
class TickManager {
public:
    /// @brief Vanilla's bounds of `tick rate`.
    static constexpr float min_rate = 1.0f, max_rate = 10000.0f;
    /// @brief Tick times kept for `tick query` (vanilla's 100).
    static constexpr std::size_t sample_count = 100;

    /// @brief Target ticks per second (default 20).
    float tick_rate() const noexcept { return tick_rate_; }
    /// @brief Sets the rate (values under 1 become 1, as vanilla); nanoseconds per tick follow.
    void set_tick_rate(float rate) noexcept;
    /// @brief Nanoseconds per tick at the target rate (50,000,000 at 20).
    std::int64_t nanoseconds_per_tick() const noexcept { return nanoseconds_per_tick_; }
    /// @brief Milliseconds per tick, as vanilla's float.
    float milliseconds_per_tick() const noexcept { return static_cast<float>(nanoseconds_per_tick_) / 1.0e6f; }

    /// @brief True while frozen.
    bool frozen() const noexcept { return frozen_; }
    /// @brief Freezes or unfreezes (the command also stops a sprint or a step first when freezing).
    void set_frozen(bool frozen) noexcept { frozen_ = frozen; }
    /// @brief Vanilla's stepGameIfPaused: while frozen, lets `ticks` more ticks run; false when not frozen.
    bool step(std::int32_t ticks) noexcept;
    /// @brief Cancels a step; false when none was in progress.
    bool stop_stepping() noexcept;
    /// @brief Frozen with ticks left to step.
    bool stepping_forward() const noexcept { return frozen_ && frozen_ticks_to_run_ > 0; }
    /// @brief Ticks left to step.
    std::int32_t frozen_ticks_to_run() const noexcept { return frozen_ticks_to_run_; }

    /// @brief Starts a sprint of `ticks` ticks (unfreezing for its duration); true when it replaced
    /// a sprint in progress (vanilla then prints "Interrupted the current tick sprint").
    bool request_sprint(std::int64_t ticks) noexcept;
    /// @brief Ends a sprint now (its report is queued); false when none was running.
    bool stop_sprinting();
    /// @brief True while a sprint is scheduled.
    bool sprinting() const noexcept { return scheduled_sprint_ticks_ > 0; }
    /// @brief Sprint ticks left.
    std::int64_t remaining_sprint_ticks() const noexcept { return remaining_sprint_ticks_; }

    /// @brief Start of one server tick: decides whether it is a sprint tick (finishing the sprint
    /// when none are left) and whether the world runs (not frozen, or stepping). Returns the
    /// interval to the next tick: 0 for a sprint tick, nanoseconds_per_tick() otherwise.
    std::chrono::nanoseconds begin_tick();
    /// @brief True when the world should tick this server tick (vanilla's runsNormally).
    bool runs_normally() const noexcept { return run_game_elements_; }
    /// @brief Alias of runs_normally() for the loop.
    bool should_tick() const noexcept { return run_game_elements_; }
    /// @brief The interval begin_tick() returned last.
    std::chrono::nanoseconds interval() const noexcept { return interval_; }
    /// @brief End of one server tick: records how long its work took (statistics and sprint time).
    void end_tick(std::chrono::nanoseconds took) noexcept;
    /// @brief Alias of end_tick().
    void on_tick_finished(std::chrono::nanoseconds took) noexcept { end_tick(took); }
    /// @brief The report of a sprint that ended ("Sprint completed with N ticks per second, or
    /// M ms per tick"), once.
    std::optional<std::string> take_sprint_report();

    /// @brief Server ticks counted so far.
    std::int64_t tick_count() const noexcept { return tick_count_; }
    /// @brief The last 100 tick times in nanoseconds, indexed by tick_count % 100 (0 where none yet).
    const std::array<std::int64_t, sample_count>& tick_times() const noexcept { return tick_times_; }
    /// @brief Vanilla's getAverageTickTimeNanos: the sum of the kept tick times over min(100, ticks).
    std::int64_t average_tick_time_nanos() const noexcept;

private:
    void finish_sprint();

    float tick_rate_ = 20.0f;
    std::int64_t nanoseconds_per_tick_ = 50'000'000;
    bool frozen_ = false;
    bool run_game_elements_ = true;
    std::int32_t frozen_ticks_to_run_ = 0;
    std::int64_t remaining_sprint_ticks_ = 0;
    std::int64_t scheduled_sprint_ticks_ = 0;
    std::int64_t sprint_time_spent_ = 0;
    bool sprint_tick_ = false;
    bool previous_frozen_ = false;
    std::chrono::nanoseconds interval_{50'000'000};
    std::optional<std::string> sprint_report_;
    std::int64_t tick_count_ = 0;
    std::array<std::int64_t, sample_count> tick_times_{};
    std::int64_t aggregated_tick_times_ = 0;
};

/// @brief Vanilla's tick pacing (MinecraftServer.runServer): when the next tick is due, and the
/// "Can't keep up!" rule. More than 1 s plus 20 ticks behind, and at least 10 s plus 100 ticks
/// after the previous warning, it warns and skips the missed ticks; less than that is caught up
/// by running ticks back to back. Pure: the loop passes the clock in.
class TickPacer {
public:
    using Clock = std::chrono::steady_clock;
    /// @brief The first tick is due at `now`.
    void start(Clock::time_point now) noexcept { next_ = last_warning_ = now; }
    /// @brief Start of a tick at `now` with the interval TickManager::begin_tick returned (0 while
    /// sprinting): moves the due time of the next tick on, and returns the warning to log, if any.
    std::optional<std::string> begin_tick(Clock::time_point now, std::chrono::nanoseconds interval);
    /// @brief When the next tick is due (wait until then; in the past means run it at once).
    Clock::time_point next_tick_time() const noexcept { return next_; }

private:
    Clock::time_point next_{};
    Clock::time_point last_warning_{};
};

}  // namespace mobsdk::server
