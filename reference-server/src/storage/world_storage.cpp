// WorldStorage: lazily opened region files under an LRU cap, the save journal (stage, journal,
// commit, delete) and its replay at start-up, and corrupt chunks copied aside before reuse.
#include "mobserver/storage/world_storage.hpp"

#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <exception>
#include <fstream>
#include <iterator>
#include <utility>

#include "mobsdk/nbt/compression.hpp"
#include "mobsdk/nbt/io.hpp"
#include "mobserver/storage/chunk_codec.hpp"
#include "mobserver/storage/synced_file.hpp"

namespace mobsdk::server {

namespace fs = std::filesystem;

namespace {

constexpr std::uint8_t journal_magic[4] = {'M', 'S', 'J', '1'};
constexpr std::size_t journal_entry_bytes = 1 + 4 + 4 + 2 + 4 + 4;
constexpr std::size_t max_journal_bytes = 64u * 1024 * 1024;

void put_be(std::vector<std::uint8_t>& out, std::uint64_t v, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

std::uint64_t get_be(const std::uint8_t* p, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
    return v;
}

std::uint32_t crc_of(const std::uint8_t* data, std::size_t size) {
    uLong crc = ::crc32(0L, Z_NULL, 0);
    // zlib takes uInt lengths; a journal never comes near 4 GiB, but feed it in pieces anyway.
    while (size > 0) {
        const auto piece = static_cast<uInt>(std::min<std::size_t>(size, 1u << 30));
        crc = ::crc32(crc, data, piece);
        data += piece;
        size -= piece;
    }
    return static_cast<std::uint32_t>(crc);
}

std::int64_t unix_now() { return static_cast<std::int64_t>(std::time(nullptr)); }

// Vanilla prints chunk positions as [x, z].
std::string chunk_text(ChunkPos p) { return "chunk [" + std::to_string(p.x) + ", " + std::to_string(p.z) + "]"; }

}  // namespace

const char* chunk_kind_folder(ChunkKind kind) noexcept {
    switch (kind) {
        case ChunkKind::Blocks: return "region";
        case ChunkKind::Entities: return "entities";
        case ChunkKind::Poi: return "poi";
    }
    return "region";
}

WorldStorage::WorldStorage(fs::path level_dir, const Registry<PoiTypeInfo>& poi_types, WorldStorageOptions options)
    : dir_(std::move(level_dir)), poi_types_(&poi_types), options_(options) {
    if (options_.max_open_regions == 0) options_.max_open_regions = 1;
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec) startup_warnings_.push_back("cannot create " + dir_.string() + ": " + ec.message());
    if (std::string err = replay_journal(); !err.empty()) startup_warnings_.push_back(err);
}

WorldStorage::~WorldStorage() = default;

std::string WorldStorage::corrupt_copy_name(const std::string& region_name, ChunkPos pos, std::int64_t unix_seconds) {
    return region_name + ".corrupt-" + std::to_string(pos.x) + "-" + std::to_string(pos.z) + "-" +
           std::to_string(unix_seconds);
}

fs::path WorldStorage::region_path(ChunkKind kind, ChunkPos pos) const {
    return dir_ / chunk_kind_folder(kind) /
           ("r." + std::to_string(pos.x >> 5) + "." + std::to_string(pos.z >> 5) + ".mca");
}

RegionFile* WorldStorage::region(ChunkKind kind, std::int32_t rx, std::int32_t rz, bool create, std::string& error,
                                 bool* unreadable) {
    const RegionKey key{static_cast<std::uint8_t>(kind), rx, rz};
    if (auto it = regions_.find(key); it != regions_.end()) {
        lru_.splice(lru_.begin(), lru_, it->second.lru);
        return &it->second.file;
    }
    // Anything but "the file is not there" or "its bytes are damaged" leaves the region unreadable:
    // its chunks are then neither absent nor to be replaced.
    auto cannot_read = [&](std::string message) -> RegionFile* {
        error = std::move(message);
        if (unreadable) *unreadable = true;
        return nullptr;
    };
    const fs::path path = region_path(kind, ChunkPos{rx * 32, rz * 32});
    std::error_code ec;
    const bool exists = fs::exists(path, ec);
    if (ec)
        return cannot_read(std::string(chunk_kind_folder(kind)) + "/" + path.filename().string() + ": " + ec.message());
    if (!exists) {
        if (!create) return nullptr;
        fs::create_directories(path.parent_path(), ec);
        if (ec) return cannot_read("cannot create " + path.parent_path().string() + ": " + ec.message());
    }
    auto opened = RegionFile::open(path, create, options_.read_options);
    if (!opened && opened.error().message.rfind("truncated header", 0) == 0) {
        // A file too short to hold a header has no chunk we could point at; keep its bytes and
        // start the region again.
        const fs::path aside = path.string() + ".corrupt-" + std::to_string(unix_now());
        fs::rename(path, aside, ec);
        error = std::string(chunk_kind_folder(kind)) + "/" + opened.error().describe() +
                (ec ? "; could not be moved aside: " + ec.message() : "; moved aside to " + aside.filename().string());
        if (ec) return cannot_read(error);
        sync_dir(path.parent_path());
        ++stats_.corrupt_moved_aside;
        if (!create) return nullptr;
        error.clear();
        opened = RegionFile::open(path, true, options_.read_options);
    }
    if (!opened) {
        error = std::string(chunk_kind_folder(kind)) + "/" + opened.error().describe();
        if (opened.error().io && unreadable) *unreadable = true;
        return nullptr;
    }
    ++stats_.region_opens;
    lru_.push_front(key);
    auto [it, inserted] = regions_.emplace(key, OpenRegion{std::move(*opened), lru_.begin()});
    (void)inserted;
    return &it->second.file;
}

void WorldStorage::trim() {
    while (regions_.size() > options_.max_open_regions && !lru_.empty()) {
        regions_.erase(lru_.back());
        lru_.pop_back();
    }
}

std::int32_t WorldStorage::entity_version(ChunkPos pos) const {
    const auto it = entity_versions_.find(pos);
    return it != entity_versions_.end() ? it->second : 0;
}

void WorldStorage::forget(ChunkPos pos) {
    kept_poi_.erase(pos);
    entity_versions_.erase(pos);
    for (const ChunkKind kind : {ChunkKind::Blocks, ChunkKind::Poi, ChunkKind::Entities})
        on_disk_.erase(ChunkKey{static_cast<std::uint8_t>(kind), pos.x, pos.z});
}

void WorldStorage::flush() {
    regions_.clear();
    lru_.clear();
}

std::string WorldStorage::move_aside(ChunkKind kind, RegionFile& file, ChunkPos pos, const std::string& why,
                                     std::vector<std::string>& warnings) {
    const std::string where = std::string(chunk_kind_folder(kind)) + "/" + file.name() + " " + chunk_text(pos);
    const auto key = std::make_tuple(static_cast<std::uint8_t>(kind), pos.x, pos.z);
    on_disk_.erase(key);
    if (moved_aside_.count(key)) {
        warnings.push_back(where + ": " + why + "; treated as absent (already copied aside)");
        return {};
    }
    auto raw = file.read_raw(pos.x, pos.z);
    if (!raw) {
        // Damaged, and its bytes cannot be kept: it stays unloaded rather than be written over.
        return where + ": " + why + "; its sectors cannot be read to copy them aside (" + raw.error().describe() + ")";
    }
    if (raw->empty()) {
        warnings.push_back(where + ": " + why + "; no data to copy aside, treated as absent");
        moved_aside_.insert(key);
        return {};
    }
    const fs::path folder = dir_ / chunk_kind_folder(kind);
    const std::string base = corrupt_copy_name(file.name(), pos, unix_now());
    fs::path target = folder / base;
    std::error_code ec;
    for (int n = 1; fs::exists(target, ec); ++n) target = folder / (base + "." + std::to_string(n));
    std::string io_error;
    if (!write_file_synced(target, *raw, target.string(), io_error)) {
        // Not marked as moved: the load fails and is tried again later; meanwhile nothing is
        // written over the only copy of the damaged bytes.
        ::unlink(target.c_str());
        return where + ": " + why + "; copying it aside failed (" + io_error + ")";
    }
    sync_dir(folder);
    moved_aside_.insert(key);
    ++stats_.corrupt_moved_aside;
    warnings.push_back(where + ": " + why + "; copied aside to " + std::string(chunk_kind_folder(kind)) + "/" +
                       target.filename().string() + ", the chunk is treated as absent");
    return {};
}

Result<std::optional<nbt::Compound>, std::string> WorldStorage::read_chunk(ChunkKind kind, ChunkPos pos,
                                                                           std::vector<std::string>& warnings) {
    using Chunk = std::optional<nbt::Compound>;
    const auto key = std::make_tuple(static_cast<std::uint8_t>(kind), pos.x, pos.z);
    std::string error;
    bool unreadable = false;
    RegionFile* file = region(kind, pos.x >> 5, pos.z >> 5, false, error, &unreadable);
    if (!file) {
        if (unreadable) return unexpected(error);
        if (!error.empty()) warnings.push_back(error);  // a damaged file moved aside
        on_disk_.erase(key);
        return Chunk{};
    }
    std::uint64_t fingerprint = 0;
    auto r = file->read(pos.x, pos.z, &fingerprint);
    if (!r) {
        if (r.error().io) return unexpected(std::string(chunk_kind_folder(kind)) + "/" + r.error().describe());
        if (std::string err = move_aside(kind, *file, pos, r.error().message, warnings); !err.empty())
            return unexpected(err);
        return Chunk{};
    }
    if (*r) on_disk_[key] = fingerprint;
    else on_disk_.erase(key);
    return std::move(*r);
}

ChunkLoadResult WorldStorage::load(ChunkPos pos, const BlockRegistry& blocks) {
    ChunkLoadResult out;
    auto prefix = [&](ChunkKind kind) {
        std::string error;
        RegionFile* f = region(kind, pos.x >> 5, pos.z >> 5, false, error);
        return std::string(chunk_kind_folder(kind)) + "/" + (f ? f->name() : std::string("?")) + " " + chunk_text(pos) +
               ": ";
    };
    // A part that cannot be read fails the whole column: loading the rest would let a save write
    // the missing part over what is on disk.
    auto fail = [&](std::string why) {
        out.blocks.reset();
        out.poi.reset();
        out.entities.clear();
        out.error = std::move(why);
        trim();
        return std::move(out);
    };
    // A damaged chunk that parsed as NBT but not as a chunk: copied aside like one that did not.
    auto damaged = [&](ChunkKind kind, const std::string& why) -> std::string {
        std::string error;
        bool unreadable = false;
        RegionFile* f = region(kind, pos.x >> 5, pos.z >> 5, false, error, &unreadable);
        if (!f) return unreadable ? error : std::string();
        return move_aside(kind, *f, pos, why, out.warnings);
    };
    // A chunk of a version this server must not rewrite, or one vanilla has not finished: the
    // column is left as it is on disk, like one that cannot be read.
    auto refuse = [&](ChunkKind kind, const nbt::Compound& root) -> std::optional<ChunkLoadResult> {
        ChunkRefusal refusal = ChunkRefusal::Version;
        std::string why = version_refusal(root);
        if (why.empty() && kind == ChunkKind::Blocks) {
            refusal = ChunkRefusal::Unfinished;
            why = status_refusal(root);
        }
        if (why.empty()) return std::nullopt;
        refused_.insert(pos);
        ChunkLoadResult r = fail(prefix(kind) + why);
        r.refused = refusal;
        return r;
    };
    try {
        auto block_nbt = read_chunk(ChunkKind::Blocks, pos, out.warnings);
        if (!block_nbt) return fail(block_nbt.error());
        if (*block_nbt)
            if (auto r = refuse(ChunkKind::Blocks, **block_nbt)) return std::move(*r);
        if (*block_nbt) {
            std::vector<std::string> w;
            auto chunk = read_chunk_nbt(**block_nbt, pos, blocks, &w);
            for (auto& s : w) out.warnings.push_back(prefix(ChunkKind::Blocks) + s);
            if (chunk) {
                out.blocks = std::move(*chunk);
            } else if (std::string err = damaged(ChunkKind::Blocks, chunk.error()); !err.empty()) {
                return fail(err);
            }
        }
        auto poi_nbt = read_chunk(ChunkKind::Poi, pos, out.warnings);
        if (!poi_nbt) return fail(poi_nbt.error());
        if (*poi_nbt)
            if (auto r = refuse(ChunkKind::Poi, **poi_nbt)) return std::move(*r);
        if (*poi_nbt) {
            std::vector<std::string> w;
            KeptPoiData kept;
            auto poi = read_poi_nbt(**poi_nbt, pos, *poi_types_, &w, &kept);
            if (poi && !kept.empty()) kept_poi_[pos] = std::move(kept);
            else kept_poi_.erase(pos);
            for (auto& s : w) out.warnings.push_back(prefix(ChunkKind::Poi) + s);
            if (poi) {
                out.poi = std::move(*poi);
            } else if (std::string err = damaged(ChunkKind::Poi, poi.error()); !err.empty()) {
                return fail(err);
            }
        }
        refused_.erase(pos);
        auto entities = read_entity_list(pos, out.warnings, false);  // the column was just checked
        if (!entities) {
            ChunkLoadResult r = fail(entities.error());
            if (refused_.count(pos)) r.refused = ChunkRefusal::Version;
            return r;
        }
        out.entities = std::move(*entities);
    } catch (const std::exception& e) {
        return fail(chunk_text(pos) + ": cannot be loaded: " + e.what());
    }
    trim();
    return out;
}

Result<std::vector<nbt::Compound>, std::string> WorldStorage::load_entities(ChunkPos pos,
                                                                            std::vector<std::string>& warnings) {
    return read_entity_list(pos, warnings, true);
}

Result<std::vector<nbt::Compound>, std::string> WorldStorage::read_entity_list(ChunkPos pos,
                                                                               std::vector<std::string>& warnings,
                                                                               bool check_column) {
    std::vector<nbt::Compound> out;
    try {
        auto nbt = read_chunk(ChunkKind::Entities, pos, warnings);
        if (!nbt) {
            trim();
            return unexpected(nbt.error());
        }
        std::string error;
        bool unreadable = false;
        RegionFile* f = region(ChunkKind::Entities, pos.x >> 5, pos.z >> 5, false, error, &unreadable);
        const std::string where = std::string("entities/") + (f ? f->name() : std::string("?")) + " " + chunk_text(pos);
        if (*nbt)
            if (std::string why = version_refusal(**nbt); !why.empty()) {
                refused_.insert(pos);
                trim();
                return unexpected(where + ": " + why);
            }
        if (check_column && !refused_.count(pos)) {
            // A column not loaded here: its block and POI chunks say whether it may be touched.
            for (const ChunkKind kind : {ChunkKind::Blocks, ChunkKind::Poi}) {
                auto other = read_chunk(kind, pos, warnings);
                if (other && *other && !chunk_refusal(**other, kind == ChunkKind::Blocks).empty()) refused_.insert(pos);
            }
        }
        if (refused_.count(pos)) {
            // The column's block or POI chunk is refused: its entity list is not written either.
            trim();
            return unexpected(chunk_text(pos) +
                              " is left as it is on disk (its DataVersion or Status), so its "
                              "entities are not rewritten");
        }
        if (!*nbt) return out;
        std::vector<std::string> w;
        std::int32_t version = 0;
        auto entities = read_entities_nbt(**nbt, pos, &w, &version);
        if (entities && version != 0) entity_versions_[pos] = version;
        else entity_versions_.erase(pos);
        for (auto& s : w) warnings.push_back(where + ": " + s);
        if (entities) {
            out = std::move(*entities);
        } else if (f) {
            if (std::string err = move_aside(ChunkKind::Entities, *f, pos, entities.error(), warnings); !err.empty())
                return unexpected(err);
        } else if (unreadable) {
            return unexpected(error);
        }
    } catch (const std::exception& e) {
        trim();
        return unexpected(chunk_text(pos) + ": entities cannot be loaded: " + e.what());
    }
    trim();
    return out;
}

std::vector<std::uint8_t> WorldStorage::encode_journal(std::span<const JournalEntry> entries) {
    std::vector<std::uint8_t> out;
    out.reserve(8 + entries.size() * journal_entry_bytes + 4);
    for (const std::uint8_t b : journal_magic) out.push_back(b);
    put_be(out, entries.size(), 4);
    for (const auto& e : entries) {
        put_be(out, static_cast<std::uint8_t>(e.kind), 1);
        put_be(out, static_cast<std::uint32_t>(e.region_x), 4);
        put_be(out, static_cast<std::uint32_t>(e.region_z), 4);
        put_be(out, e.index, 2);
        put_be(out, e.location, 4);
        put_be(out, static_cast<std::uint32_t>(e.timestamp), 4);
    }
    put_be(out, crc_of(out.data(), out.size()), 4);
    return out;
}

Result<std::vector<WorldStorage::JournalEntry>, std::string> WorldStorage::decode_journal(
    std::span<const std::uint8_t> bytes) {
    if (bytes.size() < 12) return unexpected("journal of " + std::to_string(bytes.size()) + " bytes is too short");
    if (!std::equal(std::begin(journal_magic), std::end(journal_magic), bytes.begin()))
        return unexpected(std::string("journal does not start with MSJ1"));
    const std::uint64_t count = get_be(bytes.data() + 4, 4);
    const std::uint64_t expected = 8 + count * journal_entry_bytes + 4;
    if (bytes.size() != expected)
        return unexpected("journal of " + std::to_string(bytes.size()) + " bytes, expected " +
                          std::to_string(expected) + " for " + std::to_string(count) + " entries");
    const auto stored = static_cast<std::uint32_t>(get_be(bytes.data() + bytes.size() - 4, 4));
    if (stored != crc_of(bytes.data(), bytes.size() - 4)) return unexpected(std::string("journal checksum mismatch"));
    std::vector<JournalEntry> out;
    out.reserve(static_cast<std::size_t>(count));
    const std::uint8_t* p = bytes.data() + 8;
    for (std::uint64_t i = 0; i < count; ++i, p += journal_entry_bytes) {
        JournalEntry e;
        if (p[0] > 2)
            return unexpected("journal entry " + std::to_string(i) + ": unknown kind " + std::to_string(p[0]));
        e.kind = static_cast<ChunkKind>(p[0]);
        e.region_x = static_cast<std::int32_t>(static_cast<std::uint32_t>(get_be(p + 1, 4)));
        e.region_z = static_cast<std::int32_t>(static_cast<std::uint32_t>(get_be(p + 5, 4)));
        e.index = static_cast<std::uint16_t>(get_be(p + 9, 2));
        if (e.index >= 1024)
            return unexpected("journal entry " + std::to_string(i) + ": header index " + std::to_string(e.index));
        e.location = static_cast<std::uint32_t>(get_be(p + 11, 4));
        e.timestamp = static_cast<std::int32_t>(static_cast<std::uint32_t>(get_be(p + 15, 4)));
        out.push_back(e);
    }
    return out;
}

std::string WorldStorage::write_journal(std::span<const JournalEntry> entries) {
    const auto bytes = encode_journal(entries);
    std::string why;
    if (!write_file_synced(dir_ / journal_name, bytes, (dir_ / journal_name).string(), why)) return why;
    if (!sync_dir(dir_)) return "cannot sync " + dir_.string() + ": " + std::strerror(errno);
    return {};
}

std::string WorldStorage::remove_journal() {
    const fs::path path = dir_ / journal_name;
    if (::unlink(path.c_str()) != 0 && errno != ENOENT)
        return "cannot delete " + path.string() + ": " + std::strerror(errno);
    // The deletion must be durable before the next batch frees sectors this journal names.
    if (!sync_dir(dir_)) return "cannot sync " + dir_.string() + ": " + std::strerror(errno);
    return {};
}

std::string WorldStorage::apply(std::span<const JournalEntry> entries) {
    std::vector<RegionFile*> touched;
    for (const auto& e : entries) {
        std::string error;
        RegionFile* file = region(e.kind, e.region_x, e.region_z, false, error);
        if (!file) {
            return "cannot apply the journal to " + std::string(chunk_kind_folder(e.kind)) + "/r." +
                   std::to_string(e.region_x) + "." + std::to_string(e.region_z) +
                   ".mca: " + (error.empty() ? std::string("the file is missing") : error);
        }
        auto r = file->set_header_entry(e.index, e.location, e.timestamp);
        if (!r) return std::string(chunk_kind_folder(e.kind)) + "/" + r.error().describe();
        const ChunkKey key{static_cast<std::uint8_t>(e.kind), e.region_x * 32 + (e.index & 31),
                           e.region_z * 32 + (e.index >> 5)};
        moved_aside_.erase(key);
        on_disk_.erase(key);  // known again once the whole batch has landed (save() sets it)
        if (std::find(touched.begin(), touched.end(), file) == touched.end()) touched.push_back(file);
    }
    for (RegionFile* f : touched)
        if (auto r = f->sync(); !r) return r.error().describe();
    return {};
}

std::string WorldStorage::replay_journal() {
    const fs::path path = dir_ / journal_name;
    std::error_code ec;
    if (!fs::exists(path, ec)) return {};
    const auto size = fs::file_size(path, ec);
    std::vector<std::uint8_t> bytes;
    Result<std::vector<JournalEntry>, std::string> entries = unexpected(std::string("journal larger than 64 MiB"));
    if (!ec && size <= max_journal_bytes) {
        std::ifstream in(path, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        entries = decode_journal(bytes);
    } else if (ec) {
        entries = unexpected("cannot read the journal: " + ec.message());
    }
    if (!entries) {
        // Torn: the crash came while it was written, before any header changed; the batch never happened.
        ++stats_.journals_discarded;
        startup_warnings_.push_back(std::string(journal_name) + ": " + entries.error() +
                                    "; discarded (the unfinished save never reached the region headers)");
        return remove_journal();
    }
    if (std::string err = apply(*entries); !err.empty()) return err;
    ++stats_.journals_replayed;
    startup_warnings_.push_back(std::string(journal_name) + ": replayed " + std::to_string(entries->size()) +
                                " header entries of an interrupted save");
    return remove_journal();
}

std::string WorldStorage::space_report(std::uint64_t needed, std::size_t chunks) const {
    std::string out = "; this save needs " + std::to_string(needed) + " bytes for " + std::to_string(chunks) +
                      (chunks == 1 ? " chunk" : " chunks");
    struct statvfs st {};
    if (::statvfs(dir_.c_str(), &st) == 0)
        out += ", and " + std::to_string(std::uint64_t{st.f_bavail} * st.f_frsize) +
               " bytes are free on the file system of " + dir_.string();
    return out + " (nothing of it was kept: the world stays in memory and the next save tries again)";
}

std::string WorldStorage::save(std::span<const ChunkSaveEntry> batch, std::int64_t game_time) {
    // A journal still on disk (an earlier apply failed) must land before anything else is written.
    if (std::string err = replay_journal(); !err.empty()) {
        ++stats_.batches_failed;
        return err;
    }
    const auto timestamp = static_cast<std::int32_t>(unix_now());

    // 1. Encode every chunk, and leave out the ones whose bytes are already what the file holds:
    //    a save then needs space for what changed only.
    struct Encoded {
        ChunkKind kind;
        ChunkPos pos;
        std::uint64_t fingerprint;
        std::vector<std::uint8_t> payload;  // zlib
    };
    std::vector<Encoded> writes;
    std::vector<JournalEntry> removals;
    std::uint64_t needed = 0;
    try {
        auto encode = [&](ChunkKind kind, ChunkPos pos, const nbt::Compound& nbt) -> std::string {
            std::vector<std::uint8_t> raw;
            if (auto r = nbt::write(nbt::Tag(nbt), "", raw); !r)
                return std::string(chunk_kind_folder(kind)) + " " + chunk_text(pos) +
                       ": cannot encode: " + r.error().describe();
            const std::uint64_t fingerprint = nbt_fingerprint(raw);
            const ChunkKey key{static_cast<std::uint8_t>(kind), pos.x, pos.z};
            if (auto it = on_disk_.find(key); it != on_disk_.end() && it->second == fingerprint) {
                ++stats_.chunks_unchanged;
                return {};
            }
            auto payload = nbt::compress(raw, nbt::Compression::Zlib);
            needed += RegionFile::sectors_for(payload.size()) * RegionFile::sector_bytes;
            writes.push_back(Encoded{kind, pos, fingerprint, std::move(payload)});
            return {};
        };
        for (const ChunkSaveEntry& e : batch) {
            if (e.blocks) {
                if (std::string err = encode(ChunkKind::Blocks, e.pos, write_chunk_nbt(*e.blocks, game_time));
                    !err.empty())
                    return err;
            }
            if (e.poi) {
                const auto kept = kept_poi_.find(e.pos);
                if (std::string err =
                        encode(ChunkKind::Poi, e.pos,
                               write_poi_nbt(*e.poi, *poi_types_, kept != kept_poi_.end() ? &kept->second : nullptr));
                    !err.empty())
                    return err;
            }
            if (e.entities) {
                if (e.entities->empty()) {
                    // Vanilla deletes the entity chunk of a column left without entities.
                    std::string error;
                    bool unreadable = false;
                    RegionFile* file =
                        region(ChunkKind::Entities, e.pos.x >> 5, e.pos.z >> 5, false, error, &unreadable);
                    if (file && file->contains(e.pos.x, e.pos.z))
                        removals.push_back({ChunkKind::Entities, e.pos.x >> 5, e.pos.z >> 5,
                                            static_cast<std::uint16_t>((e.pos.x & 31) + (e.pos.z & 31) * 32), 0, 0});
                    else if (!file && unreadable) return error;
                } else if (std::string err = encode(ChunkKind::Entities, e.pos,
                                                    write_entities_nbt(e.pos, *e.entities, entity_version(e.pos)));
                           !err.empty()) {
                    return err;
                }
            }
        }
    } catch (const std::exception& ex) {
        ++stats_.batches_failed;
        return std::string("cannot encode the batch: ") + ex.what();
    }
    needed += 12 + (writes.size() + removals.size()) * journal_entry_bytes;
    stats_.last_batch_bytes = needed;

    // 2. Stage into free sectors. Until the journal is complete nothing refers to them, so a
    //    failure gives them back, with the growth of every file (a full disk must not stay full).
    std::vector<JournalEntry> entries;
    std::vector<std::pair<RegionFile*, RegionFile::PendingWrite>> staged;
    std::vector<std::pair<RegionFile*, std::uint64_t>> size_before;
    std::vector<RegionKey> created;
    auto roll_back = [&](std::string why) -> std::string {
        for (auto& [file, pending] : staged) file->release(pending);
        for (auto& [file, bytes] : size_before) {
            const std::uint64_t grown = file->file_bytes() > bytes ? file->file_bytes() - bytes : 0;
            if (file->shrink_to(bytes)) stats_.bytes_given_back += grown;
        }
        for (const RegionKey& key : created) {
            // Files this save created hold no chunk yet: remove them (they would only take space).
            if (auto it = regions_.find(key); it != regions_.end()) {
                lru_.erase(it->second.lru);
                regions_.erase(it);
            }
            const auto [kind, rx, rz] = key;
            const fs::path path = region_path(static_cast<ChunkKind>(kind), ChunkPos{rx * 32, rz * 32});
            if (::unlink(path.c_str()) == 0) sync_dir(path.parent_path());
        }
        ++stats_.batches_failed;
        trim();
        return why + space_report(needed, writes.size());
    };
    std::size_t staged_count = 0;
    for (const Encoded& w : writes) {
        const RegionKey key{static_cast<std::uint8_t>(w.kind), w.pos.x >> 5, w.pos.z >> 5};
        std::error_code ec;
        const bool existed = regions_.count(key) || fs::exists(region_path(w.kind, w.pos), ec);
        std::string error;
        RegionFile* file = region(w.kind, w.pos.x >> 5, w.pos.z >> 5, true, error);
        if (!file) return roll_back(error);
        if (!existed) created.push_back(key);
        if (std::none_of(size_before.begin(), size_before.end(), [&](const auto& p) { return p.first == file; }))
            size_before.emplace_back(file, file->file_bytes());
        if (fail_staging_after_ >= 0 && staged_count == static_cast<std::size_t>(fail_staging_after_)) {
            fail_staging_after_ = -1;
            return roll_back(std::string(chunk_kind_folder(w.kind)) + "/" + file->name() + " " + chunk_text(w.pos) +
                             ": cannot write the chunk data: " + std::strerror(ENOSPC) + " (test hook)");
        }
        auto pending = file->stage_payload(w.pos.x, w.pos.z, w.payload, timestamp, false);
        if (!pending) return roll_back(std::string(chunk_kind_folder(w.kind)) + "/" + pending.error().describe());
        staged.emplace_back(file, *pending);
        ++staged_count;
        entries.push_back({w.kind, w.pos.x >> 5, w.pos.z >> 5, static_cast<std::uint16_t>(pending->index),
                           (pending->sector << 8) | pending->count, timestamp});
    }
    for (auto& [file, bytes] : size_before)
        if (auto r = file->sync(); !r) return roll_back(r.error().describe());
    entries.insert(entries.end(), removals.begin(), removals.end());

    if (entries.size() > 1) {
        if (std::string err = write_journal(entries); !err.empty()) {
            // A torn journal was never applied; remove it now rather than at the next save.
            (void)remove_journal();
            return roll_back(err);
        }
        if (crash_after_journal_) {
            // As if killed here: forget the in-memory headers, so that this object (like a new
            // one) finds the journal and replays it before it writes anything else.
            crash_after_journal_ = false;
            flush();
            return {};
        }
    }
    // 3. Commit. One header entry needs no journal: its 4-byte location write is atomic on its own.
    // From here on a failure leaves the journal to be replayed, so the staged sectors stay.
    if (std::string err = apply(entries); !err.empty()) {
        ++stats_.batches_failed;
        return err;
    }
    if (entries.size() > 1)
        if (std::string err = remove_journal(); !err.empty()) {
            ++stats_.batches_failed;
            return err;
        }
    for (const Encoded& w : writes)
        on_disk_[ChunkKey{static_cast<std::uint8_t>(w.kind), w.pos.x, w.pos.z}] = w.fingerprint;
    for (const JournalEntry& r : removals) {
        // A removed entity chunk holds nothing old: the next one the column gets is 1.20.4's.
        const ChunkPos p{r.region_x * 32 + (r.index & 31), r.region_z * 32 + (r.index >> 5)};
        entity_versions_.erase(p);
        on_disk_.erase(ChunkKey{static_cast<std::uint8_t>(ChunkKind::Entities), p.x, p.z});
    }
    stats_.chunks_written += entries.size();
    ++stats_.batches_saved;
    trim();
    return {};
}

}  // namespace mobsdk::server
