// SNBT, the text form of NBT that vanilla's commands and `data get` use (1.19.3–1.21 syntax).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/tag.hpp"

namespace mobsdk::nbt {

/// @brief A syntax error: where (1-based line and column in characters, and byte offset) and what
/// was expected.
struct SnbtError {
    std::size_t offset = 0;  ///< byte offset in the input
    std::size_t line = 1;    ///< 1-based line
    std::size_t column = 1;  ///< 1-based column, counted in characters
    std::string message;     ///< e.g. "expected ':' after key 'a'"
    /// @brief One line: "line 1, column 7: expected ':' after key 'a'".
    std::string describe() const;
};

/// @brief Limits for parsing untrusted SNBT.
struct SnbtReadOptions {
    std::size_t max_depth = 512;                 ///< nesting of lists, arrays and compounds
    std::size_t max_length = 16u * 1024 * 1024;  ///< input size in bytes
};

/// @brief Parses one SNBT value (any tag type); only whitespace may follow it.
///
/// Vanilla rules: bare integers are TAG_Int, bare decimals TAG_Double, suffixes `b s L f d` in either
/// case, `true`/`false` are bytes, `[B;…]` `[I;…]` `[L;…]` arrays, lists of one type, quoted
/// strings with `"` or `'` and `\` escapes, and a bare word that is not a number is a string
/// (including an integer out of its type's range, as vanilla). Extensions: `NaN`/`Infinity` with an
/// `f` or `d` suffix, and the escapes `\n \t \r \b \f \s` and `\u` + four hex digits of newer versions.
Result<Tag, SnbtError> parse_snbt(std::string_view text, const SnbtReadOptions& opts = {});

/// @brief Parses SNBT that must be a compound (what `summon … {…}` and `data merge` take).
Result<Compound, SnbtError> parse_snbt_compound(std::string_view text, const SnbtReadOptions& opts = {});

/// @brief How to print SNBT.
struct SnbtFormat {
    /// @brief 0 prints the compact vanilla form `{a:1b,b:[I;1,2]}`; n > 0 breaks lines and indents
    /// by n spaces, as `data get` does in chat.
    int indent = 0;
};

/// @brief Prints a tag as SNBT. For every tree a reader can produce, parse_snbt(to_snbt(t)) == t,
/// types included; the exceptions are data no SNBT can carry: the element type of an empty list
/// (vanilla neither), a NaN's payload bits (it reads back as the standard NaN), an End tag (printed
/// `END`, as vanilla), and strings that are not valid UTF-8. Numbers print as Java does
/// (`20.0f`, `1.0E10d`): the shortest digits that read back to the same bits.
std::string to_snbt(const Tag& tag, const SnbtFormat& format = {});

/// @brief Appends the SNBT of `tag` to `out`.
void append_snbt(std::string& out, const Tag& tag, const SnbtFormat& format = {});

/// @brief Quotes a string as vanilla does: the first quote character in the text decides — `'` if
/// it is `"`, otherwise `"` — and `\` and the chosen quote are escaped.
std::string quote_snbt_string(std::string_view s);

/// @brief True when a key can be printed without quotes: `[A-Za-z0-9._+-]+`.
bool is_bare_snbt_key(std::string_view key) noexcept;

namespace detail {
/// @brief Parses one SNBT value at the start of `text` and sets `consumed` to the bytes it used
/// (whitespace before the value included, none after it); for parsers that embed SNBT, such as
/// NbtPath. Error positions are relative to `text`.
Result<Tag, SnbtError> parse_snbt_prefix(std::string_view text, std::size_t& consumed,
                                         const SnbtReadOptions& opts = {});
}  // namespace detail

}  // namespace mobsdk::nbt
