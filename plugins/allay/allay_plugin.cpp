// The allay's brain as vanilla's AllayAi makes it (1.19.3+, the package seed 000 walks through):
// CORE and IDLE, the memories and sensors of Allay.MEMORY_TYPES / SENSOR_TYPES, and the item
// deposit position; a player gives it an item or takes it back (Allay.mobInteract) and becomes its
// liked player. Duplication, dancing and vibrations are left out (see the guide).
#include "allay_plugin.hpp"

#include <optional>
#include <utility>
#include <vector>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/gate_behavior.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/stdlib/interaction.hpp"
#include "mobsdk/stdlib/items.hpp"
#include "mobsdk/stdlib/movement.hpp"
#include "mobsdk/world/player.hpp"

namespace allay {

using namespace mobsdk;
using brain::PositionTracker;

namespace {

// Vanilla's AllayAi.getLikedPlayer: the player LIKED_PLAYER names, in this level, in survival,
// adventure or creative (not spectator), closer than 64 blocks.
Player* find_liked_player(brain::MemoryModuleType<Uuid> liked_player, Level& level, Mob& allay) {
    const Uuid* uuid = allay.brain()->get_memory(liked_player);
    if (uuid == nullptr) return nullptr;
    constexpr double range = AllayNumbers::liked_player_range;
    for (Player* p : level.players()) {
        if (p->uuid() != *uuid) continue;
        if (p->is_spectator() || p->distance_to_sqr(allay) >= range * range) return nullptr;
        return p;
    }
    return nullptr;
}

// What getItemDepositPosition reads: four handles, copied into every getter (no pointer back
// into the factory, no std::function).
struct DepositPosition {
    brain::MemoryModuleType<GlobalPos> liked_noteblock;
    brain::MemoryModuleType<std::int32_t> liked_noteblock_cooldown;
    brain::MemoryModuleType<Uuid> liked_player;
    Handle<BlockInfo> note_block;

    std::optional<PositionTracker> operator()(Level& level, Mob& mob) const {
        brain::Brain& b = *mob.brain();
        if (const GlobalPos* liked = b.get_memory(liked_noteblock)) {
            // shouldDepositItemsAtLikedNoteblock: same dimension, still a note block, and heard
            // within the last 600 ticks (the cooldown memory is still there).
            if (liked->dimension == level.dimension() && level.blocks().is(level.block_state(liked->pos), note_block) &&
                b.has_memory_value(liked_noteblock_cooldown))
                return PositionTracker::block(liked->pos.above());
            b.erase_memory(liked_noteblock);
        }
        // getLikedPlayerPositionTracker: an EntityTracker on the liked player's eyes.
        if (Player* p = find_liked_player(liked_player, level, mob)) return PositionTracker::entity(*p, true);
        return std::nullopt;
    }
};

// The allay's attachment: AllayState (its inventory and pickup rules) with Allay.mobInteract.
class AllayAttachment final : public stdlib::AllayState {
public:
    AllayAttachment(Mob& mob, const brain::StandardMemories& m) noexcept
        : AllayState(mob, m.item_pickup_cooldown_ticks), liked_player_(m.liked_player) {}

    InteractionResult mob_interact(Level& level, Mob& mob, Player& player, InteractionHand hand) override {
        return allay_interact(liked_player_, level, mob, player, hand);
    }

private:
    brain::MemoryModuleType<Uuid> liked_player_;
};

// StayCloseToTarget's predicate, Predicate.not(AllayAi::hasWantedItem) (1.19.3+; the seed's
// listing omits it), folded into the getter. Vanilla calls the getter first and tests the
// predicate after, so the getter's side effect (forgetting a gone note block) happens either way.
struct DepositPositionUnlessWantedItem {
    DepositPosition deposit;
    brain::MemoryModuleType<EntityRef> wanted_item;

