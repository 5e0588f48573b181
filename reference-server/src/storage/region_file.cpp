// The Anvil region file: header scan into a sector bitmap, validated chunk reads, and two-phase
// (data, then header entry) chunk writes with fsync between them.
#include "mobserver/storage/region_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>

#include "mobsdk/nbt/compression.hpp"
#include "mobsdk/nbt/io.hpp"

namespace mobsdk::server {

namespace {

constexpr int chunk_count = 1024;
constexpr std::size_t header_bytes = RegionFile::sector_bytes * RegionFile::header_sectors;

int index_of(int x, int z) noexcept { return (x & 31) + (z & 31) * 32; }

std::uint32_t read_be32(const std::uint8_t* p) noexcept {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | std::uint32_t{p[3]};
}

void write_be32(std::uint8_t* p, std::uint32_t v) noexcept {
    p[0] = static_cast<std::uint8_t>(v >> 24);
    p[1] = static_cast<std::uint8_t>(v >> 16);
    p[2] = static_cast<std::uint8_t>(v >> 8);
    p[3] = static_cast<std::uint8_t>(v);
}

/// Reads up to `n` bytes at `offset`; returns how many were read (short only at end of file) or -1.
ssize_t pread_all(int fd, std::uint8_t* buf, std::size_t n, std::uint64_t offset) {
    std::size_t done = 0;
    while (done < n) {
        ssize_t r = ::pread(fd, buf + done, n - done, static_cast<off_t>(offset + done));
        if (r < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (r == 0) break;
        done += static_cast<std::size_t>(r);
    }
    return static_cast<ssize_t>(done);
}

bool pwrite_all(int fd, const std::uint8_t* buf, std::size_t n, std::uint64_t offset) {
    std::size_t done = 0;
    while (done < n) {
        ssize_t r = ::pwrite(fd, buf + done, n - done, static_cast<off_t>(offset + done));
        if (r < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        done += static_cast<std::size_t>(r);
    }
    return true;
}

/// "sector 5" or "sectors 5-7".
std::string sector_range(std::uint32_t first, std::uint32_t count) {
    if (count == 1) return "sector " + std::to_string(first);
    return "sectors " + std::to_string(first) + "-" + std::to_string(first + count - 1);
}

std::string chunk_name(int index) { return "[" + std::to_string(index & 31) + ", " + std::to_string(index >> 5) + "]"; }

}  // namespace

std::uint64_t nbt_fingerprint(std::span<const std::uint8_t> bytes) noexcept {
    std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a 64
    for (const std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ull;
    // The length mixed in as well: a cheap second check against a collision.
    for (int i = 0; i < 8; ++i) h = (h ^ ((bytes.size() >> (8 * i)) & 0xFF)) * 0x100000001b3ull;
    return h;
}

std::string RegionError::describe() const {
    std::string out = file.empty() ? std::string("region") : file;
    if (x >= 0) out += " chunk [" + std::to_string(x) + ", " + std::to_string(z) + "]";
    out += ": ";
    out += message;
    return out;
}

RegionFile::RegionFile(int fd, std::string name, RegionReadOptions options)
    : fd_(fd), name_(std::move(name)), options_(options) {}

RegionFile::RegionFile(RegionFile&& other) noexcept
    : fd_(other.fd_),
      name_(std::move(other.name_)),
      options_(other.options_),
      file_bytes_(other.file_bytes_),
      locations_(std::move(other.locations_)),
      timestamps_(std::move(other.timestamps_)),
      problems_(std::move(other.problems_)),
      used_(std::move(other.used_)) {
    other.fd_ = -1;
}

RegionFile& RegionFile::operator=(RegionFile&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        other.fd_ = -1;
        name_ = std::move(other.name_);
        options_ = other.options_;
        file_bytes_ = other.file_bytes_;
        locations_ = std::move(other.locations_);
        timestamps_ = std::move(other.timestamps_);
        problems_ = std::move(other.problems_);
        used_ = std::move(other.used_);
    }
    return *this;
}

RegionFile::~RegionFile() {
    if (fd_ >= 0) ::close(fd_);
}

RegionError RegionFile::error(int index, std::string message) const {
    RegionError e;
    e.file = name_;
    if (index >= 0) {
        e.x = index & 31;
        e.z = index >> 5;
    }
    e.message = std::move(message);
    return e;
}

RegionError RegionFile::io_error(int index, const char* what) const {
    RegionError e = error(index, std::string(what) + ": " + std::strerror(errno));
    e.io = true;
    return e;
}

Result<RegionFile, RegionError> RegionFile::open(const std::filesystem::path& path, bool create,
                                                 RegionReadOptions options) {
    const std::string name = path.filename().string();
    auto fail = [&](std::string message, bool io = true) {
        return unexpected(RegionError{name, -1, -1, std::move(message), io});
    };
    bool created = false;
    int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT && create) {
        fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC | O_CREAT | O_EXCL, 0644);
        created = fd >= 0;
    }
    if (fd < 0) return fail(std::string("cannot open: ") + std::strerror(errno));
    RegionFile file(fd, name, options);  // owns fd from here on, closing it on every error path

