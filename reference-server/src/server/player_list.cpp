// Players: logins, joining, chunk views, block changes, chat, keep-alive and leaving.
#include "mobserver/server/player_list.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <boost/asio/post.hpp>

#include "mobserver/net/registry_data.hpp"
#include "mobserver/net/sha256.hpp"
#include "mobserver/server/player_combat.hpp"
#include "mobserver/storage/player_data.hpp"
#include "mobserver/world/physics.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

constexpr std::int32_t kMaxBatchChunks = 64;  // vanilla clamps the client's wish to 0.01–64 per tick

// Vanilla's SharedConstants.isAllowedChatCharacter.
bool allowed_chat(std::string_view text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 32 || c == 127) return false;
        if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xA7) return false;  // §
    }
    return true;
}

// Java's Double.toString for the values a log line shows ("12.5", "-0.25", "3.0").
std::string java_double(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    std::string out(buf, r.ptr);
    if (out.find_first_of(".en") == std::string::npos) out += ".0";
    return out;
}

}  // namespace

PlayerList::PlayerList(Strand tick_strand, PlayerListSettings settings, PlayerLogFunction log)
    : strand_(std::move(tick_strand)), settings_(std::move(settings)), log_(std::move(log)) {}

PlayerList::~PlayerList() = default;

void PlayerList::attach(World* world, std::string_view reason) {
    if (world_ && world != world_) {
        while (!players_.empty()) {
            players_.back()->connection->disconnect(std::string(reason));
            remove(*players_.back(), std::string(reason));
        }
        for (auto& [ptr, connection] : logging_in_) connection->disconnect(std::string(reason));
        logging_in_.clear();
        world_->chunks().set_watcher(nullptr);
        changed_.clear();
    }
    if (world != world_) tracker_.reset();
    world_ = world;
    if (world_) {
        world_->chunks().set_watcher(this);
        if (!tracker_) tracker_ = std::make_unique<EntityTracker>(*world_, settings_.view_distance, log_);
        if (!encoder_) {
            const auto plains = registry_entry_id("minecraft:worldgen/biome", "minecraft:plains");
            encoder_ = std::make_unique<ChunkPacketEncoder>(
                plains.value_or(0), static_cast<std::int32_t>(registry_entry_count("minecraft:worldgen/biome")));
        }
    }
}

std::vector<std::string> PlayerList::names() const {
    std::vector<std::string> out;
    for (const auto& p : players_) out.push_back(p->name);
    return out;
}

ServerPlayer* PlayerList::find(const GameConnection* connection) noexcept {
    for (auto& p : players_)
        if (p->connection.get() == connection) return p.get();
    return nullptr;
}

void PlayerList::broadcast(const std::string& body) {
    for (auto& p : players_) p->connection->send(body);
}

// ---- GameService: hand everything to the tick strand ----

void PlayerList::login(std::shared_ptr<GameConnection> connection) {
    boost::asio::post(strand_, [self = shared_from_this(), connection] { self->on_login(connection); });
}

void PlayerList::configured(std::shared_ptr<GameConnection> connection) {
    boost::asio::post(strand_, [self = shared_from_this(), connection] { self->on_join(connection); });
}

void PlayerList::packet(std::shared_ptr<GameConnection> connection, ServerboundPacket packet) {
    boost::asio::post(strand_, [self = shared_from_this(), connection, packet = std::move(packet)]() mutable {
        if (ServerPlayer* p = self->find(connection.get())) self->on_packet(*p, packet);
    });
}

void PlayerList::closed(std::shared_ptr<GameConnection> connection, std::string reason) {
    boost::asio::post(strand_, [self = shared_from_this(), connection, reason = std::move(reason)] {
        self->on_closed(connection, reason);
    });
}

// ---- Tick strand ----

