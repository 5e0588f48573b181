#!/usr/bin/env node
// Generates sdk/src/world/generated/vanilla_block_table.cpp: every Minecraft Java 1.20.4 block in
// vanilla's order with its properties (values in vanilla's order), default state, first global
// state id, collision shape per state, light emission and light block per state, from the
// minecraft-data package installed under tests/interop/node_modules (no network at run time).
//
//   node tools/blocks/generate.mjs            write the table
//   node tools/blocks/generate.mjs --check    exit 1 when the committed table differs (CI, review)
//   node tools/blocks/generate.mjs --report   also print shapes over four boxes and the offsets removed
//
// Sources (see tools/blocks/README.md for the evidence behind each rule below):
//   pc/1.20.4/blocks.json                 blocks, ids, properties, default and min/max state ids,
//                                         emitLight and filterLight of the default state, transparent
//   pc/1.20.3/blockCollisionShapes.json   collision shapes per state (dataPaths maps 1.20.4 to it;
//                                         1.20.3 and 1.20.4 have the same 1,058 blocks and states)
//   tools/blocks/tags-1.20.4.json        vanilla 1.20.4's block tags (base data pack), as data
//   tools/blocks/legacy-cuts.json        the box cuts the hand-written table used (see below)
//   tools/blocks/outlines.mjs            outline shapes: vanilla's getShape per block class
// minecraft-data has no block tags, no outline shapes and no per-state light: the light rules
// below are vanilla's (BlockBehaviour.getLightBlock, the lightLevel functions in Blocks), and so
// are the lists of path rules, isPathfindable(LAND) overrides and forceSolidOn/Off blocks.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { collisionOutside, outlineRules, shapeOffsets } from './outlines.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const modules = path.join(root, 'tests/interop/node_modules');
const require = createRequire(path.join(modules, 'noop.js'));
const dataRoot = path.join(modules, 'minecraft-data/minecraft-data/data');
const pkg = require('minecraft-data/package.json');
const dataPaths = JSON.parse(fs.readFileSync(path.join(dataRoot, 'dataPaths.json'), 'utf8')).pc['1.20.4'];
const load = (kind) => JSON.parse(fs.readFileSync(path.join(dataRoot, dataPaths[kind], `${kind}.json`), 'utf8'));
const blocks = load('blocks');
const collision = load('blockCollisionShapes');

const out = path.join(root, 'sdk/src/world/generated/vanilla_block_table.cpp');
const args = new Set(process.argv.slice(2));

const fail = (message) => {
    console.error(`generate.mjs: ${message}`);
    process.exit(1);
};

// ---- Checks of the source against facts of 1.20.4 (protocol 765) --------------------------------
const known = { air: [0, 0, 0], stone: [1, 1, 1], grass_block: [8, 9, 9], dirt: [10, 10, 10], water: [80, 95, 80],
    oak_log: [130, 132, 131], short_grass: [2005, 2005, 2005] };
if (blocks.length !== 1058) fail(`expected 1058 blocks, found ${blocks.length}`);
{
    let next = 0;
    blocks.forEach((b, i) => {
        if (b.id !== i) fail(`block ${b.name} has id ${b.id} at position ${i}`);
        if (b.minStateId !== next) fail(`block ${b.name} starts at ${b.minStateId}, expected ${next}`);
        next = b.maxStateId + 1;
    });
    if (next !== 26644) fail(`expected 26644 states, found ${next}`);
}
for (const [name, [min, max, def]] of Object.entries(known)) {
    const b = blocks.find((x) => x.name === name);
    if (!b || b.minStateId !== min || b.maxStateId !== max || b.defaultState !== def)
        fail(`${name}: expected states ${min}-${max} default ${def}`);
}

// ---- Properties ------------------------------------------------------------------------------------
// A bool property lists true first (BooleanProperty.create: ImmutableSet.of(true, false)).
const valuesOf = (p) => (p.type === 'bool' ? ['true', 'false'] : p.values.map(String));
const propertyKey = (name, values) => `${name}=${values.join(',')}`;
const propertyIndex = new Map();
const propertyRows = [];
const valuePool = [];
const valueLists = new Map();  // a value list, joined by commas -> its first index in valuePool
const blockProperties = [];

// The value of each property of a state (index within the block; the last property varies fastest).
function stateValues(b, i) {
    const values = {};
    for (let p = b.states.length - 1; p >= 0; --p) {
        const vs = valuesOf(b.states[p]);
        values[b.states[p].name] = vs[i % vs.length];
        i = Math.floor(i / vs.length);
    }
    return values;
}

// ---- Shapes ----------------------------------------------------------------------------------------
// minecraft-data gives vanilla's VoxelShape.toAabbs(), which splits a shape into disjoint boxes,
// often more than it needs; BlockShape holds four. Each shape is rebuilt as few (possibly
// overlapping) boxes as a greedy cover of its cells finds, covering exactly the same volume.
function cover(boxes) {
    const axes = [0, 1, 2].map((a) => [...new Set(boxes.flatMap((b) => [b[a], b[a + 3]]))].sort((p, q) => p - q));
    const [nx, ny, nz] = axes.map((c) => c.length - 1);
    const filled = new Uint8Array(Math.max(nx, 0) * Math.max(ny, 0) * Math.max(nz, 0));
    const at = (x, y, z) => (y * nz + z) * nx + x;
    for (let y = 0; y < ny; ++y)
        for (let z = 0; z < nz; ++z)
            for (let x = 0; x < nx; ++x) {
                const c = [(axes[0][x] + axes[0][x + 1]) / 2, (axes[1][y] + axes[1][y + 1]) / 2,
                    (axes[2][z] + axes[2][z + 1]) / 2];
                if (boxes.some((b) => c.every((v, a) => v > b[a] && v < b[a + 3]))) filled[at(x, y, z)] = 1;
            }
    return { axes, n: [nx, ny, nz], filled, at };
}

