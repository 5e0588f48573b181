// Mobs in the reference world (ServerMob): controls, navigation, a brain, goals or a custom AI
// hook, and their NBT. MobKind (kinds/mob_kind.hpp) makes, ticks, saves and loads them.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/goal/goal.hpp"
#include "mobsdk/nbt/tag.hpp"
#include "mobserver/world/entity.hpp"

namespace mobsdk::server {

class World;
class ServerPathNavigation;
class ServerMoveControl;
class ServerLookControl;
class ServerJumpControl;

/// @brief The AI of a mob that has no brain: called once per tick before navigation and controls
/// (the goal system of the next issue plugs in here; tests use it for scripted mobs).
class MobAi {
public:
    virtual ~MobAi() = default;
    /// @brief One AI step.
    virtual void tick(World& world, class ServerMob& mob) = 0;
};

/// @brief A mob in the reference world.
class ServerMob final : public EntityImpl<Mob> {
public:
    /// @brief A mob of `type` in `world` (the world calls this; use World::spawn_mob).
    ServerMob(World& world, Handle<EntityTypeInfo> type, const EntityTypeInfo& info, Uuid uuid, Vec3 pos);
    ~ServerMob() override;

    // Mob
    float health() const override { return health_; }
    float max_health() const override { return static_cast<float>(attributes_[0]); }
    void set_health(float h) override;
    double attribute_base(Attribute attribute) const override {
        return attributes_[static_cast<std::size_t>(attribute)];
    }
    void set_attribute_base(Attribute attribute, double value) override;
    float dimension_scale() const override { return data_.scale; }
    void set_dimension_scale(float scale) override;
    bool is_baby() const override { return baby_; }
    const ItemStack& equipment(EquipmentSlot slot) const override { return equipment_[static_cast<int>(slot)]; }
    brain::Brain* brain() override { return brain_.get(); }
    goal::GoalSelector* goal_selector() override { return goals_.get(); }
    goal::GoalSelector* target_selector() override { return targets_.get(); }
    std::optional<EntityRef> target() const override { return target_; }
    void set_target(std::optional<EntityRef> target) override { target_ = target; }
    void request_brain_refresh() override { brain_refresh_requested_ = true; }
    MobAttachment* attachment() override { return attachment_.get(); }
    const MobAttachment* attachment() const { return attachment_.get(); }
    std::optional<BlockPos> sleeping_pos() const override { return sleeping_pos_; }
    void start_sleeping(BlockPos bed) override;
    void stop_sleeping() override;
    bool hurt(const ResourceLocation& damage_type, float amount, const Entity* attacker) override;
    std::optional<HurtRecord> last_hurt() const override { return last_hurt_; }
    std::optional<HurtRecord> last_hurt_by_mob() const override { return last_hurt_by_mob_; }
    std::optional<HurtRecord> last_hurt_by_player() const override;
    bool is_on_fire() const override { return fire_ticks > 0; }
    PathNavigation& navigation() override;
    MoveControl& move_control() override;
    LookControl& look_control() override;
    JumpControl& jump_control() override;
    bool has_line_of_sight(const Entity& target) override;
    float pathfinding_malus(PathType type) const override { return malus_[static_cast<int>(type)]; }
    void set_pathfinding_malus(PathType type, float malus) override { malus_[static_cast<int>(type)] = malus; }
    float walk_target_value(BlockPos pos) const override;
    double movement_speed() const override { return attributes_[static_cast<std::size_t>(Attribute::MovementSpeed)]; }
    double follow_range() const override { return attributes_[static_cast<std::size_t>(Attribute::FollowRange)]; }
    bool has_restriction() const override { return restrict_radius_ >= 0; }
    BlockPos restrict_center() const override { return restrict_center_; }
    float restrict_radius() const override { return restrict_radius_; }
    void restrict_to(BlockPos center, std::int32_t radius) override {
        restrict_center_ = center;
        restrict_radius_ = static_cast<float>(radius);
    }
    std::optional<std::string> custom_name() const override { return data_.custom_name; }
    void set_custom_name(std::optional<std::string> name) override { data_.custom_name = std::move(name); }
    bool is_no_ai() const override { return data_.no_ai; }
    void set_no_ai(bool no_ai) override { data_.no_ai = no_ai; }
    void set_invulnerable(bool invulnerable) override { data_.invulnerable = invulnerable; }
    /// @brief True for a knockback resistance of 1 (iron golems): hits do not knock it back.
    bool resists_knockback() const noexcept { return resists_knockback_; }
    bool is_aggressive() const override { return aggressive_; }
    void set_aggressive(bool aggressive) override { aggressive_ = aggressive; }
    /// @brief Keeps the event for this tick's viewers (entity_events).
    void broadcast_entity_event(std::int8_t event) override;
    /// @brief Keeps the swing for this tick's viewers (pending_swing).
    void swing(InteractionHand hand) override;
    /// @brief The Entity Animation of a swing since the last clear_entity_events (0 main hand, 3
    /// off hand), if that was this or the last game tick.
    std::optional<std::uint8_t> pending_swing() const noexcept;
    /// @brief The entity events broadcast since the last clear_entity_events, if that was this
    /// or the last game tick (older ones are never sent).
    std::span<const std::int8_t> entity_events() const noexcept;
    /// @brief Forgets the events (the tracker has sent them).
    void clear_entity_events() noexcept {
        event_count_ = 0;
        swing_ = -1;
    }

