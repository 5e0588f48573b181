// Players' inventories with mineflayer bots (pinned in tests/interop): a creative bot sets slots,
// another bot sees what it holds and wears, the first throws its stack in survival, the item lies
// on the ground until the second bot walks over it and picks it up, and both inventories survive
// leaving and joining again.
import { assert, assertEqual, requireInterop, until } from '../lib.mjs';
import { joinBot, startServer } from './players.mjs';

export const tests = {
  async inventory_set_hold_throw_pick_up_and_keep({ binary, tmp }) {
    // The game runs (not frozen): items fall and their pickup delay counts down.
    const s = await startServer(binary, tmp, 'inventory', { 'default-gamemode': 'creative' }, []);
    const Item = requireInterop('prismarine-item')('1.20.4');
    const mcData = requireInterop('minecraft-data')('1.20.4');
    let alice = await joinBot(s.port, 'alice');
    let bob = await joinBot(s.port, 'bob');
    try {
      await s.command('tp alice 0 -60 0', /Teleported alice/);
      await s.command('tp bob 8 -60 0', /Teleported bob/);
      // Creative: set the first hotbar slot (menu slot 36, held) and the head slot (5).
      await alice.creative.setInventorySlot(36, new Item(mcData.itemsByName.bread.id, 5));
      await alice.creative.setInventorySlot(5, new Item(mcData.itemsByName.diamond_helmet.id, 1));
      const seen = () => Object.values(bob.entities).find((e) => e.username === 'alice');
      await until(() => seen()?.heldItem?.name === 'bread' && seen()?.equipment?.[5]?.name === 'diamond_helmet',
        { what: `bob sees alice hold bread and wear a diamond helmet (held: ${seen()?.heldItem?.name})` });
      // Survival: alice looks level and throws the stack; the item entity appears for bob.
      await s.command('gamemode survival alice', /Set alice's game mode/);
      await s.command('gamemode survival bob', /Set bob's game mode/);
      await until(() => alice.game.gameMode === 'survival' || alice.log.gameMode === 'survival', { what: 'alice in survival' });
      await alice.look(0, 0, true);
      const bread = alice.inventory.slots[36];
      assert(bread && bread.name === 'bread' && bread.count === 5, `alice's hotbar holds the bread: ${bread?.name}`);
      await alice.tossStack(bread);
      const item = () => Object.values(bob.entities).find((e) => e.name === 'item');
      await until(() => item(), { what: 'bob sees the thrown item' });
      await until(() => !alice.inventory.slots[36], { what: 'alice\'s slot emptied' });
      // Once it lies still (the server's Pos twice the same a second apart), bob goes there and
      // picks it up (its pickup delay is 40 ticks).
      let last = null;
      let pos = null;
      await until(async () => {
        const out = await s.command('data get entity @e[type=minecraft:item,limit=1] Pos', /entity data|No entity/);
        const m = out.match(/\[(-?[\d.E-]+)d, (-?[\d.E-]+)d, (-?[\d.E-]+)d\]/);
        const still = m && m[0] === last;
        last = m?.[0];
        if (m) pos = m.slice(1, 4).map(Number);
        return still;
      }, { intervalMs: 1000, what: 'the item at rest' });
      await s.command(`tp bob ${pos[0]} ${pos[1]} ${pos[2]}`, /Teleported bob/);
      await until(() => bob.inventory.items().some((i) => i.name === 'bread' && i.count === 5),
        { what: `bob picked up the bread (has ${bob.inventory.items().map((i) => `${i.name}×${i.count}`)})` });
      await until(() => !item(), { what: 'the item entity is gone' });
      assert(!alice.inventory.items().some((i) => i.name === 'bread'), 'alice no longer has the bread');
    } finally {
      alice.quit();
      bob.quit();
    }
    await s.waitFor(/alice left the game/);
    await s.waitFor(/bob left the game/);
    // Both inventories come back from playerdata.
    alice = await joinBot(s.port, 'alice');
    bob = await joinBot(s.port, 'bob');
    try {
      await until(() => alice.inventory.slots[5]?.name === 'diamond_helmet', { what: 'alice wears the helmet again' });
      assert(!alice.inventory.items().some((i) => i.name === 'bread'), 'alice has no bread after rejoining');
      await until(() => bob.inventory.items().some((i) => i.name === 'bread' && i.count === 5),
        { what: 'bob has the bread after rejoining' });
    } finally {
      alice.quit();
      bob.quit();
    }
    await s.waitFor(/bob left the game/);
    assertEqual(await s.stop(), { code: 0, signal: null }, 'clean stop');
  },
};
