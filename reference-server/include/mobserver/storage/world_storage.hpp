// The Anvil folders of one level (region/, entities/, poi/) behind the world's ChunkIo: region
// files opened lazily and closed least-recently-used, saves journaled so that a batch lands whole
// or not at all, and corrupt chunks copied aside instead of being overwritten.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "mobsdk/world/registries.hpp"
#include "mobserver/storage/chunk_codec.hpp"
#include "mobserver/storage/region_file.hpp"
#include "mobserver/world/chunk_io.hpp"

namespace mobsdk::server {

/// @brief The three kinds of chunk file, each in its own folder of the level.
enum class ChunkKind : std::uint8_t { Blocks = 0, Entities = 1, Poi = 2 };

/// @brief The folder of a kind: `region`, `entities` or `poi`.
const char* chunk_kind_folder(ChunkKind kind) noexcept;

/// @brief Settings of a WorldStorage.
struct WorldStorageOptions {
    /// @brief Most region files kept open at once (all kinds together); the least recently used
    /// is closed first. A save keeps every file it touches open until it is done.
    std::size_t max_open_regions = 64;
    /// @brief Limits applied to every chunk read.
    RegionReadOptions read_options;
};

/// @brief Counters for tests and the log.
struct WorldStorageStats {
    std::uint64_t chunks_written = 0;       ///< header entries committed (all kinds, removals included)
    std::uint64_t corrupt_moved_aside = 0;  ///< corrupt chunks copied aside
    std::uint64_t region_opens = 0;         ///< region files opened (reopens after LRU closes included)
    std::uint64_t journals_replayed = 0;    ///< complete journals found and replayed
    std::uint64_t journals_discarded = 0;   ///< torn journals found and ignored
    std::uint64_t batches_saved = 0;        ///< save() calls that succeeded
    std::uint64_t batches_failed = 0;       ///< save() calls that failed (nothing of them committed)
    std::uint64_t chunks_unchanged = 0;     ///< chunk writes skipped: the same bytes are already on disk
    std::uint64_t last_batch_bytes = 0;     ///< bytes of sectors the last save() staged or tried to stage
    std::uint64_t bytes_given_back = 0;     ///< file growth truncated away after failed saves
};

/// @brief Chunk persistence in vanilla's Anvil layout under one level folder.
///
/// Not thread-safe: it lives on the world's strand, as ChunkIo requires.
class WorldStorage final : public ChunkIo {
public:
    /// @brief The journal's file name inside the level folder.
    static constexpr const char* journal_name = "session.journal";

    /// @brief Storage over `level_dir` (created if missing), reading POIs with `poi_types`. A
    /// complete journal left by a crash is replayed and deleted; a torn one is deleted. Problems
    /// met there are in startup_warnings(); a journal that cannot be applied makes every save()
    /// fail until it can, so that nothing is written over a half-finished batch.
    WorldStorage(std::filesystem::path level_dir, const Registry<PoiTypeInfo>& poi_types,
                 WorldStorageOptions options = {});
    ~WorldStorage() override;
    WorldStorage(const WorldStorage&) = delete;
    WorldStorage& operator=(const WorldStorage&) = delete;

    /// @brief Reads a column; see ChunkIo::load. A chunk whose bytes are damaged is copied aside
    /// (see corrupt_copy_name) once, reported in `warnings`, and treated as absent. A chunk that
    /// cannot be read at all (an I/O or permission error, or a damaged one that cannot be copied
    /// aside) makes the whole load fail with `error` set: it is neither absent nor to be replaced.
    /// A block, POI or entity chunk that chunk_refusal() refuses (a DataVersion newer than 1.20.4's
    /// or older than 1.18's, a block chunk vanilla has not finished) fails it the same way, with
    /// `refused` set, and is never moved aside; load_entities() then fails for the column too.
    ChunkLoadResult load(ChunkPos pos, const BlockRegistry& blocks) override;
    /// @brief Reads the entity list of a column only; an error when it cannot be read (as in load()),
    /// or when the column is refused — also one never loaded: its block and POI chunks are read for
    /// their DataVersion and Status first.
    Result<std::vector<nbt::Compound>, std::string> load_entities(ChunkPos pos,
                                                                  std::vector<std::string>& warnings) override;
    /// @brief Writes a batch atomically across all its region files: every chunk whose encoding
    /// differs from what this object last read or wrote for it is staged into free sectors and
    /// synced, a checksummed journal of the header changes is written and synced, the header
    /// entries are written and synced, and the journal is deleted. An entry whose `entities` is an
    /// empty list removes the column's entity chunk, as vanilla does. When staging, syncing or the
    /// journal fails (a full disk), the staged sectors are released, the files truncated back to
    /// their size before the save, and the error says how many bytes the save needed and how many
    /// the file system has free.
    std::string save(std::span<const ChunkSaveEntry> batch, std::int64_t game_time) override;
    /// @brief Lets go of what load() kept of a column to write it back (its POI chunk's unknown
    /// records and keys, the DataVersion of its POI and entity chunks when older than 1.20.4's)
    /// and of its fingerprints. Call it only once the column's changes are saved.
    void forget(ChunkPos pos) override;

