// The level's points of interest as AI sees them (vanilla's PoiManager): beds, job sites and bells,
// found by type and distance, with the tickets that let one mob claim one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "mobsdk/core/registry.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk {

struct PoiTypeInfo;

/// @brief Which POIs a query accepts, as vanilla's PoiManager.Occupancy.
enum class PoiOccupancy : std::uint8_t { HasSpace, IsOccupied, Any };

/// @brief A POI as a query returns it.
struct PoiRecord {
    BlockPos pos;                   ///< the block
    Handle<PoiTypeInfo> type;       ///< its type
    std::int32_t free_tickets = 0;  ///< tickets still free
};

/// @brief The level's POIs (beds, job sites, bells…) with their tickets.
class PoiManager {
public:
    virtual ~PoiManager() = default;
    /// @brief Appends to `out` the POIs within `radius` of `center` whose type is in `types` (all
    /// types when empty) and whose occupancy matches, closest first; at most `limit`.
    virtual void find_closest(std::span<const Handle<PoiTypeInfo>> types, BlockPos center, std::int32_t radius,
                              PoiOccupancy occupancy, std::size_t limit, std::vector<PoiRecord>& out) const = 0;
    /// @brief Takes a ticket of the POI at `pos`; false when there is none free.
    virtual bool take(BlockPos pos) = 0;
    /// @brief Gives back a ticket; false when there is no POI or no ticket is taken.
    virtual bool release(BlockPos pos) = 0;
    /// @brief True when a POI of one of `types` (any type when empty) is at `pos`.
    virtual bool exists(BlockPos pos, std::span<const Handle<PoiTypeInfo>> types) const = 0;
    /// @brief The POI type at `pos`, if any.
    virtual std::optional<Handle<PoiTypeInfo>> type_at(BlockPos pos) const = 0;
    /// @brief Free tickets at `pos` (0 when there is no POI).
    virtual std::int32_t free_tickets(BlockPos pos) const = 0;
    /// @brief How many sections (Chebyshev, 0–6) the section holding `pos` is from a section with
    /// a village POI (PoiTypeInfo::village: beds, bells, job sites), as vanilla's
    /// sectionsToVillage; 7 when none is within 6.
    virtual std::int32_t sections_to_village(BlockPos pos) const = 0;
    /// @brief Vanilla's isCloseToVillage: within `sections` (≤ 6) sections of a village section.
    bool is_close_to_village(BlockPos pos, std::int32_t sections) const {
        return sections <= 6 && sections_to_village(pos) <= sections;
    }
    /// @brief Vanilla's ServerLevel.isVillage: within one section of a village section.
    bool is_village(BlockPos pos) const { return is_close_to_village(pos, 1); }
};

}  // namespace mobsdk
