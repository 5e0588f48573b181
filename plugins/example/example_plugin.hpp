// The example plugin: a memory type of its own (saved, with its own codec), a sensor of its own
// and a mob, example:watcher, that walks to the nearest villager its sensor saw.
#pragma once

#include <cstdint>
#include <string>

#include "mobsdk/brain/memory.hpp"
#include "mobsdk/brain/sensor.hpp"
#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/plugin/plugin.hpp"

namespace example {

/// @brief What a watcher remembers about villagers: how many times one came into view and the
/// game time of the last time. Long-term: saved with the mob, kept over unloads and `reload`.
struct Sightings {
    std::int32_t count = 0;      ///< villagers that came into view
    std::int64_t last_seen = 0;  ///< game time of the latest
    friend bool operator==(const Sightings&, const Sightings&) = default;
};

/// @brief Sightings as NBT: `{count: 3, last_seen: 1234L}`.
struct SightingsCodec {
    /// @brief The compound.
    static mobsdk::nbt::Tag encode(const Sightings& s);
    /// @brief Reads the compound; an error naming the field that is missing or wrong.
    static mobsdk::Result<Sightings, std::string> decode(const mobsdk::nbt::Tag& tag);
};

/// @brief Handles to what the plugin registered.
struct ExampleContent {
    mobsdk::brain::MemoryModuleType<mobsdk::EntityRef> nearest_villager;  ///< example:nearest_villager, short-term
    mobsdk::brain::MemoryModuleType<Sightings> sightings;                 ///< example:sightings, long-term
    mobsdk::brain::SensorType villager_sensor;                            ///< example:nearest_villager
    mobsdk::Handle<mobsdk::EntityTypeInfo> watcher;                       ///< example:watcher
};

/// @brief The plugin: registers the memories, the sensor and the watcher with its brain.
class ExamplePlugin final : public mobsdk::plugin::Plugin {
public:
    void register_content(mobsdk::plugin::PluginContext& context) override;
    /// @brief The handles, once register_content ran.
    const ExampleContent& content() const noexcept { return content_; }

    /// @brief How far the sensor looks for villagers, in blocks (each axis).
    static constexpr double sensor_range = 16.0;
    /// @brief Ticks between two scans of the sensor (vanilla's default scan rate).
    static constexpr std::int32_t sensor_scan_rate = 20;

private:
    ExampleContent content_;
};

}  // namespace example
