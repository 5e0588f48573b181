# Precompiled headers, when MOBSDK_PCH is ON (the default without ccache; -DMOBSDK_PCH=OFF turns
# them off). Only headers from outside the project: a source that forgets one of its own headers
# still fails to compile. The standard library headers most sources include, for every library and
# test executable; Boost.Test (BOOST_TEST_MODULE is defined only in tests/test_main.cpp, which is
# compiled without one) for the test executables.
set(MOBSDK_PCH_STD_HEADERS
    <algorithm> <array> <chrono> <cmath> <cstddef> <cstdint> <cstring> <filesystem> <functional>
    <limits> <map> <memory> <optional> <set> <span> <stdexcept> <string> <string_view> <type_traits>
    <unordered_map> <utility> <vector>)

# GCC 12 forgets, for a header read from a precompiled header, that it is a system header: its
# -Warray-bounds and -Wstringop-overflow false positives inside std::string (the family of GCC bug
# 105651, see -Wno-restrict in the top-level CMakeLists.txt), silent without a precompiled header,
# then show up. Targets with a precompiled header build without those two under GCC 12; a build
# with -DMOBSDK_PCH=OFF (and so every ccache build) keeps them.
set(MOBSDK_PCH_OPTIONS "")
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    set(MOBSDK_PCH_OPTIONS -Wno-array-bounds -Wno-stringop-overflow)
endif()

# mobsdk_precompile_headers(<target> [<header>…]): the standard headers above and the given ones.
function(mobsdk_precompile_headers target)
    if(MOBSDK_PCH)
        target_precompile_headers(${target} PRIVATE ${MOBSDK_PCH_STD_HEADERS} ${ARGN})
        target_compile_options(${target} PRIVATE ${MOBSDK_PCH_OPTIONS})
    endif()
endfunction()
