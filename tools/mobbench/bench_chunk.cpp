// mobbench chunk: reading a real region file written by vanilla 1.19.4 (the prismarine-provider-anvil
// fixture of tests/interop, 529 chunks of which 144 are fully generated): chunks per second for
// inflate + NBT decode of every chunk and of the full ones, and for inflate + NBT decode +
// read_chunk_nbt (the server's LevelChunk, unknown states kept) of the full ones. The file is read into memory once;
// one core.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench.hpp"
#include "mobsdk/nbt/io.hpp"
#include "mobsdk/world/block.hpp"
#include "mobsdk/world/unknown_block.hpp"
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

}  // namespace

int run_chunk(const std::vector<std::string>& args) {
    double seconds = 1.0;
    std::filesystem::path region =
        std::filesystem::path(MOBSDK_SOURCE_DIR) /
        "tests/interop/node_modules/prismarine-provider-anvil/test/fixtures/1.19.4/r.0.0.mca";
    try {
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (args[i] == "--seconds" && i + 1 < args.size()) seconds = std::stod(args[++i]);
            else if (args[i] == "--region" && i + 1 < args.size()) region = args[++i];
            else throw std::invalid_argument("unknown argument '" + args[i] + "'");
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "mobbench chunk: %s\nusage: mobbench chunk [--seconds S] [--region FILE.mca]\n", e.what());
        return 2;
    }
    std::ifstream in(region, std::ios::binary);
    if (!in) {
        std::fprintf(stderr,
                     "mobbench chunk: cannot read %s (the fixture comes with tests/interop's npm packages: "
                     "tools/run-tests installs them)\n",
                     region.string().c_str());
        return 1;
    }
    const std::vector<std::uint8_t> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<StoredChunk> all;
    try {
        all = chunks_of(file);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "mobbench chunk: %s: %s\n", region.string().c_str(), e.what());
        return 1;
    }
    BlockRegistry blocks;
    register_vanilla_blocks(blocks);
    register_unknown_block(blocks);
    blocks.freeze();

    // The chunks the server loads (fully generated ones).
    std::vector<StoredChunk> full;
    for (const StoredChunk& c : all) {
        auto nbt = nbt::read_any(c.payload);
        if (nbt && nbt->root.tag.is<nbt::Compound>() && read_chunk_nbt(nbt->root.tag.as_compound(), c.pos, blocks))
            full.push_back(c);
    }
    progress("chunk: " + region.string() + ": " + std::to_string(all.size()) + " chunks, " +
             std::to_string(full.size()) + " fully generated");
    if (full.empty()) {
        std::fprintf(stderr, "mobbench chunk: no chunk of %s reads\n", region.string().c_str());
        return 1;
    }

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
        pass();  // warm-up
        std::size_t passes = 0;
        const double start = thread_cpu_seconds();
        double elapsed = 0;
        while (elapsed < seconds || passes == 0) {
            pass();
            ++passes;
            elapsed = thread_cpu_seconds() - start;
        }
        if (sink == 0) progress("chunk: nothing decoded");
        return static_cast<double>(passes * set.size()) / elapsed;
    };
    emit({"chunk", "vanilla_1.19.4", "mobsdk", "inflate_nbt_chunks_per_s", per_second(all, false), "chunks/s"});
    emit({"chunk", "vanilla_1.19.4_full", "mobsdk", "inflate_nbt_chunks_per_s", per_second(full, false), "chunks/s"});
    emit({"chunk", "vanilla_1.19.4_full", "mobsdk", "chunks_per_s", per_second(full, true), "chunks/s"});
    return 0;
}

}  // namespace mobbench
