// The kind of minecraft:item: items on the ground fall, slow down and age out (vanilla's
// ItemEntity.tick); mobs pick them up through World::pick_up_item.
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
};

}  // namespace mobsdk::server
