// Mobs as a kind of entity: their tick (vanilla's LivingEntity.tick and Mob.aiStep order), death,
// pushing, and their NBT (the entity fields, then a LivingEntity's and a Mob's).
#include "mobserver/world/kinds/mob_kind.hpp"

#include <algorithm>
#include <cmath>
#include <span>
#include <string_view>

#include "mobsdk/world/item_nbt.hpp"
#include "mobsdk/world/vanilla_ids.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

// A sleeping mob lies still on this host (it does not travel), so it is left out of pushing both
// ways, as a dead one is.
bool takes_part_in_pushing(const ServerMob& mob) { return mob.is_alive() && !mob.is_sleeping(); }

// Vanilla's LivingEntity.isPushable: alive and not on a climbable (no spectators here). A mob on a
// ladder still pushes others; it is not pushed.
bool is_pushable(const ServerMob& mob) { return takes_part_in_pushing(mob) && !mob.on_climbable(); }

// Vanilla's Entity.push(Entity): `pushed` and `pusher` get motion away from each other along the
// line between them, 0.05 a tick at most, less once the larger of the two horizontal differences
// passes 1.
void push_apart(ServerMob& pushed, ServerMob& pusher) {
    EntityData& a = pushed.data();
    EntityData& b = pusher.data();
    double dx = b.pos.x - a.pos.x;
    double dz = b.pos.z - a.pos.z;
    double f = std::max(std::abs(dx), std::abs(dz));  // Mth.absMax
    if (!(f >= static_cast<double>(0.01f))) return;
    f = std::sqrt(f);
    dx /= f;
    dz /= f;
    const double g = std::min(1.0, 1.0 / f);
    dx = dx * g * static_cast<double>(0.05f);
    dz = dz * g * static_cast<double>(0.05f);
    if (is_pushable(pushed)) a.motion = {a.motion.x - dx, a.motion.y, a.motion.z - dz};
    if (is_pushable(pusher)) b.motion = {b.motion.x + dx, b.motion.y, b.motion.z + dz};
}

// Keys save_mob_nbt writes besides the entity fields.
constexpr std::string_view mob_keys[] = {"Health", "NoAI",      "IsBaby",    "HandItems", "ArmorItems",
                                         "Brain",  "SleepingX", "SleepingY", "SleepingZ", "Attributes"};

// Vanilla's LivingEntity "Attributes" (1.20.4): a list of {Name, Base[, Modifiers]}. Known names
// set the mob's base values; entries this server does not model are kept to be written back.
void load_attributes(ServerMob& mob, const nbt::Compound& tag, std::vector<std::string>& warnings) {
    const nbt::Tag* t = tag.find("Attributes");
    if (!t) return;
    const auto* list = t->get_if<nbt::List>();
    if (!list || (!list->empty() && list->element_type() != nbt::TagType::Compound)) {
        warnings.push_back("Attributes: expected a list of compounds");
        return;
    }
    mob.unknown_attributes = nbt::List(nbt::TagType::Compound);
    for (std::size_t i = 0; i < list->size(); ++i) {
        const auto& entry = (*list)[i].as<nbt::Compound>();
        const std::string where = "Attributes[" + std::to_string(i) + "]";
        const auto* name = entry.find<std::string>("Name");
        const auto* base = entry.find<double>("Base");
        if (!name) {
            warnings.push_back(where + ": expected a string Name");
            continue;
        }
        const auto attribute = attribute_from_name(*name);
        if (!attribute) {
            mob.unknown_attributes.push_back((*list)[i]);
            continue;
        }
        if (!base || !std::isfinite(*base)) {
            warnings.push_back(where + " (" + *name + "): expected a finite double Base");
            continue;
        }
        mob.set_attribute_base(*attribute, *base);
        if (entry.find("Modifiers"))
            warnings.push_back(where + " (" + *name + "): attribute modifiers are not supported and were dropped");
    }
}

}  // namespace

bool MobKind::serves(Handle<EntityTypeInfo>, const EntityTypeInfo& info) const { return info.is_mob; }

Result<Entity*, std::string> MobKind::create(World& world, Handle<EntityTypeInfo> type, const Vec3& pos, Uuid uuid,
                                             const nbt::Compound& tag, std::vector<std::string>& warnings) {
    const EntityTypeInfo& info = world.registries().entity_types[type];
    if (!info.ai_factory && world.options().keep_ai_less_mobs_dormant)
        return unexpected(world.registries().entity_types.id_of(type).str() +
                          ": no loaded plugin gives it AI (safe mode or plugins-disabled), kept unchanged");
    ServerMob& mob = world.spawn_mob(type, pos, uuid);
    for (auto& w : load_mob_nbt(mob, tag)) warnings.push_back(std::move(w));
    return &static_cast<Entity&>(mob);
}

