// AI helpers that need nothing but the world API: brightness and walk-target values (seed 004),
// line of sight and TargetingConditions (seed 003), and random positions (seed 003's
// DefaultRandomPos / LandRandomPos, seed 004's hide position).
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

#include "mobsdk/world/level.hpp"

namespace mobsdk {

/// @brief Vanilla's DimensionType.getBrightness: light level 0–15 to a 0–1 brightness, lifted by
/// the dimension's ambient light.
float brightness_from_light(float ambient_light, std::int32_t light_level) noexcept;

/// @brief Vanilla's getPathfindingCostFromLightLevels: brightness at `pos` minus 0.5.
float path_cost_from_light_levels(const Level& level, BlockPos pos);

/// @brief A mob kind's walk-target value at `pos`: 0 for a plain PathfinderMob; for a Monster
/// −cost, i.e. (8ab − 120a − 5b + 60) / (120 − 6b) for ambient a and light b (seed 004); for an
/// Animal 10 when the block below is minecraft:grass_block, else the light cost. Computed in
/// float as vanilla, so a Monster's value is already (just) negative at light 12 in the overworld.
float walk_target_value(const Level& level, WalkTargetKind kind, BlockPos pos);

/// @brief Vanilla's Mth.wrapDegrees for floats: into [−180, 180).
inline float wrap_degrees(float degrees) noexcept {
    float f = std::fmod(degrees, 360.0f);
    if (f >= 180.0f) f -= 360.0f;
    if (f < -180.0f) f += 360.0f;
    return f;
}

/// @brief Vanilla's Mob.rotlerp: at most `max` degrees from `from` towards `to`.
inline float rotlerp(float from, float to, float max) noexcept {
    float f = wrap_degrees(to - from);
    if (f > max) f = max;
    if (f < -max) f = -max;
    return from + f;
}

/// @brief Vanilla's LivingEntity.hasLineOfSight: same level (the caller's), eyes at most 128
/// blocks apart, and no block collision shape between the eyes (glass and fences block it).
bool has_line_of_sight(const Level& level, const Entity& from, const Entity& to);

/// @brief Who a mob may notice, as vanilla's TargetingConditions (seed 003).
class TargetingConditions {
public:
    /// @brief A selector: an extra test on the candidate (a plain function, no captures).
    using Selector = bool (*)(const Mob* observer, const Entity& target);

    /// @brief For picking attack targets: invulnerable targets fail (and, with no observer, every
    /// target in a peaceful world).
    static TargetingConditions for_combat() noexcept { return TargetingConditions(true); }
    /// @brief For everything else (looking at, following, breeding).
    static TargetingConditions for_non_combat() noexcept { return TargetingConditions(false); }

    /// @brief Maximum distance between feet (scaled by the target's visibility, never below 2);
    /// zero or negative: any.
    TargetingConditions& range(double r) noexcept {
        range_ = r;
        return *this;
    }
    /// @brief Do not require line of sight (e.g. when the target hurt the mob).
    TargetingConditions& ignore_line_of_sight() noexcept {
        check_line_of_sight_ = false;
        return *this;
    }
    /// @brief Do not scale the range by the target's visibility.
    TargetingConditions& ignore_invisibility_testing() noexcept {
        test_invisible_ = false;
        return *this;
    }
    /// @brief An extra test.
    TargetingConditions& selector(Selector s) noexcept {
        selector_ = s;
        return *this;
    }

    /// @brief Vanilla's test(attacker, target), in vanilla's order: not the observer itself, the
    /// target can be seen by anyone, the selector; then with no observer only the combat rules,
    /// with one the combat rule, the range and line of sight (the observer's per-tick Sensing).
    /// `observer` may be null.
    bool test(const Level& level, Mob* observer, const Entity& target) const;

