// The slime (vanilla's Slime, 1.19.3–1.21, seed 003's goal table): it hops in its facing
// direction with its own move control, turns to a random heading or towards its target, hurts iron
// golems it touches when it is bigger than tiny, and splits into smaller slimes when it dies.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string_view>

#include "mobsdk/goal/combat.hpp"
#include "mobsdk/world/ai_util.hpp"
#include "monsters_plugin.hpp"

namespace monsters {

using namespace mobsdk;

namespace {

constexpr float rad_to_deg = 57.2957763671875f;  // 180F / (float) Math.PI

}  // namespace

float special_multiplier(const Level& level) noexcept {
    // DifficultyInstance.calculateDifficulty with a chunk never inhabited (this server does not
    // count inhabited time), then getSpecialMultiplier.
    const Difficulty difficulty = level.difficulty();
    if (difficulty == Difficulty::Peaceful) return 0.0f;
    const auto day_time = static_cast<float>(level.day_time());
    const float g = std::clamp((day_time + -72000.0f) / 1440000.0f, 0.0f, 1.0f) * 0.25f;
    static constexpr float moon_brightness[8] = {1.0f, 0.75f, 0.5f, 0.25f, 0.0f, 0.25f, 0.5f, 0.75f};
    const auto phase = static_cast<std::size_t>((level.day_time() / 24000 % 8 + 8) % 8);
    float h = std::clamp(moon_brightness[phase] * 0.25f, 0.0f, g);
    if (difficulty == Difficulty::Easy) h *= 0.5f;
    const float effective = static_cast<float>(static_cast<std::int32_t>(difficulty)) * (0.75f + g + h);
    if (effective < 2.0f) return 0.0f;
    return effective > 4.0f ? 1.0f : (effective - 2.0f) / 2.0f;
}

// ---- SlimeState ----

SlimeState::SlimeState(Mob& mob) noexcept : mob_(&mob) {}

std::span<const std::string_view> SlimeState::nbt_keys() const {
    static constexpr std::string_view keys[] = {"Size", "wasOnGround"};
    return keys;
}

void SlimeState::save(nbt::Compound& entity) const {
    entity.put("Size", nbt::Tag(size_ - 1));
    entity.put("wasOnGround", nbt::Tag(was_on_ground_));
}

void SlimeState::load(const nbt::Compound& entity, std::vector<std::string>& warnings) {
    if (const nbt::Tag* t = entity.find("Size")) {
        // Vanilla: setSize(Size + 1, false), clamped to 1–127 (a negative Size becomes size 1).
        if (const auto* v = t->get_if<std::int32_t>()) set_size(std::clamp(*v, 0, 126) + 1, false);
        else warnings.push_back("Size: expected an int");
    }
    if (const nbt::Tag* t = entity.find("wasOnGround")) {
        if (const auto* v = t->get_if<std::int8_t>()) was_on_ground_ = *v != 0;
        else warnings.push_back("wasOnGround: expected a byte");
    }
}

void SlimeState::set_size(std::int32_t size, bool reset_health) {
    // Vanilla's Slime.setSize.
    size_ = std::clamp(size, 1, 127);
    mob_->set_dimension_scale(0.255f * static_cast<float>(size_));
    mob_->set_attribute_base(Attribute::MaxHealth, static_cast<double>(size_ * size_));
    mob_->set_attribute_base(Attribute::MovementSpeed, static_cast<double>(0.2f + 0.1f * static_cast<float>(size_)));
    mob_->set_attribute_base(Attribute::AttackDamage, static_cast<double>(size_));
    if (reset_health) mob_->set_health(mob_->max_health());
}

void SlimeState::on_death(Level& level, Mob& mob) {
    // Vanilla's Slime.remove(KILLED): a slime bigger than tiny leaves 2–4 of half its size,
    // spread over a square of a quarter of its size, half a block up, facing at random.
    if (size_ <= 1) return;
    const float f = static_cast<float>(size_) / 4.0f;
    const std::int32_t half = size_ / 2;
    RandomSource& random = level.random();
    const std::int32_t count = 2 + random.next_int(3);
    const Vec3 p = mob.position();
    for (std::int32_t l = 0; l < count; ++l) {
        const float dx = (static_cast<float>(l % 2) - 0.5f) * f;
        const float dz = (static_cast<float>(l / 2) - 0.5f) * f;
        const float y_rot = random.next_float() * 360.0f;
        Mob* child = level.summon_mob(mob.type(), {p.x + dx, p.y + 0.5, p.z + dz}, y_rot);
        if (child == nullptr) continue;
        // Vanilla: each child keeps the parent's name, NoAI and invulnerability.
        child->set_custom_name(mob.custom_name());
        child->set_no_ai(mob.is_no_ai());
        child->set_invulnerable(mob.is_invulnerable());
        if (auto* state = child->attachment_as<SlimeState>()) state->set_size(half, true);
        ++split_into_;
    }
}

// ---- SlimeMoveControl ----

SlimeMoveControl::SlimeMoveControl(const Mob& mob) noexcept
    // Vanilla's constructor converts the yaw as if it were radians: kept.
    : y_rot_(180.0f * mob.y_rot() / 3.1415927f) {}

void SlimeMoveControl::tick(Level& level, Mob& mob, MoveInputs& in) {
    // MoveControl.rotlerp: at most 90 degrees a tick, kept within 0–360.
    float yaw = in.y_rot + std::clamp(wrap_degrees(y_rot_ - in.y_rot), -90.0f, 90.0f);
    if (yaw < 0.0f) yaw += 360.0f;
    else if (yaw > 360.0f) yaw -= 360.0f;
    in.y_rot = in.y_head_rot = in.y_body_rot = yaw;
    if (operation_ != Operation::MoveTo) {
        in.zza = 0.0f;
        return;
    }
    operation_ = Operation::Wait;
    const auto speed = static_cast<float>(speed_modifier_ * mob.movement_speed());
    if (!mob.on_ground()) {
        in.set_speed(speed);
        return;
    }
    in.set_speed(speed);
    if (jump_delay_-- <= 0) {
        // Slime.getJumpDelay: 10–29 ticks, a third of that when it is after something.
        jump_delay_ = level.random().next_int(20) + 10;
        if (aggressive_) jump_delay_ /= 3;
        mob.jump_control().jump();
        ++jumps_;
    } else {
        in.xxa = 0.0f;
        in.set_speed(0.0f);
    }
}

// ---- the goals ----

namespace {

// Vanilla's `getMoveControl() instanceof SlimeMoveControl`: the slime's state knows its control.
SlimeMoveControl* slime_move(Mob& mob) {
    auto* state = mob.attachment_as<SlimeState>();
    return state != nullptr ? state->move_control() : nullptr;
}

// Slime.isDealsDamage: bigger than tiny (and its AI running, which is when goals run at all).
bool deals_damage(Mob& mob) {
    const auto* state = mob.attachment_as<SlimeState>();
    return state != nullptr && state->size() > 1;
}

}  // namespace

SlimeFloatGoal::SlimeFloatGoal() { set_flags({goal::Flag::Jump, goal::Flag::Move}); }

bool SlimeFloatGoal::can_use(Level& level, Mob& mob) {
    (void)level;
    return mob.in_water() && slime_move(mob) != nullptr;
}

void SlimeFloatGoal::tick(Level& level, Mob& mob) {
    if (level.random().next_float() < 0.8f) mob.jump_control().jump();
    if (auto* move = slime_move(mob)) move->set_wanted_movement(1.2);
}

SlimeAttackGoal::SlimeAttackGoal() { set_flags({goal::Flag::Look}); }

bool SlimeAttackGoal::can_use(Level& level, Mob& mob) {
    const auto t = mob.target();
    LivingEntity* target = t ? level.resolve_living(*t) : nullptr;
    return target != nullptr && goal::can_attack(*target) && slime_move(mob) != nullptr;
}

void SlimeAttackGoal::start(Level&, Mob&) { grow_tired_timer_ = reduced_tick_delay(300); }

bool SlimeAttackGoal::can_continue_to_use(Level& level, Mob& mob) {
    const auto t = mob.target();
    LivingEntity* target = t ? level.resolve_living(*t) : nullptr;
    return target != nullptr && goal::can_attack(*target) && --grow_tired_timer_ > 0;
}

void SlimeAttackGoal::tick(Level& level, Mob& mob) {
    const auto t = mob.target();
    LivingEntity* target = t ? level.resolve_living(*t) : nullptr;
    auto* move = slime_move(mob);
    if (target == nullptr || move == nullptr) return;
    // Mob.lookAt(target, 10, 10) turns the body; the move control then follows that heading.
    const Vec3 d = target->position() - mob.position();
    const float wanted = static_cast<float>(std::atan2(d.z, d.x)) * rad_to_deg - 90.0f;
    move->set_direction(rotlerp(mob.y_rot(), wanted, 10.0f), deals_damage(mob));
}

SlimeRandomDirectionGoal::SlimeRandomDirectionGoal() { set_flags({goal::Flag::Look}); }

bool SlimeRandomDirectionGoal::can_use(Level& level, Mob& mob) {
    (void)level;
    return !mob.target() && (mob.on_ground() || mob.in_water()) && slime_move(mob) != nullptr;
}

void SlimeRandomDirectionGoal::tick(Level& level, Mob& mob) {
    if (--next_randomize_time_ <= 0) {
        next_randomize_time_ = adjusted_tick_delay(40 + level.random().next_int(60));
        chosen_degrees_ = static_cast<float>(level.random().next_int(360));
    }
    if (auto* move = slime_move(mob)) move->set_direction(chosen_degrees_, false);
}

SlimeKeepOnJumpingGoal::SlimeKeepOnJumpingGoal() { set_flags({goal::Flag::Jump, goal::Flag::Move}); }

void SlimeKeepOnJumpingGoal::tick(Level& level, Mob& mob) {
    (void)level;
    if (auto* move = slime_move(mob)) move->set_wanted_movement(1.0);
}

bool SlimeContactDamageGoal::can_use(Level& level, Mob& mob) {
    (void)level;
    return deals_damage(mob);
}

void SlimeContactDamageGoal::tick(Level& level, Mob& mob) {
    // Vanilla's Slime.push(IronGolem) → dealDamage: a golem whose box touches the slime's, within
    // 0.6 × size of its feet and in sight, takes the slime's attack damage.
    const auto* state = mob.attachment_as<SlimeState>();
    if (state == nullptr || state->size() <= 1) return;
    touching_.clear();
    level.entities_of_type(iron_golem_, mob.bounding_box(), touching_);
    const double reach = 0.6 * state->size();
    for (const EntityRef& ref : touching_) {
        Mob* golem = level.resolve_mob(ref);
        if (golem == nullptr || !golem->is_alive()) continue;
        if (mob.position().dist_sqr(golem->position()) < reach * reach && mob.has_line_of_sight(*golem))
            golem->hurt(mob_attack_, static_cast<float>(mob.attribute_base(Attribute::AttackDamage)), &mob);
    }
}

// ---- the factory ----

namespace {

class SlimeAi final : public MobAiFactory {
public:
    explicit SlimeAi(const VanillaContent& vanilla) : iron_golem_(vanilla.entity_types.iron_golem) {}

