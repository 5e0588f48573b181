// POI storage: POIs appear and disappear with their blocks, kept per chunk section (the layout
// the Anvil poi files save), answering the queries of AcquirePoi, ValidateNearbyPoi and
// YieldJobSite (seed 000).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "mobsdk/world/registries.hpp"
#include "mobserver/world/chunk_map.hpp"

namespace mobsdk::server {

/// @brief One stored POI.
struct PoiEntry {
    BlockPos pos;                   ///< the block
    Handle<PoiTypeInfo> type;       ///< its type
    std::int32_t free_tickets = 0;  ///< tickets not taken
    /// @brief Keys of the saved record the server does not know (a mod's), written back with it.
    nbt::Compound extra{};
    friend bool operator==(const PoiEntry&, const PoiEntry&) = default;
};

/// @brief The POIs of one chunk section (vanilla's PoiSection: Valid + Records).
struct PoiSection {
    bool valid = true;                     ///< vanilla's Valid flag
    std::map<BlockPos, PoiEntry> records;  ///< by position
    friend bool operator==(const PoiSection&, const PoiSection&) = default;
};

/// @brief Every loaded POI of a level, per section.
///
/// Queries (find_closest) break distance ties in vanilla's chunk visiting order — chunk z, then
/// chunk x, then section y, ascending — and inside one section by block x, then y, then z
/// (vanilla's order there is that of a hash map). Not thread-safe: it lives on the world strand.
class PoiStorage final : public PoiManager, public BlockChangeListener {
public:
    /// @brief Storage over frozen registries; builds the state → POI type table once. Throws
    /// RegistryError when two POI types claim one block state, or a matcher names a property or
    /// value its (registered) block does not have; matchers of unregistered blocks match nothing.
    PoiStorage(const BlockRegistry& blocks, const Registry<PoiTypeInfo>& poi_types);
    PoiStorage(const PoiStorage&) = delete;  // its index points into its own records
    PoiStorage& operator=(const PoiStorage&) = delete;

    // PoiManager
    /// @brief Vanilla's getInRange (block distance² to `center` ≤ radius², y included), closest
    /// first, ties as the class comment says; appends at most `limit`, allocating nothing but `out`.
    void find_closest(std::span<const Handle<PoiTypeInfo>> types, BlockPos center, std::int32_t radius,
                      PoiOccupancy occupancy, std::size_t limit, std::vector<PoiRecord>& out) const override;
    /// @brief Takes a ticket (vanilla's acquireTicket); false with no POI or none free.
    bool take(BlockPos pos) override;
    /// @brief Gives back a ticket (vanilla's releaseTicket); false with no POI (vanilla throws)
    /// or when every ticket is already free.
    bool release(BlockPos pos) override;
    /// @brief True when a POI of one of `types` (any when empty) is at `pos`.
    bool exists(BlockPos pos, std::span<const Handle<PoiTypeInfo>> types) const override;
    /// @brief The POI type at `pos`, if any.
    std::optional<Handle<PoiTypeInfo>> type_at(BlockPos pos) const override;
    /// @brief Free tickets at `pos` (0 with no POI).
    std::int32_t free_tickets(BlockPos pos) const override;
    std::int32_t sections_to_village(BlockPos pos) const override;

    /// @brief BlockChangeListener, as vanilla's ServerLevel.onBlockStateChange: nothing when both
    /// states are the same POI type (a composter filling keeps its record and tickets); otherwise
    /// the old record goes and a new one with every ticket free comes. Ignored outside the
    /// world's height range.
    void on_block_changed(BlockPos pos, BlockState old_state, BlockState new_state) override;

