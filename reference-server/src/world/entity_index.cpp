// The entity table: generational slots, the UUID map, the tick order and the 16-block grid.
// The grid files each entity under the section holding its feet, as vanilla's EntitySectionStorage,
// grouped in regions of 4×4 columns so a query hashes about twice, and caches each member's position
// and size there so a query reads only the grid's own contiguous memory, never the entities.

#include "mobserver/world/entity_index.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <iterator>
#include <stdexcept>
#include <string>

namespace mobsdk::server {

namespace {

// Section coordinates are packed as vanilla's SectionPos.asLong: 22 bits x, 22 bits z, 20 bits y.
// Coordinates past that range (and NaN) are clamped into it, so an entity flung far away still
// lands in some cell, and a query's range clamps the same way and still finds it there.
constexpr double section_xz_min = -(1 << 21), section_xz_max = (1 << 21) - 1;
constexpr double section_y_min = -(1 << 19), section_y_max = (1 << 19) - 1;

std::int32_t section_coord(double v, double lo, double hi) noexcept {
    double s = v * (1.0 / EntityIndex::cell_size);  // exact: a power of two
    if (!(s >= lo)) s = lo;                         // also catches NaN
    if (s > hi) s = hi;
    // floor() of a value already clamped into int range: a truncation and a fix-up for negative
    // fractions, where std::floor compiles to a dozen instructions without SSE4.1.
    const auto t = static_cast<std::int32_t>(s);
    return t > s ? t - 1 : t;
}

std::int32_t section_xz(double v) noexcept { return section_coord(v, section_xz_min, section_xz_max); }
std::int32_t section_y(double v) noexcept { return section_coord(v, section_y_min, section_y_max); }

std::int64_t pack_section(std::int32_t x, std::int32_t y, std::int32_t z) noexcept {
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(x) & 0x3FFFFFu) << 42 |
                                     (static_cast<std::uint64_t>(z) & 0x3FFFFFu) << 20 |
                                     (static_cast<std::uint64_t>(y) & 0xFFFFFu));
}

std::int64_t section_key(const Vec3& pos) noexcept {
    return pack_section(section_xz(pos.x), section_y(pos.y), section_xz(pos.z));
}

// The fields of a packed section, sign-extended.
std::int32_t x_of(std::int64_t section) noexcept { return static_cast<std::int32_t>(section >> 42); }
std::int32_t z_of(std::int64_t section) noexcept {
    return static_cast<std::int32_t>(static_cast<std::int64_t>(static_cast<std::uint64_t>(section) << 22) >> 42);
}
std::int32_t y_of(std::int64_t section) noexcept {
    return static_cast<std::int32_t>(static_cast<std::int64_t>(static_cast<std::uint64_t>(section) << 44) >> 44);
}

// Regions are 4×4 columns; region coordinates are column coordinates >> 2 (a floor division),
// 20 bits each, packed into a key that is never negative.
constexpr int region_shift = 2;
std::int64_t pack_region(std::int32_t rx, std::int32_t rz) noexcept {
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(rx) & 0xFFFFFu) << 20 |
                                     (static_cast<std::uint64_t>(rz) & 0xFFFFFu));
}
std::int64_t region_of(std::int64_t section) noexcept {
    return pack_region(x_of(section) >> region_shift, z_of(section) >> region_shift);
}
// A column's place in its region's array: x-major.
int column_in_region(std::int32_t x, std::int32_t z) noexcept {
    constexpr std::int32_t mask = (1 << region_shift) - 1;
    return (x & mask) << region_shift | (z & mask);
}

// Table entries: the region key above the region index.
constexpr std::uint64_t empty_entry = ~std::uint64_t{0};
constexpr unsigned index_bits = 24;
constexpr std::uint64_t index_mask = (std::uint64_t{1} << index_bits) - 1;
constexpr std::uint64_t table_entry(std::int64_t key, std::uint32_t region) noexcept {
    return static_cast<std::uint64_t>(key) << index_bits | region;
}

std::size_t region_hash(std::int64_t key) noexcept {
    std::uint64_t h = static_cast<std::uint64_t>(key) * 0x9E3779B97F4A7C15ull;
    return static_cast<std::size_t>(h ^ (h >> 29));
}

