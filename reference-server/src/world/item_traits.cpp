// Look-ups in the generated item traits table.
#include "mobserver/world/item_traits.hpp"

#include <algorithm>

namespace mobsdk::server {

const VanillaItemTraits* vanilla_item_traits(const ResourceLocation& item) noexcept {
    if (item.ns() != "minecraft") return nullptr;
    const auto table = generated::item_traits();
    const std::string_view name = item.path();
    const auto it = std::lower_bound(table.begin(), table.end(), name,
                                     [](const VanillaItemTraits& e, std::string_view n) { return e.name < n; });
    return it == table.end() || it->name != name ? nullptr : &*it;
}

std::int32_t item_max_stack_size(const ResourceLocation& item) noexcept {
    const VanillaItemTraits* t = vanilla_item_traits(item);
    return t ? t->max_stack : 64;
}

}  // namespace mobsdk::server
