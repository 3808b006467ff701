// The winking game: a round table in SVG with gazes, winks and glances, and the suitcase.
import { h, svg } from "../api.js";

const COLOURS = { red: "#c62828", green: "#2e7d32", purple: "#6a1b9a", blue: "#1565c0", yellow: "#f9a825", orange: "#ef6c00", black: "#212121", white: "#f5f5f5" };
const SIZE = 620;
const CENTRE = SIZE / 2;
const RING = 235;

function pretty(id) {
  const text = String(id).replaceAll("_", " ");
  return text[0].toUpperCase() + text.slice(1);
}

function seatPoint(seat, frame) {
  const n = frame.observation.players.length;
  const me = frame.you ?? 0;
  // Your own seat sits at the bottom; the others go round clockwise in seat order.
  const angle = Math.PI / 2 + ((seat - me + n) % n) * (2 * Math.PI / n);
  return [CENTRE + RING * Math.cos(angle), CENTRE + RING * Math.sin(angle)];
}

function locationPoint(index) {
  const angle = -Math.PI / 4 + index * (Math.PI / 2);
  return [CENTRE + 78 * Math.cos(angle), CENTRE + 78 * Math.sin(angle)];
}

function legal(frame, predicate) {
  return frame.legal.find((m) => predicate(m.action));
}

function arrow(from, to, cls, shorten = 44) {
  const [x1, y1] = from;
  const [x2, y2] = to;
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const sx = x1 + ux * shorten;
  const sy = y1 + uy * shorten;
  const ex = x2 - ux * shorten;
  const ey = y2 - uy * shorten;
  return `<line class="${cls}" x1="${sx}" y1="${sy}" x2="${ex}" y2="${ey}" marker-end="url(#head-${cls})"/>`;
}

function gazeTarget(gaze, frame) {
  if (!gaze) return null;
  if (gaze.at === "seat") return seatPoint(gaze.seat, frame);
  if (gaze.at === "location") return locationPoint(frame.observation.locations.indexOf(gaze.location));
  return null;
}

function table(frame, ctx) {
  const obs = frame.observation;
  const parts = [];
  parts.push(`<svg viewBox="0 0 ${SIZE} ${SIZE}" class="wink-svg" role="img" aria-label="The table">
    <defs>
      ${["mine", "watcher", "theirs"].map((c) => `<marker id="head-${c}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" class="head-${c}"/></marker>`).join("")}
    </defs>
    <circle cx="${CENTRE}" cy="${CENTRE}" r="170" class="wink-table"/>`);
  obs.locations.forEach((loc, i) => {
    const [x, y] = locationPoint(i);
    const mine = obs.hand?.location === loc;
    parts.push(`<g class="location${mine ? " mine" : ""}" data-location="${loc}" transform="translate(${x},${y})">
      <rect x="-44" y="-17" width="88" height="34" rx="8"/><text y="5">${pretty(loc)}</text></g>`);
  });
  if (obs.gaze) {
    const me = seatPoint(frame.you, frame);
    for (const watcher of obs.watched_by || []) parts.push(arrow(seatPoint(watcher, frame), me, "watcher"));
    const target = gazeTarget(obs.gaze, frame);
    if (target) parts.push(arrow(me, target, "mine", obs.gaze.at === "location" ? 44 : 44));
    if (obs.gaze.at === "seat" && obs.their_gaze) {
      const theirs = gazeTarget(obs.their_gaze, frame);
      if (theirs) parts.push(arrow(seatPoint(obs.gaze.seat, frame), theirs, "theirs"));
    }
  }
  obs.players.forEach((p, seat) => {
    const [x, y] = seatPoint(seat, frame);
    const fill = COLOURS[p.colour] || p.colour;
    const dark = ["black", "purple", "blue", "red", "green"].includes(p.colour);
    const chips = Array.from({ length: p.chips }, (_, i) => `<circle class="chip-dot" cx="${-14 + i * 14}" cy="52" r="5"/>`).join("");
    parts.push(`<g class="wink-seat${seat === frame.you ? " you" : ""}" data-seat="${seat}" transform="translate(${x},${y})">
      <circle r="38" fill="${fill}" class="seat-disc"/>
      <text y="-4" class="agent ${dark ? "light" : ""}">${p.agent}</text>
      <text y="14" class="points ${dark ? "light" : ""}">${p.points} pt${p.points === 1 ? "" : "s"}</text>
      <text y="-48" class="person"></text>
      ${chips}
      ${obs.holder === seat ? '<g class="suitcase" transform="translate(30,-34)"><rect x="-13" y="-8" width="26" height="18" rx="3"/><path d="M-5,-8v-5h10v5" fill="none"/></g>' : ""}
    </g>`);
  });
  parts.push("</svg>");
  const drawing = svg(parts.join(""));
  // Names are set as text, never as markup.
  for (const g of drawing.querySelectorAll(".wink-seat")) {
    const seat = Number(g.dataset.seat);
    g.querySelector(".person").textContent = ctx.name(seat);
    const look = legal(frame, (a) => a.type === "look" && a.seat === seat);
    if (look) {
      g.classList.add("clickable");
      g.addEventListener("pointerdown", () => ctx.act(look.action));
    } else if (seat === frame.you) {
      const cards = legal(frame, (a) => a.type === "look_at_cards");
      if (cards) {
        g.classList.add("clickable");
        g.addEventListener("pointerdown", () => ctx.act(cards.action));
      }
    }
  }
  for (const g of drawing.querySelectorAll(".location")) {
    const move = legal(frame, (a) => a.type === "look_at_location" && a.location === g.dataset.location);
    if (move) {
      g.classList.add("clickable");
      g.addEventListener("pointerdown", () => ctx.act(move.action));
    }
  }
  return drawing;
}

