// The entity tracker: vanilla's ChunkMap.TrackedEntity (who sees what) and ServerEntity (what is sent).
#include "mobserver/server/entity_tracker.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "mobserver/net/entity_packets.hpp"
#include "mobserver/net/game_connection.hpp"
#include "mobserver/net/play_packets.hpp"
#include "mobserver/net/registry_data.hpp"
#include "mobserver/net/vanilla_network_ids.hpp"
#include "mobserver/server/server_player.hpp"
#include "mobserver/world/kinds/player_kind.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

constexpr std::string_view without_namespace(std::string_view id) noexcept {
    constexpr std::string_view ns = "minecraft:";
    return id.substr(0, ns.size()) == ns ? id.substr(ns.size()) : id;
}

// The metadata layout a client model has (vanilla's SynchedEntityData of its class).
enum class Model : std::uint8_t { Other, Villager, Zombie, Slime, Item, Arrow };

struct TypeModel {
    std::int32_t network_type = -1;  // -1: not shown
    TrackingRules rules;
    Model model = Model::Other;
    bool living = false;
};

// Vanilla's metadata indices (1.20.4, minecraft-data's metadataKeys).
constexpr std::uint8_t kFlags = 0, kCustomName = 2, kNoGravity = 5, kPose = 6;
constexpr std::uint8_t kHealth = 9, kSleepingPos = 14, kMobFlags = 15, kBaby = 16, kSlimeSize = 16;
constexpr std::uint8_t kUnhappyCounter = 17, kVillagerData = 18, kItem = 8, kArrowFlags = 8;

// What a client was last sent of an entity's metadata and equipment (shared by all its viewers).
struct SentData {
    std::uint8_t flags = 0;
    bool no_gravity = false;
    NetworkPose pose = NetworkPose::Standing;
    float health = -1.0f;
    std::optional<BlockPos> sleeping;
    std::uint8_t mob_flags = 0;
    bool baby = false;
    std::int32_t slime_size = 0;
    std::optional<std::string> custom_name;
    ResourceLocation villager_type = ResourceLocation::of("plains");
    ResourceLocation villager_profession = ResourceLocation::of("none");
    std::int32_t villager_level = 1;
    std::int32_t villager_unhappy = 0;         // the unhappy counter at the last look
    std::int32_t villager_ids[3] = {2, 0, 1};  // plains, none, 1
    ItemStack item;
    NetworkItem network_item;
    std::uint8_t arrow_flags = 0;
    std::array<ItemStack, 6> equipment{};
    std::array<NetworkItem, 6> network_equipment{};
};

// One entity's tracking state (vanilla's TrackedEntity + ServerEntity).
struct Tracked {
    std::uint32_t generation = 0;
    bool active = false;
    bool hidden = false;  // no client model
    std::int64_t seen_tick = 0;
    std::int32_t network_id = 0;
    std::uint32_t type_index = 0;
    std::int64_t section = INT64_MIN;
    std::vector<std::uint16_t> viewers;
    // ServerEntity
    std::int32_t tick_count = 0;
    std::int32_t teleport_delay = 0;
    Vec3 base;  // VecDeltaCodec's base: the position clients were last sent
    std::int32_t y_rot_p = 0, x_rot_p = 0, y_head_rot_p = 0;
    Vec3 last_motion;
    bool was_on_ground = false;
    std::int64_t hurt_time = INT64_MIN;
    bool death_sent = false;
    SentData sent;
};

std::int64_t section_of(const Vec3& p) noexcept {
    const auto x = static_cast<std::int64_t>(std::floor(p.x)) >> 4;
    const auto y = static_cast<std::int64_t>(std::floor(p.y)) >> 4;
    const auto z = static_cast<std::int64_t>(std::floor(p.z)) >> 4;
    return ((x & 0x3FFFFF) << 42) | ((z & 0x3FFFFF) << 20) | (y & 0xFFFFF);  // SectionPos.asLong's fields
}

