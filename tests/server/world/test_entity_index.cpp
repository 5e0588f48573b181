// EntityIndex: generational handles, UUID lookup, the stable tick order and the spatial grid,
// whose box queries are checked against a brute-force scan over thousands of random entities.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

#include "mobsdk/core/registry.hpp"
#include "mobsdk/world/random.hpp"
#include "mobserver/world/entity_index.hpp"
#include "mobserver/world/harness.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

struct Types {
    Registry<EntityTypeInfo> registry{ResourceLocation::of("entity_type")};
    Handle<EntityTypeInfo> zombie, cow, golem, item;
    Types() {
        EntityTypeInfo z;  // vanilla zombie: 0.6 × 1.95
        z.height = 1.95f;
        zombie = registry.register_entry("zombie", z);
        EntityTypeInfo c;  // vanilla cow: 0.9 × 1.4
        c.width = 0.9f;
        c.height = 1.4f;
        cow = registry.register_entry("cow", c);
        EntityTypeInfo g;  // vanilla iron golem: 1.4 × 2.7
        g.width = 1.4f;
        g.height = 2.7f;
        golem = registry.register_entry("iron_golem", g);
        EntityTypeInfo i;  // vanilla item: 0.25 × 0.25
        i.width = 0.25f;
        i.height = 0.25f;
        i.is_mob = false;
        item = registry.register_entry("item", i);
        registry.freeze();
    }
};

std::unique_ptr<ItemEntity> make(const Types& types, Handle<EntityTypeInfo> type, std::uint64_t id, Vec3 pos) {
    auto e = std::make_unique<ItemEntity>();
    e->data().uuid = Uuid{0x1234, id};
    e->data().type = type;
    e->data().info = &types.registry[type];
    e->data().pos = pos;
    return e;
}

EntityHandle add(EntityIndex& index, const Types& types, Handle<EntityTypeInfo> type, std::uint64_t id, Vec3 pos) {
    return index.insert(make(types, type, id, pos));
}

// The UUIDs (low halves) a query returns, sorted.
std::vector<std::uint64_t> ids(const std::vector<const EntitySlot*>& slots) {
    std::vector<std::uint64_t> out;
    for (const auto* s : slots) out.push_back(s->data->uuid.lsb);
    std::sort(out.begin(), out.end());
    return out;
}

// A query whose box covers more cells than exist walks the occupied cells instead, which would hide
// a wrong cell range; a few hundred occupied cells far below keep small queries on the grid path.
void add_background(EntityIndex& index, const Types& types) {
    for (std::uint64_t i = 0; i < 400; ++i)
        add(index, types, types.cow, 1'000'000 + i, {double(i % 20) * 16 - 160, -2000, double(i / 20) * 16 - 160});
}

std::vector<std::uint64_t> query_ids(const EntityIndex& index, const AABB& box) {
    std::vector<const EntitySlot*> out;
    index.query(box, out);
    return ids(out);
}

void move(EntityIndex& index, EntityHandle h, Vec3 to) {
    EntityData& data = *const_cast<EntitySlot*>(index.slot(h))->data;
    const Vec3 old = data.pos;
    data.pos = to;
    index.moved(data, old);
}

using Ids = std::vector<std::uint64_t>;

// Compares `boxes` random queries (plain and typed) with a scan over every live handle, and the
// count of occupied cells with the distinct sections of the live entities; returns the total
// answer size so that callers can check the boxes caught something. The boxes' low corners are
// drawn from `where` (pushed back by half a box), `spread` is the largest box size sideways.
std::size_t check_against_brute_force(const EntityIndex& index, const std::vector<EntityHandle>& handles,
                                      std::span<const Handle<EntityTypeInfo>> kinds, RandomSource& random, int boxes,
                                      const AABB& where, double spread) {
    index.verify();
    std::vector<std::array<std::int64_t, 3>> sections;
    for (const EntityHandle h : handles)
        if (const EntitySlot* s = index.slot(h)) {
            const Vec3& p = s->data->pos;
            sections.push_back({static_cast<std::int64_t>(std::floor(p.x / 16)),
                                static_cast<std::int64_t>(std::floor(p.y / 16)),
                                static_cast<std::int64_t>(std::floor(p.z / 16))});
        }
    std::sort(sections.begin(), sections.end());
    const auto distinct = static_cast<std::size_t>(std::unique(sections.begin(), sections.end()) - sections.begin());
    BOOST_TEST(index.occupied_cells() == distinct);

    std::vector<const EntitySlot*> out;
    std::size_t total_hits = 0;
    for (int q = 0; q < boxes; ++q) {
        Vec3 lo{where.min.x + random.next_double() * (where.max.x - where.min.x) - spread / 2,
                where.min.y + random.next_double() * (where.max.y - where.min.y) - 10,
                where.min.z + random.next_double() * (where.max.z - where.min.z) - spread / 2};
        if (q % 3 == 0) {  // corners exactly on cell borders
            lo.x = std::floor(lo.x / 16) * 16;
            lo.y = std::floor(lo.y / 16) * 16;
        }
        if (q % 5 == 0) lo.z = std::floor(lo.z / 64) * 64;  // on a region border
        const double sx = random.next_double() * (q % 10 == 0 ? 3 * spread : spread);
        const double sy = random.next_double() * 20;
        const double sz = random.next_double() * spread;
        const AABB box{lo, {lo.x + sx, lo.y + sy, lo.z + sz}};
        const Handle<EntityTypeInfo> type = kinds[random.next_int(static_cast<int>(kinds.size()))];

        Ids expected_all, expected_type;
        for (const EntityHandle h : handles) {
            const EntitySlot* s = index.slot(h);
            if (!s || !s->data->bounding_box().intersects(box)) continue;
            expected_all.push_back(s->data->uuid.lsb);
            if (s->data->type == type) expected_type.push_back(s->data->uuid.lsb);
        }
        std::sort(expected_all.begin(), expected_all.end());
        std::sort(expected_type.begin(), expected_type.end());

        out.clear();
        index.query(box, out);
        const Ids got_all = ids(out);
        BOOST_TEST((got_all == expected_all),
                   "query " << q << " all: " << got_all.size() << " vs " << expected_all.size());
        BOOST_TEST((std::adjacent_find(got_all.begin(), got_all.end()) == got_all.end()));  // no duplicates
        out.clear();
        index.query_type(type, box, out);
        BOOST_TEST((ids(out) == expected_type), "query " << q << " typed");
        total_hits += expected_all.size();
    }
    return total_hits;
}

