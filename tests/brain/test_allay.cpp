// The allay walk-through of seed article 000 (section 四) as a test: CORE stand-ins plus IDLE's
// five priorities, and the WALK_TARGET overwrite between priority 0 (a one-shot that fires every
// tick) and priority 1 (a timed behaviour that writes only when it starts).
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/brain/gate_behavior.hpp"
#include "mobsdk/brain/one_shot.hpp"
#include "mobsdk/testing/fake_world.hpp"

using namespace mobsdk;
using namespace mobsdk::brain;
using namespace mobsdk::brain::behavior_builder;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

namespace {

/// Test-local memories, standing in for the standard list.
struct AllayMemories {
    MemoryModuleType<BlockPos> walk_target;
    MemoryModuleType<BlockPos> look_target;
    MemoryModuleType<BlockPos> nearest_visible_wanted_item;
    MemoryModuleType<std::int32_t> item_pickup_cooldown_ticks;
    MemoryModuleType<BlockPos> liked_player_pos;  // what AllayAi::getItemDepositPosition reads
};

using WriteLog = std::vector<std::string>;

double dist(BlockPos a, BlockPos b) { return std::sqrt(a.dist_sqr(b)); }

// ---- CORE stand-ins ----

/// MoveToTargetSink: follows WALK_TARGET; erases it once the mob stands on it.
class MoveToTargetSink final : public Behavior {
public:
    explicit MoveToTargetSink(const AllayMemories& m)
        : Behavior({{m.walk_target, MemoryStatus::VALUE_PRESENT}}, 150, 250), m_(m) {}
    std::string debug_string() const override { return "MoveToTargetSink"; }

protected:
    bool can_still_use(Level&, Mob& mob, std::int64_t) override {
        return mob.brain()->has_memory_value(m_.walk_target);
    }
    void tick(Level&, Mob& mob, std::int64_t) override {
        const BlockPos target = *mob.brain()->get_memory(m_.walk_target);
        if (mob.block_position() == target) mob.brain()->erase_memory(m_.walk_target);
        else mob.move_to(target, 1.0, 0);
    }

private:
    AllayMemories m_;
};

/// CountDownCooldownTicks, as vanilla: counts a present cooldown down and erases it at 0.
class CountDownCooldownTicks final : public Behavior {
public:
    explicit CountDownCooldownTicks(MemoryModuleType<std::int32_t> memory)
        : Behavior({{memory, MemoryStatus::VALUE_PRESENT}}), memory_(memory) {}
    std::string debug_string() const override { return "CountDownCooldownTicks"; }

protected:
    bool can_still_use(Level&, Mob& mob, std::int64_t) override {
        const std::int32_t* v = mob.brain()->get_memory(memory_);
        return v && *v > 0;
    }
    void tick(Level&, Mob& mob, std::int64_t) override {
        mob.brain()->set_memory(memory_, *mob.brain()->get_memory(memory_) - 1);
    }
    void stop(Level&, Mob& mob, std::int64_t) override { mob.brain()->erase_memory(memory_); }

private:
    MemoryModuleType<std::int32_t> memory_;
};

// ---- IDLE ----

/// Priority 0, GoToWantedItem.create(e -> true, 1.75f, true, 32): registered(LOOK_TARGET),
/// registered(WALK_TARGET) (hasTargetToWalkTo), present(NEAREST_VISIBLE_WANTED_ITEM),
/// registered(ITEM_PICKUP_COOLDOWN_TICKS); fires when the cooldown is absent and the item is within 32.
std::unique_ptr<OneShot> go_to_wanted_item(const AllayMemories& m, WriteLog& log) {
    auto b = create(registered(m.look_target), registered(m.walk_target), present(m.nearest_visible_wanted_item),
                    registered(m.item_pickup_cooldown_ticks),
                    [&log](Level&, Mob& mob, std::int64_t, auto& look, auto& walk, auto& item, auto& cooldown) {
                        if (cooldown.try_get() != nullptr) return false;
                        if (dist(mob.block_position(), item.get()) >= 32) return false;
                        look.set(item.get());
                        walk.set(item.get());
                        log.push_back("GoToWantedItem");
                        return true;
                    });
    b->set_debug_name("GoToWantedItem");
    return b;
}

/// Priority 1, GoAndGiveItemsToTarget(getItemDepositPosition, 2.25f, 20): while holding an item,
/// sets WALK_TARGET/LOOK_TARGET to the deposit position when it starts; within 3 blocks it throws
/// the item and sets ITEM_PICKUP_COOLDOWN_TICKS to 60.
class GoAndGiveItemsToTarget final : public Behavior {
public:
    GoAndGiveItemsToTarget(const AllayMemories& m, WriteLog& log)
        : Behavior({{m.walk_target, MemoryStatus::REGISTERED},
                    {m.look_target, MemoryStatus::REGISTERED},
                    {m.item_pickup_cooldown_ticks, MemoryStatus::REGISTERED}},
                   20, 20),
          m_(m),
          log_(log) {}
    std::string debug_string() const override { return "GoAndGiveItemsToTarget"; }
    int thrown = 0;

protected:
    bool can_throw(Mob& mob) const {
        return !mob.equipment(EquipmentSlot::MainHand).empty() && mob.brain()->has_memory_value(m_.liked_player_pos);
    }
    bool check_extra_start_conditions(Level&, Mob& mob) override { return can_throw(mob); }
    bool can_still_use(Level&, Mob& mob, std::int64_t) override { return can_throw(mob); }
    void start(Level&, Mob& mob, std::int64_t) override {
        const BlockPos deposit = *mob.brain()->get_memory(m_.liked_player_pos);
        mob.brain()->set_memory(m_.walk_target, deposit);  // only here, at start
        mob.brain()->set_memory(m_.look_target, deposit);
        log_.push_back("GoAndGiveItemsToTarget");
    }
    void tick(Level&, Mob& mob, std::int64_t) override {
        const BlockPos deposit = *mob.brain()->get_memory(m_.liked_player_pos);
        if (dist(mob.block_position(), deposit) < 3) {
            static_cast<FakeMob&>(mob).equipment_[static_cast<int>(EquipmentSlot::MainHand)] = ItemStack{};
            mob.brain()->set_memory(m_.item_pickup_cooldown_ticks, 60);
            ++thrown;
        }
    }

private:
    AllayMemories m_;
    WriteLog& log_;
};

/// Priority 2, StayCloseToTarget.create(getItemDepositPosition, 4, 16, 2.25f): registered(LOOK_TARGET),
/// absent(WALK_TARGET); walks back when farther than 16 from the deposit position.
std::unique_ptr<OneShot> stay_close_to_target(const AllayMemories& m, WriteLog& log) {
    auto b = create(registered(m.look_target), absent(m.walk_target), registered(m.liked_player_pos),
                    [&log](Level&, Mob& mob, std::int64_t, auto&, auto& walk, auto& deposit) {
                        const BlockPos* pos = deposit.try_get();
                        if (!pos || dist(mob.block_position(), *pos) <= 16) return false;
                        walk.set(*pos);
                        log.push_back("StayCloseToTarget");
                        return true;
                    });
    b->set_debug_name("StayCloseToTarget");
    return b;
}

/// Priority 4's RandomStroll.fly stand-in: absent(WALK_TARGET); a random spot within 10 blocks.
std::unique_ptr<OneShot> random_stroll(const AllayMemories& m, WriteLog& log) {
    return create(absent(m.walk_target), [&log](Level& level, Mob& mob, std::int64_t, auto& walk) {
        const BlockPos p = mob.block_position();
        walk.set(BlockPos{p.x + level.random().next_int(21) - 10, p.y, p.z + level.random().next_int(21) - 10});
        log.push_back("RandomStroll");
        return true;
    });
}

/// Priority 4's SetWalkTargetFromLookTarget.create(1.0f, 3): absent(WALK_TARGET), present(LOOK_TARGET).
std::unique_ptr<OneShot> walk_to_look_target(const AllayMemories& m, WriteLog& log) {
    return create(absent(m.walk_target), present(m.look_target),
                  [&log](Level&, Mob&, std::int64_t, auto& walk, auto& look) {
                      walk.set(look.get());
                      log.push_back("SetWalkTargetFromLookTarget");
                      return true;
                  });
}

struct AllayWorld {
    BrainRegistries reg;
    AllayMemories mem{
        register_memory<BlockPos>(reg.memory_types, "walk_target"),
        register_memory<BlockPos>(reg.memory_types, "look_target"),
        register_memory<BlockPos>(reg.memory_types, "nearest_visible_wanted_item"),
        register_memory<std::int32_t>(reg.memory_types, "item_pickup_cooldown_ticks"),
        register_memory<BlockPos>(reg.memory_types, "liked_player_pos"),
    };
    VanillaActivities acts = register_vanilla_activities(reg.activities);
    FakeLevel level{2022};
    FakeMob allay{Uuid{7, 7}};
    WriteLog writes;
    GoAndGiveItemsToTarget* give = nullptr;

