// Players as a kind of entity: added at login, saved as vanilla's playerdata, never ticked by the
// world nor stored in a chunk.
#include "mobserver/world/kinds/player_kind.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string_view>

#include "mobsdk/world/vanilla_ids.hpp"
#include "mobserver/world/entity_nbt.hpp"
#include "mobserver/world/physics.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

// Keys save_player_nbt writes itself besides the entity fields (DataVersion is the file's).
constexpr std::string_view player_keys[] = {"playerGameType",
                                            "previousPlayerGameType",
                                            "Dimension",
                                            "abilities",
                                            "DataVersion",
                                            "Inventory",
                                            "SelectedItemSlot",
                                            "Health",
                                            "HurtTime",
                                            "DeathTime",
                                            "Air",
                                            "Fire"};

std::optional<GameMode> game_mode_from_id(std::int32_t id) noexcept {
    if (id < 0 || id > 3) return std::nullopt;
    return static_cast<GameMode>(id);
}

}  // namespace

bool PlayerEntity::is_invulnerable_to(const ResourceLocation& damage_type) const {
    // Vanilla's BYPASSES_INVULNERABILITY damage type tag: the void and `kill`.
    const auto& types = vanilla_damage_types();
    if (damage_type == types.out_of_world || damage_type == types.generic_kill) return false;
    return is_invulnerable();
}

void PlayerEntity::set_health(float health) {
    if (std::isnan(health)) return;
    health_ = std::clamp(health, 0.0f, max_health());
}

std::optional<HurtRecord> PlayerEntity::last_hurt_by_player() const {
    if (!last_hurt_by_player_ || !world) return std::nullopt;
    if (world->game_time() - last_hurt_by_player_->game_time > last_hurt_by_player_ticks) return std::nullopt;
    return last_hurt_by_player_;
}

bool PlayerEntity::hurt(const ResourceLocation& damage_type, float amount, const Entity* attacker) {
    // Vanilla's ServerPlayer.hurt, Player.hurt and LivingEntity.hurt, for damage without armour,
    // shields or effects.
    if (data_.removed || !world || is_invulnerable_to(damage_type) || is_dead_or_dying() || !(amount > 0)) return false;
    const auto& types = vanilla_damage_types();
    const bool bypasses = damage_type == types.out_of_world || damage_type == types.generic_kill;
    // The three seconds after joining or respawning (ServerPlayer.spawnInvulnerableTime): a
    // dedicated server with pvp lets falls through.
    if (spawn_invulnerable_time > 0 && !bypasses && damage_type != types.fall) return false;
    // DamageScaling.WHEN_CAUSED_BY_LIVING_NON_PLAYER: a mob's hit (or its arrow) scales.
    const bool scales = attacker != nullptr && dynamic_cast<const LivingEntity*>(attacker) != nullptr &&
                        dynamic_cast<const Player*>(attacker) == nullptr;
    if (scales) amount = scale_damage_for_difficulty(world->difficulty(), amount);
    if (amount == 0.0f) return false;
    bool fresh = true;  // vanilla's flag1: a hit outside the cooldown's second half
    float dealt = amount;
    if (invulnerable_time > 10) {
        if (amount <= last_hurt_amount_) return false;
        dealt = amount - last_hurt_amount_;
        last_hurt_amount_ = amount;
        fresh = false;
    } else {
        last_hurt_amount_ = amount;
        invulnerable_time = 20;
        hurt_time = 10;
    }
    const std::int64_t now = world->game_time();
    last_fall_distance = data_.fall_distance;
    set_health(health_ - dealt);
    HurtRecord record{damage_type, attacker ? std::optional<EntityRef>(attacker->ref()) : std::nullopt, now};
    if (attacker && dynamic_cast<const LivingEntity*>(attacker)) {
        last_hurt_by_mob_ = record;
        if (dynamic_cast<const Player*>(attacker)) last_hurt_by_player_ = record;
    }
    if (fresh && attacker) {
        knock_back_from(world->random(), data_, attacker->position(), 0.4);
        hurt_marked = true;
    }
    last_hurt_ = std::move(record);
    return true;
}

ItemStack PlayerEntity::add_item(ItemStack stack) {
    TaggedStack s{std::move(stack), std::nullopt};
    inventory.add(s, game_type == GameMode::Creative);
    return s.empty() ? ItemStack{} : s.stack;
}

void PlayerEntity::set_item_slot(EquipmentSlot slot, ItemStack stack) {
    const std::int32_t i = inventory.slot_of(slot);
    const TaggedStack& old = inventory.item(i);
    std::optional<nbt::Compound> tag;
    if (!old.empty() && old.stack.item == stack.item) tag = old.tag;
    inventory.set_item(i, TaggedStack{std::move(stack), std::move(tag)});
}

