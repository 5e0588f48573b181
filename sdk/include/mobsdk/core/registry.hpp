// Typed registries: plain data registered by id at start-up, read by handle on every tick.
// Handles are dense indexes, so per-tick code indexes arrays instead of hashing strings.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "mobsdk/core/resource_location.hpp"

namespace mobsdk {

/// @brief A set-up error: a duplicate id, a registration after freeze, an unknown id asked for in code.
class RegistryError : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

/// @brief A typed, cheap reference to an entry of a Registry<T>: copy, compare and hash it freely.
template <typename T>
class Handle {
public:
    /// @brief An invalid handle (refers to nothing).
    constexpr Handle() noexcept = default;
    /// @brief Dense index of the entry in its registry, in registration order.
    constexpr std::uint32_t index() const noexcept { return index_; }
    /// @brief False for a default-constructed handle.
    constexpr bool valid() const noexcept { return index_ != invalid_index; }
    friend constexpr bool operator==(Handle, Handle) noexcept = default;
    friend constexpr auto operator<=>(Handle, Handle) noexcept = default;
    /// @brief Prints `handle N` (test failures and logs; the registry knows the id).
    friend std::ostream& operator<<(std::ostream& out, Handle h) {
        return h.valid() ? out << "handle " << h.index_ : out << "handle (invalid)";
    }

    /// @brief Rebuilds a handle from its index; only registries and their serialisers need this.
    static constexpr Handle from_index(std::uint32_t index) noexcept { return Handle(index); }

private:
    static constexpr std::uint32_t invalid_index = std::numeric_limits<std::uint32_t>::max();
    constexpr explicit Handle(std::uint32_t index) noexcept : index_(index) {}
    std::uint32_t index_ = invalid_index;
};

/// @brief One kind of registry (memory module types, activities, …): entries of plain data T by id.
///
/// Entries are registered during start-up, each returning a Handle<T>; after freeze() the registry is
/// read-only and references to its entries stay valid for its lifetime.
template <typename T>
class Registry {
public:
    /// @brief One registered entry.
    struct Entry {
        Handle<T> handle;        ///< the entry's handle
        ResourceLocation id;     ///< the entry's id
        T value;                 ///< the registered data
        std::string registrant;  ///< who registered it (plugin id, or "mobsdk")
    };

    /// @brief `registry_id` names the registry in error messages, e.g. `minecraft:activity`.
    explicit Registry(ResourceLocation registry_id) : registry_id_(std::move(registry_id)) {}
    Registry(const Registry&) = delete;
    Registry& operator=(const Registry&) = delete;

    /// @brief This registry's own id.
    const ResourceLocation& registry_id() const noexcept { return registry_id_; }

    /// @brief Registers `value` under `id`; throws RegistryError on a duplicate id or after freeze().
    Handle<T> register_entry(ResourceLocation id, T value, std::string_view registrant = "mobsdk") {
        if (frozen_)
            throw RegistryError("registry " + registry_id_.str() + " is frozen: '" + std::string(registrant) +
                                "' cannot register " + id.str() +
                                " after start-up (register from your plugin's entry point)");
        if (auto it = by_id_.find(id.str()); it != by_id_.end())
            throw RegistryError("registry " + registry_id_.str() + ": duplicate id " + id.str() + ", registered by '" +
                                entries_[it->second].registrant + "' and again by '" + std::string(registrant) + "'");
        auto handle = Handle<T>::from_index(static_cast<std::uint32_t>(entries_.size()));
        by_id_.emplace(id.str(), handle.index());
        entries_.push_back(Entry{handle, std::move(id), std::move(value), std::string(registrant)});
        return handle;
    }

    /// @brief Parses `id` and registers; throws InvalidResourceLocation on a malformed id.
    Handle<T> register_entry(std::string_view id, T value, std::string_view registrant = "mobsdk") {
        return register_entry(ResourceLocation::of(id), std::move(value), registrant);
    }

    /// @brief The handle registered under `id`, if any.
    std::optional<Handle<T>> find(const ResourceLocation& id) const { return find(id.str()); }

    /// @brief Looks up by text (`home` means `minecraft:home`); empty for unknown or malformed ids.
    std::optional<Handle<T>> find(std::string_view id) const {
        auto it = by_id_.find(id);
        if (it == by_id_.end()) {
            if (id.find(':') != std::string_view::npos) return std::nullopt;
            auto parsed = ResourceLocation::parse(id);
            if (!parsed) return std::nullopt;
            it = by_id_.find(parsed->str());
            if (it == by_id_.end()) return std::nullopt;
        }
        return Handle<T>::from_index(it->second);
    }

    /// @brief The handle for an id that code relies on; throws RegistryError naming the id if absent.
    Handle<T> require(std::string_view id) const {
        if (auto h = find(id)) return *h;
        throw RegistryError("registry " + registry_id_.str() + " has no entry " + std::string(id));
    }

    /// @brief The data behind a handle. O(1); the handle must come from this registry.
    const T& operator[](Handle<T> h) const { return entry(h).value; }
    /// @brief Mutable access, allowed only until freeze().
    T& mutable_value(Handle<T> h) {
        if (frozen_) throw RegistryError("registry " + registry_id_.str() + " is frozen");
        return entry_mut(h).value;
    }
    /// @brief The id behind a handle.
    const ResourceLocation& id_of(Handle<T> h) const { return entry(h).id; }
    /// @brief The full entry behind a handle.
    const Entry& entry(Handle<T> h) const {
        if (!h.valid() || h.index() >= entries_.size())
            throw RegistryError("registry " + registry_id_.str() + ": handle " + std::to_string(h.index()) +
                                " does not belong to it");
        return entries_[h.index()];
    }

    /// @brief Number of entries.
    std::size_t size() const noexcept { return entries_.size(); }
    /// @brief Iteration in registration order.
    auto begin() const noexcept { return entries_.begin(); }
    auto end() const noexcept { return entries_.end(); }

    /// @brief Closes registration; later register_entry calls throw.
    void freeze() noexcept { frozen_ = true; }
    /// @brief True once freeze() was called.
    bool frozen() const noexcept { return frozen_; }

private:
    Entry& entry_mut(Handle<T> h) { return const_cast<Entry&>(static_cast<const Registry&>(*this).entry(h)); }

    ResourceLocation registry_id_;
    std::deque<Entry> entries_;  // deque: references stay valid while entries are added
    std::map<std::string, std::uint32_t, std::less<>> by_id_;
    bool frozen_ = false;
};

}  // namespace mobsdk

template <typename T>
struct std::hash<mobsdk::Handle<T>> {
    std::size_t operator()(mobsdk::Handle<T> h) const noexcept { return std::hash<std::uint32_t>{}(h.index()); }
};
