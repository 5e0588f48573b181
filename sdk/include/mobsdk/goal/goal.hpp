// The goal system (seed 003, vanilla's Goal and GoalSelector): a mob pursues the usable goals of
// highest priority, each goal holding the controls (flags) it drives. Above world, beside brain.
// This header has Goal and its flags; GoalSelector is in goal_selector.hpp, which it includes.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/world/level.hpp"

namespace mobsdk::goal {

/// @brief The controls a goal drives (vanilla's Goal.Flag). A running goal holds its flags; a
/// goal can start only when every flag it needs is free or held by an interruptable goal of
/// lower priority (a larger number).
enum class Flag : std::uint8_t { Move, Look, Jump, Target };

/// @brief A set of flags.
class Flags {
public:
    constexpr Flags() = default;
    /// @brief The set holding `flags`.
    constexpr Flags(std::initializer_list<Flag> flags) {
        for (Flag f : flags) bits_ |= bit(f);
    }
    /// @brief True when `f` is in the set.
    constexpr bool has(Flag f) const noexcept { return (bits_ & bit(f)) != 0; }
    /// @brief True when the sets share a flag.
    constexpr bool intersects(Flags other) const noexcept { return (bits_ & other.bits_) != 0; }
    /// @brief True for the empty set.
    constexpr bool empty() const noexcept { return bits_ == 0; }
    /// @brief Adds or removes `f`.
    constexpr void set(Flag f, bool on) noexcept { bits_ = on ? (bits_ | bit(f)) : (bits_ & ~bit(f)); }
    /// @brief The raw bits (bit i is Flag i).
    constexpr std::uint8_t bits() const noexcept { return bits_; }
    friend constexpr bool operator==(Flags, Flags) = default;
    /// @brief The number of flags there are.
    static constexpr int count = 4;

private:
    static constexpr std::uint8_t bit(Flag f) noexcept {
        return static_cast<std::uint8_t>(1u << static_cast<unsigned>(f));
    }
    std::uint8_t bits_ = 0;
};

/// @brief A goal (vanilla's Goal). The selector calls can_use to start it, can_continue_to_use
/// while it runs, start/stop around its run and tick while it runs (every tick when
/// requires_update_every_tick, otherwise every other tick: use adjusted_tick_delay for timers).
class Goal {
public:
    virtual ~Goal() = default;
    /// @brief May it start now?
    virtual bool can_use(Level& level, Mob& mob) = 0;
    /// @brief May it keep running? Vanilla's default asks can_use again.
    virtual bool can_continue_to_use(Level& level, Mob& mob) { return can_use(level, mob); }
    /// @brief May a usable goal of higher priority that needs one of its flags stop it?
    virtual bool is_interruptable() const { return true; }
    /// @brief Called once when it starts.
    virtual void start(Level& level, Mob& mob) { (void)level, (void)mob; }
    /// @brief Called once when it stops (finished, pre-empted, or its flag was disabled).
    virtual void stop(Level& level, Mob& mob) { (void)level, (void)mob; }
    /// @brief True when it must tick every tick rather than every other tick.
    virtual bool requires_update_every_tick() const { return false; }
    /// @brief One step while it runs.
    virtual void tick(Level& level, Mob& mob) { (void)level, (void)mob; }
    /// @brief The name in debug output and /data.
    virtual std::string debug_string() const { return "Goal"; }

    /// @brief The controls it drives.
    Flags flags() const noexcept { return flags_; }
    /// @brief Sets the controls it drives (vanilla's setFlags; call from the constructor).
    void set_flags(Flags flags) noexcept { flags_ = flags; }

    /// @brief Vanilla's adjustedTickDelay: `ticks` when it ticks every tick, else half rounded up.
    std::int32_t adjusted_tick_delay(std::int32_t ticks) const {
        return requires_update_every_tick() ? ticks : reduced_tick_delay(ticks);
    }
    /// @brief Vanilla's reducedTickDelay: half of `ticks`, rounded up (for a goal ticked every
    /// other tick).
    static constexpr std::int32_t reduced_tick_delay(std::int32_t ticks) noexcept { return (ticks + 1) / 2; }

private:
    Flags flags_;
};

/// @brief Misuse of the goal system (a goal added or removed while its selector runs, a bad
/// goal argument): thrown during set-up, or by the tick that misused it.
class GoalError : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

}  // namespace mobsdk::goal

// The selector that runs goals; every includer of goals sees it too.
#include "mobsdk/goal/goal_selector.hpp"
