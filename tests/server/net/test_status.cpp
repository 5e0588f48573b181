// Server list ping: VarInts, frames, the handshake, the status, pong and login-disconnect packets
// byte for byte, the legacy 0xFE forms, the per-connection state machine (also fed byte by byte)
// and StatusServer over loopback with the io_context run in the test thread.
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it

#include <boost/asio.hpp>
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <vector>

#include "loopback.hpp"
#include "mobserver/net/status.hpp"

using namespace mobsdk::server;
using namespace mobsdk::server::test;
namespace asio = boost::asio;
using asio::ip::tcp;
using namespace std::chrono_literals;

namespace {

std::string varint(std::int32_t v) {
    std::string s;
    write_varint(s, v);
    return s;
}

// UTF-16BE of an ASCII/Latin-1 string, as the legacy packets carry it.
std::string utf16be(std::u16string_view text) {
    std::string s;
    for (char16_t c : text) {
        s += static_cast<char>(c >> 8);
        s += static_cast<char>(c & 0xFF);
    }
    return s;
}

// The 1.6 client's ping: FE 01 FA, "MC|PingHost", then protocol 74, host and port.
std::string ping_1_6(std::u16string_view host, std::int32_t port, int protocol = 74) {
    std::string data;
    data += static_cast<char>(protocol);
    data += static_cast<char>(host.size() >> 8);
    data += static_cast<char>(host.size() & 0xFF);
    data += utf16be(host);
    for (int shift = 24; shift >= 0; shift -= 8) data += static_cast<char>((port >> shift) & 0xFF);
    std::string s = bytes({0xFE, 0x01, 0xFA, 0x00, 0x0B}) + utf16be(u"MC|PingHost");
    s += static_cast<char>(data.size() >> 8);
    s += static_cast<char>(data.size() & 0xFF);
    return s + data;
}

const std::string kDefaultJson =
    R"({"version":{"name":"1.20.4","protocol":765},"players":{"max":20,"online":0,"sample":[]},)"
    R"("description":{"text":"A Minecraft Server"},"enforcesSecureChat":false})";

// Reads everything the server sends until it closes the connection.
std::string read_to_close(asio::io_context& io, tcp::socket& socket) {
    std::string all;
    bool closed = false;
    std::array<char, 4096> buf;
    std::function<void()> read = [&] {
        socket.async_read_some(asio::buffer(buf), [&](boost::system::error_code ec, std::size_t n) {
            if (ec) {
                closed = true;
                return;
            }
            all.append(buf.data(), n);
            read();
        });
    };
    read();
    BOOST_REQUIRE(run_until(io, [&] { return closed; }));
    // Our side closes too, ending the server's linger (it drains until the client closes).
    socket.close();
    return all;
}

struct Fixture {
    asio::io_context io;
    std::atomic<int> online{0};
    LogSink log;
    std::unique_ptr<StatusServer> server;

    explicit Fixture(StatusServerOptions options = base_options()) {
        server = std::make_unique<StatusServer>(
            io, options,
            [this] {
                StatusInfo info;
                info.online = online.load();
                info.motd = "A §amobsdk§r world";
                return info;
            },
            log.function());
        auto error = server->start();
        BOOST_REQUIRE_MESSAGE(!error, error.value_or(""));
    }
    static StatusServerOptions base_options() {
        StatusServerOptions o;
        o.bind_address = "127.0.0.1";
        o.port = 0;
        return o;
    }
    tcp::socket connect() { return connect_loopback(io, server->port()); }
};

StatusProtocol make_protocol() {
    return StatusProtocol([] { return StatusInfo{}; });
}

}  // namespace

BOOST_AUTO_TEST_SUITE(status)

