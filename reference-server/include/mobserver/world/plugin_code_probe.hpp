// Which mob's plugin code the world is running right now, for a crash report or the watchdog to
// name: written by World around every call into a mob's AI, read from a signal handler.
#pragma once

#include <atomic>
#include <cstdint>

namespace mobsdk::server {

class ServerMob;

/// @brief The mob whose plugin code (AI step, initializer, spawn or death hook) runs now, or none.
/// Lock-free atomics only, so that a signal handler on any thread may read it.
struct PluginCodeProbe {
    /// @brief The mob, or nullptr outside plugin code.
    std::atomic<const ServerMob*> mob{nullptr};
    /// @brief Its entity type's registry index, or -1.
    std::atomic<std::int32_t> type_index{-1};

    /// @brief What was there before enter(), restored by leave() (plugin code may spawn a mob
    /// whose initializer runs inside the outer mob's step).
    struct Saved {
        const ServerMob* mob;     ///< the outer mob
        std::int32_t type_index;  ///< its type
    };
    /// @brief Marks `m` (of type `type`) as running; returns what to restore.
    Saved enter(const ServerMob* m, std::int32_t type) noexcept {
        Saved s{mob.load(std::memory_order_relaxed), type_index.load(std::memory_order_relaxed)};
        type_index.store(type, std::memory_order_relaxed);
        mob.store(m, std::memory_order_relaxed);
        return s;
    }
    /// @brief Restores what enter() replaced.
    void leave(Saved s) noexcept {
        mob.store(s.mob, std::memory_order_relaxed);
        type_index.store(s.type_index, std::memory_order_relaxed);
    }
};

}  // namespace mobsdk::server
