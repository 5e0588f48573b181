// Integration tests of the real mobserver binary. Usage: node run.mjs <test> <mobserver> <temp dir>
// Each test starts the server in its own folder on free loopback ports and drives it through the
// console (stdin), RCON (npm rcon-client), the server list ping (npm minecraft-server-util), and
// reads what it wrote with prismarine-nbt and prismarine-provider-anvil.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';

import {
  Server, assert, assertEqual, baseProps, freePort, freshDir, parseNbt, regionChunks, requireInterop, storedEntities, until,
  UUID_RE, uuidFromInts, writeProperties,
} from './lib.mjs';

const [testName, binary, tmp] = process.argv.slice(2);
if (!testName || !binary || !tmp) {
  console.error('usage: node run.mjs <test> <mobserver> <temp dir>');
  process.exit(2);
}

// The build's bundled plugins (build/plugins) and test plugins (build/test-plugins), next to bin/.
const pluginDir = path.join(path.dirname(path.resolve(binary)), '..', 'plugins');
const testPluginDir = path.join(path.dirname(path.resolve(binary)), '..', 'test-plugins');

const tests = {
  // First start: server.properties and the world are created, the log is vanilla's, stop saves.
  async startup() {
    const dir = freshDir(tmp, 'startup');
    writeProperties(dir, await baseProps());
    const s = new Server(binary, dir);
    await s.start();
    const props = fs.readFileSync(path.join(dir, 'server.properties'), 'utf8');
    assert(props.startsWith('#Minecraft server properties\n'), 'server.properties keeps vanilla\'s header');
    for (const key of ['level-name=world', 'memory-expiry=modern', 'spawn-chunk-radius=2', 'plugins-dir=plugins'])
      assert(props.includes(key + '\n'), `server.properties has ${key}`);
    for (const line of s.lines)
      assert(/^\[\d\d:\d\d:\d\d\] \[[^\]/]+\/(INFO|WARN|ERROR)\]: /.test(line), `vanilla log format: ${line}`);
    assert(s.messages().includes('Preparing level "world"'), 'Preparing level line');
    assert(s.messages().some((m) => m.startsWith('Built a village of ')), 'the default world has a village');
    const log = fs.readFileSync(path.join(dir, 'logs', 'latest.log'), 'utf8');
    assert(log.includes('For help, type "help"'), 'latest.log has the Done line');
    const exit = await s.stop();
    assertEqual(exit, { code: 0, signal: null }, 'stop exits 0');
    assert(s.messages().includes('Stopping server'), 'Stopping server');
    assert(s.messages().includes('ThreadedAnvilChunkStorage: All dimensions are saved'), 'saved line');
    for (const f of ['level.dat', 'region/r.0.0.mca', 'region/r.-1.-1.mca', 'poi/r.0.0.mca', 'entities/r.0.0.mca', 'data/chunks.dat'])
      assert(fs.existsSync(path.join(dir, 'world', f)), `world/${f} exists`);
    assert(!fs.existsSync(path.join(dir, 'world', 'session.journal')), 'no journal left after a clean stop');
    // Second start: the same world, no new village; the old log is archived.
    const again = new Server(binary, dir);
    await again.start();
    assert(!again.messages().some((m) => m.startsWith('Built a village')), 'an existing world is loaded, not rebuilt');
    assert(fs.readdirSync(path.join(dir, 'logs')).some((n) => /^\d{4}-\d\d-\d\d-1\.log\.gz$/.test(n)), 'old log archived');
    assertEqual(await again.stop(), { code: 0, signal: null }, 'second stop exits 0');
  },

  // A bad value is an error naming the key (or flag), and the server does not start.
  async bad_configuration() {
    const dir = freshDir(tmp, 'bad_configuration');
    writeProperties(dir, { 'server-port': 'twenty' });
    let s = new Server(binary, dir);
    await s.start({ waitDone: false });
    let exit = await s.waitExit();
    assertEqual(exit.code, 1, 'bad server-port: exit 1');
    assert(s.lines.some((l) => /ERROR\]: .*server-port/.test(l)), 'the error names server-port');
    assert(!fs.existsSync(path.join(dir, 'world')), 'no world was created');

    writeProperties(dir, await baseProps());
    s = new Server(binary, dir, ['--port', '70000']);
    await s.start({ waitDone: false });
    exit = await s.waitExit();
    assertEqual(exit.code, 1, 'bad --port: exit 1');
    assert(s.lines.some((l) => /ERROR\]: .*--port/.test(l)), 'the error names --port');

    s = new Server(binary, dir, ['--frobnicate']);
    await s.start({ waitDone: false });
    exit = await s.waitExit();
    assertEqual(exit.code, 2, 'unknown flag: exit 2');
    assert(s.stderr.includes("unknown option '--frobnicate'"), 'unknown flag is named');

    // The port in use: the server says so and does not start.
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise((r) => blocker.listen(port, '127.0.0.1', r));
    writeProperties(dir, { ...(await baseProps()), 'server-port': port });
    s = new Server(binary, dir);
    await s.start({ waitDone: false });
    exit = await s.waitExit();
    blocker.close();
    assertEqual(exit.code, 1, 'port in use: exit 1');
    assert(s.messages().includes('**** FAILED TO BIND TO PORT!'), 'vanilla\'s bind failure line');
  },

  // Commands on the console: vanilla answers, errors change nothing.
  async console_commands() {
    const dir = freshDir(tmp, 'console_commands');
    writeProperties(dir, await baseProps({ 'level-seed': '12345' }));
    const s = new Server(binary, dir);
    await s.start();
    assert((await s.command('seed', /Seed: /)).endsWith('Seed: [12345]'), 'seed');
    assert((await s.command('list', /players online/)).endsWith('There are 0 of a max of 20 players online: '), 'list');
    await s.command('summon minecraft:villager 100 -60 100', /Summoned new Villager/);
    await s.command('summon villager ~ ~ ~ {Tags:["t"],CustomName:\'{"text":"Bob"}\'}', /Summoned new Bob/);
    let from = s.lines.length;
    await s.command('frobnicate', /<--\[HERE\]/);
    assert(s.messages(from).some((m) => m.startsWith('Unknown or incomplete command')), 'unknown command');
    await s.command('kill @e[tag=t]', /Killed Bob/);
    await s.command('time set noon', /Set the time to 6000/);
    await s.command('time query daytime', /The time is 600\d/);
    await s.command('/gamerule doDaylightCycle false', /Gamerule doDaylightCycle is now set to: false/);
    from = s.lines.length;
    await s.command('setblock 0 -60 notanumber stone', /<--\[HERE\]/);
    await s.command('setblock 3 -60 3 minecraft:stone', /Changed the block at 3, -60, 3/);
    await s.command('forceload add 200 200', /Marked chunk \[12, 12\] in minecraft:overworld to be force loaded/);
    await s.command('forceload query', /force loaded/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // SIGTERM and SIGINT stop cleanly and save: a summoned mob is there after restart.
  async signals() {
    const dir = freshDir(tmp, 'signals');
    writeProperties(dir, await baseProps());
    for (const signal of ['SIGTERM', 'SIGINT']) {
      const s = new Server(binary, dir);
      await s.start();
      const tag = `sig_${signal}`;
      await s.command(`summon zombie 5 -60 5 {NoAI:1b,Tags:["${tag}"]}`, /Summoned new Zombie/);
      s.kill(signal);
      assertEqual(await s.waitExit(), { code: 0, signal: null }, `${signal} exits 0`);
      assert(s.messages().includes('ThreadedAnvilChunkStorage: All dimensions are saved'), `${signal} saves`);
      const stored = await storedEntities(path.join(dir, 'world'));
      assertEqual(stored.filter((e) => (e.entity.Tags ?? []).includes(tag)).length, 1, `${signal}: the zombie is stored once`);
    }
  },

  // What the server writes is read by third-party code: level.dat and every region, entities and
  // poi chunk by prismarine-nbt, block chunks by prismarine-provider-anvil.
  async anvil_interop() {
    const dir = freshDir(tmp, 'anvil_interop');
    writeProperties(dir, await baseProps({ 'level-seed': '42' }));
    const s = new Server(binary, dir);
    await s.start();
    await s.command('setblock 20 -58 20 minecraft:oak_stairs[facing=east,half=top]', /Changed the block/);
    await s.command('summon villager 20.5 -60 20.5 {Tags:["anvil"],VillagerData:{level:2,profession:"minecraft:farmer",type:"minecraft:plains"}}', /Summoned new Villager/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
    const world = path.join(dir, 'world');

    const level = await parseNbt(fs.readFileSync(path.join(world, 'level.dat')));
    assertEqual(level.Data.DataVersion, 3700, 'level.dat DataVersion');
    assertEqual(level.Data.LevelName, 'world', 'LevelName');
    assertEqual(level.Data.version, 19133, 'version');
    assertEqual(level.Data.WorldGenSettings.seed, [0, 42], 'seed (prismarine-nbt gives a long as [high, low])');
    assertEqual(level.Data.GameRules.doDaylightCycle, 'true', 'game rules are strings');
    assert(level.Data.Time > 0, 'Time advanced');

    const { Anvil } = requireInterop('prismarine-provider-anvil');
    const AnvilForVersion = Anvil('1.20.4');
    const anvil = new AnvilForVersion(path.join(world, 'region'));
    const Vec3 = requireInterop('vec3');
    const chunk = await anvil.load(1, 1);
    assert(chunk, 'chunk [1, 1] loads in prismarine-provider-anvil');
    assertEqual(chunk.getBlock(new Vec3(0, -64, 0)).name, 'bedrock', 'bedrock at the bottom');
    assertEqual(chunk.getBlock(new Vec3(0, -61, 0)).name, 'grass_block', 'grass on top');
    assertEqual(chunk.getBlock(new Vec3(0, -60, 0)).name, 'air', 'air above');
    const stairs = chunk.getBlock(new Vec3(4, -58, 4));
    assertEqual(stairs.name, 'oak_stairs', 'the stairs set by command');
    assertEqual(stairs.getProperties().facing, 'east', 'stairs facing');
    assertEqual(stairs.getProperties().half, 'top', 'stairs half');

    // Every chunk of every region file parses; entities and POIs have vanilla's layout.
    let pois = 0;
    for (const kind of ['region', 'entities', 'poi']) {
      for (const f of fs.readdirSync(path.join(world, kind))) {
        for (const c of regionChunks(path.join(world, kind, f))) {
          const root = await parseNbt(zlib.inflateSync(c.payload));
          assertEqual(root.DataVersion, 3700, `${kind}/${f} DataVersion`);
          if (kind === 'poi') {
            for (const [y, section] of Object.entries(root.Sections)) {
              assert(Number.isInteger(Number(y)), 'POI section keys are section y');
              for (const r of section.Records) {
                assert(typeof r.type === 'string' && r.type.startsWith('minecraft:'), 'POI type id');
                assertEqual(r.pos.length, 3, 'POI pos is [I; x, y, z]');
                assert(Number.isInteger(r.free_tickets), 'free_tickets');
                ++pois;
              }
            }
          }
        }
      }
    }
    assert(pois >= 9, `the village's POIs are stored (${pois})`);
    const stored = await storedEntities(world);
    const v = stored.find((e) => (e.entity.Tags ?? []).includes('anvil'));
    assert(v, 'the villager is in entities/');
    assertEqual(v.entity.id, 'minecraft:villager', 'entity id');
    assert(UUID_RE.test(uuidFromInts(v.entity.UUID)), 'UUID is 4 ints');
    assertEqual(v.entity.Pos.length, 3, 'Pos');
    assertEqual(v.entity.VillagerData.profession, 'minecraft:farmer', 'VillagerData kept');
    assertEqual(v.chunk, [1, 1], 'Position of its entity chunk');
  },

  // RCON with the npm rcon-client: the same answers as the console; a wrong password is refused.
  async rcon() {
    const dir = freshDir(tmp, 'rcon');
    const props = await baseProps({ 'enable-rcon': 'true', 'rcon.password': 'hunter2' });
    writeProperties(dir, props);
    const s = new Server(binary, dir);
    await s.start();
    await s.waitFor(/RCON running on 127\.0\.0\.1:\d+/);
    const { Rcon } = requireInterop('rcon-client');
    const rcon = await Rcon.connect({ host: '127.0.0.1', port: props['rcon.port'], password: 'hunter2' });
    const list = await rcon.send('list');
    const consoleList = await s.command('list', /INFO\]: There are \d+ of a max/);
    assert(consoleList.endsWith(list), `RCON and console answer alike: ${JSON.stringify(list)}`);
    assertEqual(await rcon.send('summon villager 3 -60 3'), 'Summoned new Villager', 'summon over RCON');
    await s.waitFor(/\[Rcon: Summoned new Villager\]/);
    const bad = await rcon.send('summon nothing_here 0 0 0');
    assert(bad.length > 0, 'an error is answered too');
    const help = await rcon.send('help');
    for (const cmd of ['/summon', '/kill', '/tick', '/forceload', '/brain', '/poi', '/plugins'])
      assert(help.includes(cmd), `help lists ${cmd}`);
    await rcon.end();
    let refused = null;
    try {
      const wrong = await Rcon.connect({ host: '127.0.0.1', port: props['rcon.port'], password: 'wrong', timeout: 5000 });
      await wrong.end();
    } catch (e) {
      refused = e;
    }
    assert(refused && /auth/i.test(String(refused.message)), `a wrong password is refused (${refused})`);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // Garbage on the RCON port is disconnected and disturbs nothing.
  async rcon_bad_input() {
    const dir = freshDir(tmp, 'rcon_bad_input');
    const props = await baseProps({ 'enable-rcon': 'true', 'rcon.password': 'pw' });
    writeProperties(dir, props);
    const s = new Server(binary, dir);
    await s.start();
    await s.waitFor(/RCON running on/);
    const closedAfter = (bytes) => new Promise((resolve, reject) => {
      const sock = net.connect(props['rcon.port'], '127.0.0.1', () => sock.write(bytes));
      sock.on('data', () => {});
      sock.on('error', () => {});
      sock.on('close', () => resolve(true));
      setTimeout(() => { sock.destroy(); reject(new Error(`not disconnected after ${bytes.toString('hex').slice(0, 32)}`)); }, 10000);
    });
    const negative = Buffer.alloc(12); negative.writeInt32LE(-5, 0);
    const huge = Buffer.alloc(12); huge.writeInt32LE(1 << 30, 0);
    const tiny = Buffer.alloc(12); tiny.writeInt32LE(3, 0);
    await closedAfter(negative);
    await closedAfter(huge);
    await closedAfter(tiny);
    // A command before login is answered as vanilla does, with the auth failure (request id -1).
    const reply = await new Promise((resolve, reject) => {
      const sock = net.connect(props['rcon.port'], '127.0.0.1', () => {
        const cmd = Buffer.alloc(4 + 14); cmd.writeInt32LE(14, 0); cmd.writeInt32LE(7, 4); cmd.writeInt32LE(2, 8); cmd.write('list', 12);
        sock.write(cmd);
      });
      let got = Buffer.alloc(0);
      sock.on('data', (d) => {
        got = Buffer.concat([got, d]);
        if (got.length >= 14) { sock.destroy(); resolve(got); }
      });
      sock.on('error', reject);
      setTimeout(() => { sock.destroy(); reject(new Error('no answer to a command before login')); }, 10000);
    });
    assertEqual(reply.readInt32LE(4), -1, 'request id of the answer to a command before login');
    // The server still ticks and answers.
    await s.command('time query gametime', /The time is \d+/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // Server list ping with minecraft-server-util: modern status and the legacy forms.
  async ping() {
    const dir = freshDir(tmp, 'ping');
    const props = await baseProps({ motd: 'mobsdk test server', 'max-players': 7 });
    writeProperties(dir, props);
    const s = new Server(binary, dir);
    await s.start();
    const util = requireInterop('minecraft-server-util');
    const st = await util.status('127.0.0.1', props['server-port'], { timeout: 5000, enableSRV: false });
    assertEqual(st.version.name, '1.20.4', 'version name');
    assertEqual(st.version.protocol, 765, 'protocol');
    assertEqual(st.players.max, 7, 'max players');
    assertEqual(st.players.online, 0, 'online');
    assertEqual(st.motd.clean, 'mobsdk test server', 'motd');
    assert(st.roundTripLatency >= 0, 'ping/pong answered');
    const legacy = await util.statusLegacy('127.0.0.1', props['server-port'], { timeout: 5000, enableSRV: false });
    assertEqual(legacy.players.max, 7, 'legacy max players');
    assertEqual(legacy.motd.clean, 'mobsdk test server', 'legacy motd');
    const fe = await util.statusFE('127.0.0.1', props['server-port'], { timeout: 5000, enableSRV: false });
    assertEqual(fe.players.max, 7, 'pre-1.4 ping max players');
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // A chunk unloads when its last ticket goes and comes back with its entities and their
  // long-term memories (the short-term ones are covered in tests/server/world/test_chunk_lifecycle.cpp,
  // as the vanilla villager brain arrives with its plugin).
  async unload_reload() {
    const dir = freshDir(tmp, 'unload_reload');
    writeProperties(dir, await baseProps());
    const s = new Server(binary, dir);
    await s.start();
    const uuid = '00000001-0000-0002-0003-000000000004';  // [I; 1, 2, 196608, 4]
    await s.command('forceload add 500 500', /to be force loaded/);
    await s.command('summon villager 500.5 -60 500.5 {UUID:[I;1,2,196608,4],NoAI:1b,Brain:{memories:{"minecraft:home":{value:{dimension:"minecraft:overworld",pos:[I;500,-60,505]}}}}}', /Summoned new Villager/);
    await s.command(`data get entity ${uuid} Pos`, /has the following entity data/);
    const gameTime = async () => Number((await s.command('time query gametime', /The time is \d+/)).match(/The time is (\d+)/)[1]);
    const t0 = await gameTime();
    await s.command('forceload remove 500 500', /Unmarked chunk \[31, 31\] in minecraft:overworld for force loading/);
    // Within 100 ticks the chunk is saved and unloaded: the villager cannot be targeted.
    const probe = (expect) => async () => (await s.command(`data get entity ${uuid} Pos`, /has the following entity data|No entity was found/)).includes(expect);
    await until(probe('No entity was found'), { what: 'the chunk to unload' });
    const t1 = await gameTime();
    assert(t1 - t0 <= 100, `unloaded within 100 ticks (took ${t1 - t0})`);
    const stored = await storedEntities(path.join(dir, 'world'));
    const mine = stored.filter((e) => uuidFromInts(e.entity.UUID) === uuid);
    assertEqual(mine.length, 1, 'stored once while unloaded');
    assertEqual(mine[0].entity.Brain.memories['minecraft:home'].value.pos, [500, -60, 505], 'home stored');
    await s.command('forceload add 500 500', /to be force loaded/);
    await until(probe('has the following entity data'), { what: 'the chunk to load again' });
    const brain = await s.command(`data get entity ${uuid} Brain`, /has the following entity data/);
    assert(brain.includes('minecraft:home') && brain.includes('505'), `home remembered after reload: ${brain}`);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // SIGKILL during saves, many times: every chunk still parses and every entity is on disk once.
  async crash_consistency() {
    const dir = freshDir(tmp, 'crash_consistency');
    writeProperties(dir, await baseProps());
    const world = path.join(dir, 'world');
    // mulberry32: a seeded generator whose arithmetic stays exact in JavaScript numbers.
    let seed = 20261122;
    const rand = (n) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    // A block-centred coordinate in the spawn chunks (chunks -2..2: blocks -32..47).
    const spawnCoord = () => rand(80) - 32 + 0.5;
    const count = 16;
    const uuids = [];
    let s = new Server(binary, dir);
    await s.start();
    for (let i = 0; i < count; ++i) {
      const ints = [0x4d4f4253, 0x444b0000 + i, -2147483648, i + 1];
      uuids.push(uuidFromInts(ints));
      // Invulnerable: a zombie in the sun burns (NoAI or not, as in vanilla), and over 40 short
      // lives one of them could burn to death; a dead zombie is rightly gone from disk, which this
      // test would read as a lost entity (it did once, under load, in session 11).
      await s.command(`summon zombie ${spawnCoord()} -60 ${spawnCoord()} {UUID:[I;${ints.join(',')}],NoAI:1b,Invulnerable:1b,Tags:["crash"]}`, /Summoned new Zombie/);
    }
    await s.command('save-all flush', /Saved the game/);
    const check = async (round) => {
      for (const kind of ['region', 'entities', 'poi'])
        for (const f of fs.readdirSync(path.join(world, kind)).filter((n) => n.endsWith('.mca')))
          for (const c of regionChunks(path.join(world, kind, f))) await parseNbt(zlib.inflateSync(c.payload));
      const stored = await storedEntities(world);
      for (const u of uuids) {
        const n = stored.filter((e) => uuidFromInts(e.entity.UUID) === u).length;
        assertEqual(n, 1, `round ${round}: copies of ${u} on disk`);
      }
      for (const e of stored.filter((x) => uuids.includes(uuidFromInts(x.entity.UUID)))) {
        // Nothing may hurt them (see the summon): a wound means the test no longer isolates storage.
        assertEqual(e.entity.Health, 20, `round ${round}: health of ${uuidFromInts(e.entity.UUID)}`);
      }
    };
    const rounds = Number(process.env.MOBSDK_CRASH_ROUNDS ?? 40);
    let killedInSave = 0;
    let replayed = 0;
    for (let round = 0; round < rounds; ++round) {
      if (round > 0) {
        // The restart replays the journal of a save the kill interrupted (before anything reads
        // or writes chunks); from then on the files hold the old or the new state of that save.
        s = new Server(binary, dir);
        await s.start();
        if (s.lines.some((l) => /journal/i.test(l))) ++replayed;
        await check(round - 1);
      }
      // Move the zombies across chunk borders and save, over and over; kill at a random moment.
      const deadline = rand(40) + 5;
      for (let step = 0; step < deadline; ++step) {
        const i = rand(count);
        s.proc.stdin.write(`tp ${uuids[i]} ${spawnCoord()} -60 ${spawnCoord()}\n`);
        if (rand(3) === 0) s.proc.stdin.write('save-all\n');
      }
      const from = s.lines.length;
      s.proc.stdin.write('save-all flush\n');
      await s.waitFor(/Saving the game/, { from });
      await new Promise((r) => setTimeout(r, rand(6)));  // the kill lands anywhere in the save
      const saved = s.lines.slice(from).some((l) => l.includes('Saved the game'));
      if (!saved) ++killedInSave;
      s.kill('SIGKILL');
      await s.waitExit();
    }
    console.log(`crash_consistency: ${rounds} kills, ${killedInSave} of them before the save finished; ${replayed} restarts found a journal`);
    s = new Server(binary, dir);
    await s.start();
    await check(rounds - 1);
    const tp = await s.command('tp @e[tag=crash] 0 -60 0', /Teleported/);
    assert(tp.includes(`Teleported ${count} entities`), `all ${count} zombies load: ${tp}`);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
    await check('final');
  },

  // A chunk that fails to parse is copied aside with a warning, regenerated, and never overwritten.
  async corrupt_chunk() {
    const dir = freshDir(tmp, 'corrupt_chunk');
    writeProperties(dir, await baseProps());
    let s = new Server(binary, dir);
    await s.start();
    await s.command('setblock 20 -58 20 minecraft:stone', /Changed the block/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
    const file = path.join(dir, 'world', 'region', 'r.0.0.mca');
    const buf = fs.readFileSync(file);
    const loc = buf.readUInt32BE((1 + 1 * 32) * 4);  // chunk [1, 1]
    const start = (loc >>> 8) * 4096;
    const length = buf.readUInt32BE(start);
    buf.fill(0x5a, start + 5, start + 4 + length);  // the zlib stream becomes garbage
    fs.writeFileSync(file, buf);
    const original = buf.subarray(start + 4, start + 4 + length);

    s = new Server(binary, dir);
    await s.start();
    const warn = s.lines.find((l) => /WARN\]: .*chunk \[1, 1\].*copied aside to region\/r\.0\.0\.mca\.corrupt-1-1-\d+/.test(l));
    assert(warn, `a warning names the chunk and the copy\n${s.tail()}`);
    await s.command('time query gametime', /The time is/);  // the server runs
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
    const copies = fs.readdirSync(path.join(dir, 'world', 'region')).filter((n) => n.startsWith('r.0.0.mca.corrupt-1-1-'));
    assertEqual(copies.length, 1, 'one copy');
    const copy = fs.readFileSync(path.join(dir, 'world', 'region', copies[0]));
    assert(copy.includes(original.subarray(1)), 'the copy holds the damaged bytes');
    // The regenerated chunk was saved into other sectors and parses again.
    const chunk = regionChunks(file).find((c) => c.x === 1 && c.z === 1);
    const root = await parseNbt(zlib.inflateSync(chunk.payload));
    assertEqual(root.xPos, 1, 'the chunk was regenerated and saved');
  },
  // Plugin refusals (issue 6): each refused library is one ERROR line naming the file and the
  // reason; the server starts anyway with the plugins that passed.
  async plugin_refusals() {
    const dir = freshDir(tmp, 'plugin_refusals');
    writeProperties(dir, await baseProps());
    const plugins = path.join(dir, 'plugins');
    fs.mkdirSync(plugins);
    const names = ['good', 'good_again', 'wrong_abi', 'bad_fingerprint', 'no_entry', 'throws', 'needs_missing', 'copycat'];
    for (const n of names) fs.copyFileSync(path.join(testPluginDir, `${n}.so`), path.join(plugins, `${n}.so`));
    const s = new Server(binary, dir);
    await s.start();
    const file = (n) => path.join(plugins, `${n}.so`);
    const expected = [
      `Refused plugin ${file('bad_fingerprint')}: built with an incompatible toolchain: plugin "not-this-toolchain", server "`,
      `Refused plugin ${file('good_again')}: duplicate plugin id 'good', already loaded from ${file('good')}`,
      `Refused plugin ${file('needs_missing')}: missing dependency 'nowhere'`,
      `Refused plugin ${file('no_entry')}: no entry point mobsdk_plugin_entry (not a mobsdk plugin)`,
      `Refused plugin ${file('wrong_abi')}: plugin ABI version 2, this server supports version 1`,
      `Refused plugin ${file('copycat')}: registration failed: entity type good:thing is registered by both 'good' and 'copycat'`,
      `Refused plugin ${file('throws')}: registration failed: no luck today`,
    ];
    const errors = s.lines.filter((l) => /\/ERROR\]: Refused plugin /.test(l)).map((l) => l.replace(/^.*?\]: /, ''));
    assertEqual(errors.length, expected.length, `one line per refused library:\n${errors.join('\n')}`);
    for (const e of expected) assert(errors.some((l) => l.startsWith(e)), `logged: ${e}\n${errors.join('\n')}`);
    assert(s.messages().includes(`Loaded plugin good 1.0.0 (Good test plugin) from ${file('good')}`), 'good loaded');
    await s.command('plugins', /Loaded plugins \(1\):/);
    await s.command('summon good:thing 0.5 -60 0.5', /Summoned new /);
    await s.command('summon throws:thing 0.5 -60 0.5', /Unknown|Can't find/i);
    await s.command('time query gametime', /The time is/);  // still ticking
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // `reload` (issue 6): an example mob keeps its long-term memory (example:sightings) and loses
  // its short-term one (example:nearest_villager), as a chunk unload and reload would.
  async plugin_reload() {
    const dir = freshDir(tmp, 'plugin_reload');
    writeProperties(dir, await baseProps());
    fs.mkdirSync(path.join(dir, 'plugins'));
    fs.copyFileSync(path.join(pluginDir, 'example.so'), path.join(dir, 'plugins', 'example.so'));
    const s = new Server(binary, dir);
    await s.start();
    const uuid = '00000001-0000-0002-0003-000000000005';
    await s.command('summon example:watcher 2.5 -60 2.5 {UUID:[I;1,2,196608,5]}', /Summoned new Watcher/);
    await s.command('summon villager 5.5 -60 2.5 {NoAI:1b}', /Summoned new Villager/);
    const brainOf = async () => {
      const from = s.lines.length;
      await s.command(`brain ${uuid}`, /Memories \(\d+\):/);
      await s.waitFor(/example:sightings: /, { from });
      const lines = s.messages(from);
      return {
        nearest: lines.find((l) => l.startsWith('  example:nearest_villager: ')),
        sightings: lines.find((l) => l.startsWith('  example:sightings: ')),
      };
    };
    await until(async () => !(await brainOf()).nearest.endsWith('(empty)'), { what: 'the sensor to see the villager' });
    const before = await brainOf();
    assert(/count: ?1\b/.test(before.sightings), `one sighting: ${before.sightings}`);
    // Frozen, so that no sensor scan runs between the reload and the look at the brain.
    await s.command('tick freeze', /The game is frozen/);
    const from = s.lines.length;
    await s.command('reload', /Reloading!/);
    await s.waitFor(/Reloaded 1 plugin \(example 1\.0\.0\), 0 refused; \d+ of \d+ entities back, 0 kept in storage/, { from });
    const after = await brainOf();
    assertEqual(after.sightings, before.sightings, 'long-term memory survives reload');
    assertEqual(after.nearest, '  example:nearest_villager: (empty)', 'short-term memory reset by reload');
    await s.command('tick unfreeze', /running normally/);
    // Seen again after the reset: a second sighting.
    await until(async () => /count: ?2\b/.test((await brainOf()).sightings), { what: 'a second sighting' });
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // The villager plugin in the default world: the village's villagers claim beds, job sites and
  // the bell and take professions, sleep at night, and keep what they claimed over a reload.
  async villagers() {
    const dir = freshDir(tmp, 'villagers');
    writeProperties(dir, await baseProps());
    fs.mkdirSync(path.join(dir, 'plugins'));
    fs.copyFileSync(path.join(pluginDir, 'villager.so'), path.join(dir, 'plugins', 'villager.so'));
    const s = new Server(binary, dir);
    await s.start();
    assert(s.messages().some((m) => /^Loaded plugin villager 1\.0\.0/.test(m)), 'the villager plugin loads');
    const sprint = async (ticks) => {
      const from = s.lines.length;
      await s.command(`tick sprint ${ticks}`, /The game is sprinting/);
      await s.waitFor(/Sprint completed with/, { from, timeoutMs: 120000 });
    };
    const villagers = async () => {
      await s.command('save-all flush', /Saved the game/);
      return (await storedEntities(path.join(dir, 'world'))).filter((e) => e.entity.id === 'minecraft:villager').map((e) => e.entity);
    };
    await s.command('time set 1000', /Set the time to 1000/);
    await sprint(1200);
    let vs = await villagers();
    assertEqual(vs.length, 4, 'the default village has four villagers');
    for (const v of vs) {
      const m = v.Brain.memories;
      assert(m['minecraft:home'] && m['minecraft:job_site'] && m['minecraft:meeting_point'],
        `a villager claims a bed, a job site and the bell: ${Object.keys(m).join(', ')}`);
      assert(v.VillagerData.profession !== 'minecraft:none', `and takes a profession: ${v.VillagerData.profession}`);
    }
    const homes = new Set(vs.map((v) => v.Brain.memories['minecraft:home'].value.pos.join(',')));
    assertEqual(homes.size, 4, 'four different beds');
    // The schedule: work at 2000-9000 for a villager with a job site.
    const uuid = (v) => uuidFromInts(v.UUID);
    const activities = async (v) => (await s.command(`brain ${uuid(v)}`, /Activities: /)).match(/Activities: (.*)/)[1];
    await s.command('time set 3000', /Set the time to 3000/);
    await sprint(40);
    assert((await activities(vs[0])).includes('minecraft:work'), 'working at 3000');
    await s.command('time set 9500', /Set the time to 9500/);
    await sprint(40);
    assert((await activities(vs[0])).includes('minecraft:meet'), 'meeting at 9500');
    // Night: everyone goes to bed.
    await s.command('time set 12500', /Set the time to 12500/);
    await sprint(1200);
    vs = await villagers();
    const asleep = vs.filter((v) => v.SleepingX !== undefined);
    assert(asleep.length >= 3, `villagers sleep at night (${asleep.length} of 4)`);
    for (const v of asleep) assert(v.Brain.memories['minecraft:last_slept'], 'LAST_SLEPT is remembered');
    // A reload keeps what they claimed (long-term memories) and their professions.
    const before = new Map(vs.map((v) => [uuid(v), [v.Brain.memories['minecraft:job_site'].value.pos.join(','), v.VillagerData.profession]]));
    const from = s.lines.length;
    await s.command('reload', /Reloading!/);
    await s.waitFor(/Reloaded 1 plugin \(villager 1\.0\.0\), 0 refused/, { from });
    vs = await villagers();
    for (const v of vs) assertEqual([v.Brain.memories['minecraft:job_site'].value.pos.join(','), v.VillagerData.profession],
      before.get(uuid(v)), 'job site and profession kept over reload');
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // Panicking villagers summon iron golems: three penned villagers that slept see a zombie; a
  // golem appears (at a game time divisible by 100) and they all remember it.
  async golem_summoning() {
    const dir = freshDir(tmp, 'golem_summoning');
    writeProperties(dir, await baseProps());
    fs.mkdirSync(path.join(dir, 'plugins'));
    fs.copyFileSync(path.join(pluginDir, 'villager.so'), path.join(dir, 'plugins', 'villager.so'));
    const s = new Server(binary, dir);
    await s.start();
    await s.command('time set 18000', /Set the time to 18000/);
    await s.command('forceload add 184 184 216 216', /to be force loaded/);
    // Force-loaded chunks load at the next tick.
    await until(async () => (await s.command('setblock 200 -60 210 stone', /Changed the block|That position is not loaded/)).includes('Changed'),
      { what: 'the force-loaded chunks' });
    // Three pens of fences (1.5 high: the villagers see over them) and a zombie without AI.
    for (const [i, x] of [200, 203, 206].entries()) {
      // A ring of connected fences (setblock does not connect them by itself).
      const ring = (dx, dz) => Math.max(Math.abs(dx), Math.abs(dz)) === 1;
      for (let dx = -1; dx <= 1; ++dx) {
        for (let dz = -1; dz <= 1; ++dz) {
          if (!ring(dx, dz)) continue;
          const side = (ox, oz) => (Math.abs(dx + ox) <= 1 && Math.abs(dz + oz) <= 1 && ring(dx + ox, dz + oz) ? 'true' : 'false');
          await s.command(`setblock ${x + dx} -60 ${200 + dz} oak_fence[north=${side(0, -1)},south=${side(0, 1)},east=${side(1, 0)},west=${side(-1, 0)}]`,
            /Changed the block/);
        }
      }
      await s.command(`summon villager ${x}.5 -60 200.5 {UUID:[I;1,2,196608,${20 + i}],Brain:{memories:{"minecraft:last_slept":{value:0L}}}}`,
        /Summoned new Villager/);
    }
    await s.command('summon zombie 203.5 -60 204.5 {NoAI:1b,Invulnerable:1b}', /Summoned new Zombie/);
    const golems = async () => !(await s.command('data get entity @e[type=iron_golem,limit=1] Pos', /has the following entity data|No entity was found/)).includes('No entity was found');
    const from = s.lines.length;
    await s.command('tick sprint 400', /The game is sprinting/);
    await s.waitFor(/Sprint completed with/, { from, timeoutMs: 120000 });
    assert(await golems(), 'a golem was summoned');
    for (const i of [20, 21, 22]) {
      const brain = await s.command(`data get entity 00000001-0000-0002-0003-0000000000${i.toString(16)} Brain.memories`,
        /has the following entity data/);
      assert(brain.includes('minecraft:golem_detected_recently'), `the villagers remember the golem: ${brain}`);
    }
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // A plugin that fails to load on reload leaves its mobs saved: they wait in storage and come
  // back, memories and all, when the plugin loads again.
  async plugin_reload_failure() {
    const dir = freshDir(tmp, 'plugin_reload_failure');
    writeProperties(dir, await baseProps());
    const lib = path.join(dir, 'plugins', 'example.so');
    fs.mkdirSync(path.join(dir, 'plugins'));
    fs.copyFileSync(path.join(pluginDir, 'example.so'), lib);
    const s = new Server(binary, dir);
    await s.start();
    // Frozen, so the watcher cannot sense the village's villagers and change its count before
    // the reloads (which run between server ticks, frozen or not).
    await s.command('tick freeze', /The game is frozen/);
    const uuid = '00000001-0000-0002-0003-000000000006';
    await s.command('summon example:watcher 2.5 -60 2.5 {UUID:[I;1,2,196608,6],Brain:{memories:{"example:sightings":{value:{count:7,last_seen:5L}}}}}',
      /Summoned new Watcher/);
    // A broken build replaces the plugin.
    fs.copyFileSync(path.join(testPluginDir, 'wrong_abi.so'), lib);
    let from = s.lines.length;
    await s.command('reload', /Reloading!/);
    await s.waitFor(new RegExp(`Refused plugin ${lib.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: plugin ABI version 2`), { from });
    await s.waitFor(/Reloaded 0 plugins, 1 refused; \d+ of \d+ entities back, 1 kept in storage/, { from });
    await s.command(`data get entity ${uuid}`, /No entity was found/);
    await s.command('save-all flush', /Saved the game/);
    const stored = (await storedEntities(path.join(dir, 'world'))).filter((e) => uuidFromInts(e.entity.UUID) === uuid);
    assertEqual(stored.length, 1, 'the watcher is in storage once');
    assertEqual(stored[0].entity.id, 'example:watcher', 'stored as it was');
    assertEqual(stored[0].entity.Brain.memories['example:sightings'].value.count, 7, 'with its memories');
    // The fixed build comes back.
    fs.copyFileSync(path.join(pluginDir, 'example.so'), lib);
    from = s.lines.length;
    await s.command('reload', /Reloading!/);
    await s.waitFor(/Reloaded 1 plugin \(example 1\.0\.0\), 0 refused; \d+ of \d+ entities back, 0 kept in storage/, { from });
    const brain = await s.command(`data get entity ${uuid} Brain`, /has the following entity data/);
    assert(/"example:sightings": \{value: \{count: 7, last_seen: 5L\}\}/.test(brain), `sightings back: ${brain}`);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },
};

// Further tests live in suites/<area>.mjs, each exporting `tests`: functions that take
// {binary, tmp, pluginDir, testPluginDir}. CMakeLists.txt finds their names there.
const ctx = { binary, tmp, pluginDir, testPluginDir };
const suiteDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'suites');
for (const file of fs.existsSync(suiteDir) ? fs.readdirSync(suiteDir).filter((f) => f.endsWith('.mjs')).sort() : []) {
  const suite = await import(path.join(suiteDir, file));
  for (const [name, fn] of Object.entries(suite.tests)) {
    if (tests[name]) throw new Error(`test '${name}' of suites/${file} is defined twice`);
    tests[name] = () => fn(ctx);
  }
}
const test = tests[testName];
if (!test) {
  console.error(`unknown test '${testName}'; tests: ${Object.keys(tests).join(', ')}`);
  process.exit(2);
}
fs.mkdirSync(tmp, { recursive: true });
try {
  await test();
  console.log(`${testName}: passed`);
  process.exit(0);
} catch (e) {
  console.error(`${testName}: FAILED\n${e.stack ?? e}`);
  process.exit(1);
}
