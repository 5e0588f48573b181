// The monsters plugin: minecraft:zombie, minecraft:skeleton and minecraft:slime with vanilla's goal
// tables (seed 003 and 004): the zombie chases villagers and iron golems and turns on whatever hurts
// it; the skeleton hides from the sun, strafes and shoots with its bow, and hits in melee without
// one; the slime hops, hurts golems it touches and splits when it dies.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/goal/combat.hpp"
#include "mobsdk/goal/ranged.hpp"
#include "mobsdk/plugin/plugin.hpp"
#include "mobsdk/world/vanilla_ids.hpp"

namespace monsters {

/// @brief Handles to what the plugin gave AI to.
struct MonstersContent {
    mobsdk::Handle<mobsdk::EntityTypeInfo> zombie;    ///< minecraft:zombie
    mobsdk::Handle<mobsdk::EntityTypeInfo> skeleton;  ///< minecraft:skeleton
    mobsdk::Handle<mobsdk::EntityTypeInfo> slime;     ///< minecraft:slime
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
    double base_damage = 0;  ///< power × 2 + triangle(the difficulty's id × 0.11, 0.57425)
};

/// @brief Aims a skeleton's arrow at `target` with bow `power` (0–1) in a world of `difficulty`;
/// `spread` is the arrow's damage draw (next_double − next_double: vanilla's triangle without its
/// mode and deviation), in −1…1.
ArrowShot aim_arrow(const mobsdk::Mob& shooter, const mobsdk::Entity& target, float power,
                    mobsdk::Difficulty difficulty, double spread) noexcept;

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
/// Its targets come from `vanilla`; wandering traders and turtles, which the SDK does not
/// register, are looked up in `types` and targeted when some plugin registers them.
std::unique_ptr<mobsdk::MobAiFactory> make_zombie_ai(const mobsdk::VanillaContent& vanilla,
                                                     const mobsdk::Registry<mobsdk::EntityTypeInfo>& types);

/// @brief The skeleton's goals (vanilla's AbstractSkeleton.registerGoals and
/// reassessWeaponGoal, without players) and its spawn bow (finalizeSpawn's
/// populateDefaultEquipmentSlots), registered by MonstersPlugin.
std::unique_ptr<mobsdk::MobAiFactory> make_skeleton_ai(const mobsdk::VanillaContent& vanilla,
                                                       const mobsdk::Registry<mobsdk::EntityTypeInfo>& types);

// ---- the slime ----

class SlimeMoveControl;

/// @brief A slime's own state (vanilla's Slime fields): its size, saved as `Size` (size − 1) and
/// `wasOnGround`. Setting the size rescales the mob and sets its attributes as Slime.setSize does.
class SlimeState final : public mobsdk::AttachmentOf<SlimeState> {
public:
    /// @brief The state of `mob` (which owns it), size 1.
    explicit SlimeState(mobsdk::Mob& mob) noexcept;
    std::span<const std::string_view> nbt_keys() const override;
    void save(mobsdk::nbt::Compound& entity) const override;
    void load(const mobsdk::nbt::Compound& entity, std::vector<std::string>& warnings) override;
    /// @brief Splits into 2–4 slimes of half the size (vanilla's remove(KILLED)); none when tiny.
    void on_death(mobsdk::Level& level, mobsdk::Mob& mob) override;

    /// @brief Vanilla's setSize: clamps to 1–127, scales the box by 0.255 × size, sets max health
    /// size², movement speed 0.2 + 0.1 × size (floats) and attack damage size; `reset_health`
    /// heals it to the new maximum.
    void set_size(std::int32_t size, bool reset_health);
    /// @brief The size (1 tiny, 2 small, 4 big; up to 127 from NBT).
    std::int32_t size() const noexcept { return size_; }
    /// @brief The slimes its death made (0 until it died; fewer than drawn when there was no room).
    std::int32_t split_into() const noexcept { return split_into_; }
    /// @brief Its move control (set by the factory), or nullptr.
    SlimeMoveControl* move_control() const noexcept { return move_; }
    /// @brief Set by the factory when it makes the move control.
    void set_move_control(SlimeMoveControl* move) noexcept { move_ = move; }

private:
    mobsdk::Mob* mob_;
    std::int32_t size_ = 1;
    bool was_on_ground_ = false;
    std::int32_t split_into_ = 0;
    SlimeMoveControl* move_ = nullptr;
};

/// @brief Vanilla's SlimeMoveControl: the slime faces a set direction (turning at most 90° a
/// tick) and, while something wants it to move, jumps forward every 10–29 ticks (a third of that
/// when aggressive), keeping its speed in the air and standing still on the ground in between.
class SlimeMoveControl final : public mobsdk::CustomMoveControl {
public:
    /// @brief For `mob`, facing as vanilla's constructor computes (180 × yRot / π: a vanilla quirk).
    explicit SlimeMoveControl(const mobsdk::Mob& mob) noexcept;
    /// @brief Vanilla's setDirection.
    void set_direction(float y_rot, bool aggressive) noexcept { y_rot_ = y_rot, aggressive_ = aggressive; }
    /// @brief Vanilla's setWantedMovement: move (hop) at `speed` on the next tick.
    void set_wanted_movement(double speed) noexcept { speed_modifier_ = speed, operation_ = Operation::MoveTo; }
    /// @brief The control step.
    void tick(mobsdk::Level& level, mobsdk::Mob& mob, mobsdk::MoveInputs& inputs) override;
    /// @brief The heading it turns to.
    float direction() const noexcept { return y_rot_; }
    /// @brief True when the last set_direction was aggressive.
    bool aggressive() const noexcept { return aggressive_; }
    /// @brief Ticks (of wanted movement on the ground) until the next jump.
    std::int32_t jump_delay() const noexcept { return jump_delay_; }
    /// @brief Jumps so far.
    std::int32_t jumps() const noexcept { return jumps_; }

