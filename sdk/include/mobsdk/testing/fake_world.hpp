// A minimal in-memory Level and Mob: unit-test a behaviour or a sensor without a server. The SDK's
// own tests and benchmarks use it; time is advanced by hand with FakeLevel::tick().
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::testing {

class FakeMob;

/// @brief POIs as a map from position to (type, free tickets, max tickets).
class FakePoiManager final : public PoiManager {
public:
    struct Poi {
        Handle<PoiTypeInfo> type;
        std::int32_t free_tickets;
        std::int32_t max_tickets;
    };
    std::map<BlockPos, Poi> pois;

    void find_closest(std::span<const Handle<PoiTypeInfo>> types, BlockPos center, std::int32_t radius,
                      PoiOccupancy occupancy, std::size_t limit, std::vector<PoiRecord>& out) const override {
        std::vector<std::pair<double, PoiRecord>> found;
        for (const auto& [pos, p] : pois) {
            if (!types.empty() && std::find(types.begin(), types.end(), p.type) == types.end()) continue;
            if (pos.dist_sqr(center) > double(radius) * radius) continue;
            if (occupancy == PoiOccupancy::HasSpace && p.free_tickets <= 0) continue;
            if (occupancy == PoiOccupancy::IsOccupied && p.free_tickets >= p.max_tickets) continue;
            found.push_back({pos.dist_sqr(center), PoiRecord{pos, p.type, p.free_tickets}});
        }
        std::stable_sort(found.begin(), found.end(), [](auto& a, auto& b) { return a.first < b.first; });
        for (std::size_t i = 0; i < found.size() && i < limit; ++i) out.push_back(found[i].second);
    }
    bool take(BlockPos pos) override {
        auto it = pois.find(pos);
        if (it == pois.end() || it->second.free_tickets <= 0) return false;
        --it->second.free_tickets;
        return true;
    }
    bool release(BlockPos pos) override {
        auto it = pois.find(pos);
        if (it == pois.end() || it->second.free_tickets >= it->second.max_tickets) return false;
        ++it->second.free_tickets;
        return true;
    }
    bool exists(BlockPos pos, std::span<const Handle<PoiTypeInfo>> types) const override {
        auto it = pois.find(pos);
        return it != pois.end() &&
               (types.empty() || std::find(types.begin(), types.end(), it->second.type) != types.end());
    }
    std::optional<Handle<PoiTypeInfo>> type_at(BlockPos pos) const override {
        auto it = pois.find(pos);
        if (it == pois.end()) return std::nullopt;
        return it->second.type;
    }
    std::int32_t free_tickets(BlockPos pos) const override {
        auto it = pois.find(pos);
        return it == pois.end() ? 0 : it->second.free_tickets;
    }
};

/// @brief A mob whose controls only record what they were asked.
class FakeMob final : public Mob {
public:
    explicit FakeMob(Uuid uuid, std::uint32_t index = 0) : uuid_(uuid), handle_{index, 1} {}

    Uuid uuid() const override { return uuid_; }
    EntityHandle handle() const override { return handle_; }
    Handle<EntityTypeInfo> type() const override { return type_; }
    Vec3 position() const override { return position_; }
    AABB bounding_box() const override {
        return {{position_.x - 0.3, position_.y, position_.z - 0.3}, {position_.x + 0.3, position_.y + 1.95, position_.z + 0.3}};
    }
    double eye_height() const override { return 1.62; }
    bool is_alive() const override { return alive_; }
    float health() const override { return health_; }
    float max_health() const override { return 20.0f; }
    bool is_baby() const override { return baby_; }
    const ItemStack& equipment(EquipmentSlot slot) const override { return equipment_[static_cast<int>(slot)]; }
    brain::Brain* brain() override { return brain_.get(); }
    void look_at(const Vec3& target, float, float) override { looked_at = target; }
    bool move_to(BlockPos target, double speed, std::int32_t) override {
        move_target = target;
        move_speed = speed;
        return true;
    }
    void stop_navigation() override { move_target.reset(); }
    bool navigation_done() const override { return !move_target.has_value(); }
    void jump() override { ++jumps; }

    // Test controls.
    std::unique_ptr<brain::Brain> brain_;
    Handle<EntityTypeInfo> type_;
    Vec3 position_{};
    bool alive_ = true;
    bool baby_ = false;
    float health_ = 20.0f;
    ItemStack equipment_[6];
    std::optional<Vec3> looked_at;
    std::optional<BlockPos> move_target;
    double move_speed = 0;
    int jumps = 0;

private:
    Uuid uuid_;
    EntityHandle handle_;
};

/// @brief A level with a clock the test advances, a seeded random source and a list of mobs.
class FakeLevel final : public Level {
public:
    explicit FakeLevel(std::int64_t seed = 1) : random_(seed) {}

    std::int64_t game_time() const override { return game_time_; }
    std::int64_t day_time() const override { return day_time_; }
    RandomSource& random() override { return random_; }
    const ResourceLocation& dimension() const override { return dimension_; }
    MemoryExpiry memory_expiry() const override { return expiry_; }
    Entity* resolve(const EntityRef& ref) override { return resolve_mob(ref); }
    Mob* resolve_mob(const EntityRef& ref) override {
        for (FakeMob* m : mobs)
            if (m->uuid() == ref.uuid && m->is_alive()) return m;
        return nullptr;
    }
    void entities_of_type(Handle<EntityTypeInfo> type, const AABB& box, std::vector<EntityRef>& out) override {
        for (FakeMob* m : mobs)
            if (m->is_alive() && m->type() == type && m->bounding_box().intersects(box)) out.push_back(m->ref());
    }
    void entities_in_box(const AABB& box, std::vector<EntityRef>& out) override {
        for (FakeMob* m : mobs)
            if (m->is_alive() && m->bounding_box().intersects(box)) out.push_back(m->ref());
    }
    BlockState block_state(BlockPos) const override { return {}; }
    bool can_see_sky(BlockPos) const override { return true; }
    std::int32_t max_local_raw_brightness(BlockPos) const override { return 15; }
    PoiManager& poi_manager() override { return pois; }

    /// @brief Ticks every mob's brain once, then advances the clocks.
    void tick() {
        for (FakeMob* m : mobs)
            if (m->brain_) m->brain_->tick(*this, *m);
        ++game_time_;
        ++day_time_;
    }

    // Test controls.
    std::int64_t game_time_ = 0;
    std::int64_t day_time_ = 0;
    MemoryExpiry expiry_ = MemoryExpiry::Modern;
    std::vector<FakeMob*> mobs;
    FakePoiManager pois;

private:
    RandomSource random_;
    ResourceLocation dimension_ = ResourceLocation::of("overworld");
};

}  // namespace mobsdk::testing