std::int32_t angle_int(float degrees) noexcept {
    return static_cast<std::int32_t>(std::floor(degrees * 256.0f / 360.0f));
}

NetworkItem network_item_of(const ItemStack& stack) {
    if (stack.empty()) return {};
    const auto id = vanilla_item_id(stack.item.str());
    return id ? NetworkItem{*id, stack.count} : NetworkItem{vanilla_item_id("stone").value_or(1), stack.count};
}

bool same_stack(const ItemStack& a, const ItemStack& b) noexcept {
    const bool ea = a.empty(), eb = b.empty();
    if (ea || eb) return ea == eb;
    return a.count == b.count && a.item == b.item;
}

}  // namespace

TrackingRules vanilla_tracking_rules(std::string_view type) noexcept {
    const std::string_view t = without_namespace(type);
    if (t == "villager" || t == "iron_golem" || t == "slime" || t == "wandering_trader" || t == "pig" || t == "wolf")
        return {10, 3, true};
    if (t == "zombie" || t == "skeleton" || t == "vex") return {8, 3, true};
    if (t == "allay") return {8, 2, true};
    if (t == "item") return {6, 20, true};
    if (t == "arrow") return {4, 20, true};
    if (t == "player") return {32, 2, false};
    return {};
}

struct EntityTracker::Impl {
    struct Viewer {
        ServerPlayer* player = nullptr;
        std::string out;                 // packed bodies for this tick
        std::vector<std::int32_t> gone;  // ids to remove this tick
        Vec3 pos{NAN, NAN, NAN};
        ChunkPos center{INT32_MIN, INT32_MIN};
        std::size_t sent_chunks = SIZE_MAX;
        bool dirty = true;
    };

    World& world;
    std::int32_t view_distance;
    LogFunction log;
    std::vector<TypeModel> types;
    std::vector<Tracked> tracked;       // by entity slot index
    std::vector<std::uint32_t> active;  // slot indices of active entries
    std::vector<Viewer> viewers;        // by viewer slot; player == nullptr: free
    std::int64_t ticks = 0;
    std::int64_t pickups_seen_at = INT64_MIN;  // the game time whose pickups were sent
    std::size_t dirty_viewers = 0;
    std::vector<std::pair<std::int8_t, NetworkItem>> equipment_scratch;
    std::string pending;  // the packed packets of the entity being updated

    Impl(World& w, std::int32_t vd, LogFunction l) : world(w), view_distance(vd), log(std::move(l)) {
        const auto& registry = world.registries().entity_types;
        types.resize(registry.size());
        for (std::uint32_t i = 0; i < registry.size(); ++i) {
            const auto h = Handle<EntityTypeInfo>::from_index(i);
            const EntityTypeInfo& info = registry[h];
            const ResourceLocation& id = registry.id_of(h);
            std::optional<std::int32_t> network;
            std::string_view model_name;
            if (info.client_model) {
                network = vanilla_entity_type_id(info.client_model->str());
                model_name = info.client_model->str();
            }
            if (!network) {
                network = vanilla_entity_type_id(id.str());
                model_name = id.str();
            }
            TypeModel& m = types[i];
            if (!network) {
                if (log) log("INFO", "entity type " + id.str() + " has no client model: not shown to players");
                continue;
            }
            model_name = without_namespace(model_name);
            m.network_type = *network;
            m.rules = vanilla_tracking_rules(model_name);
            m.living = info.is_mob;
            if (model_name == "villager") m.model = Model::Villager;
            else if (model_name == "zombie") m.model = Model::Zombie;
            else if (model_name == "slime") m.model = Model::Slime;
            else if (model_name == "item") m.model = Model::Item;
            else if (model_name == "arrow") m.model = Model::Arrow;
        }
    }

    // An entity's packets of this tick are gathered in `pending` and copied to each of its viewers
    // at once (flush): one append per entity and viewer, whatever the number of packets.
    void emit(Tracked&, std::string_view packet) { append_packed_body(pending, packet); }

