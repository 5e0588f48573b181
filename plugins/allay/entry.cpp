// The allay plugin's entry point (only the plugin library compiles it; tests link allay_content).
#include "allay_plugin.hpp"

MOBSDK_PLUGIN(allay::AllayPlugin, "allay", "Allays", "1.0.0")
