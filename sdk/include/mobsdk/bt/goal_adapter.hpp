// A behaviour tree as a goal of vanilla's GoalSelector: started and stopped by the selector like
// any goal, ticked once per game tick while it runs, aborted when the selector stops it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/bt/tree.hpp"
#include "mobsdk/goal/goal.hpp"

namespace mobsdk::bt {

/// @brief A goal that runs a tree. can_use asks the optional guard (no guard: always usable);
/// start puts every node back to Invalid; each tick while it runs ticks the tree once (it
/// requires an update every tick); can_continue_to_use is true while the tree has not ended by
/// itself; stop aborts a running tree, so its running leaves get on_terminate(Aborted) — whether
/// the tree ended, a higher-priority goal took one of its flags, a flag was disabled or the goal
/// was removed.
///
/// The blackboard is the mob's brain when the mob has one. A brainless mob (the usual goal mob)
/// gets the goal's own blackboard: a brain made from Options::blackboard, holding those memories
/// only and no sensors or behaviours. Without either, a memory read or write throws BtError.
class BehaviorTreeGoal final : public goal::Goal {
public:
    /// @brief How the goal is set up.
    struct Options {
        /// @brief The controls the tree drives (a goal's flags).
        goal::Flags flags;
        /// @brief When set, the tree is aborted and the goal stops at the first evaluation whose
        /// guard check fails (otherwise the guard only gates the start).
        bool stop_when_guard_fails = false;
        /// @brief Whether a higher-priority goal that needs one of its flags may stop it.
        bool interruptable = true;
        /// @brief The memories of the goal's own blackboard, used when the mob has no brain. A
        /// layout with sensors is refused (nothing would tick them).
        std::shared_ptr<const brain::BrainLayout> blackboard;
        /// @brief What debug_string() says ("BehaviorTree" when empty).
        std::string name;
    };

    /// @brief Runs `tree` (which must not be empty: BtError otherwise), usable whenever its
    /// flags are free.
    BehaviorTreeGoal(BehaviorTree tree, Options options);
    /// @brief Runs `tree`, usable when `guard` — a callable `bool(TickContext&)`, as a condition
    /// leaf — returns true.
    template <typename G>
    BehaviorTreeGoal(BehaviorTree tree, G&& guard, Options options)
        : BehaviorTreeGoal(std::move(tree), std::move(options)) {
        using T = std::remove_cvref_t<G>;
        static_assert(ConditionCallable<T>,
                      "a tree goal's guard needs `bool operator()(TickContext&)`, as a condition leaf");
        guard_ = std::make_unique<GuardOf<T>>(std::forward<G>(guard));
    }
    /// @brief Destroys the tree as it is (a selector stops its running goals before it drops them).
    ~BehaviorTreeGoal() override;

    bool can_use(Level& level, Mob& mob) override;
    bool can_continue_to_use(Level& level, Mob& mob) override;
    bool is_interruptable() const override { return options_.interruptable; }
    void start(Level& level, Mob& mob) override;
    void stop(Level& level, Mob& mob) override;
    bool requires_update_every_tick() const override { return true; }
    void tick(Level& level, Mob& mob) override;
    std::string debug_string() const override;

    /// @brief The tree (to read node statuses, or switch its tick mode).
    BehaviorTree& tree() noexcept { return tree_; }
    /// @brief The tree.
    const BehaviorTree& tree() const noexcept { return tree_; }
    /// @brief The status the tree ended with the last time it ended by itself (Invalid until then).
    Status last_result() const noexcept { return last_result_; }
    /// @brief The goal's own blackboard (nullptr without Options::blackboard); a brainless mob's
    /// tree reads and writes it.
    brain::Brain* own_blackboard() noexcept { return own_blackboard_.get(); }

private:
    // The guard behind one virtual call: evaluated every other tick at most, never per node.
    struct Guard {
        virtual ~Guard() = default;
        virtual bool check(TickContext& ctx) = 0;
    };
    template <typename T>
    struct GuardOf final : Guard {
        template <typename U>
        explicit GuardOf(U&& f) : fn(std::forward<U>(f)) {}
        bool check(TickContext& ctx) override { return static_cast<bool>(fn(ctx)); }
        T fn;
    };

    // The context of this game tick: the mob's brain, else the own blackboard brought up to date.
    TickContext context(Level& level, Mob& mob);
    bool guard_holds(Level& level, Mob& mob);

    BehaviorTree tree_;
    Options options_;
    std::unique_ptr<Guard> guard_;
    std::unique_ptr<brain::Brain> own_blackboard_;
    // The game time whose expiry pass the own blackboard runs next (kNever: none ran yet).
    static constexpr std::int64_t kNever = INT64_MIN;
    std::int64_t next_expiry_pass_ = kNever;
    Status last_result_ = Status::Invalid;
};

}  // namespace mobsdk::bt
