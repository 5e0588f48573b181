// The iron golem's goals (vanilla's IronGolem.registerGoals): it chases and hits hostile mobs
// that come near and whatever hurt it, and strolls around. Vanilla's player-related goals
// (offering flowers, anger at players), MoveTowardsTargetGoal and MoveBackToVillageGoal are left
// out (docs/villagers.md).
#include <cstdint>
#include <memory>

#include "mobsdk/goal/combat.hpp"
#include "mobsdk/goal/goals.hpp"
#include "mobsdk/world/vanilla_ids.hpp"
#include "villager_plugin.hpp"

namespace villager {

using namespace mobsdk;

float iron_golem_hit_damage(RandomSource& random, float attack_damage) noexcept {
    const auto whole = static_cast<std::int32_t>(attack_damage);
    return whole > 0 ? attack_damage / 2.0f + static_cast<float>(random.next_int(whole)) : attack_damage;
}

namespace {

// Vanilla's MeleeAttackGoal(1.0, true) with IronGolem.doHurtTarget's roll (the level's seeded
// random stands for the golem's own).
class IronGolemAttackGoal final : public goal::MeleeAttackGoal {
public:
    IronGolemAttackGoal() : MeleeAttackGoal(1.0, true, 0.0f) {}

protected:
    void do_hurt_target(Level& level, Mob& mob, Mob& target) override {
        const auto attack_damage = static_cast<float>(mob.attribute_base(Attribute::AttackDamage));
        target.hurt(vanilla_damage_types().mob_attack, iron_golem_hit_damage(level.random(), attack_damage), &mob);
    }
};

class IronGolemAi final : public MobAiFactory {
public:
    explicit IronGolemAi(plugin::PluginContext& context) {
        // Vanilla targets every Enemy but creepers; these are the hostile types the host knows.
        for (const char* id : {"minecraft:zombie", "minecraft:skeleton", "minecraft:slime"})
            if (auto h = context.world().entity_types.find(id)) enemies_.push_back(*h);
    }

    void add_goals(Level&, Mob&, goal::GoalSelector& goals, goal::GoalSelector& targets) const override {
        goals.add<IronGolemAttackGoal>(1);
        goals.add<goal::WaterAvoidingRandomStrollGoal>(4, 0.6);
        goals.add<goal::RandomLookAroundGoal>(8);
        targets.add<goal::HurtByTargetGoal>(2);
        targets.add<goal::NearestAttackableTargetGoal>(3, enemies_, false, false, 5);
    }

private:
    goal::TypeList enemies_;
};

}  // namespace

std::unique_ptr<MobAiFactory> make_iron_golem_ai(plugin::PluginContext& context) {
    return std::make_unique<IronGolemAi>(context);
}

}  // namespace villager
