// The briefcase game: the map with agents and the briefcase, your secret payoffs, challenges.
// Every move is made on the map (an agent, then a city or another agent) or in one compact
// control beside it; the list of every legal move stays folded under the board.
import { h, svg } from "../api.js";

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

/** An agent's power in words, from the game's components file (the table's assets). */
function powerOf(ctx, agent) {
  return ctx.assets?.powers?.[agent] || "";
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
  const parts = [`<svg viewBox="0 0 ${width} ${height}" class="briefcase-map" role="group" aria-label="Map of ${map.name}">`];
  for (const [a, b] of map.links) {
    const [x1, y1] = at[map.cities[a].name];
    const [x2, y2] = at[map.cities[b].name];
    parts.push(`<line class="red-line" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
  }
  for (const city of map.cities) {
    const [x, y] = at[city.name];
    const owner = hqOwner[city.name];
    const hq = owner !== undefined ? `<rect class="hq" x="-17" y="-17" width="34" height="34" rx="5" fill="${BOARD_COLOURS[obs.payoff_boards[owner]] || "#555"}"/>` : "";
    const station = stationNames.has(city.name) ? '<rect class="station" x="10" y="-20" width="14" height="10" rx="2"/>' : "";
    parts.push(`<g class="city" data-city="${city.name}" transform="translate(${x},${y})"><title></title>${hq}<circle r="9"/>${station}<text y="26"></text></g>`);
  }
  // Agents stand in a row just above their own city, centred on it, so each is nearest its city.
  const byCity = {};
  for (const [agent, city] of Object.entries(obs.agents)) if (city) (byCity[city] ||= []).push(agent);
  for (const [city, agents] of Object.entries(byCity)) {
    const [x, y] = at[city];
    agents.forEach((agent, i) => {
      const dx = (i - (agents.length - 1) / 2) * 21;
      parts.push(`<g class="agent${agent === selected ? " selected" : ""}" data-agent="${agent}" transform="translate(${x + dx},${y - 22})">
        <title></title><circle r="10" fill="${agentColour(obs, agent)}"/><text y="4">${agent[0]}</text></g>`);
    });
  }
  if (obs.briefcase && at[obs.briefcase]) {
    const [x, y] = at[obs.briefcase];
    parts.push(`<g class="case" transform="translate(${x + 22},${y + 4})"><title>The briefcase</title><rect x="-10" y="-7" width="20" height="14" rx="2"/><path d="M-4,-7v-4h8v4"/></g>`);
  }
  parts.push("</svg>");
  const drawing = svg(parts.join(""));
  slide(drawing, at, obs);
  const activate = (g, label, run) => {
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", label);
    g.addEventListener("click", run);
    g.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        run(event);
      }
    });
  };
  for (const g of drawing.querySelectorAll(".city")) {
    const city = g.dataset.city;
    g.querySelector("text").textContent = city;
    const owner = hqOwner[city];
    g.querySelector("title").textContent = `${city}${owner !== undefined ? ` · HQ of ${ctx.name(owner)}` : ""}${stationNames.has(city) ? " · station" : ""}`;
    const move = moves.find((m) => m.action.city === city);
    const other = cityActions.find((m) => m.action.city === city);
    const chosen = move || other;
    if (chosen) {
      g.classList.add("target");
      activate(g, chosen.label, () => { selected = null; ctx.act(chosen.action); });
    }
  }
  for (const g of drawing.querySelectorAll(".agent")) {
    const agent = g.dataset.agent;
    g.querySelector("title").textContent = `${agent} in ${obs.agents[agent]} · power: ${powerOf(ctx, agent)}`;
    const burn = burns.find((m) => m.action.target === agent);
    const power = agentActions.find((m) => m.action.agent === agent);
    const movable = legalOf(frame, "move").some((m) => m.action.agent === agent) || legalOf(frame, "burn").some((m) => m.action.agent === agent);
    if (burn) {
      g.classList.add("burnable");
      activate(g, burn.label, (event) => { event.stopPropagation(); selected = null; ctx.act(burn.action); });
    } else if (power) {
      g.classList.add("burnable");
      activate(g, power.label, (event) => { event.stopPropagation(); ctx.act(power.action); });
    } else if (movable) {
      g.classList.add("clickable");
      activate(g, `${agent}: pick it to move it or to burn with it`, () => { selected = selected === agent ? null : agent; ctx.redraw(); });
    }
  }
  return drawing;
}

