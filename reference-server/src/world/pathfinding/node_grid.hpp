// The search's memory of positions (vanilla's Long2ObjectMap of nodes and its PathTypeCache): each
// position's node, path types and floor in a grid of bricks around the start, stamped per search.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "node.hpp"
#include "path_type_table.hpp"

namespace mobsdk::server::pathfinding {

enum class FloorState : std::uint8_t { Unknown, OnBlockBelow, Floating };

// What a walker's neighbour evaluation of a position comes to, as far as it does not depend on
// the node it is seen from. WalkNode and Wall differ in the last bit only, so that one comparison
// of the cell's tag tells both from everything else (fast_tag; WalkEvaluator::probe).
enum class Quick : std::uint8_t {
    Unknown = 0,   // the mob type is not worked out yet
    Other = 1,     // the full rules
    Walk = 2,      // WALKABLE, standing on the block below, no node yet
    WalkNode = 6,  // the same with its node made, WALKABLE with at least the walkable malus (the
                   // fast path neither reads nor writes it; whatever makes it otherwise demotes
                   // the cell to Walk)
    Wall = 7,      // never a node and no side effects, from wherever it is seen (note_wall); the
                   // fast path gives none here, its below_top being +inf (the real floor is read again)
};

// Everything the search knows about one position: its node and its cached path types. A grid
// cell belongs to the search whose stamp it carries; any other is stale, and reads as blank.
struct Cell {
    Node* node = nullptr;    // none yet
    float below_top = 0.0f;  // top of the collision shape below (OnBlockBelow); +inf on a Quick::Wall
    PathType static_type = unknown_type;
    PathType mob_type = unknown_type;
    std::uint16_t tag = 0;  // Quick in bits 0–2, FloorState in bits 3–4, closed_bit, the grid's stamp in bits 8–15
    // Set once the node here is closed (its node's `closed`, mirrored for the fast path).
    static constexpr std::uint16_t closed_bit = 0x20;

    Quick quick() const noexcept { return static_cast<Quick>(tag & 7u); }
    void set_quick(Quick q) noexcept { tag = static_cast<std::uint16_t>((tag & ~7u) | static_cast<unsigned>(q)); }
    FloorState floor_state() const noexcept { return static_cast<FloorState>((tag >> 3) & 3u); }
    void set_floor_state(FloorState f) noexcept {
        tag = static_cast<std::uint16_t>((tag & ~0x18u) | (static_cast<unsigned>(f) << 3));
    }
    std::uint8_t stamp() const noexcept { return static_cast<std::uint8_t>(tag >> 8); }
    // A blank cell of the search with stamp `s`.
    static Cell blank(std::uint8_t s) noexcept {
        Cell c;
        c.tag = static_cast<std::uint16_t>(s << 8);
        return c;
    }
};

// The tag of a fast-path cell (Quick::WalkNode or Quick::Wall, standing on the block below) of
// the search with stamp `s`, with the bits fast_mask sets set: `(tag | fast_mask) == fast_tag(s)`
// tells such a cell from every other in one comparison.
constexpr std::uint16_t fast_mask = Cell::closed_bit | 1u;
constexpr std::uint16_t fast_tag(std::uint8_t s) noexcept {
    return static_cast<std::uint16_t>(s << 8 | Cell::closed_bit | static_cast<unsigned>(FloorState::OnBlockBelow) << 3 |
                                      static_cast<unsigned>(Quick::Wall));
}

// Brings the cell's Quick up to date after its mob type or its floor was worked out. Never to
// WalkNode: a node made before (by a fall gone too deep, say) need not be walkable; the slow
// path's accept_walkable settles it first.
inline void settle(Cell& c) noexcept {
    if (c.quick() == Quick::Wall || c.quick() == Quick::WalkNode) return;
    c.set_quick(c.mob_type == PathType::Walkable && c.floor_state() == FloorState::OnBlockBelow ? Quick::Walk
                : c.mob_type == unknown_type                                                    ? Quick::Unknown
                                                                                                : Quick::Other);
}
static_assert(sizeof(Cell) == 16, "four cells to a cache line");

// Positions the grid does not cover (searches taller or wider than it): open addressing with
// linear probing, each slot stamped with its search so that starting one costs nothing.
class OverflowTable {
public:
    void begin() {
        if (slots_.empty()) resize(8);
        if (++stamp_ == 0) {
            for (Slot& s : slots_) s.stamp = 0;
            stamp_ = 1;
        }
        count_ = 0;
    }
    Cell& get(std::int32_t x, std::int32_t y, std::int32_t z) {
        const auto key = static_cast<std::uint64_t>(BlockPos{x, y, z}.as_long());
        for (;;) {
            std::size_t i = slot_of(key);
            for (;;) {
                Slot& s = slots_[i];
                if (s.stamp != stamp_) {
                    if ((count_ + 1) * 2 > slots_.size()) break;  // grow, then probe again
                    s.key = key;
                    s.stamp = stamp_;
                    s.cell = Cell{};
                    ++count_;
                    return s.cell;
                }
                if (s.key == key) return s.cell;
                i = (i + 1) & mask_;
            }
            grow();
        }
    }

private:
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t stamp = 0;
        Cell cell;
    };
    std::size_t slot_of(std::uint64_t key) const noexcept {
        return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_);
    }
    void resize(unsigned bits);
    void grow();

    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    unsigned shift_ = 64;
    std::uint32_t stamp_ = 0;
    std::size_t count_ = 0;
};

