// A test plugin, built several times with different TP_* definitions (tests/CMakeLists.txt):
// TP_ID and TP_NAME name it, TP_DEP1/TP_DEP2 name what it needs, TP_MODE picks what register does.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "mobsdk/brain/codecs.hpp"
#include "mobsdk/plugin/plugin.hpp"

#define TP_NORMAL 0
#define TP_THROWS 1          // registers, then throws
#define TP_DUPLICATE_TYPE 2  // registers good:thing, which good registered
#define TP_USES_GOOD 3       // reads good's memory type

namespace {

using namespace mobsdk;

// Counts its scans in <id>:counter, so a test sees plugin code run in a world.
class CountingSensor final : public brain::Sensor {
public:
    explicit CountingSensor(brain::MemoryModuleType<std::int32_t> counter) : Sensor(1), counter_(counter) {}
    std::vector<brain::MemoryHandle> requires_memories() const override { return {counter_}; }

protected:
    void do_tick(Level&, Mob& mob) override {
        mob.brain()->modify_memory(counter_, [](std::int32_t& n) { ++n; });
    }

private:
    brain::MemoryModuleType<std::int32_t> counter_;
};

class Factory final : public MobAiFactory {
public:
    Factory(const brain::BrainRegistries& registries, brain::SensorType sensor)
        : provider_(registries, std::vector<brain::MemoryHandle>{}, std::vector<brain::SensorType>{sensor}) {}
    std::unique_ptr<brain::Brain> make_brain(Level& level, Mob&) const override {
        return provider_.make_brain(level.random());
    }

private:
    brain::BrainProvider provider_;
};

class TestPlugin final : public plugin::Plugin {
public:
    void register_content(plugin::PluginContext& ctx) override {
#if TP_MODE == TP_USES_GOOD
        (void)ctx.brain().memory_types.require("good:counter");
#endif
        const auto counter = ctx.register_memory_with_codec<std::int32_t, brain::IntCodec>(TP_ID ":counter");
        const auto sensor = ctx.register_sensor<CountingSensor>(TP_ID ":counting", counter);
        ctx.register_entity_type(TP_ID ":thing", EntityTypeInfo{}, std::make_unique<Factory>(ctx.brain(), sensor));
#if TP_MODE == TP_THROWS
        throw std::runtime_error("no luck today");
#elif TP_MODE == TP_DUPLICATE_TYPE
        ctx.register_entity_type("good:thing", EntityTypeInfo{});
#endif
    }
};

}  // namespace

// TP_DEP1 and TP_DEP2 are optional; the indirection lets the commas they bring split arguments.
#if defined(TP_DEP2)
#define TP_DEPS , TP_DEP1, TP_DEP2
#elif defined(TP_DEP1)
#define TP_DEPS , TP_DEP1
#else
#define TP_DEPS
#endif
#define TP_PLUGIN(...) MOBSDK_PLUGIN(__VA_ARGS__)
TP_PLUGIN(TestPlugin, TP_ID, TP_NAME, "1.0.0" TP_DEPS)