function signalText(signal, obs, ctx) {
  const who = signal.seat === obs.seat ? "You" : `${ctx.name(signal.seat)} (${obs.players[signal.seat].agent})`;
  const at = signal.looking_at?.at === "seat" ? (signal.looking_at.seat === obs.seat ? "you" : ctx.name(signal.looking_at.seat)) : "nobody";
  const when = `${Math.max(0, obs.now - signal.time).toFixed(0)} s ago`;
  if (signal.signal === "wink") return `${when}: ${who} winked at ${at}`;
  return `${when}: ${who} glanced toward the ${pretty(signal.location).toLowerCase()} (looking at ${at})`;
}

function controls(frame, ctx) {
  const obs = frame.observation;
  if (frame.you === null || ctx.replay) {
    return h("div", { class: "wink-controls" }, h("p", {}, ctx.replay ? "Replay: the table as this seat saw it." : "You are watching: hands, gazes and signals stay private."));
  }
  const hand = obs.hand || {};
  const contact = hand.agent === null || hand.agent === undefined ? null : obs.players[hand.agent];
  const buttons = [];
  const add = (type, text, cls = "") => {
    const move = legal(frame, (a) => a.type === type);
    if (move) buttons.push(h("button", { type: "button", class: cls, onclick: () => ctx.act(move.action) }, text));
  };
  add("wink", "😉 Wink", "primary");
  add("glance", "Glance toward my meeting place");
  add("look_at_cards", "Look at my cards");
  add("draw", "Draw my cards", "primary");
  for (const m of frame.legal.filter((m) => m.action.type === "mission")) {
    buttons.push(h("button", { type: "button", class: "primary", onclick: () => ctx.act(m.action) }, `Meet at the ${pretty(m.action.location).toLowerCase()}`));
  }
  for (const m of frame.legal.filter((m) => m.action.type === "pass")) {
    const a = m.action;
    const what = a.discard_agent && a.discard_location ? " (new agent and location)" : a.discard_agent ? " (new agent card)" : a.discard_location ? " (new location card)" : "";
    buttons.push(h("button", { type: "button", onclick: () => ctx.act(a) }, `Pass the suitcase${what}`));
  }
  const accusations = frame.legal.filter((m) => m.action.type === "accuse");
  let accuse = null;
  if (accusations.length) {
    const winkers = [...new Set(accusations.map((m) => m.action.winker))];
    const winker = h("select", { "aria-label": "who winked" }, winkers.map((s) => h("option", { value: s }, ctx.name(s))));
    const target = h("select", { "aria-label": "at whom" });
    const fill = () => {
      const w = Number(winker.value);
      target.replaceChildren(...accusations.filter((m) => m.action.winker === w).map((m) => h("option", { value: m.action.contact }, ctx.name(m.action.contact))));
    };
    winker.addEventListener("change", fill);
    fill();
    accuse = h("div", { class: "accuse" }, "Catch! ", winker, " winked at ", target, " ",
      h("button", { type: "button", onclick: () => ctx.act({ type: "accuse", winker: Number(winker.value), contact: Number(target.value) }) }, `Accuse (${obs.players[frame.you].chips} chips left)`));
  }
  const gaze = obs.gaze ? (obs.gaze.at === "seat" ? ctx.name(obs.gaze.seat) : obs.gaze.at === "location" ? `the ${pretty(obs.gaze.location).toLowerCase()}` : "your cards") : "—";
  const signals = (obs.signals || []).slice(-6).reverse();
  return h("div", { class: "wink-controls" },
    h("div", { class: "wink-hand" },
      h("div", { class: "wink-card agent-card", style: contact ? `border-color:${COLOURS[contact.colour]}` : "" },
        h("div", { class: "label" }, "your contact (agent card)"),
        contact ? h("strong", {}, `${contact.agent} — ${ctx.name(hand.agent)}`) : h("em", {}, "none yet")),
      h("div", { class: "wink-card location-card" },
        h("div", { class: "label" }, "your meeting place (location card)"),
        hand.location ? h("strong", {}, pretty(hand.location)) : h("em", {}, "none yet"))),
    h("p", {}, `You are looking at ${gaze}. `, (obs.watched_by || []).length ? `Looking at you: ${obs.watched_by.map(ctx.name).join(", ")}.` : "Nobody is looking at you."),
    h("div", { class: "wink-buttons" }, buttons),
    accuse,
    h("div", { class: "label" }, "signals you saw"),
    signals.length ? h("ul", { class: "signals" }, signals.map((s) => h("li", {}, signalText(s, obs, ctx)))) : h("p", { class: "muted-light" }, "none yet: winks are seen only by whoever looks at the winker"),
  );
}

export function render(board, frame, ctx) {
  const obs = frame.observation;
  const holder = obs.holder === frame.you ? "you" : ctx.name(obs.holder);
  const deadline = obs.turn_deadline ? ` · turn ends at ${obs.turn_deadline.toFixed(0)} s` : "";
  board.replaceChildren(
    h("div", { class: "wink" },
      h("div", { class: "vault-top" },
        h("span", {}, `${obs.opening ? "Opening round" : "Missions"} · suitcase: ${holder}${deadline}`),
        h("span", { class: "phase" }, `${obs.mode === "companion" ? "companion mode" : "signals on screen"} · ${obs.now.toFixed(0)} s`),
        h("span", {}, `agent deck ${obs.agent_deck} · location deck ${obs.location_deck}`)),
      h("div", { class: "wink-layout" }, table(frame, ctx), controls(frame, ctx))),
  );
}
