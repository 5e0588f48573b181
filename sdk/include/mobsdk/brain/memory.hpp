// Memory module types: typed handles to registry entries that describe one kind of memory value,
// with a codec when the memory is long-term (saved with its entity) and none when short-term.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "mobsdk/brain/memory_format.hpp"
#include "mobsdk/core/registry.hpp"
#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/tag.hpp"

namespace mobsdk::brain {

/// @brief What a behaviour or activity requires of a memory (vanilla's MemoryStatus).
enum class MemoryStatus : std::uint8_t { VALUE_PRESENT, VALUE_ABSENT, REGISTERED };

/// @brief A misuse of a brain found at run time by code that should not have done it: reading a
/// memory the brain does not register, a memory handle of another value type. Tier one: a bug.
class BrainError : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

/// @brief The unit value (vanilla's Unit): a memory that is only present or absent. NBT `{}`.
struct Unit {
    friend constexpr bool operator==(Unit, Unit) noexcept { return true; }
};

/// @brief Type-erased operations on one memory value type; one static table per C++ type.
struct MemoryValueOps {
    std::size_t size;                                 ///< sizeof(T)
    std::size_t align;                                ///< alignof(T)
    const std::type_info* type;                       ///< typeid(T), for mismatch errors
    void (*default_construct)(void* dst);             ///< placement-new T()
    void (*copy_assign)(void* dst, const void* src);  ///< *dst = *src
    void (*destroy)(void* p) noexcept;                ///< p->~T()
    bool (*equals)(const void* a, const void* b);     ///< *a == *b
    bool (*is_empty_collection)(const void* p);       ///< for containers: empty(); else false
};

/// @brief How a long-term memory's value goes to and from NBT.
struct MemoryCodecOps {
    /// @brief Writes the value as the tag stored under `value`.
    nbt::Tag (*encode)(const void* value);
    /// @brief Reads a value into constructed storage; an error message on malformed input.
    Result<void, std::string> (*decode)(const nbt::Tag& tag, void* value);
};

class Brain;

/// @brief Told by every brain after each write of one memory type (MemoryTypeInfo::watcher): what
/// keeps an index of which brains hold which values exact, so that a behaviour can consult the
/// index instead of reading the memory of every mob around it.
class MemoryWatcher {
public:
    virtual ~MemoryWatcher() = default;
    /// @brief `brain`'s memory now holds `*value` (of the memory's value type), or nothing when
    /// `value` is nullptr (erased, expired, or the brain is being destroyed). Called after every
    /// write, changed or not. A call with nullptr must not throw (it comes from noexcept paths).
    virtual void changed(const Brain& brain, const void* value) = 0;
};

/// @brief A memory module type as registered: its value operations, if long-term its codec, and how
/// a person reads its values.
struct MemoryTypeInfo {
    const MemoryValueOps* ops = nullptr;    ///< how to hold the value
    const MemoryCodecOps* codec = nullptr;  ///< nullptr: short-term, never saved
    /// @brief Told about every write of this memory in every brain; nullptr for most types.
    std::shared_ptr<MemoryWatcher> watcher;
    /// @brief Shows a value (format_value of the type, chosen where the type is registered);
    /// nullptr: the codec's SNBT, the default of a long-term type without its own formatter.
    MemoryFormatFn formatter = nullptr;
    /// @brief Long-term memories are saved with their entity and survive unloads.
    bool long_term() const noexcept { return codec != nullptr; }
    /// @brief A value of this type as a person reads it: the formatter's text, else the codec's
    /// SNBT, else `<value of N bytes>`.
    std::string format(const void* value, const FormatContext& context) const;
};

/// @brief An untyped memory handle: the registry handle.
using MemoryHandle = Handle<MemoryTypeInfo>;

/// @brief A typed memory module type: what code uses to read and write one memory.
template <typename T>
class MemoryModuleType {
public:
    using value_type = T;  ///< the memory's value type
    constexpr MemoryModuleType() noexcept = default;
    /// @brief Wraps a handle whose entry was registered for T (see register_memory).
    constexpr explicit MemoryModuleType(MemoryHandle h) noexcept : handle_(h) {}
    /// @brief The registry handle.
    constexpr MemoryHandle handle() const noexcept { return handle_; }
    constexpr operator MemoryHandle() const noexcept { return handle_; }
    friend constexpr bool operator==(MemoryModuleType, MemoryModuleType) noexcept = default;

private:
    MemoryHandle handle_;
};

namespace detail {

template <typename T>
const MemoryValueOps* value_ops() {
    static_assert(std::is_default_constructible_v<T>,
                  "a memory value type needs a default constructor (the brain keeps one constructed "
                  "per slot and assigns into it, so a tick allocates nothing)");
    static_assert(std::is_copy_assignable_v<T>, "a memory value type must be copy-assignable");
    static_assert(std::equality_comparable<T>,
                  "a memory value type needs operator== (Brain::is_memory_value compares values)");
    static const MemoryValueOps ops{
        sizeof(T),
        alignof(T),
        &typeid(T),
        [](void* dst) { ::new (dst) T(); },
        [](void* dst, const void* src) { *static_cast<T*>(dst) = *static_cast<const T*>(src); },
        [](void* p) noexcept { static_cast<T*>(p)->~T(); },
        [](const void* a, const void* b) { return *static_cast<const T*>(a) == *static_cast<const T*>(b); },
        [](const void* p) {
            if constexpr (Collection<T>) return static_cast<const T*>(p)->empty();
            else return false;
        },
    };
    return &ops;
}

}  // namespace detail

/// @brief A codec for T: `static nbt::Tag encode(const T&)` and
/// `static Result<T, std::string> decode(const nbt::Tag&)`.
template <typename C, typename T>
concept MemoryCodec = requires(const T& v, const nbt::Tag& t) {
    { C::encode(v) } -> std::same_as<nbt::Tag>;
    { C::decode(t) } -> std::same_as<Result<T, std::string>>;
};

namespace detail {

template <typename T, typename C>
const MemoryCodecOps* codec_ops() {
    static const MemoryCodecOps ops{
        [](const void* v) { return C::encode(*static_cast<const T*>(v)); },
        [](const nbt::Tag& tag, void* v) -> Result<void, std::string> {
            auto r = C::decode(tag);
            if (!r) return unexpected(r.error());
            *static_cast<T*>(v) = std::move(r).value();
            return {};
        },
    };
    return &ops;
}

}  // namespace detail

/// @brief Registers a short-term memory type (no codec: lost when its entity unloads). Its values
/// are shown by format_value<T>: T's own `format_memory_value` when one is declared beside T (it
/// must be visible here), else the SDK's readable default.
template <typename T>
MemoryModuleType<T> register_memory(Registry<MemoryTypeInfo>& registry, std::string_view id,
                                    std::string_view registrant = "mobsdk") {
    return MemoryModuleType<T>(registry.register_entry(
        id, MemoryTypeInfo{detail::value_ops<T>(), nullptr, nullptr, detail::format_fn<T>()}, registrant));
}

/// @brief Registers a long-term memory type whose values Codec saves and loads; `watcher`, if
/// any, is told about every write of it in every brain. Its values are shown as the codec's SNBT,
/// or by T's own `format_memory_value` when one is declared beside T (visible here).
template <typename T, typename Codec>
MemoryModuleType<T> register_memory_with_codec(Registry<MemoryTypeInfo>& registry, std::string_view id,
                                               std::string_view registrant = "mobsdk",
                                               std::shared_ptr<MemoryWatcher> watcher = nullptr) {
    static_assert(MemoryCodec<Codec, T>,
                  "the codec needs `static nbt::Tag encode(const T&)` and "
                  "`static Result<T, std::string> decode(const nbt::Tag&)`");
    return MemoryModuleType<T>(registry.register_entry(
        id,
        MemoryTypeInfo{detail::value_ops<T>(), detail::codec_ops<T, Codec>(), std::move(watcher),
                       HasMemoryFormatter<T> ? detail::format_fn<T>() : nullptr},
        registrant));
}

/// @brief Recovers the typed form of a handle, checking that it was registered for T.
template <typename T>
MemoryModuleType<T> typed_memory(const Registry<MemoryTypeInfo>& registry, MemoryHandle h) {
    // Compare the type, not the ops table's address: a plugin library has its own copy of it.
    if (*registry[h].ops->type != typeid(T))
        throw BrainError("memory " + registry.id_of(h).str() + " does not hold values of the type asked for");
    return MemoryModuleType<T>(h);
}

}  // namespace mobsdk::brain