// Keep empty regions (an entity pacing across a border would otherwise free and re-allocate an
// array at every crossing) until they are both numerous and the majority.
constexpr std::size_t prune_threshold = 256;

}  // namespace

EntityIndex::EntityIndex() = default;
EntityIndex::~EntityIndex() = default;

EntityHandle EntityIndex::insert(std::unique_ptr<Entity> entity, EntityData& data, EntityKind* kind) {
    if (!entity) throw std::invalid_argument("EntityIndex::insert: the entity is null");
    if (!data.info)
        throw std::invalid_argument("EntityIndex::insert: entity " + data.uuid.str() +
                                    " has no type info (set data().info to its EntityTypeInfo)");
    if (by_uuid_.contains(data.uuid))
        throw std::logic_error("EntityIndex::insert: UUID " + data.uuid.str() +
                               " is already in the index (World checks before inserting)");

    std::uint32_t index;
    if (!free_.empty()) {
        index = free_.back();
        free_.pop_back();
    } else {
        if (slots_.size() >= UINT32_MAX) throw std::length_error("EntityIndex: too many entities");
        index = static_cast<std::uint32_t>(slots_.size());
        slots_.emplace_back();
        places_.emplace_back();
    }
    // The free slot's generation already counts every earlier occupant.
    EntitySlot& s = slots_[index];
    s.entity = std::move(entity);
    s.data = &data;
    s.kind = kind;
    const EntityHandle handle{index, s.generation};
    data.handle = handle;

    by_uuid_.emplace(data.uuid, index);
    order_.push_back(handle);
    max_half_width_ = std::max(max_half_width_, data.width() / 2.0);
    max_height_ = std::max(max_height_, static_cast<double>(data.height()));
    cell_add(index, data, section_key(data.pos));
    if (data.type.valid()) {
        if (data.type.index() >= type_count_.size()) type_count_.resize(data.type.index() + 1, 0);
        ++type_count_[data.type.index()];
    }
    ++count_;
    return handle;
}

void EntityIndex::resized(EntityData& data) {
    const std::uint32_t index = data.handle.index;
    if (index >= slots_.size() || slots_[index].data != &data || slots_[index].generation != data.handle.generation)
        throw std::logic_error("EntityIndex::resized: entity " + data.uuid.str() + " is not in this index");
    max_half_width_ = std::max(max_half_width_, data.width() / 2.0);
    max_height_ = std::max(max_height_, static_cast<double>(data.height()));
    // The record's kind holds the size: look it up again where the record is.
    const Place& place = places_[index];
    regions_[place.region].members[place.member].kind = kind_of(data);
}

std::unique_ptr<Entity> EntityIndex::erase(EntityHandle handle) {
    if (!slot(handle)) return nullptr;
    EntitySlot& s = slots_[handle.index];
    by_uuid_.erase(s.data->uuid);
    {
        // The type it was counted under, as its record keeps it.
        const Place& place = places_[handle.index];
        const std::uint32_t t = kinds_[regions_[place.region].members[place.member].kind].type;
        if (t < type_count_.size()) --type_count_[t];
    }
    cell_remove(handle.index);
    std::unique_ptr<Entity> out = std::move(s.entity);
    s.data = nullptr;
    s.kind = nullptr;
    ++s.generation;
    free_.push_back(handle.index);
    --count_;
    maybe_prune();
    return out;
}

const EntitySlot* EntityIndex::slot(EntityHandle handle) const noexcept {
    if (handle.index >= slots_.size()) return nullptr;
    const EntitySlot& s = slots_[handle.index];
    if (!s.entity || s.generation != handle.generation) return nullptr;
    return &s;
}

const EntitySlot* EntityIndex::find(Uuid uuid) const noexcept {
    const auto it = by_uuid_.find(uuid);
    return it == by_uuid_.end() ? nullptr : &slots_[it->second];
}

void EntityIndex::moved(EntityData& data, const Vec3& old_pos) {
    (void)old_pos;  // the index remembers each entity's cell, which a wrong old_pos cannot corrupt
    const std::uint32_t index = data.handle.index;
    if (index >= slots_.size() || slots_[index].data != &data || slots_[index].generation != data.handle.generation)
        throw std::logic_error("EntityIndex::moved: entity " + data.uuid.str() + " is not in this index");
    const std::int64_t key = section_key(data.pos);
    const Place& place = places_[index];
    if (key == place.section) {
        // Most moves stay in the cell: refresh the cached record where it is.
        CellEntry& e = regions_[place.region].members[place.member];
        e.pos = data.pos;
        return;
    }
    if (region_of(key) == region_of(place.section)) {
        move_in_region(index, data, key);
        return;
    }
    cell_remove(index);
    cell_add(index, data, key);
    maybe_prune();
}

