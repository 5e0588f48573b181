// Vanilla's remote console (Source RCON over TCP): a pure packet codec that the fuzzer drives, a
// login throttle with injected time, and RconServer, which runs the protocol on a Boost.Asio io_context.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/core/result.hpp"

namespace boost::asio {
class io_context;
}

namespace mobsdk::server {

/// @brief Packet type of a login request (vanilla's SERVERDATA_AUTH).
inline constexpr std::int32_t kRconTypeAuth = 3;
/// @brief Packet type of a command request (SERVERDATA_EXECCOMMAND).
inline constexpr std::int32_t kRconTypeExecCommand = 2;
/// @brief Packet type of the login answer (SERVERDATA_AUTH_RESPONSE; the same number as a command).
inline constexpr std::int32_t kRconTypeAuthResponse = 2;
/// @brief Packet type of a command's output (SERVERDATA_RESPONSE_VALUE).
inline constexpr std::int32_t kRconTypeResponseValue = 0;
/// @brief Request id of the answer to a refused login or to a command sent before logging in.
inline constexpr std::int32_t kRconAuthFailureId = -1;
/// @brief Smallest length field: request id, type and the two terminating NULs of an empty body.
inline constexpr std::int32_t kRconMinPacketLength = 10;
/// @brief Largest length field accepted: vanilla reads a packet into a 1460-byte buffer, length included.
inline constexpr std::int32_t kRconMaxPacketLength = 1460 - 4;
/// @brief Longest body of one response packet; longer output is split over several packets, as
/// vanilla's sendCmdResponse does.
inline constexpr std::size_t kRconResponseChunkBytes = 4096;

/// @brief One RCON packet as it travels on the wire, minus the length field and the two NULs.
struct RconPacket {
    std::int32_t request_id = 0;  ///< echoed in the answer (−1 for a refused login)
    std::int32_t type = 0;        ///< kRconTypeAuth, kRconTypeExecCommand, kRconTypeResponseValue…
    std::string body;             ///< UTF-8 text (password, command or output), without its NUL
    /// @brief Field-by-field equality (tests).
    friend bool operator==(const RconPacket&, const RconPacket&) = default;
};

/// @brief Why a byte stream is not RCON: the offset in the stream where the bad packet starts.
struct RconError {
    std::uint64_t offset = 0;  ///< stream offset of the packet's length field
    std::string message;       ///< what is wrong
    /// @brief One line for the log: "byte 14: packet length 5000 is above the limit of 1456".
    std::string describe() const;
};

/// @brief Replaces every byte sequence that is not valid UTF-8 (stray continuation bytes, overlong
/// forms, surrogates, code points above U+10FFFF, truncated sequences) with U+FFFD, as Java's
/// `new String(bytes, UTF_8)` does; valid input comes back unchanged.
std::string repair_utf8(std::string_view bytes);

/// @brief The packet's wire bytes: little-endian length (body + 10), request id and type, the UTF-8
/// body and two NULs. Bodies are not limited here (the server's answers may exceed the request limit).
std::string encode_rcon_packet(const RconPacket& packet);

/// @brief A command's answer as vanilla sends it: type-0 packets carrying `request_id` whose bodies
/// hold at most kRconResponseChunkBytes bytes each, cut only between UTF-8 characters; empty output
/// is one empty packet. Invalid UTF-8 in `output` is repaired first.
std::vector<RconPacket> split_rcon_response(std::int32_t request_id, std::string_view output);

/// @brief The wire bytes of every packet of split_rcon_response(), concatenated.
std::string encode_rcon_response(std::int32_t request_id, std::string_view output);

/// @brief Incremental RCON decoder: fed bytes as they arrive, hands back whole packets. A length
/// field outside [kRconMinPacketLength, max_length] is an error as soon as its four bytes
/// are in, before the body arrives; a packet that does not end with two NULs is an error. The body
/// is cut at its first NUL (vanilla reads up to the first NUL) and invalid UTF-8 in it is replaced
/// with U+FFFD. Errors are sticky: the stream cannot resynchronise, so the connection is dropped.
class RconReader {
public:
    /// @brief A reader for requests (vanilla's limit); clients reading answers pass 4096 + 10.
    explicit RconReader(std::int32_t max_length = kRconMaxPacketLength) : max_length_(max_length) {}

    /// @brief Appends received bytes. Does not parse; call next() until it returns nullopt.
    void feed(std::string_view bytes);

    /// @brief The next complete packet, nullopt when more bytes are needed, or the stream's error.
    Result<std::optional<RconPacket>, RconError> next();

    /// @brief Bytes fed but not yet returned as packets.
    std::size_t buffered() const noexcept { return buffer_.size() - start_; }

