// The configuration content: the Registry Data compound (embedded SNBT), tags, flags and brand.
#include "mobserver/net/registry_data.hpp"

#include <map>
#include <stdexcept>
#include <vector>

#include "mobsdk/nbt/snbt.hpp"
#include "mobserver/net/chunk_packet.hpp"
#include "mobserver/net/packet_codec.hpp"

namespace mobsdk::server {

// The text of reference-server/data/registry_codec_1_20_4.snbt, embedded by CMake
// (cmake/EmbedText.cmake writes it into the build tree).
std::string registry_codec_snbt();

namespace {

// The SNBT file starts with a `//` comment line naming its source; the parser does not know comments.
std::string_view without_comments(std::string_view text) {
    while (text.starts_with("//")) {
        const std::size_t nl = text.find('\n');
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    }
    return text;
}

struct Codec {
    nbt::Compound root;
    std::map<std::string, std::map<std::string, std::int32_t, std::less<>>, std::less<>> ids;
};

const Codec& codec() {
    static const Codec c = [] {
        Codec out;
        const std::string text = registry_codec_snbt();
        auto parsed = nbt::parse_snbt_compound(without_comments(text));
        if (!parsed)
            throw std::runtime_error("the embedded registry codec does not parse: " + parsed.error().describe());
        out.root = std::move(*parsed);
        for (const auto& registry : out.root) {
            const auto* reg = registry.value.get_if<nbt::Compound>();
            const auto* entries = reg ? reg->find<nbt::List>("value") : nullptr;
            if (!entries) continue;
            auto& ids = out.ids[registry.name];
            for (const auto& e : *entries) {
                const auto* entry = e.get_if<nbt::Compound>();
                if (!entry) continue;
                const auto* name = entry->find<std::string>("name");
                const auto* id = entry->find<std::int32_t>("id");
                if (name && id) ids.emplace(*name, *id);
            }
        }
        return out;
    }();
    return c;
}

}  // namespace

const nbt::Compound& registry_codec() { return codec().root; }

std::optional<std::int32_t> registry_entry_id(std::string_view registry, std::string_view name) {
    const auto& ids = codec().ids;
    const auto r = ids.find(registry);
    if (r == ids.end()) return std::nullopt;
    const auto e = r->second.find(name);
    if (e == r->second.end()) return std::nullopt;
    return e->second;
}

std::size_t registry_entry_count(std::string_view registry) {
    const auto& ids = codec().ids;
    const auto r = ids.find(registry);
    return r == ids.end() ? 0 : r->second.size();
}

std::string encode_registry_data() {
    static const std::string body = [] {
        PacketWriter w(0x05);
        w.nbt(nbt::Tag(registry_codec()));
        return w.take();
    }();
    return body;
}

std::string encode_update_tags(const BlockRegistry& blocks) {
    // Tag id -> vanilla block ids, in the registry's tag order.
    std::map<std::string, std::vector<std::int32_t>> block_tags;
    for (const auto& tag : blocks.tags()) block_tags[tag.id.str()];
    std::int32_t block_id = 0;
    for (const auto& entry : blocks.blocks()) {
        const BlockInfo& info = entry.value;
        if (info.first_state < kVanillaBlockStateCount)
            for (const auto& t : info.tags) block_tags[t.str()].push_back(block_id);
        ++block_id;
    }
    // Vanilla's fluid ids: empty 0, flowing_water 1, water 2, flowing_lava 3, lava 4.
    const std::map<std::string, std::vector<std::int32_t>> fluid_tags = {{"minecraft:water", {1, 2}},
                                                                         {"minecraft:lava", {3, 4}}};
    PacketWriter w(0x09);
    w.varint(2);
    auto write_tags = [&](std::string_view type, const std::map<std::string, std::vector<std::int32_t>>& tags) {
        w.string(type);
        w.varint(static_cast<std::int32_t>(tags.size()));
        for (const auto& [name, ids] : tags) {
            w.string(name);
            w.varint(static_cast<std::int32_t>(ids.size()));
            for (std::int32_t id : ids) w.varint(id);
        }
    };
    write_tags("minecraft:block", block_tags);
    write_tags("minecraft:fluid", fluid_tags);
    return w.take();
}

std::string encode_feature_flags() {
    PacketWriter w(0x08);
    w.varint(1).string("minecraft:vanilla");
    return w.take();
}

std::string encode_brand(std::int32_t packet_id, std::string_view brand) {
    PacketWriter w(packet_id);
    w.string("minecraft:brand").string(brand);
    return w.take();
}

}  // namespace mobsdk::server
