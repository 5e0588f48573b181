// The allay plugin linked as a static library (allay_content) in a real world: an allay holding an
// amethyst shard flies to a dropped shard, picks it up through the host's loot pickup, flies to
// its liked note block and throws it there; the items it ignores, the rules for forgetting the
// note block, panic, and what survives a save.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "allay/allay_plugin.hpp"
#include "mobsdk/brain/brain.hpp"
#include "mobsdk/nbt/snbt.hpp"
#include "mobsdk/stdlib/items.hpp"
#include "mobserver/server/mob_interaction.hpp"
#include "mobserver/world/harness.hpp"
#include "mobserver/world/kinds/player_kind.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

constexpr double ground = WorldHarness::ground_y;
const ResourceLocation shard = ResourceLocation::of("amethyst_shard");
const BlockPos note{8, -60, 0};              // on the ground
const Vec3 deposit_centre{8.5, -58.5, 0.5};  // the centre of the block above it

// A harness with the allay plugin registered, as the server loads it.
struct AllayWorld {
    allay::AllayPlugin plugin;
    std::unique_ptr<WorldHarness> h;

    AllayWorld() {
        WorldHarness::Options o;
        o.chunk_radius = 4;
        o.plugins = {{"allay", &plugin}};
        h = std::make_unique<WorldHarness>(o);
    }
    const brain::StandardMemories& m() const { return h->memories(); }
    stdlib::AllayState& state(ServerMob& a) const { return *a.attachment_as<stdlib::AllayState>(); }
    std::int32_t carried(ServerMob& a) const { return state(a).inventory().count_item(shard); }
    ServerMob& allay(const Vec3& at, const char* hand = "amethyst_shard") {
        ServerMob& a = h->spawn("allay", at);
        if (hand) a.set_equipment(EquipmentSlot::MainHand, ItemStack{ResourceLocation::of(hand), 1});
        return a;
    }
    // What an admin sets with `data merge entity`: the note block and the cooldown that keeps it.
    void like_note_block(ServerMob& a, BlockPos pos, std::int32_t cooldown) {
        a.brain()->set_memory(m().liked_noteblock, GlobalPos{ResourceLocation::of("overworld"), pos});
        a.brain()->set_memory(m().liked_noteblock_cooldown_ticks, cooldown);
    }
    // Item entities holding `item` anywhere in the generated world.
    std::vector<ItemEntity*> items(const ResourceLocation& item) {
        std::vector<EntityRef> refs;
        h->world().entities_of_type(h->entity_types().item, AABB{{-80, -64, -80}, {80, 0, 80}}, refs);
        std::vector<ItemEntity*> out;
        for (const auto& r : refs)
            if (auto* e = dynamic_cast<ItemEntity*>(h->world().resolve(r)); e && e->item.item == item) out.push_back(e);
        return out;
    }
    // One collection and delivery: ticks (at most `max_ticks`) until the allay has picked up an
    // item and thrown it, checking GoToWantedItem's walk target while it fetches (1.75, to the
    // item's feet, close enough 0) and GoAndGiveItemsToTarget's while it carries (2.25 to
    // `target`, close enough 3, set when it starts; between its runs, once that target is
    // reached, the idle strolls may set theirs at speed 1).
    struct Delivery {
        std::optional<std::int64_t> picked, thrown;
        int fetching = 0, delivering = 0;
    };
    Delivery deliver(ServerMob& a, const brain::PositionTracker& target, int max_ticks) {
        Delivery d;
        for (int t = 0; t < max_ticks && !d.thrown; ++t) {
            h->tick();
            const brain::WalkTarget* walk = a.brain()->get_memory(m().walk_target);
            if (!d.picked) {
                if (walk && walk->target.is_entity() && !(walk->target == target)) {
                    BOOST_TEST(walk->speed_modifier == 1.75f);
                    BOOST_TEST(walk->close_enough_dist == 0);
                    ++d.fetching;
                }
                if (carried(a) == 1) {
                    d.picked = t;
                    BOOST_TEST(items(shard).empty());  // taken off the ground by the host's loot pickup
                }
            } else if (carried(a) == 1) {
                if (walk && walk->target == target) {
                    BOOST_TEST(walk->speed_modifier == 2.25f);
                    BOOST_TEST(walk->close_enough_dist == 3);
                    ++d.delivering;
                }
            } else {
                d.thrown = t;
            }
        }
        return d;
    }
    static bool running(ServerMob& a, const std::string& name) {
        const auto r = a.brain()->running_behaviors();
        return std::any_of(r.begin(), r.end(),
                           [&](const brain::BehaviorControl* b) { return b->debug_string() == name; });
    }
};

