// Survival for players on the server side: death messages, the spawn-radius rule, attacks, and
// PlayerList's survival members — what a client sees of its health and damage (Set Health, its
// own Damage Event, knockback), its death (chat, the death screen) and respawn, its attacks and
// interactions with entities (Interact) and arm swings.
#include "mobserver/server/player_combat.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include "mobsdk/world/vanilla_ids.hpp"
#include "mobserver/command/selector.hpp"
#include "mobserver/net/entity_packets.hpp"
#include "mobserver/net/registry_data.hpp"
#include "mobserver/net/sha256.hpp"
#include "mobserver/server/mob_interaction.hpp"
#include "mobserver/server/player_list.hpp"
#include "mobserver/world/item_traits.hpp"
#include "mobserver/world/physics.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

// The English texts of vanilla's death.attack.<msgId> and .player keys for a damage type.
struct DeathTexts {
    std::string_view alone;        // "%1$s drowned"
    std::string_view with_killer;  // "%1$s drowned while trying to escape %2$s"
};

DeathTexts death_texts(const ResourceLocation& type) {
    const auto& t = vanilla_damage_types();
    if (type == t.mob_attack || type == t.player_attack) return {" died", " was slain by "};  // always with one
    if (type == t.arrow) return {" died", " was shot by "};
    if (type == t.drown) return {" drowned", " drowned while trying to escape "};
    if (type == t.on_fire) return {" burned to death", " was burned to a crisp while fighting "};
    if (type == t.in_fire) return {" went up in flames", " walked into fire while fighting "};
    if (type == t.lava) return {" tried to swim in lava", " tried to swim in lava to escape "};
    if (type == t.generic_kill) return {" was killed", " was killed while fighting "};
    if (type == t.fall) return {" hit the ground too hard", " hit the ground too hard while trying to escape "};
    if (type == t.out_of_world) return {" fell out of the world", " didn't want to live in the same world as "};
    if (type == t.cramming) return {" was squished too much", " was squashed by "};
    return {" died", " died because of "};
}

// The name a message shows for an entity that may be gone: its display name, or nothing.
std::optional<std::string> name_of(const World& world, const EntityRef& ref) {
    const EntitySlot* s = world.entities().slot(ref.handle);
    if (!s || s->data->uuid != ref.uuid) s = world.entities().find(ref.uuid);
    if (!s) return std::nullopt;
    return display_name(world, *s->data);
}

// Block.isFaceFull(shape, UP), for shapes whose top face is one box: a box covering the whole
// block's top at height 1.
bool top_face_full(const BlockShape& shape) noexcept {
    for (std::uint8_t i = 0; i < shape.count; ++i) {
        const ShapeBox& b = shape.boxes[i];
        if (b.min_x <= 0 && b.max_x >= 1 && b.min_z <= 0 && b.max_z >= 1 && b.max_y >= 1) return true;
    }
    return false;
}

// PlayerRespawnLogic.getOverworldRespawnPos: above the highest full-topped block of a column
// below its MOTION_BLOCKING height, unless a fluid comes first.
std::optional<BlockPos> overworld_respawn_pos(World& world, std::int32_t x, std::int32_t z) {
    const std::int32_t top = world.height(Heightmap::MotionBlocking, x, z) - 1;
    if (top < world.min_build_height()) return std::nullopt;
    for (std::int32_t y = top + 1; y >= world.min_build_height(); --y) {
        const BlockStateInfo& info = world.block_info({x, y, z});
        if (info.fluid != Fluid::None) return std::nullopt;
        if (top_face_full(info.collision)) return BlockPos{x, y + 1, z};
    }
    return std::nullopt;
}

// LivingEntity.knockback(strength, x, z) on whatever `target` is: a mob unless it resists (knockback
// resistance 1), or a player, whose client is then told its motion.
void knock_back_living(World& world, LivingEntity& target, double strength, double x, double z) {
    if (ServerMob* mob = world.mob(target.handle())) {
        if (!mob->resists_knockback()) knock_back(mob->data(), strength, x, z);
    } else if (auto* player = dynamic_cast<PlayerEntity*>(&target)) {
        knock_back(player->data(), strength, x, z);
        player->hurt_marked = true;
    }
}

AABB player_box_at(const Vec3& feet) noexcept {
    return {{feet.x - 0.3, feet.y, feet.z - 0.3}, {feet.x + 0.3, feet.y + 1.8, feet.z + 0.3}};
}

}  // namespace

