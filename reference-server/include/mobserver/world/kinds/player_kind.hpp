// Players as entities of the world (minecraft:player): a position, a rotation and a game mode that
// selectors, `tp` and `gamemode` see. Their client moves them (PlayerList), never the world's tick
// or AI; they are not stored in the chunks' entity lists but in playerdata/<uuid>.dat
// (storage/player_data.hpp), which holds what save_player_nbt writes.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/player.hpp"
#include "mobserver/world/entity.hpp"
#include "mobserver/world/entity_kind.hpp"
#include "mobserver/world/game_mode.hpp"
#include "mobserver/world/player_inventory.hpp"

namespace mobsdk::server {

class World;

/// @brief A joined player's entity (vanilla's ServerPlayer as the world sees it): the SDK's Player
/// over the entity fields, with health and the damage rules of vanilla's Player.hurt.
class PlayerEntity final : public EntityImpl<Player> {
public:
    std::string profile_name;                    ///< the player's name (its game profile's)
    GameMode game_type = GameMode::Survival;     ///< playerGameType
    std::optional<GameMode> previous_game_mode;  ///< previousPlayerGameType (none: -1 in the file)
    nbt::Compound extra_nbt;                     ///< playerdata tags this server does not model, written back
    PlayerInventory inventory;                   ///< Inventory and SelectedItemSlot
    /// @brief A merchant screen a mob asked to open (open_merchant_menu), opened by PlayerList once the
    /// interaction is over.
    struct MerchantRequest {
        Merchant* merchant = nullptr;  ///< the trader's attachment, valid while the trader lives
        EntityRef trader;              ///< the trader
        std::string title_key;         ///< the screen's title (a translation key)
    };
    std::optional<MerchantRequest> merchant_request;  ///< not saved

    // Health and damage (vanilla's LivingEntity and Player fields).
    /// @brief Vanilla's invulnerableTime: 20 after a hit; above 10 only stronger hits land (their
    /// excess over the last one).
    std::int32_t invulnerable_time = 0;
    /// @brief Vanilla's hurtTime (HurtTime): 10 after a hit that landed, counting down.
    std::int32_t hurt_time = 0;
    /// @brief Vanilla's deathTime (DeathTime): ticks since it died.
    std::int32_t death_time = 0;
    /// @brief Vanilla's ServerPlayer.spawnInvulnerableTime: for 60 ticks after it joins or
    /// respawns only minecraft:fall and the damage that bypasses invulnerability hurt it.
    std::int32_t spawn_invulnerable_time = 60;
    /// @brief Vanilla's remainingFireTicks (Fire): burning while above 0.
    std::int32_t fire_ticks = -20;
    /// @brief Vanilla's airSupply (Air): 300 out of water.
    std::int32_t air_supply = 300;
    /// @brief Vanilla's attackStrengthTicker: ticks since it last attacked (the attack cooldown);
    /// reset when the main hand changes to another item.
    std::int32_t attack_strength_ticker = 0;
    /// @brief Vanilla's lastItemInMainHand: what the main hand held at the last tick.
    ItemStack last_main_hand;
    /// @brief Its feet at the start of the tick (vanilla's walkDistO: the sweep asks how far it
    /// walked since).
    Vec3 tick_start_pos;
    /// @brief Vanilla's isShiftKeyDown (Player Command 0/1): sneaking, unless flying.
    bool shift_key_down = false;
    /// @brief Vanilla's isSprinting (Player Command 3/4); an attack with sprint knockback ends it.
    bool sprinting = false;
    /// @brief Vanilla's Abilities.flying (Player Abilities from the client; only creative and
    /// spectator players may fly).
    bool flying = false;
    /// @brief Vanilla's getMaxAirSupply.
    static constexpr std::int32_t max_air_supply = 300;
    /// @brief Vanilla's Player.getFireImmuneTicks: out of fire the fire ticks rest at minus this.
    static constexpr std::int32_t fire_immune_ticks = 20;
    /// @brief Vanilla's hurtMarked: its motion changed by a hit (knockback); the server sends the
    /// motion to its client and clears it.
    bool hurt_marked = false;

