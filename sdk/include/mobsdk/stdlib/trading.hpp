// The villager's behaviours with players who trade (vanilla 1.20.4, seed 000's packages):
// SetLookAndInteract (notice a player nearby), ShowTradesToPlayer (hold up the wares the player
// could buy with what it holds) and LookAndFollowTradingPlayerSink (face and follow the player whose
// merchant screen is open). They read the villager's VillagerState (offers, trading player).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/one_shot.hpp"
#include "mobsdk/world/entity_type.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk::stdlib {

/// @brief SetLookAndInteract.create(type, max_distance): with LOOK_TARGET registered,
/// INTERACTION_TARGET absent and VISIBLE_MOBS present, the closest visible entity of `type` within
/// `max_distance` (squared distance ≤ max_distance², whole numbers as vanilla) becomes the
/// INTERACTION_TARGET and is looked at (its eyes). The villager's is (PLAYER, 4).
std::unique_ptr<brain::OneShot> set_look_and_interact(const brain::StandardMemories& m, Handle<EntityTypeInfo> type,
                                                      std::int32_t max_distance);

/// @brief Vanilla's ShowTradesToPlayer(min_duration, max_duration), the villager's (400, 1600):
/// INTERACTION_TARGET present, a living player within √17 blocks of a living adult villager. It
/// looks at the player; each tick it compares the player's main-hand item with the one it saw last:
/// when it changed to a non-empty item, the results of the offers in stock whose first or second
/// price is that item become the display list, the first is held up (the villager's main hand) and
/// it looks for 900 ticks; with two or more it shows the next every 40 ticks. With nothing to show
/// it holds nothing and looks for at most 40 more ticks. It stops when the look time runs out, the
/// player leaves the range or its duration ends, then erases INTERACTION_TARGET and empties the
/// hand. (The shown stack is the result without its item tag: the SDK's ItemStack has none yet.
/// Vanilla's drop-chance changes are not modelled: villagers drop no equipment here.)
class ShowTradesToPlayer final : public brain::Behavior {
public:
    /// @brief Vanilla's MAX_LOOK_TIME: looking with something to show.
    static constexpr std::int32_t max_look_time = 900;
    /// @brief Vanilla's STARTING_LOOK_TIME, and the cap with nothing to show.
    static constexpr std::int32_t starting_look_time = 40;
    /// @brief Reads INTERACTION_TARGET, writes LOOK_TARGET.
    ShowTradesToPlayer(const brain::StandardMemories& m, std::int32_t min_duration, std::int32_t max_duration);
    std::string debug_string() const override { return "ShowTradesToPlayer"; }
    /// @brief The results it cycles through (for tests and the debug view).
    const std::vector<ItemStack>& display_items() const noexcept { return display_items_; }
    /// @brief The ticks it keeps looking.
    std::int32_t look_time() const noexcept { return look_time_; }

protected:
    bool check_extra_start_conditions(Level& level, Mob& mob) override;
    bool can_still_use(Level& level, Mob& mob, std::int64_t time) override;
    void start(Level& level, Mob& mob, std::int64_t time) override;
    void tick(Level& level, Mob& mob, std::int64_t time) override;
    void stop(Level& level, Mob& mob, std::int64_t time) override;

private:
    Player* look_at_target(Level& level, Mob& mob);
    void find_items_to_display(Level& level, const Player& player, Mob& mob);

    brain::MemoryModuleType<EntityRef> interaction_target_;
    brain::MemoryModuleType<brain::PositionTracker> look_target_;
    std::optional<ResourceLocation> player_item_;  // the held item it last saw (air for none)
    std::vector<ItemStack> display_items_;
    std::int32_t cycle_counter_ = 0;
    std::int32_t display_index_ = 0;
    std::int32_t look_time_ = 0;
};

/// @brief Vanilla's LookAndFollowTradingPlayerSink(speed_modifier): while the villager is alive,
/// out of water and has a trading player (VillagerState::trading_player) within 4 blocks, it looks
/// at the player's eyes and walks towards it (WALK_TARGET at `speed_modifier`, close enough 2),
/// every tick, without a time limit; on stopping it erases WALK_TARGET and LOOK_TARGET. (Vanilla
/// also stops on the tick the villager was knocked back, hurtMarked, which the SDK does not expose.)
class LookAndFollowTradingPlayerSink final : public brain::Behavior {
public:
    /// @brief Writes WALK_TARGET and LOOK_TARGET.
    LookAndFollowTradingPlayerSink(const brain::StandardMemories& m, float speed_modifier);
    std::string debug_string() const override { return "LookAndFollowTradingPlayerSink"; }

protected:
    bool timed_out(std::int64_t) const override { return false; }
    bool check_extra_start_conditions(Level& level, Mob& mob) override;
    bool can_still_use(Level& level, Mob& mob, std::int64_t time) override;
    void start(Level& level, Mob& mob, std::int64_t time) override;
    void tick(Level& level, Mob& mob, std::int64_t time) override;
    void stop(Level& level, Mob& mob, std::int64_t time) override;

private:
    Player* trading_player(Level& level, Mob& mob) const;
    void follow_player(Mob& mob, const Player& player);

    brain::MemoryModuleType<brain::WalkTarget> walk_target_;
    brain::MemoryModuleType<brain::PositionTracker> look_target_;
    float speed_modifier_;
};

}  // namespace mobsdk::stdlib
