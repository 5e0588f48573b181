// A player's connection: login, configuration and play framing on the connection's strand.
#include "mobserver/net/game_connection.hpp"

#include <atomic>
#include <deque>
#include <optional>
#include <utility>

#include <boost/asio.hpp>

#include "mobserver/net/offline_uuid.hpp"
#include "mobserver/net/packet_codec.hpp"
#include "mobserver/net/packet_compression.hpp"

namespace mobsdk::server {

namespace asio = boost::asio;
using asio::ip::tcp;

void GameConnection::send_packed(std::string packed) {
    for_each_packed_body(packed, [this](std::string_view body) { send(std::string(body)); });
}

void append_packed_body(std::string& packed, std::string_view body) {
    write_varint(packed, static_cast<std::int32_t>(body.size()));
    packed.append(body);
}

std::string encode_game_disconnect(GameState state, std::string_view reason) {
    if (state == GameState::Login) {
        PacketWriter w(0x00);
        w.string("{\"text\":" + json_quote(reason) + "}");
        return w.take();
    }
    PacketWriter w(state == GameState::Configuration ? 0x01 : 0x1B);
    nbt::Compound text;
    text.put("text", std::string(reason));
    w.nbt(nbt::Tag(std::move(text)));
    return w.take();
}

std::string version_refusal(std::int32_t client_protocol) {
    if (client_protocol < kProtocolVersion) return "Outdated client! Please use " + std::string(kVersionName);
    return "Outdated server! I'm still on " + std::string(kVersionName);
}

namespace {

enum class Phase { Login, WaitingForAcceptance, WaitingForAck, Configuration, Play, Closed };

class GameSession final : public ListenerSession,
                          public GameConnection,
                          public std::enable_shared_from_this<GameSession> {
public:
    GameSession(std::shared_ptr<TcpListener> listener, tcp::socket socket, std::uint64_t id, std::string address,
                GameOptions options, std::shared_ptr<GameService> service)
        : listener_(std::move(listener)),
          socket_(std::move(socket)),
          strand_(socket_.get_executor()),
          idle_timer_(socket_.get_executor()),
          close_timer_(socket_.get_executor()),
          login_timer_(socket_.get_executor()),
          keep_alive_timer_(socket_.get_executor()),
          id_(id),
          address_(std::move(address)),
          options_(options),
          service_(std::move(service)),
          frames_(kMaxGameFrameBytes) {}

    void start(std::chrono::steady_clock::time_point accepted, HandshakePacket handshake, std::string rest) {
        asio::dispatch(socket_.get_executor(),
                       [self = shared_from_this(), accepted, handshake, rest = std::move(rest)] {
                           self->login_timer_.expires_at(accepted + self->options_.login_timeout);
                           self->login_timer_.async_wait([self](boost::system::error_code ec) {
                               if (ec || self->phase_ == Phase::Play) return;
                               self->refuse("Took too long to log in");
                           });
                           if (handshake.protocol_version != kProtocolVersion) {
                               self->refuse(version_refusal(handshake.protocol_version));
                               return;
                           }
                           self->feed(rest);
                           self->do_read();
                       });
    }

    // ListenerSession
    void begin() override {}
    void close_from_outside() override {
        asio::dispatch(socket_.get_executor(), [self = shared_from_this()] { self->close("server stopping"); });
    }

    // GameConnection
    void accept_login(std::vector<std::string> configuration) override {
        asio::dispatch(socket_.get_executor(), [self = shared_from_this(), cfg = std::move(configuration)]() mutable {
            if (self->phase_ != Phase::WaitingForAcceptance) return;
            if (self->options_.compression_threshold >= 0) {
                PacketWriter w(0x03);
                w.varint(self->options_.compression_threshold);
                self->write_body(w.body());
                self->threshold_ = self->options_.compression_threshold;
            }
            PacketWriter success(0x02);
            success.uuid(self->uuid_).string(self->name_).varint(0);
            self->write_body(success.body());
            self->configuration_ = std::move(cfg);
            self->phase_ = Phase::WaitingForAck;
        });
    }

    // Counts `n` more bytes as queued; false (and a disconnect) when that passes the limit, or
    // when the connection is closing.
    bool reserve(std::size_t n) {
        if (closing_.load()) return false;
        if (queued_.fetch_add(n) + n > options_.max_queued_bytes) {
            too_slow();
            return false;
        }
        return true;
    }

    void send(std::string body) override {
        const std::size_t n = body.size();
        if (!reserve(n)) return;
        asio::post(socket_.get_executor(),
                   [self = shared_from_this(), body = std::move(body), n] { self->write_body(body, n); });
    }

    void send_packed(std::string packed) override {
        const std::size_t n = packed.size();
        if (!reserve(n)) return;
        asio::post(socket_.get_executor(), [self = shared_from_this(), packed = std::move(packed), n] {
            // The whole buffer was counted; each body gives back its share as it is written, the
            // length prefixes at once.
            std::size_t counted = 0;
            for_each_packed_body(packed, [&](std::string_view body) {
                counted += body.size();
                self->write_body(body, body.size());
            });
            self->queued_.fetch_sub(n - counted);
        });
    }

    // The queue passed the limit: closed at once (a Disconnect would only wait behind the rest).
    void too_slow() {
        if (closing_.exchange(true)) return;
        asio::post(socket_.get_executor(), [self = shared_from_this()] {
            const std::string limit = std::to_string(self->options_.max_queued_bytes);
            self->listener_->emit("WARN", self->who() + " does not read what the server sends: more than " + limit +
                                              " bytes queued (network-max-queued-bytes), disconnecting");
            self->reason_ = "Too slow: more than " + limit + " bytes were queued for the client";
            self->close(self->reason_);
        });
    }

    void disconnect(std::string reason) override {
        if (closing_.exchange(true)) return;
        asio::post(socket_.get_executor(),
                   [self = shared_from_this(), reason = std::move(reason)] { self->refuse(reason); });
    }

    const std::string& name() const override { return name_; }
    Uuid uuid() const override { return uuid_; }
    const std::string& address() const override { return address_; }

private:
    GameState state() const {
        switch (phase_) {
            case Phase::Login:
            case Phase::WaitingForAcceptance:
            case Phase::WaitingForAck: return GameState::Login;
            case Phase::Configuration: return GameState::Configuration;
            default: return GameState::Play;
        }
    }

    void do_read() {
        if (phase_ == Phase::Closed) return;
        const std::uint64_t generation = ++idle_generation_;
        idle_timer_.expires_after(options_.idle_timeout);
        idle_timer_.async_wait([self = shared_from_this(), generation](boost::system::error_code ec) {
            if (ec || generation != self->idle_generation_) return;
            self->refuse("Timed out");
        });
        socket_.async_read_some(asio::buffer(read_buf_),
                                [self = shared_from_this()](boost::system::error_code ec, std::size_t n) {
                                    if (self->phase_ == Phase::Closed || self->lingering_) return;
                                    if (ec) {
                                        self->close(ec == asio::error::eof ? "Disconnected" : ec.message());
                                        return;
                                    }
                                    self->feed(std::string_view(self->read_buf_.data(), n));
                                    if (self->phase_ != Phase::Closed && !self->lingering_) self->do_read();
                                });
    }

    void feed(std::string_view bytes) {
        frames_.feed(bytes);
        while (phase_ != Phase::Closed && !lingering_) {
            auto frame = frames_.next();
            if (!frame) {
                bad_packet(frame.error().describe());
                return;
            }
            if (!frame->has_value()) return;
            auto body = unframe_game_packet(**frame, threshold_);
            if (!body) {
                bad_packet(body.error());
                return;
            }
            auto packet = decode_serverbound(state(), *body);
            if (!packet) {
                bad_packet(packet.error());
                return;
            }
            handle(std::move(*packet));
        }
    }

    std::string who() const { return name_.empty() ? "/" + address_ : name_ + " (/" + address_ + ")"; }

    void bad_packet(const std::string& what) {
        listener_->emit("WARN", who() + " sent a bad " + std::string(game_state_name(state())) + " packet: " + what);
        refuse("Bad packet: " + what);
    }

    void handle(ServerboundPacket packet) {
        switch (phase_) {
            case Phase::Login: {
                const auto* start = std::get_if<LoginStart>(&packet);
                if (!start) return bad_packet("expected Login Start");
                if (options_.online_mode) return refuse(std::string(kOnlineModeRefusal));
                if (!valid_player_name(start->name)) return refuse("Invalid characters in username");
                name_ = start->name;
                uuid_ = offline_player_uuid(name_);
                phase_ = Phase::WaitingForAcceptance;
                service_->login(shared_from_this());
                return;
            }
            case Phase::WaitingForAcceptance: return bad_packet("a packet before the login was answered");
            case Phase::WaitingForAck: {
                if (!std::holds_alternative<LoginAcknowledged>(packet))
                    return bad_packet("expected Login Acknowledged");
                phase_ = Phase::Configuration;
                listener_->mark_established(id_);
                for (const auto& body : configuration_) write_body(body);
                configuration_.clear();
                write_body(PacketWriter(0x02).body());  // Finish Configuration
                schedule_keep_alive();
                return;
            }
            case Phase::Configuration:
                if (std::holds_alternative<FinishConfiguration>(packet)) {
                    phase_ = Phase::Play;
                    login_timer_.cancel();
                    keep_alive_timer_.cancel();
                    service_->configured(shared_from_this());
                    // The client's settings (its view distance) reach the player once it is in play.
                    if (client_information_) service_->packet(shared_from_this(), std::move(*client_information_));
                } else if (auto* info = std::get_if<ClientInformation>(&packet)) {
                    client_information_ = std::move(*info);
                } else if (const auto* k = std::get_if<KeepAliveResponse>(&packet)) {
                    // Vanilla's ServerCommonPacketListenerImpl.handleKeepAlive: only the id sent counts.
                    if (!keep_alive_pending_ || k->id != keep_alive_id_) return refuse("Timed out");
                    keep_alive_pending_ = false;
                }
                return;  // plugin messages, pongs, resource pack answers: nothing to do
            case Phase::Play: service_->packet(shared_from_this(), std::move(packet)); return;
            case Phase::Closed: return;
        }
    }

    // Vanilla's keepConnectionAlive during configuration: a keep-alive every period from the start
    // of configuration; one still unanswered when the next is due closes the connection.
    void schedule_keep_alive() {
        keep_alive_timer_.expires_after(options_.keep_alive_interval);
        keep_alive_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
            if (ec || self->phase_ != Phase::Configuration || self->lingering_) return;
            if (self->keep_alive_pending_) {
                self->listener_->emit("INFO", self->who() + " did not answer a keep-alive in configuration in time");
                return self->refuse("Timed out");
            }
            self->keep_alive_pending_ = true;
            self->keep_alive_id_ = ++self->keep_alive_sent_;
            PacketWriter w(0x03);  // configuration Keep Alive
            w.i64(self->keep_alive_id_);
            self->write_body(w.body());
            self->schedule_keep_alive();
        });
    }

