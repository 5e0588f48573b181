// MerchantOffer: prices, uses and demand, and the offers' NBT (vanilla 1.20.4).
#include "mobsdk/stdlib/merchant_offer.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace mobsdk::stdlib {

namespace {

bool ends_with(std::string_view s, std::string_view suffix) noexcept {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// Vanilla's NbtUtils.compareNbt(expected, actual, false): every key of `expected` is in `actual`
// with a matching value; lists must be equal.
bool compare_nbt(const nbt::Tag& expected, const nbt::Tag& actual);

bool compound_contains(const nbt::Compound& expected, const nbt::Compound& actual) {
    for (const auto& [key, value] : expected) {
        const nbt::Tag* other = actual.find(key);
        if (other == nullptr || !compare_nbt(value, *other)) return false;
    }
    return true;
}

bool compare_nbt(const nbt::Tag& expected, const nbt::Tag& actual) {
    const auto* e = expected.get_if<nbt::Compound>();
    const auto* a = actual.get_if<nbt::Compound>();
    if (e != nullptr && a != nullptr) return compound_contains(*e, *a);
    return expected == actual;
}

// Vanilla's MerchantOffer.isRequiredItem.
bool is_required_item(const OfferItem& given, const OfferItem& cost) {
    if (cost.empty() && given.empty()) return true;
    if (given.empty() || cost.empty() || !(given.item() == cost.item())) return false;
    return cost.tag.empty() || (!given.tag.empty() && compound_contains(cost.tag, given.tag));
}

void shrink(OfferItem& item, std::int32_t n) {
    item.stack.count -= n;
    if (item.stack.count <= 0) item = OfferItem{};
}

std::int32_t get_int(const nbt::Compound& c, std::string_view key, std::int32_t fallback) {
    const auto* v = c.find<std::int32_t>(key);
    return v ? *v : fallback;
}

}  // namespace

std::int32_t max_stack_size(const ResourceLocation& item) noexcept {
    const std::string_view p = item.path();
    static constexpr std::array<std::string_view, 16> single_suffixes = {
        "_sword", "_axe",  "_pickaxe",    "_shovel",         "_hoe", "_helmet",      "_chestplate", "_leggings",
        "_boots", "_boat", "_chest_boat", "_banner_pattern", "_bed", "_horse_armor", "_stew",       "music_disc"};
    static constexpr std::array<std::string_view, 26> singles = {"shield",
                                                                 "bow",
                                                                 "crossbow",
                                                                 "shears",
                                                                 "fishing_rod",
                                                                 "saddle",
                                                                 "cake",
                                                                 "enchanted_book",
                                                                 "writable_book",
                                                                 "beetroot_soup",
                                                                 "potion",
                                                                 "splash_potion",
                                                                 "lingering_potion",
                                                                 "totem_of_undying",
                                                                 "trident",
                                                                 "elytra",
                                                                 "flint_and_steel",
                                                                 "carrot_on_a_stick",
                                                                 "warped_fungus_on_a_stick",
                                                                 "lava_bucket",
                                                                 "water_bucket",
                                                                 "milk_bucket",
                                                                 "powder_snow_bucket",
                                                                 "bundle",
                                                                 "knowledge_book",
                                                                 "debug_stick"};
    static constexpr std::array<std::string_view, 7> sixteens = {"ender_pearl",  "snowball",    "egg",         "bucket",
                                                                 "honey_bottle", "armor_stand", "written_book"};
    if (ends_with(p, "_bucket") || p.starts_with("music_disc")) return 1;
    for (std::string_view s : singles)
        if (p == s) return 1;
    for (std::string_view s : single_suffixes)
        if (ends_with(p, s)) return 1;
    if (ends_with(p, "_banner") || ends_with(p, "_sign")) return 16;
    for (std::string_view s : sixteens)
        if (p == s) return 16;
    return 64;
}

MerchantOffer MerchantOffer::of(OfferItem cost_a, OfferItem cost_b, OfferItem result, std::int32_t max_uses,
                                std::int32_t xp, float price_multiplier) {
    MerchantOffer o;
    o.base_cost_a = std::move(cost_a);
    o.cost_b = std::move(cost_b);
    o.result = std::move(result);
    o.max_uses = max_uses;
    o.xp = xp;
    o.price_multiplier = price_multiplier;
    return o;
}

OfferItem MerchantOffer::cost_a() const {
    OfferItem out = base_cost_a;
    if (out.empty()) return out;
    const std::int32_t base = base_cost_a.count();
    // Mth.floor((float)(i * demand) * priceMultiplier), at least 0.
    const float adjusted = static_cast<float>(base * demand) * price_multiplier;
    const std::int32_t extra = std::max(0, static_cast<std::int32_t>(std::floor(adjusted)));
    out.stack.count = std::clamp(base + extra + special_price_diff, 1, max_stack_size(base_cost_a.item()));
    return out;
}

bool MerchantOffer::satisfied_by(const OfferItem& a, const OfferItem& b) const {
    const OfferItem price = cost_a();
    return is_required_item(a, price) && a.count() >= price.count() && is_required_item(b, cost_b) &&
           b.count() >= cost_b.count();
}

bool MerchantOffer::take(OfferItem& a, OfferItem& b) const {
    if (!satisfied_by(a, b)) return false;
    shrink(a, cost_a().count());
    if (!cost_b.empty()) shrink(b, cost_b.count());
    return true;
}

nbt::Compound offer_item_to_nbt(const OfferItem& item) {
    nbt::Compound c;
    if (item.empty()) {
        c.put("id", nbt::Tag(std::string("minecraft:air")));
        c.put("Count", nbt::Tag(static_cast<std::int8_t>(0)));
        return c;
    }
    c.put("id", nbt::Tag(item.item().str()));
    c.put("Count", nbt::Tag(static_cast<std::int8_t>(std::clamp(item.count(), 0, 127))));
    if (!item.tag.empty()) c.put("tag", nbt::Tag(item.tag));
    return c;
}

OfferItem offer_item_from_nbt(const nbt::Compound& c, std::vector<std::string>& warnings, const std::string& where) {
    OfferItem out;
    const auto* id = c.find<std::string>("id");
    if (id == nullptr) {
        if (!c.empty()) warnings.push_back(where + ": missing item id");
        return out;
    }
    auto loc = ResourceLocation::parse(*id);
    if (!loc) {
        warnings.push_back(where + ": invalid item id '" + *id + "'");
        return out;
    }
    std::int32_t count = 1;
    if (const auto* b = c.find<std::int8_t>("Count")) count = *b;
    else if (const auto* i = c.find<std::int32_t>("count")) count = *i;
    out.stack = ItemStack{*loc, count};
    if (out.empty()) return OfferItem{};
    if (const auto* t = c.find<nbt::Compound>("tag")) out.tag = *t;
    return out;
}

nbt::Compound merchant_offer_to_nbt(const MerchantOffer& o) {
    nbt::Compound c;
    c.put("buy", nbt::Tag(offer_item_to_nbt(o.base_cost_a)));
    c.put("sell", nbt::Tag(offer_item_to_nbt(o.result)));
    c.put("buyB", nbt::Tag(offer_item_to_nbt(o.cost_b)));
    c.put("uses", nbt::Tag(o.uses));
    c.put("maxUses", nbt::Tag(o.max_uses));
    c.put("rewardExp", nbt::Tag(static_cast<std::int8_t>(o.reward_exp ? 1 : 0)));
    c.put("xp", nbt::Tag(o.xp));
    c.put("priceMultiplier", nbt::Tag(o.price_multiplier));
    c.put("specialPrice", nbt::Tag(o.special_price_diff));
    c.put("demand", nbt::Tag(o.demand));
    return c;
}

MerchantOffer merchant_offer_from_nbt(const nbt::Compound& c, std::vector<std::string>& warnings,
                                      const std::string& where) {
    MerchantOffer o;
    const auto item = [&](std::string_view key) {
        const auto* t = c.find<nbt::Compound>(key);
        return t ? offer_item_from_nbt(*t, warnings, where + "." + std::string(key)) : OfferItem{};
    };
    o.base_cost_a = item("buy");
    o.cost_b = item("buyB");
    o.result = item("sell");
    o.uses = get_int(c, "uses", 0);
    o.max_uses = get_int(c, "maxUses", 4);
    if (const auto* b = c.find<std::int8_t>("rewardExp")) o.reward_exp = *b != 0;
    o.xp = get_int(c, "xp", 1);
    if (const auto* f = c.find<float>("priceMultiplier")) o.price_multiplier = *f;
    o.special_price_diff = get_int(c, "specialPrice", 0);
    o.demand = get_int(c, "demand", 0);
    return o;
}

nbt::Compound merchant_offers_to_nbt(const MerchantOffers& offers) {
    nbt::List recipes(nbt::TagType::Compound);
    for (const MerchantOffer& o : offers) recipes.push_back(nbt::Tag(merchant_offer_to_nbt(o)));
    nbt::Compound c;
    c.put("Recipes", nbt::Tag(std::move(recipes)));
    return c;
}

MerchantOffers merchant_offers_from_nbt(const nbt::Compound& c, std::vector<std::string>& warnings) {
    MerchantOffers out;
    const auto* recipes = c.find<nbt::List>("Recipes");
    if (recipes == nullptr) return out;
    for (std::size_t i = 0; i < recipes->size(); ++i) {
        const auto* r = (*recipes)[i].get_if<nbt::Compound>();
        if (r == nullptr) {
            warnings.push_back("Offers.Recipes[" + std::to_string(i) + "]: expected a compound");
            continue;
        }
        out.push_back(merchant_offer_from_nbt(*r, warnings, "Offers.Recipes[" + std::to_string(i) + "]"));
    }
    return out;
}

}  // namespace mobsdk::stdlib
