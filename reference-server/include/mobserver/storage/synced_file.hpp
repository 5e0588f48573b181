// Durable writes for the files the server replaces whole (level.dat, playerdata, the save journal,
// a corrupt chunk's copy): the content reaches the disk before the caller renames or relies on it.
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

/// @brief Replaces DIR/NAME crash-safely, as vanilla's Util.safeReplaceFile: NAME_new is written
/// and synced, the current NAME becomes NAME_old (a hard link, so NAME never disappears), then
/// NAME_new is renamed over NAME and the folder is synced. After a crash at any point NAME holds
/// either the old or the new content whole. On failure what it created is removed, NAME and
/// NAME_old stay as they were, and `why` says what went wrong.
bool replace_file_keeping_old(const std::filesystem::path& dir, std::string_view name,
                              std::span<const std::uint8_t> bytes, std::string& why);

/// @brief Fsyncs a folder, so that a file created or renamed in it survives a crash; false when
/// the folder cannot be opened or synced (errno says why).
bool sync_dir(const std::filesystem::path& dir);

}  // namespace mobsdk::server
