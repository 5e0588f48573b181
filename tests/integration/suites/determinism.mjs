// Determinism: the same seed and the same commands give byte-identical saved chunks. Two servers
// start frozen (--frozen) with the bundled plugins, run the same commands and 600 ticks of the
// village (villagers, a golem, a zombie), save and stop; every chunk of region/, entities/ and
// poi/ must then hold the same bytes in both worlds, at the same place in the same file, and
// level.dat must be the same but for LastPlayed (the wall-clock time of the save).
import fs from 'node:fs';
import path from 'node:path';

import { Server, assert, assertEqual, baseProps, freshDir, parseNbt, regionChunks, until, writeProperties } from '../lib.mjs';

const TICKS = 600;

async function runOnce(ctx, name) {
  const dir = freshDir(ctx.tmp, name);
  writeProperties(dir, await baseProps({ 'level-seed': '20261127' }));
  const s = new Server(ctx.binary, dir, ['--frozen', '--plugins', ctx.pluginDir]);
  await s.start();
  assert(s.messages().includes('The game is frozen (--frozen): `tick unfreeze` or `tick step` runs it'), 'started frozen');
  const gametime = async () => Number((await s.command('time query gametime', /The time is \d+/)).match(/The time is (\d+)/)[1]);
  const start = await gametime();
  await s.command('summon zombie 12.5 -60 12.5', /Summoned new Zombie/);
  await s.command('summon iron_golem -8.5 -60 6.5', /Summoned new /);
  await s.command('fill 20 -60 20 22 -58 22 minecraft:stone', /Successfully filled 27 block/);
  await s.command(`tick step ${TICKS}`, /Stepping \d+ tick/);
  await until(async () => (await gametime()) === start + TICKS, { intervalMs: 200, timeoutMs: 120000, what: `${TICKS} ticks` });
  await s.command('save-all flush', /Saved the game/);
  assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  return { dir, start };
}

// Every chunk of a level: {kind/file: {locations, chunks: {x,z: payload hex}}}.
function chunkBytes(levelDir) {
  const out = {};
  for (const kind of ['region', 'entities', 'poi']) {
    const folder = path.join(levelDir, kind);
    if (!fs.existsSync(folder)) continue;
    for (const f of fs.readdirSync(folder).filter((n) => /^r\.-?\d+\.-?\d+\.mca$/.test(n)).sort()) {
      const file = path.join(folder, f);
      const chunks = {};
      for (const c of regionChunks(file)) chunks[`${c.x},${c.z}`] = Buffer.from(c.payload).toString('hex');
      // The first sector holds where each chunk lies; the second only wall-clock timestamps.
      out[`${kind}/${f}`] = { locations: fs.readFileSync(file).subarray(0, 4096).toString('hex'), chunks };
    }
  }
  return out;
}

export const tests = {
  async same_seed_same_bytes(ctx) {
    const a = await runOnce(ctx, 'same_seed_same_bytes_a');
    const b = await runOnce(ctx, 'same_seed_same_bytes_b');
    assertEqual(a.start, b.start, 'both worlds start at the same game time');
    const ca = chunkBytes(path.join(a.dir, 'world'));
    const cb = chunkBytes(path.join(b.dir, 'world'));
    assertEqual(Object.keys(ca), Object.keys(cb), 'the same region files');
    let chunks = 0;
    for (const file of Object.keys(ca)) {
      assertEqual(Object.keys(ca[file].chunks), Object.keys(cb[file].chunks), `${file}: the same chunks`);
      for (const key of Object.keys(ca[file].chunks)) {
        assert(ca[file].chunks[key] === cb[file].chunks[key], `${file} chunk [${key}]: the same bytes`);
        ++chunks;
      }
      assert(ca[file].locations === cb[file].locations, `${file}: the chunks lie in the same sectors`);
    }
    assert(chunks >= 25 + 25 + 2, `the spawn area's block, POI and entity chunks are compared (${chunks})`);
    // The mobs did move: the run is not trivially the same because nothing happened.
    const entities = Object.entries(ca).filter(([f]) => f.startsWith('entities/'));
    assert(entities.length > 0, 'entities were saved');
    const level = async (dir) => {
      const root = await parseNbt(fs.readFileSync(path.join(dir, 'world', 'level.dat')));
      delete root.Data.LastPlayed;
      return root;
    };
    const la = await level(a.dir);
    assertEqual(la.Data.Time, [0, a.start + TICKS], 'level.dat holds the game time after the steps');
    assertEqual(la, await level(b.dir), 'level.dat is the same but for LastPlayed');
  },
};
