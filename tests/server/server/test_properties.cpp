// server.properties: vanilla defaults, the Java Properties syntax, errors that name the key and
// line, the round trip through write_properties, load_or_create and command-line overrides.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "mobserver/server/properties.hpp"
#include "server/temp_dir.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
using namespace mobsdk::server::test;

namespace {

ServerProperties parse_ok(std::string_view text) {
    auto r = parse_properties(text);
    BOOST_REQUIRE_MESSAGE(r.has_value(), (r ? std::string() : r.error().to_string()));
    return *r;
}

PropertiesError parse_err(std::string_view text) {
    auto r = parse_properties(text);
    BOOST_REQUIRE(!r.has_value());
    return r.error();
}

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(properties)

BOOST_AUTO_TEST_CASE(defaults_are_vanillas_and_ours) {
    const ServerProperties p;
    BOOST_TEST(p.server_ip == "");
    BOOST_TEST(p.server_port == 25565);
    BOOST_TEST(p.enable_rcon == false);
    BOOST_TEST(p.rcon_port == 25575);
    BOOST_TEST(p.rcon_password == "");
    BOOST_TEST(p.level_name == "world");
    BOOST_TEST(p.level_seed == "");
    BOOST_TEST((p.level_type == LevelType::Flat));
    BOOST_TEST(p.motd == "A Minecraft Server");
    BOOST_TEST(p.max_players == 20);
    BOOST_TEST(p.view_distance == 10);
    BOOST_TEST(p.simulation_distance == 10);
    BOOST_TEST(static_cast<int>(p.difficulty) == static_cast<int>(Difficulty::Easy));
    BOOST_TEST(static_cast<int>(p.memory_expiry) == static_cast<int>(MemoryExpiry::Modern));
    BOOST_TEST(p.plugins_dir == "plugins");
    BOOST_TEST(p.spawn_chunk_radius == 2);
    BOOST_TEST(p.other.empty());
    // An empty file is all defaults.
    BOOST_TEST((parse_ok("") == p));
}

BOOST_AUTO_TEST_CASE(parses_every_key) {
    const ServerProperties p = parse_ok(
        "server-ip=127.0.0.1\n"
        "server-port=25566\n"
        "enable-rcon=TRUE\n"
        "rcon.port=25580\n"
        "rcon.password=s3cret\n"
        "level-name=mobs\n"
        "level-seed=-42\n"
        "level-type=mobsdk:void\n"
        "motd=Hello there\n"
        "max-players=5\n"
        "view-distance=12\n"
        "simulation-distance=6\n"
        "difficulty=hard\n"
        "memory-expiry=legacy\n"
        "plugins-dir=/opt/mobs/plugins\n"
        "spawn-chunk-radius=0\n");
    BOOST_TEST(p.server_ip == "127.0.0.1");
    BOOST_TEST(p.server_port == 25566);
    BOOST_TEST(p.enable_rcon);
    BOOST_TEST(p.rcon_port == 25580);
    BOOST_TEST(p.rcon_password == "s3cret");
    BOOST_TEST(p.level_name == "mobs");
    BOOST_TEST(p.level_seed == "-42");
    BOOST_TEST((p.level_type == LevelType::Void));
    BOOST_TEST(p.motd == "Hello there");
    BOOST_TEST(p.max_players == 5);
    BOOST_TEST(p.view_distance == 12);
    BOOST_TEST(p.simulation_distance == 6);
    BOOST_TEST((p.difficulty == Difficulty::Hard));
    BOOST_TEST((p.memory_expiry == MemoryExpiry::Legacy));
    BOOST_TEST(p.plugins_dir == "/opt/mobs/plugins");
    BOOST_TEST(p.spawn_chunk_radius == 0);
    BOOST_TEST(p.other.empty());
}

BOOST_AUTO_TEST_CASE(reliability_keys_parse_and_check_their_ranges) {
    const ServerProperties d;
    BOOST_TEST(d.max_tick_time == 60000);  // vanilla's default
    BOOST_TEST(d.plugins_disabled.empty());
    const ServerProperties p = parse_ok(
        "max-tick-time=-1\n"
        "plugins-disabled= allay , monsters,,allay\n"
        "network-max-connections=100\n"
        "network-max-pending-per-address=2\n"
        "network-handshake-timeout-ms=1500\n"
        "network-login-timeout-ms=2500\n"
        "rcon.max-connections=3\n"
        "rcon.max-pending-per-address=1\n"
        "rcon.login-timeout-ms=700\n");
    BOOST_TEST(p.max_tick_time == -1);
    BOOST_TEST(!d.debug);
    BOOST_TEST(parse_ok("debug=true\n").debug);
    BOOST_TEST((p.plugins_disabled == std::vector<std::string>{"allay", "monsters"}));  // trimmed, once each
    BOOST_TEST(p.network_max_connections == 100);
    BOOST_TEST(p.network_max_pending_per_address == 2);
    BOOST_TEST(p.network_handshake_timeout_ms == 1500);
    BOOST_TEST(p.network_login_timeout_ms == 2500);
    BOOST_TEST(p.rcon_max_connections == 3);
    BOOST_TEST(p.rcon_max_pending_per_address == 1);
    BOOST_TEST(p.rcon_login_timeout_ms == 700);
    BOOST_TEST((parse_ok(write_properties(p, 0)) == p));
    BOOST_TEST(contains(write_properties(p, 0), "\nplugins-disabled=allay,monsters\n"));

    const PropertiesError bad_id = parse_err("plugins-disabled=allay,Bad Plugin\n");
    BOOST_TEST(bad_id.key == "plugins-disabled");
    BOOST_TEST(contains(bad_id.message, "\"Bad Plugin\" is not a plugin id"));
    BOOST_TEST(parse_err("max-tick-time=-2\n").key == "max-tick-time");
    BOOST_TEST(parse_err("network-max-pending-per-address=0\n").key == "network-max-pending-per-address");
    BOOST_TEST(parse_err("rcon.login-timeout-ms=5\n").key == "rcon.login-timeout-ms");
}

BOOST_AUTO_TEST_CASE(difficulty_accepts_names_and_ids) {
    BOOST_TEST((parse_ok("difficulty=0").difficulty == Difficulty::Peaceful));
    BOOST_TEST((parse_ok("difficulty=1").difficulty == Difficulty::Easy));
    BOOST_TEST((parse_ok("difficulty=2").difficulty == Difficulty::Normal));
    BOOST_TEST((parse_ok("difficulty=3").difficulty == Difficulty::Hard));
    BOOST_TEST((parse_ok("difficulty=peaceful").difficulty == Difficulty::Peaceful));
    BOOST_TEST((parse_ok("difficulty=Normal").difficulty == Difficulty::Normal));
    // A number is written back by name, as vanilla does.
    BOOST_TEST(contains(write_properties(parse_ok("difficulty=2"), 0), "\ndifficulty=normal\n"));
}

BOOST_AUTO_TEST_CASE(level_type_accepts_vanilla_presets_and_ours) {
    BOOST_TEST((parse_ok("level-type=minecraft\\:flat").level_type == LevelType::Flat));
    BOOST_TEST((parse_ok("level-type=flat").level_type == LevelType::Flat));
    BOOST_TEST((parse_ok("level-type=void").level_type == LevelType::Void));
    BOOST_TEST((parse_ok("level-type=minecraft:normal").level_type == LevelType::Normal));
    BOOST_TEST((parse_ok("level-type=default").level_type == LevelType::Normal));
    BOOST_TEST((parse_ok("level-type=largeBiomes").level_type == LevelType::LargeBiomes));
    BOOST_TEST((parse_ok("level-type=minecraft:amplified").level_type == LevelType::Amplified));
    BOOST_TEST((parse_ok("level-type=single_biome_surface").level_type == LevelType::SingleBiomeSurface));
    BOOST_TEST((parse_ok("level-type=minecraft:debug_all_block_states").level_type == LevelType::Debug));
    BOOST_TEST(supported_by_reference_server(LevelType::Flat));
    BOOST_TEST(supported_by_reference_server(LevelType::Void));
    BOOST_TEST(!supported_by_reference_server(LevelType::Normal));
    BOOST_TEST(!supported_by_reference_server(LevelType::Amplified));
    BOOST_TEST(level_type_id(LevelType::Flat) == "minecraft:flat");
    BOOST_TEST(level_type_id(LevelType::Void) == "mobsdk:void");
    BOOST_TEST(level_type_id(LevelType::LargeBiomes) == "minecraft:large_biomes");
}

BOOST_AUTO_TEST_CASE(comments_blank_lines_separators_and_whitespace) {
    const ServerProperties p = parse_ok(
        "#Minecraft server properties\n"
        "  # an indented comment\n"
        "! a bang comment\n"
        "\n"
        "   \t\n"
        "   server-port = 25570\n"  // blanks around '='
        "rcon.port:25590\n"         // ':' separates
        "motd   Just spaces\n"      // a blank separates too
        "level-name=  lead  \n"     // leading blanks of a value go, trailing ones stay
        "max-players=7   \r\n"      // CRLF; typed values tolerate trailing blanks
        "view-distance=9\r"         // a lone CR ends a line
        "simulation-distance=4");   // no final newline
    BOOST_TEST(p.server_port == 25570);
    BOOST_TEST(p.rcon_port == 25590);
    BOOST_TEST(p.motd == "Just spaces");
    BOOST_TEST(p.level_name == "lead  ");
    BOOST_TEST(p.max_players == 7);
    BOOST_TEST(p.view_distance == 9);
    BOOST_TEST(p.simulation_distance == 4);
    BOOST_TEST(p.other.empty());
}

BOOST_AUTO_TEST_CASE(escapes_and_continuations) {
    const ServerProperties p = parse_ok(
        "motd=tab\\there\\nnew \\u00A7aGreen \\\\ back \\= \\: \\# \\!\n"
        "my\\ key\\=x=value\n"
        "level-name=wo\\\n"
        "     rld\n"  // continuation: the next line's leading blanks go
        "rcon.password=\\ lead\n"
        "emoji=\\uD83D\\uDE00\n"
        "# a comment ending in a backslash does not continue \\\n"
        "server-port=25571\n"
        "odd=ends in two backslashes \\\\\n"
        "server-ip=1.2.3.4\n");
    BOOST_TEST(p.motd == "tab\there\nnew \u00A7aGreen \\ back = : # !");
    BOOST_TEST(p.other.at("my key=x") == "value");
    BOOST_TEST(p.level_name == "world");
    BOOST_TEST(p.rcon_password == " lead");
    BOOST_TEST(p.other.at("emoji") == "\xF0\x9F\x98\x80");
    BOOST_TEST(p.server_port == 25571);
    BOOST_TEST(p.other.at("odd") == "ends in two backslashes \\");
    BOOST_TEST(p.server_ip == "1.2.3.4");
}

BOOST_AUTO_TEST_CASE(utf8_text_and_bom) {
    const ServerProperties p = parse_ok("\xEF\xBB\xBFmotd=Caf\xC3\xA9 \xE6\x80\xAA\xE7\x89\xA9\n");
    BOOST_TEST(p.motd == "Caf\xC3\xA9 \xE6\x80\xAA\xE7\x89\xA9");
}

BOOST_AUTO_TEST_CASE(later_duplicate_wins) {
    BOOST_TEST(parse_ok("server-port=1\nserver-port=2\n").server_port == 2);
    BOOST_TEST(parse_ok("x=1\nx=2\n").other.at("x") == "2");
}

BOOST_AUTO_TEST_CASE(bad_numbers_name_key_line_and_range) {
    auto e = parse_err("# c\n\nserver-port=abc\n");
    BOOST_TEST(e.key == "server-port");
    BOOST_TEST(e.line == 3u);
    BOOST_TEST(contains(e.message, "not a whole number"));
    BOOST_TEST(contains(e.message, "1–65535"));
    BOOST_TEST(contains(e.to_string(), "line 3: server-port: "));

    e = parse_err("rcon.port=70000\n");
    BOOST_TEST(e.key == "rcon.port");
    BOOST_TEST(e.line == 1u);
    BOOST_TEST(contains(e.message, "out of range"));
    BOOST_TEST(contains(e.message, "1–65535"));

    e = parse_err("a=1\nview-distance=1\n");
    BOOST_TEST(e.key == "view-distance");
    BOOST_TEST(e.line == 2u);
    BOOST_TEST(contains(e.message, "2–32"));

    BOOST_TEST(parse_err("simulation-distance=33").key == "simulation-distance");
    BOOST_TEST(parse_err("spawn-chunk-radius=33").key == "spawn-chunk-radius");
    BOOST_TEST(parse_err("spawn-chunk-radius=-1").key == "spawn-chunk-radius");
    BOOST_TEST(parse_err("max-players=-1").key == "max-players");
    BOOST_TEST(contains(parse_err("max-players=99999999999").message, "out of range"));
    BOOST_TEST(contains(parse_err("server-port=12.5").message, "not a whole number"));
    BOOST_TEST(contains(parse_err("server-port=").message, "not a whole number"));
    BOOST_TEST(parse_ok("server-port=+25565").server_port == 25565);
}

BOOST_AUTO_TEST_CASE(bad_enums_and_booleans_list_allowed_values) {
    auto e = parse_err("difficulty=extreme\n");
    BOOST_TEST(e.key == "difficulty");
    BOOST_TEST(e.line == 1u);
    BOOST_TEST(contains(e.message, "peaceful, easy, normal, hard or 0–3"));
    BOOST_TEST(contains(parse_err("difficulty=4").message, "not a difficulty"));

    e = parse_err("\n\nlevel-type=minecraft:nether\n");
    BOOST_TEST(e.key == "level-type");
    BOOST_TEST(e.line == 3u);
    BOOST_TEST(contains(e.message, "minecraft:flat or mobsdk:void"));

    e = parse_err("memory-expiry=sometimes");
    BOOST_TEST(e.key == "memory-expiry");
    BOOST_TEST(contains(e.message, "modern or legacy"));

    e = parse_err("enable-rcon=yes");
    BOOST_TEST(e.key == "enable-rcon");
    BOOST_TEST(contains(e.message, "true or false"));

    BOOST_TEST(contains(parse_err("level-name=").message, "must not be empty"));
    BOOST_TEST(parse_err("plugins-dir=  ").key == "plugins-dir");
}

BOOST_AUTO_TEST_CASE(error_line_is_where_a_continued_entry_starts) {
    const auto e = parse_err("a=1\nserver-port=1\\\n  0\\\n  x\n");
    BOOST_TEST(e.key == "server-port");
    BOOST_TEST(e.line == 2u);
}

BOOST_AUTO_TEST_CASE(malformed_unicode_escape_is_an_error) {
    auto e = parse_err("x=1\nmotd=bad \\u12G4\n");
    BOOST_TEST(e.key == "motd");
    BOOST_TEST(e.line == 2u);
    BOOST_TEST(contains(e.message, "\\uXXXX"));
    BOOST_TEST(parse_err("motd=\\u12").line == 1u);
}

BOOST_AUTO_TEST_CASE(size_limits) {
    std::string big(kMaxPropertiesFileBytes + 1, '#');
    auto e = parse_err(big);
    BOOST_TEST(contains(e.message, "larger than the limit"));

    std::string long_line = "a=1\nmotd=" + std::string(kMaxPropertiesLineBytes, 'x') + "\n";
    e = parse_err(long_line);
    BOOST_TEST(e.line == 2u);
    BOOST_TEST(contains(e.message, "longer than the limit"));

    // A line of exactly the limit is fine.
    const std::string ok = "motd=" + std::string(kMaxPropertiesLineBytes - 5, 'x');
    BOOST_TEST(parse_ok(ok).motd.size() == kMaxPropertiesLineBytes - 5);
}

BOOST_AUTO_TEST_CASE(writes_vanillas_layout) {
    ServerProperties p;
    p.other["pvp"] = "true";
    const std::string text = write_properties(p, 0);
    BOOST_TEST(text.starts_with("#Minecraft server properties\n#Thu Jan 01 00:00:00 UTC 1970\n"));
    // Sorted keys; ':' escaped in values as Java does.
    const std::string body = text.substr(text.find("1970\n") + 5);
    BOOST_TEST(body ==
               "allow-flight=false\n"
               "debug=false\n"
               "debug-web-ip=127.0.0.1\n"
               "debug-web-port=0\n"
               "default-gamemode=survival\n"
               "difficulty=easy\n"
               "enable-rcon=false\n"
               "enforce-whitelist=false\n"
               "level-name=world\n"
               "level-seed=\n"
               "level-type=minecraft\\:flat\n"
               "max-players=20\n"
               "max-tick-time=60000\n"
               "memory-expiry=modern\n"
               "motd=A Minecraft Server\n"
               "network-compression-threshold=256\n"
               "network-handshake-timeout-ms=5000\n"
               "network-keep-alive-ms=15000\n"
               "network-login-timeout-ms=30000\n"
               "network-max-connections=64\n"
               "network-max-pending-per-address=8\n"
               "network-max-queued-bytes=33554432\n"
               "online-mode=false\n"
               "op-permission-level=4\n"
               "plugins-dir=plugins\n"
               "plugins-disabled=\n"
               "pvp=true\n"
               "rcon.login-timeout-ms=5000\n"
               "rcon.max-connections=16\n"
               "rcon.max-pending-per-address=4\n"
               "rcon.password=\n"
               "rcon.port=25575\n"
               "server-ip=\n"
               "server-port=25565\n"
               "simulation-distance=10\n"
               "spawn-chunk-radius=2\n"
               "view-distance=10\n"
               "white-list=false\n");
}

BOOST_AUTO_TEST_CASE(player_keys) {
    const ServerProperties d;
    BOOST_TEST(!d.online_mode);  // ours: vanilla's default is true
    BOOST_TEST(d.network_compression_threshold == 256);
    BOOST_TEST(d.default_gamemode == "survival");
    const ServerProperties p = parse_ok(
        "online-mode=true\nnetwork-compression-threshold=-1\ndefault-gamemode=3\nwhite-list=true\n"
        "network-keep-alive-ms=500\nnetwork-max-queued-bytes=1048576\nallow-flight=true\n");
    BOOST_TEST(p.online_mode);
    BOOST_TEST(p.network_max_queued_bytes == 1048576);
    BOOST_TEST(p.allow_flight);
    BOOST_TEST(!d.allow_flight);
    BOOST_TEST(d.network_max_queued_bytes == 32 * 1024 * 1024);
    BOOST_TEST(parse_err("network-max-queued-bytes=100\n").key == "network-max-queued-bytes");
    BOOST_TEST(p.network_compression_threshold == -1);
    BOOST_TEST(p.default_gamemode == "spectator");  // written by name, as vanilla
    BOOST_TEST(p.white_list);
    BOOST_TEST(p.network_keep_alive_ms == 500);
    BOOST_TEST(parse_ok("default-gamemode=Creative\n").default_gamemode == "creative");
    const auto e = parse_err("default-gamemode=flying\n");
    BOOST_TEST(e.key == "default-gamemode");
    BOOST_TEST(contains(e.message, "is not a game mode"));
}

BOOST_AUTO_TEST_CASE(ops_and_whitelist_keys) {
    const ServerProperties d;
    BOOST_TEST(d.op_permission_level == 4);
    BOOST_TEST(!d.enforce_whitelist);
    const ServerProperties p = parse_ok("op-permission-level=2\nenforce-whitelist=true\n");
    BOOST_TEST(p.op_permission_level == 2);
    BOOST_TEST(p.enforce_whitelist);
    BOOST_TEST(parse_err("op-permission-level=5\n").key == "op-permission-level");
    BOOST_TEST(parse_err("op-permission-level=0\n").key == "op-permission-level");
}

BOOST_AUTO_TEST_CASE(update_property_changes_one_line_and_keeps_the_rest) {
    TempDir dir("properties-update");
    write_text(dir / "server.properties", "# my server\nmotd=Hi\nwhite-list = false\n\n# end\nserver-port=25570\n");
    BOOST_REQUIRE(update_property(dir.path, "white-list", "true").has_value());
    BOOST_TEST(read_text(dir / "server.properties") ==
               "# my server\nmotd=Hi\nwhite-list=true\n\n# end\nserver-port=25570\n");
    // A key the file lacks is appended; a key that only starts the same is not touched.
    write_text(dir / "server.properties", "white-list-extra=1\nmotd=Hi");
    BOOST_REQUIRE(update_property(dir.path, "white-list", "false").has_value());
    BOOST_TEST(read_text(dir / "server.properties") == "white-list-extra=1\nmotd=Hi\nwhite-list=false\n");
    BOOST_TEST(!std::filesystem::exists(dir / "server.properties.tmp"));
    BOOST_TEST(!update_property(dir / "missing", "white-list", "true").has_value());
}

BOOST_AUTO_TEST_CASE(escapes_when_writing_as_java_does) {
    ServerProperties p;
    p.motd = " lead = : # ! \\ \t\n\r\f\x01 end";
    p.other["a key"] = "v";
    const std::string text = write_properties(p, 0);
    BOOST_TEST(contains(text, "\nmotd=\\ lead \\= \\: \\# \\! \\\\ \\t\\n\\r\\f\\u0001 end\n"));
    BOOST_TEST(contains(text, "\na\\ key=v\n"));
}

BOOST_AUTO_TEST_CASE(round_trip_keeps_every_value_and_unknown_keys) {
    ServerProperties p = parse_ok(
        "white-list=true\n"
        "pvp=false\n"
        "resource-pack-prompt=  odd: value = with # and ! \\\\\n"
        "level-type=largebiomes\n"
        "difficulty=0\n");
    p.motd = "  \u00A7cRed\tmotd\n2nd line\\ \u602A";
    p.rcon_password = "p=a:s s#!";
    p.level_seed = " -123 ";
    p.plugins_dir = "my plugins";
    p.other["weird key:=#!"] = "x";
    p.other["\xE6\x80\xAA"] = "\xE7\x89\xA9";
    const ServerProperties back = parse_ok(write_properties(p, 1'700'000'000));
    BOOST_TEST((back == p));
    BOOST_TEST(back.white_list);
    BOOST_TEST(back.other.at("resource-pack-prompt") == "odd: value = with # and ! \\");
    // And the defaults survive too.
    BOOST_TEST((parse_ok(write_properties(ServerProperties{})) == ServerProperties{}));
}

BOOST_AUTO_TEST_CASE(load_or_create_writes_defaults_then_reads_them_back) {
    TempDir dir("props-defaults");
    const auto folder = dir / "server";  // not there yet: load_or_create makes it
    const auto file = folder / "server.properties";
    auto first = load_or_create(folder);
    BOOST_REQUIRE(first.has_value());
    BOOST_TEST((*first == ServerProperties{}));
    BOOST_REQUIRE(std::filesystem::exists(file));
    BOOST_TEST(!std::filesystem::exists(folder / "server.properties.tmp"));
    const std::string text = read_text(file);
    BOOST_TEST(text.starts_with("#Minecraft server properties\n#"));
    BOOST_TEST(contains(text, "\nserver-port=25565\n"));

    // The second start reads the file, including an edit the user made.
    {
        std::ofstream out(file, std::ios::app);
        out << "server-port=25599\nwhite-list=true\n";
    }
    auto second = load_or_create(folder);
    BOOST_REQUIRE(second.has_value());
    BOOST_TEST(second->server_port == 25599);
    BOOST_TEST(second->white_list);
}

BOOST_AUTO_TEST_CASE(load_or_create_fills_in_missing_keys_and_leaves_a_complete_file_alone) {
    TempDir dir("props-fill");
    const auto file = dir / "server.properties";
    write_text(file, "# my notes\nmotd=hi\nwhite-list=true\n");
    auto r = load_or_create(dir.path);
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST(r->motd == "hi");
    // Rewritten as vanilla writes it at start-up: every key, the user's values and unknown keys.
    const std::string text = read_text(file);
    BOOST_TEST(text.starts_with("#Minecraft server properties\n#"));
    BOOST_TEST(contains(text, "\nmotd=hi\n"));
    BOOST_TEST(contains(text, "\nwhite-list=true\n"));
    BOOST_TEST(contains(text, "\nspawn-chunk-radius=2\n"));
    // A complete file (here with a comment of the user's) is not touched.
    const std::string complete = text + "# keep me\n";
    write_text(file, complete);
    BOOST_REQUIRE(load_or_create(dir.path).has_value());
    BOOST_TEST(read_text(file) == complete);
}

BOOST_AUTO_TEST_CASE(load_or_create_reports_a_bad_file_and_does_not_rewrite_it) {
    TempDir dir("props-bad");
    const auto file = dir / "server.properties";
    write_text(file, "motd=hi\nmax-players=lots\n");
    auto r = load_or_create(dir.path);
    BOOST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().key == "max-players");
    BOOST_TEST(r.error().line == 2u);
    BOOST_TEST(contains(r.error().message, "server.properties"));
    BOOST_TEST(read_text(file) == "motd=hi\nmax-players=lots\n");
}

BOOST_AUTO_TEST_CASE(load_or_create_refuses_an_oversized_file) {
    TempDir dir("props-oversized");
    write_text(dir / "server.properties", std::string(kMaxPropertiesFileBytes + 10, '#'));
    auto r = load_or_create(dir.path);
    BOOST_REQUIRE(!r.has_value());
    BOOST_TEST(contains(r.error().message, "larger than the limit"));
}

BOOST_AUTO_TEST_CASE(overrides_replace_file_values) {
    ServerProperties p;
    auto r = apply_overrides(p, {{"--port", "30000"},
                                 {"--rcon-port", "30001"},
                                 {"--rcon-password", "pw"},
                                 {"--world", "arena"},
                                 {"--plugins", "/srv/plugins"},
                                 {"--seed", "12345"}});
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST(p.server_port == 30000);
    BOOST_TEST(p.rcon_port == 30001);
    BOOST_TEST(p.rcon_password == "pw");
    BOOST_TEST(p.level_name == "arena");
    BOOST_TEST(p.plugins_dir == "/srv/plugins");
    BOOST_TEST(p.level_seed == "12345");
    BOOST_TEST(!p.enable_rcon);  // --rcon-port does not switch RCON on by itself
}

BOOST_AUTO_TEST_CASE(override_errors_name_the_flag_and_change_nothing) {
    ServerProperties p;
    auto r = apply_overrides(p, {{"--world", "arena"}, {"--port", "0"}});
    BOOST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().key == "--port");
    BOOST_TEST(r.error().line == 0u);
    BOOST_TEST(contains(r.error().message, "1–65535"));
    BOOST_TEST(contains(r.error().message, "server-port"));
    BOOST_TEST(p.level_name == "world");  // the earlier flag was not applied either

    r = apply_overrides(p, {{"--rcon-port", "x"}});
    BOOST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().key == "--rcon-port");
    BOOST_TEST(contains(r.error().message, "not a whole number"));

