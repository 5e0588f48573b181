// Item entities as a kind of entity: made (dropped or loaded), ticked (vanilla's ItemEntity.tick:
// they fall, slow down and age out), saved and loaded (ItemEntity.addAdditionalSaveData).
#include "mobserver/world/kinds/item_entity_kind.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>
#include <string_view>

#include "mobsdk/world/item_nbt.hpp"
#include "mobserver/world/item_traits.hpp"
#include "mobserver/world/kinds/player_kind.hpp"
#include "mobserver/world/physics.hpp"
#include "mobserver/world/player_inventory.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

// Keys save_item_entity_nbt writes besides the entity fields.
constexpr std::string_view item_keys[] = {"Item", "Age", "PickupDelay", "Health"};

// Vanilla's ItemEntity.isMergable.
bool mergable(const ItemEntity& item) {
    const EntityData& d = item.data();
    return !d.removed && item.pickup_delay != 32767 && d.age != -32768 && d.age < ItemEntity::lifetime &&
           item.item.count < item_max_stack_size(item.item.item);
}

// Vanilla's static ItemEntity.merge(dest, destStack, src, srcStack): as much of src as fits
// (ItemEntity.areMergable made sure all of it does), the later pickup delay and the younger age.
void merge_into(ItemEntity& dest, ItemEntity& src) {
    const std::int32_t limit = std::min(item_max_stack_size(dest.item.item), 64);
    const std::int32_t moved = std::min(limit - dest.item.count, src.item.count);
    dest.item.count += moved;
    src.item.count -= moved;
    dest.pickup_delay = std::max(dest.pickup_delay, src.pickup_delay);
    dest.data().age = std::min(dest.data().age, src.data().age);
    if (src.item.count <= 0) src.data().removed = true;
}

}  // namespace

void ItemEntityKind::merge_with_neighbours(World& world, ItemEntity& item) {
    // Vanilla's mergeWithNeighbours: each mergable item entity in the box grown by (0.5, 0, 0.5)
    // with the same item and tag whose count fits into one stack (areMergable); the smaller stack
    // goes into the larger (the other one on a tie).
    scratch_.clear();
    world.entities().query(item.data().bounding_box().inflate(0.5, 0.0, 0.5), scratch_);
    for (const EntitySlot* slot : scratch_) {
        ItemEntity* other = get(slot);
        if (!other || other == &item || !mergable(*other)) continue;
        if (!(other->item.item == item.item.item) || other->tag != item.tag) continue;
        if (other->item.count + item.item.count > item_max_stack_size(other->item.item)) continue;
        if (other->item.count < item.item.count) merge_into(item, *other);
        else merge_into(*other, item);
        if (item.data().removed) break;
    }
}

namespace {}  // namespace

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
    ++item.tick_count;
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
    // Vanilla checks for neighbours to merge with every other tick while the item changes block,
    // every 40 ticks while it stays in one (tickCount % (moved ? 2 : 40)).
    const bool moved_block = std::floor(old.x) != std::floor(d.pos.x) || std::floor(old.y) != std::floor(d.pos.y) ||
                             std::floor(old.z) != std::floor(d.pos.z);
    if (item.tick_count % (moved_block ? 2 : 40) == 0 && mergable(item)) merge_with_neighbours(world, item);
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
    if (!item.item.empty()) c.put("Item", nbt::Tag(tagged_stack_to_nbt(TaggedStack{item.item, item.tag})));
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
        if (auto stack = tagged_stack_from_nbt(*t, warnings, "Item")) {
            item.item = stack->stack;
            item.tag = std::move(stack->tag);
        }
    }
    keep_unknown_fields(tag, item_keys, item.extra_nbt);
    return warnings;
}

std::int32_t pick_up_items(World& world, PlayerEntity& player) {
    if (player.game_type == GameMode::Spectator || !player.is_alive()) return 0;  // health above 0, not removed
    thread_local std::vector<const EntitySlot*> found;                            // no allocation once grown
    found.clear();
    world.entities().query(player.data().bounding_box().inflate(1.0, 0.5, 1.0), found);
    const bool instabuild = player.game_type == GameMode::Creative;
    std::int32_t touched = 0;
    for (const EntitySlot* slot : found) {
        if (slot->data->removed) continue;
        ItemEntity* item = world.item_entity(EntityRef{slot->data->uuid, slot->data->handle});
        if (!item || item->pickup_delay != 0) continue;
        ++touched;
        // ItemEntity.playerTouch: Inventory.add takes what fits; the Pickup Item packet tells the
        // count the entity had (Player.take), and an emptied entity is discarded.
        TaggedStack stack{item->item, item->tag};
        const std::int32_t before = stack.count();
        if (!player.inventory.add(stack, instabuild)) continue;
        world.note_pickup({item->data().network_id, player.data().network_id, before});
        if (stack.empty()) item->data().removed = true;
        else item->item.count = stack.count();
    }
    return touched;
}

ItemEntity* drop_from_player(World& world, PlayerEntity& player, TaggedStack stack, bool throw_randomly) {
    if (stack.empty()) return nullptr;
    const EntityData& d = player.data();
    RandomSource& random = world.random();
    // new ItemEntity(level, x, y, z, stack) rolls a motion (level random) that drop replaces.
    random.next_double();
    random.next_double();
    Vec3 motion;
    constexpr float rad = std::numbers::pi_v<float> / 180.0f;
    if (throw_randomly) {
        const float f = random.next_float() * 0.5f;
        const float a = random.next_float() * std::numbers::pi_v<float> * 2.0f;
        motion = {-std::sin(a) * f, 0.2f, std::cos(a) * f};
    } else {
        const float sx = std::sin(d.x_rot * rad), cx = std::cos(d.x_rot * rad);
        const float sy = std::sin(d.y_rot * rad), cy = std::cos(d.y_rot * rad);
        const float a = random.next_float() * std::numbers::pi_v<float> * 2.0f;
        const float spread = 0.02f * random.next_float();
        const float up = -sx * 0.3f + 0.1f + (random.next_float() - random.next_float()) * 0.1f;
        motion = {static_cast<double>(-sy * cx * 0.3f) + std::cos(a) * spread, static_cast<double>(up),
                  static_cast<double>(cy * cx * 0.3f) + std::sin(a) * spread};
    }
    const Vec3 pos{d.pos.x, d.pos.y + d.eye_height() - 0.3f, d.pos.z};
    ItemEntity& item = world.spawn_item(pos, stack.stack, motion);
    item.tag = std::move(stack.tag);
    item.pickup_delay = 40;
    return &item;
}

}  // namespace mobsdk::server
