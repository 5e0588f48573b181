// The world's chunk lifecycle over a ChunkIo kept in memory: tickets load chunks, a chunk without
// one is saved and unloaded after World::unload_delay ticks with its entities, and loading brings
// them back — long-term memories with their ttl where it stopped, short-term ones gone (seed 000).
// Also entity NBT with its id, and the batches that keep an entity on disk exactly once.
#include <boost/test/unit_test.hpp>

#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/nbt/snbt.hpp"
#include "mobserver/world/harness.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
namespace nbt = mobsdk::nbt;

namespace {

nbt::Compound snbt(std::string_view text) { return nbt::parse_snbt_compound(text).value(); }

// Chunk storage in memory: entity lists and POI sections per column; blocks are only counted
// (their codec has its own tests). Every batch is recorded.
class MemoryIo final : public ChunkIo {
public:
    std::map<ChunkPos, std::vector<nbt::Compound>> entities;
    std::map<ChunkPos, std::map<std::int32_t, PoiSection>> pois;
    std::vector<std::vector<ChunkPos>> batches;  // columns of each successful save
    std::int32_t block_writes = 0;
    bool fail = false;
    std::set<ChunkPos> unreadable;  // columns whose files cannot be read (an I/O error)
    int loads = 0;

    ChunkLoadResult load(ChunkPos pos, const BlockRegistry&) override {
        ChunkLoadResult r;
        ++loads;
        if (unreadable.count(pos)) {
            r.error = "cannot open: Input/output error";
            return r;
        }
        if (auto it = pois.find(pos); it != pois.end()) r.poi = it->second;
        if (auto it = entities.find(pos); it != entities.end()) r.entities = it->second;
        return r;
    }
    Result<std::vector<nbt::Compound>, std::string> load_entities(ChunkPos pos, std::vector<std::string>&) override {
        if (unreadable.count(pos)) return unexpected(std::string("cannot open: Input/output error"));
        auto it = entities.find(pos);
        return it == entities.end() ? std::vector<nbt::Compound>{} : it->second;
    }
    std::string save(std::span<const ChunkSaveEntry> batch, std::int64_t) override {
        if (fail) return "disk full";
        std::vector<ChunkPos> cols;
        for (const auto& e : batch) {
            cols.push_back(e.pos);
            if (e.blocks) ++block_writes;
            if (e.poi) pois[e.pos] = *e.poi;
            if (e.entities) entities[e.pos] = *e.entities;
        }
        batches.push_back(cols);
        return {};
    }
    // How many stored lists hold an entity with this UUID.
    int copies(Uuid u) const {
        int n = 0;
        for (const auto& [pos, list] : entities)
            for (const auto& tag : list)
                if (auto ints = tag.find<nbt::IntArray>("UUID"); ints && uuid_from_ints(*ints) == u) ++n;
        return n;
    }
};

// A harness whose villagers get a brain with one long-term memory with expiry, one long-term
// memory without, and one short-term memory.
struct Fixture {
    brain::BrainRegistries brain_reg;
    brain::StandardMemories mem = brain::register_standard_memories(brain_reg.memory_types);
    std::unique_ptr<brain::BrainProvider> provider;
    WorldHarness h;
    MemoryIo io;
    std::vector<std::string> warnings;

    Fixture() {
        brain_reg.freeze();
        const std::vector<brain::MemoryHandle> memories{mem.home, mem.golem_detected_recently, mem.walk_target};
        provider = std::make_unique<brain::BrainProvider>(brain_reg, memories, std::span<const brain::SensorType>{});
        h.world().set_mob_initializer([this](ServerMob& m) {
            if (m.type() == h.entity_types().villager) m.set_brain(provider->make_brain(h.world().random()));
        });
        h.world().set_warning_sink([this](const std::string& w) { warnings.push_back(w); });
        h.world().set_spawn({0, -60, 0}, 3);  // the harness generated radius 3 around the origin
        h.world().attach_storage(io);
    }
    World& w() { return h.world(); }
};

constexpr double feet = -60.0;

}  // namespace

BOOST_AUTO_TEST_SUITE(chunk_lifecycle)

