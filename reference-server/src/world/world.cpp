#include "mobserver/world/world.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <stdexcept>

#include "mobsdk/plugin/ai_factory.hpp"
#include "mobserver/world/kinds/arrow_kind.hpp"
#include "mobserver/world/kinds/item_entity_kind.hpp"
#include "mobserver/world/kinds/mob_kind.hpp"
#include "mobserver/world/kinds/player_kind.hpp"
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
      climb_rules_(registries.blocks),
      pois_(registries.blocks, registries.poi_types),
      item_type_(registries.entity_types.find("minecraft:item")),
      arrow_type_(registries.entity_types.find("minecraft:arrow")) {
    chunks_.set_listener(&pois_);
    update_sky_darken();
    // The built-in kinds; another is one more add_entity_kind.
    mobs_ = &static_cast<MobKind&>(add_entity_kind(std::make_unique<MobKind>()));
    items_ = &static_cast<ItemEntityKind&>(add_entity_kind(std::make_unique<ItemEntityKind>(item_type_)));
    arrows_ = &static_cast<ArrowKind&>(add_entity_kind(std::make_unique<ArrowKind>(arrow_type_)));
    players_ = &static_cast<PlayerEntityKind&>(
        add_entity_kind(std::make_unique<PlayerEntityKind>(registries.entity_types.find("minecraft:player"))));
}

World::~World() {
    // Brains and AI hooks may hold references into the world: destroy entities first.
    for (EntityHandle h : std::vector<EntityHandle>(entities_.order())) entities_.erase(h);
    chunks_.set_listener(nullptr);
}

EntityKind& World::add_entity_kind(std::unique_ptr<EntityKind> kind) {
    if (!kind) throw std::invalid_argument("World::add_entity_kind: the kind is null");
    const auto& types = registries_->entity_types;
    kind_by_type_.resize(types.size(), nullptr);
    std::vector<std::uint32_t> served;
    for (const auto& entry : types) {
        if (!kind->serves(entry.handle, entry.value)) continue;
        if (const EntityKind* other = kind_by_type_[entry.handle.index()])
            throw std::logic_error("entity type " + entry.id.str() + " is served by two entity kinds: " +
                                   std::string(other->name()) + " and " + std::string(kind->name()));
        served.push_back(entry.handle.index());
    }
    for (const std::uint32_t i : served) kind_by_type_[i] = kind.get();
    return *kinds_.emplace_back(std::move(kind));
}

void EntityKind::kill(World& world, Entity& entity) { world.remove(entity.handle()); }

Uuid World::claim_uuid(Uuid requested) {
    if (requested.is_nil()) return fresh_uuid();
    if (entities_.find(requested))
        throw std::invalid_argument("an entity with UUID " + requested.str() + " already exists");
    return requested;
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
    return mobs_->get(s);
}

LivingEntity* World::resolve_living(const EntityRef& ref) {
    const EntitySlot* s = entities_.slot(ref.handle);
    if (!s || s->data->uuid != ref.uuid) s = entities_.find(ref.uuid);
    if (!s || s->data->removed) return nullptr;
    if (Mob* m = mobs_->get(s)) return m;
    return players_->get(s);
}

Player* World::resolve_player(const EntityRef& ref) {
    const EntitySlot* s = entities_.slot(ref.handle);
    if (!s || s->data->uuid != ref.uuid) s = entities_.find(ref.uuid);
    if (!s || s->data->removed) return nullptr;
    return players_->get(s);
}

std::span<Player* const> World::players() { return players_->players(); }

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

ItemEntity* World::item_entity(const EntityRef& ref) noexcept {
    const EntitySlot* s = entities_.slot(ref.handle);
    if (!s || s->data->uuid != ref.uuid) s = entities_.find(ref.uuid);
    return s && !s->data->removed ? items_->get(s) : nullptr;
}

ItemStack World::pick_up_item(const EntityRef& ref, std::int32_t max_count) {
    const EntitySlot* s = entities_.slot(ref.handle);
    if (!s || s->data->uuid != ref.uuid) s = entities_.find(ref.uuid);
    ItemEntity* item = items_->get(s);
    if (!item || s->data->removed || item->pickup_delay > 0 || max_count <= 0) return {};
    ItemStack& stack = item->item;
    ItemStack taken{stack.item, std::min(max_count, stack.count)};
    stack.count -= taken.count;
    if (stack.count <= 0) s->data->removed = true;
    return taken;
}

