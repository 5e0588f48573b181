// The merchant screen on the connection side: opening it after a villager's mob_interact asked for it
// (vanilla's Merchant.openTradingScreen: Open Screen, the menu, Merchant Offers), Select Trade
// (vanilla's handleSelectTrade) and closing it when the trader is gone, dead, trading with nobody
// or more than 8 blocks away (vanilla's stillValid).
#include "mobserver/net/play_packets.hpp"
#include "mobserver/server/player_items.hpp"
#include "mobserver/server/player_list.hpp"
#include "mobserver/world/kinds/player_kind.hpp"
#include "mobserver/world/merchant_menu.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

NetworkMerchantOffer network_offer_of(const stdlib::MerchantOffer& offer) {
    auto slot = [](const stdlib::OfferItem& item) {
        return network_slot_of(
            item.empty()
                ? TaggedStack{}
                : TaggedStack{item.stack, item.tag.empty() ? std::nullopt : std::optional<nbt::Compound>(item.tag)});
    };
    return NetworkMerchantOffer{
        slot(offer.base_cost_a), slot(offer.result), slot(offer.cost_b),       offer.is_out_of_stock(), offer.uses,
        offer.max_uses,          offer.xp,           offer.special_price_diff, offer.price_multiplier,  offer.demand};
}

MerchantMenu* open_merchant_menu(ServerPlayer& p) {
    return p.menus ? dynamic_cast<MerchantMenu*>(p.menus->container_menu()) : nullptr;
}

// Vanilla's MerchantMenu.stillValid for a villager: its mob lives, trades with this player, within 8 blocks.
bool still_valid(World& world, const MerchantMenu& menu, const PlayerEntity& player) {
    Merchant* merchant = menu.merchant();
    const ServerMob* mob = world.mob(menu.trader.handle);
    if (merchant == nullptr || mob == nullptr) return false;
    const auto trading = merchant->merchant_trading_player();
    if (!trading || !(trading->uuid == player.uuid())) return false;
    return mob->distance_to_sqr(player) <= MerchantMenu::max_distance_sqr;
}

}  // namespace

void PlayerList::open_requested_merchant(ServerPlayer& p, PlayerEntity& e) {
    if (!e.merchant_request) return;
    const PlayerEntity::MerchantRequest request = *e.merchant_request;
    e.merchant_request.reset();
    if (!p.menus || world_->mob(request.trader.handle) == nullptr) {
        request.merchant->set_trading_player(std::nullopt);
        return;
    }
    // Player.openMenu: the screen open before closes first (its trader stops trading).
    PlayerMenuUser user(*world_, e);
    p.menus->inventory_menu(e.inventory);
    if (ContainerMenu* before = p.menus->container_menu(); before && before->container_id() != 0) {
        p.connection->send(encode_close_container(before->container_id()));
        p.menus->close(user);
        request.merchant->set_trading_player(e.ref());  // closing another screen of this trader cleared it
    }
    const std::int32_t id = p.menus->next_container_counter();
    p.connection->send(encode_open_screen(id, merchant_menu_type, request.title_key));
    World* world = world_;
    const EntityHandle handle = request.trader.handle;
    Merchant* merchant = request.merchant;
    auto menu = std::make_unique<MerchantMenu>(
        id, e.inventory,
        [world, handle, merchant]() -> Merchant* {
            const ServerMob* mob = world->mob(handle);
            return mob != nullptr && mob->is_alive() ? merchant : nullptr;
        },
        world_->random());
    menu->trader = request.trader;
    p.menus->open(std::move(menu), user);
    // ServerPlayer.sendMerchantOffers.
    const stdlib::MerchantOffers& offers = merchant->merchant_offers(world_->random());
    std::vector<NetworkMerchantOffer> network;
    network.reserve(offers.size());
    for (const stdlib::MerchantOffer& o : offers) network.push_back(network_offer_of(o));
    p.connection->send(encode_merchant_offers(id, network, merchant->merchant_level(), merchant->merchant_xp(),
                                              merchant->show_progress_bar(), merchant->can_restock()));
}

void PlayerList::tick_merchant(ServerPlayer& p, PlayerEntity& e) {
    MerchantMenu* menu = open_merchant_menu(p);
    if (menu == nullptr) return;
    menu->take_experience();  // experience orbs are not spawned yet
    if (still_valid(*world_, *menu, e)) return;
    // ServerPlayer.closeContainer: the client is told, the menu's removed() gives the payment back.
    PlayerMenuUser user(*world_, e);
    p.connection->send(encode_close_container(menu->container_id()));
    p.menus->close(user);
}

bool PlayerList::on_merchant_packet(ServerPlayer& p, ServerboundPacket& packet) {
    const auto* select = std::get_if<SelectTrade>(&packet);
    if (select == nullptr) return false;
    PlayerEntity* e = world_->player(world_->entities().slot(p.entity));
    MerchantMenu* menu = open_merchant_menu(p);
    if (e == nullptr || menu == nullptr || !still_valid(*world_, *menu, *e)) return true;
    PlayerMenuUser user(*world_, *e);
    menu->set_selection_hint(select->index);
    menu->try_move_items(user, select->index);
    return true;
}

}  // namespace mobsdk::server
