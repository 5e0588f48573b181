// Chunk sections (blocks stored as one value until a second state appears, light as nibbles or one
// value) and chunk columns with their two heightmaps.
#include "mobserver/world/chunk.hpp"

#include <algorithm>
#include <stdexcept>

namespace mobsdk::server {

namespace {

constexpr int layer_index(LightLayer layer) noexcept { return layer == LightLayer::Sky ? 0 : 1; }

// The entry of KeptStates::at for a position index, or at.end() (`at` is ascending by position).
template <typename Vector>
auto kept_entry(Vector& at, std::int32_t index) noexcept {
    const auto it = std::lower_bound(at.begin(), at.end(), index, [](const auto& e, std::int32_t i) {
        return static_cast<std::int32_t>(e.first) < i;
    });
    return it != at.end() && it->first == index ? it : at.end();
}

}  // namespace

// ---- KeptStates ------------------------------------------------------------------------------

const nbt::Compound* KeptStates::find(std::int32_t index) const noexcept {
    const auto it = kept_entry(at, index);
    return it != at.end() ? &originals[it->second] : nullptr;
}

// ---- LevelChunkSection ----------------------------------------------------------------------

void LevelChunkSection::set_kept_states(std::unique_ptr<KeptStates> kept) noexcept {
    kept_ = kept && !kept->at.empty() ? std::move(kept) : nullptr;
}

void LevelChunkSection::forget_kept(std::int32_t index) noexcept {
    auto& at = kept_->at;
    if (const auto it = kept_entry(at, index); it != at.end()) at.erase(it);
    // The compounds no position uses any more stay until the chunk is next loaded: few and small.
    if (at.empty()) kept_.reset();
}

BlockState LevelChunkSection::set(std::int32_t lx, std::int32_t ly, std::int32_t lz, BlockState state) {
    const BlockState old = store(lx, ly, lz, state);
    if (old != state) danger_ = non_air_ == 0 ? 0 : unknown_count;
    return old;
}

BlockState LevelChunkSection::set(std::int32_t lx, std::int32_t ly, std::int32_t lz, BlockState state,
                                  const BlockRegistry& blocks) {
    const BlockState old = store(lx, ly, lz, state);
    if (old == state) return old;
    if (non_air_ == 0) {
        danger_ = 0;
    } else if (danger_ != unknown_count) {
        danger_ += static_cast<std::int32_t>(is_path_danger_source(blocks.info(state))) -
                   static_cast<std::int32_t>(is_path_danger_source(blocks.info(old)));
    }
    return old;
}

BlockState LevelChunkSection::store(std::int32_t lx, std::int32_t ly, std::int32_t lz, BlockState state) {
    // Palette-free storage keeps ids in 16 bits; a registry with more states is a broken invariant.
    if (state.id > 0xFFFF) throw std::logic_error("LevelChunkSection: block state id does not fit 16 bits");
    const std::int32_t i = index(lx, ly, lz);
    if (!states_) {
        if (state == uniform_) return state;
        if (kept_) forget_kept(i);
        states_ = std::make_unique<std::array<std::uint16_t, 4096>>();
        states_->fill(static_cast<std::uint16_t>(uniform_.id));
    }
    const BlockState old{(*states_)[i]};
    if (old == state) return old;
    if (kept_) forget_kept(i);
    (*states_)[i] = static_cast<std::uint16_t>(state.id);
    if (old.id == 0) ++non_air_;
    if (state.id == 0) --non_air_;
    if (non_air_ == 0) {
        // Emptied again (a player dug out everything): back to one value.
        states_.reset();
        uniform_ = {};
    }
    return old;
}

void LevelChunkSection::assign_states(const std::array<std::uint16_t, 4096>& ids) {
    if (!states_) states_ = std::make_unique<std::array<std::uint16_t, 4096>>();
    *states_ = ids;
    non_air_ = static_cast<std::int32_t>(4096 - std::count(ids.begin(), ids.end(), std::uint16_t{0}));
    danger_ = non_air_ == 0 ? 0 : unknown_count;
    kept_.reset();
    if (non_air_ == 0) {
        states_.reset();
        uniform_ = {};
    }
}

bool LevelChunkSection::compact_states() noexcept {
    if (!states_) return false;
    const std::uint16_t first = (*states_)[0];
    if (!std::all_of(states_->begin(), states_->end(), [first](std::uint16_t v) { return v == first; })) return false;
    uniform_ = BlockState{first};
    states_.reset();
    return true;
}

void LevelChunkSection::recount(const BlockRegistry& blocks) {
    // Air is state 0 of every registry, so non-air needs no lookup; dangers are looked up once
    // per run of equal states (rows of one state are the rule).
    if (!states_) {
        non_air_ = uniform_.id != 0 ? 4096 : 0;
        danger_ = is_path_danger_source(blocks.info(uniform_)) ? 4096 : 0;
        return;
    }
    non_air_ = 0;
    danger_ = 0;
    std::uint16_t last = 0;
    bool last_danger = is_path_danger_source(blocks.info(BlockState{}));
    for (const std::uint16_t v : *states_) {
        non_air_ += v != 0;
        if (v != last) {
            last = v;
            last_danger = is_path_danger_source(blocks.info(BlockState{v}));
        }
        danger_ += last_danger;
    }
}

std::uint8_t LevelChunkSection::light(LightLayer layer, std::int32_t lx, std::int32_t ly,
                                      std::int32_t lz) const noexcept {
    const int l = layer_index(layer);
    if (!light_[l]) return uniform_light_[l];
    const std::int32_t i = index(lx, ly, lz);
    const std::uint8_t byte = (*light_[l])[i >> 1];
    return (i & 1) ? static_cast<std::uint8_t>(byte >> 4) : static_cast<std::uint8_t>(byte & 15);
}

void LevelChunkSection::set_light(LightLayer layer, std::int32_t lx, std::int32_t ly, std::int32_t lz,
                                  std::uint8_t level) {
    const int l = layer_index(layer);
    level &= 15;
    if (!light_[l]) {
        if (level == uniform_light_[l]) return;
        light_[l] = std::make_unique<std::array<std::uint8_t, 2048>>();
        light_[l]->fill(static_cast<std::uint8_t>(uniform_light_[l] | (uniform_light_[l] << 4)));
    }
    const std::int32_t i = index(lx, ly, lz);
    std::uint8_t& byte = (*light_[l])[i >> 1];
    byte = (i & 1) ? static_cast<std::uint8_t>((byte & 0x0F) | (level << 4))
                   : static_cast<std::uint8_t>((byte & 0xF0) | level);
}

const std::array<std::uint8_t, 2048>* LevelChunkSection::light_data(LightLayer layer) const noexcept {
    return light_[layer_index(layer)].get();
}

std::uint8_t LevelChunkSection::uniform_light(LightLayer layer) const noexcept {
    return uniform_light_[layer_index(layer)];
}

void LevelChunkSection::set_light_data(LightLayer layer, const std::array<std::uint8_t, 2048>& data) {
    const int l = layer_index(layer);
    if (!light_[l]) light_[l] = std::make_unique<std::array<std::uint8_t, 2048>>();
    *light_[l] = data;
    compact_light(layer);
}

void LevelChunkSection::fill_light(LightLayer layer, std::uint8_t level) {
    const int l = layer_index(layer);
    light_[l].reset();
    uniform_light_[l] = static_cast<std::uint8_t>(level & 15);
}

bool LevelChunkSection::compact_light(LightLayer layer) noexcept {
    const int l = layer_index(layer);
    if (!light_[l]) return false;
    const std::uint8_t first = (*light_[l])[0];
    if ((first >> 4) != (first & 15)) return false;
    if (!std::all_of(light_[l]->begin(), light_[l]->end(), [first](std::uint8_t v) { return v == first; }))
        return false;
    uniform_light_[l] = static_cast<std::uint8_t>(first & 15);
    light_[l].reset();
    return true;
}

// ---- LevelChunk -----------------------------------------------------------------------------

LevelChunk::LevelChunk(ChunkPos pos, const BlockRegistry& blocks) : pos_(pos), blocks_(&blocks) {
    for (auto& map : heightmaps_) map.fill(static_cast<std::int16_t>(min_y));
}

BlockState LevelChunk::set_block(BlockPos p, BlockState state) {
    if (p.y < min_y || p.y >= min_y + world_height) return {};
    const std::int32_t sy = p.y - min_y;
    const std::int32_t lx = p.x & 15, lz = p.z & 15;
    const BlockState old = sections_[sy >> 4].set(lx, sy & 15, lz, state, *blocks_);
    if (old == state) return old;
    unsaved = true;
    if (kept_ && !kept_->block_entity_pos.empty() && blocks_->block_of(old) != blocks_->block_of(state)) {
        // Vanilla removes the block entity of a block that is replaced by another block.
        for (std::size_t i = 0; i < kept_->block_entity_pos.size(); ++i)
            if (kept_->block_entity_pos[i] == p) {
                kept_->block_entity_pos.erase(kept_->block_entity_pos.begin() + static_cast<std::ptrdiff_t>(i));
                kept_->block_entities.erase(kept_->block_entities.begin() + static_cast<std::ptrdiff_t>(i));
                break;
            }
    }
    if (kept_ && kept_->other_heightmaps) {
        // Stale from now on: left out, vanilla recomputes a missing heightmap on load.
        kept_->root.erase("Heightmaps");
        kept_->other_heightmaps = false;
    }
    const BlockStateInfo& info = blocks_->info(state);
    for (const Heightmap map : {Heightmap::WorldSurface, Heightmap::MotionBlocking}) {
        auto& h = heightmaps_[static_cast<int>(map)][(lz << 4) | lx];
        if (counts(map, state, info)) {
            if (p.y + 1 > h) h = static_cast<std::int16_t>(p.y + 1);
        } else if (p.y + 1 == h) {
            // The top counted block went: look for the next one below it.
            h = static_cast<std::int16_t>(scan_height(map, lx, lz, p.y));
        }
    }
    return old;
}

std::int32_t LevelChunk::scan_height(Heightmap map, std::int32_t lx, std::int32_t lz,
                                     std::int32_t below) const noexcept {
    // Scans rows below `below` downwards; a uniform section is decided by one lookup.
    std::int32_t y = below - 1;
    while (y >= min_y) {
        const std::int32_t sy = y - min_y;
        const LevelChunkSection& s = sections_[sy >> 4];
        if (s.is_uniform()) {
            const BlockState st = s.get(0, 0, 0);
            if (counts(map, st, blocks_->info(st))) return y + 1;
            y = min_y + (sy & ~15) - 1;  // skip to the row below this section
            continue;
        }
        const BlockState st = s.get(lx, sy & 15, lz);
        if (counts(map, st, blocks_->info(st))) return y + 1;
        --y;
    }
    return min_y;
}

void LevelChunk::recompute_heightmaps() {
    // One pass over the sections from the top for all 256 columns and both maps; a uniform section
    // settles every column still open at once, so a flat chunk costs one array section's rows.
    auto& ws = heightmaps_[static_cast<int>(Heightmap::WorldSurface)];
    auto& mb = heightmaps_[static_cast<int>(Heightmap::MotionBlocking)];
    ws.fill(static_cast<std::int16_t>(min_y));
    mb.fill(static_cast<std::int16_t>(min_y));
    std::array<bool, 256> ws_done{}, mb_done{};
    int open_ws = 256, open_mb = 256;
    for (std::int32_t s = section_count - 1; s >= 0 && (open_ws > 0 || open_mb > 0); --s) {
        const LevelChunkSection& sec = sections_[s];
        const std::int32_t base = min_y + s * 16;
        if (sec.is_uniform()) {
            const BlockState st = sec.get(0, 0, 0);
            const BlockStateInfo& info = blocks_->info(st);
            const auto top = static_cast<std::int16_t>(base + 16);
            if (open_ws > 0 && counts(Heightmap::WorldSurface, st, info)) {
                for (int i = 0; i < 256; ++i)
                    if (!ws_done[i]) ws_done[i] = true, ws[i] = top;
                open_ws = 0;
            }
            if (open_mb > 0 && counts(Heightmap::MotionBlocking, st, info)) {
                for (int i = 0; i < 256; ++i)
                    if (!mb_done[i]) mb_done[i] = true, mb[i] = top;
                open_mb = 0;
            }
            continue;
        }
        for (std::int32_t ly = 15; ly >= 0 && (open_ws > 0 || open_mb > 0); --ly) {
            for (int i = 0; i < 256; ++i) {
                if (ws_done[i] && mb_done[i]) continue;
                const BlockState st = sec.get(i & 15, ly, i >> 4);
                if (st.id == 0) continue;
                const auto top = static_cast<std::int16_t>(base + ly + 1);
                if (!ws_done[i]) ws_done[i] = true, ws[i] = top, --open_ws;
                if (!mb_done[i] && counts(Heightmap::MotionBlocking, st, blocks_->info(st)))
                    mb_done[i] = true, mb[i] = top, --open_mb;
            }
        }
    }
}

void LevelChunk::recount() {
    for (auto& s : sections_) s.recount(*blocks_);
}

}  // namespace mobsdk::server
