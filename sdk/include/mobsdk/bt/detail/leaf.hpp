// How the tree engine stores and calls a leaf's or decorator's user object: one plain function
// pointer per kind (no std::function), a table of optional hooks, relocation into the tree's block.
// Not API: TreeDraft's templates instantiate these for each user type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "mobsdk/bt/context.hpp"
#include "mobsdk/bt/node.hpp"

namespace mobsdk::bt {

namespace detail {

/// @brief An action's update, called through one plain function pointer.
using ActionFn = Status (*)(void* self, TickContext& ctx);
/// @brief A condition's predicate.
using ConditionFn = bool (*)(void* self, TickContext& ctx);
/// @brief A decorator's update.
using DecoratorFn = Status (*)(void* self, TickContext& ctx, Child& child);

/// @brief The function a leaf or decorator node calls each tick (which member is set follows the
/// node's kind).
union LeafFn {
    ActionFn action;
    ConditionFn condition;
    DecoratorFn decorator;
};

/// @brief The optional node-contract hooks of a leaf or decorator class; a null pointer where the
/// class has none (the node's flags say which exist, so the tick path never reads this table
/// for a leaf without hooks).
struct LeafHooks {
    void (*on_initialise)(void* self, TickContext& ctx);                ///< before the first update
    void (*on_terminate)(void* self, TickContext& ctx, Status status);  ///< on leaving Running
};

template <typename F>
concept HasOnInitialise = requires(F& f, TickContext& ctx) {
    f.on_initialise(ctx);
};
template <typename F>
concept HasOnTerminate = requires(F& f, TickContext& ctx, Status s) {
    f.on_terminate(ctx, s);
};

/// @brief The plain functions that call a stored F.
template <typename F>
struct Thunks {
    static Status action(void* self, TickContext& ctx) {
        if constexpr (ActionObject<F>) return static_cast<F*>(self)->update(ctx);
        else return (*static_cast<F*>(self))(ctx);
    }
    static bool condition(void* self, TickContext& ctx) { return (*static_cast<F*>(self))(ctx); }
    static Status decorator(void* self, TickContext& ctx, Child& child) {
        if constexpr (DecoratorObject<F>) return static_cast<F*>(self)->update(ctx, child);
        else return (*static_cast<F*>(self))(ctx, child);
    }
    static void on_initialise(void* self, TickContext& ctx) {
        if constexpr (HasOnInitialise<F>) static_cast<F*>(self)->on_initialise(ctx);
    }
    static void on_terminate(void* self, TickContext& ctx, Status status) {
        if constexpr (HasOnTerminate<F>) static_cast<F*>(self)->on_terminate(ctx, status);
    }
    static constexpr LeafHooks hooks{HasOnInitialise<F> ? &on_initialise : nullptr,
                                     HasOnTerminate<F> ? &on_terminate : nullptr};
};

/// @brief How to move and destroy a stored leaf object of some type (one static table per type):
/// a tree moves its leaves next to its nodes when it is built.
struct ObjectOps {
    std::size_t size;   ///< sizeof(T)
    std::size_t align;  ///< alignof(T)
    /// @brief Move-constructs at `dst` from `src` and destroys `src`; null when T's move may throw
    /// (such an object stays where it was made).
    void (*relocate)(void* dst, void* src) noexcept;
    /// @brief Destroys; null when T is trivially destructible.
    void (*destroy)(void* object) noexcept;
};

template <typename F>
struct Storage {
    static void relocate(void* dst, void* src) noexcept {
        ::new (dst) F(std::move(*static_cast<F*>(src)));
        static_cast<F*>(src)->~F();
    }
    static void destroy(void* object) noexcept { static_cast<F*>(object)->~F(); }
    static constexpr ObjectOps ops{sizeof(F), alignof(F), std::is_nothrow_move_constructible_v<F> ? &relocate : nullptr,
                                   std::is_trivially_destructible_v<F> ? nullptr : &destroy};
};

/// @brief A bump allocator for leaf objects while a tree is drafted: blocks that never move, so
/// nodes can keep plain pointers. It only holds memory: whoever constructs an object destroys it.
class Arena {
public:
    Arena() = default;
    Arena(Arena&&) noexcept = default;
    Arena& operator=(Arena&&) noexcept = default;
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;

    /// @brief Uninitialised memory for one object.
    void* allocate(std::size_t size, std::size_t align);
    /// @brief Constructs a T in the arena (its owner destroys it).
    template <typename T, typename... Args>
    T* make(Args&&... args) {
        return ::new (allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
    }

private:
    struct Block {
        std::unique_ptr<std::byte[]> data;
        std::size_t size;
        std::size_t used;
    };
    std::vector<Block> blocks_;
};

/// @brief A view of an array the tree owns, with the few vector operations the engine uses.
template <typename T>
struct Span {
    T* items = nullptr;
    std::uint32_t count = 0;
    T* data() const noexcept { return items; }
    std::size_t size() const noexcept { return count; }
    bool empty() const noexcept { return count == 0; }
    T& operator[](std::size_t i) const noexcept { return items[i]; }
    T* begin() const noexcept { return items; }
    T* end() const noexcept { return items + count; }
};

}  // namespace detail

}  // namespace mobsdk::bt
