// A joined player's items on the connection side: its inventory menu (window 0) and the menu it has
// open, the synchroniser that turns menu changes into Set Container Content/Slot packets, and the
// conversions between the server's stacks and the client's Slots. PlayerList handles the packets
// (player_items.cpp: Click Container, Close Container, Set Held Item, Set Creative Mode Slot, Player
// Action's drops) and ticks pick-ups and menu changes through it.
#pragma once

#include <cstdint>
#include <memory>

#include "mobserver/net/game_connection.hpp"
#include "mobserver/net/game_packets.hpp"
#include "mobserver/world/inventory_menu.hpp"

namespace mobsdk::server {

/// @brief A stack as a client sees it: its registry id (an item the table does not know is shown
/// as a barrier), count and tag.
NetworkSlot network_slot_of(const TaggedStack& stack);
/// @brief A client's Slot as a stack: an id no item has, or a count ≤ 0, is the empty stack (vanilla
/// reads such ids as air).
TaggedStack tagged_stack_of(const NetworkSlot& slot);

class World;
class PlayerEntity;

/// @brief The player a menu acts for: its entity's inventory and game mode; drops go into its world.
class PlayerMenuUser final : public MenuUser {
public:
    /// @brief `player` in `world` (both outlive it).
    PlayerMenuUser(World& world, PlayerEntity& player) : world_(world), player_(player) {}
    PlayerInventory& inventory() noexcept override;
    bool instabuild() const noexcept override;
    void drop(TaggedStack stack) override;

private:
    World& world_;
    PlayerEntity& player_;
};

/// @brief One player's menus (tick strand; owned by its ServerPlayer).
class PlayerMenus final : public ContainerSynchronizer {
public:
    /// @brief Menus whose packets go to `connection`.
    explicit PlayerMenus(std::shared_ptr<GameConnection> connection) : connection_(std::move(connection)) {}

    /// @brief The inventory menu over `inventory`, made again (and sent whole) when the inventory is
    /// not the one it was made for (a new player entity).
    InventoryMenu& inventory_menu(PlayerInventory& inventory);
    /// @brief The menu the player has open: its inventory menu unless another is open (nullptr
    /// before inventory_menu was first called).
    ContainerMenu* container_menu() noexcept { return open_ ? open_.get() : menu_.get(); }
    /// @brief Opens `menu` (a window id above 0), closing the one open before through `user`.
    void open(std::unique_ptr<ContainerMenu> menu, MenuUser& user);
    /// @brief Vanilla's doCloseContainer: the open menu's removed(), back to the inventory menu.
    void close(MenuUser& user);

    /// @brief Vanilla's nextContainerCounter: the next window id, 1–100 in turn.
    std::int32_t next_container_counter() noexcept { return container_counter_ = container_counter_ % 100 + 1; }

    std::int32_t drop_spam = 0;  ///< vanilla's dropSpamTickCount: +20 a creative drop, -1 a tick

    // ContainerSynchronizer
    void send_initial_data(std::int32_t container_id, std::int32_t state_id, std::span<const TaggedStack> items,
                           const TaggedStack& carried) override;
    void send_slot_change(std::int32_t container_id, std::int32_t state_id, std::int32_t slot,
                          const TaggedStack& stack) override;
    void send_carried_change(std::int32_t state_id, const TaggedStack& stack) override;

private:
    std::shared_ptr<GameConnection> connection_;
    const PlayerInventory* menu_inventory_ = nullptr;
    std::unique_ptr<InventoryMenu> menu_;
    std::unique_ptr<ContainerMenu> open_;
    std::int32_t container_counter_ = 0;
};

}  // namespace mobsdk::server
