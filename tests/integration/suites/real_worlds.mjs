// Real worlds: a region file written by vanilla keeps everything the server does not model (blocks
// it does not know, block entities, ticks, structures, biomes, unknown keys) through a load, a change
// and a save; chunks of a newer DataVersion are never rewritten. The fixtures are vanilla's own
// files from the prismarine-provider-anvil package of tests/interop.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import {
  Server, assert, assertEqual, baseProps, checkRegionStrict, freshDir, parseNbt, regionChunks, requireInterop, until,
  writeProperties,
} from '../lib.mjs';

function fixture(version) {
  const dir = path.dirname(requireInterop.resolve('prismarine-provider-anvil/package.json'));
  return path.join(dir, 'test', 'fixtures', version, 'r.0.0.mca');
}

// A world folder holding only `region` as region/r.0.0.mca, started with --recreate-level-dat
// (no village is built over it).
async function worldWith(ctx, name, region) {
  const dir = freshDir(ctx.tmp, name);
  writeProperties(dir, await baseProps({ 'level-seed': '5' }));
  const world = path.resolve(dir, 'world');
  fs.mkdirSync(path.join(world, 'region'), { recursive: true });
  fs.copyFileSync(region, path.join(world, 'region', 'r.0.0.mca'));
  return { dir, world };
}

// Every chunk of a region file parsed, by "x,z".
async function parsedChunks(file) {
  const out = new Map();
  for (const c of regionChunks(file)) {
    const raw = c.compression === 2 ? zlib.inflateSync(c.payload) : zlib.gunzipSync(c.payload);
    out.set(`${c.x},${c.z}`, await parseNbt(raw));
  }
  return out;
}

// JSON with sorted keys: NBT compounds are unordered.
const canon = (v) => JSON.stringify(v, (_k, x) => {
  if (typeof x === 'bigint') return `${x}n`;
  if (x && typeof x === 'object' && !Array.isArray(x)) return Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1)));
  return x;
});

