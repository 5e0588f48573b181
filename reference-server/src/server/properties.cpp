// server.properties in Java's Properties format: the reader follows java.util.Properties.load
// (logical lines, separators, escapes), the writer follows Properties.store with sorted keys.
#include "mobserver/server/properties.hpp"
#include "mobsdk/core/utf8.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <iterator>
#include <limits>
#include <system_error>

namespace mobsdk::server {
namespace {

constexpr std::string_view kFileName = "server.properties";

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\f'; }

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// Typed values tolerate trailing blanks (Java keeps them, and vanilla would then silently fall
// back to the default); strings keep them as Java does.
std::string_view trim_right(std::string_view s) {
    while (!s.empty() && (is_ws(s.back()) || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
    return s;
}

std::string quoted(std::string_view v) { return "\"" + std::string(v) + "\""; }

// --- typed values -------------------------------------------------------------------------

// A setter returns an empty string when it took the value, else what is wrong with it.
using SetError = std::string;

SetError set_int(std::int32_t& out, std::string_view raw, std::int32_t lo, std::int32_t hi) {
    const std::string_view v = trim_right(raw);
    std::int64_t n = 0;
    const char* first = v.data();
    const char* last = v.data() + v.size();
    if (!v.empty() && *first == '+') ++first;  // Integer.parseInt accepts a leading '+'
    const auto [ptr, ec] = std::from_chars(first, last, n);
    if (v.empty() || ec == std::errc::invalid_argument || ptr != last || (first != v.data() && *first == '-'))
        return quoted(v) + " is not a whole number (expected " + std::to_string(lo) + "–" + std::to_string(hi) + ")";
    if (ec == std::errc::result_out_of_range || n < lo || n > hi)
        return quoted(v) + " is out of range (expected " + std::to_string(lo) + "–" + std::to_string(hi) + ")";
    out = static_cast<std::int32_t>(n);
    return {};
}

SetError set_bool(bool& out, std::string_view raw) {
    const std::string v = lower(trim_right(raw));
    if (v == "true") {
        out = true;
        return {};
    }
    if (v == "false") {
        out = false;
        return {};
    }
    return quoted(trim_right(raw)) + " is not a boolean (expected true or false)";
}

SetError set_non_empty(std::string& out, std::string_view raw) {
    if (trim_right(raw).empty()) return "must not be empty";
    out = std::string(raw);
    return {};
}

constexpr std::int32_t kMaxInt = std::numeric_limits<std::int32_t>::max();

// A comma-separated list of plugin ids (blanks around each ignored, empty items skipped).
SetError set_id_list(std::vector<std::string>& out, std::string_view raw) {
    std::vector<std::string> ids;
    std::size_t start = 0;
    while (start <= raw.size()) {
        std::size_t end = raw.find(',', start);
        if (end == std::string_view::npos) end = raw.size();
        std::string_view item = raw.substr(start, end - start);
        while (!item.empty() && is_ws(item.front())) item.remove_prefix(1);
        item = trim_right(item);
        start = end + 1;
        if (item.empty()) continue;
        const bool valid = std::all_of(item.begin(), item.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
        });
        if (!valid) return quoted(item) + " is not a plugin id (ids use a-z, 0-9, '_', '-' and '.')";
        if (std::find(ids.begin(), ids.end(), item) == ids.end()) ids.emplace_back(item);
    }
    out = std::move(ids);
    return {};
}

std::string join_ids(const std::vector<std::string>& ids) {
    std::string out;
    for (const auto& id : ids) out += (out.empty() ? "" : ",") + id;
    return out;
}

constexpr std::array<std::string_view, 4> kDifficultyNames = {"peaceful", "easy", "normal", "hard"};

SetError set_difficulty(Difficulty& out, std::string_view raw) {
    const std::string_view v = trim_right(raw);
    if (v.size() == 1 && v[0] >= '0' && v[0] <= '3') {
        out = static_cast<Difficulty>(v[0] - '0');
        return {};
    }
    const std::string name = lower(v);
    for (std::size_t i = 0; i < kDifficultyNames.size(); ++i)
        if (name == kDifficultyNames[i]) {
            out = static_cast<Difficulty>(i);
            return {};
        }
    return quoted(v) + " is not a difficulty (expected peaceful, easy, normal, hard or 0–3)";
}

struct LevelTypeName {
    std::string_view id;
    LevelType type;
};
// Ids are written in the first spelling; the others are what vanilla also reads (a bare name
// takes the minecraft namespace, and `default`/`largebiomes` are its legacy names).
constexpr std::array<LevelTypeName, 13> kLevelTypes = {{
    {"minecraft:normal", LevelType::Normal},
    {"minecraft:flat", LevelType::Flat},
    {"minecraft:large_biomes", LevelType::LargeBiomes},
    {"minecraft:amplified", LevelType::Amplified},
    {"minecraft:single_biome_surface", LevelType::SingleBiomeSurface},
    {"minecraft:debug_all_block_states", LevelType::Debug},
    {"mobsdk:void", LevelType::Void},
    {"void", LevelType::Void},
    {"default", LevelType::Normal},
    {"largebiomes", LevelType::LargeBiomes},
    {"normal", LevelType::Normal},
    {"flat", LevelType::Flat},
    {"large_biomes", LevelType::LargeBiomes},
}};

SetError set_level_type(LevelType& out, std::string_view raw) {
    const std::string v = lower(trim_right(raw));
    for (const auto& e : kLevelTypes)
        if (v == e.id) {
            out = e.type;
            return {};
        }
    for (const auto& e : kLevelTypes)  // the remaining vanilla presets without their namespace
        if (e.id.starts_with("minecraft:") && v == e.id.substr(10)) {
            out = e.type;
            return {};
        }
    return quoted(trim_right(raw)) +
           " is not a level type (expected minecraft:flat or mobsdk:void, which the reference server "
           "generates, or a vanilla preset: minecraft:normal, minecraft:large_biomes, "
           "minecraft:amplified, minecraft:single_biome_surface, minecraft:debug_all_block_states)";
}

SetError set_memory_expiry(MemoryExpiry& out, std::string_view raw) {
    const std::string v = lower(trim_right(raw));
    if (v == "modern") {
        out = MemoryExpiry::Modern;
        return {};
    }
    if (v == "legacy") {
        out = MemoryExpiry::Legacy;
        return {};
    }
    return quoted(trim_right(raw)) + " is not a memory-expiry mode (expected modern or legacy)";
}

SetError set_game_mode(std::string& out, std::string_view raw) {
    static constexpr std::array<std::string_view, 4> names = {"survival", "creative", "adventure", "spectator"};
    const std::string v = lower(trim_right(raw));
    for (std::size_t i = 0; i < names.size(); ++i)
        if (v == names[i] || v == std::to_string(i)) {
            out = std::string(names[i]);
            return {};
        }
    return quoted(trim_right(raw)) + " is not a game mode (expected survival, creative, adventure or spectator)";
}

// Sets a known key; nullopt when the key is not one of ours.
std::optional<SetError> set_key(ServerProperties& p, std::string_view key, std::string_view value) {
    if (key == "server-ip") {
        p.server_ip = std::string(trim_right(value));
        return SetError{};
    }
    if (key == "server-port") return set_int(p.server_port, value, 1, 65535);
    if (key == "enable-rcon") return set_bool(p.enable_rcon, value);
    if (key == "rcon.port") return set_int(p.rcon_port, value, 1, 65535);
    if (key == "rcon.password") {
        p.rcon_password = std::string(value);
        return SetError{};
    }
    if (key == "level-name") return set_non_empty(p.level_name, value);
    if (key == "level-seed") {
        p.level_seed = std::string(value);
        return SetError{};
    }
    if (key == "level-type") return set_level_type(p.level_type, value);
    if (key == "motd") {
        p.motd = std::string(value);
        return SetError{};
    }
    if (key == "max-players") return set_int(p.max_players, value, 0, std::numeric_limits<std::int32_t>::max());
    if (key == "view-distance") return set_int(p.view_distance, value, 2, 32);
    if (key == "simulation-distance") return set_int(p.simulation_distance, value, 2, 32);
    if (key == "difficulty") return set_difficulty(p.difficulty, value);
    if (key == "memory-expiry") return set_memory_expiry(p.memory_expiry, value);
    if (key == "plugins-dir") return set_non_empty(p.plugins_dir, value);
    if (key == "spawn-chunk-radius") return set_int(p.spawn_chunk_radius, value, 0, 32);
    if (key == "debug") return set_bool(p.debug, value);
    if (key == "max-tick-time") return set_int(p.max_tick_time, value, -1, kMaxInt);
    if (key == "plugins-disabled") return set_id_list(p.plugins_disabled, value);
    if (key == "network-max-connections") return set_int(p.network_max_connections, value, 1, 100000);
    if (key == "network-max-pending-per-address") return set_int(p.network_max_pending_per_address, value, 1, 100000);
    if (key == "network-handshake-timeout-ms") return set_int(p.network_handshake_timeout_ms, value, 100, 600000);
    if (key == "network-login-timeout-ms") return set_int(p.network_login_timeout_ms, value, 100, 600000);
    if (key == "rcon.max-connections") return set_int(p.rcon_max_connections, value, 1, 100000);
    if (key == "rcon.max-pending-per-address") return set_int(p.rcon_max_pending_per_address, value, 1, 100000);
    if (key == "rcon.login-timeout-ms") return set_int(p.rcon_login_timeout_ms, value, 100, 600000);
    if (key == "online-mode") return set_bool(p.online_mode, value);
    if (key == "network-compression-threshold")
        return set_int(p.network_compression_threshold, value, std::numeric_limits<std::int32_t>::min(), kMaxInt);
    if (key == "default-gamemode") return set_game_mode(p.default_gamemode, value);
    if (key == "white-list") return set_bool(p.white_list, value);
    if (key == "enforce-whitelist") return set_bool(p.enforce_whitelist, value);
    if (key == "op-permission-level") return set_int(p.op_permission_level, value, 1, 4);
    if (key == "network-keep-alive-ms") return set_int(p.network_keep_alive_ms, value, 50, 600000);
    if (key == "network-max-queued-bytes") return set_int(p.network_max_queued_bytes, value, 65536, kMaxInt);
    if (key == "allow-flight") return set_bool(p.allow_flight, value);
    if (key == "debug-web-port") return set_int(p.debug_web_port, value, 0, 65535);
    if (key == "debug-web-ip") return set_non_empty(p.debug_web_ip, trim_right(value));
    return std::nullopt;
}

// --- reading ------------------------------------------------------------------------------

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Decodes Java escapes in a key or value; \uXXXX pairs that form a surrogate pair become one
// code point. Returns false on a malformed \uXXXX.
bool unescape(std::string_view in, std::string& out) {
    out.clear();
    std::uint32_t high = 0;  // a pending high surrogate
    for (std::size_t i = 0; i < in.size(); ++i) {
        char c = in[i];
        if (c != '\\' || i + 1 >= in.size()) {  // Java drops a lone trailing backslash
            if (c == '\\') break;
            if (high) {
                append_utf8(out, 0xFFFD);
                high = 0;
            }
            out += c;
            continue;
        }
        c = in[++i];
        if (c == 'u') {
            if (in.size() - i - 1 < 4) return false;
            std::uint32_t cp = 0;
            for (int k = 1; k <= 4; ++k) {
                const int d = hex_digit(in[i + static_cast<std::size_t>(k)]);
                if (d < 0) return false;
                cp = cp * 16 + static_cast<std::uint32_t>(d);
            }
            i += 4;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                if (high) append_utf8(out, 0xFFFD);
                high = cp;
                continue;
            }
            if (cp >= 0xDC00 && cp <= 0xDFFF) {
                append_utf8(out, high ? 0x10000 + ((high - 0xD800) << 10) + (cp - 0xDC00) : 0xFFFD);
                high = 0;
                continue;
            }
            if (high) {
                append_utf8(out, 0xFFFD);
                high = 0;
            }
            append_utf8(out, cp);
            continue;
        }
        if (high) {
            append_utf8(out, 0xFFFD);
            high = 0;
        }
        switch (c) {
            case 't': out += '\t'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 'f': out += '\f'; break;
            default: out += c; break;  // \= \: \# \! \\ \space and any other char stand for themselves
        }
    }
    if (high) append_utf8(out, 0xFFFD);
    return true;
}

// True when the line ends in an odd number of backslashes (a continuation).
bool continues(std::string_view line) {
    std::size_t n = 0;
    while (n < line.size() && line[line.size() - 1 - n] == '\\') ++n;
    return n % 2 == 1;
}

PropertiesError error_at(std::string key, std::size_t line, std::string message) {
    return PropertiesError{std::move(key), line, std::move(message)};
}

// --- writing ------------------------------------------------------------------------------

// As Properties.store: backslash and the separators/comment chars are escaped, \t \n \r \f by
// name, other control characters as \uXXXX; spaces in keys, and a leading space in a value.
std::string escape(std::string_view s, bool is_key) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        switch (c) {
            case ' ':
                if (is_key || i == 0) out += '\\';
                out += ' ';
                break;
            case '\\': out += "\\\\"; break;
            case '\t': out += "\\t"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\f': out += "\\f"; break;
            case '=':
            case ':':
            case '#':
            case '!':
                out += '\\';
                out += c;
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
                    static constexpr char kHex[] = "0123456789ABCDEF";
                    const auto u = static_cast<unsigned char>(c);
                    out += "\\u00";
                    out += kHex[u >> 4];
                    out += kHex[u & 0xF];
                } else {
                    out += c;  // UTF-8 passes through, as store(Writer) does
                }
        }
    }
    return out;
}

