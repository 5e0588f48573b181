// The NBT tree: the 13 Java Edition tag types as one value type, Tag, with ordered compounds and
// typed lists, plus typed access that reads well in plugin code and fails with a clear message.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace mobsdk::nbt {

/// @brief The tag ids of Java Edition NBT; the numeric values are the on-disk ids.
enum class TagType : std::uint8_t {
    End = 0,
    Byte = 1,
    Short = 2,
    Int = 3,
    Long = 4,
    Float = 5,
    Double = 6,
    ByteArray = 7,
    String = 8,
    List = 9,
    Compound = 10,
    IntArray = 11,
    LongArray = 12,
};

/// @brief Vanilla's name of a tag type, e.g. `TAG_Int`; `TAG_Unknown(N)` style text is never returned.
std::string_view tag_type_name(TagType type) noexcept;

/// @brief True for ids 0..12.
constexpr bool is_valid_tag_type(std::uint8_t id) noexcept { return id <= 12; }

/// @brief Thrown by typed access (`as<T>`, `Compound::get<T>`, `List::push_back`) on a missing key or
/// a tag of another type; the message names the key or index and both types.
class TypeError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

using ByteArray = std::vector<std::int8_t>;   ///< TAG_Byte_Array payload
using IntArray = std::vector<std::int32_t>;   ///< TAG_Int_Array payload
using LongArray = std::vector<std::int64_t>;  ///< TAG_Long_Array payload

class Tag;

namespace detail {
/// @brief How the library's readers fill List and Compound in place (defined in its sources):
/// they check keys and types themselves, which public code has no use for.
struct TreeBuilder;
}  // namespace detail

/// @brief TAG_List: elements of one tag type. An empty list may have any element type (End included).
class List {
public:
    /// @brief An empty list of element type End (what SNBT `[]` gives).
    List() = default;
    /// @brief An empty list whose elements will be of `element_type`.
    explicit List(TagType element_type) noexcept;
    /// @brief A list from elements, which must all be of one type (throws TypeError otherwise).
    List(std::initializer_list<Tag> items);

    /// @brief Type of the elements (End only while empty).
    TagType element_type() const noexcept { return type_; }
    /// @brief Number of elements.
    std::size_t size() const noexcept;
    /// @brief True when there are no elements.
    bool empty() const noexcept;

    /// @brief Element access without checks.
    const Tag& operator[](std::size_t i) const noexcept;
    Tag& operator[](std::size_t i) noexcept;
    /// @brief Element access; throws TypeError naming the index when out of range.
    const Tag& at(std::size_t i) const;
    /// @brief Element `i` as T; throws TypeError when out of range or of another type.
    template <typename T>
    const T& get(std::size_t i) const;

    /// @brief Appends; a list of type End adopts the element's type, any other mismatch throws TypeError.
    void push_back(Tag value);
    /// @brief Removes all elements and resets the element type to End.
    void clear() noexcept;
    /// @brief Reserves room for `n` elements.
    void reserve(std::size_t n);

    auto begin() const noexcept { return items_.begin(); }
    auto end() const noexcept { return items_.end(); }
    auto begin() noexcept { return items_.begin(); }
    auto end() noexcept { return items_.end(); }
    /// @brief The elements, read-only.
    const std::vector<Tag>& items() const noexcept { return items_; }

    /// @brief Vanilla equality: elements equal in order; the element type of empty lists is ignored.
    friend bool operator==(const List& a, const List& b) noexcept;

private:
    friend struct detail::TreeBuilder;
    TagType type_ = TagType::End;
    std::vector<Tag> items_;
};

/// @brief TAG_Compound: named tags. Keeps insertion order (files round-trip byte for byte); keys are
/// unique, and putting an existing key replaces its value in place.
class Compound {
public:
    struct Entry;

    Compound() = default;
    /// @brief `Compound{{"id", "minecraft:villager"}, {"Health", 20.0f}}`.
    Compound(std::initializer_list<std::pair<std::string_view, Tag>> entries);

