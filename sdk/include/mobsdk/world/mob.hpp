// The plugin's view of a mob (vanilla's Mob, a LivingEntity): its brain or goals, navigation and
// the controls, and the type-specific state its plugin attaches (MobAttachment).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "mobsdk/core/resource_location.hpp"
#include "mobsdk/world/block.hpp"
#include "mobsdk/world/controls.hpp"
#include "mobsdk/world/entity.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/interaction.hpp"
#include "mobsdk/world/item_stack.hpp"
#include "mobsdk/world/living_entity.hpp"
#include "mobsdk/world/path_navigation.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk {

namespace brain {
class Brain;
}
namespace goal {
class GoalSelector;
}
namespace nbt {
class Compound;
}

class Level;

class Mob;
class Player;

/// @brief What a client shows of a villager-like mob's attachment (vanilla's VILLAGER_DATA): its
/// type, profession and level. The pointers are the attachment's own fields: valid while it lives.
struct VillagerAppearance {
    const ResourceLocation* type = nullptr;        ///< villager type, e.g. minecraft:plains
    const ResourceLocation* profession = nullptr;  ///< profession, e.g. minecraft:farmer
    std::int32_t level = 1;                        ///< 1–5 (novice to master)
    /// @brief Vanilla's DATA_UNHAPPY_COUNTER: the villager shakes its head while it is above 0.
    std::int32_t unhappy_counter = 0;
};

/// @brief Type-specific state of a mob that its AI plugin defines and the host saves with it
/// (vanilla's fields of a Mob subclass, e.g. a villager's VillagerData and inventory). Made by the
/// type's MobAiFactory when the mob is created; read with Mob::attachment_as<T>().
class MobAttachment {
public:
    virtual ~MobAttachment() = default;
    /// @brief The top-level entity NBT keys this attachment reads and writes (e.g. "VillagerData",
    /// "Inventory"): the host hands them to load() and no longer keeps them verbatim.
    virtual std::span<const std::string_view> nbt_keys() const = 0;
    /// @brief Writes its keys into the mob's entity compound.
    virtual void save(nbt::Compound& entity) const = 0;
    /// @brief Reads its keys from the mob's entity compound (keys may be missing: keep defaults).
    /// Appends a warning for each field it skipped; must leave itself valid whatever the input.
    virtual void load(const nbt::Compound& entity, std::vector<std::string>& warnings) = 0;
    /// @brief Vanilla's Mob.wantsToPickUp for this kind of mob (the nearest_items sensor asks).
    virtual bool wants_to_pick_up(const ItemStack& stack) const {
        (void)stack;
        return false;
    }
    /// @brief The blocks that are this mob's secondary POIs (a farmer's farmland; vanilla's
    /// profession.secondaryPoi()), for the secondary_pois sensor.
    virtual std::span<const ResourceLocation> secondary_poi_blocks() const { return {}; }
    /// @brief Takes a stack the mob touched and wanted (vanilla's pickUpItem: InventoryCarrier
    /// for villagers and allays); returns what it did not take. The host calls it for types with
    /// EntityTypeInfo::can_pick_up_loot; the default takes nothing.
    virtual ItemStack pick_up(const ItemStack& stack) { return stack; }
    /// @brief A tag that names the attachment's class without RTTI (AttachmentOf sets it), so
    /// Mob::attachment_as is a compare on the hot path; nullptr for classes that do not use it.
    virtual const void* kind() const noexcept { return nullptr; }
    /// @brief Called once when the mob has died (health 0) and its death animation is over
    /// (vanilla's remove(KILLED), 20 ticks after death), just before it leaves the level: a
    /// slime splits here. The mob is no longer alive; it may summon mobs or drop items. Not
    /// called for a mob that is discarded without dying (`kill` of a plugin-less mob, unloads).
    virtual void on_death(Level& level, Mob& mob) { (void)level, (void)mob; }
    /// @brief The VILLAGER_DATA a client shows for this mob (a villager's); the default: none. The
    /// host's entity tracker reads it when it looks for changes to send, so it must be cheap.
    virtual std::optional<VillagerAppearance> villager_appearance() const { return std::nullopt; }
    /// @brief A player right-clicked the mob with `hand` (vanilla's Mob.mobInteract): the host
    /// calls it for a living player that is not a spectator, within reach, once per hand the
    /// client names (main hand first; the off hand only when the main hand's result was Pass).
    /// Change the player's hand with Player::set_item_slot(equipment_slot_of(hand), …) / add_item (creative players
    /// keep what they give: check Player::is_creative, vanilla's abilities.instabuild). The default: Pass (nothing
    /// happens).
    virtual InteractionResult mob_interact(Level& level, Mob& mob, Player& player, InteractionHand hand) {
        (void)level, (void)mob, (void)player, (void)hand;
        return InteractionResult::Pass;
    }
};

