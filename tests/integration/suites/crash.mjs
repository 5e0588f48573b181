// When a plugin takes the server down: crash reports for a segfault and for a tick that never
// ends (the watchdog), stop and SIGTERM during a stuck tick, the next start's advice, and
// plugins-disabled / --safe-mode bringing the world back with the plugin's mobs kept unchanged.
// Also the plugin host's private copies, which no other local user can plant or follow.
import fs from 'node:fs';
import path from 'node:path';

import {
  Server, assert, assertEqual, baseProps, freshDir, storedEntities, until, uuidFromInts, writeProperties,
} from '../lib.mjs';

function crashReports(dir) {
  const folder = path.join(dir, 'crash-reports');
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder).filter((f) => /^crash-\d{4}-\d\d-\d\d_\d\d\.\d\d\.\d\d-server\.txt$/.test(f))
    .map((f) => ({ name: f, text: fs.readFileSync(path.join(folder, f), 'utf8') }));
}

function withCrashtest(ctx, dir) {
  const plugins = path.join(dir, 'plugins');
  fs.mkdirSync(plugins, { recursive: true });
  fs.copyFileSync(path.join(ctx.testPluginDir, 'crashtest.so'), path.join(plugins, 'crashtest.so'));
  return path.join(plugins, 'crashtest.so');
}

