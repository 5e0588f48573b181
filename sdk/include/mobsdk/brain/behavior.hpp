// Behaviours: the BehaviorControl contract, the timed Behavior base class and DoNothing.
// Composites (GateBehavior, RunOne) and one-shot triggers build on these.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/brain/memory.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::brain {

class Brain;

/// @brief STOPPED or RUNNING, as vanilla's Behavior.Status.
enum class BehaviorStatus : std::uint8_t { STOPPED, RUNNING };

/// @brief A memory condition: the memory and the status it must have.
struct MemoryRequirement {
    MemoryHandle memory;  ///< which memory
    MemoryStatus status;  ///< what it must be
};

class BehaviorControl;

/// @brief Where a behaviour keeps its status: reads and assigns like a BehaviorStatus. When the
/// behaviour belongs to a brain, every write is also stored in the brain's behaviour table, so the
/// brain's tick loops read the status from one contiguous array instead of from each behaviour.
class StatusField {
public:
    /// @brief STOPPED, not mirrored anywhere.
    constexpr StatusField() noexcept = default;
    StatusField(const StatusField&) = delete;  // the brain's mirror belongs to one behaviour
    /// @brief Copies the value only (the mirror stays where it is).
    StatusField& operator=(const StatusField& other) noexcept { return *this = other.value_; }
    /// @brief Sets the status (and the brain's copy of it).
    StatusField& operator=(BehaviorStatus status) noexcept {
        value_ = status;
        if (mirror_) *mirror_ = status;
        return *this;
    }
    /// @brief The status.
    constexpr operator BehaviorStatus() const noexcept { return value_; }

private:
    friend class BehaviorControl;
    BehaviorStatus value_ = BehaviorStatus::STOPPED;
    BehaviorStatus* mirror_ = nullptr;
};

/// @brief Anything the brain can run (vanilla's BehaviorControl).
class BehaviorControl {
public:
    BehaviorControl() = default;
    BehaviorControl(const BehaviorControl&) = delete;  // status_source_ may point into this object
    BehaviorControl& operator=(const BehaviorControl&) = delete;
    virtual ~BehaviorControl() = default;
    /// @brief STOPPED or RUNNING. Not virtual: the brain reads it twice per behaviour per tick.
    BehaviorStatus status() const noexcept { return status_source_->value_; }
    /// @brief Starts if the conditions hold; true when it started.
    virtual bool try_start(Level& level, Mob& mob, std::int64_t time) = 0;
    /// @brief Called each tick while running: ticks, or stops when it should.
    virtual void tick_or_stop(Level& level, Mob& mob, std::int64_t time) = 0;
    /// @brief Stops now.
    virtual void do_stop(Level& level, Mob& mob, std::int64_t time) = 0;
    /// @brief A name for debug output (the `brain` command).
    virtual std::string debug_string() const = 0;
    /// @brief Memory conditions without which try_start() returns false and does nothing else
    /// (default: none declared). A brain reads them once, when the behaviour is added, and then
    /// checks them from its own table: it skips try_start() while one fails, without touching the
    /// behaviour. The span must stay valid and unchanged for the behaviour's lifetime (it normally
    /// views a member).
    virtual std::span<const MemoryRequirement> start_requirements() const noexcept { return {}; }

protected:
    /// @brief The status; implementations set it when they start and stop.
    StatusField status_;
    /// @brief Makes status() report another behaviour's status (for decorators that wrap one).
    void report_status_of(const BehaviorControl& inner) noexcept { status_source_ = inner.status_source_; }

private:
    friend class Brain;
    friend class GateBehavior;  // mirrors its children's statuses as the brain does its behaviours'
    /// Makes every status write also land in `mirror` (the brain's table), which gets the status now.
    void mirror_status_into(BehaviorStatus* mirror) noexcept {
        status_source_->mirror_ = mirror;
        *mirror = status_source_->value_;
    }
    StatusField* status_source_ = &status_;
};

/// @brief True when the mob's brain satisfies every requirement (vanilla's hasRequiredMemories);
/// defined inline in brain.hpp.
bool has_required_memories(const Brain& brain, const std::vector<MemoryRequirement>& requirements);

/// @brief A timed behaviour (vanilla's Behavior): entry memory conditions, a duration drawn between
/// min and max when it starts, and hooks. It stops when the duration has passed (time > end) or
/// can_still_use() turns false.
class Behavior : public BehaviorControl {
public:
    /// @brief `entry_condition` lists what the memories must be; duration in ticks (vanilla's
    /// default is 60 and 60).
    explicit Behavior(std::vector<MemoryRequirement> entry_condition = {}, std::int32_t min_duration = 60,
                      std::int32_t max_duration = 60);

    bool try_start(Level& level, Mob& mob, std::int64_t time) final;
    void tick_or_stop(Level& level, Mob& mob, std::int64_t time) final;
    void do_stop(Level& level, Mob& mob, std::int64_t time) final;
    std::string debug_string() const override;
    /// @brief The entry conditions: try_start checks them first.
    std::span<const MemoryRequirement> start_requirements() const noexcept override { return entry_condition_; }

    /// @brief The memory conditions.
    const std::vector<MemoryRequirement>& entry_condition() const noexcept { return entry_condition_; }
    /// @brief The game time after which it times out.
    std::int64_t end_timestamp() const noexcept { return end_timestamp_; }

protected:
    /// @brief Further conditions to start, checked after the memories.
    virtual bool check_extra_start_conditions(Level&, Mob&) { return true; }
    /// @brief Whether to keep running (checked each tick before tick()).
    virtual bool can_still_use(Level&, Mob&, std::int64_t) { return false; }
    /// @brief Vanilla's rule: timed out once the time is past the end timestamp.
    virtual bool timed_out(std::int64_t time) const { return time > end_timestamp_; }
    /// @brief Called when it starts.
    virtual void start(Level&, Mob&, std::int64_t) {}
    /// @brief Called each tick while it runs.
    virtual void tick(Level&, Mob&, std::int64_t) {}
    /// @brief Called when it stops.
    virtual void stop(Level&, Mob&, std::int64_t) {}

private:
    // What starting and ticking read comes first, next to the vtable pointer and the status: the
    // conditions are checked by the brain from its own table.
    std::int64_t end_timestamp_ = 0;
    std::int32_t min_duration_;
    std::int32_t max_duration_;
    std::vector<MemoryRequirement> entry_condition_;
};

/// @brief Does nothing for a random duration between min and max ticks (vanilla's DoNothing).
class DoNothing final : public Behavior {
public:
    DoNothing(std::int32_t min_duration, std::int32_t max_duration) : Behavior({}, min_duration, max_duration) {}
    std::string debug_string() const override { return "DoNothing"; }

protected:
    bool can_still_use(Level&, Mob&, std::int64_t) override { return true; }
};

}  // namespace mobsdk::brain