    // On the strand: frames and queues a body; `counted` bytes were added to queued_ by send().
    void write_body(std::string_view body, std::size_t counted = 0) {
        if (phase_ == Phase::Closed || lingering_) {
            queued_.fetch_sub(counted);
            return;
        }
        write_queue_.push_back({frame_game_packet(body, threshold_), counted});
        if (!writing_) do_write();
    }

    void do_write() {
        writing_ = true;
        asio::async_write(socket_, asio::buffer(write_queue_.front().bytes),
                          [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                              self->writing_ = false;
                              self->queued_.fetch_sub(self->write_queue_.front().counted);
                              self->write_queue_.pop_front();
                              if (self->phase_ == Phase::Closed) return;
                              if (ec) {
                                  self->close(ec.message());
                                  return;
                              }
                              if (!self->write_queue_.empty()) self->do_write();
                              else if (self->lingering_) self->linger();
                          });
    }

    // Sends the state's Disconnect and closes once it is written (or after 5 s at most).
    void refuse(const std::string& reason) {
        if (phase_ == Phase::Closed || lingering_) return;
        closing_ = true;
        write_body(encode_game_disconnect(state(), reason));
        lingering_ = true;
        reason_ = reason;
        ++idle_generation_;
        close_timer_.expires_after(std::chrono::seconds(5));
        close_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
            if (!ec) self->close(self->reason_);
        });
        if (!writing_) linger();
    }

    void linger() {
        if (phase_ == Phase::Closed) return;
        boost::system::error_code ignored;
        socket_.shutdown(tcp::socket::shutdown_send, ignored);
        socket_.async_read_some(asio::buffer(read_buf_),
                                [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                                    if (self->phase_ == Phase::Closed) return;
                                    if (ec) self->close(self->reason_);
                                    else self->linger();
                                });
    }

    void close(const std::string& reason) {
        if (phase_ == Phase::Closed) return;
        const bool known = phase_ != Phase::Login;  // the service has heard of this connection
        phase_ = Phase::Closed;
        closing_ = true;
        boost::system::error_code ignored;
        socket_.shutdown(tcp::socket::shutdown_both, ignored);
        socket_.close(ignored);
        idle_timer_.cancel();
        close_timer_.cancel();
        login_timer_.cancel();
        keep_alive_timer_.cancel();
        listener_->remove_session(id_);
        if (known) service_->closed(shared_from_this(), reason_.empty() ? reason : reason_);
    }

    struct Pending {
        std::string bytes;
        std::size_t counted = 0;
    };

    std::shared_ptr<TcpListener> listener_;
    tcp::socket socket_;
    asio::any_io_executor strand_;
    asio::steady_timer idle_timer_;
    asio::steady_timer close_timer_;
    asio::steady_timer login_timer_;
    asio::steady_timer keep_alive_timer_;
    const std::uint64_t id_;
    const std::string address_;
    const GameOptions options_;
    const std::shared_ptr<GameService> service_;
    FrameReader frames_;
    std::array<char, 16384> read_buf_{};
    std::deque<Pending> write_queue_;
    std::vector<std::string> configuration_;
    std::optional<ClientInformation> client_information_;  // the last one received in configuration
    std::int64_t keep_alive_id_ = 0;                       // the configuration keep-alive waiting for its answer
    std::int64_t keep_alive_sent_ = 0;
    bool keep_alive_pending_ = false;
    std::atomic<std::size_t> queued_{0};
    std::atomic<bool> closing_{false};
    std::int32_t threshold_ = -1;
    Phase phase_ = Phase::Login;
    std::uint64_t idle_generation_ = 0;
    bool writing_ = false;
    bool lingering_ = false;
    std::string reason_;
    std::string name_;
    Uuid uuid_;
};

}  // namespace

void start_game_session(std::shared_ptr<TcpListener> listener, tcp::socket socket, std::uint64_t id,
                        std::string address, std::chrono::steady_clock::time_point accepted, HandshakePacket handshake,
                        std::string rest, GameOptions options, std::shared_ptr<GameService> service) {
    auto session =
        std::make_shared<GameSession>(listener, std::move(socket), id, std::move(address), options, std::move(service));
    if (!listener->replace_session(id, session)) {
        listener->remove_session(id);
        return;  // the server is stopping: the socket closes with the session
    }
    session->start(accepted, std::move(handshake), std::move(rest));
}

}  // namespace mobsdk::server
