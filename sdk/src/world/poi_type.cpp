#include "mobsdk/world/poi_type.hpp"

namespace mobsdk {

namespace {

PoiTypeInfo of_blocks(std::initializer_list<const char*> blocks, std::int32_t tickets, std::int32_t range,
                      bool village = false) {
    PoiTypeInfo info;
    info.village = village;
    for (const char* b : blocks) info.states.push_back({ResourceLocation::of(b), {}});
    info.max_tickets = tickets;
    info.valid_range = range;
    return info;
}

}  // namespace

VanillaPoiTypes register_vanilla_poi_types(Registry<PoiTypeInfo>& r) {
    VanillaPoiTypes v;
    auto job = [&](const char* id, std::initializer_list<const char*> blocks) {
        return r.register_entry(id, of_blocks(blocks, 1, 1, true));
    };
    v.armorer = job("armorer", {"blast_furnace"});
    v.butcher = job("butcher", {"smoker"});
    v.cartographer = job("cartographer", {"cartography_table"});
    v.cleric = job("cleric", {"brewing_stand"});
    v.farmer = job("farmer", {"composter"});
    v.fisherman = job("fisherman", {"barrel"});
    v.fletcher = job("fletcher", {"fletching_table"});
    // Every cauldron counts, filled or not (vanilla's LEATHERWORKER uses the CAULDRONS tag set).
    v.leatherworker = job("leatherworker", {"cauldron", "water_cauldron", "lava_cauldron", "powder_snow_cauldron"});
    v.librarian = job("librarian", {"lectern"});
    v.mason = job("mason", {"stonecutter"});
    v.shepherd = job("shepherd", {"loom"});
    v.toolsmith = job("toolsmith", {"smithing_table"});
    v.weaponsmith = job("weaponsmith", {"grindstone"});

    PoiTypeInfo home;
    for (const char* color : {"white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray",
                              "light_gray", "cyan", "purple", "blue", "brown", "green", "red", "black"})
        home.states.push_back({ResourceLocation::of(std::string(color) + "_bed"), {{"part", "head"}}});
    home.max_tickets = 1;
    home.valid_range = 1;
    home.village = true;
    v.home = r.register_entry("home", std::move(home));
    v.meeting = r.register_entry("meeting", of_blocks({"bell"}, 32, 6, true));
    v.beehive = r.register_entry("beehive", of_blocks({"beehive"}, 0, 1));
    v.bee_nest = r.register_entry("bee_nest", of_blocks({"bee_nest"}, 0, 1));
    v.nether_portal = r.register_entry("nether_portal", of_blocks({"nether_portal"}, 0, 1));
    v.lodestone = r.register_entry("lodestone", of_blocks({"lodestone"}, 0, 1));
    v.lightning_rod = r.register_entry("lightning_rod", of_blocks({"lightning_rod"}, 0, 1));
    return v;
}

VanillaPoiTypes find_vanilla_poi_types(const Registry<PoiTypeInfo>& r) {
    VanillaPoiTypes v;
    const std::pair<Handle<PoiTypeInfo>*, const char*> all[] = {
        {&v.armorer, "armorer"},
        {&v.butcher, "butcher"},
        {&v.cartographer, "cartographer"},
        {&v.cleric, "cleric"},
        {&v.farmer, "farmer"},
        {&v.fisherman, "fisherman"},
        {&v.fletcher, "fletcher"},
        {&v.leatherworker, "leatherworker"},
        {&v.librarian, "librarian"},
        {&v.mason, "mason"},
        {&v.shepherd, "shepherd"},
        {&v.toolsmith, "toolsmith"},
        {&v.weaponsmith, "weaponsmith"},
        {&v.home, "home"},
        {&v.meeting, "meeting"},
        {&v.beehive, "beehive"},
        {&v.bee_nest, "bee_nest"},
        {&v.nether_portal, "nether_portal"},
        {&v.lodestone, "lodestone"},
        {&v.lightning_rod, "lightning_rod"},
    };
    for (const auto& [handle, id] : all) *handle = r.require(id);
    return v;
}

}  // namespace mobsdk
