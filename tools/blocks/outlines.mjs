// Outline (selection) shapes of Minecraft Java 1.20.4's block states: vanilla's
// BlockState.getShape(level, pos) with an empty collision context, which minecraft-data does not have.
// Used by generate.mjs; the evidence for each rule is listed in tools/blocks/README.md.
//
// BlockBehaviour's default getCollisionShape is getShape for a block with collision, so a block whose
// class overrides neither has outline = collision: no rule here. A rule is needed for
//   * every block with no collision (Properties.noCollission(), minecraft-data's empty shapes): its
//     class's getShape, and
//   * every block whose class overrides getCollisionShape with something else than getShape.
// generate.mjs fails when a block without collision in some state has no rule, when a rule names
// no block, and when a block matches two rules.
//
// Numbers are pixels (Block.box(...) arguments, 1/16 of a block). A rule's shape(v) gets the state's
// property values by name ('true'/'false' for booleans) and returns a list of boxes; 'full' is the
// unit cube and [] no shape.

const FULL = [[0, 0, 0, 16, 16, 16]];
const int = (v, name) => Number(v[name]);
const on = (v, name) => v[name] === 'true';
const axisX = (facing) => facing === 'east' || facing === 'west';
// A shape per horizontal facing.
const byFacing = (shapes) => (v) => [shapes[v.facing]];

