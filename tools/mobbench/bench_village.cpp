// mobbench village: the whole world tick (AI, navigation, physics, POIs) of a village scenario per
// villager. For each N the same layout is tiled: one 16×16 plot per 8 villagers with 8 beds and
// 8 job sites, and a bell for every 4 plots, so the density (and each villager's work) does not
// depend on N. The villager plugin is linked as a static library, as its tests link it.
// Options: --warmup N (ticks before the measurement), --rounds R and --ticks N (R rounds of N
// timed ticks; the figures are those of the round with the lowest median, as every mobbench
// figure is the fastest of its rounds: a round slowed by the machine's neighbours measures them),
// --cpu-time (time each tick by this thread's CPU time instead of the wall clock), --players P
// (repeatable: each villager count is measured with P survival players standing in the village,
// one in the middle of each plot; default 0). With players the case is "N villagers, P players"
// and the figures stay per villager, so one run's cases compare by ratio.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "bench.hpp"
#include "village_scenario.hpp"

namespace mobbench {

namespace {

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(std::min<double>(v.size() - 1, std::floor(p * (v.size() - 1) + 0.5)));
    return v[i];
}

}  // namespace

int run_village(const std::vector<std::string>& args) {
    std::vector<std::int32_t> cases, player_counts;
    std::int32_t warmup = 200, ticks = 200, rounds = 5;
    bool cpu_time = false;
    // A whole number in [min, 1,000,000], or nothing.
    const auto number = [](const std::string& text, std::int32_t min) -> std::optional<std::int32_t> {
        if (text.empty() || text.size() > 7 || text.find_first_not_of("0123456789") != std::string::npos)
            return std::nullopt;
        const std::int32_t v = std::stoi(text);
        return v >= min && v <= 1000000 ? std::optional<std::int32_t>(v) : std::nullopt;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--cpu-time") {
            cpu_time = true;
            continue;
        }
        const bool option =
            args[i] == "--warmup" || args[i] == "--ticks" || args[i] == "--rounds" || args[i] == "--players";
        const std::string& text = option && i + 1 < args.size() ? args[i + 1] : args[i];
        const auto v = number(text, args[i] == "--warmup" || args[i] == "--players" ? 0 : 1);
        if (!v || (option && i + 1 >= args.size())) {
            std::cerr << "mobbench village: expected villager counts (1-1000000), --warmup N, --rounds N, "
                         "--ticks N (N >= 1), --players P (P >= 0) and --cpu-time, got '"
                      << args[i] << (option && i + 1 < args.size() ? " " + args[i + 1] : "") << "'\n";
            return 2;
        }
        if (args[i] == "--warmup") warmup = *v, ++i;
        else if (args[i] == "--ticks") ticks = *v, ++i;
        else if (args[i] == "--rounds") rounds = *v, ++i;
        else if (args[i] == "--players") player_counts.push_back(*v), ++i;
        else cases.push_back(*v);
    }
    if (cases.empty()) cases = {100, 1000, 10000};
    if (player_counts.empty()) player_counts = {0};
    double best_us = 0;
    for (const std::int32_t n : cases)
        for (const std::int32_t players : player_counts) {
            const std::string kase = players == 0
                                         ? std::to_string(n)
                                         : std::to_string(n) + " villagers, " + std::to_string(players) + " players";
            progress("village " + kase + ": building");
            VillageScenario s(n);
            s.add_players(players);
            progress("village " + kase + ": " + std::to_string(warmup) + " warm-up ticks");
            s.h->tick(warmup);
            // Each round's ticks, timed one by one; the round with the lowest median is reported.
            std::vector<double> per_tick_ms, round_p50s;
            double p50 = 0, p99 = 0;
            for (std::int32_t r = 0; r < rounds; ++r) {
                per_tick_ms.clear();
                per_tick_ms.reserve(static_cast<std::size_t>(ticks));
                for (std::int32_t t = 0; t < ticks; ++t) {
                    if (cpu_time) {
                        const double start = thread_cpu_seconds() * 1000.0;
                        s.h->tick();
                        per_tick_ms.push_back(thread_cpu_seconds() * 1000.0 - start);
                        continue;
                    }
                    const auto start = std::chrono::steady_clock::now();
                    s.h->tick();
                    per_tick_ms.push_back(
                        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
                }
                const double round_p50 = percentile(per_tick_ms, 0.5);
                round_p50s.push_back(round_p50 * 1000.0 / n);
                char line[160];
                std::snprintf(line, sizeof line, "village %s: round %d: p50 %.3f us per villager tick", kase.c_str(),
                              r + 1, round_p50s.back());
                progress(line);
                if (r == 0 || round_p50 < p50) p50 = round_p50, p99 = percentile(per_tick_ms, 0.99);
            }
            emit({"village", kase, "mobsdk", "us_per_villager_tick_p50", p50 * 1000.0 / n, "us"});
            emit({"village", kase, "mobsdk", "us_per_villager_tick_p99", p99 * 1000.0 / n, "us"});
            emit({"village", kase, "mobsdk", "ms_per_tick_p50", p50, "ms"});
            // How much the rounds differed: the machine's share of the figure.
            emit({"village", kase, "mobsdk", "us_per_villager_tick_p50_median_round", percentile(round_p50s, 0.5),
                  "us"});
            emit({"village", kase, "mobsdk", "us_per_villager_tick_p50_slowest_round",
                  *std::max_element(round_p50s.begin(), round_p50s.end()), "us"});
            if (players == 0 && (n == 1000 || best_us == 0)) best_us = p50 * 1000.0 / n;
        }
    // How many villagers one 50 ms tick holds at the N = 1,000 cost (or the first case's), without players.
    if (best_us > 0) emit({"village", "", "mobsdk", "villagers_in_50ms", std::floor(50000.0 / best_us), "villagers"});
    return 0;
}

}  // namespace mobbench
