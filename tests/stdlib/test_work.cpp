// The work behaviours in a real world: WorkAtPoi's 300-tick check rhythm and 1.73-block rule,
// the farmer's composter (bread from 3 wheat up to 36 bread, 10 seeds of each kind kept, at most
// 20 composted), HarvestFarmland (mature crops dropped as vanilla's loot, replanting from the
// inventory) and UseBonemeal (2–5 stages per bone meal, a third for beetroots).
#include <boost/test/unit_test.hpp>

#include "fixture.hpp"
#include "mobsdk/stdlib/work.hpp"

using namespace stdlib_test;

namespace {

struct Work : Fixture {
    const ResourceLocation overworld = ResourceLocation::of("overworld");
    FarmingBlocks farm;
    Work() {
        farm.resolve(h.world().blocks());
        // World::tick keeps an EntitySlot pointer across a mob's AI step, and an item dropped
        // during that step may grow the slot vector under it (reported). Free slots are reused
        // without growing it, so leave a few behind.
        std::vector<EntityHandle> spare;
        for (int i = 0; i < 16; ++i)
            spare.push_back(h.world().spawn_item({0, 100, 0}, ItemStack{ResourceLocation::of("stick"), 1}).handle());
        for (EntityHandle e : spare) h.world().remove(e);
        h.tick();
    }

    ServerMob& villager(Vec3 pos, PrioritizedBehaviors core, std::string_view profession = "farmer") {
        ServerMob& m = mob_with("villager", pos, std::move(core));
        auto state = std::make_unique<VillagerState>();
        state->data.profession = ResourceLocation::of(profession);
        m.set_attachment(std::move(state));
        return m;
    }
    static VillagerState& state(Mob& m) { return *m.attachment_as<VillagerState>(); }
    static ItemStack stack(std::string_view item, std::int32_t count) { return {ResourceLocation::of(item), count}; }
    GlobalPos at(BlockPos p) const { return GlobalPos{overworld, p}; }
    std::int32_t property(BlockPos p, std::string_view name) {
        return std::stoi(std::string(h.world().blocks().value(h.world().block_state(p), name)));
    }
    bool is(BlockPos p, std::string_view text) { return h.world().block_state(p) == h.state(text); }

