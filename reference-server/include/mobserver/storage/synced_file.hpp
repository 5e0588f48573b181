// Durable writes for the files the server replaces whole (level.dat, the save journal, a corrupt
// chunk's copy): the content reaches the disk before the caller renames or relies on it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace mobsdk::server {

/// @brief Creates or truncates `path`, writes `bytes` and fsyncs the file. On failure sets `why` to
/// "cannot create|write|sync <shown>: <system message>" and returns false.
bool write_file_synced(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, std::string_view shown,
                       std::string& why);

/// @brief Fsyncs a folder, so that a file created or renamed in it survives a crash; false when
/// the folder cannot be opened or synced (errno says why).
bool sync_dir(const std::filesystem::path& dir);

}  // namespace mobsdk::server
