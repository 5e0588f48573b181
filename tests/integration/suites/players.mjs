// Players join (protocol 765, Minecraft Java Edition 1.20.4) with real clients written by others:
// mineflayer bots and minecraft-protocol's raw client (pinned in tests/interop/package-lock.json).
// They log in offline, receive the registries and the chunks around them in order of distance,
// read blocks by name, see console block changes, chat, see each other in the tab list, answer
// keep-alives (a client that does not is timed out), and are refused or cut off as vanilla does.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { Server, assert, assertEqual, baseProps, freshDir, parseNbt, requireInterop, until } from '../lib.mjs';

const VERSION = '1.20.4';

/** Starts a server in a fresh folder with `extra` properties; the game frozen (nothing moves).
 * New players land on the spawn point itself (`spawnRadius` 0) unless `spawnRadius` says otherwise. */
export async function startServer(binary, tmp, name, extra = {}, args = ['--frozen'], { spawnRadius = 0 } = {}) {
  const dir = freshDir(tmp, name);
  const props = await baseProps({ 'level-seed': '42', 'view-distance': '3', 'default-gamemode': 'spectator', ...extra });
  fs.writeFileSync(path.join(dir, 'server.properties'),
    Object.entries(props).map(([k, v]) => `${k}=${v}`).join('\n') + '\n');
  const s = new Server(binary, dir, args);
  await s.start();
  s.port = Number(props['server-port']);
  s.props = props;
  await s.command(`gamerule spawnRadius ${spawnRadius}`, /Gamerule spawnRadius is now set to/);
  return s;
}

/** Starts the server of `s`'s folder again (after a stop or a kill), with the same properties. */
async function restart(s, args = ['--frozen']) {
  const again = new Server(s.binary, s.dir, args);
  await again.start();
  again.port = s.port;
  again.props = s.props;
  return again;
}

/** joinBot options for a bot whose physics is off: it stays where the server puts it. (mineflayer's
 * physics plugin sets bot.physicsEnabled when it loads, after createBot: hence the option.) */
export const STILL = { options: { physicsEnabled: false } };

/** Moves the bot to (x, -50, 3.5), asks for a save (waiting for it, or not) and SIGKILLs the server. */
async function moveSaveAndKill(s, bot, x, { waitForSave }) {
  try {
    await moveBot(s, bot, x, -50, 3.5);
    if (waitForSave) await s.command('save-all', /Saved the game/);
    else s.proc.stdin.write('save-all\n');
    s.kill('SIGKILL');
    await s.waitExit();
  } finally {
    bot.quit();
  }
}

/** Resolves once the bot's position is within 0.01 of (x, y, z). */
async function botAt(bot, x, y, z, what) {
  const near = () => { const p = bot.entity?.position; return p && Math.abs(p.x - x) < 0.01 && Math.abs(p.y - y) < 0.01 && Math.abs(p.z - z) < 0.01; };
  await until(near, { what: `${what}: the bot at (${x}, ${y}, ${z}), not ${bot.entity?.position}` });
}

/** Moves a bot (physics off, as a spectator or creative flier) and waits for the server to take it. */
async function moveBot(s, bot, x, y, z) {
  const { Vec3 } = requireInterop('vec3');
  bot.physicsEnabled = false;
  bot.entity.position = new Vec3(x, y, z);
  await until(async () => (await s.command(`data get entity ${bot.username} Pos[0]`, /entity data|No entity/)).includes(`: ${x}d`),
    { what: `the server has ${bot.username} at x=${x}` });
}

/** Teleports the bot with the console's `tp` and waits until the client has it within 0.5 of
 * (x, y, z). One `tp` is enough even while the bot is still moving (knocked back, falling): the
 * server drops the moves it sent before it knew of the teleport (players_tp_beats_crossing_moves). */
export async function tpBot(s, bot, x, y, z) {
  await s.command(`tp ${bot.username} ${x} ${y} ${z}`, new RegExp(`Teleported ${bot.username}`));
  await until(() => { const p = bot.entity?.position; return p && Math.hypot(p.x - x, p.y - y, p.z - z) < 0.5; },
    { timeoutMs: 10000, what: `${bot.username} teleported to (${x}, ${y}, ${z}), not at ${bot.entity?.position}` });
}

