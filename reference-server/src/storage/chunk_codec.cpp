// Block, POI and entity chunk NBT in the 1.20.4 layout: palettes packed into longs, heightmaps,
// light arrays, and readers that check every field before trusting it.
#include "mobserver/storage/chunk_codec.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <exception>
#include <optional>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "mobsdk/world/unknown_block.hpp"

namespace mobsdk::server {

namespace {

constexpr std::int32_t max_section_y = min_section_y + section_count - 1;

std::string section_name(std::int32_t y) { return "sections[Y=" + std::to_string(y) + "]"; }

std::string type_name(const nbt::Tag& t) { return std::string(nbt::tag_type_name(t.type())); }

/// "field is TAG_String, expected TAG_Int" or "missing field (expected TAG_Int)".
template <typename T>
Result<const T*, std::string> require(const nbt::Compound& c, std::string_view key, const std::string& where) {
    const nbt::Tag* t = c.find(key);
    const std::string field = where.empty() ? std::string(key) : where + "." + std::string(key);
    if (!t)
        return unexpected("missing " + field + " (expected " + std::string(nbt::tag_type_name(nbt::tag_type_of<T>())) +
                          ")");
    if (const T* v = t->get_if<T>()) return v;
    return unexpected(field + " is " + type_name(*t) + ", expected " +
                      std::string(nbt::tag_type_name(nbt::tag_type_of<T>())));
}

/// The value when present and a T, nullptr when absent, an error when present with another type.
template <typename T>
Result<const T*, std::string> optional_field(const nbt::Compound& c, std::string_view key, const std::string& where) {
    if (!c.contains(key)) return static_cast<const T*>(nullptr);
    return require<T>(c, key, where);
}

/// `list` (from require or optional_field) unless it holds something other than compounds:
/// "sections holds TAG_Int, expected TAG_Compound". An empty list may carry any element type.
Result<const nbt::List*, std::string> of_compounds(Result<const nbt::List*, std::string> list, std::string_view key,
                                                   const std::string& where) {
    if (!list || !*list || (*list)->empty() || (*list)->element_type() == nbt::TagType::Compound) return list;
    const std::string field = where.empty() ? std::string(key) : where + "." + std::string(key);
    return unexpected(field + " holds " + std::string(nbt::tag_type_name((*list)->element_type())) +
                      ", expected TAG_Compound");
}

/// Any integer tag (Byte, Short, Int) as an int: tools disagree on the width of small fields.
Result<std::int32_t, std::string> require_small_int(const nbt::Compound& c, std::string_view key,
                                                    const std::string& where) {
    const nbt::Tag* t = c.find(key);
    const std::string field = where.empty() ? std::string(key) : where + "." + std::string(key);
    if (!t) return unexpected("missing " + field + " (expected TAG_Byte)");
    switch (t->type()) {
        case nbt::TagType::Byte: return std::int32_t{t->as_byte()};
        case nbt::TagType::Short: return std::int32_t{t->as_short()};
        case nbt::TagType::Int: return t->as_int();
        default: return unexpected(field + " is " + type_name(*t) + ", expected TAG_Byte");
    }
}

void warn(std::vector<std::string>* warnings, std::string message) {
    if (warnings) warnings->push_back(std::move(message));
}

nbt::Tag light_tag(const LevelChunkSection& s, LightLayer layer, bool& present) {
    nbt::ByteArray bytes;
    if (const auto* data = s.light_data(layer)) {
        bytes.resize(data->size());
        std::transform(data->begin(), data->end(), bytes.begin(),
                       [](std::uint8_t b) { return static_cast<std::int8_t>(b); });
        present = std::any_of(data->begin(), data->end(), [](std::uint8_t b) { return b != 0; });
    } else {
        const std::uint8_t v = s.uniform_light(layer);
        present = v != 0;
        if (present) bytes.assign(2048, static_cast<std::int8_t>(static_cast<std::uint8_t>(v | (v << 4))));
    }
    return nbt::Tag(std::move(bytes));
}

nbt::Compound palette_entry(const BlockRegistry& blocks, BlockState state) {
    nbt::Compound e{{"Name", blocks.id_of(state).str()}};
    const auto props = blocks.properties(state);
    if (!props.empty()) {
        nbt::Compound p;
        for (const auto& [k, v] : props) p.put(k, v);
        e.put("Properties", std::move(p));
    }
    return e;
}

/// Palette indexes by key while a section is written: a state id, or kept_key | the index of a
/// kept original compound. Sized by the section's palette: a linear search while it is small, a
/// hash map beyond that.
class PaletteSlots {
public:
    static constexpr std::uint32_t kept_key = 0x80000000u;
    /// The palette index of `key`, adding it when new.
    std::uint32_t slot(std::uint32_t key, std::vector<std::uint32_t>& keys) {
        if (key == last_key_) return last_slot_;
        std::uint32_t found = static_cast<std::uint32_t>(keys.size());
        if (map_.empty()) {
            for (std::size_t i = 0; i < keys.size(); ++i)
                if (keys[i] == key) {
                    found = static_cast<std::uint32_t>(i);
                    break;
                }
        } else if (auto it = map_.find(key); it != map_.end()) {
            found = it->second;
        }
        if (found == keys.size()) {
            keys.push_back(key);
            if (!map_.empty() || keys.size() > linear_limit) {
                if (map_.empty())
                    for (std::size_t i = 0; i < keys.size(); ++i) map_.emplace(keys[i], static_cast<std::uint32_t>(i));
                else map_.emplace(key, found);
            }
        }
        last_key_ = key;
        last_slot_ = found;
        return found;
    }

private:
    static constexpr std::size_t linear_limit = 32;
    std::uint32_t last_key_ = ~0u;
    std::uint32_t last_slot_ = 0;
    std::unordered_map<std::uint32_t, std::uint32_t> map_;
};

/// Block states of one section in vanilla's disk form; a placeholder that stands for a kept
/// palette compound is written as that compound.
nbt::Compound write_block_states(const LevelChunkSection& s, const BlockRegistry& blocks) {
    nbt::List palette(nbt::TagType::Compound);
    nbt::Compound out;
    const KeptStates* kept = s.kept_states();
    if (s.is_uniform() && !kept) {
        palette.push_back(palette_entry(blocks, s.get(0, 0, 0)));
        out.put("palette", std::move(palette));
        return out;
    }
    // Palette in order of first appearance in index order, as vanilla's HashMapPalette fills up.
    std::vector<std::uint32_t> keys;
    std::vector<std::uint32_t> indexes(4096);
    PaletteSlots slots;
    std::size_t next_kept = 0;  // kept->at is ascending by position, as the loop
    for (std::int32_t i = 0; i < 4096; ++i) {
        std::uint32_t key = s.get(i & 15, i >> 8, (i >> 4) & 15).id;
        if (kept && next_kept < kept->at.size() && kept->at[next_kept].first == i)
            key = PaletteSlots::kept_key | kept->at[next_kept++].second;
        indexes[static_cast<std::size_t>(i)] = slots.slot(key, keys);
    }
    for (const std::uint32_t key : keys) {
        if (key & PaletteSlots::kept_key) palette.push_back(kept->originals[key & ~PaletteSlots::kept_key]);
        else palette.push_back(palette_entry(blocks, BlockState{key}));
    }
    const std::int32_t bits = block_bits_for_palette(keys.size());
    out.put("palette", std::move(palette));
    if (bits > 0) out.put("data", nbt::LongArray(pack_bits(indexes, bits)));
    return out;
}

/// What reading one chunk carries from section to section: the placeholder for unknown states,
/// the DataVersion's upgrade rules, and the unknown states met (for one summary line per chunk).
struct ReadContext {
    const BlockRegistry& blocks;
    std::optional<BlockState> unknown;  // the placeholder, when the registry has it
    std::int32_t version = anvil_data_version;
    std::map<std::string, std::int64_t> unknown_counts;  // "name" or "name[property=value]" → blocks
    std::vector<std::string>* warnings = nullptr;
};

/// One palette entry as read: a state of the registry, or the placeholder standing for `original`.
struct PaletteRead {
    BlockState state;
    bool kept = false;
    nbt::Compound original;  // when kept: the entry as read (upgraded where a rule applies)
    std::string label;       // when kept: how the summary line names it
};

Result<PaletteRead, std::string> palette_state(const nbt::Compound& entry, ReadContext& ctx, const std::string& bs,
                                               std::size_t index) {
    // The field's name is built only for a message: a chunk has hundreds of palette entries.
    const auto where = [&] { return bs + ".palette[" + std::to_string(index) + "]"; };
    const std::string* name = entry.find<std::string>("Name");
    const nbt::Compound* props = entry.find<nbt::Compound>("Properties");
    if (!name || (!props && entry.contains("Properties"))) {
        const std::string w = where();
        if (auto n = require<std::string>(entry, "Name", w); !n) return unexpected(n.error());
        return unexpected(optional_field<nbt::Compound>(entry, "Properties", w).error());
    }
    if (props)
        for (const auto& e : *props)
            if (!e.value.get_if<std::string>())
                return unexpected(where() + ".Properties." + e.name + " is " + type_name(e.value) +
                                  ", expected TAG_String");
    std::string_view id = *name;
    // 1.20.3 (DataVersion 3692, 23w46a) renamed minecraft:grass to minecraft:short_grass.
    const bool renamed = ctx.version < grass_rename_data_version && id == "minecraft:grass";
    if (renamed) id = "minecraft:short_grass";
    auto keep = [&](std::string label, BlockState fallback, std::string old_warning) -> PaletteRead {
        PaletteRead r;
        if (!ctx.unknown) {
            // A registry without the placeholder (some tests): the old way, with a warning.
            warn(ctx.warnings, where() + ": " + old_warning);
            r.state = fallback;
            return r;
        }
        r.state = *ctx.unknown;
        r.kept = true;
        r.original = entry;
        if (renamed) r.original.put("Name", std::string(id));
        r.label = std::move(label);
        return r;
    };
    const auto block = ctx.blocks.blocks().find(id);
    if (!block) return keep(std::string(id), BlockState{}, "unknown block '" + std::string(id) + "', read as air");
    BlockState state = ctx.blocks.default_state(*block);
    if (props) {
        for (const auto& e : *props) {
            const std::string& value = *e.value.get_if<std::string>();
            if (auto next = ctx.blocks.with(state, e.name, value)) {
                state = *next;
            } else {
                return keep(std::string(id) + "[" + e.name + "=" + value + "]", ctx.blocks.default_state(*block),
                            "block '" + std::string(id) + "' has no property value " + e.name + "=" + value +
                                ", the default is kept");
            }
        }
    }
    PaletteRead r;
    r.state = state;
    return r;
}

Result<void, std::string> read_light(const nbt::Compound& section, std::string_view key, const std::string& where,
                                     LevelChunkSection* target, LightLayer layer) {
    auto light = optional_field<nbt::ByteArray>(section, key, where);
    if (!light) return unexpected(light.error());
    if (!*light) return {};
    const nbt::ByteArray& bytes = **light;
    if (bytes.size() != 2048)
        return unexpected(where + "." + std::string(key) + " has " + std::to_string(bytes.size()) +
                          " bytes, expected 2048");
    if (target) {
        std::array<std::uint8_t, 2048> data{};
        std::transform(bytes.begin(), bytes.end(), data.begin(),
                       [](std::int8_t b) { return static_cast<std::uint8_t>(b); });
        target->set_light_data(layer, data);
    }
    return {};
}

/// The keys of the root compound the server writes from live state (of Heightmaps, two); block
/// entities are kept apart (LevelChunk::set_block drops the one of a replaced block).
constexpr std::array<std::string_view, 8> owned_root_keys = {"DataVersion", "xPos",       "yPos",     "zPos",
                                                             "Status",      "LastUpdate", "sections", "isLightOn"};
/// The keys of a section compound the server writes from live state; the rest is kept.
constexpr std::array<std::string_view, 4> owned_section_keys = {"Y", "block_states", "SkyLight", "BlockLight"};

Result<void, std::string> read_section(const nbt::Compound& sec, std::int32_t y, LevelChunk& chunk,
                                       KeptChunkData& kept_data, ReadContext& ctx) {
    const std::string where = section_name(y);
    const bool in_range = y >= min_section_y && y <= max_section_y;
    LevelChunkSection* target = in_range ? &chunk.section(y - min_section_y) : nullptr;

    auto states = optional_field<nbt::Compound>(sec, "block_states", where);
    if (!states) return unexpected(states.error());
    if (*states && target) {
        const std::string bs = where + ".block_states";
        auto palette = require<nbt::List>(**states, "palette", bs);
        if (!palette) return unexpected(palette.error());
        const nbt::List& list = **palette;
        if (list.empty()) return unexpected(bs + ".palette is empty");
        if (list.size() > 4096)
            return unexpected(bs + ".palette has " + std::to_string(list.size()) +
                              " entries, at most 4096 fit a section");
        if (list.element_type() != nbt::TagType::Compound)
            return unexpected(bs + ".palette holds " + std::string(nbt::tag_type_name(list.element_type())) +
                              ", expected TAG_Compound");
        std::vector<BlockState> palette_states;
        palette_states.reserve(list.size());
        // For palette entries read as the placeholder: their index in kept->originals, else -1.
        std::vector<std::int32_t> kept_index;
        std::vector<std::int64_t*> kept_count;
        std::unique_ptr<KeptStates> kept;
        for (std::size_t i = 0; i < list.size(); ++i) {
            auto st = palette_state(list[i].as_compound(), ctx, bs, i);
            if (!st) return unexpected(st.error());
            // Sections store ids in 16 bits; a registry with more states is a broken invariant.
            if (st->state.id > 0xFFFF) throw std::logic_error("block state id does not fit 16 bits");
            palette_states.push_back(st->state);
            if (st->kept) {
                if (!kept) {
                    kept = std::make_unique<KeptStates>();
                    kept_index.assign(list.size(), -1);
                    kept_count.assign(list.size(), nullptr);
                }
                kept_index[i] = static_cast<std::int32_t>(kept->originals.size());
                kept_count[i] = &ctx.unknown_counts[st->label];
                kept->originals.push_back(std::move(st->original));
            }
        }
        const std::int32_t bits = block_bits_for_palette(list.size());
        if (bits == 0) {
            // Vanilla ignores `data` for a single-entry palette; so do we.
            *target = LevelChunkSection(palette_states[0]);
            if (kept) {
                kept->at.reserve(4096);
                for (std::uint16_t i = 0; i < 4096; ++i) kept->at.emplace_back(i, 0);
                *kept_count[0] += 4096;
            }
        } else {
            auto data = require<nbt::LongArray>(**states, "data", bs);
            if (!data) return unexpected(data.error());
            const std::size_t per_long = static_cast<std::size_t>(64 / bits);
            const std::size_t expected_longs = (4096 + per_long - 1) / per_long;
            if ((*data)->size() != expected_longs)
                return unexpected(bs + ".data has " + std::to_string((*data)->size()) + " longs, expected " +
                                  std::to_string(expected_longs) + " for " + std::to_string(bits) +
                                  " bits per entry (palette of " + std::to_string(list.size()) + ")");
            // Unpacked straight into state ids (vanilla's layout: `per_long` values per long, lowest first).
            std::array<std::uint16_t, 4096> ids;
            std::array<std::uint16_t, 4096> at;  // palette index per position
            const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
            std::size_t i = 0;
            for (const std::int64_t word : **data) {
                auto w = static_cast<std::uint64_t>(word);
                for (std::size_t k = 0; k < per_long && i < 4096; ++k, ++i, w >>= bits) {
                    const auto p = static_cast<std::uint32_t>(w & mask);
                    if (p >= palette_states.size())
                        return unexpected(bs + ".data: block " + std::to_string(i) + " has palette index " +
                                          std::to_string(p) + ", the palette has " + std::to_string(list.size()) +
                                          " entries");
                    ids[i] = static_cast<std::uint16_t>(palette_states[p].id);
                    at[i] = static_cast<std::uint16_t>(p);
                }
            }
            if (kept) {
                std::size_t count = 0;
                for (std::size_t j = 0; j < 4096; ++j) count += kept_index[at[j]] >= 0;
                kept->at.reserve(count);
                for (std::size_t j = 0; j < 4096; ++j)
                    if (kept_index[at[j]] >= 0) {
                        kept->at.emplace_back(static_cast<std::uint16_t>(j),
                                              static_cast<std::uint16_t>(kept_index[at[j]]));
                        ++*kept_count[at[j]];
                    }
            }
            LevelChunkSection s;
            s.assign_states(ids);
            s.compact_states();
            *target = std::move(s);
        }
        if (kept) target->set_kept_states(std::move(kept));
    }
    if (auto r = read_light(sec, "SkyLight", where, target, LightLayer::Sky); !r) return r;
    if (auto r = read_light(sec, "BlockLight", where, target, LightLayer::Block); !r) return r;
    if (auto biomes = optional_field<nbt::Compound>(sec, "biomes", where); !biomes) return unexpected(biomes.error());
    if (!in_range) {
        // Vanilla's light-only sections below and above the world: kept whole.
        kept_data.sections.emplace(y, sec);
        return {};
    }
    nbt::Compound rest;
    for (const auto& e : sec)
        if (std::find(owned_section_keys.begin(), owned_section_keys.end(), e.name) == owned_section_keys.end())
            rest.put(e.name, e.value);
    if (!rest.empty()) kept_data.sections.emplace(y, std::move(rest));
    return {};
}
std::string pos_text(BlockPos p) {
    return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ", " + std::to_string(p.z) + ")";
}

Result<std::int32_t, std::string> data_version(const nbt::Compound& root) {
    auto v = require<std::int32_t>(root, "DataVersion", "");
    if (!v) return unexpected(v.error());
    return **v;
}

}  // namespace

std::int32_t block_bits_for_palette(std::size_t palette_size) noexcept {
    if (palette_size <= 1) return 0;
    std::int32_t bits = 0;
    while ((std::size_t{1} << bits) < palette_size) ++bits;
    return std::max(4, bits);
}

std::vector<std::int64_t> pack_bits(std::span<const std::uint32_t> values, std::int32_t bits) {
    const std::size_t per = static_cast<std::size_t>(64 / bits);
    std::vector<std::int64_t> out((values.size() + per - 1) / per, 0);
    const std::uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const auto shift = static_cast<unsigned>((i % per) * static_cast<std::size_t>(bits));
        auto& word = out[i / per];
        word = static_cast<std::int64_t>(static_cast<std::uint64_t>(word) | ((values[i] & mask) << shift));
    }
    return out;
}

