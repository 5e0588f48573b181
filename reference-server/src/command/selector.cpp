// EntitySelectorParser, EntitySelectorOptions and EntitySelector.findEntities over the reference
// world. Differences from vanilla are in docs/server.md ("Selectors").
#include "mobserver/command/selector.hpp"

#include <algorithm>
#include <cmath>

#include "mobsdk/nbt/path.hpp"
#include "mobsdk/nbt/snbt.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

const char* const no_entity = "No entity was found";

bool inverted(StringReader& reader) {
    reader.skip_whitespace();
    if (reader.can_read() && reader.peek() == '!') {
        reader.skip();
        reader.skip_whitespace();
        return true;
    }
    return false;
}

// MinMaxBounds.Doubles.fromReader.
Result<std::pair<std::optional<double>, std::optional<double>>, CommandError> read_range(StringReader& reader) {
    if (!reader.can_read()) return unexpected(reader.error("Expected value or range of values"));
    const std::size_t start = reader.cursor();
    auto read_number = [&]() -> Result<std::optional<double>, CommandError> {
        const std::size_t from = reader.cursor();
        while (reader.can_read()) {
            const char c = reader.peek();
            const bool allowed =
                (c >= '0' && c <= '9') || c == '-' || (c == '.' && !(reader.can_read(2) && reader.peek(1) == '.'));
            if (!allowed) break;
            reader.skip();
        }
        const std::string text = reader.string().substr(from, reader.cursor() - from);
        if (text.empty()) return std::optional<double>();
        StringReader sub(text);
        auto v = sub.read_double();
        if (!v || sub.can_read()) return unexpected(reader.error("Invalid double '" + text + "'"));
        return std::optional<double>(*v);
    };
    auto fail = [&](CommandError e) {
        reader.set_cursor(start);
        e.cursor = start;
        return e;
    };
    auto min = read_number();
    if (!min) return unexpected(fail(std::move(min.error())));
    std::optional<double> max;
    if (reader.can_read(2) && reader.peek() == '.' && reader.peek(1) == '.') {
        reader.skip();
        reader.skip();
        auto m = read_number();
        if (!m) return unexpected(fail(std::move(m.error())));
        max = *m;
    } else {
        max = *min;
    }
    if (!*min && !max) return unexpected(fail(reader.error("Expected value or range of values")));
    if (*min && max && **min > *max) return unexpected(fail(reader.error("Min cannot be bigger than max")));
    return std::make_pair(*min, max);
}

struct ParserState {
    EntitySelector sel;
    bool limited = false, sorted = false, type_limited = false, type_limited_inversely = false;
    bool has_name_equals = false, has_name_not_equals = false, has_distance = false;
};

Result<void, CommandError> parse_option(StringReader& reader, ParserState& st, const std::string& option,
                                        std::size_t option_start, const Registry<EntityTypeInfo>& types) {
    auto inapplicable = [&]() { return unexpected(reader.error("Option '" + option + "' isn't applicable here")); };
    // EntitySelectorOptions.get: whether the option may be used here, checked before its '='.
    (void)types;
    const auto& sel = st.sel;
    if (option == "name")
        return st.has_name_equals ? Result<void, CommandError>(inapplicable()) : Result<void, CommandError>();
    if (option == "distance")
        return st.has_distance ? Result<void, CommandError>(inapplicable()) : Result<void, CommandError>();
    if (option == "x") return sel.x ? Result<void, CommandError>(inapplicable()) : Result<void, CommandError>();
    if (option == "y") return sel.y ? Result<void, CommandError>(inapplicable()) : Result<void, CommandError>();
    if (option == "z") return sel.z ? Result<void, CommandError>(inapplicable()) : Result<void, CommandError>();
    if (option == "dx") return sel.dx ? Result<void, CommandError>(inapplicable()) : Result<void, CommandError>();
    if (option == "dy") return sel.dy ? Result<void, CommandError>(inapplicable()) : Result<void, CommandError>();
    if (option == "dz") return sel.dz ? Result<void, CommandError>(inapplicable()) : Result<void, CommandError>();
    if (option == "limit")
        return (sel.current_entity || st.limited) ? Result<void, CommandError>(inapplicable())
                                                  : Result<void, CommandError>();
    if (option == "sort")
        return (sel.current_entity || st.sorted) ? Result<void, CommandError>(inapplicable())
                                                 : Result<void, CommandError>();
    if (option == "type")
        return st.type_limited ? Result<void, CommandError>(inapplicable()) : Result<void, CommandError>();
    if (option == "tag" || option == "nbt") return {};
    reader.set_cursor(option_start);
    return unexpected(reader.error("Unknown option '" + option + "'"));
}

