// PlayerList as PlayerAdmin: players' commands (a PlayerCommandSource on the tick strand), chat
// lines to players, kicks, the operators (ops.json) and the whitelist (whitelist.json), as
// vanilla's PlayerList and ServerGamePacketListenerImpl keep them.
#include <algorithm>

#include "mobserver/command/commands.hpp"
#include "mobserver/net/entity_packets.hpp"
#include "mobserver/net/play_packets.hpp"
#include "mobserver/server/player_list.hpp"

namespace mobsdk::server {

namespace {

// A player running a command (vanilla's ServerPlayer.createCommandSourceStack): its name,
// position, rotation and permission level; answers go to its chat, failures red, and the successes
// of a command that changes something also to the other operators and the log ("[tester: Set the
// time to 1000]").
class PlayerCommandSource final : public CommandSource {
public:
    PlayerCommandSource(PlayerList& list, ServerPlayer& player, bool shown_to_ops)
        : list_(&list), player_(&player), level_(list.permission_level(player.uuid)), shown_(shown_to_ops) {}
    void send_success(std::string_view line) override {
        player_->connection->send(encode_system_chat(line));
        if (shown_) list_->broadcast_to_ops(player_->name, line, &player_->uuid);
    }
    void send_failure(std::string_view line) override { player_->connection->send(encode_system_chat(line, "red")); }
    void send_message(std::string_view line, MessageStyle style) override {
        const bool whisper = style == MessageStyle::Whisper;
        player_->connection->send(encode_system_chat(line, whisper ? "gray" : "", whisper));
    }
    Vec3 position() const override { return player_->pos; }
    Vec2 rotation() const override { return {player_->pitch, player_->yaw}; }
    std::string_view name() const override { return player_->name; }
    std::int32_t permission_level() const override { return level_; }
    std::optional<Uuid> player() const override { return player_->uuid; }
    /// The player's entity in the world: `@s`, and what `tp`, `gamemode` act on without targets.
    std::optional<EntityHandle> entity() const override {
        if (player_->entity.valid()) return player_->entity;
        return std::nullopt;
    }

private:
    PlayerList* list_;
    ServerPlayer* player_;
    std::int32_t level_;
    bool shown_;
};

}  // namespace

void PlayerList::on_command(ServerPlayer& p, const std::string& command) {
    log_("INFO", p.name + " issued server command: /" + command);
    PlayerCommandSource source(*this, p, feedback_shown_to_ops(command));
    if (run_command_) {
        run_command_(command, source);
        return;
    }
    source.send_failure("Unknown or incomplete command, see below for error");
    source.send_failure(command + "<--[HERE]");
}

bool PlayerList::detect_spam(ServerPlayer& p) {
    // Vanilla's detectRateSpam: 20 a line, one less a tick; past 200 a non-operator is kicked.
    p.chat_spam += 20;
    if (p.chat_spam <= 200 || is_op(p.uuid)) return false;
    p.connection->disconnect("Kicked for spamming");
    return true;
}

void PlayerList::send_permission_level(ServerPlayer& p) {
    const std::int32_t level = std::clamp(permission_level(p.uuid), 0, kMaxPermissionLevel);
    p.connection->send(encode_entity_event(p.entity_id, static_cast<std::int8_t>(24 + level)));
}

ServerPlayer* PlayerList::find(const Uuid& uuid) noexcept {
    for (auto& p : players_)
        if (p->uuid == uuid) return p.get();
    return nullptr;
}

std::int32_t PlayerList::permission_level(const Uuid& player) const noexcept {
    for (const auto& op : settings_.ops)
        if (op.uuid == player) return op.level;
    return 0;
}

void PlayerList::broadcast_to_ops(std::string_view source, std::string_view line, const Uuid* except) {
    const std::string text = "[" + std::string(source) + ": " + std::string(line) + "]";
    const std::string body = encode_system_chat(text, "gray", true);
    for (auto& p : players_)
        if ((!except || p->uuid != *except) && is_op(p->uuid)) p->connection->send(body);
    log_("INFO", text);
}

std::vector<OnlinePlayer> PlayerList::online_players() const {
    std::vector<OnlinePlayer> out;
    for (const auto& p : players_) out.push_back({p->name, p->uuid, p->pos});
    return out;
}

void PlayerList::broadcast_message(std::string_view line) {
    log_("INFO", std::string(line));
    broadcast(encode_system_chat(line));
}

void PlayerList::send_message(const Uuid& player, std::string_view line, MessageStyle style) {
    const bool whisper = style == MessageStyle::Whisper;
    if (ServerPlayer* p = find(player)) p->connection->send(encode_system_chat(line, whisper ? "gray" : "", whisper));
}

void PlayerList::kick(const Uuid& player, std::string_view reason) {
    // The player leaves when its connection has closed ("tester lost connection: <reason>").
    if (ServerPlayer* p = find(player)) p->connection->disconnect(std::string(reason));
}

bool PlayerList::is_op(const Uuid& player) const {
    return std::any_of(settings_.ops.begin(), settings_.ops.end(), [&](const OpEntry& e) { return e.uuid == player; });
}

bool PlayerList::op(const PlayerProfile& player) {
    if (is_op(player.uuid)) return false;
    settings_.ops.push_back({player.uuid, player.name, settings_.op_permission_level, false});
    save_ops();
    if (ServerPlayer* p = find(player.uuid)) send_permission_level(*p);
    return true;
}

bool PlayerList::deop(const PlayerProfile& player) {
    auto& ops = settings_.ops;
    const auto it = std::find_if(ops.begin(), ops.end(), [&](const OpEntry& e) { return e.uuid == player.uuid; });
    if (it == ops.end()) return false;
    ops.erase(it);
    save_ops();
    if (ServerPlayer* p = find(player.uuid)) send_permission_level(*p);
    return true;
}

void PlayerList::save_ops() {
    if (settings_.ops_file.empty()) return;
    // As vanilla's StoredUserList.save: the list in memory stays changed when the file cannot be written.
    if (auto r = write_ops(settings_.ops_file, settings_.ops); !r)
        log_("WARN", "Could not save ops.json: " + r.error());
}

void PlayerList::save_whitelist() {
    if (settings_.whitelist_file.empty()) return;
    if (auto r = write_whitelist(settings_.whitelist_file, settings_.whitelist); !r)
        log_("WARN", "Could not save whitelist.json: " + r.error());
}

void PlayerList::set_whitelist_enabled(bool enabled) {
    settings_.white_list = enabled;
    if (save_white_list_) save_white_list_(enabled);
}

std::vector<std::string> PlayerList::whitelist_names() const {
    std::vector<std::string> out;
    for (const auto& e : settings_.whitelist) out.push_back(e.name);
    return out;
}

bool PlayerList::is_whitelisted(const PlayerProfile& player) const {
    return std::any_of(settings_.whitelist.begin(), settings_.whitelist.end(), [&](const WhitelistEntry& e) {
        return e.uuid == player.uuid || same_player_name(e.name, player.name);
    });
}

bool PlayerList::whitelist_add(const PlayerProfile& player) {
    if (is_whitelisted(player)) return false;
    settings_.whitelist.push_back({player.uuid, player.name});
    save_whitelist();
    return true;
}

bool PlayerList::whitelist_remove(const PlayerProfile& player) {
    auto& list = settings_.whitelist;
    const auto it = std::find_if(list.begin(), list.end(), [&](const WhitelistEntry& e) {
        return e.uuid == player.uuid || same_player_name(e.name, player.name);
    });
    if (it == list.end()) return false;
    list.erase(it);
    save_whitelist();
    return true;
}

void PlayerList::reload_whitelist() {
    if (settings_.whitelist_file.empty()) return;
    if (auto entries = read_whitelist(settings_.whitelist_file)) {
        settings_.whitelist = std::move(*entries);
    } else {
        log_("WARN", "Failed to load the white-list, so it is empty: " + entries.error());
        settings_.whitelist.clear();
    }
}

void PlayerList::kick_unlisted_players() {
    // Vanilla's kickUnlistedPlayers: only with enforce-whitelist, and operators are not spared.
    if (!settings_.enforce_whitelist || !settings_.white_list) return;
    for (auto& p : players_)
        if (!is_whitelisted({p->name, p->uuid})) p->connection->disconnect("You are not white-listed on this server!");
}

}  // namespace mobsdk::server
