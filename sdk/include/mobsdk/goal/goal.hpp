// The goal system (seed 003, vanilla's Goal and GoalSelector): a mob pursues the usable goals of
// highest priority, each goal holding the controls (flags) it drives. Above world, beside brain.
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
    static constexpr std::uint8_t bit(Flag f) noexcept { return static_cast<std::uint8_t>(1u << static_cast<unsigned>(f)); }
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

/// @brief A goal as its selector holds it: the goal, its priority, whether it runs (vanilla's
/// WrappedGoal).
struct WrappedGoal {
    std::int32_t priority = 0;   ///< lower runs first
    std::unique_ptr<Goal> goal;  ///< the goal
    bool running = false;        ///< between start and stop
    /// @brief Vanilla's canBeReplacedBy: this goal is interruptable and `other` has a strictly
    /// higher priority (smaller number).
    bool can_be_replaced_by(const WrappedGoal& other) const { return goal->is_interruptable() && other.priority < priority; }
};

/// @brief Vanilla's GoalSelector. tick() runs every other tick (the host's rhythm, see
/// docs/goals.md): it stops goals that may not continue or hold a disabled flag, then walks the
/// goals in the order they were added and starts each usable one whose flags are free or held by
/// goals it may replace (stopping those), then ticks the running goals. tick_running_goals(false)
/// runs on the ticks between: only goals that require an update every tick.
///
/// Of two usable goals of equal priority that need the same flag, the one added first starts and
/// the other waits until it stops (neither pre-empts the other). Seed 003 says vanilla's choice
/// depends on hash codes; the versions we follow keep their goals in a LinkedHashSet, which walks
/// in insertion order too, so the order here is vanilla's and never depends on the run.
///
/// Adding or removing goals from inside the selector's own tick (from a goal's can_use, start,
/// tick or stop) throws GoalError: vanilla fails the same way (a ConcurrentModificationException).
class GoalSelector {
public:
    GoalSelector() = default;
    GoalSelector(const GoalSelector&) = delete;
    GoalSelector& operator=(const GoalSelector&) = delete;

    /// @brief Adds a goal at `priority` (lower first); returns it.
    Goal& add_goal(std::int32_t priority, std::unique_ptr<Goal> goal);
    /// @brief Constructs and adds a goal; returns it.
    template <class G, class... Args>
    G& add(std::int32_t priority, Args&&... args) {
        return static_cast<G&>(add_goal(priority, std::make_unique<G>(std::forward<Args>(args)...)));
    }
    /// @brief Stops (if running) and removes `goal` (vanilla's removeGoal).
    void remove_goal(Level& level, Mob& mob, const Goal& goal);
    /// @brief Stops and removes every goal.
    void clear(Level& level, Mob& mob);

    /// @brief The full evaluation (vanilla's tick): see the class comment.
    void tick(Level& level, Mob& mob);
    /// @brief Ticks the running goals: all of them, or only those that require an update every
    /// tick when `tick_all` is false.
    void tick_running_goals(Level& level, Mob& mob, bool tick_all);

    /// @brief Disables a flag: goals holding it stop at the next tick and none needing it starts.
    void disable_control_flag(Flag flag) noexcept { disabled_.set(flag, true); }
    /// @brief Enables a flag again.
    void enable_control_flag(Flag flag) noexcept { disabled_.set(flag, false); }
    /// @brief Enables or disables a flag (vanilla's setControlFlag).
    void set_control_flag(Flag flag, bool enabled) noexcept { disabled_.set(flag, !enabled); }
    /// @brief The disabled flags.
    Flags disabled_flags() const noexcept { return disabled_; }

    /// @brief Every goal in the order added.
    const std::vector<WrappedGoal>& goals() const noexcept { return goals_; }
    /// @brief The goal holding `flag`, or nullptr.
    const Goal* holder(Flag flag) const noexcept;
    /// @brief True when `goal` runs.
    bool is_running(const Goal& goal) const noexcept;
    /// @brief Stops every running goal (the mob lost its AI or is unloaded).
    void stop_all(Level& level, Mob& mob);

private:
    void check_not_ticking(const char* what) const;
    std::vector<WrappedGoal> goals_;
    // Per flag: index in goals_ of the goal holding it, or -1.
    std::int32_t locked_[Flags::count] = {-1, -1, -1, -1};
    Flags disabled_;
    bool ticking_ = false;  // inside tick() or tick_running_goals(): goals_ must not change
};

}  // namespace mobsdk::goal