float scale_damage_for_difficulty(Difficulty difficulty, float amount) noexcept {
    switch (difficulty) {
        case Difficulty::Peaceful: return 0.0f;
        case Difficulty::Easy: return std::min(amount / 2.0f + 1.0f, amount);
        case Difficulty::Normal: return amount;
        case Difficulty::Hard: return amount * 3.0f / 2.0f;
    }
    return amount;
}

void PlayerEntity::reset_for_respawn() {
    health_ = max_health();
    last_hurt_amount_ = 0;
    last_hurt_.reset();
    last_hurt_by_mob_.reset();
    last_hurt_by_player_.reset();
    invulnerable_time = hurt_time = death_time = 0;
    spawn_invulnerable_time = 60;
    fire_ticks = -fire_immune_ticks;
    air_supply = max_air_supply;
    attack_strength_ticker = 0;
    last_fall_distance = 0;
    hurt_marked = false;
    data_.fall_distance = 0;
    data_.motion = {};
}

void PlayerEntity::check_fall_damage(double dy, bool on_ground) {
    // ServerPlayer.doCheckFallDamage → LivingEntity/Entity.checkFallDamage: touching water ends
    // the fall; landing deals ceil(distance − 3) (Player.causeFallDamage: none for those who may fly).
    EntityData& d = data_;
    if (!world || d.removed) return;
    if (touches_fluid(world->chunks(), d.bounding_box(), Fluid::Water)) d.fall_distance = 0;
    if (on_ground) {
        if (d.fall_distance > 0 && !has_invulnerable_ability()) {
            const float damage = std::ceil(d.fall_distance - 3.0f);
            if (damage > 0) hurt(vanilla_damage_types().fall, damage, nullptr);
        }
        d.fall_distance = 0;
    } else if (dy < 0) {
        d.fall_distance -= static_cast<float>(dy);
    }
}

void PlayerEntityKind::tick(World& world, Entity& entity) {
    PlayerEntity& p = as(entity);
    if (!p.world) p.world = &world;
    if (p.hurt_time > 0) --p.hurt_time;
    if (p.invulnerable_time > 0) --p.invulnerable_time;  // ServerPlayer.tick counts it down itself
    if (p.is_dead_or_dying()) {
        ++p.death_time;  // tickDeath; the entity stays until its client respawns
        return;
    }
    if (p.spawn_invulnerable_time > 0) --p.spawn_invulnerable_time;
    // Player.tick: the cooldown counts up, and starts again when the main hand holds another item.
    ++p.attack_strength_ticker;
    p.tick_start_pos = p.data().pos;
    if (const ItemStack& hand = p.equipment(EquipmentSlot::MainHand);
        hand.count != p.last_main_hand.count || hand.item != p.last_main_hand.item) {
        if (hand.empty() != p.last_main_hand.empty() || (!hand.empty() && hand.item != p.last_main_hand.item))
            p.attack_strength_ticker = 0;
        p.last_main_hand = hand;
    }
    if (!fire_blocks_resolved_) {
        const auto& blocks = world.blocks().blocks();
        fire_ = blocks.find("minecraft:fire");
        soul_fire_ = blocks.find("minecraft:soul_fire");
        fire_blocks_resolved_ = true;
    }
    const auto& types = vanilla_damage_types();
    EntityData& d = p.data();
    const AABB box = d.bounding_box();
    // Entity.baseTick: water puts the fire out and ends a fall; burning hurts every 20 ticks out
    // of lava; lava sets on fire for 15 s and hurts 4; below the world the void hurts 4.
    d.in_water = touches_fluid(world.chunks(), box, Fluid::Water);
    if (d.in_water) {
        d.fall_distance = 0;
        if (p.fire_ticks > 0) p.fire_ticks = 0;
    }
    const bool in_lava = touches_fluid(world.chunks(), box, Fluid::Lava);
    if (p.fire_ticks > 0) {
        if (p.fire_ticks % 20 == 0 && !in_lava) p.hurt(types.on_fire, 1.0f, nullptr);
        --p.fire_ticks;
    }
    if (in_lava) {
        if (!p.has_invulnerable_ability()) p.fire_ticks = std::max(p.fire_ticks, 15 * 20);  // setSecondsOnFire(15)
        p.hurt(types.lava, 4.0f, nullptr);
        d.fall_distance *= 0.5f;
    }
    if (d.pos.y < world.min_build_height() - 64) p.hurt(types.out_of_world, 4.0f, nullptr);
    // Entity.checkInsideBlocks (vanilla runs it when the client's move is applied; here once a
    // tick): a fire block adds a tick of fire, sets on fire for 8 s once that reaches 0, and hurts
    // 1 (soul fire 2). Out of fire and lava a player that is not burning is set back to -20.
    bool fire_or_lava = in_lava;
    const AABB inside = box.inflate(-1.0e-7);
    for (int x = static_cast<int>(std::floor(inside.min.x)); x <= static_cast<int>(std::floor(inside.max.x)); ++x)
        for (int y = static_cast<int>(std::floor(inside.min.y)); y <= static_cast<int>(std::floor(inside.max.y)); ++y)
            for (int z = static_cast<int>(std::floor(inside.min.z)); z <= static_cast<int>(std::floor(inside.max.z));
                 ++z) {
                const BlockState s = world.block_state({x, y, z});
                const Handle<BlockInfo> block = world.blocks().block_of(s);
                const bool soul = soul_fire_ && block == *soul_fire_;
                if (!soul && !(fire_ && block == *fire_)) continue;
                fire_or_lava = true;
                if (p.has_invulnerable_ability()) continue;
                if (++p.fire_ticks == 0) p.fire_ticks = 8 * 20;
                p.hurt(types.in_fire, soul ? 2.0f : 1.0f, nullptr);
            }
    if (!fire_or_lava && p.fire_ticks <= 0) p.fire_ticks = -PlayerEntity::fire_immune_ticks;
    if (p.fire_ticks > 0 && d.in_water) p.fire_ticks = -PlayerEntity::fire_immune_ticks;
    // LivingEntity.baseTick: air runs out with the eyes in water (not for creative or spectator
    // players), 2 drowning damage each time it reaches -20; it comes back 4 a tick outside.
    if (p.is_alive()) {
        const Vec3 eye{d.pos.x, d.pos.y + d.eye_height() - 0.11111111, d.pos.z};
        const bool eyes_in_water = world.block_info(eye.block_pos()).fluid == Fluid::Water;
        if (eyes_in_water) {
            if (!p.has_invulnerable_ability() && --p.air_supply == -20) {
                p.air_supply = 0;
                p.hurt(types.drown, 2.0f, nullptr);
            }
        } else if (p.air_supply < PlayerEntity::max_air_supply) {
            p.air_supply = std::min(p.air_supply + 4, PlayerEntity::max_air_supply);
        }
    }
}

