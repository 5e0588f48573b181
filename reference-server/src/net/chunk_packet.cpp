// Chunk Data and Update Light: sections, biomes, heightmaps and light for protocol 765.
#include "mobserver/net/chunk_packet.hpp"

#include <algorithm>
#include <array>

#include "mobserver/net/block_entity_types.hpp"
#include "mobserver/net/packet_codec.hpp"
#include "mobserver/net/registry_data.hpp"
#include "mobserver/storage/chunk_codec.hpp"

namespace mobsdk::server {

namespace {

std::int32_t ceil_log2(std::size_t n) {
    std::int32_t bits = 0;
    while ((std::size_t{1} << bits) < n) ++bits;
    return bits;
}

void write_packed(PacketWriter& out, std::span<const std::uint32_t> values, std::int32_t bits) {
    const std::vector<std::int64_t> longs = pack_bits(values, bits);
    out.varint(static_cast<std::int32_t>(longs.size()));
    for (std::int64_t l : longs) out.i64(l);
}

}  // namespace

std::uint32_t network_block_id(BlockState state) noexcept {
    return state.id < kVanillaBlockStateCount ? state.id : kUnknownBlockNetworkId;
}

std::vector<std::uint64_t> light_mask(std::uint32_t bits) { return {static_cast<std::uint64_t>(bits)}; }

ChunkPacketEncoder::ChunkPacketEncoder(std::int32_t plains_id, std::int32_t biome_count)
    : plains_id_(plains_id), biome_count_(biome_count), palette_index_(kVanillaBlockStateCount, -1), values_(4096) {}

void ChunkPacketEncoder::index_block_entity_types(const BlockRegistry& blocks) {
    indexed_ = &blocks;
    block_entity_type_.assign(kVanillaBlockStateCount, -1);
    const std::size_t states = std::min<std::size_t>(blocks.state_count(), kVanillaBlockStateCount);
    for (std::uint32_t id = 0; id < states; ++id) {
        const ResourceLocation& block = blocks.id_of(BlockState{id});
        if (block.ns() != "minecraft") continue;
        if (const auto type = block_entity_type_of(block.path()))
            block_entity_type_[id] = static_cast<std::int8_t>(*type);
    }
}

void ChunkPacketEncoder::write_block_states(PacketWriter& out, const LevelChunkSection& section) {
    if (section.is_uniform()) {
        const std::uint32_t id = network_block_id(section.get(0, 0, 0));
        if (indexed_ && block_entity_type_[id] >= 0)  // a section full of one block entity's block
            for (std::int32_t i = 0; i < 4096; ++i)
                found_.push_back(
                    {BlockPos{chunk_pos_.x * 16 + (i & 15), section_y_ + (i >> 8), chunk_pos_.z * 16 + ((i >> 4) & 15)},
                     block_entity_type_[id]});
        out.u8(0).varint(static_cast<std::int32_t>(id)).varint(0);
        return;
    }
    palette_.clear();
    for (std::int32_t y = 0; y < 16; ++y)
        for (std::int32_t z = 0; z < 16; ++z)
            for (std::int32_t x = 0; x < 16; ++x) {
                const std::uint32_t id = network_block_id(section.get(x, y, z));
                std::int32_t& slot = palette_index_[id];
                if (slot < 0) {
                    slot = static_cast<std::int32_t>(palette_.size());
                    palette_.push_back(id);
                }
                values_[static_cast<std::size_t>(LevelChunkSection::index(x, y, z))] = static_cast<std::uint32_t>(slot);
            }
    for (std::uint32_t id : palette_) palette_index_[id] = -1;
    // Block entities: only a section whose palette holds a block entity's block is searched.
    if (indexed_) {
        const bool any = std::any_of(palette_.begin(), palette_.end(),
                                     [&](std::uint32_t id) { return block_entity_type_[id] >= 0; });
        for (std::int32_t i = 0; any && i < 4096; ++i) {
            const std::int8_t type = block_entity_type_[palette_[values_[static_cast<std::size_t>(i)]]];
            if (type >= 0)
                found_.push_back(
                    {BlockPos{chunk_pos_.x * 16 + (i & 15), section_y_ + (i >> 8), chunk_pos_.z * 16 + ((i >> 4) & 15)},
                     type});
        }
    }
    if (palette_.size() == 1) {
        out.u8(0).varint(static_cast<std::int32_t>(palette_[0])).varint(0);
        return;
    }
    const std::int32_t bits = std::max(4, ceil_log2(palette_.size()));
    if (bits <= 8) {
        out.u8(static_cast<std::uint8_t>(bits)).varint(static_cast<std::int32_t>(palette_.size()));
        for (std::uint32_t id : palette_) out.varint(static_cast<std::int32_t>(id));
        write_packed(out, values_, bits);
        return;
    }
    for (auto& v : values_) v = palette_[v];
    out.u8(static_cast<std::uint8_t>(kDirectBlockBits));
    write_packed(out, values_, kDirectBlockBits);
}

void ChunkPacketEncoder::write_biomes(PacketWriter& out, const LevelChunk& chunk, std::int32_t section) {
    // Stored biomes (a loaded vanilla chunk) are kept as read: names and the same packing, which
    // the network form shares for palettes of up to 8 entries.
    if (const KeptChunkData* kept = chunk.kept()) {
        const auto it = kept->sections.find(section + min_y / 16);
        const nbt::Compound* biomes = it == kept->sections.end() ? nullptr : it->second.find<nbt::Compound>("biomes");
        const nbt::List* names = biomes ? biomes->find<nbt::List>("palette") : nullptr;
        if (names && !names->empty() && names->size() <= 8) {
            std::vector<std::int32_t> ids;
            for (const auto& n : *names) {
                const auto* s = n.get_if<std::string>();
                const auto id = s ? registry_entry_id("minecraft:worldgen/biome", *s) : std::nullopt;
                ids.push_back(id ? *id : plains_id_);
            }
            const nbt::LongArray* data = biomes->find<nbt::LongArray>("data");
            const std::int32_t bits = ceil_log2(ids.size());
            const std::size_t longs = bits == 0 ? 0 : (64 + static_cast<std::size_t>(64 / bits) - 1) / (64 / bits);
            if (ids.size() == 1) {
                out.u8(0).varint(ids[0]).varint(0);
                return;
            }
            if (data && data->size() == longs) {
                out.u8(static_cast<std::uint8_t>(bits)).varint(static_cast<std::int32_t>(ids.size()));
                for (std::int32_t id : ids) out.varint(id);
                out.varint(static_cast<std::int32_t>(data->size()));
                for (std::int64_t l : *data) out.i64(l);
                return;
            }
        }
    }
    out.u8(0).varint(plains_id_).varint(0);
}

void ChunkPacketEncoder::write_block_entities(PacketWriter& out, const LevelChunk& chunk) {
    out.varint(static_cast<std::int32_t>(found_.size()));
    const KeptChunkData* kept = chunk.kept();
    for (const FoundBlockEntity& be : found_) {
        out.u8(static_cast<std::uint8_t>(((be.pos.x & 15) << 4) | (be.pos.z & 15)));
        out.i16(static_cast<std::int16_t>(be.pos.y));
        out.varint(be.type);
        nbt::Compound data;
        if (kept && block_entity_sends_data(be.type)) {
            for (std::size_t i = 0; i < kept->block_entity_pos.size(); ++i) {
                if (kept->block_entity_pos[i] != be.pos) continue;
                data = kept->block_entities[i];
                for (const char* key : {"id", "x", "y", "z", "keepPacked"}) data.erase(key);
                break;
            }
        }
        out.nbt(nbt::Tag(std::move(data)));
    }
}

std::string ChunkPacketEncoder::encode(const LevelChunk& chunk) {
    if (indexed_ != &chunk.blocks()) index_block_entity_types(chunk.blocks());
    found_.clear();
    chunk_pos_ = chunk.pos();
    PacketWriter w(0x25);
    w.i32(chunk.pos().x).i32(chunk.pos().z);
    nbt::Compound heightmaps;
    heightmaps.put("MOTION_BLOCKING", heightmap_tag(chunk, Heightmap::MotionBlocking));
    heightmaps.put("WORLD_SURFACE", heightmap_tag(chunk, Heightmap::WorldSurface));
    w.nbt(nbt::Tag(std::move(heightmaps)));

    PacketWriter sections(0);
    for (std::int32_t i = 0; i < section_count; ++i) {
        const LevelChunkSection& s = chunk.section(i);
        sections.i16(static_cast<std::int16_t>(s.non_air_count()));
        section_y_ = min_y + i * 16;
        write_block_states(sections, s);
        write_biomes(sections, chunk, i);
    }
    const std::string_view data = std::string_view(sections.body()).substr(1);  // without the dummy id
    w.varint(static_cast<std::int32_t>(data.size())).bytes(data);
    write_block_entities(w, chunk);

    // Light: section 0 is below the world (dark), section kLightSectionCount-1 above it (full sky).
    std::uint32_t sky = 0, empty_sky = 0, block = 0, empty_block = 0;
    std::vector<const std::array<std::uint8_t, 2048>*> sky_arrays, block_arrays;
    std::vector<std::uint8_t> sky_uniform, block_uniform;
    auto classify = [](const LevelChunkSection* s, LightLayer layer, std::uint8_t outside, std::int32_t bit,
                       std::uint32_t& mask, std::uint32_t& empty,
                       std::vector<const std::array<std::uint8_t, 2048>*>& arrays, std::vector<std::uint8_t>& uniform) {
        const auto* data = s ? s->light_data(layer) : nullptr;
        const std::uint8_t level = s ? s->uniform_light(layer) : outside;
        if (!data && level == 0) {
            empty |= 1u << bit;
            return;
        }
        mask |= 1u << bit;
        arrays.push_back(data);
        uniform.push_back(level);
    };
    for (std::int32_t bit = 0; bit < kLightSectionCount; ++bit) {
        const bool inside = bit >= 1 && bit <= section_count;
        const LevelChunkSection* s = inside ? &chunk.section(bit - 1) : nullptr;
        classify(s, LightLayer::Sky, bit == 0 ? 0 : 15, bit, sky, empty_sky, sky_arrays, sky_uniform);
        classify(s, LightLayer::Block, 0, bit, block, empty_block, block_arrays, block_uniform);
    }
    w.bitset(light_mask(sky)).bitset(light_mask(block)).bitset(light_mask(empty_sky)).bitset(light_mask(empty_block));
    auto write_arrays = [&](const std::vector<const std::array<std::uint8_t, 2048>*>& arrays,
                            const std::vector<std::uint8_t>& uniform) {
        w.varint(static_cast<std::int32_t>(arrays.size()));
        for (std::size_t i = 0; i < arrays.size(); ++i) {
            w.varint(2048);
            if (arrays[i]) {
                w.bytes(std::string_view(reinterpret_cast<const char*>(arrays[i]->data()), 2048));
            } else {
                const char both = static_cast<char>(uniform[i] | (uniform[i] << 4));
                w.bytes(std::string(2048, both));
            }
        }
    };
    write_arrays(sky_arrays, sky_uniform);
    write_arrays(block_arrays, block_uniform);
    return w.take();
}

}  // namespace mobsdk::server
