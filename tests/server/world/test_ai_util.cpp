// Tests for the SDK's world-level AI helpers (mobsdk/world/ai_util.hpp): light-based walk-target
// values, line of sight, TargetingConditions and the RandomPos family: first against test
// doubles, then in the reference world (WorldHarness).
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <functional>
#include <unordered_map>

#include "mobsdk/testing/fake_world.hpp"
#include "mobsdk/world/ai_util.hpp"
#include "mobserver/world/harness.hpp"

namespace {

using namespace mobsdk;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

// Navigation with vanilla's ground rule for stable destinations (the block below is
// solid-render); with no level every destination is stable.
class RuleNavigation final : public PathNavigation {
public:
    std::optional<Path> create_path(BlockPos target, std::int32_t) override {
        return Path::make({target}, target, true);
    }
    std::optional<Path> create_path(const Entity& target, std::int32_t r) override {
        return create_path(target.block_position(), r);
    }
    std::optional<Path> create_path(std::span<const BlockPos>, std::int32_t) override { return std::nullopt; }
    bool is_stuck() const override { return false; }
    bool move_to(std::optional<Path>, double) override { return false; }
    void stop() override {}
    bool is_done() const override { return true; }
    const Path* path() const override { return nullptr; }
    void set_speed_modifier(double) override {}
    bool is_stable_destination(BlockPos pos) const override {
        return level == nullptr || level->block_info({pos.x, pos.y - 1, pos.z}).solid_render;
    }
    void set_avoid_sun(bool) override {}
    void set_can_open_doors(bool) override {}
    const Level* level = nullptr;  ///< whose blocks decide stability
};

// A mob whose invulnerability, visibility, sight, restriction and walk-target value a test sets;
// FakeMob is final and fixes those, so this one forwards the rest to one.
class TestMob final : public Mob {
public:
    explicit TestMob(std::uint64_t id) : inner_(Uuid{0, id}, static_cast<std::uint32_t>(id)) {
        for (std::size_t i = 0; i < path_type_count; ++i) malus_[i] = default_malus(static_cast<PathType>(i));
    }
    Uuid uuid() const override { return inner_.uuid(); }
    EntityHandle handle() const override { return inner_.handle(); }
    Handle<EntityTypeInfo> type() const override { return {}; }
    Vec3 position() const override { return pos; }
    AABB bounding_box() const override {
        return {{pos.x - 0.3, pos.y, pos.z - 0.3}, {pos.x + 0.3, pos.y + 1.95, pos.z + 0.3}};
    }
    double eye_height() const override { return 1.74; }
    bool is_alive() const override { return alive; }
    Vec3 motion() const override { return {}; }
    void push(const Vec3&) override {}
    float y_rot() const override { return 0; }
    float x_rot() const override { return 0; }
    bool on_ground() const override { return true; }
    bool in_water() const override { return false; }
    bool has_tag(std::string_view) const override { return false; }
    bool can_be_seen_by_anyone() const override { return alive && seen_by_anyone; }
    bool is_invulnerable() const override { return invulnerable; }
    double visibility_percent(const Entity*) const override { return visibility; }
    float health() const override { return 20; }
    float max_health() const override { return 20; }
    void set_health(float) override {}
    double attribute_base(Attribute a) const override { return inner_.attribute_base(a); }
    void set_attribute_base(Attribute, double) override {}
    float dimension_scale() const override { return 1.0f; }
    void set_dimension_scale(float) override {}
    bool is_baby() const override { return false; }
    const ItemStack& equipment(EquipmentSlot s) const override { return inner_.equipment(s); }
    void set_equipment(EquipmentSlot s, ItemStack item) override { inner_.set_equipment(s, std::move(item)); }
    brain::Brain* brain() override { return nullptr; }
    goal::GoalSelector* goal_selector() override { return nullptr; }
    goal::GoalSelector* target_selector() override { return nullptr; }
    std::optional<EntityRef> target() const override { return std::nullopt; }
    void set_target(std::optional<EntityRef>) override {}
    void request_brain_refresh() override {}
    MobAttachment* attachment() override { return nullptr; }
    std::optional<BlockPos> sleeping_pos() const override { return std::nullopt; }
    void start_sleeping(BlockPos) override {}
    void stop_sleeping() override {}
    bool hurt(const ResourceLocation&, float, const Entity*) override { return false; }
    std::optional<HurtRecord> last_hurt() const override { return std::nullopt; }
    std::optional<HurtRecord> last_hurt_by_mob() const override { return std::nullopt; }
    std::optional<HurtRecord> last_hurt_by_player() const override { return std::nullopt; }
    bool is_on_fire() const override { return false; }
    PathNavigation& navigation() override { return nav; }
    MoveControl& move_control() override { return inner_.controls; }
    LookControl& look_control() override { return inner_.controls; }
    JumpControl& jump_control() override { return inner_.controls; }
    bool has_line_of_sight(const Entity&) override {
        ++sight_checks;
        return sight;
    }
    float pathfinding_malus(PathType t) const override { return malus_[static_cast<std::size_t>(t)]; }
    void set_pathfinding_malus(PathType t, float m) override { malus_[static_cast<std::size_t>(t)] = m; }
    float walk_target_value(BlockPos p) const override { return walk_value ? walk_value(p) : 0.0f; }
    double movement_speed() const override { return 0.23; }
    double follow_range() const override { return 35; }
    bool has_restriction() const override { return restrict_radius_ != -1.0f; }
    BlockPos restrict_center() const override { return restrict_center_; }
    float restrict_radius() const override { return restrict_radius_; }
    void restrict_to(BlockPos c, std::int32_t r) override {
        restrict_center_ = c;
        restrict_radius_ = r < 0 ? -1.0f : static_cast<float>(r);
    }
    std::optional<std::string> custom_name() const override { return std::nullopt; }
    void set_custom_name(std::optional<std::string>) override {}
    bool is_no_ai() const override { return false; }
    void set_no_ai(bool) override {}
    void set_invulnerable(bool) override {}
    bool is_aggressive() const override { return false; }
    void set_aggressive(bool) override {}
    void broadcast_entity_event(std::int8_t) override {}
    void swing(InteractionHand) override {}

