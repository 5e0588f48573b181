// The TCP listener shared by RCON and the game port: bind, accept with a connection cap and a
// per-address limit on pending connections, stop.
#include "mobserver/net/listener.hpp"

#include <vector>

namespace mobsdk::server {

namespace asio = boost::asio;
using asio::ip::tcp;

TcpListener::TcpListener(asio::io_context& io, ListenerOptions options, NetLogFunction log)
    : io_(io), options_(std::move(options)), log_(std::move(log)), acceptor_(asio::make_strand(io)) {}

std::optional<ListenFailure> TcpListener::listen() {
    boost::system::error_code ec;
    tcp::endpoint endpoint(asio::ip::address_v4::any(), options_.port);
    if (!options_.bind_address.empty()) {
        const auto address = asio::ip::make_address(options_.bind_address, ec);
        if (!ec) {
            endpoint = tcp::endpoint(address, options_.port);
        } else {
            tcp::resolver resolver(io_);
            const auto results = resolver.resolve(options_.bind_address, std::to_string(options_.port), ec);
            if (ec || results.empty()) return ListenFailure{"", ec ? ec.message() : std::string("no address")};
            endpoint = results.begin()->endpoint();
        }
    }
    auto fail = [&](const char* step) {
        boost::system::error_code ignored;
        acceptor_.close(ignored);
        return ListenFailure{step, ec.message()};
    };
    if (acceptor_.open(endpoint.protocol(), ec)) return fail("open");
    if (acceptor_.set_option(tcp::acceptor::reuse_address(true), ec)) return fail("reuse_address");
    if (acceptor_.bind(endpoint, ec)) return fail("bind");
    if (acceptor_.listen(asio::socket_base::max_listen_connections, ec)) return fail("listen");
    port_ = acceptor_.local_endpoint(ec).port();
    return std::nullopt;
}

void TcpListener::start_accepting() { do_accept(); }

void TcpListener::do_accept() {
    // Each connection gets a strand of its own; the acceptor's handlers run on the acceptor's.
    acceptor_.async_accept(asio::make_strand(io_),
                           [self = shared_from_this()](boost::system::error_code ec, tcp::socket socket) {
                               self->on_accept(ec, std::move(socket));
                           });
}

void TcpListener::on_accept(boost::system::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted || stopped_ || !acceptor_.is_open()) return;
    if (ec) {
        // Out of descriptors and the like: the listener keeps going, the client retries.
        emit("WARN", options_.name + " accept failed: " + ec.message());
    } else {
        boost::system::error_code endpoint_ec;
        const tcp::endpoint remote = socket.remote_endpoint(endpoint_ec);
        const std::string address = endpoint_ec ? std::string("unknown") : remote.address().to_string();
        std::shared_ptr<ListenerSession> session;
        std::string reason;
        {
            std::lock_guard lock(mutex_);
            if (stopped_) {
                reason = "the server is stopping";
            } else if (sessions_.size() >= options_.max_connections) {
                reason = "already " + std::to_string(options_.max_connections) + " connections";
            } else if (const auto it = pending_.find(address);
                       it != pending_.end() && it->second >= options_.max_pending_per_address) {
                // One address trickling bytes must not fill the cap for everyone else.
                reason = "already " + std::to_string(options_.max_pending_per_address) +
                         " pending connections from this address";
            } else {
                reason = refusal(address);
                if (reason.empty()) {
                    const std::uint64_t id = next_session_++;
                    session = make_session(std::move(socket), id, address);
                    sessions_.emplace(id, Entry{session, address, true});
                    ++pending_[address];
                }
            }
        }
        if (session) {
            session->begin();
        } else {
            log_refusal(address, reason);
            boost::system::error_code ignored;
            socket.close(ignored);
        }
    }
    do_accept();
}

void TcpListener::stop() {
    if (stopped_.exchange(true)) return;
    asio::dispatch(acceptor_.get_executor(), [self = shared_from_this()] {
        boost::system::error_code ignored;
        self->acceptor_.close(ignored);
    });
    std::vector<std::shared_ptr<ListenerSession>> open;
    {
        std::lock_guard lock(mutex_);
        for (auto& [id, entry] : sessions_)
            if (auto session = entry.session.lock()) open.push_back(std::move(session));
    }
    for (auto& session : open) session->close_from_outside();
}

std::size_t TcpListener::connection_count() const {
    std::lock_guard lock(mutex_);
    return sessions_.size();
}

void TcpListener::leave_pending(Entry& entry) {
    if (!entry.pending) return;
    entry.pending = false;
    const auto it = pending_.find(entry.address);
    if (it != pending_.end() && --it->second == 0) pending_.erase(it);
}

void TcpListener::mark_established(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    if (const auto it = sessions_.find(id); it != sessions_.end()) leave_pending(it->second);
}

bool TcpListener::replace_session(std::uint64_t id, std::weak_ptr<ListenerSession> next) {
    std::lock_guard lock(mutex_);
    const auto it = sessions_.find(id);
    if (it == sessions_.end() || stopped_) return false;
    it->second.session = std::move(next);
    return true;
}

void TcpListener::remove_session(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    const auto it = sessions_.find(id);
    if (it == sessions_.end()) return;
    leave_pending(it->second);
    sessions_.erase(it);
}

void TcpListener::emit(std::string_view level, std::string message) const {
    if (log_) log_(level, std::move(message));
}

}  // namespace mobsdk::server
