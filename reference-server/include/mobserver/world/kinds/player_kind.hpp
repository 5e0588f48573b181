// Players as entities of the world (minecraft:player): a position, a rotation and a game mode that
// selectors, `tp` and `gamemode` see. Their client moves them (PlayerList), never the world's tick
// or AI; they are not stored in the chunks' entity lists but in playerdata/<uuid>.dat
// (storage/player_data.hpp), which holds what save_player_nbt writes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mobsdk/nbt/tag.hpp"
#include "mobserver/world/entity.hpp"
#include "mobserver/world/entity_kind.hpp"
#include "mobserver/world/game_mode.hpp"
#include "mobserver/world/player_inventory.hpp"

namespace mobsdk::server {

class World;

/// @brief A joined player's entity (vanilla's ServerPlayer as the world sees it).
class PlayerEntity final : public EntityImpl<Entity> {
public:
    std::string name;                            ///< the player's name
    GameMode game_mode = GameMode::Survival;     ///< playerGameType
    std::optional<GameMode> previous_game_mode;  ///< previousPlayerGameType (none: -1 in the file)
    nbt::Compound extra_nbt;                     ///< playerdata tags this server does not model, written back
    PlayerInventory inventory;                   ///< Inventory and SelectedItemSlot
    /// @brief Changes the game mode as vanilla's setGameMode: the old one becomes the previous one.
    /// False when it already was `mode`.
    bool set_game_mode(GameMode mode) noexcept {
        if (mode == game_mode) return false;
        previous_game_mode = game_mode;
        game_mode = mode;
        return true;
    }
};

/// @brief Writes a player as vanilla's playerdata (1.20.4) without DataVersion: the entity fields,
/// playerGameType, previousPlayerGameType, Dimension, Inventory, SelectedItemSlot, and Health, foodLevel, Inventory…
/// with vanilla's defaults unless the file it came from had them (extra_nbt is written back as read).
nbt::Compound save_player_nbt(const PlayerEntity& player);

/// @brief Applies playerdata (or `data merge`) NBT: Pos, Rotation, Motion, OnGround…, the game
/// modes, the inventory; every other tag is kept in extra_nbt. Returns warnings for the fields it skipped.
std::vector<std::string> load_player_nbt(World& world, PlayerEntity& player, const nbt::Compound& tag);

/// @brief The kind of minecraft:player. Players are added by PlayerList through spawn(), never
/// from NBT (`summon minecraft:player` fails, as in vanilla), never ticked by the world (their
/// client moves them), never saved with a chunk, and not killed (`kill` leaves them as they are:
/// this server has no player health yet).
class PlayerEntityKind final : public SingleTypeEntityKind<PlayerEntity> {
public:
    /// @brief Serves minecraft:player, if registered.
    using SingleTypeEntityKind::SingleTypeEntityKind;
    std::string_view name() const noexcept override { return "player"; }
    /// @brief Always an error: players come from logins, not from NBT.
    Result<Entity*, std::string> create(World& world, Handle<EntityTypeInfo> type, const Vec3& pos, Uuid uuid,
                                        const nbt::Compound& tag, std::vector<std::string>& warnings) override;
    nbt::Compound save(const World& world, const Entity& entity) const override;
    std::vector<std::string> load(World& world, Entity& entity, const nbt::Compound& tag) override;
    /// @brief Nothing: a player's client moves it.
    void tick(World&, Entity&) override {}
    /// @brief Nothing: this server has no player health or death yet (vanilla kills the player).
    void kill(World&, Entity&) override {}
    bool saved_in_chunks() const noexcept override { return false; }

    /// @brief Adds a player's entity named `name` with `uuid` at `pos`. Throws std::logic_error
    /// without a minecraft:player type, std::invalid_argument when the UUID is taken.
    PlayerEntity& spawn(World& world, Uuid uuid, std::string name, const Vec3& pos);
    /// @brief The player in a slot, or nullptr.
    using EntityKindFor::get;
};

}  // namespace mobsdk::server
