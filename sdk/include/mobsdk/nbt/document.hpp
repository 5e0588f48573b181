// A read-only NBT document: one pass over the bytes into flat arrays (strings as views into the input,
// arrays in one arena), for code that only needs to look at NBT. to_tag() gives the editable tree.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/compression.hpp"
#include "mobsdk/nbt/io.hpp"
#include "mobsdk/nbt/tag.hpp"

namespace mobsdk::nbt {

using ByteArrayView = std::span<const std::int8_t>;   ///< a TAG_Byte_Array in a Document
using IntArrayView = std::span<const std::int32_t>;   ///< a TAG_Int_Array in a Document
using LongArrayView = std::span<const std::int64_t>;  ///< a TAG_Long_Array in a Document

class TagView;
class CompoundView;
class ListView;
class Document;

namespace detail {

/// @brief One tag of a Document, 16 bytes in a flat array. Private layout: use the views.
///
/// `payload` holds an integer tag sign-extended, a float or double by its bits, and otherwise an
/// offset (low 32 bits) and a count (high 32 bits): a string's bytes, an array's elements, or the
/// index of a list's or compound's first child in the node array (children are contiguous).
struct DocNode {
    std::uint32_t key;      ///< offset of the key's UTF-8 bytes (in the input, or the arena)
    std::uint16_t key_len;  ///< key length in bytes; 0 for list elements
    TagType type;           ///< the tag's type
    std::uint8_t flags;     ///< kKeyInArena | kValueInArena; a list's element type in the high nibble
    std::uint64_t payload;  ///< see above
};
static_assert(sizeof(DocNode) == 16);

inline constexpr std::uint8_t kKeyInArena = 1;    ///< the key was decoded into the arena
inline constexpr std::uint8_t kValueInArena = 2;  ///< the string value was decoded into the arena

/// @brief Where a Document's views find their data; stays at one address while the Document lives.
struct DocBase {
    const std::uint8_t* input = nullptr;  ///< the NBT bytes (strings that needed no decoding)
    const std::uint8_t* arena = nullptr;  ///< decoded strings, native-endian int and long arrays
    const DocNode* nodes = nullptr;       ///< every tag; nodes[0] is the root
};

struct DocStore;

inline std::uint32_t lo32(std::uint64_t v) noexcept { return static_cast<std::uint32_t>(v); }
inline std::uint32_t hi32(std::uint64_t v) noexcept { return static_cast<std::uint32_t>(v >> 32); }

template <typename T>
inline constexpr bool is_view_type_v =
    std::is_same_v<T, std::int8_t> || std::is_same_v<T, std::int16_t> || std::is_same_v<T, std::int32_t> ||
    std::is_same_v<T, std::int64_t> || std::is_same_v<T, float> || std::is_same_v<T, double> ||
    std::is_same_v<T, std::string_view> || std::is_same_v<T, ByteArrayView> || std::is_same_v<T, IntArrayView> ||
    std::is_same_v<T, LongArrayView> || std::is_same_v<T, ListView> || std::is_same_v<T, CompoundView>;

}  // namespace detail

/// @brief The tag type a Document view type reads (`std::int32_t` → TAG_Int, `std::string_view` →
/// TAG_String, `LongArrayView` → TAG_Long_Array, `CompoundView` → TAG_Compound, …).
template <typename T>
constexpr TagType view_tag_type() noexcept {
    static_assert(detail::is_view_type_v<T>,
                  "not a Document view type: use std::int8_t/int16_t/int32_t/int64_t, float, double, "
                  "std::string_view, ByteArrayView, IntArrayView, LongArrayView, ListView or "
                  "CompoundView");
    if constexpr (std::is_same_v<T, std::string_view>) return TagType::String;
    else if constexpr (std::is_same_v<T, ByteArrayView>) return TagType::ByteArray;
    else if constexpr (std::is_same_v<T, IntArrayView>) return TagType::IntArray;
    else if constexpr (std::is_same_v<T, LongArrayView>) return TagType::LongArray;
    else if constexpr (std::is_same_v<T, ListView>) return TagType::List;
    else if constexpr (std::is_same_v<T, CompoundView>) return TagType::Compound;
    else return tag_type_of<T>();
}

/// @brief A TAG_Compound of a Document: its entries in file order, keys unique.
class CompoundView {
public:
    /// @brief One entry: the key (UTF-8) and the value.
    struct Entry;
    class iterator;

    /// @brief An empty compound that belongs to no document.
    CompoundView() noexcept = default;

    /// @brief Number of entries.
    std::size_t size() const noexcept { return count_; }
    /// @brief True when there are no entries.
    bool empty() const noexcept { return count_ == 0; }
    /// @brief Entries in file order.
    iterator begin() const noexcept;
    iterator end() const noexcept;

