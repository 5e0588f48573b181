// Whole-file writes followed by fsync, and folder syncs, shared by level.dat and WorldStorage.
#include "mobserver/storage/synced_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace mobsdk::server {

bool write_file_synced(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, std::string_view shown,
                       std::string& why) {
    auto fail = [&](const char* step) {
        why = std::string(step) + " " + std::string(shown) + ": " + std::strerror(errno);
        return false;
    };
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return fail("cannot create");
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t w = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (w < 0) {
            if (errno == EINTR) continue;
            fail("cannot write");
            ::close(fd);
            return false;
        }
        done += static_cast<std::size_t>(w);
    }
    if (::fsync(fd) != 0) {
        fail("cannot sync");
        ::close(fd);
        return false;
    }
    ::close(fd);
    return true;
}

bool replace_file_keeping_old(const std::filesystem::path& dir, std::string_view name,
                              std::span<const std::uint8_t> bytes, std::string& why) {
    const std::string n(name);
    const std::filesystem::path main = dir / n, fresh = dir / (n + "_new"), backup = dir / (n + "_old"),
                                backup_new = dir / (n + "_old_new");
    // Every failure removes what this write created: on a full disk a half-written NAME_new would
    // only keep the space the next attempt needs.
    auto fail = [&](std::string message) {
        ::unlink(fresh.c_str());
        ::unlink(backup_new.c_str());
        why = std::move(message);
        return false;
    };
    if (!write_file_synced(fresh, bytes, fresh.filename().string(), why)) return fail(why);
    std::error_code ec;
    if (std::filesystem::exists(main, ec)) {
        // The previous file becomes NAME_old through a second name, so NAME itself is never
        // missing; made under a temporary name and renamed, so NAME_old is never missing either.
        // The rename below then replaces NAME atomically.
        ::unlink(backup_new.c_str());
        if (::link(main.c_str(), backup_new.c_str()) != 0) {
            std::filesystem::copy_file(main, backup_new, std::filesystem::copy_options::overwrite_existing, ec);
            if (ec) return fail("cannot keep " + n + "_old: " + ec.message());
        }
        if (::rename(backup_new.c_str(), backup.c_str()) != 0)
            return fail("cannot rename " + n + "_old_new to " + n + "_old: " + std::strerror(errno));
    }
    if (::rename(fresh.c_str(), main.c_str()) != 0)
        return fail("cannot rename " + n + "_new to " + n + ": " + std::strerror(errno));
    sync_dir(dir);
    return true;
}

bool sync_dir(const std::filesystem::path& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

}  // namespace mobsdk::server
