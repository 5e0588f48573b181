// Binary NBT interop between mobsdk and prismarine-nbt, both ways, on one canonical tree that covers
// every tag type. Usage: node nbt_interop.mjs <path to nbt_interop> <temp dir>
//
// (a) ours -> theirs: `nbt_interop write-sample` (gzip and none), parsed by prismarine-nbt and
//     compared with the tree below; the raw bytes are checked too.
// (b) theirs -> ours: the tree below written by prismarine-nbt (raw and gzipped), then
//     `nbt_interop check-sample` must accept each.
//
// prismarine-nbt reads and writes strings as plain UTF-8, not Java's Modified UTF-8:
//  - it writes U+0000 as a raw 00 byte and U+1F600 as the 4-byte sequence F0 9F 98 80, which
//    vanilla's readUTF rejects but mobsdk's reader accepts as a documented leniency; (b) tests that;
//  - it decodes the Modified UTF-8 that mobsdk (like vanilla) writes for those characters (C0 80,
//    and the surrogate pair ED A0 BD ED B8 80) into U+FFFD replacement characters. (a) therefore
//    expects, for every string, exactly what a plain UTF-8 decoder makes of the Java Modified
//    UTF-8 encoding computed here independently, and checks the encoded bytes themselves.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

const [binary, tmpArg] = process.argv.slice(2);
if (!binary || !tmpArg) {
  console.error('usage: node nbt_interop.mjs <path to nbt_interop> <temp dir>');
  process.exit(2);
}

let nbt;
try {
  nbt = require(path.join(here, 'node_modules', 'prismarine-nbt'));
} catch (e) {
  console.error(`nbt_interop.mjs: cannot load prismarine-nbt from ${path.join(here, 'node_modules')} ` +
    `(${e.code || e.message}).\nrun ./tools/run-tests (it installs the npm packages)`);
  process.exit(1);
}

const tmp = path.resolve(tmpArg);
fs.mkdirSync(tmp, { recursive: true });

// ---------------------------------------------------------------------------------------------
// The canonical tree, in prismarine-nbt's representation. Must match canonical_sample() in
// nbt_interop.cpp.
const ROOT_NAME = 'mobsdk interop';
const I32_MIN = -2147483648;
const I32_MAX = 2147483647;
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const F32_MAX = 3.4028234663852886e38;
const F32_DENORM = 1.401298464324817e-45;

const list = (type, values) => ({ type: 'list', value: { type, value: values } });
const strings = (...xs) => list('string', xs);

