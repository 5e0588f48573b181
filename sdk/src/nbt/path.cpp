// NBT paths: vanilla's NbtPathArgument grammar and node semantics, and NbtUtils.compareNbt for the
// `{…}` patterns.
#include "mobsdk/nbt/path.hpp"

#include <charconv>
#include <string>
#include <type_traits>
#include <utility>

#include "mobsdk/nbt/snbt.hpp"

namespace mobsdk::nbt {

namespace {

using Kind = NbtPath::Node::Kind;

// Vanilla's isAllowedInUnquotedName.
bool is_unquoted_name_char(char c) noexcept {
    return c != ' ' && c != '"' && c != '\'' && c != '[' && c != ']' && c != '.' && c != '{' && c != '}';
}

// Brigadier's StringReader.isAllowedNumber, what readInt consumes.
bool is_number_char(char c) noexcept { return (c >= '0' && c <= '9') || c == '.' || c == '-'; }

// Character index of byte offset `byte` (the text is valid UTF-8 up to there).
std::size_t char_index(std::string_view text, std::size_t byte) noexcept {
    std::size_t n = 0;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++n;
    return n;
}

std::size_t first_invalid_utf8(std::string_view s) noexcept {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto b = static_cast<unsigned char>(s[i]);
        std::size_t len = b < 0x80                   ? 1
                          : (b >= 0xC2 && b <= 0xDF) ? 2
                          : (b >= 0xE0 && b <= 0xEF) ? 3
                          : (b >= 0xF0 && b <= 0xF4) ? 4
                                                     : 0;
        if (len == 0 || s.size() - i < len) return i;
        for (std::size_t k = 1; k < len; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return i;
        const auto b1 = static_cast<unsigned char>(s[i + 1 < s.size() ? i + 1 : i]);
        if ((b == 0xE0 && b1 < 0xA0) || (b == 0xED && b1 > 0x9F) || (b == 0xF0 && b1 < 0x90) ||
            (b == 0xF4 && b1 > 0x8F))
            return i;
        i += len;
    }
    return std::string_view::npos;
}

std::string describe_at(std::string_view text, std::size_t byte) {
    if (byte >= text.size()) return "end of path";
    const char c = text[byte];
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return "a control character";
    std::size_t len = 1;
    while (byte + len < text.size() && (static_cast<unsigned char>(text[byte + len]) & 0xC0) == 0x80) ++len;
    std::string out;  // built with append: `"'" + std::string(...)` trips GCC 12's -Wrestrict bug
    out.reserve(len + 2);
    out.push_back('\'');
    out.append(text.substr(byte, len));
    out.push_back('\'');
    return out;
}

struct PathParseFailure {
    std::size_t byte;
    std::string message;
};

[[noreturn]] void fail(std::size_t byte, std::string message) { throw PathParseFailure{byte, std::move(message)}; }

NbtPath::Node make_node(Kind kind, std::string key = {}, std::int32_t index = 0, Compound pattern = {}) {
    return NbtPath::Node{kind, std::move(key), index, std::move(pattern)};
}

class PathParser {
public:
    explicit PathParser(std::string_view text) : s_(text) {}

    std::vector<NbtPath::Node> parse() {
        std::vector<NbtPath::Node> nodes;
        if (s_.empty()) fail(0, "empty NBT path");
        bool root = true;
        while (pos_ < s_.size()) {
            if (s_[pos_] == ' ') fail(pos_, "unexpected ' ' in NBT path (quote keys that contain spaces)");
            node(nodes, root);
            root = false;
            if (pos_ >= s_.size()) break;
            const char c = s_[pos_];
            if (c == '[' || c == '{' || c == ' ') continue;
            if (c != '.') fail(pos_, "expected '.', '[' or '{' after a path element, found " + describe_at(s_, pos_));
            ++pos_;
            // Vanilla tolerates `a.`; a trailing dot is almost always a typo, so it is refused.
            if (pos_ >= s_.size()) fail(pos_ - 1, "trailing '.' at the end of the NBT path");
        }
        return nodes;
    }

private:
    void node(std::vector<NbtPath::Node>& nodes, bool root) {
        const char c = s_[pos_];
        if (c == '"' || c == '\'') {
            Tag key = embedded_snbt();
            object_node(nodes, std::move(key.as<std::string>()));
            return;
        }
        if (c == '[') {
            ++pos_;
            if (pos_ >= s_.size()) fail(pos_, "unexpected end of path, expected an index, '{' or ']'");
            if (s_[pos_] == '{') {
                Tag pattern = embedded_snbt();
                expect_close_bracket();
                nodes.push_back(make_node(Kind::MatchElement, {}, 0, std::move(pattern.as_compound())));
                return;
            }
            if (s_[pos_] == ']') {
                ++pos_;
                nodes.push_back(make_node(Kind::AllElements));
                return;
            }
            const std::int32_t index = integer();
            expect_close_bracket();
            nodes.push_back(make_node(Kind::Index, {}, index));
            return;
        }
        if (c == '{') {
            if (!root) fail(pos_, "invalid NBT path element: '{…}' may only start the path or follow a key");
            Tag pattern = embedded_snbt();
            nodes.push_back(make_node(Kind::MatchRoot, {}, 0, std::move(pattern.as_compound())));
            return;
        }
        const std::size_t start = pos_;
        while (pos_ < s_.size() && is_unquoted_name_char(s_[pos_])) ++pos_;
        if (pos_ == start) fail(pos_, "invalid NBT path element, found " + describe_at(s_, pos_));
        object_node(nodes, std::string(s_.substr(start, pos_ - start)));
    }

