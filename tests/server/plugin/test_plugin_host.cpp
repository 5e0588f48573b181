// The plugin host against real shared libraries (build/test-plugins): every refusal's log line,
// registries untouched by refused plugins, dependency order, and unloading that really unmaps.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "mobsdk/plugin/abi.h"
#include "mobserver/plugin/plugin_host.hpp"
#include "mobserver/world/harness.hpp"
#include "server/temp_dir.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
namespace fs = std::filesystem;

namespace {

// A plugins folder holding copies of the named test plugins.
struct PluginDir {
    test::TempDir dir;
    PluginDir(const std::string& name, std::initializer_list<std::string> plugins) : dir(name) {
        for (const auto& p : plugins) fs::copy_file(fs::path(MOBSDK_TEST_PLUGIN_DIR) / (p + ".so"), dir / (p + ".so"));
    }
    std::string file(const std::string& plugin) const { return (dir / (plugin + ".so")).string(); }
};

struct Logged {
    std::vector<std::string> lines;
    PluginHost::LogSink sink() {
        return [this](LogLevel level, const std::string& line) {
            lines.push_back(std::string(level == LogLevel::Error  ? "ERROR"
                                        : level == LogLevel::Warn ? "WARN"
                                                                  : "INFO") +
                            " " + line);
        };
    }
    bool has(const std::string& line) const { return std::find(lines.begin(), lines.end(), line) != lines.end(); }
};

std::vector<std::string> ids(const PluginHost& host) {
    std::vector<std::string> out;
    for (const auto& p : host.plugins()) out.push_back(p.id);
    return out;
}

template <typename T>
std::set<std::string> entries(const Registry<T>& r) {
    std::set<std::string> out;
    for (const auto& e : r) out.insert(e.id.str() + " by " + e.registrant);
    return out;
}

// Every registry's content, with registrants: what a refused plugin must not change.
std::set<std::string> all_entries(const PluginHost& host) {
    std::set<std::string> out;
    auto add = [&](std::set<std::string> s) { out.insert(s.begin(), s.end()); };
    add(entries(host.world_registries().entity_types));
    add(entries(host.world_registries().poi_types));
    add(entries(host.brain_registries().memory_types));
    add(entries(host.brain_registries().sensor_types));
    add(entries(host.brain_registries().activities));
    add(entries(host.brain_registries().schedules));
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(plugin_host)

BOOST_AUTO_TEST_CASE(good_plugin_loads_and_registers_as_itself) {
    PluginDir d("ph-good", {"good"});
    Logged log;
    PluginHost host(log.sink(), register_vanilla_content);
    host.load(d.dir.path);
    BOOST_TEST(log.has("INFO Loading 1 plugin from " + d.dir.path.string()));
    BOOST_TEST(log.has("INFO Loaded plugin good 1.0.0 (Good test plugin) from " + d.file("good")));
    BOOST_TEST(host.refusals().empty());
    BOOST_TEST(ids(host) == std::vector<std::string>{"good"});
    const auto& types = host.world_registries().entity_types;
    const auto thing = types.find("good:thing");
    BOOST_REQUIRE(thing);
    BOOST_TEST(types.entry(*thing).registrant == "good");
    BOOST_TEST(types[*thing].ai_factory != nullptr);
    BOOST_TEST(types[*thing].ai_registrant == "good");
    BOOST_TEST(host.brain_registries()
                   .memory_types.entry(host.brain_registries().memory_types.require("good:counter"))
                   .registrant == "good");
    BOOST_TEST(types.frozen());
    BOOST_TEST(host.brain_registries().memory_types.frozen());
}

BOOST_AUTO_TEST_CASE(missing_folder_loads_only_builtins) {
    Logged log;
    PluginHost host(log.sink(), register_vanilla_content);
    host.load("/nonexistent/mobsdk-plugins");
    BOOST_TEST(log.lines ==
               std::vector<std::string>{"INFO No plugins folder /nonexistent/mobsdk-plugins: no plugins loaded"});
    BOOST_TEST(host.plugins().empty());
    BOOST_TEST(host.world_registries().entity_types.find("minecraft:villager").has_value());
    BOOST_TEST(host.world_registries().entity_types.frozen());
}

BOOST_AUTO_TEST_CASE(each_refusal_is_one_line_naming_file_and_reason) {
    PluginDir d("ph-refusals",
                {"good", "good_again", "uses_good", "needs_missing", "throws", "needs_throws", "copycat", "cycle_a",
                 "cycle_b", "wrong_abi", "bad_fingerprint", "bad_sdk", "small_descriptor", "no_entry"});
    Logged log;
    PluginHost host(log.sink(), register_vanilla_content);
    host.load(d.dir.path);
    const std::string r = "ERROR Refused plugin ";
    BOOST_TEST(log.has(r + d.file("no_entry") + ": no entry point mobsdk_plugin_entry (not a mobsdk plugin)"));
    BOOST_TEST(log.has(r + d.file("wrong_abi") + ": plugin ABI version 2, this server supports version 1"));
    BOOST_TEST(log.has(r + d.file("bad_fingerprint") +
                       ": built with an incompatible toolchain: plugin \"not-this-toolchain\", server \"" +
                       MOBSDK_BUILD_FINGERPRINT + "\""));
    BOOST_TEST(log.has(r + d.file("bad_sdk") + ": built against mobsdk 99.0.0, this server runs mobsdk " +
                       MOBSDK_VERSION_STRING +
                       " (a plugin needs the same major.minor and a patch no newer than the server's)"));
    BOOST_TEST(log.has(r + d.file("small_descriptor") + ": its descriptor is 8 bytes, ABI version 1 needs " +
                       std::to_string(sizeof(MobsdkPluginDescriptor))));
    BOOST_TEST(
        log.has(r + d.file("good_again") + ": duplicate plugin id 'good', already loaded from " + d.file("good")));
    BOOST_TEST(log.has(r + d.file("needs_missing") + ": missing dependency 'nowhere'"));
    BOOST_TEST(log.has(r + d.file("cycle_a") + ": dependency cycle cycle_a -> cycle_b -> cycle_a"));
    BOOST_TEST(log.has(r + d.file("cycle_b") + ": dependency cycle cycle_a -> cycle_b -> cycle_a"));
    BOOST_TEST(log.has(r + d.file("throws") + ": registration failed: no luck today"));
    BOOST_TEST(log.has(r + d.file("needs_throws") + ": missing dependency 'throws'"));
    BOOST_TEST(log.has(r + d.file("copycat") +
                       ": registration failed: entity type good:thing is registered by both 'good' and 'copycat'"));
    // One line per refused library, nothing else refused.
    BOOST_TEST(host.refusals().size() == 12u);
    BOOST_TEST(std::count_if(log.lines.begin(), log.lines.end(),
                             [&](const std::string& l) { return l.rfind(r, 0) == 0; }) == 12);
    // good first, then what needs it.
    BOOST_TEST(ids(host) == (std::vector<std::string>{"good", "uses_good"}));
    BOOST_TEST(log.has("INFO Loaded plugin uses_good 1.0.0 (Uses good) from " + d.file("uses_good")));
}

BOOST_AUTO_TEST_CASE(refused_plugins_leave_the_registries_as_without_them) {
    PluginDir clean("ph-clean", {"good", "uses_good"});
    PluginDir noisy("ph-noisy", {"good", "uses_good", "throws", "needs_throws", "copycat", "good_again", "wrong_abi"});
    Logged l1, l2;
    PluginHost a(l1.sink(), register_vanilla_content), b(l2.sink(), register_vanilla_content);
    a.load(clean.dir.path);
    b.load(noisy.dir.path);
    BOOST_TEST(all_entries(a) == all_entries(b));
    BOOST_TEST(!b.world_registries().entity_types.find("throws:thing"));
    BOOST_TEST(!b.brain_registries().memory_types.find("throws:counter"));
    BOOST_TEST(!b.brain_registries().sensor_types.find("copycat:counting"));
}

BOOST_AUTO_TEST_CASE(junk_file_is_refused_with_the_loader_message) {
    test::TempDir dir("ph-junk");
    { std::ofstream(dir / "junk.so") << "not an ELF file"; }
    Logged log;
    PluginHost host(log.sink(), register_vanilla_content);
    host.load(dir.path);
    BOOST_REQUIRE_EQUAL(host.refusals().size(), 1u);
    const std::string prefix = "ERROR Refused plugin " + (dir / "junk.so").string() +
                               ": cannot be loaded: " + (dir / "junk.so").string() + ": ";
    BOOST_TEST(log.lines.back().rfind(prefix, 0) == 0, log.lines.back());
}

BOOST_AUTO_TEST_CASE(plugin_mobs_run_plugin_code_and_unload_unmaps_the_library) {
    PluginDir d("ph-unload", {"good"});
    Logged log;
    PluginHost host(log.sink(), register_vanilla_content);
    host.load(d.dir.path);
    const fs::path loaded_from = host.plugins().at(0).loaded_from;
    BOOST_TEST(PluginHost::is_resident(loaded_from));
    {
        World world(host.world_registries(), std::make_unique<VoidGenerator>(), WorldOptions{});
        world.set_mob_initializer(ai_initializer());
        world.ensure_chunks({0, 0, 0}, 1);
        ServerMob& mob = world.spawn_mob(*host.world_registries().entity_types.find("good:thing"), {0.5, 0, 0.5});
        BOOST_REQUIRE(mob.brain());
        const auto counter = brain::typed_memory<std::int32_t>(
            host.brain_registries().memory_types, host.brain_registries().memory_types.require("good:counter"));
        for (int i = 0; i < 5; ++i) world.tick();
        BOOST_REQUIRE(mob.brain()->get_memory(counter));
        BOOST_TEST(*mob.brain()->get_memory(counter) >= 4);  // a scan per tick after a first delay of 0–1 ticks
    }                                                        // the world and its brains go first
    host.unload();
    BOOST_TEST(!host.loaded());
    BOOST_TEST(!PluginHost::is_resident(loaded_from));
    BOOST_TEST(!fs::exists(loaded_from));
    // Loaded again (a new build could have replaced the file meanwhile): a fresh copy.
    host.load(d.dir.path);
    BOOST_TEST(ids(host) == std::vector<std::string>{"good"});
    BOOST_TEST(host.plugins().at(0).loaded_from != loaded_from);
}

BOOST_AUTO_TEST_CASE(bundled_example_plugin_loads) {
    test::TempDir dir("ph-example");
    fs::copy_file(fs::path(MOBSDK_PLUGIN_DIR) / "example.so", dir / "example.so");
    Logged log;
    PluginHost host(log.sink(), register_vanilla_content);
    host.load(dir.path);
    BOOST_TEST(log.has("INFO Loaded plugin example 1.0.0 (Example mobs) from " + (dir / "example.so").string()));
    BOOST_TEST(host.world_registries().entity_types.find("example:watcher").has_value());
    BOOST_TEST(host.brain_registries()
                   .memory_types[host.brain_registries().memory_types.require("example:sightings")]
                   .long_term());
    BOOST_TEST(!host.brain_registries()
                    .memory_types[host.brain_registries().memory_types.require("example:nearest_villager")]
                    .long_term());
}

// --- the private copies: a folder no other local user can plant or write -------------------

namespace {

std::set<std::string> listing(const fs::path& dir) {
    std::set<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) out.insert(e.path().filename().string());
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(copies_live_in_a_fresh_private_folder_removed_on_unload) {
    PluginDir d("ph-private", {"good"});
    test::TempDir server("ph-private-server");
    const fs::path copies = server / "plugin-copies";
    Logged log;
    PluginHost host(log.sink(), register_vanilla_content, copies);
    BOOST_TEST(host.load(d.dir.path) == "");
    const fs::path folder = host.copies_folder();
    BOOST_TEST(folder.parent_path() == copies);
    BOOST_TEST(folder.filename().string().starts_with(std::to_string(::getpid()) + "-"));
    BOOST_TEST(((fs::status(copies).permissions() & fs::perms::all) == fs::perms::owner_all));
    BOOST_TEST(((fs::status(folder).permissions() & fs::perms::all) == fs::perms::owner_all));
    BOOST_TEST(host.plugins().at(0).loaded_from.parent_path() == folder);
    host.unload();
    BOOST_TEST(!fs::exists(folder));
    BOOST_TEST(host.load(d.dir.path) == "");
    BOOST_TEST(host.copies_folder() != folder);  // never reused
}

BOOST_AUTO_TEST_CASE(a_planted_copies_folder_is_refused_and_its_target_untouched) {
    PluginDir d("ph-planted", {"good"});
    test::TempDir server("ph-planted-server");
    test::TempDir victim("ph-planted-victim");
    std::ofstream(victim / "precious.txt") << "keep me";
    fs::create_directory_symlink(victim.path, server / "plugin-copies");
    Logged log;
    PluginHost host(log.sink(), register_vanilla_content, server / "plugin-copies");
    const std::string err = host.load(d.dir.path);
    BOOST_TEST(err == "cannot load plugins: " + (server / "plugin-copies").string() +
                          " is a symbolic link; remove it (the server makes this folder itself)");
    BOOST_TEST(host.plugins().empty());
    BOOST_TEST((listing(victim.path) == std::set<std::string>{"precious.txt"}));

    // A real folder others may write is refused too.
    fs::remove(server / "plugin-copies");
    fs::create_directory(server / "plugin-copies");
    fs::permissions(server / "plugin-copies", fs::perms::all);
    BOOST_TEST(host.load(d.dir.path).find("may be written by other users") != std::string::npos);
    BOOST_TEST(host.plugins().empty());
}

BOOST_AUTO_TEST_CASE(predictable_temp_names_planted_by_others_are_never_used) {
    // The old attack: links named as the copies folder used to be, pointing at a victim.
    PluginDir d("ph-tmp-attack", {"good"});
    test::TempDir victim("ph-tmp-victim");
    std::vector<fs::path> planted;
    for (int i = 0; i < 4; ++i) {
        planted.push_back(fs::temp_directory_path() /
                          ("mobserver-plugins-" + std::to_string(::getpid()) + "-" + std::to_string(i)));
        fs::remove_all(planted.back());
        fs::create_directory_symlink(victim.path, planted.back());
    }
    Logged log;
    {
        PluginHost host(log.sink(), register_vanilla_content);  // the system temp folder
        BOOST_TEST(host.load(d.dir.path) == "");
        BOOST_TEST(ids(host) == std::vector<std::string>{"good"});
        BOOST_TEST((std::find(planted.begin(), planted.end(), host.copies_folder()) == planted.end()));
        BOOST_TEST(fs::is_directory(fs::symlink_status(host.copies_folder())));
    }
    BOOST_TEST(listing(victim.path).empty());
    for (const auto& p : planted) fs::remove(p);
}

BOOST_AUTO_TEST_CASE(a_linked_library_is_refused_not_followed) {
    test::TempDir dir("ph-link");
    fs::create_symlink(fs::path(MOBSDK_TEST_PLUGIN_DIR) / "good.so", dir / "good.so");
    Logged log;
    PluginHost host(log.sink(), register_vanilla_content);
    BOOST_TEST(host.load(dir.path) == "");
    BOOST_TEST(host.plugins().empty());
    BOOST_TEST(log.has(
        "ERROR Refused plugin " + (dir / "good.so").string() +
        ": is a symbolic link (plugins are opened without following links: put the library itself in the folder)"));
}

BOOST_AUTO_TEST_CASE(copies_left_by_a_crashed_run_are_removed) {
    PluginDir d("ph-stale", {"good"});
    test::TempDir server("ph-stale-server");
    const fs::path copies = server / "plugin-copies";
    fs::create_directory(copies);
    fs::permissions(copies, fs::perms::owner_all, fs::perm_options::replace);
    // pid 2^22 + 1 is above Linux's pid_max limit: no such process can run.
    const fs::path stale = copies / "4194305-AbCdEf";
    fs::create_directory(stale);
    std::ofstream(stale / "0-good.so") << "old";
    Logged log;
    PluginHost host(log.sink(), register_vanilla_content, copies);
    BOOST_TEST(host.load(d.dir.path) == "");
    BOOST_TEST(!fs::exists(stale));
    BOOST_TEST(log.has("INFO Removed plugin copies left by an earlier run: " + stale.string()));
}

BOOST_AUTO_TEST_CASE(disabled_plugins_are_not_loaded_by_file_name_or_id) {
    test::TempDir dir("ph-disabled");
    fs::copy_file(fs::path(MOBSDK_TEST_PLUGIN_DIR) / "good.so", dir / "good.so");
    fs::copy_file(fs::path(MOBSDK_TEST_PLUGIN_DIR) / "uses_good.so", dir / "renamed.so");  // id uses_good
    Logged log;
    PluginHost host(log.sink(), register_vanilla_content);
    BOOST_TEST(host.load(dir.path, {"uses_good"}) == "");
    BOOST_TEST(ids(host) == std::vector<std::string>{"good"});
    BOOST_TEST(log.has("WARN Plugin uses_good is disabled (plugins-disabled in server.properties): " +
                       (dir / "renamed.so").string() + " is not loaded, its mobs are kept in storage unchanged"));
    BOOST_TEST(host.load(dir.path, {"good"}) == "");
    BOOST_TEST(ids(host).empty());  // uses_good needs good
    BOOST_TEST((host.disabled() == std::vector<std::string>{"good"}));
    BOOST_TEST(log.has("ERROR Refused plugin " + (dir / "renamed.so").string() + ": missing dependency 'good'"));
}

BOOST_AUTO_TEST_SUITE_END()