    /// @brief The world it lives in.
    World& world() noexcept { return *world_; }
    /// @brief The type's data.
    const EntityTypeInfo& info() const noexcept { return *data_.info; }
    /// @brief The server-side navigation (with tick()).
    ServerPathNavigation& server_navigation() noexcept { return *navigation_; }

    /// @brief Gives the mob a brain (ticked every tick before navigation).
    void set_brain(std::unique_ptr<brain::Brain> brain) { brain_ = std::move(brain); }
    /// @brief Gives the mob a brainless AI hook.
    void set_ai(std::unique_ptr<MobAi> ai) { ai_ = std::move(ai); }
    /// @brief Gives the mob its type-specific state (saved with it; see MobAttachment).
    void set_attachment(std::unique_ptr<MobAttachment> attachment) { attachment_ = std::move(attachment); }
    /// @brief Gives the mob its two goal selectors (empty ones to fill), replacing any it had.
    void enable_goals();
    /// @brief Runs the type's MobAiFactory (attachment, brain, goals); the plugin host's mob
    /// initializer. May throw (plugin code).
    void init_ai_from_type();
    /// @brief Rebuilds the brain's behaviours if request_brain_refresh was called (the world calls
    /// it after the AI step). May throw (plugin code).
    void refresh_brain_if_requested();
    /// @brief Sets the bed it sleeps in without touching the block (NBT loading).
    void set_sleeping_pos(std::optional<BlockPos> pos) noexcept { sleeping_pos_ = pos; }
    void set_equipment(EquipmentSlot slot, ItemStack item) override {
        equipment_[static_cast<int>(slot)] = std::move(item);
    }
    /// @brief Makes it a baby or an adult.
    void set_baby(bool baby) noexcept { baby_ = baby; }
    /// @brief The last entity that hurt it, and when (game time).
    std::optional<EntityRef> last_hurt_by;
    /// @brief Fields of its saved NBT the server does not interpret (e.g. VillagerData before a
    /// villager plugin reads it, or a Brain while its plugin is missing): kept and written back.
    nbt::Compound extra_nbt;
    /// @brief Entries of its saved `Attributes` this server does not model: written back.
    nbt::List unknown_attributes{nbt::TagType::Compound};
    /// @brief Game time of the last hurt.
    std::int64_t last_hurt_time = 0;
    /// @brief Set when its AI (brain, sensors, behaviours or AI hook — plugin code) threw: the
    /// world then stops running its AI and logs it once; the mob keeps its physics.
    bool ai_failed = false;
    /// @brief Ticks left on fire (undead in daylight).
    std::int32_t fire_ticks = 0;
    /// @brief Vanilla's invulnerableTime: set to 20 by a hit; above 10 only stronger hits land
    /// (their excess over the last one). Counts down in base_tick.
    std::int32_t invulnerable_time = 0;
    /// @brief Ticks since it died (vanilla's deathTime): a mob whose health reached 0 is removed
    /// from the AI, queries and saves at once, and leaves the world after 20 ticks, when its
    /// attachment's on_death runs (vanilla's tickDeath then remove(KILLED)).
    std::int32_t death_time = 0;
    /// @brief True once its health reached 0 (set_health or hurt), as opposed to a discard.
    bool died() const noexcept { return died_; }
    /// @brief Ticks between death and leaving the world (vanilla's death animation).
    static constexpr std::int32_t death_duration = 20;
    /// @brief True while it is dead and waiting out death_duration (kept in the entity table,
    /// invisible to everything else).
    bool dying() const noexcept { return died_ && death_time < death_duration; }

