// level.dat and data/chunks.dat: vanilla's field names and types, lenient about missing fields,
// strict about wrong types, and written so that a crash never leaves the world without settings.
#include "mobserver/storage/level_data.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <exception>
#include <set>
#include <string_view>
#include <system_error>

#include "mobsdk/nbt/io.hpp"
#include "mobserver/storage/chunk_codec.hpp"
#include "mobserver/storage/synced_file.hpp"

namespace mobsdk::server {

namespace fs = std::filesystem;

namespace {

// Data entries this code reads and writes itself; everything else goes to LevelData::other.
const std::set<std::string, std::less<>> managed_keys{
    "DataVersion",      "version",    "LevelName",    "WorldGenSettings", "RandomSeed",    "Time",
    "DayTime",          "SpawnX",     "SpawnY",       "SpawnZ",           "SpawnAngle",    "Difficulty",
    "DifficultyLocked", "GameRules",  "GameType",     "hardcore",         "allowCommands", "initialized",
    "Version",          "LastPlayed", "ServerBrands", "WasModded"};

std::string tag_name(nbt::TagType t) { return std::string(nbt::tag_type_name(t)); }

/// Reads an optional field of type T into `out`; an error names the field when the type is wrong.
template <typename T, typename U>
Result<void, std::string> get_opt(const nbt::Compound& c, std::string_view key, const std::string& where, U& out) {
    const nbt::Tag* t = c.find(key);
    if (!t) return {};
    const T* v = t->get_if<T>();
    if (!v)
        return unexpected(where + std::string(key) + " is " + tag_name(t->type()) + ", expected " +
                          tag_name(nbt::tag_type_of<T>()));
    out = static_cast<U>(*v);
    return {};
}

Result<bool, std::string> parse_bool_rule(const std::string& name, const std::string& value) {
    if (value == "true") return true;
    if (value == "false") return false;
    return unexpected("GameRules." + name + " is '" + value + "', expected true or false");
}

Result<std::int32_t, std::string> parse_int_rule(const std::string& name, const std::string& value) {
    std::int32_t v = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc() || end != value.data() + value.size() || value.empty())
        return unexpected("GameRules." + name + " is '" + value + "', expected a whole number");
    return v;
}

nbt::Compound generator_nbt(const LevelData& d) {
    auto flat = [&](const std::vector<FlatLayer>& layers, const std::string& biome) {
        nbt::List list(nbt::TagType::Compound);
        for (const auto& l : layers) list.push_back(nbt::Compound{{"block", l.block}, {"height", l.height}});
        return nbt::Compound{
            {"type", "minecraft:flat"},
            {"settings",
             nbt::Compound{{"layers", std::move(list)}, {"biome", biome}, {"features", false}, {"lakes", false}}}};
    };
    auto noise = [](const char* settings) {
        return nbt::Compound{
            {"type", "minecraft:noise"},
            {"settings", settings},
            {"biome_source", nbt::Compound{{"type", "minecraft:multi_noise"}, {"preset", "minecraft:overworld"}}}};
    };
    switch (d.level_type) {
        case LevelType::Flat: return flat(d.flat_layers, d.flat_biome);
        case LevelType::Void: return flat({}, "minecraft:the_void");
        case LevelType::Normal: return noise("minecraft:overworld");
        case LevelType::LargeBiomes: return noise("minecraft:large_biomes");
        case LevelType::Amplified: return noise("minecraft:amplified");
        case LevelType::SingleBiomeSurface:
            return nbt::Compound{
                {"type", "minecraft:noise"},
                {"settings", "minecraft:overworld"},
                {"biome_source", nbt::Compound{{"type", "minecraft:fixed"}, {"biome", "minecraft:plains"}}}};
        case LevelType::Debug: return nbt::Compound{{"type", "minecraft:debug"}};
    }
    return flat(d.flat_layers, d.flat_biome);
}

Result<void, std::string> read_generator(const nbt::Compound& gen, LevelData& d) {
    const std::string where = "Data.WorldGenSettings.dimensions.\"minecraft:overworld\".generator.";
    std::string type;
    if (auto r = get_opt<std::string>(gen, "type", where, type); !r) return r;
    if (type == "minecraft:flat" || type == "flat") {
        const nbt::Tag* st = gen.find("settings");
        if (!st) {
            d.level_type = LevelType::Flat;
            d.flat_layers = default_flat_layers();
            return {};
        }
        const auto* settings = st->get_if<nbt::Compound>();
        if (!settings) return unexpected(where + "settings is " + tag_name(st->type()) + ", expected TAG_Compound");
        std::vector<FlatLayer> layers;
        if (const nbt::Tag* lt = settings->find("layers")) {
            const auto* list = lt->get_if<nbt::List>();
            if (!list) return unexpected(where + "settings.layers is " + tag_name(lt->type()) + ", expected TAG_List");
            for (std::size_t i = 0; i < list->size(); ++i) {
                const std::string lw = where + "settings.layers[" + std::to_string(i) + "].";
                const auto* layer = (*list)[i].get_if<nbt::Compound>();
                if (!layer) return unexpected(lw + " is " + tag_name((*list)[i].type()) + ", expected TAG_Compound");
                FlatLayer fl{"minecraft:air", 1};
                if (auto r = get_opt<std::string>(*layer, "block", lw, fl.block); !r) return r;
                if (auto r = get_opt<std::int32_t>(*layer, "height", lw, fl.height); !r) return r;
                if (fl.height < 0 || fl.height > 4064)
                    return unexpected(lw + "height is " + std::to_string(fl.height) + ", expected 0..4064");
                layers.push_back(std::move(fl));
            }
        }
        if (auto r = get_opt<std::string>(*settings, "biome", where + "settings.", d.flat_biome); !r) return r;
        bool only_air = true;
        for (const auto& l : layers)
            if (l.height > 0 && l.block != "minecraft:air" && l.block != "air") only_air = false;
        d.level_type = only_air ? LevelType::Void : LevelType::Flat;
        d.flat_layers = only_air ? default_flat_layers() : std::move(layers);
        if (only_air) d.flat_biome = "minecraft:plains";
        return {};
    }
    if (type == "minecraft:noise" || type == "noise") {
        std::string settings = "minecraft:overworld";
        if (const nbt::Tag* st = gen.find("settings"); st && st->is<std::string>()) settings = st->as_string();
        d.level_type = settings == "minecraft:large_biomes" ? LevelType::LargeBiomes
                       : settings == "minecraft:amplified"  ? LevelType::Amplified
                                                            : LevelType::Normal;
        if (const auto* bs = gen.find<nbt::Compound>("biome_source"))
            if (const auto* t = bs->find<std::string>("type"); t && *t == "minecraft:fixed")
                d.level_type = LevelType::SingleBiomeSurface;
        return {};
    }
    if (type == "minecraft:debug" || type == "debug") {
        d.level_type = LevelType::Debug;
        return {};
    }
    return unexpected(where + "type is '" + type + "', expected minecraft:flat, minecraft:noise or minecraft:debug");
}

/// Reads an NBT file of any compression within the size limit; the root must be a compound.
}  // namespace

