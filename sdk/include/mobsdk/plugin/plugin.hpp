// The plugin author's side of the plugin ABI: a Plugin class that registers content through a
// PluginContext, and MOBSDK_PLUGIN, which turns it into the one C entry point (plugin/abi.h).
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstring>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/memory.hpp"
#include "mobsdk/brain/sensor.hpp"
#include "mobsdk/plugin/abi.h"
#include "mobsdk/plugin/ai_factory.hpp"
#include "mobsdk/plugin/registries.hpp"
#include "mobsdk/plugin/vanilla_content.hpp"

namespace mobsdk::plugin {

/// @brief A mistake in what a plugin registers (a taken id, a second brain for one type). The
/// plugin's registration fails with this message and the host drops the plugin.
class PluginError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// @brief What a plugin registers into: the world and brain registries, with every entry
/// recorded as the plugin's. The host makes one per plugin and keeps it, with the objects it
/// owns, until the plugin is unloaded.
class PluginContext {
public:
    /// @brief A context for plugin `plugin_id` over registries that are not frozen yet, holding
    /// `vanilla` (what register_vanilla_content returned for them; the host keeps it).
    PluginContext(Registries& registries, const VanillaContent& vanilla, std::string plugin_id);
    ~PluginContext();
    PluginContext(const PluginContext&) = delete;
    PluginContext& operator=(const PluginContext&) = delete;

    /// @brief The plugin's id: the registrant of everything it registers.
    const std::string& plugin_id() const noexcept { return plugin_id_; }
    /// @brief Typed handles to the vanilla content (blocks, tags, properties, POI and entity types,
    /// memories, sensors, activities, schedules): use them instead of looking ids up.
    const VanillaContent& vanilla() const noexcept { return *vanilla_; }
    /// @brief Every registry, for looking up what other plugins registered.
    Registries& registries() noexcept { return *registries_; }
    /// @brief The world registries.
    WorldRegistries& world() noexcept { return registries_->world; }
    /// @brief The brain registries.
    brain::BrainRegistries& brain() noexcept { return registries_->brain; }

    /// @brief Registers an entity type without AI of its own.
    Handle<EntityTypeInfo> register_entity_type(std::string_view id, EntityTypeInfo info);
    /// @brief Registers an entity type whose mobs get their brain from `factory` (kept by this
    /// context until the plugin is unloaded).
    Handle<EntityTypeInfo> register_entity_type(std::string_view id, EntityTypeInfo info,
                                                std::unique_ptr<MobAiFactory> factory);
    /// @brief Gives a type registered by someone else (e.g. a vanilla type whose data the SDK
    /// registers) its brain. Throws PluginError when another plugin already gave it one.
    void set_ai_factory(Handle<EntityTypeInfo> type, std::unique_ptr<MobAiFactory> factory);
    /// @brief Registers a block.
    Handle<BlockInfo> register_block(std::string_view id, BlockDefinition definition);
    /// @brief Registers a POI type.
    Handle<PoiTypeInfo> register_poi_type(std::string_view id, PoiTypeInfo info);
    /// @brief Registers an activity.
    brain::Activity register_activity(std::string_view id);
    /// @brief Registers a schedule.
    brain::ScheduleHandle register_schedule(std::string_view id, brain::Schedule schedule);

    /// @brief Registers a short-term memory type (never saved).
    template <typename T>
    brain::MemoryModuleType<T> register_memory(std::string_view id) {
        check_free(brain().memory_types, "memory type", id);
        return brain::register_memory<T>(brain().memory_types, id, plugin_id_);
    }
    /// @brief Registers a long-term memory type that `Codec` saves with its mob.
    template <typename T, typename Codec>
    brain::MemoryModuleType<T> register_memory_with_codec(std::string_view id) {
        check_free(brain().memory_types, "memory type", id);
        return brain::register_memory_with_codec<T, Codec>(brain().memory_types, id, plugin_id_);
    }
    /// @brief Registers sensor class S; `args` go to S's constructor for each brain.
    template <typename S, typename... Args>
    brain::SensorType register_sensor(std::string_view id, Args... args) {
        static_assert(std::derived_from<S, brain::Sensor>,
                      "register_sensor<S>: S must derive from mobsdk::brain::Sensor");
        check_free(brain().sensor_types, "sensor type", id);
        return brain::register_sensor<S>(brain().sensor_types, id, plugin_id_, std::move(args)...);
    }

    /// @brief Keeps an object alive until the plugin is unloaded (before its library closes) and
    /// returns it: shared state of the plugin's brains, caches.
    template <typename T>
    T& keep(std::unique_ptr<T> object) {
        T& ref = *object;
        kept_.emplace_back(std::shared_ptr<T>(std::move(object)));
        return ref;
    }

