// SNBT: vanilla's TagParser (the grammar before 1.21.5) for reading, StringTagVisitor (compact) and
// TextComponentTagVisitor (indented) for printing, plus the extensions listed in docs/nbt.md.
#include "mobsdk/nbt/snbt.hpp"
#include "mobsdk/core/utf8.hpp"

#include "tree_builder.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace mobsdk::nbt {

namespace {

// Compound::put scans every entry for the key (fine for trees built in code), so building a
// compound of n keys through it would be O(n²). The parser keeps its own key index and appends
// through detail::TreeBuilder.
using CompoundEntries = std::vector<Compound::Entry>;

CompoundEntries& entries_of(Compound& c) noexcept { return detail::TreeBuilder::entries(c); }

// ---- characters ----

bool is_unquoted_char(char c) noexcept {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '-' ||
           c == '.' || c == '+';
}

// Java's Character.isWhitespace for the ASCII range (what Brigadier's skipWhitespace uses).
bool is_whitespace(char c) noexcept {
    const auto u = static_cast<unsigned char>(c);
    return u == ' ' || (u >= 0x09 && u <= 0x0D) || (u >= 0x1C && u <= 0x1F);
}

bool is_quote(char c) noexcept { return c == '"' || c == '\''; }

// Length of the well-formed UTF-8 sequence at `i`, or 0 when the bytes there are not one.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) noexcept {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80) return 1;
    std::size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte (RFC 3629 table)
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        len = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        len = 3;
        if (b0 == 0xE0) lo = 0xA0;
        if (b0 == 0xED) hi = 0x9F;  // no UTF-16 surrogates
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        len = 4;
        if (b0 == 0xF0) lo = 0x90;
        if (b0 == 0xF4) hi = 0x8F;
    } else {
        return 0;
    }
    if (s.size() - i < len) return 0;
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    if (b1 < lo || b1 > hi) return 0;
    for (std::size_t k = 2; k < len; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if (b < 0x80 || b > 0xBF) return 0;
    }
    return len;
}

// The byte offset of the first invalid UTF-8 byte, or npos.
std::size_t find_invalid_utf8(std::string_view s) noexcept {
    std::size_t i = 0;
    while (i < s.size()) {
        const std::size_t n = utf8_sequence_length(s, i);
        if (n == 0) return i;
        i += n;
    }
    return std::string_view::npos;
}

char32_t decode_utf8(std::string_view s, std::size_t i, std::size_t len) noexcept {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (len == 1) return b0;
    char32_t cp = b0 & (0x7F >> len);
    for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    return cp;
}

std::string hex_code_point(char32_t cp) {
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string out = "U+";
    const int width = cp > 0xFFFF ? 6 : 4;
    for (int shift = (width - 1) * 4; shift >= 0; shift -= 4) out += digits[(cp >> shift) & 0xF];
    return out;
}

// "'x'" for a printable character, "U+000A" for a control character, "end of input" past the end.
std::string describe_char_at(std::string_view s, std::size_t i) {
    if (i >= s.size()) return "end of input";
    std::size_t len = utf8_sequence_length(s, i);
    if (len == 0) return "byte 0x" + hex_code_point(static_cast<unsigned char>(s[i])).substr(4);
    const char32_t cp = decode_utf8(s, i, len);
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0)) return hex_code_point(cp);
    return "'" + std::string(s.substr(i, len)) + "'";
}

// A key or token for an error message: at most 40 bytes, cut on a character boundary.
std::string excerpt(std::string_view s) {
    constexpr std::size_t limit = 40;
    if (s.size() <= limit) return std::string(s);
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    return std::string(s.substr(0, cut)) + "…";
}

// ---- number classification (TagParser.type) ----

// `[-+]?(?:0|[1-9][0-9]*)` over the whole of `s`.
bool matches_integer(std::string_view s) noexcept {
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    if (i >= s.size()) return false;
    if (s[i] == '0') return i + 1 == s.size();
    if (s[i] < '1' || s[i] > '9') return false;
    for (++i; i < s.size(); ++i)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}

