// The debug view's page: a top-down map of the mobs and POIs, the selected mob's mind, its history,
// and — after the RCON password — the tick controls. Everything comes over one WebSocket (/ws).
'use strict';

const state = {
  mobs: [],               // every mob's place, from the last message
  pois: [],               // POIs around the area's centre, refreshed once a second
  ground: null,           // the top block of each loaded column around it, every 5 seconds
  area: null,             // [x, y, z]: the centre the server sent POIs and ground around
  watched: new Map(),     // uuid -> {mob, places, history} of the selected mob
  selected: null,         // uuid
  selectedPoi: null,      // [x, y, z] of the POI shown in the panel
  view: { x: 0, z: 0, scale: 16 },  // map centre (blocks) and pixels per block
  centred: false,
  authed: false,
  gameTime: 0,
  dayTime: 0,
  frozen: false,
};
const AREA_SLACK = 32;  // blocks the view may move from the area's centre before a new one is asked for

const canvas = document.getElementById('map');
const ctx = canvas.getContext('2d');
const panel = document.getElementById('panel');
const statusEl = document.getElementById('status');
const clockEl = document.getElementById('clock');
const followEl = document.getElementById('follow');
const controlsSlot = document.getElementById('controls-slot');

// ---- the connection ----

const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
socket.onopen = () => { statusEl.textContent = 'live'; };
socket.onclose = () => { statusEl.textContent = 'disconnected'; };
socket.onmessage = (event) => {
  const msg = JSON.parse(event.data);
  if (msg.type === 'tick') onTick(msg);
  else if (msg.type === 'area') onArea(msg);
  else if ('auth' in msg) onAuth(msg.auth);
  else if ('reply' in msg) statusEl.textContent = msg.reply || 'done';
  else if ('error' in msg) statusEl.textContent = msg.error;
};
function send(obj) { if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(obj)); }

document.getElementById('login').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = document.getElementById('password');
  const password = input.value;
  input.value = '';  // never kept in the page
  send({ password });
});

// ---- messages ----

function onArea(msg) {
  state.area = msg.center;
  state.pois = msg.pois;
  if (msg.ground) state.ground = msg.ground;
  renderLegend();
  draw();
  if (state.selectedPoi) renderPanel();
}

// Asks for the POIs and ground around the view's centre once it has moved away from the area's.
function followArea(force) {
  const x = Math.round(state.view.x), z = Math.round(state.view.z);
  if (!force && state.area && Math.hypot(x - state.area[0], z - state.area[2]) < AREA_SLACK) return;
  state.area = [x, state.area ? state.area[1] : 0, z];  // until the server answers
  send({ center: [x, z] });
}

function onTick(msg) {
  state.mobs = msg.mobs;
  state.gameTime = msg.game_time;
  state.dayTime = msg.day_time;
  state.frozen = msg.frozen;
  clockEl.textContent = `game time ${msg.game_time}, day time ${msg.day_time % 24000}${msg.frozen ? ' (frozen)' : ''}`;
  state.watched.clear();
  for (const w of msg.watched) state.watched.set(w.mob.uuid, w);
  if (!state.centred && state.mobs.length) {
    const n = state.mobs.length;
    state.view.x = state.mobs.reduce((s, m) => s + m.x, 0) / n;
    state.view.z = state.mobs.reduce((s, m) => s + m.z, 0) / n;
    state.centred = true;
  }
  if (followEl.checked && state.selected) {
    const m = state.mobs.find((m) => m.uuid === state.selected);
    if (m) { state.view.x = m.x; state.view.z = m.z; followArea(false); }
  }
  renderLegend();
  draw();
  renderPanel();
}

function onAuth(ok) {
  state.authed = ok;
  statusEl.textContent = ok ? 'controls unlocked' : 'wrong password';
  renderControls();
}

// ---- the map ----

