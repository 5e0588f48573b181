// The movement and looking behaviours: MoveToTargetSink and LookAtTargetSink, Swim, AnimalPanic,
// and the triggers that set WALK_TARGET (strolls, look target, items, home blocks, fleeing).
#include "mobsdk/stdlib/movement.hpp"

#include <cmath>
#include <limits>

#include "internal.hpp"
#include "mobsdk/brain/brain.hpp"
#include "mobsdk/world/ai_util.hpp"

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

// ---- MoveToTargetSink ----

MoveToTargetSink::MoveToTargetSink(const StandardMemories& m, std::int32_t min_duration, std::int32_t max_duration)
    : Behavior({{m.cant_reach_walk_target_since, MemoryStatus::REGISTERED},
                {m.path, MemoryStatus::VALUE_ABSENT},
                {m.walk_target, MemoryStatus::VALUE_PRESENT}},
               min_duration, max_duration),
      walk_target_(m.walk_target),
      path_memory_(m.path),
      cant_reach_(m.cant_reach_walk_target_since) {}

bool MoveToTargetSink::reached_target(Level& level, const Mob& mob, const WalkTarget& target) const {
    return target.target.current_block_position(level).dist_manhattan(mob.block_position()) <= target.close_enough_dist;
}

bool MoveToTargetSink::try_compute_path(Level& level, Mob& mob, const WalkTarget& target, std::int64_t time) {
    const BlockPos pos = target.target.current_block_position(level);
    path_ = mob.navigation().create_path(pos, 0);
    speed_modifier_ = target.speed_modifier;
    Brain& b = *mob.brain();
    if (reached_target(level, mob, target)) {
        b.erase_memory(cant_reach_);
        return false;
    }
    if (path_ && path_->can_reach) b.erase_memory(cant_reach_);
    else if (!b.has_memory_value(cant_reach_)) b.set_memory(cant_reach_, time);
    if (path_) return true;
    // No path at all: head for a random spot in the target's general direction instead.
    const auto towards =
        random_pos::default_pos_towards(level, mob, 10, 7, random_pos::bottom_center(pos), half_pi_float);
    if (towards) {
        path_ = mob.navigation().create_path(*towards, 0);
        return path_.has_value();
    }
    return false;
}

bool MoveToTargetSink::check_extra_start_conditions(Level& level, Mob& mob) {
    if (remaining_cooldown_ > 0) {
        --remaining_cooldown_;
        return false;
    }
    Brain& b = *mob.brain();
    const WalkTarget target = *b.get_memory(walk_target_);  // a copy: try_compute_path may write memories
    const bool reached = reached_target(level, mob, target);
    if (!reached && try_compute_path(level, mob, target, level.game_time())) {
        last_target_pos_ = target.target.current_block_position(level);
        return true;
    }
    b.erase_memory(walk_target_);
    if (reached) b.erase_memory(cant_reach_);
    return false;
}

bool MoveToTargetSink::can_still_use(Level& level, Mob& mob, std::int64_t) {
    if (!path_ || !last_target_pos_) return false;
    const WalkTarget* target = mob.brain()->get_memory(walk_target_);
    return !mob.navigation().is_done() && target != nullptr && !reached_target(level, mob, *target);
}

void MoveToTargetSink::start(Level&, Mob& mob, std::int64_t) {
    mob.brain()->set_memory(path_memory_, *path_);
    mob.navigation().move_to(path_, static_cast<double>(speed_modifier_));
}

void MoveToTargetSink::tick(Level& level, Mob& mob, std::int64_t time) {
    Brain& b = *mob.brain();
    // Keep PATH in step with what the navigation follows (vanilla shares the object; here the
    // value is copied when it changes, into storage that is reused).
    const Path* followed = mob.navigation().path();
    if (followed == nullptr) {
        if (path_) {
            path_.reset();
            b.erase_memory(path_memory_);
        }
    } else if (!path_ || !(*path_ == *followed)) {
        path_ = *followed;
        b.set_memory(path_memory_, *followed);
    }
    if (!path_ || !last_target_pos_) return;
    const WalkTarget target = *b.get_memory(walk_target_);
    const BlockPos now = target.target.current_block_position(level);
    if (now.dist_sqr(*last_target_pos_) > 4.0 && try_compute_path(level, mob, target, time)) {
        last_target_pos_ = now;
        start(level, mob, time);
    }
}

