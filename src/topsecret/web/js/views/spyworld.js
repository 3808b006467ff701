// SpyWorld: the three offers with their deck backs, the missions, every lair drawn like the game
// sheet (start square, entryway, walls, icons), your sheet, and the exploration path.
// Every price and rule text comes from the server (the observation's `costs` and `offer`, the
// table's assets): this file draws and wires clicks to legal moves, it never recomputes a rule.
import { h, pressable, svg } from "../api.js";
import { format, formatMessage, gettext, ngettext } from "../i18n.js";

// Messages of the catalogues, marked with N_ and translated where they are shown (this module
// is loaded before the catalogue is).
const N_ = (message) => message;

const CELL = 64;
const PAD = 20; // room for the row and column numbers around the grid
const KIND = {
  secret1: "secret", secret2: "secret", secret3: "secret",
  lasers: "trap", giant_saw: "trap", shark_pool: "trap",
  guard_dog: "sentry", guard: "sentry", robot: "sentry",
};
// A room's label under its icon, short enough for the room.
const SHORT = {
  lasers: N_("Lasers"), giant_saw: N_("Saw"), shark_pool: N_("Sharks"), guard_dog: N_("Dog"), guard: N_("Guard"), robot: N_("Robot"),
  secret1: N_("Secret I"), secret2: N_("Secret II"), secret3: N_("Secret III"),
};
const STATS = ["movement", "stealth", "combat"];
const STAT_NAMES = [N_("Movement"), N_("Stealth"), N_("Combat")];
// One letter per stat, for the badges: M, S, C in English.
const STAT_LETTERS = [N_("M (Movement)"), N_("S (Stealth)"), N_("C (Combat)")];
const PHASES = {
  agents: N_("choosing Agents"), choose: N_("planning: choose cards"), resolve: N_("planning: draw what you took"),
  missions: N_("planning: missions"), explore: N_("exploration"), over: N_("game over"),
};

function statName(i) {
  return gettext(STAT_NAMES[i]);
}

/** A stat's letter: the first letter of its translated "M (Movement)". */
function statLetter(i) {
  return gettext(STAT_LETTERS[i]).split(" ")[0];
}

/** A name or text from the game's data (cards, Gadgets, missions, lairs): the catalogues hold
 * them, so they show in the reader's language where translated. */
function data(text) {
  return text ? gettext(String(text)) : text;
}

// Fallbacks for a page that has no assets yet (they come with the first full frame).
const DEFAULT_ASSETS = {
  grid: { rows: 5, cols: 5 }, start: [5, 3], entryway: [], no_walls: [], blocked: [], board: { name: "", number: 0 },
  costs: {}, secrets: {}, names: {}, gadgets: [], agents: [], missions: {}, stat_cap: 20, earn_cap: 40,
  bonus_costs: [], final_parts: [],
};

// Which room the player clicked when several moves lead into it (a Shark Pool split, an item).
let picking = null;
let lastArgs = null;
// The other players' lairs a person asked to see larger, by owner (kept across frames).
const enlarged = new Set();
// Where each lair's Agent stood and which card each offer showed when last drawn, so a move
// slides the Agent over and a newly turned card turns over, once (never on a redraw).
let agentAt = {};
let offerShown = null;

function stillMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** Motion for what changed since the last drawing: the Agent's move, the room it entered,
 * the offers turned face up. */
function animateChanges(board, frame, ctx) {
  const obs = frame.observation;
  const nowAt = {};
  if (obs.explorer_of && obs.runs) {
    obs.explorer_of.forEach((explorer, owner) => {
      const pos = obs.runs[explorer]?.pos;
      if (pos) nowAt[owner] = pos;
    });
  }
  const cards = obs.faceup ? obs.faceup.map((card) => JSON.stringify(card)) : null;
  // Classes mark what changed (the stylesheet stops their motion for reduced motion); the
  // Agent's slide is scripted, so it is skipped here for reduced motion.
  if (!ctx.replay) {
    for (const token of board.querySelectorAll(".explorer-token")) {
      const before = agentAt[token.dataset.owner];
      const now = nowAt[token.dataset.owner];
      if (!before || !now || same(before, now)) continue;
      token.ownerSVGElement?.querySelector(`.room[data-row="${now[0]}"][data-col="${now[1]}"]`)?.classList.add("entered");
      if (stillMotion()) continue;
      const [bx, by] = roomCentre(...before);
      const [nx, ny] = roomCentre(...now);
      token.classList.add("moving");
      token.animate([{ translate: `${bx - nx}px ${by - ny}px` }, { translate: "0px 0px" }], { duration: 450, easing: "ease-out" });
    }
    if (offerShown && cards) {
      cards.forEach((card, slot) => {
        if (offerShown[slot] === undefined || offerShown[slot] === card) return;
        board.querySelector(`.offer-col[data-slot="${slot}"] .offer-card`)?.classList.add("fresh");
      });
    }
  }
  agentAt = nowAt;
  offerShown = cards;
}

const keyOf = (action) => JSON.stringify(action);
const same = (a, b) => a[0] === b[0] && a[1] === b[1];

function assetsOf(ctx) {
  return ctx.assets || DEFAULT_ASSETS;
}

function nameOf(assets, kind) {
  const name = assets.names?.[kind];
  return name ? data(name) : SHORT[kind] ? gettext(SHORT[kind]) : kind;
}

function legalOf(frame, type) {
  return frame.legal.filter((m) => m.action.type === type);
}

/** The server's price for each legal move, by action. */
function pricesOf(frame) {
  const out = new Map();
  for (const entry of frame.observation.costs || []) out.set(keyOf(entry.action), entry);
  return out;
}

function canAct(frame, ctx) {
  return frame.you !== null && !ctx.replay && !ctx.readOnly;
}

// -- icons, drawn centred on (x, y) in a box of size s -----------------------------------------

