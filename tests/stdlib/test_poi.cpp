// The POI behaviours in a real world with seed 000's and vanilla's numbers: AcquirePoi's scan timing
// (first after 0–19 ticks, then every 20–39), 48-block radius, 5-closest batch and jittered retry
// backoff (40–79 per failure, capped at 400, reset after 400); ValidateNearbyPoi's 16-block and
// occupied-bed rules; the job-site hand-over with MC-258295 fixed; professions from job sites.
#include <boost/test/unit_test.hpp>

#include <map>

#include "fixture.hpp"
#include "mobsdk/plugin/ai_factory.hpp"
#include "mobsdk/stdlib/movement.hpp"
#include "mobsdk/stdlib/poi.hpp"

using namespace stdlib_test;

namespace {

// Counts the host's brain refreshes (vanilla's refreshBrain) of villagers.
struct RefreshCounter final : MobAiFactory {
    mutable int refreshes = 0;
    void refresh_brain(Level&, Mob&, Brain&) const override { ++refreshes; }
};

struct Poi : Fixture {
    VillagerProfessions professions{h.poi_types()};
    const Registry<PoiTypeInfo>& poi_registry = h.registries().poi_types;
    const ResourceLocation overworld = ResourceLocation::of("overworld");

    // A villager with the given core behaviours and a VillagerState of `profession`.
    ServerMob& villager(Vec3 pos, PrioritizedBehaviors core, std::string_view profession = "none") {
        ServerMob& m = mob_with("villager", pos, std::move(core));
        auto state = std::make_unique<VillagerState>();
        state->data.profession = ResourceLocation::of(profession);
        m.set_attachment(std::move(state));
        return m;
    }
    static VillagerState& state(Mob& m) { return *m.attachment_as<VillagerState>(); }
    GlobalPos at(BlockPos p) const { return GlobalPos{overworld, p}; }

    // A bed whose head (the home POI) is at `head`, foot to the north.
    void bed(BlockPos head) {
        h.set_block(head.offset(0, 0, -1), "red_bed[part=foot,facing=south]");
        h.set_block(head, "red_bed[part=head,facing=south]");
    }
    // A glass room from `a` to `b` (inclusive, walls and roof) that nothing can walk into.
    void sealed_room(BlockPos a, BlockPos b) {
        h.fill(a, b, "glass");
        h.fill(a.offset(1, 0, 1), b.offset(-1, -1, -1), "air");
    }
    std::int32_t free_tickets(BlockPos p) { return h.world().poi_manager().free_tickets(p); }
    PoiFilter homes() const { return PoiFilter::of({h.poi_types().home}); }

