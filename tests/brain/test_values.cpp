// Memory value kinds and their codecs: vanilla's NBT shapes, lenient reads, error messages, and
// trackers resolved through a FakeLevel (including entities that are gone).
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>

#include "mobsdk/brain/codecs.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/nbt/snbt.hpp"
#include "mobsdk/testing/fake_world.hpp"

using namespace mobsdk;
using namespace mobsdk::brain;
using mobsdk::testing::FakeLevel;
using mobsdk::testing::FakeMob;

// These types have no operator<<; failures show the expression instead of the values.
BOOST_TEST_DONT_PRINT_LOG_VALUE(mobsdk::nbt::Tag)
BOOST_TEST_DONT_PRINT_LOG_VALUE(mobsdk::nbt::TagType)
BOOST_TEST_DONT_PRINT_LOG_VALUE(mobsdk::BlockPos)
BOOST_TEST_DONT_PRINT_LOG_VALUE(mobsdk::GlobalPos)
BOOST_TEST_DONT_PRINT_LOG_VALUE(mobsdk::Uuid)
BOOST_TEST_DONT_PRINT_LOG_VALUE(mobsdk::Vec3)
BOOST_TEST_DONT_PRINT_LOG_VALUE(mobsdk::brain::GlobalPosList)
BOOST_TEST_DONT_PRINT_LOG_VALUE(std::optional<mobsdk::BlockPos>)

namespace {

nbt::Tag snbt(std::string_view text) {
    auto r = nbt::parse_snbt(text);
    BOOST_REQUIRE_MESSAGE(r.has_value(), "bad SNBT in test: " << text);
    return std::move(r).value();
}

template <typename Codec>
std::string decode_error(std::string_view text) {
    auto r = Codec::decode(snbt(text));
    BOOST_REQUIRE_MESSAGE(!r.has_value(), "decoding " << text << " should fail");
    return r.error();
}

// The UUID of RFC 4122's example, whose int form is easy to check by hand.
constexpr Uuid kExampleUuid{0xf81d4fae7dec11d0ull, 0xa76500a0c91e6bf6ull};

/// Removes a mob from the level's list: what the world does when an entity is removed.
void remove(FakeLevel& level, FakeMob* mob) { std::erase(level.mobs, mob); }

}  // namespace

BOOST_AUTO_TEST_SUITE(values)

// ---------------------------------------------------------------- codecs

BOOST_AUTO_TEST_CASE(bool_codec_writes_a_byte_and_reads_any_number) {
    BOOST_TEST(nbt::to_snbt(BoolCodec::encode(true)) == "1b");
    BOOST_TEST(nbt::to_snbt(BoolCodec::encode(false)) == "0b");
    BOOST_TEST(BoolCodec::encode(true).type() == nbt::TagType::Byte);
    BOOST_TEST(BoolCodec::decode(snbt("1b")).value() == true);
    BOOST_TEST(BoolCodec::decode(snbt("0b")).value() == false);
    BOOST_TEST(BoolCodec::decode(snbt("5")).value() == true);
    BOOST_TEST(BoolCodec::decode(snbt("256")).value() == false);  // Java's byteValue() != 0
    BOOST_TEST(BoolCodec::decode(snbt("0.5d")).value() == false);
    BOOST_TEST(BoolCodec::decode(snbt("1.5f")).value() == true);
    BOOST_TEST(decode_error<BoolCodec>("\"true\"") == "expected TAG_Byte (or another number), found TAG_String");
    BOOST_TEST(decode_error<BoolCodec>("{}") == "expected TAG_Byte (or another number), found TAG_Compound");
}

BOOST_AUTO_TEST_CASE(int_codec_uses_java_int_value) {
    BOOST_TEST(nbt::to_snbt(IntCodec::encode(-7)) == "-7");
    BOOST_TEST(IntCodec::encode(-7).type() == nbt::TagType::Int);
    BOOST_TEST(IntCodec::decode(snbt("2147483647")).value() == 2147483647);
    BOOST_TEST(IntCodec::decode(snbt("12s")).value() == 12);
    BOOST_TEST(IntCodec::decode(snbt("4294967301L")).value() == 5);  // low 32 bits
    BOOST_TEST(IntCodec::decode(snbt("1.0E20d")).value() == std::numeric_limits<std::int32_t>::max());
    BOOST_TEST(IntCodec::decode(snbt("-1.0E20d")).value() == std::numeric_limits<std::int32_t>::min());
    BOOST_TEST(IntCodec::decode(snbt("-2.9f")).value() == -2);
    BOOST_TEST(IntCodec::decode(nbt::Tag(std::nan(""))).value() == 0);
    BOOST_TEST(decode_error<IntCodec>("[I;1]") == "expected TAG_Int (or another number), found TAG_Int_Array");
}

