// The merchant screen (vanilla's MerchantMenu over a MerchantContainer): slots 0 and 1 the payment,
// 2 the result (taken, it does the trade: the prices leave the payment slots, the merchant counts the
// use and its experience, and the result fills again while the payment still pays), 3–29 the main
// inventory and 30–38 the hotbar. Select Trade moves the chosen offer's prices from the inventory
// into the payment slots (vanilla's tryMoveItems); closing gives the payment back and ends the
// merchant's trading.
#pragma once

#include <functional>
#include <utility>

#include "mobsdk/world/merchant.hpp"
#include "mobserver/world/container_menu.hpp"

namespace mobsdk::server {

/// @brief Vanilla's MerchantMenu; see the file comment.
class MerchantMenu final : public ContainerMenu {
public:
    static constexpr std::int32_t payment1_slot = 0;   ///< PAYMENT1_SLOT
    static constexpr std::int32_t payment2_slot = 1;   ///< PAYMENT2_SLOT
    static constexpr std::int32_t result_slot = 2;     ///< RESULT_SLOT
    static constexpr std::int32_t inv_slot_start = 3;  ///< INV_SLOT_START
    static constexpr std::int32_t use_row_start = 30;  ///< USE_ROW_SLOT_START
    static constexpr std::int32_t use_row_end = 39;    ///< USE_ROW_SLOT_END
    /// @brief Vanilla's AbstractVillager.stillValid distance: 8 blocks.
    static constexpr double max_distance_sqr = 64.0;

    /// @brief A menu with window `container_id` over `inventory` trading with the merchant that
    /// `merchant` returns (nullptr once the merchant's mob is gone), rolling with `random`.
    MerchantMenu(std::int32_t container_id, PlayerInventory& inventory, std::function<Merchant*()> merchant,
                 RandomSource& random);

    TaggedStack quick_move_stack(MenuUser& user, std::int32_t slot) override;
    /// @brief The carried stack and the payment go back to the inventory (the rest is dropped); the
    /// merchant's trading player is cleared.
    void removed(MenuUser& user) override;
    bool can_take_item_for_pick_all(const TaggedStack& stack, const MenuSlot& slot) const override;

    EntityRef trader{};  ///< the merchant's mob (the host sets it and checks its distance)

    /// @brief The merchant, or nullptr when its mob is gone.
    Merchant* merchant() const { return merchant_(); }
    /// @brief Vanilla's setSelectionHint: the offer the client selected.
    void set_selection_hint(std::int32_t index) noexcept { selection_hint_ = index; }
    /// @brief Vanilla's tryMoveItems (Select Trade): the payment slots go back to the inventory, then
    /// the offer's prices are moved in from it; an index out of range does nothing.
    void try_move_items(MenuUser& user, std::int32_t index);
    /// @brief Vanilla's MerchantContainer.updateSellItem: the result of the offer the payment pays.
    void update_sell_item();
    /// @brief The offer the payment pays, or nullptr (vanilla's getActiveOffer).
    const stdlib::MerchantOffer* active_offer() const noexcept { return active_offer_; }
    /// @brief Experience orbs the trades since the last call dropped (the host spawns them).
    std::int32_t take_experience() noexcept { return std::exchange(experience_, 0); }

private:
    class PaymentSlot;
    class ResultSlot;
    void move_from_inventory_to_payment_slot(std::int32_t payment_slot, const stdlib::OfferItem& cost);

    SimpleItemContainer trade_{3};
    std::function<Merchant*()> merchant_;
    RandomSource* random_;
    stdlib::MerchantOffer* active_offer_ = nullptr;
    std::int32_t selection_hint_ = 0;
    std::int32_t experience_ = 0;
};

}  // namespace mobsdk::server