    Vec3 pos{0.5, 64, 0.5};
    bool alive = true;
    bool seen_by_anyone = true;
    bool invulnerable = false;
    double visibility = 1.0;
    bool sight = true;
    int sight_checks = 0;
    std::function<float(BlockPos)> walk_value;  // a test double: never on a hot path
    RuleNavigation nav;

private:
    FakeMob inner_;
    float malus_[path_type_count]{};
    BlockPos restrict_center_{};
    float restrict_radius_ = -1.0f;
};

// A level of a few hand-registered blocks in a hash map: sky light 15 where nothing is above,
// else 0; block light a uniform value a test sets; path types reduced to what these tests need
// (water, blocked inside a block with collision, walkable above one, else open).
class GridLevel final : public Level {
public:
    explicit GridLevel(std::int64_t seed = 7) : random_(seed) {
        stone = add("minecraft:stone", full_block(PathType::Blocked));
        grass = add("minecraft:grass_block", full_block(PathType::Blocked));
        // Not minecraft:grass_block: the Animal rule compares ids, so a look-alike must not count.
        fake_grass = add("example:grass_block", full_block(PathType::Blocked));
        BlockStateInfo slab = full_block(PathType::Blocked);
        slab.collision = BlockShape::of({0, 0.5f, 0, 1, 1, 1});
        slab.solid_render = false;
        top_slab = add("minecraft:stone_slab", slab);
        BlockStateInfo water_info;
        water_info.fluid = Fluid::Water;
        water_info.path_type = PathType::Water;
        water_info.replaceable = true;
        water_info.light_block = 1;
        water = add("minecraft:water", water_info);
    }

    void set(BlockPos p, BlockState s) { grid_[p] = s; }
    void fill(BlockPos a, BlockPos b, BlockState s) {
        for (std::int32_t x = a.x; x <= b.x; ++x)
            for (std::int32_t y = a.y; y <= b.y; ++y)
                for (std::int32_t z = a.z; z <= b.z; ++z) grid_[{x, y, z}] = s;
    }

    std::int64_t game_time() const override { return 0; }
    std::int64_t day_time() const override { return 6000; }
    RandomSource& random() override { return random_; }
    const ResourceLocation& dimension() const override { return dimension_; }
    MemoryExpiry memory_expiry() const override { return MemoryExpiry::Modern; }
    Entity* resolve(const EntityRef&) override { return nullptr; }
    Mob* resolve_mob(const EntityRef&) override { return nullptr; }
    LivingEntity* resolve_living(const EntityRef&) override { return nullptr; }
    Player* resolve_player(const EntityRef&) override { return nullptr; }
    std::span<Player* const> players() override { return {}; }
    void entities_of_type(Handle<EntityTypeInfo>, const AABB&, std::vector<EntityRef>&) override {}
    void entities_in_box(const AABB&, std::vector<EntityRef>&) override {}
    std::optional<EntityRef> drop_item(const Vec3&, const ItemStack&, const Vec3&) override { return std::nullopt; }
    ItemStack pick_up_item(const EntityRef&, std::int32_t) override { return {}; }
    Mob* summon_mob(Handle<EntityTypeInfo>, const Vec3&, float) override { return nullptr; }
    std::optional<EntityRef> shoot_arrow(Mob&, const Vec3&, const Vec3&, float, float, double) override {
        return std::nullopt;
    }
    bool no_collision(const AABB&) const override { return true; }
    const BlockRegistry& blocks() const override { return registry_; }
    BlockState block_state(BlockPos p) const override {
        auto it = grid_.find(p);
        return it == grid_.end() ? BlockState{} : it->second;
    }
    bool set_block(BlockPos, BlockState) override { return false; }
    std::int32_t min_build_height() const override { return -64; }
    std::int32_t max_build_height() const override { return 320; }
    std::int32_t height(Heightmap, std::int32_t, std::int32_t) const override { return -64; }
    bool can_see_sky(BlockPos p) const override {
        for (const auto& [q, s] : grid_)
            if (q.x == p.x && q.z == p.z && q.y > p.y && s.id != 0) return false;
        return true;
    }
    std::int32_t brightness(LightLayer layer, BlockPos p) const override {
        return layer == LightLayer::Sky ? (can_see_sky(p) ? 15 : 0) : block_light;
    }
    std::int32_t sky_darken() const override { return 0; }
    float ambient_light() const override { return 0.0f; }
    Difficulty difficulty() const override { return Difficulty::Normal; }
    std::optional<BlockHit> clip(const Vec3&, const Vec3&) const override { return std::nullopt; }
    PathType path_type(BlockPos p) const override {
        const BlockStateInfo& here = block_info(p);
        if (here.fluid == Fluid::Water) return PathType::Water;
        if (!here.collision.is_empty()) return PathType::Blocked;
        return block_info({p.x, p.y - 1, p.z}).collision.is_empty() ? PathType::Open : PathType::Walkable;
    }
    PoiManager& poi_manager() override { return pois_; }

    BlockState stone, grass, fake_grass, top_slab, water;
    std::int32_t block_light = 0;

private:
    static BlockStateInfo full_block(PathType type) {
        BlockStateInfo s;
        s.collision = BlockShape::full();
        s.can_occlude = s.solid_render = s.solid = s.blocks_motion = true;
        s.light_block = 15;
        s.path_type = type;
        return s;
    }
    BlockState add(std::string_view id, BlockStateInfo info) {
        BlockDefinition def;
        def.make_state = [info](const BlockStateView&) { return info; };
        return registry_.default_state(registry_.register_block(ResourceLocation::of(id), std::move(def)));
    }

