// mobbench: every benchmark of the project in one program. `mobbench <suite> [args]` prints JSON
// Lines on stdout (see docs/performance.md); `mobbench --list` names the suites.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include <time.h>

#include "bench.hpp"

namespace mobbench {

void emit(const Figure& f) {
    nlohmann::ordered_json j;
    j["bench"] = f.bench;
    j["case"] = f.kase;
    j["impl"] = f.impl;
    j["metric"] = f.metric;
    j["value"] = f.value;
    j["unit"] = f.unit;
    std::cout << j.dump() << std::endl;
}

double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1.0e-9;
}

void progress(const std::string& text) { std::cerr << "mobbench: " << text << std::endl; }

double time_per_call(const std::function<void()>& body, double min_seconds) {
    using clock = std::chrono::steady_clock;
    body();  // warm-up
    std::size_t calls = 0;
    const auto start = clock::now();
    double elapsed = 0;
    std::size_t batch = 1;
    while (elapsed < min_seconds) {
        for (std::size_t i = 0; i < batch; ++i) body();
        calls += batch;
        elapsed = std::chrono::duration<double>(clock::now() - start).count();
        batch = std::min<std::size_t>(batch * 2, 1024);
    }
    return elapsed / static_cast<double>(calls);
}

}  // namespace mobbench

namespace {

constexpr mobbench::Suite kSuites[] = {
    {"nbt", "NBT decode/encode MiB/s, cases player and chunk, beside prismarine-nbt", mobbench::run_nbt},
    {"brain", "Brain engine: ns per brain tick and per expiry pass, case b20s4", mobbench::run_brain},
    {"world", "World: pathfinder nodes/s and a failed 768-node search; box queries at 100/1000/10000 entities",
     mobbench::run_world},
    {"bt", "Behaviour trees: ns per node tick, cases tree4 and tree100", mobbench::run_bt},
    {"village", "Village: the whole server tick per villager, cases N villagers (default 100 1000 10000)",
     mobbench::run_village},
    {"chunk", "Chunks/s reading vanilla 1.19.4's region: inflate + NBT, and + read_chunk_nbt (the full ones)",
     mobbench::run_chunk},
    {"chunk-packets", "Chunks/s encoded as protocol-765 chunk packets (the same full chunks), and with zlib framing",
     mobbench::run_chunk_packets},
    {"tracking", "Entity tracking: us per player per tick for N players (default 1 10 100) watching 1,000 villagers",
     mobbench::run_tracking},
    {"machine", "The machine right now: clock and load latency by working-set size (read the other figures against it)",
     mobbench::run_machine},
};

void usage(std::ostream& out) {
    out << "usage: mobbench <suite> [args]\n       mobbench --list\nsuites:\n";
    for (const auto& s : kSuites) out << "  " << s.name << "  " << s.description << "\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        usage(std::cerr);
        return 2;
    }
    const std::string name = argv[1];
    if (name == "--list" || name == "--help" || name == "-h") {
        usage(std::cout);
        return 0;
    }
    std::vector<std::string> args(argv + 2, argv + argc);
    for (const auto& s : kSuites)
        if (s.name == name) return s.run(args);
    std::cerr << "mobbench: unknown suite '" << name << "'\n";
    usage(std::cerr);
    return 2;
}
