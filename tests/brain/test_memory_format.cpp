// How memory values read to a person: every standard memory type, a plugin's own type with and
// without its own formatter, the time to live, and that showing a value changes nothing.
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <memory>
#include <new>
#include <ostream>
#include <string>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/codecs.hpp"
#include "mobsdk/brain/memory_format.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/testing/fake_world.hpp"
#include "mobsdk/world/entity_type.hpp"

using namespace mobsdk;
using namespace mobsdk::brain;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

// A plugin's own value types, each in the plugin's namespace.
namespace plugin {

// Shown by its own formatter, found next to it.
struct Grudge {
    Uuid against;
    std::int32_t level = 0;
    friend bool operator==(const Grudge&, const Grudge&) = default;
};
std::string format_memory_value(const Grudge& g, const FormatContext& context) {
    return "grudge " + std::to_string(g.level) + " against " + format_entity(EntityRef{g.against, {}}, context);
}

// No formatter, but printable.
struct Mood {
    std::int32_t happiness = 0;
    friend bool operator==(const Mood&, const Mood&) = default;
    friend std::ostream& operator<<(std::ostream& out, const Mood& m) { return out << "mood " << m.happiness; }
};

// Nothing at all: shown honestly as bytes, never as a mangled type name.
struct Opaque {
    std::int64_t a = 0;
    std::int64_t b = 0;
    friend bool operator==(const Opaque&, const Opaque&) = default;
};

// Long-term types saved as one int: Score shows its codec's SNBT, Rank its own formatter.
struct Score {
    std::int32_t value = 0;
    friend bool operator==(const Score&, const Score&) = default;
};
struct Rank {
    std::int32_t value = 0;
    friend bool operator==(const Rank&, const Rank&) = default;
};
std::string format_memory_value(const Rank& r, const FormatContext&) { return "rank #" + std::to_string(r.value); }
template <typename T>
struct OneIntCodec {
    static nbt::Tag encode(const T& v) { return nbt::Tag(v.value); }
    static Result<T, std::string> decode(const nbt::Tag& t) {
        const auto* v = t.get_if<std::int32_t>();
        if (!v) return unexpected(std::string("expected TAG_Int"));
        return T{*v};
    }
};

}  // namespace plugin

namespace {

constexpr Uuid kA{0x0000000100000002ull, 0x0000000300000004ull};
constexpr Uuid kB{0x0000000500000006ull, 0x0000000700000008ull};

struct Fixture {
    BrainRegistries reg;
    Registry<EntityTypeInfo> entity_types{ResourceLocation::of("entity_type")};
    Handle<EntityTypeInfo> villager = entity_types.register_entry("minecraft:villager", EntityTypeInfo{}, "test");
    StandardMemories m = register_standard_memories(reg.memory_types);
    FakeLevel level{1};
    FakeMob self{Uuid{9, 9}, 0};
    FakeMob other{kA, 1};
    std::unique_ptr<BrainProvider> provider;
    std::unique_ptr<Brain> brain;

