// The serverbound packets of protocol 765's login, configuration and play states as typed values:
// one decoder per state that checks the id is allowed in that state, reads every field with
// vanilla's limits and refuses trailing bytes. Packets this server does not act on yet are
// recognised (Ignored) so that a real client is not disconnected for sending them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "mobsdk/nbt/tag.hpp"

#include "mobsdk/core/result.hpp"
#include "mobsdk/world/interaction.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk::server {

/// @brief The connection states after the handshake.
enum class GameState { Login, Configuration, Play };

/// @brief The state's name for messages ("login", "configuration", "play").
std::string_view game_state_name(GameState state) noexcept;

/// @brief Login 0x00 Login Start: the name (at most 16 characters) and the client's UUID.
struct LoginStart {
    std::string name;  ///< as sent; checked by valid_player_name afterwards
    Uuid uuid;         ///< the client's idea of its UUID (ignored in offline mode, as vanilla)
};
/// @brief Login 0x03 Login Acknowledged: the client enters configuration.
struct LoginAcknowledged {};
/// @brief Configuration/play Client Information.
struct ClientInformation {
    std::string locale;              ///< e.g. en_us (at most 16 characters)
    std::int32_t view_distance = 0;  ///< the client's render distance
};
/// @brief Configuration 0x02 Finish Configuration acknowledged: the client enters play.
struct FinishConfiguration {};
/// @brief Keep Alive answer (configuration 0x03, play 0x15).
struct KeepAliveResponse {
    std::int64_t id = 0;  ///< the id the server sent
};
/// @brief Play 0x00 Confirm Teleportation.
struct ConfirmTeleport {
    std::int32_t id = 0;  ///< the id of Synchronize Player Position
};
/// @brief Play 0x05 Chat Message (unsigned use: the text only).
struct ChatMessage {
    std::string text;  ///< at most 256 characters
};
/// @brief Play 0x04 Chat Command (without the slash).
struct ChatCommand {
    std::string command;  ///< at most 256 characters, without the slash
};
/// @brief Play 0x07 Chunk Batch Received: how many chunks per tick the client wants.
struct ChunkBatchReceived {
    float chunks_per_tick = 0;  ///< may be NaN (vanilla then uses 0.01)
};
/// @brief Play 0x17–0x1A: Set Player Position / Position and Rotation / Rotation / On Ground.
struct MovePlayer {
    bool has_pos = false;  ///< x, y, z are set
    bool has_rot = false;  ///< yaw, pitch are set
    double x = 0, y = 0, z = 0;
    float yaw = 0, pitch = 0;
    bool on_ground = false;
};
/// @brief A hand (vanilla's InteractionHand): the SDK's, ids 0 (main) and 1 (off).
using mobsdk::InteractionHand;
/// @brief Play 0x13 Interact: a player uses (0), attacks (1) or uses at a point of (2) an entity.
struct InteractEntity {
    /// @brief What the player does (vanilla's ServerboundInteractPacket.ActionType).
    enum class Action : std::uint8_t { Interact = 0, Attack = 1, InteractAt = 2 };
    std::int32_t entity_id = 0;                        ///< the target's network id
    Action action = Action::Interact;                  ///< interact, attack or interact at
    float x = 0, y = 0, z = 0;                         ///< InteractAt: the point, relative to the target's feet
    InteractionHand hand = InteractionHand::MainHand;  ///< Interact and InteractAt: the hand used
    bool sneaking = false;                             ///< the player sneaks (secondary action)
};
/// @brief Play 0x08 Client Command: 0 perform respawn, 1 request statistics.
struct ClientCommand {
    std::int32_t action = 0;  ///< 0: respawn, 1: statistics
};
/// @brief Play 0x33 Swing Arm.
struct SwingArm {
    InteractionHand hand = InteractionHand::MainHand;  ///< the hand swung
};
/// @brief A packet of the state that this server reads but does not act on yet.
struct Ignored {
    std::int32_t id = 0;  ///< its packet id
};