void MoveToTargetSink::stop(Level& level, Mob& mob, std::int64_t) {
    Brain& b = *mob.brain();
    const WalkTarget* target = b.get_memory(walk_target_);
    // Vanilla asks navigation.isStuck(); the SDK's navigation does not expose it, and the reference
    // navigation drops its path exactly when its stuck check fires, so a missing path stands in.
    const bool stuck = mob.navigation().path() == nullptr;
    if (target != nullptr && !reached_target(level, mob, *target) && stuck)
        remaining_cooldown_ = level.random().next_int(40);
    mob.navigation().stop();
    b.erase_memory(walk_target_);
    b.erase_memory(path_memory_);
    path_.reset();
}

// ---- LookAtTargetSink ----

LookAtTargetSink::LookAtTargetSink(const StandardMemories& m, std::int32_t min_duration, std::int32_t max_duration)
    : Behavior({{m.look_target, MemoryStatus::VALUE_PRESENT}}, min_duration, max_duration),
      look_target_(m.look_target),
      visible_(m.visible_mobs) {}

bool LookAtTargetSink::can_still_use(Level& level, Mob& mob, std::int64_t) {
    Brain& b = *mob.brain();
    const PositionTracker* target = b.get_memory(look_target_);
    if (target == nullptr) return false;
    const brain::NearestVisibleLivingEntities* visible = b.is_registered(visible_) ? b.get_memory(visible_) : nullptr;
    return target->is_visible_by(level, mob, visible);
}

void LookAtTargetSink::tick(Level& level, Mob& mob, std::int64_t) {
    if (const PositionTracker* target = mob.brain()->get_memory(look_target_))
        mob.look_control().set_look_at(target->current_position(level));
}

void LookAtTargetSink::stop(Level&, Mob& mob, std::int64_t) { mob.brain()->erase_memory(look_target_); }

// ---- Swim ----

bool Swim::check_extra_start_conditions(Level&, Mob& mob) {
    // Vanilla also compares the water height with the mob's jump threshold and swims in lava; the
    // SDK's Entity only says whether it touches water.
    return mob.in_water();
}

void Swim::tick(Level& level, Mob& mob, std::int64_t) {
    if (level.random().next_float() < chance_) mob.jump_control().jump();
}

// ---- AnimalPanic ----

AnimalPanic::AnimalPanic(const StandardMemories& m, float speed)
    : Behavior({{m.is_panicking, MemoryStatus::REGISTERED}, {m.hurt_by, MemoryStatus::VALUE_PRESENT}}, 100, 120),
      is_panicking_(m.is_panicking),
      walk_target_(m.walk_target),
      speed_(speed) {}

void AnimalPanic::start(Level&, Mob& mob, std::int64_t) {
    mob.brain()->set_memory(is_panicking_, true);
    mob.brain()->erase_memory(walk_target_);
}

void AnimalPanic::tick(Level& level, Mob& mob, std::int64_t) {
    if (!mob.navigation().is_done()) return;
    // Vanilla first looks for water when the mob is on fire; the SDK has no fire state for mobs.
    if (const auto pos = random_pos::land_pos(level, mob, 5, 4))
        mob.brain()->set_memory(walk_target_, WalkTarget(*pos, speed_, 0));
}

void AnimalPanic::stop(Level&, Mob& mob, std::int64_t) { mob.brain()->erase_memory(is_panicking_); }

// ---- RandomStroll ----

namespace {

template <typename Pos, typename Pred>
std::unique_ptr<OneShot> stroll_fly_or_swim(const StandardMemories& m, float speed, Pos pos, Pred pred) {
    return named(create(absent(m.walk_target),
                        [speed, pos, pred](Level& level, Mob& mob, std::int64_t, auto& walk) {
                            if (!pred(mob)) return false;
                            // Triggered even when no position was found (vanilla's setOrErase).
                            if (const std::optional<BlockPos> p = pos(level, mob)) walk.set(WalkTarget(*p, speed, 0));
                            else walk.erase();
                            return true;
                        }),
                 "RandomStroll");
}

}  // namespace

std::unique_ptr<OneShot> random_stroll(const StandardMemories& m, float speed, bool may_stroll_in_water) {
    return stroll_fly_or_swim(
        m, speed, [](Level& level, Mob& mob) { return random_pos::land_pos(level, mob, 10, 7); },
        [may_stroll_in_water](Mob& mob) { return may_stroll_in_water || !mob.in_water(); });
}