nbt::Compound MobKind::save(const World&, const Entity& entity) const { return save_mob_nbt(as(entity)); }

std::vector<std::string> MobKind::load(World&, Entity& entity, const nbt::Compound& tag) {
    return load_mob_nbt(as(entity), tag);
}

void MobKind::tick(World& world, Entity& entity) {
    ServerMob& mob = as(entity);
    mob.base_tick();
    if (mob.data().removed) return;
    if (!mob.data().no_ai) {
        if (!mob.ai_failed)
            world.run_plugin_code(mob, [&mob] {
                mob.server_ai_step();
                mob.refresh_brain_if_requested();
            });
        // Vanilla's LivingEntity.tick: a sleeper whose bed is gone gets up; a sleeper does not
        // move (it lies on the bed).
        if (const auto bed = mob.sleeping_pos()) {
            if (!world.blocks().has_tag(world.block_state(*bed), beds_tag_)) mob.stop_sleeping();
        }
        if (!mob.is_sleeping()) mob.travel();
        if (!mob.ai_failed) mob.pick_up_loot();
    }
    // A NoAI mob does not move, but it still pushes (vanilla's aiStep runs for it).
    push_entities(world, mob);
}

void MobKind::kill(World&, Entity& entity) { as(entity).set_health(0.0f); }  // genericKill bypasses invulnerability

void MobKind::tick_removed(World& world, Entity& entity) {
    // Vanilla's tickDeath: a dead mob leaves after its death animation, its death hook (a slime's
    // split) running as it goes.
    ServerMob& mob = as(entity);
    if (!mob.dying() || ++mob.death_time != ServerMob::death_duration) return;
    MobAttachment* a = mob.attachment();
    if (!a || mob.ai_failed) return;
    world.run_plugin_code(mob, [&] { a->on_death(world, mob); });
}

bool MobKind::lingers(const Entity& entity) const { return as(entity).dying(); }

void MobKind::push_entities(World& world, ServerMob& mob) {
    // Vanilla's LivingEntity.pushEntities, at the end of the mob's aiStep: every pushable mob whose
    // box meets this one's is pushed by it; with maxEntityCramming or more of them, one tick in four
    // the mob takes 6 cramming damage.
    if (!takes_part_in_pushing(mob)) return;
    push_scratch_.clear();
    world.entities().query(mob.data().bounding_box(), push_scratch_);
    std::erase_if(push_scratch_, [this, &mob](const EntitySlot* s) {
        const ServerMob* other = get(s);
        return other == nullptr || other == &mob || s->data->removed || !is_pushable(*other);
    });
    if (push_scratch_.empty()) return;
    const std::int32_t cramming = world.options().rules.max_entity_cramming;
    // Vanilla counts the ones that are not passengers; there are no passengers here.
    if (cramming > 0 && push_scratch_.size() > static_cast<std::size_t>(cramming - 1) &&
        world.random().next_int(4) == 0) {
        const ResourceLocation& cramming_damage = vanilla_damage_types().cramming;
        mob.hurt(cramming_damage, 6.0f, nullptr);
    }
    for (const EntitySlot* s : push_scratch_) push_apart(*get(s), mob);
}

nbt::Compound save_mob_nbt(const ServerMob& mob) {
    nbt::Compound c = mob.extra_nbt;
    save_entity_nbt(mob.data(), c);
    c.put("Health", nbt::Tag(mob.health()));
    c.put("NoAI", nbt::Tag(mob.data().no_ai));
    c.put("IsBaby", nbt::Tag(mob.is_baby()));
    nbt::List hands(nbt::TagType::Compound), armor(nbt::TagType::Compound);
    hands.push_back(nbt::Tag(item_stack_to_nbt(mob.equipment(EquipmentSlot::MainHand))));
    hands.push_back(nbt::Tag(item_stack_to_nbt(mob.equipment(EquipmentSlot::OffHand))));
    for (EquipmentSlot s : {EquipmentSlot::Feet, EquipmentSlot::Legs, EquipmentSlot::Chest, EquipmentSlot::Head})
        armor.push_back(nbt::Tag(item_stack_to_nbt(mob.equipment(s))));
    c.put("HandItems", nbt::Tag(std::move(hands)));
    c.put("ArmorItems", nbt::Tag(std::move(armor)));
    if (auto* brain = const_cast<ServerMob&>(mob).brain()) c.put("Brain", nbt::Tag(brain->save()));
    nbt::List attributes(nbt::TagType::Compound);
    for (std::size_t i = 0; i < attribute_count; ++i) {
        nbt::Compound a;
        a.put("Name", nbt::Tag(std::string(attribute_name(static_cast<Attribute>(i)))));
        a.put("Base", nbt::Tag(mob.attribute_base(static_cast<Attribute>(i))));
        attributes.push_back(nbt::Tag(std::move(a)));
    }
    for (const auto& a : mob.unknown_attributes) attributes.push_back(a);
    c.put("Attributes", nbt::Tag(std::move(attributes)));
    if (const auto bed = mob.sleeping_pos()) {
        c.put("SleepingX", nbt::Tag(bed->x));
        c.put("SleepingY", nbt::Tag(bed->y));
        c.put("SleepingZ", nbt::Tag(bed->z));
    }
    if (const MobAttachment* a = mob.attachment()) a->save(c);
    return c;
}

