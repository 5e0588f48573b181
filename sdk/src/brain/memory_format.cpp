#include "mobsdk/brain/memory_format.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "mobsdk/brain/memory.hpp"
#include "mobsdk/nbt/snbt.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::brain {

namespace {

std::string fixed2(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

}  // namespace

namespace detail {

namespace {

template <typename F>
std::string shortest(F v) {
    if (!std::isfinite(v)) return std::isnan(v) ? "NaN" : (v > 0 ? "Infinity" : "-Infinity");
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

}  // namespace

std::string format_number(double v) { return shortest(v); }
std::string format_number(float v) { return shortest(v); }

std::string format_quoted(const std::string& s) {
    std::string out;
    out.reserve(s.size() + 2);
    out += '"';
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    out += '"';
    return out;
}

std::string format_opaque(std::size_t size) { return "<value of " + std::to_string(size) + " bytes>"; }

}  // namespace detail

std::string format_block_pos(BlockPos pos) {
    return "(" + std::to_string(pos.x) + ", " + std::to_string(pos.y) + ", " + std::to_string(pos.z) + ")";
}

std::string format_vec3(const Vec3& pos) {
    return "(" + fixed2(pos.x) + ", " + fixed2(pos.y) + ", " + fixed2(pos.z) + ")";
}

std::string format_global_pos(const GlobalPos& pos) { return pos.dimension.str() + " " + format_block_pos(pos.pos); }

std::string format_entity(const EntityRef& entity, const FormatContext& context) {
    if (!context.level) return entity.uuid.str();
    // A plain lookup: nothing the value or the entity caches changes.
    const Entity* e = context.level->resolve(entity);
    if (!e) return entity.uuid.str() + " (not loaded)";
    std::string out;
    if (context.entity_types && e->type().valid() && e->type().index() < context.entity_types->size())
        out.append(context.entity_types->id_of(e->type()).str()).append(" ");
    const Vec3 at = e->position();
    out.append(entity.uuid.str()).append(" at ").append(format_vec3(at));
    if (context.origin) out.append(", ").append(fixed2(std::sqrt(context.origin->dist_sqr(at)))).append(" away");
    return out;
}

std::string format_path(const Path& path) {
    std::string out = "path of " + std::to_string(path.nodes.size()) + (path.nodes.size() == 1 ? " node" : " nodes");
    if (path.is_done()) out += ", done";
    else out += ", at node " + std::to_string(path.next_node_index) + " " + format_block_pos(path.next_node_pos());
    out += ", to " + format_block_pos(path.target);
    if (path.can_reach) out += ", reaches it";
    else if (path.distance_to_target != INT32_MAX)
        out += ", stops " + std::to_string(path.distance_to_target) + " short";
    else out += ", does not reach it";
    return out;
}

std::string format_time_to_live(std::optional<std::int64_t> ttl) {
    if (!ttl) return "forever";
    return std::to_string(*ttl) + (*ttl == 1 ? " tick" : " ticks");
}

std::string MemoryTypeInfo::format(const void* value, const FormatContext& context) const {
    if (formatter) return formatter(value, context);
    if (codec) return nbt::to_snbt(codec->encode(value));
    return detail::format_opaque(ops ? ops->size : 0);
}

}  // namespace mobsdk::brain
