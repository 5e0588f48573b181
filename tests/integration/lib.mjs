// Starts the real mobserver on loopback and drives it as an admin would: its standard input is
// the console, its standard output the log. Waiting is event-driven: a test waits for a log line
// (or the process exit), and the timeout only turns a hang into a failure with the log attached.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// The npm packages live in tests/interop/node_modules (one lock file for every interop test).
export const requireInterop = createRequire(path.join(here, '..', 'interop', 'package.json'));

/** A free TCP port on 127.0.0.1 (the OS picks it; it is free when this returns). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Writes server.properties in `dir` with the given keys (the server fills in the rest). */
export function writeProperties(dir, props) {
  fs.mkdirSync(dir, { recursive: true });
  const text = Object.entries(props).map(([k, v]) => `${k}=${v}`).join('\n') + '\n';
  fs.writeFileSync(path.join(dir, 'server.properties'), text);
}

export class Server {
  constructor(binary, dir, args = []) {
    this.binary = binary;
    this.dir = dir;
    this.args = args;
    this.lines = [];
    this.waiters = [];
    this.exit = null;
    this.exitWaiters = [];
    this.stderr = '';
  }

  /** Starts the process; resolves once the Done line is logged (rejects if it exits first). */
  start({ waitDone = true, timeoutMs = 60000 } = {}) {
    this.proc = spawn(this.binary, ['--dir', this.dir, ...this.args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let pending = '';
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk) => {
      pending += chunk;
      let nl;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        this.lines.push(line);
        if (process.env.MOBSDK_TEST_VERBOSE) console.log(`  | ${line}`);
        this.waiters = this.waiters.filter((w) => !w.check());
      }
    });
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (chunk) => { this.stderr += chunk; });
    this.proc.stdin.on('error', () => {});  // a killed server closes its end
    this.proc.on('exit', (code, signal) => {
      this.exit = { code, signal };
      for (const w of this.exitWaiters) w();
      this.exitWaiters = [];
      this.waiters = this.waiters.filter((w) => !w.check());
    });
    if (!waitDone) return Promise.resolve();
    return this.waitFor(/Done \(\d+\.\d{3}s\)! For help, type "help"/, { timeoutMs });
  }

  /** Resolves with the first log line at index >= `from` matching `re`. */
  waitFor(re, { from = 0, timeoutMs = 30000 } = {}) {
    return new Promise((resolve, reject) => {
      const waiter = {
        check: () => {
          for (let i = from; i < this.lines.length; ++i) {
            if (re.test(this.lines[i])) {
              clearTimeout(waiter.timer);
              resolve({ line: this.lines[i], index: i });
              return true;
            }
          }
          if (this.exit) {
            clearTimeout(waiter.timer);
            reject(new Error(`server exited (${JSON.stringify(this.exit)}) before logging ${re}\n${this.tail()}`));
            return true;
          }
          return false;
        },
      };
      if (waiter.check()) return;
      waiter.timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${re}\n${this.tail()}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Sends a console command; resolves with the first line matching `expect` logged after it. */
  async command(cmd, expect, opts = {}) {
    const from = this.lines.length;
    this.proc.stdin.write(cmd + '\n');
    if (!expect) return null;
    const hit = await this.waitFor(expect, { from, ...opts });
    return hit.line;
  }

  /** The message part of the log lines from `from` on (after "]: "). */
  messages(from = 0) {
    return this.lines.slice(from).map((l) => l.replace(/^\[\d\d:\d\d:\d\d\] \[[^\]]+\]: /, ''));
  }

  /** Resolves with {code, signal} when the process has exited. */
  waitExit({ timeoutMs = 60000 } = {}) {
    if (this.exit) return Promise.resolve(this.exit);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not exit within ${timeoutMs} ms\n${this.tail()}`)), timeoutMs);
      this.exitWaiters.push(() => { clearTimeout(timer); resolve(this.exit); });
    });
  }

  /** `stop` on the console; resolves with the exit status. */
  async stop() {
    this.proc.stdin.write('stop\n');
    return this.waitExit();
  }

  kill(signal = 'SIGKILL') { this.proc.kill(signal); }

  tail(n = 40) {
    return this.lines.slice(-n).join('\n') + (this.stderr ? `\n[stderr]\n${this.stderr}` : '');
  }
}

/**
 * Re-evaluates `probe` (async, truthy when done) every `intervalMs` until it holds; the timeout
 * only turns a hang into a failure. For conditions that depend on game ticks passing.
 */
export async function until(probe, { intervalMs = 50, timeoutMs = 30000, what = 'condition' } = {}) {
  const start = Date.now();
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** A fresh server folder under `tmp`, named for the test. */
export function freshDir(tmp, name) {
  const dir = path.join(tmp, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export function assert(cond, message) {
  if (!cond) throw new Error(`assertion failed: ${message}`);
}

const bigintAware = (_key, value) => (typeof value === 'bigint' ? `${value}n` : value);

export function assertEqual(actual, expected, message) {
  const a = JSON.stringify(actual, bigintAware);
  const e = JSON.stringify(expected, bigintAware);
  if (a !== e) throw new Error(`${message}: expected ${e}, got ${a}`);
}

/** Every chunk of a region file: [{x, z, compression, payload}] (the header parsed by hand). */
export function regionChunks(file) {
  const buf = fs.readFileSync(file);
  const out = [];
  for (let i = 0; i < 1024; ++i) {
    const loc = buf.readUInt32BE(i * 4);
    if (loc === 0) continue;
    const sector = loc >>> 8;
    const count = loc & 0xff;
    const start = sector * 4096;
    if (start + 5 > buf.length || (sector + count) * 4096 > buf.length + 4095) throw new Error(`${file}: chunk ${i} points past the end`);
    const length = buf.readUInt32BE(start);
    const compression = buf[start + 4];
    out.push({ x: i & 31, z: i >> 5, compression, payload: buf.subarray(start + 5, start + 4 + length) });
  }
  return out;
}

/**
 * The strict region checker: every rule of the Anvil format a reader relies on, for one region
 * file; throws naming the file, the chunk and the rule. A header entry must point past the
 * header, inside the file, at no sector another entry uses; its length must fit its sectors;
 * compression must be 1, 2 or 3 (no external .mcc); the payload must inflate to one NBT compound
 * that parses; a present chunk has a timestamp; a block chunk's xPos/zPos and an entity or POI
 * chunk's Position (when present) name the chunk its header slot is for.
 */
export async function checkRegionStrict(file) {
  const buf = fs.readFileSync(file);
  const name = path.basename(file);
  const m = name.match(/^r\.(-?\d+)\.(-?\d+)\.mca$/);
  if (!m) throw new Error(`${file}: not a region file name`);
  if (buf.length < 8192) throw new Error(`${file}: ${buf.length} bytes, shorter than the 8 KiB header`);
  const owner = new Map();
  const roots = [];
  for (let i = 0; i < 1024; ++i) {
    const loc = buf.readUInt32BE(i * 4);
    if (loc === 0) continue;
    const where = `${file} chunk [${Number(m[1]) * 32 + (i & 31)}, ${Number(m[2]) * 32 + (i >> 5)}]`;
    const sector = loc >>> 8;
    const count = loc & 0xff;
    if (sector < 2) throw new Error(`${where}: points into the header (sector ${sector})`);
    if (count === 0) throw new Error(`${where}: sector count 0`);
    if (sector * 4096 + 5 > buf.length) throw new Error(`${where}: starts past the end of the file`);
    for (let s = sector; s < sector + count; ++s) {
      if (owner.has(s)) throw new Error(`${where}: sector ${s} is also used by slot ${owner.get(s)}`);
      owner.set(s, i);
    }
    if (buf.readUInt32BE(4096 + i * 4) === 0) throw new Error(`${where}: no timestamp`);
    const length = buf.readUInt32BE(sector * 4096);
    if (length < 1 || length + 4 > count * 4096) throw new Error(`${where}: length ${length} does not fit ${count} sectors`);
    if (sector * 4096 + 4 + length > buf.length) throw new Error(`${where}: data runs past the end of the file`);
    const compression = buf[sector * 4096 + 4];
    if (![1, 2, 3].includes(compression)) throw new Error(`${where}: compression ${compression}`);
    const payload = buf.subarray(sector * 4096 + 5, sector * 4096 + 4 + length);
    let raw;
    try {
      raw = compression === 1 ? zlib.gunzipSync(payload) : compression === 2 ? zlib.inflateSync(payload) : payload;
    } catch (e) {
      throw new Error(`${where}: does not inflate: ${e.message}`);
    }
    let root;
    try {
      root = await parseNbt(raw);
    } catch (e) {
      throw new Error(`${where}: bad NBT: ${e.message}`);
    }
    if (root === null || typeof root !== 'object' || Array.isArray(root)) throw new Error(`${where}: root is not a compound`);
    const cx = Number(m[1]) * 32 + (i & 31);
    const cz = Number(m[2]) * 32 + (i >> 5);
    if ('xPos' in root && (root.xPos !== cx || root.zPos !== cz))
      throw new Error(`${where}: xPos/zPos say [${root.xPos}, ${root.zPos}]`);
    if (Array.isArray(root.Position) && (root.Position[0] !== cx || root.Position[1] !== cz))
      throw new Error(`${where}: Position says [${root.Position}]`);
    roots.push({ x: cx, z: cz, root, raw, payload: Buffer.from(payload) });
  }
  return roots;
}

/** server.properties keys for a test server on free loopback ports, plus `extra`. */
export async function baseProps(extra = {}) {
  return {
    'server-ip': '127.0.0.1',
    'server-port': await freePort(),
    'rcon.port': await freePort(),
    ...extra,
  };
}

/** NBT bytes parsed and simplified by prismarine-nbt. */
export async function parseNbt(buffer) {
  const nbt = requireInterop('prismarine-nbt');
  const { parsed } = await nbt.parse(buffer);
  return nbt.simplify(parsed);
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The text form of a UUID stored as four ints. */
export function uuidFromInts(ints) {
  const hex = ints.map((i) => (i >>> 0).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Every entity stored in a world folder, parsed from entities/*.mca by prismarine-nbt.
export async function storedEntities(levelDir) {
  const dir = path.join(levelDir, 'entities');
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir).filter((n) => /^r\.-?\d+\.-?\d+\.mca$/.test(n))) {
    for (const c of regionChunks(path.join(dir, f))) {
      assertEqual(c.compression, 2, `${f} chunk [${c.x}, ${c.z}] compression`);
      const root = await parseNbt(zlib.inflateSync(c.payload));
      for (const e of root.Entities ?? []) out.push({ file: f, chunk: root.Position, entity: e });
    }
  }
  return out;
}
