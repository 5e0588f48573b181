// The prismarine-nbt side of `mobbench nbt`: decodes and encodes the same uncompressed bytes that
// mobsdk measured, and prints {"decode": MiB/s, "encode": MiB/s} on stdout.
'use strict';
const path = require('path');
const fs = require('fs');

const [modules, file, secondsArg] = process.argv.slice(2);
const nbt = require(path.join(modules, 'prismarine-nbt'));
const seconds = Number(secondsArg || 1);
const bytes = fs.readFileSync(file);
const MiB = 1024 * 1024;

function perCall(fn) {
  fn(); // warm-up
  let calls = 0;
  let batch = 1;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < seconds) {
    for (let i = 0; i < batch; i++) fn();
    calls += batch;
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
    batch = Math.min(batch * 2, 1024);
  }
  return elapsed / calls;
}

const parsed = nbt.parseUncompressed(bytes, 'big');
const tDecode = perCall(() => nbt.parseUncompressed(bytes, 'big'));
const tEncode = perCall(() => nbt.writeUncompressed(parsed, 'big'));
const size = bytes.length / MiB;
process.stdout.write(JSON.stringify({ decode: size / tDecode, encode: size / tEncode }) + '\n');
