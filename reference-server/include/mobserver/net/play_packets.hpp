// Clientbound play packets of protocol 765 that this server sends to players, as packet bodies
// (id first): joining (Login, abilities, position, tab list, spawn, time, difficulty), the chunk
// view (centre, batches, unload), block changes, chat, keep-alive and health.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mobsdk/world/level.hpp"
#include "mobsdk/world/types.hpp"
#include "mobserver/net/game_packets.hpp"
#include "mobserver/world/chunk.hpp"
#include "mobserver/world/game_mode.hpp"

namespace mobsdk::server {

/// @brief A game mode from its name or id as `default-gamemode` accepts it ("survival", "1"…).
std::optional<GameMode> parse_game_mode(std::string_view text) noexcept;

/// @brief Vanilla's lower-case name of a game mode.
std::string_view game_mode_name(GameMode mode) noexcept;

/// @brief The fields of Login (play) this server varies.
struct LoginPlayInfo {
    std::int32_t entity_id = 0;             ///< the player's entity id
    std::int32_t max_players = 20;          ///< `max-players` (unused by clients)
    std::int32_t view_distance = 10;        ///< `view-distance`
    std::int32_t simulation_distance = 10;  ///< `simulation-distance`
    std::int64_t hashed_seed = 0;           ///< first 8 bytes of SHA-256 of the seed (biome noise); 0 is fine
    GameMode game_mode = GameMode::Survival;
    bool flat = true;  ///< superflat (changes the horizon)
};

/// @brief Play 0x29 Login: the overworld only (dimension type and name minecraft:overworld).
std::string encode_login_play(const LoginPlayInfo& info);
/// @brief Play 0x0B Change Difficulty (not locked).
std::string encode_difficulty(Difficulty difficulty);
/// @brief Play 0x36 Player Abilities for a game mode (vanilla's flags; flying speed 0.05, walk 0.1).
std::string encode_abilities(GameMode mode);
/// @brief Play 0x3E Synchronize Player Position (absolute) with teleport id `id`.
std::string encode_sync_position(double x, double y, double z, float yaw, float pitch, std::int32_t id);

/// @brief One tab-list entry.
struct PlayerInfoEntry {
    Uuid uuid;                                ///< the player's UUID
    std::string name;                         ///< the player's name
    GameMode game_mode = GameMode::Survival;  ///< its game mode (the client reads spectator from here)
};
/// @brief Play 0x3C Player Info Update with add_player, update_game_mode and update_listed.
std::string encode_player_info_add(const std::vector<PlayerInfoEntry>& entries);
/// @brief Play 0x3C Player Info Update with update_game_mode only (a player's game mode changed).
std::string encode_player_info_game_mode(Uuid uuid, GameMode mode);
/// @brief Play 0x3B Player Info Remove.
std::string encode_player_info_remove(const std::vector<Uuid>& uuids);
/// @brief Play 0x54 Set Default Spawn Position.
std::string encode_spawn_position(BlockPos pos, float angle);
/// @brief Play 0x62 Update Time: world age and time of day (negative stops the client's clock).
std::string encode_update_time(std::int64_t game_time, std::int64_t day_time);
/// @brief Play 0x52 Set Center Chunk.
std::string encode_center_chunk(ChunkPos pos);
/// @brief Play 0x20 Game Event (13: start waiting for level chunks).
std::string encode_game_event(std::uint8_t event, float value);
/// @brief Play 0x0D Chunk Batch Start.
std::string encode_chunk_batch_start();
/// @brief Play 0x0C Chunk Batch Finished with the number of chunks in the batch.
std::string encode_chunk_batch_finished(std::int32_t size);
/// @brief Play 0x1F Unload Chunk.
std::string encode_unload_chunk(ChunkPos pos);
/// @brief Play 0x09 Block Update: `state` is the global id.
std::string encode_block_update(BlockPos pos, std::uint32_t state);
/// @brief Play 0x47 Update Section Blocks: a section (chunk x, section y, chunk z) and its changed
/// blocks as (x<<8 | z<<4 | y local position, global id) pairs.
std::string encode_section_blocks_update(std::int32_t cx, std::int32_t sy, std::int32_t cz,
                                         const std::vector<std::pair<std::uint16_t, std::uint32_t>>& changes);
/// @brief Play 0x69 System Chat Message: `text` as a text component, with an optional colour,
/// italic when asked (vanilla's whispers and operator broadcasts are grey italic).
std::string encode_system_chat(std::string_view text, std::string_view color = {}, bool italic = false);
/// @brief Play 0x24 Keep Alive.
std::string encode_keep_alive(std::int64_t id);
/// @brief Play 0x5B Set Health (health, food, saturation).
std::string encode_set_health(float health, std::int32_t food, float saturation);

class PacketWriter;
/// @brief Writes a Slot (1.20.4) with its NBT: present flag, item id, count byte, the tag (or TAG_End).
void write_slot(PacketWriter& w, const NetworkSlot& slot);
/// @brief Play 0x13 Set Container Content: every slot of window `window` and the carried stack.
std::string encode_container_content(std::int32_t window, std::int32_t state_id, std::span<const NetworkSlot> slots,
                                     const NetworkSlot& carried);
/// @brief Play 0x15 Set Container Slot (window -1 and slot -1: the carried stack).
std::string encode_container_slot(std::int32_t window, std::int32_t state_id, std::int32_t slot,
                                  const NetworkSlot& item);
/// @brief Play 0x51 Set Held Item: the selected hotbar slot (0–8).
std::string encode_set_carried_item(std::int32_t slot);
/// @brief Play 0x12 Close Container: the server closed window `window`.
std::string encode_close_container(std::int32_t window);
/// @brief The menu type minecraft:merchant's network id in 1.20.4's minecraft:menu registry.
inline constexpr std::int32_t merchant_menu_type = 19;
/// @brief Play 0x31 Open Screen: window `window` of menu type `menu_type`, titled with the
/// translation key `title_key` ({"translate": key} as NBT).
std::string encode_open_screen(std::int32_t window, std::int32_t menu_type, std::string_view title_key);
/// @brief One offer of Merchant Offers as a client reads it (1.20.4's MerchantOffer.writeToStream).
struct NetworkMerchantOffer {
    NetworkSlot cost_a;              ///< the base price (the client applies demand and special price)
    NetworkSlot result;              ///< what it sells
    NetworkSlot cost_b;              ///< the second price (empty: none)
    bool out_of_stock = false;       ///< uses ≥ max uses
    std::int32_t uses = 0;           ///< uses
    std::int32_t max_uses = 0;       ///< maxUses
    std::int32_t xp = 0;             ///< the villager's experience per trade
    std::int32_t special_price = 0;  ///< specialPrice
    float price_multiplier = 0;      ///< priceMultiplier
    std::int32_t demand = 0;         ///< demand
};
/// @brief Play 0x2B Merchant Offers: window `window`'s offers, the villager's level and experience,
/// whether the screen shows them (regular villager) and whether it restocks.
std::string encode_merchant_offers(std::int32_t window, std::span<const NetworkMerchantOffer> offers,
                                   std::int32_t level, std::int32_t xp, bool regular_villager, bool can_restock);
// ---- Survival (health, death, respawn, attacks) ----

/// @brief The fields of Respawn this server varies (the dimension is the overworld).
struct RespawnInfo {
    std::int64_t hashed_seed = 0;                ///< obfuscate_seed(world seed), as in Login
    GameMode game_mode = GameMode::Survival;     ///< the player's game mode
    std::optional<GameMode> previous_game_mode;  ///< none: -1
    bool flat = true;                            ///< superflat (changes the horizon)
    std::optional<BlockPos> death_location;      ///< where it last died (in the overworld)
    std::uint8_t data_kept = 0;                  ///< 0 after a death: nothing kept
};
/// @brief Play 0x45 Respawn (1.20.4): dimension type and name, hashed seed, game modes, debug,
/// flat, last death location, portal cooldown 0, then the data-kept flags.
std::string encode_respawn(const RespawnInfo& info);
/// @brief Play 0x3A Combat Death: the player's entity id and the death message (plain text).
std::string encode_combat_death(std::int32_t player_id, std::string_view message);
/// @brief Play 0x03 Entity Animation (0: swing main arm, 3: swing off hand, 4: critical hit).
std::string encode_entity_animation(std::int32_t id, std::uint8_t animation);

}  // namespace mobsdk::server
