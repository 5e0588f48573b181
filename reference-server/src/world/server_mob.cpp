// A mob's behaviour on this host: hurting and health, sleeping, the base tick (fire, sun), the AI
// step (vanilla's Mob.serverAiStep order), loot pickup and movement (travel). Its NBT and its tick
// as a kind of entity are in kinds/mob_kind.cpp.
#include "mobserver/world/server_mob.hpp"

#include <algorithm>
#include <cmath>

#include "mobsdk/plugin/ai_factory.hpp"
#include "mobsdk/world/ai_util.hpp"
#include "mobsdk/world/item_nbt.hpp"
#include "mobsdk/world/vanilla_ids.hpp"
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
    // Vanilla's knockback resistance 1 of the iron golem (the other types here have 0).
    resists_knockback_ = world.registries().entity_types.id_of(type).str() == "minecraft:iron_golem";
    for (std::size_t i = 0; i < attribute_count; ++i)
        attributes_[i] = info.attribute_default(static_cast<Attribute>(i));
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
    bool fresh = true;  // vanilla's flag1: a hit outside the cooldown's second half
    if (invulnerable_time > 10) {
        if (amount <= last_hurt_amount_) return false;
        dealt = amount - last_hurt_amount_;
        last_hurt_amount_ = amount;
        fresh = false;
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
    // Vanilla's lastHurtByPlayer: a player's hit is remembered for 100 ticks.
    if (dynamic_cast<const Player*>(attacker) != nullptr) last_hurt_by_player_ = last_hurt_;
    // LivingEntity.hurt: a fresh hit with an attacker knocks the mob 0.4 away from it, unless its
    // knockback resistance is 1 (the iron golem's, the only one among the types this host knows).
    if (fresh && attacker && !resists_knockback_) knock_back_from(world_->random(), data_, attacker->position(), 0.4);
    set_health(health_ - dealt);
    return true;
}

std::optional<HurtRecord> ServerMob::last_hurt_by_player() const {
    if (!last_hurt_by_player_ || world_->game_time() - last_hurt_by_player_->game_time > last_hurt_by_player_ticks)
        return std::nullopt;
    return last_hurt_by_player_;
}

void ServerMob::stamp_events() noexcept {
    // Events and swings of an earlier tick that no tracker sent are forgotten.
    const std::int64_t now = world_->game_time();
    if (events_time_ == now) return;
    event_count_ = 0;
    swing_ = -1;
    events_time_ = now;
}

void ServerMob::broadcast_entity_event(std::int8_t event) {
    stamp_events();
    if (event_count_ < events_.size()) events_[event_count_++] = event;
}

void ServerMob::swing(InteractionHand hand) {
    stamp_events();
    swing_ = hand == InteractionHand::OffHand ? 3 : 0;
}

std::span<const std::int8_t> ServerMob::entity_events() const noexcept {
    if (events_time_ < world_->game_time() - 1) return {};
    return {events_.data(), event_count_};
}

std::optional<std::uint8_t> ServerMob::pending_swing() const noexcept {
    if (swing_ < 0 || events_time_ < world_->game_time() - 1) return std::nullopt;
    return static_cast<std::uint8_t>(swing_);
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
    return world.blocks().has_tag(state, world.blocks().vanilla_tags().beds);
}

}  // namespace