function toScreen(x, z) {
  return [canvas.width / 2 + (x - state.view.x) * state.view.scale,
          canvas.height / 2 + (z - state.view.z) * state.view.scale];
}
function toWorld(px, py) {
  return [state.view.x + (px - canvas.width / 2) / state.view.scale,
          state.view.z + (py - canvas.height / 2) / state.view.scale];
}
// Ground colours of common top blocks; others get a colour made from their id.
const GROUND = {
  'minecraft:grass_block': '#5b8c3a', 'minecraft:dirt': '#79553a', 'minecraft:dirt_path': '#9c8450',
  'minecraft:farmland': '#5e3d22', 'minecraft:stone': '#7d7d7d', 'minecraft:cobblestone': '#6e6e6e',
  'minecraft:sand': '#d8cd94', 'minecraft:gravel': '#837e7b', 'minecraft:water': '#3656c9',
  'minecraft:oak_planks': '#a2834f', 'minecraft:bedrock': '#3d3d3d', 'minecraft:air': '#1d2021',
};
function groundColour(id) {
  if (GROUND[id]) return GROUND[id];
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `hsl(${h % 360}, 25%, 40%)`;
}
function colourOf(id) {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `hsl(${h % 360}, 60%, 55%)`;
}

function draw() {
  const rect = canvas.getBoundingClientRect();
  if (canvas.width !== Math.floor(rect.width) || canvas.height !== Math.floor(rect.height)) {
    canvas.width = Math.max(100, Math.floor(rect.width));
    canvas.height = Math.max(100, Math.floor(rect.height));
  }
  const s = state.view.scale;
  ctx.fillStyle = '#3c3836';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // Ground: each loaded column coloured by its top block.
  const g = state.ground;
  if (g) {
    const colours = g.palette.map(groundColour);
    for (let i = 0; i < g.cells.length; ++i) {
      if (g.cells[i] < 0) continue;
      const [px, py] = toScreen(g.x0 + (i % g.size), g.z0 + Math.floor(i / g.size));
      if (px < -s || py < -s || px > canvas.width || py > canvas.height) continue;
      ctx.fillStyle = colours[g.cells[i]];
      ctx.fillRect(px, py, Math.ceil(s), Math.ceil(s));
    }
  }
  // Chunk grid.
  ctx.strokeStyle = '#504945';
  ctx.lineWidth = 1;
  const [wx0, wz0] = toWorld(0, 0);
  const [wx1, wz1] = toWorld(canvas.width, canvas.height);
  for (let cx = Math.floor(wx0 / 16) * 16; cx <= wx1; cx += 16) {
    const [px] = toScreen(cx, 0);
    ctx.beginPath(); ctx.moveTo(px, 0); ctx.lineTo(px, canvas.height); ctx.stroke();
  }
  for (let cz = Math.floor(wz0 / 16) * 16; cz <= wz1; cz += 16) {
    const [, py] = toScreen(0, cz);
    ctx.beginPath(); ctx.moveTo(0, py); ctx.lineTo(canvas.width, py); ctx.stroke();
  }
  // POIs: a square per block, coloured by type; a full one is outlined.
  for (const p of state.pois) {
    const [px, py] = toScreen(p.x, p.z);
    ctx.fillStyle = colourOf(p.type);
    ctx.fillRect(px, py, s, s);
    if (p.max > 0 && p.free === 0) { ctx.strokeStyle = '#fbf1c7'; ctx.strokeRect(px, py, s, s); }
  }
  // The selected mob's places.
  const w = state.selected && state.watched.get(state.selected);
  if (w && w.places) drawPlaces(w.places);
  // Mobs: a dot and a line showing where they face (yaw 0 faces +z, 90 faces -x).
  for (const m of state.mobs) {
    const [px, py] = toScreen(m.x, m.z);
    const r = Math.max(3, s * 0.4);
    ctx.fillStyle = colourOf(m.type);
    ctx.beginPath(); ctx.arc(px, py, r, 0, Math.PI * 2); ctx.fill();
    const yaw = (m.yaw * Math.PI) / 180;
    ctx.strokeStyle = '#fbf1c7';
    ctx.beginPath(); ctx.moveTo(px, py); ctx.lineTo(px - Math.sin(yaw) * r * 2, py + Math.cos(yaw) * r * 2); ctx.stroke();
    if (m.uuid === state.selected) {
      ctx.strokeStyle = '#fabd2f'; ctx.lineWidth = 2;
      ctx.beginPath(); ctx.arc(px, py, r + 3, 0, Math.PI * 2); ctx.stroke();
      ctx.lineWidth = 1;
    }
  }
}

