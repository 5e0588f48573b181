// World safety: the server never takes a damaged world for a new one, refuses folders it cannot
// write, saves only what changed so that a full disk fails cleanly and the next save after space is
// freed succeeds, and keeps the world where the admin meant. Mounts (a read-only bind mount, a
// small tmpfs) need root, as CI has; every mount is undone in a finally block.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import {
  Server, assert, assertEqual, baseProps, freshDir, requireInterop, storedEntities, writeProperties,
} from '../lib.mjs';

const KINDS = ['region', 'entities', 'poi'];

// Every chunk file of a world, by path relative to it, with its bytes.
function chunkFiles(world) {
  const out = new Map();
  for (const kind of KINDS) {
    const dir = path.join(world, kind);
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir)) out.set(`${kind}/${f}`, fs.readFileSync(path.join(dir, f)));
  }
  return out;
}

function assertSameFiles(before, after, what) {
  assertEqual([...after.keys()].sort(), [...before.keys()].sort(), `${what}: the same chunk files`);
  for (const [name, bytes] of before) assert(bytes.equals(after.get(name)), `${what}: ${name} is byte-identical`);
}

async function blockAt(world, x, y, z) {
  const { Anvil } = requireInterop('prismarine-provider-anvil');
  const Vec3 = requireInterop('vec3');
  const anvil = new (Anvil('1.20.4'))(path.join(world, 'region'));
  const chunk = await anvil.load(x >> 4, z >> 4);
  assert(chunk, `chunk of ${x}, ${z} is stored`);
  return chunk.getBlock(new Vec3(x & 15, y, z & 15)).name;
}

const villagerCount = async (world) => (await storedEntities(world)).filter((e) => e.entity.id === 'minecraft:villager').length;

