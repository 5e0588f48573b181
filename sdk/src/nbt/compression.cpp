#include "mobsdk/nbt/compression.hpp"

#include <zlib.h>

#include <algorithm>
#include <limits>
#include <new>

namespace mobsdk::nbt {

std::string_view compression_name(Compression c) noexcept {
    switch (c) {
        case Compression::None: return "none";
        case Compression::Gzip: return "gzip";
        case Compression::Zlib: return "zlib";
    }
    return "unknown";
}

Compression detect_compression(std::span<const std::uint8_t> data) noexcept {
    if (data.size() >= 2 && data[0] == 0x1F && data[1] == 0x8B) return Compression::Gzip;
    // zlib: CM = 8 (deflate), window ≤ 32K, and the header check (CMF*256 + FLG) % 31 == 0.
    if (data.size() >= 2 && (data[0] & 0x0F) == 8 && (data[0] >> 4) <= 7 && ((data[0] << 8) | data[1]) % 31 == 0)
        return Compression::Zlib;
    return Compression::None;
}

namespace {

Unexpected<CompressionError> fail(std::size_t offset, std::string msg) {
    return unexpected(CompressionError{offset, std::move(msg)});
}

}  // namespace

Result<std::vector<std::uint8_t>, CompressionError> decompress(std::span<const std::uint8_t> data, Compression method,
                                                               std::size_t max_output) {
    if (method == Compression::None) {
        if (data.size() > max_output)
            return fail(0, "data of " + std::to_string(data.size()) + " bytes exceeds the limit of " +
                               std::to_string(max_output) + " bytes");
        return std::vector<std::uint8_t>(data.begin(), data.end());
    }
    z_stream zs{};
    const int window = method == Compression::Gzip ? 15 + 16 : 15;
    if (inflateInit2(&zs, window) != Z_OK) return fail(0, "zlib could not start inflating");
    struct Guard {
        z_stream* s;
        ~Guard() { inflateEnd(s); }
    } guard{&zs};

    std::vector<std::uint8_t> out;
    std::size_t cap = std::min<std::size_t>(max_output, std::max<std::size_t>(data.size() * 4, 4096));
    out.resize(cap);
    std::size_t in_pos = 0;
    std::size_t produced = 0;
    constexpr std::size_t kChunk = std::numeric_limits<uInt>::max();
    for (;;) {
        if (produced == out.size()) {
            if (out.size() >= max_output)
                return fail(in_pos, "decompressed data exceeds the limit of " + std::to_string(max_output) + " bytes");
            out.resize(std::min<std::size_t>(max_output, out.size() * 2));
        }
        zs.next_in = const_cast<Bytef*>(data.data() + in_pos);
        zs.avail_in = static_cast<uInt>(std::min(kChunk, data.size() - in_pos));
        zs.next_out = out.data() + produced;
        zs.avail_out = static_cast<uInt>(std::min(kChunk, out.size() - produced));
        const uInt avail_in_before = zs.avail_in;
        const uInt avail_out_before = zs.avail_out;
        const int rc = inflate(&zs, Z_NO_FLUSH);
        in_pos += avail_in_before - zs.avail_in;
        produced += avail_out_before - zs.avail_out;
        if (rc == Z_STREAM_END) {
            // A gzip file may hold several members back to back, as GZIPInputStream reads them.
            if (method == Compression::Gzip && data.size() - in_pos >= 2 && data[in_pos] == 0x1F &&
                data[in_pos + 1] == 0x8B) {
                inflateReset(&zs);
                continue;
            }
            if (in_pos != data.size())
                return fail(in_pos, std::to_string(data.size() - in_pos) + " unexpected bytes after the end of the " +
                                        std::string(compression_name(method)) + " stream");
            out.resize(produced);
            return out;
        }
        if (rc == Z_BUF_ERROR && zs.avail_in == 0 && in_pos == data.size() && produced < out.size())
            return fail(in_pos, "truncated " + std::string(compression_name(method)) +
                                    " stream (input ended before the end marker)");
        if (rc != Z_OK && rc != Z_BUF_ERROR)
            return fail(in_pos, "corrupt " + std::string(compression_name(method)) +
                                    " stream: " + (zs.msg ? zs.msg : "zlib error " + std::to_string(rc)));
    }
}

std::vector<std::uint8_t> compress(std::span<const std::uint8_t> data, Compression method, int level) {
    if (method == Compression::None) return std::vector<std::uint8_t>(data.begin(), data.end());
    z_stream zs{};
    const int window = method == Compression::Gzip ? 15 + 16 : 15;
    // Failure here means bad arguments or no memory: both are broken invariants, not bad input.
    if (deflateInit2(&zs, level, Z_DEFLATED, window, 8, Z_DEFAULT_STRATEGY) != Z_OK) throw std::bad_alloc();
    struct Guard {
        z_stream* s;
        ~Guard() { deflateEnd(s); }
    } guard{&zs};
    // zlib counts in uInt (32 bits): feed inputs and outputs of 4 GiB or more in pieces.
    constexpr std::size_t kChunk = std::numeric_limits<uInt>::max();
    std::vector<std::uint8_t> out(deflateBound(&zs, static_cast<uLong>(data.size())) + 32);
    std::size_t in_pos = 0;
    std::size_t produced = 0;
    for (;;) {
        if (produced == out.size()) out.resize(out.size() * 2);
        zs.next_in = const_cast<Bytef*>(data.data() + in_pos);
        zs.avail_in = static_cast<uInt>(std::min(kChunk, data.size() - in_pos));
        zs.next_out = out.data() + produced;
        zs.avail_out = static_cast<uInt>(std::min(kChunk, out.size() - produced));
        const uInt avail_in_before = zs.avail_in;
        const uInt avail_out_before = zs.avail_out;
        const bool last = data.size() - in_pos == zs.avail_in;
        const int rc = deflate(&zs, last ? Z_FINISH : Z_NO_FLUSH);
        in_pos += avail_in_before - zs.avail_in;
        produced += avail_out_before - zs.avail_out;
        if (rc == Z_STREAM_END) break;
        if (rc != Z_OK && rc != Z_BUF_ERROR) throw std::bad_alloc();
    }
    out.resize(produced);
    return out;
}

}  // namespace mobsdk::nbt
