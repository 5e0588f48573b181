// mobbench world: pathfinding (nodes per second, a failed 768-node search) and entity box queries
// at 100, 1000 and 10000 entities. The figures are measured in bench_world_path.cpp and
// bench_world_query.cpp; this parses the options.
#include <cstdio>
#include <stdexcept>

#include "bench.hpp"

namespace mobbench {

int run_world(const std::vector<std::string>& args) {
    WorldBenchOptions options;
    bool path = true, query = true;
    try {
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (args[i] == "--seconds" && i + 1 < args.size()) {
                options.seconds = std::stod(args[++i]);
            } else if (args[i] == "--case" && i + 1 < args.size()) {
                options.cases.push_back(args[++i]);
            } else if (args[i] == "--only" && i + 1 < args.size()) {
                const std::string what = args[++i];
                path = what == "path";
                query = what == "query";
                if (!path && !query) throw std::invalid_argument("--only takes path or query");
            } else {
                throw std::invalid_argument("unknown argument '" + args[i] + "'");
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr,
                     "mobbench world: %s\nusage: mobbench world [--seconds S] [--case 100|1000|10000]... "
                     "[--only path|query]\n",
                     e.what());
        return 2;
    }
    if (path) world_path_figures(options);
    if (query) world_query_figures(options);
    return 0;
}

}  // namespace mobbench
