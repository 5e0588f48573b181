// Binary NBT: reading and writing the Java Edition format (big-endian, named root, Modified UTF-8),
// with limits on untrusted input and files written crash-safely.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/compression.hpp"
#include "mobsdk/nbt/tag.hpp"

namespace mobsdk::nbt {

/// @brief Limits applied while reading untrusted NBT.
struct ReadOptions {
    /// @brief Deepest nesting of lists and compounds accepted (vanilla's limit is 512).
    std::size_t max_depth = 512;
    /// @brief Budget for the decoded tree, counted as vanilla's NbtAccounter does (a fixed cost per
    /// tag plus its payload) and also bounding the decompressed size.
    std::size_t max_bytes = 128u * 1024 * 1024;
};

/// @brief Why reading failed and where: `offset` is the byte index in the (decompressed) NBT data.
struct ReadError {
    std::size_t offset = 0;  ///< byte offset of the problem
    std::string message;     ///< what was expected and what was found
    /// @brief One line: "at byte 1234: expected …".
    std::string describe() const;
};

/// @brief Why writing failed: a string that is not valid UTF-8 or is too long, or nesting too deep.
struct WriteError {
    std::string path;     ///< NBT path of the offending tag, e.g. `Items[3].id`
    std::string message;  ///< what is wrong
    /// @brief One line: "at Items[3].id: …".
    std::string describe() const;
};

/// @brief A root tag with its name (usually "" in vanilla files).
struct NamedTag {
    std::string name;  ///< the root name
    Tag tag;           ///< the root value
};

/// @brief A file's root together with the compression it was stored with.
struct NbtFile {
    NamedTag root;            ///< the decoded root
    Compression compression;  ///< what the file used, to write it back the same way
};

/// @brief Reads uncompressed NBT with a named root (the file form); trailing bytes are an error.
Result<NamedTag, ReadError> read(std::span<const std::uint8_t> data, const ReadOptions& opts = {});

/// @brief Reads the nameless-root network form (type byte, then payload; Minecraft 1.20.2+).
Result<Tag, ReadError> read_unnamed(std::span<const std::uint8_t> data, const ReadOptions& opts = {});

/// @brief Reads NBT of any compression (detected from the first bytes), named root.
Result<NbtFile, ReadError> read_any(std::span<const std::uint8_t> data, const ReadOptions& opts = {});

/// @brief Reads a file of any compression; I/O errors are reported at offset 0 with the OS reason.
Result<NbtFile, ReadError> read_file(const std::filesystem::path& path, const ReadOptions& opts = {});

/// @brief Writes the named-root form, uncompressed, appending to `out`.
Result<void, WriteError> write(const Tag& root, std::string_view root_name, std::vector<std::uint8_t>& out);

/// @brief Writes the nameless-root network form, appending to `out`.
Result<void, WriteError> write_unnamed(const Tag& root, std::vector<std::uint8_t>& out);

/// @brief Encodes the named-root form with `compression`.
Result<std::vector<std::uint8_t>, WriteError> encode(const Tag& root, std::string_view root_name,
                                                     Compression compression);

/// @brief Writes a file crash-safely: to a temporary file in the same folder, fsync, rename over the
/// target, fsync the folder. A crash leaves the old file or the new one, never a torn one.
Result<void, WriteError> write_file(const std::filesystem::path& path, const Tag& root, std::string_view root_name = "",
                                    Compression compression = Compression::Gzip);

}  // namespace mobsdk::nbt