std::vector<std::uint32_t> unpack_bits(std::span<const std::int64_t> data, std::int32_t bits, std::size_t count) {
    const std::size_t per = static_cast<std::size_t>(64 / bits);
    const std::uint64_t mask = (1ull << bits) - 1;
    std::vector<std::uint32_t> out(count, 0);
    for (std::size_t i = 0; i < count && i / per < data.size(); ++i) {
        const auto shift = static_cast<unsigned>((i % per) * static_cast<std::size_t>(bits));
        out[i] = static_cast<std::uint32_t>((static_cast<std::uint64_t>(data[i / per]) >> shift) & mask);
    }
    return out;
}

std::string version_refusal(const nbt::Compound& root) {
    const auto* version = root.find<std::int32_t>("DataVersion");
    if (!version) return {};  // the reader's error names what is wrong
    if (*version > anvil_data_version)
        return "DataVersion " + std::to_string(*version) + " is newer than 1.20.4's (" +
               std::to_string(anvil_data_version) +
               "); this server would lose what it does not know of it, so it never rewrites it";
    if (*version < min_chunk_data_version)
        return "DataVersion " + std::to_string(*version) + " is older than the 1.18 chunk layout (" +
               std::to_string(min_chunk_data_version) + "); open the world in Minecraft 1.18 or newer first";
    return {};
}

