// libFuzzer target: the Anvil region reader. The input's first 64 bytes become the location
// entries of chunks 0–15 and the rest the file's sectors after the 8 KiB header, so short inputs
// reach the chunk reader. Every chunk either reads or returns an error; one that reads must
// write back and read again equal.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "mobserver/storage/region_file.hpp"

using namespace mobsdk::server;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("mobsdk_fuzz_region_" + std::to_string(::getpid()) + ".mca");
    std::vector<char> file(8192, 0);
    const std::size_t head = size < 64 ? size : 64;
    std::memcpy(file.data(), data, head);
    file.insert(file.end(), data + head, data + size);
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(file.data(), static_cast<std::streamsize>(file.size()));
    }
    auto region = RegionFile::open(path, false);
    if (!region.has_value()) return 0;
    for (int z = 0; z < 32; ++z)
        for (int x = 0; x < 32; ++x) {
            auto chunk = region->read(x, z);
            if (!chunk.has_value() || !chunk->has_value()) continue;
            if (!region->write(x, z, **chunk, 1).has_value()) __builtin_trap();
            auto again = region->read(x, z);
            if (!again.has_value() || !again->has_value() || !(**again == **chunk)) __builtin_trap();
        }
    return 0;
}
