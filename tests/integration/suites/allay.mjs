// The allay and a player (issue 23) with a mineflayer bot (pinned in tests/interop): a survival bot
// hands an allay an amethyst shard (Interact), the allay's liked_player names the bot, and the
// shards summoned nearby are collected and thrown to the bot.
import { assert, assertEqual, requireInterop, until, uuidFromInts } from '../lib.mjs';
import { joinBot, startServer } from './players.mjs';

export const tests = {
  async allay_takes_an_item_and_brings_copies_to_the_bot({ binary, tmp, pluginDir }) {
    // The game runs (not frozen): the allay flies, items fall.
    const s = await startServer(binary, tmp, 'allay', { 'default-gamemode': 'creative' }, ['--plugins', pluginDir]);
    const Item = requireInterop('prismarine-item')('1.20.4');
    const mcData = requireInterop('minecraft-data')('1.20.4');
    const bot = await joinBot(s.port, 'alice');
    try {
      await s.command('tp alice 100 -60 100', /Teleported alice/);
      await until(() => bot.entity.position.x > 99, { what: 'alice at (100, 100)' });
      await bot.creative.setInventorySlot(36, new Item(mcData.itemsByName.amethyst_shard.id, 2));
      await s.command('gamemode survival alice', /Set alice's game mode/);
      await until(() => bot.inventory.slots[36]?.count === 2, { what: 'alice holds two shards' });
      await s.command('summon allay 101.5 -59 100.5', /Summoned new Allay/);
      const allay = () => Object.values(bot.entities).find((e) => e.name === 'allay');
      await until(() => allay(), { what: 'alice sees the allay' });
      await bot.activateEntity(allay());
      await until(() => bot.inventory.slots[36]?.count === 1, { what: 'alice gave one shard' });
      await until(() => allay().equipment?.[0]?.name === 'amethyst_shard', { what: 'alice sees the allay hold it' });
      const out = await s.command('data get entity @e[type=allay,limit=1] Brain.memories."minecraft:liked_player".value',
        /entity data/);
      const ints = out.match(/\[I; (-?\d+), (-?\d+), (-?\d+), (-?\d+)\]/);
      assert(ints, `liked_player is a UUID: ${out}`);
      assertEqual(uuidFromInts(ints.slice(1, 5).map(Number)), bot.player.uuid, 'liked_player is alice');
      // Two shards 6 blocks away (away from the spawn's village, whose houses would hide them): the allay collects them one at a time and throws each to alice.
      for (const z of ['104.5', '105.5'])
        await s.command(`summon item 106.5 -60 ${z} {Item:{id:"minecraft:amethyst_shard",Count:1b}}`, /Summoned new/);
      const near = () => Object.values(bot.entities).filter((e) => e.name === 'item' &&
        e.position.distanceTo(bot.entity.position) < 4).length;
      const shards = () => bot.inventory.items().filter((i) => i.name === 'amethyst_shard')
        .reduce((n, i) => n + i.count, 0);
      await until(() => shards() + near() >= 3, { timeoutMs: 40000,
        what: `the shards near alice or picked up (holds ${shards()}, ${near()} lying near)` });
    } finally {
      bot.quit();
    }
    await s.stop();
  },
};