void PlayerEntityKind::kill(World&, Entity& entity) {
    // LivingEntity.kill: generic_kill damage of Float.MAX_VALUE, through any invulnerability.
    as(entity).hurt(vanilla_damage_types().generic_kill, std::numeric_limits<float>::max(), nullptr);
}

nbt::Compound save_player_nbt(const PlayerEntity& player) {
    nbt::Compound c = player.extra_nbt;
    save_entity_nbt(player.data(), c);
    c.put("playerGameType", static_cast<std::int32_t>(player.game_type));
    c.put("previousPlayerGameType",
          player.previous_game_mode ? static_cast<std::int32_t>(*player.previous_game_mode) : std::int32_t{-1});
    c.put("Dimension", std::string("minecraft:overworld"));
    c.put("Inventory", nbt::Tag(player.inventory.save()));
    c.put("SelectedItemSlot", nbt::Tag(player.inventory.selected()));
    // Vanilla's Abilities.addSaveData for the game mode (GameType.updatePlayerAbilities).
    const bool creative = player.game_type == GameMode::Creative;
    const bool spectator = player.game_type == GameMode::Spectator;
    c.put("abilities", nbt::Compound{{"invulnerable", nbt::Tag(creative || spectator)},
                                     {"flying", nbt::Tag(spectator)},
                                     {"mayfly", nbt::Tag(creative || spectator)},
                                     {"instabuild", nbt::Tag(creative)},
                                     {"mayBuild", nbt::Tag(player.game_type != GameMode::Adventure && !spectator)},
                                     {"flySpeed", nbt::Tag(0.05f)},
                                     {"walkSpeed", nbt::Tag(0.1f)}});
    // LivingEntity.addAdditionalSaveData and Entity.saveWithoutId for what survival models.
    c.put("Health", nbt::Tag(player.health()));
    c.put("HurtTime", nbt::Tag(static_cast<std::int16_t>(player.hurt_time)));
    c.put("DeathTime", nbt::Tag(static_cast<std::int16_t>(std::min(player.death_time, 32767))));
    c.put("Air", nbt::Tag(static_cast<std::int16_t>(player.air_supply)));
    c.put("Fire", nbt::Tag(static_cast<std::int16_t>(std::clamp(player.fire_ticks, -32768, 32767))));
    // What a new vanilla player has, for the fields this server does not model yet.
    auto fallback = [&](std::string_view key, nbt::Tag value) {
        if (!c.find(key)) c.put(std::string(key), std::move(value));
    };
    fallback("foodLevel", nbt::Tag(std::int32_t{20}));
    fallback("foodSaturationLevel", nbt::Tag(5.0f));
    fallback("foodExhaustionLevel", nbt::Tag(0.0f));
    fallback("foodTickTimer", nbt::Tag(std::int32_t{0}));
    fallback("XpLevel", nbt::Tag(std::int32_t{0}));
    fallback("XpP", nbt::Tag(0.0f));
    fallback("XpTotal", nbt::Tag(std::int32_t{0}));
    fallback("Score", nbt::Tag(std::int32_t{0}));
    fallback("EnderItems", nbt::Tag(nbt::List(nbt::TagType::Compound)));
    fallback("SleepTimer", nbt::Tag(static_cast<std::int16_t>(0)));
    fallback("PortalCooldown", nbt::Tag(std::int32_t{0}));
    return c;
}

