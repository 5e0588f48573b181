#include "mobserver/world/entity.hpp"

#include <algorithm>
#include <cmath>

#include "mobsdk/plugin/ai_factory.hpp"
#include "mobsdk/world/ai_util.hpp"
#include "mobsdk/world/item_nbt.hpp"
#include "mobserver/world/navigation.hpp"
#include "mobserver/world/physics.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

ServerMob::ServerMob(World& world, Handle<EntityTypeInfo> type, const EntityTypeInfo& info, Uuid uuid, Vec3 pos)
    : world_(&world), health_(info.max_health) {
    data_.uuid = uuid;
    data_.type = type;
    data_.info = &info;
    data_.pos = pos;
    data_.no_gravity = info.navigation == NavigationKind::Flying;
    for (std::size_t i = 0; i < attribute_count; ++i) attributes_[i] = info.attribute_default(static_cast<Attribute>(i));
    for (std::size_t i = 0; i < path_type_count; ++i) malus_[i] = default_malus(static_cast<PathType>(i));
    for (const auto& [t, m] : info.pathfinding_malus) malus_[static_cast<std::size_t>(t)] = m;
    navigation_ = make_navigation(*this);
    move_control_ = make_move_control(*this);
    look_control_ = make_look_control(*this);
    jump_control_ = make_jump_control(*this);
    navigation_->set_can_open_doors(info.can_open_doors);
    navigation_->set_can_float(info.can_float);
}

ServerMob::~ServerMob() = default;

PathNavigation& ServerMob::navigation() { return *navigation_; }
MoveControl& ServerMob::move_control() {
    if (custom_move_) return *custom_move_;
    return *move_control_;
}
LookControl& ServerMob::look_control() { return *look_control_; }
JumpControl& ServerMob::jump_control() { return *jump_control_; }

bool ServerMob::hurt(const ResourceLocation& damage_type, float amount, const Entity* attacker) {
    if (data_.removed || data_.invulnerable || !(amount > 0)) return false;
    // Vanilla's hurt cooldown (invulnerableTime): for 10 ticks after a hit only the part of a
    // stronger hit that exceeds the last one lands.
    float dealt = amount;
    if (invulnerable_time > 10) {
        if (amount <= last_hurt_amount_) return false;
        dealt = amount - last_hurt_amount_;
        last_hurt_amount_ = amount;
    } else {
        last_hurt_amount_ = amount;
        invulnerable_time = 20;
    }
    if (attacker) {
        last_hurt_by = attacker->ref();
        last_hurt_time = world_->game_time();
    }
    last_hurt_ = HurtRecord{damage_type, attacker ? std::optional<EntityRef>(attacker->ref()) : std::nullopt,
                            world_->game_time()};
    if (attacker) last_hurt_by_mob_ = last_hurt_;
    set_health(health_ - dealt);
    return true;
}

void ServerMob::set_health(float h) {
    if (std::isnan(h)) return;
    health_ = std::clamp(h, 0.0f, max_health());
    if (health_ <= 0.0f && !data_.removed) {
        data_.removed = true;
        died_ = true;
    }
}

void ServerMob::set_attribute_base(Attribute attribute, double value) {
    const auto i = static_cast<std::size_t>(attribute);
    if (i >= attribute_count || !std::isfinite(value)) return;
    // Vanilla's RangedAttribute bounds: health 1–1024, speed 0–1024, follow range 0–2048,
    // damage 0–2048.
    static constexpr double lo[attribute_count] = {1.0, 0.0, 0.0, 0.0};
    static constexpr double hi[attribute_count] = {1024.0, 1024.0, 2048.0, 2048.0};
    attributes_[i] = std::clamp(value, lo[i], hi[i]);
    if (attribute == Attribute::MaxHealth && health_ > max_health()) health_ = max_health();
}

void ServerMob::set_dimension_scale(float scale) {
    if (!(scale > 0.0f && scale <= 64.0f) || scale == data_.scale) return;
    data_.scale = scale;
    world_->entity_resized(data_);
}

bool ServerMob::has_line_of_sight(const Entity& target) {
    const EntityHandle h = target.handle();
    for (const auto& [handle, seen] : sight_cache_)
        if (handle == h) return seen;
    const bool seen = mobsdk::has_line_of_sight(*world_, *this, target);
    sight_cache_.emplace_back(h, seen);  // capacity is kept between ticks: no allocation once warm
    return seen;
}