function legend(frame, ctx) {
  const obs = frame.observation;
  return h("details", { class: "agent-legend", open: true },
    h("summary", {}, "The six agents and their powers"),
    h("ul", { class: "agent-list" }, Object.entries(obs.agents).map(([agent, city]) =>
      h("li", { title: powerOf(ctx, agent) },
        h("span", { class: "swatch", style: `background:${agentColour(obs, agent)}`, "aria-hidden": "true" }, agent[0]),
        h("strong", {}, ` ${agent}`), ` · ${city ?? "burnt"}`,
        h("div", { class: "power" }, powerOf(ctx, agent))))));
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
  const parts = [h("div", { class: "label" }, "or make a payoff")];
  if (pays.length) {
    const agent = select("agent to pay off", agents);
    const amount = h("select", { "aria-label": "sovereigns" });
    const fill = () => {
      amount.replaceChildren(...pays.filter((m) => m.action.agent === agent.value).map((m) => h("option", { value: m.action.amount }, m.action.amount)));
    };
    agent.addEventListener("change", fill);
    fill();
    parts.push(h("div", {}, "Secretly pay off ", agent, " with ", amount, " sovereigns ",
      button("Pay", () => ctx.act({ type: "pay_agent", agent: agent.value, amount: Number(amount.value) }), "primary pay")));
  }
  parts.push(h("div", { class: "row" },
    solomon ? button("Pay 1 to Dr. Solomon", () => ctx.act(solomon.action), "pay-solomon") : null,
    nobody ? button("Pay no one", () => ctx.act(nobody.action), "pay-nobody") : null));
  return h("div", { class: "pay-form" }, parts);
}

function setupForm(frame, ctx) {
  const setups = legalOf(frame, "setup_payoff");
  if (!setups.length) return null;
  const firsts = [...new Set(setups.map((m) => m.action.first))];
  const first = select("first agent", firsts);
  const second = h("select", { "aria-label": "second agent" });
  const fill = () => {
    second.replaceChildren(...setups.filter((m) => m.action.first === first.value).map((m) => h("option", { value: m.action.second }, m.action.second)));
  };
  first.addEventListener("change", fill);
  fill();
  return h("div", { class: "pay-form setup-form" }, "Secretly put 1 sovereign on ", first, " and 1 on ", second, " ",
    button("Place", () => ctx.act({ type: "setup_payoff", first: first.value, second: second.value }), "primary"));
}

/** Challenge or pass; announce a higher number or go no higher: one line each. */
function challengeControls(frame, ctx) {
  const obs = frame.observation;
  const challenges = legalOf(frame, "challenge");
  const raises = legalOf(frame, "raise");
  const pass = legalOf(frame, "pass")[0];
  const concede = legalOf(frame, "concede")[0];
  if (!challenges.length && !raises.length && !pass && !concede) return null;
  const agent = obs.pending?.agent ?? "the agent";
  const paid = obs.you?.payoffs?.[agent];
  const parts = [];
  if (challenges.length) {
    const amount = select("number to announce", challenges.map((m) => m.action.amount));
    parts.push(h("div", {}, "Challenge: announce ", amount, ` (you paid ${agent} ${paid ?? "?"}) `,
      button("Challenge", () => ctx.act({ type: "challenge", amount: Number(amount.value) }), "primary challenge")),
    h("p", { class: "hint" }, "You may announce any number up to what you paid this agent. Announcing 0 is a bluff: the mover wins by announcing 1 or more."));
  }
  if (raises.length) {
    const amount = select("higher number", raises.map((m) => m.action.amount));
    parts.push(h("div", {}, "Announce ", amount, ` (you paid ${agent} ${paid ?? "?"}) `,
      button("Announce", () => ctx.act({ type: "raise", amount: Number(amount.value) }), "primary raise")));
  }
  parts.push(h("div", { class: "row" },
    pass ? button("Let it happen (pass)", () => ctx.act(pass.action), "pass") : null,
    concede ? button("Go no higher (the other side wins)", () => ctx.act(concede.action), "concede") : null));
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
    parts.push(h("div", { class: "row" }, "The briefcase is here: ",
      carry.map((m) => button(m.label, () => ctx.act(m.action), m.action.carry ? "primary carry" : "carry"))));
  }
  if (onMap.length) {
    const power = onMap[0].action.type.split("_")[0];
    const agent = power[0].toUpperCase() + power.slice(1);
    parts.push(h("p", {}, `${agent}'s power: ${powerOf(ctx, agent)} Click a ringed ${AGENT_POWER_TYPES.includes(onMap[0].action.type) ? "agent" : "city"} on the map.`));
  }
  if (looks.length) {
    const seats = [...new Set(looks.map((m) => m.action.seat))];
    const seat = select("whose payoff", seats, (s) => ctx.name(Number(s)));
    const agent = h("select", { "aria-label": "on which agent" });
    const fill = () => {
      agent.replaceChildren(...looks.filter((m) => m.action.seat === Number(seat.value)).map((m) => h("option", { value: m.action.agent }, m.action.agent)));
    };
    seat.addEventListener("change", fill);
    fill();
    parts.push(h("div", {}, "Spyglass looks at ", seat, "'s payoff on ", agent, " ",
      button("Look", () => ctx.act({ type: "spyglass_look", seat: Number(seat.value), agent: agent.value }), "primary look")));
  }
  if (skip) parts.push(button("Do not use the power", () => ctx.act(skip.action), "skip-power"));
  return h("div", { class: "power-form" }, parts);
}

