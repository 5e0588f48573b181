// A ServerControl for the command tests: a harness world, a tick manager and recorded calls.
#pragma once

#include <string>
#include <vector>

#include "mobserver/command/command_source.hpp"
#include "mobserver/command/commands.hpp"
#include "mobserver/command/dispatcher.hpp"
#include "mobserver/server/tick_manager.hpp"
#include "mobserver/world/harness.hpp"

namespace mobsdk::server::testing {

/// @brief Records what the commands asked of the server.
class TestServerControl : public ServerControl {
public:
    explicit TestServerControl(WorldHarness& harness) : harness_(&harness) {}
    void request_stop() override { ++stop_requests; }
    std::string save_all(bool flush) override {
        saves.push_back(flush);
        return save_error;
    }
    bool saving_enabled() const override { return saving; }
    void set_saving_enabled(bool enabled) override { saving = enabled; }
    std::int64_t seed() const override { return seed_value; }
    TickManager& tick_manager() override { return ticks; }
    std::vector<PluginSummary> plugins() const override { return plugin_list; }
    int max_players() const override { return 20; }
    World& world() override { return harness_->world(); }

    int stop_requests = 0;
    std::vector<bool> saves;
    std::string save_error;
    bool saving = true;
    std::int64_t seed_value = -4172144997902289642;
    TickManager ticks;
    std::vector<PluginSummary> plugin_list;

private:
    WorldHarness* harness_;
};

/// @brief A harness, a server control, a dispatcher with every command and a console-like source.
struct CommandFixture {
    WorldHarness harness;
    TestServerControl server{harness};
    CommandDispatcher dispatcher;
    CollectingSource source{"Server", Vec3{0.5, -60.0, 0.5}};
    CommandFixture() : CommandFixture(WorldHarness::Options{}) {}
    /// @brief A harness set up as asked (plugins it registers must outlive the fixture).
    explicit CommandFixture(WorldHarness::Options options) : harness(std::move(options)) {
        register_vanilla_commands(dispatcher, server);
    }
    /// @brief Runs a line with a fresh output; returns the lines.
    std::vector<std::string> run(std::string_view line) {
        source.clear();
        last = dispatcher.execute(line, source);
        return source.lines;
    }
    CommandOutcome last;
};

}  // namespace mobsdk::server::testing
