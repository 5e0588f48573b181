// What the crash-report and watchdog suites share: running a function in a child process whose
// stdout goes to a file, and reading back the report it left.
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>

namespace mobsdk::server::test {

/// @brief A whole file as text ("" when missing).
inline std::string read_all(const std::filesystem::path& p) {
    std::ifstream in(p);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// @brief True when `s` contains `part`.
inline bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

/// @brief Runs `body` in a child process with stdout sent to `dir`/stdout.txt; returns the
/// child's wait status. `body` is expected to end the process (a crash, the watchdog).
template <class Body>
int run_in_child(const std::filesystem::path& dir, Body body) {
    const pid_t child = ::fork();
    if (child < 0) return -1;
    if (child == 0) {
        // stdout would mix the report into the test log: send it to a file instead.
        const int out = ::open((dir / "stdout.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(out, STDOUT_FILENO);
        body();
        ::_exit(0);
    }
    int status = 0;
    if (::waitpid(child, &status, 0) != child) return -1;
    return status;
}

/// @brief The crash report a child left in `dir`/crash-reports (empty path when none).
inline std::filesystem::path report_in(const std::filesystem::path& dir) {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir / "crash-reports", ec))
        if (e.path().filename().string().starts_with("crash-")) return e.path();
    return {};
}

}  // namespace mobsdk::server::test