float ServerMob::walk_target_value(BlockPos pos) const {
    return mobsdk::walk_target_value(*world_, data_.info->walk_target, pos);
}

void ServerMob::enable_goals() {
    goals_ = std::make_unique<goal::GoalSelector>();
    targets_ = std::make_unique<goal::GoalSelector>();
}

void ServerMob::init_ai_from_type() {
    const MobAiFactory* factory = data_.info->ai_factory;
    if (!factory) return;
    attachment_ = factory->make_attachment(*world_, *this);
    custom_move_ = factory->make_move_control(*world_, *this);
    brain_ = factory->make_brain(*world_, *this);
    enable_goals();
    factory->add_goals(*world_, *this, *goals_, *targets_);
    if (goals_->goals().empty() && targets_->goals().empty()) goals_.reset(), targets_.reset();
}

void ServerMob::refresh_brain_if_requested() {
    if (!brain_refresh_requested_) return;
    brain_refresh_requested_ = false;
    if (brain_ && data_.info->ai_factory) data_.info->ai_factory->refresh_brain(*world_, *this, *brain_);
}

namespace {

bool is_bed(const World& world, BlockState state) {
    static const ResourceLocation beds = ResourceLocation::of("beds");
    return world.blocks().has_tag(state, beds);
}

}  // namespace

void ServerMob::start_sleeping(BlockPos bed) {
    const BlockState state = world_->block_state(bed);
    if (is_bed(*world_, state))
        if (auto occupied = world_->blocks().with(state, "occupied", "true")) world_->set_block(bed, *occupied);
    sleeping_pos_ = bed;
    // Vanilla's setPosToBed: the middle of the bed, 0.6875 up; no motion while asleep.
    const Vec3 old = data_.pos;
    data_.pos = {bed.x + 0.5, bed.y + 0.6875, bed.z + 0.5};
    data_.motion = {};
    zza = xxa = yya = 0;
    navigation_->stop();
    world_->entity_moved(data_, old);
}

void ServerMob::stop_sleeping() {
    if (!sleeping_pos_) return;
    const BlockPos bed = *sleeping_pos_;
    sleeping_pos_.reset();
    const BlockState state = world_->block_state(bed);
    if (!is_bed(*world_, state)) return;
    if (auto free = world_->blocks().with(state, "occupied", "false")) world_->set_block(bed, *free);
    // Stand up beside the bed (vanilla's BedBlock.findStandUpPosition, simplified: the first
    // neighbour of the head or foot with room for the mob and something to stand on), else on it.
    const Vec3 old = data_.pos;
    std::vector<AABB>& scratch = world_->physics_scratch();
    const double hw = data_.width() / 2.0;
    for (const BlockPos base : {bed, bed.offset(0, 0, 1), bed.offset(0, 0, -1), bed.offset(1, 0, 0), bed.offset(-1, 0, 0)}) {
        for (const auto& [dx, dz] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            const BlockPos p = base.offset(dx, 0, dz);
            const Vec3 feet{p.x + 0.5, static_cast<double>(p.y), p.z + 0.5};
            const AABB box{{feet.x - hw, feet.y, feet.z - hw}, {feet.x + hw, feet.y + data_.height(), feet.z + hw}};
            const AABB below{{feet.x - hw, feet.y - 1.0, feet.z - hw}, {feet.x + hw, feet.y - 0.01, feet.z + hw}};
            if (no_block_collision(world_->chunks(), box, scratch) && !no_block_collision(world_->chunks(), below, scratch)) {
                data_.pos = feet;
                world_->entity_moved(data_, old);
                return;
            }
        }
    }
    data_.pos = {bed.x + 0.5, bed.y + 0.5625, bed.z + 0.5};
    world_->entity_moved(data_, old);
}

void ServerMob::base_tick() {
    EntityData& d = data_;
    if (invulnerable_time > 0) --invulnerable_time;
    // Vanilla's Entity.baseTick: water puts the fire out; otherwise 1 damage every 20 ticks.
    if (d.in_water) fire_ticks = 0;
    if (fire_ticks > 0) {
        if (fire_ticks % 20 == 0) hurt(ResourceLocation::of("on_fire"), 1.0f, nullptr);
        --fire_ticks;
    }
    // Vanilla's Zombie/AbstractSkeleton.aiStep: undead catch fire in the sun unless a helmet
    // takes it (the helmet is not worn down here: items have no durability on this server).
    if (d.info->burns_in_daylight && !d.removed && is_sun_burn_tick() &&
        equipment(EquipmentSlot::Head).empty())
        fire_ticks = std::max(fire_ticks, 8 * 20);  // setSecondsOnFire(8)
}