// `[-+]?(?:[0-9]+[.]?|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?` (suffixed form, a dot is optional) or
// `[-+]?(?:[0-9]+[.]|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?` (no suffix, a dot is required), case-insensitive.
bool matches_decimal(std::string_view s, bool dot_required) noexcept {
    std::size_t i = 0;
    auto digits = [&] {
        const std::size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
        return i - start;
    };
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    const std::size_t int_digits = digits();
    bool dot = false;
    std::size_t frac_digits = 0;
    if (i < s.size() && s[i] == '.') {
        dot = true;
        ++i;
        frac_digits = digits();
    }
    if (dot ? int_digits + frac_digits == 0 : (dot_required || int_digits == 0)) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
        if (digits() == 0) return false;
    }
    return i == s.size();
}

template <typename I>
std::optional<I> to_integer(std::string_view s) noexcept {
    if (!s.empty() && s[0] == '+') s.remove_prefix(1);
    I value{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;  // Java: NumberFormatException
    return value;
}

// Whether a decimal literal that from_chars reports out of range overflowed (true) or underflowed:
// only the power of ten of its first significant digit matters, as that is far from 0 either way.
bool decimal_overflows(std::string_view s) noexcept {
    std::size_t i = 0;
    long long significant_int_digits = 0, leading_fraction_zeros = 0;
    bool seen_dot = false, seen_significant = false;
    for (; i < s.size() && s[i] != 'e' && s[i] != 'E'; ++i) {
        if (s[i] == '.') {
            seen_dot = true;
            continue;
        }
        if (s[i] != '0') seen_significant = true;
        if (!seen_dot && seen_significant) ++significant_int_digits;
        if (seen_dot && !seen_significant) ++leading_fraction_zeros;
    }
    long long power = significant_int_digits > 0 ? significant_int_digits - 1 : -leading_fraction_zeros - 1;
    if (i + 1 < s.size()) {
        // Clamped, so that an exponent of a thousand digits cannot overflow the sum.
        const bool negative = s[i + 1] == '-';
        const auto e = to_integer<long long>(s.substr(i + 1));
        const long long limit = 1'000'000'000;
        power += e ? std::clamp(*e, -limit, limit) : (negative ? -limit : limit);
    }
    return power > 0;
}

// Java's Float.parseFloat / Double.parseDouble on a string the decimal patterns accepted: correctly
// rounded, overflow to infinity, underflow to zero.
template <typename F>
F to_floating(std::string_view s) noexcept {
    bool negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    F value{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec == std::errc::result_out_of_range) value = decimal_overflows(s) ? std::numeric_limits<F>::infinity() : F(0);
    return negative ? -value : value;
}

// The `NaN`/`Infinity` extension: the value without its f/d suffix.
std::optional<double> special_floating(std::string_view body) noexcept {
    if (body == "NaN") return std::numeric_limits<double>::quiet_NaN();
    if (body == "Infinity" || body == "+Infinity") return std::numeric_limits<double>::infinity();
    if (body == "-Infinity") return -std::numeric_limits<double>::infinity();
    return std::nullopt;
}

bool ends_with_ci(std::string_view s, char lower) noexcept {
    return !s.empty() && (s.back() == lower || s.back() == lower - ('a' - 'A'));
}

bool equals_ignore_case(std::string_view s, std::string_view lower) noexcept {
    if (s.size() != lower.size()) return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = (s[i] >= 'A' && s[i] <= 'Z') ? static_cast<char>(s[i] - 'A' + 'a') : s[i];
        if (c != lower[i]) return false;
    }
    return true;
}

// TagParser.type: what an unquoted word means.
Tag classify(std::string_view s) {
    if (ends_with_ci(s, 'f') || ends_with_ci(s, 'd')) {
        const bool is_float = ends_with_ci(s, 'f');
        const std::string_view body = s.substr(0, s.size() - 1);
        if (auto special = special_floating(body)) return is_float ? Tag(static_cast<float>(*special)) : Tag(*special);
    }
    const std::string_view body = s.empty() ? s : s.substr(0, s.size() - 1);
    if (ends_with_ci(s, 'f') && matches_decimal(body, false)) return Tag(to_floating<float>(body));
    if (ends_with_ci(s, 'b') && matches_integer(body)) {
        if (auto v = to_integer<std::int8_t>(body)) return Tag(*v);
        return Tag(std::string(s));
    }
    if (ends_with_ci(s, 'l') && matches_integer(body)) {
        if (auto v = to_integer<std::int64_t>(body)) return Tag(*v);
        return Tag(std::string(s));
    }
    if (ends_with_ci(s, 's') && matches_integer(body)) {
        if (auto v = to_integer<std::int16_t>(body)) return Tag(*v);
        return Tag(std::string(s));
    }
    if (matches_integer(s)) {
        if (auto v = to_integer<std::int32_t>(s)) return Tag(*v);
        return Tag(std::string(s));
    }
    if (ends_with_ci(s, 'd') && matches_decimal(body, false)) return Tag(to_floating<double>(body));
    if (matches_decimal(s, true)) return Tag(to_floating<double>(s));
    // Vanilla compares with equalsIgnoreCase, so `TRUE` and `False` are bytes too.
    if (equals_ignore_case(s, "true")) return Tag(std::int8_t{1});
    if (equals_ignore_case(s, "false")) return Tag(std::int8_t{0});
    return Tag(std::string(s));
}

