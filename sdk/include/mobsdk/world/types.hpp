// Value types shared by the world API and memories: positions, boxes, UUIDs, entity references.
// All are small, trivially copyable (except GlobalPos, which names its dimension) and hashable.
#pragma once

#include <cmath>
#include <compare>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iosfwd>
#include <string>

#include "mobsdk/core/resource_location.hpp"

namespace mobsdk {

/// @brief Vanilla's Mth.floor with Java's double-to-int conversion: the floor of `v`, NaN as 0,
/// and values past the int range clamped to its ends (a plain cast of those is undefined in C++).
/// Every conversion of an outside value (a command's coordinates, say) to a block goes through it.
constexpr std::int32_t floor_to_int(double v) noexcept {
    if (!(v == v)) return 0;
    if (v >= 2147483647.0) return INT32_MAX;
    if (v < -2147483648.0) return INT32_MIN;
    const auto i = static_cast<std::int32_t>(v);  // truncates towards zero
    return static_cast<double>(i) > v ? i - 1 : i;
}

/// @brief A block position, as vanilla's BlockPos.
struct BlockPos {
    std::int32_t x = 0;  ///< east
    std::int32_t y = 0;  ///< up
    std::int32_t z = 0;  ///< south
    friend constexpr bool operator==(BlockPos, BlockPos) = default;
    friend constexpr auto operator<=>(BlockPos, BlockPos) = default;
    /// @brief |dx| + |dy| + |dz| (vanilla's distManhattan).
    constexpr std::int32_t dist_manhattan(BlockPos o) const noexcept {
        return std::abs(x - o.x) + std::abs(y - o.y) + std::abs(z - o.z);
    }
    /// @brief Squared distance between the block corners (vanilla's distSqr).
    constexpr double dist_sqr(BlockPos o) const noexcept {
        const double dx = x - o.x, dy = y - o.y, dz = z - o.z;
        return dx * dx + dy * dy + dz * dz;
    }
    /// @brief The position moved by (dx, dy, dz) (vanilla's offset).
    constexpr BlockPos offset(std::int32_t dx, std::int32_t dy, std::int32_t dz) const noexcept {
        return {x + dx, y + dy, z + dz};
    }
    /// @brief The block above (vanilla's above).
    constexpr BlockPos above(std::int32_t n = 1) const noexcept { return {x, y + n, z}; }
    /// @brief The block below (vanilla's below).
    constexpr BlockPos below(std::int32_t n = 1) const noexcept { return {x, y - n, z}; }
    /// @brief Vanilla's BlockPos.asLong packing (26 bits x, 26 bits z, 12 bits y).
    constexpr std::int64_t as_long() const noexcept {
        return (static_cast<std::int64_t>(x & 0x3FFFFFF) << 38) | (static_cast<std::int64_t>(z & 0x3FFFFFF) << 12) |
               static_cast<std::int64_t>(y & 0xFFF);
    }
};

/// @brief A point in the world, as vanilla's Vec3.
struct Vec3 {
    double x = 0, y = 0, z = 0;
    friend constexpr bool operator==(const Vec3&, const Vec3&) = default;
    constexpr Vec3 operator+(const Vec3& o) const noexcept { return {x + o.x, y + o.y, z + o.z}; }
    constexpr Vec3 operator-(const Vec3& o) const noexcept { return {x - o.x, y - o.y, z - o.z}; }
    constexpr Vec3 operator*(double k) const noexcept { return {x * k, y * k, z * k}; }
    constexpr double dist_sqr(const Vec3& o) const noexcept {
        const double dx = x - o.x, dy = y - o.y, dz = z - o.z;
        return dx * dx + dy * dy + dz * dz;
    }
    /// @brief The centre of a block.
    static constexpr Vec3 at_center(BlockPos p) noexcept { return {p.x + 0.5, p.y + 0.5, p.z + 0.5}; }
    /// @brief The block containing this point (floor of each coordinate).
    BlockPos block_pos() const noexcept { return {floor_to_int(x), floor_to_int(y), floor_to_int(z)}; }
};

/// @brief An axis-aligned box, as vanilla's AABB.
struct AABB {
    Vec3 min;  ///< lowest corner
    Vec3 max;  ///< highest corner
    friend constexpr bool operator==(const AABB&, const AABB&) = default;
    /// @brief Grown by the given amounts on both sides of each axis.
    constexpr AABB inflate(double dx, double dy, double dz) const noexcept {
        return {{min.x - dx, min.y - dy, min.z - dz}, {max.x + dx, max.y + dy, max.z + dz}};
    }
    constexpr AABB inflate(double d) const noexcept { return inflate(d, d, d); }
    /// @brief True when the boxes overlap (touching faces do not count, as vanilla).
    constexpr bool intersects(const AABB& o) const noexcept {
        return min.x < o.max.x && max.x > o.min.x && min.y < o.max.y && max.y > o.min.y && min.z < o.max.z &&
               max.z > o.min.z;
    }
    /// @brief True when the point lies inside (min inclusive, max exclusive).
    constexpr bool contains(const Vec3& p) const noexcept {
        return p.x >= min.x && p.x < max.x && p.y >= min.y && p.y < max.y && p.z >= min.z && p.z < max.z;
    }
};

/// @brief A position in a named dimension, as vanilla's GlobalPos.
struct GlobalPos {
    ResourceLocation dimension = ResourceLocation::of("overworld");  ///< e.g. minecraft:overworld
    BlockPos pos;                                                    ///< the block
    friend bool operator==(const GlobalPos&, const GlobalPos&) = default;
};

/// @brief A 128-bit UUID, stored as vanilla does: most significant half first.
struct Uuid {
    std::uint64_t msb = 0;  ///< most significant 64 bits
    std::uint64_t lsb = 0;  ///< least significant 64 bits
    friend constexpr bool operator==(Uuid, Uuid) = default;
    friend constexpr auto operator<=>(Uuid, Uuid) = default;
    /// @brief True for the all-zero UUID (vanilla's "nil").
    constexpr bool is_nil() const noexcept { return msb == 0 && lsb == 0; }
    /// @brief The canonical text form, e.g. `0f6cd5b8-…`.
    std::string str() const;
};

/// @brief An entity's slot in its world, valid until the entity is removed or unloaded; the
/// generation tells a reused slot from the one a reference was taken on.
struct EntityHandle {
    std::uint32_t index = UINT32_MAX;  ///< slot in the world's entity table
    std::uint32_t generation = 0;      ///< bumped each time the slot is reused
    friend constexpr bool operator==(EntityHandle, EntityHandle) = default;
    /// @brief False for a default-constructed handle.
    constexpr bool valid() const noexcept { return index != UINT32_MAX; }
};

/// @brief A reference to an entity as memories hold it: the UUID (what is saved) plus the handle
/// it was resolved to (what makes resolving cheap). Never a pointer: resolve it through the Level
/// each time, and it comes back empty once the entity is gone.
struct EntityRef {
    Uuid uuid;            ///< who
    EntityHandle handle;  ///< where it was last seen
    /// @brief Equal when they name the same entity.
    friend constexpr bool operator==(const EntityRef& a, const EntityRef& b) noexcept { return a.uuid == b.uuid; }
};

/// @brief Prints `BlockPos{x=1, y=2, z=3}`, as vanilla's toString (logs and test failures).
std::ostream& operator<<(std::ostream& out, BlockPos p);
/// @brief Prints `(1.5, 64.0, -3.25)`, as vanilla's Vec3.toString.
std::ostream& operator<<(std::ostream& out, const Vec3& v);
/// @brief Prints `AABB[min] -> [max]`, as vanilla's AABB.toString.
std::ostream& operator<<(std::ostream& out, const AABB& b);
/// @brief Prints the canonical UUID text.
std::ostream& operator<<(std::ostream& out, Uuid u);
/// @brief Prints the UUID and the handle it was last resolved to.
std::ostream& operator<<(std::ostream& out, const EntityRef& r);

}  // namespace mobsdk

template <>
struct std::hash<mobsdk::BlockPos> {
    std::size_t operator()(mobsdk::BlockPos p) const noexcept { return std::hash<std::int64_t>{}(p.as_long()); }
};
template <>
struct std::hash<mobsdk::Uuid> {
    std::size_t operator()(mobsdk::Uuid u) const noexcept {
        return std::hash<std::uint64_t>{}(u.msb ^ (u.lsb * 0x9E3779B97F4A7C15ull));
    }
};
template <>
struct std::hash<mobsdk::GlobalPos> {
    std::size_t operator()(const mobsdk::GlobalPos& g) const noexcept {
        return std::hash<mobsdk::BlockPos>{}(g.pos) ^ (std::hash<mobsdk::ResourceLocation>{}(g.dimension) << 1);
    }
};