bool ServerMob::is_sun_burn_tick() {
    // Vanilla's Mob.isSunBurnTick: day, the brightness at the eyes above 0.5, a random draw
    // against (brightness - 0.4) × 2, dry, and the sky in view from the eyes.
    if (!world_->is_day()) return false;
    const BlockPos eyes = Vec3{data_.pos.x, data_.pos.y + data_.eye_height(), data_.pos.z}.block_pos();
    const float light = static_cast<float>(world_->max_local_raw_brightness(eyes)) / 15.0f;
    const float brightness = light / (4.0f - 3.0f * light);  // DimensionType.brightness, ambient 0
    return brightness > 0.5f && world_->random().next_float() * 30.0f < (brightness - 0.4f) * 2.0f &&
           !data_.in_water && world_->can_see_sky(eyes);
}

void ServerMob::pick_up_loot() {
    // Vanilla's Mob.aiStep: with canPickUpLoot, alive, and mobGriefing (taken as true), every item
    // entity in the box grown by 1, 0, 1 that is not in its pickup delay and that it wants.
    if (!data_.info->can_pick_up_loot || !attachment_ || data_.removed) return;
    std::vector<EntityRef>& near = world_->loot_scratch();
    near.clear();
    const AABB reach = data_.bounding_box().inflate(1.0, 0.0, 1.0);
    if (const auto item_type = world_->item_type()) world_->entities_of_type(*item_type, reach, near);
    else world_->entities_in_box(reach, near);
    for (const EntityRef& ref : near) {
        ItemEntity* item = world_->item_entity(ref);
        if (item == nullptr || item->pickup_delay > 0 || item->item.empty()) continue;
        if (!attachment_->wants_to_pick_up(item->item)) continue;
        const ItemStack offered = item->item;
        const ItemStack left = attachment_->pick_up(offered);
        const std::int32_t taken = offered.count - (left.empty() ? 0 : left.count);
        if (taken > 0) world_->pick_up_item(ref, taken);
    }
}

void ServerMob::server_ai_step() {
    // Vanilla's Mob.serverAiStep order: sensing, the target and goal selectors, navigation, the
    // brain (customServerAiStep), then the move, look and jump controls.
    sight_cache_.clear();
    if (goals_) {
        // Vanilla: the full evaluation on every other tick (by server tick + entity id) and in
        // the first ticks; in between only the goals that ask to be ticked every tick.
        const std::int64_t rhythm = world_->game_time() + static_cast<std::int64_t>(data_.handle.index);
        if (rhythm % 2 != 0 && data_.age > 1) {
            targets_->tick_running_goals(*world_, *this, false);
            goals_->tick_running_goals(*world_, *this, false);
        } else {
            targets_->tick(*world_, *this);
            goals_->tick(*world_, *this);
        }
    }
    if (ai_) ai_->tick(*world_, *this);
    navigation_->tick();
    if (brain_) brain_->tick(*world_, *this);
    if (custom_move_) {
        MoveInputs in{zza, xxa, speed, data_.y_rot, y_head_rot, y_body_rot};
        custom_move_->tick(*world_, *this, in);
        zza = in.zza, xxa = in.xxa, speed = in.speed;
        data_.y_rot = in.y_rot, y_head_rot = in.y_head_rot, y_body_rot = in.y_body_rot;
    } else {
        move_control_->tick();
    }
    look_control_->tick();
    jump_control_->tick();
}

