// SimpleContainer, BehaviorUtils.throwItem, GoAndGiveItemsToTarget and AllayState in a real
// world: vanilla's stacking, the throw's position and motion, the 3-block rule from the eyes, the
// 60-tick pickup cooldown, the 20-tick timeout, and the allay's pickup rules and saved inventory.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fixture.hpp"
#include "mobsdk/stdlib/items.hpp"

using namespace stdlib_test;
using mobsdk::server::ItemEntity;

namespace {

const ResourceLocation shard = ResourceLocation::of("amethyst_shard");
const ResourceLocation diamond = ResourceLocation::of("diamond");

// A getter the test switches on and off (GoAndGiveItemsToTarget takes any callable).
struct FixedTarget {
    const std::optional<BlockPos>* target;
    std::optional<PositionTracker> operator()(Level&, Mob&) const {
        if (!*target) return std::nullopt;
        return PositionTracker::block(**target);
    }
};

struct ItemsFixture : Fixture {
    /// An allay with every memory, no behaviours, and an AllayState holding `carried` shards.
    ServerMob& allay(Vec3 pos, std::int32_t carried) {
        ServerMob& a = mob_with("allay", pos);
        a.set_attachment(std::make_unique<AllayState>(a, mem.item_pickup_cooldown_ticks));
        a.set_equipment(EquipmentSlot::MainHand, ItemStack{shard, 1});
        if (carried > 0) state(a).inventory().add_item(ItemStack{shard, carried});
        return a;
    }
    AllayState& state(ServerMob& a) { return *a.attachment_as<AllayState>(); }
    ItemEntity* item(const std::optional<EntityRef>& ref) {
        return ref ? dynamic_cast<ItemEntity*>(h.world().resolve(*ref)) : nullptr;
    }
    /// Item entities anywhere near the origin.
    std::vector<ItemEntity*> items() {
        std::vector<EntityRef> refs;
        h.world().entities_of_type(h.entity_types().item, AABB{{-32, -64, -32}, {32, 0, 32}}, refs);
        std::vector<ItemEntity*> out;
        for (const auto& r : refs)
            if (auto* e = dynamic_cast<ItemEntity*>(h.world().resolve(r))) out.push_back(e);
        return out;
    }
};

Vec3 normalized(Vec3 v) {
    const double l = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    return {v.x / l, v.y / l, v.z / l};
}

void check_close(const Vec3& a, const Vec3& b) {
    BOOST_TEST(a.x == b.x, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(a.y == b.y, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(a.z == b.z, boost::test_tools::tolerance(1e-12));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(items)

BOOST_AUTO_TEST_CASE(simple_container_stacks_like_vanilla) {
    SimpleContainer c(2);
    BOOST_TEST(c.is_empty());
    BOOST_TEST(c.add_item(ItemStack{shard, 40}).empty());
    BOOST_TEST(c.add_item(ItemStack{shard, 40}).empty());  // tops slot 0 up to 64, the rest to slot 1
    BOOST_TEST(c.item(0).count == 64);
    BOOST_TEST(c.item(1).count == 16);
    BOOST_TEST(c.count_item(shard) == 80);
    const ItemStack left = c.add_item(ItemStack{diamond, 1});  // no empty slot, none of it held
    BOOST_TEST(left.count == 1);
    BOOST_TEST(left.item.str() == "minecraft:diamond");
    BOOST_TEST(!c.can_add_item(ItemStack{diamond, 1}));
    BOOST_TEST(c.can_add_item(ItemStack{shard, 1}));  // slot 1 has room
    BOOST_TEST(c.add_item(ItemStack{}).empty());
    BOOST_TEST(c.item(7).empty());  // out of range: the empty stack

    // removeItem(slot, count) splits the stack.
    const ItemStack one = c.remove_item(0, 1);
    BOOST_TEST(one.count == 1);
    BOOST_TEST(c.item(0).count == 63);
    BOOST_TEST(c.remove_item(5, 1).empty());
    BOOST_TEST(c.remove_item(0, 0).empty());
    BOOST_TEST(c.remove_item(0, 100).count == 63);
    BOOST_TEST(c.item(0).empty());
    BOOST_TEST(c.remove_item(0, 1).empty());

    // moveItemToEmptySlots puts the whole rest into an empty slot, past the limit (as vanilla).
    SimpleContainer big(1);
    BOOST_TEST(big.add_item(ItemStack{shard, 100}).empty());
    BOOST_TEST(big.item(0).count == 100);
    BOOST_TEST(!big.can_add_item(ItemStack{shard, 1}));
    big.clear();
    BOOST_TEST(big.is_empty());
}

BOOST_AUTO_TEST_CASE(simple_container_saves_its_stacks_without_slots) {
    SimpleContainer c(3);
    c.set_item(1, ItemStack{shard, 5});
    const nbt::List list = c.to_nbt();
    BOOST_REQUIRE(list.size() == 1u);
    BOOST_TEST(list.get<nbt::Compound>(0).get<std::string>("id") == "minecraft:amethyst_shard");
    BOOST_TEST(list.get<nbt::Compound>(0).get<std::int8_t>("Count") == 5);

    SimpleContainer back(3);
    back.set_item(2, ItemStack{diamond, 1});  // loading starts from an empty container
    std::vector<std::string> warnings;
    back.load_nbt(list, warnings, "Inventory");
    BOOST_TEST(warnings.empty());
    BOOST_TEST(back.item(0).count == 5);  // added, so into the first slot
    BOOST_TEST(back.item(2).empty());

    // A bad entry is skipped with a warning; what does not fit is dropped with one.
    nbt::List bad(nbt::TagType::Compound);
    bad.push_back(nbt::Tag(nbt::Compound{}));  // {} is the empty stack: skipped quietly
    nbt::Compound no_id;
    no_id.put("Count", nbt::Tag(std::int8_t{1}));
    bad.push_back(nbt::Tag(std::move(no_id)));
    bad.push_back(list[0]);
    nbt::Compound other;
    other.put("id", nbt::Tag(std::string("minecraft:diamond")));
    other.put("Count", nbt::Tag(std::int8_t{2}));
    bad.push_back(nbt::Tag(std::move(other)));
    SimpleContainer one(1);
    one.load_nbt(bad, warnings, "Inventory");
    BOOST_TEST(one.item(0).count == 5);
    BOOST_REQUIRE(warnings.size() == 2u);
    BOOST_TEST(warnings[0].find("Inventory[1]") != std::string::npos);
    BOOST_TEST(warnings[1].find("Inventory[3]") != std::string::npos);
    BOOST_TEST(warnings[1].find("dropped") != std::string::npos);
}

BOOST_FIXTURE_TEST_CASE(throw_item_starts_below_the_eyes_towards_the_target, ItemsFixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    // Default: 0.3 below the eyes, (0.3, 0.3, 0.3) (floats widened) times the direction from the feet.
    const Vec3 target{4.5, feet + 2.0, 3.5};
    const auto ref = throw_item(h.world(), v, ItemStack{diamond, 2}, target);
    ItemEntity* e = item(ref);
    BOOST_REQUIRE(e);
    BOOST_TEST(e->item.count == 2);
    BOOST_TEST(e->pickup_delay == 10);
    check_close(e->position(), Vec3{0.5, v.eye_position().y - static_cast<double>(0.3f), 0.5});
    const Vec3 d = normalized(target - v.position());
    const double k = static_cast<double>(0.3f);
    check_close(e->motion(), Vec3{d.x * k, d.y * k, d.z * k});

    // A target at the feet: Vec3.normalize gives zero below 1e-4, so the item just drops.
    ItemEntity* still = item(throw_item(h.world(), v, ItemStack{diamond, 1}, v.position()));
    BOOST_REQUIRE(still);
    check_close(still->motion(), Vec3{});
    BOOST_TEST(!throw_item(h.world(), v, ItemStack{}, target));
}

BOOST_FIXTURE_TEST_CASE(go_and_give_needs_items_and_a_target_and_walks_there_when_it_starts, ItemsFixture) {
    std::optional<BlockPos> where = BlockPos{10, -60, 0};
    ServerMob& a = allay({0.5, feet + 1, 0.5}, 0);
    auto give = make_go_and_give_items_to_target(mem, FixedTarget{&where}, 2.25f, 20);
    BOOST_TEST(!give->try_start(h.world(), a, 0));  // nothing to give

    state(a).inventory().add_item(ItemStack{shard, 1});
    where.reset();
    BOOST_TEST(!give->try_start(h.world(), a, 0));  // nowhere to give it

    // Without an InventoryCarrier attachment it never starts.
    ServerMob& plain = mob_with("allay", {0.5, feet + 1, 4.5});
    where = BlockPos{10, -60, 0};
    BOOST_TEST(inventory_of(plain) == nullptr);
    BOOST_TEST(!give->try_start(h.world(), plain, 0));

    BOOST_REQUIRE(give->try_start(h.world(), a, 100));
    BOOST_TEST(give->end_timestamp() == 120);
    const WalkTarget* walk = a.brain()->get_memory(mem.walk_target);
    BOOST_REQUIRE(walk);
    BOOST_TEST((walk->target == PositionTracker::block(BlockPos{10, -60, 0})));
    BOOST_TEST(walk->speed_modifier == 2.25f);
    BOOST_TEST(walk->close_enough_dist == 3);
    BOOST_TEST((*a.brain()->get_memory(mem.look_target) == PositionTracker::block(BlockPos{10, -60, 0})));

    // Ten blocks away it throws nothing; it runs until the timeout (time > end) and stops.
    give->tick_or_stop(h.world(), a, 120);
    BOOST_TEST((give->status() == BehaviorStatus::RUNNING));
    give->tick_or_stop(h.world(), a, 121);
    BOOST_TEST((give->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(state(a).inventory().count_item(shard) == 1);
    BOOST_TEST(!a.brain()->has_memory_value(mem.item_pickup_cooldown_ticks));

    // It does not write the walk target again after starting.
    BOOST_REQUIRE(give->try_start(h.world(), a, 200));
    a.brain()->erase_memory(mem.walk_target);
    give->tick_or_stop(h.world(), a, 201);
    BOOST_TEST(!a.brain()->has_memory_value(mem.walk_target));
    // The target gone: it stops.
    where.reset();
    give->tick_or_stop(h.world(), a, 202);
    BOOST_TEST((give->status() == BehaviorStatus::STOPPED));
}

BOOST_FIXTURE_TEST_CASE(go_and_give_throws_one_item_per_tick_within_three_blocks_of_the_eyes, ItemsFixture) {
    const std::optional<BlockPos> where = BlockPos{3, -60, 0};
    const Vec3 centre = Vec3::at_center(*where);
    // Eyes exactly 3 blocks from the target's centre: vanilla's `distance < 3` fails.
    ServerMob& probe = mob_with("allay", {0.5, feet, 0.5});
    const double eye = probe.eye_height();
    ServerMob& at_three = allay({0.5, centre.y - eye, 0.5}, 2);
    BOOST_TEST(std::sqrt(centre.dist_sqr(at_three.eye_position())) == 3.0);
    auto give = make_go_and_give_items_to_target(mem, FixedTarget{&where}, 2.25f, 20);
    BOOST_REQUIRE(give->try_start(h.world(), at_three, 0));
    give->tick_or_stop(h.world(), at_three, 1);
    BOOST_TEST(state(at_three).inventory().count_item(shard) == 2);
    BOOST_TEST(items().empty());
    give->do_stop(h.world(), at_three, 1);

    // 2.99 blocks: one item per tick, each thrown 0.2 below the eyes at (0.2, 0.3, 0.2) × the
    // direction to one block above the target, and the pickup cooldown set to 60.
    const Vec3 from{0.51, centre.y - eye, 0.5};
    ServerMob& a = allay(from, 2);
    BOOST_TEST(std::sqrt(centre.dist_sqr(a.eye_position())) < 3.0);
    auto give2 = make_go_and_give_items_to_target(mem, FixedTarget{&where}, 2.25f, 20);
    BOOST_REQUIRE(give2->try_start(h.world(), a, 0));
    give2->tick_or_stop(h.world(), a, 1);
    BOOST_TEST(state(a).inventory().count_item(shard) == 1);
    BOOST_TEST(*a.brain()->get_memory(mem.item_pickup_cooldown_ticks) == 60);
    auto thrown = items();
    BOOST_REQUIRE(thrown.size() == 1u);
    BOOST_TEST(thrown[0]->item.count == 1);
    BOOST_TEST(thrown[0]->item.item.str() == "minecraft:amethyst_shard");
    check_close(thrown[0]->position(), Vec3{from.x, a.eye_position().y - static_cast<double>(0.2f), from.z});
    const Vec3 d = normalized(centre + Vec3{0, 1, 0} - from);
    check_close(thrown[0]->motion(), Vec3{d.x * static_cast<double>(0.2f), d.y * static_cast<double>(0.3f),
                                          d.z * static_cast<double>(0.2f)});

    a.brain()->set_memory(mem.item_pickup_cooldown_ticks, 12);
    give2->tick_or_stop(h.world(), a, 2);  // the second one; the cooldown back to 60
    BOOST_TEST(state(a).inventory().is_empty());
    BOOST_TEST(*a.brain()->get_memory(mem.item_pickup_cooldown_ticks) == 60);
    BOOST_TEST(items().size() == 2u);
    give2->tick_or_stop(h.world(), a, 3);  // nothing left: it stops
    BOOST_TEST((give2->status() == BehaviorStatus::STOPPED));
}

BOOST_FIXTURE_TEST_CASE(allay_state_wants_what_it_holds_while_there_is_room, ItemsFixture) {
    ServerMob& a = allay({0.5, feet + 1, 0.5}, 0);
    AllayState& s = state(a);
    BOOST_TEST(s.wants_to_pick_up(ItemStack{shard, 3}));
    BOOST_TEST(!s.wants_to_pick_up(ItemStack{diamond, 1}));
    BOOST_TEST(!s.wants_to_pick_up(ItemStack{}));
    BOOST_TEST(s.can_pick_up_loot());

    // Pickup goes into the one slot; the rest is left.
    BOOST_TEST(s.pick_up(ItemStack{shard, 60}).empty());
    const ItemStack left = s.pick_up(ItemStack{shard, 10});
    BOOST_TEST(left.count == 6);
    BOOST_TEST(s.inventory().count_item(shard) == 64);
    BOOST_TEST(!s.wants_to_pick_up(ItemStack{shard, 1}));  // full
    BOOST_TEST(s.pick_up(ItemStack{shard, 1}).count == 1);

    // Not on pickup cooldown, and holding an item: vanilla's canPickUpLoot.
    s.inventory().clear();
    a.brain()->set_memory(mem.item_pickup_cooldown_ticks, 60);
    BOOST_TEST(s.wants_to_pick_up(ItemStack{shard, 1}));  // the sensor still wants it …
    BOOST_TEST(!s.can_pick_up_loot());
    BOOST_TEST(s.pick_up(ItemStack{shard, 1}).count == 1);  // … but it is not taken
    a.brain()->erase_memory(mem.item_pickup_cooldown_ticks);
    a.set_equipment(EquipmentSlot::MainHand, ItemStack{});
    BOOST_TEST(!s.can_pick_up_loot());
    BOOST_TEST(!s.wants_to_pick_up(ItemStack{shard, 1}));
    BOOST_TEST(s.inventory().is_empty());
}

BOOST_FIXTURE_TEST_CASE(allay_state_saves_its_inventory_as_vanilla, ItemsFixture) {
    ServerMob& a = allay({0.5, feet + 1, 0.5}, 7);
    AllayState& s = state(a);
    BOOST_TEST(s.nbt_keys().size() == 1u);
    BOOST_TEST(s.nbt_keys()[0] == "Inventory");
    nbt::Compound entity;
    s.save(entity);
    BOOST_TEST(entity.get<nbt::List>("Inventory").size() == 1u);

    ServerMob& b = allay({4.5, feet + 1, 0.5}, 0);
    std::vector<std::string> warnings;
    state(b).load(entity, warnings);
    BOOST_TEST(warnings.empty());
    BOOST_TEST(state(b).inventory().count_item(shard) == 7);

    // Missing: kept; not a list: a warning and kept.
    state(b).load(nbt::Compound{}, warnings);
    BOOST_TEST(state(b).inventory().count_item(shard) == 7);
    nbt::Compound wrong;
    wrong.put("Inventory", nbt::Tag(std::int32_t{3}));
    state(b).load(wrong, warnings);
    BOOST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(warnings[0] == "Inventory: expected a list");
    BOOST_TEST(state(b).inventory().count_item(shard) == 7);

    // An empty list empties it (vanilla writes [] for an empty inventory).
    s.inventory().clear();
    nbt::Compound empty;
    s.save(empty);
    BOOST_TEST(empty.get<nbt::List>("Inventory").empty());
    state(b).load(empty, warnings);
    BOOST_TEST(state(b).inventory().is_empty());
}

BOOST_AUTO_TEST_SUITE_END()
