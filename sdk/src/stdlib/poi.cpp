// The POI behaviours: AcquirePoi with its retry markers, ValidateNearbyPoi, the job-site hand-over
// (YieldJobSite, GoToPotentialJobSite, AssignProfessionFromJobSite, PoiCompetitorScan,
// ResetProfession) and the strolls around remembered POIs.
#include "mobsdk/stdlib/poi.hpp"

#include <algorithm>
#include <limits>

#include "internal.hpp"
#include "mobsdk/brain/brain.hpp"
#include "mobsdk/world/ai_util.hpp"
#include "mobsdk/world/vanilla_ids.hpp"

namespace mobsdk::stdlib {

using internal::named;

using brain::Brain;
using brain::MemoryStatus;
using brain::OneShot;
using brain::PositionTracker;
using brain::StandardMemories;
using brain::WalkTarget;
using namespace brain::behavior_builder;

namespace {

// Vanilla's BlockPos.closerToCenterThan: the block's centre is strictly closer than `distance`.
bool closer_to_center_than(BlockPos pos, const Vec3& point, double distance) noexcept {
    return Vec3::at_center(pos).dist_sqr(point) < distance * distance;
}

// Vanilla's BehaviorUtils.setWalkAndLookTargetMemories with a block.
struct WalkAndLook {
    brain::MemoryModuleType<WalkTarget> walk_target;
    brain::MemoryModuleType<PositionTracker> look_target;
    void set(Brain& brain, BlockPos pos, float speed, std::int32_t close_enough) const {
        brain.set_memory(look_target, PositionTracker::block(pos));
        brain.set_memory(walk_target, WalkTarget(pos, speed, close_enough));
    }
};

// Vanilla's profession.heldJobSite().test(type): the handles first, so that only a profession
// whose job site is `type` costs an id comparison (ids are unique in the table).
bool holds(const VillagerProfessions& professions, const VillagerState& state, Handle<PoiTypeInfo> type) {
    for (const VillagerProfession& p : professions.all())
        if (p.job_site && *p.job_site == type && p.id == state.data.profession) return true;
    return false;
}

// A memory of another mob's brain, or nullptr when absent or not registered there.
template <typename T>
const T* memory_of(const Brain& brain, brain::MemoryModuleType<T> memory) {
    return brain.find_memory(memory);
}

// GlobalPos equality with the block compared first: the dimension's id is a string, and scans
// over every nearby mob compare positions that nearly always differ.
bool same_global_pos(const GlobalPos& a, const GlobalPos& b) noexcept {
    return a.pos == b.pos && a.dimension == b.dimension;
}

}  // namespace

// ---- PoiFilter ----

PoiFilter PoiFilter::of(std::vector<Handle<PoiTypeInfo>> types) {
    return PoiFilter(Kind::Types, std::move(types), nullptr);
}

PoiFilter PoiFilter::held_job_site(const VillagerProfessions& professions) {
    return PoiFilter(Kind::HeldJobSite, {}, &professions);
}

PoiFilter PoiFilter::acquirable_job_site(const VillagerProfessions& professions) {
    return PoiFilter(Kind::AcquirableJobSite, {}, &professions);
}

const VillagerProfession* PoiFilter::profession_of(Mob& mob) const {
    const VillagerState* state = mob.attachment_as<VillagerState>();
    if (state == nullptr) return nullptr;
    if (cached_id_ && *cached_id_ == state->data.profession) return cached_;
    cached_ = professions_->find(state->data.profession);
    cached_id_ = state->data.profession;
    return cached_;
}

std::span<const Handle<PoiTypeInfo>> PoiFilter::types(Mob& mob) const {
    if (kind_ == Kind::Types) return types_;
    const VillagerProfession* p = profession_of(mob);
    if (p == nullptr) return {};
    if (kind_ == Kind::AcquirableJobSite && p == &professions_->none()) return professions_->job_sites();
    if (!p->job_site) return {};
    return {&*p->job_site, 1};
}

bool PoiFilter::test(Mob& mob, Handle<PoiTypeInfo> type) const {
    const auto accepted = types(mob);
    return std::find(accepted.begin(), accepted.end(), type) != accepted.end();
}

// ---- AcquirePoi ----

void PoiRetryMarker::mark_attempt(RandomSource& random, std::int64_t time) noexcept {
    previous_attempt = time;
    current_delay = std::min(current_delay + random.next_int(40) + 40, 400);
    next_attempt = time + current_delay;
}

AcquirePoi::AcquirePoi(const Registry<PoiTypeInfo>& poi_types, PoiFilter filter,
                       brain::MemoryModuleType<GlobalPos> main, brain::MemoryModuleType<GlobalPos> potential,
                       bool only_if_adult)
    : poi_types_(&poi_types),
      filter_(std::move(filter)),
      main_(main),
      potential_(potential),
      only_if_adult_(only_if_adult),
      requirements_{brain::MemoryRequirement{potential, MemoryStatus::VALUE_ABSENT},
                    brain::MemoryRequirement{main, MemoryStatus::VALUE_ABSENT}},
      requirement_count_(main == potential ? 1 : 2) {
    set_debug_name("AcquirePoi");
}

const PoiRetryMarker* AcquirePoi::retry_marker(BlockPos pos) const noexcept {
    for (const PoiRetryMarker& r : retries_)
        if (r.pos == pos) return &r;
    return nullptr;
}

bool AcquirePoi::trigger(Level& level, Mob& mob, std::int64_t time) {
    Brain* brain = mob.brain();
    if (brain == nullptr || !brain->check_memory(potential_, MemoryStatus::VALUE_ABSENT) ||
        !brain->check_memory(main_, MemoryStatus::VALUE_ABSENT))
        return false;
    if (only_if_adult_ && mob.is_baby()) return false;
    // Vanilla keeps 0 as "not drawn yet"; a first draw that lands on 0 is simply drawn again.
    if (next_scan_time_ == 0) {
        next_scan_time_ = level.game_time() + level.random().next_int(20);
        return false;
    }
    if (level.game_time() < next_scan_time_) return false;
    next_scan_time_ = time + 20 + level.random().next_int(20);

    std::erase_if(retries_, [time](const PoiRetryMarker& r) { return !r.still_valid(time); });
    found_.clear();
    batch_.clear();
    targets_.clear();
    PoiManager& pois = level.poi_manager();
    const auto types = filter_.types(mob);
    if (!types.empty())
        pois.find_closest(types, mob.block_position(), scan_range, PoiOccupancy::HasSpace,
                          std::numeric_limits<std::size_t>::max(), found_);
    // Vanilla's position filter runs over every POI in range before the sort and the limit, so a
    // due marker is marked again even when its POI ends up beyond the 5 closest.
    for (const PoiRecord& rec : found_) {
        bool pass = true;
        for (PoiRetryMarker& r : retries_) {
            if (!(r.pos == rec.pos)) continue;
            pass = r.should_retry(time);
            if (pass) r.mark_attempt(level.random(), time);
            break;
        }
        if (pass && batch_.size() < batch_size) batch_.push_back(rec);
    }
    std::optional<Path> path;
    if (!batch_.empty()) {
        std::int32_t reach = 1;
        for (const PoiRecord& rec : batch_) {
            reach = std::max(reach, (*poi_types_)[rec.type].valid_range);
            targets_.push_back(rec.pos);
        }
        path = mob.navigation().create_path(std::span<const BlockPos>(targets_), reach);
    }
    if (path && path->can_reach) {
        const BlockPos target = path->target;
        if (pois.type_at(target)) {
            pois.take(target);
            brain->set_memory(potential_, GlobalPos{level.dimension(), target});
            retries_.clear();
        }
    } else {
        for (const PoiRecord& rec : batch_) {
            if (retry_marker(rec.pos) != nullptr) continue;
            PoiRetryMarker& r = retries_.emplace_back();
            r.pos = rec.pos;
            r.mark_attempt(level.random(), time);
        }
    }
    return true;
}

// ---- ValidateNearbyPoi ----

std::unique_ptr<OneShot> validate_nearby_poi(const StandardMemories& m, PoiFilter filter,
                                             brain::MemoryModuleType<GlobalPos> memory) {
    (void)m;
    return named(create(present(memory),
                        [filter = std::move(filter)](Level& level, Mob& mob, std::int64_t, auto& poi) {
                            const GlobalPos& remembered = poi.get();
                            if (!(remembered.dimension == level.dimension()) ||
                                !closer_to_center_than(remembered.pos, mob.position(), 16.0))
                                return false;
                            const BlockPos pos = remembered.pos;
                            PoiManager& pois = level.poi_manager();
                            const auto types = filter.types(mob);
                            if (types.empty() || !pois.exists(pos, types)) {
                                poi.erase();
                                return true;
                            }
                            // Vanilla's bedIsOccupied (1.19.3): someone else lies in this bed.
                            const BlockRegistry& blocks = level.blocks();
                            const BlockState state = level.block_state(pos);
                            if (blocks.has_tag(state, blocks.vanilla_tags().beds) &&
                                blocks.get_or(state, blocks.vanilla_properties().occupied, false) &&
                                !mob.is_sleeping()) {
                                poi.erase();
                                pois.release(pos);
                            }
                            return true;
                        }),
                 "ValidateNearbyPoi");
}

// ---- YieldJobSite ----

std::unique_ptr<OneShot> yield_job_site(const StandardMemories& m, const Registry<PoiTypeInfo>& poi_types,
                                        const VillagerProfessions& professions, float speed) {
    const auto potential_job_site = m.potential_job_site;
    const auto job_site = m.job_site;
    const WalkAndLook walk_and_look{m.walk_target, m.look_target};
    return named(
        create(present(m.potential_job_site), absent(m.job_site), present(m.mobs), registered(m.walk_target),
               registered(m.look_target),
               [&poi_types, &professions, potential_job_site, job_site, walk_and_look, speed](
                   Level& level, Mob& mob, std::int64_t, auto& potential, auto&, auto& mobs, auto& walk, auto& look) {
                   if (mob.is_baby()) return false;
                   const VillagerState* self = mob.attachment_as<VillagerState>();
                   // MC-258295 (1.19.3) inverted this test, so employed villagers yielded to each
                   // other; 23w03a restored it: only the unemployed yield.
                   if (self == nullptr || !(self->data.profession == vanilla_professions().none)) return false;
                   const BlockPos pos = potential.get().pos;
                   const auto type = level.poi_manager().type_at(pos);
                   if (!type) return true;
                   for (const EntityRef& ref : mobs.get()) {
                       Mob* other = level.resolve_mob(ref);
                       if (other == nullptr || other == &mob || !other->is_alive()) continue;
                       const VillagerState* state = other->attachment_as<VillagerState>();
                       Brain* other_brain = other->brain();
                       if (state == nullptr || other_brain == nullptr) continue;
                       // Vanilla's nearbyWantsJobsite.
                       if (memory_of(*other_brain, potential_job_site) != nullptr) continue;
                       if (!holds(professions, *state, *type)) continue;
                       const GlobalPos* held = memory_of(*other_brain, job_site);
                       if (held == nullptr) {
                           const auto path = other->navigation().create_path(pos, poi_types[*type].valid_range);
                           if (!path || !path->can_reach) continue;
                       } else if (!(held->pos == pos)) {
                           continue;
                       }
                       walk.erase();
                       look.erase();
                       potential.erase();
                       if (held == nullptr) {
                           walk_and_look.set(*other_brain, pos, speed, 1);
                           other_brain->set_memory(potential_job_site, GlobalPos{level.dimension(), pos});
                       }
                       break;
                   }
                   return true;
               }),
        "YieldJobSite");
}

// ---- GoToPotentialJobSite ----

GoToPotentialJobSite::GoToPotentialJobSite(const StandardMemories& m, const brain::VanillaActivities& activities,
                                           float speed)
    : Behavior({{m.potential_job_site, MemoryStatus::VALUE_PRESENT}}, ticks_until_timeout, ticks_until_timeout),
      potential_(m.potential_job_site),
      walk_target_(m.walk_target),
      look_target_(m.look_target),
      idle_(activities.idle),
      work_(activities.work),
      play_(activities.play),
      speed_(speed) {}

bool GoToPotentialJobSite::check_extra_start_conditions(Level&, Mob& mob) {
    const auto activity = mob.brain()->active_non_core_activity();
    return !activity || *activity == idle_ || *activity == work_ || *activity == play_;
}

bool GoToPotentialJobSite::can_still_use(Level&, Mob& mob, std::int64_t) {
    return mob.brain()->has_memory_value(potential_);
}

void GoToPotentialJobSite::tick(Level&, Mob& mob, std::int64_t) {
    Brain& b = *mob.brain();
    const BlockPos pos = b.get_memory(potential_)->pos;
    b.set_memory(look_target_, PositionTracker::block(pos));
    b.set_memory(walk_target_, WalkTarget(pos, speed_, 1));
}

void GoToPotentialJobSite::stop(Level& level, Mob& mob, std::int64_t) {
    Brain& b = *mob.brain();
    if (const GlobalPos* potential = b.get_memory(potential_)) {
        // Vanilla releases it in the POI's own dimension; only this one is reachable from here.
        if (potential->dimension == level.dimension() && level.poi_manager().type_at(potential->pos))
            level.poi_manager().release(potential->pos);
    }
    b.erase_memory(potential_);
}

// ---- AssignProfessionFromJobSite ----

std::unique_ptr<OneShot> assign_profession_from_job_site(const StandardMemories& m,
                                                         const VillagerProfessions& professions) {
    return named(create(present(m.potential_job_site), registered(m.job_site),
                        [&professions](Level& level, Mob& mob, std::int64_t, auto& potential, auto& job) {
                            VillagerState* state = mob.attachment_as<VillagerState>();
                            if (state == nullptr) return false;
                            if (!closer_to_center_than(potential.get().pos, mob.position(), 2.0)) return false;
                            const GlobalPos site = potential.get();  // copied only once it is claimed
                            potential.erase();
                            job.set(site);
                            if (!(state->data.profession == vanilla_professions().none)) return true;
                            if (!(site.dimension == level.dimension())) return true;
                            const auto type = level.poi_manager().type_at(site.pos);
                            if (!type) return true;
                            if (const VillagerProfession* p = professions.for_job_site(*type)) {
                                state->data.profession = p->id;
                                mob.request_brain_refresh();
                            }
                            return true;
                        }),
                 "AssignProfessionFromJobSite");
}

// ---- PoiCompetitorScan ----

std::unique_ptr<OneShot> poi_competitor_scan(const StandardMemories& m, const VillagerProfessions& professions,
                                             const brain::GlobalPosHolders* job_site_holders) {
    const auto job_site = m.job_site;
    return named(
        create(present(m.job_site), present(m.mobs),
               [&professions, job_site, job_site_holders](Level& level, Mob& mob, std::int64_t, auto& job, auto& mobs) {
                   if (mob.attachment_as<VillagerState>() == nullptr) return false;
                   const GlobalPos& site = job.get();
                   // No other brain remembers a job site at this block: nobody in MOBS competes,
                   // whatever the POI. (This brain counts itself when it tells the same watcher.)
                   if (job_site_holders != nullptr) {
                       const bool self_counted = mob.brain()->watcher_of(job_site) == job_site_holders;
                       if (job_site_holders->holding(site.pos) <= (self_counted ? 1u : 0u)) return true;
                   }
                   const auto type = level.poi_manager().type_at(site.pos);
                   if (!type) return true;
                   // Vanilla's reduce(self, selectWinner): the current winner keeps the site only
                   // with strictly more xp; every loser forgets it.
                   Mob* winner = &mob;
                   for (const EntityRef& ref : mobs.get()) {
                       Mob* other = level.resolve_mob(ref);
                       if (other == nullptr || other == &mob) continue;
                       // The job site first: it rules out nearly every mob, and costs least.
                       Brain* other_brain = other->brain();
                       if (other_brain == nullptr) continue;
                       const GlobalPos* held = memory_of(*other_brain, job_site);
                       if (held == nullptr || !same_global_pos(*held, site) || !other->is_alive()) continue;
                       const VillagerState* state = other->attachment_as<VillagerState>();
                       if (state == nullptr || !holds(professions, *state, *type)) continue;
                       const std::int32_t winner_xp = winner->attachment_as<VillagerState>()->xp;
                       Mob* loser = other;
                       if (!(winner_xp > state->xp)) {
                           loser = winner;
                           winner = other;
                       }
                       loser->brain()->erase_memory(job_site);
                   }
                   return true;
               }),
        "PoiCompetitorScan");
}

// ---- ResetProfession ----

std::unique_ptr<OneShot> reset_profession(const StandardMemories& m) {
    return named(create(absent(m.job_site),
                        [](Level&, Mob& mob, std::int64_t, auto&) {
                            VillagerState* state = mob.attachment_as<VillagerState>();
                            if (state == nullptr) return false;
                            const ResourceLocation& p = state->data.profession;
                            if (p == vanilla_professions().none || p == vanilla_professions().nitwit ||
                                state->xp != 0 || state->data.level > 1)
                                return false;
                            state->data.profession = vanilla_professions().none;
                            mob.request_brain_refresh();
                            return true;
                        }),
                 "ResetProfession");
}

// ---- StrollAroundPoi, StrollToPoi, StrollToPoiList ----

std::unique_ptr<OneShot> stroll_around_poi(const StandardMemories& m, brain::MemoryModuleType<GlobalPos> memory,
                                           float speed, std::int32_t max_distance) {
    return named(create(registered(m.walk_target), present(memory),
                        [speed, max_distance, next_ok = std::int64_t{0}](Level& level, Mob& mob, std::int64_t time,
                                                                         auto& walk, auto& poi) mutable {
                            const GlobalPos& site = poi.get();
                            if (!(site.dimension == level.dimension()) ||
                                !closer_to_center_than(site.pos, mob.position(), max_distance))
                                return false;
                            if (time <= next_ok) return true;
                            if (const auto p = random_pos::land_pos(level, mob, 8, 6))
                                walk.set(WalkTarget(*p, speed, 1));
                            else walk.erase();
                            next_ok = time + 180;
                            return true;
                        }),
                 "StrollAroundPoi");
}

std::unique_ptr<OneShot> stroll_to_poi(const StandardMemories& m, brain::MemoryModuleType<GlobalPos> memory,
                                       float speed, std::int32_t close_enough, std::int32_t max_distance) {
    return named(create(registered(m.walk_target), present(memory),
                        [speed, close_enough, max_distance, next_ok = std::int64_t{0}](
                            Level& level, Mob& mob, std::int64_t time, auto& walk, auto& poi) mutable {
                            const GlobalPos& site = poi.get();
                            if (!(site.dimension == level.dimension()) ||
                                !closer_to_center_than(site.pos, mob.position(), max_distance))
                                return false;
                            if (time <= next_ok) return true;
                            walk.set(WalkTarget(site.pos, speed, close_enough));
                            next_ok = time + 80;
                            return true;
                        }),
                 "StrollToPoi");
}

std::unique_ptr<OneShot> stroll_to_poi_list(const StandardMemories& m,
                                            brain::MemoryModuleType<brain::GlobalPosList> list, float speed,
                                            std::int32_t close_enough, std::int32_t max_distance,
                                            brain::MemoryModuleType<GlobalPos> must_be_close_to) {
    return named(
        create(registered(m.walk_target), present(list), present(must_be_close_to),
               [speed, close_enough, max_distance, next_ok = std::int64_t{0}](
                   Level& level, Mob& mob, std::int64_t time, auto& walk, auto& targets, auto& anchor) mutable {
                   const brain::GlobalPosList& positions = targets.get();
                   if (positions.empty()) return false;
                   const GlobalPos target = positions[static_cast<std::size_t>(
                       level.random().next_int(static_cast<std::int32_t>(positions.size())))];
                   if (!(target.dimension == level.dimension()) ||
                       !closer_to_center_than(anchor.get().pos, mob.position(), max_distance))
                       return false;
                   if (time > next_ok) {
                       walk.set(WalkTarget(target.pos, speed, close_enough));
                       next_ok = time + 100;
                   }
                   return true;
               }),
        "StrollToPoiList");
}

}  // namespace mobsdk::stdlib
