// The villager plugin linked as a static library (villager_content) in a real world: villagers
// claim beds, job sites and the bell, take professions, follow the villager_default schedule,
// flee a zombie and summon iron golems on the seed's timing; what they remember survives a save.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/goal/goal_selector.hpp"
#include "mobsdk/stdlib/villager.hpp"
#include "mobserver/world/harness.hpp"
#include "villager/villager_plugin.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

constexpr double ground = WorldHarness::ground_y;

// A harness with the villager plugin registered, as the server loads it.
struct VillagerWorld {
    villager::VillagerPlugin plugin;
    std::unique_ptr<WorldHarness> h;

    explicit VillagerWorld(std::int64_t day_time = 6000, MemoryExpiry expiry = MemoryExpiry::Modern) {
        WorldHarness::Options o;
        o.day_time = day_time;
        o.memory_expiry = expiry;
        o.chunk_radius = 4;
        o.plugins = {{"villager", &plugin}};
        h = std::make_unique<WorldHarness>(o);
    }
    const brain::StandardMemories& m() const { return h->memories(); }
    brain::Activity activity(const char* id) const { return h->brain_registries().activities.require(id); }
    stdlib::VillagerState& state(ServerMob& v) const { return *v.attachment_as<stdlib::VillagerState>(); }
    ServerMob& villager(const Vec3& at) { return h->spawn("villager", at); }
    std::vector<ServerMob*> golems() {
        std::vector<ServerMob*> out;
        std::vector<EntityRef> refs;
        h->world().entities_of_type(h->entity_types().iron_golem, AABB{{-64, -64, -64}, {64, 64, 64}}, refs);
        for (const auto& r : refs) out.push_back(static_cast<ServerMob*>(h->world().resolve_mob(r)));
        return out;
    }
};

// A player who joined long ago: its 60 ticks of spawn invulnerability are over.
PlayerEntity& join(World& world, const Vec3& at, std::uint64_t n = 1) {
    PlayerEntity& p = world.player_kind().spawn(world, Uuid{1, n}, "p" + std::to_string(n), at);
    p.spawn_invulnerable_time = 0;
    return p;
}