function canonical () {
  return nbt.comp({
    byte_min: nbt.byte(-128),
    byte_max: nbt.byte(127),
    byte_zero: nbt.byte(0),
    short_min: nbt.short(-32768),
    short_max: nbt.short(32767),
    int_min: nbt.int(I32_MIN),
    int_max: nbt.int(I32_MAX),
    int: nbt.int(123456789),
    long_min: nbt.long(I64_MIN),
    long_max: nbt.long(I64_MAX),
    long: nbt.long(0x123456789ABCDEF0n),
    float_tenth: nbt.float(0.1),
    float_neg_zero: nbt.float(-0),
    float_max: nbt.float(F32_MAX),
    float_denorm: nbt.float(F32_DENORM),
    double_big: nbt.double(1e300),
    double_tenth: nbt.double(0.1),
    double_neg_zero: nbt.double(-0),
    double_denorm: nbt.double(Number.MIN_VALUE),

    byte_array: nbt.byteArray([-128, -1, 0, 1, 127]),
    byte_array_empty: nbt.byteArray([]),
    int_array: nbt.intArray([I32_MIN, -1, 0, 1, I32_MAX]),
    int_array_empty: nbt.intArray([]),
    long_array: nbt.longArray([I64_MIN, -1n, 0n, 1n, I64_MAX, 0x123456789ABCDEF0n]),
    long_array_empty: nbt.longArray([]),

    string_ascii: nbt.string('Hello, mobsdk!'),
    string_empty: nbt.string(''),
    string_latin: nbt.string('héllo wörld'),
    string_cjk: nbt.string('村民'),
    string_emoji: nbt.string('😀'),
    string_nul: nbt.string('nul\u0000inside'),
    string_mixed: nbt.string('a\u0000é村😀z'),

    list_int: list('int', [1, -2, I32_MIN, I32_MAX]),
    list_long: list('long', [I64_MIN, -1n, I64_MAX]),
    list_string: strings('a', '', 'héllo', '村民', '😀'),
    list_compound: list('compound', [
      { id: nbt.string('minecraft:villager'), level: nbt.byte(1) },
      { id: nbt.string('minecraft:zombie'), Health: nbt.float(20) },
      {}
    ]),
    list_list: list('list', [
      { type: 'int', value: [1, 2] },
      { type: 'string', value: ['x'] },
      { type: 'end', value: [] }
    ]),
    list_empty: list('end', []),

    nested: nbt.comp({
      level1: nbt.comp({
        level2: nbt.comp({ level3: nbt.string('deep'), n: nbt.int(3) }),
        sibling: nbt.short(2)
      })
    }),
    compound_empty: nbt.comp({}),
    'minecraft:home': nbt.comp({
      dimension: nbt.string('minecraft:overworld'),
      pos: nbt.intArray([1, 64, -3])
    }),
    'clé_村民': nbt.byte(1),
    'key_😀': nbt.byte(2)
  }, ROOT_NAME);
}

// ---------------------------------------------------------------------------------------------
// Java's Modified UTF-8 (DataOutput.writeUTF), written here independently of mobsdk.
function mutf8 (s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i); // UTF-16 code units, so supplementary characters become surrogates
    if (c >= 0x01 && c <= 0x7F) out.push(c);
    else if (c <= 0x7FF) out.push(0xC0 | (c >> 6), 0x80 | (c & 0x3F));
    else out.push(0xE0 | (c >> 12), 0x80 | ((c >> 6) & 0x3F), 0x80 | (c & 0x3F));
  }
  return Buffer.from(out);
}

// What prismarine-nbt (a plain UTF-8 decoder) makes of the Modified UTF-8 of `s`.
const asPrismarineReadsOurs = (s) => mutf8(s).toString('utf8');

// ---------------------------------------------------------------------------------------------
const problems = [];
const fail = (where, msg) => problems.push(`${where}: ${msg}`);
const show = (v) => JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x));

// A long as BigInt, whether prismarine gives a BigInt or its [hi, lo] int32 pair.
function toBigInt (v) {
  if (typeof v === 'bigint') return v;
  if (Array.isArray(v) && v.length === 2) {
    return BigInt.asIntN(64, (BigInt(v[0]) << 32n) | BigInt.asUintN(32, BigInt(v[1])));
  }
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  throw new Error(`not a long: ${show(v)}`);
}

const INT_RANGE = { byte: [-128, 127], short: [-32768, 32767], int: [I32_MIN, I32_MAX] };