// Grows a box from a seed cell through filled cells (covered ones too: boxes may overlap), along
// the axes in `order`; returns [lo, hi] in cells, hi inclusive.
function grow(grid, seed, order) {
    const { n, filled, at } = grid;
    const lo = [...seed];
    const hi = [...seed];
    const all = (l, h) => {
        for (let x = l[0]; x <= h[0]; ++x)
            for (let y = l[1]; y <= h[1]; ++y)
                for (let z = l[2]; z <= h[2]; ++z)
                    if (!filled[at(x, y, z)]) return false;
        return true;
    };
    for (const a of order) {
        for (const dir of [1, -1]) {
            for (;;) {
                const next = dir > 0 ? hi[a] + 1 : lo[a] - 1;
                if (next < 0 || next >= n[a]) break;
                const l = [...lo];
                const h = [...hi];
                l[a] = h[a] = next;
                if (!all(l, h)) break;
                if (dir > 0) hi[a] = next;
                else lo[a] = next;
            }
        }
    }
    return [lo, hi];
}

const orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
// A greedy set cover: repeatedly take the maximal box that covers the most cells not yet covered.
function fewestBoxes(boxes) {
    if (boxes.length <= 1) return boxes;
    const grid = cover(boxes);
    const { axes, n, filled, at } = grid;
    const covered = new Uint8Array(filled.length);
    const result = [];
    for (;;) {
        let best = null;
        let bestGain = 0;
        for (let y = 0; y < n[1]; ++y)
            for (let z = 0; z < n[2]; ++z)
                for (let x = 0; x < n[0]; ++x) {
                    if (!filled[at(x, y, z)] || covered[at(x, y, z)]) continue;
                    for (const order of orders) {
                        const [lo, hi] = grow(grid, [x, y, z], order);
                        let gain = 0;
                        for (let i = lo[0]; i <= hi[0]; ++i)
                            for (let j = lo[1]; j <= hi[1]; ++j)
                                for (let k = lo[2]; k <= hi[2]; ++k) gain += covered[at(i, j, k)] ? 0 : 1;
                        if (gain > bestGain) {
                            bestGain = gain;
                            best = [lo, hi];
                        }
                    }
                }
        if (!best) break;
        const [lo, hi] = best;
        for (let i = lo[0]; i <= hi[0]; ++i)
            for (let j = lo[1]; j <= hi[1]; ++j)
                for (let k = lo[2]; k <= hi[2]; ++k) covered[at(i, j, k)] = 1;
        result.push([axes[0][lo[0]], axes[1][lo[1]], axes[2][lo[2]], axes[0][hi[0] + 1], axes[1][hi[1] + 1],
            axes[2][hi[2] + 1]]);
    }
    const best = result.length < boxes.length ? result : boxes;
    if (!sameVolume(best, boxes)) fail(`merging changed a shape: ${JSON.stringify(boxes)}`);
    return best;
}

// True when `ok(inA, inB)` holds for every cell of the grid the corners of boxes `a` and `b` make
// (inA: the cell is inside `a`).
function everyCell(a, b, ok) {
    const { axes, n } = cover([...a, ...b]);
    const inside = (boxes, c) => boxes.some((box) => c.every((v, i) => v > box[i] && v < box[i + 3]));
    for (let y = 0; y < n[1]; ++y)
        for (let z = 0; z < n[2]; ++z)
            for (let x = 0; x < n[0]; ++x) {
                const c = [(axes[0][x] + axes[0][x + 1]) / 2, (axes[1][y] + axes[1][y + 1]) / 2,
                    (axes[2][z] + axes[2][z + 1]) / 2];
                if (!ok(inside(a, c), inside(b, c))) return false;
            }
    return true;
}
// True when two lists of boxes cover the same cells of the grid their corners make.
const sameVolume = (a, b) => everyCell(a, b, (inA, inB) => inA === inB);

// legacy-cuts.json: how the hand-written table cut the shapes of its multi-box blocks (stairs, fence,
// wall, bed, bell, lectern, brewing stand). The reference physics moves an entity that overlaps a
// block box by box, so the cut is observable: every state whose shape covers the same volume as one
// of those gets the same boxes in the same order, so that worlds stay byte-identical.
const legacyCuts = JSON.parse(fs.readFileSync(path.join(root, 'tools/blocks/legacy-cuts.json'), 'utf8')).cuts;
const legacyByVolume = new Map();
for (const [name, cuts] of Object.entries(legacyCuts)) {
    const b = blocks.find((x) => x.name === name);
    if (!b) fail(`legacy-cuts.json: unknown block ${name}`);
    const shapes = collision.blocks[name];
    if (cuts.length !== b.maxStateId - b.minStateId + 1) fail(`legacy-cuts.json: ${name} needs one cut per state`);
    cuts.forEach((cut, i) => {
        const raw = collision.shapes[Array.isArray(shapes) ? shapes[i] : shapes];
        const boxes = cut.map((box) => box.map((v) => v / 16));
        if (!sameVolume(boxes, raw)) fail(`legacy-cuts.json: ${name} state ${i} is not minecraft-data's shape`);
        const key = JSON.stringify(fewestBoxes(raw));
        const known = legacyByVolume.get(key);
        if (known && JSON.stringify(known) !== JSON.stringify(boxes))
            fail(`legacy-cuts.json: ${name} state ${i} cuts a shape another state cuts otherwise`);
        legacyByVolume.set(key, boxes);
    });
}

