// The skeleton's goals (vanilla's AbstractSkeleton.registerGoals and reassessWeaponGoal,
// 1.19.3–1.21, seed 004): it keeps out of the sun, flees wolves, strolls, and attacks with its
// bow — strafing around the target — or in melee when it holds no bow.
#include <cmath>
#include <memory>
#include <optional>

#include "mobsdk/goal/combat.hpp"
#include "mobsdk/goal/goals.hpp"
#include "mobsdk/goal/sun.hpp"
#include "mobsdk/world/vanilla_ids.hpp"
#include "monsters_plugin.hpp"

namespace monsters {

using namespace mobsdk;

ArrowShot aim_arrow(const Mob& shooter, const Entity& target, float power, Difficulty difficulty,
                    double spread) noexcept {
    // Vanilla's numbers are floats widened to double (0.1F, 0.2F): kept so.
    const auto id = static_cast<std::int32_t>(difficulty);
    const Vec3 s = shooter.position();
    const Vec3 t = target.position();
    ArrowShot shot;
    shot.from = {s.x, s.y + shooter.eye_height() - static_cast<double>(0.1f), s.z};
    const AABB box = target.bounding_box();
    const double dx = t.x - s.x;
    const double dy = t.y + (box.max.y - box.min.y) * 0.3333333333333333 - shot.from.y;
    const double dz = t.z - s.z;
    const double horizontal = std::sqrt(dx * dx + dz * dz);
    shot.direction = {dx, dy + horizontal * static_cast<double>(0.2f), dz};
    shot.velocity = MonsterNumbers::arrow_velocity;
    shot.inaccuracy = static_cast<float>(14 - id * 4);
    // setBaseDamageFromMob: power × 2 + triangle(difficulty × 0.11, 0.57425).
    shot.base_damage = static_cast<double>(power * 2.0f) + (static_cast<double>(id) * 0.11 + 0.57425 * spread);
    return shot;
}

// ---- SkeletonAttackGoal ----

SkeletonAttackGoal::SkeletonAttackGoal()
    : bow_(*this, MonsterNumbers::bow_speed, MonsterNumbers::bow_interval, MonsterNumbers::bow_radius),
      melee_(MonsterNumbers::melee_speed, false, MonsterNumbers::skeleton_attack_damage) {
    set_flags({goal::Flag::Move, goal::Flag::Look});
}

goal::Goal& SkeletonAttackGoal::current() noexcept {
    if (weapon_ == Weapon::Bow) return bow_;
    return melee_;
}

bool SkeletonAttackGoal::can_use(Level& level, Mob& mob) {
    reassess_weapon(mob);
    return current().can_use(level, mob);
}

bool SkeletonAttackGoal::can_continue_to_use(Level& level, Mob& mob) {
    return weapon_for(mob) == weapon_ && current().can_continue_to_use(level, mob);
}

void SkeletonAttackGoal::start(Level& level, Mob& mob) {
    if (weapon_ == Weapon::Bow)
        bow_.set_min_attack_interval(level.difficulty() == Difficulty::Hard ? MonsterNumbers::bow_interval_hard
                                                                            : MonsterNumbers::bow_interval);
    running_ = true;
    current().start(level, mob);
}

void SkeletonAttackGoal::stop(Level& level, Mob& mob) {
    running_ = false;
    current().stop(level, mob);
}

void SkeletonAttackGoal::tick(Level& level, Mob& mob) {
    // Vanilla would already have removed the goal; it stops at the next evaluation.
    if (weapon_for(mob) != weapon_) return;
    current().tick(level, mob);
}

std::string SkeletonAttackGoal::debug_string() const {
    return weapon_ == Weapon::Bow ? "SkeletonAttackGoal(RangedBowAttackGoal)" : "SkeletonAttackGoal(MeleeAttackGoal)";
}

void SkeletonAttackGoal::perform_ranged_attack(Level& level, Mob& mob, const Entity& target, float power) {
    // Vanilla draws the damage's triangle when it makes the arrow, before shoot draws the spread
    // (from the arrow's own random; here from the level's, so that a seed replays the fight).
    RandomSource& random = level.random();
    const double a = random.next_double();
    const double spread = a - random.next_double();
    const ArrowShot shot = aim_arrow(mob, target, power, level.difficulty(), spread);
    ++shots_;
    last_shot_ = shot;
    last_arrow_ = level.shoot_arrow(mob, shot.from, shot.direction, shot.velocity, shot.inaccuracy, shot.base_damage);
}

// ---- the factory ----

namespace {

class SkeletonAi final : public MobAiFactory {
public:
    SkeletonAi(const VanillaContent& vanilla, const Registry<EntityTypeInfo>& types)
        : iron_golem_(vanilla.entity_types.iron_golem),
          wolf_(vanilla.entity_types.wolf),
          turtle_(types.find("minecraft:turtle")) {}

    void add_goals(Level&, Mob& mob, goal::GoalSelector& goals, goal::GoalSelector& targets) const override {
        // Vanilla's order.
        goals.add<goal::RestrictSunGoal>(2);
        goals.add<goal::FleeSunGoal>(3, 1.0);
        goals.add<goal::AvoidEntityGoal>(3, goal::TypeList{wolf_}, 6.0f, 1.0, 1.2);
        goals.add<goal::WaterAvoidingRandomStrollGoal>(5, 1.0);
        goals.add<goal::LookAtPlayerGoal>(6, goal::players, 8.0f);
        goals.add<goal::RandomLookAroundGoal>(6);
        targets.add<goal::HurtByTargetGoal>(1);
        targets.add<goal::NearestAttackableTargetGoal>(2, goal::players, true);
        targets.add<goal::NearestAttackableTargetGoal>(3, goal::TypeList{iron_golem_}, true);
        if (turtle_)
            targets.add<goal::NearestAttackableTargetGoal>(3, goal::TypeList{*turtle_}, true, false,
                                                           goal::NearestAttackableTargetGoal::default_random_interval,
                                                           &baby_turtle_on_land);
        // The constructor's reassessWeaponGoal adds the attack last.
        auto& attack = goals.add<SkeletonAttackGoal>(4);

        // finalizeSpawn's populateDefaultEquipmentSlots. The mob has not read its NBT yet: a
        // loaded skeleton's HandItems (saved even when empty) replace this bow, and the goal
        // follows the hands at its next evaluation.
        if (mob.equipment(EquipmentSlot::MainHand).empty() && mob.equipment(EquipmentSlot::OffHand).empty())
            mob.set_equipment(EquipmentSlot::MainHand, ItemStack{bow_, 1});
        attack.reassess_weapon(mob);
    }

private:
    // Vanilla's Turtle.BABY_ON_LAND_SELECTOR.
    static bool baby_turtle_on_land(const Mob*, const Entity& e) {
        const auto* turtle = dynamic_cast<const Mob*>(&e);
        return turtle != nullptr && turtle->is_baby() && !turtle->in_water();
    }

    ResourceLocation bow_ = mobsdk::vanilla_items().bow;
    Handle<EntityTypeInfo> iron_golem_;
    Handle<EntityTypeInfo> wolf_;
    std::optional<Handle<EntityTypeInfo>> turtle_;
};

}  // namespace

std::unique_ptr<MobAiFactory> make_skeleton_ai(const VanillaContent& vanilla, const Registry<EntityTypeInfo>& types) {
    return std::make_unique<SkeletonAi>(vanilla, types);
}

}  // namespace monsters