Result<void, CommandError> read_option_value(StringReader& reader, ParserState& st, const std::string& option,
                                             const Registry<EntityTypeInfo>& types) {
    auto& sel = st.sel;
    auto read_coord = [&](std::optional<double>& out) -> Result<void, CommandError> {
        auto v = reader.read_double();
        if (!v) return unexpected(std::move(v.error()));
        out = *v;
        return {};
    };
    if (option == "name") {
        const std::size_t start = reader.cursor();
        const bool inv = inverted(reader);
        auto s = reader.read_string();
        if (!s) return unexpected(std::move(s.error()));
        if (st.has_name_not_equals && !inv) {
            reader.set_cursor(start);
            return unexpected(reader.error("Option 'name' isn't applicable here"));
        }
        (inv ? st.has_name_not_equals : st.has_name_equals) = true;
        sel.names.push_back({*s, inv});
        return {};
    }
    if (option == "distance") {
        const std::size_t start = reader.cursor();
        auto r = read_range(reader);
        if (!r) return unexpected(std::move(r.error()));
        if ((r->first && *r->first < 0) || (r->second && *r->second < 0)) {
            reader.set_cursor(start);
            return unexpected(reader.error("Distance cannot be negative"));
        }
        sel.distance_min = r->first;
        sel.distance_max = r->second;
        st.has_distance = true;
        return {};
    }
    if (option == "x") return read_coord(sel.x);
    if (option == "y") return read_coord(sel.y);
    if (option == "z") return read_coord(sel.z);
    if (option == "dx") return read_coord(sel.dx);
    if (option == "dy") return read_coord(sel.dy);
    if (option == "dz") return read_coord(sel.dz);
    if (option == "limit") {
        const std::size_t start = reader.cursor();
        auto v = reader.read_int();
        if (!v) return unexpected(std::move(v.error()));
        if (*v < 1) {
            reader.set_cursor(start);
            return unexpected(reader.error("Limit must be at least 1"));
        }
        sel.max_results = *v;
        st.limited = true;
        return {};
    }
    if (option == "sort") {
        const std::size_t start = reader.cursor();
        const std::string s = reader.read_unquoted_string();
        if (s == "nearest") sel.sort = EntitySelector::Sort::Nearest;
        else if (s == "furthest") sel.sort = EntitySelector::Sort::Furthest;
        else if (s == "random") sel.sort = EntitySelector::Sort::Random;
        else if (s == "arbitrary") sel.sort = EntitySelector::Sort::Arbitrary;
        else {
            reader.set_cursor(start);
            return unexpected(reader.error("Invalid or unknown sort type '" + s + "'"));
        }
        st.sorted = true;
        return {};
    }
    if (option == "type") {
        const std::size_t start = reader.cursor();
        const bool inv = inverted(reader);
        if (st.type_limited_inversely && !inv) {
            reader.set_cursor(start);
            return unexpected(reader.error("Option 'type' isn't applicable here"));
        }
        if (inv) st.type_limited_inversely = true;
        if (reader.can_read() && reader.peek() == '#') {
            // Entity type tags are not registered in this server.
            reader.set_cursor(start);
            return unexpected(reader.error("Invalid or unknown entity type '" + std::string(reader.remaining()) + "'"));
        }
        const std::size_t id_start = reader.cursor();
        std::string text;
        while (reader.can_read()) {
            const char c = reader.peek();
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '_' || c == ':' || c == '/' || c == '.' ||
                  c == '-'))
                break;
            text.push_back(c);
            reader.skip();
        }
        auto id = ResourceLocation::parse(text);
        if (!id) {
            reader.set_cursor(id_start);
            return unexpected(reader.error("Invalid ID"));
        }
        auto h = types.find(*id);
        if (!h) {
            reader.set_cursor(start);
            return unexpected(reader.error("Invalid or unknown entity type '" + id->str() + "'"));
        }
        sel.types.push_back({*h, inv});
        if (!inv) st.type_limited = true;
        return {};
    }
    if (option == "tag") {
        const bool inv = inverted(reader);
        sel.tags.push_back({reader.read_unquoted_string(), inv});
        return {};
    }
    if (option == "nbt") {
        const bool inv = inverted(reader);
        if (!reader.can_read() || reader.peek() != '{') return unexpected(reader.error("Expected '{'"));
        const std::size_t start = reader.cursor();
        std::size_t consumed = 0;
        auto tag = nbt::detail::parse_snbt_prefix(reader.remaining(), consumed);
        if (!tag) return unexpected(reader.error_at(tag.error().message, start + tag.error().offset));
        reader.set_cursor(start + consumed);
        sel.nbt.push_back({*tag->get_if<nbt::Compound>(), inv});
        return {};
    }
    return {};
}

