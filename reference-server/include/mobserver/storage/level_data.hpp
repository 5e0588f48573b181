// The world's own settings in vanilla's files: `level.dat` (seed, clocks, spawn, difficulty, game
// rules, generator) written crash-safely with a `level.dat_old` fallback, and `data/chunks.dat`
// (the force-loaded chunks).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/tag.hpp"
// world.hpp before properties.hpp: properties.hpp declares mobsdk::server::Difficulty and
// MemoryExpiry, which would hide the SDK's enums that World's overrides name.
#include "mobserver/server/properties.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

/// @brief `version` in level.dat: the Anvil format id vanilla writes (19133).
inline constexpr std::int32_t anvil_format_version = 19133;
/// @brief Largest level.dat or chunks.dat read, in bytes (compressed and decompressed).
inline constexpr std::size_t max_level_file_bytes = 16u * 1024 * 1024;

/// @brief Reads a small NBT file (level.dat, chunks.dat, playerdata: gzip, zlib or plain) whose
/// root is a compound, at most max_level_file_bytes; an error says what is wrong with it.
Result<nbt::Compound, std::string> read_small_nbt(const std::filesystem::path& path);

/// @brief One layer of a superflat world, bottom up (vanilla's flat generator settings).
struct FlatLayer {
    std::string block;        ///< block id, e.g. `minecraft:bedrock`
    std::int32_t height = 1;  ///< rows
    friend bool operator==(const FlatLayer&, const FlatLayer&) = default;
};

/// @brief Vanilla's default superflat layers: bedrock, 2 dirt, grass_block.
std::vector<FlatLayer> default_flat_layers();

/// @brief What level.dat holds that the server uses, plus everything else kept to be written back.
struct LevelData {
    std::string level_name = "world";                          ///< LevelName
    std::int64_t seed = 0;                                     ///< WorldGenSettings.seed
    std::int64_t game_time = 0;                                ///< Time
    std::int64_t day_time = 0;                                 ///< DayTime
    BlockPos spawn{0, -60, 0};                                 ///< SpawnX/Y/Z
    float spawn_angle = 0.0f;                                  ///< SpawnAngle
    mobsdk::Difficulty difficulty = mobsdk::Difficulty::Easy;  ///< Difficulty (byte)
    bool difficulty_locked = false;                            ///< DifficultyLocked
    GameRules rules;                                           ///< the game rules the world reads
    /// @brief Every other game rule, by name, as the string vanilla stores; written back unchanged.
    std::map<std::string, std::string> other_rules;
    /// @brief The overworld generator: Flat (`minecraft:flat`) or Void (a flat world without
    /// layers); a vanilla `minecraft:noise` or debug generator reads as Normal, LargeBiomes,
    /// Amplified or Debug.
    LevelType level_type = LevelType::Flat;
    std::vector<FlatLayer> flat_layers = default_flat_layers();  ///< layers when level_type is Flat
    std::string flat_biome = "minecraft:plains";                 ///< the flat world's biome
    bool generate_features = false;                              ///< WorldGenSettings.generate_features
    std::int32_t game_type = 0;                                  ///< GameType (0 survival)
    bool hardcore = false;                                       ///< hardcore
    bool allow_commands = false;                                 ///< allowCommands
    std::int64_t last_played = 0;                                ///< LastPlayed (ms since the epoch; set on write)
    std::vector<std::string> server_brands{"mobsdk"};            ///< ServerBrands (ours is added on write)
    /// @brief Data entries this server does not model (weather, world border, DataPacks…), kept
    /// from the file read and written back as they were.
    nbt::Compound other;
    /// @brief WorldGenSettings.dimensions entries other than the overworld, kept as read.
    nbt::Compound other_dimensions;
};

/// @brief The root compound of level.dat (`{Data: {…}}`) for `data`, with LastPlayed = `now_ms`.
nbt::Compound level_data_to_nbt(const LevelData& data, std::int64_t now_ms);

/// @brief Reads the root compound of level.dat. Missing optional fields take their defaults; a
/// field of the wrong type, or a missing `Data`, is an error naming the field.
Result<LevelData, std::string> level_data_from_nbt(const nbt::Compound& root);

/// @brief What read_level_dat found.
struct LevelDataLoad {
    LevelData data;                     ///< the settings
    std::filesystem::path file;         ///< the file they came from (level.dat or level.dat_old)
    bool from_backup = false;           ///< true when level.dat was missing or bad and level.dat_old was used
    std::vector<std::string> warnings;  ///< why level.dat was not used, when it was not
};

/// @brief Reads DIR/level.dat, falling back to level.dat_old when level.dat is missing or cannot
/// be read. nullopt when neither exists (a new world); an error naming both files when neither
/// can be read.
Result<std::optional<LevelDataLoad>, std::string> read_level_dat(const std::filesystem::path& level_dir);

/// @brief Writes DIR/level.dat crash-safely: level.dat_new is written and synced, the current
/// level.dat becomes level.dat_old (a hard link, so level.dat never disappears), then
/// level.dat_new is renamed over level.dat and the folder is synced. Creates DIR if needed.
Result<void, std::string> write_level_dat(const std::filesystem::path& level_dir, const LevelData& data);

/// @brief Reads DIR/data/chunks.dat (vanilla's force-loaded chunks, `data.Forced` as ChunkPos
/// longs); an empty list when the file does not exist.
Result<std::vector<ChunkPos>, std::string> read_forced_chunks(const std::filesystem::path& level_dir);

/// @brief Writes DIR/data/chunks.dat (gzip, crash-safely through a temporary file).
Result<void, std::string> write_forced_chunks(const std::filesystem::path& level_dir,
                                              const std::vector<ChunkPos>& chunks);

}  // namespace mobsdk::server
