// VillageBoundRandomStroll, GoToClosestVillage, SetClosestHomeAsWalkTarget, InsideBrownianWalk,
// JumpOnBed and SocializeAtBell.
#include "mobsdk/stdlib/village.hpp"

#include <algorithm>
#include <limits>

#include "internal.hpp"
#include "mobsdk/brain/brain.hpp"

namespace mobsdk::stdlib {

using internal::half_pi_float;
using internal::named;

using brain::Brain;
using brain::MemoryStatus;
using brain::OneShot;
using brain::PositionTracker;
using brain::StandardMemories;
using brain::WalkTarget;
using namespace brain::behavior_builder;

namespace {

std::int32_t sections_to_village(const PoiManager& poi, SectionPos s) { return poi.sections_to_village(s.center()); }

}  // namespace

// ---- shared searches ----

SectionPos find_section_closest_to_village(const PoiManager& poi, SectionPos center, std::int32_t radius) {
    const std::int32_t here = sections_to_village(poi, center);
    SectionPos best = center;
    std::int32_t best_distance = here;
    // SectionPos.cube's order, x fastest; a later section replaces the best only when strictly
    // closer (Stream.min keeps the first of equals).
    for (std::int32_t dz = -radius; dz <= radius; ++dz)
        for (std::int32_t dy = -radius; dy <= radius; ++dy)
            for (std::int32_t dx = -radius; dx <= radius; ++dx) {
                const SectionPos s{center.x + dx, center.y + dy, center.z + dz};
                const std::int32_t d = sections_to_village(poi, s);
                if (d < best_distance) {
                    best_distance = d;
                    best = s;
                }
            }
    return best;
}

namespace detail {

std::optional<BlockPos> land_candidate(Level& level, Mob& mob, std::int32_t horizontal, bool restricted,
                                       BlockPos offset) {
    // LandRandomPos.generateRandomPosTowardDirection then movePosUpOutOfSolid: stability where the
    // candidate lands, water and malus after climbing out of solid blocks.
    BlockPos pos = random_pos::pos_toward_direction(level.random(), mob, horizontal, offset);
    if (pos.y < level.min_build_height() || pos.y > level.max_build_height()) return std::nullopt;
    if (restricted && !mob.is_within_restriction(pos)) return std::nullopt;
    if (!mob.navigation().is_stable_destination(pos)) return std::nullopt;
    pos = random_pos::move_up_out_of_solid(level, pos);
    if (level.block_info(pos).fluid == Fluid::Water) return std::nullopt;
    if (mob.pathfinding_malus(level.path_type(pos)) != 0.0f) return std::nullopt;
    return pos;
}

}  // namespace detail

// ---- VillageBoundRandomStroll ----

std::unique_ptr<OneShot> village_bound_random_stroll(const StandardMemories& m, float speed, std::int32_t horizontal,
                                                     std::int32_t vertical) {
    return named(create(absent(m.walk_target),
                        [=](Level& level, Mob& mob, std::int64_t, auto& walk) {
                            const BlockPos here = mob.block_position();
                            const PoiManager& poi = level.poi_manager();
                            std::optional<BlockPos> target;
                            if (poi.is_village(here)) {
                                target = random_pos::land_pos(level, mob, horizontal, vertical);
                            } else {
                                const SectionPos section = SectionPos::of(here);
                                const SectionPos closer = find_section_closest_to_village(poi, section, 2);
                                if (!(closer == section)) {
                                    target = random_pos::default_pos_towards(level, mob, horizontal, vertical,
                                                                             random_pos::bottom_center(closer.center()),
                                                                             half_pi_float);
                                } else {
                                    target = random_pos::land_pos(level, mob, horizontal, vertical);
                                }
                            }
                            // Vanilla's setOrErase: no position erases the walk target.
                            if (target) walk.set(WalkTarget(*target, speed, 0));
                            else walk.erase();
                            return true;
                        }),
                 "VillageBoundRandomStroll");
}

// ---- GoToClosestVillage ----

std::unique_ptr<OneShot> go_to_closest_village(const StandardMemories& m, float speed, std::int32_t close_enough) {
    return named(create(absent(m.walk_target),
                        [=](Level& level, Mob& mob, std::int64_t, auto& walk) {
                            const PoiManager& poi = level.poi_manager();
                            if (poi.is_village(mob.block_position())) return false;
                            const std::int32_t here = poi.sections_to_village(mob.block_position());
                            std::optional<BlockPos> chosen;
                            for (int i = 0; i < 5; ++i) {
                                const std::optional<BlockPos> p = land_pos_scored(
                                    level, mob, 15, 7, [&](BlockPos c) { return -poi.sections_to_village(c); });
                                if (!p) continue;
                                const std::int32_t d = poi.sections_to_village(*p);
                                if (d < here) {
                                    chosen = p;
                                    break;
                                }
                                if (d == here) chosen = p;
                            }
                            if (chosen) walk.set(WalkTarget(*chosen, speed, close_enough));
                            return true;
                        }),
                 "GoToClosestVillage");
}

// ---- SetClosestHomeAsWalkTarget ----

SetClosestHomeAsWalkTarget::SetClosestHomeAsWalkTarget(const StandardMemories& m, Handle<PoiTypeInfo> home, float speed)
    : walk_target_(m.walk_target),
      home_memory_(m.home),
      requirements_{brain::MemoryRequirement{m.walk_target, MemoryStatus::VALUE_ABSENT},
                    brain::MemoryRequirement{m.home, MemoryStatus::VALUE_ABSENT}},
      home_(home),
      speed_(speed) {
    set_debug_name("SetClosestHomeAsWalkTarget");
}

bool SetClosestHomeAsWalkTarget::trigger(Level& level, Mob& mob, std::int64_t) {
    Brain* b = mob.brain();
    if (b == nullptr) return false;
    if (!b->start_requirements_checked(*this) && !(b->check_memory(walk_target_, MemoryStatus::VALUE_ABSENT) &&
                                                   b->check_memory(home_memory_, MemoryStatus::VALUE_ABSENT)))
        return false;
    const std::int64_t now = level.game_time();
    if (now - last_update_ < 20) return false;
    PoiManager& poi = level.poi_manager();
    const BlockPos here = mob.block_position();
    const Handle<PoiTypeInfo> types[] = {home_};
    found_.clear();
    poi.find_closest(types, here, 48, PoiOccupancy::Any, 1, found_);
    if (found_.empty() || found_.front().pos.dist_sqr(here) <= 4.0) return false;

    last_update_ = now + level.random().next_int(20);
    // Vanilla streams the beds in its section order; the SDK's query gives them closest first.
    found_.clear();
    poi.find_closest(types, here, 48, PoiOccupancy::Any, std::numeric_limits<std::size_t>::max(), found_);
    std::int32_t tried = 0;
    targets_.clear();
    for (const PoiRecord& r : found_) {
        const bool cached = std::any_of(cache_.begin(), cache_.end(), [&](const auto& c) { return c.first == r.pos; });
        if (cached) continue;
        if (++tried >= 5) continue;
        cache_.emplace_back(r.pos, last_update_ + 40);
        targets_.push_back(r.pos);
    }
    // AcquirePoi.findPathToPois: one search to the whole set, reach = the types' valid range (1).
    std::optional<Path> path;
    if (!targets_.empty()) path = mob.navigation().create_path(std::span<const BlockPos>(targets_), 1);
    if (path && path->can_reach) {
        if (poi.type_at(path->target)) b->set_memory(walk_target_, WalkTarget(path->target, speed_, 1));
    } else if (tried < 5) {
        std::erase_if(cache_, [&](const auto& c) { return c.second < last_update_; });
    }
    return true;
}

// ---- InsideBrownianWalk ----

std::unique_ptr<OneShot> inside_brownian_walk(const StandardMemories& m, float speed) {
    return named(create(absent(m.walk_target),
                        [=](Level& level, Mob& mob, std::int64_t, auto& walk) {
                            const BlockPos here = mob.block_position();
                            if (level.can_see_sky(here)) return false;
                            // BlockPos.betweenClosed over the 3×3×3 cube (x fastest, then y, then
                            // z), then Collections.shuffle's swaps, drawn from the level's random.
                            std::array<BlockPos, 27> cube;
                            std::size_t n = 0;
                            for (std::int32_t dz = -1; dz <= 1; ++dz)
                                for (std::int32_t dy = -1; dy <= 1; ++dy)
                                    for (std::int32_t dx = -1; dx <= 1; ++dx) cube[n++] = here.offset(dx, dy, dz);
                            for (std::int32_t i = static_cast<std::int32_t>(cube.size()); i > 1; --i)
                                std::swap(cube[static_cast<std::size_t>(i - 1)],
                                          cube[static_cast<std::size_t>(level.random().next_int(i))]);
                            for (const BlockPos& p : cube) {
                                if (level.can_see_sky(p)) continue;
                                if (!entity_can_stand_on(level.block_info(p))) continue;
                                // Vanilla asks noCollision(mob): the mob where it stands, not at p.
                                if (!level.no_collision(mob.bounding_box())) continue;
                                walk.set(WalkTarget(p, speed, 0));
                                break;
                            }
                            return true;
                        }),
                 "InsideBrownianWalk");
}

// ---- JumpOnBed ----

JumpOnBed::JumpOnBed(const StandardMemories& m, float speed)
    : Behavior({{m.nearest_bed, MemoryStatus::VALUE_PRESENT}, {m.walk_target, MemoryStatus::VALUE_ABSENT}}),
      nearest_bed_(m.nearest_bed),
      walk_target_(m.walk_target),
      speed_(speed) {}

bool JumpOnBed::is_bed(const Level& level, BlockPos pos) const {
    const BlockRegistry& blocks = level.blocks();
    return blocks.has_tag(level.block_state(pos), blocks.vanilla_tags().beds);
}

bool JumpOnBed::on_or_over_bed(const Level& level, const Mob& mob) const {
    const BlockPos p = mob.block_position();
    return is_bed(level, p) || is_bed(level, p.below());
}

bool JumpOnBed::check_extra_start_conditions(Level& level, Mob& mob) {
    return mob.is_baby() && (on_or_over_bed(level, mob) || mob.brain()->has_memory_value(nearest_bed_));
}

void JumpOnBed::start(Level& level, Mob& mob, std::int64_t) {
    const BlockPos* bed = mob.brain()->get_memory(nearest_bed_);
    if (bed == nullptr) return;
    target_bed_ = *bed;
    remaining_time_to_reach_bed_ = 100;
    remaining_jumps_ = 3 + level.random().next_int(4);
    remaining_cooldown_until_next_jump_ = 0;
    mob.brain()->set_memory(walk_target_, WalkTarget(*target_bed_, speed_, 0));
}

bool JumpOnBed::can_still_use(Level& level, Mob& mob, std::int64_t) {
    if (!mob.is_baby() || !target_bed_ || !is_bed(level, *target_bed_)) return false;
    const bool over = on_or_over_bed(level, mob);
    const bool tired_of_walking = !over && remaining_time_to_reach_bed_ <= 0;
    const bool tired_of_jumping = over && remaining_jumps_ <= 0;
    return !tired_of_walking && !tired_of_jumping;
}

void JumpOnBed::tick(Level& level, Mob& mob, std::int64_t) {
    if (!on_or_over_bed(level, mob)) {
        --remaining_time_to_reach_bed_;
    } else if (remaining_cooldown_until_next_jump_ > 0) {
        --remaining_cooldown_until_next_jump_;
    } else if (is_bed(level, mob.block_position())) {
        mob.jump_control().jump();
        --remaining_jumps_;
        remaining_cooldown_until_next_jump_ = 5;
    }
}

void JumpOnBed::stop(Level&, Mob&, std::int64_t) {
    target_bed_.reset();
    remaining_time_to_reach_bed_ = 0;
    remaining_jumps_ = 0;
    remaining_cooldown_until_next_jump_ = 0;
}

// ---- SocializeAtBell ----

std::unique_ptr<OneShot> socialize_at_bell(const StandardMemories& m, Handle<EntityTypeInfo> villager) {
    return named(create(registered(m.walk_target), registered(m.look_target), present(m.meeting_point),
                        present(m.visible_mobs), absent(m.interaction_target),
                        [villager](Level& level, Mob& mob, std::int64_t, auto& walk, auto& look, auto& meeting,
                                   auto& visible, auto& interaction) {
                            // The 1-in-100 draw comes first, so it is made on every trigger.
                            if (level.random().next_int(100) != 0) return false;
                            const GlobalPos& point = meeting.get();
                            if (point.dimension != level.dimension()) return false;
                            if (!closer_to_center_than(point.pos, mob.position(), 4.0)) return false;
                            const auto is_villager = [villager](const Entity& e) { return e.type() == villager; };
                            const brain::NearestVisibleLivingEntities& seen = visible.get();
                            if (seen.find_closest(level, is_villager) == nullptr) return false;
                            Entity* other = seen.find_closest(level, [&](const Entity& e) {
                                return is_villager(e) && e.distance_to_sqr(mob) <= 32.0;
                            });
                            if (other != nullptr) {
                                interaction.set(other->ref());
                                look.set(PositionTracker::entity(*other, true));
                                walk.set(WalkTarget(PositionTracker::entity(*other, false), 0.3f, 1));
                            }
                            return true;
                        }),
                 "SocializeAtBell");
}

}  // namespace mobsdk::stdlib
