// The placeholder block for saved block states the registry does not know.
#include "mobsdk/world/unknown_block.hpp"

#include <utility>

namespace mobsdk {

Handle<BlockInfo> register_unknown_block(BlockRegistry& blocks) {
    BlockDefinition d;
    d.make_state = [](const BlockStateView&) {
        BlockStateInfo s;
        s.collision = BlockShape::full();
        s.outline = BlockShape::full();
        s.can_occlude = true;
        s.solid_render = true;
        s.solid = true;
        s.blocks_motion = true;
        s.light_block = 15;
        s.path_type = PathType::Blocked;
        return s;
    };
    return blocks.register_block(ResourceLocation::of(unknown_block_id), std::move(d));
}

}  // namespace mobsdk