std::optional<BlockHit> World::clip(const Vec3& from, const Vec3& to) const {
    // Walk the blocks the segment passes through in order (Amanatides–Woo, as vanilla's
    // BlockGetter.traverseBlocks) and test the collision boxes of each against the segment.
    // Ends that are not finite or lie far outside any world (a plugin's arithmetic gone wrong)
    // meet nothing: the block walk stays inside the int range.
    constexpr double far = 1.0e9;
    for (const double c : {from.x, from.y, from.z, to.x, to.y, to.z})
        if (!(std::abs(c) <= far)) return std::nullopt;
    const Vec3 d = to - from;
    const BlockRegistry& blocks = chunks_.blocks();
    // The section the walk is in, looked up again only when a step leaves it: most steps read one
    // state from it and find air.
    const LevelChunkSection* section = nullptr;
    std::int32_t section_x = INT32_MIN, section_z = INT32_MIN;
    std::int64_t section_y = INT64_MIN;
    // The section holding p, when the walk has just left the previous one (rarely).
    const auto enter_section = [&](BlockPos p, std::int32_t sx, std::int64_t sy, std::int32_t sz) {
        section_x = sx;
        section_y = sy;
        section_z = sz;
        const LevelChunk* c = p.y < min_y || p.y >= min_y + world_height ? nullptr : chunks_.chunk({sx, sz});
        section = c ? &c->section(static_cast<std::int32_t>(sy)) : nullptr;
    };
    const auto state_at = [&](BlockPos p) -> const BlockStateInfo& {
        // In 64 bits: a ray from a plugin may reach the ends of the int range.
        const std::int32_t sx = p.x >> 4, sz = p.z >> 4;
        const std::int64_t sy = (std::int64_t{p.y} - min_y) >> 4;
        if (sx != section_x || sy != section_y || sz != section_z) [[unlikely]]
            enter_section(p, sx, sy, sz);
        return blocks.info(section ? section->get(p.x & 15, (p.y - min_y) & 15, p.z & 15) : BlockState{});
    };
    // The segment against a block's (non-empty) shape, moved by its random offset (bamboo,
    // pointed dripstone) as vanilla's getCollisionShape(level, pos) is.
    const auto hit_in = [&](BlockPos p, const BlockStateInfo& info) -> std::optional<BlockHit> {
        const BlockShape& shape = info.collision;
        const Vec3 off = info.collision_offset(p);
        double best = 2.0;
        for (std::uint8_t i = 0; i < shape.count; ++i) {
            const ShapeBox& b = shape.boxes[i];
            const double lo[3] = {(b.min_x + off.x) + p.x, p.y + b.min_y, (b.min_z + off.z) + p.z};
            const double hi[3] = {(b.max_x + off.x) + p.x, p.y + b.max_y, (b.max_z + off.z) + p.z};
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
    if (const BlockStateInfo& info = state_at(cur); info.collision.count != 0)
        if (auto h = hit_in(cur, info)) return h;
    const int sx = d.x > 0   ? 1
                   : d.x < 0 ? -1
                             : 0,
              sy = d.y > 0   ? 1
                   : d.y < 0 ? -1
                             : 0,
              sz = d.z > 0   ? 1
                   : d.z < 0 ? -1
                             : 0;
    auto first = [](double o, double v, int s, int c) {
        if (s == 0) return 2.0;
        const double boundary = s > 0 ? c + 1.0 : static_cast<double>(c);
        return (boundary - o) / v;
    };
    double tx = first(a.x, d.x, sx, cur.x), ty = first(a.y, d.y, sy, cur.y), tz = first(a.z, d.z, sz, cur.z);
    const double dx = sx ? std::abs(1.0 / d.x) : 2.0, dy = sy ? std::abs(1.0 / d.y) : 2.0,
                 dz = sz ? std::abs(1.0 / d.z) : 2.0;
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
        if (const BlockStateInfo& info = state_at(cur); info.collision.count != 0) [[unlikely]]
            if (auto h = hit_in(cur, info)) return h;
    }
    return std::nullopt;
}

PathType World::path_type(BlockPos pos) const { return block_path_type_static(chunks_, pos); }

void World::ensure_chunks(BlockPos center, std::int32_t radius) {
    const ChunkPos c = ChunkPos::of(center);
    for (std::int32_t x = c.x - radius; x <= c.x + radius; ++x)
        for (std::int32_t z = c.z - radius; z <= c.z + radius; ++z)
            if (!chunks_.chunk({x, z})) load_chunk({x, z});
}

bool World::set_block(BlockPos pos, BlockState state) {
    const BlockShape old_shape = chunks_.info(pos).collision;
    if (!chunks_.set_block(pos, state)) return false;
    if (old_shape == chunks_.info(pos).collision) return true;
    // Vanilla's ServerLevel.sendBlockUpdated: a changed collision shape may open or close a path.
    for (EntityHandle h : entities_.order()) {
        ServerMob* mob = mobs_->get(entities_.slot(h));
        if (!mob || mob->data().removed) continue;
        ServerPathNavigation& nav = mob->server_navigation();
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
        const auto lsb =
            (static_cast<std::uint64_t>(random_.next_long()) & 0x3FFFFFFFFFFFFFFFull) | 0x8000000000000000ull;
        const Uuid u{msb, lsb};
        if (!entities_.find(u)) return u;
    }
}

ServerMob& World::spawn_mob(Handle<EntityTypeInfo> type, const Vec3& pos, Uuid uuid) {
    const EntityTypeInfo& info = registries_->entity_types.entry(type).value;
    if (!info.is_mob)
        throw std::invalid_argument("entity type " + registries_->entity_types.id_of(type).str() + " is not a mob");
    ServerMob& ref = add_entity(std::make_unique<ServerMob>(*this, type, info, claim_uuid(uuid), pos), *mobs_);
    if (mob_initializer_) run_plugin_code(ref, [&] { mob_initializer_(ref); });
    return ref;
}

Mob* World::summon_mob(Handle<EntityTypeInfo> type, const Vec3& pos, float y_rot) {
    if (!type.valid() || type.index() >= registries_->entity_types.size() || !registries_->entity_types[type].is_mob)
        return nullptr;
    const BlockPos at = pos.block_pos();
    if (at.y < min_y || at.y >= min_y + world_height || !chunks_.chunk(ChunkPos::of(at))) return nullptr;
    ServerMob& mob = spawn_mob(type, pos);
    mob.data().y_rot = y_rot;
    mob.y_head_rot = mob.y_body_rot = y_rot;
    return &mob;
}

ArrowEntity& World::spawn_arrow(const Vec3& pos, const Vec3& motion, Uuid uuid) {
    return arrows_->spawn(*this, pos, motion, uuid);
}

std::optional<EntityRef> World::shoot_arrow(Mob& shooter, const Vec3& from, const Vec3& direction, float velocity,
                                            float inaccuracy, double base_damage) {
    return arrows_->shoot(*this, shooter, from, direction, velocity, inaccuracy, base_damage);
}

ArrowEntity* World::arrow_entity(const EntityRef& ref) noexcept {
    const EntitySlot* s = entities_.slot(ref.handle);
    if (!s || s->data->uuid != ref.uuid) s = entities_.find(ref.uuid);
    return s && !s->data->removed ? arrows_->get(s) : nullptr;
}

bool World::kill(EntityHandle handle) {
    const EntitySlot* s = entities_.slot(handle);
    if (!s || s->data->removed) return false;
    s->kind->kill(*this, *s->entity);
    return true;
}

void World::finalize_spawn(ServerMob& mob) {
    const MobAiFactory* factory = mob.info().ai_factory;
    if (!factory || mob.ai_failed) return;
    run_plugin_code(mob, [&] { factory->finalize_spawn(*this, mob); });
}

bool World::no_collision(const AABB& box) const { return no_block_collision(chunks_, box, physics_scratch_); }

ItemEntity& World::spawn_item(const Vec3& pos, const ItemStack& item, const Vec3& motion, Uuid uuid) {
    return items_->spawn(*this, pos, item, motion, uuid);
}

bool World::remove(EntityHandle handle) {
    const EntitySlot* s = entities_.slot(handle);
    if (!s || s->data->removed) return false;
    s->data->removed = true;
    if (s->kind == players_) players_->forget(*s->entity);  // vanilla's players() drops it at once
    return true;
}

void World::erase_entity_now(EntityHandle handle) {
    if (const EntitySlot* s = entities_.slot(handle); s && s->kind == players_) players_->forget(*s->entity);
    entities_.erase(handle);
}

ServerMob* World::mob(EntityHandle handle) noexcept { return mobs_->get(entities_.slot(handle)); }

ServerMob* World::mob(const EntitySlot& slot) const noexcept { return mobs_->get(&slot); }

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
    s->data->stranded = false;  // where it lands decides again
    entities_.moved(*s->data, old);
}