std::string status_refusal(const nbt::Compound& root) {
    const auto* status = root.find<std::string>("Status");
    if (status && *status != "minecraft:full" && *status != "full")
        return "Status is '" + *status +
               "': vanilla has not finished generating it, and only fully generated chunks (minecraft:full) "
               "are read";
    return {};
}

std::string chunk_refusal(const nbt::Compound& root, bool block_chunk) {
    std::string why = version_refusal(root);
    if (why.empty() && block_chunk) why = status_refusal(root);
    return why;
}

nbt::Compound write_chunk_nbt(const LevelChunk& chunk, std::int64_t game_time) {
    const BlockRegistry& blocks = chunk.blocks();
    const KeptChunkData* kept = chunk.kept();
    // A kept root key, or `fallback` when the chunk has none.
    auto kept_or = [kept](std::string_view key, nbt::Tag fallback) -> nbt::Tag {
        if (kept)
            if (const nbt::Tag* t = kept->root.find(key)) return *t;
        return fallback;
    };
    nbt::Compound root;
    root.put("DataVersion", kept && kept->data_version != 0 ? kept->data_version : anvil_data_version);
    root.put("xPos", chunk.pos().x);
    root.put("yPos", min_section_y);
    root.put("zPos", chunk.pos().z);
    root.put("Status", "minecraft:full");
    root.put("LastUpdate", game_time);
    root.put("InhabitedTime", kept_or("InhabitedTime", nbt::Tag(std::int64_t{0})));

    nbt::List sections(nbt::TagType::Compound);
    auto put_kept_whole = [&](std::int32_t y) {
        if (!kept) return;
        if (auto it = kept->sections.find(y); it != kept->sections.end()) sections.push_back(it->second);
    };
    put_kept_whole(min_section_y - 1);
    for (std::int32_t i = 0; i < section_count; ++i) {
        const LevelChunkSection& s = chunk.section(i);
        const std::int32_t y = min_section_y + i;
        const nbt::Compound* rest = nullptr;
        if (kept)
            if (auto it = kept->sections.find(y); it != kept->sections.end()) rest = &it->second;
        nbt::Compound sec;
        sec.put("Y", static_cast<std::int8_t>(y));
        sec.put("block_states", write_block_states(s, blocks));
        if (!rest || !rest->contains("biomes")) {
            // The server keeps no biomes: a chunk it made is all plains.
            nbt::List biome_palette(nbt::TagType::String);
            biome_palette.push_back("minecraft:plains");
            sec.put("biomes", nbt::Compound{{"palette", std::move(biome_palette)}});
        }
        if (rest)
            for (const auto& e : *rest) sec.put(e.name, e.value);
        bool present = false;
        nbt::Tag block_light = light_tag(s, LightLayer::Block, present);
        if (present) sec.put("BlockLight", std::move(block_light));
        nbt::Tag sky_light = light_tag(s, LightLayer::Sky, present);
        if (present) sec.put("SkyLight", std::move(sky_light));
        sections.push_back(std::move(sec));
    }
    put_kept_whole(min_section_y + section_count);
    root.put("sections", std::move(sections));

    nbt::Compound heightmaps;
    heightmaps.put("MOTION_BLOCKING", heightmap_tag(chunk, Heightmap::MotionBlocking));
    heightmaps.put("WORLD_SURFACE", heightmap_tag(chunk, Heightmap::WorldSurface));
    if (kept)
        if (const auto* others = kept->root.find<nbt::Compound>("Heightmaps"))
            for (const auto& e : *others) heightmaps.put(e.name, e.value);
    root.put("Heightmaps", std::move(heightmaps));
    root.put("isLightOn", std::int8_t{1});
    nbt::List block_entities(nbt::TagType::Compound);
    if (kept)
        for (const auto& be : kept->block_entities) block_entities.push_back(be);
    root.put("block_entities", std::move(block_entities));
    root.put("block_ticks", kept_or("block_ticks", nbt::Tag(nbt::List(nbt::TagType::Compound))));
    root.put("fluid_ticks", kept_or("fluid_ticks", nbt::Tag(nbt::List(nbt::TagType::Compound))));
    nbt::List post(nbt::TagType::List);
    for (std::int32_t i = 0; i < section_count; ++i) post.push_back(nbt::List(nbt::TagType::Short));
    root.put("PostProcessing", kept_or("PostProcessing", nbt::Tag(std::move(post))));
    root.put(
        "structures",
        kept_or("structures", nbt::Tag(nbt::Compound{{"References", nbt::Compound{}}, {"starts", nbt::Compound{}}})));
    if (kept)
        for (const auto& e : kept->root)
            if (!root.contains(e.name)) root.put(e.name, e.value);
    return root;
}