// Compares the payload `actual` (as parsed by prismarine-nbt from our bytes) with `expected`.
function comparePayload (where, type, expected, actual) {
  switch (type) {
    case 'byte': case 'short': case 'int': {
      const [lo, hi] = INT_RANGE[type];
      if (!Number.isInteger(actual) || actual < lo || actual > hi || actual !== expected) {
        fail(where, `expected ${type} ${expected}, found ${show(actual)}`);
      }
      return;
    }
    case 'long': {
      let got;
      try { got = toBigInt(actual); } catch (e) { return fail(where, e.message); }
      if (got !== toBigInt(expected)) fail(where, `expected long ${toBigInt(expected)}, found ${got}`);
      return;
    }
    case 'float':
      if (!Object.is(actual, Math.fround(expected))) {
        fail(where, `expected float ${Math.fround(expected)}, found ${actual}`);
      }
      return;
    case 'double':
      if (!Object.is(actual, expected)) fail(where, `expected double ${expected}, found ${actual}`);
      return;
    case 'string': {
      const want = asPrismarineReadsOurs(expected);
      if (actual !== want) {
        fail(where, `expected string ${show(want)} (Modified UTF-8 of ${show(expected)} read as UTF-8), found ${show(actual)}`);
      }
      return;
    }
    case 'byteArray': case 'intArray': case 'longArray': {
      if (!Array.isArray(actual) || actual.length !== expected.length) {
        return fail(where, `expected ${type} of length ${expected.length}, found ${show(actual)}`);
      }
      const elem = { byteArray: 'byte', intArray: 'int', longArray: 'long' }[type];
      expected.forEach((e, i) => comparePayload(`${where}[${i}]`, elem, e, actual[i]));
      return;
    }
    case 'list': {
      if (!actual || typeof actual !== 'object' || !Array.isArray(actual.value)) {
        return fail(where, `expected a list, found ${show(actual)}`);
      }
      if (actual.type !== expected.type) {
        fail(where, `expected a list of ${expected.type}, found a list of ${actual.type}`);
      }
      if (actual.value.length !== expected.value.length) {
        return fail(where, `expected ${expected.value.length} elements, found ${actual.value.length}`);
      }
      expected.value.forEach((e, i) => comparePayload(`${where}[${i}]`, expected.type, e, actual.value[i]));
      return;
    }
    case 'compound': {
      if (!actual || typeof actual !== 'object') return fail(where, `expected a compound, found ${show(actual)}`);
      const wantKeys = new Map(Object.keys(expected).map((k) => [asPrismarineReadsOurs(k), k]));
      for (const [readKey, key] of wantKeys) {
        const sub = where ? `${where}.${key}` : key;
        if (!(readKey in actual)) {
          fail(sub, `missing (looked for key ${show(readKey)})`);
          continue;
        }
        if (actual[readKey].type !== expected[key].type) {
          fail(sub, `expected a ${expected[key].type}, found a ${actual[readKey].type}`);
          continue;
        }
        comparePayload(sub, expected[key].type, expected[key].value, actual[readKey].value);
      }
      for (const k of Object.keys(actual)) {
        if (!wantKeys.has(k)) fail(where ? `${where}.${k}` : k, `unexpected key, value ${show(actual[k])}`);
      }
      return;
    }
    default:
      fail(where, `unhandled tag type ${type}`);
  }
}

function run (args) {
  const r = spawnSync(binary, args, { encoding: 'utf8' });
  if (r.error) throw new Error(`cannot run ${binary}: ${r.error.message}`);
  return r;
}

function indexOfBytes (haystack, bytes) {
  return haystack.indexOf(Buffer.from(bytes));
}

