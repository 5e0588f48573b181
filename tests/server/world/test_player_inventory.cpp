// A player's inventory: vanilla's Inventory.add order, counting and removing, the item traits it
// relies on, and its playerdata form (every slot kind, tags, items the table does not know).
#include <boost/test/unit_test.hpp>

#include "mobserver/world/harness.hpp"
#include "mobserver/world/item_traits.hpp"
#include "mobserver/world/kinds/player_kind.hpp"
#include "mobserver/world/player_inventory.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
namespace nbt = mobsdk::nbt;

namespace {

TaggedStack stack(std::string_view id, std::int32_t count) {
    return TaggedStack{{ResourceLocation::of(id), count}, {}};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(player_inventory)

BOOST_AUTO_TEST_CASE(item_traits_come_from_the_generated_table) {
    BOOST_TEST(item_max_stack_size(ResourceLocation::of("bread")) == 64);
    BOOST_TEST(item_max_stack_size(ResourceLocation::of("ender_pearl")) == 16);
    BOOST_TEST(item_max_stack_size(ResourceLocation::of("diamond_sword")) == 1);
    BOOST_TEST(item_max_stack_size(ResourceLocation::of("somemod:gizmo")) == 64);
    BOOST_TEST((equipment_slot_for_item({ResourceLocation::of("diamond_helmet"), 1}) == EquipmentSlot::Head));
    BOOST_TEST((equipment_slot_for_item({ResourceLocation::of("carved_pumpkin"), 1}) == EquipmentSlot::Head));
    BOOST_TEST((equipment_slot_for_item({ResourceLocation::of("elytra"), 1}) == EquipmentSlot::Chest));
    BOOST_TEST((equipment_slot_for_item({ResourceLocation::of("iron_leggings"), 1}) == EquipmentSlot::Legs));
    BOOST_TEST((equipment_slot_for_item({ResourceLocation::of("leather_boots"), 1}) == EquipmentSlot::Feet));
    BOOST_TEST((equipment_slot_for_item({ResourceLocation::of("shield"), 1}) == EquipmentSlot::OffHand));
    BOOST_TEST((equipment_slot_for_item({ResourceLocation::of("bread"), 1}) == EquipmentSlot::MainHand));
    BOOST_TEST(!equipment_slot_for_item({ResourceLocation::of("somemod:hat"), 1}).has_value());
}

BOOST_AUTO_TEST_CASE(add_tops_up_the_selected_slot_the_offhand_then_the_main_slots_then_fills_the_first_empty) {
    PlayerInventory inv;
    inv.set_item(5, stack("bread", 60));
    inv.set_item(PlayerInventory::offhand_slot, stack("bread", 62));
    inv.set_item(20, stack("bread", 10));
    BOOST_TEST(inv.select(5));
    TaggedStack s = stack("bread", 10);
    BOOST_TEST(inv.add(s));
    BOOST_TEST(s.empty());
    BOOST_TEST(inv.item(5).count() == 64);                              // the selected slot first
    BOOST_TEST(inv.item(PlayerInventory::offhand_slot).count() == 64);  // then the offhand
    BOOST_TEST(inv.item(20).count() == 14);                             // then main 0–35
    // A different tag is a different item: it goes to the first empty main slot.
    TaggedStack named = stack("bread", 3);
    named.tag = nbt::Compound{{"display", nbt::Compound{{"Name", "\"Loaf\""}}}};
    BOOST_TEST(inv.add(named));
    BOOST_TEST(inv.item(0).count() == 3);
    BOOST_TEST(inv.item(0).tag.has_value());
    // Items that stack to 16 and 1.
    TaggedStack pearls = stack("ender_pearl", 20);
    BOOST_TEST(inv.add(pearls));
    BOOST_TEST(inv.item(1).count() == 16);
    BOOST_TEST(inv.item(2).count() == 4);
    // A damaged stack only goes whole into an empty slot.
    TaggedStack sword = stack("iron_sword", 1);
    sword.tag = nbt::Compound{{"Damage", std::int32_t{3}}};
    BOOST_TEST(sword.damaged());
    BOOST_TEST(inv.add(sword));
    BOOST_TEST(inv.item(3).stack.item.str() == "minecraft:iron_sword");
    BOOST_TEST(!inv.select(9));
    BOOST_TEST(inv.selected() == 5);
}

BOOST_AUTO_TEST_CASE(what_does_not_fit_is_left_and_creative_uses_it_up) {
    PlayerInventory inv;
    for (std::int32_t i = 0; i < PlayerInventory::main_size; ++i) inv.set_item(i, stack("dirt", 64));
    inv.set_item(7, stack("cobblestone", 60));
    TaggedStack s = stack("cobblestone", 10);
    BOOST_TEST(inv.add(s));  // some went in
    BOOST_TEST(s.count() == 6);
    BOOST_TEST(!inv.add(s));  // nothing more fits
    BOOST_TEST(s.count() == 6);
    BOOST_TEST(inv.add(s, true));  // instabuild: used up
    BOOST_TEST(s.empty());
    BOOST_TEST(inv.count_item(ResourceLocation::of("dirt")) == 35 * 64);
    BOOST_TEST(inv.remove_items(ResourceLocation::of("cobblestone"), 100) == 64);
    BOOST_TEST(inv.item(7).empty());
    BOOST_TEST(inv.remove_items(ResourceLocation::of("dirt"), 70) == 70);
    BOOST_TEST(inv.item(0).empty());
    BOOST_TEST(inv.item(1).count() == 58);
}

BOOST_AUTO_TEST_CASE(equipment_reads_the_selected_slot_the_offhand_and_the_armour) {
    PlayerInventory inv;
    inv.set_item(3, stack("bow", 1));
    inv.set_item(PlayerInventory::armor_start + 3, stack("iron_helmet", 1));
    inv.set_item(PlayerInventory::armor_start, stack("iron_boots", 1));
    inv.set_item(PlayerInventory::offhand_slot, stack("shield", 1));
    BOOST_TEST(inv.equipment(EquipmentSlot::MainHand).empty());
    const auto before = inv.changes();
    inv.select(3);
    BOOST_TEST(inv.changes() != before);
    BOOST_TEST(inv.equipment(EquipmentSlot::MainHand).item.str() == "minecraft:bow");
    BOOST_TEST(inv.equipment(EquipmentSlot::Head).item.str() == "minecraft:iron_helmet");
    BOOST_TEST(inv.equipment(EquipmentSlot::Feet).item.str() == "minecraft:iron_boots");
    BOOST_TEST(inv.equipment(EquipmentSlot::OffHand).item.str() == "minecraft:shield");
}

BOOST_AUTO_TEST_CASE(playerdata_round_trips_every_slot_kind_tags_and_unknown_items) {
    WorldHarness h;
    World& world = h.world();
    PlayerEntity& p = world.player_kind().spawn(world, Uuid{7, 7}, "tester", {0.5, -60.0, 0.5});
    auto entry = [](std::int8_t slot, std::string_view id, std::int8_t count) {
        return nbt::Tag(nbt::Compound{{"Slot", slot}, {"id", std::string(id)}, {"Count", count}});
    };
    nbt::Compound enchanted{{"Slot", std::int8_t{8}}, {"id", "minecraft:diamond_sword"}, {"Count", std::int8_t{1}}};
    enchanted.put(
        "tag",
        nbt::Compound{{"Damage", std::int32_t{5}},
                      {"Enchantments",
                       nbt::List({nbt::Tag(nbt::Compound{{"id", "minecraft:sharpness"}, {"lvl", std::int16_t{2}}})})}});
    nbt::Compound modded{{"Slot", std::int8_t{35}}, {"id", "somemod:gizmo"}, {"Count", std::int8_t{9}}};
    modded.put("tag", nbt::Compound{{"Energy", std::int64_t{123456789}}});
    const nbt::Compound saved{
        {"Inventory",
         nbt::List({entry(0, "minecraft:bread", 12), nbt::Tag(enchanted), entry(20, "minecraft:dirt", 64),
                    nbt::Tag(modded), entry(100, "minecraft:iron_boots", 1), entry(101, "minecraft:iron_leggings", 1),
                    entry(102, "minecraft:elytra", 1), entry(103, "minecraft:turtle_helmet", 1),
                    entry(-106, "minecraft:shield", 1), entry(50, "minecraft:stone", 1)})},
        {"SelectedItemSlot", std::int32_t{8}}};
    const auto warnings = load_player_nbt(world, p, saved);
    BOOST_TEST(warnings.size() == 1u);  // Slot 50 is no slot: that stack is dropped
    BOOST_TEST(p.inventory.selected() == 8);
    BOOST_TEST(p.inventory.item(0).count() == 12);
    BOOST_TEST(p.inventory.item(8).damaged());
    BOOST_TEST(p.inventory.item(35).stack.item.str() == "somemod:gizmo");
    BOOST_TEST(p.inventory.item(PlayerInventory::armor_start + 2).stack.item.str() == "minecraft:elytra");
    BOOST_TEST(p.inventory.item(PlayerInventory::offhand_slot).stack.item.str() == "minecraft:shield");
    BOOST_TEST(!p.extra_nbt.contains("Inventory"));
    BOOST_TEST(!p.extra_nbt.contains("SelectedItemSlot"));
    const nbt::Compound out = save_player_nbt(p);
    BOOST_TEST(out.get<std::int32_t>("SelectedItemSlot") == 8);
    const auto& list = out.get<nbt::List>("Inventory");
    BOOST_TEST(list.size() == 9u);
    // Saved in slot order with vanilla's Slot bytes, the tags verbatim.
    BOOST_TEST(list.get<nbt::Compound>(1).get<nbt::Compound>("tag") == enchanted.get<nbt::Compound>("tag"));
    BOOST_TEST(list.get<nbt::Compound>(3).get<std::string>("id") == "somemod:gizmo");
    BOOST_TEST(list.get<nbt::Compound>(3).get<std::int8_t>("Count") == 9);
    BOOST_TEST(list.get<nbt::Compound>(3).get<nbt::Compound>("tag") == modded.get<nbt::Compound>("tag"));
    BOOST_TEST(list.get<nbt::Compound>(4).get<std::int8_t>("Slot") == 100);
    BOOST_TEST(list.get<nbt::Compound>(8).get<std::int8_t>("Slot") == -106);
    // And back again: the same inventory.
    PlayerEntity& q = world.player_kind().spawn(world, Uuid{8, 8}, "again", {0.5, -60.0, 0.5});
    const auto again = load_player_nbt(world, q, out);
    BOOST_TEST(again.size() == 1u);  // only that q keeps its own UUID
    BOOST_TEST(again.front().rfind("UUID", 0) == 0u);
    for (std::int32_t i = 0; i < PlayerInventory::size; ++i) BOOST_TEST((q.inventory.item(i) == p.inventory.item(i)));
}

BOOST_AUTO_TEST_SUITE_END()
