// The debug view in a real browser: Debian's chromium (/usr/bin/chromium), headless, driven by
// playwright-core, against the real mobserver on loopback with the bundled villagers.
//
//   node run.mjs <test> <mobserver binary> <tmp dir> <screenshot dir>
//
// One ctest entry per test (tests/browser/CMakeLists.txt); screenshots go to the build folder.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

import { Server, assert, assertEqual, baseProps, freePort, freshDir, until, writeProperties } from '../integration/lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const [name, binary, tmp, shots] = process.argv.slice(2);
const pluginDir = path.join(path.dirname(path.resolve(binary)), '..', 'plugins');
const chromiumPath = process.env.MOBSDK_CHROMIUM || '/usr/bin/chromium';
const PASSWORD = 'browser-test-password-7f3a';
const servers = [];  // killed at the end if a test left one running

let chromium;
try {
  ({ chromium } = createRequire(path.join(here, 'package.json'))('playwright-core'));
} catch {
  console.error('playwright-core is not installed in tests/browser: run ./tools/run-tests (it installs it)');
  process.exit(1);
}
if (!fs.existsSync(chromiumPath)) {
  console.error(`${chromiumPath} not found: run ./tools/run-tests (it installs Debian's chromium)`);
  process.exit(1);
}

/** A server with the villagers (and the monsters, for a zombie), the debug view on, RCON's password set. */
async function startServer(testName) {
  const dir = freshDir(tmp, testName);
  const webPort = await freePort();
  writeProperties(dir, await baseProps({ 'debug-web-port': webPort, 'enable-rcon': 'true', 'rcon.password': PASSWORD }));
  fs.mkdirSync(path.join(dir, 'plugins'));
  for (const p of ['villager.so', 'monsters.so']) fs.copyFileSync(path.join(pluginDir, p), path.join(dir, 'plugins', p));
  const s = new Server(binary, dir);
  servers.push(s);
  await s.start();
  await s.waitFor(/Debug view on http:/);
  // Morning of the first day: the villagers claim beds, job sites and the bell.
  await s.command('time set 1000', /Set the time to 1000/);
  const from = s.lines.length;
  await s.command('tick sprint 1200', /The game is sprinting/);
  await s.waitFor(/Sprint completed with/, { from, timeoutMs: 120000 });
  return { s, url: `http://127.0.0.1:${webPort}/` };
}

/** A headless page that records everything it receives (HTTP bodies and WebSocket frames). */
async function openPage(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const received = [];
  page.on('response', async (r) => { try { received.push(await r.text()); } catch { /* redirects have none */ } });
  page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))));
  page.on('pageerror', (e) => { throw e; });
  await page.goto(url);
  return { page, received };
}

const mobsOfType = (page, type) => page.evaluate((t) => window.debugView.state.mobs.filter((m) => m.type === t), type);

/** Clicks a mob's marker on the map canvas. */
async function clickMob(page, uuid) {
  const box = await page.locator('#map').boundingBox();
  const [x, y] = await page.evaluate((u) => {
    const m = window.debugView.state.mobs.find((mob) => mob.uuid === u);
    return window.debugView.toScreen(m.x, m.z);
  }, uuid);
  await page.mouse.click(box.x + x, box.y + y);
}

const memoryText = (page, id) => page.locator(`tr[data-memory="${id}"] td`).nth(1).textContent();
const activeText = (page) => page.locator('tr[data-testid="active-activities"] td').nth(1).textContent();

async function villagersOnTheMap(page) {
  await until(async () => (await mobsOfType(page, 'minecraft:villager')).length === 4,
    { timeoutMs: 20000, what: 'four villagers on the map' });
  return mobsOfType(page, 'minecraft:villager');
}

