// Players as a kind of entity: added at login, saved as vanilla's playerdata, never ticked by the
// world nor stored in a chunk.
#include "mobserver/world/kinds/player_kind.hpp"

#include <memory>
#include <stdexcept>
#include <string_view>

#include "mobserver/world/entity_nbt.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

// Keys save_player_nbt writes itself besides the entity fields (DataVersion is the file's).
constexpr std::string_view player_keys[] = {
    "playerGameType", "previousPlayerGameType", "Dimension", "abilities", "DataVersion",
    "Inventory",      "SelectedItemSlot"};

std::optional<GameMode> game_mode_from_id(std::int32_t id) noexcept {
    if (id < 0 || id > 3) return std::nullopt;
    return static_cast<GameMode>(id);
}

}  // namespace

nbt::Compound save_player_nbt(const PlayerEntity& player) {
    nbt::Compound c = player.extra_nbt;
    save_entity_nbt(player.data(), c);
    c.put("playerGameType", static_cast<std::int32_t>(player.game_mode));
    c.put("previousPlayerGameType",
          player.previous_game_mode ? static_cast<std::int32_t>(*player.previous_game_mode) : std::int32_t{-1});
    c.put("Dimension", std::string("minecraft:overworld"));
    c.put("Inventory", nbt::Tag(player.inventory.save()));
    c.put("SelectedItemSlot", nbt::Tag(player.inventory.selected()));
    // Vanilla's Abilities.addSaveData for the game mode (GameType.updatePlayerAbilities).
    const bool creative = player.game_mode == GameMode::Creative;
    const bool spectator = player.game_mode == GameMode::Spectator;
    c.put("abilities", nbt::Compound{{"invulnerable", nbt::Tag(creative || spectator)},
                                     {"flying", nbt::Tag(spectator)},
                                     {"mayfly", nbt::Tag(creative || spectator)},
                                     {"instabuild", nbt::Tag(creative)},
                                     {"mayBuild", nbt::Tag(player.game_mode != GameMode::Adventure && !spectator)},
                                     {"flySpeed", nbt::Tag(0.05f)},
                                     {"walkSpeed", nbt::Tag(0.1f)}});
    // What a new vanilla player has, for the fields this server does not model yet.
    auto fallback = [&](std::string_view key, nbt::Tag value) {
        if (!c.find(key)) c.put(std::string(key), std::move(value));
    };
    fallback("Health", nbt::Tag(20.0f));
    fallback("foodLevel", nbt::Tag(std::int32_t{20}));
    fallback("foodSaturationLevel", nbt::Tag(5.0f));
    fallback("foodExhaustionLevel", nbt::Tag(0.0f));
    fallback("foodTickTimer", nbt::Tag(std::int32_t{0}));
    fallback("XpLevel", nbt::Tag(std::int32_t{0}));
    fallback("XpP", nbt::Tag(0.0f));
    fallback("XpTotal", nbt::Tag(std::int32_t{0}));
    fallback("Score", nbt::Tag(std::int32_t{0}));
    fallback("EnderItems", nbt::Tag(nbt::List(nbt::TagType::Compound)));
    fallback("Air", nbt::Tag(static_cast<std::int16_t>(300)));
    fallback("Fire", nbt::Tag(static_cast<std::int16_t>(-20)));
    fallback("HurtTime", nbt::Tag(static_cast<std::int16_t>(0)));
    fallback("DeathTime", nbt::Tag(static_cast<std::int16_t>(0)));
    fallback("SleepTimer", nbt::Tag(static_cast<std::int16_t>(0)));
    fallback("PortalCooldown", nbt::Tag(std::int32_t{0}));
    return c;
}

std::vector<std::string> load_player_nbt(World& world, PlayerEntity& player, const nbt::Compound& tag) {
    std::vector<std::string> warnings;
    load_entity_nbt(world, player.data(), tag, warnings);
    auto mode_field = [&](std::string_view key, auto&& apply) {
        const nbt::Tag* t = tag.find(key);
        if (!t) return;
        const auto* v = t->get_if<std::int32_t>();
        if (!v) {
            warnings.push_back(std::string(key) + ": expected an int");
            return;
        }
        apply(*v);
    };
    mode_field("playerGameType", [&](std::int32_t id) {
        if (auto m = game_mode_from_id(id)) player.game_mode = *m;
        else warnings.push_back("playerGameType: " + std::to_string(id) + " is not a game mode");
    });
    mode_field("previousPlayerGameType", [&](std::int32_t id) { player.previous_game_mode = game_mode_from_id(id); });
    if (const nbt::Tag* t = tag.find("Dimension");
        t && t->get_if<std::string>() && *t->get_if<std::string>() != "minecraft:overworld")
        warnings.push_back("Dimension: " + *t->get_if<std::string>() +
                           " is not served here; the player is put at its position in the overworld");
    if (const nbt::Tag* t = tag.find("Inventory")) {
        if (const auto* list = t->get_if<nbt::List>()) player.inventory.load(*list, warnings);
        else warnings.push_back("Inventory: expected a list");
    }
    mode_field("SelectedItemSlot", [&](std::int32_t slot) {
        if (!player.inventory.select(slot))
            warnings.push_back("SelectedItemSlot: " + std::to_string(slot) + " is not 0–8");
    });
    keep_unknown_fields(tag, player_keys, player.extra_nbt);
    return warnings;
}

Result<Entity*, std::string> PlayerEntityKind::create(World&, Handle<EntityTypeInfo>, const Vec3&, Uuid,
                                                      const nbt::Compound&, std::vector<std::string>&) {
    return unexpected(std::string("minecraft:player: players join the game, they cannot be summoned or loaded"));
}

nbt::Compound PlayerEntityKind::save(const World&, const Entity& entity) const { return save_player_nbt(as(entity)); }

std::vector<std::string> PlayerEntityKind::load(World& world, Entity& entity, const nbt::Compound& tag) {
    return load_player_nbt(world, as(entity), tag);
}

PlayerEntity& PlayerEntityKind::spawn(World& world, Uuid uuid, std::string name, const Vec3& pos) {
    if (!type_) throw std::logic_error("PlayerEntityKind::spawn: minecraft:player is not registered");
    if (uuid.is_nil() || world.find(uuid))
        throw std::invalid_argument("PlayerEntityKind::spawn: UUID " + uuid.str() + " is nil or taken");
    auto e = std::make_unique<PlayerEntity>();
    e->data().uuid = world.claim_uuid(uuid);
    e->data().type = *type_;
    e->data().info = &world.registries().entity_types[*type_];
    e->data().pos = pos;
    e->data().no_ai = true;
    e->name = std::move(name);
    return world.add_entity(std::move(e), *this);
}

}  // namespace mobsdk::server