    /// @brief Number of entries.
    std::size_t size() const noexcept;
    /// @brief True when there are no entries.
    bool empty() const noexcept;
    /// @brief True when `key` is present.
    bool contains(std::string_view key) const noexcept { return find(key) != nullptr; }

    /// @brief The tag under `key`, or nullptr.
    const Tag* find(std::string_view key) const noexcept;
    Tag* find(std::string_view key) noexcept;
    /// @brief The value under `key` if it is present and a T, else nullptr.
    template <typename T>
    const T* find(std::string_view key) const noexcept;

    /// @brief The value under `key` as T; throws TypeError ("missing key 'x' (expected TAG_Int)" or
    /// "key 'x' is TAG_String, expected TAG_Int").
    template <typename T>
    const T& get(std::string_view key) const;
    template <typename T>
    T& get(std::string_view key);
    /// @brief The value under `key` as T, or `fallback` when missing or of another type.
    template <typename T>
    T get_or(std::string_view key, T fallback) const;

    /// @brief Sets `key` to `value` (replacing any existing value) and returns the stored tag.
    Tag& put(std::string_view key, Tag value);
    /// @brief Removes `key`; returns whether it was present.
    bool erase(std::string_view key) noexcept;
    /// @brief Removes all entries.
    void clear() noexcept;
    /// @brief Reserves room for `n` entries.
    void reserve(std::size_t n);

    /// @brief Entries in insertion order.
    auto begin() const noexcept { return entries_.begin(); }
    auto end() const noexcept { return entries_.end(); }
    auto begin() noexcept { return entries_.begin(); }
    auto end() noexcept { return entries_.end(); }

    /// @brief Vanilla equality: the same keys with equal values, in any order.
    friend bool operator==(const Compound& a, const Compound& b) noexcept;

private:
    friend struct detail::TreeBuilder;
    std::vector<Entry> entries_;
};

/// @brief One NBT value of any of the 12 payload types (or End, the "no tag" value).
///
/// Construct from the C++ type that matches the tag: `std::int8_t` (or bool) → Byte, `std::int16_t`
/// → Short, `std::int32_t` → Int, `std::int64_t` → Long, `float`, `double`, `std::string`, the three
/// array vectors, List and Compound.
class Tag {
public:
    /// @brief Variant alternatives are ordered so that `index()` equals the tag id.
    using Value = std::variant<std::monostate, std::int8_t, std::int16_t, std::int32_t, std::int64_t, float, double,
                               ByteArray, std::string, List, Compound, IntArray, LongArray>;

    /// @brief The End tag (no value).
    Tag() noexcept = default;
    /// @brief A tag of the type that matches the argument (bool is a Byte of 0 or 1; see above).
    Tag(bool v) noexcept;
    Tag(std::int8_t v) noexcept;
    Tag(std::int16_t v) noexcept;
    Tag(std::int32_t v) noexcept;
    Tag(std::int64_t v) noexcept;
    Tag(float v) noexcept;
    Tag(double v) noexcept;
    Tag(ByteArray v) noexcept;
    Tag(std::string v) noexcept;
    Tag(std::string_view v);
    Tag(const char* v);
    Tag(List v) noexcept;
    Tag(Compound v) noexcept;
    Tag(IntArray v) noexcept;
    Tag(LongArray v) noexcept;

    /// @brief The tag's type.
    TagType type() const noexcept { return static_cast<TagType>(value_.index()); }
    /// @brief True when the tag holds a T.
    template <typename T>
    bool is() const noexcept {
        return std::holds_alternative<T>(value_);
    }

    /// @brief The value as T, or nullptr when it is another type.
    template <typename T>
    const T* get_if() const noexcept {
        return std::get_if<T>(&value_);
    }
    template <typename T>
    T* get_if() noexcept {
        return std::get_if<T>(&value_);
    }
    /// @brief The value as T; throws TypeError ("expected TAG_Int, found TAG_String").
    template <typename T>
    const T& as() const;
    template <typename T>
    T& as();