nbt::Compound World::save_entity(const Entity& entity) const {
    const EntitySlot* s = entities_.slot(entity.handle());
    nbt::Compound fields;
    if (s) fields = s->kind->save(*this, *s->entity);
    nbt::Compound out;
    out.put("id", nbt::Tag(registries_->entity_types.id_of(entity.type()).str()));
    for (const auto& e : fields) out.put(e.name, e.value);
    return out;
}

Result<Entity*, std::string> World::spawn_from_nbt(const nbt::Compound& tag, std::vector<std::string>& warnings) {
    const auto* id = tag.find<std::string>("id");
    if (!id) return unexpected(std::string("missing entity id (a string `id`)"));
    const auto loc = ResourceLocation::parse(*id);
    if (!loc) return unexpected("invalid entity id '" + *id + "'");
    const auto type = registries_->entity_types.find(*loc);
    if (!type) return unexpected("unknown entity type '" + loc->str() + "'");
    const auto* pos_list = tag.find<nbt::List>("Pos");
    if (!pos_list || pos_list->size() != 3 || pos_list->element_type() != nbt::TagType::Double)
        return unexpected(loc->str() + ": Pos must be a list of 3 doubles");
    const Vec3 pos{pos_list->get<double>(0), pos_list->get<double>(1), pos_list->get<double>(2)};
    if (!std::isfinite(pos.x) || !std::isfinite(pos.y) || !std::isfinite(pos.z) || std::abs(pos.x) > 3.0e7 ||
        std::abs(pos.z) > 3.0e7 || std::abs(pos.y) > 2.0e7)
        return unexpected(loc->str() + ": Pos lies outside the world border");
    Uuid uuid{};
    if (const nbt::Tag* t = tag.find("UUID")) {
        const auto* ints = t->get_if<nbt::IntArray>();
        if (auto u = ints ? uuid_from_ints(*ints) : std::nullopt) uuid = *u;
        else warnings.push_back("UUID: expected an int array of 4; a new UUID was given");
        if (!uuid.is_nil() && entities_.find(uuid))
            return unexpected(loc->str() + ": an entity with UUID " + uuid.str() + " already exists");
    }
    EntityKind* kind = kind_of(*type);
    if (!kind) return unexpected(loc->str() + ": this server cannot create entities of this type");
    return kind->create(*this, *type, pos, uuid, tag, warnings);
}