std::string death_message(const World& world, const PlayerEntity& player) {
    const std::string name = player.profile_name;
    const std::optional<HurtRecord> last = player.last_hurt();
    if (!last) return name + " died";
    const auto& types = vanilla_damage_types();
    // CombatTracker.getMostSignificantFall: a fall of more than 5 blocks is the story.
    if (last->damage_type == types.fall && player.last_fall_distance > 5.0f) return name + " fell from a high place";
    const DeathTexts texts = death_texts(last->damage_type);
    if (last->attacker)
        if (auto killer = name_of(world, *last->attacker)) return name + std::string(texts.with_killer) + *killer;
    // DamageSource.getLocalizedDeathMessage without an attacker: the kill credit, if any.
    std::optional<HurtRecord> credit = player.last_hurt_by_player();
    if (!credit) {
        credit = player.last_hurt_by_mob();
        if (credit && world.game_time() - credit->game_time > LivingEntity::last_hurt_by_player_ticks) credit.reset();
    }
    if (last->damage_type == types.arrow && !credit) return name + " was shot by Arrow";
    if (credit && credit->attacker)
        if (auto killer = name_of(world, *credit->attacker)) return name + std::string(texts.with_killer) + *killer;
    if (last->damage_type == types.mob_attack || last->damage_type == types.player_attack) return name + " died";
    return name + std::string(texts.alone);
}

Vec3 fudge_spawn_location(World& world, std::int32_t radius, bool adventure) {
    const BlockPos spawn = world.spawn_pos();
    Vec3 at{spawn.x + 0.5, static_cast<double>(spawn.y), spawn.z + 0.5};
    if (!adventure && radius > 0) {
        world.ensure_chunks(spawn, (radius + 15) / 16);
        const std::int64_t side = std::int64_t{radius} * 2 + 1;
        const std::int64_t area64 = side * side;
        const auto area = static_cast<std::int32_t>(std::min<std::int64_t>(area64, 2147483647));
        const std::int32_t stride = area <= 16 ? area - 1 : 17;  // ServerPlayer.getCoprime
        const std::int32_t start = world.random().next_int(area);
        for (std::int32_t i = 0; i < area; ++i) {
            const auto k = static_cast<std::int32_t>((std::int64_t{start} + std::int64_t{stride} * i) % area);
            const std::int32_t dx = k % static_cast<std::int32_t>(side), dz = k / static_cast<std::int32_t>(side);
            const auto pos = overworld_respawn_pos(world, spawn.x + dx - radius, spawn.z + dz - radius);
            if (!pos) continue;
            at = {pos->x + 0.5, static_cast<double>(pos->y), pos->z + 0.5};
            if (world.no_collision(player_box_at(at))) return at;
        }
        return at;
    }
    // The spawn itself, moved up until the box fits.
    world.ensure_chunks(spawn, 0);
    while (!world.no_collision(player_box_at(at)) && at.y < world.max_build_height() - 1) at.y += 1.0;
    return at;
}

AttackResult player_attack(World& world, PlayerEntity& player, Entity& target) {
    AttackResult result;
    LivingEntity* living = world.resolve_living(target.ref());
    if (!living) return result;
    const ItemStack& hand = player.equipment(EquipmentSlot::MainHand);
    const WeaponModifiers weapon = hand.empty() ? WeaponModifiers{} : weapon_modifiers(hand.item);
    // Player.getAttackStrengthScale(0.5): the delay is 20 / attack speed ticks (5 for a bare hand).
    const float delay = 20.0f / (4.0f + weapon.attack_speed);
    const float strength = std::clamp((static_cast<float>(player.attack_strength_ticker) + 0.5f) / delay, 0.0f, 1.0f);
    float damage = (1.0f + weapon.attack_damage) * (0.2f + strength * strength * 0.8f);
    player.attack_strength_ticker = 0;  // resetAttackStrengthTicker
    EntityData& d = player.data();
    const bool charged = strength > 0.9f;
    // A charged hit while sprinting knocks back one more (and ends the sprint); one while falling,
    // off the ground and out of water, not sprinting, is critical.
    const int knockback = player.sprinting && charged ? 1 : 0;
    result.critical = charged && d.fall_distance > 0.0f && !d.on_ground && !d.in_water && !player.sprinting;
    if (result.critical) damage *= 1.5f;
    // The sweep: a charged sword hit on the ground, neither critical nor sprinting, after walking
    // less than the player's speed (0.1) this tick (walkDist grows by 0.6 of the distance).
    const double dx = d.pos.x - player.tick_start_pos.x, dz = d.pos.z - player.tick_start_pos.z;
    const bool sweep = charged && !result.critical && knockback == 0 && d.on_ground && weapon.sword &&
                       std::sqrt(dx * dx + dz * dz) * 0.6 < 0.1;
    result.landed = living->hurt(vanilla_damage_types().player_attack, damage, &player);
    if (!result.landed) {
        result.critical = false;
        return result;
    }
    const double yaw = static_cast<double>(d.y_rot) * 3.14159265358979323846 / 180.0;
    const double facing_x = std::sin(yaw), facing_z = -std::cos(yaw);
    // The target's own LivingEntity.hurt knocked it 0.4 away from the player (ServerMob::hurt and
    // PlayerEntity::hurt).
    if (knockback > 0) {
        knock_back_living(world, *living, knockback * 0.5, facing_x, facing_z);
        d.motion = {d.motion.x * 0.6, d.motion.y, d.motion.z * 0.6};
        player.sprinting = false;
        result.sprint_knockback = true;
    }
    if (sweep) {
        // Every other living entity within the target's box grown by (1, 0.25, 1) and 3 blocks of
        // the player: knocked back 0.4 along the player's facing, then 1 damage.
        std::vector<EntityRef> near;
        world.entities_in_box(target.bounding_box().inflate(1.0, 0.25, 1.0), near);
        for (const EntityRef& ref : near) {
            LivingEntity* other = world.resolve_living(ref);
            if (!other || other == living || other == &player || !other->is_alive()) continue;
            if (!(player.distance_to_sqr(*other) < 9.0)) continue;
            knock_back_living(world, *other, static_cast<double>(0.4f), facing_x, facing_z);
            if (other->hurt(vanilla_damage_types().player_attack, 1.0f, &player)) ++result.swept;
        }
    }
    return result;
}

