// mobbench world, box queries: ns per World::entities_of_type call with a sensor-sized box (what AI
// sensors call), and per EntityIndex::query_type call beneath it, at 100, 1000 and 10000 mobs, with
// the mean answer size to read the cost against; and what reporting a move to the index costs.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <string>
#include <vector>

#include "bench.hpp"
#include "mobsdk/world/random.hpp"
#include "mobserver/world/harness.hpp"

namespace mobbench {

namespace {

using mobsdk::AABB;
using mobsdk::EntityHandle;
using mobsdk::EntityRef;
using mobsdk::EntityTypeInfo;
using mobsdk::Handle;
using mobsdk::RandomSource;
using mobsdk::Vec3;
using mobsdk::server::EntitySlot;
using mobsdk::server::WorldHarness;

// The side of the fixed area and the density the constant-density figures keep: 1000 mobs on
// 512 × 512 blocks, so a sensor box holds about two zombies.
constexpr double fixed_side = 512.0;
constexpr double reference_count = 1000.0;
// NearestLivingEntitySensor: the mob's box inflated by 16 on every axis.
constexpr double sensor_radius = 16.0;
constexpr int box_count = 4096;  // query boxes cycled through, so caches see varied cells
constexpr int batch = 256;       // queries per timed call, to keep the timer's overhead out
constexpr int rounds = 5;        // the fastest round counts (see cpu_seconds_per_call)

// Processor seconds per call of `body`: the fastest of `rounds` rounds of at least
// min_seconds / rounds each (after one warm-up call). Processor time, not wall time, and the
// fastest round: on a shared machine the time another process held the core, and a round run
// with caches it emptied, belong to that process.
template <class Body>
double cpu_seconds_per_call(Body&& body, double min_seconds) {
    body();
    double best = 1e300;
    for (int r = 0; r < rounds; ++r) {
        std::size_t calls = 0, n = 1;
        const std::clock_t start = std::clock();
        double elapsed = 0;
        do {
            for (std::size_t i = 0; i < n; ++i) body();
            calls += n;
            elapsed = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
            n = std::min<std::size_t>(n * 2, 1024);
        } while (elapsed < min_seconds / rounds);
        best = std::min(best, elapsed / static_cast<double>(calls));
    }
    return best;
}

struct QueryBench {
    WorldHarness harness;
    Handle<EntityTypeInfo> zombie;
    std::vector<AABB> boxes;
    std::vector<EntityRef> out;
    std::vector<const EntitySlot*> slots;
    std::vector<EntityHandle> mobs;

    static WorldHarness::Options options() {
        WorldHarness::Options o;
        o.chunk_radius = 0;  // queries do not read blocks; nothing ticks
        return o;
    }

    // `count` mobs, alternately zombies (0.6 × 1.95) and pigs (0.9 × 0.9), uniformly over
    // side × side blocks on the flat world's ground.
    QueryBench(std::size_t count, double side, std::int64_t seed) : harness(options()) {
        zombie = harness.entity_types().zombie;
        const double y = WorldHarness::ground_y;
        RandomSource random(seed);
        for (std::size_t i = 0; i < count; ++i) {
            const Vec3 p{random.next_double() * side, y, random.next_double() * side};
            mobs.push_back(harness.spawn(i % 2 == 0 ? "zombie" : "pig", p).handle());
        }
        const EntityTypeInfo& info = harness.registries().entity_types[zombie];
        const double hw = info.width / 2.0, h = info.height;
        for (int i = 0; i < box_count; ++i) {
            const Vec3 p{random.next_double() * side, y, random.next_double() * side};
            const AABB mob_box{{p.x - hw, p.y, p.z - hw}, {p.x + hw, p.y + h, p.z + hw}};
            boxes.push_back(mob_box.inflate(sensor_radius));
        }
        out.reserve(count);
        slots.reserve(count);
    }

    // Mean zombies per query over all boxes.
    double mean_hits() {
        std::size_t total = 0;
        for (const AABB& box : boxes) {
            out.clear();
            harness.world().entities_of_type(zombie, box, out);
            total += out.size();
        }
        return static_cast<double>(total) / box_count;
    }