std::vector<std::string> World::load_entity(Entity& entity, const nbt::Compound& tag) {
    const EntitySlot* s = entities_.slot(entity.handle());
    if (!s || s->entity.get() != &entity) return {"not an entity of this world"};
    return s->kind->load(*this, *s->entity, tag);
}

namespace {

ChunkPos chunk_of(const Vec3& p) noexcept {
    return {static_cast<std::int32_t>(std::floor(p.x)) >> 4, static_cast<std::int32_t>(std::floor(p.z)) >> 4};
}

ChunkPos chunk_from_long(std::int64_t v) noexcept {
    return {static_cast<std::int32_t>(v & 0xFFFFFFFFll), static_cast<std::int32_t>(v >> 32)};
}

}  // namespace

void World::warn(const std::string& message) {
    if (warn_) warn_(message);
}

void World::fail_ai(ServerMob& mob, const char* what) {
    mob.ai_failed = true;
    mob.zza = mob.xxa = mob.yya = 0;
    mob.jumping = false;
    const Vec3 p = mob.position();
    char where[96];
    std::snprintf(where, sizeof where, "%.1f, %.1f, %.1f", p.x, p.y, p.z);
    warn("Mob " + registries_->entity_types.id_of(mob.type()).str() + " " + mob.uuid().str() + " at " + where +
         ": its AI threw (" + what + "); its AI is disabled, the mob stays");
}

std::size_t World::dormant_count() const noexcept {
    std::size_t n = 0;
    for (const auto& [pos, list] : dormant_) n += list.size();
    return n;
}

void World::attach_storage(ChunkIo& io) { io_ = &io; }

void World::set_spawn(BlockPos pos, std::int32_t radius) {
    spawn_pos_ = pos;
    spawn_radius_ = std::max(0, radius);
    frozen_dirty_ = true;
}

