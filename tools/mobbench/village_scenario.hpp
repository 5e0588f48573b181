// The village scenario of `mobbench village` (one 16×16 plot per 8 villagers with 8 beds and 8 job
// sites, a bell for every 4 plots, tiled around the origin), shared with `mobbench tracking`.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>

#include "mobserver/world/harness.hpp"
#include "mobserver/world/kinds/player_kind.hpp"
#include "villager/villager_plugin.hpp"

namespace mobbench {

using mobsdk::BlockPos;
using mobsdk::server::WorldHarness;

inline constexpr std::int32_t villagers_per_plot = 8;
inline constexpr std::int32_t plot_size = 16;
inline constexpr const char* job_blocks[] = {"composter",         "lectern",         "barrel",         "blast_furnace",
                                             "cartography_table", "fletching_table", "smithing_table", "stonecutter"};

/// @brief The village of `mobbench village` with `villagers` villagers (see bench_village.cpp).
struct VillageScenario {
    villager::VillagerPlugin plugin;  ///< the villagers' AI
    std::unique_ptr<WorldHarness> h;  ///< the world

    explicit VillageScenario(std::int32_t villagers) : villagers_(villagers) {
        const std::int32_t plots = (villagers + villagers_per_plot - 1) / villagers_per_plot;
        const auto side = static_cast<std::int32_t>(std::ceil(std::sqrt(static_cast<double>(plots))));
        WorldHarness::Options o;
        o.seed = 20261122;
        o.day_time = 0;  // the schedule runs through idle and work during the measurement
        o.do_daylight_cycle = true;
        o.chunk_radius = (side + 1) / 2 + 1;
        o.plugins = {{"villager", &plugin}};
        h = std::make_unique<WorldHarness>(o);
        const std::int32_t origin = -(side * plot_size) / 2;
        std::int32_t placed = 0;
        for (std::int32_t p = 0; p < plots; ++p) {
            const std::int32_t px = origin + (p % side) * plot_size, pz = origin + (p / side) * plot_size;
            // Beds along the north edge, job sites along the south edge, a bell in every 4th plot.
            for (std::int32_t i = 0; i < villagers_per_plot; ++i) {
                h->set_block({px + 1 + i * 2, -60, pz + 1}, "red_bed[part=foot,facing=south]");
                h->set_block({px + 1 + i * 2, -60, pz + 2}, "red_bed[part=head,facing=south]");
                h->set_block({px + 1 + i * 2, -60, pz + 13}, job_blocks[i]);
            }
            if (p % 4 == 0) h->set_block({px + 8, -60, pz + 8}, "bell");
            for (std::int32_t i = 0; i < villagers_per_plot && placed < villagers; ++i, ++placed)
                h->spawn("villager", {px + 1.5 + i * 2, WorldHarness::ground_y, pz + 6.5});
        }
    }

    /// @brief Adds `players` survival players standing still in the middle of the plots, one per
    /// plot from the first (several per plot once every plot has one), as players who watch the
    /// village: the villagers' player sensors see them, and they look at and show wares to them.
    void add_players(std::int32_t players) {
        const std::int32_t plots =
            std::max<std::int32_t>(1, (villagers_ + villagers_per_plot - 1) / villagers_per_plot);
        const auto side = static_cast<std::int32_t>(std::ceil(std::sqrt(static_cast<double>(plots))));
        const std::int32_t origin = -(side * plot_size) / 2;
        auto& world = h->world();
        for (std::int32_t i = 0; i < players; ++i, ++added_players_) {
            const std::int32_t p = added_players_ % plots, round = added_players_ / plots;
            const double x = origin + (p % side) * plot_size + 4.5 + round, z = origin + (p / side) * plot_size + 9.5;
            const auto n = static_cast<std::uint64_t>(added_players_ + 1);
            world.player_kind().spawn(world, mobsdk::Uuid{n, n}, "watcher" + std::to_string(n),
                                      {x, WorldHarness::ground_y, z});
        }
    }

private:
    std::int32_t villagers_ = 0;
    std::int32_t added_players_ = 0;
};

}  // namespace mobbench
