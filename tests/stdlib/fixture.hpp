// Shared set-up for the stdlib tests: a WorldHarness, the standard memories and sensors, and a
// brain for a mob built from behaviours the test hands over.
#pragma once

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/stdlib/sensors.hpp"
#include "mobserver/world/harness.hpp"

namespace stdlib_test {

using namespace mobsdk;
using namespace mobsdk::brain;
using namespace mobsdk::stdlib;
using mobsdk::server::ServerMob;
using mobsdk::server::WorldHarness;

/// The last damage from what the reference server records: the attacker, for 40 ticks.
inline std::optional<DamageSource> server_last_damage(Level& level, Mob& mob) {
    auto& m = static_cast<ServerMob&>(mob);
    if (!m.last_hurt_by || level.game_time() - m.last_hurt_time > 40) return std::nullopt;
    DamageSource s;
    s.type = ResourceLocation::of("mob_attack");
    s.attacker = m.last_hurt_by;
    s.direct_entity = m.last_hurt_by;
    return s;
}

struct Fixture {
    BrainRegistries reg;
    StandardMemories mem = register_standard_memories(reg.memory_types);
    VanillaActivities acts = register_vanilla_activities(reg.activities);
    StandardSensors sensors;
    std::unique_ptr<BrainProvider> provider;      // every memory, no sensors
    std::unique_ptr<BrainProvider> with_sensors;  // every memory and every standard sensor
    // Declared last, destroyed first: its mobs' brains point into the registries above.
    WorldHarness h;

    Fixture() {
        StandardSensorOptions o;
        o.entity_types = &h.registries().entity_types;
        o.home_poi = h.poi_types().home;
        o.last_damage_source = &server_last_damage;
        sensors = register_standard_sensors(reg.sensor_types, mem, o);
        reg.freeze();
        provider = std::make_unique<BrainProvider>(reg, mem.all, std::span<const SensorType>{});
        const SensorType all_sensors[] = {sensors.nearest_living_entities, sensors.nearest_players, sensors.hurt_by,
                                          sensors.villager_hostiles,       sensors.golem_detected,  sensors.nearest_bed,
                                          sensors.secondary_pois,          sensors.nearest_items};
        with_sensors = std::make_unique<BrainProvider>(reg, mem.all, all_sensors);
    }

    static constexpr double feet = WorldHarness::ground_y;

    /// A mob with a brain that has every memory and the given core behaviours.
    ServerMob& mob_with(std::string_view type, Vec3 pos, PrioritizedBehaviors core = {}) {
        ServerMob& m = h.spawn(type, pos);
        m.set_brain(provider->make_brain(h.world().random()));
        Brain& b = *m.brain();
        b.add_activity(acts.core, std::move(core));
        b.set_core_activities({acts.core});
        b.set_default_activity(acts.idle);
        b.use_default_activity();
        return m;
    }
    /// A brainless mob (a target, a threat).
    ServerMob& still(std::string_view type, Vec3 pos) {
        ServerMob& m = h.spawn(type, pos);
        m.data().no_ai = true;
        return m;
    }
};

}  // namespace stdlib_test
