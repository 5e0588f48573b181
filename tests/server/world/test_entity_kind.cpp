// The open table of entity kinds: a fourth kind (a marker, as vanilla's minecraft:marker) added
// with one World::add_entity_kind call is made from NBT, ticked in the world's order, saved to and
// loaded from chunk storage, and killed, with no change to World; two kinds cannot serve one type.
#include <boost/test/unit_test.hpp>

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "mobsdk/nbt/snbt.hpp"
#include "mobserver/world/harness.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

// An entity with nothing but a counter of its ticks and a note.
class Marker final : public EntityImpl<Entity> {
public:
    std::int32_t ticks = 0;
    std::string note;
};

// The kind of minecraft:marker. Every tick appends `order_id` to `log` (when set) so that the
// order against other kinds shows.
class MarkerKind final : public SingleTypeEntityKind<Marker> {
public:
    using SingleTypeEntityKind::SingleTypeEntityKind;
    std::vector<int>* log = nullptr;
    int order_id = 0;

    std::string_view name() const noexcept override { return "marker"; }
    Result<Entity*, std::string> create(World& world, Handle<EntityTypeInfo>, const Vec3& pos, Uuid uuid,
                                        const nbt::Compound& tag, std::vector<std::string>& warnings) override {
        Marker& m = spawn(world, pos, uuid);
        for (auto& w : load(world, m, tag)) warnings.push_back(std::move(w));
        return &static_cast<Entity&>(m);
    }
    nbt::Compound save(const World&, const Entity& entity) const override {
        const Marker& m = as(entity);
        nbt::Compound c;
        save_entity_nbt(m.data(), c);
        c.put("Ticks", nbt::Tag(m.ticks));
        c.put("Note", nbt::Tag(m.note));
        return c;
    }
    std::vector<std::string> load(World& world, Entity& entity, const nbt::Compound& tag) override {
        Marker& m = as(entity);
        std::vector<std::string> warnings;
        load_entity_nbt(world, m.data(), tag, warnings);
        if (const auto* t = tag.find<std::int32_t>("Ticks")) m.ticks = *t;
        if (const auto* n = tag.find<std::string>("Note")) m.note = *n;
        return warnings;
    }
    void tick(World&, Entity& entity) override {
        ++as(entity).ticks;
        if (log) log->push_back(order_id);
    }

    Marker& spawn(World& world, const Vec3& pos, Uuid uuid = {}) {
        auto m = std::make_unique<Marker>();
        m->data().uuid = world.claim_uuid(uuid);
        m->data().type = *type_;
        m->data().info = &world.registries().entity_types[*type_];
        m->data().pos = pos;
        return world.add_entity(std::move(m), *this);
    }
};

// Records the order mobs are ticked in.
struct OrderAi final : MobAi {
    std::vector<int>* log;
    int id;
    OrderAi(std::vector<int>* l, int i) : log(l), id(i) {}
    void tick(World&, ServerMob&) override { log->push_back(id); }
};

// Entity lists per column, kept in memory (blocks are generated again on load).
class MemoryIo final : public ChunkIo {
public:
    std::map<ChunkPos, std::vector<nbt::Compound>> entities;

    ChunkLoadResult load(ChunkPos pos, const BlockRegistry&) override {
        ChunkLoadResult r;
        if (auto it = entities.find(pos); it != entities.end()) r.entities = it->second;
        return r;
    }
    Result<std::vector<nbt::Compound>, std::string> load_entities(ChunkPos pos, std::vector<std::string>&) override {
        auto it = entities.find(pos);
        return it == entities.end() ? std::vector<nbt::Compound>{} : it->second;
    }
    std::string save(std::span<const ChunkSaveEntry> batch, std::int64_t) override {
        for (const auto& e : batch)
            if (e.entities) entities[e.pos] = *e.entities;
        return {};
    }
};

// A harness whose registries also hold minecraft:marker (not a mob: no built-in kind serves it).
struct Fixture {
    Handle<EntityTypeInfo> marker_type;
    WorldHarness h{[this] {
        WorldHarness::Options o;
        o.register_more = [this](WorldRegistries& r) {
            EntityTypeInfo info;
            info.width = info.height = 0.0f;
            info.eye_height = 0.0f;
            info.is_mob = false;
            marker_type = r.entity_types.register_entry("minecraft:marker", info, "test");
        };
        return o;
    }()};
    World& w() { return h.world(); }
    MarkerKind& add_kind() {
        return static_cast<MarkerKind&>(w().add_entity_kind(std::make_unique<MarkerKind>(marker_type)));
    }
};

