// libFuzzer target: the block chunk reader as the server runs it, with the `mobsdk:unknown`
// placeholder registered, on arbitrary NBT — chunks holding states the registry does not know,
// newer or older DataVersions, block entities, ticks and keys it does not model. A chunk that reads
// must write back to NBT that reads again to the same blocks and the same kept compounds, and that
// second write must equal the first (nothing is lost or altered by a further save).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "mobsdk/nbt/io.hpp"
#include "mobsdk/world/block.hpp"
#include "mobsdk/world/unknown_block.hpp"
#include "mobserver/storage/chunk_codec.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

struct Blocks {
    BlockRegistry reg;
    Blocks() {
        register_vanilla_blocks(reg);
        register_unknown_block(reg);
        reg.freeze();
    }
};

bool same_kept(const LevelChunkSection& a, const LevelChunkSection& b) {
    const KeptStates* ka = a.kept_states();
    const KeptStates* kb = b.kept_states();
    if (!ka || !kb) return !ka && !kb;
    if (ka->at.size() != kb->at.size()) return false;
    for (std::size_t i = 0; i < ka->at.size(); ++i) {
        if (ka->at[i].first != kb->at[i].first) return false;
        if (!(ka->originals[ka->at[i].second] == kb->originals[kb->at[i].second])) return false;
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const Blocks b;
    nbt::ReadOptions opts;
    opts.max_bytes = 4u * 1024 * 1024;
    auto file = nbt::read_any(std::span<const std::uint8_t>(data, size), opts);
    if (!file.has_value() || !file->root.tag.is<nbt::Compound>()) return 0;
    const nbt::Compound& root = file->root.tag.as_compound();
    (void)chunk_refusal(root, true);
    ChunkPos pos;
    if (const auto* x = root.find<std::int32_t>("xPos")) pos.x = *x;
    if (const auto* z = root.find<std::int32_t>("zPos")) pos.z = *z;

    std::vector<std::string> warnings;
    auto chunk = read_chunk_nbt(root, pos, b.reg, &warnings);
    if (!chunk.has_value()) return 0;
    const nbt::Compound first = write_chunk_nbt(**chunk, 0);
    auto again = read_chunk_nbt(first, pos, b.reg);
    if (!again.has_value()) __builtin_trap();
    for (std::int32_t i = 0; i < section_count; ++i) {
        const LevelChunkSection& sa = (*chunk)->section(i);
        const LevelChunkSection& sb = (*again)->section(i);
        for (std::int32_t k = 0; k < 4096; ++k)
            if (sa.get(k & 15, k >> 8, (k >> 4) & 15) != sb.get(k & 15, k >> 8, (k >> 4) & 15)) __builtin_trap();
        if (!same_kept(sa, sb)) __builtin_trap();
    }
    if (!(write_chunk_nbt(**again, 0) == first)) __builtin_trap();
    return 0;
}
