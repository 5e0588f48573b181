// The ids of vanilla content the SDK keeps no registry for — items, damage types, villager
// professions — made once, so tick code compares and passes ready ids and never builds one.
#pragma once

#include "mobsdk/core/resource_location.hpp"

namespace mobsdk {

/// @brief Vanilla item ids the SDK's behaviours use (what villagers pick up, farm and share;
/// the skeleton's bow).
struct VanillaItems {
    ResourceLocation bread = ResourceLocation::of("bread");                          ///< `minecraft:bread`
    ResourceLocation wheat = ResourceLocation::of("wheat");                          ///< `minecraft:wheat`
    ResourceLocation wheat_seeds = ResourceLocation::of("wheat_seeds");              ///< `minecraft:wheat_seeds`
    ResourceLocation beetroot = ResourceLocation::of("beetroot");                    ///< `minecraft:beetroot`
    ResourceLocation beetroot_seeds = ResourceLocation::of("beetroot_seeds");        ///< `minecraft:beetroot_seeds`
    ResourceLocation carrot = ResourceLocation::of("carrot");                        ///< `minecraft:carrot`
    ResourceLocation potato = ResourceLocation::of("potato");                        ///< `minecraft:potato`
    ResourceLocation poisonous_potato = ResourceLocation::of("poisonous_potato");    ///< `minecraft:poisonous_potato`
    ResourceLocation bone_meal = ResourceLocation::of("bone_meal");                  ///< `minecraft:bone_meal`
    ResourceLocation torchflower_seeds = ResourceLocation::of("torchflower_seeds");  ///< `minecraft:torchflower_seeds`
    ResourceLocation pitcher_pod = ResourceLocation::of("pitcher_pod");              ///< `minecraft:pitcher_pod`
    ResourceLocation bow = ResourceLocation::of("bow");                              ///< `minecraft:bow`
};

/// @brief Vanilla damage type ids (the `damage_type` registry) that the SDK and the reference
/// world deal damage with.
struct VanillaDamageTypes {
    ResourceLocation arrow = ResourceLocation::of("arrow");            ///< `minecraft:arrow`: shot by an arrow
    ResourceLocation cramming = ResourceLocation::of("cramming");      ///< `minecraft:cramming`: too many mobs
    ResourceLocation fall = ResourceLocation::of("fall");              ///< `minecraft:fall`
    ResourceLocation mob_attack = ResourceLocation::of("mob_attack");  ///< `minecraft:mob_attack`: a melee hit
    ResourceLocation on_fire = ResourceLocation::of("on_fire");        ///< `minecraft:on_fire`: burning
    ResourceLocation player_attack =
        ResourceLocation::of("player_attack");                   ///< `minecraft:player_attack`: a player's hit
    ResourceLocation drown = ResourceLocation::of("drown");      ///< `minecraft:drown`: out of air
    ResourceLocation lava = ResourceLocation::of("lava");        ///< `minecraft:lava`: in lava
    ResourceLocation in_fire = ResourceLocation::of("in_fire");  ///< `minecraft:in_fire`: in a fire block
    ResourceLocation generic = ResourceLocation::of("generic");  ///< `minecraft:generic`
    ResourceLocation generic_kill = ResourceLocation::of("generic_kill");  ///< `minecraft:generic_kill`: `kill`
    ResourceLocation out_of_world = ResourceLocation::of("out_of_world");  ///< `minecraft:out_of_world`: the void
};

/// @brief Vanilla villager profession ids (VillagerProfession).
struct VanillaProfessionIds {
    ResourceLocation none = ResourceLocation::of("none");      ///< `minecraft:none`: no job yet
    ResourceLocation nitwit = ResourceLocation::of("nitwit");  ///< `minecraft:nitwit`: never takes a job
    ResourceLocation farmer = ResourceLocation::of("farmer");  ///< `minecraft:farmer`
};

/// @brief The item ids, made on first use and shared by the whole process.
const VanillaItems& vanilla_items();
/// @brief The damage type ids, made on first use and shared by the whole process.
const VanillaDamageTypes& vanilla_damage_types();
/// @brief The profession ids, made on first use and shared by the whole process.
const VanillaProfessionIds& vanilla_professions();

}  // namespace mobsdk