// ---------------------------------------------------------------------------------------------
// (a) ours -> theirs
async function oursToTheirs () {
  const expected = canonical();
  const uncompressed = {};
  for (const mode of ['gzip', 'none']) {
    const file = path.join(tmp, `ours.${mode}.nbt`);
    fs.rmSync(file, { force: true });
    const r = run(['write-sample', file, `--${mode}`]);
    if (r.status !== 0) {
      fail(`ours(${mode})`, `nbt_interop write-sample exited ${r.status}: ${r.stdout}${r.stderr}`);
      continue;
    }
    const bytes = fs.readFileSync(file);
    if (mode === 'gzip' && !(bytes[0] === 0x1F && bytes[1] === 0x8B)) {
      fail(`ours(${mode})`, `no gzip magic: starts ${bytes.subarray(0, 4).toString('hex')}`);
    }
    if (mode === 'none' && bytes[0] !== 0x0A) {
      fail(`ours(${mode})`, `expected an uncompressed TAG_Compound (0a), starts ${bytes.subarray(0, 4).toString('hex')}`);
    }
    uncompressed[mode] = mode === 'gzip' ? zlib.gunzipSync(bytes) : bytes;

    let parsed;
    try {
      ({ parsed } = await nbt.parse(bytes, 'big'));
    } catch (e) {
      fail(`ours(${mode})`, `prismarine-nbt could not parse it: ${e.message}`);
      continue;
    }
    if (parsed.type !== 'compound') fail(`ours(${mode})`, `root is ${parsed.type}`);
    if (parsed.name !== ROOT_NAME) fail(`ours(${mode})`, `root name ${show(parsed.name)}, expected ${show(ROOT_NAME)}`);
    const before = problems.length;
    comparePayload('', 'compound', expected.value, parsed.value);
    for (let i = before; i < problems.length; i++) problems[i] = `ours(${mode}) ${problems[i]}`;
    console.log(`ours -> theirs (${mode}): ${problems.length === before ? 'ok' : 'MISMATCH'}`);
  }

  if (uncompressed.gzip && uncompressed.none && !uncompressed.gzip.equals(uncompressed.none)) {
    fail('ours', 'the gzip file does not decompress to the same bytes as the uncompressed file');
  }
  // The encoded strings themselves: Java's Modified UTF-8, never a raw 00 or a 4-byte sequence.
  const raw = uncompressed.none;
  if (raw) {
    const expectBytes = (what, bytes) => {
      if (indexOfBytes(raw, bytes) < 0) fail('ours(bytes)', `${what}: ${Buffer.from(bytes).toString('hex')} not found`);
    };
    expectBytes('"nul\\0inside" with U+0000 as C0 80', [0x00, 0x0B, ...Buffer.from('nul'), 0xC0, 0x80, ...Buffer.from('inside')]);
    expectBytes('"😀" as a surrogate pair', [0x00, 0x06, 0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]);
    expectBytes('"村民" in 3-byte form', [0x00, 0x06, 0xE6, 0x9D, 0x91, 0xE6, 0xB0, 0x91]);
    expectBytes('the key "key_😀"', [0x01, 0x00, 0x0A, ...Buffer.from('key_'), 0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80, 0x02]);
    if (indexOfBytes(raw, [0xF0, 0x9F, 0x98, 0x80]) >= 0) fail('ours(bytes)', 'contains 4-byte UTF-8 F0 9F 98 80');
  }
}

// ---------------------------------------------------------------------------------------------
// (b) theirs -> ours
function theirsToOurs () {
  const bytes = nbt.writeUncompressed(canonical(), 'big');
  // Record what prismarine-nbt writes for the strings Modified UTF-8 treats specially.
  const rawNul = indexOfBytes(bytes, [...Buffer.from('nul'), 0x00, ...Buffer.from('inside')]) >= 0;
  const fourByte = indexOfBytes(bytes, [0xF0, 0x9F, 0x98, 0x80]) >= 0;
  console.log(`prismarine-nbt writes U+0000 as ${rawNul ? 'a raw 00 byte' : 'C0 80'} and U+1F600 as ` +
    `${fourByte ? '4-byte UTF-8 (F0 9F 98 80)' : 'a surrogate pair'}`);

  const files = {
    none: path.join(tmp, 'theirs.none.nbt'),
    gzip: path.join(tmp, 'theirs.gzip.nbt')
  };
  fs.writeFileSync(files.none, bytes);
  fs.writeFileSync(files.gzip, zlib.gzipSync(bytes));
  for (const [mode, file] of Object.entries(files)) {
    const r = run(['check-sample', file]);
    if (r.status !== 0) {
      fail(`theirs(${mode})`, `nbt_interop check-sample exited ${r.status}:\n${r.stdout}${r.stderr}`);
      console.log(`theirs -> ours (${mode}): MISMATCH`);
    } else {
      console.log(`theirs -> ours (${mode}): ok`);
    }
  }
}

try {
  await oursToTheirs();
  theirsToOurs();
} catch (e) {
  fail('nbt_interop.mjs', e.stack || e.message);
}

if (problems.length) {
  console.error(`\n${problems.length} problem(s):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log('prismarine-nbt interop: all checks passed');