    BlockRegistry registry_;
    std::unordered_map<BlockPos, BlockState> grid_;
    RandomSource random_;
    ResourceLocation dimension_ = ResourceLocation::of("overworld");
    testing::FakePoiManager pois_;
};

// The seed-004 closed form of a Monster's walk-target value for ambient light a and light b.
double seed_formula(double a, double b) { return (8 * a * b - 120 * a - 5 * b + 60) / (120 - 6 * b); }

// True when two random sources will produce the same next values.
bool same_state(RandomSource a, RandomSource b) {
    return a.next_long() == b.next_long() && a.next_long() == b.next_long();
}

BlockPos floor_pos(double x, double y, double z) {
    return {static_cast<std::int32_t>(std::floor(x)), static_cast<std::int32_t>(std::floor(y)),
            static_cast<std::int32_t>(std::floor(z))};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(ai_util)

// --- Light -----------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(brightness_table_overworld_and_nether) {
    // f = l/15, g = f/(4 − 3f) = l/(60 − 3l), then lerp(ambient, g, 1).
    for (std::int32_t l = 0; l <= 15; ++l) {
        const double g = l / (60.0 - 3.0 * l);
        BOOST_TEST(std::abs(brightness_from_light(0.0f, l) - g) < 1e-6, "light " << l);
        BOOST_TEST(std::abs(brightness_from_light(0.1f, l) - (0.1 + 0.9 * g)) < 1e-6, "light " << l);
    }
    BOOST_TEST(brightness_from_light(0.0f, 0) == 0.0f);
    BOOST_TEST(brightness_from_light(0.0f, 15) == 1.0f);
    BOOST_TEST(brightness_from_light(0.1f, 0) == 0.1f);
    BOOST_TEST(brightness_from_light(0.1f, 15) == 1.0f);
    BOOST_TEST(std::abs(brightness_from_light(0.0f, 7) - 7.0 / 39.0) < 1e-7);
    // In real numbers light 12 gives exactly 0.5, the Monster break-even; vanilla's float
    // arithmetic lands one ulp above, so a monster's value there is just below zero.
    BOOST_TEST(brightness_from_light(0.0f, 12) == std::nextafter(0.5f, 1.0f));
}

BOOST_AUTO_TEST_CASE(monster_walk_target_matches_seed_formula) {
    FakeLevel level;
    const BlockPos pos{3, 70, -2};
    for (std::int32_t b = 0; b <= 15; ++b) {
        level.sky_darken_ = 15 - b;  // FakeLevel: sky light 15, no block light
        BOOST_TEST_REQUIRE(level.max_local_raw_brightness(pos) == b);
        const float value = walk_target_value(level, WalkTargetKind::Monster, pos);
        BOOST_TEST(std::abs(value - seed_formula(0.0, b)) < 1e-6);
        BOOST_TEST(std::abs(value - 5.0 * (12 - b) / (120.0 - 6 * b)) < 1e-6);
        BOOST_TEST(value == -path_cost_from_light_levels(level, pos));
        // Negative (what FleeSunGoal wants) from light 12 up: 12 only by float rounding.
        BOOST_TEST((value < 0.0f) == (b >= 12), "light " << b);
    }
    for (double a : {0.1, 0.5, 1.0})
        for (std::int32_t b = 0; b <= 15; ++b)
            BOOST_TEST(std::abs(0.5 - brightness_from_light(static_cast<float>(a), b) - seed_formula(a, b)) < 1e-6,
                       "ambient " << a << " light " << b);
}

BOOST_AUTO_TEST_CASE(default_and_animal_walk_targets) {
    FakeLevel level;
    level.sky_darken_ = 5;  // light 10
    const BlockPos pos{0, 64, 0};
    BOOST_TEST(walk_target_value(level, WalkTargetKind::Default, pos) == 0.0f);
    // Not on grass: an animal takes the light cost itself, brighter is better.
    BOOST_TEST(walk_target_value(level, WalkTargetKind::Animal, pos) == path_cost_from_light_levels(level, pos));
    BOOST_TEST(walk_target_value(level, WalkTargetKind::Animal, pos) ==
               -walk_target_value(level, WalkTargetKind::Monster, pos));

    GridLevel grid;
    grid.set({0, 63, 0}, grid.grass);
    grid.set({1, 63, 0}, grid.stone);
    grid.set({2, 63, 0}, grid.fake_grass);
    BOOST_TEST(walk_target_value(grid, WalkTargetKind::Animal, {0, 64, 0}) == 10.0f);
    BOOST_TEST(walk_target_value(grid, WalkTargetKind::Animal, {1, 64, 0}) == 0.5f);  // sky 15: 1 − 0.5
    BOOST_TEST(walk_target_value(grid, WalkTargetKind::Animal, {2, 64, 0}) == 0.5f);
    BOOST_TEST(walk_target_value(grid, WalkTargetKind::Animal, {0, 65, 0}) == 0.5f);    // grass two below
    BOOST_TEST(walk_target_value(grid, WalkTargetKind::Monster, {0, 64, 0}) == -0.5f);  // grass means nothing
}

BOOST_AUTO_TEST_CASE(light_beyond_the_world_limit_counts_as_15) {
    FakeLevel level;
    level.sky_darken_ = 11;  // night: light 4 inside the world
    BOOST_TEST(path_cost_from_light_levels(level, {0, 64, 0}) == brightness_from_light(0, 4) - 0.5f);
    BOOST_TEST(path_cost_from_light_levels(level, {30'000'000, 64, 0}) == 0.5f);
    BOOST_TEST(path_cost_from_light_levels(level, {0, 64, -30'000'001}) == 0.5f);
    BOOST_TEST(path_cost_from_light_levels(level, {29'999'999, 64, -30'000'000}) == brightness_from_light(0, 4) - 0.5f);
}

// --- Line of sight ---------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(line_of_sight_ends_at_128_blocks) {
    FakeLevel level;  // clip never hits
    FakeMob a(Uuid{0, 1}, 1), b(Uuid{0, 2}, 2);
    a.position_ = {0, 64, 0};
    b.position_ = {128, 64, 0};
    BOOST_TEST(has_line_of_sight(level, a, b));  // exactly 128 between the eyes
    b.position_ = {128.001, 64, 0};
    BOOST_TEST(!has_line_of_sight(level, a, b));
    b.position_ = {90, 64 + 90, 0};  // 127.3 diagonally
    BOOST_TEST(has_line_of_sight(level, a, b));
    b.position_ = {0, 64 + 129, 0};
    BOOST_TEST(!has_line_of_sight(level, a, b));
}

// --- TargetingConditions ---------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(targeting_never_the_observer_itself) {
    FakeLevel level;
    TestMob mob(1);
    BOOST_TEST(!TargetingConditions::for_non_combat().test(level, &mob, mob));
    BOOST_TEST(!TargetingConditions::for_combat().test(level, &mob, mob));
    BOOST_TEST(mob.sight_checks == 0);
}

BOOST_AUTO_TEST_CASE(targeting_rejects_the_dead_and_the_unseeable_before_the_selector) {
    FakeLevel level;
    TestMob observer(1), target(2);
    target.pos = {3.5, 64, 0.5};
    static int selector_calls;
    selector_calls = 0;
    auto cond = TargetingConditions::for_non_combat().selector([](const Mob*, const Entity&) {
        ++selector_calls;
        return true;
    });
    BOOST_TEST(cond.test(level, &observer, target));
    BOOST_TEST(selector_calls == 1);
    target.alive = false;
    BOOST_TEST(!cond.test(level, &observer, target));
    BOOST_TEST(!cond.test(level, nullptr, target));
    target.alive = true;
    target.seen_by_anyone = false;  // a spectator or a marker
    BOOST_TEST(!cond.test(level, &observer, target));
    BOOST_TEST(selector_calls == 1);

    FakeMob dead(Uuid{0, 9}, 9);
    dead.alive_ = false;
    BOOST_TEST(!TargetingConditions::for_non_combat().test(level, &observer, dead));
}

