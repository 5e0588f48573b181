// The standard memory module types: vanilla's ids, order and long/short-term split, and a brain
// that registers them all saving and loading vanilla's NBT layout.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/nbt/snbt.hpp"
#include "mobsdk/testing/fake_world.hpp"
#include "mobsdk/world/random.hpp"

using namespace mobsdk;
using namespace mobsdk::brain;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

// These types have no operator<<; failures show the expression instead of the values.
BOOST_TEST_DONT_PRINT_LOG_VALUE(mobsdk::nbt::Tag)
BOOST_TEST_DONT_PRINT_LOG_VALUE(mobsdk::nbt::Compound)

namespace {

struct Expected {
    const char* id;
    bool long_term;
};

// Vanilla's MemoryModuleType.java (1.21) in registration order; `true` where register() is given a
// codec. Checked against decompiled 1.19.x and 1.21 sources.
const Expected kVanillaMemories[] = {
    {"dummy", false},
    {"home", true},
    {"job_site", true},
    {"potential_job_site", true},
    {"meeting_point", true},
    {"secondary_job_site", false},
    {"mobs", false},
    {"visible_mobs", false},
    {"visible_villager_babies", false},
    {"nearest_players", false},
    {"nearest_visible_player", false},
    {"nearest_visible_targetable_player", false},
    {"nearest_visible_targetable_players", false},
    {"walk_target", false},
    {"look_target", false},
    {"attack_target", false},
    {"attack_cooling_down", false},
    {"interaction_target", false},
    {"breed_target", false},
    {"ride_target", false},
    {"path", false},
    {"interactable_doors", false},
    {"doors_to_close", false},
    {"nearest_bed", false},
    {"hurt_by", false},
    {"hurt_by_entity", false},
    {"avoid_target", false},
    {"nearest_hostile", false},
    {"nearest_attackable", false},
    {"hiding_place", false},
    {"heard_bell_time", false},
    {"cant_reach_walk_target_since", false},
    {"golem_detected_recently", true},
    {"danger_detected_recently", true},
    {"last_slept", true},
    {"last_woken", true},
    {"last_worked_at_poi", true},
    {"nearest_visible_adult", false},
    {"nearest_visible_wanted_item", false},
    {"nearest_visible_nemesis", false},
    {"play_dead_ticks", true},
    {"tempting_player", false},
    {"temptation_cooldown_ticks", true},
    {"gaze_cooldown_ticks", true},
    {"is_tempted", true},
    {"long_jump_cooling_down", true},
    {"long_jump_mid_jump", false},
    {"has_hunting_cooldown", true},
    {"ram_cooldown_ticks", true},
    {"ram_target", false},
    {"is_in_water", true},
    {"is_pregnant", true},
    {"is_panicking", true},
    {"unreachable_tongue_targets", false},
    {"angry_at", true},
    {"universal_anger", true},
    {"admiring_item", true},
    {"time_trying_to_reach_admire_item", false},
    {"disable_walk_to_admire_item", false},
    {"admiring_disabled", true},
    {"hunted_recently", true},
    {"celebrate_location", false},
    {"dancing", false},
    {"nearest_visible_huntable_hoglin", false},
    {"nearest_visible_baby_hoglin", false},
    {"nearest_targetable_player_not_wearing_gold", false},
    {"nearby_adult_piglins", false},
    {"nearest_visible_adult_piglins", false},
    {"nearest_visible_adult_hoglins", false},
    {"nearest_visible_adult_piglin", false},
    {"nearest_visible_zombified", false},
    {"visible_adult_piglin_count", false},
    {"visible_adult_hoglin_count", false},
    {"nearest_player_holding_wanted_item", false},
    {"ate_recently", false},
    {"nearest_repellent", false},
    {"pacified", false},
    {"roar_target", false},
    {"disturbance_location", false},
    {"recent_projectile", true},
    {"is_sniffing", true},
    {"is_emerging", true},
    {"roar_sound_delay", true},
    {"dig_cooldown", true},
    {"roar_sound_cooldown", true},
    {"sniff_cooldown", true},
    {"touch_cooldown", true},
    {"vibration_cooldown", true},
    {"sonic_boom_cooldown", true},
    {"sonic_boom_sound_cooldown", true},
    {"sonic_boom_sound_delay", true},
    {"liked_player", true},
    {"liked_noteblock", true},
    {"liked_noteblock_cooldown_ticks", true},
    {"item_pickup_cooldown_ticks", true},
    {"sniffer_explored_positions", true},
    {"sniffer_sniffing_target", false},
    {"sniffer_digging", false},
    {"sniffer_happy", false},
    {"breeze_jump_cooldown", true},
    {"breeze_shoot", true},
    {"breeze_shoot_charging", true},
    {"breeze_shoot_recover", true},
    {"breeze_shoot_cooldown", true},
    {"breeze_jump_inhaling", true},
    {"breeze_jump_target", true},
    {"breeze_leaving_water", true},
};

nbt::Compound snbt_compound(std::string_view text) {
    auto r = nbt::parse_snbt_compound(text);
    BOOST_REQUIRE_MESSAGE(r.has_value(), "bad SNBT in test: " << text);
    return std::move(r).value();
}

bool any_contains(const std::vector<std::string>& warnings, std::string_view text) {
    return std::any_of(warnings.begin(), warnings.end(),
                       [&](const std::string& w) { return w.find(text) != std::string::npos; });
}

GlobalPos overworld(std::int32_t x, std::int32_t y, std::int32_t z) {
    return GlobalPos{ResourceLocation::of("overworld"), {x, y, z}};
}

/// Registries with every standard memory, a provider whose brains register them all, and a level.
struct World {
    BrainRegistries registries;
    StandardMemories m = register_standard_memories(registries.memory_types);
    FakeLevel level;
    std::unique_ptr<BrainProvider> provider;

