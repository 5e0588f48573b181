// Brain against vanilla's rules (Brain.java, 1.19.3–1.21): memory statuses, expiry in both orders
// (the 22w12a change), the iron-golem cycle, sensors' scan rate, activities, schedules, tick order and
// the memories' NBT. Memory types are registered here, not taken from the standard memory list.
#include <array>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/testing/fake_world.hpp"

namespace {

namespace nbt = mobsdk::nbt;
using namespace mobsdk::brain;
using mobsdk::Level;
using mobsdk::MemoryExpiry;
using mobsdk::Mob;
using mobsdk::Result;
using mobsdk::Uuid;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

// ---- local codecs ----

std::string type_name(const nbt::Tag& t) { return std::string(nbt::tag_type_name(t.type())); }

struct IntCodec {
    static nbt::Tag encode(const int& v) { return nbt::Tag(std::int32_t{v}); }
    static Result<int, std::string> decode(const nbt::Tag& t) {
        if (const auto* v = t.get_if<std::int32_t>()) return int{*v};
        return mobsdk::unexpected("expected TAG_Int, found " + type_name(t));
    }
};

struct StringCodec {
    static nbt::Tag encode(const std::string& v) { return nbt::Tag(v); }
    static Result<std::string, std::string> decode(const nbt::Tag& t) {
        if (const auto* v = t.get_if<std::string>()) return *v;
        return mobsdk::unexpected("expected TAG_String, found " + type_name(t));
    }
};

// Vanilla's Codec.BOOL writes a byte.
struct BoolCodec {
    static nbt::Tag encode(const bool& v) { return nbt::Tag(v); }
    static Result<bool, std::string> decode(const nbt::Tag& t) {
        if (const auto* v = t.get_if<std::int8_t>()) return *v != 0;
        return mobsdk::unexpected("expected TAG_Byte, found " + type_name(t));
    }
};

struct IntListCodec {
    static nbt::Tag encode(const std::vector<int>& v) { return nbt::Tag(nbt::IntArray(v.begin(), v.end())); }
    static Result<std::vector<int>, std::string> decode(const nbt::Tag& t) {
        if (const auto* v = t.get_if<nbt::IntArray>()) return std::vector<int>(v->begin(), v->end());
        return mobsdk::unexpected("expected TAG_Int_Array, found " + type_name(t));
    }
};

// Larger than a slot's inline storage: the brain must put it on the heap.
using Big = std::array<std::int64_t, 16>;

using Log = std::vector<std::string>;
using Entry = std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>;
using Entries = std::vector<Entry>;

template <typename... E>
Entries entries(E&&... e) {
    Entries v;
    (v.push_back(std::forward<E>(e)), ...);
    return v;
}

template <typename... B>
std::vector<std::unique_ptr<BehaviorControl>> behaviors(B&&... b) {
    std::vector<std::unique_ptr<BehaviorControl>> v;
    (v.push_back(std::forward<B>(b)), ...);
    return v;
}

// A timed behaviour that writes what happens to it into a shared log. `keep` false makes it a
// trigger: it starts, and stops on the same tick in the tick phase (canStillUse is false).
class Logged final : public Behavior {
public:
    Logged(std::string name, Log& log, std::vector<MemoryRequirement> condition = {}, std::int32_t duration = 1000,
           bool keep = true, bool can_start = true)
        : Behavior(std::move(condition), duration, duration),
          name_(std::move(name)),
          log_(&log),
          keep_(keep),
          can_start_(can_start) {}
    std::string debug_string() const override { return name_; }

protected:
    bool check_extra_start_conditions(Level&, Mob&) override { return can_start_; }
    bool can_still_use(Level&, Mob&, std::int64_t) override { return keep_; }
    void start(Level&, Mob&, std::int64_t) override { log_->push_back("start:" + name_); }
    void tick(Level&, Mob&, std::int64_t) override { log_->push_back("tick:" + name_); }
    void stop(Level&, Mob&, std::int64_t) override { log_->push_back("stop:" + name_); }

private:
    std::string name_;
    Log* log_;
    bool keep_;
    bool can_start_;
};

std::unique_ptr<BehaviorControl> logged(std::string name, Log& log, std::vector<MemoryRequirement> cond = {},
                                        std::int32_t duration = 1000, bool keep = true, bool can_start = true) {
    return std::make_unique<Logged>(std::move(name), log, std::move(cond), duration, keep, can_start);
}

// Registries with a handful of memory types, and a level and a mob to put a brain in.
struct Fixture {
    BrainRegistries reg;
    MemoryModuleType<int> counter = register_memory_with_codec<int, IntCodec>(reg.memory_types, "example:counter");
    MemoryModuleType<std::string> name =
        register_memory_with_codec<std::string, StringCodec>(reg.memory_types, "example:name");
    MemoryModuleType<bool> golem_detected_recently =
        register_memory_with_codec<bool, BoolCodec>(reg.memory_types, "example:golem_detected_recently");
    MemoryModuleType<std::vector<int>> visible = register_memory<std::vector<int>>(reg.memory_types, "example:visible");
    MemoryModuleType<std::vector<int>> ids =
        register_memory_with_codec<std::vector<int>, IntListCodec>(reg.memory_types, "example:ids");
    MemoryModuleType<Unit> flag = register_memory<Unit>(reg.memory_types, "example:flag");
    MemoryModuleType<Big> big = register_memory<Big>(reg.memory_types, "example:big");
    // Registered in the registry but not in the brains made below (vanilla: not in the provider).
    MemoryModuleType<int> elsewhere = register_memory<int>(reg.memory_types, "example:elsewhere");
    VanillaActivities act = register_vanilla_activities(reg.activities);

    Log log;
    FakeLevel level{1};
    std::unique_ptr<BrainProvider> provider;
    FakeMob mob{Uuid{1, 2}};

