// The villager's behaviours with trading players: SetLookAndInteract, ShowTradesToPlayer and
// LookAndFollowTradingPlayerSink (vanilla 1.20.4).
#include "mobsdk/stdlib/trading.hpp"

#include <limits>

#include "internal.hpp"
#include "mobsdk/brain/brain.hpp"
#include "mobsdk/stdlib/villager.hpp"

namespace mobsdk::stdlib {

using internal::named;

using brain::MemoryStatus;
using brain::PositionTracker;
using brain::StandardMemories;
using brain::WalkTarget;
using namespace brain::behavior_builder;

// ---- SetLookAndInteract ----

std::unique_ptr<brain::OneShot> set_look_and_interact(const StandardMemories& m, Handle<EntityTypeInfo> type,
                                                      std::int32_t max_distance) {
    const double max_sqr = static_cast<double>(max_distance * max_distance);
    return named(create(registered(m.look_target), absent(m.interaction_target), present(m.visible_mobs),
                        [=](Level& level, Mob& mob, std::int64_t, auto& look, auto& interaction, auto& visible) {
                            Entity* e = visible.get().find_closest(level, [&](const Entity& other) {
                                return other.distance_to_sqr(mob) <= max_sqr && other.type() == type;
                            });
                            if (e == nullptr) return false;
                            interaction.set(e->ref());
                            look.set(PositionTracker::entity(*e, true));
                            return true;
                        }),
                 "SetLookAndInteract");
}

// ---- ShowTradesToPlayer ----

ShowTradesToPlayer::ShowTradesToPlayer(const StandardMemories& m, std::int32_t min_duration, std::int32_t max_duration)
    : Behavior({{m.interaction_target, MemoryStatus::VALUE_PRESENT}}, min_duration, max_duration),
      interaction_target_(m.interaction_target),
      look_target_(m.look_target) {}

bool ShowTradesToPlayer::check_extra_start_conditions(Level& level, Mob& mob) {
    const EntityRef* target = mob.brain()->get_memory(interaction_target_);
    if (target == nullptr) return false;
    const Player* player = level.resolve_player(*target);
    return player != nullptr && mob.is_alive() && player->is_alive() && !mob.is_baby() &&
           mob.distance_to_sqr(*player) <= 17.0;
}

bool ShowTradesToPlayer::can_still_use(Level& level, Mob& mob, std::int64_t) {
    return check_extra_start_conditions(level, mob) && look_time_ > 0;
}

Player* ShowTradesToPlayer::look_at_target(Level& level, Mob& mob) {
    const EntityRef* target = mob.brain()->get_memory(interaction_target_);
    Player* player = target ? level.resolve_player(*target) : nullptr;
    if (player != nullptr) mob.brain()->set_memory(look_target_, PositionTracker::entity(*player, true));
    return player;
}

void ShowTradesToPlayer::start(Level& level, Mob& mob, std::int64_t) {
    look_at_target(level, mob);
    cycle_counter_ = 0;
    display_index_ = 0;
    look_time_ = starting_look_time;
}

void ShowTradesToPlayer::find_items_to_display(Level& level, const Player& player, Mob& mob) {
    const ItemStack& held = player.equipment(EquipmentSlot::MainHand);
    const ResourceLocation held_item = held.empty() ? ResourceLocation::of("air") : held.item;
    if (player_item_ && *player_item_ == held_item) return;
    player_item_ = held_item;
    display_items_.clear();
    if (held.empty()) return;
    if (VillagerState* state = mob.attachment_as<VillagerState>()) {
        for (const MerchantOffer& o : state->get_offers(level.random())) {
            if (o.is_out_of_stock()) continue;
            const OfferItem a = o.cost_a();
            if ((!a.empty() && a.item() == held_item) || (!o.cost_b.empty() && o.cost_b.item() == held_item))
                display_items_.push_back(o.result.stack);
        }
    }
    if (!display_items_.empty()) {
        look_time_ = max_look_time;
        mob.set_equipment(EquipmentSlot::MainHand, display_items_.front());
    }
}

void ShowTradesToPlayer::tick(Level& level, Mob& mob, std::int64_t) {
    if (Player* player = look_at_target(level, mob)) find_items_to_display(level, *player, mob);
    if (!display_items_.empty()) {
        // Vanilla's displayCyclingItems.
        if (display_items_.size() >= 2 && ++cycle_counter_ >= 40) {
            ++display_index_;
            cycle_counter_ = 0;
            if (display_index_ > static_cast<std::int32_t>(display_items_.size()) - 1) display_index_ = 0;
            mob.set_equipment(EquipmentSlot::MainHand, display_items_[static_cast<std::size_t>(display_index_)]);
        }
    } else {
        mob.set_equipment(EquipmentSlot::MainHand, ItemStack{});
        look_time_ = std::min(look_time_, starting_look_time);
    }
    --look_time_;
}

void ShowTradesToPlayer::stop(Level&, Mob& mob, std::int64_t) {
    mob.brain()->erase_memory(interaction_target_);
    mob.set_equipment(EquipmentSlot::MainHand, ItemStack{});
    player_item_.reset();
}

// ---- LookAndFollowTradingPlayerSink ----

LookAndFollowTradingPlayerSink::LookAndFollowTradingPlayerSink(const StandardMemories& m, float speed_modifier)
    // Vanilla's Integer.MAX_VALUE duration rolls nextInt(1) on start; one less than the maximum
    // rolls the same without overflowing max + 1.
    : Behavior({}, std::numeric_limits<std::int32_t>::max() - 1, std::numeric_limits<std::int32_t>::max() - 1),
      walk_target_(m.walk_target),
      look_target_(m.look_target),
      speed_modifier_(speed_modifier) {}

Player* LookAndFollowTradingPlayerSink::trading_player(Level& level, Mob& mob) const {
    const VillagerState* state = mob.attachment_as<VillagerState>();
    return state != nullptr && state->trading_player ? level.resolve_player(*state->trading_player) : nullptr;
}

bool LookAndFollowTradingPlayerSink::check_extra_start_conditions(Level& level, Mob& mob) {
    const Player* player = trading_player(level, mob);
    return mob.is_alive() && player != nullptr && !mob.in_water() && mob.distance_to_sqr(*player) <= 16.0;
}

bool LookAndFollowTradingPlayerSink::can_still_use(Level& level, Mob& mob, std::int64_t) {
    return check_extra_start_conditions(level, mob);
}

void LookAndFollowTradingPlayerSink::follow_player(Mob& mob, const Player& player) {
    brain::Brain& b = *mob.brain();
    b.set_memory(walk_target_, WalkTarget(PositionTracker::entity(player, false), speed_modifier_, 2));
    b.set_memory(look_target_, PositionTracker::entity(player, true));
}

void LookAndFollowTradingPlayerSink::start(Level& level, Mob& mob, std::int64_t) {
    if (const Player* player = trading_player(level, mob)) follow_player(mob, *player);
}

void LookAndFollowTradingPlayerSink::tick(Level& level, Mob& mob, std::int64_t) {
    if (const Player* player = trading_player(level, mob)) follow_player(mob, *player);
}

void LookAndFollowTradingPlayerSink::stop(Level&, Mob& mob, std::int64_t) {
    brain::Brain& b = *mob.brain();
    b.erase_memory(walk_target_);
    b.erase_memory(look_target_);
}

}  // namespace mobsdk::stdlib
