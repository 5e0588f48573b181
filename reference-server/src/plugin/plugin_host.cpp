// The plugin host. Order matters everywhere here: nothing a plugin made may outlive its library,
// and no C++ object reaches a plugin before its descriptor passed every check.
#include "mobserver/plugin/plugin_host.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <system_error>

#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/plugin/abi.h"
#include "mobsdk/plugin/ai_factory.hpp"
#include "mobsdk/plugin/plugin.hpp"
#include "mobsdk/stdlib/sensors.hpp"

namespace mobsdk::server {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxField = 256;  // longest id, name, version or dependency we accept
constexpr std::size_t kMaxDependencies = 64;

// Reads a NUL-terminated string of the plugin's, bounded; empty optional for NULL or too long.
std::optional<std::string> field(const char* s) {
    if (!s) return std::nullopt;
    const std::size_t n = ::strnlen(s, kMaxField + 1);
    if (n > kMaxField) return std::nullopt;
    return std::string(s, n);
}

bool valid_plugin_id(std::string_view id) {
    if (id.empty()) return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    });
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    if (from.empty()) return text;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

std::string version_string(std::uint32_t major, std::uint32_t minor, std::uint32_t patch) {
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

std::atomic<unsigned> g_shadow_counter{0};

}  // namespace

// An open library. Closing it is the very last step of unloading a plugin.
struct PluginHost::Library {
    void* handle = nullptr;
    fs::path shadow;  // the private copy that was opened
    ~Library() {
        if (handle) ::dlclose(handle);
        std::error_code ec;
        if (!shadow.empty()) fs::remove(shadow, ec);
    }
};

// A library whose descriptor passed the checks, not registered yet.
struct PluginHost::Candidate {
    std::unique_ptr<Library> library;
    const MobsdkPluginDescriptor* descriptor = nullptr;
    LoadedPluginInfo info;
};

// A registered plugin: its context (and what it keeps) and its instance.
struct PluginHost::Active {
    Candidate* candidate = nullptr;
    std::unique_ptr<plugin::PluginContext> context;
    void* instance = nullptr;
};

PluginHost::PluginHost(LogSink log, Builtins builtins) : log_(std::move(log)), builtins_(std::move(builtins)) {}

PluginHost::~PluginHost() {
    unload();
    std::error_code ec;
    if (!shadow_dir_.empty()) fs::remove_all(shadow_dir_, ec);
}

bool PluginHost::is_resident(const fs::path& path) {
    void* h = ::dlopen(path.c_str(), RTLD_NOLOAD | RTLD_LAZY);
    if (!h) return false;
    ::dlclose(h);
    return true;
}

void PluginHost::refuse(const fs::path& file, std::string reason) {
    log_(LogLevel::Error, "Refused plugin " + file.string() + ": " + reason);
    refusals_.push_back(PluginRefusal{file, std::move(reason)});
}

