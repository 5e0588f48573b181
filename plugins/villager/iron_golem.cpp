// The iron golem's goals (vanilla's IronGolem.registerGoals): it chases and hits hostile mobs
// that come near and whatever hurt it, and strolls around. Vanilla's player-related goals
// (offering flowers, anger at players), MoveTowardsTargetGoal and MoveBackToVillageGoal are left
// out (docs/villagers.md).
#include <memory>

#include "mobsdk/goal/combat.hpp"
#include "mobsdk/goal/goals.hpp"
#include "villager_plugin.hpp"

namespace villager {

using namespace mobsdk;

namespace {

class IronGolemAi final : public MobAiFactory {
public:
    explicit IronGolemAi(plugin::PluginContext& context) {
        // Vanilla targets every Enemy but creepers; these are the hostile types the host knows.
        for (const char* id : {"minecraft:zombie", "minecraft:skeleton", "minecraft:slime"})
            if (auto h = context.world().entity_types.find(id)) enemies_.push_back(*h);
    }

    void add_goals(Level&, Mob&, goal::GoalSelector& goals, goal::GoalSelector& targets) const override {
        // Vanilla's golem hits for 7.5 + nextInt(15) at normal difficulty; 14.5 is that average.
        goals.add<goal::MeleeAttackGoal>(1, 1.0, true, attack_damage);
        goals.add<goal::WaterAvoidingRandomStrollGoal>(4, 0.6);
        goals.add<goal::RandomLookAroundGoal>(8);
        targets.add<goal::HurtByTargetGoal>(2);
        targets.add<goal::NearestAttackableTargetGoal>(3, enemies_, false, false, 5);
    }

    /// @brief The golem's mean melee damage.
    static constexpr float attack_damage = 14.5f;

private:
    goal::TypeList enemies_;
};

}  // namespace

std::unique_ptr<MobAiFactory> make_iron_golem_ai(plugin::PluginContext& context) {
    return std::make_unique<IronGolemAi>(context);
}

}  // namespace villager
