// The debug view (debug-web-port) against the real server: its page over HTTP, only its own files,
// bad requests and frames closing that connection only; a page (a WebSocket) watching a villager
// of the default village, and the tick controls behind the RCON password.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { Server, assert, assertEqual, baseProps, freePort, freshDir, until, writeProperties } from '../lib.mjs';

/** One raw HTTP exchange: sends `request`, resolves with everything received until the server closes. */
function rawHttp(port, request, { timeoutMs = 5000 } = {}) {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    const chunks = [];
    const timer = setTimeout(() => { sock.destroy(); reject(new Error(`no close within ${timeoutMs} ms`)); }, timeoutMs);
    sock.on('connect', () => sock.write(request));
    sock.on('data', (c) => chunks.push(c));
    sock.on('error', () => {});
    sock.on('close', () => { clearTimeout(timer); resolve(Buffer.concat(chunks).toString('latin1')); });
  });
}

const get = (port, target) => rawHttp(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
const statusOf = (response) => Number((response.match(/^HTTP\/1\.1 (\d+)/) || [])[1]);

/** A minimal WebSocket client (node 20 has none built in): text messages, masked as a client must. */
class Page {
  static open(port) {
    return new Promise((resolve, reject) => {
      const page = new Page();
      const key = crypto.randomBytes(16).toString('base64');
      page.sock = net.connect({ host: '127.0.0.1', port });
      page.sock.on('connect', () => page.sock.write(
        `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`));
      let upgraded = false;
      page.sock.on('data', (chunk) => {
        page.received = Buffer.concat([page.received, chunk]);
        if (!upgraded) {
          const end = page.received.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = page.received.subarray(0, end).toString('latin1');
          page.received = page.received.subarray(end + 4);
          if (!/^HTTP\/1\.1 101/.test(head)) { reject(new Error(`no upgrade: ${head}`)); return; }
          upgraded = true;
          resolve(page);
        }
        page.parse();
      });
      page.sock.on('error', () => {});
      page.sock.on('close', () => { page.closed = true; if (!upgraded) reject(new Error('closed before the upgrade')); });
    });
  }
  constructor() {
    this.received = Buffer.alloc(0);
    this.messages = [];
    this.fragments = null;
    this.closed = false;
    this.allText = '';  // every text message received, to look for what must never be sent
  }
  parse() {
    for (;;) {
      const b = this.received;
      if (b.length < 2) return;
      let len = b[1] & 0x7f, off = 2;
      if (len === 126) { if (b.length < 4) return; len = b.readUInt16BE(2); off = 4; }
      else if (len === 127) { if (b.length < 10) return; len = Number(b.readBigUInt64BE(2)); off = 10; }
      if (b.length < off + len) return;
      const fin = (b[0] & 0x80) !== 0;
      const opcode = b[0] & 0x0f;
      const payload = b.subarray(off, off + len);
      this.received = b.subarray(off + len);
      if (opcode === 1) this.fragments = [payload];
      else if (opcode === 0 && this.fragments) this.fragments.push(payload);
      else continue;  // control frames
      if (!fin) continue;
      const text = Buffer.concat(this.fragments).toString('utf8');
      this.fragments = null;
      this.allText += text;
      this.messages.push(JSON.parse(text));
    }
  }
  frame(opcode, payload) {
    const mask = crypto.randomBytes(4);
    const head = payload.length < 126 ? Buffer.from([0x80 | opcode, 0x80 | payload.length])
      : Buffer.from([0x80 | opcode, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
    const body = Buffer.from(payload.map((x, i) => x ^ mask[i % 4]));
    return Buffer.concat([head, mask, body]);
  }
  send(obj) { this.sock.write(this.frame(1, Buffer.from(JSON.stringify(obj)))); }
  sendRaw(bytes) { this.sock.write(bytes); }
  /** Resolves with the first message received from now on that `pred` accepts. */
  next(pred, what, timeoutMs = 20000) {  // not `async`: CMakeLists.txt takes `  async name(` for a test
    const from = this.messages.length;
    let found;
    return until(() => (found = this.messages.slice(from).find(pred)) !== undefined || this.closed,
      { timeoutMs, what }).then(() => {
      assert(found !== undefined, `${what}: the page was closed`);
      return found;
    });
  }
  close() { this.sock.destroy(); }
}

async function startServer(binary, tmp, name, extra = {}) {
  const dir = freshDir(tmp, name);
  const webPort = await freePort();
  writeProperties(dir, await baseProps({ 'debug-web-port': webPort, ...extra }));
  return { s: new Server(binary, dir), dir, webPort };
}

export const tests = {
  // Only the page's own files; path escapes, other methods, oversized and malformed requests get
  // an error and close that connection only; a bad WebSocket frame or message closes that page only.
  async debug_web_bad_input({ binary, tmp }) {
    const { s, webPort } = await startServer(binary, tmp, 'debug_web_bad_input');
    await s.start();
    await s.waitFor(new RegExp(`Debug view on http://127\\.0\\.0\\.1:${webPort}/`));
    const index = await get(webPort, '/');
    assertEqual(statusOf(index), 200, 'the page');
    assert(/<canvas id="map"/.test(index) && /text\/html/.test(index), 'index.html');
    assertEqual(statusOf(await get(webPort, '/app.js')), 200, 'the script');
    for (const target of ['/../server.properties', '/..%2fserver.properties', '/%2e%2e/server.properties',
      '//etc/passwd', '/web/app.js', '/server.properties', 'app.js', '/index.html/..']) {
      assertEqual(statusOf(await get(webPort, target)), 404, `no file behind ${target}`);
    }
    assertEqual(statusOf(await rawHttp(webPort, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n')), 405, 'POST');
    const big = await rawHttp(webPort, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`);
    assertEqual(statusOf(big), 431, 'an oversized header is refused and the connection closed');
    const body = await rawHttp(webPort, 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n' + 'x'.repeat(100));
    assertEqual(statusOf(body), 413, 'a request body is refused');
    const upgrade = (origin) => rawHttp(webPort, `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${webPort}\r\n` +
      'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
      `Sec-WebSocket-Version: 13\r\nOrigin: ${origin}\r\n\r\n`, { timeoutMs: 3000 }).catch(() => 'HTTP/1.1 101 kept open');
    assertEqual(statusOf(await upgrade('http://evil.example')), 403, 'a socket opened by another site is refused');
    assertEqual(statusOf(await upgrade(`http://127.0.0.1:${webPort}.evil.example`)), 403, 'a look-alike origin too');
    const garbage = await rawHttp(webPort, 'NOT HTTP AT ALL\r\n\r\n');
    assert(!/200 OK/.test(garbage), 'garbage gets no page');
    // A page that sends a binary frame, one a 10 kB message, one bad JSON, one an unmasked frame:
    // each is closed; another page is served meanwhile.
    const good = await Page.open(webPort);
    await good.next((m) => m.type === 'tick', 'the good page gets ticks');
    const binaryFrame = await Page.open(webPort);
    binaryFrame.sendRaw(binaryFrame.frame(2, Buffer.from([1, 2, 3])));
    const huge = await Page.open(webPort);
    huge.sendRaw(huge.frame(1, Buffer.alloc(10000, 0x61)));  // above the 4096-byte limit
    const badJson = await Page.open(webPort);
    badJson.sendRaw(badJson.frame(1, Buffer.from('{not json')));
    const unmasked = await Page.open(webPort);
    unmasked.sendRaw(Buffer.from([0x81, 0x02, 0x7b, 0x7d]));  // a client frame without a mask
    for (const [p, what] of [[binaryFrame, 'binary frame'], [huge, 'huge frame'], [badJson, 'bad JSON'],
      [unmasked, 'unmasked frame']]) {
      await until(() => p.closed, { timeoutMs: 10000, what: `the page that sent a ${what} is closed` });
    }
    assert(!good.closed, 'the good page stays open');
    await good.next((m) => m.type === 'tick', 'and keeps getting ticks');
    good.close();
    assertEqual(statusOf(await get(webPort, '/style.css')), 200, 'the page is still served');
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // A page watches a villager of the default village: its home and job site memories, its
  // activity; the controls refuse a page without the password, and the password is never sent back.
  async debug_web_page({ binary, tmp, pluginDir }) {
    const password = 'hunter2-debug-view';
    const { s, dir, webPort } = await startServer(binary, tmp, 'debug_web_page',
      { 'enable-rcon': 'true', 'rcon.password': password });
    fs.mkdirSync(path.join(dir, 'plugins'));
    fs.copyFileSync(path.join(pluginDir, 'villager.so'), path.join(dir, 'plugins', 'villager.so'));
    await s.start();
    await s.waitFor(/Debug view on http:/);  // logged after Done
    const page = await Page.open(webPort);
    await until(() => page.messages.some((m) => m.type === 'area'), { what: 'a first area' });
    const opening = page.messages.find((m) => m.type === 'area');
    assert(opening.ground && opening.pois, 'a page that opens gets the ground and the POIs at once');
    assert(opening.ground.cells.length === opening.ground.size ** 2 && opening.ground.palette.includes('minecraft:grass_block'),
      `the ground: ${JSON.stringify(opening.ground.palette)}`);
    const first = await page.next((m) => m.type === 'tick' && m.mobs.some((x) => x.type === 'minecraft:villager'),
      'villagers on the map');
    const villagers = first.mobs.filter((x) => x.type === 'minecraft:villager');
    assertEqual(villagers.length, 4, 'the default village has four villagers');
    assert(opening.pois.some((p) => p.type === 'minecraft:home'), 'beds among the POIs');
    // Without the password: no controls.
    page.send({ control: 'time', value: 2000 });
    const refused = await page.next((m) => 'error' in m, 'a control without the password is refused');
    assert(/password/.test(refused.error), refused.error);
    page.send({ password: 'wrong' });
    assertEqual((await page.next((m) => 'auth' in m, 'a wrong password')).auth, false, 'a wrong password is refused');
    page.send({ password });
    assertEqual((await page.next((m) => 'auth' in m, 'the password')).auth, true, 'the password unlocks');
    page.send({ control: 'time', value: 1000 });
    await page.next((m) => 'reply' in m && /Set the time to 1000/.test(m.reply), 'time set');
    page.send({ control: 'sprint', value: 1200 });
    await s.waitFor(/Sprint completed with/, { timeoutMs: 120000 });
    const target = villagers[0].uuid;
    page.send({ watch: [target] });
    const seen = await page.next((m) => m.type === 'tick' && m.watched.length === 1, 'the watched villager');
    const mob = seen.watched[0].mob;
    assertEqual(mob.uuid, target, 'the one watched');
    assert(seen.watched[0].history.some((h) => /^watching: activities /.test(h.text)),
      `its history, kept by the server: ${JSON.stringify(seen.watched[0].history)}`);
    // The villagers hold their beds' tickets now: the POIs name who holds them.
    const area = await page.next((m) => m.type === 'area' && m.pois.some((p) => p.owners.length), 'POIs with owners');
    const bed = area.pois.find((p) => p.type === 'minecraft:home' && p.owners.length);
    assert(bed && villagers.some((v) => v.uuid === bed.owners[0]), `a bed held by a villager: ${JSON.stringify(bed)}`);
    // The page chooses the map's centre: the ground and POIs come around it.
    page.send({ center: [200, -120] });
    const moved = await page.next((m) => m.type === 'area' && m.center[0] === 200 && m.center[2] === -120, 'the new centre');
    assertEqual([moved.ground.x0, moved.ground.z0], [200 - 48, -120 - 48], 'the ground around the chosen centre');
    assert(moved.ground.cells.every((c) => c === -1) && moved.pois.length === 0, 'nothing loaded out there');
    const far = await Page.open(webPort);
    far.send({ center: [40000000, 0] });  // beyond the world border: a malformed message
    await until(() => far.closed, { timeoutMs: 10000, what: 'a centre outside the world closes that page' });
    const memory = (id) => mob.brain.memories.find((x) => x.id === id);
    assert(memory('minecraft:home').present && memory('minecraft:job_site').present,
      `home and job site: ${JSON.stringify([memory('minecraft:home'), memory('minecraft:job_site')])}`);
    assert(seen.watched[0].places.home && seen.watched[0].places.job_site, 'home and job site on the map');
    page.send({ control: 'time', value: 2000 });
    await page.next((m) => 'reply' in m && /Set the time to 2000/.test(m.reply), 'time set 2000');
    page.send({ control: 'freeze' });
    await page.next((m) => 'reply' in m && /frozen/.test(m.reply), 'freeze');
    page.send({ control: 'step', value: 40 });
    const working = await page.next((m) => m.type === 'tick' && m.watched.length === 1 &&
      m.watched[0].mob.brain.activities.active.includes('minecraft:work'), 'the villager goes to work');
    assert(working.day_time >= 2000, `at day time ${working.day_time}`);
    assert(!page.allText.includes(password), 'the password never comes back');
    page.close();
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },
};
