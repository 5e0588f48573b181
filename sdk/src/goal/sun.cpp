// Vanilla's RestrictSunGoal and FleeSunGoal (seed 004) over the world API.
#include "mobsdk/goal/sun.hpp"

#include "mobsdk/world/ai_util.hpp"

namespace mobsdk::goal {

bool RestrictSunGoal::can_use(Level& level, Mob& mob) {
    return level.is_day() && mob.equipment(EquipmentSlot::Head).empty();
}

void RestrictSunGoal::start(Level&, Mob& mob) { mob.navigation().set_avoid_sun(true); }

void RestrictSunGoal::stop(Level&, Mob& mob) { mob.navigation().set_avoid_sun(false); }

FleeSunGoal::FleeSunGoal(double speed_modifier) : speed_modifier_(speed_modifier) { set_flags({Flag::Move}); }

bool FleeSunGoal::can_use(Level& level, Mob& mob) {
    if (mob.target().has_value() || !level.is_day() || !mob.is_on_fire()) return false;
    if (!level.can_see_sky(mob.block_position()) || !mob.equipment(EquipmentSlot::Head).empty()) return false;
    const std::optional<Vec3> hide = random_pos::hide_pos(level, mob);
    if (!hide) return false;
    wanted_ = *hide;
    return true;
}

bool FleeSunGoal::can_continue_to_use(Level&, Mob& mob) { return !mob.navigation().is_done(); }

void FleeSunGoal::start(Level&, Mob& mob) { mob.navigation().move_to(wanted_.block_pos(), speed_modifier_); }

}  // namespace mobsdk::goal