    // MoveControl: a slime does not walk to positions; a wanted position only makes it hop.
    void set_wanted_position(const mobsdk::Vec3& pos, double speed) override {
        wanted_ = pos, set_wanted_movement(speed);
    }
    void strafe(float, float) override {}
    Operation operation() const override { return operation_; }
    mobsdk::Vec3 wanted_position() const override { return wanted_; }
    double speed_modifier() const override { return speed_modifier_; }

private:
    float y_rot_;
    bool aggressive_ = false;
    std::int32_t jump_delay_ = 0;
    std::int32_t jumps_ = 0;
    double speed_modifier_ = 0;
    Operation operation_ = Operation::Wait;
    mobsdk::Vec3 wanted_{};
};

/// @brief Vanilla's SlimeFloatGoal (JUMP, MOVE): in water it jumps with chance 0.8 a tick and hops at 1.2.
class SlimeFloatGoal final : public mobsdk::goal::Goal {
public:
    SlimeFloatGoal();
    bool can_use(mobsdk::Level& level, mobsdk::Mob& mob) override;
    bool requires_update_every_tick() const override { return true; }
    void tick(mobsdk::Level& level, mobsdk::Mob& mob) override;
    std::string debug_string() const override { return "SlimeFloatGoal"; }
};

/// @brief Vanilla's SlimeAttackGoal (LOOK): turns towards its target (10° a tick) and hops at it
/// aggressively; grows tired after reduced_tick_delay(300) evaluations.
class SlimeAttackGoal final : public mobsdk::goal::Goal {
public:
    SlimeAttackGoal();
    bool can_use(mobsdk::Level& level, mobsdk::Mob& mob) override;
    bool can_continue_to_use(mobsdk::Level& level, mobsdk::Mob& mob) override;
    void start(mobsdk::Level& level, mobsdk::Mob& mob) override;
    bool requires_update_every_tick() const override { return true; }
    void tick(mobsdk::Level& level, mobsdk::Mob& mob) override;
    std::string debug_string() const override { return "SlimeAttackGoal"; }
    /// @brief Evaluations left before it gives up.
    std::int32_t grow_tired_timer() const noexcept { return grow_tired_timer_; }

private:
    std::int32_t grow_tired_timer_ = 0;
};

/// @brief Vanilla's SlimeRandomDirectionGoal (LOOK): without a target, on the ground or in water,
/// picks a heading 0–359 every adjusted_tick_delay(40–99) ticks.
class SlimeRandomDirectionGoal final : public mobsdk::goal::Goal {
public:
    SlimeRandomDirectionGoal();
    bool can_use(mobsdk::Level& level, mobsdk::Mob& mob) override;
    void tick(mobsdk::Level& level, mobsdk::Mob& mob) override;
    std::string debug_string() const override { return "SlimeRandomDirectionGoal"; }

private:
    float chosen_degrees_ = 0;
    std::int32_t next_randomize_time_ = 0;
};

/// @brief Vanilla's SlimeKeepOnJumpingGoal (JUMP, MOVE): always wants to hop at speed 1.
class SlimeKeepOnJumpingGoal final : public mobsdk::goal::Goal {
public:
    SlimeKeepOnJumpingGoal();
    bool can_use(mobsdk::Level&, mobsdk::Mob&) override { return true; }
    void tick(mobsdk::Level& level, mobsdk::Mob& mob) override;
    std::string debug_string() const override { return "SlimeKeepOnJumpingGoal"; }
};

/// @brief Vanilla's Slime.push(IronGolem) → dealDamage, which vanilla runs while entities push
/// each other; this server does not push entities, so a goal without flags does it every tick: an
/// iron golem whose box touches a slime bigger than tiny, within 0.6 × size of its feet and in
/// sight, takes the slime's attack damage (the golem's hurt cooldown paces it).
class SlimeContactDamageGoal final : public mobsdk::goal::Goal {
public:
    /// @brief Hurts golems of type `iron_golem`.
    explicit SlimeContactDamageGoal(mobsdk::Handle<mobsdk::EntityTypeInfo> iron_golem) : iron_golem_(iron_golem) {}
    bool can_use(mobsdk::Level& level, mobsdk::Mob& mob) override;
    bool requires_update_every_tick() const override { return true; }
    void tick(mobsdk::Level& level, mobsdk::Mob& mob) override;
    std::string debug_string() const override { return "SlimeContactDamageGoal"; }

private:
    mobsdk::Handle<mobsdk::EntityTypeInfo> iron_golem_;
    mobsdk::ResourceLocation mob_attack_ = mobsdk::vanilla_damage_types().mob_attack;
    std::vector<mobsdk::EntityRef> touching_;
};

/// @brief Vanilla's DifficultyInstance.getSpecialMultiplier at the level's day time and moon
/// phase for a chunk never inhabited (0 below an effective difficulty of 2, 1 above 4).
float special_multiplier(const mobsdk::Level& level) noexcept;

/// @brief The slime's goals (vanilla's Slime.registerGoals, without players), its move control,
/// size and split, registered by MonstersPlugin.
std::unique_ptr<mobsdk::MobAiFactory> make_slime_ai(const mobsdk::VanillaContent& vanilla);

}  // namespace monsters