    // Vanilla's readObjectNode: a key directly followed by `{…}` is a MatchObject.
    void object_node(std::vector<NbtPath::Node>& nodes, std::string key) {
        if (pos_ < s_.size() && s_[pos_] == '{') {
            Tag pattern = embedded_snbt();
            nodes.push_back(make_node(Kind::MatchObject, std::move(key), 0, std::move(pattern.as_compound())));
            return;
        }
        nodes.push_back(make_node(Kind::Key, std::move(key)));
    }

    // A quoted string or a compound in SNBT syntax, starting right at pos_.
    Tag embedded_snbt() {
        std::size_t consumed = 0;
        auto parsed = detail::parse_snbt_prefix(s_.substr(pos_), consumed);
        if (!parsed) fail(pos_ + parsed.error().offset, parsed.error().message);
        pos_ += consumed;
        return std::move(parsed).value();
    }

    std::int32_t integer() {
        const std::size_t start = pos_;
        while (pos_ < s_.size() && is_number_char(s_[pos_])) ++pos_;
        if (pos_ == start) fail(start, "expected an integer index, found " + describe_at(s_, start));
        const std::string_view digits = s_.substr(start, pos_ - start);
        std::int32_t value = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (ec != std::errc{} || end != digits.data() + digits.size())
            fail(start, "invalid integer '" + std::string(digits) + "'");
        return value;
    }

    void expect_close_bracket() {
        if (pos_ >= s_.size()) fail(pos_, "unexpected end of path, expected ']'");
        if (s_[pos_] != ']') fail(pos_, "expected ']', found " + describe_at(s_, pos_));
        ++pos_;
    }

