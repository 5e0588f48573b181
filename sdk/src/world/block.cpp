// The block registry core: state ids as mixed-radix indexes over a block's property values, the
// text form vanilla uses (`minecraft:oak_door[facing=north,...]`), and the path-type table.
#include "mobsdk/world/block.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>
#include <stdexcept>
#include <tuple>
#include <type_traits>

namespace mobsdk {

namespace {

struct PathTypeData {
    std::string_view name;
    float malus;
};

// Vanilla's BlockPathTypes names and default maluses, in enum order.
constexpr PathTypeData path_types[path_type_count] = {
    {"BLOCKED", -1.0f},
    {"OPEN", 0.0f},
    {"WALKABLE", 0.0f},
    {"WALKABLE_DOOR", 0.0f},
    {"TRAPDOOR", 0.0f},
    {"POWDER_SNOW", -1.0f},
    {"DANGER_POWDER_SNOW", 0.0f},
    {"FENCE", -1.0f},
    {"LAVA", -1.0f},
    {"WATER", 8.0f},
    {"WATER_BORDER", 8.0f},
    {"RAIL", 0.0f},
    {"UNPASSABLE_RAIL", -1.0f},
    {"DANGER_FIRE", 8.0f},
    {"DAMAGE_FIRE", 16.0f},
    {"DANGER_OTHER", 8.0f},
    {"DAMAGE_OTHER", -1.0f},
    {"DOOR_OPEN", 0.0f},
    {"DOOR_WOOD_CLOSED", -1.0f},
    {"DOOR_IRON_CLOSED", -1.0f},
    {"BREACH", 4.0f},
    {"LEAVES", -1.0f},
    {"STICKY_HONEY", 8.0f},
    {"COCOA", 0.0f},
    {"DAMAGE_CAUTIOUS", 0.0f},
    {"DANGER_TRAPDOOR", 0.0f},
};

// Decodes a state's property values from its mixed-radix index (the last property varies fastest).
std::vector<std::uint8_t> values_of(const BlockInfo& block, std::uint32_t index) {
    std::vector<std::uint8_t> values(block.properties.size());
    for (std::size_t i = block.properties.size(); i-- > 0;) {
        const auto n = static_cast<std::uint32_t>(block.properties[i].values.size());
        values[i] = static_cast<std::uint8_t>(index % n);
        index /= n;
    }
    return values;
}

std::uint32_t index_of(const BlockInfo& block, const std::vector<std::uint8_t>& values) {
    std::uint32_t index = 0;
    for (std::size_t i = 0; i < block.properties.size(); ++i)
        index = index * static_cast<std::uint32_t>(block.properties[i].values.size()) + values[i];
    return index;
}

int property_slot(const BlockInfo& block, std::string_view name) {
    for (std::size_t i = 0; i < block.properties.size(); ++i)
        if (block.properties[i].name == name) return static_cast<int>(i);
    return -1;
}

// Vanilla's Property name and value rule; it also keeps ',', '=' and ']' out of the text form.
bool valid_property_text(std::string_view text) noexcept {
    if (text.empty()) return false;
    for (const char c : text)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    return true;
}

int find_value(const BlockProperty& p, std::string_view value) {
    for (std::size_t i = 0; i < p.values.size(); ++i)
        if (p.values[i] == value) return static_cast<int>(i);
    return -1;
}

// How a definition's values read: booleans, integers, directions, axes, or else an enum's index.
PropertyKind kind_of(const BlockProperty& p) {
    const auto all = [&p](auto&& test) {
        for (const std::string& v : p.values)
            if (!test(v)) return false;
        return true;
    };
    if (p.values.size() == 2 && all([](const std::string& v) { return v == "true" || v == "false"; }) &&
        p.values[0] != p.values[1])
        return PropertyKind::Bool;
    if (all([](const std::string& v) {
            std::size_t i = v[0] == '-' ? 1 : 0;
            if (i == v.size() || v.size() > 9) return false;
            for (; i < v.size(); ++i)
                if (v[i] < '0' || v[i] > '9') return false;
            return true;
        }))
        return PropertyKind::Int;
    if (all([](const std::string& v) { return direction_from_name(v).has_value(); })) return PropertyKind::Direction;
    if (all([](const std::string& v) { return axis_from_name(v).has_value(); })) return PropertyKind::Axis;
    return PropertyKind::Enum;
}

std::int32_t number_of_value(PropertyKind kind, const std::string& value, std::size_t index) {
    switch (kind) {
        case PropertyKind::Bool: return value == "true" ? 1 : 0;
        case PropertyKind::Int: return std::stoi(value);
        case PropertyKind::Direction: return static_cast<std::int32_t>(*direction_from_name(value));
        case PropertyKind::Axis: return static_cast<std::int32_t>(*axis_from_name(value));
        case PropertyKind::Enum: break;
    }
    return static_cast<std::int32_t>(index);
}

}  // namespace

namespace {

// The boxes of the shapes BlockShape::of_boxes made: each distinct list once, kept for the whole
// process, so that a view stays valid in every registry. Registration only, under a lock.
struct ShapePool {
    std::mutex mutex;
    std::deque<std::vector<ShapeBox>> lists;  // a deque never moves its vectors, nor they their boxes
    std::map<std::vector<std::tuple<float, float, float, float, float, float>>, const ShapeBox*> index;
};

ShapePool& shape_pool() {
    static ShapePool pool;
    return pool;
}

}  // namespace

BlockShape BlockShape::of_boxes(std::span<const ShapeBox> boxes) {
    if (boxes.empty()) return empty();
    if (boxes.size() > 255) throw std::invalid_argument("a block shape has at most 255 boxes");
    if (boxes.size() == 1 && boxes[0] == full_box) return full();
    std::vector<std::tuple<float, float, float, float, float, float>> key;
    key.reserve(boxes.size());
    for (const ShapeBox& b : boxes) key.emplace_back(b.min_x, b.min_y, b.min_z, b.max_x, b.max_y, b.max_z);
    ShapePool& pool = shape_pool();
    const std::lock_guard lock(pool.mutex);
    auto [at, added] = pool.index.try_emplace(std::move(key), nullptr);
    if (added) at->second = pool.lists.emplace_back(boxes.begin(), boxes.end()).data();
    return {at->second, static_cast<std::uint8_t>(boxes.size())};
}

BlockShape& BlockShape::add(ShapeBox b) {
    std::vector<ShapeBox> list(begin(), end());
    list.push_back(b);
    return *this = of_boxes(list);
}

float default_malus(PathType type) noexcept { return path_types[static_cast<std::size_t>(type)].malus; }

std::ostream& operator<<(std::ostream& out, PathType type) { return out << path_type_name(type); }

std::string_view path_type_name(PathType type) noexcept { return path_types[static_cast<std::size_t>(type)].name; }

std::string_view BlockStateView::get(std::string_view property) const noexcept {
    for (std::size_t i = 0; i < properties_.size(); ++i)
        if (properties_[i].name == property) return properties_[i].values[values_[i]];
    return {};
}

BlockRegistry::BlockRegistry() {
    // Vanilla's vocabulary first, so that its handles are the same in every registry.
    VanillaBlockProperties::visit(vanilla_properties_, [this](auto& handle, BlockProperty definition) {
        handle = std::remove_reference_t<decltype(handle)>::from_index(add_definition(std::move(definition)));
    });
    VanillaBlockTags::visit(vanilla_tags_, [this](BlockTag& handle, std::string_view path) {
        handle = tags_.register_entry(ResourceLocation::of(path), BlockTagInfo{}, "minecraft");
    });
    BlockDefinition air;
    air.make_state = [](const BlockStateView&) {
        BlockStateInfo s;
        s.replaceable = true;
        s.path_type = PathType::Open;
        return s;
    };
    register_block(ResourceLocation::of("air"), std::move(air));
}

Handle<BlockInfo> BlockRegistry::register_block(const ResourceLocation& id, BlockDefinition def,
                                                std::string_view registrant) {
    if (!def.make_state) throw std::invalid_argument("block " + id.str() + ": a BlockDefinition needs make_state");
    BlockInfo info;
    info.properties = std::move(def.properties);
    info.tags = std::move(def.tags);
    std::uint64_t count = 1;
    for (std::size_t i = 0; i < info.properties.size(); ++i) {
        const BlockProperty& p = info.properties[i];
        if (!valid_property_text(p.name))
            throw std::invalid_argument("block " + id.str() + ": property name '" + p.name +
                                        "' must be non-empty [a-z0-9_] (vanilla's rule)");
        for (std::size_t j = 0; j < i; ++j)
            if (info.properties[j].name == p.name)
                throw std::invalid_argument("block " + id.str() + ": property '" + p.name + "' defined twice");
        if (p.values.empty())
            throw std::invalid_argument("block " + id.str() + ": property '" + p.name + "' has no values");
        if (p.values.size() > 255)
            throw std::invalid_argument("block " + id.str() + ": property '" + p.name + "' has more than 255 values");
        for (std::size_t v = 0; v < p.values.size(); ++v) {
            if (!valid_property_text(p.values[v]))
                throw std::invalid_argument("block " + id.str() + ": value '" + p.values[v] + "' of property '" +
                                            p.name + "' must be non-empty [a-z0-9_] (vanilla's rule)");
            for (std::size_t w = 0; w < v; ++w)
                if (p.values[w] == p.values[v])
                    throw std::invalid_argument("block " + id.str() + ": property '" + p.name + "' lists value '" +
                                                p.values[v] + "' twice");
        }
        count *= p.values.size();
        if (count > 65536) throw std::invalid_argument("block " + id.str() + ": more than 65536 states");
    }
    if (info.properties.size() > 127) throw std::invalid_argument("block " + id.str() + ": more than 127 properties");
    if (states_.size() + count > 65535)
        throw std::invalid_argument("block " + id.str() + ": the registry would exceed 65535 states");

    std::vector<std::uint8_t> defaults(info.properties.size(), 0);
    for (const auto& [name, value] : def.defaults) {
        const int p = property_slot(info, name);
        if (p < 0) throw std::invalid_argument("block " + id.str() + ": default for unknown property '" + name + "'");
        const int v = find_value(info.properties[p], value);
        if (v < 0)
            throw std::invalid_argument("block " + id.str() + ": default '" + value + "' is not a value of '" + name +
                                        "'");
        defaults[p] = static_cast<std::uint8_t>(v);
    }
    info.first_state = static_cast<std::uint32_t>(states_.size());
    info.state_count = static_cast<std::uint32_t>(count);
    info.default_state = info.first_state + index_of(info, defaults);

    // Derive every state before registering, so that a throwing factory, a duplicate id or a frozen
    // registry leaves the registry as it was.
    std::vector<BlockStateInfo> states;
    states.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        const auto values = values_of(info, i);
        BlockStateInfo s = def.make_state(BlockStateView(info.properties, values, i));
        if (s.outline.is_unset()) s.outline = s.collision;  // vanilla's default getCollisionShape is getShape
        s.property_index = i;
        states.push_back(s);
    }
    // Where each property sits in a state's index, by definition; definitions and tags that are
    // new are added only once the block is registered.
    Layout layout;
    layout.first_state = info.first_state;
    std::vector<BlockProperty> new_definitions;
    std::uint32_t stride = 1;
    layout.definition.resize(info.properties.size());
    layout.stride.resize(info.properties.size());
    layout.count.resize(info.properties.size());
    for (std::size_t i = info.properties.size(); i-- > 0;) {
        const BlockProperty& p = info.properties[i];
        std::uint32_t d = find_definition(p);
        if (d == no_definition) {
            for (std::size_t k = 0; k < new_definitions.size() && d == no_definition; ++k)
                if (new_definitions[k] == p) d = static_cast<std::uint32_t>(definitions_.size() + k);
            if (d == no_definition) {
                d = static_cast<std::uint32_t>(definitions_.size() + new_definitions.size());
                new_definitions.push_back(p);
            }
        }
        layout.definition[i] = d;
        layout.stride[i] = stride;
        layout.count[i] = static_cast<std::uint32_t>(p.values.size());
        stride *= static_cast<std::uint32_t>(p.values.size());
    }
    layout.slot_of.assign(definitions_.size() + new_definitions.size(), -1);
    for (std::size_t i = 0; i < layout.definition.size(); ++i)
        layout.slot_of[layout.definition[i]] = static_cast<std::int8_t>(i);
    std::vector<ResourceLocation> new_tags;
    for (const ResourceLocation& tag : info.tags) {
        std::uint32_t t;
        if (const auto known = tags_.find(tag)) {
            t = known->index();
        } else {
            const auto pending = std::find(new_tags.begin(), new_tags.end(), tag);
            t = static_cast<std::uint32_t>(tags_.size() + static_cast<std::size_t>(pending - new_tags.begin()));
            if (pending == new_tags.end()) new_tags.push_back(tag);
        }
        if (layout.tag_bits.size() <= t / 64) layout.tag_bits.resize(t / 64 + 1, 0);
        layout.tag_bits[t / 64] |= std::uint64_t{1} << (t % 64);
    }
    if (!new_tags.empty() && tags_.frozen())
        throw RegistryError("registry " + tags_.registry_id().str() + " is frozen: '" + std::string(registrant) +
                            "' cannot add tag " + new_tags.front().str() + " after start-up");

