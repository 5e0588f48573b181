// RCON: the packet codec byte for byte, the reader's error paths and fragmentation, response
// splitting, the login throttle with injected time, and RconServer over loopback with the
// io_context run in the test thread until a condition holds.
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it

#include <boost/asio.hpp>
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "loopback.hpp"
#include "mobserver/net/rcon.hpp"

using namespace mobsdk::server;
using namespace mobsdk::server::test;
namespace asio = boost::asio;
using asio::ip::tcp;
using namespace std::chrono_literals;

namespace {

// A raw RCON client on the test's io_context: writes block (small data goes to the kernel), reads
// run the io_context until the answer is in.
struct Client {
    asio::io_context& io;
    tcp::socket socket;
    RconReader reader{static_cast<std::int32_t>(kRconResponseChunkBytes) + kRconMinPacketLength};
    bool closed = false;

    Client(asio::io_context& context, std::uint16_t port, const std::string& from = "127.0.0.1")
        : io(context), socket(connect_loopback(context, port, from)) {}
    void write(const std::string& data) { asio::write(socket, asio::buffer(data)); }
    void send(std::int32_t id, std::int32_t type, const std::string& body) {
        write(encode_rcon_packet({id, type, body}));
    }
    // Reads once; false on EOF or error.
    bool read_some() {
        std::array<char, 8192> buf;
        bool done = false;
        std::size_t got = 0;
        boost::system::error_code error;
        socket.async_read_some(asio::buffer(buf), [&](boost::system::error_code ec, std::size_t n) {
            error = ec;
            got = n;
            done = true;
        });
        BOOST_REQUIRE(run_until(io, [&] { return done; }));
        if (error) {
            closed = true;
            return false;
        }
        reader.feed(std::string_view(buf.data(), got));
        return true;
    }
    std::optional<RconPacket> packet() {
        for (;;) {
            auto p = reader.next();
            BOOST_REQUIRE(p.has_value());
            if (p->has_value()) return **p;
            if (!read_some()) return std::nullopt;
        }
    }
    // True when the server closes the connection.
    bool wait_closed() {
        while (!closed)
            if (!read_some()) return true;
        return true;
    }
};

struct ServerFixture {
    asio::io_context io;
    LogSink log;
    std::unique_ptr<RconServer> server;

