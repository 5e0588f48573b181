// Arrows as a kind of entity: made (shot or loaded), ticked (vanilla's AbstractArrow.tick without
// piercing, potions or particles: flight, hits on blocks and mobs, despawn), saved and loaded.
#include "mobserver/world/kinds/arrow_kind.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string_view>

#include "mobsdk/world/vanilla_ids.hpp"
#include "mobserver/world/physics.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

double length(const Vec3& v) noexcept { return std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z); }

// Vanilla's Vec3.normalize: the zero vector for lengths below 1e-4.
Vec3 normalize(const Vec3& v) noexcept {
    const double l = length(v);
    return l < 1.0e-4 ? Vec3{} : Vec3{v.x / l, v.y / l, v.z / l};
}

// Vanilla's AABB.expandTowards: grows the box on the side the vector points to.
AABB expand_towards(AABB b, const Vec3& v) noexcept {
    (v.x < 0 ? b.min.x : b.max.x) += v.x;
    (v.y < 0 ? b.min.y : b.max.y) += v.y;
    (v.z < 0 ? b.min.z : b.max.z) += v.z;
    return b;
}

// Where the segment from `a` to `b` enters `box` (vanilla's AABB.clip), if it does.
std::optional<Vec3> clip_box(const AABB& box, const Vec3& a, const Vec3& b) noexcept {
    const double lo[3] = {box.min.x, box.min.y, box.min.z}, hi[3] = {box.max.x, box.max.y, box.max.z};
    const double o[3] = {a.x, a.y, a.z}, d[3] = {b.x - a.x, b.y - a.y, b.z - a.z};
    double t0 = 0.0, t1 = 1.0;
    for (int i = 0; i < 3; ++i) {
        if (std::abs(d[i]) < 1.0e-12) {
            if (o[i] < lo[i] || o[i] > hi[i]) return std::nullopt;
            continue;
        }
        double ta = (lo[i] - o[i]) / d[i], tb = (hi[i] - o[i]) / d[i];
        if (ta > tb) std::swap(ta, tb);
        t0 = std::max(t0, ta);
        t1 = std::min(t1, tb);
        if (t0 > t1) return std::nullopt;
    }
    return a + (b - a) * t0;
}

// Vanilla's rotation of a projectile from its motion (Projectile.shoot and AbstractArrow.tick).
void face_motion(EntityData& d) noexcept {
    constexpr double deg = 57.2957763671875;  // (double) (180F / (float) Math.PI)
    const double horizontal = std::sqrt(d.motion.x * d.motion.x + d.motion.z * d.motion.z);
    d.y_rot = static_cast<float>(std::atan2(d.motion.x, d.motion.z) * deg);
    d.x_rot = static_cast<float>(std::atan2(d.motion.y, horizontal) * deg);
}

// Keys save_arrow_nbt writes besides the entity fields.
constexpr std::string_view arrow_keys[] = {"life",   "shake", "inGround", "pickup",
                                           "damage", "crit",  "Owner",    "LeftOwner"};

}  // namespace

ArrowEntity& ArrowKind::spawn(World& world, const Vec3& pos, const Vec3& motion, Uuid uuid) {
    if (!type_) throw std::logic_error("no minecraft:arrow entity type is registered");
    auto a = std::make_unique<ArrowEntity>();
    EntityData& d = a->data();
    d.uuid = world.claim_uuid(uuid);
    d.type = *type_;
    d.info = &world.registries().entity_types[*type_];
    d.pos = pos;
    d.motion = motion;
    face_motion(d);
    return world.add_entity(std::move(a), *this);
}

std::optional<EntityRef> ArrowKind::shoot(World& world, Mob& shooter, const Vec3& from, const Vec3& direction,
                                          float velocity, float inaccuracy, double base_damage) {
    if (!type_ || !std::isfinite(from.x) || !std::isfinite(from.y) || !std::isfinite(from.z) ||
        !std::isfinite(base_damage))
        return std::nullopt;
    const BlockPos at = from.block_pos();
    if (at.y < min_y - 64 || at.y >= min_y + world_height + 64 || !world.chunks().chunk(ChunkPos::of(at)))
        return std::nullopt;
    // Vanilla's Projectile.shoot: the normalised direction plus a triangular spread per axis
    // (drawn x, y, z), times the velocity.
    const Vec3 n = normalize(direction);
    const double spread = 0.0172275 * static_cast<double>(inaccuracy);
    const double sx = world.random().triangle(0.0, spread);
    const double sy = world.random().triangle(0.0, spread);
    const double sz = world.random().triangle(0.0, spread);
    const Vec3 motion = Vec3{n.x + sx, n.y + sy, n.z + sz} * static_cast<double>(velocity);
    ArrowEntity& arrow = spawn(world, from, motion, Uuid{});
    arrow.owner = shooter.ref();
    arrow.base_damage = std::max(0.0, base_damage);
    arrow.pickup = ArrowEntity::Pickup::Disallowed;  // a mob's arrow (vanilla: Allowed only for players)
    return arrow.ref();
}

