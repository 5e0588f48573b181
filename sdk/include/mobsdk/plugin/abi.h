/* The plugin ABI: the only thing a plugin library and the server exchange before they trust each
   other. Pure C so that its layout is fixed by the platform's C ABI; see docs/plugin-abi.md. */
#ifndef MOBSDK_PLUGIN_ABI_H
#define MOBSDK_PLUGIN_ABI_H

#include <stddef.h>
#include <stdint.h>

#include "mobsdk/version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The ABI version this header describes. A host loads only plugins of its own version. */
#define MOBSDK_PLUGIN_ABI_VERSION 1u

/** @brief The name of the one exported function of a plugin library. */
#define MOBSDK_PLUGIN_ENTRY_POINT mobsdk_plugin_entry
/** @brief The entry point's name as a string, for dlsym. */
#define MOBSDK_PLUGIN_ENTRY_POINT_NAME "mobsdk_plugin_entry"

/** @brief Size of the error buffer the host passes to register_plugin. */
#define MOBSDK_PLUGIN_ERROR_SIZE 1024u

/** @brief What a plugin says about itself (ABI version 1).

    Append-only: a later ABI version may add fields at the end, never remove, move or retype one.
    `struct_size` is sizeof() as the plugin was compiled, so a host reads only the fields the
    plugin has. Every string is NUL-terminated UTF-8 owned by the plugin library (static). */
typedef struct MobsdkPluginDescriptor {
    /** @brief sizeof(MobsdkPluginDescriptor) in the plugin's build. Always the first field. */
    uint32_t struct_size;
    /** @brief MOBSDK_PLUGIN_ABI_VERSION of the plugin's build. Always the second field. */
    uint32_t abi_version;
    /** @brief The SDK version the plugin was built against. */
    uint32_t sdk_version_major;
    /** @brief See sdk_version_major. */
    uint32_t sdk_version_minor;
    /** @brief See sdk_version_major. */
    uint32_t sdk_version_patch;
    /** @brief MOBSDK_BUILD_FINGERPRINT of the plugin's build: the host compares it with its own
        before any C++ object crosses. */
    const char* build_fingerprint;
    /** @brief The plugin id: lowercase a-z, 0-9, '_', '-', '.'; the namespace of its content. */
    const char* id;
    /** @brief A display name. */
    const char* name;
    /** @brief The plugin's own version, e.g. "1.0.0". */
    const char* version;
    /** @brief Ids of the plugins that must be loaded (and registered) before this one; a
        NULL-terminated array, never NULL itself. */
    const char* const* dependencies;
    /** @brief Registers the plugin's content. `registrar` is the host's
        mobsdk::plugin::PluginContext, passed only after every check passed. On success stores an
        opaque instance in *instance and returns 0; on failure writes a NUL-terminated message of
        at most error_size bytes to `error` and returns non-zero. Never lets an exception out. */
    int (*register_plugin)(void* registrar, void** instance, char* error, size_t error_size);
    /** @brief Destroys what register_plugin made. Called before the library is closed, after
        every object the plugin made (brains, behaviours, sensors) is gone. Never throws. */
    void (*unregister_plugin)(void* instance);
} MobsdkPluginDescriptor;

/** @brief The entry point's type: no arguments, returns the plugin's static descriptor. The
    signature and the first two fields of the descriptor never change, whatever the ABI version. */
typedef const MobsdkPluginDescriptor* (*MobsdkPluginEntryFn)(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

/* The build fingerprint: everything that must match for C++ objects made by one side to be used
   by the other. Only C++ builds have one (the registrar and what a plugin registers are C++). */
#ifdef __cplusplus
#include <cstddef> /* defines the standard library's configuration macros */

#define MOBSDK_FP_STR2(x) #x
#define MOBSDK_FP_STR(x) MOBSDK_FP_STR2(x)

#if defined(__clang__)
#define MOBSDK_FP_COMPILER "clang-" MOBSDK_FP_STR(__clang_major__)
#elif defined(__GNUC__)
#define MOBSDK_FP_COMPILER "gcc-" MOBSDK_FP_STR(__GNUC__)
#else
#define MOBSDK_FP_COMPILER "unknown-compiler"
#endif

#if defined(__GXX_ABI_VERSION)
#define MOBSDK_FP_CXXABI "itanium-" MOBSDK_FP_STR(__GXX_ABI_VERSION)
#else
#define MOBSDK_FP_CXXABI "unknown-cxxabi"
#endif

#if defined(_LIBCPP_VERSION)
#define MOBSDK_FP_STDLIB "libc++-abi" MOBSDK_FP_STR(_LIBCPP_ABI_VERSION)
#elif defined(__GLIBCXX__)
#define MOBSDK_FP_STDLIB "libstdc++-" MOBSDK_FP_STR(_GLIBCXX_RELEASE) "-cxx11abi" MOBSDK_FP_STR(_GLIBCXX_USE_CXX11_ABI)
#else
#define MOBSDK_FP_STDLIB "unknown-stdlib"
#endif

/* _GLIBCXX_DEBUG and _LIBCPP_DEBUG change the layout of every standard container. */
#if defined(_GLIBCXX_DEBUG) || defined(_LIBCPP_DEBUG)
#define MOBSDK_FP_CONTAINERS "debug-containers"
#else
#define MOBSDK_FP_CONTAINERS "containers"
#endif

#if defined(__SANITIZE_ADDRESS__)
#define MOBSDK_FP_ASAN "asan"
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MOBSDK_FP_ASAN "asan"
#endif
#endif
#ifndef MOBSDK_FP_ASAN
#define MOBSDK_FP_ASAN "no-asan"
#endif

/** @brief The build fingerprint string, e.g.
    "mobsdk-0.1;gcc-12;itanium-1017;libstdc++-12-cxx11abi1;containers;no-asan;c++202002L;ptr8;le".
    The SDK's patch version is not in it: patch releases keep every layout (docs/plugin-abi.md). */
#define MOBSDK_BUILD_FINGERPRINT                                                                \
    "mobsdk-" MOBSDK_FP_STR(MOBSDK_VERSION_MAJOR) "." MOBSDK_FP_STR(                            \
        MOBSDK_VERSION_MINOR) ";" MOBSDK_FP_COMPILER ";" MOBSDK_FP_CXXABI ";" MOBSDK_FP_STDLIB  \
                              ";" MOBSDK_FP_CONTAINERS ";" MOBSDK_FP_ASAN ";c++" MOBSDK_FP_STR( \
                                  __cplusplus) ";ptr" MOBSDK_FP_STR(__SIZEOF_POINTER__) ";" MOBSDK_FP_ENDIAN
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define MOBSDK_FP_ENDIAN "be"
#else
#define MOBSDK_FP_ENDIAN "le"
#endif
#endif /* __cplusplus */

#endif /* MOBSDK_PLUGIN_ABI_H */
