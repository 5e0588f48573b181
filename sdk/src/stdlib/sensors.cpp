// The standard sensors: entity scans, the hurt-by and hostile memories, golems, beds, secondary
// POIs and wanted items, with vanilla's boxes, distances and scan rates.
#include "mobsdk/stdlib/sensors.hpp"

#include <algorithm>
#include <limits>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/world/ai_util.hpp"

namespace mobsdk::stdlib {

using brain::Brain;
using brain::EntityList;
using brain::MemoryHandle;
using brain::NearestVisibleLivingEntities;
using brain::StandardMemories;

namespace {

using Ranked = std::pair<double, EntityRef>;

// A stable sort by distance that allocates nothing once `scratch` has grown (std::stable_sort
// takes a temporary buffer on every call): insertion-sorted runs of 16, then merges of doubling
// width back and forth between the two buffers. std::merge keeps equal keys in order.
void stable_sort_by_distance(std::vector<Ranked>& v, std::vector<Ranked>& scratch) {
    const auto closer = [](const Ranked& a, const Ranked& b) { return a.first < b.first; };
    const std::size_t n = v.size();
    constexpr std::size_t run = 16;
    for (std::size_t lo = 0; lo < n; lo += run) {
        const std::size_t hi = std::min(lo + run, n);
        for (std::size_t i = lo + 1; i < hi; ++i)
            for (std::size_t j = i; j > lo && closer(v[j], v[j - 1]); --j) std::swap(v[j], v[j - 1]);
    }
    if (n <= run) return;
    scratch.resize(n);
    Ranked* from = v.data();
    Ranked* to = scratch.data();
    for (std::size_t width = run; width < n; width *= 2) {
        for (std::size_t lo = 0; lo < n; lo += 2 * width) {
            const std::size_t mid = std::min(lo + width, n), hi = std::min(lo + 2 * width, n);
            std::merge(from + lo, from + mid, from + mid, from + hi, to + lo, closer);
        }
        std::swap(from, to);
    }
    if (from != v.data()) std::copy(from, from + n, v.data());
}

// Collects the entities of `refs` that `keep` accepts, sorted by squared distance to `mob`;
// stable, so ties keep the level's order as vanilla's List.sort does.
template <typename Keep>
void sort_by_distance(Level& level, const Mob& mob, const std::vector<EntityRef>& refs, std::vector<Ranked>& out,
                      std::vector<Ranked>& scratch, Keep&& keep) {
    out.clear();
    for (const EntityRef& r : refs) {
        Entity* e = level.resolve(r);
        if (e == nullptr || !keep(*e)) continue;
        out.emplace_back(mob.distance_to_sqr(*e), r);
    }
    stable_sort_by_distance(out, scratch);
}

}  // namespace

bool is_entity_targetable(Level& level, Mob& mob, const Entity& target,
                          const brain::MemoryModuleType<EntityRef>& attack_target) {
    Brain* b = mob.brain();
    const bool is_attack_target =
        b != nullptr && b->is_registered(attack_target) && b->is_memory_value(attack_target, target.ref());
    auto conditions = TargetingConditions::for_non_combat().range(16.0);
    if (is_attack_target) conditions.ignore_invisibility_testing();
    return conditions.test(level, &mob, target);
}

namespace {

// NearestVisibleLivingEntities' lazy test: is_entity_targetable with the attack-target memory
// whose index the sensor passed as context.
bool targetable_by_attack_target(Level& level, Mob& observer, const Entity& target, std::uint64_t context) {
    const auto attack_target =
        brain::MemoryModuleType<EntityRef>(brain::MemoryHandle::from_index(static_cast<std::uint32_t>(context)));
    return is_entity_targetable(level, observer, target, attack_target);
}

}  // namespace

// ---- nearest living entities ----

NearestLivingEntitySensor::NearestLivingEntitySensor(const StandardMemories& m)
    : Sensor(20), mobs_(m.mobs), visible_(m.visible_mobs), attack_target_(m.attack_target) {}

std::vector<MemoryHandle> NearestLivingEntitySensor::requires_memories() const { return {mobs_, visible_}; }

void NearestLivingEntitySensor::do_tick(Level& level, Mob& mob) {
    scratch_.clear();
    level.entities_in_box(mob.bounding_box().inflate(16.0, 16.0, 16.0), scratch_);
    const Entity* self = &mob;
    sort_by_distance(level, mob, scratch_, sorted_, sort_scratch_, [&](Entity& e) {
        // LivingEntity only: items and other non-mobs are left out.
        return &e != self && e.is_alive() && level.resolve_mob(e.ref()) != nullptr;
    });
    Brain& b = *mob.brain();
    b.modify_memory(mobs_, [&](EntityList& list) {
        list.clear();
        for (const auto& [d, r] : sorted_) list.push_back(r);
    });
    // The same list, read back from the memory just written (absent when empty). Not a
    // collection: an empty one is still set, as vanilla does. Refilled in place, the same as
    // setting a new value without expiry. Visibility is tested lazily, as vanilla's
    // computeIfAbsent: only the entities some query asks about cost a ray.
    const EntityList* nearby = b.find_memory(mobs_);
    b.modify_memory(visible_, [&](NearestVisibleLivingEntities& v) {
        v.assign_lazy(nearby ? std::span<const EntityRef>(*nearby) : std::span<const EntityRef>(), level, mob.ref(),
                      &targetable_by_attack_target, attack_target_.handle().index());
    });
}

// ---- players ----

PlayerSensor::PlayerSensor(const StandardMemories& m)
    : Sensor(20),
      players_(m.nearest_players),
      targetable_players_(m.nearest_visible_targetable_players),
      visible_player_(m.nearest_visible_player),
      targetable_player_(m.nearest_visible_targetable_player) {}

std::vector<MemoryHandle> PlayerSensor::requires_memories() const {
    return {players_, visible_player_, targetable_player_, targetable_players_};
}

void PlayerSensor::do_tick(Level&, Mob& mob) {
    // No players exist on this server: vanilla's result for an empty player list.
    Brain& b = *mob.brain();
    b.erase_memory(players_);
    b.erase_memory(visible_player_);
    b.erase_memory(targetable_player_);
    b.erase_memory(targetable_players_);
}

// ---- hurt by ----

HurtBySensor::HurtBySensor(const StandardMemories& m, LastDamageSourceFn source)
    : Sensor(20), hurt_by_(m.hurt_by), hurt_by_entity_(m.hurt_by_entity), source_(source) {}

std::vector<MemoryHandle> HurtBySensor::requires_memories() const { return {hurt_by_, hurt_by_entity_}; }

void HurtBySensor::do_tick(Level& level, Mob& mob) {
    Brain& b = *mob.brain();
    std::optional<brain::DamageSource> source;
    if (source_ != nullptr) {
        source = source_(level, mob);
    } else if (const auto hurt = mob.last_hurt(); hurt && level.game_time() - hurt->game_time <= 40) {
        // Vanilla's getLastDamageSource forgets the damage 40 ticks after it was taken.
        source = brain::DamageSource{hurt->damage_type, hurt->attacker, hurt->attacker, std::nullopt};
    }
    if (source) {
        b.set_memory(hurt_by_, *source);
        // Only a living attacker becomes HURT_BY_ENTITY.
        if (source->attacker && level.resolve_living(*source->attacker) != nullptr)
            b.set_memory(hurt_by_entity_, *source->attacker);
    } else {
        b.erase_memory(hurt_by_);
    }
    if (const EntityRef* who = b.get_memory(hurt_by_entity_)) {
        const Entity* e = level.resolve(*who);
        if (e == nullptr || !e->is_alive()) b.erase_memory(hurt_by_entity_);
    }
}

// ---- villager hostiles ----

std::vector<HostileDistance> resolve_villager_hostiles(const Registry<EntityTypeInfo>& entity_types) {
    std::vector<HostileDistance> out;
    for (const auto& [id, distance] : villager_hostile_distances)
        if (auto h = entity_types.find(id)) out.push_back({*h, distance});
    return out;
}

VillagerHostilesSensor::VillagerHostilesSensor(const StandardMemories& m, std::vector<HostileDistance> hostiles)
    : Sensor(20), nearest_hostile_(m.nearest_hostile), visible_(m.visible_mobs), hostiles_(std::move(hostiles)) {}

std::vector<MemoryHandle> VillagerHostilesSensor::requires_memories() const { return {nearest_hostile_}; }

void VillagerHostilesSensor::do_tick(Level& level, Mob& mob) {
    Brain& b = *mob.brain();
    const NearestVisibleLivingEntities* visible = b.is_registered(visible_) ? b.get_memory(visible_) : nullptr;
    const Entity* found = nullptr;
    if (visible != nullptr) {
        found = visible->find_closest(level, [&](const Entity& e) {
            for (const HostileDistance& h : hostiles_) {
                if (h.type != e.type()) continue;
                const double d = static_cast<double>(h.distance * h.distance);  // float product, as vanilla
                return e.distance_to_sqr(mob) <= d;
            }
            return false;
        });
    }
    if (found != nullptr) b.set_memory(nearest_hostile_, found->ref());
    else b.erase_memory(nearest_hostile_);
}

// ---- golems ----

void golem_detected(Brain& brain, const StandardMemories& m) {
    brain.set_memory_with_expiry(m.golem_detected_recently, true, golem_detected_ttl);
}

GolemSensor::GolemSensor(const StandardMemories& m, Handle<EntityTypeInfo> iron_golem)
    : Sensor(200), mobs_(m.mobs), detected_(m.golem_detected_recently), iron_golem_(iron_golem) {}

std::vector<MemoryHandle> GolemSensor::requires_memories() const { return {detected_}; }

void GolemSensor::do_tick(Level& level, Mob& mob) {
    Brain& b = *mob.brain();
    const EntityList* mobs = b.is_registered(mobs_) ? b.get_memory(mobs_) : nullptr;
    if (mobs == nullptr || !iron_golem_.valid()) return;
    for (const EntityRef& r : *mobs) {
        const Entity* e = level.resolve(r);
        if (e != nullptr && e->type() == iron_golem_) {
            b.set_memory_with_expiry(detected_, true, golem_detected_ttl);
            return;
        }
    }
}

// ---- nearest bed ----

NearestBedSensor::NearestBedSensor(const StandardMemories& m, Handle<PoiTypeInfo> home)
    : Sensor(20), nearest_bed_(m.nearest_bed), home_(home) {}

std::vector<MemoryHandle> NearestBedSensor::requires_memories() const { return {nearest_bed_}; }

void NearestBedSensor::do_tick(Level& level, Mob& mob) {
    if (!mob.is_baby() || !home_.valid()) return;
    std::int32_t tried = 0;
    const std::int64_t last_update = level.game_time() + level.random().next_int(20);
    found_.clear();
    const Handle<PoiTypeInfo> types[] = {home_};
    level.poi_manager().find_closest(types, mob.block_position(), 48, PoiOccupancy::Any,
                                     std::numeric_limits<std::size_t>::max(), found_);
    // Vanilla's filter: a cached position is skipped; otherwise the try count goes up and only
    // the first four pass (`++triedCount >= 5` rejects the fifth onwards), each cached for 40 ticks.
    std::size_t kept = 0;
    for (const PoiRecord& poi : found_) {
        const bool cached =
            std::any_of(cache_.begin(), cache_.end(), [&](const auto& c) { return c.first == poi.pos; });
        if (cached) continue;
        if (++tried >= 5) continue;
        cache_.emplace_back(poi.pos, last_update + 40);
        found_[kept++] = poi;
    }
    found_.resize(kept);
    // Vanilla paths to the whole set at once (createPath(Set, validRange)); the SDK's navigation
    // takes one target, so the candidates are tried closest first and the first reachable wins.
    // (The ground navigation also lifts a target inside a solid block such as a bed, which the
    // set version does not: the POI itself is what a reaching path is remembered as.)
    std::optional<BlockPos> reached;
    for (const PoiRecord& poi : found_) {
        const std::optional<Path> path = mob.navigation().create_path(poi.pos, 1);  // home's validRange
        if (path && path->can_reach) {
            reached = poi.pos;
            break;
        }
    }
    if (reached) {
        if (level.poi_manager().type_at(*reached)) mob.brain()->set_memory(nearest_bed_, *reached);
    } else if (tried < 5) {
        std::erase_if(cache_, [&](const auto& c) { return c.second < last_update; });
    }
}

// ---- secondary POIs ----

SecondaryPoiSensor::SecondaryPoiSensor(const StandardMemories& m, SecondaryPoiBlocksFn blocks)
    : Sensor(40), secondary_(m.secondary_job_site), blocks_(blocks) {}

std::vector<MemoryHandle> SecondaryPoiSensor::requires_memories() const { return {secondary_}; }

void SecondaryPoiSensor::do_tick(Level& level, Mob& mob) {
    Brain& b = *mob.brain();
    std::span<const Handle<BlockInfo>> blocks;
    if (blocks_ != nullptr) {
        blocks = blocks_(mob);
    } else if (const MobAttachment* a = mob.attachment()) {
        // The attachment names its blocks (a farmer's farmland); resolved once per scan.
        resolved_.clear();
        for (const ResourceLocation& id : a->secondary_poi_blocks())
            if (const auto h = level.blocks().blocks().find(id.str())) resolved_.push_back(*h);
        blocks = resolved_;
    }
    if (blocks.empty()) {
        b.erase_memory(secondary_);
        return;
    }
    const BlockPos origin = mob.block_position();
    const BlockRegistry& registry = level.blocks();
    b.modify_memory(secondary_, [&](brain::GlobalPosList& list) {
        list.clear();
        for (std::int32_t x = -4; x <= 4; ++x)
            for (std::int32_t y = -2; y <= 2; ++y)
                for (std::int32_t z = -4; z <= 4; ++z) {
                    const BlockPos p{origin.x + x, origin.y + y, origin.z + z};
                    const Handle<BlockInfo> block = registry.block_of(level.block_state(p));
                    if (std::find(blocks.begin(), blocks.end(), block) != blocks.end())
                        list.push_back(GlobalPos{level.dimension(), p});
                }
    });
}

// ---- nearest items ----

NearestItemSensor::NearestItemSensor(const StandardMemories& m, Handle<EntityTypeInfo> item, WantsToPickUpFn wants)
    : Sensor(20), wanted_(m.nearest_visible_wanted_item), item_(item), wants_(wants) {}

std::vector<MemoryHandle> NearestItemSensor::requires_memories() const { return {wanted_}; }

void NearestItemSensor::do_tick(Level& level, Mob& mob) {
    Brain& b = *mob.brain();
    if (!item_.valid()) {
        b.erase_memory(wanted_);
        return;
    }
    scratch_.clear();
    level.entities_of_type(item_, mob.bounding_box().inflate(32.0, 16.0, 32.0), scratch_);
    sort_by_distance(level, mob, scratch_, sorted_, sort_scratch_, [](Entity&) { return true; });
    for (const auto& [d, r] : sorted_) {
        Entity* e = level.resolve(r);
        if (e == nullptr) continue;
        if (wants_ != nullptr) {
            if (!wants_(level, mob, *e)) continue;
        } else {
            // Vanilla's Mob.wantsToPickUp: the mob's own rule, which its attachment holds.
            const MobAttachment* a = mob.attachment();
            const ItemStack* stack = e->item_stack();
            if (a == nullptr || stack == nullptr || !a->wants_to_pick_up(*stack)) continue;
        }
        if (!(d < 32.0 * 32.0)) continue;  // vanilla's closerThan(mob, 32)
        if (!mob.has_line_of_sight(*e)) continue;
        b.set_memory(wanted_, r);
        return;
    }
    b.erase_memory(wanted_);
}

// ---- registration ----

StandardSensors register_standard_sensors(Registry<brain::SensorTypeInfo>& registry, const StandardMemories& m,
                                          const StandardSensorOptions& options) {
    using brain::register_sensor;
    Handle<EntityTypeInfo> iron_golem, item;
    std::vector<HostileDistance> hostiles;
    if (options.entity_types != nullptr) {
        iron_golem = options.entity_types->find("minecraft:iron_golem").value_or(Handle<EntityTypeInfo>{});
        item = options.entity_types->find("minecraft:item").value_or(Handle<EntityTypeInfo>{});
        hostiles = resolve_villager_hostiles(*options.entity_types);
    }
    StandardSensors s;
    s.nearest_living_entities =
        register_sensor<NearestLivingEntitySensor>(registry, "minecraft:nearest_living_entities", "minecraft", m);
    s.nearest_players = register_sensor<PlayerSensor>(registry, "minecraft:nearest_players", "minecraft", m);
    s.hurt_by =
        register_sensor<HurtBySensor>(registry, "minecraft:hurt_by", "minecraft", m, options.last_damage_source);
    s.villager_hostiles =
        register_sensor<VillagerHostilesSensor>(registry, "minecraft:villager_hostiles", "minecraft", m, hostiles);
    s.golem_detected = register_sensor<GolemSensor>(registry, "minecraft:golem_detected", "minecraft", m, iron_golem);
    s.nearest_bed =
        register_sensor<NearestBedSensor>(registry, "minecraft:nearest_bed", "minecraft", m, options.home_poi);
    s.secondary_pois = register_sensor<SecondaryPoiSensor>(registry, "minecraft:secondary_pois", "minecraft", m,
                                                           options.secondary_poi_blocks);
    s.nearest_items = register_sensor<NearestItemSensor>(registry, "minecraft:nearest_items", "minecraft", m, item,
                                                         options.wants_to_pick_up);
    return s;
}

}  // namespace mobsdk::stdlib
