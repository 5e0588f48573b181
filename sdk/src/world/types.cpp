#include "mobsdk/world/types.hpp"

#include <cstdio>

namespace mobsdk {

std::string Uuid::str() const {
    char buf[37];
    std::snprintf(buf, sizeof buf, "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(msb >> 32),
                  static_cast<unsigned>((msb >> 16) & 0xFFFF), static_cast<unsigned>(msb & 0xFFFF),
                  static_cast<unsigned>(lsb >> 48),
                  static_cast<unsigned long long>(lsb & 0xFFFFFFFFFFFFull));
    return buf;
}

}  // namespace mobsdk
