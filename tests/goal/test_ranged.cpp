// Tests for RangedBowAttackGoal (mobsdk/goal/ranged.hpp), held to seed 004: the see-time
// bookkeeping, strafing after 20 seen ticks with 0.3 flips every 20 ticks, the 0.25–0.75 band,
// 20 ticks of drawing per shot, the attack interval, and giving up after 60 unseen ticks; then a
// skeleton strafing around a target in the reference world.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

#include "mobsdk/goal/ranged.hpp"
#include "mobsdk/testing/fake_world.hpp"
#include "mobserver/world/harness.hpp"

namespace {

using namespace mobsdk;
using namespace mobsdk::goal;
using mobsdk::server::ServerMob;
using mobsdk::server::WorldHarness;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

constexpr double ground = WorldHarness::ground_y;

// Midnight: the host sets skeletons on fire by day, and they would burn to death in the long
// strafing tests.
WorldHarness::Options night() {
    WorldHarness::Options o;
    o.day_time = 18000;
    return o;
}

const ItemStack bow{ResourceLocation::of("bow"), 1};

// Records every shot: when (game time) and with what power.
class Recorder final : public RangedAttacker {
public:
    void perform_ranged_attack(Level& level, Mob&, const Entity& target, float power) override {
        shots.emplace_back(level.game_time(), power);
        last_target = target.ref();
    }
    std::vector<std::pair<std::int64_t, float>> shots;
    EntityRef last_target;
};

// A skeleton and its target on a fake level (line of sight always clear), 10 blocks apart.
struct FakeScene {
    FakeLevel level{5};
    FakeMob skeleton{Uuid{0, 1}, 1};
    FakeMob target{Uuid{0, 2}, 2};
    Recorder recorder;
    RangedBowAttackGoal goal{recorder, 1.0, 20, 15.0f};

