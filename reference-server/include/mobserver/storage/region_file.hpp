// Vanilla's Anvil region file (`r.X.Z.mca`): 32×32 chunks of compressed NBT in 4 KiB sectors behind
// an 8 KiB header. Reads every corruption back as an error value; writes so that a crash at any
// point leaves either the old or the new version of a chunk readable, never a torn one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/tag.hpp"

namespace mobsdk::server {

/// @brief What is wrong with a region file or one of its chunks, and where.
struct RegionError {
    std::string file;     ///< the region file's name, e.g. `r.0.-1.mca`
    int x = -1;           ///< local chunk x (0-31), -1 for a problem of the whole file
    int z = -1;           ///< local chunk z (0-31), -1 for a problem of the whole file
    std::string message;  ///< what is wrong
    /// @brief True when the bytes could not be reached (an I/O or permission error: open, read or
    /// write failed) rather than being damaged; such a chunk must not be treated as absent.
    bool io = false;
    /// @brief One line: "r.0.0.mca chunk [3, 7]: sectors 40-42 lie past the end of the file (41 sectors)".
    std::string describe() const;
};

/// @brief A chunk's position inside its region (both 0-31).
struct RegionChunkPos {
    int x = 0;  ///< local chunk x
    int z = 0;  ///< local chunk z
    friend bool operator==(const RegionChunkPos&, const RegionChunkPos&) = default;
};

/// @brief A 64-bit fingerprint of a chunk's uncompressed NBT bytes (FNV-1a with the length mixed
/// in): WorldStorage compares it to skip writing a chunk whose encoding has not changed.
std::uint64_t nbt_fingerprint(std::span<const std::uint8_t> bytes) noexcept;

/// @brief Limits applied while reading a region file.
struct RegionReadOptions {
    /// @brief Budget for one chunk's decompressed NBT (bytes, also bounding the tree as NbtAccounter
    /// counts it). Vanilla reads chunks unbounded; 64 MiB is far above any real chunk.
    std::size_t max_chunk_nbt_bytes = 64u * 1024 * 1024;
};

/// @brief An open region file. Chunk coordinates may be local (0-31) or absolute chunk coordinates:
/// both are masked with `& 31`, as vanilla does, and errors report the local pair.
class RegionFile {
public:
    /// @brief Bytes per sector.
    static constexpr std::size_t sector_bytes = 4096;
    /// @brief Sectors taken by the header (locations, then timestamps).
    static constexpr std::uint32_t header_sectors = 2;
    /// @brief Most sectors one chunk may occupy in the file (the count is one byte); vanilla moves
    /// larger chunks to an external `.mcc` file, which this class does not support.
    static constexpr std::uint32_t max_chunk_sectors = 255;
    /// @brief Compression ids of the chunk header byte.
    static constexpr std::uint8_t compression_gzip = 1, compression_zlib = 2, compression_none = 3;
    /// @brief Flag bit in the compression byte: the payload lives in `c.X.Z.mcc`.
    static constexpr std::uint8_t external_flag = 0x80;

    /// @brief Opens `path` for reading and writing; with `create` a missing file is created with an
    /// empty header. Fails on I/O errors and on a file shorter than the 8 KiB header; problems of
    /// single chunks are reported when those chunks are read.
    static Result<RegionFile, RegionError> open(const std::filesystem::path& path, bool create,
                                                RegionReadOptions options = {});

    RegionFile(RegionFile&& other) noexcept;
    RegionFile& operator=(RegionFile&& other) noexcept;
    RegionFile(const RegionFile&) = delete;
    RegionFile& operator=(const RegionFile&) = delete;
    ~RegionFile();

    /// @brief The chunk's root compound, nullopt when the chunk is absent, or what is wrong with it
    /// (`io` set when it could not be read at all). When the chunk is read and `fingerprint` is
    /// given, it receives nbt_fingerprint() of the uncompressed NBT bytes.
    Result<std::optional<nbt::Compound>, RegionError> read(int x, int z, std::uint64_t* fingerprint = nullptr);

    /// @brief Stores the chunk (zlib, type 2) crash-safely: the data goes to free sectors, is synced,
    /// then the header entry is switched to it and synced; only then are the old sectors freed.
    Result<void, RegionError> write(int x, int z, const nbt::Compound& chunk, std::int32_t timestamp);

    /// @brief Removes the chunk (clears its header entry, synced) and frees its sectors.
    Result<void, RegionError> remove(int x, int z);

    /// @brief Chunks whose header entry is set, valid or not, in header order.
    std::vector<RegionChunkPos> chunks() const;

    /// @brief True when the chunk's header entry is set.
    bool contains(int x, int z) const noexcept;

    /// @brief The timestamp stored for the chunk (seconds since the epoch in vanilla), 0 if absent.
    std::int32_t timestamp(int x, int z) const noexcept;