    World() {
        registries.freeze();
        provider = std::make_unique<BrainProvider>(registries, m.all, std::span<const SensorType>{});
    }
    std::unique_ptr<Brain> brain() { return provider->make_brain(level.random()); }
};

const Uuid kPlayer{0xf81d4fae7dec11d0ull, 0xa76500a0c91e6bf6ull};
const Uuid kPiglinTarget{0x0123456789abcdefull, 0xfedcba9876543210ull};

/// Gives every long-term memory a distinctive value, some with expiry. Returns how many were set.
std::size_t set_every_long_term_memory(Brain& b, const StandardMemories& m) {
    std::size_t n = 0;
    auto set = [&](auto type, auto value) {
        b.set_memory(type, value);
        ++n;
    };
    auto set_ttl = [&](auto type, auto value, std::int64_t ttl) {
        b.set_memory_with_expiry(type, value, ttl);
        ++n;
    };
    set(m.home, overworld(12, 64, -30));
    set(m.job_site, GlobalPos{ResourceLocation::of("the_nether"), {1, 2, 3}});
    set(m.potential_job_site, overworld(-4, 70, 8));
    set_ttl(m.meeting_point, overworld(100, 65, 100), 1200);
    set_ttl(m.golem_detected_recently, true, 599);
    set_ttl(m.danger_detected_recently, true, 100);
    set(m.last_slept, std::int64_t{123456});
    set(m.last_woken, std::int64_t{-5});
    set(m.last_worked_at_poi, std::int64_t{1} << 40);
    set(m.play_dead_ticks, std::int32_t{200});
    set_ttl(m.temptation_cooldown_ticks, std::int32_t{100}, 100);
    set(m.gaze_cooldown_ticks, std::int32_t{42});
    set(m.is_tempted, false);
    set(m.long_jump_cooling_down, std::int32_t{77});
    set_ttl(m.has_hunting_cooldown, true, 2400);
    set(m.ram_cooldown_ticks, std::int32_t{300});
    set(m.is_in_water, Unit{});
    set(m.is_pregnant, Unit{});
    set_ttl(m.is_panicking, true, 80);
    set_ttl(m.angry_at, kPiglinTarget, 600);
    set(m.universal_anger, true);
    set_ttl(m.admiring_item, true, 119);
    set_ttl(m.admiring_disabled, true, 200);
    set_ttl(m.hunted_recently, true, 10000);
    set_ttl(m.recent_projectile, Unit{}, 100);
    set(m.is_sniffing, Unit{});
    set(m.is_emerging, Unit{});
    set_ttl(m.roar_sound_delay, Unit{}, 25);
    set_ttl(m.dig_cooldown, Unit{}, 1200);
    set(m.roar_sound_cooldown, Unit{});
    set_ttl(m.sniff_cooldown, Unit{}, 160);
    set_ttl(m.touch_cooldown, Unit{}, 20);
    set_ttl(m.vibration_cooldown, Unit{}, 40);
    set_ttl(m.sonic_boom_cooldown, Unit{}, 40);
    set_ttl(m.sonic_boom_sound_cooldown, Unit{}, 40);
    set_ttl(m.sonic_boom_sound_delay, Unit{}, 34);
    set(m.liked_player, kPlayer);
    set(m.liked_noteblock, GlobalPos{ResourceLocation::of("the_end"), {7, 8, 9}});
    set_ttl(m.liked_noteblock_cooldown_ticks, std::int32_t{600}, 600);
    set(m.item_pickup_cooldown_ticks, std::int32_t{60});
    set(m.sniffer_explored_positions, GlobalPosList{overworld(1, 1, 1), overworld(2, 2, 2)});
    set_ttl(m.breeze_jump_cooldown, Unit{}, 10);
    set(m.breeze_shoot, Unit{});
    set(m.breeze_shoot_charging, Unit{});
    set(m.breeze_shoot_recover, Unit{});
    set_ttl(m.breeze_shoot_cooldown, Unit{}, 30);
    set(m.breeze_jump_inhaling, Unit{});
    set(m.breeze_jump_target, BlockPos{-9, 80, 9});
    set(m.breeze_leaving_water, Unit{});
    return n;
}

/// Gives many short-term memories values; none of them may be saved.
void set_short_term_memories(Brain& b, const StandardMemories& m, FakeMob& other) {
    b.set_memory(m.dummy, Unit{});
    b.set_memory(m.secondary_job_site, GlobalPosList{overworld(3, 3, 3)});
    b.set_memory(m.mobs, EntityList{other.ref()});
    b.set_memory(m.visible_mobs, NearestVisibleLivingEntities({other.ref()}, {other.ref()}));
    b.set_memory(m.nearest_visible_player, other.ref());
    b.set_memory(m.walk_target, WalkTarget(BlockPos{1, 2, 3}, 0.5f, 1));
    b.set_memory(m.look_target, PositionTracker::entity(other, true));
    b.set_memory_with_expiry(m.attack_cooling_down, true, 20);
    b.set_memory(m.path, Path::make({{0, 0, 0}, {1, 0, 0}}, BlockPos{1, 0, 0}, true));
    b.set_memory(m.interactable_doors, GlobalPosList{overworld(5, 5, 5)});
    b.set_memory(m.doors_to_close, GlobalPosSet{overworld(5, 5, 5)});
    b.set_memory(m.nearest_bed, BlockPos{4, 4, 4});
    b.set_memory(m.hurt_by, DamageSource{ResourceLocation::of("mob_attack"), other.ref(), other.ref(), {}});
    b.set_memory(m.hurt_by_entity, other.ref());
    b.set_memory(m.hiding_place, overworld(6, 6, 6));
    b.set_memory(m.heard_bell_time, std::int64_t{1000});
    b.set_memory(m.cant_reach_walk_target_since, std::int64_t{2000});
    b.set_memory(m.long_jump_mid_jump, true);
    b.set_memory(m.ram_target, Vec3{1.5, 2.5, 3.5});
    b.set_memory(m.unreachable_tongue_targets, UuidList{kPlayer});
    b.set_memory(m.time_trying_to_reach_admire_item, std::int32_t{5});
    b.set_memory(m.disable_walk_to_admire_item, true);
    b.set_memory(m.celebrate_location, BlockPos{7, 7, 7});
    b.set_memory(m.dancing, true);
    b.set_memory(m.visible_adult_piglin_count, std::int32_t{3});
    b.set_memory(m.nearest_repellent, BlockPos{8, 8, 8});
    b.set_memory(m.pacified, true);
    b.set_memory(m.disturbance_location, BlockPos{9, 9, 9});
    b.set_memory(m.sniffer_sniffing_target, BlockPos{10, 10, 10});
    b.set_memory(m.sniffer_happy, true);
}

std::string id_of(const World& w, MemoryHandle h) { return w.registries.memory_types.id_of(h).str(); }

}  // namespace