    const Handle<BlockInfo> handle = blocks_.register_entry(id, std::move(info), registrant);
    for (BlockProperty& p : new_definitions) add_definition(std::move(p));
    for (ResourceLocation& tag : new_tags) tags_.register_entry(std::move(tag), BlockTagInfo{}, registrant);
    layouts_.push_back(std::move(layout));
    // Grow geometrically: reserving exactly the new size each time would copy every state again for
    // each of vanilla's 1,058 blocks.
    if (states_.capacity() < states_.size() + count)
        states_.reserve(std::max(states_.size() + count, 2 * states_.size()));
    for (BlockStateInfo& s : states) {
        s.block = handle;
        states_.push_back(s);
    }
    return handle;
}

void BlockRegistry::add_tags(Handle<BlockInfo> block, const std::vector<ResourceLocation>& tags,
                             std::string_view registrant) {
    BlockInfo& info = blocks_.mutable_value(block);  // throws after freeze
    for (const ResourceLocation& tag : tags)
        if (!tags_.find(tag) && tags_.frozen())
            throw RegistryError("registry " + tags_.registry_id().str() + " is frozen: '" + std::string(registrant) +
                                "' cannot add tag " + tag.str() + " after start-up");
    Layout& layout = layouts_[block.index()];
    for (const ResourceLocation& tag : tags) {
        const auto known = tags_.find(tag);
        const std::uint32_t t = known ? known->index() : tags_.register_entry(tag, BlockTagInfo{}, registrant).index();
        if (layout.tag_bits.size() <= t / 64) layout.tag_bits.resize(t / 64 + 1, 0);
        layout.tag_bits[t / 64] |= std::uint64_t{1} << (t % 64);
        if (!info.has_tag(tag)) info.tags.push_back(tag);
    }
}