std::string int_text(std::int32_t v) { return std::to_string(v); }

std::string java_date(std::time_t now) {
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[64];
    const std::size_t n = std::strftime(buf, sizeof buf, "%a %b %d %H:%M:%S UTC %Y", &tm);
    return std::string(buf, n);
}

}  // namespace

std::string PropertiesError::to_string() const {
    std::string out;
    if (line > 0) out += "line " + std::to_string(line) + ": ";
    if (!key.empty()) out += key + ": ";
    return out + message;
}

Result<ServerProperties, PropertiesError> parse_properties(std::string_view text) {
    if (text.size() > kMaxPropertiesFileBytes)
        return unexpected(error_at("", 0,
                                   "the file is " + std::to_string(text.size()) + " bytes, larger than the limit of " +
                                       std::to_string(kMaxPropertiesFileBytes)));
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);

    ServerProperties props;
    std::size_t pos = 0;
    std::size_t line_no = 0;
    std::string logical;
    std::string key;
    std::string value;

    // Next physical line (without its terminator), counting lines; \n, \r and \r\n all end one.
    auto next_line = [&](std::string_view& out) -> bool {
        if (pos >= text.size()) return false;
        std::size_t end = pos;
        while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
        out = text.substr(pos, end - pos);
        pos = end;
        if (pos < text.size() && text[pos] == '\r') ++pos;
        if (end < text.size() && text[end] == '\r' && pos < text.size() && text[pos] == '\n') ++pos;
        else if (end < text.size() && text[end] == '\n') ++pos;
        ++line_no;
        return true;
    };
    auto too_long = [&](std::string_view l) {
        return error_at("", line_no,
                        "line is " + std::to_string(l.size()) + " bytes, longer than the limit of " +
                            std::to_string(kMaxPropertiesLineBytes));
    };

    std::string_view phys;
    while (next_line(phys)) {
        if (phys.size() > kMaxPropertiesLineBytes) return unexpected(too_long(phys));
        const std::size_t start_line = line_no;
        std::size_t i = 0;
        while (i < phys.size() && is_ws(phys[i])) ++i;
        if (i == phys.size() || phys[i] == '#' || phys[i] == '!') continue;  // comments never continue
        logical.assign(phys.substr(i));
        while (continues(logical)) {
            logical.pop_back();
            std::string_view more;
            if (!next_line(more)) break;
            if (more.size() > kMaxPropertiesLineBytes) return unexpected(too_long(more));
            std::size_t j = 0;
            while (j < more.size() && is_ws(more[j])) ++j;
            logical.append(more.substr(j));
        }

        // The key ends at the first unescaped '=', ':' or blank.
        std::size_t k = 0;
        bool escaped = false;
        for (; k < logical.size(); ++k) {
            const char c = logical[k];
            if (escaped) {
                escaped = false;
                continue;
            }
            if (c == '\\') {
                escaped = true;
                continue;
            }
            if (c == '=' || c == ':' || is_ws(c)) break;
        }
        std::size_t v = k;
        while (v < logical.size() && is_ws(logical[v])) ++v;
        if (v < logical.size() && (logical[v] == '=' || logical[v] == ':')) ++v;
        while (v < logical.size() && is_ws(logical[v])) ++v;

        if (!unescape(std::string_view(logical).substr(0, k), key))
            return unexpected(
                error_at(std::string(logical.substr(0, k)), start_line, "malformed \\uXXXX escape in the key"));
        if (!unescape(std::string_view(logical).substr(v), value))
            return unexpected(error_at(key, start_line, "malformed \\uXXXX escape in the value"));

        if (auto err = set_key(props, key, value)) {
            if (!err->empty()) return unexpected(error_at(key, start_line, *err));
        } else {
            props.other[key] = value;  // a later duplicate wins, as in Java
        }
    }
    return props;
}