// The rules, in the order their names are listed in README.md. `blocks` is a list of names or a
// regular expression over blocks.json's names; `count` (for a pattern) is how many it must match.
export const outlineRules = [
    // ---- No collision ------------------------------------------------------------------------------
    { rule: 'empty', note: 'air, fluids (LiquidBlock.getShape is empty), bubble column, moving piston (its block ' +
        'entity is not in an empty level), light (full only for a context holding the light item)',
    blocks: ['air', 'void_air', 'cave_air', 'water', 'lava', 'bubble_column', 'moving_piston', 'light'],
    shape: () => [] },
    { rule: 'full cube, no collision', note: 'BlockBehaviour default getShape: cobweb, powder snow, end gateway, ' +
        'the double plants (not moved by their XZ offset), kelp_plant (GrowingPlantBodyBlock with Shapes.block())',
    blocks: ['cobweb', 'powder_snow', 'end_gateway', 'sunflower', 'lilac', 'rose_bush', 'peony', 'tall_grass',
        'large_fern', 'pitcher_plant', 'kelp_plant'],
    shape: () => FULL },
    { rule: 'sapling', note: 'SaplingBlock 2,0,2-14,12,14', blocks: /^(?!bamboo|potted).*_sapling$/, count: 7,
        shape: () => [[2, 0, 2, 14, 12, 14]] },
    { rule: 'bamboo sapling', note: 'BambooSaplingBlock 4,0,4-12,12,12, moved by its XZ offset',
        blocks: ['bamboo_sapling'], shape: () => [[4, 0, 4, 12, 12, 12]] },
    { rule: 'mangrove propagule', note: 'hanging: 7,y,7-9,16,9 with y 13/10/7/3/0 by age; standing: the age-4 ' +
        'box; moved by its XZ offset', blocks: ['mangrove_propagule'],
    shape: (v) => [[7, on(v, 'hanging') ? [13, 10, 7, 3, 0][int(v, 'age')] : 0, 7, 9, 16, 9]] },
    { rule: 'grass and fern', note: 'TallGrassBlock and DeadBushBlock 2,0,2-14,13,14 (not moved: getShape ' +
        'ignores the XYZ offset)', blocks: ['short_grass', 'fern', 'dead_bush'], shape: () => [[2, 0, 2, 14, 13, 14]] },
    { rule: 'seagrass', note: 'SeagrassBlock 2,0,2-14,12,14', blocks: ['seagrass'], shape: () => [[2, 0, 2, 14, 12, 14]] },
    { rule: 'tall seagrass', note: 'TallSeagrassBlock 2,0,2-14,16,14', blocks: ['tall_seagrass'],
        shape: () => [[2, 0, 2, 14, 16, 14]] },
    { rule: 'flower', note: 'FlowerBlock (and WitherRoseBlock) 5,0,5-11,10,11, moved by its XZ offset',
        blocks: ['dandelion', 'torchflower', 'poppy', 'blue_orchid', 'allium', 'azure_bluet', 'red_tulip',
            'orange_tulip', 'white_tulip', 'pink_tulip', 'oxeye_daisy', 'cornflower', 'wither_rose',
            'lily_of_the_valley'], shape: () => [[5, 0, 5, 11, 10, 11]] },
    { rule: 'mushroom', note: 'MushroomBlock 5,0,5-11,6,11', blocks: ['brown_mushroom', 'red_mushroom'],
        shape: () => [[5, 0, 5, 11, 6, 11]] },
    { rule: 'torch', note: 'TorchBlock 6,0,6-10,10,10', blocks: ['torch', 'soul_torch', 'redstone_torch'],
        shape: () => [[6, 0, 6, 10, 10, 10]] },
    { rule: 'wall torch', note: 'WallTorchBlock by facing, 5.5..10.5 wide, 3..13 high, 5 deep against the wall',
        blocks: ['wall_torch', 'soul_wall_torch', 'redstone_wall_torch'],
        shape: byFacing({ north: [5.5, 3, 11, 10.5, 13, 16], south: [5.5, 3, 0, 10.5, 13, 5],
            west: [11, 3, 5.5, 16, 13, 10.5], east: [0, 3, 5.5, 5, 13, 10.5] }) },
    { rule: 'fire', note: 'BaseFireBlock DOWN_AABB 0,0,0-16,1,16', blocks: ['fire', 'soul_fire'],
        shape: () => [[0, 0, 0, 16, 1, 16]] },
    { rule: 'redstone wire', note: 'RedStoneWireBlock: the dot 3,0,3-13,1,13, each side or up connection its ' +
        'floor arm to the edge, each up connection also a 1 px plate up its wall', blocks: ['redstone_wire'],
    shape: (v) => {
        const arm = { north: [3, 0, 0, 13, 1, 13], south: [3, 0, 3, 13, 1, 16], east: [3, 0, 3, 16, 1, 13],
            west: [0, 0, 3, 13, 1, 13] };
        const up = { north: [3, 0, 0, 13, 16, 1], south: [3, 0, 15, 13, 16, 16], east: [15, 0, 3, 16, 16, 13],
            west: [0, 0, 3, 1, 16, 13] };
        const boxes = [[3, 0, 3, 13, 1, 13]];
        for (const side of ['north', 'south', 'east', 'west']) {
            if (v[side] !== 'none') boxes.push(arm[side]);
            if (v[side] === 'up') boxes.push(up[side]);
        }
        return boxes;
    } },
    { rule: 'crop', note: 'CropBlock 0,0,0-16,2(age+1),16 (wheat), BeetrootBlock likewise by age',
        blocks: ['wheat', 'beetroots'], shape: (v) => [[0, 0, 0, 16, 2 * (int(v, 'age') + 1), 16]] },
    { rule: 'carrots and potatoes', note: 'CarrotBlock, PotatoBlock 0,0,0-16,age+2,16',
        blocks: ['carrots', 'potatoes'], shape: (v) => [[0, 0, 0, 16, int(v, 'age') + 2, 16]] },
    { rule: 'torchflower crop', note: 'TorchflowerCropBlock 5,0,5-11,6,11 at age 0, 10 high at age 1',
        blocks: ['torchflower_crop'], shape: (v) => [[5, 0, 5, 11, [6, 10][int(v, 'age')], 11]] },
    { rule: 'nether wart', note: 'NetherWartBlock 0,0,0-16,h,16, h 5/8/11/14 by age', blocks: ['nether_wart'],
        shape: (v) => [[0, 0, 0, 16, [5, 8, 11, 14][int(v, 'age')], 16]] },
    { rule: 'sign', note: 'StandingSignBlock 4,0,4-12,16,12', blocks: /^[a-z_]+(?<!_wall|_hanging)_sign$/, count: 11,
        shape: () => [[4, 0, 4, 12, 16, 12]] },
    { rule: 'wall sign', note: 'WallSignBlock 2 px deep against the wall, 4.5..12.5 high', blocks: /_wall_sign$/,
        count: 11, shape: byFacing({ north: [0, 4.5, 14, 16, 12.5, 16], south: [0, 4.5, 0, 16, 12.5, 2],
            east: [0, 4.5, 0, 2, 12.5, 16], west: [14, 4.5, 0, 16, 12.5, 16] }) },
    { rule: 'hanging sign', note: 'CeilingHangingSignBlock: rotations 0 and 8 1,0,7-15,10,9; 4 and 12 7,0,1-9,10,15; ' +
        'any other 3,0,3-13,16,13', blocks: /^[a-z_]+(?<!_wall)_hanging_sign$/, count: 11,
    shape: (v) => [({ 0: [1, 0, 7, 15, 10, 9], 4: [7, 0, 1, 9, 10, 15], 8: [1, 0, 7, 15, 10, 9],
        12: [7, 0, 1, 9, 10, 15] })[v.rotation] ?? [3, 0, 3, 13, 16, 13]] },
    { rule: 'rail', note: 'BaseRailBlock 2 px flat, 8 px ascending',
        blocks: ['rail', 'powered_rail', 'detector_rail', 'activator_rail'],
        shape: (v) => [[0, 0, 0, 16, v.shape.startsWith('ascending') ? 8 : 2, 16]] },
    { rule: 'lever', note: 'LeverBlock: 6 x 8 x 6 on the wall by facing; 6 high on the floor or the ceiling, its ' +
        'long side along the facing axis', blocks: ['lever'],
    shape: (v) => {
        if (v.face === 'wall')
            return byFacing({ north: [5, 4, 10, 11, 12, 16], south: [5, 4, 0, 11, 12, 6], west: [10, 4, 5, 16, 12, 11],
                east: [0, 4, 5, 6, 12, 11] })(v);
        const [y0, y1] = v.face === 'floor' ? [0, 6] : [10, 16];
        return [axisX(v.facing) ? [4, y0, 5, 12, y1, 11] : [5, y0, 4, 11, y1, 12]];
    } },
    { rule: 'pressure plate', note: 'BasePressurePlateBlock 1,0,1-15,1,15, 0.5 high when pressed (powered, or ' +
        'power > 0 for the weighted ones)', blocks: /_pressure_plate$/, count: 15,
    shape: (v) => [[1, 0, 1, 15, v.powered === 'true' || Number(v.power ?? 0) > 0 ? 0.5 : 1, 15]] },
    { rule: 'button', note: 'ButtonBlock: 6 x 4 x 2 (1 when pressed); on the wall by facing, on the floor or ' +
        'the ceiling its long side across the facing axis', blocks: /_button$/, count: 13,
    shape: (v) => {
        const d = on(v, 'powered') ? 1 : 2;
        if (v.face === 'wall')
            return byFacing({ north: [5, 6, 16 - d, 11, 10, 16], south: [5, 6, 0, 11, 10, d],
                west: [16 - d, 6, 5, 16, 10, 11], east: [0, 6, 5, d, 10, 11] })(v);
        const [y0, y1] = v.face === 'floor' ? [0, d] : [16 - d, 16];
        return [axisX(v.facing) ? [6, y0, 5, 10, y1, 11] : [5, y0, 6, 11, y1, 10]];
    } },
    { rule: 'sugar cane', note: 'SugarCaneBlock 2,0,2-14,16,14', blocks: ['sugar_cane'],
        shape: () => [[2, 0, 2, 14, 16, 14]] },
    { rule: 'nether portal', note: 'NetherPortalBlock 4 px thick across its axis', blocks: ['nether_portal'],
        shape: (v) => [v.axis === 'x' ? [0, 0, 6, 16, 16, 10] : [6, 0, 0, 10, 16, 16]] },
    { rule: 'stem', note: 'StemBlock 7,0,7-9,2(age+1),9', blocks: ['pumpkin_stem', 'melon_stem'],
        shape: (v) => [[7, 0, 7, 9, 2 * (int(v, 'age') + 1), 9]] },
    { rule: 'attached stem', note: 'AttachedStemBlock 4 wide, 10 high, from the centre to the fruit\'s side',
        blocks: ['attached_pumpkin_stem', 'attached_melon_stem'],
        shape: byFacing({ north: [6, 0, 0, 10, 10, 10], south: [6, 0, 6, 10, 10, 16], west: [0, 0, 6, 10, 10, 10],
            east: [6, 0, 6, 16, 10, 10] }) },
    { rule: 'vine', note: 'VineBlock: a 1 px plate per face (up and the four sides); none: the full cube',
        blocks: ['vine'], shape: (v) => faces(v, ['up', 'north', 'south', 'east', 'west']) },
    { rule: 'multiface', note: 'MultifaceBlock (glow lichen, sculk vein): a 1 px plate per face; none: the full cube',
        blocks: ['glow_lichen', 'sculk_vein'], shape: (v) => faces(v, ['down', 'up', 'north', 'south', 'east', 'west']) },
    { rule: 'end portal', note: 'EndPortalBlock 0,6,0-16,12,16', blocks: ['end_portal'], shape: () => [[0, 6, 0, 16, 12, 16]] },
    { rule: 'tripwire hook', note: 'TripWireHookBlock 6 wide, 10 high, 6 deep against the wall', blocks: ['tripwire_hook'],
        shape: byFacing({ north: [5, 0, 10, 11, 10, 16], south: [5, 0, 0, 11, 10, 6], west: [10, 0, 5, 16, 10, 11],
            east: [0, 0, 5, 6, 10, 11] }) },
    { rule: 'tripwire', note: 'TripWireBlock 0,1,0-16,2.5,16 attached, 0,0,0-16,8,16 not', blocks: ['tripwire'],
        shape: (v) => [on(v, 'attached') ? [0, 1, 0, 16, 2.5, 16] : [0, 0, 0, 16, 8, 16]] },
    { rule: 'banner', note: 'BannerBlock 4,0,4-12,16,12', blocks: /^[a-z_]+(?<!_wall)_banner$/, count: 16,
        shape: () => [[4, 0, 4, 12, 16, 12]] },
    { rule: 'wall banner', note: 'WallBannerBlock 2 px deep against the wall, 0..12.5 high', blocks: /_wall_banner$/,
        count: 16, shape: byFacing({ north: [0, 0, 14, 16, 12.5, 16], south: [0, 0, 0, 16, 12.5, 2],
            west: [14, 0, 0, 16, 12.5, 16], east: [0, 0, 0, 2, 12.5, 16] }) },
    { rule: 'structure void', note: 'StructureVoidBlock 5,5,5-11,11,11', blocks: ['structure_void'],
        shape: () => [[5, 5, 5, 11, 11, 11]] },
    { rule: 'kelp', note: 'KelpBlock 0,0,0-16,9,16', blocks: ['kelp'], shape: () => [[0, 0, 0, 16, 9, 16]] },
    { rule: 'coral', note: 'BaseCoralPlantBlock 2,0,2-14,15,14', blocks: /^(dead_)?[a-z]+_coral$/, count: 10,
        shape: () => [[2, 0, 2, 14, 15, 14]] },
    { rule: 'coral fan', note: 'BaseCoralPlantTypeBlock 2,0,2-14,4,14', blocks: /_coral_fan$/, count: 10,
        shape: () => [[2, 0, 2, 14, 4, 14]] },
    { rule: 'coral wall fan', note: 'BaseCoralWallFanBlock 4..12 high, 11 deep from the wall', blocks: /_coral_wall_fan$/,
        count: 10, shape: byFacing({ north: [0, 4, 5, 16, 12, 16], south: [0, 4, 0, 16, 12, 11],
            west: [5, 4, 0, 16, 12, 16], east: [0, 4, 0, 11, 12, 16] }) },
    { rule: 'sweet berry bush', note: 'SweetBerryBushBlock 3,0,3-13,8,13 at age 0, 1,0,1-15,16,15 at ages 1 ' +
        'and 2, the full cube at age 3', blocks: ['sweet_berry_bush'],
    shape: (v) => [[[3, 0, 3, 13, 8, 13], [1, 0, 1, 15, 16, 15], [1, 0, 1, 15, 16, 15], FULL[0]][int(v, 'age')]] },
    { rule: 'fungus', note: 'FungusBlock 4,0,4-12,9,12', blocks: ['crimson_fungus', 'warped_fungus'],
        shape: () => [[4, 0, 4, 12, 9, 12]] },
    { rule: 'roots', note: 'RootsBlock 2,0,2-14,13,14 (not moved: getShape ignores the XZ offset)',
        blocks: ['crimson_roots', 'warped_roots'], shape: () => [[2, 0, 2, 14, 13, 14]] },
    { rule: 'nether sprouts', note: 'NetherSproutsBlock 2,0,2-14,3,14 (not moved: getShape ignores the XZ offset)',
        blocks: ['nether_sprouts'], shape: () => [[2, 0, 2, 14, 3, 14]] },
    { rule: 'weeping vines', note: 'WeepingVinesBlock 4,9,4-12,16,12', blocks: ['weeping_vines'],
        shape: () => [[4, 9, 4, 12, 16, 12]] },
    { rule: 'weeping vines plant', note: 'WeepingVinesPlantBlock 1,0,1-15,16,15', blocks: ['weeping_vines_plant'],
        shape: () => [[1, 0, 1, 15, 16, 15]] },
    { rule: 'twisting vines', note: 'TwistingVinesBlock 4,0,4-12,15,12', blocks: ['twisting_vines'],
        shape: () => [[4, 0, 4, 12, 15, 12]] },
    { rule: 'twisting vines plant', note: 'TwistingVinesPlantBlock 4,0,4-12,16,12', blocks: ['twisting_vines_plant'],
        shape: () => [[4, 0, 4, 12, 16, 12]] },
    { rule: 'cave vines', note: 'CaveVinesBlock and CaveVinesPlantBlock 1,0,1-15,16,15',
        blocks: ['cave_vines', 'cave_vines_plant'], shape: () => [[1, 0, 1, 15, 16, 15]] },
    { rule: 'spore blossom', note: 'SporeBlossomBlock 2,13,2-14,16,14', blocks: ['spore_blossom'],
        shape: () => [[2, 13, 2, 14, 16, 14]] },
    { rule: 'pink petals', note: 'PinkPetalsBlock (since 1.20.2): the box round the quadrants its flowers fill, 3 ' +
        'high; flower i (0 <= i < flower_amount) in quadrant (i - facing\'s 2D value) mod 4 of 8,0,8-16,3,16 / ' +
        '8,0,0-16,3,8 / 0,0,0-8,3,8 / 0,0,8-8,3,16 (2D values: south 0, west 1, north 2, east 3)',
    blocks: ['pink_petals'],
    shape: (v) => {
        const quadrants = [[8, 8], [8, 0], [0, 0], [0, 8]];  // x0, z0 of each 8 x 8 quarter
        const turn = { south: 0, west: 1, north: 2, east: 3 }[v.facing];
        const used = [];
        for (let i = 0; i < int(v, 'flower_amount'); ++i) used.push(quadrants[(((i - turn) % 4) + 4) % 4]);
        const xs = used.map(([x]) => x), zs = used.map(([, z]) => z);
        return [[Math.min(...xs), 0, Math.min(...zs), Math.max(...xs) + 8, 3, Math.max(...zs) + 8]];
    } },
    { rule: 'big dripleaf stem', note: 'BigDripleafStemBlock 6 x 16 x 6 on the side away from the facing',
        blocks: ['big_dripleaf_stem'], shape: (v) => [dripleafStem[v.facing]] },
    { rule: 'small dripleaf', note: 'SmallDripleafBlock 2,0,2-14,13,14 (not moved: getShape ignores the XYZ offset)',
        blocks: ['small_dripleaf'], shape: () => [[2, 0, 2, 14, 13, 14]] },
    { rule: 'hanging roots', note: 'HangingRootsBlock 2,10,2-14,16,14', blocks: ['hanging_roots'],
        shape: () => [[2, 10, 2, 14, 16, 14]] },
    { rule: 'frogspawn', note: 'FrogspawnBlock 0,0,0-16,1.5,16', blocks: ['frogspawn'], shape: () => [[0, 0, 0, 16, 1.5, 16]] },
    { rule: 'pitcher crop', note: 'PitcherCropBlock: lower half by age bulb 5,-1,5-11,3,11 / 3,-1,3-13,14,13 / ' +
        '3,-1,3-13,16,13; upper half 3,0,3-13,11,13 at age 3, else 3,0,3-13,15,13 (its collision: the bulb at ' +
        'age 0, 3,-1,3-13,5,13 below, none above)', blocks: ['pitcher_crop'],
    shape: (v) => {
        const age = int(v, 'age');
        if (v.half === 'upper') return [age === 3 ? [3, 0, 3, 13, 11, 13] : [3, 0, 3, 13, 15, 13]];
        return [[[5, -1, 5, 11, 3, 11], [3, -1, 3, 13, 14, 13]][age] ?? [3, -1, 3, 13, 16, 13]];
    } },

    // ---- A collision shape other than the outline ----------------------------------------------------
    { rule: 'full cube over a lower collision', note: 'SoulSandBlock, MudBlock (collision 14 px), HoneyBlock ' +
        '(collision 1,0,1-15,15,15): getShape is the default full cube',
    blocks: ['soul_sand', 'mud', 'honey_block'], shape: () => FULL },
    { rule: 'fence', note: 'FenceBlock (CrossCollisionBlock 2, 2, 16, 16, 24): post 6,0,6-10,16,10 and arms 6..10 ' +
        'wide to each connected side, 16 high (collision: the same, 24 high)', blocks: /_fence$/, count: 12,
    shape: (v) => cross(v, 6, 10, 16, 16) },
    { rule: 'wall', note: 'WallBlock: post 4,0,4-12,16,12 when up, arms 5..11 wide, 14 high when low, 16 when ' +
        'tall (collision: 24 high); no post and no arm: no shape', blocks: /_wall$/, count: 25,
    shape: (v) => {
        const boxes = on(v, 'up') ? [[4, 0, 4, 12, 16, 12]] : [];
        const arm = { north: [5, 0, 0, 11, 0, 11], south: [5, 0, 5, 11, 0, 16], west: [0, 0, 5, 11, 0, 11],
            east: [5, 0, 5, 16, 0, 11] };
        for (const side of ['north', 'south', 'west', 'east'])
            if (v[side] !== 'none') boxes.push(arm[side].map((c, i) => (i === 4 ? (v[side] === 'low' ? 14 : 16) : c)));
        return boxes;
    } },
    { rule: 'fence gate', note: 'FenceGateBlock 4 px thick across the facing axis, 16 high (13 in a wall), open ' +
        'or not (collision: 24 high when closed, none when open)', blocks: /_fence_gate$/, count: 11,
    shape: (v) => {
        const h = on(v, 'in_wall') ? 13 : 16;
        return [axisX(v.facing) ? [6, 0, 0, 10, h, 16] : [0, 0, 6, 16, h, 10]];
    } },
    { rule: 'snow', note: 'SnowLayerBlock 2 px per layer (collision: one layer less)', blocks: ['snow'],
        shape: (v) => [[0, 0, 0, 16, 2 * int(v, 'layers'), 16]] },
    { rule: 'cactus', note: 'CactusBlock outline 1,0,1-15,16,15 (collision 15 high)', blocks: ['cactus'],
        shape: () => [[1, 0, 1, 15, 16, 15]] },
    { rule: 'scaffolding', note: 'ScaffoldingBlock for a context not holding scaffolding: STABLE_SHAPE (the ' +
        'top and four legs) and, when bottom, UNSTABLE_SHAPE (also the 2 px bottom)', blocks: ['scaffolding'],
    shape: (v) => {
        const stable = [[0, 14, 0, 16, 16, 16], [0, 0, 0, 2, 16, 2], [14, 0, 0, 16, 16, 2], [0, 0, 14, 2, 16, 16],
            [14, 0, 14, 16, 16, 16]];
        return on(v, 'bottom') ? [...stable, [0, 0, 0, 16, 2, 16]] : stable;
    } },
    { rule: 'bamboo', note: 'BambooStalkBlock 5,0,5-11,16,11, 3,0,3-13,16,13 with large leaves (collision ' +
        '6.5,0,6.5-9.5,16,9.5); moved by its XZ offset', blocks: ['bamboo'],
    shape: (v) => [v.leaves === 'large' ? [3, 0, 3, 13, 16, 13] : [5, 0, 5, 11, 16, 11]] },
    { rule: 'lectern', note: 'LecternBlock: base and post plus a three-step sloped top by facing (up to 18 px; ' +
        'collision: base and post)', blocks: ['lectern'],
    shape: (v) => [[0, 0, 0, 16, 2, 16], [4, 2, 4, 12, 14, 12], ...lecternTop[v.facing]] },
    { rule: 'big dripleaf', note: 'BigDripleafBlock: the leaf by tilt (11..15, 11..13 when partial, none when ' +
        'full: the collision) and the stem cut at 13', blocks: ['big_dripleaf'],
    shape: (v) => {
        const stem = [...dripleafStem[v.facing]];
        stem[4] = 13;
        const leaf = { none: [[0, 11, 0, 16, 15, 16]], unstable: [[0, 11, 0, 16, 15, 16]],
            partial: [[0, 11, 0, 16, 13, 16]], full: [] }[v.tilt];
        return [...leaf, stem];
    } },
    { rule: 'composter', note: 'ComposterBlock: the full cube less 2,f,2-14,16,14, f = max(2, 1 + 2 min(level, 7)) ' +
        '(collision: level 0\'s)', blocks: ['composter'],
    shape: (v) => {
        const f = Math.max(2, 1 + 2 * Math.min(int(v, 'level'), 7));
        return [[0, 0, 0, 16, f, 16], [0, f, 0, 2, 16, 16], [14, f, 0, 16, 16, 16], [2, f, 0, 14, 16, 2],
            [2, f, 14, 14, 16, 16]];
    } },
    { rule: 'wall hanging sign', note: 'WallHangingSignBlock: the plank 0,14,6-16,16,10 (the collision) and the ' +
        'board 1,0,7-15,10,9, turned for east and west', blocks: /_wall_hanging_sign$/, count: 11,
    shape: (v) => (axisX(v.facing) ? [[6, 14, 0, 10, 16, 16], [7, 0, 1, 9, 10, 15]]
        : [[0, 14, 6, 16, 16, 10], [1, 0, 7, 15, 10, 9]]) },
];