    // One AcquirePoi for homes in the core of a villager at the origin.
    AcquirePoi* acquire = nullptr;
    ServerMob& home_seeker(Vec3 pos = {0.5, feet, 0.5}) {
        auto owned = std::make_unique<AcquirePoi>(poi_registry, homes(), mem.home, false);
        acquire = owned.get();
        PrioritizedBehaviors core;
        core.emplace_back(10, std::move(owned));
        return villager(pos, std::move(core));
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(poi)

// ---- AcquirePoi ----

BOOST_FIXTURE_TEST_CASE(acquire_poi_scans_first_after_0_to_19_ticks_then_every_20_to_39, Poi) {
    home_seeker();
    // Nothing else in this world draws from the level random, so a copy predicts the draws.
    const std::int64_t t0 = h.world().game_time();
    RandomSource predicted = h.world().random();
    h.tick();
    const std::int64_t first = t0 + predicted.next_int(20);
    BOOST_TEST(acquire->next_scan_time() == first);
    BOOST_TEST(first - t0 >= 0);
    BOOST_TEST(first - t0 <= 19);

    std::int64_t expected_scan = first;
    int scans = 0;
    while (scans < 8) {
        const std::int64_t now = h.world().game_time();
        RandomSource before = h.world().random();
        const std::int64_t scheduled = acquire->next_scan_time();
        h.tick();
        if (acquire->next_scan_time() == scheduled) {
            BOOST_TEST_REQUIRE(now < expected_scan);  // no scan before its time
            continue;
        }
        // A scan: exactly at the scheduled time, the next one 20 + nextInt(20) later.
        BOOST_TEST(now == expected_scan);
        const std::int64_t gap = acquire->next_scan_time() - now;
        BOOST_TEST(gap == 20 + before.next_int(20));
        BOOST_TEST(gap >= 20);
        BOOST_TEST(gap <= 39);
        expected_scan = acquire->next_scan_time();
        ++scans;
    }
}

BOOST_FIXTURE_TEST_CASE(acquire_poi_claims_a_reachable_bed_and_takes_its_ticket, Poi) {
    const BlockPos head{5, -60, 2};
    bed(head);
    BOOST_TEST(free_tickets(head) == 1);
    ServerMob& v = home_seeker();
    for (int i = 0; i < 40 && !v.brain()->has_memory_value(mem.home); ++i) h.tick();
    BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.home));
    BOOST_TEST((*v.brain()->get_memory(mem.home) == at(head)));
    BOOST_TEST(free_tickets(head) == 0);
    BOOST_TEST(acquire->retry_markers().empty());
    // The entry condition (HOME absent) now fails: it never scans again.
    const std::int64_t next = acquire->next_scan_time();
    h.tick(60);
    BOOST_TEST(acquire->next_scan_time() == next);
}

BOOST_FIXTURE_TEST_CASE(acquire_poi_ignores_taken_and_distant_pois, Poi) {
    const BlockPos taken{5, -60, 2}, far{49, -60, 0}, free{3, -60, -4};
    bed(taken);
    bed(far);  // squared distance 49² > 48²: out of range
    BOOST_TEST_REQUIRE(h.world().poi_manager().take(taken));
    ServerMob& v = home_seeker();
    for (int i = 0; i < 40; ++i) h.tick();
    BOOST_TEST(!v.brain()->has_memory_value(mem.home));
    bed(free);
    for (int i = 0; i < 45 && !v.brain()->has_memory_value(mem.home); ++i) h.tick();
    BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.home));
    BOOST_TEST((v.brain()->get_memory(mem.home)->pos == free));
    BOOST_TEST(free_tickets(far) == 1);
}

BOOST_FIXTURE_TEST_CASE(acquire_poi_asks_for_one_path_to_the_five_closest_only, Poi) {
    sealed_room({5, -60, -3}, {40, -57, 3});
    for (int k = 0; k < 7; ++k) bed({8 + 4 * k, -60, 1});
    home_seeker();
    // Until the first scan, which fails: every bed is sealed off.
    for (int i = 0; i < 40 && acquire->retry_markers().empty(); ++i) h.tick();
    const std::int64_t scan = h.world().game_time() - 1;
    BOOST_TEST_REQUIRE(acquire->retry_markers().size() == AcquirePoi::batch_size);
    for (int k = 0; k < 7; ++k) {
        const PoiRetryMarker* r = acquire->retry_marker({8 + 4 * k, -60, 1});
        BOOST_TEST_INFO("bed " << k);
        if (k >= 5) {
            BOOST_TEST(r == nullptr);  // the 6th and 7th closest were not in the batch
            continue;
        }
        BOOST_TEST_REQUIRE(r != nullptr);
        BOOST_TEST(r->previous_attempt == scan);
        BOOST_TEST(r->current_delay >= 40);
        BOOST_TEST(r->current_delay <= 79);
        BOOST_TEST(r->next_attempt == scan + r->current_delay);
    }
    BOOST_TEST(free_tickets({8, -60, 1}) == 1);  // nothing claimed
}

BOOST_FIXTURE_TEST_CASE(acquire_poi_retry_backoff_grows_40_to_79_per_failure_up_to_400_then_resets, Poi) {
    sealed_room({5, -60, -3}, {14, -57, 3});
    const BlockPos head{8, -60, 1};
    bed(head);
    home_seeker();
    std::vector<PoiRetryMarker> history;  // each distinct attempt on the bed
    for (int i = 0; i < 6000; ++i) {
        h.tick();
        const PoiRetryMarker* r = acquire->retry_marker(head);
        if (r && (history.empty() || r->previous_attempt != history.back().previous_attempt)) history.push_back(*r);
    }
    BOOST_TEST_REQUIRE(history.size() >= 10u);
    bool capped = false, reset = false;
    for (std::size_t i = 1; i < history.size(); ++i) {
        const PoiRetryMarker& a = history[i - 1];
        const PoiRetryMarker& b = history[i];
        BOOST_TEST_INFO("attempt " << i << ": delay " << a.current_delay << " -> " << b.current_delay);
        BOOST_TEST(b.previous_attempt >= a.next_attempt);  // never retried early
        BOOST_TEST(b.next_attempt == b.previous_attempt + b.current_delay);
        BOOST_TEST(b.current_delay <= 400);
        if (b.previous_attempt - a.previous_attempt >= 400) {
            // No scan came between its due time and 400 ticks after the last attempt: the marker
            // was dropped and the next failure starts a fresh one.
            BOOST_TEST(b.current_delay >= 40);
            BOOST_TEST(b.current_delay <= 79);
            reset = true;
        } else if (b.current_delay == 400) {
            BOOST_TEST(a.current_delay + 79 >= 400);  // capped
            BOOST_TEST(a.current_delay < 400);
            capped = true;
        } else {
            BOOST_TEST(b.current_delay - a.current_delay >= 40);
            BOOST_TEST(b.current_delay - a.current_delay <= 79);
        }
    }
    BOOST_TEST(capped);
    BOOST_TEST(reset);
}