BOOST_AUTO_TEST_CASE(entity_nbt_carries_its_id_first_and_round_trips) {
    WorldHarness h;
    ServerMob& z = h.spawn("zombie", {1.5, feet, 2.5});
    z.data().tags = {"a"};
    z.extra_nbt.put("VillagerData",
                    nbt::Tag(snbt("{level:1,profession:\"minecraft:none\",type:\"minecraft:plains\"}")));
    const nbt::Compound tag = h.world().save_entity(z);
    BOOST_TEST(tag.begin()->name == "id");
    BOOST_TEST(tag.get<std::string>("id") == "minecraft:zombie");
    BOOST_TEST(tag.get<nbt::IntArray>("UUID") == uuid_to_ints(z.uuid()));
    BOOST_TEST(tag.contains("VillagerData"));  // fields it does not use are written back

    h.world().remove(z.handle());
    h.tick();
    std::vector<std::string> warnings;
    auto made = h.world().spawn_from_nbt(tag, warnings);
    BOOST_TEST_REQUIRE(made.has_value());
    BOOST_TEST(warnings.empty());
    BOOST_TEST((*made)->uuid() == *uuid_from_ints(tag.get<nbt::IntArray>("UUID")));
    BOOST_TEST(h.world().save_entity(**made) == tag);
}

BOOST_AUTO_TEST_CASE(item_entities_save_as_vanilla_and_come_back) {
    WorldHarness h;
    ItemEntity& item = h.world().spawn_item({0.5, feet, 0.5}, ItemStack{ResourceLocation::of("bread"), 3});
    item.pickup_delay = 7;
    const nbt::Compound tag = h.world().save_entity(item);
    BOOST_TEST(tag.get<std::string>("id") == "minecraft:item");
    BOOST_TEST(tag.get<nbt::Compound>("Item").get<std::string>("id") == "minecraft:bread");
    BOOST_TEST(tag.get<nbt::Compound>("Item").get<std::int8_t>("Count") == 3);
    BOOST_TEST(tag.get<std::int16_t>("PickupDelay") == 7);
    BOOST_TEST(tag.get<std::int16_t>("Health") == 5);
    h.world().remove(item.handle());
    h.tick();
    std::vector<std::string> warnings;
    auto made = h.world().spawn_from_nbt(tag, warnings);
    BOOST_TEST_REQUIRE(made.has_value());
    BOOST_TEST(h.world().save_entity(**made) == tag);
}

BOOST_AUTO_TEST_CASE(spawn_from_nbt_refuses_what_it_cannot_place_and_creates_nothing) {
    WorldHarness h;
    std::vector<std::string> warnings;
    const std::size_t before = h.world().entities().size();
    auto check = [&](std::string_view text, std::string_view expected) {
        auto r = h.world().spawn_from_nbt(snbt(text), warnings);
        BOOST_TEST_REQUIRE(!r.has_value(), text);
        BOOST_TEST(r.error().find(expected) != std::string::npos, r.error());
    };
    check("{Pos:[0.0d,0.0d,0.0d]}", "missing entity id");
    check("{id:\"Not Valid\",Pos:[0.0d,0.0d,0.0d]}", "invalid entity id");
    check("{id:\"minecraft:ghast\",Pos:[0.0d,0.0d,0.0d]}", "unknown entity type 'minecraft:ghast'");
    check("{id:\"zombie\"}", "Pos must be a list of 3 doubles");
    check("{id:\"zombie\",Pos:[0.0d,1e9d,0.0d]}", "outside the world border");
    check("{id:\"item\",Pos:[0.0d,-60.0d,0.0d]}", "Item is missing");
    ServerMob& z = h.spawn("zombie", {0.5, feet, 0.5});
    nbt::Compound dup = h.world().save_entity(z);
    check(nbt::to_snbt(nbt::Tag(dup)), "already exists");
    BOOST_TEST(h.world().entities().size() == before + 1);
    // A bad field is a warning, not a refusal.
    auto ok = h.world().spawn_from_nbt(snbt("{id:\"minecraft:zombie\",Pos:[0.5d,-60.0d,0.5d],Health:\"x\"}"), warnings);
    BOOST_TEST(ok.has_value());
    BOOST_TEST(warnings.size() == 1u);
}

BOOST_FIXTURE_TEST_CASE(forced_chunks_load_and_unload_after_the_delay, Fixture) {
    const ChunkPos far{10, 10};
    BOOST_TEST(!w().is_loaded(far));
    BOOST_TEST(w().set_forced(far, true));
    BOOST_TEST(!w().set_forced(far, true));  // already forced
    w().update_chunks();
    BOOST_TEST(w().is_loaded(far));
    BOOST_TEST(w().has_ticket(far));
    BOOST_TEST(w().set_forced(far, false));
    // Without a ticket: kept for unload_delay ticks, then saved and gone.
    for (std::int64_t t = 0; t < World::unload_delay; ++t) {
        BOOST_TEST(w().is_loaded(far), "tick " << t);
        h.tick();
    }
    BOOST_TEST(!w().is_loaded(far));
    BOOST_TEST(w().chunks_unloaded() == 1);
    BOOST_TEST(io.block_writes == 1);  // a generated chunk is new: its blocks are written
    BOOST_TEST(io.pois.count(far) == 1u);
    // Spawn chunks never unload.
    BOOST_TEST(w().is_loaded({3, 3}));
    BOOST_TEST(w().is_loaded({-3, 0}));
    BOOST_TEST(!w().has_ticket({4, 0}));
}