BOOST_AUTO_TEST_CASE(long_codec_round_trips_the_full_range) {
    for (std::int64_t v : {std::int64_t{0}, std::int64_t{123456}, std::numeric_limits<std::int64_t>::min(),
                           std::numeric_limits<std::int64_t>::max()}) {
        nbt::Tag t = LongCodec::encode(v);
        BOOST_TEST(t.type() == nbt::TagType::Long);
        BOOST_TEST(LongCodec::decode(t).value() == v);
    }
    BOOST_TEST(nbt::to_snbt(LongCodec::encode(123456)) == "123456L");
    BOOST_TEST(LongCodec::decode(snbt("-3")).value() == -3);
    BOOST_TEST(LongCodec::decode(snbt("1.0E300d")).value() == std::numeric_limits<std::int64_t>::max());
    BOOST_TEST(decode_error<LongCodec>("\"123\"") == "expected TAG_Long (or another number), found TAG_String");
}

BOOST_AUTO_TEST_CASE(unit_codec_is_an_empty_compound) {
    BOOST_TEST(nbt::to_snbt(UnitCodec::encode(Unit{})) == "{}");
    BOOST_TEST(UnitCodec::decode(snbt("{}")).has_value());
    BOOST_TEST(UnitCodec::decode(snbt("{ignored:1b}")).has_value());
    BOOST_TEST(decode_error<UnitCodec>("1b") == "expected TAG_Compound, found TAG_Byte");
}

BOOST_AUTO_TEST_CASE(block_pos_codec_writes_an_int_array) {
    const BlockPos p{12, 64, -30};
    BOOST_TEST(nbt::to_snbt(BlockPosCodec::encode(p)) == "[I;12,64,-30]");
    BOOST_TEST(BlockPosCodec::decode(BlockPosCodec::encode(p)).value() == p);
    const BlockPos extreme{-30000000, -2048, 2147483647};
    BOOST_TEST(BlockPosCodec::decode(BlockPosCodec::encode(extreme)).value() == extreme);
}

BOOST_AUTO_TEST_CASE(block_pos_codec_reads_any_int_stream_of_three) {
    BOOST_TEST(BlockPosCodec::decode(snbt("[12,64,-30]")).value() == (BlockPos{12, 64, -30}));
    BOOST_TEST(BlockPosCodec::decode(snbt("[1b,2b,3b]")).value() == (BlockPos{1, 2, 3}));
    BOOST_TEST(BlockPosCodec::decode(snbt("[B;1b,2b,-3b]")).value() == (BlockPos{1, 2, -3}));
    BOOST_TEST(BlockPosCodec::decode(snbt("[L;1L,2L,3L]")).value() == (BlockPos{1, 2, 3}));
}

BOOST_AUTO_TEST_CASE(block_pos_codec_errors_say_what_was_expected_and_found) {
    BOOST_TEST(decode_error<BlockPosCodec>("[I;1,2]") ==
               "expected TAG_Int_Array of length 3, found TAG_Int_Array of length 2");
    BOOST_TEST(decode_error<BlockPosCodec>("[I;1,2,3,4]") ==
               "expected TAG_Int_Array of length 3, found TAG_Int_Array of length 4");
    BOOST_TEST(decode_error<BlockPosCodec>("[\"a\",\"b\",\"c\"]") ==
               "expected TAG_Int_Array of length 3, found TAG_List of TAG_String");
    BOOST_TEST(decode_error<BlockPosCodec>("[1.0d,2.0d,3.0d]") ==
               "expected TAG_Int_Array of length 3, found TAG_List of TAG_Double");
    BOOST_TEST(decode_error<BlockPosCodec>("[1,2]") ==
               "expected TAG_Int_Array of length 3, found TAG_List of 2 elements");
    BOOST_TEST(decode_error<BlockPosCodec>("[]") == "expected TAG_Int_Array of length 3, found TAG_List of 0 elements");
    BOOST_TEST(decode_error<BlockPosCodec>("[L;1L]") ==
               "expected TAG_Int_Array of length 3, found TAG_Long_Array of 1 longs");
    BOOST_TEST(decode_error<BlockPosCodec>("\"12 64 -30\"") == "expected TAG_Int_Array of length 3, found TAG_String");
    BOOST_TEST(decode_error<BlockPosCodec>("{x:1,y:2,z:3}") ==
               "expected TAG_Int_Array of length 3, found TAG_Compound");
}

