// The server list ping on the game port: the pure codec (VarInts, frames, the handshake, the status
// and ping packets, the legacy 0xFE ping), a per-connection state machine the fuzzer drives, and
// StatusServer, which runs it on a Boost.Asio io_context. A login handshake hands the connection to
// the game session (game_connection.hpp), or is refused when the server has none.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "mobsdk/core/result.hpp"
#include "mobserver/net/rcon.hpp"

namespace mobsdk::server {

class GameService;
struct GameOptions;

/// @brief Protocol number of Minecraft Java Edition 1.20.4, announced in the status answer.
inline constexpr std::int32_t kProtocolVersion = 765;
/// @brief Version name announced in the status answer.
inline constexpr std::string_view kVersionName = "1.20.4";
/// @brief Protocol number vanilla puts in legacy ping answers so that no old client thinks it matches.
inline constexpr std::int32_t kLegacyPingProtocol = 127;
/// @brief Longest VarInt (a 32-bit value in 7-bit groups).
inline constexpr std::size_t kMaxVarIntBytes = 5;
/// @brief Longest frame length prefix: vanilla's Varint21FrameDecoder reads at most 3 bytes.
inline constexpr std::size_t kMaxFrameLengthBytes = 3;
/// @brief Largest frame accepted before the connection is dropped. Vanilla allows 2 MiB; the
/// handshake, status and ping packets need under 1 KiB, so this server stops much earlier.
inline constexpr std::size_t kMaxStatusFrameBytes = 32 * 1024;
/// @brief Longest server address in a handshake, in UTF-16 units (vanilla's readUtf(255)).
inline constexpr std::size_t kMaxServerAddressChars = 255;
/// @brief The reason sent to a client that tries to log in.
inline constexpr std::string_view kLoginRefusedMessage =
    "This server does not accept players (mobsdk reference server)";

/// @brief What the server list shows; supplied fresh for every answer.
struct StatusInfo {
    std::string version_name = std::string(kVersionName);  ///< version.name
    std::int32_t protocol = kProtocolVersion;              ///< version.protocol
    std::int32_t max_players = 20;                         ///< players.max (`max-players`)
    std::int32_t online = 0;                               ///< players.online
    std::string motd = "A Minecraft Server";               ///< description.text (`motd`)
};

/// @brief Why bytes on the game port are not a ping, and where.
struct StatusError {
    std::uint64_t offset = 0;  ///< stream offset of the frame (or byte) at fault
    std::string message;       ///< what is wrong
    /// @brief One line for the log: "byte 0: frame length 40000 is above the limit of 32768".
    std::string describe() const;
};

/// @brief A decoded VarInt and how many bytes it took.
struct VarInt {
    std::int32_t value = 0;  ///< the value (negative numbers take 5 bytes)
    std::size_t size = 0;    ///< bytes read
};

/// @brief Reads a VarInt at the start of `bytes`: nullopt when they end before it does, an error
/// when it runs past `max_bytes`.
Result<std::optional<VarInt>, StatusError> read_varint(std::string_view bytes, std::size_t max_bytes = kMaxVarIntBytes);

/// @brief Appends `value` as a VarInt (1-5 bytes; negative values as their 32-bit pattern).
void write_varint(std::string& out, std::int32_t value);

/// @brief Prefixes a packet (id and fields) with its VarInt length.
std::string frame_packet(std::string_view packet);

/// @brief Splits a byte stream into frames: a VarInt length (at most 3 bytes) and that many bytes.
/// A length of 0 or above the limit is an error as soon as the prefix is in; errors are sticky.
class FrameReader {
public:
    /// @brief A reader refusing frames longer than `max_frame_bytes`.
    explicit FrameReader(std::size_t max_frame_bytes = kMaxStatusFrameBytes) : max_frame_(max_frame_bytes) {}

    /// @brief Appends received bytes.
    void feed(std::string_view bytes);

    /// @brief The next frame's content (packet id and fields), nullopt when incomplete, or the error.
    Result<std::optional<std::string>, StatusError> next();

    /// @brief Bytes fed but not yet returned.
    std::size_t buffered() const noexcept { return buffer_.size() - start_; }

    /// @brief Takes the bytes fed but not yet returned as frames (a connection changing hands).
    std::string take_rest();

