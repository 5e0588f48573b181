// The villager as a merchant (vanilla 1.20.4's AbstractVillager and Villager): its offers, trades,
// experience and levels, and restocking.
#include <algorithm>

#include "mobsdk/stdlib/villager.hpp"
#include "mobsdk/stdlib/villager_trades.hpp"

namespace mobsdk::stdlib {

MerchantOffers& VillagerState::get_offers(RandomSource& random) {
    if (!offers || (offers_profession_ && !(*offers_profession_ == data.profession))) {
        offers.emplace();
        offers_profession_ = data.profession;
        update_trades(random);
    }
    return *offers;
}

void VillagerState::update_trades(RandomSource& random) {
    if (!offers) {
        offers.emplace();
        offers_profession_ = data.profession;
    }
    if (!(data.profession.ns() == "minecraft")) return;
    const auto listings = villager_trades(data.profession.path(), data.level);
    if (!listings.empty()) add_offers_from_item_listings(*offers, listings, 2, data, random);
}

void VillagerState::stop_trading() {
    trading_player.reset();
    // Villager.resetSpecialPrices.
    if (offers)
        for (MerchantOffer& o : *offers) o.special_price_diff = 0;
}

std::int32_t VillagerState::notify_trade(MerchantOffer& offer, RandomSource& random) {
    offer.increase_uses();
    // Villager.rewardTradeXp.
    std::int32_t orb = 3 + random.next_int(4);
    xp += offer.xp;
    if (should_increase_level()) {
        update_merchant_timer = level_up_delay;
        increase_profession_level_on_update = true;
        orb += 5;
    }
    return offer.reward_exp ? orb : 0;
}

bool VillagerState::should_increase_level() const noexcept {
    const std::int32_t level = data.level;
    return villager_can_level_up(level) && xp >= villager_level_xp_thresholds[static_cast<std::size_t>(level)];
}

void VillagerState::increase_merchant_career(RandomSource& random) {
    data.level = std::min(data.level + 1, 5);
    get_offers(random);  // the offers of the levels so far, if they were never rolled
    update_trades(random);
}

bool VillagerState::tick_merchant_timer(RandomSource& random) {
    if (unhappy_counter > 0) --unhappy_counter;
    if (is_trading() || update_merchant_timer <= 0) return false;
    if (--update_merchant_timer > 0) return false;
    if (!increase_profession_level_on_update) return false;
    increase_merchant_career(random);
    increase_profession_level_on_update = false;
    return true;
}

void VillagerState::update_demand() {
    if (offers)
        for (MerchantOffer& o : *offers) o.update_demand();
}

void VillagerState::catch_up_demand() {
    const std::int32_t missed = 2 - restocks_today;
    if (missed > 0 && offers)
        for (MerchantOffer& o : *offers) o.reset_uses();
    for (std::int32_t i = 0; i < missed; ++i) update_demand();
}

bool VillagerState::allowed_to_restock(std::int64_t game_time) const noexcept {
    return restocks_today == 0 || (restocks_today < 2 && game_time > last_restock_game_time + restock_cooldown);
}

bool VillagerState::needs_to_restock() const noexcept {
    return offers &&
           std::any_of(offers->begin(), offers->end(), [](const MerchantOffer& o) { return o.needs_restock(); });
}

bool VillagerState::should_restock(std::int64_t game_time, std::int64_t day_time) {
    bool reset = game_time > last_restock_game_time + 12000;
    if (last_restock_check_day_time > 0) reset |= day_time / 24000 > last_restock_check_day_time / 24000;
    last_restock_check_day_time = day_time;
    if (reset) {
        last_restock_game_time = game_time;
        // resetNumberOfRestocks.
        catch_up_demand();
        restocks_today = 0;
    }
    return allowed_to_restock(game_time) && needs_to_restock();
}

void VillagerState::restock(std::int64_t game_time) {
    update_demand();
    if (offers)
        for (MerchantOffer& o : *offers) o.reset_uses();
    last_restock_game_time = game_time;
    ++restocks_today;
}

}  // namespace mobsdk::stdlib

namespace mobsdk::stdlib {

void VillagerState::set_trading_player(std::optional<EntityRef> player) {
    // Villager.setTradingPlayer: a trading player that leaves stops the trading.
    const bool stops = trading_player.has_value() && !player.has_value();
    trading_player = player;
    if (stops) stop_trading();
}

InteractionResult VillagerState::mob_interact(Level& level, Mob& mob, Player& player, InteractionHand hand) {
    // Vanilla's Villager.mobInteract (the statistics and player.isSecondaryUseActive are not modelled).
    if (player.item_in_hand(hand).item.path() == "villager_spawn_egg" || !mob.is_alive() || is_trading() ||
        mob.is_sleeping())
        return InteractionResult::Pass;
    if (mob.is_baby()) {
        unhappy_counter = unhappy_ticks;  // setUnhappy
        return InteractionResult::Success;
    }
    const MerchantOffers& current = get_offers(level.random());
    if (current.empty()) {
        if (hand == InteractionHand::MainHand) unhappy_counter = unhappy_ticks;  // setUnhappy
        return InteractionResult::Success;
    }
    // startTrading: setTradingPlayer, then openTradingScreen with the villager's name.
    set_trading_player(player.ref());
    std::string title = "entity.minecraft.villager." + std::string(data.profession.path());
    if (!player.open_merchant_menu(*this, mob, title)) set_trading_player(std::nullopt);
    return InteractionResult::Success;
}

}  // namespace mobsdk::stdlib