function decisions(frame, ctx) {
  const moveHint = legalOf(frame, "move").length || legalOf(frame, "burn").length
    ? h("p", { class: "move-hint" }, selected ? `Now click a highlighted city to move ${selected}, or a ringed agent to burn it.` : "Click an agent on the map to move it (or to burn another agent with it).")
    : null;
  const parts = [moveHint, setupForm(frame, ctx), payoffForm(frame, ctx), challengeControls(frame, ctx), powerControls(frame, ctx)].filter(Boolean);
  if (!parts.length) return null;
  return h("div", { class: "decisions" }, parts);
}

function pendingText(obs, ctx) {
  const p = obs.pending;
  if (!p) return null;
  const what = p.kind === "move" ? `move ${p.agent} from ${p.from} to ${p.to}` : `have ${p.agent} burn ${p.target}`;
  const bids = p.bids?.length ? ` · announced so far: ${p.bids.join(", ")}` : "";
  const challenger = p.challenger !== null && p.challenger !== undefined ? ` · challenged by ${ctx.name(p.challenger)}` : "";
  return h("div", { class: "pending" }, `${ctx.name(p.seat)} wants to ${what}${challenger}${bids}`);
}

function spiedText(note, ctx) {
  const who = note.seat === undefined ? "someone" : ctx.name(note.seat);
  return `Round ${note.round}: ${who} had paid ${note.agent} ${note.amount}`;
}

function yourBoard(frame, ctx) {
  const you = frame.observation.you;
  if (!you) return h("div", { class: "your-board" }, ctx.replay ? "" : "You are watching: payoffs stay behind the shields.");
  return h("div", { class: "your-board" },
    h("div", { class: "label" }, `behind your shield · HQ ${you.hq} · reserve ${you.reserve} sovereigns`),
    h("table", { class: "payoffs" }, Object.entries(you.payoffs).map(([agent, coins]) => h("tr", {}, h("td", {}, agent), h("td", {}, coins)))),
    h("div", { class: "muted-light" }, `starting token: ${you.starting_token}`),
    you.spied?.length ? h("div", {}, h("div", { class: "label" }, "what Spyglass showed you"), h("ul", { class: "spied" }, you.spied.map((n) => h("li", {}, spiedText(n, ctx))))) : null);
}