BOOST_AUTO_TEST_CASE(varints_have_the_protocols_bytes) {
    BOOST_TEST(varint(0) == bytes({0x00}));
    BOOST_TEST(varint(1) == bytes({0x01}));
    BOOST_TEST(varint(127) == bytes({0x7F}));
    BOOST_TEST(varint(128) == bytes({0x80, 0x01}));
    BOOST_TEST(varint(255) == bytes({0xFF, 0x01}));
    BOOST_TEST(varint(25565) == bytes({0xDD, 0xC7, 0x01}));
    BOOST_TEST(varint(2097151) == bytes({0xFF, 0xFF, 0x7F}));
    BOOST_TEST(varint(2147483647) == bytes({0xFF, 0xFF, 0xFF, 0xFF, 0x07}));
    BOOST_TEST(varint(-1) == bytes({0xFF, 0xFF, 0xFF, 0xFF, 0x0F}));
    BOOST_TEST(varint(-2147483647 - 1) == bytes({0x80, 0x80, 0x80, 0x80, 0x08}));
    for (std::int32_t v : {0, 1, 127, 128, 255, 25565, 2097151, 2147483647, -1, -2147483647 - 1}) {
        const std::string s = varint(v) + "tail";
        auto r = read_varint(s);
        BOOST_REQUIRE(r.has_value());
        BOOST_REQUIRE(r->has_value());
        BOOST_TEST((*r)->value == v);
        BOOST_TEST((*r)->size == s.size() - 4);
    }
}

BOOST_AUTO_TEST_CASE(varint_limits) {
    BOOST_TEST(!read_varint(bytes({0x80}))->has_value());  // incomplete
    BOOST_TEST(!read_varint("")->has_value());
    auto six = read_varint(bytes({0x80, 0x80, 0x80, 0x80, 0x80, 0x01}));
    BOOST_REQUIRE(!six.has_value());
    BOOST_TEST(six.error().message == "VarInt is longer than 5 bytes");
    BOOST_TEST(!read_varint(bytes({0x80, 0x80, 0x80, 0x01}), 3).has_value());
    BOOST_TEST(read_varint(bytes({0xFF, 0xFF, 0x7F}), 3)->value().value == 2097151);
}

BOOST_AUTO_TEST_CASE(frames_byte_by_byte_and_their_limits) {
    const std::string stream = frame_packet(std::string(1, '\0')) + frame_packet(std::string(300, 'x'));
    FrameReader reader;
    std::vector<std::string> frames;
    for (char c : stream) {
        reader.feed(std::string_view(&c, 1));
        auto f = reader.next();
        BOOST_REQUIRE(f.has_value());
        if (f->has_value()) frames.push_back(**f);
    }
    BOOST_REQUIRE(frames.size() == 2u);
    BOOST_TEST(frames[0] == std::string(1, '\0'));
    BOOST_TEST(frames[1] == std::string(300, 'x'));

    FrameReader empty;
    empty.feed(bytes({0x00}));
    BOOST_TEST(!empty.next().has_value());

    // The length alone is judged: 32769 is refused before its bytes arrive.
    FrameReader big;
    big.feed(varint(static_cast<std::int32_t>(kMaxStatusFrameBytes) + 1));
    auto e = big.next();
    BOOST_REQUIRE(!e.has_value());
    BOOST_TEST(e.error().describe() == "byte 0: frame length 32769 is outside 1-32768");
    BOOST_TEST(!big.next().has_value());  // sticky

    FrameReader wide;
    wide.feed(bytes({0x80, 0x80, 0x80, 0x01}));
    BOOST_TEST(wide.next().error().message == "frame length is longer than 3 bytes");
}

BOOST_AUTO_TEST_CASE(handshake_decodes_exact_bytes) {
    // What minecraft-server-util sends: protocol 47, "127.0.0.1", port 25565, next state 1.
    const std::string packet = bytes({0x00, 0x2F, 0x09}) + "127.0.0.1" + bytes({0x63, 0xDD, 0x01});
    auto hs = decode_handshake(packet);
    BOOST_REQUIRE(hs.has_value());
    BOOST_TEST(hs->protocol_version == 47);
    BOOST_TEST(hs->server_address == "127.0.0.1");
    BOOST_TEST(hs->server_port == 25565);
    BOOST_TEST((hs->intent == HandshakeIntent::Status));
    BOOST_TEST(encode_handshake(*hs) == frame_packet(packet));

    const std::string login = bytes({0x00, 0xFD, 0x05, 0x01}) + "a" + bytes({0x00, 0x50, 0x02});
    BOOST_TEST(decode_handshake(login)->protocol_version == 765);
    BOOST_TEST((decode_handshake(login)->intent == HandshakeIntent::Login));
}

