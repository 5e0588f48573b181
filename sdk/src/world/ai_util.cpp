// Vanilla's light-based walk-target values, line of sight, TargetingConditions and the RandomPos
// family (DefaultRandomPos, LandRandomPos, FleeSunGoal's hide position), over the Level API only.
#include "mobsdk/world/ai_util.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "mobsdk/world/player.hpp"

namespace mobsdk {

namespace {

// Vanilla's getMaxLocalRawBrightness answers 15 beyond the world border's hard limit.
constexpr std::int32_t world_xz_limit = 30'000'000;

// Vanilla writes (double)((float)Math.PI / 2F): the float's value, not π/2 in double precision.
constexpr double half_pi_float = static_cast<double>(3.14159265358979323846f / 2.0f);
// Mth.SQRT_OF_TWO is a float too.
constexpr double sqrt_of_two_float = static_cast<double>(1.41421356f);

constexpr double max_sight_distance = 128.0;

std::int32_t light_level_at(const Level& level, BlockPos pos) {
    if (pos.x < -world_xz_limit || pos.z < -world_xz_limit || pos.x >= world_xz_limit || pos.z >= world_xz_limit)
        return 15;
    return level.max_local_raw_brightness(pos);
}

bool is_grass_block(const Level& level, BlockPos pos) {
    // Compared by id, not by handle: a handle is only meaningful in the registry that issued it,
    // and the SDK cannot know which registry a host built. Two short string compares, no lookup.
    const ResourceLocation& id = level.blocks().id_of(level.block_state(pos));
    return id.path() == "grass_block" && id.ns() == "minecraft";
}

// GoalUtils' checks, in the order vanilla's filters apply them.
bool is_outside_limits(const Level& level, BlockPos pos) {
    // Vanilla compares with getMaxBuildHeight (one above the top block) using >, so y == max passes.
    return pos.y < level.min_build_height() || pos.y > level.max_build_height();
}

bool is_restricted(bool restricted, const Mob& mob, BlockPos pos) {
    return restricted && !mob.is_within_restriction(pos);
}

bool has_malus(const Level& level, const Mob& mob, BlockPos pos) {
    return mob.pathfinding_malus(level.path_type(pos)) != 0.0f;
}

bool is_water(const Level& level, BlockPos pos) { return level.block_info(pos).fluid == Fluid::Water; }

// RandomPos.generateRandomPos: the best of ten candidates by walk-target value; a later candidate
// replaces the best only when strictly better, so ties keep the first.
template <class Candidate>
std::optional<BlockPos> best_candidate(const Mob& mob, Candidate&& candidate) {
    double best = -std::numeric_limits<double>::infinity();
    std::optional<BlockPos> found;
    for (int i = 0; i < random_pos::attempts; ++i) {
        const std::optional<BlockPos> pos = candidate();
        if (!pos) continue;
        const double value = mob.walk_target_value(*pos);
        if (value > best) {
            best = value;
            found = pos;
        }
    }
    return found;
}

// DefaultRandomPos.generateRandomPosTowardDirection: the full filter, malus included.
std::optional<BlockPos> default_filter(Level& level, Mob& mob, std::int32_t horizontal, bool restricted,
                                       BlockPos offset) {
    const BlockPos pos = random_pos::pos_toward_direction(level.random(), mob, horizontal, offset);
    if (is_outside_limits(level, pos) || is_restricted(restricted, mob, pos) ||
        !mob.navigation().is_stable_destination(pos) || has_malus(level, mob, pos))
        return std::nullopt;
    return pos;
}

// LandRandomPos: stability is checked where the candidate lands, water and malus after the climb
// out of solid blocks (so a candidate may end up above a block it was never checked against).
std::optional<BlockPos> land_filter(Level& level, Mob& mob, std::int32_t horizontal, bool restricted, BlockPos offset) {
    BlockPos pos = random_pos::pos_toward_direction(level.random(), mob, horizontal, offset);
    if (is_outside_limits(level, pos) || is_restricted(restricted, mob, pos) ||
        !mob.navigation().is_stable_destination(pos))
        return std::nullopt;
    pos = random_pos::move_up_out_of_solid(level, pos);
    if (is_water(level, pos) || has_malus(level, mob, pos)) return std::nullopt;
    return pos;
}

std::optional<BlockPos> land_in_direction(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                          const Vec3& direction) {
    const bool restricted = random_pos::mob_restricted(mob, horizontal);
    return best_candidate(mob, [&]() -> std::optional<BlockPos> {
        const auto offset = random_pos::random_direction_within_radians(level.random(), horizontal, vertical, 0,
                                                                        direction.x, direction.z, half_pi_float);
        if (!offset) return std::nullopt;
        return land_filter(level, mob, horizontal, restricted, *offset);
    });
}

}  // namespace

float brightness_from_light(float ambient_light, std::int32_t light_level) noexcept {
    const float f = static_cast<float>(light_level) / 15.0f;
    const float g = f / (4.0f - 3.0f * f);
    // Mth.lerp(delta, start, end) = start + delta * (end - start), kept in float as vanilla.
    return g + ambient_light * (1.0f - g);
}

float path_cost_from_light_levels(const Level& level, BlockPos pos) {
    return brightness_from_light(level.ambient_light(), light_level_at(level, pos)) - 0.5f;
}

float walk_target_value(const Level& level, WalkTargetKind kind, BlockPos pos) {
    switch (kind) {
        case WalkTargetKind::Default: return 0.0f;
        case WalkTargetKind::Monster: return -path_cost_from_light_levels(level, pos);
        case WalkTargetKind::Animal:
            if (is_grass_block(level, BlockPos{pos.x, pos.y - 1, pos.z})) return 10.0f;
            return path_cost_from_light_levels(level, pos);
    }
    return 0.0f;
}

bool has_line_of_sight(const Level& level, const Entity& from, const Entity& to) {
    const Vec3 a = from.eye_position();
    const Vec3 b = to.eye_position();
    // Vanilla compares the distance itself, not its square; keep the sqrt so the 128 boundary
    // rounds the same way.
    if (std::sqrt(a.dist_sqr(b)) > max_sight_distance) return false;
    return !level.clip(a, b).has_value();
}

bool TargetingConditions::test(const Level& level, Mob* observer, const Entity& target) const {
    if (observer != nullptr && static_cast<const Entity*>(observer) == &target) return false;
    if (!target.can_be_seen_by_anyone()) return false;
    if (selector_ != nullptr && !selector_(observer, target)) return false;
    // Vanilla's canBeSeenAsEnemy: not invulnerable and seen by anyone (checked just above); a
    // player's also fails with Abilities.invulnerable (creative, spectator).
    const auto* player = dynamic_cast<const Player*>(&target);
    const bool seen_as_enemy = !target.is_invulnerable() && (player == nullptr || !player->has_invulnerable_ability());
    const bool peaceful = level.difficulty() == Difficulty::Peaceful;
    if (observer == nullptr) {
        return !(combat_ && (!seen_as_enemy || peaceful));
    }
    // Vanilla's canAttack: no player in a peaceful world, else canBeSeenAsEnemy. canAttackType and
    // isAlliedTo (teams) belong in the selector.
    if (combat_ && (!seen_as_enemy || (player != nullptr && peaceful))) return false;
    if (range_ > 0.0) {
        const double visibility = test_invisible_ ? target.visibility_percent(observer) : 1.0;
        const double range = std::max(range_ * visibility, 2.0);
        if (observer->distance_to_sqr(target) > range * range) return false;
    }
    if (check_line_of_sight_ && !observer->has_line_of_sight(target)) return false;
    return true;
}

namespace random_pos {

BlockPos random_direction(RandomSource& random, std::int32_t horizontal, std::int32_t vertical) noexcept {
    const std::int32_t x = random.next_int(2 * horizontal + 1) - horizontal;
    const std::int32_t y = random.next_int(2 * vertical + 1) - vertical;
    const std::int32_t z = random.next_int(2 * horizontal + 1) - horizontal;
    return {x, y, z};
}

std::optional<BlockPos> random_direction_within_radians(RandomSource& random, std::int32_t horizontal,
                                                        std::int32_t vertical, std::int32_t y_offset, double dir_x,
                                                        double dir_z, double max_radians) noexcept {
    const double base = std::atan2(dir_z, dir_x) - half_pi_float;
    // (2f * nextFloat() - 1f) is float arithmetic in vanilla, widened only for the product.
    const float spread = 2.0f * random.next_float() - 1.0f;
    const double yaw = base + static_cast<double>(spread) * max_radians;
    const double distance = std::sqrt(random.next_double()) * sqrt_of_two_float * horizontal;
    const double dx = -distance * std::sin(yaw);
    const double dz = distance * std::cos(yaw);
    if (std::abs(dx) > horizontal || std::abs(dz) > horizontal) return std::nullopt;
    const std::int32_t dy = random.next_int(2 * vertical + 1) - vertical + y_offset;
    return BlockPos{floor_to_int(dx), dy, floor_to_int(dz)};
}

bool mob_restricted(const Mob& mob, std::int32_t horizontal) {
    if (!mob.has_restriction()) return false;
    // (restrictRadius + (float)horizontal) is a float sum in vanilla, then + 1.0 in double.
    const double limit = static_cast<double>(mob.restrict_radius() + static_cast<float>(horizontal)) + 1.0;
    const BlockPos c = mob.restrict_center();
    const Vec3 p = mob.position();
    const double dx = c.x + 0.5 - p.x, dy = c.y + 0.5 - p.y, dz = c.z + 0.5 - p.z;
    return dx * dx + dy * dy + dz * dz < limit * limit;
}

BlockPos pos_toward_direction(RandomSource& random, const Mob& mob, std::int32_t horizontal, BlockPos offset) {
    std::int32_t x = offset.x;
    std::int32_t z = offset.z;
    const Vec3 p = mob.position();
    if (mob.has_restriction() && horizontal > 1) {
        const BlockPos c = mob.restrict_center();
        const std::int32_t pull = horizontal / 2;
        x += p.x > c.x ? -random.next_int(pull) : random.next_int(pull);
        z += p.z > c.z ? -random.next_int(pull) : random.next_int(pull);
    }
    return {floor_to_int(x + p.x), floor_to_int(offset.y + p.y), floor_to_int(z + p.z)};
}

BlockPos move_up_out_of_solid(const Level& level, BlockPos pos) {
    if (!level.block_info(pos).solid) return pos;
    const std::int32_t max_y = level.max_build_height();
    BlockPos p{pos.x, pos.y + 1, pos.z};
    while (p.y < max_y && level.block_info(p).solid) ++p.y;
    return p;
}

std::optional<BlockPos> default_pos(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical) {
    const bool restricted = mob_restricted(mob, horizontal);
    return best_candidate(mob, [&] {
        const BlockPos offset = random_direction(level.random(), horizontal, vertical);
        return default_filter(level, mob, horizontal, restricted, offset);
    });
}

namespace {

// DefaultRandomPos.getPosAway and getPosTowards: offsets within `max_radians` of a direction.
std::optional<BlockPos> default_in_direction(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                             const Vec3& direction, double max_radians) {
    const bool restricted = mob_restricted(mob, horizontal);
    return best_candidate(mob, [&]() -> std::optional<BlockPos> {
        const auto offset = random_direction_within_radians(level.random(), horizontal, vertical, 0, direction.x,
                                                            direction.z, max_radians);
        if (!offset) return std::nullopt;
        return default_filter(level, mob, horizontal, restricted, *offset);
    });
}

}  // namespace

std::optional<BlockPos> default_pos_away(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                         const Vec3& avoid) {
    return default_in_direction(level, mob, horizontal, vertical, mob.position() - avoid, half_pi_float);
}

std::optional<BlockPos> default_pos_towards(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                            const Vec3& target, double max_radians) {
    return default_in_direction(level, mob, horizontal, vertical, target - mob.position(), max_radians);
}

std::optional<BlockPos> land_pos(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical) {
    const bool restricted = mob_restricted(mob, horizontal);
    return best_candidate(mob, [&] {
        const BlockPos offset = random_direction(level.random(), horizontal, vertical);
        return land_filter(level, mob, horizontal, restricted, offset);
    });
}

std::optional<BlockPos> land_pos_towards(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                         const Vec3& target) {
    return land_in_direction(level, mob, horizontal, vertical, target - mob.position());
}

std::optional<BlockPos> land_pos_away(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                      const Vec3& avoid) {
    return land_in_direction(level, mob, horizontal, vertical, mob.position() - avoid);
}

std::optional<Vec3> hide_pos(Level& level, Mob& mob) {
    RandomSource& random = level.random();
    const BlockPos origin = mob.block_position();
    for (int i = 0; i < attempts; ++i) {
        const std::int32_t dx = random.next_int(20) - 10;
        const std::int32_t dy = random.next_int(6) - 3;
        const std::int32_t dz = random.next_int(20) - 10;
        const BlockPos pos{origin.x + dx, origin.y + dy, origin.z + dz};
        if (!level.can_see_sky(pos) && mob.walk_target_value(pos) < 0.0f) return bottom_center(pos);
    }
    return std::nullopt;
}

}  // namespace random_pos

}  // namespace mobsdk
