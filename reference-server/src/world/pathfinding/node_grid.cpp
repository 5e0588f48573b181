// The node grid's cold paths: starting a search, handing out a brick, growing the overflow table.
#include "node_grid.hpp"

namespace mobsdk::server::pathfinding {

void OverflowTable::resize(unsigned bits) {
    slots_.assign(std::size_t{1} << bits, Slot{});
    mask_ = slots_.size() - 1;
    shift_ = 64 - bits;
}

void OverflowTable::grow() {
    std::vector<Slot> old = std::move(slots_);
    const std::uint32_t stamp = stamp_;
    resize(64 - shift_ + 1);
    stamp_ = 1;
    count_ = 0;
    for (const Slot& s : old) {
        if (s.stamp != stamp) continue;
        std::size_t i = slot_of(s.key);
        while (slots_[i].stamp == stamp_) i = (i + 1) & mask_;
        slots_[i] = s;
        slots_[i].stamp = stamp_;
        ++count_;
    }
}

void CellGrid::begin(BlockPos center, float range) {
    if (++cell_stamp_ == 0) {
        // Every 255 searches the stamps come round again: forget them all.
        for (const auto& b : bricks_)
            for (Cell& c : b->cells) c.tag = 0;
        cell_stamp_ = 1;
    }
    const double reach = std::min(std::max(static_cast<double>(range), 0.0) + 16.0, 128.0);
    half_ = static_cast<std::int32_t>(std::ceil(reach / xz_edge));
    dim_ = static_cast<std::uint32_t>(2 * half_ + 1);
    dim_y_ = dim_ * static_cast<std::uint32_t>(xz_edge / y_edge);  // as far up and down as sideways
    // Bricks line up with chunks (a brick's cells are one chunk's columns), so that a row of
    // cells reads one chunk; at least `reach` on every side of the centre.
    base_x_ = ((center.x >> 4) - half_) * xz_edge;
    base_y_ = center.y - half_ * xz_edge;
    base_z_ = ((center.z >> 4) - half_) * xz_edge;
    const std::size_t n = static_cast<std::size_t>(dim_) * dim_ * dim_y_;
    if (directory_.size() < n) directory_.resize(n);
    if (++stamp_ == 0) {
        for (Entry& e : directory_) e.stamp = 0;
        stamp_ = 1;
    }
    used_ = 0;
    overflow_.begin();
}

void CellGrid::claim(Entry& e) {
    if (used_ == bricks_.size()) bricks_.push_back(std::make_unique<Brick>());  // cells stamped 0: stale
    Brick& b = *bricks_[used_++];
    e.stamp = stamp_;
    e.cells = b.cells.data();
}

}  // namespace mobsdk::server::pathfinding