void PlayerList::on_login(const std::shared_ptr<GameConnection>& connection) {
    const std::string& name = connection->name();
    auto refuse = [&](const std::string& reason) {
        log_("INFO", "Disconnecting " + name + " (/" + connection->address() + "): " + reason);
        connection->disconnect(reason);
    };
    if (!world_) return refuse("The server is not ready, try again in a moment");
    // Vanilla's isWhiteListed: operators need not be on the whitelist.
    if (settings_.white_list && !is_whitelisted({name, connection->uuid()}) && !is_op(connection->uuid()))
        return refuse("You are not white-listed on this server!");
    // A second login of the same player replaces the first, as vanilla's.
    for (auto& p : players_)
        if (p->uuid == connection->uuid()) {
            p->connection->disconnect("You logged in from another location");
            remove(*p, "You logged in from another location");
            break;
        }
    for (auto it = logging_in_.begin(); it != logging_in_.end(); ++it)
        if (it->second->uuid() == connection->uuid()) {
            it->second->disconnect("You logged in from another location");
            logging_in_.erase(it);
            break;
        }
    const auto op = std::find_if(settings_.ops.begin(), settings_.ops.end(),
                                 [&](const OpEntry& e) { return e.uuid == connection->uuid(); });
    const bool bypass = op != settings_.ops.end() && op->bypasses_player_limit;
    if (players_.size() + logging_in_.size() >= static_cast<std::size_t>(settings_.max_players) && !bypass)
        return refuse("The server is full!");
    log_("INFO", "UUID of player " + name + " is " + connection->uuid().str());
    logging_in_[connection.get()] = connection;
    connection->accept_login({encode_brand(0x00, settings_.brand), encode_feature_flags(), encode_registry_data(),
                              encode_update_tags(world_->blocks())});
}

void PlayerList::on_join(const std::shared_ptr<GameConnection>& connection) {
    if (!logging_in_.erase(connection.get())) return;  // replaced or refused meanwhile
    if (!world_) {
        connection->disconnect("The server is not ready, try again in a moment");
        return;
    }
    auto player = std::make_unique<ServerPlayer>();
    ServerPlayer& p = *player;
    p.connection = connection;
    p.name = connection->name();
    p.uuid = connection->uuid();
    p.view_distance = settings_.view_distance;
    place(p);
    if (!p.entity.valid()) {
        connection->disconnect("The server cannot place players (no minecraft:player entity type)");
        return;
    }
    const BlockPos spawn = world_->spawn_pos();
    p.keep_alive_sent = std::chrono::steady_clock::now();
    players_.push_back(std::move(player));
    tracker_->add_player(p);
    online_ = static_cast<std::int32_t>(players_.size());

    log_("INFO", p.name + "[/" + connection->address() + "] logged in with entity id " + std::to_string(p.entity_id) +
                     " at (" + std::to_string(p.pos.x) + ", " + std::to_string(p.pos.y) + ", " +
                     std::to_string(p.pos.z) + ")");
    LoginPlayInfo info;
    info.entity_id = p.entity_id;
    info.max_players = settings_.max_players;
    info.view_distance = settings_.view_distance;
    info.simulation_distance = settings_.simulation_distance;
    info.game_mode = p.game_mode;
    info.hashed_seed = obfuscate_seed(world_->options().seed);
    p.connection->send(encode_login_play(info));
    p.connection->send(encode_brand(0x18, settings_.brand));
    p.connection->send(encode_difficulty(world_->difficulty()));
    p.connection->send(encode_abilities(p.game_mode));
    join_items(p);
    send_permission_level(p);
    const std::string joined = p.name + " joined the game";
    log_("INFO", joined);
    broadcast(encode_system_chat(joined, "yellow"));
    teleport(p);
    // The tab list: everyone to the newcomer, the newcomer to everyone else.
    std::vector<PlayerInfoEntry> all;
    for (const auto& other : players_) all.push_back({other->uuid, other->name, other->game_mode});
    p.connection->send(encode_player_info_add(all));
    const std::string me = encode_player_info_add({{p.uuid, p.name, p.game_mode}});
    for (auto& other : players_)
        if (other.get() != &p) other->connection->send(me);
    p.connection->send(encode_update_time(
        world_->game_time(), world_->options().rules.do_daylight_cycle ? world_->day_time() : -world_->day_time()));
    p.connection->send(encode_spawn_position(spawn, 0.0f));
    p.connection->send(encode_game_event(13, 0.0f));  // start waiting for level chunks
    p.connection->send(encode_set_health(20.0f, 20, 5.0f));
    update_view(p, true);
}