BOOST_FIXTURE_TEST_CASE(unload_keeps_long_term_memories_and_drops_short_term_ones, Fixture) {
    const ChunkPos far{10, 10};
    w().set_forced(far, true);
    w().update_chunks();
    ServerMob& v = h.spawn("villager", {164.5, feet, 164.5});
    v.data().no_ai = false;
    brain::Brain& b = *v.brain();
    const GlobalPos home{ResourceLocation::of("overworld"), {160, -60, 160}};
    b.set_memory(mem.home, home);
    b.set_memory_with_expiry(mem.golem_detected_recently, true, 600);
    b.set_memory(mem.walk_target, brain::WalkTarget(brain::PositionTracker::block(BlockPos{170, -60, 170}), 0.5f, 1));
    const Uuid uuid = v.uuid();
    h.tick(10);
    const std::int64_t ttl_before = b.time_until_expiry(mem.golem_detected_recently);
    BOOST_TEST(ttl_before == 590);

    w().set_forced(far, false);
    h.tick(static_cast<std::int32_t>(World::unload_delay));
    BOOST_TEST(!w().is_loaded(far));
    BOOST_TEST(w().find(uuid) == nullptr);  // unloaded with its chunk: cannot be targeted
    BOOST_TEST(io.copies(uuid) == 1);
    const nbt::Compound& saved = io.entities[far].at(0);
    const auto& memories = saved.get<nbt::Compound>("Brain").get<nbt::Compound>("memories");
    BOOST_TEST(memories.contains("minecraft:home"));
    BOOST_TEST(memories.contains("minecraft:golem_detected_recently"));
    BOOST_TEST(!memories.contains("minecraft:walk_target"));  // short-term: no codec, not saved

    // Time passes while it is unloaded: its memories do not count down.
    h.tick(100);
    w().set_forced(far, true);
    w().update_chunks();
    auto* back = dynamic_cast<ServerMob*>(w().find(uuid));
    BOOST_TEST_REQUIRE(back != nullptr);
    brain::Brain& b2 = *back->brain();
    BOOST_TEST(b2.get_memory(mem.home) != nullptr);
    BOOST_TEST((*b2.get_memory(mem.home) == home));
    BOOST_TEST(b2.time_until_expiry(mem.golem_detected_recently) == ttl_before - World::unload_delay);
    BOOST_TEST(b2.get_memory(mem.walk_target) == nullptr);
    BOOST_TEST(warnings.empty());
}

BOOST_FIXTURE_TEST_CASE(an_entity_walking_into_an_unloaded_chunk_is_stored_there_once, Fixture) {
    ServerMob& z = h.spawn("zombie", {8.5, feet, 8.5});
    const Uuid uuid = z.uuid();
    BOOST_TEST(w().save_all().empty());
    BOOST_TEST(io.copies(uuid) == 1);
    BOOST_TEST(io.entities[(ChunkPos{0, 0})].size() == 1u);
    // Teleported beyond the spawn chunks: at the end of the tick it goes to storage, and the
    // column that held it is rewritten in the same batch.
    w().teleport(z.handle(), {100.5, feet, 8.5});
    io.batches.clear();
    h.tick();
    BOOST_TEST(w().find(uuid) == nullptr);
    BOOST_TEST(io.copies(uuid) == 1);
    BOOST_TEST(io.entities[(ChunkPos{6, 0})].size() == 1u);
    BOOST_TEST(io.entities[(ChunkPos{0, 0})].empty());
    BOOST_TEST_REQUIRE(io.batches.size() == 1u);
    BOOST_TEST(io.batches[0].size() == 2u);
    // Loading its column brings it back, without a duplicate on disk.
    w().set_forced({6, 0}, true);
    w().update_chunks();
    BOOST_TEST(w().find(uuid) != nullptr);
    BOOST_TEST(w().save_all().empty());
    BOOST_TEST(io.copies(uuid) == 1);
}

