// Must not compile: a trigger sets a BlockPos memory to a string.
// expect: MemoryAccessor::set: the value's type is not the memory's value type
#include <string>

#include "mobsdk/brain/one_shot.hpp"

using namespace mobsdk;
using namespace mobsdk::brain;
using namespace mobsdk::brain::behavior_builder;

auto make(MemoryModuleType<BlockPos> walk_target) {
    return create(absent(walk_target), [](Level&, Mob&, std::int64_t, auto& walk) {
#ifdef MOBSDK_COMPILE_FAIL_CONTROL
        walk.set(BlockPos{1, 2, 3});
#else
        walk.set(std::string("not a position"));
#endif
        return true;
    });
}