void ServerMob::travel() {
    EntityData& d = data_;
    const ChunkMap& chunks = world_->chunks();
    std::vector<AABB>& scratch = world_->physics_scratch();
    const Vec3 old_pos = d.pos;
    if (no_jump_delay > 0) --no_jump_delay;
    // Vanilla zeroes tiny velocities before moving.
    if (std::abs(d.motion.x) < 0.003) d.motion.x = 0;
    if (std::abs(d.motion.y) < 0.003) d.motion.y = 0;
    if (std::abs(d.motion.z) < 0.003) d.motion.z = 0;
    d.in_water = touches_fluid(chunks, d.bounding_box(), Fluid::Water);

    const bool flying = d.info->navigation == NavigationKind::Flying;
    if (jumping && !flying) {
        if (d.in_water) {
            d.motion.y += 0.04;  // vanilla's jumpInLiquid
        } else if (d.on_ground && no_jump_delay == 0) {
            d.motion.y = 0.42;  // vanilla's jump power
            no_jump_delay = 10;
        }
    } else {
        no_jump_delay = 0;
    }
    xxa *= 0.98f;
    zza *= 0.98f;
    const Vec3 input{xxa, yya, zza};

    MoveResult r;
    const bool was_on_ground = d.on_ground;
    if (flying) {
        // The allay's travel: its own speed, no gravity, 0.91 drag (0.8 in water).
        d.motion = d.motion + relative_input(input, speed, d.y_rot);
        r = move_entity(chunks, d, d.motion, d.info->step_height, scratch);
        d.motion = d.motion * (d.in_water ? 0.8 : 0.91);
    } else if (d.in_water) {
        const double y0 = d.pos.y;
        d.motion = d.motion + relative_input(input, 0.02f, d.y_rot);
        r = move_entity(chunks, d, d.motion, d.info->step_height, scratch);
        d.motion = d.motion * 0.8;
        if (!d.no_gravity) d.motion.y -= 0.005;  // gravity / 16 in fluids
        if (r.horizontal_collision) {
            // Vanilla lets a swimmer climb out onto a bank.
            const AABB lifted = d.bounding_box();
            const Vec3 up{d.motion.x, d.motion.y + 0.6 - d.pos.y + y0, d.motion.z};
            if (no_block_collision(chunks, {lifted.min + up, lifted.max + up}, scratch) &&
                !touches_fluid(chunks, {lifted.min + up, lifted.max + up}, Fluid::Lava))
                d.motion.y = 0.3;
        }
    } else {
        // Ground: friction 0.6 (every block here), so the speed applies as it is; 0.91 in air.
        constexpr float friction = 0.6f;
        const float drag = d.on_ground ? friction * 0.91f : 0.91f;
        const float accel = d.on_ground ? speed * (0.21600002f / (friction * friction * friction)) : 0.02f;
        d.motion = d.motion + relative_input(input, accel, d.y_rot);
        r = move_entity(chunks, d, d.motion, d.info->step_height, scratch);
        double y = d.motion.y;
        if (!d.no_gravity) y -= 0.08;
        d.motion = {d.motion.x * drag, y * 0.98, d.motion.z * drag};
    }

    // Fall distance and fall damage (vanilla: ceil(distance − 3) on landing).
    if (r.on_ground) {
        if (!was_on_ground && d.fall_distance > 3.0f && !d.in_water && !flying)
            hurt(ResourceLocation::of("fall"), std::ceil(d.fall_distance - 3.0f), nullptr);
        d.fall_distance = 0;
    } else if (r.moved.y < 0) {
        d.fall_distance -= static_cast<float>(r.moved.y);
    }
    if (d.in_water) d.fall_distance = 0;
    if (!(old_pos == d.pos)) world_->entity_moved(d, old_pos);
}

// ---- NBT ----

nbt::IntArray uuid_to_ints(Uuid u) {
    return {static_cast<std::int32_t>(u.msb >> 32), static_cast<std::int32_t>(u.msb & 0xFFFFFFFFu),
            static_cast<std::int32_t>(u.lsb >> 32), static_cast<std::int32_t>(u.lsb & 0xFFFFFFFFu)};
}

std::optional<Uuid> uuid_from_ints(const nbt::IntArray& a) {
    if (a.size() != 4) return std::nullopt;
    auto u = [](std::int32_t v) { return static_cast<std::uint64_t>(static_cast<std::uint32_t>(v)); };
    return Uuid{(u(a[0]) << 32) | u(a[1]), (u(a[2]) << 32) | u(a[3])};
}

namespace {

nbt::List doubles(std::initializer_list<double> v) {
    nbt::List l(nbt::TagType::Double);
    for (double d : v) l.push_back(nbt::Tag(d));
    return l;
}

// Reads a list of `n` doubles, or nothing (with a warning) when the shape is wrong.
std::optional<std::vector<double>> read_doubles(const nbt::Compound& tag, std::string_view key, std::size_t n,
                                                std::vector<std::string>& warnings) {
    const nbt::Tag* t = tag.find(key);
    if (!t) return std::nullopt;
    const auto* l = t->get_if<nbt::List>();
    if (!l || l->size() != n || (n > 0 && l->element_type() != nbt::TagType::Double)) {
        warnings.push_back(std::string(key) + ": expected a list of " + std::to_string(n) + " doubles");
        return std::nullopt;
    }
    std::vector<double> out;
    for (const auto& e : *l) {
        const double v = e.as<double>();
        if (!std::isfinite(v)) {
            warnings.push_back(std::string(key) + ": not a finite number");
            return std::nullopt;
        }
        out.push_back(v);
    }
    return out;
}

}  // namespace

