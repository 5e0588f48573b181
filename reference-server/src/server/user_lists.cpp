// ops.json and whitelist.json: strict reading, vanilla's layout, atomic writes.
#include "mobserver/server/user_lists.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <span>

#include <nlohmann/json.hpp>

#include "mobserver/command/selector.hpp"
#include "mobserver/net/offline_uuid.hpp"
#include "mobserver/storage/synced_file.hpp"

namespace mobsdk::server {

namespace {

constexpr std::uintmax_t kMaxListBytes = 16u << 20;

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// The file's JSON array, or an error naming the file; a missing file is an empty array.
Result<nlohmann::json, std::string> read_list(const std::filesystem::path& file, std::string_view fields) {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return nlohmann::json::array();
    const std::string where = file.filename().string();
    const std::uintmax_t size = std::filesystem::file_size(file, ec);
    if (ec) return unexpected(where + ": " + ec.message());
    if (size > kMaxListBytes) return unexpected(where + ": " + std::to_string(size) + " bytes, at most 16 MiB");
    std::ifstream in(file, std::ios::binary);
    if (!in) return unexpected(where + ": cannot be opened");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    nlohmann::json list = nlohmann::json::parse(text, nullptr, false);
    if (list.is_discarded()) return unexpected(where + ": not valid JSON");
    if (!list.is_array()) return unexpected(where + ": expected a JSON array of {" + std::string(fields) + "} entries");
    return list;
}

// The uuid and name every entry has: the name required and valid, the uuid optional.
Result<std::pair<Uuid, std::string>, std::string> read_profile(const std::filesystem::path& file,
                                                               const nlohmann::json& entry, std::size_t i) {
    const std::string where = file.filename().string() + ": entry " + std::to_string(i);
    const auto name = entry.is_object() ? entry.find("name") : entry.end();
    if (!entry.is_object() || name == entry.end() || !name->is_string())
        return unexpected(where + " has no string \"name\"");
    const std::string& n = name->get_ref<const std::string&>();
    if (!valid_player_name(n)) return unexpected(where + ": '" + n + "' is not a player name");
    Uuid uuid = offline_player_uuid(n);
    if (const auto u = entry.find("uuid"); u != entry.end()) {
        const auto parsed = u->is_string() ? parse_java_uuid(u->get_ref<const std::string&>()) : std::nullopt;
        if (!parsed) return unexpected(where + " (" + n + "): \"uuid\" is not a UUID");
        uuid = *parsed;
    }
    return std::pair{uuid, n};
}

Result<void, std::string> write_list(const std::filesystem::path& file, const nlohmann::ordered_json& list) {
    const std::string text = list.dump(2) + "\n";
    const std::filesystem::path tmp = file.parent_path() / (file.filename().string() + ".tmp");
    std::string why;
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
    if (!write_file_synced(tmp, std::span<const std::uint8_t>(bytes, text.size()), tmp.filename().string(), why))
        return unexpected(why);
    std::error_code ec;
    std::filesystem::rename(tmp, file, ec);
    if (ec) {
        std::filesystem::remove(tmp, ec);
        return unexpected("cannot replace " + file.filename().string() + ": " + ec.message());
    }
    sync_dir(file.parent_path().empty() ? std::filesystem::path(".") : file.parent_path());
    return {};
}

}  // namespace

bool same_player_name(std::string_view a, std::string_view b) noexcept {
    auto low = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return low(x) == low(y); });
}

Result<std::vector<OpEntry>, std::string> read_ops(const std::filesystem::path& file) {
    auto list = read_list(file, "\"uuid\", \"name\", \"level\", \"bypassesPlayerLimit\"");
    if (!list) return unexpected(list.error());
    std::vector<OpEntry> out;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const nlohmann::json& entry = (*list)[i];
        auto profile = read_profile(file, entry, i);
        if (!profile) return unexpected(profile.error());
        OpEntry op{profile->first, profile->second, 0, false};
        const std::string where = file.filename().string() + ": entry " + std::to_string(i) + " (" + op.name + ")";
        if (const auto l = entry.find("level"); l != entry.end()) {
            if (!l->is_number_integer() || l->get<std::int64_t>() < 0 || l->get<std::int64_t>() > 4)
                return unexpected(where + ": \"level\" is not a permission level 0-4");
            op.level = l->get<std::int32_t>();
        }
        if (const auto b = entry.find("bypassesPlayerLimit"); b != entry.end()) {
            if (!b->is_boolean()) return unexpected(where + ": \"bypassesPlayerLimit\" is not true or false");
            op.bypasses_player_limit = b->get<bool>();
        }
        out.push_back(std::move(op));
    }
    return out;
}

Result<std::vector<WhitelistEntry>, std::string> read_whitelist(const std::filesystem::path& file) {
    auto list = read_list(file, "\"uuid\", \"name\"");
    if (!list) return unexpected(list.error());
    std::vector<WhitelistEntry> out;
    for (std::size_t i = 0; i < list->size(); ++i) {
        auto profile = read_profile(file, (*list)[i], i);
        if (!profile) return unexpected(profile.error());
        out.push_back({profile->first, profile->second});
    }
    return out;
}

Result<std::set<std::string>, std::string> read_whitelist_names(const std::filesystem::path& file) {
    auto entries = read_whitelist(file);
    if (!entries) return unexpected(entries.error());
    std::set<std::string> names;
    for (const auto& e : *entries) names.insert(lower(e.name));
    return names;
}

Result<void, std::string> write_ops(const std::filesystem::path& file, const std::vector<OpEntry>& ops) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& op : ops)
        list.push_back({{"uuid", op.uuid.str()},
                        {"name", op.name},
                        {"level", op.level},
                        {"bypassesPlayerLimit", op.bypasses_player_limit}});
    return write_list(file, list);
}

Result<void, std::string> write_whitelist(const std::filesystem::path& file,
                                          const std::vector<WhitelistEntry>& entries) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& e : entries) list.push_back({{"uuid", e.uuid.str()}, {"name", e.name}});
    return write_list(file, list);
}

}  // namespace mobsdk::server