// A server whose tick is stuck in crashtest:looper's sensor (the plugin creates the marker file
// just before it loops for good).
async function startStuck(ctx, name, maxTickTime) {
  const dir = freshDir(ctx.tmp, name);
  writeProperties(dir, await baseProps({ 'max-tick-time': maxTickTime }));
  withCrashtest(ctx, dir);
  const marker = path.join(dir, 'looping');
  process.env.CRASHTEST_MARKER = marker;
  const s = new Server(ctx.binary, dir);
  await s.start();
  await s.command('summon crashtest:looper 3.5 -60 3.5', /Summoned new /);
  await until(() => fs.existsSync(marker), { what: 'the looper to start looping' });
  return { dir, s };
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const tests = {
  // A plugin that segfaults in a tick: a crash report naming the plugin, its library and the
  // function; the next start says which line to add; with it the world comes back and the mob
  // that crashed it waits in storage, byte for byte as it was.
  async crash_report_segfault(ctx) {
    const dir = freshDir(ctx.tmp, 'crash_report_segfault');
    writeProperties(dir, await baseProps());
    const lib = withCrashtest(ctx, dir);
    let s = new Server(ctx.binary, dir);
    await s.start();
    await s.command('tick freeze', /The game is frozen/);
    const uuid = '00000007-0000-0001-0000-000000000002';
    await s.command('summon crashtest:segfaulter 3.5 -60 3.5 {UUID:[I;7,1,0,2],Tags:["kept"]}', /Summoned new /);
    await s.command('save-all flush', /Saved the game/);
    const before = (await storedEntities(path.join(dir, 'world'))).filter((e) => uuidFromInts(e.entity.UUID) === uuid);
    assertEqual(before.length, 1, 'the mob is stored before the crash');
    s.proc.stdin.write('tick unfreeze\n');  // the next tick crashes, maybe before the answer is logged
    const exit = await s.waitExit();
    assertEqual(exit, { code: null, signal: 'SIGSEGV' }, 'the server dies of the signal');
    const reports = crashReports(dir);
    assertEqual(reports.length, 1, 'one crash report');
    const text = reports[0].text;
    for (const want of [
      '---- Minecraft Crash Report ----',
      'Description: Exception in server tick loop',
      'Signal SIGSEGV (segmentation fault: an invalid memory access) at address 0x10',
      `Suspected plugin: crashtest 1.0.0 (${lib})`,
      'Why: the faulting instruction is in its library',
      'plugins-disabled=crashtest',
      'Entity type: crashtest:segfaulter',
      'AI from plugin: crashtest',
      '(anonymous namespace)::SegfaultSensor::do_tick(mobsdk::Level&, mobsdk::Mob&)',
      `in ${lib} (plugin crashtest)`,
    ]) assert(text.includes(want), `the report has ${want}\n${text}`);
    assert(s.messages().includes(`This crash report has been saved to: ${path.join(path.resolve(dir), 'crash-reports', reports[0].name)}`),
      `the log names the report\n${s.tail()}`);
    assert(s.lines.some((l) => l.includes('SegfaultSensor::do_tick')), 'the report is in the log too');
    const logFile = fs.readFileSync(path.join(dir, 'logs', 'latest.log'), 'utf8');
    assert(logFile.includes('Suspected plugin: crashtest'), 'and in latest.log');

    // The next start: the advice, then (with the line added) the world without the plugin.
    s = new Server(ctx.binary, dir, ['--no-console']);
    await s.start({ waitDone: false });
    await s.waitFor(new RegExp(`The last run crashed in plugin crashtest \\(see crash-reports/${escape(reports[0].name)}\\)\\. ` +
      'To start without it, add this line to server.properties: plugins-disabled=crashtest'));
    s.kill('SIGKILL');  // it would crash again: that is what the advice is for
    await s.waitExit();

    const props = fs.readFileSync(path.join(dir, 'server.properties'), 'utf8').replace(/^plugins-disabled=.*$/m, 'plugins-disabled=crashtest');
    fs.writeFileSync(path.join(dir, 'server.properties'), props);
    s = new Server(ctx.binary, dir);
    await s.start();
    assert(s.messages().includes(`Plugin crashtest is disabled (plugins-disabled in server.properties): ${lib} is not loaded, its mobs are kept in storage unchanged`),
      `the log says the plugin is disabled\n${s.tail()}`);
    assert(s.messages().some((m) => m.includes('entity kept in storage, not created: unknown entity type \'crashtest:segfaulter\'')),
      `the mob is kept\n${s.tail()}`);
    await s.command('time query gametime', /The time is/);  // it runs
    await s.command('save-all flush', /Saved the game/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'a clean stop');
    const after = (await storedEntities(path.join(dir, 'world'))).filter((e) => uuidFromInts(e.entity.UUID) === uuid);
    assertEqual(after.length, 1, 'the mob is still stored, once');
    assertEqual(after[0].entity, before[0].entity, 'unchanged');
  },

  // A plugin that never returns from a tick: the watchdog ends the server at max-tick-time with a
  // report naming the plugin and the stuck function. A `stop` meanwhile is answered, not ignored.
  async watchdog_stuck_tick(ctx) {
    const { dir, s } = await startStuck(ctx, 'watchdog_stuck_tick', 3000);
    const from = s.lines.length;
    s.proc.stdin.write('stop\n');
    await s.waitFor(/Stop asked for \(stop on the console\) while a tick has been running for \d+ s: the server stops when it ends, or the watchdog ends the server at max-tick-time \(3000 ms\)/, { from });
    const exit = await s.waitExit();
    assertEqual(exit, { code: 1, signal: null }, 'the watchdog ends the server with exit code 1');
    assert(s.messages().some((m) => /^A single server tick took [3-9]\.\d\d seconds \(should be max 0\.05\)$/.test(m)), `vanilla's line\n${s.tail()}`);
    assert(s.messages().includes('Considering it to be crashed, server will forcibly shutdown.'), 'and its second line');
    const reports = crashReports(dir);
    assertEqual(reports.length, 1, 'one crash report');
    for (const want of [
      'Description: Watching Server',
      'a stop was asked for and the tick never ended (max-tick-time=3000)',
      'Suspected plugin: crashtest',
      'Entity type: crashtest:looper',
      '(anonymous namespace)::LoopSensor::do_tick(mobsdk::Level&, mobsdk::Mob&)',
    ]) assert(reports[0].text.includes(want), `the report has ${want}\n${reports[0].text}`);
  },

  // With the watchdog off, a stuck tick is ended by asking twice (SIGTERM, then SIGTERM again).
  async watchdog_off_second_sigterm(ctx) {
    const { dir, s } = await startStuck(ctx, 'watchdog_off_second_sigterm', -1);
    let from = s.lines.length;
    s.kill('SIGTERM');
    await s.waitFor(/Stop asked for \(SIGTERM\) while a tick has been running for \d+ s and the watchdog is off \(max-tick-time=-1\): ask again/, { from });
    from = s.lines.length;
    s.kill('SIGTERM');
    await s.waitFor(/Stop asked for again \(SIGTERM\) while the tick is stuck: ending the server without saving/, { from });
    assertEqual(await s.waitExit(), { code: 1, signal: null }, 'exit code 1');
    const reports = crashReports(dir);
    assertEqual(reports.length, 1, 'one crash report');
    assert(reports[0].text.includes('stopped by a second stop request while the tick was stuck'), reports[0].text);
    assert(reports[0].text.includes('Suspected plugin: crashtest'), reports[0].text);
  },

  // --safe-mode loads no plugin; mobs of plugin types and mobs without AI are kept unchanged.
  async safe_mode(ctx) {
    const dir = freshDir(ctx.tmp, 'safe_mode');
    writeProperties(dir, await baseProps());
    withCrashtest(ctx, dir);
    let s = new Server(ctx.binary, dir);
    await s.start();
    await s.command('summon crashtest:calm 3.5 -60 3.5 {UUID:[I;7,1,0,3]}', /Summoned new /);
    await s.command('save-all flush', /Saved the game/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
    const stored = async () => (await storedEntities(path.join(dir, 'world'))).map((e) => e.entity)
      .filter((e) => e.id === 'crashtest:calm' || e.id === 'minecraft:villager')
      .sort((a, b) => uuidFromInts(a.UUID).localeCompare(uuidFromInts(b.UUID)));
    const before = await stored();
    assert(before.length >= 2, 'the village\'s villagers and the calm mob are stored');

    s = new Server(ctx.binary, dir, ['--safe-mode']);
    await s.start();
    assert(s.messages().includes('Safe mode (--safe-mode): no plugin is loaded; mobs that get their AI from plugins are kept in storage unchanged'),
      `safe mode is logged\n${s.tail()}`);
    assert(!s.messages().some((m) => m.startsWith('Loaded plugin')), 'no plugin loaded');
    assert(s.messages().some((m) => m.includes("minecraft:villager: no loaded plugin gives it AI (safe mode or plugins-disabled), kept unchanged")),
      `villagers are kept\n${s.tail()}`);
    await s.command('tick sprint 100', /Sprint completed with /);
    await s.command('save-all flush', /Saved the game/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
    assertEqual(await stored(), before, 'every kept mob is stored as it was');
  },

  // The private copies: a planted plugin-copies link is refused and its target untouched; a
  // library that is a link is refused; a normal run's copies are private and go at stop.
  async plugin_copies_private(ctx) {
    const dir = freshDir(ctx.tmp, 'plugin_copies_private');
    writeProperties(dir, await baseProps());
    withCrashtest(ctx, dir);
    const victim = path.join(dir, 'victim');
    fs.mkdirSync(victim);
    fs.writeFileSync(path.join(victim, 'precious.txt'), 'keep me');
    fs.symlinkSync(victim, path.join(dir, 'plugin-copies'));
    let s = new Server(ctx.binary, dir);
    await s.start({ waitDone: false });
    assertEqual(await s.waitExit(), { code: 1, signal: null }, 'refused to start');
    assert(s.messages().includes(`cannot load plugins: ${path.join(dir, 'plugin-copies')} is a symbolic link; remove it (the server makes this folder itself)`),
      `the log says why\n${s.tail()}`);
    assertEqual(fs.readdirSync(victim), ['precious.txt'], 'nothing written where the link pointed');
    assertEqual(fs.readFileSync(path.join(victim, 'precious.txt'), 'utf8'), 'keep me', 'nothing changed there');

    fs.unlinkSync(path.join(dir, 'plugin-copies'));
    fs.symlinkSync(path.join(ctx.testPluginDir, 'good.so'), path.join(dir, 'plugins', 'linked.so'));
    s = new Server(ctx.binary, dir);
    await s.start();
    assert(s.messages().some((m) => m === `Refused plugin ${path.join(dir, 'plugins', 'linked.so')}: is a symbolic link (plugins are opened without following links: put the library itself in the folder)`),
      `a linked library is refused\n${s.tail()}`);
    const copies = path.join(dir, 'plugin-copies');
    const folders = fs.readdirSync(copies);
    assertEqual(folders.length, 1, 'one folder of copies');
    assert(new RegExp(`^${s.proc.pid}-[A-Za-z0-9]{6}$`).test(folders[0]), `named <pid>-XXXXXX: ${folders[0]}`);
    assertEqual(fs.statSync(copies).mode & 0o777, 0o700, 'plugin-copies is private');
    assertEqual(fs.statSync(path.join(copies, folders[0])).mode & 0o777, 0o700, 'its folder is private');
    assertEqual(await s.stop(), { code: 0, signal: null }, 'stop');
    assertEqual(fs.readdirSync(copies), [], 'the copies go with the server');
  },
};