/** A mineflayer bot that has spawned; `events` records chunk loads/unloads and kicks in order. */
export async function joinBot(port, username, { beforeSpawn, options = {} } = {}) {
  const mineflayer = requireInterop('mineflayer');
  const bot = mineflayer.createBot({ host: '127.0.0.1', port, username, version: VERSION, auth: 'offline', ...options });
  bot.log = { chunks: [], unloads: [], kicked: null, ended: false, chat: [], gameEvent13At: null, registry: null };
  bot._client.on('registry_data', (p) => { bot.log.registry = p.codec; });
  bot._client.on('game_state_change', (p) => {
    if (p.reason === 'level_chunks_load_start' || p.reason === 13) bot.log.gameEvent13At ??= bot.log.chunks.length;
    // Game event 3: mineflayer 4.25 misses it with 1.20.3's named reasons, so the test reads it.
    if (p.reason === 'change_game_mode' || p.reason === 3) bot.log.gameMode = ['survival', 'creative', 'adventure', 'spectator'][p.gameMode];
  });
  bot._client.on('map_chunk', (p) => { bot.log.chunks.push(p); });
  bot._client.on('unload_chunk', (p) => { bot.log.unloads.push({ x: p.chunkX, z: p.chunkZ }); });
  bot.on('kicked', (reason) => { bot.log.kicked = typeof reason === 'string' ? reason : JSON.stringify(reason); });
  bot.on('end', () => { bot.log.ended = true; });
  bot.on('messagestr', (m) => { bot.log.chat.push(m); });
  bot.on('error', () => {});
  if (beforeSpawn) beforeSpawn(bot);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${username} did not spawn within 20 s (kicked: ${bot.log.kicked})`)), 20000);
    bot.once('spawn', () => { clearTimeout(timer); resolve(); });
    bot.once('end', () => { clearTimeout(timer); reject(new Error(`${username} disconnected before spawning: ${bot.log.kicked}`)); });
  });
  return bot;
}

/** A raw minecraft-protocol client; resolves once it is in play. `packets` records every packet;
 * `setup(client)` runs before it connects. */
async function rawClient(port, username, options = {}, setup = null) {
  const mc = requireInterop('minecraft-protocol');
  const client = mc.createClient({ host: '127.0.0.1', port, username, version: VERSION, auth: 'offline', ...options });
  if (setup) setup(client);
  client.packets = [];
  client.ended = false;
  client.on('packet', (data, meta) => client.packets.push({ name: meta.name, state: meta.state, data }));
  client.on('end', () => { client.ended = true; });
  client.on('error', () => {});
  await until(() => client.packets.some((p) => p.name === 'login') || client.ended, { what: `${username} in play` });
  return client;
}

/** Waits until a raw client has been sent its Disconnect and its connection has ended. The socket
 * may end while the Disconnect is still in minecraft-protocol's stream pipeline, so both count. */
async function disconnected(client, what) {
  await until(() => disconnectReason(client) !== null, { what: `${what}: the Disconnect` });
  await until(() => client.ended, { what: `${what}: the connection closed` });
}

/** The reason of the Disconnect a raw client was sent (any state), as text. */
function disconnectReason(client) {
  const p = client.packets.find((q) => q.name === 'disconnect' || q.name === 'kick_disconnect');
  return p ? JSON.stringify(p.data.reason) : null;
}

// --- Raw bytes: a handshake and Login Start of any protocol version. ---------------------------
function varint(v) {
  const out = [];
  let u = v >>> 0;
  do { let b = u & 0x7f; u >>>= 7; if (u) b |= 0x80; out.push(b); } while (u);
  return Buffer.from(out);
}
function mcString(s) { const b = Buffer.from(s, 'utf8'); return Buffer.concat([varint(b.length), b]); }
function frame(body) { return Buffer.concat([varint(body.length), body]); }
function handshake(protocol, port) {
  const p = Buffer.alloc(2); p.writeUInt16BE(port);
  return frame(Buffer.concat([varint(0), varint(protocol), mcString('127.0.0.1'), p, varint(2)]));
}
function loginStart(name) { return frame(Buffer.concat([varint(0), mcString(name), Buffer.alloc(16)])); }

/** Sends `bytes` on a fresh connection; resolves with everything received until the server closes. */
function exchange(port, bytes) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    const sock = net.connect({ host: '127.0.0.1', port }, () => sock.write(bytes));
    const timer = setTimeout(() => { sock.destroy(); reject(new Error('the server did not close the connection')); }, 15000);
    sock.on('data', (d) => chunks.push(d));
    sock.on('error', () => {});
    sock.on('close', () => { clearTimeout(timer); resolve(Buffer.concat(chunks)); });
  });
}

/** The JSON text of the first (uncompressed) login Disconnect in `bytes`. */
function loginDisconnectText(bytes) {
  let at = 0;
  const readVarint = () => { let v = 0; for (let i = 0; ; ++i) { const b = bytes[at++]; v |= (b & 0x7f) << (7 * i); if (!(b & 0x80)) return v; } };
  readVarint();  // frame length
  const id = readVarint();
  assertEqual(id, 0, 'login Disconnect packet id');
  const len = readVarint();
  return JSON.parse(bytes.subarray(at, at + len).toString('utf8')).text;
}

const chunkDistance = (c) => c.x * c.x + c.z * c.z;

/** Client Information with view distance `viewDistance` (configuration 0x00, play 0x09). */
const clientSettings = (viewDistance) => ({ locale: 'en_us', viewDistance, chatFlags: 0, chatColors: true, skinParts: 127,
  mainHand: 1, enableTextFiltering: false, enableServerListing: true });

/** True when chunk (dx, dz) from the centre is within view distance r (PlayerList::in_view). */
function inView(r, dx, dz) {
  const a = Math.max(0, Math.abs(dx) - 2), b = Math.max(0, Math.abs(dz) - 2);
  return a * a + b * b < r * r;
}
function viewSize(r) {
  let n = 0;
  for (let x = -r - 2; x <= r + 2; ++x) for (let z = -r - 2; z <= r + 2; ++z) if (inView(r, x, z)) ++n;
  return n;
}

/** The game time (`time query gametime`). */
async function gameTime(s) {
  return Number((await s.command('time query gametime', /The time is \d+/)).match(/The time is (\d+)/)[1]);
}

/** Steps the frozen game `n` ticks and waits until they have run (`tick step` runs them at the
 * tick rate, after its answer). */
export async function stepTicks(s, n) {
  const start = await gameTime(s);
  await s.command(`tick step ${n}`, /Stepping \d+ tick/);
  await until(async () => (await gameTime(s)) >= start + n, { what: `${n} ticks stepped from ${start}` });
}

/** A raw client (no compression: network-compression-threshold=-1) that logs in, acknowledges the
 * login and stays in configuration, echoing configuration keep-alives when `answer`. Resolves with
 * every packet received ({state, id, body}) once the server has closed the connection. */
function configurationClient(port, name, { answer }) {
  return new Promise((resolve, reject) => {
    const packets = [];
    let buf = Buffer.alloc(0), state = 'login';
    const sock = net.connect({ host: '127.0.0.1', port }, () => sock.write(Buffer.concat([handshake(765, port), loginStart(name)])));
    const timer = setTimeout(() => { sock.destroy(); reject(new Error(`${name}: the server did not close the connection`)); }, 20000);
    const readVarint = (b, at) => {
      let v = 0;
      for (let i = 0; i < 5; ++i) {
        if (at + i >= b.length) return null;
        v |= (b[at + i] & 0x7f) << (7 * i);
        if (!(b[at + i] & 0x80)) return { v, size: i + 1 };
      }
      throw new Error('bad VarInt');
    };
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      for (;;) {
        const len = readVarint(buf, 0);
        if (!len || buf.length < len.size + len.v) break;
        const packet = buf.subarray(len.size, len.size + len.v);
        buf = buf.subarray(len.size + len.v);
        const id = readVarint(packet, 0);
        const body = packet.subarray(id.size);
        packets.push({ state, id: id.v, body });
        if (state === 'login' && id.v === 0x02) {  // Login Success: acknowledge it
          sock.write(frame(varint(0x03)));
          state = 'configuration';
        } else if (state === 'configuration' && id.v === 0x03 && answer) {  // Keep Alive: echo its id
          sock.write(frame(Buffer.concat([varint(0x03), body])));
        }
      }
    });
    sock.on('error', () => {});
    sock.on('close', () => { clearTimeout(timer); resolve(packets); });
  });
}

export const tests = {
  // A bot joins a frozen superflat world in spectator mode: the registries hold what a vanilla
  // client needs, game event 13 comes before the chunks, the chunks arrive nearest first with
  // 37-long heightmaps and light for 26 sections, blocks read back by name, console block changes
  // arrive, chat goes round, `list` names the bot, and moving away loads new chunks and unloads old.
  async players_join_and_see_the_world({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_join');
    const bot = await joinBot(s.port, 'tester');
    try {
      await s.waitFor(/tester joined the game/);
      assertEqual(bot.game.gameMode, 'spectator', 'game mode from default-gamemode');
      const codec = bot.log.registry;
      assert(codec, 'Registry Data received');
      const entries = (key) => codec.value[key].value.value.value.value;
      assertEqual(entries('minecraft:damage_type').length, 44, 'damage types');
      assert(entries('minecraft:worldgen/biome').some((e) => e.name.value === 'minecraft:plains'), 'plains is a biome');
      assert(entries('minecraft:dimension_type').some((e) => e.name.value === 'minecraft:overworld'), 'overworld type');

      // Every chunk within view distance 3 (vanilla's cylinder with its outer ring: 69 chunks).
      await until(() => bot.log.chunks.length >= 69, { what: '69 chunks' });
      assertEqual(bot.log.gameEvent13At, 0, 'game event 13 before the first chunk');
      const order = bot.log.chunks.map((p) => ({ x: p.x, z: p.z }));
      for (let i = 1; i < order.length; ++i)
        assert(chunkDistance(order[i]) >= chunkDistance(order[i - 1]), `chunks in order of distance: ${JSON.stringify(order)}`);
      assertEqual(order[0], { x: 0, z: 0 }, 'the spawn chunk first');
      const first = bot.log.chunks[0];
      assertEqual(first.heightmaps.value.MOTION_BLOCKING.value.length, 37, 'MOTION_BLOCKING has 37 longs');
      const maskBits = (mask) => mask.reduce((n, [hi, lo]) => n + (hi >>> 0).toString(2).replace(/0/g, '').length +
        (lo >>> 0).toString(2).replace(/0/g, '').length, 0);
      assertEqual(maskBits(first.skyLightMask) + maskBits(first.emptySkyLightMask), 26, 'sky light covers 24 + 2 sections');

      // Blocks by name: the superflat layers away from the village, and a block only the full table has.
      const { Vec3 } = requireInterop('vec3');
      const name = (x, y, z) => bot.blockAt(new Vec3(x, y, z))?.name;
      assertEqual([name(30, -64, 30), name(30, -63, 30), name(30, -61, 30), name(30, -60, 30)],
        ['bedrock', 'dirt', 'grass_block', 'air'], 'superflat layers');
      // The village's beds and bell come with their block entities (a vanilla client draws them
      // through those), at blocks of those names.
      const blockEntities = bot.log.chunks.flatMap((c) => c.blockEntities.map((e) =>
        ({ x: c.x * 16 + e.x, y: e.y, z: c.z * 16 + e.z, type: e.type })));
      const beds = blockEntities.filter((e) => e.type === 24), bells = blockEntities.filter((e) => e.type === 30);
      assert(beds.length >= 8 && bells.length >= 1, `beds and a bell: ${JSON.stringify(blockEntities.slice(0, 12))}`);
      for (const e of [...beds, ...bells])
        assert(/_bed$|^bell$/.test(name(e.x, e.y, e.z)), `a block entity at ${JSON.stringify(e)}: ${name(e.x, e.y, e.z)}`);
      await s.command('setblock 30 -55 30 minecraft:deepslate', /Changed the block/);
      await until(() => name(30, -55, 30) === 'deepslate', { what: 'the setblock on the client' });
      await s.command('fill 20 -55 20 22 -54 22 minecraft:polished_blackstone_bricks', /Successfully filled 18 block/);
      await until(() => name(20, -55, 20) === 'polished_blackstone_bricks' && name(22, -54, 22) === 'polished_blackstone_bricks',
        { what: 'the fill on the client' });

      // Chat: logged and broadcast as vanilla's system line; list names the player.
      bot.chat('hello from the bot');
      await s.waitFor(/<tester> hello from the bot/);
      await until(() => bot.log.chat.includes('<tester> hello from the bot'), { what: 'the chat line back' });
      await s.command('list', /There are 1 of a max of 20 players online: tester/);

      // Moving (spectator, physics off; mineflayer sends positions only inside chunks it has, so
      // in steps of 40 blocks): the centre follows, far chunks unload, new ones arrive.
      bot.physicsEnabled = false;
      for (let x = 40; x <= 200; x += 40) {
        bot.entity.position = new Vec3(x + 0.5, -50, 0.5);
        const ahead = (x >> 4) + 4;
        await until(() => bot.log.chunks.some((p) => p.x === ahead && p.z === 0), { what: `chunk (${ahead}, 0) sent` });
      }
      await until(() => bot.log.unloads.some((c) => c.x === 0 && c.z === 0), { what: 'the spawn chunk unloaded' });
      assert(!bot.log.unloads.some((c) => c.x >= 8), 'only chunks behind unloaded');
      await until(() => bot.blockAt(new Vec3(200, -64, 0))?.name === 'bedrock', { what: 'the new chunk readable' });
      assert(!bot.log.ended, 'the bot is still connected');
    } finally {
      bot.quit();
    }
    await s.waitFor(/tester left the game/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // Two bots see each other in the tab list and each other's joins and leaves; a second login
  // with a name already playing replaces the first; a full server refuses with vanilla's words.
  async players_tab_list_and_logins({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_tab_list', { 'max-players': '2' });
    const a = await joinBot(s.port, 'alice');
    const b = await joinBot(s.port, 'bob');
    try {
      await until(() => a.players.bob && b.players.alice, { what: 'both bots in both tab lists' });
      await until(() => a.log.chat.includes('bob joined the game'), { what: 'the join line' });

      const carol = await rawClient(s.port, 'carol');
      await disconnected(carol, 'carol refused');
      assert(disconnectReason(carol).includes('The server is full!'), `full server: ${disconnectReason(carol)}`);

      const again = await joinBot(s.port, 'bob');
      await until(() => b.log.kicked, { what: 'the first bob kicked' });
      assert(b.log.kicked.includes('You logged in from another location'), `kick reason ${b.log.kicked}`);
      await until(() => b.log.ended, { what: 'the first bob disconnected' });
      await until(() => a.players.bob, { what: 'bob back in alice\'s tab list' });
      again.quit();
      await until(() => !a.players.bob, { what: 'bob gone from the tab list' });
      await until(() => a.log.chat.includes('bob left the game'), { what: 'the leave line' });
      await s.command('list', /There are 1 of a max of 2 players online: alice/);
    } finally {
      a.quit();
    }
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // Watching mobs (the entity tracker): a spectator bot near the spawn village sees every villager
  // with its profession, a villager walking (its client position follows the server's within a
  // block), a zombie, a skeleton holding its bow, a slime with its size and an item; `kill` removes
  // the zombie; a raw client gets one exact Spawn Entity and Set Entity Metadata for a villager.
  async players_watch_mobs({ binary, tmp, pluginDir }) {
    const s = await startServer(binary, tmp, 'players_watch_mobs', { 'view-distance': '5' },
      ['--frozen', '--plugins', pluginDir]);
    const villagers = Number(s.messages().join('\n').match(/Built a village of (\d+) beds/)[1]);
    await s.command('summon villager ~2.5 ~ ~-3.5 {VillagerData:{profession:"minecraft:farmer",level:2,type:"minecraft:plains"}}',
      /Summoned new Villager/);
    const uuids = {};  // mineflayer keeps no UUID for non-players: from Spawn Entity
    const bot = await joinBot(s.port, 'watcher', {
      beforeSpawn: (b) => b._client.on('spawn_entity', (p) => { uuids[p.entityId] = p.objectUUID; }),
    });
    try {
      const named = (name) => Object.values(bot.entities).filter((e) => e.name === name);
      const professionOf = (e) => e.metadata?.[18]?.villagerProfession;
      await until(() => named('villager').length === villagers + 1 && named('villager').every((e) => professionOf(e) !== undefined),
        { what: `${villagers + 1} villagers with their VILLAGER_DATA` });
      const farmer = named('villager').find((e) => professionOf(e) === 5);
      assert(farmer, 'the farmer shows as profession 5 (minecraft:farmer)');
      assertEqual(farmer.metadata[18].level, 2, 'its level');

      // A villager walks: after `tick step`, the client's position is within a block of the server's.
      const walker = named('villager').find((e) => e !== farmer);
      const gametime = async () => Number((await s.command('time query gametime', /The time is \d+/)).match(/The time is (\d+)/)[1]);
      const before = await gametime();
      await s.command('tick step 60', /Stepping \d+ tick/);
      const serverPos = async () => {
        const line = await s.command(`data get entity ${uuids[walker.id]} Pos`, /has the following entity data/);
        return line.match(/\[(-?[\d.]+)d, (-?[\d.]+)d, (-?[\d.]+)d\]/).slice(1).map(Number);
      };
      await until(async () => {
        const [x, y, z] = await serverPos();
        return Math.hypot(walker.position.x - x, walker.position.y - y, walker.position.z - z) < 1;
      }, { intervalMs: 200, what: 'the walking villager in step with the server' });
      await until(async () => (await gametime()) === before + 60, { intervalMs: 200, what: 'the 60 ticks stepped' });

      await s.command('summon zombie ~6.5 ~ ~6.5', /Summoned new Zombie/);
      await s.command('summon skeleton ~-6.5 ~ ~6.5', /Summoned new Skeleton/);
      await s.command('summon slime ~6.5 ~ ~-6.5 {Size:2}', /Summoned new Slime/);
      await s.command('summon item ~-6.5 ~ ~-6.5 {Item:{id:"minecraft:bread",Count:3b}}', /Summoned new /);
      await until(() => named('zombie').length === 1, { what: 'the zombie' });
      await until(() => named('skeleton')[0]?.equipment?.[0]?.name === 'bow', { what: 'the skeleton holding its bow' });
      await until(() => named('slime')[0]?.metadata?.[16] === 3, { what: 'the slime of size 3 (Size 2)' });
      await until(() => named('item')[0]?.metadata?.[8]?.itemId === bot.registry.itemsByName.bread.id,
        { what: 'the item entity holding bread' });

      await s.command('kill @e[type=zombie]', /Killed /);
      await until(() => named('zombie')[0]?.metadata?.[6] === 7, { what: 'the zombie dying on the client (pose DYING)' });
      await s.command('tick step 25', /Stepping \d+ tick/);  // its death animation: 20 ticks
      await until(() => named('zombie').length === 0, { what: 'the killed zombie removed on the client' });
      await until(async () => (await gametime()) === before + 85, { intervalMs: 200, what: 'the 25 ticks stepped' });
    } finally {
      bot.quit();
    }
    await s.waitFor(/watcher left the game/);

    // Exact packets with the raw client: the farmer's Spawn Entity and Set Entity Metadata.
    const raw = await rawClient(s.port, 'raw');
    try {
      const spawnOf = () => raw.packets.find((p) => p.name === 'spawn_entity' && p.data.type === 109 &&
        raw.packets.some((q) => q.name === 'entity_metadata' && q.data.entityId === p.data.entityId &&
          q.data.metadata.some((m) => m.key === 18 && m.value.villagerProfession === 5)));
      await until(() => spawnOf(), { what: 'the farmer spawned on the raw client' });
      const spawn = spawnOf().data;
      const meta = raw.packets.find((q) => q.name === 'entity_metadata' && q.data.entityId === spawn.entityId).data;
      const byKey = Object.fromEntries(meta.metadata.map((m) => [m.key, m]));
      assertEqual(byKey[18].type, 'villager_data', 'index 18 is VILLAGER_DATA');
      assertEqual(byKey[18].value, { villagerType: 2, villagerProfession: 5, level: 2 }, 'plains farmer of level 2');
      assertEqual(byKey[9].type, 'float', 'index 9 is the health');
      assertEqual(byKey[9].value, 20, 'full health');
      const line = await s.command(`data get entity ${spawn.objectUUID} Pos`, /has the following entity data/);
      const pos = line.match(/\[(-?[\d.]+)d, (-?[\d.]+)d, (-?[\d.]+)d\]/).slice(1).map(Number);
      assert(Math.hypot(spawn.x - pos[0], spawn.y - pos[1], spawn.z - pos[2]) < 0.01,
        `spawned at the server's position: ${JSON.stringify([spawn.x, spawn.y, spawn.z])} vs ${JSON.stringify(pos)}`);
    } finally {
      raw.end();
    }
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // Keep-alive (period shortened with the test property network-keep-alive-ms): a raw client that
  // never answers is timed out, a bot that answers stays.
  async players_keep_alive({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_keep_alive', { 'network-keep-alive-ms': '1000' });
    const bot = await joinBot(s.port, 'answers');
    let keepAlives = 0;
    bot._client.on('keep_alive', () => { ++keepAlives; });
    try {
      const silent = await rawClient(s.port, 'silent', { keepAlive: false });
      await disconnected(silent, 'the silent client timed out');
      assert(disconnectReason(silent).includes('Timed out'), `reason ${disconnectReason(silent)}`);
      await s.waitFor(/silent left the game/);
      await until(() => keepAlives >= 3 || bot.log.ended, { what: 'three keep-alives answered by the bot' });
      assert(!bot.log.ended, `the bot was disconnected: ${bot.log.kicked}`);
      assert(!bot.log.ended, 'the answering bot is still connected');
    } finally {
      bot.quit();
    }
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // Refusals before play: another protocol version, online-mode=true (with its start-up WARN), a
  // name vanilla does not allow, and a white-list.
  async players_refused({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_refused', { 'white-list': 'true' });
    try {
      const older = await exchange(s.port, Buffer.concat([handshake(764, s.port), loginStart('old')]));
      assertEqual(loginDisconnectText(older), 'Outdated client! Please use 1.20.4', 'older client');
      const newer = await exchange(s.port, Buffer.concat([handshake(766, s.port), loginStart('new')]));
      assertEqual(loginDisconnectText(newer), 'Outdated server! I\'m still on 1.20.4', 'newer client');
      const badName = await exchange(s.port, Buffer.concat([handshake(765, s.port), loginStart('bad name!')]));
      assertEqual(loginDisconnectText(badName), 'Invalid characters in username', 'bad name');
      const stranger = await rawClient(s.port, 'stranger');
      await disconnected(stranger, 'the stranger refused');
      assert(disconnectReason(stranger).includes('You are not white-listed on this server!'), disconnectReason(stranger));
    } finally {
      await s.stop();
    }
    // The white-listed name joins (whitelist.json as vanilla writes it).
    const dir = path.join(tmp, 'players_refused');
    fs.writeFileSync(path.join(dir, 'whitelist.json'), '[\n  {\n    "uuid": "00000000-0000-0000-0000-000000000000",\n    "name": "Friend"\n  }\n]\n');
    const again = new Server(binary, dir, ['--frozen']);
    await again.start();
    const port = Number(/server-port=(\d+)/.exec(fs.readFileSync(path.join(dir, 'server.properties'), 'utf8'))[1]);
    const friend = await joinBot(port, 'friend');
    friend.quit();
    await again.waitFor(/friend left the game/);
    await again.stop();
    // A damaged whitelist.json: one WARN naming the file and what is wrong, and an empty list (as
    // vanilla's "Failed to load white-list"), so nobody gets in.
    fs.writeFileSync(path.join(dir, 'whitelist.json'), '[{"uuid": "x", "nmae": "Friend"}]');
    const damaged = new Server(binary, dir, ['--frozen']);
    await damaged.start();
    assert(damaged.lines.some((l) => /WARN.*Failed to load the white-list, so it is empty: whitelist\.json: entry 0 has no string "name"/.test(l)),
      'the WARN names the file and the entry');
    const shut = await rawClient(port, 'friend');
    await disconnected(shut, 'friend refused');
    assert(disconnectReason(shut).includes('You are not white-listed on this server!'), disconnectReason(shut));
    await damaged.stop();

    const online = await startServer(binary, tmp, 'players_online_mode', { 'online-mode': 'true' });
    try {
      assert(online.messages().some((m) => m.includes('online-mode=true') && m.includes('refused')), 'the start-up WARN');
      const refused = await exchange(online.port, Buffer.concat([handshake(765, online.port), loginStart('someone')]));
      assert(loginDisconnectText(refused).includes('online-mode=false'), 'the refusal names the key');
    } finally {
      await online.stop();
    }
    // New server.properties files say online-mode=false.
    const props = fs.readFileSync(path.join(dir, 'server.properties'), 'utf8');
    assert(props.includes('online-mode=false\n'), 'online-mode=false written');
  },

  // Commands from chat: an operator (op'd on the console, written to ops.json) runs /time set and
  // /summon relative to itself; a player who is not one gets vanilla's unknown-command answer and
  // nothing changes; msg whispers; kick disconnects with the reason; whitelist on (written back
  // to server.properties) refuses a stranger.
  async players_commands({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_commands');
    const boss = await joinBot(s.port, 'boss');
    const plain = await joinBot(s.port, 'plain');
    try {
      await s.command('op boss', /Made boss a server operator/);
      const ops = JSON.parse(fs.readFileSync(path.join(s.dir, 'ops.json'), 'utf8'));
      assertEqual(ops.map((o) => [o.name, o.level, o.bypassesPlayerLimit]), [['boss', 4, false]], 'ops.json');

      plain.chat('/time set 1000');
      await until(() => plain.log.chat.includes('Unknown or incomplete command, see below for error'),
        { what: 'the refusal' });
      await s.waitFor(/plain issued server command: \/time set 1000/);
      await s.command('time query daytime', /The time is 0$/);

      boss.chat('/time set 1000');
      await s.waitFor(/\[boss: Set the time to 1000\]/);
      await until(() => boss.log.chat.includes('Set the time to 1000'), { what: 'the feedback' });
      await s.command('time query daytime', /The time is 1000$/);

      boss.chat('/summon minecraft:pig ~ ~ ~');
      await s.waitFor(/\[boss: Summoned new Pig\]/);
      const pos = await s.command('data get entity @e[type=minecraft:pig,limit=1] Pos', /has the following entity data/);
      const [x, y, z] = /entity data: \[([^,]*)d, ([^,]*)d, ([^\]]*)d\]/.exec(pos).slice(1).map(Number);
      const at = boss.entity.position;
      assert(Math.abs(x - at.x) < 1 && Math.abs(y - at.y) < 1 && Math.abs(z - at.z) < 1,
        `the pig at the bot: ${[x, y, z]} vs ${at}`);

      plain.chat('/msg boss psst');
      await until(() => boss.log.chat.includes('plain whispers to you: psst'), { what: 'the whisper' });
      await until(() => plain.log.chat.includes('You whisper to boss: psst'), { what: 'the echo' });

      await s.command('kick plain Go away', /Kicked plain: Go away/);
      await until(() => plain.log.kicked, { what: 'plain kicked' });
      assert(plain.log.kicked.includes('Go away'), `kick reason ${plain.log.kicked}`);
      await s.waitFor(/plain left the game/);

      await s.command('whitelist on', /Whitelist is now turned on/);
      assert(/^white-list=true$/m.test(fs.readFileSync(path.join(s.dir, 'server.properties'), 'utf8')),
        'white-list written back');
      const stranger = await rawClient(s.port, 'stranger');
      await disconnected(stranger, 'the stranger refused');
      assert(disconnectReason(stranger).includes('You are not white-listed on this server!'), disconnectReason(stranger));
      assert(!boss.log.ended, 'the operator stays');
    } finally {
      boss.quit();
    }
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // Bad packets close only the connection that sent them: an unknown play packet, an oversized
  // frame, a compressed packet whose declared length lies and moves to a NaN or absurd position;
  // a bot already in keeps playing.
  async players_bad_packets({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_bad_packets');
    const bot = await joinBot(s.port, 'steady');
    try {
      const bad = await rawClient(s.port, 'garbage');
      bad.writeRaw(Buffer.from([0x7f, 1, 2, 3]));
      await until(() => bad.ended, { what: 'the garbage sender disconnected' });
      await s.waitFor(/garbage .*sent a bad play packet: packet id 0x7F is not a serverbound play packet/);

      // A frame longer than 2 MiB announced after the handshake.
      const big = await exchange(s.port, Buffer.concat([handshake(765, s.port), Buffer.from([0xff, 0xff, 0xff, 0x01])]));
      assert(big.length >= 0, 'closed');
      await s.waitFor(/sent a bad login packet: .*frame length/);

      // Compressed (threshold 256): a packet claiming 300 bytes that inflates to 10.
      const liar = await rawClient(s.port, 'liar');
      const zlib = await import('node:zlib');
      const body = zlib.deflateSync(Buffer.alloc(10));
      const inner = Buffer.concat([varint(300), body]);
      liar.socket.write(Buffer.concat([varint(inner.length), inner]));
      await until(() => liar.ended, { what: 'the liar disconnected' });
      await s.waitFor(/liar .*sent a bad play packet: Badly compressed packet/);

      // A VarInt of six bytes (vanilla reads five at most) as a play packet's id.
      const long = await rawClient(s.port, 'longint');
      long.writeRaw(Buffer.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x01]));
      await until(() => long.ended, { what: 'the long VarInt sender disconnected' });
      await s.waitFor(/longint .*sent a bad play packet: .*VarInt too big \(more than 5 bytes\)/);

      // A packet id the login state does not have (its serverbound ids are 0x00–0x04).
      await exchange(s.port, Buffer.concat([handshake(765, s.port), frame(Buffer.from([0x05]))]));
      await s.waitFor(/sent a bad login packet: packet id 0x05 is not a serverbound login packet/);

      // A position vanilla calls invalid (NaN) and one beyond its clamp (|x| > 3.0E7): vanilla's
      // "Invalid move player packet received", with the reason in the log.
      for (const [name, x] of [['nan', NaN], ['absurd', 4.0e7]]) {
        const mover = await rawClient(s.port, name);
        mover.write('position', { x, y: -60, z: 0.5, onGround: true });
        await disconnected(mover, `${name} disconnected`);
        assert(disconnectReason(mover).includes('Invalid move player packet received'), disconnectReason(mover));
      }
      await s.waitFor(/nan \(\/127\.0\.0\.1\) sent an invalid move: a coordinate is not a finite number/);
      await s.waitFor(/absurd \(\/127\.0\.0\.1\) sent an invalid move: a coordinate is beyond/);

      bot.chat('still here');
      await until(() => bot.log.chat.includes('<steady> still here'), { what: 'the bot still plays' });
      // The tick kept its 20 per second (vanilla's TPS is 1000 / max(50, average ms per tick)): the
      // last 100 ticks, the logins of the raw clients included, took under 50 ms on average.
      const avg = await s.command('tick query', /Average time per tick: [\d.]+ms/);
      const ms = Number(avg.match(/Average time per tick: ([\d.]+)ms/)[1]);
      assert(ms < 50, `the last 100 ticks took ${ms} ms on average`);
    } finally {
      bot.quit();
    }
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // Players are entities of the world: a survival bot that moves too quickly is sent back; RCON's
  // `gamemode` and the console's `tp` (also through @a)
  // reach the bot; playerdata/<uuid>.dat keeps its place and game mode across leave and rejoin,
  // `stop` and a restart, and a SIGKILL after (and during) a save.
  async players_in_the_world({ binary, tmp }) {
    let s = await startServer(binary, tmp, 'players_in_the_world',
      { 'enable-rcon': 'true', 'rcon.password': 'pw', 'default-gamemode': 'survival' });
    const uuid = 'dd823a0c-b94a-369f-acd6-ddd287e3180e';  // vanilla's offline UUID of "tester"
    const data = path.join(s.dir, 'world', 'playerdata', `${uuid}.dat`);
    let bot = await joinBot(s.port, 'tester', STILL);
    try {
      assertEqual(bot.game.gameMode, 'survival', 'default-gamemode');
      // Survival: a jump of 60 blocks in one move is vanilla's "moved too quickly"; the bot goes back.
      const start = bot.entity.position.clone();
      bot.entity.position = start.offset(60, 0, 0);
      await s.waitFor(/tester moved too quickly! 60\.0,0\.0,0\.0/);
      await botAt(bot, start.x, start.y, start.z, 'sent back');
      const { Rcon } = requireInterop('rcon-client');
      const rcon = await Rcon.connect({ host: '127.0.0.1', port: s.props['rcon.port'], password: 'pw' });
      assertEqual(await rcon.send('gamemode creative tester'), "Set tester's game mode to Creative Mode", 'RCON feedback');
      await rcon.end();
      await until(() => bot.log.gameMode === 'creative', { what: 'game event 3 (creative) on the bot' });
      await until(() => bot.log.chat.includes('Your game mode has been updated to Creative Mode'),
        { what: 'vanilla\'s gameMode.changed to the player' });
      // Whole coordinates are block centres, as vanilla's.
      await s.command('tp tester 10 70 10', /Teleported tester to 10\.500000, 70\.000000, 10\.500000/);
      await botAt(bot, 10.5, 70, 10.5, 'tp');
      await s.command('tp @a 0 80 0', /Teleported tester to 0\.500000, 80\.000000, 0\.500000/);
      await botAt(bot, 0.5, 80, 0.5, 'tp @a');
      await s.command('list', /There are 1 of a max of 20 players online: tester/);
      await moveBot(s, bot, 12.5, -50, 7.5);
    } finally {
      bot.quit();
    }
    await s.waitFor(/tester left the game/);
    assert(fs.existsSync(data), 'playerdata written at leave');
    const saved = await parseNbt(fs.readFileSync(data));
    assertEqual([saved.Pos, saved.playerGameType, saved.DataVersion, saved.Dimension],
      [[12.5, -50, 7.5], 1, 3700, 'minecraft:overworld'], 'playerdata in vanilla\'s layout');

    // Rejoin: where it left, in the game mode it had.
    bot = await joinBot(s.port, 'tester', STILL);
    await botAt(bot, 12.5, -50, 7.5, 'rejoin');
    assertEqual(bot.game.gameMode, 'creative', 'game mode kept');
    const from = s.lines.length;
    bot.quit();
    await s.waitFor(/tester left the game/, { from });
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');

    // After a stop and a restart; then killed after a save: the saved place.
    s = await restart(s);
    bot = await joinBot(s.port, 'tester', STILL);
    await botAt(bot, 12.5, -50, 7.5, 'after a restart');
    await moveSaveAndKill(s, bot, 20.5, { waitForSave: true });
    s = await restart(s);
    bot = await joinBot(s.port, 'tester', STILL);
    await botAt(bot, 20.5, -50, 3.5, 'after SIGKILL');
    // Killed while saving: the place before or after, never a broken file.
    await moveSaveAndKill(s, bot, 25.5, { waitForSave: false });
    s = await restart(s);
    bot = await joinBot(s.port, 'tester', STILL);
    try {
      await until(() => [20.5, 25.5].some((x) => Math.abs(bot.entity.position.x - x) < 0.01 && bot.entity.position.z === 3.5),
        { what: `the bot at a saved place, not ${bot.entity.position}` });
      assert(!s.messages().some((m) => m.includes('Failed to load player data')), 'no damaged playerdata');
    } finally {
      bot.quit();
    }
    await s.waitFor(/tester left the game/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // Player chunk tickets: with no forceload and no spawn chunks, a villager 3 chunks from the bot
  // (simulation-distance 3) falls; one 6 chunks away, sent to the bot (view-distance 6) but
  // beyond simulation distance, stays in the air.
  async players_simulation_distance({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_simulation_distance',
      { 'view-distance': '6', 'simulation-distance': '3', 'spawn-chunk-radius': '0', 'default-gamemode': 'creative' });
    const bot = await joinBot(s.port, 'watcher', STILL);
    try {
      await until(() => bot.log.chunks.some((p) => p.x === 6 && p.z === 0), { what: 'chunk (6, 0) sent' });
      await s.command('summon villager 56.5 -50 8.5 {Tags:["near"]}', /Summoned new Villager/);
      await s.command('summon villager 104.5 -50 8.5 {Tags:["far"]}', /Summoned new Villager/);
      await s.command('tick step 20', /Stepping 20 tick/);
      const y = async (tag) => Number((await s.command(`data get entity @e[tag=${tag},limit=1] Pos[1]`, /entity data: /))
        .match(/entity data: (-?[\d.]+)d/)[1]);
      await until(async () => await y('near') < -55, { what: 'the near villager falls' });
      assertEqual(await y('far'), -50, 'the far villager (beyond simulation distance) stays');
    } finally {
      bot.quit();
    }
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // Twenty bots join at once (concurrently, max-players 20) while the game runs, and all see the
  // same villager moved by the server (a short `tp` and one beyond 8 blocks, a full teleport) at
  // the server's position within a block. Prints the join time, the wall time and the TPS.
  async players_twenty_join_at_once({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_twenty_join',
      { 'max-players': '20', 'network-max-pending-per-address': '20' }, []);
    await s.command('summon villager 8.5 -60 8.5 {NoAI:1b,Tags:["mover"],CustomName:\'"Mover"\'}', /Summoned new /);
    const started = Date.now();
    const time0 = await gameTime(s);
    const bots = await Promise.all(Array.from({ length: 20 }, (_, i) => joinBot(s.port, `bot${i}`, STILL)));
    const joinedMs = Date.now() - started;
    try {
      await s.command('list', /There are 20 of a max of 20 players online/);
      const mover = (bot) => Object.values(bot.entities).find((e) => e.name === 'villager' && e.metadata?.[2]);
      const everyBotSees = (x, y, z, what) => until(() => bots.every((bot) => {
        const p = mover(bot)?.position;
        return p && Math.hypot(p.x - x, p.y - y, p.z - z) < 1;
      }), { what: `every bot sees the villager ${what}` });
      await everyBotSees(8.5, -60, 8.5, 'where it was summoned');
      for (const [x, z, what] of [[10.5, 9.5, 'moved by 2 blocks'], [-3.5, -6.5, 'teleported by 19 blocks'], [-2.5, -6.5, 'moved again']]) {
        await s.command(`tp @e[tag=mover] ${x} -60 ${z}`, /Teleported Mover to /);
        await everyBotSees(x, -60, z, what);
      }
      const wallMs = Date.now() - started;
      const ticks = (await gameTime(s)) - time0;
      const query = await s.command('tick query', /The game is (running normally|running, but can't keep up)/);
      const average = s.messages().reverse().find((m) => m.includes('Average time per tick'));
      console.log(`twenty bots: joined in ${joinedMs} ms; test ${wallMs} ms; ${ticks} ticks = ` +
        `${(ticks * 1000 / wallMs).toFixed(1)} TPS; ${average}`);
      assert(/running normally/.test(query), `the tick keeps up: ${query}`);
      assert(bots.every((bot) => !bot.log.ended), 'every bot still connected');
    } finally {
      for (const bot of bots) bot.quit();
    }
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // A client that stops reading (network-max-queued-bytes lowered to 1 MiB, compression off) is
  // disconnected once more than that waits for it, with a log line naming why; a bot already in
  // keeps playing and the tick keeps up. The traffic: 60 kB whispers to the slow client.
  async players_slow_client({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_slow_client',
      { 'network-max-queued-bytes': '1048576', 'network-compression-threshold': '-1' }, []);
    const bot = await joinBot(s.port, 'steady');
    const slow = await rawClient(s.port, 'slow', { keepAlive: false });
    try {
      slow.socket.unpipe(slow.splitter);
      slow.socket.pause();
      const text = 'x'.repeat(60000);
      const gone = () => s.messages().some((m) => m.includes('slow lost connection'));
      // Bounded: 400 × 60 kB is far more than the limit and the sockets' buffers hold.
      for (let sent = 0; sent < 400 && !gone(); sent += 10) {
        for (let i = 0; i < 10; ++i) s.proc.stdin.write(`msg slow ${text}\n`);
        await s.command('list', /There are \d+ of a max/);
      }
      await s.waitFor(/slow \(\/127\.0\.0\.1\) does not read what the server sends: more than 1048576 bytes queued \(network-max-queued-bytes\), disconnecting/);
      await s.waitFor(/slow lost connection: Too slow: more than 1048576 bytes were queued for the client/);
      await s.waitFor(/slow left the game/);
      bot.chat('still here');
      await until(() => bot.log.chat.includes('<steady> still here'), { what: 'the bot still plays' });
      const query = await s.command('tick query', /The game is (running normally|running, but can't keep up)/);
      assert(/running normally/.test(query), `the tick keeps up: ${query}`);
      assert(!bot.log.ended, 'the bot is still connected');
    } finally {
      slow.socket.destroy();
      bot.quit();
    }
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // The client's view distance (Client Information): vanilla's min(max(client's, 2), view-distance)
  // chunks are sent, from configuration on; raised in play more arrive, lowered they are unloaded.
  async players_client_view_distance({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_client_view_distance', { 'view-distance': '6' });
    const raw = await rawClient(s.port, 'near', {}, (client) => {
      client.on('state', (state) => { if (state === 'configuration') client.write('settings', clientSettings(1)); });
      client.on('chunk_batch_finished', () => client.write('chunk_batch_received', { chunksPerTick: 64 }));
    });
    try {
      const chunks = () => raw.packets.filter((p) => p.name === 'map_chunk').map((p) => p.data);
      const unloads = () => raw.packets.filter((p) => p.name === 'unload_chunk').length;
      const times = () => raw.packets.filter((p) => p.name === 'update_time').length;
      // 1 is clamped to vanilla's minimum 2: its 49 chunks arrive, and no more by two time updates (40 ticks) later.
      await until(() => chunks().length >= viewSize(2), { what: `${viewSize(2)} chunks` });
      const seen = times();
      await until(() => times() >= seen + 2, { what: 'two more time updates' });
      assertEqual(chunks().length, viewSize(2), 'chunks of view distance 2 only');
      assert(chunks().every((c) => inView(2, c.x, c.z)), 'every chunk within view distance 2');
      // Raised in play: the chunks of view distance 4; 12 is clamped to the server's 6.
      raw.write('settings', clientSettings(4));
      await until(() => chunks().length >= viewSize(4), { what: `${viewSize(4)} chunks` });
      raw.write('settings', clientSettings(12));
      await until(() => chunks().length >= viewSize(6), { what: `${viewSize(6)} chunks` });
      const at6 = times();
      await until(() => times() >= at6 + 2, { what: 'two more time updates' });
      assertEqual(chunks().length, viewSize(6), 'at most the server\'s view distance');
      // Lowered: the chunks beyond view distance 2 are unloaded.
      raw.write('settings', clientSettings(2));
      await until(() => unloads() >= viewSize(6) - viewSize(2), { what: 'the chunks beyond view distance 2 unloaded' });
    } finally {
      raw.end();
    }
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // Keep-alive during configuration (network-keep-alive-ms 500): a client that stays there without
  // answering is dropped "Timed out" after a keep-alive; one that answers stays until
  // network-login-timeout-ms (3 s from the accept) ends it with "Took too long to log in".
  async players_configuration_keep_alive({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_configuration_keep_alive',
      { 'network-keep-alive-ms': '500', 'network-login-timeout-ms': '3000', 'network-compression-threshold': '-1' });
    const [mute, answering] = await Promise.all([configurationClient(s.port, 'mute', { answer: false }),
      configurationClient(s.port, 'answering', { answer: true })]);
    const config = (packets) => packets.filter((p) => p.state === 'configuration');
    const disconnect = (packets) => config(packets).find((p) => p.id === 0x01);
    assert(config(mute).some((p) => p.id === 0x03), 'a configuration keep-alive sent');
    assert(disconnect(mute)?.body.includes('Timed out'), 'the silent client timed out');
    await s.waitFor(/mute lost connection: Timed out/);
    assert(config(answering).filter((p) => p.id === 0x03).length >= 3, 'keep-alives answered');
    assert(disconnect(answering)?.body.includes('Took too long to log in'), 'the answering client hit the login timeout');
    await s.waitFor(/answering lost connection: Took too long to log in/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // A `tp` wins over the moves the client sent before it knew of it (vanilla's teleport waits for
  // the confirmation at once): a raw client that sends a move every millisecond from where it
  // stands is still sent the teleport, every time of five, and its moves from the old place are
  // ignored until it confirms.
  async players_tp_beats_crossing_moves({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_tp_race', { 'default-gamemode': 'creative' });
    const mover = await rawClient(s.port, 'mover');
    try {
      const syncs = () => mover.packets.filter((p) => p.name === 'position');
      await until(() => syncs().length > 0, { what: 'the first Synchronize Player Position' });
      const first = syncs()[0].data;
      mover.write('teleport_confirm', { teleportId: first.teleportId });
      let at = { x: first.x, y: first.y, z: first.z };
      const timer = setInterval(() => mover.write('position', { ...at, onGround: true }), 1);
      try {
        for (let i = 1; i <= 5; ++i) {
          const x = 10 * i + 0.5;
          await s.command(`tp mover ${x} -50 0.5`, /Teleported mover/);
          await until(() => syncs().some((p) => p.data.x === x), { timeoutMs: 5000, what: `the teleport to x=${x} sent` });
          const sync = syncs().find((p) => p.data.x === x).data;
          mover.write('teleport_confirm', { teleportId: sync.teleportId });
          at = { x: sync.x, y: sync.y, z: sync.z };
          const pos = await s.command('data get entity mover Pos[0]', /entity data/);
          assert(pos.includes(`: ${x}d`), `the server keeps the teleport: ${pos}`);
        }
      } finally {
        clearInterval(timer);
      }
    } finally {
      mover.end();
    }
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },

  // allow-flight=false (the default): a survival bot hovering 10 blocks up is kicked after 80
  // ticks with vanilla's words, one standing on the ground stays. On a second server with
  // allow-flight=true (run at the same time, its game running) a hovering bot stays past 100 ticks.
  async players_flying_kick({ binary, tmp }) {
    const [s, free] = await Promise.all([
      startServer(binary, tmp, 'players_flying_kick', { 'default-gamemode': 'survival' }),
      startServer(binary, tmp, 'players_flying_allowed', { 'default-gamemode': 'survival', 'allow-flight': 'true' }, [])]);
    const [grounded, floater, flier] = await Promise.all([joinBot(s.port, 'grounded', STILL),
      joinBot(s.port, 'floater', STILL), joinBot(free.port, 'flier', STILL)]);
    try {
      // Physics off, the bots hover where they are put.
      const { Vec3 } = requireInterop('vec3');
      const hover = async (server, bot) => {
        bot.entity.position = new Vec3(0.5, -50, 0.5);
        await until(async () => (await server.command(`data get entity ${bot.username} Pos[1]`, /entity data/)).includes(': -50.0d'),
          { what: `the server has ${bot.username} at y=-50` });
      };
      await Promise.all([hover(s, floater), hover(free, flier)]);
      const hoverFrom = await gameTime(free);
      await until(() => floater.log.kicked, { what: 'the floater kicked' });
      assert(floater.log.kicked.includes('Flying is not enabled on this server'), `kick reason ${floater.log.kicked}`);
      await s.waitFor(/floater was kicked for floating too long!/);
      await s.waitFor(/floater left the game/);
      grounded.chat('still here');
      await until(() => grounded.log.chat.includes('<grounded> still here'), { what: 'the grounded bot still plays' });
      assert(!grounded.log.ended, 'the grounded bot stays');
      await until(async () => (await gameTime(free)) >= hoverFrom + 100, { intervalMs: 200, what: '100 ticks of hovering' });
      flier.chat('still flying');
      await until(() => flier.log.chat.includes('<flier> still flying'), { what: 'the flier still plays' });
      assert(!flier.log.ended, `allow-flight=true: the flier stays (${flier.log.kicked})`);
    } finally {
      for (const bot of [grounded, floater, flier]) bot.quit();
    }
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
    assertEqual(await free.stop(), { code: 0, signal: null }, 'clean stop (allow-flight=true)');
  },
};
