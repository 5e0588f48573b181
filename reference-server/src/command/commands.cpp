// The command set. Every command parses completely before it runs (the dispatcher's rule) and
// checks everything it can before it changes the world, so a wrong command changes nothing.
#include "mobserver/command/commands.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <type_traits>
#include <vector>

#include "mobsdk/nbt/path.hpp"
#include "mobsdk/nbt/snbt.hpp"
#include "mobserver/command/arguments.hpp"
#include "mobserver/command/player_admin.hpp"
#include "mobserver/command/selector.hpp"
#include "mobserver/net/play_packets.hpp"
#include "mobserver/server/tick_manager.hpp"
#include "mobserver/world/item_traits.hpp"
#include "mobserver/world/kinds/item_entity_kind.hpp"
#include "mobserver/world/world.hpp"

namespace mobsdk::server {

namespace {

using Ctx = CommandContext;
using R = CommandResultValue;

R fail(std::string message) { return unexpected(CommandError::plain(std::move(message))); }

std::string fmt1(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

std::string chunk_text(ChunkPos p) { return "[" + std::to_string(p.x) + ", " + std::to_string(p.z) + "]"; }

const char* difficulty_name(mobsdk::Difficulty d) {
    switch (d) {
        case mobsdk::Difficulty::Peaceful: return "Peaceful";
        case mobsdk::Difficulty::Easy: return "Easy";
        case mobsdk::Difficulty::Normal: return "Normal";
        case mobsdk::Difficulty::Hard: return "Hard";
    }
    return "Normal";
}

// Level.isInSpawnableBounds for summon and teleport.
bool in_spawnable_bounds(BlockPos p) {
    return p.x >= -30000000 && p.z >= -30000000 && p.x < 30000000 && p.z < 30000000 && p.y >= -20000000 &&
           p.y < 20000000;
}

// BlockPosArgument.getLoadedBlockPos.
Result<BlockPos, CommandError> loaded_block_pos(World& world, BlockPos p) {
    if (!world.is_loaded(ChunkPos::of(p))) return unexpected(CommandError::plain("That position is not loaded"));
    if (p.y < world.min_build_height() || p.y >= world.max_build_height())
        return unexpected(CommandError::plain("That position is out of this world!"));
    return p;
}

std::string name_of(World& world, EntityHandle h) {
    const EntitySlot* slot = world.entities().slot(h);
    return slot ? display_name(world, *slot->data) : std::string("?");
}

void append_pretty(std::string& out, const nbt::Tag& tag) {
    using namespace nbt;
    if (const Compound* c = tag.get_if<Compound>()) {
        std::vector<const Compound::Entry*> entries;
        for (const auto& e : *c) entries.push_back(&e);
        std::sort(entries.begin(), entries.end(), [](auto* a, auto* b) { return a->name < b->name; });
        out += '{';
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (i) out += ", ";
            out += is_bare_snbt_key(entries[i]->name) ? entries[i]->name : quote_snbt_string(entries[i]->name);
            out += ": ";
            append_pretty(out, entries[i]->value);
        }
        out += '}';
    } else if (const List* l = tag.get_if<List>()) {
        out += '[';
        for (std::size_t i = 0; i < l->size(); ++i) {
            if (i) out += ", ";
            append_pretty(out, (*l)[i]);
        }
        out += ']';
    } else if (const ByteArray* b = tag.get_if<ByteArray>()) {
        out += "[B; ";
        for (std::size_t i = 0; i < b->size(); ++i) out += (i ? ", " : "") + std::to_string((*b)[i]) + "B";
        out += ']';
    } else if (const IntArray* a = tag.get_if<IntArray>()) {
        out += "[I; ";
        for (std::size_t i = 0; i < a->size(); ++i) out += (i ? ", " : "") + std::to_string((*a)[i]);
        out += ']';
    } else if (const LongArray* la = tag.get_if<LongArray>()) {
        out += "[L; ";
        for (std::size_t i = 0; i < la->size(); ++i) out += (i ? ", " : "") + std::to_string((*la)[i]) + "L";
        out += ']';
    } else {
        append_snbt(out, tag);
    }
}

// CompoundTag.merge: compounds merge key by key, anything else replaces.
void merge_into(nbt::Compound& target, const nbt::Compound& patch) {
    for (const auto& e : patch) {
        const nbt::Compound* pc = e.value.get_if<nbt::Compound>();
        nbt::Tag* existing = target.find(e.name);
        if (pc && existing) {
            if (nbt::Compound* tc = existing->get_if<nbt::Compound>()) {
                merge_into(*tc, *pc);
                continue;
            }
        }
        target.put(e.name, e.value);
    }
}

// ---- server commands --------------------------------------------------------------------------

void register_server(CommandDispatcher& d, ServerControl& server) {
    auto& help = d.root().literal("help");
    help.executes([&d](Ctx& c) -> R {
        auto usages = d.smart_usage(d.root(), c.source());
        std::sort(usages.begin(), usages.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
        for (const auto& u : usages) c.source().send_success("/" + u.second);
        return static_cast<int>(usages.size());
    });
    help.argument("command", greedy_string_arg()).executes([&d](Ctx& c) -> R {
        std::string text;
        const CommandNode* node = d.deepest_node(c.get<std::string>("command"), c.source(), text);
        if (!node) return fail("Unknown command or insufficient permissions");
        auto usages = d.smart_usage(*node, c.source());
        for (const auto& u : usages) c.source().send_success("/" + text + " " + u.second);
        return static_cast<int>(usages.size());
    });

    d.root().literal("list").executes([&server](Ctx& c) -> R {
        const std::vector<std::string> names = server.player_names();
        std::string joined;
        for (const auto& n : names) joined += (joined.empty() ? "" : ", ") + n;
        c.source().send_success("There are " + std::to_string(names.size()) + " of a max of " +
                                std::to_string(server.max_players()) + " players online: " + joined);
        return static_cast<int>(names.size());
    });
    d.root().literal("stop").executes([&server](Ctx& c) -> R {
        c.source().send_success("Stopping the server");
        server.request_stop();
        return 1;
    });
    auto save_all = [&server](Ctx& c, bool flush) -> R {
        c.source().send_success("Saving the game (this may take a moment!)");
        const std::string err = server.save_all(flush);
        if (!err.empty()) return fail("Unable to save the game (is there enough disk space?)");
        c.source().send_success("Saved the game");
        return 1;
    };
    auto& save = d.root().literal("save-all");
    save.executes([save_all](Ctx& c) { return save_all(c, false); });
    save.literal("flush").executes([save_all](Ctx& c) { return save_all(c, true); });
    d.root().literal("save-off").executes([&server](Ctx& c) -> R {
        if (!server.saving_enabled()) return fail("Saving is already turned off");
        server.set_saving_enabled(false);
        c.source().send_success("Automatic saving is now disabled");
        return 1;
    });
    d.root().literal("save-on").executes([&server](Ctx& c) -> R {
        if (server.saving_enabled()) return fail("Saving is already turned on");
        server.set_saving_enabled(true);
        c.source().send_success("Automatic saving is now enabled");
        return 1;
    });
    d.root().literal("seed").executes([&server](Ctx& c) -> R {
        c.source().send_success("Seed: [" + std::to_string(server.seed()) + "]");
        return static_cast<int>(server.seed());
    });
    d.root().literal("plugins").executes([&server](Ctx& c) -> R {
        const auto plugins = server.plugins();
        if (plugins.empty()) {
            c.source().send_success("No plugins are loaded");
            return 0;
        }
        c.source().send_success("Loaded plugins (" + std::to_string(plugins.size()) + "):");
        for (const auto& p : plugins) c.source().send_success("  " + p.id + " " + p.version + " - " + p.name);
        return static_cast<int>(plugins.size());
    });
}

// ---- entity commands --------------------------------------------------------------------------

R summon(ServerControl& server, Ctx& c) {
    World& world = server.world();
    const auto type = c.get<Handle<EntityTypeInfo>>("entity");
    const Vec3 pos = c.has("pos") ? c.get<Coordinates>("pos").position(c.source()) : c.source().position();
    if (!in_spawnable_bounds(pos.block_pos())) return fail("Invalid position for summon");
    nbt::Compound tag = c.has("nbt") ? c.get<nbt::Compound>("nbt") : nbt::Compound{};
    tag.put("id", world.registries().entity_types.id_of(type).str());
    tag.put("Pos", nbt::List({nbt::Tag(pos.x), nbt::Tag(pos.y), nbt::Tag(pos.z)}));
    std::vector<std::string> warnings;
    auto spawned = world.spawn_from_nbt(tag, warnings);
    if (!spawned) {
        if (spawned.error().find("UUID") != std::string::npos)
            return fail("Unable to summon entity due to duplicate UUIDs");
        return fail("Unable to summon entity");
    }
    // Vanilla finalizes a summoned mob (a slime's random size…) only when no NBT was given.
    if (!c.has("nbt"))
        if (ServerMob* mob = world.mob((*spawned)->handle())) world.finalize_spawn(*mob);
    c.source().send_success("Summoned new " + name_of(world, (*spawned)->handle()));
    return 1;
}

R kill(ServerControl& server, Ctx& c, const std::vector<EntityHandle>& targets) {
    World& world = server.world();
    std::vector<std::string> names;
    for (EntityHandle h : targets) names.push_back(name_of(world, h));
    for (EntityHandle h : targets) world.kill(h);
    if (targets.size() == 1) c.source().send_success("Killed " + names.front());
    else c.source().send_success("Killed " + std::to_string(targets.size()) + " entities");
    return static_cast<int>(targets.size());
}

R teleport_to_pos(ServerControl& server, Ctx& c, const std::vector<EntityHandle>& targets, Vec3 pos) {
    World& world = server.world();
    if (!in_spawnable_bounds(pos.block_pos())) return fail("Invalid position for teleport");
    // Deliberate difference: vanilla loads the destination chunk; here it must be loaded, unless
    // only players go there (their chunks follow them).
    const bool players_only = std::all_of(targets.begin(), targets.end(),
                                          [&](EntityHandle h) { return world.player(world.entities().slot(h)); });
    if (!players_only && !world.is_loaded(ChunkPos::of(pos.block_pos()))) return fail("That position is not loaded");
    for (EntityHandle h : targets) world.teleport(h, pos);
    const std::string where = format_java_f(pos.x) + ", " + format_java_f(pos.y) + ", " + format_java_f(pos.z);
    if (targets.size() == 1) c.source().send_success("Teleported " + name_of(world, targets.front()) + " to " + where);
    else c.source().send_success("Teleported " + std::to_string(targets.size()) + " entities to " + where);
    return static_cast<int>(targets.size());
}

R teleport_to_entity(ServerControl& server, Ctx& c, const std::vector<EntityHandle>& targets, EntityHandle dest) {
    World& world = server.world();
    const Vec3 pos = world.entities().slot(dest)->data->pos;
    for (EntityHandle h : targets)
        if (h != dest) world.teleport(h, pos);
    const std::string dname = name_of(world, dest);
    if (targets.size() == 1) c.source().send_success("Teleported " + name_of(world, targets.front()) + " to " + dname);
    else c.source().send_success("Teleported " + std::to_string(targets.size()) + " entities to " + dname);
    return static_cast<int>(targets.size());
}

Result<std::vector<EntityHandle>, CommandError> self_targets(ServerControl& server, Ctx& c) {
    auto self = c.source().entity();
    if (!self || !server.world().entities().slot(*self))
        return unexpected(CommandError::plain("An entity is required to run this command here"));
    return std::vector<EntityHandle>{*self};
}

// ---- gamemode --------------------------------------------------------------------------------

// Vanilla's GameType.getLongDisplayName.
std::string game_mode_long_name(GameMode mode) {
    switch (mode) {
        case GameMode::Survival: return "Survival Mode";
        case GameMode::Creative: return "Creative Mode";
        case GameMode::Adventure: return "Adventure Mode";
        case GameMode::Spectator: return "Spectator Mode";
    }
    return "?";
}

// Vanilla's GameModeCommand.setMode and logGamemodeChange: only players whose game mode changed
// count and are named; a player changed by another source is told ("Your game mode has been
// updated to Creative Mode", vanilla's gameMode.changed, sent while the sendCommandFeedback game
// rule is true: this server has no such rule, so always); its client hears of the mode itself
// from PlayerList at the end of the tick (Game Event 3, abilities, tab list).
R set_game_mode(ServerControl& server, Ctx& c, const std::vector<EntityHandle>& targets, GameMode mode) {
    World& world = server.world();
    int changed = 0;
    const auto self = c.source().entity();
    for (EntityHandle h : targets) {
        PlayerEntity* player = world.player(world.entities().slot(h));
        if (!player || !player->set_game_mode(mode)) continue;
        ++changed;
        if (self && *self == h) {
            c.source().send_success("Set own game mode to " + game_mode_long_name(mode));
            continue;
        }
        if (PlayerAdmin* players = server.player_admin())
            players->send_message(player->data().uuid,
                                  "Your game mode has been updated to " + game_mode_long_name(mode),
                                  MessageStyle::Plain);
        c.source().send_success("Set " + player->profile_name + "'s game mode to " + game_mode_long_name(mode));
    }
    return changed;
}

// Vanilla's EntityArgument.players(): only players, else "No player was found".
Result<std::vector<EntityHandle>, CommandError> player_targets(ServerControl& server, Ctx& c, const char* arg) {
    World& world = server.world();
    if (!arg) {
        auto self = c.source().entity();
        if (!self || !world.player(world.entities().slot(*self)))
            return unexpected(CommandError::plain("A player is required to run this command here"));
        return std::vector<EntityHandle>{*self};
    }
    std::vector<EntityHandle> found = c.get<EntitySelector>(arg).find(world, c.source());
    for (EntityHandle h : found)
        if (!world.player(world.entities().slot(h)))
            return unexpected(CommandError::plain(
                "Only players may be affected by this command, but the provided selector includes entities"));
    if (found.empty()) return unexpected(CommandError::plain("No player was found"));
    return found;
}

void register_gamemode(CommandDispatcher& d, ServerControl& server) {
    const auto& types = server.world().registries().entity_types;
    auto& gm = d.root().literal("gamemode");
    for (const GameMode mode : {GameMode::Survival, GameMode::Creative, GameMode::Adventure, GameMode::Spectator}) {
        auto& node = gm.literal(std::string(game_mode_name(mode)));
        node.executes([&server, mode](Ctx& c) -> R {
            auto t = player_targets(server, c, nullptr);
            if (!t) return unexpected(t.error());
            return set_game_mode(server, c, *t, mode);
        });
        node.argument("target", entity_arg(types, false)).executes([&server, mode](Ctx& c) -> R {
            auto t = player_targets(server, c, "target");
            if (!t) return unexpected(t.error());
            return set_game_mode(server, c, *t, mode);
        });
    }
}

// An item's name in messages, "[Diamond Sword]": vanilla's English name where the words of its id
// are the name (most items); the rest (e.g. "tnt", "Bottle o' Enchanting") read as their id's words.
std::string item_display_name(const ResourceLocation& item) {
    std::string name = "[";
    bool word_start = true;
    for (const char ch : item.path()) {
        if (ch == '_') {
            name += ' ';
            word_start = true;
            continue;
        }
        name += word_start && ch >= 'a' && ch <= 'z' ? static_cast<char>(ch - 'a' + 'A') : ch;
        word_start = false;
    }
    return name + "]";
}

// Vanilla's GiveCommand: stacks of at most the item's stack size into each player's inventory;
// what does not fit is dropped at the player with no pickup delay. At most 100 stacks' worth.
R give(ServerControl& server, Ctx& c, const std::vector<EntityHandle>& targets, const ResourceLocation& item,
       std::int32_t count) {
    World& world = server.world();
    const std::int32_t max_stack = item_max_stack_size(item);
    if (count > max_stack * 100)
        return unexpected(CommandError::plain("Can't give more than " + std::to_string(max_stack * 100) + " of " +
                                              item_display_name(item)));
    std::string only;
    for (EntityHandle h : targets) {
        PlayerEntity* player = world.player(world.entities().slot(h));
        if (!player) continue;
        only = player->profile_name;
        for (std::int32_t left = count; left > 0;) {
            const std::int32_t n = std::min(max_stack, left);
            left -= n;
            TaggedStack stack{ItemStack{item, n}, std::nullopt};
            player->inventory.add(stack, false);
            if (stack.empty()) continue;
            if (ItemEntity* dropped = drop_from_player(world, *player, std::move(stack))) dropped->pickup_delay = 0;
        }
    }
    const std::string what = std::to_string(count) + " " + item_display_name(item);
    if (targets.size() == 1) c.source().send_success("Gave " + what + " to " + only);
    else c.source().send_success("Gave " + what + " to " + std::to_string(targets.size()) + " players");
    return static_cast<std::int32_t>(targets.size());
}

void register_give(CommandDispatcher& d, ServerControl& server) {
    const auto& types = server.world().registries().entity_types;
    auto& item = d.root()
                     .literal("give")
                     .argument("targets", entity_arg(types, false))
                     .argument("item", resource_location_arg());
    auto run = [&server](Ctx& c, std::int32_t count) -> R {
        const auto& id = c.get<ResourceLocation>("item");
        if (!vanilla_item_traits(id)) return unexpected(CommandError::plain("Unknown item '" + id.str() + "'"));
        auto t = player_targets(server, c, "targets");
        if (!t) return unexpected(t.error());
        return give(server, c, *t, id, count);
    };
    item.executes([run](Ctx& c) { return run(c, 1); });
    item.argument("count", integer_arg(1)).executes([run](Ctx& c) { return run(c, c.get<std::int32_t>("count")); });
}

void register_entities(CommandDispatcher& d, ServerControl& server) {
    const auto& types = server.world().registries().entity_types;
    auto& summon_node = d.root().literal("summon");
    auto& entity = summon_node.argument("entity", entity_type_arg(types));
    auto run_summon = [&server](Ctx& c) { return summon(server, c); };
    entity.executes(run_summon);
    auto& pos = entity.argument("pos", vec3_arg());
    pos.executes(run_summon);
    pos.argument("nbt", compound_tag_arg()).executes(run_summon);

    auto& kill_node = d.root().literal("kill");
    kill_node.executes([&server](Ctx& c) -> R {
        auto t = self_targets(server, c);
        if (!t) return unexpected(t.error());
        return kill(server, c, *t);
    });
    kill_node.argument("targets", entity_arg(types, false)).executes([&server](Ctx& c) -> R {
        auto t = select_entities(c.get<EntitySelector>("targets"), server.world(), c.source());
        if (!t) return unexpected(t.error());
        return kill(server, c, *t);
    });

    auto& tp = d.root().literal("teleport");
    tp.argument("location", vec3_arg()).executes([&server](Ctx& c) -> R {
        auto t = self_targets(server, c);
        if (!t) return unexpected(t.error());
        return teleport_to_pos(server, c, *t, c.get<Coordinates>("location").position(c.source()));
    });
    tp.argument("destination", entity_arg(types, true)).executes([&server](Ctx& c) -> R {
        auto t = self_targets(server, c);
        if (!t) return unexpected(t.error());
        auto dest = select_entity(c.get<EntitySelector>("destination"), server.world(), c.source());
        if (!dest) return unexpected(dest.error());
        return teleport_to_entity(server, c, *t, *dest);
    });
    auto& targets = tp.argument("targets", entity_arg(types, false));
    targets.argument("location", vec3_arg()).executes([&server](Ctx& c) -> R {
        auto t = select_entities(c.get<EntitySelector>("targets"), server.world(), c.source());
        if (!t) return unexpected(t.error());
        return teleport_to_pos(server, c, *t, c.get<Coordinates>("location").position(c.source()));
    });
    targets.argument("destination", entity_arg(types, true)).executes([&server](Ctx& c) -> R {
        auto t = select_entities(c.get<EntitySelector>("targets"), server.world(), c.source());
        if (!t) return unexpected(t.error());
        auto dest = select_entity(c.get<EntitySelector>("destination"), server.world(), c.source());
        if (!dest) return unexpected(dest.error());
        return teleport_to_entity(server, c, *t, *dest);
    });
    d.root().literal("tp").redirect(tp);

    auto& data_entity = d.root().literal("data").literal("get").literal("entity");
    auto& get_target = data_entity.argument("target", entity_arg(types, true));
    get_target.executes([&server](Ctx& c) -> R {
        World& world = server.world();
        auto t = select_entity(c.get<EntitySelector>("target"), world, c.source());
        if (!t) return unexpected(t.error());
        const nbt::Compound tag = world.save_entity(*world.entities().slot(*t)->entity);
        c.source().send_success(name_of(world, *t) + " has the following entity data: " + pretty_nbt(nbt::Tag(tag)));
        return 1;
    });
    get_target.argument("path", nbt_path_arg()).executes([&server](Ctx& c) -> R {
        World& world = server.world();
        auto t = select_entity(c.get<EntitySelector>("target"), world, c.source());
        if (!t) return unexpected(t.error());
        const nbt::Tag root(world.save_entity(*world.entities().slot(*t)->entity));
        const auto& path = c.get<nbt::NbtPath>("path");
        auto value = path.get_value(root);
        if (!value) return fail(value.error().message);
        c.source().send_success(name_of(world, *t) + " has the following entity data: " + pretty_nbt(*value));
        int result = 0;
        const auto type = value->type();
        if (type >= nbt::TagType::Byte && type <= nbt::TagType::Double)
            result = static_cast<int>(std::floor(value->numeric<double>()));
        else if (const auto* s = value->get_if<std::string>()) result = static_cast<int>(s->size());
        else if (const auto* l = value->get_if<nbt::List>()) result = static_cast<int>(l->size());
        else if (const auto* cc = value->get_if<nbt::Compound>()) result = static_cast<int>(cc->size());
        return result;
    });
    d.root()
        .literal("data")
        .literal("merge")
        .literal("entity")
        .argument("target", entity_arg(types, true))
        .argument("nbt", compound_tag_arg())
        .executes([&server](Ctx& c) -> R {
            World& world = server.world();
            auto t = select_entity(c.get<EntitySelector>("target"), world, c.source());
            if (!t) return unexpected(t.error());
            Entity& entity = *world.entities().slot(*t)->entity;
            const nbt::Compound old = world.save_entity(entity);
            nbt::Compound merged = old;
            merge_into(merged, c.get<nbt::Compound>("nbt"));
            if (merged == old) return fail("Nothing changed. The specified properties already have these values");
            (void)world.load_entity(entity, merged);
            c.source().send_success("Modified entity data of " + name_of(world, *t));
            return 1;
        });
}

// ---- world commands ---------------------------------------------------------------------------

enum class SetMode { Replace, Keep, Destroy };
enum class FillMode { Replace, Keep, Hollow, Outline, Destroy };

R setblock(ServerControl& server, Ctx& c, SetMode mode) {
    World& world = server.world();
    auto pos = loaded_block_pos(world, c.get<Coordinates>("pos").block_pos(c.source()));
    if (!pos) return unexpected(pos.error());
    const BlockState state = c.get<BlockState>("block");
    if (mode == SetMode::Keep && world.block_state(*pos) != BlockState{0}) return fail("Could not set the block");
    if (!world.set_block(*pos, state)) return fail("Could not set the block");
    c.source().send_success("Changed the block at " + std::to_string(pos->x) + ", " + std::to_string(pos->y) + ", " +
                            std::to_string(pos->z));
    return 1;
}

R fill(ServerControl& server, Ctx& c, FillMode mode) {
    World& world = server.world();
    auto from = loaded_block_pos(world, c.get<Coordinates>("from").block_pos(c.source()));
    if (!from) return unexpected(from.error());
    auto to = loaded_block_pos(world, c.get<Coordinates>("to").block_pos(c.source()));
    if (!to) return unexpected(to.error());
    const BlockPos lo{std::min(from->x, to->x), std::min(from->y, to->y), std::min(from->z, to->z)};
    const BlockPos hi{std::max(from->x, to->x), std::max(from->y, to->y), std::max(from->z, to->z)};
    const std::int64_t volume = (static_cast<std::int64_t>(hi.x) - lo.x + 1) *
                                (static_cast<std::int64_t>(hi.y) - lo.y + 1) *
                                (static_cast<std::int64_t>(hi.z) - lo.z + 1);
    if (volume > fill_block_limit)
        return fail("Too many blocks in the specified area (maximum " + std::to_string(fill_block_limit) +
                    ", specified " + std::to_string(volume) + ")");
    // Every chunk of the box must be loaded before anything changes.
    for (std::int32_t cx = lo.x >> 4; cx <= (hi.x >> 4); ++cx)
        for (std::int32_t cz = lo.z >> 4; cz <= (hi.z >> 4); ++cz)
            if (!world.is_loaded({cx, cz})) return fail("That position is not loaded");
    const BlockState state = c.get<BlockState>("block");
    std::int64_t changed = 0;
    for (std::int32_t x = lo.x; x <= hi.x; ++x)
        for (std::int32_t y = lo.y; y <= hi.y; ++y)
            for (std::int32_t z = lo.z; z <= hi.z; ++z) {
                const BlockPos p{x, y, z};
                const bool border = x == lo.x || x == hi.x || y == lo.y || y == hi.y || z == lo.z || z == hi.z;
                BlockState place = state;
                if (mode == FillMode::Outline && !border) continue;
                if (mode == FillMode::Hollow && !border) place = BlockState{0};
                if (mode == FillMode::Keep && world.block_state(p) != BlockState{0}) continue;
                if (world.set_block(p, place)) ++changed;
            }
    if (changed == 0) return fail("No blocks were filled");
    c.source().send_success("Successfully filled " + std::to_string(changed) + " block(s)");
    return static_cast<int>(changed);
}

void register_world(CommandDispatcher& d, ServerControl& server) {
    const auto& blocks = server.world().registries().blocks;
    auto& block =
        d.root().literal("setblock").argument("pos", block_pos_arg()).argument("block", block_state_arg(blocks));
    block.executes([&server](Ctx& c) { return setblock(server, c, SetMode::Replace); });
    block.literal("replace").executes([&server](Ctx& c) { return setblock(server, c, SetMode::Replace); });
    block.literal("keep").executes([&server](Ctx& c) { return setblock(server, c, SetMode::Keep); });
    block.literal("destroy").executes([&server](Ctx& c) { return setblock(server, c, SetMode::Destroy); });

    auto& fblock = d.root()
                       .literal("fill")
                       .argument("from", block_pos_arg())
                       .argument("to", block_pos_arg())
                       .argument("block", block_state_arg(blocks));
    fblock.executes([&server](Ctx& c) { return fill(server, c, FillMode::Replace); });
    fblock.literal("replace").executes([&server](Ctx& c) { return fill(server, c, FillMode::Replace); });
    fblock.literal("keep").executes([&server](Ctx& c) { return fill(server, c, FillMode::Keep); });
    fblock.literal("hollow").executes([&server](Ctx& c) { return fill(server, c, FillMode::Hollow); });
    fblock.literal("outline").executes([&server](Ctx& c) { return fill(server, c, FillMode::Outline); });
    fblock.literal("destroy").executes([&server](Ctx& c) { return fill(server, c, FillMode::Destroy); });

    // time
    auto set_time = [&server](Ctx& c, std::int32_t t) -> R {
        server.world().set_day_time(t);
        c.source().send_success("Set the time to " + std::to_string(t));
        return static_cast<int>(server.world().day_time() % 24000);
    };
    auto& time = d.root().literal("time");
    auto& tset = time.literal("set");
    tset.literal("day").executes([set_time](Ctx& c) { return set_time(c, 1000); });
    tset.literal("noon").executes([set_time](Ctx& c) { return set_time(c, 6000); });
    tset.literal("night").executes([set_time](Ctx& c) { return set_time(c, 13000); });
    tset.literal("midnight").executes([set_time](Ctx& c) { return set_time(c, 18000); });
    tset.argument("time", time_arg(0)).executes([set_time](Ctx& c) {
        return set_time(c, c.get<std::int32_t>("time"));
    });
    time.literal("add").argument("time", time_arg(0)).executes([&server](Ctx& c) -> R {
        World& w = server.world();
        w.set_day_time(w.day_time() + c.get<std::int32_t>("time"));
        const auto t = static_cast<int>(w.day_time() % 24000);
        c.source().send_success("Set the time to " + std::to_string(t));
        return t;
    });
    auto query = [&server](Ctx& c, int which) -> R {
        World& w = server.world();
        const std::int64_t v = which == 0   ? w.day_time() % 24000
                               : which == 1 ? w.game_time() % 2147483647
                                            : w.day_time() / 24000 % 2147483647;
        c.source().send_success("The time is " + std::to_string(v));
        return static_cast<int>(v);
    };
    auto& tq = time.literal("query");
    tq.literal("daytime").executes([query](Ctx& c) { return query(c, 0); });
    tq.literal("gametime").executes([query](Ctx& c) { return query(c, 1); });
    tq.literal("day").executes([query](Ctx& c) { return query(c, 2); });

    // gamerule
    auto& gr = d.root().literal("gamerule");
    // One node per rule: `gamerule <name>` reports it, `gamerule <name> <value>` sets it; vanilla
    // answers with the value as text and returns it as a number (booleans as 0 or 1).
    auto rule = [&]<typename T>(const char* name, T GameRules::*field) {
        const auto text = [](T v) {
            if constexpr (std::is_same_v<T, bool>) return std::string(v ? "true" : "false");
            else return std::to_string(v);
        };
        auto& node = gr.literal(name);
        std::string n = name;
        node.executes([&server, n, field, text](Ctx& c) -> R {
            const T v = server.world().options().rules.*field;
            c.source().send_success("Gamerule " + n + " is currently set to: " + text(v));
            return static_cast<int>(v);
        });
        auto value = [] {
            if constexpr (std::is_same_v<T, bool>) return bool_arg();
            else return integer_arg();
        };
        node.argument("value", value()).executes([&server, n, field, text](Ctx& c) -> R {
            const T v = c.get<T>("value");
            server.world().options().rules.*field = v;
            c.source().send_success("Gamerule " + n + " is now set to: " + text(v));
            return static_cast<int>(v);
        });
    };
    rule("doDaylightCycle", &GameRules::do_daylight_cycle);
    rule("doMobSpawning", &GameRules::do_mob_spawning);
    rule("maxEntityCramming", &GameRules::max_entity_cramming);
    rule("randomTickSpeed", &GameRules::random_tick_speed);
    rule("spawnRadius", &GameRules::spawn_radius);

    // difficulty
    auto& diff = d.root().literal("difficulty");
    diff.executes([&server](Ctx& c) -> R {
        const auto dd = server.world().options().difficulty;
        c.source().send_success(std::string("The difficulty is ") + difficulty_name(dd));
        return static_cast<int>(dd);
    });
    const std::pair<const char*, mobsdk::Difficulty> levels[] = {{"peaceful", mobsdk::Difficulty::Peaceful},
                                                                 {"easy", mobsdk::Difficulty::Easy},
                                                                 {"normal", mobsdk::Difficulty::Normal},
                                                                 {"hard", mobsdk::Difficulty::Hard}};
    for (const auto& [word, level] : levels) {
        const auto lv = level;
        diff.literal(word).executes([&server, lv](Ctx& c) -> R {
            auto& cur = server.world().options().difficulty;
            if (cur == lv)
                return fail(std::string("The difficulty did not change; it is already set to ") + difficulty_name(lv));
            cur = lv;
            c.source().send_success(std::string("The difficulty has been set to ") + difficulty_name(lv));
            return 0;
        });
    }
}

// ---- forceload --------------------------------------------------------------------------------

R change_forceload(ServerControl& server, Ctx& c, BlockPos a, BlockPos b, bool add) {
    World& world = server.world();
    const std::int32_t x0 = std::min(a.x, b.x), z0 = std::min(a.z, b.z), x1 = std::max(a.x, b.x),
                       z1 = std::max(a.z, b.z);
    if (x0 < -30000000 || z0 < -30000000 || x1 >= 30000000 || z1 >= 30000000)
        return fail("That position is out of this world!");
    const ChunkPos c0{x0 >> 4, z0 >> 4}, c1{x1 >> 4, z1 >> 4};
    const std::int64_t count =
        (static_cast<std::int64_t>(c1.x) - c0.x + 1) * (static_cast<std::int64_t>(c1.z) - c0.z + 1);
    if (count > forceload_chunk_limit)
        return fail("Too many chunks in the specified area (maximum " + std::to_string(forceload_chunk_limit) +
                    ", specified " + std::to_string(count) + ")");
    std::optional<ChunkPos> first;
    int changed = 0;
    for (std::int32_t x = c0.x; x <= c1.x; ++x)
        for (std::int32_t z = c0.z; z <= c1.z; ++z)
            if (world.set_forced({x, z}, add)) {
                ++changed;
                if (!first) first = ChunkPos{x, z};
            }
    const std::string dim = world.dimension().str();
    if (changed == 0)
        return fail(add ? "No chunks were marked for force loading" : "No chunks were removed from force loading");
    if (changed == 1)
        c.source().send_success(add ? "Marked chunk " + chunk_text(*first) + " in " + dim + " to be force loaded"
                                    : "Unmarked chunk " + chunk_text(*first) + " in " + dim + " for force loading");
    else
        c.source().send_success((add ? "Marked " : "Unmarked ") + std::to_string(changed) + " chunks in " + dim +
                                " from " + chunk_text(c0) + " to " + chunk_text(c1) +
                                (add ? " to be force loaded" : " for force loading"));
    return changed;
}

void register_forceload(CommandDispatcher& d, ServerControl& server) {
    auto& fl = d.root().literal("forceload");
    // "add <from> [<to>]" and "remove <from> [<to>]": one column, or the rectangle between two.
    for (const bool add : {true, false}) {
        auto& from = fl.literal(add ? "add" : "remove").argument("from", column_pos_arg());
        from.executes([&server, add](Ctx& c) {
            const BlockPos p = c.get<ColumnCoordinates>("from").column(c.source());
            return change_forceload(server, c, p, p, add);
        });
        from.argument("to", column_pos_arg()).executes([&server, add](Ctx& c) {
            return change_forceload(server, c, c.get<ColumnCoordinates>("from").column(c.source()),
                                    c.get<ColumnCoordinates>("to").column(c.source()), add);
        });
    }
    auto& remove = fl.literal("remove");
    remove.literal("all").executes([&server](Ctx& c) -> R {
        World& world = server.world();
        const std::vector<ChunkPos> forced(world.forced_chunks().begin(), world.forced_chunks().end());
        for (ChunkPos p : forced) world.set_forced(p, false);
        c.source().send_success("Unmarked all force loaded chunks in " + world.dimension().str());
        return 0;
    });
    auto& query = fl.literal("query");
    query.executes([&server](Ctx& c) -> R {
        World& world = server.world();
        const auto& forced = world.forced_chunks();
        const std::string dim = world.dimension().str();
        if (forced.empty()) {
            c.source().send_failure("No force loaded chunks were found in " + dim);
            return 0;
        }
        std::string list;
        for (ChunkPos p : forced) list += (list.empty() ? "" : ", ") + chunk_text(p);
        if (forced.size() == 1) c.source().send_success("A force loaded chunk was found in " + dim + " at: " + list);
        else
            c.source().send_success(std::to_string(forced.size()) + " force loaded chunks were found in " + dim +
                                    " at: " + list);
        return static_cast<int>(forced.size());
    });
    query.argument("pos", column_pos_arg()).executes([&server](Ctx& c) -> R {
        World& world = server.world();
        const ChunkPos p = ChunkPos::of(c.get<ColumnCoordinates>("pos").column(c.source()));
        const std::string dim = world.dimension().str();
        if (!world.forced_chunks().count(p))
            return fail("Chunk at " + chunk_text(p) + " in " + dim + " is not marked for force loading");
        c.source().send_success("Chunk at " + chunk_text(p) + " in " + dim + " is marked for force loading");
        return 1;
    });
}

// ---- tick -------------------------------------------------------------------------------------

std::string ms(std::int64_t nanos) { return fmt1(static_cast<float>(nanos) / 1.0e6f); }

void register_tick(CommandDispatcher& d, ServerControl& server) {
    auto& tick = d.root().literal("tick");
    tick.literal("query").executes([&server](Ctx& c) -> R {
        TickManager& tm = server.tick_manager();
        const std::string busy = ms(tm.average_tick_time_nanos());
        const std::string rate = fmt1(tm.tick_rate());
        if (tm.sprinting()) {
            c.source().send_success("The game is sprinting");
            c.source().send_success("Target tick rate: " + rate +
                                    " per second (ignored, reference only).\nAverage time per tick: " + busy + "ms");
        } else {
            if (tm.frozen()) c.source().send_success("The game is frozen");
            else if (tm.nanoseconds_per_tick() < tm.average_tick_time_nanos())
                c.source().send_success("The game is running, but can't keep up with the target tick rate");
            else c.source().send_success("The game is running normally");
            c.source().send_success("Target tick rate: " + rate + " per second.\nAverage time per tick: " + busy +
                                    "ms (Target: " + ms(tm.nanoseconds_per_tick()) + "ms)");
        }
        auto samples = tm.tick_times();
        std::sort(samples.begin(), samples.end());
        const std::size_t n = samples.size();
        c.source().send_success(
            "Percentiles: P50: " + ms(samples[n / 2]) + "ms P95: " + ms(samples[static_cast<std::size_t>(n * 0.95)]) +
            "ms P99: " + ms(samples[static_cast<std::size_t>(n * 0.99)]) + "ms, sample: " + std::to_string(n));
        return static_cast<int>(tm.tick_rate());
    });
    tick.literal("rate")
        .argument("rate", float_arg(TickManager::min_rate, TickManager::max_rate))
        .executes([&server](Ctx& c) -> R {
            const float r = c.get<float>("rate");
            server.tick_manager().set_tick_rate(r);
            c.source().send_success("Set the target tick rate to " + fmt1(r) + " per second");
            return static_cast<int>(r);
        });
    auto step = [&server](Ctx& c, std::int32_t n) -> R {
        if (!server.tick_manager().step(n)) return fail("Unable to step the game - the game must be frozen first");
        c.source().send_success("Stepping " + std::to_string(n) + " tick(s)");
        return 1;
    };
    auto& st = tick.literal("step");
    st.executes([step](Ctx& c) { return step(c, 1); });
    st.argument("time", time_arg(1)).executes([step](Ctx& c) { return step(c, c.get<std::int32_t>("time")); });
    st.literal("stop").executes([&server](Ctx& c) -> R {
        if (!server.tick_manager().stop_stepping()) return fail("No tick step in progress");
        c.source().send_success("Interrupted the current tick step");
        return 1;
    });
    auto& sp = tick.literal("sprint");
    sp.argument("time", time_arg(1)).executes([&server](Ctx& c) -> R {
        if (server.tick_manager().request_sprint(c.get<std::int32_t>("time")))
            c.source().send_success("Interrupted the current tick sprint");
        c.source().send_success("The game is sprinting");
        return 1;
    });
    sp.literal("stop").executes([&server](Ctx& c) -> R {
        if (!server.tick_manager().stop_sprinting()) return fail("No tick sprint in progress");
        c.source().send_success("Interrupted the current tick sprint");
        return 1;
    });
    auto freeze = [&server](Ctx& c, bool f) -> R {
        TickManager& tm = server.tick_manager();
        if (f) {
            if (tm.sprinting()) tm.stop_sprinting();
            if (tm.stepping_forward()) tm.stop_stepping();
        }
        tm.set_frozen(f);
        c.source().send_success(f ? "The game is frozen" : "The game is running normally");
        return f ? 1 : 0;
    };
    tick.literal("freeze").executes([freeze](Ctx& c) { return freeze(c, true); });
    tick.literal("unfreeze").executes([freeze](Ctx& c) { return freeze(c, false); });
}

// ---- ours: brain, poi -------------------------------------------------------------------------

void register_debug(CommandDispatcher& d, ServerControl& server) {
    const auto& types = server.world().registries().entity_types;
    d.root().literal("brain").argument("target", entity_arg(types, true)).executes([&server](Ctx& c) -> R {
        World& world = server.world();
        auto t = select_entity(c.get<EntitySelector>("target"), world, c.source());
        if (!t) return unexpected(t.error());
        ServerMob* mob = world.mob(*t);
        const std::string name = name_of(world, *t);
        brain::Brain* b = mob ? mob->brain() : nullptr;
        if (!b) return fail(name + " has no brain");
        const auto& regs = b->layout().registries();
        c.source().send_success("Brain of " + name + " (" + mob->uuid().str() + ")");
        std::string acts;
        for (const auto& a : b->active_activities())
            acts += (acts.empty() ? "" : ", ") + regs.activities.id_of(a).str();
        c.source().send_success("Activities: " + (acts.empty() ? std::string("none") : acts));
        std::string running;
        for (const auto* beh : b->running_behaviors()) running += (running.empty() ? "" : ", ") + beh->debug_string();
        c.source().send_success("Running behaviors: " + (running.empty() ? std::string("none") : running));
        // Entities in memories show their type, position and distance from this mob.
        const brain::FormatContext context{&world, &world.registries().entity_types, mob->position()};
        const auto memories = b->snapshot_memories(context);
        c.source().send_success("Memories (" + std::to_string(memories.size()) + "):");
        for (const auto& m : memories) {
            std::string line = "  " + regs.memory_types.id_of(m.memory).str() + ": ";
            if (m.present) line += m.value + " (ttl " + m.time_to_live() + ")";
            else line += "(empty)";
            c.source().send_success(line);
        }
        return static_cast<int>(memories.size());
    });
    auto poi = [&server](Ctx& c, std::int32_t radius) -> R {
        World& world = server.world();
        const BlockPos center = c.get<Coordinates>("pos").block_pos(c.source());
        // BlockPosArgument.getSpawnablePos: the search box stays far inside the int range.
        if (!in_spawnable_bounds(center)) return fail("That position is outside the allowed boundaries.");
        std::vector<PoiRecord> found;
        world.pois().find_closest({}, center, radius, PoiOccupancy::Any, 1000, found);
        const std::string where =
            std::to_string(center.x) + ", " + std::to_string(center.y) + ", " + std::to_string(center.z);
        if (found.empty()) {
            c.source().send_success("There are no POIs within " + std::to_string(radius) + " blocks of " + where);
            return 0;
        }
        c.source().send_success("There are " + std::to_string(found.size()) + " POIs within " + std::to_string(radius) +
                                " blocks of " + where + ":");
        const auto& reg = world.registries().poi_types;
        for (const auto& r : found)
            c.source().send_success("  " + reg.id_of(r.type).str() + " at " + std::to_string(r.pos.x) + ", " +
                                    std::to_string(r.pos.y) + ", " + std::to_string(r.pos.z) + ": " +
                                    std::to_string(r.free_tickets) + " of " + std::to_string(reg[r.type].max_tickets) +
                                    " tickets free");
        return static_cast<int>(found.size());
    };
    auto& pos = d.root().literal("poi").argument("pos", block_pos_arg());
    pos.executes([poi](Ctx& c) { return poi(c, 16); });
    pos.argument("radius", integer_arg(0, 256)).executes([poi](Ctx& c) {
        return poi(c, c.get<std::int32_t>("radius"));
    });
}

}  // namespace

std::string pretty_nbt(const nbt::Tag& tag) {
    std::string out;
    append_pretty(out, tag);
    return out;
}

void register_vanilla_commands(CommandDispatcher& dispatcher, ServerControl& server) {
    register_server(dispatcher, server);
    register_entities(dispatcher, server);
    register_gamemode(dispatcher, server);
    register_give(dispatcher, server);
    register_world(dispatcher, server);
    register_forceload(dispatcher, server);
    register_tick(dispatcher, server);
    register_debug(dispatcher, server);
    if (PlayerAdmin* players = server.player_admin()) register_player_commands(dispatcher, *players, server);
    apply_permission_levels(dispatcher);
}

std::int32_t command_permission_level(std::string_view command) {
    // Each command's `requires` in vanilla 1.20.4 (the dedicated server's: `seed` needs 2 there);
    // ours: `plugins` as `list`, `brain` and `poi` as the other commands that read the world.
    static constexpr std::pair<std::string_view, std::int32_t> levels[] = {
        {"help", 0},       {"list", 0},      {"me", 0},       {"msg", 0},       {"tell", 0}, {"w", 0},
        {"plugins", 0},    {"seed", 2},      {"say", 2},      {"summon", 2},    {"kill", 2}, {"teleport", 2},
        {"tp", 2},         {"data", 2},      {"setblock", 2}, {"fill", 2},      {"time", 2}, {"gamerule", 2},
        {"difficulty", 2}, {"forceload", 2}, {"reload", 2},   {"brain", 2},     {"poi", 2},  {"tick", 3},
        {"kick", 3},       {"op", 3},        {"deop", 3},     {"whitelist", 3}, {"stop", 4}, {"save-all", 4},
        {"save-on", 4},    {"save-off", 4},  {"give", 2},
    };
    for (const auto& [name, level] : levels)
        if (name == command) return level;
    return 2;  // vanilla's usual level for a command not listed (e.g. one a later change adds)
}

bool feedback_shown_to_ops(std::string_view line) {
    std::vector<std::string_view> words;
    while (!line.empty() && words.size() < 3) {
        const std::size_t start = line.find_first_not_of(" /");
        if (start == std::string_view::npos) break;
        line.remove_prefix(start);
        const std::size_t end = std::min(line.find(' '), line.size());
        words.push_back(line.substr(0, end));
        line.remove_prefix(end);
    }
    if (words.empty()) return false;
    const std::string_view command = words[0];
    const std::string_view sub = words.size() > 1 ? words[1] : std::string_view{};
    for (const std::string_view q : {"help", "list", "seed", "plugins", "brain", "poi"})
        if (command == q) return false;
    if (command == "gamerule") return words.size() > 2;
    if (command == "difficulty") return words.size() > 1;
    return !((command == "time" && sub == "query") || (command == "data" && sub == "get") ||
             (command == "forceload" && sub == "query") || (command == "tick" && sub == "query") ||
             (command == "whitelist" && sub == "list"));
}

void apply_permission_levels(CommandDispatcher& dispatcher) {
    for (const auto& c : dispatcher.root().children()) c->requires_level(command_permission_level(c->name()));
}

}  // namespace mobsdk::server
