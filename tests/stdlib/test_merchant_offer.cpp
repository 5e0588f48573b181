// MerchantOffer (vanilla 1.20.4): the demand and special-price adjustment of the first price, its
// clamps, uses and restock flags, paying, and the offers' NBT in vanilla's layout.
#include <boost/test/unit_test.hpp>

#include "mobsdk/nbt/snbt.hpp"
#include "mobsdk/stdlib/merchant_offer.hpp"

using namespace mobsdk;
using namespace mobsdk::stdlib;

namespace {

OfferItem item(std::string_view id, std::int32_t count) {
    return OfferItem{ItemStack{ResourceLocation::of(id), count}, {}};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(merchant_offer)

BOOST_AUTO_TEST_CASE(cost_a_adds_demand_times_price_multiplier_and_the_special_price) {
    // A farmer's 20 wheat (priceMultiplier 0.05).
    MerchantOffer o = MerchantOffer::of(item("wheat", 20), {}, item("emerald", 1), 16, 2, 0.05f);
    BOOST_TEST(o.cost_a().count() == 20);
    o.demand = 3;  // floor(20·3·0.05) = 3
    BOOST_TEST(o.cost_a().count() == 23);
    o.demand = 1;  // floor(1.0) = 1
    BOOST_TEST(o.cost_a().count() == 21);
    o.demand = -10;  // negative demand never lowers the price
    BOOST_TEST(o.cost_a().count() == 20);
    o.demand = 0;
    o.special_price_diff = -25;  // at least 1
    BOOST_TEST(o.cost_a().count() == 1);
    o.special_price_diff = 100;  // at most the item's stack size
    BOOST_TEST(o.cost_a().count() == 64);
    // A librarian's 2 writable books: a book and quill stacks to 1, so vanilla asks for 1.
    const MerchantOffer books = MerchantOffer::of(item("writable_book", 2), {}, item("emerald", 1), 12, 30, 0.05f);
    BOOST_TEST(books.cost_a().count() == 1);
    BOOST_TEST(o.base_cost_a.count() == 20);  // the base is untouched
}

BOOST_AUTO_TEST_CASE(demand_rises_with_heavy_use_and_falls_without) {
    MerchantOffer o = MerchantOffer::of(item("emerald", 1), {}, item("bread", 6), 16, 1, 0.05f);
    o.uses = 16;
    o.update_demand();  // 0 + 16 − 0
    BOOST_TEST(o.demand == 16);
    o.uses = 2;
    o.update_demand();  // 16 + 2 − 14
    BOOST_TEST(o.demand == 4);
    BOOST_TEST(o.needs_restock());
    o.reset_uses();
    BOOST_TEST(!o.needs_restock());
    o.set_to_out_of_stock();
    BOOST_TEST(o.is_out_of_stock());
}

BOOST_AUTO_TEST_CASE(take_removes_the_prices_from_the_payment) {
    // A librarian's enchanted book: emeralds and a book.
    MerchantOffer o = MerchantOffer::of(item("emerald", 10), item("book", 1), item("enchanted_book", 1), 12, 1, 0.2f);
    OfferItem a = item("emerald", 12), b = item("book", 1);
    BOOST_TEST(!o.satisfied_by(item("emerald", 9), b));
    BOOST_TEST(!o.satisfied_by(a, item("paper", 1)));
    BOOST_TEST(!o.satisfied_by(a, OfferItem{}));
    BOOST_TEST_REQUIRE(o.take(a, b));
    BOOST_TEST(a.count() == 2);
    BOOST_TEST(b.empty());
    // A priced item with a tag asks for a payment carrying that tag.
    MerchantOffer tagged = MerchantOffer::of(item("emerald", 1), {}, item("bread", 1), 12, 1, 0.05f);
    tagged.base_cost_a.tag.put("custom", nbt::Tag(std::int32_t{1}));
    BOOST_TEST(!tagged.satisfied_by(item("emerald", 5), {}));
    OfferItem paid = item("emerald", 5);
    paid.tag.put("custom", nbt::Tag(std::int32_t{1}));
    paid.tag.put("other", nbt::Tag(std::int32_t{2}));
    BOOST_TEST(tagged.satisfied_by(paid, {}));
}

BOOST_AUTO_TEST_CASE(offers_save_as_vanilla_1_20_4) {
    MerchantOffer o = MerchantOffer::of(item("emerald", 5), {}, item("enchanted_book", 1), 12, 1, 0.2f);
    nbt::Compound stored;
    stored.put("id", nbt::Tag(std::string("minecraft:mending")));
    stored.put("lvl", nbt::Tag(std::int16_t{1}));
    nbt::List list(nbt::TagType::Compound);
    list.push_back(nbt::Tag(stored));
    o.result.tag.put("StoredEnchantments", nbt::Tag(list));
    o.uses = 3;
    o.demand = -2;
    o.special_price_diff = -1;
    const nbt::Compound tag = merchant_offers_to_nbt({o});
    const auto& recipe = tag.get<nbt::List>("Recipes")[0].as<nbt::Compound>();
    BOOST_TEST(recipe.get<nbt::Compound>("buy").get<std::string>("id") == "minecraft:emerald");
    BOOST_TEST(recipe.get<nbt::Compound>("buy").get<std::int8_t>("Count") == 5);
    BOOST_TEST(recipe.get<nbt::Compound>("buyB").get<std::string>("id") == "minecraft:air");
    BOOST_TEST(recipe.get<nbt::Compound>("buyB").get<std::int8_t>("Count") == 0);
    BOOST_TEST(recipe.get<nbt::Compound>("sell").get<nbt::Compound>("tag").contains("StoredEnchantments"));
    BOOST_TEST(recipe.get<std::int32_t>("uses") == 3);
    BOOST_TEST(recipe.get<std::int32_t>("maxUses") == 12);
    BOOST_TEST(recipe.get<std::int8_t>("rewardExp") == 1);
    BOOST_TEST(recipe.get<std::int32_t>("xp") == 1);
    BOOST_TEST(recipe.get<float>("priceMultiplier") == 0.2f);
    BOOST_TEST(recipe.get<std::int32_t>("specialPrice") == -1);
    BOOST_TEST(recipe.get<std::int32_t>("demand") == -2);

    std::vector<std::string> warnings;
    const MerchantOffers back = merchant_offers_from_nbt(tag, warnings);
    BOOST_TEST(warnings.empty());
    BOOST_TEST_REQUIRE(back.size() == 1u);
    BOOST_TEST((merchant_offer_to_nbt(back[0]) == merchant_offer_to_nbt(o)));
    BOOST_TEST(back[0].cost_b.empty());
}

BOOST_AUTO_TEST_CASE(missing_keys_take_vanillas_defaults) {
    std::vector<std::string> warnings;
    const auto tag = nbt::parse_snbt_compound(
        R"({Recipes: [{buy: {id: "minecraft:emerald", Count: 1b}, sell: {id: "minecraft:bread", Count: 6b}}]})");
    BOOST_TEST_REQUIRE(tag.has_value());
    const MerchantOffers offers = merchant_offers_from_nbt(*tag, warnings);
    BOOST_TEST_REQUIRE(offers.size() == 1u);
    BOOST_TEST(offers[0].max_uses == 4);
    BOOST_TEST(offers[0].reward_exp);
    BOOST_TEST(offers[0].xp == 1);
    BOOST_TEST(offers[0].price_multiplier == 0.0f);
    BOOST_TEST(offers[0].result.count() == 6);
    BOOST_TEST(offers[0].cost_b.empty());
}

BOOST_AUTO_TEST_CASE(max_stack_sizes_of_trade_items) {
    BOOST_TEST(max_stack_size(ResourceLocation::of("emerald")) == 64);
    BOOST_TEST(max_stack_size(ResourceLocation::of("lava_bucket")) == 1);
    BOOST_TEST(max_stack_size(ResourceLocation::of("oak_boat")) == 1);
    BOOST_TEST(max_stack_size(ResourceLocation::of("diamond_pickaxe")) == 1);
    BOOST_TEST(max_stack_size(ResourceLocation::of("white_banner")) == 16);
    BOOST_TEST(max_stack_size(ResourceLocation::of("ender_pearl")) == 16);
    BOOST_TEST(max_stack_size(ResourceLocation::of("bucket")) == 16);
    BOOST_TEST(max_stack_size(ResourceLocation::of("book")) == 64);
}

BOOST_AUTO_TEST_SUITE_END()