Result<Entity*, std::string> ArrowKind::create(World& world, Handle<EntityTypeInfo>, const Vec3& pos, Uuid uuid,
                                               const nbt::Compound& tag, std::vector<std::string>& warnings) {
    ArrowEntity& arrow = spawn(world, pos, Vec3{}, uuid);
    for (auto& w : load_arrow_nbt(world, arrow, tag)) warnings.push_back(std::move(w));
    return &static_cast<Entity&>(arrow);
}

nbt::Compound ArrowKind::save(const World&, const Entity& entity) const { return save_arrow_nbt(as(entity)); }

std::vector<std::string> ArrowKind::load(World& world, Entity& entity, const nbt::Compound& tag) {
    return load_arrow_nbt(world, as(entity), tag);
}

void ArrowKind::tick(World& world, Entity& entity) {
    ArrowEntity& arrow = as(entity);
    // Vanilla's AbstractArrow.tick (1.20.4) without piercing, potions or particles.
    EntityData& d = arrow.data();
    const Vec3 old = d.pos;
    d.in_water = touches_fluid(world.chunks(), d.bounding_box(), Fluid::Water);
    if (!arrow.left_owner) {
        // Projectile.checkLeftOwner: the shooter is out of the box the arrow sweeps, grown by 1.
        const Mob* owner = arrow.owner ? world.resolve_mob(*arrow.owner) : nullptr;
        bool near = false;
        if (owner) {
            scratch_.clear();
            world.entities().query(expand_towards(d.bounding_box(), d.motion).inflate(1.0), scratch_);
            for (const EntitySlot* s : scratch_)
                if (world.mob(*s) == owner && !s->data->removed) near = true;
        }
        arrow.left_owner = !near;
    }
    const BlockPos at = d.pos.block_pos();
    const BlockState state = world.chunks().block_state(at);
    const BlockStateInfo& info = world.chunks().info(at);
    const BlockShape& shape = info.collision;
    const Vec3 off = shape.count != 0 ? info.collision_offset(at) : Vec3{};  // bamboo, pointed dripstone
    for (std::uint8_t i = 0; i < shape.count && !arrow.in_ground; ++i) {
        const ShapeBox& b = shape.boxes[i];
        // AABB.contains: half-open on the upper sides.
        if (d.pos.x >= (b.min_x + off.x) + at.x && d.pos.x < (b.max_x + off.x) + at.x && d.pos.y >= at.y + b.min_y &&
            d.pos.y < at.y + b.max_y && d.pos.z >= (b.min_z + off.z) + at.z && d.pos.z < (b.max_z + off.z) + at.z)
            arrow.in_ground = true;
    }
    if (arrow.shake > 0) --arrow.shake;
    if (arrow.in_ground) {
        // The block it stuck in changed and nothing holds it: it falls (startFalling); else it
        // waits out its life. (An arrow loaded from disk does not know its block: it checks.)
        if ((!arrow.in_block || *arrow.in_block != state) &&
            no_block_collision(world.chunks(), d.bounding_box().inflate(0.06), world.physics_scratch())) {
            arrow.in_ground = false;
            arrow.in_block.reset();
            const double fx = world.random().next_float() * 0.2f, fy = world.random().next_float() * 0.2f,
                         fz = world.random().next_float() * 0.2f;
            d.motion = {d.motion.x * fx, d.motion.y * fy, d.motion.z * fz};
            arrow.life = 0;
        } else if (++arrow.life >= ArrowEntity::despawn_life) {
            d.removed = true;
        }
        return;
    }
    const Vec3 from = d.pos;
    Vec3 to = from + d.motion;
    const std::optional<BlockHit> block_hit = world.clip(from, to);
    if (block_hit) to = block_hit->location;
    // ProjectileUtil.getEntityHitResult: the closest mob or player (not a spectator, not dead:
    // vanilla's canBeHitByProjectile) whose box grown by 0.3 the segment enters, among those in the
    // swept box grown by 1; not the shooter before it left it.
    LivingEntity* target = nullptr;
    double best = std::numeric_limits<double>::max();
    scratch_.clear();
    world.entities().query(expand_towards(d.bounding_box(), d.motion).inflate(1.0), scratch_);
    const Mob* owner = arrow.owner && !arrow.left_owner ? world.resolve_mob(*arrow.owner) : nullptr;
    for (const EntitySlot* s : scratch_) {
        LivingEntity* living = world.mob(*s);
        if (!living)
            if (PlayerEntity* player = world.player(s); player && player->is_alive() && !player->is_spectator())
                living = player;
        if (!living || s->data->removed || living == owner) continue;
        if (const auto p = clip_box(s->data->bounding_box().inflate(0.3), from, to)) {
            const double dist = from.dist_sqr(*p);
            if (dist < best) best = dist, target = living;
        }
    }
    if (target) hit_mob(world, arrow, *target);
    else if (block_hit) hit_block(world, arrow, *block_hit);
    if (d.removed) return;
    const Vec3 v = d.motion;
    const Vec3 next = d.pos + v;
    face_motion(d);
    const double drag = d.in_water ? 0.6 : 0.99;
    d.motion = v * drag;
    if (!d.no_gravity) d.motion.y -= 0.05;
    d.pos = next;
    if (!(old == d.pos)) world.entity_moved(d, old);
}

