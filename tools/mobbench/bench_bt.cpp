// mobbench bt: the cost of the behaviour-tree engine itself, with leaves that only count down, so
// the figures measure node dispatch and the composites' rules, not AI logic.
// Beside it, the same trees in the seed's own design (virtual Update, heap nodes), as a baseline.
// A node tick is one node update — a leaf's, a decorator's or a composite's — counted exactly by
// the trees (BehaviorTree::node_ticks), not estimated. Cases: tree4 (4 nodes) and tree100 (100).
// Each tree's leaves start at their own phase, so consecutive trees take different branches, as
// mobs in different states do; --uniform starts them all alike (a diagnostic: the difference is
// what the mispredicted branches on leaf results cost).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "bench.hpp"
#include "mobsdk/bt/builder.hpp"
#include "mobsdk/testing/fake_world.hpp"

namespace mobbench {

namespace {

using mobsdk::bt::BehaviorTree;
using mobsdk::bt::BehaviorTreeBuilder;
using mobsdk::bt::Policy;
using mobsdk::bt::Status;
using mobsdk::bt::TickContext;
using mobsdk::bt::TickMode;

constexpr std::size_t kDefaultTrees = 1000;

// Runs `period` ticks, then succeeds (or, every `fail_every`-th time, fails). Cheap on purpose.
struct Countdown {
    std::int32_t period;
    std::int32_t fail_every;
    std::int32_t left;
    std::int32_t runs = 0;
    Countdown(std::int32_t p, std::int32_t f, std::int32_t phase) : period(p), fail_every(f), left(1 + phase % p) {}
    Status operator()(TickContext&) {
        if (--left > 0) return Status::Running;
        left = period;
        return (fail_every > 0 && ++runs % fail_every == 0) ? Status::Failure : Status::Success;
    }
};

// Flips between true and false every `period` evaluations.
struct Flip {
    std::int32_t period;
    std::int32_t left;
    bool value;
    Flip(std::int32_t p, std::int32_t phase, bool start) : period(p), left(1 + phase % p), value(start) {}
    bool operator()(TickContext&) {
        if (--left == 0) {
            left = period;
            value = !value;
        }
        return value;
    }
};

// 4 nodes: see the target, aim a few ticks, shoot.
template <typename Builder>
auto tree4(std::int32_t phase) {
    return Builder()
        .sequence()
        .condition(Flip(40, phase, true))
        .back()
        .action(Countdown(5, 0, phase))
        .back()
        .action(Countdown(1, 4, phase))
        .end();
}

// 100 nodes: an active selector over 8 prioritised branches of 12 nodes (a guard condition, then
// a selector over a sequence, a monitor and a repeat), and a parallel fallback of 3.
template <typename Builder>
auto tree100(std::int32_t phase) {
    Builder b;
    b.active_selector();
    for (std::int32_t k = 0; k < 8; ++k) {
        const std::int32_t p = phase + 7 * k;
        b.sequence()
            .condition(Flip(30 + 11 * k, p, k % 3 == 0))
            .back()
            .selector()
            .sequence()
            .condition(Flip(13 + k, p, true))
            .back()
            .action(Countdown(3, 5, p))
            .back()
            .action(Countdown(2, 0, p))
            .back()
            .back()
            .monitor(Policy::RequireAll, Policy::RequireOne)
            .condition(Flip(17 + k, p, false), true)
            .back()
            .action(Countdown(6, 3, p))
            .back()
            .back()
            .repeat(2)
            .action(Countdown(2, 0, p))
            .back()
            .back()
            .back()
            .back();
    }
    b.parallel(Policy::RequireOne, Policy::RequireAll)
        .action(Countdown(8, 0, phase))
        .back()
        .action(Countdown(5, 2, phase))
        .back()
        .back();
    return b.end();
}

// ---- the seed's design, as a baseline: one heap object per node, virtual Update(), children as
// a vector of pointers, the same rules (and the same fixes) as mobsdk's, so both trees make the
// same node updates. Only for comparison: `impl` "seed-style" in the output.
namespace seed {

std::uint64_t g_node_ticks = 0;

class Behavior {
public:
    virtual ~Behavior() = default;
    Status tick() {
        ++g_node_ticks;
        if (status_ != Status::Running) on_initialise();
        status_ = update();
        if (status_ != Status::Running) on_terminate(status_);
        return status_;
    }
    void abort() {
        if (status_ != Status::Running) return;
        for (auto& c : children_)
            if (c->status_ == Status::Running) c->abort();
        status_ = Status::Aborted;
    }
    Status status_ = Status::Invalid;
    std::vector<std::unique_ptr<Behavior>> children_;

protected:
    virtual void on_initialise() {}
    virtual Status update() = 0;
    virtual void on_terminate(Status) {}
};

TickContext* g_ctx = nullptr;

template <typename F>
class Action final : public Behavior {
public:
    explicit Action(F f) : f_(f) {}
    Status update() override { return f_(*g_ctx); }
    F f_;
};
template <typename F>
class Condition final : public Behavior {
public:
    Condition(F f, bool negate) : f_(f), negate_(negate) {}
    Status update() override { return f_(*g_ctx) != negate_ ? Status::Success : Status::Failure; }
    F f_;
    bool negate_;
};
class Sequence : public Behavior {
public:
    void on_initialise() override { current_ = 0; }
    Status update() override {
        for (;;) {
            const Status s = children_[current_]->tick();
            if (s != Status::Success) return s;
            if (++current_ == children_.size()) return Status::Success;
        }
    }
    std::size_t current_ = 0;
};
class Selector : public Behavior {
public:
    void on_initialise() override { current_ = 0; }
    Status update() override {
        for (;;) {
            const Status s = children_[current_]->tick();
            if (s != Status::Failure) return s;
            if (++current_ == children_.size()) return Status::Failure;
        }
    }
    std::size_t current_ = 0;
};
class ActiveSelector final : public Selector {
public:
    void on_initialise() override { current_ = children_.size(); }
    Status update() override {
        const std::size_t previous = current_;
        current_ = 0;
        Status s = Status::Failure;
        for (; current_ < children_.size(); ++current_) {
            s = children_[current_]->tick();
            if (s != Status::Failure) break;
        }
        if (previous != children_.size() && previous != current_ && children_[previous]->status_ == Status::Running)
            children_[previous]->abort();
        return s;
    }
};
class Parallel : public Behavior {
public:
    Parallel(Policy success, Policy failure, std::size_t monitored = 0)
        : success_(success), failure_(failure), monitored_(monitored) {}
    void on_initialise() override {
        for (auto& c : children_) c->status_ = Status::Invalid;
    }
    Status update() override {
        std::size_t successes = 0, failures = 0;
        for (std::size_t k = 0; k < children_.size(); ++k) {
            Behavior& c = *children_[k];
            if (k < monitored_ || (c.status_ != Status::Success && c.status_ != Status::Failure)) c.tick();
            if (c.status_ == Status::Success) {
                ++successes;
                if (success_ == Policy::RequireOne) return Status::Success;
            } else if (c.status_ == Status::Failure) {
                ++failures;
                if (failure_ == Policy::RequireOne) return Status::Failure;
            }
        }
        if (failure_ == Policy::RequireAll && failures == children_.size()) return Status::Failure;
        if (success_ == Policy::RequireAll && successes == children_.size()) return Status::Success;
        if (successes + failures == children_.size()) return Status::Failure;
        return Status::Running;
    }
    void on_terminate(Status) override {
        for (auto& c : children_)
            if (c->status_ == Status::Running) c->abort();
    }
    Policy success_, failure_;
    std::size_t monitored_;
};
class Repeat final : public Behavior {
public:
    explicit Repeat(std::int32_t limit) : limit_(limit) {}
    void on_initialise() override { count_ = 0; }
    Status update() override {
        for (;;) {
            const Status s = children_[0]->tick();
            if (s == Status::Running || s == Status::Failure) return s;
            if (++count_ == limit_) return Status::Success;
            children_[0]->status_ = Status::Invalid;
        }
    }
    std::int32_t limit_, count_ = 0;
};

// The same builder shape, over heap nodes.
class Builder {
public:
    template <typename B>
    Builder& push(std::unique_ptr<B> node) {
        Behavior* raw = node.get();
        if (stack_.empty()) root_ = std::move(node);
        else stack_.back()->children_.push_back(std::move(node));
        stack_.push_back(raw);
        return *this;
    }
    template <typename F>
    Builder& action(F f) {
        return push(std::make_unique<Action<F>>(f));
    }
    template <typename F>
    Builder& condition(F f, bool negate = false) {
        return push(std::make_unique<Condition<F>>(f, negate));
    }
    Builder& sequence() { return push(std::make_unique<Sequence>()); }
    Builder& selector() { return push(std::make_unique<Selector>()); }
    Builder& active_selector() { return push(std::make_unique<ActiveSelector>()); }
    Builder& parallel(Policy s, Policy f) { return push(std::make_unique<Parallel>(s, f)); }
    Builder& monitor(Policy s, Policy f) { return push(std::make_unique<Parallel>(s, f, 1)); }
    Builder& repeat(std::int32_t n) { return push(std::make_unique<Repeat>(n)); }
    Builder& back() {
        stack_.pop_back();
        return *this;
    }
    std::unique_ptr<Behavior> end() { return std::move(root_); }

private:
    std::unique_ptr<Behavior> root_;
    std::vector<Behavior*> stack_;
};

}  // namespace seed

struct Result {
    double ns_per_node_tick;
    double ns_per_tree_tick;
    double node_ticks_per_tree_tick;
};

// The phase of tree i's leaves: spread over the trees, or 0 for all with --uniform.
std::int32_t phase_of(std::size_t i, bool uniform) { return uniform ? 0 : static_cast<std::int32_t>(i * 7919 % 10007); }

// The forests measured: mobsdk's trees in one tick mode, or the seed-style baseline.
struct MobsdkForest {
    std::vector<BehaviorTree> trees;
    MobsdkForest(const std::string& kase, std::size_t n, TickMode mode, bool uniform) {
        trees.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            const auto phase = phase_of(i, uniform);
            trees.push_back(kase == "tree4" ? tree4<BehaviorTreeBuilder>(phase) : tree100<BehaviorTreeBuilder>(phase));
            trees.back().set_mode(mode);
        }
    }
    void tick(TickContext& ctx) {
        for (BehaviorTree& t : trees) t.tick(ctx);
    }
    std::uint64_t node_ticks() const {
        std::uint64_t n = 0;
        for (const BehaviorTree& t : trees) n += t.node_ticks();
        return n;
    }
};

struct SeedForest {
    std::vector<std::unique_ptr<seed::Behavior>> trees;
    SeedForest(const std::string& kase, std::size_t n, bool uniform) {
        trees.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            const auto phase = phase_of(i, uniform);
            trees.push_back(kase == "tree4" ? tree4<seed::Builder>(phase) : tree100<seed::Builder>(phase));
        }
    }
    void tick(TickContext& ctx) {
        seed::g_ctx = &ctx;
        for (auto& t : trees) t->tick();
    }
    std::uint64_t node_ticks() const { return seed::g_node_ticks; }
};

