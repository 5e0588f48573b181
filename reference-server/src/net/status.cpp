// The server list ping: VarInt framing, the handshake, status and ping packets, the legacy 0xFE
// ping, the per-connection state machine and the Asio listener on the game port.
#include "mobserver/net/status.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <deque>
#include <utility>
#include <vector>

#include <boost/asio.hpp>

#include "mobsdk/core/utf8.hpp"
#include "mobserver/net/game_connection.hpp"
#include "mobserver/net/listener.hpp"

namespace mobsdk::server {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

// Code points of a string that repair_utf8 has made valid.
std::vector<std::uint32_t> code_points(std::string_view valid) {
    std::vector<std::uint32_t> out;
    out.reserve(valid.size());
    for (std::size_t i = 0; i < valid.size();) {
        const auto b0 = static_cast<std::uint8_t>(valid[i]);
        std::size_t n = b0 < 0x80 ? 1 : b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4;
        std::uint32_t cp = n == 1 ? b0 : n == 2 ? (b0 & 0x1Fu) : n == 3 ? (b0 & 0x0Fu) : (b0 & 0x07u);
        for (std::size_t k = 1; k < n && i + k < valid.size(); ++k)
            cp = (cp << 6) | (static_cast<std::uint8_t>(valid[i + k]) & 0x3Fu);
        out.push_back(cp);
        i += n;
    }
    return out;
}

std::size_t utf16_length(std::string_view valid) {
    std::size_t units = 0;
    for (std::uint32_t cp : code_points(valid)) units += cp >= 0x10000 ? 2 : 1;
    return units;
}

std::vector<std::uint16_t> to_utf16(std::string_view text) {
    std::vector<std::uint16_t> units;
    for (std::uint32_t cp : code_points(repair_utf8(text))) {
        if (cp >= 0x10000) {
            cp -= 0x10000;
            units.push_back(static_cast<std::uint16_t>(0xD800 + (cp >> 10)));
            units.push_back(static_cast<std::uint16_t>(0xDC00 + (cp & 0x3FF)));
        } else {
            units.push_back(static_cast<std::uint16_t>(cp));
        }
    }
    return units;
}

std::string hex_byte(std::uint8_t b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02X", b);
    return buf;
}

std::uint16_t read_be16(std::string_view s, std::size_t at) {
    return static_cast<std::uint16_t>((static_cast<std::uint8_t>(s[at]) << 8) | static_cast<std::uint8_t>(s[at + 1]));
}

StatusError error_at(std::uint64_t offset, std::string message) { return StatusError{offset, std::move(message)}; }

}  // namespace

std::string StatusError::describe() const { return "byte " + std::to_string(offset) + ": " + message; }

Result<std::optional<VarInt>, StatusError> read_varint(std::string_view bytes, std::size_t max_bytes) {
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto b = static_cast<std::uint8_t>(bytes[i]);
        if (i < 5) value |= static_cast<std::uint32_t>(b & 0x7F) << (7 * i);
        if ((b & 0x80) == 0) return std::optional<VarInt>{VarInt{static_cast<std::int32_t>(value), i + 1}};
        if (i + 1 >= max_bytes)
            return unexpected(error_at(0, "VarInt is longer than " + std::to_string(max_bytes) + " bytes"));
    }
    return std::optional<VarInt>{};
}

void write_varint(std::string& out, std::int32_t value) {
    auto v = static_cast<std::uint32_t>(value);
    while (v >= 0x80) {
        out += static_cast<char>((v & 0x7F) | 0x80);
        v >>= 7;
    }
    out += static_cast<char>(v);
}

std::string frame_packet(std::string_view packet) {
    std::string out;
    write_varint(out, static_cast<std::int32_t>(packet.size()));
    out.append(packet);
    return out;
}

void FrameReader::feed(std::string_view bytes) {
    if (error_) return;
    if (start_ > 0 && (start_ == buffer_.size() || start_ > 4096)) {
        consumed_ += start_;
        buffer_.erase(0, start_);
        start_ = 0;
    }
    buffer_.append(bytes);
}

