#include "mobserver/server/log.hpp"

#include <zlib.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iterator>
#include <system_error>
#include <vector>

namespace mobsdk::server {

namespace fs = std::filesystem;

std::string_view log_level_name(LogLevel level) noexcept {
    switch (level) {
        case LogLevel::Debug: return "DEBUG";
        case LogLevel::Info: return "INFO";
        case LogLevel::Warn: return "WARN";
        case LogLevel::Error: return "ERROR";
    }
    return "INFO";
}

ServerLog::~ServerLog() {
    if (file_) std::fclose(file_);
}

namespace {

// Gzips `from` into `to`; false on any failure (the caller then keeps the plain file).
bool gzip_file(const fs::path& from, const fs::path& to) {
    std::ifstream in(from, std::ios::binary);
    if (!in) return false;
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    gzFile out = gzopen(to.c_str(), "wb");
    if (!out) return false;
    const bool ok = bytes.empty() ||
                    gzwrite(out, bytes.data(), static_cast<unsigned>(bytes.size())) == static_cast<int>(bytes.size());
    return gzclose(out) == Z_OK && ok;
}

}  // namespace

std::string ServerLog::open(const fs::path& dir) {
    const fs::path logs = dir / "logs";
    std::error_code ec;
    fs::create_directories(logs, ec);
    if (ec) return "cannot create " + logs.string() + ": " + ec.message();
    const fs::path latest = logs / "latest.log";
    if (fs::exists(latest, ec) && fs::file_size(latest, ec) > 0) {
        // Named after the day it was last written to, as log4j's rollover names it.
        const auto written = fs::last_write_time(latest, ec);
        std::time_t t = std::time(nullptr);
        if (!ec) {
            const auto sys =
                std::chrono::system_clock::now() + std::chrono::duration_cast<std::chrono::system_clock::duration>(
                                                       written - fs::file_time_type::clock::now());
            t = std::chrono::system_clock::to_time_t(sys);
        }
        std::tm tm{};
        localtime_r(&t, &tm);
        char day[16];
        std::strftime(day, sizeof day, "%Y-%m-%d", &tm);
        for (int n = 1; n < 10000; ++n) {
            const fs::path archive = logs / (std::string(day) + "-" + std::to_string(n) + ".log.gz");
            if (fs::exists(archive, ec)) continue;
            if (gzip_file(latest, archive)) fs::remove(latest, ec);
            break;
        }
    }
    std::lock_guard lock(mutex_);
    if (file_) std::fclose(file_);
    file_ = std::fopen(latest.c_str(), "a");
    if (!file_) return "cannot open " + latest.string();
    return {};
}

std::string ServerLog::format(LogLevel level, std::string_view thread, std::string_view message, std::time_t now) {
    std::tm tm{};
    localtime_r(&now, &tm);
    char clock[16];
    std::strftime(clock, sizeof clock, "%H:%M:%S", &tm);
    std::string line;
    line.reserve(message.size() + thread.size() + 24);
    line += '[';
    line += clock;
    line += "] [";
    line += thread;
    line += '/';
    line += log_level_name(level);
    line += "]: ";
    line += message;
    return line;
}

void ServerLog::log(LogLevel level, std::string_view message, std::string_view thread) {
    if (level == LogLevel::Debug && !debug_) return;
    const std::time_t now = std::time(nullptr);
    std::string out;
    std::size_t start = 0;
    do {
        const std::size_t nl = message.find('\n', start);
        const std::string_view part =
            message.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
        out += format(level, thread, part, now);
        out += '\n';
        start = nl == std::string_view::npos ? message.size() + 1 : nl + 1;
    } while (start <= message.size());
    std::lock_guard lock(mutex_);
    // The file first: whoever sees a line on stdout finds it in latest.log too.
    if (file_) {
        std::fwrite(out.data(), 1, out.size(), file_);
        std::fflush(file_);
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
}

void ServerLog::flush() {
    std::lock_guard lock(mutex_);
    if (file_) std::fflush(file_);
}

}  // namespace mobsdk::server