double horizontal_distance(const Vec3& a, const Vec3& b) { return std::hypot(a.x - b.x, a.z - b.z); }

}  // namespace

BOOST_AUTO_TEST_SUITE(allay)

BOOST_AUTO_TEST_CASE(the_plugin_gives_minecraft_allay_its_brain_and_state) {
    AllayWorld w;
    BOOST_TEST((w.plugin.content().allay == w.h->entity_types().allay));
    const EntityTypeInfo& type = w.h->registries().entity_types[w.plugin.content().allay];
    BOOST_TEST(type.ai_factory != nullptr);
    BOOST_TEST(type.ai_registrant == "allay");

    ServerMob& a = w.allay({0.5, ground + 1, 0.5});
    BOOST_REQUIRE(a.brain());
    BOOST_REQUIRE(a.attachment_as<stdlib::AllayState>());
    BOOST_TEST(w.state(a).inventory().size() == 1u);
    const auto& acts = w.h->brain_registries().activities;
    BOOST_TEST(a.brain()->is_active(acts.require("minecraft:core")));
    BOOST_TEST(a.brain()->is_active(acts.require("minecraft:idle")));
    // Allay.MEMORY_TYPES, and what its four sensors write.
    for (brain::MemoryHandle h :
         {brain::MemoryHandle(w.m().liked_noteblock), brain::MemoryHandle(w.m().liked_player),
          brain::MemoryHandle(w.m().liked_noteblock_cooldown_ticks),
          brain::MemoryHandle(w.m().item_pickup_cooldown_ticks), brain::MemoryHandle(w.m().is_panicking),
          brain::MemoryHandle(w.m().mobs), brain::MemoryHandle(w.m().nearest_visible_wanted_item)})
        BOOST_TEST(a.brain()->is_registered(h));
    BOOST_TEST(!a.brain()->is_registered(w.m().home));
    BOOST_TEST(a.brain()->sensors().size() == 4u);
}

BOOST_AUTO_TEST_CASE(collects_the_item_it_holds_and_throws_it_at_the_liked_note_block) {
    AllayWorld w;
    w.h->set_block(note, "note_block");
    ServerMob& a = w.allay({0.5, ground + 1, 0.5});
    w.like_note_block(a, note, 6000);
    w.h->world().spawn_item({-6.5, ground, 3.5}, ItemStack{shard, 1});

    const AllayWorld::Delivery d = w.deliver(a, brain::PositionTracker::block(note.above()), 300);
    BOOST_REQUIRE(d.picked);
    BOOST_REQUIRE(d.thrown);
    BOOST_TEST(*d.picked < 100);
    BOOST_TEST(d.fetching > 0);
    BOOST_TEST(d.delivering > 0);
    // Thrown from within 3 blocks (eyes to the deposit centre), with the 60-tick pickup cooldown.
    BOOST_TEST(*a.brain()->get_memory(w.m().item_pickup_cooldown_ticks) == 60);
    auto on_ground = w.items(shard);
    BOOST_REQUIRE(on_ground.size() == 1u);
    BOOST_TEST(std::sqrt(on_ground[0]->position().dist_sqr(deposit_centre)) < 3.5);
    BOOST_TEST(on_ground[0]->pickup_delay == 10);

    // While the cooldown lasts it does not take the shard back, though it hovers right by it.
    while (a.brain()->has_memory_value(w.m().item_pickup_cooldown_ticks)) {
        w.h->tick();
        BOOST_TEST_REQUIRE(w.carried(a) == 0);
    }
    on_ground = w.items(shard);
    BOOST_REQUIRE(on_ground.size() == 1u);
    BOOST_TEST(horizontal_distance(on_ground[0]->position(), deposit_centre) < 2.0);  // came to rest by the note block
}