void EntityIndex::move_in_region(std::uint32_t slot, const EntityData& data, std::int64_t section) {
    // One rotation of the members between the old and the new place, instead of an erase and an
    // insert that would each shift the rest of the region: in a crowded region that is the
    // difference between a column's members and the whole region's.
    Place& place = places_[slot];
    Region& region = regions_[place.region];
    auto& members = region.members;
    const int from = column_in_region(x_of(place.section), z_of(place.section));
    const int to = column_in_region(x_of(section), z_of(section));
    const std::int32_t old_y = y_of(place.section), y = y_of(section);
    const std::size_t i = place.member;
    const bool alone = (i == region.bound[from] || section_y(members[i - 1].pos.y) != old_y) &&
                       (i + 1 == region.bound[from + 1] || section_y(members[i + 1].pos.y) != old_y);
    if (alone) --occupied_sections_;
    // The insertion point among the target column's members, found while the record is still in
    // its old place (which keeps the column sorted, so the search is valid even when from == to).
    const auto first = members.begin() + region.bound[to], last = members.begin() + region.bound[to + 1];
    const auto j = static_cast<std::size_t>(
        std::upper_bound(first, last, y, [](std::int32_t v, const CellEntry& e) { return v < section_y(e.pos.y); }) -
        members.begin());
    // A rotation by one, written as a block move (std::rotate swaps element by element).
    const CellEntry moving = members[i];
    std::size_t at;
    if (j > i) {
        at = j - 1;
        std::move(members.begin() + i + 1, members.begin() + j, members.begin() + i);
    } else {
        at = j;
        std::move_backward(members.begin() + j, members.begin() + i, members.begin() + i + 1);
    }
    members[at] = moving;
    for (int c = from + 1; c <= to; ++c) --region.bound[c];
    for (int c = to + 1; c <= from; ++c) ++region.bound[c];
    members[at].pos = data.pos;
    if (at == region.bound[to] || section_y(members[at - 1].pos.y) != y) ++occupied_sections_;
    for (std::size_t k = std::min(i, at), end = std::max(i, at); k <= end; ++k)
        places_[members[k].slot].member = static_cast<std::uint32_t>(k);
    place.section = section;
}

const EntityIndex::Region* EntityIndex::find_region(std::int64_t key) const noexcept {
    if (table_.empty()) return nullptr;
    const std::size_t mask = table_.size() - 1;
    const auto wanted = static_cast<std::uint64_t>(key);
    for (std::size_t i = region_hash(key) & mask;; i = (i + 1) & mask) {
        const std::uint64_t t = table_[i];
        if (t == empty_entry) return nullptr;  // first: a key of all ones would match it
        if (t >> index_bits == wanted) return &regions_[t & index_mask];
    }
}

std::uint32_t EntityIndex::region_for(std::int64_t key) {
    if (const Region* found = find_region(key)) return static_cast<std::uint32_t>(found - regions_.data());
    // An index of all ones next to a key of all ones would read as an empty entry.
    if (regions_.size() >= index_mask) throw std::length_error("EntityIndex: too many grid regions");
    const auto index = static_cast<std::uint32_t>(regions_.size());
    Region& r = regions_.emplace_back();
    r.key = key;
    ++empty_regions_;  // until cell_add fills it
    // Half full at most: with 8-byte entries a probe sequence rarely leaves its cache line.
    if (regions_.size() * 2 > table_.size()) {
        rebuild_table(std::max<std::size_t>(64, table_.size() * 2));
    } else {
        const std::size_t mask = table_.size() - 1;
        std::size_t i = region_hash(key) & mask;
        while (table_[i] != empty_entry) i = (i + 1) & mask;
        table_[i] = table_entry(key, index);
    }
    return index;
}

