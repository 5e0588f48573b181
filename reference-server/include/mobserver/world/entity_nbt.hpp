// Vanilla's entity NBT for the fields every kind of entity shares (Entity.saveWithoutId and
// Entity.load): UUID, Pos, Motion, Rotation, OnGround, FallDistance, Invulnerable, NoGravity, Tags,
// CustomName. Each kind adds its own fields around these (server_mob.hpp, item_entity.hpp, arrow.hpp).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/nbt/tag.hpp"
#include "mobserver/world/entity.hpp"

namespace mobsdk::server {

class World;

/// @brief Vanilla's UUID as four ints, most significant first.
nbt::IntArray uuid_to_ints(Uuid uuid);
/// @brief Vanilla's UUID from four ints; empty for another length.
std::optional<Uuid> uuid_from_ints(const nbt::IntArray& ints);

/// @brief Writes the fields every entity has into `out` (vanilla's Entity.saveWithoutId; the
/// world adds `id`).
void save_entity_nbt(const EntityData& data, nbt::Compound& out);

/// @brief Applies the fields save_entity_nbt writes (vanilla's Entity.load). Pos goes through
/// World::teleport so that the spatial index follows; the UUID is never changed. Fields of the
/// wrong shape are skipped with a warning appended to `warnings`.
void load_entity_nbt(World& world, EntityData& data, const nbt::Compound& tag, std::vector<std::string>& warnings);

/// @brief Reads a byte flag (vanilla's booleans) into `out` when `key` is present; another type
/// is skipped with a warning.
void read_flag(const nbt::Compound& tag, std::string_view key, bool& out, std::vector<std::string>& warnings);

/// @brief Copies into `extra` every field of `tag` that is neither `id`, an entity field
/// (save_entity_nbt's) nor one of `own_keys` (the kind's): fields this server does not model are
/// kept and written back.
void keep_unknown_fields(const nbt::Compound& tag, std::span<const std::string_view> own_keys, nbt::Compound& extra);

}  // namespace mobsdk::server