function icon(kind, x, y, s) {
  const k = s / 28;
  const at = (dx, dy) => `${x + dx * k},${y + dy * k}`;
  switch (kind) {
    case "lasers":
      return `<g class="ic lasers"><rect x="${x - 13 * k}" y="${y - 12 * k}" width="${4 * k}" height="${24 * k}"/>
        <rect x="${x + 9 * k}" y="${y - 12 * k}" width="${4 * k}" height="${24 * k}"/>
        <path d="M${at(-9, -8)} L${at(9, 2)} M${at(-9, -2)} L${at(9, 8)} M${at(-9, 4)} L${at(9, -6)}"/></g>`;
    case "giant_saw": {
      const teeth = [];
      for (let i = 0; i < 16; i++) {
        const r = i % 2 ? 8 : 13;
        const a = (Math.PI * 2 * i) / 16;
        teeth.push(at(Math.cos(a) * r, Math.sin(a) * r));
      }
      return `<g class="ic saw"><polygon points="${teeth.join(" ")}"/><circle cx="${x}" cy="${y}" r="${3 * k}"/></g>`;
    }
    case "shark_pool":
      return `<g class="ic shark"><path class="fin" d="M${at(-6, 4)} L${at(2, -12)} Q${at(4, -2)} ${at(8, 4)} Z"/>
        <path class="wave" d="M${at(-13, 6)} q${3 * k},${-4 * k} ${6.5 * k},0 t${6.5 * k},0 t${6.5 * k},0 t${6.5 * k},0"/>
        <path class="wave" d="M${at(-13, 11)} q${3 * k},${-4 * k} ${6.5 * k},0 t${6.5 * k},0 t${6.5 * k},0 t${6.5 * k},0"/></g>`;
    case "guard_dog":
      return `<g class="ic dog"><ellipse cx="${x}" cy="${y + 5 * k}" rx="${7 * k}" ry="${6 * k}"/>
        <circle cx="${x - 9 * k}" cy="${y - 3 * k}" r="${3 * k}"/><circle cx="${x - 3.5 * k}" cy="${y - 9 * k}" r="${3 * k}"/>
        <circle cx="${x + 3.5 * k}" cy="${y - 9 * k}" r="${3 * k}"/><circle cx="${x + 9 * k}" cy="${y - 3 * k}" r="${3 * k}"/></g>`;
    case "guard":
      return `<g class="ic guard"><circle cx="${x}" cy="${y - 6 * k}" r="${5.5 * k}"/>
        <rect x="${x - 7 * k}" y="${y - 13 * k}" width="${14 * k}" height="${3.5 * k}" rx="${1 * k}"/>
        <path d="M${at(-11, 13)} Q${at(-11, 1)} ${at(0, 1)} Q${at(11, 1)} ${at(11, 13)} Z"/></g>`;
    case "robot":
      return `<g class="ic robot"><line x1="${x}" y1="${y - 13 * k}" x2="${x}" y2="${y - 8 * k}"/>
        <circle cx="${x}" cy="${y - 13 * k}" r="${2 * k}"/>
        <rect x="${x - 10 * k}" y="${y - 8 * k}" width="${20 * k}" height="${17 * k}" rx="${3 * k}"/>
        <circle class="eye" cx="${x - 4.5 * k}" cy="${y - 1 * k}" r="${2.5 * k}"/><circle class="eye" cx="${x + 4.5 * k}" cy="${y - 1 * k}" r="${2.5 * k}"/>
        <rect class="eye" x="${x - 5 * k}" y="${y + 4 * k}" width="${10 * k}" height="${2 * k}"/></g>`;
    case "secret1":
    case "secret2":
    case "secret3": {
      const numeral = { secret1: "I", secret2: "II", secret3: "III" }[kind];
      return `<g class="ic secret"><path d="M${at(-12, -8)} h${8 * k} l${2 * k},${3 * k} h${14 * k} v${17 * k} h${-24 * k} Z"/>
        <text x="${x}" y="${y + 7 * k}" font-size="${10 * k}">${numeral}</text></g>`;
    }
    case "start":
      return `<g class="ic start-arrow"><path d="M${at(0, -13)} L${at(10, 0)} L${at(4, 0)} L${at(4, 12)} L${at(-4, 12)} L${at(-4, 0)} L${at(-10, 0)} Z"/></g>`;
    case "wall":
      return `<g class="ic wall-card"><rect x="${x - 13 * k}" y="${y - 4 * k}" width="${26 * k}" height="${8 * k}"/></g>`;
    case "gadget":
      return `<g class="ic gadget"><circle cx="${x}" cy="${y}" r="${9 * k}"/><circle class="hole" cx="${x}" cy="${y}" r="${4 * k}"/>
        ${[0, 1, 2, 3, 4, 5].map((i) => { const a = (Math.PI * i) / 3; return `<rect x="${x + Math.cos(a) * 11 * k - 2.5 * k}" y="${y + Math.sin(a) * 11 * k - 2.5 * k}" width="${5 * k}" height="${5 * k}"/>`; }).join("")}</g>`;
    default:
      if (STATS.includes(kind)) {
        const letter = statLetter(STATS.indexOf(kind));
        return `<g class="ic stat ${kind}"><circle cx="${x}" cy="${y}" r="${12 * k}"/><text x="${x}" y="${y + 5 * k}" font-size="${14 * k}">${letter}</text></g>`;
      }
      return "";
  }
}

function iconSvg(kind, size = 40) {
  return svg(`<svg class="icon" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" aria-hidden="true">${icon(kind, size / 2, size / 2, size * 0.8)}</svg>`);
}

// -- a lair, drawn like the game sheet ------------------------------------------------------

function edgeSegment(row, col, side) {
  // The edge on the east or south side of room (row, col), in drawing coordinates.
  const x = PAD + (col - 1) * CELL;
  const y = PAD + (row - 1) * CELL;
  return side === "east" ? [x + CELL, y, x + CELL, y + CELL] : [x, y + CELL, x + CELL, y + CELL];
}

function wallEdges(walls, rows, cols) {
  // Edge ids as in the engine: every east side first (row by row), then every south side.
  const out = [];
  const bits = BigInt(walls || 0);
  const vertical = rows * (cols - 1);
  const total = vertical + (rows - 1) * cols;
  for (let e = 0; e < total; e++) {
    if (!(bits & (1n << BigInt(e)))) continue;
    if (e < vertical) out.push([Math.floor(e / (cols - 1)) + 1, (e % (cols - 1)) + 1, "east"]);
    else out.push([Math.floor((e - vertical) / cols) + 1, ((e - vertical) % cols) + 1, "south"]);
  }
  return out;
}

function roomCentre(row, col) {
  return [PAD + (col - 0.5) * CELL, PAD + (row - 0.5) * CELL];
}

function priceBadge(x, y, text, cls) {
  // Never wider than a room: a long text is squeezed to fit rather than cut off.
  const natural = text.length * 7 + 8;
  const width = Math.max(18, Math.min(CELL - 4, natural));
  const fit = natural > width ? ` textLength="${width - 6}" lengthAdjust="spacingAndGlyphs"` : "";
  return `<g class="badge ${cls}"><rect x="${x - width}" y="${y}" width="${width}" height="16" rx="8"/>
    <text x="${x - width / 2}" y="${y + 12}"${fit}>${text}</text></g>`;
}

