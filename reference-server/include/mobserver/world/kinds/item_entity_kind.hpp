// The kind of minecraft:item: items on the ground fall, slow down, merge with their neighbours and
// age out (vanilla's ItemEntity.tick); mobs pick them up through World::pick_up_item, players by
// touching them (pick_up_items); players drop them (drop_from_player).
#pragma once

#include <optional>
#include <vector>

#include "mobserver/world/entity_kind.hpp"
#include "mobserver/world/item_entity.hpp"

namespace mobsdk::server {

/// @brief Item entities: serves minecraft:item (the handle the world resolved).
class ItemEntityKind final : public SingleTypeEntityKind<ItemEntity> {
public:
    /// @brief Serves minecraft:item, if registered; without it items still spawn, typeless.
    using SingleTypeEntityKind::SingleTypeEntityKind;
    std::string_view name() const noexcept override { return "item entity"; }
    /// @brief An item entity with the saved fields; an error (nothing made) when Item is missing
    /// or empty, as vanilla discards it at once.
    Result<Entity*, std::string> create(World& world, Handle<EntityTypeInfo> type, const Vec3& pos, Uuid uuid,
                                        const nbt::Compound& tag, std::vector<std::string>& warnings) override;
    nbt::Compound save(const World& world, const Entity& entity) const override;
    std::vector<std::string> load(World& world, Entity& entity, const nbt::Compound& tag) override;
    void tick(World& world, Entity& entity) override;

    /// @brief Adds an item entity (World::spawn_item): a nil UUID gets a fresh one, a taken one
    /// throws std::invalid_argument.
    ItemEntity& spawn(World& world, const Vec3& pos, const ItemStack& item, const Vec3& motion, Uuid uuid);

private:
    void merge_with_neighbours(World& world, ItemEntity& item);
    std::vector<const EntitySlot*> scratch_;  // the merge's neighbour query
};

class PlayerEntity;
struct TaggedStack;

/// @brief Vanilla's Player.aiStep touch and ItemEntity.playerTouch: a player that is not a
/// spectator (and alive) picks up the item entities whose box meets its own inflated by (1, 0.5, 1) and whose
/// pickup delay is over, as far as its inventory takes them (Inventory.add; creative uses up the
/// rest); each pickup is noted for the Pickup Item packet. Returns how many entities it touched.
std::int32_t pick_up_items(World& world, PlayerEntity& player);

/// @brief Vanilla's Player.drop: an item entity at the player's eye height − 0.3 with a pickup delay
/// of 40, thrown forward (0.3 along the look, a small random spread) or, `throw_randomly`, in a random
/// direction (vanilla's death drops), rolled with the world's random. Nothing for an empty stack.
ItemEntity* drop_from_player(World& world, PlayerEntity& player, TaggedStack stack, bool throw_randomly = false);

}  // namespace mobsdk::server
