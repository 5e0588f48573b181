// The cached reader's slow paths: claiming a chunk of the window, filling a block state's facts.
#include "pathfinding_context.hpp"

namespace mobsdk::server::pathfinding {

const LevelChunk* CachedReader::chunk_slow(std::int32_t cx, std::int32_t cz) noexcept {
    const auto ix = static_cast<std::uint32_t>(cx - base_cx_);
    const auto iz = static_cast<std::uint32_t>(cz - base_cz_);
    const LevelChunk* c;
    if (ix < static_cast<std::uint32_t>(window) && iz < static_cast<std::uint32_t>(window)) {
        const std::uint32_t i = iz * window + ix;
        if (stamps_[i] != stamp_) {
            stamps_[i] = stamp_;
            slots_[i] = chunks_->chunk(ChunkPos{cx, cz});
            slot_layers_[i].fill(LayerPair{});
        }
        c = slots_[i];
        last_slot_ = static_cast<std::int32_t>(i);
    } else {
        c = chunks_->chunk(ChunkPos{cx, cz});
        last_slot_ = -1;
    }
    last_cx_ = cx;
    last_cz_ = cz;
    last_chunk_ = c;
    return c;
}

void CachedReader::fill_fact(Fact& f, std::uint32_t id) noexcept {
    const BlockStateInfo& i = infos_[id];
    f.top = i.collision.is_empty() ? 0.0f : i.collision.max_y();
    f.path_type = i.path_type;
    f.water = i.fluid == Fluid::Water;
    f.stamp = fact_stamp_;
}

}  // namespace mobsdk::server::pathfinding
