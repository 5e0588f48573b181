// Survival with real clients (mineflayer bots, pinned in tests/interop): a bot hits a zombie, the
// zombie fights back until the bot dies with vanilla's death message and respawns at the spawn; a
// creative bot stands in lava unhurt; a bot's punch sets a villager's hurt_by_entity memory; a sword
// from `give` hits harder, and other players see a bot sneak; a watcher sees a zombie raise its arms
// and an iron golem swing and throw it up.
import { assert, assertEqual, requireInterop, until } from '../lib.mjs';
import { joinBot, startServer, stepTicks, tpBot } from './players.mjs';

/** Steps the frozen game `n` ticks at a time until `probe` holds (at most `max` ticks). */
async function stepUntil(s, probe, { n = 20, max = 2000, what }) {
  for (let done = 0; done <= max; done += n) {
    if (await probe()) return;
    await s.command(`tick step ${n}`, /Stepping \d+ tick/);
    await new Promise((r) => setTimeout(r, 100));  // the bot's own physics and its packets
  }
  throw new Error(`not within ${max} ticks: ${typeof what === 'function' ? what() : what}`);
}

const nearest = (bot, name) => bot.nearestEntity((e) => e.name === name);

/** mineflayer 4.25 reads Set Entity Velocity as velocityX/Y/Z, which minecraft-data's 1.20.3
 * protocol names `velocity` {x, y, z}: its own knockback would make the bot's position NaN. */
const KNOCKBACK = {
  beforeSpawn: (bot) => {
    bot._client.prependListener('entity_velocity', (p) => {
      if (p.velocity && p.velocityX === undefined) Object.assign(p, { velocityX: p.velocity.x, velocityY: p.velocity.y, velocityZ: p.velocity.z });
    });
  },
};