    void flush(const Tracked& t) {
        if (pending.empty()) return;
        for (const std::uint16_t v : t.viewers) viewers[v].out.append(pending);
        pending.clear();
    }

    // Vanilla's TrackedEntity.updatePlayer test (the range capped by the player's view distance,
    // ChunkMap.getPlayerViewDistance).
    bool can_see(const TypeModel& m, const EntityData& d, const Viewer& v) const {
        const ServerPlayer& p = *v.player;
        if (d.network_id == p.entity_id) return false;
        const double range = std::min({m.rules.range_chunks, view_distance, p.view_distance}) * 16.0;
        const double dx = p.pos.x - d.pos.x, dz = p.pos.z - d.pos.z;
        if (dx * dx + dz * dz > range * range) return false;
        const ChunkPos c{static_cast<std::int32_t>(std::floor(d.pos.x)) >> 4,
                         static_cast<std::int32_t>(std::floor(d.pos.z)) >> 4};
        return p.sent.count(c) != 0;
    }

    void update_viewer(Tracked& t, const EntitySlot& slot, std::uint16_t v) {
        const bool sees = can_see(types[t.type_index], *slot.data, viewers[v]);
        const auto it = std::find(t.viewers.begin(), t.viewers.end(), v);
        const bool seen = it != t.viewers.end();
        if (sees == seen) return;
        if (sees) {
            t.viewers.push_back(v);
            pair(t, slot, viewers[v]);
        } else {
            t.viewers.erase(it);
            viewers[v].gone.push_back(t.network_id);
        }
    }

    // Vanilla's ServerEntity.sendPairingData: spawn, metadata, velocity, equipment.
    void pair(Tracked& t, const EntitySlot& slot, Viewer& v) {
        const EntityData& d = *slot.data;
        const TypeModel& m = types[t.type_index];
        ServerMob* mob = world.mob(slot);
        std::int32_t data = 0;
        if (m.model == Model::Arrow)
            if (const ArrowEntity* a = world.arrow_entity(EntityRef{d.uuid, d.handle}); a && a->owner)
                if (const EntitySlot* o = world.entities().slot(a->owner->handle)) data = o->data->network_id;
        const float head = mob ? mob->y_head_rot : d.y_rot;
        append_packed_body(v.out, encode_spawn_entity(t.network_id, d.uuid, m.network_type, t.base, d.x_rot, d.y_rot,
                                                      head, data, d.motion));
        EntityMetadataWriter meta(t.network_id);
        metadata(t, slot, mob, &meta, true);
        if (!meta.empty()) append_packed_body(v.out, meta.take());
        if (m.rules.track_deltas && !m.living)
            append_packed_body(v.out, encode_entity_velocity(t.network_id, d.motion));
        const PlayerEntity* player = mob ? nullptr : world.player(&slot);
        if (mob || player) {
            if (mob) equipment(t, *mob, true);
            else equipment(t, player->inventory, true);
            if (!equipment_scratch.empty())
                append_packed_body(v.out, encode_set_equipment(t.network_id, equipment_scratch));
        }
    }