BOOST_AUTO_TEST_CASE(targeting_selector_sees_the_observer_and_runs_before_range) {
    FakeLevel level;
    TestMob observer(1), target(2);
    target.pos = {100.5, 64, 0.5};
    static const Mob* seen_observer;
    seen_observer = nullptr;
    auto cond = TargetingConditions::for_non_combat().range(8).selector([](const Mob* o, const Entity&) {
        seen_observer = o;
        return false;
    });
    BOOST_TEST(!cond.test(level, &observer, target));
    BOOST_TEST(seen_observer == &observer);
    BOOST_TEST(observer.sight_checks == 0);
}

BOOST_AUTO_TEST_CASE(targeting_combat_and_invulnerable_targets) {
    FakeLevel level;
    TestMob observer(1), target(2);
    target.pos = {2.5, 64, 0.5};
    target.invulnerable = true;
    BOOST_TEST(!TargetingConditions::for_combat().test(level, &observer, target));
    BOOST_TEST(!TargetingConditions::for_combat().test(level, nullptr, target));
    BOOST_TEST(TargetingConditions::for_non_combat().test(level, &observer, target));
    BOOST_TEST(TargetingConditions::for_non_combat().test(level, nullptr, target));
    target.invulnerable = false;
    BOOST_TEST(TargetingConditions::for_combat().test(level, &observer, target));
    BOOST_TEST(TargetingConditions::for_combat().test(level, nullptr, target));
}

BOOST_AUTO_TEST_CASE(targeting_peaceful_worlds) {
    FakeLevel level;
    level.difficulty_ = Difficulty::Peaceful;
    TestMob observer(1), target(2);
    target.pos = {2.5, 64, 0.5};
    // With no observer, peaceful rules out every combat target.
    BOOST_TEST(!TargetingConditions::for_combat().test(level, nullptr, target));
    BOOST_TEST(TargetingConditions::for_non_combat().test(level, nullptr, target));
    // With one, vanilla's canAttack refuses only players in peaceful; a mob target passes.
    BOOST_TEST(TargetingConditions::for_combat().test(level, &observer, target));
}

BOOST_AUTO_TEST_CASE(targeting_range_scales_with_visibility_but_never_below_2) {
    FakeLevel level;
    TestMob observer(1), target(2);
    observer.pos = {0, 64, 0};
    auto cond = TargetingConditions::for_non_combat().range(10);
    target.pos = {10, 64, 0};
    BOOST_TEST(cond.test(level, &observer, target));
    target.pos = {10.001, 64, 0};
    BOOST_TEST(!cond.test(level, &observer, target));
    // Distance between the feet, not the eyes or the block positions.
    target.pos = {6, 64 + 8, 0};
    BOOST_TEST(cond.test(level, &observer, target));
    target.pos = {6, 64 + 8.001, 0};
    BOOST_TEST(!cond.test(level, &observer, target));

    target.visibility = 0.5;  // 10 × 0.5 = 5
    target.pos = {5, 64, 0};
    BOOST_TEST(cond.test(level, &observer, target));
    target.pos = {5.01, 64, 0};
    BOOST_TEST(!cond.test(level, &observer, target));
    BOOST_TEST(
        TargetingConditions::for_non_combat().range(10).ignore_invisibility_testing().test(level, &observer, target));

    target.visibility = 0.07;  // 0.7 → raised to the minimum of 2
    target.pos = {2, 64, 0};
    BOOST_TEST(cond.test(level, &observer, target));
    target.pos = {2.01, 64, 0};
    BOOST_TEST(!cond.test(level, &observer, target));
    target.visibility = 0.0;
    target.pos = {0, 66, 0};
    BOOST_TEST(cond.test(level, &observer, target));

    // No range (negative or zero): any distance.
    target.pos = {1000, 64, 0};
    BOOST_TEST(TargetingConditions::for_non_combat().test(level, &observer, target));
    BOOST_TEST(TargetingConditions::for_non_combat().range(0).test(level, &observer, target));
    BOOST_TEST(TargetingConditions::for_non_combat().range(10).range() == 10.0);
    BOOST_TEST(TargetingConditions::for_non_combat().range() == -1.0);
}

BOOST_AUTO_TEST_CASE(targeting_line_of_sight_and_its_waiver) {
    FakeLevel level;
    TestMob observer(1), target(2);
    target.pos = {4.5, 64, 0.5};
    observer.sight = false;
    BOOST_TEST(!TargetingConditions::for_combat().range(16).test(level, &observer, target));
    BOOST_TEST(observer.sight_checks == 1);  // through the observer's cached Sensing
    BOOST_TEST(TargetingConditions::for_combat().range(16).ignore_line_of_sight().test(level, &observer, target));
    BOOST_TEST(observer.sight_checks == 1);
    // Out of range fails before sight is asked.
    target.pos = {40.5, 64, 0.5};
    BOOST_TEST(!TargetingConditions::for_combat().range(16).test(level, &observer, target));
    BOOST_TEST(observer.sight_checks == 1);
    // No observer: no sight or range checks at all.
    BOOST_TEST(TargetingConditions::for_combat().range(16).test(level, nullptr, target));
    observer.sight = true;
    target.pos = {4.5, 64, 0.5};
    BOOST_TEST(TargetingConditions::for_combat().range(16).test(level, &observer, target));
}

// --- Random positions: the draws ----------------------------------------------------------------

BOOST_AUTO_TEST_CASE(random_direction_draws_x_then_y_then_z) {
    RandomSource a(12345), b(12345);
    for (int i = 0; i < 200; ++i) {
        const BlockPos d = random_pos::random_direction(a, 10, 7);
        const std::int32_t x = b.next_int(21) - 10;
        const std::int32_t y = b.next_int(15) - 7;
        const std::int32_t z = b.next_int(21) - 10;
        BOOST_TEST_REQUIRE((d == BlockPos{x, y, z}));
    }
    // The whole range, ends included.
    std::int32_t min_x = 0, max_x = 0, min_y = 0, max_y = 0;
    for (int i = 0; i < 5000; ++i) {
        const BlockPos d = random_pos::random_direction(a, 10, 7);
        min_x = std::min(min_x, d.x), max_x = std::max(max_x, d.x);
        min_y = std::min(min_y, d.y), max_y = std::max(max_y, d.y);
    }
    BOOST_TEST(min_x == -10);
    BOOST_TEST(max_x == 10);
    BOOST_TEST(min_y == -7);
    BOOST_TEST(max_y == 7);
}

