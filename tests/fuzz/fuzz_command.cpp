// libFuzzer target: the command parser. Every input is parsed as a command line against a
// harness world with the whole command set; parsing must never crash, and lines that parse are
// executed too (the world is capped so that summons cannot grow it without bound).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "mobserver/command/command_source.hpp"
#include "mobserver/command/commands.hpp"
#include "mobserver/command/dispatcher.hpp"
#include "mobserver/server/tick_manager.hpp"
#include "mobserver/world/harness.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

class FuzzControl final : public ServerControl {
public:
    explicit FuzzControl(WorldHarness& h) : h_(h) {}
    void request_stop() override {}
    std::string save_all(bool) override { return {}; }
    bool saving_enabled() const override { return saving_; }
    void set_saving_enabled(bool e) override { saving_ = e; }
    std::int64_t seed() const override { return 1; }
    TickManager& tick_manager() override { return ticks_; }
    std::vector<PluginSummary> plugins() const override { return {}; }
    int max_players() const override { return 20; }
    World& world() override { return h_.world(); }

private:
    WorldHarness& h_;
    TickManager ticks_;
    bool saving_ = true;
};

struct Env {
    WorldHarness harness;
    FuzzControl control{harness};
    CommandDispatcher dispatcher;
    CollectingSource source{"Server", Vec3{0.5, -60.0, 0.5}};
    Env() {
        register_vanilla_commands(dispatcher, control);
        harness.spawn("villager", {1.5, -60, 1.5});
        harness.spawn("zombie", {-3.5, -60, 2.5});
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static Env* env = new Env();
    if (size > 4096) return 0;
    const std::string line(reinterpret_cast<const char*>(data), size);
    env->source.clear();
    auto parsed = env->dispatcher.parse(line, env->source);
    if (!parsed) {
        // The error must point inside the line.
        if (parsed.error().has_context() && parsed.error().cursor > parsed.error().input.size()) __builtin_trap();
        (void)parsed.error().describe();
        return 0;
    }
    if (env->harness.world().entities().size() < 256) env->dispatcher.execute(line, env->source);
    return 0;
}