    // Writes to `out` the metadata entries that differ from what was sent and records them (every
    // one that differs from the client's default when `full`, for a new viewer, leaving `sent` as it is).
    void metadata(Tracked& t, const EntitySlot& slot, ServerMob* mob, EntityMetadataWriter* out, bool full) {
        const EntityData& d = *slot.data;
        const TypeModel& m = types[t.type_index];
        SentData& s = t.sent;
        // Entity's shared flags: on fire 0x01; a player's crouching 0x02 and sprinting 0x08.
        const PlayerEntity* player = mob ? nullptr : world.player(&slot);
        const LivingEntity* living = mob ? static_cast<const LivingEntity*>(mob) : player;
        std::uint8_t flags = living && living->is_on_fire() ? 0x01 : 0x00;
        if (player && player->is_crouching()) flags |= 0x02;
        if (player && player->sprinting) flags |= 0x08;
        if (full ? flags != 0 : flags != s.flags) {
            out->byte(kFlags, flags);
            if (!full) s.flags = flags;
        }
        if (full ? d.custom_name.has_value() : d.custom_name != s.custom_name) {
            out->optional_text(kCustomName, d.custom_name);
            if (!full) s.custom_name = d.custom_name;
        }
        if (full ? d.no_gravity : d.no_gravity != s.no_gravity) {
            out->boolean(kNoGravity, d.no_gravity);
            if (!full) s.no_gravity = d.no_gravity;
        }
        if (player || mob) {
            // The pose: LivingEntity.die (dying), a mob in its bed (sleeping), a player's
            // Player.updatePlayerPose (crouching).
            NetworkPose pose = NetworkPose::Standing;
            if (mob) pose = mob->died() ? NetworkPose::Dying : mob->sleeping_pos() ? NetworkPose::Sleeping : pose;
            else
                pose = player->is_dead_or_dying() ? NetworkPose::Dying
                       : player->is_crouching()   ? NetworkPose::Crouching
                                                  : pose;
            if (full ? pose != NetworkPose::Standing : pose != s.pose) {
                out->pose(kPose, pose);
                if (!full) s.pose = pose;
            }
        }
        if (mob) {
            const float health = mob->health();
            if (full || health != s.health) {
                out->f32(kHealth, health);
                if (!full) s.health = health;
            }
            const auto bed = mob->sleeping_pos();
            if (full ? bed.has_value() : bed != s.sleeping) {
                out->optional_block_pos(kSleepingPos, bed);
                if (!full) s.sleeping = bed;
            }
            // Mob flags: NoAI 0x01, aggressive 0x04 (raised arms, a drawn bow).
            const std::uint8_t mob_flags = (d.no_ai ? 0x01 : 0x00) | (mob->is_aggressive() ? 0x04 : 0x00);
            if (full ? mob_flags != 0 : mob_flags != s.mob_flags) {
                out->byte(kMobFlags, mob_flags);
                if (!full) s.mob_flags = mob_flags;
            }
            if (m.model == Model::Villager || m.model == Model::Zombie) {
                const bool baby = mob->is_baby();
                if (full ? baby : baby != s.baby) {
                    out->boolean(kBaby, baby);
                    if (!full) s.baby = baby;
                }
            }
            if (m.model == Model::Slime) {
                const auto size = static_cast<std::int32_t>(std::lround(d.scale / 0.255f));
                if (full || size != s.slime_size) {
                    out->varint(kSlimeSize, size);
                    if (!full) s.slime_size = size;
                }
            }
            if (m.model == Model::Villager)
                if (const MobAttachment* a = mob->attachment())
                    if (const auto v = a->villager_appearance(); v && v->type && v->profession) {
                        const bool changed = *v->type != s.villager_type || *v->profession != s.villager_profession ||
                                             v->level != s.villager_level;
                        if (changed || full) {
                            const std::int32_t type = vanilla_villager_type_id(v->type->str()).value_or(2);
                            const std::int32_t profession =
                                vanilla_villager_profession_id(v->profession->str()).value_or(0);
                            out->villager_data(kVillagerData, type, profession, v->level);
                            if (!full) {
                                s.villager_type = *v->type;
                                s.villager_profession = *v->profession;
                                s.villager_level = v->level;
                            }
                        }
                        // The head shake: the counter when a shake starts (it grew since the last
                        // look; the client counts it down itself, as AbstractVillager.tick runs on
                        // both sides) and 0 when it ends.
                        const std::int32_t unhappy = v->unhappy_counter;
                        if (full ? unhappy > 0
                                 : unhappy > s.villager_unhappy || (unhappy == 0 && s.villager_unhappy > 0))
                            out->varint(kUnhappyCounter, unhappy);
                        if (!full) s.villager_unhappy = unhappy;
                    }
        }
        if (m.model == Model::Item)
            if (const ItemStack* stack = slot.entity->item_stack()) {
                if (full) {
                    out->item(kItem, same_stack(*stack, s.item) ? s.network_item : network_item_of(*stack));
                } else if (!same_stack(*stack, s.item)) {
                    s.item = *stack;
                    s.network_item = network_item_of(*stack);
                    out->item(kItem, s.network_item);
                }
            }
        if (m.model == Model::Arrow)
            if (const ArrowEntity* a = world.arrow_entity(EntityRef{d.uuid, d.handle})) {
                const std::uint8_t arrow_flags = a->crit ? 0x01 : 0x00;
                if (full ? arrow_flags != 0 : arrow_flags != s.arrow_flags) {
                    out->byte(kArrowFlags, arrow_flags);
                    if (!full) s.arrow_flags = arrow_flags;
                }
            }
    }

