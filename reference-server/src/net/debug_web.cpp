// The debug view's server (debug_web.hpp): one session per connection on its own strand, HTTP
// first; an upgrade on /ws turns it into a page.
#include "mobserver/net/debug_web.hpp"

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>
#include <set>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "mobserver/net/listener.hpp"

namespace mobsdk::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

const DebugWebFile* find_debug_web_file(std::string_view target) {
    if (const auto q = target.find('?'); q != std::string_view::npos) target = target.substr(0, q);
    if (target == "/") target = "/index.html";
    for (const DebugWebFile& f : debug_web_files())
        if (f.path == target) return &f;
    return nullptr;
}

namespace {

class PageSession;

// Pages watch at most this many mobs each.
constexpr std::size_t kMaxWatched = 16;

}  // namespace

struct DebugWebServer::State final : TcpListener {
    State(asio::io_context& io_context, DebugWebOptions opts, DebugWebControlHandler c, NetLogFunction l)
        : TcpListener(io_context,
                      {opts.bind_address, opts.port, opts.max_connections, opts.max_pending_per_address, "Debug view"},
                      std::move(l)),
          options(std::move(opts)),
          controls(std::move(c)),
          throttle(options.throttle) {}

    void info(std::string message) const { emit("INFO", std::move(message)); }
    void warn(std::string message) const { emit("WARN", std::move(message)); }

    void add_page(std::uint64_t id, const std::shared_ptr<PageSession>& page) {
        std::lock_guard lock(pages_mutex);
        pages[id] = Page{page, {}, std::nullopt, true};
        page_count.store(pages.size(), std::memory_order_relaxed);
    }
    void remove_page(std::uint64_t id) {
        std::lock_guard lock(pages_mutex);
        pages.erase(id);
        page_count.store(pages.size(), std::memory_order_relaxed);
    }
    void set_watched(std::uint64_t id, std::vector<std::string> uuids) {
        std::lock_guard lock(pages_mutex);
        if (auto it = pages.find(id); it != pages.end()) it->second.watched = std::move(uuids);
    }
    void set_center(std::uint64_t id, std::int32_t x, std::int32_t z) {
        std::lock_guard lock(pages_mutex);
        if (auto it = pages.find(id); it != pages.end()) {
            it->second.center = std::pair{x, z};
            it->second.area_changed = true;
        }
    }

    const DebugWebOptions options;
    const DebugWebControlHandler controls;

    mutable std::mutex throttle_mutex;  // guards throttle
    LoginThrottle throttle;

    struct Page {
        std::weak_ptr<PageSession> session;
        std::vector<std::string> watched;
        std::optional<std::pair<std::int32_t, std::int32_t>> center;  // x, z the page chose
        bool area_changed = true;                                     // opened or chose a new centre
    };
    mutable std::mutex pages_mutex;  // guards pages
    std::map<std::uint64_t, Page> pages;
    std::atomic<std::size_t> page_count{0};

protected:
    std::string refusal(const std::string& address) const override {
        std::lock_guard lock(throttle_mutex);
        if (throttle.refuses(address, LoginThrottle::Clock::now()))
            return "too many wrong passwords, waiting before the next answer";
        return {};
    }
    std::shared_ptr<ListenerSession> make_session(tcp::socket socket, std::uint64_t id, std::string address) override;
    void log_refusal(const std::string& address, const std::string& reason) const override {
        warn("Refused debug view connection from /" + address + ": " + reason);
    }
};

namespace {

using Stream = websocket::stream<beast::tcp_stream>;

// A page: the WebSocket after the upgrade, with its bounded outgoing queue.
class PageSession final : public std::enable_shared_from_this<PageSession> {
public:
    PageSession(std::shared_ptr<DebugWebServer::State> state, Stream ws, std::uint64_t id, std::string address)
        : state_(std::move(state)),
          ws_(std::move(ws)),
          delay_timer_(ws_.get_executor()),
          id_(id),
          address_(std::move(address)) {}

    // On the strand: completes the upgrade, then reads messages.
    void accept(http::request<http::string_body> request) {
        beast::get_lowest_layer(ws_).expires_never();  // the WebSocket's own timeouts from here on
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.read_message_max(state_->options.max_message_bytes);
        ws_.auto_fragment(false);  // one frame per message
        ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return self->close();
            self->state_->add_page(self->id_, self);
            self->state_->mark_established(self->id_);
            self->do_read();
        });
    }

    // Any thread.
    void send(std::shared_ptr<const std::string> message) {
        asio::post(ws_.get_executor(),
                   [self = shared_from_this(), m = std::move(message)]() mutable { self->enqueue(std::move(m)); });
    }

    // Any thread.
    void close_from_outside() {
        asio::post(ws_.get_executor(), [self = shared_from_this()] { self->close(); });
    }

