// mobbench machine: what this machine gives a benchmark right now, so that the other suites'
// figures can be read against it. On a shared virtual machine the clock and, above all, the
// memory beyond the core's own caches change from one hour to the next; a figure measured when a
// load from memory took 160 ns and one measured when it took 40 ns are not the same experiment.
//
// - clock_ghz: a chain of dependent 64-bit multiplies (3 cycles each on every x86-64 core of the
//   last decade), timed by this thread's processor time: the clock the core ran at.
// - load_latency_ns, case = working-set size: one load after another along a random cycle through
//   that many bytes (one load per 64-byte line, so each load depends on the one before and the
//   hardware cannot prefetch it). Below the L2 size this is a cache hit; far above it, a trip to
//   memory, with whatever the machine's other tenants leave of the shared last-level cache.
//
// Options: --rounds R (default 3; the fastest round is reported, as in every suite).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench.hpp"

namespace mobbench {

namespace {

// GHz from `count` dependent multiplies at 3 cycles each.
double clock_ghz(std::uint64_t count) {
    std::uint64_t v = 1;
    const double start = thread_cpu_seconds();
    for (std::uint64_t i = 0; i < count; ++i) {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
        __asm__ volatile("imul %0, %0" : "+r"(v));
#else
        v *= v | 1;
#endif
    }
    const double seconds = thread_cpu_seconds() - start;
    return seconds > 0 ? 3.0 * static_cast<double>(count) / seconds / 1.0e9 : 0.0;
}

// A random cycle through `bytes` of memory, one 64-byte line per step, built from a fixed seed so
// that every run walks the same cycle.
class Chase {
public:
    explicit Chase(std::size_t bytes) : lines_(std::max<std::size_t>(bytes / 64, 2)), memory_(new Line[lines_]) {
        std::vector<std::uint32_t> order(lines_);
        for (std::size_t i = 0; i < lines_; ++i) order[i] = static_cast<std::uint32_t>(i);
        std::uint64_t s = 0x9E3779B97F4A7C15ull;
        for (std::size_t i = lines_ - 1; i > 0; --i) {  // Fisher-Yates with a 64-bit LCG
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            std::swap(order[i], order[(s >> 33) % (i + 1)]);
        }
        for (std::size_t i = 0; i < lines_; ++i) memory_[order[i]].next = order[(i + 1) % lines_];
    }
    // ns per load over `loads` dependent loads (after one pass through the cycle to warm it).
    double ns_per_load(std::size_t loads) {
        walk(lines_);
        const double start = thread_cpu_seconds();
        walk(loads);
        return (thread_cpu_seconds() - start) / static_cast<double>(loads) * 1.0e9;
    }

private:
    struct alignas(64) Line {
        std::uint32_t next;
    };
    void walk(std::size_t loads) {
        std::uint32_t p = at_;
        for (std::size_t i = 0; i < loads; ++i) p = memory_[p].next;
#if defined(__GNUC__)
        __asm__ volatile("" : : "r"(p) : "memory");  // the loads are used: the loop stays
#endif
        at_ = p;
    }
    std::size_t lines_;
    std::unique_ptr<Line[]> memory_;
    std::uint32_t at_ = 0;
};

struct Size {
    const char* name;
    std::size_t bytes;
};

constexpr Size kSizes[] = {{"32KiB", std::size_t{32} << 10},
                           {"1MiB", std::size_t{1} << 20},
                           {"4MiB", std::size_t{4} << 20},
                           {"32MiB", std::size_t{32} << 20},
                           {"256MiB", std::size_t{256} << 20}};

}  // namespace

int run_machine(const std::vector<std::string>& args) {
    std::int32_t rounds = 3;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--rounds" && i + 1 < args.size()) {
            const std::string& text = args[++i];
            if (!text.empty() && text.size() <= 3 && text.find_first_not_of("0123456789") == std::string::npos &&
                std::stoi(text) >= 1) {
                rounds = std::stoi(text);
                continue;
            }
        }
        std::fprintf(stderr, "mobbench machine: expected --rounds N (1-999), got '%s'\n", args[i].c_str());
        return 2;
    }
    double ghz = 0;
    for (std::int32_t r = 0; r < rounds; ++r) ghz = std::max(ghz, clock_ghz(100'000'000));
    emit({"machine", "", "host", "clock_ghz", ghz, "GHz"});
    for (const Size& size : kSizes) {
        Chase chase(size.bytes);
        double best = 0;
        for (std::int32_t r = 0; r < rounds; ++r) {
            const double ns = chase.ns_per_load(2'000'000);
            best = r == 0 ? ns : std::min(best, ns);
        }
        emit({"machine", size.name, "host", "load_latency_ns", best, "ns"});
    }
    return 0;
}

}  // namespace mobbench