BOOST_AUTO_TEST_SUITE(memory_types)

BOOST_AUTO_TEST_CASE(registers_vanillas_ids_in_vanillas_order) {
    World w;
    const auto& reg = w.registries.memory_types;
    BOOST_REQUIRE_EQUAL(reg.size(), std::size(kVanillaMemories));
    BOOST_REQUIRE_EQUAL(w.m.all.size(), std::size(kVanillaMemories));
    for (std::size_t i = 0; i < std::size(kVanillaMemories); ++i) {
        const std::string expected = std::string("minecraft:") + kVanillaMemories[i].id;
        BOOST_TEST(reg.id_of(w.m.all[i]).str() == expected);
        BOOST_TEST(w.m.all[i].index() == i);
        BOOST_TEST(reg.entry(w.m.all[i]).registrant == "minecraft");
    }
}

BOOST_AUTO_TEST_CASE(long_term_exactly_where_vanilla_has_a_codec) {
    World w;
    const auto& reg = w.registries.memory_types;
    std::size_t long_terms = 0;
    for (const Expected& e : kVanillaMemories) {
        const auto h = reg.find(std::string("minecraft:") + e.id);
        BOOST_REQUIRE_MESSAGE(h.has_value(), e.id << " is not registered");
        BOOST_TEST_CONTEXT(e.id) { BOOST_TEST(reg[*h].long_term() == e.long_term); }
        long_terms += e.long_term;
    }
    BOOST_TEST(long_terms == 49u);
}