BOOST_AUTO_TEST_CASE(handshake_errors_name_the_field) {
    auto message = [](const std::string& packet) {
        auto r = decode_handshake(packet);
        BOOST_REQUIRE(!r.has_value());
        return r.error().message;
    };
    const std::string tail = bytes({0x63, 0xDD, 0x01});
    BOOST_TEST(message(bytes({0x01, 0x2F, 0x01}) + "a" + tail) == "packet id 1 is not a handshake (0)");
    BOOST_TEST(message(bytes({0x00, 0x2F, 0x05}) + "ab") == "server address: packet ends inside it");
    BOOST_TEST(message(bytes({0x00, 0x2F, 0x01}) + "a" + bytes({0x63})) == "server port: packet ends inside it");
    BOOST_TEST(message(bytes({0x00, 0x2F, 0x01}) + "a" + bytes({0x63, 0xDD, 0x03})) ==
               "next state 3 is not 1 (status) or 2 (login)");
    BOOST_TEST(message(bytes({0x00, 0x2F, 0x01}) + "a" + tail + "!") == "handshake has 1 extra bytes");
    BOOST_TEST(message(bytes({0x00, 0x2F})) == "server address length: packet ends inside it");
    BOOST_TEST(message(bytes({0x00, 0x2F, 0xFE, 0x05})) == "server address of 766 bytes is outside 0-765");
    // 255 characters pass, 256 do not (and 256 three-byte characters fail on bytes first).
    const std::string a255(255, 'a');
    BOOST_TEST(decode_handshake(bytes({0x00, 0x2F}) + varint(255) + a255 + tail).has_value());
    BOOST_TEST(message(bytes({0x00, 0x2F}) + varint(256) + a255 + "a" + tail) ==
               "server address is longer than 255 characters");
    std::string euros;
    for (int i = 0; i < 255; ++i) euros += "€";
    BOOST_TEST(decode_handshake(bytes({0x00, 0x2F}) + varint(765) + euros + tail).has_value());
    auto at = decode_handshake(bytes({0x00, 0x2F, 0x01}) + "a" + bytes({0x63, 0xDD, 0x07}));
    BOOST_TEST(at.error().offset == 6u);
}