void EntityIndex::rebuild_table(std::size_t capacity) {
    table_.assign(capacity, empty_entry);
    const std::size_t mask = capacity - 1;
    for (std::size_t r = 0; r < regions_.size(); ++r) {
        std::size_t i = region_hash(regions_[r].key) & mask;
        while (table_[i] != empty_entry) i = (i + 1) & mask;
        table_[i] = table_entry(regions_[r].key, static_cast<std::uint32_t>(r));
    }
}

std::uint32_t EntityIndex::kind_of(const EntityData& data) {
    const std::uint32_t type = data.type.index();
    const float width = data.width(), height = data.height();
    for (std::size_t k = 0; k < kinds_.size(); ++k) {
        const Kind& kind = kinds_[k];
        // Bitwise, as the records must rebuild the very box EntityData::bounding_box() does.
        if (kind.type == type && std::bit_cast<std::uint32_t>(kind.width) == std::bit_cast<std::uint32_t>(width) &&
            std::bit_cast<std::uint32_t>(kind.height) == std::bit_cast<std::uint32_t>(height))
            return static_cast<std::uint32_t>(k);
    }
    kinds_.push_back(Kind{type, width, height});
    return static_cast<std::uint32_t>(kinds_.size() - 1);
}

void EntityIndex::renumber(std::uint32_t region, std::size_t from) {
    const auto& members = regions_[region].members;
    for (std::size_t i = from; i < members.size(); ++i) places_[members[i].slot].member = static_cast<std::uint32_t>(i);
}

void EntityIndex::cell_add(std::uint32_t slot, const EntityData& data, std::int64_t section) {
    const std::uint32_t index = region_for(region_of(section));
    Region& region = regions_[index];
    const int column = column_in_region(x_of(section), z_of(section));
    const std::int32_t y = y_of(section);
    auto& members = region.members;
    const auto first = members.begin() + region.bound[column], last = members.begin() + region.bound[column + 1];
    // After the last member of the same section: a section's members stay in the order they
    // entered (vanilla's sections are lists too).
    const auto it =
        std::upper_bound(first, last, y, [](std::int32_t v, const CellEntry& e) { return v < section_y(e.pos.y); });
    if (it == first || section_y(std::prev(it)->pos.y) != y) ++occupied_sections_;
    if (members.empty()) --empty_regions_;
    const auto at = static_cast<std::size_t>(it - members.begin());
    members.insert(it, CellEntry{data.pos, slot, kind_of(data)});
    for (int c = column + 1; c <= region_area; ++c) ++region.bound[c];
    renumber(index, at);
    places_[slot].section = section;
    places_[slot].region = index;
}

void EntityIndex::cell_remove(std::uint32_t slot) {
    const Place place = places_[slot];
    Region& region = regions_[place.region];
    auto& members = region.members;
    if (place.member >= members.size() || members[place.member].slot != slot)
        throw std::logic_error("EntityIndex: slot " + std::to_string(slot) + " missing from its cell");
    const int column = column_in_region(x_of(place.section), z_of(place.section));
    const auto it = members.begin() + place.member;
    const std::int32_t y = y_of(place.section);
    const bool alone = (place.member == region.bound[column] || section_y(std::prev(it)->pos.y) != y) &&
                       (place.member + 1 == region.bound[column + 1] || section_y(std::next(it)->pos.y) != y);
    if (alone) --occupied_sections_;
    members.erase(it);  // order-preserving; regions hold few entities
    for (int c = column + 1; c <= region_area; ++c) --region.bound[c];
    renumber(place.region, place.member);
    if (members.empty()) ++empty_regions_;
}

void EntityIndex::maybe_prune() {
    if (empty_regions_ <= prune_threshold || empty_regions_ * 2 <= regions_.size()) return;
    std::size_t kept = 0;
    for (Region& r : regions_) {
        if (r.members.empty()) continue;
        if (&r != &regions_[kept]) regions_[kept] = std::move(r);
        for (const CellEntry& e : regions_[kept].members) places_[e.slot].region = static_cast<std::uint32_t>(kept);
        ++kept;
    }
    regions_.resize(kept);
    empty_regions_ = 0;
    rebuild_table(std::max<std::size_t>(64, std::bit_ceil(kept * 4)));
}