    // Movement state the controls write and physics reads (vanilla's names).
    float zza = 0;                   ///< forward input
    float xxa = 0;                   ///< sideways input (positive: left)
    float yya = 0;                   ///< vertical input (flying)
    float speed = 0;                 ///< current speed (movement_speed × modifier), set by MoveControl
    bool jumping = false;            ///< jump requested this tick (JumpControl)
    float y_head_rot = 0;            ///< head yaw
    float y_body_rot = 0;            ///< body yaw
    std::int32_t no_jump_delay = 0;  ///< vanilla's noJumpDelay

    /// @brief One AI step (vanilla's serverAiStep): sensing reset, target and goal selectors (the
    /// full evaluation when (game time + entity index) is even or in its first two ticks, running
    /// goals only otherwise), AI hook, navigation, brain, move, look and jump controls. The world
    /// calls it, then `travel`.
    void server_ai_step();
    /// @brief Vanilla's Entity.baseTick and the undead's sun check, before the AI step: fire
    /// burns 1 health every 20 ticks and goes out in water; a type that burns_in_daylight
    /// catches fire for 8 s on a sun-burn tick unless it wears a helmet.
    void base_tick();
    /// @brief Vanilla's isSunBurnTick (draws from the world random).
    bool is_sun_burn_tick();
    /// @brief Vanilla's loot pickup (Mob.aiStep, types with can_pick_up_loot): touched item
    /// entities the attachment wants go to MobAttachment::pick_up.
    void pick_up_loot();
    /// @brief Movement (vanilla's aiStep/travel): jumping, swimming, gravity, friction, collision,
    /// climbing.
    void travel();
    /// @brief Vanilla's onClimbable: its feet are in a #climbable block (ladder, vines,
    /// scaffolding…) or an open trapdoor above a ladder facing the same way. While on one it takes
    /// no fall damage, moves at most 0.15 a tick sideways and downwards, climbs at 0.2 a tick
    /// (before gravity) while pushing against a wall or jumping, and is not pushed by other mobs.
    bool on_climbable() const;

private:
    World* world_;
    float health_;
    bool baby_ = false;
    std::array<ItemStack, 6> equipment_{};
    std::optional<HurtRecord> last_hurt_;
    std::optional<HurtRecord> last_hurt_by_mob_;
    std::optional<HurtRecord> last_hurt_by_player_;
    std::array<float, path_type_count> malus_{};
    BlockPos restrict_center_{};
    float restrict_radius_ = -1.0f;
    std::unique_ptr<brain::Brain> brain_;
    std::unique_ptr<goal::GoalSelector> goals_;
    std::unique_ptr<goal::GoalSelector> targets_;
    std::optional<EntityRef> target_;
    std::unique_ptr<MobAttachment> attachment_;
    std::optional<BlockPos> sleeping_pos_;
    bool brain_refresh_requested_ = false;
    bool died_ = false;
    bool aggressive_ = false;
    bool resists_knockback_ = false;
    void stamp_events() noexcept;
    std::array<std::int8_t, 8> events_{};
    std::uint8_t event_count_ = 0;
    std::int8_t swing_ = -1;         // the swing's Entity Animation, -1 for none
    std::int64_t events_time_ = -1;  // the game time the events are of
    float last_hurt_amount_ = 0;     // vanilla's lastHurt: the hit the cooldown compares against
    std::array<double, attribute_count> attributes_{};
    std::unique_ptr<CustomMoveControl> custom_move_;
    std::unique_ptr<MobAi> ai_;
    std::unique_ptr<ServerPathNavigation> navigation_;
    std::unique_ptr<ServerMoveControl> move_control_;
    std::unique_ptr<ServerLookControl> look_control_;
    std::unique_ptr<ServerJumpControl> jump_control_;
    // Sensing: line-of-sight results for this tick (vanilla keeps seen and unseen lists).
    std::vector<std::pair<EntityHandle, bool>> sight_cache_;
};

/// @brief Writes a mob as vanilla's entity NBT where the field exists: id is the caller's;
/// UUID, Pos, Motion, Rotation, Health, OnGround, FallDistance, Tags, CustomName, NoAI,
/// NoGravity, Invulnerable, IsBaby, HandItems, ArmorItems, Brain (long-term memories), and
/// every field of `extra_nbt` (what it was loaded with and did not understand).
nbt::Compound save_mob_nbt(const ServerMob& mob);

/// @brief Applies vanilla entity NBT to a mob (the fields save_mob_nbt writes; other fields go to
/// `extra_nbt`, and so does Brain for a mob without a brain). Returns warnings for fields of the
/// wrong type or out of range, which are skipped; a bad field never changes the mob partially.
std::vector<std::string> load_mob_nbt(ServerMob& mob, const nbt::Compound& tag);

}  // namespace mobsdk::server
