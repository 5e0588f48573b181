// A behaviour tree as a Brain behaviour: the brain starts it like any behaviour (entry memory
// conditions), ticks the tree every tick while it runs, and aborts it when it stops the behaviour.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/bt/tree.hpp"

namespace mobsdk::bt {

/// @brief A brain behaviour that runs a tree. try_start() checks the entry conditions; each brain
/// tick while RUNNING ticks the tree once; when the tree ends (Success or Failure) the behaviour
/// stops; when the brain stops it (stop_all, or the optional stop rules below) the tree is
/// aborted, so its running leaves get on_terminate(Aborted).
class BehaviorTreeBehavior final : public brain::BehaviorControl {
public:
    /// @brief When it may start and when it must stop early.
    struct Options {
        /// @brief Memory conditions to start (declared to the brain like any behaviour's).
        std::vector<brain::MemoryRequirement> entry_condition;
        /// @brief When set, the tree is aborted and the behaviour stops as soon as this activity
        /// is not active. (Vanilla lets a behaviour of a switched-off activity run until it stops
        /// itself; a tree usually belongs to its activity.)
        std::optional<brain::Activity> activity;
        /// @brief When true, the tree is aborted and the behaviour stops as soon as an entry
        /// condition fails (a running tree otherwise ignores them).
        bool stop_when_entry_condition_fails = false;
        /// @brief What debug_string() says ("BehaviorTree" when empty).
        std::string name;
    };

    /// @brief Runs `tree` (which must not be empty: BtError otherwise) with the given options.
    BehaviorTreeBehavior(BehaviorTree tree, Options options);
    /// @brief Runs `tree` with no entry conditions and no early stop.
    explicit BehaviorTreeBehavior(BehaviorTree tree);

    bool try_start(Level& level, Mob& mob, std::int64_t time) override;
    void tick_or_stop(Level& level, Mob& mob, std::int64_t time) override;
    void do_stop(Level& level, Mob& mob, std::int64_t time) override;
    std::string debug_string() const override;
    std::span<const brain::MemoryRequirement> start_requirements() const noexcept override {
        return options_.entry_condition;
    }

    /// @brief The tree (to read node statuses, or switch its tick mode).
    BehaviorTree& tree() noexcept { return tree_; }
    /// @brief The tree.
    const BehaviorTree& tree() const noexcept { return tree_; }
    /// @brief The status the tree ended with the last time it ended by itself (Invalid until then).
    Status last_result() const noexcept { return last_result_; }

private:
    bool must_stop(Mob& mob) const;

    BehaviorTree tree_;
    Options options_;
    Status last_result_ = Status::Invalid;
};

}  // namespace mobsdk::bt
