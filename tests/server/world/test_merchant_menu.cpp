// The merchant screen (vanilla's MerchantMenu): Select Trade moves the prices into the payment slots,
// taking the result does the trade (prices paid, a use and experience counted, the result filled
// again while the payment pays; a right click takes the whole result), out-of-stock offers sell nothing, closing gives
// the payment back.
#include <boost/test/unit_test.hpp>

#include "mobsdk/stdlib/villager.hpp"
#include "mobserver/world/merchant_menu.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

TaggedStack stack(std::string_view id, std::int32_t count) {
    return TaggedStack{{ResourceLocation::of(id), count}, {}};
}

stdlib::OfferItem offer_item(std::string_view id, std::int32_t count) {
    return stdlib::OfferItem{{ResourceLocation::of(id), count}, {}};
}

struct User final : MenuUser {
    PlayerInventory inv;
    std::vector<TaggedStack> dropped;
    PlayerInventory& inventory() noexcept override { return inv; }
    bool instabuild() const noexcept override { return false; }
    void drop(TaggedStack s) override { dropped.push_back(std::move(s)); }
};

struct Scene {
    User user;
    stdlib::VillagerState villager;
    RandomSource random{7};
    MerchantMenu menu{1, user.inv, [this]() -> Merchant* { return &villager; }, random};

    Scene() {
        villager.data.profession = ResourceLocation::of("farmer");
        villager.offers = stdlib::MerchantOffers{
            stdlib::MerchantOffer::of(offer_item("wheat", 20), {}, offer_item("emerald", 1), 16, 2, 0.05f),
            stdlib::MerchantOffer::of(offer_item("emerald", 1), {}, offer_item("bread", 6), 16, 1, 0.05f)};
        villager.trading_player = EntityRef{Uuid{9, 9}, {}};
    }
    std::int32_t count(std::string_view id) { return user.inv.count_item(ResourceLocation::of(id)); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(merchant_menu)

BOOST_AUTO_TEST_CASE(slots_are_payment_result_and_the_inventory) {
    Scene s;
    BOOST_TEST(s.menu.slot_count() == 39);
    s.user.inv.set_item(0, stack("stone", 3));  // hotbar 0 is menu slot 30
    BOOST_TEST(s.menu.slot(30).item().count() == 3);
    s.user.inv.set_item(9, stack("dirt", 2));  // main 9 is menu slot 3
    BOOST_TEST(s.menu.slot(3).item().count() == 2);
}

BOOST_AUTO_TEST_CASE(select_trade_moves_the_price_and_taking_the_result_trades) {
    Scene s;
    s.user.inv.set_item(4, stack("emerald", 3));
    s.menu.try_move_items(s.user, 5);  // out of range: nothing
    BOOST_TEST(s.menu.slot(MerchantMenu::payment1_slot).item().empty());
    s.menu.set_selection_hint(1);
    s.menu.try_move_items(s.user, 1);
    BOOST_TEST(s.menu.slot(MerchantMenu::payment1_slot).item().count() == 3);
    BOOST_TEST(s.count("emerald") == 0);
    BOOST_TEST((s.menu.slot(MerchantMenu::result_slot).item() == stack("bread", 6)));
    BOOST_TEST(s.menu.active_offer() == &(*s.villager.offers)[1]);
    // Take the result onto the cursor: one trade.
    s.menu.clicked(MerchantMenu::result_slot, 0, ClickType::Pickup, s.user);
    BOOST_TEST((s.menu.carried() == stack("bread", 6)));
    BOOST_TEST(s.menu.slot(MerchantMenu::payment1_slot).item().count() == 2);
    BOOST_TEST((*s.villager.offers)[1].uses == 1);
    BOOST_TEST(s.villager.xp == 1);
    BOOST_TEST((s.menu.slot(MerchantMenu::result_slot).item() == stack("bread", 6)));  // still paid
    BOOST_TEST(s.menu.take_experience() > 0);
    // Shift-click the result: trades while the payment pays.
    s.menu.clicked(MerchantMenu::result_slot, 0, ClickType::QuickMove, s.user);
    BOOST_TEST((*s.villager.offers)[1].uses == 3);
    BOOST_TEST(s.villager.xp == 3);
    BOOST_TEST(s.count("bread") == 12);
    BOOST_TEST(s.menu.slot(MerchantMenu::payment1_slot).item().empty());
    BOOST_TEST(s.menu.slot(MerchantMenu::result_slot).item().empty());
}

BOOST_AUTO_TEST_CASE(a_right_click_on_the_result_takes_all_of_it) {
    // Vanilla's MerchantContainer.removeItem(2, n) takes the whole result: a right click (button
    // 1, half of an ordinary slot) trades once for all six bread, as a left click does.
    Scene s;
    s.menu.slot(MerchantMenu::payment1_slot).set(stack("emerald", 2));
    s.menu.clicked(MerchantMenu::result_slot, 1, ClickType::Pickup, s.user);
    BOOST_TEST((s.menu.carried() == stack("bread", 6)));
    BOOST_TEST((*s.villager.offers)[1].uses == 1);
    BOOST_TEST(s.menu.slot(MerchantMenu::payment1_slot).item().count() == 1);
    // An ordinary slot still gives half to a right click.
    s.menu.set_carried({});
    s.user.inv.set_item(0, stack("stone", 5));  // menu slot 30
    s.menu.clicked(30, 1, ClickType::Pickup, s.user);
    BOOST_TEST((s.menu.carried() == stack("stone", 3)));
    BOOST_TEST(s.count("stone") == 2);
}

BOOST_AUTO_TEST_CASE(an_out_of_stock_offer_sells_nothing) {
    Scene s;
    (*s.villager.offers)[1].set_to_out_of_stock();
    s.menu.slot(MerchantMenu::payment1_slot).set(stack("emerald", 4));
    BOOST_TEST(s.menu.slot(MerchantMenu::result_slot).item().empty());
    (*s.villager.offers)[1].reset_uses();
    s.menu.slot(MerchantMenu::payment1_slot).set(stack("emerald", 4));
    BOOST_TEST((s.menu.slot(MerchantMenu::result_slot).item() == stack("bread", 6)));
    // The payment may lie in the second slot: the first offer takes wheat from either.
    s.menu.slot(MerchantMenu::payment1_slot).set({});
    s.menu.slot(MerchantMenu::payment2_slot).set(stack("wheat", 20));
    BOOST_TEST((s.menu.slot(MerchantMenu::result_slot).item() == stack("emerald", 1)));
}

BOOST_AUTO_TEST_CASE(closing_returns_the_payment_and_ends_the_trading) {
    Scene s;
    s.menu.slot(MerchantMenu::payment1_slot).set(stack("emerald", 4));
    s.menu.slot(MerchantMenu::payment2_slot).set(stack("wheat", 7));
    s.menu.removed(s.user);
    BOOST_TEST(s.count("emerald") == 4);
    BOOST_TEST(s.count("wheat") == 7);
    BOOST_TEST(s.menu.slot(MerchantMenu::payment1_slot).item().empty());
    BOOST_TEST(s.menu.slot(MerchantMenu::result_slot).item().empty());
    BOOST_TEST(!s.villager.is_trading());
    BOOST_TEST(s.user.dropped.empty());
}

BOOST_AUTO_TEST_SUITE_END()