private:
    void do_read() {
        if (closed_) return;
        ws_.async_read(in_, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
    }

    void on_read(beast::error_code ec) {
        if (closed_) return;
        if (ec || !ws_.got_text()) return close();  // a binary or oversized frame closes it too
        const std::string text = beast::buffers_to_string(in_.data());
        in_.consume(in_.size());
        if (!handle(text)) {
            state_->warn("Closing debug view page /" + address_ + ": malformed message");
            return close();
        }
        if (!busy_) do_read();
    }

    // False for a message that is not one a page sends.
    bool handle(const std::string& text) {
        const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
        if (j.is_discarded() || !j.is_object() || j.size() < 1 || j.size() > 2) return false;
        if (const auto w = j.find("watch"); w != j.end()) {
            if (!w->is_array() || w->size() > kMaxWatched) return false;
            std::vector<std::string> uuids;
            for (const auto& u : *w) {
                if (!u.is_string() || u.get_ref<const std::string&>().size() > 36) return false;
                uuids.push_back(u.get<std::string>());
            }
            state_->set_watched(id_, std::move(uuids));
            return true;
        }
        if (const auto c = j.find("center"); c != j.end()) {
            // Two block coordinates (x, z) inside vanilla's world border.
            constexpr std::int64_t limit = 30000000;
            if (!c->is_array() || c->size() != 2) return false;
            for (const auto& v : *c)
                if (!v.is_number_integer() || v.get<std::int64_t>() < -limit || v.get<std::int64_t>() > limit)
                    return false;
            state_->set_center(id_, (*c)[0].get<std::int32_t>(), (*c)[1].get<std::int32_t>());
            return true;
        }
        if (const auto p = j.find("password"); p != j.end()) {
            if (!p->is_string()) return false;
            check_password(p->get<std::string>());
            return true;
        }
        if (const auto c = j.find("control"); c != j.end()) {
            if (!c->is_string()) return false;
            const std::string& control = c->get_ref<const std::string&>();
            const auto v = j.find("value");
            std::string command;
            const bool numeric = v != j.end() && v->is_number_integer();
            const std::int64_t n = numeric ? v->get<std::int64_t>() : 0;
            if (control == "freeze" || control == "unfreeze") command = "tick " + control;
            else if (control == "step" && numeric && n >= 1 && n <= 100000) command = "tick step " + std::to_string(n);
            else if (control == "sprint" && numeric && n >= 1 && n <= 1000000)
                command = "tick sprint " + std::to_string(n);
            else if (control == "rate" && numeric && n >= 1 && n <= 10000) command = "tick rate " + std::to_string(n);
            else if (control == "time" && numeric && n >= 0 && n <= 2147483647)
                command = "time set " + std::to_string(n);
            else return false;
            if (!authed_) {
                reply(nlohmann::json{{"error", "send the password first"}});
                return true;
            }
            run_control(std::move(command));
            return true;
        }
        return false;
    }

    void check_password(const std::string& given) {
        if (!state_->options.password.empty() && same_password(given, state_->options.password)) {
            authed_ = true;
            {
                std::lock_guard lock(state_->throttle_mutex);
                state_->throttle.record_success(address_);
            }
            reply(nlohmann::json{{"auth", true}});
            return;
        }
        authed_ = false;
        LoginThrottle::Clock::duration delay;
        {
            std::lock_guard lock(state_->throttle_mutex);
            delay = state_->throttle.record_failure(address_, LoginThrottle::Clock::now());
        }
        if (delay == LoginThrottle::Clock::duration::zero()) {
            reply(nlohmann::json{{"auth", false}});
            return;
        }
        state_->warn("Debug view page /" + address_ + " sent a wrong password; answering in " +
                     std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(delay).count()) + " ms");
        busy_ = true;  // reads nothing more until the answer is out
        delay_timer_.expires_after(delay);
        delay_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (ec || self->closed_) return;
            self->busy_ = false;
            self->reply(nlohmann::json{{"auth", false}});
            self->do_read();
        });
    }

    void run_control(std::string command) {
        busy_ = true;
        auto answered = std::make_shared<std::atomic<bool>>(false);
        auto done = [self = shared_from_this(), answered](std::string output) {
            if (answered->exchange(true)) return;
            asio::post(self->ws_.get_executor(), [self, out = std::move(output)] {
                if (self->closed_) return;
                self->busy_ = false;
                self->reply(nlohmann::json{{"reply", out}});
                self->do_read();
            });
        };
        try {
            state_->controls(std::move(command), done);
        } catch (const std::exception& e) {
            done(std::string("Error: ") + e.what());
        }
    }

    void reply(const nlohmann::json& j) {
        enqueue(std::make_shared<const std::string>(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
    }

    void enqueue(std::shared_ptr<const std::string> message) {
        if (closed_) return;
        if (queue_.size() >= state_->options.max_queued_messages) {
            state_->warn("Dropping debug view page /" + address_ + ": " + std::to_string(queue_.size()) +
                         " messages waiting (too slow)");
            return close();
        }
        queue_.push_back(std::move(message));
        if (!writing_) do_write();
    }

    void do_write() {
        writing_ = true;
        ws_.text(true);
        ws_.async_write(asio::buffer(*queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
            self->writing_ = false;
            if (self->closed_) return;
            if (ec) return self->close();
            self->queue_.pop_front();
            if (!self->queue_.empty()) self->do_write();
        });
    }

    void close() {
        if (closed_) return;
        closed_ = true;
        delay_timer_.cancel();
        beast::error_code ignored;
        beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
        beast::get_lowest_layer(ws_).socket().close(ignored);
        state_->remove_page(id_);
        state_->remove_session(id_);
    }

    std::shared_ptr<DebugWebServer::State> state_;
    Stream ws_;
    asio::steady_timer delay_timer_;
    std::uint64_t id_;
    std::string address_;
    beast::flat_buffer in_;
    std::deque<std::shared_ptr<const std::string>> queue_;
    bool writing_ = false;
    bool busy_ = false;
    bool closed_ = false;
    bool authed_ = false;
};

// A connection while it speaks HTTP: serves the page's files; an upgrade on /ws hands the
// stream to a PageSession.
class HttpSession final : public ListenerSession, public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(std::shared_ptr<DebugWebServer::State> state, tcp::socket socket, std::uint64_t id, std::string address)
        : state_(std::move(state)),
          executor_(socket.get_executor()),
          stream_(std::move(socket)),
          id_(id),
          address_(std::move(address)) {}

    void begin() override {
        asio::dispatch(executor_, [self = shared_from_this()] { self->do_read(); });
    }

    // The stream may have moved to a page by now: the strand is kept apart.
    void close_from_outside() override {
        asio::dispatch(executor_, [self = shared_from_this()] {
            if (auto page = self->page_.lock()) page->close_from_outside();
            else self->close();
        });
    }

private:
    void do_read() {
        if (closed_) return;
        parser_.emplace();
        parser_->header_limit(state_->options.max_header_bytes);
        parser_->body_limit(0);  // the page sends no bodies
        stream_.expires_after(state_->options.request_timeout);
        http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
    }

    void on_read(beast::error_code ec) {
        if (closed_) return;
        if (ec == http::error::end_of_stream) return close();
        if (ec == http::error::header_limit) return respond_and_close(http::status::request_header_fields_too_large);
        if (ec == http::error::body_limit) return respond_and_close(http::status::payload_too_large);
        if (ec) {
            if (ec != beast::error::timeout && ec != asio::error::operation_aborted &&
                ec != asio::error::connection_reset)
                state_->warn("Closing debug view connection /" + address_ + ": " + ec.message());
            return close();
        }
        http::request<http::string_body> request = parser_->release();
        if (websocket::is_upgrade(request)) {
            if (request.target() != "/ws") return respond_and_close(http::status::not_found);
            // A browser says which site opened the socket: only the page itself may (another site
            // open in the same browser must not read the world or guess the password).
            const auto origin = request[http::field::origin];
            const auto host = request[http::field::host];
            if (!origin.empty() &&
                (origin.size() != host.size() + 7 || !origin.starts_with("http://") || !origin.ends_with(host)))
                return respond_and_close(http::status::forbidden);
            auto page = std::make_shared<PageSession>(state_, Stream(std::move(stream_)), id_, address_);
            page_ = page;
            closed_ = true;  // the page owns the connection now
            page->accept(std::move(request));
            return;
        }
        if (request.method() != http::verb::get && request.method() != http::verb::head)
            return respond_and_close(http::status::method_not_allowed);
        const auto target = request.target();
        const DebugWebFile* file = find_debug_web_file(std::string_view(target.data(), target.size()));
        if (!file) return respond(request, http::status::not_found, "text/plain; charset=utf-8", "not found\n");
        respond(request, http::status::ok, file->content_type, file->body);
    }

    void respond(const http::request<http::string_body>& request, http::status status, std::string_view type,
                 std::string_view body) {
        auto res = std::make_shared<http::response<http::string_body>>(status, request.version());
        res->set(http::field::server, "mobserver");
        res->set(http::field::content_type, beast::string_view(type.data(), type.size()));
        res->set(http::field::cache_control, "no-store");
        res->set("X-Content-Type-Options", "nosniff");
        res->keep_alive(request.keep_alive());
        if (request.method() != http::verb::head) res->body() = std::string(body);
        res->prepare_payload();
        if (request.method() == http::verb::head) res->content_length(body.size());
        write(res);
    }

    void respond_and_close(http::status status) {
        auto res = std::make_shared<http::response<http::string_body>>(status, 11);
        res->set(http::field::server, "mobserver");
        res->set(http::field::content_type, "text/plain; charset=utf-8");
        res->body() = std::string(http::obsolete_reason(status)) + "\n";
        res->keep_alive(false);
        res->prepare_payload();
        write(res);
    }

    void write(std::shared_ptr<http::response<http::string_body>> res) {
        stream_.expires_after(state_->options.request_timeout);
        http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
            if (self->closed_) return;
            if (ec || !res->keep_alive()) return self->close();
            self->do_read();
        });
    }

    void close() {
        if (closed_) return;
        closed_ = true;
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        stream_.socket().close(ignored);
        state_->remove_session(id_);
    }

    std::shared_ptr<DebugWebServer::State> state_;
    asio::any_io_executor executor_;
    beast::tcp_stream stream_;
    std::uint64_t id_;
    std::string address_;
    beast::flat_buffer buffer_{8192};
    std::optional<http::request_parser<http::string_body>> parser_;
    std::weak_ptr<PageSession> page_;
    bool closed_ = false;
};

}  // namespace

