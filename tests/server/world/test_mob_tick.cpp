// The per-mob tick outside AI: fire, the undead's sun burn (vanilla's isSunBurnTick and
// setSecondsOnFire(8)), sleeping in a bed, pushing and cramming, goal selectors' rhythm and mob
// attachments' NBT.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "mobsdk/goal/goal.hpp"
#include "mobsdk/nbt/snbt.hpp"
#include "mobserver/world/harness.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

constexpr double feet = WorldHarness::ground_y;

// Ticks until the mob burns or `limit` ticks pass; returns the ticks it took (limit when never).
int ticks_until_burning(WorldHarness& h, ServerMob& m, int limit) {
    for (int t = 0; t < limit; ++t) {
        if (m.is_on_fire()) return t;
        h.tick();
    }
    return limit;
}

// Counts the ticks it was ticked in, and whether the full evaluation ran (can_use asked).
struct CountingGoal final : goal::Goal {
    int* ticks;
    int* evaluations;
    bool every_tick;
    CountingGoal(int* t, int* e, bool every) : ticks(t), evaluations(e), every_tick(every) {
        set_flags({goal::Flag::Move});
    }
    bool can_use(Level&, Mob&) override {
        ++*evaluations;
        return true;
    }
    bool can_continue_to_use(Level&, Mob&) override {
        ++*evaluations;
        return true;
    }
    bool requires_update_every_tick() const override { return every_tick; }
    void tick(Level&, Mob&) override { ++*ticks; }
};

// An attachment with one key of its own.
struct Counter final : MobAttachment {
    std::int32_t value = 0;
    std::span<const std::string_view> nbt_keys() const override {
        static constexpr std::string_view keys[] = {"Counter"};
        return keys;
    }
    void save(nbt::Compound& c) const override { c.put("Counter", nbt::Tag(value)); }
    void load(const nbt::Compound& c, std::vector<std::string>& warnings) override {
        if (const nbt::Tag* t = c.find("Counter")) {
            if (const auto* v = t->get_if<std::int32_t>()) value = *v;
            else warnings.push_back("Counter: expected an int");
        }
    }
};

// A villager spawned beside a bed whose head is at (3, -60, 0), then put to sleep in it.
ServerMob& villager_asleep(WorldHarness& h) {
    h.set_block({3, -60, 0}, "red_bed[part=head,facing=east]");
    h.set_block({2, -60, 0}, "red_bed[part=foot,facing=east]");
    ServerMob& v = h.spawn("villager", {0.5, feet, 0.5});
    v.start_sleeping({3, -60, 0});
    return v;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mob_tick)

BOOST_AUTO_TEST_CASE(a_zombie_in_the_noon_sun_catches_fire_for_8_seconds) {
    WorldHarness h;  // noon, flat, open sky
    ServerMob& z = h.spawn("zombie", {0.5, feet, 0.5});
    // Vanilla's chance per tick at full light: brightness 1 → 30 × rand < 1.2, about 4 %.
    const int t = ticks_until_burning(h, z, 400);
    BOOST_TEST(t < 400);
    BOOST_TEST(z.fire_ticks > 150);
    BOOST_TEST(z.fire_ticks <= 160);
}

BOOST_AUTO_TEST_CASE(a_helmet_shade_water_or_night_keep_the_undead_from_burning) {
    WorldHarness h;
    ServerMob& helmeted = h.spawn("zombie", {0.5, feet, 0.5});
    helmeted.set_equipment(EquipmentSlot::Head, ItemStack{ResourceLocation::of("leather_helmet"), 1});
    h.fill({8, -59, -2}, {12, -59, 2}, "stone");  // a roof two blocks above the ground
    ServerMob& shaded = h.spawn("zombie", {10.5, feet, 0.5});
    ServerMob& pig = h.spawn("pig", {-8.5, feet, 0.5});  // not undead
    h.tick(600);
    BOOST_TEST(!helmeted.is_on_fire());
    BOOST_TEST(!shaded.is_on_fire());
    BOOST_TEST(!pig.is_on_fire());

    WorldHarness::Options night;
    night.day_time = 18000;
    WorldHarness n(night);
    ServerMob& z = n.spawn("zombie", {0.5, feet, 0.5});
    n.tick(600);
    BOOST_TEST(!z.is_on_fire());
}

BOOST_AUTO_TEST_CASE(fire_hurts_one_point_every_20_ticks_and_water_puts_it_out) {
    WorldHarness h;
    ServerMob& pig = h.spawn("pig", {0.5, feet, 0.5});
    pig.fire_ticks = 160;
    const float before = pig.health();
    h.tick(1);  // 160 % 20 == 0: one damage, then 159
    BOOST_TEST(pig.health() == before - 1.0f);
    h.tick(19);  // 159..141: no damage
    BOOST_TEST(pig.health() == before - 1.0f);
    h.tick(1);  // 140: damage
    BOOST_TEST(pig.health() == before - 2.0f);
    BOOST_TEST(pig.last_hurt()->damage_type == ResourceLocation::of("on_fire"));

    h.fill({4, -61, -1}, {6, -61, 1}, "water");
    ServerMob& wet = h.spawn("pig", {5.5, -61.0, 0.5});
    h.tick(1);  // in_water is known after its first move
    wet.fire_ticks = 100;
    h.tick(1);
    BOOST_TEST(!wet.is_on_fire());
}

