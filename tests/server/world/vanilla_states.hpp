// A frozen vanilla block registry and the default states the chunk tests place, shared by the
// chunk and chunk-map suites.
#pragma once

#include "mobsdk/world/block.hpp"

namespace mobsdk::server::test {

/// @brief The vanilla blocks and the states the chunk tests use.
struct VanillaStates {
    BlockRegistry reg;
    VanillaBlocks v = register_vanilla_blocks(reg);
    BlockState air{};
    BlockState stone = reg.default_state(v.stone);
    BlockState bedrock = reg.default_state(v.bedrock);
    BlockState dirt = reg.default_state(v.dirt);
    BlockState grass = reg.default_state(v.grass_block);
    BlockState glass = reg.default_state(v.glass);
    BlockState leaves = reg.default_state(v.oak_leaves);
    BlockState water = reg.default_state(v.water);
    BlockState torch = reg.default_state(v.torch);
    BlockState glowstone = reg.default_state(v.glowstone);
    BlockState fire = reg.default_state(v.fire);
    BlockState lava = reg.default_state(v.lava);
    BlockState cactus = reg.default_state(v.cactus);
    BlockState slab = reg.default_state(v.stone_slab);  // type=bottom
    BlockState top_slab = *reg.with(reg.default_state(v.stone_slab), "type", "top");
    VanillaStates() { reg.freeze(); }
};

}  // namespace mobsdk::server::test