    /// @brief True once next() has reported an error.
    bool failed() const noexcept { return error_.has_value(); }

private:
    std::int32_t max_length_;
    std::string buffer_;
    std::size_t start_ = 0;       // first byte of the next packet inside buffer_
    std::uint64_t consumed_ = 0;  // stream offset of buffer_[0]
    std::optional<RconError> error_;
};

/// @brief True when `given` is `password`, compared in constant time: every byte is looked at
/// whatever the first difference, so the time taken says nothing about a right prefix.
bool same_password(std::string_view given, std::string_view password) noexcept;

/// @brief Settings of the failed-login throttle (see LoginThrottle).
struct LoginThrottleOptions {
    /// @brief Failures per address answered at once, as vanilla answers every one.
    int free_failures = 3;
    /// @brief Delay before the −1 answer to the first failure past the free ones; it doubles with
    /// every further failure.
    std::chrono::milliseconds first_delay{1000};
    /// @brief Ceiling of that delay.
    std::chrono::milliseconds max_delay{30000};
    /// @brief An address whose last failure is this old starts again with free failures.
    std::chrono::milliseconds forget_after{std::chrono::minutes(10)};
    /// @brief Addresses remembered at most; the one with the oldest failure is dropped first.
    std::size_t max_addresses = 4096;
};

/// @brief Slows down password guessing per remote address: after `free_failures` wrong passwords
/// each further one is answered only after a delay that doubles up to `max_delay`, and while that
/// delay runs, new connections from the address are refused (so parallel connections do not get
/// around it). A correct password clears the address. Time is passed in, so tests are exact.
class LoginThrottle {
public:
    /// @brief The clock RconServer uses.
    using Clock = std::chrono::steady_clock;

    /// @brief A throttle with the given settings.
    explicit LoginThrottle(LoginThrottleOptions options = {}) : options_(options) {}

    /// @brief Records a wrong password from `address` at `now`; returns how long to wait before
    /// answering it (zero for the free failures).
    Clock::duration record_failure(const std::string& address, Clock::time_point now);

    /// @brief Records a correct password: the address starts again with free failures.
    void record_success(const std::string& address);

    /// @brief True while a delayed answer for `address` is pending at `now`: refuse its connections.
    bool refuses(const std::string& address, Clock::time_point now) const;

    /// @brief Failures remembered for `address` (0 after a success or once forgotten).
    int failures(const std::string& address, Clock::time_point now) const;

    /// @brief Addresses remembered (bounded by max_addresses).
    std::size_t size() const noexcept { return entries_.size(); }

private:
    struct Entry {
        int failures = 0;
        Clock::time_point last_failure{};
        Clock::time_point blocked_until{};
    };
    LoginThrottleOptions options_;
    std::map<std::string, Entry> entries_;
};

/// @brief Receives the server's log lines: `level` is "INFO", "WARN" or "ERROR". Called from the
/// io_context's threads, so it must be thread-safe.
using NetLogFunction = std::function<void(std::string_view level, std::string message)>;

/// @brief Runs one command: called on a connection's strand with the command text; it must call
/// `reply` exactly once with the output (lines separated by '\n'), possibly later and from any
/// thread. The connection reads nothing more until then, as vanilla runs one command at a time.
using RconCommandHandler = std::function<void(std::string command, std::function<void(std::string output)> reply)>;

/// @brief Where and how RconServer listens.
struct RconServerOptions {
    /// @brief `server-ip`: address or host name to bind; empty binds every IPv4 address (vanilla's 0.0.0.0).
    std::string bind_address;
    /// @brief `rcon.port`; 0 lets the system choose (tests), see RconServer::port().
    std::uint16_t port = 25575;
    /// @brief `rcon.password`; start() refuses an empty one, as vanilla disables RCON then.
    std::string password;
    /// @brief A connection that sends nothing for this long while the server waits for it is closed.
    std::chrono::milliseconds idle_timeout{30000};
    /// @brief Connections open at once; more are accepted and closed at once (`rcon.max-connections`).
    std::size_t max_connections = 16;
    /// @brief Connections one address may have open before they log in; more are accepted and
    /// closed at once (`rcon.max-pending-per-address`). A logged-in connection counts only
    /// against max_connections.
    std::size_t max_pending_per_address = 4;
    /// @brief A connection that has not sent the right password within this long of being
    /// accepted is closed, however much else it sends (`rcon.login-timeout-ms`).
    std::chrono::milliseconds login_timeout{5000};
    /// @brief The failed-login throttle.
    LoginThrottleOptions throttle;
};

/// @brief Vanilla's RCON listener on an io_context: one session per connection on its own strand;
/// login (type 3) answered with type 2 and the request id, or −1 for a wrong password; commands
/// (type 2) after login go to the command handler and come back as type-0 packets of at most 4096
/// bytes; other types get "Unknown request <hex>". Nothing runs on, or waits for, the world thread.
/// The handler and logger may be called until stop() has taken effect.
class RconServer {
public:
    /// @brief A server that will run on `io`; nothing is bound until start().
    RconServer(boost::asio::io_context& io, RconServerOptions options, RconCommandHandler handler, NetLogFunction log);
    /// @brief Stops the server (see stop()).
    ~RconServer();
    RconServer(const RconServer&) = delete;
    RconServer& operator=(const RconServer&) = delete;

    /// @brief Binds and starts accepting; on failure returns the reason ("Unable to initialise RCON
    /// on 0.0.0.0:25575: Address already in use") and nothing listens.
    std::optional<std::string> start();

    /// @brief Closes the listener and every connection. Safe from any thread; the closing itself
    /// runs on the io_context, so run it until connection_count() is 0 for an orderly exit.
    void stop();

    /// @brief The bound port (the system's choice when the option was 0); 0 before start().
    std::uint16_t port() const noexcept;

    /// @brief Connections currently open.
    std::size_t connection_count() const;

    /// @brief Internal state shared with the connections (defined in rcon.cpp).
    struct State;

private:
    std::shared_ptr<State> state_;
};

}  // namespace mobsdk::server