const PLACE_COLOURS = [['home', '#d3869b'], ['job_site', '#fe8019'], ['meeting_point', '#83a598'],
                       ['walk_target', '#b8bb26'], ['look_target', '#fb4934']];

function drawPlaces(places) {
  const s = state.view.scale;
  const centre = (p) => toScreen(p[0] + 0.5, p[2] + 0.5);
  if (places.path.length) {
    ctx.strokeStyle = '#8ec07c';
    ctx.beginPath();
    places.path.forEach((n, i) => { const [x, y] = centre(n); if (i) ctx.lineTo(x, y); else ctx.moveTo(x, y); });
    ctx.stroke();
    places.path.forEach((n, i) => {
      const [x, y] = centre(n);
      ctx.fillStyle = i === places.path_next ? '#fabd2f' : '#8ec07c';
      ctx.fillRect(x - 2, y - 2, 4, 4);
    });
  }
  for (const [key, colour] of PLACE_COLOURS) {
    const p = places[key];
    if (!p) continue;
    const [x, y] = centre(p);
    ctx.strokeStyle = colour; ctx.lineWidth = 2;
    ctx.strokeRect(x - s / 2 - 2, y - s / 2 - 2, s + 4, s + 4);
    ctx.fillStyle = colour;
    ctx.fillText(key, x + s / 2 + 4, y + 4);
    ctx.lineWidth = 1;
  }
}

// Pan (drag), zoom (wheel), select (click).
let drag = null;
canvas.addEventListener('mousedown', (e) => { drag = { x: e.offsetX, y: e.offsetY, moved: false }; });
canvas.addEventListener('mousemove', (e) => {
  if (!drag) return;
  const dx = e.offsetX - drag.x, dy = e.offsetY - drag.y;
  if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
  if (drag.moved) {
    state.view.x -= dx / state.view.scale; state.view.z -= dy / state.view.scale;
    drag.x = e.offsetX; drag.y = e.offsetY;
    followEl.checked = false;
    draw();
  }
});
canvas.addEventListener('mouseup', (e) => {
  if (drag && !drag.moved) {
    const uuid = pick(e.offsetX, e.offsetY);
    if (uuid) select(uuid);
    else selectPoi(pickPoi(e.offsetX, e.offsetY));
  } else if (drag) {
    followArea(false);
  }
  drag = null;
});
canvas.addEventListener('wheel', (e) => {
  e.preventDefault();
  state.view.scale = Math.min(64, Math.max(0.5, state.view.scale * (e.deltaY < 0 ? 1.2 : 1 / 1.2)));
  draw();
}, { passive: false });

function pick(px, py) {
  let best = null, bestD = 12 * 12;
  for (const m of state.mobs) {
    const [x, y] = toScreen(m.x, m.z);
    const d = (x - px) ** 2 + (y - py) ** 2;
    if (d < bestD) { best = m.uuid; bestD = d; }
  }
  return best;
}

function pickPoi(px, py) {
  const [x, z] = toWorld(px, py);
  const p = state.pois.find((p) => Math.floor(x) === p.x && Math.floor(z) === p.z);
  return p ? [p.x, p.y, p.z] : null;
}

function selectPoi(pos) {
  state.selectedPoi = pos;
  if (pos) { state.selected = null; send({ watch: [] }); }
  renderPanel();
  draw();
}

// Centre the map on a point the user types; the server sends that area's POIs and ground.
document.getElementById('goto').addEventListener('submit', (e) => {
  e.preventDefault();
  const x = parseInt(document.getElementById('goto-x').value, 10);
  const z = parseInt(document.getElementById('goto-z').value, 10);
  if (!Number.isFinite(x) || !Number.isFinite(z)) return;
  followEl.checked = false;
  state.view.x = x; state.view.z = z;
  followArea(true);
  draw();
});