void EntityIndex::verify() const {
    std::size_t filed = 0;
    for (const Region& r : regions_) {
        filed += r.members.size();
        if (r.bound[0] != 0 || r.bound[region_area] != r.members.size() || find_region(r.key) != &r)
            throw std::logic_error("EntityIndex::verify: a region's column bounds or table entry are wrong");
        // Every record lies in its column's range, by section y. (The column and section come from
        // the cached position; whether that matches the entity is checked below.)
        for (int c = 0; c < region_area; ++c) {
            if (r.bound[c] > r.bound[c + 1])
                throw std::logic_error("EntityIndex::verify: a region's column bounds are out of order");
            for (std::uint32_t k = r.bound[c]; k < r.bound[c + 1]; ++k) {
                const std::int64_t section = section_key(r.members[k].pos);
                if (region_of(section) != r.key || column_in_region(x_of(section), z_of(section)) != c ||
                    (k > r.bound[c] && section_y(r.members[k - 1].pos.y) > y_of(section)))
                    throw std::logic_error("EntityIndex::verify: slot " + std::to_string(r.members[k].slot) +
                                           " is filed in the wrong column or out of order");
            }
        }
    }
    if (filed != count_)
        throw std::logic_error("EntityIndex::verify: the grid holds " + std::to_string(filed) + " records for " +
                               std::to_string(count_) + " entities");
    std::vector<std::uint32_t> per_type(type_count_.size(), 0);
    for (const Region& r : regions_)
        for (const CellEntry& e : r.members)
            if (const std::uint32_t t = kinds_[e.kind].type; t < per_type.size()) ++per_type[t];
    if (per_type != type_count_) throw std::logic_error("EntityIndex::verify: the per-type counts are wrong");
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        const EntitySlot& s = slots_[i];
        if (!s.entity) continue;
        const EntityData& d = *s.data;
        const Place& place = places_[i];
        if (place.region >= regions_.size() || place.member >= regions_[place.region].members.size() ||
            regions_[place.region].members[place.member].slot != i)
            throw std::logic_error("EntityIndex::verify: entity " + d.uuid.str() + " is not where its slot says");
        const CellEntry& e = regions_[place.region].members[place.member];
        // Bitwise, so that a NaN position compares equal to itself.
        const bool same_pos =
            std::bit_cast<std::array<std::uint64_t, 3>>(e.pos) == std::bit_cast<std::array<std::uint64_t, 3>>(d.pos);
        const Kind& kind = kinds_[e.kind];
        if (!same_pos || place.section != section_key(d.pos) || kind.width != d.width() || kind.height != d.height() ||
            kind.type != d.type.index())
            throw std::logic_error("EntityIndex::verify: entity " + d.uuid.str() +
                                   " changed position or type without EntityIndex::moved()");
    }
}

void EntityIndex::compact_order() {
    std::erase_if(order_, [this](EntityHandle h) { return slot(h) == nullptr; });
}