Result<std::unique_ptr<LevelChunk>, std::string> read_chunk_nbt(const nbt::Compound& root, ChunkPos expected,
                                                                const BlockRegistry& blocks,
                                                                std::vector<std::string>* warnings) {
    try {
        auto version = data_version(root);
        if (!version) return unexpected(version.error());
        auto x = require<std::int32_t>(root, "xPos", "");
        if (!x) return unexpected(x.error());
        auto z = require<std::int32_t>(root, "zPos", "");
        if (!z) return unexpected(z.error());
        if (**x != expected.x || **z != expected.z)
            return unexpected("xPos/zPos (" + std::to_string(**x) + ", " + std::to_string(**z) +
                              ") is not the chunk it is stored for (" + std::to_string(expected.x) + ", " +
                              std::to_string(expected.z) + ")");
        auto y = optional_field<std::int32_t>(root, "yPos", "");
        if (!y) return unexpected(y.error());
        if (*y && **y != min_section_y)
            return unexpected("yPos is " + std::to_string(**y) + ", expected " + std::to_string(min_section_y) +
                              " (a world from y -64 to 319)");
        auto status = require<std::string>(root, "Status", "");
        if (!status) return unexpected(status.error());
        if (std::string why = chunk_refusal(root, true); !why.empty()) return unexpected(why);
        auto sections = of_compounds(require<nbt::List>(root, "sections", ""), "sections", "");
        if (!sections) return unexpected(sections.error());
        const nbt::List& list = **sections;

        ReadContext ctx{blocks, std::nullopt, *version, {}, warnings};
        if (const auto placeholder = blocks.blocks().find(unknown_block_id))
            ctx.unknown = blocks.default_state(*placeholder);
        auto chunk = std::make_unique<LevelChunk>(expected, blocks);
        auto kept = std::make_unique<KeptChunkData>();
        std::set<std::int32_t> seen;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const nbt::Compound& sec = list[i].as_compound();
            auto sy = require_small_int(sec, "Y", "sections[" + std::to_string(i) + "]");
            if (!sy) return unexpected(sy.error());
            // Vanilla also stores the light of one section below and one above the world.
            if (*sy < min_section_y - 1 || *sy > max_section_y + 1)
                return unexpected("sections[" + std::to_string(i) + "].Y is " + std::to_string(*sy) + ", outside " +
                                  std::to_string(min_section_y - 1) + ".." + std::to_string(max_section_y + 1));
            if (!seen.insert(*sy).second) return unexpected("sections: Y=" + std::to_string(*sy) + " appears twice");
            if (auto r = read_section(sec, *sy, *chunk, *kept, ctx); !r) return unexpected(r.error());
        }
        // Everything of the root the server does not write from live state is kept to be written back.
        for (const auto& e : root) {
            if (std::find(owned_root_keys.begin(), owned_root_keys.end(), e.name) != owned_root_keys.end()) continue;
            if (e.name == "Heightmaps") {
                // The two the server computes are its own; the others (OCEAN_FLOOR, …) are kept as read.
                if (const auto* maps = e.value.get_if<nbt::Compound>()) {
                    nbt::Compound others;
                    for (const auto& m : *maps)
                        if (m.name != "MOTION_BLOCKING" && m.name != "WORLD_SURFACE") others.put(m.name, m.value);
                    if (!others.empty()) {
                        kept->root.put("Heightmaps", std::move(others));
                        kept->other_heightmaps = true;
                    }
                }
                continue;
            }
            const auto* list_of = e.value.get_if<nbt::List>();
            if (e.name == "block_entities" && list_of &&
                (list_of->empty() || list_of->element_type() == nbt::TagType::Compound)) {
                for (const auto& be : *list_of) {
                    const nbt::Compound& c = be.as_compound();
                    const auto* bx = c.find<std::int32_t>("x");
                    const auto* by = c.find<std::int32_t>("y");
                    const auto* bz = c.find<std::int32_t>("z");
                    kept->block_entity_pos.push_back(bx && by && bz ? BlockPos{*bx, *by, *bz}
                                                                    : BlockPos{0, INT32_MIN, 0});
                    kept->block_entities.push_back(c);
                }
                continue;
            }
            kept->root.put(e.name, e.value);
        }
        if (*version < anvil_data_version) kept->data_version = *version;
        if (!kept->root.empty() || !kept->sections.empty() || !kept->block_entities.empty() || kept->data_version != 0)
            chunk->set_kept(std::move(kept));
        if (!ctx.unknown_counts.empty()) {
            // One line per chunk, not one per block.
            std::int64_t total = 0;
            std::string names;
            for (const auto& [label, count] : ctx.unknown_counts) {
                total += count;
                names += (names.empty() ? "" : ", ") + label + " x" + std::to_string(count);
            }
            warn(warnings, std::to_string(total) +
                               " blocks of states this server does not know are kept as they are "
                               "and act as solid blocks (" +
                               std::string(unknown_block_id) + "): " + names);
        }
        chunk->recount();
        chunk->recompute_heightmaps();
        chunk->unsaved = false;
        return chunk;
    } catch (const std::exception& e) {
        // Out of memory and the like: still this chunk's error, not the server's.
        return unexpected(std::string("cannot read the chunk: ") + e.what());
    }
}