    // Fills equipment_scratch with the slots that differ from what was sent and records them (every
    // non-empty one when `full`, for a new viewer, leaving `sent` as it is). `mob` is a ServerMob or
    // a player's inventory: anything with equipment(EquipmentSlot).
    template <class Wearer>
    void equipment(Tracked& t, const Wearer& mob, bool full) {
        equipment_scratch.clear();
        for (std::size_t i = 0; i < 6; ++i) {
            const ItemStack& now = mob.equipment(static_cast<EquipmentSlot>(i));
            const bool same = same_stack(now, t.sent.equipment[i]);
            if (full) {
                if (!now.empty())
                    equipment_scratch.push_back(
                        {static_cast<std::int8_t>(i), same ? t.sent.network_equipment[i] : network_item_of(now)});
            } else if (!same) {
                t.sent.equipment[i] = now;
                t.sent.network_equipment[i] = network_item_of(now);
                equipment_scratch.push_back({static_cast<std::int8_t>(i), t.sent.network_equipment[i]});
            }
        }
    }

    void start(Tracked& t, const EntitySlot& slot) {
        const EntityData& d = *slot.data;
        t = Tracked{};
        t.generation = d.handle.generation;
        t.active = true;
        t.network_id = d.network_id;
        t.type_index = d.type.index();
        t.hidden = t.type_index >= types.size() || types[t.type_index].network_type < 0;
        t.base = d.pos;
        t.y_rot_p = angle_int(d.y_rot);
        t.x_rot_p = angle_int(d.x_rot);
        t.was_on_ground = d.on_ground;
        t.last_motion = d.motion;
        if (const PlayerEntity* player = world.player(&slot)) {
            if (const auto h = player->last_hurt()) t.hurt_time = h->game_time;
            t.death_sent = player->is_dead_or_dying();
        }
        if (ServerMob* mob = world.mob(slot)) {
            t.y_head_rot_p = angle_int(mob->y_head_rot);
            if (const auto h = mob->last_hurt()) t.hurt_time = h->game_time;
            // What a new viewer gets is current; later changes are diffed against it.
            for (std::size_t i = 0; i < 6; ++i) {
                t.sent.equipment[i] = mob->equipment(static_cast<EquipmentSlot>(i));
                t.sent.network_equipment[i] = network_item_of(t.sent.equipment[i]);
            }
        } else if (const PlayerEntity* player = world.player(&slot)) {
            for (std::size_t i = 0; i < 6; ++i) {
                t.sent.equipment[i] = player->inventory.equipment(static_cast<EquipmentSlot>(i));
                t.sent.network_equipment[i] = network_item_of(t.sent.equipment[i]);
            }
        }
        EntityMetadataWriter scratch(0);
        metadata(t, slot, world.mob(slot), &scratch, false);  // fills `sent` with the current values
        active.push_back(d.handle.index);
    }