std::shared_ptr<ListenerSession> DebugWebServer::State::make_session(tcp::socket socket, std::uint64_t id,
                                                                     std::string address) {
    return std::make_shared<HttpSession>(std::static_pointer_cast<State>(shared_from_this()), std::move(socket), id,
                                         std::move(address));
}

DebugWebServer::DebugWebServer(asio::io_context& io, DebugWebOptions options, DebugWebControlHandler controls,
                               NetLogFunction log)
    : state_(std::make_shared<State>(io, std::move(options), std::move(controls), std::move(log))) {}

DebugWebServer::~DebugWebServer() { stop(); }

std::optional<std::string> DebugWebServer::start() {
    State& s = *state_;
    const std::string where = s.options.bind_address + ":" + std::to_string(s.options.port);
    if (auto failure = s.listen()) {
        std::string message = "Unable to start the debug view on " + where + ": ";
        if (!failure->step.empty()) message += failure->step + ": ";
        message += failure->reason;
        s.warn(message);
        return message;
    }
    s.info("Debug view on http://" + s.options.bind_address + ":" + std::to_string(s.port()) + "/");
    s.start_accepting();
    return std::nullopt;
}

void DebugWebServer::stop() {
    state_->stop();
    std::vector<std::shared_ptr<PageSession>> pages;
    {
        std::lock_guard lock(state_->pages_mutex);
        for (auto& [id, page] : state_->pages)
            if (auto p = page.session.lock()) pages.push_back(std::move(p));
    }
    for (auto& p : pages) p->close_from_outside();
}

