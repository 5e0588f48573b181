// The watchdog: which lines count as `stop`, that a tick over max-tick-time ends the process with
// a crash report naming the stuck function (in a child process), and that a short one does not.
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>

#include "mobserver/server/crash_report.hpp"
#include "mobserver/server/watchdog.hpp"
#include "server/crash_child.hpp"
#include "server/temp_dir.hpp"

using namespace mobsdk::server;
using namespace mobsdk::server::test;
namespace fs = std::filesystem;

namespace {

std::atomic<bool> g_forever{true};

[[gnu::noinline]] void watchdog_test_stuck_function() {
    while (g_forever.load(std::memory_order_relaxed)) {}
}

}  // namespace

BOOST_AUTO_TEST_SUITE(watchdog)

BOOST_AUTO_TEST_CASE(stop_command_lines) {
    BOOST_TEST(ServerWatchdog::is_stop_command("stop"));
    BOOST_TEST(ServerWatchdog::is_stop_command("  /stop \r"));
    BOOST_TEST(!ServerWatchdog::is_stop_command("stopp"));
    BOOST_TEST(!ServerWatchdog::is_stop_command("say stop"));
    BOOST_TEST(!ServerWatchdog::is_stop_command(""));
}

BOOST_AUTO_TEST_CASE(a_tick_over_max_tick_time_ends_the_process_with_a_report) {
    TempDir dir("watchdog-stuck");
    const int status = run_in_child(dir.path, [&] {
        CrashReporter::instance().install(dir.path, -1, "test");
        ServerWatchdog dog(300, [](LogLevel, const std::string& line) {
            const std::string l = line + "\n";
            (void)!::write(STDOUT_FILENO, l.data(), l.size());
        });
        dog.tick_started();
        watchdog_test_stuck_function();
    });
    BOOST_TEST(WIFEXITED(status));
    BOOST_TEST(WEXITSTATUS(status) == 1);
    const fs::path report = report_in(dir.path);
    BOOST_REQUIRE(!report.empty());
    const std::string text = read_all(report);
    BOOST_TEST(contains(text, "Description: Watching Server"));
    BOOST_TEST(contains(text, "A single server tick took 0."));
    BOOST_TEST(contains(text, "(max-tick-time=300)"));
    // The stuck thread's own stack, fetched from it by a signal.
    BOOST_TEST(contains(text, "watchdog_test_stuck_function()"));
    BOOST_TEST(contains(read_all(dir / "stdout.txt"), "Considering it to be crashed, server will forcibly shutdown."));
}

BOOST_AUTO_TEST_CASE(a_tick_under_max_tick_time_is_left_alone) {
    // No fork needed: a watchdog whose ticks end in time never fires. The tick lasts 300 ms, long
    // enough for the watchdog (which looks every 100 ms) to see it run, and well under 2 s.
    std::atomic<int> warnings{0};
    {
        ServerWatchdog dog(2000, [&](LogLevel, const std::string&) { ++warnings; });
        dog.tick_started();
        const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(300);
        while (std::chrono::steady_clock::now() < end) {}
        dog.tick_finished();
        dog.stop_requested("test");  // between ticks: nothing to warn about
    }
    BOOST_TEST(warnings.load() == 0);
}

BOOST_AUTO_TEST_SUITE_END()
