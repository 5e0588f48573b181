// The standard sensors in a real world: ids and scan rates, the 16-block entity scan and its
// visibility rules, hurt-by, villager hostiles' distance table, the golem sensor's 600 ticks, the
// baby-only bed sensor and its cache, secondary POIs and wanted items.
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "fixture.hpp"
#include "mobsdk/stdlib/villager.hpp"

using namespace stdlib_test;
using mobsdk::server::ItemEntity;
using mobsdk::server::World;
using mobsdk::stdlib::VillagerState;

namespace {

template <typename S>
S make(const Fixture& f, auto... args) {
    S s(f.mem, args...);
    s.set_time_to_tick(1);  // run on the next tick() call
    return s;
}

// The secondary POI blocks of every mob in these tests (set from the harness's handle).
Handle<BlockInfo> g_farmland;
std::span<const Handle<BlockInfo>> farmland_only(Mob&) { return {&g_farmland, 1}; }

bool refuse_items(Level&, Mob&, const Entity&) { return false; }

}  // namespace

BOOST_AUTO_TEST_SUITE(sensors)

BOOST_FIXTURE_TEST_CASE(registered_under_vanilla_ids_with_vanilla_scan_rates, Fixture) {
    const auto& r = reg.sensor_types;
    BOOST_TEST(r.id_of(sensors.nearest_living_entities).str() == "minecraft:nearest_living_entities");
    BOOST_TEST(r.id_of(sensors.nearest_players).str() == "minecraft:nearest_players");
    BOOST_TEST(r.id_of(sensors.hurt_by).str() == "minecraft:hurt_by");
    BOOST_TEST(r.id_of(sensors.villager_hostiles).str() == "minecraft:villager_hostiles");
    BOOST_TEST(r.id_of(sensors.golem_detected).str() == "minecraft:golem_detected");
    BOOST_TEST(r.id_of(sensors.nearest_bed).str() == "minecraft:nearest_bed");
    BOOST_TEST(r.id_of(sensors.secondary_pois).str() == "minecraft:secondary_pois");
    BOOST_TEST(r.id_of(sensors.nearest_items).str() == "minecraft:nearest_items");
    const auto rate = [&](SensorType t) { return r[t].factory()->scan_rate(); };
    BOOST_TEST(rate(sensors.nearest_living_entities) == 20);
    BOOST_TEST(rate(sensors.nearest_players) == 20);
    BOOST_TEST(rate(sensors.hurt_by) == 20);
    BOOST_TEST(rate(sensors.villager_hostiles) == 20);
    BOOST_TEST(rate(sensors.golem_detected) == 200);
    BOOST_TEST(rate(sensors.nearest_bed) == 20);
    BOOST_TEST(rate(sensors.secondary_pois) == 40);
    BOOST_TEST(rate(sensors.nearest_items) == 20);
    // What each sensor writes is what a brain using it registers.
    const auto& req = r[sensors.nearest_living_entities].required_memories;
    BOOST_TEST(req.size() == 2u);
    BOOST_TEST((std::find(req.begin(), req.end(), MemoryHandle(mem.visible_mobs)) != req.end()));
    BOOST_TEST(r[sensors.golem_detected].required_memories.front() == MemoryHandle(mem.golem_detected_recently));
}

BOOST_AUTO_TEST_CASE(a_second_registration_is_refused) {
    BrainRegistries reg;
    const StandardMemories mem = register_standard_memories(reg.memory_types);
    register_standard_sensors(reg.sensor_types, mem);
    BOOST_CHECK_THROW(register_standard_sensors(reg.sensor_types, mem), RegistryError);
    BrainRegistries frozen;
    const StandardMemories mem2 = register_standard_memories(frozen.memory_types);
    frozen.freeze();
    BOOST_CHECK_THROW(register_standard_sensors(frozen.sensor_types, mem2), RegistryError);
}