std::string write_properties(const ServerProperties& p, std::time_t now) {
    std::map<std::string, std::string> all = p.other;
    all["server-ip"] = p.server_ip;
    all["server-port"] = int_text(p.server_port);
    all["enable-rcon"] = p.enable_rcon ? "true" : "false";
    all["rcon.port"] = int_text(p.rcon_port);
    all["rcon.password"] = p.rcon_password;
    all["level-name"] = p.level_name;
    all["level-seed"] = p.level_seed;
    all["level-type"] = std::string(level_type_id(p.level_type));
    all["motd"] = p.motd;
    all["max-players"] = int_text(p.max_players);
    all["view-distance"] = int_text(p.view_distance);
    all["simulation-distance"] = int_text(p.simulation_distance);
    all["difficulty"] = std::string(kDifficultyNames[static_cast<std::size_t>(p.difficulty)]);
    all["memory-expiry"] = p.memory_expiry == MemoryExpiry::Modern ? "modern" : "legacy";
    all["plugins-dir"] = p.plugins_dir;
    all["spawn-chunk-radius"] = int_text(p.spawn_chunk_radius);
    all["debug"] = p.debug ? "true" : "false";
    all["max-tick-time"] = int_text(p.max_tick_time);
    all["plugins-disabled"] = join_ids(p.plugins_disabled);
    all["network-max-connections"] = int_text(p.network_max_connections);
    all["network-max-pending-per-address"] = int_text(p.network_max_pending_per_address);
    all["network-handshake-timeout-ms"] = int_text(p.network_handshake_timeout_ms);
    all["network-login-timeout-ms"] = int_text(p.network_login_timeout_ms);
    all["rcon.max-connections"] = int_text(p.rcon_max_connections);
    all["rcon.max-pending-per-address"] = int_text(p.rcon_max_pending_per_address);
    all["rcon.login-timeout-ms"] = int_text(p.rcon_login_timeout_ms);
    all["online-mode"] = p.online_mode ? "true" : "false";
    all["network-compression-threshold"] = int_text(p.network_compression_threshold);
    all["default-gamemode"] = p.default_gamemode;
    all["white-list"] = p.white_list ? "true" : "false";
    all["enforce-whitelist"] = p.enforce_whitelist ? "true" : "false";
    all["op-permission-level"] = int_text(p.op_permission_level);
    all["network-keep-alive-ms"] = int_text(p.network_keep_alive_ms);
    all["network-max-queued-bytes"] = int_text(p.network_max_queued_bytes);
    all["allow-flight"] = p.allow_flight ? "true" : "false";
    all["debug-web-port"] = int_text(p.debug_web_port);
    all["debug-web-ip"] = p.debug_web_ip;

    std::string out = "#Minecraft server properties\n#" + java_date(now) + "\n";
    for (const auto& [k, v] : all) out += escape(k, true) + "=" + escape(v, false) + "\n";
    return out;
}