BOOST_AUTO_TEST_CASE(direction_within_radians_stays_in_the_half_plane_and_the_square) {
    RandomSource random(99);
    int misses = 0;
    for (int i = 0; i < 5000; ++i) {
        // Away from something at −x: within 90° of +x.
        const auto d = random_pos::random_direction_within_radians(random, 10, 7, 0, 1.0, 0.0, 1.5707963705062866);
        if (!d) {
            ++misses;
            continue;
        }
        BOOST_TEST_REQUIRE(d->x >= 0);
        BOOST_TEST_REQUIRE(d->x <= 10);
        BOOST_TEST_REQUIRE(std::abs(d->z) <= 10);
        BOOST_TEST_REQUIRE(std::abs(d->y) <= 7);
    }
    // Distances are uniform over a half disc of radius √2·10 (area 100π); the half square it
    // must land in has area 200, so 1 − 2/π ≈ 36 % miss.
    BOOST_TEST(misses > 1650);
    BOOST_TEST(misses < 2000);

    // A miss draws a float and a double only (no y).
    RandomSource a(5), b(5);
    for (int i = 0; i < 100; ++i) {
        const auto d = random_pos::random_direction_within_radians(a, 10, 7, 0, 0.0, 1.0, 0.0);
        b.next_float();
        b.next_double();
        if (d) b.next_int(15);
        BOOST_TEST_REQUIRE(same_state(a, b));
    }
    // A zero spread points straight along the direction: +z here (yaw 0 → dx = 0, dz ≥ 0).
    RandomSource c(6);
    int straight = 0;
    for (int i = 0; i < 100; ++i) {
        const auto d = random_pos::random_direction_within_radians(c, 10, 0, 3, 0.0, 1.0, 0.0);
        if (!d) continue;
        ++straight;
        BOOST_TEST_REQUIRE(d->x == 0);  // −d·sin(−ε) rounds into [0, 1)
        BOOST_TEST_REQUIRE(d->z >= 0);
        BOOST_TEST_REQUIRE(d->y == 3);  // the y offset
    }
    BOOST_TEST(straight > 0);  // otherwise the checks above checked nothing
}

BOOST_AUTO_TEST_CASE(mob_restricted_uses_the_centre_of_the_restriction_block) {
    TestMob mob(1);
    BOOST_TEST(!random_pos::mob_restricted(mob, 10));
    mob.restrict_to({0, 64, 0}, 4);
    // Limit 4 + 10 + 1 = 15 from (0.5, 64.5, 0.5).
    mob.pos = {15.49, 64.5, 0.5};
    BOOST_TEST(random_pos::mob_restricted(mob, 10));
    mob.pos = {15.5, 64.5, 0.5};
    BOOST_TEST(!random_pos::mob_restricted(mob, 10));
    mob.pos = {0.5, 64.5 - 14.99, 0.5};
    BOOST_TEST(random_pos::mob_restricted(mob, 10));
    mob.restrict_to({}, -1);
    BOOST_TEST(!random_pos::mob_restricted(mob, 10));
}

BOOST_AUTO_TEST_CASE(pos_toward_direction_pulls_towards_the_restriction) {
    TestMob mob(1);
    mob.pos = {100.5, 64, -40.5};
    RandomSource a(3), b(3);
    // No restriction: no draws, just the offset from the mob's position.
    BOOST_TEST((random_pos::pos_toward_direction(a, mob, 10, {2, -1, 3}) == BlockPos{102, 63, -38}));
    BOOST_TEST(same_state(a, b));
    mob.restrict_to({0, 64, 0}, 4);
    for (int i = 0; i < 50; ++i) {
        const BlockPos p = random_pos::pos_toward_direction(a, mob, 10, {2, -1, 3});
        const std::int32_t pull_x = b.next_int(5);  // mob east of the centre: pulled west
        const std::int32_t pull_z = b.next_int(5);  // mob north of the centre: pulled south
        BOOST_TEST_REQUIRE((p == floor_pos(2 - pull_x + 100.5, 63, 3 + pull_z - 40.5)));
    }
    // horizontal ≤ 1: no pull and no draw (nextInt(0) would throw in vanilla).
    BOOST_TEST((random_pos::pos_toward_direction(a, mob, 1, {1, 0, 1}) == BlockPos{101, 64, -40}));
    BOOST_TEST(same_state(a, b));
    // horizontal 2 or 3: nextInt(1), always 0 but still drawn.
    random_pos::pos_toward_direction(a, mob, 3, {0, 0, 0});
    b.next_int(1);
    b.next_int(1);
    BOOST_TEST(same_state(a, b));
}

// --- Random positions: the searches -------------------------------------------------------------

BOOST_AUTO_TEST_CASE(default_pos_takes_the_first_of_equal_candidates_and_draws_thirty_times) {
    FakeLevel level(77);
    FakeMob mob(Uuid{0, 1}, 1);  // walk-target value 0 everywhere, every destination stable
    mob.position_ = {10.5, 64, -3.5};
    RandomSource replica(77);
    const auto pos = random_pos::default_pos(level, mob, 10, 7);
    BOOST_TEST_REQUIRE(pos.has_value());
    const BlockPos first = random_pos::random_direction(replica, 10, 7);
    BOOST_TEST((*pos == floor_pos(first.x + 10.5, first.y + 64.0, first.z - 3.5)));
    for (int i = 1; i < 10; ++i) random_pos::random_direction(replica, 10, 7);
    BOOST_TEST(same_state(level.random(), replica));
}

BOOST_AUTO_TEST_CASE(default_pos_keeps_the_best_walk_target_value) {
    FakeLevel level(8);
    TestMob mob(1);
    mob.pos = {0.5, 64, 0.5};
    mob.walk_value = [](BlockPos p) { return static_cast<float>(p.x * 100 + p.z); };
    for (int round = 0; round < 50; ++round) {
        RandomSource replica = level.random();
        std::optional<BlockPos> best;
        for (int i = 0; i < 10; ++i) {
            const BlockPos d = random_pos::random_direction(replica, 10, 7);
            const BlockPos p{d.x, d.y + 64, d.z};
            if (!best || mob.walk_value(p) > mob.walk_value(*best)) best = p;
        }
        BOOST_TEST_REQUIRE((random_pos::default_pos(level, mob, 10, 7) == best));
    }
}

BOOST_AUTO_TEST_CASE(default_pos_build_height_limits) {
    FakeLevel level(9);  // build height −64 to 320
    TestMob mob(1);
    mob.pos = {0.5, -70, 0.5};
    BOOST_TEST(!random_pos::default_pos(level, mob, 10, 5).has_value());  // y ≤ −65 everywhere
    mob.pos = {0.5, -64, 0.5};
    int found = 0;
    for (int i = 0; i < 100; ++i)
        if (const auto p = random_pos::default_pos(level, mob, 10, 7)) {
            ++found;
            BOOST_TEST_REQUIRE(p->y >= -64);
        }
    BOOST_TEST(found > 90);
    mob.pos = {0.5, 322, 0.5};
    BOOST_TEST(!random_pos::default_pos(level, mob, 10, 1).has_value());
    // Vanilla compares with > max build height, so y = 320 (one above the top block) passes.
    mob.pos = {0.5, 320, 0.5};
    const auto top = random_pos::default_pos(level, mob, 10, 0);
    BOOST_TEST_REQUIRE(top.has_value());
    BOOST_TEST(top->y == 320);
}

