// Brigadier's StringReader with Minecraft's translated messages (BrigadierExceptions).
#include "mobserver/command/string_reader.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace mobsdk::server {

namespace {

// Java's Integer.parseInt / Long.parseLong: an optional sign, then digits only.
template <class T>
bool parse_java_integer(std::string_view text, T& out) {
    if (text.empty()) return false;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    if (*first == '+') return false;  // cannot occur (not an allowed char) but keep Java's rule explicit
    auto [ptr, ec] = std::from_chars(first, last, out);
    return ec == std::errc() && ptr == last;
}

// Java's Double.parseDouble over the characters Brigadier lets through (digits, '.', '-'):
// "1.", ".5" and "-0" are numbers, "-", ".", "1.2.3" and "1-2" are not.
bool parse_java_double(std::string_view text, double& out) {
    std::size_t i = 0;
    if (i < text.size() && text[i] == '-') ++i;
    std::size_t digits = 0, dots = 0;
    for (std::size_t j = i; j < text.size(); ++j) {
        if (text[j] == '.') ++dots;
        else if (text[j] >= '0' && text[j] <= '9') ++digits;
        else return false;
    }
    if (digits == 0 || dots > 1) return false;
    const std::string copy(text);
    char* end = nullptr;
    errno = 0;
    out = std::strtod(copy.c_str(), &end);
    return end == copy.c_str() + copy.size();
}

}  // namespace

void StringReader::skip_whitespace() noexcept {
    while (can_read()) {
        const char c = peek();
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v') break;
        skip();
    }
}

bool StringReader::is_allowed_in_unquoted_string(char c) noexcept {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '-' ||
           c == '.' || c == '+';
}

std::string_view StringReader::read_number_text() {
    const std::size_t start = cursor_;
    while (can_read() && is_allowed_number(peek())) skip();
    return std::string_view(input_).substr(start, cursor_ - start);
}

template <typename T, typename Parse>
Result<T, CommandError> StringReader::read_number(std::string_view type, Parse parse) {
    const std::size_t start = cursor_;
    const auto text = read_number_text();
    if (text.empty()) return unexpected(error("Expected " + std::string(type)));
    T v{};
    if (!parse(text, v)) {
        cursor_ = start;
        return unexpected(error("Invalid " + std::string(type) + " '" + std::string(text) + "'"));
    }
    return v;
}

Result<std::int32_t, CommandError> StringReader::read_int() {
    return read_number<std::int32_t>("integer", parse_java_integer<std::int32_t>);
}

Result<std::int64_t, CommandError> StringReader::read_long() {
    return read_number<std::int64_t>("long", parse_java_integer<std::int64_t>);
}

Result<double, CommandError> StringReader::read_double() { return read_number<double>("double", parse_java_double); }

Result<float, CommandError> StringReader::read_float() {
    return read_number<float>("float", [](std::string_view t, float& v) {
        double d = 0;
        if (!parse_java_double(t, d)) return false;
        v = static_cast<float>(d);  // Java's Float.parseFloat: out-of-range values become ±Infinity
        return true;
    });
}

Result<bool, CommandError> StringReader::read_boolean() {
    const std::size_t start = cursor_;
    auto value = read_string();
    if (!value) return unexpected(std::move(value.error()));
    if (value->empty()) return unexpected(error("Expected boolean"));
    if (*value == "true") return true;
    if (*value == "false") return false;
    cursor_ = start;
    return unexpected(error("Invalid boolean, expected 'true' or 'false' but found '" + *value + "'"));
}

std::string StringReader::read_unquoted_string() {
    const std::size_t start = cursor_;
    while (can_read() && is_allowed_in_unquoted_string(peek())) skip();
    return input_.substr(start, cursor_ - start);
}

Result<std::string, CommandError> StringReader::read_quoted_string() {
    if (!can_read()) return std::string();
    const char next = peek();
    if (!is_quoted_string_start(next)) return unexpected(error("Expected quote to start a string"));
    skip();
    return read_string_until(next);
}

Result<std::string, CommandError> StringReader::read_string_until(char terminator) {
    std::string out;
    bool escaped = false;
    while (can_read()) {
        const char c = read();
        if (escaped) {
            if (c == terminator || c == '\\') {
                out.push_back(c);
                escaped = false;
            } else {
                cursor_ -= 1;
                return unexpected(error(std::string("Invalid escape sequence '\\") + c + "' in quoted string"));
            }
        } else if (c == '\\') {
            escaped = true;
        } else if (c == terminator) {
            return out;
        } else {
            out.push_back(c);
        }
    }
    return unexpected(error("Unclosed quoted string"));
}

Result<std::string, CommandError> StringReader::read_string() {
    if (!can_read()) return std::string();
    const char next = peek();
    if (is_quoted_string_start(next)) {
        skip();
        return read_string_until(next);
    }
    return read_unquoted_string();
}

Result<void, CommandError> StringReader::expect(char c) {
    if (!can_read() || peek() != c) return unexpected(error(std::string("Expected '") + c + "'"));
    skip();
    return {};
}

}  // namespace mobsdk::server
