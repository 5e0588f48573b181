// Vanilla's RangedBowAttackGoal (seed 004) over the world API.
#include "mobsdk/goal/ranged.hpp"

#include <cmath>

#include "mobsdk/world/ai_util.hpp"
#include "mobsdk/world/vanilla_ids.hpp"

namespace mobsdk::goal {

namespace {

bool is_bow(const ItemStack& stack) { return !stack.empty() && stack.item == vanilla_items().bow; }

}  // namespace

RangedBowAttackGoal::RangedBowAttackGoal(RangedAttacker& attacker, double speed_modifier,
                                         std::int32_t attack_interval_min, float attack_radius)
    : attacker_(&attacker),
      speed_modifier_(speed_modifier),
      attack_interval_min_(attack_interval_min),
      attack_radius_sqr_(attack_radius * attack_radius) {
    set_flags({Flag::Move, Flag::Look});
}

bool RangedBowAttackGoal::is_holding_bow(const Mob& mob) {
    return is_bow(mob.equipment(EquipmentSlot::MainHand)) || is_bow(mob.equipment(EquipmentSlot::OffHand));
}

float RangedBowAttackGoal::power_for_time(std::int32_t ticks) noexcept {
    float f = static_cast<float>(ticks) / 20.0f;
    f = (f * f + f * 2.0f) / 3.0f;
    return f > 1.0f ? 1.0f : f;
}

bool RangedBowAttackGoal::can_use(Level&, Mob& mob) { return mob.target().has_value() && is_holding_bow(mob); }

bool RangedBowAttackGoal::can_continue_to_use(Level& level, Mob& mob) {
    return (can_use(level, mob) || !mob.navigation().is_done()) && is_holding_bow(mob);
}

void RangedBowAttackGoal::start(Level&, Mob& mob) { mob.set_aggressive(true); }

void RangedBowAttackGoal::stop(Level&, Mob& mob) {
    mob.set_aggressive(false);
    see_time_ = 0;
    attack_time_ = -1;
    using_item_ = false;
    ticks_using_item_ = 0;
    facing_valid_ = false;
}

void RangedBowAttackGoal::tick(Level& level, Mob& mob) {
    // Vanilla advances the item in use before the mob's AI runs (LivingEntity.updatingUsingItem).
    if (using_item_) ++ticks_using_item_;
    const std::optional<EntityRef> ref = mob.target();
    const Entity* target = ref ? level.resolve(*ref) : nullptr;
    if (target == nullptr) return;

    // 1. Sight bookkeeping: a run of seen ticks counts up, a run of unseen ticks counts down.
    const Vec3 at = target->position();
    const double distance_sqr = mob.position().dist_sqr(at);
    const bool sees = mob.has_line_of_sight(*target);
    if (sees != (see_time_ > 0)) see_time_ = 0;
    if (sees) ++see_time_;
    else --see_time_;

    // 2. Strafe inside the radius once the target has been seen for a second, else close in.
    if (!(distance_sqr > static_cast<double>(attack_radius_sqr_)) && see_time_ >= 20) {
        mob.navigation().stop();
        ++strafing_time_;
    } else {
        mob.navigation().move_to(*target, speed_modifier_);
        strafing_time_ = -1;
    }
    if (strafing_time_ >= strafe_flip_ticks) {
        if (static_cast<double>(level.random().next_float()) < 0.3) strafing_clockwise_ = !strafing_clockwise_;
        if (static_cast<double>(level.random().next_float()) < 0.3) strafing_backwards_ = !strafing_backwards_;
        strafing_time_ = 0;
    }

    // 3. Keep inside the band between 0.25 and 0.75 of the radius squared.
    if (strafing_time_ > -1) {
        if (distance_sqr > static_cast<double>(attack_radius_sqr_ * 0.75f)) strafing_backwards_ = false;
        else if (distance_sqr < static_cast<double>(attack_radius_sqr_ * 0.25f)) strafing_backwards_ = true;
        strafe(mob, *target);
    } else {
        facing_valid_ = false;
        mob.look_control().set_look_at(*target, 30.0f, 30.0f);
    }

    // 4. Draw, shoot, or give up.
    if (using_item_) {
        if (!sees && see_time_ < -give_up_ticks) {
            using_item_ = false;
        } else if (sees && ticks_using_item_ >= draw_ticks) {
            const std::int32_t drawn = ticks_using_item_;
            using_item_ = false;
            attacker_->perform_ranged_attack(level, mob, *target, power_for_time(drawn));
            attack_time_ = attack_interval_min_;
        }
    } else if (--attack_time_ <= 0 && see_time_ >= -give_up_ticks) {
        using_item_ = true;
        ticks_using_item_ = 0;
    }
}

void RangedBowAttackGoal::strafe(Mob& mob, const Entity& target) {
    // Vanilla turns the body (at most 30° a tick) and strafes relative to it. Keep that facing
    // here and express the strafe in the frame of the mob's actual yaw.
    if (!facing_valid_) {
        facing_ = mob.y_rot();
        facing_valid_ = true;
    }
    const Vec3 from = mob.position(), to = target.position();
    const auto yaw = static_cast<float>(std::atan2(to.z - from.z, to.x - from.x) * 57.2957763671875) - 90.0f;
    facing_ = rotlerp(facing_, yaw, 30.0f);
    const float forward = strafing_backwards_ ? -0.5f : 0.5f;
    const float right = strafing_clockwise_ ? 0.5f : -0.5f;
    const double delta = static_cast<double>(facing_ - mob.y_rot()) * (3.14159265358979323846 / 180.0);
    const double c = std::cos(delta), s = std::sin(delta);
    mob.move_control().strafe(static_cast<float>(forward * c + right * s), static_cast<float>(right * c - forward * s));
    mob.look_control().set_look_at(target, 30.0f, 30.0f);
}

}  // namespace mobsdk::goal