    /// @brief Stream offset of the next byte next() will look at.
    std::uint64_t position() const noexcept { return consumed_ + start_; }

private:
    std::size_t max_frame_;
    std::string buffer_;
    std::size_t start_ = 0;
    std::uint64_t consumed_ = 0;
    std::optional<StatusError> error_;
};

/// @brief The handshake's next state.
enum class HandshakeIntent { Status = 1, Login = 2 };

/// @brief The serverbound handshake (packet 0x00 of the handshaking state).
struct HandshakePacket {
    std::int32_t protocol_version = 0;                 ///< the client's protocol number
    std::string server_address;                        ///< host name the client typed (at most 255 UTF-16 units)
    std::uint16_t server_port = 0;                     ///< port the client typed
    HandshakeIntent intent = HandshakeIntent::Status;  ///< 1 status or 2 login
    /// @brief Field-by-field equality (tests).
    friend bool operator==(const HandshakePacket&, const HandshakePacket&) = default;
};

/// @brief Decodes a handshake from a frame's content (id 0x00 first); errors name the field.
/// Extra bytes after the fields are an error, as vanilla's "larger than I expected".
Result<HandshakePacket, StatusError> decode_handshake(std::string_view packet);

/// @brief The packet's frame bytes (tests and clients).
std::string encode_handshake(const HandshakePacket& handshake);

/// @brief `text` as a JSON string literal, quotes included; invalid UTF-8 becomes U+FFFD.
std::string json_quote(std::string_view text);

/// @brief The status JSON: version, players (max, online, empty sample), description {"text": motd},
/// enforcesSecureChat false.
std::string status_json(const StatusInfo& info);

/// @brief Framed status response (0x00 with the JSON as a VarInt-prefixed string).
std::string encode_status_response(const StatusInfo& info);

/// @brief Framed pong (0x01 with the client's long, big-endian).
std::string encode_pong(std::int64_t payload);

/// @brief Framed login-state Disconnect (0x00) with `reason` as a JSON text component.
std::string encode_login_disconnect(std::string_view reason);

/// @brief Which pre-netty client a legacy ping came from, deciding the answer's form.
enum class LegacyPingForm {
    Beta,  ///< 0xFE alone (before 1.4): answered "motd§online§max"
    V1_4,  ///< 0xFE 0x01 (1.4-1.5): answered "§1\0127\0version\0motd\0online\0max"
    V1_6,  ///< 0xFE 0x01 0xFA "MC|PingHost" … (1.6): the same answer as 1.4
};

/// @brief Result of looking at a connection's first bytes as a legacy ping.
struct LegacyPingParse {
    /// @brief What the bytes are.
    enum class Status { NotLegacy, NeedMore, Complete, Invalid } status = Status::NotLegacy;
    LegacyPingForm form = LegacyPingForm::Beta;  ///< for Complete: the form to answer in
    std::string error;                           ///< for Invalid: what is wrong
};

/// @brief Classifies everything received so far on a connection whose first byte may be 0xFE, with
/// vanilla's LegacyQueryHandler rules (the 1.6 payload: channel "MC|PingHost", a data length equal
/// to the rest, protocol ≥ 73, a host string and a port ≤ 65535, nothing after).
LegacyPingParse parse_legacy_ping(std::string_view bytes);

/// @brief The legacy answer: 0xFF, the length in UTF-16 units (big-endian short) and the text in
/// UTF-16BE, in the form the client understands.
std::string encode_legacy_kick(LegacyPingForm form, const StatusInfo& info);

/// @brief One connection on the game port as a state machine over bytes, no I/O: handshake, then
/// status request and ping, or a legacy ping, or a login refused with a Disconnect.
class StatusProtocol {
public:
    /// @brief What to do after some input.
    struct Step {
        std::string output;                ///< bytes to send
        bool close = false;                ///< close once `output` is sent
        bool legacy_wait = false;          ///< a lone 0xFE: call legacy_timeout() if nothing follows
        bool handover = false;             ///< a login handshake: hand the connection to the game session
        std::optional<StatusError> error;  ///< why the connection is being dropped
    };
    /// @brief Where the connection is.
    enum class Phase { Handshake, Status, Done };

