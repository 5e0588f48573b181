// Vanilla's FloatGoal, RandomStrollGoal, WaterAvoidingRandomStrollGoal, LookAtPlayerGoal,
// RandomLookAroundGoal and AvoidEntityGoal over the world API.
#include "mobsdk/goal/goals.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace mobsdk::goal {

namespace {

std::int32_t ceil_to_int(double v) noexcept { return static_cast<std::int32_t>(std::ceil(v)); }

void require_types(const TypeList& types, const char* goal) {
    if (types.empty()) throw GoalError(std::string(goal) + " needs at least one entity type to look for");
}

// Every living entity of `types` whose box meets `box`, into `out` (cleared first; its capacity
// is kept between evaluations).
void collect(Level& level, const TypeList& types, const AABB& box, std::vector<EntityRef>& out) {
    out.clear();
    for (const Handle<EntityTypeInfo> type : types) level.entities_of_type(type, box, out);
}

}  // namespace

// ---- helpers ----

double fluid_height(const Level& level, const Entity& entity, Fluid fluid) {
    // Vanilla's updateFluidHeightAndDoFluidPushing: the box shrunk by 0.001, every block it
    // touches, the highest fluid surface above the box's floor.
    const AABB box = entity.bounding_box().inflate(-0.001);
    double height = 0.0;
    for (std::int32_t x = floor_to_int(box.min.x); x < ceil_to_int(box.max.x); ++x)
        for (std::int32_t y = floor_to_int(box.min.y); y < ceil_to_int(box.max.y); ++y)
            for (std::int32_t z = floor_to_int(box.min.z); z < ceil_to_int(box.max.z); ++z) {
                const BlockPos pos{x, y, z};
                if (level.block_info(pos).fluid != fluid) continue;
                // FluidState.getHeight: a full block under the same fluid, else a source's 8/9.
                const float own = level.block_info(pos.above()).fluid == fluid ? 1.0f : 8.0f / 9.0f;
                const double surface = static_cast<double>(static_cast<float>(y) + own);
                if (surface >= box.min.y) height = std::max(height, surface - box.min.y);
            }
    return height;
}

double fluid_jump_threshold(const Entity& entity) noexcept { return entity.eye_height() < 0.4 ? 0.0 : 0.4; }

Entity* nearest_entity(Level& level, std::span<const EntityRef> candidates, const TargetingConditions& conditions,
                       Mob& observer, const Vec3& from) {
    Entity* best = nullptr;
    double best_distance = -1.0;
    for (const EntityRef& ref : candidates) {
        Entity* e = level.resolve(ref);
        if (e == nullptr || !conditions.test(level, &observer, *e)) continue;
        const double d = e->position().dist_sqr(from);
        if (best_distance == -1.0 || d < best_distance) {
            best_distance = d;
            best = e;
        }
    }
    return best;
}

// ---- FloatGoal ----

FloatGoal::FloatGoal() { set_flags({Flag::Jump}); }

bool FloatGoal::can_use(Level& level, Mob& mob) {
    return (mob.in_water() && fluid_height(level, mob, Fluid::Water) > fluid_jump_threshold(mob)) ||
           fluid_height(level, mob, Fluid::Lava) > 0.0;
}

void FloatGoal::tick(Level& level, Mob& mob) {
    if (level.random().next_float() < jump_chance) mob.jump_control().jump();
}

// ---- RandomStrollGoal ----

RandomStrollGoal::RandomStrollGoal(double speed_modifier, std::int32_t interval) : speed_modifier_(speed_modifier) {
    set_interval(interval);
    set_flags({Flag::Move});
}

void RandomStrollGoal::set_interval(std::int32_t interval) {
    // Vanilla would fail later, in nextInt(0).
    if (interval < 1)
        throw GoalError("RandomStrollGoal: the interval must be at least 1 tick (got " + std::to_string(interval) +
                        ")");
    interval_ = interval;
}

bool RandomStrollGoal::can_use(Level& level, Mob& mob) {
    if (!force_trigger_ && level.random().next_int(reduced_tick_delay(interval_)) != 0) return false;
    const std::optional<BlockPos> pos = position(level, mob);
    if (!pos) return false;
    wanted_ = *pos;
    force_trigger_ = false;
    return true;
}

std::optional<BlockPos> RandomStrollGoal::position(Level& level, Mob& mob) {
    return random_pos::default_pos(level, mob, 10, 7);
}

bool RandomStrollGoal::can_continue_to_use(Level&, Mob& mob) { return !mob.navigation().is_done(); }

void RandomStrollGoal::start(Level&, Mob& mob) { mob.navigation().move_to(wanted_, speed_modifier_); }

void RandomStrollGoal::stop(Level&, Mob& mob) { mob.navigation().stop(); }

std::optional<BlockPos> WaterAvoidingRandomStrollGoal::position(Level& level, Mob& mob) {
    if (mob.in_water()) {
        const std::optional<BlockPos> pos = random_pos::land_pos(level, mob, 15, 7);
        return pos ? pos : RandomStrollGoal::position(level, mob);
    }
    return level.random().next_float() >= probability_ ? random_pos::land_pos(level, mob, 10, 7)
                                                       : RandomStrollGoal::position(level, mob);
}

// ---- LookAtPlayerGoal ----

LookAtPlayerGoal::LookAtPlayerGoal(TypeList types, float look_distance, float probability, bool only_horizontal)
    : types_(std::move(types)),
      look_distance_(look_distance),
      probability_(probability),
      only_horizontal_(only_horizontal) {
    require_types(types_, "LookAtPlayerGoal");
    set_flags({Flag::Look});
}

