// Look-ups in the generated id tables, and the two small registries VILLAGER_DATA uses.
#include "mobserver/net/vanilla_network_ids.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace mobsdk::server {

namespace {

std::string_view without_namespace(std::string_view id) noexcept {
    constexpr std::string_view ns = "minecraft:";
    return id.substr(0, ns.size()) == ns ? id.substr(ns.size()) : id;
}

std::optional<std::int32_t> find(std::span<const VanillaNetworkId> table, std::string_view id) noexcept {
    const std::string_view name = without_namespace(id);
    const auto it = std::lower_bound(table.begin(), table.end(), name,
                                     [](const VanillaNetworkId& e, std::string_view n) { return e.name < n; });
    if (it == table.end() || it->name != name) return std::nullopt;
    return it->id;
}

// Vanilla's registration order (VillagerType, VillagerProfession), which is their registry ids.
constexpr std::array<std::string_view, 7> villager_types = {"desert", "jungle", "plains", "savanna",
                                                            "snow",   "swamp",  "taiga"};
constexpr std::array<std::string_view, 15> professions = {
    "none",          "armorer",   "butcher", "cartographer", "cleric",   "farmer",    "fisherman",  "fletcher",
    "leatherworker", "librarian", "mason",   "nitwit",       "shepherd", "toolsmith", "weaponsmith"};

template <std::size_t N>
std::optional<std::int32_t> index_of(const std::array<std::string_view, N>& names, std::string_view id) noexcept {
    const std::string_view name = without_namespace(id);
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == name) return static_cast<std::int32_t>(i);
    return std::nullopt;
}

}  // namespace

std::optional<std::int32_t> vanilla_entity_type_id(std::string_view id) noexcept {
    return find(generated::entity_type_ids(), id);
}

std::optional<std::int32_t> vanilla_item_id(std::string_view id) noexcept { return find(generated::item_ids(), id); }

std::string_view vanilla_item_name(std::int32_t id) noexcept {
    static const std::vector<std::string_view> by_id = [] {
        std::vector<std::string_view> out;
        for (const VanillaNetworkId& e : generated::item_ids()) {
            if (static_cast<std::size_t>(e.id) >= out.size()) out.resize(static_cast<std::size_t>(e.id) + 1);
            out[static_cast<std::size_t>(e.id)] = e.name;
        }
        return out;
    }();
    return id >= 0 && static_cast<std::size_t>(id) < by_id.size() ? by_id[static_cast<std::size_t>(id)]
                                                                  : std::string_view{};
}

std::optional<std::int32_t> vanilla_villager_type_id(std::string_view id) noexcept {
    return index_of(villager_types, id);
}

std::optional<std::int32_t> vanilla_villager_profession_id(std::string_view id) noexcept {
    return index_of(professions, id);
}

}  // namespace mobsdk::server