    explicit ServerFixture(RconServerOptions options = base_options(), RconCommandHandler handler = echo_handler()) {
        server = std::make_unique<RconServer>(io, std::move(options), std::move(handler), log.function());
        auto error = server->start();
        BOOST_REQUIRE_MESSAGE(!error, error.value_or(""));
    }
    static RconServerOptions base_options() {
        RconServerOptions o;
        o.bind_address = "127.0.0.1";
        o.port = 0;
        o.password = "secret";
        return o;
    }
    static RconCommandHandler echo_handler() {
        return [](std::string command, std::function<void(std::string)> reply) { reply("echo: " + command); };
    }
    std::uint16_t port() const { return server->port(); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(rcon)

BOOST_AUTO_TEST_CASE(encode_is_little_endian_with_two_nuls) {
    BOOST_TEST(encode_rcon_packet({7, kRconTypeAuth, "pw"}) ==
               bytes({0x0C, 0, 0, 0, 0x07, 0, 0, 0, 0x03, 0, 0, 0, 'p', 'w', 0, 0}));
    BOOST_TEST(encode_rcon_packet({kRconAuthFailureId, kRconTypeAuthResponse, ""}) ==
               bytes({0x0A, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x02, 0, 0, 0, 0, 0}));
}

BOOST_AUTO_TEST_CASE(reader_decodes_a_packet) {
    RconReader reader;
    reader.feed(bytes({0x0E, 0, 0, 0, 0x2A, 0, 0, 0, 0x02, 0, 0, 0, 'l', 'i', 's', 't', 0, 0}));
    auto p = reader.next();
    BOOST_REQUIRE(p.has_value());
    BOOST_REQUIRE(p->has_value());
    BOOST_TEST((**p == RconPacket{42, kRconTypeExecCommand, "list"}));
    auto none = reader.next();
    BOOST_REQUIRE(none.has_value());
    BOOST_TEST(!none->has_value());
    BOOST_TEST(reader.buffered() == 0u);
}

BOOST_AUTO_TEST_CASE(reader_handles_byte_by_byte_and_back_to_back_packets) {
    const RconPacket a{1, kRconTypeAuth, "secret"};
    const RconPacket b{-5, kRconTypeExecCommand, "say héllo"};
    const std::string stream = encode_rcon_packet(a) + encode_rcon_packet(b);
    RconReader reader;
    std::vector<RconPacket> got;
    for (char c : stream) {
        reader.feed(std::string_view(&c, 1));
        auto p = reader.next();
        BOOST_REQUIRE(p.has_value());
        if (p->has_value()) got.push_back(**p);
    }
    BOOST_REQUIRE(got.size() == 2u);
    BOOST_TEST((got[0] == a));
    BOOST_TEST((got[1] == b));

    RconReader whole;
    whole.feed(stream);
    BOOST_TEST((whole.next()->value() == a));
    BOOST_TEST((whole.next()->value() == b));
}

BOOST_AUTO_TEST_CASE(reader_refuses_short_long_and_negative_lengths_at_once) {
    for (std::int32_t length : {9, 0, -1, kRconMaxPacketLength + 1, 0x7FFFFFFF}) {
        RconReader reader;
        std::string prefix;
        for (int i = 0; i < 4; ++i) prefix += static_cast<char>((static_cast<std::uint32_t>(length) >> (8 * i)) & 0xFF);
        // Three bytes of the length are not enough to judge.
        reader.feed(prefix.substr(0, 3));
        BOOST_TEST(reader.next()->has_value() == false);
        reader.feed(prefix.substr(3));
        auto p = reader.next();
        BOOST_REQUIRE_MESSAGE(!p.has_value(), "length " << length);
        BOOST_TEST(p.error().offset == 0u);
        BOOST_TEST(p.error().message.find(std::to_string(length)) != std::string::npos);
        BOOST_TEST(reader.failed());
    }
}

BOOST_AUTO_TEST_CASE(reader_accepts_the_largest_packet_vanilla_reads) {
    // 1460-byte buffer: length 1456, so a 1446-byte body.
    const RconPacket big{3, kRconTypeExecCommand, std::string(1446, 'x')};
    const std::string wire = encode_rcon_packet(big);
    BOOST_TEST(wire.size() == 1460u);
    RconReader reader;
    reader.feed(wire);
    BOOST_TEST((reader.next()->value() == big));

    RconReader over;
    over.feed(encode_rcon_packet({3, kRconTypeExecCommand, std::string(1447, 'x')}));
    BOOST_TEST(!over.next().has_value());
}

BOOST_AUTO_TEST_CASE(reader_errors_are_sticky_and_carry_the_stream_offset) {
    RconReader reader;
    const std::string good = encode_rcon_packet({1, 2, "ok"});
    reader.feed(good);
    reader.feed(bytes({0x05, 0, 0, 0}));
    BOOST_TEST(reader.next()->has_value());
    auto bad = reader.next();
    BOOST_REQUIRE(!bad.has_value());
    BOOST_TEST(bad.error().offset == good.size());
    BOOST_TEST(bad.error().describe() ==
               "byte " + std::to_string(good.size()) + ": packet length 5 is outside 10-1456");
    reader.feed(good);
    BOOST_TEST(!reader.next().has_value());
}

BOOST_AUTO_TEST_CASE(reader_requires_the_two_terminating_nuls) {
    RconReader reader;
    reader.feed(bytes({0x0C, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 'a', 'b', 'c', 0}));
    auto p = reader.next();
    BOOST_REQUIRE(!p.has_value());
    BOOST_TEST(p.error().message == "packet does not end with two NUL bytes");
}

BOOST_AUTO_TEST_CASE(reader_cuts_the_body_at_its_first_nul_as_vanilla) {
    RconReader reader;
    reader.feed(bytes({0x12, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 's', 'a', 'y', 0, 'x', 'y', 'z', 'w', 0, 0}));
    BOOST_TEST(reader.next()->value().body == "say");
}

BOOST_AUTO_TEST_CASE(invalid_utf8_becomes_replacement_characters) {
    const std::string fffd = "\xEF\xBF\xBD";
    BOOST_TEST(repair_utf8("plain é ✓ 😀") == "plain é ✓ 😀");
    BOOST_TEST(repair_utf8("\xFF"
                           "a") == fffd + "a");
    BOOST_TEST(repair_utf8("\xC0\xAF") == fffd + fffd);                             // overlong '/'
    BOOST_TEST(repair_utf8("\xED\xA0\x80") == fffd + fffd + fffd);                  // a surrogate
    BOOST_TEST(repair_utf8("a\xE2\x82") == "a" + fffd + fffd);                      // cut short
    BOOST_TEST(repair_utf8("\xF4\x90\x80\x80").find("\xF4") == std::string::npos);  // past U+10FFFF

    RconReader reader;
    reader.feed(encode_rcon_packet({1, 2, "say \xFF"}));
    BOOST_TEST(reader.next()->value().body == "say " + fffd);
}

BOOST_AUTO_TEST_CASE(responses_split_into_4096_byte_packets) {
    auto sizes = [](const std::vector<RconPacket>& packets) {
        std::vector<std::size_t> out;
        for (const auto& p : packets) out.push_back(p.body.size());
        return out;
    };
    BOOST_TEST(sizes(split_rcon_response(9, "")) == std::vector<std::size_t>{0});
    BOOST_TEST(sizes(split_rcon_response(9, std::string(4096, 'a'))) == std::vector<std::size_t>{4096});
    BOOST_TEST(sizes(split_rcon_response(9, std::string(4097, 'a'))) == (std::vector<std::size_t>{4096, 1}));
    BOOST_TEST(sizes(split_rcon_response(9, std::string(10000, 'a'))) == (std::vector<std::size_t>{4096, 4096, 1808}));
    // Never inside a character: "é" (2 bytes) at bytes 4095-4096 moves to the next packet.
    const auto split = split_rcon_response(9, std::string(4095, 'a') + "é" + "b");
    BOOST_TEST(sizes(split) == (std::vector<std::size_t>{4095, 3}));
    BOOST_TEST(split[1].body == "éb");
    for (const auto& p : split) {
        BOOST_TEST(p.request_id == 9);
        BOOST_TEST(p.type == kRconTypeResponseValue);
    }
    const auto lines = split_rcon_response(4, "line one\nline two");
    BOOST_TEST(lines.size() == 1u);
    BOOST_TEST(lines[0].body == "line one\nline two");
    BOOST_TEST(encode_rcon_response(9, std::string(4097, 'a')) ==
               encode_rcon_packet({9, 0, std::string(4096, 'a')}) + encode_rcon_packet({9, 0, "a"}));
}

BOOST_AUTO_TEST_CASE(throttle_delays_double_after_the_free_failures) {
    LoginThrottle throttle;  // 3 free, then 1 s doubling to 30 s
    const auto t0 = LoginThrottle::Clock::time_point{} + 1h;
    const std::string a = "10.0.0.1";
    std::vector<long long> delays;
    for (int i = 0; i < 10; ++i)
        delays.push_back(std::chrono::duration_cast<std::chrono::milliseconds>(throttle.record_failure(a, t0)).count());
    BOOST_TEST(delays == (std::vector<long long>{0, 0, 0, 1000, 2000, 4000, 8000, 16000, 30000, 30000}));
    BOOST_TEST(throttle.failures(a, t0) == 10);
    BOOST_TEST(throttle.refuses(a, t0 + 29s));
    BOOST_TEST(!throttle.refuses(a, t0 + 30s));
    BOOST_TEST(!throttle.refuses("10.0.0.2", t0));
    throttle.record_success(a);
    BOOST_TEST(throttle.failures(a, t0) == 0);
    BOOST_TEST(!throttle.refuses(a, t0));
}

BOOST_AUTO_TEST_CASE(throttle_forgets_old_failures_and_bounds_its_table) {
    LoginThrottleOptions o;
    o.free_failures = 0;
    o.max_addresses = 2;
    LoginThrottle throttle(o);
    const auto t0 = LoginThrottle::Clock::time_point{} + 1h;
    BOOST_TEST(throttle.record_failure("a", t0) == LoginThrottle::Clock::duration(1s));
    BOOST_TEST(throttle.record_failure("a", t0 + 1s) == LoginThrottle::Clock::duration(2s));
    // Ten minutes after the last failure the address starts over.
    BOOST_TEST(throttle.failures("a", t0 + 1s + 10min) == 0);
    BOOST_TEST(throttle.record_failure("a", t0 + 1s + 10min) == LoginThrottle::Clock::duration(1s));
    throttle.record_failure("b", t0 + 11min);
    throttle.record_failure("c", t0 + 12min);  // evicts "a", the oldest
    BOOST_TEST(throttle.size() == 2u);
    BOOST_TEST(throttle.failures("a", t0 + 12min) == 0);
    BOOST_TEST(throttle.failures("c", t0 + 12min) == 1);
}

BOOST_AUTO_TEST_CASE(login_and_commands_over_loopback) {
    ServerFixture f;
    BOOST_TEST(f.port() != 0);
    BOOST_TEST(f.log.contains("Starting remote control listener"));
    BOOST_TEST(f.log.contains("RCON running on 127.0.0.1:" + std::to_string(f.port())));
    Client c(f.io, f.port());
    c.send(11, kRconTypeAuth, "secret");
    auto login = c.packet();
    BOOST_REQUIRE(login);
    BOOST_TEST((*login == RconPacket{11, kRconTypeAuthResponse, ""}));
    BOOST_TEST(f.log.contains("Thread RCON Client /127.0.0.1 started"));
    c.send(12, kRconTypeExecCommand, "list");
    auto answer = c.packet();
    BOOST_REQUIRE(answer);
    BOOST_TEST((*answer == RconPacket{12, kRconTypeResponseValue, "echo: list"}));
    BOOST_TEST(f.server->connection_count() == 1u);
    c.socket.close();
    BOOST_TEST(run_until(f.io, [&] { return f.server->connection_count() == 0; }));
    BOOST_TEST(f.log.contains("Thread RCON Client /127.0.0.1 shutting down"));
}

BOOST_AUTO_TEST_CASE(wrong_password_and_commands_before_login_get_minus_one) {
    ServerFixture f;
    Client c(f.io, f.port());
    c.send(1, kRconTypeExecCommand, "list");
    BOOST_TEST((c.packet().value() == RconPacket{-1, kRconTypeAuthResponse, ""}));
    c.send(2, kRconTypeAuth, "wrong");
    BOOST_TEST((c.packet().value() == RconPacket{-1, kRconTypeAuthResponse, ""}));
    c.send(3, kRconTypeAuth, "");  // an empty password never logs in
    BOOST_TEST((c.packet().value() == RconPacket{-1, kRconTypeAuthResponse, ""}));
    c.send(4, kRconTypeExecCommand, "list");
    BOOST_TEST((c.packet().value() == RconPacket{-1, kRconTypeAuthResponse, ""}));
    // A failed login after a good one logs out again, as in vanilla.
    c.send(5, kRconTypeAuth, "secret");
    BOOST_TEST(c.packet().value().request_id == 5);
    c.send(6, kRconTypeAuth, "nope");
    BOOST_TEST(c.packet().value().request_id == -1);
    c.send(7, kRconTypeExecCommand, "list");
    BOOST_TEST(c.packet().value().request_id == -1);
}

BOOST_AUTO_TEST_CASE(unknown_types_long_and_multiline_output) {
    ServerFixture f(ServerFixture::base_options(), [](std::string command, std::function<void(std::string)> reply) {
        if (command == "long") reply(std::string(10000, 'z'));
        else if (command == "lines") reply("There are 0 of a max of 20 players online: \nsecond line");
        else if (command == "throw") throw std::runtime_error("boom");
        else reply("");
    });
    Client c(f.io, f.port());
    c.send(1, 5, "x");
    BOOST_TEST((c.packet().value() == RconPacket{1, kRconTypeResponseValue, "Unknown request 5"}));
    c.send(2, -2, "x");
    BOOST_TEST(c.packet().value().body == "Unknown request fffffffe");
    c.send(3, kRconTypeAuth, "secret");
    BOOST_TEST(c.packet().value().request_id == 3);
    c.send(4, kRconTypeExecCommand, "long");
    std::size_t total = 0;
    std::vector<std::size_t> sizes;
    while (total < 10000) {
        auto p = c.packet().value();
        BOOST_TEST(p.request_id == 4);
        sizes.push_back(p.body.size());
        total += p.body.size();
    }
    BOOST_TEST(sizes == (std::vector<std::size_t>{4096, 4096, 1808}));
    c.send(5, kRconTypeExecCommand, "lines");
    BOOST_TEST(c.packet().value().body == "There are 0 of a max of 20 players online: \nsecond line");
    c.send(6, kRconTypeExecCommand, "nothing");
    BOOST_TEST((c.packet().value() == RconPacket{6, kRconTypeResponseValue, ""}));
    c.send(7, kRconTypeExecCommand, "throw");
    BOOST_TEST(c.packet().value().body == "Error executing: throw (boom)");
}

BOOST_AUTO_TEST_CASE(server_fragmentation_pipelining_and_late_replies_from_another_thread) {
    std::mutex mutex;
    std::vector<std::pair<std::string, std::function<void(std::string)>>> pending;
    ServerFixture f(ServerFixture::base_options(), [&](std::string command, std::function<void(std::string)> reply) {
        std::lock_guard lock(mutex);
        pending.emplace_back(std::move(command), std::move(reply));
    });
    Client c(f.io, f.port());
    // Login and two commands in one write, the first packet sent byte by byte.
    const std::string login = encode_rcon_packet({1, kRconTypeAuth, "secret"});
    for (char ch : login) {
        c.write(std::string(1, ch));
        f.io.restart();
        f.io.poll();
    }
    c.write(encode_rcon_packet({2, kRconTypeExecCommand, "first"}) +
            encode_rcon_packet({3, kRconTypeExecCommand, "second"}));
    BOOST_TEST(c.packet().value().request_id == 1);
    auto count = [&] {
        std::lock_guard lock(mutex);
        return pending.size();
    };
    BOOST_REQUIRE(run_until(f.io, [&] { return count() == 1; }));
    // One command at a time: "second" waits until "first" is answered, from the "world" thread.
    std::thread world([&] {
        std::lock_guard lock(mutex);
        BOOST_CHECK(pending[0].first == "first");
        pending[0].second("done first");
        pending[0].second("ignored second call");
    });
    world.join();
    BOOST_TEST((c.packet().value() == RconPacket{2, 0, "done first"}));
    BOOST_REQUIRE(run_until(f.io, [&] { return count() == 2; }));
    {
        std::lock_guard lock(mutex);
        BOOST_TEST(pending[1].first == "second");
    }
    std::thread([&] {
        std::lock_guard lock(mutex);
        pending[1].second("done second");
    }).join();
    BOOST_TEST((c.packet().value() == RconPacket{3, 0, "done second"}));
    // The replies hold their sessions, whose timers belong to the io_context: drop them first.
    std::lock_guard lock(mutex);
    pending.clear();
}

BOOST_AUTO_TEST_CASE(garbage_oversized_and_negative_lengths_disconnect) {
    ServerFixture f;
    const std::vector<std::string> attacks = {
        bytes({0x05, 0, 0, 0}),                                    // below 10
        bytes({0xB1, 0x05, 0, 0}),                                 // 1457
        bytes({0xFF, 0xFF, 0xFF, 0xFF}),                           // -1
        "GET / HTTP/1.1\r\nHost: x\r\n\r\n",                       // garbage
        bytes({0x0A, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 'x', 'y'}),  // no NULs
    };
    for (const auto& attack : attacks) {
        Client c(f.io, f.port());
        c.write(attack);
        BOOST_TEST(c.wait_closed());
    }
    BOOST_TEST(run_until(f.io, [&] { return f.server->connection_count() == 0; }));
    BOOST_TEST(f.log.contains("packet length 1457 is outside 10-1456"));
}

BOOST_AUTO_TEST_CASE(silent_connections_time_out) {
    auto options = ServerFixture::base_options();
    options.idle_timeout = 100ms;
    ServerFixture f(options);
    Client c(f.io, f.port());
    BOOST_TEST(c.wait_closed());
    BOOST_TEST(f.log.contains("nothing received for 100 ms"));
    // A partial packet does not keep the connection alive either.
    Client d(f.io, f.port());
    d.write(bytes({0x0E, 0, 0}));
    BOOST_TEST(d.wait_closed());
}

BOOST_AUTO_TEST_CASE(repeated_failed_logins_are_slowed_down) {
    auto options = ServerFixture::base_options();
    options.throttle.free_failures = 1;
    options.throttle.first_delay = 1000ms;
    ServerFixture f(options);
    Client c(f.io, f.port());
    c.send(1, kRconTypeAuth, "guess1");
    BOOST_TEST(c.packet().value().request_id == -1);
    c.send(2, kRconTypeAuth, "guess2");
    BOOST_REQUIRE(run_until(f.io, [&] { return f.log.contains("failed to log in; answering in 1000 ms"); }));
    // While the answer is held back, the address cannot open another connection.
    Client other(f.io, f.port());
    BOOST_TEST(other.wait_closed());
    BOOST_TEST(f.log.contains("Refused RCON connection from /127.0.0.1: too many failed logins"));
    // The held-back answer still comes, and then the right password works and clears the record.
    BOOST_TEST(c.packet().value().request_id == -1);
    c.send(3, kRconTypeAuth, "secret");
    BOOST_TEST(c.packet().value().request_id == 3);
    c.send(4, kRconTypeAuth, "guess3");
    BOOST_TEST(c.packet().value().request_id == -1);  // free again
}

BOOST_AUTO_TEST_CASE(connection_cap_refuses_extra_connections) {
    auto options = ServerFixture::base_options();
    options.max_connections = 1;
    ServerFixture f(options);
    Client first(f.io, f.port());
    BOOST_REQUIRE(run_until(f.io, [&] { return f.server->connection_count() == 1; }));
    Client second(f.io, f.port());
    BOOST_TEST(second.wait_closed());
    BOOST_TEST(f.log.contains("already 1 connections"));
    first.send(1, kRconTypeAuth, "secret");
    BOOST_TEST(first.packet().value().request_id == 1);
}

BOOST_AUTO_TEST_CASE(start_reports_bind_failures_and_a_missing_password) {
    ServerFixture f;
    asio::io_context io;
    auto options = ServerFixture::base_options();
    options.port = f.port();
    RconServer clash(io, options, ServerFixture::echo_handler(), nullptr);
    auto error = clash.start();
    BOOST_REQUIRE(error);
    BOOST_TEST(error->find("Unable to initialise RCON on 127.0.0.1:" + std::to_string(f.port())) == 0u);
    BOOST_TEST(clash.port() == 0);

    options.port = 0;
    options.password.clear();
    RconServer no_password(io, options, ServerFixture::echo_handler(), nullptr);
    BOOST_TEST(no_password.start().value_or("") == "No rcon password set in server.properties, rcon disabled!");
}

BOOST_AUTO_TEST_CASE(stop_closes_the_listener_and_every_connection) {
    ServerFixture f;
    const auto port = f.port();
    Client c(f.io, port);
    c.send(1, kRconTypeAuth, "secret");
    BOOST_TEST(c.packet().value().request_id == 1);
    f.server->stop();
    BOOST_TEST(c.wait_closed());
    BOOST_TEST(run_until(f.io, [&] { return f.server->connection_count() == 0; }));
    tcp::socket late(f.io);
    boost::system::error_code ec;
    late.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
    BOOST_TEST(ec.failed());
}

BOOST_AUTO_TEST_CASE(unauthenticated_connections_are_closed_at_the_login_deadline) {
    auto options = ServerFixture::base_options();
    options.login_timeout = 300ms;  // the idle timeout stays 30 s: every byte would reset it
    ServerFixture f(options);
    // A login packet whose 200-byte body takes 20 s at this pace: it never completes.
    Trickle slow(f.io, f.port(), encode_rcon_packet({1, kRconTypeAuth, std::string(200, 'x')}), 100ms);
    BOOST_REQUIRE(run_until(f.io, [&] { return slow.closed(); }));
    BOOST_TEST(slow.sent() >= 2u);
    BOOST_TEST(slow.open_for() >= 290ms);
    BOOST_TEST(slow.open_for() < 1500ms);
    BOOST_TEST(f.log.contains("INFO Closing RCON Client /127.0.0.1: not logged in within 300 ms"));
    // Wrong passwords do not buy time either.
    Client guesser(f.io, f.port());
    guesser.send(1, kRconTypeAuth, "guess");
    BOOST_TEST(guesser.packet().value().request_id == -1);
    BOOST_TEST(guesser.wait_closed());
    BOOST_TEST(run_until(f.io, [&] { return f.server->connection_count() == 0; }));
}

BOOST_AUTO_TEST_CASE(logged_in_connections_no_longer_count_as_pending) {
    auto options = ServerFixture::base_options();
    options.max_pending_per_address = 1;
    options.login_timeout = 300ms;
    ServerFixture f(options);
    Client admin(f.io, f.port());
    admin.send(1, kRconTypeAuth, "secret");
    BOOST_TEST(admin.packet().value().request_id == 1);
    // The logged-in connection does not hold 127.0.0.1's single pending place.
    Client pending(f.io, f.port());
    BOOST_REQUIRE(run_until(f.io, [&] { return f.server->connection_count() == 2; }));
    Client refused(f.io, f.port());
    BOOST_TEST(refused.wait_closed());
    BOOST_TEST(
        f.log.contains("WARN Refused RCON connection from /127.0.0.1: "
                       "already 1 pending connections from this address"));
    // Another address has places of its own.
    Client other(f.io, f.port(), "127.0.0.2");
    other.send(2, kRconTypeAuth, "secret");
    BOOST_TEST(other.packet().value().request_id == 2);
    // The pending one misses its deadline; the admin, accepted earlier, had none after logging in.
    BOOST_TEST(pending.wait_closed());
    admin.send(3, kRconTypeExecCommand, "list");
    BOOST_TEST((admin.packet().value() == RconPacket{3, kRconTypeResponseValue, "echo: list"}));
    BOOST_TEST(f.server->connection_count() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()
