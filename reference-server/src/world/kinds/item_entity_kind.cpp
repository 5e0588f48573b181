// Item entities as a kind of entity: made (dropped or loaded), ticked (vanilla's ItemEntity.tick:
// they fall, slow down and age out), saved and loaded (ItemEntity.addAdditionalSaveData).
#include "mobserver/world/kinds/item_entity_kind.hpp"

#include <algorithm>
#include <memory>
#include <string_view>

#include "mobsdk/world/item_nbt.hpp"
#include "mobserver/world/physics.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

// Keys save_item_entity_nbt writes besides the entity fields.
constexpr std::string_view item_keys[] = {"Item", "Age", "PickupDelay", "Health"};

}  // namespace

ItemEntity& ItemEntityKind::spawn(World& world, const Vec3& pos, const ItemStack& item, const Vec3& motion, Uuid uuid) {
    // Without a minecraft:item type (a world of tests that registered none) items still drop.
    static const EntityTypeInfo fallback = [] {
        EntityTypeInfo t;
        t.width = t.height = 0.25f;
        t.eye_height = 0.2125f;
        t.is_mob = false;
        return t;
    }();
    auto e = std::make_unique<ItemEntity>();
    e->data().uuid = world.claim_uuid(uuid);
    e->data().type = type_.value_or(Handle<EntityTypeInfo>{});
    e->data().info = type_ ? &world.registries().entity_types[*type_] : &fallback;
    e->data().pos = pos;
    e->data().motion = motion;
    e->item = item;
    e->pickup_delay = 10;  // vanilla's setDefaultPickUpDelay
    return world.add_entity(std::move(e), *this);
}

Result<Entity*, std::string> ItemEntityKind::create(World& world, Handle<EntityTypeInfo>, const Vec3& pos, Uuid uuid,
                                                    const nbt::Compound& tag, std::vector<std::string>& warnings) {
    ItemEntity& item = spawn(world, pos, ItemStack{}, Vec3{}, uuid);
    for (auto& w : load_item_entity_nbt(world, item, tag)) warnings.push_back(std::move(w));
    if (item.item.empty()) {
        // Vanilla discards an item entity without an item at once.
        world.erase_entity_now(item.handle());
        return unexpected(std::string("minecraft:item: Item is missing or empty"));
    }
    return &static_cast<Entity&>(item);
}

nbt::Compound ItemEntityKind::save(const World&, const Entity& entity) const {
    return save_item_entity_nbt(as(entity));
}

std::vector<std::string> ItemEntityKind::load(World& world, Entity& entity, const nbt::Compound& tag) {
    return load_item_entity_nbt(world, as(entity), tag);
}

void ItemEntityKind::tick(World& world, Entity& entity) {
    ItemEntity& item = as(entity);
    const ChunkMap& chunks = world.chunks();
    EntityData& d = item.data();
    if (item.pickup_delay > 0 && item.pickup_delay != 32767) --item.pickup_delay;
    const Vec3 old = d.pos;
    d.in_water = touches_fluid(chunks, d.bounding_box(), Fluid::Water);
    // Vanilla's ItemEntity.tick: gravity 0.04, drag 0.98 (× 0.6 friction on the ground).
    if (d.in_water) {
        d.motion = d.motion * 0.99;
        if (d.motion.y < 0.06) d.motion.y += 5.0e-4;
    } else if (!d.no_gravity) {
        d.motion.y -= 0.04;
    }
    move_entity(chunks, d, d.motion, 0.0f, world.physics_scratch());
    const double drag = d.on_ground ? 0.6 * 0.98 : 0.98;
    d.motion = {d.motion.x * drag, d.motion.y * 0.98, d.motion.z * drag};
    if (d.on_ground && d.motion.y < 0) d.motion.y *= -0.5;
    if (d.age >= ItemEntity::lifetime) d.removed = true;
    if (!(old == d.pos)) world.entity_moved(d, old);
}

nbt::Compound save_item_entity_nbt(const ItemEntity& item) {
    nbt::Compound c = item.extra_nbt;
    save_entity_nbt(item.data(), c);
    // Vanilla's ItemEntity.addAdditionalSaveData (1.20.4): shorts, and the stack with a byte Count.
    c.put("Health", nbt::Tag(static_cast<std::int16_t>(5)));
    c.put("Age", nbt::Tag(static_cast<std::int16_t>(std::min(item.data().age, 32767))));
    c.put("PickupDelay", nbt::Tag(static_cast<std::int16_t>(item.pickup_delay)));
    if (!item.item.empty()) c.put("Item", nbt::Tag(item_stack_to_nbt(item.item)));
    return c;
}

std::vector<std::string> load_item_entity_nbt(World& world, ItemEntity& item, const nbt::Compound& tag) {
    std::vector<std::string> warnings;
    load_entity_nbt(world, item.data(), tag, warnings);
    auto short_field = [&](std::string_view key, std::int32_t& out) {
        if (const nbt::Tag* t = tag.find(key)) {
            if (const auto* v = t->get_if<std::int16_t>()) out = *v;
            else warnings.push_back(std::string(key) + ": expected a short");
        }
    };
    short_field("Age", item.data().age);
    short_field("PickupDelay", item.pickup_delay);
    if (const nbt::Tag* t = tag.find("Item")) {
        if (auto stack = item_stack_from_nbt(*t, warnings, "Item")) item.item = *stack;
    }
    keep_unknown_fields(tag, item_keys, item.extra_nbt);
    return warnings;
}

}  // namespace mobsdk::server
