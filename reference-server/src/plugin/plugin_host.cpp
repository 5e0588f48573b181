// The plugin host. Order matters everywhere here: nothing a plugin made may outlive its library,
// and no C++ object reaches a plugin before its descriptor passed every check.
#include "mobserver/plugin/plugin_host.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
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

// Copies `from` to a new file `to` (which must not exist) without following a symbolic link at
// either end; "" or what went wrong.
std::string copy_no_follow(const fs::path& from, const fs::path& to, std::uintmax_t max_bytes) {
    const int in = ::open(from.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (in < 0) {
        if (errno == ELOOP)
            return "is a symbolic link (plugins are opened without following links: put the library itself in the "
                   "folder)";
        return std::string("cannot be opened: ") + std::strerror(errno);
    }
    struct stat st {};
    if (::fstat(in, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(in);
        return "is not a regular file";
    }
    if (static_cast<std::uintmax_t>(st.st_size) > max_bytes) {
        ::close(in);
        return "larger than " + std::to_string(max_bytes >> 20) + " MiB";
    }
    const int out = ::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0700);
    if (out < 0) {
        const std::string why = std::strerror(errno);
        ::close(in);
        return "cannot be copied for loading to " + to.string() + ": " + why;
    }
    char buf[1 << 16];
    std::string error;
    for (;;) {
        const ssize_t n = ::read(in, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            error = std::string("cannot be read: ") + std::strerror(errno);
            break;
        }
        if (n == 0) break;
        for (ssize_t done = 0; done < n;) {
            const ssize_t w = ::write(out, buf + done, static_cast<std::size_t>(n - done));
            if (w < 0 && errno == EINTR) continue;
            if (w < 0) {
                error = "cannot be copied for loading to " + to.string() + ": " + std::strerror(errno);
                break;
            }
            done += w;
        }
        if (!error.empty()) break;
    }
    ::close(in);
    if (::close(out) != 0 && error.empty())
        error = "cannot be copied for loading to " + to.string() + ": " + std::strerror(errno);
    if (!error.empty()) ::unlink(to.c_str());
    return error;
}

// True when `pid` names a process that still runs (or one we may not signal).
bool process_alive(long pid) { return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM); }

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

PluginHost::PluginHost(LogSink log, Builtins builtins, fs::path copies_dir)
    : log_(std::move(log)), builtins_(std::move(builtins)), copies_dir_(std::move(copies_dir)) {}

PluginHost::~PluginHost() { unload(); }

void PluginHost::remove_stale_copies(const fs::path& parent, const std::string& prefix) {
    // <prefix><pid>-XXXXXX folders of ours whose process is gone: a crash left them.
    std::error_code ec;
    for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind(prefix, 0) != 0) continue;
        const std::size_t dash = name.find('-', prefix.size());
        if (dash == std::string::npos) continue;
        char* stop = nullptr;
        const long pid = std::strtol(name.c_str() + prefix.size(), &stop, 10);
        if (stop != name.c_str() + dash || pid == ::getpid() || process_alive(pid)) continue;
        struct stat st {};
        if (::lstat(it->path().c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::geteuid()) continue;
        std::error_code rm;
        fs::remove_all(it->path(), rm);  // never follows links: a link inside is removed, not its target
        if (!rm) log_(LogLevel::Info, "Removed plugin copies left by an earlier run: " + it->path().string());
    }
}

