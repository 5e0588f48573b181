// A test plugin whose descriptor is written by hand, wrong in the one way HM_MODE says, to check
// that the host refuses it before it calls anything but the entry point.
#include "mobsdk/plugin/abi.h"

#define HM_WRONG_ABI 0
#define HM_BAD_FINGERPRINT 1
#define HM_BAD_SDK 2
#define HM_SMALL_DESCRIPTOR 3

namespace {

const char* const no_dependencies[] = {nullptr};

int never_register(void*, void**, char* error, size_t size) {
    if (size > 0) error[0] = '\0';
    return 1;
}
void never_unregister(void*) {}

}  // namespace

extern "C" __attribute__((visibility("default"))) const MobsdkPluginDescriptor* mobsdk_plugin_entry(void) {
    static const MobsdkPluginDescriptor d = {
#if HM_MODE == HM_SMALL_DESCRIPTOR
        8,
#else
        sizeof(MobsdkPluginDescriptor),
#endif
#if HM_MODE == HM_WRONG_ABI
        MOBSDK_PLUGIN_ABI_VERSION + 1,
#else
        MOBSDK_PLUGIN_ABI_VERSION,
#endif
#if HM_MODE == HM_BAD_SDK
        99,
        0,
        0,
#else
        MOBSDK_VERSION_MAJOR,
        MOBSDK_VERSION_MINOR,
        MOBSDK_VERSION_PATCH,
#endif
#if HM_MODE == HM_BAD_FINGERPRINT
        "not-this-toolchain",
#else
        MOBSDK_BUILD_FINGERPRINT,
#endif
        "hand_made",
        "Hand-made descriptor",
        "1.0.0",
        no_dependencies,
        &never_register,
        &never_unregister,
    };
    return &d;
}
