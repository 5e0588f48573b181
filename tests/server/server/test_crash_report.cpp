// Crash reports: the file name, the note for the next start, and a real fatal signal in a child
// process whose report must name the signal and the function that faulted.
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>

#include <csignal>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "mobserver/server/crash_report.hpp"
#include "server/crash_child.hpp"
#include "server/temp_dir.hpp"

using namespace mobsdk::server;
using namespace mobsdk::server::test;
namespace fs = std::filesystem;

namespace {

// An address in the never-mapped first page, read at run time: the compiler cannot see the fault
// coming, and UBSan (which stops at a null pointer) lets the store reach the hardware.
volatile std::uintptr_t g_nowhere = 16;

// Not inlined, so that it is a frame of its own with its own symbol.
[[gnu::noinline]] void crash_report_test_faulting_function() { *reinterpret_cast<volatile int*>(g_nowhere) = 7; }

}  // namespace

BOOST_AUTO_TEST_SUITE(crash_report)

BOOST_AUTO_TEST_CASE(report_name_is_vanillas_with_the_utc_time) {
    BOOST_TEST(CrashReporter::report_name(0) == "crash-1970-01-01_00.00.00-server.txt");
    BOOST_TEST(CrashReporter::report_name(1'795'779'405) == "crash-2026-11-27_11.36.45-server.txt");
    BOOST_TEST(CrashReporter::report_name(951'782'400) == "crash-2000-02-29_00.00.00-server.txt");  // leap day
}

BOOST_AUTO_TEST_CASE(pending_note_is_read_once) {
    TempDir dir("crash-pending");
    BOOST_TEST(!CrashReporter::take_pending(dir.path).has_value());
    fs::create_directories(dir / "crash-reports");
    std::ofstream(dir / "crash-reports/.pending") << "crash-reports/crash-x-server.txt\ncrashtest\n";
    const auto p = CrashReporter::take_pending(dir.path);
    BOOST_REQUIRE(p.has_value());
    BOOST_TEST(p->report == "crash-reports/crash-x-server.txt");
    BOOST_TEST(p->plugin == "crashtest");
    BOOST_TEST(!CrashReporter::take_pending(dir.path).has_value());
}

BOOST_AUTO_TEST_CASE(a_segfault_writes_a_report_with_the_faulting_function) {
    TempDir dir("crash-segv");
    const int status = run_in_child(dir.path, [&] {
        CrashReporter::instance().install(dir.path, -1, "test version line");
        crash_report_test_faulting_function();
    });
    BOOST_TEST(WIFSIGNALED(status));
    BOOST_TEST(WTERMSIG(status) == SIGSEGV);  // the handler hands the signal back to the default action

    const fs::path report = report_in(dir.path);
    BOOST_REQUIRE(!report.empty());
    const std::string text = read_all(report);
    BOOST_TEST(text.starts_with("---- Minecraft Crash Report ----\n"));
    BOOST_TEST(contains(text, "Description: Exception in server tick loop"));
    BOOST_TEST(contains(text, "Signal SIGSEGV (segmentation fault: an invalid memory access) at address 0x10"));
    BOOST_TEST(contains(text, "crash_report_test_faulting_function()"), text);  // demangled, from the symbol table
    BOOST_TEST(contains(text, "Suspected plugin: none"));
    BOOST_TEST(contains(text, "Version: test version line"));
    // The same report went to stdout, after vanilla's "saved to" line.
    const std::string out = read_all(dir / "stdout.txt");
    BOOST_TEST(contains(out, "[Server thread/ERROR]: This crash report has been saved to: " + report.string()));
    BOOST_TEST(contains(out, "crash_report_test_faulting_function()"));
    // And the note for the next start names the report.
    const auto pending = CrashReporter::take_pending(dir.path);
    BOOST_REQUIRE(pending.has_value());
    BOOST_TEST(pending->report == "crash-reports/" + report.filename().string());
    BOOST_TEST(pending->plugin == "");
}

BOOST_AUTO_TEST_SUITE_END()