std::string PluginHost::make_copies_folder() {
    fs::path parent = copies_dir_;
    std::string prefix;
    if (parent.empty()) {
        std::error_code ec;
        parent = fs::temp_directory_path(ec);
        if (ec) return "no system temp folder for the plugin copies: " + ec.message();
        prefix = "mobserver-plugins-";
    } else {
        // Our own folder: made private if missing; if it exists it must be a real folder of ours
        // that no one else may write, or anyone could swap a copy before it is loaded.
        if (::mkdir(parent.c_str(), 0700) != 0 && errno != EEXIST)
            return "cannot create " + parent.string() + ": " + std::strerror(errno);
        struct stat st {};
        if (::lstat(parent.c_str(), &st) != 0) return "cannot read " + parent.string() + ": " + std::strerror(errno);
        if (S_ISLNK(st.st_mode))
            return parent.string() + " is a symbolic link; remove it (the server makes this folder itself)";
        if (!S_ISDIR(st.st_mode))
            return parent.string() + " is not a folder; remove it (the server makes this folder itself)";
        if (st.st_uid != ::geteuid())
            return parent.string() + " belongs to user " + std::to_string(st.st_uid) + ", not to the server's user " +
                   std::to_string(::geteuid()) + "; remove it";
        if (st.st_mode & (S_IWGRP | S_IWOTH))
            return parent.string() + " may be written by other users; remove it or chmod 700 it";
    }
    remove_stale_copies(parent, prefix);
    std::string pattern = (parent / (prefix + std::to_string(::getpid()) + "-XXXXXX")).string();
    if (!::mkdtemp(pattern.data()))
        return "cannot create a private folder in " + parent.string() + ": " + std::strerror(errno);
    shadow_dir_ = pattern;
    return {};
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
    // A private copy is opened, never the file itself: a rebuild may overwrite the file while
    // the server runs, and the loader would hand back a library it still has mapped under the
    // same name instead of the new build. The copy lives in a folder only this process made and
    // can write (make_copies_folder), so no one can swap it between the copy and dlopen.
    auto library = std::make_unique<Library>();
    library->shadow = shadow_dir_ / (std::to_string(g_shadow_counter++) + "-" + file.filename().string());
    if (std::string why = copy_no_follow(file, library->shadow, max_library_size); !why.empty()) {
        library->shadow.clear();
        refuse(file, why);
        return nullptr;
    }
    library->handle = ::dlopen(library->shadow.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library->handle) {
        const char* err = ::dlerror();
        refuse(file, "cannot be loaded: " +
                         replace_all(err ? err : "unknown error", library->shadow.string(), file.string()));
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
        refuse(file,
               "its descriptor is " + std::to_string(d->struct_size) + " bytes, too small to hold an ABI version");
        return nullptr;
    }
    if (d->abi_version != MOBSDK_PLUGIN_ABI_VERSION) {
        refuse(file, "plugin ABI version " + std::to_string(d->abi_version) + ", this server supports version " +
                         std::to_string(MOBSDK_PLUGIN_ABI_VERSION));
        return nullptr;
    }
    if (d->struct_size < sizeof(MobsdkPluginDescriptor)) {
        refuse(file, "its descriptor is " + std::to_string(d->struct_size) + " bytes, ABI version " +
                         std::to_string(MOBSDK_PLUGIN_ABI_VERSION) + " needs " +
                         std::to_string(sizeof(MobsdkPluginDescriptor)));
        return nullptr;
    }
    if (d->sdk_version_major != MOBSDK_VERSION_MAJOR || d->sdk_version_minor != MOBSDK_VERSION_MINOR ||
        d->sdk_version_patch > MOBSDK_VERSION_PATCH) {
        refuse(file, "built against mobsdk " +
                         version_string(d->sdk_version_major, d->sdk_version_minor, d->sdk_version_patch) +
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
            refuse(c->info.file,
                   "duplicate plugin id '" + c->info.id + "', already loaded from " + it->second->info.file.string());
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
                const auto missing =
                    std::find_if(c->info.dependencies.begin(), c->info.dependencies.end(), [&](const std::string& d) {
                        return std::none_of(pending.begin(), pending.end(),
                                            [&](Candidate* p) { return p->info.id == d; });
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
    vanilla_.reset();
}

std::string PluginHost::load(const fs::path& dir, const std::vector<std::string>& disabled) {
    unload();
    refusals_.clear();
    disabled_.clear();
    std::vector<fs::path> files;
    std::error_code ec;
    if (dir.empty()) {
        // Safe mode: nothing to list, nothing to say.
    } else if (!fs::is_directory(dir, ec)) {
        log_(LogLevel::Info, "No plugins folder " + dir.string() + ": no plugins loaded");
    } else {
        // Links are listed too, so that one is refused with a reason instead of skipped unseen.
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
            if (it->path().extension() == ".so" && (it->is_symlink(ec) || it->is_regular_file(ec)))
                files.push_back(it->path());
        std::sort(files.begin(), files.end());
        log_(LogLevel::Info, "Loading " + std::to_string(files.size()) + " plugin" + (files.size() == 1 ? "" : "s") +
                                 " from " + dir.string());
    }
    auto is_disabled = [&](const std::string& name) {
        return std::find(disabled.begin(), disabled.end(), name) != disabled.end();
    };
    auto note_disabled = [&](const fs::path& file, const std::string& name) {
        disabled_.push_back(name);
        log_(LogLevel::Warn, "Plugin " + name + " is disabled (plugins-disabled in server.properties): " +
                                 file.string() + " is not loaded, its mobs are kept in storage unchanged");
    };
    std::erase_if(files, [&](const fs::path& f) {
        if (!is_disabled(f.stem().string())) return false;
        note_disabled(f, f.stem().string());
        return true;
    });
    // No safe place to load from: no plugin is loaded (the built-ins are), and the caller decides
    // whether to go on.
    std::string copies_error;
    if (!files.empty()) copies_error = make_copies_folder();
    if (!copies_error.empty()) files.clear();
    std::vector<std::unique_ptr<Candidate>> found;
    for (const auto& f : files) {
        auto c = open_candidate(f);
        if (!c) continue;
        if (is_disabled(c->info.id)) {
            note_disabled(f, c->info.id);
            continue;
        }
        found.push_back(std::move(c));
    }
    std::vector<Candidate*> order = resolve_order(found);

    // Register into fresh registries; when a plugin fails, start again without it (and without
    // whatever needs it), so that nothing it registered is ever committed.
    for (;;) {
        registries_ = std::make_unique<Registries>();
        vanilla_ = std::make_unique<VanillaContent>(builtins_(*registries_));
        Candidate* failed = nullptr;
        std::string why;
        for (Candidate* c : order) {
            auto context = std::make_unique<plugin::PluginContext>(*registries_, *vanilla_, c->info.id);
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
    registries_->freeze();

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
    return copies_error.empty() ? std::string() : "cannot load plugins: " + copies_error;
}

void PluginHost::unload() noexcept {
    teardown_active();
    // Libraries close last, dependents first.
    while (!candidates_.empty()) {
        const fs::path shadow = candidates_.back()->library->shadow;
        const std::string id = candidates_.back()->info.id;
        candidates_.pop_back();
        if (!shadow.empty() && is_resident(shadow))
            log_(LogLevel::Warn, "Plugin " + id +
                                     " stays in memory after unloading (it exports unique symbols: "
                                     "build it with hidden visibility, see docs/plugin-abi.md)");
    }
    plugins_.clear();
    // Copies are never reused: the next load() makes a new folder.
    if (!shadow_dir_.empty()) {
        std::error_code ec;
        fs::remove_all(shadow_dir_, ec);
        shadow_dir_.clear();
    }
}

World::MobInitializer ai_initializer() {
    return [](ServerMob& mob) { mob.init_ai_from_type(); };
}

}  // namespace mobsdk::server