    /// @brief Its fall distance when it was last hurt (vanilla's CombatEntry.fallDistance: a fatal
    /// fall of more than 5 blocks "fell from a high place").
    float last_fall_distance = 0;

    /// @brief The world it is in (set by PlayerEntityKind::spawn).
    World* world = nullptr;

    // Player
    std::string_view name() const override { return profile_name; }
    GameMode game_mode() const override { return game_type; }
    // LivingEntity
    float health() const override { return health_; }
    float max_health() const override { return 20.0f; }
    void set_health(float health) override;
    bool hurt(const ResourceLocation& damage_type, float amount, const Entity* attacker) override;
    std::optional<HurtRecord> last_hurt() const override { return last_hurt_; }
    std::optional<HurtRecord> last_hurt_by_mob() const override { return last_hurt_by_mob_; }
    std::optional<HurtRecord> last_hurt_by_player() const override;
    bool is_on_fire() const override { return fire_ticks > 0; }
    /// @brief From the inventory: the selected hotbar slot, the offhand, the armour slots.
    const ItemStack& equipment(EquipmentSlot slot) const override { return inventory.equipment(slot); }
    std::int32_t count_item(const ResourceLocation& item) const override { return inventory.count_item(item); }
    std::int32_t remove_items(const ResourceLocation& item, std::int32_t count) override {
        return inventory.remove_items(item, count);
    }
    ItemStack add_item(ItemStack stack) override;
    void set_item_slot(EquipmentSlot slot, ItemStack stack) override;
    /// @brief Adds to the motion and marks it (hurt_marked) so its client is told.
    void push(const Vec3& delta) override {
        data_.motion = data_.motion + delta;
        hurt_marked = true;
    }
    /// @brief Records the screen in merchant_request; PlayerList opens it.
    bool open_merchant_menu(Merchant& merchant, const Entity& trader, std::string_view title_key) override {
        merchant_request = MerchantRequest{&merchant, trader.ref(), std::string(title_key)};
        return true;
    }
    /// @brief Vanilla's pose CROUCHING (Player.updatePlayerPose): shift down, not flying, not a
    /// spectator, alive. The box and eye height stay those of standing (1.8, 1.62) here.
    bool is_crouching() const noexcept { return shift_key_down && !flying && !is_spectator() && is_alive(); }
    /// @brief Vanilla's LivingEntity.getVisibilityPercent for a player: 0.8 while its shift key is
    /// down (isDiscrete), else 1; mobs' detection ranges scale by it.
    double visibility_percent(const Entity* looker) const override {
        (void)looker;
        return shift_key_down ? 0.8 : 1.0;
    }
    // Entity
    /// @brief Vanilla's LivingEntity.isAlive: not removed and health above 0.
    bool is_alive() const override { return !data_.removed && health_ > 0.0f; }
    /// @brief Invulnerable (the NBT flag) or creative or spectator (vanilla's Abilities.invulnerable).
    bool is_invulnerable() const override { return data_.invulnerable || has_invulnerable_ability(); }