Result<nbt::Compound, std::string> read_small_nbt(const fs::path& path) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) return unexpected("cannot read: " + ec.message());
    if (size > max_level_file_bytes)
        return unexpected("file of " + std::to_string(size) + " bytes exceeds the limit of " +
                          std::to_string(max_level_file_bytes));
    nbt::ReadOptions opts;
    opts.max_bytes = max_level_file_bytes;
    auto file = nbt::read_file(path, opts);
    if (!file) return unexpected("bad NBT: " + file.error().describe());
    if (file->root.tag.type() != nbt::TagType::Compound)
        return unexpected("root tag is " + tag_name(file->root.tag.type()) + ", expected TAG_Compound");
    return std::move(file->root.tag.as_compound());
}

namespace {

Result<LevelData, std::string> read_one(const fs::path& path) {
    auto root = read_small_nbt(path);
    if (!root) return unexpected(root.error());
    return level_data_from_nbt(*root);
}

}  // namespace

std::vector<FlatLayer> default_flat_layers() {
    return {{"minecraft:bedrock", 1}, {"minecraft:dirt", 2}, {"minecraft:grass_block", 1}};
}

nbt::Compound level_data_to_nbt(const LevelData& d, std::int64_t now_ms) {
    nbt::Compound data;
    data.put("DataVersion", anvil_data_version);
    data.put("version", anvil_format_version);
    data.put("LevelName", d.level_name);

    nbt::Compound dimensions;
    dimensions.put("minecraft:overworld",
                   nbt::Compound{{"type", "minecraft:overworld"}, {"generator", generator_nbt(d)}});
    for (const auto& e : d.other_dimensions)
        if (e.name != "minecraft:overworld") dimensions.put(e.name, e.value);
    data.put("WorldGenSettings", nbt::Compound{{"seed", d.seed},
                                               {"generate_features", d.generate_features},
                                               {"bonus_chest", false},
                                               {"dimensions", std::move(dimensions)}});
    data.put("Time", d.game_time);
    data.put("DayTime", d.day_time);
    data.put("SpawnX", d.spawn.x);
    data.put("SpawnY", d.spawn.y);
    data.put("SpawnZ", d.spawn.z);
    data.put("SpawnAngle", d.spawn_angle);
    data.put("Difficulty", static_cast<std::int8_t>(d.difficulty));
    data.put("DifficultyLocked", d.difficulty_locked);

    // Vanilla stores every game rule as a string, whatever its type.
    nbt::Compound rules;
    for (const auto& [k, v] : d.other_rules) rules.put(k, v);
    rules.put("doDaylightCycle", d.rules.do_daylight_cycle ? "true" : "false");
    rules.put("doMobSpawning", d.rules.do_mob_spawning ? "true" : "false");
    rules.put("randomTickSpeed", std::to_string(d.rules.random_tick_speed));
    rules.put("maxEntityCramming", std::to_string(d.rules.max_entity_cramming));
    rules.put("spawnRadius", std::to_string(d.rules.spawn_radius));
    data.put("GameRules", std::move(rules));

    data.put("GameType", d.game_type);
    data.put("hardcore", d.hardcore);
    data.put("allowCommands", d.allow_commands);
    data.put("initialized", true);
    data.put("Version",
             nbt::Compound{{"Id", anvil_data_version}, {"Name", "1.20.4"}, {"Snapshot", false}, {"Series", "main"}});
    data.put("LastPlayed", now_ms);
    nbt::List brands(nbt::TagType::String);
    bool ours = false;
    for (const auto& b : d.server_brands) {
        brands.push_back(b);
        ours = ours || b == "mobsdk";
    }
    if (!ours) brands.push_back("mobsdk");
    data.put("ServerBrands", std::move(brands));
    data.put("WasModded", true);

    for (const auto& e : d.other)
        if (!managed_keys.count(e.name)) data.put(e.name, e.value);
    // Fields vanilla always writes; present from the start so that vanilla opens the world as it is.
    auto fallback = [&](std::string_view key, nbt::Tag value) {
        if (!data.contains(key)) data.put(key, std::move(value));
    };
    nbt::List enabled(nbt::TagType::String);
    enabled.push_back("vanilla");
    fallback("DataPacks",
             nbt::Compound{{"Enabled", std::move(enabled)}, {"Disabled", nbt::List(nbt::TagType::String)}});
    nbt::List features(nbt::TagType::String);
    features.push_back("minecraft:vanilla");
    fallback("enabled_features", std::move(features));
    fallback("clearWeatherTime", std::int32_t{0});
    fallback("raining", false);
    fallback("rainTime", std::int32_t{0});
    fallback("thundering", false);
    fallback("thunderTime", std::int32_t{0});
    fallback("WanderingTraderSpawnChance", std::int32_t{25});
    fallback("WanderingTraderSpawnDelay", std::int32_t{24000});
    fallback("BorderCenterX", 0.0);
    fallback("BorderCenterZ", 0.0);
    fallback("BorderSize", 5.9999968E7);
    fallback("BorderSafeZone", 5.0);
    fallback("BorderWarningBlocks", 5.0);
    fallback("BorderWarningTime", 15.0);
    fallback("BorderDamagePerBlock", 0.2);
    fallback("BorderSizeLerpTime", std::int64_t{0});
    fallback("BorderSizeLerpTarget", 5.9999968E7);
    return nbt::Compound{{"Data", std::move(data)}};
}

