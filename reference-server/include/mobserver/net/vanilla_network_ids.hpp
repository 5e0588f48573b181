// The network ids a 1.20.4 client knows vanilla's entity types, items, villager types and villager
// professions by (their registry ids): what Spawn Entity, item stacks and VILLAGER_DATA carry.
// The entity type and item tables are generated from minecraft-data (tools/protocol/generate-entity-ids.mjs).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace mobsdk::server {

/// @brief One entry of a generated id table: a vanilla name without its `minecraft:` namespace and its id.
struct VanillaNetworkId {
    std::string_view name;  ///< e.g. "villager"
    std::int32_t id;        ///< its registry id in 1.20.4
};

namespace generated {
/// @brief Every vanilla 1.20.4 entity type, sorted by name.
std::span<const VanillaNetworkId> entity_type_ids() noexcept;
/// @brief Every vanilla 1.20.4 item, sorted by name.
std::span<const VanillaNetworkId> item_ids() noexcept;
}  // namespace generated

/// @brief The 1.20.4 registry id of a vanilla entity type (`minecraft:villager` or `villager`), if it is one.
/// A look-up by name: callers resolve once and keep the id.
std::optional<std::int32_t> vanilla_entity_type_id(std::string_view id) noexcept;
/// @brief The 1.20.4 registry id of a vanilla item (`minecraft:bow` or `bow`), if it is one.
std::optional<std::int32_t> vanilla_item_id(std::string_view id) noexcept;
/// @brief The vanilla item (without `minecraft:`) with 1.20.4 registry id `id`, or empty for an
/// id no item has (a table by id, built once).
std::string_view vanilla_item_name(std::int32_t id) noexcept;
/// @brief The 1.20.4 registry id of a villager type (desert 0 … taiga 6), if it is one.
std::optional<std::int32_t> vanilla_villager_type_id(std::string_view id) noexcept;
/// @brief The 1.20.4 registry id of a villager profession (none 0 … weaponsmith 14), if it is one.
std::optional<std::int32_t> vanilla_villager_profession_id(std::string_view id) noexcept;

}  // namespace mobsdk::server
