// The slime of the monsters plugin in a real world: size and what it sets, its NBT, the goal table
// of seed 003, hopping with its own move control, hurting iron golems it touches, floating, and
// splitting when it dies.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mobsdk/nbt/snbt.hpp"
#include "mobsdk/plugin/ai_factory.hpp"
#include "mobserver/world/harness.hpp"
#include "monsters/monsters_plugin.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
using monsters::SlimeMoveControl;
using monsters::SlimeState;

namespace {

constexpr double ground = WorldHarness::ground_y;

// A harness with the monsters plugin, at night (nothing burns). Iron golems have no AI here.
struct SlimeWorld {
    monsters::MonstersPlugin plugin;
    std::unique_ptr<WorldHarness> h;

    explicit SlimeWorld(std::int64_t seed = 1) {
        WorldHarness::Options o;
        o.day_time = 18000;
        o.seed = seed;
        o.chunk_radius = 4;
        o.plugins = {{"monsters", &plugin}};
        h = std::make_unique<WorldHarness>(o);
    }
    World& world() { return h->world(); }
    ServerMob& slime(const Vec3& at, std::int32_t size) {
        ServerMob& m = h->spawn("slime", at);
        state(m).set_size(size, true);
        return m;
    }
    static SlimeState& state(ServerMob& m) {
        auto* s = m.attachment_as<SlimeState>();
        BOOST_REQUIRE(s != nullptr);
        return *s;
    }
    std::vector<ServerMob*> slimes() {
        std::vector<ServerMob*> out;
        for (EntityHandle handle : world().entities().order())
            if (ServerMob* m = world().mob(handle); m && m->is_alive() && m->type() == h->entity_types().slime)
                out.push_back(m);
        return out;
    }
};

// A player who joined long ago: its 60 ticks of spawn invulnerability are over.
PlayerEntity& join(World& world, const Vec3& at, std::uint64_t n = 1) {
    PlayerEntity& p = world.player_kind().spawn(world, Uuid{1, n}, "p" + std::to_string(n), at);
    p.spawn_invulnerable_time = 0;
    return p;
}

std::vector<std::string> table(goal::GoalSelector& selector) {
    std::vector<std::string> out;
    for (const auto& w : selector.goals()) out.push_back(std::to_string(w.priority) + " " + w.goal->debug_string());
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(slime)

BOOST_AUTO_TEST_CASE(the_size_sets_box_health_speed_and_damage_as_vanilla) {
    SlimeWorld w;
    ServerMob& s = w.slime({0.5, ground, 0.5}, 4);
    BOOST_TEST(SlimeWorld::state(s).size() == 4);
    BOOST_TEST(s.max_health() == 16.0f);
    BOOST_TEST(s.health() == 16.0f);
    BOOST_TEST(s.movement_speed() == static_cast<double>(0.2f + 0.1f * 4.0f));
    BOOST_TEST(s.attribute_base(Attribute::AttackDamage) == 4.0);
    // EntityType 2.04 × 2.04 scaled by 0.255 × size (floats).
    const float width = 2.04f * (0.255f * 4.0f);
    BOOST_TEST(s.bounding_box().max.x - s.bounding_box().min.x == static_cast<double>(width),
               boost::test_tools::tolerance(1e-6));
    BOOST_TEST(s.eye_height() == static_cast<double>(1.275f * (0.255f * 4.0f)), boost::test_tools::tolerance(1e-6));
    SlimeWorld::state(s).set_size(200, false);  // clamped to 127
    BOOST_TEST(SlimeWorld::state(s).size() == 127);
    BOOST_TEST(s.health() == 16.0f);  // not reset
    BOOST_CHECK_NO_THROW(w.world().entities().verify());
}

BOOST_AUTO_TEST_CASE(a_summoned_slime_is_size_1_2_or_4) {
    SlimeWorld w;
    std::vector<int> seen(5, 0);
    for (int i = 0; i < 60; ++i) {
        ServerMob& s = w.h->spawn("slime", {0.5 + i % 8 * 3, ground, 0.5 + i / 8 * 3});
        w.world().finalize_spawn(s);
        const std::int32_t size = SlimeWorld::state(s).size();
        BOOST_REQUIRE((size == 1 || size == 2 || size == 4));
        ++seen[static_cast<std::size_t>(size)];
        BOOST_TEST(s.health() == static_cast<float>(size * size));
    }
    BOOST_TEST(seen[1] > 0);
    BOOST_TEST(seen[2] > 0);
    BOOST_TEST(seen[4] > 0);
}

BOOST_AUTO_TEST_CASE(the_special_multiplier_follows_vanillas_local_difficulty) {
    SlimeWorld w;
    w.world().options().difficulty = Difficulty::Normal;
    BOOST_TEST(monsters::special_multiplier(w.world()) == 0.0f);  // 2 × (0.75 + …) < 2 early on
    w.world().options().difficulty = Difficulty::Hard;
    w.world().set_day_time(0);
    BOOST_TEST(monsters::special_multiplier(w.world()) == (3.0f * 0.75f - 2.0f) / 2.0f);
    w.world().options().difficulty = Difficulty::Peaceful;
    BOOST_TEST(monsters::special_multiplier(w.world()) == 0.0f);
}

BOOST_AUTO_TEST_CASE(size_saves_as_size_minus_one_and_loads_before_health) {
    SlimeWorld w;
    auto tag = nbt::parse_snbt_compound("{Size:3,Health:10.0f,wasOnGround:1b}");
    BOOST_REQUIRE(tag.has_value());
    ServerMob& s = w.h->spawn("slime", {0.5, ground, 0.5}, *tag);
    BOOST_TEST(SlimeWorld::state(s).size() == 4);
    BOOST_TEST(s.health() == 10.0f);
    BOOST_TEST(s.max_health() == 16.0f);
    const nbt::Compound saved = w.world().save_entity(s);
    BOOST_TEST(*saved.find<std::int32_t>("Size") == 3);
    BOOST_TEST(*saved.find<std::int8_t>("wasOnGround") == 1);
    // A negative size is size 1; a Size of the wrong type is named and skipped.
    auto neg = nbt::parse_snbt_compound("{Size:-5}");
    ServerMob& tiny = w.h->spawn("slime", {4.5, ground, 0.5}, *neg);
    BOOST_TEST(SlimeWorld::state(tiny).size() == 1);
    auto wrong = nbt::parse_snbt_compound("{Size:\"big\"}");
    BOOST_CHECK_THROW(w.h->spawn("slime", {8.5, ground, 0.5}, *wrong), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(the_slime_gets_vanillas_goal_table) {
    SlimeWorld w;
    ServerMob& s = w.slime({0.5, ground, 0.5}, 2);
    BOOST_REQUIRE(s.goal_selector());
    BOOST_TEST(table(*s.goal_selector()) ==
                   (std::vector<std::string>{"1 SlimeFloatGoal", "2 SlimeAttackGoal", "3 SlimeRandomDirectionGoal",
                                             "5 SlimeKeepOnJumpingGoal", "0 SlimeContactDamageGoal"}),
               boost::test_tools::per_element());
    BOOST_TEST(table(*s.target_selector()) ==
                   (std::vector<std::string>{"1 NearestAttackableTargetGoal(Player)", "3 NearestAttackableTargetGoal"}),
               boost::test_tools::per_element());
    BOOST_TEST(dynamic_cast<SlimeMoveControl*>(&s.move_control()) != nullptr);
}

BOOST_AUTO_TEST_CASE(a_slime_hops_in_its_chosen_direction) {
    SlimeWorld w;
    ServerMob& s = w.slime({0.5, ground, 0.5}, 2);
    auto* move = SlimeWorld::state(s).move_control();
    BOOST_REQUIRE(move != nullptr);
    std::vector<std::int64_t> jump_ticks;
    std::int32_t jumps = 0;
    double max_height = 0;
    for (int t = 0; t < 400; ++t) {
        w.h->tick();
        max_height = std::max(max_height, s.position().y - ground);
        if (move->jumps() != jumps) {
            jumps = move->jumps();
            jump_ticks.push_back(w.world().game_time());
        }
    }
    BOOST_REQUIRE(jump_ticks.size() >= 4u);
    // Between jumps: the time in the air, then the 10–29 delay counted only on the ticks its
    // keep-on-jumping goal asks to move (every other tick), so 20–58 ticks on the ground.
    for (std::size_t i = 1; i < jump_ticks.size(); ++i) {
        BOOST_TEST(jump_ticks[i] - jump_ticks[i - 1] >= 20 + 10);
        BOOST_TEST(jump_ticks[i] - jump_ticks[i - 1] <= 58 + 14);
    }
    // A vanilla jump (0.42 up) lifts it a little over a block.
    BOOST_TEST(max_height > 1.0);
    BOOST_TEST(max_height < 1.3);
    const double moved = std::hypot(s.position().x - 0.5, s.position().z - 0.5);
    BOOST_TEST(moved > 1.0);
    // Its body faces the heading its random-direction goal chose.
    BOOST_TEST(std::abs(std::remainder(s.y_rot() - move->direction(), 360.0f)) < 1.0f);
}

BOOST_AUTO_TEST_CASE(a_slime_in_water_keeps_jumping_to_float) {
    SlimeWorld w;
    w.h->fill({-2, -61, -2}, {2, -58, 2}, "water");
    ServerMob& s = w.slime({0.5, -61.0, 0.5}, 1);
    auto* floating = [&]() -> goal::Goal* {
        for (const auto& g : s.goal_selector()->goals())
            if (g.goal->debug_string() == "SlimeFloatGoal") return g.goal.get();
        return nullptr;
    }();
    bool ran = false;
    for (int t = 0; t < 40 && !ran; ++t) {
        w.h->tick();
        ran = s.goal_selector()->is_running(*floating);
    }
    BOOST_TEST(ran);
    w.h->tick(40);
    BOOST_TEST(s.position().y > -61.0);  // it rose
}

BOOST_AUTO_TEST_CASE(a_big_slime_hunts_and_hurts_an_iron_golem_a_tiny_one_does_not) {
    SlimeWorld w;
    ServerMob& golem = w.h->spawn("iron_golem", {6.5, ground, 0.5});
    ServerMob& s = w.slime({0.5, ground, 0.5}, 4);
    std::vector<std::int64_t> hits;
    float last = golem.health();
    for (int t = 0; t < 600 && hits.size() < 3; ++t) {
        w.h->tick();
        if (golem.health() < last) {
            BOOST_TEST(last - golem.health() == 4.0f);  // the slime's attack damage: its size
            last = golem.health();
            hits.push_back(w.world().game_time());
        }
    }
    BOOST_TEST(s.target().has_value());
    BOOST_REQUIRE(hits.size() == 3u);
    BOOST_TEST(golem.last_hurt_by_mob()->damage_type.str() == "minecraft:mob_attack");
    BOOST_TEST(golem.last_hurt_by_mob()->attacker->uuid == s.uuid());
    // The golem's hurt cooldown paces the hits: at least 10 ticks apart.
    BOOST_TEST(hits[1] - hits[0] >= 10);
    BOOST_TEST(hits[2] - hits[1] >= 10);

    SlimeWorld w2;
    ServerMob& golem2 = w2.h->spawn("iron_golem", {1.5, ground, 0.5});
    w2.slime({0.5, ground, 0.5}, 1);
    w2.h->tick(300);
    BOOST_TEST(golem2.health() == golem2.max_health());
}

BOOST_AUTO_TEST_CASE(a_slime_hunts_a_player_within_4_blocks_up_or_down_and_hurts_it_on_touch) {
    SlimeWorld w;
    World& world = w.world();
    ServerMob& s = w.slime({0.5, ground, 0.5}, 2);
    // 5 blocks up: the selector (|dy| ≤ 4) refuses it.
    auto& p = join(world, {4.5, ground + 5, 0.5});
    w.h->tick(60);
    BOOST_TEST(!s.target().has_value());
    world.teleport(p.handle(), {4.5, ground, 0.5});
    const float full = p.health();
    for (int t = 0; t < 600 && p.health() == full; ++t) w.h->tick();
    BOOST_TEST((s.target() == p.ref()));
    BOOST_TEST(full - p.health() == 2.0f);  // its size, on normal difficulty
    BOOST_REQUIRE(p.last_hurt_by_mob().has_value());
    BOOST_TEST(p.last_hurt_by_mob()->damage_type.str() == "minecraft:mob_attack");
    BOOST_TEST(p.last_hurt_by_mob()->attacker->uuid == s.uuid());

    // A tiny slime deals no damage.
    SlimeWorld w2;
    World& world2 = w2.world();
    w2.slime({0.5, ground, 0.5}, 1);
    auto& p2 = join(world2, {1.0, ground, 0.5});
    w2.h->tick(200);
    BOOST_TEST(p2.health() == p2.max_health());
}

BOOST_AUTO_TEST_CASE(a_dead_slime_splits_into_two_to_four_of_half_its_size_after_20_ticks) {
    SlimeWorld w;
    ServerMob& big = w.slime({0.5, ground, 0.5}, 4);
    const Vec3 at = big.position();
    BOOST_REQUIRE(w.world().kill(big.handle()));
    w.h->tick(ServerMob::death_duration - 1);
    BOOST_TEST(w.slimes().empty());
    w.h->tick();
    const auto children = w.slimes();
    BOOST_TEST(children.size() >= 2u);
    BOOST_TEST(children.size() <= 4u);
    for (ServerMob* c : children) {
        BOOST_TEST(SlimeWorld::state(*c).size() == 2);
        BOOST_TEST(c->health() == 4.0f);
        BOOST_TEST(std::abs(c->position().x - at.x) <= 0.5);
        BOOST_TEST(std::abs(c->position().z - at.z) <= 0.5);
    }
    // Each of those splits into tiny ones; tiny ones leave nothing.
    for (ServerMob* c : children) w.world().kill(c->handle());
    w.h->tick(ServerMob::death_duration);
    const auto tiny = w.slimes();
    BOOST_TEST(tiny.size() >= 2 * children.size());
    for (ServerMob* c : tiny) BOOST_TEST(SlimeWorld::state(*c).size() == 1);
    for (ServerMob* c : tiny) w.world().kill(c->handle());
    w.h->tick(ServerMob::death_duration);
    BOOST_TEST(w.slimes().empty());
}

// Vanilla's Slime.remove: the children keep the parent's CustomName, NoAI and Invulnerable (here a
// NoAI slime still dies by /kill, which ignores invulnerability, and still splits).
BOOST_AUTO_TEST_CASE(split_slimes_keep_the_name_no_ai_and_invulnerability) {
    SlimeWorld w;
    ServerMob& named = w.slime({0.5, ground, 0.5}, 2);
    named.set_custom_name("Gloop");
    named.set_no_ai(true);
    named.set_invulnerable(true);
    BOOST_REQUIRE(w.world().kill(named.handle()));
    w.h->tick(ServerMob::death_duration);
    const auto children = w.slimes();
    BOOST_TEST_REQUIRE(children.size() >= 2u);
    for (ServerMob* c : children) {
        BOOST_TEST((c->custom_name() == std::optional<std::string>("Gloop")));
        BOOST_TEST(c->is_no_ai());
        BOOST_TEST(c->is_invulnerable());
        BOOST_TEST(c->data().no_ai);
    }
    // And a plain slime's children are plain.
    SlimeWorld w2;
    ServerMob& plain = w2.slime({0.5, ground, 0.5}, 2);
    BOOST_REQUIRE(w2.world().kill(plain.handle()));
    w2.h->tick(ServerMob::death_duration);
    const auto plain_children = w2.slimes();
    BOOST_TEST_REQUIRE(plain_children.size() >= 2u);  // otherwise the checks below check nothing
    for (ServerMob* c : plain_children) {
        BOOST_TEST(!c->custom_name().has_value());
        BOOST_TEST(!c->is_no_ai());
        BOOST_TEST(!c->is_invulnerable());
    }
}

BOOST_AUTO_TEST_SUITE_END()
