// The village-bound behaviours (vanilla 1.19.3–1.21, seed 000's idle, meet and rest packages):
// strolling inside the village or back towards it, finding a bed or a roofed spot at night,
// babies jumping on beds, and meeting other villagers at the bell.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/one_shot.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/world/ai_util.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/level.hpp"
#include "mobsdk/world/poi_type.hpp"

namespace mobsdk::stdlib {

/// @brief A chunk section's coordinates (vanilla's SectionPos): block coordinates >> 4.
struct SectionPos {
    std::int32_t x = 0;  ///< block x >> 4
    std::int32_t y = 0;  ///< block y >> 4
    std::int32_t z = 0;  ///< block z >> 4
    /// @brief The section holding a block.
    static constexpr SectionPos of(BlockPos p) noexcept { return {p.x >> 4, p.y >> 4, p.z >> 4}; }
    /// @brief Vanilla's SectionPos.center: the block at offset 8, 8, 8 inside it.
    constexpr BlockPos center() const noexcept { return {x * 16 + 8, y * 16 + 8, z * 16 + 8}; }
    friend constexpr bool operator==(SectionPos, SectionPos) = default;
};

/// @brief Vanilla's BlockPos.closerToCenterThan: the block's centre is closer than `distance` to
/// `point` (squared distance below distance²).
constexpr bool closer_to_center_than(BlockPos pos, const Vec3& point, double distance) noexcept {
    return Vec3::at_center(pos).dist_sqr(point) < distance * distance;
}

/// @brief Vanilla's Vec3i.closerThan: the blocks' squared distance (corner to corner) is below distance².
constexpr bool closer_than(BlockPos a, BlockPos b, double distance) noexcept {
    return a.dist_sqr(b) < distance * distance;
}

/// @brief Vanilla's BlockState.entityCanStandOn for the shapes the SDK models: the collision
/// shape's top face is full (one box covering the whole square up to the block's top).
constexpr bool entity_can_stand_on(const BlockStateInfo& info) noexcept {
    for (std::uint8_t i = 0; i < info.collision.count; ++i) {
        const ShapeBox& b = info.collision.boxes[i];
        if (b.min_x <= 0 && b.min_z <= 0 && b.max_x >= 1 && b.max_z >= 1 && b.max_y == 1) return true;
    }
    return false;
}

/// @brief Vanilla's BehaviorUtils.findSectionClosestToVillage: of the sections in the cube of
/// `radius` around `center` (visited x fastest, then y, then z, as SectionPos.cube) those closer
/// to a village than `center` itself, the closest (the first visited on a tie); `center` when none is.
SectionPos find_section_closest_to_village(const PoiManager& poi, SectionPos center, std::int32_t radius);

/// @brief VillageBoundRandomStroll.create(speed, horizontal, vertical) (vanilla's create(speed)
/// is (speed, 10, 7); the panic package uses (speed × 1.5, 2, 2)): with WALK_TARGET absent, in a
/// village (PoiManager::is_village) walks to LandRandomPos.getPos(horizontal, vertical); outside
/// it, towards the bottom centre of the section find_section_closest_to_village(…, 2) picks
/// (DefaultRandomPos.getPosTowards, within π/2), or LandRandomPos when no section is closer.
/// Close enough 0; WALK_TARGET is erased when no position is found, and it still counts as
/// triggered.
std::unique_ptr<brain::OneShot> village_bound_random_stroll(const brain::StandardMemories& m, float speed,
                                                            std::int32_t horizontal = 10, std::int32_t vertical = 7);

/// @brief Vanilla's LandRandomPos.getPos(mob, horizontal, vertical, scorer): LandRandomPos's
/// candidates, the best of 10 by `score(pos)` (ties keep the first) instead of the walk-target value.
template <typename Score>
std::optional<BlockPos> land_pos_scored(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                        Score&& score);

/// @brief GoToClosestVillage.create(speed, close_enough) (the rest package uses (speed, 4)): with
/// WALK_TARGET absent and the mob not in a village, up to 5 tries of LandRandomPos.getPos(15, 7)
/// scored by −sections_to_village; the first candidate strictly closer to a village than the mob
/// wins at once, one as close is kept (the last such); then walks there. Fails (not triggered) in
/// a village; triggers otherwise, even when nothing was found.
std::unique_ptr<brain::OneShot> go_to_closest_village(const brain::StandardMemories& m, float speed,
                                                      std::int32_t close_enough);

/// @brief SetClosestHomeAsWalkTarget.create(speed): for a mob without a bed (HOME absent) and
/// without a walk target. At most one scan per 20 ticks after the last (the next scan time is
/// now + nextInt(20), and a trigger fails until 20 ticks past it). A scan needs a home POI within
/// 48 blocks (any occupancy) that is not within distSqr 4 of the mob; then of the beds within 48
/// not in its cache it tries at most four (vanilla's `++tried >= 5`), caching each until the scan
/// time + 40, and paths to the set at once; a reaching path makes the bed it reaches the walk
/// target (close enough 1). When none is reached and fewer than five were tried, cache entries
/// older than the scan time are dropped.
class SetClosestHomeAsWalkTarget final : public brain::OneShot {
public:
    /// @brief `home` is the bed POI type (minecraft:home).
    SetClosestHomeAsWalkTarget(const brain::StandardMemories& m, Handle<PoiTypeInfo> home, float speed);
    bool trigger(Level& level, Mob& mob, std::int64_t time) override;
    std::span<const brain::MemoryRequirement> start_requirements() const noexcept override { return requirements_; }
    /// @brief Beds tried recently and the game time each may be tried again (tests).
    const std::vector<std::pair<BlockPos, std::int64_t>>& batch_cache() const noexcept { return cache_; }
    /// @brief The game time of the last scan plus its random 0–19 (vanilla's lastUpdate).
    std::int64_t last_update() const noexcept { return last_update_; }

private:
    brain::MemoryModuleType<brain::WalkTarget> walk_target_;
    brain::MemoryModuleType<GlobalPos> home_memory_;
    std::array<brain::MemoryRequirement, 2> requirements_;
    Handle<PoiTypeInfo> home_;
    float speed_;
    std::int64_t last_update_ = 0;
    std::vector<std::pair<BlockPos, std::int64_t>> cache_;
    std::vector<PoiRecord> found_;
    std::vector<BlockPos> targets_;
};

/// @brief InsideBrownianWalk.create(speed) (the rest package's roofed wander): with WALK_TARGET
/// absent and the mob's block unable to see the sky, the 27 blocks of the 3×3×3 cube around it
/// in a shuffled order; the first that cannot see the sky and can be stood on (its top face is
/// full), while the mob's own box collides with no block (vanilla tests the mob, not the spot),
/// becomes the walk target (close enough 0). Fails under the open sky; triggers otherwise.
std::unique_ptr<brain::OneShot> inside_brownian_walk(const brain::StandardMemories& m, float speed);

/// @brief Vanilla's JumpOnBed(speed) (idle package, weight 1): babies only (an adult never starts
/// it). Entry: NEAREST_BED present, WALK_TARGET absent. Walks to the bed (close enough 0) and
/// gives up when it is not on or over a bed within 100 ticks; on the bed it jumps 3–6 times
/// (3 + nextInt(4)), 5 ticks apart, on ticks its feet are in the bed block. Never times out.
class JumpOnBed final : public brain::Behavior {
public:
    /// @brief Walking speed to the bed.
    JumpOnBed(const brain::StandardMemories& m, float speed);
    std::string debug_string() const override { return "JumpOnBed"; }
    /// @brief Jumps left (tests).
    std::int32_t remaining_jumps() const noexcept { return remaining_jumps_; }
    /// @brief Ticks left to reach the bed (tests).
    std::int32_t remaining_time_to_reach_bed() const noexcept { return remaining_time_to_reach_bed_; }

protected:
    bool check_extra_start_conditions(Level& level, Mob& mob) override;
    bool can_still_use(Level& level, Mob& mob, std::int64_t time) override;
    bool timed_out(std::int64_t) const override { return false; }
    void start(Level& level, Mob& mob, std::int64_t time) override;
    void tick(Level& level, Mob& mob, std::int64_t time) override;
    void stop(Level& level, Mob& mob, std::int64_t time) override;

private:
    bool is_bed(const Level& level, BlockPos pos) const;
    bool on_or_over_bed(const Level& level, const Mob& mob) const;