    struct stat st {};
    if (::fstat(fd, &st) != 0) return fail(std::string("cannot stat: ") + std::strerror(errno));
    file.file_bytes_ = static_cast<std::uint64_t>(st.st_size);

    if (file.file_bytes_ == 0 && (created || create)) {
        // A new region: an all-zero header, synced together with the folder entry so that a crash
        // cannot leave a file name without its header.
        std::vector<std::uint8_t> zeros(header_bytes, 0);
        if (!pwrite_all(fd, zeros.data(), zeros.size(), 0) || ::fsync(fd) != 0) {
            const int saved = errno;
            // A file we just created holds nothing: remove it rather than leave a short file that
            // a later open would take for a damaged one (a full disk does this).
            if (created) ::unlink(path.c_str());
            return fail(std::string("cannot write the header: ") + std::strerror(saved));
        }
        if (created) {
            const auto parent = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
            int dir = ::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            if (dir >= 0) {
                ::fsync(dir);
                ::close(dir);
            }
        }
        file.file_bytes_ = header_bytes;
    }
    if (file.file_bytes_ < header_bytes)
        return fail("truncated header: the file has " + std::to_string(file.file_bytes_) + " bytes, the header needs " +
                        std::to_string(header_bytes),
                    false);

    std::vector<std::uint8_t> header(header_bytes);
    ssize_t got = pread_all(fd, header.data(), header.size(), 0);
    if (got < 0) return fail(std::string("cannot read the header: ") + std::strerror(errno));
    if (static_cast<std::size_t>(got) < header_bytes)
        return fail("truncated header: read " + std::to_string(got) + " of " + std::to_string(header_bytes) + " bytes",
                    false);

