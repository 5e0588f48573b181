// mobbench chunk: reading a real region file written by vanilla 1.19.4 (the prismarine-provider-anvil
// fixture of tests/interop, 529 chunks of which 144 are fully generated): chunks per second for
// inflate + NBT decode of every chunk and of the full ones, and for inflate + NBT decode +
// read_chunk_nbt (the server's LevelChunk, unknown states kept) of the full ones. The file is read into memory once;
// one core.
//
// mobbench chunk-packets: the same full chunks as LevelChunks, encoded as Chunk Data and Update
// Light packets (protocol 765) per second, alone and with the framing and zlib compression a
// player's connection adds (threshold 256): what sending chunks to one client costs.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench.hpp"
#include "mobsdk/nbt/io.hpp"
#include "mobsdk/world/block.hpp"
#include "mobsdk/world/unknown_block.hpp"
#include "mobserver/net/chunk_packet.hpp"
#include "mobserver/net/packet_compression.hpp"
#include "mobserver/net/registry_data.hpp"
#include "mobserver/storage/chunk_codec.hpp"

namespace mobbench {

namespace {

using namespace mobsdk;
using namespace mobsdk::server;

struct StoredChunk {
    ChunkPos pos;
    std::span<const std::uint8_t> payload;  // compressed, as in the file
};

std::vector<StoredChunk> chunks_of(const std::vector<std::uint8_t>& file) {
    std::vector<StoredChunk> out;
    auto be32 = [&](std::size_t at) {
        return (std::uint32_t{file[at]} << 24) | (std::uint32_t{file[at + 1]} << 16) |
               (std::uint32_t{file[at + 2]} << 8) | std::uint32_t{file[at + 3]};
    };
    if (file.size() < 8192) throw std::runtime_error("the region file is shorter than its header");
    for (std::uint32_t i = 0; i < 1024; ++i) {
        const std::uint32_t loc = be32(i * 4);
        if (loc == 0) continue;
        const std::size_t start = std::size_t{loc >> 8} * 4096;
        if (start + 5 > file.size()) throw std::runtime_error("a chunk points past the end of the file");
        const std::uint32_t length = be32(start);
        if (length < 1 || start + 4 + length > file.size()) throw std::runtime_error("a chunk runs past the end");
        out.push_back({ChunkPos{static_cast<std::int32_t>(i & 31), static_cast<std::int32_t>(i >> 5)},
                       std::span<const std::uint8_t>(file.data() + start + 5, length - 1)});
    }
    return out;
}

// The region and what it holds, read as `suite` (for messages) from the arguments.
struct Fixture {
    double seconds = 1.0;
    std::vector<std::uint8_t> file;
    std::vector<StoredChunk> all;
    std::vector<StoredChunk> full;  // the chunks the server loads (fully generated ones)
};

// Reads the arguments and the region; a non-zero exit code on failure (the reason printed).
int load_fixture(const char* suite, const std::vector<std::string>& args, const BlockRegistry& blocks, Fixture& f) {
    std::filesystem::path region =
        std::filesystem::path(MOBSDK_SOURCE_DIR) /
        "tests/interop/node_modules/prismarine-provider-anvil/test/fixtures/1.19.4/r.0.0.mca";
    try {
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (args[i] == "--seconds" && i + 1 < args.size()) f.seconds = std::stod(args[++i]);
            else if (args[i] == "--region" && i + 1 < args.size()) region = args[++i];
            else throw std::invalid_argument("unknown argument '" + args[i] + "'");
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "mobbench %s: %s\nusage: mobbench %s [--seconds S] [--region FILE.mca]\n", suite, e.what(),
                     suite);
        return 2;
    }
    std::ifstream in(region, std::ios::binary);
    if (!in) {
        std::fprintf(stderr,
                     "mobbench %s: cannot read %s (the fixture comes with tests/interop's npm packages: "
                     "tools/run-tests installs them)\n",
                     suite, region.string().c_str());
        return 1;
    }
    f.file.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    try {
        f.all = chunks_of(f.file);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "mobbench %s: %s: %s\n", suite, region.string().c_str(), e.what());
        return 1;
    }
    for (const StoredChunk& c : f.all) {
        auto nbt = nbt::read_any(c.payload);
        if (nbt && nbt->root.tag.is<nbt::Compound>() && read_chunk_nbt(nbt->root.tag.as_compound(), c.pos, blocks))
            f.full.push_back(c);
    }
    progress(std::string(suite) + ": " + region.string() + ": " + std::to_string(f.all.size()) + " chunks, " +
             std::to_string(f.full.size()) + " fully generated");
    if (f.full.empty()) {
        std::fprintf(stderr, "mobbench %s: no chunk of %s reads\n", suite, region.string().c_str());
        return 1;
    }
    return 0;
}