function select(uuid) {
  state.selected = uuid;
  state.selectedPoi = null;
  send({ watch: uuid ? [uuid] : [] });
  renderPanel();
  draw();
}

// ---- the panel ----

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const c of children) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}
function rows(pairs, testid) {
  const t = el('table', testid ? { 'data-testid': testid } : {});
  for (const [k, v, attrs] of pairs) t.append(el('tr', attrs || {}, el('td', { class: 'key' }, k), el('td', {}, v)));
  return t;
}
function behaviourTree(list) {
  const ul = el('ul');
  for (const b of list) {
    const li = el('li', { class: b.status }, b.name);
    if (b.children && b.children.length) li.append(behaviourTree(b.children));
    if (b.tree) li.append(treeNodes(b.tree.root));
    ul.append(li);
  }
  return ul;
}
function treeNodes(node) {
  const ul = el('ul');
  if (!node) return ul;
  const li = el('li', { class: node.status === 'Running' ? 'running' : 'stopped' },
    `${node.kind}${node.name ? ' "' + node.name + '"' : ''}: ${node.status}`);
  for (const c of node.children) li.append(treeNodes(c));
  ul.append(li);
  return ul;
}
function goals(selector, testid) {
  const t = el('table', { 'data-testid': testid });
  for (const g of selector.goals) {
    t.append(el('tr', { class: g.running ? 'running' : 'stopped' },
      el('td', { class: 'key' }, String(g.priority)), el('td', {}, g.name),
      el('td', {}, g.flags.join(',')), el('td', {}, g.running ? 'running' : '')));
    if (g.tree) t.append(el('tr', {}, el('td'), el('td', { colspan: 3 }, treeNodes(g.tree.root))));
  }
  return t;
}

function renderPoiPanel(pos) {
  panel.replaceChildren();
  const p = state.pois.find((q) => q.x === pos[0] && q.y === pos[1] && q.z === pos[2]);
  if (!p) { panel.append(el('p', { class: 'hint' }, 'That POI is gone.')); return; }
  panel.append(el('h2', {}, p.type));
  panel.append(rows([['position', `${p.x}, ${p.y}, ${p.z}`], ['tickets', `${p.max - p.free} of ${p.max} taken`]], 'poi'));
  panel.append(el('h3', {}, 'Held by'));
  const list = el('ul', { 'data-testid': 'poi-owners' });
  for (const uuid of p.owners) {
    const m = state.mobs.find((q) => q.uuid === uuid);
    const a = el('a', { href: '#', 'data-uuid': uuid }, `${m ? m.type : 'mob'} ${uuid}`);
    a.addEventListener('click', (e) => { e.preventDefault(); select(uuid); });
    list.append(el('li', {}, a));
  }
  panel.append(p.owners.length ? list : el('p', { class: 'empty', 'data-testid': 'poi-owners' }, 'nobody'));
}

// The legend: the colours of the POI types and mob types on the map, and of the selected mob's places.
const legendEl = document.getElementById('legend');
let legendKey = '';
function renderLegend() {
  const poiTypes = [...new Set(state.pois.map((p) => p.type))].sort();
  const mobTypes = [...new Set(state.mobs.map((m) => m.type))].sort();
  const key = poiTypes.join() + '|' + mobTypes.join();
  if (key === legendKey) return;
  legendKey = key;
  const item = (colour, text, round) => el('li', {}, el('span', { class: round ? 'swatch round' : 'swatch', style: `background:${colour}` }), text);
  const list = el('ul');
  for (const t of mobTypes) list.append(item(colourOf(t), t, true));
  for (const t of poiTypes) list.append(item(colourOf(t), t, false));
  for (const [k, c] of PLACE_COLOURS) list.append(item(c, k.replace('_', ' ') + ' (selected mob)', false));
  legendEl.replaceChildren(el('strong', {}, 'Legend'), list,
    el('span', { class: 'hint' }, 'dots: mobs; squares: POIs, outlined when every ticket is taken'));
}

