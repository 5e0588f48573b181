// Helpers the RCON and status suites share to drive a listener over loopback with the io_context
// run in the test thread: byte strings, polling until a condition holds, a log sink, client sockets
// (from any 127/8 address) and a client that trickles bytes.
#pragma once

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it

#include <boost/asio.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <memory>
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

/// @brief A socket on `io` connected to 127.0.0.1:`port` from the loopback address `from` (all of
/// 127/8 is loopback on Linux, so 127.0.0.2 makes a second remote address).
inline boost::asio::ip::tcp::socket connect_loopback(boost::asio::io_context& io, std::uint16_t port,
                                                     const std::string& from = "127.0.0.1") {
    boost::asio::ip::tcp::socket socket(io);
    socket.open(boost::asio::ip::tcp::v4());
    socket.bind(boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address(from), 0));
    socket.connect(boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
    return socket;
}

/// @brief A slow client: sends `data` one byte every `interval` and notes when the server closes
/// the connection. Its handlers share its state, so it may go out of scope while the io runs.
class Trickle {
public:
    /// @brief Connects from `from` and starts sending; nothing happens until `io` runs.
    Trickle(boost::asio::io_context& io, std::uint16_t port, std::string data, std::chrono::milliseconds interval,
            const std::string& from = "127.0.0.1")
        : state_(std::make_shared<State>(io, connect_loopback(io, port, from), std::move(data), interval)) {
        read(state_);
        tick(state_);
    }
    ~Trickle() {
        boost::system::error_code ignored;
        state_->timer.cancel();
        state_->socket.close(ignored);
    }
    Trickle(const Trickle&) = delete;
    Trickle& operator=(const Trickle&) = delete;

    /// @brief True once a read has ended (EOF or reset): the server closed the connection.
    bool closed() const { return state_->closed; }
    /// @brief From the connect to the server's close (or to now while open).
    std::chrono::steady_clock::duration open_for() const {
        return (state_->closed ? state_->closed_at : std::chrono::steady_clock::now()) - state_->connected;
    }
    /// @brief Bytes sent so far.
    std::size_t sent() const { return state_->sent; }

private:
    struct State {
        State(boost::asio::io_context& io, boost::asio::ip::tcp::socket s, std::string d, std::chrono::milliseconds i)
            : socket(std::move(s)), timer(io), data(std::move(d)), interval(i) {}
        boost::asio::ip::tcp::socket socket;
        boost::asio::steady_timer timer;
        std::string data;
        std::chrono::milliseconds interval;
        std::size_t sent = 0;
        std::array<char, 4096> buf{};
        std::chrono::steady_clock::time_point connected = std::chrono::steady_clock::now();
        std::chrono::steady_clock::time_point closed_at{};
        bool closed = false;
    };

    static void read(const std::shared_ptr<State>& st) {
        st->socket.async_read_some(boost::asio::buffer(st->buf), [st](boost::system::error_code ec, std::size_t) {
            if (!ec) return read(st);
            if (ec == boost::asio::error::operation_aborted) return;
            st->closed = true;
            st->closed_at = std::chrono::steady_clock::now();
        });
    }

    static void tick(const std::shared_ptr<State>& st) {
        if (st->closed || st->sent >= st->data.size()) return;
        boost::system::error_code ec;
        boost::asio::write(st->socket, boost::asio::buffer(&st->data[st->sent], 1), ec);
        if (ec) return;  // the read side notes the close
        ++st->sent;
        st->timer.expires_after(st->interval);
        st->timer.async_wait([st](boost::system::error_code e) {
            if (!e) tick(st);
        });
    }

    std::shared_ptr<State> state_;
};

}  // namespace mobsdk::server::test