BOOST_FIXTURE_TEST_CASE(acquire_poi_job_sites_go_to_potential_and_follow_the_profession, Poi) {
    const BlockPos composter{4, -60, 0}, lectern{2, -60, 2};
    h.set_block(composter, "composter");
    h.set_block(lectern, "lectern");
    auto seeker = [&](std::string_view profession) -> std::pair<ServerMob*, AcquirePoi*> {
        auto owned = std::make_unique<AcquirePoi>(poi_registry, PoiFilter::acquirable_job_site(professions),
                                                  mem.job_site, mem.potential_job_site, true);
        AcquirePoi* a = owned.get();
        PrioritizedBehaviors core;
        core.emplace_back(6, std::move(owned));
        return {&villager({0.5, feet, 0.5}, std::move(core), profession), a};
    };
    auto [farmer, fa] = seeker("farmer");
    for (int i = 0; i < 45 && !farmer->brain()->has_memory_value(mem.potential_job_site); ++i) h.tick();
    BOOST_TEST_REQUIRE(farmer->brain()->has_memory_value(mem.potential_job_site));
    // The farmer passes the closer lectern by; the claim is only potential.
    BOOST_TEST((farmer->brain()->get_memory(mem.potential_job_site)->pos == composter));
    BOOST_TEST(!farmer->brain()->has_memory_value(mem.job_site));
    BOOST_TEST(free_tickets(composter) == 0);
    BOOST_TEST(free_tickets(lectern) == 1);

    auto [unemployed, ua] = seeker("none");
    for (int i = 0; i < 45 && !unemployed->brain()->has_memory_value(mem.potential_job_site); ++i) h.tick();
    BOOST_TEST_REQUIRE(unemployed->brain()->has_memory_value(mem.potential_job_site));
    BOOST_TEST((unemployed->brain()->get_memory(mem.potential_job_site)->pos == lectern));

    auto [nitwit, na] = seeker("nitwit");
    h.world().poi_manager().release(lectern);
    for (int i = 0; i < 60; ++i) h.tick();
    BOOST_TEST(!nitwit->brain()->has_memory_value(mem.potential_job_site));
    BOOST_TEST(free_tickets(lectern) == 1);
    (void)fa;
    (void)ua;
    (void)na;
}

BOOST_FIXTURE_TEST_CASE(acquire_poi_only_if_adult_skips_babies_and_needs_both_memories_absent, Poi) {
    h.set_block({4, -60, 0}, "composter");
    auto owned = std::make_unique<AcquirePoi>(poi_registry, PoiFilter::acquirable_job_site(professions), mem.job_site,
                                              mem.potential_job_site, true);
    AcquirePoi* a = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(6, std::move(owned));
    ServerMob& baby = villager({0.5, feet, 0.5}, std::move(core));
    baby.set_baby(true);
    h.tick(60);
    BOOST_TEST(a->next_scan_time() == 0);  // never got past the baby test
    BOOST_TEST(!baby.brain()->has_memory_value(mem.potential_job_site));
    baby.set_baby(false);
    baby.brain()->set_memory(mem.job_site, at({30, -60, 30}));  // main memory present: no trigger
    h.tick(60);
    BOOST_TEST(a->next_scan_time() == 0);
    BOOST_TEST(a->start_requirements().size() == 2u);
    baby.brain()->erase_memory(mem.job_site);
    for (int i = 0; i < 45 && !baby.brain()->has_memory_value(mem.potential_job_site); ++i) h.tick();
    BOOST_TEST(baby.brain()->has_memory_value(mem.potential_job_site));
}