std::unique_ptr<OneShot> random_stroll(const StandardMemories& m, float speed, std::int32_t horizontal,
                                       std::int32_t vertical) {
    return stroll_fly_or_swim(
        m, speed,
        [horizontal, vertical](Level& level, Mob& mob) {
            return random_pos::land_pos(level, mob, horizontal, vertical);
        },
        [](Mob&) { return true; });
}

std::optional<BlockPos> air_and_water_pos(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                          std::int32_t y_offset, double dir_x, double dir_z, double max_radians) {
    const bool restricted = random_pos::mob_restricted(mob, horizontal);
    double best = -std::numeric_limits<double>::infinity();
    std::optional<BlockPos> found;
    for (int i = 0; i < random_pos::attempts; ++i) {
        const auto offset = random_pos::random_direction_within_radians(level.random(), horizontal, vertical, y_offset,
                                                                        dir_x, dir_z, max_radians);
        if (!offset) continue;
        BlockPos p = random_pos::pos_toward_direction(level.random(), mob, horizontal, *offset);
        if (p.y < level.min_build_height() || p.y >= level.max_build_height()) continue;
        if (restricted && !mob.is_within_restriction(p)) continue;
        p = random_pos::move_up_out_of_solid(level, p);
        if (mob.pathfinding_malus(level.path_type(p)) != 0.0f) continue;
        const double value = mob.walk_target_value(p);
        if (value > best) {
            best = value;
            found = p;
        }
    }
    return found;
}

std::unique_ptr<OneShot> random_fly(const StandardMemories& m, float speed) {
    return stroll_fly_or_swim(
        m, speed,
        [](Level& level, Mob& mob) {
            // Vanilla's getViewVector(0) with the head's pitch; the horizontal part is what counts.
            const double pitch = mob.x_rot() * (3.14159265358979323846 / 180.0);
            const double yaw = -mob.y_rot() * (3.14159265358979323846 / 180.0);
            const double dx = std::sin(yaw) * std::cos(pitch);
            const double dz = std::cos(yaw) * std::cos(pitch);
            return air_and_water_pos(level, mob, 10, 7, -2, dx, dz, half_pi_float);
        },
        [](Mob&) { return true; });
}

// ---- SetWalkTargetFromLookTarget ----

std::unique_ptr<OneShot> set_walk_target_from_look_target(const StandardMemories& m, float speed,
                                                          std::int32_t close_enough) {
    return named(create(absent(m.walk_target), present(m.look_target),
                        [speed, close_enough](Level&, Mob&, std::int64_t, auto& walk, auto& look) {
                            walk.set(WalkTarget(look.get(), speed, close_enough));
                            return true;
                        }),
                 "SetWalkTargetFromLookTarget");
}

// ---- GoToWantedItem ----

namespace {

template <typename WalkCondition>
std::unique_ptr<OneShot> go_to_wanted_item_with(const StandardMemories& m, WalkCondition walk_condition, float speed,
                                                std::int32_t max_distance) {
    return named(create(registered(m.look_target), walk_condition, present(m.nearest_visible_wanted_item),
                        registered(m.item_pickup_cooldown_ticks),
                        [speed, max_distance](Level& level, Mob& mob, std::int64_t, auto& look, auto& walk, auto& item,
                                              auto& cooldown) {
                            if (cooldown.try_get() != nullptr) return false;
                            const Entity* e = level.resolve(item.get());
                            if (e == nullptr) return false;
                            const double d = static_cast<double>(max_distance);
                            if (!(e->distance_to_sqr(mob) < d * d)) return false;  // closerThan
                            look.set(PositionTracker::entity(*e, true));
                            walk.set(WalkTarget(PositionTracker::entity(*e, false), speed, 0));
                            return true;
                        }),
                 "GoToWantedItem");
}

}  // namespace

std::unique_ptr<OneShot> go_to_wanted_item(const StandardMemories& m, float speed, bool override_walk_target,
                                           std::int32_t max_distance) {
    if (override_walk_target) return go_to_wanted_item_with(m, registered(m.walk_target), speed, max_distance);
    return go_to_wanted_item_with(m, absent(m.walk_target), speed, max_distance);
}

// ---- SetWalkTargetFromBlockMemory ----

