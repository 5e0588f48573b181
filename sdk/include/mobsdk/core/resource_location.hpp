// Namespaced ids (`minecraft:home`, `example:nearest_creeper`) with vanilla's character rules.
#pragma once

#include <compare>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>

#include "mobsdk/core/result.hpp"

namespace mobsdk {

/// @brief Why a string is not a valid namespaced id, and where.
struct ResourceLocationError {
    std::string input;     ///< the rejected text
    std::size_t position;  ///< index of the offending character
    std::string message;   ///< what is wrong, in words
};

/// @brief Thrown by ResourceLocation::of when set-up code passes an invalid id.
class InvalidResourceLocation : public std::invalid_argument {
public:
    explicit InvalidResourceLocation(const ResourceLocationError& e);
};

/// @brief A namespaced id as vanilla's ResourceLocation: `namespace:path`, a bare path means `minecraft:`.
class ResourceLocation {
public:
    /// @brief The default namespace, used when the text has none.
    static constexpr std::string_view default_namespace = "minecraft";

    /// @brief Parses `ns:path` or `path`; an empty namespace (":path") also means `minecraft`, as vanilla.
    static Result<ResourceLocation, ResourceLocationError> parse(std::string_view text);
    /// @brief Builds from separate parts, validating both.
    static Result<ResourceLocation, ResourceLocationError> from_parts(std::string_view ns, std::string_view path);
    /// @brief For ids written in code: throws InvalidResourceLocation with a clear message.
    static ResourceLocation of(std::string_view text);

    /// @brief Namespace part, e.g. `minecraft`.
    std::string_view ns() const noexcept { return std::string_view(full_).substr(0, colon_); }
    /// @brief Path part, e.g. `home`.
    std::string_view path() const noexcept { return std::string_view(full_).substr(colon_ + 1); }
    /// @brief Full form `ns:path`, always with the namespace.
    const std::string& str() const noexcept { return full_; }

    /// @brief `[a-z0-9_.-]`.
    static bool valid_namespace_char(char c) noexcept;
    /// @brief `[a-z0-9_.-/]`.
    static bool valid_path_char(char c) noexcept;

    friend bool operator==(const ResourceLocation&, const ResourceLocation&) = default;
    friend std::strong_ordering operator<=>(const ResourceLocation& a, const ResourceLocation& b) {
        return a.full_ <=> b.full_;
    }

    /// @brief Builds without validation; only for parts already checked by the caller.
    static ResourceLocation make_unchecked(std::string_view ns, std::string_view path) {
        std::string full;
        full.reserve(ns.size() + 1 + path.size());
        full.append(ns).push_back(':');
        full.append(path);
        return ResourceLocation(std::move(full), ns.size());
    }

private:
    ResourceLocation(std::string full, std::size_t colon) : full_(std::move(full)), colon_(colon) {}
    std::string full_;
    std::size_t colon_;
};

/// @brief Writes `namespace:path` (test output, logs).
std::ostream& operator<<(std::ostream& out, const ResourceLocation& id);

}  // namespace mobsdk

template <>
struct std::hash<mobsdk::ResourceLocation> {
    std::size_t operator()(const mobsdk::ResourceLocation& id) const noexcept {
        return std::hash<std::string>{}(id.str());
    }
};
