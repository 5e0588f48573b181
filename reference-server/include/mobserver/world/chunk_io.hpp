// Where the world's chunks go when they unload and come from when they load: blocks, POI sections
// and entities of one chunk column. The server stores them in Anvil files (WorldStorage); tests
// may keep them in memory.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/tag.hpp"
#include "mobserver/world/chunk.hpp"
#include "mobserver/world/poi_storage.hpp"

namespace mobsdk::server {

/// @brief Why a column that could be read is kept as it is on disk instead of loaded.
enum class ChunkRefusal : std::uint8_t {
    None,        ///< not refused
    Version,     ///< a DataVersion newer than 1.20.4's or older than the 1.18 layout
    Unfinished,  ///< a chunk vanilla has not finished generating (Status other than minecraft:full)
};

/// @brief What storage holds for one chunk column.
struct ChunkLoadResult {
    /// @brief The blocks; nullptr when the chunk was never saved or could not be read (then it is
    /// generated, and the reason is in `warnings`).
    std::unique_ptr<LevelChunk> blocks;
    /// @brief The POI sections by section y; nullopt when none are stored (the POIs of the blocks
    /// are then found by scanning them).
    std::optional<std::map<std::int32_t, PoiSection>> poi;
    /// @brief The entities stored in the column, each as vanilla entity NBT with its `id`.
    std::vector<nbt::Compound> entities;
    /// @brief Problems met while reading (each names the file and chunk); the world logs them.
    std::vector<std::string> warnings;
    /// @brief Non-empty when the column could not be read (an I/O or permission error, as opposed
    /// to damaged bytes): then nothing else is set, and the column must stay unloaded, neither
    /// generated nor written over, until a later load succeeds.
    std::string error;
    /// @brief Set with `error` when the column was read and is refused on purpose (see ChunkRefusal):
    /// it is treated like an unreadable one.
    ChunkRefusal refused = ChunkRefusal::None;
};

/// @brief One chunk column to write. Absent parts are left as they are on disk.
struct ChunkSaveEntry {
    ChunkPos pos;                                           ///< the column
    const LevelChunk* blocks = nullptr;                     ///< blocks to write, or nullptr to keep
    std::optional<std::map<std::int32_t, PoiSection>> poi;  ///< POI sections, or nullopt to keep
    std::optional<std::vector<nbt::Compound>> entities;     ///< the full entity list, or nullopt to keep
};

/// @brief Chunk persistence for World. Called on the world's thread only.
class ChunkIo {
public:
    virtual ~ChunkIo() = default;
    /// @brief Reads a column (blocks over `blocks`). Never throws for bad data: a chunk that fails
    /// to parse comes back without blocks and with a warning; one that cannot be read at all comes
    /// back with `error` set.
    virtual ChunkLoadResult load(ChunkPos pos, const BlockRegistry& blocks) = 0;
    /// @brief Reads only the entity list of a column (for an entity that walked into an unloaded
    /// column); warnings appended to `warnings`. An error when the list cannot be read: the caller
    /// must then not write the column's entities, or the stored ones would be lost.
    virtual Result<std::vector<nbt::Compound>, std::string> load_entities(ChunkPos pos,
                                                                          std::vector<std::string>& warnings) = 0;
    /// @brief Writes a batch atomically: after a crash at any moment, either every entry of the
    /// batch is on disk or none is (so an entity moving between two columns is never lost or
    /// duplicated). Returns an error message, or an empty string on success.
    virtual std::string save(std::span<const ChunkSaveEntry> batch, std::int64_t game_time) = 0;
    /// @brief The column was saved and unloaded: what the storage remembers of it to write it back
    /// (the DataVersion it was read with, POI records it does not understand) may be let go.
    virtual void forget(ChunkPos pos) { (void)pos; }
};

}  // namespace mobsdk::server