LookAtPlayerGoal::LookAtPlayerGoal(PlayerTargets, float look_distance, float probability, bool only_horizontal)
    : players_(true), look_distance_(look_distance), probability_(probability), only_horizontal_(only_horizontal) {
    set_flags({Flag::Look});
}

bool LookAtPlayerGoal::can_use(Level& level, Mob& mob) {
    if (level.random().next_float() >= probability_) return false;
    // Vanilla first takes the attack target and then overwrites it with the search, so the
    // target only matters when it is also the nearest: the search alone decides.
    const auto conditions = TargetingConditions::for_non_combat().range(look_distance_);
    if (players_) {
        // Vanilla's getNearestPlayer: every player of the level, in its order; the range bounds it.
        // Its notRiding selector has nothing to refuse: nothing rides here.
        scratch_.clear();
        for (const Player* player : level.players()) scratch_.push_back(player->ref());
    } else {
        collect(level, types_, mob.bounding_box().inflate(look_distance_, 3.0, look_distance_), scratch_);
    }
    const Vec3 p = mob.position();
    const Entity* e = nearest_entity(level, scratch_, conditions, mob, {p.x, p.y + mob.eye_height(), p.z});
    look_at_ = e ? std::optional<EntityRef>(e->ref()) : std::nullopt;
    return look_at_.has_value();
}

bool LookAtPlayerGoal::can_continue_to_use(Level& level, Mob& mob) {
    const Entity* e = look_at_ ? level.resolve(*look_at_) : nullptr;
    if (e == nullptr || !e->is_alive()) return false;
    if (mob.distance_to_sqr(*e) > static_cast<double>(look_distance_ * look_distance_)) return false;
    return look_time_ > 0;
}

void LookAtPlayerGoal::start(Level& level, Mob&) { look_time_ = adjusted_tick_delay(40 + level.random().next_int(40)); }

void LookAtPlayerGoal::stop(Level&, Mob&) { look_at_.reset(); }

void LookAtPlayerGoal::tick(Level& level, Mob& mob) {
    const Entity* e = look_at_ ? level.resolve(*look_at_) : nullptr;
    if (e == nullptr || !e->is_alive()) return;
    const Vec3 p = e->position();
    const double y = only_horizontal_ ? mob.position().y + mob.eye_height() : p.y + e->eye_height();
    mob.look_control().set_look_at(Vec3{p.x, y, p.z});
    --look_time_;
}

// ---- RandomLookAroundGoal ----

RandomLookAroundGoal::RandomLookAroundGoal() { set_flags({Flag::Move, Flag::Look}); }

bool RandomLookAroundGoal::can_use(Level& level, Mob&) { return level.random().next_float() < chance; }

bool RandomLookAroundGoal::can_continue_to_use(Level&, Mob&) { return look_time_ >= 0; }

void RandomLookAroundGoal::start(Level& level, Mob&) {
    const double angle = 6.283185307179586 * level.random().next_double();
    rel_x_ = std::cos(angle);
    rel_z_ = std::sin(angle);
    look_time_ = 20 + level.random().next_int(20);
}

void RandomLookAroundGoal::tick(Level&, Mob& mob) {
    --look_time_;
    const Vec3 p = mob.position();
    mob.look_control().set_look_at(Vec3{p.x + rel_x_, p.y + mob.eye_height(), p.z + rel_z_});
}

// ---- AvoidEntityGoal ----

AvoidEntityGoal::AvoidEntityGoal(TypeList types, float max_dist, double walk_speed, double sprint_speed,
                                 TargetingConditions::Selector selector)
    : types_(std::move(types)),
      max_dist_(max_dist),
      walk_speed_(walk_speed),
      sprint_speed_(sprint_speed),
      selector_(selector) {
    require_types(types_, "AvoidEntityGoal");
    set_flags({Flag::Move});
}

bool AvoidEntityGoal::can_use(Level& level, Mob& mob) {
    auto conditions = TargetingConditions::for_combat().range(max_dist_);
    if (selector_) conditions.selector(selector_);
    collect(level, types_, mob.bounding_box().inflate(max_dist_, 3.0, max_dist_), scratch_);
    const Entity* avoid = nearest_entity(level, scratch_, conditions, mob, mob.position());
    to_avoid_.reset();
    if (avoid == nullptr) return false;
    to_avoid_ = avoid->ref();
    const std::optional<BlockPos> pos = random_pos::default_pos_away(level, mob, 16, 7, avoid->position());
    if (!pos) return false;
    // A flee position that is closer to the threat than the mob already is does not help.
    if (random_pos::bottom_center(*pos).dist_sqr(avoid->position()) < avoid->distance_to_sqr(mob)) return false;
    flee_pos_ = *pos;
    path_ = mob.navigation().create_path(*pos, 0);
    return path_.has_value();
}

bool AvoidEntityGoal::can_continue_to_use(Level&, Mob& mob) { return !mob.navigation().is_done(); }

void AvoidEntityGoal::start(Level&, Mob& mob) { mob.navigation().move_to(std::move(path_), walk_speed_); }

void AvoidEntityGoal::stop(Level&, Mob&) {
    to_avoid_.reset();
    path_.reset();
}

void AvoidEntityGoal::tick(Level& level, Mob& mob) {
    // Vanilla measures to the entity even once it is dead (its last position); a threat that is
    // gone here no longer resolves, and the mob simply walks on.
    const Entity* avoid = to_avoid_ ? level.resolve(*to_avoid_) : nullptr;
    const bool close = avoid != nullptr && mob.distance_to_sqr(*avoid) < sprint_distance * sprint_distance;
    mob.navigation().set_speed_modifier(close ? sprint_speed_ : walk_speed_);
}

}  // namespace mobsdk::goal
