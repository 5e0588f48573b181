// The iron golem's goals (vanilla's IronGolem.registerGoals): it chases and hits hostile mobs
// that come near, whatever hurt it (players too) and a player who just hurt a villager near it,
// strolls around, offers villagers flowers and looks at players. Persistent anger,
// MoveTowardsTargetGoal and MoveBackToVillageGoal are left out (docs/villagers.md).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

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
    void do_hurt_target(Level& level, Mob& mob, LivingEntity& target) override {
        // IronGolem.doHurtTarget: the swing (entity event 4), the roll, and a knock-up of 0.4 on a
        // hit (scaled by the target's knockback resistance: only another golem's, 1, stops it).
        mob.broadcast_entity_event(4);
        const auto attack_damage = static_cast<float>(mob.attribute_base(Attribute::AttackDamage));
        if (target.hurt(vanilla_damage_types().mob_attack, iron_golem_hit_damage(level.random(), attack_damage),
                        &mob) &&
            target.type() != mob.type())
            target.push({0.0, static_cast<double>(0.4f), 0.0});
    }
};

// Vanilla's DefendVillageTargetGoal (TARGET; must_see false, must_reach true) without gossip: a
// player standing in the golem's box grown by (10, 8, 10) who hurt a villager in that box within
// the last 100 ticks (LivingEntity::last_hurt_by_player) becomes the target, where vanilla wants
// the villager's reputation of the player at −100 or less. Villagers and players must pass
// forCombat().range(64) (line of sight) as vanilla's getNearbyEntities/getNearbyPlayers ask; of
// several, the last pair found wins, as vanilla's loop; creative and spectator players never.
class DefendVillageTargetGoal final : public goal::TargetGoal {
public:
    explicit DefendVillageTargetGoal(Handle<EntityTypeInfo> villager) : TargetGoal(false, true), villager_(villager) {
        set_flags({goal::Flag::Target});
    }

    bool can_use(Level& level, Mob& mob) override {
        static const TargetingConditions attack_targeting = TargetingConditions::for_combat().range(64.0);
        const AABB box = mob.bounding_box().inflate(10.0, 8.0, 10.0);
        potential_target_.reset();
        villagers_.clear();
        level.entities_of_type(villager_, box, villagers_);
        for (const EntityRef& ref : villagers_) {
            const LivingEntity* villager = level.resolve_living(ref);
            if (villager == nullptr || !attack_targeting.test(level, &mob, *villager)) continue;
            const std::optional<HurtRecord> hurt = villager->last_hurt_by_player();
            if (!hurt || !hurt->attacker ||
                level.game_time() - hurt->game_time > LivingEntity::last_hurt_by_player_ticks)
                continue;
            const Player* player = level.resolve_player(*hurt->attacker);
            if (player == nullptr || !box.contains(player->position()) || !attack_targeting.test(level, &mob, *player))
                continue;
            potential_target_ = player->ref();
        }
        if (!potential_target_) return false;
        const Entity* target = level.resolve(*potential_target_);
        return target != nullptr && !goal::is_creative_or_spectator(*target);
    }

    void start(Level& level, Mob& mob) override {
        mob.set_target(potential_target_);
        TargetGoal::start(level, mob);
    }

    std::string debug_string() const override { return "DefendVillageTargetGoal"; }

private:
    Handle<EntityTypeInfo> villager_;
    std::optional<EntityRef> potential_target_;
    std::vector<EntityRef> villagers_;
};

}  // namespace

// ---- OfferFlowerGoal ----

OfferFlowerGoal::OfferFlowerGoal(Handle<EntityTypeInfo> villager) : villager_type_(villager) {
    set_flags({goal::Flag::Move, goal::Flag::Look});
}

bool OfferFlowerGoal::can_use(Level& level, Mob& mob) {
    if (!level.is_day() || level.random().next_int(8000) != 0) return false;
    static const TargetingConditions offer_targeting = TargetingConditions::for_non_combat().range(6.0);
    scratch_.clear();
    level.entities_of_type(villager_type_, mob.bounding_box().inflate(6.0, 2.0, 6.0), scratch_);
    const Entity* v = goal::nearest_entity(level, scratch_, offer_targeting, mob, mob.position());
    villager_ = v ? std::optional<EntityRef>(v->ref()) : std::nullopt;
    return villager_.has_value();
}

void OfferFlowerGoal::start(Level&, Mob& mob) {
    tick_ = adjusted_tick_delay(offer_ticks);
    mob.broadcast_entity_event(11);  // IronGolem.offerFlower(true)
}

void OfferFlowerGoal::stop(Level&, Mob& mob) {
    mob.broadcast_entity_event(34);  // offerFlower(false)
    villager_.reset();
}

void OfferFlowerGoal::tick(Level& level, Mob& mob) {
    if (const Entity* v = villager_ ? level.resolve(*villager_) : nullptr)
        mob.look_control().set_look_at(*v, 30.0f, 30.0f);
    --tick_;
}

namespace {

class IronGolemAi final : public MobAiFactory {
public:
    explicit IronGolemAi(plugin::PluginContext& context)
        : villager_(context.world().entity_types.require("minecraft:villager")) {
        // Vanilla targets every Enemy but creepers; these are the hostile types the host knows.
        for (const char* id : {"minecraft:zombie", "minecraft:skeleton", "minecraft:slime"})
            if (auto h = context.world().entity_types.find(id)) enemies_.push_back(*h);
    }

    void add_goals(Level&, Mob&, goal::GoalSelector& goals, goal::GoalSelector& targets) const override {
        goals.add<IronGolemAttackGoal>(1);
        goals.add<goal::WaterAvoidingRandomStrollGoal>(4, 0.6);
        goals.add<OfferFlowerGoal>(5, villager_);
        goals.add<goal::LookAtPlayerGoal>(7, goal::players, 6.0f);
        goals.add<goal::RandomLookAroundGoal>(8);
        targets.add<DefendVillageTargetGoal>(1, villager_);
        targets.add<goal::HurtByTargetGoal>(2);
        targets.add<goal::NearestAttackableTargetGoal>(3, enemies_, false, false, 5);
    }

private:
    Handle<EntityTypeInfo> villager_;
    goal::TypeList enemies_;
};

}  // namespace

std::unique_ptr<MobAiFactory> make_iron_golem_ai(plugin::PluginContext& context) {
    return std::make_unique<IronGolemAi>(context);
}

}  // namespace villager
