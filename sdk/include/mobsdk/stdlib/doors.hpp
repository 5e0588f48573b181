// Doors for brain-driven mobs (vanilla 1.19.3's InteractWithDoor, core package priority 0): open
// the wooden doors on the path, remember them in DOORS_TO_CLOSE, and close them behind once passed
// unless another mob of the kind is coming through.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/one_shot.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::stdlib {

/// @brief True for a wooden door (block tag minecraft:wooden_doors): the doors villagers open.
bool is_wooden_door(const Level& level, BlockState state);

/// @brief Vanilla's DoorBlock.setOpen: sets `open` on the door at `pos` and on its other half
/// (the block above a lower half, below an upper one), as the neighbour update does in vanilla.
/// False when `pos` holds no door with an `open` property or it already is in that state.
bool set_door_open(Level& level, BlockPos pos, bool open);

/// @brief Vanilla's InteractWithDoor.closeDoorsThatIHaveOpenedOrPassedThrough: for each door in
/// `doors` that is not `last_node` or `current_node`: forgets it when it is in another dimension or
/// its centre is not within 3 blocks of the mob, is no longer a wooden door, or is already shut;
/// otherwise forgets it and closes it — unless a mob of the same type within 2 blocks of the
/// door's centre is walking through it (its PATH's previous or next node is the door), then it is
/// forgotten but left open. `other_mobs` is NEAREST_LIVING_ENTITIES (nullptr when absent);
/// `path` is the PATH memory type.
void close_doors_that_i_have_opened_or_passed_through(Level& level, Mob& mob, std::optional<BlockPos> last_node,
                                                      std::optional<BlockPos> current_node, brain::GlobalPosSet& doors,
                                                      const brain::EntityList* other_mobs,
                                                      brain::MemoryModuleType<Path> path);

/// @brief What vanilla's SleepInBed does on lying down: with DOORS_TO_CLOSE present, closes them
/// (no nodes excluded, NEAREST_LIVING_ENTITIES as the other mobs) and stores what is left.
void close_remembered_doors(Level& level, Mob& mob, const brain::StandardMemories& m);

/// @brief InteractWithDoor.create() (1.19.3): entry PATH present, DOORS_TO_CLOSE and
/// NEAREST_LIVING_ENTITIES registered; fails while the path is not started or done. On the same
/// next node as last time it runs and re-arms a 20-trigger cooldown; on a new node it fails until
/// that cooldown has counted down (vanilla's COOLDOWN_BEFORE_RERUNNING_IN_SAME_NODE, kept as
/// vanilla wrote it). When it runs: a wooden door at the previous node is opened if shut and
/// remembered; one at the next node is opened and remembered only if it was shut; then, when
/// DOORS_TO_CLOSE holds doors, close_doors_that_i_have_opened_or_passed_through(previous, next).
class InteractWithDoor final : public brain::OneShot {
public:
    /// @brief Reads PATH, DOORS_TO_CLOSE and MOBS (NEAREST_LIVING_ENTITIES).
    explicit InteractWithDoor(const brain::StandardMemories& m);
    bool trigger(Level& level, Mob& mob, std::int64_t time) override;
    std::span<const brain::MemoryRequirement> start_requirements() const noexcept override { return requirements_; }
    /// @brief The next node seen when it last ran (tests).
    std::optional<BlockPos> last_node() const noexcept { return last_node_; }
    /// @brief The rerun cooldown (tests).
    std::int32_t cooldown() const noexcept { return cooldown_; }

private:
    void remember(Level& level, brain::Brain& brain, BlockPos door);

    brain::MemoryModuleType<Path> path_;
    brain::MemoryModuleType<brain::GlobalPosSet> doors_to_close_;
    brain::MemoryModuleType<brain::EntityList> mobs_;
    std::array<brain::MemoryRequirement, 3> requirements_;
    std::optional<BlockPos> last_node_;
    std::int32_t cooldown_ = 0;
};

}  // namespace mobsdk::stdlib