bool World::set_forced(ChunkPos pos, bool forced) {
    const bool changed = forced ? forced_.insert(pos).second : forced_.erase(pos) > 0;
    frozen_dirty_ = frozen_dirty_ || changed;
    return changed;
}

void World::remove_player_ticket(ChunkPos pos) {
    const auto it = player_tickets_.find(pos);
    if (it != player_tickets_.end() && --it->second <= 0) {
        player_tickets_.erase(it);
        frozen_dirty_ = true;
    }
}

void World::add_simulation_ticket(ChunkPos pos) {
    if (++simulation_tickets_[pos] == 1) frozen_dirty_ = true;
}

void World::remove_simulation_ticket(ChunkPos pos) {
    const auto it = simulation_tickets_.find(pos);
    if (it != simulation_tickets_.end() && --it->second <= 0) {
        simulation_tickets_.erase(it);
        frozen_dirty_ = true;
    }
}

bool World::has_ticket(ChunkPos pos) const noexcept {
    if (forced_.count(pos) || player_tickets_.count(pos) || simulation_tickets_.count(pos)) return true;
    if (spawn_radius_ <= 0) return false;
    const ChunkPos s = ChunkPos::of(spawn_pos_);
    return std::abs(pos.x - s.x) <= spawn_radius_ && std::abs(pos.z - s.z) <= spawn_radius_;
}

bool World::is_entity_ticking(ChunkPos pos) const noexcept {
    return chunks_.chunk(pos) && ticks_entities_by_tickets(pos);
}

bool World::ticks_entities_by_tickets(ChunkPos pos) const noexcept {
    if (!player_tickets_.count(pos) || forced_.count(pos) || simulation_tickets_.count(pos)) return true;
    // The spawn chunks tick whatever players see (their ticket is the one that loaded them).
    const ChunkPos s = ChunkPos::of(spawn_pos_);
    return spawn_radius_ > 0 && std::abs(pos.x - s.x) <= spawn_radius_ && std::abs(pos.z - s.z) <= spawn_radius_;
}

void World::load_chunk(ChunkPos pos) {
    if (!io_) {
        pois_.scan_chunk(chunks_.get_or_generate(pos, *generator_));
        return;
    }
    if (auto it = load_failures_.find(pos); it != load_failures_.end() && game_time_ < it->second.retry_at) return;
    ChunkLoadResult r = io_->load(pos, registries_->blocks);
    for (const auto& w : r.warnings) warn(w);
    const std::string where = "Chunk [" + std::to_string(pos.x) + ", " + std::to_string(pos.z) + "]";
    if (!r.error.empty()) {
        // Never generated in its place nor saved over: what is on disk may be fine once it can be read.
        LoadFailure& f = load_failures_[pos];
        if (f.error != r.error) {
            if (r.refused == ChunkRefusal::None)
                warn(where + " cannot be read; it stays unloaded and nothing is written over it (tried again every " +
                     std::to_string(load_retry_delay) + " ticks): " + r.error);
            else if (r.refused == ChunkRefusal::Unfinished || !error_)
                warn(where + " is not loaded and stays as it is on disk: " + r.error);
            else error_(where + " is not loaded and stays as it is on disk: " + r.error);
        }
        f.retry_at = game_time_ + load_retry_delay;
        f.error = std::move(r.error);
        return;
    }
    if (load_failures_.erase(pos)) warn(where + " could be read again and is loaded");
    LevelChunk* chunk = nullptr;
    if (r.blocks) {
        chunk = &chunks_.add(std::move(r.blocks));
        chunk->unsaved = false;
    } else {
        chunk = &chunks_.get_or_generate(pos, *generator_);
    }
    if (r.poi) {
        if (const std::size_t dropped = pois_.set_sections(pos.x, pos.z, std::move(*r.poi)))
            warn("Chunk [" + std::to_string(pos.x) + ", " + std::to_string(pos.z) + "]: dropped " +
                 std::to_string(dropped) + " invalid POI records");
    } else {
        pois_.scan_chunk(*chunk);
    }
    for (nbt::Compound& tag : r.entities) {
        std::vector<std::string> warnings;
        const auto* ints = tag.find<nbt::IntArray>("UUID");
        if (const auto u = ints ? uuid_from_ints(*ints) : std::nullopt; u && entities_.find(*u)) {
            // A second copy (a world edited elsewhere): the live one wins, as in vanilla.
            warn(where + ": entity skipped: an entity with UUID " + u->str() + " already exists");
            continue;
        }
        auto made = spawn_from_nbt(tag, warnings);
        if (!made) {
            warn(where + ": entity kept in storage, not created: " + made.error());
            dormant_[pos].push_back(std::move(tag));
            continue;
        }
        const EntitySlot* s = entities_.slot((*made)->handle());
        s->data->stored_chunk = pos.as_long();
        for (const auto& w : warnings) warn(where + ": " + (*made)->uuid().str() + ": " + w);
    }
}

