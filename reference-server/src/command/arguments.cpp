// Vanilla's argument types (Brigadier's numbers and strings, Vec3/BlockPos/ColumnPos arguments,
// BlockStateParser, ResourceLocation.read, TimeArgument, CompoundTag and NbtPath arguments).
#include "mobserver/command/arguments.hpp"

#include <cmath>
#include <cstdio>
#include <optional>

#include "mobsdk/nbt/snbt.hpp"

namespace mobsdk::server {

namespace {

std::string num(double v) {
    // Brigadier formats bounds with Java's toString; integers print without a fraction.
    char buf[64];
    if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15) std::snprintf(buf, sizeof buf, "%.1f", v);
    else std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// A read's value as an argument's value, or the read's error.
template <typename T>
Result<std::any, CommandError> as_any(Result<T, CommandError> read) {
    if (!read) return unexpected(std::move(read.error()));
    return std::any(std::move(*read));
}

std::string show(std::int32_t v) { return std::to_string(v); }
std::string show(double v) { return num(v); }

// Brigadier's IntegerArgumentType, FloatArgumentType and DoubleArgumentType: the reader's number
// within [min, max]; out of range, the cursor goes back to the number's start.
template <typename T, Result<T, CommandError> (StringReader::*Read)()>
class NumberArgument final : public ArgumentType {
public:
    NumberArgument(const char* type_name, T min, T max) : type_name_(type_name), min_(min), max_(max) {}
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        const std::size_t start = reader.cursor();
        auto v = (reader.*Read)();
        if (!v) return unexpected(std::move(v.error()));
        if (*v < min_ || *v > max_) {
            reader.set_cursor(start);
            return unexpected(reader.error(std::string(type_name_) + " must not be " +
                                           (*v < min_ ? "less than " + show(min_) : "more than " + show(max_)) +
                                           ", found " + show(*v)));
        }
        return std::any(*v);
    }

private:
    const char* type_name_;
    T min_, max_;
};

class BoolArgument final : public ArgumentType {
public:
    Result<std::any, CommandError> parse(StringReader& reader) const override { return as_any(reader.read_boolean()); }
};

class WordArgument final : public ArgumentType {
public:
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        return std::any(reader.read_unquoted_string());
    }
};

class GreedyStringArgument final : public ArgumentType {
public:
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        std::string rest(reader.remaining());
        reader.set_cursor(reader.string().size());
        return std::any(std::move(rest));
    }
};

const char* const expected_coordinate = "Expected a coordinate";
const char* const expected_block_pos = "Expected a block position";
const char* const incomplete_2 = "Incomplete (expected 2 coordinates)";
const char* const incomplete_3 = "Incomplete (expected 3 coordinates)";
const char* const mixed = "Cannot mix world & local coordinates (everything must either use ^ or not)";

// WorldCoordinate.parseDouble / parseInt.
Result<WorldCoordinate, CommandError> parse_world_coordinate(StringReader& reader, bool as_int, bool center) {
    if (reader.can_read() && reader.peek() == '^') return unexpected(reader.error(mixed));
    if (!reader.can_read()) return unexpected(reader.error(as_int ? expected_block_pos : expected_coordinate));
    const bool relative = reader.peek() == '~';
    if (relative) reader.skip();
    const std::size_t start = reader.cursor();
    double value = 0;
    if (reader.can_read() && reader.peek() != ' ') {
        if (as_int && !relative) {
            auto v = reader.read_int();
            if (!v) return unexpected(std::move(v.error()));
            value = *v;
        } else {
            auto v = reader.read_double();
            if (!v) return unexpected(std::move(v.error()));
            value = *v;
        }
    }
    const std::string_view text = std::string_view(reader.string()).substr(start, reader.cursor() - start);
    if (relative && text.empty()) return WorldCoordinate{true, 0.0};
    if (!as_int && center && !relative && text.find('.') == std::string_view::npos) value += 0.5;
    return WorldCoordinate{relative, value};
}

// The space between two coordinates; without it the argument is incomplete and the cursor goes
// back to the argument's start.
std::optional<CommandError> skip_separator(StringReader& reader, std::size_t start, const char* incomplete) {
    if (!reader.can_read() || reader.peek() != ' ') {
        reader.set_cursor(start);
        return reader.error(incomplete);
    }
    reader.skip();
    return std::nullopt;
}

