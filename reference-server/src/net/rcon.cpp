// Vanilla's RCON: the packet codec, the failed-login throttle and the Asio listener with one
// strand per connection.
#include "mobserver/net/rcon.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <deque>
#include <mutex>
#include <utility>

#include <boost/asio.hpp>

#include "mobsdk/core/utf8.hpp"
#include "mobserver/net/listener.hpp"

namespace mobsdk::server {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

std::int32_t read_le32(const char* p) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<std::uint8_t>(p[i]);
    return static_cast<std::int32_t>(v);
}

void write_le32(std::string& out, std::int32_t value) {
    const auto v = static_cast<std::uint32_t>(value);
    for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

// Length of the valid UTF-8 sequence starting at s[i], or 0 when it is not one.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
    const auto b0 = static_cast<std::uint8_t>(s[i]);
    if (b0 < 0x80) return 1;
    std::size_t n;
    std::uint32_t cp;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        n = 2;
        cp = b0 & 0x1F;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        n = 3;
        cp = b0 & 0x0F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        n = 4;
        cp = b0 & 0x07;
    } else return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        const auto b = static_cast<std::uint8_t>(s[i + k]);
        if ((b & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b & 0x3F);
    }
    // Overlong 3- and 4-byte forms, surrogates and values past U+10FFFF.
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF))) return 0;
    if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
    return n;
}

}  // namespace

std::string RconError::describe() const { return "byte " + std::to_string(offset) + ": " + message; }

std::string repair_utf8(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size());
    for (std::size_t i = 0; i < bytes.size();) {
        const std::size_t n = utf8_sequence_length(bytes, i);
        if (n == 0) {
            append_utf8(out, 0xFFFD);
            ++i;
        } else {
            out.append(bytes.substr(i, n));
            i += n;
        }
    }
    return out;
}

std::string encode_rcon_packet(const RconPacket& packet) {
    std::string out;
    out.reserve(packet.body.size() + 14);
    write_le32(out, static_cast<std::int32_t>(packet.body.size() + kRconMinPacketLength));
    write_le32(out, packet.request_id);
    write_le32(out, packet.type);
    out += packet.body;
    out += '\0';
    out += '\0';
    return out;
}

std::vector<RconPacket> split_rcon_response(std::int32_t request_id, std::string_view output) {
    const std::string text = repair_utf8(output);
    std::vector<RconPacket> packets;
    std::size_t pos = 0;
    // Vanilla cuts every 4096 UTF-16 units, which can make a packet of up to 12 KiB; cutting by
    // bytes keeps every packet within what Source RCON clients expect.
    do {
        std::size_t end = std::min(text.size(), pos + kRconResponseChunkBytes);
        if (end < text.size())
            while (end > pos && (static_cast<std::uint8_t>(text[end]) & 0xC0) == 0x80) --end;
        packets.push_back({request_id, kRconTypeResponseValue, text.substr(pos, end - pos)});
        pos = end;
    } while (pos < text.size());
    return packets;
}

std::string encode_rcon_response(std::int32_t request_id, std::string_view output) {
    std::string out;
    for (const RconPacket& p : split_rcon_response(request_id, output)) out += encode_rcon_packet(p);
    return out;
}

void RconReader::feed(std::string_view bytes) {
    if (error_) return;
    // Drop what was consumed before growing, so the buffer stays near one packet's size.
    if (start_ > 0 && start_ == buffer_.size()) {
        consumed_ += start_;
        buffer_.clear();
        start_ = 0;
    } else if (start_ > 4096) {
        consumed_ += start_;
        buffer_.erase(0, start_);
        start_ = 0;
    }
    buffer_.append(bytes);
}

Result<std::optional<RconPacket>, RconError> RconReader::next() {
    if (error_) return unexpected(*error_);
    const std::size_t available = buffer_.size() - start_;
    if (available < 4) return std::optional<RconPacket>{};
    const char* p = buffer_.data() + start_;
    const std::int32_t length = read_le32(p);
    const std::uint64_t offset = consumed_ + start_;
    if (length < kRconMinPacketLength || length > max_length_) {
        error_ = RconError{offset, "packet length " + std::to_string(length) + " is outside " +
                                       std::to_string(kRconMinPacketLength) + "-" + std::to_string(max_length_)};
        return unexpected(*error_);
    }
    const auto total = static_cast<std::size_t>(length) + 4;
    if (available < total) return std::optional<RconPacket>{};
    if (p[total - 1] != '\0' || p[total - 2] != '\0') {
        error_ = RconError{offset, "packet does not end with two NUL bytes"};
        return unexpected(*error_);
    }
    RconPacket packet;
    packet.request_id = read_le32(p + 4);
    packet.type = read_le32(p + 8);
    std::string_view body(p + 12, total - 14);
    body = body.substr(0, body.find('\0'));
    packet.body = repair_utf8(body);
    start_ += total;
    return std::optional<RconPacket>{std::move(packet)};
}