BOOST_AUTO_TEST_CASE(sleeping_occupies_the_bed_and_getting_up_frees_it) {
    WorldHarness h;
    ServerMob& v = villager_asleep(h);
    BOOST_TEST(v.is_sleeping());
    BOOST_TEST(h.world().blocks().value(h.world().block_state({3, -60, 0}), "occupied") == "true");
    BOOST_TEST(v.position().y == -60 + 0.6875);
    h.tick(20);  // a sleeper does not move
    BOOST_TEST(v.position().x == 3.5);
    // Saved as vanilla's SleepingX/Y/Z.
    const nbt::Compound saved = h.world().save_entity(v);
    BOOST_TEST(*saved.find<std::int32_t>("SleepingX") == 3);
    BOOST_TEST(*saved.find<std::int32_t>("SleepingY") == -60);
    BOOST_TEST(*saved.find<std::int32_t>("SleepingZ") == 0);
    v.stop_sleeping();
    BOOST_TEST(!v.is_sleeping());
    BOOST_TEST(h.world().blocks().value(h.world().block_state({3, -60, 0}), "occupied") == "false");
    BOOST_TEST(v.position().y == feet);  // standing beside the bed
    BOOST_TEST(!h.world().save_entity(v).contains("SleepingX"));
}

BOOST_AUTO_TEST_CASE(a_sleeper_whose_bed_is_broken_gets_up) {
    WorldHarness h;
    h.set_block({3, -60, 0}, "red_bed[part=head,facing=east]");
    ServerMob& v = h.spawn("villager", {0.5, feet, 0.5});
    v.start_sleeping({3, -60, 0});
    h.set_block({3, -60, 0}, "air");
    h.tick(1);
    BOOST_TEST(!v.is_sleeping());
}

// Vanilla's Entity.push(Entity) for two mobs `dx` apart on x: what each gets added to its motion.
double push_step(double dx) {
    const double f = std::sqrt(std::abs(dx));
    return dx / f * std::min(1.0, 1.0 / f) * static_cast<double>(0.05f);
}

BOOST_AUTO_TEST_CASE(overlapping_mobs_push_each_other_by_vanillas_formula) {
    WorldHarness h;
    // NoAI: they do not move, so the motion the pushes add stays to be read. Each pushes the other
    // once a tick (vanilla's aiStep runs pushEntities for NoAI mobs too).
    ServerMob& a = h.spawn("pig", {0.5, feet, 0.5});
    ServerMob& b = h.spawn("pig", {0.8, feet, 0.5});  // 0.3 apart, pigs are 0.9 wide
    a.set_no_ai(true);
    b.set_no_ai(true);
    h.tick();
    const double k = push_step(0.8 - 0.5);
    BOOST_TEST(k > 0.027);
    BOOST_TEST(a.data().motion.x == -2 * k);
    BOOST_TEST(b.data().motion.x == 2 * k);
    BOOST_TEST(a.data().motion.z == 0.0);
    BOOST_TEST(b.data().motion.z == 0.0);
    // Past 1 block the push shrinks with the distance: 1/f instead of 1.
    BOOST_TEST(push_step(1.21) < push_step(1.0));
}

BOOST_AUTO_TEST_CASE(pushed_mobs_walk_apart_until_their_boxes_no_longer_meet) {
    WorldHarness h;
    ServerMob& a = h.spawn("pig", {0.5, feet, 0.5});
    ServerMob& b = h.spawn("pig", {0.7, feet, 0.6});
    BOOST_TEST_REQUIRE(a.data().bounding_box().intersects(b.data().bounding_box()));
    h.tick(40);
    BOOST_TEST(!a.data().bounding_box().intersects(b.data().bounding_box()));
    // Apart along the line between them.
    BOOST_TEST(a.position().x < 0.5);
    BOOST_TEST(b.position().x > 0.7);
    BOOST_TEST(a.position().z < 0.5);
    BOOST_TEST(b.position().z > 0.6);
    // Mobs at the very same place (less than 0.01 apart on both axes) do not push: vanilla's rule.
    ServerMob& c = h.spawn("pig", {8.5, feet, 8.5});
    ServerMob& d = h.spawn("pig", {8.5, feet, 8.5});
    h.tick(20);
    BOOST_TEST(c.position().x == d.position().x);
    BOOST_TEST(c.position().z == d.position().z);
}

BOOST_AUTO_TEST_CASE(a_sleeping_mob_is_not_pushed_and_does_not_push) {
    WorldHarness h;
    ServerMob& v = villager_asleep(h);
    ServerMob& pig = h.spawn("pig", {3.5, feet, 0.7});
    pig.set_no_ai(true);
    BOOST_TEST_REQUIRE(v.data().bounding_box().intersects(pig.data().bounding_box()));
    h.tick(10);
    BOOST_TEST(v.data().motion.x == 0.0);
    BOOST_TEST(v.data().motion.z == 0.0);
    BOOST_TEST(pig.data().motion.z == 0.0);
}