void PlayerList::place(ServerPlayer& p) {
    // The player's entity: at its saved place (playerdata), else near the world spawn by vanilla's
    // spawnRadius rule (fudge_spawn_location, player_combat.cpp).
    const BlockPos spawn = world_->spawn_pos();
    PlayerDataLoad saved;
    if (!settings_.playerdata_dir.empty()) saved = read_player_data(settings_.playerdata_dir, p.uuid);
    if (!saved.warning.empty()) log_("WARN", "Failed to load player data for " + p.name + ": " + saved.warning);
    if (Entity* stale = world_->find(p.uuid)) world_->erase_entity_now(stale->handle());  // not yet erased
    PlayerEntity* e = nullptr;
    try {
        const Vec3 at = saved.tag ? Vec3{spawn.x + 0.5, double(spawn.y), spawn.z + 0.5}
                                  : fudge_spawn_location(*world_, world_->options().rules.spawn_radius,
                                                         settings_.default_game_mode == GameMode::Adventure);
        e = &world_->player_kind().spawn(*world_, p.uuid, p.name, at);
    } catch (const std::exception& ex) {
        log_("WARN", "Cannot place " + p.name + " in the world: " + ex.what());
        return;
    }
    e->game_type = settings_.default_game_mode;
    if (saved.tag)
        for (const auto& w : load_player_nbt(*world_, *e, *saved.tag))
            log_("WARN", "Player data of " + p.name + ": " + w);
    p.entity = e->handle();
    p.entity_id = e->data().network_id;
    p.game_mode = e->game_type;
    p.dead = e->is_dead_or_dying();  // joined dead: its client shows the death screen, no new message
    p.pos = p.first_good = e->data().pos;
    p.yaw = e->data().y_rot;
    p.pitch = e->data().x_rot;
    p.center = ChunkPos::of(p.pos.block_pos());
}

bool PlayerList::save(const ServerPlayer& p) {
    if (settings_.playerdata_dir.empty() || !world_) return true;
    const EntitySlot* slot = world_->entities().slot(p.entity);
    const PlayerEntity* e = world_->player(slot);
    if (!e) return true;
    if (auto r = write_player_data(settings_.playerdata_dir, p.uuid, save_player_nbt(*e)); !r) {
        log_("ERROR", "Failed to save player data for " + p.name + ": " + r.error());
        return false;
    }
    return true;
}

std::vector<std::string> PlayerList::save_all() {
    std::vector<std::string> errors;
    for (const auto& p : players_)
        if (!save(*p)) errors.push_back("Failed to save player data for " + p->name);
    return errors;
}

void PlayerList::sync_from_entity(ServerPlayer& p) {
    // What commands did to the player's entity since the last tick reaches its client.
    const EntitySlot* slot = world_->entities().slot(p.entity);
    PlayerEntity* e = world_->player(slot);
    if (!e) return;
    if (e->game_type != p.game_mode) {
        p.game_mode = e->game_type;
        p.connection->send(encode_game_event(3, static_cast<float>(p.game_mode)));  // change game mode
        p.connection->send(encode_abilities(p.game_mode));
        broadcast(encode_player_info_game_mode(p.uuid, p.game_mode));
    }
    sync_teleport(p, *e);
    p.first_good = p.pos;
    p.received_moves = 0;
}

bool PlayerList::sync_teleport(ServerPlayer& p, const PlayerEntity& e) {
    // Teleported by a command (tp, spreadplayers, a plugin): vanilla's teleport sends Synchronize
    // Player Position at once and the chunks follow. Called each tick and before a move packet is
    // taken, so a move the client sent before it knew of the teleport cannot undo it.
    if (e.data().pos == p.pos) return false;
    p.pos = e.data().pos;
    p.yaw = e.data().y_rot;
    p.pitch = e.data().x_rot;
    teleport(p);
    update_view(p, false);
    return true;
}