Result<std::optional<std::string>, StatusError> FrameReader::next() {
    if (error_) return unexpected(*error_);
    const std::string_view rest = std::string_view(buffer_).substr(start_);
    const std::uint64_t offset = position();
    auto length = read_varint(rest, kMaxFrameLengthBytes);
    if (!length) {
        error_ = error_at(offset, "frame length is longer than " + std::to_string(kMaxFrameLengthBytes) + " bytes");
        return unexpected(*error_);
    }
    if (!length->has_value()) return std::optional<std::string>{};
    const std::int32_t n = (*length)->value;
    if (n <= 0 || static_cast<std::size_t>(n) > max_frame_) {
        error_ = error_at(offset, "frame length " + std::to_string(n) + " is outside 1-" + std::to_string(max_frame_));
        return unexpected(*error_);
    }
    const std::size_t prefix = (*length)->size;
    if (rest.size() < prefix + static_cast<std::size_t>(n)) return std::optional<std::string>{};
    std::string frame(rest.substr(prefix, static_cast<std::size_t>(n)));
    start_ += prefix + static_cast<std::size_t>(n);
    return std::optional<std::string>{std::move(frame)};
}

std::string FrameReader::take_rest() {
    std::string rest = buffer_.substr(start_);
    consumed_ += buffer_.size();
    buffer_.clear();
    start_ = 0;
    return rest;
}

Result<HandshakePacket, StatusError> decode_handshake(std::string_view packet) {
    std::size_t pos = 0;
    auto varint = [&](const char* field) -> Result<std::int32_t, StatusError> {
        auto v = read_varint(packet.substr(pos));
        if (!v) return unexpected(error_at(pos, std::string(field) + ": " + v.error().message));
        if (!v->has_value()) return unexpected(error_at(pos, std::string(field) + ": packet ends inside it"));
        pos += (*v)->size;
        return (*v)->value;
    };
    auto id = varint("packet id");
    if (!id) return unexpected(id.error());
    if (*id != 0) return unexpected(error_at(0, "packet id " + std::to_string(*id) + " is not a handshake (0)"));
    HandshakePacket hs;
    auto protocol = varint("protocol version");
    if (!protocol) return unexpected(protocol.error());
    hs.protocol_version = *protocol;
    const std::size_t address_at = pos;
    auto address_bytes = varint("server address length");
    if (!address_bytes) return unexpected(address_bytes.error());
    // vanilla's readUtf(255): at most 3 bytes per character, then at most 255 characters.
    if (*address_bytes < 0 || static_cast<std::size_t>(*address_bytes) > kMaxServerAddressChars * 3)
        return unexpected(error_at(address_at, "server address of " + std::to_string(*address_bytes) +
                                                   " bytes is outside 0-" +
                                                   std::to_string(kMaxServerAddressChars * 3)));
    const auto n = static_cast<std::size_t>(*address_bytes);
    if (packet.size() - pos < n) return unexpected(error_at(address_at, "server address: packet ends inside it"));
    hs.server_address = repair_utf8(packet.substr(pos, n));
    if (utf16_length(hs.server_address) > kMaxServerAddressChars)
        return unexpected(error_at(
            address_at, "server address is longer than " + std::to_string(kMaxServerAddressChars) + " characters"));
    pos += n;
    if (packet.size() - pos < 2) return unexpected(error_at(pos, "server port: packet ends inside it"));
    hs.server_port = read_be16(packet, pos);
    pos += 2;
    const std::size_t intent_at = pos;
    auto intent = varint("next state");
    if (!intent) return unexpected(intent.error());
    if (*intent != 1 && *intent != 2)
        return unexpected(
            error_at(intent_at, "next state " + std::to_string(*intent) + " is not 1 (status) or 2 (login)"));
    hs.intent = static_cast<HandshakeIntent>(*intent);
    if (pos != packet.size())
        return unexpected(error_at(pos, "handshake has " + std::to_string(packet.size() - pos) + " extra bytes"));
    return hs;
}