std::unique_ptr<PluginHost::Candidate> PluginHost::open_candidate(const fs::path& file) {
    std::error_code ec;
    const auto size = fs::file_size(file, ec);
    if (ec) {
        refuse(file, "cannot be read: " + ec.message());
        return nullptr;
    }
    if (size > max_library_size) {
        refuse(file, "larger than " + std::to_string(max_library_size >> 20) + " MiB");
        return nullptr;
    }
    // A private copy is opened, never the file itself: a rebuild may overwrite the file while
    // the server runs, and the loader would hand back a library it still has mapped under the
    // same name instead of the new build.
    if (shadow_dir_.empty()) {
        shadow_dir_ = fs::temp_directory_path() /
                      ("mobserver-plugins-" + std::to_string(::getpid()) + "-" + std::to_string(g_shadow_counter++));
        fs::create_directories(shadow_dir_, ec);
    }
    auto library = std::make_unique<Library>();
    library->shadow = shadow_dir_ / (std::to_string(g_shadow_counter++) + "-" + file.filename().string());
    if (!fs::copy_file(file, library->shadow, fs::copy_options::overwrite_existing, ec)) {
        library->shadow.clear();
        refuse(file, "cannot be copied for loading: " + ec.message());
        return nullptr;
    }
    library->handle = ::dlopen(library->shadow.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library->handle) {
        const char* err = ::dlerror();
        refuse(file, "cannot be loaded: " + replace_all(err ? err : "unknown error", library->shadow.string(), file.string()));
        return nullptr;
    }
    ::dlerror();
    void* symbol = ::dlsym(library->handle, MOBSDK_PLUGIN_ENTRY_POINT_NAME);
    if (!symbol) {
        refuse(file, "no entry point " MOBSDK_PLUGIN_ENTRY_POINT_NAME " (not a mobsdk plugin)");
        return nullptr;
    }
    MobsdkPluginEntryFn entry;
    static_assert(sizeof entry == sizeof symbol);
    std::memcpy(&entry, &symbol, sizeof entry);
    const MobsdkPluginDescriptor* d = entry();
    if (!d) {
        refuse(file, "its entry point returned no descriptor");
        return nullptr;
    }
    // The first two fields are the same in every ABI version: read them before anything else.
    if (d->struct_size < 2 * sizeof(std::uint32_t)) {
        refuse(file, "its descriptor is " + std::to_string(d->struct_size) + " bytes, too small to hold an ABI version");
        return nullptr;
    }
    if (d->abi_version != MOBSDK_PLUGIN_ABI_VERSION) {
        refuse(file, "plugin ABI version " + std::to_string(d->abi_version) + ", this server supports version " +
                         std::to_string(MOBSDK_PLUGIN_ABI_VERSION));
        return nullptr;
    }
    if (d->struct_size < sizeof(MobsdkPluginDescriptor)) {
        refuse(file, "its descriptor is " + std::to_string(d->struct_size) + " bytes, ABI version " +
                         std::to_string(MOBSDK_PLUGIN_ABI_VERSION) + " needs " + std::to_string(sizeof(MobsdkPluginDescriptor)));
        return nullptr;
    }
    if (d->sdk_version_major != MOBSDK_VERSION_MAJOR || d->sdk_version_minor != MOBSDK_VERSION_MINOR ||
        d->sdk_version_patch > MOBSDK_VERSION_PATCH) {
        refuse(file, "built against mobsdk " + version_string(d->sdk_version_major, d->sdk_version_minor, d->sdk_version_patch) +
                         ", this server runs mobsdk " MOBSDK_VERSION_STRING
                         " (a plugin needs the same major.minor and a patch no newer than the server's)");
        return nullptr;
    }
    const auto fingerprint = field(d->build_fingerprint);
    if (!fingerprint || *fingerprint != MOBSDK_BUILD_FINGERPRINT) {
        refuse(file, "built with an incompatible toolchain: plugin \"" + fingerprint.value_or("(none)") +
                         "\", server \"" MOBSDK_BUILD_FINGERPRINT "\"");
        return nullptr;
    }
    auto c = std::make_unique<Candidate>();
    const auto id = field(d->id);
    if (!id || !valid_plugin_id(*id)) {
        refuse(file, "invalid plugin id '" + id.value_or("") + "' (use a-z, 0-9, '_', '-' and '.')");
        return nullptr;
    }
    const auto name = field(d->name);
    const auto version = field(d->version);
    if (!name || !version || !d->dependencies || !d->register_plugin || !d->unregister_plugin) {
        refuse(file, "its descriptor lacks a name, version, dependency list or function");
        return nullptr;
    }
    for (std::size_t i = 0;; ++i) {
        if (i > kMaxDependencies) {
            refuse(file, "more than " + std::to_string(kMaxDependencies) + " dependencies");
            return nullptr;
        }
        if (!d->dependencies[i]) break;
        const auto dep = field(d->dependencies[i]);
        if (!dep || !valid_plugin_id(*dep)) {
            refuse(file, "invalid dependency id '" + dep.value_or("") + "'");
            return nullptr;
        }
        c->info.dependencies.push_back(*dep);
    }
    c->descriptor = d;
    c->info.id = *id;
    c->info.name = *name;
    c->info.version = *version;
    c->info.file = file;
    c->info.loaded_from = library->shadow;
    c->library = std::move(library);
    return c;
}

