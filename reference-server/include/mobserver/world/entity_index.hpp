// The world's entity table: slots with generations (handles), a UUID map, a stable tick order and
// a spatial grid so that box queries cost in proportion to the answer, not to the world.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "mobserver/world/entity.hpp"

namespace mobsdk::server {

class EntityKind;

/// @brief One occupied slot: the owning pointer, its shared state and its kind.
struct EntitySlot {
    std::unique_ptr<Entity> entity;  ///< owner (null for a free slot)
    EntityData* data = nullptr;      ///< its shared state
    /// @brief What ticks, saves and loads it (EntityKindFor<E>::get gives the typed entity);
    /// null only in an index used without a world.
    EntityKind* kind = nullptr;
    std::uint32_t generation = 0;  ///< bumped when the slot is freed
};

/// @brief Entities by handle, by UUID and by place.
class EntityIndex {
public:
    EntityIndex();
    ~EntityIndex();
    EntityIndex(const EntityIndex&) = delete;
    EntityIndex& operator=(const EntityIndex&) = delete;

    /// @brief Adds an entity of `kind` whose shared state is `data`; assigns and returns its
    /// handle (also written to its data). A UUID already present is a broken invariant (the world
    /// checks first): std::logic_error. A null entity or one without `data.info` is
    /// std::invalid_argument.
    EntityHandle insert(std::unique_ptr<Entity> entity, EntityData& data, EntityKind* kind);
    /// @brief Adds an entity of an EntityImpl class (its data() is the shared state).
    template <class E>
    EntityHandle insert(std::unique_ptr<E> entity, EntityKind* kind = nullptr) {
        if (!entity) throw std::invalid_argument("EntityIndex::insert: the entity is null");
        EntityData& data = entity->data();
        return insert(std::unique_ptr<Entity>(std::move(entity)), data, kind);
    }
    /// @brief Takes an entity out; its handle goes stale. nullptr for a stale handle.
    std::unique_ptr<Entity> erase(EntityHandle handle);
    /// @brief The slot behind a live handle, or nullptr when stale.
    const EntitySlot* slot(EntityHandle handle) const noexcept;
    /// @brief The entity with a UUID, or nullptr.
    const EntitySlot* find(Uuid uuid) const noexcept;
    /// @brief Must be called after an entity's position changed. The index caches each entity's
    /// position, size and type in its grid cell, so a query never loads the entity itself; a move
    /// within the cell rewrites the cached position in place, a move across cells moves the record.
    /// A position changed without this call is a broken invariant: queries keep seeing the old
    /// place (verify() reports it). An entity's type is fixed while it is indexed; a size change goes
    /// through resized().
    /// `old_pos` is not relied on. std::logic_error for an entity not in this index.
    void moved(EntityData& data, const Vec3& old_pos);
    /// @brief Must be called after an entity's size changed (EntityData::scale): refiles its
    /// record with the new size. std::logic_error for an entity not in this index.
    void resized(EntityData& data);
    /// @brief Appends every entity whose box intersects `box` (removed ones included; callers filter).
    /// Costs one probe per 64×64-block region the box covers plus the records filed in the columns
    /// it covers, read from contiguous grid memory; allocates only by growing `out`.
    void query(const AABB& box, std::vector<const EntitySlot*>& out) const;
    /// @brief Appends every entity of `type` whose box intersects `box` (none for an invalid handle).
    void query_type(Handle<EntityTypeInfo> type, const AABB& box, std::vector<const EntitySlot*>& out) const;
    /// @brief Number of entities.
    std::size_t size() const noexcept { return count_; }
    /// @brief Number of entities of `type` (0 for an invalid handle): query_type answers at once
    /// when it is 0.
    std::size_t count_of(Handle<EntityTypeInfo> type) const noexcept {
        return type.valid() && type.index() < type_count_.size() ? type_count_[type.index()] : 0;
    }
    /// @brief Handles in tick order: the order they were added (stable under removal).
    const std::vector<EntityHandle>& order() const noexcept { return order_; }
    /// @brief Drops stale handles from the tick order (the world calls it after erasing).
    void compact_order();
    /// @brief Number of grid cells (16×16×16-block sections) that hold at least one entity.
    std::size_t occupied_cells() const noexcept { return occupied_sections_; }
    /// @brief Checks the grid's own structure and that every entity's cached cell and box match
    /// its data, i.e. that every position change was reported through moved(); std::logic_error
    /// naming the first entity that was moved behind the index's back. O(entities): for tests and
    /// debugging.
    void verify() const;
    /// @brief Edge of a grid cell in blocks (vanilla's entity section).
    static constexpr int cell_size = 16;

private:
    /// What a cell keeps of one member: enough to test its box without loading the entity. The
    /// box is rebuilt from the position and the kind's size exactly as EntityData::bounding_box()
    /// builds it, so the test gives the same answer bit for bit. 32 bytes, two to a cache line;
    /// its section y is that of `pos` (a record always sits in its position's section), so it
    /// is not stored.
    struct alignas(32) CellEntry {
        Vec3 pos;  // feet, as of the last insert or moved()
        std::uint32_t slot;
        std::uint32_t kind;  // index into kinds_: type and size
    };
    /// A type and size some member has (a handful per world): members refer to it by index.
    struct Kind {
        std::uint32_t type;   // Handle<EntityTypeInfo>::index()
        float width, height;  // as EntityTypeInfo stores them
    };
    /// Columns (16×16 blocks) per region side: a region is 64×64 blocks.
    static constexpr int region_columns = 4;
    static constexpr int region_area = region_columns * region_columns;
    /// The members of one region's 16 columns in one array: by column (x-major, so the columns a
    /// query covers in one x row are adjacent), then section y, then the order they entered. A
    /// sensor-sized query probes about two regions and reads a few short runs of contiguous memory.
    /// 128 bytes, aligned: the pair of cache lines a query reads (the members' address and the
    /// column bounds) is one the processor fetches together.
    struct alignas(128) Region {
        std::vector<CellEntry> members;
        std::array<std::uint32_t, region_area + 1> bound{};  // column c's members are [bound[c], bound[c + 1])
        std::int64_t key = 0;                                // its entry in table_
    };
    /// Where an entity's record is, so moved() within a cell rewrites it in place.
    struct Place {
        std::int64_t section;  // packed section (SectionPos.asLong) it is filed under
        std::uint32_t region;  // index into regions_
        std::uint32_t member;  // index into that region's members
    };

