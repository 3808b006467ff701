// The briefcase game: the map with agents and the briefcase, your secret payoffs, challenges.
// Every move is made on the map (an agent, then a city or another agent) or in one compact
// control beside it; the list of every legal move stays folded under the board.
import { h, pressable, svg } from "../api.js";
import { format, gettext } from "../i18n.js";

// Messages of the catalogues, marked with N_ and translated where they are shown (this module
// is loaded before the catalogue is).
const N_ = (message) => message;

// Agent colours chosen apart from the four payoff boards' colours (green, blue, yellow, red).
const AGENT_COLOURS = ["#6a1b9a", "#5d4037", "#00838f", "#ad1457", "#37474f", "#ef6c00", "#283593", "#827717"];
const BOARD_COLOURS = { green: "#2e7d32", blue: "#1565c0", yellow: "#f9a825", red: "#c62828" };
const CELL_X = 78;
const CELL_Y = 70;
const PAD = 50;
const SOLOMON_NAME = "Dr. Solomon";
let selected = null; // the agent a person picked on the map, waiting for a destination
// Where each piece stood when last drawn, so a move or a burn-free spin slides it over.
let drawnAt = {};

function stillMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** Slide the pieces that changed city since the last drawing (short, once). */
function slide(drawing, at, obs) {
  const now = { ...Object.fromEntries(Object.entries(obs.agents).filter(([, c]) => c)), "": obs.briefcase };
  if (!stillMotion()) {
    const pieces = [...drawing.querySelectorAll(".agent")].map((g) => [g.dataset.agent, g]);
    const bag = drawing.querySelector(".case");
    if (bag) pieces.push(["", bag]);
    for (const [id, g] of pieces) {
      const before = drawnAt[id];
      if (!before || before === now[id] || !at[before] || !at[now[id]]) continue;
      const dx = at[before][0] - at[now[id]][0];
      const dy = at[before][1] - at[now[id]][1];
      g.classList.add("moving");
      g.animate([{ translate: `${dx}px ${dy}px` }, { translate: "0px 0px" }], { duration: 450, easing: "ease-out" });
    }
  }
  drawnAt = now;
}

// Power moves that name another agent (clicked on the map) or a city (clicked on the map).
const AGENT_POWER_TYPES = ["beacon_call", "roulette_spin"];
const CITY_POWER_TYPES = ["magician_vanish", "tempest_blow", "vagabond_wander"];

function legalOf(frame, type) {
  return frame.legal.filter((m) => m.action.type === type);
}

function agentColour(obs, agent) {
  return AGENT_COLOURS[Object.keys(obs.agents).indexOf(agent) % AGENT_COLOURS.length];
}

// The agents' powers as the components file words them (the project's design, not printed
// cards): marked here so the catalogues translate them; a file that words them otherwise
// shows its own words.
const POWER_TEXTS = [
  N_("Call one other agent from a city adjacent to Beacon into Beacon's city."),
  N_("If the briefcase is in Magician's city, make it vanish and reappear in an adjacent city."),
  N_("Spin: one other agent in Roulette's city is sent to a random adjacent city."),
  N_("Look in secret at one other player's payoff on one agent or on Dr. Solomon."),
  N_("Blow every other agent in Tempest's city together into one adjacent city."),
  N_("Wander on: move Vagabond one more step along a red line, leaving the briefcase behind."),
];

// The built-in map's name; a map of one's own keeps its own name.
const MAP_NAMES = { Europe: N_("Europe") };

function mapName(name) {
  return MAP_NAMES[name] ? gettext(MAP_NAMES[name]) : name;
}

/** An agent's power in words, from the game's components file (the table's assets). */
function powerOf(ctx, agent) {
  const text = ctx.assets?.powers?.[agent] || "";
  return POWER_TEXTS.includes(text) ? gettext(text) : text;
}