BOOST_AUTO_TEST_CASE(a_wanted_item_in_sight_overrides_the_delivery_run_the_seed_s_interplay) {
    // Seed 000: GoToWantedItem (priority 0) fires every tick, GoAndGiveItemsToTarget (priority 1)
    // writes WALK_TARGET only when it starts (every 21 ticks while it times out), so with items in
    // sight the allay collects first and delivers after.
    AllayWorld w;
    w.h->set_block(note, "note_block");
    ServerMob& a = w.allay({0.5, ground + 1, 0.5});
    w.state(a).inventory().add_item(ItemStack{shard, 1});
    w.like_note_block(a, note, 6000);
    w.h->world().spawn_item({-7.5, ground, 0.5}, ItemStack{shard, 5});

    int to_item = 0, to_deposit = 0;
    std::optional<int> collected, first_throw;
    for (int t = 0; t < 300 && !first_throw; ++t) {
        w.h->tick();
        if (const brain::WalkTarget* walk = a.brain()->get_memory(w.m().walk_target)) {
            to_item += walk->target.is_entity();
            to_deposit += walk->target == brain::PositionTracker::block(note.above());
        }
        if (!collected && w.carried(a) == 6) collected = t;
        if (w.carried(a) < (collected ? 6 : 1)) first_throw = t;
    }
    BOOST_REQUIRE(collected);
    BOOST_REQUIRE(first_throw);
    BOOST_TEST(*collected < *first_throw);  // all five collected before anything was thrown
    BOOST_TEST(to_item > 0);
    BOOST_TEST(to_deposit > 0);
    BOOST_TEST(w.carried(a) == 5);  // one item per throw
}

BOOST_AUTO_TEST_CASE(ignores_items_it_does_not_hold_and_collects_nothing_empty_handed) {
    AllayWorld w;
    ServerMob& a = w.allay({0.5, ground + 1, 0.5});
    w.h->world().spawn_item({0.5, ground, 1.5}, ItemStack{ResourceLocation::of("diamond"), 1});
    ServerMob& empty_handed = w.allay({0.5, ground + 1, -40.5}, nullptr);
    w.h->world().spawn_item({0.5, ground, -39.5}, ItemStack{shard, 1});
    for (int t = 0; t < 300; ++t) {
        w.h->tick();
        BOOST_TEST_REQUIRE(!a.brain()->has_memory_value(w.m().nearest_visible_wanted_item));
        BOOST_TEST_REQUIRE(!empty_handed.brain()->has_memory_value(w.m().nearest_visible_wanted_item));
    }
    BOOST_TEST(w.state(a).inventory().is_empty());
    BOOST_TEST(w.state(empty_handed).inventory().is_empty());
    BOOST_TEST(w.items(ResourceLocation::of("diamond")).size() == 1u);
    BOOST_TEST(w.items(shard).size() == 1u);
}

BOOST_AUTO_TEST_CASE(without_a_liked_note_block_it_keeps_what_it_collected_and_strolls) {
    AllayWorld w;
    const Vec3 start{0.5, ground + 1, 0.5};
    ServerMob& a = w.allay(start);
    w.h->world().spawn_item({3.5, ground, 0.5}, ItemStack{shard, 2});
    double farthest = 0;
    bool gave = false;
    for (int t = 0; t < 600; ++t) {
        w.h->tick();
        farthest = std::max(farthest, horizontal_distance(a.position(), start));
        gave = gave || AllayWorld::running(a, "GoAndGiveItemsToTarget");
    }
    BOOST_TEST(w.carried(a) == 2);  // the whole stack: vanilla's pickup takes what fits
    BOOST_TEST(w.items(shard).empty());
    BOOST_TEST(!gave);
    BOOST_TEST(!a.brain()->has_memory_value(w.m().item_pickup_cooldown_ticks));
    BOOST_TEST(farthest > 1.0);  // RandomStroll.fly / SetWalkTargetFromLookTarget moved it
}

