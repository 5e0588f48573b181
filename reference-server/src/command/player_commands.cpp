// The player commands: say, me, msg (tell, w), kick, op, deop and whitelist, with vanilla's syntax
// and messages. Players are named as vanilla's EntityArgument.players() and GameProfileArgument
// read them: a name, a UUID, or @a, @p, @r, @s (options in brackets are not read here; see
// docs/server.md).
#include <algorithm>

#include "mobserver/command/arguments.hpp"
#include "mobserver/command/commands.hpp"
#include "mobserver/command/player_admin.hpp"
#include "mobserver/command/selector.hpp"
#include "mobserver/net/offline_uuid.hpp"
#include "mobserver/server/user_lists.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

using Ctx = CommandContext;
using R = CommandResultValue;

R fail(std::string message) { return unexpected(CommandError::plain(std::move(message))); }

/// How a command named its players.
struct PlayerSelector {
    enum class Kind { Name, Id, All, Nearest, Random, Self };
    Kind kind = Kind::Name;
    std::string name;  // Kind::Name
    Uuid uuid;         // Kind::Id
    bool uses_selector() const noexcept { return kind != Kind::Name && kind != Kind::Id; }
};

// EntityArgument.players() (profiles = false) and GameProfileArgument (profiles = true): the same
// selectors; a plain word is a player's name or UUID, or for a profile any valid player name.
class PlayersArgument final : public ArgumentType {
public:
    explicit PlayersArgument(bool profiles) : profiles_(profiles) {}
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        const std::size_t start = reader.cursor();
        PlayerSelector s;
        if (reader.can_read() && reader.peek() == '@') {
            reader.skip();
            if (!reader.can_read()) return unexpected(reader.error("Missing selector type"));
            const std::size_t at = reader.cursor();
            const char c = reader.read();
            switch (c) {
                case 'a': s.kind = PlayerSelector::Kind::All; break;
                case 'p': s.kind = PlayerSelector::Kind::Nearest; break;
                case 'r': s.kind = PlayerSelector::Kind::Random; break;
                case 's': s.kind = PlayerSelector::Kind::Self; break;
                case 'e':
                    return unexpected(reader.error_at(
                        "Only players may be affected by this command, but the provided selector includes entities",
                        0));  // vanilla resets the cursor to the start of the line
                default:
                    reader.set_cursor(at);
                    return unexpected(reader.error(std::string("Unknown selector type '@") + c + "'"));
            }
            return std::any(s);
        }
        std::size_t end = start;
        while (reader.can_read(end - start + 1) && reader.peek(end - start) != ' ') ++end;
        const std::string word(reader.remaining().substr(0, end - start));
        if (!profiles_) {
            if (auto id = word.size() > 16 ? parse_java_uuid(word) : std::nullopt) {
                s.kind = PlayerSelector::Kind::Id;
                s.uuid = *id;
            } else if (word.empty() || word.size() > 16) {
                return unexpected(reader.error("Invalid name or UUID"));
            }
        }
        reader.set_cursor(end);
        if (s.kind == PlayerSelector::Kind::Name) s.name = word;
        return std::any(s);
    }

private:
    bool profiles_;
};

std::shared_ptr<const ArgumentType> players_arg() { return std::make_shared<PlayersArgument>(false); }
std::shared_ptr<const ArgumentType> profiles_arg() { return std::make_shared<PlayersArgument>(true); }

