// Block tags (vanilla's TagKey<Block>, e.g. minecraft:beds) as typed handles: a block's tags are a
// bit set, so BlockRegistry::has_tag(state, tag) is one bit test.
#pragma once

#include <concepts>
#include <string_view>
#include <type_traits>

#include "mobsdk/core/registry.hpp"

namespace mobsdk {

/// @brief A block tag as registered: vanilla's tags are only names, so there is no data.
struct BlockTagInfo {};
/// @brief A typed handle to a block tag (vanilla's TagKey<Block>), valid for one BlockRegistry.
using BlockTag = Handle<BlockTagInfo>;

/// @brief Handles to vanilla's block tags (BlockTags, under their ids). Every BlockRegistry
/// registers all of them up front, so each handle is valid in any registry; a tag no block
/// carries answers false.
struct VanillaBlockTags {
    BlockTag base_stone_overworld;         ///< `minecraft:base_stone_overworld`
    BlockTag dirt;                         ///< `minecraft:dirt`
    BlockTag animals_spawnable_on;         ///< `minecraft:animals_spawnable_on`
    BlockTag sand;                         ///< `minecraft:sand`
    BlockTag planks;                       ///< `minecraft:planks`
    BlockTag logs;                         ///< `minecraft:logs`
    BlockTag oak_logs;                     ///< `minecraft:oak_logs`
    BlockTag logs_that_burn;               ///< `minecraft:logs_that_burn`
    BlockTag slabs;                        ///< `minecraft:slabs`
    BlockTag wooden_slabs;                 ///< `minecraft:wooden_slabs`
    BlockTag stairs;                       ///< `minecraft:stairs`
    BlockTag wooden_stairs;                ///< `minecraft:wooden_stairs`
    BlockTag fences;                       ///< `minecraft:fences`
    BlockTag wooden_fences;                ///< `minecraft:wooden_fences`
    BlockTag fence_gates;                  ///< `minecraft:fence_gates`
    BlockTag walls;                        ///< `minecraft:walls`
    BlockTag doors;                        ///< `minecraft:doors`
    BlockTag wooden_doors;                 ///< `minecraft:wooden_doors`: what villagers open
    BlockTag trapdoors;                    ///< `minecraft:trapdoors`
    BlockTag wooden_trapdoors;             ///< `minecraft:wooden_trapdoors`
    BlockTag beds;                         ///< `minecraft:beds`
    BlockTag crops;                        ///< `minecraft:crops`
    BlockTag wool_carpets;                 ///< `minecraft:wool_carpets`
    BlockTag leaves;                       ///< `minecraft:leaves`
    BlockTag fire;                         ///< `minecraft:fire`
    BlockTag replaceable_by_trees;         ///< `minecraft:replaceable_by_trees`
    BlockTag signs;                        ///< `minecraft:signs`
    BlockTag standing_signs;               ///< `minecraft:standing_signs`
    BlockTag all_signs;                    ///< `minecraft:all_signs`
    BlockTag cauldrons;                    ///< `minecraft:cauldrons`: paths are lifted on top of them
    BlockTag prevent_mob_spawning_inside;  ///< `minecraft:prevent_mob_spawning_inside`

    /// @brief Calls `f(handle, path)` for every member, in declaration order (the block registry
    /// registers them in this order under `minecraft:<path>`).
    template <typename Self, typename F>
    requires std::same_as<std::remove_const_t<Self>, VanillaBlockTags>
    static void visit(Self& self, F&& f) {
        f(self.base_stone_overworld, "base_stone_overworld");
        f(self.dirt, "dirt");
        f(self.animals_spawnable_on, "animals_spawnable_on");
        f(self.sand, "sand");
        f(self.planks, "planks");
        f(self.logs, "logs");
        f(self.oak_logs, "oak_logs");
        f(self.logs_that_burn, "logs_that_burn");
        f(self.slabs, "slabs");
        f(self.wooden_slabs, "wooden_slabs");
        f(self.stairs, "stairs");
        f(self.wooden_stairs, "wooden_stairs");
        f(self.fences, "fences");
        f(self.wooden_fences, "wooden_fences");
        f(self.fence_gates, "fence_gates");
        f(self.walls, "walls");
        f(self.doors, "doors");
        f(self.wooden_doors, "wooden_doors");
        f(self.trapdoors, "trapdoors");
        f(self.wooden_trapdoors, "wooden_trapdoors");
        f(self.beds, "beds");
        f(self.crops, "crops");
        f(self.wool_carpets, "wool_carpets");
        f(self.leaves, "leaves");
        f(self.fire, "fire");
        f(self.replaceable_by_trees, "replaceable_by_trees");
        f(self.signs, "signs");
        f(self.standing_signs, "standing_signs");
        f(self.all_signs, "all_signs");
        f(self.cauldrons, "cauldrons");
        f(self.prevent_mob_spawning_inside, "prevent_mob_spawning_inside");
    }
};

}  // namespace mobsdk
