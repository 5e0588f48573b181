// The loaded chunks of a level and the block, heightmap, sky and light queries answered from them.
#include "mobserver/world/chunk_map.hpp"

#include "light.hpp"

namespace mobsdk::server {

ChunkMap::ChunkMap(const BlockRegistry& blocks) : blocks_(&blocks), light_(std::make_unique<LightEngine>(*this)) {
    reset_cache();
}

ChunkMap::~ChunkMap() = default;

void ChunkMap::reset_cache() noexcept {
    // An empty entry holds a position of another entry's index, so that no lookup matches it.
    for (std::size_t i = 0; i < cache_.size(); ++i) {
        const auto x = static_cast<std::int32_t>((i & ((1u << cache_bits) - 1)) ^ 1u);
        const auto z = static_cast<std::int32_t>(i >> cache_bits);
        cache_[i] = CacheEntry{ChunkPos{x, z}, nullptr};
    }
}

const LevelChunk* ChunkMap::chunk_slow(ChunkPos pos) const noexcept {
    const auto it = chunks_.find(pos);
    LevelChunk* c = it == chunks_.end() ? nullptr : it->second.get();
    cache_[cache_index(pos)] = CacheEntry{pos, c};
    return c;
}

LevelChunk& ChunkMap::add(std::unique_ptr<LevelChunk> chunk) {
    const ChunkPos pos = chunk->pos();
    LevelChunk& ref = *chunk;
    chunks_[pos] = std::move(chunk);
    cache_[cache_index(pos)] = CacheEntry{pos, &ref};  // it may have cached a miss or a replaced chunk
    ref.recompute_heightmaps();
    light_chunk(ref);
    return ref;
}

LevelChunk& ChunkMap::get_or_generate(ChunkPos pos, const ChunkGenerator& generator) {
    if (LevelChunk* c = chunk(pos)) return *c;
    auto chunk = std::make_unique<LevelChunk>(pos, *blocks_);
    generator.generate(*chunk);
    return add(std::move(chunk));
}

std::unique_ptr<LevelChunk> ChunkMap::remove(ChunkPos pos) {
    const auto it = chunks_.find(pos);
    if (it == chunks_.end()) return nullptr;
    auto chunk = std::move(it->second);
    chunks_.erase(it);
    cache_[cache_index(pos)] = CacheEntry{pos, nullptr};
    return chunk;
}

void ChunkMap::for_each(const std::function<void(LevelChunk&)>& f) {
    for (auto& [pos, c] : chunks_) f(*c);
}

bool ChunkMap::set_block(BlockPos pos, BlockState state) {
    if (pos.y < min_y || pos.y >= min_y + world_height) return false;
    LevelChunk* c = chunk(ChunkPos::of(pos));
    if (!c) return false;
    const BlockState old = c->set_block(pos, state);
    if (old == state) return false;
    relight_around(pos, old, state);
    if (listener_) listener_->on_block_changed(pos, old, state);
    if (watcher_) watcher_->on_block_changed(pos, old, state);
    return true;
}

std::int32_t ChunkMap::height(Heightmap map, std::int32_t x, std::int32_t z) const noexcept {
    const LevelChunk* c = chunk(ChunkPos{x >> 4, z >> 4});
    return c ? c->height(map, x & 15, z & 15) : min_y;
}

bool ChunkMap::can_see_sky(BlockPos pos) const noexcept {
    // Vanilla's LevelReader.canSeeSky: full sky light, which only a clear way straight up gives.
    return brightness(LightLayer::Sky, pos) >= 15;
}

std::int32_t ChunkMap::brightness(LightLayer layer, BlockPos pos) const noexcept {
    const std::int32_t outside = layer == LightLayer::Sky ? 15 : 0;
    if (pos.y < min_y || pos.y >= min_y + world_height) return outside;
    const LevelChunk* c = chunk(ChunkPos::of(pos));
    if (!c) return outside;
    const std::int32_t sy = pos.y - min_y;
    return c->section(sy >> 4).light(layer, pos.x & 15, sy & 15, pos.z & 15);
}

}  // namespace mobsdk::server
