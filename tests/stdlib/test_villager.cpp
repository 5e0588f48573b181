// VillagerState (VillagerData, the 8-slot inventory, Xp) as vanilla saves it, its warnings on bad
// input, the inventory operations, wantsToPickUp, and vanilla's 15 professions with their job sites.
#include <boost/test/unit_test.hpp>

#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/stdlib/villager.hpp"
#include "mobsdk/world/item_nbt.hpp"

using namespace mobsdk;
using namespace mobsdk::stdlib;

namespace {

struct Professions {
    Registry<PoiTypeInfo> registry{ResourceLocation::of("point_of_interest_type")};
    VanillaPoiTypes pois = register_vanilla_poi_types(registry);
    VillagerProfessions professions{pois};
};

ItemStack stack(std::string_view item, std::int32_t count) { return {ResourceLocation::of(item), count}; }

bool contains(const std::vector<std::string>& warnings, std::string_view text) {
    for (const auto& w : warnings)
        if (w.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(villager)

BOOST_AUTO_TEST_CASE(villager_state_round_trips_through_vanillas_nbt) {
    VillagerState s;
    s.data.profession = ResourceLocation::of("farmer");
    s.data.type = ResourceLocation::of("desert");
    s.data.level = 3;
    s.xp = 42;
    s.inventory[0] = stack("bread", 6);
    s.inventory[3] = stack("wheat_seeds", 64);
    nbt::Compound entity;
    s.save(entity);
    const auto& data = entity.get<nbt::Compound>("VillagerData");
    BOOST_TEST(data.get<std::string>("profession") == "minecraft:farmer");
    BOOST_TEST(data.get<std::string>("type") == "minecraft:desert");
    BOOST_TEST(data.get<std::int32_t>("level") == 3);
    BOOST_TEST(entity.get<std::int32_t>("Xp") == 42);
    BOOST_TEST(entity.get<nbt::List>("Inventory").size() == 2u);  // non-empty stacks only, no slots

    VillagerState back;
    std::vector<std::string> warnings;
    back.load(entity, warnings);
    BOOST_TEST(warnings.empty());
    BOOST_TEST((back.data == s.data));
    BOOST_TEST(back.xp == 42);
    // Stacks come back packed from the first slot, as vanilla's SimpleContainer.fromTag.
    BOOST_TEST((back.inventory[0].item == ResourceLocation::of("bread")));
    BOOST_TEST(back.inventory[0].count == 6);
    BOOST_TEST((back.inventory[1].item == ResourceLocation::of("wheat_seeds")));
    BOOST_TEST(back.inventory[1].count == 64);
    BOOST_TEST(back.inventory[2].empty());
    BOOST_TEST(back.nbt_keys().size() == 7u);  // + Offers, LastRestock, LastGossipDecay, RestocksToday
}

BOOST_AUTO_TEST_CASE(villager_state_keeps_defaults_for_missing_keys) {
    VillagerState s;
    std::vector<std::string> warnings;
    s.load(nbt::Compound{}, warnings);
    BOOST_TEST(warnings.empty());
    BOOST_TEST((s.data.profession == ResourceLocation::of("none")));
    BOOST_TEST((s.data.type == ResourceLocation::of("plains")));
    BOOST_TEST(s.data.level == 1);
    BOOST_TEST(s.xp == 0);
    BOOST_TEST(s.unemployed());
}

BOOST_AUTO_TEST_CASE(villager_state_warns_and_skips_bad_fields) {
    VillagerState s;
    s.data.profession = ResourceLocation::of("mason");
    std::vector<std::string> warnings;
    s.load(
        nbt::Compound{
            {"VillagerData", nbt::Tag(std::int32_t{5})}, {"Inventory", nbt::Tag("bread")}, {"Xp", nbt::Tag("lots")}},
        warnings);
    BOOST_TEST(contains(warnings, "VillagerData"));
    BOOST_TEST(contains(warnings, "Inventory"));
    BOOST_TEST(contains(warnings, "Xp"));
    BOOST_TEST((s.data.profession == ResourceLocation::of("mason")));  // unchanged
    BOOST_TEST(s.xp == 0);

    warnings.clear();
    nbt::Compound data{
        {"level", nbt::Tag("high")}, {"profession", nbt::Tag(std::int32_t{1})}, {"type", nbt::Tag("Not A Valid Id")}};
    s.load(nbt::Compound{{"VillagerData", nbt::Tag(std::move(data))}}, warnings);
    BOOST_TEST(contains(warnings, "VillagerData.level"));
    BOOST_TEST(contains(warnings, "VillagerData.profession"));
    BOOST_TEST(contains(warnings, "VillagerData.type"));
    BOOST_TEST((s.data.profession == ResourceLocation::of("mason")));
    BOOST_TEST(s.data.level == 1);

    // Levels are clamped to 1–5, negative xp to 0.
    warnings.clear();
    s.load(nbt::Compound{{"VillagerData", nbt::Tag(nbt::Compound{{"level", nbt::Tag(std::int32_t{9})}})},
                         {"Xp", nbt::Tag(std::int32_t{-3})}},
           warnings);
    BOOST_TEST(warnings.empty());
    BOOST_TEST(s.data.level == 5);
    BOOST_TEST(s.xp == 0);
}

BOOST_AUTO_TEST_CASE(villager_state_inventory_holds_8_stacks_and_warns_beyond) {
    nbt::List items(nbt::TagType::Compound);
    for (int i = 0; i < 10; ++i) items.push_back(nbt::Tag(item_stack_to_nbt(stack("bread", i + 1))));
    items.push_back(nbt::Tag(nbt::Compound{{"Count", nbt::Tag(std::int8_t{1})}}));  // no id
    VillagerState s;
    std::vector<std::string> warnings;
    s.load(nbt::Compound{{"Inventory", nbt::Tag(std::move(items))}}, warnings);
    BOOST_TEST(contains(warnings, "more than 8"));
    for (std::size_t i = 0; i < VillagerState::inventory_size; ++i) {
        BOOST_TEST((s.inventory[i].item == ResourceLocation::of("bread")));
        BOOST_TEST(s.inventory[i].count == static_cast<std::int32_t>(i) + 1);
    }
}

BOOST_AUTO_TEST_CASE(inventory_add_merges_up_to_64_then_fills_empty_slots) {
    VillagerState s;
    BOOST_TEST(s.add_item(stack("wheat", 60)).empty());
    BOOST_TEST(s.add_item(stack("bread", 3)).empty());
    BOOST_TEST(s.add_item(stack("wheat", 10)).empty());
    BOOST_TEST(s.inventory[0].count == 64);  // merged up to the stack size
    BOOST_TEST((s.inventory[1].item == ResourceLocation::of("bread")));
    BOOST_TEST(s.inventory[2].count == 6);  // the rest in the first empty slot
    BOOST_TEST((s.count_item(ResourceLocation::of("wheat")) == 70));
    for (int i = 0; i < 5; ++i) BOOST_TEST(s.add_item(stack("carrot", 64)).empty());
    BOOST_TEST(!s.can_add_item(stack("potato", 1)));  // full: 8 slots
    BOOST_TEST(s.can_add_item(stack("bread", 1)));    // the bread stack has room
    const ItemStack rest = s.add_item(stack("potato", 5));
    BOOST_TEST(rest.count == 5);
    BOOST_TEST(s.add_item(stack("bread", 70)).count == 9);  // 61 fit on the bread stack
}

BOOST_AUTO_TEST_CASE(inventory_remove_takes_from_the_first_stacks_and_empties_slots) {
    VillagerState s;
    s.inventory[0] = stack("wheat", 2);
    s.inventory[1] = stack("bread", 1);
    s.inventory[2] = stack("wheat", 5);
    BOOST_TEST((s.remove_item(ResourceLocation::of("wheat"), 4) == 4));
    BOOST_TEST(s.inventory[0].empty());
    BOOST_TEST(s.inventory[2].count == 3);
    BOOST_TEST((s.remove_item(ResourceLocation::of("wheat"), 10) == 3));
    BOOST_TEST((s.count_item(ResourceLocation::of("wheat")) == 0));
    BOOST_TEST((s.remove_item(ResourceLocation::of("emerald"), 1) == 0));
    BOOST_TEST((s.count_item(ResourceLocation::of("bread")) == 1));
}

BOOST_AUTO_TEST_CASE(wants_to_pick_up_every_villagers_items_and_the_professions_own) {
    Professions p;
    VillagerState s(p.professions);
    BOOST_TEST(villager_wants_to_pick_up(s, stack("bread", 1)));
    BOOST_TEST(villager_wants_to_pick_up(s, stack("carrot", 3)));
    BOOST_TEST(villager_wants_to_pick_up(s, stack("beetroot_seeds", 3)));
    BOOST_TEST(!villager_wants_to_pick_up(s, stack("bone_meal", 1)));  // farmers only
    BOOST_TEST(!villager_wants_to_pick_up(s, stack("emerald", 1)));
    BOOST_TEST(!villager_wants_to_pick_up(s, ItemStack{}));
    s.data.profession = ResourceLocation::of("farmer");
    BOOST_TEST(villager_wants_to_pick_up(s, stack("bone_meal", 1)));
    BOOST_TEST(s.wants_to_pick_up(stack("bone_meal", 1)));  // the MobAttachment hook says the same
    BOOST_TEST_REQUIRE(s.secondary_poi_blocks().size() == 1u);
    BOOST_TEST((s.secondary_poi_blocks()[0] == ResourceLocation::of("farmland")));
    for (auto& slot : s.inventory) slot = stack("dirt", 64);
    BOOST_TEST(!villager_wants_to_pick_up(s, stack("bread", 1)));  // no room
    BOOST_TEST(villager_wanted_items().size() == 9u);
}

BOOST_AUTO_TEST_CASE(profession_falls_back_to_none_for_unknown_ids_or_without_a_table) {
    Professions p;
    VillagerState s(p.professions);
    s.data.profession = ResourceLocation::of("farmer");
    BOOST_TEST((s.profession().id == ResourceLocation::of("farmer")));
    BOOST_TEST(s.professions() == &p.professions);
    s.data.profession = ResourceLocation::of("example:chef");
    BOOST_TEST((s.profession().id == ResourceLocation::of("none")));
    VillagerState bare;
    bare.data.profession = ResourceLocation::of("farmer");
    BOOST_TEST(bare.professions() == nullptr);
    BOOST_TEST((bare.profession().id == ResourceLocation::of("none")));
    BOOST_TEST(!bare.wants_to_pick_up(stack("bone_meal", 1)));  // no table: no requested items
    BOOST_TEST(bare.wants_to_pick_up(stack("bread", 1)));
    BOOST_TEST(bare.secondary_poi_blocks().empty());
}

BOOST_AUTO_TEST_CASE(the_15_professions_in_vanillas_order_with_their_job_sites) {
    Professions p;
    const auto all = p.professions.all();
    BOOST_TEST_REQUIRE(all.size() == 15u);
    BOOST_TEST((all[0].id == ResourceLocation::of("none")));
    BOOST_TEST(&p.professions.none() == &all[0]);
    BOOST_TEST((all[5].id == ResourceLocation::of("farmer")));
    BOOST_TEST((all[11].id == ResourceLocation::of("nitwit")));
    BOOST_TEST((all[14].id == ResourceLocation::of("weaponsmith")));
    BOOST_TEST(!all[0].job_site.has_value());
    BOOST_TEST(!all[11].job_site.has_value());
    BOOST_TEST(p.professions.job_sites().size() == 13u);
    const auto sites = p.pois.job_sites();
    for (std::size_t i = 0; i < sites.size(); ++i) {
        const VillagerProfession* prof = p.professions.for_job_site(sites[i]);
        BOOST_TEST_REQUIRE(prof != nullptr);
        BOOST_TEST((prof->job_site == sites[i]));
    }
    BOOST_TEST((p.professions.for_job_site(p.pois.farmer)->id == ResourceLocation::of("farmer")));
    BOOST_TEST(p.professions.for_job_site(p.pois.home) == nullptr);
    BOOST_TEST(p.professions.find(ResourceLocation::of("minecraft:librarian")) != nullptr);
    BOOST_TEST((p.professions.find(ResourceLocation::of("example:chef")) == nullptr));
    const VillagerProfession* farmer = p.professions.find(ResourceLocation::of("farmer"));
    BOOST_TEST(farmer->requested_items.size() == 4u);
    BOOST_TEST_REQUIRE(farmer->secondary_poi.size() == 1u);
    BOOST_TEST((farmer->secondary_poi[0] == ResourceLocation::of("farmland")));
}

BOOST_AUTO_TEST_SUITE_END()
