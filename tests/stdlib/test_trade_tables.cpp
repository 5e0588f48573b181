// Vanilla 1.20.4's trade tables and their rolls: every profession and level has vanilla's number of
// listings, two distinct listings a level in vanilla's order, reproducible from the seed; the
// enchanted book's price and tag, dyed armour, stew, tipped arrows, boats by villager type, and no
// explorer maps without structures.
#include <boost/test/unit_test.hpp>

#include <map>
#include <set>

#include "mobsdk/stdlib/villager.hpp"
#include "mobsdk/stdlib/villager_trades.hpp"

using namespace mobsdk;
using namespace mobsdk::stdlib;

namespace {

VillagerData villager(std::string_view profession, std::int32_t level = 1, std::string_view type = "plains") {
    VillagerData d;
    d.profession = ResourceLocation::of(profession);
    d.level = level;
    d.type = ResourceLocation::of(type);
    return d;
}

MerchantOffers roll(std::string_view profession, std::int32_t level, std::int64_t seed) {
    RandomSource random(seed);
    MerchantOffers offers;
    add_offers_from_item_listings(offers, villager_trades(profession, level), 2, villager(profession, level), random);
    return offers;
}

const ItemListing& first_of(ItemListingKind kind) {
    for (std::string_view p : {"librarian", "leatherworker", "farmer", "fletcher", "fisherman", "cartographer"})
        for (std::int32_t level = 1; level <= 5; ++level)
            for (const ItemListing& l : villager_trades(p, level))
                if (l.kind == kind) return l;
    throw std::logic_error("no such listing");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(trade_tables)

BOOST_AUTO_TEST_CASE(every_profession_and_level_has_vanillas_listings) {
    // The lengths of VillagerTrades.TRADES' arrays (1.20.4), levels 1–5.
    const std::map<std::string_view, std::array<std::size_t, 5>> expected = {
        {"armorer", {5, 4, 5, 2, 2}},     {"butcher", {4, 3, 2, 1, 1}},       {"cartographer", {2, 2, 2, 17, 1}},
        {"cleric", {2, 2, 2, 3, 2}},      {"farmer", {5, 3, 2, 7, 2}},        {"fisherman", {4, 3, 2, 1, 2}},
        {"fletcher", {3, 2, 2, 2, 3}},    {"leatherworker", {3, 3, 2, 2, 2}}, {"librarian", {3, 3, 3, 4, 1}},
        {"mason", {2, 2, 7, 33, 2}},      {"shepherd", {5, 37, 21, 22, 1}},   {"toolsmith", {5, 2, 5, 3, 1}},
        {"weaponsmith", {3, 2, 1, 2, 1}},
    };
    for (const auto& [profession, counts] : expected)
        for (std::int32_t level = 1; level <= 5; ++level)
            BOOST_TEST(villager_trades(profession, level).size() == counts[static_cast<std::size_t>(level - 1)],
                       profession << " level " << level);
    BOOST_TEST(villager_trades("none", 1).empty());
    BOOST_TEST(villager_trades("nitwit", 1).empty());
    BOOST_TEST(villager_trades("farmer", 0).empty());
    BOOST_TEST(villager_trades("farmer", 6).empty());
    // Spot checks against vanilla's arguments.
    const ItemListing& wheat = villager_trades("farmer", 1)[0];
    BOOST_TEST((wheat.kind == ItemListingKind::EmeraldForItems && wheat.item == "wheat" && wheat.count == 20 &&
                wheat.max_uses == 16 && wheat.xp == 2 && wheat.price_multiplier == 0.05f));
    const ItemListing& bell = villager_trades("armorer", 2)[1];
    BOOST_TEST((bell.item == "bell" && bell.emeralds == 36 && bell.max_uses == 12 && bell.xp == 5 &&
                bell.price_multiplier == 0.2f));
    const ItemListing& pie = villager_trades("farmer", 2)[1];  // ItemsForEmeralds(Item, 1, 4, 5): 12 uses
    BOOST_TEST((pie.item == "pumpkin_pie" && pie.count == 4 && pie.max_uses == 12 && pie.xp == 5));
}

BOOST_AUTO_TEST_CASE(the_enchantment_table_is_vanillas) {
    const auto all = vanilla_enchantments();
    BOOST_TEST(all.size() == 39u);
    std::size_t tradeable = 0, treasure = 0, curses = 0;
    for (const EnchantmentInfo& e : all) {
        tradeable += e.tradeable;
        treasure += e.treasure;
        curses += e.curse;
    }
    BOOST_TEST(tradeable == 37u);  // all but soul_speed and swift_sneak
    BOOST_TEST(treasure == 6u);    // frost_walker, binding_curse, soul_speed, swift_sneak, mending, vanishing_curse
    BOOST_TEST(curses == 2u);
    BOOST_TEST(tradeable_arrow_potions().size() == 37u);
}

BOOST_AUTO_TEST_CASE(two_distinct_listings_a_level_reproducible_from_the_seed) {
    for (std::int64_t seed = 0; seed < 50; ++seed) {
        const MerchantOffers a = roll("mason", 4, seed);  // 33 listings
        const MerchantOffers b = roll("mason", 4, seed);
        BOOST_TEST_REQUIRE(a.size() == 2u);
        BOOST_TEST(!(a[0].result.item() == a[1].result.item() && a[0].base_cost_a.item() == a[1].base_cost_a.item()));
        BOOST_TEST((merchant_offers_to_nbt(a) == merchant_offers_to_nbt(b)));
    }
    // Two or fewer listings: all of them, in order, without a roll.
    RandomSource random(7);
    const RandomSource before = random;
    MerchantOffers offers;
    add_offers_from_item_listings(offers, villager_trades("cleric", 1), 2, villager("cleric"), random);
    BOOST_TEST_REQUIRE(offers.size() == 2u);
    BOOST_TEST(offers[0].base_cost_a.item().path() == "rotten_flesh");
    BOOST_TEST(offers[1].result.item().path() == "redstone");
    RandomSource after = random, expected = before;
    BOOST_TEST(after.next_int() == expected.next_int());
}

BOOST_AUTO_TEST_CASE(picks_follow_vanillas_draws_and_hash_set_order) {
    const auto listings = villager_trades("shepherd", 2);  // 37 listings
    for (std::int64_t seed = 0; seed < 200; ++seed) {
        RandomSource draw(seed);
        std::vector<std::int32_t> picked;
        while (picked.size() < 2) {
            const std::int32_t i = draw.next_int(static_cast<std::int32_t>(listings.size()));
            if (std::find(picked.begin(), picked.end(), i) == picked.end()) picked.push_back(i);
        }
        // java.util.HashSet<Integer> with 16 buckets: by i & 15, ties in insertion order.
        if ((picked[1] & 15) < (picked[0] & 15)) std::swap(picked[0], picked[1]);
        const MerchantOffers offers = roll("shepherd", 2, seed);
        BOOST_TEST_REQUIRE(offers.size() == 2u);
        for (std::size_t k = 0; k < 2; ++k) {
            const ItemListing& l = listings[static_cast<std::size_t>(picked[k])];
            const ResourceLocation& traded =
                l.kind == ItemListingKind::EmeraldForItems ? offers[k].base_cost_a.item() : offers[k].result.item();
            BOOST_TEST(traded.path() == l.item);
        }
    }
}

BOOST_AUTO_TEST_CASE(enchanted_books_as_vanilla_prices_them) {
    const ItemListing& listing = villager_trades("librarian", 1)[1];
    BOOST_TEST_REQUIRE((listing.kind == ItemListingKind::EnchantBookForEmeralds));
    std::vector<const EnchantmentInfo*> tradeable;
    for (const EnchantmentInfo& e : vanilla_enchantments())
        if (e.tradeable) tradeable.push_back(&e);
    std::set<std::string_view> seen;
    for (std::int64_t seed = 0; seed < 300; ++seed) {
        RandomSource random(seed), mirror(seed);
        const auto offer = villager_trade_offer(listing, villager("librarian"), random);
        BOOST_TEST_REQUIRE(offer.has_value());
        // Vanilla's draws: the enchantment, its level (none when the maximum is 1), the price.
        const EnchantmentInfo& e = *tradeable[static_cast<std::size_t>(mirror.next_int(37))];
        const std::int32_t level = e.max_level > 1 ? mirror.next_int(e.max_level) + 1 : 1;
        std::int32_t price = 2 + mirror.next_int(5 + level * 10) + 3 * level;
        if (e.treasure) price *= 2;
        price = std::min(price, 64);
        seen.insert(e.id);
        BOOST_TEST(offer->base_cost_a.count() == price);
        BOOST_TEST(offer->cost_b.item().path() == "book");
        BOOST_TEST(offer->max_uses == 12);
        BOOST_TEST(offer->xp == 1);
        BOOST_TEST(offer->price_multiplier == 0.2f);
        const auto& stored = offer->result.tag.get<nbt::List>("StoredEnchantments")[0].as<nbt::Compound>();
        BOOST_TEST(stored.get<std::string>("id") == "minecraft:" + std::string(e.id));
        BOOST_TEST(stored.get<std::int16_t>("lvl") == level);
        BOOST_TEST(random.next_int() == mirror.next_int());
    }
    BOOST_TEST(seen.size() > 30u);
    BOOST_TEST(!seen.contains("soul_speed"));
    BOOST_TEST(!seen.contains("swift_sneak"));
}

BOOST_AUTO_TEST_CASE(dyed_armour_stew_arrows_and_boats) {
    // Dyed armour: one to three dyes; a single dye gives that dye's colour.
    const ItemListing& dyed = first_of(ItemListingKind::DyedArmorForEmeralds);
    const std::int32_t colours[16] = {0xF9FFFE, 0xF9801D, 0xC74EBD, 0x3AB3DA, 0xFED83D, 0x80C71F, 0xF38BAA, 0x474F52,
                                      0x9D9D97, 0x169C9C, 0x8932B8, 0x3C44AA, 0x835432, 0x5E7C16, 0xB02E26, 0x1D1D21};
    std::int32_t singles = 0;
    for (std::int64_t seed = 0; seed < 100; ++seed) {
        RandomSource random(seed), mirror(seed);
        const auto offer = villager_trade_offer(dyed, villager("leatherworker"), random);
        BOOST_TEST_REQUIRE(offer.has_value());
        const std::int32_t first = mirror.next_int(16);
        const bool second = mirror.next_float() > 0.7f;
        if (second) mirror.next_int(16);
        const bool third = mirror.next_float() > 0.8f;
        const std::int32_t colour = offer->result.tag.get<nbt::Compound>("display").get<std::int32_t>("color");
        if (!second && !third) {
            BOOST_TEST(colour == colours[first]);
            ++singles;
        }
        BOOST_TEST(offer->price_multiplier == 0.2f);
    }
    BOOST_TEST(singles > 30);

    const ItemListing& stew = villager_trades("farmer", 4)[1];
    RandomSource random(1);
    const auto stew_offer = villager_trade_offer(stew, villager("farmer", 4), random);
    BOOST_TEST_REQUIRE(stew_offer.has_value());
    const auto& effect = stew_offer->result.tag.get<nbt::List>("effects")[0].as<nbt::Compound>();
    BOOST_TEST(effect.get<std::string>("id") == "minecraft:night_vision");
    BOOST_TEST(effect.get<std::int32_t>("duration") == 100);
    BOOST_TEST(stew_offer->xp == 15);

    const ItemListing& arrows = villager_trades("fletcher", 5)[2];
    const auto arrow_offer = villager_trade_offer(arrows, villager("fletcher", 5), random);
    BOOST_TEST_REQUIRE(arrow_offer.has_value());
    BOOST_TEST(arrow_offer->base_cost_a.count() == 2);
    BOOST_TEST(arrow_offer->cost_b.item().path() == "arrow");
    BOOST_TEST(arrow_offer->cost_b.count() == 5);
    BOOST_TEST(arrow_offer->result.count() == 5);
    BOOST_TEST(arrow_offer->result.tag.contains("Potion"));

    const ItemListing& boat = villager_trades("fisherman", 5)[1];
    const std::pair<std::string_view, std::string_view> boats[] = {
        {"plains", "oak_boat"}, {"snow", "spruce_boat"}, {"desert", "jungle_boat"}, {"swamp", "dark_oak_boat"}};
    for (const auto& [type, item] : boats) {
        const auto offer = villager_trade_offer(boat, villager("fisherman", 5, type), random);
        BOOST_TEST_REQUIRE(offer.has_value());
        BOOST_TEST(offer->base_cost_a.item().path() == item);
    }
    BOOST_TEST(!villager_trade_offer(boat, villager("fisherman", 5, "modded:type"), random).has_value());
}

BOOST_AUTO_TEST_CASE(explorer_maps_are_never_offered_and_enchanted_items_roll_their_price) {
    RandomSource random(3);
    for (std::int32_t level : {2, 3}) {
        const ItemListing& map = villager_trades("cartographer", level)[1];
        BOOST_TEST((map.kind == ItemListingKind::TreasureMapForEmeralds));
        const RandomSource before = random;
        BOOST_TEST(!villager_trade_offer(map, villager("cartographer", level), random).has_value());
        RandomSource a = random, b = before;
        BOOST_TEST(a.next_int() == b.next_int());  // nothing rolled
    }
    const ItemListing& sword = villager_trades("weaponsmith", 5)[0];
    RandomSource mirror = random;
    const auto offer = villager_trade_offer(sword, villager("weaponsmith", 5), random);
    BOOST_TEST_REQUIRE(offer.has_value());
    BOOST_TEST(offer->base_cost_a.count() == std::min(8 + 5 + mirror.next_int(15), 64));
    BOOST_TEST(offer->result.item().path() == "diamond_sword");
    BOOST_TEST(offer->max_uses == 3);
    BOOST_TEST(offer->xp == 30);
}

BOOST_AUTO_TEST_SUITE_END()