BOOST_AUTO_TEST_CASE(status_json_and_packets_byte_for_byte) {
    BOOST_TEST(status_json(StatusInfo{}) == kDefaultJson);
    StatusInfo info;
    info.motd = "say \"hi\"\\\n\x01";
    info.online = 3;
    info.max_players = 7;
    BOOST_TEST(status_json(info) ==
               R"({"version":{"name":"1.20.4","protocol":765},"players":{"max":7,"online":3,"sample":[]},)"
               R"("description":{"text":"say \"hi\"\\\n\u0001"},"enforcesSecureChat":false})");
    BOOST_TEST(json_quote("\xFF") == "\"\xEF\xBF\xBD\"");

    const std::string response = encode_status_response(StatusInfo{});
    BOOST_TEST(response == varint(static_cast<std::int32_t>(1 + 2 + kDefaultJson.size())) + bytes({0x00}) +
                               varint(static_cast<std::int32_t>(kDefaultJson.size())) + kDefaultJson);
    BOOST_TEST(encode_pong(0x0102030405060708) == bytes({0x09, 0x01, 1, 2, 3, 4, 5, 6, 7, 8}));
    BOOST_TEST(encode_pong(-1) == bytes({0x09, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
    const std::string reason = R"j({"text":"This server does not accept players (mobsdk reference server)"})j";
    BOOST_TEST(encode_login_disconnect(kLoginRefusedMessage) ==
               varint(static_cast<std::int32_t>(2 + reason.size())) + bytes({0x00}) +
                   varint(static_cast<std::int32_t>(reason.size())) + reason);
}

BOOST_AUTO_TEST_CASE(legacy_ping_forms) {
    using S = LegacyPingParse::Status;
    BOOST_TEST((parse_legacy_ping(bytes({0xFE})).status == S::NeedMore));
    BOOST_TEST((parse_legacy_ping(bytes({0x10})).status == S::NotLegacy));
    auto v14 = parse_legacy_ping(bytes({0xFE, 0x01}));
    BOOST_TEST((v14.status == S::Complete && v14.form == LegacyPingForm::V1_4));
    BOOST_TEST(parse_legacy_ping(bytes({0xFE, 0x02})).error == "second byte is 0x02, not 0x01");
    BOOST_TEST(parse_legacy_ping(bytes({0xFE, 0x01, 0xFB})).error == "third byte is 0xFB, not 0xFA");

    const std::string full = ping_1_6(u"localhost", 25565);
    auto v16 = parse_legacy_ping(full);
    BOOST_TEST((v16.status == S::Complete && v16.form == LegacyPingForm::V1_6));
    for (std::size_t n = 3; n < full.size(); ++n) BOOST_TEST_CONTEXT("prefix " << n) {
            BOOST_TEST((parse_legacy_ping(full.substr(0, n)).status == S::NeedMore));
        }
    BOOST_TEST(parse_legacy_ping(full + "x").error == "bytes follow the MC|PingHost payload");
    BOOST_TEST(parse_legacy_ping(ping_1_6(u"h", 25565, 72)).error == "MC|PingHost protocol is below 73");
    BOOST_TEST(parse_legacy_ping(ping_1_6(u"h", 65536)).error == "MC|PingHost port is above 65535");
    std::string wrong_channel = full;
    wrong_channel[6] = 'X';
    BOOST_TEST(parse_legacy_ping(wrong_channel).error == "plugin channel is not MC|PingHost");
}

BOOST_AUTO_TEST_CASE(legacy_answers_byte_for_byte) {
    StatusInfo info;
    info.online = 2;
    const std::u16string beta = u"A Minecraft Server\u00A72\u00A720";
    BOOST_TEST(encode_legacy_kick(LegacyPingForm::Beta, info) ==
               bytes({0xFF, 0x00, static_cast<int>(beta.size())}) + utf16be(beta));
    const std::u16string v1 = std::u16string(u"\u00A71") + u'\0' + u"127" + u'\0' + u"1.20.4" + u'\0' +
                              u"A Minecraft Server" + u'\0' + u"2" + u'\0' + u"20";
    BOOST_TEST(encode_legacy_kick(LegacyPingForm::V1_4, info) ==
               bytes({0xFF, 0x00, static_cast<int>(v1.size())}) + utf16be(v1));
    BOOST_TEST(encode_legacy_kick(LegacyPingForm::V1_6, info) == encode_legacy_kick(LegacyPingForm::V1_4, info));
    info.motd = "😀";  // a surrogate pair: two units
    BOOST_TEST(encode_legacy_kick(LegacyPingForm::Beta, info).substr(0, 7) ==
               bytes({0xFF, 0x00, 0x07, 0xD8, 0x3D, 0xDE, 0x00}));
}

BOOST_AUTO_TEST_CASE(protocol_status_then_ping) {
    auto p = make_protocol();
    const std::string hs = encode_handshake({765, "localhost", 25565, HandshakeIntent::Status});
    auto step = p.feed(hs + frame_packet(bytes({0x00})));
    BOOST_TEST(step.output == encode_status_response(StatusInfo{}));
    BOOST_TEST(!step.close);
    BOOST_TEST((p.phase() == StatusProtocol::Phase::Status));
    step = p.feed(frame_packet(bytes({0x01, 0, 0, 0, 0, 0, 0, 0x30, 0x39})));
    BOOST_TEST(step.output == encode_pong(12345));
    BOOST_TEST(step.close);
    BOOST_TEST(!step.error);
    BOOST_TEST((p.phase() == StatusProtocol::Phase::Done));
    BOOST_TEST(p.feed("more").output.empty());
}

BOOST_AUTO_TEST_CASE(protocol_fed_byte_by_byte_gives_the_same_answers) {
    const std::string stream = encode_handshake({47, "127.0.0.1", 25565, HandshakeIntent::Status}) +
                               frame_packet(bytes({0x00})) + frame_packet(bytes({0x01, 1, 2, 3, 4, 5, 6, 7, 8}));
    auto p = make_protocol();
    std::string out;
    bool closed = false;
    for (char c : stream) {
        auto step = p.feed(std::string_view(&c, 1));
        out += step.output;
        closed = closed || step.close;
    }
    BOOST_TEST(closed);
    BOOST_TEST(out == encode_status_response(StatusInfo{}) + encode_pong(0x0102030405060708));
}

BOOST_AUTO_TEST_CASE(protocol_refuses_logins_repeats_and_garbage) {
    auto login = make_protocol();
    auto step = login.feed(encode_handshake({765, "localhost", 25565, HandshakeIntent::Login}) +
                           frame_packet(std::string("\x00\x04Name", 6)));
    BOOST_TEST(step.output == encode_login_disconnect(kLoginRefusedMessage));
    BOOST_TEST(step.close);
    BOOST_TEST(!step.error);

    auto twice = make_protocol();
    twice.feed(encode_handshake({765, "h", 1, HandshakeIntent::Status}));
    BOOST_TEST(!twice.feed(frame_packet(bytes({0x00}))).close);
    step = twice.feed(frame_packet(bytes({0x00})));
    BOOST_TEST(step.close);
    BOOST_TEST(step.output.empty());

    auto unknown = make_protocol();
    unknown.feed(encode_handshake({765, "h", 1, HandshakeIntent::Status}));
    step = unknown.feed(frame_packet(bytes({0x05})));
    BOOST_TEST(step.close);
    BOOST_REQUIRE(step.error);
    BOOST_TEST(step.error->message == "unknown status packet id 5");

    auto short_ping = make_protocol();
    short_ping.feed(encode_handshake({765, "h", 1, HandshakeIntent::Status}));
    BOOST_TEST(short_ping.feed(frame_packet(bytes({0x01, 1, 2}))).error->message == "ping request has 2 bytes, not 8");

    auto garbage = make_protocol();
    step = garbage.feed(frame_packet("GET / HTTP/1.1"));
    BOOST_TEST(step.close);
    BOOST_REQUIRE(step.error);
    BOOST_TEST(step.error->describe() == "byte 1: handshake: packet id 71 is not a handshake (0)");

    auto bad_handshake = make_protocol();
    step = bad_handshake.feed(frame_packet(bytes({0x00, 0x2F, 0x01, 'a', 0x63, 0xDD, 0x03})));
    BOOST_TEST(step.error->describe() == "byte 7: handshake: next state 3 is not 1 (status) or 2 (login)");
}

BOOST_AUTO_TEST_CASE(protocol_legacy_pings) {
    auto lone = make_protocol();
    auto step = lone.feed(bytes({0xFE}));
    BOOST_TEST(step.legacy_wait);
    BOOST_TEST(step.output.empty());
    step = lone.legacy_timeout();
    BOOST_TEST(step.output == encode_legacy_kick(LegacyPingForm::Beta, StatusInfo{}));
    BOOST_TEST(step.close);

    auto split = make_protocol();
    BOOST_TEST(split.feed(bytes({0xFE})).legacy_wait);
    step = split.feed(bytes({0x01}));
    BOOST_TEST(step.output == encode_legacy_kick(LegacyPingForm::V1_4, StatusInfo{}));
    BOOST_TEST(split.legacy_timeout().output.empty());  // already answered

    auto v16 = make_protocol();
    const std::string ping = ping_1_6(u"localhost", 25565);
    std::string out;
    for (char c : ping) out += v16.feed(std::string_view(&c, 1)).output;
    BOOST_TEST(out == encode_legacy_kick(LegacyPingForm::V1_6, StatusInfo{}));

    auto bad = make_protocol();
    BOOST_TEST(bad.feed(bytes({0xFE, 0x07})).error->message == "legacy ping: second byte is 0x07, not 0x01");
}

BOOST_AUTO_TEST_CASE(server_answers_status_and_ping_over_loopback) {
    Fixture f;
    BOOST_TEST(f.server->port() != 0);
    f.online = 4;
    auto s = f.connect();
    asio::write(s, asio::buffer(encode_handshake({765, "localhost", f.server->port(), HandshakeIntent::Status}) +
                                frame_packet(bytes({0x00})) + frame_packet(bytes({0x01, 0, 0, 0, 0, 0, 0, 0, 42}))));
    StatusInfo expected;
    expected.online = 4;
    expected.motd = "A §amobsdk§r world";
    BOOST_TEST(read_to_close(f.io, s) == encode_status_response(expected) + encode_pong(42));
    BOOST_TEST(run_until(f.io, [&] { return f.server->connection_count() == 0; }));
}

BOOST_AUTO_TEST_CASE(server_answers_legacy_pings_and_refuses_logins) {
    auto options = Fixture::base_options();
    options.legacy_wait = 20ms;
    Fixture f(options);
    StatusInfo expected;
    expected.motd = "A §amobsdk§r world";

    auto v14 = f.connect();
    asio::write(v14, asio::buffer(bytes({0xFE, 0x01})));
    BOOST_TEST(read_to_close(f.io, v14) == encode_legacy_kick(LegacyPingForm::V1_4, expected));

    auto beta = f.connect();
    asio::write(beta, asio::buffer(bytes({0xFE})));
    BOOST_TEST(read_to_close(f.io, beta) == encode_legacy_kick(LegacyPingForm::Beta, expected));

    auto v16 = f.connect();
    asio::write(v16, asio::buffer(ping_1_6(u"127.0.0.1", 25565)));
    BOOST_TEST(read_to_close(f.io, v16) == encode_legacy_kick(LegacyPingForm::V1_6, expected));

    auto login = f.connect();
    asio::write(login, asio::buffer(encode_handshake({765, "localhost", 25565, HandshakeIntent::Login})));
    BOOST_TEST(read_to_close(f.io, login) == encode_login_disconnect(kLoginRefusedMessage));
}

BOOST_AUTO_TEST_CASE(server_drops_garbage_and_silent_connections) {
    auto options = Fixture::base_options();
    options.idle_timeout = 100ms;
    Fixture f(options);
    auto garbage = f.connect();
    asio::write(garbage, asio::buffer(bytes({0xFF, 0xFF, 0xFF, 0xFF, 0x0F})));
    BOOST_TEST(read_to_close(f.io, garbage).empty());
    auto silent = f.connect();
    BOOST_TEST(read_to_close(f.io, silent).empty());
    auto half = f.connect();  // a handshake that never finishes
    asio::write(half, asio::buffer(bytes({0x10, 0x00})));
    BOOST_TEST(read_to_close(f.io, half).empty());
    BOOST_TEST(run_until(f.io, [&] { return f.server->connection_count() == 0; }));
    BOOST_TEST(f.log.contains("frame length is longer than 3 bytes"));
}

BOOST_AUTO_TEST_CASE(server_bind_failure_cap_and_stop) {
    auto options = Fixture::base_options();
    options.max_connections = 1;
    Fixture f(options);
    asio::io_context io;
    auto clash_options = Fixture::base_options();
    clash_options.port = f.server->port();
    StatusServer clash(
        io, clash_options, [] { return StatusInfo{}; }, nullptr);
    auto error = clash.start();
    BOOST_REQUIRE(error);
    BOOST_TEST(error->find("Failed to bind to 127.0.0.1:" + std::to_string(f.server->port())) == 0u);

    auto first = f.connect();
    BOOST_REQUIRE(run_until(f.io, [&] { return f.server->connection_count() == 1; }));
    auto second = f.connect();
    BOOST_TEST(read_to_close(f.io, second).empty());
    f.server->stop();
    BOOST_TEST(read_to_close(f.io, first).empty());
    BOOST_TEST(run_until(f.io, [&] { return f.server->connection_count() == 0; }));
}

BOOST_AUTO_TEST_CASE(protocol_reports_the_handshake_intent) {
    auto status = make_protocol();
    BOOST_TEST(!status.intent().has_value());
    status.feed(encode_handshake({765, "localhost", 25565, HandshakeIntent::Status}));
    BOOST_TEST((status.intent() == HandshakeIntent::Status));
    auto login = make_protocol();
    login.feed(encode_handshake({765, "localhost", 25565, HandshakeIntent::Login}));
    BOOST_TEST((login.intent() == HandshakeIntent::Login));
}

BOOST_AUTO_TEST_CASE(trickling_connection_is_closed_at_the_handshake_deadline) {
    auto options = Fixture::base_options();
    options.handshake_timeout = 300ms;  // the idle timeout stays 30 s: every byte would reset it
    Fixture f(options);
    // A valid handshake whose 200-character address takes 20 s at this pace: it never completes.
    Trickle slow(f.io, f.server->port(), encode_handshake({765, std::string(200, 'a'), 25565, HandshakeIntent::Status}),
                 100ms);
    BOOST_REQUIRE(run_until(f.io, [&] { return slow.closed(); }));
    BOOST_TEST(slow.sent() >= 2u);
    BOOST_TEST(slow.open_for() >= 290ms);
    BOOST_TEST(slow.open_for() < 1500ms);
    BOOST_TEST(
        f.log.contains("DEBUG Closing connection from /127.0.0.1: "
                       "handshake and status not finished within 300 ms"));
    BOOST_TEST(run_until(f.io, [&] { return f.server->connection_count() == 0; }));
}

BOOST_AUTO_TEST_CASE(pending_limit_per_address_spares_other_addresses) {
    auto options = Fixture::base_options();
    options.max_pending_per_address = 2;
    Fixture f(options);
    auto first = f.connect();
    auto second = f.connect();
    BOOST_REQUIRE(run_until(f.io, [&] { return f.server->connection_count() == 2; }));
    auto third = f.connect();
    BOOST_TEST(read_to_close(f.io, third).empty());
    BOOST_TEST(
        f.log.contains("DEBUG Refused connection from /127.0.0.1: "
                       "already 2 pending connections from this address"));
    BOOST_TEST(f.server->connection_count() == 2u);

    // Another address is served while 127.0.0.1 is at its limit.
    StatusInfo expected;
    expected.motd = "A §amobsdk§r world";
    const std::string ping = encode_handshake({765, "localhost", 25565, HandshakeIntent::Status}) +
                             frame_packet(bytes({0x00})) + frame_packet(bytes({0x01, 0, 0, 0, 0, 0, 0, 0, 7}));
    auto other = connect_loopback(f.io, f.server->port(), "127.0.0.2");
    asio::write(other, asio::buffer(ping));
    BOOST_TEST(read_to_close(f.io, other) == encode_status_response(expected) + encode_pong(7));

    // A closed pending connection frees its address's place.
    first.close();
    BOOST_REQUIRE(run_until(f.io, [&] { return f.server->connection_count() == 1; }));
    auto again = f.connect();
    asio::write(again, asio::buffer(ping));
    BOOST_TEST(read_to_close(f.io, again) == encode_status_response(expected) + encode_pong(7));
}

BOOST_AUTO_TEST_SUITE_END()
