// InteractWithDoor: opening wooden doors on the path and closing them behind (vanilla 1.19.3).
#include "mobsdk/stdlib/doors.hpp"

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/stdlib/village.hpp"

namespace mobsdk::stdlib {

using brain::Brain;
using brain::GlobalPosSet;
using brain::MemoryStatus;

bool is_wooden_door(const Level& level, BlockState state) {
    const BlockRegistry& blocks = level.blocks();
    return blocks.has_tag(state, blocks.vanilla_tags().wooden_doors);
}

bool set_door_open(Level& level, BlockPos pos, bool open) {
    const BlockRegistry& blocks = level.blocks();
    const VanillaBlockProperties& props = blocks.vanilla_properties();
    const BlockState state = level.block_state(pos);
    // A door's half (upper, lower) or a trapdoor's (top, bottom): any block with a half and `open`.
    const std::optional<DoubleBlockHalf> door_half = blocks.get(state, props.double_block_half);
    const std::optional<Half> half = door_half ? std::nullopt : blocks.get(state, props.half);
    const std::optional<bool> is_open = blocks.get(state, props.open);
    if ((!door_half && !half) || !is_open || *is_open == open) return false;
    const auto changed = blocks.with(state, props.open, open);
    if (!changed || !level.set_block(pos, *changed)) return false;
    // The other half follows, as DoorBlock.updateShape copies OPEN from its partner.
    const BlockPos other = door_half == DoubleBlockHalf::Lower ? pos.above() : pos.below();
    const BlockState partner = level.block_state(other);
    const bool other_half =
        door_half ? blocks.get(partner, props.double_block_half) != door_half : blocks.get(partner, props.half) != half;
    if (blocks.block_of(partner) == blocks.block_of(state) && other_half) {
        if (const auto p = blocks.with(partner, props.open, open)) level.set_block(other, *p);
    }
    return true;
}

namespace {

bool is_open(const Level& level, BlockState state) {
    const BlockRegistry& blocks = level.blocks();
    return blocks.get_or(state, blocks.vanilla_properties().open, false);
}

}  // namespace

namespace {

// InteractWithDoor.isMobComingThroughDoor: a path under way whose previous or next node is the door.
bool is_mob_coming_through_door(Mob& other, BlockPos door, brain::MemoryModuleType<Path> path) {
    Brain* b = other.brain();
    if (b == nullptr || !b->is_registered(path)) return false;
    const Path* p = b->get_memory(path);
    if (p == nullptr || p->is_done() || p->next_node_index == 0) return false;
    return p->nodes[p->next_node_index - 1] == door || p->next_node_pos() == door;
}

bool are_other_mobs_coming_through_door(Level& level, const Mob& mob, BlockPos door, const brain::EntityList* others,
                                        brain::MemoryModuleType<Path> path) {
    if (others == nullptr) return false;
    for (const EntityRef& ref : *others) {
        Mob* other = level.resolve_mob(ref);
        if (other == nullptr || other->type() != mob.type()) continue;
        // MAX_DISTANCE_TO_HOLD_DOOR_OPEN_FOR_OTHER_MOBS: 2.
        if (!closer_to_center_than(door, other->position(), 2.0)) continue;
        if (is_mob_coming_through_door(*other, door, path)) return true;
    }
    return false;
}

}  // namespace

void close_doors_that_i_have_opened_or_passed_through(Level& level, Mob& mob, std::optional<BlockPos> last_node,
                                                      std::optional<BlockPos> current_node, GlobalPosSet& doors,
                                                      const brain::EntityList* other_mobs,
                                                      brain::MemoryModuleType<Path> path) {
    for (auto it = doors.begin(); it != doors.end();) {
        const BlockPos pos = it->pos;
        if ((last_node && *last_node == pos) || (current_node && *current_node == pos)) {
            ++it;
            continue;
        }
        // SKIP_CLOSING_DOOR_IF_FURTHER_AWAY_THAN: 3 (and another dimension is always too far).
        if (it->dimension != level.dimension() || !closer_to_center_than(pos, mob.position(), 3.0)) {
            it = doors.erase(it);
            continue;
        }
        const BlockState state = level.block_state(pos);
        if (!is_wooden_door(level, state) || !is_open(level, state)) {
            it = doors.erase(it);
            continue;
        }
        if (!are_other_mobs_coming_through_door(level, mob, pos, other_mobs, path)) set_door_open(level, pos, false);
        it = doors.erase(it);
    }
}

void close_remembered_doors(Level& level, Mob& mob, const brain::StandardMemories& m) {
    Brain* b = mob.brain();
    if (b == nullptr || !b->has_memory_value(m.doors_to_close)) return;
    const brain::EntityList* others = b->is_registered(m.mobs) ? b->get_memory(m.mobs) : nullptr;
    b->modify_memory(m.doors_to_close, [&](GlobalPosSet& doors) {
        close_doors_that_i_have_opened_or_passed_through(level, mob, std::nullopt, std::nullopt, doors, others, m.path);
    });
}

// ---- InteractWithDoor ----

InteractWithDoor::InteractWithDoor(const brain::StandardMemories& m)
    : path_(m.path),
      doors_to_close_(m.doors_to_close),
      mobs_(m.mobs),
      requirements_{brain::MemoryRequirement{m.path, MemoryStatus::VALUE_PRESENT},
                    brain::MemoryRequirement{m.doors_to_close, MemoryStatus::REGISTERED},
                    brain::MemoryRequirement{m.mobs, MemoryStatus::REGISTERED}} {
    set_debug_name("InteractWithDoor");
}

void InteractWithDoor::remember(Level& level, Brain& brain, BlockPos door) {
    brain.modify_memory(doors_to_close_, [&](GlobalPosSet& doors) {
        doors.insert(GlobalPos{level.dimension(), door});
    });
}

bool InteractWithDoor::trigger(Level& level, Mob& mob, std::int64_t) {
    Brain* b = mob.brain();
    if (b == nullptr) return false;
    if (!b->start_requirements_checked(*this)) {
        for (const auto& r : requirements_)
            if (!b->check_memory(r.memory, r.status)) return false;
    }
    const Path* path = b->get_memory(path_);
    if (path->next_node_index == 0 || path->is_done()) return false;  // notStarted() or isDone()
    const BlockPos next = path->next_node_pos();
    const BlockPos previous = path->nodes[path->next_node_index - 1];
    if (last_node_ == next) cooldown_ = 20;
    else if (--cooldown_ > 0) return false;
    last_node_ = next;

    const BlockState previous_state = level.block_state(previous);
    if (is_wooden_door(level, previous_state)) {
        if (!is_open(level, previous_state)) set_door_open(level, previous, true);
        remember(level, *b, previous);
    }
    const BlockState next_state = level.block_state(next);
    if (is_wooden_door(level, next_state) && !is_open(level, next_state)) {
        set_door_open(level, next, true);
        remember(level, *b, next);
    }
    if (b->has_memory_value(doors_to_close_)) {
        const brain::EntityList* others = b->get_memory(mobs_);
        b->modify_memory(doors_to_close_, [&](GlobalPosSet& doors) {
            close_doors_that_i_have_opened_or_passed_through(level, mob, previous, next, doors, others, path_);
        });
    }
    return true;
}

}  // namespace mobsdk::stdlib
