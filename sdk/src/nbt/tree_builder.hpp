// Private to the library: how the binary and SNBT readers fill List and Compound in place.
#pragma once

#include <vector>

#include "mobsdk/nbt/tag.hpp"

namespace mobsdk::nbt::detail {

/// @brief Direct access to container internals for readers that check keys and types themselves.
struct TreeBuilder {
    static std::vector<Compound::Entry>& entries(Compound& c) noexcept { return c.entries_; }
    static std::vector<Tag>& items(List& l) noexcept { return l.items_; }
    static void set_element_type(List& l, TagType t) noexcept { l.type_ = t; }
};

}  // namespace mobsdk::nbt::detail
