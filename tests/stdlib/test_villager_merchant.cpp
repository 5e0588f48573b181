// The villager as a merchant (vanilla 1.20.4): offers rolled per level and dropped with the
// profession, trades counting uses and experience, the level thresholds 10/70/150/250 with the
// 40-tick pause, restocking at most twice a day (2400 ticks apart) with demand, and the NBT keys.
#include <boost/test/unit_test.hpp>

#include "mobsdk/stdlib/villager.hpp"
#include "mobsdk/stdlib/villager_trades.hpp"

using namespace mobsdk;
using namespace mobsdk::stdlib;

namespace {

VillagerState merchant(std::string_view profession, std::int32_t level = 1) {
    VillagerState s;
    s.data.profession = ResourceLocation::of(profession);
    s.data.level = level;
    return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(villager_merchant)

BOOST_AUTO_TEST_CASE(offers_are_rolled_when_asked_for_and_dropped_with_the_profession) {
    RandomSource random(42);
    VillagerState s = merchant("farmer");
    BOOST_TEST(!s.offers.has_value());
    BOOST_TEST(s.get_offers(random).size() == 2u);
    const nbt::Compound first = merchant_offers_to_nbt(*s.offers);
    BOOST_TEST((merchant_offers_to_nbt(s.get_offers(random)) == first));  // not rolled again
    s.data.profession = ResourceLocation::of("none");
    BOOST_TEST(s.get_offers(random).empty());
    s.data.profession = ResourceLocation::of("nitwit");
    BOOST_TEST(s.get_offers(random).empty());
    s.data.profession = ResourceLocation::of("librarian");
    BOOST_TEST(s.get_offers(random).size() == 2u);
}

BOOST_AUTO_TEST_CASE(a_trade_counts_a_use_and_gives_experience) {
    RandomSource random(1);
    VillagerState s = merchant("farmer");
    MerchantOffer& offer = s.get_offers(random)[0];
    const std::int32_t xp_per_trade = offer.xp;
    RandomSource mirror = random;
    const std::int32_t orb = s.notify_trade(offer, random);
    BOOST_TEST(offer.uses == 1);
    BOOST_TEST(s.xp == xp_per_trade);
    BOOST_TEST(orb == 3 + mirror.next_int(4));  // 3–6 experience
    offer.reward_exp = false;
    BOOST_TEST(s.notify_trade(offer, random) == 0);
}

BOOST_AUTO_TEST_CASE(levels_come_at_vanillas_thresholds_after_a_40_tick_pause) {
    RandomSource random(5);
    VillagerState s = merchant("librarian");
    s.get_offers(random);
    const std::int32_t thresholds[] = {10, 70, 150, 250};
    for (std::int32_t level = 1; level <= 4; ++level) {
        BOOST_TEST(s.data.level == level);
        MerchantOffer bump = MerchantOffer::of({}, {}, {}, 100, thresholds[level - 1] - s.xp - 1, 0.0f);
        s.notify_trade(bump, random);
        BOOST_TEST(!s.should_increase_level());  // one short
        BOOST_TEST(s.update_merchant_timer == 0);
        bump.xp = 1;
        RandomSource mirror = random;
        const std::int32_t orb = s.notify_trade(bump, random);
        BOOST_TEST(orb == 3 + mirror.next_int(4) + 5);  // + 5 on a level-up
        BOOST_TEST(s.should_increase_level());
        BOOST_TEST(s.update_merchant_timer == 40);
        // Trading holds the timer.
        s.trading_player = EntityRef{};
        for (int i = 0; i < 100; ++i) BOOST_TEST(!s.tick_merchant_timer(random));
        s.stop_trading();
        const std::size_t before = s.offers->size();
        for (int i = 1; i < 40; ++i) BOOST_TEST_REQUIRE(!s.tick_merchant_timer(random));
        BOOST_TEST(s.tick_merchant_timer(random));  // the 40th tick
        BOOST_TEST(s.data.level == level + 1);
        // New offers: two, or all when the level has fewer (a master librarian has one listing).
        const std::size_t listings = villager_trades("librarian", level + 1).size();
        BOOST_TEST(s.offers->size() == before + std::min<std::size_t>(2, listings));
    }
    BOOST_TEST(!s.should_increase_level());  // level 5 is the last
    MerchantOffer more = MerchantOffer::of({}, {}, {}, 100, 1000, 0.0f);
    s.notify_trade(more, random);
    BOOST_TEST(s.update_merchant_timer == 0);
    BOOST_TEST(s.data.level == 5);
}

BOOST_AUTO_TEST_CASE(stop_trading_resets_the_special_prices) {
    RandomSource random(2);
    VillagerState s = merchant("farmer");
    s.get_offers(random)[0].special_price_diff = -3;
    s.trading_player = EntityRef{};
    BOOST_TEST(s.is_trading());
    s.stop_trading();
    BOOST_TEST(!s.is_trading());
    BOOST_TEST(s.offers->at(0).special_price_diff == 0);
}

BOOST_AUTO_TEST_CASE(restocks_at_most_twice_a_day_2400_ticks_apart_and_only_when_used) {
    RandomSource random(9);
    VillagerState s = merchant("farmer");
    MerchantOffers& offers = s.get_offers(random);
    std::int64_t t = 1000;                // day time = game time here
    BOOST_TEST(!s.should_restock(t, t));  // nothing used
    offers[0].uses = offers[0].max_uses;  // sold out: demand rises on restock
    BOOST_TEST(s.should_restock(t, t));
    s.restock(t);
    BOOST_TEST(offers[0].uses == 0);
    BOOST_TEST(offers[0].demand == offers[0].max_uses);
    BOOST_TEST(offers[1].demand == -offers[1].max_uses);
    BOOST_TEST(s.restocks_today == 1);
    BOOST_TEST(s.last_restock_game_time == t);
    offers[0].uses = 1;
    BOOST_TEST(!s.should_restock(t + 2400, t + 2400));  // the cooldown is "more than 2400"
    BOOST_TEST(s.should_restock(t + 2401, t + 2401));
    s.restock(t + 2401);
    BOOST_TEST(s.restocks_today == 2);
    offers[0].uses = 1;
    BOOST_TEST(!s.should_restock(t + 9000, t + 9000));  // twice today already
    // A new day: the count resets, catching up the demand of the restocks that did not happen.
    const std::int32_t demand = offers[1].demand;
    BOOST_TEST(s.should_restock(24000 + 100, 24000 + 100));
    BOOST_TEST(s.restocks_today == 0);
    BOOST_TEST(offers[1].demand == demand);  // two restocks today: nothing to catch up
    BOOST_TEST(s.last_restock_game_time == 24100);
}

BOOST_AUTO_TEST_CASE(a_day_without_restocks_catches_up_twice) {
    RandomSource random(9);
    VillagerState s = merchant("farmer");
    MerchantOffers& offers = s.get_offers(random);
    offers[0].uses = 3;
    s.should_restock(100, 100);  // the first check only records the day
    // More than 12000 ticks since the last restock: the two missed restocks are caught up (uses
    // reset, then demand updated twice from 0 uses: −2 · maxUses), so nothing is left to restock.
    BOOST_TEST(!s.should_restock(30000, 30000));
    BOOST_TEST(offers[0].uses == 0);
    BOOST_TEST(s.last_restock_game_time == 30000);
    BOOST_TEST(offers[0].demand == -2 * offers[0].max_uses);
}

BOOST_AUTO_TEST_CASE(saves_vanillas_keys) {
    RandomSource random(4);
    VillagerState s = merchant("librarian", 2);
    s.get_offers(random);
    s.xp = 12;
    s.last_restock_game_time = 123456789012LL;
    s.restocks_today = 1;
    s.last_gossip_decay = 77;
    nbt::Compound entity;
    s.save(entity);
    BOOST_TEST(entity.get<nbt::Compound>("Offers").get<nbt::List>("Recipes").size() == 2u);
    BOOST_TEST(entity.get<std::int32_t>("Xp") == 12);
    BOOST_TEST(entity.get<std::int64_t>("LastRestock") == 123456789012LL);
    BOOST_TEST(entity.get<std::int32_t>("RestocksToday") == 1);
    BOOST_TEST(entity.get<std::int64_t>("LastGossipDecay") == 77);
    VillagerState back;
    std::vector<std::string> warnings;
    back.load(entity, warnings);
    BOOST_TEST(warnings.empty());
    BOOST_TEST_REQUIRE(back.offers.has_value());
    BOOST_TEST((merchant_offers_to_nbt(*back.offers) == merchant_offers_to_nbt(*s.offers)));
    BOOST_TEST(back.get_offers(random).size() == 2u);  // loaded offers are kept, not rolled again
    BOOST_TEST(back.restocks_today == 1);
    BOOST_TEST(back.last_restock_game_time == 123456789012LL);
    // No offers: no key.
    nbt::Compound unemployed;
    VillagerState().save(unemployed);
    BOOST_TEST(!unemployed.contains("Offers"));
}

BOOST_AUTO_TEST_SUITE_END()