nbt::Compound snbt(std::string_view text) { return nbt::parse_snbt_compound(text).value(); }

constexpr double feet = WorldHarness::ground_y;

}  // namespace

BOOST_AUTO_TEST_SUITE(entity_kind)

BOOST_AUTO_TEST_CASE(built_in_kinds_serve_mobs_items_arrows_and_players) {
    WorldHarness h;
    const World& w = h.world();
    BOOST_TEST_REQUIRE(w.entity_kinds().size() == 4u);
    BOOST_TEST(w.kind_of(h.entity_types().villager)->name() == "mob");
    BOOST_TEST(w.kind_of(h.entity_types().zombie) == w.kind_of(h.entity_types().villager));
    BOOST_TEST(w.kind_of(*w.item_type())->name() == "item entity");
    BOOST_TEST(w.kind_of(*w.arrow_type())->name() == "arrow");
    BOOST_TEST(w.kind_of(h.entity_types().player)->name() == "player");
    BOOST_TEST(w.kind_of(Handle<EntityTypeInfo>{}) == nullptr);
    // Each entity's slot records the kind it was made by.
    ServerMob& zombie = h.spawn("zombie", {0.5, feet, 0.5});
    ItemEntity& item = h.world().spawn_item({1.5, feet, 0.5}, ItemStack{ResourceLocation::of("stick"), 1});
    BOOST_TEST(w.entities().slot(zombie.handle())->kind == w.kind_of(h.entity_types().zombie));
    BOOST_TEST(w.entities().slot(item.handle())->kind == w.kind_of(*w.item_type()));
}

BOOST_AUTO_TEST_CASE(a_type_no_kind_serves_cannot_be_made) {
    Fixture f;
    std::vector<std::string> warnings;
    const auto made = f.w().spawn_from_nbt(snbt(R"({id: "minecraft:marker", Pos: [0.5d, -60.0d, 0.5d]})"), warnings);
    BOOST_TEST_REQUIRE(!made.has_value());
    BOOST_TEST(made.error() == "minecraft:marker: this server cannot create entities of this type");
    BOOST_TEST(f.w().entities().size() == 0u);
}

BOOST_AUTO_TEST_CASE(a_fourth_kind_is_made_ticked_saved_and_killed_through_the_table) {
    Fixture f;
    MarkerKind& kind = f.add_kind();
    BOOST_TEST(f.w().kind_of(f.marker_type) == &kind);
    std::vector<std::string> warnings;
    const auto made = f.w().spawn_from_nbt(
        snbt(R"({id: "minecraft:marker", Pos: [2.5d, -60.0d, 3.5d], UUID: [I; 1, 2, 3, 4], Ticks: 5, Note: "hi"})"),
        warnings);
    BOOST_TEST_REQUIRE(made.has_value());
    BOOST_TEST(warnings.empty());
    Marker* m = kind.get(f.w().entities().slot((*made)->handle()));
    BOOST_TEST_REQUIRE(m != nullptr);
    BOOST_TEST(m->ticks == 5);
    BOOST_TEST(m->note == "hi");
    BOOST_TEST((m->position() == Vec3{2.5, -60.0, 3.5}));
    // Not a mob, not an item: the typed views of the other kinds do not see it.
    BOOST_TEST(f.w().mob(m->handle()) == nullptr);
    BOOST_TEST(f.w().item_entity(m->ref()) == nullptr);

    f.h.tick(3);
    BOOST_TEST(m->ticks == 8);
    BOOST_TEST(m->data().age == 3);
    const nbt::Compound saved = f.w().save_entity(*m);
    BOOST_TEST(saved.get<std::string>("id") == "minecraft:marker");
    BOOST_TEST(saved.get<std::int32_t>("Ticks") == 8);
    BOOST_TEST((saved.get<nbt::IntArray>("UUID") == nbt::IntArray{1, 2, 3, 4}));

    // data merge goes through the kind too.
    BOOST_TEST(f.w().load_entity(*m, snbt(R"({Note: "merged"})")).empty());
    BOOST_TEST(m->note == "merged");

    // Queries find it like any entity.
    std::vector<EntityRef> near;
    f.w().entities_of_type(f.marker_type, AABB{{0, -61, 0}, {5, -59, 5}}, near);
    BOOST_TEST(near.size() == 1u);

    // Kill: the default removes it; it is gone after the tick.
    const EntityRef ref = m->ref();
    BOOST_TEST(f.w().kill(ref.handle));
    BOOST_TEST(f.w().resolve(ref) == nullptr);
    f.h.tick();
    BOOST_TEST(f.w().entities().slot(ref.handle) == nullptr);
}