std::string World::save_columns(std::set<ChunkPos> columns, const std::set<ChunkPos>& full,
                                const std::set<ChunkPos>& drop, std::vector<EntityHandle> evicted) {
    if (!io_) return {};
    // Every live entity by the column it stands in, and by the column whose list holds it.
    std::map<ChunkPos, std::vector<const EntitySlot*>> in_column, stored_in;
    for (EntityHandle h : entities_.order()) {
        const EntitySlot* s = entities_.slot(h);
        if (!s || s->data->removed || !s->kind->saved_in_chunks()) continue;  // players live in playerdata
        in_column[chunk_of(s->data->pos)].push_back(s);
        if (s->data->stored_chunk != EntityData::not_stored)
            stored_in[chunk_from_long(s->data->stored_chunk)].push_back(s);
    }
    for (EntityHandle h : evicted)
        if (const EntitySlot* s = entities_.slot(h)) columns.insert(chunk_of(s->data->pos));
    // Close the set: an entity written to one column must leave the list that held it in the same
    // batch, and a column rewritten must pass on the entities it held to where they are now.
    std::vector<ChunkPos> queue(columns.begin(), columns.end());
    while (!queue.empty()) {
        const ChunkPos c = queue.back();
        queue.pop_back();
        auto add = [&](ChunkPos other) {
            if (columns.insert(other).second) queue.push_back(other);
        };
        if (auto it = in_column.find(c); it != in_column.end())
            for (const EntitySlot* s : it->second)
                if (s->data->stored_chunk != EntityData::not_stored && s->data->stored_chunk != c.as_long())
                    add(chunk_from_long(s->data->stored_chunk));
        if (auto it = stored_in.find(c); it != stored_in.end())
            for (const EntitySlot* s : it->second) add(chunk_of(s->data->pos));
    }
    // A column on disk only keeps its stored entities and gets the ones that walked in. When its
    // list cannot be read (refused, unreadable), writing it would drop them: the column is left
    // out, and the entities standing there are stranded (see EntityData::stranded): saved with the
    // column that holds them, or one of the batch's loaded columns when none does.
    auto nearest_loaded = [&](ChunkPos c) {
        const LevelChunk* best = nullptr;
        std::int64_t best_d = 0;
        chunks_.for_each([&](LevelChunk& chunk) {
            const ChunkPos p = chunk.pos();
            const std::int64_t d = std::max(std::abs(std::int64_t{p.x} - c.x), std::abs(std::int64_t{p.z} - c.z));
            if (!best || d < best_d || (d == best_d && p < best->pos())) {
                best = &chunk;
                best_d = d;
            }
        });
        return best;
    };
    std::map<ChunkPos, std::vector<nbt::Compound>> on_disk_only;
    std::map<ChunkPos, std::vector<const EntitySlot*>> stranded_in;  // by the column they are saved with
    std::vector<ChunkPos> blocked;
    for (const ChunkPos c : columns) {
        if (chunks_.chunk(c)) continue;
        std::vector<std::string> warnings;
        auto stored = io_->load_entities(c, warnings);
        for (const auto& w : warnings) warn(w);
        if (stored) {
            on_disk_only.emplace(c, std::move(*stored));
            continue;
        }
        blocked.push_back(c);
        const auto it = in_column.find(c);
        if (it == in_column.end()) continue;
        for (const EntitySlot* s : it->second) {
            ChunkPos home = chunk_from_long(s->data->stored_chunk);
            if (s->data->stored_chunk == EntityData::not_stored || !chunks_.chunk(home)) {
                const LevelChunk* near = nearest_loaded(c);
                if (!near) {
                    if (!s->data->stranded)
                        warn("Entity " + s->data->uuid.str() + " stands in chunk [" + std::to_string(c.x) + ", " +
                             std::to_string(c.z) + "], which cannot take it (" + stored.error() +
                             "), and no loaded chunk can: it stays in memory, not saved");
                    s->data->stranded = true;
                    continue;
                }
                home = near->pos();
            }
            columns.insert(home);
            if (!s->data->stranded)
                warn("Entity " + s->data->uuid.str() + " stands in chunk [" + std::to_string(c.x) + ", " +
                     std::to_string(c.z) + "], which is not loaded and cannot take it (" + stored.error() +
                     "); it stays where it is without ticking and is saved with chunk [" + std::to_string(home.x) +
                     ", " + std::to_string(home.z) + "] until that chunk can be loaded");
            s->data->stranded = true;
            stranded_in[home].push_back(s);
        }
    }
    for (const ChunkPos c : blocked) columns.erase(c);
    std::vector<ChunkSaveEntry> batch;
    std::vector<std::map<std::int32_t, PoiSection>> poi_keep;  // owned for the batch
    std::vector<EntityHandle> leaving;                         // entities written to a column that is not loaded
    batch.reserve(columns.size());
    for (const ChunkPos c : columns) {
        ChunkSaveEntry e;
        e.pos = c;
        std::vector<nbt::Compound> list;
        LevelChunk* chunk = chunks_.chunk(c);
        if (!chunk) {
            for (auto& tag : on_disk_only[c]) {
                const auto* ints = tag.find<nbt::IntArray>("UUID");
                const auto u = ints ? uuid_from_ints(*ints) : std::nullopt;
                if (u && entities_.find(*u)) continue;  // live in memory: written from there
                list.push_back(std::move(tag));
            }
        } else {
            if (full.count(c)) {
                if (chunk->unsaved) e.blocks = chunk;
                e.poi = pois_.sections_of(c.x, c.z);
            }
            if (auto it = dormant_.find(c); it != dormant_.end()) list = it->second;
        }
        if (auto it = in_column.find(c); it != in_column.end())
            for (const EntitySlot* s : it->second) {
                list.push_back(save_entity(*s->entity));
                if (!chunk) leaving.push_back(s->data->handle);
                s->data->stranded = false;
            }
        if (auto it = stranded_in.find(c); it != stranded_in.end())
            for (const EntitySlot* s : it->second) list.push_back(save_entity(*s->entity));
        e.entities = std::move(list);
        batch.push_back(std::move(e));
    }
    if (std::string err = io_->save(batch, game_time_); !err.empty()) return err;
    for (const ChunkSaveEntry& e : batch) {
        if (e.blocks) chunks_.chunk(e.pos)->unsaved = false;
        if (auto it = in_column.find(e.pos); it != in_column.end())
            for (const EntitySlot* s : it->second) s->data->stored_chunk = e.pos.as_long();
        if (auto it = stranded_in.find(e.pos); it != stranded_in.end())
            for (const EntitySlot* s : it->second) s->data->stored_chunk = e.pos.as_long();
    }
    // Stored entities that were in none of the lists (dead ones) are no longer stored anywhere.
    for (const auto& [c, list] : stored_in)
        if (columns.count(c))
            for (const EntitySlot* s : list)
                if (!in_column.count(chunk_of(s->data->pos))) s->data->stored_chunk = EntityData::not_stored;
    std::vector<EntityHandle> erase = std::move(leaving);
    for (const ChunkPos c : drop)
        if (auto it = in_column.find(c); it != in_column.end())
            for (const EntitySlot* s : it->second) erase.push_back(s->data->handle);
    for (EntityHandle h : erase) entities_.erase(h);
    if (!erase.empty()) entities_.compact_order();
    for (const ChunkPos c : drop) {
        dormant_.erase(c);
        pois_.drop_chunk(c.x, c.z);
        chunks_.remove(c);
        io_->forget(c);
        unticketed_since_.erase(c);
        ++chunks_unloaded_;
    }
    return {};
}

