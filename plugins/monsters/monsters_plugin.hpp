// The monsters plugin: minecraft:zombie and minecraft:skeleton with vanilla's goal tables (seed
// 003 and 004): the zombie chases villagers and iron golems and turns on whatever hurts it; the
// skeleton hides from the sun, strafes and shoots with its bow, and hits in melee without one.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "mobsdk/goal/combat.hpp"
#include "mobsdk/goal/ranged.hpp"
#include "mobsdk/plugin/plugin.hpp"

namespace monsters {

/// @brief Handles to what the plugin gave AI to.
struct MonstersContent {
    mobsdk::Handle<mobsdk::EntityTypeInfo> zombie;    ///< minecraft:zombie
    mobsdk::Handle<mobsdk::EntityTypeInfo> skeleton;  ///< minecraft:skeleton
};

/// @brief The plugin (id `monsters`). The entity types are vanilla's and registered by the host
/// (size, attributes, burning in daylight); the plugin gives them their goals.
class MonstersPlugin final : public mobsdk::plugin::Plugin {
public:
    void register_content(mobsdk::plugin::PluginContext& context) override;
    /// @brief The handles, once register_content ran.
    const MonstersContent& content() const noexcept { return content_; }

private:
    MonstersContent content_;
};

/// @brief The numbers of the two mobs (vanilla's constants and attribute values).
struct MonsterNumbers {
    static constexpr float zombie_attack_damage = 3.0f;    ///< Zombie.createAttributes: attack_damage
    static constexpr float skeleton_attack_damage = 2.0f;  ///< Monster's default attack_damage
    static constexpr double bow_speed = 1.0;               ///< RangedBowAttackGoal's speed modifier
    static constexpr std::int32_t bow_interval_hard = 20;  ///< attackIntervalMin on hard
    static constexpr std::int32_t bow_interval = 40;       ///< attackIntervalMin otherwise
    static constexpr float bow_radius = 15.0f;             ///< RangedBowAttackGoal's attack radius
    static constexpr double melee_speed = 1.2;             ///< the skeleton's MeleeAttackGoal speed
    static constexpr float arrow_velocity = 1.6f;          ///< performRangedAttack's shoot velocity
};

/// @brief Vanilla's ZombieAttackGoal: MeleeAttackGoal with the raised-arms bookkeeping. Vanilla
/// raises the arms (setAggressive) from the fifth tick of the attack whenever the next hit is
/// less than half an attack interval away; there are no clients here, so the state is only kept
/// for whoever asks.
class ZombieAttackGoal final : public mobsdk::goal::MeleeAttackGoal {
public:
    /// @brief Chases at `speed_modifier` and hits for `attack_damage`.
    ZombieAttackGoal(double speed_modifier, bool following_target_even_if_not_seen, float attack_damage)
        : MeleeAttackGoal(speed_modifier, following_target_even_if_not_seen, attack_damage) {}
    /// @brief Starts the chase with the arms down.
    void start(mobsdk::Level& level, mobsdk::Mob& mob) override;
    /// @brief Stops the chase and lowers the arms.
    void stop(mobsdk::Level& level, mobsdk::Mob& mob) override;
    /// @brief The chase, then the arms.
    void tick(mobsdk::Level& level, mobsdk::Mob& mob) override;
    /// @brief "ZombieAttackGoal".
    std::string debug_string() const override { return "ZombieAttackGoal"; }

    /// @brief True while vanilla would show the zombie's arms raised (isAggressive).
    bool arms_raised() const noexcept { return arms_raised_; }
    /// @brief Ticks since the attack started.
    std::int32_t raise_arm_ticks() const noexcept { return raise_arm_ticks_; }

private:
    std::int32_t raise_arm_ticks_ = 0;
    bool arms_raised_ = false;
};

/// @brief One arrow as vanilla's AbstractSkeleton.performRangedAttack aims it: the arguments of
/// Level::shoot_arrow.
struct ArrowShot {
    /// @brief The shooter's x and z, at its eye height − 0.1.
    mobsdk::Vec3 from;
    /// @brief Towards a third of the target's height, raised by 0.2 × the horizontal distance.
    mobsdk::Vec3 direction;
    float velocity = 0;      ///< 1.6
    float inaccuracy = 0;    ///< 14 − 4 × the difficulty's id
    double base_damage = 0;  ///< power × 2 + gaussian × 0.25 + the difficulty's id × 0.11
};

/// @brief Aims a skeleton's arrow at `target` with bow `power` (0–1) in a world of `difficulty`;
/// `gaussian` is the arrow's normal draw (vanilla's nextGaussian).
ArrowShot aim_arrow(const mobsdk::Mob& shooter, const mobsdk::Entity& target, float power,
                    mobsdk::Difficulty difficulty, double gaussian) noexcept;

/// @brief Java's Random.nextGaussian (the polar method) over the level's random source. Vanilla
/// draws it from a new arrow's own random, so the second value of each pair is never used: this
/// returns the first and drops the second.
double next_gaussian(mobsdk::RandomSource& random) noexcept;

/// @brief The skeleton's attack at priority 4: vanilla's reassessWeaponGoal keeps either a
/// RangedBowAttackGoal (1.0, 20 on hard and 40 otherwise, 15) or a MeleeAttackGoal (1.2, false)
/// in the selector, swapping them whenever the skeleton's hands change. Goals cannot be added or
/// removed while the selector runs, so this one goal holds both and acts as the one that matches
/// the hands: a bow in either hand chooses the bow. When the hands change while it runs it stops
/// at the next evaluation (vanilla stops it at once; in between it does nothing) and starts again
/// as the other. It is also the RangedAttacker the bow goal shoots through.
class SkeletonAttackGoal final : public mobsdk::goal::Goal, public mobsdk::goal::RangedAttacker {
public:
    /// @brief Which of the two goals it is.
    enum class Weapon : std::uint8_t { Bow, Melee };