// Runs `pass` (one pass over `count` items) for at least `seconds` of thread CPU time after a
// warm-up; returns items per second.
template <typename Pass>
double items_per_second(std::size_t count, double seconds, Pass&& pass) {
    pass();
    std::size_t passes = 0;
    const double start = thread_cpu_seconds();
    double elapsed = 0;
    while (elapsed < seconds || passes == 0) {
        pass();
        ++passes;
        elapsed = thread_cpu_seconds() - start;
    }
    return static_cast<double>(passes * count) / elapsed;
}

const BlockRegistry& fixture_blocks() {
    static const std::unique_ptr<BlockRegistry> blocks = [] {
        auto b = std::make_unique<BlockRegistry>();
        register_vanilla_blocks(*b);
        register_unknown_block(*b);
        b->freeze();
        return b;
    }();
    return *blocks;
}

}  // namespace

int run_chunk(const std::vector<std::string>& args) {
    const BlockRegistry& blocks = fixture_blocks();
    Fixture f;
    if (int rc = load_fixture("chunk", args, blocks, f)) return rc;
    const double seconds = f.seconds;
    const std::vector<StoredChunk>& all = f.all;
    const std::vector<StoredChunk>& full = f.full;

    auto per_second = [&](const std::vector<StoredChunk>& set, bool to_chunk) {
        std::size_t sink = 0;
        auto pass = [&] {
            for (const StoredChunk& c : set) {
                auto nbt = nbt::read_any(c.payload);
                if (!nbt) continue;
                if (!to_chunk) {
                    sink += nbt->root.tag.as_compound().size();
                    continue;
                }
                auto chunk = read_chunk_nbt(nbt->root.tag.as_compound(), c.pos, blocks);
                sink += chunk.has_value() ? 1 : 0;
            }
        };
        const double rate = items_per_second(set.size(), seconds, pass);
        if (sink == 0) progress("chunk: nothing decoded");
        return rate;
    };
    emit({"chunk", "vanilla_1.19.4", "mobsdk", "inflate_nbt_chunks_per_s", per_second(all, false), "chunks/s"});
    emit({"chunk", "vanilla_1.19.4_full", "mobsdk", "inflate_nbt_chunks_per_s", per_second(full, false), "chunks/s"});
    emit({"chunk", "vanilla_1.19.4_full", "mobsdk", "chunks_per_s", per_second(full, true), "chunks/s"});
    return 0;
}

int run_chunk_packets(const std::vector<std::string>& args) {
    const BlockRegistry& blocks = fixture_blocks();
    Fixture f;
    if (int rc = load_fixture("chunk-packets", args, blocks, f)) return rc;
    std::vector<std::unique_ptr<LevelChunk>> chunks;
    for (const StoredChunk& c : f.full) {
        auto nbt = nbt::read_any(c.payload);
        auto chunk = read_chunk_nbt(nbt->root.tag.as_compound(), c.pos, blocks);
        if (chunk) chunks.push_back(std::move(*chunk));
    }
    ChunkPacketEncoder encoder(registry_entry_id("minecraft:worldgen/biome", "minecraft:plains").value_or(0),
                               static_cast<std::int32_t>(registry_entry_count("minecraft:worldgen/biome")));
    std::size_t bytes = 0;
    std::size_t wire = 0;
    const double encoded = items_per_second(chunks.size(), f.seconds, [&] {
        for (const auto& c : chunks) bytes += encoder.encode(*c).size();
    });
    const double framed = items_per_second(chunks.size(), f.seconds, [&] {
        for (const auto& c : chunks) wire += frame_game_packet(encoder.encode(*c), 256).size();
    });
    progress("chunk-packets: " + std::to_string(chunks.size()) + " chunks");
    emit({"chunk-packets", "vanilla_1.19.4_full", "mobsdk", "encode_chunks_per_s", encoded, "chunks/s"});
    emit({"chunk-packets", "vanilla_1.19.4_full", "mobsdk", "encode_compress_chunks_per_s", framed, "chunks/s"});
    return bytes > 0 && wire > 0 ? 0 : 1;
}

}  // namespace mobbench
