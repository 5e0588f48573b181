// Arrows as world entities (vanilla's AbstractArrow): flight with gravity and drag, sticking in
// blocks and falling when the block goes, hitting mobs for ceil(speed × damage) credited to the
// shooter, the hurt cooldown that deflects them, despawning, and their NBT. Also the mob-side
// pieces arrows and slimes rely on: death with its 20-tick animation, per-mob attributes and
// dimension scale.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <optional>

#include "mobsdk/nbt/snbt.hpp"
#include "mobserver/world/harness.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

constexpr double ground = WorldHarness::ground_y;

// A harness whose mobs have no AI (no plugins): they stand where they are put. At night, so
// that no undead burns.
WorldHarness::Options at_night() {
    WorldHarness::Options o;
    o.day_time = 18000;
    return o;
}

struct ArrowWorld {
    WorldHarness h{at_night()};
    World& world() { return h.world(); }
    ArrowEntity& arrow(const EntityRef& ref) {
        ArrowEntity* a = world().arrow_entity(ref);
        BOOST_REQUIRE(a != nullptr);
        return *a;
    }
};

double length(const Vec3& v) { return std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z); }

}  // namespace

BOOST_AUTO_TEST_SUITE(arrow)

BOOST_AUTO_TEST_CASE(an_arrow_flies_with_vanillas_gravity_and_drag) {
    ArrowWorld w;
    ArrowEntity& a = w.world().spawn_arrow({0.5, ground + 20.0, 0.5}, {1.0, 0.0, 0.0});
    w.h.tick();
    // Moved by its motion, then motion × 0.99 and 0.05 gravity.
    BOOST_TEST(a.position().x == 1.5);
    BOOST_TEST(a.position().y == ground + 20.0);
    BOOST_TEST(a.motion().x == 0.99);
    BOOST_TEST(a.motion().y == -0.05);
    w.h.tick();
    BOOST_TEST(a.position().x == 1.5 + 0.99);
    BOOST_TEST(a.position().y == ground + 20.0 - 0.05);
    BOOST_TEST(a.motion().x == 0.99 * 0.99);
    BOOST_TEST(a.motion().y == -0.05 * 0.99 - 0.05);
    // It faces its motion: yaw atan2(x, z), pitch atan2(y, horizontal), in degrees.
    BOOST_TEST(a.y_rot() == static_cast<float>(std::atan2(0.99, 0.0) * 57.2957763671875),
               boost::test_tools::tolerance(1e-4f));
    BOOST_TEST(a.x_rot() < 0.0f);
}