// ---- parser ----

struct ParseFailure {
    std::size_t offset;
    std::string message;
};

[[noreturn]] void fail(std::size_t offset, std::string message) { throw ParseFailure{offset, std::move(message)}; }

SnbtError make_error(std::string_view text, std::size_t offset, std::string message) {
    SnbtError e;
    e.offset = offset;
    e.message = std::move(message);
    std::size_t line_start = 0;
    const std::size_t limit = std::min(offset, text.size());
    for (std::size_t i = 0; i < limit; ++i) {
        if (text[i] == '\n') {
            ++e.line;
            line_start = i + 1;
        }
    }
    e.column = 1;
    for (std::size_t i = line_start; i < limit; ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++e.column;
    return e;
}

// Orders entry indices by key, so a big compound finds duplicates in O(log n).
struct KeyLess {
    using is_transparent = void;
    const CompoundEntries* entries;
    std::string_view key(std::size_t i) const noexcept { return (*entries)[i].name; }
    bool operator()(std::size_t a, std::size_t b) const noexcept { return key(a) < key(b); }
    bool operator()(std::size_t a, std::string_view b) const noexcept { return key(a) < b; }
    bool operator()(std::string_view a, std::size_t b) const noexcept { return a < key(b); }
};

class Parser {
public:
    Parser(std::string_view text, const SnbtReadOptions& opts) : s_(text), opts_(opts) {}

    std::size_t position() const noexcept { return pos_; }

    Tag value(std::size_t depth) {
        skip_whitespace();
        if (at_end()) fail(pos_, "unexpected end of input, expected value");
        const char c = s_[pos_];
        if (c == '{') return Tag(compound(depth + 1));
        if (c == '[') return list_or_array(depth + 1);
        return scalar();
    }

    Compound root_compound() {
        skip_whitespace();
        if (at_end()) fail(pos_, "unexpected end of input, expected '{'");
        if (s_[pos_] != '{') fail(pos_, "expected '{', found " + describe_char_at(s_, pos_));
        return compound(1);
    }

    void expect_end() {
        skip_whitespace();
        if (!at_end()) fail(pos_, "trailing data after the value, found " + describe_char_at(s_, pos_));
    }

private:
    bool at_end() const noexcept { return pos_ >= s_.size(); }

    void skip_whitespace() noexcept {
        while (pos_ < s_.size() && is_whitespace(s_[pos_])) ++pos_;
    }

    void enter(std::size_t depth) const {
        if (depth > opts_.max_depth) fail(pos_, "nesting deeper than " + std::to_string(opts_.max_depth));
    }

    // TagParser.hasElementSeparator: skips whitespace, a comma and whitespace.
    bool element_separator() noexcept {
        skip_whitespace();
        if (at_end() || s_[pos_] != ',') return false;
        ++pos_;
        skip_whitespace();
        return true;
    }

    void expect_close(char close, const char* what) {
        skip_whitespace();
        if (at_end()) fail(pos_, std::string("unexpected end of input, expected ") + what);
        if (s_[pos_] != close) fail(pos_, std::string("expected ") + what + ", found " + describe_char_at(s_, pos_));
        ++pos_;
    }

    Compound compound(std::size_t depth) {
        enter(depth);
        ++pos_;  // '{'
        skip_whitespace();
        Compound out;
        CompoundEntries& entries = entries_of(out);
        constexpr std::size_t index_threshold = 16;  // below this a linear scan is cheaper
        std::set<std::size_t, KeyLess> index(KeyLess{&entries});
        while (!at_end() && s_[pos_] != '}') {
            std::string name = key();
            skip_whitespace();
            if (at_end()) fail(pos_, "unexpected end of input, expected ':' after key '" + excerpt(name) + "'");
            if (s_[pos_] != ':')
                fail(pos_, "expected ':' after key '" + excerpt(name) + "', found " + describe_char_at(s_, pos_));
            ++pos_;
            Tag v = value(depth);
            put(entries, index, index_threshold, std::move(name), std::move(v));
            if (!element_separator()) break;
            if (at_end()) fail(pos_, "unexpected end of input, expected key");
        }
        expect_close('}', out.empty() ? "'}'" : "',' or '}'");
        return out;
    }

    // Duplicate keys: the last value wins and keeps the first one's place (Compound::put semantics).
    static void put(CompoundEntries& entries, std::set<std::size_t, KeyLess>& index, std::size_t threshold,
                    std::string name, Tag v) {
        if (entries.size() < threshold) {
            for (auto& e : entries) {
                if (e.name == name) {
                    e.value = std::move(v);
                    return;
                }
            }
            entries.push_back(Compound::Entry{std::move(name), std::move(v)});
            if (entries.size() == threshold)
                for (std::size_t i = 0; i < entries.size(); ++i) index.insert(i);
            return;
        }
        if (auto it = index.find(std::string_view(name)); it != index.end()) {
            entries[*it].value = std::move(v);
            return;
        }
        entries.push_back(Compound::Entry{std::move(name), std::move(v)});
        index.insert(entries.size() - 1);
    }

    std::string key() {
        skip_whitespace();
        if (at_end()) fail(pos_, "unexpected end of input, expected key");
        if (is_quote(s_[pos_])) return quoted();  // "" is accepted (vanilla refuses it; we must round-trip it)
        const std::size_t start = pos_;
        while (!at_end() && is_unquoted_char(s_[pos_])) ++pos_;
        if (pos_ == start) fail(pos_, "expected key, found " + describe_char_at(s_, pos_));
        return std::string(s_.substr(start, pos_ - start));
    }

    Tag list_or_array(std::size_t depth) {
        enter(depth);
        // TagParser.readList: `[X;` with X not a quote is an array header, whatever X is.
        if (pos_ + 1 < s_.size() && !is_quote(s_[pos_ + 1])) {
            const std::size_t len = utf8_sequence_length(s_, pos_ + 1);
            if (len > 0 && len < 4 && pos_ + 1 + len < s_.size() && s_[pos_ + 1 + len] == ';') return array(len, depth);
        }
        return Tag(list(depth));
    }

    List list(std::size_t depth) {
        ++pos_;  // '['
        skip_whitespace();
        if (at_end()) fail(pos_, "unexpected end of input, expected value or ']'");
        List out;
        while (s_[pos_] != ']') {
            skip_whitespace();
            const std::size_t start = pos_;
            Tag v = value(depth);
            if (!out.empty() && v.type() != out.element_type())
                fail(start, "cannot insert " + std::string(tag_type_name(v.type())) + " into a list of " +
                                std::string(tag_type_name(out.element_type())));
            out.push_back(std::move(v));
            if (!element_separator()) break;
            if (at_end()) fail(pos_, "unexpected end of input, expected value");
        }
        expect_close(']', out.empty() ? "']'" : "',' or ']'");
        return out;
    }

    Tag array(std::size_t letter_len, std::size_t depth) {
        const std::size_t letter_pos = pos_ + 1;
        const char letter = s_[letter_pos];
        pos_ = letter_pos + letter_len + 1;  // past ';'
        skip_whitespace();
        if (at_end()) fail(pos_, "unexpected end of input, expected value");
        switch (letter_len == 1 ? letter : '\0') {
            case 'B': return Tag(array_elements<std::int8_t>(TagType::ByteArray, depth));
            case 'I': return Tag(array_elements<std::int32_t>(TagType::IntArray, depth));
            case 'L': return Tag(array_elements<std::int64_t>(TagType::LongArray, depth));
            default:
                fail(letter_pos, "invalid array type " + describe_char_at(s_, letter_pos) + " (expected B, I or L)");
        }
    }

    template <typename T>
    std::vector<T> array_elements(TagType array_type, std::size_t depth) {
        std::vector<T> out;
        while (s_[pos_] != ']') {
            skip_whitespace();
            const std::size_t start = pos_;
            // Elements are read as any value, as vanilla: `[I;[1]]` says what was found.
            Tag v = value(depth);
            const T* element = v.get_if<T>();
            if (!element)
                fail(start, "cannot insert " + std::string(tag_type_name(v.type())) + " into " +
                                std::string(tag_type_name(array_type)));
            out.push_back(*element);
            if (!element_separator()) break;
            if (at_end()) fail(pos_, "unexpected end of input, expected value");
        }
        expect_close(']', out.empty() ? "']'" : "',' or ']'");
        return out;
    }

    Tag scalar() {
        const std::size_t start = pos_;
        if (is_quote(s_[pos_])) return Tag(quoted());
        while (!at_end() && is_unquoted_char(s_[pos_])) ++pos_;
        if (pos_ == start) fail(pos_, "expected value, found " + describe_char_at(s_, pos_));
        return classify(s_.substr(start, pos_ - start));
    }

    std::uint32_t hex_digits(std::size_t count, std::size_t escape_pos) {
        std::uint32_t v = 0;
        for (std::size_t k = 0; k < count; ++k) {
            const char c = pos_ < s_.size() ? s_[pos_] : '\0';
            int d = -1;
            if (c >= '0' && c <= '9') d = c - '0';
            else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
            else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
            if (d < 0)
                fail(escape_pos, "invalid escape '\\" + std::string(1, s_[escape_pos + 1]) + "': expected " +
                                     std::to_string(count) + " hex digits");
            v = v * 16 + static_cast<std::uint32_t>(d);
            ++pos_;
        }
        return v;
    }

    std::string quoted() {
        const std::size_t open = pos_;
        const char q = s_[pos_++];
        std::string out;
        for (;;) {
            const std::size_t run = s_.find_first_of(q == '"' ? "\"\\" : "'\\", pos_);
            if (run == std::string_view::npos) fail(open, std::string("unterminated string: no closing ") + q);
            out.append(s_.substr(pos_, run - pos_));
            pos_ = run;
            if (s_[pos_] == q) {
                ++pos_;
                return out;
            }
            escape(out);
        }
    }

    void escape(std::string& out) {
        const std::size_t at = pos_;  // the backslash
        if (pos_ + 1 >= s_.size()) fail(at, "unterminated string: input ends after '\\'");
        const char c = s_[pos_ + 1];
        pos_ += 2;
        switch (c) {
            case '\\':
            case '"':
            case '\'': out += c; return;
            case 'n': out += '\n'; return;
            case 't': out += '\t'; return;
            case 'r': out += '\r'; return;
            case 'b': out += '\b'; return;
            case 'f': out += '\f'; return;
            case 's': out += ' '; return;
            case 'x': append_utf8(out, hex_digits(2, at)); return;
            case 'U': {
                const std::uint32_t cp = hex_digits(8, at);
                if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
                    fail(at, "invalid escape: " + hex_code_point(cp) + " is not a Unicode scalar value");
                append_utf8(out, cp);
                return;
            }
            case 'u': {
                std::uint32_t cp = hex_digits(4, at);
                if (cp >= 0xDC00 && cp <= 0xDFFF) fail(at, "invalid escape: lone low surrogate " + hex_code_point(cp));
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (!(pos_ + 1 < s_.size() && s_[pos_] == '\\' && s_[pos_ + 1] == 'u'))
                        fail(at, "invalid escape: high surrogate " + hex_code_point(cp) + " without a low one");
                    const std::size_t second = pos_;
                    pos_ += 2;
                    const std::uint32_t low = hex_digits(4, second);
                    if (low < 0xDC00 || low > 0xDFFF)
                        fail(at, "invalid escape: high surrogate " + hex_code_point(cp) + " followed by " +
                                     hex_code_point(low));
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                append_utf8(out, cp);
                return;
            }
            default: {
                const std::string found = describe_char_at(s_, at + 1);
                fail(at, found.front() == '\'' ? "invalid escape sequence '\\" + found.substr(1)
                                               : "invalid escape sequence: '\\' followed by " + found);
            }
        }
    }

    std::string_view s_;
    const SnbtReadOptions& opts_;
    std::size_t pos_ = 0;
};

SnbtError check_input(std::string_view text, const SnbtReadOptions& opts, bool& ok) {
    ok = false;
    if (text.size() > opts.max_length)
        return make_error(text, 0,
                          "input is " + std::to_string(text.size()) + " bytes, more than the limit of " +
                              std::to_string(opts.max_length));
    const std::size_t bad = find_invalid_utf8(text);
    if (bad != std::string_view::npos) return make_error(text, bad, "invalid UTF-8 at byte " + std::to_string(bad));
    ok = true;
    return {};
}

// ---- printer ----

// Java's Float/Double.toString layout around the shortest digits that read back to the same bits:
// plain notation with at least one fractional digit for 1e-3 <= |v| < 1e7 (`20.0`, `0.001`),
// otherwise `d.dddE±n` (`1.0E10`, `1.5E-5`). Vanilla's `data get` prints numbers this way.
template <typename F>
void append_java_decimal(std::string& out, F v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    std::string_view sci(buf, static_cast<std::size_t>(r.ptr - buf));  // e.g. "-1.2345e+02"
    if (!sci.empty() && sci.front() == '-') {
        out += '-';
        sci.remove_prefix(1);
    }
    const std::size_t e = sci.find('e');
    std::string digits;
    for (char c : sci.substr(0, e))
        if (c != '.') digits += c;
    int exponent = 0;
    std::from_chars(sci.data() + e + (sci[e + 1] == '+' ? 2 : 1), sci.data() + sci.size(), exponent);
    if (v == 0) exponent = 0;
    if (exponent >= -3 && exponent < 7) {
        if (exponent >= 0) {
            const std::size_t int_len = static_cast<std::size_t>(exponent) + 1;
            if (digits.size() <= int_len) {
                out += digits;
                out.append(int_len - digits.size(), '0');
                out += ".0";
            } else {
                out.append(digits, 0, int_len);
                out += '.';
                out.append(digits, int_len, std::string::npos);
            }
        } else {
            out += "0.";
            out.append(static_cast<std::size_t>(-exponent - 1), '0');
            out += digits;
        }
    } else {
        out += digits[0];
        out += '.';
        out += digits.size() > 1 ? std::string_view(digits).substr(1) : std::string_view("0");
        out += 'E';
        out += std::to_string(exponent);
    }
}

template <typename F>
void append_floating(std::string& out, F v, char suffix) {
    if (std::isnan(v)) {
        out += "NaN";
    } else if (std::isinf(v)) {
        out += v < 0 ? "-Infinity" : "Infinity";
    } else {
        append_java_decimal(out, v);
    }
    out += suffix;
}

template <typename I>
void append_integer(std::string& out, I v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

bool is_inline_list_type(TagType t) noexcept {
    return t == TagType::Byte || t == TagType::Short || t == TagType::Int || t == TagType::Long ||
           t == TagType::Float || t == TagType::Double;
}

class Printer {
public:
    Printer(std::string& out, int indent) : out_(out), indent_(indent > 0 ? static_cast<std::size_t>(indent) : 0) {}

    void write(const Tag& tag, std::size_t depth) {
        switch (tag.type()) {
            case TagType::End: out_ += "END"; return;  // vanilla's EndTag text; not readable back
            case TagType::Byte:
                append_integer(out_, static_cast<int>(*tag.get_if<std::int8_t>()));
                out_ += 'b';
                return;
            case TagType::Short:
                append_integer(out_, *tag.get_if<std::int16_t>());
                out_ += 's';
                return;
            case TagType::Int: append_integer(out_, *tag.get_if<std::int32_t>()); return;
            case TagType::Long:
                append_integer(out_, *tag.get_if<std::int64_t>());
                out_ += 'L';
                return;
            case TagType::Float: append_floating(out_, *tag.get_if<float>(), 'f'); return;
            case TagType::Double: append_floating(out_, *tag.get_if<double>(), 'd'); return;
            case TagType::String: out_ += quote_snbt_string(*tag.get_if<std::string>()); return;
            case TagType::ByteArray: array(*tag.get_if<ByteArray>(), 'B', "B"); return;
            case TagType::IntArray: array(*tag.get_if<IntArray>(), 'I', ""); return;
            case TagType::LongArray: array(*tag.get_if<LongArray>(), 'L', "L"); return;
            case TagType::List: list(*tag.get_if<List>(), depth); return;
            case TagType::Compound: compound(*tag.get_if<Compound>(), depth); return;
        }
    }

private:
    template <typename V>
    void array(const V& values, char letter, const char* suffix) {
        out_ += '[';
        out_ += letter;
        out_ += ';';
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (i > 0) out_ += ',';
            if (indent_ > 0) out_ += ' ';
            append_integer(out_, static_cast<std::int64_t>(values[i]));
            out_ += suffix;
        }
        out_ += ']';
    }

    void new_line(std::size_t depth) {
        out_ += '\n';
        out_.append(indent_ * depth, ' ');
    }

    void list(const List& l, std::size_t depth) {
        out_ += '[';
        // TextComponentTagVisitor keeps up to 8 numbers on one line.
        const bool one_line = indent_ == 0 || (is_inline_list_type(l.element_type()) && l.size() <= 8);
        for (std::size_t i = 0; i < l.size(); ++i) {
            if (i > 0) out_ += ',';
            if (!one_line) new_line(depth + 1);
            else if (i > 0 && indent_ > 0) out_ += ' ';
            write(l[i], depth + 1);
        }
        if (!one_line && !l.empty()) new_line(depth);
        out_ += ']';
    }

    void compound(const Compound& c, std::size_t depth) {
        out_ += '{';
        bool first = true;
        for (const auto& [name, value] : c) {
            if (!first) out_ += ',';
            first = false;
            if (indent_ > 0) new_line(depth + 1);
            out_ += is_bare_snbt_key(name) ? name : quote_snbt_string(name);
            out_ += ':';
            if (indent_ > 0) out_ += ' ';
            write(value, depth + 1);
        }
        if (indent_ > 0 && !c.empty()) new_line(depth);
        out_ += '}';
    }

    std::string& out_;
    std::size_t indent_;
};

}  // namespace