BOOST_FIXTURE_TEST_CASE(nearest_living_entities_scans_16_blocks_closest_first, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    ServerMob& zombie = still("zombie", {5.5, feet, 0.5});
    ServerMob& pig = still("pig", {0.5, feet, 3.5});
    ServerMob& far = still("pig", {17.0, feet, 0.5});     // in the box (its edge reaches x 16.7 < 16.8)
    ServerMob& beyond = still("pig", {17.5, feet, 0.5});  // its box starts at 17.2: outside
    h.world().spawn_item({1.5, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 1});
    auto s = make<NearestLivingEntitySensor>(*this);
    s.tick(h.world(), v);
    const EntityList* mobs = v.brain()->get_memory(mem.mobs);
    BOOST_TEST_REQUIRE(mobs != nullptr);
    BOOST_TEST_REQUIRE(mobs->size() == 3u);  // no item, not itself, not the pig outside the box
    BOOST_TEST((*mobs)[0].uuid == pig.uuid());
    BOOST_TEST((*mobs)[1].uuid == zombie.uuid());
    BOOST_TEST((*mobs)[2].uuid == far.uuid());
    (void)beyond;
    const auto* visible = v.brain()->get_memory(mem.visible_mobs);
    BOOST_TEST_REQUIRE(visible != nullptr);
    BOOST_TEST(visible->contains(pig.ref()));
    BOOST_TEST(visible->contains(zombie.ref()));
    BOOST_TEST(!visible->contains(far.ref()));  // 16.5 blocks: beyond TargetingConditions' range 16
    BOOST_TEST(s.time_to_tick() == 20);
}

// Many mobs, many at equal distances: the list is the level's box order sorted stably by
// distance (the sensor's own merge sort against std::stable_sort), scan after scan.
BOOST_FIXTURE_TEST_CASE(nearest_living_entities_sorts_many_ties_stably, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    std::vector<ServerMob*> pigs;
    for (int ring = 1; ring <= 6; ++ring)  // eight pigs on each ring: four pairs of equal distance
        for (const auto& [dx, dz] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1},
                                     std::pair{1, 1}, std::pair{-1, -1}, std::pair{1, -1}, std::pair{-1, 1}})
            pigs.push_back(&still("pig", {0.5 + 2 * ring * dx, feet, 0.5 + 2 * ring * dz}));
    auto s = make<NearestLivingEntitySensor>(*this);
    for (int scan = 0; scan < 3; ++scan) {
        if (scan == 2) h.world().teleport(pigs[5]->handle(), {0.5, feet, 1.5});  // now the closest
        std::vector<EntityRef> in_box;
        h.world().entities_in_box(v.bounding_box().inflate(16.0, 16.0, 16.0), in_box);
        std::vector<std::pair<double, EntityRef>> expected;
        for (const EntityRef& r : in_box)
            if (r.uuid != v.uuid()) expected.emplace_back(v.distance_to_sqr(*h.world().resolve(r)), r);
        std::stable_sort(expected.begin(), expected.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        s.set_time_to_tick(1);
        s.tick(h.world(), v);
        const EntityList* mobs = v.brain()->get_memory(mem.mobs);
        BOOST_TEST_REQUIRE(mobs != nullptr);
        BOOST_TEST_REQUIRE(mobs->size() == expected.size());
        BOOST_TEST_REQUIRE(expected.size() == pigs.size());
        for (std::size_t i = 0; i < expected.size(); ++i) BOOST_TEST(((*mobs)[i] == expected[i].second));
        const auto* visible = v.brain()->get_memory(mem.visible_mobs);
        BOOST_TEST_REQUIRE(visible != nullptr);
        BOOST_TEST((visible->nearby() == *mobs));
    }
    BOOST_TEST(v.brain()->get_memory(mem.mobs)->front().uuid == pigs[5]->uuid());
}