BOOST_AUTO_TEST_CASE(kinds_tick_in_the_one_insertion_order) {
    Fixture f;
    std::vector<int> log;
    MarkerKind& kind = f.add_kind();
    kind.log = &log;
    kind.order_id = 0;
    f.h.spawn("zombie", {0.5, feet, 0.5}).set_ai(std::make_unique<OrderAi>(&log, 1));
    kind.spawn(f.w(), {3.5, feet, 0.5});
    f.h.spawn("zombie", {6.5, feet, 0.5}).set_ai(std::make_unique<OrderAi>(&log, 2));
    f.h.tick(2);
    BOOST_TEST(log == (std::vector<int>{1, 0, 2, 1, 0, 2}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_fourth_kind_goes_to_chunk_storage_and_comes_back) {
    MemoryIo io;
    const ChunkPos far{8, 0};  // outside what the harness generates, so the second world loads it
    const BlockPos at{8 * 16 + 5, -60, 5};
    Uuid uuid;
    {
        Fixture f;
        MarkerKind& kind = f.add_kind();
        f.w().attach_storage(io);
        f.w().ensure_chunks(at, 0);
        Marker& m = kind.spawn(f.w(), Vec3{at.x + 0.5, double(at.y), at.z + 0.5});
        m.ticks = 41;
        m.note = "stored";
        uuid = m.uuid();
        BOOST_TEST(f.w().save_all().empty());
    }
    BOOST_TEST_REQUIRE(io.entities[far].size() == 1u);
    BOOST_TEST(io.entities[far][0].get<std::string>("id") == "minecraft:marker");

    // A world without the kind keeps it in storage, untouched.
    {
        Fixture f;
        f.w().attach_storage(io);
        f.w().ensure_chunks(at, 0);
        BOOST_TEST(f.w().find(uuid) == nullptr);
        BOOST_TEST(f.w().dormant_count() == 1u);
    }
    // A world with it makes it again from what was stored.
    Fixture f;
    MarkerKind& kind = f.add_kind();
    f.w().attach_storage(io);
    f.w().ensure_chunks(at, 0);
    Entity* back = f.w().find(uuid);
    BOOST_TEST_REQUIRE(back != nullptr);
    Marker* m = kind.get(f.w().entities().slot(back->handle()));
    BOOST_TEST_REQUIRE(m != nullptr);
    BOOST_TEST(m->ticks == 41);
    BOOST_TEST(m->note == "stored");
    BOOST_TEST((m->position() == Vec3{at.x + 0.5, double(at.y), at.z + 0.5}));
}

BOOST_AUTO_TEST_CASE(two_kinds_cannot_serve_one_type) {
    Fixture f;
    // minecraft:item is the item entity kind's.
    try {
        f.w().add_entity_kind(std::make_unique<MarkerKind>(*f.w().item_type()));
        BOOST_FAIL("a second kind for minecraft:item was accepted");
    } catch (const std::logic_error& e) {
        BOOST_TEST(std::string(e.what()) ==
                   "entity type minecraft:item is served by two entity kinds: item entity and marker");
    }
    BOOST_TEST(f.w().entity_kinds().size() == 4u);  // nothing was added
    BOOST_CHECK_THROW(f.w().add_entity_kind(nullptr), std::invalid_argument);
    f.add_kind();
    BOOST_CHECK_THROW(f.add_kind(), std::logic_error);
}

BOOST_AUTO_TEST_SUITE_END()