function renderPanel() {
  if (state.selectedPoi) { renderPoiPanel(state.selectedPoi); return; }
  if (!state.selected) return;
  const w = state.watched.get(state.selected);
  const gone = !state.mobs.some((m) => m.uuid === state.selected);
  panel.replaceChildren();
  if (!w) {
    panel.append(el('p', { class: 'hint' }, gone ? 'That mob is gone.' : 'Waiting for the mob…'));
    return;
  }
  const m = w.mob;
  const p = m.position.map((v) => v.toFixed(2)).join(', ');
  panel.append(el('h2', {}, m.type || 'mob'));
  panel.append(rows([['UUID', m.uuid], ['position', p], ['health', `${m.health} / ${m.max_health}`],
                     ['target', m.target || 'none']], 'mob'));
  if (m.brain) {
    const b = m.brain;
    panel.append(el('h3', {}, 'Activities'));
    const sched = b.schedule ? `${b.schedule.id || '(unregistered)'}${b.schedule.now ? ' → now ' + b.schedule.now : ''}` : 'none';
    panel.append(rows([['core', b.activities.core.join(', ')],
                       ['active', b.activities.active.join(', '), { 'data-testid': 'active-activities' }],
                       ['default', b.activities.default || 'none'], ['schedule', sched]], 'activities'));
    panel.append(el('h3', {}, 'Running behaviours'));
    panel.append(b.running.length ? behaviourTree(b.running) : el('p', { class: 'empty' }, 'none'));
    panel.append(el('h3', {}, 'History (newest first)'));
    const list = el('ul', { 'data-testid': 'history', class: 'history' });
    for (const h of (w.history || []).slice(0, 30)) list.append(el('li', {}, `${h.time}: ${h.text}`));
    panel.append(list);
    panel.append(el('h3', {}, 'Memories'));
    panel.append(rows(b.memories.map((mem) => [mem.id,
      mem.present ? `${mem.value}${mem.ttl === null ? '' : ' (ttl ' + mem.ttl + ')'}` : '(empty)',
      { 'data-memory': mem.id, class: mem.present ? '' : 'empty' }]), 'memories'));
    panel.append(el('h3', {}, 'Sensors'));
    panel.append(rows(b.sensors.map((s) => [s.id, `next scan in ${s.next_scan} of ${s.scan_rate} ticks`]), 'sensors'));
  }
  if (m.goals) { panel.append(el('h3', {}, 'Goals')); panel.append(goals(m.goals, 'goals')); }
  if (m.targets) { panel.append(el('h3', {}, 'Target selector')); panel.append(goals(m.targets, 'targets')); }
}

// ---- the tick controls: only on a page that sent the password ----

function renderControls() {
  controlsSlot.replaceChildren();
  if (!state.authed) return;
  const box = el('span', { id: 'controls' });
  const number = (id, value) => el('input', { id, type: 'number', value: String(value), min: '0' });
  const button = (label, fn) => { const b = el('button', { type: 'button' }, label); b.addEventListener('click', fn); return b; };
  const value = (id) => parseInt(document.getElementById(id).value, 10);
  box.append(button('freeze', () => send({ control: 'freeze' })),
             button('unfreeze', () => send({ control: 'unfreeze' })),
             number('ctl-n', 1), button('step', () => send({ control: 'step', value: value('ctl-n') })),
             button('sprint', () => send({ control: 'sprint', value: value('ctl-n') })),
             number('ctl-rate', 20), button('rate', () => send({ control: 'rate', value: value('ctl-rate') })),
             number('ctl-time', 2000), button('time set', () => send({ control: 'time', value: value('ctl-time') })));
  controlsSlot.append(box);
}

window.addEventListener('resize', draw);
// For tests and the console: the state and the map's projection.
window.debugView = { state, toScreen, select, selectPoi };
