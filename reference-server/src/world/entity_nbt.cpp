#include "mobserver/world/entity_nbt.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "mobserver/world/world.hpp"

namespace mobsdk::server {

nbt::IntArray uuid_to_ints(Uuid u) {
    return {static_cast<std::int32_t>(u.msb >> 32), static_cast<std::int32_t>(u.msb & 0xFFFFFFFFu),
            static_cast<std::int32_t>(u.lsb >> 32), static_cast<std::int32_t>(u.lsb & 0xFFFFFFFFu)};
}

std::optional<Uuid> uuid_from_ints(const nbt::IntArray& a) {
    if (a.size() != 4) return std::nullopt;
    auto u = [](std::int32_t v) { return static_cast<std::uint64_t>(static_cast<std::uint32_t>(v)); };
    return Uuid{(u(a[0]) << 32) | u(a[1]), (u(a[2]) << 32) | u(a[3])};
}

namespace {

nbt::List doubles(std::initializer_list<double> v) {
    nbt::List l(nbt::TagType::Double);
    for (double d : v) l.push_back(nbt::Tag(d));
    return l;
}

// Reads a list of `n` doubles, or nothing (with a warning) when the shape is wrong.
std::optional<std::vector<double>> read_doubles(const nbt::Compound& tag, std::string_view key, std::size_t n,
                                                std::vector<std::string>& warnings) {
    const nbt::Tag* t = tag.find(key);
    if (!t) return std::nullopt;
    const auto* l = t->get_if<nbt::List>();
    if (!l || l->size() != n || (n > 0 && l->element_type() != nbt::TagType::Double)) {
        warnings.push_back(std::string(key) + ": expected a list of " + std::to_string(n) + " doubles");
        return std::nullopt;
    }
    std::vector<double> out;
    for (const auto& e : *l) {
        const double v = e.as<double>();
        if (!std::isfinite(v)) {
            warnings.push_back(std::string(key) + ": not a finite number");
            return std::nullopt;
        }
        out.push_back(v);
    }
    return out;
}

}  // namespace

void save_entity_nbt(const EntityData& d, nbt::Compound& c) {
    c.put("UUID", nbt::Tag(uuid_to_ints(d.uuid)));
    c.put("Pos", nbt::Tag(doubles({d.pos.x, d.pos.y, d.pos.z})));
    c.put("Motion", nbt::Tag(doubles({d.motion.x, d.motion.y, d.motion.z})));
    nbt::List rot(nbt::TagType::Float);
    rot.push_back(nbt::Tag(d.y_rot));
    rot.push_back(nbt::Tag(d.x_rot));
    c.put("Rotation", nbt::Tag(std::move(rot)));
    c.put("OnGround", nbt::Tag(d.on_ground));
    c.put("FallDistance", nbt::Tag(d.fall_distance));
    c.put("Invulnerable", nbt::Tag(d.invulnerable));
    c.put("NoGravity", nbt::Tag(d.no_gravity));
    if (!d.tags.empty()) {
        nbt::List tags(nbt::TagType::String);
        for (const auto& t : d.tags) tags.push_back(nbt::Tag(t));
        c.put("Tags", nbt::Tag(std::move(tags)));
    }
    if (d.custom_name) {
        // Vanilla stores a JSON text component.
        std::string json = "{\"text\":\"";
        for (char ch : *d.custom_name) {
            if (ch == '"' || ch == '\\') json += '\\';
            json += ch;
        }
        c.put("CustomName", nbt::Tag(json + "\"}"));
    }
}

void read_flag(const nbt::Compound& tag, std::string_view key, bool& out, std::vector<std::string>& warnings) {
    if (const nbt::Tag* t = tag.find(key)) {
        if (const auto* b = t->get_if<std::int8_t>()) out = *b != 0;
        else warnings.push_back(std::string(key) + ": expected a byte");
    }
}

void load_entity_nbt(World& world, EntityData& d, const nbt::Compound& tag, std::vector<std::string>& warnings) {
    if (const nbt::Tag* t = tag.find("UUID")) {
        const auto* ints = t->get_if<nbt::IntArray>();
        if (ints && uuid_from_ints(*ints)) {
            if (*uuid_from_ints(*ints) != d.uuid)
                warnings.push_back("UUID: an entity keeps the UUID it was spawned with");
        } else {
            warnings.push_back("UUID: expected an int array of 4");
        }
    }
    if (auto v = read_doubles(tag, "Pos", 3, warnings)) {
        const Vec3 p{(*v)[0], (*v)[1], (*v)[2]};
        if (std::abs(p.x) > 3.0e7 || std::abs(p.z) > 3.0e7 || std::abs(p.y) > 2.0e7)
            warnings.push_back("Pos: outside the world border");
        else world.teleport(d.handle, p);
    }
    if (auto v = read_doubles(tag, "Motion", 3, warnings)) {
        // Vanilla clamps each component to ±10.
        d.motion = {std::clamp((*v)[0], -10.0, 10.0), std::clamp((*v)[1], -10.0, 10.0),
                    std::clamp((*v)[2], -10.0, 10.0)};
    }
    if (const nbt::Tag* t = tag.find("Rotation")) {
        const auto* l = t->get_if<nbt::List>();
        if (l && l->size() == 2 && l->element_type() == nbt::TagType::Float && std::isfinite(l->get<float>(0)) &&
            std::isfinite(l->get<float>(1))) {
            d.y_rot = std::fmod(l->get<float>(0), 360.0f);
            d.x_rot = std::clamp(l->get<float>(1), -90.0f, 90.0f);
        } else {
            warnings.push_back("Rotation: expected a list of 2 finite floats");
        }
    }
    if (const nbt::Tag* t = tag.find("FallDistance")) {
        if (const auto* f = t->get_if<float>(); f && std::isfinite(*f)) d.fall_distance = *f;
        else warnings.push_back("FallDistance: expected a float");
    }
    read_flag(tag, "OnGround", d.on_ground, warnings);
    read_flag(tag, "Invulnerable", d.invulnerable, warnings);
    read_flag(tag, "NoGravity", d.no_gravity, warnings);
    if (const nbt::Tag* t = tag.find("Tags")) {
        const auto* l = t->get_if<nbt::List>();
        if (l && (l->empty() || l->element_type() == nbt::TagType::String)) {
            if (l->size() > 1024) warnings.push_back("Tags: more than 1024 tags");
            else {
                d.tags.clear();
                for (const auto& e : *l) d.tags.push_back(e.as<std::string>());
            }
        } else {
            warnings.push_back("Tags: expected a list of strings");
        }
    }
    if (const nbt::Tag* t = tag.find("CustomName")) {
        if (const auto* s = t->get_if<std::string>()) {
            // A JSON text component {"text":"…"} or a plain string; only the text is kept.
            std::string name = *s;
            const std::string prefix = "{\"text\":\"";
            if (name.rfind(prefix, 0) == 0 && name.size() >= prefix.size() + 2 &&
                name.substr(name.size() - 2) == "\"}") {
                std::string inner, raw = name.substr(prefix.size(), name.size() - prefix.size() - 2);
                for (std::size_t i = 0; i < raw.size(); ++i) {
                    if (raw[i] == '\\' && i + 1 < raw.size()) ++i;
                    inner += raw[i];
                }
                name = inner;
            } else if (name.size() >= 2 && name.front() == '"' && name.back() == '"') {
                name = name.substr(1, name.size() - 2);
            }
            d.custom_name = name;
        } else {
            warnings.push_back("CustomName: expected a string");
        }
    }
}

void keep_unknown_fields(const nbt::Compound& tag, std::span<const std::string_view> own_keys, nbt::Compound& extra) {
    // The keys save_entity_nbt writes (and the world's id): what every kind knows.
    static constexpr std::string_view entity_keys[] = {"id",        "UUID",     "Pos",          "Motion",
                                                       "Rotation",  "OnGround", "FallDistance", "Invulnerable",
                                                       "NoGravity", "Tags",     "CustomName"};
    const auto known = [&](std::string_view key) {
        return std::find(std::begin(entity_keys), std::end(entity_keys), key) != std::end(entity_keys) ||
               std::find(own_keys.begin(), own_keys.end(), key) != own_keys.end();
    };
    for (const auto& e : tag)
        if (!known(e.name)) extra.put(e.name, e.value);
}

}  // namespace mobsdk::server