BOOST_FIXTURE_TEST_CASE(a_killed_entity_leaves_storage_at_the_next_save, Fixture) {
    ServerMob& z = h.spawn("zombie", {8.5, feet, 8.5});
    const Uuid uuid = z.uuid();
    BOOST_TEST(w().save_all().empty());
    w().remove(z.handle());
    h.tick();
    BOOST_TEST(w().save_all().empty());
    BOOST_TEST(io.copies(uuid) == 0);
}

BOOST_FIXTURE_TEST_CASE(a_failed_save_keeps_the_chunk_and_its_entities_loaded, Fixture) {
    const ChunkPos far{10, 10};
    w().set_forced(far, true);
    w().update_chunks();
    ServerMob& z = h.spawn("zombie", {164.5, feet, 164.5});
    const Uuid uuid = z.uuid();
    w().set_forced(far, false);
    io.fail = true;
    h.tick(static_cast<std::int32_t>(World::unload_delay) + 1);
    BOOST_TEST(w().is_loaded(far));
    BOOST_TEST(w().find(uuid) != nullptr);
    BOOST_TEST_REQUIRE(!warnings.empty());
    BOOST_TEST(warnings.back().find("disk full") != std::string::npos);
    BOOST_TEST(w().save_all() == "disk full");
    // Once the disk works again, the next attempt unloads it.
    io.fail = false;
    h.tick(static_cast<std::int32_t>(World::unload_delay) + 1);
    BOOST_TEST(!w().is_loaded(far));
    BOOST_TEST(io.copies(uuid) == 1);
}

BOOST_FIXTURE_TEST_CASE(duplicates_are_skipped_and_entities_it_cannot_create_are_kept_in_storage, Fixture) {
    const ChunkPos far{10, 10};
    ServerMob& z = h.spawn("zombie", {8.5, feet, 8.5});
    nbt::Compound copy = w().save_entity(z);
    const nbt::Compound ghast = snbt("{id:\"minecraft:ghast\",Pos:[160.0d,-60.0d,160.0d],Tags:[\"keep\"]}");
    io.entities[far] = {copy, ghast};
    w().set_forced(far, true);
    w().update_chunks();
    BOOST_TEST(w().entities().size() == 1u);
    BOOST_TEST_REQUIRE(warnings.size() == 2u);
    BOOST_TEST(warnings[0].find("Chunk [10, 10]: entity skipped: an entity with UUID") == 0u);
    BOOST_TEST(warnings[1].find(
                   "Chunk [10, 10]: entity kept in storage, not created: unknown entity type 'minecraft:ghast'") == 0u);
    BOOST_TEST(w().dormant_count() == 1u);
    // A ghast (say, from a plugin that is not loaded) is written back with its column, unchanged,
    // and still there after the column unloads.
    BOOST_TEST(w().save_all().empty());
    BOOST_TEST_REQUIRE(io.entities[(ChunkPos{10, 10})].size() == 1u);
    BOOST_TEST((io.entities[(ChunkPos{10, 10})][0] == ghast));
    w().set_forced(far, false);
    h.tick(static_cast<std::int32_t>(World::unload_delay));
    BOOST_TEST(!w().is_loaded(far));
    BOOST_TEST(w().dormant_count() == 0u);
    BOOST_TEST_REQUIRE(io.entities[(ChunkPos{10, 10})].size() == 1u);
    BOOST_TEST((io.entities[(ChunkPos{10, 10})][0] == ghast));
}

