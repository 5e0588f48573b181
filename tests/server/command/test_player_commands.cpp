// The player commands (say, me, msg, kick, op, deop, whitelist) against a fake player list:
// vanilla's messages exactly, player names and selectors, and the permission levels that hide a
// command from a player below them.
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "mobserver/command/player_admin.hpp"
#include "mobserver/net/offline_uuid.hpp"
#include "mobserver/server/user_lists.hpp"
#include "test_server_control.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
using namespace mobsdk::server::testing;
using Lines = std::vector<std::string>;

namespace {

/// Records what the commands did to the players.
class FakePlayers final : public PlayerAdmin {
public:
    std::vector<OnlinePlayer> online_players() const override { return online; }
    void broadcast_message(std::string_view line) override { broadcasts.emplace_back(line); }
    void send_message(const Uuid& player, std::string_view line, MessageStyle style) override {
        messages.push_back(name_of(player) + (style == MessageStyle::Whisper ? " (whisper): " : ": ") +
                           std::string(line));
    }
    void kick(const Uuid& player, std::string_view reason) override {
        kicks.push_back(name_of(player) + ": " + std::string(reason));
    }
    bool is_op(const Uuid& player) const override {
        return std::any_of(ops.begin(), ops.end(), [&](const PlayerProfile& p) { return p.uuid == player; });
    }
    bool op(const PlayerProfile& player) override {
        if (is_op(player.uuid)) return false;
        ops.push_back(player);
        return true;
    }
    bool deop(const PlayerProfile& player) override {
        const auto n = std::erase_if(ops, [&](const PlayerProfile& p) { return p.uuid == player.uuid; });
        return n > 0;
    }
    bool whitelist_enabled() const override { return whitelist_on; }
    void set_whitelist_enabled(bool enabled) override { whitelist_on = enabled; }
    std::vector<std::string> whitelist_names() const override {
        std::vector<std::string> out;
        for (const auto& p : whitelist) out.push_back(p.name);
        return out;
    }
    bool is_whitelisted(const PlayerProfile& player) const override {
        return std::any_of(whitelist.begin(), whitelist.end(), [&](const auto& p) { return p.uuid == player.uuid; });
    }
    bool whitelist_add(const PlayerProfile& player) override {
        if (is_whitelisted(player)) return false;
        whitelist.push_back(player);
        return true;
    }
    bool whitelist_remove(const PlayerProfile& player) override {
        return std::erase_if(whitelist, [&](const PlayerProfile& p) { return p.uuid == player.uuid; }) > 0;
    }
    void reload_whitelist() override { ++reloads; }
    void kick_unlisted_players() override { ++unlisted_kicks; }

    std::string name_of(const Uuid& uuid) const {
        for (const auto& p : online)
            if (p.uuid == uuid) return p.name;
        return "?";
    }
    void join(const std::string& name, Vec3 pos = {}) { online.push_back({name, offline_player_uuid(name), pos}); }