    /// @brief The value under `key`, or an absent view (false in a condition). A linear scan: to
    /// look at most entries of a large compound, iterate once instead.
    TagView find(std::string_view key) const noexcept;
    /// @brief The value under `key` if it is present and a T, else nullopt.
    template <typename T>
    std::optional<T> find(std::string_view key) const noexcept;
    /// @brief True when `key` is present.
    bool contains(std::string_view key) const noexcept;
    /// @brief The value under `key` as T; throws TypeError with the tree's messages ("missing key 'x'
    /// (expected TAG_Int)", "key 'x' is TAG_String, expected TAG_Int").
    template <typename T>
    T get(std::string_view key) const;
    /// @brief The value under `key` as T, or `fallback` when missing or of another type.
    template <typename T>
    T get_or(std::string_view key, T fallback) const noexcept;

    /// @brief A copy as the editable tree.
    Compound to_compound() const;

private:
    friend class TagView;
    CompoundView(const detail::DocBase* doc, const detail::DocNode* first, std::size_t count) noexcept
        : doc_(doc), first_(first), count_(count) {}
    const detail::DocBase* doc_ = nullptr;
    const detail::DocNode* first_ = nullptr;
    std::size_t count_ = 0;
};

/// @brief A TAG_List of a Document: elements of one type, with random access.
class ListView {
public:
    class iterator;

    /// @brief An empty list of element type End that belongs to no document.
    ListView() noexcept = default;

    /// @brief Type of the elements (what the file said, also for an empty list).
    TagType element_type() const noexcept { return element_type_; }
    /// @brief Number of elements.
    std::size_t size() const noexcept { return count_; }
    /// @brief True when there are no elements.
    bool empty() const noexcept { return count_ == 0; }
    /// @brief Element `i` without a range check.
    TagView operator[](std::size_t i) const noexcept;
    /// @brief Element `i`; throws TypeError naming the index when out of range.
    TagView at(std::size_t i) const;
    /// @brief Element `i` as T; throws TypeError when out of range or of another type.
    template <typename T>
    T get(std::size_t i) const;
    /// @brief Elements in order.
    iterator begin() const noexcept;
    iterator end() const noexcept;

    /// @brief A copy as the editable tree (the element type is kept, also for an empty list).
    List to_list() const;

private:
    friend class TagView;
    ListView(const detail::DocBase* doc, const detail::DocNode* first, std::size_t count, TagType element_type) noexcept
        : doc_(doc), first_(first), count_(count), element_type_(element_type) {}
    const detail::DocBase* doc_ = nullptr;
    const detail::DocNode* first_ = nullptr;
    std::size_t count_ = 0;
    TagType element_type_ = TagType::End;
};

/// @brief Any tag of a Document, or an absent one (what `find` returns for a missing key). Cheap to
/// copy (two pointers); valid while its Document lives and is not re-loaded.
class TagView {
public:
    /// @brief An absent view: false in a condition, type End.
    TagView() noexcept = default;

    /// @brief True unless the view is absent.
    explicit operator bool() const noexcept { return node_ != nullptr; }
    /// @brief The tag's type; End for an absent view.
    TagType type() const noexcept { return node_ ? node_->type : TagType::End; }
    /// @brief True when the tag is a T (a view type: see view_tag_type).
    template <typename T>
    bool is() const noexcept {
        return type() == view_tag_type<T>();
    }
    /// @brief The value as T, or nullopt when it is another type (or absent).
    template <typename T>
    std::optional<T> try_as() const noexcept;
    /// @brief The value as T; throws TypeError ("expected TAG_Int, found TAG_String").
    template <typename T>
    T as() const;
    /// @brief Any numeric tag (Byte..Double) converted to T as the tree's `Tag::numeric` does;
    /// throws TypeError for other tags.
    template <typename T>
    T numeric() const;

    CompoundView as_compound() const { return as<CompoundView>(); }
    ListView as_list() const { return as<ListView>(); }
    std::string_view as_string() const { return as<std::string_view>(); }
    std::int8_t as_byte() const { return as<std::int8_t>(); }
    std::int16_t as_short() const { return as<std::int16_t>(); }
    std::int32_t as_int() const { return as<std::int32_t>(); }
    std::int64_t as_long() const { return as<std::int64_t>(); }
    float as_float() const { return as<float>(); }
    double as_double() const { return as<double>(); }

    /// @brief A copy as the editable tree; `Tag()` (End) for an absent view.
    Tag to_tag() const;

private:
    friend class CompoundView;
    friend class ListView;
    friend class Document;
    TagView(const detail::DocBase* doc, const detail::DocNode* node) noexcept : doc_(doc), node_(node) {}
    template <typename T>
    T unchecked() const noexcept;