// ---- PlayerList's survival members ----

void PlayerList::survival_tick(ServerPlayer& p) {
    PlayerEntity* e = world_->player(world_->entities().slot(p.entity));
    if (!e) return;
    // Set Health whenever it changed (food stays full: hunger is not modelled).
    if (e->health() != p.sent_health) {
        p.sent_health = e->health();
        p.connection->send(encode_set_health(e->health(), 20, 5.0f));
    }
    // Its own Damage Event (the hurt animation and sound; the tracker tells the others).
    if (const auto h = e->last_hurt(); h && h->game_time != p.hurt_seen) {
        p.hurt_seen = h->game_time;
        std::int32_t cause = -1;
        if (h->attacker)
            if (const EntitySlot* a = world_->entities().slot(h->attacker->handle)) cause = a->data->network_id;
        const auto type = registry_entry_id("minecraft:damage_type", h->damage_type.str()).value_or(0);
        p.connection->send(encode_damage_event(p.entity_id, type, cause, cause));
    }
    // Knockback (vanilla's hurtMarked): the client moves itself, so it is told its new motion.
    if (e->hurt_marked) {
        e->hurt_marked = false;
        p.connection->send(encode_entity_velocity(p.entity_id, e->data().motion));
        e->data().motion = {};
    }
    if (e->is_dead_or_dying() && !p.dead) {
        p.dead = true;
        // ServerPlayer.die: the message to everyone and the log, the death screen, the death event.
        const std::string message = death_message(*world_, *e);
        log_("INFO", message);
        broadcast(encode_system_chat(message));
        p.connection->send(encode_combat_death(p.entity_id, message));
        p.connection->send(encode_entity_event(p.entity_id, 3));
        p.death_location = e->data().pos.block_pos();
        e->fire_ticks = 0;
    }
}

bool PlayerList::on_survival_packet(ServerPlayer& p, ServerboundPacket& packet) {
    if (const auto* c = std::get_if<ClientCommand>(&packet)) {
        if (c->action == 0) respawn(p);
        return true;
    }
    if (const auto* i = std::get_if<InteractEntity>(&packet)) {
        on_interact(p, *i);
        return true;
    }
    if (const auto* c = std::get_if<PlayerCommand>(&packet)) {
        // ServerGamePacketListenerImpl.handlePlayerCommand: the shift key and the sprint; the
        // others need beds left by hand, mounts or elytras, which do not exist here.
        if (PlayerEntity* e = world_->player(world_->entities().slot(p.entity))) switch (c->action) {
                case PlayerCommand::Action::PressShiftKey: e->shift_key_down = true; break;
                case PlayerCommand::Action::ReleaseShiftKey: e->shift_key_down = false; break;
                case PlayerCommand::Action::StartSprinting: e->sprinting = true; break;
                case PlayerCommand::Action::StopSprinting: e->sprinting = false; break;
                default: break;
            }
        return true;
    }
    if (const auto* a = std::get_if<PlayerAbilities>(&packet)) {
        // handlePlayerAbilities: flying only for those who may fly (creative, spectator).
        if (PlayerEntity* e = world_->player(world_->entities().slot(p.entity)))
            e->flying = a->flying && e->has_invulnerable_ability();
        return true;
    }
    if (const auto* s = std::get_if<SwingArm>(&packet)) {
        // LivingEntity.swing: Entity Animation 0 (main hand) or 3 (off hand) to those who see it.
        const std::string body = encode_entity_animation(p.entity_id, s->hand == InteractionHand::OffHand ? 3 : 0);
        for (auto& other : players_)
            if (other.get() != &p && tracker_->is_shown(*other, p.entity_id)) other->connection->send(body);
        return true;
    }
    return false;
}