// EntitySelector.findPlayers, for the players online.
Result<std::vector<OnlinePlayer>, CommandError> select_players(const PlayerSelector& s, const PlayerAdmin& players,
                                                               const CommandSource& source, RandomSource& random) {
    if (s.uses_selector() && source.permission_level() < 2)
        return unexpected(CommandError::plain("Selector not allowed"));
    std::vector<OnlinePlayer> online = players.online_players();
    std::vector<OnlinePlayer> out;
    switch (s.kind) {
        case PlayerSelector::Kind::Name:
            for (auto& p : online)
                if (same_player_name(p.name, s.name)) out.push_back(std::move(p));
            break;
        case PlayerSelector::Kind::Id:
            for (auto& p : online)
                if (p.uuid == s.uuid) out.push_back(std::move(p));
            break;
        case PlayerSelector::Kind::All: out = std::move(online); break;
        case PlayerSelector::Kind::Nearest:
            if (!online.empty()) {
                const Vec3 at = source.position();
                auto d2 = [&](const OnlinePlayer& p) {
                    const Vec3 d = p.pos - at;
                    return d.x * d.x + d.y * d.y + d.z * d.z;
                };
                out.push_back(*std::min_element(online.begin(), online.end(),
                                                [&](const auto& a, const auto& b) { return d2(a) < d2(b); }));
            }
            break;
        case PlayerSelector::Kind::Random:
            if (!online.empty()) {
                // The level's seeded random, as the entity selectors' @r.
                out.push_back(
                    online[static_cast<std::size_t>(random.next_int(static_cast<std::int32_t>(online.size())))]);
            }
            break;
        case PlayerSelector::Kind::Self:
            for (auto& p : online)
                if (source.player() && p.uuid == *source.player()) out.push_back(std::move(p));
            break;
    }
    if (out.empty()) return unexpected(CommandError::plain("No player was found"));
    return out;
}

// GameProfileArgument.getGameProfiles: a player online by that name, else (offline mode) the
// profile any valid name has.
Result<std::vector<PlayerProfile>, CommandError> select_profiles(const PlayerSelector& s, const PlayerAdmin& players,
                                                                 const CommandSource& source, RandomSource& random) {
    std::vector<PlayerProfile> out;
    if (s.kind == PlayerSelector::Kind::Name) {
        for (const auto& p : players.online_players())
            if (same_player_name(p.name, s.name)) return std::vector<PlayerProfile>{{p.name, p.uuid}};
        if (!valid_player_name(s.name)) return unexpected(CommandError::plain("That player does not exist"));
        out.push_back({s.name, offline_player_uuid(s.name)});
        return out;
    }
    auto online = select_players(s, players, source, random);
    if (!online) return unexpected(online.error());
    for (const auto& p : *online) out.push_back({p.name, p.uuid});
    return out;
}

template <class F>
R for_players(PlayerAdmin& players, ServerControl& server, Ctx& c, F&& each) {
    auto targets = select_players(c.get<PlayerSelector>("targets"), players, c.source(), server.world().random());
    if (!targets) return unexpected(targets.error());
    for (const auto& p : *targets) each(p);
    return static_cast<int>(targets->size());
}

// op, deop, whitelist add/remove: `change` returns false when the player was already so.
template <class F>
R change_profiles(PlayerAdmin& players, ServerControl& server, Ctx& c, const std::string& failed, F&& change) {
    auto targets = select_profiles(c.get<PlayerSelector>("targets"), players, c.source(), server.world().random());
    if (!targets) return unexpected(targets.error());
    int changed = 0;
    for (const auto& p : *targets)
        if (change(p)) ++changed;
    if (changed == 0) return fail(failed);
    return changed;
}

void register_chat(CommandDispatcher& d, PlayerAdmin& players, ServerControl& server) {
    d.root().literal("say").argument("message", greedy_string_arg()).executes([&players](Ctx& c) -> R {
        players.broadcast_message("[" + std::string(c.source().name()) + "] " + c.get<std::string>("message"));
        return 1;
    });
    d.root().literal("me").argument("action", greedy_string_arg()).executes([&players](Ctx& c) -> R {
        players.broadcast_message("* " + std::string(c.source().name()) + " " + c.get<std::string>("action"));
        return 1;
    });
    auto& msg = d.root().literal("msg");
    msg.argument("targets", players_arg())
        .argument("message", greedy_string_arg())
        .executes([&players, &server](Ctx& c) {
            const std::string& text = c.get<std::string>("message");
            const std::string from(c.source().name());
            return for_players(players, server, c, [&](const OnlinePlayer& p) {
                players.send_message(p.uuid, from + " whispers to you: " + text, MessageStyle::Whisper);
                c.source().send_message("You whisper to " + p.name + ": " + text, MessageStyle::Whisper);
            });
        });
    d.root().literal("tell").redirect(msg);
    d.root().literal("w").redirect(msg);
}

