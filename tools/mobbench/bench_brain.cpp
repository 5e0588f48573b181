// mobbench brain: the cost of the Brain engine itself, with trivial behaviour and sensor bodies, so the
// figures measure the scheduling (expiry pass, sensor countdowns, start/tick loops), not AI logic.
// Case b20s4: 20 behaviours over a core and an idle activity, 4 sensors, 30 memories (10 expiring).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bench.hpp"
#include "mobsdk/brain/brain.hpp"
#include "mobsdk/testing/fake_world.hpp"

namespace mobbench {

int run_brain(const std::vector<std::string>& args);

namespace {

namespace brain = mobsdk::brain;
using brain::Brain;
using brain::MemoryHandle;
using brain::MemoryModuleType;
using brain::MemoryRequirement;
using brain::MemoryStatus;
using brain::Unit;
using mobsdk::Level;
using mobsdk::Mob;

constexpr std::size_t kDefaultBrains = 1000;

// The 30 memories of the case: 10 ints, 10 units, 10 int lists.
struct Memories {
    std::vector<MemoryModuleType<int>> ints;
    std::vector<MemoryModuleType<Unit>> units;
    std::vector<MemoryModuleType<std::vector<int>>> lists;
    std::vector<MemoryHandle> all;

    explicit Memories(brain::BrainRegistries& reg) {
        for (int i = 0; i < 10; ++i) {
            ints.push_back(brain::register_memory<int>(reg.memory_types, "bench:int_" + std::to_string(i)));
            units.push_back(brain::register_memory<Unit>(reg.memory_types, "bench:unit_" + std::to_string(i)));
            lists.push_back(
                brain::register_memory<std::vector<int>>(reg.memory_types, "bench:list_" + std::to_string(i)));
        }
        for (auto m : ints) all.push_back(m);
        for (auto m : units) all.push_back(m);
        for (auto m : lists) all.push_back(m);
    }
};

// Writes the game time into an int memory; every other run it also marks a unit memory for 40 ticks.
class WriteSensor final : public brain::Sensor {
public:
    WriteSensor(MemoryModuleType<int> out, MemoryModuleType<Unit> seen) : out_(out), seen_(seen) {}
    std::vector<MemoryHandle> requires_memories() const override { return {out_, seen_}; }

protected:
    void do_tick(Level& level, Mob& mob) override {
        Brain& b = *mob.brain();
        b.set_memory(out_, static_cast<int>(level.game_time()));
        if ((level.game_time() / 20) % 2 == 0) b.set_memory_with_expiry(seen_, Unit{}, 40);
    }

private:
    MemoryModuleType<int> out_;
    MemoryModuleType<Unit> seen_;
};

// A trigger: starts when its conditions hold, sets a memory with expiry, stops on the same tick.
class SetWithExpiry final : public brain::Behavior {
public:
    SetWithExpiry(std::vector<MemoryRequirement> condition, MemoryModuleType<int> out, std::int64_t ttl)
        : Behavior(std::move(condition), 0, 0), out_(out), ttl_(ttl) {}

protected:
    void start(Level&, Mob& mob, std::int64_t time) override {
        mob.brain()->set_memory_with_expiry(out_, static_cast<int>(time), ttl_);
    }

private:
    MemoryModuleType<int> out_;
    std::int64_t ttl_;
};

// Runs for a random 20..60 ticks while its conditions hold, bumping a counter memory each tick.
class Runner final : public brain::Behavior {
public:
    Runner(std::vector<MemoryRequirement> condition, MemoryModuleType<int> counter)
        : Behavior(std::move(condition), 20, 60), counter_(counter) {}

protected:
    bool can_still_use(Level&, Mob& mob, std::int64_t) override {
        return mob.brain()->check_memory(counter_, MemoryStatus::REGISTERED);
    }
    void tick(Level&, Mob& mob, std::int64_t) override {
        mob.brain()->modify_memory(counter_, [](int& v) { ++v; });
    }

private:
    MemoryModuleType<int> counter_;
};

struct Case {
    brain::BrainRegistries reg;
    Memories mem{reg};
    brain::VanillaActivities act = brain::register_vanilla_activities(reg.activities);
    std::unique_ptr<brain::BrainProvider> provider;