    // ns per World::entities_of_type call: the index's query plus the world's filtering of
    // removed entities and conversion of each hit to an EntityRef (which loads the entity).
    double query_ns(double seconds) {
        return time_batches(seconds, [this](const AABB& box) {
            out.clear();
            harness.world().entities_of_type(zombie, box, out);
            return out.size();
        });
    }

    // ns per EntityIndex::query_type call alone: the grid's part of the above.
    double index_query_ns(double seconds) {
        return time_batches(seconds, [this](const AABB& box) {
            slots.clear();
            harness.world().entities().query_type(zombie, box, slots);
            return slots.size();
        });
    }

    // ns per World::teleport by a tenth of a block, back and forth (one in about 160 crosses
    // into another cell): what the index adds to each physics step, which reports every move.
    double moved_ns(double seconds) {
        std::size_t next = 0;
        double step = 0.1;
        const double per_batch = cpu_seconds_per_call(
            [&] {
                for (int i = 0; i < batch; ++i) {
                    const EntityHandle h = mobs[next];
                    const Vec3 p = harness.world().entities().slot(h)->data->pos;
                    harness.world().teleport(h, {p.x + step, p.y, p.z});
                    if (++next == mobs.size()) {
                        next = 0;
                        step = -step;
                    }
                }
            },
            seconds);
        return per_batch / batch * 1e9;
    }

    template <class Query>
    double time_batches(double seconds, Query query) {
        std::size_t next = 0, sink = 0;
        const double per_batch = cpu_seconds_per_call(
            [&] {
                for (int i = 0; i < batch; ++i) {
                    sink += query(boxes[next]);
                    next = (next + 1) % box_count;
                }
            },
            seconds);
        if (sink == SIZE_MAX) progress("");  // keeps the queries observable
        return per_batch / batch * 1e9;
    }
};

}  // namespace

void world_query_figures(const WorldBenchOptions& options) {
    const std::vector<std::string> all = {"100", "1000", "10000"};
    for (const std::string& c : options.cases)
        if (std::find(all.begin(), all.end(), c) == all.end())
            progress("world query: no case '" + c + "' (cases: 100, 1000, 10000)");
    for (const std::string& kase : all) {
        if (!options.cases.empty() &&
            std::find(options.cases.begin(), options.cases.end(), kase) == options.cases.end())
            continue;
        const auto count = static_cast<std::size_t>(std::stoul(kase));
        struct Result {
            double ns, index_ns, hits, moved_ns;
        };
        const auto measure = [&](double side) {
            progress("world query: " + kase + " mobs on " + std::to_string(static_cast<int>(side)) + "² blocks");
            QueryBench b(count, side, 4242);
            const double hits = b.mean_hits();
            const double ns = b.query_ns(options.seconds);
            const double index_ns = b.index_query_ns(options.seconds);
            return Result{ns, index_ns, hits, b.moved_ns(options.seconds)};
        };
        // The density of 1000 on 512² (the area grows with the count): the answer stays the same,
        // so the cost should too. This is box_query_ns, the "flat as the world fills".
        const double side = fixed_side * std::sqrt(static_cast<double>(count) / reference_count);
        const Result flat = measure(side);
        emit({"world", kase, "mobsdk", "box_query_ns", flat.ns, "ns"});
        emit({"world", kase, "mobsdk", "box_query_index_ns", flat.index_ns, "ns"});
        emit({"world", kase, "mobsdk", "box_query_hits", flat.hits, "entities"});
        emit({"world", kase, "mobsdk", "entity_moved_ns", flat.moved_ns, "ns"});
        // A fixed area: the answer grows with the count, and the cost should grow with the answer.
        const Result fixed = side == fixed_side ? flat : measure(fixed_side);
        emit({"world", kase, "mobsdk", "box_query_fixed_area_ns", fixed.ns, "ns"});
        emit({"world", kase, "mobsdk", "box_query_fixed_area_index_ns", fixed.index_ns, "ns"});
        emit({"world", kase, "mobsdk", "box_query_fixed_area_hits", fixed.hits, "entities"});
    }
}

}  // namespace mobbench