// Ticks every tree of the forest in turn, as a level ticks its mobs, for at least `seconds` of
// this thread's CPU time — or exactly `fixed_ticks` level ticks when that is not 0 (for callgrind,
// whose counts then divide by a known number of node ticks).
template <typename Forest>
Result measure(Forest& forest, std::size_t trees, double seconds, std::size_t fixed_ticks) {
    mobsdk::testing::FakeLevel level(20240601);
    mobsdk::testing::FakeMob mob(mobsdk::Uuid{1, 1});
    std::int64_t time = 0;
    auto tick_all = [&] {
        TickContext ctx(level, mob, nullptr, time++);
        forest.tick(ctx);
    };
    for (int i = 0; i < 200; ++i) tick_all();  // past the first runs: a steady state
    const std::uint64_t nodes_before = forest.node_ticks();
    std::uint64_t level_ticks = 0;
    const double start = thread_cpu_seconds();
    double elapsed = 0;
    if (fixed_ticks > 0) {
        for (std::size_t i = 0; i < fixed_ticks; ++i) tick_all();
        level_ticks = fixed_ticks;
        elapsed = thread_cpu_seconds() - start;
    }
    while (elapsed < seconds && fixed_ticks == 0) {
        for (int i = 0; i < 16; ++i) tick_all();
        level_ticks += 16;
        elapsed = thread_cpu_seconds() - start;
    }
    const auto nodes = static_cast<double>(forest.node_ticks() - nodes_before);
    const double tree_ticks = static_cast<double>(level_ticks) * static_cast<double>(trees);
    return {elapsed * 1e9 / nodes, elapsed * 1e9 / tree_ticks, nodes / tree_ticks};
}

}  // namespace