export const tests = {
  // A survival bot punches a zombie at night; the zombie turns on it (HurtByTargetGoal) and hits
  // it until it dies: "tester was slain by Zombie" in the log and the bot's chat, the death screen
  // (mineflayer's death event), and the respawn puts it, healthy, within spawnRadius 10 of the spawn.
  async survival_death_and_respawn({ binary, tmp, pluginDir }) {
    const s = await startServer(binary, tmp, 'survival_death', { 'default-gamemode': 'survival', difficulty: 'hard' },
      ['--frozen', '--plugins', pluginDir], { spawnRadius: 10 });
    const bot = await joinBot(s.port, 'tester', KNOCKBACK);
    try {
      await until(() => bot.health === 20, { what: 'full health' });
      await s.command('time set 18000', /Set the time to 18000/);
      const p = bot.entity.position.clone();
      await s.command(`summon zombie ${p.x + 1.25} ${p.y} ${p.z}`, /Summoned new Zombie/);
      await s.command('tick step 80', /Stepping \d+ tick/);  // past the 60 ticks of spawn invulnerability
      await until(() => nearest(bot, 'zombie'), { what: 'the bot sees the zombie' });
      bot.attack(nearest(bot, 'zombie'));
      let died = false;
      bot.once('death', () => { died = true; });
      await stepUntil(s, () => bot.health < 20, { what: 'the zombie hits the bot' });
      await stepUntil(s, () => died, { what: 'the bot dies' });
      await s.waitFor(/tester was slain by Zombie/);
      await until(() => bot.log.chat.includes('tester was slain by Zombie'), { what: 'the death message in chat' });
      // mineflayer answers the death screen with Client Command 0 (respawn) by itself.
      await until(() => bot.health === 20, { what: 'respawned with full health' });
      await s.waitFor(/tester respawned at/);
      const q = bot.entity.position, spawn = bot.spawnPoint;  // Set Default Spawn Position
      assert(Math.abs(q.x - (spawn.x + 0.5)) <= 10 && Math.abs(q.z - (spawn.z + 0.5)) <= 10,
        `respawned within spawnRadius 10 of the spawn ${spawn}: ${q}`);
    } finally {
      bot.quit();
      await s.stop();
    }
  },

  // A creative bot in lava takes no damage; a survival bot's punch puts the villager's attacker in
  // its hurt_by_entity memory (the villager then panics).
  async survival_creative_and_villager({ binary, tmp, pluginDir }) {
    const s = await startServer(binary, tmp, 'survival_creative', { 'default-gamemode': 'creative' },
      ['--frozen', '--plugins', pluginDir]);
    const bot = await joinBot(s.port, 'tester', KNOCKBACK);
    try {
      const p = bot.entity.position.clone();
      await s.command(`setblock ${Math.floor(p.x)} ${Math.floor(p.y)} ${Math.floor(p.z)} lava`, /Changed the block/);
      await s.command('tick step 100', /Stepping \d+ tick/);
      await new Promise((r) => setTimeout(r, 300));
      assertEqual(bot.health, 20, 'a creative player in lava');
      await s.command(`setblock ${Math.floor(p.x)} ${Math.floor(p.y)} ${Math.floor(p.z)} air`, /Changed the block/);
      await s.command('gamemode survival tester', /Set tester's game mode to Survival Mode/);
      const uuid = '00000007-0000-0007-0000-000000000007';
      await s.command(`summon villager ${p.x + 1.25} ${p.y} ${p.z} {UUID:[I;7,7,0,7]}`, /Summoned new Villager/);
      await s.command('tick step 1', /Stepping \d+ tick/);
      // (mineflayer 4.25 leaves entity.uuid unset with 1.20.3's packet names: found by its place.)
      const villager = () => bot.nearestEntity((e) => e.name === 'villager' && Math.abs(e.position.x - (p.x + 1.25)) < 0.1 &&
        Math.abs(e.position.z - p.z) < 0.1);
      await until(villager, { what: 'the bot sees the villager' });
      bot.attack(villager());
      await until(async () => {
        await s.command('tick step 1', /Stepping \d+ tick/);
        const from = s.lines.length;
        await s.command(`brain ${uuid}`, /Memories \(\d+\):/);
        await s.waitFor(/minecraft:hurt_by_entity: /, { from });
        const line = s.messages(from).find((l) => l.startsWith('  minecraft:hurt_by_entity: '));
        return !line.endsWith('(empty)') && line.includes('player');
      }, { what: "the villager's hurt_by_entity names the bot" });
      await s.command('tick step 1', /Stepping \d+ tick/);
      const activities = await s.command(`brain ${uuid}`, /Activities: /);
      assert(activities.includes('minecraft:panic'), `the villager panics: ${activities}`);
    } finally {
      bot.quit();
      await s.stop();
    }
  },
  // Mobs against players (docs/monsters.md, docs/villagers.md): a zombie ignores a creative bot,
  // then chases the bot in survival and hits it for 3 (normal difficulty), the hits at least the
  // player's hurt cooldown apart (MeleeAttackGoal's 20 ticks, or a new run of the goal); a
  // skeleton's arrow hits it; a bot that punches a villager is attacked by the iron golem nearby
  // (DefendVillageTargetGoal's shortcut: the villager's last_hurt_by_player).
  async survival_mobs_fight_players({ binary, tmp, pluginDir }) {
    const s = await startServer(binary, tmp, 'survival_mobs', { 'default-gamemode': 'creative', difficulty: 'normal' },
      ['--frozen', '--plugins', pluginDir]);
    const bot = await joinBot(s.port, 'tester', KNOCKBACK);
    const gametime = async () => Number((await s.command('time query gametime', /The time is \d+/)).match(/The time is (\d+)/)[1]);
    /** Steps one tick at a time until the bot's health falls below `below` (at most `max` ticks). */
    const hitWithin = async (below, max, what) => {
      for (let i = 0; i < max; ++i) {
        await s.command('tick step 1', /Stepping \d+ tick/);
        await new Promise((r) => setTimeout(r, 30));  // Set Health
        if (bot.health < below) return gametime();
      }
      throw new Error(`not within ${max} ticks: ${typeof what === 'function' ? what() : what}`);
    };
    try {
      await s.command('time set 18000', /Set the time to 18000/);
      await s.command('tick step 80', /Stepping \d+ tick/);  // past the 60 ticks of spawn invulnerability
      const p = bot.entity.position.clone();
      await s.command(`summon zombie ${p.x + 3} ${p.y} ${p.z}`, /Summoned new Zombie/);
      await s.command('tick step 100', /Stepping \d+ tick/);
      await new Promise((r) => setTimeout(r, 200));
      assertEqual(bot.health, 20, 'a creative bot next to a zombie');
      await s.command('gamemode survival tester', /Set tester's game mode to Survival Mode/);
      const hits = [];
      let health = 20;
      while (hits.length < 3) {
        hits.push(await hitWithin(health, 200, `zombie hit ${hits.length + 1}`));
        assertEqual(health - bot.health, 3, 'a zombie hits for 3 on normal');
        health = bot.health;
      }
      for (let i = 1; i < hits.length; ++i) assert(hits[i] - hits[i - 1] > 10, `hits ${hits} at least 11 ticks apart`);
      console.log(`zombie hits at game times ${hits.join(', ')}`);
      await s.command('kill @e[type=minecraft:zombie]', /Killed/);
      await s.command('tick step 30', /Stepping \d+ tick/);
      const q = bot.entity.position.clone();
      await s.command(`summon skeleton ${q.x + 9} ${q.y} ${q.z}`, /Summoned new Skeleton/);
      await hitWithin(bot.health, 400, "the skeleton's arrow");
      await s.command('kill @e[type=minecraft:skeleton]', /Killed/);
      await s.command('tick step 30', /Stepping \d+ tick/);
      const { Vec3 } = requireInterop('vec3');
      // Away from the village, in the open: the golem must see the villager, and the village's own
      // villagers (who walk to their beds at night) must not be the nearest.
      await tpBot(s, bot, 40.5, -60, 40.5);
      await s.command('tick step 2', /Stepping \d+ tick/);
      const r = new Vec3(40.5, -60, 40.5);
      await s.command(`summon iron_golem ${r.x - 4} ${r.y} ${r.z}`, /Summoned new /);
      await s.command(`summon villager ${r.x + 1.25} ${r.y} ${r.z}`, /Summoned new Villager/);
      await s.command('tick step 1', /Stepping \d+ tick/);
      const villager = () => bot.nearestEntity((e) => e.name === 'villager' && e.position.distanceTo(r) < 3);
      await until(villager, { what: 'the bot sees the summoned villager' });
      bot.attack(villager());
      let died = false;
      bot.once('death', () => { died = true; });
      const before = bot.health;
      for (let i = 0; i < 200 && bot.health >= before && !died; ++i) {
        await s.command('tick step 1', /Stepping \d+ tick/);
        await new Promise((res) => setTimeout(res, 30));
      }
      assert(died || bot.health < before, `the golem attacks the bot that hit the villager (health ${bot.health})`);
    } finally {
      bot.quit();
      await s.stop();
    }
  },

  // Weapons, `give` and sneaking: `give` puts a diamond sword in the bot's hand; a charged hit with
  // it takes 7 from a villager (1 + the sword's 6), one 11 ticks later 0.92 of the charge; another
  // bot sees the first crouch (shared flag 0x02, pose 5) while it holds its shift key, and stand
  // again when it lets go.
  async survival_weapons_give_and_sneaking({ binary, tmp, pluginDir }) {
    const s = await startServer(binary, tmp, 'survival_weapons', { 'default-gamemode': 'survival' },
      ['--frozen', '--plugins', pluginDir]);
    const alice = await joinBot(s.port, 'alice', KNOCKBACK);
    const bob = await joinBot(s.port, 'bob', KNOCKBACK);
    const health = async () => {
      const line = await s.command('data get entity @e[tag=target,limit=1] Health', /entity data/);
      return Number(line.match(/entity data: ([\d.]+)f/)[1]);
    };
    try {
      await tpBot(s, alice, 40.5, -60, 40.5);
      await tpBot(s, bob, 44.5, -60, 40.5);
      await s.command('give alice minecraft:diamond_sword', /Gave 1 \[Diamond Sword\] to alice/);
      await until(() => alice.heldItem?.name === 'diamond_sword', { what: 'alice holds the sword' });
      await s.command('summon villager 40.5 -60 42.5 {NoAI:1b,Tags:["target"]}', /Summoned new Villager/);
      await stepTicks(s, 20);  // past the sword's 12.5-tick cooldown
      const villager = () => alice.nearestEntity((e) => e.name === 'villager');
      await until(villager, { what: 'alice sees the villager' });
      alice.attack(villager());
      await until(async () => (await health()) < 20, { what: 'the hit lands' });
      assertEqual(await health(), 13, 'a charged diamond sword hits for 7');
      // 11 ticks later (past the villager's 10 ticks of full hurt cooldown): (11 + 0.5) / 12.5 =
      // 0.92 of the sword's charge, 7 × (0.2 + 0.92² × 0.8) = 6.14.
      await stepTicks(s, 11);
      alice.attack(villager());
      await until(async () => (await health()) < 13, { what: 'the second hit lands' });
      const second = 13 - await health();
      assert(Math.abs(second - 7 * (0.2 + 0.92 * 0.92 * 0.8)) < 0.01, `a hit at 0.92 of the charge: ${second}`);
      // Sneaking, as bob sees it.
      const seen = () => bob.players.alice?.entity?.metadata ?? [];
      await until(() => bob.players.alice?.entity, { what: 'bob sees alice' });
      alice.setControlState('sneak', true);
      await stepUntil(s, () => seen()[6] === 5 && (seen()[0] & 0x02) !== 0,
        { n: 1, max: 50, what: 'bob sees alice crouch (pose 5, shared flag 0x02)' });
      alice.setControlState('sneak', false);
      await stepUntil(s, () => seen()[6] === 0 && (seen()[0] & 0x02) === 0,
        { n: 1, max: 50, what: 'alice stands again' });
    } finally {
      alice.quit();
      bob.quit();
      await s.stop();
    }
  },

  // What a watcher sees of a fight: a zombie going for a villager raises its arms (mob flag 0x04)
  // and swings as it hits (Entity Animation 0); an iron golem that hits the zombie swings (Entity
  // Event 4) and throws it up in the air.
  async survival_fights_show_on_clients({ binary, tmp, pluginDir }) {
    const s = await startServer(binary, tmp, 'survival_show', { 'default-gamemode': 'creative', difficulty: 'normal' },
      ['--frozen', '--plugins', pluginDir]);
    const bot = await joinBot(s.port, 'watcher', KNOCKBACK);
    const swings = [], animations = [];
    bot._client.on('entity_status', (p) => swings.push(p));
    bot._client.on('animation', (p) => animations.push(p));
    try {
      await s.command('time set 18000', /Set the time to 18000/);
      await tpBot(s, bot, 40.5, -60, 40.5);
      await s.command('summon villager 46.5 -60 44.5 {NoAI:1b}', /Summoned new Villager/);
      await s.command('summon zombie 46.5 -60 36.5 {Tags:["z"]}', /Summoned new Zombie/);
      const zombie = () => bot.nearestEntity((e) => e.name === 'zombie');
      await until(zombie, { what: 'the bot sees the zombie' });
      await stepUntil(s, () => ((zombie()?.metadata?.[15] ?? 0) & 0x04) !== 0,
        { n: 1, max: 200, what: 'the zombie raises its arms (aggressive) as it goes for the villager' });
      await stepUntil(s, () => animations.some((p) => p.entityId === zombie()?.id && p.animation === 0),
        { n: 1, max: 200, what: 'the zombie swings its arm as it hits the villager (Entity Animation 0)' });
      await s.command('summon iron_golem 44.5 -60 36.5', /Summoned new /);
      const golem = () => bot.nearestEntity((e) => e.name === 'iron_golem');
      await until(golem, { what: 'the bot sees the golem' });
      let highest = -60;
      await stepUntil(s, () => {
        if (zombie()) highest = Math.max(highest, zombie().position.y);
        return swings.some((p) => p.entityId === golem()?.id && p.entityStatus === 4) && highest > -59;
      }, { n: 1, max: 400, what: () => `the golem swings (Entity Event 4) and throws the zombie up (highest y ${highest})` });
    } finally {
      bot.quit();
      await s.stop();
    }
  },

  // A nitwit has no trades: the bot's right click makes it shake its head (vanilla's setUnhappy:
  // the unhappy counter, metadata 17, at 40) and opens no screen.
  async a_villager_without_trades_shakes_its_head({ binary, tmp, pluginDir }) {
    const s = await startServer(binary, tmp, 'head_shake', { 'default-gamemode': 'creative' }, ['--plugins', pluginDir]);
    const bot = await joinBot(s.port, 'asker');
    let opened = false;
    bot._client.on('open_window', () => { opened = true; });
    try {
      await tpBot(s, bot, 40.5, -60, 40.5);
      await s.command('summon villager 42.5 -60 40.5 {VillagerData:{profession:"minecraft:nitwit",level:1,' +
        'type:"minecraft:plains"}}', /Summoned new Villager/);
      const nitwit = () => bot.nearestEntity((e) => e.name === 'villager');
      await until(nitwit, { what: 'the bot sees the nitwit' });
      await bot.activateEntity(nitwit());
      await until(() => (nitwit()?.metadata?.[17] ?? 0) > 0, { what: 'the nitwit shakes its head (metadata 17)' });
      assert(nitwit().metadata[17] <= 40, `the counter starts at 40: ${nitwit().metadata[17]}`);
      await until(() => nitwit()?.metadata?.[17] === 0, { what: 'the shake ends (metadata 17 back to 0)' });
      assert(!opened, 'a nitwit opens no merchant screen');
    } finally {
      bot.quit();
      await s.stop();
    }
  },

  // Trading (issue 23): a survival bot opens a farmer's merchant screen (Open Screen, Merchant
  // Offers), trades its first offer once (Select Trade moves the price, the result is taken), and
  // the villager's offer counts the use and its Xp rises. Trading on to the novice threshold (10
  // xp), the farmer levels up once the screen is closed and its 40-tick pause is over (vanilla's
  // Villager.customServerAiStep), with two new apprentice offers. At work time it goes to its
  // composter and WorkAtPoi restocks the used offer (uses 0, RestocksToday 1, the demand updated).
  async bot_trades_with_a_farmer({ binary, tmp, pluginDir }) {
    const s = await startServer(binary, tmp, 'trading', { 'default-gamemode': 'creative' }, ['--plugins', pluginDir]);
    const Item = requireInterop('prismarine-item')('1.20.4');
    const mcData = requireInterop('minecraft-data')('1.20.4');
    const bot = await joinBot(s.port, 'trader');
    const data = async (path) => {
      const line = await s.command(`data get entity @e[tag=trades,limit=1] ${path}`, /entity data|Found no elements/);
      const m = line.match(/entity data: (.*)$/);
      return m ? m[1] : null;
    };
    try {
      // Away from the spawn's village (its villagers must not be the nearest).
      await tpBot(s, bot, 40.5, -60, 40.5);
      // Every novice farmer's price (crops and emeralds), three stacks of each crop: enough for
      // ten trades of any of them.
      const goods = ['wheat', 'potato', 'carrot', 'beetroot'];
      for (const [i, name] of goods.entries())
        for (let k = 0; k < 3; ++k) await bot.creative.setInventorySlot(9 + i * 3 + k, new Item(mcData.itemsByName[name].id, 64));
      for (const [i, name] of ['emerald', 'pumpkin', 'melon'].entries())
        await bot.creative.setInventorySlot(36 + i, new Item(mcData.itemsByName[name].id, 64));
      await until(() => bot.inventory.slots[38]?.count === 64 && bot.inventory.slots[20]?.count === 64, { what: 'the bot holds the goods' });
      await s.command('gamemode survival trader', /Set trader's game mode/);
      // NoAI while the bot trades (it stays where it is); its brain runs the level-up afterwards.
      // Its job site is a composter beside it.
      await s.command('setblock 44 -60 42 composter', /Changed the block/);
      await s.command('summon villager 42.5 -60 40.5 {NoAI:1b,Tags:["trades"],VillagerData:{' +
        'profession:"minecraft:farmer",level:1,type:"minecraft:plains"},Brain:{memories:{' +
        '"minecraft:job_site":{value:{pos:[I;44,-60,42],dimension:"minecraft:overworld"}}}}}', /Summoned new Villager/);
      const villager = () => bot.nearestEntity((e) => e.name === 'villager');
      await until(villager, { what: 'the bot sees the farmer' });
      let screen = await bot.openVillager(villager());
      assert(screen.trades.length === 2, `a novice farmer offers two trades (${screen.trades.length})`);
      const offer = screen.trades[0];
      const out = offer.outputItem.name;
      const count = () => bot.inventory.items().filter((i) => i.name === out).reduce((n, i) => n + i.count, 0);
      const before = count();
      await bot.trade(screen, 0, 1);
      bot.closeWindow(screen);
      await until(() => count() === before + offer.outputItem.count,
        { what: `the bot got ${out} (${before} → ${count()})` });
      assertEqual(await data('Offers.Recipes[0].uses'), '1', 'the offer counted one use');
      assertEqual(Number(await data('Xp')), offer.xp, "the farmer's Xp rose by the offer's xp");
      assertEqual(await data('VillagerData.level'), '1', 'still a novice below 10 xp');
      // On to the threshold: novice → apprentice at 10 xp.
      const more = Math.ceil(10 / offer.xp) - 1;
      screen = await bot.openVillager(villager());
      await bot.trade(screen, 0, more);
      bot.closeWindow(screen);
      await until(async () => (await data('Offers.Recipes[0].uses')) === String(1 + more),
        { what: `the offer counted ${1 + more} uses` });
      assert(Number(await data('Xp')) >= 10, 'the farmer reached the apprentice threshold');
      await s.command('data merge entity @e[tag=trades,limit=1] {NoAI:0b}', /Modified entity data/);
      await until(async () => (await data('VillagerData.level')) === '2', { what: 'the farmer levels up to apprentice' });
      const recipes = await data('Offers.Recipes');
      const n = (recipes.match(/maxUses:/g) || []).length;
      assertEqual(n, 4, `an apprentice farmer has its two novice and two new offers: ${recipes}`);
      // Restock after work: the work activity (2000–9000) at its job site. WorkAtPoi looks every 300
      // ticks with a one-in-two roll, so the game sprints (at most 6000 ticks, still work time).
      const uses = 1 + more, maxUses = Number(await data('Offers.Recipes[0].maxUses'));
      await s.command('time set 2000', /Set the time to 2000/);
      await s.command('tick sprint 6000', /The game is sprinting/);
      await until(async () => (await data('Offers.Recipes[0].uses')) === '0', { timeoutMs: 60000,
        what: 'the farmer restocks at its composter' });
      await s.command('tick sprint stop', /Interrupted the current tick sprint|No tick sprint/);
      assertEqual(await data('RestocksToday'), '1', 'one restock today');
      assertEqual(await data('Offers.Recipes[0].demand'), String(uses - (maxUses - uses)),
        "the demand after the restock: uses − (maxUses − uses)");
    } finally {
      bot.quit();
      await s.stop();
    }
  },
};
