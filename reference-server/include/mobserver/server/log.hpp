// The server log in vanilla's form, `[HH:MM:SS] [Server thread/INFO]: message`, to stdout and to
// DIR/logs/latest.log; the previous latest.log is kept gzipped as vanilla's log4j does.
#pragma once

#include <cstdio>
#include <filesystem>
#include <mutex>
#include <string>
#include <string_view>

namespace mobsdk::server {

/// @brief Vanilla's log levels (the ones the server prints).
enum class LogLevel { Debug, Info, Warn, Error };

/// @brief The name vanilla prints for a level: "INFO", "WARN", "ERROR", "DEBUG".
std::string_view log_level_name(LogLevel level) noexcept;

/// @brief A thread-safe line logger. Lines go to stdout (flushed per line, so that a process
/// reading the server's output sees each at once) and to the log file.
class ServerLog {
public:
    /// @brief Logs to stdout only until open() names a folder.
    ServerLog() = default;
    ~ServerLog();
    ServerLog(const ServerLog&) = delete;
    ServerLog& operator=(const ServerLog&) = delete;

    /// @brief Opens DIR/logs/latest.log, first archiving an existing one as
    /// `logs/YYYY-MM-DD-N.log.gz` (the date it was last written, N from 1), as vanilla does.
    /// Returns an error message, or an empty string.
    std::string open(const std::filesystem::path& dir);

    /// @brief Writes one line (a message with '\n' becomes several lines, each with the prefix).
    void log(LogLevel level, std::string_view message, std::string_view thread = "Server thread");
    /// @brief INFO on the server thread.
    void info(std::string_view message) { log(LogLevel::Info, message); }
    /// @brief WARN on the server thread.
    void warn(std::string_view message) { log(LogLevel::Warn, message); }
    /// @brief ERROR on the server thread.
    void error(std::string_view message) { log(LogLevel::Error, message); }
    /// @brief When false (the default), DEBUG lines are dropped.
    void set_debug(bool on) noexcept { debug_ = on; }
    /// @brief Flushes the file.
    void flush();
    /// @brief The descriptor of latest.log (-1 before open()): a crash report, written from a
    /// signal handler, goes straight to it. Every line is flushed, so nothing is buffered ahead.
    int file_descriptor() const noexcept { return file_ ? ::fileno(file_) : -1; }

    /// @brief The line format without the newline: `[HH:MM:SS] [thread/LEVEL]: message`, local time.
    static std::string format(LogLevel level, std::string_view thread, std::string_view message, std::time_t now);

private:
    std::mutex mutex_;
    std::FILE* file_ = nullptr;
    bool debug_ = false;
};

}  // namespace mobsdk::server