    std::unique_ptr<MobAttachment> make_attachment(Level&, Mob& mob) const override {
        auto state = std::make_unique<SlimeState>(mob);
        state->set_size(1, true);  // vanilla's default size before finalizeSpawn or NBT
        return state;
    }

    std::unique_ptr<CustomMoveControl> make_move_control(Level&, Mob& mob) const override {
        auto control = std::make_unique<SlimeMoveControl>(mob);
        if (auto* state = mob.attachment_as<SlimeState>()) state->set_move_control(control.get());
        return control;
    }

    void finalize_spawn(Level& level, Mob& mob) const override {
        // Slime.finalizeSpawn: size 1, 2 or 4; the middle pick moves up one step with a chance
        // of half the difficulty's special multiplier (0 below hard: no local difficulty here).
        RandomSource& random = level.random();
        std::int32_t i = random.next_int(3);
        if (i < 2 && random.next_float() < 0.5f * special_multiplier(level)) ++i;
        if (auto* state = mob.attachment_as<SlimeState>()) state->set_size(1 << i, true);
    }

    void add_goals(Level&, Mob&, goal::GoalSelector& goals, goal::GoalSelector& targets) const override {
        goals.add<SlimeFloatGoal>(1);
        goals.add<SlimeAttackGoal>(2);
        goals.add<SlimeRandomDirectionGoal>(3);
        goals.add<SlimeKeepOnJumpingGoal>(5);
        goals.add<SlimeContactDamageGoal>(0, iron_golem_);
        // Priority 1, NearestAttackableTargetGoal(Player, 10, true, false, |dy| ≤ 4): no players.
        targets.add<goal::NearestAttackableTargetGoal>(3, goal::TypeList{iron_golem_}, true);
    }

private:
    Handle<EntityTypeInfo> iron_golem_;
};

}  // namespace

std::unique_ptr<MobAiFactory> make_slime_ai(const VanillaContent& vanilla) {
    return std::make_unique<SlimeAi>(vanilla);
}

}  // namespace monsters
