// Entity movement against block collision shapes (vanilla's Entity.move/collide): axis-by-axis
// clipping, step-up, on-ground and wall flags, fall distance, the water test, and what counts as
// climbable (vanilla's LivingEntity.onClimbable).
#pragma once

#include <vector>

#include "mobsdk/world/random.hpp"
#include "mobserver/world/chunk_map.hpp"
#include "mobserver/world/entity.hpp"

namespace mobsdk::server {

/// @brief Appends the world-space collision boxes of every block whose cell overlaps `area`.
void collect_block_boxes(const ChunkMap& chunks, const AABB& area, std::vector<AABB>& out);

/// @brief Appends the world-space outline (selection) boxes of the block at `pos`: its state's
/// BlockStateInfo::outline moved by its random offset (vanilla's getShape(level, pos) with an empty
/// context, what a player's crosshair and reach ray casts hit). For commands and player interaction:
/// nothing in the tick reads outlines.
void collect_outline_boxes(const ChunkMap& chunks, BlockPos pos, std::vector<AABB>& out);

/// @brief How far `box` can move by `delta` before hitting `boxes` (vanilla's collideBoundingBox:
/// Y first, then the larger horizontal axis, then the other).
Vec3 collide_boxes(const AABB& box, Vec3 delta, const std::vector<AABB>& boxes) noexcept;

/// @brief True when no block collision box intersects `box`.
bool no_block_collision(const ChunkMap& chunks, const AABB& box, std::vector<AABB>& scratch);

/// @brief Vanilla's knockback of a hit (LivingEntity.hurt's direction, then LivingEntity.knockback
/// without knockback resistance): half the motion minus `strength` away from `attacker`
/// horizontally, and up to 0.4 upwards on the ground; two random draws per axis when they stand
/// in one place (from `random`: the level's, where vanilla uses Math.random).
void knock_back_from(RandomSource& random, EntityData& target, const Vec3& attacker, double strength);

/// @brief Vanilla's LivingEntity.knockback(strength, x, z) without knockback resistance: half the
/// motion minus `strength` along the normalised (x, z) horizontally, and up to 0.4 upwards on the
/// ground. The player's attack knocks back along its facing: (sin yaw, −cos yaw).
void knock_back(EntityData& target, double strength, double x, double z);

/// @brief Result of one move.
struct MoveResult {
    Vec3 moved;                         ///< the displacement actually applied
    bool on_ground = false;             ///< landed on something (moving down and stopped)
    bool horizontal_collision = false;  ///< stopped on x or z
    bool vertical_collision = false;    ///< stopped on y
};

/// @brief Moves an entity by `delta` with collision and step-up (up to `step_height` when it was on
/// the ground or lands this move), updating position, on_ground, the collision flags and the fall
/// distance. The caller tells the entity index about the new position.
MoveResult move_entity(const ChunkMap& chunks, EntityData& data, Vec3 delta, float step_height,
                       std::vector<AABB>& scratch);

/// @brief True when the box touches a water block (vanilla's updateInWaterStateAndDoFluidPushing,
/// without the flow push).
bool touches_fluid(const ChunkMap& chunks, const AABB& box, Fluid fluid) noexcept;

/// @brief What makes a block climbable, as handles looked up once per registry (the world keeps one).
struct ClimbRules {
    /// @brief The rules of `blocks`: without a `minecraft:ladder` there only the tag counts.
    explicit ClimbRules(const BlockRegistry& blocks);
    BlockTag climbable;          ///< `#minecraft:climbable`: ladders, vines, scaffolding, cave vines…
    BlockTag trapdoors;          ///< `#minecraft:trapdoors`
    Handle<BlockInfo> ladder;    ///< `minecraft:ladder`
    Property<bool> open;         ///< a trapdoor's `open`
    Property<Direction> facing;  ///< `facing` of trapdoors and ladders (horizontal)
};

/// @brief Vanilla's LivingEntity.onClimbable for an entity whose feet are in block `feet` (its
/// blockPosition): the block is in #climbable, or it is an open trapdoor above a ladder facing the
/// same way (trapdoorUsableAsLadder). There are no spectators here.
bool on_climbable(const ChunkMap& chunks, const ClimbRules& rules, BlockPos feet) noexcept;

/// @brief Vanilla's moveRelative input vector: `input` (strafe, up, forward) scaled by `amount`
/// (normalised first when longer than 1) and turned by `y_rot` degrees.
Vec3 relative_input(const Vec3& input, float amount, float y_rot) noexcept;

}  // namespace mobsdk::server