// Vanilla's NearestVisibleLivingEntities tests line of sight when a query first needs it, not
// during the scan, and keeps the answer until the next scan.
BOOST_FIXTURE_TEST_CASE(visibility_is_tested_when_first_asked_and_kept_until_the_next_scan, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    ServerMob& zombie = still("zombie", {6.5, feet, 0.5});
    ServerMob& pig = still("pig", {0.5, feet, 6.5});
    h.fill({3, -60, -2}, {3, -57, 2}, "stone");  // between the villager and the zombie
    auto s = make<NearestLivingEntitySensor>(*this);
    s.tick(h.world(), v);
    const auto* visible = v.brain()->get_memory(mem.visible_mobs);
    BOOST_TEST_REQUIRE(visible != nullptr);
    BOOST_TEST(visible->nearby().size() == 2u);
    BOOST_TEST(visible->tested_count() == 0u);
    BOOST_TEST(!visible->contains(zombie.ref()));
    BOOST_TEST(visible->tested_count() == 1u);
    // The wall goes: the zombie's answer is kept until the next scan; the pig, not asked about
    // yet, is tested against the world as it is when asked — now walled off.
    h.fill({3, -60, -2}, {3, -57, 2}, "air");
    h.fill({-2, -60, 3}, {2, -57, 3}, "stone");
    BOOST_TEST(!visible->contains(zombie.ref()));
    BOOST_TEST(!visible->contains(pig.ref()));
    h.tick(1);  // a new tick empties the villager's per-tick sight cache (vanilla's Sensing)
    s.set_time_to_tick(1);
    s.tick(h.world(), v);
    visible = v.brain()->get_memory(mem.visible_mobs);
    BOOST_TEST(visible->tested_count() == 0u);
    BOOST_TEST(visible->contains(zombie.ref()));
    BOOST_TEST(!visible->contains(pig.ref()));
}

BOOST_FIXTURE_TEST_CASE(visibility_needs_line_of_sight, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    ServerMob& zombie = still("zombie", {6.5, feet, 0.5});
    h.fill({3, -60, -2}, {3, -57, 2}, "stone");
    auto s = make<NearestLivingEntitySensor>(*this);
    s.tick(h.world(), v);
    BOOST_TEST(v.brain()->get_memory(mem.mobs)->size() == 1u);
    BOOST_TEST(!v.brain()->get_memory(mem.visible_mobs)->contains(zombie.ref()));
    BOOST_TEST(v.brain()->get_memory(mem.visible_mobs)->nearby().size() == 1u);
}

BOOST_FIXTURE_TEST_CASE(nothing_nearby_erases_the_list_but_keeps_an_empty_visible_set, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    v.brain()->set_memory(mem.mobs, EntityList{v.ref()});
    auto s = make<NearestLivingEntitySensor>(*this);
    s.tick(h.world(), v);
    BOOST_TEST(!v.brain()->has_memory_value(mem.mobs));
    BOOST_TEST(v.brain()->has_memory_value(mem.visible_mobs));
    BOOST_TEST(v.brain()->get_memory(mem.visible_mobs)->none_visible());
}

BOOST_FIXTURE_TEST_CASE(nearest_players_erases_every_player_memory_without_players, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    v.brain()->set_memory(mem.nearest_visible_player, v.ref());
    v.brain()->set_memory(mem.nearest_visible_targetable_player, v.ref());
    auto s = make<PlayerSensor>(*this);
    s.tick(h.world(), v);
    BOOST_TEST(!v.brain()->has_memory_value(mem.nearest_visible_player));
    BOOST_TEST(!v.brain()->has_memory_value(mem.nearest_players));
    BOOST_TEST(!v.brain()->has_memory_value(mem.nearest_visible_targetable_player));
    BOOST_TEST(!v.brain()->has_memory_value(mem.nearest_visible_targetable_players));
}