    std::vector<MemoryHandle> all_memories() const {
        return {counter, name, golem_detected_recently, visible, ids, flag, big};
    }
    Brain& make(std::vector<MemoryHandle> memories, std::vector<SensorType> sensors = {}) {
        provider = std::make_unique<BrainProvider>(reg, memories, sensors);
        mob.brain_ = provider->make_brain(level.random());
        level.mobs = {&mob};
        return *mob.brain_;
    }
    Brain& make() { return make(all_memories()); }
    Brain& brain() { return *mob.brain_; }
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(brain)

// ======================================================================================
// Memory statuses and the basic operations
// ======================================================================================

BOOST_FIXTURE_TEST_CASE(check_memory_follows_vanilla_checkMemory, Fixture) {
    Brain& b = make();
    // Registered and empty.
    BOOST_TEST(b.check_memory(counter, MemoryStatus::REGISTERED));
    BOOST_TEST(!b.check_memory(counter, MemoryStatus::VALUE_PRESENT));
    BOOST_TEST(b.check_memory(counter, MemoryStatus::VALUE_ABSENT));
    // Registered and set.
    b.set_memory(counter, 3);
    BOOST_TEST(b.check_memory(counter, MemoryStatus::REGISTERED));
    BOOST_TEST(b.check_memory(counter, MemoryStatus::VALUE_PRESENT));
    BOOST_TEST(!b.check_memory(counter, MemoryStatus::VALUE_ABSENT));
    // Unregistered: false whatever the status — VALUE_ABSENT included, as vanilla's
    // `memories.get(type)` is null and checkMemory returns false.
    for (auto s : {MemoryStatus::REGISTERED, MemoryStatus::VALUE_PRESENT, MemoryStatus::VALUE_ABSENT}) {
        BOOST_TEST(!b.check_memory(elsewhere, s));
        BOOST_TEST(!b.check_memory(MemoryHandle{}, s));  // an invalid handle too
    }
    BOOST_TEST(!b.is_registered(elsewhere));
    BOOST_TEST(b.is_registered(counter));
}

BOOST_FIXTURE_TEST_CASE(set_get_erase_and_values, Fixture) {
    Brain& b = make();
    BOOST_TEST(b.get_memory(counter) == nullptr);
    BOOST_TEST(!b.has_memory_value(counter));
    b.set_memory(counter, 42);
    BOOST_TEST_REQUIRE(b.get_memory(counter) != nullptr);
    BOOST_TEST(*b.get_memory(counter) == 42);
    BOOST_TEST(b.has_memory_value(counter));
    BOOST_TEST(b.is_memory_value(counter, 42));
    BOOST_TEST(!b.is_memory_value(counter, 41));
    b.set_memory(counter, 7);  // overwrite
    BOOST_TEST(*b.get_memory(counter) == 7);
    b.erase_memory(counter);
    BOOST_TEST(b.get_memory(counter) == nullptr);
    BOOST_TEST(!b.is_memory_value(counter, 7));
    BOOST_TEST(b.check_memory(counter, MemoryStatus::REGISTERED));  // still registered

    b.set_memory(name, std::string("Steve"));
    BOOST_TEST(b.is_memory_value(name, std::string("Steve")));
    b.set_memory(flag, Unit{});
    BOOST_TEST(b.has_memory_value(flag));
    BOOST_TEST(b.is_memory_value(flag, Unit{}));
    b.set_memory(golem_detected_recently, false);  // a false Boolean is still a present value
    BOOST_TEST(b.has_memory_value(golem_detected_recently));

    Big v{};
    v[0] = 1;
    v[15] = -1;
    b.set_memory(big, v);  // stored outside the slot's inline storage
    BOOST_TEST_REQUIRE(b.get_memory(big) != nullptr);
    BOOST_TEST((*b.get_memory(big) == v));
    b.erase_memory(big);
    BOOST_TEST(!b.has_memory_value(big));

    b.erase_memory(elsewhere);  // erasing an unregistered memory is harmless
}

BOOST_FIXTURE_TEST_CASE(time_until_expiry_is_zero_when_absent_or_not_expiring, Fixture) {
    // Note: vanilla's getTimeUntilExpiry returns Long.MAX_VALUE for a present non-expiring memory
    // (ExpirableValue.of uses it as the ttl); the SDK documents 0 instead, which this checks.
    Brain& b = make();
    BOOST_TEST(b.time_until_expiry(counter) == 0);
    b.set_memory(counter, 1);
    BOOST_TEST(b.time_until_expiry(counter) == 0);
    b.set_memory_with_expiry(counter, 1, 37);
    BOOST_TEST(b.time_until_expiry(counter) == 37);
    b.set_memory(counter, 2);  // a plain set drops the expiry
    BOOST_TEST(b.time_until_expiry(counter) == 0);
    b.set_memory_with_expiry(counter, 1, 37);
    b.erase_memory(counter);
    BOOST_TEST(b.time_until_expiry(counter) == 0);
    BOOST_TEST(b.time_until_expiry(elsewhere) == 0);
}

BOOST_FIXTURE_TEST_CASE(unregistered_memory_set_is_ignored_and_read_throws, Fixture) {
    Brain& b = make();
    b.set_memory(elsewhere, 5);  // vanilla: setMemoryInternal does nothing without a slot
    b.set_memory_with_expiry(elsewhere, 5, 10);
    BOOST_TEST(!b.has_memory_value(elsewhere));
    BOOST_CHECK_EXCEPTION(b.get_memory(elsewhere), BrainError,
                          [](const BrainError& e) { return contains(e.what(), "example:elsewhere"); });
    BOOST_CHECK_THROW(b.is_memory_value(elsewhere, 5), BrainError);        // it reads, as vanilla's getMemory
    BOOST_CHECK_THROW(b.get_memory(MemoryModuleType<int>{}), BrainError);  // an invalid handle
}

// find_memory reads another mob's brain, whose layout may lack the memory: nullptr, not an error.
BOOST_FIXTURE_TEST_CASE(find_memory_answers_nullptr_for_an_unregistered_memory, Fixture) {
    Brain& b = make();
    BOOST_TEST(b.find_memory(elsewhere) == nullptr);
    BOOST_TEST(b.find_memory(MemoryModuleType<int>{}) == nullptr);  // an invalid handle
    BOOST_TEST(b.find_memory(counter) == nullptr);                  // registered, absent
    b.set_memory(counter, 7);
    BOOST_REQUIRE(b.find_memory(counter) != nullptr);
    BOOST_TEST(*b.find_memory(counter) == 7);
    BOOST_CHECK_THROW(b.find_memory(MemoryModuleType<std::string>(counter.handle())), BrainError);
}

BOOST_FIXTURE_TEST_CASE(empty_collection_erases, Fixture) {
    Brain& b = make();
    b.set_memory(visible, std::vector<int>{1, 2});
    BOOST_TEST(b.has_memory_value(visible));
    b.set_memory(visible, std::vector<int>{});  // vanilla: an empty Collection erases
    BOOST_TEST(!b.has_memory_value(visible));
    BOOST_TEST(b.get_memory(visible) == nullptr);
    b.set_memory_with_expiry(visible, std::vector<int>{}, 50);
    BOOST_TEST(!b.has_memory_value(visible));
    BOOST_TEST(b.time_until_expiry(visible) == 0);
    b.set_memory(visible, std::vector<int>{3});
    BOOST_TEST((*b.get_memory(visible) == std::vector<int>{3}));
}

BOOST_FIXTURE_TEST_CASE(empty_optional_erases, Fixture) {
    Brain& b = make();
    b.set_memory(counter, 9);
    const std::optional<int> none;
    b.set_memory(counter, none);  // vanilla's setMemory(type, Optional.empty())
    BOOST_TEST(!b.has_memory_value(counter));
    const std::optional<int> some = 4;
    b.set_memory(counter, some);
    BOOST_TEST(b.is_memory_value(counter, 4));
    // Regression: a non-const optional once picked the forwarding overload and did not compile.
    b.set_memory(counter, std::optional<int>{});
    BOOST_TEST(!b.has_memory_value(counter));
    std::optional<int> lvalue = 3;
    b.set_memory(counter, lvalue);
    BOOST_TEST(b.is_memory_value(counter, 3));
}

// Writing a value of a type the memory was not registered with cannot be written at all:
// MemoryModuleType<int> only accepts what converts to int, so `b.set_memory(counter, std::string("x"))`
// is a compile error whose static_assert message says the value type does not match.
// A handle re-typed by hand is caught at run time.
BOOST_FIXTURE_TEST_CASE(retyped_handle_write_throws, Fixture) {
    Brain& b = make();
    const MemoryModuleType<std::string> wrong(counter.handle());
    BOOST_CHECK_THROW(b.set_memory(wrong, std::string("x")), BrainError);
    BOOST_TEST(!b.has_memory_value(counter));
    BOOST_CHECK_THROW(typed_memory<std::string>(reg.memory_types, counter.handle()), BrainError);
    BOOST_TEST((typed_memory<int>(reg.memory_types, counter.handle()) == counter));
}

// Regression (was a bug in Brain::get_memory): the header documents BrainError for "a memory handle of
// another value type", and writes check it (slot_for_write), but get_memory / is_memory_value do not:
// they static_cast the slot to the wrong T. With the memory absent it returns nullptr instead of
// throwing; with a value present it would read an int as a std::string (undefined behaviour), so this
// test keeps the memory absent.
BOOST_FIXTURE_TEST_CASE(retyped_handle_read_throws, Fixture) {
    Brain& b = make();
    const MemoryModuleType<std::string> wrong(counter.handle());
    BOOST_CHECK_THROW(b.get_memory(wrong), BrainError);
}

BOOST_FIXTURE_TEST_CASE(modify_memory_edits_in_place_and_erases_on_empty, Fixture) {
    Brain& b = make();
    b.modify_memory(visible, [](std::vector<int>& v) { v.push_back(1); });
    BOOST_TEST((*b.get_memory(visible) == std::vector<int>{1}));
    b.modify_memory(visible, [](std::vector<int>& v) { v.push_back(2); });
    BOOST_TEST((*b.get_memory(visible) == std::vector<int>{1, 2}));
    const int* before = b.get_memory(visible)->data();
    b.modify_memory(visible, [](std::vector<int>& v) { v[0] = 5; });
    BOOST_TEST(b.get_memory(visible)->data() == before);  // the same storage: edited, not replaced
    BOOST_TEST((*b.get_memory(visible) == std::vector<int>{5, 2}));
    b.modify_memory(visible, [](std::vector<int>& v) { v.clear(); });
    BOOST_TEST(!b.has_memory_value(visible));
    b.modify_memory(counter, [](int& v) { v += 3; });  // a non-collection: present afterwards
    BOOST_TEST(b.has_memory_value(counter));

    bool called = false;
    b.modify_memory(elsewhere, [&](int&) { called = true; });  // unregistered: ignored
    BOOST_TEST(!called);
    BOOST_TEST(!b.has_memory_value(elsewhere));
}

// Regression (was a bug in Brain::modify_memory): erase_memory (and expiry) only clear `present`, so a
// later modify_memory hands the edit the stale value. A sensor that appends to an expired list brings
// the forgotten entries back. An absent memory should be edited from an empty (default) value; for a
// collection, clear() keeps the capacity the "no allocation" note wants.
BOOST_FIXTURE_TEST_CASE(modify_memory_after_erase_starts_from_empty, Fixture) {
    Brain& b = make();
    b.set_memory(visible, std::vector<int>{1, 2, 3});
    b.erase_memory(visible);
    b.modify_memory(visible, [](std::vector<int>& v) { v.push_back(4); });
    BOOST_TEST((*b.get_memory(visible) == std::vector<int>{4}));

    b.set_memory_with_expiry(counter, 10, 0);
    level.tick();  // Modern: ttl 0 is erased on the next pass
    BOOST_TEST_REQUIRE(!b.has_memory_value(counter));
    b.modify_memory(counter, [](int& v) { v += 1; });
    BOOST_TEST(b.is_memory_value(counter, 1));
}

// ======================================================================================
// Expiry, tick by tick, in both orders
// ======================================================================================
//
// How "set, then tick" maps to vanilla: a behaviour or sensor sets a memory inside Brain.tick at game
// time T, after that tick's forgetOutdatedMemories has run. The first expiry pass the value goes
// through is therefore the one at the start of the brain tick at T+1. Setting the memory here between
// two FakeLevel::tick() calls is exactly that situation; "brain tick k" below is the k-th expiry pass.
//
// Modern (22w12a and later): `if (ttl <= 0) erase; ttl--` — present after passes 1..N, gone on N+1.
// Legacy (before 22w12a):    `ttl--; if (ttl <= 0) erase` — gone on pass N (and on pass 1 for N ≤ 1).

namespace {

// Present after each of `passes` level ticks, for a memory set with ttl `ttl` before the first.
std::vector<bool> expiry_trace(MemoryExpiry order, std::int64_t ttl, int passes,
                               std::vector<std::int64_t>* ttl_seen = nullptr) {
    Fixture f;
    f.level.expiry_ = order;
    Brain& b = f.make();
    b.set_memory_with_expiry(f.counter, 1, ttl);
    std::vector<bool> present;
    for (int k = 1; k <= passes; ++k) {
        f.level.tick();
        present.push_back(b.has_memory_value(f.counter));
        if (ttl_seen) ttl_seen->push_back(b.time_until_expiry(f.counter));
    }
    return present;
}

}  // namespace

BOOST_AUTO_TEST_CASE(modern_expiry_present_through_tick_n_gone_on_n_plus_1) {
    for (std::int64_t n : {0, 1, 5, 600}) {
        BOOST_TEST_CONTEXT("ttl " << n) {
            const int passes = static_cast<int>(n) + 5;
            const auto present = expiry_trace(MemoryExpiry::Modern, n, passes);
            for (int k = 1; k <= passes; ++k) BOOST_TEST_CONTEXT("brain tick " << k) {
                    BOOST_TEST(present[k - 1] == (k <= n));
                }
        }
    }
}

BOOST_AUTO_TEST_CASE(modern_expiry_600_time_until_expiry_counts_down) {
    std::vector<std::int64_t> ttl;
    const auto present = expiry_trace(MemoryExpiry::Modern, 600, 602, &ttl);
    for (int k = 1; k <= 600; ++k) {
        BOOST_TEST_CONTEXT("brain tick " << k) {
            BOOST_TEST(present[k - 1]);
            BOOST_TEST(ttl[k - 1] == 600 - k);  // 0 after tick 600, and still present
        }
    }
    BOOST_TEST(!present[600]);
    BOOST_TEST(ttl[600] == 0);
}

BOOST_AUTO_TEST_CASE(legacy_expiry_gone_on_tick_n) {
    for (std::int64_t n : {0, 1, 5, 600}) {
        BOOST_TEST_CONTEXT("ttl " << n) {
            const int passes = static_cast<int>(n) + 5;
            std::vector<std::int64_t> ttl;
            const auto present = expiry_trace(MemoryExpiry::Legacy, n, passes, &ttl);
            for (int k = 1; k <= passes; ++k) {
                BOOST_TEST_CONTEXT("brain tick " << k) {
                    BOOST_TEST(present[k - 1] == (k < n));
                    if (k < n) BOOST_TEST(ttl[k - 1] == n - k);
                }
            }
        }
    }
    // N = 1 is gone on the first tick, the same tick as N = 0.
    BOOST_TEST(expiry_trace(MemoryExpiry::Legacy, 1, 1)[0] == false);
}

BOOST_FIXTURE_TEST_CASE(non_expiring_memory_never_expires_and_reset_restarts_countdown, Fixture) {
    Brain& b = make();
    b.set_memory(counter, 1);
    b.set_memory_with_expiry(name, std::string("x"), 3);
    for (int k = 1; k <= 2; ++k) level.tick();
    BOOST_TEST(b.time_until_expiry(name) == 1);
    b.set_memory_with_expiry(name, std::string("y"), 3);  // a re-detection starts a new countdown
    BOOST_TEST(b.time_until_expiry(name) == 3);
    for (int k = 1; k <= 3; ++k) level.tick();
    BOOST_TEST(b.is_memory_value(name, std::string("y")));
    level.tick();
    BOOST_TEST(!b.has_memory_value(name));
    for (int k = 1; k <= 1000; ++k) level.tick();
    BOOST_TEST(b.is_memory_value(counter, 1));
}

BOOST_FIXTURE_TEST_CASE(forget_outdated_memories_directly, Fixture) {
    Brain& b = make();
    b.set_memory_with_expiry(counter, 1, 1);
    b.forget_outdated_memories(MemoryExpiry::Modern);
    BOOST_TEST(b.has_memory_value(counter));
    b.forget_outdated_memories(MemoryExpiry::Modern);
    BOOST_TEST(!b.has_memory_value(counter));
    b.set_memory_with_expiry(counter, 1, 1);
    b.forget_outdated_memories(MemoryExpiry::Legacy);
    BOOST_TEST(!b.has_memory_value(counter));
}

// ======================================================================================
// The iron-golem cycle (seed 000, section 五)
// ======================================================================================

namespace {

// VillagerPanicTrigger's tick reduced to the golem part: every game time divisible by 100, spawn a golem
// if GOLEM_DETECTED_RECENTLY is absent, then mark it for 600 ticks (GolemSensor.golemDetected). It is a
// trigger that runs its body on start, so it is tried every tick after the expiry pass.
class GolemSpawner final : public Behavior {
public:
    GolemSpawner(MemoryModuleType<bool> memory, std::vector<std::int64_t>& spawns)
        : Behavior({}, 0, 0), memory_(memory), spawns_(&spawns) {}

protected:
    void start(Level&, Mob& mob, std::int64_t time) override {
        if (time % 100 != 0) return;
        Brain& brain = *mob.brain();
        if (brain.has_memory_value(memory_)) return;
        spawns_->push_back(time);
        brain.set_memory_with_expiry(memory_, true, 600);
    }

private:
    MemoryModuleType<bool> memory_;
    std::vector<std::int64_t>* spawns_;
};

std::vector<std::int64_t> golem_spawns(MemoryExpiry order, std::int64_t start, std::int64_t end) {
    Fixture f;
    f.level.expiry_ = order;
    f.level.game_time_ = start;
    Brain& b = f.make();
    std::vector<std::int64_t> spawns;
    b.add_activity(f.act.core, 0, behaviors(std::make_unique<GolemSpawner>(f.golem_detected_recently, spawns)));
    b.set_core_activities({f.act.core});
    b.add_activity(f.act.idle, 0, {});
    b.set_default_activity(f.act.idle);
    b.use_default_activity();
    while (f.level.game_time_ < end) f.level.tick();
    return spawns;
}

}  // namespace

BOOST_AUTO_TEST_CASE(golem_memory_600_present_at_t_plus_600_modern_absent_legacy) {
    for (MemoryExpiry order : {MemoryExpiry::Modern, MemoryExpiry::Legacy}) {
        Fixture f;
        f.level.expiry_ = order;
        f.level.game_time_ = 24000;
        Brain& b = f.make();
        const std::int64_t t = f.level.game_time_;
        f.level.tick();  // the brain tick at game time T, during which golemDetected runs
        b.set_memory_with_expiry(f.golem_detected_recently, true, 600);
        // After the brain tick at game time g has run, check what a behaviour in it would have seen.
        while (f.level.game_time_ <= t + 601) {
            const std::int64_t g = f.level.game_time_;
            f.level.tick();
            const bool expected = order == MemoryExpiry::Modern ? g <= t + 600 : g <= t + 599;
            BOOST_TEST_CONTEXT((order == MemoryExpiry::Modern ? "modern" : "legacy") << ", game time T+" << g - t) {
                BOOST_TEST(b.has_memory_value(f.golem_detected_recently) == expected);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(golem_spawn_cycle_is_700_modern_600_legacy) {
    // Attempts every 100 game ticks; the memory set at T blocks T+600 with the modern order (700-tick
    // cycle, 35 s) and not with the legacy one (600-tick cycle, 30 s).
    BOOST_TEST((golem_spawns(MemoryExpiry::Modern, 1000, 3200) == std::vector<std::int64_t>{1000, 1700, 2400, 3100}));
    BOOST_TEST((golem_spawns(MemoryExpiry::Legacy, 1000, 3200) == std::vector<std::int64_t>{1000, 1600, 2200, 2800}));
}

// ======================================================================================
// Sensors
// ======================================================================================

namespace {

// Writes the game time into `memory` and the log each time it runs.
class TimeSensor final : public Sensor {
public:
    TimeSensor(MemoryModuleType<int> memory, std::vector<std::int64_t>* runs, std::int32_t rate = 20)
        : Sensor(rate), memory_(memory), runs_(runs) {}
    std::vector<MemoryHandle> requires_memories() const override { return {memory_}; }

protected:
    void do_tick(Level& level, Mob& mob) override {
        if (runs_) runs_->push_back(level.game_time());
        mob.brain()->set_memory(memory_, static_cast<int>(level.game_time()));
    }

private:
    MemoryModuleType<int> memory_;
    std::vector<std::int64_t>* runs_;
};

// Default scan rate (20), for the one-line registration.
class DefaultRateSensor final : public Sensor {
public:
    explicit DefaultRateSensor(MemoryModuleType<Unit> memory) : memory_(memory) {}
    std::vector<MemoryHandle> requires_memories() const override { return {memory_}; }

protected:
    void do_tick(Level&, Mob& mob) override { mob.brain()->set_memory(memory_, Unit{}); }

private:
    MemoryModuleType<Unit> memory_;
};

}  // namespace

BOOST_FIXTURE_TEST_CASE(register_sensor_is_one_line_and_records_required_memories, Fixture) {
    const SensorType s = register_sensor<DefaultRateSensor>(reg.sensor_types, "example:flagger", "test", flag);
    BOOST_TEST(reg.sensor_types[s].required_memories.size() == 1u);
    BOOST_TEST((reg.sensor_types[s].required_memories[0] == flag.handle()));
    BOOST_TEST(reg.sensor_types[s].factory()->scan_rate() == 20);
    BOOST_CHECK_EXCEPTION(
        register_sensor<DefaultRateSensor>(reg.sensor_types, "example:flagger", "other", flag), mobsdk::RegistryError,
        [](const mobsdk::RegistryError& e) { return contains(e.what(), "test") && contains(e.what(), "other"); });
}

BOOST_FIXTURE_TEST_CASE(sensor_memories_are_registered_by_the_layout, Fixture) {
    const SensorType s = register_sensor<TimeSensor>(reg.sensor_types, "example:time", "test", elsewhere,
                                                     static_cast<std::vector<std::int64_t>*>(nullptr), 20);
    Brain& b = make({counter}, {s});  // `elsewhere` is not in the memory list
    BOOST_TEST(b.is_registered(elsewhere));
    BOOST_TEST(b.check_memory(elsewhere, MemoryStatus::REGISTERED));
    BOOST_TEST(b.is_registered(counter));
    BOOST_TEST(!b.is_registered(name));
    BOOST_TEST(b.layout().memories().size() == 2u);
    BOOST_TEST(b.sensors().size() == 1u);
    // A memory listed twice (directly and by a sensor) gets one slot.
    Brain& c = make({elsewhere, counter, elsewhere}, {s, s});
    BOOST_TEST(c.layout().memories().size() == 2u);
    BOOST_TEST(c.sensors().size() == 2u);
}

BOOST_FIXTURE_TEST_CASE(sensor_first_run_after_random_delay_then_every_scan_rate, Fixture) {
    // FakeLevel{1}: new Random(1).nextInt(20) == 5, then nextInt(7) == 4 (Java), drawn in layout order
    // when the brain is made.
    std::vector<std::int64_t> slow_runs, fast_runs;
    const SensorType slow =
        register_sensor<TimeSensor>(reg.sensor_types, "example:slow", "test", counter, &slow_runs, 20);
    const SensorType fast =
        register_sensor<TimeSensor>(reg.sensor_types, "example:fast", "test", elsewhere, &fast_runs, 7);
    Brain& b = make({}, {slow, fast});
    BOOST_TEST(b.sensors()[0]->time_to_tick() == 5);
    BOOST_TEST(b.sensors()[1]->time_to_tick() == 4);
    for (int k = 1; k <= 70; ++k) level.tick();  // brain tick k runs at game time k - 1
    // Vanilla: `if (--timeToTick <= 0) { timeToTick = scanRate; doTick(); }`.
    std::vector<std::int64_t> slow_ticks, fast_ticks;
    for (auto g : slow_runs) slow_ticks.push_back(g + 1);
    for (auto g : fast_runs) fast_ticks.push_back(g + 1);
    BOOST_TEST((slow_ticks == std::vector<std::int64_t>{5, 25, 45, 65}));
    BOOST_TEST((fast_ticks == std::vector<std::int64_t>{4, 11, 18, 25, 32, 39, 46, 53, 60, 67}));
    BOOST_TEST(b.is_memory_value(counter, 64));
}

BOOST_FIXTURE_TEST_CASE(sensor_with_zero_delay_runs_on_the_first_tick, Fixture) {
    std::vector<std::int64_t> runs;
    const SensorType every = register_sensor<TimeSensor>(reg.sensor_types, "example:every", "test", counter, &runs, 1);
    Brain& b = make({}, {every});
    BOOST_TEST(b.sensors()[0]->time_to_tick() == 0);  // nextInt(1)
    for (int k = 1; k <= 3; ++k) level.tick();
    BOOST_TEST((runs == std::vector<std::int64_t>{0, 1, 2}));
}

// ======================================================================================
// Activities
// ======================================================================================

BOOST_FIXTURE_TEST_CASE(core_and_default_activities, Fixture) {
    Brain& b = make();
    b.set_core_activities({act.core});
    b.add_activity(act.core, 0, {});
    b.add_activity(act.idle, 0, {});
    b.add_activity(act.work, 0, {});
    BOOST_TEST(!b.active_non_core_activity().has_value());
    b.set_default_activity(act.idle);
    b.use_default_activity();
    BOOST_TEST(b.is_active(act.core));
    BOOST_TEST(b.is_active(act.idle));
    BOOST_TEST(!b.is_active(act.work));
    BOOST_TEST((b.active_non_core_activity() == act.idle));
    BOOST_TEST(b.active_activities().size() == 2u);
    b.set_active_activity_if_possible(act.work);
    BOOST_TEST(b.is_active(act.core));  // core activities stay active across switches
    BOOST_TEST(b.is_active(act.work));
    BOOST_TEST(!b.is_active(act.idle));  // at most one non-core activity
    BOOST_TEST((b.active_non_core_activity() == act.work));
    BOOST_TEST(b.active_activities().size() == 2u);
    b.use_default_activity();
    BOOST_TEST((b.active_non_core_activity() == act.idle));
}

BOOST_FIXTURE_TEST_CASE(activity_requirements_gate_switching, Fixture) {
    Brain& b = make();
    b.set_core_activities({act.core});
    b.add_activity(act.core, 0, {});
    b.add_activity(act.idle, 0, {});
    b.add_activity(act.work, 0, {});
    b.add_activity_with_conditions(act.fight, {}, {{counter, MemoryStatus::VALUE_PRESENT}});
    b.add_activity_with_conditions(act.hide, {},
                                   {{flag, MemoryStatus::VALUE_ABSENT}, {name, MemoryStatus::REGISTERED}});
    b.add_activity_with_conditions(act.avoid, {}, {{elsewhere, MemoryStatus::REGISTERED}});  // never met
    b.set_default_activity(act.idle);
    b.use_default_activity();

    BOOST_TEST(!b.activity_requirements_are_met(act.fight));
    b.set_active_activity_if_possible(act.fight);  // unmet: falls back to the default
    BOOST_TEST((b.active_non_core_activity() == act.idle));
    b.set_memory(counter, 1);
    BOOST_TEST(b.activity_requirements_are_met(act.fight));
    b.set_active_activity_if_possible(act.fight);
    BOOST_TEST((b.active_non_core_activity() == act.fight));

    // Unmet again while active: set_active_activity_if_possible(work) still works; fight back → default.
    b.erase_memory(counter);
    b.set_active_activity_if_possible(act.fight);
    BOOST_TEST((b.active_non_core_activity() == act.idle));

    BOOST_TEST(b.activity_requirements_are_met(act.hide));
    b.set_memory(flag, Unit{});
    BOOST_TEST(!b.activity_requirements_are_met(act.hide));
    BOOST_TEST(!b.activity_requirements_are_met(act.avoid));

    // An activity never added has no requirements entry: unmet (vanilla's containsKey check).
    BOOST_TEST(!b.activity_requirements_are_met(act.meet));
    b.set_active_activity_if_possible(act.work);
    b.set_active_activity_if_possible(act.meet);
    BOOST_TEST((b.active_non_core_activity() == act.idle));
}

BOOST_FIXTURE_TEST_CASE(later_add_replaces_requirements, Fixture) {
    Brain& b = make();
    b.add_activity_with_conditions(act.fight, {}, {{counter, MemoryStatus::VALUE_PRESENT}});
    BOOST_TEST(!b.activity_requirements_are_met(act.fight));
    b.add_activity(act.fight, 5, {});  // vanilla: activityRequirements.put(activity, ImmutableSet.of())
    BOOST_TEST(b.activity_requirements_are_met(act.fight));
}

BOOST_FIXTURE_TEST_CASE(set_active_activity_to_first_valid, Fixture) {
    Brain& b = make();
    b.set_core_activities({act.core});
    b.add_activity(act.core, 0, {});
    b.add_activity(act.idle, 0, {});
    b.add_activity_with_conditions(act.fight, {}, {{counter, MemoryStatus::VALUE_PRESENT}});
    b.add_activity_with_conditions(act.avoid, {}, {{name, MemoryStatus::VALUE_PRESENT}});
    b.add_activity(act.work, 0, {});
    b.set_default_activity(act.idle);
    b.use_default_activity();

    BOOST_TEST(!b.set_active_activity_to_first_valid({act.fight, act.avoid}));  // none valid: no change
    BOOST_TEST((b.active_non_core_activity() == act.idle));
    BOOST_TEST(b.set_active_activity_to_first_valid({act.fight, act.avoid, act.work}));
    BOOST_TEST((b.active_non_core_activity() == act.work));
    b.set_memory(name, std::string("n"));
    b.set_memory(counter, 1);
    BOOST_TEST(b.set_active_activity_to_first_valid({act.fight, act.avoid}));  // the first valid one
    BOOST_TEST((b.active_non_core_activity() == act.fight));
    b.erase_memory(counter);
    BOOST_TEST(b.set_active_activity_to_first_valid({act.fight, act.avoid}));
    BOOST_TEST((b.active_non_core_activity() == act.avoid));
    b.erase_memory(name);
    BOOST_TEST(!b.set_active_activity_to_first_valid({act.fight, act.meet}));  // meet was never added
    BOOST_TEST((b.active_non_core_activity() == act.avoid));                   // unchanged, not the default
}

BOOST_FIXTURE_TEST_CASE(memories_erased_when_activity_stops, Fixture) {
    Brain& b = make();
    b.set_core_activities({act.core});
    b.add_activity(act.core, 0, {});
    b.add_activity(act.idle, 0, {});
    b.add_activity(act.work, 0, {});
    b.add_activity_and_remove_memories_when_stopped(act.panic, {}, {}, {flag, visible});
    b.set_default_activity(act.idle);
    b.use_default_activity();

    b.set_memory(flag, Unit{});
    b.set_memory(visible, std::vector<int>{1});
    b.set_active_activity_if_possible(act.work);  // panic is not active: its memories stay
    BOOST_TEST(b.has_memory_value(flag));
    b.set_active_activity_if_possible(act.panic);
    BOOST_TEST(b.has_memory_value(flag));          // starting panic does not erase them
    b.set_active_activity_if_possible(act.panic);  // switching to itself: nothing stops
    BOOST_TEST(b.has_memory_value(flag));
    BOOST_TEST(b.has_memory_value(visible));
    b.set_memory(counter, 3);
    b.set_active_activity_if_possible(act.idle);  // panic stops
    BOOST_TEST(!b.has_memory_value(flag));
    BOOST_TEST(!b.has_memory_value(visible));
    BOOST_TEST(b.has_memory_value(counter));  // not in the list
}

// ======================================================================================
// Schedule-driven activity
// ======================================================================================

BOOST_FIXTURE_TEST_CASE(schedule_is_reread_only_after_more_than_20_ticks, Fixture) {
    Brain& b = make();
    const Schedule schedule =
        ScheduleBuilder().change_activity_at(0, act.work).change_activity_at(12000, act.rest).build();
    b.set_core_activities({act.core});
    b.add_activity(act.core, 0, {});
    b.add_activity(act.idle, 0, {});
    b.add_activity(act.work, 0, {});
    b.add_activity(act.rest, 0, {});
    b.set_default_activity(act.idle);
    b.use_default_activity();
    b.set_schedule(&schedule);

    // Each call: switch away by hand first, so that a read is visible as a switch back to work.
    auto reads_at = [&](std::int64_t game_time) {
        b.use_default_activity();
        b.update_activity_from_schedule(100, game_time);
        return b.is_active(act.work);
    };
    BOOST_TEST(reads_at(0));  // last read starts at -9999
    BOOST_TEST(!reads_at(10));
    BOOST_TEST(!reads_at(20));  // 20 - 0 is not more than 20
    BOOST_TEST(reads_at(21));
    BOOST_TEST(!reads_at(41));
    BOOST_TEST(reads_at(42));
    // A read that finds the activity already active still counts as a read.
    b.update_activity_from_schedule(100, 100);
    BOOST_TEST(!reads_at(110));
}

BOOST_FIXTURE_TEST_CASE(schedule_falls_back_to_default_when_requirements_fail, Fixture) {
    Brain& b = make();
    const Schedule schedule =
        ScheduleBuilder().change_activity_at(0, act.work).change_activity_at(12000, act.rest).build();
    b.set_core_activities({act.core});
    b.add_activity(act.core, 0, {});
    b.add_activity(act.idle, 0, {});
    b.add_activity(act.work, 0, {});
    b.add_activity_with_conditions(act.rest, {}, {{counter, MemoryStatus::VALUE_PRESENT}});  // "has a bed"
    b.set_default_activity(act.idle);
    b.set_schedule(&schedule);

    b.update_activity_from_schedule(100, 0);
    BOOST_TEST((b.active_non_core_activity() == act.work));
    b.update_activity_from_schedule(13000, 100);  // rest, but no bed: the default
    BOOST_TEST((b.active_non_core_activity() == act.idle));
    b.set_memory(counter, 1);
    b.update_activity_from_schedule(13000, 110);  // too soon
    BOOST_TEST((b.active_non_core_activity() == act.idle));
    b.update_activity_from_schedule(13000, 121);
    BOOST_TEST((b.active_non_core_activity() == act.rest));
    b.update_activity_from_schedule(24000 + 100, 200);  // day time is taken mod 24000
    BOOST_TEST((b.active_non_core_activity() == act.work));
}

// ======================================================================================
// Tick order
// ======================================================================================

namespace {

// Logs each run, and whether the ttl-0 memory had already been forgotten when it ran.
class OrderSensor final : public Sensor {
public:
    OrderSensor(MemoryModuleType<int> writes, MemoryModuleType<std::string> expiring, Log* log)
        : Sensor(1), writes_(writes), expiring_(expiring), log_(log) {}
    std::vector<MemoryHandle> requires_memories() const override { return {writes_, expiring_}; }

protected:
    void do_tick(Level& level, Mob& mob) override {
        Brain& b = *mob.brain();
        log_->push_back(b.has_memory_value(expiring_) ? "sensor:expiring-present" : "sensor");
        b.set_memory(writes_, static_cast<int>(level.game_time()));
    }

private:
    MemoryModuleType<int> writes_;
    MemoryModuleType<std::string> expiring_;
    Log* log_;
};

struct OrderFixture : Fixture {
    Brain* b = nullptr;
    const BehaviorControl* c0 = nullptr;
    const BehaviorControl* c1 = nullptr;
    const BehaviorControl* i0 = nullptr;
    const BehaviorControl* i2 = nullptr;
    const BehaviorControl* w0 = nullptr;
    OrderFixture() {
        const SensorType s =
            register_sensor<OrderSensor>(reg.sensor_types, "example:order", "test", counter, name, &log);
        b = &make({flag}, {s});
        // Core: c1 (priority 1) is added before c0 (priority 0). c0 needs the sensor's memory, which
        // only exists once the sensor has run: it starts on the first tick only if sensors run first.
        auto core = entries(Entry{1, logged("c1", log, {}, 3)},
                            Entry{0, logged("c0", log, {{counter, MemoryStatus::VALUE_PRESENT}})});
        c1 = core[0].second.get();
        c0 = core[1].second.get();
        // Idle: i0 is a trigger (starts and stops each tick), i2 runs for a while; nx never starts.
        auto idle = entries(Entry{0, logged("i0", log, {}, 1000, false)}, Entry{2, logged("i2", log, {}, 2)},
                            Entry{1, logged("nx", log, {{flag, MemoryStatus::VALUE_PRESENT}})},
                            Entry{1, logged("ny", log, {}, 1000, true, false)});
        i0 = idle[0].second.get();
        i2 = idle[1].second.get();
        auto work = entries(Entry{0, logged("w0", log)});
        w0 = work[0].second.get();
        b->add_activity(act.core, std::move(core));
        b->add_activity(act.idle, std::move(idle));
        b->add_activity(act.work, std::move(work));
        b->set_core_activities({act.core});
        b->set_default_activity(act.idle);
        b->use_default_activity();
    }
};

}  // namespace

BOOST_FIXTURE_TEST_CASE(tick_order_forget_sensors_start_then_tick, OrderFixture) {
    // Set with ttl 0 between ticks: the modern order forgets it on the next tick's first step, so
    // the sensor (second step) must not see it.
    b->set_memory_with_expiry(name, std::string("x"), 0);
    level.tick();
    // Starts in priority order (ties in insertion order, across activities): c0 and i0 (0), then c1 (1),
    // then i2 (2); every start comes before every tick; i0, a trigger, stops in the tick phase.
    BOOST_TEST((log == Log{"sensor", "start:c0", "start:i0", "start:c1", "start:i2", "tick:c0", "stop:i0", "tick:c1",
                           "tick:i2"}));
    BOOST_TEST((b->running_behaviors() == std::vector<const BehaviorControl*>{c0, c1, i2}));

    log.clear();
    level.tick();  // only the stopped i0 is started again; running ones are not restarted
    BOOST_TEST((log == Log{"sensor", "start:i0", "tick:c0", "stop:i0", "tick:c1", "tick:i2"}));

    log.clear();
    level.tick();  // game time 2: i2 (started at 0, duration 2) ticks through time 2, stops at 3
    BOOST_TEST((log == Log{"sensor", "start:i0", "tick:c0", "stop:i0", "tick:c1", "tick:i2"}));
    log.clear();
    level.tick();  // game time 3: c1 (duration 3) still ticks, i2 times out
    BOOST_TEST((log == Log{"sensor", "start:i0", "tick:c0", "stop:i0", "tick:c1", "stop:i2"}));
    log.clear();
    level.tick();  // game time 4: i2 restarts before c1 times out
    BOOST_TEST((log == Log{"sensor", "start:i0", "start:i2", "tick:c0", "stop:i0", "stop:c1", "tick:i2"}));
}

BOOST_FIXTURE_TEST_CASE(legacy_order_also_forgets_before_sensors, OrderFixture) {
    level.expiry_ = MemoryExpiry::Legacy;
    b->set_memory_with_expiry(name, std::string("x"), 1);
    level.tick();
    BOOST_TEST(log.front() == "sensor");
}

BOOST_FIXTURE_TEST_CASE(behaviour_of_inactive_activity_runs_until_it_stops_itself, OrderFixture) {
    level.tick();  // c0, c1, i2 running
    b->set_active_activity_if_possible(act.work);
    log.clear();
    level.tick();  // game time 1: i0 (idle) is no longer tried; i2 keeps running; w0 starts
    BOOST_TEST((log == Log{"sensor", "start:w0", "tick:c0", "tick:w0", "tick:c1", "tick:i2"}));
    log.clear();
    level.tick();  // game time 2
    log.clear();
    level.tick();  // game time 3: i2 times out by itself and is not restarted afterwards
    BOOST_TEST((log == Log{"sensor", "tick:c0", "tick:w0", "tick:c1", "stop:i2"}));
    log.clear();
    level.tick();
    BOOST_TEST((log == Log{"sensor", "tick:c0", "tick:w0", "stop:c1"}));
    BOOST_TEST((b->running_behaviors() == std::vector<const BehaviorControl*>{c0, w0}));
}

BOOST_FIXTURE_TEST_CASE(stop_all_stops_every_running_behaviour_in_priority_order, OrderFixture) {
    level.tick();
    log.clear();
    b->stop_all(level, mob);
    BOOST_TEST((log == Log{"stop:c0", "stop:c1", "stop:i2"}));
    BOOST_TEST(b->running_behaviors().empty());
    log.clear();
    level.tick();  // and they start again on the next tick
    BOOST_TEST((log == Log{"sensor", "start:c0", "start:i0", "start:c1", "start:i2", "tick:c0", "stop:i0", "tick:c1",
                           "tick:i2"}));
}

BOOST_FIXTURE_TEST_CASE(add_activity_with_priority_start_numbers_consecutively, Fixture) {
    Brain& b = make();
    // Priorities 5, 6, 7 for the idle list; a core behaviour at 6 was added first, so it comes before
    // the idle one of the same priority.
    b.add_activity(act.core, entries(Entry{6, logged("core6", log)}));
    b.add_activity(act.idle, 5, behaviors(logged("p5", log), logged("p6", log), logged("p7", log)));
    b.add_activity(act.core, entries(Entry{7, logged("core7", log)}, Entry{4, logged("core4", log)}));
    b.set_core_activities({act.core});
    b.set_default_activity(act.idle);
    b.use_default_activity();
    level.tick();
    BOOST_TEST((log == Log{"start:core4", "start:p5", "start:core6", "start:p6", "start:p7", "start:core7",
                           "tick:core4", "tick:p5", "tick:core6", "tick:p6", "tick:p7", "tick:core7"}));
    std::vector<std::string> names;
    for (const BehaviorControl* r : b.running_behaviors()) names.push_back(r->debug_string());
    BOOST_TEST((names == std::vector<std::string>{"core4", "p5", "core6", "p6", "p7", "core7"}));
}

BOOST_FIXTURE_TEST_CASE(nothing_runs_before_an_activity_is_chosen, Fixture) {
    // Vanilla: setCoreActivities does not activate anything; activeActivities fills on the first
    // setActiveActivity. A brain whose owner never picks an activity runs no behaviour.
    Brain& b = make();
    b.add_activity(act.core, 0, behaviors(logged("c", log)));
    b.set_core_activities({act.core});
    level.tick();
    BOOST_TEST(log.empty());
    BOOST_TEST(!b.is_active(act.core));
}

BOOST_FIXTURE_TEST_CASE(null_behaviour_is_refused, Fixture) {
    Brain& b = make();
    BOOST_CHECK_THROW(b.add_activity(act.idle, 0, behaviors(std::unique_ptr<BehaviorControl>{})), BrainError);
}

// ======================================================================================
// NBT
// ======================================================================================

BOOST_FIXTURE_TEST_CASE(save_writes_long_term_present_memories_with_ttl_when_expiring, Fixture) {
    Brain& b = make({counter, name, golem_detected_recently, visible, ids, flag});
    b.set_memory(counter, 12);
    b.set_memory_with_expiry(name, std::string("Alex"), 100);
    b.set_memory(visible, std::vector<int>{1});  // short-term: never saved
    b.set_memory(flag, Unit{});                  // short-term
    b.set_memory(ids, std::vector<int>{4, 5});
    b.set_memory_with_expiry(golem_detected_recently, true, 3);
    b.erase_memory(golem_detected_recently);  // absent: not saved

    const nbt::Compound saved = b.save();
    BOOST_TEST(saved.size() == 1u);
    const auto* memories = saved.find<nbt::Compound>("memories");
    BOOST_TEST_REQUIRE(memories != nullptr);
    BOOST_TEST(memories->size() == 3u);
    BOOST_TEST(!memories->contains("example:visible"));
    BOOST_TEST(!memories->contains("example:flag"));
    BOOST_TEST(!memories->contains("example:golem_detected_recently"));

    const auto* c = memories->find<nbt::Compound>("example:counter");
    BOOST_TEST_REQUIRE(c != nullptr);
    BOOST_TEST((*c == nbt::Compound{{"value", std::int32_t{12}}}));  // no ttl: it does not expire

    const auto* n = memories->find<nbt::Compound>("example:name");
    BOOST_TEST_REQUIRE(n != nullptr);
    BOOST_TEST(n->get<std::string>("value") == "Alex");
    const nbt::Tag* ttl = n->find("ttl");
    BOOST_TEST_REQUIRE(ttl != nullptr);
    BOOST_TEST((ttl->type() == nbt::TagType::Long));  // TAG_Long, as vanilla's Codec.LONG
    BOOST_TEST(ttl->as_long() == 100);

    const auto* i = memories->find<nbt::Compound>("example:ids");
    BOOST_TEST_REQUIRE(i != nullptr);
    BOOST_TEST((i->get<nbt::IntArray>("value") == nbt::IntArray{4, 5}));

    // An empty brain saves an empty memories compound.
    Fixture other;
    const nbt::Compound empty = other.make().save();
    BOOST_TEST_REQUIRE(empty.find<nbt::Compound>("memories") != nullptr);
    BOOST_TEST(empty.find<nbt::Compound>("memories")->empty());
}

BOOST_FIXTURE_TEST_CASE(load_round_trips_and_keeps_counting_down, Fixture) {
    Brain& b = make();
    b.set_memory(counter, 12);
    b.set_memory_with_expiry(name, std::string("Alex"), 2);
    b.set_memory(ids, std::vector<int>{7});
    const nbt::Compound saved = b.save();

    Fixture f;
    Brain& c = f.make();
    const auto warnings = c.load(saved);
    BOOST_TEST(warnings.empty());
    BOOST_TEST(c.is_memory_value(f.counter, 12));
    BOOST_TEST(c.time_until_expiry(f.counter) == 0);
    BOOST_TEST(c.is_memory_value(f.name, std::string("Alex")));
    BOOST_TEST(c.time_until_expiry(f.name) == 2);
    BOOST_TEST((*c.get_memory(f.ids) == std::vector<int>{7}));
    BOOST_TEST((c.save() == saved));
    for (int k = 1; k <= 2; ++k) f.level.tick();
    BOOST_TEST(c.has_memory_value(f.name));  // modern: ttl 2 is present after two passes
    f.level.tick();
    BOOST_TEST(!c.has_memory_value(f.name));
}

BOOST_FIXTURE_TEST_CASE(load_skips_bad_entries_with_warnings_and_keeps_the_rest, Fixture) {
    Brain& b = make({counter, name, golem_detected_recently, visible, ids, flag});
    b.set_memory_with_expiry(counter, 7, 40);  // a malformed saved value must leave this as it is
    b.set_memory(golem_detected_recently, true);

    const nbt::Compound tag{
        {"memories",
         nbt::Compound{
             {"example:nope", nbt::Compound{{"value", std::int32_t{1}}}},     // unknown
             {"example:big", nbt::Compound{{"value", std::int32_t{1}}}},      // not in this brain
             {"example:visible", nbt::Compound{{"value", std::int32_t{1}}}},  // short-term
             {"example:counter", nbt::Compound{{"value", "seven"}}},          // malformed value
             {"example:golem_detected_recently", std::int32_t{1}},            // not a compound
             {"example:flag", nbt::Compound{{"ttl", std::int64_t{5}}}},       // no value
             {"example:ids", nbt::Compound{{"value", nbt::IntArray{1}}, {"ttl", std::int32_t{5}}}},  // Int ttl
             {"not a valid id!", nbt::Compound{{"value", std::int32_t{1}}}},                         // malformed id
             {"example:name", nbt::Compound{{"value", "kept"}, {"ttl", std::int64_t{9}}}},           // good
         }}};
    const auto warnings = b.load(tag);
    BOOST_TEST(warnings.size() == 8u);
    for (const char* key : {"example:nope", "example:big", "example:visible", "example:counter",
                            "example:golem_detected_recently", "example:flag", "example:ids", "not a valid id!"}) {
        bool named = false;
        for (const auto& w : warnings) named |= contains(w, key);
        BOOST_TEST_CONTEXT("warning for " << key) { BOOST_TEST(named); }
    }
    bool says_why = false;
    for (const auto& w : warnings) says_why |= contains(w, "expected TAG_Int, found TAG_String");
    BOOST_TEST(says_why);  // the codec's message is passed on

    BOOST_TEST(b.is_memory_value(counter, 7));  // left as it was, expiry included
    BOOST_TEST(b.time_until_expiry(counter) == 40);
    BOOST_TEST(b.is_memory_value(golem_detected_recently, true));
    BOOST_TEST(!b.has_memory_value(ids));
    BOOST_TEST(b.is_memory_value(name, std::string("kept")));
    BOOST_TEST(b.time_until_expiry(name) == 9);
}

BOOST_FIXTURE_TEST_CASE(load_replaces_values_and_empty_collection_is_absent, Fixture) {
    Brain& b = make();
    b.set_memory_with_expiry(counter, 1, 50);
    b.set_memory(ids, std::vector<int>{1, 2});
    const auto warnings =
        b.load(nbt::Compound{{"memories", nbt::Compound{
                                              {"example:counter", nbt::Compound{{"value", std::int32_t{2}}}},
                                              {"example:ids", nbt::Compound{{"value", nbt::IntArray{}}}},
                                          }}});
    BOOST_TEST(warnings.empty());
    BOOST_TEST(b.is_memory_value(counter, 2));
    BOOST_TEST(b.time_until_expiry(counter) == 0);  // the loaded value does not expire
    BOOST_TEST(!b.has_memory_value(ids));           // an empty collection is no value
    BOOST_TEST(b.load(nbt::Compound{}).empty());    // no memories key: nothing to do
}

BOOST_FIXTURE_TEST_CASE(load_memories_of_the_wrong_type_warns, Fixture) {
    Brain& b = make();
    b.set_memory(counter, 1);
    const auto warnings = b.load(nbt::Compound{{"memories", std::int32_t{3}}});
    BOOST_TEST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(contains(warnings[0], "TAG_Int"));
    BOOST_TEST(b.is_memory_value(counter, 1));
}

// ======================================================================================
// The tick's own tables: the status mirror, start requirements checked by the brain, sensor
// countdowns and the expiry list kept in the brain. Same behaviour as calling every behaviour.
// ======================================================================================

namespace {

// Counts try_start calls and records whether the brain said it had checked the requirements;
// starts when they hold (checking them itself), and stops at its first tick unless told not to.
class Probe final : public BehaviorControl {
public:
    explicit Probe(std::vector<MemoryRequirement> requirements) : requirements_(std::move(requirements)) {}
    bool try_start(Level&, Mob& mob, std::int64_t) override {
        ++attempts;
        Brain& b = *mob.brain();
        prechecked.push_back(b.start_requirements_checked(*this));
        if (!has_required_memories(b, requirements_)) return false;
        status_ = BehaviorStatus::RUNNING;
        return true;
    }
    void tick_or_stop(Level&, Mob&, std::int64_t) override {
        ++ticks;
        if (stop_at_tick) status_ = BehaviorStatus::STOPPED;
    }
    void do_stop(Level&, Mob&, std::int64_t) override { status_ = BehaviorStatus::STOPPED; }
    std::string debug_string() const override { return "Probe"; }
    std::span<const MemoryRequirement> start_requirements() const noexcept override {
        return declare ? std::span<const MemoryRequirement>(requirements_) : std::span<const MemoryRequirement>();
    }
    /// Sets the status without the brain knowing.
    void force(BehaviorStatus s) { status_ = s; }

    bool declare = true;
    bool stop_at_tick = true;
    int attempts = 0;
    int ticks = 0;
    std::vector<bool> prechecked;

private:
    std::vector<MemoryRequirement> requirements_;
};

struct ProbeFixture : Fixture {
    Probe* add(std::vector<MemoryRequirement> requirements, bool declare = true) {
        auto p = std::make_unique<Probe>(std::move(requirements));
        p->declare = declare;
        Probe* raw = p.get();
        brain().add_activity(act.core, 0, behaviors(std::move(p)));
        return raw;
    }
    void activate() {
        brain().set_core_activities({act.core});
        brain().set_default_activity(act.idle);
        brain().use_default_activity();
    }
};

MemoryRequirement req(MemoryHandle m, MemoryStatus s) { return MemoryRequirement{m, s}; }

}  // namespace

BOOST_FIXTURE_TEST_CASE(declared_requirements_that_fail_skip_try_start, ProbeFixture) {
    make();
    Probe* declared = add({req(counter, MemoryStatus::VALUE_PRESENT), req(flag, MemoryStatus::VALUE_ABSENT)});
    Probe* undeclared = add({req(counter, MemoryStatus::VALUE_PRESENT)}, false);
    activate();
    for (int k = 0; k < 3; ++k) level.tick();
    BOOST_TEST(declared->attempts == 0);    // skipped: its try_start would have returned false
    BOOST_TEST(undeclared->attempts == 3);  // asked every tick, as vanilla asks every behaviour
    brain().set_memory(counter, 1);
    level.tick();
    BOOST_TEST(declared->attempts == 1);
    BOOST_TEST((declared->prechecked == std::vector<bool>{true}));
    BOOST_TEST(declared->ticks == 1);                     // started, then ticked (and stopped) in the same brain tick
    BOOST_TEST((undeclared->prechecked.back() == true));  // it declared none, so none are left to check
    brain().set_memory(flag, Unit{});
    level.tick();
    BOOST_TEST(declared->attempts == 1);  // flag must be absent
    BOOST_TEST((declared->status() == BehaviorStatus::STOPPED));
}

BOOST_FIXTURE_TEST_CASE(registered_requirements_hold_and_unregistered_ones_never_do, ProbeFixture) {
    make({counter});
    Probe* registered = add({req(counter, MemoryStatus::REGISTERED)});
    Probe* unregistered = add({req(name, MemoryStatus::VALUE_ABSENT)});  // name: not in this brain
    activate();
    level.tick();
    BOOST_TEST(registered->attempts == 1);
    BOOST_TEST((registered->prechecked == std::vector<bool>{true}));
    BOOST_TEST(unregistered->attempts == 0);  // vanilla: checkMemory is false for it, whatever the status
}

BOOST_FIXTURE_TEST_CASE(more_than_six_requirements_are_checked_by_try_start_too, ProbeFixture) {
    make();
    std::vector<MemoryRequirement> seven;
    for (MemoryHandle m : all_memories()) seven.push_back(req(m, MemoryStatus::VALUE_ABSENT));
    BOOST_TEST_REQUIRE(seven.size() == 7u);
    Probe* p = add(seven);
    activate();
    level.tick();
    BOOST_TEST(p->attempts == 1);
    BOOST_TEST((p->prechecked == std::vector<bool>{false}));  // the brain checked six of them only
    brain().set_memory(big, Big{});                           // the seventh fails: try_start says no itself
    level.tick();
    BOOST_TEST(p->attempts == 2);
    BOOST_TEST(p->ticks == 1);
    brain().set_memory(counter, 1);  // one of the first six fails: skipped
    level.tick();
    BOOST_TEST(p->attempts == 2);
}

BOOST_FIXTURE_TEST_CASE(start_requirements_checked_only_during_the_brains_call, ProbeFixture) {
    make();
    Probe* p = add({req(counter, MemoryStatus::VALUE_PRESENT)});
    activate();
    brain().set_memory(counter, 1);
    BOOST_TEST(!brain().start_requirements_checked(*p));
    p->try_start(level, mob, 0);  // called directly, not by the brain's tick
    BOOST_TEST((p->prechecked == std::vector<bool>{false}));
    p->do_stop(level, mob, 0);
    level.tick();
    BOOST_TEST((p->prechecked == std::vector<bool>{false, true}));
    BOOST_TEST(!brain().start_requirements_checked(*p));
}

BOOST_FIXTURE_TEST_CASE(status_changed_outside_the_brain_is_what_the_brain_sees, ProbeFixture) {
    make();
    Probe* p = add({req(counter, MemoryStatus::VALUE_PRESENT)});
    activate();
    p->stop_at_tick = false;
    p->force(BehaviorStatus::RUNNING);  // requirements fail, but it runs: the brain must tick it
    BOOST_TEST(brain().running_behaviors().size() == 1u);
    level.tick();
    level.tick();
    BOOST_TEST(p->ticks == 2);
    BOOST_TEST(p->attempts == 0);
    p->force(BehaviorStatus::STOPPED);
    BOOST_TEST(brain().running_behaviors().empty());
    level.tick();
    BOOST_TEST(p->ticks == 2);
}

BOOST_FIXTURE_TEST_CASE(a_mob_answering_another_brain_gets_every_try_start, ProbeFixture) {
    Brain& b = make();
    Probe* p = add({req(counter, MemoryStatus::VALUE_PRESENT)});
    activate();
    auto other_provider =
        std::make_unique<BrainProvider>(reg, std::vector<MemoryHandle>{counter}, std::vector<SensorType>{});
    FakeMob other{Uuid{3, 4}};
    other.brain_ = other_provider->make_brain(level.random());
    other.brain_->set_memory(counter, 5);  // `b` has no counter; the mob's brain has one
    b.tick(level, other);
    BOOST_TEST(p->attempts == 1);
    BOOST_TEST((p->prechecked == std::vector<bool>{false}));
    BOOST_TEST(p->ticks == 1);  // it checked the mob's brain, as vanilla's behaviours do
}

BOOST_FIXTURE_TEST_CASE(activities_beyond_64_in_one_brain_still_switch, ProbeFixture) {
    std::vector<Activity> many;
    for (int k = 0; k < 70; ++k)
        many.push_back(reg.activities.register_entry("example:a" + std::to_string(k), ActivityInfo{}, "test"));
    Brain& b = make();
    std::vector<Probe*> probes;
    for (Activity a : many) {
        auto p = std::make_unique<Probe>(std::vector<MemoryRequirement>{});
        probes.push_back(p.get());
        b.add_activity(a, 0, behaviors(std::move(p)));
    }
    b.set_default_activity(many[0]);
    b.use_default_activity();
    level.tick();
    b.set_active_activity_if_possible(many[69]);  // the 70th added: past the brain's 64-bit mask
    level.tick();
    b.set_active_activity_if_possible(many[63]);
    level.tick();
    BOOST_TEST(probes[0]->attempts == 1);
    BOOST_TEST(probes[69]->attempts == 1);
    BOOST_TEST(probes[63]->attempts == 1);
    int others = 0;
    for (Probe* p : probes) others += p->attempts;
    BOOST_TEST(others == 3);
}

namespace {

// Switches the brain to another activity when tried, and never starts (as a schedule update would).
class Switcher final : public BehaviorControl {
public:
    explicit Switcher(Activity to) : to_(to) {}
    bool try_start(Level&, Mob& mob, std::int64_t) override {
        mob.brain()->set_active_activity_if_possible(to_);
        return false;
    }
    void tick_or_stop(Level&, Mob&, std::int64_t) override {}
    void do_stop(Level&, Mob&, std::int64_t) override {}
    std::string debug_string() const override { return "Switcher"; }

private:
    Activity to_;
};

}  // namespace

// Vanilla's startEachNonRunningBehavior asks, entry by entry, whether the entry's activity is
// active: a behaviour that switches activities changes what the entries after it may do in the
// same tick, not those before it. Here across several 64-entry words of the brain's table.
BOOST_FIXTURE_TEST_CASE(an_activity_switched_mid_tick_applies_to_the_entries_after_it, ProbeFixture) {
    Brain& b = make();
    auto probe = [](bool stop) {
        auto p = std::make_unique<Probe>(std::vector<MemoryRequirement>{});
        p->stop_at_tick = stop;
        return p;
    };
    // Core: 100 fillers that keep running (priority 5), the switcher at priority 50, 40 more fillers.
    std::vector<Probe*> fillers;
    std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> core;
    for (int k = 0; k < 100; ++k) {
        auto p = probe(false);
        fillers.push_back(p.get());
        core.emplace_back(5, std::move(p));
    }
    core.emplace_back(50, std::make_unique<Switcher>(act.work));
    for (int k = 0; k < 40; ++k) {  // 40 more after the switcher: the entries at 90 fall in the third word
        auto p = probe(false);
        fillers.push_back(p.get());
        core.emplace_back(60, std::move(p));
    }
    b.add_activity(act.core, std::move(core));
    // Idle and work each have one behaviour before the switcher (priority 10) and one after (90).
    auto idle_before = probe(true), idle_after = probe(true), work_before = probe(true), work_after = probe(true);
    Probe* ib = idle_before.get();
    Probe* ia = idle_after.get();
    Probe* wb = work_before.get();
    Probe* wa = work_after.get();
    std::vector<std::pair<std::int32_t, std::unique_ptr<BehaviorControl>>> idle, work;
    idle.emplace_back(10, std::move(idle_before));
    idle.emplace_back(90, std::move(idle_after));
    work.emplace_back(10, std::move(work_before));
    work.emplace_back(90, std::move(work_after));
    b.add_activity(act.idle, std::move(idle));
    b.add_activity(act.work, std::move(work));
    b.set_core_activities({act.core});
    b.set_default_activity(act.idle);
    b.use_default_activity();
    level.tick();
    BOOST_TEST(ib->attempts == 1);  // before the switcher: idle was still active
    BOOST_TEST(ia->attempts == 0);  // after it: idle no longer is
    BOOST_TEST(wb->attempts == 0);  // before it: work was not active yet
    BOOST_TEST(wa->attempts == 1);  // after it: work is
    BOOST_TEST((b.active_non_core_activity() == act.work));
    for (Probe* f : fillers) BOOST_TEST_REQUIRE(f->ticks == 1);  // every running one ticked, all words
    level.tick();
    BOOST_TEST(wb->attempts == 1);  // work's first entry gets its turn on the next tick
    for (Probe* f : fillers) BOOST_TEST_REQUIRE((f->attempts == 1 && f->ticks == 2));
    BOOST_TEST(b.running_behaviors().size() == 140u);
}

BOOST_FIXTURE_TEST_CASE(sensor_countdown_lives_in_the_brain_and_stays_visible, Fixture) {
    std::vector<std::int64_t> runs;
    const SensorType s = register_sensor<TimeSensor>(reg.sensor_types, "example:cd", "test", counter, &runs, 4);
    Brain& b = make({}, {s});
    Sensor& sensor = *b.sensors()[0];
    sensor.set_time_to_tick(2);
    level.tick();
    BOOST_TEST(sensor.time_to_tick() == 1);
    level.tick();  // runs (time 1) and restarts at the scan rate
    BOOST_TEST(sensor.time_to_tick() == 4);
    BOOST_TEST((runs == std::vector<std::int64_t>{1}));
    sensor.set_time_to_tick(1);  // the brain follows a change made through the sensor
    level.tick();
    BOOST_TEST((runs == std::vector<std::int64_t>{1, 2}));
    // Ticked on its own, a sensor counts down on its own.
    TimeSensor alone(counter, &runs, 3);
    alone.set_time_to_tick(1);
    alone.tick(level, mob);
    BOOST_TEST(alone.time_to_tick() == 3);
    BOOST_TEST(runs.size() == 3u);
}

BOOST_FIXTURE_TEST_CASE(expiry_list_keeps_each_ttl_as_entries_come_and_go, Fixture) {
    Brain& b = make();
    b.set_memory_with_expiry(counter, 1, 1);
    b.set_memory_with_expiry(name, std::string("n"), 3);
    b.set_memory_with_expiry(flag, Unit{}, 5);
    b.set_memory_with_expiry(ids, std::vector<int>{1}, 2);
    b.forget_outdated_memories(MemoryExpiry::Modern);  // 0, 2, 4, 1
    b.forget_outdated_memories(MemoryExpiry::Modern);  // 0 → counter erased; 1, 3, 0
    BOOST_TEST(!b.has_memory_value(counter));
    BOOST_TEST(b.time_until_expiry(name) == 1);
    BOOST_TEST(b.time_until_expiry(flag) == 3);
    BOOST_TEST(b.time_until_expiry(ids) == 0);  // ttl 0 reads as 0, and it is still present
    BOOST_TEST(b.has_memory_value(ids));
    b.set_memory(name, std::string("kept"));  // now without expiry: leaves the list
    b.erase_memory(flag);
    b.set_memory_with_expiry(counter, 2, 10);          // back in, after the removals
    b.forget_outdated_memories(MemoryExpiry::Modern);  // ids erased; counter 9
    BOOST_TEST(!b.has_memory_value(ids));
    BOOST_TEST(!b.has_memory_value(flag));
    BOOST_TEST(b.is_memory_value(name, std::string("kept")));
    BOOST_TEST(b.time_until_expiry(name) == 0);
    BOOST_TEST(b.time_until_expiry(counter) == 9);
    b.set_memory_with_expiry(flag, Unit{}, 1);
    for (int k = 0; k < 2; ++k) b.forget_outdated_memories(MemoryExpiry::Modern);
    BOOST_TEST(!b.has_memory_value(flag));
    BOOST_TEST(b.time_until_expiry(counter) == 7);
    for (int k = 0; k < 7; ++k) b.forget_outdated_memories(MemoryExpiry::Modern);
    BOOST_TEST(b.has_memory_value(counter));
    b.forget_outdated_memories(MemoryExpiry::Modern);
    BOOST_TEST(!b.has_memory_value(counter));
    BOOST_TEST(b.is_memory_value(name, std::string("kept")));
}

BOOST_AUTO_TEST_SUITE_END()
