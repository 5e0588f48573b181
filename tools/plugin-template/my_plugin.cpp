// A plugin to start from: one long-term memory, one sensor that writes it, and one mob whose
// brain runs the sensor. Rename "my_plugin" everywhere (the id is the namespace of your content).
#include <cstdint>
#include <memory>
#include <vector>

#include <mobsdk/brain/codecs.hpp>
#include <mobsdk/plugin/plugin.hpp>

namespace {

using namespace mobsdk;

// Counts the mob's scans: a long-term memory, so the count survives unloads and `reload`.
class TickCounter final : public brain::Sensor {
public:
    explicit TickCounter(brain::MemoryModuleType<std::int32_t> scans) : Sensor(20), scans_(scans) {}
    std::vector<brain::MemoryHandle> requires_memories() const override { return {scans_}; }

protected:
    void do_tick(Level&, Mob& mob) override {
        mob.brain()->modify_memory(scans_, [](std::int32_t& n) { ++n; });
    }

private:
    brain::MemoryModuleType<std::int32_t> scans_;
};

class PebbleBrain final : public MobAiFactory {
public:
    PebbleBrain(const brain::BrainRegistries& registries, const VanillaContent& vanilla, brain::SensorType counter)
        : idle_(vanilla.activities.idle),
          provider_(registries, std::vector<brain::MemoryHandle>{}, std::vector<brain::SensorType>{counter}) {}
    std::unique_ptr<brain::Brain> make_brain(Level& level, Mob&) const override {
        auto b = provider_.make_brain(level.random());
        b->set_default_activity(idle_);
        b->use_default_activity();
        return b;
    }

private:
    brain::Activity idle_;  // vanilla's minecraft:idle, a handle from context.vanilla()
    brain::BrainProvider provider_;
};

class MyPlugin final : public plugin::Plugin {
public:
    void register_content(plugin::PluginContext& context) override {
        const auto scans = context.register_memory_with_codec<std::int32_t, brain::IntCodec>("my_plugin:scans");
        const auto counter = context.register_sensor<TickCounter>("my_plugin:tick_counter", scans);
        EntityTypeInfo pebble;
        pebble.width = 0.5f;
        pebble.height = 0.5f;
        pebble.eye_height = 0.25f;
        // Your own content is yours to name; vanilla's comes as typed handles from context.vanilla().
        context.register_entity_type("my_plugin:pebble", pebble,
                                     std::make_unique<PebbleBrain>(context.brain(), context.vanilla(), counter));
    }
};

}  // namespace

MOBSDK_PLUGIN(MyPlugin, "my_plugin", "My plugin", "0.1.0")