nbt::Compound write_poi_nbt(const std::map<std::int32_t, PoiSection>& sections, const Registry<PoiTypeInfo>& poi_types,
                            const KeptPoiData* kept) {
    std::set<std::int32_t> ys;
    for (const auto& [y, section] : sections) ys.insert(y);
    if (kept) {
        for (const auto& [y, extra] : kept->sections) ys.insert(y);
        for (const auto& [y, list] : kept->records) ys.insert(y);
    }
    nbt::Compound out;
    for (const std::int32_t y : ys) {
        const auto it = sections.find(y);
        const PoiSection* section = it != sections.end() ? &it->second : nullptr;
        nbt::List records(nbt::TagType::Compound);
        if (section)
            for (const auto& [pos, entry] : section->records) {
                nbt::Compound record{{"pos", nbt::IntArray{entry.pos.x, entry.pos.y, entry.pos.z}},
                                     {"type", poi_types.id_of(entry.type).str()},
                                     {"free_tickets", entry.free_tickets}};
                for (const auto& e : entry.extra)
                    if (!record.contains(e.name)) record.put(e.name, e.value);
                records.push_back(std::move(record));
            }
        if (kept)
            if (const auto k = kept->records.find(y); k != kept->records.end())
                for (const nbt::Compound& record : k->second) {
                    const auto* pos = record.find<nbt::IntArray>("pos");
                    if (section && pos && pos->size() == 3 &&
                        section->records.count(BlockPos{(*pos)[0], (*pos)[1], (*pos)[2]}))
                        continue;  // a POI of a known type took its place
                    records.push_back(record);
                }
        nbt::Compound sec{{"Valid", section ? section->valid : true}, {"Records", std::move(records)}};
        if (kept)
            if (const auto k = kept->sections.find(y); k != kept->sections.end())
                for (const auto& e : k->second) sec.put(e.name, e.value);
        out.put(std::to_string(y), std::move(sec));
    }
    nbt::Compound root{{"DataVersion", kept && kept->data_version != 0 ? kept->data_version : anvil_data_version},
                       {"Sections", std::move(out)}};
    if (kept)
        for (const auto& e : kept->root)
            if (!root.contains(e.name)) root.put(e.name, e.value);
    return root;
}

