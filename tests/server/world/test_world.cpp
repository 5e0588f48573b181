// World: entities by reference, queries, clip, the clock and sky darkening, the tick order, and
// mob NBT — through the harness, as plugin tests would use it.
#include <boost/test/unit_test.hpp>
#include <cmath>

#include <vector>

#include "mobsdk/nbt/snbt.hpp"
#include "mobsdk/world/ai_util.hpp"
#include "mobserver/world/harness.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

constexpr double feet = WorldHarness::ground_y;

// Records the order mobs are ticked in.
struct OrderAi final : MobAi {
    std::vector<int>* log;
    int id;
    OrderAi(std::vector<int>* l, int i) : log(l), id(i) {}
    void tick(World&, ServerMob&) override { log->push_back(id); }
};

nbt::Compound snbt(std::string_view text) { return nbt::parse_snbt_compound(text).value(); }

}  // namespace

BOOST_AUTO_TEST_SUITE(world)

BOOST_AUTO_TEST_CASE(references_resolve_until_the_entity_is_gone) {
    WorldHarness h;
    ServerMob& zombie = h.spawn("zombie", {0.5, feet, 0.5});
    const EntityRef ref = zombie.ref();
    BOOST_TEST(h.world().resolve(ref) == &zombie);
    BOOST_TEST(h.world().resolve_mob(ref) == &zombie);
    // A reference that only knows the UUID resolves too (loaded from NBT).
    BOOST_TEST(h.world().resolve(EntityRef{ref.uuid, {}}) == &zombie);
    BOOST_TEST(h.world().remove(zombie.handle()));
    BOOST_TEST(h.world().resolve(ref) == nullptr);  // removed: gone at once for AI
    BOOST_TEST(!h.world().remove(ref.handle));      // twice: nothing to do
    h.tick();
    BOOST_TEST(h.world().resolve(ref) == nullptr);
    // The slot is reused by the next entity, but the old reference does not name it.
    ServerMob& other = h.spawn("zombie", {0.5, feet, 0.5});
    BOOST_TEST(other.handle().index == ref.handle.index);
    BOOST_TEST(h.world().resolve(ref) == nullptr);
    BOOST_TEST(h.world().resolve(other.ref()) == &other);
}

BOOST_AUTO_TEST_CASE(spawn_rejects_duplicates_and_non_mobs) {
    WorldHarness h;
    ServerMob& a = h.spawn("villager", {0.5, feet, 0.5});
    BOOST_CHECK_THROW(h.world().spawn_mob(h.entity_types().villager, {1, feet, 1}, a.uuid()), std::invalid_argument);
    BOOST_CHECK_THROW(h.world().spawn_mob(h.entity_types().item, {1, feet, 1}), std::invalid_argument);
    BOOST_CHECK_THROW(h.spawn("no_such_mob", {0, feet, 0}), RegistryError);
    // Fresh UUIDs are version 4, variant 2, as vanilla's createInsecureUUID.
    BOOST_TEST(((a.uuid().msb >> 12) & 0xF) == 4u);
    BOOST_TEST((a.uuid().lsb >> 62) == 2u);
}

BOOST_AUTO_TEST_CASE(box_queries_filter_by_type_and_box) {
    WorldHarness h;
    ServerMob& z1 = h.spawn("zombie", {0.5, feet, 0.5});
    ServerMob& z2 = h.spawn("zombie", {10.5, feet, 0.5});
    ServerMob& v = h.spawn("villager", {2.5, feet, 0.5});
    std::vector<EntityRef> out;
    h.world().entities_of_type(h.entity_types().zombie, AABB{{-1, feet, -1}, {5, feet + 3, 5}}, out);
    BOOST_TEST_REQUIRE(out.size() == 1u);
    BOOST_TEST(out[0] == z1.ref());
    out.clear();
    h.world().entities_in_box(AABB{{-1, feet, -1}, {11, feet + 3, 2}}, out);
    BOOST_TEST(out.size() == 3u);
    out.clear();
    // Touching faces do not count (vanilla's AABB.intersects is strict). The zombie's half width
    // is 0.3f as a float, a hair over 0.3, as in vanilla.
    h.world().entities_in_box(AABB{{10.5 + double(0.6f) / 2, feet, 0}, {12, feet + 3, 1}}, out);
    BOOST_TEST(out.size() == 0u);
    h.world().remove(v.handle());
    out.clear();
    h.world().entities_in_box(AABB{{-1, feet, -1}, {11, feet + 3, 2}}, out);
    BOOST_TEST(out.size() == 2u);  // removed entities are never returned
    (void)z2;
}

