// Slow clients against the real server: connections from one address that trickle bytes (on the
// game port) or never log in (on RCON) are closed at their deadline and cannot fill the caps, while
// clients from another address are served every time.
import net from 'node:net';

import { Server, assert, assertEqual, baseProps, freshDir, requireInterop, until, writeProperties } from '../lib.mjs';

const DEADLINE_MS = 3000;
// Between the client's connect and the server's accept, and the close reaching the client.
const SLACK_MS = 1500;

/**
 * Opens `count` connections to 127.0.0.1:`port` from 127.0.0.2, each sending the next byte of
 * `data` every 1-3 s (never all of it within the test). Resolves once all are connected with
 * records {opened, closed} (Date.now() values; closed is null while the connection is open).
 */
function trickle(port, count, data) {
  const records = [];
  const sockets = [];
  const connected = [];
  for (let i = 0; i < count; ++i) {
    const rec = { opened: null, closed: null, sent: 0 };
    records.push(rec);
    connected.push(new Promise((resolve) => {
      const sock = net.connect({ host: '127.0.0.1', port, localAddress: '127.0.0.2' });
      sockets.push(sock);
      let timer = null;
      const next = () => {
        if (rec.closed !== null || rec.sent >= data.length) return;
        sock.write(data.subarray(rec.sent, rec.sent + 1));
        ++rec.sent;
        timer = setTimeout(next, 1000 + Math.random() * 2000);
      };
      sock.on('connect', () => { rec.opened = Date.now(); next(); resolve(); });
      sock.on('data', () => {});
      sock.on('error', () => {});  // a refused connection may be reset
      sock.on('close', () => {
        if (rec.closed === null) rec.closed = Date.now();
        clearTimeout(timer);
        resolve();
      });
    }));
  }
  return Promise.all(connected).then(() => ({
    records,
    open: () => records.filter((r) => r.closed === null).length,
    destroy: () => sockets.forEach((s) => s.destroy()),
  }));
}

/** Checks that every trickling connection was closed, `held` of them at the deadline. */
async function checkClosed(attack, held, what) {
  await until(() => attack.open() === 0, { timeoutMs: DEADLINE_MS + 2 * SLACK_MS, what: `every ${what} closed` });
  const lifetimes = attack.records.map((r) => r.closed - (r.opened ?? r.closed));
  const late = lifetimes.filter((t) => t > DEADLINE_MS + SLACK_MS);
  assertEqual(late.length, 0, `${what} still open ${DEADLINE_MS + SLACK_MS} ms after connecting (lifetimes ${lifetimes})`);
  // Refused connections close within milliseconds, admitted ones at the deadline.
  const admitted = lifetimes.filter((t) => t >= DEADLINE_MS / 2);
  assertEqual(admitted.length, held, `${what} held (lifetimes ${lifetimes})`);
  assert(admitted.every((t) => t >= DEADLINE_MS - 500), `${what} closed before the deadline (lifetimes ${lifetimes})`);
}

const count = (s, re) => s.lines.filter((l) => re.test(l)).length;

export const tests = {
  // 64 slowloris connections from 127.0.0.2 on the game port (the default cap is 64): 8 are held
  // (the per-address limit), the rest refused at once, and the 8 closed at the handshake deadline
  // however often they send; server list pings from 127.0.0.1 all succeed meanwhile.
  async net_slow_status_clients({ binary, tmp }) {
    const dir = freshDir(tmp, 'net_slow_status_clients');
    // debug=true: the game port logs its refusals and deadlines at DEBUG, hidden by default.
    const props = await baseProps({ 'network-handshake-timeout-ms': DEADLINE_MS, debug: 'true' });
    writeProperties(dir, props);
    const s = new Server(binary, dir);
    await s.start();
    const port = props['server-port'];
    // A valid handshake with a 250-character address: at 1-3 s a byte it never completes.
    const address = Buffer.from('a'.repeat(250));
    const handshake = Buffer.concat([Buffer.from([0x00, 0xfd, 0x05, 0xfa, 0x01]), address, Buffer.from([0x63, 0xdd, 0x01])]);
    const frame = Buffer.concat([Buffer.from([handshake.length & 0x7f | 0x80, handshake.length >> 7]), handshake]);
    const attack = await trickle(port, 64, frame);
    try {
      const util = requireInterop('minecraft-server-util');
      let ok = 0;
      for (let i = 0; i < 10; ++i) {
        assert(attack.open() > 0, `ping ${i + 1} runs while slow connections are open`);
        const st = await util.status('127.0.0.1', port, { timeout: 5000, enableSRV: false });
        if (st.version.protocol === 765) ++ok;
        await new Promise((r) => setTimeout(r, 100));
      }
      assertEqual(ok, 10, 'pings answered during the attack');
      await checkClosed(attack, 8, 'slow game-port connection');
    } finally {
      attack.destroy();
    }
    assertEqual(count(s, /Closing connection from \/127\.0\.0\.2: handshake and status not finished within 3000 ms/), 8,
      'one line per connection closed at the deadline');
    assertEqual(count(s, /Refused connection from \/127\.0\.0\.2: already 8 pending connections from this address/), 56,
      'one line per refused connection');
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // 16 RCON connections from 127.0.0.2 that never log in (the default cap is 16): 4 are held (the
  // per-address limit) until the login deadline, the rest refused at once; an admin on 127.0.0.1
  // logs in with rcon-client and runs a command every time.
  async net_slow_rcon_clients({ binary, tmp }) {
    const dir = freshDir(tmp, 'net_slow_rcon_clients');
    const props = await baseProps({ 'enable-rcon': 'true', 'rcon.password': 'hunter2', 'rcon.login-timeout-ms': DEADLINE_MS });
    writeProperties(dir, props);
    const s = new Server(binary, dir);
    await s.start();
    await s.waitFor(/RCON running on 127\.0\.0\.1:\d+/);
    const port = props['rcon.port'];
    // A login packet with a 200-byte password, sent a byte at a time: it never completes.
    const login = Buffer.alloc(4 + 10 + 200, 'x');
    login.writeInt32LE(210, 0); login.writeInt32LE(1, 4); login.writeInt32LE(3, 8);
    login.writeUInt16LE(0, login.length - 2);
    const attack = await trickle(port, 16, login);
    try {
      const { Rcon } = requireInterop('rcon-client');
      let ok = 0;
      for (let i = 0; i < 6; ++i) {
        assert(attack.open() > 0, `login ${i + 1} runs while idle connections are open`);
        const rcon = await Rcon.connect({ host: '127.0.0.1', port, password: 'hunter2', timeout: 5000 });
        const list = await rcon.send('list');
        if (/There are \d+ of a max/.test(list)) ++ok;
        await rcon.end();
        await new Promise((r) => setTimeout(r, 200));
      }
      assertEqual(ok, 6, 'admin logins and commands during the attack');
      await checkClosed(attack, 4, 'idle RCON connection');
    } finally {
      attack.destroy();
    }
    assertEqual(count(s, /Closing RCON Client \/127\.0\.0\.2: not logged in within 3000 ms/), 4,
      'one line per connection closed at the deadline');
    assertEqual(count(s, /Refused RCON connection from \/127\.0\.0\.2: already 4 pending connections from this address/), 12,
      'one line per refused connection');
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },
};
