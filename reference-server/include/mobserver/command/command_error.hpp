// A command that failed to parse or to run, in vanilla's console form: the message, then (when it
// points into the input) a context line ending in "<--[HERE]".
#pragma once

#include <cstddef>
#include <string>
#include <utility>

namespace mobsdk::server {

/// @brief A command error (vanilla's CommandSyntaxException).
struct CommandError {
    /// @brief No position in the input: only the message is shown (errors raised while executing).
    static constexpr std::size_t no_cursor = static_cast<std::size_t>(-1);

    std::string message;             ///< e.g. "Expected integer"
    std::string input;               ///< the whole command line, when the error points into it
    std::size_t cursor = no_cursor;  ///< where in `input` the error is

    /// @brief An error with no context line.
    static CommandError plain(std::string message) { return CommandError{std::move(message), {}, no_cursor}; }
    /// @brief An error at a position of the input.
    static CommandError at(std::string message, std::string input, std::size_t cursor) {
        return CommandError{std::move(message), std::move(input), cursor};
    }
    /// @brief True when the error carries a context line.
    bool has_context() const noexcept { return cursor != no_cursor; }
    /// @brief The context line as vanilla's Commands.performCommand builds it: up to 10 characters
    /// before the cursor ("..." first when more were cut), the rest of the input, then "<--[HERE]".
    /// Empty without context.
    std::string context() const {
        if (!has_context()) return {};
        const std::size_t at = cursor < input.size() ? cursor : input.size();
        std::string out;
        if (at > 10) out += "...";
        out.append(input, at > 10 ? at - 10 : 0, at > 10 ? 10 : at);
        out.append(input, at, std::string::npos);
        out += "<--[HERE]";
        return out;
    }
    /// @brief The console form: the message, and the context line after a newline when there is one.
    std::string describe() const { return has_context() ? message + "\n" + context() : message; }
    /// @brief Brigadier's one-line form (getMessage): "<message> at position N: ...<context><--[HERE]".
    std::string one_line() const {
        if (!has_context()) return message;
        const std::size_t at = cursor < input.size() ? cursor : input.size();
        std::string out = message + " at position " + std::to_string(at) + ": ";
        if (at > 10) out += "...";
        out.append(input, at > 10 ? at - 10 : 0, at > 10 ? 10 : at);
        return out + "<--[HERE]";
    }
};

}  // namespace mobsdk::server