std::vector<EntityHandle> World::entities_outside_loaded_chunks(bool stranded_too) const {
    std::vector<EntityHandle> out;
    for (EntityHandle h : entities_.order()) {
        const EntitySlot* s = entities_.slot(h);
        if (s && !s->data->removed && (stranded_too || !s->data->stranded) && s->kind->saved_in_chunks() &&
            !chunks_.chunk(chunk_of(s->data->pos)))
            out.push_back(h);
    }
    return out;
}

void World::update_chunks() {
    if (!io_) return;
    if (spawn_radius_ > 0) {
        const ChunkPos s = ChunkPos::of(spawn_pos_);
        for (std::int32_t x = s.x - spawn_radius_; x <= s.x + spawn_radius_; ++x)
            for (std::int32_t z = s.z - spawn_radius_; z <= s.z + spawn_radius_; ++z)
                if (!chunks_.chunk({x, z})) load_chunk({x, z});
    }
    for (const ChunkPos p : forced_)
        if (!chunks_.chunk(p)) load_chunk(p);
    for (const auto& [p, count] : simulation_tickets_)
        if (!chunks_.chunk(p)) load_chunk(p);
    std::set<ChunkPos> unload;
    chunks_.for_each([&](LevelChunk& chunk) {
        const ChunkPos p = chunk.pos();
        if (has_ticket(p)) {
            unticketed_since_.erase(p);
            return;
        }
        const std::int64_t since = unticketed_since_.try_emplace(p, game_time_).first->second;
        if (game_time_ - since + 1 >= unload_delay) unload.insert(p);  // the tick it lost it counts
    });
    std::vector<EntityHandle> evicted = entities_outside_loaded_chunks(false);
    if (unload.empty() && evicted.empty()) return;
    if (game_time_ < unload_retry_at_) return;
    if (std::string err = save_columns(unload, unload, unload, std::move(evicted)); !err.empty()) {
        warn("Could not save chunks before unloading them (they stay loaded): " + err);
        for (const ChunkPos p : unload) unticketed_since_[p] = game_time_;  // retry after the delay
        // Chunks and entities that could not be saved are tried again when the chunks above are due.
        unload_retry_at_ = game_time_ + unload_delay - 1;
    }
}