// A ring of connected oak fences around `center`: 1.5 high, so a villager inside cannot leave
// but sees over it.
void pen(WorldHarness& h, BlockPos center) {
    auto in_ring = [&](int dx, int dz) { return std::max(std::abs(dx), std::abs(dz)) == 1; };
    for (int dx = -1; dx <= 1; ++dx)
        for (int dz = -1; dz <= 1; ++dz) {
            if (!in_ring(dx, dz)) continue;
            auto side = [&](int ox, int oz) {
                const int nx = dx + ox, nz = dz + oz;
                return std::abs(nx) <= 1 && std::abs(nz) <= 1 && in_ring(nx, nz) ? "true" : "false";
            };
            h.set_block(center.offset(dx, 0, dz), std::string("oak_fence[north=") + side(0, -1) +
                                                      ",south=" + side(0, 1) + ",east=" + side(1, 0) +
                                                      ",west=" + side(-1, 0) + "]");
        }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(villager)

BOOST_AUTO_TEST_CASE(a_villager_gets_its_state_brain_and_schedule) {
    VillagerWorld w;
    ServerMob& v = w.villager({0.5, ground, 0.5});
    BOOST_REQUIRE(v.brain());
    BOOST_REQUIRE(v.attachment_as<stdlib::VillagerState>());
    BOOST_TEST(w.state(v).unemployed());
    BOOST_TEST(v.brain()->is_active(w.activity("minecraft:core")));
    BOOST_TEST(v.brain()->is_active(w.activity("minecraft:idle")));
    // VillagerData is saved as vanilla does.
    const nbt::Compound saved = w.h->world().save_entity(v);
    const auto& data = saved.get<nbt::Compound>("VillagerData");
    BOOST_TEST(data.get<std::string>("profession") == "minecraft:none");
    BOOST_TEST(data.get<std::string>("type") == "minecraft:plains");
    BOOST_TEST(data.get<std::int32_t>("level") == 1);
}

BOOST_AUTO_TEST_CASE(villagers_claim_beds_job_sites_and_the_bell_and_take_professions) {
    VillagerWorld w;
    w.h->set_block({6, -60, 0}, "red_bed[part=head,facing=east]");
    w.h->set_block({5, -60, 0}, "red_bed[part=foot,facing=east]");
    w.h->set_block({6, -60, 4}, "red_bed[part=head,facing=east]");
    w.h->set_block({5, -60, 4}, "red_bed[part=foot,facing=east]");
    w.h->set_block({-5, -60, 0}, "composter");
    w.h->set_block({-5, -60, 5}, "lectern");
    w.h->set_block({0, -60, -6}, "bell");
    ServerMob& a = w.villager({0.5, ground, 0.5});
    ServerMob& b = w.villager({0.5, ground, 3.5});
    w.h->tick(1200);
    for (ServerMob* v : {&a, &b}) {
        BOOST_TEST(v->brain()->has_memory_value(w.m().home));
        BOOST_TEST(v->brain()->has_memory_value(w.m().job_site));
        BOOST_TEST(v->brain()->has_memory_value(w.m().meeting_point));
    }
    // Two beds, two job sites: each claimed once.
    BOOST_TEST(!(a.brain()->get_memory(w.m().home)->pos == b.brain()->get_memory(w.m().home)->pos));
    BOOST_TEST(w.h->world().poi_manager().free_tickets({6, -60, 0}) == 0);
    BOOST_TEST(w.h->world().poi_manager().free_tickets({6, -60, 4}) == 0);
    // Each took the profession of the job site it holds.
    for (ServerMob* v : {&a, &b}) {
        const BlockPos site = v->brain()->get_memory(w.m().job_site)->pos;
        const char* expected = site == BlockPos{-5, -60, 0} ? "minecraft:farmer" : "minecraft:librarian";
        BOOST_TEST(w.state(*v).data.profession.str() == expected);
        // With the profession came its two novice offers (rolled on the brain refresh).
        BOOST_TEST_REQUIRE(w.state(*v).offers.has_value());
        BOOST_TEST(w.state(*v).offers->size() == 2u);
    }
}

BOOST_AUTO_TEST_CASE(the_day_follows_the_villager_default_schedule) {
    VillagerWorld w(1000);
    w.h->set_block({-3, -60, 0}, "lectern");
    w.h->set_block({0, -60, -4}, "bell");
    ServerMob& v = w.villager({0.5, ground, 0.5});
    w.h->tick(400);  // claims the lectern and the bell
    BOOST_REQUIRE(v.brain()->has_memory_value(w.m().job_site));
    BOOST_TEST(v.brain()->is_active(w.activity("minecraft:idle")));
    w.h->world().set_day_time(2000);
    w.h->tick(40);
    BOOST_TEST(v.brain()->is_active(w.activity("minecraft:work")));
    w.h->world().set_day_time(9000);
    w.h->tick(40);
    BOOST_TEST(v.brain()->is_active(w.activity("minecraft:meet")));
    w.h->world().set_day_time(11000);
    w.h->tick(40);
    BOOST_TEST(v.brain()->is_active(w.activity("minecraft:idle")));
    w.h->world().set_day_time(12000);
    w.h->tick(40);
    BOOST_TEST(v.brain()->is_active(w.activity("minecraft:rest")));
}

BOOST_AUTO_TEST_CASE(a_villager_sleeps_in_its_bed_at_night_and_wakes_up_in_the_morning) {
    VillagerWorld w(12000);
    w.h->set_block({4, -60, 0}, "red_bed[part=head,facing=east]");
    w.h->set_block({3, -60, 0}, "red_bed[part=foot,facing=east]");
    ServerMob& v = w.villager({0.5, ground, 0.5});
    std::optional<std::int64_t> slept_at;
    for (int t = 0; t < 1200 && !slept_at; ++t) {
        w.h->tick();
        if (v.is_sleeping()) slept_at = w.h->world().game_time();
    }
    BOOST_REQUIRE(slept_at.has_value());
    BOOST_TEST(*v.sleeping_pos() == (BlockPos{4, -60, 0}));
    BOOST_REQUIRE(v.brain()->has_memory_value(w.m().last_slept));
    w.h->world().set_day_time(24000 + 20);  // morning: idle, so it gets up
    w.h->tick(40);
    BOOST_TEST(!v.is_sleeping());
    BOOST_TEST(v.brain()->has_memory_value(w.m().last_woken));
}

BOOST_AUTO_TEST_CASE(villagers_flee_a_zombie) {
    VillagerWorld w(18000);  // night: the zombie does not burn
    ServerMob& v = w.villager({0.5, ground, 0.5});
    ServerMob& z = w.h->spawn("zombie", {5.5, ground, 0.5});
    z.data().no_ai = true;
    // Within a sensor period it sees the zombie (8 blocks is the villager's fear distance),
    // panics and runs; out of range it calms down again.
    std::optional<std::int64_t> panicked, calmed;
    for (int t = 0; t < 200 && !calmed; ++t) {
        w.h->tick();
        const bool panic = v.brain()->is_active(w.activity("minecraft:panic"));
        if (panic && !panicked) {
            panicked = w.h->world().game_time();
            BOOST_TEST(v.brain()->has_memory_value(w.m().nearest_hostile));
        }
        if (!panic && panicked) calmed = w.h->world().game_time();
    }
    BOOST_REQUIRE(panicked.has_value());
    BOOST_TEST(*panicked <= 45);
    BOOST_REQUIRE(calmed.has_value());
    BOOST_TEST(v.position().dist_sqr(z.position()) > 8.0 * 8.0);
}

BOOST_AUTO_TEST_CASE(panicking_villagers_summon_golems_every_700_ticks) {
    VillagerWorld w(18000, MemoryExpiry::Modern);  // night: the zombie does not burn
    // Three villagers that slept, penned in fences they see over, and a zombie 4 blocks away that
    // keeps them panicking: the iron-farm set-up.
    std::vector<ServerMob*> villagers;
    for (int i = 0; i < 3; ++i) {
        pen(*w.h, {i * 3, -60, 0});
        villagers.push_back(&w.villager({i * 3 + 0.5, ground, 0.5}));
        villagers.back()->brain()->set_memory(w.m().last_slept, std::int64_t{0});
    }
    ServerMob& z = w.h->spawn("zombie", {3.5, ground, 4.5});
    z.data().no_ai = true;
    std::vector<std::int64_t> summoned;
    for (int t = 0; t < 1700 && summoned.size() < 2; ++t) {
        const std::size_t before = 0;
        const std::int64_t now = w.h->world().game_time();
        w.h->tick();
        const auto golems = w.golems();
        if (golems.size() > before) {
            summoned.push_back(now);
            // Inside the 17×13×17 area around some villager's feet.
            const Vec3 g = golems.back()->position();
            bool inside = false;
            for (ServerMob* v : villagers)
                inside = inside || (std::abs(g.x - v->position().x) <= 9.0 && std::abs(g.z - v->position().z) <= 9.0 &&
                                    std::abs(g.y - v->position().y) <= 7.0);
            BOOST_TEST(inside);
            for (ServerMob* v : villagers) BOOST_TEST(v->brain()->has_memory_value(w.m().golem_detected_recently));
        }
        // As in an iron farm, the golem is taken away at once: a golem the villagers' golem sensor
        // sees keeps GOLEM_DETECTED_RECENTLY fresh (and this one would kill the zombie).
        for (ServerMob* g : golems) w.h->world().remove(g->handle());
    }
    BOOST_REQUIRE(summoned.size() == 2u);
    BOOST_TEST(summoned[0] % 100 == 0);
    BOOST_TEST(summoned[1] - summoned[0] == 700);  // GOLEM_DETECTED_RECENTLY: 600 ticks, gone at 601
}

BOOST_AUTO_TEST_CASE(villagers_that_did_not_sleep_summon_no_golem) {
    VillagerWorld w(18000);
    for (int i = 0; i < 3; ++i) {
        pen(*w.h, {i * 3, -60, 0});
        w.villager({i * 3 + 0.5, ground, 0.5});
    }
    ServerMob& z = w.h->spawn("zombie", {3.5, ground, 4.5});
    z.data().no_ai = true;
    w.h->tick(400);
    BOOST_TEST(w.golems().empty());
}

BOOST_AUTO_TEST_CASE(long_term_memories_and_villager_data_survive_a_save_short_term_ones_do_not) {
    VillagerWorld w;
    w.h->set_block({4, -60, 0}, "red_bed[part=head,facing=east]");
    w.h->set_block({-4, -60, 0}, "composter");
    ServerMob& v = w.villager({0.5, ground, 0.5});
    w.h->tick(600);
    BOOST_REQUIRE(v.brain()->has_memory_value(w.m().home));
    BOOST_REQUIRE(v.brain()->has_memory_value(w.m().job_site));
    w.state(v).add_item(ItemStack{ResourceLocation::of("wheat_seeds"), 5});
    v.brain()->set_memory(w.m().walk_target, brain::WalkTarget{});
    const nbt::Compound saved = w.h->world().save_entity(v);
    w.h->world().remove(v.handle());
    w.h->tick();
    std::vector<std::string> warnings;
    auto back = w.h->world().spawn_from_nbt(saved, warnings);
    BOOST_REQUIRE(back);
    BOOST_TEST(warnings.empty());
    ServerMob* m = w.h->world().mob((*back)->handle());
    BOOST_REQUIRE(m);
    BOOST_TEST(m->brain()->get_memory(w.m().home)->pos == (BlockPos{4, -60, 0}));
    BOOST_TEST(m->brain()->get_memory(w.m().job_site)->pos == (BlockPos{-4, -60, 0}));
    BOOST_TEST(!m->brain()->has_memory_value(w.m().walk_target));
    BOOST_TEST(w.state(*m).data.profession.str() == "minecraft:farmer");
    BOOST_TEST(w.state(*m).count_item(ResourceLocation::of("wheat_seeds")) == 5);
}

BOOST_AUTO_TEST_CASE(an_iron_golem_attacks_a_zombie_that_comes_near) {
    VillagerWorld w(18000);
    ServerMob& g = w.h->spawn("iron_golem", {0.5, ground, 0.5});
    ServerMob& z = w.h->spawn("zombie", {6.5, ground, 0.5});
    z.data().no_ai = true;
    BOOST_REQUIRE(g.goal_selector());
    // Through its reference: a dead zombie leaves the world 20 ticks after dying.
    const EntityRef zombie = z.ref();
    bool hurt = false;
    for (int t = 0; t < 200 && !hurt; ++t) {
        w.h->tick();
        const Mob* live = w.h->world().resolve_mob(zombie);
        hurt = live == nullptr || live->health() < live->max_health();
    }
    BOOST_TEST(hurt);
}

BOOST_AUTO_TEST_CASE(an_iron_golem_turns_on_a_player_who_hit_it) {
    VillagerWorld w(18000);
    World& world = w.h->world();
    ServerMob& g = w.h->spawn("iron_golem", {0.5, ground, 0.5});
    auto& p = join(world, {3.5, ground, 0.5});
    w.h->tick(20);
    BOOST_TEST(!g.target().has_value());
    BOOST_REQUIRE(g.hurt(ResourceLocation::of("player_attack"), 1.0f, &p));
    float health = p.health();
    for (int t = 0; t < 100 && p.health() == health; ++t) w.h->tick();
    BOOST_TEST((g.target() == p.ref()));
    BOOST_TEST(g.target_selector()->holder(goal::Flag::Target)->debug_string() == "HurtByTargetGoal");
    BOOST_TEST(p.health() < health);
    BOOST_TEST(p.last_hurt_by_mob()->attacker->uuid == g.uuid());
}

BOOST_AUTO_TEST_CASE(an_iron_golem_defends_a_villager_a_player_hurt_nearby) {
    // docs/villagers.md: DefendVillageTargetGoal without reputation: a player in the golem's box
    // grown by (10, 8, 10) who hurt a villager in that box within 100 ticks.
    VillagerWorld w(18000);
    World& world = w.h->world();
    ServerMob& g = w.h->spawn("iron_golem", {0.5, ground, 0.5});
    g.data().no_ai = true;  // it stands still; the goal is asked directly
    ServerMob& v = w.villager({6.5, ground, 0.5});
    v.data().no_ai = true;
    auto& p = join(world, {8.5, ground, 0.5});
    goal::Goal* defend = nullptr;
    for (const auto& wrapped : g.target_selector()->goals())
        if (wrapped.goal->debug_string() == "DefendVillageTargetGoal") defend = wrapped.goal.get();
    BOOST_REQUIRE(defend != nullptr);
    BOOST_TEST(g.target_selector()->goals().front().priority == 1);
    BOOST_TEST(!defend->can_use(world, g));
    BOOST_REQUIRE(v.hurt(ResourceLocation::of("player_attack"), 1.0f, &p));
    BOOST_TEST(defend->can_use(world, g));
    defend->start(world, g);
    BOOST_TEST((g.target() == p.ref()));
    defend->stop(world, g);
    // A creative player is not attacked.
    p.set_game_mode(GameMode::Creative);
    BOOST_TEST(!defend->can_use(world, g));
    p.set_game_mode(GameMode::Survival);
    // The player beyond the box (its x more than 10 past the golem's box) is not.
    world.teleport(p.handle(), {12.5, ground, 0.5});
    BOOST_TEST(!defend->can_use(world, g));
    world.teleport(p.handle(), {10.5, ground, 0.5});
    BOOST_TEST(defend->can_use(world, g));
    // After 100 ticks the villager forgets who hurt it.
    w.h->tick(101);
    BOOST_TEST(!defend->can_use(world, g));
}

BOOST_AUTO_TEST_CASE(the_iron_golem_rolls_its_damage) {
    // Vanilla's IronGolem.doHurtTarget: attack_damage / 2 + nextInt((int) attack_damage), every
    // value of 7.5 … 21.5 for the golem's 15, drawn from the random it is given.
    RandomSource random(42), copy(42);
    std::set<float> seen;
    for (int i = 0; i < 1000; ++i) {
        const float d = villager::iron_golem_hit_damage(random, 15.0f);
        BOOST_TEST(d == 7.5f + static_cast<float>(copy.next_int(15)));
        seen.insert(d);
    }
    BOOST_TEST(seen.size() == 15u);
    BOOST_TEST(*seen.begin() == 7.5f);
    BOOST_TEST(*seen.rbegin() == 21.5f);
    // Below 1 the attack damage is dealt as it is, and nothing is drawn.
    RandomSource untouched(7), reference(7);
    BOOST_TEST(villager::iron_golem_hit_damage(untouched, 0.5f) == 0.5f);
    BOOST_TEST(untouched.next_int() == reference.next_int());
}

// The golem's goal table (vanilla's IronGolem.registerGoals, with the goals this host has).
BOOST_AUTO_TEST_CASE(the_iron_golem_gets_vanillas_goal_table) {
    VillagerWorld w;
    ServerMob& g = w.h->spawn("iron_golem", {0.5, ground, 0.5});
    std::vector<std::string> goals;
    for (const auto& e : g.goal_selector()->goals())
        goals.push_back(std::to_string(e.priority) + " " + e.goal->debug_string());
    const std::vector<std::string> expected{"1 MeleeAttackGoal", "4 WaterAvoidingRandomStrollGoal", "5 OfferFlowerGoal",
                                            "7 LookAtPlayerGoal(Player)", "8 RandomLookAroundGoal"};
    BOOST_TEST(goals == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(an_iron_golem_offers_a_villager_a_flower_by_day) {
    VillagerWorld w(6000);
    ServerMob& g = w.h->spawn("iron_golem", {0.5, ground, 0.5});
    ServerMob& v = w.h->spawn("villager", {4.5, ground, 0.5});
    w.h->spawn("villager", {12.5, ground, 0.5});  // beyond 6 blocks
    villager::OfferFlowerGoal* offer = nullptr;
    for (const auto& e : g.goal_selector()->goals())
        if (auto* o = dynamic_cast<villager::OfferFlowerGoal*>(e.goal.get())) offer = o;
    BOOST_REQUIRE(offer != nullptr);
    BOOST_TEST((offer->flags() == goal::Flags{goal::Flag::Move, goal::Flag::Look}));
    Level& level = w.h->world();
    // One draw of nextInt(8000) per evaluation; it is used when the draw is 0.
    int used = 0;
    for (int i = 0; i < 200000 && used == 0; ++i) {
        RandomSource copy = level.random();
        const bool expected = copy.next_int(8000) == 0;
        BOOST_REQUIRE_EQUAL(offer->can_use(level, g), expected);
        if (expected) ++used;
    }
    BOOST_REQUIRE_EQUAL(used, 1);
    BOOST_TEST((offer->villager() == std::optional<EntityRef>(v.ref())));
    // The poppy is held out (event 11) for 400 ticks: 200 evaluations; the golem looks at the villager.
    offer->start(level, g);
    BOOST_TEST(offer->ticks_left() == 200);
    BOOST_TEST(
        (std::vector<std::int8_t>(g.entity_events().begin(), g.entity_events().end()) == std::vector<std::int8_t>{11}));
    offer->tick(level, g);
    BOOST_TEST(offer->ticks_left() == 199);
    BOOST_TEST(g.look_control().wanted() == v.eye_position());
    BOOST_TEST(offer->can_continue_to_use(level, g));
    offer->stop(level, g);
    BOOST_TEST(g.entity_events().back() == 34);
    BOOST_TEST(!offer->villager().has_value());
    // By night never (and no draw).
    VillagerWorld night(18000);
    ServerMob& g2 = night.h->spawn("iron_golem", {0.5, ground, 0.5});
    night.h->spawn("villager", {2.5, ground, 0.5});
    villager::OfferFlowerGoal goal(night.plugin.content().villager);
    for (int i = 0; i < 20000; ++i) BOOST_REQUIRE(!goal.can_use(night.h->world(), g2));
}

BOOST_AUTO_TEST_CASE(an_iron_golem_hit_deals_a_rolled_amount) {
    VillagerWorld w(18000);
    ServerMob& g = w.h->spawn("iron_golem", {0.5, ground, 0.5});
    ServerMob& z = w.h->spawn("zombie", {2.5, ground, 0.5});
    z.data().no_ai = true;
    z.set_attribute_base(Attribute::MaxHealth, 1000.0);
    z.set_health(1000.0f);
    BOOST_REQUIRE(g.goal_selector());
    std::set<float> dealt;
    float health = z.health();
    for (int t = 0; t < 1200 && dealt.size() < 3; ++t) {
        w.h->tick();
        if (z.health() < health) {
            const float d = health - z.health();
            // 7.5 + 0…14 (the hurt cooldown lets no partial hit through: hits are 20 ticks apart).
            BOOST_TEST(d >= 7.5f);
            BOOST_TEST(d <= 21.5f);
            BOOST_TEST(d - std::floor(d) == 0.5f);
            // The swing clients see (entity event 4) and at least the knock-up's 0.4 upwards (the
            // zombie has NoAI: no gravity takes it back).
            BOOST_TEST((g.entity_events().size() == 1u && g.entity_events()[0] == 4));
            BOOST_TEST(z.data().motion.y >= 0.4 - 1e-6);
            dealt.insert(d);
            health = z.health();
        }
    }
    // Not the mean every time: the hits differ.
    BOOST_TEST(dealt.size() >= 2u);
}

BOOST_AUTO_TEST_SUITE_END()
