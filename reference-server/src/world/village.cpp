#include "mobserver/world/village.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace mobsdk::server {

namespace {

struct Builder {
    World& world;
    const BlockRegistry& blocks;

    BlockState state(const std::string& text) const {
        auto s = blocks.parse(text);
        if (!s) throw std::logic_error("village: " + s.error());  // our own table: a bug if wrong
        return *s;
    }
    void set(BlockPos p, const std::string& text) { world.set_block(p, state(text)); }
    void fill(BlockPos a, BlockPos b, const std::string& text) { world.fill(a, b, state(text)); }
};

// The 13 job-site blocks in vanilla's profession order.
constexpr std::array<const char*, 13> job_blocks = {"blast_furnace[facing=north]",
                                                    "smoker[facing=north]",
                                                    "cartography_table",
                                                    "brewing_stand",
                                                    "composter",
                                                    "barrel[facing=up]",
                                                    "fletching_table",
                                                    "cauldron",
                                                    "lectern[facing=north]",
                                                    "stonecutter[facing=north]",
                                                    "loom[facing=north]",
                                                    "smithing_table",
                                                    "grindstone[face=floor,facing=north]"};

constexpr std::array<const char*, 16> bed_colours = {"white", "orange", "magenta",    "light_blue", "yellow", "lime",
                                                     "pink",  "gray",   "light_gray", "cyan",       "purple", "blue",
                                                     "brown", "green",  "red",        "black"};

// A 5×5 (outer) house with its door facing the bell, one bed and one job-site block inside.
// `origin` is the north-west corner at floor level; `door_side` 0 north, 1 east, 2 south, 3 west.
void build_house(Builder& b, BlockPos o, int door_side, RandomSource& random, VillagePlan& plan) {
    const int y = o.y;
    b.fill({o.x, y - 1, o.z}, {o.x + 4, y - 1, o.z + 4}, "cobblestone");
    b.fill({o.x, y, o.z}, {o.x + 4, y + 2, o.z + 4}, "oak_planks");
    b.fill({o.x + 1, y, o.z + 1}, {o.x + 3, y + 2, o.z + 3}, "air");
    for (int dy = 0; dy <= 2; ++dy)
        for (BlockPos c : {BlockPos{o.x, y + dy, o.z}, BlockPos{o.x + 4, y + dy, o.z}, BlockPos{o.x, y + dy, o.z + 4},
                           BlockPos{o.x + 4, y + dy, o.z + 4}})
            b.set(c, "oak_log[axis=y]");
    b.fill({o.x, y + 3, o.z}, {o.x + 4, y + 3, o.z + 4}, "oak_slab[type=bottom]");

    // Door in the middle of one wall, a window opposite, a torch inside.
    static constexpr const char* facings[4] = {"north", "east", "south", "west"};
    const BlockPos door = door_side == 0   ? BlockPos{o.x + 2, y, o.z}
                          : door_side == 1 ? BlockPos{o.x + 4, y, o.z + 2}
                          : door_side == 2 ? BlockPos{o.x + 2, y, o.z + 4}
                                           : BlockPos{o.x, y, o.z + 2};
    const std::string facing = facings[door_side];
    b.set(door, "oak_door[facing=" + facing + ",half=lower]");
    b.set({door.x, y + 1, door.z}, "oak_door[facing=" + facing + ",half=upper]");
    plan.doors.push_back(door);
    const BlockPos window = door_side == 0   ? BlockPos{o.x + 2, y + 1, o.z + 4}
                            : door_side == 1 ? BlockPos{o.x, y + 1, o.z + 2}
                            : door_side == 2 ? BlockPos{o.x + 2, y + 1, o.z}
                                             : BlockPos{o.x + 4, y + 1, o.z + 2};
    b.set(window, "glass");

    // The bed lies along x in the back row; its head points east.
    const int back_z = door_side == 2 ? o.z + 1 : o.z + 3;
    const std::string colour = bed_colours[static_cast<std::size_t>(random.next_int(16))];
    b.set({o.x + 1, y, back_z}, colour + "_bed[facing=east,part=foot]");
    b.set({o.x + 2, y, back_z}, colour + "_bed[facing=east,part=head]");
    plan.beds.push_back({o.x + 2, y, back_z});
    b.set({o.x + 3, y + 2, back_z}, "torch");

    const BlockPos job{o.x + 3, y, door_side == 2 ? o.z + 3 : o.z + 1};
    b.set(job, job_blocks[static_cast<std::size_t>(random.next_int(static_cast<std::int32_t>(job_blocks.size())))]);
    plan.job_sites.push_back(job);
}

}  // namespace