void ArrowKind::hit_block(World& world, ArrowEntity& arrow, const BlockHit& hit) {
    // AbstractArrow.onHitBlock: remember the block, step back 0.05 from the hit and stick.
    EntityData& d = arrow.data();
    arrow.in_block = world.chunks().block_state(hit.pos);
    const Vec3 rel = hit.location - d.pos;
    d.motion = rel;
    const Vec3 back = normalize(rel) * 0.05;
    d.pos = d.pos - back;
    arrow.in_ground = true;
    arrow.shake = 7;
    arrow.crit = false;
}

void ArrowKind::hit_mob(World& world, ArrowEntity& arrow, LivingEntity& target) {
    // AbstractArrow.onHitEntity: ceil(speed × base damage), more for a critical arrow, as
    // minecraft:arrow damage from the shooter (or the arrow itself when the shooter is gone).
    EntityData& d = arrow.data();
    const auto speed = static_cast<float>(length(d.motion));
    auto damage = static_cast<std::int64_t>(
        std::ceil(std::clamp(static_cast<double>(speed) * arrow.base_damage, 0.0, 2147483647.0)));
    if (arrow.crit)
        damage = std::min<std::int64_t>(damage + world.random().next_int(static_cast<std::int32_t>(damage / 2 + 2)),
                                        2147483647);
    const Entity* attacker = arrow.owner ? world.resolve(*arrow.owner) : nullptr;
    if (!attacker) attacker = &arrow;
    const ResourceLocation& arrow_damage = vanilla_damage_types().arrow;
    if (target.hurt(arrow_damage, static_cast<float>(damage), attacker)) {
        d.removed = true;
        return;
    }
    // Deflected (an invulnerable target): it bounces back at a tenth of its speed.
    d.motion = d.motion * -0.1;
    d.y_rot += 180.0f;
    if (d.motion.x * d.motion.x + d.motion.y * d.motion.y + d.motion.z * d.motion.z < 1.0e-7) d.removed = true;
}

nbt::Compound save_arrow_nbt(const ArrowEntity& arrow) {
    nbt::Compound c = arrow.extra_nbt;
    save_entity_nbt(arrow.data(), c);
    // Vanilla's AbstractArrow.addAdditionalSaveData (1.20.4) for the fields modelled here.
    c.put("life", nbt::Tag(static_cast<std::int16_t>(std::min(arrow.life, 32767))));
    c.put("shake", nbt::Tag(static_cast<std::int8_t>(arrow.shake)));
    c.put("inGround", nbt::Tag(arrow.in_ground));
    c.put("pickup", nbt::Tag(static_cast<std::int8_t>(arrow.pickup)));
    c.put("damage", nbt::Tag(arrow.base_damage));
    c.put("crit", nbt::Tag(arrow.crit));
    if (arrow.owner) c.put("Owner", nbt::Tag(uuid_to_ints(arrow.owner->uuid)));
    if (arrow.left_owner) c.put("LeftOwner", nbt::Tag(true));
    return c;
}

std::vector<std::string> load_arrow_nbt(World& world, ArrowEntity& arrow, const nbt::Compound& tag) {
    std::vector<std::string> warnings;
    load_entity_nbt(world, arrow.data(), tag, warnings);
    if (const nbt::Tag* t = tag.find("life")) {
        if (const auto* v = t->get_if<std::int16_t>()) arrow.life = *v;
        else warnings.push_back("life: expected a short");
    }
    if (const nbt::Tag* t = tag.find("shake")) {
        if (const auto* v = t->get_if<std::int8_t>()) arrow.shake = *v & 0xFF;
        else warnings.push_back("shake: expected a byte");
    }
    read_flag(tag, "inGround", arrow.in_ground, warnings);
    read_flag(tag, "crit", arrow.crit, warnings);
    read_flag(tag, "LeftOwner", arrow.left_owner, warnings);
    if (const nbt::Tag* t = tag.find("pickup")) {
        const auto* v = t->get_if<std::int8_t>();
        if (v && *v >= 0 && *v <= 2) arrow.pickup = static_cast<ArrowEntity::Pickup>(*v);
        else warnings.push_back("pickup: expected a byte 0–2");
    }
    if (const nbt::Tag* t = tag.find("damage")) {
        const auto* v = t->get_if<double>();
        if (v && std::isfinite(*v) && *v >= 0) arrow.base_damage = *v;
        else warnings.push_back("damage: expected a finite, non-negative double");
    }
    if (const nbt::Tag* t = tag.find("Owner")) {
        const auto* ints = t->get_if<nbt::IntArray>();
        if (const auto u = ints ? uuid_from_ints(*ints) : std::nullopt) arrow.owner = EntityRef{*u, EntityHandle{}};
        else warnings.push_back("Owner: expected an int array of 4");
    }
    keep_unknown_fields(tag, arrow_keys, arrow.extra_nbt);
    return warnings;
}

}  // namespace mobsdk::server
