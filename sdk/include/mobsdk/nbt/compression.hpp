// Compression of NBT files and region chunks: gzip, zlib or none, detected on read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/core/result.hpp"

namespace mobsdk::nbt {

/// @brief How NBT bytes are wrapped.
enum class Compression : std::uint8_t { None, Gzip, Zlib };

/// @brief `none`, `gzip` or `zlib`.
std::string_view compression_name(Compression c) noexcept;

/// @brief What failed while (de)compressing, and at which input byte.
struct CompressionError {
    std::size_t offset;   ///< byte offset in the compressed input where zlib stopped
    std::string message;  ///< what went wrong
};

/// @brief Guesses from the first bytes: 1F 8B is gzip, a valid zlib header (78 01/5E/9C/DA, …) is
/// zlib, anything else is uncompressed.
Compression detect_compression(std::span<const std::uint8_t> data) noexcept;

/// @brief Inflates `data` (gzip or zlib) into at most `max_output` bytes; more is an error, so a
/// small file cannot expand into unbounded memory. `None` copies.
Result<std::vector<std::uint8_t>, CompressionError> decompress(std::span<const std::uint8_t> data, Compression method,
                                                               std::size_t max_output);

/// @brief Deflates `data` with `method` at zlib `level` (0-9, -1 = zlib's default).
std::vector<std::uint8_t> compress(std::span<const std::uint8_t> data, Compression method, int level = -1);

}  // namespace mobsdk::nbt