    // Item entities of `item` within 2 blocks of `pos`, counted.
    std::int32_t dropped(BlockPos pos, std::string_view item) {
        std::vector<const server::EntitySlot*> out;
        const Vec3 c = Vec3::at_center(pos);
        h.world().entities().query(AABB{c, c}.inflate(2.0), out);
        std::int32_t n = 0;
        for (const auto* s : out)
            if (const server::ItemEntity* e = h.world().item_entity(EntityRef{s->data->uuid, s->data->handle});
                e && e->item.item == ResourceLocation::of(item))
                n += e->item.count;
        return n;
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(work)

// ---- WorkAtPoi ----

BOOST_FIXTURE_TEST_CASE(work_at_poi_checks_at_most_every_300_ticks_and_works_on_a_coin_flip, Work) {
    const BlockPos site{2, -60, 0};
    h.set_block(site, "lectern");
    auto owned = std::make_unique<WorkAtPoi>(mem);
    WorkAtPoi* work = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(5, std::move(owned));
    ServerMob& v = villager({1.5, feet, 0.5}, std::move(core), "librarian");  // 1.12 from the centre
    Brain& b = *v.brain();
    b.set_memory(mem.job_site, at(site));
    BOOST_TEST_REQUIRE(h.world().game_time() < 300);
    std::vector<std::int64_t> worked;
    for (int i = 0; i < 2000; ++i) {
        const std::int64_t now = h.world().game_time();
        RandomSource before = h.world().random();
        const bool idle = work->status() == BehaviorStatus::STOPPED;
        const bool due = idle && now - work->last_check() >= 300;
        h.tick();
        const std::int64_t* last = b.get_memory(mem.last_worked_at_poi);
        const bool started = last != nullptr && *last == now;
        if (!due) {
            BOOST_TEST_REQUIRE(!started);
            continue;
        }
        // Due: the nextInt(2) coin decides, and only a successful flip counts as a check.
        const bool heads = before.next_int(2) == 0;
        BOOST_TEST_REQUIRE(started == heads);
        if (started) {
            worked.push_back(now);
            BOOST_TEST(work->last_check() == now);
            BOOST_TEST((b.get_memory(mem.look_target)->block_pos() == site));
        }
    }
    BOOST_TEST_REQUIRE(worked.size() >= 4u);
    BOOST_TEST(worked.front() >= 300);
    for (std::size_t i = 1; i < worked.size(); ++i) BOOST_TEST(worked[i] - worked[i - 1] >= 300);
}

BOOST_FIXTURE_TEST_CASE(work_at_poi_needs_the_job_site_within_1_73_blocks, Work) {
    const BlockPos site{2, -60, 0};
    h.set_block(site, "lectern");
    auto owned = std::make_unique<WorkAtPoi>(mem);
    WorkAtPoi* work = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(5, std::move(owned));
    ServerMob& v = villager({-0.5, feet, 0.5}, std::move(core), "librarian");  // 3.04 from the centre
    v.brain()->set_memory(mem.job_site, at(site));
    h.world().set_game_time(1000);
    for (int i = 0; i < 50 && work->last_check() == 0; ++i) h.tick();
    // The check was used up (last_check moved) but it did not start.
    BOOST_TEST(work->last_check() > 0);
    BOOST_TEST(!v.brain()->has_memory_value(mem.last_worked_at_poi));
    BOOST_TEST((work->status() == BehaviorStatus::STOPPED));
}

BOOST_FIXTURE_TEST_CASE(work_at_poi_restocks_used_trades_twice_a_day, Work) {
    const BlockPos site{2, -60, 0};
    h.set_block(site, "lectern");
    PrioritizedBehaviors core;
    core.emplace_back(5, std::make_unique<WorkAtPoi>(mem));
    ServerMob& v = villager({1.5, feet, 0.5}, std::move(core), "librarian");
    VillagerState& s = state(v);
    MerchantOffers& offers = s.get_offers(h.world().random());
    BOOST_TEST_REQUIRE(offers.size() == 2u);
    v.brain()->set_memory(mem.job_site, at(site));
    const auto work = [&](std::int64_t from) {
        h.world().set_game_time(from);
        v.brain()->erase_memory(mem.last_worked_at_poi);
        for (int i = 0; i < 2000 && !v.brain()->has_memory_value(mem.last_worked_at_poi); ++i) h.tick();
        BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.last_worked_at_poi));
        return *v.brain()->get_memory(mem.last_worked_at_poi);
    };
    // Used 5 times: the work restocks (demand + 5 − (maxUses − 5)).
    offers[0].uses = 5;
    const std::int64_t first = work(1000);
    BOOST_TEST(offers[0].uses == 0);
    BOOST_TEST(offers[0].demand == 5 - (offers[0].max_uses - 5));
    BOOST_TEST(s.restocks_today == 1);
    BOOST_TEST(s.last_restock_game_time == first);
    // Within 2400 ticks: no second restock.
    offers[0].uses = 3;
    work(first + 1);
    BOOST_TEST(offers[0].uses == 3);
    // Later the same day: the second.
    const std::int64_t second = work(first + 2500);
    BOOST_TEST(offers[0].uses == 0);
    BOOST_TEST(s.restocks_today == 2);
    BOOST_TEST(s.last_restock_game_time == second);
    // A third waits for the next day (or 12000 ticks).
    offers[0].uses = 1;
    work(second + 2500);
    BOOST_TEST(offers[0].uses == 1);
    BOOST_TEST(s.restocks_today == 2);
}

// ---- WorkAtComposter ----

BOOST_FIXTURE_TEST_CASE(work_at_composter_bakes_bread_and_composts_seeds_beyond_ten_of_each, Work) {
    const BlockPos site{2, -60, 0};
    h.set_block(site, "composter");
    PrioritizedBehaviors core;
    core.emplace_back(5, std::make_unique<WorkAtComposter>(mem));
    ServerMob& v = villager({1.5, feet, 0.5}, std::move(core));
    VillagerState& s = state(v);
    s.inventory[0] = stack("wheat", 10);
    s.inventory[1] = stack("wheat_seeds", 13);
    s.inventory[2] = stack("beetroot_seeds", 11);
    s.inventory[3] = stack("bread", 5);
    v.brain()->set_memory(mem.job_site, at(site));
    h.world().set_game_time(1000);
    for (int i = 0; i < 200 && !v.brain()->has_memory_value(mem.last_worked_at_poi); ++i) h.tick();
    BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.last_worked_at_poi));
    // min(3, 10 / 3) loaves from 9 wheat.
    BOOST_TEST((s.count_item(ResourceLocation::of("bread")) == 8));
    BOOST_TEST((s.count_item(ResourceLocation::of("wheat")) == 1));
    // 10 of each seed kept: 3 + 1 composted; the first always raises an empty composter.
    BOOST_TEST((s.count_item(ResourceLocation::of("wheat_seeds")) == 10));
    BOOST_TEST((s.count_item(ResourceLocation::of("beetroot_seeds")) == 10));
    const std::int32_t level = property(site, "level");
    BOOST_TEST(level >= 1);
    BOOST_TEST(level <= 4);
}

