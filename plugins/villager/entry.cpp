// The villager plugin's entry point (only the plugin library compiles it; tests link
// villager_content).
#include "villager_plugin.hpp"

MOBSDK_PLUGIN(villager::VillagerPlugin, "villager", "Villagers and iron golems", "1.0.0")