    /// @brief A connection whose answers take their figures from `info` (called once per answer).
    /// With `accepts_logins` a login handshake ends the protocol with Step::handover (see
    /// handshake() and take_rest()); without it a login is refused with kLoginRefusedMessage.
    explicit StatusProtocol(std::function<StatusInfo()> info, bool accepts_logins = false)
        : info_(std::move(info)), accepts_logins_(accepts_logins) {}

    /// @brief The login handshake after Step::handover.
    const std::optional<HandshakePacket>& handshake() const noexcept { return handshake_; }

    /// @brief The bytes received after the handshake (for the game session), taken once.
    std::string take_rest() { return frames_.take_rest(); }

    /// @brief Consumes received bytes; ignores everything once the phase is Done.
    Step feed(std::string_view bytes);

    /// @brief Nothing followed a lone 0xFE: answer it in the pre-1.4 form and close.
    Step legacy_timeout();

    /// @brief The current phase.
    Phase phase() const noexcept { return phase_; }

    /// @brief The next state the handshake asked for; nullopt until a handshake has been decoded.
    std::optional<HandshakeIntent> intent() const noexcept { return intent_; }

private:
    Step fail(std::uint64_t offset, std::string message);
    Step handle_frame(const std::string& packet, std::uint64_t offset);

    std::function<StatusInfo()> info_;
    bool accepts_logins_ = false;
    std::optional<HandshakePacket> handshake_;
    Phase phase_ = Phase::Handshake;
    std::optional<HandshakeIntent> intent_;
    FrameReader frames_;
    std::string legacy_bytes_;  // the first bytes while they may be a legacy ping
    bool first_bytes_seen_ = false;
    bool in_legacy_ = false;
    bool status_sent_ = false;
};

/// @brief Where and how StatusServer listens.
struct StatusServerOptions {
    /// @brief `server-ip`: address or host name to bind; empty binds every IPv4 address.
    std::string bind_address;
    /// @brief `server-port`; 0 lets the system choose (tests), see StatusServer::port().
    std::uint16_t port = 25565;
    /// @brief A connection silent this long is closed (vanilla's 30-second read timeout).
    std::chrono::milliseconds idle_timeout{30000};
    /// @brief How long a lone 0xFE waits for 0x01 before it is answered as a pre-1.4 ping.
    std::chrono::milliseconds legacy_wait{100};
    /// @brief Connections open at once; more are accepted and closed at once
    /// (`network-max-connections`).
    std::size_t max_connections = 64;
    /// @brief Connections one address may have open before they are past the status exchange or
    /// logged in; more are accepted and closed at once (`network-max-pending-per-address`).
    std::size_t max_pending_per_address = 8;
    /// @brief A connection must finish its handshake and status exchange within this long of being
    /// accepted, however slowly it sends; else it is closed (`network-handshake-timeout-ms`).
    std::chrono::milliseconds handshake_timeout{5000};
    /// @brief Replaces handshake_timeout, still counted from the accept, once the handshake asks
    /// for login (`network-login-timeout-ms`; vanilla's 30-second login timeout).
    std::chrono::milliseconds login_timeout{30000};
    /// @brief Where logins go (see game_connection.hpp); null refuses them with kLoginRefusedMessage.
    std::shared_ptr<GameService> game_service;
    /// @brief How player connections behave; used with game_service.
    std::shared_ptr<const GameOptions> game_options;
};

/// @brief The game port: server list ping (modern and legacy) and login refusal on an io_context,
/// each connection on its own strand. `info` is called on those strands, so it must be thread-safe.
class StatusServer {
public:
    /// @brief A server that will run on `io`; nothing is bound until start().
    StatusServer(boost::asio::io_context& io, StatusServerOptions options, std::function<StatusInfo()> info,
                 NetLogFunction log);
    /// @brief Stops the server (see stop()).
    ~StatusServer();
    StatusServer(const StatusServer&) = delete;
    StatusServer& operator=(const StatusServer&) = delete;

    /// @brief Binds and starts accepting; on failure returns the reason and nothing listens.
    std::optional<std::string> start();

    /// @brief Closes the listener and every connection (the closing runs on the io_context).
    void stop();

    /// @brief The bound port (the system's choice when the option was 0); 0 before start().
    std::uint16_t port() const noexcept;

    /// @brief Connections currently open.
    std::size_t connection_count() const;

    /// @brief Internal state shared with the connections (defined in status.cpp).
    struct State;

private:
    std::shared_ptr<State> state_;
};

}  // namespace mobsdk::server