BOOST_AUTO_TEST_CASE(typed_handles_match_their_ids) {
    World w;
    BOOST_TEST(id_of(w, w.m.home) == "minecraft:home");
    BOOST_TEST(id_of(w, w.m.mobs) == "minecraft:mobs");
    BOOST_TEST(id_of(w, w.m.visible_mobs) == "minecraft:visible_mobs");
    BOOST_TEST(id_of(w, w.m.nearest_visible_targetable_player) == "minecraft:nearest_visible_targetable_player");
    BOOST_TEST(id_of(w, w.m.long_jump_cooling_down) == "minecraft:long_jump_cooling_down");
    BOOST_TEST(id_of(w, w.m.liked_noteblock) == "minecraft:liked_noteblock");
    BOOST_TEST(id_of(w, w.m.breeze_leaving_water) == "minecraft:breeze_leaving_water");
    // typed_memory checks the C++ type recorded at registration.
    BOOST_CHECK_NO_THROW(typed_memory<GlobalPos>(w.registries.memory_types, w.m.home));
    BOOST_CHECK_THROW(typed_memory<BlockPos>(w.registries.memory_types, w.m.home), BrainError);
    BOOST_CHECK_NO_THROW(typed_memory<NearestVisibleLivingEntities>(w.registries.memory_types, w.m.visible_mobs));
    BOOST_CHECK_NO_THROW(typed_memory<GlobalPosSet>(w.registries.memory_types, w.m.doors_to_close));
}

BOOST_AUTO_TEST_CASE(registering_twice_names_both_registrants) {
    Registry<MemoryTypeInfo> reg(ResourceLocation::of("memory_module_type"));
    (void)register_standard_memories(reg);
    try {
        (void)register_standard_memories(reg);
        BOOST_FAIL("a second registration should throw");
    } catch (const RegistryError& e) {
        BOOST_TEST(std::string(e.what()).find("duplicate id minecraft:dummy") != std::string::npos);
    }
    Registry<MemoryTypeInfo> frozen(ResourceLocation::of("memory_module_type"));
    frozen.freeze();
    BOOST_CHECK_THROW((void)register_standard_memories(frozen), RegistryError);
}

BOOST_AUTO_TEST_CASE(saves_the_issues_example_exactly) {
    World w;
    auto b = w.brain();
    b->set_memory(w.m.home, overworld(12, 64, -30));
    b->set_memory_with_expiry(w.m.golem_detected_recently, true, 599);
    b->set_memory(w.m.last_slept, std::int64_t{123456});
    const char* expected =
        "{memories:{\"minecraft:home\":{value:{dimension:\"minecraft:overworld\",pos:[I;12,64,-30]}"
        "},"
        "\"minecraft:golem_detected_recently\":{value:1b,ttl:599L},"
        "\"minecraft:last_slept\":{value:123456L}}}";
    BOOST_TEST(b->save() == snbt_compound(expected));
    BOOST_TEST(nbt::to_snbt(b->save()) == expected);  // registration order is vanilla's order too
}

