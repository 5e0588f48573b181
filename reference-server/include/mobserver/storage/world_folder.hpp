// Checks made before the server reads or writes a world: where its folder is (inside the server
// folder unless the admin gave an absolute --world), that every folder it writes can be read and
// written, and what chunk files it already holds, so that a damaged world is never taken for a new one.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "mobsdk/core/result.hpp"

namespace mobsdk::server {

/// @brief The world folder for `level_name` inside `server_dir`. A name that is an absolute path
/// or whose `..` components lead outside `server_dir` is an error naming `source` (`level-name`
/// or `--world`), unless it is absolute and `source` is `--world`: the admin's explicit choice.
Result<std::filesystem::path, std::string> resolve_level_dir(const std::filesystem::path& server_dir,
                                                             const std::string& level_name, const std::string& source);

/// @brief What check_world_folder() found in a world folder.
struct WorldFolderScan {
    std::filesystem::path level_dir;  ///< the folder, absolute
    std::size_t region_files = 0;     ///< `r.X.Z.mca` files in region/
    std::size_t entity_files = 0;     ///< `r.X.Z.mca` files in entities/
    std::size_t poi_files = 0;        ///< `r.X.Z.mca` files in poi/
    /// @brief True when any chunk file exists: the world is not new, whatever level.dat says.
    bool has_chunk_files() const noexcept { return region_files + entity_files + poi_files > 0; }
    /// @brief "4 region files (region/), 4 entity files (entities/) and 4 POI files (poi/)".
    std::string describe() const;
};

/// @brief Creates `level_dir` if missing and checks that it, `server_dir` and the world's
/// region/, entities/, poi/ and data/ folders (those that exist) are folders the server can list
/// and create files in (by creating and deleting a probe file, which also catches read-only
/// mounts when running as root). The error names the folder and says what to do.
Result<WorldFolderScan, std::string> check_world_folder(const std::filesystem::path& server_dir,
                                                        const std::filesystem::path& level_dir);

/// @brief The start-up error for a folder with chunk files and neither level.dat nor level.dat_old.
std::string missing_level_dat_error(const WorldFolderScan& scan);

}  // namespace mobsdk::server
