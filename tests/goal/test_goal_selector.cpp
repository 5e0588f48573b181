// Tests for GoalSelector (mobsdk/goal/goal.hpp): every rule of vanilla's selector with scripted
// goals on a fake mob, then the host's every-other-tick rhythm through a real ServerMob.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/goal/goal.hpp"
#include "mobsdk/testing/fake_world.hpp"
#include "mobserver/world/harness.hpp"

namespace {

using namespace mobsdk;
using namespace mobsdk::goal;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

// What happened, in order: "name:event".
using Log = std::vector<std::string>;

// A goal whose answers the test sets and whose calls it counts.
class Scripted final : public Goal {
public:
    Scripted(std::string name, Flags flags, Log* log = nullptr) : name_(std::move(name)), log_(log) {
        set_flags(flags);
    }

    bool can_use(Level&, Mob&) override {
        ++can_use_calls;
        note("can_use");
        return usable;
    }
    bool can_continue_to_use(Level& level, Mob& mob) override {
        if (!keep_going) return Goal::can_continue_to_use(level, mob);  // vanilla's default: can_use
        return *keep_going;
    }
    bool is_interruptable() const override { return interruptable; }
    void start(Level&, Mob&) override {
        ++starts;
        note("start");
    }
    void stop(Level&, Mob&) override {
        ++stops;
        note("stop");
    }
    bool requires_update_every_tick() const override { return every_tick; }
    void tick(Level& level, Mob&) override {
        ++ticks;
        tick_times.push_back(level.game_time());
        note("tick");
        if (on_tick) on_tick();
    }
    std::string debug_string() const override { return name_; }

    bool usable = false;
    std::optional<bool> keep_going = true;  // empty: ask can_use, as vanilla's default
    bool interruptable = true;
    bool every_tick = false;
    int can_use_calls = 0, starts = 0, stops = 0, ticks = 0;
    std::vector<std::int64_t> tick_times;
    std::function<void()> on_tick;

private:
    void note(const char* what) {
        if (log_) log_->push_back(name_ + ":" + what);
    }
    std::string name_;
    Log* log_;
};

struct Fixture {
    FakeLevel level;
    FakeMob mob{Uuid{0, 1}, 1};
    GoalSelector selector;
    Log log;

