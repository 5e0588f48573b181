#include "mobsdk/nbt/mutf8.hpp"
#include "mobsdk/core/utf8.hpp"

#include <cstdio>
#include <cstring>

namespace mobsdk::nbt {

namespace {

constexpr std::uint64_t kLow7 = 0x0101010101010101ull;
constexpr std::uint64_t kHigh = 0x8080808080808080ull;

// A byte is plain ASCII for both encodings when it is 0x01..0x7F: no high bit, and not zero
// (U+0000 is C0 80 in Modified UTF-8).
inline bool word_is_plain_ascii(std::uint64_t w) noexcept {
    const bool any_high = (w & kHigh) != 0;
    const bool any_zero = ((w - kLow7) & ~w & kHigh) != 0;
    return !any_high && !any_zero;
}

inline bool is_continuation(std::uint8_t b) noexcept { return (b & 0xC0) == 0x80; }

Unexpected<Mutf8Error> fail(std::size_t pos, std::string msg) { return unexpected(Mutf8Error{pos, std::move(msg)}); }

std::string hex_byte(std::uint8_t b) {
    static constexpr char digits[] = "0123456789ABCDEF";
    return std::string("0x") + digits[b >> 4] + digits[b & 15];
}

}  // namespace

bool is_plain_ascii(const std::uint8_t* data, std::size_t size) noexcept {
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, data + i, 8);
        if (!word_is_plain_ascii(w)) return false;
    }
    for (; i < size; ++i)
        if (data[i] == 0 || data[i] >= 0x80) return false;
    return true;
}

Result<void, Mutf8Error> decode_mutf8(const std::uint8_t* p, std::size_t n, std::string& out) {
    std::size_t i = 0;
    while (i < n) {
        // Copy a run of single-byte characters at once.
        std::size_t run = i;
        while (run < n && p[run] < 0x80) ++run;
        if (run > i) {
            out.append(reinterpret_cast<const char*>(p + i), run - i);
            i = run;
            if (i == n) break;
        }
        const std::uint8_t c = p[i];
        if ((c & 0xE0) == 0xC0) {
            if (i + 1 >= n) return fail(i, "truncated 2-byte character at the end of the string");
            if (!is_continuation(p[i + 1]))
                return fail(i + 1, "expected a continuation byte (10xxxxxx), found " + hex_byte(p[i + 1]));
            append_utf8(out, ((c & 0x1Fu) << 6) | (p[i + 1] & 0x3Fu));
            i += 2;
        } else if ((c & 0xF0) == 0xE0) {
            if (i + 2 >= n) return fail(i, "truncated 3-byte character at the end of the string");
            if (!is_continuation(p[i + 1]) || !is_continuation(p[i + 2])) {
                const std::size_t bad = is_continuation(p[i + 1]) ? i + 2 : i + 1;
                return fail(bad, "expected a continuation byte (10xxxxxx), found " + hex_byte(p[bad]));
            }
            const std::uint32_t cp = ((c & 0x0Fu) << 12) | ((p[i + 1] & 0x3Fu) << 6) | (p[i + 2] & 0x3Fu);
            // A high surrogate followed by a low one is a supplementary character.
            if (cp >= 0xD800 && cp <= 0xDBFF && i + 5 < n && p[i + 3] == 0xED && (p[i + 4] & 0xF0) == 0xB0 &&
                is_continuation(p[i + 5])) {
                const std::uint32_t low = 0xD000u | ((p[i + 4] & 0x3Fu) << 6) | (p[i + 5] & 0x3Fu);
                append_utf8(out, 0x10000u + ((cp - 0xD800u) << 10) + (low - 0xDC00u));
                i += 6;
            } else {
                append_utf8(out, cp);  // a lone surrogate stays in its 3-byte form (WTF-8)
                i += 3;
            }
        } else if ((c & 0xF8) == 0xF0) {
            // Not Modified UTF-8, but some third-party writers emit plain 4-byte UTF-8: accept it.
            if (i + 3 >= n) return fail(i, "truncated 4-byte character at the end of the string");
            for (std::size_t k = 1; k <= 3; ++k)
                if (!is_continuation(p[i + k]))
                    return fail(i + k, "expected a continuation byte (10xxxxxx), found " + hex_byte(p[i + k]));
            const std::uint32_t cp =
                ((c & 0x07u) << 18) | ((p[i + 1] & 0x3Fu) << 12) | ((p[i + 2] & 0x3Fu) << 6) | (p[i + 3] & 0x3Fu);
            if (cp < 0x10000 || cp > 0x10FFFF) {
                char hex[16];
                std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(cp));
                return fail(i, "4-byte sequence encodes " + std::string(hex) + ", outside U+10000..U+10FFFF");
            }
            append_utf8(out, cp);
            i += 4;
        } else {
            return fail(i, "byte " + hex_byte(c) + " cannot start a character");
        }
    }
    return {};
}

Result<void, Mutf8Error> encode_mutf8(std::string_view s, std::string& out) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
    const std::size_t n = s.size();
    std::size_t i = 0;
    while (i < n) {
        const std::uint8_t c = p[i];
        if (c < 0x80) {
            if (c == 0) {
                out.push_back(static_cast<char>(0xC0));
                out.push_back(static_cast<char>(0x80));
            } else {
                out.push_back(static_cast<char>(c));
            }
            ++i;
        } else if (c >= 0xC2 && c <= 0xDF) {
            if (i + 1 >= n || !is_continuation(p[i + 1])) return fail(i, "invalid UTF-8: bad 2-byte sequence");
            out.append(s.substr(i, 2));
            i += 2;
        } else if ((c & 0xF0) == 0xE0) {
            if (i + 2 >= n || !is_continuation(p[i + 1]) || !is_continuation(p[i + 2]) ||
                (c == 0xE0 && p[i + 1] < 0xA0))
                return fail(i, "invalid UTF-8: bad 3-byte sequence");
            out.append(s.substr(i, 3));  // includes WTF-8 lone surrogates, kept as they were read
            i += 3;
        } else if (c >= 0xF0 && c <= 0xF4) {
            if (i + 3 >= n || !is_continuation(p[i + 1]) || !is_continuation(p[i + 2]) || !is_continuation(p[i + 3]))
                return fail(i, "invalid UTF-8: bad 4-byte sequence");
            const std::uint32_t cp =
                ((c & 0x07u) << 18) | ((p[i + 1] & 0x3Fu) << 12) | ((p[i + 2] & 0x3Fu) << 6) | (p[i + 3] & 0x3Fu);
            if (cp < 0x10000 || cp > 0x10FFFF) return fail(i, "invalid UTF-8: bad 4-byte sequence");
            const std::uint32_t v = cp - 0x10000;
            append_utf8(out, 0xD800 + (v >> 10));  // the 3-byte form of each surrogate
            append_utf8(out, 0xDC00 + (v & 0x3FF));
            i += 4;
        } else {
            return fail(i, "invalid UTF-8: byte " + hex_byte(c) + " cannot start a character");
        }
    }
    return {};
}

std::size_t mutf8_length(std::string_view s) noexcept {
    std::size_t len = 0;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<std::uint8_t>(s[i]);
        if (c == 0) {
            len += 2;
            i += 1;
        } else if (c < 0x80) {
            len += 1;
            i += 1;
        } else if ((c & 0xE0) == 0xC0) {
            len += 2;
            i += 2;
        } else if ((c & 0xF0) == 0xE0) {
            len += 3;
            i += 3;
        } else {
            len += 6;
            i += 4;
        }
    }
    return len;
}

}  // namespace mobsdk::nbt
