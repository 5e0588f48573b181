// The example plugin's content. Everything a plugin author needs is here: a memory value with its
// codec, a sensor that writes memories, a behaviour that reads them, and a brain factory that
// puts them together for the mob type.
#include "example_plugin.hpp"

#include <limits>
#include <memory>
#include <vector>

#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/brain.hpp"

namespace example {

using namespace mobsdk;
using brain::MemoryStatus;

nbt::Tag SightingsCodec::encode(const Sightings& s) {
    nbt::Compound c;
    c.put("count", s.count);
    c.put("last_seen", s.last_seen);
    return c;
}

Result<Sightings, std::string> SightingsCodec::decode(const nbt::Tag& tag) {
    const auto* c = tag.get_if<nbt::Compound>();
    if (!c) return unexpected(std::string("sightings: expected a compound"));
    const auto* count = c->find<std::int32_t>("count");
    const auto* last_seen = c->find<std::int64_t>("last_seen");
    if (!count || *count < 0) return unexpected(std::string("sightings: count must be an int >= 0"));
    if (!last_seen) return unexpected(std::string("sightings: last_seen must be a long"));
    return Sightings{*count, *last_seen};
}

namespace {

// Looks for the nearest villager every scan; a villager that was not the nearest one before
// counts as a new sighting.
class NearestVillagerSensor final : public brain::Sensor {
public:
    NearestVillagerSensor(ExampleContent content, Handle<EntityTypeInfo> villager)
        : Sensor(ExamplePlugin::sensor_scan_rate), content_(content), villager_(villager) {}

    std::vector<brain::MemoryHandle> requires_memories() const override {
        return {content_.nearest_villager, content_.sightings};
    }

protected:
    void do_tick(Level& level, Mob& mob) override {
        brain::Brain& b = *mob.brain();
        found_.clear();  // reused: no allocation once it has grown
        level.entities_of_type(villager_, mob.bounding_box().inflate(ExamplePlugin::sensor_range), found_);
        const Vec3 me = mob.position();
        const EntityRef* nearest = nullptr;
        double best = std::numeric_limits<double>::max();
        for (const EntityRef& ref : found_) {
            const Entity* e = level.resolve(ref);
            if (!e || !e->is_alive()) continue;
            if (const double d = e->position().dist_sqr(me); d < best) {
                best = d;
                nearest = &ref;
            }
        }
        if (!nearest) {
            b.erase_memory(content_.nearest_villager);
            return;
        }
        if (!b.is_memory_value(content_.nearest_villager, *nearest)) {
            const std::int64_t now = level.game_time();
            b.modify_memory(content_.sightings, [now](Sightings& s) {
                ++s.count;
                s.last_seen = now;
            });
        }
        b.set_memory(content_.nearest_villager, *nearest);
    }

private:
    ExampleContent content_;
    Handle<EntityTypeInfo> villager_;
    std::vector<EntityRef> found_;
};

// Walks to the villager in example:nearest_villager until it is within two blocks.
class WalkToNearestVillager final : public brain::Behavior {
public:
    explicit WalkToNearestVillager(brain::MemoryModuleType<EntityRef> nearest)
        : Behavior({{nearest, MemoryStatus::VALUE_PRESENT}}, 60, 100), nearest_(nearest) {}
    std::string debug_string() const override { return "WalkToNearestVillager"; }

    static constexpr double speed = 1.0;      ///< speed modifier
    static constexpr std::int32_t reach = 2;  ///< blocks from the villager that count as there

protected:
    bool check_extra_start_conditions(Level& level, Mob& mob) override {
        const Entity* v = target(level, mob);
        return v && v->position().dist_sqr(mob.position()) > reach * reach;
    }
    void start(Level& level, Mob& mob, std::int64_t) override {
        if (const Entity* v = target(level, mob))
            mob.navigation().move_to(mob.navigation().create_path(*v, reach), speed);
    }
    bool can_still_use(Level& level, Mob& mob, std::int64_t) override {
        return target(level, mob) && !mob.navigation().is_done();
    }
    void stop(Level&, Mob& mob, std::int64_t) override { mob.navigation().stop(); }

private:
    const Entity* target(Level& level, Mob& mob) const {
        const EntityRef* ref = mob.brain()->get_memory(nearest_);
        return ref ? level.resolve(*ref) : nullptr;
    }
    brain::MemoryModuleType<EntityRef> nearest_;
};

// The watcher's brain: the sensor, and the walk in the core activity.
class WatcherBrainFactory final : public MobAiFactory {
public:
    WatcherBrainFactory(const brain::BrainRegistries& registries, const VanillaContent& vanilla, ExampleContent content)
        : content_(content),
          core_(vanilla.activities.core),
          idle_(vanilla.activities.idle),
          provider_(registries, std::vector<brain::MemoryHandle>{},
                    std::vector<brain::SensorType>{content.villager_sensor}) {}

    std::unique_ptr<brain::Brain> make_brain(Level& level, Mob&) const override {
        auto b = provider_.make_brain(level.random());
        b->set_core_activities({core_});
        b->add_activity(core_, brain::prioritized_behaviors(
                                   std::pair{0, std::make_unique<WalkToNearestVillager>(content_.nearest_villager)}));
        b->set_default_activity(idle_);
        b->use_default_activity();
        return b;
    }

private:
    ExampleContent content_;
    brain::Activity core_, idle_;
    brain::BrainProvider provider_;
};

}  // namespace

void ExamplePlugin::register_content(plugin::PluginContext& context) {
    content_.nearest_villager = context.register_memory<EntityRef>("example:nearest_villager");
    content_.sightings = context.register_memory_with_codec<Sightings, SightingsCodec>("example:sightings");
    // Vanilla content comes as typed handles: no ids to look up.
    const Handle<EntityTypeInfo> villager = context.vanilla().entity_types.villager;
    content_.villager_sensor =
        context.register_sensor<NearestVillagerSensor>("example:nearest_villager", content_, villager);

    EntityTypeInfo watcher;
    watcher.category = MobCategory::Creature;
    watcher.width = 0.6f;
    watcher.height = 1.95f;
    watcher.eye_height = 1.62f;
    watcher.max_health = 20.0f;
    watcher.movement_speed = 0.3;
    watcher.can_float = true;
    // What players' clients show for it: a wandering trader (a vanilla walker of the same size).
    watcher.client_model = ResourceLocation::of("minecraft:wandering_trader");
    content_.watcher = context.register_entity_type(
        "example:watcher", watcher,
        std::make_unique<WatcherBrainFactory>(context.brain(), context.vanilla(), content_));
}

}  // namespace example