BOOST_AUTO_TEST_CASE(clip_stops_at_collision_shapes) {
    WorldHarness h;
    World& w = h.world();
    const Vec3 from{0.5, feet + 1.5, 0.5}, to{8.5, feet + 1.5, 0.5};
    BOOST_TEST(!w.clip(from, to).has_value());
    h.set_block({4, -59, 0}, "glass");
    auto hit = w.clip(from, to);
    BOOST_TEST_REQUIRE(hit.has_value());
    BOOST_TEST(hit->pos == (BlockPos{4, -59, 0}));
    BOOST_TEST(hit->location.x == 4.0, boost::test_tools::tolerance(1e-6));
    h.set_block({4, -59, 0}, "air");
    // A fence post stops a ray through its own block. Vanilla tests only the blocks a ray passes
    // through, so a level ray in the block above does not see the fence's top half-block.
    h.set_block({4, -60, 0}, "oak_fence");
    BOOST_TEST(w.clip({0.5, feet + 0.9, 0.5}, {8.5, feet + 0.9, 0.5}).has_value());
    BOOST_TEST(!w.clip({0.5, feet + 1.2, 0.5}, {8.5, feet + 1.2, 0.5}).has_value());
    // A bottom slab only fills the lower half.
    h.set_block({4, -60, 0}, "stone_slab[type=bottom]");
    BOOST_TEST(w.clip({0.5, feet + 0.25, 0.5}, {8.5, feet + 0.25, 0.5}).has_value());
    BOOST_TEST(!w.clip({0.5, feet + 0.75, 0.5}, {8.5, feet + 0.75, 0.5}).has_value());
    // Diagonal and downward rays hit the ground.
    auto ground = w.clip({0.5, feet + 5, 0.5}, {6.5, feet - 3, 3.5});
    BOOST_TEST_REQUIRE(ground.has_value());
    BOOST_TEST(ground->pos.y == -61);
}

// The walk keeps the section it is in until a step leaves it: rays across chunk and section
// borders, in both directions, down through many sections, and out of the loaded area.
BOOST_AUTO_TEST_CASE(clip_across_chunk_and_section_borders) {
    WorldHarness h;
    World& w = h.world();
    const double y = feet + 1.5;
    h.set_block({-17, -59, 0}, "stone");  // chunk −2, next to chunk −1's border
    auto hit = w.clip({0.5, y, 0.5}, {-20.5, y, 0.5});
    BOOST_TEST_REQUIRE(hit.has_value());
    BOOST_TEST(hit->pos == (BlockPos{-17, -59, 0}));
    BOOST_TEST(hit->location.x == -16.0, boost::test_tools::tolerance(1e-6));
    hit = w.clip({-20.5, y, 0.5}, {0.5, y, 0.5});  // the other way: the far face
    BOOST_TEST_REQUIRE(hit.has_value());
    BOOST_TEST(hit->pos == (BlockPos{-17, -59, 0}));
    BOOST_TEST(hit->location.x == -17.0, boost::test_tools::tolerance(1e-6));
    // Straight down from high above, through every air section, to the grass.
    hit = w.clip({3.5, 300.0, 3.5}, {3.5, -70.0, 3.5});
    BOOST_TEST_REQUIRE(hit.has_value());
    BOOST_TEST(hit->pos == (BlockPos{3, -61, 3}));
    // A block high up, in another section than the ray starts in, on a slanted ray.
    h.set_block({10, 20, 10}, "glass");
    hit = w.clip({0.5, y, 0.5}, {20.5, 100.0, 20.5});
    BOOST_TEST_REQUIRE(hit.has_value());
    BOOST_TEST(hit->pos == (BlockPos{10, 20, 10}));
    // Rays above the build height, into unloaded chunks, and with absurd ends meet nothing.
    BOOST_TEST(!w.clip({0.5, 330.0, 0.5}, {40.5, 400.0, 0.5}).has_value());
    BOOST_TEST(!w.clip({0.5, y, 0.5}, {3000.5, y, 0.5}).has_value());
    BOOST_TEST(!w.clip({0.5, y, 0.5}, {0.5, 4.0e9, 0.5}).has_value());
    BOOST_TEST(!w.clip({0.5, y, 0.5}, {std::nan(""), y, 0.5}).has_value());
    BOOST_TEST(!w.clip({0.5, 2.0e9, 0.5}, {0.5, 2.0e9 + 100.0, 0.5}).has_value());
}