    const detail::DocBase* doc_ = nullptr;
    const detail::DocNode* node_ = nullptr;
};

struct CompoundView::Entry {
    std::string_view name;  ///< the key, UTF-8
    TagView value;          ///< the value
};

/// @brief Iterates a compound's entries (yields CompoundView::Entry).
class CompoundView::iterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Entry;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Entry;

    iterator() noexcept = default;
    /// @brief The current entry.
    Entry operator*() const noexcept;
    iterator& operator++() noexcept {
        ++node_;
        return *this;
    }
    iterator operator++(int) noexcept {
        iterator t = *this;
        ++node_;
        return t;
    }
    friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.node_ == b.node_; }

private:
    friend class CompoundView;
    iterator(const detail::DocBase* doc, const detail::DocNode* node) noexcept : doc_(doc), node_(node) {}
    const detail::DocBase* doc_ = nullptr;
    const detail::DocNode* node_ = nullptr;
};

/// @brief Iterates a list's elements (yields TagView).
class ListView::iterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = TagView;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = TagView;

    iterator() noexcept = default;
    /// @brief The current element.
    TagView operator*() const noexcept { return TagView(doc_, node_); }
    iterator& operator++() noexcept {
        ++node_;
        return *this;
    }
    iterator operator++(int) noexcept {
        iterator t = *this;
        ++node_;
        return t;
    }
    friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.node_ == b.node_; }

private:
    friend class ListView;
    iterator(const detail::DocBase* doc, const detail::DocNode* node) noexcept : doc_(doc), node_(node) {}
    const detail::DocBase* doc_ = nullptr;
    const detail::DocNode* node_ = nullptr;
};

/// @brief A parsed, read-only NBT document.
///
/// `parse` reads and checks the whole input at once, with the same limits, the same accepted inputs
/// and the same error offsets and messages as `nbt::read` — nothing is left to fail later. Strings
/// that need no decoding are views into the input, so **the input bytes must outlive the Document**
/// (except with the overload that takes the vector by value, which keeps it). Views stay valid while
/// the Document lives (moving it is fine) and until it is loaded again.
class Document {
public:
    /// @brief An empty document: `root()` is absent.
    Document() noexcept;
    ~Document();
    Document(Document&&) noexcept;
    Document& operator=(Document&&) noexcept;
    Document(const Document&) = delete;
    Document& operator=(const Document&) = delete;

    /// @brief Parses uncompressed NBT with a named root (the file form); borrows `bytes`.
    static Result<Document, ReadError> parse(std::span<const std::uint8_t> bytes, const ReadOptions& opts = {});
    /// @brief The same, keeping `bytes` inside the document (no copy).
    static Result<Document, ReadError> parse(std::vector<std::uint8_t>&& bytes, const ReadOptions& opts = {});
    /// @brief Parses the nameless-root network form; borrows `bytes`.
    static Result<Document, ReadError> parse_unnamed(std::span<const std::uint8_t> bytes, const ReadOptions& opts = {});
    /// @brief Parses NBT of any compression (as `nbt::read_any`); compressed input is inflated into
    /// the document, uncompressed input is borrowed.
    static Result<Document, ReadError> parse_any(std::span<const std::uint8_t> bytes, const ReadOptions& opts = {});

    /// @brief Parses into this document, reusing its memory (no allocation once it has grown to the
    /// size of the files it reads). Earlier views become invalid; on error the document is empty.
    Result<void, ReadError> load(std::span<const std::uint8_t> bytes, const ReadOptions& opts = {});
    /// @brief `load` for the nameless-root network form.
    Result<void, ReadError> load_unnamed(std::span<const std::uint8_t> bytes, const ReadOptions& opts = {});

    /// @brief The root tag; absent for an empty document, type End for a network-form End root.
    TagView root() const noexcept;
    /// @brief The root's name ("" in vanilla files and in the network form).
    std::string_view root_name() const noexcept;
    /// @brief The compression `parse_any` found (None otherwise).
    Compression compression() const noexcept;
    /// @brief Number of tags reachable from the root, the root included.
    std::size_t tag_count() const noexcept;

    /// @brief The root and its name as the editable tree (what `nbt::read` would have returned).
    NamedTag to_named_tag() const;

private:
    std::unique_ptr<detail::DocStore> store_;
};

// ---- inline definitions ------------------------------------------------------------------------

namespace detail {
[[noreturn]] void throw_document_type(TagType expected, TagType found);
}  // namespace detail

