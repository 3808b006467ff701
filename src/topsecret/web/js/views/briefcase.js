// The briefcase game: the map with agents and the briefcase, your secret payoffs, challenges.
import { h, svg } from "../api.js";

const AGENT_COLOURS = ["#e53935", "#8e24aa", "#1e88e5", "#43a047", "#fb8c00", "#6d4c41", "#00897b", "#3949ab"];
const BOARD_COLOURS = { green: "#2e7d32", blue: "#1565c0", yellow: "#f9a825", red: "#c62828" };
const CELL_X = 78;
const CELL_Y = 70;
const PAD = 50;
let selected = null; // the agent a person picked on the map, waiting for a destination

function legalOf(frame, type) {
  return frame.legal.filter((m) => m.action.type === type);
}

function agentColour(obs, agent) {
  return AGENT_COLOURS[Object.keys(obs.agents).indexOf(agent) % AGENT_COLOURS.length];
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
  const cityActions = frame.legal.filter((m) => m.action.city !== undefined && m.action.type !== "move");
  const parts = [`<svg viewBox="0 0 ${width} ${height}" class="briefcase-map" role="img" aria-label="Map of ${map.name}">`];
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
    parts.push(`<g class="city" data-city="${city.name}" transform="translate(${x},${y})">${hq}<circle r="9"/>${station}<text y="26"></text></g>`);
  }
  const crowd = {};
  for (const [agent, city] of Object.entries(obs.agents)) {
    if (!city) continue;
    const k = crowd[city] = (crowd[city] || 0) + 1;
    const [x, y] = at[city];
    const dx = -22 + ((k - 1) % 3) * 22;
    const dy = -30 - Math.floor((k - 1) / 3) * 22;
    parts.push(`<g class="agent${agent === selected ? " selected" : ""}" data-agent="${agent}" transform="translate(${x + dx},${y + dy})">
      <circle r="10" fill="${agentColour(obs, agent)}"/><text y="4">${agent[0]}</text></g>`);
  }
  if (obs.briefcase && at[obs.briefcase]) {
    const [x, y] = at[obs.briefcase];
    parts.push(`<g class="case" transform="translate(${x + 22},${y + 4})"><rect x="-10" y="-7" width="20" height="14" rx="2"/><path d="M-4,-7v-4h8v4"/></g>`);
  }
  parts.push("</svg>");
  const drawing = svg(parts.join(""));
  for (const g of drawing.querySelectorAll(".city")) {
    g.querySelector("text").textContent = g.dataset.city;
    const city = g.dataset.city;
    const move = moves.find((m) => m.action.city === city);
    const other = cityActions.find((m) => m.action.city === city);
    const chosen = move || other;
    if (chosen) {
      g.classList.add("target");
      g.addEventListener("click", () => { selected = null; ctx.act(chosen.action); });
      g.setAttribute("aria-label", move ? move.label : other.label);
    }
  }
  for (const g of drawing.querySelectorAll(".agent")) {
    const agent = g.dataset.agent;
    const burn = burns.find((m) => m.action.target === agent);
    const movable = legalOf(frame, "move").some((m) => m.action.agent === agent) || legalOf(frame, "burn").some((m) => m.action.agent === agent);
    if (burn) {
      g.classList.add("burnable");
      g.addEventListener("click", (event) => { event.stopPropagation(); selected = null; ctx.act(burn.action); });
    } else if (movable) {
      g.classList.add("clickable");
      g.addEventListener("click", () => { selected = selected === agent ? null : agent; ctx.redraw(); });
    }
  }
  return drawing;
}

function agentsList(frame) {
  const obs = frame.observation;
  return h("ul", { class: "agent-list" }, Object.entries(obs.agents).map(([agent, city]) =>
    h("li", {}, h("span", { class: "swatch", style: `background:${agentColour(obs, agent)}` }), ` ${agent}: ${city ?? "burnt"}`)));
}

function payoffForm(frame, ctx) {
  const pays = legalOf(frame, "pay_agent");
  if (!pays.length) return null;
  const agents = [...new Set(pays.map((m) => m.action.agent))];
  const agent = h("select", { "aria-label": "agent to pay off" }, agents.map((a) => h("option", { value: a }, a)));
  const amount = h("select", { "aria-label": "sovereigns" });
  const fill = () => {
    amount.replaceChildren(...pays.filter((m) => m.action.agent === agent.value).map((m) => h("option", { value: m.action.amount }, m.action.amount)));
  };
  agent.addEventListener("change", fill);
  fill();
  return h("div", { class: "pay-form" }, "Secretly pay off ", agent, " with ", amount, " sovereigns ",
    h("button", { type: "button", class: "primary", onclick: () => ctx.act({ type: "pay_agent", agent: agent.value, amount: Number(amount.value) }) }, "Pay"));
}