BOOST_AUTO_TEST_CASE(sky_darkening_follows_vanilla_day_cycle) {
    // Every change of vanilla's skyDarken over a clear day (checked against the bed rule: beds
    // work from 12542 to 23459, when skyDarken >= 4).
    const std::pair<std::int64_t, int> changes[] = {
        {0, 0},     {12041, 1}, {12210, 2},  {12377, 3},  {12542, 4},  {12705, 5}, {12867, 6}, {13027, 7},
        {13188, 8}, {13348, 9}, {13509, 10}, {13670, 11}, {22331, 10}, {22492, 9}, {22653, 8}, {22813, 7},
        {22974, 6}, {23135, 5}, {23297, 4},  {23460, 3},  {23624, 2},  {23791, 1}, {23961, 0}};
    for (const auto& [t, d] : changes) {
        BOOST_TEST(sky_darken_at(t) == d, "at " << t);
        if (t > 0) BOOST_TEST(sky_darken_at(t - 1) != d, "before " << t);
        BOOST_TEST(sky_darken_at(t + 24000) == d);  // the cycle repeats
    }
    WorldHarness h;
    h.world().set_day_time(12541);
    BOOST_TEST(h.world().is_day());
    h.world().set_day_time(12542);
    BOOST_TEST(!h.world().is_day());
}

BOOST_AUTO_TEST_CASE(clocks_advance_per_tick_and_daylight_rule) {
    WorldHarness::Options o;
    o.do_daylight_cycle = true;
    o.day_time = 12540;
    WorldHarness h(o);
    h.tick(2);
    BOOST_TEST(h.world().game_time() == 2);
    BOOST_TEST(h.world().day_time() == 12542);
    BOOST_TEST(!h.world().is_day());
    h.world().options().rules.do_daylight_cycle = false;
    h.tick(5);
    BOOST_TEST(h.world().game_time() == 7);
    BOOST_TEST(h.world().day_time() == 12542);
}

BOOST_AUTO_TEST_CASE(mobs_tick_in_insertion_order_and_new_ones_next_tick) {
    WorldHarness h;
    std::vector<int> log;
    ServerMob& a = h.spawn("zombie", {0.5, feet, 0.5});
    ServerMob& b = h.spawn("zombie", {2.5, feet, 0.5});
    ServerMob& c = h.spawn("zombie", {4.5, feet, 0.5});
    a.set_ai(std::make_unique<OrderAi>(&log, 1));
    b.set_ai(std::make_unique<OrderAi>(&log, 2));
    c.set_ai(std::make_unique<OrderAi>(&log, 3));
    h.tick();
    BOOST_TEST(log == (std::vector<int>{1, 2, 3}));
    log.clear();
    h.world().remove(b.handle());
    ServerMob& d = h.spawn("zombie", {6.5, feet, 0.5});  // reuses no slot yet: b is erased next tick
    d.set_ai(std::make_unique<OrderAi>(&log, 4));
    h.tick();
    BOOST_TEST(log == (std::vector<int>{1, 3, 4}));
    log.clear();
    ServerMob& e = h.spawn("zombie", {8.5, feet, 0.5});  // takes b's freed slot, still ticks last
    e.set_ai(std::make_unique<OrderAi>(&log, 5));
    h.tick();
    BOOST_TEST(log == (std::vector<int>{1, 3, 4, 5}));
}

BOOST_AUTO_TEST_CASE(no_ai_mobs_do_not_think_or_move) {
    WorldHarness h;
    std::vector<int> log;
    ServerMob& m = h.spawn("zombie", {0.5, feet + 5, 0.5}, snbt("{NoAI:1b}"));
    m.set_ai(std::make_unique<OrderAi>(&log, 1));
    h.tick(20);
    BOOST_TEST(log.empty());
    BOOST_TEST(m.position().y == feet + 5);  // vanilla: NoAI mobs hang in the air
}