    AllayWorld() {
        reg.freeze();
        const MemoryHandle memories[] = {mem.walk_target, mem.look_target, mem.nearest_visible_wanted_item,
                                         mem.item_pickup_cooldown_ticks, mem.liked_player_pos};
        BrainProvider provider(reg, memories, {});
        allay.brain_ = provider.make_brain(level.random());
        Brain& brain = *allay.brain_;

        // initCoreActivity: Swim, AnimalPanic and LookAtTargetSink have nothing to do here.
        std::vector<std::unique_ptr<BehaviorControl>> core;
        core.push_back(std::make_unique<MoveToTargetSink>(mem));
        core.push_back(std::make_unique<CountDownCooldownTicks>(mem.item_pickup_cooldown_ticks));
        brain.add_activity(acts.core, 0, std::move(core));

        // initIdleActivity, priorities as vanilla.
        std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> idle;
        idle.emplace_back(0, go_to_wanted_item(mem, writes));
        auto give_owned = std::make_unique<GoAndGiveItemsToTarget>(mem, writes);
        give = give_owned.get();
        idle.emplace_back(1, std::move(give_owned));
        idle.emplace_back(2, stay_close_to_target(mem, writes));
        // 3: SetEntityLookTargetSometimes needs NEAREST_VISIBLE_LIVING_ENTITIES, which this brain
        // does not register, so it never starts; left out.
        idle.emplace_back(
            4, std::make_unique<RunOne>(weighted_behaviors(std::pair{random_stroll(mem, writes), 2},
                                                           std::pair{walk_to_look_target(mem, writes), 2},
                                                           std::pair{std::make_unique<DoNothing>(30, 60), 1})));
        brain.add_activity_with_conditions(acts.idle, std::move(idle), {});
        brain.set_core_activities({acts.core});
        brain.set_default_activity(acts.idle);
        brain.use_default_activity();

        allay.position_ = Vec3{0.5, 64, 0.5};
        level.mobs.push_back(&allay);
    }
    Brain& brain() { return *allay.brain_; }
    BlockPos walk_target() {
        const BlockPos* p = brain().get_memory(mem.walk_target);
        BOOST_TEST_REQUIRE(p != nullptr);
        return *p;
    }
    void give_item() {
        allay.equipment_[static_cast<int>(EquipmentSlot::MainHand)] =
            ItemStack{ResourceLocation::of("amethyst_shard"), 1};
    }
    /// One tick; returns the behaviours that wrote WALK_TARGET in it, in order.
    WriteLog tick() {
        writes.clear();
        level.tick();
        return writes;
    }
};

const BlockPos kItem{5, 64, 5};
const BlockPos kDeposit{10, 64, 0};

}  // namespace

