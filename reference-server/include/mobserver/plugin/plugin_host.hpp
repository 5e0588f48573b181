// The plugin host: finds plugin libraries, checks their descriptors (plugin/abi.h) before any C++
// object crosses, registers them in dependency order into fresh registries, and unloads them.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "mobsdk/plugin/registries.hpp"
#include "mobsdk/plugin/vanilla_content.hpp"
#include "mobserver/server/log.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

/// @brief A plugin that loaded.
struct LoadedPluginInfo {
    std::string id;                         ///< its id
    std::string name;                       ///< display name
    std::string version;                    ///< its version
    std::vector<std::string> dependencies;  ///< ids it needs
    std::filesystem::path file;             ///< the library as found in the plugins folder
    std::filesystem::path loaded_from;      ///< the private copy that was opened (see docs/plugin-abi.md)
};

/// @brief A library the host refused, and why (the log line is "Refused plugin FILE: REASON").
struct PluginRefusal {
    std::filesystem::path file;  ///< the library as found in the plugins folder
    std::string reason;          ///< e.g. "missing dependency 'good'"
};

/// @brief Loads the plugins of one folder into fresh registries and unloads them again.
///
/// load() builds the registries (built-in content first, then every plugin that passes the
/// checks, in dependency order) and freezes them. A plugin whose registration fails is dropped
/// with everything it registered: the registries are rebuilt without it, so a failed plugin never
/// leaves an entry behind. unload() (and the destructor) destroys the plugins' instances, the
/// objects they keep and the registries, and only then closes the libraries.
class PluginHost {
public:
    /// @brief Where log lines go.
    using LogSink = std::function<void(LogLevel, const std::string&)>;
    /// @brief Registers the built-in (vanilla) content into fresh registries and returns its
    /// handles (register_vanilla_content).
    using Builtins = std::function<VanillaContent(Registries&)>;

    /// @brief A host that logs to `log` and starts every registry build with `builtins`.
    ///
    /// Libraries are opened from private copies in a fresh folder made with mkdtemp (mode 0700,
    /// never reused): inside `copies_dir` (created 0700 if missing; it must be a real folder of
    /// this user that no one else can write), or, when `copies_dir` is empty, in the system temp
    /// folder as `mobserver-plugins-<pid>-XXXXXX`. Folders left there by a process that is gone
    /// (a crash) are removed by the first load().
    PluginHost(LogSink log, Builtins builtins, std::filesystem::path copies_dir = {});
    ~PluginHost();
    PluginHost(const PluginHost&) = delete;
    PluginHost& operator=(const PluginHost&) = delete;

    /// @brief Loads every `*.so` in `dir` (a missing folder, or an empty path, loads none) and freezes the
    /// registries. A library whose file name (without `.so`) or plugin id is in `disabled` is
    /// not registered (matched by file name, none of its code runs). Call once, or again after
    /// unload(). Throws only when `builtins` throws. Returns an error, and loads no plugin,
    /// when no private folder for the copies can be made (see the constructor).
    std::string load(const std::filesystem::path& dir, const std::vector<std::string>& disabled = {});
    /// @brief Destroys the plugins' objects and the registries, then closes the libraries.
    /// Whatever refers to them (the world, brains) must be gone already.
    void unload() noexcept;

    /// @brief True between load() and unload().
    bool loaded() const noexcept { return registries_ != nullptr; }
    /// @brief The frozen world registries (after load()).
    const WorldRegistries& world_registries() const { return registries_->world; }
    /// @brief The frozen brain registries (after load()).
    const brain::BrainRegistries& brain_registries() const { return registries_->brain; }
    /// @brief The handles of the built-in content (after load()), as plugins see it.
    const VanillaContent& vanilla() const { return *vanilla_; }
    /// @brief The plugins that loaded, in load (dependency) order.
    const std::vector<LoadedPluginInfo>& plugins() const noexcept { return plugins_; }
    /// @brief The libraries refused by the last load(), in the order they were refused.
    const std::vector<PluginRefusal>& refusals() const noexcept { return refusals_; }
    /// @brief The ids (or file names) of plugins the last load() left out because they are disabled.
    const std::vector<std::string>& disabled() const noexcept { return disabled_; }
    /// @brief The private folder holding the copies opened by the last load(); empty before.
    const std::filesystem::path& copies_folder() const noexcept { return shadow_dir_; }

    /// @brief True while a library at `path` is mapped in this process (tests check that an
    /// unloaded plugin's code is really gone).
    static bool is_resident(const std::filesystem::path& path);

    /// @brief Largest plugin library accepted (a limit on what is read from outside).
    static constexpr std::uintmax_t max_library_size = 256u << 20;

private:
    struct Library;
    struct Candidate;
    struct Active;

    void refuse(const std::filesystem::path& file, std::string reason);
    std::string make_copies_folder();
    void remove_stale_copies(const std::filesystem::path& parent, const std::string& prefix);
    std::unique_ptr<Candidate> open_candidate(const std::filesystem::path& file);
    std::vector<Candidate*> resolve_order(std::vector<std::unique_ptr<Candidate>>& found);
    void teardown_active() noexcept;

    LogSink log_;
    Builtins builtins_;
    std::filesystem::path copies_dir_;
    std::filesystem::path shadow_dir_;
    std::vector<std::string> disabled_;
    std::unique_ptr<Registries> registries_;
    std::unique_ptr<VanillaContent> vanilla_;             // what builtins_ returned for registries_
    std::vector<std::unique_ptr<Candidate>> candidates_;  // libraries open now, load order
    std::vector<Active> active_;
    std::vector<LoadedPluginInfo> plugins_;
    std::vector<PluginRefusal> refusals_;
};

/// @brief The mob initializer that gives each new mob the attachment, brain and goals its type's
/// MobAiFactory makes (World::set_mob_initializer). A factory that throws leaves the mob without
/// AI; the world logs it.
World::MobInitializer ai_initializer();

}  // namespace mobsdk::server
