// Vanilla 1.20.4's block entity types (block_entity_types.hpp). The order is the game's
// registration order in BlockEntityType, which the protocol numbers from 0; types added after
// 1.20.4 (creaking_heart, vault, shelf, test blocks, copper golem statues) are not in it.
#include "mobserver/net/block_entity_types.hpp"

#include <array>

namespace mobsdk::server {

namespace {

struct TypeRow {
    std::string_view name;
    bool sends_data;
};

constexpr std::array<TypeRow, kBlockEntityTypeCount> kTypes{{
    {"furnace", false},
    {"chest", false},
    {"trapped_chest", false},
    {"ender_chest", false},
    {"jukebox", false},
    {"dispenser", false},
    {"dropper", false},
    {"sign", true},
    {"hanging_sign", true},
    {"mob_spawner", true},
    {"piston", false},
    {"brewing_stand", false},
    {"enchanting_table", false},
    {"end_portal", false},
    {"beacon", true},
    {"skull", true},
    {"daylight_detector", false},
    {"hopper", false},
    {"comparator", false},
    {"banner", true},
    {"structure_block", true},
    {"end_gateway", true},
    {"command_block", false},
    {"shulker_box", false},
    {"bed", false},
    {"conduit", true},
    {"barrel", false},
    {"smoker", false},
    {"blast_furnace", false},
    {"lectern", false},
    {"bell", false},
    {"jigsaw", true},
    {"campfire", true},
    {"beehive", false},
    {"sculk_sensor", false},
    {"calibrated_sculk_sensor", false},
    {"sculk_catalyst", false},
    {"sculk_shrieker", false},
    {"chiseled_bookshelf", false},
    {"brushable_block", true},
    {"decorated_pot", true},
    {"crafter", false},
    {"trial_spawner", true},
}};

constexpr std::optional<std::int32_t> type_named(std::string_view name) noexcept {
    for (std::size_t i = 0; i < kTypes.size(); ++i)
        if (kTypes[i].name == name) return static_cast<std::int32_t>(i);
    return std::nullopt;
}

constexpr bool ends_with(std::string_view s, std::string_view suffix) noexcept {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

std::string_view block_entity_type_name(std::int32_t id) noexcept {
    return id >= 0 && id < kBlockEntityTypeCount ? kTypes[static_cast<std::size_t>(id)].name : std::string_view{};
}

bool block_entity_sends_data(std::int32_t id) noexcept {
    return id >= 0 && id < kBlockEntityTypeCount && kTypes[static_cast<std::size_t>(id)].sends_data;
}

std::optional<std::int32_t> block_entity_type_of(std::string_view b) noexcept {
    // Families by name, as BlockEntityType lists their blocks.
    if (ends_with(b, "_hanging_sign")) return type_named("hanging_sign");
    if (ends_with(b, "_sign")) return type_named("sign");
    if (ends_with(b, "_banner")) return type_named("banner");
    if (ends_with(b, "_bed")) return type_named("bed");
    if (b == "shulker_box" || ends_with(b, "_shulker_box")) return type_named("shulker_box");
    if ((ends_with(b, "_skull") || ends_with(b, "_head")) && b != "piston_head") return type_named("skull");
    if (b == "command_block" || b == "chain_command_block" || b == "repeating_command_block")
        return type_named("command_block");
    if (b == "campfire" || b == "soul_campfire") return type_named("campfire");
    if (b == "bee_nest" || b == "beehive") return type_named("beehive");
    if (b == "suspicious_sand" || b == "suspicious_gravel") return type_named("brushable_block");
    if (b == "moving_piston") return type_named("piston");
    if (b == "spawner") return type_named("mob_spawner");
    // The rest serve the block of their own name.
    if (b == "piston" || b == "sign" || b == "skull" || b == "banner" || b == "bed") return std::nullopt;
    return type_named(b);
}

}  // namespace mobsdk::server
