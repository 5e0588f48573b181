// The debug view's server: the page's own files over HTTP and live snapshots over a WebSocket
// (Boost.Beast), on the server's io_context with a strand per connection. The tick publishes; a
// page tells which mobs it watches and, after sending the RCON password, may use the tick controls.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mobserver/net/rcon.hpp"

namespace boost::asio {
class io_context;
}

namespace mobsdk::server {

/// @brief One of the page's files, embedded in the program when it is built (reference-server/web/).
struct DebugWebFile {
    std::string_view path;          ///< as requested: `/index.html`, `/app.js`…
    std::string_view content_type;  ///< `text/html; charset=utf-8`…
    std::string_view body;          ///< the bytes
};

/// @brief Every embedded file of the page.
std::span<const DebugWebFile> debug_web_files();

/// @brief The file a request target names, or nullptr: `/` is `/index.html`, a query (`?…`) is
/// ignored, and only the exact paths of debug_web_files() match (nothing is read from disk, so no
/// target can escape).
const DebugWebFile* find_debug_web_file(std::string_view target);

/// @brief Where and how the debug view listens.
struct DebugWebOptions {
    /// @brief `debug-web-ip`: address or host name to bind.
    std::string bind_address = "127.0.0.1";
    /// @brief `debug-web-port`; 0 lets the system choose (tests), see DebugWebServer::port().
    std::uint16_t port = 0;
    /// @brief Connections open at once; more are accepted and closed at once.
    std::size_t max_connections = 16;
    /// @brief Connections one address may have open before they become pages (WebSockets).
    std::size_t max_pending_per_address = 8;
    /// @brief Request line and headers, in bytes; a longer request is answered 431 and closed.
    std::uint32_t max_header_bytes = 8192;
    /// @brief Largest WebSocket message a page may send; a larger one closes the connection.
    std::size_t max_message_bytes = 4096;
    /// @brief Messages waiting to be sent to one page; a page further behind is dropped.
    std::size_t max_queued_messages = 32;
    /// @brief An HTTP connection that sends no complete request for this long is closed.
    std::chrono::milliseconds request_timeout{10000};
    /// @brief `rcon.password`: a page that sends it may use the tick controls; empty: none may.
    std::string password;
    /// @brief The failed-password throttle (RCON's).
    LoginThrottleOptions throttle;
};

/// @brief Runs one tick control for a page that sent the password: `command` is a server command
/// the server builds itself from the page's request (`tick step 5`, `time set 2000`); `reply` must
/// be called once with the output, from any thread.
using DebugWebControlHandler = std::function<void(std::string command, std::function<void(std::string output)> reply)>;

/// @brief The debug view's listener and its pages.
///
/// A page (a WebSocket on `/ws`) sends JSON text messages:
/// - `{"watch": ["<uuid>", …]}`: the mobs whose full snapshots it wants (at most 16);
/// - `{"center": [x, z]}`: the point its map looks at (block coordinates within ±30,000,000): its
///   POIs and ground are sent around it from then on (see take_areas);
/// - `{"password": "…"}`: unlocks the controls when it is the RCON password (compared in constant
///   time; wrong ones throttled as RCON's); answered `{"auth": true}` or `{"auth": false}`;
/// - `{"control": "freeze" | "unfreeze" | "step" | "sprint" | "rate" | "time", "value": N}`:
///   answered `{"reply": "…"}`, or `{"error": "…"}` before the password.
/// Anything else, or a message that is not JSON, closes that connection. The server sends what
/// the tick publishes.
class DebugWebServer {
public:
    /// @brief A server that will run on `io`; nothing is bound until start().
    DebugWebServer(boost::asio::io_context& io, DebugWebOptions options, DebugWebControlHandler controls,
                   NetLogFunction log);
    /// @brief Stops the server.
    ~DebugWebServer();
    DebugWebServer(const DebugWebServer&) = delete;
    DebugWebServer& operator=(const DebugWebServer&) = delete;

    /// @brief Binds and starts accepting; logs "Debug view on http://127.0.0.1:8080/", or on
    /// failure returns (and logs) why, and nothing listens.
    std::optional<std::string> start();
    /// @brief Closes the listener and every connection; safe from any thread.
    void stop();
    /// @brief The bound port; 0 before start().
    std::uint16_t port() const noexcept;
    /// @brief Connections open (HTTP and pages).
    std::size_t connection_count() const;

    /// @brief Pages open now: one relaxed atomic load, so the tick can ask every tick.
    std::size_t page_count() const noexcept;
    /// @brief What a page looks at.
    struct PageArea {
        std::uint64_t page = 0;                                       ///< the page (for send_to)
        std::optional<std::pair<std::int32_t, std::int32_t>> center;  ///< x, z it chose; none yet
        bool changed = false;  ///< it opened or chose a new centre since the last take_areas
    };
    /// @brief Every open page with the point it chose; clears each page's `changed`.
    std::vector<PageArea> take_areas();
    /// @brief Any thread: queues `message` for one page (nothing if it closed), with publish's limit.
    void send_to(std::uint64_t page, std::shared_ptr<const std::string> message);
    /// @brief The UUIDs (as text) of the mobs some page watches, each once.
    std::vector<std::string> watched() const;
    /// @brief Any thread: queues `message` (a JSON text) for every open page; a page with
    /// max_queued_messages already waiting is closed instead.
    void publish(std::shared_ptr<const std::string> message);

    /// @brief Internal state shared with the connections (defined in debug_web.cpp).
    struct State;

private:
    std::shared_ptr<State> state_;
};

}  // namespace mobsdk::server
