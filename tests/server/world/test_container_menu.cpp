// Menus: vanilla's click modes on the inventory menu (window 0) and the synchronisation with the
// client's view (state ids, slot changes, full resyncs), and closing it.
#include <boost/test/unit_test.hpp>

#include <vector>

#include "mobserver/world/inventory_menu.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

TaggedStack stack(std::string_view id, std::int32_t count) {
    return TaggedStack{{ResourceLocation::of(id), count}, {}};
}

struct User final : MenuUser {
    PlayerInventory inv;
    bool creative = false;
    std::vector<TaggedStack> dropped;
    PlayerInventory& inventory() noexcept override { return inv; }
    bool instabuild() const noexcept override { return creative; }
    void drop(TaggedStack s) override {
        if (!s.empty()) dropped.push_back(std::move(s));
    }
};

struct Sync final : ContainerSynchronizer {
    struct Sent {
        std::int32_t window, state, slot;
        TaggedStack stack;
    };
    std::int32_t contents = 0;
    std::int32_t last_content_state = -1;
    std::vector<Sent> slots;
    void send_initial_data(std::int32_t, std::int32_t state, std::span<const TaggedStack> items,
                           const TaggedStack&) override {
        ++contents;
        last_content_state = state;
        BOOST_TEST(items.size() == 46u);
    }
    void send_slot_change(std::int32_t window, std::int32_t state, std::int32_t slot, const TaggedStack& s) override {
        slots.push_back({window, state, slot, s});
    }
    void send_carried_change(std::int32_t state, const TaggedStack& s) override { slots.push_back({-1, state, -1, s}); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(container_menu)

BOOST_AUTO_TEST_CASE(the_inventory_menu_numbers_slots_as_vanilla) {
    User u;
    InventoryMenu menu(u.inv);
    BOOST_TEST(menu.slot_count() == 46);
    BOOST_TEST(menu.container_id() == 0);
    BOOST_TEST(&menu.slot(36).container() == &u.inv);
    BOOST_TEST(menu.slot(36).container_index() == 0);  // hotbar
    BOOST_TEST(menu.slot(44).container_index() == 8);
    BOOST_TEST(menu.slot(9).container_index() == 9);  // main
    BOOST_TEST(menu.slot(35).container_index() == 35);
    BOOST_TEST(menu.slot(5).container_index() == 39);   // head
    BOOST_TEST(menu.slot(8).container_index() == 36);   // feet
    BOOST_TEST(menu.slot(45).container_index() == 40);  // offhand
    for (std::int32_t i = 0; i < PlayerInventory::size; ++i)
        BOOST_TEST(menu.slot(InventoryMenu::menu_slot_of(i)).container_index() == i);
    BOOST_TEST(menu.valid_slot_index(-999));
    BOOST_TEST(menu.valid_slot_index(-1));
    BOOST_TEST(!menu.valid_slot_index(46));
    BOOST_TEST(!menu.valid_slot_index(-2));
}

BOOST_AUTO_TEST_CASE(pickup_takes_places_splits_and_swaps) {
    User u;
    InventoryMenu menu(u.inv);
    u.inv.set_item(0, stack("bread", 10));
    menu.clicked(36, 1, ClickType::Pickup, u);  // right click: half, rounded up
    BOOST_TEST(menu.carried().count() == 5);
    BOOST_TEST(u.inv.item(0).count() == 5);
    menu.clicked(37, 1, ClickType::Pickup, u);  // right click on an empty slot: one
    BOOST_TEST(u.inv.item(1).count() == 1);
    BOOST_TEST(menu.carried().count() == 4);
    menu.clicked(36, 0, ClickType::Pickup, u);  // left click on the same item: all of it
    BOOST_TEST(u.inv.item(0).count() == 9);
    BOOST_TEST(menu.carried().empty());
    menu.clicked(37, 0, ClickType::Pickup, u);
    u.inv.set_item(2, stack("dirt", 3));
    menu.clicked(38, 0, ClickType::Pickup, u);  // another item: swapped
    BOOST_TEST(u.inv.item(2).stack.item.str() == "minecraft:bread");
    BOOST_TEST(menu.carried().stack.item.str() == "minecraft:dirt");
    menu.clicked(ContainerMenu::outside, 1, ClickType::Pickup, u);  // outside, right: drops one
    BOOST_TEST(u.dropped.size() == 1u);
    BOOST_TEST(menu.carried().count() == 2);
    menu.clicked(ContainerMenu::outside, 0, ClickType::Pickup, u);  // left: the rest
    BOOST_TEST(u.dropped.back().count() == 2);
    BOOST_TEST(menu.carried().empty());
}

BOOST_AUTO_TEST_CASE(armour_slots_take_only_what_is_worn_there_one_at_a_time) {
    User u;
    InventoryMenu menu(u.inv);
    u.inv.set_item(0, stack("bread", 3));
    menu.clicked(36, 0, ClickType::Pickup, u);
    menu.clicked(5, 0, ClickType::Pickup, u);  // bread on the head: refused
    BOOST_TEST(menu.slot(5).item().empty());
    BOOST_TEST(menu.carried().count() == 3);
    menu.clicked(36, 0, ClickType::Pickup, u);
    u.inv.set_item(1, stack("iron_boots", 1));
    menu.clicked(37, 0, ClickType::Pickup, u);
    menu.clicked(5, 0, ClickType::Pickup, u);  // boots on the head: refused
    BOOST_TEST(menu.slot(5).item().empty());
    menu.clicked(8, 0, ClickType::Pickup, u);  // on the feet
    BOOST_TEST(u.inv.equipment(EquipmentSlot::Feet).item.str() == "minecraft:iron_boots");
    // An item the table does not know may go anywhere; the curse of binding keeps armour on.
    u.inv.set_item(2, stack("somemod:hat", 1));
    menu.clicked(38, 0, ClickType::Pickup, u);
    menu.clicked(5, 0, ClickType::Pickup, u);
    BOOST_TEST(menu.slot(5).item().stack.item.str() == "somemod:hat");
    TaggedStack cursed = stack("iron_chestplate", 1);
    cursed.tag = nbt::Compound{
        {"Enchantments",
         nbt::List({nbt::Tag(nbt::Compound{{"id", "minecraft:binding_curse"}, {"lvl", std::int16_t{1}}})})}};
    u.inv.set_item(PlayerInventory::armor_start + 2, cursed);
    menu.clicked(6, 0, ClickType::Pickup, u);
    BOOST_TEST(menu.carried().empty());
    u.creative = true;
    menu.clicked(6, 0, ClickType::Pickup, u);
    BOOST_TEST(menu.carried().stack.item.str() == "minecraft:iron_chestplate");
}

BOOST_AUTO_TEST_CASE(quick_move_goes_between_hotbar_main_and_armour) {
    User u;
    InventoryMenu menu(u.inv);
    u.inv.set_item(0, stack("bread", 10));
    u.inv.set_item(12, stack("bread", 60));
    menu.clicked(36, 0, ClickType::QuickMove, u);  // hotbar → main: tops up slot 12, the rest into 9
    BOOST_TEST(u.inv.item(12).count() == 64);
    BOOST_TEST(u.inv.item(9).count() == 6);
    BOOST_TEST(u.inv.item(0).empty());
    menu.clicked(9, 0, ClickType::QuickMove, u);  // main → hotbar
    BOOST_TEST(u.inv.item(0).count() == 6);
    u.inv.set_item(20, stack("diamond_helmet", 1));
    menu.clicked(20, 0, ClickType::QuickMove, u);  // armour goes to its slot
    BOOST_TEST(u.inv.equipment(EquipmentSlot::Head).item.str() == "minecraft:diamond_helmet");
    menu.clicked(5, 0, ClickType::QuickMove, u);  // and back into the inventory
    BOOST_TEST(u.inv.equipment(EquipmentSlot::Head).empty());
    BOOST_TEST(u.inv.item(9).stack.item.str() == "minecraft:diamond_helmet");
}

BOOST_AUTO_TEST_CASE(swap_throw_clone_drag_and_pickup_all) {
    User u;
    InventoryMenu menu(u.inv);
    u.inv.set_item(15, stack("dirt", 5));
    menu.clicked(15, 2, ClickType::Swap, u);  // number key 3: with hotbar slot 2
    BOOST_TEST(u.inv.item(2).count() == 5);
    BOOST_TEST(u.inv.item(15).empty());
    menu.clicked(38, 40, ClickType::Swap, u);  // F: with the offhand
    BOOST_TEST(u.inv.item(PlayerInventory::offhand_slot).count() == 5);
    menu.clicked(45, 0, ClickType::Throw, u);  // Q: one
    BOOST_TEST(u.dropped.back().count() == 1);
    menu.clicked(45, 1, ClickType::Throw, u);  // Ctrl+Q: the stack
    BOOST_TEST(u.dropped.back().count() == 4);
    BOOST_TEST(u.inv.item(PlayerInventory::offhand_slot).empty());
    // Clone is for creative players only.
    u.inv.set_item(0, stack("stone", 1));
    menu.clicked(36, 2, ClickType::Clone, u);
    BOOST_TEST(menu.carried().empty());
    u.creative = true;
    menu.clicked(36, 2, ClickType::Clone, u);
    BOOST_TEST(menu.carried().count() == 64);
    // Drag (left button): start, three slots, end: an even split, the remainder stays carried.
    menu.set_carried(stack("sand", 10));
    menu.clicked(-999, 0, ClickType::QuickCraft, u);  // start, type 0
    for (const std::int32_t s : {20, 21, 22}) menu.clicked(s, 1, ClickType::QuickCraft, u);
    menu.clicked(-999, 2, ClickType::QuickCraft, u);
    BOOST_TEST(u.inv.item(20).count() == 3);
    BOOST_TEST(u.inv.item(22).count() == 3);
    BOOST_TEST(menu.carried().count() == 1);
    // Double click: gathers the same item from the slots (full stacks last).
    menu.clicked(-999, 0, ClickType::Pickup, u);
    u.inv.set_item(30, stack("sand", 2));
    menu.set_carried(stack("sand", 1));
    menu.clicked(30, 0, ClickType::PickupAll, u);  // vanilla's client sends it on an emptied slot; this one is not
    BOOST_TEST(menu.carried().count() == 1);       // the slot it names still holds items: nothing happens
    menu.clicked(31, 0, ClickType::PickupAll, u);
    BOOST_TEST(menu.carried().count() == 12);
    BOOST_TEST(u.inv.count_item(ResourceLocation::of("sand")) == 0);
}

BOOST_AUTO_TEST_CASE(changes_are_sent_with_rising_state_ids_and_a_stale_view_is_resent) {
    User u;
    InventoryMenu menu(u.inv);
    Sync sync;
    menu.set_synchronizer(&sync);  // the whole menu at once
    BOOST_TEST(sync.contents == 1);
    BOOST_TEST(sync.last_content_state == 1);
    menu.broadcast_changes();
    BOOST_TEST(sync.slots.empty());
    u.inv.set_item(0, stack("bread", 2));
    menu.broadcast_changes();
    BOOST_TEST(sync.slots.size() == 1u);
    BOOST_TEST(sync.slots[0].slot == 36);
    BOOST_TEST(sync.slots[0].state == 2);
    // The client says what it sees after a click; when that matches, nothing is sent.
    menu.clicked(36, 0, ClickType::Pickup, u);
    menu.set_remote_slot(36, {});
    menu.set_remote_carried(stack("bread", 2));
    menu.broadcast_changes();
    BOOST_TEST(sync.slots.size() == 1u);
    // A client that guessed wrong gets the slot corrected.
    menu.clicked(37, 0, ClickType::Pickup, u);
    menu.set_remote_slot(37, stack("bread", 1));
    menu.set_remote_carried(stack("bread", 1));
    menu.broadcast_changes();
    BOOST_TEST(sync.slots.size() == 3u);
    BOOST_TEST(sync.slots[1].slot == 37);
    BOOST_TEST(sync.slots[1].stack.count() == 2);
    BOOST_TEST(sync.slots[2].slot == -1);  // the carried stack
    BOOST_TEST(sync.slots[2].state == 4);
    menu.broadcast_full_state();
    BOOST_TEST(sync.contents == 2);
    BOOST_TEST(sync.last_content_state == 5);
}

BOOST_AUTO_TEST_CASE(closing_returns_the_carried_stack_and_the_crafting_grid_to_the_inventory) {
    User u;
    InventoryMenu menu(u.inv);
    u.inv.set_item(0, stack("bread", 4));
    menu.clicked(36, 0, ClickType::Pickup, u);
    menu.clicked(1, 1, ClickType::Pickup, u);  // one into the grid
    BOOST_TEST(menu.slot(1).item().count() == 1);
    menu.clicked(0, 0, ClickType::Pickup, u);  // nothing may be put into the result slot
    BOOST_TEST(menu.slot(0).item().empty());
    BOOST_TEST(menu.carried().count() == 3);
    menu.removed(u);
    BOOST_TEST(menu.carried().empty());
    BOOST_TEST(menu.slot(1).item().empty());
    BOOST_TEST(u.inv.count_item(ResourceLocation::of("bread")) == 4);
    BOOST_TEST(u.dropped.empty());
}

BOOST_AUTO_TEST_SUITE_END()