int run_bt(const std::vector<std::string>& args) {
    double seconds = 1.0;
    std::size_t trees = kDefaultTrees;
    std::size_t fixed_ticks = 0;
    std::vector<std::string> cases;
    bool rewalk_on = true, event_on = true, peer = true, uniform = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--seconds" && i + 1 < args.size()) {
            seconds = std::stod(args[++i]);
        } else if (args[i] == "--trees" && i + 1 < args.size()) {
            trees = static_cast<std::size_t>(std::max(1L, std::stol(args[++i])));
        } else if (args[i] == "--ticks" && i + 1 < args.size()) {
            fixed_ticks = static_cast<std::size_t>(std::max(1L, std::stol(args[++i])));
        } else if (args[i] == "--no-peer") {
            peer = false;
        } else if (args[i] == "--uniform") {
            uniform = true;
        } else if (args[i] == "--only" && i + 1 < args.size()) {
            const std::string which = args[++i];
            rewalk_on = which == "rewalk";
            event_on = which == "event";
            peer = which == "seed-style";
            if (!rewalk_on && !event_on && !peer) {
                std::fprintf(stderr, "mobbench bt: --only takes rewalk, event or seed-style\n");
                return 2;
            }
        } else if (args[i] == "--case" && i + 1 < args.size()) {
            cases.push_back(args[++i]);
            if (cases.back() != "tree4" && cases.back() != "tree100") {
                std::fprintf(stderr, "mobbench bt: unknown case '%s' (cases: tree4, tree100)\n", cases.back().c_str());
                return 2;
            }
        } else {
            std::fprintf(stderr,
                         "usage: mobbench bt [--seconds S] [--case tree4|tree100]... "
                         "[--trees N (default 1000)] "
                         "[--ticks T (exactly T ticks of every tree, for profilers)] [--no-peer] "
                         "[--only rewalk|event|seed-style] [--uniform (every tree in the same state)]\n");
            return 2;
        }
    }
    if (cases.empty()) cases = {"tree4", "tree100"};
    for (const std::string& kase : cases) {
        // Uniform forests are reported under their own case names: not to be mistaken for the figures.
        const std::string label = uniform ? kase + "_uniform" : kase;
        if (rewalk_on) {
            MobsdkForest forest(kase, trees, TickMode::Rewalk, uniform);
            const Result r = measure(forest, trees, seconds, fixed_ticks);
            progress("case " + kase + ": " + std::to_string(trees) + " trees; node updates per tree tick " +
                     std::to_string(r.node_ticks_per_tree_tick));
            emit({"bt", label, "mobsdk", "ns_per_node_tick", r.ns_per_node_tick, "ns"});
            emit({"bt", label, "mobsdk", "ns_per_tree_tick", r.ns_per_tree_tick, "ns"});
        }
        if (event_on) {
            MobsdkForest forest(kase, trees, TickMode::EventDriven, uniform);
            const Result r = measure(forest, trees, seconds, fixed_ticks);
            progress("case " + kase + ": event-driven node updates per tree tick " +
                     std::to_string(r.node_ticks_per_tree_tick));
            emit({"bt", label, "mobsdk", "ns_per_node_tick_event_driven", r.ns_per_node_tick, "ns"});
            emit({"bt", label, "mobsdk", "ns_per_tree_tick_event_driven", r.ns_per_tree_tick, "ns"});
        }
        if (peer) {
            SeedForest forest(kase, trees, uniform);
            const Result baseline = measure(forest, trees, seconds, fixed_ticks);
            progress("case " + kase + ": seed-style node updates per tree tick " +
                     std::to_string(baseline.node_ticks_per_tree_tick));
            emit({"bt", label, "seed-style", "ns_per_node_tick", baseline.ns_per_node_tick, "ns"});
            emit({"bt", label, "seed-style", "ns_per_tree_tick", baseline.ns_per_tree_tick, "ns"});
        }
    }
    return 0;
}

}  // namespace mobbench