LoginThrottle::Clock::duration LoginThrottle::record_failure(const std::string& address, Clock::time_point now) {
    auto it = entries_.find(address);
    if (it != entries_.end() && now - it->second.last_failure >= options_.forget_after) {
        entries_.erase(it);
        it = entries_.end();
    }
    if (it == entries_.end()) {
        if (entries_.size() >= options_.max_addresses && !entries_.empty()) {
            auto oldest = std::min_element(entries_.begin(), entries_.end(), [](const auto& a, const auto& b) {
                return a.second.last_failure < b.second.last_failure;
            });
            entries_.erase(oldest);
        }
        it = entries_.emplace(address, Entry{}).first;
    }
    Entry& e = it->second;
    ++e.failures;
    e.last_failure = now;
    Clock::duration delay = Clock::duration::zero();
    if (e.failures > options_.free_failures) {
        // first_delay * 2^(n-1), computed without overflow by stopping at the ceiling.
        Clock::duration d = options_.first_delay;
        const Clock::duration ceiling = options_.max_delay;
        for (int n = e.failures - options_.free_failures; n > 1 && d < ceiling; --n) d *= 2;
        delay = std::min(d, ceiling);
    }
    e.blocked_until = now + delay;
    return delay;
}

void LoginThrottle::record_success(const std::string& address) { entries_.erase(address); }

bool LoginThrottle::refuses(const std::string& address, Clock::time_point now) const {
    const auto it = entries_.find(address);
    return it != entries_.end() && now < it->second.blocked_until;
}

int LoginThrottle::failures(const std::string& address, Clock::time_point now) const {
    const auto it = entries_.find(address);
    if (it == entries_.end() || now - it->second.last_failure >= options_.forget_after) return 0;
    return it->second.failures;
}

// ---------------------------------------------------------------------------------------------
// The listener.

struct RconServer::State final : TcpListener {
    State(asio::io_context& io_context, RconServerOptions opts, RconCommandHandler h, NetLogFunction l)
        : TcpListener(io_context,
                      {opts.bind_address, opts.port, opts.max_connections, opts.max_pending_per_address, "RCON"},
                      std::move(l)),
          options(std::move(opts)),
          handler(std::move(h)),
          throttle(options.throttle) {}

    void info(std::string message) const { emit("INFO", std::move(message)); }
    void warn(std::string message) const { emit("WARN", std::move(message)); }

    const RconServerOptions options;
    const RconCommandHandler handler;

    mutable std::mutex throttle_mutex;  // guards throttle
    LoginThrottle throttle;

protected:
    std::string refusal(const std::string& address) const override;
    std::shared_ptr<ListenerSession> make_session(tcp::socket socket, std::uint64_t id, std::string address) override;
    void log_refusal(const std::string& address, const std::string& reason) const override {
        warn("Refused RCON connection from /" + address + ": " + reason);
    }
};

