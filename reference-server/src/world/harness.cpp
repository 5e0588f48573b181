#include "mobserver/world/harness.hpp"

#include <stdexcept>

namespace mobsdk::server {

WorldHarness::WorldHarness() : WorldHarness(Options{}) {}

WorldHarness::WorldHarness(Options options)
    : registries_(std::make_unique<Registries>()), vanilla_(register_vanilla_content(*registries_)) {
    if (options.register_more) options.register_more(registries_->world);
    for (const auto& [id, plugin] : options.plugins) {
        contexts_.push_back(std::make_unique<plugin::PluginContext>(*registries_, vanilla_, id));
        plugin->register_content(*contexts_.back());
    }
    registries_->freeze();

    std::unique_ptr<ChunkGenerator> generator;
    if (options.flat)
        generator = std::make_unique<FlatGenerator>(FlatGenerator::vanilla_default(registries_->world.blocks));
    else generator = std::make_unique<VoidGenerator>();
    WorldOptions wo;
    wo.seed = options.seed;
    wo.memory_expiry = options.memory_expiry;
    wo.rules.do_daylight_cycle = options.do_daylight_cycle;
    world_ = std::make_unique<World>(registries_->world, std::move(generator), wo);
    world_->set_day_time(options.day_time);
    world_->ensure_chunks({0, 0, 0}, options.chunk_radius);
    if (!options.plugins.empty()) world_->set_mob_initializer([](ServerMob& mob) { mob.init_ai_from_type(); });
}

WorldHarness::~WorldHarness() {
    world_.reset();  // mobs and their plugin-made AI before the plugins' contexts
    contexts_.clear();
}

BlockState WorldHarness::state(std::string_view text) const {
    auto s = registries_->world.blocks.parse(text);
    if (!s) throw std::invalid_argument("bad block state: " + s.error());
    return *s;
}

void WorldHarness::set_block(BlockPos pos, std::string_view state_text) { world_->set_block(pos, state(state_text)); }

void WorldHarness::fill(BlockPos a, BlockPos b, std::string_view state_text) { world_->fill(a, b, state(state_text)); }

ServerMob& WorldHarness::spawn(std::string_view type_id, const Vec3& pos) {
    return world_->spawn_mob(registries_->world.entity_types.require(type_id), pos);
}

ServerMob& WorldHarness::spawn(std::string_view type_id, const Vec3& pos, const nbt::Compound& nbt) {
    ServerMob& mob = spawn(type_id, pos);
    const auto warnings = load_mob_nbt(mob, nbt);
    if (!warnings.empty()) {
        std::string all;
        for (const auto& w : warnings) all += (all.empty() ? "" : "; ") + w;
        world_->remove(mob.handle());
        throw std::invalid_argument("bad entity NBT: " + all);
    }
    return mob;
}

void WorldHarness::tick(std::int32_t n) {
    for (std::int32_t i = 0; i < n; ++i) world_->tick();
}

}  // namespace mobsdk::server
