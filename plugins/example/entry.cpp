// The example plugin's entry point: only the plugin library compiles this file, so that tests can
// link the plugin's content (example_content) without a second entry point.
#include "example_plugin.hpp"

MOBSDK_PLUGIN(example::ExamplePlugin, "example", "Example mobs", "1.0.0")