    std::vector<OnlinePlayer> online;
    std::vector<PlayerProfile> ops, whitelist;
    bool whitelist_on = false;
    int reloads = 0, unlisted_kicks = 0;
    Lines broadcasts, messages, kicks;
};

class PlayersControl final : public TestServerControl {
public:
    PlayersControl(WorldHarness& harness, FakePlayers& players) : TestServerControl(harness), players_(&players) {}
    PlayerAdmin* player_admin() override { return players_; }

private:
    FakePlayers* players_;
};

/// Every command registered with a fake player list; `source` runs them (level 4 unless set).
struct PlayersFixture {
    WorldHarness harness;
    FakePlayers players;
    PlayersControl server{harness, players};
    CommandDispatcher dispatcher;
    CollectingSource source{"Server", Vec3{0.5, -60.0, 0.5}};
    PlayersFixture() {
        register_vanilla_commands(dispatcher, server);
        players.join("tester", {0, -60, 0});
        players.join("other", {50, -60, 0});
    }
    Lines run(std::string_view line) {
        source.clear();
        last = dispatcher.execute(line, source);
        return source.lines;
    }
    CommandOutcome last;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(player_commands)

BOOST_AUTO_TEST_CASE(say_me_and_msg) {
    PlayersFixture f;
    BOOST_TEST(f.run("say hello there").empty());
    f.source = CollectingSource("tester");
    f.source.set_player(offline_player_uuid("tester"));
    f.run("say hi");
    f.run("me waves");
    BOOST_TEST(f.players.broadcasts == (Lines{"[Server] hello there", "[tester] hi", "* tester waves"}));
    BOOST_TEST(f.run("msg other hi you") == (Lines{"You whisper to other: hi you"}));
    BOOST_TEST(f.players.messages == (Lines{"other (whisper): tester whispers to you: hi you"}));
    BOOST_TEST(f.run("tell OTHER x").size() == 1u);  // names match whatever their case
    BOOST_TEST(f.run("w @a y") == (Lines{"You whisper to tester: y", "You whisper to other: y"}));
    BOOST_TEST(f.run("msg nobody hi") == (Lines{"No player was found"}));
    BOOST_TEST(f.run("msg @e hi") ==
               (Lines{"Only players may be affected by this command, but the provided selector includes entities",
                      "msg @e hi<--[HERE]"}));  // vanilla puts the cursor at the start
}

BOOST_AUTO_TEST_CASE(gamemode_tells_the_player_another_source_changed) {
    // Vanilla's GameModeCommand.logGamemodeChange: the target hears "gameMode.changed" unless it
    // changed its own mode.
    PlayersFixture f;
    World& w = f.harness.world();
    PlayerEntity& tester = w.player_kind().spawn(w, offline_player_uuid("tester"), "tester", {0.5, -60.0, 0.5});
    BOOST_TEST(f.run("gamemode creative tester") == (Lines{"Set tester's game mode to Creative Mode"}));
    BOOST_TEST(f.players.messages == (Lines{"tester: Your game mode has been updated to Creative Mode"}));
    f.players.messages.clear();
    f.source.set_entity(tester.handle());
    BOOST_TEST(f.run("gamemode spectator") == (Lines{"Set own game mode to Spectator Mode"}));
    BOOST_TEST(f.players.messages.empty());
}

BOOST_AUTO_TEST_CASE(selectors_need_level_2) {
    PlayersFixture f;
    f.source = CollectingSource("tester", {0, -60, 0});
    f.source.set_player(offline_player_uuid("tester"));
    f.source.set_permission_level(0);
    BOOST_TEST(f.run("msg @a hi") == (Lines{"Selector not allowed"}));
    BOOST_TEST(f.run("msg other hi") == (Lines{"You whisper to other: hi"}));
    f.source.set_permission_level(2);
    BOOST_TEST(f.run("msg @p hi") == (Lines{"You whisper to tester: hi"}));  // the nearest is itself
    BOOST_TEST(f.run("msg @s hi") == (Lines{"You whisper to tester: hi"}));
}

BOOST_AUTO_TEST_CASE(kick_with_and_without_a_reason) {
    PlayersFixture f;
    BOOST_TEST(f.run("kick tester") == (Lines{"Kicked tester: Kicked by an operator"}));
    BOOST_TEST(f.run("kick other Go away now") == (Lines{"Kicked other: Go away now"}));
    BOOST_TEST(f.players.kicks == (Lines{"tester: Kicked by an operator", "other: Go away now"}));
    BOOST_TEST(f.run("kick ghost") == (Lines{"No player was found"}));
    BOOST_TEST(f.last.success == false);
}

BOOST_AUTO_TEST_CASE(op_and_deop) {
    PlayersFixture f;
    BOOST_TEST(f.run("op tester") == (Lines{"Made tester a server operator"}));
    BOOST_TEST(f.run("op Tester") == (Lines{"Nothing changed. The player already is an operator"}));
    // A player who is not online: the offline profile of the name.
    BOOST_TEST(f.run("op Notch") == (Lines{"Made Notch a server operator"}));
    BOOST_TEST(f.players.ops.back().uuid == offline_player_uuid("Notch"));
    BOOST_TEST(f.run("op bad-name") == (Lines{"That player does not exist"}));
    BOOST_TEST(f.run("deop tester") == (Lines{"Made tester no longer a server operator"}));
    BOOST_TEST(f.run("deop tester") == (Lines{"Nothing changed. The player is not an operator"}));
    BOOST_TEST(f.run("op @a") == (Lines{"Made tester a server operator", "Made other a server operator"}));
}

BOOST_AUTO_TEST_CASE(whitelist_feedback) {
    PlayersFixture f;
    BOOST_TEST(f.run("whitelist list") == (Lines{"There are no whitelisted players"}));
    BOOST_TEST(f.run("whitelist off") == (Lines{"Whitelist is already turned off"}));
    BOOST_TEST(f.run("whitelist on") == (Lines{"Whitelist is now turned on"}));
    BOOST_TEST(f.players.whitelist_on);
    BOOST_TEST(f.players.unlisted_kicks == 1);
    BOOST_TEST(f.run("whitelist on") == (Lines{"Whitelist is already turned on"}));
    BOOST_TEST(f.run("whitelist add tester") == (Lines{"Added tester to the whitelist"}));
    BOOST_TEST(f.run("whitelist add tester") == (Lines{"Player is already whitelisted"}));
    BOOST_TEST(f.run("whitelist add Friend") == (Lines{"Added Friend to the whitelist"}));
    BOOST_TEST(f.run("whitelist list") == (Lines{"There are 2 whitelisted player(s): tester, Friend"}));
    BOOST_TEST(f.run("whitelist remove tester") == (Lines{"Removed tester from the whitelist"}));
    BOOST_TEST(f.players.unlisted_kicks == 2);
    BOOST_TEST(f.run("whitelist remove tester") == (Lines{"Player is not whitelisted"}));
    BOOST_TEST(f.run("whitelist reload") == (Lines{"Reloaded the whitelist"}));
    BOOST_TEST(f.players.reloads == 1);
    BOOST_TEST(f.players.unlisted_kicks == 3);
    BOOST_TEST(f.run("whitelist off") == (Lines{"Whitelist is now turned off"}));
}

BOOST_AUTO_TEST_CASE(a_player_below_a_commands_level_is_told_it_is_unknown) {
    PlayersFixture f;
    f.source = CollectingSource("tester", {0, -60, 0});
    f.source.set_permission_level(0);
    const Lines unknown{"Unknown or incomplete command, see below for error", "time set 1000<--[HERE]"};
    const auto day_time = f.harness.world().day_time();
    BOOST_TEST(f.run("time set 1000") == unknown);
    BOOST_TEST(f.harness.world().day_time() == day_time);
    BOOST_TEST(f.run("op tester") ==
               (Lines{"Unknown or incomplete command, see below for error", "op tester<--[HERE]"}));
    BOOST_TEST(f.players.ops.empty());
    // Level 0 keeps list, help, msg and me; help lists only those.
    BOOST_TEST(f.run("list") == (Lines{"There are 0 of a max of 20 players online: "}));
    const Lines help = f.run("help");
    BOOST_TEST(help == (Lines{"/help [<command>]", "/list", "/me <action>", "/msg <targets> <message>", "/plugins",
                              "/tell -> msg", "/w -> msg"}));
    BOOST_TEST(f.run("help time") == (Lines{"Unknown command or insufficient permissions"}));
    // Level 2: time, summon; not op (3) or stop (4).
    f.source.set_permission_level(2);
    BOOST_TEST(f.run("time set 1000") == (Lines{"Set the time to 1000"}));
    BOOST_TEST(f.run("op tester").front() == "Unknown or incomplete command, see below for error");
    f.source.set_permission_level(3);
    BOOST_TEST(f.run("op tester") == (Lines{"Made tester a server operator"}));
    BOOST_TEST(f.run("stop").front() == "Unknown or incomplete command, see below for error");
    BOOST_TEST(f.server.stop_requests == 0);
}

BOOST_AUTO_TEST_CASE(vanilla_permission_levels) {
    BOOST_TEST(command_permission_level("list") == 0);
    BOOST_TEST(command_permission_level("msg") == 0);
    BOOST_TEST(command_permission_level("seed") == 2);
    BOOST_TEST(command_permission_level("say") == 2);
    BOOST_TEST(command_permission_level("summon") == 2);
    BOOST_TEST(command_permission_level("tick") == 3);
    BOOST_TEST(command_permission_level("whitelist") == 3);
    BOOST_TEST(command_permission_level("kick") == 3);
    BOOST_TEST(command_permission_level("stop") == 4);
    BOOST_TEST(command_permission_level("save-all") == 4);
}

BOOST_AUTO_TEST_CASE(query_answers_are_not_shown_to_operators) {
    for (const char* q : {"help", "list", "/seed", "time query daytime", "gamerule doMobSpawning", "difficulty",
                          "data get entity @e", "forceload query", "tick query", "whitelist list", "plugins", ""})
        BOOST_TEST(!feedback_shown_to_ops(q), q);
    for (const char* c : {"time set 1000", "gamerule doMobSpawning false", "difficulty hard", "summon pig", "op tester",
                          "whitelist add a", "data merge entity @e {}", "tp @e 0 0 0", "kick tester"})
        BOOST_TEST(feedback_shown_to_ops(c), c);
}

BOOST_AUTO_TEST_SUITE_END()
