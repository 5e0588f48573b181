// The zombie's goals (vanilla's Zombie.registerGoals and addBehaviourGoals, 1.19.3–1.21): it
// strolls and looks around, chases and hits survival players, villagers and iron golems, and turns
// on whatever hurt it, calling the zombies around it. Vanilla's turtle-egg, village and door goals
// have nothing to act on here (docs/monsters.md).
#include <memory>
#include <optional>
#include <utility>

#include "mobsdk/goal/combat.hpp"
#include "mobsdk/goal/goals.hpp"
#include "monsters_plugin.hpp"

namespace monsters {

using namespace mobsdk;

void ZombieAttackGoal::start(Level& level, Mob& mob) {
    MeleeAttackGoal::start(level, mob);
    raise_arm_ticks_ = 0;
}

void ZombieAttackGoal::stop(Level& level, Mob& mob) {
    MeleeAttackGoal::stop(level, mob);
    arms_raised_ = false;
}

void ZombieAttackGoal::tick(Level& level, Mob& mob) {
    MeleeAttackGoal::tick(level, mob);
    ++raise_arm_ticks_;
    arms_raised_ = raise_arm_ticks_ >= 5 && ticks_until_next_attack() < adjusted_tick_delay(attack_interval) / 2;
    mob.set_aggressive(arms_raised_);  // clients raise the arms
}

namespace {

class ZombieAi final : public MobAiFactory {
public:
    ZombieAi(const VanillaContent& vanilla, const Registry<EntityTypeInfo>& types)
        : villagers_{vanilla.entity_types.villager},
          iron_golem_{vanilla.entity_types.iron_golem},
          turtle_(types.find("minecraft:turtle")) {
        // Vanilla's AbstractVillager: villagers and wandering traders, when the host has them.
        if (auto trader = types.find("minecraft:wandering_trader")) villagers_.push_back(*trader);
    }

    void add_goals(Level&, Mob&, goal::GoalSelector& goals, goal::GoalSelector& targets) const override {
        // Vanilla's insertion order (registerGoals, then addBehaviourGoals): it decides between
        // goals of equal priority and the order of the random draws. Left out: 4
        // ZombieAttackTurtleEggGoal (no turtle eggs) and 6 MoveThroughVillageGoal.
        goals.add<goal::LookAtPlayerGoal>(8, goal::players, 8.0f);
        goals.add<goal::RandomLookAroundGoal>(8);
        goals.add<ZombieAttackGoal>(2, 1.0, false, MonsterNumbers::zombie_attack_damage);
        goals.add<goal::WaterAvoidingRandomStrollGoal>(7, 1.0);

        // Vanilla alerts every Zombie subclass but zombified piglins; this host has zombies only.
        targets.add<goal::HurtByTargetGoal>(1).set_alert_others();
        targets.add<goal::NearestAttackableTargetGoal>(2, goal::players, true);
        targets.add<goal::NearestAttackableTargetGoal>(3, villagers_, false);
        targets.add<goal::NearestAttackableTargetGoal>(3, goal::TypeList{iron_golem_}, true);
        if (turtle_)
            targets.add<goal::NearestAttackableTargetGoal>(5, goal::TypeList{*turtle_}, true, false,
                                                           goal::NearestAttackableTargetGoal::default_random_interval,
                                                           &baby_turtle_on_land);
    }

private:
    // Vanilla's Turtle.BABY_ON_LAND_SELECTOR.
    static bool baby_turtle_on_land(const Mob*, const Entity& e) {
        const auto* turtle = dynamic_cast<const Mob*>(&e);
        return turtle != nullptr && turtle->is_baby() && !turtle->in_water();
    }

    goal::TypeList villagers_;
    Handle<EntityTypeInfo> iron_golem_;
    std::optional<Handle<EntityTypeInfo>> turtle_;
};

}  // namespace

std::unique_ptr<MobAiFactory> make_zombie_ai(const VanillaContent& vanilla, const Registry<EntityTypeInfo>& types) {
    return std::make_unique<ZombieAi>(vanilla, types);
}

}  // namespace monsters
