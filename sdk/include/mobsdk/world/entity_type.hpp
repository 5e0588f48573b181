// Entity types as registered: size, category and the attributes and habits the host's physics,
// navigation and AI helpers read (vanilla's EntityType plus the attribute defaults of its mob).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mobsdk/core/registry.hpp"
#include "mobsdk/world/block.hpp"

namespace mobsdk {

// Defined in mobsdk/plugin/ai_factory.hpp: brain and goal are above world, so world only
// names it.
class MobAiFactory;

/// @brief Vanilla's mob categories (spawn caps and despawning).
enum class MobCategory : std::uint8_t {
    Monster,
    Creature,
    Ambient,
    Axolotls,
    UndergroundWaterCreature,
    WaterCreature,
    WaterAmbient,
    Misc
};

/// @brief How a mob rates a walk target (vanilla's getWalkTargetValue overrides): plain
/// PathfinderMob (always 0), Monster (darker is better, seed 004) or Animal (grass is best).
enum class WalkTargetKind : std::uint8_t { Default, Monster, Animal };

/// @brief How a mob moves: on the ground (GroundPathNavigation) or flying (FlyingPathNavigation).
enum class NavigationKind : std::uint8_t { Ground, Flying };

/// @brief Vanilla's generic attributes a mob carries per mob (saved as `Attributes`, each
/// `{Name: "minecraft:generic.…", Base: …}`); the type gives the defaults.
enum class Attribute : std::uint8_t {
    MaxHealth,      ///< generic.max_health
    MovementSpeed,  ///< generic.movement_speed
    FollowRange,    ///< generic.follow_range
    AttackDamage,   ///< generic.attack_damage
};
/// @brief How many Attribute values there are.
inline constexpr std::size_t attribute_count = 4;
/// @brief Vanilla's name of an attribute ("minecraft:generic.max_health"…).
std::string_view attribute_name(Attribute attribute) noexcept;
/// @brief The attribute with vanilla's name `name` (with or without "minecraft:"), if any.
std::optional<Attribute> attribute_from_name(std::string_view name) noexcept;

/// @brief An entity type as registered. The defaults are a generic 0.6×1.8 creature.
struct EntityTypeInfo {
    MobCategory category = MobCategory::Misc;  ///< spawn category
    float width = 0.6f;                        ///< bounding box width
    float height = 1.8f;                       ///< bounding box height
    float eye_height = 1.62f;                  ///< eye height above the feet
    bool is_mob = true;                        ///< false for items, arrows and other non-living entities
    float max_health = 20.0f;                  ///< generic.max_health
    double movement_speed = 0.25;              ///< generic.movement_speed (blocks per tick at speed modifier 1)
    double flying_speed = 0.4;                 ///< generic.flying_speed (flying mobs)
    double follow_range = 16.0;                ///< generic.follow_range: also caps path searches (× 16 nodes)
    double attack_damage = 2.0;                ///< generic.attack_damage (what its own attack code reads)
    float step_height = 0.6f;                  ///< what it walks up without jumping
    std::int32_t max_fall_distance = 3;        ///< the pathfinder's drop limit
    WalkTargetKind walk_target = WalkTargetKind::Default;  ///< walk target rating
    NavigationKind navigation = NavigationKind::Ground;    ///< which navigation it gets
    bool can_open_doors = false;                           ///< paths may go through closed wooden doors
    /// @brief Paths may cross deep water, the mob swimming up (vanilla's setCanFloat: villagers
    /// and every mob with a FloatGoal).
    bool can_float = false;
    bool burns_in_daylight = false;  ///< undead: catch fire in sunlight without a helmet
    /// @brief Picks up the item entities it touches and wants (vanilla's canPickUpLoot; villagers
    /// and allays): each tick, items in its box grown by 1, 0, 1 go to its MobAttachment::pick_up.
    bool can_pick_up_loot = false;
    /// @brief Pathfinding malus overrides, e.g. {PathType::Water, -1} for a mob that never swims.
    std::vector<std::pair<PathType, float>> pathfinding_malus;
    /// @brief Makes each new mob's attachment, brain and goals; nullptr for a type without AI
    /// (vanilla types whose AI plugin is not loaded, items). Not owned: the plugin that registered the type owns it.
    const MobAiFactory* ai_factory = nullptr;
    /// @brief Who set ai_factory (a plugin id), for the error when a second plugin tries to.
    std::string ai_registrant;
    /// @brief The vanilla entity type a Minecraft client shows for entities of this type (its
    /// model, e.g. `minecraft:allay` for a plugin's flying mob). Unset: the type's own id when it
    /// is a vanilla entity type; a plugin type without one is not shown to players at all (the
    /// server logs it once at start). Clients only know vanilla's types, so an id that is not one
    /// counts as unset.
    std::optional<ResourceLocation> client_model;

    /// @brief The default base value of an attribute for mobs of this type.
    double attribute_default(Attribute attribute) const noexcept {
        switch (attribute) {
            case Attribute::MaxHealth: return max_health;
            case Attribute::MovementSpeed: return movement_speed;
            case Attribute::FollowRange: return follow_range;
            case Attribute::AttackDamage: return attack_damage;
        }
        return 0.0;
    }
};

/// @brief Handles to the vanilla entity types registered by register_vanilla_entity_types.
struct VanillaEntityTypes {
    Handle<EntityTypeInfo> item, zombie, skeleton, villager, iron_golem, allay, pig, wolf, slime, arrow;  ///< the types
    Handle<EntityTypeInfo> player;  ///< minecraft:player (the server's players; never given AI)
};

/// @brief Registers the size, category and attribute defaults of the vanilla entity types the
/// reference world and its tests use (item, zombie, skeleton, villager, iron_golem, allay, pig,
/// wolf, slime, arrow, player), with vanilla's numbers. Their AI comes from plugins; this is only their data.
VanillaEntityTypes register_vanilla_entity_types(Registry<EntityTypeInfo>& registry);

}  // namespace mobsdk