// LocalCoordinates.readDouble.
Result<double, CommandError> parse_local(StringReader& reader, std::size_t start) {
    if (!reader.can_read()) return unexpected(reader.error(expected_coordinate));
    if (reader.peek() != '^') {
        reader.set_cursor(start);
        return unexpected(reader.error(mixed));
    }
    reader.skip();
    if (reader.can_read() && reader.peek() != ' ') return reader.read_double();
    return 0.0;
}

Result<Coordinates, CommandError> parse_coordinates(StringReader& reader, bool as_int, bool center) {
    const std::size_t start = reader.cursor();
    Coordinates c;
    if (reader.can_read() && reader.peek() == '^') {
        c.local = true;
        double* out[3] = {&c.x.value, &c.y.value, &c.z.value};
        for (int i = 0; i < 3; ++i) {
            if (i > 0)
                if (auto error = skip_separator(reader, start, incomplete_3)) return unexpected(std::move(*error));
            auto v = parse_local(reader, start);
            if (!v) return unexpected(std::move(v.error()));
            *out[i] = *v;
        }
        return c;
    }
    WorldCoordinate* out[3] = {&c.x, &c.y, &c.z};
    for (int i = 0; i < 3; ++i) {
        if (i > 0)
            if (auto error = skip_separator(reader, start, incomplete_3)) return unexpected(std::move(*error));
        auto v = parse_world_coordinate(reader, as_int, center && i != 1);
        if (!v) return unexpected(std::move(v.error()));
        *out[i] = *v;
    }
    return c;
}

class CoordinatesArgument final : public ArgumentType {
public:
    CoordinatesArgument(bool as_int, bool center) : as_int_(as_int), center_(center) {}
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        return as_any(parse_coordinates(reader, as_int_, center_));
    }

private:
    bool as_int_, center_;
};

class ColumnPosArgument final : public ArgumentType {
public:
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        const std::size_t start = reader.cursor();
        if (!reader.can_read()) return unexpected(reader.error(incomplete_2));
        auto x = parse_world_coordinate(reader, true, false);
        if (!x) return unexpected(std::move(x.error()));
        if (auto error = skip_separator(reader, start, incomplete_2)) return unexpected(std::move(*error));
        auto z = parse_world_coordinate(reader, true, false);
        if (!z) return unexpected(std::move(z.error()));
        return std::any(ColumnCoordinates{*x, *z});
    }
};

class BlockStateArgument final : public ArgumentType {
public:
    explicit BlockStateArgument(const BlockRegistry& blocks) : blocks_(&blocks) {}
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        return as_any(read_block_state(reader, *blocks_));
    }

private:
    const BlockRegistry* blocks_;
};

class ResourceLocationArgument final : public ArgumentType {
public:
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        return as_any(read_resource_location(reader));
    }
};

class EntityTypeArgument final : public ArgumentType {
public:
    explicit EntityTypeArgument(const Registry<EntityTypeInfo>& types) : types_(&types) {}
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        auto id = read_resource_location(reader);
        if (!id) return unexpected(std::move(id.error()));
        auto h = types_->find(*id);
        // Vanilla resolves the id when the command runs, so the error has no position.
        if (!h)
            return unexpected(
                CommandError::plain("Can't find element '" + id->str() + "' of type 'minecraft:entity_type'"));
        return std::any(*h);
    }

private:
    const Registry<EntityTypeInfo>* types_;
};

class CompoundTagArgument final : public ArgumentType {
public:
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        reader.skip_whitespace();
        if (!reader.can_read() || reader.peek() != '{') return unexpected(reader.error("Expected '{'"));
        const std::size_t start = reader.cursor();
        std::size_t consumed = 0;
        nbt::SnbtReadOptions opts;
        opts.max_depth = 512;
        auto tag = nbt::detail::parse_snbt_prefix(reader.remaining(), consumed, opts);
        if (!tag) {
            const auto& e = tag.error();
            return unexpected(reader.error_at(e.message, start + e.offset));
        }
        const nbt::Compound* c = tag->get_if<nbt::Compound>();
        if (!c) return unexpected(reader.error("Expected '{'"));
        reader.set_cursor(start + consumed);
        return std::any(*c);
    }
};

class NbtPathArgument final : public ArgumentType {
public:
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        // A path ends at the first space outside quotes, brackets and braces.
        const std::size_t start = reader.cursor();
        const std::string& s = reader.string();
        std::size_t i = start;
        int depth = 0;
        char quote = 0;
        for (; i < s.size(); ++i) {
            const char c = s[i];
            if (quote) {
                if (c == '\\') ++i;
                else if (c == quote) quote = 0;
                continue;
            }
            if (c == '"' || c == '\'') quote = c;
            else if (c == '[' || c == '{') ++depth;
            else if (c == ']' || c == '}') --depth;
            else if (c == ' ' && depth <= 0) break;
        }
        const std::string_view text = std::string_view(s).substr(start, i - start);
        auto path = nbt::NbtPath::parse(text);
        if (!path) return unexpected(reader.error_at(path.error().message, start + path.error().position));
        reader.set_cursor(i);
        return std::any(*path);
    }
};

