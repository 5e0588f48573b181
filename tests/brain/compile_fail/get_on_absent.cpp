// Must not compile: get() on an absent(...) accessor, whose memory has no value.
// expect: MemoryAccessor::get() needs a present(...) condition
#include "mobsdk/brain/one_shot.hpp"

using namespace mobsdk;
using namespace mobsdk::brain;
using namespace mobsdk::brain::behavior_builder;

auto make(MemoryModuleType<BlockPos> walk_target, MemoryModuleType<BlockPos> look_target) {
    return create(absent(walk_target), present(look_target), [](Level&, Mob&, std::int64_t, auto& walk, auto& look) {
#ifdef MOBSDK_COMPILE_FAIL_CONTROL
        walk.set(look.get());
#else
        walk.set(walk.get());
#endif
        return true;
    });
}