BOOST_FIXTURE_TEST_CASE(work_at_composter_composts_at_most_20_and_stops_at_level_7, Work) {
    const BlockPos site{2, -60, 0};
    h.set_block(site, "composter");
    PrioritizedBehaviors core;
    core.emplace_back(5, std::make_unique<WorkAtComposter>(mem));
    ServerMob& v = villager({1.5, feet, 0.5}, std::move(core));
    VillagerState& s = state(v);
    s.inventory[0] = stack("wheat_seeds", 64);
    s.inventory[1] = stack("bread", 37);  // above 36: no baking
    s.inventory[2] = stack("wheat", 9);
    v.brain()->set_memory(mem.job_site, at(site));
    h.world().set_game_time(1000);
    for (int i = 0; i < 200 && !v.brain()->has_memory_value(mem.last_worked_at_poi); ++i) h.tick();
    BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.last_worked_at_poi));
    BOOST_TEST((s.count_item(ResourceLocation::of("bread")) == 37));
    BOOST_TEST((s.count_item(ResourceLocation::of("wheat")) == 9));
    const std::int32_t used = 64 - s.count_item(ResourceLocation::of("wheat_seeds"));
    const std::int32_t level = property(site, "level");
    BOOST_TEST(used >= 1);
    BOOST_TEST(used <= 20);
    // Either all 20 went in, or the composter filled up to 7 and the rest stayed.
    BOOST_TEST((used == 20 || level == 7));
    BOOST_TEST(level <= 7);
}

BOOST_FIXTURE_TEST_CASE(work_at_composter_empties_a_full_composter_into_bone_meal_first, Work) {
    const BlockPos site{2, -60, 0};
    h.set_block(site, "composter[level=8]");
    PrioritizedBehaviors core;
    core.emplace_back(5, std::make_unique<WorkAtComposter>(mem));
    ServerMob& v = villager({1.5, feet, 0.5}, std::move(core));
    state(v).inventory[0] = stack("beetroot_seeds", 11);
    v.brain()->set_memory(mem.job_site, at(site));
    h.world().set_game_time(1000);
    for (int i = 0; i < 200 && !v.brain()->has_memory_value(mem.last_worked_at_poi); ++i) h.tick();
    BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.last_worked_at_poi));
    BOOST_TEST(dropped(site, "bone_meal") == 1);
    BOOST_TEST(property(site, "level") == 1);  // emptied, then one seed in
    BOOST_TEST((state(v).count_item(ResourceLocation::of("beetroot_seeds")) == 10));
}

BOOST_FIXTURE_TEST_CASE(work_at_composter_does_nothing_at_another_job_site, Work) {
    const BlockPos site{2, -60, 0};
    h.set_block(site, "lectern");
    PrioritizedBehaviors core;
    core.emplace_back(5, std::make_unique<WorkAtComposter>(mem));
    ServerMob& v = villager({1.5, feet, 0.5}, std::move(core));
    state(v).inventory[0] = stack("wheat", 9);
    v.brain()->set_memory(mem.job_site, at(site));
    h.world().set_game_time(1000);
    for (int i = 0; i < 200 && !v.brain()->has_memory_value(mem.last_worked_at_poi); ++i) h.tick();
    BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.last_worked_at_poi));  // it still "works"
    BOOST_TEST((state(v).count_item(ResourceLocation::of("wheat")) == 9));
}

// ---- HarvestFarmland ----