std::string encode_handshake(const HandshakePacket& handshake) {
    std::string p;
    write_varint(p, 0);
    write_varint(p, handshake.protocol_version);
    write_varint(p, static_cast<std::int32_t>(handshake.server_address.size()));
    p += handshake.server_address;
    p += static_cast<char>(handshake.server_port >> 8);
    p += static_cast<char>(handshake.server_port & 0xFF);
    write_varint(p, static_cast<std::int32_t>(handshake.intent));
    return frame_packet(p);
}

std::string json_quote(std::string_view text) {
    const std::string valid = repair_utf8(text);
    std::string out = "\"";
    for (char c : valid) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            default:
                if (static_cast<std::uint8_t>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    out += '"';
    return out;
}

std::string status_json(const StatusInfo& info) {
    return "{\"version\":{\"name\":" + json_quote(info.version_name) +
           ",\"protocol\":" + std::to_string(info.protocol) +
           "},\"players\":{\"max\":" + std::to_string(info.max_players) + ",\"online\":" + std::to_string(info.online) +
           ",\"sample\":[]},\"description\":{\"text\":" + json_quote(info.motd) + "},\"enforcesSecureChat\":false}";
}

std::string encode_status_response(const StatusInfo& info) {
    const std::string json = status_json(info);
    std::string p;
    write_varint(p, 0x00);
    write_varint(p, static_cast<std::int32_t>(json.size()));
    p += json;
    return frame_packet(p);
}

std::string encode_pong(std::int64_t payload) {
    std::string p;
    write_varint(p, 0x01);
    const auto v = static_cast<std::uint64_t>(payload);
    for (int shift = 56; shift >= 0; shift -= 8) p += static_cast<char>((v >> shift) & 0xFF);
    return frame_packet(p);
}

std::string encode_login_disconnect(std::string_view reason) {
    const std::string json = "{\"text\":" + json_quote(reason) + "}";
    std::string p;
    write_varint(p, 0x00);
    write_varint(p, static_cast<std::int32_t>(json.size()));
    p += json;
    return frame_packet(p);
}

LegacyPingParse parse_legacy_ping(std::string_view b) {
    using S = LegacyPingParse::Status;
    auto invalid = [](std::string why) { return LegacyPingParse{S::Invalid, LegacyPingForm::Beta, std::move(why)}; };
    auto need_more = [] { return LegacyPingParse{S::NeedMore, LegacyPingForm::Beta, {}}; };
    if (b.empty()) return need_more();
    if (static_cast<std::uint8_t>(b[0]) != 0xFE) return LegacyPingParse{S::NotLegacy, LegacyPingForm::Beta, {}};
    if (b.size() == 1) return need_more();
    if (static_cast<std::uint8_t>(b[1]) != 0x01)
        return invalid("second byte is " + hex_byte(static_cast<std::uint8_t>(b[1])) + ", not 0x01");
    if (b.size() == 2) return LegacyPingParse{S::Complete, LegacyPingForm::V1_4, {}};
    if (static_cast<std::uint8_t>(b[2]) != 0xFA)
        return invalid("third byte is " + hex_byte(static_cast<std::uint8_t>(b[2])) + ", not 0xFA");
    // 1.6: FE 01 FA, short 11, "MC|PingHost" in UTF-16BE, ushort data length, then the data.
    static constexpr std::string_view channel = "MC|PingHost";
    if (b.size() < 5) return need_more();
    if (read_be16(b, 3) != channel.size()) return invalid("plugin channel length is not 11");
    const std::size_t data_at = 5 + 2 * channel.size() + 2;
    if (b.size() < 5 + 2 * channel.size()) return need_more();
    for (std::size_t i = 0; i < channel.size(); ++i)
        if (read_be16(b, 5 + 2 * i) != static_cast<std::uint16_t>(channel[i]))
            return invalid("plugin channel is not MC|PingHost");
    if (b.size() < data_at) return need_more();
    const std::size_t data_length = read_be16(b, data_at - 2);
    if (b.size() - data_at < data_length) return need_more();
    if (b.size() - data_at > data_length) return invalid("bytes follow the MC|PingHost payload");
    // data: protocol byte (>= 73), short host length, host in UTF-16BE, int port.
    if (data_length < 1 + 2 + 4) return invalid("MC|PingHost payload is too short");
    if (static_cast<std::uint8_t>(b[data_at]) < 73) return invalid("MC|PingHost protocol is below 73");
    const auto host_chars = static_cast<std::int16_t>(read_be16(b, data_at + 1));
    if (host_chars < 0 || 1 + 2 + 2 * static_cast<std::size_t>(host_chars) + 4 != data_length)
        return invalid("MC|PingHost host length does not match the payload length");
    const std::size_t port_at = data_at + 3 + 2 * static_cast<std::size_t>(host_chars);
    const std::int32_t port = static_cast<std::int32_t>((static_cast<std::uint32_t>(read_be16(b, port_at)) << 16) |
                                                        read_be16(b, port_at + 2));
    if (port > 65535) return invalid("MC|PingHost port is above 65535");
    return LegacyPingParse{S::Complete, LegacyPingForm::V1_6, {}};
}

std::string encode_legacy_kick(LegacyPingForm form, const StatusInfo& info) {
    const std::string section = "\xC2\xA7";  // §
    std::string text;
    if (form == LegacyPingForm::Beta) {
        text = info.motd + section + std::to_string(info.online) + section + std::to_string(info.max_players);
    } else {
        text = section + "1";
        for (const std::string& field : {std::to_string(kLegacyPingProtocol), info.version_name, info.motd,
                                         std::to_string(info.online), std::to_string(info.max_players)}) {
            text += '\0';
            text += field;
        }
    }
    std::vector<std::uint16_t> units = to_utf16(text);
    // The length is a signed short on the client side.
    if (units.size() > 32767) units.resize(32767);
    std::string out;
    out += '\xFF';
    out += static_cast<char>(units.size() >> 8);
    out += static_cast<char>(units.size() & 0xFF);
    for (std::uint16_t u : units) {
        out += static_cast<char>(u >> 8);
        out += static_cast<char>(u & 0xFF);
    }
    return out;
}

StatusProtocol::Step StatusProtocol::fail(std::uint64_t offset, std::string message) {
    phase_ = Phase::Done;
    Step step;
    step.close = true;
    step.error = error_at(offset, std::move(message));
    return step;
}

StatusProtocol::Step StatusProtocol::feed(std::string_view bytes) {
    if (phase_ == Phase::Done || bytes.empty()) return {};
    if (!first_bytes_seen_) {
        first_bytes_seen_ = true;
        in_legacy_ = static_cast<std::uint8_t>(bytes[0]) == 0xFE;
    }
    if (in_legacy_) {
        if (legacy_bytes_.size() + bytes.size() > kMaxStatusFrameBytes)
            return fail(0, "legacy ping is longer than " + std::to_string(kMaxStatusFrameBytes) + " bytes");
        legacy_bytes_.append(bytes);
        const LegacyPingParse parse = parse_legacy_ping(legacy_bytes_);
        switch (parse.status) {
            case LegacyPingParse::Status::Complete: {
                Step step;
                step.output = encode_legacy_kick(parse.form, info_());
                step.close = true;
                phase_ = Phase::Done;
                return step;
            }
            case LegacyPingParse::Status::NeedMore: {
                Step step;
                step.legacy_wait = legacy_bytes_.size() == 1;
                return step;
            }
            default: return fail(0, "legacy ping: " + parse.error);
        }
    }
    frames_.feed(bytes);
    Step step;
    while (phase_ != Phase::Done) {
        auto frame = frames_.next();
        if (!frame) {
            Step failed = fail(frame.error().offset, frame.error().message);
            failed.output = std::move(step.output);
            return failed;
        }
        if (!frame->has_value()) break;
        // Offsets in errors count from the stream's start: the frame's content begins here.
        const std::uint64_t offset = frames_.position() - (*frame)->size();
        Step s = handle_frame(**frame, offset);
        step.output += s.output;
        step.handover = step.handover || s.handover;
        if (s.close) {
            step.close = true;
            step.error = std::move(s.error);
            phase_ = Phase::Done;
        }
    }
    return step;
}

StatusProtocol::Step StatusProtocol::handle_frame(const std::string& packet, std::uint64_t offset) {
    if (phase_ == Phase::Handshake) {
        auto hs = decode_handshake(packet);
        if (!hs) return fail(offset + hs.error().offset, "handshake: " + hs.error().message);
        intent_ = hs->intent;
        if (hs->intent == HandshakeIntent::Status) {
            phase_ = Phase::Status;
            return {};
        }
        Step step;
        if (accepts_logins_) {
            // A login: the connection goes to the game session with the bytes after the handshake.
            handshake_ = *hs;
            step.handover = true;
            phase_ = Phase::Done;
            return step;
        }
        // A login attempt: refused at once, as vanilla refuses a client of another version.
        step.output = encode_login_disconnect(kLoginRefusedMessage);
        step.close = true;
        phase_ = Phase::Done;
        return step;
    }
    auto id = read_varint(packet);
    if (!id || !id->has_value()) return fail(offset, "status packet id is not a VarInt");
    const std::size_t body = packet.size() - (*id)->size;
    switch ((*id)->value) {
        case 0x00: {
            if (body != 0) return fail(offset, "status request has " + std::to_string(body) + " extra bytes");
            Step step;
            if (status_sent_) {
                // Vanilla disconnects a second request ("Status request has been handled").
                step.close = true;
                phase_ = Phase::Done;
                return step;
            }
            status_sent_ = true;
            step.output = encode_status_response(info_());
            return step;
        }
        case 0x01: {
            if (body != 8) return fail(offset, "ping request has " + std::to_string(body) + " bytes, not 8");
            std::uint64_t v = 0;
            for (std::size_t i = (*id)->size; i < packet.size(); ++i)
                v = (v << 8) | static_cast<std::uint8_t>(packet[i]);
            Step step;
            step.output = encode_pong(static_cast<std::int64_t>(v));
            step.close = true;  // vanilla closes after the pong
            phase_ = Phase::Done;
            return step;
        }
        default: return fail(offset, "unknown status packet id " + std::to_string((*id)->value));
    }
}

StatusProtocol::Step StatusProtocol::legacy_timeout() {
    if (phase_ == Phase::Done || !in_legacy_ || legacy_bytes_.size() != 1) return {};
    Step step;
    step.output = encode_legacy_kick(LegacyPingForm::Beta, info_());
    step.close = true;
    phase_ = Phase::Done;
    return step;
}

// ---------------------------------------------------------------------------------------------
// The listener.

struct StatusServer::State final : TcpListener {
    State(asio::io_context& io_context, StatusServerOptions opts, std::function<StatusInfo()> i, NetLogFunction l)
        : TcpListener(io_context,
                      {opts.bind_address, opts.port, opts.max_connections, opts.max_pending_per_address, "Status"},
                      std::move(l)),
          options(std::move(opts)),
          info(std::move(i)) {}

    const StatusServerOptions options;
    const std::function<StatusInfo()> info;

protected:
    std::shared_ptr<ListenerSession> make_session(tcp::socket socket, std::uint64_t id, std::string address) override;
    void log_refusal(const std::string& address, const std::string& reason) const override {
        emit("DEBUG", "Refused connection from /" + address + ": " + reason);
    }
};

namespace {

class StatusSession final : public ListenerSession, public std::enable_shared_from_this<StatusSession> {
public:
    StatusSession(std::shared_ptr<StatusServer::State> state, tcp::socket socket, std::uint64_t id, std::string address)
        : state_(std::move(state)),
          socket_(std::move(socket)),
          idle_timer_(socket_.get_executor()),
          legacy_timer_(socket_.get_executor()),
          deadline_timer_(socket_.get_executor()),
          accepted_(std::chrono::steady_clock::now()),
          id_(id),
          address_(std::move(address)),
          protocol_(state_->info, state_->options.game_service != nullptr) {}

    void begin() override {
        asio::dispatch(socket_.get_executor(), [self = shared_from_this()] {
            self->arm_deadline(self->state_->options.handshake_timeout);
            self->do_read();
        });
    }

    void close_from_outside() override {
        asio::dispatch(socket_.get_executor(), [self = shared_from_this()] { self->close(); });
    }

private:
    // The pre-play deadline: absolute from the accept, so a byte now and then does not move it
    // (the idle timer only catches silence). Re-armed, still from the accept, when the handshake
    // asks for login.
    void arm_deadline(std::chrono::milliseconds timeout) {
        const std::uint64_t generation = ++deadline_generation_;
        deadline_timer_.expires_at(accepted_ + timeout);
        deadline_timer_.async_wait([self = shared_from_this(), timeout, generation](boost::system::error_code ec) {
            if (ec || self->closed_ || generation != self->deadline_generation_) return;
            // A connection that has had its answer and is only draining is closed without a word.
            if (!self->closing_)
                self->state_->emit("DEBUG", "Closing connection from /" + self->address_ + ": " +
                                                (self->login_deadline_ ? "login" : "handshake and status") +
                                                " not finished within " + std::to_string(timeout.count()) + " ms");
            self->close();
        });
    }

    void do_read() {
        if (closed_ || closing_) return;
        const std::uint64_t generation = ++idle_generation_;
        idle_timer_.expires_after(state_->options.idle_timeout);
        idle_timer_.async_wait([self = shared_from_this(), generation](boost::system::error_code ec) {
            if (ec || self->closed_ || generation != self->idle_generation_) return;
            self->close();
        });
        socket_.async_read_some(
            asio::buffer(read_buf_),
            [self = shared_from_this()](boost::system::error_code ec, std::size_t n) { self->on_read(ec, n); });
    }

    void on_read(boost::system::error_code ec, std::size_t n) {
        if (closed_ || closing_) return;
        if (ec) {
            close();
            return;
        }
        apply(protocol_.feed(std::string_view(read_buf_.data(), n)));
    }

    void apply(StatusProtocol::Step step) {
        if (step.handover) {
            hand_over();
            return;
        }
        if (!login_deadline_ && protocol_.intent() == HandshakeIntent::Login) {
            login_deadline_ = true;
            arm_deadline(state_->options.login_timeout);
        }
        if (step.error)
            state_->emit("DEBUG", "Dropping status connection from /" + address_ + ": " + step.error->describe());
        if (!step.output.empty()) send(std::move(step.output));
        if (step.close) {
            closing_ = true;
            ++idle_generation_;
            // Give a slow reader the idle timeout to take the last answer, then close regardless.
            arm_close_deadline();
            if (!writing_) linger();
            return;
        }
        if (step.legacy_wait) {
            legacy_timer_.expires_after(state_->options.legacy_wait);
            legacy_timer_.async_wait([self = shared_from_this()](boost::system::error_code e) {
                if (e || self->closed_ || self->closing_) return;
                self->apply(self->protocol_.legacy_timeout());
            });
        }
        do_read();
    }

    // A login: the game session takes the socket (and its place in the listener); this session
    // stops its timers and is done. The login deadline keeps running for the game session.
    void hand_over() {
        closed_ = true;
        idle_timer_.cancel();
        legacy_timer_.cancel();
        deadline_timer_.cancel();
        auto listener = std::static_pointer_cast<TcpListener>(state_);
        GameOptions options = state_->options.game_options ? *state_->options.game_options : GameOptions{};
        options.login_timeout = state_->options.login_timeout;
        options.idle_timeout = state_->options.idle_timeout;
        start_game_session(listener, std::move(socket_), id_, address_, accepted_, *protocol_.handshake(),
                           protocol_.take_rest(), options, state_->options.game_service);
    }

    void arm_close_deadline() {
        idle_timer_.expires_after(
            std::min<std::chrono::milliseconds>(state_->options.idle_timeout, std::chrono::seconds(5)));
        idle_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
            if (!ec) self->close();
        });
    }

    // After the last answer: stop sending and drain what the client still sends until it closes,
    // so that unread input does not turn our close into a reset that can discard the answer.
    void linger() {
        if (closed_) return;
        boost::system::error_code ignored;
        socket_.shutdown(tcp::socket::shutdown_send, ignored);
        socket_.async_read_some(asio::buffer(read_buf_),
                                [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                                    if (self->closed_) return;
                                    if (ec) self->close();
                                    else self->linger();
                                });
    }

    void send(std::string bytes) {
        write_queue_.push_back(std::move(bytes));
        if (!writing_) do_write();
    }

    void do_write() {
        writing_ = true;
        asio::async_write(socket_, asio::buffer(write_queue_.front()),
                          [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                              self->writing_ = false;
                              if (self->closed_) return;
                              if (ec) {
                                  self->close();
                                  return;
                              }
                              self->write_queue_.pop_front();
                              if (!self->write_queue_.empty()) self->do_write();
                              else if (self->closing_) self->linger();
                          });
    }

    void close() {
        if (closed_) return;
        closed_ = true;
        boost::system::error_code ignored;
        socket_.shutdown(tcp::socket::shutdown_both, ignored);
        socket_.close(ignored);
        idle_timer_.cancel();
        legacy_timer_.cancel();
        deadline_timer_.cancel();
        state_->remove_session(id_);
    }

    std::shared_ptr<StatusServer::State> state_;
    tcp::socket socket_;
    asio::steady_timer idle_timer_;
    asio::steady_timer legacy_timer_;
    asio::steady_timer deadline_timer_;
    const std::chrono::steady_clock::time_point accepted_;
    std::uint64_t deadline_generation_ = 0;  // a wait of an earlier arm_deadline() ignores itself
    std::uint64_t id_;
    std::string address_;
    StatusProtocol protocol_;
    std::array<char, 2048> read_buf_{};
    std::deque<std::string> write_queue_;
    std::uint64_t idle_generation_ = 0;
    bool writing_ = false;
    bool closing_ = false;
    bool closed_ = false;
    bool login_deadline_ = false;
};

}  // namespace