BOOST_AUTO_TEST_SUITE(allay)

BOOST_FIXTURE_TEST_CASE(wanted_item_sets_walk_target, AllayWorld) {
    // "找到對應物品且完成了冷卻": priority 0 fires and sets WALK_TARGET; nothing later overwrites it.
    brain().set_memory(mem.liked_player_pos, kDeposit);
    brain().set_memory(mem.nearest_visible_wanted_item, kItem);
    BOOST_TEST(tick() == (WriteLog{"GoToWantedItem"}), boost::test_tools::per_element());
    BOOST_TEST((walk_target() == kItem));
    BOOST_TEST((*brain().get_memory(mem.look_target) == kItem));
}

BOOST_FIXTURE_TEST_CASE(priority_one_overwrites_at_start_priority_zero_every_tick, AllayWorld) {
    // "如果悅靈已經拿到了對應物品": both can start; priority 1 runs later and overwrites WALK_TARGET
    // at its start; on later ticks the one-shot at priority 0 starts again and sets it back.
    brain().set_memory(mem.liked_player_pos, kDeposit);
    brain().set_memory(mem.nearest_visible_wanted_item, kItem);
    give_item();

    BOOST_TEST(tick() == (WriteLog{"GoToWantedItem", "GoAndGiveItemsToTarget"}), boost::test_tools::per_element());
    BOOST_TEST((walk_target() == kDeposit));
    BOOST_TEST((give->status() == BehaviorStatus::RUNNING));
    BOOST_TEST(give->end_timestamp() == 20);  // duration 20 from game time 0

    for (std::int64_t t = 1; t <= 21; ++t) {
        // Priority 1 keeps running (until it times out at 21) but writes nothing after its start.
        BOOST_TEST(tick() == (WriteLog{"GoToWantedItem"}), boost::test_tools::per_element());
        BOOST_TEST((walk_target() == kItem));
    }
    BOOST_TEST((give->status() == BehaviorStatus::STOPPED));  // timed out at end + 1 = 21
    // Started again at 22: its start overwrites once more.
    BOOST_TEST(tick() == (WriteLog{"GoToWantedItem", "GoAndGiveItemsToTarget"}), boost::test_tools::per_element());
    BOOST_TEST((walk_target() == kDeposit));
}