function drawMap(frame, ctx, map) {
  const obs = frame.observation;
  const [cols, rows] = map.size;
  const width = PAD * 2 + (cols - 1) * CELL_X;
  const height = PAD * 2 + (rows - 1) * CELL_Y;
  const at = {};
  map.cities.forEach((c) => { at[c.name] = [PAD + c.at[0] * CELL_X, PAD + c.at[1] * CELL_Y]; });
  const stationNames = new Set(map.stations.map((i) => map.cities[i].name));
  const hqOwner = {};
  obs.hqs.forEach((city, seat) => { hqOwner[city] = seat; });
  const moves = legalOf(frame, "move").filter((m) => m.action.agent === selected);
  const burns = legalOf(frame, "burn").filter((m) => m.action.agent === selected);
  const cityActions = frame.legal.filter((m) => CITY_POWER_TYPES.includes(m.action.type));
  const agentActions = frame.legal.filter((m) => AGENT_POWER_TYPES.includes(m.action.type));
  const parts = [`<svg viewBox="0 0 ${width} ${height}" class="briefcase-map" role="group" aria-label="">`];
  for (const [a, b] of map.links) {
    const others = map.cities.filter((_, i) => i !== a && i !== b).map((c) => at[c.name]);
    parts.push(redLine(at[map.cities[a].name], at[map.cities[b].name], others));
  }
  for (const city of map.cities) {
    const [x, y] = at[city.name];
    const owner = hqOwner[city.name];
    const hq = owner !== undefined ? `<rect class="hq" x="-17" y="-17" width="34" height="34" rx="5" fill="${BOARD_COLOURS[obs.payoff_boards[owner]] || "#555"}"/>` : "";
    const station = stationNames.has(city.name) ? '<rect class="station" x="10" y="-20" width="14" height="10" rx="2"/>' : "";
    parts.push(`<g class="city" data-city="${city.name}" transform="translate(${x},${y})"><title></title><circle class="hit" r="24"/>${hq}<circle r="9"/>${station}<text y="26"></text></g>`);
  }
  // Agents stand in a row just above their own city, centred on it, so each is nearest its city.
  const byCity = {};
  for (const [agent, city] of Object.entries(obs.agents)) if (city) (byCity[city] ||= []).push(agent);
  for (const [city, agents] of Object.entries(byCity)) {
    const [x, y] = at[city];
    agents.forEach((agent, i) => {
      const dx = (i - (agents.length - 1) / 2) * 21;
      parts.push(`<g class="agent${agent === selected ? " selected" : ""}" data-agent="${agent}" transform="translate(${x + dx},${y - 22})">
        <title></title><circle class="hit" r="14"/><circle r="10" fill="${agentColour(obs, agent)}"/><text y="4">${agent[0]}</text></g>`);
    });
  }
  if (obs.briefcase && at[obs.briefcase]) {
    const [x, y] = at[obs.briefcase];
    parts.push(`<g class="case" transform="translate(${x + 22},${y + 4})"><title></title><rect x="-10" y="-7" width="20" height="14" rx="2"/><path d="M-4,-7v-4h8v4"/></g>`);
  }
  parts.push("</svg>");
  const drawing = svg(parts.join(""));
  drawing.setAttribute("aria-label", format(gettext("Map of {map}"), { map: mapName(map.name) }));
  const bag = drawing.querySelector(".case title");
  if (bag) bag.textContent = gettext("The briefcase");
  slide(drawing, at, obs);
  for (const g of drawing.querySelectorAll(".city")) {
    const city = g.dataset.city;
    g.querySelector("text").textContent = city;
    const owner = hqOwner[city];
    g.querySelector("title").textContent = [city, owner !== undefined ? format(gettext("HQ of {player}"), { player: ctx.name(owner) }) : null,
      stationNames.has(city) ? gettext("station") : null].filter(Boolean).join(" · ");
    const move = moves.find((m) => m.action.city === city);
    const other = cityActions.find((m) => m.action.city === city);
    const chosen = move || other;
    if (chosen) {
      g.classList.add("target");
      pressable(g, chosen.label, () => { selected = null; ctx.act(chosen.action); });
    }
  }
  for (const g of drawing.querySelectorAll(".agent")) {
    const agent = g.dataset.agent;
    g.querySelector("title").textContent = format(gettext("{agent} in {city} · power: {power}"), { agent, city: obs.agents[agent], power: powerOf(ctx, agent) });
    const burn = burns.find((m) => m.action.target === agent);
    const power = agentActions.find((m) => m.action.agent === agent);
    const movable = legalOf(frame, "move").some((m) => m.action.agent === agent) || legalOf(frame, "burn").some((m) => m.action.agent === agent);
    if (burn) {
      g.classList.add("burnable");
      pressable(g, burn.label, (event) => { event.stopPropagation(); selected = null; ctx.act(burn.action); });
    } else if (power) {
      g.classList.add("burnable");
      pressable(g, power.label, (event) => { event.stopPropagation(); ctx.act(power.action); });
    } else if (movable) {
      g.classList.add("clickable");
      // Where it stands is said with it (the tooltip is not read out), and whether it is
      // the agent picked; Escape lets go of it.
      pressable(g, format(gettext("{agent} in {city}: pick it to move it or to burn with it"), { agent, city: obs.agents[agent] }), () => { selected = selected === agent ? null : agent; ctx.redraw(); });
      g.setAttribute("aria-pressed", String(agent === selected));
    }
  }
  drawing.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selected !== null) {
      event.preventDefault();
      selected = null;
      ctx.redraw();
    }
  });
  return drawing;
}