    const Compound& as_compound() const { return as<Compound>(); }
    Compound& as_compound() { return as<Compound>(); }
    const List& as_list() const { return as<List>(); }
    List& as_list() { return as<List>(); }
    const std::string& as_string() const { return as<std::string>(); }
    std::int8_t as_byte() const { return as<std::int8_t>(); }
    std::int16_t as_short() const { return as<std::int16_t>(); }
    std::int32_t as_int() const { return as<std::int32_t>(); }
    std::int64_t as_long() const { return as<std::int64_t>(); }
    float as_float() const { return as<float>(); }
    double as_double() const { return as<double>(); }

    /// @brief Any numeric tag (Byte..Double) converted to T as vanilla's `getAsInt` etc. do; nullopt-free:
    /// throws TypeError for non-numeric tags.
    template <typename T>
    T numeric() const;

    /// @brief The underlying variant, for `std::visit`.
    const Value& value() const noexcept { return value_; }
    Value& value() noexcept { return value_; }

    /// @brief Exact equality, types included; floats compare bit for bit (so NaN equals the same NaN);
    /// compounds ignore key order and empty lists ignore their element type, as vanilla's equals.
    friend bool operator==(const Tag& a, const Tag& b) noexcept;

private:
    Value value_;
};

/// @brief A compound entry: its key and value.
struct Compound::Entry {
    std::string name;  ///< the key
    Tag value;         ///< the value
};

// Tag's constructors and the List and Compound members that touch their vectors are defined here,
// where Tag and Entry are complete: clang instantiates the constexpr members of C++20's std::vector
// and std::variant eagerly and rejects them on an incomplete element type.
inline Tag::Tag(bool v) noexcept : value_(static_cast<std::int8_t>(v ? 1 : 0)) {}
inline Tag::Tag(std::int8_t v) noexcept : value_(v) {}
inline Tag::Tag(std::int16_t v) noexcept : value_(v) {}
inline Tag::Tag(std::int32_t v) noexcept : value_(v) {}
inline Tag::Tag(std::int64_t v) noexcept : value_(v) {}
inline Tag::Tag(float v) noexcept : value_(v) {}
inline Tag::Tag(double v) noexcept : value_(v) {}
inline Tag::Tag(ByteArray v) noexcept : value_(std::move(v)) {}
inline Tag::Tag(std::string v) noexcept : value_(std::move(v)) {}
inline Tag::Tag(std::string_view v) : value_(std::string(v)) {}
inline Tag::Tag(const char* v) : value_(std::string(v)) {}
inline Tag::Tag(List v) noexcept : value_(std::move(v)) {}
inline Tag::Tag(Compound v) noexcept : value_(std::move(v)) {}
inline Tag::Tag(IntArray v) noexcept : value_(std::move(v)) {}
inline Tag::Tag(LongArray v) noexcept : value_(std::move(v)) {}
inline List::List(TagType element_type) noexcept : type_(element_type) {}
inline std::size_t List::size() const noexcept { return items_.size(); }
inline bool List::empty() const noexcept { return items_.empty(); }
inline const Tag& List::operator[](std::size_t i) const noexcept { return items_[i]; }
inline Tag& List::operator[](std::size_t i) noexcept { return items_[i]; }
inline void List::reserve(std::size_t n) { items_.reserve(n); }
inline std::size_t Compound::size() const noexcept { return entries_.size(); }
inline bool Compound::empty() const noexcept { return entries_.empty(); }
inline void Compound::clear() noexcept { entries_.clear(); }
inline void Compound::reserve(std::size_t n) { entries_.reserve(n); }

