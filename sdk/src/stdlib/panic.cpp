// VillagerPanicTrigger and iron-golem summoning (Villager.spawnGolemIfNeeded, SpawnUtil with
// LEGACY_IRON_GOLEM, IronGolem.checkSpawnObstruction), VillagerCalmDown, the bell (ReactToBell,
// RingBell, BellBlockEntity's hearing) and hiding (SetHiddenState, LocateHidingPlace).
#include "mobsdk/stdlib/panic.hpp"

#include <cmath>
#include <limits>
#include <string_view>

#include "internal.hpp"
#include "mobsdk/brain/brain.hpp"
#include "mobsdk/stdlib/sensors.hpp"
#include "mobsdk/stdlib/village.hpp"
#include "mobsdk/world/ai_util.hpp"

namespace mobsdk::stdlib {

using internal::named;

using brain::Brain;
using brain::MemoryStatus;
using brain::OneShot;
using brain::StandardMemories;
using brain::WalkTarget;
using namespace brain::behavior_builder;

namespace {

// SpawnUtil.Strategy.LEGACY_IRON_GOLEM: a block to stand on with air or liquid above
// (1.20's explicit list is what 1.19's materials excluded).
bool golem_can_spawn_on(const Level& level, const GolemSpawnBlocks& rules, BlockState below, BlockState above) {
    const BlockRegistry& blocks = level.blocks();
    if (rules.never_stood_on(below, blocks)) return false;
    if (!rules.is_air(above, blocks) && !rules.is_liquid(above, blocks)) return false;
    return blocks.info(below).solid || rules.is_powder_snow(below, blocks);
}

// NaturalSpawner.isValidEmptySpawnBlock (redstone signal sources are not modelled by the SDK).
bool valid_empty_spawn_block(const Level& level, const GolemSpawnBlocks& rules, BlockPos pos, bool check_fluid) {
    const BlockState state = level.block_state(pos);
    const BlockStateInfo& info = level.blocks().info(state);
    if (info.collision.is_full_block()) return false;
    if (check_fluid && info.fluid != Fluid::None) return false;
    if (level.blocks().has_tag(state, level.blocks().vanilla_tags().prevent_mob_spawning_inside)) return false;
    return !rules.is_dangerous(state, level.blocks());
}

// IronGolem.checkSpawnObstruction at `pos`; `scratch` is appended to and restored.
bool golem_fits(Level& level, BlockPos pos, const GolemSummoning& golem, std::vector<EntityRef>& scratch) {
    if (!entity_can_stand_on(level.block_info(pos.below()))) return false;
    for (std::int32_t i = 1; i < 3; ++i)
        if (!valid_empty_spawn_block(level, *golem.blocks, pos.above(i), true)) return false;
    if (!valid_empty_spawn_block(level, *golem.blocks, pos, false)) return false;
    // Level.isUnobstructed: no living entity (they all block building) in the golem's box.
    const double half = static_cast<double>(golem.width) / 2.0;
    const AABB box{{pos.x + 0.5 - half, static_cast<double>(pos.y), pos.z + 0.5 - half},
                   {pos.x + 0.5 + half, pos.y + static_cast<double>(golem.height), pos.z + 0.5 + half}};
    const std::size_t base = scratch.size();
    level.entities_in_box(box, scratch);
    const bool clear = scratch.size() == base;
    scratch.resize(base);
    return clear;
}

bool wants_golem(const Brain& brain, brain::MemoryModuleType<std::int64_t> last_slept,
                 brain::MemoryModuleType<bool> golem_detected_recently, std::int64_t game_time) {
    if (!brain.is_registered(last_slept)) return false;
    const std::int64_t* slept = brain.get_memory(last_slept);
    if (slept == nullptr || game_time - *slept >= 24000) return false;
    return !brain.has_memory_value(golem_detected_recently);
}

// The handles spawnGolemIfNeeded reads, so a behaviour need not keep the whole StandardMemories.
struct GolemMemories {
    brain::MemoryModuleType<std::int64_t> last_slept;
    brain::MemoryModuleType<bool> golem_detected_recently;
};

Mob* spawn_golem(Level& level, Mob& villager, std::int32_t count, GolemMemories m, const GolemSummoning& golem,
                 std::vector<EntityRef>& scratch) {
    const std::int64_t now = level.game_time();  // vanilla's wantsToSpawnGolem reads the level's time
    const Brain* own = villager.brain();
    if (own == nullptr || !wants_golem(*own, m.last_slept, m.golem_detected_recently, now)) return nullptr;
    scratch.clear();
    level.entities_of_type(villager.type(), villager.bounding_box().inflate(10.0), scratch);
    std::int32_t wanting = 0;
    for (const EntityRef& ref : scratch) {
        if (wanting >= 5) break;  // .limit(5L)
        Mob* v = level.resolve_mob(ref);
        const Brain* b = v != nullptr ? v->brain() : nullptr;
        if (b != nullptr && wants_golem(*b, m.last_slept, m.golem_detected_recently, now)) ++wanting;
    }
    if (wanting < count) return nullptr;
    const std::size_t villagers = scratch.size();
    Mob* spawned = try_spawn_iron_golem(level, villager.block_position(), golem, scratch);
    if (spawned == nullptr) return nullptr;
    for (std::size_t i = 0; i < villagers; ++i) {
        Mob* v = level.resolve_mob(scratch[i]);
        if (v == nullptr || v->brain() == nullptr) continue;
        v->brain()->set_memory_with_expiry(m.golem_detected_recently, true, golem_detected_ttl);
    }
    return spawned;
}

}  // namespace

// ---- golem summoning ----

GolemSpawnBlocks::GolemSpawnBlocks(const BlockRegistry& blocks) {
    const Registry<BlockInfo>& registry = blocks.blocks();
    flags_.assign(registry.size(), 0);
    for (std::uint32_t i = 0; i < registry.size(); ++i) {
        const ResourceLocation& id = registry.id_of(Handle<BlockInfo>::from_index(i));
        if (id.ns() != "minecraft") continue;
        const std::string_view p = id.path();
        std::uint8_t f = 0;
        if (p == "air" || p == "cave_air" || p == "void_air") f |= air;
        if (p == "water" || p == "lava" || p == "bubble_column") f |= liquid;
        if (p == "cobweb" || p == "cactus" || p == "glass_pane" || p.ends_with("_stained_glass_pane") ||
            p.ends_with("_stained_glass") || p.ends_with("_leaves") || p == "conduit" || p == "ice" || p == "tnt" ||
            p == "glowstone" || p == "beacon" || p == "sea_lantern" || p == "frosted_ice" || p == "tinted_glass" ||
            p == "glass")
            f |= excluded;
        if (p == "powder_snow") f |= powder_snow;
        // WalkNodeEvaluator.isBurningBlock's blocks (its tags are read in is_dangerous), plus wither
        // roses, berry bushes, cactus and powder snow.
        if (p == "lava" || p == "magma_block" || p == "lava_cauldron" || p == "wither_rose" ||
            p == "sweet_berry_bush" || p == "cactus" || p == "powder_snow")
            f |= dangerous;
        flags_[i] = f;
    }
}

bool GolemSpawnBlocks::is_dangerous(BlockState state, const BlockRegistry& blocks) const noexcept {
    // isBurningBlock reads #fire and, lit, #campfires (CampfireBlock.isLitCampfire).
    const VanillaBlockTags& tags = blocks.vanilla_tags();
    if (has(state, blocks, dangerous) || blocks.has_tag(state, tags.fire)) return true;
    return blocks.has_tag(state, tags.campfires) && blocks.get_or(state, blocks.vanilla_properties().lit, false);
}

bool wants_to_spawn_golem(const Brain& brain, const StandardMemories& m, std::int64_t game_time) {
    return wants_golem(brain, m.last_slept, m.golem_detected_recently, game_time);
}

Mob* try_spawn_iron_golem(Level& level, BlockPos origin, const GolemSummoning& golem, std::vector<EntityRef>& scratch) {
    RandomSource& random = level.random();
    for (int attempt = 0; attempt < 10; ++attempt) {
        const std::int32_t dx = random.next_int_between_inclusive(-8, 8);
        const std::int32_t dz = random.next_int_between_inclusive(-8, 8);
        // moveToPossibleSpawnPosition: down the column from 6 above, a block to stand on with
        // the block above it free; the golem stands in that upper block (y from +6 to −6).
        BlockPos pos = origin.offset(dx, 6, dz);
        BlockState above = level.block_state(pos);
        bool found = false;
        for (std::int32_t i = 6; i >= -6; --i) {
            pos = pos.below();
            const BlockState below = level.block_state(pos);
            if (golem_can_spawn_on(level, *golem.blocks, below, above)) {
                pos = pos.above();
                found = true;
                break;
            }
            above = below;
        }
        if (!found) continue;
        // EntityType.create turns the new mob to a random yaw before the obstruction check.
        const float yaw = wrap_degrees(random.next_float() * 360.0f);
        if (!golem_fits(level, pos, golem, scratch)) continue;
        if (Mob* spawned = level.summon_mob(golem.iron_golem, random_pos::bottom_center(pos), yaw)) return spawned;
    }
    return nullptr;
}

Mob* spawn_golem_if_needed(Level& level, Mob& villager, std::int64_t, std::int32_t count, const StandardMemories& m,
                           const GolemSummoning& golem, std::vector<EntityRef>& scratch) {
    return spawn_golem(level, villager, count, GolemMemories{m.last_slept, m.golem_detected_recently}, golem, scratch);
}

// ---- VillagerPanicTrigger ----

VillagerPanicTrigger::VillagerPanicTrigger(const StandardMemories& m, brain::Activity panic, GolemSummoning golem)
    : Behavior({}, 60, 60),
      hurt_by_(m.hurt_by),
      nearest_hostile_(m.nearest_hostile),
      path_(m.path),
      walk_target_(m.walk_target),
      look_target_(m.look_target),
      breed_target_(m.breed_target),
      interaction_target_(m.interaction_target),
      last_slept_(m.last_slept),
      golem_detected_recently_(m.golem_detected_recently),
      panic_(panic),
      golem_(golem) {}

bool VillagerPanicTrigger::is_hurt_or_threatened(const Brain& brain) const {
    return brain.has_memory_value(hurt_by_) || brain.has_memory_value(nearest_hostile_);
}

bool VillagerPanicTrigger::can_still_use(Level&, Mob& mob, std::int64_t) { return is_hurt_or_threatened(*mob.brain()); }

void VillagerPanicTrigger::start(Level&, Mob& mob, std::int64_t) {
    Brain& b = *mob.brain();
    if (!is_hurt_or_threatened(b)) return;
    if (!b.is_active(panic_)) {
        b.erase_memory(path_);
        b.erase_memory(walk_target_);
        b.erase_memory(look_target_);
        b.erase_memory(breed_target_);
        b.erase_memory(interaction_target_);
    }
    b.set_active_activity_if_possible(panic_);
}

void VillagerPanicTrigger::tick(Level& level, Mob& mob, std::int64_t time) {
    if (time % 100 == 0)
        spawn_golem(level, mob, 3, GolemMemories{last_slept_, golem_detected_recently_}, golem_, scratch_);
}

// ---- VillagerCalmDown ----

std::unique_ptr<OneShot> villager_calm_down(const StandardMemories& m) {
    return named(create(registered(m.hurt_by), registered(m.hurt_by_entity), registered(m.nearest_hostile),
                        [](Level& level, Mob& mob, std::int64_t, auto& hurt, auto& attacker, auto& hostile) {
                            bool danger = hurt.try_get() != nullptr || hostile.try_get() != nullptr;
                            if (!danger) {
                                // SAFE_DISTANCE_FROM_DANGER: the attacker within 6 blocks keeps it.
                                if (const EntityRef* a = attacker.try_get()) {
                                    const Entity* e = level.resolve(*a);
                                    danger = e != nullptr && e->distance_to_sqr(mob) <= 36.0;
                                }
                            }
                            if (!danger) {
                                hurt.erase();
                                attacker.erase();
                                mob.brain()->update_activity_from_schedule(level.day_time(), level.game_time());
                            }
                            return true;
                        }),
                 "VillagerCalmDown");
}

// ---- SetHiddenState ----

std::unique_ptr<OneShot> set_hidden_state(const StandardMemories& m, std::int32_t seconds, std::int32_t close_enough) {
    const std::int32_t stay_hidden_ticks = seconds * 20;
    std::int32_t ticks_hidden = 0;  // vanilla's MutableInt, one per behaviour
    return named(create(present(m.hiding_place), present(m.heard_bell_time),
                        [=](Level& level, Mob& mob, std::int64_t time, auto& hiding, auto& heard) mutable {
                            // HIDE_TIMEOUT: 300 ticks after the bell the hiding ends, hidden or not.
                            const bool timed_out = heard.get() + 300 <= time;
                            if (ticks_hidden <= stay_hidden_ticks && !timed_out) {
                                if (closer_than(hiding.get().pos, mob.block_position(), close_enough)) ++ticks_hidden;
                                return true;
                            }
                            heard.erase();
                            hiding.erase();
                            mob.brain()->update_activity_from_schedule(level.day_time(), level.game_time());
                            ticks_hidden = 0;
                            return true;
                        }),
                 "SetHiddenState");
}

// ---- LocateHidingPlace ----

std::unique_ptr<OneShot> locate_hiding_place(const StandardMemories& m, Handle<PoiTypeInfo> home, std::int32_t radius,
                                             float speed, std::int32_t close_enough) {
    std::vector<PoiRecord> beds;  // reused by every trigger of this behaviour
    return named(create(absent(m.walk_target), registered(m.home), registered(m.hiding_place), registered(m.path),
                        registered(m.look_target), registered(m.breed_target), registered(m.interaction_target),
                        [=](Level& level, Mob& mob, std::int64_t, auto& walk, auto& own_home, auto& hiding, auto& path,
                            auto& look, auto& breed, auto& interaction) mutable {
                            PoiManager& poi = level.poi_manager();
                            const Handle<PoiTypeInfo> types[] = {home};
                            const double close = static_cast<double>(close_enough);
                            std::optional<BlockPos> place;
                            // PoiManager.find within close_enough + 1, kept only when its centre is close.
                            beds.clear();
                            poi.find_closest(types, mob.block_position(), close_enough + 1, PoiOccupancy::Any, 1, beds);
                            if (!beds.empty() && closer_to_center_than(beds.front().pos, mob.position(), close))
                                place = beds.front().pos;
                            if (!place) {
                                // PoiManager.getRandom: every bed within `radius`, Util.shuffle'd, the first.
                                beds.clear();
                                poi.find_closest(types, mob.block_position(), radius, PoiOccupancy::Any,
                                                 std::numeric_limits<std::size_t>::max(), beds);
                                for (std::int32_t i = static_cast<std::int32_t>(beds.size()); i > 1; --i)
                                    std::swap(beds[static_cast<std::size_t>(i - 1)],
                                              beds[static_cast<std::size_t>(level.random().next_int(i))]);
                                if (!beds.empty()) place = beds.front().pos;
                            }
                            if (!place) {
                                if (const GlobalPos* h = own_home.try_get()) place = h->pos;
                            }
                            if (!place) return true;
                            path.erase();
                            look.erase();
                            breed.erase();
                            interaction.erase();
                            hiding.set(GlobalPos{level.dimension(), *place});
                            if (!closer_to_center_than(*place, mob.position(), close))
                                walk.set(WalkTarget(*place, speed, close_enough));
                            return true;
                        }),
                 "LocateHidingPlace");
}

// ---- the bell ----

namespace {

// Only bells have BellBlock.ATTACHMENT.
bool is_bell(const Level& level, BlockPos pos) {
    return level.blocks().has(level.block_state(pos), level.blocks().vanilla_properties().bell_attachment);
}

bool ring(Level& level, BlockPos bell, brain::MemoryModuleType<std::int64_t> heard_bell_time,
          std::vector<EntityRef>& scratch) {
    if (!is_bell(level, bell)) return false;
    const AABB block{{static_cast<double>(bell.x), static_cast<double>(bell.y), static_cast<double>(bell.z)},
                     {bell.x + 1.0, bell.y + 1.0, bell.z + 1.0}};
    scratch.clear();
    level.entities_in_box(block.inflate(48.0), scratch);
    const std::int64_t now = level.game_time();
    for (const EntityRef& ref : scratch) {
        Mob* mob = level.resolve_mob(ref);
        if (mob == nullptr || !mob->is_alive() || mob->brain() == nullptr) continue;
        if (!closer_to_center_than(bell, mob->position(), 32.0)) continue;
        mob->brain()->set_memory(heard_bell_time, now);  // ignored by a brain without the memory
    }
    return true;
}

}  // namespace

bool ring_bell(Level& level, BlockPos bell, const StandardMemories& m, std::vector<EntityRef>* scratch) {
    std::vector<EntityRef> local;
    return ring(level, bell, m.heard_bell_time, scratch != nullptr ? *scratch : local);
}

std::unique_ptr<OneShot> ring_bell(const StandardMemories& m) {
    std::vector<EntityRef> scratch;
    return named(
        create(present(m.meeting_point),
               [heard = m.heard_bell_time, scratch](Level& level, Mob& mob, std::int64_t, auto& meeting) mutable {
                   if (level.random().next_float() <= 0.95f) return false;  // BELL_RING_CHANCE
                   const BlockPos pos = meeting.get().pos;
                   // RING_BELL_FROM_DISTANCE: 3.
                   if (closer_than(pos, mob.block_position(), 3.0)) ring(level, pos, heard, scratch);
                   return true;
               }),
        "RingBell");
}

// ---- ReactToBell ----

std::unique_ptr<OneShot> react_to_bell(const StandardMemories& m, brain::Activity hide) {
    return named(create(present(m.heard_bell_time),
                        [hide](Level&, Mob& mob, std::int64_t, auto&) {
                            // Vanilla skips this during a raid at the mob; the server has no raids.
                            mob.brain()->set_active_activity_if_possible(hide);
                            return true;
                        }),
                 "ReactToBell");
}

}  // namespace mobsdk::stdlib
