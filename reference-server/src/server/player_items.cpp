// Players' items: the inventory packets (vanilla's ServerGamePacketListenerImpl.handleContainerClick,
// handleContainerClose, handleSetCarriedItem, handleSetCreativeModeSlot, handlePlayerAction's drops),
// the inventory menu sent at join and kept in sync every tick, and pick-ups.
#include "mobserver/server/player_items.hpp"

#include "mobserver/net/play_packets.hpp"
#include "mobserver/net/vanilla_network_ids.hpp"
#include "mobserver/server/player_list.hpp"
#include "mobserver/world/kinds/item_entity_kind.hpp"
#include "mobserver/world/kinds/player_kind.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

PlayerInventory& PlayerMenuUser::inventory() noexcept { return player_.inventory; }
bool PlayerMenuUser::instabuild() const noexcept { return player_.game_type == GameMode::Creative; }
void PlayerMenuUser::drop(TaggedStack stack) { drop_from_player(world_, player_, std::move(stack), false); }

NetworkSlot network_slot_of(const TaggedStack& stack) {
    if (stack.empty()) return {};
    static const std::int32_t barrier = vanilla_item_id("barrier").value_or(0);
    const auto id = stack.stack.item.ns() == "minecraft" ? vanilla_item_id(stack.stack.item.path()) : std::nullopt;
    return NetworkSlot{id.value_or(barrier), stack.stack.count, stack.tag};
}

TaggedStack tagged_stack_of(const NetworkSlot& slot) {
    if (slot.count <= 0) return {};
    const std::string_view name = vanilla_item_name(slot.id);
    if (name.empty() || name == "air") return {};
    return TaggedStack{ItemStack{ResourceLocation::make_unchecked("minecraft", name), slot.count}, slot.tag};
}

// ---- PlayerMenus ----

InventoryMenu& PlayerMenus::inventory_menu(PlayerInventory& inventory) {
    if (!menu_ || menu_inventory_ != &inventory) {
        open_.reset();
        menu_ = std::make_unique<InventoryMenu>(inventory);
        menu_inventory_ = &inventory;
        menu_->set_synchronizer(this);
    }
    return *menu_;
}

void PlayerMenus::open(std::unique_ptr<ContainerMenu> menu, MenuUser& user) {
    close(user);
    open_ = std::move(menu);
    open_->set_synchronizer(this);
}

void PlayerMenus::close(MenuUser& user) {
    // Vanilla's doCloseContainer: removed(), then the inventory menu takes over (transferState).
    if (ContainerMenu* menu = container_menu()) menu->removed(user);
    open_.reset();
}

void PlayerMenus::send_initial_data(std::int32_t container_id, std::int32_t state_id,
                                    std::span<const TaggedStack> items, const TaggedStack& carried) {
    std::vector<NetworkSlot> slots;
    slots.reserve(items.size());
    for (const TaggedStack& s : items) slots.push_back(network_slot_of(s));
    connection_->send(encode_container_content(container_id, state_id, slots, network_slot_of(carried)));
}

void PlayerMenus::send_slot_change(std::int32_t container_id, std::int32_t state_id, std::int32_t slot,
                                   const TaggedStack& stack) {
    connection_->send(encode_container_slot(container_id, state_id, slot, network_slot_of(stack)));
}

void PlayerMenus::send_carried_change(std::int32_t state_id, const TaggedStack& stack) {
    connection_->send(encode_container_slot(-1, state_id, -1, network_slot_of(stack)));
}

// ---- PlayerList: the item packets ----

void PlayerList::join_items(ServerPlayer& p) {
    PlayerEntity* e = world_->player(world_->entities().slot(p.entity));
    if (!e) return;
    if (!p.menus) p.menus = std::make_unique<PlayerMenus>(p.connection);
    p.connection->send(encode_set_carried_item(e->inventory.selected()));
    p.menus->inventory_menu(e->inventory);  // Set Container Content of window 0
}

void PlayerList::leave_items(ServerPlayer& p) {
    // The open menu closes before the player is saved: what it carries and what lies in the crafting
    // grid go back into the inventory (vanilla drops them at the player's feet after saving).
    PlayerEntity* e = world_->player(world_->entities().slot(p.entity));
    if (!e || !p.menus) return;
    PlayerMenuUser user(*world_, *e);
    p.menus->inventory_menu(e->inventory);
    p.menus->close(user);
}