std::vector<PluginHost::Candidate*> PluginHost::resolve_order(std::vector<std::unique_ptr<Candidate>>& found) {
    // Duplicate ids: the first library (by file name) keeps the id.
    std::map<std::string, Candidate*> by_id;
    std::vector<Candidate*> pending;
    for (auto& c : found) {
        if (auto it = by_id.find(c->info.id); it != by_id.end()) {
            refuse(c->info.file, "duplicate plugin id '" + c->info.id + "', already loaded from " + it->second->info.file.string());
            continue;
        }
        by_id.emplace(c->info.id, c.get());
        pending.push_back(c.get());
    }
    auto drop_missing = [&] {
        for (bool changed = true; changed;) {
            changed = false;
            for (auto it = pending.begin(); it != pending.end(); ++it) {
                Candidate* c = *it;
                const auto missing = std::find_if(c->info.dependencies.begin(), c->info.dependencies.end(), [&](const std::string& d) {
                    return std::none_of(pending.begin(), pending.end(), [&](Candidate* p) { return p->info.id == d; });
                });
                if (missing != c->info.dependencies.end()) {
                    refuse(c->info.file, "missing dependency '" + *missing + "'");
                    pending.erase(it);
                    changed = true;
                    break;
                }
            }
        }
    };
    drop_missing();
    std::vector<Candidate*> order;
    std::set<std::string> placed;
    while (!pending.empty()) {
        auto ready = std::find_if(pending.begin(), pending.end(), [&](Candidate* c) {
            return std::all_of(c->info.dependencies.begin(), c->info.dependencies.end(),
                               [&](const std::string& d) { return placed.count(d) > 0; });
        });
        if (ready != pending.end()) {
            placed.insert((*ready)->info.id);
            order.push_back(*ready);
            pending.erase(ready);
            continue;
        }
        // Nothing is ready: a cycle. Walk unplaced dependencies from the first pending plugin
        // until one repeats; the plugins from there on form the cycle.
        std::vector<Candidate*> walk{pending.front()};
        for (;;) {
            Candidate* at = walk.back();
            const auto next_id = std::find_if(at->info.dependencies.begin(), at->info.dependencies.end(),
                                              [&](const std::string& d) { return placed.count(d) == 0; });
            Candidate* next = by_id.at(*next_id);
            if (auto seen = std::find(walk.begin(), walk.end(), next); seen != walk.end()) {
                walk.erase(walk.begin(), seen);
                break;
            }
            walk.push_back(next);
        }
        std::string cycle;
        for (Candidate* c : walk) cycle += c->info.id + " -> ";
        cycle += walk.front()->info.id;
        for (Candidate* c : walk) {
            refuse(c->info.file, "dependency cycle " + cycle);
            pending.erase(std::find(pending.begin(), pending.end(), c));
        }
        drop_missing();
    }
    return order;
}

void PluginHost::teardown_active() noexcept {
    // Last registered, first gone: a plugin may use what its dependencies registered.
    for (auto it = active_.rbegin(); it != active_.rend(); ++it) {
        if (it->instance) it->candidate->descriptor->unregister_plugin(it->instance);
        it->instance = nullptr;
        if (it->context) it->context->release_kept();
        it->context.reset();
    }
    active_.clear();
    // Sensor factories and memory value tables in the registries are plugin code too.
    registries_.reset();
}

