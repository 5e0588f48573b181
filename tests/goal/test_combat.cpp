// Tests for the combat goals (mobsdk/goal/combat.hpp): MeleeAttackGoal's timers and reach,
// NearestAttackableTargetGoal's draw and search box, HurtByTargetGoal's memory and alerting,
// TargetGoal's keep rules — in the reference world, with vanilla's numbers.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "mobsdk/goal/combat.hpp"
#include "mobserver/world/harness.hpp"

namespace {

using namespace mobsdk;
using namespace mobsdk::goal;
using mobsdk::server::PlayerEntity;
using mobsdk::server::ServerMob;
using mobsdk::server::World;
using mobsdk::server::WorldHarness;

constexpr double ground = WorldHarness::ground_y;

// Midnight: undead do not catch fire (the host burns them by day, and fire damage would hide
// the attacker these tests are about).
WorldHarness::Options night() {
    WorldHarness::Options o;
    o.day_time = 18000;
    return o;
}

ServerMob& still(WorldHarness& h, std::string_view type, Vec3 pos) {
    ServerMob& m = h.spawn(type, pos);
    m.data().no_ai = true;
    return m;
}

// A mob with AI but no goals: it stands on the ground (so it can path) and its per-tick sight
// cache is cleared by every world tick (a NoAI mob never clears it).
ServerMob& observer(WorldHarness& h, std::string_view type, Vec3 pos) {
    ServerMob& m = h.spawn(type, pos);
    h.tick(2);  // the first tick moves it by nothing; the second lands it
    return m;
}

// A player who joined long ago: its 60 ticks of spawn invulnerability are over.
PlayerEntity& join(World& world, const Vec3& at, std::uint64_t n = 1) {
    PlayerEntity& p = world.player_kind().spawn(world, Uuid{1, n}, "p" + std::to_string(n), at);
    p.spawn_invulnerable_time = 0;
    return p;
}

// Advances game time past MeleeAttackGoal's first can_use cooldown (its last check starts at 0).
void pass_time(WorldHarness& h, int ticks) { h.tick(ticks); }

const ResourceLocation& arrow() {
    static const ResourceLocation id = ResourceLocation::of("arrow");
    return id;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(combat)

// ---- MeleeAttackGoal ----

BOOST_AUTO_TEST_CASE(attack_reach_is_twice_the_width_squared_plus_the_target_width) {
    WorldHarness h(night());
    ServerMob& zombie = still(h, "zombie", {0.5, ground, 0.5});
    ServerMob& golem = still(h, "iron_golem", {5.5, ground, 0.5});
    // (0.6 × 2)² + 0.6 = 2.04 and (0.6 × 2)² + 1.4 = 2.84, in float as vanilla.
    BOOST_CHECK_EQUAL(MeleeAttackGoal::attack_reach_sqr(zombie, zombie), static_cast<double>(2.04f));
    BOOST_CHECK_EQUAL(MeleeAttackGoal::attack_reach_sqr(zombie, golem),
                      static_cast<double>(0.6f * 2.0f * 0.6f * 2.0f + 1.4f));
    // The golem's own reach: (1.4 × 2)² + 0.6.
    BOOST_CHECK_CLOSE(MeleeAttackGoal::attack_reach_sqr(golem, zombie), 8.44, 1e-4);
}

BOOST_AUTO_TEST_CASE(melee_hits_within_reach_only) {
    WorldHarness h(night());
    ServerMob& zombie = still(h, "zombie", {0.5, ground, 0.5});
    ServerMob& villager = still(h, "villager", {0.5 + 1.45, ground, 0.5});  // 2.1025 > 2.04
    zombie.set_target(villager.ref());
    MeleeAttackGoal melee(1.0, false, 3.0f);
    melee.start(h.world(), zombie);
    melee.tick(h.world(), zombie);
    BOOST_CHECK_EQUAL(villager.health(), 20.0f);
    BOOST_CHECK(melee.is_time_to_attack());
    h.world().teleport(villager.handle(), {0.5 + 1.4, ground, 0.5});  // 1.96 ≤ 2.04
    melee.tick(h.world(), zombie);
    BOOST_CHECK_EQUAL(villager.health(), 17.0f);
    BOOST_REQUIRE(villager.last_hurt().has_value());
    BOOST_CHECK_EQUAL(villager.last_hurt()->damage_type, ResourceLocation::of("mob_attack"));
    BOOST_CHECK(villager.last_hurt()->attacker == zombie.ref());
    BOOST_CHECK_EQUAL(melee.ticks_until_next_attack(), 20);
    // The look goes to the target's eyes at 30°/30°.
    BOOST_CHECK(zombie.look_control().wanted() == villager.eye_position());
}

BOOST_AUTO_TEST_CASE(melee_attacks_every_20_ticks) {
    WorldHarness h(night());
    ServerMob& zombie = h.spawn("zombie", {0.5, ground, 0.5});
    ServerMob& golem = still(h, "iron_golem", {2.0, ground, 0.5});
    zombie.enable_goals();
    // Following even unseen, the goal does not end with its path, so nothing but the cooldown
    // spaces the hits.
    auto& melee = zombie.goal_selector()->add<MeleeAttackGoal>(2, 1.0, true, 3.0f);
    BOOST_CHECK(melee.flags() == (Flags{Flag::Move, Flag::Look}));
    BOOST_CHECK(melee.requires_update_every_tick());
    zombie.set_target(golem.ref());
    std::vector<std::int64_t> hits;
    float health = golem.health();
    for (int i = 0; i < 150; ++i) {
        const std::int64_t now = h.world().game_time();
        h.tick();
        // Each hit swings the main arm (what the tracker sends, then clears) and the mob is
        // aggressive while the goal runs.
        const bool hit = golem.health() < health;
        BOOST_CHECK(zombie.pending_swing() == (hit ? std::optional<std::uint8_t>(0) : std::nullopt));
        zombie.clear_entity_events();
        BOOST_CHECK_EQUAL(zombie.is_aggressive(), zombie.goal_selector()->is_running(melee));
        if (hit) {
            BOOST_CHECK_EQUAL(health - golem.health(), 3.0f);
            health = golem.health();
            hits.push_back(now);
        }
    }
    // It may not start before game time 20 (vanilla's lastCanUseCheck starts at 0).
    BOOST_REQUIRE_GE(hits.size(), 5u);
    BOOST_CHECK_GE(hits.front(), 20);
    for (std::size_t i = 1; i < hits.size(); ++i) BOOST_CHECK_EQUAL(hits[i] - hits[i - 1], 20);
}

BOOST_AUTO_TEST_CASE(melee_checks_can_use_at_most_every_20_ticks) {
    WorldHarness h(night());
    ServerMob& zombie = h.spawn("zombie", {0.5, ground, 0.5});
    ServerMob& villager = still(h, "villager", {6.5, ground, 0.5});
    MeleeAttackGoal melee(1.0, false, 3.0f);
    BOOST_CHECK(!melee.can_use(h.world(), zombie));  // game time 0: within 20 of the initial 0
    pass_time(h, 20);
    BOOST_CHECK(!melee.can_use(h.world(), zombie));  // no target (and the check is used up)
    zombie.set_target(villager.ref());
    for (int i = 0; i < 19; ++i) {
        pass_time(h, 1);
        BOOST_CHECK(!melee.can_use(h.world(), zombie));
    }
    pass_time(h, 1);
    BOOST_CHECK(melee.can_use(h.world(), zombie));  // 20 after the last check, a path exists
    pass_time(h, 20);
    villager.set_health(0);
    BOOST_CHECK(!melee.can_use(h.world(), zombie));  // a dead target
}

BOOST_AUTO_TEST_CASE(melee_without_a_path_needs_the_target_within_reach) {
    WorldHarness h(night());
    // A hovering zombie has no ground to path from: no path is ever found.
    ServerMob& zombie = h.spawn("zombie", {0.5, ground + 3, 0.5});
    zombie.data().no_gravity = true;
    ServerMob& villager = still(h, "villager", {0.5, ground + 3, 5.5});
    zombie.set_target(villager.ref());
    MeleeAttackGoal melee(1.0, false, 3.0f);
    pass_time(h, 20);
    BOOST_CHECK(!melee.can_use(h.world(), zombie));
    h.world().teleport(villager.handle(), {0.5, ground + 3, 1.5});  // 1 ≤ 2.04
    pass_time(h, 20);
    BOOST_CHECK(melee.can_use(h.world(), zombie));
}

BOOST_AUTO_TEST_CASE(path_recalculation_waits_4_to_10_ticks_plus_distance_and_failure_penalties) {
    struct Case {
        double distance;       // to the target, along x
        double height;         // of the zombie above the ground (3: hovering, no path)
        std::int32_t penalty;  // beyond the 4 + nextInt(7)
    };
    // 10 blocks: nothing; 20 (over 16): +5; 33 (over 32): +10; no path at all: +15.
    for (const Case c : {Case{10, 0, 0}, Case{20, 0, 5}, Case{33, 0, 10}, Case{10, 3, 15}, Case{20, 3, 20}}) {
        WorldHarness h(night());
        ServerMob& zombie = h.spawn("zombie", {0.5, ground + c.height, 0.5});
        zombie.data().no_gravity = c.height > 0;
        h.tick(2);  // on the ground (or not)
        ServerMob& villager = still(h, "villager", {0.5 + c.distance, ground + c.height, 0.5});
        zombie.set_target(villager.ref());
        MeleeAttackGoal melee(1.0, false, 3.0f);
        melee.start(h.world(), zombie);
        RandomSource copy = h.world().random();
        melee.tick(h.world(), zombie);
        const std::int32_t base = 4 + copy.next_int(7);
        std::int32_t expected = base + c.penalty;
        // A search longer than the follow range may fail too, which costs the 15 as well.
        if (c.distance > 32 && zombie.navigation().is_done()) expected += 15;
        BOOST_CHECK_EQUAL(melee.ticks_until_next_path_recalculation(), expected);
        BOOST_CHECK_GE(melee.ticks_until_next_path_recalculation(), 4);
        // Counts down by one a tick and re-paths at 0 only (the target has not moved: a 0.05 draw).
        const std::int32_t wait = melee.ticks_until_next_path_recalculation();
        melee.tick(h.world(), zombie);
        BOOST_CHECK_EQUAL(melee.ticks_until_next_path_recalculation(), wait - 1);
    }
}

BOOST_AUTO_TEST_CASE(melee_repaths_when_the_target_moved_or_on_a_0_05_draw) {
    WorldHarness h(night());
    ServerMob& zombie = observer(h, "zombie", {0.5, ground, 0.5});
    ServerMob& villager = still(h, "villager", {8.5, ground, 0.5});
    zombie.set_target(villager.ref());
    MeleeAttackGoal melee(1.0, false, 3.0f);
    melee.start(h.world(), zombie);
    melee.tick(h.world(), zombie);  // first path
    for (int i = 0; i < 200; ++i) {
        if (melee.ticks_until_next_path_recalculation() == 1) {
            // The countdown reaches 0 this tick; the target stood still: repath only on the draw.
            RandomSource copy = h.world().random();
            const bool draw = copy.next_float() < 0.05f;
            melee.tick(h.world(), zombie);
            BOOST_CHECK_EQUAL(melee.ticks_until_next_path_recalculation() > 0, draw);
        } else {
            melee.tick(h.world(), zombie);
        }
    }
    // Once the target has moved a block, the next zero repaths without a draw.
    while (melee.ticks_until_next_path_recalculation() != 1) melee.tick(h.world(), zombie);
    h.world().teleport(villager.handle(), {8.5, ground, 2.0});
    melee.tick(h.world(), zombie);
    BOOST_CHECK_GE(melee.ticks_until_next_path_recalculation(), 4);
}

BOOST_AUTO_TEST_CASE(melee_continues_while_its_path_lasts_or_the_target_is_in_the_restriction) {
    WorldHarness h(night());
    ServerMob& zombie = h.spawn("zombie", {0.5, ground, 0.5});
    ServerMob& villager = still(h, "villager", {6.5, ground, 0.5});
    zombie.set_target(villager.ref());
    MeleeAttackGoal melee(1.0, false, 3.0f);
    pass_time(h, 20);
    BOOST_REQUIRE(melee.can_use(h.world(), zombie));
    melee.start(h.world(), zombie);
    BOOST_CHECK(melee.can_continue_to_use(h.world(), zombie));
    melee.stop(h.world(), zombie);
    BOOST_CHECK(zombie.navigation().is_done());
    BOOST_CHECK(!melee.can_continue_to_use(h.world(), zombie));  // the path is gone
    BOOST_CHECK(zombie.target() == villager.ref());              // vanilla keeps a mob target
    // Following even unseen: the path does not matter, the restriction does.
    MeleeAttackGoal follower(1.0, true, 3.0f);
    BOOST_CHECK(follower.can_continue_to_use(h.world(), zombie));
    zombie.restrict_to({0, -60, 0}, 4);
    BOOST_CHECK(!follower.can_continue_to_use(h.world(), zombie));
    zombie.restrict_to({0, -60, 0}, 10);
    BOOST_CHECK(follower.can_continue_to_use(h.world(), zombie));
    zombie.set_target(std::nullopt);
    BOOST_CHECK(!follower.can_continue_to_use(h.world(), zombie));
}

// ---- NearestAttackableTargetGoal ----

BOOST_AUTO_TEST_CASE(nearest_attackable_draws_one_in_reduced_interval) {
    WorldHarness h(night());
    ServerMob& zombie = still(h, "zombie", {0.5, ground, 0.5});
    still(h, "villager", {6.5, ground, 0.5});
    NearestAttackableTargetGoal goal({h.entity_types().villager}, true);
    BOOST_CHECK(goal.flags() == Flags{Flag::Target});
    BOOST_CHECK_EQUAL(goal.random_interval(), 5);  // reducedTickDelay(10)
    for (int i = 0; i < 300; ++i) {
        RandomSource copy = h.world().random();
        BOOST_REQUIRE_EQUAL(goal.can_use(h.world(), zombie), copy.next_int(5) == 0);
    }
    // An interval of 0 searches every time, without a draw.
    NearestAttackableTargetGoal eager({h.entity_types().villager}, true, false, 0);
    RandomSource copy = h.world().random();
    BOOST_CHECK(eager.can_use(h.world(), zombie));
    BOOST_CHECK_EQUAL(h.world().random().next_int(), copy.next_int());
    BOOST_CHECK_THROW(NearestAttackableTargetGoal({}, true), GoalError);
    BOOST_CHECK_THROW(NearestAttackableTargetGoal({h.entity_types().villager}, true, false, -1), GoalError);
}

BOOST_AUTO_TEST_CASE(nearest_attackable_searches_follow_range_across_and_four_blocks_up) {
    WorldHarness h(night());
    ServerMob& zombie = observer(h, "zombie", {0.5, ground, 0.5});  // follow range 35
    ServerMob& far = still(h, "villager", {30.5, ground, 0.5});
    NearestAttackableTargetGoal goal({h.entity_types().villager, h.entity_types().iron_golem}, true, false, 0);
    BOOST_REQUIRE(goal.can_use(h.world(), zombie));
    goal.start(h.world(), zombie);
    BOOST_CHECK(zombie.target() == far.ref());
    // The nearest of all listed types, measured from the zombie's eyes.
    ServerMob& golem = still(h, "iron_golem", {0.5, ground, 20.5});
    BOOST_REQUIRE(goal.can_use(h.world(), zombie));
    goal.start(h.world(), zombie);
    BOOST_CHECK(zombie.target() == golem.ref());
    // Vertically only ±4 around the zombie's box: 5 up is found, 6 up is not.
    h.world().remove(golem.handle());
    h.world().remove(far.handle());
    h.tick();
    ServerMob& up = still(h, "villager", {3.5, ground + 5, 0.5});
    BOOST_CHECK(goal.can_use(h.world(), zombie));
    h.world().teleport(up.handle(), {3.5, ground + 6, 0.5});
    h.tick();
    BOOST_CHECK(!goal.can_use(h.world(), zombie));
    // Beyond follow range horizontally (36 blocks) nothing either; 34 is found.
    h.world().teleport(up.handle(), {36.5, ground, 0.5});
    h.tick();
    BOOST_CHECK(!goal.can_use(h.world(), zombie));
    h.world().teleport(up.handle(), {34.5, ground, 0.5});
    h.tick();
    BOOST_CHECK(goal.can_use(h.world(), zombie));
}

BOOST_AUTO_TEST_CASE(nearest_attackable_needs_sight_and_an_attackable_target) {
    WorldHarness h(night());
    ServerMob& zombie = observer(h, "zombie", {0.5, ground, 0.5});
    ServerMob& villager = still(h, "villager", {6.5, ground, 0.5});
    NearestAttackableTargetGoal goal({h.entity_types().villager}, false, false, 0);
    villager.data().invulnerable = true;
    BOOST_CHECK(!goal.can_use(h.world(), zombie));
    villager.data().invulnerable = false;
    // Vanilla's search always asks for line of sight, even with must_see false.
    h.fill({3, -60, -2}, {3, -58, 2}, "stone");
    BOOST_CHECK(!goal.can_use(h.world(), zombie));
    h.fill({3, -60, -2}, {3, -58, 2}, "air");
    h.tick();  // a new tick: sight is computed again
    BOOST_CHECK(goal.can_use(h.world(), zombie));
    // The selector is an extra test (vanilla's: e.g. only baby turtles on land).
    NearestAttackableTargetGoal babies({h.entity_types().villager}, false, false, 0, [](const Mob*, const Entity& e) {
        const auto* m = dynamic_cast<const Mob*>(&e);
        return m != nullptr && m->is_baby();
    });
    BOOST_CHECK(!babies.can_use(h.world(), zombie));
    villager.set_baby(true);
    BOOST_CHECK(babies.can_use(h.world(), zombie));
}

BOOST_AUTO_TEST_CASE(a_target_is_kept_within_follow_range_and_60_ticks_unseen) {
    WorldHarness h(night());
    ServerMob& zombie = h.spawn("zombie", {0.5, ground, 0.5});
    zombie.enable_goals();
    ServerMob& villager = still(h, "villager", {6.5, ground, 0.5});
    auto& goal = zombie.target_selector()->add<NearestAttackableTargetGoal>(2, TypeList{h.entity_types().villager},
                                                                            true, false, 0);
    BOOST_CHECK_EQUAL(goal.unseen_memory_ticks(), 60);
    h.tick();
    BOOST_REQUIRE(zombie.target() == villager.ref());
    BOOST_REQUIRE(zombie.target_selector()->is_running(goal));
    // Walled in: kept for reduced_tick_delay(60) = 30 unseen evaluations, dropped at the 31st.
    h.fill({4, -60, -2}, {8, -57, 2}, "stone");
    h.fill({5, -60, -1}, {7, -58, 1}, "air");
    int evaluations = 0;
    for (int i = 0; i < 200 && zombie.target_selector()->is_running(goal); ++i) {
        const bool full = (h.world().game_time() + zombie.handle().index) % 2 == 0;
        h.tick();
        evaluations += full;
    }
    BOOST_CHECK_EQUAL(evaluations, 31);
    BOOST_CHECK(!zombie.target().has_value());  // stop() cleared it
    // Beyond follow range (35): dropped at once.
    h.fill({4, -60, -2}, {8, -57, 2}, "air");
    goal.start(h.world(), zombie);  // sets the target it last found: none
    zombie.set_target(villager.ref());
    BOOST_CHECK(goal.can_continue_to_use(h.world(), zombie));
    h.world().teleport(villager.handle(), {40.5, ground, 0.5});
    BOOST_CHECK(!goal.can_continue_to_use(h.world(), zombie));
    // A target that can no longer be attacked is dropped too.
    h.world().teleport(villager.handle(), {6.5, ground, 0.5});
    villager.data().invulnerable = true;
    BOOST_CHECK(!goal.can_continue_to_use(h.world(), zombie));
    goal.stop(h.world(), zombie);
    BOOST_CHECK(!zombie.target().has_value());
}

namespace {

// A target goal that tests one candidate with TargetGoal's canAttack (the rule vanilla's
// DefendVillageTargetGoal and others use), with must_reach on.
class ReachProbe final : public TargetGoal {
public:
    ReachProbe() : TargetGoal(false, true) { set_flags({Flag::Target}); }
    bool can_use(Level& level, Mob& mob) override {
        static const TargetingConditions conditions = TargetingConditions::for_combat().ignore_line_of_sight();
        return can_attack(level, mob, level.resolve(candidate), conditions);
    }
    EntityRef candidate;
};

}  // namespace

BOOST_AUTO_TEST_CASE(must_reach_skips_targets_without_a_path_ending_near_them) {
    WorldHarness h(night());
    ServerMob& zombie = observer(h, "zombie", {0.5, ground, 0.5});
    ServerMob& villager = still(h, "villager", {6.5, ground, 0.5});
    // A ring two blocks high around the villager: the nearest node is two blocks from it.
    h.fill({5, -60, -1}, {7, -59, 1}, "stone");
    h.fill({6, -60, 0}, {6, -59, 0}, "air");
    ReachProbe probe;
    probe.candidate = villager.ref();
    BOOST_CHECK(probe.must_reach());
    RandomSource copy = h.world().random();
    BOOST_CHECK(!probe.can_use(h.world(), zombie));
    // The answer is cached for reduced_tick_delay(10 + nextInt(5)) evaluations.
    const std::int32_t cached = Goal::reduced_tick_delay(10 + copy.next_int(5));
    h.fill({5, -60, -1}, {7, -59, 1}, "air");
    for (std::int32_t i = 1; i < cached; ++i) BOOST_CHECK(!probe.can_use(h.world(), zombie));
    BOOST_CHECK(probe.can_use(h.world(), zombie));
    // Outside the zombie's restriction it is never a target.
    zombie.restrict_to({0, -60, 0}, 3);
    BOOST_CHECK(!probe.can_use(h.world(), zombie));
}

// ---- HurtByTargetGoal ----

BOOST_AUTO_TEST_CASE(hurt_by_target_targets_the_attacker_once_per_hurt) {
    WorldHarness h(night());
    ServerMob& zombie = still(h, "zombie", {0.5, ground, 0.5});
    ServerMob& skeleton = still(h, "skeleton", {8.5, ground, 0.5});
    HurtByTargetGoal goal;
    BOOST_CHECK(goal.flags() == Flags{Flag::Target});
    BOOST_CHECK(!goal.can_use(h.world(), zombie));
    zombie.hurt(arrow(), 2.0f, &skeleton);
    BOOST_REQUIRE(goal.can_use(h.world(), zombie));
    goal.start(h.world(), zombie);
    BOOST_CHECK(zombie.target() == skeleton.ref());
    BOOST_CHECK_EQUAL(goal.unseen_memory_ticks(), 300);
    // The same hurt does not start it again; a new one does.
    goal.stop(h.world(), zombie);
    BOOST_CHECK(!zombie.target().has_value());
    BOOST_CHECK(!goal.can_use(h.world(), zombie));
    h.tick(11);  // past the hurt cooldown, in which an equal hit would not land
    zombie.hurt(arrow(), 2.0f, &skeleton);
    BOOST_CHECK(goal.can_use(h.world(), zombie));
}

BOOST_AUTO_TEST_CASE(hurt_by_target_remembers_the_attacker_for_100_ticks) {
    WorldHarness h(night());
    ServerMob& zombie = still(h, "zombie", {0.5, ground, 0.5});
    ServerMob& skeleton = still(h, "skeleton", {8.5, ground, 0.5});
    zombie.hurt(arrow(), 2.0f, &skeleton);
    h.tick(100);
    BOOST_CHECK(last_hurt_by_mob(h.world(), zombie).has_value());
    HurtByTargetGoal goal;
    BOOST_CHECK(goal.can_use(h.world(), zombie));
    h.tick();
    BOOST_CHECK(!last_hurt_by_mob(h.world(), zombie).has_value());
    BOOST_CHECK(!goal.can_use(h.world(), zombie));
    // A dead attacker is forgotten at once; damage without an attacker is no reason.
    zombie.hurt(arrow(), 2.0f, &skeleton);
    skeleton.set_health(0);
    BOOST_CHECK(!goal.can_use(h.world(), zombie));
    zombie.hurt(ResourceLocation::of("fall"), 1.0f, nullptr);
    BOOST_CHECK(!goal.can_use(h.world(), zombie));
}

BOOST_AUTO_TEST_CASE(hurt_by_target_ignores_the_types_it_is_given) {
    WorldHarness h(night());
    ServerMob& zombie = still(h, "zombie", {0.5, ground, 0.5});
    ServerMob& skeleton = still(h, "skeleton", {8.5, ground, 0.5});
    ServerMob& golem = still(h, "iron_golem", {-8.5, ground, 0.5});
    HurtByTargetGoal goal({h.entity_types().skeleton});
    zombie.hurt(arrow(), 2.0f, &skeleton);
    BOOST_CHECK(!goal.can_use(h.world(), zombie));
    h.tick(11);  // past the hurt cooldown
    BOOST_REQUIRE(zombie.hurt(ResourceLocation::of("mob_attack"), 2.0f, &golem));
    BOOST_CHECK(goal.can_use(h.world(), zombie));
    // An invulnerable attacker cannot be targeted.
    h.tick(11);
    golem.data().invulnerable = true;
    BOOST_REQUIRE(zombie.hurt(ResourceLocation::of("mob_attack"), 2.0f, &golem));
    BOOST_CHECK(!goal.can_use(h.world(), zombie));
}

BOOST_AUTO_TEST_CASE(hurt_by_target_alerts_others_of_its_type_within_follow_range) {
    WorldHarness h(night());
    ServerMob& zombie = still(h, "zombie", {0.5, ground, 0.5});
    ServerMob& skeleton = still(h, "skeleton", {8.5, ground, 0.5});
    ServerMob& friend_near = still(h, "zombie", {20.5, ground, 0.5});
    ServerMob& friend_far = still(h, "zombie", {37.5, ground, 0.5});       // beyond 35 (+1 cube)
    ServerMob& friend_high = still(h, "zombie", {0.5, ground + 12, 4.5});  // beyond 10 up
    ServerMob& busy = still(h, "zombie", {-10.5, ground, 0.5});
    ServerMob& villager = still(h, "villager", {5.5, ground, 5.5});
    ServerMob& golem = still(h, "iron_golem", {-5.5, ground, -5.5});
    busy.set_target(villager.ref());
    HurtByTargetGoal goal;
    goal.set_alert_others({h.entity_types().iron_golem});
    BOOST_CHECK(goal.alerts_others());
    zombie.hurt(arrow(), 2.0f, &skeleton);
    BOOST_REQUIRE(goal.can_use(h.world(), zombie));
    goal.start(h.world(), zombie);
    BOOST_CHECK(friend_near.target() == skeleton.ref());
    BOOST_CHECK(!friend_far.target().has_value());
    BOOST_CHECK(!friend_high.target().has_value());
    BOOST_CHECK(busy.target() == villager.ref());   // already had a target
    BOOST_CHECK(!villager.target().has_value());    // another type, not listed
    BOOST_CHECK(golem.target() == skeleton.ref());  // listed
    BOOST_CHECK(!skeleton.target().has_value());    // the attacker itself is a skeleton
    // Without set_alert_others nobody else is told.
    ServerMob& loner = still(h, "zombie", {0.5, ground, 10.5});
    friend_near.set_target(std::nullopt);
    HurtByTargetGoal quiet;
    h.tick();
    zombie.hurt(arrow(), 2.0f, &skeleton);
    BOOST_REQUIRE(quiet.can_use(h.world(), zombie));
    quiet.start(h.world(), zombie);
    BOOST_CHECK(!loner.target().has_value());
    BOOST_CHECK(!friend_near.target().has_value());
}

BOOST_AUTO_TEST_CASE(a_zombie_switches_its_target_to_a_skeleton_that_shot_it) {
    // Seed 003: the zombie's target priorities (attacker 1 > villager 3); a hit from a skeleton
    // pre-empts the villager target at the next evaluation.
    WorldHarness h(night());
    ServerMob& zombie = h.spawn("zombie", {0.5, ground, 0.5});
    zombie.enable_goals();
    zombie.target_selector()->add<HurtByTargetGoal>(1).set_alert_others();
    zombie.target_selector()->add<NearestAttackableTargetGoal>(3, TypeList{h.entity_types().villager}, false);
    ServerMob& villager = still(h, "villager", {6.5, ground, 0.5});
    ServerMob& skeleton = still(h, "skeleton", {-8.5, ground, 0.5});
    for (int i = 0; i < 100 && !zombie.target(); ++i) h.tick();
    BOOST_REQUIRE(zombie.target() == villager.ref());
    zombie.hurt(arrow(), 2.0f, &skeleton);
    h.tick(2);
    BOOST_CHECK(zombie.target() == skeleton.ref());
    // And it stays on the skeleton while it can see it.
    h.tick(40);
    BOOST_CHECK(zombie.target() == skeleton.ref());
}

BOOST_AUTO_TEST_CASE(hurt_by_target_keeps_an_unseen_attacker_for_300_ticks) {
    WorldHarness h(night());
    ServerMob& zombie = observer(h, "zombie", {0.5, ground, 0.5});
    ServerMob& skeleton = still(h, "skeleton", {8.5, ground, 0.5});
    HurtByTargetGoal goal;
    zombie.hurt(arrow(), 2.0f, &skeleton);
    BOOST_REQUIRE(goal.can_use(h.world(), zombie));
    goal.start(h.world(), zombie);
    h.fill({4, -60, -3}, {4, -57, 3}, "stone");
    int evaluations = 0;
    for (int i = 0; i < 400; ++i) {
        h.tick();  // a new tick: sight is checked again
        if (!goal.can_continue_to_use(h.world(), zombie)) break;
        ++evaluations;
    }
    BOOST_CHECK_EQUAL(evaluations, 150);  // reduced_tick_delay(300) = 150 evaluations unseen
}

// ---- players ----

BOOST_AUTO_TEST_CASE(nearest_attackable_player_form_searches_a_sphere_of_follow_range) {
    // Seed 003: players are searched in a sphere of follow range (35 for a zombie), not in the
    // box that is only 4 blocks high.
    WorldHarness h(night());
    World& w = h.world();
    ServerMob& zombie = observer(h, "zombie", {0.5, ground, 0.5});
    auto& far = w.player_kind().spawn(w, Uuid{1, 1}, "far", {30.5, ground, 0.5});
    NearestAttackableTargetGoal goal(players, true, false, 0);
    BOOST_CHECK(goal.targets_players());
    BOOST_CHECK(goal.flags() == Flags{Flag::Target});
    BOOST_REQUIRE(goal.can_use(w, zombie));
    goal.start(w, zombie);
    BOOST_CHECK(zombie.target() == far.ref());
    // The nearest player wins; 10 blocks up is still inside the sphere.
    auto& up = w.player_kind().spawn(w, Uuid{1, 2}, "up", {0.5, ground + 10, 6.5});
    BOOST_REQUIRE(goal.can_use(w, zombie));
    goal.start(w, zombie);
    BOOST_CHECK(zombie.target() == up.ref());
    // Beyond 35 blocks (feet to feet) nothing: 36 across, or 36 straight up.
    w.teleport(up.handle(), {0.5, ground + 36, 0.5});
    w.teleport(far.handle(), {36.5, ground, 0.5});
    h.tick();
    BOOST_CHECK(!goal.can_use(w, zombie));
    w.teleport(far.handle(), {34.5, ground, 0.5});
    h.tick();
    BOOST_CHECK(goal.can_use(w, zombie));
    // A sneaking player is found within 0.8 of the range (28 blocks), not at 34.
    far.shift_key_down = true;
    BOOST_CHECK(!goal.can_use(w, zombie));
    w.teleport(far.handle(), {27.5, ground, 0.5});
    h.tick();
    BOOST_CHECK(goal.can_use(w, zombie));
    // The interval draw as for any type: 1 in reduced_tick_delay(10).
    NearestAttackableTargetGoal drawn(players, true);
    BOOST_CHECK_EQUAL(drawn.random_interval(), 5);
    for (int i = 0; i < 50; ++i) {
        RandomSource copy = w.random();
        BOOST_REQUIRE_EQUAL(drawn.can_use(w, zombie), copy.next_int(5) == 0);
    }
}

BOOST_AUTO_TEST_CASE(creative_spectator_and_peaceful_players_are_not_targeted) {
    WorldHarness h(night());
    World& w = h.world();
    ServerMob& zombie = observer(h, "zombie", {0.5, ground, 0.5});
    auto& p = join(w, {6.5, ground, 0.5});
    NearestAttackableTargetGoal goal(players, true, false, 0);
    p.set_game_mode(GameMode::Creative);
    BOOST_CHECK(!goal.can_use(w, zombie));
    p.set_game_mode(GameMode::Spectator);
    BOOST_CHECK(!goal.can_use(w, zombie));
    p.set_game_mode(GameMode::Adventure);
    BOOST_CHECK(goal.can_use(w, zombie));
    p.set_game_mode(GameMode::Survival);
    BOOST_CHECK(goal.can_use(w, zombie));
    // Behind a wall: vanilla's search needs line of sight.
    h.fill({3, -60, -2}, {3, -57, 2}, "stone");
    h.tick();
    BOOST_CHECK(!goal.can_use(w, zombie));
    h.fill({3, -60, -2}, {3, -57, 2}, "air");
    h.tick();
    BOOST_CHECK(goal.can_use(w, zombie));
    w.options().difficulty = Difficulty::Peaceful;
    BOOST_CHECK(!goal.can_use(w, zombie));
    BOOST_CHECK(!can_attack(w, p));
    BOOST_CHECK(can_attack(p));
}

BOOST_AUTO_TEST_CASE(a_player_target_is_dropped_when_it_turns_creative) {
    WorldHarness h(night());
    World& w = h.world();
    ServerMob& zombie = h.spawn("zombie", {0.5, ground, 0.5});
    zombie.enable_goals();
    auto& p = join(w, {6.5, ground, 0.5});
    auto& goal = zombie.target_selector()->add<NearestAttackableTargetGoal>(2, players, true, false, 0);
    h.tick();
    BOOST_REQUIRE(zombie.target() == p.ref());
    BOOST_REQUIRE(zombie.target_selector()->is_running(goal));
    p.set_game_mode(GameMode::Creative);
    h.tick(2);
    BOOST_CHECK(!zombie.target_selector()->is_running(goal));
    BOOST_CHECK(!zombie.target().has_value());
}

BOOST_AUTO_TEST_CASE(melee_hits_a_player_and_stops_for_a_creative_one) {
    WorldHarness h(night());
    World& w = h.world();
    ServerMob& zombie = still(h, "zombie", {0.5, ground, 0.5});
    auto& p = join(w, {1.5, ground, 0.5});
    zombie.set_target(p.ref());
    MeleeAttackGoal melee(1.0, true, 3.0f);
    pass_time(h, 21);
    BOOST_REQUIRE(melee.can_use(w, zombie));
    melee.start(w, zombie);
    melee.tick(w, zombie);
    BOOST_CHECK(p.health() < p.max_health());
    BOOST_CHECK(p.last_hurt_by_mob()->attacker->uuid == zombie.uuid());
    BOOST_CHECK(melee.can_continue_to_use(w, zombie));
    // Vanilla's last test of canContinueToUse, and stop() forgets such a target.
    p.set_game_mode(GameMode::Creative);
    BOOST_CHECK(!melee.can_continue_to_use(w, zombie));
    melee.stop(w, zombie);
    BOOST_CHECK(!zombie.target().has_value());
    // A survival target stays the target when the goal stops.
    p.set_game_mode(GameMode::Survival);
    zombie.set_target(p.ref());
    melee.stop(w, zombie);
    BOOST_CHECK(zombie.target() == p.ref());
}

BOOST_AUTO_TEST_CASE(hurt_by_target_targets_a_player_who_hit_the_mob) {
    WorldHarness h(night());
    World& w = h.world();
    ServerMob& zombie = still(h, "zombie", {0.5, ground, 0.5});
    auto& p = join(w, {3.5, ground, 0.5});
    HurtByTargetGoal goal;
    zombie.hurt(ResourceLocation::of("player_attack"), 1.0f, &p);
    BOOST_REQUIRE(goal.can_use(w, zombie));
    goal.start(w, zombie);
    BOOST_CHECK(zombie.target() == p.ref());
    BOOST_CHECK(goal.can_continue_to_use(w, zombie));
    // A player who then turns creative is no longer attacked.
    p.set_game_mode(GameMode::Creative);
    BOOST_CHECK(!goal.can_continue_to_use(w, zombie));
}

BOOST_AUTO_TEST_SUITE_END()
