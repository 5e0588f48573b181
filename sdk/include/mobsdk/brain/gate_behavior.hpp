// GateBehavior and RunOne: behaviours that pick which of their children to start (vanilla's
// GateBehavior, its RunOne subclass and the weighted ShufflingList they shuffle).
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/memory.hpp"
#include "mobsdk/world/random.hpp"

namespace mobsdk::brain {

/// @brief A list of weighted entries that shuffles in place by weight (vanilla's ShufflingList).
///
/// A shuffle draws one float u in [0, 1) per entry, in list order, gives each entry the key
/// −u^(1/weight) and stable-sorts by key: an entry of weight w comes first with probability
/// w / Σw. Unlike vanilla (whose list owns an unseeded random source) the draws come from the
/// caller's source — the level's — so a seed replays the choices. Keys live in the entries and the
/// sort is an insertion sort, so a shuffle allocates nothing.
template <typename T>
class ShufflingList {
public:
    /// @brief One entry: the data, its weight and the key of the last shuffle.
    struct Entry {
        T data;                    ///< what is listed
        std::int32_t weight;       ///< relative chance of coming first
        double rand_weight = 0.0;  ///< −u^(1/weight) from the last shuffle
    };

    /// @brief Appends an entry; a negative weight is a set-up error (weight 0: always last).
    void add(T data, std::int32_t weight) {
        if (weight < 0)
            throw BrainError("ShufflingList: weight must not be negative (got " + std::to_string(weight) + ")");
        entries_.push_back(Entry{std::move(data), weight, 0.0});
    }

    /// @brief Reorders the entries by weighted chance, drawing from `random`.
    void shuffle(RandomSource& random) noexcept {
        for (Entry& e : entries_) {
            // Java: -Math.pow(random, 1.0f / weight), the exponent computed in float.
            const float exponent = 1.0f / static_cast<float>(e.weight);
            e.rand_weight = -std::pow(static_cast<double>(random.next_float()), static_cast<double>(exponent));
        }
        // Stable insertion sort: lists are short, and it needs no buffer (std::stable_sort allocates).
        for (std::size_t i = 1; i < entries_.size(); ++i) {
            for (std::size_t j = i; j > 0 && entries_[j].rand_weight < entries_[j - 1].rand_weight; --j)
                std::swap(entries_[j], entries_[j - 1]);
        }
    }

    /// @brief The entries in their current order.
    std::vector<Entry>& entries() noexcept { return entries_; }
    /// @brief The entries in their current order.
    const std::vector<Entry>& entries() const noexcept { return entries_; }
    /// @brief Number of entries.
    std::size_t size() const noexcept { return entries_.size(); }
    /// @brief Iteration over entries, current order.
    auto begin() noexcept { return entries_.begin(); }
    /// @brief End of the entries.
    auto end() noexcept { return entries_.end(); }
    /// @brief Iteration over entries, current order.
    auto begin() const noexcept { return entries_.begin(); }
    /// @brief End of the entries.
    auto end() const noexcept { return entries_.end(); }

private:
    std::vector<Entry> entries_;
};

/// @brief Behaviours with weights, as GateBehavior and RunOne take them.
using WeightedBehaviors = std::vector<std::pair<std::unique_ptr<BehaviorControl>, std::int32_t>>;

/// @brief Builds a WeightedBehaviors from pairs of any behaviour type, since a braced list cannot
/// hold move-only values: `weighted_behaviors(std::pair{std::make_unique<DoNothing>(30, 60), 1}, …)`.
template <typename... Bs>
WeightedBehaviors weighted_behaviors(std::pair<std::unique_ptr<Bs>, std::int32_t>... entries) {
    static_assert((std::is_base_of_v<BehaviorControl, Bs> && ...),
                  "weighted_behaviors: every entry must hold a std::unique_ptr to a BehaviorControl");
    WeightedBehaviors out;
    out.reserve(sizeof...(Bs));
    (out.emplace_back(std::move(entries.first), entries.second), ...);
    return out;
}

/// @brief Runs chosen children while the gate is running (vanilla's GateBehavior).
///
/// try_start: when the entry conditions hold, the gate is RUNNING, orders its children (SHUFFLED:
/// weighted shuffle from the level's random source) and starts them by the running policy (RUN_ONE:
/// the first stopped child that starts; TRY_ALL: every stopped child). It returns true even when no
/// child started (vanilla); it then stops on its first tick_or_stop. It stops once no child runs,
/// and on stopping erases its exit memories.
class GateBehavior : public BehaviorControl {
public:
    /// @brief Whether the children are shuffled before each start (vanilla's OrderPolicy).
    enum class OrderPolicy : std::uint8_t { ORDERED, SHUFFLED };
    /// @brief How many children a start tries to run (vanilla's RunningPolicy).
    enum class RunningPolicy : std::uint8_t { RUN_ONE, TRY_ALL };