    file.locations_.resize(chunk_count);
    file.timestamps_.resize(chunk_count);
    for (int i = 0; i < chunk_count; ++i) {
        file.locations_[static_cast<std::size_t>(i)] = read_be32(header.data() + i * 4);
        file.timestamps_[static_cast<std::size_t>(i)] =
            static_cast<std::int32_t>(read_be32(header.data() + sector_bytes + i * 4));
    }
    file.scan_header();
    return file;
}

void RegionFile::scan_header() {
    // A partial last sector still counts: vanilla pads files to whole sectors only when it closes them.
    const auto file_sectors = static_cast<std::uint32_t>((file_bytes_ + sector_bytes - 1) / sector_bytes);
    used_.assign(file_sectors, false);
    mark(0, header_sectors, true);
    problems_.assign(chunk_count, std::string());
    std::vector<int> owner(file_sectors, -1);

    for (int i = 0; i < chunk_count; ++i) {
        const std::uint32_t loc = locations_[static_cast<std::size_t>(i)];
        if (loc == 0) continue;
        const std::uint32_t first = loc >> 8;
        const std::uint32_t count = loc & 0xFF;
        auto& problem = problems_[static_cast<std::size_t>(i)];
        if (first < header_sectors) {
            problem = "location points into the header (sector " + std::to_string(first) + ")";
            continue;
        }
        if (count == 0) {
            problem = "sector count is 0 (at sector " + std::to_string(first) + ")";
            continue;
        }
        if (std::uint64_t{first} + count > file_sectors) {
            problem = "data (" + sector_range(first, count) + ") lies past the end of the file (" +
                      std::to_string(file_sectors) + " sectors)";
            continue;
        }
        for (std::uint32_t s = first; s < first + count; ++s) {
            const int other = owner[s];
            if (other >= 0 && problem.empty()) {
                // Either of the two may be the damaged one; neither is trusted, and both keep their
                // sectors reserved so that no write lands on data someone might still recover.
                problem = "data (" + sector_range(first, count) + ") overlaps chunk " + chunk_name(other);
                auto& other_problem = problems_[static_cast<std::size_t>(other)];
                if (other_problem.empty()) other_problem = "data overlaps chunk " + chunk_name(i);
            }
            owner[s] = i;
            used_[s] = true;
        }
    }
}

void RegionFile::mark(std::uint32_t sector, std::uint32_t count, bool used) {
    if (sector + count > used_.size()) used_.resize(sector + count, false);
    for (std::uint32_t s = sector; s < sector + count; ++s) used_[s] = used;
}

std::optional<std::uint32_t> RegionFile::allocate(std::uint32_t count) {
    // First fit; a free run that reaches the end of the file may be extended past it.
    const auto size = static_cast<std::uint32_t>(used_.size());
    std::uint32_t run_start = 0;
    std::uint32_t run = 0;
    for (std::uint32_t s = header_sectors; s < size; ++s) {
        if (used_[s]) {
            run = 0;
            continue;
        }
        if (run == 0) run_start = s;
        if (++run == count) {
            mark(run_start, count, true);
            return run_start;
        }
    }
    const std::uint32_t start = run > 0 ? run_start : size;
    if (std::uint64_t{start} + count > 0xFFFFFFu) return std::nullopt;  // offsets are 3 bytes
    mark(start, count, true);
    return start;
}

std::uint32_t RegionFile::free_sector_count() const noexcept {
    std::uint32_t n = 0;
    for (bool u : used_) n += u ? 0 : 1;
    return n;
}

bool RegionFile::contains(int x, int z) const noexcept {
    return locations_[static_cast<std::size_t>(index_of(x, z))] != 0;
}

std::int32_t RegionFile::timestamp(int x, int z) const noexcept {
    return contains(x, z) ? timestamps_[static_cast<std::size_t>(index_of(x, z))] : 0;
}

std::pair<std::uint32_t, std::uint32_t> RegionFile::sectors_of(int x, int z) const noexcept {
    const std::uint32_t loc = locations_[static_cast<std::size_t>(index_of(x, z))];
    return {loc >> 8, loc & 0xFF};
}

std::vector<RegionChunkPos> RegionFile::chunks() const {
    std::vector<RegionChunkPos> out;
    for (int i = 0; i < chunk_count; ++i)
        if (locations_[static_cast<std::size_t>(i)] != 0) out.push_back({i & 31, i >> 5});
    return out;
}

Result<std::optional<nbt::Compound>, RegionError> RegionFile::read(int x, int z, std::uint64_t* fingerprint) {
    const int index = index_of(x, z);
    const std::uint32_t loc = locations_[static_cast<std::size_t>(index)];
    if (loc == 0) return std::optional<nbt::Compound>{};
    if (const auto& problem = problems_[static_cast<std::size_t>(index)]; !problem.empty())
        return unexpected(error(index, problem));

    const std::uint32_t first = loc >> 8;
    const std::uint32_t count = loc & 0xFF;
    const std::uint64_t offset = std::uint64_t{first} * sector_bytes;
    const std::size_t span_bytes = std::size_t{count} * sector_bytes;
    std::vector<std::uint8_t> buf(span_bytes);
    const ssize_t got = pread_all(fd_, buf.data(), buf.size(), offset);
    if (got < 0) return unexpected(io_error(index, "cannot read the chunk"));
    const auto available = static_cast<std::size_t>(got);
    if (available < 5)
        return unexpected(error(index, "truncated chunk header: " + std::to_string(available) + " bytes at sector " +
                                           std::to_string(first)));

    const std::uint32_t length = read_be32(buf.data());
    if (length == 0) return unexpected(error(index, "chunk length is 0"));
    if (std::uint64_t{length} > span_bytes - 4)
        return unexpected(error(index, "length " + std::to_string(length) + " exceeds its " + std::to_string(count) +
                                           " sectors (at most " + std::to_string(span_bytes - 4) + ")"));
    if (std::uint64_t{length} + 4 > available)
        return unexpected(error(index, "length " + std::to_string(length) + " runs past the end of the file"));

    const std::uint8_t type = buf[4];
    if (type & external_flag)
        return unexpected(error(index, "stored in an external .mcc file (compression byte " + std::to_string(type) +
                                           "), which is not supported"));
    nbt::Compression method;
    switch (type) {
        case compression_gzip: method = nbt::Compression::Gzip; break;
        case compression_zlib: method = nbt::Compression::Zlib; break;
        case compression_none: method = nbt::Compression::None; break;
        case 4: return unexpected(error(index, "LZ4 compression (type 4, Minecraft 1.20.5+) is not supported"));
        default: return unexpected(error(index, "unknown compression type " + std::to_string(type)));
    }
    const std::span<const std::uint8_t> payload(buf.data() + 5, length - 1);

    try {
        std::vector<std::uint8_t> inflated;
        std::span<const std::uint8_t> nbt_bytes = payload;
        if (method != nbt::Compression::None) {
            auto out = nbt::decompress(payload, method, options_.max_chunk_nbt_bytes);
            if (!out)
                return unexpected(error(index, "cannot inflate " + std::string(nbt::compression_name(method)) +
                                                   " data at byte " + std::to_string(out.error().offset) + ": " +
                                                   out.error().message));
            inflated = std::move(*out);
            nbt_bytes = inflated;
        } else if (payload.size() > options_.max_chunk_nbt_bytes) {
            return unexpected(
                error(index, "uncompressed chunk of " + std::to_string(payload.size()) + " bytes exceeds the limit"));
        }
        nbt::ReadOptions opts;
        opts.max_bytes = options_.max_chunk_nbt_bytes;
        auto root = nbt::read(nbt_bytes, opts);
        if (fingerprint) *fingerprint = nbt_fingerprint(nbt_bytes);
        if (!root) return unexpected(error(index, "bad NBT: " + root.error().describe()));
        if (root->tag.type() != nbt::TagType::Compound)
            return unexpected(error(
                index, "root tag is " + std::string(nbt::tag_type_name(root->tag.type())) + ", expected TAG_Compound"));
        return std::optional<nbt::Compound>(std::move(root->tag.as_compound()));
    } catch (const std::exception& e) {
        // Out of memory on a hostile size and the like: still this chunk's error, not the server's.
        return unexpected(error(index, std::string("cannot decode: ") + e.what()));
    }
}

Result<RegionFile::PendingWrite, RegionError> RegionFile::stage_write(int x, int z, const nbt::Compound& chunk,
                                                                      std::int32_t timestamp, bool sync) {
    auto encoded = nbt::encode(nbt::Tag(chunk), "", nbt::Compression::Zlib);
    if (!encoded) return unexpected(error(index_of(x, z), "cannot encode: " + encoded.error().describe()));
    return stage_payload(x, z, *encoded, timestamp, sync);
}

Result<RegionFile::PendingWrite, RegionError> RegionFile::stage_payload(int x, int z,
                                                                        std::span<const std::uint8_t> payload,
                                                                        std::int32_t timestamp, bool sync) {
    const int index = index_of(x, z);

    const std::size_t needed = sectors_for(payload.size());
    if (needed > max_chunk_sectors)
        return unexpected(error(index, "chunk needs " + std::to_string(needed) +
                                           " sectors, more than 255; vanilla would move it to an "
                                           "external .mcc file, which is not supported"));
    const auto count = static_cast<std::uint32_t>(needed);
    // The old version's sectors are still marked used, so the new data never lands on them.
    const auto sector = allocate(count);
    if (!sector) return unexpected(error(index, "region file is full (sector offsets are 3 bytes)"));

    std::vector<std::uint8_t> buf(std::size_t{count} * sector_bytes, 0);
    write_be32(buf.data(), static_cast<std::uint32_t>(payload.size() + 1));
    buf[4] = compression_zlib;
    std::memcpy(buf.data() + 5, payload.data(), payload.size());
    const std::uint64_t offset = std::uint64_t{*sector} * sector_bytes;
    if (!pwrite_all(fd_, buf.data(), buf.size(), offset) || (sync && ::fsync(fd_) != 0)) {
        RegionError e = io_error(index, "cannot write the chunk data");
        mark(*sector, count, false);
        // A short write past the end may have grown the file; the caller's shrink_to() gives it back.
        struct stat st {};
        if (::fstat(fd_, &st) == 0)
            file_bytes_ = std::max<std::uint64_t>(file_bytes_, static_cast<std::uint64_t>(st.st_size));
        return unexpected(std::move(e));
    }
    file_bytes_ = std::max<std::uint64_t>(file_bytes_, offset + buf.size());
    return PendingWrite{index, *sector, count, timestamp};
}

void RegionFile::release(const PendingWrite& pending) {
    if (pending.index < 0 || pending.index >= chunk_count || pending.count == 0) return;
    if (locations_[static_cast<std::size_t>(pending.index)] == ((pending.sector << 8) | pending.count)) return;
    if (std::uint64_t{pending.sector} + pending.count > used_.size()) return;
    mark(pending.sector, pending.count, false);
}

bool RegionFile::shrink_to(std::uint64_t bytes) {
    if (bytes >= file_bytes_) return true;
    if (bytes < header_bytes) return false;
    const auto keep = static_cast<std::uint32_t>((bytes + sector_bytes - 1) / sector_bytes);
    for (std::uint32_t s = keep; s < used_.size(); ++s)
        if (used_[s]) return false;
    if (::ftruncate(fd_, static_cast<off_t>(bytes)) != 0) return false;
    file_bytes_ = bytes;
    used_.resize(keep);
    return true;
}

Result<void, RegionError> RegionFile::write_header_entry(int index, std::uint32_t location, std::int32_t timestamp) {
    std::uint8_t bytes[4];
    // The timestamp first: if we crash before the location, it merely dates the old data. The
    // 4-byte aligned location write inside one sector is the switch from old to new.
    write_be32(bytes, static_cast<std::uint32_t>(timestamp));
    if (!pwrite_all(fd_, bytes, 4, sector_bytes + static_cast<std::uint64_t>(index) * 4))
        return unexpected(io_error(index, "cannot write the timestamp"));
    write_be32(bytes, location);
    if (!pwrite_all(fd_, bytes, 4, static_cast<std::uint64_t>(index) * 4))
        return unexpected(io_error(index, "cannot write the location"));
    if (::fsync(fd_) != 0) return unexpected(io_error(index, "cannot sync the header"));
    return {};
}

Result<void, RegionError> RegionFile::commit(const PendingWrite& pending) {
    if (pending.index < 0 || pending.index >= chunk_count || pending.count == 0 ||
        std::uint64_t{pending.sector} + pending.count > used_.size())
        return unexpected(error(pending.index, "commit of a write that was not staged"));
    const auto i = static_cast<std::size_t>(pending.index);
    const std::uint32_t old = locations_[i];
    const bool old_valid = old != 0 && problems_[i].empty();
    // On failure the new sectors stay reserved: the location may or may not have reached the disk.
    auto r = write_header_entry(pending.index, (pending.sector << 8) | pending.count, pending.timestamp);
    if (!r) return r;
    locations_[i] = (pending.sector << 8) | pending.count;
    timestamps_[i] = pending.timestamp;
    problems_[i].clear();
    if (old_valid) mark(old >> 8, old & 0xFF, false);
    return {};
}

Result<void, RegionError> RegionFile::write(int x, int z, const nbt::Compound& chunk, std::int32_t timestamp) {
    auto pending = stage_write(x, z, chunk, timestamp);
    if (!pending) return unexpected(pending.error());
    return commit(*pending);
}

Result<void, RegionError> RegionFile::remove(int x, int z) {
    const int index = index_of(x, z);
    const auto i = static_cast<std::size_t>(index);
    const std::uint32_t old = locations_[i];
    if (old == 0) return {};
    const bool old_valid = problems_[i].empty();
    auto r = write_header_entry(index, 0, 0);
    if (!r) return r;
    locations_[i] = 0;
    timestamps_[i] = 0;
    problems_[i].clear();
    if (old_valid) mark(old >> 8, old & 0xFF, false);
    return {};
}

Result<void, RegionError> RegionFile::set_header_entry(int index, std::uint32_t location, std::int32_t timestamp) {
    if (index < 0 || index >= chunk_count)
        return unexpected(error(-1, "header index " + std::to_string(index) + " out of range"));
    const std::uint32_t first = location >> 8;
    const std::uint32_t count = location & 0xFF;
    if (location != 0) {
        const auto file_sectors = static_cast<std::uint32_t>((file_bytes_ + sector_bytes - 1) / sector_bytes);
        if (first < header_sectors || count == 0 || std::uint64_t{first} + count > file_sectors)
            return unexpected(error(index, "header entry (" + sector_range(first, count) +
                                               ") does not lie inside the file (" + std::to_string(file_sectors) +
                                               " sectors)"));
    }
    const auto i = static_cast<std::size_t>(index);
    const std::uint32_t old = locations_[i];
    const bool old_valid = old != 0 && problems_[i].empty();
    std::uint8_t bytes[4];
    write_be32(bytes, static_cast<std::uint32_t>(location == 0 ? 0 : timestamp));
    if (!pwrite_all(fd_, bytes, 4, sector_bytes + static_cast<std::uint64_t>(index) * 4))
        return unexpected(io_error(index, "cannot write the timestamp"));
    write_be32(bytes, location);
    if (!pwrite_all(fd_, bytes, 4, static_cast<std::uint64_t>(index) * 4))
        return unexpected(io_error(index, "cannot write the location"));
    if (old == location) {
        timestamps_[i] = location == 0 ? 0 : timestamp;
        return {};
    }
    // Old sectors go first: a replayed entry may name sectors that the old one shares with nothing
    // else, and the new ones must end up marked whatever the old entry covered.
    if (old_valid) mark(old >> 8, old & 0xFF, false);
    locations_[i] = location;
    timestamps_[i] = location == 0 ? 0 : timestamp;
    problems_[i].clear();
    if (location != 0) mark(first, count, true);
    return {};
}

Result<void, RegionError> RegionFile::sync() {
    if (::fsync(fd_) != 0) return unexpected(io_error(-1, "cannot sync the file"));
    return {};
}

std::uint32_t RegionFile::location(int x, int z) const noexcept {
    return locations_[static_cast<std::size_t>(index_of(x, z))];
}

Result<std::vector<std::uint8_t>, RegionError> RegionFile::read_raw(int x, int z) {
    const int index = index_of(x, z);
    const std::uint32_t loc = locations_[static_cast<std::size_t>(index)];
    const std::uint32_t first = loc >> 8;
    const std::uint32_t count = loc & 0xFF;
    std::vector<std::uint8_t> out;
    if (loc == 0 || first < header_sectors) return out;
    const std::uint64_t offset = std::uint64_t{first} * sector_bytes;
    if (offset >= file_bytes_) return out;
    const std::uint64_t wanted = std::uint64_t{count} * sector_bytes;
    out.resize(static_cast<std::size_t>(std::min<std::uint64_t>(wanted, file_bytes_ - offset)));
    const ssize_t got = pread_all(fd_, out.data(), out.size(), offset);
    if (got < 0) return unexpected(io_error(index, "cannot read the chunk's sectors"));
    out.resize(static_cast<std::size_t>(got));
    return out;
}

}  // namespace mobsdk::server