Result<LevelData, std::string> level_data_from_nbt(const nbt::Compound& root) {
    try {
        const nbt::Tag* dt = root.find("Data");
        if (!dt) return unexpected(std::string("missing Data (expected TAG_Compound)"));
        const auto* data = dt->get_if<nbt::Compound>();
        if (!data) return unexpected("Data is " + tag_name(dt->type()) + ", expected TAG_Compound");
        const std::string w = "Data.";
        LevelData d;
        std::int32_t version = anvil_data_version;
        if (auto r = get_opt<std::int32_t>(*data, "DataVersion", w, version); !r) return unexpected(r.error());
        if (auto r = get_opt<std::string>(*data, "LevelName", w, d.level_name); !r) return unexpected(r.error());
        if (auto r = get_opt<std::int64_t>(*data, "RandomSeed", w, d.seed); !r) return unexpected(r.error());
        if (const nbt::Tag* wt = data->find("WorldGenSettings")) {
            const auto* wgs = wt->get_if<nbt::Compound>();
            if (!wgs) return unexpected("Data.WorldGenSettings is " + tag_name(wt->type()) + ", expected TAG_Compound");
            const std::string ww = "Data.WorldGenSettings.";
            if (auto r = get_opt<std::int64_t>(*wgs, "seed", ww, d.seed); !r) return unexpected(r.error());
            std::int8_t features = 0;
            if (auto r = get_opt<std::int8_t>(*wgs, "generate_features", ww, features); !r)
                return unexpected(r.error());
            d.generate_features = features != 0;
            if (const nbt::Tag* dimt = wgs->find("dimensions")) {
                const auto* dims = dimt->get_if<nbt::Compound>();
                if (!dims)
                    return unexpected(ww + "dimensions is " + tag_name(dimt->type()) + ", expected TAG_Compound");
                for (const auto& e : *dims) {
                    if (e.name != "minecraft:overworld") {
                        d.other_dimensions.put(e.name, e.value);
                        continue;
                    }
                    const auto* ow = e.value.get_if<nbt::Compound>();
                    if (!ow)
                        return unexpected(ww + "dimensions.\"minecraft:overworld\" is " + tag_name(e.value.type()) +
                                          ", expected TAG_Compound");
                    if (const nbt::Tag* gt = ow->find("generator")) {
                        const auto* gen = gt->get_if<nbt::Compound>();
                        if (!gen)
                            return unexpected(ww + "dimensions.\"minecraft:overworld\".generator is " +
                                              tag_name(gt->type()) + ", expected TAG_Compound");
                        if (auto r = read_generator(*gen, d); !r) return unexpected(r.error());
                    }
                }
            }
        }
        if (auto r = get_opt<std::int64_t>(*data, "Time", w, d.game_time); !r) return unexpected(r.error());
        if (auto r = get_opt<std::int64_t>(*data, "DayTime", w, d.day_time); !r) return unexpected(r.error());
        if (auto r = get_opt<std::int32_t>(*data, "SpawnX", w, d.spawn.x); !r) return unexpected(r.error());
        if (auto r = get_opt<std::int32_t>(*data, "SpawnY", w, d.spawn.y); !r) return unexpected(r.error());
        if (auto r = get_opt<std::int32_t>(*data, "SpawnZ", w, d.spawn.z); !r) return unexpected(r.error());
        if (auto r = get_opt<float>(*data, "SpawnAngle", w, d.spawn_angle); !r) return unexpected(r.error());
        std::int8_t difficulty = static_cast<std::int8_t>(d.difficulty);
        if (auto r = get_opt<std::int8_t>(*data, "Difficulty", w, difficulty); !r) return unexpected(r.error());
        if (difficulty < 0 || difficulty > 3)
            return unexpected("Data.Difficulty is " + std::to_string(difficulty) + ", expected 0..3");
        d.difficulty = static_cast<mobsdk::Difficulty>(difficulty);
        std::int8_t flag = 0;
        if (auto r = get_opt<std::int8_t>(*data, "DifficultyLocked", w, flag); !r) return unexpected(r.error());
        d.difficulty_locked = flag != 0;
        if (const nbt::Tag* gt = data->find("GameRules")) {
            const auto* rules = gt->get_if<nbt::Compound>();
            if (!rules) return unexpected("Data.GameRules is " + tag_name(gt->type()) + ", expected TAG_Compound");
            for (const auto& e : *rules) {
                const auto* value = e.value.get_if<std::string>();
                if (!value)
                    return unexpected("Data.GameRules." + e.name + " is " + tag_name(e.value.type()) +
                                      ", expected TAG_String");
                if (e.name == "doDaylightCycle") {
                    auto b = parse_bool_rule(e.name, *value);
                    if (!b) return unexpected(b.error());
                    d.rules.do_daylight_cycle = *b;
                } else if (e.name == "doMobSpawning") {
                    auto b = parse_bool_rule(e.name, *value);
                    if (!b) return unexpected(b.error());
                    d.rules.do_mob_spawning = *b;
                } else if (e.name == "randomTickSpeed") {
                    auto v = parse_int_rule(e.name, *value);
                    if (!v) return unexpected(v.error());
                    d.rules.random_tick_speed = *v;
                } else if (e.name == "maxEntityCramming") {
                    auto v = parse_int_rule(e.name, *value);
                    if (!v) return unexpected(v.error());
                    d.rules.max_entity_cramming = *v;
                } else if (e.name == "spawnRadius") {
                    auto v = parse_int_rule(e.name, *value);
                    if (!v) return unexpected(v.error());
                    d.rules.spawn_radius = *v;
                } else {
                    d.other_rules[e.name] = *value;
                }
            }
        }
        if (auto r = get_opt<std::int32_t>(*data, "GameType", w, d.game_type); !r) return unexpected(r.error());
        flag = 0;
        if (auto r = get_opt<std::int8_t>(*data, "hardcore", w, flag); !r) return unexpected(r.error());
        d.hardcore = flag != 0;
        flag = 0;
        if (auto r = get_opt<std::int8_t>(*data, "allowCommands", w, flag); !r) return unexpected(r.error());
        d.allow_commands = flag != 0;
        if (auto r = get_opt<std::int64_t>(*data, "LastPlayed", w, d.last_played); !r) return unexpected(r.error());
        if (const nbt::Tag* bt = data->find("ServerBrands")) {
            const auto* brands = bt->get_if<nbt::List>();
            if (!brands || (!brands->empty() && brands->element_type() != nbt::TagType::String))
                return unexpected("Data.ServerBrands is " + tag_name(bt->type()) + " of " +
                                  (brands ? tag_name(brands->element_type()) : std::string("-")) +
                                  ", expected TAG_List of TAG_String");
            d.server_brands.clear();
            for (const auto& b : *brands) d.server_brands.push_back(b.as_string());
        }
        for (const auto& e : *data)
            if (!managed_keys.count(e.name)) d.other.put(e.name, e.value);
        (void)version;
        return d;
    } catch (const std::exception& e) {
        return unexpected(std::string("cannot read level.dat: ") + e.what());
    }
}

