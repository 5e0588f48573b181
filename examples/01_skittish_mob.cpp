// A complete small mob on the Brain engine: its own memories, its own sensor, a timed behaviour,
// one-shot triggers and three activities, run for 200 ticks in the SDK's fake world.
// docs/brain.md walks through it; ctest runs it (examples.01_skittish_mob).
#include <cstdio>
#include <memory>
#include <string>

#include <mobsdk/brain/brain.hpp>
#include <mobsdk/brain/codecs.hpp>
#include <mobsdk/brain/gate_behavior.hpp>
#include <mobsdk/brain/one_shot.hpp>
#include <mobsdk/nbt/snbt.hpp>
#include <mobsdk/testing/fake_world.hpp>
#include <mobsdk/world/registries.hpp>

using namespace mobsdk;
using namespace mobsdk::brain;
using behavior_builder::present, behavior_builder::registered;

// A sensor: every 10 ticks, remember the nearest fox within 8 blocks (or forget it).
class NearestFoxSensor final : public Sensor {
public:
    NearestFoxSensor(Handle<EntityTypeInfo> fox, MemoryModuleType<EntityRef> out) : Sensor(10), fox_(fox), out_(out) {}
    std::vector<MemoryHandle> requires_memories() const override { return {out_}; }

protected:
    void do_tick(Level& level, Mob& mob) override {
        found_.clear();  // reused between scans: no allocation once it has grown
        level.entities_of_type(fox_, mob.bounding_box().inflate(8.0), found_);
        const EntityRef* nearest = nullptr;
        double best = 1e300;
        for (const EntityRef& ref : found_) {
            if (Entity* e = level.resolve(ref); e && e->position().dist_sqr(mob.position()) < best) {
                best = e->position().dist_sqr(mob.position());
                nearest = &ref;
            }
        }
        if (nearest) mob.brain()->set_memory(out_, *nearest);
        else mob.brain()->erase_memory(out_);
    }

private:
    Handle<EntityTypeInfo> fox_;
    MemoryModuleType<EntityRef> out_;
    std::vector<EntityRef> found_;
};

// A timed behaviour: run directly away from the fox for 40–60 ticks, or until it is gone.
class RunAwayFromFox final : public Behavior {
public:
    explicit RunAwayFromFox(MemoryModuleType<EntityRef> fox)
        : Behavior({{fox, MemoryStatus::VALUE_PRESENT}}, 40, 60), fox_(fox) {}
    std::string debug_string() const override { return "RunAwayFromFox"; }

protected:
    bool can_still_use(Level&, Mob& mob, std::int64_t) override { return mob.brain()->has_memory_value(fox_); }
    void tick(Level& level, Mob& mob, std::int64_t) override {
        const EntityRef* ref = mob.brain()->get_memory(fox_);
        if (Entity* fox = ref ? level.resolve(*ref) : nullptr)  // never a stale pointer: resolve each time
            mob.move_to((mob.position() + (mob.position() - fox->position())).block_pos(), 1.5, 0);
    }
    void stop(Level&, Mob& mob, std::int64_t) override { mob.stop_navigation(); }

private:
    MemoryModuleType<EntityRef> fox_;
};

int main() {
    // Start-up: registries, then freeze.
    BrainRegistries reg;
    WorldRegistries world;
    const VanillaActivities act = register_vanilla_activities(reg.activities);
    auto nearest_fox = register_memory<EntityRef>(reg.memory_types, "example:nearest_fox", "example");
    auto last_scared =
        register_memory_with_codec<std::int64_t, LongCodec>(reg.memory_types, "example:last_scared", "example");
    auto skittish = world.entity_types.register_entry("example:skittish", EntityTypeInfo{}, "example");
    auto fox_type = world.entity_types.register_entry("minecraft:fox", EntityTypeInfo{}, "example");
    auto fox_sensor =
        register_sensor<NearestFoxSensor>(reg.sensor_types, "example:nearest_fox", "example", fox_type, nearest_fox);
    reg.freeze();
    world.freeze();

    // The brain: the sensor registers nearest_fox; last_scared is listed explicitly.
    const MemoryHandle memories[] = {last_scared};
    const SensorType sensors[] = {fox_sensor};
    BrainProvider provider(reg, memories, sensors);

    testing::FakeLevel level(42);
    testing::FakeMob mob(Uuid{0x5c1771, 1}, 0), fox(Uuid{0xf0c5, 2}, 1);
    mob.type_ = skittish;
    mob.position_ = {0.5, 64, 0.5};
    fox.type_ = fox_type;
    fox.position_ = {30, 64, 0};  // far away at first
    level.mobs = {&mob, &fox};

    mob.brain_ = provider.make_brain(level.random());
    Brain& brain = *mob.brain_;
    brain.set_core_activities({act.core});
    brain.set_default_activity(act.idle);
    brain.add_activity(
        act.core, prioritized_behaviors(
                      // Remember when it was last scared (long-term: saved with the mob).
                      std::pair{0, behavior_builder::create(present(nearest_fox), registered(last_scared),
                                                            [](Level&, Mob&, std::int64_t time, auto&, auto& scared) {
                                                                scared.set(time);
                                                                return true;
                                                            })},
                      // Choose the activity: avoid when a fox is near, idle otherwise.
                      std::pair{1, behavior_builder::create([act](Level&, Mob& m, std::int64_t) {
                                    return m.brain()->set_active_activity_to_first_valid({act.avoid, act.idle});
                                })}));
    brain.add_activity(act.idle, prioritized_behaviors(std::pair{
                                     0, std::make_unique<RunOne>(weighted_behaviors(
                                            std::pair{std::make_unique<DoNothing>(20, 40), 1},
                                            std::pair{behavior_builder::create([](Level& l, Mob& m, std::int64_t) {
                                                          BlockPos p = m.block_position();
                                                          p.x += l.random().next_int(9) - 4;
                                                          p.z += l.random().next_int(9) - 4;
                                                          return m.move_to(p, 1.0, 0);  // a short random stroll
                                                      }),
                                                      2}))}));
    brain.add_activity_with_conditions(
        act.avoid, prioritized_behaviors(std::pair{0, std::make_unique<RunAwayFromFox>(nearest_fox)}),
        {{nearest_fox, MemoryStatus::VALUE_PRESENT}});
    brain.use_default_activity();

    for (int t = 0; t < 200; ++t) {
        if (t == 60) fox.position_ = {3, 64, 0};  // the fox comes close
        if (t == 140) fox.alive_ = false;         // and is gone
        level.tick();
        if (t % 20 == 19) {
            const Activity a = *brain.active_non_core_activity();
            std::string running;
            for (const BehaviorControl* b : brain.running_behaviors()) running += " " + b->debug_string();
            std::printf("tick %3d  activity %-16s fox %-3s running:%s\n", t + 1, reg.activities.id_of(a).str().c_str(),
                        brain.has_memory_value(nearest_fox) ? "yes" : "no", running.c_str());
        }
    }
    // Only long-term memories are saved, in vanilla's layout.
    std::printf("Brain: %s\n", nbt::to_snbt(brain.save()).c_str());
    return 0;
}
