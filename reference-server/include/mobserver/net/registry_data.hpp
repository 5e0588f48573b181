// What a 1.20.4 client receives during configuration: the Registry Data compound (vanilla's
// dimension types, biomes, chat types, 44 damage types, trim patterns and materials, generated
// from minecraft-data into reference-server/data/registry_codec_1_20_4.snbt), the tags, the
// feature flags and the brand, each as a configuration packet body.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/block.hpp"

namespace mobsdk::server {

/// @brief The Registry Data compound: one entry per synchronised registry, `{type, value: [{name,
/// id, element}]}`. Parsed once from the embedded SNBT; shared, read-only.
const nbt::Compound& registry_codec();

/// @brief The network id of `name` (e.g. "minecraft:plains") in registry `registry` of
/// registry_codec() (e.g. "minecraft:worldgen/biome"), or nullopt.
std::optional<std::int32_t> registry_entry_id(std::string_view registry, std::string_view name);

/// @brief Number of entries of a registry in registry_codec() (0 when absent).
std::size_t registry_entry_count(std::string_view registry);

/// @brief Configuration 0x05 Registry Data: the codec as network NBT.
std::string encode_registry_data();

/// @brief Configuration 0x09 Update Tags: the block tags of `blocks` (block ids of vanilla's blocks
/// only, vanilla's numeric block ids being their registry order) and vanilla's fluid tags.
std::string encode_update_tags(const BlockRegistry& blocks);

/// @brief Configuration 0x08 Feature Flags: `minecraft:vanilla`.
std::string encode_feature_flags();

/// @brief Plugin message `minecraft:brand` with `brand` (configuration 0x00 or play 0x18).
std::string encode_brand(std::int32_t packet_id, std::string_view brand);

}  // namespace mobsdk::server
