// Java's Modified UTF-8 (DataInput.readUTF / writeUTF) to and from UTF-8 std::string.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "mobsdk/core/result.hpp"

namespace mobsdk::nbt {

/// @brief Where and why a string could not be converted.
struct Mutf8Error {
    std::size_t position;  ///< byte index in the input string
    std::string message;   ///< what was expected
};

/// @brief Decodes Modified UTF-8 to UTF-8, appending to `out`.
///
/// Accepts what Java's readUTF accepts (C0 80 and raw 00 for U+0000, surrogate pairs, overlong
/// 2- and 3-byte forms) and, as a documented leniency, plain 4-byte UTF-8 sequences that some
/// third-party writers emit. A lone surrogate is kept in its 3-byte form (WTF-8) so that writing the
/// string back reproduces the original bytes.
Result<void, Mutf8Error> decode_mutf8(const std::uint8_t* data, std::size_t size, std::string& out);

/// @brief Encodes UTF-8 to Modified UTF-8, appending to `out`: U+0000 becomes C0 80, code points
/// above U+FFFF become surrogate pairs. Invalid UTF-8 is an error naming the byte.
Result<void, Mutf8Error> encode_mutf8(std::string_view utf8, std::string& out);

/// @brief Length in bytes of the Modified UTF-8 form of valid UTF-8 `utf8`.
std::size_t mutf8_length(std::string_view utf8) noexcept;

/// @brief True when every byte is in 0x01..0x7F, where both encodings are identical.
bool is_plain_ascii(const std::uint8_t* data, std::size_t size) noexcept;

}  // namespace mobsdk::nbt
