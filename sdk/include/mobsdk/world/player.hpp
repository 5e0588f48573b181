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
    /// @brief Puts `stack` into `hand` (vanilla's setItemInHand; an empty stack clears it). The
    /// host sends the change to the player's client.
    virtual void set_item_in_hand(InteractionHand hand, const ItemStack& stack) = 0;
    /// @brief Adds `stack` to its inventory as vanilla's Player.addItem (Inventory.add: matching
    /// stacks first, then the first empty slot); returns false when some did not fit (that part is
    /// lost, as in vanilla's callers that do not drop it).
    virtual bool add_item(const ItemStack& stack) = 0;
};

}  // namespace mobsdk