std::shared_ptr<ListenerSession> StatusServer::State::make_session(tcp::socket socket, std::uint64_t id,
                                                                   std::string address) {
    return std::make_shared<StatusSession>(std::static_pointer_cast<State>(shared_from_this()), std::move(socket), id,
                                           std::move(address));
}

StatusServer::StatusServer(asio::io_context& io, StatusServerOptions options, std::function<StatusInfo()> info,
                           NetLogFunction log)
    : state_(std::make_shared<State>(io, std::move(options), std::move(info), std::move(log))) {}

StatusServer::~StatusServer() { stop(); }

std::optional<std::string> StatusServer::start() {
    State& s = *state_;
    const std::string shown_address = s.options.bind_address.empty() ? std::string("*") : s.options.bind_address;
    if (auto failure = s.listen()) {
        // Vanilla's words for a port it cannot bind.
        s.emit("WARN", "**** FAILED TO BIND TO PORT!");
        s.emit("WARN", "The exception was: " + failure->reason);
        s.emit("WARN", "Perhaps a server is already running on that port?");
        return "Failed to bind to " + shown_address + ":" + std::to_string(s.options.port) + ": " + failure->reason;
    }
    // Vanilla logs this before binding; after it, the line can show the port the system chose.
    s.emit("INFO", "Starting Minecraft server on " + shown_address + ":" + std::to_string(s.port()));
    s.start_accepting();
    return std::nullopt;
}

void StatusServer::stop() { state_->stop(); }

std::uint16_t StatusServer::port() const noexcept { return state_->port(); }

std::size_t StatusServer::connection_count() const { return state_->connection_count(); }

}  // namespace mobsdk::server