BOOST_AUTO_TEST_CASE(shooting_spreads_the_direction_with_triangles_from_the_level_random) {
    ArrowWorld w;
    ServerMob& s = w.h.spawn("skeleton", {0.5, ground, 0.5});
    RandomSource expected = w.world().random();  // the draws shoot_arrow will make
    const auto ref = w.world().shoot_arrow(s, {0.5, ground + 1.64, 0.5}, {3.0, 0.0, 4.0}, 1.6f, 6.0f, 2.0);
    BOOST_REQUIRE(ref.has_value());
    const double spread = 0.0172275 * 6.0;
    const double x = 0.6 + expected.triangle(0.0, spread);
    const double y = 0.0 + expected.triangle(0.0, spread);
    const double z = 0.8 + expected.triangle(0.0, spread);
    const Vec3 m = w.arrow(*ref).motion();
    const auto velocity = static_cast<double>(1.6f);  // vanilla's float, widened
    BOOST_TEST(m.x == x * velocity, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(m.y == y * velocity, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(m.z == z * velocity, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(w.arrow(*ref).owner->uuid == s.uuid());
    BOOST_TEST(w.arrow(*ref).base_damage == 2.0);
    BOOST_TEST((w.arrow(*ref).pickup == ArrowEntity::Pickup::Disallowed));
    // Without inaccuracy the motion is the normalised direction × velocity.
    const auto straight = w.world().shoot_arrow(s, {0.5, ground + 1.64, 0.5}, {3.0, 0.0, 4.0}, 2.0f, 0.0f, 2.0);
    BOOST_TEST(w.arrow(*straight).motion().x == 1.2, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(w.arrow(*straight).motion().z == 1.6, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(an_arrow_cannot_be_shot_into_an_unloaded_chunk) {
    ArrowWorld w;
    ServerMob& s = w.h.spawn("skeleton", {0.5, ground, 0.5});
    BOOST_TEST(!w.world().shoot_arrow(s, {5000.5, ground + 1.0, 0.5}, {1, 0, 0}, 1.6f, 0.0f, 2.0).has_value());
    BOOST_TEST(!w.world().shoot_arrow(s, {0.5, ground + 1.0, 0.5}, {1, 0, 0}, 1.6f, 0.0f, std::nan("")).has_value());
}

BOOST_AUTO_TEST_CASE(an_arrow_sticks_in_a_wall_then_falls_when_the_wall_goes) {
    ArrowWorld w;
    w.h.fill({5, -60, -2}, {5, -55, 2}, "stone");
    ArrowEntity& a = w.world().spawn_arrow({0.5, ground + 2.0, 0.5}, {1.5, 0.0, 0.0});
    for (int t = 0; t < 10 && !a.in_ground; ++t) w.h.tick();
    BOOST_REQUIRE(a.in_ground);
    // Stopped 0.05 short of the wall's face at x = 5.
    BOOST_TEST(a.position().x < 5.0);
    BOOST_TEST(a.position().x > 4.9);
    BOOST_TEST(a.shake == 7);  // vanilla's shakeTime on impact
    const Vec3 stuck = a.position();
    w.h.tick(30);
    BOOST_TEST(a.position().x == stuck.x);
    BOOST_TEST(a.position().y == stuck.y);
    BOOST_TEST(a.life == 30);
    // The block it is in changed and nothing holds it: it falls and its life starts again.
    w.h.fill({5, -60, -2}, {5, -55, 2}, "air");
    w.h.tick();
    BOOST_TEST(!a.in_ground);
    BOOST_TEST(a.life == 0);
    w.h.tick(20);
    BOOST_TEST(a.position().y < stuck.y);
}

BOOST_AUTO_TEST_CASE(an_arrow_in_the_ground_despawns_after_1200_ticks) {
    ArrowWorld w;
    ArrowEntity& a = w.world().spawn_arrow({0.5, ground + 0.5, 0.5}, {0.0, -1.0, 0.0});
    const EntityRef ref = a.ref();
    w.h.tick(2);
    BOOST_REQUIRE(w.world().arrow_entity(ref) != nullptr);
    BOOST_REQUIRE(w.world().arrow_entity(ref)->in_ground);
    const std::int32_t life = w.world().arrow_entity(ref)->life;
    w.h.tick(ArrowEntity::despawn_life - life - 1);
    BOOST_TEST(w.world().arrow_entity(ref) != nullptr);
    w.h.tick();
    BOOST_TEST(w.world().arrow_entity(ref) == nullptr);
    BOOST_TEST(w.world().find(ref.uuid) == nullptr);
}

BOOST_AUTO_TEST_CASE(an_arrow_hurts_the_first_mob_on_its_way_for_ceil_speed_times_damage) {
    ArrowWorld w;
    ServerMob& s = w.h.spawn("skeleton", {0.5, ground, 0.5});
    ServerMob& near = w.h.spawn("zombie", {4.5, ground, 0.5});
    ServerMob& far = w.h.spawn("zombie", {8.5, ground, 0.5});
    const auto ref = w.world().shoot_arrow(s, {0.5, ground + 1.64, 0.5}, {1, 0, 0}, 1.6f, 0.0f, 2.0);
    BOOST_REQUIRE(ref.has_value());
    for (int t = 0; t < 10 && near.health() == near.max_health(); ++t) w.h.tick();
    // The first tick it is at 1.6 blocks a tick; the hit comes within three ticks, speed ≥ 1.55.
    BOOST_TEST(near.health() == near.max_health() - 4.0f);  // ceil(~1.58 × 2)
    BOOST_TEST(far.health() == far.max_health());
    BOOST_TEST(w.world().arrow_entity(*ref) == nullptr);  // gone after the hit
    const auto hurt = near.last_hurt_by_mob();
    BOOST_REQUIRE(hurt.has_value());
    BOOST_TEST(hurt->damage_type.str() == "minecraft:arrow");
    BOOST_TEST(hurt->attacker->uuid == s.uuid());
    // The shooter it started inside was never hit.
    BOOST_TEST(s.health() == s.max_health());
}

BOOST_AUTO_TEST_CASE(a_mob_in_its_hurt_cooldown_deflects_an_arrow_that_is_no_stronger) {
    ArrowWorld w;
    ServerMob& s = w.h.spawn("skeleton", {0.5, ground, 0.5});
    ServerMob& z = w.h.spawn("zombie", {3.5, ground, 0.5});
    BOOST_REQUIRE(z.hurt(ResourceLocation::of("generic"), 10.0f, nullptr));
    BOOST_TEST(z.invulnerable_time == 20);
    const auto ref = w.world().shoot_arrow(s, {0.5, ground + 1.64, 0.5}, {1, 0, 0}, 1.6f, 0.0f, 2.0);
    std::optional<Vec3> bounced;
    for (int t = 0; t < 4 && !bounced; ++t) {
        w.h.tick();
        if (ArrowEntity* a = w.world().arrow_entity(*ref); a && a->motion().x < 0) bounced = a->motion();
    }
    // 4 damage is not more than the 10 it just took: deflected, back at a tenth of its speed.
    BOOST_TEST(z.health() == 10.0f);
    BOOST_REQUIRE(bounced.has_value());
    BOOST_TEST(length(*bounced) < 0.2);
    // Vanilla's rule for a stronger hit inside the cooldown: only the excess lands.
    BOOST_TEST(z.hurt(ResourceLocation::of("generic"), 13.0f, nullptr));
    BOOST_TEST(z.health() == 7.0f);
    BOOST_TEST(!z.hurt(ResourceLocation::of("generic"), 13.0f, nullptr));
    // After 10 more ticks the cooldown no longer filters.
    w.h.tick(12);
    BOOST_TEST(z.invulnerable_time <= 10);
    BOOST_TEST(z.hurt(ResourceLocation::of("generic"), 1.0f, nullptr));
    BOOST_TEST(z.health() == 6.0f);
}

BOOST_AUTO_TEST_CASE(an_arrow_saves_and_loads_as_vanilla_writes_it) {
    ArrowWorld w;
    ServerMob& s = w.h.spawn("skeleton", {0.5, ground, 0.5});
    const auto ref = w.world().shoot_arrow(s, {0.5, ground + 1.64, 0.5}, {0, 1, 0}, 1.0f, 0.0f, 3.5);
    ArrowEntity& a = w.arrow(*ref);
    a.crit = true;
    const nbt::Compound tag = w.world().save_entity(a);
    BOOST_TEST(*tag.find<std::string>("id") == "minecraft:arrow");
    BOOST_TEST(*tag.find<double>("damage") == 3.5);
    BOOST_TEST(*tag.find<std::int8_t>("inGround") == 0);
    BOOST_TEST(*tag.find<std::int8_t>("pickup") == 0);
    BOOST_TEST(*tag.find<std::int8_t>("crit") == 1);
    BOOST_TEST(*tag.find<std::int16_t>("life") == 0);
    BOOST_TEST(tag.find<nbt::IntArray>("Owner") != nullptr);

    auto loaded = nbt::parse_snbt_compound(
        "{id:\"minecraft:arrow\",Pos:[2.5d,-58.0d,2.5d],Motion:[0.0d,0.0d,0.0d],damage:6.0d,inGround:1b,"
        "life:100s,pickup:1b,PierceLevel:2b,Owner:[I;1,2,3,4]}");
    BOOST_REQUIRE(loaded.has_value());
    std::vector<std::string> warnings;
    auto made = w.world().spawn_from_nbt(*loaded, warnings);
    BOOST_REQUIRE(made.has_value());
    BOOST_TEST(warnings.empty());
    ArrowEntity* b = w.world().arrow_entity((*made)->ref());
    BOOST_REQUIRE(b != nullptr);
    BOOST_TEST(b->base_damage == 6.0);
    BOOST_TEST(b->in_ground);
    BOOST_TEST(b->life == 100);
    BOOST_TEST((b->pickup == ArrowEntity::Pickup::Allowed));
    BOOST_TEST(b->owner->uuid == (Uuid{0x0000000100000002ull, 0x0000000300000004ull}));
    // What it does not model is written back.
    const nbt::Compound again = w.world().save_entity(*b);
    BOOST_TEST(*again.find<std::int8_t>("PierceLevel") == 2);

    auto bad =
        nbt::parse_snbt_compound("{id:\"minecraft:arrow\",Pos:[2.5d,-58.0d,2.5d],damage:-1.0d,pickup:7b,life:1}");
    BOOST_REQUIRE(bad.has_value());
    warnings.clear();
    auto made_bad = w.world().spawn_from_nbt(*bad, warnings);
    BOOST_REQUIRE(made_bad.has_value());
    BOOST_TEST(warnings.size() == 3u);  // damage, pickup, life: each named, each skipped
    BOOST_TEST(w.world().arrow_entity((*made_bad)->ref())->base_damage == 2.0);
}

BOOST_AUTO_TEST_CASE(a_dead_mob_leaves_the_world_after_its_20_tick_death_animation) {
    ArrowWorld w;
    ServerMob& z = w.h.spawn("zombie", {0.5, ground, 0.5});
    const EntityRef ref = z.ref();
    const std::size_t before = w.world().entities().size();
    BOOST_REQUIRE(z.hurt(ResourceLocation::of("generic"), 100.0f, nullptr));
    BOOST_TEST(z.died());
    BOOST_TEST(!z.is_alive());
    BOOST_TEST(w.world().resolve(ref) == nullptr);  // gone for everyone at once
    w.h.tick(ServerMob::death_duration - 1);
    BOOST_TEST(w.world().entities().size() == before);  // still in the table
    w.h.tick();
    BOOST_TEST(w.world().entities().size() == before - 1);
    // A discard (World::remove) takes it out at the end of the tick, without dying.
    ServerMob& other = w.h.spawn("zombie", {2.5, ground, 0.5});
    BOOST_TEST(w.world().remove(other.handle()));
    w.h.tick();
    BOOST_TEST(w.world().entities().size() == before - 1);
    // World::kill kills even an invulnerable mob.
    ServerMob& god = w.h.spawn("zombie", {4.5, ground, 0.5});
    god.data().invulnerable = true;
    BOOST_TEST(!god.hurt(ResourceLocation::of("generic"), 100.0f, nullptr));
    BOOST_TEST(w.world().kill(god.handle()));
    BOOST_TEST(god.died());
}

BOOST_AUTO_TEST_CASE(attributes_are_per_mob_and_saved_as_vanillas_attributes_list) {
    ArrowWorld w;
    ServerMob& z = w.h.spawn("zombie", {0.5, ground, 0.5});
    BOOST_TEST(z.attribute_base(Attribute::AttackDamage) == 3.0);
    BOOST_TEST(z.attribute_base(Attribute::FollowRange) == 35.0);
    z.set_attribute_base(Attribute::MaxHealth, 8.0);
    BOOST_TEST(z.max_health() == 8.0f);
    BOOST_TEST(z.health() == 8.0f);  // lowered with the maximum
    z.set_attribute_base(Attribute::MovementSpeed, 0.5);
    BOOST_TEST(z.movement_speed() == 0.5);
    z.set_attribute_base(Attribute::MaxHealth, -5.0);  // vanilla's range: 1–1024
    BOOST_TEST(z.max_health() == 1.0f);
    z.set_attribute_base(Attribute::MaxHealth, 30.0);
    z.set_health(25.0f);
    const nbt::Compound tag = w.world().save_entity(z);
    const auto* list = tag.find<nbt::List>("Attributes");
    BOOST_REQUIRE(list != nullptr);
    BOOST_TEST(list->size() == attribute_count);
    BOOST_TEST(*list->get<nbt::Compound>(0).find<std::string>("Name") == "minecraft:generic.max_health");
    BOOST_TEST(*list->get<nbt::Compound>(0).find<double>("Base") == 30.0);

    auto copy = tag;
    copy.erase("UUID");
    nbt::List extra = *list;
    nbt::Compound armor;
    armor.put("Name", nbt::Tag(std::string("minecraft:generic.armor")));
    armor.put("Base", nbt::Tag(2.0));
    extra.push_back(nbt::Tag(armor));
    copy.put("Attributes", nbt::Tag(extra));
    std::vector<std::string> warnings;
    auto made = w.world().spawn_from_nbt(copy, warnings);
    BOOST_REQUIRE(made.has_value());
    BOOST_TEST(warnings.empty());
    ServerMob* m = w.world().mob((*made)->handle());
    BOOST_TEST(m->max_health() == 30.0f);
    BOOST_TEST(m->health() == 25.0f);  // not clamped by the type's 20: attributes are read first
    BOOST_TEST(m->movement_speed() == 0.5);
    // An attribute this server does not model is kept and written back.
    const nbt::Compound resaved = w.world().save_entity(*m);
    const auto* again = resaved.find<nbt::List>("Attributes");
    BOOST_REQUIRE(again != nullptr);
    BOOST_TEST(again->size() == attribute_count + 1);

    auto bad =
        nbt::parse_snbt_compound("{Attributes:[{Name:\"minecraft:generic.max_health\",Base:\"x\"},{Base:1.0d}]}");
    BOOST_REQUIRE(bad.has_value());
    const auto bad_warnings = w.world().load_entity(*m, *bad);
    BOOST_TEST(bad_warnings.size() == 2u);
    BOOST_TEST(m->max_health() == 30.0f);
}

BOOST_AUTO_TEST_CASE(a_scaled_mob_has_a_scaled_box_that_the_index_finds) {
    ArrowWorld w;
    ServerMob& z = w.h.spawn("zombie", {0.5, ground, 0.5});
    z.set_dimension_scale(2.0f);
    BOOST_TEST(z.bounding_box().max.x - z.bounding_box().min.x == 1.2, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(z.bounding_box().max.y - z.position().y == 3.9, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(z.eye_height() == 3.48, boost::test_tools::tolerance(1e-6));
    // A box touching only the grown part finds it.
    std::vector<EntityRef> found;
    w.world().entities_in_box({{1.05, ground + 3.0, 0.0}, {1.2, ground + 3.5, 1.0}}, found);
    BOOST_TEST(found.size() == 1u);
    BOOST_CHECK_NO_THROW(w.world().entities().verify());
    z.set_dimension_scale(0.0f);  // ignored
    BOOST_TEST(z.dimension_scale() == 2.0f);
}

BOOST_AUTO_TEST_SUITE_END()