std::vector<std::string> load_mob_nbt(ServerMob& mob, const nbt::Compound& tag) {
    std::vector<std::string> warnings;
    EntityData& d = mob.data();
    load_entity_nbt(mob.world(), d, tag, warnings);
    mob.y_head_rot = mob.y_body_rot = d.y_rot;
    // Vanilla's order: the type's own fields (a slime's Size sets its attributes), then the
    // saved Attributes, then Health, so that health is clamped to the maximum it was saved with.
    if (MobAttachment* a = mob.attachment()) a->load(tag, warnings);
    load_attributes(mob, tag, warnings);
    if (const nbt::Tag* t = tag.find("Health")) {
        if (const auto* f = t->get_if<float>(); f && std::isfinite(*f)) mob.set_health(*f);
        else warnings.push_back("Health: expected a float");
    }
    read_flag(tag, "NoAI", d.no_ai, warnings);
    bool baby = mob.is_baby();
    read_flag(tag, "IsBaby", baby, warnings);
    mob.set_baby(baby);
    auto items = [&](std::string_view key, std::initializer_list<EquipmentSlot> slots) {
        const nbt::Tag* t = tag.find(key);
        if (!t) return;
        const auto* l = t->get_if<nbt::List>();
        if (!l || l->size() > slots.size()) {
            warnings.push_back(std::string(key) + ": expected a list of at most " + std::to_string(slots.size()) +
                               " compounds");
            return;
        }
        std::size_t i = 0;
        for (EquipmentSlot s : slots) {
            if (i >= l->size()) break;
            if (auto item = item_stack_from_nbt((*l)[i], warnings, std::string(key) + "[" + std::to_string(i) + "]"))
                mob.set_equipment(s, *item);
            ++i;
        }
    };
    items("HandItems", {EquipmentSlot::MainHand, EquipmentSlot::OffHand});
    items("ArmorItems", {EquipmentSlot::Feet, EquipmentSlot::Legs, EquipmentSlot::Chest, EquipmentSlot::Head});
    if (const nbt::Tag* t = tag.find("Brain")) {
        const auto* c = t->get_if<nbt::Compound>();
        if (!c) warnings.push_back("Brain: expected a compound");
        else if (auto* brain = mob.brain()) {
            for (auto& w : brain->load(*c)) warnings.push_back("Brain: " + w);
        } else {
            // Kept verbatim so that a mob whose brain comes from a plugin that is not loaded
            // keeps its memories for when it is.
            mob.extra_nbt.put("Brain", *t);
        }
    }
    {
        // Vanilla reads the sleeping position only when all three ints are there.
        const auto* x = tag.find<std::int32_t>("SleepingX");
        const auto* y = tag.find<std::int32_t>("SleepingY");
        const auto* z = tag.find<std::int32_t>("SleepingZ");
        if (x && y && z) mob.set_sleeping_pos(BlockPos{*x, *y, *z});
        else if (x || y || z || tag.find("SleepingX") || tag.find("SleepingY") || tag.find("SleepingZ"))
            warnings.push_back("SleepingX/Y/Z: expected three ints");
    }
    keep_unknown_fields(tag, mob_keys, mob.extra_nbt);
    if (MobAttachment* a = mob.attachment()) {
        // The attachment's keys are its own (read above): stop keeping them verbatim.
        for (std::string_view key : a->nbt_keys()) mob.extra_nbt.erase(key);
    }
    return warnings;
}

}  // namespace mobsdk::server
