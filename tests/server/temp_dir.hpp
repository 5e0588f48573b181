// A fresh folder under the system's temporary directory for one test, and whole-file reads and
// writes: what the storage and configuration suites share to test code that works on real files.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace mobsdk::server::test {

/// @brief An empty folder "mobsdk-<name>-<pid>" made for one test and removed, with its content,
/// when the test ends. `name` must be unique within the test program.
struct TempDir {
    std::filesystem::path path;  ///< the folder

    /// @brief Makes the folder, emptying what a crashed earlier run left there.
    explicit TempDir(std::string_view name)
        : path(std::filesystem::temp_directory_path() /
               ("mobsdk-" + std::string(name) + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    /// @brief A path inside the folder.
    std::filesystem::path operator/(const std::string& file) const { return path / file; }
};

/// @brief The whole content of a file, empty when it cannot be read.
inline std::vector<std::uint8_t> read_bytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// @brief The whole content of a file as text, empty when it cannot be read.
inline std::string read_text(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// @brief Replaces a file's content with `bytes`.
inline void write_bytes(const std::filesystem::path& p, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

/// @brief Replaces a file's content with `text`.
inline void write_text(const std::filesystem::path& p, std::string_view text) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace mobsdk::server::test