BOOST_FIXTURE_TEST_CASE(nearest_players_sorts_the_players_closer_than_16_blocks, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    World& w = h.world();
    auto& a = w.player_kind().spawn(w, Uuid{1, 1}, "a", {10.5, feet, 0.5});
    auto& b = w.player_kind().spawn(w, Uuid{1, 2}, "b", {0.5, feet, 4.5});
    auto& c = w.player_kind().spawn(w, Uuid{1, 3}, "c", {-14.9, feet, 0.5});  // 15.4 away
    w.player_kind().spawn(w, Uuid{1, 4}, "d", {0.5, feet, 16.5});             // 16: not closer than 16
    auto& e = w.player_kind().spawn(w, Uuid{1, 5}, "e", {2.5, feet, 0.5});
    e.set_game_mode(GameMode::Spectator);  // never seen
    auto s = make<PlayerSensor>(*this);
    s.tick(w, v);
    Brain& br = *v.brain();
    BOOST_TEST_REQUIRE(br.has_memory_value(mem.nearest_players));
    BOOST_TEST((*br.get_memory(mem.nearest_players) == EntityList{b.ref(), a.ref(), c.ref()}));
    BOOST_TEST((*br.get_memory(mem.nearest_visible_player) == b.ref()));
    BOOST_TEST((*br.get_memory(mem.nearest_visible_targetable_player) == b.ref()));
    BOOST_TEST((*br.get_memory(mem.nearest_visible_targetable_players) == EntityList{b.ref(), a.ref(), c.ref()}));

    // A creative player is seen but not attackable; one behind a wall is neither.
    b.set_game_mode(GameMode::Creative);
    h.fill({5, -60, -2}, {5, -57, 2}, "stone");
    h.tick(1);  // a new tick: sight is computed again
    s.set_time_to_tick(1);
    s.tick(w, v);
    BOOST_TEST((*br.get_memory(mem.nearest_players) == EntityList{b.ref(), a.ref(), c.ref()}));
    BOOST_TEST((*br.get_memory(mem.nearest_visible_player) == b.ref()));
    BOOST_TEST((*br.get_memory(mem.nearest_visible_targetable_player) == c.ref()));
    BOOST_TEST((*br.get_memory(mem.nearest_visible_targetable_players) == EntityList{c.ref()}));

    // In a peaceful world no player is attackable, and the attackable memories are erased.
    w.options().difficulty = Difficulty::Peaceful;
    s.set_time_to_tick(1);
    s.tick(w, v);
    BOOST_TEST((*br.get_memory(mem.nearest_visible_player) == b.ref()));
    BOOST_TEST(!br.has_memory_value(mem.nearest_visible_targetable_player));
    BOOST_TEST(!br.has_memory_value(mem.nearest_visible_targetable_players));
}

BOOST_FIXTURE_TEST_CASE(nearest_living_entities_include_players, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    ServerMob& pig = still("pig", {6.5, feet, 0.5});
    World& w = h.world();
    auto& p = w.player_kind().spawn(w, Uuid{1, 1}, "p", {3.5, feet, 0.5});
    auto s = make<NearestLivingEntitySensor>(*this);
    s.tick(w, v);
    BOOST_TEST((*v.brain()->get_memory(mem.mobs) == EntityList{p.ref(), pig.ref()}));
    BOOST_TEST(v.brain()->get_memory(mem.visible_mobs)->contains(p.ref()));
}

BOOST_FIXTURE_TEST_CASE(hurt_by_entity_remembers_a_player, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    World& w = h.world();
    auto& p = w.player_kind().spawn(w, Uuid{1, 1}, "p", {1.5, feet, 0.5});
    BOOST_TEST_REQUIRE(v.hurt(ResourceLocation::of("player_attack"), 1.0f, &p));
    auto s = make<HurtBySensor>(*this, nullptr);
    s.tick(w, v);
    BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.hurt_by_entity));
    BOOST_TEST((*v.brain()->get_memory(mem.hurt_by_entity) == p.ref()));
}

BOOST_FIXTURE_TEST_CASE(hurt_by_follows_the_last_damage_for_40_ticks, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    ServerMob& zombie = still("zombie", {2.5, feet, 0.5});
    const std::int64_t t0 = h.world().game_time();
    BOOST_TEST_REQUIRE(v.hurt(ResourceLocation::of("mob_attack"), 1.0f, &zombie));
    auto s = make<HurtBySensor>(*this, &server_last_damage);
    s.tick(h.world(), v);
    const DamageSource* hurt = v.brain()->get_memory(mem.hurt_by);
    BOOST_TEST_REQUIRE(hurt != nullptr);
    BOOST_TEST(hurt->attacker->uuid == zombie.uuid());
    BOOST_TEST(v.brain()->get_memory(mem.hurt_by_entity)->uuid == zombie.uuid());

    h.world().set_game_time(t0 + 40);  // still the last damage at 40 ticks
    s.set_time_to_tick(1);
    s.tick(h.world(), v);
    BOOST_TEST(v.brain()->has_memory_value(mem.hurt_by));
    h.world().set_game_time(t0 + 41);  // forgotten after
    s.set_time_to_tick(1);
    s.tick(h.world(), v);
    BOOST_TEST(!v.brain()->has_memory_value(mem.hurt_by));
    BOOST_TEST(v.brain()->has_memory_value(mem.hurt_by_entity));  // kept while the attacker lives

    h.world().remove(zombie.handle());
    s.set_time_to_tick(1);
    s.tick(h.world(), v);
    BOOST_TEST(!v.brain()->has_memory_value(mem.hurt_by_entity));
}