template <class Accept>
void EntityIndex::query_cells(const AABB& box, std::vector<const EntitySlot*>& out, Accept accept) const {
    if (count_ == 0) return;
    // An entity is filed by its feet, but its box reaches max_half_width_ sideways and max_height_
    // up from there: grow the range by that much (vanilla grows by a fixed 2 sideways and 4 down,
    // which misses anything wider or taller).
    const std::int32_t x0 = section_xz(box.min.x - max_half_width_), x1 = section_xz(box.max.x + max_half_width_);
    const std::int32_t z0 = section_xz(box.min.z - max_half_width_), z1 = section_xz(box.max.z + max_half_width_);
    const std::int32_t y0 = section_y(box.min.y - max_height_), y1 = section_y(box.max.y);
    if (x0 > x1 || y0 > y1 || z0 > z1) return;  // an inverted box that nothing can intersect
    // Hits are gathered in a small buffer without a branch per member: a data-dependent branch
    // would mispredict on most mixed runs.
    constexpr std::ptrdiff_t buffer_size = 64;
    std::array<const EntitySlot*, buffer_size> hits;
    std::ptrdiff_t n = 0;
    const EntitySlot* const slots = slots_.data();
    const Kind* const kinds = kinds_.data();
    // Tests a run of members. A member whose section is out of the y range fails the box test too.
    const auto scan = [&](const CellEntry* it, const CellEntry* last) {
        while (it != last) {
            if (n == buffer_size) {
                out.insert(out.end(), hits.begin(), hits.end());
                n = 0;
            }
            const CellEntry* stop = it + std::min(last - it, buffer_size - n);
            for (; it != stop; ++it) {
                const CellEntry& e = *it;
                const Kind& kind = kinds[e.kind];
                // EntityData::bounding_box().intersects(box) from the cached fields, operation for operation.
                const double hw = kind.width / 2.0;
                const bool hit = accept(kind) & (e.pos.x - hw < box.max.x) & (e.pos.x + hw > box.min.x) &
                                 (e.pos.y < box.max.y) & (e.pos.y + kind.height > box.min.y) &
                                 (e.pos.z - hw < box.max.z) & (e.pos.z + hw > box.min.z);
                hits[n] = slots + e.slot;
                n += hit;
            }
        }
    };
    // The members of a region's columns first..last of one x row, which are contiguous. A long run
    // (a mob farm, a tall cave system) is cut per column to the sections in the y range.
    const auto visit = [&](const Region& r, int first, int last) {
        const CellEntry* members = r.members.data();
        if (r.bound[last + 1] - r.bound[first] <= 32)
            return scan(members + r.bound[first], members + r.bound[last + 1]);
        const auto below = [](const CellEntry& e, std::int32_t v) { return section_y(e.pos.y) < v; };
        const auto above = [](std::int32_t v, const CellEntry& e) { return v < section_y(e.pos.y); };
        for (int c = first; c <= last; ++c) {
            const CellEntry* lo = std::lower_bound(members + r.bound[c], members + r.bound[c + 1], y0, below);
            scan(lo, std::upper_bound(lo, members + r.bound[c + 1], y1, above));
        }
    };
    const std::int32_t rx0 = x0 >> region_shift, rx1 = x1 >> region_shift;
    const std::int32_t rz0 = z0 >> region_shift, rz1 = z1 >> region_shift;
    const double covered = (static_cast<double>(rx1) - rx0 + 1) * (static_cast<double>(rz1) - rz0 + 1);
    if (covered > static_cast<double>(regions_.size())) {
        // A box wider than the populated world: walking the regions is cheaper. Columns outside the
        // range are visited too; the exact box test rejects their members.
        for (const Region& r : regions_)
            for (int row = 0; row < region_area; row += region_columns) visit(r, row, row + region_columns - 1);
    } else {
        for (std::int32_t rx = rx0; rx <= rx1; ++rx)
            for (std::int32_t rz = rz0; rz <= rz1; ++rz) {
                const Region* r = find_region(pack_region(rx, rz));
                if (!r) continue;
                // The part of the range inside this region, in columns from its corner.
                const std::int32_t ox = rx * region_columns, oz = rz * region_columns;
                const int lx0 = std::max(x0, ox) - ox, lx1 = std::min(x1, ox + region_columns - 1) - ox;
                const int lz0 = std::max(z0, oz) - oz, lz1 = std::min(z1, oz + region_columns - 1) - oz;
                // The rows' runs and the columns between them are one stretch of the array: scan it
                // in one go when it is short (the columns between fail the box test, being out of
                // the grown range), as each run's end is a mispredicted branch.
                const int first = lx0 * region_columns + lz0, last = lx1 * region_columns + lz1;
                if (r->bound[last + 1] - r->bound[first] <= 32) {
                    scan(r->members.data() + r->bound[first], r->members.data() + r->bound[last + 1]);
                    continue;
                }
                for (int lx = lx0; lx <= lx1; ++lx) visit(*r, lx * region_columns + lz0, lx * region_columns + lz1);
            }
    }
    out.insert(out.end(), hits.begin(), hits.begin() + n);
}

void EntityIndex::query(const AABB& box, std::vector<const EntitySlot*>& out) const {
    query_cells(box, out, [](const Kind&) { return true; });
}

void EntityIndex::query_type(Handle<EntityTypeInfo> type, const AABB& box, std::vector<const EntitySlot*>& out) const {
    if (!type.valid()) return;  // names no type, not even that of entities registered without one
    const std::uint32_t t = type.index();
    // No entity of the type anywhere (items in most villages, most of the time): nothing to walk.
    if (t >= type_count_.size() || type_count_[t] == 0) return;
    query_cells(box, out, [t](const Kind& k) { return k.type == t; });
}

}  // namespace mobsdk::server