BOOST_AUTO_TEST_CASE(default_pos_rejects_a_malus) {
    FakeLevel level(10);  // every path type OPEN
    TestMob mob(1);
    mob.set_pathfinding_malus(PathType::Open, 8.0f);
    BOOST_TEST(!random_pos::default_pos(level, mob, 10, 7).has_value());
    mob.set_pathfinding_malus(PathType::Open, -1.0f);
    BOOST_TEST(!random_pos::default_pos(level, mob, 10, 7).has_value());
    mob.set_pathfinding_malus(PathType::Open, 0.0f);
    BOOST_TEST(random_pos::default_pos(level, mob, 10, 7).has_value());
}

BOOST_AUTO_TEST_CASE(default_pos_never_stands_on_a_top_slab_platform) {
    // The seed-003 trick in miniature: a 21×21 top-slab platform, nothing else within reach.
    GridLevel level(11);
    level.fill({-10, 63, -10}, {10, 63, 10}, level.top_slab);
    TestMob zombie(1);
    zombie.pos = {0.5, 64, 0.5};
    zombie.nav.level = &level;
    zombie.walk_value = [&level](BlockPos p) { return walk_target_value(level, WalkTargetKind::Monster, p); };
    for (int i = 0; i < 2000; ++i) BOOST_TEST_REQUIRE(!random_pos::default_pos(level, zombie, 10, 7).has_value());
    // The control: full blocks give positions, always on top of them (a try hits y 64 one time
    // in 15, so about half the searches succeed).
    level.fill({-10, 63, -10}, {10, 63, 10}, level.stone);
    int found = 0;
    for (int i = 0; i < 200; ++i)
        if (const auto p = random_pos::default_pos(level, zombie, 10, 7)) {
            ++found;
            BOOST_TEST_REQUIRE(p->y == 64);
        }
    BOOST_TEST(found > 60);
}

BOOST_AUTO_TEST_CASE(default_pos_respects_the_restriction) {
    FakeLevel level(12);
    TestMob mob(1);
    mob.pos = {0.5, 64, 0.5};
    mob.restrict_to({0, 64, 0}, 4);
    int found = 0;
    for (int i = 0; i < 500; ++i)
        if (const auto p = random_pos::default_pos(level, mob, 10, 7)) {
            ++found;
            BOOST_TEST_REQUIRE(p->dist_sqr({0, 64, 0}) < 16.0);
        }
    BOOST_TEST(found > 50);

    // Far outside its restriction the mob is not "restricted": candidates are only pulled
    // towards the centre by up to radius/2 − 1 per axis.
    mob.pos = {100.5, 64, 0.5};
    std::int32_t min_dx = 0, max_dx = -100;
    double sum_dx = 0;
    for (int i = 0; i < 500; ++i) {
        const auto p = random_pos::default_pos(level, mob, 10, 7);
        BOOST_TEST_REQUIRE(p.has_value());
        const std::int32_t dx = p->x - 100;
        min_dx = std::min(min_dx, dx), max_dx = std::max(max_dx, dx);
        sum_dx += dx;
    }
    BOOST_TEST(min_dx >= -14);
    BOOST_TEST(min_dx < -10);
    BOOST_TEST(max_dx <= 10);
    BOOST_TEST(sum_dx / 500 < -1.0);
}

BOOST_AUTO_TEST_CASE(default_pos_away_goes_away) {
    FakeLevel level(13);
    TestMob mob(1);
    mob.pos = {0.5, 64, 0.5};
    int found = 0;
    for (int i = 0; i < 500; ++i)
        if (const auto p = random_pos::default_pos_away(level, mob, 16, 7, {-5.0, 64, 0.5})) {
            ++found;
            BOOST_TEST_REQUIRE(p->x >= 0);
            BOOST_TEST_REQUIRE(std::abs(p->z) <= 16);
        }
    BOOST_TEST(found > 450);  // ten tries each: a miss needs ten candidates outside the square
    // Towards a point, with a narrow cone: along +z.
    int towards = 0;
    for (int i = 0; i < 200; ++i)
        if (const auto p = random_pos::default_pos_towards(level, mob, 10, 0, {0.5, 64, 50.5}, 0.3)) {
            ++towards;
            BOOST_TEST_REQUIRE(p->z >= 0);
            BOOST_TEST_REQUIRE(std::abs(p->x) <= 4);
        }
    BOOST_TEST(towards > 0);
}

BOOST_AUTO_TEST_CASE(land_pos_moves_up_out_of_solid_blocks) {
    GridLevel level(14);
    level.fill({-5, 55, -5}, {5, 66, 5}, level.stone);  // the mob stands inside stone at y 64
    TestMob mob(1);
    mob.pos = {0.5, 64, 0.5};
    mob.nav.level = &level;
    BOOST_TEST((random_pos::move_up_out_of_solid(level, {0, 64, 0}) == BlockPos{0, 67, 0}));
    BOOST_TEST((random_pos::move_up_out_of_solid(level, {0, 70, 0}) == BlockPos{0, 70, 0}));
    int found = 0;
    for (int i = 0; i < 100; ++i)
        if (const auto p = random_pos::land_pos(level, mob, 3, 0)) {
            ++found;
            BOOST_TEST_REQUIRE(p->y == 67);
        }
    BOOST_TEST(found == 100);
    // default_pos does not climb: inside stone the path type is BLOCKED, a malus of −1.
    for (int i = 0; i < 100; ++i) BOOST_TEST_REQUIRE(!random_pos::default_pos(level, mob, 3, 0).has_value());
    // The climb stops at the build limit.
    level.fill({0, 317, 0}, {0, 319, 0}, level.stone);
    BOOST_TEST((random_pos::move_up_out_of_solid(level, {0, 318, 0}) == BlockPos{0, 320, 0}));
}