Result<std::map<std::int32_t, PoiSection>, std::string> read_poi_nbt(const nbt::Compound& root, ChunkPos expected,
                                                                     const Registry<PoiTypeInfo>& poi_types,
                                                                     std::vector<std::string>* warnings,
                                                                     KeptPoiData* kept) {
    try {
        auto version = data_version(root);
        if (!version) return unexpected(version.error());
        KeptPoiData keep;  // filled only for a caller that keeps it
        if (kept) {
            if (*version < anvil_data_version) keep.data_version = *version;
            for (const auto& e : root)
                if (e.name != "DataVersion" && e.name != "Sections") keep.root.put(e.name, e.value);
        }
        std::map<std::string, std::int64_t> unknown_types;  // type → records kept
        auto sections = require<nbt::Compound>(root, "Sections", "");
        if (!sections) return unexpected(sections.error());
        std::map<std::int32_t, PoiSection> out;
        for (const auto& e : **sections) {
            std::int32_t y = 0;
            const char* first = e.name.data();
            const char* last = first + e.name.size();
            const auto [end, ec] = std::from_chars(first, last, y);
            if (ec != std::errc() || end != last || e.name.empty())
                return unexpected("Sections key '" + e.name + "' is not a section y");
            if (y < min_section_y || y > max_section_y)
                return unexpected("Sections." + e.name + ": section y outside " + std::to_string(min_section_y) + ".." +
                                  std::to_string(max_section_y));
            const std::string where = "Sections." + e.name;
            const auto* sec = e.value.get_if<nbt::Compound>();
            if (!sec) return unexpected(where + " is " + type_name(e.value) + ", expected TAG_Compound");
            PoiSection section;
            auto valid = optional_field<std::int8_t>(*sec, "Valid", where);
            if (!valid) return unexpected(valid.error());
            section.valid = *valid ? **valid != 0 : false;
            auto records = of_compounds(optional_field<nbt::List>(*sec, "Records", where), "Records", where);
            if (!records) return unexpected(records.error());
            if (*records) {
                const nbt::List& list = **records;
                for (std::size_t i = 0; i < list.size(); ++i) {
                    const std::string rw = where + ".Records[" + std::to_string(i) + "]";
                    const nbt::Compound& rec = list[i].as_compound();
                    auto pos = require<nbt::IntArray>(rec, "pos", rw);
                    if (!pos) return unexpected(pos.error());
                    if ((*pos)->size() != 3)
                        return unexpected(rw + ".pos has " + std::to_string((*pos)->size()) + " ints, expected 3");
                    const BlockPos p{(**pos)[0], (**pos)[1], (**pos)[2]};
                    if ((p.x >> 4) != expected.x || (p.z >> 4) != expected.z || (p.y >> 4) != y)
                        return unexpected(rw + ".pos " + pos_text(p) + " lies outside section (" +
                                          std::to_string(expected.x) + ", " + std::to_string(y) + ", " +
                                          std::to_string(expected.z) + ")");
                    auto type = require<std::string>(rec, "type", rw);
                    if (!type) return unexpected(type.error());
                    auto tickets = optional_field<std::int32_t>(rec, "free_tickets", rw);
                    if (!tickets) return unexpected(tickets.error());
                    const auto handle = poi_types.find(**type);
                    if (!handle) {
                        if (!kept) {
                            warn(warnings, rw + ": unknown POI type '" + **type + "', record dropped");
                        } else {
                            ++unknown_types[**type];
                            keep.records[y].push_back(rec);
                        }
                        continue;
                    }
                    if (section.records.count(p)) return unexpected(rw + ": a second record at " + pos_text(p));
                    PoiEntry entry{p, *handle, *tickets ? **tickets : 0};
                    for (const auto& e : rec)
                        if (e.name != "pos" && e.name != "type" && e.name != "free_tickets")
                            entry.extra.put(e.name, e.value);
                    section.records.emplace(p, std::move(entry));
                }
            }
            if (kept) {
                nbt::Compound extra;
                for (const auto& k : *sec)
                    if (k.name != "Valid" && k.name != "Records") extra.put(k.name, k.value);
                if (!extra.empty()) keep.sections.emplace(y, std::move(extra));
            }
            out.emplace(y, std::move(section));
        }
        if (!unknown_types.empty()) {
            std::int64_t total = 0;
            std::string names;
            for (const auto& [name, count] : unknown_types) {
                total += count;
                names += (names.empty() ? "" : ", ") + name + " x" + std::to_string(count);
            }
            warn(warnings, std::to_string(total) +
                               " records of POI types this server does not know are kept as they are: " + names);
        }
        if (kept) *kept = std::move(keep);
        return out;
    } catch (const std::exception& e) {
        return unexpected(std::string("cannot read the POI chunk: ") + e.what());
    }
}