BOOST_AUTO_TEST_CASE(the_liked_note_block_is_forgotten_without_its_cooldown_or_its_block) {
    AllayWorld w;
    w.h->set_block(note, "note_block");
    ServerMob& a = w.allay({0.5, ground + 1, 0.5});

    // Only the position: getItemDepositPosition needs the cooldown too, and forgets the note block
    // the first time StayCloseToTarget asks (tick 1, nothing else having set a walk target).
    a.brain()->set_memory(w.m().liked_noteblock, GlobalPos{ResourceLocation::of("overworld"), note});
    w.h->tick();
    BOOST_TEST(!a.brain()->has_memory_value(w.m().liked_noteblock));

    // With the cooldown it is kept while CountDownCooldownTicks counts 600 down, one per tick.
    w.like_note_block(a, note, 600);
    w.h->tick(100);
    BOOST_TEST(a.brain()->has_memory_value(w.m().liked_noteblock));
    BOOST_TEST(*a.brain()->get_memory(w.m().liked_noteblock_cooldown_ticks) == 500);

    // A note block somewhere else in another dimension is not this one.
    a.brain()->set_memory(w.m().liked_noteblock, GlobalPos{ResourceLocation::of("the_nether"), note});
    for (int t = 0; t < 200 && a.brain()->has_memory_value(w.m().liked_noteblock); ++t) w.h->tick();
    BOOST_TEST(!a.brain()->has_memory_value(w.m().liked_noteblock));

    // The block broken: forgotten.
    w.like_note_block(a, note, 600);
    w.h->set_block(note, "air");
    for (int t = 0; t < 200 && a.brain()->has_memory_value(w.m().liked_noteblock); ++t) w.h->tick();
    BOOST_TEST(!a.brain()->has_memory_value(w.m().liked_noteblock));

    // The cooldown ran out (TIME_TO_FORGET_NOTEBLOCK without hearing it again): forgotten.
    w.h->set_block(note, "note_block");
    w.like_note_block(a, note, 30);
    w.h->tick(31);
    BOOST_TEST(!a.brain()->has_memory_value(w.m().liked_noteblock_cooldown_ticks));
    for (int t = 0; t < 200 && a.brain()->has_memory_value(w.m().liked_noteblock); ++t) w.h->tick();
    BOOST_TEST(!a.brain()->has_memory_value(w.m().liked_noteblock));
}

BOOST_AUTO_TEST_CASE(hearing_a_note_block_adopts_it_and_refreshes_the_cooldown) {
    AllayWorld w;
    ServerMob& a = w.allay({0.5, ground + 1, 0.5});
    allay::hear_noteblock(w.m(), w.h->world(), a, note);
    BOOST_TEST((a.brain()->get_memory(w.m().liked_noteblock)->pos == note));
    BOOST_TEST(a.brain()->get_memory(w.m().liked_noteblock)->dimension.str() == "minecraft:overworld");
    BOOST_TEST(*a.brain()->get_memory(w.m().liked_noteblock_cooldown_ticks) == 600);
    a.brain()->set_memory(w.m().liked_noteblock_cooldown_ticks, 17);
    allay::hear_noteblock(w.m(), w.h->world(), a, {3, -60, 3});  // another one: ignored
    BOOST_TEST((a.brain()->get_memory(w.m().liked_noteblock)->pos == note));
    BOOST_TEST(*a.brain()->get_memory(w.m().liked_noteblock_cooldown_ticks) == 17);
    allay::hear_noteblock(w.m(), w.h->world(), a, note);  // the liked one again
    BOOST_TEST(*a.brain()->get_memory(w.m().liked_noteblock_cooldown_ticks) == 600);

    // The deposit position is the block above, only while it is a note block.
    const Handle<BlockInfo> nb = w.h->registries().blocks.blocks().require("minecraft:note_block");
    BOOST_TEST(!allay::item_deposit_position(w.m(), nb, w.h->world(), a));  // air there: forgotten
    BOOST_TEST(!a.brain()->has_memory_value(w.m().liked_noteblock));
    w.h->set_block(note, "note_block");
    allay::hear_noteblock(w.m(), w.h->world(), a, note);
    const auto target = allay::item_deposit_position(w.m(), nb, w.h->world(), a);
    BOOST_REQUIRE(target);
    BOOST_TEST((target->block_pos() == note.above()));
}

