// TickManager: vanilla's tick rate, freeze, step and sprint rules, driven with made-up durations.
#include <boost/test/unit_test.hpp>

#include "mobserver/server/tick_manager.hpp"

using namespace mobsdk::server;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;

BOOST_AUTO_TEST_SUITE(tick_manager)

BOOST_AUTO_TEST_CASE(defaults_and_rate) {
    TickManager tm;
    BOOST_TEST(tm.tick_rate() == 20.0f);
    BOOST_TEST(tm.nanoseconds_per_tick() == 50'000'000);
    BOOST_TEST(tm.begin_tick() == nanoseconds(50'000'000));
    BOOST_TEST(tm.runs_normally());
    tm.set_tick_rate(40);
    BOOST_TEST(tm.nanoseconds_per_tick() == 25'000'000);
    tm.set_tick_rate(0.5f);  // vanilla clamps to 1
    BOOST_TEST(tm.tick_rate() == 1.0f);
    BOOST_TEST(tm.nanoseconds_per_tick() == 1'000'000'000);
    tm.set_tick_rate(3);
    BOOST_TEST(tm.nanoseconds_per_tick() == 333'333'333);
}

BOOST_AUTO_TEST_CASE(freeze_and_step) {
    TickManager tm;
    BOOST_TEST(!tm.step(5));  // only while frozen
    tm.set_frozen(true);
    tm.begin_tick();
    BOOST_TEST(!tm.runs_normally());
    BOOST_TEST(tm.step(2));
    BOOST_TEST(tm.stepping_forward());
    tm.begin_tick();
    BOOST_TEST(tm.runs_normally());
    tm.begin_tick();
    BOOST_TEST(tm.runs_normally());
    tm.begin_tick();
    BOOST_TEST(!tm.runs_normally());
    BOOST_TEST(!tm.stop_stepping());
    BOOST_TEST(tm.step(10));
    BOOST_TEST(tm.stop_stepping());
    tm.begin_tick();
    BOOST_TEST(!tm.runs_normally());
}

BOOST_AUTO_TEST_CASE(sprint_runs_without_waiting_and_reports) {
    TickManager tm;
    tm.set_frozen(true);
    BOOST_TEST(!tm.request_sprint(4));
    BOOST_TEST(!tm.frozen());  // unfrozen for the sprint
    BOOST_TEST(tm.sprinting());
    for (int i = 0; i < 4; ++i) {
        BOOST_TEST(tm.begin_tick() == nanoseconds(0));
        BOOST_TEST(tm.runs_normally());
        tm.end_tick(milliseconds(2));
        BOOST_TEST(!tm.take_sprint_report().has_value());
    }
    // The next tick finds none left: the sprint ends, the freeze comes back, the loop waits again.
    BOOST_TEST(tm.begin_tick() == nanoseconds(50'000'000));
    BOOST_TEST(!tm.sprinting());
    BOOST_TEST(tm.frozen());
    BOOST_TEST(*tm.take_sprint_report() == "Sprint completed with 500 ticks per second, or 2.00 ms per tick");
    BOOST_TEST(!tm.take_sprint_report().has_value());
}

BOOST_AUTO_TEST_CASE(sprint_stop_and_interrupt) {
    TickManager tm;
    BOOST_TEST(!tm.stop_sprinting());
    tm.request_sprint(100);
    BOOST_TEST(tm.request_sprint(100));  // replaces the running one
    tm.begin_tick();
    tm.end_tick(nanoseconds(3'000'000));
    tm.begin_tick();
    tm.end_tick(nanoseconds(1'000'000));
    BOOST_TEST(tm.stop_sprinting());
    BOOST_TEST(*tm.take_sprint_report() == "Sprint completed with 500 ticks per second, or 2.00 ms per tick");
    // A sprint stopped before any tick reports the target time per tick.
    tm.request_sprint(5);
    tm.stop_sprinting();
    BOOST_TEST(*tm.take_sprint_report() == "Sprint completed with 0 ticks per second, or 50.00 ms per tick");
}

BOOST_AUTO_TEST_CASE(tick_times_ring_buffer) {
    TickManager tm;
    BOOST_TEST(tm.average_tick_time_nanos() == 0);
    tm.end_tick(nanoseconds(10));
    tm.end_tick(nanoseconds(30));
    BOOST_TEST(tm.average_tick_time_nanos() == 20);
    for (int i = 0; i < 200; ++i) tm.end_tick(nanoseconds(7));
    BOOST_TEST(tm.tick_count() == 202);
    BOOST_TEST(tm.average_tick_time_nanos() == 7);  // only the last 100 count
    for (auto t : tm.tick_times()) BOOST_TEST(t == 7);
}

BOOST_AUTO_TEST_CASE(pacer_catches_up_small_delays_and_skips_large_ones_with_vanilla_s_warning) {
    using Clock = TickPacer::Clock;
    const Clock::time_point t0{};
    const nanoseconds tick = milliseconds(50);
    TickPacer p;
    p.start(t0);
    // On time: the next tick is one interval later.
    BOOST_TEST(!p.begin_tick(t0, tick));
    BOOST_TEST((p.next_tick_time() == t0 + tick));
    // 1.9 s late: under 1 s + 20 ticks (2 s): no warning, the ticks run back to back.
    BOOST_TEST(!p.begin_tick(t0 + milliseconds(1950), tick));
    BOOST_TEST((p.next_tick_time() == t0 + 2 * tick));
    // Far behind, but the due time is not yet 10 s + 100 ticks past the last warning (the start):
    // vanilla stays quiet and lets the loop run ticks back to back.
    BOOST_TEST(!p.begin_tick(t0 + milliseconds(12100), tick));
    // Run on time until the due time is 15 s after the start.
    while (p.next_tick_time() < t0 + std::chrono::seconds(15)) BOOST_TEST(!p.begin_tick(p.next_tick_time(), tick));
    const auto due = p.next_tick_time();
    const auto now = due + milliseconds(12000);
    const auto w = p.begin_tick(now, tick);
    BOOST_TEST_REQUIRE(w.has_value());
    BOOST_TEST(*w == "Can't keep up! Is the server overloaded? Running 12000ms or 240 ticks behind");
    // The missed ticks are skipped: the next one is due one interval after the last skipped one.
    BOOST_TEST((p.next_tick_time() == due + 240 * tick + tick));
    // Still 3 s behind soon after: no second warning within 10 s + 100 ticks.
    BOOST_TEST(!p.begin_tick(p.next_tick_time() + milliseconds(3000), tick));
    // Sprinting (interval 0): always due now, never a warning.
    const auto later = now + std::chrono::seconds(100);
    BOOST_TEST(!p.begin_tick(later, nanoseconds(0)));
    BOOST_TEST((p.next_tick_time() == later));
}

BOOST_AUTO_TEST_SUITE_END()