/// @brief A Slot as a client sends it (1.20.4): item registry id, count and optional `tag`. A
/// count ≤ 0 (vanilla reads a signed byte) is the empty stack.
struct NetworkSlot {
    std::int32_t id = 0;               ///< registry id (minecraft:item)
    std::int32_t count = 0;            ///< -128–127; ≤ 0 (or not present): empty
    std::optional<nbt::Compound> tag;  ///< the stack's NBT (at most 2 MiB as vanilla's readNbt counts it)
};
/// @brief Play 0x0D Click Container.
struct ClickContainer {
    std::int32_t window_id = 0;                                 ///< unsigned byte
    std::int32_t state_id = 0;                                  ///< the menu state the client had
    std::int32_t slot = 0;                                      ///< short: a slot, -999 outside, -1
    std::int32_t button = 0;                                    ///< signed byte
    std::int32_t mode = 0;                                      ///< vanilla's ClickType (0–6; others are refused)
    std::vector<std::pair<std::int32_t, NetworkSlot>> changed;  ///< the client's view after the click (≤ 128)
    NetworkSlot carried;                                        ///< what the client carries after it
};
/// @brief Play 0x0E Close Container.
struct CloseContainer {
    std::int32_t window_id = 0;  ///< unsigned byte
};
/// @brief Play 0x2C Set Held Item (the selected hotbar slot).
struct SetHeldItem {
    std::int32_t slot = 0;  ///< a short, as sent (vanilla ignores anything but 0–8)
};
/// @brief Play 0x22 Player Command (vanilla's ServerboundPlayerCommandPacket).
struct PlayerCommand {
    /// @brief Its action, vanilla's order.
    enum class Action : std::uint8_t {
        PressShiftKey = 0,
        ReleaseShiftKey = 1,
        StopSleeping = 2,
        StartSprinting = 3,
        StopSprinting = 4,
        StartRidingJump = 5,
        StopRidingJump = 6,
        OpenInventory = 7,
        StartFallFlying = 8,
    };
    std::int32_t entity_id = 0;  ///< the player's own network id (vanilla does not check it)
    Action action = Action::PressShiftKey;
    std::int32_t data = 0;  ///< the riding jump's strength, 0–100
};
/// @brief Play 0x20 Player Abilities (serverbound): whether the client flies.
struct PlayerAbilities {
    bool flying = false;  ///< flag 0x02
};
/// @brief Play 0x2F Set Creative Mode Slot.
struct SetCreativeSlot {
    std::int32_t slot = 0;  ///< a short: a menu slot of window 0, or -1 to drop
    NetworkSlot item;       ///< the stack
};
/// @brief Play 0x21 Player Action (vanilla's ServerboundPlayerActionPacket).
struct PlayerAction {
    std::int32_t status = 0;  ///< 0–2 digging, 3 drop the stack, 4 drop one, 5 release use, 6 swap hands
    BlockPos pos;             ///< the block (digging)
    std::int32_t face = 0;    ///< a byte: the block face
    std::int32_t sequence = 0;
};

/// @brief Any serverbound packet after the handshake.
/// @brief Play 0x2A Select Trade: the offer the player picked in the merchant screen.
struct SelectTrade {
    std::int32_t index = 0;  ///< a VarInt offer index (the server ignores one out of range)
};

using ServerboundPacket =
    std::variant<LoginStart, LoginAcknowledged, ClientInformation, FinishConfiguration, KeepAliveResponse,
                 ConfirmTeleport, ChatMessage, ChatCommand, ChunkBatchReceived, MovePlayer, Ignored, ClickContainer,
                 CloseContainer, SetHeldItem, SetCreativeSlot, PlayerAction, InteractEntity, ClientCommand, SwingArm,
                 SelectTrade, PlayerCommand, PlayerAbilities>;

/// @brief Decodes one packet body (id first) received in `state`. An id unknown or not allowed in
/// the state, a field out of its limits or bytes left over are errors naming the packet.
Result<ServerboundPacket, std::string> decode_serverbound(GameState state, std::string_view body);

/// @brief What makes a Move Player packet invalid, or empty when nothing does: a coordinate or an
/// angle that is not finite (vanilla's ServerGamePacketListenerImpl.containsInvalidValues), or a
/// coordinate beyond vanilla's clamp (±3.0E7 horizontal, ±2.0E7 vertical), which vanilla clamps and
/// this server refuses. The player is then disconnected with "Invalid move player packet received".
std::string_view invalid_move_values(const MovePlayer& move) noexcept;

}  // namespace mobsdk::server
