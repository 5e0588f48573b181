// The villager's behaviours with trading players, with the memories set by hand as the player
// sensor would: SetLookAndInteract(PLAYER, 4), ShowTradesToPlayer(400, 1600) (the wares the held
// item buys, cycled every 40 ticks, 900 ticks of looking, 40 with nothing to show) and
// LookAndFollowTradingPlayerSink (within 4 blocks of the trading player).
#include <boost/test/unit_test.hpp>

#include "fixture.hpp"
#include "mobsdk/stdlib/trading.hpp"
#include "mobsdk/stdlib/villager.hpp"
#include "mobserver/world/kinds/player_kind.hpp"
#include "mobserver/world/world.hpp"

using namespace stdlib_test;
using mobsdk::server::PlayerEntity;

namespace {

OfferItem item(std::string_view id, std::int32_t count) {
    return OfferItem{ItemStack{ResourceLocation::of(id), count}, {}};
}

struct Trading : Fixture {
    PlayerEntity& player(Vec3 pos) {
        PlayerEntity& p = h.world().player_kind().spawn(h.world(), Uuid{7, 7}, "tester", pos);
        return p;
    }
    static void hold(PlayerEntity& p, std::string_view id) {
        p.set_item_slot(EquipmentSlot::MainHand, id.empty() ? ItemStack{} : ItemStack{ResourceLocation::of(id), 16});
    }
    ServerMob& villager(Vec3 pos, PrioritizedBehaviors core) {
        ServerMob& m = mob_with("villager", pos, std::move(core));
        auto state = std::make_unique<VillagerState>();
        state->data.profession = ResourceLocation::of("farmer");
        MerchantOffers offers;
        offers.push_back(MerchantOffer::of(item("wheat", 20), {}, item("emerald", 1), 16, 2, 0.05f));
        offers.push_back(MerchantOffer::of(item("emerald", 1), {}, item("bread", 6), 16, 1, 0.05f));
        offers.push_back(MerchantOffer::of(item("emerald", 1), {}, item("apple", 4), 16, 5, 0.05f));
        MerchantOffer sold_out = MerchantOffer::of(item("emerald", 3), {}, item("cookie", 18), 12, 10, 0.05f);
        sold_out.set_to_out_of_stock();
        offers.push_back(sold_out);
        state->offers = std::move(offers);
        m.set_attachment(std::move(state));
        return m;
    }
    static std::string_view held(const Mob& m) {
        const ItemStack& s = m.equipment(EquipmentSlot::MainHand);
        return s.empty() ? std::string_view{} : s.item.path();
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(trading)

BOOST_FIXTURE_TEST_CASE(set_look_and_interact_picks_a_player_within_4_blocks, Trading) {
    const Handle<EntityTypeInfo> player_type = h.registries().entity_types.find("player").value();
    PrioritizedBehaviors core;
    core.emplace_back(3, set_look_and_interact(mem, player_type, 4));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core));
    PlayerEntity& far = player({5.0, feet, 0.5});  // 4.5 away
    ServerMob& pig = still("pig", {1.5, feet, 0.5});
    Brain& b = *v.brain();
    b.set_memory(mem.visible_mobs, NearestVisibleLivingEntities({pig.ref(), far.ref()}, {pig.ref(), far.ref()}));
    h.tick();
    BOOST_TEST(!b.has_memory_value(mem.interaction_target));  // the pig is not a player; the player is too far
    h.world().teleport(far.data().handle, {4.5, feet, 0.5});  // exactly 4: squared 16 ≤ 16
    h.tick();
    BOOST_TEST_REQUIRE(b.has_memory_value(mem.interaction_target));
    BOOST_TEST((*b.get_memory(mem.interaction_target) == far.ref()));
    BOOST_TEST(b.get_memory(mem.look_target)->is_entity());
}

BOOST_FIXTURE_TEST_CASE(show_trades_holds_up_what_the_held_item_buys, Trading) {
    auto owned = std::make_unique<ShowTradesToPlayer>(mem, 400, 1600);
    ShowTradesToPlayer* show = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(3, std::move(owned));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core));
    PlayerEntity& p = player({2.5, feet, 0.5});
    hold(p, "emerald");
    Brain& b = *v.brain();
    b.set_memory(mem.interaction_target, p.ref());
    h.tick();
    BOOST_TEST_REQUIRE((show->status() == BehaviorStatus::RUNNING));
    // Emeralds buy bread and apples (the sold-out cookies are left out); bread first.
    BOOST_TEST(show->display_items().size() == 2u);
    BOOST_TEST(held(v) == "bread");
    BOOST_TEST(show->look_time() == ShowTradesToPlayer::max_look_time - 1);
    BOOST_TEST(b.get_memory(mem.look_target)->is_entity());
    for (int i = 0; i < 39; ++i) h.tick();
    BOOST_TEST(held(v) == "apple");  // the 40th tick shows the next
    for (int i = 0; i < 40; ++i) h.tick();
    BOOST_TEST(held(v) == "bread");  // and wraps around
    // Wheat buys emeralds.
    hold(p, "wheat");
    h.tick();
    BOOST_TEST(show->display_items().size() == 1u);
    BOOST_TEST(held(v) == "emerald");
    // Nothing to show: empty hands, at most 40 more ticks of looking, then it stops.
    hold(p, "");
    h.tick();
    BOOST_TEST(held(v).empty());
    BOOST_TEST(show->look_time() == ShowTradesToPlayer::starting_look_time - 1);
    for (int i = 0; i < 60 && show->status() == BehaviorStatus::RUNNING; ++i) h.tick();
    BOOST_TEST((show->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(!b.has_memory_value(mem.interaction_target));
}

BOOST_FIXTURE_TEST_CASE(show_trades_stops_when_the_player_walks_away, Trading) {
    auto owned = std::make_unique<ShowTradesToPlayer>(mem, 400, 1600);
    ShowTradesToPlayer* show = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(3, std::move(owned));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core));
    PlayerEntity& p = player({4.5, feet, 1.5});  // √17: still in range
    hold(p, "emerald");
    v.brain()->set_memory(mem.interaction_target, p.ref());
    h.tick();
    BOOST_TEST_REQUIRE((show->status() == BehaviorStatus::RUNNING));
    h.world().teleport(p.data().handle, {4.6, feet, 1.5});
    h.tick();
    BOOST_TEST((show->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(held(v).empty());
    BOOST_TEST(!v.brain()->has_memory_value(mem.interaction_target));
}

BOOST_FIXTURE_TEST_CASE(look_and_follow_the_trading_player_within_4_blocks, Trading) {
    auto owned = std::make_unique<LookAndFollowTradingPlayerSink>(mem, 0.5f);
    LookAndFollowTradingPlayerSink* follow = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(3, std::move(owned));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core));
    PlayerEntity& p = player({3.5, feet, 0.5});
    Brain& b = *v.brain();
    h.tick();
    BOOST_TEST((follow->status() == BehaviorStatus::STOPPED));  // nobody trades
    v.attachment_as<VillagerState>()->trading_player = p.ref();
    h.tick();
    BOOST_TEST_REQUIRE((follow->status() == BehaviorStatus::RUNNING));
    const WalkTarget* walk = b.get_memory(mem.walk_target);
    BOOST_TEST_REQUIRE(walk != nullptr);
    BOOST_TEST(walk->speed_modifier == 0.5f);
    BOOST_TEST(walk->close_enough_dist == 2);
    BOOST_TEST(b.get_memory(mem.look_target)->is_entity());
    h.world().teleport(p.data().handle, {4.6, feet, 0.5});  // 4.1 away
    h.tick();
    BOOST_TEST((follow->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(!b.has_memory_value(mem.walk_target));
    BOOST_TEST(!b.has_memory_value(mem.look_target));
}

BOOST_AUTO_TEST_SUITE_END()
