// A small std::expected-style result for runtime failures (the third error tier):
// bad input returns an error value that says where and why, it never throws.
#pragma once

#include <cassert>
#include <type_traits>
#include <utility>
#include <variant>

namespace mobsdk {

/// @brief Wraps an error value so that Result<T, E> can be built from it unambiguously.
template <typename E>
struct Unexpected {
    E error;
};

/// @brief Builds an Unexpected<E> from an error value: `return unexpected(Error{...});`.
template <typename E>
Unexpected<std::decay_t<E>> unexpected(E&& e) {
    return {std::forward<E>(e)};
}

/// @brief Either a value of type T or an error of type E (std::expected, which C++20 lacks).
template <typename T, typename E>
class [[nodiscard]] Result {
public:
    Result(const T& v) : data_(std::in_place_index<0>, v) {}
    Result(T&& v) : data_(std::in_place_index<0>, std::move(v)) {}
    template <typename G>
    Result(Unexpected<G> e) : data_(std::in_place_index<1>, std::move(e.error)) {}

    /// @brief True when the result holds a value.
    bool has_value() const noexcept { return data_.index() == 0; }
    explicit operator bool() const noexcept { return has_value(); }

    /// @brief The value; calling it on an error is a broken invariant.
    T& value() & {
        assert(has_value());
        return std::get<0>(data_);
    }
    const T& value() const& {
        assert(has_value());
        return std::get<0>(data_);
    }
    T&& value() && {
        assert(has_value());
        return std::get<0>(std::move(data_));
    }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T&& operator*() && { return std::move(*this).value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    /// @brief The error; calling it on a value is a broken invariant.
    const E& error() const& {
        assert(!has_value());
        return std::get<1>(data_);
    }
    E& error() & {
        assert(!has_value());
        return std::get<1>(data_);
    }

    /// @brief The value, or `fallback` when this holds an error.
    template <typename U>
    T value_or(U&& fallback) const& {
        return has_value() ? value() : static_cast<T>(std::forward<U>(fallback));
    }

private:
    std::variant<T, E> data_;
};

/// @brief Result of an operation that produces no value.
template <typename E>
class [[nodiscard]] Result<void, E> {
public:
    Result() = default;
    template <typename G>
    Result(Unexpected<G> e) : error_(std::move(e.error)), ok_(false) {}

    bool has_value() const noexcept { return ok_; }
    explicit operator bool() const noexcept { return ok_; }
    const E& error() const& {
        assert(!ok_);
        return error_;
    }

private:
    E error_{};
    bool ok_ = true;
};

}  // namespace mobsdk