BOOST_AUTO_TEST_CASE(hurt_it_panics_at_vanilla_speed) {
    AllayWorld w;
    ServerMob& a = w.allay({0.5, ground + 1, 0.5});
    w.h->tick();
    BOOST_REQUIRE(a.hurt(ResourceLocation::of("generic"), 1.0f, nullptr));
    bool panicked = false;
    for (int t = 0; t < 25 && !panicked; ++t) {
        w.h->tick();
        panicked = a.brain()->has_memory_value(w.m().is_panicking);
    }
    BOOST_REQUIRE(panicked);  // the hurt_by sensor scans every 20 ticks
    w.h->tick();
    const brain::WalkTarget* walk = a.brain()->get_memory(w.m().walk_target);
    BOOST_REQUIRE(walk);
    BOOST_TEST(walk->speed_modifier == 2.5f);
}

BOOST_AUTO_TEST_CASE(the_note_block_and_the_inventory_survive_a_save) {
    AllayWorld w;
    w.h->set_block(note, "note_block");
    // The admin's command, as SNBT: the note block, a long cooldown, and the item in hand.
    auto nbt = nbt::parse_snbt_compound(
        R"({HandItems:[{id:"minecraft:amethyst_shard",Count:1b},{}],)"
        R"(Brain:{memories:{"minecraft:liked_noteblock":{value:{dimension:"minecraft:overworld",pos:[I;8,-60,0]}},)"
        R"("minecraft:liked_noteblock_cooldown_ticks":{value:100000}}},)"
        R"(Inventory:[{id:"minecraft:amethyst_shard",Count:3b}]})");
    BOOST_REQUIRE(nbt);
    ServerMob& a = w.h->spawn("allay", {0.5, ground + 1, 0.5}, *nbt);
    BOOST_TEST((a.brain()->get_memory(w.m().liked_noteblock)->pos == note));
    BOOST_TEST(*a.brain()->get_memory(w.m().liked_noteblock_cooldown_ticks) == 100000);
    BOOST_TEST(w.carried(a) == 3);
    BOOST_TEST(a.equipment(EquipmentSlot::MainHand).item.str() == "minecraft:amethyst_shard");

    w.h->tick(5);
    a.brain()->set_memory(w.m().walk_target, brain::WalkTarget{});
    const nbt::Compound saved = w.h->world().save_entity(a);
    // Saved as vanilla: Brain.memories (long-term ones) and Inventory.
    const auto& memories = saved.get<nbt::Compound>("Brain").get<nbt::Compound>("memories");
    const auto& liked = memories.get<nbt::Compound>("minecraft:liked_noteblock").get<nbt::Compound>("value");
    BOOST_TEST(liked.get<std::string>("dimension") == "minecraft:overworld");
    BOOST_TEST((liked.get<nbt::IntArray>("pos") == nbt::IntArray{8, -60, 0}));
    BOOST_TEST(memories.get<nbt::Compound>("minecraft:liked_noteblock_cooldown_ticks").get<std::int32_t>("value") ==
               99995);
    BOOST_TEST(!memories.contains("minecraft:walk_target"));
    const auto& inventory = saved.get<nbt::List>("Inventory");
    BOOST_REQUIRE(inventory.size() == 1u);
    BOOST_TEST(inventory.get<nbt::Compound>(0).get<std::string>("id") == "minecraft:amethyst_shard");

    w.h->world().remove(a.handle());
    w.h->tick();
    std::vector<std::string> warnings;
    auto back = w.h->world().spawn_from_nbt(saved, warnings);
    BOOST_REQUIRE(back);
    BOOST_TEST(warnings.empty());
    ServerMob* b = w.h->world().mob((*back)->handle());
    BOOST_REQUIRE(b);
    BOOST_TEST((b->brain()->get_memory(w.m().liked_noteblock)->pos == note));
    BOOST_TEST(*b->brain()->get_memory(w.m().liked_noteblock_cooldown_ticks) == 99995);
    BOOST_TEST(!b->brain()->has_memory_value(w.m().walk_target));
    BOOST_TEST(w.carried(*b) == 3);
    BOOST_TEST(b->equipment(EquipmentSlot::MainHand).item.str() == "minecraft:amethyst_shard");
}

