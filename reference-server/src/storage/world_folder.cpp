// resolve_level_dir and check_world_folder: the refusals made before a world is opened.
#include "mobserver/storage/world_folder.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <regex>

namespace mobsdk::server {

namespace fs = std::filesystem;

namespace {

const char* const kRefusing = "Refusing to start: ";

// Lists the folder (counting `r.X.Z.mca` files into `mca` when given) and creates and deletes a
// probe file in it; the error names the folder.
std::string check_folder(const fs::path& dir, std::size_t* mca) {
    std::error_code ec;
    const auto status = fs::status(dir, ec);
    if (ec) return kRefusing + dir.string() + " cannot be reached (" + ec.message() + ")";
    if (!fs::is_directory(status)) return kRefusing + dir.string() + " is not a folder";
    DIR* d = ::opendir(dir.c_str());
    if (!d)
        return kRefusing + std::string("the folder ") + dir.string() + " cannot be read (" + std::strerror(errno) +
               "); make it readable and writable by the server";
    static const std::regex region_name(R"(r\.-?\d+\.-?\d+\.mca)");
    errno = 0;
    while (const dirent* e = ::readdir(d)) {
        if (mca && std::regex_match(e->d_name, region_name)) ++*mca;
        errno = 0;
    }
    const int list_errno = errno;
    ::closedir(d);
    if (list_errno != 0)
        return kRefusing + std::string("the folder ") + dir.string() + " cannot be read (" + std::strerror(list_errno) +
               ")";
    // access(W_OK) says yes to root on a read-only mount; only creating a file tells.
    const fs::path probe = dir / (".mobserver-write-test-" + std::to_string(::getpid()));
    const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return kRefusing + std::string("the folder ") + dir.string() +
               " cannot be written (creating a file in it: " + std::strerror(errno) +
               "); the server saves the world there. Make it writable, or start the server on a copy of the world";
    ::close(fd);
    ::unlink(probe.c_str());
    return {};
}

std::string plural(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

Result<fs::path, std::string> resolve_level_dir(const fs::path& server_dir, const std::string& level_name,
                                                const std::string& source) {
    const fs::path name(level_name);
    const fs::path server_abs = fs::absolute(server_dir).lexically_normal();
    if (name.has_root_path()) {
        if (source == "--world") return name.lexically_normal();
        return unexpected(source + " \"" + level_name +
                          "\" is an absolute path; the world must be inside the server folder " + server_abs.string() +
                          ". To keep it elsewhere, give its absolute path on the command line with --world");
    }
    const fs::path normal = name.lexically_normal();
    if (!normal.empty() && *normal.begin() == "..")
        return unexpected(source + " \"" + level_name + "\" leads outside the server folder " + server_abs.string() +
                          "; use a folder inside it, or give an absolute path on the command line with --world");
    return server_dir / normal;
}

std::string WorldFolderScan::describe() const {
    std::string out;
    auto add = [&](std::size_t n, const char* one, const char* many, const char* folder) {
        if (n == 0) return;
        out += (out.empty() ? "" : ", ") + plural(n, one, many) + " (" + folder + ")";
    };
    add(region_files, "region file", "region files", "region/");
    add(entity_files, "entity file", "entity files", "entities/");
    add(poi_files, "POI file", "POI files", "poi/");
    if (const auto last = out.rfind(", "); last != std::string::npos) out.replace(last, 2, " and ");
    return out;
}

Result<WorldFolderScan, std::string> check_world_folder(const fs::path& server_dir, const fs::path& level_dir) {
    WorldFolderScan scan;
    scan.level_dir = fs::absolute(level_dir).lexically_normal();
    if (std::string err = check_folder(fs::absolute(server_dir).lexically_normal(), nullptr); !err.empty())
        return unexpected(err);
    std::error_code ec;
    if (!fs::exists(scan.level_dir, ec) && !ec) {
        fs::create_directories(scan.level_dir, ec);
        if (ec)
            return unexpected(kRefusing + std::string("the world folder ") + scan.level_dir.string() +
                              " cannot be created (" + ec.message() + ")");
    }
    if (std::string err = check_folder(scan.level_dir, nullptr); !err.empty()) return unexpected(err);
    const std::pair<const char*, std::size_t*> subfolders[] = {
        {"region", &scan.region_files}, {"entities", &scan.entity_files}, {"poi", &scan.poi_files}, {"data", nullptr}};
    for (const auto& [name, count] : subfolders) {
        const fs::path sub = scan.level_dir / name;
        if (fs::symlink_status(sub, ec).type() == fs::file_type::not_found) continue;
        if (std::string err = check_folder(sub, count); !err.empty()) return unexpected(err);
    }
    return scan;
}

std::string missing_level_dat_error(const WorldFolderScan& scan) {
    return kRefusing + scan.level_dir.string() + " holds " + scan.describe() +
           " but neither level.dat nor level.dat_old, so it is not a new world. Restore level.dat from a backup, "
           "or start once with --recreate-level-dat to write a new one from defaults (the chunks are kept as they are)";
}

}  // namespace mobsdk::server