namespace {

// The fields every entity has (vanilla's Entity.saveWithoutId).
void save_entity_base(const EntityData& d, nbt::Compound& c) {
    c.put("UUID", nbt::Tag(uuid_to_ints(d.uuid)));
    c.put("Pos", nbt::Tag(doubles({d.pos.x, d.pos.y, d.pos.z})));
    c.put("Motion", nbt::Tag(doubles({d.motion.x, d.motion.y, d.motion.z})));
    nbt::List rot(nbt::TagType::Float);
    rot.push_back(nbt::Tag(d.y_rot));
    rot.push_back(nbt::Tag(d.x_rot));
    c.put("Rotation", nbt::Tag(std::move(rot)));
    c.put("OnGround", nbt::Tag(d.on_ground));
    c.put("FallDistance", nbt::Tag(d.fall_distance));
    c.put("Invulnerable", nbt::Tag(d.invulnerable));
    c.put("NoGravity", nbt::Tag(d.no_gravity));
    if (!d.tags.empty()) {
        nbt::List tags(nbt::TagType::String);
        for (const auto& t : d.tags) tags.push_back(nbt::Tag(t));
        c.put("Tags", nbt::Tag(std::move(tags)));
    }
    if (d.custom_name) {
        // Vanilla stores a JSON text component.
        std::string json = "{\"text\":\"";
        for (char ch : *d.custom_name) {
            if (ch == '"' || ch == '\\') json += '\\';
            json += ch;
        }
        c.put("CustomName", nbt::Tag(json + "\"}"));
    }
}

void flag(const nbt::Compound& tag, std::string_view key, bool& out, std::vector<std::string>& warnings) {
    if (const nbt::Tag* t = tag.find(key)) {
        if (const auto* b = t->get_if<std::int8_t>()) out = *b != 0;
        else warnings.push_back(std::string(key) + ": expected a byte");
    }
}

// Vanilla's Entity.load for the fields save_entity_base writes. Pos goes through the world so
// that the spatial index follows.
void load_entity_base(World& world, EntityData& d, const nbt::Compound& tag, std::vector<std::string>& warnings) {
    if (const nbt::Tag* t = tag.find("UUID")) {
        const auto* ints = t->get_if<nbt::IntArray>();
        if (ints && uuid_from_ints(*ints)) {
            if (*uuid_from_ints(*ints) != d.uuid) warnings.push_back("UUID: an entity keeps the UUID it was spawned with");
        } else {
            warnings.push_back("UUID: expected an int array of 4");
        }
    }
    if (auto v = read_doubles(tag, "Pos", 3, warnings)) {
        const Vec3 p{(*v)[0], (*v)[1], (*v)[2]};
        if (std::abs(p.x) > 3.0e7 || std::abs(p.z) > 3.0e7 || std::abs(p.y) > 2.0e7) warnings.push_back("Pos: outside the world border");
        else world.teleport(d.handle, p);
    }
    if (auto v = read_doubles(tag, "Motion", 3, warnings)) {
        // Vanilla clamps each component to ±10.
        d.motion = {std::clamp((*v)[0], -10.0, 10.0), std::clamp((*v)[1], -10.0, 10.0), std::clamp((*v)[2], -10.0, 10.0)};
    }
    if (const nbt::Tag* t = tag.find("Rotation")) {
        const auto* l = t->get_if<nbt::List>();
        if (l && l->size() == 2 && l->element_type() == nbt::TagType::Float && std::isfinite(l->get<float>(0)) &&
            std::isfinite(l->get<float>(1))) {
            d.y_rot = std::fmod(l->get<float>(0), 360.0f);
            d.x_rot = std::clamp(l->get<float>(1), -90.0f, 90.0f);
        } else {
            warnings.push_back("Rotation: expected a list of 2 finite floats");
        }
    }
    if (const nbt::Tag* t = tag.find("FallDistance")) {
        if (const auto* f = t->get_if<float>(); f && std::isfinite(*f)) d.fall_distance = *f;
        else warnings.push_back("FallDistance: expected a float");
    }
    flag(tag, "OnGround", d.on_ground, warnings);
    flag(tag, "Invulnerable", d.invulnerable, warnings);
    flag(tag, "NoGravity", d.no_gravity, warnings);
    if (const nbt::Tag* t = tag.find("Tags")) {
        const auto* l = t->get_if<nbt::List>();
        if (l && (l->empty() || l->element_type() == nbt::TagType::String)) {
            if (l->size() > 1024) warnings.push_back("Tags: more than 1024 tags");
            else {
                d.tags.clear();
                for (const auto& e : *l) d.tags.push_back(e.as<std::string>());
            }
        } else {
            warnings.push_back("Tags: expected a list of strings");
        }
    }
    if (const nbt::Tag* t = tag.find("CustomName")) {
        if (const auto* s = t->get_if<std::string>()) {
            // A JSON text component {"text":"…"} or a plain string; only the text is kept.
            std::string name = *s;
            const std::string prefix = "{\"text\":\"";
            if (name.rfind(prefix, 0) == 0 && name.size() >= prefix.size() + 2 && name.substr(name.size() - 2) == "\"}") {
                std::string inner, raw = name.substr(prefix.size(), name.size() - prefix.size() - 2);
                for (std::size_t i = 0; i < raw.size(); ++i) {
                    if (raw[i] == '\\' && i + 1 < raw.size()) ++i;
                    inner += raw[i];
                }
                name = inner;
            } else if (name.size() >= 2 && name.front() == '"' && name.back() == '"') {
                name = name.substr(1, name.size() - 2);
            }
            d.custom_name = name;
        } else {
            warnings.push_back("CustomName: expected a string");
        }
    }
}

// Which saver's keys count as known.
enum class SavedKind : std::uint8_t { Mob, Item, Arrow };

// Keys the typed savers write; anything else a loaded tag carried is kept aside and written back.
bool is_known_key(std::string_view key, SavedKind kind) {
    static constexpr std::string_view base[] = {"id", "UUID", "Pos", "Motion", "Rotation", "OnGround", "FallDistance",
                                                "Invulnerable", "NoGravity", "Tags", "CustomName"};
    static constexpr std::string_view mob_keys[] = {"Health",    "NoAI",      "IsBaby",    "HandItems", "ArmorItems",
                                                    "Brain",     "SleepingX", "SleepingY", "SleepingZ", "Attributes"};
    static constexpr std::string_view item_keys[] = {"Item", "Age", "PickupDelay", "Health"};
    static constexpr std::string_view arrow_keys[] = {"life", "shake", "inGround", "pickup", "damage",
                                                      "crit", "Owner", "LeftOwner"};
    for (auto k : base)
        if (k == key) return true;
    const std::span<const std::string_view> own = kind == SavedKind::Mob    ? std::span<const std::string_view>(mob_keys)
                                                  : kind == SavedKind::Item ? std::span<const std::string_view>(item_keys)
                                                                            : std::span<const std::string_view>(arrow_keys);
    for (auto k : own)
        if (k == key) return true;
    return false;
}

void keep_unknown(const nbt::Compound& tag, SavedKind kind, nbt::Compound& extra) {
    for (const auto& e : tag)
        if (!is_known_key(e.name, kind)) extra.put(e.name, e.value);
}

// Vanilla's LivingEntity "Attributes" (1.20.4): a list of {Name, Base[, Modifiers]}. Known names
// set the mob's base values; entries this server does not model are kept to be written back.
void load_attributes(ServerMob& mob, const nbt::Compound& tag, std::vector<std::string>& warnings) {
    const nbt::Tag* t = tag.find("Attributes");
    if (!t) return;
    const auto* list = t->get_if<nbt::List>();
    if (!list || (!list->empty() && list->element_type() != nbt::TagType::Compound)) {
        warnings.push_back("Attributes: expected a list of compounds");
        return;
    }
    mob.unknown_attributes = nbt::List(nbt::TagType::Compound);
    for (std::size_t i = 0; i < list->size(); ++i) {
        const auto& entry = (*list)[i].as<nbt::Compound>();
        const std::string where = "Attributes[" + std::to_string(i) + "]";
        const auto* name = entry.find<std::string>("Name");
        const auto* base = entry.find<double>("Base");
        if (!name) {
            warnings.push_back(where + ": expected a string Name");
            continue;
        }
        const auto attribute = attribute_from_name(*name);
        if (!attribute) {
            mob.unknown_attributes.push_back((*list)[i]);
            continue;
        }
        if (!base || !std::isfinite(*base)) {
            warnings.push_back(where + " (" + *name + "): expected a finite double Base");
            continue;
        }
        mob.set_attribute_base(*attribute, *base);
        if (entry.find("Modifiers")) warnings.push_back(where + " (" + *name + "): attribute modifiers are not supported and were dropped");
    }
}

}  // namespace

