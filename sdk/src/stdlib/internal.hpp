// Helpers the standard library's sources share (not installed: not part of the SDK's API).
#pragma once

#include <memory>

#include "mobsdk/brain/one_shot.hpp"

namespace mobsdk::stdlib::internal {

/// @brief Gives a built behaviour vanilla's class name for debug output, and returns it.
inline std::unique_ptr<brain::OneShot> named(std::unique_ptr<brain::OneShot> b, const char* name) {
    b->set_debug_name(name);
    return b;
}

/// @brief Vanilla passes (float)(Math.PI / 2) to the random-position searches: the float's value
/// widened to double (1.5707963705062866).
inline constexpr double half_pi_float = static_cast<double>(3.14159265358979323846f / 2.0f);

}  // namespace mobsdk::stdlib::internal
