# Precompiled headers, when MOBSDK_PCH is ON (the default without ccache; -DMOBSDK_PCH=OFF turns
# them off). Only headers from outside the project: a source that forgets one of its own headers
# still fails to compile. The standard library headers most sources include, for every library and
# test executable; Boost.Test (BOOST_TEST_MODULE is defined only in tests/test_main.cpp, which is
# compiled without one) for the test executables.
set(MOBSDK_PCH_STD_HEADERS
    <algorithm> <array> <chrono> <cmath> <cstddef> <cstdint> <cstring> <filesystem> <functional>
    <limits> <map> <memory> <optional> <set> <span> <stdexcept> <string> <string_view> <type_traits>
    <unordered_map> <utility> <vector>)

# mobsdk_precompile_headers(<target> [<header>…]): the standard headers above and the given ones.
function(mobsdk_precompile_headers target)
    if(MOBSDK_PCH)
        target_precompile_headers(${target} PRIVATE ${MOBSDK_PCH_STD_HEADERS} ${ARGN})
    endif()
endfunction()