// ---- ValidateNearbyPoi ----

BOOST_FIXTURE_TEST_CASE(validate_nearby_poi_only_checks_within_16_blocks_of_the_centre, Poi) {
    const BlockPos head{17, -60, 0};
    bed(head);
    PrioritizedBehaviors core;
    core.emplace_back(3, validate_nearby_poi(mem, homes(), mem.home));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core));
    v.brain()->set_memory(mem.home, at(head));
    h.tick(3);
    BOOST_TEST(v.brain()->has_memory_value(mem.home));  // a valid bed stays
    h.set_block(head, "air");
    h.tick(3);
    // 17 blocks from the bed's centre: the broken bed is not noticed.
    BOOST_TEST(v.brain()->has_memory_value(mem.home));
    // 15.5 blocks (squared 240.5 < 256): noticed and forgotten.
    h.world().teleport(v.handle(), {2.0, feet, 0.5});
    h.tick();
    BOOST_TEST(!v.brain()->has_memory_value(mem.home));
}

BOOST_FIXTURE_TEST_CASE(validate_nearby_poi_forgets_a_poi_of_another_type, Poi) {
    const BlockPos composter{3, -60, 0};
    h.set_block(composter, "composter");
    PrioritizedBehaviors core;
    core.emplace_back(0, validate_nearby_poi(mem, PoiFilter::held_job_site(professions), mem.job_site));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core), "farmer");
    v.brain()->set_memory(mem.job_site, at(composter));
    h.tick(2);
    BOOST_TEST(v.brain()->has_memory_value(mem.job_site));
    state(v).data.profession = ResourceLocation::of("librarian");  // a composter is not its job site
    h.tick();
    BOOST_TEST(!v.brain()->has_memory_value(mem.job_site));
    // Another dimension's POI is never checked.
    v.brain()->set_memory(mem.job_site, GlobalPos{ResourceLocation::of("the_nether"), composter});
    h.tick(2);
    BOOST_TEST(v.brain()->has_memory_value(mem.job_site));
}

BOOST_FIXTURE_TEST_CASE(validate_nearby_poi_releases_a_bed_someone_else_occupies, Poi) {
    const BlockPos head{3, -60, 2};
    bed(head);
    PrioritizedBehaviors core;
    core.emplace_back(3, validate_nearby_poi(mem, homes(), mem.home));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core));
    BOOST_TEST_REQUIRE(h.world().poi_manager().take(head));
    v.brain()->set_memory(mem.home, at(head));
    // The villager lies in its own bed: occupied, but by itself.
    v.start_sleeping(head);
    h.tick(2);
    BOOST_TEST(v.brain()->has_memory_value(mem.home));
    BOOST_TEST(free_tickets(head) == 0);
    v.stop_sleeping();
    h.tick();
    BOOST_TEST(v.brain()->has_memory_value(mem.home));
    // Someone else lies in it: forgotten and the ticket given back.
    h.set_block(head, "red_bed[part=head,facing=south,occupied=true]");
    h.tick();
    BOOST_TEST(!v.brain()->has_memory_value(mem.home));
    BOOST_TEST(free_tickets(head) == 1);
}

// ---- YieldJobSite ----

namespace {

struct Yield : Poi {
    const BlockPos composter{6, -60, 0};
    ServerMob* a = nullptr;  // holds the potential job site
    ServerMob* b = nullptr;  // the other villager
    Yield() { h.set_block(composter, "composter"); }
    void make(std::string_view a_profession, std::string_view b_profession) {
        PrioritizedBehaviors core;
        core.emplace_back(8, yield_job_site(mem, poi_registry, professions, 0.7f));
        a = &villager({0.5, feet, 0.5}, std::move(core), a_profession);
        b = &villager({0.5, feet, 3.5}, {}, b_profession);
        BOOST_TEST_REQUIRE(h.world().poi_manager().take(composter));
        a->brain()->set_memory(mem.potential_job_site, at(composter));
        a->brain()->set_memory(mem.walk_target, WalkTarget(composter, 0.5f, 1));
        a->brain()->set_memory(mem.look_target, PositionTracker::block(composter));
        a->brain()->set_memory(mem.mobs, EntityList{b->ref()});
        h.tick(2);  // settle, then the next tick triggers
    }
};

}  // namespace

