// Sensors: code that looks at the world every scan period and writes memories.
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "mobsdk/brain/memory.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::brain {

class Brain;

/// @brief A sensor (vanilla's Sensor). Subclass it, list the memories it writes in requires(),
/// and implement do_tick(). The brain ticks it every tick; it runs every scan period, the first
/// time after a random delay within one period (so that mobs do not all scan on the same tick).
class Sensor {
public:
    /// @brief `scan_rate` in ticks (vanilla's default is 20).
    explicit Sensor(std::int32_t scan_rate = 20) : scan_rate_(scan_rate) {}
    /// @brief A copy counts down on its own, from where the original was.
    Sensor(const Sensor& other) : scan_rate_(other.scan_rate_), own_time_to_tick_(other.time_to_tick()) {}
    /// @brief Copies the scan rate and the countdown.
    Sensor& operator=(const Sensor& other) {
        scan_rate_ = other.scan_rate_;
        *time_to_tick_ = other.time_to_tick();
        return *this;
    }
    virtual ~Sensor() = default;

    /// @brief The memories this sensor writes; every brain that uses it registers them.
    virtual std::vector<MemoryHandle> requires_memories() const = 0;

    /// @brief Counts down and runs do_tick() when the period is up.
    void tick(Level& level, Mob& mob) {
        if (--*time_to_tick_ <= 0) {
            *time_to_tick_ = scan_rate_;
            do_tick(level, mob);
        }
    }
    /// @brief Ticks between runs.
    std::int32_t scan_rate() const noexcept { return scan_rate_; }
    /// @brief Ticks until the next run.
    std::int64_t time_to_tick() const noexcept { return *time_to_tick_; }
    /// @brief Sets the first delay (the brain draws it from the level's random source).
    void set_time_to_tick(std::int64_t t) noexcept { *time_to_tick_ = t; }

protected:
    /// @brief The sensing itself.
    virtual void do_tick(Level& level, Mob& mob) = 0;

private:
    // A brain keeps its sensors' countdowns side by side in its own storage and counts them down
    // there, so a tick touches a sensor only when it runs; the countdown then lives at `counter`.
    friend class Brain;
    void move_countdown_to(std::int64_t* counter) noexcept {
        *counter = *time_to_tick_;
        time_to_tick_ = counter;
    }
    std::int32_t scan_rate_;
    std::int64_t own_time_to_tick_ = 0;
    std::int64_t* time_to_tick_ = &own_time_to_tick_;
};

/// @brief A sensor type as registered: a factory that makes one sensor per brain, and the memories
/// its sensors require.
struct SensorTypeInfo {
    std::function<std::unique_ptr<Sensor>()> factory;  ///< called once per brain, at creation
    std::vector<MemoryHandle> required_memories;       ///< from a sensor made at registration
};
/// @brief A handle to a registered sensor type.
using SensorType = Handle<SensorTypeInfo>;

/// @brief Registers sensor class S under `id`; `args` are passed to S's constructor for each brain.
///
/// ```
/// auto nearest_creeper = register_sensor<NearestCreeperSensor>(sensors, "example:nearest_creeper",
///                                                              "example", memories.nearest_creeper);
/// ```
template <typename S, typename... Args>
SensorType register_sensor(Registry<SensorTypeInfo>& registry, std::string_view id, std::string_view registrant,
                           Args... args) {
    static_assert(std::derived_from<S, Sensor>, "a sensor type must derive from mobsdk::brain::Sensor");
    static_assert(std::constructible_from<S, Args...>,
                  "register_sensor<S>(…, args): S must be constructible from the arguments given");
    auto factory = [args...]() -> std::unique_ptr<Sensor> { return std::make_unique<S>(args...); };
    auto probe = factory();
    return registry.register_entry(id, SensorTypeInfo{std::move(factory), probe->requires_memories()}, registrant);
}

}  // namespace mobsdk::brain
