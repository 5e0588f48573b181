// The vanilla blocks AI and the reference world need, with vanilla's ids, properties, default
// states, collision boxes, light and path types (Minecraft Java 1.20.x rules, Mojang names).
#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "mobsdk/world/block.hpp"

namespace mobsdk {

namespace {

// ---------------------------------------------------------------------------------------------
// Properties, with their values in vanilla's order (only default states and the text form are
// observable; the order fixes which value a state index decodes to).

BlockProperty boolean(std::string name) { return boolean_property(std::move(name)); }
BlockProperty integer(std::string name, int min, int max) { return integer_property(std::move(name), min, max); }
BlockProperty horizontal_facing() { return horizontal_facing_property(); }
BlockProperty waterlogged() { return boolean("waterlogged"); }

ResourceLocation tag(std::string_view path) { return ResourceLocation::of(path); }

// ---------------------------------------------------------------------------------------------
// Shapes, in vanilla's pixel units (Block.box takes sixteenths).

constexpr ShapeBox px(float x0, float y0, float z0, float x1, float y1, float z1) noexcept {
    return {x0 / 16, y0 / 16, z0 / 16, x1 / 16, y1 / 16, z1 / 16};
}

BlockShape shape_of(std::initializer_list<ShapeBox> boxes) {
    BlockShape s;
    for (const ShapeBox& b : boxes) s.add(b);
    return s;
}

// ---------------------------------------------------------------------------------------------
// What a block says about itself; finish() derives the remaining facts as vanilla does.

// How getBlockPathTypeRaw classifies a block before the generic rules.
enum class PathRule : std::uint8_t {
    Default,  // lava → LAVA, burning → DAMAGE_FIRE, not pathfindable → BLOCKED, water → WATER, else OPEN
    Trapdoor,
    DamageOther,
    DoorOpen,
    WoodDoorClosed,
    IronDoorClosed,
    Leaves,
    Fence,
};

// Vanilla's isPathfindable(LAND) for a block: most use "collision shape is not a full block".
enum class LandPathfindable : std::uint8_t { ByShape, Never, Always };

struct Traits {
    BlockShape collision;
    bool can_occlude = true;           // false for noOcclusion()/noCollission() blocks
    bool force_solid_on = false;       // Properties.forceSolidOn()
    bool replaceable = false;          // Properties.replaceable()
    bool propagates_skylight = false;  // overrides propagatesSkylightDown to true (glass)
    bool light_block_one = false;      // overrides getLightBlock to 1 (leaves)
    bool burning = false;              // WalkNodeEvaluator.isBurningBlock
    std::uint8_t light_emission = 0;
    Fluid fluid = Fluid::None;
    PathRule path_rule = PathRule::Default;
    LandPathfindable pathfindable = LandPathfindable::ByShape;
};

// Vanilla's legacy isSolid, computed from the collision shape's bounds.
bool legacy_solid(const BlockShape& shape) {
    if (shape.is_empty()) return false;
    double min_x = 1, min_y = 1, min_z = 1, max_x = 0, max_y = 0, max_z = 0;
    for (std::uint8_t i = 0; i < shape.count; ++i) {
        const ShapeBox& b = shape.boxes[i];
        min_x = std::min<double>(min_x, b.min_x);
        min_y = std::min<double>(min_y, b.min_y);
        min_z = std::min<double>(min_z, b.min_z);
        max_x = std::max<double>(max_x, b.max_x);
        max_y = std::max<double>(max_y, b.max_y);
        max_z = std::max<double>(max_z, b.max_z);
    }
    const double size = ((max_x - min_x) + (max_y - min_y) + (max_z - min_z)) / 3.0;
    // 35/48: what a door or a closed trapdoor measures, so that both count as solid.
    if (size >= 0.7291666666666666) return true;
    return max_y - min_y >= 1.0;
}

BlockStateInfo finish(const Traits& t) {
    BlockStateInfo s;
    s.collision = t.collision;
    s.can_occlude = t.can_occlude;
    const bool full = t.collision.is_full_block();
    // The occlusion shape is the outline shape; for every block here that can occlude, the
    // outline is a full cube exactly when the collision shape is.
    s.solid_render = t.can_occlude && full;
    s.solid = t.force_solid_on || legacy_solid(t.collision);
    s.blocks_motion = s.solid;  // 1.20's blocksMotion: isSolid except cobweb and bamboo sapling
    s.replaceable = t.replaceable;
    s.light_emission = t.light_emission;
    if (s.solid_render) s.light_block = 15;
    else if (t.light_block_one) s.light_block = 1;
    else if (t.propagates_skylight) s.light_block = 0;
    else s.light_block = (!full && t.fluid == Fluid::None) ? 0 : 1;
    s.fluid = t.fluid;

    switch (t.path_rule) {
        case PathRule::Trapdoor: s.path_type = PathType::Trapdoor; return s;
        case PathRule::DamageOther: s.path_type = PathType::DamageOther; return s;
        default: break;
    }
    if (t.fluid == Fluid::Lava) {
        s.path_type = PathType::Lava;
        return s;
    }
    if (t.burning) {
        s.path_type = PathType::DamageFire;
        return s;
    }
    switch (t.path_rule) {
        case PathRule::DoorOpen: s.path_type = PathType::DoorOpen; return s;
        case PathRule::WoodDoorClosed: s.path_type = PathType::DoorWoodClosed; return s;
        case PathRule::IronDoorClosed: s.path_type = PathType::DoorIronClosed; return s;
        case PathRule::Leaves: s.path_type = PathType::Leaves; return s;
        case PathRule::Fence: s.path_type = PathType::Fence; return s;
        default: break;
    }
    bool pathfindable = !full;
    if (t.pathfindable == LandPathfindable::Never) pathfindable = false;
    if (t.pathfindable == LandPathfindable::Always) pathfindable = true;
    if (!pathfindable) s.path_type = PathType::Blocked;
    else if (t.fluid == Fluid::Water) s.path_type = PathType::Water;
    else s.path_type = PathType::Open;
    return s;
}

Fluid waterlogged_fluid(const BlockStateView& v) { return v.is("waterlogged", "true") ? Fluid::Water : Fluid::None; }

// A block whose every state has the same traits.
BlockDefinition simple(Traits t, std::vector<ResourceLocation> tags = {}) {
    BlockDefinition d;
    d.make_state = [t](const BlockStateView&) { return finish(t); };
    d.tags = std::move(tags);
    return d;
}

Traits full_block() {
    Traits t;
    t.collision = BlockShape::full();
    return t;
}

// ---------------------------------------------------------------------------------------------
// Shapes of the blocks with properties.

// Horizontal directions as vanilla's 2D data values: south 0, west 1, north 2, east 3.
int data_2d(std::string_view facing) {
    if (facing == "south") return 0;
    if (facing == "west") return 1;
    if (facing == "north") return 2;
    return 3;
}

// StairBlock: the slab plus quarter-block "octets" chosen by shape and facing. Bits: 1 = west-north,
// 2 = east-north, 4 = west-south, 8 = east-south quarter of the step layer.
BlockShape stairs_shape(const BlockStateView& v) {
    static constexpr int shape_by_state[20] = {12, 5, 3, 10, 14, 13, 7, 11, 13, 7, 11, 14, 8, 4, 1, 2, 4, 1, 2, 8};
    static constexpr const char* shapes[5] = {"straight", "inner_left", "inner_right", "outer_left", "outer_right"};
    int shape = 0;
    for (int i = 0; i < 5; ++i)
        if (v.is("shape", shapes[i])) shape = i;
    int bits = shape_by_state[shape * 4 + data_2d(v.get("facing"))];
    const bool top = v.is("half", "top");
    const float step_y0 = top ? 0 : 8, step_y1 = top ? 8 : 16;
    BlockShape s = BlockShape::of(top ? px(0, 8, 0, 16, 16, 16) : px(0, 0, 0, 16, 8, 16));
    // Merge pairs of quarters into halves so that no shape needs more than three boxes.
    struct Half {
        int bits;
        float x0, z0, x1, z1;
    };
    static constexpr Half halves[4] = {
        {1 | 2, 0, 0, 16, 8}, {4 | 8, 0, 8, 16, 16}, {1 | 4, 0, 0, 8, 16}, {2 | 8, 8, 0, 16, 16}};
    for (const Half& h : halves) {
        if ((bits & h.bits) == h.bits) {
            s.add(px(h.x0, step_y0, h.z0, h.x1, step_y1, h.z1));
            bits &= ~h.bits;
        }
    }
    struct Quarter {
        int bit;
        float x0, z0;
    };
    static constexpr Quarter quarters[4] = {{1, 0, 0}, {2, 8, 0}, {4, 0, 8}, {8, 8, 8}};
    for (const Quarter& q : quarters)
        if (bits & q.bit) s.add(px(q.x0, step_y0, q.z0, q.x0 + 8, step_y1, q.z0 + 8));
    return s;
}

// CrossCollisionBlock (fences) and WallBlock collision: a post and arms, all `height` tall. The
// arms of one axis merge into one box, which also covers the post when it reaches the centre.
BlockShape cross_shape(bool north, bool east, bool south, bool west, bool post, float post_lo, float post_hi,
                       float arm_lo, float arm_hi, float arm_reach_lo, float arm_reach_hi, float height) {
    BlockShape s;
    // A fence's arms are as wide as its post and reach past it, so any arm box already covers it.
    const bool post_covered = arm_lo <= post_lo && arm_hi >= post_hi && arm_reach_lo <= post_lo &&
                              arm_reach_hi >= post_hi && (north || east || south || west);
    if (post && !post_covered) s.add(px(post_lo, 0, post_lo, post_hi, height, post_hi));
    if (north || south) s.add(px(arm_lo, 0, north ? 0 : arm_reach_lo, arm_hi, height, south ? 16 : arm_reach_hi));
    if (east || west) s.add(px(west ? 0 : arm_reach_lo, 0, arm_lo, east ? 16 : arm_reach_hi, height, arm_hi));
    return s;
}

// DoorBlock: a 3/16 slab on one side; opening swings it to the hinge side.
BlockShape door_shape(const BlockStateView& v) {
    const ShapeBox south = px(0, 0, 0, 16, 16, 3), north = px(0, 0, 13, 16, 16, 16);
    const ShapeBox west = px(13, 0, 0, 16, 16, 16), east = px(0, 0, 0, 3, 16, 16);
    const bool closed = v.is("open", "false");
    const bool right = v.is("hinge", "right");
    const std::string_view f = v.get("facing");
    if (f == "south") return BlockShape::of(closed ? south : (right ? east : west));
    if (f == "west") return BlockShape::of(closed ? west : (right ? south : north));
    if (f == "north") return BlockShape::of(closed ? north : (right ? west : east));
    return BlockShape::of(closed ? east : (right ? north : south));
}

// TrapDoorBlock: a 3/16 slab at the bottom or top when closed, against the facing side when open.
BlockShape trapdoor_shape(const BlockStateView& v) {
    if (v.is("open", "false"))
        return BlockShape::of(v.is("half", "top") ? px(0, 13, 0, 16, 16, 16) : px(0, 0, 0, 16, 3, 16));
    const std::string_view f = v.get("facing");
    if (f == "south") return BlockShape::of(px(0, 0, 0, 16, 16, 3));
    if (f == "west") return BlockShape::of(px(13, 0, 0, 16, 16, 16));
    if (f == "east") return BlockShape::of(px(0, 0, 0, 3, 16, 16));
    return BlockShape::of(px(0, 0, 13, 16, 16, 16));
}

// BedBlock: the mattress from 3/16 to 9/16 plus the two legs at the far end of this half.
BlockShape bed_shape(const BlockStateView& v) {
    const std::string_view f = v.get("facing");
    const bool head = v.is("part", "head");
    // The legs sit on the side opposite the other half: the facing side for the head.
    std::string_view side = f;
    if (!head) {
        if (f == "north") side = "south";
        else if (f == "south") side = "north";
        else if (f == "west") side = "east";
        else side = "west";
    }
    BlockShape s = BlockShape::of(px(0, 3, 0, 16, 9, 16));
    if (side == "north") s.add(px(0, 0, 0, 3, 3, 3)).add(px(13, 0, 0, 16, 3, 3));
    else if (side == "south") s.add(px(0, 0, 13, 3, 3, 16)).add(px(13, 0, 13, 16, 3, 16));
    else if (side == "west") s.add(px(0, 0, 0, 3, 3, 3)).add(px(0, 0, 13, 3, 3, 16));
    else s.add(px(13, 0, 0, 16, 3, 3)).add(px(13, 0, 13, 16, 3, 16));
    return s;
}

// BellBlock: the bell and, by attachment, its floor frame, ceiling rod or wall beam.
BlockShape bell_shape(const BlockStateView& v) {
    const ShapeBox bell_top = px(5, 6, 5, 11, 13, 11), bell_bottom = px(4, 4, 4, 12, 6, 12);
    const std::string_view f = v.get("facing");
    const bool z_axis = f == "north" || f == "south";
    const std::string_view a = v.get("attachment");
    if (a == "floor") return BlockShape::of(z_axis ? px(0, 0, 4, 16, 16, 12) : px(4, 0, 0, 12, 16, 16));
    BlockShape s = shape_of({bell_top, bell_bottom});
    if (a == "ceiling") return s.add(px(7, 13, 7, 9, 16, 9));
    if (a == "double_wall") return s.add(z_axis ? px(7, 13, 0, 9, 15, 16) : px(0, 13, 7, 16, 15, 9));
    if (f == "north") return s.add(px(7, 13, 0, 9, 15, 13));
    if (f == "south") return s.add(px(7, 13, 3, 9, 15, 16));
    if (f == "east") return s.add(px(3, 13, 7, 16, 15, 9));
    return s.add(px(0, 13, 7, 13, 15, 9));
}

// GrindstoneBlock: two legs (post and pivot merged into one box each) and the wheel.
BlockShape grindstone_shape(const BlockStateView& v) {
    const std::string_view face = v.get("face");
    const std::string_view f = v.get("facing");
    const bool z_axis = f == "north" || f == "south";
    if (face == "floor") {
        if (z_axis) return shape_of({px(2, 0, 5, 4, 13, 11), px(12, 0, 5, 14, 13, 11), px(4, 4, 2, 12, 16, 14)});
        return shape_of({px(5, 0, 2, 11, 13, 4), px(5, 0, 12, 11, 13, 14), px(2, 4, 4, 14, 16, 12)});
    }
    if (face == "ceiling") {
        if (z_axis) return shape_of({px(2, 3, 5, 4, 16, 11), px(12, 3, 5, 14, 16, 11), px(4, 0, 2, 12, 12, 14)});
        return shape_of({px(5, 3, 2, 11, 16, 4), px(5, 3, 12, 11, 16, 14), px(2, 0, 4, 14, 12, 12)});
    }
    // On a wall: the legs run back to the wall behind (the side opposite facing).
    if (f == "north") return shape_of({px(2, 5, 3, 4, 11, 16), px(12, 5, 3, 14, 11, 16), px(4, 2, 0, 12, 14, 12)});
    if (f == "south") return shape_of({px(2, 5, 0, 4, 11, 13), px(12, 5, 0, 14, 11, 13), px(4, 2, 4, 12, 14, 16)});
    if (f == "west") return shape_of({px(3, 5, 2, 16, 11, 4), px(3, 5, 12, 16, 11, 14), px(0, 2, 4, 12, 14, 12)});
    return shape_of({px(0, 5, 2, 13, 11, 4), px(0, 5, 12, 13, 11, 14), px(4, 2, 4, 16, 14, 12)});
}

// A hollow block (composter, cauldron): the four walls, full height. Vanilla also has an inner
// floor, which would be a fifth box; it is left out (see docs).
BlockShape hollow_shape() {
    return shape_of(
        {px(0, 0, 0, 16, 16, 2), px(0, 0, 14, 16, 16, 16), px(0, 0, 2, 2, 16, 14), px(14, 0, 2, 16, 16, 14)});
}

Handle<BlockInfo> reg(BlockRegistry& r, std::string_view id, BlockDefinition d) {
    return r.register_block(ResourceLocation::of(id), std::move(d));
}

}  // namespace

VanillaBlocks register_vanilla_blocks(BlockRegistry& r) {
    VanillaBlocks b;
    b.air = r.blocks().require("minecraft:air");

    const auto dirt_tag = tag("dirt");
    b.stone = reg(r, "stone", simple(full_block(), {tag("base_stone_overworld")}));
    b.dirt = reg(r, "dirt", simple(full_block(), {dirt_tag}));
    {
        BlockDefinition d = simple(full_block(), {dirt_tag, tag("animals_spawnable_on")});
        d.properties = {boolean("snowy")};
        d.defaults = {{"snowy", "false"}};
        b.grass_block = reg(r, "grass_block", std::move(d));
    }
    b.sand = reg(r, "sand", simple(full_block(), {tag("sand")}));
    b.gravel = reg(r, "gravel", simple(full_block()));
    b.cobblestone = reg(r, "cobblestone", simple(full_block()));
    b.bedrock = reg(r, "bedrock", simple(full_block()));
    b.oak_planks = reg(r, "oak_planks", simple(full_block(), {tag("planks")}));
    {
        BlockDefinition d = simple(full_block(), {tag("logs"), tag("oak_logs"), tag("logs_that_burn")});
        d.properties = {axis_property("axis")};
        d.defaults = {{"axis", "y"}};
        b.oak_log = reg(r, "oak_log", std::move(d));
    }
    {
        Traits t = full_block();
        t.can_occlude = false;
        t.propagates_skylight = true;
        b.glass = reg(r, "glass", simple(t));
    }

    // Slabs: half a block, or a full one when double; never walked through (isPathfindable false).
    auto slab = [](std::vector<ResourceLocation> tags) {
        BlockDefinition d;
        d.properties = {enum_property<SlabType>("type"), waterlogged()};
        d.defaults = {{"type", "bottom"}, {"waterlogged", "false"}};
        d.tags = std::move(tags);
        d.make_state = [](const BlockStateView& v) {
            Traits t;
            if (v.is("type", "double")) t.collision = BlockShape::full();
            else t.collision = BlockShape::of(v.is("type", "top") ? px(0, 8, 0, 16, 16, 16) : px(0, 0, 0, 16, 8, 16));
            t.fluid = waterlogged_fluid(v);
            t.pathfindable = LandPathfindable::Never;
            return finish(t);
        };
        return d;
    };
    b.stone_slab = reg(r, "stone_slab", slab({tag("slabs")}));
    b.oak_slab = reg(r, "oak_slab", slab({tag("slabs"), tag("wooden_slabs")}));

    {
        BlockDefinition d;
        d.properties = {horizontal_facing(), enum_property<Half>("half"), enum_property<StairsShape>("shape"),
                        waterlogged()};
        d.defaults = {{"facing", "north"}, {"half", "bottom"}, {"shape", "straight"}, {"waterlogged", "false"}};
        d.tags = {tag("stairs"), tag("wooden_stairs")};
        d.make_state = [](const BlockStateView& v) {
            Traits t;
            t.collision = stairs_shape(v);
            t.fluid = waterlogged_fluid(v);
            t.pathfindable = LandPathfindable::Never;
            return finish(t);
        };
        b.oak_stairs = reg(r, "oak_stairs", std::move(d));
    }
    {
        BlockDefinition d;
        d.properties = {boolean("east"), boolean("north"), boolean("south"), waterlogged(), boolean("west")};
        d.defaults = {
            {"east", "false"}, {"north", "false"}, {"south", "false"}, {"waterlogged", "false"}, {"west", "false"}};
        d.tags = {tag("fences"), tag("wooden_fences")};
        d.make_state = [](const BlockStateView& v) {
            Traits t;
            // Post 6–10, arms as wide as the post, all 24 pixels tall (CrossCollisionBlock 2, 2, 24).
            t.collision = cross_shape(v.is("north", "true"), v.is("east", "true"), v.is("south", "true"),
                                      v.is("west", "true"), true, 6, 10, 6, 10, 6, 10, 24);
            t.fluid = waterlogged_fluid(v);
            t.force_solid_on = true;
            t.path_rule = PathRule::Fence;
            t.pathfindable = LandPathfindable::Never;
            return finish(t);
        };
        b.oak_fence = reg(r, "oak_fence", std::move(d));
    }
    {
        BlockDefinition d;
        d.properties = {horizontal_facing(), boolean("in_wall"), boolean("open"), boolean("powered")};
        d.defaults = {{"facing", "north"}, {"in_wall", "false"}, {"open", "false"}, {"powered", "false"}};
        d.tags = {tag("fence_gates")};
        d.make_state = [](const BlockStateView& v) {
            Traits t;
            const bool open = v.is("open", "true");
            const bool z_axis = v.is("facing", "north") || v.is("facing", "south");
            if (!open) t.collision = BlockShape::of(z_axis ? px(0, 0, 6, 16, 24, 10) : px(6, 0, 0, 10, 24, 16));
            t.force_solid_on = true;
            if (!open) t.path_rule = PathRule::Fence;
            t.pathfindable = open ? LandPathfindable::Always : LandPathfindable::Never;
            return finish(t);
        };
        b.oak_fence_gate = reg(r, "oak_fence_gate", std::move(d));
    }
    {
        BlockDefinition d;
        const auto side = [](const char* name) { return enum_property<WallSide>(name); };
        d.properties = {side("east"), side("north"), side("south"), boolean("up"), waterlogged(), side("west")};
        d.defaults = {{"east", "none"}, {"north", "none"},        {"south", "none"},
                      {"up", "true"},   {"waterlogged", "false"}, {"west", "none"}};
        d.tags = {tag("walls")};
        d.make_state = [](const BlockStateView& v) {
            Traits t;
            // Post 4–12 when up, arms 5–11 reaching past the centre, all 24 tall (low or tall alike).
            t.collision = cross_shape(!v.is("north", "none"), !v.is("east", "none"), !v.is("south", "none"),
                                      !v.is("west", "none"), v.is("up", "true"), 4, 12, 5, 11, 5, 11, 24);
            t.fluid = waterlogged_fluid(v);
            t.force_solid_on = true;
            t.path_rule = PathRule::Fence;
            t.pathfindable = LandPathfindable::Never;
            return finish(t);
        };
        b.cobblestone_wall = reg(r, "cobblestone_wall", std::move(d));
    }

    auto door = [](bool wooden) {
        BlockDefinition d;
        d.properties = {horizontal_facing(), enum_property<DoubleBlockHalf>("half"),
                        enum_property<DoorHingeSide>("hinge"), boolean("open"), boolean("powered")};
        d.defaults = {
            {"facing", "north"}, {"half", "lower"}, {"hinge", "left"}, {"open", "false"}, {"powered", "false"}};
        d.tags = wooden ? std::vector<ResourceLocation>{tag("doors"), tag("wooden_doors")}
                        : std::vector<ResourceLocation>{tag("doors")};
        d.make_state = [wooden](const BlockStateView& v) {
            Traits t;
            t.collision = door_shape(v);
            t.can_occlude = false;
            if (v.is("open", "true")) t.path_rule = PathRule::DoorOpen;
            else t.path_rule = wooden ? PathRule::WoodDoorClosed : PathRule::IronDoorClosed;
            return finish(t);
        };
        return d;
    };
    b.oak_door = reg(r, "oak_door", door(true));
    b.iron_door = reg(r, "iron_door", door(false));

    {
        BlockDefinition d;
        d.properties = {horizontal_facing(), enum_property<Half>("half"), boolean("open"), boolean("powered"),
                        waterlogged()};
        d.defaults = {
            {"facing", "north"}, {"half", "bottom"}, {"open", "false"}, {"powered", "false"}, {"waterlogged", "false"}};
        d.tags = {tag("trapdoors"), tag("wooden_trapdoors")};
        d.make_state = [](const BlockStateView& v) {
            Traits t;
            t.collision = trapdoor_shape(v);
            t.can_occlude = false;
            t.fluid = waterlogged_fluid(v);
            t.path_rule = PathRule::Trapdoor;
            return finish(t);
        };
        b.oak_trapdoor = reg(r, "oak_trapdoor", std::move(d));
    }

    static constexpr const char* colours[16] = {"white", "orange", "magenta",    "light_blue", "yellow", "lime",
                                                "pink",  "gray",   "light_gray", "cyan",       "purple", "blue",
                                                "brown", "green",  "red",        "black"};
    for (std::size_t i = 0; i < 16; ++i) {
        BlockDefinition d;
        d.properties = {horizontal_facing(), boolean("occupied"), enum_property<BedPart>("part")};
        d.defaults = {{"facing", "north"}, {"occupied", "false"}, {"part", "foot"}};
        d.tags = {tag("beds")};
        d.make_state = [](const BlockStateView& v) {
            Traits t;
            t.collision = bed_shape(v);
            t.can_occlude = false;
            t.pathfindable = LandPathfindable::Never;
            return finish(t);
        };
        b.beds[i] = reg(r, std::string(colours[i]) + "_bed", std::move(d));
    }

    {
        BlockDefinition d;
        d.properties = {enum_property<BellAttachType>("attachment"), horizontal_facing(), boolean("powered")};
        d.defaults = {{"attachment", "floor"}, {"facing", "north"}, {"powered", "false"}};
        d.make_state = [](const BlockStateView& v) {
            Traits t;
            t.collision = bell_shape(v);
            t.force_solid_on = true;
            t.pathfindable = LandPathfindable::Never;
            return finish(t);
        };
        b.bell = reg(r, "bell", std::move(d));
    }
    {
        Traits t;
        t.collision = BlockShape::of(px(0, 0, 0, 16, 15, 16));
        t.pathfindable = LandPathfindable::Never;
        BlockDefinition d = simple(t);
        d.properties = {integer("moisture", 0, 7)};
        b.farmland = reg(r, "farmland", std::move(d));
    }
    {
        Traits t;
        t.can_occlude = false;
        BlockDefinition d = simple(t, {tag("crops")});
        d.properties = {integer("age", 0, 7)};
        b.wheat = reg(r, "wheat", std::move(d));
    }
    // The other CropBlocks farmers plant and harvest. Beetroots grow in four stages, the others in eight.
    for (const auto& [field, id, max_age] :
         {std::tuple{&VanillaBlocks::carrots, "carrots", 7}, std::tuple{&VanillaBlocks::potatoes, "potatoes", 7},
          std::tuple{&VanillaBlocks::beetroots, "beetroots", 3}}) {
        Traits t;
        t.can_occlude = false;
        BlockDefinition d = simple(t, {tag("crops")});
        d.properties = {integer("age", 0, max_age)};
        b.*field = reg(r, id, std::move(d));
    }
    {
        // The note block: a full wooden block; its properties as vanilla's (1.20's 23 instruments,
        // 25 notes), in name order as vanilla's state definition lists them.
        BlockDefinition d = simple(full_block());
        d.properties = {enum_property<NoteBlockInstrument>("instrument"), integer("note", 0, 24), boolean("powered")};
        d.defaults = {{"instrument", "harp"}, {"note", "0"}, {"powered", "false"}};
        b.note_block = reg(r, "note_block", std::move(d));
    }
    {
        BlockDefinition d = simple(full_block());
        d.properties = {axis_property("axis")};
        d.defaults = {{"axis", "y"}};
        b.hay_block = reg(r, "hay_block", std::move(d));
    }
    auto liquid = [](Fluid fluid) {
        Traits t;
        t.can_occlude = false;
        t.replaceable = true;
        t.fluid = fluid;
        if (fluid == Fluid::Lava) t.light_emission = 15;
        BlockDefinition d = simple(t);
        d.properties = {integer("level", 0, 15)};
        return d;
    };
    b.water = reg(r, "water", liquid(Fluid::Water));
    b.lava = reg(r, "lava", liquid(Fluid::Lava));
    {
        Traits t;
        t.can_occlude = false;
        t.light_emission = 14;
        b.torch = reg(r, "torch", simple(t));
    }
    {
        Traits t = full_block();
        t.light_emission = 15;
        b.glowstone = reg(r, "glowstone", simple(t));
    }
    {
        Traits t;
        t.collision = BlockShape::of(px(0, 0, 0, 16, 1, 16));
        b.white_carpet = reg(r, "white_carpet", simple(t, {tag("wool_carpets")}));
    }
    {
        Traits t;
        t.collision = BlockShape::of(px(0, 0, 0, 16, 15, 16));
        t.pathfindable = LandPathfindable::Never;
        b.dirt_path = reg(r, "dirt_path", simple(t));
    }
    {
        BlockDefinition d;
        d.properties = {integer("distance", 1, 7), boolean("persistent"), waterlogged()};
        d.defaults = {{"distance", "7"}, {"persistent", "false"}, {"waterlogged", "false"}};
        d.tags = {tag("leaves")};
        d.make_state = [](const BlockStateView& v) {
            Traits t = full_block();
            t.can_occlude = false;
            t.light_block_one = true;
            t.fluid = waterlogged_fluid(v);
            t.path_rule = PathRule::Leaves;
            return finish(t);
        };
        b.oak_leaves = reg(r, "oak_leaves", std::move(d));
    }
    {
        Traits t;
        t.can_occlude = false;
        t.replaceable = true;
        t.burning = true;
        t.light_emission = 15;
        BlockDefinition d = simple(t, {tag("fire")});
        d.properties = {integer("age", 0, 15), boolean("east"), boolean("north"),
                        boolean("south"),      boolean("up"),   boolean("west")};
        d.defaults = {{"east", "false"}, {"north", "false"}, {"south", "false"}, {"up", "false"}, {"west", "false"}};
        b.fire = reg(r, "fire", std::move(d));
    }
    {
        Traits t;
        t.collision = BlockShape::of(px(1, 0, 1, 15, 15, 15));
        t.path_rule = PathRule::DamageOther;
        t.pathfindable = LandPathfindable::Never;
        BlockDefinition d = simple(t);
        d.properties = {integer("age", 0, 15)};
        b.cactus = reg(r, "cactus", std::move(d));
    }
    {
        Traits t;
        t.can_occlude = false;
        t.replaceable = true;
        b.short_grass = reg(r, "short_grass", simple(t, {tag("replaceable_by_trees")}));
    }
    {
        BlockDefinition d;
        d.properties = {integer("rotation", 0, 15), waterlogged()};
        d.defaults = {{"waterlogged", "false"}};
        d.tags = {tag("signs"), tag("standing_signs"), tag("all_signs")};
        d.make_state = [](const BlockStateView& v) {
            Traits t;
            t.can_occlude = false;
            t.force_solid_on = true;
            t.fluid = waterlogged_fluid(v);
            return finish(t);
        };
        b.oak_sign = reg(r, "oak_sign", std::move(d));
    }

    // Job-site blocks.
    {
        BlockDefinition d;
        d.properties = {integer("level", 0, 8)};
        d.make_state = [](const BlockStateView&) {
            Traits t;
            t.collision = hollow_shape();
            t.pathfindable = LandPathfindable::Never;
            return finish(t);
        };
        b.composter = reg(r, "composter", std::move(d));
    }
    {
        BlockDefinition d;
        d.properties = {horizontal_facing(), boolean("has_book"), boolean("powered")};
        d.defaults = {{"facing", "north"}, {"has_book", "false"}, {"powered", "false"}};
        Traits t;
        // The base and the post; vanilla's top plate is a zero-height box, which is empty.
        t.collision = shape_of({px(0, 0, 0, 16, 2, 16), px(4, 2, 4, 12, 14, 12)});
        t.pathfindable = LandPathfindable::Never;
        d.make_state = [t](const BlockStateView&) { return finish(t); };
        b.lectern = reg(r, "lectern", std::move(d));
    }
    {
        BlockDefinition d = simple(full_block());
        d.properties = {facing_property(), boolean("open")};
        d.defaults = {{"facing", "north"}, {"open", "false"}};
        b.barrel = reg(r, "barrel", std::move(d));
    }
    auto furnace = []() {
        BlockDefinition d;
        d.properties = {horizontal_facing(), boolean("lit")};
        d.defaults = {{"facing", "north"}, {"lit", "false"}};
        d.make_state = [](const BlockStateView& v) {
            Traits t = full_block();
            t.light_emission = v.is("lit", "true") ? 13 : 0;
            return finish(t);
        };
        return d;
    };
    b.blast_furnace = reg(r, "blast_furnace", furnace());
    {
        Traits t;
        t.collision = shape_of({px(1, 0, 1, 15, 2, 15), px(7, 0, 7, 9, 14, 9)});
        t.can_occlude = false;
        t.light_emission = 1;
        t.pathfindable = LandPathfindable::Never;
        BlockDefinition d = simple(t);
        d.properties = {boolean("has_bottle_0"), boolean("has_bottle_1"), boolean("has_bottle_2")};
        d.defaults = {{"has_bottle_0", "false"}, {"has_bottle_1", "false"}, {"has_bottle_2", "false"}};
        b.brewing_stand = reg(r, "brewing_stand", std::move(d));
    }
    b.cartography_table = reg(r, "cartography_table", simple(full_block()));
    {
        Traits t;
        t.collision = hollow_shape();
        t.can_occlude = false;
        t.pathfindable = LandPathfindable::Never;
        b.cauldron = reg(r, "cauldron", simple(t, {tag("cauldrons")}));
        BlockDefinition d = simple(t, {tag("cauldrons")});
        d.properties = {integer("level", 1, 3)};
        b.water_cauldron = reg(r, "water_cauldron", std::move(d));
    }
    b.fletching_table = reg(r, "fletching_table", simple(full_block()));
    {
        BlockDefinition d;
        d.properties = {enum_property<AttachFace>("face"), horizontal_facing()};
        d.defaults = {{"face", "wall"}, {"facing", "north"}};
        d.make_state = [](const BlockStateView& v) {
            Traits t;
            t.collision = grindstone_shape(v);
            t.pathfindable = LandPathfindable::Never;
            return finish(t);
        };
        b.grindstone = reg(r, "grindstone", std::move(d));
    }
    {
        BlockDefinition d = simple(full_block());
        d.properties = {horizontal_facing()};
        b.loom = reg(r, "loom", std::move(d));
    }
    b.smithing_table = reg(r, "smithing_table", simple(full_block()));
    b.smoker = reg(r, "smoker", furnace());
    {
        Traits t;
        t.collision = BlockShape::of(px(0, 0, 0, 16, 9, 16));
        t.pathfindable = LandPathfindable::Never;
        BlockDefinition d = simple(t);
        d.properties = {horizontal_facing()};
        b.stonecutter = reg(r, "stonecutter", std::move(d));
    }
    return b;
}

}  // namespace mobsdk
