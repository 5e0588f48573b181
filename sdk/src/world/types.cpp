#include "mobsdk/world/types.hpp"

#include <cstdio>
#include <ostream>

namespace mobsdk {

std::string Uuid::str() const {
    char buf[37];
    std::snprintf(buf, sizeof buf, "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(msb >> 32),
                  static_cast<unsigned>((msb >> 16) & 0xFFFF), static_cast<unsigned>(msb & 0xFFFF),
                  static_cast<unsigned>(lsb >> 48), static_cast<unsigned long long>(lsb & 0xFFFFFFFFFFFFull));
    return buf;
}

std::ostream& operator<<(std::ostream& out, BlockPos p) {
    return out << "BlockPos{x=" << p.x << ", y=" << p.y << ", z=" << p.z << '}';
}

std::ostream& operator<<(std::ostream& out, const Vec3& v) {
    return out << '(' << v.x << ", " << v.y << ", " << v.z << ')';
}

std::ostream& operator<<(std::ostream& out, const AABB& b) { return out << "AABB" << b.min << " -> " << b.max; }

std::ostream& operator<<(std::ostream& out, Uuid u) { return out << u.str(); }

std::ostream& operator<<(std::ostream& out, const EntityRef& r) {
    return out << r.uuid.str() << '@' << r.handle.index << '/' << r.handle.generation;
}

}  // namespace mobsdk
