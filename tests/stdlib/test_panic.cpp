// The villager's panic, golem summoning (seed 000's 五: every 100 ticks, 3 villagers that slept
// within 24,000 ticks, the 17×13×17 area, 600 ticks of GOLEM_DETECTED_RECENTLY and the 600→700
// cycle of 22w12a), calming down, the bell and hiding, tick by tick in a real world.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

#include "fixture.hpp"
#include "mobsdk/stdlib/panic.hpp"

using namespace stdlib_test;

namespace {

// The fixture's set-up for a world with the legacy memory expiry order.
struct Registries {
    BrainRegistries reg;
    StandardMemories mem = register_standard_memories(reg.memory_types);
    VanillaActivities acts = register_vanilla_activities(reg.activities);
    std::unique_ptr<BrainProvider> provider;
    Registries() {
        reg.freeze();
        provider = std::make_unique<BrainProvider>(reg, mem.all, std::span<const SensorType>{});
    }
};

// Villagers with the panic trigger in core and an (empty) PANIC activity to switch to.
template <typename Base>
struct PanicWorld : Base {
    GolemSummoning golem{this->h.entity_types().iron_golem, this->h.world().blocks()};
    VillagerPanicTrigger* last_trigger = nullptr;

    ServerMob& villager(Vec3 pos) {
        auto trigger = std::make_unique<VillagerPanicTrigger>(this->mem, this->acts.panic, golem);
        last_trigger = trigger.get();
        PrioritizedBehaviors core;
        core.emplace_back(0, std::move(trigger));
        ServerMob& v = this->h.spawn("villager", pos);
        v.set_brain(this->provider->make_brain(this->h.world().random()));
        Brain& b = *v.brain();
        b.add_activity(this->acts.core, std::move(core));
        b.add_activity(this->acts.panic, PrioritizedBehaviors{});
        b.set_core_activities({this->acts.core});
        b.set_default_activity(this->acts.idle);
        b.use_default_activity();
        return v;
    }
    std::vector<EntityRef> golems() {
        std::vector<EntityRef> out;
        this->h.world().entities_of_type(this->h.entity_types().iron_golem, AABB{{-200, -100, -200}, {200, 400, 200}},
                                         out);
        return out;
    }
    // Steps until a golem exists (or `limit` ticks); returns the game time of the tick that made it.
    std::optional<std::int64_t> tick_until_golem(std::size_t count, int limit) {
        for (int i = 0; i < limit; ++i) {
            this->h.tick();
            if (golems().size() >= count) return this->h.world().game_time() - 1;
        }
        return std::nullopt;
    }
};

struct LegacyBase : Registries {
    WorldHarness h{[] {
        WorldHarness::Options o;
        o.memory_expiry = MemoryExpiry::Legacy;
        return o;
    }()};
};

using Panic = PanicWorld<Fixture>;
using LegacyPanic = PanicWorld<LegacyBase>;

constexpr double feet = WorldHarness::ground_y;

// The trigger runs 60 ticks (Behavior's default), stops on the 61st and starts again on the next:
// started at `start`, it makes no golem attempt at start + 61 + 62k.
bool attempt_skipped(std::int64_t start, std::int64_t time) { return time > start && (time - start - 61) % 62 == 0; }

// Three panicking villagers that slept now, the trigger started at a time whose golem attempts at
// the next multiple of 100 and 600 and 700 after it are not skipped.
template <typename W>
std::vector<ServerMob*> three_panicking(W& w, std::int64_t& start) {
    ServerMob& zombie = w.h.spawn("zombie", {40.5, feet, 40.5});
    zombie.data().no_ai = true;
    std::vector<ServerMob*> vs{&w.villager({0.5, feet, 0.5}), &w.villager({2.5, feet, 0.5}),
                               &w.villager({0.5, feet, 2.5})};
    w.h.tick(2);
    for (;;) {
        const std::int64_t t = w.h.world().game_time();
        const std::int64_t first = (t + 99) / 100 * 100;
        if (first != t && !attempt_skipped(t, first) && !attempt_skipped(t, first + 600) &&
            !attempt_skipped(t, first + 700))
            break;
        w.h.tick();
    }
    start = w.h.world().game_time();
    for (ServerMob* v : vs) {
        v->brain()->set_memory(w.mem.last_slept, start);
        v->brain()->set_memory(w.mem.nearest_hostile, zombie.ref());
    }
    return vs;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(panic)

// The golem's block rules are resolved once per registry, by vanilla id: a plugin's block with a
// vanilla-looking path is none of them, and a block registered later counts as none.
BOOST_AUTO_TEST_CASE(golem_block_rules_come_from_vanilla_ids_once) {
    BlockRegistry blocks;
    const VanillaBlocks v = register_vanilla_blocks(blocks);
    const BlockDefinition cube{{}, {}, [](const BlockStateView&) {
                                   BlockStateInfo info;
                                   info.collision = BlockShape::full();
                                   info.solid = true;
                                   return info;
                               }};
    const auto plugin_glass = blocks.register_block(ResourceLocation::of("example:glass"), cube);
    const GolemSpawnBlocks rules(blocks);
    const auto late = blocks.register_block(ResourceLocation::of("example:late"), cube);
    const auto state = [&](Handle<BlockInfo> b) { return blocks.default_state(b); };

    BOOST_TEST(rules.is_air(state(v.air), blocks));
    BOOST_TEST(!rules.is_air(state(v.stone), blocks));
    BOOST_TEST(rules.is_liquid(state(v.water), blocks));
    BOOST_TEST(rules.is_liquid(state(v.lava), blocks));
    BOOST_TEST(rules.never_stood_on(state(v.glass), blocks));
    BOOST_TEST(rules.never_stood_on(state(v.oak_leaves), blocks));
    BOOST_TEST(rules.never_stood_on(state(v.glowstone), blocks));
    BOOST_TEST(rules.never_stood_on(state(v.cactus), blocks));
    BOOST_TEST(!rules.never_stood_on(state(v.stone), blocks));
    BOOST_TEST(!rules.never_stood_on(state(plugin_glass), blocks));
    BOOST_TEST(rules.is_dangerous(state(v.fire), blocks));
    BOOST_TEST(rules.is_dangerous(state(v.lava), blocks));
    BOOST_TEST(rules.is_dangerous(state(v.cactus), blocks));
    BOOST_TEST(!rules.is_dangerous(state(v.water), blocks));
    BOOST_TEST(!rules.is_dangerous(state(v.torch), blocks));
    BOOST_TEST(!rules.is_dangerous(state(late), blocks));
    BOOST_TEST(!rules.is_air(state(late), blocks));
}

// isBurningBlock reads #fire and a lit #campfires: tags, so a block carrying them is dangerous
// whenever it was registered.
BOOST_AUTO_TEST_CASE(golem_danger_reads_the_fire_and_campfire_tags) {
    BlockRegistry blocks;
    register_vanilla_blocks(blocks);
    BlockDefinition embers;
    embers.tags = {ResourceLocation::of("minecraft:fire")};
    embers.make_state = [](const BlockStateView&) { return BlockStateInfo{}; };
    const GolemSpawnBlocks rules(blocks);
    const auto late_fire = blocks.register_block(ResourceLocation::of("example:embers"), embers);
    const auto parse = [&](std::string_view text) { return blocks.parse(text).value(); };

    BOOST_TEST(rules.is_dangerous(parse("soul_fire"), blocks));
    BOOST_TEST(rules.is_dangerous(blocks.default_state(late_fire), blocks));
    BOOST_TEST(rules.is_dangerous(parse("campfire[lit=true]"), blocks));
    BOOST_TEST(rules.is_dangerous(parse("soul_campfire[lit=true]"), blocks));
    BOOST_TEST(!rules.is_dangerous(parse("campfire[lit=false]"), blocks));
    BOOST_TEST(!rules.is_dangerous(parse("soul_campfire[lit=false]"), blocks));
    BOOST_TEST(!rules.is_dangerous(parse("furnace[lit=true]"), blocks));  // lit, but no campfire
}

BOOST_FIXTURE_TEST_CASE(panic_trigger_erases_five_memories_and_sets_panic, Panic) {
    ServerMob& v = villager({0.5, feet, 0.5});
    ServerMob& other = still("villager", {3.5, feet, 0.5});
    ServerMob& zombie = still("zombie", {6.5, feet, 0.5});
    h.tick();
    Brain& b = *v.brain();
    const auto fill = [&] {
        b.set_memory(mem.path, Path::make({BlockPos{0, -60, 0}, BlockPos{1, -60, 0}}, BlockPos{1, -60, 0}, true));
        b.set_memory(mem.walk_target, WalkTarget(BlockPos{5, -60, 5}, 0.5f, 1));
        b.set_memory(mem.look_target, PositionTracker::block(BlockPos{5, -59, 5}));
        b.set_memory(mem.breed_target, other.ref());
        b.set_memory(mem.interaction_target, other.ref());
    };
    fill();
    h.tick();  // nothing threatens it: it starts, does nothing and stops in the same tick
    BOOST_TEST((last_trigger->status() == BehaviorStatus::STOPPED));
    BOOST_TEST(b.has_memory_value(mem.walk_target));
    BOOST_TEST((b.active_non_core_activity() == acts.idle));

    b.set_memory(mem.nearest_hostile, zombie.ref());
    h.tick();
    BOOST_TEST((last_trigger->status() == BehaviorStatus::RUNNING));
    BOOST_TEST((b.active_non_core_activity() == acts.panic));
    BOOST_TEST(!b.has_memory_value(mem.path));
    BOOST_TEST(!b.has_memory_value(mem.walk_target));
    BOOST_TEST(!b.has_memory_value(mem.look_target));
    BOOST_TEST(!b.has_memory_value(mem.breed_target));
    BOOST_TEST(!b.has_memory_value(mem.interaction_target));

    // Already panicking: a fresh start erases nothing.
    b.erase_memory(mem.nearest_hostile);
    h.tick();
    BOOST_TEST((last_trigger->status() == BehaviorStatus::STOPPED));
    fill();
    b.set_memory(mem.nearest_hostile, zombie.ref());
    h.tick();
    BOOST_TEST((last_trigger->status() == BehaviorStatus::RUNNING));
    BOOST_TEST(b.has_memory_value(mem.walk_target));
    BOOST_TEST(b.has_memory_value(mem.interaction_target));
}

BOOST_FIXTURE_TEST_CASE(being_hurt_panics_too_and_the_trigger_runs_60_ticks_at_a_time, Panic) {
    ServerMob& v = villager({0.5, feet, 0.5});
    h.tick();
    Brain& b = *v.brain();
    b.set_memory(mem.hurt_by, DamageSource{});
    const std::int64_t start = h.world().game_time();
    h.tick();
    BOOST_TEST_REQUIRE((last_trigger->status() == BehaviorStatus::RUNNING));
    BOOST_TEST((b.active_non_core_activity() == acts.panic));
    BOOST_TEST(last_trigger->end_timestamp() == start + 60);
    h.tick(60);  // ticks start + 1 … start + 60 still run it
    BOOST_TEST((last_trigger->status() == BehaviorStatus::RUNNING));
    h.tick();  // start + 61: timed out
    BOOST_TEST((last_trigger->status() == BehaviorStatus::STOPPED));
    h.tick();  // start + 62: started again
    BOOST_TEST((last_trigger->status() == BehaviorStatus::RUNNING));
    BOOST_TEST(last_trigger->end_timestamp() == start + 62 + 60);
}

BOOST_FIXTURE_TEST_CASE(a_golem_on_the_seeds_timing_and_the_700_tick_cycle, Panic) {
    std::int64_t start = 0;
    const std::vector<ServerMob*> vs = three_panicking(*this, start);
    const std::int64_t first = (start + 99) / 100 * 100;
    const auto made = tick_until_golem(1, 200);
    BOOST_TEST_REQUIRE(made.has_value());
    BOOST_TEST(*made == first);  // the first game time divisible by 100
    const auto gs = golems();
    BOOST_TEST_REQUIRE(gs.size() == 1u);
    // Inside the 17×13×17 area around the block of the villager that summoned it (the first to tick).
    const BlockPos g = h.world().resolve(gs[0])->block_position();
    const BlockPos o = vs[0]->block_position();
    BOOST_TEST(std::abs(g.x - o.x) <= 8);
    BOOST_TEST(std::abs(g.z - o.z) <= 8);
    BOOST_TEST(std::abs(g.y - o.y) <= 6);
    BOOST_TEST(g.y == -60);  // on the flat ground
    // Every villager in the box: GOLEM_DETECTED_RECENTLY for 600 ticks (the summoner's brain has
    // not ticked since; the others' expiry pass already ran this tick).
    for (ServerMob* v : vs) BOOST_TEST(v->brain()->has_memory_value(mem.golem_detected_recently));
    BOOST_TEST(vs[0]->brain()->time_until_expiry(mem.golem_detected_recently) == 600);
    BOOST_TEST(vs[1]->brain()->time_until_expiry(mem.golem_detected_recently) == 599);

    // Modern expiry (22w12a+): still remembered at +600, so the next golem comes at +700.
    const auto next = tick_until_golem(2, 800);
    BOOST_TEST_REQUIRE(next.has_value());
    BOOST_TEST(*next - *made == 700);
}

BOOST_FIXTURE_TEST_CASE(legacy_expiry_gives_the_600_tick_cycle, LegacyPanic) {
    std::int64_t start = 0;
    three_panicking(*this, start);
    const auto made = tick_until_golem(1, 200);
    BOOST_TEST_REQUIRE(made.has_value());
    BOOST_TEST(*made == (start + 99) / 100 * 100);
    const auto next = tick_until_golem(2, 800);
    BOOST_TEST_REQUIRE(next.has_value());
    BOOST_TEST(*next - *made == 600);
}

BOOST_FIXTURE_TEST_CASE(no_golem_with_fewer_than_three_wanting_villagers, Panic) {
    std::int64_t start = 0;
    const std::vector<ServerMob*> vs = three_panicking(*this, start);
    // One never slept: two want a golem, which is not enough.
    vs[2]->brain()->erase_memory(mem.last_slept);
    BOOST_TEST(!tick_until_golem(1, 350).has_value());
    // One slept 24,000 ticks ago: too long.
    vs[2]->brain()->set_memory(mem.last_slept, h.world().game_time() - 24000 - 100);
    BOOST_TEST(!tick_until_golem(1, 100).has_value());
    // One already knows of a golem.
    vs[2]->brain()->set_memory(mem.last_slept, h.world().game_time());
    vs[2]->brain()->set_memory_with_expiry(mem.golem_detected_recently, true, 1000);
    BOOST_TEST(!tick_until_golem(1, 100).has_value());
    for (ServerMob* v : vs)
        BOOST_TEST(v->brain()->time_until_expiry(mem.golem_detected_recently) == (v == vs[2] ? 900 : 0));
    // Back to three: the next multiple of 100.
    vs[2]->brain()->erase_memory(mem.golem_detected_recently);
    BOOST_TEST(tick_until_golem(1, 200).has_value());
}

BOOST_FIXTURE_TEST_CASE(a_villager_that_does_not_want_one_summons_none_for_the_others, Panic) {
    std::int64_t start = 0;
    const std::vector<ServerMob*> vs = three_panicking(*this, start);
    // A fourth villager nearby that wants one but is not panicking does not help: the three
    // panicking ones decide, and only their own wish lets them try.
    vs[0]->brain()->erase_memory(mem.last_slept);
    vs[1]->brain()->erase_memory(mem.last_slept);
    ServerMob& calm = villager({4.5, feet, 4.5});
    calm.brain()->set_memory(mem.last_slept, h.world().game_time());
    BOOST_TEST(!tick_until_golem(1, 200).has_value());
    // Its wish counts once the one panicking villager that wants one has two more like it.
    vs[1]->brain()->set_memory(mem.last_slept, h.world().game_time());
    BOOST_TEST(tick_until_golem(1, 200).has_value());
}

BOOST_FIXTURE_TEST_CASE(wants_to_spawn_golem_boundaries, Panic) {
    ServerMob& v = villager({0.5, feet, 0.5});
    Brain& b = *v.brain();
    BOOST_TEST(!wants_to_spawn_golem(b, mem, 30000));  // never slept
    b.set_memory(mem.last_slept, std::int64_t{6000});
    BOOST_TEST(wants_to_spawn_golem(b, mem, 6000 + 23999));
    BOOST_TEST(!wants_to_spawn_golem(b, mem, 6000 + 24000));
    b.set_memory(mem.golem_detected_recently, true);
    BOOST_TEST(!wants_to_spawn_golem(b, mem, 6001));
}

BOOST_FIXTURE_TEST_CASE(no_place_to_stand_means_no_golem_and_no_memory, Panic) {
    // Glass under the whole 17×17 area: LEGACY_IRON_GOLEM never stands a golem on glass, and the
    // dirt below has glass above it.
    h.fill({-9, -61, -9}, {10, -61, 10}, "glass");
    std::int64_t start = 0;
    const std::vector<ServerMob*> vs = three_panicking(*this, start);
    BOOST_TEST(!tick_until_golem(1, 250).has_value());
    for (ServerMob* v : vs) BOOST_TEST(!v->brain()->has_memory_value(mem.golem_detected_recently));
    // Direct calls: nothing, and the caller's buffer is left as it was.
    std::vector<EntityRef> scratch;
    BOOST_TEST(try_spawn_iron_golem(h.world(), vs[0]->block_position(), golem, scratch) == nullptr);
    BOOST_TEST(scratch.empty());
    BOOST_TEST(spawn_golem_if_needed(h.world(), *vs[0], h.world().game_time(), 3, mem, golem, scratch) == nullptr);
}

BOOST_FIXTURE_TEST_CASE(the_golem_stands_on_the_highest_free_floor_within_6_above, Panic) {
    // A stone roof 5 above the villager's feet covering the area: the column search starts 6 above
    // and the first solid block with air over it is the roof.
    h.fill({-9, -55, -9}, {10, -55, 10}, "stone");
    ServerMob& v = villager({0.5, feet, 0.5});
    h.tick();
    std::vector<EntityRef> scratch;
    Mob* g = try_spawn_iron_golem(h.world(), v.block_position(), golem, scratch);
    BOOST_TEST_REQUIRE(g != nullptr);
    BOOST_TEST(g->block_position().y == -54);
    BOOST_TEST(g->position().x - std::floor(g->position().x) == 0.5);  // the block's bottom centre
    BOOST_TEST(std::abs(g->block_position().x) <= 8);
    BOOST_TEST(std::abs(g->block_position().z) <= 8);
    // Only 1 block of air above the roof: no room for the golem's three blocks.
    h.fill({-9, -52, -9}, {10, -52, 10}, "stone");
    BOOST_TEST(try_spawn_iron_golem(h.world(), v.block_position(), golem, scratch) == nullptr);
}

BOOST_FIXTURE_TEST_CASE(calm_down_ends_panic_once_the_danger_is_6_blocks_away, Panic) {
    ServerMob& v = villager({0.5, feet, 0.5});
    ServerMob& zombie = still("zombie", {4.5, feet, 0.5});
    Brain& b = *v.brain();
    const brain::Schedule idle_all_day = brain::ScheduleBuilder().change_activity_at(0, acts.idle).build();
    b.set_schedule(&idle_all_day);
    PrioritizedBehaviors panic_package;
    panic_package.emplace_back(0, villager_calm_down(mem));
    b.add_activity(acts.panic, std::move(panic_package));
    b.set_memory(mem.hurt_by, DamageSource{});
    b.set_memory(mem.hurt_by_entity, zombie.ref());
    h.tick();
    BOOST_TEST_REQUIRE((b.active_non_core_activity() == acts.panic));
    // HURT_BY still there: panic goes on.
    h.tick(30);
    BOOST_TEST((b.active_non_core_activity() == acts.panic));
    BOOST_TEST(b.has_memory_value(mem.hurt_by_entity));
    // The hurt is forgotten (the sensor's 40 ticks), the attacker 4 blocks away: distSqr 16 ≤ 36.
    b.erase_memory(mem.hurt_by);
    h.tick(5);
    BOOST_TEST((b.active_non_core_activity() == acts.panic));
    BOOST_TEST(b.has_memory_value(mem.hurt_by_entity));
    // At exactly 6 blocks (distSqr 36) it is still too close.
    h.world().teleport(zombie.handle(), {6.5, feet, 0.5});
    h.tick(5);
    BOOST_TEST((b.active_non_core_activity() == acts.panic));
    // Beyond 6: HURT_BY_ENTITY is erased and the schedule takes over.
    h.world().teleport(zombie.handle(), {6.6, feet, 0.5});
    h.tick();
    BOOST_TEST(!b.has_memory_value(mem.hurt_by_entity));
    BOOST_TEST((b.active_non_core_activity() == acts.idle));
    BOOST_TEST((last_trigger->status() == BehaviorStatus::STOPPED));
}

BOOST_FIXTURE_TEST_CASE(calm_down_waits_for_the_hostile_to_go, Panic) {
    ServerMob& v = villager({0.5, feet, 0.5});
    ServerMob& zombie = still("zombie", {30.5, feet, 0.5});
    Brain& b = *v.brain();
    auto calm = villager_calm_down(mem);
    b.set_memory(mem.nearest_hostile, zombie.ref());
    b.set_memory(mem.hurt_by_entity, zombie.ref());
    BOOST_TEST(calm->trigger(h.world(), v, h.world().game_time()));  // always triggers
    BOOST_TEST(b.has_memory_value(mem.hurt_by_entity));
    b.erase_memory(mem.nearest_hostile);
    BOOST_TEST(calm->trigger(h.world(), v, h.world().game_time()));
    BOOST_TEST(!b.has_memory_value(mem.hurt_by_entity));
    // A brain without a schedule simply keeps its activity.
    BOOST_TEST((b.active_non_core_activity() == acts.idle));
}

BOOST_FIXTURE_TEST_CASE(ring_bell_is_heard_within_32_blocks_of_the_bell, Panic) {
    h.set_block({0, -60, 0}, "bell");
    ServerMob& near = villager({31.5, feet, 0.5});  // centre distance² 961.25 < 1024
    ServerMob& edge = villager({32.5, feet, 0.5});  // 1024.25: not heard
    ServerMob& far = villager({0.5, feet, 40.5});   // in the 48-block box, 40 away
    ServerMob& brainless = still("villager", {2.5, feet, 0.5});
    h.tick();
    const std::int64_t t = h.world().game_time();
    BOOST_TEST(ring_bell(h.world(), {0, -60, 0}, mem));
    BOOST_TEST_REQUIRE(near.brain()->has_memory_value(mem.heard_bell_time));
    BOOST_TEST(*near.brain()->get_memory(mem.heard_bell_time) == t);
    BOOST_TEST(!edge.brain()->has_memory_value(mem.heard_bell_time));
    BOOST_TEST(!far.brain()->has_memory_value(mem.heard_bell_time));
    BOOST_TEST(brainless.brain() == nullptr);
    // Not a bell: nothing rings.
    near.brain()->erase_memory(mem.heard_bell_time);
    BOOST_TEST(!ring_bell(h.world(), {1, -60, 0}, mem));
    BOOST_TEST(!near.brain()->has_memory_value(mem.heard_bell_time));
}

BOOST_FIXTURE_TEST_CASE(ring_bell_behaviour_rings_5_percent_of_the_time_within_3_blocks, Panic) {
    h.set_block({0, -60, 0}, "bell");
    ServerMob& ringer = villager({1.5, feet, 0.5});  // block distSqr 1 < 9
    ServerMob& listener = villager({10.5, feet, 0.5});
    h.tick();
    auto ring = ring_bell(mem);
    ringer.brain()->set_memory(mem.meeting_point, GlobalPos{h.world().dimension(), {0, -60, 0}});
    int triggers = 0;
    for (int i = 0; i < 2000; ++i)
        if (ring->trigger(h.world(), ringer, h.world().game_time())) ++triggers;
    BOOST_TEST(triggers > 50);  // about 100 of 2000
    BOOST_TEST(triggers < 160);
    BOOST_TEST(listener.brain()->has_memory_value(mem.heard_bell_time));
    // Three blocks away (distSqr 9) it triggers but never rings.
    ServerMob& far = villager({3.5, feet, 0.5});
    h.tick();
    far.brain()->set_memory(mem.meeting_point, GlobalPos{h.world().dimension(), {0, -60, 0}});
    listener.brain()->erase_memory(mem.heard_bell_time);
    ringer.brain()->erase_memory(mem.heard_bell_time);
    int far_triggers = 0;
    for (int i = 0; i < 500; ++i)
        if (ring->trigger(h.world(), far, h.world().game_time())) ++far_triggers;
    BOOST_TEST(far_triggers > 0);
    BOOST_TEST(!listener.brain()->has_memory_value(mem.heard_bell_time));
}

BOOST_FIXTURE_TEST_CASE(react_to_bell_switches_to_hide, Panic) {
    ServerMob& v = villager({0.5, feet, 0.5});
    Brain& b = *v.brain();
    PrioritizedBehaviors more_core;
    more_core.emplace_back(0, react_to_bell(mem, acts.hide));
    b.add_activity(acts.core, std::move(more_core));
    b.add_activity(acts.hide, PrioritizedBehaviors{});
    h.tick(3);
    BOOST_TEST((b.active_non_core_activity() == acts.idle));
    h.set_block({0, -60, 3}, "bell");
    BOOST_TEST(ring_bell(h.world(), {0, -60, 3}, mem));
    h.tick();
    BOOST_TEST((b.active_non_core_activity() == acts.hide));
}

BOOST_FIXTURE_TEST_CASE(set_hidden_state_counts_300_hidden_ticks, Panic) {
    ServerMob& v = villager({0.5, feet, 0.5});
    Brain& b = *v.brain();
    h.tick();
    auto hidden = set_hidden_state(mem, 15, 3);
    const std::int64_t t0 = h.world().game_time();
    b.set_memory(mem.hiding_place, GlobalPos{h.world().dimension(), {2, -60, 0}});  // distSqr 4 < 9
    b.set_memory(mem.heard_bell_time, t0 + 1000);                                   // far from its 300-tick timeout
    for (std::int64_t t = t0; t <= t0 + 300; ++t) BOOST_TEST_REQUIRE(hidden->trigger(h.world(), v, t));
    BOOST_TEST(b.has_memory_value(mem.hiding_place));
    BOOST_TEST(hidden->trigger(h.world(), v, t0 + 301));  // 301 counted: more than 15 × 20
    BOOST_TEST(!b.has_memory_value(mem.hiding_place));
    BOOST_TEST(!b.has_memory_value(mem.heard_bell_time));
    // Missing memories: not triggered.
    BOOST_TEST(!hidden->trigger(h.world(), v, t0 + 302));
}

BOOST_FIXTURE_TEST_CASE(set_hidden_state_gives_up_300_ticks_after_the_bell, Panic) {
    ServerMob& v = villager({0.5, feet, 0.5});
    Brain& b = *v.brain();
    h.tick();
    auto hidden = set_hidden_state(mem, 15, 3);
    const std::int64_t t0 = h.world().game_time();
    b.set_memory(mem.hiding_place, GlobalPos{h.world().dimension(), {3, -60, 0}});  // distSqr 9: not hidden
    b.set_memory(mem.heard_bell_time, t0);
    for (std::int64_t t = t0; t < t0 + 300; ++t) BOOST_TEST_REQUIRE(hidden->trigger(h.world(), v, t));
    BOOST_TEST(b.has_memory_value(mem.heard_bell_time));
    BOOST_TEST(hidden->trigger(h.world(), v, t0 + 300));
    BOOST_TEST(!b.has_memory_value(mem.heard_bell_time));
    BOOST_TEST(!b.has_memory_value(mem.hiding_place));
}

BOOST_FIXTURE_TEST_CASE(locate_hiding_place_prefers_a_bed_at_hand_then_a_random_bed_then_home, Panic) {
    ServerMob& v = villager({0.5, feet, 0.5});
    Brain& b = *v.brain();
    h.tick();
    auto locate = locate_hiding_place(mem, h.poi_types().home, 32, 0.625f, 2);
    const auto dim = h.world().dimension();
    // No bed and no home: it triggers, and nothing changes.
    b.set_memory(mem.look_target, PositionTracker::block(BlockPos{3, -59, 3}));
    BOOST_TEST(locate->trigger(h.world(), v, h.world().game_time()));
    BOOST_TEST(!b.has_memory_value(mem.hiding_place));
    BOOST_TEST(b.has_memory_value(mem.look_target));
    // Its own home, far away, is the last resort.
    b.set_memory(mem.home, GlobalPos{dim, {40, -60, 40}});
    BOOST_TEST(locate->trigger(h.world(), v, h.world().game_time()));
    BOOST_TEST((b.get_memory(mem.hiding_place)->pos == BlockPos{40, -60, 40}));
    BOOST_TEST(!b.has_memory_value(mem.look_target));
    BOOST_TEST_REQUIRE(b.has_memory_value(mem.walk_target));
    BOOST_TEST(b.get_memory(mem.walk_target)->close_enough_dist == 2);
    BOOST_TEST(b.get_memory(mem.walk_target)->speed_modifier == 0.625f);
    // Beds within 32: one of them at random (walk target absent is required).
    BOOST_TEST(!locate->trigger(h.world(), v, h.world().game_time()));
    b.erase_memory(mem.walk_target);
    const std::vector<BlockPos> beds{{10, -60, 0}, {0, -60, 12}, {-9, -60, -9}};
    for (const BlockPos& p : beds) {
        h.set_block(p, "red_bed[part=head,facing=north]");
        h.set_block(p.offset(0, 0, 1), "red_bed[part=foot,facing=north]");
    }
    std::set<BlockPos> chosen;
    for (int i = 0; i < 40; ++i) {
        b.erase_memory(mem.walk_target);
        BOOST_TEST(locate->trigger(h.world(), v, h.world().game_time()));
        chosen.insert(b.get_memory(mem.hiding_place)->pos);
    }
    BOOST_TEST(chosen.size() == 3u);
    for (const BlockPos& p : chosen) BOOST_TEST((std::find(beds.begin(), beds.end(), p) != beds.end()));
    // A bed whose centre is within 2: that one, and no walk target since it is there.
    h.set_block({1, -60, 1}, "red_bed[part=head,facing=south]");
    h.set_block({1, -60, 0}, "red_bed[part=foot,facing=south]");
    b.erase_memory(mem.walk_target);
    BOOST_TEST(locate->trigger(h.world(), v, h.world().game_time()));
    BOOST_TEST((b.get_memory(mem.hiding_place)->pos == BlockPos{1, -60, 1}));
    BOOST_TEST(!b.has_memory_value(mem.walk_target));
}

BOOST_AUTO_TEST_SUITE_END()