    Scripted& add(int priority, const char* name, Flags flags) {
        return selector.add<Scripted>(priority, name, flags, &log);
    }
    void tick(int n = 1) {
        for (int i = 0; i < n; ++i) {
            selector.tick(level, mob);
            ++level.game_time_;
        }
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(goal_selector)

BOOST_FIXTURE_TEST_CASE(a_usable_goal_starts_and_ticks_in_the_same_evaluation, Fixture) {
    Scripted& g = add(1, "g", {Flag::Move});
    tick();
    BOOST_CHECK_EQUAL(g.starts, 0);
    g.usable = true;
    tick();
    BOOST_CHECK_EQUAL(g.starts, 1);
    BOOST_CHECK_EQUAL(g.ticks, 1);
    BOOST_CHECK(selector.is_running(g));
    BOOST_CHECK_EQUAL(selector.holder(Flag::Move), &g);
    BOOST_CHECK(selector.holder(Flag::Look) == nullptr);
    const Log expected{"g:can_use", "g:can_use", "g:start", "g:tick"};
    BOOST_CHECK_EQUAL_COLLECTIONS(log.begin(), log.end(), expected.begin(), expected.end());
    // A running goal is not asked can_use again, only whether it may continue.
    tick(3);
    BOOST_CHECK_EQUAL(g.can_use_calls, 2);
    BOOST_CHECK_EQUAL(g.starts, 1);
    BOOST_CHECK_EQUAL(g.ticks, 4);
}

BOOST_FIXTURE_TEST_CASE(a_strictly_higher_priority_preempts_an_interruptable_holder, Fixture) {
    Scripted& low = add(2, "low", {Flag::Move});
    Scripted& high = add(1, "high", {Flag::Move});
    low.usable = true;
    tick();
    BOOST_REQUIRE(selector.is_running(low));
    log.clear();
    high.usable = true;
    tick();
    BOOST_CHECK(!selector.is_running(low));
    BOOST_CHECK(selector.is_running(high));
    BOOST_CHECK_EQUAL(low.stops, 1);
    BOOST_CHECK_EQUAL(selector.holder(Flag::Move), &high);
    // The holder is stopped before the new goal starts.
    const Log expected{"high:can_use", "low:stop", "high:start", "high:tick"};
    BOOST_CHECK_EQUAL_COLLECTIONS(log.begin(), log.end(), expected.begin(), expected.end());
    // The pre-empted goal waits (its can_use is not even asked: its flag is not free).
    const int asked = low.can_use_calls;
    tick(3);
    BOOST_CHECK_EQUAL(low.can_use_calls, asked);
    BOOST_CHECK_EQUAL(low.starts, 1);
    // Once the winner stops (and cannot start again at once), the other starts again.
    high.keep_going = false;
    high.usable = false;
    tick();
    BOOST_CHECK_EQUAL(high.stops, 1);
    BOOST_CHECK(selector.is_running(low));
    BOOST_CHECK_EQUAL(low.starts, 2);
}

BOOST_FIXTURE_TEST_CASE(equal_or_lower_priority_never_preempts, Fixture) {
    Scripted& running = add(2, "running", {Flag::Move});
    Scripted& equal = add(2, "equal", {Flag::Move});
    Scripted& lower = add(3, "lower", {Flag::Move});
    running.usable = true;
    tick();
    BOOST_REQUIRE(selector.is_running(running));
    equal.usable = lower.usable = true;
    tick(4);
    BOOST_CHECK(selector.is_running(running));
    BOOST_CHECK_EQUAL(equal.starts + lower.starts, 0);
    BOOST_CHECK_EQUAL(running.stops, 0);
    // Neither is even asked: a flag they cannot take ends the check before can_use.
    BOOST_CHECK_EQUAL(equal.can_use_calls, 0);
    BOOST_CHECK_EQUAL(lower.can_use_calls, 0);
}

BOOST_FIXTURE_TEST_CASE(a_goal_that_is_not_interruptable_keeps_its_flags, Fixture) {
    Scripted& stubborn = add(5, "stubborn", {Flag::Move});
    stubborn.interruptable = false;
    Scripted& urgent = add(0, "urgent", {Flag::Move});
    stubborn.usable = true;
    tick();
    urgent.usable = true;
    tick(4);
    BOOST_CHECK(selector.is_running(stubborn));
    BOOST_CHECK_EQUAL(urgent.starts, 0);
    // When it ends, the waiting goal gets the flag (unless the stubborn one could start again
    // first: it comes first in the list, and a free flag goes to the first usable goal).
    stubborn.keep_going = false;
    stubborn.usable = false;
    tick();
    BOOST_CHECK(selector.is_running(urgent));
}

BOOST_FIXTURE_TEST_CASE(of_two_usable_goals_sharing_a_flag_one_runs, Fixture) {
    // Equal priority: the one added first, every time (vanilla's LinkedHashSet order).
    Scripted& first = add(3, "first", {Flag::Move});
    Scripted& second = add(3, "second", {Flag::Move});
    first.usable = second.usable = true;
    tick(5);
    BOOST_CHECK(selector.is_running(first));
    BOOST_CHECK(!selector.is_running(second));
    BOOST_CHECK_EQUAL(second.starts, 0);
}

BOOST_FIXTURE_TEST_CASE(a_better_goal_added_later_wins_within_the_same_evaluation, Fixture) {
    // Vanilla walks in insertion order: the lower-priority goal starts, then the better one,
    // further down the list, replaces it in the same evaluation. Both calls happen once.
    Scripted& low = add(4, "low", {Flag::Move});
    Scripted& high = add(1, "high", {Flag::Move});
    low.usable = high.usable = true;
    tick();
    const Log expected{"low:can_use", "low:start", "high:can_use", "low:stop", "high:start", "high:tick"};
    BOOST_CHECK_EQUAL_COLLECTIONS(log.begin(), log.end(), expected.begin(), expected.end());
    BOOST_CHECK_EQUAL(low.ticks, 0);
}

BOOST_FIXTURE_TEST_CASE(goals_with_disjoint_flags_run_together, Fixture) {
    Scripted& move = add(1, "move", {Flag::Move});
    Scripted& look = add(1, "look", {Flag::Look});
    Scripted& jump = add(1, "jump", {Flag::Jump});
    Scripted& none = add(9, "none", {});  // no flags: runs whenever it can
    move.usable = look.usable = jump.usable = none.usable = true;
    tick();
    for (const Scripted* g : {&move, &look, &jump, &none}) BOOST_CHECK(selector.is_running(*g));
    BOOST_CHECK_EQUAL(selector.holder(Flag::Move), &move);
    BOOST_CHECK_EQUAL(selector.holder(Flag::Look), &look);
    BOOST_CHECK_EQUAL(selector.holder(Flag::Jump), &jump);
    BOOST_CHECK(selector.holder(Flag::Target) == nullptr);
}

BOOST_FIXTURE_TEST_CASE(a_goal_needs_every_one_of_its_flags, Fixture) {
    // Seed 003's zombie: while its turtle-egg goal (MOVE) runs, RandomLookAround (MOVE, LOOK)
    // cannot start even though LOOK is free.
    Scripted& egg = add(4, "egg", {Flag::Move});
    Scripted& around = add(8, "around", {Flag::Move, Flag::Look});
    Scripted& look = add(8, "look_at", {Flag::Look});
    egg.usable = around.usable = look.usable = true;
    tick();
    BOOST_CHECK(selector.is_running(egg));
    BOOST_CHECK(!selector.is_running(around));
    BOOST_CHECK(selector.is_running(look));
    // A MOVE+LOOK goal of higher priority takes both flags from both holders.
    Scripted& melee = add(2, "melee", {Flag::Move, Flag::Look});
    melee.usable = true;
    tick();
    BOOST_CHECK(selector.is_running(melee));
    BOOST_CHECK(!selector.is_running(egg));
    BOOST_CHECK(!selector.is_running(look));
    BOOST_CHECK_EQUAL(egg.stops, 1);
    BOOST_CHECK_EQUAL(look.stops, 1);
}

BOOST_FIXTURE_TEST_CASE(a_flag_freed_by_preemption_is_free_from_the_next_evaluation, Fixture) {
    // Vanilla's lock table still names a goal stopped by a pre-emption until the next cleanup;
    // a lower-priority goal waiting for that flag starts one evaluation later.
    Scripted& both = add(3, "both", {Flag::Move, Flag::Look});
    both.usable = true;
    tick();
    Scripted& move = add(2, "move", {Flag::Move});
    Scripted& look = add(4, "look", {Flag::Look});
    move.usable = look.usable = true;
    tick();
    BOOST_CHECK(selector.is_running(move));
    BOOST_CHECK(!selector.is_running(both));
    BOOST_CHECK(!selector.is_running(look));
    tick();
    BOOST_CHECK(selector.is_running(look));
}

BOOST_FIXTURE_TEST_CASE(disabled_flags_stop_their_holders_and_block_starts, Fixture) {
    Scripted& move = add(1, "move", {Flag::Move});
    Scripted& both = add(2, "both", {Flag::Move, Flag::Look});
    Scripted& look = add(1, "look", {Flag::Look});
    move.usable = both.usable = look.usable = true;
    tick();
    BOOST_REQUIRE(selector.is_running(move));
    BOOST_REQUIRE(selector.is_running(look));
    selector.disable_control_flag(Flag::Move);
    BOOST_CHECK(selector.disabled_flags().has(Flag::Move));
    // Disabling takes effect at the next evaluation; the ticks in between still run the goal.
    BOOST_CHECK(selector.is_running(move));
    tick();
    BOOST_CHECK(!selector.is_running(move));
    BOOST_CHECK_EQUAL(move.stops, 1);
    BOOST_CHECK(selector.is_running(look));
    // Nothing that needs MOVE starts, even a goal whose other flags are free.
    look.keep_going = false;
    look.usable = false;
    tick(3);
    BOOST_CHECK(!selector.is_running(both));
    BOOST_CHECK_EQUAL(both.can_use_calls, 0);
    BOOST_CHECK(selector.holder(Flag::Move) == nullptr);
    // Enabled again: the best usable goal takes it.
    selector.set_control_flag(Flag::Move, true);
    BOOST_CHECK(selector.disabled_flags().empty());
    tick();
    BOOST_CHECK(selector.is_running(move));
    BOOST_CHECK(selector.is_running(both) == false);  // MOVE is held by the better goal
    selector.set_control_flag(Flag::Look, false);
    BOOST_CHECK(selector.disabled_flags().has(Flag::Look));
    selector.enable_control_flag(Flag::Look);
    BOOST_CHECK(selector.disabled_flags().empty());
}

BOOST_FIXTURE_TEST_CASE(stop_is_called_exactly_once, Fixture) {
    Scripted& g = add(1, "g", {Flag::Move});
    g.usable = true;
    g.keep_going = std::nullopt;  // vanilla's default: may continue while it could start
    tick();
    BOOST_REQUIRE(selector.is_running(g));
    g.usable = false;
    tick(5);
    BOOST_CHECK_EQUAL(g.stops, 1);
    BOOST_CHECK(!selector.is_running(g));
    BOOST_CHECK(selector.holder(Flag::Move) == nullptr);
    // stop_all and remove_goal stop running goals once, and leave stopped ones alone.
    g.usable = true;
    tick();
    selector.stop_all(level, mob);
    selector.stop_all(level, mob);
    BOOST_CHECK_EQUAL(g.stops, 2);
    BOOST_CHECK(selector.holder(Flag::Move) == nullptr);
    tick();
    BOOST_REQUIRE(selector.is_running(g));
    selector.remove_goal(level, mob, g);  // g is destroyed here
    BOOST_CHECK(selector.goals().empty());
    BOOST_CHECK(selector.holder(Flag::Move) == nullptr);
    const auto stops = std::count(log.begin(), log.end(), std::string("g:stop"));
    BOOST_CHECK_EQUAL(stops, 3);
}

BOOST_FIXTURE_TEST_CASE(remove_goal_frees_its_flags_and_keeps_the_other_locks, Fixture) {
    Scripted& a = add(1, "a", {Flag::Look});
    Scripted& b = add(1, "b", {Flag::Move});
    Scripted& c = add(2, "c", {Flag::Look});
    a.usable = b.usable = c.usable = true;
    tick();
    BOOST_REQUIRE(selector.is_running(a));
    selector.remove_goal(level, mob, a);
    // b moved down a slot; its lock must follow it.
    BOOST_CHECK_EQUAL(selector.holder(Flag::Move), &b);
    BOOST_CHECK(selector.holder(Flag::Look) == nullptr);
    tick();
    BOOST_CHECK_EQUAL(selector.holder(Flag::Look), &c);
    BOOST_CHECK_EQUAL(selector.holder(Flag::Move), &b);
    // Removing a goal the selector does not hold is a no-op.
    Scripted stranger("stranger", {Flag::Move});
    selector.remove_goal(level, mob, stranger);
    BOOST_CHECK_EQUAL(selector.goals().size(), 2u);
    selector.clear(level, mob);
    BOOST_CHECK(selector.goals().empty());
    BOOST_CHECK(selector.holder(Flag::Move) == nullptr);
}

BOOST_FIXTURE_TEST_CASE(tick_running_goals_false_ticks_only_every_tick_goals, Fixture) {
    Scripted& slow = add(1, "slow", {Flag::Move});
    Scripted& fast = add(1, "fast", {Flag::Look});
    fast.every_tick = true;
    slow.usable = fast.usable = true;
    tick();
    BOOST_CHECK_EQUAL(slow.ticks, 1);
    BOOST_CHECK_EQUAL(fast.ticks, 1);
    selector.tick_running_goals(level, mob, false);
    BOOST_CHECK_EQUAL(slow.ticks, 1);
    BOOST_CHECK_EQUAL(fast.ticks, 2);
    selector.tick_running_goals(level, mob, true);
    BOOST_CHECK_EQUAL(slow.ticks, 2);
    BOOST_CHECK_EQUAL(fast.ticks, 3);
    // It never starts or stops anything.
    Scripted& waiting = add(0, "waiting", {Flag::Move});
    waiting.usable = true;
    slow.keep_going = false;
    selector.tick_running_goals(level, mob, false);
    BOOST_CHECK(selector.is_running(slow));
    BOOST_CHECK_EQUAL(waiting.starts, 0);
}

BOOST_AUTO_TEST_CASE(tick_delays_follow_vanilla) {
    BOOST_CHECK_EQUAL(Goal::reduced_tick_delay(120), 60);
    BOOST_CHECK_EQUAL(Goal::reduced_tick_delay(10), 5);
    BOOST_CHECK_EQUAL(Goal::reduced_tick_delay(15), 8);
    BOOST_CHECK_EQUAL(Goal::reduced_tick_delay(1), 1);
    BOOST_CHECK_EQUAL(Goal::reduced_tick_delay(0), 0);
    Scripted slow("slow", {});
    Scripted fast("fast", {});
    fast.every_tick = true;
    BOOST_CHECK_EQUAL(slow.adjusted_tick_delay(79), 40);
    BOOST_CHECK_EQUAL(fast.adjusted_tick_delay(79), 79);
}

BOOST_AUTO_TEST_CASE(flags_are_a_small_set) {
    Flags f{Flag::Move, Flag::Target};
    BOOST_CHECK(f.has(Flag::Move));
    BOOST_CHECK(!f.has(Flag::Look));
    BOOST_CHECK(f.intersects(Flags{Flag::Target}));
    BOOST_CHECK(!f.intersects(Flags{Flag::Look, Flag::Jump}));
    f.set(Flag::Move, false);
    BOOST_CHECK(f == Flags{Flag::Target});
    BOOST_CHECK(Flags{}.empty());
}

BOOST_FIXTURE_TEST_CASE(changing_goals_inside_a_tick_throws_and_leaves_the_selector_usable, Fixture) {
    BOOST_CHECK_THROW(selector.add_goal(1, nullptr), GoalError);
    Scripted& g = add(1, "g", {Flag::Move});
    g.usable = true;
    g.on_tick = [&] { selector.add<Scripted>(2, "late", Flags{Flag::Look}); };
    BOOST_CHECK_THROW(tick(), GoalError);
    BOOST_CHECK_EQUAL(selector.goals().size(), 1u);
    g.on_tick = [&] { selector.remove_goal(level, mob, g); };
    BOOST_CHECK_THROW(selector.tick_running_goals(level, mob, true), GoalError);
    g.on_tick = [&] { selector.clear(level, mob); };
    BOOST_CHECK_THROW(selector.tick_running_goals(level, mob, true), GoalError);
    // After the throw the selector is not stuck in its busy state.
    g.on_tick = nullptr;
    selector.add<Scripted>(2, "after", Flags{Flag::Look});
    BOOST_CHECK_EQUAL(selector.goals().size(), 2u);
    selector.remove_goal(level, mob, g);
    BOOST_CHECK_EQUAL(selector.goals().size(), 1u);
}

BOOST_AUTO_TEST_CASE(a_server_mob_evaluates_its_goals_on_alternate_ticks) {
    server::WorldHarness::Options night;
    night.day_time = 18000;  // no burning zombie
    server::WorldHarness h(night);
    server::ServerMob& mob = h.spawn("zombie", {0.5, server::WorldHarness::ground_y, 0.5});
    mob.enable_goals();
    Log log;
    Scripted& slow = mob.goal_selector()->add<Scripted>(1, "slow", Flags{Flag::Move}, &log);
    Scripted& fast = mob.goal_selector()->add<Scripted>(1, "fast", Flags{Flag::Look}, &log);
    Scripted& target = mob.target_selector()->add<Scripted>(1, "target", Flags{Flag::Target}, &log);
    fast.every_tick = true;
    slow.usable = fast.usable = target.usable = true;
    // The full evaluation (can_use, then ticking everything) happens when game time + entity
    // index is even, and in the mob's first two ticks whatever the parity.
    const std::int64_t index = mob.handle().index;
    std::vector<std::int64_t> full;  // game times of full evaluations
    for (int i = 0; i < 40; ++i) {
        const std::int64_t now = h.world().game_time();
        const int before = slow.ticks;
        const int asked = slow.can_use_calls;
        h.tick();
        if (slow.ticks > before) full.push_back(now);
        // A goal that is not every-tick ticks only in full evaluations.
        BOOST_CHECK_LE(slow.ticks - before, 1);
        (void)asked;
    }
    BOOST_REQUIRE(!full.empty());
    for (const std::int64_t t : full)
        BOOST_CHECK_MESSAGE((t + index) % 2 == 0 || t <= 1, "full evaluation at odd time " << t);
    // From the third tick on, exactly every other tick.
    std::vector<std::int64_t> steady;
    for (const std::int64_t t : full)
        if (t >= 2) steady.push_back(t);
    BOOST_CHECK_EQUAL(steady.size(), 19u);
    for (std::size_t i = 1; i < steady.size(); ++i) BOOST_CHECK_EQUAL(steady[i] - steady[i - 1], 2);
    // The every-tick goal ticked in all 40 ticks; the target selector runs before the goals.
    BOOST_CHECK_EQUAL(fast.ticks, 40);
    BOOST_CHECK_EQUAL(target.ticks, slow.ticks);
    BOOST_REQUIRE_GE(log.size(), 2u);
    BOOST_CHECK_EQUAL(log[0], "target:can_use");
    BOOST_CHECK_EQUAL(log[1], "target:start");
    // The ticks between full evaluations never ask can_use.
    BOOST_CHECK_EQUAL(slow.can_use_calls, 1);
}

BOOST_AUTO_TEST_SUITE_END()
