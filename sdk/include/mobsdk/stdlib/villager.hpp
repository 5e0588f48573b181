// What the villager behaviours of the standard library know about a villager: its VillagerData
// (profession, level, type), the professions and their job sites, and its 8-slot inventory,
// kept in VillagerState, the villager's MobAttachment.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/core/registry.hpp"
#include "mobsdk/core/resource_location.hpp"
#include "mobsdk/world/level.hpp"
#include "mobsdk/world/poi_type.hpp"

namespace mobsdk::stdlib {

/// @brief A villager profession (vanilla's VillagerProfession): its job site, the items it asks
/// for beyond every villager's wanted items, and its secondary POI blocks.
struct VillagerProfession {
    ResourceLocation id;                            ///< e.g. minecraft:farmer
    std::optional<Handle<PoiTypeInfo>> job_site;    ///< none for minecraft:none and minecraft:nitwit
    std::vector<ResourceLocation> requested_items;  ///< farmer: wheat, wheat_seeds, beetroot_seeds, bone_meal
    std::vector<ResourceLocation> secondary_poi;    ///< farmer: farmland
};

/// @brief Vanilla's 15 professions, by id and by job site.
class VillagerProfessions {
public:
    /// @brief Vanilla's professions over the vanilla POI types.
    explicit VillagerProfessions(const VanillaPoiTypes& pois);
    /// @brief Every profession, none first.
    std::span<const VillagerProfession> all() const noexcept { return all_; }
    /// @brief A profession by id (`farmer` or `minecraft:farmer`), or nullptr.
    const VillagerProfession* find(const ResourceLocation& id) const noexcept;
    /// @brief The profession whose job site is `type` (vanilla's heldJobSite test), or nullptr.
    const VillagerProfession* for_job_site(Handle<PoiTypeInfo> type) const noexcept;
    /// @brief minecraft:none.
    const VillagerProfession& none() const noexcept { return all_[0]; }
    /// @brief Every job-site POI type (vanilla's acquirableJobSite for an unemployed villager).
    std::span<const Handle<PoiTypeInfo>> job_sites() const noexcept { return job_sites_; }

private:
    std::vector<VillagerProfession> all_;
    std::vector<Handle<PoiTypeInfo>> job_sites_;
};

/// @brief Vanilla's VillagerData: saved as {profession, level, type} under "VillagerData".
struct VillagerData {
    ResourceLocation type = ResourceLocation::of("plains");      ///< biome type (plains, desert…)
    ResourceLocation profession = ResourceLocation::of("none");  ///< the profession id
    std::int32_t level = 1;                                      ///< 1–5 (novice to master)
    friend bool operator==(const VillagerData&, const VillagerData&) = default;
};

/// @brief The items every villager picks up (vanilla's Villager.WANTED_ITEMS, 1.20: bread,
/// potato, carrot, wheat, wheat_seeds, beetroot, beetroot_seeds, torchflower_seeds, pitcher_pod).
std::span<const ResourceLocation> villager_wanted_items();

/// @brief A villager's own state, saved with it: VillagerData, the 8-slot inventory
/// ("Inventory"), and Xp. Read it in a behaviour with `mob.attachment_as<VillagerState>()`.
class VillagerState final : public AttachmentOf<VillagerState> {
public:
    /// @brief Vanilla's villager inventory size.
    static constexpr std::size_t inventory_size = 8;

    /// @brief A state whose profession ids resolve in `professions` (not owned; it outlives the
    /// villager: the plugin that registered the type keeps it).
    explicit VillagerState(const VillagerProfessions& professions) : professions_(&professions) {}
    /// @brief A state without a professions table (tests): every profession then counts as one
    /// without job site, requested items or secondary POIs.
    VillagerState() = default;

    VillagerData data;                                  ///< profession, level, type
    std::array<ItemStack, inventory_size> inventory{};  ///< SimpleContainer(8)
    std::int32_t xp = 0;                                ///< trading experience ("Xp")

    std::span<const std::string_view> nbt_keys() const override;
    void save(nbt::Compound& entity) const override;
    void load(const nbt::Compound& entity, std::vector<std::string>& warnings) override;
    /// @brief villager_wants_to_pick_up.
    bool wants_to_pick_up(const ItemStack& stack) const override;
    /// @brief The profession's secondary POI blocks.
    std::span<const ResourceLocation> secondary_poi_blocks() const override;
    /// @brief Vanilla's Villager.pickUpItem: into the inventory (add_item).
    ItemStack pick_up(const ItemStack& stack) override { return add_item(stack); }
    /// @brief Its VillagerData, for the client.
    std::optional<VillagerAppearance> villager_appearance() const override {
        return VillagerAppearance{&data.type, &data.profession, data.level};
    }

    /// @brief The professions table, or nullptr.
    const VillagerProfessions* professions() const noexcept { return professions_; }
    /// @brief The current profession (minecraft:none when the id is unknown or there is no table).
    const VillagerProfession& profession() const noexcept;

    /// @brief Adds a stack to the inventory (merging with stacks of the same item up to 64, then
    /// empty slots); returns what did not fit.
    ItemStack add_item(ItemStack stack);
    /// @brief True when at least part of `stack` would fit (vanilla's canAddItem).
    bool can_add_item(const ItemStack& stack) const noexcept;
    /// @brief How many of `item` the inventory holds.
    std::int32_t count_item(const ResourceLocation& item) const noexcept;
    /// @brief Removes up to `count` of `item`; returns how many it removed.
    std::int32_t remove_item(const ResourceLocation& item, std::int32_t count);
    /// @brief True when the villager has no profession (minecraft:none).
    bool unemployed() const noexcept { return data.profession.path() == "none"; }

private:
    const VillagerProfessions* professions_ = nullptr;
};

/// @brief Vanilla's Villager.wantsToPickUp: a wanted item (every villager's or its profession's
/// requested ones) that fits in the inventory.
bool villager_wants_to_pick_up(const VillagerState& state, const ItemStack& stack);

}  // namespace mobsdk::stdlib
