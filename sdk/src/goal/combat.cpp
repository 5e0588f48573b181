// Vanilla's TargetGoal, NearestAttackableTargetGoal, HurtByTargetGoal and MeleeAttackGoal over
// the world API.
#include "mobsdk/goal/combat.hpp"

#include <algorithm>
#include <utility>

#include "mobsdk/world/player.hpp"
#include "mobsdk/world/vanilla_ids.hpp"

namespace mobsdk::goal {

namespace {

float width_of(const Entity& e) noexcept { return static_cast<float>(e.bounding_box().max.x - e.bounding_box().min.x); }

LivingEntity* resolve_target(Level& level, const Mob& mob) {
    const std::optional<EntityRef> ref = mob.target();
    return ref ? level.resolve_living(*ref) : nullptr;
}

}  // namespace

bool can_attack(const Entity& target) noexcept {
    if (!target.is_alive() || !target.can_be_seen_by_anyone() || target.is_invulnerable()) return false;
    const auto* player = dynamic_cast<const Player*>(&target);
    return player == nullptr || !player->has_invulnerable_ability();
}

bool can_attack(const Level& level, const Entity& target) noexcept {
    if (level.difficulty() == Difficulty::Peaceful && dynamic_cast<const Player*>(&target) != nullptr) return false;
    return can_attack(target);
}

bool is_creative_or_spectator(const Entity& entity) noexcept {
    const auto* player = dynamic_cast<const Player*>(&entity);
    return player != nullptr && (player->is_creative() || player->is_spectator());
}

std::optional<LastHurtBy> last_hurt_by_mob(Level& level, Mob& mob) {
    const std::optional<HurtRecord> record = mob.last_hurt_by_mob();
    if (!record || !record->attacker) return std::nullopt;
    if (level.game_time() - record->game_time > HurtByTargetGoal::memory_ticks) return std::nullopt;
    // Vanilla only remembers living attackers (mobs and players), and forgets them when they die.
    const LivingEntity* attacker = level.resolve_living(*record->attacker);
    if (attacker == nullptr || !attacker->is_alive()) return std::nullopt;
    return LastHurtBy{attacker->ref(), record->game_time};
}

// ---- TargetGoal ----

TargetGoal::TargetGoal(bool must_see, bool must_reach) : must_see_(must_see), must_reach_(must_reach) {}

bool TargetGoal::can_continue_to_use(Level& level, Mob& mob) {
    std::optional<EntityRef> ref = mob.target();
    if (!ref) ref = target_mob_;
    if (!ref) return false;
    const Entity* target = level.resolve(*ref);
    // Teams (vanilla's getTeam) do not exist on this server. can_attack also holds vanilla's last
    // test, a player's Abilities.invulnerable.
    if (target == nullptr || !goal::can_attack(level, *target)) return false;
    const double follow = follow_distance(mob);
    if (mob.distance_to_sqr(*target) > follow * follow) return false;
    if (must_see_) {
        if (mob.has_line_of_sight(*target)) unseen_ticks_ = 0;
        else if (++unseen_ticks_ > reduced_tick_delay(unseen_memory_ticks_)) return false;
    }
    mob.set_target(target->ref());
    return true;
}

void TargetGoal::start(Level&, Mob&) {
    reach_cache_ = 0;
    reach_cache_time_ = 0;
    unseen_ticks_ = 0;
}

void TargetGoal::stop(Level&, Mob& mob) {
    mob.set_target(std::nullopt);
    target_mob_.reset();
}

bool TargetGoal::can_attack(Level& level, Mob& mob, const Entity* target, const TargetingConditions& conditions) {
    if (target == nullptr || !conditions.test(level, &mob, *target)) return false;
    if (!mob.is_within_restriction(target->block_position())) return false;
    if (must_reach_) {
        if (--reach_cache_time_ <= 0) reach_cache_ = 0;
        if (reach_cache_ == 0) reach_cache_ = can_reach(level, mob, *target) ? 1 : 2;
        if (reach_cache_ == 2) return false;
    }
    return true;
}

bool TargetGoal::can_reach(Level& level, Mob& mob, const Entity& target) {
    reach_cache_time_ = reduced_tick_delay(10 + level.random().next_int(5));
    const std::optional<Path> path = mob.navigation().create_path(target, 0);
    if (!path) return false;
    const std::optional<BlockPos> end = path->end_node();
    if (!end) return false;
    const BlockPos t = target.block_position();
    const std::int32_t dx = end->x - t.x, dz = end->z - t.z;
    return static_cast<double>(dx * dx + dz * dz) <= 2.25;
}

// ---- NearestAttackableTargetGoal ----

NearestAttackableTargetGoal::NearestAttackableTargetGoal(TypeList types, bool must_see, bool must_reach,
                                                         std::int32_t random_interval,
                                                         TargetingConditions::Selector selector)
    : TargetGoal(must_see, must_reach),
      types_(std::move(types)),
      random_interval_(reduced_tick_delay(random_interval)),
      selector_(selector) {
    if (types_.empty()) throw GoalError("NearestAttackableTargetGoal needs at least one entity type to target");
    if (random_interval < 0)
        throw GoalError("NearestAttackableTargetGoal: the random interval must not be negative (got " +
                        std::to_string(random_interval) + ")");
    set_flags({Flag::Target});
}

NearestAttackableTargetGoal::NearestAttackableTargetGoal(PlayerTargets, bool must_see, bool must_reach,
                                                         std::int32_t random_interval,
                                                         TargetingConditions::Selector selector)
    : TargetGoal(must_see, must_reach),
      targets_players_(true),
      random_interval_(reduced_tick_delay(random_interval)),
      selector_(selector) {
    if (random_interval < 0)
        throw GoalError("NearestAttackableTargetGoal: the random interval must not be negative (got " +
                        std::to_string(random_interval) + ")");
    set_flags({Flag::Target});
}

bool NearestAttackableTargetGoal::can_use(Level& level, Mob& mob) {
    if (random_interval_ > 0 && level.random().next_int(random_interval_) != 0) return false;
    // Vanilla's findTarget. Its conditions always ask for line of sight (must_see only matters
    // while the target is kept) and it never applies must_reach or the restriction.
    const double follow = follow_distance(mob);
    auto conditions = TargetingConditions::for_combat().range(follow);
    if (selector_) conditions.selector(selector_);
    scratch_.clear();
    if (targets_players_) {
        // Vanilla's getNearestPlayer: every player of the level, in its order; the range bounds it.
        for (const Player* player : level.players()) scratch_.push_back(player->ref());
    } else {
        for (const Handle<EntityTypeInfo> type : types_)
            level.entities_of_type(type, search_area(mob, follow), scratch_);
    }
    const Vec3 p = mob.position();
    const Entity* found = nearest_entity(level, scratch_, conditions, mob, {p.x, p.y + mob.eye_height(), p.z});
    target_ = found ? std::optional<EntityRef>(found->ref()) : std::nullopt;
    return target_.has_value();
}

void NearestAttackableTargetGoal::start(Level& level, Mob& mob) {
    mob.set_target(target_);
    TargetGoal::start(level, mob);
}

// ---- HurtByTargetGoal ----

HurtByTargetGoal::HurtByTargetGoal(TypeList ignore_damage_from)
    : TargetGoal(true, false), ignore_damage_from_(std::move(ignore_damage_from)) {
    set_flags({Flag::Target});
}

HurtByTargetGoal& HurtByTargetGoal::set_alert_others(TypeList also_alert) {
    alert_same_type_ = true;
    alert_types_ = std::move(also_alert);
    return *this;
}

bool HurtByTargetGoal::can_use(Level& level, Mob& mob) {
    const std::optional<LastHurtBy> last = last_hurt_by_mob(level, mob);
    if (!last || (timestamp_ && *timestamp_ == last->game_time)) return false;
    const Entity* attacker = level.resolve(last->attacker);
    if (attacker == nullptr) return false;
    // The universalAnger game rule (off by default) is not modelled: a player attacker is
    // targeted as vanilla does by default.
    for (const Handle<EntityTypeInfo> type : ignore_damage_from_)
        if (attacker->type() == type) return false;
    static const TargetingConditions hurt_by_targeting =
        TargetingConditions::for_combat().ignore_line_of_sight().ignore_invisibility_testing();
    return can_attack(level, mob, attacker, hurt_by_targeting);
}

void HurtByTargetGoal::start(Level& level, Mob& mob) {
    const std::optional<LastHurtBy> last = last_hurt_by_mob(level, mob);
    if (last) {
        mob.set_target(last->attacker);
        timestamp_ = last->game_time;
    }
    target_mob_ = mob.target();
    unseen_memory_ticks_ = 300;
    if (alert_same_type_ && last) alert_others(level, mob, last->attacker);
    TargetGoal::start(level, mob);
}

void HurtByTargetGoal::alert_others(Level& level, Mob& mob, const EntityRef& attacker) {
    const double follow = follow_distance(mob);
    const Vec3 p = mob.position();
    const AABB box = AABB{p, p + Vec3{1, 1, 1}}.inflate(follow, alert_range_y, follow);
    scratch_.clear();
    level.entities_of_type(mob.type(), box, scratch_);
    for (const Handle<EntityTypeInfo> type : alert_types_)
        if (type != mob.type()) level.entities_of_type(type, box, scratch_);
    // Tamed owners and teams (vanilla's other two checks) do not exist on this server.
    for (const EntityRef& ref : scratch_) {
        if (ref.uuid == mob.uuid()) continue;
        Mob* other = level.resolve_mob(ref);
        if (other == nullptr || other->target().has_value()) continue;
        alert_other(*other, attacker);
    }
}

void HurtByTargetGoal::alert_other(Mob& other, const EntityRef& attacker) { other.set_target(attacker); }

// ---- MeleeAttackGoal ----

MeleeAttackGoal::MeleeAttackGoal(double speed_modifier, bool following_target_even_if_not_seen, float attack_damage)
    : speed_modifier_(speed_modifier),
      attack_damage_(attack_damage),
      following_target_even_if_not_seen_(following_target_even_if_not_seen) {
    set_flags({Flag::Move, Flag::Look});
}

double MeleeAttackGoal::attack_reach_sqr(const Entity& attacker, const Entity& target) {
    const float w = width_of(attacker);
    return static_cast<double>(w * 2.0f * w * 2.0f + width_of(target));
}

bool MeleeAttackGoal::can_use(Level& level, Mob& mob) {
    const std::int64_t now = level.game_time();
    if (now - last_can_use_check_ < can_use_check_cooldown) return false;
    last_can_use_check_ = now;
    const LivingEntity* target = resolve_target(level, mob);
    if (target == nullptr || !target->is_alive()) return false;
    path_ = mob.navigation().create_path(*target, 0);
    if (path_) return true;
    return attack_reach_sqr(mob, *target) >= mob.distance_to_sqr(*target);
}

bool MeleeAttackGoal::can_continue_to_use(Level& level, Mob& mob) {
    const LivingEntity* target = resolve_target(level, mob);
    if (target == nullptr || !target->is_alive()) return false;
    if (!following_target_even_if_not_seen_) return !mob.navigation().is_done();
    if (!mob.is_within_restriction(target->block_position())) return false;
    return !is_creative_or_spectator(*target);
}

void MeleeAttackGoal::start(Level&, Mob& mob) {
    mob.navigation().move_to(std::move(path_), speed_modifier_);
    mob.set_aggressive(true);
    path_.reset();
    ticks_until_next_path_recalculation_ = 0;
    ticks_until_next_attack_ = 0;
}

void MeleeAttackGoal::stop(Level& level, Mob& mob) {
    // Vanilla clears the target here only for creative or spectator players.
    if (const LivingEntity* target = resolve_target(level, mob); target != nullptr && is_creative_or_spectator(*target))
        mob.set_target(std::nullopt);
    mob.set_aggressive(false);
    mob.navigation().stop();
}

void MeleeAttackGoal::tick(Level& level, Mob& mob) {
    LivingEntity* target = resolve_target(level, mob);
    if (target == nullptr) return;
    mob.look_control().set_look_at(*target, 30.0f, 30.0f);
    const double distance_sqr = mob.distance_to_sqr(*target);
    ticks_until_next_path_recalculation_ = std::max(ticks_until_next_path_recalculation_ - 1, 0);
    const Vec3 at = target->position();
    if ((following_target_even_if_not_seen_ || mob.has_line_of_sight(*target)) &&
        ticks_until_next_path_recalculation_ <= 0 &&
        ((pathed_target_.x == 0.0 && pathed_target_.y == 0.0 && pathed_target_.z == 0.0) ||
         at.dist_sqr(pathed_target_) >= 1.0 || level.random().next_float() < 0.05f)) {
        pathed_target_ = at;
        std::int32_t delay = 4 + level.random().next_int(7);
        if (distance_sqr > 1024.0) delay += 10;
        else if (distance_sqr > 256.0) delay += 5;
        if (!mob.navigation().move_to(*target, speed_modifier_)) delay += 15;
        ticks_until_next_path_recalculation_ = adjusted_tick_delay(delay);
    }
    ticks_until_next_attack_ = std::max(ticks_until_next_attack_ - 1, 0);
    check_and_perform_attack(level, mob, *target, distance_sqr);
}

void MeleeAttackGoal::check_and_perform_attack(Level& level, Mob& mob, LivingEntity& target, double distance_sqr) {
    if (distance_sqr <= attack_reach_sqr(mob, target) && ticks_until_next_attack_ <= 0) {
        reset_attack_cooldown();
        mob.swing(InteractionHand::MainHand);
        do_hurt_target(level, mob, target);
    }
}

void MeleeAttackGoal::do_hurt_target(Level&, Mob& mob, LivingEntity& target) {
    target.hurt(vanilla_damage_types().mob_attack, attack_damage_, &mob);
}

}  // namespace mobsdk::goal