/// @brief Base for an attachment class `Derived`: gives it a kind tag, so that
/// `mob.attachment_as<Derived>()` costs one virtual call and a compare instead of a dynamic_cast.
/// (The tag is per copy of the class: a plugin sees only attachments its own code made.)
template <class Derived>
class AttachmentOf : public MobAttachment {
public:
    /// @brief The class's tag.
    static const void* tag() noexcept {
        static const char unique = 0;
        return &unique;
    }
    const void* kind() const noexcept final { return tag(); }
};

/// @brief A mob: a living entity with a brain or goals and the controls AI drives (health, damage
/// and equipment are LivingEntity's).
class Mob : public LivingEntity {
public:
    /// @brief An attribute's base value: the type's default until set_attribute_base changes it.
    virtual double attribute_base(Attribute attribute) const = 0;
    /// @brief Sets an attribute's base value for this mob (vanilla's getAttribute(a).setBaseValue);
    /// lowering MaxHealth below the health lowers the health too.
    virtual void set_attribute_base(Attribute attribute, double value) = 0;
    /// @brief The factor its type's width, height and eye height are scaled by (vanilla's scaled
    /// EntityDimensions: a slime's 0.255 × size); 1 by default.
    virtual float dimension_scale() const = 0;
    /// @brief Rescales its box and eye height (vanilla's refreshDimensions); the feet stay put.
    /// `scale` must be positive and at most 64; other values are ignored.
    virtual void set_dimension_scale(float scale) = 0;
    /// @brief True for a baby (villagers, zombies…).
    virtual bool is_baby() const = 0;
    /// @brief Puts an item in a slot (an empty stack clears it).
    virtual void set_equipment(EquipmentSlot slot, ItemStack item) = 0;
    /// @brief The mob's brain, or nullptr for a goal-driven mob.
    virtual brain::Brain* brain() = 0;
    /// @brief The goals it pursues (vanilla's goalSelector), or nullptr for a mob without goals.
    virtual goal::GoalSelector* goal_selector() = 0;
    /// @brief The goals that choose its target (vanilla's targetSelector), or nullptr.
    virtual goal::GoalSelector* target_selector() = 0;
    /// @brief Its attack target (vanilla's Mob.getTarget), if any and still resolvable by the caller.
    virtual std::optional<EntityRef> target() const = 0;
    /// @brief Sets or clears the attack target (vanilla's setTarget).
    virtual void set_target(std::optional<EntityRef> target) = 0;
    /// @brief Asks the host to rebuild the brain's behaviours once the current tick's AI step is
    /// over (MobAiFactory::refresh_brain; vanilla's refreshBrain). Safe to call from a behaviour.
    virtual void request_brain_refresh() = 0;
    /// @brief Its type-specific state, or nullptr when its type has none.
    virtual MobAttachment* attachment() = 0;
    /// @brief The attachment as `T`, or nullptr when it has none or another kind. Cheap for
    /// classes derived from AttachmentOf<T>; a dynamic_cast for others.
    template <class T>
    T* attachment_as() {
        MobAttachment* a = attachment();
        if constexpr (std::is_base_of_v<AttachmentOf<T>, T>) {
            return a != nullptr && a->kind() == AttachmentOf<T>::tag() ? static_cast<T*>(a) : nullptr;
        } else {
            return dynamic_cast<T*>(a);
        }
    }

    /// @brief The bed it sleeps in, if it sleeps (vanilla's getSleepingPos; saved as SleepingX/Y/Z).
    virtual std::optional<BlockPos> sleeping_pos() const = 0;
    /// @brief Lies down in the bed at `bed` (vanilla's startSleeping): the bed's `occupied` property
    /// is set, the mob is placed on it and stops moving.
    virtual void start_sleeping(BlockPos bed) = 0;
    /// @brief Gets up (vanilla's stopSleeping): frees the bed and stands beside it.
    virtual void stop_sleeping() = 0;
    /// @brief True while it sleeps.
    bool is_sleeping() const { return sleeping_pos().has_value(); }