    std::uint32_t kind_of(const EntityData& data);
    const Region* find_region(std::int64_t key) const noexcept;
    std::uint32_t region_for(std::int64_t key);
    void rebuild_table(std::size_t capacity);
    void cell_add(std::uint32_t slot, const EntityData& data, std::int64_t section);
    void cell_remove(std::uint32_t slot);
    void move_in_region(std::uint32_t slot, const EntityData& data, std::int64_t section);
    void renumber(std::uint32_t region, std::size_t from);
    void maybe_prune();
    template <class Accept>
    void query_cells(const AABB& box, std::vector<const EntitySlot*>& out, Accept accept) const;

    std::vector<EntitySlot> slots_;
    std::vector<Place> places_;  // by slot index; meaningful for occupied slots only
    std::vector<std::uint32_t> free_;
    std::vector<EntityHandle> order_;
    std::unordered_map<Uuid, std::uint32_t> by_uuid_;
    /// Region key (40 bits) << 24 | region index, or empty_entry: 8 bytes an entry, so the table
    /// of a world ten thousand mobs wide stays within a few kilobytes.
    std::vector<std::uint64_t> table_;   // power-of-two size, at most half full; no deletions (prune rebuilds)
    std::vector<Kind> kinds_;            // distinct (type, width, height) of the members so far
    std::vector<Region> regions_;        // dense; an index is stable until a prune compacts them
    std::size_t empty_regions_ = 0;      // regions with no member (kept: re-entering reuses the array)
    std::size_t occupied_sections_ = 0;  // distinct sections holding a member
    double max_half_width_ = 0;          // largest width / 2 ever inserted: how far a box reaches past its cell
    double max_height_ = 0;              // largest height ever inserted
    std::size_t count_ = 0;
    std::vector<std::uint32_t> type_count_;  // by EntityTypeInfo handle index: entities of that type
};

}  // namespace mobsdk::server
