// Vanilla's A* PathFinder with its two node evaluators (WalkNodeEvaluator for walkers,
// FlyNodeEvaluator for flyers), reading blocks straight from a ChunkMap with reused scratch memory.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/path.hpp"
#include "mobserver/world/chunk_map.hpp"

namespace mobsdk::server {

/// @brief The ground path type of one block (vanilla's WalkNodeEvaluator.getBlockPathTypeStatic):
/// the block's raw type; an OPEN block over something to stand on becomes WALKABLE (DAMAGE_FIRE,
/// DAMAGE_OTHER, STICKY_HONEY, DANGER_POWDER_SNOW or DAMAGE_CAUTIOUS after the block below); a
/// WALKABLE one next to cactus, fire, lava or water becomes DANGER_OTHER, DANGER_FIRE or
/// WATER_BORDER (the 8 columns around it, one block up and down). World::path_type calls this.
PathType block_path_type_static(const ChunkMap& chunks, BlockPos pos);

/// @brief The path type of one block for a flyer (vanilla's FlyNodeEvaluator.getBlockPathType):
/// as the ground rules, but OPEN above OPEN stays OPEN, air over fire is DAMAGE_FIRE, air over a
/// fence is FENCE (unless it is `mob_pos`), and the danger check runs for OPEN blocks too.
PathType fly_path_type_static(const ChunkMap& chunks, BlockPos pos, BlockPos mob_pos);

/// @brief Where a mob standing in `pos` has its feet (vanilla's WalkNodeEvaluator.getFloorLevel):
/// the block below's y plus the top of its collision shape (a slab 0.5, farmland 0.9375, a fence 1.5).
double floor_level(const ChunkMap& chunks, BlockPos pos);

/// @brief Vanilla's NodeEvaluator flags.
struct NodeEvaluatorFlags {
    bool can_pass_doors = true;         ///< open doors are passable (both navigations set it)
    bool can_open_doors = false;        ///< closed wooden doors count as WALKABLE_DOOR
    bool can_float = false;             ///< swims on the surface (FloatGoal; the allay)
    bool can_walk_over_fences = false;  ///< may step up onto fences (no vanilla mob by default)
};

/// @brief The mob a search is for: what vanilla's evaluators read from the Mob.
struct PathfindingMob {
    Vec3 position;                                 ///< feet position
    float width = 0.6f;                            ///< bounding box width
    float height = 1.8f;                           ///< bounding box height
    float step_height = 0.6f;                      ///< vanilla's maxUpStep
    std::int32_t max_fall_distance = 3;            ///< vanilla's getMaxFallDistance
    bool on_ground = true;                         ///< standing on something
    bool in_water = false;                         ///< touching water
    NavigationKind kind = NavigationKind::Ground;  ///< which evaluator: walk or fly
    NodeEvaluatorFlags flags;                      ///< door, float and fence flags
    /// @brief Malus per path type (−1: never entered).
    std::array<float, path_type_count> malus{};

    /// @brief A mob of `type` at `pos` with the type's maluses (vanilla defaults plus overrides),
    /// its door flag, and on the ground.
    static PathfindingMob of(const EntityTypeInfo& type, Vec3 pos);
    /// @brief The malus of a type.
    float malus_of(PathType type) const noexcept { return malus[static_cast<std::size_t>(type)]; }
    /// @brief Its bounding box.
    AABB bounding_box() const noexcept {
        const double hw = width / 2.0;
        return {{position.x - hw, position.y, position.z - hw},
                {position.x + hw, position.y + height, position.z + hw}};
    }
};

/// @brief Limits of one search (vanilla's findPath arguments).
struct PathSearch {
    float max_range = 16.0f;  ///< the follow range: nodes farther than this from the start are not expanded
    std::int32_t reach = 1;   ///< a target is reached by a node within this Manhattan distance
    std::int32_t max_visited_nodes = 256;  ///< vanilla's maxVisitedNodes: (int)(follow range × 16)
    float depth_multiplier = 1.0f;         ///< vanilla's maxVisitedNodesMultiplier
};

/// @brief What the last search did.
struct PathSearchStats {
    std::int32_t visited_nodes = 0;  ///< nodes taken from the open set and expanded or tested
    std::int32_t created_nodes = 0;  ///< nodes created (the open set, the closed set and blocked ones)
    bool budget_exhausted = false;   ///< stopped because the visit budget ran out
};

/// @brief Vanilla's PathFinder: A* over a binary heap, f = g + 1.5 × h where g sums the distances
/// and the maluses of the nodes entered and h is the distance to the closest target. Holds its
/// scratch memory (node pool, position table, heap, chunk cache) across searches, so a search
/// allocates only the returned path once warm. Not thread-safe: one per thread (or per world).
class PathFinder {
public:
    PathFinder();
    ~PathFinder();
    PathFinder(PathFinder&&) noexcept;
    PathFinder& operator=(PathFinder&&) noexcept;

    /// @brief A path for `mob` to the closest of `targets` (vanilla's findPath). It ends at the
    /// first target reached (can_reach true) or, when none is, at the node that came closest
    /// (can_reach false). Empty without targets or when no start node exists.
    std::optional<Path> find_path(const ChunkMap& chunks, const PathfindingMob& mob, std::span<const BlockPos> targets,
                                  const PathSearch& search);
    /// @brief A path to one target.
    std::optional<Path> find_path(const ChunkMap& chunks, const PathfindingMob& mob, BlockPos target,
                                  const PathSearch& search) {
        return find_path(chunks, mob, std::span<const BlockPos>(&target, 1), search);
    }
    /// @brief What the last search did.
    const PathSearchStats& last_stats() const noexcept;

    /// @brief The type the evaluator gives `mob` at `pos` (vanilla's getBlockPathType(mob, pos):
    /// every block its box covers, with door rules and maluses applied), uncached.
    static PathType mob_path_type(const ChunkMap& chunks, const PathfindingMob& mob, BlockPos pos);

    /// @brief The per-thread pathfinder the reference world's navigations share (the world ticks
    /// on one strand, so one scratch area serves every mob).
    static PathFinder& for_this_thread();

    /// @brief The scratch memory (opaque; defined in src/world/pathfinding/node_evaluator.hpp).
    struct Workspace;

private:
    std::unique_ptr<Workspace> ws_;
};

}  // namespace mobsdk::server