Result<std::optional<LevelDataLoad>, std::string> read_level_dat(const fs::path& level_dir) {
    const fs::path main = level_dir / "level.dat";
    const fs::path backup = level_dir / "level.dat_old";
    std::error_code ec;
    const bool main_exists = fs::exists(main, ec);
    const bool backup_exists = fs::exists(backup, ec);
    if (!main_exists && !backup_exists) return std::optional<LevelDataLoad>{};
    LevelDataLoad load;
    std::string main_error = "missing";
    if (main_exists) {
        auto d = read_one(main);
        if (d) {
            load.data = std::move(*d);
            load.file = main;
            return std::optional<LevelDataLoad>(std::move(load));
        }
        main_error = d.error();
    }
    load.warnings.push_back("level.dat: " + main_error + "; using level.dat_old");
    if (!backup_exists) return unexpected("level.dat: " + main_error + "; level.dat_old: missing");
    auto d = read_one(backup);
    if (!d) return unexpected("level.dat: " + main_error + "; level.dat_old: " + d.error());
    load.data = std::move(*d);
    load.file = backup;
    load.from_backup = true;
    return std::optional<LevelDataLoad>(std::move(load));
}

Result<void, std::string> write_level_dat(const fs::path& level_dir, const LevelData& data) {
    std::error_code ec;
    fs::create_directories(level_dir, ec);
    if (ec) return unexpected("cannot create " + level_dir.string() + ": " + ec.message());
    const auto now_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    auto bytes =
        nbt::encode(nbt::Tag(level_data_to_nbt(data, static_cast<std::int64_t>(now_ms))), "", nbt::Compression::Gzip);
    if (!bytes) return unexpected("cannot encode level.dat: " + bytes.error().describe());
    std::string why;
    if (!replace_file_keeping_old(level_dir, "level.dat", *bytes, why)) return unexpected(std::move(why));
    return {};
}