nbt::Compound save_mob_nbt(const ServerMob& mob) {
    nbt::Compound c = mob.extra_nbt;
    save_entity_base(mob.data(), c);
    c.put("Health", nbt::Tag(mob.health()));
    c.put("NoAI", nbt::Tag(mob.data().no_ai));
    c.put("IsBaby", nbt::Tag(mob.is_baby()));
    nbt::List hands(nbt::TagType::Compound), armor(nbt::TagType::Compound);
    hands.push_back(nbt::Tag(item_stack_to_nbt(mob.equipment(EquipmentSlot::MainHand))));
    hands.push_back(nbt::Tag(item_stack_to_nbt(mob.equipment(EquipmentSlot::OffHand))));
    for (EquipmentSlot s : {EquipmentSlot::Feet, EquipmentSlot::Legs, EquipmentSlot::Chest, EquipmentSlot::Head})
        armor.push_back(nbt::Tag(item_stack_to_nbt(mob.equipment(s))));
    c.put("HandItems", nbt::Tag(std::move(hands)));
    c.put("ArmorItems", nbt::Tag(std::move(armor)));
    if (auto* brain = const_cast<ServerMob&>(mob).brain()) c.put("Brain", nbt::Tag(brain->save()));
    nbt::List attributes(nbt::TagType::Compound);
    for (std::size_t i = 0; i < attribute_count; ++i) {
        nbt::Compound a;
        a.put("Name", nbt::Tag(std::string(attribute_name(static_cast<Attribute>(i)))));
        a.put("Base", nbt::Tag(mob.attribute_base(static_cast<Attribute>(i))));
        attributes.push_back(nbt::Tag(std::move(a)));
    }
    for (const auto& a : mob.unknown_attributes) attributes.push_back(a);
    c.put("Attributes", nbt::Tag(std::move(attributes)));
    if (const auto bed = mob.sleeping_pos()) {
        c.put("SleepingX", nbt::Tag(bed->x));
        c.put("SleepingY", nbt::Tag(bed->y));
        c.put("SleepingZ", nbt::Tag(bed->z));
    }
    if (const MobAttachment* a = mob.attachment()) a->save(c);
    return c;
}