bool same_password(std::string_view a, std::string_view b) noexcept {
    // Compare every byte whatever the first difference, so timing says nothing about the prefix.
    unsigned diff = a.size() == b.size() ? 0u : 1u;
    for (std::size_t i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned>(static_cast<unsigned char>(a[i]) ^
                                      static_cast<unsigned char>(i < b.size() ? b[i] : 0));
    return diff == 0;
}

namespace {

class RconSession final : public ListenerSession, public std::enable_shared_from_this<RconSession> {
public:
    RconSession(std::shared_ptr<RconServer::State> state, tcp::socket socket, std::uint64_t id, std::string address)
        : state_(std::move(state)),
          socket_(std::move(socket)),
          idle_timer_(socket_.get_executor()),
          delay_timer_(socket_.get_executor()),
          login_timer_(socket_.get_executor()),
          accepted_(std::chrono::steady_clock::now()),
          id_(id),
          address_(std::move(address)),
          name_("RCON Client /" + address_) {}

    // Any thread: starts the read loop on the session's strand.
    void begin() override {
        asio::dispatch(socket_.get_executor(), [self = shared_from_this()] {
            self->state_->info("Thread " + self->name_ + " started");
            self->arm_login_timer();
            self->do_read();
        });
    }

    // Any thread: closes on the session's strand.
    void close_from_outside() override {
        asio::dispatch(socket_.get_executor(), [self = shared_from_this()] { self->close(); });
    }

private:
    void do_read() {
        if (closed_) return;
        arm_idle_timer();
        socket_.async_read_some(
            asio::buffer(read_buf_),
            [self = shared_from_this()](boost::system::error_code ec, std::size_t n) { self->on_read(ec, n); });
    }

    void on_read(boost::system::error_code ec, std::size_t n) {
        if (closed_) return;
        if (ec) {
            close();
            return;
        }
        reader_.feed(std::string_view(read_buf_.data(), n));
        process();
    }

    // Handles buffered packets until one needs to wait (a command or a delayed refusal), then
    // reads more only when nothing is waiting: one packet at a time, as vanilla's loop does.
    void process() {
        while (!closed_ && !busy_) {
            auto packet = reader_.next();
            if (!packet) {
                state_->warn("Closing " + name_ + ": " + packet.error().describe());
                close();
                return;
            }
            if (!packet->has_value()) {
                do_read();
                return;
            }
            handle(std::move(**packet));
        }
    }

    void handle(RconPacket packet) {
        switch (packet.type) {
            case kRconTypeAuth:
                if (!packet.body.empty() && same_password(packet.body, state_->options.password)) {
                    authed_ = true;
                    {
                        std::lock_guard lock(state_->throttle_mutex);
                        state_->throttle.record_success(address_);
                    }
                    if (!established_) {
                        // Logged in once: no login deadline, no longer pending. A later wrong
                        // password logs the connection out but does not make it pending again.
                        established_ = true;
                        login_timer_.cancel();
                        state_->mark_established(id_);
                    }
                    send(encode_rcon_packet({packet.request_id, kRconTypeAuthResponse, ""}));
                } else {
                    authed_ = false;
                    LoginThrottle::Clock::duration delay;
                    {
                        std::lock_guard lock(state_->throttle_mutex);
                        delay = state_->throttle.record_failure(address_, LoginThrottle::Clock::now());
                    }
                    if (delay == LoginThrottle::Clock::duration::zero()) {
                        send_auth_failure();
                    } else {
                        state_->warn(
                            name_ + " failed to log in; answering in " +
                            std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(delay).count()) +
                            " ms");
                        wait(delay);
                    }
                }
                break;
            case kRconTypeExecCommand:
                if (authed_) run_command(std::move(packet));
                else send_auth_failure();
                break;
            default: {
                char hex[16];
                std::snprintf(hex, sizeof hex, "%x", static_cast<unsigned>(static_cast<std::uint32_t>(packet.type)));
                send(encode_rcon_response(packet.request_id, std::string("Unknown request ") + hex));
                break;
            }
        }
    }

    void send_auth_failure() { send(encode_rcon_packet({kRconAuthFailureId, kRconTypeAuthResponse, ""})); }

    void wait(LoginThrottle::Clock::duration delay) {
        busy_ = true;
        cancel_idle_timer();
        delay_timer_.expires_after(delay);
        delay_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
            if (ec || self->closed_) return;
            self->send_auth_failure();
            self->busy_ = false;
            self->process();
        });
    }

    void run_command(RconPacket packet) {
        busy_ = true;
        cancel_idle_timer();
        auto answered = std::make_shared<std::atomic<bool>>(false);
        const std::int32_t id = packet.request_id;
        auto reply = [self = shared_from_this(), answered, id](std::string output) {
            if (answered->exchange(true)) return;
            asio::post(self->socket_.get_executor(),
                       [self, id, out = std::move(output)] { self->on_command_done(id, out); });
        };
        try {
            state_->handler(packet.body, std::move(reply));
        } catch (const std::exception& e) {
            // Vanilla's words for a command that threw.
            if (!answered->exchange(true))
                on_command_done(id, "Error executing: " + packet.body + " (" + e.what() + ")");
        }
    }

    void on_command_done(std::int32_t id, const std::string& output) {
        if (closed_) return;
        send(encode_rcon_response(id, output));
        busy_ = false;
        process();
    }

    void send(std::string bytes) {
        if (closed_) return;
        write_queue_.push_back(std::move(bytes));
        if (!writing_) do_write();
    }

    void do_write() {
        writing_ = true;
        asio::async_write(
            socket_, asio::buffer(write_queue_.front()),
            [self = shared_from_this()](boost::system::error_code ec, std::size_t) { self->on_write(ec); });
    }

    void on_write(boost::system::error_code ec) {
        writing_ = false;
        if (closed_) return;
        if (ec) {
            close();
            return;
        }
        write_queue_.pop_front();
        if (!write_queue_.empty()) do_write();
    }

    // Absolute from the accept: bytes that are not the right password do not move it.
    void arm_login_timer() {
        login_timer_.expires_at(accepted_ + state_->options.login_timeout);
        login_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
            if (ec || self->closed_ || self->established_) return;
            self->state_->info("Closing " + self->name_ + ": not logged in within " +
                               std::to_string(self->state_->options.login_timeout.count()) + " ms");
            self->close();
        });
    }

    void arm_idle_timer() {
        const std::uint64_t generation = ++idle_generation_;
        idle_timer_.expires_after(state_->options.idle_timeout);
        idle_timer_.async_wait([self = shared_from_this(), generation](boost::system::error_code ec) {
            if (ec || self->closed_ || generation != self->idle_generation_) return;
            self->state_->info("Closing " + self->name_ + ": nothing received for " +
                               std::to_string(self->state_->options.idle_timeout.count()) + " ms");
            self->close();
        });
    }

    void cancel_idle_timer() {
        ++idle_generation_;
        idle_timer_.cancel();
    }

    void close() {
        if (closed_) return;
        closed_ = true;
        boost::system::error_code ignored;
        socket_.shutdown(tcp::socket::shutdown_both, ignored);
        socket_.close(ignored);
        idle_timer_.cancel();
        delay_timer_.cancel();
        login_timer_.cancel();
        state_->remove_session(id_);
        state_->info("Thread " + name_ + " shutting down");
    }

    std::shared_ptr<RconServer::State> state_;
    tcp::socket socket_;
    asio::steady_timer idle_timer_;
    asio::steady_timer delay_timer_;
    asio::steady_timer login_timer_;
    const std::chrono::steady_clock::time_point accepted_;
    std::uint64_t id_;
    std::string address_;
    std::string name_;
    RconReader reader_;
    std::array<char, 1460> read_buf_{};
    std::deque<std::string> write_queue_;
    std::uint64_t idle_generation_ = 0;
    bool writing_ = false;
    bool busy_ = false;
    bool closed_ = false;
    bool authed_ = false;
    bool established_ = false;  // has logged in at least once
};

}  // namespace