void PlayerList::on_interact(ServerPlayer& p, const InteractEntity& packet) {
    PlayerEntity* e = world_->player(world_->entities().slot(p.entity));
    if (!e || !e->is_alive()) return;
    Entity* target = nullptr;
    for (const EntityHandle h : world_->entities().order())
        if (const EntitySlot* s = world_->entities().slot(h);
            s && !s->data->removed && s->data->network_id == packet.entity_id)
            target = s->entity.get();
    if (!target) return;
    // ServerGamePacketListenerImpl.handleInteract: the target's box within 6 blocks of the eyes.
    if (!(box_distance_sqr(target->bounding_box(), e->eye_position()) < 36.0)) return;
    if (packet.action == InteractEntity::Action::InteractAt) return;  // Entity.interactAt: Pass for mobs
    if (packet.action == InteractEntity::Action::Interact) {
        on_interact_entity(p, *target, packet.hand);
        return;
    }
    const bool invalid =
        target == e || target->item_stack() != nullptr || world_->arrow_entity(target->ref()) != nullptr;
    if (invalid) {
        log_("WARN", "Player " + p.name + " tried to attack an invalid entity");
        p.connection->disconnect("Attempting to attack an invalid entity");
        return;
    }
    if (e->is_spectator()) return;  // ServerPlayer.attack: a spectator takes the target's view instead
    const AttackResult r = player_attack(*world_, *e, *target);
    if (r.critical) {
        const EntitySlot* s = world_->entities().slot(target->handle());
        if (s) broadcast(encode_entity_animation(s->data->network_id, 4));
    }
}

void PlayerList::on_interact_entity(ServerPlayer& p, Entity& target, InteractionHand hand) {
    // Player.interactOn → Mob.interact → the plugin's mob_interact (mob_interaction.cpp).
    PlayerEntity* e = world_->player(world_->entities().slot(p.entity));
    if (!e) return;
    const InteractionResult result = interact_with_entity(*world_, *e, target, hand);
    open_requested_merchant(p, *e);  // player_merchant.cpp: a villager's trading screen
    if (result != InteractionResult::Success) return;
    // InteractionResult.shouldSwing: player.swing(hand, true), seen by others and by itself.
    const std::string body = encode_entity_animation(p.entity_id, hand == InteractionHand::OffHand ? 3 : 0);
    for (auto& other : players_)
        if (other.get() == &p || tracker_->is_shown(*other, p.entity_id)) other->connection->send(body);
}

void PlayerList::respawn(ServerPlayer& p) {
    // PlayerList.respawn after a death: a fresh player at the world spawn (spawn-radius rule).
    PlayerEntity* e = world_->player(world_->entities().slot(p.entity));
    if (!e || !e->is_dead_or_dying()) return;
    e->reset_for_respawn();
    const Vec3 at = fudge_spawn_location(*world_, world_->options().rules.spawn_radius,
                                         settings_.default_game_mode == GameMode::Adventure);
    e->data().y_rot = e->data().x_rot = 0.0f;
    world_->teleport(e->handle(), at);
    p.pos = p.first_good = at;
    p.yaw = p.pitch = 0.0f;
    p.dead = false;
    p.sent_health = -1.0f;
    RespawnInfo info;
    info.hashed_seed = obfuscate_seed(world_->options().seed);
    info.game_mode = e->game_type;
    info.previous_game_mode = e->previous_game_mode;
    info.death_location = p.death_location;
    p.connection->send(encode_respawn(info));
    // The client starts a new view: every chunk is sent again.
    for (const ChunkPos c : p.sent) p.connection->send(encode_unload_chunk(c));
    p.sent.clear();
    teleport(p);
    p.connection->send(encode_spawn_position(world_->spawn_pos(), 0.0f));
    p.connection->send(encode_difficulty(world_->difficulty()));
    p.connection->send(encode_update_time(
        world_->game_time(), world_->options().rules.do_daylight_cycle ? world_->day_time() : -world_->day_time()));
    p.connection->send(encode_game_event(13, 0.0f));  // start waiting for level chunks
    send_permission_level(p);
    p.connection->send(encode_abilities(e->game_type));
    update_view(p, true);
    log_("INFO", p.name + " respawned at (" + std::to_string(at.x) + ", " + std::to_string(at.y) + ", " +
                     std::to_string(at.z) + ")");
}

}  // namespace mobsdk::server
