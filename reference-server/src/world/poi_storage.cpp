// POI storage: the state → POI type table, the per-section records and the range queries.
#include "mobserver/world/poi_storage.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <tuple>

namespace mobsdk::server {

namespace {

// The upper 32 bits of a multiplicative mix of three coordinates: the home slot, after masking,
// of the open-addressing tables here (the position index and the village-distance cache).
std::uint64_t mix3(std::int32_t x, std::int32_t y, std::int32_t z) noexcept {
    return ((static_cast<std::uint64_t>(static_cast<std::uint32_t>(x)) * 0x9E3779B97F4A7C15ull) ^
            (static_cast<std::uint64_t>(static_cast<std::uint32_t>(z)) * 0xC2B2AE3D27D4EB4Full) ^
            (static_cast<std::uint64_t>(static_cast<std::uint32_t>(y)) * 0x165667B19E3779F9ull)) >>
           32;
}

constexpr std::int32_t min_section = min_y >> 4;
constexpr std::int32_t max_section = (min_y + world_height - 1) >> 4;

constexpr bool in_height(std::int32_t y) noexcept { return y >= min_y && y < min_y + world_height; }

std::int64_t dist_sqr(BlockPos a, BlockPos b) noexcept {
    const std::int64_t dx = std::int64_t{a.x} - b.x, dy = std::int64_t{a.y} - b.y, dz = std::int64_t{a.z} - b.z;
    return dx * dx + dy * dy + dz * dz;
}

// Closest first; equal distances in vanilla's chunk visiting order (chunk z, chunk x, section y),
// then by position inside the section. A strict total order, so results never depend on the
// order in which sections happened to be visited.
struct Closer {
    BlockPos center;
    bool operator()(const PoiRecord& a, const PoiRecord& b) const noexcept {
        const std::int64_t da = dist_sqr(a.pos, center), db = dist_sqr(b.pos, center);
        if (da != db) return da < db;
        return std::tuple(a.pos.z >> 4, a.pos.x >> 4, a.pos.y >> 4, a.pos.x, a.pos.y, a.pos.z) <
               std::tuple(b.pos.z >> 4, b.pos.x >> 4, b.pos.y >> 4, b.pos.x, b.pos.y, b.pos.z);
    }
};

bool contains(std::span<const Handle<PoiTypeInfo>> types, Handle<PoiTypeInfo> type) noexcept {
    if (types.empty()) return true;
    for (const auto t : types)
        if (t == type) return true;
    return false;
}

}  // namespace

std::int64_t PoiStorage::section_key(std::int32_t sx, std::int32_t sy, std::int32_t sz) noexcept {
    return ((static_cast<std::int64_t>(sx) & 0x3FFFFF) << 42) | (static_cast<std::int64_t>(sy) & 0xFFFFF) |
           ((static_cast<std::int64_t>(sz) & 0x3FFFFF) << 20);
}

PoiStorage::PoiStorage(const BlockRegistry& blocks, const Registry<PoiTypeInfo>& poi_types)
    : by_state_(blocks.state_count()) {
    max_tickets_.reserve(poi_types.size());
    for (const auto& type : poi_types) {
        max_tickets_.push_back(std::max(type.value.max_tickets, 0));
        village_.push_back(type.value.village);
        for (const auto& matcher : type.value.states) {
            // Vanilla's types name blocks this server may not model (beehive, lodestone…): those
            // simply match nothing.
            const auto block = blocks.blocks().find(matcher.block);
            if (!block) continue;
            const BlockInfo& info = blocks.blocks()[*block];
            for (const auto& property : matcher.properties) {
                // Not a structured binding: clang 14 cannot capture one in a lambda.
                const std::string& name = property.first;
                const std::string& value = property.second;
                const auto p = std::find_if(info.properties.begin(), info.properties.end(),
                                            [&](const BlockProperty& bp) { return bp.name == name; });
                if (p == info.properties.end())
                    throw RegistryError("POI type " + type.id.str() + ": block " + matcher.block.str() +
                                        " has no property '" + name + "'; fix the type's BlockStateMatcher");
                if (std::find(p->values.begin(), p->values.end(), value) == p->values.end())
                    throw RegistryError("POI type " + type.id.str() + ": '" + value + "' is not a value of " +
                                        matcher.block.str() + "'s property '" + name +
                                        "'; fix the type's BlockStateMatcher");
            }
            for (std::uint32_t id = info.first_state; id < info.first_state + info.state_count; ++id) {
                const BlockState state{id};
                const bool match =
                    std::all_of(matcher.properties.begin(), matcher.properties.end(),
                                [&](const auto& kv) { return blocks.value(state, kv.first) == kv.second; });
                if (!match) continue;
                if (by_state_[id] && *by_state_[id] != type.handle)
                    throw RegistryError("block state " + blocks.to_string(state) + " is claimed by POI types " +
                                        poi_types.id_of(*by_state_[id]).str() + " and " + type.id.str() +
                                        "; a state may belong to one POI type only (vanilla's rule)");
                by_state_[id] = type.handle;
            }
        }
    }
}

PoiEntry* PoiStorage::entry(BlockPos pos) {
    return const_cast<PoiEntry*>(static_cast<const PoiStorage&>(*this).entry(pos));
}

const PoiEntry* PoiStorage::entry(BlockPos pos) const {
    if (index_.empty()) return nullptr;
    const std::size_t mask = index_.size() - 1;
    for (std::size_t i = index_home(pos);; i = (i + 1) & mask) {
        const IndexSlot& s = index_[i];
        if (s.entry == nullptr) return nullptr;
        if (s.pos == pos) return s.entry;
    }
}

std::size_t PoiStorage::index_home(BlockPos p) const noexcept {
    return static_cast<std::size_t>(mix3(p.x, p.y, p.z)) & (index_.size() - 1);
}

void PoiStorage::index_insert(PoiEntry* e) {
    if ((indexed_ + 1) * 2 > index_.size()) {
        std::vector<IndexSlot> old(std::max<std::size_t>(64, index_.size() * 2), IndexSlot{BlockPos{}, nullptr});
        old.swap(index_);
        for (const IndexSlot& s : old) {
            if (s.entry == nullptr) continue;
            std::size_t j = index_home(s.pos);
            while (index_[j].entry != nullptr) j = (j + 1) & (index_.size() - 1);
            index_[j] = s;
        }
    }
    std::size_t i = index_home(e->pos);
    while (index_[i].entry != nullptr) i = (i + 1) & (index_.size() - 1);
    index_[i] = IndexSlot{e->pos, e};
    ++indexed_;
}

void PoiStorage::index_erase(BlockPos pos) noexcept {
    if (index_.empty()) return;
    const std::size_t mask = index_.size() - 1;
    std::size_t i = index_home(pos);
    while (index_[i].entry != nullptr && !(index_[i].pos == pos)) i = (i + 1) & mask;
    if (index_[i].entry == nullptr) return;
    // Backward-shift deletion: later members of the probe run move into the hole unless their
    // home lies cyclically in (hole, member], so that no lookup stops early.
    for (std::size_t j = (i + 1) & mask; index_[j].entry != nullptr; j = (j + 1) & mask) {
        const std::size_t k = index_home(index_[j].pos);
        const bool stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
        if (stays) continue;
        index_[i] = index_[j];
        i = j;
    }
    index_[i].entry = nullptr;
    --indexed_;
}

void PoiStorage::add(BlockPos pos, Handle<PoiTypeInfo> type) {
    PoiSection& section = sections_[section_key(pos.x >> 4, pos.y >> 4, pos.z >> 4)];
    const PoiEntry fresh{pos, type, max_tickets_[type.index()]};
    auto [it, inserted] = section.records.try_emplace(pos, fresh);
    if (inserted) {
        try {
            index_insert(&it->second);
        } catch (...) {
            section.records.erase(it);
            throw;
        }
        ++count_;
        count_centre(fresh, +1);
        return;
    }
    // Vanilla keeps a record of the same type (and its tickets); one of another type is a
    // mismatch it logs and overwrites.
    if (it->second.type != type) {
        count_centre(it->second, -1);
        it->second = fresh;
        count_centre(fresh, +1);
    }
}

void PoiStorage::count_centre(const PoiEntry& e, std::int32_t delta) {
    if (!occupied_village(e)) return;
    const std::int64_t key = section_key(e.pos.x >> 4, e.pos.y >> 4, e.pos.z >> 4);
    if (delta > 0) {
        if ((centres_[key] += delta) == delta) distance_stale_ = true;
        return;
    }
    const auto it = centres_.find(key);
    if (it == centres_.end()) return;
    if ((it->second += delta) <= 0) {
        centres_.erase(it);
        distance_stale_ = true;
    }
}

std::int32_t PoiStorage::sections_to_village(BlockPos pos) const {
    if (centres_.empty()) return 7;
    const std::int32_t sx = pos.x >> 4, sy = pos.y >> 4, sz = pos.z >> 4;
    if (distance_stale_) {
        std::fill(distance_cache_.begin(), distance_cache_.end(), DistanceSlot{0, 0, 0, -1});
        distance_used_ = 0;
        distance_stale_ = false;
    }
    if (distance_cache_.empty()) distance_cache_.assign(1024, DistanceSlot{0, 0, 0, -1});
    // Keyed by the section's own coordinates, not section_key: that packing wraps far out.
    const auto slot_of = [&](std::int32_t x, std::int32_t y, std::int32_t z) {
        const std::size_t mask = distance_cache_.size() - 1;
        std::size_t i = static_cast<std::size_t>(mix3(x, y, z)) & mask;
        while (distance_cache_[i].distance >= 0 &&
               !(distance_cache_[i].x == x && distance_cache_[i].y == y && distance_cache_[i].z == z))
            i = (i + 1) & mask;
        return i;
    };
    std::size_t i = slot_of(sx, sy, sz);
    if (distance_cache_[i].distance >= 0) return distance_cache_[i].distance;
    const std::int32_t d = compute_sections_to_village(sx, sy, sz);
    if ((distance_used_ + 1) * 2 > distance_cache_.size()) {
        // Half full: grow (rehashing what is known) up to 64k sections, then start over.
        std::vector<DistanceSlot> old;
        old.swap(distance_cache_);
        const std::size_t size = old.size() < (std::size_t{1} << 16) ? old.size() * 2 : old.size();
        distance_cache_.assign(size, DistanceSlot{0, 0, 0, -1});
        distance_used_ = 0;
        if (size != old.size()) {
            for (const DistanceSlot& e : old) {
                if (e.distance < 0) continue;
                distance_cache_[slot_of(e.x, e.y, e.z)] = e;
                ++distance_used_;
            }
        }
        i = slot_of(sx, sy, sz);
    }
    distance_cache_[i] = DistanceSlot{sx, sy, sz, d};
    ++distance_used_;
    return d;
}

std::int32_t PoiStorage::compute_sections_to_village(std::int32_t sx, std::int32_t sy, std::int32_t sz) const {
    // Vanilla's DistanceTracker: 0 in a village centre, else one more than the nearest centre in
    // the 3×3×3 neighbourhood, so the Chebyshev distance in sections, capped at 7. A centre is a
    // section holding a village POI with a ticket taken (isVillageCenter asks for IS_OCCUPIED:
    // an unclaimed bed makes no village); centres_ lists exactly those.
    const auto shell = [&](std::int32_t d) {
        for (std::int32_t dx = -d; dx <= d; ++dx)
            for (std::int32_t dy = -d; dy <= d; ++dy)
                for (std::int32_t dz = -d; dz <= d; ++dz) {
                    if (std::max({std::abs(dx), std::abs(dy), std::abs(dz)}) != d) continue;
                    if (centres_.count(section_key(sx + dx, sy + dy, sz + dz))) return true;
                }
        return false;
    };
    // Inside a village (where villagers mostly are) the first two shells answer.
    for (std::int32_t d = 0; d <= 1; ++d)
        if (shell(d)) return d;
    // Farther out, whichever is shorter: the centres themselves, or the rest of the 13×13×13
    // cube (2,170 sections).
    if (centres_.size() < 2170) {
        std::int32_t best = 7;
        for (const auto& [key, count] : centres_) {
            (void)count;
            const auto kx = static_cast<std::int32_t>(key >> 42);
            const auto kz =
                static_cast<std::int32_t>(static_cast<std::int64_t>(static_cast<std::uint64_t>(key) << 22) >> 42);
            const auto ky =
                static_cast<std::int32_t>(static_cast<std::int64_t>(static_cast<std::uint64_t>(key) << 44) >> 44);
            best = std::min(best, std::max({std::abs(kx - sx), std::abs(ky - sy), std::abs(kz - sz)}));
        }
        return best;
    }
    for (std::int32_t d = 2; d <= 6; ++d)
        if (shell(d)) return d;
    return 7;
}

void PoiStorage::remove(BlockPos pos) {
    const auto s = sections_.find(section_key(pos.x >> 4, pos.y >> 4, pos.z >> 4));
    if (s == sections_.end()) return;
    // The section stays, empty: vanilla saves it that way (Valid, no Records).
    const auto r = s->second.records.find(pos);
    if (r == s->second.records.end()) return;
    count_centre(r->second, -1);
    index_erase(pos);
    s->second.records.erase(r);
    --count_;
}

void PoiStorage::on_block_changed(BlockPos pos, BlockState old_state, BlockState new_state) {
    if (!in_height(pos.y)) return;
    const auto old_type = poi_type_of(old_state);
    const auto new_type = poi_type_of(new_state);
    if (old_type == new_type) return;
    if (old_type) remove(pos);
    if (new_type) add(pos, *new_type);
}

void PoiStorage::collect(const PoiSection& section, std::span<const Handle<PoiTypeInfo>> types, BlockPos center,
                         std::int64_t radius_sqr, PoiOccupancy occupancy, std::size_t limit, std::size_t base,
                         std::vector<PoiRecord>& out) const {
    const Closer closer{center};
    const auto tail = [&] { return out.begin() + static_cast<std::ptrdiff_t>(base); };
    for (const auto& [pos, e] : section.records) {
        if (dist_sqr(pos, center) > radius_sqr) continue;
        if (occupancy == PoiOccupancy::HasSpace && e.free_tickets <= 0) continue;
        if (occupancy == PoiOccupancy::IsOccupied && e.free_tickets == max_tickets_[e.type.index()]) continue;
        if (!contains(types, e.type)) continue;
        const PoiRecord record{pos, e.type, e.free_tickets};
        // The tail of `out` is a max-heap of the best `limit` so far: it never grows past the
        // limit, so a query allocates nothing once the caller's buffer has that capacity.
        if (out.size() - base < limit) {
            out.push_back(record);
            std::push_heap(tail(), out.end(), closer);
        } else if (closer(record, out[base])) {
            std::pop_heap(tail(), out.end(), closer);
            out.back() = record;
            std::push_heap(tail(), out.end(), closer);
        }
    }
}

void PoiStorage::find_closest(std::span<const Handle<PoiTypeInfo>> types, BlockPos center, std::int32_t radius,
                              PoiOccupancy occupancy, std::size_t limit, std::vector<PoiRecord>& out) const {
    if (radius < 0 || limit == 0 || count_ == 0) return;
    const std::int64_t r = radius;
    const std::int64_t radius_sqr = r * r;
    // Only sections that can hold a block within the sphere: its bounding box, section-aligned.
    const auto sx0 = static_cast<std::int32_t>((center.x - r) >> 4),
               sx1 = static_cast<std::int32_t>((center.x + r) >> 4);
    const auto sz0 = static_cast<std::int32_t>((center.z - r) >> 4),
               sz1 = static_cast<std::int32_t>((center.z + r) >> 4);
    const auto sy0 = static_cast<std::int32_t>(std::max<std::int64_t>((center.y - r) >> 4, min_section));
    const auto sy1 = static_cast<std::int32_t>(std::min<std::int64_t>((center.y + r) >> 4, max_section));
    if (sy0 > sy1) return;
    const std::size_t base = out.size();

    const auto volume = static_cast<std::uint64_t>(sx1 - sx0 + 1) * static_cast<std::uint64_t>(sz1 - sz0 + 1) *
                        static_cast<std::uint64_t>(sy1 - sy0 + 1);
    if (volume <= sections_.size()) {
        for (std::int32_t sz = sz0; sz <= sz1; ++sz)
            for (std::int32_t sx = sx0; sx <= sx1; ++sx)
                for (std::int32_t sy = sy0; sy <= sy1; ++sy) {
                    const auto s = sections_.find(section_key(sx, sy, sz));
                    if (s != sections_.end())
                        collect(s->second, types, center, radius_sqr, occupancy, limit, base, out);
                }
    } else {
        // A huge radius over few loaded sections: walking the loaded ones is cheaper, and the
        // order is the same since ties are broken by position, not by visiting order.
        for (const auto& [key, section] : sections_) {
            const auto sx = static_cast<std::int32_t>(key >> 42);
            const auto sz =
                static_cast<std::int32_t>(static_cast<std::int64_t>(static_cast<std::uint64_t>(key) << 22) >> 42);
            const auto sy =
                static_cast<std::int32_t>(static_cast<std::int64_t>(static_cast<std::uint64_t>(key) << 44) >> 44);
            if (sx < sx0 || sx > sx1 || sz < sz0 || sz > sz1 || sy < sy0 || sy > sy1) continue;
            collect(section, types, center, radius_sqr, occupancy, limit, base, out);
        }
    }
    std::sort_heap(out.begin() + static_cast<std::ptrdiff_t>(base), out.end(), Closer{center});
}

bool PoiStorage::take(BlockPos pos) {
    PoiEntry* e = entry(pos);
    if (!e || e->free_tickets <= 0) return false;
    count_centre(*e, -1);
    --e->free_tickets;
    count_centre(*e, +1);
    return true;
}

bool PoiStorage::release(BlockPos pos) {
    PoiEntry* e = entry(pos);
    if (!e || e->free_tickets >= max_tickets_[e->type.index()]) return false;
    count_centre(*e, -1);
    ++e->free_tickets;
    count_centre(*e, +1);
    return true;
}

bool PoiStorage::exists(BlockPos pos, std::span<const Handle<PoiTypeInfo>> types) const {
    const PoiEntry* e = entry(pos);
    return e && contains(types, e->type);
}

std::optional<Handle<PoiTypeInfo>> PoiStorage::type_at(BlockPos pos) const {
    const PoiEntry* e = entry(pos);
    return e ? std::optional(e->type) : std::nullopt;
}

std::int32_t PoiStorage::free_tickets(BlockPos pos) const {
    const PoiEntry* e = entry(pos);
    return e ? e->free_tickets : 0;
}

void PoiStorage::scan_chunk(const LevelChunk& chunk) {
    const std::int32_t x0 = chunk.pos().min_block_x(), z0 = chunk.pos().min_block_z();
    for (std::int32_t i = 0; i < section_count; ++i) {
        const LevelChunkSection& section = chunk.section(i);
        // A uniform section is one state 4096 times: no POI unless that state is one.
        if (section.is_uniform() && !poi_type_of(section.get(0, 0, 0))) continue;
        for (std::int32_t ly = 0; ly < 16; ++ly)
            for (std::int32_t lz = 0; lz < 16; ++lz)
                for (std::int32_t lx = 0; lx < 16; ++lx)
                    if (const auto type = poi_type_of(section.get(lx, ly, lz)))
                        add(BlockPos{x0 + lx, min_y + i * 16 + ly, z0 + lz}, *type);
    }
}

std::map<std::int32_t, PoiSection> PoiStorage::sections_of(std::int32_t chunk_x, std::int32_t chunk_z) const {
    std::map<std::int32_t, PoiSection> result;
    for (std::int32_t sy = min_section; sy <= max_section; ++sy)
        if (const auto s = sections_.find(section_key(chunk_x, sy, chunk_z)); s != sections_.end())
            result.emplace(sy, s->second);
    return result;
}

std::size_t PoiStorage::set_sections(std::int32_t chunk_x, std::int32_t chunk_z,
                                     std::map<std::int32_t, PoiSection> sections) {
    drop_chunk(chunk_x, chunk_z);
    for (const auto& [sy, section] : sections)
        if (sy >= min_section && sy <= max_section) sections_[section_key(chunk_x, sy, chunk_z)].valid = section.valid;
    std::size_t dropped = 0;
    for (const auto& [sy, section] : sections)
        for (const auto& [key, e] : section.records) {
            (void)key;
            const bool ok = (e.pos.x >> 4) == chunk_x && (e.pos.z >> 4) == chunk_z && in_height(e.pos.y) &&
                            e.type.valid() && e.type.index() < max_tickets_.size();
            if (!ok) {
                ++dropped;
                continue;
            }
            PoiSection& dest = sections_[section_key(chunk_x, e.pos.y >> 4, chunk_z)];
            const std::int32_t free = std::clamp(e.free_tickets, 0, max_tickets_[e.type.index()]);
            if (const auto [it, inserted] = dest.records.try_emplace(e.pos, PoiEntry{e.pos, e.type, free, e.extra});
                inserted) {
                try {
                    index_insert(&it->second);
                } catch (...) {
                    dest.records.erase(it);
                    throw;
                }
                ++count_;
                count_centre(it->second, +1);
            } else ++dropped;
        }
    return dropped;
}

void PoiStorage::drop_chunk(std::int32_t chunk_x, std::int32_t chunk_z) {
    for (std::int32_t sy = min_section; sy <= max_section; ++sy)
        if (const auto s = sections_.find(section_key(chunk_x, sy, chunk_z)); s != sections_.end()) {
            count_ -= s->second.records.size();
            for (const auto& [pos, e] : s->second.records) {
                (void)e;
                index_erase(pos);
            }
            if (centres_.erase(s->first)) distance_stale_ = true;
            sections_.erase(s);
        }
}

}  // namespace mobsdk::server
