#include "mobsdk/stdlib/villager.hpp"

#include <algorithm>

#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/item_nbt.hpp"
#include "mobsdk/world/vanilla_ids.hpp"

namespace mobsdk::stdlib {

namespace {

constexpr std::int32_t max_stack = 64;

VillagerProfession profession(std::string_view id, std::optional<Handle<PoiTypeInfo>> site,
                              std::vector<ResourceLocation> requested = {},
                              std::vector<ResourceLocation> secondary = {}) {
    return {ResourceLocation::of(id), site, std::move(requested), std::move(secondary)};
}

}  // namespace

VillagerProfessions::VillagerProfessions(const VanillaPoiTypes& p) {
    const auto rl = [](std::string_view id) { return ResourceLocation::of(id); };
    // Vanilla's VillagerProfession registration order.
    all_ = {
        profession("none", std::nullopt),
        profession("armorer", p.armorer),
        profession("butcher", p.butcher),
        profession("cartographer", p.cartographer),
        profession("cleric", p.cleric),
        profession("farmer", p.farmer, {rl("wheat"), rl("wheat_seeds"), rl("beetroot_seeds"), rl("bone_meal")},
                   {rl("farmland")}),
        profession("fisherman", p.fisherman),
        profession("fletcher", p.fletcher),
        profession("leatherworker", p.leatherworker),
        profession("librarian", p.librarian),
        profession("mason", p.mason),
        profession("nitwit", std::nullopt),
        profession("shepherd", p.shepherd),
        profession("toolsmith", p.toolsmith),
        profession("weaponsmith", p.weaponsmith),
    };
    for (const auto& prof : all_)
        if (prof.job_site) job_sites_.push_back(*prof.job_site);
}

const VillagerProfession* VillagerProfessions::find(const ResourceLocation& id) const noexcept {
    for (const auto& p : all_)
        if (p.id == id) return &p;
    return nullptr;
}

const VillagerProfession* VillagerProfessions::for_job_site(Handle<PoiTypeInfo> type) const noexcept {
    for (const auto& p : all_)
        if (p.job_site && *p.job_site == type) return &p;
    return nullptr;
}

std::span<const ResourceLocation> villager_wanted_items() {
    const VanillaItems& i = vanilla_items();
    static const ResourceLocation items[] = {
        i.bread,       i.potato, i.carrot, i.wheat, i.wheat_seeds, i.beetroot, i.beetroot_seeds, i.torchflower_seeds,
        i.pitcher_pod,
    };
    return items;
}

std::span<const std::string_view> VillagerState::nbt_keys() const {
    static constexpr std::string_view keys[] = {"VillagerData", "Inventory",       "Xp",           "Offers",
                                                "LastRestock",  "LastGossipDecay", "RestocksToday"};
    return keys;
}

void VillagerState::save(nbt::Compound& entity) const {
    nbt::Compound d;
    d.put("level", nbt::Tag(data.level));
    d.put("profession", nbt::Tag(data.profession.str()));
    d.put("type", nbt::Tag(data.type.str()));
    entity.put("VillagerData", nbt::Tag(std::move(d)));
    // Vanilla's SimpleContainer.createTag: the non-empty stacks only, without slots.
    nbt::List items(nbt::TagType::Compound);
    for (const ItemStack& s : inventory)
        if (!s.empty()) items.push_back(nbt::Tag(item_stack_to_nbt(s)));
    entity.put("Inventory", nbt::Tag(std::move(items)));
    entity.put("Xp", nbt::Tag(xp));
    // AbstractVillager writes Offers only when there are some; Villager its restock and gossip times.
    if (offers && !offers->empty()) entity.put("Offers", nbt::Tag(merchant_offers_to_nbt(*offers)));
    entity.put("LastRestock", nbt::Tag(last_restock_game_time));
    entity.put("LastGossipDecay", nbt::Tag(last_gossip_decay));
    entity.put("RestocksToday", nbt::Tag(restocks_today));
}

void VillagerState::load(const nbt::Compound& entity, std::vector<std::string>& warnings) {
    if (const nbt::Tag* t = entity.find("VillagerData")) {
        const auto* c = t->get_if<nbt::Compound>();
        if (!c) {
            warnings.push_back("VillagerData: expected a compound");
        } else {
            VillagerData next = data;
            if (const nbt::Tag* level = c->find("level")) {
                if (const auto* v = level->get_if<std::int32_t>()) next.level = std::clamp(*v, 1, 5);
                else warnings.push_back("VillagerData.level: expected an int");
            }
            auto id = [&](std::string_view key, ResourceLocation& out) {
                const nbt::Tag* f = c->find(key);
                if (!f) return;
                const auto* s = f->get_if<std::string>();
                auto parsed =
                    s ? ResourceLocation::parse(*s)
                      : Result<ResourceLocation, ResourceLocationError>(unexpected(ResourceLocationError{"", 0, ""}));
                if (parsed) out = *parsed;
                else warnings.push_back("VillagerData." + std::string(key) + ": expected a resource location");
            };
            id("profession", next.profession);
            id("type", next.type);
            data = next;
        }
    }
    if (const nbt::Tag* t = entity.find("Inventory")) {
        const auto* l = t->get_if<nbt::List>();
        if (!l) {
            warnings.push_back("Inventory: expected a list");
        } else {
            std::array<ItemStack, inventory_size> next{};
            std::size_t slot = 0;
            for (std::size_t i = 0; i < l->size(); ++i) {
                auto s = item_stack_from_nbt((*l)[i], warnings, "Inventory[" + std::to_string(i) + "]");
                if (!s || s->empty()) continue;
                if (slot == inventory_size) {
                    warnings.push_back("Inventory: more than 8 stacks; the rest is dropped");
                    break;
                }
                next[slot++] = *s;
            }
            inventory = next;
        }
    }
    if (const nbt::Tag* t = entity.find("Xp")) {
        if (const auto* v = t->get_if<std::int32_t>()) xp = std::max(*v, 0);
        else warnings.push_back("Xp: expected an int");
    }
    if (const nbt::Tag* t = entity.find("Offers")) {
        if (const auto* c = t->get_if<nbt::Compound>()) {
            offers = merchant_offers_from_nbt(*c, warnings);
            offers_profession_.reset();
        } else {
            warnings.push_back("Offers: expected a compound");
        }
    }
    const auto read_long = [&](std::string_view key, std::int64_t& out) {
        const nbt::Tag* t = entity.find(key);
        if (t == nullptr) return;
        if (const auto* v = t->get_if<std::int64_t>()) out = *v;
        else warnings.push_back(std::string(key) + ": expected a long");
    };
    read_long("LastRestock", last_restock_game_time);
    read_long("LastGossipDecay", last_gossip_decay);
    if (const nbt::Tag* t = entity.find("RestocksToday")) {
        if (const auto* v = t->get_if<std::int32_t>()) restocks_today = *v;
        else warnings.push_back("RestocksToday: expected an int");
    }
}

ItemStack VillagerState::add_item(ItemStack stack) {
    for (ItemStack& s : inventory) {
        if (stack.empty()) return {};
        if (s.empty() || !(s.item == stack.item) || s.count >= max_stack) continue;
        const std::int32_t moved = std::min(stack.count, max_stack - s.count);
        s.count += moved;
        stack.count -= moved;
    }
    for (ItemStack& s : inventory) {
        if (stack.empty()) return {};
        if (!s.empty()) continue;
        s = stack;
        return {};
    }
    return stack;
}

bool VillagerState::can_add_item(const ItemStack& stack) const noexcept {
    for (const ItemStack& s : inventory)
        if (s.empty() || (s.item == stack.item && s.count < max_stack)) return true;
    return false;
}

std::int32_t VillagerState::count_item(const ResourceLocation& item) const noexcept {
    std::int32_t n = 0;
    for (const ItemStack& s : inventory)
        if (!s.empty() && s.item == item) n += s.count;
    return n;
}

std::int32_t VillagerState::remove_item(const ResourceLocation& item, std::int32_t count) {
    std::int32_t removed = 0;
    for (ItemStack& s : inventory) {
        if (removed >= count) break;
        if (s.empty() || !(s.item == item)) continue;
        const std::int32_t take = std::min(count - removed, s.count);
        s.count -= take;
        removed += take;
        if (s.count == 0) s = ItemStack{};
    }
    return removed;
}

bool VillagerState::wants_to_pick_up(const ItemStack& stack) const { return villager_wants_to_pick_up(*this, stack); }

std::span<const ResourceLocation> VillagerState::secondary_poi_blocks() const { return profession().secondary_poi; }

const VillagerProfession& VillagerState::profession() const noexcept {
    static const VillagerProfession none{vanilla_professions().none, std::nullopt, {}, {}};
    if (!professions_) return none;
    const VillagerProfession* p = professions_->find(data.profession);
    return p ? *p : professions_->none();
}

bool villager_wants_to_pick_up(const VillagerState& state, const ItemStack& stack) {
    if (stack.empty()) return false;
    const auto wanted = villager_wanted_items();
    const auto& requested = state.profession().requested_items;
    const bool wants = std::find(wanted.begin(), wanted.end(), stack.item) != wanted.end() ||
                       std::find(requested.begin(), requested.end(), stack.item) != requested.end();
    return wants && state.can_add_item(stack);
}

}  // namespace mobsdk::stdlib
