// The accepting half that the RCON and status listeners share: binding to an address or host name,
// accepting on a strand, the caps on open and on pending connections and an orderly stop.
#pragma once

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio.hpp>

#include "mobserver/net/rcon.hpp"

namespace mobsdk::server {

/// @brief A connection a TcpListener keeps track of, so that stop() can close it.
class ListenerSession {
public:
    /// @brief Sessions are owned through shared pointers to the derived type.
    virtual ~ListenerSession() = default;
    /// @brief Any thread: starts the session's work on its own strand.
    virtual void begin() = 0;
    /// @brief Any thread: closes the session on its own strand.
    virtual void close_from_outside() = 0;
};

/// @brief Why TcpListener::listen() failed; nothing listens afterwards.
struct ListenFailure {
    /// @brief The socket call that failed ("open", "reuse_address", "bind", "listen"); empty when
    /// the bind address, a host name, did not resolve.
    std::string step;
    /// @brief The system's message.
    std::string reason;
};

/// @brief Where a TcpListener binds and how many connections it keeps open.
struct ListenerOptions {
    /// @brief Address or host name to bind; empty binds every IPv4 address (vanilla's 0.0.0.0).
    std::string bind_address;
    /// @brief Port to bind; 0 lets the system choose, see TcpListener::port().
    std::uint16_t port = 0;
    /// @brief Connections open at once; more are accepted and closed at once.
    std::size_t max_connections = 16;
    /// @brief Connections one address may have open while they are pending (not yet logged in or
    /// past the status exchange, see TcpListener::mark_established); more are accepted and closed.
    std::size_t max_pending_per_address = 4;
    /// @brief Names the listener in its log lines ("RCON accept failed: …").
    std::string name;
};

/// @brief A TCP acceptor on its own strand that hands every admitted connection, on a strand of its
/// own, to the session the derived class makes. Owned through a shared pointer: the pending accept
/// and the sessions keep it alive after its owner has stopped it.
class TcpListener : public std::enable_shared_from_this<TcpListener> {
public:
    /// @brief A listener that will run on `io`; nothing is bound until listen().
    TcpListener(boost::asio::io_context& io, ListenerOptions options, NetLogFunction log);
    /// @brief Derived listeners hold the sessions' shared state.
    virtual ~TcpListener() = default;
    TcpListener(const TcpListener&) = delete;
    TcpListener& operator=(const TcpListener&) = delete;

    /// @brief Resolves the bind address (a host name once, as vanilla's server-ip allows), opens,
    /// binds and listens; on failure closes the acceptor and says which step failed.
    std::optional<ListenFailure> listen();

    /// @brief Starts the accept loop; call once, after listen() succeeded.
    void start_accepting();

    /// @brief Stops accepting and closes every session. Safe from any thread and idempotent; the
    /// closing itself runs on the io_context.
    void stop();

    /// @brief True once stop() has been called.
    bool stopped() const noexcept { return stopped_.load(); }

    /// @brief The bound port (the system's choice when the option was 0); 0 before listen().
    std::uint16_t port() const noexcept { return port_.load(); }

    /// @brief Sessions currently open.
    std::size_t connection_count() const;

    /// @brief Session `id` has left its early state (an RCON login): it no longer counts against
    /// its address's pending limit, only against the cap. Idempotent; called by the session.
    void mark_established(std::uint64_t id);

    /// @brief Session `id` hands its connection to `next` (the game port's login): stop() closes
    /// `next` from now on. False when the session is gone (stopped meanwhile): close `next` then.
    bool replace_session(std::uint64_t id, std::weak_ptr<ListenerSession> next);

    /// @brief Forgets a session that has closed; called by the session itself.
    void remove_session(std::uint64_t id);

    /// @brief Passes a line to the log function, if there is one.
    void emit(std::string_view level, std::string message) const;

    /// @brief The io_context the listener runs on.
    boost::asio::io_context& io() const noexcept { return io_; }

protected:
    /// @brief A further reason to refuse a connection from `address` (empty: admit it), asked
    /// after the stop, the cap and the pending limit have been checked, with the sessions' lock held.
    virtual std::string refusal(const std::string& /*address*/) const { return {}; }

    /// @brief Makes the session for an admitted connection; it must call remove_session(id) when
    /// it closes. Called with the sessions' lock held, so it must not call back into the listener.
    virtual std::shared_ptr<ListenerSession> make_session(boost::asio::ip::tcp::socket socket, std::uint64_t id,
                                                          std::string address) = 0;

    /// @brief Logs a connection closed unserved: `reason` is "already 16 connections",
    /// "already 4 pending connections from this address" or the like.
    virtual void log_refusal(const std::string& address, const std::string& reason) const = 0;

private:
    void do_accept();
    void on_accept(boost::system::error_code ec, boost::asio::ip::tcp::socket socket);

    boost::asio::io_context& io_;
    const ListenerOptions options_;
    const NetLogFunction log_;
    boost::asio::ip::tcp::acceptor acceptor_;  // used on its own strand only, once accepting
    std::atomic<std::uint16_t> port_{0};
    std::atomic<bool> stopped_{false};

    struct Entry {
        std::weak_ptr<ListenerSession> session;
        std::string address;
        bool pending = true;  // counted in pending_[address]
    };
    void leave_pending(Entry& entry);  // with mutex_ held

    mutable std::mutex mutex_;  // guards the members below
    std::map<std::uint64_t, Entry> sessions_;
    std::map<std::string, std::size_t> pending_;  // addresses with pending sessions only: bounded by the cap
    std::uint64_t next_session_ = 0;
};

}  // namespace mobsdk::server