std::uint16_t DebugWebServer::port() const noexcept { return state_->port(); }

std::size_t DebugWebServer::connection_count() const { return state_->connection_count(); }

std::size_t DebugWebServer::page_count() const noexcept { return state_->page_count.load(std::memory_order_relaxed); }

std::vector<DebugWebServer::PageArea> DebugWebServer::take_areas() {
    std::vector<PageArea> out;
    std::lock_guard lock(state_->pages_mutex);
    for (auto& [id, page] : state_->pages) {
        out.push_back(PageArea{id, page.center, page.area_changed});
        page.area_changed = false;
    }
    return out;
}

void DebugWebServer::send_to(std::uint64_t page, std::shared_ptr<const std::string> message) {
    std::shared_ptr<PageSession> p;
    {
        std::lock_guard lock(state_->pages_mutex);
        if (auto it = state_->pages.find(page); it != state_->pages.end()) p = it->second.session.lock();
    }
    if (p) p->send(std::move(message));
}

std::vector<std::string> DebugWebServer::watched() const {
    std::set<std::string> all;
    {
        std::lock_guard lock(state_->pages_mutex);
        for (const auto& [id, page] : state_->pages) all.insert(page.watched.begin(), page.watched.end());
    }
    return {all.begin(), all.end()};
}

void DebugWebServer::publish(std::shared_ptr<const std::string> message) {
    std::vector<std::shared_ptr<PageSession>> pages;
    {
        std::lock_guard lock(state_->pages_mutex);
        for (auto& [id, page] : state_->pages)
            if (auto p = page.session.lock()) pages.push_back(std::move(p));
    }
    for (auto& p : pages) p->send(message);
}

}  // namespace mobsdk::server