// Random entities in a square of half-width `area` and a layer of half-height `height` around
// y = 0, queried, moved (some a little, some far), partly erased, marked removed and replaced, and
// queried again. A dense square puts dozens of entities in each column (long runs, searched by
// section); a sparse one a few (short runs).
void brute_force_round(std::uint64_t seed, double area, double height, double spread, std::size_t count,
                       std::size_t min_hits) {
    Types t;
    EntityIndex index;
    RandomSource random(seed);
    const Handle<EntityTypeInfo> kinds[] = {t.zombie, t.cow, t.golem, t.item};
    std::vector<EntityHandle> handles;
    auto random_pos = [&] {
        // [-area, area) sideways, [-height, height) vertically; a quarter snapped near a cell border.
        Vec3 p{random.next_double() * 2 * area - area, random.next_double() * 2 * height - height,
               random.next_double() * 2 * area - area};
        if (random.next_int(4) == 0) p.x = std::round(p.x / 16) * 16 + (random.next_double() - 0.5) * 1.5;
        if (random.next_int(4) == 0) p.z = std::round(p.z / 16) * 16 + (random.next_double() - 0.5) * 1.5;
        if (random.next_int(4) == 0) p.y = std::round(p.y / 16) * 16 - random.next_double() * 3;
        return p;
    };
    for (std::uint64_t i = 0; i < count; ++i)
        handles.push_back(add(index, t, kinds[random.next_int(4)], i, random_pos()));
    // The boxes must actually catch entities for the comparison to mean something.
    const AABB where{{-area, -height, -area}, {area, height, area}};
    BOOST_TEST(check_against_brute_force(index, handles, kinds, random, 1500, where, spread) > min_hits);

    // Moves within a cell, into a neighbouring cell (often the same region) and far away.
    for (std::size_t i = 0; i < handles.size(); ++i) {
        const int kind = random.next_int(3);
        const Vec3 old = index.slot(handles[i])->data->pos;
        const Vec3 to = kind == 0   ? random_pos()
                        : kind == 1 ? old + Vec3{random.next_double() - 0.5, 0, random.next_double() - 0.5}
                                    : old + Vec3{random.next_double() * 40 - 20, random.next_double() * 8 - 4,
                                                 random.next_double() * 40 - 20};
        move(index, handles[i], to);
    }
    for (std::size_t i = 0; i < handles.size(); i += 3) index.erase(handles[i]);
    for (std::size_t i = 1; i < handles.size(); i += 7)
        if (const EntitySlot* s = index.slot(handles[i])) s->data->removed = true;
    // New entities fill the freed slots.
    for (std::uint64_t i = 10000; i < 10000 + count / 8; ++i)
        handles.push_back(add(index, t, kinds[random.next_int(4)], i, random_pos()));
    index.compact_order();
    BOOST_TEST(index.order().size() == index.size());
    BOOST_TEST(check_against_brute_force(index, handles, kinds, random, 1500, where, spread) > min_hits * 3 / 4);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(entity_index)

BOOST_AUTO_TEST_CASE(insert_assigns_handles_and_find_by_uuid) {
    Types t;
    EntityIndex index;
    BOOST_TEST(index.size() == 0u);
    const auto a = add(index, t, t.zombie, 1, {0, 64, 0});
    const auto b = add(index, t, t.cow, 2, {5, 64, 5});
    const auto c = add(index, t, t.item, 3, {-5, 64, -5});
    BOOST_TEST(index.size() == 3u);
    BOOST_TEST(a.index == 0u);
    BOOST_TEST(b.index == 1u);
    BOOST_TEST(c.index == 2u);
    BOOST_TEST(a.generation == 0u);

    const EntitySlot* sb = index.slot(b);
    BOOST_REQUIRE(sb != nullptr);
    BOOST_TEST(sb->data->uuid.lsb == 2u);
    BOOST_TEST((sb->data->handle == b));  // written into the entity's data
    BOOST_TEST(sb->kind == nullptr);      // inserted without a kind (a world gives each its kind)
    BOOST_TEST(&static_cast<ItemEntity*>(sb->entity.get())->data() == sb->data);
    BOOST_TEST((sb->entity->handle() == b));

    BOOST_TEST(index.find(Uuid{0x1234, 3}) == index.slot(c));
    BOOST_TEST(index.find(Uuid{0x1234, 99}) == nullptr);
    BOOST_TEST(index.slot(EntityHandle{}) == nullptr);      // default handle
    BOOST_TEST(index.slot(EntityHandle{7, 0}) == nullptr);  // past the table
    BOOST_TEST(index.slot(EntityHandle{0, 1}) == nullptr);  // wrong generation
}

BOOST_AUTO_TEST_CASE(erase_makes_the_handle_stale) {
    Types t;
    EntityIndex index;
    const auto a = add(index, t, t.zombie, 1, {0, 64, 0});
    const auto b = add(index, t, t.zombie, 2, {1, 64, 0});
    auto taken = index.erase(a);
    BOOST_REQUIRE(taken != nullptr);
    BOOST_TEST(taken->uuid().lsb == 1u);  // the caller owns it now
    BOOST_TEST(index.size() == 1u);
    BOOST_TEST(index.slot(a) == nullptr);
    BOOST_TEST(index.find(Uuid{0x1234, 1}) == nullptr);
    BOOST_TEST((query_ids(index, AABB{{-5, 60, -5}, {5, 70, 5}}) == Ids{2}));
    BOOST_TEST(index.erase(a) == nullptr);               // twice
    BOOST_TEST(index.erase(EntityHandle{}) == nullptr);  // default handle
    BOOST_TEST(index.erase(EntityHandle{42, 0}) == nullptr);
    BOOST_TEST(index.size() == 1u);
    BOOST_TEST(index.slot(b) != nullptr);
}

BOOST_AUTO_TEST_CASE(slot_reuse_bumps_the_generation) {
    Types t;
    EntityIndex index;
    const auto a = add(index, t, t.zombie, 1, {0, 64, 0});
    add(index, t, t.zombie, 2, {1, 64, 0});
    index.erase(a);
    const auto c = add(index, t, t.cow, 3, {2, 64, 0});
    BOOST_TEST(c.index == a.index);  // the freed slot is reused
    BOOST_TEST(c.generation == a.generation + 1);
    BOOST_TEST(index.slot(a) == nullptr);  // the old handle does not reach the new occupant
    BOOST_TEST(index.erase(a) == nullptr);
    BOOST_TEST(index.slot(c) != nullptr);
    BOOST_TEST(index.slot(c)->data->uuid.lsb == 3u);
    BOOST_TEST(index.find(Uuid{0x1234, 1}) == nullptr);
    // A second round bumps again.
    index.erase(c);
    const auto d = add(index, t, t.cow, 4, {2, 64, 0});
    BOOST_TEST(d.index == a.index);
    BOOST_TEST(d.generation == a.generation + 2);
    // The old UUID may come back (an entity re-added after unloading).
    const auto e = add(index, t, t.zombie, 1, {0, 64, 0});
    BOOST_TEST(index.find(Uuid{0x1234, 1}) == index.slot(e));
}

BOOST_AUTO_TEST_CASE(bad_inserts_throw_and_leave_the_index_unchanged) {
    Types t;
    EntityIndex index;
    add(index, t, t.zombie, 1, {0, 64, 0});
    BOOST_CHECK_THROW(add(index, t, t.cow, 1, {3, 64, 0}), std::logic_error);  // duplicate UUID
    auto no_info = make(t, t.cow, 2, {3, 64, 0});
    no_info->data().info = nullptr;
    BOOST_CHECK_THROW(index.insert(std::move(no_info)), std::invalid_argument);
    BOOST_CHECK_THROW(index.insert(std::unique_ptr<ItemEntity>{}), std::invalid_argument);
    BOOST_TEST(index.size() == 1u);
    BOOST_TEST(index.order().size() == 1u);
    BOOST_TEST((query_ids(index, AABB{{-10, 60, -10}, {10, 70, 10}}) == Ids{1}));
    // The slot a failed insert did not take is the next one handed out.
    BOOST_TEST(add(index, t, t.cow, 2, {3, 64, 0}).index == 1u);
}

BOOST_AUTO_TEST_CASE(moved_rejects_an_entity_not_in_the_index) {
    Types t;
    EntityIndex index;
    auto stray = make(t, t.zombie, 1, {0, 64, 0});
    BOOST_CHECK_THROW(index.moved(stray->data(), {}), std::logic_error);
    const auto h = add(index, t, t.zombie, 2, {0, 64, 0});
    auto taken = index.erase(h);
    auto& data = static_cast<ItemEntity&>(*taken).data();
    BOOST_CHECK_THROW(index.moved(data, {}), std::logic_error);  // erased: its handle is stale
}

BOOST_AUTO_TEST_CASE(order_is_insertion_order_and_stable_under_removal) {
    Types t;
    EntityIndex index;
    std::vector<EntityHandle> h;
    for (std::uint64_t i = 0; i < 5; ++i) h.push_back(add(index, t, t.zombie, i, {double(i), 64, 0}));
    BOOST_TEST((index.order() == h));
    index.erase(h[1]);
    index.erase(h[3]);
    // Until compacted, the order keeps stale handles in place (the world skips them).
    BOOST_TEST((index.order() == h));
    index.compact_order();
    BOOST_TEST((index.order() == std::vector<EntityHandle>{h[0], h[2], h[4]}));
    // A new entity reuses slot 3 but ticks last.
    const auto n = add(index, t, t.cow, 10, {0, 64, 0});
    BOOST_TEST(n.index == h[3].index);
    BOOST_TEST((index.order() == std::vector<EntityHandle>{h[0], h[2], h[4], n}));
    // Erase and reuse before compacting: the stale handle goes, the new one (same slot) stays last.
    index.erase(h[0]);
    const auto m = add(index, t, t.cow, 11, {0, 64, 0});
    BOOST_TEST(m.index == h[0].index);
    index.compact_order();
    BOOST_TEST((index.order() == std::vector<EntityHandle>{h[2], h[4], n, m}));
    index.compact_order();  // idempotent
    BOOST_TEST(index.order().size() == 4u);
}

BOOST_AUTO_TEST_CASE(query_appends_and_touching_faces_do_not_count) {
    Types t;
    EntityIndex index;
    std::vector<const EntitySlot*> out;
    index.query(AABB{{-1e9, -1e9, -1e9}, {1e9, 1e9, 1e9}}, out);  // empty index
    BOOST_TEST(out.empty());
    add_background(index, t);
    // An item (0.25 × 0.25, exact in binary, unlike 0.6f) at (0.5, 64, 0.5): box 0.375..0.625 × 64..64.25.
    const auto h = add(index, t, t.item, 1, {0.5, 64, 0.5});
    out.push_back(nullptr);  // the caller's earlier results are kept
    index.query(AABB{{0, 64, 0}, {1, 65, 1}}, out);
    BOOST_TEST(out.size() == 2u);
    BOOST_TEST(out[1] == index.slot(h));
    // Vanilla's AABB.intersects is strict: sharing a face is not overlapping.
    BOOST_TEST(query_ids(index, AABB{{0.625, 64, 0}, {2, 65, 1}}).empty());
    BOOST_TEST(query_ids(index, AABB{{0, 64.25, 0}, {1, 67, 1}}).empty());
    BOOST_TEST(query_ids(index, AABB{{0, 60, 0}, {1, 64, 1}}).empty());
    BOOST_TEST(query_ids(index, AABB{{-1, 63, 0}, {0.375, 65, 1}}).empty());
    BOOST_TEST((query_ids(index, AABB{{0.62, 64.2, 0.62}, {2, 67, 2}}) == Ids{1}));
    // An inverted box overlaps nothing here.
    BOOST_TEST(query_ids(index, AABB{{1, 65, 1}, {0, 64, 0}}).empty());
}

BOOST_AUTO_TEST_CASE(removed_entities_are_still_returned) {
    Types t;
    EntityIndex index;
    add_background(index, t);
    const auto h = add(index, t, t.zombie, 1, {0, 64, 0});
    const_cast<EntitySlot*>(index.slot(h))->data->removed = true;
    BOOST_TEST((query_ids(index, AABB{{-1, 63, -1}, {1, 66, 1}}) == Ids{1}));  // the world filters them
}

BOOST_AUTO_TEST_CASE(results_within_a_cell_keep_insertion_order) {
    Types t;
    EntityIndex index;
    add_background(index, t);
    const auto a = add(index, t, t.zombie, 1, {1, 64, 1});
    add(index, t, t.zombie, 2, {2, 64, 2});
    add(index, t, t.zombie, 3, {3, 64, 3});
    add(index, t, t.zombie, 4, {4, 64, 4});
    index.erase(a);
    std::vector<const EntitySlot*> out;
    index.query(AABB{{0, 60, 0}, {8, 70, 8}}, out);
    BOOST_REQUIRE(out.size() == 3u);
    BOOST_TEST(out[0]->data->uuid.lsb == 2u);
    BOOST_TEST(out[1]->data->uuid.lsb == 3u);
    BOOST_TEST(out[2]->data->uuid.lsb == 4u);
}

BOOST_AUTO_TEST_CASE(query_type_filters_by_type) {
    Types t;
    EntityIndex index;
    add_background(index, t);
    add(index, t, t.zombie, 1, {0, 64, 0});
    add(index, t, t.cow, 2, {1, 64, 1});
    add(index, t, t.zombie, 3, {-1, 64, -1});
    add(index, t, t.zombie, 4, {30, 64, 30});  // outside the box
    const AABB box{{-4, 60, -4}, {4, 70, 4}};
    std::vector<const EntitySlot*> out;
    index.query_type(t.zombie, box, out);
    BOOST_TEST((ids(out) == Ids{1, 3}));
    out.clear();
    index.query_type(t.cow, box, out);
    BOOST_TEST((ids(out) == Ids{2}));
    out.clear();
    index.query_type(t.golem, box, out);
    BOOST_TEST(out.empty());
    out.clear();
    // An invalid handle matches nothing, not even an entity whose type handle is invalid (the world
    // spawns items that way when no item type is registered).
    auto untyped = make(t, t.item, 5, {0, 64, 0});
    untyped->data().type = Handle<EntityTypeInfo>{};
    index.insert(std::move(untyped));
    index.query_type(Handle<EntityTypeInfo>{}, box, out);
    BOOST_TEST(out.empty());
    BOOST_TEST((query_ids(index, box) == Ids{1, 2, 3, 5}));
    BOOST_TEST(index.count_of(Handle<EntityTypeInfo>{}) == 0u);
    index.verify();
}

// query_type answers at once for a type with no entity anywhere; the per-type counts follow
// inserts and erasures (verify() recounts them).
BOOST_AUTO_TEST_CASE(query_type_of_a_type_with_no_entities) {
    Types t;
    EntityIndex index;
    add(index, t, t.zombie, 1, {0, 64, 0});
    const AABB box{{-4, 60, -4}, {4, 70, 4}};
    std::vector<const EntitySlot*> out;
    BOOST_TEST(index.count_of(t.cow) == 0u);
    index.query_type(t.cow, box, out);
    BOOST_TEST(out.empty());
    const EntityHandle c1 = add(index, t, t.cow, 2, {1, 64, 1});
    const EntityHandle c2 = add(index, t, t.cow, 3, {2, 64, 2});
    BOOST_TEST(index.count_of(t.cow) == 2u);
    index.verify();
    index.query_type(t.cow, box, out);
    BOOST_TEST((ids(out) == Ids{2, 3}));
    index.erase(c1);
    index.erase(c2);
    BOOST_TEST(index.count_of(t.cow) == 0u);
    BOOST_TEST(index.count_of(t.zombie) == 1u);
    index.verify();
    out.clear();
    index.query_type(t.cow, box, out);
    BOOST_TEST(out.empty());
    add(index, t, t.cow, 4, {1, 64, 1});
    index.query_type(t.cow, box, out);
    BOOST_TEST((ids(out) == Ids{4}));
}

BOOST_AUTO_TEST_CASE(moved_within_and_across_cells) {
    Types t;
    EntityIndex index;
    add_background(index, t);
    const std::size_t bg = index.occupied_cells();
    const auto h = add(index, t, t.zombie, 1, {1, 64, 1});
    BOOST_TEST(index.occupied_cells() == bg + 1);
    // Within the cell: found at the new place, not at the old one.
    move(index, h, {14, 70, 14});
    BOOST_TEST(index.occupied_cells() == bg + 1);
    BOOST_TEST(query_ids(index, AABB{{0, 63, 0}, {2, 66, 2}}).empty());
    BOOST_TEST((query_ids(index, AABB{{13, 69, 13}, {15, 72, 15}}) == Ids{1}));
    // Across cells, into negative coordinates.
    move(index, h, {-40.5, 10, -70.25});
    BOOST_TEST(index.occupied_cells() == bg + 1);
    BOOST_TEST(query_ids(index, AABB{{0, 0, 0}, {16, 80, 16}}).empty());
    BOOST_TEST((query_ids(index, AABB{{-41, 9, -71}, {-40, 11, -70}}) == Ids{1}));
    // moved() without an actual move is harmless.
    move(index, h, {-40.5, 10, -70.25});
    BOOST_TEST((query_ids(index, AABB{{-41, 9, -71}, {-40, 11, -70}}) == Ids{1}));
    // A second entity shares the first's cell; moving one out leaves the other.
    const auto g = add(index, t, t.cow, 2, {-40, 10, -70});
    BOOST_TEST(index.occupied_cells() == bg + 1);
    move(index, h, {100, 64, 100});
    BOOST_TEST(index.occupied_cells() == bg + 2);
    BOOST_TEST((query_ids(index, AABB{{-48, 0, -80}, {-32, 16, -64}}) == Ids{2}));
    index.erase(g);
    BOOST_TEST(index.occupied_cells() == bg + 1);
}

BOOST_AUTO_TEST_CASE(entities_straddling_cell_borders_are_found) {
    Types t;
    EntityIndex index;
    add_background(index, t);
    // Feet in cell x=0, box reaching into cell x=1 (15.7..16.3); the query touches only cell x=1.
    add(index, t, t.zombie, 1, {16.0 - 0.1, 64, 8});
    BOOST_TEST((query_ids(index, AABB{{16.0, 64, 7}, {16.1, 65, 9}}) == Ids{1}));
    // Feet in cell x=-1, box reaching into cell x=0.
    add(index, t, t.zombie, 2, {-0.1, 64, 40});
    BOOST_TEST((query_ids(index, AABB{{0.1, 64, 39}, {0.15, 65, 41}}) == Ids{2}));
    // Feet in cell x=0, box reaching back into x=-1.
    add(index, t, t.zombie, 3, {0.1, 64, 80});
    BOOST_TEST((query_ids(index, AABB{{-0.15, 64, 79}, {-0.1, 65, 81}}) == Ids{3}));
    // Upwards: feet at y=15.5 (cell 0), head at 17.45 (cell 1).
    add(index, t, t.zombie, 4, {8, 15.5, 120});
    BOOST_TEST((query_ids(index, AABB{{7, 17.0, 119}, {9, 17.2, 121}}) == Ids{4}));
    // Negative y: feet at -16.5 (cell -2), head at -14.55 (cell -1).
    add(index, t, t.zombie, 5, {8, -16.5, 160});
    BOOST_TEST((query_ids(index, AABB{{7, -15, 159}, {9, -14.6, 161}}) == Ids{5}));
    // And along z.
    add(index, t, t.zombie, 6, {200, 64, -32.2});
    BOOST_TEST((query_ids(index, AABB{{199, 64, -31.95}, {201, 65, -31.9}}) == Ids{6}));
}

BOOST_AUTO_TEST_CASE(large_entities_are_found_from_neighbouring_cells) {
    Types t;
    EntityIndex index;
    add_background(index, t);
    // Iron golem 1.4 × 2.7 with feet at x=31.95 (cell 1): box 31.25..32.65 × 62..64.7.
    add(index, t, t.golem, 1, {31.95, 62.0, 0.5});
    BOOST_TEST((query_ids(index, AABB{{32.5, 64.5, 0}, {32.6, 64.6, 1}}) == Ids{1}));  // cell (2, 4)
    BOOST_TEST(query_ids(index, AABB{{32.5, 64.75, 0}, {32.6, 65, 1}}).empty());       // above its head
    BOOST_TEST(query_ids(index, AABB{{32.7, 63, 0}, {33, 64, 1}}).empty());            // past its side
    // Wider and taller than vanilla's fixed 2-block / 4-block query margin (a modded giant).
    Registry<EntityTypeInfo> big_types{ResourceLocation::of("entity_type")};
    EntityTypeInfo giant;
    giant.width = 12.0f;
    giant.height = 20.0f;
    const auto big = big_types.register_entry("example:giant", giant);
    auto e = std::make_unique<ItemEntity>();
    e->data().uuid = Uuid{0x1234, 2};
    e->data().type = big;
    e->data().info = &big_types[big];
    e->data().pos = {100.5, 60, 100.5};  // box 94.5..106.5 × 60..80, feet in cell (6, 3, 6)
    index.insert(std::move(e));
    BOOST_TEST((query_ids(index, AABB{{106, 79, 106}, {107, 90, 107}}) == Ids{2}));    // cells (6, 4..5, 6)
    BOOST_TEST((query_ids(index, AABB{{94, 56, 94}, {94.6, 60.1, 94.6}}) == Ids{2}));  // cells (5, 3, 5)
}

BOOST_AUTO_TEST_CASE(far_away_and_unbounded_queries) {
    Types t;
    EntityIndex index;
    add(index, t, t.zombie, 1, {0, 64, 0});
    add(index, t, t.zombie, 2, {-29'999'000.5, 64, 29'999'000.5});  // near the world border
    add(index, t, t.zombie, 3, {5e9, 64, 0});                       // past any packable section
    add(index, t, t.zombie, 4, {0, -3e7, 0});
    BOOST_TEST((query_ids(index, AABB{{-29'999'001, 63, 29'999'000}, {-29'999'000, 66, 29'999'001}}) == Ids{2}));
    BOOST_TEST((query_ids(index, AABB{{5e9 - 1, 63, -1}, {5e9 + 1, 66, 1}}) == Ids{3}));
    BOOST_TEST((query_ids(index, AABB{{-1, -3e7 - 1, -1}, {1, -3e7 + 1, 1}}) == Ids{4}));
    constexpr double inf = std::numeric_limits<double>::infinity();
    BOOST_TEST((query_ids(index, AABB{{-inf, -inf, -inf}, {inf, inf, inf}}) == Ids{1, 2, 3, 4}));
    BOOST_TEST((query_ids(index, AABB{{-1e12, -1e12, -1e12}, {1e12, 1e12, 1e12}}) == Ids{1, 2, 3, 4}));
    // A NaN position files the entity somewhere harmless; it intersects nothing.
    const auto n = add(index, t, t.zombie, 5, {std::numeric_limits<double>::quiet_NaN(), 64, 0});
    BOOST_TEST((query_ids(index, AABB{{-inf, -inf, -inf}, {inf, inf, inf}}) == Ids{1, 2, 3, 4}));
    move(index, n, {0.5, 64, 0.5});
    BOOST_TEST((query_ids(index, AABB{{-1, 63, -1}, {1, 66, 1}}) == Ids{1, 5}));
}

BOOST_AUTO_TEST_CASE(a_wanderer_leaves_no_trail_of_cells) {
    Types t;
    EntityIndex index;
    const auto h = add(index, t, t.zombie, 1, {0, 64, 0});
    add(index, t, t.cow, 2, {-8, 64, -8});
    for (int i = 1; i <= 2000; ++i) move(index, h, {i * 16.0 + 3, 64, 0});
    BOOST_TEST(index.occupied_cells() == 2u);
    BOOST_TEST((query_ids(index, AABB{{32000, 60, -1}, {32010, 70, 1}}) == Ids{1}));
    BOOST_TEST((query_ids(index, AABB{{-9, 60, -9}, {-7, 70, -7}}) == Ids{2}));
    BOOST_TEST((query_ids(index, AABB{{-1e6, 0, -1e6}, {1e6, 100, 1e6}}) == Ids{1, 2}));
}

BOOST_AUTO_TEST_CASE(queries_match_brute_force) {
    // Dense: 4000 entities on 200 × 200 × 80 blocks, about 25 per column.
    brute_force_round(20240607, 100, 40, 20, 4000, 1200);
}

BOOST_AUTO_TEST_CASE(sparse_queries_match_brute_force) {
    // Sparse: 3000 entities on 1200 × 1200 × 8 blocks, half a column each; up to sensor-sized boxes.
    brute_force_round(777, 600, 4, 40, 3000, 600);
}

BOOST_AUTO_TEST_CASE(cached_boxes_follow_moved) {
    Types t;
    EntityIndex index;
    add_background(index, t);
    // An item (0.25 × 0.25) moved a fraction of a block inside its cell: the cached box moves too.
    const auto h = add(index, t, t.item, 1, {0.5, 64, 0.5});  // box 0.375..0.625
    const AABB old_place{{0.3, 64, 0.3}, {0.4, 65, 0.4}};
    const AABB new_place{{0.7, 64, 0.7}, {0.8, 65, 0.8}};
    BOOST_TEST((query_ids(index, old_place) == Ids{1}));
    BOOST_TEST(query_ids(index, new_place).empty());
    move(index, h, {0.625, 64, 0.625});  // box 0.5..0.75: off the old corner, onto the new one
    BOOST_TEST(query_ids(index, old_place).empty());
    BOOST_TEST((query_ids(index, new_place) == Ids{1}));
    // Vertically within the cell, and the face rule on the cached box.
    move(index, h, {0.625, 70, 0.625});
    BOOST_TEST(query_ids(index, AABB{{0, 60, 0}, {1, 70, 1}}).empty());  // touches the bottom face only
    BOOST_TEST((query_ids(index, AABB{{0, 60, 0}, {1, 70.01, 1}}) == Ids{1}));
    index.verify();
}

BOOST_AUTO_TEST_CASE(a_move_without_moved_is_a_broken_invariant) {
    Types t;
    EntityIndex index;
    add_background(index, t);
    const auto h = add(index, t, t.zombie, 1, {1.5, 64, 1.5});
    index.verify();
    EntityData& data = *const_cast<EntitySlot*>(index.slot(h))->data;
    // Moved within its cell behind the index's back: queries still see the recorded place.
    data.pos = {8.5, 64, 8.5};
    BOOST_TEST((query_ids(index, AABB{{1, 64, 1}, {2, 65, 2}}) == Ids{1}));
    BOOST_TEST(query_ids(index, AABB{{8, 64, 8}, {9, 65, 9}}).empty());
    BOOST_CHECK_THROW(index.verify(), std::logic_error);
    index.moved(data, {1.5, 64, 1.5});
    index.verify();
    BOOST_TEST((query_ids(index, AABB{{8, 64, 8}, {9, 65, 9}}) == Ids{1}));
    // Into another cell: the same, and moved() repairs it whatever old position it is given.
    data.pos = {-100.5, 10, 300.5};
    BOOST_TEST(query_ids(index, AABB{{-101, 9, 300}, {-100, 12, 301}}).empty());
    BOOST_CHECK_THROW(index.verify(), std::logic_error);
    index.moved(data, {12345, 0, 0});
    index.verify();
    BOOST_TEST((query_ids(index, AABB{{-101, 9, 300}, {-100, 12, 301}}) == Ids{1}));
    BOOST_TEST(query_ids(index, AABB{{8, 64, 8}, {9, 65, 9}}).empty());
}

BOOST_AUTO_TEST_CASE(moves_between_cells_of_one_region_keep_each_cell_in_entry_order) {
    Types t;
    EntityIndex index;
    add_background(index, t);
    // Five zombies in cell (0, 4, 0); cells (0..3, 4, 0..3) share a 64 × 64 region.
    std::vector<EntityHandle> h;
    for (std::uint64_t i = 1; i <= 5; ++i) h.push_back(add(index, t, t.zombie, i, {1.0 + i, 64, 1}));
    const AABB cell0{{0, 64, 0}, {16, 66, 16}}, cell1{{16, 64, 0}, {32, 66, 16}}, cell4{{0, 64, 16}, {16, 66, 32}};
    const auto in_order = [&](const AABB& box) {
        std::vector<const EntitySlot*> out;
        index.query(box, out);
        Ids got;
        for (const auto* s : out) got.push_back(s->data->uuid.lsb);
        return got;
    };
    const std::size_t cells = index.occupied_cells();
    move(index, h[1], {20, 64, 1});  // 2 to the next column in x (further along the region's array)
    move(index, h[3], {2, 64, 20});  // 4 to the next column in z
    BOOST_TEST((in_order(cell0) == Ids{1, 3, 5}));
    BOOST_TEST((in_order(cell1) == Ids{2}));
    BOOST_TEST((in_order(cell4) == Ids{4}));
    BOOST_TEST(index.occupied_cells() == cells + 2);
    move(index, h[1], {3, 64, 1});  // back: it re-enters last
    move(index, h[3], {4, 64, 1});
    BOOST_TEST((in_order(cell0) == Ids{1, 3, 5, 2, 4}));
    BOOST_TEST(index.occupied_cells() == cells);
    // Up and down within the column: another section of the same column.
    move(index, h[0], {2, 90, 1});
    BOOST_TEST(index.occupied_cells() == cells + 1);
    BOOST_TEST((in_order(AABB{{0, 80, 0}, {16, 96, 16}}) == Ids{1}));
    move(index, h[0], {2, 64, 1});
    BOOST_TEST((in_order(cell0) == Ids{3, 5, 2, 4, 1}));
    BOOST_TEST(index.occupied_cells() == cells);
    index.verify();
}

BOOST_AUTO_TEST_CASE(a_crowded_region_stays_exact) {
    // 600 entities in one 64 × 64 region pacing between its columns and sections: every move is
    // one inside the region, and the region's array is long enough for queries to cut its runs.
    Types t;
    EntityIndex index;
    RandomSource random(99);
    const Handle<EntityTypeInfo> kinds[] = {t.zombie, t.cow, t.golem, t.item};
    std::vector<EntityHandle> handles;
    const auto inside = [&] {
        return Vec3{random.next_double() * 64, random.next_double() * 48, random.next_double() * 64};
    };
    for (std::uint64_t i = 0; i < 600; ++i) handles.push_back(add(index, t, kinds[i % 4], i, inside()));
    for (int round = 0; round < 5; ++round)
        for (const EntityHandle h : handles) move(index, h, inside());
    BOOST_TEST(check_against_brute_force(index, handles, kinds, random, 400, AABB{{0, 0, 0}, {64, 48, 64}}, 20) >
               1000u);
}
BOOST_AUTO_TEST_CASE(world_queries_go_through_the_index) {
    WorldHarness h;
    World& world = h.world();
    const double y = WorldHarness::ground_y;
    ServerMob& z1 = h.spawn("zombie", {0.5, y, 0.5});
    ServerMob& z2 = h.spawn("zombie", {20.5, y, 0.5});  // another cell, outside the sensor box
    ServerMob& pig = h.spawn("pig", {1.5, y, 1.5});
    const EntityRef r1 = z1.ref(), r2 = z2.ref(), rp = pig.ref();
    // NearestLivingEntitySensor's box: the mob's box inflated by 16.
    const AABB box = z1.bounding_box().inflate(16.0);
    std::vector<EntityRef> out;
    world.entities_of_type(h.entity_types().zombie, box, out);
    BOOST_TEST((out == std::vector<EntityRef>{r1}));
    out.clear();
    world.entities_in_box(box, out);
    BOOST_TEST(out.size() == 2u);
    BOOST_TEST((std::find(out.begin(), out.end(), rp) != out.end()));

    // Removed: the index still returns it until the end of the tick, the world filters it.
    BOOST_TEST(world.remove(r1.handle));
    std::vector<const EntitySlot*> slots;
    world.entities().query_type(h.entity_types().zombie, box, slots);
    BOOST_TEST(slots.size() == 1u);
    BOOST_TEST(slots[0]->data->removed);
    out.clear();
    world.entities_of_type(h.entity_types().zombie, box, out);
    BOOST_TEST(out.empty());
    h.tick();
    BOOST_TEST(world.entities().slot(r1.handle) == nullptr);
    BOOST_TEST(world.entities().find(r1.uuid) == nullptr);
    BOOST_TEST(world.resolve(r1) == nullptr);
    BOOST_TEST((world.entities().order() == std::vector<EntityHandle>{r2.handle, rp.handle}));

    // A teleport moves it between cells; so does physics (a fall, here).
    world.teleport(r2.handle, {3.5, y, 0.5});
    out.clear();
    world.entities_of_type(h.entity_types().zombie, box, out);
    BOOST_TEST((out == std::vector<EntityRef>{r2}));
    world.teleport(r2.handle, {40.5, y + 3, 0.5});
    for (int i = 0; i < 40; ++i) h.tick();
    BOOST_TEST(world.resolve(r2)->position().y == y);  // landed on the ground
    out.clear();
    world.entities_of_type(h.entity_types().zombie, AABB{{39, y - 1, -1}, {42, y + 0.5, 2}}, out);
    BOOST_TEST((out == std::vector<EntityRef>{r2}));
    // A new spawn takes the freed slot with a new generation; the old reference stays dead.
    ServerMob& z3 = h.spawn("zombie", {0.5, y, 0.5});
    BOOST_TEST(z3.handle().index == r1.handle.index);
    BOOST_TEST(z3.handle().generation == r1.handle.generation + 1);
    BOOST_TEST(world.resolve(r1) == nullptr);
}

BOOST_AUTO_TEST_CASE(one_type_two_sizes_each_keeps_its_own_box) {
    // The index files each member's type and size as one of a few kinds; two entities of one type
    // whose infos differ in size (a baby next to an adult) must each be tested with their own box.
    Types t;
    EntityIndex index;
    add_background(index, t);
    EntityTypeInfo big = t.registry[t.zombie];
    big.width = 3.0f;  // reaches 1.5 blocks to each side
    add(index, t, t.zombie, 1, {0.5, 64, 0.5});
    auto giant = make(t, t.zombie, 2, {10.5, 64, 0.5});
    giant->data().info = &big;
    index.insert(std::move(giant));
    add(index, t, t.cow, 3, {12.5, 64, 0.5});
    index.verify();
    // A box 1.2 blocks east of the giant's centre touches its box, not a zombie-sized one there.
    const AABB near_giant{{11.7, 64, 0}, {11.9, 65, 1}};
    std::vector<const EntitySlot*> out;
    index.query_type(t.zombie, near_giant, out);
    BOOST_TEST((ids(out) == Ids{2}));
    out.clear();
    index.query_type(t.zombie, AABB{{0.85, 64, 0}, {1.2, 65, 1}}, out);  // past the small one's face
    BOOST_TEST(out.empty());
    out.clear();
    index.query_type(t.zombie, AABB{{-1, 60, -1}, {13, 70, 2}}, out);
    BOOST_TEST((ids(out) == Ids{1, 2}));
    out.clear();
    index.query_type(t.cow, AABB{{-1, 60, -1}, {13, 70, 2}}, out);
    BOOST_TEST((ids(out) == Ids{3}));
}

BOOST_AUTO_TEST_CASE(the_region_west_and_north_of_the_origin_is_found) {
    // Region (−1, −1) packs to a key of all ones, next to the table's empty mark.
    Types t;
    EntityIndex index;
    add(index, t, t.zombie, 1, {-0.5, 64, -0.5});
    add(index, t, t.zombie, 2, {-63.5, 64, -63.5});
    add(index, t, t.zombie, 3, {0.5, 64, 0.5});
    index.verify();
    BOOST_TEST((query_ids(index, AABB{{-64, 60, -64}, {-0.1, 70, -0.1}}) == Ids{1, 2}));
    BOOST_TEST((query_ids(index, AABB{{-1, 60, -1}, {1, 70, 1}}) == Ids{1, 3}));
}

BOOST_AUTO_TEST_SUITE_END()
