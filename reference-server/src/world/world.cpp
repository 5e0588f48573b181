#include "mobserver/world/world.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "mobserver/world/navigation.hpp"
#include "mobserver/world/pathfinder.hpp"
#include "mobserver/world/physics.hpp"

namespace mobsdk::server {

namespace {

// Vanilla's Mth.cos: a 65536-entry sine table indexed in float arithmetic. Sky darkening is
// truncated to an int, so the table (not std::cos) decides the ticks where it changes.
float mth_cos(float x) noexcept {
    const auto index = static_cast<std::int32_t>(x * 10430.378f + 16384.0f) & 65535;
    return static_cast<float>(std::sin(static_cast<double>(index) * 3.141592653589793 * 2.0 / 65536.0));
}

}  // namespace

std::int32_t sky_darken_at(std::int64_t day_time) noexcept {
    // DimensionType.timeOfDay, then Level.updateSkyBrightness with no rain or thunder.
    const double t = static_cast<double>(day_time) / 24000.0 - 0.25;
    const double d = t - std::floor(t);
    const double e = 0.5 - std::cos(d * 3.141592653589793) / 2.0;
    const float time_of_day = static_cast<float>(d * 2.0 + e) / 3.0f;
    const double c = std::clamp(static_cast<double>(mth_cos(time_of_day * 6.2831855f)), -0.25, 0.25);
    const double f = 0.5 + 2.0 * c;
    return static_cast<std::int32_t>((1.0 - f) * 11.0);
}

World::World(const WorldRegistries& registries, std::unique_ptr<ChunkGenerator> generator, WorldOptions options)
    : registries_(&registries),
      generator_(std::move(generator)),
      options_(std::move(options)),
      random_(options_.seed),
      chunks_(registries.blocks),
      pois_(registries.blocks, registries.poi_types) {
    chunks_.set_listener(&pois_);
    update_sky_darken();
}

World::~World() {
    // Brains and AI hooks may hold references into the world: destroy entities first.
    for (EntityHandle h : std::vector<EntityHandle>(entities_.order())) entities_.erase(h);
    chunks_.set_listener(nullptr);
}

Entity* World::resolve(const EntityRef& ref) {
    const EntitySlot* s = entities_.slot(ref.handle);
    if (!s || s->data->uuid != ref.uuid) s = entities_.find(ref.uuid);
    if (!s || s->data->removed) return nullptr;
    return s->entity.get();
}

Mob* World::resolve_mob(const EntityRef& ref) {
    const EntitySlot* s = entities_.slot(ref.handle);
    if (!s || s->data->uuid != ref.uuid) s = entities_.find(ref.uuid);
    if (!s || s->data->removed) return nullptr;
    return s->mob;
}

void World::entities_of_type(Handle<EntityTypeInfo> type, const AABB& box, std::vector<EntityRef>& out) {
    query_scratch_.clear();
    entities_.query_type(type, box, query_scratch_);
    // The index's answer is exact; only entities removed this tick are left to drop.
    for (const EntitySlot* s : query_scratch_)
        if (!s->data->removed) out.push_back(EntityRef{s->data->uuid, s->data->handle});
}

void World::entities_in_box(const AABB& box, std::vector<EntityRef>& out) {
    query_scratch_.clear();
    entities_.query(box, query_scratch_);
    // The index's answer is exact; only entities removed this tick are left to drop.
    for (const EntitySlot* s : query_scratch_)
        if (!s->data->removed) out.push_back(EntityRef{s->data->uuid, s->data->handle});
}

std::optional<EntityRef> World::drop_item(const Vec3& pos, const ItemStack& item, const Vec3& motion) {
    if (item.empty()) return std::nullopt;
    return spawn_item(pos, item, motion).ref();
}

ItemStack World::pick_up_item(const EntityRef& ref, std::int32_t max_count) {
    const EntitySlot* s = entities_.slot(ref.handle);
    if (!s || s->data->uuid != ref.uuid) s = entities_.find(ref.uuid);
    if (!s || !s->item || s->data->removed || s->item->pickup_delay > 0 || max_count <= 0) return {};
    ItemStack& stack = s->item->item;
    ItemStack taken{stack.item, std::min(max_count, stack.count)};
    stack.count -= taken.count;
    if (stack.count <= 0) s->data->removed = true;
    return taken;
}

std::optional<BlockHit> World::clip(const Vec3& from, const Vec3& to) const {
    // Walk the blocks the segment passes through in order (Amanatides–Woo, as vanilla's
    // BlockGetter.traverseBlocks) and test the collision boxes of each against the segment.
    const Vec3 d = to - from;
    auto hit_in = [&](BlockPos p) -> std::optional<BlockHit> {
        const BlockShape& shape = chunks_.info(p).collision;
        double best = 2.0;
        for (std::uint8_t i = 0; i < shape.count; ++i) {
            const ShapeBox& b = shape.boxes[i];
            const double lo[3] = {p.x + b.min_x, p.y + b.min_y, p.z + b.min_z};
            const double hi[3] = {p.x + b.max_x, p.y + b.max_y, p.z + b.max_z};
            const double o[3] = {from.x, from.y, from.z}, v[3] = {d.x, d.y, d.z};
            double t0 = 0.0, t1 = 1.0;
            bool miss = false;
            for (int a = 0; a < 3 && !miss; ++a) {
                if (std::abs(v[a]) < 1e-12) {
                    if (o[a] < lo[a] || o[a] > hi[a]) miss = true;
                    continue;
                }
                double ta = (lo[a] - o[a]) / v[a], tb = (hi[a] - o[a]) / v[a];
                if (ta > tb) std::swap(ta, tb);
                t0 = std::max(t0, ta);
                t1 = std::min(t1, tb);
                if (t0 > t1) miss = true;
            }
            if (!miss && t0 < best) best = t0;
        }
        if (best > 1.0) return std::nullopt;
        return BlockHit{p, from + d * best};
    };
    // Start slightly inside, as vanilla lerps by −1e-7 at both ends.
    const Vec3 a = from - d * 1.0e-7;
    BlockPos cur = a.block_pos();
    const BlockPos end = (from + d * (1.0 - 1.0e-7)).block_pos();
    if (auto h = hit_in(cur)) return h;
    const int sx = d.x > 0 ? 1 : d.x < 0 ? -1 : 0, sy = d.y > 0 ? 1 : d.y < 0 ? -1 : 0, sz = d.z > 0 ? 1 : d.z < 0 ? -1 : 0;
    auto first = [](double o, double v, int s, int c) {
        if (s == 0) return 2.0;
        const double boundary = s > 0 ? c + 1.0 : static_cast<double>(c);
        return (boundary - o) / v;
    };
    double tx = first(a.x, d.x, sx, cur.x), ty = first(a.y, d.y, sy, cur.y), tz = first(a.z, d.z, sz, cur.z);
    const double dx = sx ? std::abs(1.0 / d.x) : 2.0, dy = sy ? std::abs(1.0 / d.y) : 2.0, dz = sz ? std::abs(1.0 / d.z) : 2.0;
    // At most one step per block boundary crossed; 128-block sight lines cross at most ~400.
    for (int guard = 0; guard < 4096 && !(cur == end); ++guard) {
        if (tx <= ty && tx <= tz) {
            if (tx > 1.0) break;
            cur.x += sx;
            tx += dx;
        } else if (ty <= tz) {
            if (ty > 1.0) break;
            cur.y += sy;
            ty += dy;
        } else {
            if (tz > 1.0) break;
            cur.z += sz;
            tz += dz;
        }
        if (auto h = hit_in(cur)) return h;
    }
    return std::nullopt;
}

PathType World::path_type(BlockPos pos) const { return block_path_type_static(chunks_, pos); }

void World::ensure_chunks(BlockPos center, std::int32_t radius) {
    const ChunkPos c = ChunkPos::of(center);
    for (std::int32_t x = c.x - radius; x <= c.x + radius; ++x)
        for (std::int32_t z = c.z - radius; z <= c.z + radius; ++z) {
            if (chunks_.chunk({x, z})) continue;
            pois_.scan_chunk(chunks_.get_or_generate({x, z}, *generator_));
        }
}

bool World::set_block(BlockPos pos, BlockState state) {
    const BlockShape old_shape = chunks_.info(pos).collision;
    if (!chunks_.set_block(pos, state)) return false;
    if (old_shape == chunks_.info(pos).collision) return true;
    // Vanilla's ServerLevel.sendBlockUpdated: a changed collision shape may open or close a path.
    for (EntityHandle h : entities_.order()) {
        const EntitySlot* s = entities_.slot(h);
        if (!s || !s->mob || s->data->removed) continue;
        ServerPathNavigation& nav = s->mob->server_navigation();
        if (!nav.is_done() && nav.should_recompute_path(pos)) nav.recompute_path();
    }
    return true;
}

std::int64_t World::fill(BlockPos a, BlockPos b, BlockState state) {
    std::int64_t changed = 0;
    for (std::int32_t x = std::min(a.x, b.x); x <= std::max(a.x, b.x); ++x)
        for (std::int32_t y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y)
            for (std::int32_t z = std::min(a.z, b.z); z <= std::max(a.z, b.z); ++z)
                if (set_block({x, y, z}, state)) ++changed;
    return changed;
}

Uuid World::fresh_uuid() {
    // Vanilla's Mth.createInsecureUUID: a version-4 UUID from two longs of the level random.
    for (;;) {
        const auto msb = (static_cast<std::uint64_t>(random_.next_long()) & 0xFFFFFFFFFFFF0FFFull) | 0x4000ull;
        const auto lsb = (static_cast<std::uint64_t>(random_.next_long()) & 0x3FFFFFFFFFFFFFFFull) | 0x8000000000000000ull;
        const Uuid u{msb, lsb};
        if (!entities_.find(u)) return u;
    }
}

ServerMob& World::spawn_mob(Handle<EntityTypeInfo> type, const Vec3& pos, Uuid uuid) {
    const EntityTypeInfo& info = registries_->entity_types.entry(type).value;
    if (!info.is_mob)
        throw std::invalid_argument("entity type " + registries_->entity_types.id_of(type).str() + " is not a mob");
    if (uuid.is_nil()) uuid = fresh_uuid();
    else if (entities_.find(uuid)) throw std::invalid_argument("an entity with UUID " + uuid.str() + " already exists");
    auto mob = std::make_unique<ServerMob>(*this, type, info, uuid, pos);
    ServerMob& ref = *mob;
    entities_.insert(std::move(mob));
    return ref;
}

ItemEntity& World::spawn_item(const Vec3& pos, const ItemStack& item, const Vec3& motion) {
    static const EntityTypeInfo fallback = [] {
        EntityTypeInfo t;
        t.width = t.height = 0.25f;
        t.eye_height = 0.2125f;
        t.is_mob = false;
        return t;
    }();
    auto e = std::make_unique<ItemEntity>();
    const auto type = registries_->entity_types.find("minecraft:item");
    e->data().uuid = fresh_uuid();
    e->data().type = type.value_or(Handle<EntityTypeInfo>{});
    e->data().info = type ? &registries_->entity_types.entry(*type).value : &fallback;
    e->data().pos = pos;
    e->data().motion = motion;
    e->item = item;
    e->pickup_delay = 10;  // vanilla's setDefaultPickUpDelay
    ItemEntity& ref = *e;
    entities_.insert(std::move(e));
    return ref;
}

bool World::remove(EntityHandle handle) {
    const EntitySlot* s = entities_.slot(handle);
    if (!s || s->data->removed) return false;
    s->data->removed = true;
    return true;
}

ServerMob* World::mob(EntityHandle handle) noexcept {
    const EntitySlot* s = entities_.slot(handle);
    return s ? s->mob : nullptr;
}

Entity* World::find(Uuid uuid) noexcept {
    const EntitySlot* s = entities_.find(uuid);
    return s ? s->entity.get() : nullptr;
}

void World::teleport(EntityHandle handle, const Vec3& pos) {
    const EntitySlot* s = entities_.slot(handle);
    if (!s) return;
    const Vec3 old = s->data->pos;
    s->data->pos = pos;
    s->data->fall_distance = 0;
    entities_.moved(*s->data, old);
}

void World::set_day_time(std::int64_t t) noexcept {
    day_time_ = t;
    update_sky_darken();
}

void World::update_sky_darken() noexcept { sky_darken_ = sky_darken_at(day_time_); }

void World::tick_item(ItemEntity& item) {
    EntityData& d = item.data();
    if (item.pickup_delay > 0 && item.pickup_delay != 32767) --item.pickup_delay;
    const Vec3 old = d.pos;
    d.in_water = touches_fluid(chunks_, d.bounding_box(), Fluid::Water);
    // Vanilla's ItemEntity.tick: gravity 0.04, drag 0.98 (× 0.6 friction on the ground).
    if (d.in_water) {
        d.motion = d.motion * 0.99;
        if (d.motion.y < 0.06) d.motion.y += 5.0e-4;
    } else if (!d.no_gravity) {
        d.motion.y -= 0.04;
    }
    move_entity(chunks_, d, d.motion, 0.0f, physics_scratch_);
    const double drag = d.on_ground ? 0.6 * 0.98 : 0.98;
    d.motion = {d.motion.x * drag, d.motion.y * 0.98, d.motion.z * drag};
    if (d.on_ground && d.motion.y < 0) d.motion.y *= -0.5;
    if (d.age >= ItemEntity::lifetime) d.removed = true;
    if (!(old == d.pos)) entities_.moved(d, old);
}

void World::tick() {
    const std::size_t n = entities_.order().size();  // entities added this tick start next tick
    bool any_removed = false;
    for (std::size_t i = 0; i < n; ++i) {
        const EntitySlot* s = entities_.slot(entities_.order()[i]);
        if (!s) continue;
        if (s->data->removed) {
            any_removed = true;
            continue;
        }
        ++s->data->age;
        if (s->mob) {
            if (!s->data->no_ai) {
                s->mob->server_ai_step();
                s->mob->travel();
            }
        } else if (s->item) {
            tick_item(*s->item);
        }
        any_removed = any_removed || s->data->removed;
    }
    if (any_removed) {
        for (std::size_t i = 0; i < entities_.order().size(); ++i) {
            const EntityHandle h = entities_.order()[i];
            const EntitySlot* s = entities_.slot(h);
            if (s && s->data->removed) entities_.erase(h);
        }
        entities_.compact_order();
    }
    ++game_time_;
    if (options_.rules.do_daylight_cycle) {
        ++day_time_;
        update_sky_darken();
    }
}

}  // namespace mobsdk::server
