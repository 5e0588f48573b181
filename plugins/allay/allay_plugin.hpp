// The allay plugin: minecraft:allay with vanilla's AllayAi brain (seed 000 section 四): core and
// idle packages, flying; it collects the item it holds and delivers it to its liked note block.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/plugin/plugin.hpp"
#include "mobsdk/world/interaction.hpp"

namespace allay {

/// @brief Handles to what the plugin gave AI to.
struct AllayContent {
    mobsdk::Handle<mobsdk::EntityTypeInfo> allay;  ///< minecraft:allay
};

/// @brief The plugin (id `allay`). The entity type is vanilla's and registered by the host (size,
/// flying navigation, can_pick_up_loot); the plugin gives it its AI.
class AllayPlugin final : public mobsdk::plugin::Plugin {
public:
    void register_content(mobsdk::plugin::PluginContext& context) override;
    /// @brief The handles, once register_content ran.
    const AllayContent& content() const noexcept { return content_; }

private:
    AllayContent content_;
};

/// @brief AllayAi's numbers (vanilla's constants of the same names).
struct AllayNumbers {
    static constexpr float speed_when_idling = 1.0f;                     ///< SPEED_MULTIPLIER_WHEN_IDLING
    static constexpr float speed_when_following_deposit_target = 2.25f;  ///< …WHEN_FOLLOWING_DEPOSIT_TARGET
    static constexpr float speed_when_retrieving_item = 1.75f;           ///< …WHEN_RETRIEVING_ITEM
    static constexpr float speed_when_panicking = 2.5f;                  ///< …WHEN_PANICKING
    static constexpr std::int32_t close_enough_to_target = 4;            ///< CLOSE_ENOUGH_TO_TARGET
    static constexpr std::int32_t too_far_from_target = 16;              ///< TOO_FAR_FROM_TARGET
    static constexpr float max_look_distance = 6.0f;                     ///< MAX_LOOK_DISTANCE
    static constexpr std::int32_t min_wait_duration = 30;                ///< MIN_WAIT_DURATION
    static constexpr std::int32_t max_wait_duration = 60;                ///< MAX_WAIT_DURATION
    static constexpr std::int32_t time_to_forget_noteblock = 600;        ///< TIME_TO_FORGET_NOTEBLOCK
    static constexpr std::int32_t distance_to_wanted_item = 32;          ///< DISTANCE_TO_WANTED_ITEM
    static constexpr std::int32_t give_item_timeout_duration = 20;       ///< GIVE_ITEM_TIMEOUT_DURATION
    /// @brief AllayAi.getLikedPlayer's range: the liked player counts while closer than this.
    static constexpr double liked_player_range = 64.0;
};

/// @brief The allay's AI (its brain and AllayState), registered by AllayPlugin; public so that
/// tests and benchmarks can build allays without the plugin machinery.
std::unique_ptr<mobsdk::MobAiFactory> make_allay_ai(mobsdk::plugin::PluginContext& context);

/// @brief Vanilla's AllayAi.hearNoteblock: a note block played at `pos` in the allay's dimension.
/// Without a liked note block the allay adopts this one (LIKED_NOTEBLOCK_POSITION) and sets
/// LIKED_NOTEBLOCK_COOLDOWN_TICKS to 600; hearing its liked one again resets the cooldown to 600;
/// any other note block is ignored. The reference server has no vibrations to call it with.
void hear_noteblock(const mobsdk::brain::StandardMemories& m, mobsdk::Level& level, mobsdk::Mob& allay,
                    mobsdk::BlockPos pos);

/// @brief Vanilla's AllayAi.getItemDepositPosition: a block tracker one above the liked note
/// block while it is in this dimension, still a note block (`note_block`) and
/// LIKED_NOTEBLOCK_COOLDOWN_TICKS is present — else the liked note block is forgotten (erased) —
/// then an entity tracker on the liked player's eyes (liked_player).
std::optional<mobsdk::brain::PositionTracker> item_deposit_position(const mobsdk::brain::StandardMemories& m,
                                                                    mobsdk::Handle<mobsdk::BlockInfo> note_block,
                                                                    mobsdk::Level& level, mobsdk::Mob& allay);

/// @brief Vanilla's AllayAi.getLikedPlayer: the player whose UUID is in LIKED_PLAYER, when it is
/// in this level, not a spectator and closer than 64 blocks; else nullptr (the memory stays: a
/// player who left and comes back is liked again).
mobsdk::Player* liked_player(const mobsdk::brain::StandardMemories& m, mobsdk::Level& level, mobsdk::Mob& allay);

/// @brief Vanilla's Allay.mobInteract (the allay's MobAttachment::mob_interact). An empty-handed
/// allay takes one of what the player holds in `hand` (the player's stack shrinks unless creative)
/// into its main hand, and the player becomes its LIKED_PLAYER; an allay holding something, clicked
/// with an empty main hand, gives the item to the player (Player::add_item), drops what it
/// collected where it is (BehaviorUtils.throwItem at its own position) and forgets the player.
/// Success for either, else Pass.
mobsdk::InteractionResult allay_interact(mobsdk::brain::MemoryModuleType<mobsdk::Uuid> liked_player,
                                         mobsdk::Level& level, mobsdk::Mob& allay, mobsdk::Player& player,
                                         mobsdk::InteractionHand hand);

}  // namespace allay