namespace {

struct Farm : Work {
    const BlockPos crop{1, -60, 0};
    HarvestFarmland* harvest = nullptr;
    ServerMob* v = nullptr;
    void make(std::string_view crop_state, std::string_view profession = "farmer") {
        h.set_block(crop.below(), "farmland");
        h.set_block(crop, crop_state);
        auto owned = std::make_unique<HarvestFarmland>(mem);
        harvest = owned.get();
        PrioritizedBehaviors core;
        core.emplace_back(5, std::move(owned));
        v = &villager({1.5, feet, 0.5}, std::move(core), profession);  // standing in the crop
        v->brain()->set_memory(mem.secondary_job_site, GlobalPosList{at(crop.below())});
    }
};

}  // namespace

BOOST_FIXTURE_TEST_CASE(harvest_farmland_harvests_a_mature_crop_and_replants_it, Farm) {
    make("wheat[age=7]");
    state(*v).inventory[0] = stack("wheat_seeds", 5);
    h.tick();
    BOOST_TEST_REQUIRE((harvest->status() == BehaviorStatus::RUNNING));
    BOOST_TEST((*harvest->target() == crop));
    // The same tick it is within 1 block of the crop's centre: harvested (vanilla's loot: one
    // wheat and 1 + binomial(3, 0.5714286) seeds).
    BOOST_TEST(is(crop, "air"));
    BOOST_TEST(dropped(crop, "wheat") == 1);
    const std::int32_t seeds = dropped(crop, "wheat_seeds");
    BOOST_TEST(seeds >= 1);
    BOOST_TEST(seeds <= 4);
    h.tick();
    BOOST_TEST(is(crop, "wheat[age=0]"));  // replanted the next tick
    BOOST_TEST((state(*v).count_item(ResourceLocation::of("wheat_seeds")) == 4));
    h.tick();
    BOOST_TEST(!harvest->target().has_value());  // growing: on to the next (there is none)
}

BOOST_FIXTURE_TEST_CASE(harvest_farmland_plants_from_the_first_slot_with_a_plantable_item, Farm) {
    make("air");
    state(*v).inventory[0] = stack("bread", 3);
    state(*v).inventory[1] = stack("carrot", 2);
    state(*v).inventory[2] = stack("wheat_seeds", 5);
    h.tick(2);
    BOOST_TEST(is(crop, "carrots[age=0]"));
    BOOST_TEST((state(*v).count_item(ResourceLocation::of("carrot")) == 1));
    BOOST_TEST((state(*v).count_item(ResourceLocation::of("wheat_seeds")) == 5));
}

BOOST_FIXTURE_TEST_CASE(harvest_farmland_drops_2_to_5_carrots_and_potatoes, Farm) {
    make("carrots[age=7]");
    h.tick();
    BOOST_TEST(is(crop, "air"));
    const std::int32_t carrots = dropped(crop, "carrot");
    BOOST_TEST(carrots >= 2);
    BOOST_TEST(carrots <= 5);
    h.set_block(crop, "potatoes[age=7]");
    // Without seeds it idles out its 60-tick run, then starts again 40 ticks after stopping.
    for (int i = 0; i < 120 && !is(crop, "air"); ++i) h.tick();
    BOOST_TEST(is(crop, "air"));
    const std::int32_t potatoes = dropped(crop, "potato");
    BOOST_TEST(potatoes >= 2);
    BOOST_TEST(potatoes <= 5);
}