std::string World::save_all() {
    if (!io_) return {};
    std::set<ChunkPos> all;
    chunks_.for_each([&](LevelChunk& chunk) { all.insert(chunk.pos()); });
    // Stranded entities are tried again here: their column may take them now.
    std::vector<EntityHandle> evicted = entities_outside_loaded_chunks(true);
    return save_columns(all, all, {}, std::move(evicted));
}

void World::set_day_time(std::int64_t t) noexcept {
    day_time_ = t;
    update_sky_darken();
}

void World::update_sky_darken() noexcept { sky_darken_ = sky_darken_at(day_time_); }

void World::tick() {
    pickups_.clear();
    if (frozen_dirty_) {
        // Only chunks players see can be frozen: without players this stays empty and costs nothing.
        frozen_.clear();
        for (const auto& [p, count] : player_tickets_)
            if (!ticks_entities_by_tickets(p)) frozen_.insert(p);
        frozen_dirty_ = false;
    }
    const std::size_t n = entities_.order().size();  // entities added this tick start next tick
    bool any_removed = false;
    for (std::size_t i = 0; i < n; ++i) {
        const EntitySlot* slot = entities_.slot(entities_.order()[i]);
        if (!slot) continue;
        // Copied out: a tick that adds entities (a dropped item, a summoned golem) may grow the
        // slot table and move the slot; the entity objects and the kinds themselves stay put.
        EntityData* data = slot->data;
        Entity* entity = slot->entity.get();
        EntityKind* kind = slot->kind;
        if (data->removed) {
            any_removed = true;
            kind->tick_removed(*this, *entity);
            continue;
        }
        if (data->stranded) {
            // Vanilla ticks no entity outside loaded chunks; this one waits for its column.
            if (!chunks_.chunk(chunk_of(data->pos))) continue;
            data->stranded = false;
        }
        // Vanilla's entity-ticking level: beyond simulation distance entities wait.
        if (!frozen_.empty() && frozen_.count(chunk_of(data->pos))) continue;
        ++data->age;
        kind->tick(*this, *entity);
        any_removed = any_removed || data->removed;
    }
    if (any_removed) {
        for (std::size_t i = 0; i < entities_.order().size(); ++i) {
            const EntityHandle h = entities_.order()[i];
            const EntitySlot* s = entities_.slot(h);
            if (!s || !s->data->removed || s->kind->lingers(*s->entity)) continue;
            if (s->kind == players_) players_->forget(*s->entity);  // removed without World::remove
            entities_.erase(h);
        }
        entities_.compact_order();
    }
    ++game_time_;
    if (options_.rules.do_daylight_cycle) {
        ++day_time_;
        update_sky_darken();
    }
    update_chunks();
}

}  // namespace mobsdk::server