nbt::Compound write_entities_nbt(ChunkPos pos, const std::vector<nbt::Compound>& entities, std::int32_t data_version) {
    nbt::List list(nbt::TagType::Compound);
    list.reserve(entities.size());
    for (const auto& e : entities) list.push_back(e);
    return nbt::Compound{{"DataVersion", data_version != 0 ? data_version : anvil_data_version},
                         {"Position", nbt::IntArray{pos.x, pos.z}},
                         {"Entities", std::move(list)}};
}

Result<std::vector<nbt::Compound>, std::string> read_entities_nbt(const nbt::Compound& root, ChunkPos expected,
                                                                  std::vector<std::string>* warnings,
                                                                  std::int32_t* data_version_out) {
    try {
        auto version = data_version(root);
        if (!version) return unexpected(version.error());
        if (data_version_out) *data_version_out = *version < anvil_data_version ? *version : 0;
        auto position = require<nbt::IntArray>(root, "Position", "");
        if (!position) return unexpected(position.error());
        if ((*position)->size() != 2)
            return unexpected("Position has " + std::to_string((*position)->size()) + " ints, expected 2");
        if ((**position)[0] != expected.x || (**position)[1] != expected.z)
            return unexpected("Position (" + std::to_string((**position)[0]) + ", " + std::to_string((**position)[1]) +
                              ") is not the chunk it is stored for (" + std::to_string(expected.x) + ", " +
                              std::to_string(expected.z) + ")");
        auto entities = of_compounds(require<nbt::List>(root, "Entities", ""), "Entities", "");
        if (!entities) return unexpected(entities.error());
        const nbt::List& list = **entities;
        std::vector<nbt::Compound> out;
        out.reserve(list.size());
        for (std::size_t i = 0; i < list.size(); ++i) {
            const nbt::Compound& e = list[i].as_compound();
            if (!e.find<std::string>("id")) {
                warn(warnings, "Entities[" + std::to_string(i) + "] has no string id, entity dropped");
                continue;
            }
            out.push_back(e);
        }
        return out;
    } catch (const std::exception& e) {
        return unexpected(std::string("cannot read the entity chunk: ") + e.what());
    }
}

nbt::LongArray heightmap_tag(const LevelChunk& chunk, Heightmap map) {
    std::vector<std::uint32_t> values(256);
    for (std::int32_t z = 0; z < 16; ++z)
        for (std::int32_t x = 0; x < 16; ++x)
            values[static_cast<std::size_t>(x + z * 16)] = static_cast<std::uint32_t>(chunk.height(map, x, z) - min_y);
    return pack_bits(values, heightmap_bits);
}

}  // namespace mobsdk::server
