// Playerdata files: read with a fallback to <uuid>.dat_old, damaged files kept aside, written
// crash-safely.
#include "mobserver/storage/player_data.hpp"

#include <system_error>

#include "mobsdk/nbt/io.hpp"
#include "mobserver/storage/chunk_codec.hpp"
#include "mobserver/storage/level_data.hpp"
#include "mobserver/storage/synced_file.hpp"

namespace mobsdk::server {

namespace fs = std::filesystem;

namespace {

// Moves a damaged file aside as <name>.corrupt-<n>; returns the new name, or why it could not.
std::string keep_aside(const fs::path& file) {
    std::error_code ec;
    for (int n = 1; n < 10000; ++n) {
        fs::path aside = file;
        aside += ".corrupt-" + std::to_string(n);
        if (fs::exists(aside, ec)) continue;
        fs::rename(file, aside, ec);
        if (ec) return "it could not be renamed (" + ec.message() + ") and stays as it is";
        return "kept as " + aside.filename().string();
    }
    return "it stays as it is";
}

}  // namespace

PlayerDataLoad read_player_data(const fs::path& dir, Uuid uuid) {
    PlayerDataLoad out;
    const std::string name = uuid.str() + ".dat";
    std::error_code ec;
    for (const std::string& file : {name, name + "_old"}) {
        const fs::path path = dir / file;
        if (!fs::exists(path, ec)) continue;
        auto root = read_small_nbt(path);
        if (root) {
            root->erase("DataVersion");
            if (!out.warning.empty()) out.warning += "; using playerdata/" + file;
            out.tag = std::move(*root);
            return out;
        }
        out.warning += (out.warning.empty() ? "" : "; ") + std::string("playerdata/") + file + " cannot be read (" +
                       root.error() + "), " + keep_aside(path);
    }
    if (!out.warning.empty()) out.warning += "; the player starts at the spawn";
    return out;
}

Result<void, std::string> write_player_data(const fs::path& dir, Uuid uuid, const nbt::Compound& tag) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return unexpected("cannot create " + dir.string() + ": " + ec.message());
    nbt::Compound root = tag;
    root.put("DataVersion", anvil_data_version);
    auto bytes = nbt::encode(nbt::Tag(std::move(root)), "", nbt::Compression::Gzip);
    if (!bytes) return unexpected("cannot encode playerdata: " + bytes.error().describe());
    std::string why;
    if (!replace_file_keeping_old(dir, uuid.str() + ".dat", *bytes, why)) return unexpected("playerdata: " + why);
    return {};
}

}  // namespace mobsdk::server