Result<void, CommandError> parse_options(StringReader& reader, ParserState& st, const Registry<EntityTypeInfo>& types) {
    reader.skip_whitespace();
    while (reader.can_read() && reader.peek() != ']') {
        reader.skip_whitespace();
        const std::size_t start = reader.cursor();
        auto name = reader.read_string();
        if (!name) return unexpected(std::move(name.error()));
        if (auto ok = parse_option(reader, st, *name, start, types); !ok) return ok;
        reader.skip_whitespace();
        if (!reader.can_read() || reader.peek() != '=') {
            reader.set_cursor(start);
            return unexpected(reader.error("Expected value for option '" + *name + "'"));
        }
        reader.skip();
        reader.skip_whitespace();
        if (auto ok = read_option_value(reader, st, *name, types); !ok) return ok;
        reader.skip_whitespace();
        if (reader.can_read()) {
            if (reader.peek() == ',') {
                reader.skip();
                continue;
            }
            if (reader.peek() != ']') return unexpected(reader.error("Expected end of options"));
            break;
        }
    }
    if (!reader.can_read()) return unexpected(reader.error("Expected end of options"));
    reader.skip();
    return {};
}

bool parse_hex_group(std::string_view s, std::uint64_t& out) {
    if (s.empty() || s.size() > 16) return false;
    std::uint64_t v = 0;
    for (char c : s) {
        int d;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else return false;
        v = (v << 4) | static_cast<std::uint64_t>(d);
    }
    out = v;
    return true;
}

class EntityArgument final : public ArgumentType {
public:
    EntityArgument(const Registry<EntityTypeInfo>& types, bool single) : types_(&types), single_(single) {}
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        auto sel = parse_selector(reader, *types_);
        if (!sel) return unexpected(std::move(sel.error()));
        if (single_ && sel->max_results > 1) {
            // Vanilla points at the start of the whole line here.
            return unexpected(
                reader.error_at("Only one entity is allowed, but the provided selector allows more than one", 0));
        }
        return std::any(std::move(*sel));
    }

private:
    const Registry<EntityTypeInfo>* types_;
    bool single_;
};

bool same_name(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        auto low = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
        if (low(a[i]) != low(b[i])) return false;
    }
    return true;
}

}  // namespace