BOOST_FIXTURE_TEST_CASE(hurt_by_without_a_lookup_reads_the_last_hurt_for_40_ticks, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    ServerMob& zombie = still("zombie", {3.5, feet, 0.5});
    auto s = make<HurtBySensor>(*this, LastDamageSourceFn{nullptr});
    const auto scan = [&] {
        s.set_time_to_tick(1);  // run now, whatever the scan rate
        s.tick(h.world(), v);
    };
    scan();
    BOOST_TEST(!v.brain()->has_memory_value(mem.hurt_by));
    v.hurt(ResourceLocation::of("mob_attack"), 1.0f, &zombie);
    scan();
    BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.hurt_by));
    BOOST_TEST(v.brain()->get_memory(mem.hurt_by)->type == ResourceLocation::of("mob_attack"));
    BOOST_TEST(v.brain()->get_memory(mem.hurt_by_entity)->uuid == zombie.uuid());
    h.world().set_day_time(18000);  // night: the zombie does not burn while the clock runs
    h.tick(40);                     // vanilla's getLastDamageSource keeps it 40 ticks
    scan();
    BOOST_TEST(v.brain()->has_memory_value(mem.hurt_by));
    h.tick(1);
    scan();
    BOOST_TEST(!v.brain()->has_memory_value(mem.hurt_by));
}

BOOST_FIXTURE_TEST_CASE(villager_hostiles_use_the_per_type_distance, Fixture) {
    const auto table = resolve_villager_hostiles(h.registries().entity_types);
    BOOST_TEST_REQUIRE(table.size() == 1u);  // of vanilla's 11 types only the zombie is registered here
    BOOST_TEST(table[0].distance == 8.0f);
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    ServerMob& pig = still("pig", {2.5, feet, 0.5});
    ServerMob& zombie = still("zombie", {9.0, feet, 0.5});  // 8.5 blocks: seen, but not feared
    auto scan = make<NearestLivingEntitySensor>(*this);
    auto hostiles = make<VillagerHostilesSensor>(*this, table);
    scan.tick(h.world(), v);
    hostiles.tick(h.world(), v);
    BOOST_TEST(v.brain()->get_memory(mem.visible_mobs)->contains(zombie.ref()));
    BOOST_TEST(!v.brain()->has_memory_value(mem.nearest_hostile));

    h.world().teleport(zombie.handle(), {8.5, feet, 0.5});  // exactly 8: distSqr ≤ 64 counts
    h.tick();
    scan.set_time_to_tick(1);
    hostiles.set_time_to_tick(1);
    scan.tick(h.world(), v);
    hostiles.tick(h.world(), v);
    BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.nearest_hostile));
    BOOST_TEST(v.brain()->get_memory(mem.nearest_hostile)->uuid == zombie.uuid());
    (void)pig;
}

BOOST_FIXTURE_TEST_CASE(golem_sensor_sets_golem_detected_recently_for_600_ticks, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    still("iron_golem", {10.5, feet, 0.5});
    auto scan = make<NearestLivingEntitySensor>(*this);
    auto golem = make<GolemSensor>(*this, h.entity_types().iron_golem);
    golem.tick(h.world(), v);  // no MOBS yet: nothing
    BOOST_TEST(!v.brain()->has_memory_value(mem.golem_detected_recently));
    BOOST_TEST(golem.time_to_tick() == 200);
    scan.tick(h.world(), v);
    golem.set_time_to_tick(1);
    golem.tick(h.world(), v);
    Brain& b = *v.brain();
    BOOST_TEST_REQUIRE(b.has_memory_value(mem.golem_detected_recently));
    BOOST_TEST(b.time_until_expiry(mem.golem_detected_recently) == 600);
    // Since 22w12a (seed 000): still there after 600 expiry passes, gone on the 601st.
    for (int i = 0; i < 600; ++i) b.forget_outdated_memories(MemoryExpiry::Modern);
    BOOST_TEST(b.has_memory_value(mem.golem_detected_recently));
    b.forget_outdated_memories(MemoryExpiry::Modern);
    BOOST_TEST(!b.has_memory_value(mem.golem_detected_recently));
}