bool PlayerList::check_move(ServerPlayer& p, const Vec3& to) {
    // Vanilla's ServerGamePacketListenerImpl.handleMovePlayer for players that collide (survival
    // and adventure): creative and spectator players fly freely here.
    if (p.game_mode != GameMode::Survival && p.game_mode != GameMode::Adventure) return true;
    PlayerEntity* e = world_->player(world_->entities().slot(p.entity));
    if (!e) return true;
    // "moved too quickly": the distance from the tick's first position, squared, may exceed the
    // player's expected (server-side) velocity squared by 100 per move packet of this tick.
    const Vec3 dv = to - p.first_good;
    const double moved = to.dist_sqr(p.first_good);
    const double expected = e->data().motion.dist_sqr({});
    std::int32_t packets = ++p.received_moves;
    if (packets > 5) packets = 1;
    if (moved - expected > 100.0 * packets) {
        log_("WARN",
             p.name + " moved too quickly! " + java_double(dv.x) + "," + java_double(dv.y) + "," + java_double(dv.z));
        return false;
    }
    // "moved wrongly": the server moves the player by the same delta with its own collision and
    // step-up (vanilla's player.move); more than 0.25 blocks away from where the client went
    // (vertical differences within 0.5 do not count) is logged, and sends the player back when
    // its old place was free. Moving into a block the player was not already in sends it back too.
    EntityData& d = e->data();
    const Vec3 from = d.pos;
    const AABB old_box = d.bounding_box().inflate(-1.0e-5);
    std::vector<AABB>& scratch = world_->physics_scratch();
    move_entity(world_->chunks(), d, to - from, d.info->step_height, scratch);
    Vec3 off = to - d.pos;
    d.pos = from;  // the caller moves it (World::teleport keeps the entity index right)
    if (off.y > -0.5 && off.y < 0.5) off.y = 0;
    const bool wrongly = off.x * off.x + off.y * off.y + off.z * off.z > 0.0625;
    if (wrongly) log_("WARN", p.name + " moved wrongly!");
    const AABB new_box{old_box.min + (to - from), old_box.max + (to - from)};
    scratch.clear();
    collect_block_boxes(world_->chunks(), new_box.inflate(1.0e-5), scratch);
    bool into_new = false;
    for (const AABB& b : scratch)
        if (b.intersects(new_box) && !b.intersects(old_box)) into_new = true;
    const bool old_free = no_block_collision(world_->chunks(), old_box, scratch);
    return !((wrongly && old_free) || into_new);
}

void PlayerList::teleport(ServerPlayer& p) {
    p.awaiting_teleport = ++p.next_teleport_id;
    p.connection->send(encode_sync_position(p.pos.x, p.pos.y, p.pos.z, p.yaw, p.pitch, *p.awaiting_teleport));
}

void PlayerList::on_packet(ServerPlayer& p, ServerboundPacket& packet) {
    if (on_item_packet(p, packet)) return;
    if (on_merchant_packet(p, packet)) return;  // player_merchant.cpp
    if (on_survival_packet(p, packet)) return;  // player_combat.cpp
    if (const auto* t = std::get_if<ConfirmTeleport>(&packet)) {
        if (p.awaiting_teleport && *p.awaiting_teleport == t->id) p.awaiting_teleport.reset();
        return;
    }
    if (const auto* m = std::get_if<MovePlayer>(&packet)) return on_move(p, *m);
    if (const auto* i = std::get_if<ClientInformation>(&packet)) return set_client_view_distance(p, i->view_distance);
    if (const auto* b = std::get_if<ChunkBatchReceived>(&packet)) {
        // Vanilla's PlayerChunkSender.onChunkBatchReceivedByClient.
        p.unacknowledged_batches = std::max(0, p.unacknowledged_batches - 1);
        p.desired_chunks_per_tick =
            std::isnan(b->chunks_per_tick) ? 0.01f : std::clamp(b->chunks_per_tick, 0.01f, 64.0f);
        if (p.unacknowledged_batches == 0) p.batch_quota = 1.0f;
        p.max_unacknowledged_batches = 10;
        return;
    }
    if (const auto* k = std::get_if<KeepAliveResponse>(&packet)) {
        if (p.keep_alive_pending && k->id == p.keep_alive_id) {
            p.keep_alive_pending = false;
        } else {
            p.connection->disconnect("Timed out");
        }
        return;
    }
    if (const auto* c = std::get_if<ChatMessage>(&packet)) {
        if (!allowed_chat(c->text)) {
            p.connection->disconnect("Illegal characters in chat");
            return;
        }
        const std::string line = "<" + p.name + "> " + c->text;
        log_("INFO", line);
        broadcast(encode_system_chat(line));
        detect_spam(p);
        return;
    }
    if (const auto* c = std::get_if<ChatCommand>(&packet)) {
        if (!allowed_chat(c->command)) {
            p.connection->disconnect("Illegal characters in chat");
            return;
        }
        on_command(p, c->command);
        detect_spam(p);
        return;
    }
}

