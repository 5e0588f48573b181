// The merchant screen: vanilla's MerchantMenu, MerchantContainer and MerchantResultSlot.
#include "mobserver/world/merchant_menu.hpp"

#include <algorithm>

namespace mobsdk::server {

namespace {

stdlib::OfferItem offer_item_of(const TaggedStack& stack) {
    return stdlib::OfferItem{stack.stack, stack.tag.value_or(nbt::Compound{})};
}

TaggedStack tagged_stack_of(const stdlib::OfferItem& item) {
    if (item.empty()) return {};
    return TaggedStack{item.stack, item.tag.empty() ? std::nullopt : std::optional<nbt::Compound>(item.tag)};
}

}  // namespace

// A payment slot: any change updates the result (MerchantContainer.setItem/setChanged).
class MerchantMenu::PaymentSlot final : public MenuSlot {
public:
    PaymentSlot(MerchantMenu& menu, std::int32_t index) : MenuSlot(menu.trade_, index), menu_(menu) {}
    void set_changed() const override { menu_.update_sell_item(); }

private:
    MerchantMenu& menu_;
};

// Vanilla's MerchantResultSlot: nothing may be put in; taking the result does the trade.
class MerchantMenu::ResultSlot final : public MenuSlot {
public:
    explicit ResultSlot(MerchantMenu& menu) : MenuSlot(menu.trade_, result_slot), menu_(menu) {}
    bool may_place(const TaggedStack&) const override { return false; }
    // MerchantContainer.removeItem(2, n): the whole result, so a right click takes all of it.
    TaggedStack remove(std::int32_t) override { return item().split(item().count()); }
    void on_take(MenuUser&, const TaggedStack&) override {
        stdlib::MerchantOffer* offer = menu_.active_offer_;
        Merchant* merchant = menu_.merchant();
        if (offer == nullptr || merchant == nullptr) return;
        stdlib::OfferItem a = offer_item_of(menu_.trade_.slot_item(payment1_slot));
        stdlib::OfferItem b = offer_item_of(menu_.trade_.slot_item(payment2_slot));
        if (offer->take(a, b) || offer->take(b, a)) {
            menu_.experience_ += merchant->notify_trade(*offer, *menu_.random_);
            // setItem(0, a), setItem(1, b): the counts left; the result fills again if they still pay.
            TaggedStack& pa = menu_.trade_.slot_item(payment1_slot);
            TaggedStack& pb = menu_.trade_.slot_item(payment2_slot);
            pa = a.empty() ? TaggedStack{} : pa.with_count(a.count());
            pb = b.empty() ? TaggedStack{} : pb.with_count(b.count());
            menu_.update_sell_item();
        }
    }

private:
    MerchantMenu& menu_;
};

MerchantMenu::MerchantMenu(std::int32_t container_id, PlayerInventory& inventory, std::function<Merchant*()> merchant,
                           RandomSource& random)
    : ContainerMenu(container_id), merchant_(std::move(merchant)), random_(&random) {
    add_slot(std::make_unique<PaymentSlot>(*this, payment1_slot));
    add_slot(std::make_unique<PaymentSlot>(*this, payment2_slot));
    add_slot(std::make_unique<ResultSlot>(*this));
    for (std::int32_t i = 9; i < PlayerInventory::main_size; ++i) add_slot(std::make_unique<MenuSlot>(inventory, i));
    for (std::int32_t i = 0; i < PlayerInventory::hotbar_size; ++i) add_slot(std::make_unique<MenuSlot>(inventory, i));
}

void MerchantMenu::update_sell_item() {
    // MerchantContainer.updateSellItem.
    active_offer_ = nullptr;
    TaggedStack& result = trade_.slot_item(result_slot);
    const TaggedStack& p1 = trade_.slot_item(payment1_slot);
    const TaggedStack& p2 = trade_.slot_item(payment2_slot);
    const stdlib::OfferItem a = offer_item_of(p1.empty() ? p2 : p1);
    const stdlib::OfferItem b = offer_item_of(p1.empty() ? TaggedStack{} : p2);
    Merchant* merchant = merchant_();
    if (a.empty() || merchant == nullptr) {
        result = {};
        return;
    }
    stdlib::MerchantOffers& offers = merchant->merchant_offers(*random_);
    if (offers.empty()) return;
    // MerchantOffers.getRecipeFor: the hinted offer only, or the first that the payment satisfies.
    auto recipe_for = [&](const stdlib::OfferItem& x, const stdlib::OfferItem& y) -> stdlib::MerchantOffer* {
        if (selection_hint_ > 0 && selection_hint_ < static_cast<std::int32_t>(offers.size())) {
            stdlib::MerchantOffer& o = offers[static_cast<std::size_t>(selection_hint_)];
            return o.satisfied_by(x, y) ? &o : nullptr;
        }
        for (stdlib::MerchantOffer& o : offers)
            if (o.satisfied_by(x, y)) return &o;
        return nullptr;
    };
    stdlib::MerchantOffer* offer = recipe_for(a, b);
    if (offer == nullptr || offer->is_out_of_stock()) {
        active_offer_ = offer;
        offer = recipe_for(b, a);
    }
    if (offer != nullptr && !offer->is_out_of_stock()) {
        active_offer_ = offer;
        result = tagged_stack_of(offer->result);
    } else {
        result = {};
    }
}

TaggedStack MerchantMenu::quick_move_stack(MenuUser& user, std::int32_t index) {
    // Vanilla's MerchantMenu.quickMoveStack.
    MenuSlot& s = slot(index);
    if (!s.has_item()) return {};
    TaggedStack& moving = s.item();
    const TaggedStack before = moving;
    if (index == result_slot) {
        if (!move_item_stack_to(moving, inv_slot_start, use_row_end, true)) return {};
    } else if (index != payment1_slot && index != payment2_slot) {
        if (index >= inv_slot_start && index < use_row_start) {
            if (!move_item_stack_to(moving, use_row_start, use_row_end, false)) return {};
        } else if (index >= use_row_start && index < use_row_end &&
                   !move_item_stack_to(moving, inv_slot_start, use_row_start, false)) {
            return {};
        }
    } else if (!move_item_stack_to(moving, inv_slot_start, use_row_end, false)) {
        return {};
    }
    return finish_quick_move(user, s, moving, before);
}

bool MerchantMenu::can_take_item_for_pick_all(const TaggedStack& stack, const MenuSlot& slot) const {
    return &slot != &this->slot(result_slot) && ContainerMenu::can_take_item_for_pick_all(stack, slot);
}

void MerchantMenu::removed(MenuUser& user) {
    ContainerMenu::removed(user);
    if (Merchant* m = merchant()) m->set_trading_player(std::nullopt);
    // placeItemBackInInventory of both payment slots (what does not fit is dropped).
    trade_.slot_item(result_slot) = {};
    for (std::int32_t i : {payment1_slot, payment2_slot}) {
        TaggedStack stack = std::move(trade_.slot_item(i));
        trade_.slot_item(i) = {};
        place_back_in_inventory(user, std::move(stack));
    }
    active_offer_ = nullptr;
}

void MerchantMenu::try_move_items(MenuUser& user, std::int32_t index) {
    (void)user;
    Merchant* merchant = this->merchant();
    if (merchant == nullptr) return;
    stdlib::MerchantOffers& offers = merchant->merchant_offers(*random_);
    if (index < 0 || index >= static_cast<std::int32_t>(offers.size())) return;
    for (std::int32_t i : {payment1_slot, payment2_slot}) {
        TaggedStack& pay = trade_.slot_item(i);
        if (pay.empty()) continue;
        if (!move_item_stack_to(pay, inv_slot_start, use_row_end, true)) return;
        slot(i).set(pay);
    }
    if (!trade_.slot_item(payment1_slot).empty() || !trade_.slot_item(payment2_slot).empty()) return;
    const stdlib::MerchantOffer& offer = offers[static_cast<std::size_t>(index)];
    move_from_inventory_to_payment_slot(payment1_slot, offer.cost_a());
    move_from_inventory_to_payment_slot(payment2_slot, offer.cost_b);
}

void MerchantMenu::move_from_inventory_to_payment_slot(std::int32_t payment_slot, const stdlib::OfferItem& cost) {
    // Vanilla's moveFromInventoryToPaymentSlot.
    if (cost.empty()) return;
    const TaggedStack wanted = tagged_stack_of(cost);
    const std::int32_t max = wanted.max_stack_size();
    for (std::int32_t j = inv_slot_start; j < use_row_end; ++j) {
        TaggedStack& s = slot(j).item();
        if (s.empty() || !same_item_same_tags(wanted, s)) continue;
        const TaggedStack& pay = trade_.slot_item(payment_slot);
        const std::int32_t k = pay.count();
        const std::int32_t l = std::min(max - k, s.count());
        TaggedStack copy = s.with_count(k + l);
        s.stack.count -= l;
        if (s.stack.count <= 0) s = {};
        slot(j).set_changed();
        slot(payment_slot).set(copy);
        if (k + l >= max) break;
    }
}

}  // namespace mobsdk::server