    /// @brief True when damage of `damage_type` cannot hurt it (vanilla's Player.isInvulnerableTo):
    /// the invulnerable flag or ability, except for minecraft:out_of_world and generic_kill.
    bool is_invulnerable_to(const ResourceLocation& damage_type) const;
    /// @brief Changes the game mode as vanilla's setGameMode: the old one becomes the previous one.
    /// False when it already was `mode`.
    bool set_game_mode(GameMode mode) noexcept {
        if (mode == game_type) return false;
        previous_game_mode = game_type;
        game_type = mode;
        // GameType.updatePlayerAbilities: a spectator flies, survival and adventure cannot.
        if (mode == GameMode::Spectator) flying = true;
        else if (mode != GameMode::Creative) flying = false;
        return true;
    }
    /// @brief Vanilla's ServerPlayer.doCheckFallDamage for one move of its client (`dy` the change
    /// of y, `on_ground` what the client says): falling adds to fall_distance, touching water ends
    /// the fall, landing deals ceil(fall_distance − 3) minecraft:fall damage (none for creative and
    /// spectator players).
    void check_fall_damage(double dy, bool on_ground);
    /// @brief What vanilla's respawn gives the new player: full health and air, no fire, fall,
    /// hurt records or timers, 60 ticks of spawn invulnerability.
    void reset_for_respawn();
    /// @brief Sets the last damage records (NBT loading, tests).
    void set_last_hurt(std::optional<HurtRecord> hurt, std::optional<HurtRecord> by_mob,
                       std::optional<HurtRecord> by_player) {
        last_hurt_ = std::move(hurt);
        last_hurt_by_mob_ = std::move(by_mob);
        last_hurt_by_player_ = std::move(by_player);
    }

private:
    float health_ = 20.0f;
    float last_hurt_amount_ = 0;  // vanilla's lastHurt: the hit the cooldown compares against
    std::optional<HurtRecord> last_hurt_;
    std::optional<HurtRecord> last_hurt_by_mob_;
    std::optional<HurtRecord> last_hurt_by_player_;
};

/// @brief Vanilla's Player.hurt scaling of damage that scales with difficulty (a mob's hit on a
/// player): none on peaceful, min(d/2 + 1, d) on easy, d on normal, 1.5·d on hard.
float scale_damage_for_difficulty(Difficulty difficulty, float amount) noexcept;

/// @brief Writes a player as vanilla's playerdata (1.20.4) without DataVersion: the entity fields,
/// playerGameType, previousPlayerGameType, Dimension, Inventory, SelectedItemSlot, and Health, foodLevel, Inventory…
/// with vanilla's defaults unless the file it came from had them (extra_nbt is written back as read).
nbt::Compound save_player_nbt(const PlayerEntity& player);

/// @brief Applies playerdata (or `data merge`) NBT: Pos, Rotation, Motion, OnGround…, the game
/// modes, the inventory; every other tag is kept in extra_nbt. Returns warnings for the fields it skipped.
std::vector<std::string> load_player_nbt(World& world, PlayerEntity& player, const nbt::Compound& tag);

/// @brief The kind of minecraft:player. Players are added by PlayerList through spawn(), never
/// from NBT (`summon minecraft:player` fails, as in vanilla), never saved with a chunk; their
/// client moves them. It keeps the list of players Level::players() answers.
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
    /// @brief Vanilla's per-tick player step (ServerPlayer.tick and doTick's base tick; its client
    /// moves it): the timers (hurt, invulnerability, spawn invulnerability, attack strength, death),
    /// water, lava (4 damage, on fire 15 s), burning (1 every 20 ticks), fire blocks (1, soul fire
    /// 2), the void (4), air and drowning (2 at -20). Nothing else for a dead player but its death
    /// time. Players are in the world's tick only while they are in the game.
    void tick(World& world, Entity& entity) override;
    /// @brief Vanilla's LivingEntity.kill: minecraft:generic_kill damage of Float.MAX_VALUE, which
    /// no invulnerability stops.
    void kill(World& world, Entity& entity) override;
    bool saved_in_chunks() const noexcept override { return false; }

    /// @brief Adds a player's entity named `name` with `uuid` at `pos`. Throws std::logic_error
    /// without a minecraft:player type, std::invalid_argument when the UUID is taken.
    PlayerEntity& spawn(World& world, Uuid uuid, std::string name, const Vec3& pos);
    /// @brief The player in a slot, or nullptr.
    using EntityKindFor::get;
    /// @brief The players in the world, in the order they joined (removed ones leave at once).
    std::span<Player* const> players() const noexcept { return players_; }
    /// @brief Takes a player out of players() (the world calls it when it removes or erases one).
    void forget(const Entity& player) noexcept { std::erase(players_, static_cast<const Player*>(&as(player))); }

private:
    std::vector<Player*> players_;
    bool fire_blocks_resolved_ = false;  // minecraft:fire and soul_fire, looked up on the first tick
    std::optional<Handle<BlockInfo>> fire_, soul_fire_;
};

}  // namespace mobsdk::server
