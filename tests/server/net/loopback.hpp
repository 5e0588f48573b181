// Helpers the RCON and status suites share to drive a listener over loopback with the io_context
// run in the test thread: byte strings, polling until a condition holds, a log sink, a client socket.
#pragma once

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it

#include <boost/asio.hpp>

#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "mobserver/net/rcon.hpp"

namespace mobsdk::server::test {

/// @brief The bytes listed, each given as a number 0-255.
inline std::string bytes(std::initializer_list<int> list) {
    std::string s;
    for (int b : list) s += static_cast<char>(b);
    return s;
}

/// @brief Polls `io` until `pred` holds; false after 10 s (a hang, not a timing assertion).
template <typename Pred>
bool run_until(boost::asio::io_context& io, Pred pred) {
    using namespace std::chrono_literals;
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (!pred()) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        io.restart();
        io.run_for(2ms);
    }
    return true;
}

/// @brief Collects a listener's log lines as "LEVEL message"; the listener logs from its strands.
struct LogSink {
    std::mutex mutex;                ///< guards lines
    std::vector<std::string> lines;  ///< every line so far

    /// @brief The log function to hand to the listener; the sink must outlive it.
    NetLogFunction function() {
        return [this](std::string_view level, std::string message) {
            std::lock_guard lock(mutex);
            lines.push_back(std::string(level) + " " + message);
        };
    }

    /// @brief True when some line contains `needle`.
    bool contains(const std::string& needle) {
        std::lock_guard lock(mutex);
        for (const auto& l : lines)
            if (l.find(needle) != std::string::npos) return true;
        return false;
    }
};

/// @brief A socket on `io` connected to 127.0.0.1:`port`.
inline boost::asio::ip::tcp::socket connect_loopback(boost::asio::io_context& io, std::uint16_t port) {
    boost::asio::ip::tcp::socket socket(io);
    socket.connect(boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
    return socket;
}

}  // namespace mobsdk::server::test
