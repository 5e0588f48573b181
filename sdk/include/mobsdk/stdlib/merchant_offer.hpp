// A merchant's trade offers (vanilla 1.20.4's MerchantOffer and MerchantOffers): what it asks for,
// what it gives, how often, the demand and special-price adjustments of the price, and the NBT
// vanilla saves them as ({Recipes: [{buy, buyB, sell, uses, maxUses, rewardExp, xp,
// priceMultiplier, specialPrice, demand}]}).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/item_stack.hpp"

namespace mobsdk::stdlib {

/// @brief A stack with vanilla's item tag (1.20.4's ItemStack `tag`: an enchanted book's
/// StoredEnchantments, a dyed armour's display.color, a tipped arrow's Potion…). The SDK's
/// ItemStack has no tag yet; offers keep theirs here. An empty `tag` is no tag.
struct OfferItem {
    ItemStack stack;    ///< item and count
    nbt::Compound tag;  ///< the item's tag, empty for none
    /// @brief True for no item.
    bool empty() const noexcept { return stack.empty(); }
    /// @brief The item's id.
    const ResourceLocation& item() const noexcept { return stack.item; }
    /// @brief The count.
    std::int32_t count() const noexcept { return stack.count; }
};

/// @brief Vanilla's Item.getMaxStackSize for the items trades use: 1 for tools, armour, buckets
/// of lava or fish, boats, books and quills, enchanted books, saddles, maps' neighbours and the
/// like, 16 for banners, ender pearls, signs, snowballs, eggs and honey bottles, 64 otherwise.
std::int32_t max_stack_size(const ResourceLocation& item) noexcept;

/// @brief Vanilla's MerchantOffer (1.20.4).
struct MerchantOffer {
    OfferItem base_cost_a;                ///< "buy": the first price before adjustments
    OfferItem cost_b;                     ///< "buyB": the second price (often empty)
    OfferItem result;                     ///< "sell"
    std::int32_t uses = 0;                ///< "uses": trades since the last restock
    std::int32_t max_uses = 4;            ///< "maxUses"
    bool reward_exp = true;               ///< "rewardExp": the trade drops experience orbs
    std::int32_t special_price_diff = 0;  ///< "specialPrice": gossip and Hero of the Village discounts
    std::int32_t demand = 0;              ///< "demand": raised by restocks after heavy use
    float price_multiplier = 0.0f;        ///< "priceMultiplier": how strongly demand raises the price
    std::int32_t xp = 1;                  ///< "xp": what a trade gives the villager

    /// @brief Vanilla's MerchantOffer(costA, costB, result, maxUses, xp, priceMultiplier).
    static MerchantOffer of(OfferItem cost_a, OfferItem cost_b, OfferItem result, std::int32_t max_uses,
                            std::int32_t xp, float price_multiplier);

    /// @brief Vanilla's getCostA: the first price with demand and special price applied,
    /// count = clamp(base + max(0, floor(base · demand · priceMultiplier)) + specialPrice, 1,
    /// the item's max stack size). The product base · demand is an int, as vanilla's.
    OfferItem cost_a() const;
    /// @brief Vanilla's updateDemand: demand += uses − (maxUses − uses).
    void update_demand() noexcept { demand = demand + uses - (max_uses - uses); }
    /// @brief Vanilla's increaseUses.
    void increase_uses() noexcept { ++uses; }
    /// @brief Vanilla's resetUses.
    void reset_uses() noexcept { uses = 0; }
    /// @brief Vanilla's isOutOfStock: uses ≥ maxUses.
    bool is_out_of_stock() const noexcept { return uses >= max_uses; }
    /// @brief Vanilla's setToOutOfStock.
    void set_to_out_of_stock() noexcept { uses = max_uses; }
    /// @brief Vanilla's needsRestock: used at least once.
    bool needs_restock() const noexcept { return uses > 0; }
    /// @brief Vanilla's satisfiedBy: `a` pays cost_a() and `b` pays cost_b (same item, enough of
    /// it, and the cost's tag, if any, contained in the payment's tag).
    bool satisfied_by(const OfferItem& a, const OfferItem& b) const;
    /// @brief Vanilla's take: when satisfied_by, removes the prices from the payment stacks; true then.
    bool take(OfferItem& a, OfferItem& b) const;
};

/// @brief Vanilla's MerchantOffers: the offers in the order the screen shows them.
using MerchantOffers = std::vector<MerchantOffer>;

/// @brief An item stack as vanilla 1.20.4's ItemStack.save: {id, Count: byte, tag?}; an empty
/// stack is {id: "minecraft:air", Count: 0b}, as vanilla writes an offer's empty buyB.
nbt::Compound offer_item_to_nbt(const OfferItem& item);
/// @brief An item stack from {id, Count, tag?}; an empty stack for a missing or invalid id (with a
/// warning naming `where` unless it is air).
OfferItem offer_item_from_nbt(const nbt::Compound& tag, std::vector<std::string>& warnings, const std::string& where);

/// @brief Vanilla's MerchantOffer.createTag.
nbt::Compound merchant_offer_to_nbt(const MerchantOffer& offer);
/// @brief Vanilla's MerchantOffer(CompoundTag), with its defaults for missing keys (maxUses 4,
/// rewardExp true, xp 1, priceMultiplier 0).
MerchantOffer merchant_offer_from_nbt(const nbt::Compound& tag, std::vector<std::string>& warnings,
                                      const std::string& where);
/// @brief Vanilla's MerchantOffers.createTag: {Recipes: [offer…]}.
nbt::Compound merchant_offers_to_nbt(const MerchantOffers& offers);
/// @brief Vanilla's MerchantOffers(CompoundTag).
MerchantOffers merchant_offers_from_nbt(const nbt::Compound& tag, std::vector<std::string>& warnings);

}  // namespace mobsdk::stdlib
