// The typed block vocabulary of BlockRegistry: tags as bit sets, properties as typed handles, and
// vanilla's of both defined in every registry; each checked against the string API it replaces.
#include <boost/test/unit_test.hpp>

#include <string>

#include "mobsdk/world/block.hpp"

using namespace mobsdk;

namespace {

struct Vanilla {
    BlockRegistry registry;
    VanillaBlocks blocks = register_vanilla_blocks(registry);
};

// The text a typed value has in the string API.
template <typename T>
std::string text_of(T value) {
    if constexpr (std::same_as<T, bool>) return value ? "true" : "false";
    else if constexpr (std::same_as<T, int>) return std::to_string(value);
    else if constexpr (std::same_as<T, Direction>) return std::string(direction_name(value));
    else if constexpr (std::same_as<T, Axis>) return std::string(axis_name(value));
    else return std::string(PropertyEnum<T>::names[static_cast<std::size_t>(value)]);
}

// How many numbers to try when looking for the typed value of a text (ints: 0 to 63).
template <typename T>
constexpr std::int32_t number_limit() {
    if constexpr (std::same_as<T, bool>) return 2;
    else if constexpr (std::same_as<T, int>) return 64;
    else if constexpr (std::same_as<T, Direction>) return 6;
    else if constexpr (std::same_as<T, Axis>) return 3;
    else return static_cast<std::int32_t>(PropertyEnum<T>::names.size());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(block_vocabulary)

BOOST_AUTO_TEST_CASE(vanilla_tags_are_registered_in_every_registry) {
    const BlockRegistry empty;
    std::size_t n = 0;
    VanillaBlockTags::visit(empty.vanilla_tags(), [&](BlockTag tag, std::string_view path) {
        BOOST_TEST_REQUIRE(tag.valid());
        BOOST_TEST(empty.tags().id_of(tag).str() == "minecraft:" + std::string(path));
        BOOST_TEST(!empty.has_tag(BlockState{0}, tag));  // air carries none
        ++n;
    });
    BOOST_TEST(n == empty.tags().size());
    // The same handles in a registry with the vanilla blocks: they are defined before any block.
    const Vanilla v;
    BOOST_TEST(v.registry.vanilla_tags().beds == empty.vanilla_tags().beds);
    BOOST_TEST(v.registry.vanilla_tags().prevent_mob_spawning_inside ==
               empty.vanilla_tags().prevent_mob_spawning_inside);
}

BOOST_AUTO_TEST_CASE(vanilla_properties_are_defined_in_every_registry) {
    const BlockRegistry empty;
    VanillaBlockProperties::visit(empty.vanilla_properties(), [&](auto handle, const BlockProperty& definition) {
        BOOST_TEST_REQUIRE(handle.valid());
        BOOST_TEST((empty.property_definition(handle.index()) == definition));
        using T = typename decltype(handle)::value_type;
        BOOST_TEST((empty.find_property<T>(definition) == handle));
        BOOST_TEST(!empty.get(BlockState{0}, handle).has_value());  // air has no properties
    });
}

BOOST_AUTO_TEST_CASE(has_tag_agrees_with_the_tag_ids_for_every_state) {
    const Vanilla v;
    for (std::uint32_t id = 0; id < v.registry.state_count(); ++id) {
        const BlockState state{id};
        for (const auto& entry : v.registry.tags())
            BOOST_TEST(v.registry.has_tag(state, entry.handle) == v.registry.has_tag(state, entry.id),
                       v.registry.to_string(state) << " " << entry.id);
    }
    const VanillaBlockTags& t = v.registry.vanilla_tags();
    BOOST_TEST(v.registry.has_tag(v.registry.default_state(v.blocks.oak_door), t.wooden_doors));
    BOOST_TEST(!v.registry.has_tag(v.registry.default_state(v.blocks.iron_door), t.wooden_doors));
    BOOST_TEST(v.registry.has_tag(v.registry.default_state(v.blocks.beds[14]), t.beds));
    BOOST_TEST(v.registry.has_tag(v.registry.default_state(v.blocks.water_cauldron), t.cauldrons));
}

BOOST_AUTO_TEST_CASE(typed_properties_round_trip_against_the_string_api) {
    const Vanilla v;
    std::size_t checked = 0;
    for (std::uint32_t id = 0; id < v.registry.state_count(); ++id) {
        const BlockState state{id};
        const auto& block = v.registry.blocks()[v.registry.block_of(state)];
        VanillaBlockProperties::visit(v.registry.vanilla_properties(), [&](auto handle, const BlockProperty& def) {
            using T = typename decltype(handle)::value_type;
            bool has = false;
            for (const BlockProperty& p : block.properties) has = has || p == def;
            const std::optional<T> got = v.registry.get(state, handle);
            BOOST_TEST_REQUIRE(got.has_value() == has, v.registry.to_string(state) << " " << def.name);
            if (!has) {
                BOOST_TEST(!v.registry.with(state, handle, T{}).has_value());
                return;
            }
            BOOST_TEST(text_of(*got) == std::string(v.registry.value(state, def.name)));
            for (const std::string& value : def.values) {
                // The typed value of each text, then `with` both ways.
                std::optional<T> typed;
                for (std::int32_t n = 0; n < number_limit<T>() && !typed; ++n)
                    if (text_of(property_value<T>(n)) == value) typed = property_value<T>(n);
                BOOST_TEST_REQUIRE(typed.has_value());
                const auto by_handle = v.registry.with(state, handle, *typed);
                const auto by_name = v.registry.with(state, def.name, value);
                BOOST_TEST_REQUIRE(by_handle.has_value());
                BOOST_TEST(*by_handle == *by_name);
                BOOST_TEST((v.registry.get_or(*by_handle, handle, T{}) == *typed));
                ++checked;
            }
        });
    }
    BOOST_TEST(checked > 10000u);
}

BOOST_AUTO_TEST_CASE(typed_reads_of_doors_and_beds) {
    const Vanilla v;
    const BlockRegistry& r = v.registry;
    const VanillaBlockProperties& p = r.vanilla_properties();
    const BlockState door = *r.parse("oak_door[facing=east,half=upper,open=true]");
    BOOST_TEST((r.get(door, p.open) == std::optional<bool>(true)));
    BOOST_TEST((r.get(door, p.double_block_half) == std::optional<DoubleBlockHalf>(DoubleBlockHalf::Upper)));
    BOOST_TEST((r.get(door, p.horizontal_facing) == std::optional<Direction>(Direction::East)));
    BOOST_TEST(!r.get(door, p.half).has_value());    // stairs' and trapdoors' half, not a door's
    BOOST_TEST(!r.get(door, p.facing).has_value());  // the six-way facing: barrels
    BOOST_TEST((r.with(door, p.open, false) == r.parse("oak_door[facing=east,half=upper,open=false]").value()));
    BOOST_TEST(r.has(door, p.door_hinge));
    const BlockState bed = *r.parse("red_bed[part=head,occupied=true]");
    BOOST_TEST(r.get_or(bed, p.occupied, false));
    BOOST_TEST((r.get(bed, p.bed_part) == std::optional<BedPart>(BedPart::Head)));
    BOOST_TEST((r.get(*r.parse("wheat[age=5]"), p.age_7) == std::optional<int>(5)));
    BOOST_TEST(!r.get(*r.parse("wheat[age=5]"), p.age_15).has_value());
    BOOST_TEST((r.get(*r.parse("oak_log[axis=z]"), p.axis) == std::optional<Axis>(Axis::Z)));
    BOOST_TEST((r.get(*r.parse("water_cauldron[level=2]"), p.level_cauldron) == std::optional<int>(2)));
    BOOST_TEST(!r.with(*r.parse("water_cauldron"), p.level_cauldron, 0).has_value());  // 0 is not a value
}

BOOST_AUTO_TEST_CASE(a_blocks_own_property_and_tag_get_handles) {
    BlockRegistry r;
    BlockDefinition d;
    d.properties = {{"colour", {"red", "green", "blue"}}, integer_property("charge", 1, 4)};
    d.tags = {ResourceLocation::of("example:glowing"), ResourceLocation::of("beds")};
    d.make_state = [](const BlockStateView&) { return BlockStateInfo{}; };
    const auto lamp = r.register_block(ResourceLocation::of("example:lamp"), d, "example");
    const auto glowing = r.tags().find("example:glowing");
    BOOST_TEST_REQUIRE(glowing.has_value());
    BOOST_TEST(r.tags().entry(*glowing).registrant == "example");
    const BlockState s = r.default_state(lamp);
    BOOST_TEST(r.has_tag(s, *glowing));
    BOOST_TEST(r.has_tag(s, r.vanilla_tags().beds));
    BOOST_TEST(!r.has_tag(s, r.vanilla_tags().doors));
    const Property<int> charge = r.find_property<int>(integer_property("charge", 1, 4));
    BOOST_TEST_REQUIRE(charge.valid());
    BOOST_TEST(!r.find_property<bool>(integer_property("charge", 1, 4)).valid());  // not booleans
    BOOST_TEST(!r.find_property<int>(integer_property("charge", 0, 4)).valid());   // other values
    BOOST_TEST((r.get(s, charge) == std::optional<int>(1)));
    const auto charged = r.with(s, charge, 3);
    BOOST_TEST_REQUIRE(charged.has_value());
    BOOST_TEST(r.to_string(*charged) == "example:lamp[colour=red,charge=3]");
}

BOOST_AUTO_TEST_CASE(a_refused_block_adds_no_tag_and_no_property) {
    BlockRegistry r;
    const std::size_t tags = r.tags().size(), definitions = r.property_definition_count();
    BlockDefinition d;
    d.properties = {{"mood", {"calm", "angry"}}};
    d.tags = {ResourceLocation::of("example:moody")};
    d.make_state = [](const BlockStateView&) { return BlockStateInfo{}; };
    BOOST_CHECK_THROW(r.register_block(ResourceLocation::of("air"), d), RegistryError);  // taken
    BOOST_TEST(r.tags().size() == tags);
    BOOST_TEST(r.property_definition_count() == definitions);
    BOOST_TEST(!r.tags().find("example:moody").has_value());
}

BOOST_AUTO_TEST_SUITE_END()