std::string write_properties(const ServerProperties& props) { return write_properties(props, std::time(nullptr)); }

namespace {

// Writes `text` to `file` through a temporary file renamed into place.
Result<void, PropertiesError> replace_file(const std::filesystem::path& file, const std::string& text) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path tmp = file.parent_path() / "server.properties.tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << text;
        out.flush();
        if (!out) return unexpected(error_at("", 0, "cannot write " + tmp.string()));
    }
    fs::rename(tmp, file, ec);
    if (ec) {
        fs::remove(tmp, ec);
        return unexpected(error_at("", 0, "cannot write " + file.string() + ": " + ec.message()));
    }
    return {};
}

// True when some key of the canonical form has no line in `text` (a file written by hand, or by
// an older version).
bool lacks_a_key(std::string_view text, const std::string& canonical) {
    std::size_t start = 0;
    while (start < canonical.size()) {
        std::size_t end = canonical.find('\n', start);
        if (end == std::string::npos) end = canonical.size();
        const std::string_view line(canonical.data() + start, end - start);
        start = end + 1;
        if (line.empty() || line.front() == '#') continue;
        const std::string key(line.substr(0, line.find('=') + 1));
        if (text.rfind(key, 0) != 0 && text.find("\n" + key) == std::string_view::npos) return true;
    }
    return false;
}

}  // namespace