function run(cmd, args) {
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

// Mounting needs root (or CAP_SYS_ADMIN); a skipped test says why instead of failing.
function canMount() {
  if (typeof process.getuid === 'function' && process.getuid() !== 0) return 'not running as root';
  return null;
}

function unmount(dir) {
  try {
    run('umount', [dir]);
  } catch (e) {
    // Busy for a moment after the server exits: retry lazily so that nothing stays mounted.
    run('umount', ['-l', dir]);
  }
}

function freeBytes(dir) {
  const st = fs.statfsSync(dir);
  return st.bavail * st.bsize;
}

// Writes `file` until the file system is full (ENOSPC).
function fillDisk(file) {
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024, 0x5a);
  try {
    for (;;) {
      try {
        fs.writeSync(fd, block);
      } catch (e) {
        if (e.code !== 'ENOSPC') throw e;
        break;
      }
    }
    // The last partial block: fill byte by byte-ish down to a page.
    for (let size = 32 * 1024; size >= 512; size /= 2) {
      try {
        for (;;) fs.writeSync(fd, block.subarray(0, size));
      } catch (e) {
        if (e.code !== 'ENOSPC') throw e;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

export const tests = {
  // Chunk files without level.dat: refused, nothing touched; --recreate-level-dat keeps every chunk.
  async missing_level_dat(ctx) {
    const dir = freshDir(ctx.tmp, 'missing_level_dat');
    writeProperties(dir, await baseProps({ 'level-seed': '777' }));
    const world = path.resolve(dir, 'world');
    let s = new Server(ctx.binary, dir);
    await s.start();
    await s.command('setblock 20 -58 20 minecraft:stone', /Changed the block/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
    const villagers = await villagerCount(world);
    assertEqual(villagers, 4, 'the village has four villagers');
    const before = chunkFiles(world);
    fs.rmSync(path.join(world, 'level.dat'));
    fs.rmSync(path.join(world, 'level.dat_old'), { force: true });

    s = new Server(ctx.binary, dir);
    await s.start({ waitDone: false });
    assertEqual((await s.waitExit()).code, 1, 'a world without level.dat: exit 1');
    const error = s.lines.find((l) => /\/ERROR\]: Refusing to start: /.test(l));
    assert(error, `one clear error\n${s.tail()}`);
    const files = (kind) => [...before.keys()].filter((k) => k.startsWith(`${kind}/`)).length;
    assert(error.includes(`${world} holds ${files('region')} region files (region/), ${files('entities')} entity files (entities/) and ${files('poi')} POI files (poi/) but neither level.dat nor level.dat_old`),
      `the error says what was found: ${error}`);
    assert(error.includes('Restore level.dat from a backup, or start once with --recreate-level-dat'), `and what to do: ${error}`);
    assert(!s.messages().some((m) => m.startsWith('Built a village')), 'no village built');
    assertSameFiles(before, chunkFiles(world), 'after the refusal');
    assert(!fs.existsSync(path.join(world, 'level.dat')), 'no level.dat written');

    s = new Server(ctx.binary, dir, ['--recreate-level-dat']);
    await s.start();
    const warn = s.lines.find((l) => /\/WARN\]: Recreated level\.dat in /.test(l));
    assert(warn && warn.includes('from defaults (--recreate-level-dat): seed 777, spawn 0, -60, 0')
      && warn.includes('were kept unchanged and no village was built'), `a warning says what was done: ${warn}\n${s.tail()}`);
    assert(!s.messages().some((m) => m.startsWith('Built a village')), 'no village built over the old one');
    assertSameFiles(before, chunkFiles(world), 'after --recreate-level-dat started');
    assert(fs.existsSync(path.join(world, 'level.dat')), 'level.dat written');
    assert((await s.command('seed', /Seed: /)).endsWith('Seed: [777]'), 'the seed of level-seed');
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
    assertEqual(await blockAt(world, 20, -58, 20), 'stone', 'the block placed before is still there');
    assertEqual(await villagerCount(world), villagers, 'the villagers are not doubled');

    // The flag is used once: a later start loads the world as usual.
    s = new Server(ctx.binary, dir);
    await s.start();
    assert(!s.lines.some((l) => /WARN|ERROR/.test(l)), `a clean start afterwards\n${s.tail()}`);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // A world folder mounted read-only: refused, naming it; nothing written.
  async read_only_world(ctx) {
    const why = canMount();
    if (why) {
      console.log(`read_only_world: SKIPPED (${why}; a read-only bind mount needs root)`);
      return;
    }
    const dir = freshDir(ctx.tmp, 'read_only_world');
    writeProperties(dir, await baseProps());
    const world = path.resolve(dir, 'world');
    let s = new Server(ctx.binary, dir);
    await s.start();
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
    const before = chunkFiles(world);
    const level = fs.readFileSync(path.join(world, 'level.dat'));
    try {
      run('mount', ['--bind', world, world]);
    } catch (e) {
      console.log(`read_only_world: SKIPPED (mount --bind is not allowed here: ${String(e.stderr ?? e.message).trim()})`);
      return;
    }
    try {
      run('mount', ['-o', 'remount,ro,bind', world]);
      s = new Server(ctx.binary, dir);
      await s.start({ waitDone: false });
      assertEqual((await s.waitExit()).code, 1, 'a read-only world: exit 1');
      const error = s.lines.find((l) => /\/ERROR\]: /.test(l));
      assertEqual(error?.replace(/^.*?\]: /, ''),
        `Refusing to start: the folder ${world} cannot be written (creating a file in it: Read-only file system); the server saves the world there. Make it writable, or start the server on a copy of the world`,
        'the error names the folder');
      assert(!s.messages().some((m) => m.startsWith('Done')), 'not started');
    } finally {
      unmount(world);
    }
    assertSameFiles(before, chunkFiles(world), 'after the refusal');
    assert(level.equals(fs.readFileSync(path.join(world, 'level.dat'))), 'level.dat unchanged');
    // Writable again: the world loads with its chunks.
    s = new Server(ctx.binary, dir);
    await s.start();
    assert(!s.messages().some((m) => m.startsWith('Built a village')), 'the same world');
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
    assertEqual(await villagerCount(world), 4, 'four villagers');
  },

  // A full disk: save-all fails saying how much space it needs, the server runs on, nothing is
  // kept on the disk; once that much is free, the next save-all succeeds and nothing is lost.
  async full_disk(ctx) {
    const why = canMount();
    if (why) {
      console.log(`full_disk: SKIPPED (${why}; a small tmpfs needs root)`);
      return;
    }
    const dir = freshDir(ctx.tmp, 'full_disk');
    writeProperties(dir, await baseProps());
    const world = path.resolve(dir, 'world');
    fs.mkdirSync(world);
    try {
      run('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', world]);
    } catch (e) {
      console.log(`full_disk: SKIPPED (mount -t tmpfs is not allowed here: ${String(e.stderr ?? e.message).trim()})`);
      return;
    }
    let s = null;
    const filler = path.join(world, 'filler');
    try {
      s = new Server(ctx.binary, dir);
      await s.start();
      await s.command('save-all', /Saved the game/);
      fillDisk(filler);
      const freeBefore = freeBytes(world);
      // Changes to save: a block, and a zombie in a spawn chunk.
      await s.command('setblock 3 -60 3 minecraft:stone', /Changed the block/);
      await s.command('summon zombie 5.5 -60 5.5 {NoAI:1b,Tags:["full"]}', /Summoned new Zombie/);
      let from = s.lines.length;
      await s.command('save-all', /Unable to save the game \(is there enough disk space\?\)/);
      const error = (await s.waitFor(/\/ERROR\]: Saving the world failed: /, { from })).line;
      assert(/No space left on device; this save needs \d+ bytes for \d+ chunks?, and \d+ bytes are free on the file system of /.test(error),
        `the error says how much space the save needs: ${error}`);
      assert(error.includes(world), `and names the world's file system: ${error}`);
      const needed = Number(error.match(/this save needs (\d+) bytes/)[1]);
      assert(needed < 256 * 1024, `only what changed is staged (${needed} bytes)`);
      // Nothing of the failed save stays on the disk.
      assert(freeBytes(world) >= freeBefore, `the failed save gave its space back (${freeBytes(world)} free, ${freeBefore} before)`);
      assert(!fs.existsSync(path.join(world, 'session.journal')), 'no journal left');
      await s.command('time query gametime', /The time is \d+/);  // still running

      // Free what the save said it needs (plus room for level.dat and chunks.dat): enough.
      const size = fs.statSync(filler).size;
      fs.truncateSync(filler, Math.max(0, size - (needed + 64 * 1024 - freeBytes(world))));
      from = s.lines.length;
      await s.command('save-all', /Saved the game|Unable to save/);
      assert(s.messages(from).includes('Saved the game'), `the save succeeds once space is freed\n${s.tail()}`);
      fs.rmSync(filler);
      assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');

      s = new Server(ctx.binary, dir);
      await s.start();
      assertEqual(await s.stop(), { code: 0, signal: null }, 'stop after restart');
      s = null;
      assertEqual(await blockAt(world, 3, -60, 3), 'stone', 'the block change was saved');
      const stored = await storedEntities(world);
      assertEqual(stored.filter((e) => (e.entity.Tags ?? []).includes('full')).length, 1, 'the zombie is stored once');
      assertEqual(stored.filter((e) => e.entity.id === 'minecraft:villager').length, 4, 'the four villagers are stored');
    } finally {
      if (s && !s.exit) {
        s.kill();
        await s.waitExit();
      }
      unmount(world);
    }
  },

  // level-name and --world stay inside the server folder, unless --world is an absolute path.
  async world_path_rules(ctx) {
    const dir = freshDir(ctx.tmp, 'world_path_rules');
    const outside = path.join(ctx.tmp, 'world_path_rules_outside');
    fs.rmSync(outside, { recursive: true, force: true });
    const refused = async (props, args, expected) => {
      writeProperties(dir, await baseProps(props));
      const s = new Server(ctx.binary, dir, args);
      await s.start({ waitDone: false });
      assertEqual((await s.waitExit()).code, 1, `${JSON.stringify(props)} ${args.join(' ')}: exit 1`);
      const error = s.lines.find((l) => /\/ERROR\]: /.test(l))?.replace(/^.*?\]: /, '');
      assertEqual(error, expected, 'the error');
    };
    const server = path.resolve(dir);
    await refused({ 'level-name': '../world_path_rules_outside' }, [],
      `level-name "../world_path_rules_outside" leads outside the server folder ${server}; use a folder inside it, or give an absolute path on the command line with --world`);
    await refused({ 'level-name': outside }, [],
      `level-name "${outside}" is an absolute path; the world must be inside the server folder ${server}. To keep it elsewhere, give its absolute path on the command line with --world`);
    await refused({}, ['--world', 'a/../../world_path_rules_outside'],
      `--world "a/../../world_path_rules_outside" leads outside the server folder ${server}; use a folder inside it, or give an absolute path on the command line with --world`);
    assert(!fs.existsSync(outside), 'nothing created outside');

    // An absolute --world is the admin's explicit choice; the log names it.
    writeProperties(dir, await baseProps());
    const s = new Server(ctx.binary, dir, ['--world', outside]);
    await s.start();
    assert(s.messages().includes(`World folder: ${outside}`), `the log names the world folder\n${s.tail()}`);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
    assert(fs.existsSync(path.join(outside, 'level.dat')), 'the world is where --world said');
    assert(!fs.existsSync(path.join(dir, 'world')), 'and not in the server folder');
    fs.rmSync(outside, { recursive: true, force: true });
  },
};
