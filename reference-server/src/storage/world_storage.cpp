// WorldStorage: lazily opened region files under an LRU cap, the save journal (stage, journal,
// commit, delete) and its replay at start-up, and corrupt chunks copied aside before reuse.
#include "mobserver/storage/world_storage.hpp"

#include <fcntl.h>
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

RegionFile* WorldStorage::region(ChunkKind kind, std::int32_t rx, std::int32_t rz, bool create, std::string& error) {
    const RegionKey key{static_cast<std::uint8_t>(kind), rx, rz};
    if (auto it = regions_.find(key); it != regions_.end()) {
        lru_.splice(lru_.begin(), lru_, it->second.lru);
        return &it->second.file;
    }
    const fs::path path = region_path(kind, ChunkPos{rx * 32, rz * 32});
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        if (!create) return nullptr;
        fs::create_directories(path.parent_path(), ec);
        if (ec) {
            error = "cannot create " + path.parent_path().string() + ": " + ec.message();
            return nullptr;
        }
    }
    auto opened = RegionFile::open(path, create, options_.read_options);
    if (!opened && opened.error().message.rfind("truncated header", 0) == 0) {
        // A file too short to hold a header has no chunk we could point at; keep its bytes and
        // start the region again.
        const fs::path aside = path.string() + ".corrupt-" + std::to_string(unix_now());
        fs::rename(path, aside, ec);
        error = std::string(chunk_kind_folder(kind)) + "/" + opened.error().describe() +
                (ec ? "; could not be moved aside: " + ec.message() : "; moved aside to " + aside.filename().string());
        if (ec) return nullptr;
        sync_dir(path.parent_path());
        ++stats_.corrupt_moved_aside;
        if (!create) return nullptr;
        error.clear();
        opened = RegionFile::open(path, true, options_.read_options);
    }
    if (!opened) {
        error = std::string(chunk_kind_folder(kind)) + "/" + opened.error().describe();
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

void WorldStorage::flush() {
    regions_.clear();
    lru_.clear();
}

void WorldStorage::move_aside(ChunkKind kind, RegionFile& file, ChunkPos pos, const std::string& why,
                              std::vector<std::string>& warnings) {
    const std::string where = std::string(chunk_kind_folder(kind)) + "/" + file.name() + " " + chunk_text(pos);
    const auto key = std::make_tuple(static_cast<std::uint8_t>(kind), pos.x, pos.z);
    if (moved_aside_.count(key)) {
        warnings.push_back(where + ": " + why + "; treated as absent (already copied aside)");
        return;
    }
    auto raw = file.read_raw(pos.x, pos.z);
    if (!raw) {
        warnings.push_back(where + ": " + why + "; its sectors cannot be read (" + raw.error().describe() +
                           "), treated as absent");
        moved_aside_.insert(key);
        return;
    }
    if (raw->empty()) {
        warnings.push_back(where + ": " + why + "; no data to copy aside, treated as absent");
        moved_aside_.insert(key);
        return;
    }
    const fs::path folder = dir_ / chunk_kind_folder(kind);
    const std::string base = corrupt_copy_name(file.name(), pos, unix_now());
    fs::path target = folder / base;
    std::error_code ec;
    for (int n = 1; fs::exists(target, ec); ++n) target = folder / (base + "." + std::to_string(n));
    std::string io_error;
    if (!write_file_synced(target, *raw, target.string(), io_error)) {
        // Not marked as moved: the next load tries again, and the chunk stays out of use meanwhile.
        warnings.push_back(where + ": " + why + "; copying it aside failed (" + io_error + "), treated as absent");
        return;
    }
    sync_dir(folder);
    moved_aside_.insert(key);
    ++stats_.corrupt_moved_aside;
    warnings.push_back(where + ": " + why + "; copied aside to " + std::string(chunk_kind_folder(kind)) + "/" +
                       target.filename().string() + ", the chunk is treated as absent");
}

std::optional<nbt::Compound> WorldStorage::read_chunk(ChunkKind kind, ChunkPos pos, std::vector<std::string>& warnings) {
    std::string error;
    RegionFile* file = region(kind, pos.x >> 5, pos.z >> 5, false, error);
    if (!file) {
        if (!error.empty()) warnings.push_back(error);
        return std::nullopt;
    }
    auto r = file->read(pos.x, pos.z);
    if (!r) {
        move_aside(kind, *file, pos, r.error().message, warnings);
        return std::nullopt;
    }
    return std::move(*r);
}

ChunkLoadResult WorldStorage::load(ChunkPos pos, const BlockRegistry& blocks) {
    ChunkLoadResult out;
    auto prefix = [&](ChunkKind kind) {
        std::string error;
        RegionFile* f = region(kind, pos.x >> 5, pos.z >> 5, false, error);
        return std::string(chunk_kind_folder(kind)) + "/" + (f ? f->name() : std::string("?")) + " " + chunk_text(pos) + ": ";
    };
    try {
        if (auto nbt = read_chunk(ChunkKind::Blocks, pos, out.warnings)) {
            std::vector<std::string> w;
            auto chunk = read_chunk_nbt(*nbt, pos, blocks, &w);
            for (auto& s : w) out.warnings.push_back(prefix(ChunkKind::Blocks) + s);
            if (chunk) {
                out.blocks = std::move(*chunk);
            } else {
                std::string error;
                if (RegionFile* f = region(ChunkKind::Blocks, pos.x >> 5, pos.z >> 5, false, error))
                    move_aside(ChunkKind::Blocks, *f, pos, chunk.error(), out.warnings);
            }
        }
        if (auto nbt = read_chunk(ChunkKind::Poi, pos, out.warnings)) {
            std::vector<std::string> w;
            auto poi = read_poi_nbt(*nbt, pos, *poi_types_, &w);
            for (auto& s : w) out.warnings.push_back(prefix(ChunkKind::Poi) + s);
            if (poi) {
                out.poi = std::move(*poi);
            } else {
                std::string error;
                if (RegionFile* f = region(ChunkKind::Poi, pos.x >> 5, pos.z >> 5, false, error))
                    move_aside(ChunkKind::Poi, *f, pos, poi.error(), out.warnings);
            }
        }
        out.entities = load_entities(pos, out.warnings);
    } catch (const std::exception& e) {
        out.warnings.push_back(chunk_text(pos) + ": cannot be loaded: " + e.what());
    }
    trim();
    return out;
}

std::vector<nbt::Compound> WorldStorage::load_entities(ChunkPos pos, std::vector<std::string>& warnings) {
    std::vector<nbt::Compound> out;
    try {
        auto nbt = read_chunk(ChunkKind::Entities, pos, warnings);
        if (!nbt) return out;
        std::vector<std::string> w;
        auto entities = read_entities_nbt(*nbt, pos, &w);
        std::string error;
        RegionFile* f = region(ChunkKind::Entities, pos.x >> 5, pos.z >> 5, false, error);
        const std::string where = std::string("entities/") + (f ? f->name() : std::string("?")) + " " + chunk_text(pos);
        for (auto& s : w) warnings.push_back(where + ": " + s);
        if (entities) {
            out = std::move(*entities);
        } else if (f) {
            move_aside(ChunkKind::Entities, *f, pos, entities.error(), warnings);
        }
    } catch (const std::exception& e) {
        warnings.push_back(chunk_text(pos) + ": entities cannot be loaded: " + e.what());
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
        return unexpected("journal of " + std::to_string(bytes.size()) + " bytes, expected " + std::to_string(expected) +
                          " for " + std::to_string(count) + " entries");
    const auto stored = static_cast<std::uint32_t>(get_be(bytes.data() + bytes.size() - 4, 4));
    if (stored != crc_of(bytes.data(), bytes.size() - 4)) return unexpected(std::string("journal checksum mismatch"));
    std::vector<JournalEntry> out;
    out.reserve(static_cast<std::size_t>(count));
    const std::uint8_t* p = bytes.data() + 8;
    for (std::uint64_t i = 0; i < count; ++i, p += journal_entry_bytes) {
        JournalEntry e;
        if (p[0] > 2) return unexpected("journal entry " + std::to_string(i) + ": unknown kind " + std::to_string(p[0]));
        e.kind = static_cast<ChunkKind>(p[0]);
        e.region_x = static_cast<std::int32_t>(static_cast<std::uint32_t>(get_be(p + 1, 4)));
        e.region_z = static_cast<std::int32_t>(static_cast<std::uint32_t>(get_be(p + 5, 4)));
        e.index = static_cast<std::uint16_t>(get_be(p + 9, 2));
        if (e.index >= 1024) return unexpected("journal entry " + std::to_string(i) + ": header index " + std::to_string(e.index));
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
        moved_aside_.erase(std::make_tuple(static_cast<std::uint8_t>(e.kind), e.region_x * 32 + (e.index & 31),
                                           e.region_z * 32 + (e.index >> 5)));
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

std::string WorldStorage::save(std::span<const ChunkSaveEntry> batch, std::int64_t game_time) {
    // A journal still on disk (an earlier apply failed) must land before anything else is written.
    if (std::string err = replay_journal(); !err.empty()) return err;
    const auto timestamp = static_cast<std::int32_t>(unix_now());
    std::vector<JournalEntry> entries;
    std::vector<RegionFile*> staged_files;
    try {
        auto stage = [&](ChunkKind kind, ChunkPos pos, const nbt::Compound& nbt) -> std::string {
            std::string error;
            RegionFile* file = region(kind, pos.x >> 5, pos.z >> 5, true, error);
            if (!file) return error;
            auto pending = file->stage_write(pos.x, pos.z, nbt, timestamp, false);
            if (!pending) return std::string(chunk_kind_folder(kind)) + "/" + pending.error().describe();
            entries.push_back({kind, pos.x >> 5, pos.z >> 5, static_cast<std::uint16_t>(pending->index),
                               (pending->sector << 8) | pending->count, timestamp});
            if (std::find(staged_files.begin(), staged_files.end(), file) == staged_files.end())
                staged_files.push_back(file);
            return {};
        };
        for (const ChunkSaveEntry& e : batch) {
            if (e.blocks) {
                if (std::string err = stage(ChunkKind::Blocks, e.pos, write_chunk_nbt(*e.blocks, game_time)); !err.empty())
                    return err;
            }
            if (e.poi) {
                if (std::string err = stage(ChunkKind::Poi, e.pos, write_poi_nbt(*e.poi, *poi_types_)); !err.empty())
                    return err;
            }
            if (e.entities) {
                if (e.entities->empty()) {
                    // Vanilla deletes the entity chunk of a column left without entities.
                    std::string error;
                    RegionFile* file = region(ChunkKind::Entities, e.pos.x >> 5, e.pos.z >> 5, false, error);
                    if (file && file->contains(e.pos.x, e.pos.z))
                        entries.push_back({ChunkKind::Entities, e.pos.x >> 5, e.pos.z >> 5,
                                           static_cast<std::uint16_t>((e.pos.x & 31) + (e.pos.z & 31) * 32), 0, 0});
                    else if (!file && !error.empty())
                        return error;
                } else if (std::string err = stage(ChunkKind::Entities, e.pos, write_entities_nbt(e.pos, *e.entities));
                           !err.empty()) {
                    return err;
                }
            }
        }
    } catch (const std::exception& ex) {
        return std::string("cannot encode the batch: ") + ex.what();
    }
    for (RegionFile* f : staged_files)
        if (auto r = f->sync(); !r) return r.error().describe();

    if (entries.size() > 1) {
        if (std::string err = write_journal(entries); !err.empty()) return err;
        if (crash_after_journal_) {
            // As if killed here: forget the in-memory headers, so that this object (like a new
            // one) finds the journal and replays it before it writes anything else.
            crash_after_journal_ = false;
            flush();
            return {};
        }
    }
    // One header entry needs no journal: its 4-byte location write is atomic on its own.
    if (std::string err = apply(entries); !err.empty()) return err;
    if (entries.size() > 1)
        if (std::string err = remove_journal(); !err.empty()) return err;
    stats_.chunks_written += entries.size();
    ++stats_.batches_saved;
    trim();
    return {};
}

}  // namespace mobsdk::server