BOOST_FIXTURE_TEST_CASE(yield_job_site_an_unemployed_villager_yields_to_a_jobless_farmer, Yield) {
    make("none", "farmer");
    h.tick();
    Brain& ab = *a->brain();
    Brain& bb = *b->brain();
    BOOST_TEST(!ab.has_memory_value(mem.potential_job_site));
    BOOST_TEST(!ab.has_memory_value(mem.walk_target));
    BOOST_TEST(!ab.has_memory_value(mem.look_target));
    BOOST_TEST_REQUIRE(bb.has_memory_value(mem.potential_job_site));
    BOOST_TEST((*bb.get_memory(mem.potential_job_site) == at(composter)));
    const WalkTarget* walk = bb.get_memory(mem.walk_target);
    BOOST_TEST_REQUIRE(walk != nullptr);
    BOOST_TEST((walk->target.block_pos() == composter));
    BOOST_TEST(walk->speed_modifier == 0.7f);
    BOOST_TEST(walk->close_enough_dist == 1);
    BOOST_TEST((bb.get_memory(mem.look_target)->block_pos() == composter));
    BOOST_TEST(free_tickets(composter) == 0);  // the ticket moves with the claim
}

BOOST_FIXTURE_TEST_CASE(yield_job_site_two_employed_jobless_villagers_do_not_swap_mc_258295, Yield) {
    // In 1.19.3 the inverted test made employed villagers hand the site back and forth, freezing
    // both; with the fix the employed holder keeps it.
    make("farmer", "farmer");
    h.tick(5);
    BOOST_TEST(a->brain()->has_memory_value(mem.potential_job_site));
    BOOST_TEST(a->brain()->has_memory_value(mem.walk_target));
    BOOST_TEST(!b->brain()->has_memory_value(mem.potential_job_site));
    BOOST_TEST(!b->brain()->has_memory_value(mem.walk_target));
}

BOOST_FIXTURE_TEST_CASE(yield_job_site_needs_a_taker_of_the_matching_profession, Yield) {
    make("none", "librarian");
    h.tick(3);
    BOOST_TEST(a->brain()->has_memory_value(mem.potential_job_site));
    BOOST_TEST(!b->brain()->has_memory_value(mem.potential_job_site));
    // A farmer that holds this very site takes nothing but the yielder lets go.
    state(*b).data.profession = ResourceLocation::of("farmer");
    b->brain()->set_memory(mem.job_site, at(composter));
    h.tick();
    BOOST_TEST(!a->brain()->has_memory_value(mem.potential_job_site));
    BOOST_TEST(!b->brain()->has_memory_value(mem.potential_job_site));
    BOOST_TEST(!b->brain()->has_memory_value(mem.walk_target));
}

BOOST_FIXTURE_TEST_CASE(yield_job_site_not_to_a_farmer_that_cannot_reach_it, Yield) {
    make("none", "none");
    // Wall the farmer in before it becomes one.
    sealed_room({-2, -60, 1}, {3, -57, 6});
    h.world().teleport(b->handle(), {0.5, feet, 3.5});
    state(*b).data.profession = ResourceLocation::of("farmer");
    h.tick(3);
    BOOST_TEST(a->brain()->has_memory_value(mem.potential_job_site));
    BOOST_TEST(!b->brain()->has_memory_value(mem.potential_job_site));
}

// ---- GoToPotentialJobSite, AssignProfessionFromJobSite ----

BOOST_FIXTURE_TEST_CASE(a_villager_takes_its_profession_from_a_composter, Poi) {
    const BlockPos composter{7, -60, 3};
    h.set_block(composter, "composter");
    PrioritizedBehaviors core;
    core.emplace_back(1, std::make_unique<MoveToTargetSink>(mem));
    core.emplace_back(6, std::make_unique<AcquirePoi>(poi_registry, PoiFilter::acquirable_job_site(professions),
                                                      mem.job_site, mem.potential_job_site, true));
    core.emplace_back(7, std::make_unique<GoToPotentialJobSite>(mem, acts, 0.5f));
    core.emplace_back(10, assign_profession_from_job_site(mem, professions));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core));
    int ticks = 0;
    while (!v.brain()->has_memory_value(mem.job_site) && ticks < 400) {
        h.tick();
        ++ticks;
    }
    BOOST_TEST_REQUIRE(v.brain()->has_memory_value(mem.job_site));
    BOOST_TEST((*v.brain()->get_memory(mem.job_site) == at(composter)));
    BOOST_TEST(!v.brain()->has_memory_value(mem.potential_job_site));
    BOOST_TEST((state(v).data.profession == ResourceLocation::of("farmer")));
    // It walked there: within 2 blocks of the composter's centre.
    BOOST_TEST(Vec3::at_center(composter).dist_sqr(v.position()) < 4.0);
    BOOST_TEST(free_tickets(composter) == 0);  // still claimed, now as its job site
}