/// @brief The tag type that corresponds to C++ type T (a compile error for any other type).
template <typename T>
constexpr TagType tag_type_of() noexcept {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_same_v<U, std::int8_t>) return TagType::Byte;
    else if constexpr (std::is_same_v<U, std::int16_t>) return TagType::Short;
    else if constexpr (std::is_same_v<U, std::int32_t>) return TagType::Int;
    else if constexpr (std::is_same_v<U, std::int64_t>) return TagType::Long;
    else if constexpr (std::is_same_v<U, float>) return TagType::Float;
    else if constexpr (std::is_same_v<U, double>) return TagType::Double;
    else if constexpr (std::is_same_v<U, ByteArray>) return TagType::ByteArray;
    else if constexpr (std::is_same_v<U, std::string>) return TagType::String;
    else if constexpr (std::is_same_v<U, List>) return TagType::List;
    else if constexpr (std::is_same_v<U, Compound>) return TagType::Compound;
    else if constexpr (std::is_same_v<U, IntArray>) return TagType::IntArray;
    else if constexpr (std::is_same_v<U, LongArray>) return TagType::LongArray;
    else
        static_assert(sizeof(U) == 0,
                      "not an NBT payload type: use std::int8_t/int16_t/int32_t/int64_t, float, double, "
                      "std::string, ByteArray, IntArray, LongArray, List or Compound");
}

namespace detail {
[[noreturn]] void throw_type_mismatch(TagType expected, TagType found);
[[noreturn]] void throw_missing_key(std::string_view key, TagType expected);
[[noreturn]] void throw_key_type(std::string_view key, TagType expected, TagType found);
[[noreturn]] void throw_index(std::size_t index, std::size_t size);
[[noreturn]] void throw_index_type(std::size_t index, TagType expected, TagType found);
}  // namespace detail

template <typename T>
const T& Tag::as() const {
    if (auto* p = std::get_if<T>(&value_)) return *p;
    detail::throw_type_mismatch(tag_type_of<T>(), type());
}

template <typename T>
T& Tag::as() {
    if (auto* p = std::get_if<T>(&value_)) return *p;
    detail::throw_type_mismatch(tag_type_of<T>(), type());
}

template <typename T>
T Tag::numeric() const {
    static_assert(std::is_arithmetic_v<T>, "Tag::numeric<T> needs an arithmetic T");
    switch (type()) {
        case TagType::Byte: return static_cast<T>(std::get<std::int8_t>(value_));
        case TagType::Short: return static_cast<T>(std::get<std::int16_t>(value_));
        case TagType::Int: return static_cast<T>(std::get<std::int32_t>(value_));
        case TagType::Long: return static_cast<T>(std::get<std::int64_t>(value_));
        case TagType::Float: return static_cast<T>(std::get<float>(value_));
        case TagType::Double: return static_cast<T>(std::get<double>(value_));
        default: detail::throw_type_mismatch(TagType::Double, type());
    }
}

template <typename T>
const T& List::get(std::size_t i) const {
    if (i >= items_.size()) detail::throw_index(i, items_.size());
    if (auto* p = items_[i].get_if<T>()) return *p;
    detail::throw_index_type(i, tag_type_of<T>(), items_[i].type());
}

template <typename T>
const T* Compound::find(std::string_view key) const noexcept {
    const Tag* t = find(key);
    return t ? t->get_if<T>() : nullptr;
}

template <typename T>
const T& Compound::get(std::string_view key) const {
    const Tag* t = find(key);
    if (!t) detail::throw_missing_key(key, tag_type_of<T>());
    if (auto* p = t->get_if<T>()) return *p;
    detail::throw_key_type(key, tag_type_of<T>(), t->type());
}

template <typename T>
T& Compound::get(std::string_view key) {
    return const_cast<T&>(static_cast<const Compound&>(*this).get<T>(key));
}

template <typename T>
T Compound::get_or(std::string_view key, T fallback) const {
    if (const T* p = find<T>(key)) return *p;
    return fallback;
}

}  // namespace mobsdk::nbt