std::vector<std::string> load_mob_nbt(ServerMob& mob, const nbt::Compound& tag) {
    std::vector<std::string> warnings;
    EntityData& d = mob.data();
    load_entity_base(mob.world(), d, tag, warnings);
    mob.y_head_rot = mob.y_body_rot = d.y_rot;
    // Vanilla's order: the type's own fields (a slime's Size sets its attributes), then the
    // saved Attributes, then Health, so that health is clamped to the maximum it was saved with.
    if (MobAttachment* a = mob.attachment()) a->load(tag, warnings);
    load_attributes(mob, tag, warnings);
    if (const nbt::Tag* t = tag.find("Health")) {
        if (const auto* f = t->get_if<float>(); f && std::isfinite(*f)) mob.set_health(*f);
        else warnings.push_back("Health: expected a float");
    }
    flag(tag, "NoAI", d.no_ai, warnings);
    bool baby = mob.is_baby();
    flag(tag, "IsBaby", baby, warnings);
    mob.set_baby(baby);
    auto items = [&](std::string_view key, std::initializer_list<EquipmentSlot> slots) {
        const nbt::Tag* t = tag.find(key);
        if (!t) return;
        const auto* l = t->get_if<nbt::List>();
        if (!l || l->size() > slots.size()) {
            warnings.push_back(std::string(key) + ": expected a list of at most " + std::to_string(slots.size()) + " compounds");
            return;
        }
        std::size_t i = 0;
        for (EquipmentSlot s : slots) {
            if (i >= l->size()) break;
            if (auto item = item_stack_from_nbt((*l)[i], warnings, std::string(key) + "[" + std::to_string(i) + "]"))
                mob.set_equipment(s, *item);
            ++i;
        }
    };
    items("HandItems", {EquipmentSlot::MainHand, EquipmentSlot::OffHand});
    items("ArmorItems", {EquipmentSlot::Feet, EquipmentSlot::Legs, EquipmentSlot::Chest, EquipmentSlot::Head});
    if (const nbt::Tag* t = tag.find("Brain")) {
        const auto* c = t->get_if<nbt::Compound>();
        if (!c) warnings.push_back("Brain: expected a compound");
        else if (auto* brain = mob.brain()) {
            for (auto& w : brain->load(*c)) warnings.push_back("Brain: " + w);
        } else {
            // Kept verbatim so that a mob whose brain comes from a plugin that is not loaded
            // keeps its memories for when it is.
            mob.extra_nbt.put("Brain", *t);
        }
    }
    {
        // Vanilla reads the sleeping position only when all three ints are there.
        const auto* x = tag.find<std::int32_t>("SleepingX");
        const auto* y = tag.find<std::int32_t>("SleepingY");
        const auto* z = tag.find<std::int32_t>("SleepingZ");
        if (x && y && z) mob.set_sleeping_pos(BlockPos{*x, *y, *z});
        else if (x || y || z || tag.find("SleepingX") || tag.find("SleepingY") || tag.find("SleepingZ"))
            warnings.push_back("SleepingX/Y/Z: expected three ints");
    }
    keep_unknown(tag, SavedKind::Mob, mob.extra_nbt);
    if (MobAttachment* a = mob.attachment()) {
        // The attachment's keys are its own (read above): stop keeping them verbatim.
        for (std::string_view key : a->nbt_keys()) mob.extra_nbt.erase(key);
    }
    return warnings;
}

