// Items and players: vanilla's Player.drop (eye height − 0.3, pickup delay 40, thrown forward),
// picking items up by touch (ItemEntity.playerTouch with Inventory.add), and items on the ground
// merging (ItemEntity.mergeWithNeighbours).
#include <boost/test/unit_test.hpp>

#include "mobserver/world/harness.hpp"
#include "mobserver/world/kinds/item_entity_kind.hpp"
#include "mobserver/world/kinds/player_kind.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

constexpr double feet = -60.0;
TaggedStack stack(std::string_view id, std::int32_t count) {
    return TaggedStack{{ResourceLocation::of(id), count}, {}};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(item_pickup)

BOOST_AUTO_TEST_CASE(a_player_drops_forward_from_below_its_eyes_with_a_pickup_delay_of_40) {
    WorldHarness h;
    World& world = h.world();
    PlayerEntity& p = world.player_kind().spawn(world, Uuid{1, 1}, "tester", {0.5, feet, 0.5});
    p.data().y_rot = 0.0f;  // facing south (+z)
    p.data().x_rot = 0.0f;
    TaggedStack named = stack("bread", 3);
    named.tag = nbt::Compound{{"display", nbt::Compound{{"Name", "\"Loaf\""}}}};
    ItemEntity* item = drop_from_player(world, p, named);
    BOOST_TEST_REQUIRE(item != nullptr);
    BOOST_TEST(item->data().pos.y == feet + 1.62 - 0.3, boost::test_tools::tolerance(1e-5));
    BOOST_TEST(item->pickup_delay == 40);
    BOOST_TEST(item->item.count == 3);
    BOOST_TEST(item->tag.has_value());
    BOOST_TEST(item->data().motion.z > 0.28);
    BOOST_TEST(item->data().motion.z < 0.32);
    BOOST_TEST(std::abs(item->data().motion.x) <= 0.02);
    BOOST_TEST(item->data().motion.y >= 0.0);
    BOOST_TEST(item->data().motion.y <= 0.2);
    BOOST_TEST(drop_from_player(world, p, {}) == nullptr);
    // Its tag is saved with it (Item.tag) and read back.
    const nbt::Compound saved = save_item_entity_nbt(*item);
    BOOST_TEST(saved.get<nbt::Compound>("Item").contains("tag"));
    BOOST_TEST(saved.get<std::int16_t>("PickupDelay") == 40);
}

BOOST_AUTO_TEST_CASE(players_pick_up_what_they_touch_once_the_delay_is_over_and_what_does_not_fit_stays) {
    WorldHarness h;
    World& world = h.world();
    PlayerEntity& p = world.player_kind().spawn(world, Uuid{1, 1}, "tester", {0.5, feet, 0.5});
    for (std::int32_t i = 1; i < PlayerInventory::main_size; ++i) p.inventory.set_item(i, stack("dirt", 64));
    p.inventory.set_item(0, stack("bread", 60));
    ItemEntity& near = world.spawn_item({1.5, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 10});
    ItemEntity& far = world.spawn_item({3.0, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 1});
    near.pickup_delay = 2;
    BOOST_TEST(pick_up_items(world, p) == 0);  // not yet
    h.tick(2);
    BOOST_TEST(near.pickup_delay == 0);
    BOOST_TEST(pick_up_items(world, p) == 1);  // the far one is beyond the box grown by 1
    BOOST_TEST(p.inventory.item(0).count() == 64);
    BOOST_TEST(near.item.count == 6);  // what did not fit stays on the ground
    BOOST_TEST(!near.data().removed);
    // Noted for the tracker's Pickup Item, with the count the entity had (vanilla's Player.take).
    BOOST_TEST_REQUIRE(world.pickups().size() == 1u);
    BOOST_TEST(world.pickups()[0].item == near.data().network_id);
    BOOST_TEST(world.pickups()[0].collector == p.data().network_id);
    BOOST_TEST(world.pickups()[0].count == 10);
    BOOST_TEST(!far.data().removed);
    // A creative player's Inventory.add uses up what does not fit.
    p.game_type = GameMode::Creative;
    pick_up_items(world, p);
    BOOST_TEST(near.data().removed);
    // Spectators pick up nothing.
    ItemEntity& more = world.spawn_item({0.5, feet, 1.0}, ItemStack{ResourceLocation::of("stick"), 1});
    more.pickup_delay = 0;
    p.game_type = GameMode::Spectator;
    BOOST_TEST(pick_up_items(world, p) == 0);
    p.game_type = GameMode::Survival;
    p.inventory.set_item(5, {});
    BOOST_TEST(pick_up_items(world, p) == 1);
    BOOST_TEST(p.inventory.item(5).stack.item.str() == "minecraft:stick");
    BOOST_TEST(more.data().removed);
}

BOOST_AUTO_TEST_CASE(items_on_the_ground_merge_the_smaller_stack_into_the_larger) {
    WorldHarness h;
    World& world = h.world();
    ItemEntity& small = world.spawn_item({0.5, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 3});
    ItemEntity& large = world.spawn_item({0.7, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 5});
    ItemEntity& other = world.spawn_item({0.6, feet, 0.6}, ItemStack{ResourceLocation::of("dirt"), 5});
    ItemEntity& full = world.spawn_item({0.5, feet, 0.7}, ItemStack{ResourceLocation::of("bread"), 60});
    small.pickup_delay = 30;
    large.pickup_delay = 0;
    const EntityHandle small_handle = small.handle();  // `small` is freed once it merged
    h.tick(39);                                        // still items check every 40 ticks
    BOOST_TEST(world.entities().slot(small_handle) != nullptr);
    h.tick(1);
    BOOST_TEST(world.entities().slot(small_handle) == nullptr);
    BOOST_TEST(large.item.count == 8);
    BOOST_TEST(large.pickup_delay == 0);  // the larger of the two delays left (small's ran out meanwhile)
    BOOST_TEST(other.item.count == 5);    // another item
    BOOST_TEST(full.item.count == 60);    // 60 + 8 would not fit in one stack
}

BOOST_AUTO_TEST_SUITE_END()