std::unique_ptr<OneShot> set_walk_target_from_block_memory(const StandardMemories& m,
                                                           brain::MemoryModuleType<GlobalPos> memory, float speed,
                                                           std::int32_t close_enough, std::int32_t too_far,
                                                           std::int32_t too_long_unreachable) {
    return named(create(registered(m.cant_reach_walk_target_since), absent(m.walk_target), present(memory),
                        [=](Level& level, Mob& mob, std::int64_t time, auto& cant_reach, auto& walk, auto& remembered) {
                            // A reference, not a copy (the dimension's id is a heap string): the only write
                            // to the memory here is erase(), which leaves the stored value in place.
                            const GlobalPos& target = remembered.get();
                            const std::int64_t* since = cant_reach.try_get();
                            const auto give_up = [&] {
                                // Vanilla's Villager.releasePoi: the ticket goes back when the POI is here.
                                if (target.dimension == level.dimension() && level.poi_manager().type_at(target.pos))
                                    level.poi_manager().release(target.pos);
                                remembered.erase();
                                cant_reach.set(time);
                            };
                            if (target.dimension != level.dimension() ||
                                (since != nullptr && level.game_time() - *since > too_long_unreachable)) {
                                give_up();
                            } else if (target.pos.dist_manhattan(mob.block_position()) > too_far) {
                                std::optional<BlockPos> p;
                                for (int tries = 0; !p || p->dist_manhattan(mob.block_position()) > too_far;) {
                                    p = random_pos::default_pos_towards(
                                        level, mob, 15, 7, random_pos::bottom_center(target.pos), half_pi_float);
                                    if (++tries == 1000) {
                                        give_up();
                                        return true;
                                    }
                                }
                                walk.set(WalkTarget(*p, speed, close_enough));
                            } else if (target.pos.dist_manhattan(mob.block_position()) > close_enough) {
                                walk.set(WalkTarget(target.pos, speed, close_enough));
                            }
                            return true;
                        }),
                 "SetWalkTargetFromBlockMemory");
}

// ---- SetWalkTargetAwayFrom ----

namespace {

template <typename T, typename ToPos>
std::unique_ptr<OneShot> walk_away(const StandardMemories& m, brain::MemoryModuleType<T> memory, float speed,
                                   std::int32_t desired_distance, bool has_target, ToPos to_pos) {
    return named(create(registered(m.walk_target), present(memory),
                        [=](Level& level, Mob& mob, std::int64_t, auto& walk, auto& threat) {
                            const WalkTarget* current = walk.try_get();
                            if (current != nullptr && !has_target) return false;
                            const Vec3 here = mob.position();
                            const std::optional<Vec3> avoid = to_pos(level, threat.get());
                            if (!avoid) return false;
                            const double d = static_cast<double>(desired_distance);
                            if (!(here.dist_sqr(*avoid) < d * d)) return false;
                            if (current != nullptr && current->speed_modifier == speed) {
                                // Already walking away at this speed: keep that target.
                                const Vec3 to_target = current->target.current_position(level) - here;
                                const Vec3 to_threat = *avoid - here;
                                const double dot =
                                    to_target.x * to_threat.x + to_target.y * to_threat.y + to_target.z * to_threat.z;
                                if (dot < 0.0) return false;
                            }
                            for (int i = 0; i < 10; ++i) {
                                if (const auto p = random_pos::land_pos_away(level, mob, 16, 7, *avoid)) {
                                    walk.set(WalkTarget(*p, speed, 0));
                                    break;
                                }
                            }
                            return true;
                        }),
                 "SetWalkTargetAwayFrom");
}

}  // namespace

std::unique_ptr<OneShot> set_walk_target_away_from_pos(const StandardMemories& m,
                                                       brain::MemoryModuleType<BlockPos> memory, float speed,
                                                       std::int32_t desired_distance, bool has_target) {
    return walk_away(m, memory, speed, desired_distance, has_target,
                     [](Level&, const BlockPos& p) -> std::optional<Vec3> { return random_pos::bottom_center(p); });
}

std::unique_ptr<OneShot> set_walk_target_away_from_entity(const StandardMemories& m,
                                                          brain::MemoryModuleType<EntityRef> memory, float speed,
                                                          std::int32_t desired_distance, bool has_target) {
    return walk_away(m, memory, speed, desired_distance, has_target,
                     [](Level& level, const EntityRef& r) -> std::optional<Vec3> {
                         // Vanilla holds the entity itself; a gone one is not fled from here.
                         const Entity* e = level.resolve(r);
                         if (e == nullptr) return std::nullopt;
                         return e->position();
                     });
}

}  // namespace mobsdk::stdlib