BOOST_AUTO_TEST_CASE(saves_every_long_term_memory_and_no_short_term_one) {
    World w;
    FakeMob other(Uuid{2, 2}, 1);
    w.level.mobs = {&other};
    auto b = w.brain();
    const std::size_t n = set_every_long_term_memory(*b, w.m);
    BOOST_TEST(n == 49u);
    set_short_term_memories(*b, w.m, other);

    const nbt::Compound saved = b->save();
    const auto& memories = saved.get<nbt::Compound>("memories");
    BOOST_TEST(memories.size() == n);
    for (const Expected& e : kVanillaMemories) {
        BOOST_TEST_CONTEXT(e.id) { BOOST_TEST(memories.contains(std::string("minecraft:") + e.id) == e.long_term); }
    }
    // A few in full, as vanilla writes them.
    BOOST_TEST(*memories.find("minecraft:angry_at") ==
               nbt::Tag(snbt_compound("{value:[I;19088743,-1985229329,-19088744,1985229328],ttl:600L}")));
    BOOST_TEST(*memories.find("minecraft:liked_player") ==
               nbt::Tag(snbt_compound("{value:[I;-132296786,2112623056,-1486552928,-920753162]}")));
    BOOST_TEST(*memories.find("minecraft:is_in_water") == nbt::Tag(snbt_compound("{value:{}}")));
    BOOST_TEST(*memories.find("minecraft:dig_cooldown") == nbt::Tag(snbt_compound("{value:{},ttl:1200L}")));
    BOOST_TEST(*memories.find("minecraft:item_pickup_cooldown_ticks") == nbt::Tag(snbt_compound("{value:60}")));
    BOOST_TEST(*memories.find("minecraft:is_tempted") == nbt::Tag(snbt_compound("{value:0b}")));
    BOOST_TEST(*memories.find("minecraft:breeze_jump_target") == nbt::Tag(snbt_compound("{value:[I;-9,80,9]}")));
    BOOST_TEST(*memories.find("minecraft:sniffer_explored_positions") ==
               nbt::Tag(snbt_compound("{value:[{dimension:\"minecraft:overworld\",pos:[I;1,1,1]},"
                                      "{dimension:\"minecraft:overworld\",pos:[I;2,2,2]}]}")));
}

BOOST_AUTO_TEST_CASE(load_restores_every_long_term_value_and_ttl) {
    World w;
    auto original = w.brain();
    set_every_long_term_memory(*original, w.m);
    const nbt::Compound saved = original->save();

    auto loaded = w.brain();
    const auto warnings = loaded->load(saved);
    BOOST_TEST(warnings.empty());

    const auto before = original->snapshot_memories();
    const auto after = loaded->snapshot_memories();
    BOOST_REQUIRE_EQUAL(before.size(), after.size());
    for (std::size_t i = 0; i < before.size(); ++i) {
        BOOST_TEST_CONTEXT(id_of(w, before[i].memory)) {
            BOOST_TEST((before[i].memory == after[i].memory));
            BOOST_TEST(before[i].present == after[i].present);
            BOOST_TEST((before[i].ttl == after[i].ttl));
            BOOST_TEST(before[i].value == after[i].value);
        }
    }
    BOOST_TEST(loaded->save() == saved);

    // Typed spot checks.
    BOOST_TEST(loaded->is_memory_value(w.m.home, overworld(12, 64, -30)));
    BOOST_TEST(loaded->is_memory_value(w.m.job_site, GlobalPos{ResourceLocation::of("the_nether"), {1, 2, 3}}));
    BOOST_TEST(loaded->is_memory_value(w.m.golem_detected_recently, true));
    BOOST_TEST(loaded->time_until_expiry(w.m.golem_detected_recently) == 599);
    BOOST_TEST(loaded->time_until_expiry(w.m.meeting_point) == 1200);
    BOOST_TEST(loaded->time_until_expiry(w.m.home) == 0);
    BOOST_TEST(loaded->is_memory_value(w.m.last_worked_at_poi, std::int64_t{1} << 40));
    BOOST_TEST(loaded->is_memory_value(w.m.is_tempted, false));
    BOOST_TEST(loaded->is_memory_value(w.m.angry_at, kPiglinTarget));
    BOOST_TEST(loaded->is_memory_value(w.m.liked_player, kPlayer));
    BOOST_TEST(loaded->has_memory_value(w.m.is_pregnant));
    BOOST_TEST(loaded->is_memory_value(w.m.breeze_jump_target, BlockPos{-9, 80, 9}));
    BOOST_TEST(
        loaded->is_memory_value(w.m.sniffer_explored_positions, GlobalPosList{overworld(1, 1, 1), overworld(2, 2, 2)}));
    BOOST_TEST(!loaded->has_memory_value(w.m.walk_target));
}

BOOST_AUTO_TEST_CASE(short_term_memories_do_not_survive_a_save) {
    World w;
    FakeMob other(Uuid{2, 2}, 1);
    w.level.mobs = {&other};
    auto b = w.brain();
    set_short_term_memories(*b, w.m, other);
    BOOST_TEST(b->save() == snbt_compound("{memories:{}}"));
    auto loaded = w.brain();
    BOOST_TEST(loaded->load(b->save()).empty());
    for (MemoryHandle h : w.m.all) BOOST_TEST(!loaded->has_memory_value(h));
}

