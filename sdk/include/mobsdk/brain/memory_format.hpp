// How a memory's value reads to a person: the `brain` command (and later the debug view) shows every
// memory through the formatter its type was registered with, chosen when the type is registered.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>

#include "mobsdk/core/registry.hpp"
#include "mobsdk/core/resource_location.hpp"
#include "mobsdk/world/path.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk {
class Level;
struct EntityTypeInfo;
}  // namespace mobsdk

namespace mobsdk::brain {

struct Unit;

/// @brief What a memory formatter may consult besides the value: the level to resolve entity
/// references in, the entity types to name them by, and where the mob whose memory it is stands.
/// Every field may be empty; a formatter then shows what the value itself holds (a UUID, a block).
///
/// Formatting never changes the value or the world: an entity is looked up, not tracked, and a
/// lazily tested visibility is shown as untested rather than tested.
struct FormatContext {
    /// @brief Where entity references are resolved; nullptr: they show their UUID only.
    Level* level = nullptr;
    /// @brief Names a resolved entity's type; nullptr: the type is left out.
    const Registry<EntityTypeInfo>* entity_types = nullptr;
    /// @brief The observing mob's position: walk targets and entities show their distance from it.
    std::optional<Vec3> origin;
    /// @brief Elements a list or set shows before `…`.
    std::size_t max_items = 3;
};

/// @brief `(1, 64, -3)`.
std::string format_block_pos(BlockPos pos);
/// @brief `(1.50, 64.00, -3.25)`: two decimals, enough to tell blocks and half blocks apart.
std::string format_vec3(const Vec3& pos);
/// @brief `minecraft:overworld (1, 64, -3)`.
std::string format_global_pos(const GlobalPos& pos);
/// @brief An entity as a person knows it: `minecraft:villager 0f6cd5b8-… at (1.50, 64.00, 2.50),
/// 3.20 away` when it resolves in the context's level (type and distance when the context has
/// them), `0f6cd5b8-… (not loaded)` when it does not, and just the UUID without a level.
std::string format_entity(const EntityRef& entity, const FormatContext& context);
/// @brief `path of 12 nodes, at node 3 (1, 64, 2), to (5, 64, 9), reaches it` (or `stops 2 short`).
std::string format_path(const Path& path);
/// @brief A memory's time to live: `forever` without expiry, else `1 tick`, `120 ticks`.
std::string format_time_to_live(std::optional<std::int64_t> ttl);

namespace detail {

template <typename T>
struct IsOptional : std::false_type {};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {};

template <typename T>
struct IsPair : std::false_type {};
template <typename A, typename B>
struct IsPair<std::pair<A, B>> : std::true_type {};

template <typename T>
concept Collection = requires(const T& t) {
    { t.empty() } -> std::convertible_to<bool>;
    t.begin();
    t.end();
};

template <typename T>
concept SizedCollection = Collection<T> && requires(const T& t) {
    { t.size() } -> std::convertible_to<std::size_t>;
};

template <typename T>
concept Streamable = requires(std::ostream& out, const T& v) {
    out << v;
};

/// @brief The shortest text that reads back as `v`: `0.5`, `3`, `0.35`.
std::string format_number(double v);
/// @brief As for a double, but the shortest float: a float 0.6 shows `0.6`, not `0.6000000238418579`.
std::string format_number(float v);
/// @brief A string in double quotes, `"` and `\` escaped.
std::string format_quoted(const std::string& s);
/// @brief The honest fallback for a value nothing knows how to show: `<value of 24 bytes>`.
std::string format_opaque(std::size_t size);

}  // namespace detail

// The customisation point lives in a namespace of its own with a deleted catch-all, so that only a
// `format_memory_value` found by argument-dependent lookup (next to the value's type) counts as the
// type's own formatter.
namespace format_lookup {

void format_memory_value() = delete;

/// @brief True when `format_memory_value(const T&, const FormatContext&)` is found next to T.
template <typename T>
concept HasOwnFormatter = requires(const T& v, const FormatContext& c) {
    { format_memory_value(v, c) } -> std::convertible_to<std::string>;
};

template <typename T>
std::string call_own_formatter(const T& v, const FormatContext& c) {
    return format_memory_value(v, c);
}

}  // namespace format_lookup

/// @brief True when T's own `format_memory_value(const T&, const FormatContext&)` (found next to T
/// by argument-dependent lookup) shows it. A plugin defines one beside its value type:
///
///     namespace example {
///     struct Grudge { mobsdk::Uuid against; std::int32_t level = 0; friend bool operator==(…) = default; };
///     std::string format_memory_value(const Grudge& g, const mobsdk::brain::FormatContext&) {
///         return "grudge " + std::to_string(g.level) + " against " + g.against.str();
///     }
///     }
template <typename T>
concept HasMemoryFormatter = format_lookup::HasOwnFormatter<T>;

/// @brief A value as a person reads it: the type's own formatter if it has one; else the SDK's form
/// for numbers, booleans, positions, UUIDs, entity references, paths, optionals, pairs and
/// collections (`5 entries: a; b; c; …`); else the type's `operator<<`; else `<value of N bytes>`.
template <typename T>
std::string format_value(const T& v, const FormatContext& context) {
    if constexpr (HasMemoryFormatter<T>) {
        return format_lookup::call_own_formatter(v, context);
    } else if constexpr (std::same_as<T, bool>) {
        return v ? "true" : "false";
    } else if constexpr (std::integral<T>) {
        return std::to_string(v);
    } else if constexpr (std::floating_point<T>) {
        if constexpr (std::same_as<T, float>) return detail::format_number(v);
        else return detail::format_number(static_cast<double>(v));
    } else if constexpr (std::same_as<T, Unit>) {
        return "present";
    } else if constexpr (std::same_as<T, std::string>) {
        return detail::format_quoted(v);
    } else if constexpr (std::same_as<T, ResourceLocation>) {
        return v.str();
    } else if constexpr (std::same_as<T, Uuid>) {
        return v.str();
    } else if constexpr (std::same_as<T, BlockPos>) {
        return format_block_pos(v);
    } else if constexpr (std::same_as<T, Vec3>) {
        return format_vec3(v);
    } else if constexpr (std::same_as<T, GlobalPos>) {
        return format_global_pos(v);
    } else if constexpr (std::same_as<T, EntityRef>) {
        return format_entity(v, context);
    } else if constexpr (std::same_as<T, Path>) {
        return format_path(v);
    } else if constexpr (detail::IsOptional<T>::value) {
        return v ? format_value(*v, context) : std::string("none");
    } else if constexpr (detail::IsPair<T>::value) {
        return "(" + format_value(v.first, context) + ", " + format_value(v.second, context) + ")";
    } else if constexpr (detail::SizedCollection<T>) {
        const std::size_t n = v.size();
        if (n == 0) return "0 entries";
        std::string out = std::to_string(n) + (n == 1 ? " entry: " : " entries: ");
        std::size_t shown = 0;
        for (const auto& e : v) {
            if (shown == context.max_items) {
                out += "; …";
                break;
            }
            if (shown++ > 0) out += "; ";
            out += format_value(e, context);
        }
        return out;
    } else if constexpr (detail::Streamable<T>) {
        std::ostringstream out;
        out << v;
        return std::move(out).str();
    } else {
        return detail::format_opaque(sizeof(T));
    }
}

/// @brief How a registered memory type shows a value (MemoryTypeInfo::format).
using MemoryFormatFn = std::string (*)(const void* value, const FormatContext& context);

namespace detail {

template <typename T>
std::string format_erased(const void* value, const FormatContext& context) {
    return format_value(*static_cast<const T*>(value), context);
}

/// @brief The formatter register_memory stores for T.
template <typename T>
constexpr MemoryFormatFn format_fn() noexcept {
    return &format_erased<T>;
}

}  // namespace detail

}  // namespace mobsdk::brain