function legend(frame, ctx) {
  const obs = frame.observation;
  return h("details", { class: "agent-legend", open: true },
    h("summary", {}, gettext("The six agents and their powers")),
    h("ul", { class: "agent-list" }, Object.entries(obs.agents).map(([agent, city]) =>
      h("li", { title: powerOf(ctx, agent) },
        h("span", { class: "swatch", style: `background:${agentColour(obs, agent)}`, "aria-hidden": "true" }, agent[0]),
        h("strong", {}, ` ${agent}`), " · " + (city ?? gettext("burnt")),
        h("div", { class: "power" }, powerOf(ctx, agent))))));
}

// The game's phases in words (messages of the catalogues, translated where shown).
const PHASES = { setup: N_("setup"), turn: N_("turn"), challenge: N_("challenge"), bid: N_("announcing"), carry: N_("the briefcase"), power: N_("power") };

/** A translated sentence with controls in it: "Pay off {agent} with {amount}" with the two
 * selects where their placeholders stand, so each language puts them where it needs. */
function sentence(message, controls) {
  const out = [];
  let last = 0;
  for (const match of message.matchAll(/\{(\w+)\}/g)) {
    if (match.index > last) out.push(message.slice(last, match.index));
    out.push(controls[match[1]] ?? match[0]);
    last = match.index + match[0].length;
  }
  if (last < message.length) out.push(message.slice(last));
  return out;
}

function select(label, values, text = (v) => v) {
  return h("select", { "aria-label": label }, values.map((v) => h("option", { value: v }, text(v))));
}

function button(text, onclick, cls = "") {
  return h("button", { type: "button", class: cls, onclick }, text);
}

function payoffForm(frame, ctx) {
  const pays = legalOf(frame, "pay_agent");
  const solomon = legalOf(frame, "pay_solomon")[0];
  const nobody = legalOf(frame, "pay_nobody")[0];
  if (!pays.length && !solomon && !nobody) return null;
  const agents = [...new Set(pays.map((m) => m.action.agent))];
  const parts = [h("div", { class: "label" }, gettext("or make a payoff"))];
  if (pays.length) {
    const agent = select(gettext("agent to pay off"), agents);
    const amount = h("select", { "aria-label": gettext("sovereigns") });
    const fill = () => {
      amount.replaceChildren(...pays.filter((m) => m.action.agent === agent.value).map((m) => h("option", { value: m.action.amount }, m.action.amount)));
    };
    agent.addEventListener("change", fill);
    fill();
    parts.push(h("div", {}, ...sentence(gettext("Secretly pay off {agent} with {amount} sovereigns"), { agent, amount }), " ",
      button(gettext("Pay"), () => ctx.act({ type: "pay_agent", agent: agent.value, amount: Number(amount.value) }), "primary pay")));
  }
  parts.push(h("div", { class: "row" },
    solomon ? button(format(gettext("Pay 1 to {solomon}"), { solomon: SOLOMON_NAME }), () => ctx.act(solomon.action), "pay-solomon") : null,
    nobody ? button(gettext("Pay no one"), () => ctx.act(nobody.action), "pay-nobody") : null));
  return h("div", { class: "pay-form" }, parts);
}

function setupForm(frame, ctx) {
  const setups = legalOf(frame, "setup_payoff");
  if (!setups.length) return null;
  const firsts = [...new Set(setups.map((m) => m.action.first))];
  const first = select(gettext("first agent"), firsts);
  const second = h("select", { "aria-label": gettext("second agent") });
  const fill = () => {
    second.replaceChildren(...setups.filter((m) => m.action.first === first.value).map((m) => h("option", { value: m.action.second }, m.action.second)));
  };
  first.addEventListener("change", fill);
  fill();
  return h("div", { class: "pay-form setup-form" }, ...sentence(gettext("Secretly put 1 sovereign on {first} and 1 on {second}"), { first, second }), " ",
    button(gettext("Place"), () => ctx.act({ type: "setup_payoff", first: first.value, second: second.value }), "primary"));
}