BOOST_AUTO_TEST_CASE(loads_a_villager_as_vanilla_writes_it) {
    World w;
    auto b = w.brain();
    const auto warnings = b->load(
        snbt_compound("{memories:{"
                      "\"minecraft:home\":{value:{pos:[I;-121,64,211],dimension:\"minecraft:overworld\"}},"
                      "\"minecraft:job_site\":{value:{pos:[I;-118,64,205],dimension:\"minecraft:overworld\"}},"
                      "\"minecraft:meeting_point\":{value:{pos:[I;-131,64,196],dimension:\"minecraft:overworld\"}"
                      "},"
                      "\"minecraft:last_worked_at_poi\":{value:52981L},"
                      "\"minecraft:last_slept\":{value:47014L},"
                      "\"minecraft:last_woken\":{value:47901L},"
                      "\"minecraft:golem_detected_recently\":{value:1b,ttl:312L}}}"));
    BOOST_TEST(warnings.empty());
    BOOST_TEST(b->is_memory_value(w.m.home, overworld(-121, 64, 211)));
    BOOST_TEST(b->is_memory_value(w.m.job_site, overworld(-118, 64, 205)));
    BOOST_TEST(b->is_memory_value(w.m.meeting_point, overworld(-131, 64, 196)));
    BOOST_TEST(b->is_memory_value(w.m.last_worked_at_poi, std::int64_t{52981}));
    BOOST_TEST(b->is_memory_value(w.m.last_woken, std::int64_t{47901}));
    BOOST_TEST(b->time_until_expiry(w.m.golem_detected_recently) == 312);
}

BOOST_AUTO_TEST_CASE(malformed_and_unknown_memories_are_skipped_with_a_warning) {
    World w;
    auto b = w.brain();
    b->set_memory(w.m.home, overworld(1, 1, 1));  // a bad saved home leaves this one alone
    const auto warnings =
        b->load(snbt_compound("{memories:{"
                              "\"minecraft:home\":{value:5},"
                              "\"minecraft:job_site\":{value:{dimension:\"minecraft:overworld\",pos:[I;1,2]}},"
                              "\"minecraft:last_slept\":{value:10L,ttl:5},"
                              "\"minecraft:not_a_memory\":{value:1b},"
                              "\"example:custom\":{value:1b},"
                              "\"minecraft:angry_at\":{value:[I;1,2,3]},"
                              "\"minecraft:meeting_point\":7,"
                              "\"minecraft:potential_job_site\":{ttl:5L},"
                              "\"minecraft:walk_target\":{value:{}},"
                              "\"minecraft:golem_detected_recently\":{value:1b,ttl:20L},"
                              "\"minecraft:last_woken\":{value:99L},"
                              "\"minecraft:universal_anger\":{value:1b}}}"));
    BOOST_TEST(warnings.size() == 9u);
    BOOST_TEST(
        any_contains(warnings, "minecraft:home: expected TAG_Compound with 'dimension' and 'pos', found TAG_Int"));
    BOOST_TEST(any_contains(warnings,
                            "minecraft:job_site: 'pos': expected TAG_Int_Array of length 3, found "
                            "TAG_Int_Array of length 2"));
    BOOST_TEST(any_contains(warnings, "minecraft:last_slept: 'ttl' is TAG_Int, expected TAG_Long"));
    BOOST_TEST(any_contains(warnings, "minecraft:not_a_memory"));
    BOOST_TEST(any_contains(warnings, "example:custom"));
    BOOST_TEST(any_contains(warnings,
                            "minecraft:angry_at: expected TAG_Int_Array of length 4, found "
                            "TAG_Int_Array of length 3"));
    BOOST_TEST(any_contains(warnings, "minecraft:meeting_point"));
    BOOST_TEST(any_contains(warnings, "minecraft:potential_job_site"));
    BOOST_TEST(any_contains(warnings, "minecraft:walk_target"));

    // The rest are kept.
    BOOST_TEST(b->is_memory_value(w.m.golem_detected_recently, true));
    BOOST_TEST(b->time_until_expiry(w.m.golem_detected_recently) == 20);
    BOOST_TEST(b->is_memory_value(w.m.last_woken, std::int64_t{99}));
    BOOST_TEST(b->is_memory_value(w.m.universal_anger, true));
    // The malformed ones are not.
    BOOST_TEST(b->is_memory_value(w.m.home, overworld(1, 1, 1)));
    BOOST_TEST(!b->has_memory_value(w.m.job_site));
    BOOST_TEST(!b->has_memory_value(w.m.last_slept));
    BOOST_TEST(!b->has_memory_value(w.m.angry_at));
    BOOST_TEST(!b->has_memory_value(w.m.meeting_point));
    BOOST_TEST(!b->has_memory_value(w.m.potential_job_site));
    BOOST_TEST(!b->has_memory_value(w.m.walk_target));
}