// Vanilla's isPushable is false on a climbable: a mob in a ladder pushes the others (they are in
// its list) but is in no one's list and takes no push itself, so the pair's push happens once.
BOOST_AUTO_TEST_CASE(a_mob_on_a_ladder_pushes_but_is_not_pushed) {
    WorldHarness h;
    h.set_block({1, -60, 0}, "stone");
    h.set_block({0, -60, 0}, "ladder[facing=west]");
    ServerMob& climber = h.spawn("pig", {0.5, feet, 0.5});
    ServerMob& other = h.spawn("pig", {-0.3, feet, 0.5});  // in the block west of the ladder
    climber.set_no_ai(true);
    other.set_no_ai(true);
    BOOST_TEST_REQUIRE(climber.on_climbable());
    BOOST_TEST_REQUIRE(!other.on_climbable());
    h.tick();
    BOOST_TEST(climber.data().motion.x == 0.0);
    BOOST_TEST(other.data().motion.x == -push_step(0.8));
}

// Vanilla's maxEntityCramming: a mob touching that many pushable others or more (24 by default)
// takes 6 cramming damage on one tick in four (a draw from the level's random).
BOOST_AUTO_TEST_CASE(cramming_hurts_a_mob_touching_max_entity_cramming_others) {
    const auto crowd = [](int count, std::int32_t rule) {
        WorldHarness h;
        h.world().options().rules.max_entity_cramming = rule;
        std::vector<EntityHandle> pigs;
        for (int i = 0; i < count; ++i) {
            ServerMob& p = h.spawn("pig", {0.5, feet, 0.5});  // one spot: no push, only cramming
            p.set_no_ai(true);
            pigs.push_back(p.handle());
        }
        // Too short for a second hit (6 + 6 would kill a pig): the hurt cooldown lets the same
        // damage land again only 10 ticks after the first.
        h.tick(10);
        int hurt = 0;
        for (EntityHandle handle : pigs) {
            const ServerMob* p = h.world().mob(handle);
            BOOST_TEST_REQUIRE(p != nullptr);
            if (!p->last_hurt()) continue;
            ++hurt;
            BOOST_TEST(p->last_hurt()->damage_type.str() == "minecraft:cramming");
        }
        return hurt;
    };
    BOOST_TEST(crowd(25, 24) > 0);   // 24 others each
    BOOST_TEST(crowd(24, 24) == 0);  // 23 others each
    BOOST_TEST(crowd(25, 0) == 0);   // the rule at 0 turns it off
    BOOST_TEST(crowd(4, 3) > 0);     // 3 others: the rule's number
    BOOST_TEST(crowd(3, 3) == 0);
}

BOOST_AUTO_TEST_CASE(goal_selectors_evaluate_every_other_tick_and_tick_every_tick_goals_always) {
    WorldHarness h;
    ServerMob& m = h.spawn("zombie", {0.5, feet, 0.5});
    m.enable_goals();
    int ticks = 0, evaluations = 0, fast_ticks = 0, fast_evaluations = 0;
    m.goal_selector()->add<CountingGoal>(1, &ticks, &evaluations, false);
    m.target_selector()->add<CountingGoal>(1, &fast_ticks, &fast_evaluations, true);
    h.tick(20);
    // Vanilla: the full evaluation (which ticks every running goal) runs when (tick + id) is
    // even and in the first ticks; between, only goals that ask to be ticked every tick.
    BOOST_TEST(fast_ticks == 20);
    BOOST_TEST(ticks >= 10);
    BOOST_TEST(ticks <= 11);
    BOOST_TEST(evaluations == ticks);  // one can_use / can_continue_to_use per full evaluation
}

BOOST_AUTO_TEST_CASE(an_attachment_saves_its_keys_and_reads_them_back) {
    WorldHarness h;
    ServerMob& m = h.spawn("villager", {0.5, feet, 0.5});
    auto counter = std::make_unique<Counter>();
    counter->value = 7;
    m.set_attachment(std::move(counter));
    const nbt::Compound saved = h.world().save_entity(m);
    BOOST_TEST(*saved.find<std::int32_t>("Counter") == 7);

    ServerMob& other = h.spawn("villager", {4.5, feet, 0.5});
    other.set_attachment(std::make_unique<Counter>());
    const auto warnings = load_mob_nbt(other, nbt::parse_snbt_compound("{Counter: 12, Other: 1b}").value());
    BOOST_TEST(warnings.empty());
    BOOST_TEST(other.attachment_as<Counter>()->value == 12);
    // Its keys are its own: not kept verbatim beside it; the unknown key is.
    BOOST_TEST(!other.extra_nbt.contains("Counter"));
    BOOST_TEST(other.extra_nbt.contains("Other"));
    const auto bad = load_mob_nbt(other, nbt::parse_snbt_compound("{Counter: \"x\"}").value());
    BOOST_TEST(bad.size() == 1u);
    BOOST_TEST(other.attachment_as<Counter>()->value == 12);
}

BOOST_AUTO_TEST_SUITE_END()