    Case() {
        std::vector<brain::SensorType> sensors;
        for (int i = 0; i < 4; ++i)
            sensors.push_back(brain::register_sensor<WriteSensor>(reg.sensor_types, "bench:sensor_" + std::to_string(i),
                                                                  "mobbench", mem.ints[i], mem.units[i]));
        reg.freeze();
        provider = std::make_unique<brain::BrainProvider>(reg, mem.all, sensors);
    }

    // 20 behaviours: 8 in core (priorities 0..3), 12 in idle (priorities 0..5).
    void populate(Brain& b) const {
        using Entries = std::vector<std::pair<std::int32_t, std::unique_ptr<brain::BehaviorControl>>>;
        auto present = [](MemoryHandle m) { return MemoryRequirement{m, MemoryStatus::VALUE_PRESENT}; };
        auto absent = [](MemoryHandle m) { return MemoryRequirement{m, MemoryStatus::VALUE_ABSENT}; };
        Entries core;
        // Starts every tick the sensor memory is there: a short expiring memory, like a cooldown.
        core.emplace_back(0, std::make_unique<SetWithExpiry>(std::vector{present(mem.ints[0])}, mem.ints[4], 5));
        core.emplace_back(0, std::make_unique<SetWithExpiry>(std::vector{present(mem.units[1])}, mem.ints[5], 30));
        core.emplace_back(1, std::make_unique<Runner>(std::vector{present(mem.ints[1])}, mem.ints[6]));
        // Can never start: waits for memories nothing writes.
        core.emplace_back(1, std::make_unique<SetWithExpiry>(std::vector{present(mem.lists[0])}, mem.ints[7], 10));
        core.emplace_back(2, std::make_unique<SetWithExpiry>(std::vector{present(mem.lists[1]), absent(mem.ints[0])},
                                                             mem.ints[7], 10));
        core.emplace_back(2, std::make_unique<brain::DoNothing>(30, 60));
        core.emplace_back(3, std::make_unique<SetWithExpiry>(std::vector{absent(mem.units[9])}, mem.ints[8], 100));
        core.emplace_back(3, std::make_unique<SetWithExpiry>(std::vector{present(mem.units[8])}, mem.ints[9], 10));
        b.add_activity(act.core, std::move(core));

        Entries idle;
        idle.emplace_back(
            0, std::make_unique<Runner>(std::vector{present(mem.ints[2]), absent(mem.units[7])}, mem.ints[6]));
        idle.emplace_back(0, std::make_unique<SetWithExpiry>(std::vector{present(mem.units[0])}, mem.ints[4], 20));
        idle.emplace_back(1, std::make_unique<brain::DoNothing>(20, 40));
        idle.emplace_back(1, std::make_unique<SetWithExpiry>(std::vector{present(mem.lists[2])}, mem.ints[7], 10));
        idle.emplace_back(2, std::make_unique<SetWithExpiry>(std::vector{present(mem.lists[3])}, mem.ints[7], 10));
        idle.emplace_back(2, std::make_unique<Runner>(std::vector{present(mem.ints[3])}, mem.ints[8]));
        idle.emplace_back(3, std::make_unique<SetWithExpiry>(std::vector{present(mem.units[2]), present(mem.units[3])},
                                                             mem.ints[9], 15));
        idle.emplace_back(3, std::make_unique<SetWithExpiry>(std::vector{present(mem.lists[4])}, mem.ints[7], 10));
        idle.emplace_back(4, std::make_unique<SetWithExpiry>(std::vector{absent(mem.units[6])}, mem.ints[5], 60));
        idle.emplace_back(4, std::make_unique<SetWithExpiry>(std::vector{present(mem.lists[5])}, mem.ints[7], 10));
        idle.emplace_back(5, std::make_unique<brain::DoNothing>(10, 30));
        idle.emplace_back(5, std::make_unique<SetWithExpiry>(std::vector{present(mem.lists[6])}, mem.ints[7], 10));
        b.add_activity_with_conditions(act.idle, std::move(idle), {});
        b.set_core_activities({act.core});
        b.set_default_activity(act.idle);
        b.use_default_activity();
    }
};

// Mean nanoseconds per brain tick over `brains` brains ticked together, as a level ticks its mobs.
// With `fixed_ticks` > 0 it measures exactly that many level ticks (for callgrind and cachegrind,
// whose counts are then per a known number of brain ticks) instead of running for `seconds`.
double brain_tick_ns(const Case& c, double seconds, std::size_t brains, std::size_t fixed_ticks,
                     std::size_t& running_out) {
    mobsdk::testing::FakeLevel level(20240601);
    std::vector<std::unique_ptr<mobsdk::testing::FakeMob>> mobs;
    mobs.reserve(brains);
    for (std::size_t i = 0; i < brains; ++i) {
        auto mob = std::make_unique<mobsdk::testing::FakeMob>(mobsdk::Uuid{1, i + 1}, static_cast<std::uint32_t>(i));
        mob->brain_ = c.provider->make_brain(level.random());
        c.populate(*mob->brain_);
        level.mobs.push_back(mob.get());
        mobs.push_back(std::move(mob));
    }
    for (int i = 0; i < 200; ++i) level.tick();  // past the sensors' first delays: a steady state
    double per_level_tick = 0;
    if (fixed_ticks > 0) {
        const auto start = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < fixed_ticks; ++i) level.tick();
        per_level_tick = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
                         static_cast<double>(fixed_ticks);
    } else {
        per_level_tick = time_per_call([&] { level.tick(); }, seconds);
    }
    running_out = 0;
    for (const auto& m : mobs) running_out += m->brain_->running_behaviors().size();
    return per_level_tick / static_cast<double>(brains) * 1e9;
}

// Mean nanoseconds per forget_outdated_memories pass: 30 memories, 10 present and expiring (with a ttl
// too long to run out while measuring), 10 present without expiry, 10 absent.
double memory_expiry_ns(const Case& c, double seconds) {
    mobsdk::RandomSource random(1);
    const auto b = c.provider->make_brain(random);
    for (int i = 0; i < 10; ++i) {
        b->set_memory_with_expiry(c.mem.ints[i], i, std::int64_t{1} << 50);
        b->set_memory(c.mem.units[i], Unit{});
    }
    constexpr int kPasses = 1000;
    const double per_batch = time_per_call(
        [&] {
            for (int i = 0; i < kPasses; ++i) b->forget_outdated_memories(mobsdk::MemoryExpiry::Modern);
        },
        seconds);
    if (!b->has_memory_value(c.mem.ints[9])) std::abort();  // the passes really ran and kept it
    return per_batch / kPasses * 1e9;
}

}  // namespace