Result<ServerProperties, PropertiesError> load_or_create(const std::filesystem::path& dir) {
    namespace fs = std::filesystem;
    const fs::path file = dir / kFileName;
    std::error_code ec;
    if (!fs::exists(file, ec)) {
        fs::create_directories(dir, ec);
        if (ec) return unexpected(error_at("", 0, "cannot create " + dir.string() + ": " + ec.message()));
        if (auto r = replace_file(file, write_properties(ServerProperties{})); !r) return unexpected(r.error());
    }
    const auto size = fs::file_size(file, ec);
    if (ec) return unexpected(error_at("", 0, "cannot read " + file.string() + ": " + ec.message()));
    if (size > kMaxPropertiesFileBytes)
        return unexpected(error_at("", 0,
                                   file.string() + " is " + std::to_string(size) + " bytes, larger than the limit of " +
                                       std::to_string(kMaxPropertiesFileBytes)));
    std::ifstream in(file, std::ios::binary);
    if (!in) return unexpected(error_at("", 0, "cannot open " + file.string()));
    // Read at most one byte past the limit: the file may have grown since file_size.
    std::string text(kMaxPropertiesFileBytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    auto parsed = parse_properties(text);
    if (!parsed) {
        PropertiesError e = parsed.error();
        e.message += " (in " + file.string() + ")";
        return unexpected(std::move(e));
    }
    // Vanilla writes the file back at start-up, so that every key is there to edit; we do that
    // only when a key is missing (keeping a complete file, comments included, as it is).
    const std::string canonical = write_properties(*parsed);
    if (lacks_a_key(text, canonical)) {
        if (auto r = replace_file(file, canonical); !r) return unexpected(r.error());
    }
    return parsed;
}

Result<void, PropertiesError> update_property(const std::filesystem::path& dir, std::string_view key,
                                              std::string_view value) {
    namespace fs = std::filesystem;
    const fs::path file = dir / kFileName;
    std::string text;
    {
        std::ifstream in(file, std::ios::binary);
        if (!in) return unexpected(error_at(std::string(key), 0, "cannot open " + file.string()));
        text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    const std::string line = escape(key, true) + "=" + escape(value, false);
    std::string out;
    bool replaced = false;
    std::size_t pos = 0;
    bool skipping_continuation = false;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        end = end == std::string::npos ? text.size() : end + 1;
        std::string_view phys(text.data() + pos, end - pos);
        pos = end;
        std::string_view body = phys;
        while (!body.empty() && (body.back() == '\n' || body.back() == '\r')) body.remove_suffix(1);
        if (skipping_continuation) {
            skipping_continuation = continues(body);
            continue;
        }
        std::size_t i = 0;
        while (i < body.size() && is_ws(body[i])) ++i;
        const std::string_view rest = body.substr(i);
        const bool is_key = !replaced && rest.starts_with(key) &&
                            (rest.size() == key.size() || rest[key.size()] == '=' || rest[key.size()] == ':' ||
                             is_ws(rest[key.size()]));
        if (!is_key) {
            out += phys;
            continue;
        }
        out += line + "\n";
        replaced = true;
        skipping_continuation = continues(body);
    }
    if (!replaced) {
        if (!out.empty() && out.back() != '\n') out += '\n';
        out += line + "\n";
    }
    return replace_file(file, out);
}

Result<void, PropertiesError> apply_overrides(ServerProperties& props, const std::vector<PropertyOverride>& overrides) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kFlags = {{
        {"--port", "server-port"},
        {"--debug-web", "debug-web-port"},
        {"--rcon-port", "rcon.port"},
        {"--rcon-password", "rcon.password"},
        {"--world", "level-name"},
        {"--plugins", "plugins-dir"},
        {"--seed", "level-seed"},
    }};
    // Work on a copy so that a bad flag leaves the properties as they were.
    ServerProperties next = props;
    for (const auto& entry : overrides) {
        const auto& [flag_binding, value] = entry;
        const auto& flag = flag_binding;  // a plain reference: lambdas may not capture bindings (C++20)
        const auto it = std::find_if(kFlags.begin(), kFlags.end(), [&](const auto& f) { return f.first == flag; });
        if (it == kFlags.end())
            return unexpected(error_at(flag, 0,
                                       "unknown flag (expected --port, --rcon-port, --rcon-password, "
                                       "--world, --plugins, --seed or --debug-web)"));
        const auto err = set_key(next, it->second, value);
        if (err && !err->empty())
            return unexpected(error_at(flag, 0, *err + " (sets " + std::string(it->second) + ")"));
    }
    props = std::move(next);
    return {};
}