const tests = {
  // Find the village's villagers on the map, click one, read its home and job site and its activity;
  // the legend; the villager's bed names it as its owner; choosing the map's centre.
  async browser_villager_panel(browser) {
    const { s, url } = await startServer('browser_villager_panel');
    const { page } = await openPage(browser, url);
    const villagers = await villagersOnTheMap(page);
    await clickMob(page, villagers[0].uuid);
    await page.locator('tr[data-memory="minecraft:home"]').waitFor({ timeout: 20000 });
    const home = await memoryText(page, 'minecraft:home');
    const job = await memoryText(page, 'minecraft:job_site');
    assert(/pos:\[I;/.test(home), `home: ${home}`);
    assert(/pos:\[I;/.test(job), `job site: ${job}`);
    assert(/minecraft:core/.test(await activeText(page)), 'the core activity is active');
    assert((await page.locator('#panel').textContent()).includes(villagers[0].uuid), 'the panel shows its UUID');
    await page.screenshot({ path: path.join(shots, 'debug-view-villager.png') });
    // The legend names what is on the map.
    const legend = await page.locator('#legend').textContent();
    assert(/minecraft:villager/.test(legend) && /minecraft:home/.test(legend), `the legend: ${legend}`);
    // Click the villager's bed: the POI's panel names who holds it, and its owner can be selected from there.
    const bed = await page.evaluate((u) => {
      const home = window.debugView.state.pois.find((p) => p.type === 'minecraft:home' && p.owners.includes(u));
      return home && [home.x, home.z];
    }, villagers[0].uuid);
    assert(bed, 'the villager\'s bed is among the POIs, held by it');
    const box = await page.locator('#map').boundingBox();
    const [bx, by] = await page.evaluate(([x, z]) => window.debugView.toScreen(x + 0.5, z + 0.5), bed);
    // Mobs are picked first: select the bed through the map only where no mob stands on it.
    const mobOnBed = await page.evaluate(([x, z]) => window.debugView.state.mobs.some((m) =>
      Math.floor(m.x) === x && Math.floor(m.z) === z), bed);
    if (mobOnBed) await page.evaluate(([x, z]) => {
      const p = window.debugView.state.pois.find((q) => q.x === x && q.z === z);
      window.debugView.selectPoi([p.x, p.y, p.z]);
    }, bed);
    else await page.mouse.click(box.x + bx, box.y + by);
    await page.locator(`[data-testid="poi-owners"] a[data-uuid="${villagers[0].uuid}"]`).waitFor({ timeout: 10000 });
    await page.click(`[data-testid="poi-owners"] a[data-uuid="${villagers[0].uuid}"]`);
    await page.locator('tr[data-memory="minecraft:home"]').waitFor({ timeout: 10000 });
    // Choose the map's centre: the server sends the ground around it.
    await page.fill('#goto-x', '300');
    await page.fill('#goto-z', '-300');
    await page.click('#goto button');
    await until(() => page.evaluate(() => {
      const a = window.debugView.state.area, g = window.debugView.state.ground;
      return a && a[0] === 300 && a[2] === -300 && g && g.x0 === 300 - 48 && g.z0 === -300 - 48;
    }), { timeoutMs: 10000, what: 'the ground around the chosen centre' });
    await page.close();
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // With the password: set the time to 2000 and step; the villager's activity becomes minecraft:work.
  // The password never appears in anything the page received.
  async browser_tick_controls(browser) {
    const { s, url } = await startServer('browser_tick_controls');
    const { page, received } = await openPage(browser, url);
    const villagers = await villagersOnTheMap(page);
    await clickMob(page, villagers[0].uuid);
    await page.locator('tr[data-testid="active-activities"]').waitFor({ timeout: 20000 });
    assertEqual(await page.locator('#controls').count(), 0, 'no controls before the password');
    await page.fill('#password', PASSWORD);
    await page.click('#login button');
    await page.locator('#controls').waitFor({ timeout: 10000 });
    assertEqual(await page.inputValue('#password'), '', 'the password field is cleared');
    await page.click('#controls button:text-is("freeze")');
    await page.fill('#ctl-time', '2000');
    await page.click('#controls button:text-is("time set")');
    await s.waitFor(/\[Debug view: Set the time to 2000\]/);
    await page.fill('#ctl-n', '40');
    await page.click('#controls button:text-is("step")');
    await until(async () => /minecraft:work/.test(await activeText(page)),
      { timeoutMs: 20000, what: 'the villager goes to work' });
    await page.screenshot({ path: path.join(shots, 'debug-view-controls.png') });
    const everything = received.join('\n');
    assert(everything.length > 0, 'the page received something');
    assert(!everything.includes(PASSWORD), 'the password never appears in what the page received');
    assert(!(await page.content()).includes(PASSWORD), 'nor in the page');
    await page.close();
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // A zombie next to a villager: its history shows the panic activity.
  async browser_panic_history(browser) {
    const { s, url } = await startServer('browser_panic_history');
    const { page } = await openPage(browser, url);
    const villagers = await villagersOnTheMap(page);
    const v = villagers[0];
    await clickMob(page, v.uuid);
    await page.locator('[data-testid="history"] li').first().waitFor({ timeout: 20000 });
    // Where the villager is now, so that the zombie is in its sight (not behind a wall).
    const [x, y, z] = await page.evaluate((u) => window.debugView.state.watched.get(u).mob.position, v.uuid);
    await s.command(`summon minecraft:zombie ${x.toFixed(2)} ${y.toFixed(2)} ${z.toFixed(2)}`, /Summoned new/);
    await until(async () => /activity minecraft:panic started/.test(await page.locator('[data-testid="history"]').textContent()),
      { timeoutMs: 30000, what: 'the panic in the history' });
    // The history is the server's, observed every tick: each line has the game time it was seen in.
    const history = await page.evaluate((u) => window.debugView.state.watched.get(u).history, v.uuid);
    assert(history.every((h, i) => i === 0 || h.time <= history[i - 1].time), 'newest first');
    assert(history.some((h) => /^started /.test(h.text)), `behaviour starts: ${JSON.stringify(history.slice(0, 8))}`);
    await page.screenshot({ path: path.join(shots, 'debug-view-panic.png') });
    await page.close();
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },

  // Without the password the page is read-only: no controls, and a control it sends is refused.
  async browser_read_only(browser) {
    const { s, url } = await startServer('browser_read_only');
    const { page, received } = await openPage(browser, url);
    await villagersOnTheMap(page);
    assertEqual(await page.locator('#controls').count(), 0, 'no controls');
    assertEqual(await page.locator('#controls-slot button').count(), 0, 'no control buttons');
    await page.fill('#password', 'not the password');
    await page.click('#login button');
    await until(async () => /wrong password/.test(await page.locator('#status').textContent()),
      { timeoutMs: 10000, what: 'the wrong password refused' });
    assertEqual(await page.locator('#controls').count(), 0, 'still no controls');
    // Sent by hand, as a page without controls could: refused.
    await page.evaluate(() => new Promise((resolve) => {
      const ws = new WebSocket(`ws://${location.host}/ws`);
      ws.onopen = () => ws.send(JSON.stringify({ control: 'time', value: 5000 }));
      ws.onmessage = (e) => { if (JSON.parse(e.data).error) { ws.close(); resolve(); } };
    }));
    assert(!s.messages().some((m) => /Set the time to 5000/.test(m)), 'the time was not set');
    assert(!received.join('\n').includes(PASSWORD), 'the password never appears in what the page received');
    await page.close();
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
  },
};

if (!tests[name]) {
  console.error(`unknown test ${name}; known: ${Object.keys(tests).join(', ')}`);
  process.exit(2);
}
fs.mkdirSync(shots, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  await tests[name](browser);
  console.log(`${name}: passed`);
} catch (e) {
  console.log(`${name}: FAILED`);
  console.log(e && e.stack ? e.stack : e);
  process.exitCode = 1;
} finally {
  await browser.close();
  for (const s of servers) if (!s.exit) s.kill();
}
