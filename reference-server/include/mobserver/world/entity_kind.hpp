// An open table of entity kinds. A kind (mobs, item entities, arrows, players) makes, ticks,
// saves and loads the entities of the types it serves; the World holds the table and dispatches
// through it, so adding a kind is one World::add_entity_kind call and no edit to the world.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/tag.hpp"
#include "mobserver/world/entity_index.hpp"

namespace mobsdk::server {

class World;

/// @brief One kind of entity: what the world calls to create, tick, save, load and kill the
/// entities of the types it serves. Registered with World::add_entity_kind; each entity's slot
/// records its kind when the entity is added, so dispatch is one virtual call, never a comparison
/// of ids. An entity's data() is its EntityData; the kind knows its class (see EntityKindFor).
class EntityKind {
public:
    virtual ~EntityKind() = default;

    /// @brief What it is called in messages ("mob", "item entity", "arrow").
    virtual std::string_view name() const noexcept = 0;
    /// @brief True when it makes the entities of `type` (asked once per registered type, when it
    /// is added to a world; at most one kind serves a type).
    virtual bool serves(Handle<EntityTypeInfo> type, const EntityTypeInfo& info) const = 0;
    /// @brief Creates an entity of `type` from its saved NBT and adds it to the world (with
    /// World::add_entity). The world has read the common part: `pos` is the valid Pos and `uuid`
    /// the saved UUID (nil: none or a bad one, so a fresh one is due) and not in the world. Fields
    /// that are wrong are skipped with a warning appended to `warnings`; an error leaves nothing
    /// in the world.
    virtual Result<Entity*, std::string> create(World& world, Handle<EntityTypeInfo> type, const Vec3& pos, Uuid uuid,
                                                const nbt::Compound& tag, std::vector<std::string>& warnings) = 0;
    /// @brief Its vanilla NBT without `id` (the world adds it).
    virtual nbt::Compound save(const World& world, const Entity& entity) const = 0;
    /// @brief Applies vanilla NBT to a live entity (`data merge`, and create's second half);
    /// returns warnings for the fields it skipped. The UUID is kept.
    virtual std::vector<std::string> load(World& world, Entity& entity, const nbt::Compound& tag) = 0;
    /// @brief One game tick of a live entity (World::tick has counted its age).
    virtual void tick(World& world, Entity& entity) = 0;
    /// @brief Vanilla's kill: by default the entity is removed (World::remove).
    virtual void kill(World& world, Entity& entity);
    /// @brief The tick of an entity that is removed but lingers (a dead mob's death animation).
    virtual void tick_removed(World&, Entity&) {}
    /// @brief True while a removed entity stays in the table (a dead mob for its death animation);
    /// it is erased at the end of the first tick this is false.
    virtual bool lingers(const Entity&) const { return false; }
    /// @brief False for entities that never go into the chunks' entity lists (players live in
    /// playerdata): the world neither saves them with a chunk nor unloads them with one.
    virtual bool saved_in_chunks() const noexcept { return true; }
};

/// @brief A kind whose entities are of class `E` (an EntityImpl): the typed view of a slot.
template <class E>
class EntityKindFor : public EntityKind {
public:
    /// @brief The entity in `slot` when it is of this kind, else nullptr.
    E* get(const EntitySlot* slot) const noexcept {
        return slot && slot->kind == this ? static_cast<E*>(slot->entity.get()) : nullptr;
    }

protected:
    /// @brief An entity the world passes to this kind's hooks, as its class.
    static E& as(Entity& entity) noexcept { return static_cast<E&>(entity); }
    /// @brief An entity the world passes to this kind's hooks, as its class.
    static const E& as(const Entity& entity) noexcept { return static_cast<const E&>(entity); }
};

/// @brief A kind that serves one entity type, resolved when the world was made (item entities,
/// arrows, players). The type may be missing from the registries: then it serves none.
template <class E>
class SingleTypeEntityKind : public EntityKindFor<E> {
public:
    /// @brief Serves `type`, if it is registered.
    explicit SingleTypeEntityKind(std::optional<Handle<EntityTypeInfo>> type) noexcept : type_(type) {}
    bool serves(Handle<EntityTypeInfo> type, const EntityTypeInfo&) const override { return type_ && type == *type_; }
    /// @brief The type it serves, if registered.
    std::optional<Handle<EntityTypeInfo>> type() const noexcept { return type_; }

protected:
    std::optional<Handle<EntityTypeInfo>> type_;  ///< the type it serves, if registered
};

}  // namespace mobsdk::server