    /// @brief Destroys what the context keeps (the host calls it before closing the library).
    void release_kept() noexcept;

private:
    // Throws PluginError naming both plugins when `id` is taken: the registry's own error says
    // the same, but a plugin author should read "registered by both".
    template <typename T>
    void check_free(const Registry<T>& registry, std::string_view kind, std::string_view id) const {
        if (auto h = registry.find(id)) throw_taken(kind, registry.id_of(*h).str(), registry.entry(*h).registrant);
    }
    [[noreturn]] void throw_taken(std::string_view kind, const std::string& id, const std::string& other) const;

    Registries* registries_;
    const VanillaContent* vanilla_;
    std::string plugin_id_;
    std::vector<std::shared_ptr<void>> kept_;
};

/// @brief A plugin: subclass it, register everything in register_content, and name it with
/// MOBSDK_PLUGIN. Its destructor runs before its library is closed.
class Plugin {
public:
    virtual ~Plugin() = default;
    /// @brief Registers the plugin's content. Throwing fails the plugin: the host drops it and
    /// everything it registered, and logs the message.
    virtual void register_content(PluginContext& context) = 0;
};

namespace detail {

/// Copies a message into the host's error buffer (always NUL-terminated, cut to fit).
inline void copy_error(const char* message, char* error, std::size_t error_size) noexcept {
    if (!error || error_size == 0) return;
    const std::size_t n = std::min(std::strlen(message), error_size - 1);
    std::memcpy(error, message, n);
    error[n] = '\0';
}

// The C functions of the descriptor. Exceptions stop here: none crosses the C boundary.
template <typename P>
int register_thunk(void* registrar, void** instance, char* error, std::size_t error_size) noexcept {
    try {
        auto plugin = std::make_unique<P>();
        plugin->register_content(*static_cast<PluginContext*>(registrar));
        *instance = static_cast<Plugin*>(plugin.release());
        return 0;
    } catch (const std::exception& e) {
        copy_error(e.what(), error, error_size);
    } catch (...) {
        copy_error("an exception that is not a std::exception", error, error_size);
    }
    return 1;
}

inline void unregister_thunk(void* instance) noexcept {
    try {
        delete static_cast<Plugin*>(instance);
    } catch (...) {  // a destructor that throws: nothing to tell the host, the object is gone
    }
}

}  // namespace detail

}  // namespace mobsdk::plugin

#if defined(_WIN32)
#define MOBSDK_PLUGIN_EXPORT __declspec(dllexport)
#else
/// @brief Exports the entry point even when the plugin is built with hidden visibility.
#define MOBSDK_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

/// @brief Defines the plugin's entry point: `MOBSDK_PLUGIN(ExamplePlugin, "example", "Example",
/// "1.0.0")`, with the ids of the plugins it needs after the version. Use it once per library,
/// at namespace scope, in a source that only the plugin library compiles.
#define MOBSDK_PLUGIN(ClassName, Id, Name, Version, ...)                                                          \
    static_assert(std::derived_from<ClassName, ::mobsdk::plugin::Plugin>,                                         \
                  "MOBSDK_PLUGIN: the class must derive from mobsdk::plugin::Plugin");                            \
    static_assert(std::default_initializable<ClassName>, "MOBSDK_PLUGIN: the class needs a default constructor"); \
    extern "C" MOBSDK_PLUGIN_EXPORT const MobsdkPluginDescriptor* MOBSDK_PLUGIN_ENTRY_POINT(void) {               \
        static const char* const dependencies[] = {__VA_ARGS__ __VA_OPT__(, ) nullptr};                           \
        static const MobsdkPluginDescriptor descriptor = {                                                        \
            sizeof(MobsdkPluginDescriptor),                                                                       \
            MOBSDK_PLUGIN_ABI_VERSION,                                                                            \
            MOBSDK_VERSION_MAJOR,                                                                                 \
            MOBSDK_VERSION_MINOR,                                                                                 \
            MOBSDK_VERSION_PATCH,                                                                                 \
            MOBSDK_BUILD_FINGERPRINT,                                                                             \
            Id,                                                                                                   \
            Name,                                                                                                 \
            Version,                                                                                              \
            dependencies,                                                                                         \
            &::mobsdk::plugin::detail::register_thunk<ClassName>,                                                 \
            &::mobsdk::plugin::detail::unregister_thunk,                                                          \
        };                                                                                                        \
        return &descriptor;                                                                                       \
    }