// The cells around the search's start, in 16×2×16 bricks handed out as the search reaches them:
// neighbouring positions share cache lines, which a hash table would scatter, and the eight
// neighbours of most positions (all but those on a brick's rim, about a quarter) are in the same
// brick, a fixed offset away. Two high, with the start at the bottom of its brick: on level
// ground a position and the one above it share a brick too. Handing out a brick clears nothing:
// each cell carries the stamp of the search that last wrote it and is blanked on first use (a
// search touches a small part of its bricks, and clearing them whole cost more than the rest of
// a short search). A reference from get() is valid until the next get() (the overflow table may
// grow).
class CellGrid {
public:
    void begin(BlockPos center, float range);
    // True when (x, y, z) has a grid cell (else get() gives an overflow cell).
    bool holds(std::int32_t x, std::int32_t y, std::int32_t z) const noexcept {
        return (static_cast<std::uint32_t>(x - base_x_) >> xz_bits) < dim_ &&
               (static_cast<std::uint32_t>(y - base_y_) >> y_bits) < dim_y_ &&
               (static_cast<std::uint32_t>(z - base_z_) >> xz_bits) < dim_;
    }
    // After other get() calls a cell pointer must be refreshed: grid cells never move, overflow ones may.
    Cell* refresh(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z) {
        const auto bx = static_cast<std::uint32_t>(x - base_x_) >> xz_bits,
                   by = static_cast<std::uint32_t>(y - base_y_) >> y_bits,
                   bz = static_cast<std::uint32_t>(z - base_z_) >> xz_bits;
        return bx < dim_ && by < dim_y_ && bz < dim_ ? c : &overflow_.get(x, y, z);
    }
    // A grid cell and which of its neighbours share its brick (`in_brick` bits: west, east,
    // north, south, up), which then lie a fixed offset away (step_x, step_z, step_y). Null for a
    // position outside the grid: overflow cells may move, so they get no offsets.
    static constexpr unsigned xz_bits = 4, y_bits = 1;  // 16 × 2 × 16 cells
    static constexpr std::int32_t xz_edge = 1 << xz_bits, y_edge = 1 << y_bits;
    static constexpr std::uint32_t xz_mask = xz_edge - 1, y_mask = y_edge - 1;
    static constexpr std::uint32_t in_west = 1, in_east = 2, in_north = 4, in_south = 8, in_up = 16;
    static constexpr std::uint32_t in_xz = in_west | in_east | in_north | in_south;
    static constexpr std::ptrdiff_t step_x = 1, step_z = xz_edge, step_y = xz_edge * xz_edge;
    [[gnu::always_inline]] Cell* around(std::int32_t x, std::int32_t y, std::int32_t z, std::uint32_t& in_brick) {
        const auto rx = static_cast<std::uint32_t>(x - base_x_), ry = static_cast<std::uint32_t>(y - base_y_),
                   rz = static_cast<std::uint32_t>(z - base_z_);
        const std::uint32_t bx = rx >> xz_bits, by = ry >> y_bits, bz = rz >> xz_bits;
        if (bx >= dim_ || by >= dim_y_ || bz >= dim_) [[unlikely]]
            return nullptr;
        Entry& e = directory_[(static_cast<std::size_t>(by) * dim_ + bz) * dim_ + bx];
        if (e.stamp != stamp_) [[unlikely]]
            claim(e);
        const std::uint32_t lx = rx & xz_mask, lz = rz & xz_mask, ly = ry & y_mask;
        in_brick = (lx != 0 ? in_west : 0u) | (lx != xz_mask ? in_east : 0u) | (lz != 0 ? in_north : 0u) |
                   (lz != xz_mask ? in_south : 0u) | (ly != y_mask ? in_up : 0u);
        return fresh(&e.cells[(ly << (2 * xz_bits)) | (lz << xz_bits) | lx]);
    }
    // The cells' stamp of this search.
    std::uint8_t stamp() const noexcept { return cell_stamp_; }
    // A grid cell reached by offset, blanked if a former search left it.
    [[gnu::always_inline]] Cell* fresh(Cell* c) noexcept {
        if (c->stamp() != cell_stamp_) [[unlikely]]
            *c = Cell::blank(cell_stamp_);
        return c;
    }
    // The cell above `c`, the cell at (x, y, z) just looked up: in the same brick it is an offset away.
    [[gnu::always_inline]] Cell& above(Cell* c, std::int32_t x, std::int32_t y, std::int32_t z) {
        const auto rx = static_cast<std::uint32_t>(x - base_x_), ry = static_cast<std::uint32_t>(y - base_y_),
                   rz = static_cast<std::uint32_t>(z - base_z_);
        if ((ry & y_mask) != y_mask && (rx >> xz_bits) < dim_ && (ry >> y_bits) < dim_y_ && (rz >> xz_bits) < dim_)
            [[likely]]
            return *fresh(c + step_y);
        return get(x, y + 1, z);
    }
    [[gnu::always_inline]] Cell& get(std::int32_t x, std::int32_t y, std::int32_t z) {
        const auto rx = static_cast<std::uint32_t>(x - base_x_), ry = static_cast<std::uint32_t>(y - base_y_),
                   rz = static_cast<std::uint32_t>(z - base_z_);
        const std::uint32_t bx = rx >> xz_bits, by = ry >> y_bits, bz = rz >> xz_bits;
        if (bx >= dim_ || by >= dim_y_ || bz >= dim_) [[unlikely]]
            return overflow_.get(x, y, z);
        Entry& e = directory_[(static_cast<std::size_t>(by) * dim_ + bz) * dim_ + bx];
        if (e.stamp != stamp_) [[unlikely]]
            claim(e);
        return *fresh(&e.cells[((ry & y_mask) << (2 * xz_bits)) | ((rz & xz_mask) << xz_bits) | (rx & xz_mask)]);
    }

private:
    struct Brick {
        std::array<Cell, xz_edge * xz_edge * y_edge> cells;  // flat: searches spread sideways more than up
    };
    struct Entry {
        std::uint32_t stamp = 0;
        Cell* cells = nullptr;
    };
    [[gnu::noinline]] void claim(Entry& e);

    std::vector<Entry> directory_;
    std::vector<std::unique_ptr<Brick>> bricks_;
    std::size_t used_ = 0;
    std::uint32_t stamp_ = 0;      // the directory's
    std::uint8_t cell_stamp_ = 0;  // the cells' (never 0 during a search)
    std::int32_t half_ = 0;
    std::uint32_t dim_ = 0, dim_y_ = 0;
    std::int32_t base_x_ = 0, base_y_ = 0, base_z_ = 0;
    OverflowTable overflow_;
};

}  // namespace mobsdk::server::pathfinding