class TimeArgument final : public ArgumentType {
public:
    explicit TimeArgument(std::int32_t min) : min_(min) {}
    Result<std::any, CommandError> parse(StringReader& reader) const override {
        auto f = reader.read_float();
        if (!f) return unexpected(std::move(f.error()));
        const std::string unit = reader.read_unquoted_string();
        int scale = 0;
        if (unit.empty() || unit == "t") scale = 1;
        else if (unit == "s") scale = 20;
        else if (unit == "d") scale = 24000;
        if (scale == 0) return unexpected(CommandError::plain("Invalid unit"));
        // Java's Math.round(float): floor(x + 0.5), saturating at the int range.
        const double scaled = std::floor(static_cast<double>(*f * static_cast<float>(scale)) + 0.5);
        const std::int32_t ticks = scaled >= 2147483647.0    ? INT32_MAX
                                   : scaled <= -2147483648.0 ? INT32_MIN
                                                             : static_cast<std::int32_t>(scaled);
        if (ticks < min_)
            return unexpected(CommandError::plain("The tick count must not be less than " + std::to_string(min_) +
                                                  ", found " + std::to_string(ticks)));
        return std::any(ticks);
    }

private:
    std::int32_t min_;
};

}  // namespace

Vec3 Coordinates::position(const CommandSource& source) const {
    const Vec3 origin = source.position();
    if (!local) return {x.resolve(origin.x), y.resolve(origin.y), z.resolve(origin.z)};
    // LocalCoordinates.getPosition: left, up and forwards axes from the source's rotation.
    const Vec2 rot = source.rotation();
    constexpr float rad = 3.14159265358979323846f / 180.0f;
    const float f = std::cos((rot.y + 90.0f) * rad), f1 = std::sin((rot.y + 90.0f) * rad);
    const float f2 = std::cos(-rot.x * rad), f3 = std::sin(-rot.x * rad);
    const float f4 = std::cos((-rot.x + 90.0f) * rad), f5 = std::sin((-rot.x + 90.0f) * rad);
    const Vec3 fwd{static_cast<double>(f * f2), static_cast<double>(f3), static_cast<double>(f1 * f2)};
    const Vec3 up{static_cast<double>(f * f4), static_cast<double>(f5), static_cast<double>(f1 * f4)};
    // left = -(fwd × up)
    const Vec3 left{-(fwd.y * up.z - fwd.z * up.y), -(fwd.z * up.x - fwd.x * up.z), -(fwd.x * up.y - fwd.y * up.x)};
    const double l = x.value, u = y.value, fw = z.value;
    return {origin.x + fwd.x * fw + up.x * u + left.x * l, origin.y + fwd.y * fw + up.y * u + left.y * l,
            origin.z + fwd.z * fw + up.z * u + left.z * l};
}

BlockPos ColumnCoordinates::column(const CommandSource& source) const {
    const Vec3 origin = source.position();
    return {floor_to_int(x.resolve(origin.x)), 0, floor_to_int(z.resolve(origin.z))};
}

std::shared_ptr<const ArgumentType> integer_arg(std::int32_t min, std::int32_t max) {
    return std::make_shared<NumberArgument<std::int32_t, &StringReader::read_int>>("Integer", min, max);
}
std::shared_ptr<const ArgumentType> float_arg(float min, float max) {
    return std::make_shared<NumberArgument<float, &StringReader::read_float>>("Float", min, max);
}
std::shared_ptr<const ArgumentType> double_arg(double min, double max) {
    return std::make_shared<NumberArgument<double, &StringReader::read_double>>("Double", min, max);
}
std::shared_ptr<const ArgumentType> bool_arg() { return std::make_shared<BoolArgument>(); }
std::shared_ptr<const ArgumentType> word_arg() { return std::make_shared<WordArgument>(); }
std::shared_ptr<const ArgumentType> greedy_string_arg() { return std::make_shared<GreedyStringArgument>(); }
std::shared_ptr<const ArgumentType> vec3_arg(bool center) {
    return std::make_shared<CoordinatesArgument>(false, center);
}
std::shared_ptr<const ArgumentType> block_pos_arg() { return std::make_shared<CoordinatesArgument>(true, false); }
std::shared_ptr<const ArgumentType> column_pos_arg() { return std::make_shared<ColumnPosArgument>(); }
std::shared_ptr<const ArgumentType> block_state_arg(const BlockRegistry& blocks) {
    return std::make_shared<BlockStateArgument>(blocks);
}
std::shared_ptr<const ArgumentType> resource_location_arg() { return std::make_shared<ResourceLocationArgument>(); }
std::shared_ptr<const ArgumentType> entity_type_arg(const Registry<EntityTypeInfo>& types) {
    return std::make_shared<EntityTypeArgument>(types);
}
std::shared_ptr<const ArgumentType> compound_tag_arg() { return std::make_shared<CompoundTagArgument>(); }
std::shared_ptr<const ArgumentType> nbt_path_arg() { return std::make_shared<NbtPathArgument>(); }
std::shared_ptr<const ArgumentType> time_arg(std::int32_t min) { return std::make_shared<TimeArgument>(min); }