// Blocks with a random horizontal offset (BlockBehaviour.OffsetType.XZ) and a collision shape:
// minecraft-data took their shape at BlockPos.ZERO, where the offset is (-max, 0, -max) (the seed of
// (0, 0, 0) is 0). The table stores the shape without it and the max in VanillaBlockRow's
// max_horizontal_offset; the world adds the offset per position. outlines.mjs's shapeOffsets lists
// every block whose shapes the offset moves (the flowers' outlines too); these two must be among them.
const xzOffset = { bamboo: 0.25, pointed_dripstone: 0.125 };
for (const [name, max] of Object.entries(xzOffset))
    if (shapeOffsets[name] !== max) fail(`outlines.mjs: shapeOffsets.${name} is not ${max}`);
const shapeIndex = new Map();
const shapeRows = [];
const boxPool = [];
const report = { overFour: new Map(), offsets: xzOffset };
// Boxes moved by `off` on x and z.
const moveXZ = (boxes, off) => boxes.map(([x0, y0, z0, x1, y1, z1]) => [x0 + off, y0, z0 + off, x1 + off, y1, z1 + off]);
// The index of a list of boxes in the shape table, added when new (`added` then true).
function addShape(boxes) {
    const key = JSON.stringify(boxes);
    const known = shapeIndex.get(key);
    if (known !== undefined) return { i: known, added: false };
    const i = shapeRows.length;
    shapeIndex.set(key, i);
    shapeRows.push({ first: boxPool.length, count: boxes.length });
    boxPool.push(...boxes);
    return { i, added: true };
}
function internShape(boxes, blockName) {
    let merged = fewestBoxes(boxes);
    merged = legacyByVolume.get(JSON.stringify(merged)) ?? merged;
    const off = xzOffset[blockName] ?? 0;
    if (off) merged = moveXZ(merged, off);
    const { i } = addShape(merged);
    if (merged.length > 4) {
        const seen = report.overFour.get(blockName) ?? { max: 0, states: 0, raw: 0 };
        seen.max = Math.max(seen.max, merged.length);
        seen.raw = Math.max(seen.raw, boxes.length);
        seen.states += 1;
        report.overFour.set(blockName, seen);
    }
    return i;
}

// ---- Light -----------------------------------------------------------------------------------------
// minecraft-data's emitLight and filterLight are the default state's. The states that differ are
// given by vanilla's lightLevel functions (Blocks.litBlockEmission and friends):
const lit = (level) => (v) => (v.lit === 'true' ? level : 0);
const emission = {
    furnace: lit(13), blast_furnace: lit(13), smoker: lit(13), redstone_lamp: lit(15), redstone_ore: lit(9),
    deepslate_redstone_ore: lit(9), redstone_torch: lit(7), redstone_wall_torch: lit(7), campfire: lit(15),
    soul_campfire: lit(10), copper_bulb: lit(15), waxed_copper_bulb: lit(15), exposed_copper_bulb: lit(12),
    waxed_exposed_copper_bulb: lit(12), weathered_copper_bulb: lit(8), waxed_weathered_copper_bulb: lit(8),
    oxidized_copper_bulb: lit(4), waxed_oxidized_copper_bulb: lit(4),
    // SeaPickleBlock: dead (not waterlogged) gives 0, else 3 + 3 × pickles.
    sea_pickle: (v) => (v.waterlogged === 'true' ? 3 + 3 * Number(v.pickles) : 0),
    light: (v) => Number(v.level),
    // RespawnAnchorBlock.getScaledChargeLevel(state, 15): floor(charges / 4 × 15).
    respawn_anchor: (v) => Math.floor((Number(v.charges) / 4) * 15),
    cave_vines: (v) => (v.berries === 'true' ? 14 : 0), cave_vines_plant: (v) => (v.berries === 'true' ? 14 : 0),
    // GlowLichenBlock.emission(7): 7 when any face is set.
    glow_lichen: (v) => (['down', 'east', 'north', 'south', 'up', 'west'].some((f) => v[f] === 'true') ? 7 : 0),
    // TrialSpawnerState's light levels (an experimental 1.21 block already registered in 1.20.3).
    trial_spawner: (v) => ({ waiting_for_players: 4, active: 8, waiting_for_reward_ejection: 8,
        ejecting_reward: 8 })[v.trial_spawner_state] ?? 0,
};
for (const b of blocks) {
    if (b.name === 'candle' || b.name.endsWith('_candle'))
        emission[b.name] = (v) => (v.lit === 'true' ? 3 * Number(v.candles) : 0);
    if (b.name === 'candle_cake' || b.name.endsWith('_candle_cake')) emission[b.name] = lit(3);
}