    /// @brief Vanilla's constructor: entry conditions, memories erased when it stops, the two
    /// policies and the weighted children.
    GateBehavior(std::vector<MemoryRequirement> entry_condition, std::vector<MemoryHandle> exit_erased_memories,
                 OrderPolicy order_policy, RunningPolicy running_policy, WeightedBehaviors behaviors);

    bool try_start(Level& level, Mob& mob, std::int64_t time) final;
    void tick_or_stop(Level& level, Mob& mob, std::int64_t time) final;
    void do_stop(Level& level, Mob& mob, std::int64_t time) final;
    /// @brief `GateBehavior: [child, …]` with the running children's debug strings.
    std::string debug_string() const override;
    /// @brief The entry conditions: try_start checks them before anything else.
    std::span<const MemoryRequirement> start_requirements() const noexcept override { return entry_condition_; }

    /// @brief Number of children.
    std::size_t child_count() const noexcept { return behaviors_.size(); }
    /// @brief The i-th child in the current order (after the last shuffle).
    const BehaviorControl& child(std::size_t i) const { return *behaviors_.entries().at(i).data; }
    /// @brief The i-th child's weight in the current order.
    std::int32_t child_weight(std::size_t i) const { return behaviors_.entries().at(i).weight; }
    /// @brief The entry conditions.
    const std::vector<MemoryRequirement>& entry_condition() const noexcept { return entry_condition_; }
    /// @brief The class name shown by debug_string() (`GateBehavior`, `RunOne`, `FirstApplicable`…).
    virtual const char* type_name() const noexcept { return "GateBehavior"; }

private:
    // Re-points each child's status mirror at its entry's place after the children moved.
    void mirror_children() noexcept;

    // What ticking reads, first, next to the vtable pointer and the status: the children in entry
    // order and their statuses, kept current by their StatusField mirrors, so that a tick reads
    // the gate and the running child only. Held in the gate itself up to kInlineChildren children
    // (a gate is never moved: the mirrors point into it). Before behaviors_: they outlive them.
    static constexpr std::size_t kInlineChildren = 8;
    std::size_t child_count_ = 0;
    BehaviorStatus* child_status_ = nullptr;
    BehaviorControl** child_ = nullptr;
    std::array<BehaviorStatus, kInlineChildren> inline_status_{};
    std::array<BehaviorControl*, kInlineChildren> inline_child_{};
    std::vector<BehaviorStatus> more_status_;  // for more children than that
    std::vector<BehaviorControl*> more_child_;
    ShufflingList<std::unique_ptr<BehaviorControl>> behaviors_;
    std::vector<MemoryRequirement> entry_condition_;
    std::vector<MemoryHandle> exit_erased_memories_;
    OrderPolicy order_policy_;
    RunningPolicy running_policy_;
};

/// @brief A GateBehavior that shuffles its children by weight and runs one (vanilla's RunOne).
class RunOne : public GateBehavior {
public:
    /// @brief No entry conditions (vanilla's RunOne(list)).
    explicit RunOne(WeightedBehaviors behaviors);
    /// @brief With entry conditions (vanilla's RunOne(map, list)).
    RunOne(std::vector<MemoryRequirement> entry_condition, WeightedBehaviors behaviors);
    const char* type_name() const noexcept override { return "RunOne"; }
};

}  // namespace mobsdk::brain
