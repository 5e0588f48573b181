// UTF-8 encoding of one code point, shared by the NBT string codecs, SNBT escapes and the
// server's properties reader.
#pragma once

#include <cstdint>
#include <string>

namespace mobsdk {

/// @brief Appends the UTF-8 bytes of `cp` to `out`. Surrogates (U+D800–U+DFFF) get their
/// 3-byte form, which Modified UTF-8 and WTF-8 need; callers that want strict UTF-8 combine
/// surrogate pairs first.
inline void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

}  // namespace mobsdk