Result<ResourceLocation, CommandError> read_resource_location(StringReader& reader) {
    const std::size_t start = reader.cursor();
    auto allowed = [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '_' || c == ':' || c == '/' || c == '.' ||
               c == '-';
    };
    while (reader.can_read() && allowed(reader.peek())) reader.skip();
    const std::string_view text = std::string_view(reader.string()).substr(start, reader.cursor() - start);
    auto id = ResourceLocation::parse(text);
    if (!id) {
        reader.set_cursor(start);
        return unexpected(reader.error("Invalid ID"));
    }
    return *id;
}

Result<BlockState, CommandError> read_block_state(StringReader& reader, const BlockRegistry& blocks) {
    const std::size_t start = reader.cursor();
    if (reader.can_read() && reader.peek() == '#')
        return unexpected(reader.error("Tags aren't allowed here, only actual blocks"));
    auto id = read_resource_location(reader);
    if (!id) return unexpected(std::move(id.error()));
    const auto block = blocks.blocks().find(*id);
    if (!block) {
        reader.set_cursor(start);
        return unexpected(reader.error("Unknown block type '" + id->str() + "'"));
    }
    const BlockInfo& info = blocks.blocks()[*block];
    const std::string& name = id->str();
    std::vector<std::pair<std::string, std::string>> values;
    if (reader.can_read() && reader.peek() == '[') {
        reader.skip();
        reader.skip_whitespace();
        bool closed = false;
        while (reader.can_read() && reader.peek() != ']') {
            reader.skip_whitespace();
            const std::size_t prop_start = reader.cursor();
            auto prop = reader.read_string();
            if (!prop) return unexpected(std::move(prop.error()));
            const BlockProperty* property = nullptr;
            for (const auto& p : info.properties)
                if (p.name == *prop) property = &p;
            if (!property) {
                reader.set_cursor(prop_start);
                return unexpected(reader.error("Block " + name + " does not have property '" + *prop + "'"));
            }
            for (const auto& v : values)
                if (v.first == *prop) {
                    reader.set_cursor(prop_start);
                    return unexpected(reader.error("Property '" + *prop + "' can only be set once for block " + name));
                }
            reader.skip_whitespace();
            if (!reader.can_read() || reader.peek() != '=')
                return unexpected(reader.error("Expected value for property '" + *prop + "' on block " + name));
            reader.skip();
            reader.skip_whitespace();
            const std::size_t value_start = reader.cursor();
            auto value = reader.read_string();
            if (!value) return unexpected(std::move(value.error()));
            bool known = false;
            for (const auto& v : property->values) known |= v == *value;
            if (!known) {
                reader.set_cursor(value_start);
                return unexpected(
                    reader.error("Block " + name + " does not accept '" + *value + "' for " + *prop + " property"));
            }
            values.emplace_back(*prop, *value);
            reader.skip_whitespace();
            if (reader.can_read()) {
                if (reader.peek() == ',') {
                    reader.skip();
                    continue;
                }
                if (reader.peek() != ']')
                    return unexpected(reader.error("Expected closing ] for block state properties"));
                break;
            }
        }
        if (reader.can_read()) {
            reader.skip();
            closed = true;
        }
        if (!closed) return unexpected(reader.error("Expected closing ] for block state properties"));
    }
    auto state = blocks.state_of(*block, values);
    if (!state) return unexpected(reader.error_at(state.error(), start));
    return *state;
}

std::string format_java_f(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%f", v);
    return buf;
}

}  // namespace mobsdk::server
