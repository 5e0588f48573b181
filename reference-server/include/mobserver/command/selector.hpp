// Entity selectors as vanilla's EntitySelectorParser reads them (`@e[type=zombie,limit=2]`,
// `@s`, a UUID, a name) and as EntitySelector finds entities in the world.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/registries.hpp"
#include "mobserver/command/dispatcher.hpp"

namespace mobsdk::server {

class World;
struct EntityData;

/// @brief A parsed selector.
struct EntitySelector {
    /// @brief Vanilla's sort orders.
    enum class Sort { Arbitrary, Nearest, Furthest, Random };
    /// @brief A value an option must (or, inverted, must not) have.
    template <class T>
    struct Filter {
        T value;              ///< the value
        bool invert = false;  ///< written with `!`
    };

    std::int32_t max_results = std::numeric_limits<std::int32_t>::max();  ///< limit
    bool include_entities = true;                                         ///< false for @a/@p/@r: players only
    bool current_entity = false;                                          ///< @s
    std::optional<Uuid> uuid;                                             ///< a UUID was given
    std::optional<std::string> name;                    ///< a plain name: a player's (or here a CustomName)
    Sort sort = Sort::Arbitrary;                        ///< sort=
    std::optional<double> x, y, z;                      ///< x= y= z=
    std::optional<double> dx, dy, dz;                   ///< dx= dy= dz=
    std::optional<double> distance_min, distance_max;   ///< distance=
    std::vector<Filter<Handle<EntityTypeInfo>>> types;  ///< type=
    std::vector<Filter<std::string>> tags;              ///< tag= (empty: no tags at all)
    std::vector<Filter<std::string>> names;             ///< name=
    std::vector<Filter<nbt::Compound>> nbt;             ///< nbt=

    /// @brief The entities selected, for a command run by `source`: alive ones in the world's
    /// insertion order, filtered, sorted and limited as vanilla (sort=random shuffles with the
    /// world random).
    std::vector<EntityHandle> find(World& world, const CommandSource& source) const;
};

/// @brief Parses a selector, a UUID or a name at the reader (vanilla's messages: "Unknown option
/// 'foo'", "Expected end of options", "Invalid name or UUID", …).
Result<EntitySelector, CommandError> parse_selector(StringReader& reader, const Registry<EntityTypeInfo>& types);

/// @brief Vanilla's EntityArgument (EntitySelector): `single` refuses a selector that may select
/// more than one ("Only one entity is allowed, but the provided selector allows more than one").
std::shared_ptr<const ArgumentType> entity_arg(const Registry<EntityTypeInfo>& types, bool single);

/// @brief EntityArgument.getEntities: the selected entities, or "No entity was found".
Result<std::vector<EntityHandle>, CommandError> select_entities(const EntitySelector& selector, World& world,
                                                                const CommandSource& source);
/// @brief EntityArgument.getEntity: exactly one entity, or "No entity was found".
Result<EntityHandle, CommandError> select_entity(const EntitySelector& selector, World& world,
                                                 const CommandSource& source);

/// @brief An entity's name as vanilla's getName: its CustomName, else its type's English name
/// ("minecraft:iron_golem" → "Iron Golem").
std::string display_name(const World& world, const EntityData& data);
/// @brief The English name of an entity type id ("minecraft:iron_golem" → "Iron Golem").
std::string type_display_name(const ResourceLocation& id);
/// @brief Java's UUID.fromString for the forms it accepts; empty when it would throw.
std::optional<Uuid> parse_java_uuid(std::string_view text);

}  // namespace mobsdk::server