    std::string_view s_;
    std::size_t pos_ = 0;
};

// ---- matching ----

template <typename F>
bool numbers_equal(const Tag& a, const Tag& b) noexcept {
    return *a.get_if<F>() == *b.get_if<F>();  // Java's FloatTag.equals: ==, so NaN never matches, 0 matches -0
}

bool matches_compound(const Compound& pattern, const Compound& tag) noexcept {
    for (const auto& [name, value] : pattern) {
        const Tag* child = tag.find(name);
        if (!child || !nbt_matches(value, *child)) return false;
    }
    return true;
}

bool matches_compound(const Compound& pattern, const Tag& tag) noexcept {
    const Compound* c = tag.get_if<Compound>();
    return c && matches_compound(pattern, *c);
}

// ---- selection ----

template <typename T>
using Ptr = std::conditional_t<std::is_const_v<T>, const Tag*, Tag*>;

std::int64_t resolve_index(std::int32_t index, std::size_t size) noexcept {
    return index < 0 ? static_cast<std::int64_t>(size) + index : index;
}

// One step over every current tag; array elements are not Tags, so Index and AllElements skip arrays.
template <typename T>
void apply(const NbtPath::Node& node, const std::vector<Ptr<T>>& in, std::vector<Ptr<T>>& out) {
    for (Ptr<T> tag : in) {
        switch (node.kind) {
            case Kind::Key:
                if (auto* c = tag->template get_if<Compound>())
                    if (auto* child = c->find(node.key)) out.push_back(child);
                break;
            case Kind::MatchObject:
                if (auto* c = tag->template get_if<Compound>())
                    if (auto* child = c->find(node.key); child && matches_compound(node.pattern, *child))
                        out.push_back(child);
                break;
            case Kind::MatchRoot:
                if (matches_compound(node.pattern, *tag)) out.push_back(tag);
                break;
            case Kind::Index:
                if (auto* l = tag->template get_if<List>()) {
                    const std::int64_t i = resolve_index(node.index, l->size());
                    if (i >= 0 && static_cast<std::size_t>(i) < l->size())
                        out.push_back(&(*l)[static_cast<std::size_t>(i)]);
                }
                break;
            case Kind::AllElements:
                if (auto* l = tag->template get_if<List>())
                    for (auto& e : *l) out.push_back(&e);
                break;
            case Kind::MatchElement:
                if (auto* l = tag->template get_if<List>())
                    for (auto& e : *l)
                        if (matches_compound(node.pattern, e)) out.push_back(&e);
                break;
        }
    }
}

template <typename T>
std::vector<Ptr<T>> select_nodes(const std::vector<NbtPath::Node>& nodes, std::size_t count, T& root) {
    std::vector<Ptr<T>> current{&root}, next;
    for (std::size_t i = 0; i < count && !current.empty(); ++i) {
        next.clear();
        apply<T>(nodes[i], current, next);
        current.swap(next);
    }
    return current;
}

// The elements of an array that an Index or AllElements step picks, as tags.
template <typename V>
void array_elements(const NbtPath::Node& node, const V& values, std::vector<Tag>& out) {
    if (node.kind == Kind::Index) {
        const std::int64_t i = resolve_index(node.index, values.size());
        if (i >= 0 && static_cast<std::size_t>(i) < values.size())
            out.emplace_back(values[static_cast<std::size_t>(i)]);
    } else {
        for (auto v : values) out.emplace_back(v);
    }
}

bool picks_array_elements(const NbtPath::Node& node) noexcept {
    return node.kind == Kind::Index || node.kind == Kind::AllElements;
}

PathError no_match(const std::string& text) { return PathError{0, "Found no elements matching " + text}; }
PathError multiple() { return PathError{0, "This argument accepts a single NBT value"}; }

}  // namespace

std::string PathError::describe() const { return "at position " + std::to_string(position) + ": " + message; }

Result<NbtPath, PathError> NbtPath::parse(std::string_view text) {
    if (const std::size_t bad = first_invalid_utf8(text); bad != std::string_view::npos)
        return unexpected(PathError{char_index(text, bad), "invalid UTF-8 at byte " + std::to_string(bad)});
    try {
        NbtPath path;
        path.nodes_ = PathParser(text).parse();
        path.text_ = std::string(text);
        return path;
    } catch (PathParseFailure& f) {
        return unexpected(PathError{char_index(text, f.byte), std::move(f.message)});
    }
}

std::vector<const Tag*> NbtPath::select(const Tag& root) const { return select_nodes(nodes_, nodes_.size(), root); }

std::vector<Tag*> NbtPath::select(Tag& root) const { return select_nodes(nodes_, nodes_.size(), root); }

Result<const Tag*, PathError> NbtPath::get_one(const Tag& root) const {
    const auto found = select(root);
    if (found.size() > 1) return unexpected(multiple());
    if (found.size() == 1) return found.front();
    if (!nodes_.empty() && picks_array_elements(nodes_.back())) {
        for (const Tag* t : select_nodes(nodes_, nodes_.size() - 1, root)) {
            const TagType type = t->type();
            if (type == TagType::ByteArray || type == TagType::IntArray || type == TagType::LongArray)
                return unexpected(PathError{0, "path " + text_ + " selects an element of a " +
                                                   std::string(tag_type_name(type)) +
                                                   ", which is not a tag; use NbtPath::get_value"});
        }
    }
    return unexpected(no_match(text_));
}

Result<Tag, PathError> NbtPath::get_value(const Tag& root) const {
    if (nodes_.empty()) return root;
    const auto parents = select_nodes(nodes_, nodes_.size() - 1, root);
    const Node& last = nodes_.back();
    std::vector<const Tag*> tags;
    std::vector<Tag> elements;
    apply<const Tag>(last, parents, tags);
    if (picks_array_elements(last)) {
        for (const Tag* t : parents) {
            if (auto* a = t->get_if<ByteArray>()) array_elements(last, *a, elements);
            else if (auto* i = t->get_if<IntArray>()) array_elements(last, *i, elements);
            else if (auto* l = t->get_if<LongArray>()) array_elements(last, *l, elements);
            if (tags.size() + elements.size() > 1) break;
        }
    }
    const std::size_t count = tags.size() + elements.size();
    if (count == 0) return unexpected(no_match(text_));
    if (count > 1) return unexpected(multiple());
    if (!tags.empty()) return *tags.front();
    return std::move(elements.front());
}

bool nbt_matches(const Tag& pattern, const Tag& tag) noexcept {
    if (pattern.type() != tag.type()) return false;
    switch (pattern.type()) {
        case TagType::Compound: return matches_compound(*pattern.get_if<Compound>(), *tag.get_if<Compound>());
        case TagType::List: {
            const List& p = *pattern.get_if<List>();
            const List& t = *tag.get_if<List>();
            if (p.empty()) return t.empty();
            for (const Tag& want : p) {
                bool found = false;
                for (const Tag& have : t) {
                    if (nbt_matches(want, have)) {
                        found = true;
                        break;
                    }
                }
                if (!found) return false;
            }
            return true;
        }
        case TagType::Float: return numbers_equal<float>(pattern, tag);
        case TagType::Double: return numbers_equal<double>(pattern, tag);
        default: return pattern == tag;
    }
}

}  // namespace mobsdk::nbt