std::optional<Uuid> parse_java_uuid(std::string_view text) {
    if (text.size() > 36) return std::nullopt;
    std::string_view parts[5];
    std::size_t from = 0;
    for (int i = 0; i < 5; ++i) {
        const std::size_t dash = i < 4 ? text.find('-', from) : std::string_view::npos;
        if (i < 4 && dash == std::string_view::npos) return std::nullopt;
        parts[i] = text.substr(from, i < 4 ? dash - from : std::string_view::npos);
        if (i == 4 && parts[i].find('-') != std::string_view::npos) return std::nullopt;
        from = dash + 1;
    }
    std::uint64_t g[5];
    for (int i = 0; i < 5; ++i)
        if (!parse_hex_group(parts[i], g[i])) return std::nullopt;
    Uuid u;
    u.msb = ((g[0] & 0xFFFFFFFFull) << 32) | ((g[1] & 0xFFFFull) << 16) | (g[2] & 0xFFFFull);
    u.lsb = ((g[3] & 0xFFFFull) << 48) | (g[4] & 0xFFFFFFFFFFFFull);
    return u;
}

Result<EntitySelector, CommandError> parse_selector(StringReader& reader, const Registry<EntityTypeInfo>& types) {
    ParserState st;
    if (reader.can_read() && reader.peek() == '@') {
        reader.skip();
        if (!reader.can_read()) return unexpected(reader.error("Missing selector type"));
        const std::size_t at = reader.cursor();
        const char c = reader.read();
        auto& sel = st.sel;
        switch (c) {
            case 'p':
                sel.max_results = 1;
                sel.include_entities = false;
                sel.sort = EntitySelector::Sort::Nearest;
                st.type_limited = true;
                break;
            case 'a':
                sel.include_entities = false;
                st.type_limited = true;
                break;
            case 'r':
                sel.max_results = 1;
                sel.include_entities = false;
                sel.sort = EntitySelector::Sort::Random;
                st.type_limited = true;
                break;
            case 's':
                sel.max_results = 1;
                sel.current_entity = true;
                break;
            case 'e': break;
            default:
                reader.set_cursor(at);
                return unexpected(reader.error(std::string("Unknown selector type '@") + c + "'"));
        }
        if (reader.can_read() && reader.peek() == '[') {
            reader.skip();
            if (auto ok = parse_options(reader, st, types); !ok) return unexpected(ok.error());
        }
        return std::move(st.sel);
    }
    const std::size_t start = reader.cursor();
    auto s = reader.read_string();
    if (!s) return unexpected(std::move(s.error()));
    if (auto uuid = parse_java_uuid(*s)) {
        st.sel.uuid = *uuid;
    } else {
        if (s->empty() || s->size() > 16) {
            reader.set_cursor(start);
            return unexpected(reader.error("Invalid name or UUID"));
        }
        st.sel.name = *s;
    }
    st.sel.max_results = 1;
    return std::move(st.sel);
}

std::shared_ptr<const ArgumentType> entity_arg(const Registry<EntityTypeInfo>& types, bool single) {
    return std::make_shared<EntityArgument>(types, single);
}