// The block name + properties at every position of a section, from its palette and packed data.
function sectionBlocks(sec) {
  const { palette, data } = sec.block_states;
  const names = palette.map((p) => canon(p));
  if (palette.length === 1) return new Array(4096).fill(names[0]);
  const bits = Math.max(4, Math.ceil(Math.log2(palette.length)));
  const per = Math.floor(64 / bits);
  const out = [];
  for (let i = 0; i < 4096; ++i) {
    const [hi, lo] = data[Math.floor(i / per)];
    const word = (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
    const idx = Number((word >> BigInt((i % per) * bits)) & ((1n << BigInt(bits)) - 1n));
    out.push(names[idx]);
  }
  return out;
}

// What the server may change in a chunk it rewrites: the keys it owns (light is recomputed, the
// heightmaps — the two it computes, and the others, dropped once blocks change because vanilla
// recomputes a missing one — LastUpdate and isLightOn, and Status, which 1.20 spells
// minecraft:full where 1.19 wrote full). Not the DataVersion: an older chunk keeps its own, so
// that vanilla still upgrades what the server kept as read.
function withoutOwned(chunk) {
  const c = { ...chunk };
  for (const k of ['LastUpdate', 'isLightOn', 'Status', 'sections', 'Heightmaps']) delete c[k];
  return c;
}

// The boxes the test fills with stone: one in chunk (0, 0), one in chunk (10, 0) beside its beehive
// (a block entity) in a chunk that references a mineshaft.
const FILLS = [
  { chunk: '0,0', from: [2, 100, 2], to: [5, 103, 5] },
  { chunk: '10,0', from: [164, 100, 4], to: [166, 101, 6] },
];
const filledAt = (x, y, z) => FILLS.some(({ from, to }) => x >= from[0] && x <= to[0] && y >= from[1] && y <= to[1] && z >= from[2] && z <= to[2]);

export const tests = {
  // A 1.19.4 region: fills in chunks (0, 0) and (10, 0) and a save change their filled blocks only.
  async real_world_keeps_what_it_does_not_know(ctx) {
    const source = fixture('1.19.4');
    const { dir, world } = await worldWith(ctx, 'real_world_keeps', source);
    const before = await parsedChunks(source);
    const s = new Server(ctx.binary, dir, ['--recreate-level-dat']);
    await s.start();
    for (const { from, to } of FILLS) {
      await s.command(`forceload add ${from[0]} ${from[2]}`, /.*/);
      // The forced chunk loads at the end of the next tick.
      await until(async () => /Successfully filled/.test(await s.command(`fill ${from.join(' ')} ${to.join(' ')} minecraft:stone`,
        /Successfully filled|That position is not loaded/)), { what: `chunk ${from[0] >> 4}, ${from[2] >> 4} loaded` });
    }
    await s.command('save-all flush', /Saved the game/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');

    const perBlockWarnings = s.lines.filter((l) => /read as air/.test(l));
    assertEqual(perBlockWarnings.length, 0, 'no per-block warnings');
    const summary = s.lines.filter((l) => /chunk \[0, 0\]: \d+ blocks of states this server does not know/.test(l));
    assert(summary.length <= 1, `at most one summary line for chunk [0, 0]:\n${summary.join('\n')}`);

    const after = await parsedChunks(path.join(world, 'region', 'r.0.0.mca'));
    assertEqual([...after.keys()].sort(), [...before.keys()].sort(), 'the same chunks');
    const changed = [];
    for (const [key, a] of after) {
      const b = before.get(key);
      if (canon(a) === canon(b)) continue;
      changed.push(key);
      assert(FILLS.some((f) => f.chunk === key), `only the filled chunks are rewritten (chunk ${key} differs)`);
      assertEqual(canon(withoutOwned(a)), canon(withoutOwned(b)), `chunk ${key}: every key it does not own is as read`);
      assertEqual(a.DataVersion, 3337, `chunk ${key} keeps 1.19.4's DataVersion`);
      assertEqual(Object.keys(a.Heightmaps).sort(), ['MOTION_BLOCKING', 'WORLD_SURFACE'],
        `chunk ${key}: the heightmaps the server does not compute are left for vanilla to recompute`);
      const bySecA = new Map(a.sections.map((x) => [x.Y, x]));
      for (const sb of b.sections) {
        const sa = bySecA.get(sb.Y);
        assert(sa, `section ${sb.Y} is written`);
        for (const k of Object.keys(sb)) {
          if (['block_states', 'SkyLight', 'BlockLight'].includes(k)) continue;
          assertEqual(canon(sa[k]), canon(sb[k]), `section ${sb.Y}.${k} as read`);
        }
        if (!sb.block_states) continue;
        const blocksA = sectionBlocks(sa);
        // 1.20.3 renamed minecraft:grass to minecraft:short_grass (DataVersion 3692); the server
        // upgrades it as vanilla would.
        const blocksB = sectionBlocks(sb).map((n) => (n === canon({ Name: 'minecraft:grass' }) ? canon({ Name: 'minecraft:short_grass' }) : n));
        for (let i = 0; i < 4096; ++i) {
          const x = a.xPos * 16 + (i & 15), z = a.zPos * 16 + ((i >> 4) & 15), y = sb.Y * 16 + (i >> 8);
          if (filledAt(x, y, z)) assertEqual(blocksA[i], canon({ Name: 'minecraft:stone' }), `filled ${x} ${y} ${z}`);
          else if (blocksA[i] !== blocksB[i]) throw new Error(`block ${x} ${y} ${z} was ${blocksB[i]}, is ${blocksA[i]}`);
        }
      }
    }
    assertEqual(changed.sort(), FILLS.map((f) => f.chunk).sort(), 'the filled chunks were rewritten');
    const beehive = after.get('10,0').block_entities;
    assertEqual(beehive.map((e) => `${e.id}@${e.x},${e.y},${e.z}`), ['minecraft:beehive@171,65,1'], 'the beehive is kept');
  },

  // 1.20.6 and 1.21.1 regions: every chunk refused with one ERROR line each, the files untouched.
  async newer_worlds_are_never_rewritten(ctx) {
    for (const version of ['1.20.6', '1.21.1']) {
      const source = fixture(version);
      const { dir, world } = await worldWith(ctx, `newer_${version}`, source);
      const s = new Server(ctx.binary, dir, ['--recreate-level-dat']);
      await s.start();
      await s.command('forceload add 0 0', /.*/);
      await s.command('time add 40', /.*/);
      await s.command('save-all flush', /Saved the game/);
      assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
      assert(fs.readFileSync(path.join(world, 'region', 'r.0.0.mca')).equals(fs.readFileSync(source)),
        `${version}: region/r.0.0.mca is byte-identical`);
      const errors = s.lines.filter((l) => /\/ERROR\]: Chunk \[0, 0\] is not loaded/.test(l));
      assertEqual(errors.length, 1, `${version}: one ERROR line for chunk [0, 0]\n${s.tail()}`);
      assert(/region\/r\.0\.0\.mca chunk \[0, 0\]: DataVersion \d+ is newer than 1\.20\.4's \(3700\)/.test(errors[0]),
        `${version}: it names the file, the chunk and the DataVersion: ${errors[0]}`);
    }
  },
  // 1.18.2 and 1.19.4 regions, loaded and saved with no change: every block is known (no warning),
  // nothing is taken for damaged, no chunk is rewritten (vanilla's compressed bytes stay), and every
  // region file the server leaves passes the strict region checker. A chunk vanilla had not finished
  // generating is left as it is: the server cannot generate vanilla terrain.
  async real_worlds_load_whole(ctx) {
    for (const version of ['1.18.2', '1.19.4']) {
      const source = fixture(version);
      const { dir, world } = await worldWith(ctx, `whole_${version}`, source);
      const vanilla = new Map((await checkRegionStrict(source)).map((c) => [`${c.x},${c.z}`, c]));
      const unfinished = [...vanilla.values()].find((c) => !/full$/.test(c.root.Status) && c.x > 8);
      assert(unfinished, `${version}: the fixture has an unfinished chunk`);
      const s = new Server(ctx.binary, dir, ['--recreate-level-dat']);
      await s.start();
      await s.command('forceload add 100 20', /to be force loaded/);  // chunk [6, 1]: fully generated
      // Probing changes nothing: `keep` never replaces the bedrock of y -64.
      await until(async () => /Could not set/.test(await s.command('setblock 100 -64 20 minecraft:stone keep', /not loaded|Could not set|Changed/)),
        { what: `${version}: chunk [6, 1] loaded` });
      const from = s.lines.length;
      await s.command(`forceload add ${unfinished.x * 16} ${unfinished.z * 16}`, /to be force loaded/);
      await s.waitFor(new RegExp(`chunk \\[${unfinished.x}, ${unfinished.z}\\]`), { from });
      await s.command('save-all flush', /Saved the game/);
      assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
      const unknown = s.lines.filter((l) => /does not know|read as air|unknown block/i.test(l));
      assertEqual(unknown, [], `${version}: every block of the world is known`);
      const region = path.join(world, 'region');
      assertEqual(fs.readdirSync(region).filter((n) => n.includes('corrupt')), [], `${version}: nothing copied aside`);
      for (const kind of ['region', 'entities', 'poi']) {
        const d = path.join(world, kind);
        if (!fs.existsSync(d)) continue;
        for (const f of fs.readdirSync(d).filter((n) => n.endsWith('.mca'))) await checkRegionStrict(path.join(d, f));
      }
      const saved = new Map((await checkRegionStrict(path.join(region, 'r.0.0.mca'))).map((c) => [`${c.x},${c.z}`, c]));
      for (const [key, c] of vanilla) {
        assert(saved.get(key)?.payload.equals(c.payload), `${version}: chunk [${key}] keeps vanilla's bytes`);
      }
      console.log(`${version}: ${vanilla.size} chunks kept byte for byte; unfinished chunk [${unfinished.x}, ${unfinished.z}] left alone`);
    }
  },
};