// Blocks whose outline does not contain their collision (every other block's does; generate.mjs checks).
export const collisionOutside = new Set(['fence', 'wall', 'fence gate', 'pitcher crop']);

// getMaxHorizontalOffset of the blocks whose getShape (and getCollisionShape) moves by their random
// offset (Block.getOffset: OffsetType XZ). Other blocks with an OffsetType ignore it in getShape (the
// grasses, roots, small dripleaf, the double plants): the offset only moves their model.
export const shapeOffsets = {
    dandelion: 0.25, torchflower: 0.25, poppy: 0.25, blue_orchid: 0.25, allium: 0.25, azure_bluet: 0.25,
    red_tulip: 0.25, orange_tulip: 0.25, white_tulip: 0.25, pink_tulip: 0.25, oxeye_daisy: 0.25, cornflower: 0.25,
    wither_rose: 0.25, lily_of_the_valley: 0.25, mangrove_propagule: 0.25, bamboo_sapling: 0.25, bamboo: 0.25,
    pointed_dripstone: 0.125,
};

const dripleafStem = { north: [5, 0, 9, 11, 16, 15], south: [5, 0, 1, 11, 16, 7], east: [1, 0, 5, 7, 16, 11],
    west: [9, 0, 5, 15, 16, 11] };
const lecternTop = {
    west: [[1, 10, 0, 5.333333, 14, 16], [5.333333, 12, 0, 9.666667, 16, 16], [9.666667, 14, 0, 14, 18, 16]],
    north: [[0, 10, 1, 16, 14, 5.333333], [0, 12, 5.333333, 16, 16, 9.666667], [0, 14, 9.666667, 16, 18, 14]],
    east: [[10.666667, 10, 0, 15, 14, 16], [6.333333, 12, 0, 10.666667, 16, 16], [2, 14, 0, 6.333333, 18, 16]],
    south: [[0, 10, 10.666667, 16, 14, 15], [0, 12, 6.333333, 16, 16, 10.666667], [0, 14, 2, 16, 18, 6.333333]],
};
const facePlates = { down: [0, 0, 0, 16, 1, 16], up: [0, 15, 0, 16, 16, 16], north: [0, 0, 0, 16, 16, 1],
    south: [0, 0, 15, 16, 16, 16], west: [0, 0, 0, 1, 16, 16], east: [15, 0, 0, 16, 16, 16] };
function faces(v, names) {
    const boxes = names.filter((f) => on(v, f)).map((f) => facePlates[f]);
    return boxes.length ? boxes : FULL;
}
// CrossCollisionBlock.makeShapes: a post lo..hi square, arms lo..hi wide to each connected side.
function cross(v, lo, hi, postHeight, armHeight) {
    const boxes = [[lo, 0, lo, hi, postHeight, hi]];
    if (on(v, 'north')) boxes.push([lo, 0, 0, hi, armHeight, hi]);
    if (on(v, 'south')) boxes.push([lo, 0, lo, hi, armHeight, 16]);
    if (on(v, 'west')) boxes.push([0, 0, lo, hi, armHeight, hi]);
    if (on(v, 'east')) boxes.push([lo, 0, lo, 16, armHeight, hi]);
    return boxes;
}