    Fixture() {
        self.position_ = {0.5, 64, 0.5};
        other.position_ = {3.5, 64, 4.5};
        other.type_ = villager;
        level.mobs = {&self, &other};
        provider = std::make_unique<BrainProvider>(reg, m.all, std::span<const SensorType>{});
        brain = provider->make_brain(level.random());
    }
    FormatContext context() { return FormatContext{&level, &entity_types, self.position()}; }
    std::string shown(MemoryHandle h, const FormatContext& ctx) {
        for (const MemorySnapshot& s : brain->snapshot_memories(ctx))
            if (s.memory == h) return s.present ? s.value : "(empty)";
        BOOST_FAIL("memory not in the snapshot");
        return {};
    }
    std::string shown(MemoryHandle h) { return shown(h, context()); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(memory_format)

BOOST_AUTO_TEST_CASE(scalars_and_positions) {
    Fixture f;
    Brain& b = *f.brain;
    b.set_memory(f.m.dummy, Unit{});
    BOOST_TEST(f.shown(f.m.dummy) == "present");
    b.set_memory(f.m.attack_cooling_down, true);
    BOOST_TEST(f.shown(f.m.attack_cooling_down) == "true");
    b.set_memory(f.m.heard_bell_time, std::int64_t{12000});
    BOOST_TEST(f.shown(f.m.heard_bell_time) == "12000");
    b.set_memory(f.m.visible_adult_piglin_count, std::int32_t{-3});
    BOOST_TEST(f.shown(f.m.visible_adult_piglin_count) == "-3");
    b.set_memory(f.m.nearest_bed, BlockPos{1, 64, -3});
    BOOST_TEST(f.shown(f.m.nearest_bed) == "(1, 64, -3)");
    b.set_memory(f.m.ram_target, Vec3{1.5, 64, -3.25});
    BOOST_TEST(f.shown(f.m.ram_target) == "(1.50, 64.00, -3.25)");
    b.set_memory(f.m.hiding_place, GlobalPos{ResourceLocation::of("the_nether"), {7, 40, 8}});  // short-term
    BOOST_TEST(f.shown(f.m.hiding_place) == "minecraft:the_nether (7, 40, 8)");
    BOOST_TEST(f.shown(f.m.walk_target) == "(empty)");
}

BOOST_AUTO_TEST_CASE(long_term_memories_show_their_codecs_snbt) {
    Fixture f;
    Brain& b = *f.brain;
    b.set_memory(f.m.home, GlobalPos{ResourceLocation::of("overworld"), {1, 2, 3}});
    BOOST_TEST(f.shown(f.m.home) == R"({dimension:"minecraft:overworld",pos:[I;1,2,3]})");
    b.set_memory(f.m.last_slept, std::int64_t{100});
    BOOST_TEST(f.shown(f.m.last_slept) == "100L");
    b.set_memory(f.m.is_in_water, Unit{});
    BOOST_TEST(f.shown(f.m.is_in_water) == "{}");
    b.set_memory(f.m.golem_detected_recently, true);
    BOOST_TEST(f.shown(f.m.golem_detected_recently) == "1b");
}

BOOST_AUTO_TEST_CASE(entities_show_type_uuid_position_and_distance) {
    Fixture f;
    Brain& b = *f.brain;
    b.set_memory(f.m.attack_target, f.other.ref());
    BOOST_TEST(f.shown(f.m.attack_target) == "minecraft:villager " + kA.str() + " at (3.50, 64.00, 4.50), 5.00 away");
    // Without a level, only the UUID; an entity that is gone says so.
    BOOST_TEST(f.shown(f.m.attack_target, FormatContext{}) == kA.str());
    b.set_memory(f.m.avoid_target, EntityRef{kB, {}});
    BOOST_TEST(f.shown(f.m.avoid_target) == kB.str() + " (not loaded)");
    // Without the mob's position, no distance; without the types, no type.
    BOOST_TEST(f.shown(f.m.attack_target, FormatContext{&f.level, nullptr, std::nullopt}) ==
               kA.str() + " at (3.50, 64.00, 4.50)");
}

BOOST_AUTO_TEST_CASE(lists_show_their_length_and_first_items) {
    Fixture f;
    Brain& b = *f.brain;
    b.set_memory(f.m.mobs, EntityList{f.other.ref(), EntityRef{kB, {}}, EntityRef{kB, {}}, EntityRef{kB, {}}});
    BOOST_TEST(f.shown(f.m.mobs) == "4 entries: minecraft:villager " + kA.str() +
                                        " at (3.50, 64.00, 4.50), 5.00 away; " + kB.str() + " (not loaded); " +
                                        kB.str() + " (not loaded); …");
    b.set_memory(f.m.secondary_job_site, GlobalPosList{GlobalPos{ResourceLocation::of("overworld"), {1, 2, 3}}});
    BOOST_TEST(f.shown(f.m.secondary_job_site) == "1 entry: minecraft:overworld (1, 2, 3)");
    b.set_memory(f.m.doors_to_close, GlobalPosSet{GlobalPos{ResourceLocation::of("overworld"), {5, 6, 7}},
                                                  GlobalPos{ResourceLocation::of("overworld"), {1, 2, 3}}});
    BOOST_TEST(f.shown(f.m.doors_to_close) ==
               "2 entries: minecraft:overworld (1, 2, 3); minecraft:overworld (5, 6, 7)");
    b.set_memory(f.m.unreachable_tongue_targets, UuidList{kA});
    BOOST_TEST(f.shown(f.m.unreachable_tongue_targets) == "1 entry: " + kA.str());
    FormatContext wide = f.context();
    wide.max_items = 10;
    b.set_memory(f.m.mobs, EntityList{EntityRef{kB, {}}, EntityRef{kB, {}}, EntityRef{kB, {}}, EntityRef{kB, {}}});
    BOOST_TEST(f.shown(f.m.mobs, wide).find("…") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(walk_and_look_targets) {
    Fixture f;
    Brain& b = *f.brain;
    b.set_memory(f.m.walk_target, WalkTarget(BlockPos{3, 64, 4}, 0.6f, 1));
    BOOST_TEST(f.shown(f.m.walk_target) == "to (3, 64, 4), 5.02 away, speed 0.6, close enough within 1");
    b.set_memory(f.m.walk_target, WalkTarget(f.other, 0.5f, 2));
    BOOST_TEST(f.shown(f.m.walk_target) == "to entity minecraft:villager " + kA.str() +
                                               " at (3.50, 64.00, 4.50), 5.00 away, speed 0.5, close enough within 2");
    b.set_memory(f.m.look_target, PositionTracker::block(BlockPos{0, 70, 0}));
    BOOST_TEST(f.shown(f.m.look_target) == "block (0, 70, 0)");
    b.set_memory(f.m.look_target, PositionTracker::entity(EntityRef{kB, {}}, true, Vec3{8.2, 64, 1.5}));
    BOOST_TEST(f.shown(f.m.look_target) == "entity " + kB.str() + " (not loaded, last seen in (8, 64, 1)), eyes");
}

BOOST_AUTO_TEST_CASE(paths_damage_and_visible_mobs) {
    Fixture f;
    Brain& b = *f.brain;
    b.set_memory(f.m.path, Path::make({{0, 64, 0}, {1, 64, 0}, {2, 64, 0}}, BlockPos{2, 64, 0}, true));
    BOOST_TEST(f.shown(f.m.path) == "path of 3 nodes, at node 0 (0, 64, 0), to (2, 64, 0), reaches it");
    b.set_memory(f.m.path, Path::make({{0, 64, 0}}, BlockPos{4, 64, 0}, false));
    BOOST_TEST(f.shown(f.m.path) == "path of 1 node, at node 0 (0, 64, 0), to (4, 64, 0), stops 4 short");

    DamageSource hit;
    hit.type = ResourceLocation::of("arrow");
    hit.attacker = f.other.ref();
    hit.direct_entity = EntityRef{kB, {}};
    b.set_memory(f.m.hurt_by, hit);
    BOOST_TEST(f.shown(f.m.hurt_by, FormatContext{}) == "minecraft:arrow by " + kA.str() + ", direct " + kB.str());

    b.set_memory(f.m.visible_mobs, NearestVisibleLivingEntities({f.other.ref(), EntityRef{kB, {}}}, {f.other.ref()}));
    BOOST_TEST(f.shown(f.m.visible_mobs, FormatContext{}) ==
               "2 nearby, 1 visible: " + kA.str() + " [visible]; " + kB.str() + " [not visible]");
}

namespace {

// Counts the visibility tests a lazily filled visible_mobs runs.
int g_tests = 0;
bool count_test(Level&, Mob&, const Entity&, std::uint64_t) {
    ++g_tests;
    return true;
}

}  // namespace

BOOST_AUTO_TEST_CASE(showing_a_value_changes_nothing) {
    Fixture f;
    Brain& b = *f.brain;
    NearestVisibleLivingEntities lazy;
    const EntityList nearby{f.other.ref()};
    lazy.assign_lazy(nearby, f.level, f.self.ref(), &count_test, 0);
    b.set_memory(f.m.visible_mobs, lazy);
    g_tests = 0;
    BOOST_TEST(f.shown(f.m.visible_mobs, FormatContext{}) ==
               "1 nearby, 0 visible, 1 untested: " + kA.str() + " [untested]");
    BOOST_TEST(g_tests == 0);
    BOOST_TEST(b.get_memory(f.m.visible_mobs)->tested_count() == 0u);
    // An entity tracker is not refreshed: once the entity goes, it still reports where the mob saw it.
    b.set_memory(f.m.look_target, PositionTracker::entity(f.other.ref(), false, Vec3{9.5, 64, 9.5}));
    f.other.position_ = {3.5, 64, 4.5};
    BOOST_TEST(f.shown(f.m.look_target).find("(3.50, 64.00, 4.50)") != std::string::npos);
    f.level.mobs = {&f.self};
    BOOST_TEST((b.get_memory(f.m.look_target)->current_position(f.level) == Vec3{9.5, 64, 9.5}));
}

BOOST_AUTO_TEST_CASE(every_standard_memory_reads_without_type_names) {
    // A default value of every standard memory type, shown through its registry entry.
    Fixture f;
    const FormatContext ctx = f.context();
    for (MemoryHandle h : f.m.all) {
        const MemoryTypeInfo& info = f.reg.memory_types[h];
        const MemoryValueOps& ops = *info.ops;
        void* value = ::operator new(ops.size, std::align_val_t(ops.align));
        ops.default_construct(value);
        const std::string text = info.format(value, ctx);
        ops.destroy(value);
        ::operator delete(value, std::align_val_t(ops.align));
        BOOST_TEST_CONTEXT(f.reg.memory_types.id_of(h).str() << " shows " << text) {
            BOOST_TEST(!text.empty());
            BOOST_TEST(text.find("<") == std::string::npos);  // neither `<value of…>` nor `<short-term…>`
            BOOST_TEST(text.find("mobsdk") == std::string::npos);
        }
    }
}

BOOST_AUTO_TEST_CASE(a_plugins_own_types) {
    BrainRegistries reg;
    auto grudge = register_memory<plugin::Grudge>(reg.memory_types, "example:grudge");
    auto mood = register_memory<plugin::Mood>(reg.memory_types, "example:mood");
    auto opaque = register_memory<plugin::Opaque>(reg.memory_types, "example:opaque");
    using plugin::OneIntCodec;
    auto score =
        register_memory_with_codec<plugin::Score, OneIntCodec<plugin::Score>>(reg.memory_types, "example:score");
    auto rank = register_memory_with_codec<plugin::Rank, OneIntCodec<plugin::Rank>>(reg.memory_types, "example:rank");
    auto names = register_memory<std::vector<std::string>>(reg.memory_types, "example:names");
    auto maybe = register_memory<std::optional<std::int32_t>>(reg.memory_types, "example:maybe");
    static_assert(HasMemoryFormatter<plugin::Grudge> && !HasMemoryFormatter<plugin::Mood>);
    const std::vector<MemoryHandle> all{grudge, mood, opaque, score, rank, names, maybe};
    BrainProvider provider(reg, all, {});
    FakeLevel level{1};
    auto b = provider.make_brain(level.random());
    b->set_memory(grudge, plugin::Grudge{kA, 3});
    b->set_memory(mood, plugin::Mood{7});
    b->set_memory(opaque, plugin::Opaque{1, 2});
    b->set_memory(score, plugin::Score{42});
    b->set_memory(rank, plugin::Rank{2});
    b->set_memory(names, std::vector<std::string>{"Alex", "say \"hi\""});
    b->set_memory(maybe, std::optional<std::int32_t>{});  // a memory holding an empty optional
    std::vector<std::string> shown;
    for (const MemorySnapshot& s : b->snapshot_memories()) shown.push_back(s.present ? s.value : "(empty)");
    BOOST_TEST(shown == (std::vector<std::string>{"grudge 3 against " + kA.str(), "mood 7", "<value of 16 bytes>", "42",
                                                  "rank #2", R"(2 entries: "Alex"; "say \"hi\"")", "none"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(time_to_live) {
    Fixture f;
    Brain& b = *f.brain;
    b.set_memory(f.m.home, GlobalPos{});
    b.set_memory_with_expiry(f.m.attack_cooling_down, true, 120);
    b.set_memory_with_expiry(f.m.pacified, true, 1);
    for (const MemorySnapshot& s : b.snapshot_memories()) {
        if (s.memory == f.m.home) BOOST_TEST(s.time_to_live() == "forever");
        if (s.memory == f.m.attack_cooling_down) BOOST_TEST(s.time_to_live() == "120 ticks");
        if (s.memory == f.m.pacified) BOOST_TEST(s.time_to_live() == "1 tick");
    }
    BOOST_TEST(format_time_to_live(std::nullopt) == "forever");
    BOOST_TEST(format_time_to_live(0) == "0 ticks");
    b.forget_outdated_memories(MemoryExpiry::Legacy);
    for (const MemorySnapshot& s : b.snapshot_memories())
        if (s.memory == f.m.attack_cooling_down) BOOST_TEST(s.time_to_live() == "119 ticks");
}

BOOST_AUTO_TEST_CASE(numbers_read_back) {
    BOOST_TEST(format_value(0.5f, FormatContext{}) == "0.5");
    BOOST_TEST(format_value(0.6f, FormatContext{}) == "0.6");  // the float, not the double it widens to
    BOOST_TEST(format_value(3.0, FormatContext{}) == "3");
    BOOST_TEST(format_value(std::pair{1, true}, FormatContext{}) == "(1, true)");
    BOOST_TEST(format_value(std::vector<int>{}, FormatContext{}) == "0 entries");
}

BOOST_AUTO_TEST_SUITE_END()