int run_brain(const std::vector<std::string>& args) {
    double seconds = 1.0;
    std::string only;
    std::size_t brains = kDefaultBrains;
    std::size_t fixed_ticks = 0;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--seconds" && i + 1 < args.size()) {
            seconds = std::stod(args[++i]);
        } else if (args[i] == "--brains" && i + 1 < args.size()) {
            brains = static_cast<std::size_t>(std::max(1L, std::stol(args[++i])));
        } else if (args[i] == "--ticks" && i + 1 < args.size()) {
            fixed_ticks = static_cast<std::size_t>(std::max(1L, std::stol(args[++i])));
        } else if (args[i] == "--case" && i + 1 < args.size()) {
            only = args[++i];
        } else {
            std::fprintf(stderr,
                         "usage: mobbench brain [--seconds S] [--case b20s4] [--brains N (default 1000)] "
                         "[--ticks T (measure exactly T level ticks, for profilers)]\n");
            return 2;
        }
    }
    if (!only.empty() && only != "b20s4") {
        std::fprintf(stderr, "mobbench brain: unknown case '%s' (cases: b20s4)\n", only.c_str());
        return 2;
    }
    const Case c;
    progress("case b20s4: " + std::to_string(brains) + " brains, 20 behaviours, 4 sensors, " +
             std::to_string(c.mem.all.size()) + " memories");
    std::size_t running = 0;
    const double tick_ns = brain_tick_ns(c, seconds, brains, fixed_ticks, running);
    progress("behaviours running at the end: " + std::to_string(running) + " over " + std::to_string(brains) +
             " brains");
    emit({"brain", "b20s4", "mobsdk", "ns_per_brain_tick", tick_ns, "ns"});
    emit({"brain", "b20s4", "mobsdk", "ns_per_memory_expiry", memory_expiry_ns(c, seconds), "ns"});
    return 0;
}

}  // namespace mobbench
