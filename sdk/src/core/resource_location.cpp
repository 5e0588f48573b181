#include "mobsdk/core/resource_location.hpp"

#include <ostream>

namespace mobsdk {

namespace {

std::string describe(const ResourceLocationError& e) {
    return "invalid id \"" + e.input + "\" at position " + std::to_string(e.position) + ": " + e.message;
}

Unexpected<ResourceLocationError> fail(std::string_view input, std::size_t pos, std::string msg) {
    return unexpected(ResourceLocationError{std::string(input), pos, std::move(msg)});
}

}  // namespace

InvalidResourceLocation::InvalidResourceLocation(const ResourceLocationError& e) : std::invalid_argument(describe(e)) {}

bool ResourceLocation::valid_namespace_char(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
}

bool ResourceLocation::valid_path_char(char c) noexcept { return valid_namespace_char(c) || c == '/'; }

// Checks both parts; `ns_offset`/`path_offset` locate them in `input` so errors point at the
// caller's own text.
static Result<ResourceLocation, ResourceLocationError> build(std::string_view input, std::string_view ns,
                                                             std::size_t ns_offset, std::string_view path,
                                                             std::size_t path_offset);

Result<ResourceLocation, ResourceLocationError> ResourceLocation::parse(std::string_view text) {
    auto colon = text.find(':');
    if (colon == std::string_view::npos) return build(text, default_namespace, 0, text, 0);
    // Vanilla: ":path" has an empty namespace, which means minecraft.
    auto ns = colon == 0 ? default_namespace : text.substr(0, colon);
    return build(text, ns, 0, text.substr(colon + 1), colon + 1);
}

Result<ResourceLocation, ResourceLocationError> ResourceLocation::from_parts(std::string_view ns,
                                                                             std::string_view path) {
    std::string full;
    full.append(ns).push_back(':');
    full.append(path);
    return build(full, ns, 0, path, ns.size() + 1);
}

static Result<ResourceLocation, ResourceLocationError> build(std::string_view input, std::string_view ns,
                                                             std::size_t ns_offset, std::string_view path,
                                                             std::size_t path_offset) {
    if (ns.empty()) return fail(input, ns_offset, "the namespace is empty");
    for (std::size_t i = 0; i < ns.size(); ++i) {
        if (!ResourceLocation::valid_namespace_char(ns[i]))
            return fail(
                input, ns_offset + i,
                std::string("character '") + ns[i] + "' is not allowed in a namespace (allowed: a-z 0-9 _ . -)");
    }
    if (path.empty()) return fail(input, path_offset, "the path is empty");
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (!ResourceLocation::valid_path_char(path[i]))
            return fail(input, path_offset + i,
                        std::string("character '") + path[i] + "' is not allowed in a path (allowed: a-z 0-9 _ . - /)");
    }
    return ResourceLocation::make_unchecked(ns, path);
}

ResourceLocation ResourceLocation::of(std::string_view text) {
    auto r = parse(text);
    if (!r) throw InvalidResourceLocation(r.error());
    return std::move(r).value();
}

std::ostream& operator<<(std::ostream& out, const ResourceLocation& id) { return out << id.str(); }

}  // namespace mobsdk
