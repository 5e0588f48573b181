// A real world for tests, in a few lines: vanilla blocks, POI types and entity types registered,
// the standard brain content, plugins if asked, a flat (or void) world around the origin, and
// helpers to place blocks, spawn mobs with NBT and step ticks. The SDK's own tests use it, and plugin authors can link
// it (mobsdk::mobworld).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/plugin/plugin.hpp"
#include "mobsdk/world/registries.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

/// @brief A world with everything registered, for tests.
class WorldHarness {
public:
    /// @brief How to set it up.
    struct Options {
        std::int64_t seed = 1;                              ///< world seed (the level random's too)
        bool flat = true;                                   ///< vanilla default superflat, else void
        std::int32_t chunk_radius = 3;                      ///< chunks generated around the origin
        MemoryExpiry memory_expiry = MemoryExpiry::Modern;  ///< memory expiry order
        std::int64_t day_time = 6000;                       ///< starting day time (noon: bright, daylight)
        bool do_daylight_cycle = false;                     ///< tests keep the time unless they ask
        /// @brief Registers more (plugin) types before the registries freeze.
        std::function<void(WorldRegistries&)> register_more;
        /// @brief Plugins to register (id, plugin), in order, after register_more: each gets a
        /// PluginContext over the harness's registries, and new mobs get the AI their type's
        /// MobAiFactory makes, as the server gives it. The plugins must outlive the harness.
        std::vector<std::pair<std::string, plugin::Plugin*>> plugins;
    };

    /// @brief A flat world at noon with the daylight cycle off, seed 1.
    WorldHarness();
    /// @brief A world set up as asked.
    explicit WorldHarness(Options options);
    ~WorldHarness();

    /// @brief The world.
    World& world() noexcept { return *world_; }
    /// @brief The world registries (frozen).
    const WorldRegistries& registries() const noexcept { return registries_->world; }
    /// @brief Handles to the vanilla content, as plugins get it (PluginContext::vanilla()).
    const VanillaContent& vanilla() const noexcept { return vanilla_; }
    /// @brief Vanilla block handles.
    const VanillaBlocks& blocks() const noexcept { return vanilla_.blocks; }
    /// @brief Vanilla POI type handles.
    const VanillaPoiTypes& poi_types() const noexcept { return vanilla_.poi_types; }
    /// @brief Vanilla entity type handles.
    const VanillaEntityTypes& entity_types() const noexcept { return vanilla_.entity_types; }
    /// @brief The brain registries (frozen): the standard memories and sensors, vanilla's
    /// activities and schedules, and what the plugins registered.
    const brain::BrainRegistries& brain_registries() const noexcept { return registries_->brain; }
    /// @brief The standard memory handles.
    const brain::StandardMemories& memories() const noexcept { return vanilla_.memories; }

    /// @brief A block state from vanilla's syntax (`oak_door[open=true]`); throws
    /// std::invalid_argument with the parser's message when it is wrong.
    BlockState state(std::string_view text) const;
    /// @brief Places a block (vanilla syntax).
    void set_block(BlockPos pos, std::string_view state_text);
    /// @brief Fills a box (inclusive corners, vanilla syntax).
    void fill(BlockPos a, BlockPos b, std::string_view state_text);
    /// @brief The surface y of the flat world: where mobs stand (−60).
    static constexpr std::int32_t ground_y = -60;

    /// @brief Spawns a mob by type id (e.g. "zombie") at a position.
    ServerMob& spawn(std::string_view type_id, const Vec3& pos);
    /// @brief Spawns a mob and applies vanilla entity NBT (Pos, Health, Tags, NoAI, HandItems…);
    /// throws std::invalid_argument listing the warnings when a field is bad.
    ServerMob& spawn(std::string_view type_id, const Vec3& pos, const nbt::Compound& nbt);
    /// @brief Steps `n` ticks.
    void tick(std::int32_t n = 1);

private:
    std::unique_ptr<Registries> registries_;
    VanillaContent vanilla_;
    std::vector<std::unique_ptr<plugin::PluginContext>> contexts_;  // after the world is gone
    std::unique_ptr<World> world_;
};

}  // namespace mobsdk::server
