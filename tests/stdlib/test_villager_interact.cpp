// Vanilla's Villager.mobInteract: which villagers open their merchant screen on a player, with what
// title, that the screen's trading player is set (and cleared with the special prices), and which
// shake their heads instead.
#include <boost/test/unit_test.hpp>

#include "mobsdk/stdlib/villager.hpp"
#include "mobsdk/testing/fake_world.hpp"

using namespace mobsdk;
using namespace mobsdk::stdlib;
using namespace mobsdk::testing;

namespace {

struct Scene {
    FakeLevel level{3};
    FakeMob mob{Uuid{1, 1}, 1};
    FakePlayer player{Uuid{2, 2}, "trader", 2};
    VillagerState state;

    explicit Scene(std::string_view profession) { state.data.profession = ResourceLocation::of(profession); }
    InteractionResult interact() { return state.mob_interact(level, mob, player, InteractionHand::MainHand); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(villager_interact)

BOOST_AUTO_TEST_CASE(a_farmer_opens_its_screen_and_trades_with_the_player) {
    Scene s("farmer");
    BOOST_TEST((s.interact() == InteractionResult::Success));
    BOOST_TEST(s.player.merchant_menu == static_cast<Merchant*>(&s.state));
    BOOST_TEST(s.player.merchant_title == "entity.minecraft.villager.farmer");
    BOOST_TEST((s.player.merchant_trader && s.player.merchant_trader->uuid == s.mob.uuid()));
    BOOST_TEST((s.state.trading_player && s.state.trading_player->uuid == s.player.uuid()));
    BOOST_TEST(s.state.merchant_offers(s.level.random()).size() == 2u);
    BOOST_TEST(s.state.merchant_level() == 1);
    // Already trading: the next player gets nothing.
    s.player.merchant_menu = nullptr;
    BOOST_TEST((s.interact() == InteractionResult::Pass));
    BOOST_TEST(s.player.merchant_menu == nullptr);
    // Closing clears the player and the special prices.
    (*s.state.offers)[0].special_price_diff = -2;
    s.state.set_trading_player(std::nullopt);
    BOOST_TEST(!s.state.is_trading());
    BOOST_TEST((*s.state.offers)[0].special_price_diff == 0);
}

BOOST_AUTO_TEST_CASE(villagers_without_offers_babies_and_sleepers_open_no_screen) {
    for (const char* profession : {"none", "nitwit"}) {
        Scene s(profession);
        BOOST_TEST((s.interact() == InteractionResult::Success));
        BOOST_TEST(s.player.merchant_menu == nullptr);
        BOOST_TEST(!s.state.is_trading());
        // Vanilla's setUnhappy: 40 ticks of head shaking, shown to clients, counted down each tick.
        BOOST_TEST(s.state.unhappy_counter == 40);
        BOOST_TEST(s.state.villager_appearance()->unhappy_counter == 40);
        s.state.tick_merchant_timer(s.level.random());
        BOOST_TEST(s.state.unhappy_counter == 39);
        for (int i = 0; i < 50; ++i) s.state.tick_merchant_timer(s.level.random());
        BOOST_TEST(s.state.unhappy_counter == 0);
        // Only the main hand's interaction shakes the head.
        BOOST_TEST(
            (s.state.mob_interact(s.level, s.mob, s.player, InteractionHand::OffHand) == InteractionResult::Success));
        BOOST_TEST(s.state.unhappy_counter == 0);
    }
    Scene baby("farmer");
    baby.mob.baby_ = true;
    BOOST_TEST((baby.interact() == InteractionResult::Success));
    BOOST_TEST(baby.player.merchant_menu == nullptr);
    BOOST_TEST(!baby.state.offers.has_value());  // a baby does not roll offers
    BOOST_TEST(baby.state.unhappy_counter == 40);
    Scene sleeper("farmer");
    sleeper.mob.start_sleeping(BlockPos{0, 64, 0});
    BOOST_TEST((sleeper.interact() == InteractionResult::Pass));
    BOOST_TEST(sleeper.player.merchant_menu == nullptr);
    Scene egg("farmer");
    egg.player.set_item_slot(EquipmentSlot::MainHand, ItemStack{ResourceLocation::of("villager_spawn_egg"), 1});
    BOOST_TEST((egg.interact() == InteractionResult::Pass));
}

BOOST_AUTO_TEST_SUITE_END()