export function render(board, frame, ctx) {
  const obs = frame.observation;
  const assets = frame.assets || ctx.assets;
  const map = assets?.map;
  const redraw = () => render(board, frame, ctx);
  const local = { ...ctx, redraw, assets };
  const over = obs.phase === "over";
  const seats = obs.hqs.map((hq, seat) => h("li", {},
    h("span", { class: "swatch", style: `background:${BOARD_COLOURS[obs.payoff_boards[seat]] || "#777"}`, "aria-hidden": "true" }),
    ` ${ctx.name(seat)} · HQ ${hq}${obs.restricted[seat] ? " · restricted: payoff only next turn" : ""}${obs.current === seat && !over ? " · to play" : ""}`));
  const phase = over ? "game over" : obs.phase;
  board.replaceChildren(
    h("div", { class: "briefcase" },
      h("div", { class: "vault-top" },
        h("span", {}, `Round ${obs.round} · ${phase}`),
        h("span", { class: "phase", title: `${SOLOMON_NAME}'s die moves one space a round; at the end of the track it is rolled each round` },
          obs.track ? `${SOLOMON_NAME}'s track: ${obs.track}` : `${SOLOMON_NAME} rolls each round`, obs.last_roll ? ` · last roll: ${obs.last_roll === "solomon" ? SOLOMON_NAME : "blank"}` : ""),
        h("span", {}, `briefcase in ${obs.briefcase}`)),
      h("div", { class: "briefcase-layout" },
        h("div", { class: "map-box" }, map ? drawMap(frame, local, map) : null),
        h("div", { class: "briefcase-side" },
          pendingText(obs, ctx),
          frame.you !== null && !ctx.replay && !ctx.readOnly ? decisions(frame, local) : null,
          yourBoard(frame, ctx),
          h("ul", { class: "agent-list seats-list" }, seats),
          legend(frame, local),
          obs.burnt.length ? h("p", {}, `Burnt: ${obs.burnt.join(", ")}`) : null))),
  );
}

// -- the end screen: every shield lifted ----------------------------------------------------

const SOLOMON = "Dr. Solomon";

/** Why the game ended and how the winners were found (the tie-break used, a shared win). */
export function endReason(frame, ctx) {
  const obs = frame.observation;
  const winners = obs.winners || frame.winners || [];
  if (obs.end_reason === "hq") {
    return `The briefcase reached ${ctx.name(winners[0])}'s HQ in ${obs.briefcase}: that player wins at once.`;
  }
  const revealed = obs.revealed;
  if (!revealed) return "Dr. Solomon came up on the die: the biggest payoff to Dr. Solomon wins.";
  const paid = revealed.payoffs.map((p) => p[SOLOMON] ?? 0);
  const best = Math.max(...paid);
  const tied = paid.map((v, s) => (v === best ? s : null)).filter((s) => s !== null);
  const parts = [`Dr. Solomon came up on the die: the biggest payoff to Dr. Solomon (${best}) wins.`];
  if (tied.length > 1) {
    parts.push(`${tied.map(ctx.name).join(", ")} tied on it, so the biggest reserve decides.`);
    if (winners.length > 1) parts.push(`The reserves tied too (${revealed.reserves[winners[0]]}): a shared win.`);
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
    h("h3", {}, "Behind every shield"),
    h("table", { class: "results" },
      h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", {}, ctx.name(s)))),
      h("tr", {}, h("td", {}, "HQ"), seats.map((s) => h("td", {}, obs.hqs[s]))),
      agents.map((a) => h("tr", {}, h("td", {}, a), seats.map((s) => h("td", {}, revealed.payoffs[s][a])))),
      h("tr", { class: "total" }, h("td", {}, SOLOMON), seats.map((s) => h("td", {}, revealed.payoffs[s][SOLOMON] ?? 0))),
      h("tr", {}, h("td", {}, "Reserve"), seats.map((s) => h("td", {}, revealed.reserves[s]))),
      h("tr", { class: "detail" }, h("td", {}, "Starting token"), seats.map((s) => h("td", {}, revealed.starting_tokens[s])))));
}

/** The rules dialog's part: every agent's power and what a challenge's numbers mean. */
export function rulesHelp(ctx) {
  return h("div", { class: "rules-extra" },
    h("h3", {}, "The agents' powers"),
    h("p", {}, "Used only after a successful move, never challenged; \"next to\" means along a red line."),
    h("ul", {}, Object.entries(ctx.assets?.powers || {}).map(([agent, text]) => h("li", {}, h("b", {}, agent), `: ${text}`))),
    h("h3", {}, "Challenges"),
    h("p", {}, "Numbers are never paid: each side reveals how much it has paid off the acting agent, and may announce less. "
      + "Challenging with 0 is a bluff (you paid nothing, or hide it): the mover wins by announcing 1 or more. "
      + "Against a burn the challenger starts at 5 or more. A challenger who loses is restricted: a payoff only, next turn."));
}