std::string SnbtError::describe() const {
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + message;
}

Result<Tag, SnbtError> parse_snbt(std::string_view text, const SnbtReadOptions& opts) {
    bool ok = false;
    SnbtError input_error = check_input(text, opts, ok);
    if (!ok) return unexpected(std::move(input_error));
    Parser p(text, opts);
    try {
        Tag t = p.value(0);
        p.expect_end();
        return t;
    } catch (ParseFailure& f) {
        return unexpected(make_error(text, f.offset, std::move(f.message)));
    }
}

Result<Compound, SnbtError> parse_snbt_compound(std::string_view text, const SnbtReadOptions& opts) {
    bool ok = false;
    SnbtError input_error = check_input(text, opts, ok);
    if (!ok) return unexpected(std::move(input_error));
    Parser p(text, opts);
    try {
        Compound c = p.root_compound();
        p.expect_end();
        return c;
    } catch (ParseFailure& f) {
        return unexpected(make_error(text, f.offset, std::move(f.message)));
    }
}

namespace detail {

Result<Tag, SnbtError> parse_snbt_prefix(std::string_view text, std::size_t& consumed, const SnbtReadOptions& opts) {
    consumed = 0;
    if (text.size() > opts.max_length)
        return unexpected(make_error(text, 0,
                                     "input is " + std::to_string(text.size()) + " bytes, more than the limit of " +
                                         std::to_string(opts.max_length)));
    Parser p(text, opts);
    try {
        Tag t = p.value(0);
        // Only the consumed part is checked, so that an embedding parser calling this once per
        // element stays linear; it has checked its whole input already.
        const std::size_t bad = find_invalid_utf8(text.substr(0, p.position()));
        if (bad != std::string_view::npos)
            return unexpected(make_error(text, bad, "invalid UTF-8 at byte " + std::to_string(bad)));
        consumed = p.position();
        return t;
    } catch (ParseFailure& f) {
        return unexpected(make_error(text, f.offset, std::move(f.message)));
    }
}

}  // namespace detail

std::string to_snbt(const Tag& tag, const SnbtFormat& format) {
    std::string out;
    append_snbt(out, tag, format);
    return out;
}

void append_snbt(std::string& out, const Tag& tag, const SnbtFormat& format) {
    Printer(out, format.indent).write(tag, 0);
}

std::string quote_snbt_string(std::string_view s) {
    // StringTag.quoteAndEscape: the first quote character met picks the other one as delimiter.
    char quote = '\0';
    for (char c : s) {
        if (c == '"' || c == '\'') {
            quote = c == '"' ? '\'' : '"';
            break;
        }
    }
    if (quote == '\0') quote = '"';
    std::string out;
    out.reserve(s.size() + 2);
    out += quote;
    for (char c : s) {
        if (c == '\\' || c == quote) out += '\\';
        out += c;
    }
    out += quote;
    return out;
}

bool is_bare_snbt_key(std::string_view key) noexcept {
    if (key.empty()) return false;
    for (char c : key)
        if (!is_unquoted_char(c)) return false;
    return true;
}

}  // namespace mobsdk::nbt