Result<std::vector<ChunkPos>, std::string> read_forced_chunks(const fs::path& level_dir) {
    const fs::path path = level_dir / "data" / "chunks.dat";
    std::error_code ec;
    if (!fs::exists(path, ec)) return std::vector<ChunkPos>{};
    auto root = read_small_nbt(path);
    if (!root) return unexpected("data/chunks.dat: " + root.error());
    std::vector<ChunkPos> out;
    const nbt::Tag* dt = root->find("data");
    if (!dt) return out;
    const auto* data = dt->get_if<nbt::Compound>();
    if (!data) return unexpected("data/chunks.dat: data is " + tag_name(dt->type()) + ", expected TAG_Compound");
    const nbt::Tag* ft = data->find("Forced");
    if (!ft) return out;
    const auto* forced = ft->get_if<nbt::LongArray>();
    if (!forced)
        return unexpected("data/chunks.dat: data.Forced is " + tag_name(ft->type()) + ", expected TAG_Long_Array");
    out.reserve(forced->size());
    for (const std::int64_t v : *forced)
        out.push_back({static_cast<std::int32_t>(v & 0xFFFFFFFF),
                       static_cast<std::int32_t>(static_cast<std::uint64_t>(v) >> 32)});
    return out;
}

Result<void, std::string> write_forced_chunks(const fs::path& level_dir, const std::vector<ChunkPos>& chunks) {
    std::error_code ec;
    fs::create_directories(level_dir / "data", ec);
    if (ec) return unexpected("cannot create " + (level_dir / "data").string() + ": " + ec.message());
    nbt::LongArray forced;
    forced.reserve(chunks.size());
    for (const ChunkPos p : chunks) forced.push_back(p.as_long());
    const nbt::Compound root{{"data", nbt::Compound{{"Forced", std::move(forced)}}},
                             {"DataVersion", anvil_data_version}};
    auto r = nbt::write_file(level_dir / "data" / "chunks.dat", nbt::Tag(root), "", nbt::Compression::Gzip);
    if (!r) return unexpected("cannot write data/chunks.dat: " + r.error().describe());
    return {};
}

}  // namespace mobsdk::server