    FakeScene() {
        level.mobs = {&skeleton, &target};
        target.position_ = {0.0, 0.0, 10.0};  // due south: the facing yaw is 0, the fake's own
        skeleton.set_equipment(EquipmentSlot::MainHand, bow);
        skeleton.set_target(target.ref());
    }
    void tick(int n = 1) {
        for (int i = 0; i < n; ++i) {
            goal.tick(level, skeleton);
            ++level.game_time_;
        }
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(ranged)

BOOST_AUTO_TEST_CASE(bow_power_follows_the_draw_time) {
    BOOST_CHECK_EQUAL(RangedBowAttackGoal::power_for_time(0), 0.0f);
    BOOST_CHECK_CLOSE(RangedBowAttackGoal::power_for_time(10), (0.25f + 1.0f) / 3.0f, 1e-4);
    BOOST_CHECK_CLOSE(RangedBowAttackGoal::power_for_time(15), (0.5625f + 1.5f) / 3.0f, 1e-4);
    BOOST_CHECK_EQUAL(RangedBowAttackGoal::power_for_time(20), 1.0f);
    BOOST_CHECK_EQUAL(RangedBowAttackGoal::power_for_time(72'000), 1.0f);
}

BOOST_AUTO_TEST_CASE(it_needs_a_target_and_a_bow_in_either_hand) {
    FakeScene s;
    BOOST_CHECK(s.goal.flags() == (Flags{Flag::Move, Flag::Look}));
    BOOST_CHECK(s.goal.requires_update_every_tick());
    BOOST_CHECK(s.goal.can_use(s.level, s.skeleton));
    s.skeleton.set_equipment(EquipmentSlot::MainHand, {ResourceLocation::of("crossbow"), 1});
    BOOST_CHECK(!s.goal.can_use(s.level, s.skeleton));
    s.skeleton.set_equipment(EquipmentSlot::OffHand, bow);
    BOOST_CHECK(s.goal.can_use(s.level, s.skeleton));
    s.skeleton.set_equipment(EquipmentSlot::OffHand, {ResourceLocation::of("bow"), 0});  // an empty stack
    BOOST_CHECK(!RangedBowAttackGoal::is_holding_bow(s.skeleton));
    s.skeleton.set_equipment(EquipmentSlot::MainHand, bow);
    // Without a target it runs on while a path is being walked.
    s.skeleton.set_target(std::nullopt);
    BOOST_CHECK(!s.goal.can_use(s.level, s.skeleton));
    BOOST_CHECK(!s.goal.can_continue_to_use(s.level, s.skeleton));
    s.skeleton.navigation().move_to(BlockPos{3, 0, 3}, 1.0);
    BOOST_CHECK(s.goal.can_continue_to_use(s.level, s.skeleton));
    s.skeleton.set_equipment(EquipmentSlot::MainHand, {});
    BOOST_CHECK(!s.goal.can_continue_to_use(s.level, s.skeleton));
}

BOOST_AUTO_TEST_CASE(it_closes_in_then_strafes_after_20_seen_ticks) {
    FakeScene s;
    for (int k = 1; k < 20; ++k) {
        s.tick();
        BOOST_REQUIRE_EQUAL(s.goal.see_time(), k);
        BOOST_REQUIRE_EQUAL(s.goal.strafing_time(), -1);
        BOOST_REQUIRE(s.skeleton.nav.target() == (BlockPos{0, 0, 10}));  // paths to the target
    }
    s.tick();  // the 20th seen tick, inside the radius (10² < 15²)
    BOOST_CHECK_EQUAL(s.goal.strafing_time(), 0);
    BOOST_CHECK(s.skeleton.nav.is_done());  // the path is dropped
    BOOST_CHECK(s.skeleton.controls.operation() == MoveControl::Operation::Strafe);
    // Facing the target (south, the mob's own yaw): vanilla's strafe(0.5, −0.5) unchanged.
    BOOST_CHECK_CLOSE(s.skeleton.controls.strafe_forward, 0.5f, 1e-4);
    BOOST_CHECK_CLOSE(s.skeleton.controls.strafe_right, -0.5f, 1e-4);
    // Beyond the radius it paths again and stops strafing.
    s.target.position_ = {0.0, 0.0, 15.5};
    s.tick();
    BOOST_CHECK_EQUAL(s.goal.strafing_time(), -1);
    BOOST_CHECK(s.skeleton.nav.is_in_progress());
}

BOOST_AUTO_TEST_CASE(strafe_directions_flip_with_probability_0_3_every_20_ticks) {
    FakeScene s;
    s.tick(20);
    BOOST_REQUIRE_EQUAL(s.goal.strafing_time(), 0);
    int flips = 0, checks = 0;
    for (int round = 0; round < 200; ++round) {
        s.tick(19);
        BOOST_REQUIRE_EQUAL(s.goal.strafing_time(), 19);
        const bool clockwise = s.goal.strafing_clockwise(), backwards = s.goal.strafing_backwards();
        RandomSource copy = s.level.random();
        const bool flip_clockwise = static_cast<double>(copy.next_float()) < 0.3;
        const bool flip_backwards = static_cast<double>(copy.next_float()) < 0.3;
        s.tick();
        BOOST_REQUIRE_EQUAL(s.goal.strafing_time(), 0);
        BOOST_REQUIRE_EQUAL(s.goal.strafing_clockwise(), clockwise != flip_clockwise);
        // 10 blocks lies inside the band, so nothing overrides the backwards flip.
        BOOST_REQUIRE_EQUAL(s.goal.strafing_backwards(), backwards != flip_backwards);
        flips += flip_clockwise + flip_backwards;
        checks += 2;
    }
    BOOST_CHECK_GT(flips, checks * 2 / 10);
    BOOST_CHECK_LT(flips, checks * 4 / 10);
}

BOOST_AUTO_TEST_CASE(the_band_backs_off_inside_a_quarter_and_closes_in_beyond_three_quarters) {
    FakeScene s;
    s.tick(20);
    // 7 blocks: 49 < 0.25 × 225 = 56.25: backwards.
    s.target.position_ = {0.0, 0.0, 7.0};
    s.tick();
    BOOST_CHECK(s.goal.strafing_backwards());
    BOOST_CHECK_CLOSE(s.skeleton.controls.strafe_forward, -0.5f, 1e-4);
    // 13 blocks: 169 > 0.75 × 225 = 168.75: forwards.
    s.target.position_ = {0.0, 0.0, 13.0};
    s.tick();
    BOOST_CHECK(!s.goal.strafing_backwards());
    BOOST_CHECK_CLOSE(s.skeleton.controls.strafe_forward, 0.5f, 1e-4);
    // In between: left as it was.
    s.target.position_ = {0.0, 0.0, 7.6};  // 57.76
    s.tick();
    BOOST_CHECK(!s.goal.strafing_backwards());
}

BOOST_AUTO_TEST_CASE(the_strafe_is_relative_to_a_body_turning_30_degrees_a_tick) {
    FakeScene s;
    s.target.position_ = {10.0, 0.0, 0.0};  // due east: yaw −90, the fake mob faces 0 (south)
    s.tick(20);
    // First strafing tick: the body has turned 30° of the 90°. The input (0.5 forward, −0.5
    // right) in that frame, expressed in the mob's own frame.
    auto expect = [&](double facing_degrees) {
        const double d = facing_degrees * std::numbers::pi / 180.0;
        const double f = 0.5, r = s.goal.strafing_clockwise() ? 0.5 : -0.5;
        BOOST_CHECK_CLOSE(s.skeleton.controls.strafe_forward, f * std::cos(d) + r * std::sin(d), 1e-3);
        BOOST_CHECK_CLOSE(s.skeleton.controls.strafe_right, r * std::cos(d) - f * std::sin(d), 1e-3);
    };
    expect(-30.0);
    s.tick();
    expect(-60.0);
    s.tick();
    expect(-90.0);  // facing the target: forward is +x (towards it), "right" −0.5 is +z
    BOOST_CHECK_CLOSE(s.skeleton.controls.strafe_forward, 0.5f, 1e-3);
    BOOST_CHECK_CLOSE(s.skeleton.controls.strafe_right, 0.5f, 1e-3);
    s.tick();
    expect(-90.0);
}

BOOST_AUTO_TEST_CASE(it_draws_for_20_ticks_then_waits_the_attack_interval) {
    FakeScene s;
    std::vector<int> drawn_at;
    for (int k = 1; k <= 130; ++k) {
        const bool was_using = s.goal.is_using_item();
        s.tick();
        if (!was_using && s.goal.is_using_item()) drawn_at.push_back(k);
    }
    // Drawn at once (attack time starts at −1), shot on the 20th tick of drawing, then 20 ticks
    // of attack interval before the next draw: a shot every 40 ticks.
    const std::vector<int> expected_draws{1, 41, 81, 121};
    BOOST_CHECK_EQUAL_COLLECTIONS(drawn_at.begin(), drawn_at.end(), expected_draws.begin(), expected_draws.end());
    BOOST_REQUIRE_EQUAL(s.recorder.shots.size(), 3u);
    BOOST_CHECK_EQUAL(s.recorder.shots[0].first, 20);  // the 21st call runs at game time 20
    BOOST_CHECK_EQUAL(s.recorder.shots[1].first, 60);
    BOOST_CHECK_EQUAL(s.recorder.shots[2].first, 100);
    for (const auto& shot : s.recorder.shots) BOOST_CHECK_EQUAL(shot.second, 1.0f);
    BOOST_CHECK(s.recorder.last_target == s.target.ref());
    // The interval is the goal's to change (vanilla: 20 on hard, 40 otherwise).
    s.goal.set_min_attack_interval(40);
    s.tick(200);
    BOOST_CHECK_EQUAL(s.recorder.shots.size(), 3u + 4u);
    // stop() lowers the bow and forgets the sight count and the attack time.
    s.goal.stop(s.level, s.skeleton);
    BOOST_CHECK(!s.goal.is_using_item());
    BOOST_CHECK_EQUAL(s.goal.see_time(), 0);
    BOOST_CHECK_EQUAL(s.goal.attack_time(), -1);
}

BOOST_AUTO_TEST_CASE(it_lowers_the_bow_after_60_unseen_ticks_and_draws_again_on_sight) {
    WorldHarness h(night());
    ServerMob& skeleton = h.spawn("skeleton", {0.5, ground, 0.5});
    ServerMob& target = h.spawn("villager", {8.5, ground, 0.5});
    target.data().no_ai = true;
    h.fill({7, -60, -1}, {9, -58, 1}, "stone");  // a closed box around the villager
    h.fill({8, -60, 0}, {8, -59, 0}, "air");
    skeleton.set_equipment(EquipmentSlot::MainHand, bow);
    skeleton.set_target(target.ref());
    Recorder recorder;
    RangedBowAttackGoal goal(recorder, 1.0, 20, 15.0f);
    for (int k = 1; k <= 100; ++k) {
        h.tick();  // sight is recomputed each tick
        goal.tick(h.world(), skeleton);
        BOOST_REQUIRE_EQUAL(goal.see_time(), -k);
        // Drawn at once; lowered once unseen for more than 60 ticks, and not drawn again.
        BOOST_REQUIRE_EQUAL(goal.is_using_item(), k <= 60);
    }
    BOOST_CHECK(recorder.shots.empty());
    // In sight again: the count restarts at 1 and the bow comes up at once.
    h.fill({7, -60, -1}, {9, -58, 1}, "air");
    h.tick();
    goal.tick(h.world(), skeleton);
    BOOST_CHECK_EQUAL(goal.see_time(), 1);
    BOOST_CHECK(goal.is_using_item());
}

BOOST_AUTO_TEST_CASE(a_strafing_skeleton_keeps_inside_the_band) {
    WorldHarness h(night());
    ServerMob& skeleton = h.spawn("skeleton", {0.5, ground, 0.5});
    ServerMob& target = h.spawn("villager", {12.5, ground, 0.5});
    target.data().no_ai = true;
    skeleton.set_equipment(EquipmentSlot::MainHand, bow);
    skeleton.enable_goals();
    Recorder recorder;
    auto& goal = skeleton.goal_selector()->add<RangedBowAttackGoal>(4, recorder, 1.0, 20, 15.0f);
    skeleton.set_target(target.ref());
    // The band, with half a block for the tick it takes to turn around.
    const double inner = std::sqrt(0.25 * 225.0) - 0.5, outer = std::sqrt(0.75 * 225.0) + 0.5;
    const Vec3 t = target.position();
    bool strafing = false;
    double min_d = 1e9, max_d = 0, turned = 0;
    double last_angle = std::atan2(skeleton.position().z - t.z, skeleton.position().x - t.x);
    for (int i = 0; i < 2400; ++i) {
        h.tick();
        strafing = strafing || goal.strafing_time() > -1;
        const Vec3 p = skeleton.position();
        const double d = std::sqrt((p.x - t.x) * (p.x - t.x) + (p.z - t.z) * (p.z - t.z));
        const double angle = std::atan2(p.z - t.z, p.x - t.x);
        double step = angle - last_angle;
        if (step > std::numbers::pi) step -= 2 * std::numbers::pi;
        if (step < -std::numbers::pi) step += 2 * std::numbers::pi;
        last_angle = angle;
        if (!strafing) continue;
        BOOST_REQUIRE_GT(goal.strafing_time(), -1);  // never out of range again
        min_d = std::min(min_d, d);
        max_d = std::max(max_d, d);
        turned += std::abs(step);
    }
    BOOST_REQUIRE(strafing);
    BOOST_TEST_MESSAGE("distance " << min_d << "–" << max_d << ", turned " << turned * 180 / std::numbers::pi << "°, "
                                   << recorder.shots.size() << " shots");
    BOOST_CHECK_GE(min_d, inner);
    BOOST_CHECK_LE(max_d, outer);
    BOOST_CHECK_GT(turned, std::numbers::pi / 2);  // it circles, not just stands
    BOOST_CHECK_GE(recorder.shots.size(), 40u);
}

BOOST_AUTO_TEST_CASE(a_skeleton_too_close_backs_off_into_the_band) {
    WorldHarness h(night());
    ServerMob& skeleton = h.spawn("skeleton", {0.5, ground, 0.5});
    ServerMob& target = h.spawn("villager", {3.5, ground, 0.5});
    target.data().no_ai = true;
    skeleton.set_equipment(EquipmentSlot::MainHand, bow);
    skeleton.enable_goals();
    Recorder recorder;
    auto& goal = skeleton.goal_selector()->add<RangedBowAttackGoal>(4, recorder, 1.0, 20, 15.0f);
    skeleton.set_target(target.ref());
    int in_band_from = -1;
    for (int i = 0; i < 2000; ++i) {
        h.tick();
        const double d = std::sqrt(skeleton.distance_to_sqr(target));
        if (in_band_from < 0 && goal.strafing_time() > -1 && d >= std::sqrt(0.25 * 225.0)) in_band_from = i;
        if (in_band_from >= 0) BOOST_REQUIRE_GE(d, std::sqrt(0.25 * 225.0) - 0.5);
    }
    BOOST_CHECK_GE(in_band_from, 0);
    BOOST_TEST_MESSAGE("in the band after " << in_band_from << " ticks");
}

BOOST_AUTO_TEST_SUITE_END()