bool supported_by_reference_server(LevelType type) { return type == LevelType::Flat || type == LevelType::Void; }

std::string_view level_type_id(LevelType type) {
    for (const auto& e : kLevelTypes)
        if (e.type == type) return e.id;
    return "minecraft:flat";
}

std::optional<std::int64_t> parse_level_seed(std::string_view text) {
    std::size_t b = 0;
    std::size_t e = text.size();
    // String.trim removes every char up to U+0020.
    while (b < e && static_cast<unsigned char>(text[b]) <= 0x20) ++b;
    while (e > b && static_cast<unsigned char>(text[e - 1]) <= 0x20) --e;
    const std::string_view s = text.substr(b, e - b);
    if (s.empty()) return std::nullopt;

    std::int64_t n = 0;
    const char* first = s.data();
    const char* last = s.data() + s.size();
    if (*first == '+' && s.size() > 1 && s[1] != '-') ++first;  // Long.parseLong takes one sign
    const auto [ptr, ec] = std::from_chars(first, last, n);
    if (ec == std::errc{} && ptr == last) return n;

    // String.hashCode over UTF-16 code units: h = 31*h + unit, in 32-bit wrap-around.
    std::uint32_t h = 0;
    auto mix = [&h](std::uint32_t unit) { h = h * 31u + unit; };
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::uint32_t cp = 0xFFFD;
        std::size_t len = 1;
        if (c < 0x80) {
            cp = c;
        } else if ((c >> 5) == 0x6 && i + 1 < s.size()) {
            cp = ((c & 0x1Fu) << 6) | (s[i + 1] & 0x3Fu);
            len = 2;
        } else if ((c >> 4) == 0xE && i + 2 < s.size()) {
            cp = ((c & 0x0Fu) << 12) | ((s[i + 1] & 0x3Fu) << 6) | (s[i + 2] & 0x3Fu);
            len = 3;
        } else if ((c >> 3) == 0x1E && i + 3 < s.size()) {
            cp = ((c & 0x07u) << 18) | ((s[i + 1] & 0x3Fu) << 12) | ((s[i + 2] & 0x3Fu) << 6) | (s[i + 3] & 0x3Fu);
            len = 4;
        }
        i += len;
        if (cp >= 0x10000) {
            mix(0xD800 + ((cp - 0x10000) >> 10));
            mix(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            mix(cp);
        }
    }
    return static_cast<std::int64_t>(static_cast<std::int32_t>(h));
}

}  // namespace mobsdk::server