    brain::MemoryModuleType<BlockPos> nearest_bed_;
    brain::MemoryModuleType<brain::WalkTarget> walk_target_;
    float speed_;
    std::optional<BlockPos> target_bed_;
    std::int32_t remaining_time_to_reach_bed_ = 0;
    std::int32_t remaining_jumps_ = 0;
    std::int32_t remaining_cooldown_until_next_jump_ = 0;
};

/// @brief SocializeAtBell.create() (meet package, weight 2): with INTERACTION_TARGET absent,
/// MEETING_POINT and VISIBLE_MOBS present, on a 1-in-100 draw, within 4 blocks of the meeting
/// point's centre and with a villager in sight: the closest visible villager within distSqr 32
/// becomes the interaction target, looked at (eyes) and walked to at speed 0.3 (close enough 1).
std::unique_ptr<brain::OneShot> socialize_at_bell(const brain::StandardMemories& m, Handle<EntityTypeInfo> villager);

// ---- template definitions ----

namespace detail {
/// @brief LandRandomPos's filter on one offset (shared by the scored and plain searches).
std::optional<BlockPos> land_candidate(Level& level, Mob& mob, std::int32_t horizontal, bool restricted,
                                       BlockPos offset);
}  // namespace detail

template <typename Score>
std::optional<BlockPos> land_pos_scored(Level& level, Mob& mob, std::int32_t horizontal, std::int32_t vertical,
                                        Score&& score) {
    const bool restricted = random_pos::mob_restricted(mob, horizontal);
    std::optional<BlockPos> found;
    double best = 0;
    for (int i = 0; i < random_pos::attempts; ++i) {
        const BlockPos offset = random_pos::random_direction(level.random(), horizontal, vertical);
        const std::optional<BlockPos> p = detail::land_candidate(level, mob, horizontal, restricted, offset);
        if (!p) continue;
        const double value = static_cast<double>(score(*p));
        if (!found || value > best) {
            best = value;
            found = p;
        }
    }
    return found;
}

}  // namespace mobsdk::stdlib