BOOST_AUTO_TEST_CASE(land_pos_rejects_water) {
    GridLevel level(15);
    level.fill({-5, 60, -5}, {5, 63, 5}, level.stone);
    TestMob mob(1);
    mob.pos = {0.5, 64, 0.5};
    mob.nav.level = &level;
    // Control: dry ground gives positions at y 64.
    for (int i = 0; i < 50; ++i) {
        const auto p = random_pos::land_pos(level, mob, 3, 0);
        BOOST_TEST_REQUIRE(p.has_value());
        BOOST_TEST_REQUIRE(p->y == 64);
    }
    // Water does not count even for a mob that does not mind it (malus 0): isWater comes first.
    level.fill({-5, 64, -5}, {5, 65, 5}, level.water);
    mob.set_pathfinding_malus(PathType::Water, 0.0f);
    for (int i = 0; i < 100; ++i) BOOST_TEST_REQUIRE(!random_pos::land_pos(level, mob, 3, 0).has_value());
    BOOST_TEST(random_pos::default_pos(level, mob, 3, 0).has_value());
}

BOOST_AUTO_TEST_CASE(land_pos_away_and_towards) {
    GridLevel level(16);
    level.fill({-12, 63, -12}, {12, 63, 12}, level.stone);
    TestMob mob(1);
    mob.pos = {0.5, 64, 0.5};
    mob.nav.level = &level;
    int found = 0, towards = 0;
    for (int i = 0; i < 300; ++i) {
        if (const auto p = random_pos::land_pos_away(level, mob, 10, 0, {0.5, 64, -8})) {
            ++found;
            BOOST_TEST_REQUIRE(p->z >= 0);
        }
        if (const auto p = random_pos::land_pos_towards(level, mob, 10, 0, {-8, 64, 0.5})) {
            ++towards;
            BOOST_TEST_REQUIRE(p->x <= 0);
        }
    }
    BOOST_TEST(found > 250);
    BOOST_TEST(towards > 0);
}

BOOST_AUTO_TEST_CASE(hide_pos_draws_and_rules) {
    // Open sky everywhere: nothing, after exactly 30 draws.
    FakeLevel open(17);
    FakeMob skeleton(Uuid{0, 1}, 1);
    skeleton.position_ = {0.5, 64, 0.5};
    RandomSource replica(17);
    BOOST_TEST(!random_pos::hide_pos(open, skeleton).has_value());
    for (int i = 0; i < 30; ++i) replica.next_int(i % 3 == 1 ? 6 : 20);
    BOOST_TEST(same_state(open.random(), replica));

    // Under a roof: the first candidate whose walk-target value is negative, i.e. bright.
    GridLevel level(18);
    level.fill({-12, 80, -12}, {12, 80, 12}, level.stone);
    TestMob mob(1);
    mob.pos = {0.5, 64, 0.5};
    mob.walk_value = [&level](BlockPos p) { return walk_target_value(level, WalkTargetKind::Monster, p); };
    // A dark shelter is no hiding place for vanilla: the value there is +0.5.
    BOOST_TEST(!random_pos::hide_pos(level, mob).has_value());
    level.block_light = 13;
    RandomSource r2 = level.random();
    const auto hide = random_pos::hide_pos(level, mob);
    BOOST_TEST_REQUIRE(hide.has_value());
    const std::int32_t dx = r2.next_int(20) - 10, dy = r2.next_int(6) - 3, dz = r2.next_int(20) - 10;
    BOOST_TEST((*hide == Vec3{dx + 0.5, 64.0 + dy, dz + 0.5}));  // bottom centre of the block
    level.block_light = 11;                                      // value +0.09
    BOOST_TEST(!random_pos::hide_pos(level, mob).has_value());
    level.block_light = 12;  // −6e−8 by float rounding: vanilla hides at light 12 too
    BOOST_TEST(random_pos::hide_pos(level, mob).has_value());
}

// --- In the reference world -----------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(world_line_of_sight_air_glass_fence_grass) {
    server::WorldHarness h;
    const std::int32_t y = server::WorldHarness::ground_y;
    server::ServerMob& a = h.spawn("zombie", {0.5, double(y), 0.5});
    server::ServerMob& b = h.spawn("zombie", {8.5, double(y), 0.5});
    server::World& world = h.world();
    BOOST_TEST(has_line_of_sight(world, a, b));
    BOOST_TEST(has_line_of_sight(world, b, a));

    // Glass lets light through but its collision box stops the ray.
    h.fill({4, y, -2}, {4, y + 2, 2}, "glass");
    BOOST_TEST(!has_line_of_sight(world, a, b));
    BOOST_TEST(!TargetingConditions::for_combat().range(16).test(world, &a, b));
    BOOST_TEST(TargetingConditions::for_combat().range(16).ignore_line_of_sight().test(world, &a, b));
    h.fill({4, y, -2}, {4, y + 2, 2}, "air");
    BOOST_TEST(has_line_of_sight(world, a, b));

    // A fence post one block up: its 1.5-high box reaches past the eyes.
    const double eye_y = a.eye_position().y;
    BOOST_TEST_REQUIRE(eye_y > y + 1.0);
    BOOST_TEST_REQUIRE(eye_y < y + 2.5);
    h.set_block({4, y + 1, 0}, "oak_fence");
    BOOST_TEST(!has_line_of_sight(world, a, b));
    // The same post on the ground stays below the eyes (1.5 < eye height).
    h.set_block({4, y + 1, 0}, "air");
    h.set_block({4, y, 0}, "oak_fence");
    BOOST_TEST((eye_y > y + 1.5) == has_line_of_sight(world, a, b));
    h.set_block({4, y, 0}, "air");

    // Plants have no collision shape.
    h.fill({4, y, 0}, {4, y + 1, 0}, "short_grass");
    BOOST_TEST(has_line_of_sight(world, a, b));

    // Beyond 128 blocks between the eyes nothing is seen, in the open too.
    h.world().ensure_chunks({140, y, 0}, 1);
    server::ServerMob& far = h.spawn("zombie", {129.0, double(y), 0.5});
    BOOST_TEST(!has_line_of_sight(world, a, far));
}

BOOST_AUTO_TEST_CASE(world_hide_pos_open_field_and_shelter) {
    server::WorldHarness h;  // noon, flat
    const std::int32_t y = server::WorldHarness::ground_y;
    server::ServerMob& skeleton = h.spawn("skeleton", {0.5, double(y), 0.5});
    server::World& world = h.world();
    BOOST_TEST_REQUIRE(world.is_day());
    // An open field: every air candidate sees the sky, every buried one is dark.
    for (int i = 0; i < 300; ++i) BOOST_TEST_REQUIRE(!random_pos::hide_pos(world, skeleton).has_value());

    // A 7×7 stone roof two blocks up: sky light creeps in from the sides, so the spots under
    // it are covered but bright near the edges, which is what the rule wants.
    h.fill({-3, y + 2, -3}, {3, y + 2, 3}, "stone");
    int found = 0;
    for (int i = 0; i < 600; ++i) {
        const auto hide = random_pos::hide_pos(world, skeleton);
        if (!hide) continue;
        ++found;
        const BlockPos p = hide->block_pos();
        BOOST_TEST_REQUIRE((*hide == random_pos::bottom_center(p)));
        BOOST_TEST_REQUIRE(!world.can_see_sky(p));
        BOOST_TEST_REQUIRE(skeleton.walk_target_value(p) < 0.0f);
        BOOST_TEST_REQUIRE(world.max_local_raw_brightness(p) >= 12);
        BOOST_TEST_REQUIRE(std::abs(p.x) <= 3);
        BOOST_TEST_REQUIRE(std::abs(p.z) <= 3);
        BOOST_TEST_REQUIRE((p.y == y || p.y == y + 1));
    }
    BOOST_TEST(found > 0);
}