BOOST_AUTO_TEST_CASE(global_pos_codec_writes_vanillas_compound) {
    const GlobalPos g{ResourceLocation::of("overworld"), {12, 64, -30}};
    BOOST_TEST(GlobalPosCodec::encode(g) == snbt("{dimension:\"minecraft:overworld\",pos:[I;12,64,-30]}"));
    BOOST_TEST(nbt::to_snbt(GlobalPosCodec::encode(g)) == "{dimension:\"minecraft:overworld\",pos:[I;12,64,-30]}");
    BOOST_TEST(GlobalPosCodec::decode(GlobalPosCodec::encode(g)).value() == g);
    const GlobalPos nether{ResourceLocation::of("the_nether"), {-1, 5, 7}};
    BOOST_TEST(GlobalPosCodec::decode(GlobalPosCodec::encode(nether)).value() == nether);
    const GlobalPos custom{ResourceLocation::of("example:mining_world"), {0, -64, 0}};
    BOOST_TEST(GlobalPosCodec::decode(GlobalPosCodec::encode(custom)).value() == custom);
}

BOOST_AUTO_TEST_CASE(global_pos_codec_reads_key_order_and_extra_keys_freely) {
    auto r = GlobalPosCodec::decode(snbt("{pos:[1,2,3],extra:1b,dimension:\"the_end\"}"));
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST(r.value() == (GlobalPos{ResourceLocation::of("the_end"), {1, 2, 3}}));
}