    /// @brief Vanilla's skeleton numbers (MonsterNumbers).
    SkeletonAttackGoal();

    /// @brief Chooses the weapon from the hands, then asks that goal.
    bool can_use(mobsdk::Level& level, mobsdk::Mob& mob) override;
    /// @brief False once the hands no longer match the weapon; else that goal's answer.
    bool can_continue_to_use(mobsdk::Level& level, mobsdk::Mob& mob) override;
    /// @brief Starts that goal (the bow's interval follows the difficulty, as vanilla reads it
    /// when it reassesses).
    void start(mobsdk::Level& level, mobsdk::Mob& mob) override;
    /// @brief Stops that goal.
    void stop(mobsdk::Level& level, mobsdk::Mob& mob) override;
    /// @brief Both goals tick every tick.
    bool requires_update_every_tick() const override { return true; }
    /// @brief Ticks that goal while the hands still match it.
    void tick(mobsdk::Level& level, mobsdk::Mob& mob) override;
    /// @brief "SkeletonAttackGoal(RangedBowAttackGoal)" or "SkeletonAttackGoal(MeleeAttackGoal)".
    std::string debug_string() const override;

    /// @brief Shoots an arrow (vanilla's AbstractSkeleton.performRangedAttack, aim_arrow) through
    /// Level::shoot_arrow.
    void perform_ranged_attack(mobsdk::Level& level, mobsdk::Mob& mob, const mobsdk::Entity& target,
                               float power) override;

    /// @brief Vanilla's reassessWeaponGoal: takes the weapon the hands choose now. Only while the
    /// goal is not running (a running goal notices the change itself and stops); can_use does it
    /// at every evaluation, the factory once the spawn bow is in hand.
    void reassess_weapon(const mobsdk::Mob& mob) noexcept {
        if (!running_) weapon_ = weapon_for(mob);
    }
    /// @brief The weapon the hands choose: the bow when either hand holds minecraft:bow.
    static Weapon weapon_for(const mobsdk::Mob& mob) {
        return mobsdk::goal::RangedBowAttackGoal::is_holding_bow(mob) ? Weapon::Bow : Weapon::Melee;
    }
    /// @brief The weapon of the current or last run (or the last reassessment).
    Weapon weapon() const noexcept { return weapon_; }
    /// @brief The bow goal.
    const mobsdk::goal::RangedBowAttackGoal& bow() const noexcept { return bow_; }
    /// @brief The melee goal.
    const mobsdk::goal::MeleeAttackGoal& melee() const noexcept { return melee_; }
    /// @brief Arrows shot so far (whether or not the level could create them).
    std::int32_t shots() const noexcept { return shots_; }
    /// @brief The last arrow shot, if any.
    const std::optional<ArrowShot>& last_shot() const noexcept { return last_shot_; }
    /// @brief The arrow entity of the last shot, when the level created one.
    const std::optional<mobsdk::EntityRef>& last_arrow() const noexcept { return last_arrow_; }

private:
    mobsdk::goal::Goal& current() noexcept;
    mobsdk::goal::RangedBowAttackGoal bow_;
    mobsdk::goal::MeleeAttackGoal melee_;
    Weapon weapon_ = Weapon::Melee;
    bool running_ = false;
    std::int32_t shots_ = 0;
    std::optional<ArrowShot> last_shot_;
    std::optional<mobsdk::EntityRef> last_arrow_;
};

/// @brief The zombie's goals (vanilla's Zombie.registerGoals and addBehaviourGoals, without
/// players, turtle eggs and villages; see docs), registered by MonstersPlugin; public so that
/// tests and benchmarks can build zombies without the plugin machinery.
std::unique_ptr<mobsdk::MobAiFactory> make_zombie_ai(const mobsdk::Registry<mobsdk::EntityTypeInfo>& types);

/// @brief The skeleton's goals (vanilla's AbstractSkeleton.registerGoals and
/// reassessWeaponGoal, without players) and its spawn bow (finalizeSpawn's
/// populateDefaultEquipmentSlots), registered by MonstersPlugin.
std::unique_ptr<mobsdk::MobAiFactory> make_skeleton_ai(const mobsdk::Registry<mobsdk::EntityTypeInfo>& types);

}  // namespace monsters
