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

WeaponModifiers weapon_modifiers(const ResourceLocation& item) noexcept {
    if (item.ns() != "minecraft") return {};
    const std::string_view name = item.path();
    if (name == "trident") return {8.0f, -2.9f, false};
    // Tiers, in vanilla's order: their attack damage bonus, and Items' axe and hoe numbers.
    struct Tier {
        std::string_view prefix;
        float bonus, axe_damage, axe_speed, hoe_damage, hoe_speed;
    };
    static constexpr Tier tiers[] = {
        {"wooden_", 0.0f, 6.0f, -3.2f, 0.0f, -3.0f}, {"stone_", 1.0f, 7.0f, -3.2f, -1.0f, -2.0f},
        {"iron_", 2.0f, 6.0f, -3.1f, -2.0f, -1.0f},  {"diamond_", 3.0f, 5.0f, -3.0f, -3.0f, 0.0f},
        {"golden_", 0.0f, 6.0f, -3.0f, 0.0f, -3.0f}, {"netherite_", 4.0f, 5.0f, -3.0f, -4.0f, 0.0f},
    };
    for (const Tier& t : tiers) {
        if (!name.starts_with(t.prefix)) continue;
        const std::string_view tool = name.substr(t.prefix.size());
        if (tool == "sword") return {3.0f + t.bonus, -2.4f, true};
        if (tool == "axe") return {t.axe_damage + t.bonus, t.axe_speed, false};
        if (tool == "pickaxe") return {1.0f + t.bonus, -2.8f, false};
        if (tool == "shovel") return {1.5f + t.bonus, -3.0f, false};
        if (tool == "hoe") return {t.hoe_damage + t.bonus, t.hoe_speed, false};
        return {};
    }
    return {};
}

}  // namespace mobsdk::server