void ServerMob::start_sleeping(BlockPos bed) {
    const BlockState state = world_->block_state(bed);
    if (is_bed(*world_, state))
        if (auto occupied = world_->blocks().with(state, world_->blocks().vanilla_properties().occupied, true))
            world_->set_block(bed, *occupied);
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
    if (auto free = world_->blocks().with(state, world_->blocks().vanilla_properties().occupied, false))
        world_->set_block(bed, *free);
    // Stand up beside the bed (vanilla's BedBlock.findStandUpPosition, simplified: the first
    // neighbour of the head or foot with room for the mob and something to stand on), else on it.
    const Vec3 old = data_.pos;
    std::vector<AABB>& scratch = world_->physics_scratch();
    const double hw = data_.width() / 2.0;
    for (const BlockPos base :
         {bed, bed.offset(0, 0, 1), bed.offset(0, 0, -1), bed.offset(1, 0, 0), bed.offset(-1, 0, 0)}) {
        for (const auto& [dx, dz] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            const BlockPos p = base.offset(dx, 0, dz);
            const Vec3 feet{p.x + 0.5, static_cast<double>(p.y), p.z + 0.5};
            const AABB box{{feet.x - hw, feet.y, feet.z - hw}, {feet.x + hw, feet.y + data_.height(), feet.z + hw}};
            const AABB below{{feet.x - hw, feet.y - 1.0, feet.z - hw}, {feet.x + hw, feet.y - 0.01, feet.z + hw}};
            if (no_block_collision(world_->chunks(), box, scratch) &&
                !no_block_collision(world_->chunks(), below, scratch)) {
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
        if (fire_ticks % 20 == 0) hurt(vanilla_damage_types().on_fire, 1.0f, nullptr);
        --fire_ticks;
    }
    // Vanilla's Zombie/AbstractSkeleton.aiStep: undead catch fire in the sun unless a helmet
    // takes it (the helmet is not worn down here: items have no durability on this server).
    if (d.info->burns_in_daylight && !d.removed && is_sun_burn_tick() && equipment(EquipmentSlot::Head).empty())
        fire_ticks = std::max(fire_ticks, 8 * 20);  // setSecondsOnFire(8)
}

bool ServerMob::is_sun_burn_tick() {
    // Vanilla's Mob.isSunBurnTick: day, the brightness at the eyes above 0.5, a random draw
    // against (brightness - 0.4) × 2, dry, and the sky in view from the eyes.
    if (!world_->is_day()) return false;
    const BlockPos eyes = Vec3{data_.pos.x, data_.pos.y + data_.eye_height(), data_.pos.z}.block_pos();
    const float light = static_cast<float>(world_->max_local_raw_brightness(eyes)) / 15.0f;
    const float brightness = light / (4.0f - 3.0f * light);  // DimensionType.brightness, ambient 0
    return brightness > 0.5f && world_->random().next_float() * 30.0f < (brightness - 0.4f) * 2.0f && !data_.in_water &&
           world_->can_see_sky(eyes);
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
        if (taken > 0 && !world_->pick_up_item(ref, taken).empty())
            world_->note_pickup({item->data().network_id, data_.network_id, taken});
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

bool ServerMob::on_climbable() const {
    return mobsdk::server::on_climbable(world_->chunks(), world_->climb_rules(), data_.pos.block_pos());
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
        if (r.horizontal_collision && on_climbable()) d.motion.y = 0.2;  // a ladder in water
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
        // Vanilla's handleOnClimbable: on a ladder, vine or scaffolding no fall distance builds
        // up, and the motion is held to 0.15 a tick sideways and downwards.
        if (on_climbable()) {
            d.fall_distance = 0;
            constexpr double limit = 0.15f;
            d.motion = {std::clamp(d.motion.x, -limit, limit), std::max(d.motion.y, -limit),
                        std::clamp(d.motion.z, -limit, limit)};
        }
        r = move_entity(chunks, d, d.motion, d.info->step_height, scratch);
        double y = d.motion.y;
        // Pushing against a wall or jumping while on one: climb at 0.2 a tick (before gravity).
        if ((r.horizontal_collision || jumping) && on_climbable()) y = 0.2;
        if (!d.no_gravity) y -= 0.08;
        d.motion = {d.motion.x * drag, y * 0.98, d.motion.z * drag};
    }

    // Fall distance and fall damage (vanilla: ceil(distance − 3) on landing).
    if (r.on_ground) {
        if (!was_on_ground && d.fall_distance > 3.0f && !d.in_water && !flying)
            hurt(vanilla_damage_types().fall, std::ceil(d.fall_distance - 3.0f), nullptr);
        d.fall_distance = 0;
    } else if (r.moved.y < 0) {
        d.fall_distance -= static_cast<float>(r.moved.y);
    }
    if (d.in_water) d.fall_distance = 0;
    if (!(old_pos == d.pos)) world_->entity_moved(d, old_pos);
}

}  // namespace mobsdk::server