VillagePlan build_village(World& world, BlockPos center, std::int64_t seed, std::int32_t houses) {
    if (houses < 1 || houses > 8) throw std::invalid_argument("build_village: houses must be 1–8");
    // The surface of the world at the centre: villages sit on the ground.
    world.ensure_chunks(center, 2);
    const std::int32_t y = world.height(Heightmap::WorldSurface, center.x, center.z);
    const BlockPos c{center.x, y, center.z};
    Builder b{world, world.blocks()};
    RandomSource random(seed);
    VillagePlan plan;

    // Paths: a cross of dirt_path 2 wide through the centre (vanilla's path blocks sit 1/16 lower).
    for (int d = -14; d <= 14; ++d) {
        b.set({c.x + d, y - 1, c.z}, "dirt_path");
        b.set({c.x + d, y - 1, c.z + 1}, "dirt_path");
        b.set({c.x, y - 1, c.z + d}, "dirt_path");
        b.set({c.x + 1, y - 1, c.z + d}, "dirt_path");
    }
    // The bell on a cobblestone stand at the crossing.
    b.set({c.x - 2, y - 1, c.z - 2}, "cobblestone");
    b.set({c.x - 2, y, c.z - 2}, "bell[attachment=floor,facing=north]");
    plan.bell = {c.x - 2, y, c.z - 2};

    // Houses in the four quadrants (two rings when more than four), door towards the path.
    const std::array<std::array<int, 3>, 8> slots = {{
        {4, -9, 2},  // x offset, z offset, door side: north-east quadrant, door south
        {-9, -9, 1},
        {-9, 4, 1},
        {4, 4, 3},
        {10, -9, 2},
        {-15, -9, 2},
        {-15, 4, 0},
        {10, 4, 0},
    }};
    std::array<int, 8> order = {0, 1, 2, 3, 4, 5, 6, 7};
    // Shuffle which slots the first houses take (deterministic from the seed).
    for (int i = 3; i > 0; --i)
        std::swap(order[static_cast<std::size_t>(i)], order[static_cast<std::size_t>(random.next_int(i + 1))]);
    for (std::int32_t i = 0; i < houses; ++i) {
        const auto& s = slots[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])];
        build_house(b, {c.x + s[0], y, c.z + s[1]}, s[2], random, plan);
    }

    // A farm south-east: 7×7 farmland with wheat, a water channel in the middle, a composter.
    const BlockPos f{c.x + 4, y - 1, c.z + 13};
    for (int dx = 0; dx < 7; ++dx)
        for (int dz = 0; dz < 5; ++dz) {
            const BlockPos p{f.x + dx, f.y, f.z + dz};
            if (dx == 3) {
                b.set(p, "water");
                continue;
            }
            b.set(p, "farmland[moisture=7]");
            b.set({p.x, p.y + 1, p.z}, "wheat[age=" + std::to_string(random.next_int(8)) + "]");
            plan.farmland.push_back(p);
        }
    b.set({f.x - 1, y, f.z}, "composter");
    plan.job_sites.push_back({f.x - 1, y, f.z});
    // Lamps at the path ends keep the village lit at night.
    for (BlockPos p : {BlockPos{c.x + 15, y, c.z}, BlockPos{c.x - 15, y, c.z}, BlockPos{c.x, y, c.z + 15},
                       BlockPos{c.x, y, c.z - 15}}) {
        b.set(p, "cobblestone_wall");
        b.set({p.x, p.y + 1, p.z}, "torch");
    }
    return plan;
}

}  // namespace mobsdk::server