void PlayerList::on_closed(const std::shared_ptr<GameConnection>& connection, const std::string& reason) {
    // Vanilla's configuration listener logs it too ("tester lost connection: Timed out").
    if (logging_in_.erase(connection.get())) log_("INFO", connection->name() + " lost connection: " + reason);
    if (ServerPlayer* p = find(connection.get())) remove(*p, reason);
}

void PlayerList::remove(ServerPlayer& player, const std::string& reason) {
    const auto it = std::find_if(players_.begin(), players_.end(), [&](const auto& p) { return p.get() == &player; });
    if (it == players_.end()) return;
    std::unique_ptr<ServerPlayer> gone = std::move(*it);
    players_.erase(it);
    if (tracker_) tracker_->remove_player(*gone);
    online_ = static_cast<std::int32_t>(players_.size());
    if (world_) {
        leave_items(*gone);
        save(*gone);
        for (const ChunkPos c : gone->in_view) world_->remove_player_ticket(c);
        for (const ChunkPos c : gone->simulated) world_->remove_simulation_ticket(c);
        // Erased at once (not at the end of a tick): the same player may log in again before then.
        if (world_->entities().slot(gone->entity)) world_->erase_entity_now(gone->entity);
    }
    log_("INFO", gone->name + " lost connection: " + reason);
    const std::string left = gone->name + " left the game";
    log_("INFO", left);
    broadcast(encode_player_info_remove({gone->uuid}));
    broadcast(encode_system_chat(left, "yellow"));
}

bool PlayerList::in_view(ChunkPos center, ChunkPos pos, std::int32_t view_distance) noexcept {
    // Vanilla's ChunkTrackingView.isWithinDistance with the outer ring adjacent to the border.
    const std::int64_t dx = std::max(0, std::abs(pos.x - center.x) - 2);
    const std::int64_t dz = std::max(0, std::abs(pos.z - center.z) - 2);
    const std::int64_t r = view_distance;
    return dx * dx + dz * dz < r * r;
}

void PlayerList::update_view(ServerPlayer& p, bool force) {
    const ChunkPos now{static_cast<std::int32_t>(std::floor(p.pos.x)) >> 4,
                       static_cast<std::int32_t>(std::floor(p.pos.z)) >> 4};
    if (!force && now == p.center) return;
    p.center = now;
    p.connection->send(encode_center_chunk(now));
    // Forget what left the view…
    for (auto it = p.in_view.begin(); it != p.in_view.end();) {
        if (in_view(now, *it, p.view_distance)) {
            ++it;
            continue;
        }
        if (p.sent.erase(*it)) p.connection->send(encode_unload_chunk(*it));
        world_->remove_player_ticket(*it);
        it = p.in_view.erase(it);
    }
    // …and ticket what entered it; send_chunks loads and sends it, nearest first.
    const std::int32_t r = p.view_distance + 2;
    for (std::int32_t x = now.x - r; x <= now.x + r; ++x)
        for (std::int32_t z = now.z - r; z <= now.z + r; ++z) {
            const ChunkPos c{x, z};
            if (in_view(now, c, p.view_distance) && p.in_view.insert(c).second) world_->add_player_ticket(c);
        }
    // Vanilla's simulation ticket (level 31 - simulation-distance, spread to the neighbours): the
    // square of chunks within simulation-distance is loaded and its entities tick.
    const std::int32_t sim = std::max(0, settings_.simulation_distance);
    auto simulated = [&](ChunkPos c) { return std::abs(c.x - now.x) <= sim && std::abs(c.z - now.z) <= sim; };
    for (auto it = p.simulated.begin(); it != p.simulated.end();) {
        if (simulated(*it)) {
            ++it;
            continue;
        }
        world_->remove_simulation_ticket(*it);
        it = p.simulated.erase(it);
    }
    for (std::int32_t x = now.x - sim; x <= now.x + sim; ++x)
        for (std::int32_t z = now.z - sim; z <= now.z + sim; ++z)
            if (p.simulated.insert({x, z}).second) world_->add_simulation_ticket({x, z});
}

