// Vanilla's tick rate rules (ServerTickRateManager, TickRateManager and the parts of
// MinecraftServer's loop that feed them), without a clock.
#include "mobserver/server/tick_manager.hpp"

#include <algorithm>
#include <cstdio>

namespace mobsdk::server {

void TickManager::set_tick_rate(float rate) noexcept {
    tick_rate_ = std::max(rate, 1.0f);
    nanoseconds_per_tick_ = static_cast<std::int64_t>(1.0e9 / static_cast<double>(tick_rate_));
}

bool TickManager::step(std::int32_t ticks) noexcept {
    if (!frozen_) return false;
    frozen_ticks_to_run_ = ticks;
    return true;
}

bool TickManager::stop_stepping() noexcept {
    if (frozen_ticks_to_run_ <= 0) return false;
    frozen_ticks_to_run_ = 0;
    return true;
}

bool TickManager::request_sprint(std::int64_t ticks) noexcept {
    const bool interrupted = remaining_sprint_ticks_ > 0;
    sprint_time_spent_ = 0;
    scheduled_sprint_ticks_ = ticks;
    remaining_sprint_ticks_ = ticks;
    previous_frozen_ = frozen_;
    frozen_ = false;
    return interrupted;
}

bool TickManager::stop_sprinting() {
    if (remaining_sprint_ticks_ <= 0) return false;
    finish_sprint();
    return true;
}

void TickManager::finish_sprint() {
    const std::int64_t completed = scheduled_sprint_ticks_ - remaining_sprint_ticks_;
    const double millis = std::max(1.0, static_cast<double>(sprint_time_spent_)) / 1.0e6;
    const auto per_second = static_cast<std::int32_t>(static_cast<double>(1000 * completed) / millis);
    const double per_tick =
        completed == 0 ? static_cast<double>(milliseconds_per_tick()) : millis / static_cast<double>(completed);
    char buf[160];
    std::snprintf(buf, sizeof buf, "Sprint completed with %d ticks per second, or %.2f ms per tick", per_second,
                  per_tick);
    sprint_report_ = buf;
    scheduled_sprint_ticks_ = 0;
    sprint_time_spent_ = 0;
    remaining_sprint_ticks_ = 0;
    frozen_ = previous_frozen_;
}

std::chrono::nanoseconds TickManager::begin_tick() {
    // MinecraftServer.runServer: a sprint tick runs at once; checkShouldSprintThisTick finishes
    // the sprint when no ticks are left.
    sprint_tick_ = false;
    if (sprinting()) {
        if (run_game_elements_ && remaining_sprint_ticks_ > 0) {
            --remaining_sprint_ticks_;
            sprint_tick_ = true;
        } else if (run_game_elements_) {
            finish_sprint();
        }
    }
    interval_ = sprint_tick_ ? std::chrono::nanoseconds(0) : std::chrono::nanoseconds(nanoseconds_per_tick_);
    // TickRateManager.tick, at the start of tickServer.
    run_game_elements_ = !frozen_ || frozen_ticks_to_run_ > 0;
    if (frozen_ticks_to_run_ > 0) --frozen_ticks_to_run_;
    return interval_;
}

void TickManager::end_tick(std::chrono::nanoseconds took) noexcept {
    const std::int64_t ns = took.count() < 0 ? 0 : took.count();
    ++tick_count_;
    const std::size_t slot = static_cast<std::size_t>(tick_count_ % static_cast<std::int64_t>(sample_count));
    aggregated_tick_times_ += ns - tick_times_[slot];
    tick_times_[slot] = ns;
    if (sprint_tick_) sprint_time_spent_ += ns;
}

std::optional<std::string> TickManager::take_sprint_report() {
    auto r = std::move(sprint_report_);
    sprint_report_.reset();
    return r;
}

std::int64_t TickManager::average_tick_time_nanos() const noexcept {
    return aggregated_tick_times_ / std::min<std::int64_t>(100, std::max<std::int64_t>(tick_count_, 1));
}

std::optional<std::string> TickPacer::begin_tick(Clock::time_point now, std::chrono::nanoseconds interval) {
    if (interval.count() <= 0) {
        // Sprinting: every tick is due at once, and falling behind is the point.
        next_ = last_warning_ = now;
        return std::nullopt;
    }
    std::optional<std::string> warning;
    const auto behind = now - next_;
    if (behind > std::chrono::seconds(1) + 20 * interval &&
        next_ - last_warning_ >= std::chrono::seconds(10) + 100 * interval) {
        const auto missed = behind / interval;
        warning = "Can't keep up! Is the server overloaded? Running " +
                  std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(behind).count()) + "ms or " +
                  std::to_string(missed) + " ticks behind";
        next_ += missed * interval;
        last_warning_ = next_;
    }
    next_ += interval;
    return warning;
}

}  // namespace mobsdk::server
