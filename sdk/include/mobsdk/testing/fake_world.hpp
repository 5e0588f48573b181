// A minimal in-memory Level and Mob: unit-test a behaviour or a sensor without a server. The SDK's
// own tests and benchmarks use it; time is advanced by hand with FakeLevel::tick().
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <span>
#include <string>
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
    std::int32_t sections_to_village(BlockPos pos) const override {
        std::int32_t best = 7;
        for (const auto& [p, poi] : pois) {
            (void)poi;
            const std::int32_t d = std::max({std::abs((p.x >> 4) - (pos.x >> 4)), std::abs((p.y >> 4) - (pos.y >> 4)),
                                             std::abs((p.z >> 4) - (pos.z >> 4))});
            best = std::min(best, d);
        }
        return best;
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

/// @brief Navigation that records the request instead of walking: the path is the straight
/// line's end node, and it is "done" once stopped.
class FakeNavigation final : public PathNavigation {
public:
    std::optional<Path> create_path(BlockPos target, std::int32_t reach) override {
        last_reach = reach;
        return Path::make({target}, target, true);
    }
    std::optional<Path> create_path(const Entity& target, std::int32_t reach) override {
        return create_path(target.block_position(), reach);
    }
    /// @brief The first target (a fake has no terrain to choose by).
    std::optional<Path> create_path(std::span<const BlockPos> targets, std::int32_t reach) override {
        if (targets.empty()) return std::nullopt;
        return create_path(targets.front(), reach);
    }
    bool is_stuck() const override { return stuck; }
    bool move_to(std::optional<Path> path, double speed) override {
        if (!path || path->is_done()) return false;
        path_ = std::move(path);
        speed_ = speed;
        return true;
    }
    void stop() override { path_.reset(); }
    bool is_done() const override { return !path_.has_value(); }
    const Path* path() const override { return path_ ? &*path_ : nullptr; }
    void set_speed_modifier(double speed) override { speed_ = speed; }
    bool is_stable_destination(BlockPos) const override { return true; }
    void set_avoid_sun(bool avoid) override { avoid_sun = avoid; }
    void set_can_open_doors(bool can) override { can_open_doors = can; }

    /// @brief The target of the current path.
    std::optional<BlockPos> target() const { return path_ ? std::optional<BlockPos>(path_->target) : std::nullopt; }
    /// @brief The speed modifier of the current path.
    double speed() const { return speed_; }
    std::int32_t last_reach = 0;  ///< reach of the last create_path
    bool avoid_sun = false;       ///< last set_avoid_sun
    bool can_open_doors = false;  ///< last set_can_open_doors
    bool stuck = false;           ///< what is_stuck() answers

private:
    std::optional<Path> path_;
    double speed_ = 0;
};

/// @brief Move, look and jump controls that record what they were asked.
class FakeControls final : public MoveControl, public LookControl, public JumpControl {
public:
    void set_wanted_position(const Vec3& pos, double speed) override {
        wanted_ = pos;
        speed_ = speed;
        op_ = Operation::MoveTo;
    }
    void strafe(float forward, float right) override {
        strafe_forward = forward;
        strafe_right = right;
        op_ = Operation::Strafe;
    }
    Operation operation() const override { return op_; }
    Vec3 wanted_position() const override { return wanted_; }
    double speed_modifier() const override { return speed_; }
    using LookControl::set_look_at;
    void set_look_at(const Vec3& pos, float, float) override { looked_at = pos; }
    void set_look_at(const Entity& target, float y, float x) override { set_look_at(target.eye_position(), y, x); }
    bool is_looking_at_target() const override { return looked_at.has_value(); }
    Vec3 wanted() const override { return looked_at.value_or(Vec3{}); }
    void jump() override { ++jumps; }
    bool wants_to_jump() const override { return jumps > 0; }

    std::optional<Vec3> looked_at;               ///< last look target
    int jumps = 0;                               ///< jump requests
    float strafe_forward = 0, strafe_right = 0;  ///< last strafe

private:
    Vec3 wanted_{};
    double speed_ = 0;
    Operation op_ = Operation::Wait;
};

/// @brief A mob whose controls only record what they were asked.
class FakeMob final : public Mob {
public:
    explicit FakeMob(Uuid uuid, std::uint32_t index = 0) : uuid_(uuid), handle_{index, 1} {
        for (std::size_t i = 0; i < path_type_count; ++i) malus_[i] = default_malus(static_cast<PathType>(i));
    }

    Uuid uuid() const override { return uuid_; }
    EntityHandle handle() const override { return handle_; }
    Handle<EntityTypeInfo> type() const override { return type_; }
    Vec3 position() const override { return position_; }
    AABB bounding_box() const override {
        return {{position_.x - 0.3, position_.y, position_.z - 0.3},
                {position_.x + 0.3, position_.y + 1.95, position_.z + 0.3}};
    }
    double eye_height() const override { return 1.62; }
    bool is_alive() const override { return alive_; }
    Vec3 motion() const override { return motion_; }
    void push(const Vec3& delta) override { motion_ = motion_ + delta; }
    bool is_aggressive() const override { return aggressive_; }
    void set_aggressive(bool aggressive) override { aggressive_ = aggressive; }
    /// @brief Records the event in entity_events.
    void broadcast_entity_event(std::int8_t event) override { entity_events.push_back(event); }
    /// @brief Every event broadcast_entity_event was given, oldest first.
    std::vector<std::int8_t> entity_events;
    /// @brief Records the hand in swings.
    void swing(InteractionHand hand) override { swings.push_back(hand); }
    /// @brief Every hand swing was given, oldest first.
    std::vector<InteractionHand> swings;
    float y_rot() const override { return 0; }
    float x_rot() const override { return 0; }
    bool on_ground() const override { return true; }
    bool in_water() const override { return false; }
    bool has_tag(std::string_view) const override { return false; }
    bool is_invulnerable() const override { return invulnerable_; }
    float health() const override { return health_; }
    float max_health() const override { return static_cast<float>(attributes_[0]); }
    void set_health(float h) override {
        health_ = h < 0 ? 0 : (h > max_health() ? max_health() : h);
        if (health_ <= 0) alive_ = false;
    }
    double attribute_base(Attribute a) const override { return attributes_[static_cast<std::size_t>(a)]; }
    void set_attribute_base(Attribute a, double v) override { attributes_[static_cast<std::size_t>(a)] = v; }
    float dimension_scale() const override { return scale_; }
    void set_dimension_scale(float s) override {
        if (s > 0 && s <= 64) scale_ = s;
    }
    bool is_baby() const override { return baby_; }
    const ItemStack& equipment(EquipmentSlot slot) const override { return equipment_[static_cast<int>(slot)]; }
    void set_equipment(EquipmentSlot slot, ItemStack item) override {
        equipment_[static_cast<int>(slot)] = std::move(item);
    }
    brain::Brain* brain() override { return brain_.get(); }
    goal::GoalSelector* goal_selector() override { return nullptr; }
    goal::GoalSelector* target_selector() override { return nullptr; }
    std::optional<EntityRef> target() const override { return target_; }
    void set_target(std::optional<EntityRef> t) override { target_ = t; }
    void request_brain_refresh() override { ++brain_refresh_requests; }
    MobAttachment* attachment() override { return attachment_.get(); }
    std::optional<BlockPos> sleeping_pos() const override { return sleeping_pos_; }
    void start_sleeping(BlockPos bed) override { sleeping_pos_ = bed; }
    void stop_sleeping() override { sleeping_pos_.reset(); }
    bool hurt(const ResourceLocation& type, float amount, const Entity* attacker) override {
        health_ -= amount;
        if (health_ <= 0) alive_ = false;
        last_hurt_ = HurtRecord{type, attacker ? std::optional<EntityRef>(attacker->ref()) : std::nullopt, 0};
        if (dynamic_cast<const Player*>(attacker) != nullptr) last_hurt_by_player_ = last_hurt_;
        return true;
    }
    std::optional<HurtRecord> last_hurt() const override { return last_hurt_; }
    std::optional<HurtRecord> last_hurt_by_mob() const override {
        return last_hurt_ && last_hurt_->attacker ? last_hurt_ : std::nullopt;
    }
    std::optional<HurtRecord> last_hurt_by_player() const override { return last_hurt_by_player_; }
    bool is_on_fire() const override { return on_fire; }
    bool on_fire = false;  ///< what is_on_fire() answers
    PathNavigation& navigation() override { return nav; }
    MoveControl& move_control() override { return controls; }
    LookControl& look_control() override { return controls; }
    JumpControl& jump_control() override { return controls; }
    bool has_line_of_sight(const Entity&) override { return true; }
    float pathfinding_malus(PathType t) const override { return malus_[static_cast<std::size_t>(t)]; }
    void set_pathfinding_malus(PathType t, float m) override { malus_[static_cast<std::size_t>(t)] = m; }
    float walk_target_value(BlockPos) const override { return 0.0f; }
    double movement_speed() const override { return attributes_[static_cast<std::size_t>(Attribute::MovementSpeed)]; }
    double follow_range() const override { return attributes_[static_cast<std::size_t>(Attribute::FollowRange)]; }
    bool has_restriction() const override { return false; }
    BlockPos restrict_center() const override { return {}; }
    float restrict_radius() const override { return -1.0f; }
    void restrict_to(BlockPos, std::int32_t) override {}
    std::optional<std::string> custom_name() const override { return custom_name_; }
    void set_custom_name(std::optional<std::string> name) override { custom_name_ = std::move(name); }
    bool is_no_ai() const override { return no_ai_; }
    void set_no_ai(bool no_ai) override { no_ai_ = no_ai; }
    void set_invulnerable(bool invulnerable) override { invulnerable_ = invulnerable; }

    // Test controls.
    std::unique_ptr<brain::Brain> brain_;
    std::unique_ptr<MobAttachment> attachment_;
    std::optional<EntityRef> target_;
    std::optional<BlockPos> sleeping_pos_;
    int brain_refresh_requests = 0;  ///< request_brain_refresh calls
    Handle<EntityTypeInfo> type_;
    Vec3 position_{};
    Vec3 motion_{};  ///< what push added
    bool aggressive_ = false;
    bool alive_ = true;
    bool no_ai_ = false;
    bool invulnerable_ = false;
    std::optional<std::string> custom_name_;
    bool baby_ = false;
    float health_ = 20.0f;
    double attributes_[attribute_count] = {20.0, 0.25, 16.0, 2.0};  ///< max health, speed, follow range, damage
    float scale_ = 1.0f;
    std::optional<HurtRecord> last_hurt_;
    std::optional<HurtRecord> last_hurt_by_player_;
    ItemStack equipment_[6];
    FakeNavigation nav;
    FakeControls controls;

private:
    Uuid uuid_;
    EntityHandle handle_;
    float malus_[path_type_count]{};
};

/// @brief A player a test places and sets: its name, game mode, position and health.
class FakePlayer final : public Player {
public:
    /// @brief A survival player named `name`.
    explicit FakePlayer(Uuid uuid, std::string name = "tester", std::uint32_t index = 1000)
        : uuid_(uuid), handle_{index, 1}, name_(std::move(name)) {}

    Uuid uuid() const override { return uuid_; }
    EntityHandle handle() const override { return handle_; }
    Handle<EntityTypeInfo> type() const override { return type_; }
    Vec3 position() const override { return position_; }
    AABB bounding_box() const override {
        return {{position_.x - 0.3, position_.y, position_.z - 0.3},
                {position_.x + 0.3, position_.y + 1.8, position_.z + 0.3}};
    }
    double eye_height() const override { return 1.62; }
    bool is_alive() const override { return health_ > 0; }
    Vec3 motion() const override { return motion_; }
    void push(const Vec3& delta) override { motion_ = motion_ + delta; }
    float y_rot() const override { return 0; }
    float x_rot() const override { return 0; }
    bool on_ground() const override { return true; }
    bool in_water() const override { return false; }
    bool has_tag(std::string_view) const override { return false; }
    bool is_invulnerable() const override { return has_invulnerable_ability(); }
    std::string_view name() const override { return name_; }
    GameMode game_mode() const override { return game_mode_; }
    float health() const override { return health_; }
    float max_health() const override { return 20.0f; }
    void set_health(float h) override { health_ = h < 0 ? 0 : (h > 20 ? 20 : h); }
    bool hurt(const ResourceLocation& type, float amount, const Entity* attacker) override {
        if (is_invulnerable() || health_ <= 0) return false;
        set_health(health_ - amount);
        last_hurt_ = HurtRecord{type, attacker ? std::optional<EntityRef>(attacker->ref()) : std::nullopt, 0};
        if (attacker) last_hurt_by_mob_ = last_hurt_;
        return true;
    }
    std::optional<HurtRecord> last_hurt() const override { return last_hurt_; }
    std::optional<HurtRecord> last_hurt_by_mob() const override { return last_hurt_by_mob_; }
    std::optional<HurtRecord> last_hurt_by_player() const override { return std::nullopt; }
    bool is_on_fire() const override { return false; }
    const ItemStack& equipment(EquipmentSlot slot) const override { return equipment_[static_cast<int>(slot)]; }
    // The inventory: what it holds and wears, and a bag of other stacks (`items`, no slot order).
    std::int32_t count_item(const ResourceLocation& item) const override {
        std::int32_t n = 0;
        for (const ItemStack& s : equipment_) n += !s.empty() && s.item == item ? s.count : 0;
        for (const ItemStack& s : items) n += !s.empty() && s.item == item ? s.count : 0;
        return n;
    }
    std::int32_t remove_items(const ResourceLocation& item, std::int32_t count) override {
        std::int32_t taken = 0;
        auto take = [&](ItemStack& s) {
            if (s.empty() || !(s.item == item) || taken >= count) return;
            const std::int32_t n = s.count < count - taken ? s.count : count - taken;
            s.count -= n;
            taken += n;
        };
        for (ItemStack& s : items) take(s);
        for (ItemStack& s : equipment_) take(s);
        return taken;
    }
    /// @brief Into the main hand when it is empty or holds the same item (vanilla's Inventory.add
    /// tops up the selected slot first), else into `items`; everything fits.
    ItemStack add_item(ItemStack stack) override {
        if (stack.empty()) return {};
        ItemStack& hand = equipment_[0];
        if (hand.empty()) hand = stack;
        else if (hand.item == stack.item) hand.count += stack.count;
        else items.push_back(stack);
        return {};
    }
    void set_item_slot(EquipmentSlot slot, ItemStack stack) override { equipment_[static_cast<int>(slot)] = stack; }
    /// @brief Records the screen (merchant_menu, merchant_trader, merchant_title); opens it.
    bool open_merchant_menu(Merchant& merchant, const Entity& trader, std::string_view title_key) override {
        merchant_menu = &merchant;
        merchant_trader = trader.ref();
        merchant_title = std::string(title_key);
        return true;
    }

    // Test controls.
    Merchant* merchant_menu = nullptr;         ///< the merchant whose screen was opened last
    std::optional<EntityRef> merchant_trader;  ///< its mob
    std::string merchant_title;                ///< the screen's title key
    Handle<EntityTypeInfo> type_;
    Vec3 position_{};
    Vec3 motion_{};  ///< what push added
    GameMode game_mode_ = GameMode::Survival;
    float health_ = 20.0f;
    std::optional<HurtRecord> last_hurt_;
    std::optional<HurtRecord> last_hurt_by_mob_;
    ItemStack equipment_[6];
    std::vector<ItemStack> items;  ///< the rest of the inventory (what add_item did not put in the hand)

private:
    Uuid uuid_;
    EntityHandle handle_;
    std::string name_;
};

/// @brief A level with a clock the test advances, a seeded random source, a list of mobs, and
/// nothing but air (sky light 15 everywhere).
class FakeLevel final : public Level {
public:
    explicit FakeLevel(std::int64_t seed = 1) : random_(seed) {}

    std::int64_t game_time() const override { return game_time_; }
    std::int64_t day_time() const override { return day_time_; }
    RandomSource& random() override { return random_; }
    const ResourceLocation& dimension() const override { return dimension_; }
    MemoryExpiry memory_expiry() const override { return expiry_; }
    Entity* resolve(const EntityRef& ref) override { return resolve_living(ref); }
    Mob* resolve_mob(const EntityRef& ref) override {
        for (FakeMob* m : mobs)
            if (m->uuid() == ref.uuid && m->is_alive()) return m;
        return nullptr;
    }
    LivingEntity* resolve_living(const EntityRef& ref) override {
        if (Mob* m = resolve_mob(ref)) return m;
        return resolve_player(ref);
    }
    Player* resolve_player(const EntityRef& ref) override {
        for (Player* p : players_)
            if (p->uuid() == ref.uuid) return p;
        return nullptr;
    }
    std::span<Player* const> players() override { return players_; }
    void entities_of_type(Handle<EntityTypeInfo> type, const AABB& box, std::vector<EntityRef>& out) override {
        for (FakeMob* m : mobs)
            if (m->is_alive() && m->type() == type && m->bounding_box().intersects(box)) out.push_back(m->ref());
        for (Player* p : players_)
            if (p->type() == type && p->bounding_box().intersects(box)) out.push_back(p->ref());
    }
    void entities_in_box(const AABB& box, std::vector<EntityRef>& out) override {
        for (FakeMob* m : mobs)
            if (m->is_alive() && m->bounding_box().intersects(box)) out.push_back(m->ref());
        for (Player* p : players_)
            if (p->bounding_box().intersects(box)) out.push_back(p->ref());
    }
    std::optional<EntityRef> drop_item(const Vec3& pos, const ItemStack& item, const Vec3&) override {
        dropped.push_back({pos, item});
        return std::nullopt;
    }
    ItemStack pick_up_item(const EntityRef&, std::int32_t) override { return {}; }
    Mob* summon_mob(Handle<EntityTypeInfo>, const Vec3&, float) override { return nullptr; }
    std::optional<EntityRef> shoot_arrow(Mob&, const Vec3&, const Vec3&, float, float, double) override {
        return std::nullopt;
    }
    bool no_collision(const AABB&) const override { return true; }
    const BlockRegistry& blocks() const override { return blocks_; }
    BlockState block_state(BlockPos) const override { return {}; }
    bool set_block(BlockPos, BlockState) override { return false; }
    std::int32_t min_build_height() const override { return -64; }
    std::int32_t max_build_height() const override { return 320; }
    std::int32_t height(Heightmap, std::int32_t, std::int32_t) const override { return -64; }
    bool can_see_sky(BlockPos) const override { return true; }
    std::int32_t brightness(LightLayer layer, BlockPos) const override { return layer == LightLayer::Sky ? 15 : 0; }
    std::int32_t sky_darken() const override { return sky_darken_; }
    float ambient_light() const override { return 0.0f; }
    Difficulty difficulty() const override { return difficulty_; }
    std::optional<BlockHit> clip(const Vec3&, const Vec3&) const override { return std::nullopt; }
    PathType path_type(BlockPos) const override { return PathType::Open; }
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
    std::int32_t sky_darken_ = 0;
    Difficulty difficulty_ = Difficulty::Normal;
    MemoryExpiry expiry_ = MemoryExpiry::Modern;
    std::vector<FakeMob*> mobs;
    std::vector<Player*> players_;  ///< what players() answers (FakePlayers, say)
    FakePoiManager pois;
    std::vector<std::pair<Vec3, ItemStack>> dropped;  ///< drop_item calls

private:
    RandomSource random_;
    ResourceLocation dimension_ = ResourceLocation::of("overworld");
    BlockRegistry blocks_;  // air only
};

}  // namespace mobsdk::testing