const fullBox = (s) => s.length === 1 && s[0].join(',') === '0,0,0,1,1,1';
// Blocks whose outline (occlusion) shape is the full cube though their collision shape is not: they
// render solid (filterLight 15) with a lower collision box.
const fullOutline = new Set(['soul_sand', 'mud']);
// Blocks that are always water (their fluid state is a water source, with no waterlogged property).
const alwaysWater = new Set(['water', 'bubble_column', 'kelp', 'kelp_plant', 'seagrass', 'tall_seagrass']);

// ---- Path rules ------------------------------------------------------------------------------------
// How WalkNodeEvaluator.getBlockPathTypeRaw (1.20.4) decides a block before its generic rules (lava,
// then !isPathfindable(LAND) -> BLOCKED, water -> WATER, else OPEN), in its order: see README.md.
// The numbers are VanillaPathRule in detail/vanilla_block_table.hpp.
const PATH = { default: 0, trapdoor: 1, powder_snow: 2, damage_other: 3, sticky_honey: 4, cocoa: 5,
    damage_cautious: 6, burning: 7, campfire: 8, wood_door: 9, iron_door: 10, rail: 11, leaves: 12, fence: 13,
    fence_gate: 14 };
const byPattern = (re, count) => {
    const names = blocks.map((b) => b.name).filter((n) => re.test(n));
    if (names.length !== count) fail(`${re}: expected ${count} blocks, found ${names.length}: ${names.join(' ')}`);
    return names;
};
const pathRule = new Map();
const setRule = (names, rule) => names.forEach((n) => {
    if (!blocks.some((b) => b.name === n)) fail(`path rule for unknown block ${n}`);
    if (!pathRule.has(n)) pathRule.set(n, rule);
});
// #trapdoors (11 wooden, iron, 8 experimental copper ones), lily_pad, big_dripleaf.
setRule([...byPattern(/_trapdoor$/, 20), 'lily_pad', 'big_dripleaf'], PATH.trapdoor);
setRule(['powder_snow'], PATH.powder_snow);
setRule(['cactus', 'sweet_berry_bush'], PATH.damage_other);
setRule(['honey_block'], PATH.sticky_honey);
setRule(['cocoa'], PATH.cocoa);
setRule(['wither_rose', 'pointed_dripstone'], PATH.damage_cautious);
// isBurningBlock: #fire, lava (its fluid decides first), magma_block, lava_cauldron; a lit #campfires.
setRule(['fire', 'soul_fire', 'magma_block', 'lava_cauldron'], PATH.burning);
setRule(['campfire', 'soul_campfire'], PATH.campfire);
// DoorBlock: every BlockSetType but iron opens by hand (copper doors too).
setRule(['iron_door'], PATH.iron_door);
setRule(byPattern(/_door$/, 20), PATH.wood_door);
setRule(byPattern(/^(|powered_|detector_|activator_)rail$/, 4), PATH.rail);  // BaseRailBlock
setRule(blocks.filter((b) => b.material.split(';').includes('leaves')).map((b) => b.name), PATH.leaves);
setRule([...byPattern(/_fence$/, 12), ...byPattern(/_wall$/, 25)], PATH.fence);  // #fences, #walls
setRule(byPattern(/_fence_gate$/, 11), PATH.fence_gate);  // FenceGateBlock: FENCE when closed
if ([...pathRule.entries()].filter(([, r]) => r === PATH.leaves).length !== 10) fail('expected 10 LeavesBlocks');

// ---- isPathfindable(LAND) -------------------------------------------------------------------------
// BlockBehaviour's default is !isCollisionShapeFullBlock; these block classes override it (1.20.4).
// The numbers are VanillaLandRule in detail/vanilla_block_table.hpp.
const LAND = { by_shape: 0, never: 1, when_open: 2, snow_layers: 3, not_lava: 4 };
const landRule = new Map();
const setLand = (names, rule) => names.forEach((n) => {
    if (!blocks.some((b) => b.name === n)) fail(`isPathfindable rule for unknown block ${n}`);
    if (landRule.has(n)) fail(`two isPathfindable rules for ${n}`);
    landRule.set(n, rule);
});
setLand([
    ...byPattern(/_slab$/, 60),                                      // SlabBlock
    ...byPattern(/_stairs$/, 56),                                    // StairBlock
    ...byPattern(/_fence$/, 12), 'iron_bars', ...byPattern(/(^|_)glass_pane$/, 17),  // CrossCollisionBlock
    ...byPattern(/_wall$/, 25),                                      // WallBlock
    ...byPattern(/_bed$/, 16),                                       // BedBlock
    'bell', 'farmland', 'dirt_path', 'cactus', 'composter', 'lectern', 'brewing_stand', 'grindstone',
    'stonecutter', 'cake', 'chain', 'conduit', 'end_rod', 'lightning_rod', 'enchanting_table', 'hopper',
    'lantern', 'soul_lantern', 'piston_head', 'moving_piston', 'pointed_dripstone', 'bamboo', 'campfire',
    'soul_campfire', 'dragon_egg', 'azalea', 'flowering_azalea', 'chorus_plant', 'soul_sand', 'mud',
    'cauldron', 'water_cauldron', 'lava_cauldron', 'powder_snow_cauldron',  // AbstractCauldronBlock
    'anvil', 'chipped_anvil', 'damaged_anvil', 'chest', 'trapped_chest', 'ender_chest',
    ...byPattern(/^(skeleton|wither_skeleton)_skull$|^(zombie|player|creeper|dragon|piglin)_head$/, 7),
    ...byPattern(/_wall_(skull|head)$/, 7),  // AbstractSkullBlock
], LAND.never);
// DoorBlock, TrapDoorBlock, FenceGateBlock: pathfindable when open.
setLand([...byPattern(/_door$/, 20), ...byPattern(/_trapdoor$/, 20), ...byPattern(/_fence_gate$/, 11)],
    LAND.when_open);