function setupForm(frame, ctx) {
  const setups = legalOf(frame, "setup_payoff");
  if (!setups.length) return null;
  const firsts = [...new Set(setups.map((m) => m.action.first))];
  const first = h("select", { "aria-label": "first agent" }, firsts.map((a) => h("option", { value: a }, a)));
  const second = h("select", { "aria-label": "second agent" });
  const fill = () => {
    second.replaceChildren(...setups.filter((m) => m.action.first === first.value).map((m) => h("option", { value: m.action.second }, m.action.second)));
  };
  first.addEventListener("change", fill);
  fill();
  return h("div", { class: "pay-form setup-form" }, "Secretly put 1 sovereign on ", first, " and 1 on ", second, " ",
    h("button", { type: "button", class: "primary", onclick: () => ctx.act({ type: "setup_payoff", first: first.value, second: second.value }) }, "Place"));
}

function decisions(frame, ctx) {
  const handled = new Set(["move", "burn", "pay_agent", "setup_payoff"]);
  const others = frame.legal.filter((m) => !handled.has(m.action.type));
  const moveHint = legalOf(frame, "move").length || legalOf(frame, "burn").length
    ? h("p", {}, selected ? `Now click a highlighted city to move ${selected}, or a ringed agent to burn it.` : "Click an agent on the map to move it (or to burn another agent with it).")
    : null;
  return h("div", { class: "decisions" },
    moveHint,
    setupForm(frame, ctx),
    payoffForm(frame, ctx),
    others.length ? h("div", { class: "choice-list" }, others.map((m) => h("button", { type: "button", onclick: () => ctx.act(m.action) }, m.label))) : null);
}

function pendingText(obs, ctx) {
  const p = obs.pending;
  if (!p) return null;
  const what = p.kind === "move" ? `move ${p.agent} from ${p.from} to ${p.to}` : `have ${p.agent} burn ${p.target}`;
  const bids = p.bids?.length ? ` · announced: ${p.bids.join(", ")}` : "";
  const challenger = p.challenger !== null && p.challenger !== undefined ? ` · challenged by ${ctx.name(p.challenger)}` : "";
  return h("div", { class: "pending" }, `${ctx.name(p.seat)} wants to ${what}${challenger}${bids}`);
}

function yourBoard(frame, ctx) {
  const you = frame.observation.you;
  if (!you) return h("div", { class: "your-board" }, ctx.replay ? "" : "You are watching: payoffs stay behind the shields.");
  return h("div", { class: "your-board" },
    h("div", { class: "label" }, `behind your shield · HQ ${you.hq} · reserve ${you.reserve} sovereigns`),
    h("table", { class: "payoffs" }, Object.entries(you.payoffs).map(([agent, coins]) => h("tr", {}, h("td", {}, agent), h("td", {}, coins)))),
    h("div", { class: "muted-light" }, `starting token: ${you.starting_token}`),
    you.spied?.length ? h("div", {}, `spied: ${you.spied.map((n) => JSON.stringify(n)).join("; ")}`) : null);
}

export function render(board, frame, ctx) {
  const obs = frame.observation;
  const map = frame.assets?.map || ctx.assets?.map;
  const redraw = () => render(board, frame, ctx);
  const local = { ...ctx, redraw };
  const seats = obs.hqs.map((hq, seat) => h("li", {},
    h("span", { class: "swatch", style: `background:${BOARD_COLOURS[obs.payoff_boards[seat]] || "#777"}` }),
    ` ${ctx.name(seat)} · HQ ${hq}${obs.restricted[seat] ? " · RESTRICTED" : ""}${obs.current === seat ? " · to play" : ""}`));
  board.replaceChildren(
    h("div", { class: "briefcase" },
      h("div", { class: "vault-top" },
        h("span", {}, `Round ${obs.round} · phase: ${obs.phase}`),
        h("span", { class: "phase" }, `Dr. Solomon track: ${obs.track}${obs.last_roll ? ` · last roll ${obs.last_roll}` : ""}`),
        h("span", {}, `briefcase in ${obs.briefcase}`)),
      h("div", { class: "briefcase-layout" },
        map ? drawMap(frame, local, map) : agentsList(frame),
        h("div", { class: "briefcase-side" },
          pendingText(obs, ctx),
          frame.you !== null && !ctx.replay ? decisions(frame, local) : null,
          yourBoard(frame, ctx),
          h("ul", { class: "agent-list" }, seats),
          obs.burnt.length ? h("p", {}, `Burnt: ${obs.burnt.join(", ")}`) : null))),
  );
}