std::string RconServer::State::refusal(const std::string& address) const {
    std::lock_guard lock(throttle_mutex);
    if (throttle.refuses(address, LoginThrottle::Clock::now()))
        return "too many failed logins, waiting before the next answer";
    return {};
}

std::shared_ptr<ListenerSession> RconServer::State::make_session(tcp::socket socket, std::uint64_t id,
                                                                 std::string address) {
    return std::make_shared<RconSession>(std::static_pointer_cast<State>(shared_from_this()), std::move(socket), id,
                                         std::move(address));
}

RconServer::RconServer(asio::io_context& io, RconServerOptions options, RconCommandHandler handler, NetLogFunction log)
    : state_(std::make_shared<State>(io, std::move(options), std::move(handler), std::move(log))) {}

RconServer::~RconServer() { stop(); }

std::optional<std::string> RconServer::start() {
    State& s = *state_;
    const std::string shown_address = s.options.bind_address.empty() ? "0.0.0.0" : s.options.bind_address;
    const std::string where = shown_address + ":" + std::to_string(s.options.port);
    if (s.options.password.empty()) return "No rcon password set in server.properties, rcon disabled!";
    s.info("Starting remote control listener");
    if (auto failure = s.listen()) {
        std::string message = "Unable to initialise RCON on " + where + ": ";
        if (!failure->step.empty()) message += failure->step + ": ";
        message += failure->reason;
        s.warn(message);
        return message;
    }
    s.info("RCON running on " + shown_address + ":" + std::to_string(s.port()));
    s.start_accepting();
    return std::nullopt;
}

void RconServer::stop() { state_->stop(); }

std::uint16_t RconServer::port() const noexcept { return state_->port(); }

std::size_t RconServer::connection_count() const { return state_->connection_count(); }

}  // namespace mobsdk::server
