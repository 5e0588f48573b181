// mobbench tracking: the server's cost per player per tick of keeping players' clients in step with
// the village of `mobbench village` at 1,000 villagers (the EntityTracker: visibility, encoding each
// update once and queueing it for every player that sees it). N fake players stand in the middle
// of the village with every chunk of the world sent; their connections are sinks that count bytes
// (no sockets), so the figure is the tick thread's work only. The world ticks between the timed
// tracker ticks and is not timed.
// Options: --players N (repeatable; default 1, 10 and 100), --villagers N (default 1000), --warmup N
// (world ticks before, default 100), --ticks N (timed ticks per round, default 200), --rounds R
// (default 3; the round with the lowest median is reported), --cpu-time (this thread's CPU time).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench.hpp"
#include "mobserver/net/game_connection.hpp"
#include "mobserver/server/entity_tracker.hpp"
#include "mobserver/server/server_player.hpp"
#include "village_scenario.hpp"

namespace mobbench {

namespace {

using mobsdk::server::EntityTracker;
using mobsdk::server::GameConnection;
using mobsdk::server::ServerPlayer;

// A client that reads everything at once: counts packets and bytes.
struct SinkConnection final : GameConnection {
    std::uint64_t bytes = 0, packets = 0;
    std::string player_name = "bench", peer = "sink";
    void accept_login(std::vector<std::string>) override {}
    void send(std::string body) override {
        bytes += body.size();
        ++packets;
    }
    void send_packed(std::string packed) override {
        bytes += packed.size();
        ++packets;
    }
    void disconnect(std::string) override {}
    const std::string& name() const override { return player_name; }
    mobsdk::Uuid uuid() const override { return {}; }
    const std::string& address() const override { return peer; }
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int run_tracking(const std::vector<std::string>& args) {
    std::vector<std::int32_t> player_counts;
    std::int32_t villagers = 1000, warmup = 100, ticks = 200, rounds = 3;
    bool cpu_time = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--cpu-time") {
            cpu_time = true;
            continue;
        }
        const bool known = args[i] == "--players" || args[i] == "--villagers" || args[i] == "--warmup" ||
                           args[i] == "--ticks" || args[i] == "--rounds";
        const std::string text = i + 1 < args.size() ? args[i + 1] : "";
        const bool digits =
            !text.empty() && text.size() <= 6 && text.find_first_not_of("0123456789") == std::string::npos;
        const std::int32_t v = digits ? std::stoi(text) : -1;
        if (!known || v < (args[i] == "--warmup" ? 0 : 1)) {
            std::cerr << "mobbench tracking: expected --players N, --villagers N, --warmup N, --ticks N, --rounds N "
                         "(N >= 1, at most 999999) and --cpu-time, got '"
                      << args[i] << (text.empty() ? "" : " " + text) << "'\n";
            return 2;
        }
        ++i;
        if (args[i - 1] == "--players") player_counts.push_back(v);
        else if (args[i - 1] == "--villagers") villagers = v;
        else if (args[i - 1] == "--warmup") warmup = v;
        else if (args[i - 1] == "--ticks") ticks = v;
        else rounds = v;
    }
    if (player_counts.empty()) player_counts = {1, 10, 100};

    progress("tracking: building the village of " + std::to_string(villagers) + " villagers");
    VillageScenario s(villagers);
    s.h->tick(warmup);
    auto& world = s.h->world();
    const std::int32_t radius = (static_cast<std::int32_t>(std::ceil(std::sqrt(villagers / 8.0))) + 1) / 2 + 1;
    for (const std::int32_t n : player_counts) {
        EntityTracker tracker(world, 10, nullptr);
        std::vector<std::shared_ptr<SinkConnection>> sinks;
        std::vector<std::unique_ptr<ServerPlayer>> players;
        for (std::int32_t i = 0; i < n; ++i) {
            auto p = std::make_unique<ServerPlayer>();
            auto sink = std::make_shared<SinkConnection>();
            p->connection = sink;
            p->entity_id = world.allocate_network_id();
            p->pos = {0.5 + (i % 10), WorldHarness::ground_y + 0.0, 0.5 + (i / 10) % 10};
            for (std::int32_t x = -radius; x <= radius; ++x)
                for (std::int32_t z = -radius; z <= radius; ++z) p->sent.insert({x, z});
            tracker.add_player(*p);
            sinks.push_back(std::move(sink));
            players.push_back(std::move(p));
        }
        tracker.tick();  // the spawns: once per player, not per tick
        std::uint64_t bytes_before = 0;
        for (const auto& sink : sinks) bytes_before += sink->bytes;
        std::vector<double> round_us;
        std::int64_t timed_ticks = 0;
        for (std::int32_t r = 0; r < rounds; ++r) {
            std::vector<double> per_tick_us;
            for (std::int32_t t = 0; t < ticks; ++t) {
                s.h->tick();
                if (cpu_time) {
                    const double start = thread_cpu_seconds();
                    tracker.tick();
                    per_tick_us.push_back((thread_cpu_seconds() - start) * 1e6);
                } else {
                    const auto start = std::chrono::steady_clock::now();
                    tracker.tick();
                    per_tick_us.push_back(
                        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
                }
                ++timed_ticks;
            }
            round_us.push_back(median(per_tick_us));
            char line[120];
            std::snprintf(line, sizeof line, "tracking %d players: round %d: p50 %.2f us per player tick", n, r + 1,
                          round_us.back() / n);
            progress(line);
        }
        std::uint64_t bytes = 0;
        for (const auto& sink : sinks) bytes += sink->bytes;
        const double best = *std::min_element(round_us.begin(), round_us.end());
        const std::string kase = std::to_string(villagers) + " villagers, " + std::to_string(n) + " players";
        emit({"tracking", kase, "mobsdk", "us_per_player_tick_p50", best / n, "us"});
        emit({"tracking", kase, "mobsdk", "us_per_tick_p50", best, "us"});
        emit({"tracking", kase, "mobsdk", "entities_shown", static_cast<double>(tracker.shown_count()), "entities"});
        emit({"tracking", kase, "mobsdk", "bytes_per_player_tick",
              static_cast<double>(bytes - bytes_before) / static_cast<double>(timed_ticks) / n, "bytes"});
    }
    return 0;
}

}  // namespace mobbench
