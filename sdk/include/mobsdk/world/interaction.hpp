// A player's right-click on a mob (vanilla's Mob.mobInteract): which hand, and what came of it.
#pragma once

#include <cstdint>

#include "mobsdk/world/item_stack.hpp"

namespace mobsdk {

/// @brief The hand a player interacts with (vanilla's InteractionHand).
enum class InteractionHand : std::uint8_t { MainHand, OffHand };

/// @brief What an interaction did (vanilla's InteractionResult). Success and Consume used the
/// action (the client swings its arm on Success; the other hand is not tried); Pass lets the
/// server try what comes next (the other hand, the item's own use); Fail stops without acting.
enum class InteractionResult : std::uint8_t { Pass, Success, Consume, Fail };

/// @brief The equipment slot of a hand (vanilla: MAINHAND or OFFHAND).
constexpr EquipmentSlot equipment_slot_of(InteractionHand hand) noexcept {
    return hand == InteractionHand::MainHand ? EquipmentSlot::MainHand : EquipmentSlot::OffHand;
}

/// @brief Vanilla's InteractionResult.consumesAction: Success or Consume.
constexpr bool consumes_action(InteractionResult result) noexcept {
    return result == InteractionResult::Success || result == InteractionResult::Consume;
}

}  // namespace mobsdk
