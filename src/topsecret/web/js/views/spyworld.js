// SpyWorld: the three offers, every lair grid with walls and upgrades, the exploration path.
import { h, svg } from "../api.js";

const CELL = 58;
const ROOM_LOOK = {
  secret1: ["S1", "secret"], secret2: ["S2", "secret"], secret3: ["S3", "secret"],
  lasers: ["LASER", "trap"], giant_saw: ["SAW", "trap"], shark_pool: ["SHARK", "trap"],
  guard_dog: ["DOG", "sentry"], guard: ["GUARD", "sentry"], robot: ["ROBOT", "sentry"],
};
const STATS = ["movement", "stealth", "combat"];

function pretty(id) {
  const text = String(id ?? "").replaceAll("_", " ");
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

function legalOf(frame, type) {
  return frame.legal.filter((m) => m.action.type === type);
}

function lairSvg(frame, ctx, owner, big) {
  const obs = frame.observation;
  const sheet = obs.sheets[owner];
  const size = Math.round(Math.sqrt(sheet.rooms.length));
  const rows = size;
  const cols = size;
  const px = CELL * cols;
  const parts = [`<svg viewBox="-6 -6 ${px + 12} ${px + 12}" class="lair${big ? " big" : ""}" role="img" aria-label="Lair of seat ${owner}">`];
  const mine = owner === frame.you && !ctx.replay;
  const upgrades = mine ? legalOf(frame, "place_upgrade") : [];
  const walls = mine ? legalOf(frame, "place_wall") : [];
  sheet.rooms.forEach((room, i) => {
    const r = Math.floor(i / cols);
    const c = i % cols;
    const [label, kind] = ROOM_LOOK[room] || [room ? pretty(room).slice(0, 6).toUpperCase() : "", room ? "other" : "empty"];
    const target = upgrades.some((m) => m.action.row === r + 1 && m.action.col === c + 1);
    parts.push(`<g class="room ${kind}${target ? " target" : ""}" data-row="${r + 1}" data-col="${c + 1}">
      <rect x="${c * CELL}" y="${r * CELL}" width="${CELL}" height="${CELL}"/>
      <text x="${c * CELL + CELL / 2}" y="${r * CELL + CELL / 2 + 5}">${label}</text></g>`);
  });
  const vertical = rows * (cols - 1);
  const total = vertical + (rows - 1) * cols;
  for (let e = 0; e < total; e++) {
    if (!(BigInt(sheet.walls) & (1n << BigInt(e)))) continue;
    parts.push(edgeLine(e, rows, cols, "wall-line"));
  }
  parts.push(`<rect class="hull" x="0" y="0" width="${px}" height="${px}"/>`);
  for (const m of walls) {
    const { row, col, side } = m.action;
    const x = (col - 1) * CELL;
    const y = (row - 1) * CELL;
    const seg = { north: [x, y, x + CELL, y], south: [x, y + CELL, x + CELL, y + CELL], west: [x, y, x, y + CELL], east: [x + CELL, y, x + CELL, y + CELL] }[side];
    parts.push(`<line class="wall-slot" data-row="${row}" data-col="${col}" data-side="${side}" x1="${seg[0]}" y1="${seg[1]}" x2="${seg[2]}" y2="${seg[3]}"/>`);
  }
  const explorer = obs.explorer_of ? obs.explorer_of[owner] : null;
  const run = explorer !== null && obs.runs ? obs.runs[explorer] : null;
  if (run && run.path?.length) {
    const points = run.path.map(([r, c]) => `${(c - 0.5) * CELL},${(r - 0.5) * CELL}`).join(" ");
    parts.push(`<polyline class="path" points="${points}"/>`);
    const [r, c] = run.pos;
    parts.push(`<circle class="explorer" cx="${(c - 0.5) * CELL}" cy="${(r - 0.5) * CELL}" r="10"/>`);
    const [sr, sc] = run.path[0];
    parts.push(`<text class="start" x="${(sc - 0.5) * CELL}" y="${sr * CELL + 4}">▲ in</text>`);
  }
  parts.push("</svg>");
  const drawing = svg(parts.join(""));
  for (const g of drawing.querySelectorAll(".room.target")) {
    const move = upgrades.find((m) => m.action.row === Number(g.dataset.row) && m.action.col === Number(g.dataset.col));
    g.addEventListener("click", () => ctx.act(move.action));
    g.append(svg(`<svg><title>${move.label}</title></svg>`).firstElementChild);
  }
  for (const line of drawing.querySelectorAll(".wall-slot")) {
    const move = walls.find((m) => m.action.row === Number(line.dataset.row) && m.action.col === Number(line.dataset.col) && m.action.side === line.dataset.side);
    line.addEventListener("click", () => ctx.act(move.action));
  }
  return drawing;
}

function edgeLine(edge, rows, cols, cls) {
  const vertical = rows * (cols - 1);
  if (edge < vertical) {
    const r = Math.floor(edge / (cols - 1));
    const c = edge % (cols - 1);
    const x = (c + 1) * CELL;
    return `<line class="${cls}" x1="${x}" y1="${r * CELL}" x2="${x}" y2="${(r + 1) * CELL}"/>`;
  }
  const a = edge - vertical;
  const r = Math.floor(a / cols);
  const c = a % cols;
  const y = (r + 1) * CELL;
  return `<line class="${cls}" x1="${c * CELL}" y1="${y}" x2="${(c + 1) * CELL}" y2="${y}"/>`;
}

function offers(frame, ctx) {
  const obs = frame.observation;
  const takes = legalOf(frame, "take_cards");
  return h("div", { class: "offers" },
    obs.faceup.map((card, slot) => {
      const take = takes.find((m) => m.action.slots.length === 1 && m.action.slots[0] === slot);
      const body = [
        h("div", { class: "offer-back" }, `deck ${obs.top_backs[slot]} · ${obs.deck_sizes[slot]} left`),
        h("div", { class: "offer-front" }, pretty(card.front)),
        card.points ? h("div", { class: "offer-points" }, `${card.points} pts`) : null,
      ];
      return take
        ? h("button", { type: "button", class: "offer playable", onclick: () => ctx.act(take.action), "aria-label": take.label }, body)
        : h("div", { class: "offer" }, body);
    }),
    h("div", { class: "missions" }, h("div", { class: "label" }, "missions"),
      obs.missions.map((m) => h("div", { class: m.claimed ? "claimed" : "" }, `${pretty(m.id)}${m.claimed ? " (claimed)" : ""}`))));
}

function mySheet(frame, ctx) {
  const obs = frame.observation;
  if (frame.you === null) return null;
  const sheet = obs.sheets[frame.you];
  return h("div", { class: "my-sheet" },
    h("div", {}, `Budget ${sheet.budget} · earned ${sheet.earned} · passes ${sheet.passes}`),
    h("div", {}, STATS.map((name, i) => `${name} ${sheet.stats[i]}`).join(" · ")),
    h("div", {}, `Agent: ${sheet.agent ? pretty(sheet.agent) : sheet.dealt ? `choose from ${sheet.dealt.map(pretty).join(", ")}` : "—"}`),
    h("div", {}, `Gadgets: ${sheet.gadgets.length ? sheet.gadgets.join(", ") : "none"}`),
    obs.pending[frame.you]?.length ? h("div", { class: "pending" }, `To place: ${obs.pending[frame.you].map(pretty).join(", ")}`) : null);
}

function decisions(frame, ctx) {
  if (frame.you === null || ctx.replay) return null;
  const handled = new Set(["place_upgrade", "place_wall"]);
  const buttons = frame.legal.filter((m) => !handled.has(m.action.type)).map((m) =>
    h("button", { type: "button", class: m.action.type === "move" ? "primary" : "", onclick: () => ctx.act(m.action) }, m.label));
  const hints = [];
  if (legalOf(frame, "place_upgrade").length) hints.push("Click a highlighted room of your lair to draw the upgrade there.");
  if (legalOf(frame, "place_wall").length) hints.push("Click a dashed edge of your lair to draw a wall.");
  return h("div", { class: "decisions" }, hints.map((t) => h("p", {}, t)), h("div", { class: "choice-list" }, buttons));
}

function results(obs, ctx) {
  if (!obs.results) return null;
  const rows = Object.entries(obs.results).filter(([k]) => k !== "ranks");
  return h("table", { class: "results" },
    h("tr", {}, h("th", {}, ""), obs.sheets.map((_, s) => h("th", {}, ctx.name(s)))),
    rows.map(([k, values]) => h("tr", {}, h("td", {}, pretty(k)), values.map((v) => h("td", {}, v)))),
    obs.results.ranks ? h("tr", {}, h("td", {}, "rank"), obs.results.ranks.map((v) => h("td", {}, v))) : null);
}

export function render(board, frame, ctx) {
  const obs = frame.observation;
  const order = frame.you === null ? obs.sheets.map((_, s) => s) : [frame.you, ...obs.sheets.map((_, s) => s).filter((s) => s !== frame.you)];
  board.replaceChildren(
    h("div", { class: "spyworld" },
      h("div", { class: "vault-top" },
        h("span", {}, `${pretty(obs.board_name)} · round ${obs.round}${obs.final_round > 0 ? ` of ${obs.final_round}` : ""}`),
        h("span", { class: "phase" }, `phase: ${obs.phase}`),
        h("span", {}, obs.explorer_of ? `exploring: ${obs.explorer_of.map((e, owner) => `${ctx.name(e)} → ${ctx.name(owner)}'s lair`).join(" · ")}` : "planning the lairs")),
      offers(frame, ctx),
      h("div", { class: "spy-layout" },
        h("div", { class: "lairs" }, order.map((owner, i) => h("figure", { class: i === 0 ? "lair-box big" : "lair-box" },
          lairSvg(frame, ctx, owner, i === 0),
          h("figcaption", {}, `${ctx.name(owner)}'s lair`)))),
        h("div", { class: "spy-side" }, mySheet(frame, ctx), decisions(frame, ctx), results(obs, ctx)))),
  );
}