BOOST_FIXTURE_TEST_CASE(assign_profession_needs_2_blocks_and_keeps_an_existing_profession, Poi) {
    const BlockPos composter{3, -60, 0};
    h.set_block(composter, "composter");
    PrioritizedBehaviors core;
    core.emplace_back(10, assign_profession_from_job_site(mem, professions));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core), "librarian");
    v.brain()->set_memory(mem.potential_job_site, at(composter));
    h.tick(3);  // centre 3.04 blocks away
    BOOST_TEST(v.brain()->has_memory_value(mem.potential_job_site));
    BOOST_TEST(!v.brain()->has_memory_value(mem.job_site));
    h.world().teleport(v.handle(), {1.9, feet, 0.5});  // 1.67 blocks
    h.tick();
    BOOST_TEST(!v.brain()->has_memory_value(mem.potential_job_site));
    BOOST_TEST((*v.brain()->get_memory(mem.job_site) == at(composter)));
    // As vanilla: only the unemployed take the site's profession.
    BOOST_TEST((state(v).data.profession == ResourceLocation::of("librarian")));
}

BOOST_FIXTURE_TEST_CASE(go_to_potential_job_site_walks_there_in_idle_and_gives_up_after_1200_ticks, Poi) {
    const BlockPos composter{20, -60, 0};
    h.set_block(composter, "composter");
    auto owned = std::make_unique<GoToPotentialJobSite>(mem, acts, 0.5f);
    GoToPotentialJobSite* go = owned.get();
    PrioritizedBehaviors core;
    core.emplace_back(7, std::move(owned));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core));
    Brain& b = *v.brain();
    // Not during rest.
    b.add_activity(acts.rest, {});
    b.set_active_activity_if_possible(acts.rest);
    BOOST_TEST_REQUIRE(b.is_active(acts.rest));
    BOOST_TEST_REQUIRE(h.world().poi_manager().take(composter));
    b.set_memory(mem.potential_job_site, at(composter));
    h.tick(3);
    BOOST_TEST((go->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(!b.has_memory_value(mem.walk_target));
    b.use_default_activity();  // idle
    const std::int64_t start = h.world().game_time();
    h.tick();
    BOOST_TEST_REQUIRE((go->status() == BehaviorStatus::RUNNING));
    BOOST_TEST(go->end_timestamp() == start + 1200);
    h.tick();
    const WalkTarget* walk = b.get_memory(mem.walk_target);
    BOOST_TEST_REQUIRE(walk != nullptr);  // refreshed every tick (no sink consumes it here)
    BOOST_TEST((walk->target.block_pos() == composter));
    BOOST_TEST(walk->close_enough_dist == 1);
    BOOST_TEST(walk->speed_modifier == 0.5f);
    // Runs while the memory is present, until time > start + 1200; then the claim is dropped.
    while (h.world().game_time() <= start + 1200) {
        BOOST_TEST_REQUIRE(b.has_memory_value(mem.potential_job_site));
        h.tick();
    }
    h.tick();
    BOOST_TEST((go->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(!b.has_memory_value(mem.potential_job_site));
    BOOST_TEST(free_tickets(composter) == 1);
}

// ---- PoiCompetitorScan, ResetProfession ----

BOOST_FIXTURE_TEST_CASE(poi_competitor_scan_the_villager_with_more_xp_keeps_the_job_site, Poi) {
    const BlockPos composter{4, -60, 0};
    h.set_block(composter, "composter");
    PrioritizedBehaviors core;
    core.emplace_back(2, poi_competitor_scan(mem, professions));
    ServerMob& self = villager({0.5, feet, 0.5}, std::move(core), "farmer");
    ServerMob& rival = villager({0.5, feet, 2.5}, {}, "farmer");
    ServerMob& other = villager({2.5, feet, 2.5}, {}, "librarian");  // same site, other profession
    for (ServerMob* m : {&self, &rival, &other}) m->brain()->set_memory(mem.job_site, at(composter));
    self.brain()->set_memory(mem.mobs, EntityList{rival.ref(), other.ref()});
    state(self).xp = 5;
    state(rival).xp = 3;
    h.tick();
    BOOST_TEST(self.brain()->has_memory_value(mem.job_site));
    BOOST_TEST(!rival.brain()->has_memory_value(mem.job_site));
    BOOST_TEST(other.brain()->has_memory_value(mem.job_site));  // not a competitor
    // A tie goes to the other villager (selectWinner needs strictly more xp to keep it).
    rival.brain()->set_memory(mem.job_site, at(composter));
    state(rival).xp = 5;
    h.tick();
    BOOST_TEST(!self.brain()->has_memory_value(mem.job_site));
    BOOST_TEST(rival.brain()->has_memory_value(mem.job_site));
}

BOOST_FIXTURE_TEST_CASE(reset_profession_fires_a_novice_without_a_job_site, Poi) {
    PrioritizedBehaviors core;
    core.emplace_back(10, reset_profession(mem));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core), "farmer");
    v.brain()->set_memory(mem.job_site, at({4, -60, 0}));
    h.tick(2);
    BOOST_TEST((state(v).data.profession == ResourceLocation::of("farmer")));  // has a job site
    v.brain()->erase_memory(mem.job_site);
    state(v).xp = 1;
    h.tick(2);
    BOOST_TEST((state(v).data.profession == ResourceLocation::of("farmer")));  // has traded
    state(v).xp = 0;
    state(v).data.level = 2;
    h.tick(2);
    BOOST_TEST((state(v).data.profession == ResourceLocation::of("farmer")));  // apprentice
    state(v).data.level = 1;
    h.tick();
    BOOST_TEST((state(v).data.profession == ResourceLocation::of("none")));
    state(v).data.profession = ResourceLocation::of("nitwit");
    h.tick(2);
    BOOST_TEST((state(v).data.profession == ResourceLocation::of("nitwit")));
}

BOOST_AUTO_TEST_CASE(profession_changes_ask_the_host_for_a_brain_refresh) {
    // Vanilla's refreshBrain after AssignProfessionFromJobSite and ResetProfession: the host calls
    // the type's MobAiFactory::refresh_brain once the AI step is over.
    RefreshCounter counter;
    BrainRegistries reg;
    StandardMemories mem = register_standard_memories(reg.memory_types);
    const VanillaActivities acts = register_vanilla_activities(reg.activities);
    reg.freeze();
    BrainProvider provider(reg, mem.all, std::span<const SensorType>{});
    WorldHarness::Options options;
    options.register_more = [&counter](WorldRegistries& r) {
        r.entity_types.mutable_value(r.entity_types.require("villager")).ai_factory = &counter;
    };
    WorldHarness h(options);
    VillagerProfessions professions(h.poi_types());
    const BlockPos composter{2, -60, 0};
    h.set_block(composter, "composter");
    ServerMob& v = h.spawn("villager", {1.5, WorldHarness::ground_y, 0.5});
    v.set_brain(provider.make_brain(h.world().random()));
    v.set_attachment(std::make_unique<VillagerState>(professions));
    PrioritizedBehaviors core;
    core.emplace_back(10, assign_profession_from_job_site(mem, professions));
    core.emplace_back(10, reset_profession(mem));
    v.brain()->add_activity(acts.core, std::move(core));
    v.brain()->set_core_activities({acts.core});
    v.brain()->set_default_activity(acts.idle);
    v.brain()->use_default_activity();
    v.brain()->set_memory(mem.potential_job_site, GlobalPos{ResourceLocation::of("overworld"), composter});
    h.tick();
    BOOST_TEST_REQUIRE(!v.ai_failed);
    VillagerState& state = *v.attachment_as<VillagerState>();
    BOOST_TEST((state.data.profession == ResourceLocation::of("farmer")));
    BOOST_TEST(counter.refreshes == 1);
    h.tick(3);
    BOOST_TEST(counter.refreshes == 1);  // nothing changed since
    v.brain()->erase_memory(mem.job_site);
    h.tick();
    BOOST_TEST((state.data.profession == ResourceLocation::of("none")));
    BOOST_TEST(counter.refreshes == 2);
}

// ---- the strolls ----

BOOST_FIXTURE_TEST_CASE(stroll_to_poi_walks_to_the_poi_at_most_every_80_ticks, Poi) {
    const BlockPos site{5, -60, 0};
    PrioritizedBehaviors core;
    core.emplace_back(5, stroll_to_poi(mem, mem.job_site, 0.4f, 1, 10));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core));
    Brain& b = *v.brain();
    b.set_memory(mem.job_site, at(site));
    std::vector<std::int64_t> sets;
    for (int i = 0; i < 300; ++i) {
        const std::int64_t now = h.world().game_time();
        h.tick();
        if (b.has_memory_value(mem.walk_target)) {
            sets.push_back(now);
            const WalkTarget& w = *b.get_memory(mem.walk_target);
            BOOST_TEST((w.target.block_pos() == site));
            BOOST_TEST(w.speed_modifier == 0.4f);
            BOOST_TEST(w.close_enough_dist == 1);
            b.erase_memory(mem.walk_target);
        }
    }
    BOOST_TEST_REQUIRE(sets.size() >= 3u);
    for (std::size_t i = 1; i < sets.size(); ++i) BOOST_TEST(sets[i] - sets[i - 1] == 81);
    // 10 blocks or more from the centre: it does not trigger.
    b.set_memory(mem.job_site, at({12, -60, 0}));
    h.tick(200);
    BOOST_TEST(!b.has_memory_value(mem.walk_target));
}

