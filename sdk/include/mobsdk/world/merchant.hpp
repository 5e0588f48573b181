// A mob players trade with (vanilla's Merchant): its offers, the trade's effect on it, its level and
// experience for the screen, and the player whose merchant screen is open on it. A villager's state
// implements it; the host's merchant menu works through it.
#pragma once

#include <cstdint>
#include <optional>

#include "mobsdk/stdlib/merchant_offer.hpp"
#include "mobsdk/world/entity.hpp"
#include "mobsdk/world/random.hpp"

namespace mobsdk {

/// @brief Vanilla's Merchant. The host keeps a reference only while the mob lives (it checks the
/// mob every tick and before every use).
class Merchant {
public:
    virtual ~Merchant() = default;
    /// @brief Vanilla's getOffers: the offers, rolled with `random` when there are none yet.
    virtual stdlib::MerchantOffers& merchant_offers(RandomSource& random) = 0;
    /// @brief Vanilla's notifyTrade: `offer` (one of merchant_offers) was traded once. Returns the
    /// experience the trade drops as orbs.
    virtual std::int32_t notify_trade(stdlib::MerchantOffer& offer, RandomSource& random) = 0;
    /// @brief Vanilla's getVillagerXp: the trading experience the screen's bar shows.
    virtual std::int32_t merchant_xp() const = 0;
    /// @brief The villager level the screen shows (1–5; 0 for merchants without levels).
    virtual std::int32_t merchant_level() const = 0;
    /// @brief Vanilla's showProgressBar: true for villagers (the screen shows level and experience).
    virtual bool show_progress_bar() const { return true; }
    /// @brief Vanilla's canRestock: true for villagers.
    virtual bool can_restock() const { return true; }
    /// @brief Vanilla's getTradingPlayer.
    virtual std::optional<EntityRef> merchant_trading_player() const = 0;
    /// @brief Vanilla's setTradingPlayer: `player` has the screen open, or nobody (the screen closed).
    virtual void set_trading_player(std::optional<EntityRef> player) = 0;
};

}  // namespace mobsdk