    /// @brief The POI type a block state is, if any.
    std::optional<Handle<PoiTypeInfo>> poi_type_of(BlockState state) const noexcept {
        return state.id < by_state_.size() ? by_state_[state.id] : std::nullopt;
    }
    /// @brief Adds the POIs of every block in a newly generated chunk (loaded chunks get their
    /// sections from storage instead). A record already there of the same type is kept.
    void scan_chunk(const LevelChunk& chunk);
    /// @brief The sections of a chunk column, by section y (storage saves these). Sections whose
    /// POIs were all removed stay, empty, as vanilla saves them.
    std::map<std::int32_t, PoiSection> sections_of(std::int32_t chunk_x, std::int32_t chunk_z) const;
    /// @brief Replaces the sections of a chunk column (loading). Records are re-filed by their
    /// own `pos`; a record outside the column or the height range, with a type not in the
    /// registry, or a second record at one position is dropped, and free tickets are clamped to
    /// 0…max. Returns how many records were dropped.
    std::size_t set_sections(std::int32_t chunk_x, std::int32_t chunk_z, std::map<std::int32_t, PoiSection> sections);
    /// @brief Drops the sections of a chunk column (unloading).
    void drop_chunk(std::int32_t chunk_x, std::int32_t chunk_z);
    /// @brief Number of POIs loaded.
    std::size_t size() const noexcept { return count_; }

    /// @brief Vanilla's SectionPos.asLong packing (22 bits x, 22 bits z, 20 bits y).
    static std::int64_t section_key(std::int32_t sx, std::int32_t sy, std::int32_t sz) noexcept;

private:
    PoiEntry* entry(BlockPos pos);
    const PoiEntry* entry(BlockPos pos) const;
    void add(BlockPos pos, Handle<PoiTypeInfo> type);  // vanilla's PoiSection.add
    void remove(BlockPos pos);                         // vanilla's PoiSection.remove
    void collect(const PoiSection& section, std::span<const Handle<PoiTypeInfo>> types, BlockPos center,
                 std::int64_t radius_sqr, PoiOccupancy occupancy, std::size_t limit, std::size_t base,
                 std::vector<PoiRecord>& out) const;

    // A village centre is a section holding a village POI with a ticket taken.
    bool occupied_village(const PoiEntry& e) const noexcept {
        return village_[e.type.index()] && e.free_tickets < max_tickets_[e.type.index()];
    }
    // Counts `e` in or out of its section's centre count (delta ±1) when it is an occupied
    // village POI; a section becoming or ceasing to be a centre invalidates the distance cache.
    void count_centre(const PoiEntry& e, std::int32_t delta);
    std::int32_t compute_sections_to_village(std::int32_t sx, std::int32_t sy, std::int32_t sz) const;

    std::vector<std::optional<Handle<PoiTypeInfo>>> by_state_;  // state id -> POI type
    std::vector<std::int32_t> max_tickets_;                     // POI type index -> max tickets
    std::vector<bool> village_;                                 // POI type index -> PoiTypeInfo::village
    std::unordered_map<std::int64_t, std::int32_t> centres_;    // section key -> occupied village POIs (> 0)
    std::unordered_map<std::int64_t, PoiSection> sections_;     // section key -> records
    std::size_t count_ = 0;                                     // records in sections_

    // Every record by position, in an open-addressing table (linear probing, at most half full,
    // backward-shift deletion): the point queries that behaviours make every tick (exists,
    // type_at, take, release) cost one probe instead of a hash lookup and a tree walk. The
    // records live in std::map nodes, which never move while they exist.
    struct IndexSlot {
        BlockPos pos;
        PoiEntry* entry;  // nullptr: an empty slot
    };
    std::vector<IndexSlot> index_;
    std::size_t indexed_ = 0;
    std::size_t index_home(BlockPos p) const noexcept;
    void index_insert(PoiEntry* e);
    void index_erase(BlockPos pos) noexcept;

    // sections_to_village by section, valid while the centres stay the same: villagers ask it
    // for the same few sections over and over (every stroll, every candidate position). Open
    // addressing over a power-of-two table; emptied when a centre comes or goes.
    struct DistanceSlot {
        std::int32_t x, y, z;   // the section
        std::int32_t distance;  // -1: empty slot
    };
    mutable std::vector<DistanceSlot> distance_cache_;
    mutable std::size_t distance_used_ = 0;
    mutable bool distance_stale_ = false;
};

}  // namespace mobsdk::server