BOOST_AUTO_TEST_CASE(world_default_pos_never_above_a_top_slab_platform) {
    // Seed 003: a zombie (Monster walk targets, ground navigation, RandomStrollGoal's 10 and 7)
    // in the middle of a 21×21 top-slab platform, nothing else within 7 blocks vertically. The
    // stroll goal is evaluated every other tick; asking on every evaluation of 72,000 ticks is
    // far more often than the 1-in-60 chance would.
    server::WorldHarness::Options options;
    options.flat = false;  // void: nothing but the platform
    server::WorldHarness h(options);
    const std::int32_t y = 64;
    h.fill({-10, y, -10}, {10, y, 10}, "stone_slab[type=top]");
    server::ServerMob& zombie = h.spawn("zombie", {0.5, y + 1.0, 0.5});
    server::World& world = h.world();
    BOOST_TEST_REQUIRE(!zombie.navigation().is_stable_destination({0, y + 1, 0}));
    for (int i = 0; i < 72'000 / 2; ++i) BOOST_TEST_REQUIRE(!random_pos::default_pos(world, zombie, 10, 7).has_value());

    // The control: full stone blocks give positions, all standing on the platform.
    h.fill({-10, y, -10}, {10, y, 10}, "stone");
    int found = 0;
    for (int i = 0; i < 1000; ++i)
        if (const auto p = random_pos::default_pos(world, zombie, 10, 7)) {
            ++found;
            BOOST_TEST_REQUIRE(p->y == y + 1);
            BOOST_TEST_REQUIRE(std::abs(p->x) <= 10);
            BOOST_TEST_REQUIRE(std::abs(p->z) <= 10);
        }
    BOOST_TEST(found > 350);  // a try lands at y + 1 one time in 15: 1 − (14/15)^10 ≈ 50 %

    // A single full block among the slabs is the only place left to go.
    h.fill({-10, y, -10}, {10, y, 10}, "stone_slab[type=top]");
    h.set_block({6, y, -3}, "stone");
    found = 0;
    for (int i = 0; i < 3000; ++i)
        if (const auto p = random_pos::default_pos(world, zombie, 10, 7)) {
            ++found;
            BOOST_TEST_REQUIRE((*p == BlockPos{6, y + 1, -3}));
        }
    BOOST_TEST(found > 0);
}

BOOST_AUTO_TEST_CASE(world_land_pos_climbs_out_of_solid_and_avoids_water) {
    server::WorldHarness h;
    const std::int32_t y = server::WorldHarness::ground_y;
    server::World& world = h.world();
    server::ServerMob& zombie = h.spawn("zombie", {0.5, double(y), 0.5});
    server::ServerMob& pig = h.spawn("pig", {0.5, double(y), 0.5});
    // A mesa four blocks high around the candidates' layer: land_pos climbs to its top.
    h.fill({-3, y, -3}, {3, y + 3, 3}, "stone");
    int on_top = 0;
    for (int i = 0; i < 300; ++i) {
        const auto p = random_pos::land_pos(world, zombie, 6, 0);
        if (!p) continue;
        const bool inside = std::abs(p->x) <= 3 && std::abs(p->z) <= 3;
        BOOST_TEST_REQUIRE(p->y == (inside ? y + 4 : y));
        on_top += inside;
    }
    BOOST_TEST(on_top > 30);  // full light everywhere: equal values, the first valid try wins
    // A pig rates grass 10 and the bare stone top 0.5: one grass candidate among ten beats it.
    int on_grass = 0;
    for (int i = 0; i < 300; ++i)
        if (const auto p = random_pos::land_pos(world, pig, 6, 0)) {
            ++on_grass;
            BOOST_TEST_REQUIRE(p->y == y);
            BOOST_TEST_REQUIRE(pig.walk_target_value(*p) == 10.0f);
        }
    BOOST_TEST(on_grass > 0);
    // default_pos does not climb: inside stone the path type is BLOCKED.
    int beside = 0;
    for (int i = 0; i < 300; ++i)
        if (const auto p = random_pos::default_pos(world, zombie, 6, 0)) {
            ++beside;
            BOOST_TEST_REQUIRE(p->y == y);
            BOOST_TEST_REQUIRE((std::abs(p->x) > 3 || std::abs(p->z) > 3));
        }
    BOOST_TEST(beside > 0);

    // A pond one deep: never a land target, whatever the mob's water malus.
    h.fill({-3, y, -3}, {3, y + 3, 3}, "air");
    h.fill({-8, y, -8}, {8, y, 8}, "water");
    pig.set_pathfinding_malus(PathType::Water, 0.0f);
    for (int i = 0; i < 300; ++i) BOOST_TEST_REQUIRE(!random_pos::land_pos(world, pig, 6, 0).has_value());
    int wet = 0;
    for (int i = 0; i < 100; ++i) wet += random_pos::default_pos(world, pig, 6, 0).has_value();
    BOOST_TEST(wet > 90);
}

BOOST_AUTO_TEST_CASE(world_default_pos_respects_the_restriction) {
    server::WorldHarness h;
    const std::int32_t y = server::WorldHarness::ground_y;
    server::World& world = h.world();
    server::ServerMob& golem = h.spawn("iron_golem", {0.5, double(y), 0.5});
    golem.restrict_to({3, y, 3}, 6);
    BOOST_TEST_REQUIRE(random_pos::mob_restricted(golem, 10));
    int found = 0;
    for (int i = 0; i < 1000; ++i)
        if (const auto p = random_pos::default_pos(world, golem, 10, 7)) {
            ++found;
            BOOST_TEST_REQUIRE(golem.is_within_restriction(*p));
            BOOST_TEST_REQUIRE(p->y == y);  // on the grass, never inside the ground
        }
    BOOST_TEST(found > 100);
}

BOOST_AUTO_TEST_SUITE_END()
