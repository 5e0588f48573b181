#include "mobsdk/world/item_nbt.hpp"

#include <algorithm>
#include <cstdint>

namespace mobsdk {

nbt::Compound item_stack_to_nbt(const ItemStack& s) {
    nbt::Compound c;
    if (s.empty()) return c;  // vanilla writes {} for an empty slot
    c.put("id", nbt::Tag(s.item.str()));
    c.put("Count", nbt::Tag(static_cast<std::int8_t>(std::clamp(s.count, 0, 127))));
    return c;
}

std::optional<ItemStack> item_stack_from_nbt(const nbt::Tag& t, std::vector<std::string>& warnings,
                                             const std::string& where) {
    const auto* c = t.get_if<nbt::Compound>();
    if (!c) {
        warnings.push_back(where + ": expected a compound");
        return std::nullopt;
    }
    if (c->empty()) return ItemStack{};
    const auto* id = c->find<std::string>("id");
    auto loc =
        id ? ResourceLocation::parse(*id)
           : Result<ResourceLocation, ResourceLocationError>(unexpected(ResourceLocationError{"", 0, "missing"}));
    if (!loc) {
        warnings.push_back(where + ": missing or invalid item id");
        return std::nullopt;
    }
    std::int32_t count = 1;
    if (const auto* b = c->find<std::int8_t>("Count")) count = *b;
    else if (const auto* i = c->find<std::int32_t>("count")) count = *i;  // 1.20.5+ item format
    return ItemStack{*loc, count};
}

}  // namespace mobsdk