BOOST_FIXTURE_TEST_CASE(a_column_storage_cannot_read_stays_unloaded_and_is_never_written_over, Fixture) {
    const ChunkPos far{10, 10};
    const nbt::Compound stored = snbt("{id:\"minecraft:zombie\",Pos:[164.5d,-60.0d,164.5d],UUID:[I;9,9,9,9]}");
    io.entities[far] = {stored};
    io.unreadable.insert(far);
    w().set_forced(far, true);
    w().update_chunks();
    // Not loaded, and above all not generated in its place: a save would write that over the disk.
    BOOST_TEST(!w().is_loaded(far));
    BOOST_TEST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(
        warnings[0].find("Chunk [10, 10] cannot be read; it stays unloaded and nothing is written over it") == 0u,
        warnings[0]);
    // Tried again after load_retry_delay ticks, not every tick, and logged once.
    const int loads = io.loads;
    h.tick(50);
    BOOST_TEST(io.loads == loads);
    h.tick(60);
    BOOST_TEST(io.loads == loads + 1);
    BOOST_TEST(warnings.size() == 1u);

    // A zombie that walks into the column cannot be saved there, nor can the stored entity be
    // dropped: the zombie is stranded — it stays where it is, in memory and without ticking, and is
    // saved with the column that held it; the rest of the world keeps saving.
    ServerMob& z = h.spawn("zombie", {8.5, feet, 8.5});
    const Uuid uuid = z.uuid();
    BOOST_TEST(w().save_all().empty());
    w().teleport(z.handle(), {165.5, feet + 3.0, 165.5});
    io.batches.clear();
    h.tick();
    BOOST_TEST(w().find(uuid) != nullptr);
    BOOST_TEST(io.copies(uuid) == 1);
    BOOST_TEST(io.entities[(ChunkPos{0, 0})].size() == 1u);
    BOOST_TEST_REQUIRE(io.entities[far].size() == 1u);
    BOOST_TEST((io.entities[far][0] == stored));
    BOOST_TEST(warnings.back().find("stands in chunk [10, 10], which is not loaded and cannot take it (cannot "
                                    "open: Input/output error); it stays where it is without ticking and is saved "
                                    "with chunk [0, 0]") != std::string::npos,
               warnings.back());
    const std::size_t warned = warnings.size();
    const std::size_t batches = io.batches.size();
    h.tick(20);
    BOOST_TEST(z.position().y == feet + 3.0);  // not ticking: it does not fall into the empty column
    BOOST_TEST(io.batches.size() == batches);  // nor is it tried again every tick
    BOOST_TEST(w().save_all().empty());        // the world still saves, the zombie with [0, 0]
    BOOST_TEST(io.copies(uuid) == 1);
    BOOST_TEST(io.entities[far].size() == 1u);
    BOOST_TEST(warnings.size() == warned);  // said once

    // Readable again: the column loads with what was stored, and the zombie joins it.
    io.unreadable.clear();
    h.tick(static_cast<std::int32_t>(World::load_retry_delay));
    BOOST_TEST(w().is_loaded(far));
    BOOST_TEST(w().find(*uuid_from_ints(nbt::IntArray{9, 9, 9, 9})) != nullptr);
    BOOST_TEST(w().save_all().empty());
    BOOST_TEST(io.copies(uuid) == 1);
    BOOST_TEST(io.entities[far].size() == 2u);
}

namespace {

// An AI hook that throws on its third tick, counting its ticks.
struct ThrowingAi final : MobAi {
    int* ticks;
    explicit ThrowingAi(int* t) : ticks(t) {}
    void tick(World&, ServerMob&) override {
        if (++*ticks == 3) throw std::runtime_error("plugin bug");
    }
};

struct CountingAi final : MobAi {
    int* ticks;
    explicit CountingAi(int* t) : ticks(t) {}
    void tick(World&, ServerMob&) override { ++*ticks; }
};

}  // namespace

BOOST_AUTO_TEST_CASE(an_exception_from_a_mob_s_ai_disables_that_ai_only_and_is_logged_once) {
    WorldHarness h;
    std::vector<std::string> warnings;
    h.world().set_warning_sink([&](const std::string& w) { warnings.push_back(w); });
    int bad_ticks = 0, good_ticks = 0;
    ServerMob& bad = h.spawn("zombie", {0.5, feet + 3, 0.5});
    ServerMob& good = h.spawn("zombie", {4.5, feet, 4.5});
    bad.set_ai(std::make_unique<ThrowingAi>(&bad_ticks));
    good.set_ai(std::make_unique<CountingAi>(&good_ticks));
    h.tick(10);
    BOOST_TEST(bad_ticks == 3);  // not called again after it threw
    BOOST_TEST(good_ticks == 10);
    BOOST_TEST(bad.ai_failed);
    BOOST_TEST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(warnings[0].find("Mob minecraft:zombie " + bad.uuid().str()) == 0u);
    BOOST_TEST(warnings[0].find("its AI threw (plugin bug); its AI is disabled") != std::string::npos);
    BOOST_TEST(bad.position().y == feet);  // physics still runs: it fell to the ground
}

BOOST_AUTO_TEST_CASE(a_mob_initializer_that_throws_leaves_the_mob_without_ai) {
    WorldHarness h;
    std::vector<std::string> warnings;
    h.world().set_warning_sink([&](const std::string& w) { warnings.push_back(w); });
    h.world().set_mob_initializer([](ServerMob&) { throw std::runtime_error("no brain for you"); });
    ServerMob& m = h.spawn("villager", {0.5, feet, 0.5});
    BOOST_TEST(m.ai_failed);
    BOOST_TEST(m.brain() == nullptr);
    BOOST_TEST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(warnings[0].find("no brain for you") != std::string::npos);
    h.tick();
}

BOOST_AUTO_TEST_SUITE_END()