function escapeText(text) {
  return String(text).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

function paysText(pays) {
  return pays.map((v, i) => (v ? `${v}${statLetter(i)}` : "")).filter(Boolean).join(" ") || "0";
}

function lairSvg(frame, ctx, owner, size) {
  const obs = frame.observation;
  const assets = assetsOf(ctx);
  const sheet = obs.sheets[owner];
  const { rows, cols } = assets.grid;
  const width = PAD + cols * CELL + 6;
  const height = PAD + rows * CELL + 6;
  const prices = pricesOf(frame);
  const mine = owner === frame.you && canAct(frame, ctx);
  const upgrades = mine ? legalOf(frame, "place_upgrade") : [];
  const walls = mine ? legalOf(frame, "place_wall") : [];
  const explorer = explorerOf(obs, owner);
  const run = runIn(obs, owner);
  const exploringHere = run !== null && explorer === frame.you && canAct(frame, ctx);
  const entries = new Map(); // "row,col" -> legal moves into that room
  if (exploringHere) {
    for (const m of frame.legal) {
      const price = prices.get(keyOf(m.action));
      const to = m.action.type === "move" ? price?.to : m.action.type === "teleport" ? [m.action.row, m.action.col] : null;
      if (!to) continue;
      const key = to.join(",");
      if (!entries.has(key)) entries.set(key, []);
      entries.get(key).push({ move: m, price });
    }
  }
  // The row or column the card being drawn points at (its deck's back), tinted as a guide.
  let guide = null;
  if (mine && obs.phase === "resolve" && obs.pending[owner]?.length) {
    const back = obs.top_backs[obs.pending[owner][0]];
    guide = { colour: back[0], number: Number(back.slice(1)) };
  }
  const visited = run ? run.visited : [];
  const big = size === "big";
  const doing = `${upgrades.length || walls.length ? " placing" : ""}${exploringHere ? " exploring" : ""}`;
  const lairLabel = escapeText(format(gettext("Lair of {player}"), { player: ctx.name(owner) }));
  const parts = [`<svg viewBox="0 0 ${width} ${height}" class="lair ${size}${doing}" role="img" aria-label="${lairLabel}">`];
  for (let c = 1; c <= cols; c++) parts.push(`<text class="axis col" x="${PAD + (c - 0.5) * CELL}" y="${PAD - 5}">${c}</text>`);
  for (let r = 1; r <= rows; r++) parts.push(`<text class="axis row" x="${PAD / 2}" y="${PAD + (r - 0.5) * CELL + 5}">${r}</text>`);
  sheet.rooms.forEach((room, i) => {
    const r = Math.floor(i / cols) + 1;
    const c = (i % cols) + 1;
    const x = PAD + (c - 1) * CELL;
    const y = PAD + (r - 1) * CELL;
    const at = [r, c];
    const isStart = same(at, assets.start);
    const blocked = assets.blocked.some((b) => same(b, at));
    const entry = assets.entryway.some((b) => same(b, at));
    const kind = room ? KIND[room] || "other" : isStart ? "start" : blocked ? "blocked" : entry ? "entry" : "empty";
    const target = upgrades.find((m) => m.action.row === r && m.action.col === c);
    const ways = entries.get(`${r},${c}`);
    const seen = visited.some((v) => same(v, at));
    const classes = ["room", kind, seen ? "visited" : "", target || ways ? "target" : ""].filter(Boolean).join(" ");
    const title = roomTitle(assets, room, at);
    // Every way into this room with what it costs, in the tooltip: the badge shows the cheapest.
    const teleport = gettext("teleport");
    const wayText = (w) => `${w.move.label} (${w.move.action.type === "teleport" ? teleport : paysText(w.price?.pays || [])})`;
    const waysText = ways ? ". " + format(gettext("Ways in: {ways}"), { ways: ways.map(wayText).join("; ") }) : "";
    const inner = [`<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}"/>`, `<title>${escapeText(title + waysText)}</title>`];
    if (room) {
      inner.push(icon(room, x + CELL / 2, y + CELL / 2 - 7, 30));
      const label = escapeText(KIND[room] === "secret" && assets.secrets[room] ? `${assets.secrets[room].end}` : SHORT[room] ? gettext(SHORT[room]) : room);
      inner.push(`<text class="room-label" x="${x + CELL / 2}" y="${y + CELL - 6}">${label}</text>`);
    } else if (isStart) {
      inner.push(icon("start", x + CELL / 2, y + CELL / 2 - 7, 26));
      const start = escapeText(gettext("START"));
      inner.push(`<text class="room-label" x="${x + CELL / 2}" y="${y + CELL - 6}">${start}</text>`);
    } else if (blocked) {
      inner.push(`<path class="hatch" d="M${x} ${y} L${x + CELL} ${y + CELL} M${x + CELL} ${y} L${x} ${y + CELL}"/>`);
    } else if (entry && big) {
      const entryLabel = escapeText(gettext("entry"));
      inner.push(`<text class="room-label faint" x="${x + CELL / 2}" y="${y + CELL - 6}">${entryLabel}</text>`);
    }
    if (target) {
      const price = prices.get(keyOf(target.action));
      if (price && big) {
        inner.push(priceBadge(x + CELL - 2, y + 2, price.cost ? `−${price.cost}` : escapeText(gettext("free")), "pay"));
        if (price.earn) inner.push(priceBadge(x + CELL - 2, y + 19, `+${price.earn}`, "earn"));
      }
    }
    if (ways && big) {
      const cheapest = ways.find((w) => w.move.action.type === "move" && !w.move.action.use && !w.move.action.stealth) || ways[0];
      const text = cheapest.move.action.type === "teleport" ? escapeText(gettext("teleport")) : paysText(cheapest.price?.pays || []);
      // One badge that fits the room: the cheapest way in, "+" when there are others.
      inner.push(priceBadge(x + CELL - 2, y + 2, ways.length > 1 ? `${text} +` : text, "move"));
    }
    parts.push(`<g class="${classes}" data-row="${r}" data-col="${c}">${inner.join("")}</g>`);
  });
  // Edges that never take a Wall: a wavy mark, as printed on the sheet.
  for (const [r, c, side] of assets.no_walls) {
    const [x1, y1, x2, y2] = edgeSegment(r, c, side);
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    const d = side === "east"
      ? `M${mx} ${my - 12} q5 4 0 8 t0 8 t0 8`
      : `M${mx - 12} ${my} q4 -5 8 0 t8 0 t8 0`;
    const noWalls = escapeText(gettext("No Walls here"));
    parts.push(`<path class="no-wall" d="${d}"><title>${noWalls}</title></path>`);
  }
  const wallWords = { drilled: gettext("Wall drilled through"), wall: gettext("Wall") };
  for (const [r, c, side] of wallEdges(sheet.walls, rows, cols)) {
    const [x1, y1, x2, y2] = edgeSegment(r, c, side);
    const drilled = run?.drilled && run.drilled[0] === r && run.drilled[1] === c && run.drilled[2] === side;
    parts.push(`<line class="wall-line${drilled ? " drilled" : ""}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><title>${escapeText(drilled ? wallWords.drilled : wallWords.wall)}</title></line>`);
  }
  parts.push(`<rect class="hull" x="${PAD}" y="${PAD}" width="${cols * CELL}" height="${rows * CELL}"/>`);
  if (guide) {
    // Over the rooms, see-through: the line the card's deck back points at.
    const guideWords = guide.colour === "R" ? gettext("The card's row: drawing here is cheapest") : gettext("The card's column: drawing here is cheapest");
    const [x, y, w, hgt] = guide.colour === "R"
      ? [PAD, PAD + (guide.number - 1) * CELL, cols * CELL, CELL]
      : [PAD + (guide.number - 1) * CELL, PAD, CELL, rows * CELL];
    parts.push(`<rect class="guide ${guide.colour === "R" ? "red" : "blue"}" x="${x}" y="${y}" width="${w}" height="${hgt}"><title>${escapeText(guideWords)}</title></rect>`);
    const [lx, ly] = guide.colour === "R" ? [PAD / 2, y + CELL / 2 + 5] : [x + CELL / 2, PAD - 5];
    parts.push(`<circle class="guide-mark ${guide.colour === "R" ? "red" : "blue"}" cx="${lx}" cy="${ly - 4}" r="9"/><text class="axis guide-number" x="${lx}" y="${ly}">${guide.number}</text>`);
  }
  for (const m of walls) {
    const { row, col, side } = m.action;
    const [x1, y1, x2, y2] = edgeSegment(row, col, side);
    const price = prices.get(keyOf(m.action));
    parts.push(`<g class="wall-slot" data-row="${row}" data-col="${col}" data-side="${side}">
      <line class="slot-line" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>
      <line class="slot-hit" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>
      ${price && big ? `<text class="slot-price" x="${(x1 + x2) / 2}" y="${(y1 + y2) / 2 + 4}">${price.cost}</text>` : ""}
      <title>${escapeText(m.label)}${price ? ` ${escapeText(format(gettext("(costs {cost})"), { cost: price.cost }))}` : ""}</title></g>`);
  }
  if (run && run.path?.length) {
    const points = run.path.map(([r, c]) => roomCentre(r, c).join(",")).join(" ");
    parts.push(`<polyline class="path" points="${points}" marker-end="url(#arrow-${owner})"/>`);
    parts.push(`<defs><marker id="arrow-${owner}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path class="path-arrow" d="M0 0 L10 5 L0 10 z"/></marker></defs>`);
    const [cx, cy] = roomCentre(...run.pos);
    const [tx, ty] = [cx - CELL / 2 + 12, cy - CELL / 2 + 12]; // the top-left corner keeps the room's icon visible
    const agentHere = escapeText(gettext("The Agent is here"));
    parts.push(`<g class="explorer-token" data-owner="${owner}"><circle cx="${tx}" cy="${ty}" r="10"/><text x="${tx}" y="${ty + 4}">A</text><title>${agentHere}</title></g>`);
  }
  parts.push("</svg>");
  const drawing = svg(parts.join(""));
  // A lair with rooms or edges to press is a group of buttons, not a picture: a screen
  // reader would not enter an image.
  if (drawing.querySelector(".room.target, .wall-slot")) drawing.setAttribute("role", "group");
  // Rooms and edges to press take the keyboard too, read out with where they are and what
  // their tooltip says (the upgrade, or every way in with its price).
  const where = gettext("Row {row}, column {col}");
  const spoken = (g, words) => format(where, { row: g.dataset.row, col: g.dataset.col }) + ": " + words;
  for (const g of drawing.querySelectorAll(".room.target")) {
    const r = Number(g.dataset.row);
    const c = Number(g.dataset.col);
    const move = upgrades.find((m) => m.action.row === r && m.action.col === c);
    if (move) {
      // What the badge shows, said too: the price, and what a Secret earns.
      const price = prices.get(keyOf(move.action));
      const cost = price?.cost ? format(gettext("(costs {cost})"), { cost: price.cost }) : gettext("(free)");
      const earn = price?.earn ? " " + format(gettext("(earns {amount})"), { amount: price.earn }) : "";
      pressable(g, spoken(g, `${move.label} ${price ? cost + earn : ""}`.trim()), () => ctx.act(move.action));
      continue;
    }
    const ways = entries.get(`${r},${c}`);
    pressable(g, spoken(g, g.querySelector("title").textContent), () => {
      if (ways.length === 1) {
        ctx.act(ways[0].move.action);
      } else {
        picking = [r, c];
        if (lastArgs) render(...lastArgs);
      }
    });
  }
  for (const slot of drawing.querySelectorAll(".wall-slot")) {
    const move = walls.find((m) => m.action.row === Number(slot.dataset.row) && m.action.col === Number(slot.dataset.col) && m.action.side === slot.dataset.side);
    pressable(slot, spoken(slot, slot.querySelector("title").textContent), () => ctx.act(move.action));
  }
  return drawing;
}

/** The seat exploring ``owner``'s lair (null before the exploration). */
function explorerOf(obs, owner) {
  return obs.explorer_of ? obs.explorer_of[owner] : null;
}

/** The exploration of ``owner``'s lair: the Agent's position, path and rooms visited. */
function runIn(obs, owner) {
  const explorer = explorerOf(obs, owner);
  return explorer !== null && obs.runs ? obs.runs[explorer] : null;
}

/** What a room of the sheet holds, in words: its upgrade, or the square's kind. */
function roomTitle(assets, room, at) {
  if (room) return describeRoom(assets, room);
  if (same(at, assets.start)) return gettext("Starting square: intruders come in here; it cannot be upgraded");
  if (assets.blocked.some((b) => same(b, at))) return gettext("Blocked room");
  if (assets.entryway.some((b) => same(b, at))) {
    const forbidden = (assets.entry_forbidden || ["shark_pool", "robot"]).map((k) => nameOf(assets, k));
    return format(gettext("Entryway: no {kinds} here"), { kinds: forbidden.join(gettext(" or ")) });
  }
  return gettext("Empty room");
}

// The sides of a room, as the table of a lair names its Walls.
const SIDES = { north: N_("north"), east: N_("east"), south: N_("south"), west: N_("west") };

/** The lair as a table of rooms, for screen readers: the drawing is a picture, which they do
 * not enter, so each room says here what it holds, its Walls, and whether the Agent passed or
 * stands there, read cell by cell with its row and column. */
function lairTable(frame, ctx, owner) {
  const obs = frame.observation;
  const assets = assetsOf(ctx);
  const sheet = obs.sheets[owner];
  const { rows, cols } = assets.grid;
  const run = runIn(obs, owner);
  const sides = new Map(); // "row,col" -> the sides of that room with a Wall
  const wallOn = (r, c, side) => {
    const key = `${r},${c}`;
    if (!sides.has(key)) sides.set(key, []);
    sides.get(key).push(side);
  };
  for (const [r, c, side] of wallEdges(sheet.walls, rows, cols)) {
    wallOn(r, c, side);
    if (side === "east") wallOn(r, c + 1, "west");
    else wallOn(r + 1, c, "north");
  }
  const order = Object.keys(SIDES);
  const cell = (r, c) => {
    const at = [r, c];
    const words = [roomTitle(assets, sheet.rooms[(r - 1) * cols + (c - 1)], at)];
    const walls = sides.get(`${r},${c}`);
    if (walls) {
      walls.sort((a, b) => order.indexOf(a) - order.indexOf(b));
      words.push(format(gettext("Walls: {sides}"), { sides: walls.map((side) => gettext(SIDES[side])).join(", ") }));
    }
    if (run && same(run.pos, at)) words.push(gettext("The Agent is here"));
    else if (run && run.visited.some((v) => same(v, at))) words.push(gettext("visited"));
    return h("td", {}, words.join(". "));
  };
  const numbers = (count) => Array.from({ length: count }, (_, i) => i + 1);
  // Hidden through a box around it: a table keeps the width of its content whatever its own.
  return h("div", { class: "screen-reader-only" }, h("table", { class: "lair-table" },
    h("caption", {}, format(gettext("Lair of {player}, room by room"), { player: ctx.name(owner) })),
    h("thead", {}, h("tr", {}, h("td", {}),
      numbers(cols).map((c) => h("th", { scope: "col" }, format(gettext("Column {col}"), { col: c }))))),
    h("tbody", {}, numbers(rows).map((r) => h("tr", {},
      h("th", { scope: "row" }, format(gettext("Row {row}"), { row: r })),
      numbers(cols).map((c) => cell(r, c)))))));
}

function describeRoom(assets, room) {
  const name = nameOf(assets, room);
  if (KIND[room] === "secret") {
    const value = assets.secrets[room];
    return value ? format(gettext("{name}: worth {points} at the end of the game"), { name, points: value.end }) : name;
  }
  const cost = assets.costs[room];
  if (!cost) return name;
  const parts = STATS.map((k, i) => [k, i]).filter(([k]) => cost[k]).map(([k, i]) => `${cost[k]} ${statName(i)}`);
  if (cost.any) parts.push(format(gettext("{count} Stealth or Movement in any mix"), { count: cost.any }));
  return format(gettext("{name}: entering costs 1 Movement + {cost}"), { name, cost: parts.join(" + ") || gettext("nothing more") });
}

// -- the offers and missions ----------------------------------------------------------------

function offers(frame, ctx) {
  const obs = frame.observation;
  const assets = assetsOf(ctx);
  const prices = pricesOf(frame);
  const act = canAct(frame, ctx);
  const takes = act ? legalOf(frame, "take_cards") : [];
  const chosen = obs.step?.my_choice;
  const planning = ["agents", "choose", "resolve", "missions"].includes(obs.phase);
  if (!planning) return null;
  return h("div", { class: "offers" },
    obs.faceup.map((card, slot) => {
      const back = obs.top_backs[slot];
      const colour = back[0] === "R" ? "red" : "blue";
      const take = takes.find((m) => m.action.slots.length === 1 && m.action.slots[0] === slot);
      const price = take ? prices.get(keyOf(take.action)) : null;
      const picked = chosen?.type === "take_cards" && chosen.slots.includes(slot);
      const pending = frame.you !== null && obs.pending[frame.you]?.[0] === slot && obs.phase === "resolve";
      return h("div", { class: `offer-col${picked ? " picked" : ""}${pending ? " placing" : ""}`, dataset: { slot } },
        h("div", { class: `deck ${colour}`, title: format(back[0] === "R" ? gettext("Top of deck {deck}: a red back (a row) with number {number}") : gettext("Top of deck {deck}: a blue back (a column) with number {number}"), { deck: slot + 1, number: back.slice(1) }) },
          h("span", { class: "hex" }, back.slice(1)),
          h("span", { class: "deck-line" }, format(back[0] === "R" ? gettext("row {number}") : gettext("column {number}"), { number: back.slice(1) })),
          h("span", { class: "deck-size" }, format(gettext("deck {deck} · {count} left"), { deck: slot + 1, count: obs.deck_sizes[slot] }))),
        h("div", { class: `offer-card front-${KIND[card.front] || card.front}` },
          h("div", { class: "offer-head" }, iconSvg(card.front, 34),
            h("span", { class: "offer-name" }, `${nameOf(assets, card.front)}${card.points ? ` +${card.points}` : ""}`)),
          h("div", { class: "offer-text" }, card.offer_message ? formatMessage(card.offer_message) : data(card.offer) || "")),
        take
          ? h("button", { type: "button", class: "primary take", onclick: () => ctx.act(take.action), "aria-label": take.label },
            price?.cost ? format(gettext("Take card {card} (pay {cost})"), { card: slot + 1, cost: price.cost }) : format(gettext("Take card {card}"), { card: slot + 1 }))
          : picked ? h("div", { class: "picked-note" }, gettext("your choice ✓"))
            : pending ? h("div", { class: "picked-note" }, gettext("drawing this one")) : null);
    }),
    missionCards(frame, ctx));
}

function missionCards(frame, ctx) {
  const obs = frame.observation;
  const assets = assetsOf(ctx);
  const prices = pricesOf(frame);
  const claims = canAct(frame, ctx) ? legalOf(frame, "claim_mission") : [];
  return h("div", { class: "missions" },
    h("div", { class: "label" }, gettext("Missions: first to meet one claims it")),
    obs.missions.map((m, slot) => {
      const info = assets.missions[m.id] || { name: m.id, requires: "", money: "?", points: "?" };
      const mine = claims.filter((c) => c.action.slot === slot);
      return h("div", { class: `mission${m.claimed ? " claimed" : ""}${mine.length ? " claimable" : ""}` },
        h("div", { class: "mission-name" }, `${slot + 1}. ${data(info.name)}${m.claimed ? ` ${gettext("(claimed)")}` : ""}`),
        h("div", { class: "mission-req" }, data(info.requires)),
        h("div", { class: "mission-pay" }, format(gettext("pays {money} now or {points} points at the end"), { money: info.money, points: info.points })),
        mine.map((c) => {
          const price = prices.get(keyOf(c.action));
          const text = c.action.reward === "money" ? format(gettext("Take {money} now"), { money: price?.earn ?? info.money }) : format(gettext("Take {points} points"), { points: price?.points ?? info.points });
          return h("button", { type: "button", class: "primary", onclick: () => ctx.act(c.action), "aria-label": c.label }, text);
        }));
    }));
}

// -- the side panel: what to do now, your sheet, the exploration ------------------------------

function waitingText(frame, ctx) {
  // While the table waits for players to join, no one seated is being waited for.
  if (frame.table.status === "waiting") return gettext("Waiting for the others.");
  const step = frame.observation.step;
  const waiting = step?.waiting?.filter((s) => s !== frame.you) || frame.acting.filter((s) => s !== frame.you);
  return waiting.length ? format(gettext("Waiting for {players}."), { players: waiting.map(ctx.name).join(", ") }) : gettext("Waiting for the others.");
}

function prompt(frame, ctx) {
  const obs = frame.observation;
  const assets = assetsOf(ctx);
  if (ctx.replay) return h("p", {}, frame.you === null ? gettext("The table as a spectator saw it.") : format(gettext("The table as {player} saw it."), { player: ctx.name(frame.you) }));
  if (frame.you === null) return h("p", {}, gettext("You are watching: hidden Agents and choices stay hidden."));
  if (obs.phase === "over") return h("p", {}, gettext("The game is over: the scores are below."));
  if (!frame.legal.length) {
    const mine = obs.step?.my_choice;
    return h("p", {}, mine ? gettext("Your choice is in.") + " " + waitingText(frame, ctx) : waitingText(frame, ctx));
  }
  const prices = pricesOf(frame);
  const button = (m, text, cls = "") => h("button", { type: "button", class: cls, onclick: () => ctx.act(m.action), "aria-label": m.label }, text);
  switch (obs.phase) {
    case "agents":
      return h("div", {},
        h("p", {}, gettext("Choose your Agent, face down. Its bonus is added to your stats when planning ends; its power helps once while exploring.")),
        h("div", { class: "choice-list" }, legalOf(frame, "choose_agent").map((m) => {
          const agent = assets.agents[m.action.agent];
          return h("button", { type: "button", class: "agent-choice", onclick: () => ctx.act(m.action), "aria-label": m.label },
            h("b", {}, agent ? agent.name : m.label),
            agent ? h("span", {}, ` ${agent.bonus.map((v, i) => `+${v} ${statName(i)}`).join(", ")}`) : null,
            agent ? h("div", { class: "muted-light" }, data(agent.text)) : null);
        })));
    case "choose": {
      const pass = legalOf(frame, "pass")[0];
      const combos = legalOf(frame, "take_cards").filter((m) => m.action.slots.length > 1);
      return h("div", {},
        h("p", {}, gettext("Everyone chooses at once: take a card (the back of the deck above it says the row, column or price) or pass.")),
        h("div", { class: "choice-list" },
          pass && button(pass, format(gettext("Pass (+{money} to your budget)"), { money: prices.get(keyOf(pass.action))?.earn ?? 1 }), "pass"),
          combos.map((m) => {
            const price = prices.get(keyOf(m.action));
            const extra = m.action.slots.length - 1;
            const cost = price?.training_cost
              ? format(gettext("pay {cost} + {training} training"), { cost: price?.bonus_cost ?? "?", training: price.training_cost })
              : format(gettext("pay {cost}"), { cost: price?.bonus_cost ?? "?" });
            const actions = format(ngettext("{count} bonus action", "{count} bonus actions", extra), { count: extra });
            return button(m, format(gettext("Take cards {cards}: {actions}, {cost}"), { cards: m.action.slots.map((s) => s + 1).join(" + "), actions, cost }));
          })));
    }
    case "resolve": {
      const slot = obs.pending[frame.you]?.[0];
      if (slot === undefined) {
        // A lenient table: every drawing of the round is placed; keep them or take one back.
        return h("div", {},
          h("p", {}, gettext("Your drawings of this round are placed: keep them, or take the last one back.")),
          h("div", { class: "choice-list" }, frame.legal.map((m) => button(m, m.label))));
      }
      const card = obs.faceup[slot];
      const name = nameOf(assets, card.front);
      const rest = frame.legal.filter((m) => !["place_upgrade", "place_wall"].includes(m.action.type));
      let how = "";
      if (legalOf(frame, "place_upgrade").length) {
        how = format(card.front.startsWith("secret")
          ? gettext("Choose a highlighted room of your lair to draw the {card} there; the badge is what it costs and what it earns now.")
          : gettext("Choose a highlighted room of your lair to draw the {card} there; the badge is what it costs."), { card: name });
      } else if (legalOf(frame, "place_wall").length) how = gettext("Choose a dashed yellow edge of your lair to draw the Wall there; the number is what it costs.");
      else if (legalOf(frame, "take_gadget").length) how = gettext("Choose your gadget; changing the number costs.");
      else how = gettext("This card cannot be used.");
      return h("div", {},
        h("p", {}, h("b", {}, format(gettext("Draw card {card}: {name}."), { card: slot + 1, name }) + " "), how),
        rest.length ? h("div", { class: "choice-list" }, rest.map((m) => {
          const price = prices.get(keyOf(m.action));
          return button(m, `${m.label}${price && "cost" in price ? ` ${format(gettext("(pay {cost})"), { cost: price.cost })}` : ""}`, m.action.type === "take_gadget" ? "gadget-choice" : "");
        })) : null);
    }
    case "missions":
      return h("div", {},
        h("p", {}, gettext("You meet a mission! Claim it on its card (money now or points at the end), or claim none.")),
        h("div", { class: "choice-list" }, legalOf(frame, "decline_missions").map((m) => button(m, gettext("Claim no mission")))));
    case "explore":
      return explorePrompt(frame, ctx, button, prices);
    default:
      return h("p", {}, gettext("Your move."));
  }
}

function explorePrompt(frame, ctx, button, prices) {
  const obs = frame.observation;
  const owner = obs.explorer_of.indexOf(frame.you);
  const legend = [0, 1, 2].map((i) => gettext(STAT_LETTERS[i])).join(", ");
  const parts = [h("p", {}, format(gettext("Explore {player}'s lair: choose a highlighted room to enter it. The badge is what it costs ({letters})."), { player: ctx.name(owner), letters: legend }))];
  if (picking) {
    const options = frame.legal.filter((m) => {
      const price = prices.get(keyOf(m.action));
      const to = m.action.type === "move" ? price?.to : m.action.type === "teleport" ? [m.action.row, m.action.col] : null;
      return to && same(to, picking);
    });
    if (options.length) {
      parts.push(h("div", { class: "picking" },
        h("b", {}, format(gettext("Into row {row}, column {column}:"), { row: picking[0], column: picking[1] })),
        h("div", { class: "choice-list" }, options.map((m) => {
          const price = prices.get(keyOf(m.action));
          return button(m, `${m.label}${price?.pays ? ` ${format(gettext("(pays {cost})"), { cost: paysText(price.pays) })}` : ""}`, "primary");
        }))));
    }
  }
  const extra = frame.legal.filter((m) => ["boost", "stop", "undo"].includes(m.action.type));
  parts.push(h("div", { class: "choice-list" }, extra.map((m) => button(m, m.label, m.action.type === "stop" ? "stop" : ""))));
  return h("div", {}, parts);
}

function statBar(label, value, cap, bonus) {
  const pct = Math.max(0, Math.min(100, (value / cap) * 100));
  return h("div", { class: "stat" },
    h("span", { class: "stat-name" }, label),
    h("span", { class: "bar" }, h("span", { class: "fill", style: `width:${pct}%` })),
    h("span", { class: "stat-value" }, `${value} / ${cap}`,
      bonus ? h("span", { class: "bonus", title: bonus.title }, ` +${bonus.value}`) : null));
}

function mySheet(frame, ctx) {
  const obs = frame.observation;
  if (frame.you === null) return null;
  const assets = assetsOf(ctx);
  const sheet = obs.sheets[frame.you];
  const agent = sheet.agent ? assets.agents.find((a) => a.id === sheet.agent) : null;
  const bonusLeft = assets.bonus_costs.length - sheet.bonus_used;
  const nextBonus = assets.bonus_costs[sheet.bonus_used];
  const planning = obs.phase !== "explore" && obs.phase !== "over";
  const rewardWords = { money: gettext("money"), points: gettext("points") };
  return h("div", { class: "my-sheet" },
    h("h2", {}, gettext("Your sheet")),
    h("div", { class: "budget" }, h("span", { class: "big-number" }, sheet.budget), " " + gettext("in your budget"),
      h("span", { class: "muted-light" }, " · " + format(gettext("earned {earned} of {cap} possible"), { earned: sheet.earned, cap: assets.earn_cap }))),
    STATS.map((stat, i) => statBar(statName(i), sheet.stats[i], assets.stat_cap,
      planning && agent && agent.bonus[i] ? { value: agent.bonus[i], title: format(gettext("{agent}'s bonus, added when planning ends (never above {cap})"), { agent: agent.name, cap: assets.stat_cap }) } : null)),
    planning && agent ? h("div", { class: "muted-light" }, "+N: " + format(gettext("{agent}'s bonus, added when planning ends"), { agent: agent.name })) : null,
    h("div", { class: "line" }, h("b", {}, gettext("Agent:") + " "), agent ? `${agent.name}: ${data(agent.text)}` : sheet.dealt?.length
      ? format(gettext("choose from {agents}"), { agents: sheet.dealt.map((id) => assets.agents.find((a) => a.id === id)?.name || id).join(gettext(" or ")) }) : gettext("none on this lair")),
    h("div", { class: "line" }, h("b", {}, gettext("Gadgets:") + " "), sheet.gadgets.length
      ? sheet.gadgets.map((n) => {
        const g = assets.gadgets[n - 1];
        return h("span", { class: "gadget-name", title: g ? data(g.text) : "" }, g ? `${n}. ${data(g.name)}` : format(gettext("gadget {number}"), { number: n }));
      }) : gettext("none")),
    h("div", { class: "line" }, h("b", {}, gettext("Bonus actions:") + " "),
      bonusLeft > 0 ? format(gettext("{left} of {all} left (the next costs {cost})"), { left: bonusLeft, all: assets.bonus_costs.length, cost: nextBonus }) : gettext("all used")),
    sheet.missions.length ? h("div", { class: "line" }, h("b", {}, gettext("Missions:") + " "),
      sheet.missions.map(([id, reward]) => `${data(assets.missions[id]?.name) || id} (${reward === "money" ? rewardWords.money : rewardWords.points})`).join(", ")) : null);
}

function explorationPanel(frame, ctx) {
  const obs = frame.observation;
  if (!obs.runs) return null;
  const assets = assetsOf(ctx);
  const mine = frame.you !== null ? obs.runs[frame.you] : null;
  const runs = obs.explorer_of.map((explorer, owner) => {
    const run = obs.runs[explorer];
    if (!run) return null;
    const status = run.done ? gettext("finished") : gettext("exploring");
    const where = owner === frame.you ? format(gettext("{player} in your lair:"), { player: ctx.name(explorer) })
      : format(gettext("{player} in {owner}'s lair:"), { player: ctx.name(explorer), owner: ctx.name(owner) });
    const rooms = format(ngettext("{count} room", "{count} rooms", run.rooms), { count: run.rooms });
    const sentries = format(ngettext("{count} Sentry", "{count} Sentries", run.sentries), { count: run.sentries });
    return h("li", { class: explorer === frame.you ? "you" : "" },
      h("b", {}, `${where} `),
      format(gettext("{rooms}, {sentries}, stole {stolen};"), { rooms, sentries, stolen: run.stolen }) + " ",
      format(gettext("left {stats}"), { stats: run.stats.map((v, i) => `${v}${statLetter(i)}`).join(" ") }) + ` (${status})`);
  });
  let items = null;
  if (mine) {
    const sheet = obs.sheets[frame.you];
    const agent = sheet.agent ? assets.agents.find((a) => a.id === sheet.agent) : null;
    const list = sheet.gadgets.map((n) => ({ n, name: data(assets.gadgets[n - 1]?.name) || format(gettext("gadget {number}"), { number: n }), text: data(assets.gadgets[n - 1]?.text) || "" }));
    if (agent) list.push({ n: 6, name: format(gettext("{agent}'s power"), { agent: agent.name }), text: data(agent.text) });
    items = h("div", { class: "line" }, h("b", {}, gettext("Your items (once each):") + " "), list.length
      ? list.map((it) => h("span", { class: `item${mine.used.includes(it.n) ? " used" : ""}`, title: it.text }, it.name))
      : gettext("none"));
  }
  return h("div", { class: "exploration" },
    h("h2", {}, gettext("Exploration")),
    mine ? h("div", { class: "stats-left" }, STATS.map((_, i) => h("div", { class: "stat-left" }, h("b", {}, mine.stats[i]), h("span", {}, statName(i))))) : null,
    mine ? h("div", { class: "line" }, [
      format(ngettext("{count} room explored", "{count} rooms explored", mine.rooms), { count: mine.rooms }),
      format(ngettext("{count} Sentry neutralised", "{count} Sentries neutralised", mine.sentries), { count: mine.sentries }),
      format(ngettext("{count} Trap set off", "{count} Traps set off", mine.traps), { count: mine.traps }),
      format(gettext("stolen {stolen}"), { stolen: mine.stolen }),
    ].join(" · ")) : null,
    items,
    h("ul", { class: "runs" }, runs));
}

function boardReference(frame, ctx) {
  const assets = assetsOf(ctx);
  if (!assets.board?.name) return null;
  const costRow = (kind) => {
    const cost = assets.costs[kind];
    if (!cost) return null;
    const text = STATS.map((k, i) => [k, i]).filter(([k]) => cost[k]).map(([k, i]) => `${cost[k]}${statLetter(i)}`);
    if (cost.any) text.push(format(gettext("{count} {stealth} or {movement}"), { count: cost.any, stealth: statLetter(1), movement: statLetter(0) }));
    return h("tr", {}, h("td", {}, iconSvg(kind, 20)), h("td", {}, nameOf(assets, kind)),
      h("td", {}, format(gettext("1{movement} to enter, then {cost}"), { movement: statLetter(0), cost: text.join(" ") })));
  };
  return h("details", { class: "reference", open: frame.observation.phase !== "over" },
    h("summary", {}, format(gettext("{lair} (lair {number}): what rooms cost"), { lair: data(assets.board.name), number: assets.board.number })),
    h("table", {},
      ["lasers", "giant_saw", "shark_pool", "guard_dog", "guard", "robot"].map(costRow),
      ["secret1", "secret2", "secret3"].map((k) => assets.secrets[k] && h("tr", {}, h("td", {}, iconSvg(k, 20)), h("td", {}, nameOf(assets, k)),
        h("td", {}, format(gettext("earns {now} when drawn, worth {end} at the end"), { now: assets.secrets[k].now, end: assets.secrets[k].end }))))),
    assets.board.special ? h("p", { class: "muted-light" }, data(assets.board.special)) : null);
}

/** The scoring table (also shown on the end screen). */
export function scoreTable(obs, name, assets = DEFAULT_ASSETS) {
  const results = obs.results;
  if (!results) return null;
  const players = obs.sheets.map((_, s) => s);
  const parts = assets.final_parts?.length ? assets.final_parts : Object.keys(results).filter((k) => !["total", "ranks"].includes(k)).map((k) => [k, k, ""]);
  return h("div", { class: "table-wrap", tabindex: "0" }, h("table", { class: "results" },
    h("tr", {}, h("th", {}, ""), players.map((s) => h("th", {}, name(s)))),
    parts.map(([key, label, why]) => h("tr", {}, h("td", { title: data(why) }, data(label), why ? h("div", { class: "why" }, data(why)) : null), players.map((s) => h("td", {}, results[key][s])))),
    h("tr", { class: "total" }, h("td", {}, gettext("Total")), players.map((s) => h("td", {}, results.total[s]))),
    h("tr", { class: "rank" }, h("td", {}, gettext("Rank")), players.map((s) => h("td", {}, data(results.ranks[s])))),
    h("tr", { class: "detail" }, h("td", {}, gettext("rooms · Sentries · Traps set off in their own lair")), players.map((s) => h("td", {}, `${results.rooms[s]} · ${results.sentries[s]} · ${results.traps_triggered[s]}`)))));
}

/** What the end screen shows for SpyWorld: the score sheet with each part and the rank titles. */
export function endSummary(frame, ctx) {
  const obs = frame.observation;
  if (!obs.results) return null;
  return h("div", { class: "spy-end" },
    h("h3", {}, gettext("Score sheet")),
    scoreTable(obs, ctx.name, assetsOf(ctx)),
    h("p", { class: "ranks-note" }, data(assetsOf(ctx).rank_table) ?? ""));
}

function lairOrder(frame) {
  const obs = frame.observation;
  const everyone = obs.sheets.map((_, s) => s);
  if (frame.you === null) return everyone;
  const first = [];
  if (obs.explorer_of) {
    const target = obs.explorer_of.indexOf(frame.you);
    if (target >= 0) first.push(target);
  }
  if (!first.includes(frame.you)) first.push(frame.you);
  return [...first, ...everyone.filter((s) => !first.includes(s))];
}

function caption(frame, ctx, owner) {
  const obs = frame.observation;
  const sheet = obs.sheets[owner];
  const parts = [owner === frame.you && !ctx.replay ? gettext("Your lair") : format(gettext("{player}'s lair"), { player: ctx.name(owner) })];
  if (obs.explorer_of) {
    const explorer = obs.explorer_of[owner];
    parts.push(explorer === frame.you ? gettext("you explore it") : format(gettext("explored by {player}"), { player: ctx.name(explorer) }));
  } else {
    parts.push(format(gettext("budget {money}"), { money: sheet.budget }));
  }
  return parts.join(" · ");
}

export function render(board, frame, ctx) {
  lastArgs = [board, frame, ctx];
  const obs = frame.observation;
  const assets = assetsOf(ctx);
  if (obs.phase !== "explore" || !frame.legal.length) picking = null;
  const order = lairOrder(frame);
  const roundText = obs.phase === "explore" || obs.phase === "over" ? ""
    : " · " + (obs.final_round > 0 ? format(gettext("round {round} (the last is {last})"), { round: obs.round, last: obs.final_round }) : format(gettext("round {round}"), { round: obs.round }));
  board.replaceChildren(
    h("div", { class: "spyworld" },
      h("div", { class: "vault-top" },
        h("span", {}, `${data(assets.board.name || obs.board_name)}${roundText}`),
        h("span", { class: "phase" }, PHASES[obs.phase] ? gettext(PHASES[obs.phase]) : obs.phase)),
      offers(frame, ctx),
      h("div", { class: "spy-layout" },
        h("div", { class: "lairs" }, order.map((owner, i) => {
          const size = i === 0 || enlarged.has(owner) ? "big" : i === 1 && obs.explorer_of ? "medium" : "small";
          return h("figure", { class: `lair-box ${size}`, dataset: { owner } },
            lairSvg(frame, ctx, owner, size),
            lairTable(frame, ctx, owner),
            h("figcaption", {}, caption(frame, ctx, owner)),
            i === 0 ? null : lairZoom(owner, ctx));
        })),
        h("div", { class: "spy-side" },
          h("div", { class: "spy-prompt" }, prompt(frame, ctx)),
          obs.results ? h("div", {}, h("h2", {}, gettext("Final scores")), scoreTable(obs, ctx.name, assets)) : null,
          explorationPanel(frame, ctx),
          mySheet(frame, ctx),
          boardReference(frame, ctx)))),
  );
  animateChanges(board, frame, ctx);
}

/** The button under another player's lair that draws it as large as the main one (its
 * labels read on a phone) or small again; the choice holds until the page is left. */
function lairZoom(owner, ctx) {
  const larger = enlarged.has(owner);
  const player = ctx.name(owner);
  return h("button", {
    type: "button",
    class: "lair-zoom",
    "aria-label": format(larger ? gettext("Smaller: {player}'s lair") : gettext("Larger: {player}'s lair"), { player }),
    onclick: () => {
      if (larger) enlarged.delete(owner);
      else enlarged.add(owner);
      const [board] = lastArgs;
      render(...lastArgs);
      board.querySelector(`.lair-box[data-owner="${owner}"] .lair-zoom`)?.focus();
    },
  }, larger ? gettext("Smaller") : gettext("Larger"));
}

/** The rules dialog's part for this table: every Agent's bonus and power, every Gadget. */
export function rulesHelp(ctx) {
  const assets = assetsOf(ctx);
  return h("div", { class: "rules-extra" },
    h("h3", {}, gettext("The Agents")),
    h("ul", {}, (assets.agents || []).map((a) => h("li", {}, h("b", {}, a.name),
      ` (${a.bonus.map((v, i) => `+${v} ${statName(i)}`).join(", ")}): ${data(a.text)}`))),
    h("h3", {}, gettext("The Gadgets at this table")),
    h("ul", {}, (assets.gadgets || []).map((g) => h("li", {}, h("b", {}, `${g.number}. ${data(g.name)}`),
      " (" + (g.side === "expert" ? gettext("Expert side") : g.side === "normal" ? gettext("Normal side") : g.side) + "): " + data(g.text)))));
}

/** Why the game ended: every Agent has explored; the score sheet says how each total was made. */
export function endReason(frame) {
  const why = gettext("Every Agent has explored a rival's lair. Secrets kept and stolen, money left, missions and the rank rewards add up; the highest total wins.");
  return playAgain(frame) ? why + " " + gettext("The richest players are tied: the rules have them play again to determine the winner.") : why;
}

/** Rulebook §Final Score: "If players are tied, play again to determine the winner!" The
 * seats that play the rematch (the server's rematch seats the same ones), or null. */
export function playAgain(frame) {
  const tied = frame.observation?.results?.play_again;
  return tied?.length ? tied : null;
}