    // Vanilla's ServerEntity.sendChanges.
    void send_changes(Tracked& t, const EntitySlot& slot) {
        const EntityData& d = *slot.data;
        const TypeModel& m = types[t.type_index];
        ServerMob* mob = world.mob(slot);
        const bool shown = !t.viewers.empty();
        bool force_data = false;
        const PlayerEntity* player = mob ? nullptr : world.player(&slot);
        const LivingEntity* living = mob ? static_cast<const LivingEntity*>(mob) : player;
        const bool died = mob ? mob->died() : player && player->is_dead_or_dying();
        if (living) {
            if (const auto h = living->last_hurt(); h && h->game_time != t.hurt_time && !died) {
                t.hurt_time = h->game_time;
                force_data = true;
                if (shown) {
                    std::int32_t cause = -1;
                    if (h->attacker)
                        if (const EntitySlot* a = world.entities().slot(h->attacker->handle))
                            cause = a->data->network_id;
                    const auto type = registry_entry_id("minecraft:damage_type", h->damage_type.str()).value_or(0);
                    emit(t, encode_damage_event(t.network_id, type, cause, cause));
                }
            }
            if (died && !t.death_sent) {
                t.death_sent = true;
                force_data = true;
                if (shown) emit(t, encode_entity_event(t.network_id, 3));
            }
        }
        // Level.broadcastEntityEvent and LivingEntity.swing: the mob's events of this tick, at once.
        if (mob) {
            const auto events = mob->entity_events();
            const auto swing = mob->pending_swing();
            if (shown) {
                if (swing) emit(t, encode_entity_animation(t.network_id, *swing));
                for (const std::int8_t e : events) emit(t, encode_entity_event(t.network_id, e));
            }
            if (swing || !events.empty()) mob->clear_entity_events();
        }
        const bool update = t.tick_count % m.rules.update_interval == 0;
        if (update || force_data) {
            ++t.teleport_delay;
            const std::int32_t y_rot = angle_int(d.y_rot), x_rot = angle_int(d.x_rot);
            const std::int64_t kx = encode_position_delta_base(d.pos.x) - encode_position_delta_base(t.base.x);
            const std::int64_t ky = encode_position_delta_base(d.pos.y) - encode_position_delta_base(t.base.y);
            const std::int64_t kz = encode_position_delta_base(d.pos.z) - encode_position_delta_base(t.base.z);
            const Vec3 delta = d.pos - t.base;
            const bool moved = delta.x * delta.x + delta.y * delta.y + delta.z * delta.z >= 7.62939453125E-6;
            const bool pos_due = moved || t.tick_count % 60 == 0;
            const bool rot_due = std::abs(y_rot - t.y_rot_p) >= 1 || std::abs(x_rot - t.x_rot_p) >= 1;
            const bool arrow = m.model == Model::Arrow;
            bool set_pos = false, set_rot = false;
            if (t.tick_count > 0 || arrow) {
                const bool far = kx < -32768 || kx > 32767 || ky < -32768 || ky > 32767 || kz < -32768 || kz > 32767;
                if (!far && t.teleport_delay <= 400 && t.was_on_ground == d.on_ground) {
                    if ((!pos_due || !rot_due) && !arrow) {
                        if (pos_due) {
                            if (shown)
                                emit(t, encode_move_entity_pos(t.network_id, static_cast<std::int16_t>(kx),
                                                               static_cast<std::int16_t>(ky),
                                                               static_cast<std::int16_t>(kz), d.on_ground));
                            set_pos = true;
                        } else if (rot_due) {
                            if (shown)
                                emit(t, encode_move_entity_rot(t.network_id, static_cast<std::int8_t>(y_rot),
                                                               static_cast<std::int8_t>(x_rot), d.on_ground));
                            set_rot = true;
                        }
                    } else {
                        if (shown)
                            emit(t, encode_move_entity_pos_rot(
                                        t.network_id, static_cast<std::int16_t>(kx), static_cast<std::int16_t>(ky),
                                        static_cast<std::int16_t>(kz), static_cast<std::int8_t>(y_rot),
                                        static_cast<std::int8_t>(x_rot), d.on_ground));
                        set_pos = set_rot = true;
                    }
                } else {
                    t.was_on_ground = d.on_ground;
                    t.teleport_delay = 0;
                    if (shown)
                        emit(t, encode_teleport_entity(t.network_id, d.pos, static_cast<std::int8_t>(y_rot),
                                                       static_cast<std::int8_t>(x_rot), d.on_ground));
                    set_pos = set_rot = true;
                }
            }
            if (m.rules.track_deltas && t.tick_count > 0) {
                const Vec3 dm = d.motion - t.last_motion;
                const double change = dm.x * dm.x + dm.y * dm.y + dm.z * dm.z;
                const double length = d.motion.x * d.motion.x + d.motion.y * d.motion.y + d.motion.z * d.motion.z;
                if (change > 1.0E-7 || (change > 0.0 && length == 0.0)) {
                    t.last_motion = d.motion;
                    if (shown) emit(t, encode_entity_velocity(t.network_id, d.motion));
                }
            }
            EntityMetadataWriter meta(t.network_id);
            metadata(t, slot, mob, &meta, false);
            if (!meta.empty() && shown) emit(t, meta.take());
            const PlayerEntity* player = mob ? nullptr : world.player(&slot);
            if (mob || player) {
                if (mob) equipment(t, *mob, false);
                else equipment(t, player->inventory, false);
                if (!equipment_scratch.empty() && shown) emit(t, encode_set_equipment(t.network_id, equipment_scratch));
            }
            if (set_pos) t.base = d.pos;
            if (set_rot) {
                t.y_rot_p = y_rot;
                t.x_rot_p = x_rot;
            }
            if (mob) {
                const std::int32_t head = angle_int(mob->y_head_rot);
                if (std::abs(head - t.y_head_rot_p) >= 1) {
                    if (shown) emit(t, encode_rotate_head(t.network_id, static_cast<std::int8_t>(head)));
                    t.y_head_rot_p = head;
                }
            }
        }
        ++t.tick_count;
    }