std::vector<std::string> load_player_nbt(World& world, PlayerEntity& player, const nbt::Compound& tag) {
    std::vector<std::string> warnings;
    load_entity_nbt(world, player.data(), tag, warnings);
    auto mode_field = [&](std::string_view key, auto&& apply) {
        const nbt::Tag* t = tag.find(key);
        if (!t) return;
        const auto* v = t->get_if<std::int32_t>();
        if (!v) {
            warnings.push_back(std::string(key) + ": expected an int");
            return;
        }
        apply(*v);
    };
    mode_field("playerGameType", [&](std::int32_t id) {
        if (auto m = game_mode_from_id(id)) player.game_type = *m;
        else warnings.push_back("playerGameType: " + std::to_string(id) + " is not a game mode");
    });
    mode_field("previousPlayerGameType", [&](std::int32_t id) { player.previous_game_mode = game_mode_from_id(id); });
    if (const nbt::Tag* t = tag.find("Dimension");
        t && t->get_if<std::string>() && *t->get_if<std::string>() != "minecraft:overworld")
        warnings.push_back("Dimension: " + *t->get_if<std::string>() +
                           " is not served here; the player is put at its position in the overworld");
    if (const nbt::Tag* t = tag.find("Inventory")) {
        if (const auto* list = t->get_if<nbt::List>()) player.inventory.load(*list, warnings);
        else warnings.push_back("Inventory: expected a list");
    }
    mode_field("SelectedItemSlot", [&](std::int32_t slot) {
        if (!player.inventory.select(slot))
            warnings.push_back("SelectedItemSlot: " + std::to_string(slot) + " is not 0–8");
    });
    if (const nbt::Tag* t = tag.find("Health")) {
        if (const auto* v = t->get_if<float>(); v && std::isfinite(*v)) player.set_health(*v);
        else warnings.push_back("Health: expected a float");
    }
    auto short_field = [&](std::string_view key, std::int32_t& out) {
        const nbt::Tag* t = tag.find(key);
        if (!t) return;
        if (const auto* v = t->get_if<std::int16_t>()) out = *v;
        else warnings.push_back(std::string(key) + ": expected a short");
    };
    short_field("HurtTime", player.hurt_time);
    short_field("DeathTime", player.death_time);
    short_field("Air", player.air_supply);
    short_field("Fire", player.fire_ticks);
    keep_unknown_fields(tag, player_keys, player.extra_nbt);
    return warnings;
}

Result<Entity*, std::string> PlayerEntityKind::create(World&, Handle<EntityTypeInfo>, const Vec3&, Uuid,
                                                      const nbt::Compound&, std::vector<std::string>&) {
    return unexpected(std::string("minecraft:player: players join the game, they cannot be summoned or loaded"));
}

nbt::Compound PlayerEntityKind::save(const World&, const Entity& entity) const { return save_player_nbt(as(entity)); }

std::vector<std::string> PlayerEntityKind::load(World& world, Entity& entity, const nbt::Compound& tag) {
    return load_player_nbt(world, as(entity), tag);
}

PlayerEntity& PlayerEntityKind::spawn(World& world, Uuid uuid, std::string name, const Vec3& pos) {
    if (!type_) throw std::logic_error("PlayerEntityKind::spawn: minecraft:player is not registered");
    if (uuid.is_nil() || world.find(uuid))
        throw std::invalid_argument("PlayerEntityKind::spawn: UUID " + uuid.str() + " is nil or taken");
    auto e = std::make_unique<PlayerEntity>();
    e->data().uuid = world.claim_uuid(uuid);
    e->data().type = *type_;
    e->data().info = &world.registries().entity_types[*type_];
    e->data().pos = pos;
    e->data().no_ai = true;
    e->profile_name = std::move(name);
    e->world = &world;
    PlayerEntity& added = world.add_entity(std::move(e), *this);
    players_.push_back(&added);
    return added;
}

}  // namespace mobsdk::server