setLand(['snow'], LAND.snow_layers);           // SnowLayerBlock: layers < 5
setLand(['water', 'lava'], LAND.not_lava);      // LiquidBlock: not for lava

// ---- Legacy isSolid, blocksMotion, replaceable -----------------------------------------------------
// BlockStateBase.calculateSolid (1.20.4): Properties.forceSolidOn() -> true, forceSolidOff() -> false,
// else the collision shape's bounds (size >= 0.7291666 or height >= 1). blocksMotion is isSolid except
// for cobweb and bamboo_sapling. Both lists are Blocks.java's properties (from the game's code, by
// name patterns checked against blocks.json).
const solidOn = new Set([
    ...byPattern(/_sign$/, 44),  // standing, wall and hanging signs
    ...byPattern(/_pressure_plate$/, 15), ...byPattern(/_fence$/, 12), ...byPattern(/_fence_gate$/, 11),
    ...byPattern(/_wall$/, 25), ...byPattern(/_banner$/, 32), 'bell', 'cake', 'cobweb', 'bamboo_sapling', 'lantern',
    'soul_lantern', 'chain', 'moving_piston', ...byPattern(/(^|_)shulker_box$/, 17),
    ...byPattern(/_candle_cake$|^candle_cake$/, 17), ...byPattern(/amethyst_bud$|^amethyst_cluster$/, 4),
]);
const solidOff = new Set(['ladder', 'snow']);
const noMotion = new Set(['cobweb', 'bamboo_sapling']);
for (const n of [...solidOn, ...solidOff])
    if (!blocks.some((b) => b.name === n)) fail(`solid rule for unknown block ${n}`);

