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

/** Starts a server in a fresh folder with `extra` properties; the game frozen (nothing moves). */
async function startServer(binary, tmp, name, extra = {}, args = ['--frozen']) {
  const dir = freshDir(tmp, name);
  const props = await baseProps({ 'level-seed': '42', 'view-distance': '3', 'default-gamemode': 'spectator', ...extra });
  fs.writeFileSync(path.join(dir, 'server.properties'),
    Object.entries(props).map(([k, v]) => `${k}=${v}`).join('\n') + '\n');
  const s = new Server(binary, dir, args);
  await s.start();
  s.port = Number(props['server-port']);
  s.props = props;
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

/** joinBot options for a bot whose physics is off: it stays where the server puts it. */
const STILL = { beforeSpawn: (bot) => { bot.physicsEnabled = false; } };

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

/** A mineflayer bot that has spawned; `events` records chunk loads/unloads and kicks in order. */
async function joinBot(port, username, { beforeSpawn } = {}) {
  const mineflayer = requireInterop('mineflayer');
  const bot = mineflayer.createBot({ host: '127.0.0.1', port, username, version: VERSION, auth: 'offline' });
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

/** A raw minecraft-protocol client; resolves once it is in play. `packets` records every packet. */
async function rawClient(port, username, options = {}) {
  const mc = requireInterop('minecraft-protocol');
  const client = mc.createClient({ host: '127.0.0.1', port, username, version: VERSION, auth: 'offline', ...options });
  client.packets = [];
  client.ended = false;
  client.on('packet', (data, meta) => client.packets.push({ name: meta.name, state: meta.state, data }));
  client.on('end', () => { client.ended = true; });
  client.on('error', () => {});
  await until(() => client.packets.some((p) => p.name === 'login') || client.ended, { what: `${username} in play` });
  return client;
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
      await until(() => carol.ended, { what: 'carol refused' });
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

  // Keep-alive (period shortened with the test property network-keep-alive-ms): a raw client that
  // never answers is timed out, a bot that answers stays.
  async players_keep_alive({ binary, tmp }) {
    const s = await startServer(binary, tmp, 'players_keep_alive', { 'network-keep-alive-ms': '1000' });
    const bot = await joinBot(s.port, 'answers');
    let keepAlives = 0;
    bot._client.on('keep_alive', () => { ++keepAlives; });
    try {
      const silent = await rawClient(s.port, 'silent', { keepAlive: false });
      await until(() => silent.ended, { what: 'the silent client timed out' });
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
      await until(() => stranger.ended, { what: 'the stranger refused' });
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
    await until(() => shut.ended, { what: 'friend refused' });
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

  // Bad packets close only the connection that sent them: an unknown play packet, an oversized
  // frame and a compressed packet whose declared length lies; a bot already in keeps playing.
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

      bot.chat('still here');
      await until(() => bot.log.chat.includes('<steady> still here'), { what: 'the bot still plays' });
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
};