std::string type_display_name(const ResourceLocation& id) {
    std::string out;
    bool start = true;
    for (char c : id.path()) {
        if (c == '_' || c == '/') {
            out.push_back(' ');
            start = true;
            continue;
        }
        out.push_back(start && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
        start = false;
    }
    return out;
}

std::string display_name(const World& world, const EntityData& data) {
    if (data.custom_name) return *data.custom_name;
    if (const PlayerEntity* player = world.player(world.entities().slot(data.handle))) return player->profile_name;
    return type_display_name(world.registries().entity_types.id_of(data.type));
}

std::vector<EntityHandle> EntitySelector::find(World& world, const CommandSource& source) const {
    std::vector<EntityHandle> out;
    const EntityIndex& index = world.entities();
    if (uuid) {
        if (const EntitySlot* slot = index.find(*uuid); slot && !slot->data->removed) out.push_back(slot->data->handle);
        return out;
    }
    const Vec3 origin = source.position();
    const Vec3 pos{x.value_or(origin.x), y.value_or(origin.y), z.value_or(origin.z)};
    std::optional<AABB> box;
    if (dx || dy || dz) {
        const double ddx = dx.value_or(0), ddy = dy.value_or(0), ddz = dz.value_or(0);
        box = AABB{{pos.x + std::min(0.0, ddx), pos.y + std::min(0.0, ddy), pos.z + std::min(0.0, ddz)},
                   {pos.x + std::max(0.0, ddx) + 1, pos.y + std::max(0.0, ddy) + 1, pos.z + std::max(0.0, ddz) + 1}};
    }
    auto matches = [&](const EntitySlot& slot) {
        const EntityData& d = *slot.data;
        if (d.removed) return false;
        const PlayerEntity* player = world.player(&slot);
        if (!include_entities && !player) return false;  // @a, @p, @r: players only
        for (const auto& t : types)
            if ((d.type == t.value) == t.invert) return false;
        for (const auto& t : tags) {
            const bool has =
                t.value.empty() ? d.tags.empty() : std::find(d.tags.begin(), d.tags.end(), t.value) != d.tags.end();
            if (has == t.invert) return false;
        }
        if (!names.empty()) {
            const std::string n = display_name(world, d);
            for (const auto& f : names)
                if ((n == f.value) == f.invert) return false;
        }
        // A name selects the player of that name (case-insensitive, as vanilla's getPlayerByName);
        // here also an entity with that CustomName.
        if (name && !(player ? same_name(player->profile_name, *name) : d.custom_name && *d.custom_name == *name))
            return false;
        if (box && !box->intersects(d.bounding_box())) return false;
        if (distance_min || distance_max) {
            const double dsq = d.pos.dist_sqr(pos);
            if (distance_min && dsq < *distance_min * *distance_min) return false;
            if (distance_max && dsq > *distance_max * *distance_max) return false;
        }
        if (!nbt.empty()) {
            const nbt::Tag saved(world.save_entity(*slot.entity));
            for (const auto& f : nbt)
                if (nbt::nbt_matches(nbt::Tag(f.value), saved) == f.invert) return false;
        }
        return true;
    };
    if (current_entity) {
        if (auto self = source.entity())
            if (const EntitySlot* slot = index.slot(*self); slot && matches(*slot)) out.push_back(*self);
        return out;
    }
    for (EntityHandle h : index.order()) {
        const EntitySlot* slot = index.slot(h);
        if (slot && matches(*slot)) {
            out.push_back(h);
            if (name) break;  // a name selects one entity
        }
    }
    if (out.size() > 1) {
        auto dist = [&](EntityHandle h) { return index.slot(h)->data->pos.dist_sqr(pos); };
        switch (sort) {
            case Sort::Arbitrary: break;
            case Sort::Nearest:
                std::stable_sort(out.begin(), out.end(),
                                 [&](EntityHandle a, EntityHandle b) { return dist(a) < dist(b); });
                break;
            case Sort::Furthest:
                std::stable_sort(out.begin(), out.end(),
                                 [&](EntityHandle a, EntityHandle b) { return dist(a) > dist(b); });
                break;
            case Sort::Random:
                // Vanilla's Util.shuffle.
                for (std::size_t i = out.size(); i > 1; --i) {
                    const auto j = static_cast<std::size_t>(world.random().next_int(static_cast<std::int32_t>(i)));
                    std::swap(out[i - 1], out[j]);
                }
                break;
        }
    }
    if (out.size() > static_cast<std::size_t>(max_results)) out.resize(static_cast<std::size_t>(max_results));
    return out;
}

Result<std::vector<EntityHandle>, CommandError> select_entities(const EntitySelector& selector, World& world,
                                                                const CommandSource& source) {
    auto found = selector.find(world, source);
    if (found.empty()) return unexpected(CommandError::plain(no_entity));
    return found;
}

Result<EntityHandle, CommandError> select_entity(const EntitySelector& selector, World& world,
                                                 const CommandSource& source) {
    auto found = selector.find(world, source);
    if (found.empty()) return unexpected(CommandError::plain(no_entity));
    if (found.size() > 1)
        return unexpected(
            CommandError::plain("Only one entity is allowed, but the provided selector allows more than one"));
    return found.front();
}

}  // namespace mobsdk::server