    /// @brief The range set (zero or negative: any).
    double range() const noexcept { return range_; }

private:
    explicit TargetingConditions(bool combat) noexcept : combat_(combat) {}
    bool combat_;
    double range_ = -1.0;
    bool check_line_of_sight_ = true;
    bool test_invisible_ = true;
    Selector selector_ = nullptr;
};

/// @brief Random positions for wandering and fleeing (vanilla's RandomPos family). Each tries 10
/// candidates and returns the valid one with the highest walk-target value, or nothing. Every
/// draw comes from `level.random()`, in vanilla's order (vanilla draws from the mob's random).
/// Vanilla returns the bottom centre of the block (`bottom_center`); these return the block.
namespace random_pos {

/// @brief How many candidates each search tries (vanilla's RANDOM_POS_ATTEMPTS).
inline constexpr int attempts = 10;

/// @brief Vanilla's Vec3.atBottomCenterOf: the middle of the block's floor.
constexpr Vec3 bottom_center(BlockPos p) noexcept { return {p.x + 0.5, static_cast<double>(p.y), p.z + 0.5}; }

/// @brief Vanilla's RandomPos.generateRandomDirection: x, y, z offsets drawn in that order,
/// x and z in [−horizontal, horizontal], y in [−vertical, vertical].
BlockPos random_direction(RandomSource& random, std::int32_t horizontal, std::int32_t vertical) noexcept;

/// @brief Vanilla's RandomPos.generateRandomDirectionWithinRadians: an offset whose horizontal
/// direction lies within `max_radians` of (dir_x, dir_z), at a distance up to √2·horizontal;
/// empty when it falls outside the horizontal square (then y is not drawn).
std::optional<BlockPos> random_direction_within_radians(RandomSource& random, std::int32_t horizontal,
                                                        std::int32_t vertical, std::int32_t y_offset, double dir_x,
                                                        double dir_z, double max_radians) noexcept;

/// @brief Vanilla's GoalUtils.mobRestricted: the mob has a restriction whose centre lies within
/// restrict_radius + horizontal + 1 of it (then candidates outside the restriction are rejected).
bool mob_restricted(const Mob& mob, std::int32_t horizontal);

/// @brief Vanilla's RandomPos.generateRandomPosTowardDirection: the offset added to the mob's
/// position, first pulled towards its restriction centre by nextInt(horizontal / 2) per axis
/// when it has a restriction and horizontal > 1.
BlockPos pos_toward_direction(RandomSource& random, const Mob& mob, std::int32_t horizontal, BlockPos offset);

/// @brief Vanilla's RandomPos.moveUpOutOfSolid with GoalUtils.isSolid: from a solid block, up
/// to the first non-solid one (at most to the max build height).
BlockPos move_up_out_of_solid(const Level& level, BlockPos pos);

/// @brief Vanilla's DefaultRandomPos.getPos: a random offset within `horizontal` (Chebyshev) and
/// `vertical`, pulled towards the restriction centre; rejected outside the build height, outside
/// the restriction, above a block that is not solid-render, or where the path type has a malus.
std::optional<BlockPos> default_pos(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical);

/// @brief Vanilla's DefaultRandomPos.getPosAway: the same, but only in directions within 90° of
/// away from `avoid`.
std::optional<BlockPos> default_pos_away(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                         const Vec3& avoid);

/// @brief Vanilla's DefaultRandomPos.getPosTowards: as default_pos, but only in directions within
/// `max_radians` of the way to `target` (MoveTowardsRestrictionGoal passes π/2).
std::optional<BlockPos> default_pos_towards(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                            const Vec3& target, double max_radians);

/// @brief Vanilla's LandRandomPos.getPos: as default_pos (stability checked where the candidate
/// lands), then moved up out of solid blocks and rejected in water or with a malus there
/// (WaterAvoidingRandomStrollGoal, villagers' strolls).
std::optional<BlockPos> land_pos(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical);

/// @brief Vanilla's LandRandomPos.getPosTowards: land_pos within 90° of the way to `target`.
std::optional<BlockPos> land_pos_towards(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                         const Vec3& target);

/// @brief Vanilla's LandRandomPos.getPosAway: land_pos within 90° of away from `avoid`.
std::optional<BlockPos> land_pos_away(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                      const Vec3& avoid);

/// @brief FleeSunGoal's hide position (seed 004): 10 tries at offsets x, z in [−10, 10) and y in
/// [−3, 3); the first that cannot see the sky and has a negative walk-target value, as the bottom
/// centre of its block.
std::optional<Vec3> hide_pos(Level& level, Mob& mob);

}  // namespace random_pos

}  // namespace mobsdk