BOOST_AUTO_TEST_CASE(a_bad_inventory_is_refused_with_a_warning) {
    AllayWorld w;
    auto nbt = nbt::parse_snbt_compound(R"({Inventory:"amethyst"})");
    BOOST_REQUIRE(nbt);
    BOOST_CHECK_THROW(w.h->spawn("allay", {0.5, ground + 1, 0.5}, *nbt), std::invalid_argument);
    auto two = nbt::parse_snbt_compound(
        R"({Inventory:[{id:"minecraft:amethyst_shard",Count:1b},{id:"minecraft:diamond",Count:1b}]})");
    BOOST_REQUIRE(two);
    BOOST_CHECK_THROW(w.h->spawn("allay", {0.5, ground + 1, 0.5}, *two), std::invalid_argument);
}

// Players (vanilla's Allay.mobInteract and AllayAi.getLikedPlayer).

namespace {

PlayerEntity& join(AllayWorld& w, const Vec3& at, const char* hand, std::int32_t count, Uuid uuid = Uuid{7, 7}) {
    PlayerEntity& p = w.h->world().player_kind().spawn(w.h->world(), uuid, "tester", at);
    if (hand) p.set_item_slot(EquipmentSlot::MainHand, ItemStack{ResourceLocation::of(hand), count});
    return p;
}

// Places the note block at `note` and returns its block handle.
Handle<BlockInfo> note_block_of(AllayWorld& w) {
    w.h->set_block(note, "note_block");
    return w.h->world().blocks().block_of(w.h->world().block_state(note));
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_player_gives_an_empty_handed_allay_one_item_and_becomes_its_liked_player) {
    AllayWorld w;
    ServerMob& a = w.allay({0.5, ground + 1, 0.5}, nullptr);
    PlayerEntity& p = join(w, {2.5, ground, 0.5}, "amethyst_shard", 5);
    BOOST_TEST((interact_with_entity(w.h->world(), p, a, InteractionHand::MainHand) == InteractionResult::Success));
    BOOST_TEST(a.equipment(EquipmentSlot::MainHand).item == shard);
    BOOST_TEST(a.equipment(EquipmentSlot::MainHand).count == 1);
    BOOST_TEST(p.item_in_hand(InteractionHand::MainHand).count == 4);  // one less
    BOOST_REQUIRE(a.brain()->get_memory(w.m().liked_player));
    BOOST_TEST((*a.brain()->get_memory(w.m().liked_player) == p.uuid()));
    BOOST_TEST(allay::liked_player(w.m(), w.h->world(), a) == &p);
    // Holding something, it takes nothing more (the player's hand is not empty: Pass).
    BOOST_TEST((interact_with_entity(w.h->world(), p, a, InteractionHand::MainHand) == InteractionResult::Pass));
    BOOST_TEST(p.item_in_hand(InteractionHand::MainHand).count == 4);
    // The last one of a stack empties the hand; from the off hand too.
    ServerMob& b = w.allay({0.5, ground + 1, 2.5}, nullptr);
    p.set_item_slot(EquipmentSlot::OffHand, ItemStack{ResourceLocation::of("cookie"), 1});
    BOOST_TEST((interact_with_entity(w.h->world(), p, b, InteractionHand::OffHand) == InteractionResult::Success));
    BOOST_TEST(b.equipment(EquipmentSlot::MainHand).item == ResourceLocation::of("cookie"));
    BOOST_TEST(p.item_in_hand(InteractionHand::OffHand).empty());
}

BOOST_AUTO_TEST_CASE(a_creative_player_keeps_what_it_gives) {
    AllayWorld w;
    ServerMob& a = w.allay({0.5, ground + 1, 0.5}, nullptr);
    PlayerEntity& p = join(w, {2.5, ground, 0.5}, "amethyst_shard", 5);
    p.set_game_mode(GameMode::Creative);
    BOOST_TEST((interact_with_entity(w.h->world(), p, a, InteractionHand::MainHand) == InteractionResult::Success));
    BOOST_TEST(a.equipment(EquipmentSlot::MainHand).count == 1);
    BOOST_TEST(p.item_in_hand(InteractionHand::MainHand).count == 5);
}

BOOST_AUTO_TEST_CASE(an_empty_main_hand_takes_the_item_back_drops_the_collected_and_clears_the_liked_player) {
    AllayWorld w;
    ServerMob& a = w.allay({0.5, ground + 1, 0.5}, nullptr);
    PlayerEntity& p = join(w, {2.5, ground, 0.5}, "amethyst_shard", 1);
    BOOST_TEST((interact_with_entity(w.h->world(), p, a, InteractionHand::MainHand) == InteractionResult::Success));
    BOOST_TEST(p.item_in_hand(InteractionHand::MainHand).empty());
    w.state(a).inventory().add_item(ItemStack{shard, 3});  // what it collected
    // Not with the off hand (vanilla: the main hand only).
    BOOST_TEST((interact_with_entity(w.h->world(), p, a, InteractionHand::OffHand) == InteractionResult::Pass));
    BOOST_TEST((interact_with_entity(w.h->world(), p, a, InteractionHand::MainHand) == InteractionResult::Success));
    BOOST_TEST(a.equipment(EquipmentSlot::MainHand).empty());
    BOOST_TEST(!a.brain()->has_memory_value(w.m().liked_player));
    BOOST_TEST(p.inventory.count_item(shard) == 1);  // Player.addItem: its slot 0, the selected one
    BOOST_TEST(p.item_in_hand(InteractionHand::MainHand).item == shard);
    BOOST_TEST(w.state(a).inventory().is_empty());
    auto dropped = w.items(shard);
    BOOST_REQUIRE(dropped.size() == 1u);
    BOOST_TEST(dropped[0]->item.count == 3);
    // BehaviorUtils.throwItem at its own position: straight down from 0.3 below its eyes, no motion.
    BOOST_TEST(dropped[0]->position().x == 0.5);
    BOOST_TEST(dropped[0]->position().y == a.eye_position().y - static_cast<double>(0.3f),
               boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(spectators_out_of_reach_and_dead_allays_get_no_interaction) {
    AllayWorld w;
    ServerMob& a = w.allay({0.5, ground + 1, 0.5}, nullptr);
    // Reach: the allay's box (0.35 wide, 0.6 high) closer than 6 to the eyes (1.62 above the feet).
    PlayerEntity& far = join(w, {0.5 + 0.175 + 6.005, ground + 1 - 1.62 + 0.3, 0.5}, "amethyst_shard", 2, Uuid{1, 2});
    BOOST_TEST((interact_with_entity(w.h->world(), far, a, InteractionHand::MainHand) == InteractionResult::Pass));
    far.data().pos.x -= 0.01;
    BOOST_TEST(within_interaction_reach(far, a));
    PlayerEntity& s = join(w, {2.5, ground, 0.5}, "amethyst_shard", 2, Uuid{1, 3});
    s.set_game_mode(GameMode::Spectator);
    BOOST_TEST((interact_with_entity(w.h->world(), s, a, InteractionHand::MainHand) == InteractionResult::Pass));
    BOOST_TEST(a.equipment(EquipmentSlot::MainHand).empty());
    BOOST_TEST((interact_with_entity(w.h->world(), far, a, InteractionHand::MainHand) == InteractionResult::Success));
}

BOOST_AUTO_TEST_CASE(it_collects_the_given_item_and_throws_it_to_its_liked_player) {
    AllayWorld w;
    ServerMob& a = w.allay({0.5, ground + 1, 0.5}, nullptr);
    PlayerEntity& p = join(w, {-10.5, ground, 0.5}, "amethyst_shard", 1);
    p.data().pos = {2.5, ground, 0.5};  // within reach to give
    BOOST_TEST((interact_with_entity(w.h->world(), p, a, InteractionHand::MainHand) == InteractionResult::Success));
    p.data().pos = {-10.5, ground, 0.5};
    w.h->world().spawn_item({8.5, ground, 4.5}, ItemStack{shard, 1});

    // GoAndGiveItemsToTarget's target: an EntityTracker on the player's eyes.
    const AllayWorld::Delivery d = w.deliver(a, brain::PositionTracker::entity(p, true), 400);
    BOOST_REQUIRE(d.picked);
    BOOST_REQUIRE(d.thrown);
    BOOST_TEST(d.fetching > 0);
    BOOST_TEST(d.delivering > 0);
    BOOST_TEST(*a.brain()->get_memory(w.m().item_pickup_cooldown_ticks) == 60);
    // Thrown from less than 3 blocks from the player's eyes (the allay moved on for at most a tick),
    // towards the eyes + 1: the player is on the -x side.
    BOOST_TEST(std::sqrt(a.eye_position().dist_sqr(p.eye_position())) < 3.5);
    const auto thrown_items = w.items(shard);
    BOOST_REQUIRE(thrown_items.size() == 1u);
    ItemEntity& item = *thrown_items[0];
    BOOST_TEST(item.pickup_delay <= 10);
    BOOST_TEST(item.pickup_delay >= 9);
    BOOST_TEST(item.data().motion.x < 0.0);
    // It lands by the player (no player list here to pick it up).
    w.h->tick(40);
    BOOST_TEST(horizontal_distance(item.position(), p.position()) < 3.0);
}

BOOST_AUTO_TEST_CASE(a_liked_player_far_away_spectating_or_gone_is_no_deposit_target_but_stays_liked) {
    AllayWorld w;
    ServerMob& a = w.allay({0.5, ground + 1, 0.5});
    PlayerEntity& p = join(w, {63.0, ground + 1, 0.5}, nullptr, 0);
    a.brain()->set_memory(w.m().liked_player, p.uuid());
    BOOST_TEST(allay::liked_player(w.m(), w.h->world(), a) == &p);  // 62.5 away
    auto deposit = allay::item_deposit_position(w.m(), note_block_of(w), w.h->world(), a);
    BOOST_REQUIRE(deposit);
    BOOST_TEST((*deposit == brain::PositionTracker::entity(p, true)));
    p.data().pos = {64.5, ground + 1, 0.5};  // 64 away: not closer than 64
    BOOST_TEST(allay::liked_player(w.m(), w.h->world(), a) == nullptr);
    p.data().pos = {2.5, ground, 0.5};
    p.set_game_mode(GameMode::Adventure);
    BOOST_TEST(allay::liked_player(w.m(), w.h->world(), a) == &p);
    p.set_game_mode(GameMode::Spectator);
    BOOST_TEST(allay::liked_player(w.m(), w.h->world(), a) == nullptr);
    // A liked note block comes first (getItemDepositPosition asks it before the player).
    p.set_game_mode(GameMode::Survival);
    w.h->set_block(note, "note_block");
    w.like_note_block(a, note, 6000);
    deposit = allay::item_deposit_position(w.m(), note_block_of(w), w.h->world(), a);
    BOOST_TEST((*deposit == brain::PositionTracker::block(note.above())));
    // Gone (logged out): no player found, the UUID stays.
    a.brain()->erase_memory(w.m().liked_noteblock);
    a.brain()->set_memory(w.m().liked_player, Uuid{9, 9});
    BOOST_TEST(allay::liked_player(w.m(), w.h->world(), a) == nullptr);
    w.h->tick(5);
    BOOST_TEST(a.brain()->has_memory_value(w.m().liked_player));
}

BOOST_AUTO_TEST_SUITE_END()
