// The monsters plugin's entry point (only the plugin library compiles it; tests link
// monsters_content).
#include "monsters_plugin.hpp"

MOBSDK_PLUGIN(monsters::MonstersPlugin, "monsters", "Zombies and skeletons", "1.0.0")