    /// @brief Sectors the file spans, header included.
    std::uint32_t sector_count() const noexcept { return static_cast<std::uint32_t>(used_.size()); }

    /// @brief Sectors not used by any chunk or pending write (reused first fit).
    std::uint32_t free_sector_count() const noexcept;

    /// @brief The first sector and count of a chunk's data, or {0, 0} when absent.
    std::pair<std::uint32_t, std::uint32_t> sectors_of(int x, int z) const noexcept;

    /// @brief A chunk whose data is on disk and synced but not yet in the header (write()'s first phase).
    struct PendingWrite {
        int index = -1;              ///< header index, (x & 31) + (z & 31) * 32
        std::uint32_t sector = 0;    ///< first sector of the new data
        std::uint32_t count = 0;     ///< sectors of the new data
        std::int32_t timestamp = 0;  ///< timestamp to store
    };

    /// @brief First phase of write(): encodes and writes the chunk into free sectors and syncs them
    /// (unless `sync` is false: a caller staging many chunks then calls sync() once).
    /// Until commit(), the header still names the old version; exposed so tests can stop here.
    /// A staged write that is never committed keeps its sectors reserved until the file is reopened.
    Result<PendingWrite, RegionError> stage_write(int x, int z, const nbt::Compound& chunk, std::int32_t timestamp,
                                                  bool sync = true);

    /// @brief stage_write() for a payload already encoded and zlib-compressed (what follows the
    /// compression byte).
    Result<PendingWrite, RegionError> stage_payload(int x, int z, std::span<const std::uint8_t> zlib_payload,
                                                    std::int32_t timestamp, bool sync = true);

    /// @brief Gives back the sectors of a staged write that will not be committed (a failed save).
    /// A write whose location is already in the header is left alone.
    void release(const PendingWrite& pending);

    /// @brief Truncates the file back to `bytes` (its size before a failed save) when no chunk or
    /// pending write uses a sector at or past that point; returns false when it could not.
    bool shrink_to(std::uint64_t bytes);

    /// @brief Sectors a chunk of `payload_bytes` compressed bytes takes (with its 5-byte header).
    static constexpr std::size_t sectors_for(std::size_t payload_bytes) noexcept {
        return (5 + payload_bytes + sector_bytes - 1) / sector_bytes;
    }

    /// @brief The file's size in bytes (the last sector may be partial).
    std::uint64_t file_bytes() const noexcept { return file_bytes_; }

    /// @brief Second phase: writes the timestamp, then the 4-byte location entry, syncs, frees the old sectors.
    Result<void, RegionError> commit(const PendingWrite& pending);

    /// @brief Sets one raw header entry (`location` = sector << 8 | count, 0 to remove) without
    /// syncing: the journal's commit and replay. Idempotent, so a journal replayed twice is harmless.
    /// The new sectors must lie past the header and inside the file; they are marked used and the
    /// old entry's sectors (when it was valid and differs) are freed.
    Result<void, RegionError> set_header_entry(int index, std::uint32_t location, std::int32_t timestamp);

    /// @brief fsync of the file (after stage_write(…, false) or set_header_entry).
    Result<void, RegionError> sync();

    /// @brief The raw bytes of a chunk's sectors as they are on disk (length, compression byte,
    /// payload and the sector padding), cut at the end of the file; empty when the chunk is absent
    /// or its location points into the header. Used to copy a corrupt chunk aside before it is
    /// replaced.
    Result<std::vector<std::uint8_t>, RegionError> read_raw(int x, int z);

    /// @brief The raw header entry of a chunk (sector << 8 | count; 0 when absent).
    std::uint32_t location(int x, int z) const noexcept;

    /// @brief The file's name, e.g. `r.0.-1.mca`.
    const std::string& name() const noexcept { return name_; }

private:
    RegionFile(int fd, std::string name, RegionReadOptions options);

    RegionError error(int index, std::string message) const;
    RegionError io_error(int index, const char* what) const;
    void scan_header();
    std::optional<std::uint32_t> allocate(std::uint32_t count);
    void mark(std::uint32_t sector, std::uint32_t count, bool used);
    Result<void, RegionError> write_header_entry(int index, std::uint32_t location, std::int32_t timestamp);

    int fd_ = -1;
    std::string name_;
    RegionReadOptions options_;
    std::uint64_t file_bytes_ = 0;          // real size; the last sector may be partial
    std::vector<std::uint32_t> locations_;  // 1024 raw entries: sector << 8 | count
    std::vector<std::int32_t> timestamps_;  // 1024
    std::vector<std::string> problems_;     // per index: why the entry is unusable, "" if fine
    std::vector<bool> used_;                // per sector of the file
};

}  // namespace mobsdk::server
