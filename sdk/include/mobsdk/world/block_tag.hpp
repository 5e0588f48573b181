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

/// @brief Handles to vanilla's block tags (BlockTags, under their ids) that AI and the reference world
/// use. Every BlockRegistry registers all of them up front, so each handle is valid in any registry;
/// a tag no block carries answers false. register_vanilla_blocks gives the blocks all 172 tags of
/// vanilla 1.20.4's base data pack (tools/blocks/tags-1.20.4.json), these and the others, which a
/// registry finds by id (BlockRegistry::tags()).
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
    BlockTag climbable;                    ///< `minecraft:climbable`: what mobs climb (ladders, vines, scaffolding)
    BlockTag rails;                        ///< `minecraft:rails`: what prevents mob spawning inside
    BlockTag wool;                         ///< `minecraft:wool`
    BlockTag campfires;                    ///< `minecraft:campfires`
    BlockTag candles;                      ///< `minecraft:candles`
    BlockTag candle_cakes;                 ///< `minecraft:candle_cakes`
    BlockTag flower_pots;                  ///< `minecraft:flower_pots`
    BlockTag portals;                      ///< `minecraft:portals`
    BlockTag shulker_boxes;                ///< `minecraft:shulker_boxes`
    BlockTag buttons;                      ///< `minecraft:buttons`
    BlockTag pressure_plates;              ///< `minecraft:pressure_plates`
    BlockTag anvil;                        ///< `minecraft:anvil`
    BlockTag ice;                          ///< `minecraft:ice`
    BlockTag snow;                         ///< `minecraft:snow`: snow, snow blocks, powder snow
    BlockTag valid_spawn;                  ///< `minecraft:valid_spawn`: where players respawn
    BlockTag bee_growables;                ///< `minecraft:bee_growables`: what bees grow
    BlockTag flowers;                      ///< `minecraft:flowers`
    BlockTag small_flowers;                ///< `minecraft:small_flowers`
    BlockTag saplings;                     ///< `minecraft:saplings`
    BlockTag replaceable;                  ///< `minecraft:replaceable`: placing a block into one replaces it
    BlockTag wall_signs;                   ///< `minecraft:wall_signs`
    BlockTag all_hanging_signs;            ///< `minecraft:all_hanging_signs`

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
        f(self.climbable, "climbable");
        f(self.rails, "rails");
        f(self.wool, "wool");
        f(self.campfires, "campfires");
        f(self.candles, "candles");
        f(self.candle_cakes, "candle_cakes");
        f(self.flower_pots, "flower_pots");
        f(self.portals, "portals");
        f(self.shulker_boxes, "shulker_boxes");
        f(self.buttons, "buttons");
        f(self.pressure_plates, "pressure_plates");
        f(self.anvil, "anvil");
        f(self.ice, "ice");
        f(self.snow, "snow");
        f(self.valid_spawn, "valid_spawn");
        f(self.bee_growables, "bee_growables");
        f(self.flowers, "flowers");
        f(self.small_flowers, "small_flowers");
        f(self.saplings, "saplings");
        f(self.replaceable, "replaceable");
        f(self.wall_signs, "wall_signs");
        f(self.all_hanging_signs, "all_hanging_signs");
    }
};

}  // namespace mobsdk