    r = apply_overrides(p, {{"--world", ""}});
    BOOST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().key == "--world");

    r = apply_overrides(p, {{"--plugins", ""}});
    BOOST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().key == "--plugins");

    r = apply_overrides(p, {{"--max-players", "3"}});
    BOOST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().key == "--max-players");
    BOOST_TEST(contains(r.error().message, "unknown flag"));
    BOOST_TEST((p == ServerProperties{}));
}

BOOST_AUTO_TEST_CASE(debug_view_keys_and_flag) {
    ServerProperties p;
    BOOST_TEST(p.debug_web_port == 0);  // off by default
    BOOST_TEST(p.debug_web_ip == "127.0.0.1");
    auto parsed = parse_properties("debug-web-port=8080\ndebug-web-ip=0.0.0.0 \n");
    BOOST_REQUIRE(parsed.has_value());
    BOOST_TEST(parsed->debug_web_port == 8080);
    BOOST_TEST(parsed->debug_web_ip == "0.0.0.0");
    BOOST_TEST(!parse_properties("debug-web-port=65536\n").has_value());
    BOOST_TEST(!parse_properties("debug-web-ip=\n").has_value());
    BOOST_REQUIRE(apply_overrides(p, {{"--debug-web", "9000"}}).has_value());
    BOOST_TEST(p.debug_web_port == 9000);
    const auto bad = apply_overrides(p, {{"--debug-web", "-1"}});
    BOOST_REQUIRE(!bad.has_value());
    BOOST_TEST(bad.error().key == "--debug-web");
    BOOST_TEST(p.debug_web_port == 9000);
}

BOOST_AUTO_TEST_CASE(level_seed_as_vanilla_reads_it) {
    BOOST_TEST(!parse_level_seed("").has_value());
    BOOST_TEST(!parse_level_seed("   ").has_value());
    BOOST_TEST(*parse_level_seed("12345") == 12345);
    BOOST_TEST(*parse_level_seed(" -9223372036854775808 ") == INT64_MIN);
    // Text that is not a number is Java's String.hashCode.
    BOOST_TEST(*parse_level_seed("a") == 97);
    BOOST_TEST(*parse_level_seed("hello") == 99162322);
    BOOST_TEST(*parse_level_seed("Glacier") == 1772835215);
    // One past Long.MAX_VALUE is not a long, so it is hashed.
    BOOST_TEST(*parse_level_seed("9223372036854775808") != INT64_MIN);
    // A code point above U+FFFF counts as its two UTF-16 units: 0xD83D * 31 + 0xDE00.
    BOOST_TEST(*parse_level_seed("\xF0\x9F\x98\x80") == 0xD83D * 31 + 0xDE00);
}

BOOST_AUTO_TEST_SUITE_END()