    std::optional<PositionTracker> operator()(Level& level, Mob& mob) const {
        std::optional<PositionTracker> target = deposit(level, mob);
        if (!target || mob.brain()->has_memory_value(wanted_item)) return std::nullopt;
        return target;
    }
};

class AllayAi final : public MobAiFactory {
public:
    explicit AllayAi(plugin::PluginContext& context)
        : m_(context.vanilla().memories),
          deposit_{m_.liked_noteblock, m_.liked_noteblock_cooldown_ticks, m_.liked_player,
                   context.vanilla().blocks.note_block},
          core_(context.vanilla().activities.core),
          idle_(context.vanilla().activities.idle) {
        // Vanilla's Allay.SENSOR_TYPES.
        const stdlib::StandardSensors& s = context.vanilla().sensors;
        const std::vector<brain::SensorType> sensors = {s.nearest_living_entities, s.nearest_players, s.hurt_by,
                                                        s.nearest_items};
        // Vanilla's Allay.MEMORY_TYPES; the sensors add what they write (mobs, hurt_by_entity,
        // the player memories) as vanilla's Brain does.
        const std::vector<brain::MemoryHandle> memories = {m_.path,
                                                           m_.look_target,
                                                           m_.visible_mobs,
                                                           m_.walk_target,
                                                           m_.cant_reach_walk_target_since,
                                                           m_.hurt_by,
                                                           m_.nearest_visible_wanted_item,
                                                           m_.liked_player,
                                                           m_.liked_noteblock,
                                                           m_.liked_noteblock_cooldown_ticks,
                                                           m_.item_pickup_cooldown_ticks,
                                                           m_.is_panicking};
        provider_ = std::make_unique<brain::BrainProvider>(context.brain(), memories, sensors);
    }

    std::unique_ptr<MobAttachment> make_attachment(Level&, Mob& mob) const override {
        return std::make_unique<AllayAttachment>(mob, m_);
    }

    std::unique_ptr<brain::Brain> make_brain(Level& level, Mob&) const override {
        auto b = provider_->make_brain(level.random());
        // AllayAi.makeBrain.
        b->add_activity(core_, 0, core_package());
        b->add_activity_with_conditions(idle_, idle_package(), {});
        b->set_core_activities({core_});
        b->set_default_activity(idle_);
        b->use_default_activity();
        return b;
    }

private:
    // initCoreActivity: addActivity(CORE, 0, list) numbers them 0–5 in this order (the seed says
    // all 0; the order in which they start is the same).
    std::vector<std::unique_ptr<brain::BehaviorControl>> core_package() const {
        std::vector<std::unique_ptr<brain::BehaviorControl>> core;
        core.push_back(std::make_unique<stdlib::Swim>(0.8f));
        core.push_back(std::make_unique<stdlib::AnimalPanic>(m_, AllayNumbers::speed_when_panicking));
        core.push_back(std::make_unique<stdlib::LookAtTargetSink>(m_, 45, 90));
        core.push_back(std::make_unique<stdlib::MoveToTargetSink>(m_));
        core.push_back(std::make_unique<stdlib::CountDownCooldownTicks>(m_.liked_noteblock_cooldown_ticks));
        core.push_back(std::make_unique<stdlib::CountDownCooldownTicks>(m_.item_pickup_cooldown_ticks));
        return core;
    }

    // initIdleActivity, with vanilla's priorities 0–4.
    brain::PrioritizedBehaviors idle_package() const {
        brain::PrioritizedBehaviors p;
        p.emplace_back(0, stdlib::go_to_wanted_item(m_, AllayNumbers::speed_when_retrieving_item, true,
                                                    AllayNumbers::distance_to_wanted_item));
        p.emplace_back(
            1, stdlib::make_go_and_give_items_to_target(m_, deposit_, AllayNumbers::speed_when_following_deposit_target,
                                                        AllayNumbers::give_item_timeout_duration));
        p.emplace_back(2, stdlib::stay_close_to_target(
                              m_, DepositPositionUnlessWantedItem{deposit_, m_.nearest_visible_wanted_item},
                              AllayNumbers::close_enough_to_target, AllayNumbers::too_far_from_target,
                              AllayNumbers::speed_when_following_deposit_target));
        p.emplace_back(3, stdlib::set_entity_look_target_sometimes(
                              m_, AllayNumbers::max_look_distance,
                              stdlib::UniformInt{AllayNumbers::min_wait_duration, AllayNumbers::max_wait_duration}));
        brain::WeightedBehaviors one;
        one.emplace_back(stdlib::random_fly(m_, AllayNumbers::speed_when_idling), 2);
        one.emplace_back(stdlib::set_walk_target_from_look_target(m_, AllayNumbers::speed_when_idling, 3), 2);
        one.emplace_back(
            std::make_unique<brain::DoNothing>(AllayNumbers::min_wait_duration, AllayNumbers::max_wait_duration), 1);
        p.emplace_back(4, std::make_unique<brain::RunOne>(std::move(one)));
        return p;
    }

