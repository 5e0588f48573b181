// SleepInBed and WakeUp, with the memory updates of vanilla's Villager.startSleeping/stopSleeping.
#include "mobsdk/stdlib/sleep.hpp"

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/stdlib/doors.hpp"

namespace mobsdk::stdlib {

using brain::Brain;
using brain::MemoryStatus;
using brain::StandardMemories;

namespace {

bool closer_to_center_than(BlockPos pos, const Vec3& point, double distance) noexcept {
    return Vec3::at_center(pos).dist_sqr(point) < distance * distance;
}

}  // namespace

void villager_start_sleeping(Level& level, Mob& mob, const StandardMemories& m, BlockPos bed) {
    mob.start_sleeping(bed);
    if (Brain* b = mob.brain()) {
        b->set_memory(m.last_slept, level.game_time());
        b->erase_memory(m.walk_target);
        b->erase_memory(m.cant_reach_walk_target_since);
    }
}

void villager_stop_sleeping(Level& level, Mob& mob, const StandardMemories& m) {
    mob.stop_sleeping();
    if (Brain* b = mob.brain()) b->set_memory(m.last_woken, level.game_time());
}

// ---- SleepInBed ----

SleepInBed::SleepInBed(const StandardMemories& m, brain::Activity rest)
    : Behavior({{m.home, MemoryStatus::VALUE_PRESENT}, {m.last_woken, MemoryStatus::REGISTERED}}),
      memories_(&m),
      rest_(rest) {}

bool SleepInBed::check_extra_start_conditions(Level& level, Mob& mob) {
    const Brain& b = *mob.brain();
    const GlobalPos& home = *b.get_memory(memories_->home);
    if (!(home.dimension == level.dimension())) return false;
    if (const std::int64_t* woken = b.get_memory(memories_->last_woken)) {
        const std::int64_t since = level.game_time() - *woken;
        if (since > 0 && since < cooldown_after_being_woken) return false;
    }
    const BlockRegistry& blocks = level.blocks();
    const BlockState state = level.block_state(home.pos);
    return closer_to_center_than(home.pos, mob.position(), 2.0) && blocks.has_tag(state, blocks.vanilla_tags().beds) &&
           !blocks.get_or(state, blocks.vanilla_properties().occupied, false);
}

bool SleepInBed::can_still_use(Level&, Mob& mob, std::int64_t) {
    const Brain& b = *mob.brain();
    const GlobalPos* home = b.get_memory(memories_->home);
    if (home == nullptr) return false;
    return b.is_active(rest_) && mob.position().y > home->pos.y + 0.4 &&
           closer_to_center_than(home->pos, mob.position(), 1.14);
}

void SleepInBed::start(Level& level, Mob& mob, std::int64_t time) {
    if (time <= next_ok_start_time_) return;
    close_remembered_doors(level, mob, *memories_);
    villager_start_sleeping(level, mob, *memories_, mob.brain()->get_memory(memories_->home)->pos);
}

void SleepInBed::stop(Level& level, Mob& mob, std::int64_t time) {
    if (!mob.is_sleeping()) return;
    villager_stop_sleeping(level, mob, *memories_);
    next_ok_start_time_ = time + 40;
}

// ---- WakeUp ----

std::unique_ptr<brain::OneShot> wake_up(const StandardMemories& m, brain::Activity rest) {
    using namespace brain::behavior_builder;
    auto b = create([&m, rest](Level& level, Mob& mob, std::int64_t) {
        // The mob's own flag first: the brain's activity list is another cache line away.
        if (!mob.is_sleeping() || mob.brain()->is_active(rest)) return false;
        villager_stop_sleeping(level, mob, m);
        return true;
    });
    b->set_debug_name("WakeUp");
    return b;
}

}  // namespace mobsdk::stdlib