std::uint32_t BlockRegistry::find_definition(const BlockProperty& property) const noexcept {
    for (std::size_t i = 0; i < definitions_.size(); ++i)
        if (definitions_[i].property == property) return static_cast<std::uint32_t>(i);
    return no_definition;
}

std::uint32_t BlockRegistry::add_definition(BlockProperty property) {
    Definition d;
    d.kind = kind_of(property);
    d.numbers.reserve(property.values.size());
    for (std::size_t i = 0; i < property.values.size(); ++i)
        d.numbers.push_back(number_of_value(d.kind, property.values[i], i));
    d.property = std::move(property);
    definitions_.push_back(std::move(d));
    return static_cast<std::uint32_t>(definitions_.size() - 1);
}

std::optional<BlockState> BlockRegistry::with_number(BlockState state, std::uint32_t definition,
                                                     std::int32_t number) const noexcept {
    const BlockStateInfo& s = info(state);
    const Layout& l = layouts_[s.block.index()];
    if (definition >= l.slot_of.size() || l.slot_of[definition] < 0) return std::nullopt;
    const auto slot = static_cast<std::size_t>(l.slot_of[definition]);
    const std::vector<std::int32_t>& numbers = definitions_[definition].numbers;
    const auto found = std::find(numbers.begin(), numbers.end(), number);
    if (found == numbers.end()) return std::nullopt;
    const std::uint32_t wanted = static_cast<std::uint32_t>(found - numbers.begin());
    const std::uint32_t current = s.property_index / l.stride[slot] % l.count[slot];
    return BlockState{l.first_state + s.property_index + wanted * l.stride[slot] - current * l.stride[slot]};
}