void PluginHost::load(const fs::path& dir) {
    unload();
    refusals_.clear();
    std::vector<fs::path> files;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        log_(LogLevel::Info, "No plugins folder " + dir.string() + ": no plugins loaded");
    } else {
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
            if (it->path().extension() == ".so" && it->is_regular_file(ec)) files.push_back(it->path());
        std::sort(files.begin(), files.end());
        log_(LogLevel::Info, "Loading " + std::to_string(files.size()) + " plugin" + (files.size() == 1 ? "" : "s") +
                                 " from " + dir.string());
    }
    std::vector<std::unique_ptr<Candidate>> found;
    for (const auto& f : files)
        if (auto c = open_candidate(f)) found.push_back(std::move(c));
    std::vector<Candidate*> order = resolve_order(found);

    // Register into fresh registries; when a plugin fails, start again without it (and without
    // whatever needs it), so that nothing it registered is ever committed.
    for (;;) {
        registries_ = std::make_unique<ContentRegistries>();
        builtins_(registries_->world, registries_->brain);
        Candidate* failed = nullptr;
        std::string why;
        for (Candidate* c : order) {
            auto context = std::make_unique<plugin::PluginContext>(registries_->world, registries_->brain, c->info.id);
            char error[MOBSDK_PLUGIN_ERROR_SIZE] = {};
            void* instance = nullptr;
            const int rc = c->descriptor->register_plugin(context.get(), &instance, error, sizeof error);
            active_.push_back(Active{c, std::move(context), rc == 0 ? instance : nullptr});
            if (rc != 0) {
                failed = c;
                why = ::strnlen(error, sizeof error) ? std::string(error) : std::string("no reason given");
                break;
            }
        }
        if (!failed) break;
        teardown_active();
        refuse(failed->info.file, "registration failed: " + why);
        order.erase(std::find(order.begin(), order.end(), failed));
        for (bool changed = true; changed;) {  // whatever needed it cannot load either
            changed = false;
            for (auto it = order.begin(); it != order.end(); ++it) {
                const auto& deps = (*it)->info.dependencies;
                const auto missing = std::find_if(deps.begin(), deps.end(), [&](const std::string& d) {
                    return std::none_of(order.begin(), order.end(), [&](Candidate* p) { return p->info.id == d; });
                });
                if (missing != deps.end()) {
                    refuse((*it)->info.file, "missing dependency '" + *missing + "'");
                    order.erase(it);
                    changed = true;
                    break;
                }
            }
        }
    }
    registries_->world.freeze();
    registries_->brain.freeze();

    // Refused libraries close now (their registrations are gone with the torn-down registries).
    for (auto& c : found) {
        if (std::find(order.begin(), order.end(), c.get()) != order.end()) candidates_.push_back(std::move(c));
    }
    found.clear();
    std::sort(candidates_.begin(), candidates_.end(), [&](const auto& a, const auto& b) {
        return std::find(order.begin(), order.end(), a.get()) < std::find(order.begin(), order.end(), b.get());
    });
    for (const auto& c : candidates_) {
        plugins_.push_back(c->info);
        log_(LogLevel::Info, "Loaded plugin " + c->info.id + " " + c->info.version + " (" + c->info.name + ") from " +
                                 c->info.file.string());
    }
}

void PluginHost::unload() noexcept {
    teardown_active();
    // Libraries close last, dependents first.
    while (!candidates_.empty()) {
        const fs::path shadow = candidates_.back()->library->shadow;
        const std::string id = candidates_.back()->info.id;
        candidates_.pop_back();
        if (!shadow.empty() && is_resident(shadow))
            log_(LogLevel::Warn, "Plugin " + id + " stays in memory after unloading (it exports unique symbols: "
                                 "build it with hidden visibility, see docs/plugin-abi.md)");
    }
    plugins_.clear();
}

void register_builtin_content(WorldRegistries& world, brain::BrainRegistries& brain) {
    register_vanilla_blocks(world.blocks);
    const VanillaPoiTypes pois = register_vanilla_poi_types(world.poi_types);
    register_vanilla_entity_types(world.entity_types);
    const brain::StandardMemories memories = brain::register_standard_memories(brain.memory_types);
    const brain::VanillaActivities activities = brain::register_vanilla_activities(brain.activities);
    brain::register_vanilla_schedules(brain.schedules, activities);
    // The standard sensors under their vanilla ids, for every plugin to use; what a sensor needs
    // to know of a mob's kind (wanted items, secondary POIs) it asks the mob's attachment.
    stdlib::StandardSensorOptions options;
    options.entity_types = &world.entity_types;
    options.home_poi = pois.home;
    stdlib::register_standard_sensors(brain.sensor_types, memories, options);
}

World::MobInitializer ai_initializer() {
    return [](ServerMob& mob) { mob.init_ai_from_type(); };
}

}  // namespace mobsdk::server