    void send_pickups() {
        for (const World::Pickup& p : world.pickups())
            for (const std::uint32_t i : active)
                if (tracked[i].network_id == p.item && tracked[i].active) {
                    emit(tracked[i], encode_take_item_entity(p.item, p.collector, p.count));
                    flush(tracked[i]);
                    break;
                }
    }

    // A player that respawned (vanilla makes a new ServerPlayer with the same id): its viewers
    // remove it now and are sent it again as new.
    bool respawned(Tracked& t, const EntityData& d) {
        const std::int32_t id = t.network_id;
        for (const std::uint16_t v : t.viewers) append_packed_body(viewers[v].out, encode_remove_entities({&id, 1}));
        t.viewers.clear();
        t.death_sent = false;
        t.base = d.pos;
        t.was_on_ground = d.on_ground;
        return true;
    }

    void forget(Tracked& t) {
        for (const std::uint16_t v : t.viewers) viewers[v].gone.push_back(t.network_id);
        t.viewers.clear();
        t.active = false;
    }

    void tick() {
        ++ticks;
        // Players that moved, or whose client got or dropped chunks, look at every entity again.
        dirty_viewers = 0;
        for (Viewer& v : viewers) {
            if (!v.player) continue;
            const ServerPlayer& p = *v.player;
            if (p.center != v.center || p.sent.size() != v.sent_chunks || p.pos.x != v.pos.x || p.pos.y != v.pos.y ||
                p.pos.z != v.pos.z)
                v.dirty = true;
            if (v.dirty) ++dirty_viewers;
        }
        const EntityIndex& index = world.entities();
        for (const EntityHandle h : index.order()) {
            const EntitySlot* slot = index.slot(h);
            if (!slot) continue;
            const EntityData& d = *slot->data;
            if (d.removed) {
                const ServerMob* mob = world.mob(*slot);
                if (!mob || !mob->dying()) continue;  // gone: forgotten below
            }
            if (h.index >= tracked.size()) tracked.resize(h.index + 1);
            Tracked& t = tracked[h.index];
            if (t.active && t.generation != h.generation) forget(t);
            bool again = false;  // a player that respawned: shown anew
            if (t.active && t.death_sent)
                if (const PlayerEntity* p = world.player(slot); p && !p->is_dead_or_dying()) again = respawned(t, d);
            const bool fresh = !t.active;
            if (fresh) start(t, *slot);
            t.seen_tick = ticks;
            if (t.hidden) continue;
            const std::int64_t section = section_of(d.pos);
            if (fresh || again || section != t.section) {
                t.section = section;
                for (std::size_t v = 0; v < viewers.size(); ++v)
                    if (viewers[v].player) update_viewer(t, *slot, static_cast<std::uint16_t>(v));
            } else if (dirty_viewers) {
                for (std::size_t v = 0; v < viewers.size(); ++v)
                    if (viewers[v].player && viewers[v].dirty) update_viewer(t, *slot, static_cast<std::uint16_t>(v));
            }
            send_changes(t, *slot);
            flush(t);
        }
        // Pickups, while the picked-up items are still shown (an item taken whole is already out of
        // the world, and forgotten just below). Once per world tick: while the game is frozen the
        // world keeps its last tick's list.
        if (world.game_time() != pickups_seen_at) {
            pickups_seen_at = world.game_time();
            send_pickups();
        }
        // Entities that left the world (or died and finished dying).
        for (std::size_t i = 0; i < active.size();) {
            Tracked& t = tracked[active[i]];
            if (t.active && t.seen_tick == ticks) {
                ++i;
                continue;
            }
            if (t.active) forget(t);
            active[i] = active.back();
            active.pop_back();
        }
        for (Viewer& v : viewers) {
            if (!v.player) continue;
            if (!v.gone.empty()) {
                append_packed_body(v.out, encode_remove_entities(v.gone));
                v.gone.clear();
            }
            if (!v.out.empty()) {
                v.player->connection->send_packed(std::move(v.out));
                v.out = std::string();
            }
            v.pos = v.player->pos;
            v.center = v.player->center;
            v.sent_chunks = v.player->sent.size();
            v.dirty = false;
        }
    }
};