BOOST_FIXTURE_TEST_CASE(golems_outside_16_blocks_are_not_detected, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    still("iron_golem", {19.5, feet, 0.5});
    auto scan = make<NearestLivingEntitySensor>(*this);
    auto golem = make<GolemSensor>(*this, h.entity_types().iron_golem);
    scan.tick(h.world(), v);
    golem.tick(h.world(), v);
    BOOST_TEST(!v.brain()->has_memory_value(mem.golem_detected_recently));
}

BOOST_FIXTURE_TEST_CASE(golem_detected_helper_matches_spawn_golem_if_needed, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    golem_detected(*v.brain(), mem);
    BOOST_TEST(v.brain()->time_until_expiry(mem.golem_detected_recently) == golem_detected_ttl);
    BOOST_TEST(golem_detected_ttl == 600);
}

BOOST_FIXTURE_TEST_CASE(nearest_bed_is_for_babies_and_caches_what_it_tried, Fixture) {
    h.set_block({6, -60, 0}, "red_bed[part=head,facing=east]");
    h.set_block({5, -60, 0}, "red_bed[part=foot,facing=east]");
    BOOST_TEST_REQUIRE(h.world().poi_manager().type_at({6, -60, 0}).has_value());
    ServerMob& adult = mob_with("villager", {0.5, feet, 0.5});
    auto s = make<NearestBedSensor>(*this, h.poi_types().home);
    s.tick(h.world(), adult);
    BOOST_TEST(!adult.brain()->has_memory_value(mem.nearest_bed));
    BOOST_TEST(s.batch_cache().empty());

    ServerMob& baby = mob_with("villager", {0.5, feet, 2.5});
    baby.set_baby(true);
    h.tick(2);  // on the ground: a walker's path search starts from there
    const std::int64_t now = h.world().game_time();
    s.set_time_to_tick(1);
    s.tick(h.world(), baby);
    const BlockPos* bed = baby.brain()->get_memory(mem.nearest_bed);
    BOOST_TEST_REQUIRE(bed != nullptr);
    BOOST_TEST(*bed == (BlockPos{6, -60, 0}));
    BOOST_TEST_REQUIRE(s.batch_cache().size() == 1u);
    BOOST_TEST(s.batch_cache()[0].second >= now + 40);  // game time + nextInt(20) + 40
    BOOST_TEST(s.batch_cache()[0].second <= now + 59);

    // A cached bed is not tried again: the memory is only ever set, never erased, by this sensor.
    baby.brain()->erase_memory(mem.nearest_bed);
    s.set_time_to_tick(1);
    s.tick(h.world(), baby);
    BOOST_TEST(!baby.brain()->has_memory_value(mem.nearest_bed));
}

BOOST_FIXTURE_TEST_CASE(nearest_bed_tries_at_most_four_beds_a_scan, Fixture) {
    for (int i = 0; i < 6; ++i) {
        h.set_block({-10 + 4 * i, -60, 8}, "red_bed[part=head,facing=south]");
        h.fill({-10 + 4 * i - 1, -60, 7}, {-10 + 4 * i + 1, -58, 9}, "glass");  // unreachable: walled in
        h.set_block({-10 + 4 * i, -60, 8}, "red_bed[part=head,facing=south]");
        h.set_block({-10 + 4 * i, -59, 8}, "air");
    }
    ServerMob& baby = mob_with("villager", {0.5, feet, 0.5});
    baby.set_baby(true);
    h.tick(2);
    auto s = make<NearestBedSensor>(*this, h.poi_types().home);
    s.tick(h.world(), baby);
    BOOST_TEST(s.batch_cache().size() == 4u);
}