/** How far the point ``p`` is from the segment from ``a`` to ``b``. */
function distanceToSegment(p, a, b) {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** A red line between two cities: straight, unless it would run through another city (three
 * cities in a row on the grid), which would read as a link to that city; then it bends to
 * the side that keeps it furthest from every other city. */
function redLine(from, to, others) {
  const [x1, y1] = from;
  const [x2, y2] = to;
  const clear = (path) => Math.min(Infinity, ...others.map((p) => path(p)));
  if (clear((p) => distanceToSegment(p, from, to)) > 16) {
    return `<line class="red-line" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
  }
  const length = Math.hypot(x2 - x1, y2 - y1);
  const [nx, ny] = [(y1 - y2) / length, (x2 - x1) / length];
  const bend = 0.5 * length;
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  // The curve's middle is half way to its control point: measure the cities' distance to it.
  const side = [1, -1].reduce((best, sign) => {
    const middle = [mx + (sign * bend * nx) / 2, my + (sign * bend * ny) / 2];
    const room = clear((p) => Math.hypot(p[0] - middle[0], p[1] - middle[1]));
    return room > best.room ? { sign, room } : best;
  }, { sign: 1, room: -1 }).sign;
  const [cx, cy] = [mx + side * bend * nx, my + side * bend * ny];
  return `<path class="red-line" d="M${x1},${y1} Q${cx},${cy} ${x2},${y2}"/>`;
}

/** Challenge or pass; announce a higher number or go no higher: one line each. */
function challengeControls(frame, ctx) {
  const obs = frame.observation;
  const challenges = legalOf(frame, "challenge");
  const raises = legalOf(frame, "raise");
  const pass = legalOf(frame, "pass")[0];
  const concede = legalOf(frame, "concede")[0];
  if (!challenges.length && !raises.length && !pass && !concede) return null;
  const agent = obs.pending?.agent ?? gettext("the agent");
  const paid = obs.you?.payoffs?.[agent];
  const youPaid = " " + format(gettext("(you paid {agent} {amount})"), { agent, amount: paid ?? "?" }) + " ";
  const parts = [];
  if (challenges.length) {
    const amount = select(gettext("number to announce"), challenges.map((m) => m.action.amount));
    parts.push(h("div", {}, ...sentence(gettext("Challenge: announce {amount}"), { amount }), youPaid,
      button(gettext("Challenge"), () => ctx.act({ type: "challenge", amount: Number(amount.value) }), "primary challenge")),
    h("p", { class: "hint" }, gettext("You may announce any number up to what you paid this agent. Announcing 0 is a bluff: the mover wins by announcing 1 or more.")));
  }
  if (raises.length) {
    const amount = select(gettext("higher number"), raises.map((m) => m.action.amount));
    parts.push(h("div", {}, ...sentence(gettext("Announce {amount}"), { amount }), youPaid,
      button(gettext("Announce"), () => ctx.act({ type: "raise", amount: Number(amount.value) }), "primary raise")));
  }
  parts.push(h("div", { class: "row" },
    pass ? button(gettext("Let it happen (pass)"), () => ctx.act(pass.action), "pass") : null,
    concede ? button(gettext("Go no higher (the other side wins)"), () => ctx.act(concede.action), "concede") : null));
  return h("div", { class: "challenge-form" }, parts);
}

/** After a successful move: the agent's power, used on the map or skipped. */
function powerControls(frame, ctx) {
  const carry = legalOf(frame, "carry");
  const looks = legalOf(frame, "spyglass_look");
  const skip = legalOf(frame, "skip_power")[0];
  const onMap = frame.legal.filter((m) => AGENT_POWER_TYPES.includes(m.action.type) || CITY_POWER_TYPES.includes(m.action.type));
  if (!carry.length && !looks.length && !skip && !onMap.length) return null;
  const parts = [];
  if (carry.length) {
    parts.push(h("div", { class: "row" }, gettext("The briefcase is here:") + " ",
      carry.map((m) => button(m.action.carry ? gettext("Take the briefcase along") : gettext("Leave the briefcase"), () => ctx.act(m.action), m.action.carry ? "primary carry" : "carry"))));
  }
  if (onMap.length) {
    const power = onMap[0].action.type.split("_")[0];
    const agent = power[0].toUpperCase() + power.slice(1);
    const where = AGENT_POWER_TYPES.includes(onMap[0].action.type) ? gettext("Choose a ringed agent on the map.") : gettext("Choose a ringed city on the map.");
    parts.push(h("p", {}, format(gettext("{agent}'s power: {power}"), { agent, power: powerOf(ctx, agent) }) + " " + where));
  }
  if (looks.length) {
    const seats = [...new Set(looks.map((m) => m.action.seat))];
    const seat = select(gettext("whose payoff"), seats, (s) => ctx.name(Number(s)));
    const agent = h("select", { "aria-label": gettext("on which agent") });
    const fill = () => {
      agent.replaceChildren(...looks.filter((m) => m.action.seat === Number(seat.value)).map((m) => h("option", { value: m.action.agent }, m.action.agent)));
    };
    seat.addEventListener("change", fill);
    fill();
    parts.push(h("div", {}, ...sentence(gettext("Spyglass looks at {player}'s payoff on {agent}"), { player: seat, agent }), " ",
      button(gettext("Look"), () => ctx.act({ type: "spyglass_look", seat: Number(seat.value), agent: agent.value }), "primary look")));
  }
  if (skip) parts.push(button(gettext("Do not use the power"), () => ctx.act(skip.action), "skip-power"));
  return h("div", { class: "power-form" }, parts);
}

function decisions(frame, ctx) {
  const moveHint = legalOf(frame, "move").length || legalOf(frame, "burn").length
    ? h("p", { class: "move-hint" }, selected ? format(gettext("Now choose a highlighted city to move {agent}, or a ringed agent to burn it."), { agent: selected }) : gettext("Choose an agent on the map to move it (or to burn another agent with it)."))
    : null;
  const parts = [moveHint, setupForm(frame, ctx), payoffForm(frame, ctx), challengeControls(frame, ctx), powerControls(frame, ctx)].filter(Boolean);
  if (!parts.length) return null;
  return h("div", { class: "decisions" }, parts);
}

function pendingText(obs, ctx) {
  const p = obs.pending;
  if (!p) return null;
  const what = p.kind === "move"
    ? format(gettext("{player} wants to move {agent} from {from} to {to}"), { player: ctx.name(p.seat), agent: p.agent, from: p.from, to: p.to })
    : format(gettext("{player} wants to have {agent} burn {target}"), { player: ctx.name(p.seat), agent: p.agent, target: p.target });
  const bids = p.bids?.length ? " · " + format(gettext("announced so far: {numbers}"), { numbers: p.bids.join(", ") }) : "";
  const challenger = p.challenger !== null && p.challenger !== undefined ? " · " + format(gettext("challenged by {player}"), { player: ctx.name(p.challenger) }) : "";
  return h("div", { class: "pending" }, `${what}${challenger}${bids}`);
}

function spiedText(note, ctx) {
  const who = note.seat === undefined ? gettext("someone") : ctx.name(note.seat);
  return format(gettext("Round {round}: {player} had paid {agent} {amount}"), { round: note.round, player: who, agent: note.agent, amount: note.amount });
}

function yourBoard(frame, ctx) {
  const you = frame.observation.you;
  if (!you) return h("div", { class: "your-board" }, ctx.replay ? "" : gettext("You are watching: payoffs stay behind the shields."));
  return h("div", { class: "your-board" },
    h("div", { class: "label" }, format(gettext("behind your shield · HQ {city} · reserve {reserve} sovereigns"), { city: you.hq, reserve: you.reserve })),
    h("table", { class: "payoffs" }, Object.entries(you.payoffs).map(([agent, coins]) => h("tr", {}, h("td", {}, agent), h("td", {}, coins)))),
    h("div", { class: "muted-light" }, format(gettext("starting token: {token}"), { token: you.starting_token })),
    you.spied?.length ? h("div", {}, h("div", { class: "label" }, gettext("what Spyglass showed you")), h("ul", { class: "spied" }, you.spied.map((n) => h("li", {}, spiedText(n, ctx))))) : null);
}

export function render(board, frame, ctx) {
  const obs = frame.observation;
  const assets = frame.assets || ctx.assets;
  const map = assets?.map;
  // Picking an agent redraws the map here, not through the table's frame: the agent a
  // keyboard player picked keeps the focus (Escape and the cities are keys away).
  const redraw = () => {
    const agent = board.contains(document.activeElement) ? document.activeElement.dataset?.agent : undefined;
    render(board, frame, ctx);
    if (agent !== undefined) board.querySelector(`.agent[data-agent="${CSS.escape(agent)}"]`)?.focus({ preventScroll: true });
  };
  const local = { ...ctx, redraw, assets };
  const over = obs.phase === "over";
  // At setup everyone chooses at once: "to play" are those who have not chosen yet.
  const toPlay = (seat) => !over && (obs.phase === "setup" ? frame.acting.includes(seat) : obs.current === seat);
  const seats = obs.hqs.map((hq, seat) => h("li", {},
    h("span", { class: "swatch", style: `background:${BOARD_COLOURS[obs.payoff_boards[seat]] || "#777"}`, "aria-hidden": "true" }),
    [" " + ctx.name(seat), format(gettext("HQ {city}"), { city: hq }),
      obs.restricted[seat] ? gettext("restricted: payoff only next turn") : null,
      toPlay(seat) ? gettext("to play") : null].filter(Boolean).join(" · ")));
  const phase = over ? gettext("game over") : PHASES[obs.phase] ? gettext(PHASES[obs.phase]) : obs.phase;
  // Where the player scrolled the map, if it scrolled (after "Whole map" it starts afresh).
  const before = board.querySelector(".briefcase .map-box");
  const scrolled = before && before.scrollWidth > before.clientWidth ? before.scrollLeft : undefined;
  board.replaceChildren(
    h("div", { class: "briefcase" },
      h("div", { class: "vault-top" },
        h("span", {}, format(gettext("Round {round}"), { round: obs.round }) + " · " + phase),
        h("span", { class: "phase", title: format(gettext("{solomon}'s die moves one space a round; at the end of the track it is rolled each round"), { solomon: SOLOMON_NAME }) },
          obs.track ? format(gettext("{solomon}'s track: {track}"), { solomon: SOLOMON_NAME, track: obs.track }) : format(gettext("{solomon} rolls each round"), { solomon: SOLOMON_NAME }),
          obs.last_roll ? " · " + format(gettext("last roll: {face}"), { face: obs.last_roll === "solomon" ? SOLOMON_NAME : gettext("blank") }) : ""),
        h("span", {}, format(gettext("briefcase in {city}"), { city: obs.briefcase }))),
      h("div", { class: "briefcase-layout" },
        h("div", { class: "map-area" }, map ? mapZoom(board, frame, ctx) : null,
          h("div", { class: `map-box${wholeMap() ? " whole" : ""}` }, map ? drawMap(frame, local, map) : null)),
        h("div", { class: "briefcase-side" },
          pendingText(obs, ctx),
          frame.you !== null && !ctx.replay && !ctx.readOnly ? decisions(frame, local) : null,
          yourBoard(frame, ctx),
          h("ul", { class: "agent-list seats-list" }, seats),
          legend(frame, local),
          obs.burnt.length ? h("p", {}, format(gettext("Burnt: {agents}"), { agents: obs.burnt.join(", ") })) : null))),
  );
  keepMapInView(board, scrolled);
}

// -- the map on a phone: drawn larger, scrolled sideways ----------------------------------------

const WHOLE_MAP = "topsecret.briefcase.wholeMap";

/** Whether the player asked to see the whole map at once (a phone draws it larger and
 * scrolls it otherwise; wider screens always show all of it). */
function wholeMap() {
  return localStorage.getItem(WHOLE_MAP) === "on";
}

/** The button that switches a phone between the larger map and the whole map (hidden by the
 * style sheet where the whole map is large enough to touch). */
function mapZoom(board, frame, ctx) {
  const whole = wholeMap();
  return h("button", {
    type: "button",
    class: "map-zoom",
    "aria-pressed": String(whole),
    onclick: () => {
      localStorage.setItem(WHOLE_MAP, whole ? "off" : "on");
      render(board, frame, ctx);
      board.querySelector(".map-zoom")?.focus({ preventScroll: true });
    },
  }, gettext("Whole map"));
}

/** A redraw keeps the map where the player scrolled it; the first drawing (and the first
 * after the whole map) scrolls to the briefcase, where the game is. */
function keepMapInView(board, scrolled) {
  const box = board.querySelector(".briefcase .map-box");
  if (!box || box.scrollWidth <= box.clientWidth) return;
  // A box that scrolls takes the focus, so the keyboard's arrows scroll it too.
  box.tabIndex = 0;
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", box.querySelector(".briefcase-map")?.getAttribute("aria-label") || "");
  if (scrolled !== undefined) {
    box.scrollLeft = scrolled;
    return;
  }
  const bag = box.querySelector(".case");
  if (!bag) return;
  const middle = bag.getBoundingClientRect().left + bag.getBoundingClientRect().width / 2;
  box.scrollLeft = middle - box.getBoundingClientRect().left - box.clientWidth / 2;
}

// -- the end screen: every shield lifted ----------------------------------------------------

const SOLOMON = "Dr. Solomon";

/** Why the game ended and how the winners were found (the tie-break used, a shared win). */
export function endReason(frame, ctx) {
  const obs = frame.observation;
  const winners = obs.winners || frame.winners || [];
  if (obs.end_reason === "hq") {
    return format(gettext("The briefcase reached {player}'s HQ in {city}: that player wins at once."), { player: ctx.name(winners[0]), city: obs.briefcase });
  }
  const revealed = obs.revealed;
  if (!revealed) return format(gettext("{solomon} came up on the die: the biggest payoff to {solomon} wins."), { solomon: SOLOMON });
  const paid = revealed.payoffs.map((p) => p[SOLOMON] ?? 0);
  const best = Math.max(...paid);
  const tied = paid.map((v, s) => (v === best ? s : null)).filter((s) => s !== null);
  const parts = [format(gettext("{solomon} came up on the die: the biggest payoff to {solomon} ({amount}) wins."), { solomon: SOLOMON, amount: best })];
  if (tied.length > 1) {
    parts.push(format(gettext("{players} tied on it, so the biggest reserve decides."), { players: tied.map(ctx.name).join(", ") }));
    if (winners.length > 1) parts.push(format(gettext("The reserves tied too ({reserve}): a shared win."), { reserve: revealed.reserves[winners[0]] }));
  }
  return parts.join(" ");
}

/** The payoffs, reserves and starting tokens of everyone, as the rulebook's final reveal. */
export function endSummary(frame, ctx) {
  const obs = frame.observation;
  const revealed = obs.revealed;
  if (!revealed) return null;
  const seats = revealed.payoffs.map((_, s) => s);
  const agents = Object.keys(revealed.payoffs[0]).filter((a) => a !== SOLOMON);
  return h("div", { class: "briefcase-end table-wrap", tabindex: "0" },
    h("h3", {}, gettext("Behind every shield")),
    h("table", { class: "results" },
      h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", {}, ctx.name(s)))),
      h("tr", {}, h("td", {}, gettext("HQ")), seats.map((s) => h("td", {}, obs.hqs[s]))),
      agents.map((a) => h("tr", {}, h("td", {}, a), seats.map((s) => h("td", {}, revealed.payoffs[s][a])))),
      h("tr", { class: "total" }, h("td", {}, SOLOMON), seats.map((s) => h("td", {}, revealed.payoffs[s][SOLOMON] ?? 0))),
      h("tr", {}, h("td", {}, gettext("Reserve")), seats.map((s) => h("td", {}, revealed.reserves[s]))),
      h("tr", { class: "detail" }, h("td", {}, gettext("Starting token")), seats.map((s) => h("td", {}, revealed.starting_tokens[s])))));
}

/** The rules dialog's part: every agent's power and what a challenge's numbers mean. */
export function rulesHelp(ctx) {
  return h("div", { class: "rules-extra" },
    h("h3", {}, gettext("The agents' powers")),
    h("p", {}, gettext("Used only after a successful move, never challenged; “next to” means along a red line.")),
    h("ul", {}, Object.keys(ctx.assets?.powers || {}).map((agent) => h("li", {}, h("b", {}, agent), ": " + powerOf(ctx, agent)))),
    h("h3", {}, gettext("Challenges")),
    h("p", {}, gettext("Numbers are never paid: each side reveals how much it has paid off the acting agent, and may announce less. Challenging with 0 is a bluff (you paid nothing, or hide it): the mover wins by announcing 1 or more. Against a burn the challenger starts at 5 or more. A challenger who loses is restricted: a payoff only, next turn.")));
}