std::string_view BlockRegistry::value(BlockState state, std::string_view property) const {
    const BlockStateInfo& s = info(state);
    const BlockInfo& b = blocks_.entry(s.block).value;
    const int p = property_slot(b, property);
    if (p < 0) return {};
    return b.properties[p].values[values_of(b, s.property_index)[p]];
}

std::optional<BlockState> BlockRegistry::with(BlockState state, std::string_view property,
                                              std::string_view value) const {
    const BlockStateInfo& s = info(state);
    const BlockInfo& b = blocks_.entry(s.block).value;
    const int p = property_slot(b, property);
    if (p < 0) return std::nullopt;
    const int v = find_value(b.properties[p], value);
    if (v < 0) return std::nullopt;
    auto values = values_of(b, s.property_index);
    values[p] = static_cast<std::uint8_t>(v);
    return BlockState{b.first_state + index_of(b, values)};
}

std::vector<std::pair<std::string, std::string>> BlockRegistry::properties(BlockState state) const {
    const BlockStateInfo& s = info(state);
    const BlockInfo& b = blocks_.entry(s.block).value;
    const auto values = values_of(b, s.property_index);
    std::vector<std::pair<std::string, std::string>> out;
    out.reserve(values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
        out.emplace_back(b.properties[i].name, b.properties[i].values[values[i]]);
    return out;
}

Result<BlockState, std::string> BlockRegistry::state_of(
    Handle<BlockInfo> block, const std::vector<std::pair<std::string, std::string>>& given) const {
    const BlockInfo& b = blocks_.entry(block).value;
    auto values = values_of(b, b.default_state - b.first_state);
    for (const auto& [name, value] : given) {
        const int p = property_slot(b, name);
        if (p < 0) return unexpected("block " + blocks_.id_of(block).str() + " has no property '" + name + "'");
        const int v = find_value(b.properties[p], value);
        if (v < 0)
            return unexpected("'" + value + "' is not a value of property '" + name + "' of block " +
                              blocks_.id_of(block).str());
        values[p] = static_cast<std::uint8_t>(v);
    }
    return BlockState{b.first_state + index_of(b, values)};
}

Result<BlockState, std::string> BlockRegistry::parse(std::string_view text) const {
    const std::size_t bracket = text.find('[');
    const std::string_view id_text = text.substr(0, bracket);
    auto id = ResourceLocation::parse(id_text);
    if (!id)
        return unexpected("invalid block id '" + std::string(id_text) + "' at position " +
                          std::to_string(id.error().position) + ": " + id.error().message);
    const auto block = blocks_.find(id->str());
    if (!block) return unexpected("unknown block '" + id->str() + "'");
    std::vector<std::pair<std::string, std::string>> given;
    if (bracket != std::string_view::npos) {
        if (text.back() != ']')
            return unexpected("expected ']' at the end of the block state '" + std::string(text) + "'");
        std::size_t pos = bracket + 1;
        const std::size_t end = text.size() - 1;
        while (pos < end) {
            const std::size_t comma = std::min(text.find(',', pos), end);
            const std::string_view pair = text.substr(pos, comma - pos);
            const std::size_t eq = pair.find('=');
            if (eq == std::string_view::npos || eq == 0 || eq + 1 == pair.size())
                return unexpected("expected property=value at position " + std::to_string(pos) + " of '" +
                                  std::string(text) + "'");
            std::string name(pair.substr(0, eq));
            for (const auto& g : given)
                if (g.first == name)
                    return unexpected("property '" + name + "' given twice in '" + std::string(text) + "'");
            given.emplace_back(std::move(name), std::string(pair.substr(eq + 1)));
            pos = comma + 1;
        }
        if (end > bracket + 1 && text[end - 1] == ',')
            return unexpected("expected property=value after ',' at position " + std::to_string(end) + " of '" +
                              std::string(text) + "'");
    }
    return state_of(*block, given);
}

std::string BlockRegistry::to_string(BlockState state) const {
    std::string out = id_of(state).str();
    const auto props = properties(state);
    if (props.empty()) return out;
    out += '[';
    for (std::size_t i = 0; i < props.size(); ++i) {
        if (i) out += ',';
        out += props[i].first;
        out += '=';
        out += props[i].second;
    }
    out += ']';
    return out;
}

}  // namespace mobsdk
