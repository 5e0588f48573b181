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

}  // namespace

VanillaEntityTypes register_vanilla_entity_types(Registry<EntityTypeInfo>& r) {
    VanillaEntityTypes v;

    EntityTypeInfo item = sized(MobCategory::Misc, 0.25f, 0.25f, 0.2125f);
    item.is_mob = false;
    v.item = r.register_entry("item", item);

    // Zombie: 20 health, speed 0.23, follow range 35; a Monster (seed 004's walk-target formula).
    EntityTypeInfo zombie = sized(MobCategory::Monster, 0.6f, 1.95f, 1.74f);
    zombie.movement_speed = 0.23;
    zombie.follow_range = 35.0;
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
    return v;
}

}  // namespace mobsdk
