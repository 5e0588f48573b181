// Vanilla 1.20.4's villager trade tables (VillagerTrades.TRADES) as plain data: for each profession
// and level 1–5 the listings a villager picks its offers from, each of one of vanilla's listing
// kinds, rolled into MerchantOffers with the level's seeded random.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "mobsdk/stdlib/merchant_offer.hpp"
#include "mobsdk/world/random.hpp"

namespace mobsdk::stdlib {

struct VillagerData;

/// @brief Vanilla's VillagerTrades.ItemListing classes.
enum class ItemListingKind : std::uint8_t {
    EmeraldForItems,                 ///< `count` of `item` → 1 emerald
    ItemsForEmeralds,                ///< `emeralds` → `count` of `item`
    ItemsAndEmeraldsToItems,         ///< `emeralds` + `count` of `item` → `count_b` of `item_b`
    EmeraldsForVillagerTypeItem,     ///< `count` of the villager type's boat → 1 emerald
    SuspiciousStewForEmerald,        ///< 1 emerald → a suspicious stew of `effect` for `duration` ticks
    TippedArrowForItemsAndEmeralds,  ///< `emeralds` + `count` of `item` → `count_b` random tipped arrows
    DyedArmorForEmeralds,            ///< `emeralds` → `item` dyed with 1–3 random dyes
    EnchantBookForEmeralds,          ///< 2 + … emeralds + a book → a random tradeable enchanted book
    EnchantedItemForEmeralds,        ///< `emeralds` + 5–19 → `item` (see villager_trade_offer)
    TreasureMapForEmeralds,          ///< `emeralds` + a compass → an explorer map to `effect` (never here)
};

/// @brief One listing (vanilla's ItemListing with its constructor arguments). Which fields matter
/// depends on `kind` (see ItemListingKind); item ids are paths in the minecraft namespace.
struct ItemListing {
    ItemListingKind kind = ItemListingKind::EmeraldForItems;  ///< the listing class
    std::string_view item;                                    ///< the item asked for or given
    std::int32_t count = 1;                                   ///< how many of `item`
    std::int32_t emeralds = 1;                                ///< the emerald price
    std::string_view item_b;                                  ///< the item given for two-item listings
    std::int32_t count_b = 0;                                 ///< how many of `item_b`
    std::int32_t max_uses = 12;                               ///< maxUses
    std::int32_t xp = 1;                                      ///< villagerXp
    float price_multiplier = 0.05f;                           ///< priceMultiplier
    std::string_view effect;    ///< the stew's effect, or the treasure map's structure tag
    std::int32_t duration = 0;  ///< the stew's effect duration, in ticks
};

/// @brief The listings of `profession` (a path: "farmer") at `level` (1–5), in vanilla's order;
/// empty for professions without trades (none, nitwit), unknown ones and levels outside 1–5.
std::span<const ItemListing> villager_trades(std::string_view profession, std::int32_t level) noexcept;

/// @brief An enchantment as the trades need it (vanilla 1.20.4's Enchantment).
struct EnchantmentInfo {
    std::string_view id;     ///< path, e.g. "sharpness"
    std::int32_t max_level;  ///< getMaxLevel (getMinLevel is 1 for every vanilla enchantment)
    bool treasure;           ///< isTreasureOnly
    bool tradeable;          ///< isTradeable (false for soul_speed and swift_sneak)
    bool curse;              ///< isCurse
};

/// @brief Vanilla 1.20.4's 39 enchantments in registry order (BuiltInRegistries.ENCHANTMENT).
std::span<const EnchantmentInfo> vanilla_enchantments() noexcept;

/// @brief Vanilla 1.20.4's potions that TippedArrowForItemsAndEmeralds picks from, in registry
/// order: those with effects that brewing can make (37: night_vision … long_slow_falling,
/// without luck).
std::span<const std::string_view> tradeable_arrow_potions() noexcept;

/// @brief Vanilla's ItemListing.getOffer: the offer `listing` makes to a villager of `data`,
/// rolled with `random` (the level's seeded random). Nothing where vanilla gives nothing: a
/// TreasureMapForEmeralds (this server has no structures, and vanilla gives no offer when it finds
/// none) and an EmeraldsForVillagerTypeItem for an unknown villager type.
///
/// EnchantedItemForEmeralds rolls vanilla's enchantment level (5 + nextInt(15)) and price
/// (min(base + level, 64)) but sells the item without enchantments: vanilla's
/// EnchantmentHelper.enchantItem (enchantability, weights, compatibility) is not modelled.
std::optional<MerchantOffer> villager_trade_offer(const ItemListing& listing, const VillagerData& data,
                                                  RandomSource& random);

/// @brief Vanilla's AbstractVillager.addOffersFromItemListings: with more than `count` listings,
/// draws nextInt(size) until `count` distinct indices came up, else takes them all; then rolls the
/// picked listings in the iteration order of vanilla's HashSet<Integer> (16 buckets: by index & 15,
/// then in the order drawn) and appends the offers they make.
void add_offers_from_item_listings(MerchantOffers& offers, std::span<const ItemListing> listings, std::int32_t count,
                                   const VillagerData& data, RandomSource& random);

}  // namespace mobsdk::stdlib