BOOST_AUTO_TEST_CASE(spawn_with_nbt_applies_vanilla_fields) {
    WorldHarness h;
    ServerMob& m = h.spawn(
        "zombie", {0, feet, 0},
        snbt(
            R"({Pos:[3.5d,-60.0d,-2.5d],Rotation:[90.0f,10.0f],Health:7.5f,Tags:["a","b"],)"
            R"(CustomName:'{"text":"Bob"}',IsBaby:1b,Invulnerable:1b,)"
            R"(HandItems:[{id:"minecraft:iron_sword",Count:1b},{}],ArmorItems:[{},{},{},{id:"minecraft:leather_helmet",Count:1b}]})"));
    BOOST_TEST(m.position() == (Vec3{3.5, -60.0, -2.5}));
    BOOST_TEST(m.y_rot() == 90.0f);
    BOOST_TEST(m.x_rot() == 10.0f);
    BOOST_TEST(m.health() == 7.5f);
    BOOST_TEST(m.has_tag("a"));
    BOOST_TEST(m.has_tag("b"));
    BOOST_TEST(!m.has_tag("c"));
    BOOST_TEST(m.data().custom_name.value() == "Bob");
    BOOST_TEST(m.is_baby());
    BOOST_TEST(m.is_invulnerable());
    BOOST_TEST(m.equipment(EquipmentSlot::MainHand).item.str() == "minecraft:iron_sword");
    BOOST_TEST(m.equipment(EquipmentSlot::OffHand).empty());
    BOOST_TEST(m.equipment(EquipmentSlot::Head).item.str() == "minecraft:leather_helmet");
    // The box query finds it at its new position.
    std::vector<EntityRef> out;
    h.world().entities_in_box(AABB{{3, -61, -3}, {4, -58, -2}}, out);
    BOOST_TEST(out.size() == 1u);

    // save → load into a fresh mob gives the same NBT (apart from the UUID).
    nbt::Compound saved = save_mob_nbt(m);
    ServerMob& copy = h.spawn("zombie", {0, feet, 0});
    saved.erase("UUID");
    BOOST_TEST(load_mob_nbt(copy, saved).empty());
    nbt::Compound again = save_mob_nbt(copy);
    again.erase("UUID");
    BOOST_TEST(again == saved);
}

BOOST_AUTO_TEST_CASE(bad_nbt_is_refused_with_the_field_named) {
    WorldHarness h;
    try {
        h.spawn("zombie", {0, feet, 0}, snbt("{Pos:[1.0d,2.0d],Health:\"lots\"}"));
        BOOST_FAIL("expected an error");
    } catch (const std::invalid_argument& e) {
        const std::string msg = e.what();
        BOOST_TEST(msg.find("Pos") != std::string::npos);
        BOOST_TEST(msg.find("Health") != std::string::npos);
    }
    ServerMob& m = h.spawn("zombie", {0.5, feet, 0.5});
    const auto warnings = load_mob_nbt(m, snbt("{Motion:[1.0d,NaNd,0.0d],Tags:[1,2],Brain:{memories:{}}}"));
    BOOST_TEST(warnings.size() == 2u);  // Motion not finite, Tags not strings
    BOOST_TEST(m.motion() == (Vec3{}));
    BOOST_TEST(m.data().tags.empty());
    // A mob without a brain keeps the Brain it was given, for the plugin that will read it.
    BOOST_TEST(m.extra_nbt.contains("Brain"));
    BOOST_TEST(save_mob_nbt(m).contains("Brain"));
}

BOOST_AUTO_TEST_CASE(unknown_entity_tags_survive_a_save) {
    WorldHarness h;
    ServerMob& m = h.spawn("zombie", {0.5, feet, 0.5});
    const auto warnings = load_mob_nbt(
        m, snbt("{\"examplemod:charge\":5,ForgeData:{mana:3b},CanBreakDoors:1b,DrownedConversionTime:-1}"));
    BOOST_TEST(warnings.empty());
    const nbt::Compound saved = save_mob_nbt(m);
    BOOST_TEST(saved.get<std::int32_t>("examplemod:charge") == 5);
    BOOST_TEST((saved.get<nbt::Compound>("ForgeData") == snbt("{mana:3b}")));
    BOOST_TEST(saved.get<std::int8_t>("CanBreakDoors") == 1);
    BOOST_TEST(saved.get<std::int32_t>("DrownedConversionTime") == -1);
}

