// A test plugin whose mobs break the server the ways a buggy plugin can: crashtest:segfaulter
// writes to an unmapped address in its sensor, crashtest:looper never returns from its sensor
// (after creating the file named by CRASHTEST_MARKER, so a test knows the tick is stuck), and
// crashtest:calm does nothing. The crash reports and the watchdog are tested with it.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "mobsdk/plugin/plugin.hpp"

namespace {

using namespace mobsdk;

// An address in the never-mapped first page, read at run time: the compiler cannot see the fault
// coming, and UBSan (which stops at a null pointer) lets the store reach the hardware.
volatile std::uintptr_t g_nowhere = 16;

class SegfaultSensor final : public brain::Sensor {
public:
    SegfaultSensor() : Sensor(1) {}
    std::vector<brain::MemoryHandle> requires_memories() const override { return {}; }

protected:
    void do_tick(Level&, Mob&) override { *reinterpret_cast<volatile int*>(g_nowhere) = 1; }
};

class LoopSensor final : public brain::Sensor {
public:
    LoopSensor() : Sensor(1) {}
    std::vector<brain::MemoryHandle> requires_memories() const override { return {}; }

protected:
    void do_tick(Level&, Mob&) override {
        if (const char* marker = std::getenv("CRASHTEST_MARKER")) {
            if (std::FILE* f = std::fopen(marker, "w")) std::fclose(f);
        }
        volatile std::uint64_t spins = 0;
        for (;;) spins = spins + 1;
    }
};

class Factory final : public MobAiFactory {
public:
    Factory(const brain::BrainRegistries& registries, std::vector<brain::SensorType> sensors)
        : provider_(registries, std::vector<brain::MemoryHandle>{}, std::move(sensors)) {}
    std::unique_ptr<brain::Brain> make_brain(Level& level, Mob&) const override {
        return provider_.make_brain(level.random());
    }

private:
    brain::BrainProvider provider_;
};

class CrashTestPlugin final : public plugin::Plugin {
public:
    void register_content(plugin::PluginContext& ctx) override {
        const auto segfault = ctx.register_sensor<SegfaultSensor>("crashtest:segfault");
        const auto loop = ctx.register_sensor<LoopSensor>("crashtest:loop");
        ctx.register_entity_type("crashtest:segfaulter", EntityTypeInfo{},
                                 std::make_unique<Factory>(ctx.brain(), std::vector<brain::SensorType>{segfault}));
        ctx.register_entity_type("crashtest:looper", EntityTypeInfo{},
                                 std::make_unique<Factory>(ctx.brain(), std::vector<brain::SensorType>{loop}));
        ctx.register_entity_type("crashtest:calm", EntityTypeInfo{},
                                 std::make_unique<Factory>(ctx.brain(), std::vector<brain::SensorType>{}));
    }
};

}  // namespace

MOBSDK_PLUGIN(CrashTestPlugin, "crashtest", "Crash test mobs", "1.0.0")