BOOST_AUTO_TEST_CASE(lenient_values_load_as_vanilla_reads_them) {
    World w;
    auto b = w.brain();
    const auto warnings =
        b->load(snbt_compound("{memories:{"
                              "\"minecraft:home\":{value:{dimension:\"overworld\",pos:[12,64,-30]}},"  // list of ints,
                                                                                                       // bare id
                              "\"minecraft:golem_detected_recently\":{value:1},"  // an int for a bool
                              "\"minecraft:last_slept\":{value:5},"               // an int for a long
                              "\"minecraft:play_dead_ticks\":{value:7s},"
                              "\"minecraft:is_pregnant\":{value:{whatever:1b}},"
                              "\"minecraft:liked_player\":{value:[-132296786,2112623056,-1486552928,-920753162]}}}"));
    BOOST_TEST(warnings.empty());
    BOOST_TEST(b->is_memory_value(w.m.home, overworld(12, 64, -30)));
    BOOST_TEST(b->is_memory_value(w.m.golem_detected_recently, true));
    BOOST_TEST(b->is_memory_value(w.m.last_slept, std::int64_t{5}));
    BOOST_TEST(b->is_memory_value(w.m.play_dead_ticks, std::int32_t{7}));
    BOOST_TEST(b->has_memory_value(w.m.is_pregnant));
    BOOST_TEST(b->is_memory_value(w.m.liked_player, kPlayer));
    // Saved back in the canonical shapes.
    BOOST_TEST(b->save() ==
               snbt_compound("{memories:{\"minecraft:home\":{value:{dimension:\"minecraft:overworld\",pos:[I;12,64,-"
                             "30]}},"
                             "\"minecraft:golem_detected_recently\":{value:1b},\"minecraft:last_slept\":{value:5L},"
                             "\"minecraft:play_dead_ticks\":{value:7},\"minecraft:is_pregnant\":{value:{}},"
                             "\"minecraft:liked_player\":{value:[I;-132296786,2112623056,-1486552928,-920753162]}}"
                             "}"));
}

BOOST_AUTO_TEST_CASE(a_memory_the_brain_does_not_register_is_skipped) {
    World w;
    const MemoryHandle only[] = {w.m.home, w.m.last_slept};
    BrainProvider small(w.registries, only, {});
    auto b = small.make_brain(w.level.random());
    const auto warnings =
        b->load(snbt_compound("{memories:{\"minecraft:home\":{value:{dimension:\"minecraft:overworld\",pos:[I;1,2,3]}},"
                              "\"minecraft:golem_detected_recently\":{value:1b,ttl:599L},"
                              "\"minecraft:last_slept\":{value:3L}}}"));
    BOOST_REQUIRE_EQUAL(warnings.size(), 1u);
    BOOST_TEST(warnings[0].find("minecraft:golem_detected_recently") != std::string::npos);
    BOOST_TEST(warnings[0].find("does not register") != std::string::npos);
    BOOST_TEST(b->is_memory_value(w.m.home, overworld(1, 2, 3)));
    BOOST_TEST(b->is_memory_value(w.m.last_slept, std::int64_t{3}));
    BOOST_TEST(!b->check_memory(w.m.golem_detected_recently, MemoryStatus::REGISTERED));
}

BOOST_AUTO_TEST_CASE(an_empty_collection_erases_the_memory) {
    World w;
    auto b = w.brain();
    b->set_memory(w.m.secondary_job_site, GlobalPosList{overworld(1, 1, 1)});
    BOOST_TEST(b->has_memory_value(w.m.secondary_job_site));
    b->set_memory(w.m.secondary_job_site, GlobalPosList{});
    BOOST_TEST(!b->has_memory_value(w.m.secondary_job_site));
    b->set_memory(w.m.doors_to_close, GlobalPosSet{});
    BOOST_TEST(!b->has_memory_value(w.m.doors_to_close));
    b->set_memory(w.m.mobs, EntityList{});
    BOOST_TEST(!b->has_memory_value(w.m.mobs));
    // An empty visible_mobs is a value (vanilla's sensor sets one every scan).
    b->set_memory(w.m.visible_mobs, NearestVisibleLivingEntities{});
    BOOST_TEST(b->has_memory_value(w.m.visible_mobs));
    // Loading an empty list leaves the memory absent, silently.
    const auto warnings = b->load(snbt_compound("{memories:{\"minecraft:sniffer_explored_positions\":{value:[]}}}"));
    BOOST_TEST(warnings.empty());
    BOOST_TEST(!b->has_memory_value(w.m.sniffer_explored_positions));
}

