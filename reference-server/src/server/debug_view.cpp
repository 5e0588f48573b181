// The debug view's messages (debug_view.hpp), built only while a page is open.
#include "mobserver/server/debug_view.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

#include "mobsdk/debug/snapshot.hpp"
#include "mobserver/command/selector.hpp"
#include "mobserver/world/server_mob.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

using Json = nlohmann::ordered_json;

Json block_json(BlockPos p) { return Json::array({p.x, p.y, p.z}); }

template <typename T>
Json place(const brain::Brain& b, brain::MemoryModuleType<T> memory) {
    const T* v = b.find_memory(memory);
    if (!v) return nullptr;
    if constexpr (std::is_same_v<T, GlobalPos>) return block_json(v->pos);
    else if constexpr (std::is_same_v<T, brain::WalkTarget>) return block_json(v->target.block_pos());
    else return block_json(v->block_pos());
}

Json places(Mob& mob, const VanillaContent& vanilla) {
    const brain::Brain* b = mob.brain();
    if (!b) return nullptr;
    const brain::StandardMemories& m = vanilla.memories;
    Json out{{"home", place(*b, m.home)},
             {"job_site", place(*b, m.job_site)},
             {"meeting_point", place(*b, m.meeting_point)},
             {"walk_target", place(*b, m.walk_target)},
             {"look_target", place(*b, m.look_target)}};
    Json path = Json::array();
    std::size_t next = 0;
    if (const Path* p = b->find_memory(m.path)) {
        for (BlockPos n : p->nodes) path.push_back(block_json(n));
        next = p->next_node_index;
    }
    out["path"] = std::move(path);
    out["path_next"] = next;
    return out;
}

// The top block of every loaded column in a square, as palette indices.
Json ground(World& world, BlockPos center, std::int32_t radius) {
    const std::int32_t size = 2 * radius + 1;
    const BlockRegistry& blocks = world.blocks();
    std::map<std::string, int> index;
    Json palette = Json::array();
    Json cells = Json::array();
    for (std::int32_t dz = -radius; dz <= radius; ++dz) {
        for (std::int32_t dx = -radius; dx <= radius; ++dx) {
            const std::int32_t x = center.x + dx, z = center.z + dz;
            if (!world.is_loaded(ChunkPos::of(BlockPos{x, 0, z}))) {
                cells.push_back(-1);
                continue;
            }
            const std::int32_t top = world.height(Heightmap::WorldSurface, x, z) - 1;
            const std::string id = blocks.id_of(world.block_state(BlockPos{x, top, z})).str();
            auto [it, added] = index.emplace(id, static_cast<int>(index.size()));
            if (added) palette.push_back(id);
            cells.push_back(it->second);
        }
    }
    return Json{{"x0", center.x - radius},
                {"z0", center.z - radius},
                {"size", size},
                {"palette", std::move(palette)},
                {"cells", std::move(cells)}};
}

// Who names each POI position in a memory that holds its ticket: home, job site, potential job
// site, meeting point (the mobs' UUIDs, in the world's entity order).
std::map<BlockPos, std::vector<std::string>> poi_owners(World& world, const VanillaContent& vanilla) {
    std::map<BlockPos, std::vector<std::string>> owners;
    const brain::StandardMemories& m = vanilla.memories;
    for (EntityHandle h : world.entities().order()) {
        ServerMob* mob = world.mob(h);
        if (!mob || !mob->is_alive() || !mob->brain()) continue;
        const brain::Brain& b = *mob->brain();
        for (const auto memory : {m.home, m.job_site, m.potential_job_site, m.meeting_point})
            if (const GlobalPos* g = b.find_memory(memory)) owners[g->pos].push_back(mob->uuid().str());
    }
    return owners;
}

}  // namespace

void DebugHistories::observe(World& world, const std::vector<std::string>& watched) {
    for (auto it = histories_.begin(); it != histories_.end();) {
        if (std::find(watched.begin(), watched.end(), it->first) == watched.end()) it = histories_.erase(it);
        else ++it;
    }
    for (const std::string& text : watched) {
        const std::optional<Uuid> uuid = parse_java_uuid(text);
        Entity* entity = uuid ? world.find(*uuid) : nullptr;
        ServerMob* mob = entity ? world.mob(entity->handle()) : nullptr;
        if (!mob || !mob->is_alive()) {
            histories_.erase(text);
            continue;
        }
        histories_.try_emplace(text, capacity).first->second.observe(*mob, world.game_time());
    }
}

const debug::MindHistory* DebugHistories::find(const std::string& uuid) const {
    const auto it = histories_.find(uuid);
    return it == histories_.end() ? nullptr : &it->second;
}

std::string debug_view_message(World& world, const VanillaContent& vanilla, const DebugViewRequest& request) {
    const auto& entity_types = world.registries().entity_types;
    Json mobs = Json::array();
    Json watched = Json::array();
    for (EntityHandle h : world.entities().order()) {
        ServerMob* mob = world.mob(h);
        if (!mob || !mob->is_alive()) continue;
        const Vec3 p = mob->position();
        const std::string uuid = mob->uuid().str();
        mobs.push_back(Json{{"uuid", uuid},
                            {"type", entity_types.id_of(mob->type()).str()},
                            {"x", p.x},
                            {"y", p.y},
                            {"z", p.z},
                            {"yaw", mob->y_rot()}});
        if (std::find(request.watched.begin(), request.watched.end(), uuid) == request.watched.end()) continue;
        const brain::FormatContext context{&world, &entity_types, p};
        Json entry{{"mob", Json::parse(debug::mob_json(*mob, context))}, {"places", places(*mob, vanilla)}};
        if (const debug::MindHistory* h = request.histories ? request.histories->find(uuid) : nullptr)
            entry["history"] = Json::parse(h->json());
        watched.push_back(std::move(entry));
    }
    Json j{{"type", "tick"},
           {"game_time", world.game_time()},
           {"day_time", world.day_time()},
           {"frozen", request.frozen},
           {"mobs", std::move(mobs)}};
    j["watched"] = std::move(watched);
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string debug_area_message(World& world, const VanillaContent& vanilla, const DebugAreaRequest& request) {
    std::vector<PoiRecord> found;
    world.pois().find_closest({}, request.center, request.poi_radius, PoiOccupancy::Any, 2000, found);
    const auto& poi_types = world.registries().poi_types;
    const auto owners = poi_owners(world, vanilla);
    Json pois = Json::array();
    for (const PoiRecord& r : found) {
        const auto o = owners.find(r.pos);
        pois.push_back(Json{{"type", poi_types.id_of(r.type).str()},
                            {"x", r.pos.x},
                            {"y", r.pos.y},
                            {"z", r.pos.z},
                            {"free", r.free_tickets},
                            {"max", poi_types[r.type].max_tickets},
                            {"owners", o == owners.end() ? Json::array() : Json(o->second)}});
    }
    Json j{{"type", "area"}, {"center", block_json(request.center)}, {"pois", std::move(pois)}};
    if (request.ground) j["ground"] = ground(world, request.center, request.ground_radius);
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace mobsdk::server