void register_admin(CommandDispatcher& d, PlayerAdmin& players, ServerControl& server) {
    auto kick = [&players, &server](Ctx& c, const std::string& reason) {
        return for_players(players, server, c, [&](const OnlinePlayer& p) {
            players.kick(p.uuid, reason);
            c.source().send_success("Kicked " + p.name + ": " + reason);
        });
    };
    auto& targets = d.root().literal("kick").argument("targets", players_arg());
    targets.executes([kick](Ctx& c) { return kick(c, "Kicked by an operator"); });
    targets.argument("reason", greedy_string_arg()).executes([kick](Ctx& c) {
        return kick(c, c.get<std::string>("reason"));
    });

    d.root().literal("op").argument("targets", profiles_arg()).executes([&players, &server](Ctx& c) {
        return change_profiles(players, server, c, "Nothing changed. The player already is an operator",
                               [&](const PlayerProfile& p) {
                                   if (!players.op(p)) return false;
                                   c.source().send_success("Made " + p.name + " a server operator");
                                   return true;
                               });
    });
    d.root().literal("deop").argument("targets", profiles_arg()).executes([&players, &server](Ctx& c) {
        return change_profiles(players, server, c, "Nothing changed. The player is not an operator",
                               [&](const PlayerProfile& p) {
                                   if (!players.deop(p)) return false;
                                   c.source().send_success("Made " + p.name + " no longer a server operator");
                                   return true;
                               });
    });
}

void register_whitelist(CommandDispatcher& d, PlayerAdmin& players, ServerControl& server) {
    auto& wl = d.root().literal("whitelist");
    for (const bool on : {true, false}) {
        wl.literal(on ? "on" : "off").executes([&players, on](Ctx& c) -> R {
            if (players.whitelist_enabled() == on)
                return fail(on ? "Whitelist is already turned on" : "Whitelist is already turned off");
            players.set_whitelist_enabled(on);
            c.source().send_success(on ? "Whitelist is now turned on" : "Whitelist is now turned off");
            if (on) players.kick_unlisted_players();
            return 1;
        });
    }
    wl.literal("list").executes([&players](Ctx& c) -> R {
        const auto names = players.whitelist_names();
        if (names.empty()) {
            c.source().send_success("There are no whitelisted players");
            return 0;
        }
        std::string joined;
        for (const auto& n : names) joined += (joined.empty() ? "" : ", ") + n;
        c.source().send_success("There are " + std::to_string(names.size()) + " whitelisted player(s): " + joined);
        return static_cast<int>(names.size());
    });
    wl.literal("add").argument("targets", profiles_arg()).executes([&players, &server](Ctx& c) {
        return change_profiles(players, server, c, "Player is already whitelisted", [&](const PlayerProfile& p) {
            if (!players.whitelist_add(p)) return false;
            c.source().send_success("Added " + p.name + " to the whitelist");
            return true;
        });
    });
    wl.literal("remove").argument("targets", profiles_arg()).executes([&players, &server](Ctx& c) {
        auto r = change_profiles(players, server, c, "Player is not whitelisted", [&](const PlayerProfile& p) {
            if (!players.whitelist_remove(p)) return false;
            c.source().send_success("Removed " + p.name + " from the whitelist");
            return true;
        });
        if (r) players.kick_unlisted_players();
        return r;
    });
    wl.literal("reload").executes([&players](Ctx& c) -> R {
        players.reload_whitelist();
        c.source().send_success("Reloaded the whitelist");
        players.kick_unlisted_players();
        return 1;
    });
}

}  // namespace

void register_player_commands(CommandDispatcher& dispatcher, PlayerAdmin& players, ServerControl& server) {
    register_chat(dispatcher, players, server);
    register_admin(dispatcher, players, server);
    register_whitelist(dispatcher, players, server);
}

}  // namespace mobsdk::server
