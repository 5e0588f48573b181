// Whole-file writes followed by fsync, and folder syncs, shared by level.dat and WorldStorage.
#include "mobserver/storage/synced_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

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

bool sync_dir(const std::filesystem::path& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

}  // namespace mobsdk::server