void PlayerList::send_chunks(ServerPlayer& p) {
    // Vanilla's PlayerChunkSender.sendNextChunks.
    if (p.unacknowledged_batches >= p.max_unacknowledged_batches) return;
    const float wanted = std::max(1.0f, p.desired_chunks_per_tick);
    p.batch_quota = std::min(p.batch_quota + p.desired_chunks_per_tick, wanted);
    if (p.batch_quota < 1.0f) return;
    const auto quota = std::min<std::size_t>(static_cast<std::size_t>(p.batch_quota), kMaxBatchChunks);
    std::vector<std::pair<std::int64_t, ChunkPos>> pending;
    for (const ChunkPos c : p.in_view) {
        if (p.sent.count(c)) continue;
        const std::int64_t dx = c.x - p.center.x, dz = c.z - p.center.z;
        pending.push_back({dx * dx + dz * dz, c});
    }
    if (pending.empty()) return;
    const std::size_t n = std::min(quota, pending.size());
    std::partial_sort(pending.begin(), pending.begin() + static_cast<std::ptrdiff_t>(n), pending.end());
    std::vector<const LevelChunk*> batch;
    for (std::size_t i = 0; i < n; ++i) {
        const ChunkPos c = pending[i].second;
        world_->ensure_chunks({c.x * 16, 0, c.z * 16}, 0);
        if (const LevelChunk* chunk = world_->chunks().chunk(c)) batch.push_back(chunk);
    }
    if (batch.empty()) return;
    ++p.unacknowledged_batches;
    p.connection->send(encode_chunk_batch_start());
    for (const LevelChunk* chunk : batch) {
        p.connection->send(encoder_->encode(*chunk));
        p.sent.insert(chunk->pos());
    }
    p.connection->send(encode_chunk_batch_finished(static_cast<std::int32_t>(batch.size())));
    p.batch_quota -= static_cast<float>(batch.size());
}

void PlayerList::keep_alive(ServerPlayer& p, std::chrono::steady_clock::time_point now) {
    if (now - p.keep_alive_sent < settings_.keep_alive_interval) return;
    if (p.keep_alive_pending) {
        log_("INFO", p.name + " did not answer a keep-alive in time");
        p.connection->disconnect("Timed out");
        return;
    }
    p.keep_alive_sent = now;
    p.keep_alive_pending = true;
    p.keep_alive_id = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
    p.connection->send(encode_keep_alive(p.keep_alive_id));
}

void PlayerList::on_block_changed(BlockPos pos, BlockState, BlockState) {
    if (players_.empty()) return;
    const ChunkPos c = ChunkPos::of(pos);
    const std::int32_t sy = pos.y >> 4;
    changed_[{c, sy}].insert(static_cast<std::uint16_t>(((pos.x & 15) << 8) | ((pos.z & 15) << 4) | (pos.y & 15)));
}

void PlayerList::flush_block_changes() {
    // Vanilla's ChunkHolder.broadcastChanges: one Block Update for a single change in a section,
    // else one Update Section Blocks.
    for (const auto& [key, locals] : changed_) {
        const auto& [c, sy] = key;
        std::string body;
        if (locals.size() == 1) {
            const std::uint16_t l = *locals.begin();
            const BlockPos pos{c.x * 16 + (l >> 8), sy * 16 + (l & 15), c.z * 16 + ((l >> 4) & 15)};
            body = encode_block_update(pos, network_block_id(world_->block_state(pos)));
        } else {
            std::vector<std::pair<std::uint16_t, std::uint32_t>> changes;
            for (const std::uint16_t l : locals) {
                const BlockPos pos{c.x * 16 + (l >> 8), sy * 16 + (l & 15), c.z * 16 + ((l >> 4) & 15)};
                changes.push_back({l, network_block_id(world_->block_state(pos))});
            }
            body = encode_section_blocks_update(c.x, sy, c.z, changes);
        }
        for (auto& p : players_)
            if (p->sent.count(c)) p->connection->send(body);
    }
    changed_.clear();
}

void PlayerList::tick() {
    ++ticks_;
    if (!world_) return;
    flush_block_changes();
    const auto now = std::chrono::steady_clock::now();
    // A keep-alive timeout only asks the connection to close; the player leaves when it has.
    for (auto& p : players_) {
        sync_from_entity(*p);
        tick_floating(*p);
        tick_items(*p);
        survival_tick(*p);
        keep_alive(*p, now);
        if (p->chat_spam > 0) --p->chat_spam;
        if (ticks_ % 20 == 0)
            p->connection->send(encode_update_time(world_->game_time(), world_->options().rules.do_daylight_cycle
                                                                            ? world_->day_time()
                                                                            : -world_->day_time()));
        send_chunks(*p);
    }
    tracker_->tick();
}

}  // namespace mobsdk::server