BOOST_FIXTURE_TEST_CASE(harvest_farmland_is_for_farmers_with_a_secondary_job_site, Farm) {
    make("wheat[age=7]", "librarian");
    h.tick(5);
    BOOST_TEST((harvest->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(is(crop, "wheat[age=7]"));
    state(*v).data.profession = ResourceLocation::of("farmer");
    v->brain()->erase_memory(mem.secondary_job_site);
    h.tick(5);
    BOOST_TEST(is(crop, "wheat[age=7]"));
    // A growing crop is not a target either.
    v->brain()->set_memory(mem.secondary_job_site, GlobalPosList{at(crop.below())});
    h.set_block(crop, "wheat[age=6]");
    h.tick(5);
    BOOST_TEST((harvest->status() == BehaviorStatus::STOPPED));
    h.set_block(crop, "wheat[age=7]");
    h.tick();
    BOOST_TEST(is(crop, "air"));
}

// ---- UseBonemeal, grow_crop ----

BOOST_FIXTURE_TEST_CASE(grow_crop_adds_2_to_5_stages_and_uses_one_bone_meal, Work) {
    const BlockPos p{3, -60, 3};
    h.set_block(p.below(), "farmland");
    ItemStack bone_meal = stack("bone_meal", 3);
    h.set_block(p, "wheat[age=0]");
    BOOST_TEST(grow_crop(h.world(), p, bone_meal, farm));
    const std::int32_t age = property(p, "age");
    BOOST_TEST(age >= 2);
    BOOST_TEST(age <= 5);
    BOOST_TEST(bone_meal.count == 2);
    h.set_block(p, "wheat[age=6]");
    BOOST_TEST(grow_crop(h.world(), p, bone_meal, farm));
    BOOST_TEST(property(p, "age") == 7);  // capped
    BOOST_TEST(bone_meal.count == 1);
    BOOST_TEST(!grow_crop(h.world(), p, bone_meal, farm));  // mature: not a target, nothing used
    BOOST_TEST(bone_meal.count == 1);
    h.set_block(p, "farmland");
    BOOST_TEST(!grow_crop(h.world(), p, bone_meal, farm));
    // Beetroots: (2–5) / 3, so 0 or 1 stage.
    for (int i = 0; i < 20; ++i) {
        h.set_block(p, "beetroots[age=0]");
        ItemStack one = stack("bone_meal", 1);
        BOOST_TEST(grow_crop(h.world(), p, one, farm));
        BOOST_TEST(property(p, "age") <= 1);
        BOOST_TEST(one.empty());
    }
}

BOOST_FIXTURE_TEST_CASE(use_bonemeal_grows_the_crop_it_stands_by_every_40_ticks, Work) {
    const BlockPos crop{1, -60, 0};
    h.set_block(crop.below(), "farmland");
    h.set_block(crop, "wheat[age=0]");
    auto owned = std::make_unique<UseBonemeal>(mem);
    UseBonemeal* use = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(5, std::move(owned));
    ServerMob& v = villager({1.5, feet, 0.5}, std::move(core));
    state(v).inventory[0] = stack("bread", 1);
    state(v).inventory[1] = stack("bone_meal", 5);
    // It may only start on a tick divisible by 10.
    while (use->status() == BehaviorStatus::STOPPED) {
        const std::int64_t now = h.world().game_time();
        h.tick();
        if (use->status() == BehaviorStatus::RUNNING) BOOST_TEST(now % 10 == 0);
        BOOST_TEST_REQUIRE(now < 40);
    }
    BOOST_TEST((*use->crop_pos() == crop));
    BOOST_TEST((v.equipment(EquipmentSlot::MainHand).item == ResourceLocation::of("bone_meal")));
    const std::int32_t first = property(crop, "age");
    BOOST_TEST(first >= 2);  // used at once: it stands by the crop
    BOOST_TEST(first <= 5);
    BOOST_TEST((state(v).count_item(ResourceLocation::of("bone_meal")) == 4));
    h.tick(39);
    BOOST_TEST(property(crop, "age") == first);  // the next use waits 40 ticks
    h.tick();
    BOOST_TEST((property(crop, "age") > first || property(crop, "age") == 7));
    BOOST_TEST((state(v).count_item(ResourceLocation::of("bone_meal")) == 3));
    // It stops (its 60 ticks are up, or the crop is mature and there is no target left) and puts
    // the bone meal away.
    for (int i = 0; i < 200 && use->status() == BehaviorStatus::RUNNING; ++i) h.tick();
    BOOST_TEST((use->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(v.equipment(EquipmentSlot::MainHand).empty());
}

BOOST_FIXTURE_TEST_CASE(use_bonemeal_needs_bone_meal_and_a_growing_crop, Work) {
    const BlockPos crop{1, -60, 0};
    h.set_block(crop.below(), "farmland");
    h.set_block(crop, "wheat[age=0]");
    auto owned = std::make_unique<UseBonemeal>(mem);
    UseBonemeal* use = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(5, std::move(owned));
    ServerMob& v = villager({1.5, feet, 0.5}, std::move(core));
    h.tick(30);
    BOOST_TEST((use->status() == BehaviorStatus::STOPPED));  // no bone meal
    state(v).inventory[0] = stack("bone_meal", 2);
    h.set_block(crop, "wheat[age=7]");
    h.tick(30);
    BOOST_TEST((use->status() == BehaviorStatus::STOPPED));  // nothing to grow
    BOOST_TEST((state(v).count_item(ResourceLocation::of("bone_meal")) == 2));
}

BOOST_AUTO_TEST_SUITE_END()