// ---- Block tags ------------------------------------------------------------------------------------
// tags-1.20.4.json: vanilla 1.20.4's block tags of the base data pack (not the update_1_21 feature
// pack), each a list of block ids and #tag references, as the game's data/minecraft/tags/blocks
// files list them. Resolved here (references expanded, each member once, in first-listed order),
// every id checked against blocks.json.
const tagSource = JSON.parse(fs.readFileSync(path.join(root, 'tools/blocks/tags-1.20.4.json'), 'utf8'));
const blockId = new Map(blocks.map((b) => [b.name, b.id]));
const resolvedTags = new Map();
function resolveTag(name, stack = []) {
    if (resolvedTags.has(name)) return resolvedTags.get(name);
    if (stack.includes(name)) fail(`tag #${name} includes itself: ${[...stack, name].join(' -> ')}`);
    const entries = tagSource.tags[name];
    if (!entries) fail(`unknown tag #${name}${stack.length ? ` (in #${stack[stack.length - 1]})` : ''}`);
    const members = [];
    for (const entry of entries) {
        const ref = entry.startsWith('#');
        const id = (ref ? entry.slice(1) : entry).replace(/^minecraft:/, '');
        if (ref) members.push(...resolveTag(id, [...stack, name]));
        else if (!blockId.has(id)) fail(`tag #${name}: unknown block ${id}`);
        else members.push(blockId.get(id));
    }
    const unique = [...new Set(members)];
    resolvedTags.set(name, unique);
    return unique;
}
const tagNames = Object.keys(tagSource.tags).sort();
for (const name of tagNames) resolveTag(name);
// Checks of the tags by name patterns (a block added to the game and forgotten in a tag fails here).
const tagCheck = (name, re, extra = []) => {
    const want = [...blocks.filter((b) => re.test(b.name)).map((b) => b.id), ...extra.map((n) => blockId.get(n))];
    const have = resolvedTags.get(name);
    const key = (xs) => [...xs].sort((a, b) => a - b).join(',');
    if (!have || key(have) !== key(want))
        fail(`#${name} is not ${re}: ${(have ?? []).filter((x) => !want.includes(x)).map((x) => blocks[x].name)} / ` +
            `${want.filter((x) => !(have ?? []).includes(x)).map((x) => blocks[x].name)}`);
};
tagCheck('beds', /_bed$/);
tagCheck('wool_carpets', /^(?!moss).*_carpet$/);
tagCheck('fences', /_fence$/);
tagCheck('walls', /^(?!.*tuff).*_wall$/);
tagCheck('fence_gates', /_fence_gate$/);
tagCheck('stairs', /^(?!.*tuff).*_stairs$/);
tagCheck('slabs', /^(?!.*tuff).*_slab$/);
tagCheck('candles', /(^|_)candle$/);
tagCheck('candle_cakes', /(^|_)candle_cake$/);
tagCheck('shulker_boxes', /(^|_)shulker_box$/);
tagCheck('flower_pots', /^flower_pot$|^potted_/);
tagCheck('all_signs', /_sign$/);
tagCheck('leaves', /_leaves$/);
tagCheck('rails', /^(|powered_|detector_|activator_)rail$/);
// The copper doors and trapdoors are update_1_21's: not in the base pack.
tagCheck('doors', /^(?!.*copper).*_door$/);
tagCheck('trapdoors', /^(?!.*copper).*_trapdoor$/);
// Every file of the base pack is here (tools/blocks/README.md lists where each was checked), none empty.
if (tagNames.length !== 172) fail(`expected the base pack's 172 block tags, found ${tagNames.length}`);
for (const name of tagNames) if (resolvedTags.get(name).length === 0) fail(`#${name} has no block`);
// The path rules above are name lists; where getBlockPathTypeRaw reads a tag, they must agree with it
// (the trapdoor rule also holds update_1_21's copper trapdoors, lily_pad and big_dripleaf).
const ruleHolds = (tag, rule) => {
    for (const id of resolvedTags.get(tag))
        if (pathRule.get(blocks[id].name) !== rule) fail(`#${tag} holds ${blocks[id].name}, not of path rule ${rule}`);
};
ruleHolds('trapdoors', PATH.trapdoor);
ruleHolds('fire', PATH.burning);
ruleHolds('campfires', PATH.campfire);
ruleHolds('fences', PATH.fence);
ruleHolds('walls', PATH.fence);
ruleHolds('leaves', PATH.leaves);  // LeavesBlock, which is the tag's 10 blocks
const inFenceTags = (n) => ['fences', 'walls'].some((t) => resolvedTags.get(t).includes(blockId.get(n)));
for (const [n, rule] of pathRule)  // but update_1_21's three tuff walls
    if (rule === PATH.fence && !n.includes('tuff') && !inFenceTags(n))
        fail(`${n} has the FENCE path rule but is in neither #fences nor #walls`);

// ---- Outline shapes ---------------------------------------------------------------------------------
// vanilla's getShape(level, pos) with an empty context (tools/blocks/outlines.mjs): a block without a
// rule has outline = collision (BlockBehaviour's default getCollisionShape is getShape). Every rule
// names blocks of blocks.json, no block is in two rules, and every block with no collision in some
// state has a rule (its class's getShape is not the collision).
const outlineRuleOf = new Map();
for (const r of outlineRules) {
    const names = Array.isArray(r.blocks) ? r.blocks : byPattern(r.blocks, r.count);
    if (names.length === 0) fail(`outline rule '${r.rule}' names no block`);
    for (const n of names) {
        if (!blocks.some((b) => b.name === n)) fail(`outline rule '${r.rule}': unknown block ${n}`);
        if (outlineRuleOf.has(n)) fail(`${n} is in the outline rules '${outlineRuleOf.get(n).rule}' and '${r.rule}'`);
        outlineRuleOf.set(n, r);
    }
}
for (const n of Object.keys(shapeOffsets))
    if (!blocks.some((b) => b.name === n)) fail(`outlines.mjs: shapeOffsets names unknown block ${n}`);
for (const b of blocks) {
    const shapes = collision.blocks[b.name];
    const empty = (Array.isArray(shapes) ? shapes : [shapes]).some((i) => collision.shapes[i].length === 0);
    if (empty && !outlineRuleOf.has(b.name)) fail(`${b.name} has no collision in some state but no outline rule`);
}
// True when every cell of `inner` is inside `outer`.
const contains = (outer, inner) => everyCell(outer, inner, (inOuter, inInner) => inOuter || !inInner);
const clipY = (boxes, h) => boxes.map((b) => [b[0], b[1], b[2], b[3], Math.min(b[4], h), b[5]]).filter((b) => b[4] > b[1]);
const outlineReport = { states: 0, shapes: 0, boxes: 0, sameAsCollision: 0 };
// The outline of a state with a rule, as an index into the shared shape table; `collisionIndex` and
// `collisionBoxes` (unshifted) are the state's collision.
function outlineOf(rule, b, v, collisionIndex, collisionBoxes) {
    const boxes = rule.shape(v).map((box) => box.map((c) => c / 16));
    for (const box of boxes) {
        if (box.length !== 6 || box.some((c) => !(c >= -1 && c <= 2)))
            fail(`${b.name} ${JSON.stringify(v)}: outline box ${JSON.stringify(box)} outside -1..2 block units`);
        if (!(box[0] < box[3] && box[1] < box[4] && box[2] < box[5]))
            fail(`${b.name} ${JSON.stringify(v)}: empty outline box ${JSON.stringify(box)}`);
    }
    if (!collisionOutside.has(rule.rule)) {
        if (!contains(boxes, collisionBoxes))
            fail(`${b.name} ${JSON.stringify(v)}: the outline (rule '${rule.rule}') does not contain the collision`);
    } else if (collisionBoxes.length && rule.rule !== 'pitcher crop') {
        // Fences, walls, fence gates: the collision is the outline made taller; below the outline's
        // lowest top both are the same.
        const h = Math.min(...boxes.map((x) => x[4]));
        if (!sameVolume(clipY(boxes, h), clipY(collisionBoxes, h)))
            fail(`${b.name} ${JSON.stringify(v)}: the outline's footprint is not the collision's`);
    }
    outlineReport.states += 1;
    if (sameVolume(boxes, collisionBoxes)) {
        outlineReport.sameAsCollision += 1;
        return collisionIndex;
    }
    const merged = fewestBoxes(boxes);
    const { i, added } = addShape(merged);
    if (added) {
        outlineReport.shapes += 1;
        outlineReport.boxes += merged.length;
    }
    return i;
}
for (const r of outlineRules)
    if (!collisionOutside.has(r.rule) && ![...outlineRuleOf.values()].includes(r)) fail(`rule ${r.rule} unused`);
for (const r of collisionOutside)
    if (!outlineRules.some((x) => x.rule === r)) fail(`collisionOutside names unknown rule ${r}`);

// ---- The table -------------------------------------------------------------------------------------
const BLOCK_TRANSPARENT = 1;  // minecraft-data "transparent": vanilla's !canOcclude
const BLOCK_REPLACEABLE = 2, BLOCK_SOLID_ON = 4, BLOCK_SOLID_OFF = 8, BLOCK_NOT_MOTION = 16;
const replaceable = new Set(resolvedTags.get('replaceable'));
const STATE_SOLID_RENDER = 1, STATE_WATER = 2, STATE_LAVA = 4;
const blockRows = [];
const stateShapes = [];
const outlineShapes = [];  // per state of a block with an outline rule (VanillaBlockRow::first_outline)
const stateLight = [];
const stateFlags = [];
const mismatches = [];
for (const b of blocks) {
    const first = blockProperties.length;
    for (const p of b.states) {
        const values = valuesOf(p);
        const key = propertyKey(p.name, values);
        let i = propertyIndex.get(key);
        if (i === undefined) {
            const list = values.join(',');
            let firstValue = valueLists.get(list);
            if (firstValue === undefined) {
                firstValue = valuePool.length;
                valueLists.set(list, firstValue);
                valuePool.push(...values);
            }
            i = propertyRows.length;
            propertyIndex.set(key, i);
            propertyRows.push({ name: p.name, first: firstValue, count: values.length });
        }
        blockProperties.push(i);
    }
    const count = b.maxStateId - b.minStateId + 1;
    const product = b.states.reduce((n, p) => n * valuesOf(p).length, 1);
    if (product !== count) fail(`${b.name}: ${count} states but its properties make ${product}`);
    const shapes = collision.blocks[b.name];
    if (shapes === undefined) fail(`${b.name} has no collision shape`);
    blockRows.push({ name: b.name, first, properties: b.states.length, firstState: b.minStateId, count,
        defaultState: b.defaultState,
        flags: (b.transparent ? BLOCK_TRANSPARENT : 0) | (replaceable.has(b.id) ? BLOCK_REPLACEABLE : 0) |
            (solidOn.has(b.name) ? BLOCK_SOLID_ON : 0) | (solidOff.has(b.name) ? BLOCK_SOLID_OFF : 0) |
            (noMotion.has(b.name) ? BLOCK_NOT_MOTION : 0),
        path: pathRule.get(b.name) ?? PATH.default, land: landRule.get(b.name) ?? LAND.by_shape,
        offset: shapeOffsets[b.name] ?? 0, outline: outlineRuleOf.has(b.name) ? outlineShapes.length : null });
    const rule = outlineRuleOf.get(b.name);
    for (let i = 0; i < count; ++i) {
        const raw = collision.shapes[Array.isArray(shapes) ? shapes[i] : shapes];
        const v = stateValues(b, i);
        const shape = internShape(raw, b.name);
        stateShapes.push(shape);
        if (rule) {
            outlineShapes.push(outlineOf(rule, b, v, shape, moveXZ(raw, xzOffset[b.name] ?? 0)));
        }
        // getLightBlock: 15 for a solid render (opaque, full occlusion shape); 1 when skylight does not
        // pass (a full outline or a fluid); else 0. tinted_glass overrides it to 15.
        const canOcclude = !b.transparent;
        const solid =
            canOcclude && (fullBox(raw) || fullOutline.has(b.name) || (b.name === 'snow' && v.layers === '8'));
        const water = alwaysWater.has(b.name) || v.waterlogged === 'true';
        const lava = b.name === 'lava';
        let block;
        if (solid || b.name === 'tinted_glass') block = 15;
        else if (water || lava) block = 1;
        else if (b.filterLight === 15) block = 0;  // a solid block's non-solid state: an extended piston
        else block = b.filterLight;
        const emit = emission[b.name] ? emission[b.name](v) : b.emitLight;
        if (b.minStateId + i === b.defaultState && (emit !== b.emitLight || block !== b.filterLight))
            mismatches.push(`${b.name}: default state emits ${emit}/${b.emitLight} blocks ${block}/${b.filterLight}`);
        stateLight.push((emit << 4) | block);
        stateFlags.push((solid ? STATE_SOLID_RENDER : 0) | (water ? STATE_WATER : 0) | (lava ? STATE_LAVA : 0));
    }
}
if (mismatches.length)
    fail(`the light rules disagree with minecraft-data's default states:\n  ${mismatches.join('\n  ')}`);

// ---- Writing ---------------------------------------------------------------------------------------
const num = (x) => {
    const s = String(Math.round(x * 1e6) / 1e6);
    return s.includes('.') || s.includes('e') ? `${s}f` : `${s}.0f`;
};
// Items as lines of at most 120 columns, indented by four.
const rows = (items, fmt = String) => {
    const lines = [];
    let line = '';
    for (const item of items.map(fmt)) {
        if (line && line.length + item.length + 2 > 115) {
            lines.push(`    ${line},`);
            line = '';
        }
        line = line ? `${line}, ${item}` : item;
    }
    if (line) lines.push(`    ${line},`);
    return lines.join('\n');
};
const blockLine = (b) =>
    `    {"${b.name}"sv, ${[b.first, b.properties, b.firstState, b.count, b.defaultState, b.flags].join(', ')}, ` +
    `R::${pathNames[b.path]}, L::${landNames[b.land]}${b.offset || b.outline !== null ? `, ${num(b.offset)}` : ''}` +
    `${b.outline !== null ? `, ${b.outline}` : ''}},`;
// VanillaPathRule's enumerators, by number.
const camel = (k) => k.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const pathNames = Object.keys(PATH).map(camel);
const landNames = Object.keys(LAND).map(camel);
const tagRows = [];
const tagMembers = [];
for (const name of tagNames) {
    tagRows.push({ name, first: tagMembers.length, count: resolvedTags.get(name).length });
    tagMembers.push(...resolvedTags.get(name));
}
const text = `// GENERATED by tools/blocks/generate.mjs from minecraft-data ${pkg.version} (pc/1.20.4 blocks.json,
// ${dataPaths.blockCollisionShapes} blockCollisionShapes.json; outlines: tools/blocks/outlines.mjs). Do not edit: change
// the generator and run it again.
// ${blocks.length} blocks, ${stateShapes.length} states, ${propertyRows.length} property definitions, \
${shapeRows.length} shapes of ${boxPool.length} boxes (collision and outline),
// ${outlineShapes.length} states of ${outlineRuleOf.size} blocks with an outline rule,
// ${tagRows.length} block tags (tools/blocks/tags-1.20.4.json).
#include <array>
#include <cstdint>
#include <string_view>

#include "mobsdk/world/detail/vanilla_block_table.hpp"

namespace mobsdk::detail {

namespace {

using namespace std::string_view_literals;
using R = VanillaPathRule;
using L = VanillaLandRule;

// clang-format off
constexpr std::array<std::string_view, ${valuePool.length}> values{
${rows(valuePool, (v) => `"${v}"sv`)}
};

constexpr std::array<VanillaPropertyRow, ${propertyRows.length}> properties{{
${propertyRows.map((p) => `    {"${p.name}"sv, ${p.first}, ${p.count}},`).join('\n')}
}};

constexpr std::array<std::uint16_t, ${blockProperties.length}> block_properties{
${rows(blockProperties)}
};

constexpr std::array<VanillaBlockRow, ${blockRows.length}> blocks{{
${blockRows.map(blockLine).join('\n')}
}};

constexpr std::array<ShapeBox, ${boxPool.length}> boxes{{
${boxPool.map((b) => `    {${b.map(num).join(', ')}},`).join('\n')}
}};

constexpr std::array<VanillaShapeRow, ${shapeRows.length}> shapes{{
${rows(shapeRows, (s) => `{${s.first}, ${s.count}}`)}
}};

constexpr std::array<std::uint16_t, ${stateShapes.length}> state_shapes{
${rows(stateShapes)}
};

constexpr std::array<std::uint16_t, ${outlineShapes.length}> outline_shapes{
${rows(outlineShapes)}
};

constexpr std::array<std::uint8_t, ${stateLight.length}> state_light{
${rows(stateLight)}
};

constexpr std::array<std::uint8_t, ${stateFlags.length}> state_flags{
${rows(stateFlags)}
};

constexpr std::array<VanillaTagRow, ${tagRows.length}> tags{{
${tagRows.map((t) => `    {"${t.name}"sv, ${t.first}, ${t.count}},`).join('\n')}
}};

constexpr std::array<std::uint16_t, ${tagMembers.length}> tag_members{
${rows(tagMembers)}
};

}  // namespace

const VanillaBlockTable& vanilla_block_table() noexcept {
    static constexpr VanillaBlockTable table{
        blocks, properties, block_properties, values, boxes, shapes, state_shapes, outline_shapes, state_light,
        state_flags, tags, tag_members, "minecraft-data ${pkg.version}"sv};
    return table;
}
// clang-format on

}  // namespace mobsdk::detail
`;

if (args.has('--report')) {
    console.log(`minecraft-data ${pkg.version}; collision shapes from ${dataPaths.blockCollisionShapes}`);
    console.log(`${blockRows.length} blocks, ${stateShapes.length} states, ` +
        `${propertyRows.length} property definitions, ` +
        `${shapeRows.length} shapes, ${boxPool.length} boxes`);
    console.log('Shapes needing more than four boxes (block: most boxes after merging / in minecraft-data, states):');
    for (const [name, s] of report.overFour) console.log(`  ${name}: ${s.max} / ${s.raw}, ${s.states} states`);
    console.log(`Horizontal offsets removed: ${JSON.stringify(xzOffset)}`);
    console.log(`Outlines: ${outlineRuleOf.size} blocks in ${outlineRules.length} rules, ${outlineReport.states} ` +
        `states (${outlineReport.sameAsCollision} the same volume as their collision), ${outlineReport.shapes} ` +
        `shapes of ${outlineReport.boxes} boxes added; shape offsets: ${JSON.stringify(shapeOffsets)}`);
    for (const r of outlineRules) console.log(`  ${r.rule}: ${outlineRuleOf.size && [...outlineRuleOf].filter(([, x]) => x === r).map(([n]) => n).join(' ')}`);
}
if (args.has('--check')) {
    const current = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
    if (current !== text) fail(`${path.relative(root, out)} is not what the generator writes; run it again`);
    console.log(`${path.relative(root, out)} is up to date`);
} else {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, text);
    console.log(`wrote ${path.relative(root, out)} (${text.length} bytes)`);
}