template <typename T>
T TagView::unchecked() const noexcept {
    const std::uint64_t p = node_->payload;
    if constexpr (std::is_integral_v<T>) {
        return static_cast<T>(static_cast<std::int64_t>(p));
    } else if constexpr (std::is_same_v<T, float>) {
        float f;
        const auto bits = static_cast<std::uint32_t>(p);
        std::memcpy(&f, &bits, sizeof f);
        return f;
    } else if constexpr (std::is_same_v<T, double>) {
        double d;
        std::memcpy(&d, &p, sizeof d);
        return d;
    } else if constexpr (std::is_same_v<T, std::string_view>) {
        const std::uint8_t* base = (node_->flags & detail::kValueInArena) ? doc_->arena : doc_->input;
        return {reinterpret_cast<const char*>(base + detail::lo32(p)), detail::hi32(p)};
    } else if constexpr (std::is_same_v<T, ByteArrayView>) {
        return {reinterpret_cast<const std::int8_t*>(doc_->input + detail::lo32(p)), detail::hi32(p)};
    } else if constexpr (std::is_same_v<T, IntArrayView>) {
        return {reinterpret_cast<const std::int32_t*>(doc_->arena + detail::lo32(p)), detail::hi32(p)};
    } else if constexpr (std::is_same_v<T, LongArrayView>) {
        return {reinterpret_cast<const std::int64_t*>(doc_->arena + detail::lo32(p)), detail::hi32(p)};
    } else if constexpr (std::is_same_v<T, ListView>) {
        return ListView(doc_, doc_->nodes + detail::lo32(p), detail::hi32(p), static_cast<TagType>(node_->flags >> 4));
    } else {
        static_assert(std::is_same_v<T, CompoundView>);
        return CompoundView(doc_, doc_->nodes + detail::lo32(p), detail::hi32(p));
    }
}

template <typename T>
std::optional<T> TagView::try_as() const noexcept {
    if (type() != view_tag_type<T>()) return std::nullopt;
    return unchecked<T>();
}

template <typename T>
T TagView::as() const {
    if (type() != view_tag_type<T>()) [[unlikely]]
        detail::throw_document_type(view_tag_type<T>(), type());
    return unchecked<T>();
}

template <typename T>
T TagView::numeric() const {
    static_assert(std::is_arithmetic_v<T>, "TagView::numeric<T> needs an arithmetic T");
    switch (type()) {
        case TagType::Byte:
        case TagType::Short:
        case TagType::Int:
        case TagType::Long: return static_cast<T>(unchecked<std::int64_t>());
        case TagType::Float: return static_cast<T>(unchecked<float>());
        case TagType::Double: return static_cast<T>(unchecked<double>());
        default: detail::throw_document_type(TagType::Double, type());
    }
}

inline CompoundView::Entry CompoundView::iterator::operator*() const noexcept {
    const std::uint8_t* base = (node_->flags & detail::kKeyInArena) ? doc_->arena : doc_->input;
    return Entry{std::string_view(reinterpret_cast<const char*>(base + node_->key), node_->key_len),
                 TagView(doc_, node_)};
}

inline CompoundView::iterator CompoundView::begin() const noexcept { return iterator(doc_, first_); }
inline CompoundView::iterator CompoundView::end() const noexcept { return iterator(doc_, first_ + count_); }

inline TagView CompoundView::find(std::string_view key) const noexcept {
    for (const detail::DocNode *n = first_, *e = first_ + count_; n != e; ++n) {
        if (n->key_len != key.size()) continue;
        const std::uint8_t* base = (n->flags & detail::kKeyInArena) ? doc_->arena : doc_->input;
        if (key.empty() || std::memcmp(base + n->key, key.data(), key.size()) == 0) return TagView(doc_, n);
    }
    return TagView();
}

template <typename T>
std::optional<T> CompoundView::find(std::string_view key) const noexcept {
    return find(key).template try_as<T>();
}

inline bool CompoundView::contains(std::string_view key) const noexcept { return static_cast<bool>(find(key)); }

template <typename T>
T CompoundView::get(std::string_view key) const {
    const TagView v = find(key);
    if (!v) detail::throw_missing_key(key, view_tag_type<T>());
    if (!v.is<T>()) detail::throw_key_type(key, view_tag_type<T>(), v.type());
    return v.template unchecked<T>();
}

template <typename T>
T CompoundView::get_or(std::string_view key, T fallback) const noexcept {
    if (auto v = find<T>(key)) return *v;
    return fallback;
}

inline TagView ListView::operator[](std::size_t i) const noexcept { return TagView(doc_, first_ + i); }

inline TagView ListView::at(std::size_t i) const {
    if (i >= count_) detail::throw_index(i, count_);
    return TagView(doc_, first_ + i);
}

template <typename T>
T ListView::get(std::size_t i) const {
    if (i >= count_) detail::throw_index(i, count_);
    if (element_type_ != view_tag_type<T>()) detail::throw_index_type(i, view_tag_type<T>(), element_type_);
    return TagView(doc_, first_ + i).template unchecked<T>();
}

inline ListView::iterator ListView::begin() const noexcept { return iterator(doc_, first_); }
inline ListView::iterator ListView::end() const noexcept { return iterator(doc_, first_ + count_); }

}  // namespace mobsdk::nbt
