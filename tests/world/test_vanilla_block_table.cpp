// The generated 1.20.4 block table (tools/blocks/generate.mjs, from minecraft-data): its global ids
// against facts of the game, its consistency, and a cross-check against the hand-written
// register_vanilla_blocks: properties, default states, collision shapes and light per state. Every
// disagreement is listed here with the reason; a new one, or one that went away, fails the test.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/world/block.hpp"
#include "mobsdk/world/detail/vanilla_block_table.hpp"

using namespace mobsdk;
using detail::VanillaBlockRow;
using detail::VanillaBlockTable;
using detail::VanillaPathRule;

namespace {

const VanillaBlockTable& table() { return detail::vanilla_block_table(); }

const VanillaBlockRow* row_of(std::string_view name) {
    for (const VanillaBlockRow& row : table().blocks)
        if (row.name == name) return &row;
    return nullptr;
}

std::vector<BlockProperty> properties_of(const VanillaBlockRow& row) {
    std::vector<BlockProperty> out;
    for (std::uint8_t p = 0; p < row.property_count; ++p) {
        const detail::VanillaPropertyRow& def = table().properties[table().block_properties[row.first_property + p]];
        BlockProperty property{std::string(def.name), {}};
        for (std::uint8_t v = 0; v < def.value_count; ++v)
            property.values.emplace_back(table().values[def.first_value + v]);
        out.push_back(std::move(property));
    }
    return out;
}

std::vector<ShapeBox> boxes_of(std::uint32_t state) {
    const detail::VanillaShapeRow& shape = table().shape(state);
    return {table().boxes.begin() + shape.first_box, table().boxes.begin() + shape.first_box + shape.box_count};
}

std::vector<ShapeBox> boxes_of(const BlockShape& shape) {
    return {shape.boxes.begin(), shape.boxes.begin() + shape.count};
}

bool covers(const std::vector<ShapeBox>& boxes, float x, float y, float z) {
    return std::any_of(boxes.begin(), boxes.end(), [&](const ShapeBox& b) {
        return x > b.min_x && x < b.max_x && y > b.min_y && y < b.max_y && z > b.min_z && z < b.max_z;
    });
}

// True when two sets of boxes cover the same volume, however they are cut: every cell of the grid
// their corners make is inside both or outside both.
bool same_volume(const std::vector<ShapeBox>& a, const std::vector<ShapeBox>& b) {
    std::vector<float> xs, ys, zs;
    for (const auto* boxes : {&a, &b})
        for (const ShapeBox& box : *boxes) {
            xs.insert(xs.end(), {box.min_x, box.max_x});
            ys.insert(ys.end(), {box.min_y, box.max_y});
            zs.insert(zs.end(), {box.min_z, box.max_z});
        }
    for (auto* axis : {&xs, &ys, &zs}) {
        std::sort(axis->begin(), axis->end());
        axis->erase(std::unique(axis->begin(), axis->end()), axis->end());
    }
    for (std::size_t i = 0; i + 1 < xs.size(); ++i)
        for (std::size_t j = 0; j + 1 < ys.size(); ++j)
            for (std::size_t k = 0; k + 1 < zs.size(); ++k) {
                const float x = (xs[i] + xs[i + 1]) / 2, y = (ys[j] + ys[j + 1]) / 2, z = (zs[k] + zs[k + 1]) / 2;
                if (covers(a, x, y, z) != covers(b, x, y, z)) return false;
            }
    return true;
}

std::string describe(const std::vector<ShapeBox>& boxes) {
    std::string out;
    for (const ShapeBox& b : boxes) {
        const float corners[6] = {b.min_x, b.min_y, b.min_z, b.max_x, b.max_y, b.max_z};
        out += "[";
        for (int i = 0; i < 6; ++i) {
            std::string v = std::to_string(corners[i] * 16);  // in pixels
            v.erase(v.find_last_not_of('0') + 1);
            if (v.back() == '.') v.pop_back();
            out += (i ? " " : "") + v;
        }
        out += "]";
    }
    return out.empty() ? "empty" : out + " (px)";
}

// The raw path type a block's rule gives a state, when the rule decides it (the generic rules need
// isPathfindable(LAND), which the table does not have yet).
std::optional<PathType> rule_path_type(VanillaPathRule rule, std::uint8_t flags, const BlockRegistry& r, BlockState s) {
    using R = VanillaPathRule;
    const VanillaBlockProperties& p = r.vanilla_properties();
    switch (rule) {
        case R::Trapdoor: return PathType::Trapdoor;
        case R::PowderSnow: return PathType::PowderSnow;
        case R::DamageOther: return PathType::DamageOther;
        case R::StickyHoney: return PathType::StickyHoney;
        case R::Cocoa: return PathType::Cocoa;
        case R::DamageCautious: return PathType::DamageCautious;
        default: break;
    }
    if (flags & detail::vanilla_state_lava) return PathType::Lava;
    const bool open = r.get_or(s, p.open, false);
    switch (rule) {
        case R::Burning: return PathType::DamageFire;
        case R::Campfire: return r.get_or(s, p.lit, false) ? std::optional(PathType::DamageFire) : std::nullopt;
        case R::WoodDoor: return open ? PathType::DoorOpen : PathType::DoorWoodClosed;
        case R::IronDoor: return open ? PathType::DoorOpen : PathType::DoorIronClosed;
        case R::Rail: return PathType::Rail;
        case R::Leaves: return PathType::Leaves;
        case R::Fence: return PathType::Fence;
        case R::FenceGate: return open ? std::nullopt : std::optional(PathType::Fence);
        default: return std::nullopt;
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(vanilla_block_table)

BOOST_AUTO_TEST_CASE(global_ids_are_those_of_1_20_4) {
    const VanillaBlockTable& t = table();
    BOOST_TEST(t.blocks.size() == 1058u);
    BOOST_TEST(t.state_shape.size() == 26644u);
    BOOST_TEST(t.state_light.size() == 26644u);
    BOOST_TEST(t.state_flags.size() == 26644u);
    // Facts of the 1.20.4 game (protocol 765), see /work/shared/research/protocol-765.md.
    struct Known {
        std::string_view name;
        std::uint32_t first, last, default_state;
    };
    for (const Known& k :
         {Known{"air", 0, 0, 0}, Known{"stone", 1, 1, 1}, Known{"grass_block", 8, 9, 9}, Known{"dirt", 10, 10, 10},
          Known{"water", 80, 95, 80}, Known{"oak_log", 130, 132, 131}, Known{"short_grass", 2005, 2005, 2005}}) {
        BOOST_TEST_CONTEXT(k.name) {
            const VanillaBlockRow* row = row_of(k.name);
            BOOST_TEST_REQUIRE(row != nullptr);
            BOOST_TEST(row->first_state == k.first);
            BOOST_TEST(row->first_state + row->state_count - 1 == k.last);
            BOOST_TEST(row->default_state == k.default_state);
        }
    }
    // grass_block: snowy=true is 8, snowy=false (the default) 9: a boolean lists true first.
    const auto grass = properties_of(*row_of("grass_block"));
    BOOST_TEST_REQUIRE(grass.size() == 1u);
    BOOST_TEST((grass[0] == boolean_property("snowy")));
    BOOST_TEST((properties_of(*row_of("oak_log"))[0] == axis_property("axis")));
}

BOOST_AUTO_TEST_CASE(table_is_consistent) {
    const VanillaBlockTable& t = table();
    std::uint32_t next = 0;
    std::set<std::string_view> names;
    for (const VanillaBlockRow& row : t.blocks) {
        BOOST_TEST_CONTEXT(row.name) {
            BOOST_TEST(names.insert(row.name).second);
            BOOST_TEST(row.first_state == next);
            std::uint32_t product = 1;
            for (const BlockProperty& p : properties_of(row)) product *= static_cast<std::uint32_t>(p.values.size());
            BOOST_TEST(row.state_count == product);
            BOOST_TEST(row.default_state >= row.first_state);
            BOOST_TEST(row.default_state < row.first_state + row.state_count);
            next = row.first_state + row.state_count;
        }
    }
    BOOST_TEST(next == 26644u);
    for (const std::uint16_t s : t.state_shape) BOOST_TEST_REQUIRE(s < t.shapes.size());
    for (const detail::VanillaShapeRow& s : t.shapes) BOOST_TEST_REQUIRE(s.first_box + s.box_count <= t.boxes.size());
    // A few shapes and lights vanilla's code gives.
    BOOST_TEST(describe(boxes_of(row_of("stone")->default_state)) == "[0 0 0 16 16 16] (px)");
    BOOST_TEST(describe(boxes_of(row_of("farmland")->default_state)) == "[0 0 0 16 15 16] (px)");
    BOOST_TEST(t.light_emission(row_of("lava")->default_state) == 15);
    BOOST_TEST(t.light_block(row_of("stone")->default_state) == 15);
    BOOST_TEST(t.light_block(row_of("water")->default_state) == 1);
    BOOST_TEST(t.light_block(row_of("oak_leaves")->default_state) == 1);
    BOOST_TEST(t.light_block(row_of("glass")->default_state) == 0);
    // Per state: a lit furnace emits 13, a double slab is opaque, a waterlogged slab holds water.
    const VanillaBlockRow& furnace = *row_of("furnace");  // facing (4) × lit: lit=true at even indices
    BOOST_TEST(t.light_emission(furnace.first_state) == 13);
    BOOST_TEST(t.light_emission(furnace.first_state + 1) == 0);
    const VanillaBlockRow& slab = *row_of("oak_slab");  // type (top, bottom, double) × waterlogged
    BOOST_TEST(t.light_block(slab.first_state + 4) == 15);
    BOOST_TEST((t.state_flags[slab.first_state + 4] & detail::vanilla_state_solid_render) != 0);
    BOOST_TEST(t.light_block(slab.first_state + 2) == 1);
    BOOST_TEST((t.state_flags[slab.first_state + 2] & detail::vanilla_state_water) != 0);
    BOOST_TEST(t.light_block(slab.first_state + 3) == 0);
}

// Every block register_vanilla_blocks knows, state by state. The disagreements are the hand-written
// table's simplifications (BlockShape holds four boxes); vanilla's shapes are minecraft-data's.
BOOST_AUTO_TEST_CASE(agrees_with_register_vanilla_blocks) {
    BlockRegistry registry;
    register_vanilla_blocks(registry);
    const VanillaBlockTable& t = table();
    std::map<std::string, std::string> disagreements;  // "block what" -> the first state that shows it
    const auto disagree = [&](const std::string& key, const std::string& example) {
        disagreements.emplace(key, example);
    };
    std::size_t blocks = 0, states = 0;
    for (const auto& entry : registry.blocks()) {
        const std::string name(entry.id.path());
        const VanillaBlockRow* row = row_of(name);
        BOOST_TEST_CONTEXT(name) {
            BOOST_TEST_REQUIRE(row != nullptr);
            const BlockInfo& info = entry.value;
            BOOST_TEST_REQUIRE((info.properties == properties_of(*row)));
            BOOST_TEST(info.default_state - info.first_state == row->default_state - row->first_state);
            ++blocks;
            for (std::uint32_t i = 0; i < info.state_count; ++i, ++states) {
                const BlockState ours{info.first_state + i};
                const std::uint32_t theirs = row->first_state + i;
                const BlockStateInfo& s = registry.info(ours);
                const std::string where = registry.to_string(ours) + ": ";
                const auto vanilla_boxes = boxes_of(theirs);
                if (!same_volume(boxes_of(s.collision), vanilla_boxes))
                    disagree(name + " collision",
                             where + describe(boxes_of(s.collision)) + " vs " + describe(vanilla_boxes));
                if (s.light_emission != t.light_emission(theirs))
                    disagree(name + " light_emission", where + std::to_string(s.light_emission) + " vs " +
                                                           std::to_string(t.light_emission(theirs)));
                if (s.light_block != t.light_block(theirs))
                    disagree(name + " light_block",
                             where + std::to_string(s.light_block) + " vs " + std::to_string(t.light_block(theirs)));
                if (s.can_occlude != ((row->flags & detail::vanilla_block_transparent) == 0))
                    disagree(name + " can_occlude", where + (s.can_occlude ? "true" : "false"));
                if (s.solid_render != ((t.state_flags[theirs] & detail::vanilla_state_solid_render) != 0))
                    disagree(name + " solid_render", where + (s.solid_render ? "true" : "false"));
                const Fluid fluid = (t.state_flags[theirs] & detail::vanilla_state_water)  ? Fluid::Water
                                    : (t.state_flags[theirs] & detail::vanilla_state_lava) ? Fluid::Lava
                                                                                           : Fluid::None;
                if (s.fluid != fluid) disagree(name + " fluid", where);
                const auto path = rule_path_type(row->path_rule, t.state_flags[theirs], registry, ours);
                if (path && *path != s.path_type)
                    disagree(name + " path_type", where + std::string(path_type_name(s.path_type)) + " vs " +
                                                      std::string(path_type_name(*path)));
            }
        }
    }
    BOOST_TEST_MESSAGE("compared " << blocks << " blocks, " << states << " states with the generated table");
    std::set<std::string> found;
    for (const auto& [key, example] : disagreements) {
        BOOST_TEST_MESSAGE("disagreement: " << key << ", e.g. " << example);
        found.insert(key);
    }
    // Known, with the reason (see tools/blocks/README.md). All four are the hand-written table's
    // simplifications for BlockShape's four boxes; minecraft-data's shapes are vanilla's.
    const std::set<std::string> expected = {
        // Vanilla: the full block less the inside above 4 px and the leg cut-outs below 3 px (13
        // boxes); hand-written: the four walls, full height, no floor.
        "cauldron collision",
        "water_cauldron collision",
        // Vanilla: the four walls and a 2 px floor, whatever the level (5 boxes); hand-written: no floor.
        "composter collision",
        // Vanilla: each leg is a post and a wider pivot (4 boxes on the floor and ceiling, 5 on a
        // wall); hand-written: each leg one box around both, slightly larger than vanilla's.
        "grindstone collision",
    };
    for (const std::string& key : found) BOOST_TEST(expected.count(key) == 1u, "new disagreement: " << key);
    for (const std::string& key : expected) BOOST_TEST(found.count(key) == 1u, "no longer disagrees: " << key);
}

BOOST_AUTO_TEST_SUITE_END()