EntityTracker::EntityTracker(World& world, std::int32_t view_distance, LogFunction log)
    : impl_(std::make_unique<Impl>(world, view_distance, std::move(log))) {}

EntityTracker::~EntityTracker() = default;

void EntityTracker::add_player(ServerPlayer& player) {
    auto& viewers = impl_->viewers;
    auto it = std::find_if(viewers.begin(), viewers.end(), [](const Impl::Viewer& v) { return !v.player; });
    if (it == viewers.end()) it = viewers.insert(viewers.end(), Impl::Viewer{});
    *it = Impl::Viewer{};
    it->player = &player;
}

void EntityTracker::remove_player(const ServerPlayer& player) {
    auto& viewers = impl_->viewers;
    const auto it =
        std::find_if(viewers.begin(), viewers.end(), [&](const Impl::Viewer& v) { return v.player == &player; });
    if (it == viewers.end()) return;
    const auto slot = static_cast<std::uint16_t>(it - viewers.begin());
    for (const std::uint32_t i : impl_->active) {
        auto& list = impl_->tracked[i].viewers;
        list.erase(std::remove(list.begin(), list.end(), slot), list.end());
    }
    *it = Impl::Viewer{};
}

void EntityTracker::tick() { impl_->tick(); }

std::size_t EntityTracker::shown_count() const noexcept {
    std::size_t n = 0;
    for (const std::uint32_t i : impl_->active) n += impl_->tracked[i].viewers.empty() ? 0 : 1;
    return n;
}

bool EntityTracker::is_shown(const ServerPlayer& player, std::int32_t network_id) const noexcept {
    for (std::size_t v = 0; v < impl_->viewers.size(); ++v) {
        if (impl_->viewers[v].player != &player) continue;
        for (const std::uint32_t i : impl_->active) {
            const Tracked& t = impl_->tracked[i];
            if (t.network_id == network_id)
                return std::find(t.viewers.begin(), t.viewers.end(), static_cast<std::uint16_t>(v)) != t.viewers.end();
        }
    }
    return false;
}

}  // namespace mobsdk::server
