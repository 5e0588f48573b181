#include "mobsdk/nbt/tag.hpp"

#include <cstring>
#include <string>

namespace mobsdk::nbt {

std::string_view tag_type_name(TagType type) noexcept {
    switch (type) {
        case TagType::End: return "TAG_End";
        case TagType::Byte: return "TAG_Byte";
        case TagType::Short: return "TAG_Short";
        case TagType::Int: return "TAG_Int";
        case TagType::Long: return "TAG_Long";
        case TagType::Float: return "TAG_Float";
        case TagType::Double: return "TAG_Double";
        case TagType::ByteArray: return "TAG_Byte_Array";
        case TagType::String: return "TAG_String";
        case TagType::List: return "TAG_List";
        case TagType::Compound: return "TAG_Compound";
        case TagType::IntArray: return "TAG_Int_Array";
        case TagType::LongArray: return "TAG_Long_Array";
    }
    return "TAG_Invalid";
}

namespace detail {

void throw_type_mismatch(TagType expected, TagType found) {
    throw TypeError("expected " + std::string(tag_type_name(expected)) + ", found " +
                    std::string(tag_type_name(found)));
}

void throw_missing_key(std::string_view key, TagType expected) {
    throw TypeError("missing key '" + std::string(key) + "' (expected " + std::string(tag_type_name(expected)) + ")");
}

void throw_key_type(std::string_view key, TagType expected, TagType found) {
    throw TypeError("key '" + std::string(key) + "' is " + std::string(tag_type_name(found)) + ", expected " +
                    std::string(tag_type_name(expected)));
}

void throw_index(std::size_t index, std::size_t size) {
    throw TypeError("index " + std::to_string(index) + " is out of range for a list of " + std::to_string(size) +
                    " elements");
}

void throw_index_type(std::size_t index, TagType expected, TagType found) {
    throw TypeError("element " + std::to_string(index) + " is " + std::string(tag_type_name(found)) + ", expected " +
                    std::string(tag_type_name(expected)));
}

}  // namespace detail

// ---- List ----

List::List(std::initializer_list<Tag> items) {
    items_.reserve(items.size());
    for (const Tag& t : items) push_back(t);
}

const Tag& List::at(std::size_t i) const {
    if (i >= items_.size()) detail::throw_index(i, items_.size());
    return items_[i];
}

void List::push_back(Tag value) {
    const TagType t = value.type();
    if (t == TagType::End) throw TypeError("a TAG_End cannot be an element of a list");
    // As vanilla's ListTag.add: only a list of End adopts a type; an empty List(TagType::Int) stays
    // a list of ints (the reader and writer keep that type, so it must not change silently).
    if (type_ == TagType::End) {
        type_ = t;
    } else if (type_ != t) {
        throw TypeError("cannot add " + std::string(tag_type_name(t)) + " to a list of " +
                        std::string(tag_type_name(type_)));
    }
    items_.push_back(std::move(value));
}

void List::clear() noexcept {
    items_.clear();
    type_ = TagType::End;
}

bool operator==(const List& a, const List& b) noexcept {
    if (a.items_.size() != b.items_.size()) return false;
    if (a.items_.empty()) return true;  // vanilla: empty lists are equal whatever their type
    for (std::size_t i = 0; i < a.items_.size(); ++i)
        if (!(a.items_[i] == b.items_[i])) return false;
    return true;
}

// ---- Compound ----

Compound::Compound(std::initializer_list<std::pair<std::string_view, Tag>> entries) {
    entries_.reserve(entries.size());
    for (const auto& [k, v] : entries) put(k, v);
}

const Tag* Compound::find(std::string_view key) const noexcept {
    for (const Entry& e : entries_)
        if (std::string_view(e.name) == key)  // not memcmp: an empty key's data() may be null
            return &e.value;
    return nullptr;
}

Tag* Compound::find(std::string_view key) noexcept {
    return const_cast<Tag*>(static_cast<const Compound&>(*this).find(key));
}

Tag& Compound::put(std::string_view key, Tag value) {
    if (Tag* existing = find(key)) {
        *existing = std::move(value);
        return *existing;
    }
    entries_.push_back(Entry{std::string(key), std::move(value)});
    return entries_.back().value;
}

bool Compound::erase(std::string_view key) noexcept {
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
        if (it->name == key) {
            entries_.erase(it);
            return true;
        }
    }
    return false;
}

bool operator==(const Compound& a, const Compound& b) noexcept {
    if (a.entries_.size() != b.entries_.size()) return false;
    for (std::size_t i = 0; i < a.entries_.size(); ++i) {
        const auto& e = a.entries_[i];
        // Same order is the common case; fall back to a lookup otherwise.
        const Tag* other = (b.entries_[i].name == e.name) ? &b.entries_[i].value : b.find(e.name);
        if (!other || !(e.value == *other)) return false;
    }
    return true;
}

// ---- Tag ----

namespace {

template <typename F>
bool same_bits(F x, F y) noexcept {
    return std::memcmp(&x, &y, sizeof(F)) == 0;
}

}  // namespace

bool operator==(const Tag& a, const Tag& b) noexcept {
    if (a.value_.index() != b.value_.index()) return false;
    switch (a.type()) {
        case TagType::Float: return same_bits(std::get<float>(a.value_), std::get<float>(b.value_));
        case TagType::Double: return same_bits(std::get<double>(a.value_), std::get<double>(b.value_));
        default: return a.value_ == b.value_;
    }
}

}  // namespace mobsdk::nbt
