#include "mobsdk/world/entity_type.hpp"

namespace mobsdk {

namespace {

// Vanilla's default eye height is 0.85 of the height.
EntityTypeInfo sized(MobCategory category, float width, float height, float eye_height) {
    EntityTypeInfo t;
    t.category = category;
    t.width = width;
    t.height = height;
    t.eye_height = eye_height;
    return t;
}

constexpr std::string_view attribute_names[attribute_count] = {
    "minecraft:generic.max_health", "minecraft:generic.movement_speed", "minecraft:generic.follow_range",
    "minecraft:generic.attack_damage"};

}  // namespace

std::string_view attribute_name(Attribute attribute) noexcept {
    const auto i = static_cast<std::size_t>(attribute);
    return i < attribute_count ? attribute_names[i] : std::string_view{};
}

std::optional<Attribute> attribute_from_name(std::string_view name) noexcept {
    constexpr std::string_view ns = "minecraft:";
    for (std::size_t i = 0; i < attribute_count; ++i) {
        const std::string_view full = attribute_names[i];
        if (name == full || name == full.substr(ns.size())) return static_cast<Attribute>(i);
    }
    return std::nullopt;
}

VanillaEntityTypes register_vanilla_entity_types(Registry<EntityTypeInfo>& r) {
    VanillaEntityTypes v;

    EntityTypeInfo item = sized(MobCategory::Misc, 0.25f, 0.25f, 0.2125f);
    item.is_mob = false;
    v.item = r.register_entry("item", item);

    // Zombie: 20 health, speed 0.23, follow range 35; a Monster (seed 004's walk-target formula).
    EntityTypeInfo zombie = sized(MobCategory::Monster, 0.6f, 1.95f, 1.74f);
    zombie.movement_speed = 0.23;
    zombie.follow_range = 35.0;
    zombie.attack_damage = 3.0;
    zombie.walk_target = WalkTargetKind::Monster;
    zombie.burns_in_daylight = true;
    zombie.can_float = true;  // FloatGoal
    v.zombie = r.register_entry("zombie", zombie);

    EntityTypeInfo skeleton = sized(MobCategory::Monster, 0.6f, 1.99f, 1.74f);
    skeleton.movement_speed = 0.25;
    skeleton.follow_range = 16.0;
    skeleton.walk_target = WalkTargetKind::Monster;
    skeleton.burns_in_daylight = true;
    skeleton.can_float = true;
    v.skeleton = r.register_entry("skeleton", skeleton);

    // Villager: speed 0.5, follow range 48; its navigation opens doors.
    EntityTypeInfo villager = sized(MobCategory::Misc, 0.6f, 1.95f, 1.62f);
    villager.movement_speed = 0.5;
    villager.follow_range = 48.0;
    villager.can_pick_up_loot = true;  // vanilla's Villager constructor: setCanPickUpLoot(true)
    villager.can_open_doors = true;
    villager.can_float = true;
    v.villager = r.register_entry("villager", villager);

    // Iron golem: 100 health, speed 0.25, steps up a full block.
    EntityTypeInfo golem = sized(MobCategory::Misc, 1.4f, 2.7f, 2.295f);
    golem.max_health = 100.0f;
    golem.movement_speed = 0.25;
    golem.follow_range = 16.0;
    golem.step_height = 1.0f;
    golem.attack_damage = 15.0;
    v.iron_golem = r.register_entry("iron_golem", golem);

    // Allay: flies at flying_speed 0.1, speed 0.1, follow range 48 (vanilla's createAttributes).
    EntityTypeInfo allay = sized(MobCategory::Creature, 0.35f, 0.6f, 0.36f);
    allay.movement_speed = 0.1;
    allay.flying_speed = 0.1;
    allay.follow_range = 48.0;
    allay.navigation = NavigationKind::Flying;
    allay.can_float = true;  // vanilla: flyingPathNavigation.setCanFloat(true)
    allay.can_pick_up_loot = true;
    v.allay = r.register_entry("allay", allay);

    EntityTypeInfo pig = sized(MobCategory::Creature, 0.9f, 0.9f, 0.765f);
    pig.max_health = 10.0f;
    pig.walk_target = WalkTargetKind::Animal;
    pig.can_float = true;
    v.pig = r.register_entry("pig", pig);

    EntityTypeInfo wolf = sized(MobCategory::Creature, 0.6f, 0.85f, 0.68f);
    wolf.max_health = 8.0f;
    wolf.movement_speed = 0.3;
    wolf.walk_target = WalkTargetKind::Animal;
    wolf.can_float = true;
    v.wolf = r.register_entry("wolf", wolf);

    // Slime: EntityType's 2.04 × 2.04, scaled per mob by 0.255 × size (the slime's
    // getDimensions); eye height 0.625 of the height. Size sets health, speed and damage per mob.
    EntityTypeInfo slime = sized(MobCategory::Monster, 2.04f, 2.04f, 1.275f);
    slime.max_health = 1.0f;  // size 1 until the slime's plugin sets its size
    slime.movement_speed = 0.3;
    slime.attack_damage = 1.0;
    slime.can_float = true;
    v.slime = r.register_entry("slime", slime);

    // Arrow: a 0.5 × 0.5 projectile, not a mob (vanilla's EntityType.ARROW; eye height 0.13).
    EntityTypeInfo arrow = sized(MobCategory::Misc, 0.5f, 0.5f, 0.13f);
    arrow.is_mob = false;
    v.arrow = r.register_entry("arrow", arrow);

    // Player: 0.6 × 1.8, eyes at 1.62 (vanilla's EntityType.PLAYER and Player.getStandingEyeHeight).
    // Not a mob here: players are moved by their client, never by AI (the server's player kind).
    EntityTypeInfo player = sized(MobCategory::Misc, 0.6f, 1.8f, 1.62f);
    player.is_mob = false;
    player.movement_speed = 0.1;
    v.player = r.register_entry("player", player);
    return v;
}

}  // namespace mobsdk
