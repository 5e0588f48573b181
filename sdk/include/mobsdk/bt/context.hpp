// What every behaviour-tree leaf receives: the level, the mob, the mob's brain as the tree's
// blackboard, and the game time; plus the typed memory helpers leaves read and write it with.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/memory.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::bt {

/// @brief Misuse of the behaviour-tree API found during set-up (a builder call in the wrong place,
/// a tree with a childless composite) or a broken node contract (an update() returning Invalid).
class BtError : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

/// @brief The world a tree tick runs in. Built once per tree tick and handed by reference to every
/// leaf; the brain is the blackboard (brain memories are the tree's shared variables).
struct TickContext {
    Level& level;         ///< the level the mob is in
    Mob& mob;             ///< the mob the tree drives
    brain::Brain* brain;  ///< the mob's brain (the blackboard); nullptr for a brainless mob
    std::int64_t time;    ///< the game time of this tick

    /// @brief The mob's own brain and the level's game time.
    TickContext(Level& level_, Mob& mob_) : level(level_), mob(mob_), brain(mob_.brain()), time(level_.game_time()) {}
    /// @brief The mob's own brain and the given time (a brain behaviour passes the brain's time).
    TickContext(Level& level_, Mob& mob_, std::int64_t time_)
        : level(level_), mob(mob_), brain(mob_.brain()), time(time_) {}
    /// @brief Everything given explicitly (a test rig, a blackboard that is not the mob's brain).
    TickContext(Level& level_, Mob& mob_, brain::Brain* brain_, std::int64_t time_)
        : level(level_), mob(mob_), brain(brain_), time(time_) {}

    /// @brief The blackboard; reading or writing a memory of a brainless mob is a bug in the tree's
    /// definition, so it throws BtError.
    brain::Brain& blackboard() const {
        if (!brain) throw BtError("behaviour tree: the mob has no brain, so the tree has no blackboard to use");
        return *brain;
    }
    /// @brief The memory's value, nullptr when absent (Brain::get_memory: throws for a memory the
    /// brain does not register).
    template <typename T>
    const T* get_memory(brain::MemoryModuleType<T> type) const {
        return blackboard().get_memory(type);
    }
    /// @brief True when the memory is registered and present.
    template <typename T>
    bool has_memory_value(brain::MemoryModuleType<T> type) const {
        return blackboard().has_memory_value(type);
    }
    /// @brief True when the memory holds a value equal to `value`.
    template <typename T>
    bool is_memory_value(brain::MemoryModuleType<T> type, const std::type_identity_t<T>& value) const {
        return blackboard().is_memory_value(type, value);
    }
    /// @brief Sets a memory without expiry (Brain::set_memory: ignored when unregistered, an empty
    /// collection erases).
    template <typename T, typename U>
    void set_memory(brain::MemoryModuleType<T> type, U&& value) const {
        blackboard().set_memory(type, std::forward<U>(value));
    }
    /// @brief Sets a memory that expires after `ttl` brain ticks (Brain::set_memory_with_expiry).
    template <typename T, typename U>
    void set_memory_with_expiry(brain::MemoryModuleType<T> type, U&& value, std::int64_t ttl) const {
        blackboard().set_memory_with_expiry(type, std::forward<U>(value), ttl);
    }
    /// @brief Erases a memory's value.
    template <typename T>
    void erase_memory(brain::MemoryModuleType<T> type) const {
        blackboard().erase_memory(type);
    }
};

}  // namespace mobsdk::bt
