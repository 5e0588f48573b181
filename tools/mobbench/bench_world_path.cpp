// Pathfinding figures: nodes visited per second on a flat world with obstacles and in a maze, and
// the time of a failed search that spends its whole 768-node budget (follow range 48).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <memory>
#include <string>

#include "bench.hpp"
#include "mobserver/world/chunk_map.hpp"
#include "mobserver/world/pathfinder.hpp"

namespace mobbench {

namespace {

using mobsdk::BlockPos;
using mobsdk::BlockState;
using mobsdk::Vec3;
using mobsdk::server::ChunkMap;
using mobsdk::server::FlatGenerator;
using mobsdk::server::PathFinder;
using mobsdk::server::PathfindingMob;
using mobsdk::server::PathSearch;

constexpr std::int32_t ground = -60;  // where mobs stand on the default superflat

struct Scene {
    mobsdk::BlockRegistry blocks;
    std::unique_ptr<ChunkMap> map;
    BlockState stone;

    Scene() {
        mobsdk::register_vanilla_blocks(blocks);
        blocks.freeze();
        map = std::make_unique<ChunkMap>(blocks);
        const FlatGenerator gen = FlatGenerator::vanilla_default(blocks);
        for (std::int32_t cx = -6; cx <= 6; ++cx)
            for (std::int32_t cz = -6; cz <= 6; ++cz) map->get_or_generate({cx, cz}, gen);
        stone = *blocks.parse("stone");
    }
    void column(std::int32_t x, std::int32_t z, std::int32_t height) {
        for (std::int32_t y = ground; y < ground + height; ++y) map->set_block({x, y, z}, stone);
    }
};

// A small deterministic generator so that every run builds the same scene.
struct Lcg {
    std::uint64_t s;
    std::uint32_t next(std::uint32_t bound) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>((s >> 33) % bound);
    }
};

// Flat ground with one-block pillars three high on 12% of the blocks, a few low steps and two
// walls: a walk of about 30 blocks that has to weave.
void build_open(Scene& scene) {
    Lcg rng{42};
    for (std::int32_t x = -40; x <= 40; ++x)
        for (std::int32_t z = -40; z <= 40; ++z) {
            if (std::abs(x) <= 1 && std::abs(z) <= 1) continue;
            const std::uint32_t r = rng.next(100);
            if (r < 12) scene.column(x, z, 3);
            else if (r < 14) scene.column(x, z, 1);
        }
    // A wall across the direct way with its opening to the north: the search floods the pocket
    // in front of it before it finds the way round.
    for (std::int32_t z = -4; z <= 26; ++z) scene.column(14, z, 3);
    for (std::int32_t x = 14; x <= 26; ++x) scene.column(x, 26, 3);
    for (std::int32_t dx = -1; dx <= 1; ++dx)
        for (std::int32_t dz = -1; dz <= 1; ++dz)
            for (std::int32_t y = ground; y < ground + 3; ++y) scene.map->set_block({30 + dx, y, 20 + dz}, {});
}

// A maze on a 2-block grid (corridors one wide, walls three high) carved by a seeded depth-first walk.
void build_maze(Scene& scene) {
    constexpr std::int32_t cells = 20;  // 41 × 41 blocks
    constexpr std::int32_t origin = -20;
    for (std::int32_t x = 0; x <= 2 * cells; ++x)
        for (std::int32_t z = 0; z <= 2 * cells; ++z) scene.column(origin + x, origin + z, 3);
    std::vector<std::uint8_t> seen(cells * cells, 0);
    std::vector<std::pair<std::int32_t, std::int32_t>> stack{{cells / 2, cells / 2}};
    Lcg rng{7};
    auto carve = [&](std::int32_t bx, std::int32_t bz) {
        for (std::int32_t y = ground; y < ground + 3; ++y) scene.map->set_block({origin + bx, y, origin + bz}, {});
    };
    seen[(cells / 2) * cells + cells / 2] = 1;
    carve(2 * (cells / 2) + 1, 2 * (cells / 2) + 1);
    while (!stack.empty()) {
        const auto [cx, cz] = stack.back();
        const std::int32_t dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        std::int32_t options[4], n = 0;
        for (std::int32_t d = 0; d < 4; ++d) {
            const std::int32_t nx = cx + dirs[d][0], nz = cz + dirs[d][1];
            if (nx >= 0 && nz >= 0 && nx < cells && nz < cells && !seen[nz * cells + nx]) options[n++] = d;
        }
        if (n == 0) {
            stack.pop_back();
            continue;
        }
        const std::int32_t d = options[rng.next(static_cast<std::uint32_t>(n))];
        const std::int32_t nx = cx + dirs[d][0], nz = cz + dirs[d][1];
        seen[nz * cells + nx] = 1;
        carve(2 * cx + 1 + dirs[d][0], 2 * cz + 1 + dirs[d][1]);
        carve(2 * nx + 1, 2 * nz + 1);
        stack.emplace_back(nx, nz);
    }
}

// Mean processor time per call of `body` over at least `min_seconds` of it (after one warm-up
// call). Processor time, not wall time: on a shared machine the time in which another process
// held the core belongs to that process, not to the search.
template <class Body>
double cpu_seconds_per_call(Body&& body, double min_seconds) {
    body();
    std::size_t calls = 0, batch = 1;
    const std::clock_t start = std::clock();
    double elapsed = 0;
    do {
        for (std::size_t i = 0; i < batch; ++i) body();
        calls += batch;
        elapsed = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        batch = std::min<std::size_t>(batch * 2, 1024);
    } while (elapsed < min_seconds);
    return elapsed / static_cast<double>(calls);
}

struct Measured {
    double seconds_per_search;
    std::int32_t visited;
    bool reached;
    std::size_t nodes;
};

Measured measure(const Scene& scene, PathFinder& finder, Vec3 from, BlockPos to, double seconds) {
    PathfindingMob mob = PathfindingMob::of(mobsdk::EntityTypeInfo{}, from);
    PathSearch search;
    search.max_range = 48.0f;
    search.max_visited_nodes = 768;  // (int)(48 × 16)
    search.reach = 1;
    auto path = finder.find_path(*scene.map, mob, to, search);
    // The fastest of several rounds: even in processor time, a round shared with other processes
    // runs with caches they have emptied.
    constexpr int rounds = 5;
    double best = 1e300;
    for (int r = 0; r < rounds; ++r)
        best = std::min(best,
                        cpu_seconds_per_call([&] { finder.find_path(*scene.map, mob, to, search); }, seconds / rounds));
    return {best, finder.last_stats().visited_nodes, path && path->can_reach, path ? path->node_count() : 0};
}

void report(const std::string& kase, const Measured& m) {
    progress("world path " + kase + ": " + std::to_string(m.visited) + " nodes visited, path of " +
             std::to_string(m.nodes) + " nodes, " + (m.reached ? "reached" : "not reached"));
    emit({"world", kase, "mobsdk", "path_nodes_per_s", m.visited / m.seconds_per_search, "nodes/s"});
}

}  // namespace

void world_path_figures(const WorldBenchOptions& options) {
    PathFinder finder;
    {
        Scene scene;
        build_open(scene);
        report("open", measure(scene, finder, {0.5, ground, 0.5}, {30, ground, 20}, options.seconds));
    }
    {
        Scene scene;
        build_maze(scene);
        // From the middle of the maze to a corner cell.
        report("maze", measure(scene, finder, {0.5 + 1, ground, 0.5 + 1}, {-19, ground, -19}, options.seconds));
    }
    {
        // The target is sealed in the dirt under the mob: nothing reaches it and the search runs
        // until its 768-node budget is spent.
        Scene scene;
        const Measured m = measure(scene, finder, {0.5, ground, 0.5}, {0, ground - 3, 0}, options.seconds);
        report("enclosed", m);
        emit({"world", "enclosed", "mobsdk", "failed_768_search_us", m.seconds_per_search * 1e6, "us"});
    }
}

}  // namespace mobbench
