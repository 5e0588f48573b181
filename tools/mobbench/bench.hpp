// Shared plumbing for mobbench suites: JSON Lines output and a timing loop.
// Figures go to stdout, one JSON object per line; progress goes to stderr.
#pragma once

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace mobbench {

/// @brief One result line: {"bench","case","impl","metric","value","unit"}.
struct Figure {
    std::string bench;   ///< suite, e.g. "nbt"
    std::string kase;    ///< case, e.g. "chunk"
    std::string impl;    ///< "mobsdk" or the peer measured beside it
    std::string metric;  ///< e.g. "decode"
    double value;        ///< the number
    std::string unit;    ///< e.g. "MiB/s"
};

/// @brief Prints one figure as a JSON line on stdout and flushes.
void emit(const Figure& f);

/// @brief Progress on stderr.
void progress(const std::string& text);

/// @brief This thread's processor time in seconds: on a shared machine, the time another process
/// held the core does not count (the cache misses its work caused still do).
double thread_cpu_seconds();

/// @brief Runs `body` repeatedly for at least `min_seconds` (after one warm-up call) and returns
/// the mean seconds per call.
double time_per_call(const std::function<void()>& body, double min_seconds);

/// @brief A suite: its name, a one-line description and its entry point (args after the suite name).
struct Suite {
    std::string_view name;
    std::string_view description;
    int (*run)(const std::vector<std::string>& args);
};

int run_nbt(const std::vector<std::string>& args);
int run_brain(const std::vector<std::string>& args);
int run_world(const std::vector<std::string>& args);
int run_bt(const std::vector<std::string>& args);
int run_village(const std::vector<std::string>& args);
int run_machine(const std::vector<std::string>& args);
int run_chunk(const std::vector<std::string>& args);
int run_chunk_packets(const std::vector<std::string>& args);
int run_tracking(const std::vector<std::string>& args);

/// @brief Options of the world suite.
struct WorldBenchOptions {
    double seconds = 1.0;            ///< minimum measuring time per figure
    std::vector<std::string> cases;  ///< entity-count cases to run ("100", "1000", "10000"); empty: all
};
/// @brief Pathfinding figures: path_nodes_per_s and failed_768_search_us (bench_world_path.cpp).
void world_path_figures(const WorldBenchOptions& options);
/// @brief Box-query figures: box_query_ns per entity-count case (bench_world_query.cpp).
void world_query_figures(const WorldBenchOptions& options);

}  // namespace mobbench