BOOST_FIXTURE_TEST_CASE(stroll_around_poi_picks_a_land_position_at_most_every_180_ticks, Poi) {
    const BlockPos site{2, -60, 0};
    PrioritizedBehaviors core;
    core.emplace_back(5, stroll_around_poi(mem, mem.job_site, 0.4f, 4));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core));
    Brain& b = *v.brain();
    b.set_memory(mem.job_site, at(site));
    std::vector<std::int64_t> sets;
    for (int i = 0; i < 600; ++i) {
        const std::int64_t now = h.world().game_time();
        h.tick();
        if (const WalkTarget* w = b.get_memory(mem.walk_target)) {
            sets.push_back(now);
            BOOST_TEST(w->speed_modifier == 0.4f);
            BOOST_TEST(w->close_enough_dist == 1);
            const BlockPos p = w->target.block_pos();
            BOOST_TEST(std::abs(p.x) <= 8 + 1);  // LandRandomPos.getPos(8, 6) around the mob
            BOOST_TEST(std::abs(p.z) <= 8 + 1);
            b.erase_memory(mem.walk_target);
        }
    }
    BOOST_TEST_REQUIRE(sets.size() >= 3u);
    for (std::size_t i = 1; i < sets.size(); ++i) BOOST_TEST(sets[i] - sets[i - 1] == 181);
}