void PlayerList::tick_items(ServerPlayer& p) {
    PlayerEntity* e = world_->player(world_->entities().slot(p.entity));
    if (!e || !p.menus) return;
    if (p.menus->drop_spam > 0) --p.menus->drop_spam;
    pick_up_items(*world_, *e);
    p.menus->inventory_menu(e->inventory);
    tick_merchant(p, *e);  // player_merchant.cpp
    if (ContainerMenu* menu = p.menus->container_menu()) menu->broadcast_changes();
}

bool PlayerList::on_item_packet(ServerPlayer& p, ServerboundPacket& packet) {
    if (!std::holds_alternative<ClickContainer>(packet) && !std::holds_alternative<CloseContainer>(packet) &&
        !std::holds_alternative<SetHeldItem>(packet) && !std::holds_alternative<SetCreativeSlot>(packet) &&
        !std::holds_alternative<PlayerAction>(packet))
        return false;
    PlayerEntity* e = world_->player(world_->entities().slot(p.entity));
    if (!e || !p.menus) return true;
    PlayerMenuUser user(*world_, *e);
    InventoryMenu& inventory_menu = p.menus->inventory_menu(e->inventory);
    ContainerMenu& menu = *p.menus->container_menu();

    if (const auto* c = std::get_if<ClickContainer>(&packet)) {
        if (c->window_id != menu.container_id()) return true;
        if (e->game_type == GameMode::Spectator) {
            menu.send_all_data_to_remote();
            return true;
        }
        if (!menu.valid_slot_index(c->slot)) return true;  // vanilla logs it at debug level only
        const bool stale = c->state_id != menu.state_id();
        menu.clicked(c->slot, c->button, static_cast<ClickType>(c->mode), user);
        for (const auto& [slot, item] : c->changed) menu.set_remote_slot(slot, tagged_stack_of(item));
        menu.set_remote_carried(tagged_stack_of(c->carried));
        if (stale) menu.broadcast_full_state();
        else menu.broadcast_changes();
        return true;
    }
    if (std::holds_alternative<CloseContainer>(packet)) {
        p.menus->close(user);
        return true;
    }
    if (const auto* h = std::get_if<SetHeldItem>(&packet)) {
        if (!e->inventory.select(h->slot)) log_("WARN", p.name + " tried to set an invalid carried item");
        return true;
    }
    if (const auto* c = std::get_if<SetCreativeSlot>(&packet)) {
        if (e->game_type != GameMode::Creative) return true;
        TaggedStack stack = tagged_stack_of(c->item);
        // Vanilla's checks: a menu slot 1–45 of window 0 (or below 0: a drop), and an empty stack
        // or one with a damage ≥ 0 and at most 64 items.
        const bool damage_ok = !stack.tag || stack.tag->get_or<std::int32_t>("Damage", 0) >= 0;
        const bool valid = stack.empty() || (damage_ok && stack.count() <= 64);
        if (c->slot >= 1 && c->slot <= 45 && valid) {
            inventory_menu.slot(c->slot).set(std::move(stack));
            inventory_menu.broadcast_changes();
        } else if (c->slot < 0 && valid && p.menus->drop_spam < 200) {
            p.menus->drop_spam += 20;
            user.drop(std::move(stack));
        }
        return true;
    }
    if (const auto* a = std::get_if<PlayerAction>(&packet)) {
        // 3: drop the selected stack (Ctrl+Q), 4: one item of it (Q); not for spectators. The client
        // already shows the slot changed, so its view is noted rather than sent (ServerPlayer.drop).
        if ((a->status != 3 && a->status != 4) || e->game_type == GameMode::Spectator) return true;
        PlayerInventory& inv = e->inventory;
        const TaggedStack& selected = inv.selected_item();
        TaggedStack dropped =
            selected.empty() ? TaggedStack{} : inv.remove_item(inv.selected(), a->status == 3 ? selected.count() : 1);
        inv.set_changed();
        inventory_menu.set_remote_slot(InventoryMenu::menu_slot_of(inv.selected()), inv.selected_item());
        user.drop(std::move(dropped));
        return true;
    }
    return true;
}

}  // namespace mobsdk::server
