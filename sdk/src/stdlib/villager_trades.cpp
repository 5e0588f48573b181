// Vanilla 1.20.4's VillagerTrades.TRADES (checked against the decompiled VillagerTrades of the
// NikitaCartes-archive/MinecraftDeobfuscated-Mojang mirror), the listing kinds' getOffer, and
// AbstractVillager.addOffersFromItemListings.
#include "mobsdk/stdlib/villager_trades.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "mobsdk/stdlib/villager.hpp"

namespace mobsdk::stdlib {

namespace {

using K = ItemListingKind;

constexpr ItemListing make(K kind, std::string_view item, std::int32_t count = 1, std::int32_t emeralds = 1,
                           std::string_view item_b = {}, std::int32_t count_b = 0) {
    ItemListing l;
    l.kind = kind;
    l.item = item;
    l.count = count;
    l.emeralds = emeralds;
    l.item_b = item_b;
    l.count_b = count_b;
    return l;
}

// The constructors of vanilla's listing classes (arguments in vanilla's order).
constexpr ItemListing efi(std::string_view item, std::int32_t cost, std::int32_t max_uses, std::int32_t xp) {
    ItemListing l = make(K::EmeraldForItems, item, cost);
    l.max_uses = max_uses;
    l.xp = xp;
    return l;
}
constexpr ItemListing ife(std::string_view item, std::int32_t emeralds, std::int32_t count, std::int32_t max_uses,
                          std::int32_t xp, float price_multiplier = 0.05f) {
    ItemListing l = make(K::ItemsForEmeralds, item, count, emeralds);
    l.max_uses = max_uses;
    l.xp = xp;
    l.price_multiplier = price_multiplier;
    return l;
}
constexpr ItemListing iaeti(std::string_view from, std::int32_t from_count, std::string_view to, std::int32_t to_count,
                            std::int32_t max_uses, std::int32_t xp) {
    ItemListing l = make(K::ItemsAndEmeraldsToItems, from, from_count, 1, to, to_count);
    l.max_uses = max_uses;
    l.xp = xp;
    return l;
}
constexpr ItemListing boat_for_type(std::int32_t cost, std::int32_t max_uses, std::int32_t xp) {
    ItemListing l = make(K::EmeraldsForVillagerTypeItem, "", cost);
    l.max_uses = max_uses;
    l.xp = xp;
    return l;
}
constexpr ItemListing stew(std::string_view effect, std::int32_t duration, std::int32_t xp) {
    ItemListing l = make(K::SuspiciousStewForEmerald, "suspicious_stew");
    l.xp = xp;
    l.effect = effect;
    l.duration = duration;
    return l;
}
constexpr ItemListing tipped_arrow(std::string_view from, std::int32_t from_count, std::string_view to,
                                   std::int32_t to_count, std::int32_t emeralds, std::int32_t max_uses,
                                   std::int32_t xp) {
    ItemListing l = make(K::TippedArrowForItemsAndEmeralds, from, from_count, emeralds, to, to_count);
    l.max_uses = max_uses;
    l.xp = xp;
    return l;
}
constexpr ItemListing dyed(std::string_view item, std::int32_t emeralds, std::int32_t max_uses, std::int32_t xp) {
    ItemListing l = make(K::DyedArmorForEmeralds, item, 1, emeralds);
    l.max_uses = max_uses;
    l.xp = xp;
    l.price_multiplier = 0.2f;
    return l;
}
constexpr ItemListing book(std::int32_t xp) {
    ItemListing l = make(K::EnchantBookForEmeralds, "enchanted_book");
    l.xp = xp;
    l.price_multiplier = 0.2f;
    return l;
}
constexpr ItemListing enchanted(std::string_view item, std::int32_t base_emeralds, std::int32_t max_uses,
                                std::int32_t xp, float price_multiplier = 0.05f) {
    ItemListing l = make(K::EnchantedItemForEmeralds, item, 1, base_emeralds);
    l.max_uses = max_uses;
    l.xp = xp;
    l.price_multiplier = price_multiplier;
    return l;
}
constexpr ItemListing treasure_map(std::int32_t emeralds, std::string_view destination, std::int32_t max_uses,
                                   std::int32_t xp) {
    ItemListing l = make(K::TreasureMapForEmeralds, "filled_map", 1, emeralds);
    l.max_uses = max_uses;
    l.xp = xp;
    l.price_multiplier = 0.2f;
    l.effect = destination;
    return l;
}

struct ProfessionTrades {
    std::string_view profession;
    std::array<std::span<const ItemListing>, 5> levels;
};

constexpr ItemListing armorer_1[] = {
    efi("coal", 15, 16, 2),
    ife("iron_leggings", 7, 1, 12, 1, 0.2f),
    ife("iron_boots", 4, 1, 12, 1, 0.2f),
    ife("iron_helmet", 5, 1, 12, 1, 0.2f),
    ife("iron_chestplate", 9, 1, 12, 1, 0.2f),
};
constexpr ItemListing armorer_2[] = {
    efi("iron_ingot", 4, 12, 10),
    ife("bell", 36, 1, 12, 5, 0.2f),
    ife("chainmail_boots", 1, 1, 12, 5, 0.2f),
    ife("chainmail_leggings", 3, 1, 12, 5, 0.2f),
};
constexpr ItemListing armorer_3[] = {
    efi("lava_bucket", 1, 12, 20),
    efi("diamond", 1, 12, 20),
    ife("chainmail_helmet", 1, 1, 12, 10, 0.2f),
    ife("chainmail_chestplate", 4, 1, 12, 10, 0.2f),
    ife("shield", 5, 1, 12, 10, 0.2f),
};
constexpr ItemListing armorer_4[] = {
    enchanted("diamond_leggings", 14, 3, 15, 0.2f),
    enchanted("diamond_boots", 8, 3, 15, 0.2f),
};
constexpr ItemListing armorer_5[] = {
    enchanted("diamond_helmet", 8, 3, 30, 0.2f),
    enchanted("diamond_chestplate", 16, 3, 30, 0.2f),
};
constexpr ItemListing butcher_1[] = {
    efi("chicken", 14, 16, 2),
    efi("porkchop", 7, 16, 2),
    efi("rabbit", 4, 16, 2),
    ife("rabbit_stew", 1, 1, 12, 1),
};
constexpr ItemListing butcher_2[] = {
    efi("coal", 15, 16, 2),
    ife("cooked_porkchop", 1, 5, 16, 5),
    ife("cooked_chicken", 1, 8, 16, 5),
};
constexpr ItemListing butcher_3[] = {
    efi("mutton", 7, 16, 20),
    efi("beef", 10, 16, 20),
};
constexpr ItemListing butcher_4[] = {
    efi("dried_kelp_block", 10, 12, 30),
};
constexpr ItemListing butcher_5[] = {
    efi("sweet_berries", 10, 12, 30),
};
constexpr ItemListing cartographer_1[] = {
    efi("paper", 24, 16, 2),
    ife("map", 7, 1, 12, 1),
};
constexpr ItemListing cartographer_2[] = {
    efi("glass_pane", 11, 16, 10),
    treasure_map(13, "on_ocean_explorer_maps", 12, 5),
};
constexpr ItemListing cartographer_3[] = {
    efi("compass", 1, 12, 20),
    treasure_map(14, "on_woodland_explorer_maps", 12, 10),
};
constexpr ItemListing cartographer_4[] = {
    ife("item_frame", 7, 1, 12, 15),        ife("white_banner", 3, 1, 12, 15),      ife("blue_banner", 3, 1, 12, 15),
    ife("light_blue_banner", 3, 1, 12, 15), ife("red_banner", 3, 1, 12, 15),        ife("pink_banner", 3, 1, 12, 15),
    ife("green_banner", 3, 1, 12, 15),      ife("lime_banner", 3, 1, 12, 15),       ife("gray_banner", 3, 1, 12, 15),
    ife("black_banner", 3, 1, 12, 15),      ife("purple_banner", 3, 1, 12, 15),     ife("magenta_banner", 3, 1, 12, 15),
    ife("cyan_banner", 3, 1, 12, 15),       ife("brown_banner", 3, 1, 12, 15),      ife("yellow_banner", 3, 1, 12, 15),
    ife("orange_banner", 3, 1, 12, 15),     ife("light_gray_banner", 3, 1, 12, 15),
};
constexpr ItemListing cartographer_5[] = {
    ife("globe_banner_pattern", 8, 1, 12, 30),
};
constexpr ItemListing cleric_1[] = {
    efi("rotten_flesh", 32, 16, 2),
    ife("redstone", 1, 2, 12, 1),
};
constexpr ItemListing cleric_2[] = {
    efi("gold_ingot", 3, 12, 10),
    ife("lapis_lazuli", 1, 1, 12, 5),
};
constexpr ItemListing cleric_3[] = {
    efi("rabbit_foot", 2, 12, 20),
    ife("glowstone", 4, 1, 12, 10),
};
constexpr ItemListing cleric_4[] = {
    efi("scute", 4, 12, 30),
    efi("glass_bottle", 9, 12, 30),
    ife("ender_pearl", 5, 1, 12, 15),
};
constexpr ItemListing cleric_5[] = {
    efi("nether_wart", 22, 12, 30),
    ife("experience_bottle", 3, 1, 12, 30),
};
constexpr ItemListing farmer_1[] = {
    efi("wheat", 20, 16, 2),    efi("potato", 26, 16, 2),  efi("carrot", 22, 16, 2),
    efi("beetroot", 15, 16, 2), ife("bread", 1, 6, 16, 1),
};
constexpr ItemListing farmer_2[] = {
    efi("pumpkin", 6, 12, 10),
    ife("pumpkin_pie", 1, 4, 12, 5),
    ife("apple", 1, 4, 16, 5),
};
constexpr ItemListing farmer_3[] = {
    ife("cookie", 3, 18, 12, 10),
    efi("melon", 4, 12, 20),
};
constexpr ItemListing farmer_4[] = {
    ife("cake", 1, 1, 12, 15),  stew("night_vision", 100, 15), stew("jump_boost", 160, 15), stew("weakness", 140, 15),
    stew("blindness", 120, 15), stew("poison", 280, 15),       stew("saturation", 7, 15),
};
constexpr ItemListing farmer_5[] = {
    ife("golden_carrot", 3, 3, 12, 30),
    ife("glistering_melon_slice", 4, 3, 12, 30),
};
constexpr ItemListing fisherman_1[] = {
    efi("string", 20, 16, 2),
    efi("coal", 10, 16, 2),
    iaeti("cod", 6, "cooked_cod", 6, 16, 1),
    ife("cod_bucket", 3, 1, 16, 1),
};
constexpr ItemListing fisherman_2[] = {
    efi("cod", 15, 16, 10),
    iaeti("salmon", 6, "cooked_salmon", 6, 16, 5),
    ife("campfire", 2, 1, 12, 5),
};
constexpr ItemListing fisherman_3[] = {
    efi("salmon", 13, 16, 20),
    enchanted("fishing_rod", 3, 3, 10, 0.2f),
};
constexpr ItemListing fisherman_4[] = {
    efi("tropical_fish", 6, 12, 30),
};
constexpr ItemListing fisherman_5[] = {
    efi("pufferfish", 4, 12, 30),
    boat_for_type(1, 12, 30),
};
constexpr ItemListing fletcher_1[] = {
    efi("stick", 32, 16, 2),
    ife("arrow", 1, 16, 12, 1),
    iaeti("gravel", 10, "flint", 10, 12, 1),
};
constexpr ItemListing fletcher_2[] = {
    efi("flint", 26, 12, 10),
    ife("bow", 2, 1, 12, 5),
};
constexpr ItemListing fletcher_3[] = {
    efi("string", 14, 16, 20),
    ife("crossbow", 3, 1, 12, 10),
};
constexpr ItemListing fletcher_4[] = {
    efi("feather", 24, 16, 30),
    enchanted("bow", 2, 3, 15),
};
constexpr ItemListing fletcher_5[] = {
    efi("tripwire_hook", 8, 12, 30),
    enchanted("crossbow", 3, 3, 15),
    tipped_arrow("arrow", 5, "tipped_arrow", 5, 2, 12, 30),
};
constexpr ItemListing leatherworker_1[] = {
    efi("leather", 6, 16, 2),
    dyed("leather_leggings", 3, 12, 1),
    dyed("leather_chestplate", 7, 12, 1),
};
constexpr ItemListing leatherworker_2[] = {
    efi("flint", 26, 12, 10),
    dyed("leather_helmet", 5, 12, 5),
    dyed("leather_boots", 4, 12, 5),
};
constexpr ItemListing leatherworker_3[] = {
    efi("rabbit_hide", 9, 12, 20),
    dyed("leather_chestplate", 7, 12, 1),
};
constexpr ItemListing leatherworker_4[] = {
    efi("scute", 4, 12, 30),
    dyed("leather_horse_armor", 6, 12, 15),
};
constexpr ItemListing leatherworker_5[] = {
    ife("saddle", 6, 1, 12, 30, 0.2f),
    dyed("leather_helmet", 5, 12, 30),
};
constexpr ItemListing librarian_1[] = {
    efi("paper", 24, 16, 2),
    book(1),
    ife("bookshelf", 9, 1, 12, 1),
};
constexpr ItemListing librarian_2[] = {
    efi("book", 4, 12, 10),
    book(5),
    ife("lantern", 1, 1, 12, 5),
};
constexpr ItemListing librarian_3[] = {
    efi("ink_sac", 5, 12, 20),
    book(10),
    ife("glass", 1, 4, 12, 10),
};
constexpr ItemListing librarian_4[] = {
    efi("writable_book", 2, 12, 30),
    book(15),
    ife("clock", 5, 1, 12, 15),
    ife("compass", 4, 1, 12, 15),
};
constexpr ItemListing librarian_5[] = {
    ife("name_tag", 20, 1, 12, 30),
};
constexpr ItemListing mason_1[] = {
    efi("clay_ball", 10, 16, 2),
    ife("brick", 1, 10, 16, 1),
};
constexpr ItemListing mason_2[] = {
    efi("stone", 20, 16, 10),
    ife("chiseled_stone_bricks", 1, 4, 16, 5),
};
constexpr ItemListing mason_3[] = {
    efi("granite", 16, 16, 20),
    efi("andesite", 16, 16, 20),
    efi("diorite", 16, 16, 20),
    ife("dripstone_block", 1, 4, 16, 10),
    ife("polished_andesite", 1, 4, 16, 10),
    ife("polished_diorite", 1, 4, 16, 10),
    ife("polished_granite", 1, 4, 16, 10),
};
constexpr ItemListing mason_4[] = {
    efi("quartz", 12, 12, 30),
    ife("orange_terracotta", 1, 1, 12, 15),
    ife("white_terracotta", 1, 1, 12, 15),
    ife("blue_terracotta", 1, 1, 12, 15),
    ife("light_blue_terracotta", 1, 1, 12, 15),
    ife("gray_terracotta", 1, 1, 12, 15),
    ife("light_gray_terracotta", 1, 1, 12, 15),
    ife("black_terracotta", 1, 1, 12, 15),
    ife("red_terracotta", 1, 1, 12, 15),
    ife("pink_terracotta", 1, 1, 12, 15),
    ife("magenta_terracotta", 1, 1, 12, 15),
    ife("lime_terracotta", 1, 1, 12, 15),
    ife("green_terracotta", 1, 1, 12, 15),
    ife("cyan_terracotta", 1, 1, 12, 15),
    ife("purple_terracotta", 1, 1, 12, 15),
    ife("yellow_terracotta", 1, 1, 12, 15),
    ife("brown_terracotta", 1, 1, 12, 15),
    ife("orange_glazed_terracotta", 1, 1, 12, 15),
    ife("white_glazed_terracotta", 1, 1, 12, 15),
    ife("blue_glazed_terracotta", 1, 1, 12, 15),
    ife("light_blue_glazed_terracotta", 1, 1, 12, 15),
    ife("gray_glazed_terracotta", 1, 1, 12, 15),
    ife("light_gray_glazed_terracotta", 1, 1, 12, 15),
    ife("black_glazed_terracotta", 1, 1, 12, 15),
    ife("red_glazed_terracotta", 1, 1, 12, 15),
    ife("pink_glazed_terracotta", 1, 1, 12, 15),
    ife("magenta_glazed_terracotta", 1, 1, 12, 15),
    ife("lime_glazed_terracotta", 1, 1, 12, 15),
    ife("green_glazed_terracotta", 1, 1, 12, 15),
    ife("cyan_glazed_terracotta", 1, 1, 12, 15),
    ife("purple_glazed_terracotta", 1, 1, 12, 15),
    ife("yellow_glazed_terracotta", 1, 1, 12, 15),
    ife("brown_glazed_terracotta", 1, 1, 12, 15),
};
constexpr ItemListing mason_5[] = {
    ife("quartz_pillar", 1, 1, 12, 30),
    ife("quartz_block", 1, 1, 12, 30),
};
constexpr ItemListing shepherd_1[] = {
    efi("white_wool", 18, 16, 2), efi("brown_wool", 18, 16, 2), efi("black_wool", 18, 16, 2),
    efi("gray_wool", 18, 16, 2),  ife("shears", 2, 1, 12, 1),
};
constexpr ItemListing shepherd_2[] = {
    efi("white_dye", 12, 16, 10),          efi("gray_dye", 12, 16, 10),         efi("black_dye", 12, 16, 10),
    efi("light_blue_dye", 12, 16, 10),     efi("lime_dye", 12, 16, 10),         ife("white_wool", 1, 1, 16, 5),
    ife("orange_wool", 1, 1, 16, 5),       ife("magenta_wool", 1, 1, 16, 5),    ife("light_blue_wool", 1, 1, 16, 5),
    ife("yellow_wool", 1, 1, 16, 5),       ife("lime_wool", 1, 1, 16, 5),       ife("pink_wool", 1, 1, 16, 5),
    ife("gray_wool", 1, 1, 16, 5),         ife("light_gray_wool", 1, 1, 16, 5), ife("cyan_wool", 1, 1, 16, 5),
    ife("purple_wool", 1, 1, 16, 5),       ife("blue_wool", 1, 1, 16, 5),       ife("brown_wool", 1, 1, 16, 5),
    ife("green_wool", 1, 1, 16, 5),        ife("red_wool", 1, 1, 16, 5),        ife("black_wool", 1, 1, 16, 5),
    ife("white_carpet", 1, 4, 16, 5),      ife("orange_carpet", 1, 4, 16, 5),   ife("magenta_carpet", 1, 4, 16, 5),
    ife("light_blue_carpet", 1, 4, 16, 5), ife("yellow_carpet", 1, 4, 16, 5),   ife("lime_carpet", 1, 4, 16, 5),
    ife("pink_carpet", 1, 4, 16, 5),       ife("gray_carpet", 1, 4, 16, 5),     ife("light_gray_carpet", 1, 4, 16, 5),
    ife("cyan_carpet", 1, 4, 16, 5),       ife("purple_carpet", 1, 4, 16, 5),   ife("blue_carpet", 1, 4, 16, 5),
    ife("brown_carpet", 1, 4, 16, 5),      ife("green_carpet", 1, 4, 16, 5),    ife("red_carpet", 1, 4, 16, 5),
    ife("black_carpet", 1, 4, 16, 5),
};
constexpr ItemListing shepherd_3[] = {
    efi("yellow_dye", 12, 16, 20),       efi("light_gray_dye", 12, 16, 20), efi("orange_dye", 12, 16, 20),
    efi("red_dye", 12, 16, 20),          efi("pink_dye", 12, 16, 20),       ife("white_bed", 3, 1, 12, 10),
    ife("yellow_bed", 3, 1, 12, 10),     ife("red_bed", 3, 1, 12, 10),      ife("black_bed", 3, 1, 12, 10),
    ife("blue_bed", 3, 1, 12, 10),       ife("brown_bed", 3, 1, 12, 10),    ife("cyan_bed", 3, 1, 12, 10),
    ife("gray_bed", 3, 1, 12, 10),       ife("green_bed", 3, 1, 12, 10),    ife("light_blue_bed", 3, 1, 12, 10),
    ife("light_gray_bed", 3, 1, 12, 10), ife("lime_bed", 3, 1, 12, 10),     ife("magenta_bed", 3, 1, 12, 10),
    ife("orange_bed", 3, 1, 12, 10),     ife("pink_bed", 3, 1, 12, 10),     ife("purple_bed", 3, 1, 12, 10),
};
constexpr ItemListing shepherd_4[] = {
    efi("brown_dye", 12, 16, 30),           efi("purple_dye", 12, 16, 30),       efi("blue_dye", 12, 16, 30),
    efi("green_dye", 12, 16, 30),           efi("magenta_dye", 12, 16, 30),      efi("cyan_dye", 12, 16, 30),
    ife("white_banner", 3, 1, 12, 15),      ife("blue_banner", 3, 1, 12, 15),    ife("light_blue_banner", 3, 1, 12, 15),
    ife("red_banner", 3, 1, 12, 15),        ife("pink_banner", 3, 1, 12, 15),    ife("green_banner", 3, 1, 12, 15),
    ife("lime_banner", 3, 1, 12, 15),       ife("gray_banner", 3, 1, 12, 15),    ife("black_banner", 3, 1, 12, 15),
    ife("purple_banner", 3, 1, 12, 15),     ife("magenta_banner", 3, 1, 12, 15), ife("cyan_banner", 3, 1, 12, 15),
    ife("brown_banner", 3, 1, 12, 15),      ife("yellow_banner", 3, 1, 12, 15),  ife("orange_banner", 3, 1, 12, 15),
    ife("light_gray_banner", 3, 1, 12, 15),
};
constexpr ItemListing shepherd_5[] = {
    ife("painting", 2, 3, 12, 30),
};
constexpr ItemListing toolsmith_1[] = {
    efi("coal", 15, 16, 2),
    ife("stone_axe", 1, 1, 12, 1, 0.2f),
    ife("stone_shovel", 1, 1, 12, 1, 0.2f),
    ife("stone_pickaxe", 1, 1, 12, 1, 0.2f),
    ife("stone_hoe", 1, 1, 12, 1, 0.2f),
};
constexpr ItemListing toolsmith_2[] = {
    efi("iron_ingot", 4, 12, 10),
    ife("bell", 36, 1, 12, 5, 0.2f),
};
constexpr ItemListing toolsmith_3[] = {
    efi("flint", 30, 12, 20),
    enchanted("iron_axe", 1, 3, 10, 0.2f),
    enchanted("iron_shovel", 2, 3, 10, 0.2f),
    enchanted("iron_pickaxe", 3, 3, 10, 0.2f),
    ife("diamond_hoe", 4, 1, 3, 10, 0.2f),
};
constexpr ItemListing toolsmith_4[] = {
    efi("diamond", 1, 12, 30),
    enchanted("diamond_axe", 12, 3, 15, 0.2f),
    enchanted("diamond_shovel", 5, 3, 15, 0.2f),
};
constexpr ItemListing toolsmith_5[] = {
    enchanted("diamond_pickaxe", 13, 3, 30, 0.2f),
};
constexpr ItemListing weaponsmith_1[] = {
    efi("coal", 15, 16, 2),
    ife("iron_axe", 3, 1, 12, 1, 0.2f),
    enchanted("iron_sword", 2, 3, 1),
};
constexpr ItemListing weaponsmith_2[] = {
    efi("iron_ingot", 4, 12, 10),
    ife("bell", 36, 1, 12, 5, 0.2f),
};
constexpr ItemListing weaponsmith_3[] = {
    efi("flint", 24, 12, 20),
};
constexpr ItemListing weaponsmith_4[] = {
    efi("diamond", 1, 12, 30),
    enchanted("diamond_axe", 12, 3, 15, 0.2f),
};
constexpr ItemListing weaponsmith_5[] = {
    enchanted("diamond_sword", 8, 3, 30, 0.2f),
};
constexpr ProfessionTrades tables[] = {
    {"armorer", {armorer_1, armorer_2, armorer_3, armorer_4, armorer_5}},
    {"butcher", {butcher_1, butcher_2, butcher_3, butcher_4, butcher_5}},
    {"cartographer", {cartographer_1, cartographer_2, cartographer_3, cartographer_4, cartographer_5}},
    {"cleric", {cleric_1, cleric_2, cleric_3, cleric_4, cleric_5}},
    {"farmer", {farmer_1, farmer_2, farmer_3, farmer_4, farmer_5}},
    {"fisherman", {fisherman_1, fisherman_2, fisherman_3, fisherman_4, fisherman_5}},
    {"fletcher", {fletcher_1, fletcher_2, fletcher_3, fletcher_4, fletcher_5}},
    {"leatherworker", {leatherworker_1, leatherworker_2, leatherworker_3, leatherworker_4, leatherworker_5}},
    {"librarian", {librarian_1, librarian_2, librarian_3, librarian_4, librarian_5}},
    {"mason", {mason_1, mason_2, mason_3, mason_4, mason_5}},
    {"shepherd", {shepherd_1, shepherd_2, shepherd_3, shepherd_4, shepherd_5}},
    {"toolsmith", {toolsmith_1, toolsmith_2, toolsmith_3, toolsmith_4, toolsmith_5}},
    {"weaponsmith", {weaponsmith_1, weaponsmith_2, weaponsmith_3, weaponsmith_4, weaponsmith_5}},
};

// Vanilla's EmeraldsForVillagerTypeItem map of the fisherman's master trade.
constexpr std::pair<std::string_view, std::string_view> boats_by_type[] = {
    {"plains", "oak_boat"},    {"taiga", "spruce_boat"},   {"snow", "spruce_boat"},    {"desert", "jungle_boat"},
    {"jungle", "jungle_boat"}, {"savanna", "acacia_boat"}, {"swamp", "dark_oak_boat"},
};

constexpr EnchantmentInfo enchantments[] = {
    {"protection", 4, false, true, false},
    {"fire_protection", 4, false, true, false},
    {"feather_falling", 4, false, true, false},
    {"blast_protection", 4, false, true, false},
    {"projectile_protection", 4, false, true, false},
    {"respiration", 3, false, true, false},
    {"aqua_affinity", 1, false, true, false},
    {"thorns", 3, false, true, false},
    {"depth_strider", 3, false, true, false},
    {"frost_walker", 2, true, true, false},
    {"binding_curse", 1, true, true, true},
    {"soul_speed", 3, true, false, false},
    {"swift_sneak", 3, true, false, false},
    {"sharpness", 5, false, true, false},
    {"smite", 5, false, true, false},
    {"bane_of_arthropods", 5, false, true, false},
    {"knockback", 2, false, true, false},
    {"fire_aspect", 2, false, true, false},
    {"looting", 3, false, true, false},
    {"sweeping", 3, false, true, false},
    {"efficiency", 5, false, true, false},
    {"silk_touch", 1, false, true, false},
    {"unbreaking", 3, false, true, false},
    {"fortune", 3, false, true, false},
    {"power", 5, false, true, false},
    {"punch", 2, false, true, false},
    {"flame", 1, false, true, false},
    {"infinity", 1, false, true, false},
    {"luck_of_the_sea", 3, false, true, false},
    {"lure", 3, false, true, false},
    {"loyalty", 3, false, true, false},
    {"impaling", 5, false, true, false},
    {"riptide", 3, false, true, false},
    {"channeling", 1, false, true, false},
    {"multishot", 1, false, true, false},
    {"quick_charge", 3, false, true, false},
    {"piercing", 4, false, true, false},
    {"mending", 1, true, true, false},
    {"vanishing_curse", 1, true, true, true},
};

constexpr std::string_view arrow_potions[] = {
    "night_vision",
    "long_night_vision",
    "invisibility",
    "long_invisibility",
    "leaping",
    "long_leaping",
    "strong_leaping",
    "fire_resistance",
    "long_fire_resistance",
    "swiftness",
    "long_swiftness",
    "strong_swiftness",
    "slowness",
    "long_slowness",
    "strong_slowness",
    "turtle_master",
    "long_turtle_master",
    "strong_turtle_master",
    "water_breathing",
    "long_water_breathing",
    "healing",
    "strong_healing",
    "harming",
    "strong_harming",
    "poison",
    "long_poison",
    "strong_poison",
    "regeneration",
    "long_regeneration",
    "strong_regeneration",
    "strength",
    "long_strength",
    "strong_strength",
    "weakness",
    "long_weakness",
    "slow_falling",
    "long_slow_falling",
};

// DyeColor's textureDiffuseColor, by id (white 0 … black 15).
constexpr std::int32_t dye_colors[16] = {0xF9FFFE, 0xF9801D, 0xC74EBD, 0x3AB3DA, 0xFED83D, 0x80C71F,
                                         0xF38BAA, 0x474F52, 0x9D9D97, 0x169C9C, 0x8932B8, 0x3C44AA,
                                         0x835432, 0x5E7C16, 0xB02E26, 0x1D1D21};

ResourceLocation mc(std::string_view path) { return ResourceLocation::of(path); }

OfferItem stack(std::string_view path, std::int32_t count) { return OfferItem{ItemStack{mc(path), count}, {}}; }

OfferItem emeralds(std::int32_t count) { return stack("emerald", count); }

// Vanilla's Mth.nextInt(random, min, max): no roll when min ≥ max.
std::int32_t next_int(RandomSource& random, std::int32_t min, std::int32_t max) {
    return min >= max ? min : random.next_int(max - min + 1) + min;
}

// DyeableLeatherItem.dyeArmor on an undyed item: the dyes' diffuse colours averaged, scaled to the
// brightest component's average.
std::int32_t mix_dyes(std::span<const std::int32_t> dyes) {
    std::int32_t sum[3] = {0, 0, 0};
    std::int32_t brightest = 0;
    for (std::int32_t id : dyes) {
        const std::int32_t c = dye_colors[id];
        const float fs[3] = {static_cast<float>((c >> 16) & 0xFF) / 255.0f,
                             static_cast<float>((c >> 8) & 0xFF) / 255.0f, static_cast<float>(c & 0xFF) / 255.0f};
        const std::int32_t r = static_cast<std::int32_t>(fs[0] * 255.0f);
        const std::int32_t g = static_cast<std::int32_t>(fs[1] * 255.0f);
        const std::int32_t b = static_cast<std::int32_t>(fs[2] * 255.0f);
        brightest += std::max(r, std::max(g, b));
        sum[0] += r;
        sum[1] += g;
        sum[2] += b;
    }
    const auto n = static_cast<std::int32_t>(dyes.size());
    std::int32_t k = sum[0] / n, m = sum[1] / n, o = sum[2] / n;
    const float h = static_cast<float>(brightest) / static_cast<float>(n);
    const auto max = static_cast<float>(std::max(k, std::max(m, o)));
    k = static_cast<std::int32_t>(static_cast<float>(k) * h / max);
    m = static_cast<std::int32_t>(static_cast<float>(m) * h / max);
    o = static_cast<std::int32_t>(static_cast<float>(o) * h / max);
    return (((k << 8) + m) << 8) + o;
}

}  // namespace

std::span<const ItemListing> villager_trades(std::string_view profession, std::int32_t level) noexcept {
    if (level < 1 || level > 5) return {};
    for (const ProfessionTrades& t : tables)
        if (t.profession == profession) return t.levels[static_cast<std::size_t>(level - 1)];
    return {};
}

std::span<const EnchantmentInfo> vanilla_enchantments() noexcept { return enchantments; }

std::span<const std::string_view> tradeable_arrow_potions() noexcept { return arrow_potions; }

std::optional<MerchantOffer> villager_trade_offer(const ItemListing& l, const VillagerData& data,
                                                  RandomSource& random) {
    switch (l.kind) {
        case K::EmeraldForItems:
            return MerchantOffer::of(stack(l.item, l.count), {}, emeralds(1), l.max_uses, l.xp, l.price_multiplier);
        case K::ItemsForEmeralds:
            return MerchantOffer::of(emeralds(l.emeralds), {}, stack(l.item, l.count), l.max_uses, l.xp,
                                     l.price_multiplier);
        case K::ItemsAndEmeraldsToItems:
            return MerchantOffer::of(emeralds(l.emeralds), stack(l.item, l.count), stack(l.item_b, l.count_b),
                                     l.max_uses, l.xp, l.price_multiplier);
        case K::EmeraldsForVillagerTypeItem: {
            if (!(data.type.ns() == "minecraft")) return std::nullopt;
            for (const auto& [type, boat] : boats_by_type)
                if (data.type.path() == type)
                    return MerchantOffer::of(stack(boat, l.count), {}, emeralds(1), l.max_uses, l.xp, 0.05f);
            return std::nullopt;
        }
        case K::SuspiciousStewForEmerald: {
            // SuspiciousStewItem.saveMobEffects (1.20.2+): {effects: [{id, duration}]}.
            OfferItem stew_item = stack("suspicious_stew", 1);
            nbt::Compound effect;
            effect.put("id", nbt::Tag(mc(l.effect).str()));
            effect.put("duration", nbt::Tag(l.duration));
            nbt::List effects(nbt::TagType::Compound);
            effects.push_back(nbt::Tag(std::move(effect)));
            stew_item.tag.put("effects", nbt::Tag(std::move(effects)));
            return MerchantOffer::of(emeralds(1), {}, std::move(stew_item), 12, l.xp, l.price_multiplier);
        }
        case K::TippedArrowForItemsAndEmeralds: {
            const std::string_view potion = arrow_potions[static_cast<std::size_t>(
                random.next_int(static_cast<std::int32_t>(std::size(arrow_potions))))];
            OfferItem arrows = stack(l.item_b, l.count_b);
            arrows.tag.put("Potion", nbt::Tag(mc(potion).str()));  // PotionUtils.setPotion
            return MerchantOffer::of(emeralds(l.emeralds), stack(l.item, l.count), std::move(arrows), l.max_uses, l.xp,
                                     l.price_multiplier);
        }
        case K::DyedArmorForEmeralds: {
            std::array<std::int32_t, 3> dyes{};
            std::size_t n = 0;
            dyes[n++] = random.next_int(16);
            if (random.next_float() > 0.7f) dyes[n++] = random.next_int(16);
            if (random.next_float() > 0.8f) dyes[n++] = random.next_int(16);
            OfferItem armour = stack(l.item, 1);
            nbt::Compound display;
            display.put("color", nbt::Tag(mix_dyes(std::span<const std::int32_t>(dyes.data(), n))));
            armour.tag.put("display", nbt::Tag(std::move(display)));
            return MerchantOffer::of(emeralds(l.emeralds), {}, std::move(armour), l.max_uses, l.xp, 0.2f);
        }
        case K::EnchantBookForEmeralds: {
            // The tradeable enchantments in registry order; one at random, a random level in 1–max.
            std::array<const EnchantmentInfo*, std::size(enchantments)> tradeable{};
            std::int32_t count = 0;
            for (const EnchantmentInfo& e : enchantments)
                if (e.tradeable) tradeable[static_cast<std::size_t>(count++)] = &e;
            const EnchantmentInfo& e = *tradeable[static_cast<std::size_t>(random.next_int(count))];
            const std::int32_t level = next_int(random, 1, e.max_level);
            std::int32_t price = 2 + random.next_int(5 + level * 10) + 3 * level;
            if (e.treasure) price *= 2;
            price = std::min(price, 64);
            // EnchantedBookItem.createForEnchantment: {StoredEnchantments: [{id, lvl: short}]}.
            OfferItem book_item = stack("enchanted_book", 1);
            nbt::Compound stored;
            stored.put("id", nbt::Tag(mc(e.id).str()));
            stored.put("lvl", nbt::Tag(static_cast<std::int16_t>(level)));
            nbt::List list(nbt::TagType::Compound);
            list.push_back(nbt::Tag(std::move(stored)));
            book_item.tag.put("StoredEnchantments", nbt::Tag(std::move(list)));
            return MerchantOffer::of(emeralds(price), stack("book", 1), std::move(book_item), 12, l.xp, 0.2f);
        }
        case K::EnchantedItemForEmeralds: {
            const std::int32_t level = 5 + random.next_int(15);
            const std::int32_t price = std::min(l.emeralds + level, 64);
            return MerchantOffer::of(emeralds(price), {}, stack(l.item, 1), l.max_uses, l.xp, l.price_multiplier);
        }
        case K::TreasureMapForEmeralds:
            return std::nullopt;  // no structures: vanilla's findNearestMapFeature finds nothing
    }
    return std::nullopt;
}

void add_offers_from_item_listings(MerchantOffers& offers, std::span<const ItemListing> listings, std::int32_t count,
                                   const VillagerData& data, RandomSource& random) {
    const auto size = static_cast<std::int32_t>(listings.size());
    std::vector<std::int32_t> picked;
    if (size > count) {
        while (static_cast<std::int32_t>(picked.size()) < count) {
            const std::int32_t i = random.next_int(size);
            if (std::find(picked.begin(), picked.end(), i) == picked.end()) picked.push_back(i);
        }
        // Vanilla iterates its HashSet<Integer> (16 buckets for so few) by bucket, index & 15, and
        // within a bucket in insertion order.
        std::stable_sort(picked.begin(), picked.end(),
                         [](std::int32_t a, std::int32_t b) { return (a & 15) < (b & 15); });
    } else {
        for (std::int32_t i = 0; i < size; ++i) picked.push_back(i);
    }
    for (std::int32_t i : picked)
        if (auto offer = villager_trade_offer(listings[static_cast<std::size_t>(i)], data, random))
            offers.push_back(std::move(*offer));
}

}  // namespace mobsdk::stdlib