BOOST_FIXTURE_TEST_CASE(stroll_to_poi_list_walks_to_a_random_secondary_site_every_100_ticks, Poi) {
    const BlockPos site{2, -60, 0};
    const GlobalPosList farmland{at({3, -61, 3}), at({-3, -61, 3}), at({3, -61, -3})};
    PrioritizedBehaviors core;
    core.emplace_back(5, stroll_to_poi_list(mem, mem.secondary_job_site, 0.5f, 1, 6, mem.job_site));
    ServerMob& v = villager({0.5, feet, 0.5}, std::move(core));
    Brain& b = *v.brain();
    b.set_memory(mem.job_site, at(site));
    b.set_memory(mem.secondary_job_site, farmland);
    std::vector<std::int64_t> sets;
    std::map<std::int32_t, int> picked;
    for (int i = 0; i < 1200; ++i) {
        const std::int64_t now = h.world().game_time();
        h.tick();
        if (const WalkTarget* w = b.get_memory(mem.walk_target)) {
            sets.push_back(now);
            ++picked[w->target.block_pos().x * 10 + w->target.block_pos().z];
            BOOST_TEST(w->close_enough_dist == 1);
            b.erase_memory(mem.walk_target);
        }
    }
    BOOST_TEST_REQUIRE(sets.size() >= 5u);
    for (std::size_t i = 1; i < sets.size(); ++i) BOOST_TEST(sets[i] - sets[i - 1] == 101);
    BOOST_TEST(picked.size() >= 2u);  // random entries
    // Away from the job site (6 blocks or more), nothing.
    b.set_memory(mem.job_site, at({9, -60, 0}));
    h.tick(300);
    BOOST_TEST(!b.has_memory_value(mem.walk_target));
}

BOOST_AUTO_TEST_SUITE_END()