    // Controls and navigation, as vanilla's.
    /// @brief The mob's path navigation.
    virtual PathNavigation& navigation() = 0;
    /// @brief The mob's move control.
    virtual MoveControl& move_control() = 0;
    /// @brief The mob's look control.
    virtual LookControl& look_control() = 0;
    /// @brief The mob's jump control.
    virtual JumpControl& jump_control() = 0;
    /// @brief Line of sight to `target`, cached for this tick (vanilla's Sensing).
    virtual bool has_line_of_sight(const Entity& target) = 0;

    /// @brief The malus for a path type: the type's override or vanilla's default.
    virtual float pathfinding_malus(PathType type) const = 0;
    /// @brief Overrides the malus of a path type for this mob.
    virtual void set_pathfinding_malus(PathType type, float malus) = 0;
    /// @brief How much the mob likes standing at `pos` (vanilla's getWalkTargetValue; seed 004).
    virtual float walk_target_value(BlockPos pos) const = 0;
    /// @brief generic.movement_speed (attribute_base(Attribute::MovementSpeed)).
    virtual double movement_speed() const = 0;
    /// @brief generic.follow_range (attribute_base(Attribute::FollowRange)).
    virtual double follow_range() const = 0;

    /// @brief True when restricted to a home area (vanilla's hasRestriction; leashes, golems).
    virtual bool has_restriction() const = 0;
    /// @brief The centre of the restriction.
    virtual BlockPos restrict_center() const = 0;
    /// @brief The radius of the restriction (−1 without one).
    virtual float restrict_radius() const = 0;
    /// @brief Restricts the mob to within `radius` of `center` (a negative radius clears it).
    virtual void restrict_to(BlockPos center, std::int32_t radius) = 0;
    /// @brief Its name tag (vanilla's CustomName, as plain text), or nothing.
    virtual std::optional<std::string> custom_name() const = 0;
    /// @brief Names it, or takes its name away (nullopt).
    virtual void set_custom_name(std::optional<std::string> name) = 0;
    /// @brief Vanilla's NoAI: no brain, goals, navigation or controls (physics still apply).
    virtual bool is_no_ai() const = 0;
    /// @brief Sets NoAI.
    virtual void set_no_ai(bool no_ai) = 0;
    /// @brief Sets Invulnerable (what is_invulnerable reads).
    virtual void set_invulnerable(bool invulnerable) = 0;
    /// @brief Vanilla's isAggressive (the mob flag 0x04 clients draw: a zombie's raised arms, a
    /// skeleton drawing its bow). MeleeAttackGoal and RangedBowAttackGoal set it while they run.
    virtual bool is_aggressive() const = 0;
    /// @brief Sets what is_aggressive reads.
    virtual void set_aggressive(bool aggressive) = 0;
    /// @brief Vanilla's level.broadcastEntityEvent(mob, event): every player who sees the mob gets
    /// Entity Event `event` this tick (4: an iron golem's swing, 11: it offers a flower, 12–14 a
    /// villager's hearts, anger, happiness…). At most 8 a tick are kept; later ones are dropped.
    virtual void broadcast_entity_event(std::int8_t event) = 0;
    /// @brief Vanilla's LivingEntity.swing(hand): the arm swing every player who sees the mob is
    /// shown (Entity Animation 0, or 3 for the off hand) this tick. MeleeAttackGoal swings before
    /// each hit.
    virtual void swing(InteractionHand hand) = 0;
    /// @brief True when `pos` lies inside the restriction, or there is none (vanilla's
    /// isWithinRestriction: squared distance to the centre below radius²).
    bool is_within_restriction(BlockPos pos) const {
        if (!has_restriction()) return true;
        const double r = restrict_radius();
        return restrict_center().dist_sqr(pos) < r * r;
    }

    // Shorthands for the common calls.
    /// @brief Turn the head towards a point (LookControl::set_look_at).
    void look_at(const Vec3& target, float max_yaw_change, float max_pitch_change) {
        look_control().set_look_at(target, max_yaw_change, max_pitch_change);
    }
    /// @brief Path to `target` (arriving within `close_enough`) and follow it at `speed`; false
    /// when there is no path.
    bool move_to(BlockPos target, double speed, std::int32_t close_enough) {
        return navigation().move_to(navigation().create_path(target, close_enough), speed);
    }
    /// @brief Stop following the current path.
    void stop_navigation() { navigation().stop(); }
    /// @brief True when the mob has no path or has finished it.
    bool navigation_done() { return navigation().is_done(); }
    /// @brief Jump on the next movement update.
    void jump() { jump_control().jump(); }
};

}  // namespace mobsdk
