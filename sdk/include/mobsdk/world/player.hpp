// The plugin's view of a player (vanilla's Player): a living entity with a name and a game mode,
// moved by its client. Sensors find players with Level::players(); attacks resolve them with
// Level::resolve_living.
#pragma once

#include <cstdint>
#include <string_view>

#include "mobsdk/world/interaction.hpp"
#include "mobsdk/world/item_stack.hpp"
#include "mobsdk/world/living_entity.hpp"

namespace mobsdk {

class Merchant;

/// @brief Vanilla's game modes (GameType) with their network and NBT ids.
enum class GameMode : std::uint8_t { Survival = 0, Creative = 1, Adventure = 2, Spectator = 3 };

/// @brief A player in a level.
class Player : public LivingEntity {
public:
    /// @brief The player's name (its profile name).
    virtual std::string_view name() const = 0;
    /// @brief Its game mode (vanilla's gameMode.getGameModeForPlayer).
    virtual GameMode game_mode() const = 0;
    /// @brief True in spectator mode: never seen, never hurt (vanilla's isSpectator).
    bool is_spectator() const { return game_mode() == GameMode::Spectator; }
    /// @brief True in creative mode (vanilla's isCreative).
    bool is_creative() const { return game_mode() == GameMode::Creative; }
    /// @brief Vanilla's Abilities.invulnerable: creative and spectator players take no damage but
    /// minecraft:out_of_world and minecraft:generic_kill (the damage types that bypass it).
    bool has_invulnerable_ability() const { return is_creative() || is_spectator(); }
    /// @brief Spectators and dead players are seen by no mob (vanilla's Player.canBeSeenByAnyone).
    bool can_be_seen_by_anyone() const override { return !is_spectator() && is_alive(); }
    /// @brief What it holds in `hand` (vanilla's getItemInHand: the selected hotbar slot or the
    /// off hand).
    const ItemStack& item_in_hand(InteractionHand hand) const { return equipment(equipment_slot_of(hand)); }

    // The inventory (vanilla's Inventory: 36 main slots, the armour, the offhand); equipment()
    // reads it (the main hand is the selected hotbar slot).
    /// @brief How many of `item` the whole inventory holds (vanilla's Inventory.countItem).
    virtual std::int32_t count_item(const ResourceLocation& item) const = 0;
    /// @brief Takes up to `count` of `item` out of the inventory, slot by slot in vanilla's order
    /// (main 0–35, armour, offhand: Inventory.clearOrCountMatchingItems); returns how many it took.
    virtual std::int32_t remove_items(const ResourceLocation& item, std::int32_t count) = 0;
    /// @brief Vanilla's Inventory.add: tops up stacks of the same item (the selected slot, the
    /// offhand, then main 0–35), then fills the first empty main slot. Returns what did not fit
    /// (empty when all of it did; a creative player's inventory uses up what does not fit).
    virtual ItemStack add_item(ItemStack stack) = 0;
    /// @brief Vanilla's setItemSlot: replaces what is held or worn in `slot` (the main hand is the
    /// selected hotbar slot). A stack of the same item keeps the old stack's NBT (a count change);
    /// another item has none.
    virtual void set_item_slot(EquipmentSlot slot, ItemStack stack) = 0;

    /// @brief Vanilla's Merchant.openTradingScreen: opens the merchant screen of `merchant` (the
    /// attachment of `trader`, which must have set its trading player to this player) on the
    /// player's client, titled with the translation key `title_key`. The host opens it once the
    /// interaction is over (closing the screen open before) and sends the offers. False when this
    /// player cannot open screens (the default).
    virtual bool open_merchant_menu(Merchant& merchant, const Entity& trader, std::string_view title_key) {
        (void)merchant, (void)trader, (void)title_key;
        return false;
    }
};

}  // namespace mobsdk
