// Players moving: vanilla's ServerGamePacketListenerImpl.handleMovePlayer around check_move (invalid
// values, the teleport wait, the floating kick of allow-flight=false) and the client's view distance.
#include <algorithm>
#include <cmath>

#include "mobserver/server/player_list.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

constexpr std::int32_t kMaxFloatingTicks = 80;  // vanilla's aboveGroundTickCount limit

// Vanilla's Mth.clamp(value, min, max) as ChunkMap.getPlayerViewDistance uses it.
std::int32_t mth_clamp(std::int32_t value, std::int32_t min, std::int32_t max) noexcept {
    return value < min ? min : std::min(value, max);
}

}  // namespace

void PlayerList::on_move(ServerPlayer& p, const MovePlayer& m) {
    if (const std::string_view why = invalid_move_values(m); !why.empty()) {
        log_("WARN", p.name + " (/" + p.connection->address() + ") sent an invalid move: " + std::string(why));
        p.connection->disconnect("Invalid move player packet received");
        return;
    }
    PlayerEntity* e = world_->player(world_->entities().slot(p.entity));
    if (!e) return;
    if (sync_teleport(p, *e)) return;  // a command moved the player after the client sent this move
    if (p.awaiting_teleport) return;   // vanilla ignores moves until the teleport is confirmed
    const double from_y = e->data().pos.y;
    if (m.has_pos) {
        const Vec3 to{m.x, m.y, m.z};
        if (!check_move(p, to)) {
            teleport(p);  // back to the last good position
            return;
        }
        // Vanilla's clientIsFloating: not going down by more than 1/32 of a block since the last
        // accepted position, and only air around where it is now.
        const bool not_falling = to.y - p.pos.y >= -0.03125;
        p.pos = to;
        world_->teleport(p.entity, to);
        p.client_is_floating = not_falling && floating(p, e->data());
    } else {
        p.client_is_floating = floating(p, e->data());
    }
    if (m.has_rot) {
        p.yaw = e->data().y_rot = m.yaw;
        p.pitch = e->data().x_rot = m.pitch;
    }
    e->data().on_ground = m.on_ground;
    e->check_fall_damage(e->data().pos.y - from_y, m.on_ground);
    update_view(p, false);
}

bool PlayerList::floating(const ServerPlayer& p, const EntityData& d) const {
    // Players who may fly (creative: mayfly) and spectators never float; neither does anyone with
    // allow-flight=true.
    if (settings_.allow_flight || (p.game_mode != GameMode::Survival && p.game_mode != GameMode::Adventure))
        return false;
    // Vanilla's noBlocksAround: every block touching the box grown by 1/16 and stretched 0.55 down is air.
    const AABB box = d.bounding_box().inflate(0.0625);
    const BlockRegistry& blocks = world_->blocks();
    for (auto x = static_cast<std::int32_t>(std::floor(box.min.x)); x <= std::floor(box.max.x); ++x)
        for (auto y = static_cast<std::int32_t>(std::floor(box.min.y - 0.55)); y <= std::floor(box.max.y); ++y)
            for (auto z = static_cast<std::int32_t>(std::floor(box.min.z)); z <= std::floor(box.max.z); ++z) {
                const BlockState s = world_->block_state({x, y, z});
                if (s.id == 0) continue;
                const std::string_view name = blocks.id_of(s).path();
                if (name != "cave_air" && name != "void_air") return false;
            }
    return true;
}

void PlayerList::tick_floating(ServerPlayer& p) {
    // Vanilla's ServerGamePacketListenerImpl.tick: floating for more than 80 ticks in a row kicks.
    if (!p.client_is_floating || settings_.allow_flight ||
        (p.game_mode != GameMode::Survival && p.game_mode != GameMode::Adventure)) {
        p.client_is_floating = false;
        p.above_ground_ticks = 0;
        return;
    }
    if (++p.above_ground_ticks <= kMaxFloatingTicks) return;
    log_("WARN", p.name + " was kicked for floating too long!");
    p.connection->disconnect("Flying is not enabled on this server");
    p.client_is_floating = false;
    p.above_ground_ticks = 0;
}

void PlayerList::set_client_view_distance(ServerPlayer& p, std::int32_t requested) {
    // Vanilla's ChunkMap.getPlayerViewDistance: the client's wish within 2 and `view-distance`;
    // a change resends the view (new chunks are sent, those beyond it are unloaded).
    const std::int32_t distance = mth_clamp(requested, 2, settings_.view_distance);
    if (distance == p.view_distance) return;
    p.view_distance = distance;
    update_view(p, true);
}

}  // namespace mobsdk::server
