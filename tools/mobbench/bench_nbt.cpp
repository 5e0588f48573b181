// mobbench nbt: decode and encode throughput of the binary NBT codec on a player-like file (many
// small compounds, strings and lists) and a chunk-like file (sections with large long arrays),
// uncompressed, beside prismarine-nbt on the same bytes in the same run.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench.hpp"
#include "mobsdk/nbt/document.hpp"
#include "mobsdk/nbt/io.hpp"
#include "mobsdk/nbt/tag.hpp"

namespace mobbench {

namespace nbt = mobsdk::nbt;

namespace {

// Deterministic data: the same bytes on every run and machine.
class XorShift {
public:
    explicit XorShift(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        s_ ^= s_ << 13;
        s_ ^= s_ >> 7;
        s_ ^= s_ << 17;
        return s_;
    }
    std::int32_t below(std::int32_t n) { return static_cast<std::int32_t>(next() % static_cast<std::uint64_t>(n)); }

private:
    std::uint64_t s_;
};

const char* const kItems[] = {"minecraft:diamond_sword", "minecraft:oak_planks", "minecraft:bread",
                              "minecraft:iron_pickaxe",  "minecraft:torch",      "minecraft:cobblestone",
                              "minecraft:emerald",       "minecraft:bow",        "minecraft:arrow",
                              "minecraft:wheat_seeds"};
const char* const kEnchantments[] = {"minecraft:sharpness", "minecraft:unbreaking", "minecraft:mending",
                                     "minecraft:efficiency"};

nbt::List doubles(std::initializer_list<double> v) {
    nbt::List l(nbt::TagType::Double);
    for (double d : v) l.push_back(d);
    return l;
}

nbt::Compound item(XorShift& r, int slot) {
    nbt::Compound enchant_list_item{{"id", kEnchantments[r.below(4)]},
                                    {"lvl", static_cast<std::int16_t>(1 + r.below(5))}};
    nbt::List enchants(nbt::TagType::Compound);
    enchants.push_back(enchant_list_item);
    enchants.push_back(
        nbt::Compound{{"id", kEnchantments[r.below(4)]}, {"lvl", static_cast<std::int16_t>(1 + r.below(5))}});
    nbt::List lore(nbt::TagType::String);
    lore.push_back("{\"text\":\"Found in a village chest\"}");
    return nbt::Compound{
        {"Slot", static_cast<std::int8_t>(slot)},
        {"id", kItems[r.below(10)]},
        {"Count", static_cast<std::int8_t>(1 + r.below(64))},
        {"tag", nbt::Compound{{"Damage", r.below(250)},
                              {"Enchantments", enchants},
                              {"display", nbt::Compound{{"Name", "{\"text\":\"Item " + std::to_string(slot) + "\"}"},
                                                        {"Lore", lore}}}}},
    };
}

nbt::Tag player_case() {
    XorShift r(0x5eed01);
    nbt::Compound p;
    p.put("DataVersion", std::int32_t{3465});
    p.put("Pos", doubles({12.5, 64.0, -30.25}));
    p.put("Motion", doubles({0.0, -0.0784000015258789, 0.0}));
    nbt::List rot(nbt::TagType::Float);
    rot.push_back(90.0f);
    rot.push_back(12.5f);
    p.put("Rotation", rot);
    p.put("Health", 20.0f);
    p.put("OnGround", true);
    p.put("Air", std::int16_t{300});
    p.put("UUID", nbt::IntArray{0x12345678, -0x1234567, 0x0ABCDEF0, 0x7EADBEEF});
    nbt::List attributes(nbt::TagType::Compound);
    for (const char* name :
         {"minecraft:generic.max_health", "minecraft:generic.movement_speed", "minecraft:generic.attack_damage",
          "minecraft:generic.armor", "minecraft:generic.luck", "minecraft:generic.attack_speed"}) {
        nbt::List mods(nbt::TagType::Compound);
        mods.push_back(nbt::Compound{{"Name", "effect.minecraft.speed 0"},
                                     {"Amount", 0.2},
                                     {"Operation", std::int32_t{2}},
                                     {"UUID", nbt::IntArray{r.below(1 << 30), 2, 3, 4}}});
        attributes.push_back(nbt::Compound{{"Name", name}, {"Base", 4.0}, {"Modifiers", mods}});
    }
    p.put("Attributes", attributes);
    nbt::List inventory(nbt::TagType::Compound);
    for (int i = 0; i < 36; ++i) inventory.push_back(item(r, i));
    p.put("Inventory", inventory);
    nbt::List ender(nbt::TagType::Compound);
    for (int i = 0; i < 27; ++i) ender.push_back(item(r, i));
    p.put("EnderItems", ender);
    p.put("abilities", nbt::Compound{{"walkSpeed", 0.1f},
                                     {"flySpeed", 0.05f},
                                     {"mayfly", false},
                                     {"flying", false},
                                     {"invulnerable", false},
                                     {"mayBuild", true},
                                     {"instabuild", false}});
    nbt::List recipes(nbt::TagType::String);
    nbt::List shown(nbt::TagType::String);
    for (int i = 0; i < 400; ++i) {
        std::string id = std::string(kItems[i % 10]) + "_from_" + std::to_string(i);
        if (i % 4 == 0) shown.push_back(id);
        recipes.push_back(std::move(id));
    }
    p.put("recipeBook",
          nbt::Compound{
              {"recipes", recipes}, {"toBeDisplayed", shown}, {"isFilteringCraftable", false}, {"isGuiOpen", false}});
    p.put("Brain", nbt::Compound{{"memories", nbt::Compound{}}});
    p.put("XpLevel", std::int32_t{30});
    p.put("XpP", 0.25f);
    p.put("foodLevel", std::int32_t{20});
    p.put("foodSaturationLevel", 5.0f);
    p.put("LastDeathLocation", nbt::Compound{{"dimension", "minecraft:overworld"}, {"pos", nbt::IntArray{1, 70, -3}}});
    return p;
}

nbt::Tag chunk_case() {
    XorShift r(0x5eed02);
    nbt::Compound c;
    c.put("DataVersion", std::int32_t{3465});
    c.put("xPos", std::int32_t{3});
    c.put("zPos", std::int32_t{-7});
    c.put("yPos", std::int32_t{-4});
    c.put("Status", "minecraft:full");
    c.put("LastUpdate", std::int64_t{1234567});
    c.put("InhabitedTime", std::int64_t{89012});
    nbt::List sections(nbt::TagType::Compound);
    for (int y = -4; y < 20; ++y) {
        nbt::List palette(nbt::TagType::Compound);
        palette.push_back(nbt::Compound{{"Name", "minecraft:stone"}});
        palette.push_back(nbt::Compound{{"Name", "minecraft:dirt"}});
        palette.push_back(nbt::Compound{
            {"Name", "minecraft:oak_stairs"},
            {"Properties",
             nbt::Compound{{"facing", "north"}, {"half", "bottom"}, {"shape", "straight"}, {"waterlogged", "false"}}}});
        palette.push_back(nbt::Compound{{"Name", "minecraft:air"}});
        nbt::LongArray data(256 * 2);  // 8 bits per block: 4096 * 8 / 64
        for (auto& v : data) v = static_cast<std::int64_t>(r.next());
        nbt::List biome_palette(nbt::TagType::String);
        biome_palette.push_back("minecraft:plains");
        biome_palette.push_back("minecraft:forest");
        nbt::ByteArray sky(2048), block(2048);
        for (auto& b : sky) b = static_cast<std::int8_t>(r.next());
        for (auto& b : block) b = static_cast<std::int8_t>(r.next());
        sections.push_back(nbt::Compound{
            {"Y", static_cast<std::int8_t>(y)},
            {"block_states", nbt::Compound{{"palette", palette}, {"data", data}}},
            {"biomes", nbt::Compound{{"palette", biome_palette}, {"data", nbt::LongArray{0x1111111111111111}}}},
            {"SkyLight", sky},
            {"BlockLight", block}});
    }
    c.put("sections", sections);
    nbt::Compound heightmaps;
    for (const char* name : {"MOTION_BLOCKING", "MOTION_BLOCKING_NO_LEAVES", "OCEAN_FLOOR", "WORLD_SURFACE"}) {
        nbt::LongArray h(37);
        for (auto& v : h) v = static_cast<std::int64_t>(r.next() >> 1);
        heightmaps.put(name, h);
    }
    c.put("Heightmaps", heightmaps);
    c.put("block_entities", nbt::List{});
    c.put("structures", nbt::Compound{{"References", nbt::Compound{}}, {"starts", nbt::Compound{}}});
    return c;
}

struct Case {
    const char* name;
    nbt::Tag (*build)();
};

constexpr Case kCases[] = {{"player", player_case}, {"chunk", chunk_case}};

constexpr double kMiB = 1024.0 * 1024.0;

// Runs prismarine-nbt on the same bytes through node; returns {decode, encode} MiB/s, or nothing
// (with a note on stderr) when node or the npm packages are missing.
bool run_prismarine(const std::filesystem::path& file, double seconds, double& decode, double& encode) {
    const std::filesystem::path src = MOBSDK_SOURCE_DIR;
    const auto script = src / "tools/mobbench/prismarine_nbt_bench.cjs";
    const auto modules = src / "tests/interop/node_modules";
    if (!std::filesystem::exists(modules / "prismarine-nbt")) {
        progress("prismarine-nbt is not installed (run ./tools/run-tests once); skipping the peer");
        return false;
    }
    const std::string cmd =
        "node '" + script.string() + "' '" + modules.string() + "' '" + file.string() + "' " + std::to_string(seconds);
    FILE* pipe = ::popen(cmd.c_str(), "r");
    if (!pipe) return false;
    std::string out;
    char buf[4096];
    while (std::size_t n = std::fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
    const int status = ::pclose(pipe);
    if (status != 0) {
        progress("prismarine-nbt run failed (status " + std::to_string(status) + ")");
        return false;
    }
    try {
        auto j = nlohmann::json::parse(out);
        decode = j.at("decode").get<double>();
        encode = j.at("encode").get<double>();
        return true;
    } catch (const std::exception& e) {
        progress(std::string("cannot read prismarine-nbt's output: ") + e.what());
        return false;
    }
}

}  // namespace

int run_nbt(const std::vector<std::string>& args) {
    double seconds = 1.0;
    bool peer = true;
    std::string only;
    std::string dump_dir;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--seconds" && i + 1 < args.size()) seconds = std::stod(args[++i]);
        else if (args[i] == "--no-peer") peer = false;
        else if (args[i] == "--case" && i + 1 < args.size()) only = args[++i];
        else if (args[i] == "--dump" && i + 1 < args.size()) dump_dir = args[++i];
        else {
            std::fprintf(stderr,
                         "usage: mobbench nbt [--seconds S] [--case player|chunk] [--no-peer] [--dump DIR]\n"
                         "  --dump DIR writes each case's bytes to DIR/<case>.nbt and measures nothing\n");
            return 2;
        }
    }
    const auto dir = std::filesystem::temp_directory_path() / ("mobbench-nbt-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    for (const Case& c : kCases) {
        if (!only.empty() && only != c.name) continue;
        const nbt::Tag tree = c.build();
        std::vector<std::uint8_t> bytes;
        if (auto w = nbt::write(tree, "", bytes); !w) {
            progress("cannot encode case " + std::string(c.name) + ": " + w.error().describe());
            return 1;
        }
        progress("case " + std::string(c.name) + ": " + std::to_string(bytes.size()) + " bytes");
        const double size_mib = static_cast<double>(bytes.size()) / kMiB;
        if (!dump_dir.empty()) {
            std::filesystem::create_directories(dump_dir);
            std::ofstream(std::filesystem::path(dump_dir) / (std::string(c.name) + ".nbt"), std::ios::binary)
                .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
            continue;
        }

        // `decode` is the read-only Document: a complete parse (every tag checked, nothing left to
        // fail later), so it is the same work as the tree's minus building the tree. Check that
        // here once rather than trust it: both must give the same tree.
        {
            auto doc = nbt::Document::parse(bytes);
            auto tree_again = nbt::read(bytes);
            if (!doc || !tree_again || !(doc->root().to_tag() == tree_again->tag)) {
                progress("the Document and the tree reader disagree on case " + std::string(c.name));
                return 1;
            }
        }
        const double t_decode = time_per_call(
            [&] {
                auto d = nbt::Document::parse(bytes);
                if (!d) std::abort();
            },
            seconds);
        const double t_decode_tree = time_per_call(
            [&] {
                auto r = nbt::read(bytes);
                if (!r) std::abort();
            },
            seconds);
        std::vector<std::uint8_t> out;
        out.reserve(bytes.size());
        const double t_encode = time_per_call(
            [&] {
                out.clear();
                if (!nbt::write(tree, "", out)) std::abort();
            },
            seconds);
        const double decode = size_mib / t_decode, encode = size_mib / t_encode;
        emit({"nbt", c.name, "mobsdk", "decode", decode, "MiB/s"});
        emit({"nbt", c.name, "mobsdk", "decode_tree", size_mib / t_decode_tree, "MiB/s"});
        emit({"nbt", c.name, "mobsdk", "encode", encode, "MiB/s"});

        if (!peer) continue;
        const auto file = dir / (std::string(c.name) + ".nbt");
        std::ofstream(file, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        double p_decode = 0, p_encode = 0;
        if (run_prismarine(file, seconds, p_decode, p_encode)) {
            emit({"nbt", c.name, "prismarine-nbt", "decode", p_decode, "MiB/s"});
            emit({"nbt", c.name, "prismarine-nbt", "encode", p_encode, "MiB/s"});
            emit({"nbt", c.name, "mobsdk", "decode_vs_prismarine", decode / p_decode, "x"});
            emit({"nbt", c.name, "mobsdk", "encode_vs_prismarine", encode / p_encode, "x"});
        }
    }
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    return 0;
}

}  // namespace mobbench