    /// @brief Closes every open region file (everything is already on disk: nothing is buffered).
    void flush();

    /// @brief The level folder.
    const std::filesystem::path& level_dir() const noexcept { return dir_; }
    /// @brief Counters.
    const WorldStorageStats& stats() const noexcept { return stats_; }
    /// @brief Region files open now.
    std::size_t open_regions() const noexcept { return regions_.size(); }
    /// @brief What the constructor found (journal replayed or discarded, and why).
    const std::vector<std::string>& startup_warnings() const noexcept { return startup_warnings_; }

    /// @brief The file a corrupt chunk is copied to: `<region file>.corrupt-<chunk x>-<chunk z>-<unix
    /// seconds>` next to the region file, e.g. `region/r.0.0.mca.corrupt-3--7-1700000000`
    /// (a `.N` suffix is added if that name exists).
    static std::string corrupt_copy_name(const std::string& region_name, ChunkPos pos, std::int64_t unix_seconds);

    /// @brief The path of the region file holding `pos` for `kind`.
    std::filesystem::path region_path(ChunkKind kind, ChunkPos pos) const;

    /// @brief One header change of a journaled batch.
    struct JournalEntry {
        ChunkKind kind = ChunkKind::Blocks;  ///< which folder
        std::int32_t region_x = 0;           ///< region coordinates (chunk >> 5)
        std::int32_t region_z = 0;           ///< region coordinates
        std::uint16_t index = 0;             ///< header index (x & 31) + (z & 31) * 32
        std::uint32_t location = 0;          ///< sector << 8 | count, 0 to remove
        std::int32_t timestamp = 0;          ///< the header timestamp
        friend bool operator==(const JournalEntry&, const JournalEntry&) = default;
    };
    /// @brief The journal's bytes: magic `MSJ1`, entry count, the entries, CRC-32 of all before it.
    static std::vector<std::uint8_t> encode_journal(std::span<const JournalEntry> entries);
    /// @brief Parses journal bytes; an error for a torn or damaged journal.
    static Result<std::vector<JournalEntry>, std::string> decode_journal(std::span<const std::uint8_t> bytes);

    /// @brief Test hook: with `true`, the next multi-entry save() stops after writing the journal,
    /// before any header entry is applied, as if the process had been killed there.
    void crash_after_journal_for_test(bool on) noexcept { crash_after_journal_ = on; }
    /// @brief Test hook: the next save() stages `n` chunks, then fails the next one as a full
    /// disk would (ENOSPC); -1 turns it off.
    void fail_staging_after_for_test(int n) noexcept { fail_staging_after_ = n; }

private:
    using RegionKey = std::tuple<std::uint8_t, std::int32_t, std::int32_t>;
    struct OpenRegion {
        RegionFile file;
        std::list<RegionKey>::iterator lru;
    };

    using ChunkKey = std::tuple<std::uint8_t, std::int32_t, std::int32_t>;  // (kind, chunk x, chunk z)

    RegionFile* region(ChunkKind kind, std::int32_t rx, std::int32_t rz, bool create, std::string& error,
                       bool* unreadable = nullptr);
    void trim();
    std::int32_t entity_version(ChunkPos pos) const;
    // load_entities(); `check_column`: first read the block and POI chunks for a refusal (a column
    // load() did not just read).
    Result<std::vector<nbt::Compound>, std::string> read_entity_list(ChunkPos pos, std::vector<std::string>& warnings,
                                                                     bool check_column);
    Result<std::optional<nbt::Compound>, std::string> read_chunk(ChunkKind kind, ChunkPos pos,
                                                                 std::vector<std::string>& warnings);
    std::string move_aside(ChunkKind kind, RegionFile& file, ChunkPos pos, const std::string& why,
                           std::vector<std::string>& warnings);
    std::string space_report(std::uint64_t needed, std::size_t chunks) const;
    std::string replay_journal();
    std::string apply(std::span<const JournalEntry> entries);
    std::string write_journal(std::span<const JournalEntry> entries);
    std::string remove_journal();

    std::filesystem::path dir_;
    const Registry<PoiTypeInfo>* poi_types_;
    WorldStorageOptions options_;
    WorldStorageStats stats_;
    std::map<RegionKey, OpenRegion> regions_;
    std::list<RegionKey> lru_;  // front: most recently used
    std::set<ChunkKey> moved_aside_;
    // Columns last found refused (chunk_refusal): their entity lists are not read for rewriting.
    std::set<ChunkPos> refused_;
    // nbt_fingerprint() of the uncompressed NBT each chunk holds on disk, as last read or written
    // here; absent when unknown. A save skips a chunk whose new encoding has the same fingerprint.
    std::map<ChunkKey, std::uint64_t> on_disk_;
    // What a POI chunk held that PoiStorage does not (read_poi_nbt's KeptPoiData), by column, for
    // the columns that had any; and the DataVersion of entity chunks older than 1.20.4's.
    std::map<ChunkPos, KeptPoiData> kept_poi_;
    std::map<ChunkPos, std::int32_t> entity_versions_;
    std::vector<std::string> startup_warnings_;
    bool crash_after_journal_ = false;
    int fail_staging_after_ = -1;
};

}  // namespace mobsdk::server
