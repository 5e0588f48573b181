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
#include "mobsdk/stdlib/merchant_offer.hpp"
#include "mobsdk/world/level.hpp"
#include "mobsdk/world/merchant.hpp"
#include "mobsdk/world/player.hpp"
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

/// @brief Vanilla's VillagerData.NEXT_LEVEL_XP_THRESHOLDS: the trading experience at which a
/// villager of level 1–4 reaches the next level (10, 70, 150, 250).
inline constexpr std::array<std::int32_t, 5> villager_level_xp_thresholds = {0, 10, 70, 150, 250};

/// @brief Vanilla's VillagerData.canLevelUp: levels 1–4.
constexpr bool villager_can_level_up(std::int32_t level) noexcept { return level >= 1 && level < 5; }

/// @brief A villager's own state, saved with it: VillagerData, the 8-slot inventory
/// ("Inventory"), its trading (Xp, Offers, LastRestock, RestocksToday, LastGossipDecay) and who it
/// trades with. Read it in a behaviour with `mob.attachment_as<VillagerState>()`.
///
/// The trading methods are vanilla's Villager/AbstractVillager ones; they take the level's random
/// (offers are rolled with it) and its times instead of a Level.
class VillagerState final : public AttachmentOf<VillagerState>, public Merchant {
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
    /// @brief Vanilla's offers: nothing until they are first asked for (get_offers rolls them).
    std::optional<MerchantOffers> offers;
    std::int64_t last_restock_game_time = 0;           ///< "LastRestock"
    std::int32_t restocks_today = 0;                   ///< "RestocksToday" (vanilla's numberOfRestocksToday)
    std::int64_t last_restock_check_day_time = 0;      ///< not saved, as vanilla
    std::int64_t last_gossip_decay = 0;                ///< "LastGossipDecay", kept for the gossip issue
    std::int32_t update_merchant_timer = 0;            ///< ticks until the level-up after a trade (not saved)
    bool increase_profession_level_on_update = false;  ///< the level-up is pending (not saved)
    /// @brief Vanilla's unhappyCounter: ticks of head shaking left (not saved, as vanilla).
    std::int32_t unhappy_counter = 0;
    /// @brief Vanilla's setUnhappy: 40 ticks of head shaking (a baby, or a villager without offers,
    /// that a player tried to trade with).
    static constexpr std::int32_t unhappy_ticks = 40;
    /// @brief Vanilla's tradingPlayer: the player whose merchant screen is open on this villager, set
    /// by the host when it opens one and cleared when it closes (not saved).
    std::optional<EntityRef> trading_player;

    /// @brief The cooldown of vanilla's allowedToRestock: a second restock waits 2400 ticks.
    static constexpr std::int64_t restock_cooldown = 2400;
    /// @brief Vanilla's updateMerchantTimer after a trade that reaches the next level.
    static constexpr std::int32_t level_up_delay = 40;

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
        return VillagerAppearance{&data.type, &data.profession, data.level, unhappy_counter};
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

    // ---- trading (vanilla's AbstractVillager and Villager) ----

    /// @brief Vanilla's getOffers: the offers, rolled first when there are none yet or the
    /// profession changed since get_offers rolled them (vanilla's setVillagerData drops them then).
    MerchantOffers& get_offers(RandomSource& random);
    /// @brief Vanilla's updateTrades: appends two of the listings of the profession's current level
    /// (villager_trades; all of them when there are two or fewer), rolled with `random`.
    void update_trades(RandomSource& random);
    /// @brief Vanilla's isTrading: a player has the merchant screen open.
    bool is_trading() const noexcept { return trading_player.has_value(); }
    /// @brief Vanilla's Villager.stopTrading: no trading player; the special prices are reset.
    void stop_trading();
    /// @brief Vanilla's notifyTrade and rewardTradeXp: the offer's uses + 1, the villager's xp + the
    /// offer's; when that reaches the level's threshold, the level-up is due level_up_delay ticks
    /// later. Returns the experience the trade drops (3 + nextInt(4), + 5 on a level-up; 0 when the
    /// offer does not reward experience), which the host spawns as orbs.
    std::int32_t notify_trade(MerchantOffer& offer, RandomSource& random) override;
    /// @brief Vanilla's shouldIncreaseLevel: below level 5 with xp at the level's threshold.
    bool should_increase_level() const noexcept;
    /// @brief Vanilla's increaseMerchantCareer: level + 1 and that level's offers.
    void increase_merchant_career(RandomSource& random);
    /// @brief The merchant part of vanilla's Villager.customServerAiStep, once a tick: when not
    /// trading, counts the timer down and levels up when it runs out with a level-up pending.
    /// True on the tick it levelled up. (Vanilla's regeneration effect then is not modelled.) It
    /// also counts the unhappy counter down, as AbstractVillager.tick does.
    bool tick_merchant_timer(RandomSource& random);
    /// @brief Vanilla's shouldRestock at `game_time`/`day_time`: more than 12000 ticks since the
    /// last restock or a new day since the last check resets the day's count (catching up the
    /// demand of the restocks that did not happen); then true when allowed_to_restock and some
    /// offer was used.
    bool should_restock(std::int64_t game_time, std::int64_t day_time);
    /// @brief Vanilla's allowedToRestock: no restock today yet, or one and restock_cooldown passed.
    bool allowed_to_restock(std::int64_t game_time) const noexcept;
    /// @brief Vanilla's needsToRestock: an offer was used.
    bool needs_to_restock() const noexcept;
    /// @brief Vanilla's restock: demand updated, uses reset, the time and the day's count kept.
    void restock(std::int64_t game_time);

    // ---- Merchant and the screen (vanilla's Villager.mobInteract and startTrading) ----

    /// @brief get_offers.
    MerchantOffers& merchant_offers(RandomSource& random) override { return get_offers(random); }
    /// @brief xp.
    std::int32_t merchant_xp() const override { return xp; }
    /// @brief data.level.
    std::int32_t merchant_level() const override { return data.level; }
    /// @brief trading_player.
    std::optional<EntityRef> merchant_trading_player() const override { return trading_player; }
    /// @brief Vanilla's Villager.setTradingPlayer: clearing it stops trading (stop_trading).
    void set_trading_player(std::optional<EntityRef> player) override;
    /// @brief Vanilla's Villager.mobInteract: a living adult that is not trading or sleeping opens
    /// its merchant screen on the player (Player::open_merchant_menu, titled
    /// entity.minecraft.villager.<profession>) when it has offers; Success. A baby, or a villager
    /// without offers (unemployed, nitwit), only refuses (vanilla's setUnhappy, not shown yet):
    /// Success. Pass when it is trading or sleeping or the player holds a villager spawn egg.
    InteractionResult mob_interact(Level& level, Mob& mob, Player& player, InteractionHand hand) override;

private:
    void update_demand();
    void catch_up_demand();

    const VillagerProfessions* professions_ = nullptr;
    // The profession the offers were rolled for; unknown for offers loaded or set directly (kept).
    std::optional<ResourceLocation> offers_profession_;
};

/// @brief Vanilla's Villager.wantsToPickUp: a wanted item (every villager's or its profession's
/// requested ones) that fits in the inventory.
bool villager_wants_to_pick_up(const VillagerState& state, const ItemStack& stack);

}  // namespace mobsdk::stdlib
