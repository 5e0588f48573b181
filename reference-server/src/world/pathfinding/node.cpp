// The node layer's one-off parts: the table of step lengths and the pool's next block.
#include "node.hpp"

namespace mobsdk::server::pathfinding {

const StepLengths step_lengths;

void NodePool::next_block() {
    const std::size_t b = used_ / block_size;
    if (b == blocks_.size()) blocks_.push_back(std::make_unique<Node[]>(block_size));
    next_ = blocks_[b].get();
    end_ = next_ + block_size;
}

}  // namespace mobsdk::server::pathfinding