    brain::StandardMemories m_;
    DepositPosition deposit_;
    brain::Activity core_, idle_;
    std::unique_ptr<brain::BrainProvider> provider_;
};

}  // namespace

void AllayPlugin::register_content(plugin::PluginContext& context) {
    content_.allay = context.vanilla().entity_types.allay;
    context.set_ai_factory(content_.allay, make_allay_ai(context));
}

std::unique_ptr<MobAiFactory> make_allay_ai(plugin::PluginContext& context) {
    return std::make_unique<AllayAi>(context);
}

void hear_noteblock(const brain::StandardMemories& m, Level& level, Mob& allay, BlockPos pos) {
    brain::Brain* b = allay.brain();
    if (b == nullptr) return;
    const GlobalPos heard{level.dimension(), pos};
    const GlobalPos* liked = b->get_memory(m.liked_noteblock);
    if (liked == nullptr) {
        b->set_memory(m.liked_noteblock, heard);
        b->set_memory(m.liked_noteblock_cooldown_ticks, AllayNumbers::time_to_forget_noteblock);
    } else if (*liked == heard) {
        b->set_memory(m.liked_noteblock_cooldown_ticks, AllayNumbers::time_to_forget_noteblock);
    }
}

std::optional<PositionTracker> item_deposit_position(const brain::StandardMemories& m, Handle<BlockInfo> note_block,
                                                     Level& level, Mob& allay) {
    if (allay.brain() == nullptr) return std::nullopt;
    return DepositPosition{m.liked_noteblock, m.liked_noteblock_cooldown_ticks, m.liked_player, note_block}(level,
                                                                                                            allay);
}

Player* liked_player(const brain::StandardMemories& m, Level& level, Mob& allay) {
    if (allay.brain() == nullptr) return nullptr;
    return find_liked_player(m.liked_player, level, allay);
}

InteractionResult allay_interact(brain::MemoryModuleType<Uuid> liked_player, Level& level, Mob& allay, Player& player,
                                 InteractionHand hand) {
    brain::Brain* b = allay.brain();
    auto* state = allay.attachment_as<stdlib::AllayState>();
    if (b == nullptr || state == nullptr) return InteractionResult::Pass;
    // Copies: set_item_slot and set_equipment replace what the references would point at.
    const ItemStack player_item = player.item_in_hand(hand);
    const ItemStack allay_item = allay.equipment(EquipmentSlot::MainHand);
    // (Duplication with an amethyst shard while dancing comes first in vanilla: no dancing here.)
    if (allay_item.empty() && !player_item.empty()) {
        // Give: one of the player's item into the allay's main hand; the player likes it now.
        allay.set_equipment(EquipmentSlot::MainHand, ItemStack{player_item.item, 1});
        if (!player.is_creative()) {  // removeInteractionItem: unless abilities.instabuild
            ItemStack rest = player_item;
            --rest.count;
            player.set_item_slot(equipment_slot_of(hand), rest.count > 0 ? rest : ItemStack{});
        }
        b->set_memory(liked_player, player.uuid());
        return InteractionResult::Success;
    }
    if (!allay_item.empty() && hand == InteractionHand::MainHand && player_item.empty()) {
        // Take back: the held item to the player, the collected items dropped where the allay is.
        allay.set_equipment(EquipmentSlot::MainHand, ItemStack{});
        stdlib::SimpleContainer& inventory = state->inventory();
        for (std::size_t slot = 0; slot < inventory.size(); ++slot) {
            const ItemStack stack = inventory.item(slot);
            inventory.set_item(slot, ItemStack{});
            stdlib::throw_item(level, allay, stack, allay.position());
        }
        b->erase_memory(liked_player);
        player.add_item(allay_item);  // what does not fit is lost, as vanilla's Player.addItem
        return InteractionResult::Success;
    }
    return InteractionResult::Pass;  // super.mobInteract: leads and spawn eggs, not modelled
}

}  // namespace allay