BOOST_AUTO_TEST_CASE(loaded_expiry_counts_down_as_set_expiry_does) {
    World w;
    auto b = w.brain();
    BOOST_TEST(b->load(snbt_compound("{memories:{\"minecraft:golem_detected_recently\":{value:1b,ttl:2L}}}")).empty());
    b->forget_outdated_memories(MemoryExpiry::Modern);
    b->forget_outdated_memories(MemoryExpiry::Modern);
    BOOST_TEST(b->has_memory_value(w.m.golem_detected_recently));
    b->forget_outdated_memories(MemoryExpiry::Modern);
    BOOST_TEST(!b->has_memory_value(w.m.golem_detected_recently));
}

// JOB_SITE's watcher (GlobalPosHolders): PoiCompetitorScan asks it whether any other brain holds a
// job site at a block, so it must follow every way a brain's memory changes.
BOOST_AUTO_TEST_CASE(job_site_holders_follow_every_write) {
    World w;
    const GlobalPosHolders* holders = global_pos_holders(w.registries.memory_types, w.m.job_site);
    BOOST_REQUIRE(holders != nullptr);
    BOOST_TEST(global_pos_holders(w.registries.memory_types, w.m.home) == nullptr);
    const BlockPos site{1, 2, 3}, other{4, 5, 6};
    auto a = w.brain();
    auto b = w.brain();
    BOOST_TEST(holders->holding(site) == 0u);
    BOOST_TEST(a->watcher_of(w.m.job_site) == holders);
    BOOST_TEST(a->watcher_of(w.m.home) == nullptr);

    a->set_memory(w.m.job_site, overworld(1, 2, 3));
    BOOST_TEST(holders->holding(site) == 1u);
    a->set_memory(w.m.job_site, overworld(1, 2, 3));  // the same value again counts once
    BOOST_TEST(holders->holding(site) == 1u);
    b->set_memory_with_expiry(w.m.job_site, overworld(1, 2, 3), 2);
    BOOST_TEST(holders->holding(site) == 2u);
    for (int i = 0; i < 3; ++i) b->forget_outdated_memories(MemoryExpiry::Modern);  // expired
    BOOST_TEST(!b->has_memory_value(w.m.job_site));
    BOOST_TEST(holders->holding(site) == 1u);

    a->modify_memory(w.m.job_site, [](GlobalPos& p) { p.pos = {4, 5, 6}; });  // moved
    BOOST_TEST(holders->holding(site) == 0u);
    BOOST_TEST(holders->holding(other) == 1u);
    a->erase_memory(w.m.job_site);
    BOOST_TEST(holders->holding(other) == 0u);

    BOOST_TEST(b->load(snbt_compound("{memories:{\"minecraft:job_site\":{value:{dimension:\"minecraft:overworld\","
                                     "pos:[I;1,2,3]}}}}"))
                   .empty());
    BOOST_TEST(holders->holding(site) == 1u);
    b.reset();  // a brain that goes forgets what it held
    BOOST_TEST(holders->holding(site) == 0u);
}

// Many positions: the table grows, and removals in any order (backward-shift deletion) never hide
// a position still held.
BOOST_AUTO_TEST_CASE(job_site_holders_survive_growth_and_removal_in_any_order) {
    World w;
    const GlobalPosHolders* holders = global_pos_holders(w.registries.memory_types, w.m.job_site);
    BOOST_REQUIRE(holders != nullptr);
    std::vector<std::unique_ptr<Brain>> brains;
    std::vector<BlockPos> sites;
    for (std::int32_t i = 0; i < 300; ++i) {
        // Clustered positions, as a village's, so that probe runs collide.
        sites.push_back({i % 17, 64 + i % 3, i / 17});
        brains.push_back(w.brain());
        brains.back()->set_memory(w.m.job_site, GlobalPos{ResourceLocation::of("overworld"), sites.back()});
    }
    for (const BlockPos& p : sites) BOOST_TEST(holders->holding(p) == 1u);
    RandomSource random(99);
    while (!brains.empty()) {
        const auto k = static_cast<std::size_t>(random.next_int(static_cast<std::int32_t>(brains.size())));
        brains.erase(brains.begin() + static_cast<std::ptrdiff_t>(k));
        const BlockPos gone = sites[k];
        sites.erase(sites.begin() + static_cast<std::ptrdiff_t>(k));
        BOOST_TEST(holders->holding(gone) == 0u);
        for (const BlockPos& p : sites) BOOST_REQUIRE(holders->holding(p) == 1u);
    }
}

BOOST_AUTO_TEST_SUITE_END()
