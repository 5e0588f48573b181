// A player's connection on the game port after a login handshake: login, configuration and play
// on the connection's own strand, with a bounded outgoing queue. The world side (GameService) is
// told of logins, finished configurations, play packets and closes, and answers through
// GameConnection, whose calls are safe from the tick thread and never wait on the socket.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mobserver/net/game_packets.hpp"
#include "mobserver/net/listener.hpp"
#include "mobserver/net/status.hpp"

namespace mobsdk::server {

/// @brief The message refusing every login while `online-mode` is true.
inline constexpr std::string_view kOnlineModeRefusal =
    "This server has online-mode=true in server.properties, but mobserver cannot check accounts with "
    "Mojang's session servers: set online-mode=false to let players join";

/// @brief How player connections behave (from server.properties).
struct GameOptions {
    /// @brief `network-compression-threshold`: packets of this many bytes or more are compressed;
    /// negative turns compression off (vanilla's default 256).
    std::int32_t compression_threshold = 256;
    /// @brief `online-mode`: true refuses every login with kOnlineModeRefusal.
    bool online_mode = false;
    /// @brief Bytes queued for a client and not yet written to its socket past which it is
    /// disconnected as too slow (`network-max-queued-bytes`).
    std::size_t max_queued_bytes = 32 * 1024 * 1024;
    /// @brief The keep-alive period during configuration (`network-keep-alive-ms`, vanilla's 15 s):
    /// a client that has not answered the last one when the next is due is disconnected ("Timed out").
    std::chrono::milliseconds keep_alive_interval{15000};
    /// @brief A client silent this long is disconnected (vanilla's 30-second read timeout).
    std::chrono::milliseconds idle_timeout{30000};
    /// @brief Login and configuration must be over this long after the accept
    /// (`network-login-timeout-ms`; vanilla's "Took too long to log in" after 30 s).
    std::chrono::milliseconds login_timeout{30000};
};

/// @brief The world side's handle on one player connection. Every call is safe from any thread:
/// it is queued for the connection's strand and returns at once.
class GameConnection {
public:
    virtual ~GameConnection() = default;
    /// @brief The login is accepted: send Set Compression and Login Success, then, once the client
    /// acknowledges, the configuration packets (bodies, in order) and Finish Configuration.
    virtual void accept_login(std::vector<std::string> configuration) = 0;
    /// @brief Queues a play packet body (id first) for the client. When more than
    /// GameOptions::max_queued_bytes are waiting, the client is disconnected instead.
    virtual void send(std::string body) = 0;
    /// @brief Queues several play packet bodies at once (the entity tracker's updates of a tick):
    /// `packed` holds each body after its length as a VarInt (append_packed_body writes them). The
    /// queue limit counts them as send() does. The default calls send() for each body.
    virtual void send_packed(std::string packed);
    /// @brief Sends the state's Disconnect with `reason` and closes.
    virtual void disconnect(std::string reason) = 0;
    /// @brief The player's name (set by Login Start, before GameService::login).
    virtual const std::string& name() const = 0;
    /// @brief The player's UUID (offline: offline_player_uuid(name)).
    virtual Uuid uuid() const = 0;
    /// @brief The peer's address for the log.
    virtual const std::string& address() const = 0;
};

/// @brief The world side of player connections. Called on the connection's strand: an
/// implementation posts the work to its own thread and must not block.
class GameService {
public:
    virtual ~GameService() = default;
    /// @brief A valid Login Start: answer with accept_login() or disconnect().
    virtual void login(std::shared_ptr<GameConnection> connection) = 0;
    /// @brief The client acknowledged Finish Configuration: it is in play now.
    virtual void configured(std::shared_ptr<GameConnection> connection) = 0;
    /// @brief A decoded play packet.
    virtual void packet(std::shared_ptr<GameConnection> connection, ServerboundPacket packet) = 0;
    /// @brief The connection closed (once, whatever the reason; `reason` for the log).
    virtual void closed(std::shared_ptr<GameConnection> connection, std::string reason) = 0;
};

/// @brief Appends `body` after its length as a VarInt (the form GameConnection::send_packed takes).
void append_packed_body(std::string& packed, std::string_view body);
/// @brief Calls `each(body)` for every body of a send_packed buffer; false when it is malformed.
template <class Each>
bool for_each_packed_body(std::string_view packed, Each&& each) {
    while (!packed.empty()) {
        const auto read = read_varint(packed);
        if (!read || !*read) return false;
        const VarInt length = **read;
        if (length.value < 0 || static_cast<std::size_t>(length.value) > packed.size() - length.size) return false;
        each(packed.substr(length.size, static_cast<std::size_t>(length.value)));
        packed.remove_prefix(length.size + static_cast<std::size_t>(length.value));
    }
    return true;
}

/// @brief The Disconnect packet body of `state` with `reason` as a text component (login: JSON;
/// configuration 0x01 and play 0x1B: network NBT).
std::string encode_game_disconnect(GameState state, std::string_view reason);

/// @brief The reason vanilla gives a client of another protocol version (765 is 1.20.4):
/// "Outdated client! Please use 1.20.4" or "Outdated server! I'm still on 1.20.4".
std::string version_refusal(std::int32_t client_protocol);

/// @brief Takes over a game-port connection whose handshake asked for login: `rest` holds the
/// bytes received after the handshake, `accepted` is when the connection was accepted (the login
/// deadline counts from it). Registers itself with `listener` under `id` and runs.
void start_game_session(std::shared_ptr<TcpListener> listener, boost::asio::ip::tcp::socket socket, std::uint64_t id,
                        std::string address, std::chrono::steady_clock::time_point accepted, HandshakePacket handshake,
                        std::string rest, GameOptions options, std::shared_ptr<GameService> service);

}  // namespace mobsdk::server
