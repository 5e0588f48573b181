// Brigadier's StringReader: a cursor over a command line that reads numbers, booleans and
// strings, and reports failures with vanilla's messages (en_us "parsing.*") at the right position.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "mobsdk/core/result.hpp"
#include "mobserver/command/command_error.hpp"

namespace mobsdk::server {

/// @brief A cursor over one command line. Reads never throw: a failure is a CommandError whose
/// cursor is where vanilla puts it (the start of a bad number, the end of the input for a missing one).
class StringReader {
public:
    /// @brief A reader at the start of `input` (the reader keeps its own copy).
    explicit StringReader(std::string input) : input_(std::move(input)) {}

    /// @brief The whole input.
    const std::string& string() const noexcept { return input_; }
    /// @brief The cursor.
    std::size_t cursor() const noexcept { return cursor_; }
    /// @brief Moves the cursor (clamped to the input's length).
    void set_cursor(std::size_t c) noexcept { cursor_ = c < input_.size() ? c : input_.size(); }
    /// @brief Characters left.
    std::size_t remaining_length() const noexcept { return input_.size() - cursor_; }
    /// @brief The text already read.
    std::string_view read_part() const noexcept { return std::string_view(input_).substr(0, cursor_); }
    /// @brief The text not read yet.
    std::string_view remaining() const noexcept { return std::string_view(input_).substr(cursor_); }
    /// @brief True when at least `n` more characters are left.
    bool can_read(std::size_t n = 1) const noexcept { return cursor_ + n <= input_.size(); }
    /// @brief The character `offset` after the cursor (must exist).
    char peek(std::size_t offset = 0) const noexcept { return input_[cursor_ + offset]; }
    /// @brief The next character, moving past it.
    char read() noexcept { return input_[cursor_++]; }
    /// @brief Moves past one character.
    void skip() noexcept { ++cursor_; }
    /// @brief Skips spaces (Brigadier's isWhitespace: Java's Character.isWhitespace, ASCII part).
    void skip_whitespace() noexcept;

    /// @brief An error at the cursor.
    CommandError error(std::string message) const { return CommandError::at(std::move(message), input_, cursor_); }
    /// @brief An error at `cursor`.
    CommandError error_at(std::string message, std::size_t cursor) const {
        return CommandError::at(std::move(message), input_, cursor);
    }

    /// @brief Brigadier's isAllowedNumber: digits, '.', '-'.
    static bool is_allowed_number(char c) noexcept { return (c >= '0' && c <= '9') || c == '.' || c == '-'; }
    /// @brief Brigadier's isAllowedInUnquotedString: [0-9A-Za-z_.+-].
    static bool is_allowed_in_unquoted_string(char c) noexcept;
    /// @brief `"` or `'`.
    static bool is_quoted_string_start(char c) noexcept { return c == '"' || c == '\''; }

    /// @brief A 32-bit integer ("Expected integer", "Invalid integer 'x'").
    Result<std::int32_t, CommandError> read_int();
    /// @brief A 64-bit integer ("Expected long", "Invalid long 'x'").
    Result<std::int64_t, CommandError> read_long();
    /// @brief A double ("Expected double", "Invalid double 'x'").
    Result<double, CommandError> read_double();
    /// @brief A float ("Expected float", "Invalid float 'x'").
    Result<float, CommandError> read_float();
    /// @brief `true` or `false` ("Expected boolean", "Invalid boolean, expected 'true' or 'false' but found 'x'").
    Result<bool, CommandError> read_boolean();
    /// @brief A run of [0-9A-Za-z_.+-] (possibly empty).
    std::string read_unquoted_string();
    /// @brief A string in `"` or `'` with `\` escaping the quote and itself.
    Result<std::string, CommandError> read_quoted_string();
    /// @brief A quoted string if one starts here, else an unquoted one.
    Result<std::string, CommandError> read_string();
    /// @brief Reads `c` or fails with "Expected 'c'".
    Result<void, CommandError> expect(char c);

private:
    Result<std::string, CommandError> read_string_until(char terminator);
    std::string_view read_number_text();
    // The number's text parsed by `parse` (bool(std::string_view, T&)); "Expected <type>" when there
    // is none, "Invalid <type> '…'" with the cursor back at its start when it does not parse.
    template <typename T, typename Parse>
    Result<T, CommandError> read_number(std::string_view type, Parse parse);

    std::string input_;
    std::size_t cursor_ = 0;
};

}  // namespace mobsdk::server