BOOST_FIXTURE_TEST_CASE(secondary_pois_scan_4_around_and_2_up_and_down, Fixture) {
    g_farmland = h.blocks().farmland;
    h.set_block({4, -61, 4}, "farmland");   // y −1: in
    h.set_block({-4, -61, 0}, "farmland");  // in
    h.set_block({5, -61, 0}, "farmland");   // x 5: out
    h.set_block({0, -63, 0}, "farmland");   // y −3: out
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    auto s = make<SecondaryPoiSensor>(*this, &farmland_only);
    s.tick(h.world(), v);
    const GlobalPosList* list = v.brain()->get_memory(mem.secondary_job_site);
    BOOST_TEST_REQUIRE(list != nullptr);
    BOOST_TEST_REQUIRE(list->size() == 2u);
    BOOST_TEST((*list)[0].pos == (BlockPos{-4, -61, 0}));  // vanilla's x, y, z loop order
    BOOST_TEST((*list)[1].pos == (BlockPos{4, -61, 4}));
    BOOST_TEST(s.time_to_tick() == 40);

    auto none = make<SecondaryPoiSensor>(*this, SecondaryPoiBlocksFn{nullptr});
    none.tick(h.world(), v);
    BOOST_TEST(!v.brain()->has_memory_value(mem.secondary_job_site));
}

BOOST_FIXTURE_TEST_CASE(nearest_items_asks_the_attachment_without_a_lookup, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    h.world().spawn_item({3.5, feet, 0.5}, ItemStack{ResourceLocation::of("stone"), 1});
    ItemEntity& bread = h.world().spawn_item({5.5, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 1});
    auto s = make<NearestItemSensor>(*this, h.entity_types().item, WantsToPickUpFn{nullptr});
    s.set_time_to_tick(1);
    s.tick(h.world(), v);  // no attachment: it wants nothing
    BOOST_TEST(!v.brain()->has_memory_value(mem.nearest_visible_wanted_item));
    v.set_attachment(std::make_unique<VillagerState>());
    s.set_time_to_tick(1);
    s.tick(h.world(), v);  // a villager wants bread, not stone
    BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.nearest_visible_wanted_item));
    BOOST_TEST(v.brain()->get_memory(mem.nearest_visible_wanted_item)->uuid == bread.uuid());
}

BOOST_FIXTURE_TEST_CASE(nearest_items_wanted_close_and_in_sight, Fixture) {
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    v.set_attachment(std::make_unique<VillagerState>());
    ItemEntity& near = h.world().spawn_item({3.5, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 1});
    h.world().spawn_item({-6.5, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 1});
    auto s = make<NearestItemSensor>(*this, h.entity_types().item, WantsToPickUpFn{nullptr});
    s.tick(h.world(), v);
    const EntityRef* wanted = v.brain()->get_memory(mem.nearest_visible_wanted_item);
    BOOST_TEST_REQUIRE(wanted != nullptr);
    BOOST_TEST(wanted->uuid == near.uuid());

    auto picky = make<NearestItemSensor>(*this, h.entity_types().item, &refuse_items);
    picky.tick(h.world(), v);
    BOOST_TEST(!v.brain()->has_memory_value(mem.nearest_visible_wanted_item));
}

BOOST_FIXTURE_TEST_CASE(nearest_items_skips_items_behind_walls, Fixture) {
    h.fill({2, -60, -1}, {2, -57, 1}, "stone");
    ServerMob& v = mob_with("villager", {0.5, feet, 0.5});
    v.set_attachment(std::make_unique<VillagerState>());
    h.world().spawn_item({3.5, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 1});
    ItemEntity& seen = h.world().spawn_item({-5.5, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 1});
    auto s = make<NearestItemSensor>(*this, h.entity_types().item, WantsToPickUpFn{nullptr});
    s.tick(h.world(), v);
    BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.nearest_visible_wanted_item));
    BOOST_TEST(v.brain()->get_memory(mem.nearest_visible_wanted_item)->uuid == seen.uuid());
}

BOOST_FIXTURE_TEST_CASE(a_brain_runs_its_sensors_at_their_scan_rates, Fixture) {
    ServerMob& v = h.spawn("villager", {0.5, feet, 0.5});
    v.set_brain(with_sensors->make_brain(h.world().random()));
    still("iron_golem", {4.5, feet, 0.5});
    // Within one period every sensor has run once (the first delay is below the scan rate).
    h.tick(200);
    BOOST_TEST(v.brain()->has_memory_value(mem.mobs));
    BOOST_TEST(v.brain()->has_memory_value(mem.golem_detected_recently));
    for (const auto& s : v.brain()->sensors()) BOOST_TEST(s->time_to_tick() <= s->scan_rate());
}

BOOST_AUTO_TEST_SUITE_END()
