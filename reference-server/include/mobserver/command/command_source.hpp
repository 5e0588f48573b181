// Who runs a command (the console, an RCON client, a test) and what the commands need from the
// server program (stop, save, seed, the tick manager, plugins, the world).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mobsdk/world/types.hpp"

namespace mobsdk::server {

class World;
class TickManager;
class PlayerAdmin;

/// @brief Vanilla's permission levels: 0 every player, 2 command blocks and most commands, 3 `op`,
/// `kick`, `whitelist`, 4 the console, RCON, `stop` and `save-*` (op-permission-level's default).
inline constexpr std::int32_t kMaxPermissionLevel = 4;

/// @brief How a line that is not command feedback looks in a player's chat.
enum class MessageStyle {
    Plain,    ///< white
    Whisper,  ///< grey italic, as vanilla's `msg` lines
};

/// @brief A rotation as vanilla's command Vec2: x is the pitch (xRot), y the yaw (yRot), degrees.
struct Vec2 {
    float x = 0;  ///< pitch
    float y = 0;  ///< yaw
};

/// @brief Where a command comes from and where its answers go (vanilla's CommandSourceStack).
class CommandSource {
public:
    virtual ~CommandSource() = default;
    /// @brief One line of a successful answer.
    virtual void send_success(std::string_view line) = 0;
    /// @brief One line of a failure (vanilla shows these red).
    virtual void send_failure(std::string_view line) = 0;
    /// @brief The position `~` and `^` are relative to and selectors measure from.
    virtual Vec3 position() const { return {}; }
    /// @brief The rotation `^` coordinates turn with.
    virtual Vec2 rotation() const { return {}; }
    /// @brief The source's name ("Server" for the console, "Rcon" for RCON).
    virtual std::string_view name() const { return "Server"; }
    /// @brief The entity running the command (`@s`); none for the console and RCON.
    virtual std::optional<EntityHandle> entity() const { return std::nullopt; }
    /// @brief Vanilla's permission level, 0–4: a command whose level is higher is unknown to this
    /// source (the console and RCON have 4; a player its ops.json level, else 0).
    virtual std::int32_t permission_level() const { return kMaxPermissionLevel; }
    /// @brief The player running the command (`msg` does not whisper to its sender); none for the
    /// console and RCON.
    virtual std::optional<Uuid> player() const { return std::nullopt; }
    /// @brief A line that is not command feedback (`msg`'s "You whisper to …"): vanilla neither
    /// logs it nor shows it to operators. Default: a success line.
    virtual void send_message(std::string_view line, MessageStyle style = MessageStyle::Plain) {
        (void)style;
        send_success(line);
    }
};

/// @brief A source that keeps every line it receives (RCON answers, tests).
class CollectingSource : public CommandSource {
public:
    /// @brief A source named `name` at `position`.
    explicit CollectingSource(std::string name = "Server", Vec3 position = {})
        : name_(std::move(name)), position_(position) {}
    void send_success(std::string_view line) override {
        lines.emplace_back(line);
        successes.emplace_back(line);
    }
    void send_failure(std::string_view line) override {
        lines.emplace_back(line);
        failures.emplace_back(line);
    }
    Vec3 position() const override { return position_; }
    Vec2 rotation() const override { return rotation_; }
    std::string_view name() const override { return name_; }
    std::optional<EntityHandle> entity() const override { return entity_; }
    std::int32_t permission_level() const override { return level_; }
    std::optional<Uuid> player() const override { return player_; }
    /// @brief Sets the permission level (4 unless set).
    void set_permission_level(std::int32_t level) noexcept { level_ = level; }
    /// @brief Makes the source a player (for `msg`).
    void set_player(std::optional<Uuid> uuid) noexcept { player_ = uuid; }
    /// @brief Moves the source.
    void set_position(Vec3 p) noexcept { position_ = p; }
    /// @brief Turns the source.
    void set_rotation(Vec2 r) noexcept { rotation_ = r; }
    /// @brief Makes the source an entity (for `@s`).
    void set_entity(std::optional<EntityHandle> e) noexcept { entity_ = e; }
    /// @brief Forgets the lines received.
    void clear() {
        lines.clear();
        successes.clear();
        failures.clear();
    }
    /// @brief Every line joined with '\n' (what RCON sends back).
    std::string text() const {
        std::string out;
        for (const auto& l : lines) {
            if (!out.empty()) out += '\n';
            out += l;
        }
        return out;
    }

    std::vector<std::string> lines;      ///< every line, in order
    std::vector<std::string> successes;  ///< success lines
    std::vector<std::string> failures;   ///< failure lines

private:
    std::string name_;
    Vec3 position_;
    Vec2 rotation_;
    std::optional<EntityHandle> entity_;
    std::int32_t level_ = kMaxPermissionLevel;
    std::optional<Uuid> player_;
};

/// @brief A loaded plugin as `plugins` lists it.
struct PluginSummary {
    std::string id;       ///< e.g. "example"
    std::string name;     ///< display name
    std::string version;  ///< e.g. "1.0.0"
};

/// @brief What the commands need from the server program; the program implements it (tests use
/// a small fake). Every call happens on the world strand.
class ServerControl {
public:
    virtual ~ServerControl() = default;
    /// @brief Asks the server to stop after the current tick (`stop`).
    virtual void request_stop() = 0;
    /// @brief Saves everything (`save-all`); `flush` waits for the disk. Empty on success, else why not.
    virtual std::string save_all(bool flush) = 0;
    /// @brief True while automatic saving is on.
    virtual bool saving_enabled() const = 0;
    /// @brief Turns automatic saving on or off (`save-on`, `save-off`).
    virtual void set_saving_enabled(bool enabled) = 0;
    /// @brief The world seed (`seed`).
    virtual std::int64_t seed() const = 0;
    /// @brief The tick rate manager (`tick`).
    virtual TickManager& tick_manager() = 0;
    /// @brief The loaded plugins (`plugins`).
    virtual std::vector<PluginSummary> plugins() const = 0;
    /// @brief server.properties' max-players (`list`).
    virtual int max_players() const = 0;
    /// @brief The names of the players in the game, in the order they joined (`list`).
    virtual std::vector<std::string> player_names() const { return {}; }
    /// @brief The world the commands act on.
    virtual World& world() = 0;
    /// @brief The players, their ops and the whitelist (`say`, `msg`, `kick`, `op`, `whitelist`…);
    /// null where there are none (those commands are then not registered).
    virtual PlayerAdmin* player_admin() { return nullptr; }
};

}  // namespace mobsdk::server