BOOST_FIXTURE_TEST_CASE(throws_near_deposit_and_cooldown_blocks_priority_zero, AllayWorld) {
    // "如果距離較近,那麼悅靈可能邊收集物品邊投擲物品": within 3 blocks it throws at once; the
    // pickup cooldown then keeps priority 0 off until CountDownCooldownTicks erases it.
    allay.position_ = Vec3{9.5, 64, 0.5};
    brain().set_memory(mem.liked_player_pos, kDeposit);
    brain().set_memory(mem.nearest_visible_wanted_item, kItem);
    give_item();
    BOOST_TEST(tick() == (WriteLog{"GoToWantedItem", "GoAndGiveItemsToTarget"}), boost::test_tools::per_element());
    BOOST_TEST(give->thrown == 1);  // ticked in the tick it started
    BOOST_TEST(allay.equipment(EquipmentSlot::MainHand).empty());
    BOOST_TEST(*brain().get_memory(mem.item_pickup_cooldown_ticks) == 60);

    std::int64_t fired_again = -1;
    for (int i = 0; i < 80 && fired_again < 0; ++i) {
        const std::int64_t t = level.game_time();
        const bool cooling = brain().has_memory_value(mem.item_pickup_cooldown_ticks);
        const WriteLog w = tick();
        const bool fired = !w.empty() && w.front() == "GoToWantedItem";
        BOOST_TEST_REQUIRE(!(fired && cooling));
        if (fired) fired_again = t;
    }
    // Counted down from 1 (60 → 0 by game time 60), erased in the tick phase of 61 (after the start
    // phase), so priority 0 fires again at 62.
    BOOST_TEST(fired_again == 62);
    BOOST_TEST((give->status() == BehaviorStatus::STOPPED));  // no item left
}

BOOST_FIXTURE_TEST_CASE(stays_close_to_deposit_when_far, AllayWorld) {
    allay.position_ = Vec3{40.5, 64, 0.5};  // 30 blocks from the deposit position
    brain().set_memory(mem.liked_player_pos, kDeposit);
    BOOST_TEST(tick() == (WriteLog{"StayCloseToTarget"}), boost::test_tools::per_element());
    BOOST_TEST((walk_target() == kDeposit));
}

BOOST_FIXTURE_TEST_CASE(no_item_only_idle_movement, AllayWorld) {
    // "假設悅靈手上沒有物品": priorities 0–2 never act; RunOne strolls, walks to its look target or
    // does nothing. The allay arrives wherever it is sent (the fake world does not move it).
    int strolls = 0;
    for (int i = 0; i < 400; ++i) {
        for (const std::string& w : tick()) {
            BOOST_TEST_REQUIRE((w == "RandomStroll" || w == "SetWalkTargetFromLookTarget"));
            strolls += w == "RandomStroll";
        }
        if (const BlockPos* p = brain().get_memory(mem.walk_target))
            allay.position_ = Vec3{p->x + 0.5, double(p->y), p->z + 0.5};
    }
    BOOST_TEST(strolls >= 2);
    BOOST_TEST((give->status() == BehaviorStatus::STOPPED));
}

BOOST_AUTO_TEST_SUITE_END()
