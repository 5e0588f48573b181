// Sky and block light for the loaded chunks. Vanilla's rules: light entering a block loses
// max(1, light_block); sky light at 15 goes straight down through light_block-0 blocks without
// loss; a block whose shape covers a face stops light through that face. A new chunk gets its sky
// columns filled directly (whole uniform sections at once) and then one breadth-first pass; a block
// change gets the usual decrease-then-increase pass, which may cross any loaded chunk border.
#include "light.hpp"

#include <algorithm>

namespace mobsdk::server {

namespace {

constexpr std::int32_t max_y = min_y + world_height;  // first row above the world

// Directions in vanilla's order: down, up, north, south, west, east; d ^ 1 is the opposite.
constexpr int down = 0, up = 1;
constexpr std::int32_t dx[6] = {0, 0, 0, 0, -1, 1};
constexpr std::int32_t dy[6] = {-1, 1, 0, 0, 0, 0};
constexpr std::int32_t dz[6] = {0, 0, -1, 1, 0, 0};

// True when the boxes of `shape` touching face `d` cover all of it (checked on a 1/16 grid, the
// resolution of vanilla's block shapes).
bool covers_face(const BlockShape& shape, int d) {
    constexpr float eps = 1e-4f;
    for (int i = 0; i < 16; ++i) {
        for (int j = 0; j < 16; ++j) {
            const float u = (i + 0.5f) / 16, v = (j + 0.5f) / 16;
            bool hit = false;
            for (std::uint8_t b = 0; b < shape.count && !hit; ++b) {
                const ShapeBox& k = shape.boxes[b];
                switch (d) {
                    case 0: hit = k.min_y <= eps && k.min_x <= u && u <= k.max_x && k.min_z <= v && v <= k.max_z; break;
                    case 1:
                        hit = k.max_y >= 1 - eps && k.min_x <= u && u <= k.max_x && k.min_z <= v && v <= k.max_z;
                        break;
                    case 2: hit = k.min_z <= eps && k.min_x <= u && u <= k.max_x && k.min_y <= v && v <= k.max_y; break;
                    case 3:
                        hit = k.max_z >= 1 - eps && k.min_x <= u && u <= k.max_x && k.min_y <= v && v <= k.max_y;
                        break;
                    case 4: hit = k.min_x <= eps && k.min_z <= u && u <= k.max_z && k.min_y <= v && v <= k.max_y; break;
                    default:
                        hit = k.max_x >= 1 - eps && k.min_z <= u && u <= k.max_z && k.min_y <= v && v <= k.max_y;
                        break;
                }
            }
            if (!hit) return false;
        }
    }
    return true;
}

}  // namespace

ChunkMap::LightEngine::LightEngine(ChunkMap& map) : map_(&map) { build_props(); }

void ChunkMap::LightEngine::build_props() {
    const BlockRegistry& blocks = *map_->blocks_;
    props_.assign(blocks.state_count(), Props{});
    for (std::uint32_t id = 0; id < props_.size(); ++id) {
        const BlockStateInfo& info = blocks.info(BlockState{id});
        Props& p = props_[id];
        p.light_block = static_cast<std::uint8_t>(std::min<int>(info.light_block, 15));
        p.emission = static_cast<std::uint8_t>(std::min<int>(info.light_emission, 15));
        // Vanilla stops light at the faces of blocks that use their shape for light occlusion
        // (slabs, stairs, farmland…); BlockStateInfo has no such flag, so any occluding block with
        // a partial shape counts. Full cubes are decided by light_block alone.
        if (info.can_occlude && !info.collision.is_empty() && !info.collision.is_full_block() && p.light_block < 15)
            for (int d = 0; d < 6; ++d)
                if (covers_face(info.collision, d)) p.occluded |= static_cast<std::uint8_t>(1u << d);
    }
}

const ChunkMap::LightEngine::Props& ChunkMap::LightEngine::props(BlockState state) {
    if (state.id >= props_.size()) {
        build_props();  // a state registered after the map was made
        if (state.id >= props_.size()) return props_[0];
    }
    return props_[state.id];
}

LevelChunk* ChunkMap::LightEngine::chunk_at(std::int32_t x, std::int32_t z) noexcept {
    return map_->chunk(ChunkPos{x >> 4, z >> 4});
}

std::uint8_t ChunkMap::LightEngine::get(const LevelChunk& c, LightLayer layer, std::int32_t x, std::int32_t y,
                                        std::int32_t z) noexcept {
    const std::int32_t sy = y - min_y;
    return c.section(sy >> 4).light(layer, x & 15, sy & 15, z & 15);
}

void ChunkMap::LightEngine::put(LevelChunk& c, LightLayer layer, std::int32_t x, std::int32_t y, std::int32_t z,
                                std::uint8_t level) {
    const std::int32_t sy = y - min_y;
    c.section(sy >> 4).set_light(layer, x & 15, sy & 15, z & 15, level);
}

std::uint8_t ChunkMap::LightEngine::top_sky(BlockState state) {
    const Props p = props(state);
    if (p.occluded & (1u << up)) return 0;
    if (p.light_block == 0) return 15;
    return static_cast<std::uint8_t>(p.light_block >= 15 ? 0 : 15 - p.light_block);
}

void ChunkMap::LightEngine::push_current(LightLayer layer, LevelChunk& c, std::int32_t x, std::int32_t y,
                                         std::int32_t z) {
    const std::uint8_t level = get(c, layer, x, y, z);
    if (level > 1) increase_.push_back({x, y, z, level});
}

void ChunkMap::LightEngine::propagate_increase(LightLayer layer) {
    const bool sky = layer == LightLayer::Sky;
    for (std::size_t head = 0; head < increase_.size(); ++head) {
        const Node n = increase_[head];
        LevelChunk* c = chunk_at(n.x, n.z);
        if (!c) continue;
        const std::uint8_t level = get(*c, layer, n.x, n.y, n.z);
        // A cell raised again after it was queued has a newer entry; one at 1 lights nothing.
        if (level != n.level || level <= 1) continue;
        const Props from = props(c->get_block({n.x, n.y, n.z}));
        for (int d = 0; d < 6; ++d) {
            if (from.occluded & (1u << d)) continue;
            const std::int32_t x = n.x + dx[d], y = n.y + dy[d], z = n.z + dz[d];
            if (y < min_y || y >= max_y) continue;
            LevelChunk* cn = ((x >> 4) == (n.x >> 4) && (z >> 4) == (n.z >> 4)) ? c : chunk_at(x, z);
            if (!cn) continue;  // unloaded chunks receive no light
            const Props to = props(cn->get_block({x, y, z}));
            if (to.occluded & (1u << (d ^ 1))) continue;
            const int cost =
                (sky && d == down && level == 15 && to.light_block == 0) ? 0 : std::max<int>(1, to.light_block);
            const int next = level - cost;
            if (next <= 0 || next <= get(*cn, layer, x, y, z)) continue;
            put(*cn, layer, x, y, z, static_cast<std::uint8_t>(next));
            increase_.push_back({x, y, z, static_cast<std::uint8_t>(next)});
        }
    }
    increase_.clear();
}

void ChunkMap::LightEngine::propagate_decrease(LightLayer layer) {
    const bool sky = layer == LightLayer::Sky;
    for (std::size_t head = 0; head < decrease_.size(); ++head) {
        const Node n = decrease_[head];
        for (int d = 0; d < 6; ++d) {
            const std::int32_t x = n.x + dx[d], y = n.y + dy[d], z = n.z + dz[d];
            if (y < min_y || y >= max_y) continue;
            LevelChunk* cn = chunk_at(x, z);
            if (!cn) continue;
            const std::uint8_t level = get(*cn, layer, x, y, z);
            if (level == 0) continue;
            // Light that may have come through the removed cell goes too; brighter light has
            // another source and is spread again afterwards.
            const bool dependent = level < n.level || (sky && d == down && n.level == 15 && level == 15);
            if (!dependent) {
                increase_.push_back({x, y, z, level});
                continue;
            }
            put(*cn, layer, x, y, z, 0);
            decrease_.push_back({x, y, z, level});
            const BlockState state = cn->get_block({x, y, z});
            const std::uint8_t source = sky ? (y == max_y - 1 ? top_sky(state) : 0) : props(state).emission;
            if (source > 0) {
                put(*cn, layer, x, y, z, source);
                increase_.push_back({x, y, z, source});
            }
        }
    }
    decrease_.clear();
}

void ChunkMap::LightEngine::update(LightLayer layer, BlockPos pos, BlockState new_state) {
    LevelChunk* c = chunk_at(pos.x, pos.z);
    if (!c) return;
    const bool sky = layer == LightLayer::Sky;
    const std::uint8_t current = get(*c, layer, pos.x, pos.y, pos.z);
    const std::uint8_t source = sky ? (pos.y == max_y - 1 ? top_sky(new_state) : 0) : props(new_state).emission;
    if (current > 0) {
        put(*c, layer, pos.x, pos.y, pos.z, 0);
        decrease_.push_back({pos.x, pos.y, pos.z, current});
    }
    if (source > 0) {
        put(*c, layer, pos.x, pos.y, pos.z, source);
        increase_.push_back({pos.x, pos.y, pos.z, source});
    }
    propagate_decrease(layer);
    // Whatever the neighbours hold may now flow into the changed cell.
    for (int d = 0; d < 6; ++d) {
        const std::int32_t x = pos.x + dx[d], y = pos.y + dy[d], z = pos.z + dz[d];
        if (y < min_y || y >= max_y) continue;
        if (LevelChunk* cn = chunk_at(x, z)) push_current(layer, *cn, x, y, z);
    }
    propagate_increase(layer);
}

void ChunkMap::LightEngine::relight(BlockPos pos, BlockState old_state, BlockState new_state) {
    if (props(old_state) == props(new_state)) return;
    update(LightLayer::Sky, pos, new_state);
    update(LightLayer::Block, pos, new_state);
    // A roof placed and taken away again leaves arrays of one value behind in its column.
    if (LevelChunk* c = chunk_at(pos.x, pos.z))
        for (std::int32_t s = 0; s < section_count; ++s) {
            c->section(s).compact_light(LightLayer::Sky);
            c->section(s).compact_light(LightLayer::Block);
        }
}

void ChunkMap::LightEngine::light_sky(LevelChunk& chunk) {
    const std::int32_t bx = chunk.pos().min_block_x(), bz = chunk.pos().min_block_z();
    constexpr std::uint8_t vertical = (1u << down) | (1u << up);
    // lowest[i]: lowest row of column i lit straight from the sky (max_y: none).
    std::array<std::int32_t, 256> lowest;
    lowest.fill(max_y);
    std::array<bool, 256> open;
    open.fill(true);
    int open_count = 256;

    for (std::int32_t s = section_count - 1; s >= 0 && open_count > 0; --s) {
        LevelChunkSection& sec = chunk.section(s);
        const std::int32_t base = min_y + s * 16;
        if (open_count == 256 && sec.is_uniform()) {
            const Props p = props(sec.get(0, 0, 0));
            if (p.light_block == 0 && (p.occluded & vertical) == 0) {
                sec.fill_light(LightLayer::Sky, 15);  // the common case: a whole section of air
                lowest.fill(base);
                continue;
            }
        }
        // Column by column into a local nibble array (the section is dark after the reset), stored once.
        std::array<std::uint8_t, 2048> nibbles{};
        auto write = [&nibbles](std::int32_t lx, std::int32_t ly, std::int32_t lz, std::uint8_t level) {
            const std::int32_t k = LevelChunkSection::index(lx, ly, lz);
            nibbles[k >> 1] |= static_cast<std::uint8_t>((k & 1) ? level << 4 : level);
        };
        for (std::int32_t i = 0; i < 256; ++i) {
            if (!open[i]) continue;
            const std::int32_t lx = i & 15, lz = i >> 4;
            for (std::int32_t ly = 15; ly >= 0; --ly) {
                const BlockState state = sec.get(lx, ly, lz);
                const Props p = props(state);
                if (p.light_block != 0 || (p.occluded & (1u << up))) {
                    open[i] = false;
                    --open_count;
                    if (base + ly == max_y - 1) {
                        // The top row under a leaf or water block: light from above the world.
                        const std::uint8_t top = top_sky(state);
                        if (top > 0) {
                            write(lx, ly, lz, top);
                            increase_.push_back({bx + lx, base + ly, bz + lz, top});
                        }
                    }
                    break;
                }
                write(lx, ly, lz, 15);
                lowest[i] = base + ly;
                if (p.occluded & (1u << down)) {
                    open[i] = false;
                    --open_count;
                    break;
                }
            }
        }
        sec.set_light_data(LightLayer::Sky, nibbles);
    }

    // Above the highest section whose sky light is not all 15, nothing can brighten.
    auto dark_top = [](const LevelChunk& c) {
        for (std::int32_t s = section_count - 1; s >= 0; --s) {
            const LevelChunkSection& sec = c.section(s);
            if (sec.light_data(LightLayer::Sky) || sec.uniform_light(LightLayer::Sky) != 15)
                return min_y + (s + 1) * 16;
        }
        return min_y;
    };
    // The loaded neighbour chunks by horizontal direction (2…5), and how high each may be dark.
    const ChunkPos cp = chunk.pos();
    std::array<LevelChunk*, 4> outside{};
    std::array<std::int32_t, 4> neighbour_top{};
    for (int d = 2; d < 6; ++d) {
        outside[d - 2] = map_->chunk(ChunkPos{cp.x + dx[d], cp.z + dz[d]});
        neighbour_top[d - 2] = outside[d - 2] ? dark_top(*outside[d - 2]) : min_y;
    }

    // Seeds: each directly lit column spreads downwards from its lowest lit row into a block that
    // can take light, and sideways wherever a neighbouring column is darker. A flat chunk next to
    // flat chunks has no seeds at all.
    for (std::int32_t i = 0; i < 256; ++i) {
        const std::int32_t low = lowest[i];
        if (low >= max_y) continue;
        const std::int32_t lx = i & 15, lz = i >> 4, x = bx + lx, z = bz + lz;
        if (low > min_y && props(chunk.get_block({x, low - 1, z})).light_block < 15)
            increase_.push_back({x, low, z, 15});
        std::int32_t high = low;
        for (int d = 2; d < 6; ++d) {
            const std::int32_t nx = lx + dx[d], nz = lz + dz[d];
            if (nx >= 0 && nx < 16 && nz >= 0 && nz < 16) high = std::max(high, lowest[(nz << 4) | nx]);
        }
        for (std::int32_t y = low; y < high; ++y) increase_.push_back({x, y, z, 15});
        for (int d = 2; d < 6; ++d) {
            const std::int32_t nx = lx + dx[d], nz = lz + dz[d];
            if ((nx >= 0 && nx < 16 && nz >= 0 && nz < 16) || !outside[d - 2]) continue;
            for (std::int32_t y = std::max(low, high); y < neighbour_top[d - 2]; ++y)
                if (get(*outside[d - 2], LightLayer::Sky, x + dx[d], y, z + dz[d]) < 14)
                    increase_.push_back({x, y, z, 15});
        }
    }
    seed_from_neighbours(chunk, LightLayer::Sky, dark_top(chunk));
    propagate_increase(LightLayer::Sky);
}

void ChunkMap::LightEngine::light_block(LevelChunk& chunk) {
    const std::int32_t bx = chunk.pos().min_block_x(), bz = chunk.pos().min_block_z();
    for (std::int32_t s = 0; s < section_count; ++s) {
        LevelChunkSection& sec = chunk.section(s);
        if (sec.is_uniform() && props(sec.get(0, 0, 0)).emission == 0) continue;
        for (std::int32_t ly = 0; ly < 16; ++ly)
            for (std::int32_t lz = 0; lz < 16; ++lz)
                for (std::int32_t lx = 0; lx < 16; ++lx) {
                    const std::uint8_t e = props(sec.get(lx, ly, lz)).emission;
                    if (e == 0) continue;
                    sec.set_light(LightLayer::Block, lx, ly, lz, e);
                    increase_.push_back({bx + lx, min_y + s * 16 + ly, bz + lz, e});
                }
    }
    seed_from_neighbours(chunk, LightLayer::Block, max_y);
    propagate_increase(LightLayer::Block);
}

void ChunkMap::LightEngine::seed_from_neighbours(LevelChunk& chunk, LightLayer layer, std::int32_t below_y) {
    const ChunkPos cp = chunk.pos();
    for (int d = 2; d < 6; ++d) {
        LevelChunk* n = map_->chunk(ChunkPos{cp.x + dx[d], cp.z + dz[d]});
        if (!n) continue;
        // The neighbour's row of columns facing this chunk.
        const bool along_x = dz[d] != 0;
        const std::int32_t fixed = along_x ? (dz[d] < 0 ? 15 : 0) : (dx[d] < 0 ? 15 : 0);
        for (std::int32_t s = 0; s < section_count && min_y + s * 16 < below_y; ++s) {
            const LevelChunkSection& sec = n->section(s);
            if (!sec.light_data(layer) && sec.uniform_light(layer) <= 1) continue;
            for (std::int32_t ly = 0; ly < 16; ++ly)
                for (std::int32_t t = 0; t < 16; ++t) {
                    const std::int32_t lx = along_x ? t : fixed, lz = along_x ? fixed : t;
                    const std::uint8_t level = sec.light(layer, lx, ly, lz);
                    if (level <= 1) continue;
                    const std::int32_t x = n->pos().min_block_x() + lx, y = min_y + s * 16 + ly,
                                       z = n->pos().min_block_z() + lz;
                    // Only light that can brighten the cell across the border is worth spreading.
                    if (get(chunk, layer, x - dx[d], y, z - dz[d]) < level - 1) increase_.push_back({x, y, z, level});
                }
        }
    }
}

void ChunkMap::LightEngine::compact_around(LevelChunk& chunk) {
    const ChunkPos cp = chunk.pos();
    for (int d = 1; d < 6; ++d) {
        // d == 1 stands for the chunk itself (dx, dz are 0 for up).
        LevelChunk* c = map_->chunk(ChunkPos{cp.x + dx[d], cp.z + dz[d]});
        if (!c) continue;
        for (std::int32_t s = 0; s < section_count; ++s) {
            c->section(s).compact_light(LightLayer::Sky);
            c->section(s).compact_light(LightLayer::Block);
        }
    }
}

void ChunkMap::LightEngine::light_chunk(LevelChunk& chunk) {
    for (std::int32_t s = 0; s < section_count; ++s) {
        chunk.section(s).fill_light(LightLayer::Sky, 0);
        chunk.section(s).fill_light(LightLayer::Block, 0);
    }
    light_sky(chunk);
    light_block(chunk);
    compact_around(chunk);
}

// ---- ChunkMap's light entry points ----------------------------------------------------------

void ChunkMap::relight_around(BlockPos pos, BlockState old_state, BlockState new_state) {
    light_->relight(pos, old_state, new_state);
}

void ChunkMap::light_chunk(LevelChunk& chunk) { light_->light_chunk(chunk); }

}  // namespace mobsdk::server