BOOST_AUTO_TEST_CASE(global_pos_codec_errors_name_the_field) {
    BOOST_TEST(decode_error<GlobalPosCodec>("[I;1,2,3]") ==
               "expected TAG_Compound with 'dimension' and 'pos', found TAG_Int_Array");
    BOOST_TEST(decode_error<GlobalPosCodec>("{pos:[I;1,2,3]}") == "missing key 'dimension' (expected TAG_String)");
    BOOST_TEST(decode_error<GlobalPosCodec>("{dimension:0,pos:[I;1,2,3]}") ==
               "'dimension': expected TAG_String, found TAG_Int");
    BOOST_TEST(decode_error<GlobalPosCodec>("{dimension:\"minecraft:overworld\"}") ==
               "missing key 'pos' (expected TAG_Int_Array of length 3)");
    BOOST_TEST(decode_error<GlobalPosCodec>("{dimension:\"minecraft:overworld\",pos:[I;1,2]}") ==
               "'pos': expected TAG_Int_Array of length 3, found TAG_Int_Array of length 2");
    BOOST_TEST(decode_error<GlobalPosCodec>("{dimension:\"minecraft:overworld\",pos:[\"x\"]}") ==
               "'pos': expected TAG_Int_Array of length 3, found TAG_List of TAG_String");
    const std::string bad_id = decode_error<GlobalPosCodec>("{dimension:\"Over World\",pos:[I;1,2,3]}");
    BOOST_TEST(bad_id.starts_with("'dimension': "));
    BOOST_TEST(bad_id.find("Over World") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(uuid_codec_writes_four_ints_most_significant_first) {
    BOOST_TEST(nbt::to_snbt(UuidCodec::encode(kExampleUuid)) == "[I;-132296786,2112623056,-1486552928,-920753162]");
    BOOST_TEST(UuidCodec::decode(UuidCodec::encode(kExampleUuid)).value() == kExampleUuid);
    BOOST_TEST(UuidCodec::decode(snbt("[-132296786,2112623056,-1486552928,-920753162]")).value() == kExampleUuid);
    const Uuid all_ones{~0ull, ~0ull};
    BOOST_TEST(nbt::to_snbt(UuidCodec::encode(all_ones)) == "[I;-1,-1,-1,-1]");
    BOOST_TEST(UuidCodec::decode(UuidCodec::encode(all_ones)).value() == all_ones);
    BOOST_TEST(UuidCodec::decode(UuidCodec::encode(Uuid{})).value().is_nil());
}

BOOST_AUTO_TEST_CASE(uuid_codec_errors) {
    BOOST_TEST(decode_error<UuidCodec>("[I;1,2,3]") ==
               "expected TAG_Int_Array of length 4, found TAG_Int_Array of length 3");
    BOOST_TEST(decode_error<UuidCodec>("\"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"") ==
               "expected TAG_Int_Array of length 4, found TAG_String");
    BOOST_TEST(decode_error<UuidCodec>("{M:1L,L:2L}") == "expected TAG_Int_Array of length 4, found TAG_Compound");
}

BOOST_AUTO_TEST_CASE(global_pos_list_codec_round_trips) {
    const GlobalPosList list{{ResourceLocation::of("overworld"), {1, 2, 3}},
                             {ResourceLocation::of("the_nether"), {-4, 5, -6}}};
    const nbt::Tag t = GlobalPosListCodec::encode(list);
    BOOST_TEST(t == snbt("[{dimension:\"minecraft:overworld\",pos:[I;1,2,3]},"
                         "{dimension:\"minecraft:the_nether\",pos:[I;-4,5,-6]}]"));
    BOOST_TEST(GlobalPosListCodec::decode(t).value() == list);
    BOOST_TEST(nbt::to_snbt(GlobalPosListCodec::encode({})) == "[]");
    BOOST_TEST(GlobalPosListCodec::decode(snbt("[]")).value().empty());
}

BOOST_AUTO_TEST_CASE(global_pos_list_codec_errors_name_the_element) {
    BOOST_TEST(decode_error<GlobalPosListCodec>("{}") == "expected TAG_List, found TAG_Compound");
    BOOST_TEST(decode_error<GlobalPosListCodec>("[{dimension:\"minecraft:overworld\",pos:[I;1,2,3]}"
                                                ",{dimension:\"minecraft:overworld\"}]") ==
               "element 1: missing key 'pos' (expected TAG_Int_Array of length 3)");
    BOOST_TEST(decode_error<GlobalPosListCodec>("[1,2]") ==
               "element 0: expected TAG_Compound with 'dimension' and 'pos', found TAG_Int");
}

// ---------------------------------------------------------------- value kinds

BOOST_AUTO_TEST_CASE(value_kinds_are_memory_values) {
    // What detail::value_ops insists on, and the empty-collection rule each kind must (not) follow.
    static_assert(detail::Collection<EntityList>);
    static_assert(detail::Collection<GlobalPosList>);
    static_assert(detail::Collection<GlobalPosSet>);
    static_assert(detail::Collection<UuidList>);
    static_assert(!detail::Collection<NearestVisibleLivingEntities>,
                  "an empty visible_mobs is a value, not an erased memory");
    static_assert(!detail::Collection<Path>, "a path without nodes is still a path");
    BOOST_TEST(detail::value_ops<PositionTracker>() != nullptr);
    BOOST_TEST(detail::value_ops<WalkTarget>() != nullptr);
    BOOST_TEST(detail::value_ops<Path>() != nullptr);
    BOOST_TEST(detail::value_ops<DamageSource>() != nullptr);
    BOOST_TEST(detail::value_ops<NearestVisibleLivingEntities>() != nullptr);
}

BOOST_AUTO_TEST_CASE(global_pos_set_keeps_positions_unique_and_ordered) {
    GlobalPosSet doors;
    const GlobalPos a{ResourceLocation::of("overworld"), {5, 64, 5}};
    const GlobalPos b{ResourceLocation::of("overworld"), {1, 64, 9}};
    const GlobalPos c{ResourceLocation::of("the_nether"), {0, 0, 0}};
    doors.insert(a);
    doors.insert(c);
    doors.insert(b);
    doors.insert(a);
    BOOST_TEST(doors.size() == 3u);
    BOOST_TEST((*doors.begin() == b));
    BOOST_TEST((*doors.rbegin() == c));
}

BOOST_AUTO_TEST_CASE(block_tracker) {
    FakeLevel level;
    FakeMob observer(Uuid{1, 1}, 0);
    const auto t = PositionTracker::block(BlockPos{3, 70, -2});
    BOOST_TEST(!t.is_entity());
    BOOST_TEST((t.current_position(level) == Vec3{3.5, 70.5, -1.5}));
    BOOST_TEST((t.current_block_position(level) == BlockPos{3, 70, -2}));
    BOOST_TEST(t.try_current_position(level).has_value());
    BOOST_TEST(t.resolve(level) == nullptr);
    BOOST_TEST(t.is_visible_by(level, observer));
    BOOST_TEST(t.is_visible_by(level, observer, nullptr));  // a block needs no line of sight
    BOOST_TEST((PositionTracker::block(Vec3{3.9, 70.2, -1.1}) == t));
    BOOST_TEST(!(PositionTracker::block(BlockPos{3, 71, -2}) == t));
    BOOST_TEST((PositionTracker() == PositionTracker::block(BlockPos{})));
}

BOOST_AUTO_TEST_CASE(entity_tracker_follows_the_entity_through_the_level) {
    FakeLevel level;
    FakeMob observer(Uuid{1, 1}, 0);
    auto target = std::make_unique<FakeMob>(Uuid{2, 2}, 1);
    target->position_ = {10.5, 64.0, -3.25};
    level.mobs = {&observer, target.get()};

    const auto feet = PositionTracker::entity(*target, false);
    const auto eyes = PositionTracker::entity(*target, true);
    BOOST_TEST(feet.is_entity());
    BOOST_TEST(eyes.track_eye_height());
    BOOST_TEST((feet.entity_ref() == target->ref()));
    BOOST_TEST(feet.resolve(level) == target.get());
    BOOST_TEST((feet.current_position(level) == Vec3{10.5, 64.0, -3.25}));
    BOOST_TEST((eyes.current_position(level) == Vec3{10.5, 64.0 + 1.62, -3.25}));
    BOOST_TEST((eyes.current_block_position(level) == BlockPos{10, 64, -4}));  // the feet's block

    target->position_ = {-0.5, 80.0, 7.0};
    BOOST_TEST((feet.current_position(level) == Vec3{-0.5, 80.0, 7.0}));
    BOOST_TEST((feet.current_block_position(level) == BlockPos{-1, 80, 7}));
    BOOST_TEST(feet.is_visible_by(level, observer));
}

BOOST_AUTO_TEST_CASE(entity_tracker_of_a_removed_entity_reports_where_it_was_last) {
    FakeLevel level;
    FakeMob observer(Uuid{1, 1}, 0);
    auto target = std::make_unique<FakeMob>(Uuid{2, 2}, 1);
    target->position_ = {10.5, 64.0, -3.25};
    level.mobs = {&observer, target.get()};
    const auto eyes = PositionTracker::entity(*target, true);

    target->position_ = {20.5, 65.0, 1.5};
    BOOST_TEST(eyes.try_current_position(level).has_value());  // last seen here
    remove(level, target.get());
    target.reset();  // the entity object is gone: a dangling pointer would show up under ASan

    BOOST_TEST(eyes.resolve(level) == nullptr);
    BOOST_TEST(!eyes.try_current_position(level).has_value());
    BOOST_TEST((eyes.current_position(level) == Vec3{20.5, 65.0 + 1.62, 1.5}));
    BOOST_TEST((eyes.current_block_position(level) == BlockPos{20, 65, 1}));
    BOOST_TEST(!eyes.is_visible_by(level, observer));
}

BOOST_AUTO_TEST_CASE(entity_tracker_of_a_dead_entity_is_not_visible) {
    FakeLevel level;
    FakeMob observer(Uuid{1, 1}, 0);
    FakeMob target(Uuid{2, 2}, 1);
    level.mobs = {&observer, &target};
    const auto t = PositionTracker::entity(target, false);
    BOOST_TEST(t.is_visible_by(level, observer));
    target.alive_ = false;
    BOOST_TEST(!t.is_visible_by(level, observer));
}

BOOST_AUTO_TEST_CASE(entity_tracker_made_from_a_reference_uses_the_given_position_until_resolved) {
    FakeLevel level;
    const EntityRef ghost{Uuid{9, 9}, EntityHandle{7, 1}};
    const auto t = PositionTracker::entity(ghost, true, Vec3{1, 2, 3}, 0.5);
    BOOST_TEST((t.current_position(level) == Vec3{1, 2.5, 3}));
    BOOST_TEST((t.current_block_position(level) == BlockPos{1, 2, 3}));
    BOOST_TEST((t.block_pos() == BlockPos{1, 2, 3}));
}

BOOST_AUTO_TEST_CASE(vanilla_visibility_needs_the_observers_visible_mobs) {
    FakeLevel level;
    FakeMob observer(Uuid{1, 1}, 0);
    FakeMob seen(Uuid{2, 2}, 1);
    FakeMob hidden(Uuid{3, 3}, 2);
    level.mobs = {&observer, &seen, &hidden};
    const NearestVisibleLivingEntities visible({seen.ref(), hidden.ref()}, {seen.ref()});
    BOOST_TEST(PositionTracker::entity(seen, true).is_visible_by(level, observer, &visible));
    BOOST_TEST(!PositionTracker::entity(hidden, true).is_visible_by(level, observer, &visible));
    BOOST_TEST(!PositionTracker::entity(seen, true).is_visible_by(level, observer, nullptr));
    seen.alive_ = false;
    BOOST_TEST(!PositionTracker::entity(seen, true).is_visible_by(level, observer, &visible));
}

BOOST_AUTO_TEST_CASE(tracker_equality_ignores_the_position_cache) {
    FakeMob a(Uuid{2, 2}, 1);
    a.position_ = {1, 2, 3};
    const auto before = PositionTracker::entity(a, true);
    a.position_ = {100, 2, 3};
    const auto after = PositionTracker::entity(a, true);
    BOOST_TEST((before == after));
    BOOST_TEST(!(before == PositionTracker::entity(a, false)));
    BOOST_TEST(!(before == PositionTracker::block(BlockPos{1, 2, 3})));
    FakeMob b(Uuid{3, 3}, 2);
    BOOST_TEST(!(before == PositionTracker::entity(b, true)));
}

BOOST_AUTO_TEST_CASE(walk_target_constructors_are_vanillas) {
    FakeLevel level;
    FakeMob target(Uuid{2, 2}, 1);
    target.position_ = {4.5, 64, 4.5};
    level.mobs = {&target};

    const WalkTarget to_block(BlockPos{1, 64, 1}, 0.6f, 2);
    BOOST_TEST(!to_block.target.is_entity());
    BOOST_TEST((to_block.target.current_block_position(level) == BlockPos{1, 64, 1}));
    BOOST_TEST(to_block.speed_modifier == 0.6f);
    BOOST_TEST(to_block.close_enough_dist == 2);

    const WalkTarget to_point(Vec3{1.7, 64.2, 1.1}, 0.6f, 2);
    BOOST_TEST((to_point == to_block));

    const WalkTarget to_entity(target, 0.5f, 1);
    BOOST_TEST(to_entity.target.is_entity());
    BOOST_TEST(!to_entity.target.track_eye_height());  // vanilla's WalkTarget(Entity) walks to the feet
    BOOST_TEST((to_entity.target.current_position(level) == Vec3{4.5, 64, 4.5}));
    target.position_ = {8.5, 64, 4.5};
    BOOST_TEST((to_entity.target.current_block_position(level) == BlockPos{8, 64, 4}));

    const WalkTarget from_tracker(PositionTracker::entity(target, true), 0.5f, 1);
    BOOST_TEST(!(from_tracker == to_entity));  // the eye flag differs
    BOOST_TEST(!(WalkTarget(BlockPos{1, 64, 1}, 0.7f, 2) == to_block));
    BOOST_TEST(!(WalkTarget(BlockPos{1, 64, 1}, 0.6f, 3) == to_block));

    WalkTarget assigned;
    assigned = to_entity;
    BOOST_TEST((assigned == to_entity));
}

BOOST_AUTO_TEST_CASE(walk_target_to_a_removed_entity_keeps_its_last_block) {
    FakeLevel level;
    auto target = std::make_unique<FakeMob>(Uuid{2, 2}, 1);
    target->position_ = {4.5, 64, 4.5};
    level.mobs = {target.get()};
    const WalkTarget walk(*target, 0.5f, 1);
    target->position_ = {6.5, 64, 4.5};
    BOOST_TEST((walk.target.current_block_position(level) == BlockPos{6, 64, 4}));
    remove(level, target.get());
    target.reset();
    BOOST_TEST((walk.target.current_block_position(level) == BlockPos{6, 64, 4}));
    BOOST_TEST(walk.target.resolve(level) == nullptr);
}

BOOST_AUTO_TEST_CASE(path_is_a_plain_value) {
    Path p = Path::make({{0, 64, 0}, {1, 64, 0}, {2, 64, 1}}, BlockPos{4, 64, 1}, false);
    BOOST_TEST(p.distance_to_target == 2);
    BOOST_TEST(p.node_count() == 3u);
    BOOST_TEST((p.end_node() == BlockPos{2, 64, 1}));
    BOOST_TEST((p.next_node_pos() == BlockPos{0, 64, 0}));
    BOOST_TEST(!p.is_done());
    p.advance();
    p.advance();
    BOOST_TEST((p.next_node_pos() == BlockPos{2, 64, 1}));
    p.advance();
    BOOST_TEST(p.is_done());

    const Path empty = Path::make({}, BlockPos{1, 2, 3}, false);
    BOOST_TEST(empty.distance_to_target == INT32_MAX);
    BOOST_TEST(!empty.end_node().has_value());
    BOOST_TEST(empty.is_done());
    BOOST_TEST((Path{} == Path{}));
    BOOST_TEST(!(p == empty));
}

BOOST_AUTO_TEST_CASE(damage_source) {
    const DamageSource generic;
    BOOST_TEST(generic.type.str() == "minecraft:generic");
    BOOST_TEST(generic.is_direct());

    const EntityRef skeleton{Uuid{5, 5}, {}};
    const EntityRef arrow{Uuid{6, 6}, {}};
    const DamageSource shot{ResourceLocation::of("arrow"), skeleton, arrow, std::nullopt};
    BOOST_TEST(!shot.is_direct());
    const DamageSource melee{ResourceLocation::of("mob_attack"), skeleton, skeleton, std::nullopt};
    BOOST_TEST(melee.is_direct());
    BOOST_TEST((shot == DamageSource{ResourceLocation::of("arrow"), skeleton, arrow, std::nullopt}));
    BOOST_TEST(!(shot == melee));
}

BOOST_AUTO_TEST_CASE(nearest_visible_living_entities_queries) {
    FakeLevel level;
    FakeMob near(Uuid{1, 0}, 1), middle(Uuid{2, 0}, 2), far(Uuid{3, 0}, 3);
    near.baby_ = true;
    level.mobs = {&near, &middle, &far};
    const auto v = NearestVisibleLivingEntities::from({near.ref(), middle.ref(), far.ref()},
                                                      [&](const EntityRef& e) { return !(e == middle.ref()); });

    BOOST_TEST(v.nearby().size() == 3u);
    BOOST_TEST(v.visible().size() == 2u);
    BOOST_TEST(v.contains(near.ref()));
    BOOST_TEST(!v.contains(middle.ref()));  // nearby but not visible
    BOOST_TEST(!v.contains(EntityRef{Uuid{9, 9}, {}}));
    BOOST_TEST(v.contains_matching([&](const EntityRef& e) { return e == far.ref(); }));
    BOOST_TEST(!v.contains_matching([&](const EntityRef& e) { return e == middle.ref(); }));

    BOOST_TEST((v.find_closest([](const EntityRef&) { return true; }) == near.ref()));
    BOOST_TEST(!v.find_closest([&](const EntityRef& e) { return e == middle.ref(); }).has_value());

    // Through the level: the first one that still exists and matches.
    auto not_baby = [](Entity& e) { return !static_cast<Mob&>(e).is_baby(); };
    BOOST_TEST(v.find_closest(level, not_baby) == &far);
    std::erase(level.mobs, &far);
    BOOST_TEST(v.find_closest(level, not_baby) == nullptr);

    EntityList out;
    v.find_all([](const EntityRef&) { return true; }, out);
    BOOST_TEST(out.size() == 2u);
    BOOST_TEST((out[0] == near.ref()));
    BOOST_TEST((out[1] == far.ref()));
}

BOOST_AUTO_TEST_CASE(nearest_visible_living_entities_equality) {
    const EntityRef a{Uuid{1, 0}, {}}, b{Uuid{2, 0}, {}};
    const NearestVisibleLivingEntities empty;
    BOOST_TEST(empty.none_visible());
    BOOST_TEST(empty.nearby().empty());
    BOOST_TEST((NearestVisibleLivingEntities({a, b}, {a}) == NearestVisibleLivingEntities({a, b}, {a})));
    BOOST_TEST(!(NearestVisibleLivingEntities({a, b}, {a}) == NearestVisibleLivingEntities({a, b}, {b})));
    BOOST_TEST(!(NearestVisibleLivingEntities({a, b}, {}) == NearestVisibleLivingEntities({a}, {})));
    BOOST_TEST(!(empty == NearestVisibleLivingEntities({a}, {})));
}

// What a lazily tested value asked, and whom the observer cannot see.
struct SightProbe {
    std::vector<Uuid> asked;
    std::vector<Uuid> hidden;
    static bool test(Level&, Mob&, const Entity& target, std::uint64_t context) {
        auto* probe = reinterpret_cast<SightProbe*>(static_cast<std::uintptr_t>(context));
        probe->asked.push_back(target.uuid());
        return std::find(probe->hidden.begin(), probe->hidden.end(), target.uuid()) == probe->hidden.end();
    }
    std::uint64_t context() { return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(this)); }
};

BOOST_AUTO_TEST_CASE(nearest_visible_living_entities_test_lazily_predicate_first_and_once) {
    FakeLevel level;
    FakeMob observer(Uuid{9, 0}, 0), near(Uuid{1, 0}, 1), middle(Uuid{2, 0}, 2), far(Uuid{3, 0}, 3);
    level.mobs = {&observer, &near, &middle, &far};
    SightProbe probe;
    probe.hidden = {middle.uuid()};
    NearestVisibleLivingEntities v;
    v.assign_lazy(EntityList{near.ref(), middle.ref(), far.ref()}, level, observer.ref(), &SightProbe::test,
                  probe.context());
    BOOST_TEST(v.nearby().size() == 3u);
    BOOST_TEST(v.tested_count() == 0u);  // the scan itself tests nobody

    // Vanilla's findClosest: the predicate first, so the two it rejects are never tested.
    BOOST_TEST((v.find_closest([&](const EntityRef& e) { return e == far.ref(); }) == far.ref()));
    BOOST_TEST(probe.asked.size() == 1u);
    BOOST_TEST((probe.asked[0] == far.uuid()));
    // An answer is kept: asking again tests nobody.
    BOOST_TEST(v.contains(far.ref()));
    BOOST_TEST(probe.asked.size() == 1u);
    BOOST_TEST(!v.contains(middle.ref()));
    BOOST_TEST(probe.asked.size() == 2u);
    BOOST_TEST(v.tested_count() == 2u);
    // Even when the world changes, until the next scan (computeIfAbsent).
    probe.hidden = {far.uuid()};
    BOOST_TEST(v.contains(far.ref()));
    // The first untested entity is tested when it is first asked about: now, with today's answer.
    BOOST_TEST(v.contains(near.ref()));
    BOOST_TEST(v.tested_count() == 3u);
    BOOST_TEST(v.visible().size() == 2u);
    BOOST_TEST(probe.asked.size() == 3u);

    // A new scan forgets every answer.
    v.assign_lazy(EntityList{near.ref(), middle.ref(), far.ref()}, level, observer.ref(), &SightProbe::test,
                  probe.context());
    BOOST_TEST(v.tested_count() == 0u);
    const EntityList& seen = v.visible();  // tests all three
    BOOST_TEST(seen.size() == 2u);
    BOOST_TEST((seen[0] == near.ref()));
    BOOST_TEST((seen[1] == middle.ref()));
    BOOST_TEST(probe.asked.size() == 6u);
    BOOST_TEST(!v.none_visible());
    BOOST_TEST(probe.asked.size() == 6u);
}

BOOST_AUTO_TEST_CASE(nearest_visible_living_entities_lazy_edges) {
    FakeLevel level;
    FakeMob observer(Uuid{9, 0}, 0), a(Uuid{1, 0}, 1), b(Uuid{2, 0}, 2);
    level.mobs = {&observer, &a, &b};
    SightProbe probe;
    NearestVisibleLivingEntities v;
    v.assign_lazy(EntityList{a.ref(), b.ref()}, level, observer.ref(), &SightProbe::test, probe.context());
    // An entity gone since the scan is not visible, and is not handed to the test.
    b.alive_ = false;
    BOOST_TEST(!v.contains(b.ref()));
    BOOST_TEST(probe.asked.empty());
    // None of them is visible once the observer itself is gone.
    observer.alive_ = false;
    BOOST_TEST(v.none_visible());
    BOOST_TEST(probe.asked.empty());
    observer.alive_ = true;
    // find_all and contains_matching test only what the predicate accepts, in order.
    v.assign_lazy(EntityList{a.ref(), b.ref()}, level, observer.ref(), &SightProbe::test, probe.context());
    b.alive_ = true;
    EntityList out;
    v.find_all([&](const EntityRef& e) { return e == b.ref(); }, out);
    BOOST_TEST(out.size() == 1u);
    BOOST_TEST(probe.asked.size() == 1u);
    BOOST_TEST(v.contains_matching([](const EntityRef&) { return true; }));
    BOOST_TEST(probe.asked.size() == 2u);  // a, the first match
    // Explicit lists are checked: the visible ones must be nearby, in the same order.
    BOOST_CHECK_THROW(NearestVisibleLivingEntities({a.ref(), b.ref()}, {b.ref(), a.ref()}), std::invalid_argument);
    BOOST_CHECK_THROW(NearestVisibleLivingEntities({a.ref()}, {b.ref()}), std::invalid_argument);
    NearestVisibleLivingEntities kept({a.ref()}, {a.ref()});
    BOOST_CHECK_THROW(kept.assign(EntityList{b.ref()}, EntityList{a.ref()}), std::invalid_argument);
    BOOST_TEST(kept.contains(a.ref()));  // unchanged by the refused assign
    BOOST_TEST(kept.tested_count() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