BOOST_AUTO_TEST_CASE(walk_target_value_follows_the_light) {
    WorldHarness h;
    ServerMob& z = h.spawn("zombie", {0.5, feet, 0.5});
    ServerMob& v = h.spawn("villager", {2.5, feet, 0.5});
    // Noon, open sky: light 15 → (5(12 − 15)) / (120 − 90) = −0.5 for a monster.
    BOOST_TEST(z.walk_target_value({5, -60, 5}) == -0.5f, boost::test_tools::tolerance(1e-6f));
    BOOST_TEST(v.walk_target_value({5, -60, 5}) == 0.0f);
    // Midnight: sky darkens by 11 → light 4 → 5·8 / 96.
    h.world().set_day_time(18000);
    BOOST_TEST(z.walk_target_value({5, -60, 5}) == 40.0f / 96.0f, boost::test_tools::tolerance(1e-6f));
}

BOOST_AUTO_TEST_CASE(a_wall_across_a_path_makes_walkers_repath) {
    WorldHarness h;
    ServerMob& v = h.spawn("villager", {0.5, feet, 0.5});
    h.tick(30);  // on the ground, and past vanilla's 20-tick minimum between recomputations
    BOOST_TEST_REQUIRE(v.navigation().move_to(BlockPos{0, -60, 12}, 0.6));
    h.tick(10);
    // A wall right across the straight line. The first block placed makes the villager repath at
    // once; the rest fall within vanilla's 20-tick minimum between recomputations, so the next
    // recomputation, around the finished wall, comes 21 ticks later (more than 20 must pass).
    h.fill({-4, -60, 8}, {4, -58, 8}, "cobblestone");
    h.tick(21);
    auto crosses_wall = [](const Path& p) {
        for (const BlockPos& n : p.nodes)
            if (n.z == 8 && n.x >= -4 && n.x <= 4) return true;
        return false;
    };
    BOOST_TEST(crosses_wall(*v.navigation().path()));  // not yet: only 20 ticks have passed
    h.tick();
    const Path* path = v.navigation().path();
    BOOST_TEST_REQUIRE(path != nullptr);
    BOOST_TEST(!crosses_wall(*path), *path);
    int ticks = 0;
    while (!v.navigation().is_done() && ticks < 600) {
        h.tick();
        ++ticks;
    }
    BOOST_TEST(v.block_position().dist_manhattan({0, -60, 12}) <= 1);
}

BOOST_AUTO_TEST_CASE(items_are_picked_up_after_the_delay) {
    WorldHarness h;
    const auto ref = h.world().drop_item({0.5, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 5}, {});
    BOOST_TEST_REQUIRE(ref.has_value());
    BOOST_TEST(h.world().pick_up_item(*ref, 64).empty());  // vanilla's 10-tick pickup delay
    h.tick(10);
    const ItemStack two = h.world().pick_up_item(*ref, 2);
    BOOST_TEST(two.item.str() == "minecraft:bread");
    BOOST_TEST(two.count == 2);
    BOOST_TEST(h.world().resolve(*ref) != nullptr);
    BOOST_TEST(h.world().pick_up_item(*ref, 64).count == 3);
    BOOST_TEST(h.world().resolve(*ref) == nullptr);  // empty: gone
    BOOST_TEST(h.world().pick_up_item(*ref, 64).empty());
    ServerMob& m = h.spawn("zombie", {0.5, feet, 0.5});
    BOOST_TEST(h.world().pick_up_item(m.ref(), 64).empty());  // not an item
}

BOOST_AUTO_TEST_CASE(items_fall_and_despawn) {
    WorldHarness h;
    auto ref = h.world().drop_item({0.5, feet + 3, 0.5}, ItemStack{ResourceLocation::of("bread"), 3}, {});
    BOOST_TEST_REQUIRE(ref.has_value());
    BOOST_TEST(!h.world().drop_item({0, 0, 0}, ItemStack{}, {}).has_value());  // nothing to drop
    h.tick(40);
    Entity* item = h.world().resolve(*ref);
    BOOST_TEST_REQUIRE(item != nullptr);
    BOOST_TEST(item->position().y == feet, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(item->on_ground());
    h.tick(ItemEntity::lifetime - 40);
    BOOST_TEST(h.world().resolve(*ref) == nullptr);
}

BOOST_AUTO_TEST_SUITE_END()