nbt::Compound save_item_entity_nbt(const ItemEntity& item) {
    nbt::Compound c = item.extra_nbt;
    save_entity_base(item.data(), c);
    // Vanilla's ItemEntity.addAdditionalSaveData (1.20.4): shorts, and the stack with a byte Count.
    c.put("Health", nbt::Tag(static_cast<std::int16_t>(5)));
    c.put("Age", nbt::Tag(static_cast<std::int16_t>(std::min(item.data().age, 32767))));
    c.put("PickupDelay", nbt::Tag(static_cast<std::int16_t>(item.pickup_delay)));
    if (!item.item.empty()) c.put("Item", nbt::Tag(item_stack_to_nbt(item.item)));
    return c;
}

std::vector<std::string> load_item_entity_nbt(World& world, ItemEntity& item, const nbt::Compound& tag) {
    std::vector<std::string> warnings;
    load_entity_base(world, item.data(), tag, warnings);
    auto short_field = [&](std::string_view key, std::int32_t& out) {
        if (const nbt::Tag* t = tag.find(key)) {
            if (const auto* v = t->get_if<std::int16_t>()) out = *v;
            else warnings.push_back(std::string(key) + ": expected a short");
        }
    };
    short_field("Age", item.data().age);
    short_field("PickupDelay", item.pickup_delay);
    if (const nbt::Tag* t = tag.find("Item")) {
        if (auto stack = item_stack_from_nbt(*t, warnings, "Item")) item.item = *stack;
    }
    keep_unknown(tag, SavedKind::Item, item.extra_nbt);
    return warnings;
}

nbt::Compound save_arrow_nbt(const ArrowEntity& arrow) {
    nbt::Compound c = arrow.extra_nbt;
    save_entity_base(arrow.data(), c);
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
    load_entity_base(world, arrow.data(), tag, warnings);
    if (const nbt::Tag* t = tag.find("life")) {
        if (const auto* v = t->get_if<std::int16_t>()) arrow.life = *v;
        else warnings.push_back("life: expected a short");
    }
    if (const nbt::Tag* t = tag.find("shake")) {
        if (const auto* v = t->get_if<std::int8_t>()) arrow.shake = *v & 0xFF;
        else warnings.push_back("shake: expected a byte");
    }
    flag(tag, "inGround", arrow.in_ground, warnings);
    flag(tag, "crit", arrow.crit, warnings);
    flag(tag, "LeftOwner", arrow.left_owner, warnings);
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
    keep_unknown(tag, SavedKind::Arrow, arrow.extra_nbt);
    return warnings;
}

}  // namespace mobsdk::server
